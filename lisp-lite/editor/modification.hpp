// What every buffer change made by a Lisp builtin goes through (Emacs's
// prepare_to_modify_buffer / signal_after_change): the read-only check
// (buffer-read-only, unless inhibit-read-only), the text's
// `modification-hooks' (BEG END), first-change-hook,
// before-change-functions (BEG END), the overlays' hooks (OVERLAY nil BEG
// END); after it after-change-functions (BEG END OLD-LEN), the same
// overlay hooks (OVERLAY t BEG END OLD-LEN) and, for an insertion, the
// text's `insert-behind-hooks' and `insert-in-front-hooks' (BEG END). The
// hooks run with inhibit-modification-hooks bound to t and are skipped
// while it is non-nil. Process output insertion does not use it
// (see docs/lisp-lite.md).
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "buffer/buffer.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Signals (buffer-read-only BUFFER) if the current buffer is read-only and
// inhibit-read-only is nil (barf-if-buffer-read-only).
void barf_if_buffer_read_only();

// Construct before changing [beg, end) of the current buffer (beg == end
// for an insertion); call done() after the change. A read-only buffer is
// made writable for the C++ primitives while inhibit-read-only allows it.
class Modification {
public:
    Modification(CharPos beg, CharPos end);
    ~Modification();
    Modification(const Modification&) = delete;
    Modification& operator=(const Modification&) = delete;
    // [beg, end) is the new text, old_len the length of what it replaced.
    void done(CharPos beg, CharPos end, std::int64_t old_len);

private:
    Buffer* m_buffer;
    bool m_lifted_read_only = false;
    // Collected before the change, called after it; made only for a
    // buffer with overlays or text properties (most edits have neither).
    std::optional<RootedVector> m_overlay_hooks;
    std::optional<RootedVector> m_insertion_hooks;
};

// Inserts internal text at point of the current buffer through a
// Modification, before the markers there when `before_markers`.
// `pieces` (insert's arguments) give the new text its text properties,
// and `inherit` its neighbours' too.
void insert_at_point(std::string_view text, bool before_markers, Args pieces = {nullptr, 0}, bool inherit = false);
// The same for one Lisp STRING whose internal text goes in unchanged (a
// multibyte buffer, or a unibyte string), without copying it first.
void insert_string_at_point(Value string, bool before_markers, bool inherit);
// Deletes [s, e) of the current buffer through a Modification.
void delete_text(CharPos s, CharPos e);

void register_modification_builtins();

} // namespace gapmacs::lisp

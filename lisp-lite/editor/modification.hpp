// What every buffer change made by a Lisp builtin goes through (Emacs's
// prepare_to_modify_buffer / signal_after_change): the read-only check
// (buffer-read-only, unless inhibit-read-only), first-change-hook,
// before-change-functions (BEG END) and after-change-functions (BEG END
// OLD-LEN), the hooks run with inhibit-modification-hooks bound to t and
// skipped while it is non-nil. Process output insertion does not use it
// (see docs/lisp-lite.md).
#pragma once
#include <cstdint>

#include "buffer/buffer.hpp"
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
};

void register_modification_builtins();

} // namespace gapmacs::lisp

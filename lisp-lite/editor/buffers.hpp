// Lisp buffer and marker objects, the buffer list and the current buffer.
//
// A Lisp buffer (Type::Buffer) owns a gapmacs::Buffer while it is live.
// kill-buffer destroys the C++ Buffer (its markers then point nowhere) but
// the Lisp object stays: buffer-live-p is nil and it prints #<killed buffer>.
// Live buffers are rooted by the buffer list, so only killed ones are ever
// collected. A Lisp marker (Type::Marker) owns a gapmacs::Marker, freed by
// its finalizer, or views a C++-owned one (the buffer's mark, a process
// mark) until that owner detaches it.
//
// There is always a current buffer, and it is live: init creates *scratch*,
// and killing the current buffer switches to another one (a new *scratch*
// when none is left), as Emacs does.
//
// This is the C++ API the process bindings and the UI use.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "buffer/buffer.hpp"
#include "buffer/marker.hpp"
#include "lisp-lite/editor/buffer_locals.hpp" // buffer_local_value(sym, buffer) etc.
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Sets up the buffer list and *scratch*. Called by register_buffer_builtins
// (the buffers module); idempotent.
void init_buffers();

// The Lisp object of a live C++ buffer, or nil if it has none.
Value buffer_object(Buffer* buffer);
// The C++ buffer of a Lisp buffer, or nullptr when v is killed or not a buffer.
Buffer* live_buffer(Value v);
// Signals wrong-type-argument bufferp when v is not a buffer, and
// (error "Selecting deleted buffer") when it is killed.
Buffer& check_live_buffer(Value v);
// A buffer or the name of an existing one (nil: the current buffer);
// signals (error "No such buffer NAME") like Emacs's get-buffer users.
Buffer& buffer_or_name(Value v);

Value current_buffer();
Buffer& current();
// Makes a live buffer current (check_live_buffer's errors otherwise).
void set_current_buffer(Value buffer);

// save-current-buffer as a scope: on exit, a Lisp non-local exit (a C++
// exception) included, the buffer current at entry is current again if it
// is still live.
class CurrentBufferScope {
public:
    CurrentBufferScope();
    ~CurrentBufferScope();
    CurrentBufferScope(const CurrentBufferScope&) = delete;
    CurrentBufferScope& operator=(const CurrentBufferScope&) = delete;

private:
    Value m_saved;
    GcRoot m_root{&m_saved, 1};
};

// save-excursion as a scope: on exit the buffer current at entry is current
// again, if live, with point where a marker of the entry's point now is.
class ExcursionScope {
public:
    ExcursionScope();
    ~ExcursionScope();
    ExcursionScope(const ExcursionScope&) = delete;
    ExcursionScope& operator=(const ExcursionScope&) = delete;

private:
    Value m_saved[2]; // the buffer, the point marker
    GcRoot m_root{m_saved, 2};
};

// Live buffers in creation order (buffer-list).
const std::vector<Value>& buffer_list();
// The buffer's mark as a Lisp marker (one object per buffer, as in Emacs).
Value mark_marker_of(Value buffer);

// The buffer's alist of local bindings ((SYMBOL . VALUE) ...); see
// buffer_locals.hpp for what the cells mean while the buffer is current.
Value& buffer_locals(Value buffer);
// The buffer's syntax table (set-syntax-table), nil for the standard one;
// kill-all-local-variables resets it.
Value& buffer_syntax_table(Value buffer);

// The value of variable sym in a live buffer (its local binding, else the
// default), or Qunbound when void: what the UI reads for tab-width,
// truncate-lines, mode-name... of a window's buffer without switching.
inline Value buffer_local_value(Value sym, Buffer& buffer) { return buffer_local_value(sym, buffer_object(&buffer)); }

// The buffer named NAME, or nil.
Value get_buffer(Value name_or_buffer);
// The buffer named NAME, created if absent (a buffer is returned as is).
Value get_buffer_create(Value name_or_buffer);
// A new buffer whose name is derived from NAME to be unique.
Value generate_new_buffer(Value name);
// Kills a live buffer: runs kill-buffer-hook and the C++ kill hooks, then
// destroys it. Returns false if it was already dead.
bool kill_buffer(Value buffer);

// enable-multibyte-characters of a buffer object (set-buffer-multibyte
// changes it, converting the text).
bool buffer_multibyte(Value buffer);
bool current_buffer_multibyte();
void set_buffer_multibyte_flag(Value buffer, bool multibyte);

// Runs with the buffer about to be killed (still live and intact): the
// editor layer's own modules (overlays, processes) at init; the program
// above hears of it through its host (host.hpp).
using KillBufferHook = std::function<void(Buffer&, Value buffer)>;
void add_kill_buffer_hook(KillBufferHook hook);

// A new marker owning its gapmacs::Marker: pointing nowhere when buffer is
// null, else at pos (clamped to the whole buffer; point when absent).
Value make_marker_object(Buffer* buffer = nullptr, std::optional<CharPos> pos = {}, bool advances = false);
// A marker object viewing a C++-owned marker (e.g. a process mark). Call
// detach_marker_view before that marker dies: the object then owns a fresh
// marker that points nowhere.
Value make_marker_view(Marker& marker);
void detach_marker_view(Value marker);
// The C++ marker of a Lisp marker; signals wrong-type-argument markerp.
Marker* check_marker(Value v);
inline bool markerp(Value v) { return v.is(Type::Marker); }
inline bool bufferp(Value v) { return v.is(Type::Buffer); }

// Position arguments: an integer or a marker (integer-or-marker-p); a marker
// pointing nowhere signals (error "Marker does not point anywhere").
std::int64_t check_position(Value v);
// Emacs's validate_region: START and END in either order, both in the
// accessible region (args-out-of-range otherwise); returns them ordered.
std::pair<CharPos, CharPos> validate_region(Value start, Value end);
// As check_position, nil meaning point.
std::int64_t position_or_point(Value v);

} // namespace gapmacs::lisp

// Lisp buffer and marker objects, the buffer list, the current buffer, the
// scopes of save-excursion and save-current-buffer; their classes make
// markers numbers and buffers and markers output streams for the language.
#include "lisp-lite/editor/buffers.hpp"

#include <algorithm>
#include <memory>
#include <random>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/host.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/hooks.hpp"
#include "lisp-lite/lang/reader.hpp"

namespace gapmacs::lisp {

namespace {

// What a Lisp buffer object points to. `buffer` is null once killed.
struct BufferData {
    std::unique_ptr<Buffer> buffer;
    Value mark_marker; // view of buffer->mark(), made on first mark-marker
    Value locals;      // buffer-local bindings (buffer_locals.cpp)
    Value syntax_table; // set-syntax-table's (nil: the standard one)
    // set-buffer-multibyte nil: the text is bytes, kept as a unibyte
    // string's (bytes >= 0x80 as raw-byte characters).
    bool unibyte = false;
};

// What a Lisp marker object points to: its own marker, or a view of one
// owned by C++ (a buffer's mark, a process mark).
struct MarkerData {
    Marker* marker;
    bool owned;
};

BufferData* buffer_data(Value v) { return static_cast<BufferData*>(static_cast<ExtObject*>(v.as_object())->data); }
MarkerData* marker_data(Value v) { return static_cast<MarkerData*>(static_cast<ExtObject*>(v.as_object())->data); }

// Live buffers in creation order (buffer-list); a root source.
std::vector<Value> g_buffers;
std::unordered_map<Buffer*, Value> g_objects;
Value g_current;
std::vector<KillBufferHook> g_kill_hooks;

void mark_buffer_list()
{
    for (Value b : g_buffers)
        mark_value(b);
    mark_value(g_current);
}

// ---- ExtClass for buffers ----
void buffer_mark(ExtObject* o, void (*mark)(Value))
{
    auto* d = static_cast<BufferData*>(o->data);
    if (!d->mark_marker.is_empty())
        mark(d->mark_marker);
    mark(d->locals);
    mark(d->syntax_table);
}
void buffer_finalize(ExtObject* o) { delete static_cast<BufferData*>(o->data); }
void buffer_print(ExtObject* o, std::string& out)
{
    auto* d = static_cast<BufferData*>(o->data);
    if (!d->buffer) {
        out += "#<killed buffer>";
        return;
    }
    out += "#<buffer ";
    out += d->buffer->name();
    out += '>';
}
// princ writes a live buffer's name alone.
void buffer_print_unescaped(ExtObject* o, std::string& out)
{
    auto* d = static_cast<BufferData*>(o->data);
    if (d->buffer)
        out += d->buffer->name();
    else
        buffer_print(o, out);
}
// `read' from a buffer (at point, moving it) or a marker (moving it): the
// value, or Qunbound when the text ended first (END is then its end). The
// object is read from a window of the text after the position that
// doubles while the reader runs out of input, so reading a buffer form by
// form costs what the forms cost, not the rest of the buffer each time.
Value read_from_buffer(Buffer& b, CharPos from, CharPos& end)
{
    const std::int64_t rest = (b.point_max() - from).value;
    for (std::int64_t window = 4096;; window *= 2) {
        const CharPos to = window >= rest ? b.point_max() : from + CharCount(window);
        const std::string text = b.substring(from, to);
        std::size_t pos = 0;
        try {
            Value v = read_from(text, pos);
            // An atom that reaches the window's end may go on after it.
            if (pos < text.size() || to == b.point_max()) {
                end = from + CharCount(static_cast<std::int64_t>(count_chars(text.data(), pos)));
                return v;
            }
        } catch (const LispSignal& e) {
            // A window that ends inside a token (#x66|00) may make any read
            // error, not only the end of input: only the whole text decides.
            if (to != b.point_max())
                continue;
            if (e.symbol() != Qend_of_file)
                throw;
            end = to; // as in Emacs, the stream was read to its end
            return Qunbound;
        }
    }
}

Value buffer_read(ExtObject* o)
{
    Buffer* b = static_cast<BufferData*>(o->data)->buffer.get();
    if (!b)
        error("Selecting deleted buffer");
    CharPos end;
    Value v = read_from_buffer(*b, b->point(), end);
    b->goto_char(end);
    if (v == Qunbound)
        xsignal(Qend_of_file, Qnil);
    return v;
}

Value marker_read(ExtObject* o)
{
    Marker& m = *static_cast<MarkerData*>(o->data)->marker;
    if (!m.buffer() || !m.position())
        error("Marker does not point anywhere");
    CharPos end;
    Value v = read_from_buffer(*m.buffer(), *m.position(), end);
    m.set(*m.buffer(), end);
    if (v == Qunbound)
        xsignal(Qend_of_file, Qnil);
    return v;
}

void buffer_write(ExtObject* o, std::string_view internal);
bool buffer_multibyte_stream(ExtObject* o) { return !static_cast<BufferData*>(o->data)->unibyte; }
const ExtClass buffer_class{"buffer",     buffer_mark,  buffer_finalize,         buffer_print,
                            nullptr,      buffer_write, buffer_multibyte_stream, buffer_read,
                            buffer_print_unescaped};

// ---- ExtClass for markers ----
void marker_finalize(ExtObject* o)
{
    auto* d = static_cast<MarkerData*>(o->data);
    if (d->owned)
        delete d->marker;
    delete d;
}
void marker_print(ExtObject* o, std::string& out)
{
    const Marker& m = *static_cast<MarkerData*>(o->data)->marker;
    out += "#<marker ";
    if (m.advances())
        out += "(moves after insertion) ";
    if (!m.buffer()) {
        out += "in no buffer>";
        return;
    }
    out += "at " + std::to_string(m.position()->value) + " in " + m.buffer()->name() + ">";
}
Value marker_number(ExtObject* o);
void marker_write(ExtObject* o, std::string_view internal);
// As Emacs's internal_equal and sxhash: the same buffer and position, or
// both pointing nowhere (the insertion type does not count).
bool marker_equal(ExtObject* a, ExtObject* b)
{
    const Marker& x = *static_cast<MarkerData*>(a->data)->marker;
    const Marker& y = *static_cast<MarkerData*>(b->data)->marker;
    return x.buffer() == y.buffer() && (!x.buffer() || x.position() == y.position());
}
std::uint64_t marker_hash(ExtObject* o)
{
    const Marker& m = *static_cast<MarkerData*>(o->data)->marker;
    const auto buffer = reinterpret_cast<std::uintptr_t>(m.buffer());
    return buffer ? (buffer >> 4) * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(m.position()->value) : 0;
}
const ExtClass marker_class{"marker",      nullptr,      marker_finalize, marker_print,
                            marker_number, marker_write, nullptr,         marker_read,
                            nullptr,       marker_equal, marker_hash};

Value make_buffer_object(std::string name)
{
    auto data = std::make_unique<BufferData>();
    data->locals = Qnil;
    data->syntax_table = Qnil;
    data->buffer = std::make_unique<Buffer>(std::move(name));
    Buffer* b = data->buffer.get();
    // Names starting with a space are internal: no undo, as in Emacs.
    if (!b->name().empty() && b->name()[0] == ' ')
        b->undo_list().set_enabled(false);
    Value v = Value::object(alloc_ext(Type::Buffer, &buffer_class, data.release()));
    g_buffers.push_back(v);
    g_objects[b] = v;
    init_buffer_locals(v, g_current);
    return v;
}

// Every change of the current buffer goes through here: the old buffer's
// local bindings leave the symbols' value cells, the new one's come in.
void switch_current(Value buffer)
{
    if (buffer == g_current)
        return;
    if (!g_current.is_empty() && live_buffer(g_current))
        swap_out_locals(g_current);
    g_current = buffer;
    swap_in_locals(buffer);
}

// A marker is a number where Emacs takes integer-or-marker-p.
Value marker_number(ExtObject* o)
{
    auto pos = static_cast<MarkerData*>(o->data)->marker->position();
    if (!pos)
        error("Marker does not point anywhere");
    return Value::fixnum(pos->value);
}

void restore_current_buffer(Value saved)
{
    if (live_buffer(saved))
        switch_current(saved);
}

// (princ X BUFFER) inserts at the buffer's point; (princ X MARKER) inserts at
// the marker, which moves after the text (and so does point if it was there).
// Printing into a buffer makes it current meanwhile, as Emacs's
// PRINTPREPARE does, so the change hooks run there.
template <typename F> void with_buffer_current(Value buffer, F&& f)
{
    CurrentBufferScope scope;
    switch_current(buffer);
    f();
}

void buffer_write(ExtObject* o, std::string_view text)
{
    const Value stream = Value::object(o);
    check_live_buffer(stream);
    with_buffer_current(stream, [&] {
        Buffer& b = current();
        Modification mod(b.point(), b.point());
        const CharPos at = b.point();
        mod.done(at, b.insert(text), 0);
    });
}

void marker_write(ExtObject* o, std::string_view text)
{
    Marker* m = static_cast<MarkerData*>(o->data)->marker;
    if (!m->buffer())
        error("Marker does not point anywhere");
    with_buffer_current(buffer_object(m->buffer()), [&] {
        Buffer* b = &current();
        CharPos at = *m->position();
        Modification mod(at, at);
        at = *m->position();
        CharPos old_point = b->point();
        CharPos after;
        try {
            after = b->insert_at(at, text);
        } catch (const gapmacs::Error& e) {
            signal_core_error(e);
        }
        if (old_point == at)
            b->goto_char(after);
        m->set(*b, after);
        mod.done(at, after, 0);
    });
}

void switch_away_from(Value dying)
{
    for (Value b : g_buffers)
        if (b != dying && buffer_data(b)->buffer->name()[0] != ' ') {
            switch_current(b);
            return;
        }
    switch_current(make_buffer_object("*scratch*"));
}

void run_kill_buffer_hook(Value buffer)
{
    Value hook = Qkill_buffer_hook;
    with_buffer_current(buffer, [&] { run_hook(hook); });
}

} // namespace

void init_buffers()
{
    static bool done = false;
    if (done)
        return;
    done = true;
    add_root_source(mark_buffer_list);
    switch_current(make_buffer_object("*scratch*"));
}

CurrentBufferScope::CurrentBufferScope() : m_saved(g_current) {}
CurrentBufferScope::~CurrentBufferScope() { restore_current_buffer(m_saved); }

// The point is saved as a marker, so it follows the body's edits.
ExcursionScope::ExcursionScope()
{
    Buffer& b = current();
    m_saved[1] = make_marker_object(&b, b.point());
    m_saved[0] = g_current;
}

ExcursionScope::~ExcursionScope()
{
    Buffer* b = live_buffer(m_saved[0]);
    Marker* m = marker_data(m_saved[1])->marker;
    if (b) {
        switch_current(m_saved[0]);
        if (auto pos = m->position())
            b->goto_char(*pos);
    }
    m->detach(); // stop costing an adjustment on every edit
}

Value buffer_object(Buffer* buffer)
{
    auto it = g_objects.find(buffer);
    return it == g_objects.end() ? Qnil : it->second;
}

Buffer* live_buffer(Value v) { return bufferp(v) ? buffer_data(v)->buffer.get() : nullptr; }

Buffer& check_live_buffer(Value v)
{
    if (!bufferp(v))
        wrong_type(Qbufferp, v);
    Buffer* b = buffer_data(v)->buffer.get();
    if (!b)
        error("Selecting deleted buffer");
    return *b;
}

Buffer& buffer_or_name(Value v)
{
    if (nilp(v))
        return current();
    Value b = get_buffer(v);
    if (nilp(b))
        xsignal1(Qerror, make_string("No such buffer " + std::string(string_view(v))));
    return check_live_buffer(b);
}

const std::vector<Value>& buffer_list() { return g_buffers; }

Value current_buffer() { return g_current; }
Buffer& current() { return *buffer_data(g_current)->buffer; }

void set_current_buffer(Value buffer)
{
    check_live_buffer(buffer);
    switch_current(buffer);
}

Value get_buffer(Value name)
{
    if (bufferp(name))
        return name;
    check_string(name);
    std::string_view n = string_view(name);
    for (Value b : g_buffers)
        if (buffer_data(b)->buffer->name() == n)
            return b;
    return Qnil;
}

Value get_buffer_create(Value name)
{
    Value found = get_buffer(name);
    if (!nilp(found))
        return found;
    if (string_view(name).empty())
        error("Empty string for buffer name is not allowed");
    return make_buffer_object(std::string(string_view(name)));
}

Value generate_new_buffer(Value name)
{
    return get_buffer_create(call1(Qgenerate_new_buffer_name, name));
}

bool kill_buffer(Value buffer)
{
    if (!live_buffer(buffer))
        return false;
    run_kill_buffer_hook(buffer);
    Buffer* b = live_buffer(buffer);
    if (!b) // the hook killed it
        return false;
    for (auto& hook : g_kill_hooks)
        hook(*b, buffer);
    if (EditorHost* host = editor_host())
        host->buffer_killed(buffer);
    if (g_current == buffer)
        switch_away_from(buffer);
    std::erase(g_buffers, buffer);
    g_objects.erase(b);
    BufferData* d = buffer_data(buffer);
    if (!d->mark_marker.is_empty())
        detach_marker_view(d->mark_marker);
    drop_buffer_locals(buffer);
    d->buffer.reset(); // markers into it now point nowhere
    return true;
}

bool buffer_multibyte(Value buffer) { return !buffer_data(buffer)->unibyte; }
bool current_buffer_multibyte() { return !buffer_data(g_current)->unibyte; }
void set_buffer_multibyte_flag(Value buffer, bool multibyte) { buffer_data(buffer)->unibyte = !multibyte; }

void add_kill_buffer_hook(KillBufferHook hook) { g_kill_hooks.push_back(std::move(hook)); }

Value make_marker_object(Buffer* buffer, std::optional<CharPos> pos, bool advances)
{
    auto marker = std::make_unique<Marker>();
    if (buffer)
        marker->set(*buffer, pos ? *pos : buffer->point());
    marker->set_advances(advances);
    auto data = std::make_unique<MarkerData>(MarkerData{marker.get(), true});
    Value v = Value::object(alloc_ext(Type::Marker, &marker_class, data.get()));
    data.release();
    marker.release();
    return v;
}

Value make_marker_view(Marker& marker)
{
    auto data = std::make_unique<MarkerData>(MarkerData{&marker, false});
    Value v = Value::object(alloc_ext(Type::Marker, &marker_class, data.get()));
    data.release();
    return v;
}

void detach_marker_view(Value marker)
{
    MarkerData* d = marker_data(marker);
    if (d->owned)
        return;
    bool advances = d->marker->advances();
    d->marker = new Marker();
    d->marker->set_advances(advances);
    d->owned = true;
}

Value& buffer_locals(Value buffer) { return buffer_data(buffer)->locals; }
Value& buffer_syntax_table(Value buffer) { return buffer_data(buffer)->syntax_table; }

Marker* check_marker(Value v)
{
    if (!markerp(v))
        wrong_type(Qmarkerp, v);
    return marker_data(v)->marker;
}

Value mark_marker_of(Value buffer)
{
    BufferData* d = buffer_data(buffer);
    if (d->mark_marker.is_empty())
        d->mark_marker = make_marker_view(d->buffer->mark());
    return d->mark_marker;
}

std::int64_t check_position(Value v)
{
    if (v.is_fixnum())
        return v.as_fixnum();
    if (markerp(v))
        return marker_to_number(v).as_fixnum();
    wrong_type(Qinteger_or_marker_p, v);
}

std::int64_t position_or_point(Value v) { return nilp(v) ? current().point().value : check_position(v); }

} // namespace gapmacs::lisp

// Buffer, marker, file and coding-system builtins (Emacs's buffer.c,
// editfns.c, insdel.c, marker.c, fileio.c, coding.c subset). Regexp and
// search builtins are in builtins_regex.cpp.
//
// gapmacs::Error from buffer/ and core/ becomes the Lisp error it names
// where the evaluator calls a subr (invoke_subr); positions are checked
// here first so that the error data is Emacs's (e.g. (args-out-of-range #<buffer x> 100 1)).
#include <unicode/uchar.h>

#include <algorithm>
#include <memory>
#include <random>

#include "buffer/file_io.hpp"
#include "core/coding.hpp"
#include "core/error.hpp"
#include "core/file_contents.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/coding_names.hpp"
#include "lisp-lite/editor/fields.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/bytecode.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

// Emacs's validate_region: either order, both in the accessible region.
std::pair<CharPos, CharPos> validate_region(Value start, Value end)
{
    std::int64_t s = check_position(start), e = check_position(end);
    std::int64_t lo = std::min(s, e), hi = std::max(s, e);
    Buffer& b = current();
    if (lo < b.point_min().value || hi > b.point_max().value)
        args_out_of_range3(current_buffer(), Value::fixnum(s), Value::fixnum(e));
    return {CharPos(lo), CharPos(hi)};
}

namespace {

CharPos cpos(std::int64_t n) { return CharPos(n); }
Value fix(CharPos p) { return Value::fixnum(p.value); }
Value fix(std::int64_t n) { return Value::fixnum(n); }
Value lisp_string(std::string_view internal) { return make_string(internal); }


Value symbol_value_or_nil(const char* name)
{
    Value v = find_symbol_value(intern(name));
    return v == Qunbound ? Qnil : v;
}

Value buffer_arg(Value v) { return nilp(v) ? current_buffer() : v; }

// Whether OPERATION (insert-file-contents, write-region) on path goes
// through gzip, as Emacs's jka-compr handler takes a ".gz" name under
// auto-compression-mode, unless the caller inhibits that handler for the
// operation (insert-file-contents-literally does).
bool auto_compressed(const std::string& path, const char* operation)
{
    if (!compressed_file_name(path) || nilp(symbol_value_or_nil("auto-compression-mode")))
        return false;
    static const Value handler = intern("jka-compr-handler");
    bool inhibited = false;
    for (Value h = symbol_value_or_nil("inhibit-file-name-handlers"); h.is_cons(); h = xcdr(h))
        inhibited = inhibited || xcar(h) == handler;
    Value op = symbol_value_or_nil("inhibit-file-name-operation");
    return !(inhibited && symbolp(op) && symbol_name(op) == operation);
}

// ---- buffers ----
Value f_current_buffer(Args) { return current_buffer(); }

Value f_set_buffer(Args a)
{
    Value b = get_buffer(a[0]);
    if (nilp(b))
        xsignal1(Qerror, make_string("No such buffer " + std::string(string_view(a[0]))));
    set_current_buffer(b);
    return b;
}

Value f_get_buffer(Args a) { return get_buffer(a[0]); }
Value f_get_buffer_create(Args a) { return get_buffer_create(a[0]); }

Value f_generate_new_buffer_name(Args a)
{
    check_string(a[0]);
    std::string name(string_view(a[0]));
    auto taken = [&](const std::string& n) {
        if (stringp(a[1]) && string_view(a[1]) == n)
            return false;
        return !nilp(get_buffer(make_string(n)));
    };
    if (!taken(name))
        return a[0];
    // Emacs 28: a hidden name first gets a random suffix, then <N> as usual.
    if (name[0] == ' ') {
        static std::mt19937 rng(std::random_device{}());
        std::string candidate = name + "-" + std::to_string(rng() % 1000000);
        if (!taken(candidate))
            return make_string(candidate);
        name = candidate;
    }
    for (int n = 2;; ++n) {
        std::string candidate = name + "<" + std::to_string(n) + ">";
        if (!taken(candidate))
            return make_string(candidate);
    }
}

Value f_generate_new_buffer(Args a) { return generate_new_buffer(a[0]); }

Value f_kill_buffer(Args a)
{
    Value b = nilp(a[0]) ? current_buffer() : get_buffer(a[0]);
    if (nilp(b))
        xsignal1(Qerror, make_string("No buffer named " + std::string(string_view(a[0]))));
    return boolean(kill_buffer(b));
}

Value f_buffer_name(Args a)
{
    Value b = buffer_arg(a[0]);
    if (!bufferp(b))
        wrong_type(Qbufferp, b);
    Buffer* buf = live_buffer(b);
    return buf ? lisp_string(buf->name()) : Qnil;
}

Value f_rename_buffer(Args a)
{
    check_string(a[0]);
    if (string_view(a[0]).empty())
        error("Empty string is invalid as a buffer name");
    Value name = a[0];
    Value other = get_buffer(name);
    if (!nilp(other) && other != current_buffer()) {
        if (nilp(a[1]))
            xsignal1(Qerror, make_string(curve_quotes("Buffer name `" + std::string(string_view(name)) +
                                                      "' is in use")));
        Value args[2] = {name, current_buffer()};
        name = funcall(intern("generate-new-buffer-name"), args, 2);
    }
    current().set_name(std::string(string_view(name)));
    return name;
}

Value f_buffer_list(Args)
{
    Value out = Qnil;
    const auto& all = buffer_list();
    for (auto it = all.rbegin(); it != all.rend(); ++it)
        out = cons(*it, out);
    return out;
}

Value f_buffer_live_p(Args a) { return boolean(live_buffer(a[0]) != nullptr); }
Value f_bufferp(Args a) { return boolean(bufferp(a[0])); }

Value f_buffer_size(Args a) { return fix(check_live_buffer(buffer_arg(a[0])).size()); }

// Text of the current buffer as Emacs's buffer-substring makes it: a
// multibyte buffer gives a multibyte string (even all ASCII), a unibyte one
// a unibyte string.
Value buffer_string_value(std::string internal)
{
    const auto n = static_cast<std::int64_t>(count_chars(internal));
    return make_string_raw(std::move(internal), n, current_buffer_multibyte());
}

// [s, e) of b as a string, with its text properties.
Value buffer_text(const Buffer& b, CharPos s, CharPos e)
{
    Value str = &b == &current() ? buffer_string_value(b.substring(s, e)) : lisp_string(b.substring(s, e));
    copy_buffer_properties(b, s, e, str);
    return str;
}

Value f_buffer_string(Args)
{
    Buffer& b = current();
    return buffer_text(b, b.point_min(), b.point_max());
}

Value f_buffer_substring(Args a)
{
    auto [s, e] = validate_region(a[0], a[1]);
    return buffer_text(current(), s, e);
}

Value f_buffer_substring_no_properties(Args a)
{
    auto [s, e] = validate_region(a[0], a[1]);
    return buffer_string_value(current().substring(s, e));
}

Value f_erase_buffer(Args)
{
    Buffer& b = current();
    b.widen();
    CharPos end(b.size() + 1);
    Modification m(CharPos(1), end);
    current().erase();
    m.done(CharPos(1), CharPos(1), end.value - 1);
    return Qnil;
}

// Inserts internal text at point with the read-only check and change hooks.
// `pieces` (insert's arguments) give the new text its text properties.
void insert_at_point(std::string_view text, bool before_markers, Args pieces = {nullptr, 0}, bool inherit = false)
{
    CharPos pt = current().point();
    Modification m(pt, pt);
    Buffer& b = current();
    pt = b.point();
    if (before_markers)
        b.insert_before_markers(pt, text);
    else
        b.insert(text);
    insert_properties(b, pt, pieces, inherit);
    m.done(pt, pt + CharCount(static_cast<std::int64_t>(count_chars(text))), 0);
}

// Deletes [s, e) with the read-only check and change hooks.
void delete_text(CharPos s, CharPos e)
{
    Modification m(s, e);
    current().delete_region(s, e);
    m.done(s, s, e.value - s.value);
}

// A character as a unibyte buffer stores it: Emacs keeps its low byte
// (a raw-byte character gives its byte).
char32_t unibyte_buffer_char(char32_t c)
{
    if (c < 0x80)
        return c;
    const std::uint8_t b = is_raw_byte_char(c) ? raw_byte_value(c) : static_cast<std::uint8_t>(c & 0xFF);
    return b < 0x80 ? b : raw_byte_char(b);
}

// Multibyte internal text as it goes into a unibyte buffer.
void append_as_unibyte(std::string& out, std::string_view internal)
{
    if (is_ascii(internal)) {
        out += internal;
        return;
    }
    for (std::size_t i = 0; i < internal.size();) {
        int len = 1;
        char32_t c = decode_internal_char(internal.data() + i, internal.data() + internal.size(), &len);
        append_internal_char(out, unibyte_buffer_char(c));
        i += static_cast<std::size_t>(len);
    }
}

// insert's arguments as one piece of internal text. Into a multibyte
// buffer a unibyte string's bytes >= 0x80 become raw-byte characters,
// which is its internal text already.
std::string insertion_text(Args a)
{
    std::string text;
    const bool multibyte = current_buffer_multibyte();
    for (Value v : a) {
        if (stringp(v)) {
            if (multibyte || !xstring(v)->multibyte())
                text += string_view(v);
            else
                append_as_unibyte(text, string_view(v));
        } else if (v.is_fixnum() && v.as_fixnum() >= 0 && v.as_fixnum() <= max_char) {
            const char32_t c = check_char(v);
            append_internal_char(text, multibyte ? c : unibyte_buffer_char(c));
        } else {
            wrong_type(Qchar_or_string_p, v);
        }
    }
    return text;
}

// insert and its three variants, which differ only in where markers at
// point go and whether the text inherits its neighbours' properties.
enum class Markers { stay, advance };
enum class Inherit { no, yes };

template <Markers M, Inherit I> Value insert_args(Args a)
{
    const std::string text = insertion_text(a);
    if (!text.empty())
        insert_at_point(text, M == Markers::advance, a, I == Inherit::yes);
    return Qnil;
}

// insert-buffer-substring: [start, end) of BUFFER's accessible text, with
// its properties unless `keep_properties` is false.
Value insert_buffer_substring(Args a, bool keep_properties)
{
    Buffer& src = buffer_or_name(a[0]);
    std::int64_t s = nilp(a[1]) ? src.point_min().value : check_position(a[1]);
    std::int64_t e = nilp(a[2]) ? src.point_max().value : check_position(a[2]);
    if (s > e)
        std::swap(s, e);
    if (s < src.point_min().value || e > src.point_max().value)
        args_out_of_range(a[1], a[2]);
    Value str = keep_properties ? buffer_text(src, CharPos(s), CharPos(e))
                                : lisp_string(src.substring(CharPos(s), CharPos(e)));
    if (s < e)
        insert_at_point(string_view(str), false, Args{&str, 1});
    return Qnil;
}

Value f_insert_buffer_substring(Args a) { return insert_buffer_substring(a, true); }
Value f_insert_buffer_substring_no_properties(Args a) { return insert_buffer_substring(a, false); }

Value f_insert_char(Args a)
{
    char32_t c = check_char(a[0]);
    std::int64_t n = nilp(a[1]) ? 1 : check_fixnum(a[1]);
    if (n <= 0)
        return Qnil;
    if (!current_buffer_multibyte())
        c = unibyte_buffer_char(c);
    std::string one;
    append_internal_char(one, c);
    check_allocation(static_cast<double>(one.size()) * static_cast<double>(n));
    std::string text;
    text.reserve(one.size() * static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        text += one;
    insert_at_point(text, false);
    return Qnil;
}

Value f_delete_region(Args a)
{
    auto [s, e] = validate_region(a[0], a[1]);
    if (s != e)
        delete_text(s, e);
    return Qnil;
}

Value f_delete_char(Args a)
{
    std::int64_t n = check_fixnum(a[0]);
    Buffer& b = current();
    std::int64_t pt = b.point().value, to = pt + n;
    if (to < b.point_min().value)
        xsignal(Qbeginning_of_buffer, Qnil);
    if (to > b.point_max().value)
        xsignal(Qend_of_buffer, Qnil);
    if (n != 0)
        delete_text(cpos(std::min(pt, to)), cpos(std::max(pt, to)));
    return Qnil;
}

Value f_goto_char(Args a)
{
    current().goto_char(cpos(check_position(a[0])));
    return a[0];
}

Value f_point(Args) { return fix(current().point()); }
Value f_point_min(Args) { return fix(current().point_min()); }
Value f_point_max(Args) { return fix(current().point_max()); }

// (position-bytes POSITION) and (byte-to-position BYTEPOS): internal text
// is Emacs's multibyte form byte for byte, so byte positions are Emacs's;
// a unibyte buffer holds one byte per character there.
Value f_position_bytes(Args a)
{
    const std::int64_t pos = check_position(a[0]);
    Buffer& b = current();
    if (pos < 1 || pos > b.size() + 1)
        return Qnil;
    if (!current_buffer_multibyte())
        return fix(pos);
    return fix(b.char_to_byte(cpos(pos)).value + 1);
}

Value f_byte_to_position(Args a)
{
    const std::int64_t byte = check_fixnum(a[0]);
    Buffer& b = current();
    const GapBuffer& text = b.gap_buffer();
    const std::int64_t limit = current_buffer_multibyte() ? text.end().value : b.size();
    if (byte < 1 || byte > limit + 1)
        return Qnil;
    if (!current_buffer_multibyte())
        return fix(byte);
    // Inside a character: the character it belongs to, as Emacs.
    BytePos at(byte - 1);
    while (at.value > 0 && at < text.end() && is_continuation_byte(static_cast<unsigned char>(text[at])))
        at -= ByteCount(1);
    return fix(b.byte_to_char(at));
}

Value f_narrow_to_region(Args a)
{
    std::int64_t s = check_position(a[0]), e = check_position(a[1]);
    Buffer& b = current();
    if (s > e)
        std::swap(s, e);
    if (s < 1 || e > b.size() + 1)
        args_out_of_range(a[0], a[1]);
    b.narrow(cpos(s), cpos(e));
    return Qnil;
}

Value f_widen(Args)
{
    current().widen();
    return Qnil;
}

// ---- the special forms that save buffer state: each restores it in a
// scope's destructor, so on a Lisp non-local exit (a C++ exception) too ----

Value sf_save_excursion(Args a)
{
    ExcursionScope scope;
    return progn(a[0]);
}

Value sf_save_current_buffer(Args a)
{
    CurrentBufferScope scope;
    return progn(a[0]);
}

// save-restriction: the narrowing is saved as markers so that it follows
// edits made in the body.
class RestrictionScope {
public:
    RestrictionScope()
    {
        m_saved[0] = current_buffer();
        m_saved[1] = Qnil;
        Buffer& b = current();
        if (b.narrowed())
            m_saved[1] = cons(make_marker_object(&b, b.point_min()), make_marker_object(&b, b.point_max(), true));
    }
    ~RestrictionScope()
    {
        Buffer* live = live_buffer(m_saved[0]);
        if (!live)
            return;
        if (nilp(m_saved[1])) {
            live->widen();
            return;
        }
        Marker* lo = check_marker(xcar(m_saved[1]));
        Marker* hi = check_marker(xcdr(m_saved[1]));
        if (lo->buffer() == live && hi->buffer() == live) {
            CharPos pt = live->point();
            live->widen();
            live->narrow(*lo->position(), *hi->position());
            live->goto_char(pt);
        }
        lo->detach();
        hi->detach();
    }
    RestrictionScope(const RestrictionScope&) = delete;
    RestrictionScope& operator=(const RestrictionScope&) = delete;

private:
    Value m_saved[2]; // the buffer; nil or (BEG-MARKER . END-MARKER)
    GcRoot m_root{m_saved, 2};
};

Value sf_save_restriction(Args a)
{
    RestrictionScope scope;
    return progn(a[0]);
}

// The same scopes for byte-code, which opens and closes them by opcode.
template <class Scope> struct SavedScope : SavedEditorState {
    Scope scope;
};
template <class Scope> std::unique_ptr<SavedEditorState> save_state()
{
    return std::make_unique<SavedScope<Scope>>();
}

// In a unibyte buffer a character is a byte 0..255.
Value char_or_nil(std::optional<char32_t> c)
{
    if (!c)
        return Qnil;
    if (is_raw_byte_char(*c) && !current_buffer_multibyte())
        return fix(raw_byte_value(*c));
    return fix(static_cast<std::int64_t>(*c));
}

Value f_char_after(Args a)
{
    Buffer& b = current();
    if (!nilp(a[0]) && !a[0].is_fixnum() && !markerp(a[0]))
        wrong_type(Qinteger_or_marker_p, a[0]);
    if (markerp(a[0]) && !check_marker(a[0])->position())
        return Qnil;
    std::int64_t p = position_or_point(a[0]);
    if (p < b.point_min().value || p >= b.point_max().value)
        return Qnil;
    return char_or_nil(b.char_after(cpos(p)));
}

Value f_char_before(Args a)
{
    Buffer& b = current();
    if (!nilp(a[0]) && !a[0].is_fixnum() && !markerp(a[0]))
        wrong_type(Qinteger_or_marker_p, a[0]);
    if (markerp(a[0]) && !check_marker(a[0])->position())
        return Qnil;
    std::int64_t p = position_or_point(a[0]);
    if (p <= b.point_min().value || p > b.point_max().value)
        return Qnil;
    return char_or_nil(b.char_before(cpos(p)));
}

Value f_following_char(Args)
{
    Buffer& b = current();
    if (b.point() >= b.point_max())
        return fix(0);
    return char_or_nil(b.char_after(b.point()));
}

Value f_preceding_char(Args)
{
    Buffer& b = current();
    if (b.point() <= b.point_min())
        return fix(0);
    return char_or_nil(b.char_before(b.point()));
}

// Bytes an internal character stands for in Emacs's byte view of a
// buffer: a raw-byte character is one byte.
std::size_t external_length(const char* p, const char* end)
{
    int len = 1;
    char32_t c = decode_internal_char(p, end, &len);
    return is_raw_byte_char(c) ? 1 : static_cast<std::size_t>(len);
}

// Emacs keeps the bytes and reinterprets them: to unibyte, each byte of a
// character becomes a character; to multibyte, UTF-8 sequences become
// characters again and the other bytes raw-byte characters. Point keeps its
// byte offset (moved to the start of the character containing it).
Value f_set_buffer_multibyte(Args a)
{
    Value buffer = current_buffer();
    const bool want = !nilp(a[0]);
    if (want == buffer_multibyte(buffer))
        return a[0];
    Buffer& b = current();
    const CharPos end(b.size() + 1);
    if (b.point_min() != CharPos(1) || b.point_max() != end)
        error("Changing multibyteness in a narrowed buffer");
    const std::string old = b.substring(CharPos(1), end);
    if (!is_ascii(old)) {
        std::string bytes, now;
        internal_to_utf8(old, bytes);
        if (want) {
            utf8_to_internal(bytes, now, true);
        } else {
            now.reserve(bytes.size() * 2);
            for (unsigned char c : bytes)
                append_internal_char(now, c < 0x80 ? c : raw_byte_char(c));
        }
        // Point as a byte offset, then as a character of the new text.
        const std::int64_t pt = b.point().value - 1;
        std::size_t byte_off = 0;
        const char* o = old.data();
        for (std::int64_t i = 0; i < pt; ++i) {
            byte_off += external_length(o, old.data() + old.size());
            o += internal_char_length(static_cast<unsigned char>(*o));
        }
        std::int64_t new_pt = 1;
        for (std::size_t i = 0, seen = 0; i < now.size() && seen < byte_off; ++new_pt) {
            seen += external_length(now.data() + i, now.data() + now.size());
            i += static_cast<std::size_t>(internal_char_length(static_cast<unsigned char>(now[i])));
        }
        const bool modified = b.modified(), read_only = b.read_only();
        b.set_read_only(false);
        b.erase();
        b.insert(now);
        b.goto_char(CharPos(new_pt));
        b.set_read_only(read_only);
        if (!modified)
            b.set_modified(false);
    }
    set_buffer_multibyte_flag(buffer, want);
    return a[0];
}

// (buffer-swap-text BUFFER): the current buffer and BUFFER exchange their
// text and what goes with it (Buffer::swap_text), multibyteness included;
// windows showing either then show it from its beginning.
Value f_buffer_swap_text(Args a)
{
    Value here = current_buffer();
    Buffer& other = check_live_buffer(a[0]);
    current().swap_text(other);
    const bool multibyte = buffer_multibyte(here);
    set_buffer_multibyte_flag(here, buffer_multibyte(a[0]));
    set_buffer_multibyte_flag(a[0], multibyte);
    return Qnil;
}

Value f_bolp(Args)
{
    Buffer& b = current();
    return boolean(b.point() == b.point_min() || b.char_before(b.point()) == U'\n');
}
Value f_eolp(Args)
{
    Buffer& b = current();
    return boolean(b.point() == b.point_max() || b.char_after(b.point()) == U'\n');
}
Value f_bobp(Args) { return boolean(current().point() == current().point_min()); }
Value f_eobp(Args) { return boolean(current().point() == current().point_max()); }

// forward-char: moves, and at a limit stops there and signals.
Value move_chars(std::int64_t n)
{
    Buffer& b = current();
    std::int64_t to = b.point().value + n;
    if (to < b.point_min().value) {
        b.goto_char(b.point_min());
        xsignal(Qbeginning_of_buffer, Qnil);
    }
    if (to > b.point_max().value) {
        b.goto_char(b.point_max());
        xsignal(Qend_of_buffer, Qnil);
    }
    b.goto_char(cpos(to));
    return Qnil;
}
Value f_forward_char(Args a) { return move_chars(nilp(a[0]) ? 1 : check_fixnum(a[0])); }
Value f_backward_char(Args a) { return move_chars(-(nilp(a[0]) ? 1 : check_fixnum(a[0]))); }

Value f_forward_line(Args a) { return fix(current().forward_line(nilp(a[0]) ? 1 : check_fixnum(a[0]))); }

// Position of the start (end) of line N relative to point's line, as
// line-beginning-position (line-end-position); point does not move.
CharPos line_edge(Value n_arg, bool end)
{
    std::int64_t n = nilp(n_arg) ? 1 : check_fixnum(n_arg);
    Buffer& b = current();
    CharPos saved = b.point();
    std::int64_t shortfall = n != 1 ? b.forward_line(n - 1) : 0;
    CharPos pos;
    if (!end)
        pos = n != 1 ? b.point() : b.line_beginning(b.point());
    else // Emacs: backward past the first line ends at point-min itself.
        pos = n <= 0 && shortfall != 0 ? b.point() : b.line_end(b.point());
    b.goto_char(saved);
    return pos;
}
// line_edge kept inside point's field, as Emacs's line-beginning-position
// and line-end-position: C-a after a prompt stops at its end. Another line
// than point's (N not 1) may leave the field.
CharPos field_line_edge(Value n, bool end)
{
    return constrain_to_field(line_edge(n, end), current().point(), !nilp(n) && n != Value::fixnum(1), true);
}
Value f_line_beginning_position(Args a) { return fix(field_line_edge(a[0], false)); }
Value f_line_end_position(Args a) { return fix(field_line_edge(a[0], true)); }
Value f_pos_bol(Args a) { return fix(line_edge(a[0], false)); }
Value f_pos_eol(Args a) { return fix(line_edge(a[0], true)); }
Value f_beginning_of_line(Args a)
{
    current().goto_char(field_line_edge(a[0], false));
    return Qnil;
}
Value f_end_of_line(Args a)
{
    current().goto_char(field_line_edge(a[0], true));
    return Qnil;
}

Value f_count_lines(Args a)
{
    auto [s, e] = validate_region(a[0], a[1]);
    return fix(current().count_lines(s, e));
}

Value f_line_number_at_pos(Args a)
{
    Buffer& b = current();
    std::int64_t p = position_or_point(a[0]);
    CharPos lo = nilp(a[1]) ? b.point_min() : CharPos(1);
    CharPos hi = nilp(a[1]) ? b.point_max() : CharPos(b.size() + 1);
    if (p < lo.value || p > hi.value)
        args_out_of_range(fix(p), fix(lo));
    std::int64_t n = b.line_number_at(b.narrowed() ? std::clamp(cpos(p), b.point_min(), b.point_max()) : cpos(p));
    if (!nilp(a[1]) && b.narrowed()) {
        // Count the lines hidden before the accessible region too.
        std::size_t nl = 0;
        b.gap_buffer().for_each_piece(BytePos(0), b.char_to_byte(b.point_min()),
                                      [&](std::string_view s) { nl += std::count(s.begin(), s.end(), '\n'); });
        n += static_cast<std::int64_t>(nl);
    }
    return fix(n);
}

// ---- columns ----
int tab_width()
{
    Value v = symbol_value_or_nil("tab-width");
    return v.is_fixnum() && v.as_fixnum() > 0 && v.as_fixnum() <= 1000 ? static_cast<int>(v.as_fixnum()) : 8;
}

// Display width of a character after `column` (Emacs's defaults: ctl-arrow
// ^X, raw bytes and C1 controls as \ooo, East Asian wide and fullwidth 2,
// combining marks 0).
std::int64_t char_columns(char32_t c, std::int64_t column, int tab)
{
    if (c == '\t')
        return tab - column % tab;
    if (c < 0x20 || c == 0x7F)
        return 2;
    if (is_raw_byte_char(c) || (c >= 0x80 && c < 0xA0))
        return 4;
    if (c > max_unicode_char)
        return 1;
    auto cp = static_cast<UChar32>(c);
    int cat = u_charType(cp);
    if (cat == U_NON_SPACING_MARK || cat == U_ENCLOSING_MARK || c == 0x200B)
        return 0;
    int eaw = u_getIntPropertyValue(cp, UCHAR_EAST_ASIAN_WIDTH);
    return eaw == U_EA_WIDE || eaw == U_EA_FULLWIDTH ? 2 : 1;
}

// Calls f(char, column_before) for each char from the line start to `to`;
// stops early when f returns false. Returns the column reached.
template <typename F>
std::int64_t scan_columns(Buffer& b, CharPos bol, CharPos to, F&& f)
{
    std::string text = b.substring(bol, to);
    int tab = tab_width();
    std::int64_t col = 0;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        int len = 0;
        char32_t c = decode_internal_char(p, end, &len);
        if (!f(c, col))
            break;
        col += char_columns(c, col, tab);
        p += len;
    }
    return col;
}

Value f_current_column(Args)
{
    Buffer& b = current();
    return fix(scan_columns(b, b.line_beginning(b.point()), b.point(), [](char32_t, std::int64_t) { return true; }));
}

// What Emacs's indent-to inserts to go from column `from` to `to`: tabs
// while indent-tabs-mode is on, then spaces.
std::string indentation(std::int64_t from, std::int64_t to)
{
    std::string out;
    if (to <= from)
        return out;
    const int tab = tab_width();
    check_allocation(static_cast<double>(to - from));
    if (!nilp(symbol_value_or_nil("indent-tabs-mode"))) {
        const std::int64_t tabs = to / tab - from / tab;
        if (tabs > 0) {
            out.append(static_cast<std::size_t>(tabs), '\t');
            from = to / tab * tab;
        }
    }
    out.append(static_cast<std::size_t>(to - from), ' ');
    return out;
}

Value f_move_to_column(Args a)
{
    std::int64_t goal = check_natnum(a[0]);
    Value force = a[1];
    Buffer& b = current();
    CharPos bol = b.line_beginning(b.point());
    CharPos eol = b.line_end(b.point());
    std::int64_t chars = 0, prev_col = 0;
    char32_t last = 0;
    // A character spanning the goal column is passed over, as in Emacs.
    std::int64_t col = scan_columns(b, bol, eol, [&](char32_t c, std::int64_t at) {
        if (at >= goal)
            return false;
        ++chars;
        last = c;
        prev_col = at;
        return true;
    });
    CharPos stop = bol + CharCount(chars);
    b.goto_char(stop);
    if (!nilp(force) && col > goal && last == '\t' && prev_col < goal) {
        // Emacs splits the tab: spaces up to GOAL before it, then the tab
        // replaced by what indent-to puts from GOAL to where it ended, with
        // point left at GOAL.
        b.goto_char(stop - CharCount(1));
        insert_at_point(std::string(static_cast<std::size_t>(goal - prev_col), ' '), false);
        const CharPos goal_pt = current().point();
        delete_text(goal_pt, goal_pt + CharCount(1));
        const std::string rest = indentation(goal, col);
        if (!rest.empty())
            insert_at_point(rest, false);
        current().goto_char(goal_pt);
        col = goal;
    }
    if (col < goal && force == Qt) {
        insert_at_point(indentation(col, goal), false);
        col = goal;
    }
    return fix(col);
}

// ---- modification state, undo ----
Value f_buffer_modified_p(Args a) { return boolean(check_live_buffer(buffer_arg(a[0])).modified()); }
// Ticks counted from 1, as a new buffer's are in Emacs.
Value f_buffer_modified_tick(Args a)
{
    return make_integer(static_cast<std::int64_t>(check_live_buffer(buffer_arg(a[0])).modification_tick() + 1));
}
Value f_buffer_chars_modified_tick(Args a)
{
    return make_integer(static_cast<std::int64_t>(check_live_buffer(buffer_arg(a[0])).chars_modification_tick() + 1));
}
Value f_set_buffer_modified_p(Args a)
{
    current().set_modified(!nilp(a[0]));
    return a[0];
}
Value f_buffer_file_name(Args a)
{
    const std::string& f = check_live_buffer(buffer_arg(a[0])).file_name();
    return f.empty() ? Qnil : make_string_from_utf8(f);
}
Value f_buffer_enable_undo(Args a)
{
    Buffer& b = nilp(a[0]) ? current() : buffer_or_name(a[0]);
    b.undo_list().set_enabled(true);
    return Qnil;
}
Value f_buffer_disable_undo(Args a)
{
    Buffer& b = nilp(a[0]) ? current() : buffer_or_name(a[0]);
    b.undo_list().set_enabled(false);
    return Qnil;
}
Value f_undo_boundary(Args)
{
    current().undo_boundary();
    return Qnil;
}
// undo: consecutive undos (last-command undo) walk further back; after any
// other command the walk starts again at the newest change, so undoing
// after C-g redoes. undo-no-redo (undo-only) starts below what was undone.
Value f_undo(Args a)
{
    std::int64_t n = a[0].is_fixnum() ? std::max<std::int64_t>(1, a[0].as_fixnum()) : 1;
    Buffer& b = current();
    barf_if_buffer_read_only();
    if (!b.undo_list().enabled())
        xsignal1(Quser_error, make_string("No undo information in this buffer"));
    const bool no_redo = !nilp(symbol_value_or_nil("undo-no-redo"));
    if (symbol_value_or_nil("last-command") != intern("undo"))
        b.restart_undo(no_redo);
    const bool redo = !no_redo && b.next_undo_is_redo();
    for (std::int64_t i = 0; i < n; ++i)
        if (!b.undo())
            xsignal1(Quser_error, make_string("No further undo information"));
    message(redo ? "Redo" : "Undo");
    return Qnil;
}

// undo-redo's core: takes back the last N undos, as if never made.
Value f_undo_redo(Args a)
{
    std::int64_t n = a[0].is_fixnum() ? std::max<std::int64_t>(1, a[0].as_fixnum()) : 1;
    Buffer& b = current();
    barf_if_buffer_read_only();
    for (std::int64_t i = 0; i < n; ++i)
        if (!b.redo())
            xsignal1(Quser_error, make_string("No undo to undo"));
    message("Redo");
    return Qnil;
}

// ---- case of regions ----
Value casify_region(Value start, Value end, const char* fn)
{
    auto [s, e] = validate_region(start, end);
    if (s == e)
        return Qnil;
    Modification m(s, e);
    Buffer& b = current();
    std::string old = b.substring(s, e);
    Value converted = call1(intern(fn), make_string(old));
    std::string_view now = string_view(converted);
    if (now == old)
        return Qnil;
    // Replace only the span that changed, so markers elsewhere stay put.
    std::size_t head = 0;
    while (head < old.size() && head < now.size() && old[head] == now[head])
        ++head;
    while (head > 0 && is_continuation_byte(static_cast<unsigned char>(old[head])))
        --head;
    std::size_t tail = 0;
    while (tail < old.size() - head && tail < now.size() - head &&
           old[old.size() - 1 - tail] == now[now.size() - 1 - tail])
        ++tail;
    while (tail > 0 && is_continuation_byte(static_cast<unsigned char>(old[old.size() - tail])))
        --tail;
    CharPos from = s + CharCount(static_cast<std::int64_t>(count_chars(old.data(), head)));
    CharPos to = from + CharCount(static_cast<std::int64_t>(count_chars(old.data() + head, old.size() - head - tail)));
    CharPos pt = b.point();
    std::string_view replacement = now.substr(head, now.size() - head - tail);
    b.insert_at(to, replacement);
    b.delete_region(from, to);
    b.goto_char(pt);
    m.done(from, from + CharCount(static_cast<std::int64_t>(count_chars(replacement))), to.value - from.value);
    return Qnil;
}
Value f_upcase_region(Args a) { return casify_region(a[0], a[1], "upcase"); }
Value f_downcase_region(Args a) { return casify_region(a[0], a[1], "downcase"); }
Value f_capitalize_region(Args a) { return casify_region(a[0], a[1], "capitalize"); }
Value f_upcase_initials_region(Args a) { return casify_region(a[0], a[1], "upcase-initials"); }

// ---- markers ----
Value f_markerp(Args a) { return boolean(markerp(a[0])); }
Value f_make_marker(Args) { return make_marker_object(); }
Value f_point_marker(Args) { return make_marker_object(&current(), current().point()); }
Value f_point_min_marker(Args) { return make_marker_object(&current(), current().point_min()); }
Value f_point_max_marker(Args) { return make_marker_object(&current(), current().point_max()); }

Value f_copy_marker(Args a)
{
    bool advances = !nilp(a[1]);
    if (markerp(a[0])) {
        Marker* m = check_marker(a[0]);
        return make_marker_object(m->buffer(), m->position(), advances);
    }
    if (!a[0].is_fixnum())
        wrong_type(Qinteger_or_marker_p, a[0]);
    return make_marker_object(&current(), cpos(a[0].as_fixnum()), advances);
}

Value f_set_marker(Args a)
{
    Marker* m = check_marker(a[0]);
    if (nilp(a[1])) {
        m->detach();
        return a[0];
    }
    std::int64_t pos = check_position(a[1]);
    Value buffer = nilp(a[2]) ? current_buffer() : get_buffer(a[2]);
    Buffer* b = live_buffer(buffer);
    if (!b)
        m->detach();
    else
        m->set(*b, cpos(pos));
    return a[0];
}

Value f_marker_position(Args a)
{
    auto pos = check_marker(a[0])->position();
    return pos ? fix(*pos) : Qnil;
}
Value f_marker_buffer(Args a) { return buffer_object(check_marker(a[0])->buffer()); }
Value f_marker_insertion_type(Args a) { return boolean(check_marker(a[0])->advances()); }
Value f_set_marker_insertion_type(Args a)
{
    check_marker(a[0])->set_advances(!nilp(a[1]));
    return a[1];
}

Value f_mark_marker(Args) { return mark_marker_of(current_buffer()); }
Value f_mark(Args)
{
    auto pos = current().mark_position();
    return pos ? fix(*pos) : Qnil;
}
Value f_set_mark(Args a)
{
    if (nilp(a[0]))
        current().mark().detach();
    else
        current().set_mark(cpos(check_position(a[0])));
    return a[0];
}
Value f_push_mark(Args a)
{
    current().set_mark(cpos(position_or_point(a[0])));
    if (nilp(a[1]) && !nilp(symbol_value_or_nil("noninteractive")))
        message("Mark set");
    return Qnil;
}
std::pair<CharPos, CharPos> region()
{
    auto m = current().mark_position();
    if (!m)
        error("The mark is not set now, so there is no region");
    CharPos p = current().point();
    return {std::min(p, *m), std::max(p, *m)};
}
Value f_region_beginning(Args) { return fix(region().first); }
Value f_region_end(Args) { return fix(region().second); }

// ---- coding systems ----
std::string string_bytes(Value s)
{
    std::string out;
    internal_to_utf8(string_view(s), out);
    return out;
}

Value f_decode_coding_string(Args a)
{
    check_string(a[0]);
    if (nilp(a[1]))
        return a[0];
    CodingSystem cs = coding_system_of(a[1]);
    std::string_view in = string_view(a[0]);
    if (!nilp(a[2]) && is_ascii(in) && in.find('\r') == std::string_view::npos)
        return a[0]; // NOCOPY, and decoding would change nothing
    std::string text = decode_all(cs, string_bytes(a[0]));
    const auto n = static_cast<std::int64_t>(count_chars(text));
    // Emacs: bytes that stay bytes (binary, raw-text) stay a unibyte string;
    // any other decoding gives a multibyte one, even all ASCII.
    const bool unibyte = cs.kind == CodingSystem::Kind::Binary && !is_ascii(text);
    return make_string_raw(std::move(text), n, !unibyte);
}

Value f_encode_coding_string(Args a)
{
    check_string(a[0]);
    if (nilp(a[1]))
        return a[0];
    CodingSystem cs = coding_system_of(a[1]);
    return make_unibyte_string(encode(cs, string_view(a[0])));
}

} // namespace

Value make_process_output_string(std::string_view internal, Value decoding)
{
    if (symbolp(decoding) && !nilp(decoding) && coding_system_p(symbol_name(decoding)) &&
        find_coding_system(symbol_name(decoding)).kind == CodingSystem::Kind::Binary) {
        // Decoded with binary, the text holds raw-byte characters for bytes
        // >= 0x80: exactly a unibyte string's internal text.
        return make_string_raw(std::string(internal), static_cast<std::int64_t>(count_chars(internal)), false);
    }
    return make_string_raw(std::string(internal), static_cast<std::int64_t>(count_chars(internal)), true);
}

namespace {

// coding-system-p, coding-system-base, coding-system-eol-type and
// check-coding-system answer from the converters for the names they know,
// so the common names cost no loading, until Emacs's coding systems have
// been loaded (by the first name the converters do not know, or any
// coding-system data function); from then on, and for every other name,
// Emacs's registry answers (codings.el), with Emacs's base names
// (iso-latin-1 for latin-1). nil is no-conversion, as in coding.c.
bool converter_knows(Value coding) { return symbolp(coding) && coding_system_p(symbol_name(coding)); }

// The registry's answer, or nil when it has none (or is not loaded and
// the converters know the name).
Value registry_answer(const char* function, Value coding)
{
    static const Value featurep = intern("featurep");
    static const Value mule_setup = intern("mule-setup");
    if (converter_knows(coding) && nilp(call1(featurep, mule_setup)))
        return Qnil;
    return call1(intern(function), coding);
}

Value f_coding_system_converter_p(Args a) { return boolean(converter_knows(a[0])); }

Value f_coding_system_p(Args a)
{
    if (nilp(a[0]) || converter_knows(a[0]))
        return Qt;
    return boolean(symbolp(a[0]) && !nilp(registry_answer("coding-system--registered-p", a[0])));
}

Value f_coding_system_base(Args a)
{
    if (nilp(a[0]))
        return intern("no-conversion");
    if (Value base = registry_answer("coding-system--registry-base", a[0]); !nilp(base))
        return base;
    return intern(coding_system_of(a[0]).with_eol(Eol::Undecided).name());
}

// 0, 1, 2 for -unix, -dos, -mac; a vector of the three when undecided.
Value f_coding_system_eol_type(Args a)
{
    if (nilp(a[0]))
        return fix(0);
    if (Value eol = registry_answer("coding-system--registry-eol-type", a[0]); !nilp(eol))
        return eol;
    CodingSystem cs = coding_system_of(a[0]);
    switch (cs.eol) {
    case Eol::Unix: return fix(0);
    case Eol::Dos: return fix(1);
    case Eol::Mac: return fix(2);
    default: break;
    }
    Value v = make_vector(3, Qnil);
    const Eol eols[] = {Eol::Unix, Eol::Dos, Eol::Mac};
    for (std::size_t i = 0; i < 3; ++i)
        xvector(v)->items[i] = intern(cs.with_eol(eols[i]).name());
    return v;
}

Value f_check_coding_system(Args a)
{
    if (nilp(a[0]) || converter_knows(a[0]))
        return a[0];
    check_symbol(a[0]);
    if (nilp(registry_answer("coding-system--registered-p", a[0])))
        xsignal1(Qcoding_system_error, a[0]);
    return a[0];
}

// ---- files ----
std::string file_arg(Value name)
{
    check_string(name);
    Value expanded = call1(intern("expand-file-name"), name);
    return string_bytes(expanded);
}

// The coding for reading `bytes` from a file: coding-system-for-read, else
// what the bytes look like.
CodingSystem read_coding(std::string_view bytes)
{
    Value v = symbol_value_or_nil("coding-system-for-read");
    return nilp(v) ? detect_coding(bytes) : coding_system_of(v);
}

Value f_insert_file_contents(Args a)
{
    std::string path = file_arg(a[0]);
    Buffer& b = current();
    bool visit = !nilp(a[1]);
    // As Emacs: visiting into a buffer with no history keeps none, so the
    // first undo cannot take the file's text away (a revert stays undoable).
    const bool fresh_history = b.undo_list().entries().empty();
    if (visit) {
        b.set_file_name(path);
        record_visited_modtime(b); // before reading: a missing file is recorded as missing
    }
    check_file_readable(path); // file errors come before any change hook runs
    if (visit && (!nilp(a[2]) || !nilp(a[3])))
        error("Attempt to visit less than an entire file");
    // As Emacs: BEG or END only for a regular file (a device may never end).
    if ((!nilp(a[2]) || !nilp(a[3])) && !is_regular_file(path))
        xsignal2(Qfile_error, make_string("not a regular file"), make_string_from_utf8(path));
    bool replace = !nilp(a[4]);
    std::int64_t old_len = replace ? b.point_max().value - b.point_min().value : 0;
    // The common case reads straight into the gap: a whole file, nothing to
    // replace, no coding asked for, and text that needs no decoding.
    const bool gzip = auto_compressed(path, "insert-file-contents");
    const bool plain = !gzip && nilp(a[2]) && nilp(a[3]) && !replace && nilp(symbol_value_or_nil("coding-system-for-read"));
    Modification m(replace ? b.point_min() : b.point(), replace ? b.point_max() : b.point());
    CharPos at = b.point();
    std::optional<std::int64_t> inserted = plain ? insert_file_in_place(b, path, at) : std::nullopt;
    CodingSystem detected = find_coding_system("utf-8-unix");
    if (!inserted) {
        // A device or FIFO is read until its end; quit stops one that has none.
        std::string bytes = gzip ? read_file_contents(path) : read_file_bytes(path, [] { maybe_quit(); });
        std::int64_t from = nilp(a[2]) ? 0 : check_fixnum(a[2]);
        std::int64_t to = nilp(a[3]) ? static_cast<std::int64_t>(bytes.size()) : check_fixnum(a[3]);
        from = std::clamp<std::int64_t>(from, 0, static_cast<std::int64_t>(bytes.size()));
        to = std::clamp<std::int64_t>(to, from, static_cast<std::int64_t>(bytes.size()));
        std::string_view part = std::string_view(bytes).substr(static_cast<std::size_t>(from), static_cast<std::size_t>(to - from));
        std::string text = decode_all(read_coding(part), part, &detected);
        bytes = std::string(); // the file's bytes are not needed beside the text
        if (replace)
            b.delete_region(b.point_min(), b.point_max());
        at = b.point();
        b.insert_at(at, text);
        inserted = static_cast<std::int64_t>(count_chars(text));
    }
    b.goto_char(at);
    m.done(at, at + CharCount(*inserted), old_len);
    if (visit) {
        b.set_coding(detected);
        b.set_saved();
        if (fresh_history)
            b.undo_list().clear();
    }
    return list({make_string_from_utf8(path), fix(*inserted)});
}

// The coding for writing b: coding-system-for-write, else the buffer's.
CodingSystem write_coding(Buffer& b)
{
    Value v = symbol_value_or_nil("coding-system-for-write");
    if (!nilp(v))
        return coding_system_of(v);
    CodingSystem cs = b.coding();
    return cs.eol == Eol::Undecided ? cs.with_eol(Eol::Unix) : cs;
}

// Bytes already made, as a ByteSource that owns them.
ByteSource whole_bytes(std::string bytes)
{
    return [held = std::make_shared<const std::string>(std::move(bytes))](const ByteSink& sink) { sink(*held); };
}

// APPEND for write-region: the old content followed by the new (an integer
// APPEND overwrites from that byte offset), for the file to be replaced
// atomically as a whole.
std::string appended(std::string old, std::string bytes, Value append)
{
    if (!append.is_fixnum())
        return old + bytes;
    auto off = static_cast<std::size_t>(std::clamp<std::int64_t>(append.as_fixnum(), 0, static_cast<std::int64_t>(old.size())));
    std::string rest = off + bytes.size() < old.size() ? old.substr(off + bytes.size()) : std::string();
    return old.substr(0, off) + bytes + rest;
}

Value f_write_region(Args a)
{
    Buffer& b = current();
    std::string path = file_arg(a[2]);
    CodingSystem cs = write_coding(b);
    CharPos s(1), e(b.size() + 1);
    if (!stringp(a[0]) && !nilp(a[0])) {
        std::int64_t x = check_position(a[0]), y = check_position(a[1]);
        if (x > y)
            std::swap(x, y);
        if (x < 1 || y > b.size() + 1)
            args_out_of_range(a[0], a[1]);
        s = cpos(x);
        e = cpos(y);
    }
    bool exists = !nilp(call1(intern("file-exists-p"), make_string_from_utf8(path)));
    if (!nilp(a[6]) && exists)
        xsignal2(Qfile_already_exists, make_string("File exists"), make_string_from_utf8(path));
    // A region is encoded a chunk at a time from the gap buffer.
    ByteSource source = stringp(a[0]) ? whole_bytes(encode(cs, string_view(a[0])))
                                      : encoded_text(b, cs, b.char_to_byte(s), b.char_to_byte(e));
    const bool gzip = auto_compressed(path, "write-region");
    if (!nilp(a[3]) && exists) {
        std::string bytes;
        source([&bytes](std::string_view piece) { bytes += piece; });
        std::string old = gzip ? read_file_contents(path) : read_file_bytes(path);
        source = whole_bytes(appended(std::move(old), std::move(bytes), a[3]));
    }
    if (gzip)
        source = gzip_compressed(std::move(source));
    write_file_atomic(path, source, [] { maybe_quit(); });
    if (a[4] == Qt) {
        b.set_file_name(path);
        b.set_coding(cs);
        b.set_saved();
        record_visited_modtime(b);
    }
    return Qnil;
}

Value f_save_buffer(Args)
{
    Buffer& b = current();
    if (!b.modified()) {
        message("(No changes need to be saved)");
        return Qnil;
    }
    if (b.file_name().empty())
        error("Buffer " + b.name() + " is not visiting a file");
    message("Saving file " + b.file_name() + "...");
    if (b.coding().eol == Eol::Undecided)
        b.set_coding(b.coding().with_eol(Eol::Unix));
    save_buffer(b, {}, [] { maybe_quit(); }, auto_compressed(b.file_name(), "write-region"));
    message("Wrote " + b.file_name());
    return Qnil;
}

const SubrDef buffer_subrs[] = {
    {"current-buffer", 0, 0, f_current_buffer},
    {"set-buffer", 1, 1, f_set_buffer},
    {"get-buffer", 1, 1, f_get_buffer},
    {"get-buffer-create", 1, 2, f_get_buffer_create},
    {"generate-new-buffer-name", 1, 2, f_generate_new_buffer_name},
    {"generate-new-buffer", 1, 2, f_generate_new_buffer},
    {"kill-buffer", 0, 1, f_kill_buffer},
    {"buffer-name", 0, 1, f_buffer_name},
    {"rename-buffer", 1, 2, f_rename_buffer},
    {"buffer-list", 0, 1, f_buffer_list},
    {"buffer-live-p", 1, 1, f_buffer_live_p},
    {"bufferp", 1, 1, f_bufferp},
    {"buffer-size", 0, 1, f_buffer_size},
    {"buffer-string", 0, 0, f_buffer_string},
    {"buffer-substring", 2, 2, f_buffer_substring},
    {"buffer-substring-no-properties", 2, 2, f_buffer_substring_no_properties},
    {"insert-buffer-substring", 1, 3, f_insert_buffer_substring},
    {"insert-buffer-substring-no-properties", 1, 3, f_insert_buffer_substring_no_properties},
    {"erase-buffer", 0, 0, f_erase_buffer},
    {"insert", 0, many, insert_args<Markers::stay, Inherit::no>},
    {"insert-and-inherit", 0, many, insert_args<Markers::stay, Inherit::yes>},
    {"insert-before-markers-and-inherit", 0, many, insert_args<Markers::advance, Inherit::yes>},
    {"insert-before-markers", 0, many, insert_args<Markers::advance, Inherit::no>},
    {"set-buffer-multibyte", 1, 1, f_set_buffer_multibyte},
    {"buffer-swap-text", 1, 1, f_buffer_swap_text},
    {"insert-char", 1, 3, f_insert_char},
    {"delete-region", 2, 2, f_delete_region},
    {"delete-char", 1, 2, f_delete_char},
    {"goto-char", 1, 1, f_goto_char},
    {"point", 0, 0, f_point},
    {"position-bytes", 1, 1, f_position_bytes},
    {"byte-to-position", 1, 1, f_byte_to_position},
    {"point-min", 0, 0, f_point_min},
    {"point-max", 0, 0, f_point_max},
    {"narrow-to-region", 2, 2, f_narrow_to_region},
    {"widen", 0, 0, f_widen},
    {"save-restriction", 0, unevalled, sf_save_restriction},
    {"save-excursion", 0, unevalled, sf_save_excursion},
    {"save-current-buffer", 0, unevalled, sf_save_current_buffer},
    {"char-after", 0, 1, f_char_after},
    {"char-before", 0, 1, f_char_before},
    {"following-char", 0, 0, f_following_char},
    {"preceding-char", 0, 0, f_preceding_char},
    {"bolp", 0, 0, f_bolp},
    {"eolp", 0, 0, f_eolp},
    {"bobp", 0, 0, f_bobp},
    {"eobp", 0, 0, f_eobp},
    {"forward-char", 0, 1, f_forward_char},
    {"backward-char", 0, 1, f_backward_char},
    {"forward-line", 0, 1, f_forward_line},
    {"beginning-of-line", 0, 1, f_beginning_of_line},
    {"end-of-line", 0, 1, f_end_of_line},
    {"line-beginning-position", 0, 1, f_line_beginning_position},
    {"line-end-position", 0, 1, f_line_end_position},
    {"pos-bol", 0, 1, f_pos_bol},
    {"pos-eol", 0, 1, f_pos_eol},
    {"count-lines", 2, 3, f_count_lines},
    {"line-number-at-pos", 0, 2, f_line_number_at_pos},
    {"current-column", 0, 0, f_current_column},
    {"move-to-column", 1, 2, f_move_to_column},
    {"buffer-modified-p", 0, 1, f_buffer_modified_p},
    {"buffer-modified-tick", 0, 1, f_buffer_modified_tick},
    {"buffer-chars-modified-tick", 0, 1, f_buffer_chars_modified_tick},
    {"set-buffer-modified-p", 1, 1, f_set_buffer_modified_p},
    {"restore-buffer-modified-p", 1, 1, f_set_buffer_modified_p},
    {"buffer-file-name", 0, 1, f_buffer_file_name},
    {"buffer-enable-undo", 0, 1, f_buffer_enable_undo},
    {"buffer-disable-undo", 0, 1, f_buffer_disable_undo},
    {"undo-boundary", 0, 0, f_undo_boundary},
    {"undo", 0, 1, f_undo},
    {"gapmacs--undo-redo", 0, 1, f_undo_redo},
    {"upcase-region", 2, 3, f_upcase_region},
    {"downcase-region", 2, 3, f_downcase_region},
    {"capitalize-region", 2, 3, f_capitalize_region},
    {"upcase-initials-region", 2, 3, f_upcase_initials_region},
    {"markerp", 1, 1, f_markerp},
    {"make-marker", 0, 0, f_make_marker},
    {"point-marker", 0, 0, f_point_marker},
    {"point-min-marker", 0, 0, f_point_min_marker},
    {"point-max-marker", 0, 0, f_point_max_marker},
    {"copy-marker", 0, 2, f_copy_marker},
    {"set-marker", 2, 3, f_set_marker},
    {"move-marker", 2, 3, f_set_marker},
    {"marker-position", 1, 1, f_marker_position},
    {"marker-buffer", 1, 1, f_marker_buffer},
    {"marker-insertion-type", 1, 1, f_marker_insertion_type},
    {"set-marker-insertion-type", 2, 2, f_set_marker_insertion_type},
    {"mark-marker", 0, 0, f_mark_marker},
    {"mark", 0, 1, f_mark},
    {"set-mark", 1, 1, f_set_mark},
    {"push-mark", 0, 3, f_push_mark},
    {"region-beginning", 0, 0, f_region_beginning},
    {"region-end", 0, 0, f_region_end},
    {"decode-coding-string", 2, 4, f_decode_coding_string},
    {"encode-coding-string", 2, 4, f_encode_coding_string},
    {"coding-system-p", 1, 1, f_coding_system_p},
    {"coding-system--converter-p", 1, 1, f_coding_system_converter_p},
    {"coding-system-base", 1, 1, f_coding_system_base},
    {"coding-system-eol-type", 1, 1, f_coding_system_eol_type},
    {"check-coding-system", 1, 1, f_check_coding_system},
    {"insert-file-contents", 1, 5, f_insert_file_contents},
    {"write-region", 3, 7, f_write_region},
    {"save-buffer", 0, 1, f_save_buffer},
};

} // namespace

// Emacs's with-output-to-string: standard-output is a buffer (the
// language's own collects into a string, having no buffers), which code
// such as vc-git's enters with with-current-buffer.
const char* const buffer_lisp = R"EL(
(defmacro with-output-to-string (&rest body)
  `(let ((standard-output (generate-new-buffer " *string-output*" t)))
     (unwind-protect
         (progn
           (let ((standard-output standard-output))
             ,@body)
           (with-current-buffer standard-output
             (buffer-string)))
       (kill-buffer standard-output))))
)EL";

void register_buffer_builtins()
{
    init_buffers();
    register_subrs(buffer_subrs);
    load_text(buffer_lisp, "gapmacs-buffers", true);
    install_byte_code_host({save_state<ExcursionScope>, save_state<RestrictionScope>, save_state<CurrentBufferScope>});
}

} // namespace gapmacs::lisp

// Buffer builtins (Emacs's buffer.c, editfns.c, insdel.c subset): buffers,
// their text, point and motion, lines. The save- forms are in
// builtins_save_forms.cpp, columns in builtins_columns.cpp, modification
// state and undo in builtins_undo.cpp, case of regions in
// builtins_case_region.cpp; markers in builtins_marker.cpp, coding systems
// in builtins_coding.cpp, file contents in builtins_file_contents.cpp,
// regexps in builtins_regex.cpp.
//
// gapmacs::Error from buffer/ and core/ becomes the Lisp error it names
// where the evaluator calls a subr (invoke_subr); positions are checked
// here first so that the error data is Emacs's (e.g. (args-out-of-range #<buffer x> 100 1)).

#include <algorithm>
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
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
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

Value buffer_arg(Value v) { return nilp(v) ? current_buffer() : v; }

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
        name = funcall(Qgenerate_new_buffer_name, args, 2);
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

Value f_buffer_file_name(Args a)
{
    const std::string& f = check_live_buffer(buffer_arg(a[0])).file_name();
    return f.empty() ? Qnil : make_string_from_utf8(f);
}

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
    // One string that goes in as it is, a process filter's chunk among
    // them, is not copied on the way.
    if (a.size() == 1 && stringp(a[0]) && (current_buffer_multibyte() || !xstring(a[0])->multibyte())) {
        if (!string_view(a[0]).empty())
            insert_string_at_point(a[0], M == Markers::advance, I == Inherit::yes);
        return Qnil;
    }
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
    {"buffer-file-name", 0, 1, f_buffer_file_name},
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
}

} // namespace gapmacs::lisp


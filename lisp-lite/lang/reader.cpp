// The Lisp reader: Emacs Lisp syntax over internal text.
//
// Recursive descent; nesting depth is bounded by the evaluator's C++ stack
// guard, so absurdly deep input is an error, never a crash. Every syntax
// problem is a Lisp error: (invalid-read-syntax MSG) or (end-of-file); when
// reading a file for `load`, (invalid-read-syntax MSG LINE COLUMN) and
// (end-of-file FILE) as Emacs 28 does for buffers.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <unicode/uchar.h>

#include "core/utf8.hpp"
#include "lisp-lite/lang/bignum.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/bytecode.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/reader.hpp"

#include "lisp-lite/lang/bool_vector.hpp"

namespace gapmacs::lisp {

namespace {

constexpr char32_t meta_bit = 1u << 27;
constexpr char32_t ctrl_bit = 1u << 26;
constexpr char32_t shift_bit = 1u << 25;
constexpr char32_t hyper_bit = 1u << 24;
constexpr char32_t super_bit = 1u << 23;
constexpr char32_t alt_bit = 1u << 22;
constexpr char32_t modifier_mask = meta_bit | ctrl_bit | shift_bit | hyper_bit | super_bit | alt_bit;

class Reader {
public:
    Reader(std::string_view text, std::size_t pos, const ReadOptions& opts) : m_text(text), m_pos(pos), m_opts(opts) {}

    std::size_t pos() const { return m_pos; }

    Value read_top()
    {
        Value v = read_object();
        if (v == m_close_paren || v == m_close_bracket || v == m_dot)
            invalid(v == m_close_paren ? ")" : v == m_close_bracket ? "]" : ".");
        return v;
    }

    // Skips whitespace and comments; true if something is left.
    bool skip_blanks()
    {
        while (m_pos < m_text.size()) {
            char c = m_text[m_pos];
            if (c == ';') {
                while (m_pos < m_text.size() && m_text[m_pos] != '\n')
                    ++m_pos;
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                ++m_pos;
            } else {
                return true;
            }
        }
        return false;
    }

private:
    std::string_view m_text;
    std::size_t m_pos;
    const ReadOptions& m_opts;
    // Sentinels returned by read_object for closing delimiters (never heap
    // values: tag 0b11, which no real value has).
    const Value m_close_paren = Value::from_bits(0x3);
    const Value m_close_bracket = Value::from_bits(0x7);
    const Value m_dot = Value::from_bits(0xB);
    // #N= labels of this read: label -> slot in m_label_values (a root).
    static constexpr std::int64_t max_label = std::int64_t(1) << 40;
    std::unordered_map<std::int64_t, std::size_t> m_labels;
    RootedVector m_label_values;

    [[noreturn]] void eof()
    {
        if (!m_opts.file_name.empty())
            xsignal1(Qend_of_file, make_string_from_utf8(m_opts.file_name));
        xsignal(Qend_of_file, Qnil);
    }

    [[noreturn]] void invalid(std::string_view msg)
    {
        if (m_opts.positions) {
            std::int64_t line = 1, col = 0;
            std::size_t end = std::min(m_pos, m_text.size());
            for (std::size_t i = 0; i < end; ++i) {
                if (m_text[i] == '\n') {
                    ++line;
                    col = 0;
                } else if (!is_continuation_byte(static_cast<unsigned char>(m_text[i]))) {
                    ++col;
                }
            }
            xsignal3(Qinvalid_read_syntax, make_string(msg), Value::fixnum(line), Value::fixnum(col));
        }
        xsignal1(Qinvalid_read_syntax, make_string(msg));
    }

    int peek() const { return m_pos < m_text.size() ? static_cast<unsigned char>(m_text[m_pos]) : -1; }

    char32_t next_char()
    {
        if (m_pos >= m_text.size())
            eof();
        int len = 1;
        char32_t c = decode_internal_char(m_text.data() + m_pos, m_text.data() + m_text.size(), &len);
        m_pos += static_cast<std::size_t>(len);
        return c;
    }

    void check_stack()
    {
        // The evaluator's guard also bounds reader recursion.
        DepthGuard guard;
    }

    Value read_object()
    {
        // Every recursion of the reader passes here or in read_escape:
        // lists, vectors, quotes, backquotes, commas, #' and #s(...).
        check_stack();
        if (!skip_blanks())
            eof();
        char c = m_text[m_pos++];
        switch (c) {
        case '(': return read_list();
        case ')': return m_close_paren;
        case '[': return read_vector();
        case ']': return m_close_bracket;
        case '"': return read_string();
        case '?': return read_char_literal();
        case '\'': return list({Qquote, read_quoted()});
        case '`': return list({Qbackquote, read_quoted()});
        case ',':
            if (peek() == '@') {
                ++m_pos;
                return list({Qcomma_at, read_quoted()});
            }
            return list({Qcomma, read_quoted()});
        case '#': return read_hash();
        default:
            --m_pos;
            return read_atom();
        }
    }

    Value read_quoted()
    {
        Value v = read_object();
        if (v == m_close_paren || v == m_close_bracket)
            invalid(v == m_close_paren ? ")" : "]");
        if (v == m_dot)
            invalid(".");
        return v;
    }

    Value read_list()
    {
        check_stack();
        RootedVector items;
        Value tail = Qnil;
        for (;;) {
            Value v = read_object();
            if (v == m_close_paren)
                break;
            if (v == m_close_bracket)
                invalid("] in a list");
            if (v == m_dot) {
                if (items.size() == 0) {
                    // Emacs reads "( . x)" as x.
                    Value x = read_quoted();
                    Value close = read_object();
                    if (close != m_close_paren)
                        invalid(". in wrong context");
                    return x;
                }
                tail = read_quoted();
                Value close = read_object();
                if (close != m_close_paren)
                    invalid(". in wrong context");
                break;
            }
            items.push_back(v);
        }
        Value result = tail;
        for (std::size_t i = items.size(); i-- > 0;)
            result = make_cons(items[i], result);
        return result;
    }

    Value read_vector()
    {
        check_stack();
        RootedVector items;
        for (;;) {
            Value v = read_object();
            if (v == m_close_bracket)
                break;
            if (v == m_close_paren || v == m_dot)
                invalid(") or . in a vector");
            items.push_back(v);
        }
        Vector* vec = alloc_vector();
        vec->items = items.items();
        return Value::object(vec);
    }

    // Reads the escape after a backslash. Sets *byte when the escape names
    // a byte (\x, octal) rather than a character.
    char32_t read_escape(bool in_string, bool* byte)
    {
        check_stack(); // ?\C-\C-\C-... recurses through read_modified_char
        char32_t c = next_char();
        switch (c) {
        case 'a': return 7;
        case 'b': return 8;
        case 'd': return 127;
        case 'e': return 27;
        case 'f': return 12;
        case 'n': return 10;
        case 'r': return 13;
        case 't': return 9;
        case 'v': return 11;
        case '\n': return static_cast<char32_t>(-1); // ignored (line continuation)
        case ' ':
            return in_string ? static_cast<char32_t>(-1) : ' ';
        case 's':
            if (!in_string && peek() == '-') {
                ++m_pos;
                return super_bit | read_modified_char(in_string, byte);
            }
            return ' ';
        case 'M':
            if (peek() == '-') {
                ++m_pos;
                return meta_bit | read_modified_char(in_string, byte);
            }
            return 'M';
        case 'S':
            if (peek() == '-') {
                ++m_pos;
                return shift_bit | read_modified_char(in_string, byte);
            }
            return 'S';
        case 'H':
            if (peek() == '-') {
                ++m_pos;
                return hyper_bit | read_modified_char(in_string, byte);
            }
            return 'H';
        case 'A':
            if (peek() == '-') {
                ++m_pos;
                return alt_bit | read_modified_char(in_string, byte);
            }
            return 'A';
        case 'C':
            if (peek() == '-') {
                ++m_pos;
                return make_ctrl(read_modified_char(in_string, byte));
            }
            return 'C';
        case '^':
            return make_ctrl(read_modified_char(in_string, byte));
        case 'x': {
            std::uint64_t v = 0;
            int digits = 0;
            while (std::isxdigit(peek())) {
                v = v * 16 + static_cast<std::uint64_t>(hex_value(m_text[m_pos++]));
                if (v > max_char)
                    invalid("Hex character out of range");
                ++digits;
            }
            if (digits == 0 && !in_string)
                return 0;
            if (byte)
                *byte = v < 256;
            return static_cast<char32_t>(v);
        }
        case 'N':
            if (peek() == '{')
                return read_named_char();
            return 'N';
        case 'u':
        case 'U': {
            int n = c == 'u' ? 4 : 8;
            std::uint64_t v = 0;
            for (int i = 0; i < n; ++i) {
                if (!std::isxdigit(peek()))
                    invalid("Non-hex character used for Unicode escape");
                v = v * 16 + static_cast<std::uint64_t>(hex_value(m_text[m_pos++]));
            }
            if (v > max_unicode_char)
                invalid("Non-Unicode character");
            return static_cast<char32_t>(v);
        }
        default:
            if (c >= '0' && c <= '7') {
                char32_t v = c - '0';
                for (int i = 0; i < 2 && peek() >= '0' && peek() <= '7'; ++i)
                    v = v * 8 + static_cast<char32_t>(m_text[m_pos++] - '0');
                if (byte)
                    *byte = v >= 0x80 && v < 256;
                return v;
            }
            return c;
        }
    }

    // \N{U+XXXX} or \N{NAME}, after the \N: a Unicode name as ICU knows it
    // (case and runs of blanks do not matter, as in Emacs).
    char32_t read_named_char()
    {
        std::size_t start = m_pos - 2; // the backslash
        ++m_pos;                       // {
        std::size_t close = m_text.find('}', m_pos);
        if (close == std::string_view::npos || close - m_pos > 200)
            invalid("\\N{");
        std::string_view body = m_text.substr(m_pos, close - m_pos);
        m_pos = close + 1;
        auto bad = [&]() { invalid(std::string(m_text.substr(start, m_pos - start))); };
        if (body.size() > 2 && (body[0] == 'U' || body[0] == 'u') && body[1] == '+') {
            std::uint64_t v = 0;
            for (char h : body.substr(2)) {
                if (!std::isxdigit(static_cast<unsigned char>(h)) || v > max_unicode_char)
                    bad();
                v = v * 16 + static_cast<std::uint64_t>(hex_value(h));
            }
            if (v > max_unicode_char || (v >= 0xD800 && v <= 0xDFFF))
                bad();
            return static_cast<char32_t>(v);
        }
        std::string name;
        for (char ch : body) {
            unsigned char u = static_cast<unsigned char>(ch);
            if (u == ' ' || u == '\t' || u == '\n') {
                if (!name.empty() && name.back() != ' ')
                    name += ' ';
            } else if (u < 0x80) {
                name += static_cast<char>(std::toupper(u));
            } else {
                bad();
            }
        }
        if (!name.empty() && name.back() == ' ')
            name.pop_back();
        if (name.empty())
            bad();
        UErrorCode status = U_ZERO_ERROR;
        UChar32 c = u_charFromName(U_UNICODE_CHAR_NAME, name.c_str(), &status);
        if (U_FAILURE(status) || c < 0) {
            status = U_ZERO_ERROR; // names of controls and aliases ("LINE FEED")
            c = u_charFromName(U_CHAR_NAME_ALIAS, name.c_str(), &status);
        }
        if (U_FAILURE(status) || c < 0)
            bad();
        return static_cast<char32_t>(c);
    }

    char32_t read_modified_char(bool in_string, bool* byte)
    {
        char32_t c = next_char();
        if (c == '\\') {
            char32_t e = read_escape(in_string, byte);
            return e;
        }
        return c;
    }

    static char32_t make_ctrl(char32_t c)
    {
        char32_t base = c & ~modifier_mask;
        char32_t mods = c & modifier_mask;
        if (base == '?')
            return 127 | mods;
        if (base >= 0x80)
            return c | ctrl_bit;
        if ((c & 0137) >= 0101 && (c & 0137) <= 0132)
            return c & (037 | ~char32_t(0177));
        if ((c & 0177) >= 0100 && (c & 0177) <= 0137)
            return c & (037 | ~char32_t(0177));
        return c | ctrl_bit;
    }

    static int hex_value(char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        return (c | 0x20) - 'a' + 10;
    }

    Value read_string()
    {
        std::u32string chars;
        std::vector<bool> is_byte;
        bool multibyte = false;
        for (;;) {
            if (m_pos >= m_text.size())
                eof();
            char32_t c = next_char();
            if (c == '"')
                break;
            bool byte = false;
            if (c == '\\') {
                c = read_escape(true, &byte);
                if (c == static_cast<char32_t>(-1))
                    continue;
                if (c & meta_bit) {
                    char32_t base = c & ~meta_bit;
                    if (base >= 0x80)
                        invalid("Invalid modifier in string");
                    c = base | 0x80;
                    byte = true;
                }
                if (c & modifier_mask)
                    invalid("Invalid modifier in string");
            }
            if (!byte && c >= 0x80 && !is_raw_byte_char(c))
                multibyte = true;
            chars.push_back(c);
            is_byte.push_back(byte);
        }
        std::string out;
        std::int64_t n = 0;
        for (std::size_t i = 0; i < chars.size(); ++i, ++n) {
            char32_t c = chars[i];
            if (is_byte[i] && c >= 0x80)
                c = raw_byte_char(static_cast<std::uint8_t>(c));
            append_internal_char(out, c);
        }
        return make_string_raw(std::move(out), n, multibyte);
    }

    Value read_char_literal()
    {
        if (m_pos >= m_text.size())
            eof();
        char32_t c = next_char();
        // As Emacs's lread.c: `? ' and a `?' then TAB are that character
        // whatever follows (python.el writes (? assignment-target)).
        if (c == ' ' || c == '\t')
            return Value::fixnum(static_cast<std::int64_t>(c));
        if (c == '\\') {
            c = read_escape(false, nullptr);
            if (c == static_cast<char32_t>(-1))
                c = ' ';
        }
        int next = peek();
        if (next > ' ' && next < 0x80 && !std::strchr("\"';()[]#?`,.", next) && next != '\\')
            invalid("?");
        return Value::fixnum(static_cast<std::int64_t>(c));
    }

    static bool is_delimiter(int c)
    {
        return c == -1 || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '(' || c == ')' ||
               c == '[' || c == ']' || c == '"' || c == '\'' || c == ';' || c == '`' || c == ',' || c == '#';
    }

    // Reads a symbol name or number token; `escaped` says a backslash was
    // used (then it is always a symbol).
    std::string read_token(bool& escaped)
    {
        std::string tok;
        escaped = false;
        while (!is_delimiter(peek())) {
            char c = m_text[m_pos++];
            if (c == '\\') {
                if (m_pos >= m_text.size())
                    eof();
                escaped = true;
                int len = internal_char_length(static_cast<unsigned char>(m_text[m_pos]));
                tok.append(m_text.substr(m_pos, static_cast<std::size_t>(len)));
                m_pos += static_cast<std::size_t>(len);
                continue;
            }
            tok += c;
        }
        return tok;
    }

    Value read_atom()
    {
        bool escaped;
        std::string tok = read_token(escaped);
        if (!escaped) {
            // As lread.c: a dot is the pair's dot only when what follows
            // could not go on a symbol; `(control .)' holds the symbol `.'.
            if (tok == "." && (peek() <= ' ' || std::strchr("\"';([#?`,", peek())))
                return m_dot;
            Value num;
            if (parse_number_token(tok, 10, num))
                return num;
        }
        return intern(tok);
    }

    Value read_radix(int radix)
    {
        bool escaped;
        std::string tok = read_token(escaped);
        Value num;
        if (escaped || !parse_integer_token(tok, radix, num))
            invalid("integer, radix " + std::to_string(radix));
        return num;
    }

    Value read_hash()
    {
        int c = peek();
        if (c == -1)
            invalid("#"); // as Emacs 28: a lone # is bad syntax, not an end
        ++m_pos;
        switch (c) {
        case '\'': return list({Qfunction, read_quoted()});
        case 'x':
        case 'X': return read_radix(16);
        case 'o':
        case 'O': return read_radix(8);
        case 'b':
        case 'B': return read_radix(2);
        case ':': {
            bool escaped;
            return make_uninterned_symbol(read_token(escaped));
        }
        case '#': return intern("");
        case '(': return read_propertized_string();
        case '&': return read_bool_vector();
        case '[': {
            Value items = read_vector();
            Value fn = make_compiled_from_items(xvector(items)->items);
            if (fn.is_empty())
                invalid("Invalid byte-code object");
            return fn;
        }
        case 's':
            if (peek() == '(') {
                ++m_pos;
                return read_record();
            }
            break;
        case '$': return xsymbol(Qload_file_name)->value == Qunbound ? Qnil : xsymbol(Qload_file_name)->value;
        default:
            if (c >= '0' && c <= '9') {
                // #NrDIGITS, #N=OBJECT or #N#. N saturates (no wrap-around:
                // #4294967298r1 was read as radix 2); a saturated label is
                // invalid, as Emacs finds #99999999999999999999=.
                std::int64_t n = c - '0';
                while (peek() >= '0' && peek() <= '9') {
                    n = n * 10 + (m_text[m_pos++] - '0');
                    if (n > max_label)
                        n = max_label + 1;
                }
                if (peek() == 'r' || peek() == 'R') {
                    ++m_pos;
                    if (n < 2 || n > 36) {
                        std::size_t digits = m_pos - 1;
                        while (digits > 0 && m_text[digits - 1] >= '0' && m_text[digits - 1] <= '9')
                            --digits;
                        invalid("integer, radix " + std::string(m_text.substr(digits, m_pos - 1 - digits)));
                    }
                    return read_radix(static_cast<int>(n));
                }
                if (n <= max_label && peek() == '=') {
                    ++m_pos;
                    return read_labelled(n);
                }
                if (n <= max_label && peek() == '#') {
                    ++m_pos;
                    auto found = m_labels.find(n);
                    if (found != m_labels.end())
                        return m_label_values[found->second];
                }
            }
            break;
        }
        --m_pos;
        invalid("#");
    }

    // #N=OBJECT: OBJECT, which #N# inside and after it means (print-circle's
    // output read back), by Emacs 28's method: #N# read before OBJECT is
    // complete gives a placeholder cons; a cons OBJECT is then copied into
    // the placeholder (which becomes the object), anything else replaces
    // the placeholder wherever it is inside OBJECT. Hash tables are not
    // searched, as in Emacs 28.
    Value read_labelled(std::int64_t label)
    {
        const std::size_t slot = m_label_values.size();
        m_label_values.push_back(make_cons(Qnil, Qnil));
        m_labels[label] = slot;
        const Value placeholder = m_label_values[slot];
        const Value object = read_quoted();
        if (consp(object)) {
            if (object != placeholder) {
                placeholder.as_cons()->car = xcar(object);
                placeholder.as_cons()->cdr = xcdr(object);
            }
            return placeholder; // (#1=#1# reads as (nil), as in Emacs)
        }
        substitute(object, placeholder);
        m_label_values[slot] = object;
        return object;
    }

    // Replaces `placeholder` by `object` everywhere in object's conses and
    // vectors. Iterative and cycle-safe: the structure may be deep or circular.
    static void substitute(Value object, Value placeholder)
    {
        std::vector<Value> todo{object};
        std::unordered_set<std::uint64_t> seen;
        auto visit = [&](Value& slot) {
            if (slot == placeholder)
                slot = object;
            else if ((consp(slot) || vector_like(slot)) && seen.insert(slot.bits()).second)
                todo.push_back(slot);
        };
        while (!todo.empty()) {
            Value v = todo.back();
            todo.pop_back();
            if (consp(v)) {
                visit(v.as_cons()->car);
                visit(v.as_cons()->cdr);
            } else if (vector_like(v)) {
                for (Value& item : xvector(v)->items)
                    visit(item);
            }
        }
    }

    // #("text" BEG END PLIST ...): a string with text properties.
    Value read_propertized_string()
    {
        Value body = read_list();
        if (!stringp(car_safe(body)))
            invalid("#");
        Value s = xcar(body);
        for (Value p = xcdr(body); consp(p); p = cdr_safe(cdr_safe(xcdr(p)))) {
            Value beg = xcar(p), end = car_safe(xcdr(p)), plist = car_safe(cdr_safe(xcdr(p)));
            if (!consp(cdr_safe(xcdr(p))))
                invalid("Invalid string property list");
            Value args[4] = {beg, end, plist, s};
            funcall(Qset_text_properties, args, 4);
        }
        return s;
    }

    // #&N"BITS": a bool-vector of N elements, BITS's characters its bytes.
    Value read_bool_vector()
    {
        std::size_t length = 0;
        bool digits = false;
        while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
            length = length * 10 + static_cast<std::size_t>(m_text[m_pos++] - '0');
            digits = true;
            if (length > (std::size_t(1) << 40))
                invalid("#&");
        }
        if (!digits || peek() != '"')
            invalid("#&");
        ++m_pos;
        Value bits = read_string();
        std::string bytes;
        const std::int64_t n = string_length(bits);
        for (std::int64_t i = 0; i < n; ++i)
            bytes += static_cast<char>(string_char_at(bits, i) & 0xFF);
        if (bytes.size() != (length + 7) / 8)
            invalid("#&...");
        return bool_vector_from_bytes(length, bytes);
    }

    Value record_of(Value slots)
    {
        std::size_t n = 0;
        for (ListWalker w(slots); w.consp(); w.next())
            ++n;
        if (n == 0) // as Emacs, which makes a record of N-1 slots
            wrong_type(Qwholenump, Value::fixnum(-1));
        Value r = make_record(n, Qnil);
        std::size_t i = 0;
        for (Value p = slots; consp(p); p = xcdr(p))
            xvector(r)->items[i++] = xcar(p);
        return r;
    }

    // #s(hash-table size N test T data (K V ...)), else #s(TYPE SLOTS...): a record.
    Value read_record()
    {
        Value body = read_list();
        if (car_safe(body) != Qhash_table)
            return record_of(body);
        Value test = Qeql;
        Value data = Qnil;
        std::int64_t size = 65; // make-hash-table's default, as Emacs reads it
        for (Value p : plist_pairs(cdr_safe(body))) {
            Value key = xcar(p);
            if (key == Qtest)
                test = xcar(xcdr(p));
            else if (key == Qdata)
                data = xcar(xcdr(p));
            else if (key == Qsize && xcar(xcdr(p)).is_fixnum())
                size = std::max<std::int64_t>(1, xcar(xcdr(p)).as_fixnum());
        }
        // SIZE is a hint: a huge one (#s(hash-table size 6888888888), found
        // by the fuzzer) must not exhaust memory, as it does not in Emacs.
        // Counting also finds a cyclic DATA (#1=(k v . #1#)): circular-list,
        // not a loop forever below.
        std::int64_t pairs = 0;
        for (ListWalker w(data); w.consp(); w.next())
            ++pairs;
        pairs /= 2;
        Value table = make_hash_table_with_test(test, std::min(size, std::max<std::int64_t>(65, pairs)));
        for (Value p = data; p.is_cons(); p = cdr_safe(xcdr(p)))
            hash_put(table, xcar(p), car_safe(xcdr(p)));
        return table;
    }
};

int digit_value(char c, int radix)
{
    int d;
    if (c >= '0' && c <= '9')
        d = c - '0';
    else if (c >= 'a' && c <= 'z')
        d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'Z')
        d = c - 'A' + 10;
    else
        return -1;
    return d < radix ? d : -1;
}

} // namespace

bool parse_integer_token(std::string_view tok, int radix, Value& out)
{
    std::size_t i = 0;
    bool negative = false;
    if (i < tok.size() && (tok[i] == '+' || tok[i] == '-')) {
        negative = tok[i] == '-';
        ++i;
    }
    if (i == tok.size())
        return false;
    std::size_t end = tok.size();
    if (radix == 10 && tok.back() == '.')
        --end; // "1." is the integer 1
    if (i == end)
        return false;
    const std::size_t digits_start = i;
    __int128 v = 0;
    bool big = false;
    for (; i < end; ++i) {
        int d = digit_value(tok[i], radix);
        if (d < 0)
            return false;
        if (!big) {
            v = v * radix + d;
            big = v > most_positive_fixnum + __int128(1);
        }
    }
    if (big) {
        mpz_class z(std::string(tok.substr(digits_start, end - digits_start)), radix);
        out = make_integer_unbounded(negative ? mpz_class(-z) : z);
        return true;
    }
    out = make_integer(static_cast<std::int64_t>(negative ? -v : v));
    return true;
}

bool parse_number_token(std::string_view tok, int radix, Value& out)
{
    if (tok.empty())
        return false;
    if (parse_integer_token(tok, radix, out))
        return true;
    if (radix != 10)
        return false;
    // Float: [+-]? digits? (. digits)? (e [+-]? digits | e+INF | e+NaN)?
    std::size_t i = 0;
    bool negative = false;
    if (tok[i] == '+' || tok[i] == '-') {
        negative = tok[i] == '-';
        ++i;
    }
    std::size_t int_digits = 0, frac_digits = 0;
    while (i < tok.size() && std::isdigit(static_cast<unsigned char>(tok[i])))
        ++i, ++int_digits;
    bool dot = false;
    if (i < tok.size() && tok[i] == '.') {
        dot = true;
        ++i;
        while (i < tok.size() && std::isdigit(static_cast<unsigned char>(tok[i])))
            ++i, ++frac_digits;
    }
    if (int_digits + frac_digits == 0)
        return false;
    std::size_t mantissa_end = i;
    bool exponent = false;
    if (i < tok.size() && (tok[i] == 'e' || tok[i] == 'E')) {
        std::string_view rest = tok.substr(i + 1);
        if (rest == "+INF" || rest == "+NaN") {
            double m = std::strtod(std::string(tok.substr(0, mantissa_end)).c_str(), nullptr);
            if (rest == "+INF") {
                out = make_float(negative ? -HUGE_VAL : HUGE_VAL);
            } else {
                (void)m;
                double nan = std::numeric_limits<double>::quiet_NaN();
                out = make_float(negative ? -nan : nan);
            }
            return true;
        }
        std::size_t j = i + 1;
        if (j < tok.size() && (tok[j] == '+' || tok[j] == '-'))
            ++j;
        std::size_t exp_digits = 0;
        while (j < tok.size() && std::isdigit(static_cast<unsigned char>(tok[j])))
            ++j, ++exp_digits;
        if (exp_digits == 0)
            return false;
        exponent = true;
        i = j;
    }
    if (i != tok.size())
        return false;
    if (!exponent && (!dot || frac_digits == 0))
        return false;
    out = make_float(std::strtod(std::string(tok).c_str(), nullptr));
    return true;
}

Value read_from(std::string_view text, std::size_t& pos)
{
    ReadOptions opts;
    return read_with(text, pos, opts);
}

Value read_with(std::string_view text, std::size_t& pos, const ReadOptions& opts)
{
    Reader r(text, pos, opts);
    Value v = r.read_top();
    pos = r.pos();
    return v;
}

bool at_end_of_forms(std::string_view text, std::size_t& pos)
{
    ReadOptions opts;
    Reader r(text, pos, opts);
    bool more = r.skip_blanks();
    pos = r.pos();
    return !more;
}

} // namespace gapmacs::lisp

// Syntax tables (syntax_table.hpp) and their Lisp functions:
// standard-syntax-table, syntax-table, set-syntax-table, syntax-table-p,
// copy-syntax-table, modify-syntax-entry, char-syntax, string-to-syntax,
// syntax-class-to-char, matching-paren.
//
// The standard table is Emacs's: ASCII as syntax.c sets it up, Latin-1 as
// characters.el does, and the rest of Unicode by general category (opening
// and closing punctuation are parentheses matched by their Bidi pair).
#include "lisp-lite/editor/syntax_table.hpp"

#include <unicode/uchar.h>

#include <string_view>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/heap.hpp"

namespace gapmacs::lisp {

namespace {

constexpr std::string_view class_chars = " .w_()'\"$\\/<>@!|";
constexpr std::string_view flag_chars = "1234pbnc"; // bits 16..23

Value g_standard; // made on first use (Qnil is not set yet at static initialization)
// One shared (CODE) entry per class, as Emacs's syntax-code objects.
Value g_class_entries[16];

Value class_entry(SyntaxClass c) { return g_class_entries[static_cast<int>(c)]; }
Value paren_entry(SyntaxClass c, char32_t match)
{
    return cons(Value::fixnum(static_cast<int>(c)), Value::fixnum(match));
}

SyntaxClass ascii_class(char32_t c)
{
    if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r')
        return SyntaxClass::Whitespace;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '$' || c == '%')
        return SyntaxClass::Word;
    switch (c) {
    case '"': return SyntaxClass::String;
    case '\\': return SyntaxClass::Escape;
    case '(': case '[': case '{': return SyntaxClass::Open;
    case ')': case ']': case '}': return SyntaxClass::Close;
    case '&': case '*': case '+': case '-': case '/': case '<': case '=': case '>': case '_': case '|':
        return SyntaxClass::Symbol;
    default:
        return SyntaxClass::Punct;
    }
}

// characters.el: the Latin-1 symbols and punctuation; the other
// characters from U+00A0 (letters, and signs such as the currencies) are
// words, the C1 controls punctuation.
SyntaxClass latin1_class(char32_t c)
{
    switch (c) {
    case 0xA0: case 0xA1: case 0xA7: case 0xAB: case 0xBB: case 0xBF:
        return SyntaxClass::Punct;
    case 0xA6: case 0xA9: case 0xAC: case 0xAD: case 0xAE: case 0xB0: case 0xB1:
    case 0xB5: case 0xB7: case 0xBC: case 0xBD: case 0xBE: case 0xD7: case 0xF7:
        return SyntaxClass::Symbol;
    default:
        return c < 0xA0 ? SyntaxClass::Punct : SyntaxClass::Word;
    }
}

SyntaxClass category_class(UCharCategory category)
{
    switch (category) {
    case U_START_PUNCTUATION: return SyntaxClass::Open;
    case U_END_PUNCTUATION: return SyntaxClass::Close;
    case U_CONNECTOR_PUNCTUATION: case U_DASH_PUNCTUATION: case U_INITIAL_PUNCTUATION:
    case U_FINAL_PUNCTUATION: case U_OTHER_PUNCTUATION: case U_CONTROL_CHAR: case U_FORMAT_CHAR:
        return SyntaxClass::Punct;
    case U_MATH_SYMBOL: case U_CURRENCY_SYMBOL: case U_MODIFIER_SYMBOL:
        return SyntaxClass::Symbol;
    case U_SPACE_SEPARATOR: case U_LINE_SEPARATOR: case U_PARAGRAPH_SEPARATOR:
        return SyntaxClass::Whitespace;
    default:
        return SyntaxClass::Word;
    }
}

UBool set_category_range(const void* context, UChar32 start, UChar32 limit, UCharCategory category)
{
    auto& table = *static_cast<CharTable*>(const_cast<void*>(context));
    const char32_t from = std::max<char32_t>(static_cast<char32_t>(start), 0x100);
    if (from >= static_cast<char32_t>(limit))
        return true;
    const SyntaxClass cls = category_class(category);
    if (cls == SyntaxClass::Open || cls == SyntaxClass::Close) {
        for (char32_t c = from; c < static_cast<char32_t>(limit); ++c) {
            const auto pair = static_cast<char32_t>(u_getBidiPairedBracket(static_cast<UChar32>(c)));
            table.set(c, pair != c ? paren_entry(cls, pair) : class_entry(cls));
        }
    } else {
        table.set_range(from, static_cast<char32_t>(limit) - 1, class_entry(cls));
    }
    return true;
}

// Fills the standard table, rooted already: the entries it conses may
// start a collection.
void fill_standard_table(CharTable& t)
{
    for (char32_t c = 0; c < 128; ++c)
        t.set(c, class_entry(ascii_class(c)));
    for (auto [open, close] : {std::pair{'(', ')'}, {'[', ']'}, {'{', '}'}}) {
        t.set(static_cast<char32_t>(open), paren_entry(SyntaxClass::Open, static_cast<char32_t>(close)));
        t.set(static_cast<char32_t>(close), paren_entry(SyntaxClass::Close, static_cast<char32_t>(open)));
    }
    for (char32_t c = 0x80; c < 0x100; ++c)
        t.set(c, class_entry(latin1_class(c)));
    u_enumCharTypes(set_category_range, &t);
    t.set_range(max_unicode_char + 1, max_char, class_entry(SyntaxClass::Word));
}

Syntax decode(Value entry)
{
    if (!entry.is_cons() || !xcar(entry).is_fixnum())
        return {};
    Syntax s;
    s.code = static_cast<std::uint32_t>(xcar(entry).as_fixnum());
    if (xcdr(entry).is_fixnum())
        s.match = static_cast<char32_t>(xcdr(entry).as_fixnum());
    return s;
}

Value f_standard_syntax_table(Args) { return standard_syntax_table(); }
Value f_syntax_table(Args) { return current_syntax_table(); }

Value f_set_syntax_table(Args a)
{
    buffer_syntax_table(current_buffer()) = check_syntax_table(a[0]);
    return a[0];
}

Value f_syntax_table_p(Args a)
{
    const CharTable* t = char_table(a[0]);
    return boolean(t && t->subtype == Qsyntax_table);
}

// (copy-syntax-table &optional TABLE): a copy of TABLE (the standard table
// by default). Only the standard table has a default; a copy without a
// parent inherits from the standard table.
Value f_copy_syntax_table(Args a)
{
    Value copy = copy_char_table(nilp(a[0]) ? standard_syntax_table() : check_syntax_table(a[0]));
    CharTable& t = *char_table(copy);
    t.default_value = Qnil;
    if (nilp(t.parent))
        t.parent = standard_syntax_table();
    return copy;
}

// (modify-syntax-entry CHAR NEWENTRY &optional TABLE): CHAR a character or
// (FROM . TO).
Value f_modify_syntax_entry(Args a)
{
    Value table = nilp(a[2]) ? current_syntax_table() : check_syntax_table(a[2]);
    check_string(a[1]);
    Value entry = string_to_syntax(a[1]);
    CharTable& t = *char_table(table);
    if (a[0].is_cons())
        t.set_range(check_char(xcar(a[0])), check_char(xcdr(a[0])), entry);
    else
        t.set(check_char(a[0]), entry);
    return Qnil;
}

Value f_char_syntax(Args a)
{
    return Value::fixnum(syntax_class_char(SyntaxLookup().cls(check_char(a[0]))));
}

Value f_string_to_syntax(Args a)
{
    check_string(a[0]);
    return string_to_syntax(a[0]);
}

Value f_syntax_class_to_char(Args a)
{
    std::int64_t n = check_fixnum(a[0]);
    if (n < 0 || n >= static_cast<std::int64_t>(class_chars.size()))
        args_out_of_range(Value::fixnum(static_cast<std::int64_t>(class_chars.size()) - 1), a[0]);
    return Value::fixnum(class_chars[static_cast<std::size_t>(n)]);
}

Value f_matching_paren(Args a)
{
    Syntax s = SyntaxLookup()(check_char(a[0]));
    if ((s.cls() == SyntaxClass::Open || s.cls() == SyntaxClass::Close) && s.match)
        return Value::fixnum(s.match);
    return Qnil;
}

const SubrDef syntax_table_subrs[] = {
    {"standard-syntax-table", 0, 0, f_standard_syntax_table},
    {"syntax-table", 0, 0, f_syntax_table},
    {"set-syntax-table", 1, 1, f_set_syntax_table},
    {"syntax-table-p", 1, 1, f_syntax_table_p},
    {"copy-syntax-table", 0, 1, f_copy_syntax_table},
    {"modify-syntax-entry", 2, 3, f_modify_syntax_entry},
    {"char-syntax", 1, 1, f_char_syntax},
    {"string-to-syntax", 1, 1, f_string_to_syntax},
    {"syntax-class-to-char", 1, 1, f_syntax_class_to_char},
    {"matching-paren", 1, 1, f_matching_paren},
};

} // namespace

char syntax_class_char(SyntaxClass c)
{
    const auto i = static_cast<std::size_t>(c);
    return i < class_chars.size() ? class_chars[i] : ' ';
}

int syntax_class_of_char(char c)
{
    if (c == '-')
        c = ' ';
    auto i = class_chars.find(c);
    return i == std::string_view::npos ? -1 : static_cast<int>(i);
}

Value string_to_syntax(Value descriptor)
{
    standard_syntax_table(); // makes the shared class entries
    std::string_view d = string_view(descriptor);
    if (d.empty())
        error("Invalid syntax description: empty");
    const int cls = syntax_class_of_char(d[0]);
    if (cls < 0)
        xsignal1(Qerror, make_string(std::string("Invalid syntax description letter: ") + d[0]));
    if (cls == static_cast<int>(SyntaxClass::Inherit))
        return Qnil;
    std::int64_t code = cls;
    Value match = Qnil;
    std::size_t i = 1;
    if (i < d.size()) {
        int len = 1;
        char32_t m = decode_internal_char(d.data() + i, d.data() + d.size(), &len);
        if (m != ' ')
            match = Value::fixnum(m);
        i += static_cast<std::size_t>(len);
    }
    for (; i < d.size(); ++i)
        if (auto f = flag_chars.find(d[i]); f != std::string_view::npos)
            code |= std::int64_t(1) << (16 + f);
    if (nilp(match) && code < 16)
        return class_entry(static_cast<SyntaxClass>(code));
    return cons(Value::fixnum(code), match);
}

Value standard_syntax_table()
{
    if (g_standard.is_empty()) {
        for (Value& entry : g_class_entries) {
            entry = cons(Value::fixnum(&entry - g_class_entries), Qnil);
            add_root(&entry);
        }
        g_standard = make_char_table(Qsyntax_table, Qnil);
        add_root(&g_standard);
        fill_standard_table(*char_table(g_standard));
    }
    return g_standard;
}

Value check_syntax_table(Value v)
{
    const CharTable* t = char_table(v);
    if (!t || t->subtype != Qsyntax_table)
        wrong_type(Qsyntax_table_p, v);
    return v;
}

Value current_syntax_table()
{
    Value t = buffer_syntax_table(current_buffer());
    return nilp(t) ? standard_syntax_table() : t;
}

SyntaxLookup::SyntaxLookup(Value table) : m_table(char_table(table))
{
    for (char32_t c = 0; c < 128; ++c)
        m_ascii[c] = lookup(c);
}

SyntaxLookup::SyntaxLookup() : SyntaxLookup(current_syntax_table()) {}

Syntax SyntaxLookup::lookup(char32_t c) const { return decode(m_table->get(c)); }

Syntax decode_syntax_descriptor(Value entry) { return decode(entry); }

// The standard table is made on first use: reading Unicode's categories
// costs start-up time most batch runs never need back.
void register_syntax_table_builtins() { register_subrs(syntax_table_subrs); }

} // namespace gapmacs::lisp

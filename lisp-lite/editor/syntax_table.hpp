// Syntax tables: Emacs's char-tables of raw syntax descriptors, (CODE .
// MATCHING-CHAR), where CODE holds a syntax class in its low byte and the
// flags 1234pbnc above it. Each buffer has one (set-syntax-table); nil
// means the standard table, whose non-ASCII entries come from Unicode's
// general categories as words, punctuation, symbols and parentheses.
//
// The scanners (syntax_scan.cpp, words.cpp) read a table through a
// SyntaxLookup, which resolves ASCII once so that the hot loops index an
// array.
#pragma once
#include <array>
#include <cstdint>

#include "lisp-lite/lang/char_table.hpp"

namespace gapmacs::lisp {

enum class SyntaxClass : std::uint8_t {
    Whitespace, Punct, Word, Symbol, Open, Close, Quote, String, Math,
    Escape, CharQuote, Comment, EndComment, Inherit, CommentFence, StringFence,
    Max, // no class: "nothing seen yet" for the two-character constructs
};

// A resolved syntax entry: class, flags, matching character.
struct Syntax {
    std::uint32_t code = 0; // class | flags << 16, as Emacs's raw descriptor
    char32_t match = 0;     // 0 when none

    SyntaxClass cls() const { return static_cast<SyntaxClass>(code & 0xFF); }
    bool flag(int bit) const { return (code >> bit) & 1; }
    bool comstart_first() const { return flag(16); }
    bool comstart_second() const { return flag(17); }
    bool comend_first() const { return flag(18); }
    bool comend_second() const { return flag(19); }
    bool prefix() const { return flag(20); }
    bool style_b() const { return flag(21); }
    bool nested() const { return flag(22); }
    bool style_c() const { return flag(23); }
    // Emacs's SYNTAX_FLAGS_COMMENT_STYLE(this, other): b from this one,
    // c from either.
    int comment_style(Syntax other) const
    {
        return (style_b() ? 1 : 0) | (style_c() ? 2 : 0) | (other.style_c() ? 2 : 0);
    }
    static Syntax none() { return {static_cast<std::uint32_t>(SyntaxClass::Max), 0}; }
};

// The syntax-class character ("w", "_", "(" ...) and back; -1 when invalid.
char syntax_class_char(SyntaxClass c);
int syntax_class_of_char(char c);

// A descriptor string ("w", ". 124b", "()") as Emacs's string-to-syntax
// value: (CODE . MATCH), (CODE), or nil for "@" (inherit).
Value string_to_syntax(Value descriptor);

// The Syntax of a raw descriptor (CODE . MATCHING-CHAR); none for anything else.
Syntax decode_syntax_descriptor(Value entry);

// The standard syntax table, and the current buffer's table.
Value standard_syntax_table();
Value current_syntax_table();
// v when it is a syntax table; else signals wrong-type-argument.
Value check_syntax_table(Value v);

// Lookups in one table, ASCII resolved at construction.
class SyntaxLookup {
public:
    explicit SyntaxLookup(Value table);
    // The current buffer's table.
    SyntaxLookup();
    Syntax operator()(char32_t c) const { return c < 128 ? m_ascii[c] : lookup(c); }
    SyntaxClass cls(char32_t c) const { return (*this)(c).cls(); }

private:
    Syntax lookup(char32_t c) const;
    const CharTable* m_table;
    std::array<Syntax, 128> m_ascii;
};

} // namespace gapmacs::lisp

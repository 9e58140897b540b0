// The character data Emacs's regexps need that ICU does not have: the
// standard syntax table's classes and Emacs's categories, generated from
// GNU Emacs 28.2 (regex_char_data.cpp). Private to core/regex*.
#pragma once
#include <span>

namespace gapmacs::regex_data {

struct CodeRange {
    char32_t from, to;
};

// The standard table's characters of syntax class CODE (' ' 'w' '_' '.'
// '(' ')' '"' '\\'; '-' is ' '), empty for a class no character has there.
std::span<const CodeRange> standard_syntax_ranges(char32_t code);
// The characters of category LETTER when a table lists them; empty for
// the categories approximated by Unicode properties and unknown ones.
std::span<const CodeRange> category_ranges(char32_t letter);

} // namespace gapmacs::regex_data

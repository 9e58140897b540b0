// Finding a string of bytes in a string of bytes, at memchr speed, with
// Emacs's case folding of ASCII letters when asked.
//
// Emacs folds an ASCII letter to its ASCII partner only ("k" does not match
// KELVIN SIGN, "ss" does not match "ß"), so a needle of ASCII bytes matches
// the same text whether the text is UTF-8 or raw bytes: a byte of 0x80 or
// more never equals a folded ASCII byte.
#pragma once
#include <cstddef>
#include <string_view>

namespace gapmacs {

enum class AsciiCase { exact, fold };

// Offset of the first occurrence of `needle` in `haystack`, or npos. An empty
// needle is found at 0. With AsciiCase::fold, ASCII letters of the needle
// match either case; every other byte matches itself.
std::size_t find_bytes(std::string_view haystack, std::string_view needle, AsciiCase how);
// Offset of the last occurrence, or npos (an empty needle: haystack.size()).
std::size_t rfind_bytes(std::string_view haystack, std::string_view needle, AsciiCase how);
// Whether `text` starts with `needle` (under `how`).
bool starts_with_bytes(std::string_view text, std::string_view needle, AsciiCase how);

} // namespace gapmacs

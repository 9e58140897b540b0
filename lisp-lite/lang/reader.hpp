// Reader internals shared with string-to-number, load and the hash tables.
#pragma once
#include <string>
#include <string_view>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

struct ReadOptions {
    std::string file_name; // for (end-of-file FILE)
    bool positions = false; // add LINE COLUMN to invalid-read-syntax
};

Value read_with(std::string_view text, std::size_t& pos, const ReadOptions& opts);
// True (and pos past the blanks) when only whitespace/comments remain.
bool at_end_of_forms(std::string_view text, std::size_t& pos);

// Whole-token number syntax of the reader: integers beyond the fixnum
// range are bignums, of any width (as Emacs's reader).
bool parse_integer_token(std::string_view tok, int radix, Value& out);
bool parse_number_token(std::string_view tok, int radix, Value& out);

// Hash tables (builtins_hash.cpp), used by #s(hash-table ...).
Value make_hash_table_with_test(Value test, std::int64_t size);
void hash_put(Value table, Value key, Value value);
Value hash_get(Value table, Value key, Value dflt);

} // namespace gapmacs::lisp

// Bool-vectors, as Emacs 28's data.c and alloc.c have them: arrays of t
// and nil, printed and read as #&LENGTH"BITS" (a byte per eight elements,
// lowest element in the lowest bit). Emacs's category sets are bool-vectors.
#pragma once
#include <vector>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

struct BoolVector {
    std::vector<bool> bits;
};

// The bool-vector v is, or null.
BoolVector* bool_vector(Value v);
BoolVector& check_bool_vector(Value v);
Value make_bool_vector(std::size_t length, bool init);
// #&N"BITS": BITS's bytes give the elements (reader.cpp).
Value bool_vector_from_bytes(std::size_t length, std::string_view bytes);

} // namespace gapmacs::lisp

// Obarrays other than the initial one (obarrays.cpp).
#pragma once
#include <string_view>

#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Is OB the global table of symbols: nil, or the vector `obarray' holds?
bool initial_obarray_p(Value ob);
// In the vector obarray OB (wrong-type-argument vectorp otherwise):
Value obarray_intern(Value ob, std::string_view name);
Value obarray_lookup(Value ob, std::string_view name); // an empty Value when absent
bool obarray_remove(Value ob, Value sym);              // was SYM there?
void obarray_map(Value ob, Value fn);                  // calls FN with each symbol, last bucket first (as mapatoms)
void obarray_symbols(Value ob, RootedVector& out);     // appends each symbol, first bucket first (as all-completions)
// Defines the variable `obarray' (the global table's stand-in vector).
void define_obarray_variable();

} // namespace gapmacs::lisp

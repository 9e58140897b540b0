// Integers beyond the fixnum range, as Emacs 27 has them: GMP integers in
// heap objects. An integer that fits a fixnum is always a fixnum, so a
// bignum is never `eql' to a fixnum and small integers stay `eq'.
#pragma once
#include <optional>

#include <gmpxx.h>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

struct Bignum : Object {
    mpz_class value;
};

inline const mpz_class& xbignum(Value v) { return static_cast<Bignum*>(v.as_object())->value; }

// An integer (fixnum or bignum) as GMP's.
mpz_class integer_value(Value integer);

// A new bignum holding z (heap.cpp); make_integer is what callers want.
Value make_bignum(const mpz_class& z);

// z as a Lisp integer: a fixnum when it fits, else a bignum. Signals
// overflow-error past max_integer_bits().
Value make_integer(const mpz_class& z);
// The same without the width check: Emacs's reader and string-to-number
// take an integer of any size; arithmetic on it is what overflows.
Value make_integer_unbounded(const mpz_class& z);

// The widest integer there can be, in bits: `integer-width', but never
// below 128 (as Emacs).
std::size_t max_integer_bits();

// The double nearest to an integer, ties to even (a bignum past the
// largest double is an infinity, as in Emacs).
double integer_to_double(Value integer);
double integer_to_double(const mpz_class& z);

// The integer whose value a finite double with no fraction has.
Value double_to_integer(double d);

// Compares two numbers (fixnums, bignums, floats) exactly, as Emacs does:
// an integer is never rounded to a double first. Negative, zero or
// positive; nullopt when either is a NaN.
std::optional<int> compare_numbers(Value a, Value b);

// sxhash of a bignum: equal values hash alike.
std::uint64_t bignum_hash(Value v);


} // namespace gapmacs::lisp

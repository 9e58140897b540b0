// Bignums: conversions between fixnums, GMP integers and doubles, and the
// exact comparison every numeric predicate shares.
#include "lisp-lite/lang/bignum.hpp"

#include <cmath>

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/heap.hpp"

namespace gapmacs::lisp {

namespace {

bool fits_fixnum(const mpz_class& z)
{
    return mpz_fits_slong_p(z.get_mpz_t()) && fixnum_in_range(mpz_get_si(z.get_mpz_t()));
}

} // namespace

std::size_t max_integer_bits()
{
    // Emacs never refuses an integer of up to 128 bits, whatever integer-width says.
    constexpr std::size_t always_allowed = 128;
    const Value v = xsymbol(Qinteger_width)->value;
    const std::size_t width = v.is_fixnum() && v.as_fixnum() > 0 ? static_cast<std::size_t>(v.as_fixnum()) : 0;
    return std::max(width, always_allowed);
}

mpz_class integer_value(Value integer)
{
    if (integer.is_fixnum())
        return mpz_class(static_cast<long>(integer.as_fixnum()));
    return xbignum(integer);
}

Value make_integer(const mpz_class& z)
{
    if (fits_fixnum(z))
        return Value::fixnum(mpz_get_si(z.get_mpz_t()));
    if (mpz_sizeinbase(z.get_mpz_t(), 2) > max_integer_bits())
        xsignal(Qoverflow_error, Qnil);
    return make_bignum(z);
}

Value make_integer_unbounded(const mpz_class& z)
{
    return fits_fixnum(z) ? Value::fixnum(mpz_get_si(z.get_mpz_t())) : make_bignum(z);
}

Value make_integer(std::int64_t n)
{
    if (fixnum_in_range(n))
        return Value::fixnum(n);
    return make_bignum(mpz_class(static_cast<long>(n)));
}

double integer_to_double(Value integer)
{
    return integer.is_fixnum() ? static_cast<double>(integer.as_fixnum()) : integer_to_double(xbignum(integer));
}

double integer_to_double(const mpz_class& z)
{
    const std::size_t bits = mpz_sizeinbase(z.get_mpz_t(), 2);
    if (bits <= 53)
        return mpz_get_d(z.get_mpz_t()); // exact (mpz_get_d truncates)
    // The top 64 bits, the lowest one set when any bit below them is (a
    // sticky bit): converting that to double rounds as the whole would.
    const mpz_class magnitude = abs(z);
    const std::size_t shift = bits > 64 ? bits - 64 : 0;
    const mpz_class top = magnitude >> shift;
    auto m = static_cast<std::uint64_t>(mpz_get_ui(top.get_mpz_t()));
    if (mpz_scan1(magnitude.get_mpz_t(), 0) < shift)
        m |= 1;
    const double d = std::ldexp(static_cast<double>(m), static_cast<int>(std::min<std::size_t>(shift, 4096)));
    return sgn(z) < 0 ? -d : d;
}

Value double_to_integer(double d)
{
    if (d >= -4.6e18 && d <= 4.6e18) {
        const auto n = static_cast<std::int64_t>(d);
        if (fixnum_in_range(n))
            return Value::fixnum(n);
    }
    return make_integer(mpz_class(d));
}

std::optional<int> compare_numbers(Value a, Value b)
{
    auto sign = [](auto x) { return x < 0 ? -1 : x > 0 ? 1 : 0; };
    if (a.is_fixnum() && b.is_fixnum())
        return sign(a.as_fixnum() - b.as_fixnum());
    const bool af = floatp(a), bf = floatp(b);
    if (!af && !bf)
        return sign(cmp(integer_value(a), integer_value(b)));
    if (af && bf) {
        const double x = xfloat(a), y = xfloat(b);
        if (std::isnan(x) || std::isnan(y))
            return std::nullopt;
        return x < y ? -1 : x > y ? 1 : 0;
    }
    // An integer and a float.
    const double d = af ? xfloat(a) : xfloat(b);
    const Value n = af ? b : a;
    if (std::isnan(d))
        return std::nullopt;
    int c; // the integer against the float
    if (std::isinf(d))
        c = d > 0 ? -1 : 1;
    else if (n.is_fixnum() && std::abs(n.as_fixnum()) <= (std::int64_t(1) << 53))
        c = sign(static_cast<double>(n.as_fixnum()) - d);
    else
        c = sign(mpz_cmp_d(integer_value(n).get_mpz_t(), d));
    return af ? -c : c;
}

std::uint64_t bignum_hash(Value v)
{
    const mpz_srcptr z = xbignum(v).get_mpz_t();
    std::uint64_t h = static_cast<std::uint64_t>(mpz_sgn(z)) * 0x9E3779B97F4A7C15ull;
    for (std::size_t i = 0; i < mpz_size(z); ++i)
        h = (h ^ mpz_getlimbn(z, i)) * 0x100000001b3ull;
    return h;
}

} // namespace gapmacs::lisp

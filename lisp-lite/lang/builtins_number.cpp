// Numbers: arithmetic, comparison, rounding, bit operations.
// Integers are fixnums only: a result beyond most-positive-fixnum signals
// overflow-error where Emacs would make a bignum (docs/lisp-lite.md).
#include <cmath>
#include <random>

#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

bool any_float(Args a)
{
    for (Value v : a) {
        if (floatp(v))
            return true;
        if (!v.is_fixnum() && !marker_to_number(v).is_fixnum())
            wrong_type(Qnumber_or_marker_p, v);
    }
    return false;
}

std::int64_t as_int(Value v) { return v.is_fixnum() ? v.as_fixnum() : check_fixnum_coerce_marker(v); }

enum class Op { Add, Sub, Mul, Div };

Value arith(Args a, Op op)
{
    if (any_float(a)) {
        double acc = a.n ? check_number(a[0]) : (op == Op::Mul ? 1 : 0);
        if (a.n == 1) {
            if (op == Op::Sub)
                return make_float(-acc);
            if (op == Op::Div)
                return make_float(1.0 / acc);
        }
        for (std::size_t i = 1; i < a.n; ++i) {
            double x = check_number(a[i]);
            switch (op) {
            case Op::Add: acc += x; break;
            case Op::Sub: acc -= x; break;
            case Op::Mul: acc *= x; break;
            case Op::Div: acc /= x; break;
            }
        }
        return make_float(acc);
    }
    if (a.n == 0)
        return Value::fixnum(op == Op::Mul ? 1 : 0);
    std::int64_t acc = as_int(a[0]);
    if (a.n == 1) {
        if (op == Op::Sub)
            return make_integer(-acc);
        if (op == Op::Div) {
            if (acc == 0)
                xsignal(Qarith_error, Qnil);
            return Value::fixnum(1 / acc);
        }
        return make_integer(acc);
    }
    for (std::size_t i = 1; i < a.n; ++i) {
        std::int64_t x = as_int(a[i]);
        bool overflow = false;
        switch (op) {
        case Op::Add: overflow = __builtin_add_overflow(acc, x, &acc); break;
        case Op::Sub: overflow = __builtin_sub_overflow(acc, x, &acc); break;
        case Op::Mul: overflow = __builtin_mul_overflow(acc, x, &acc); break;
        case Op::Div:
            if (x == 0)
                xsignal(Qarith_error, Qnil);
            acc /= x;
            break;
        }
        if (overflow || !fixnum_in_range(acc))
            xsignal(Qoverflow_error, Qnil);
    }
    return Value::fixnum(acc);
}

Value f_plus(Args a)
{
    // The common case (+ fixnum fixnum) first.
    if (a.n == 2 && a[0].is_fixnum() && a[1].is_fixnum())
        return make_integer(a[0].as_fixnum() + a[1].as_fixnum());
    return arith(a, Op::Add);
}
Value f_minus(Args a)
{
    if (a.n == 2 && a[0].is_fixnum() && a[1].is_fixnum())
        return make_integer(a[0].as_fixnum() - a[1].as_fixnum());
    return arith(a, Op::Sub);
}
Value f_times(Args a) { return arith(a, Op::Mul); }
Value f_quo(Args a) { return arith(a, Op::Div); }

// A marker counts as its position, an integer (as Emacs's 1+ and 1-).
Value f_add1(Args a)
{
    const Value v = marker_to_number(a[0]);
    if (v.is_fixnum())
        return make_integer(v.as_fixnum() + 1);
    return make_float(check_number(v) + 1);
}
Value f_sub1(Args a)
{
    const Value v = marker_to_number(a[0]);
    if (v.is_fixnum())
        return make_integer(v.as_fixnum() - 1);
    return make_float(check_number(v) - 1);
}

enum class Cmp { Eq, Lt, Gt, Le, Ge };

bool compare2(Value x, Value y, Cmp c)
{
    if (x.is_fixnum() && y.is_fixnum()) {
        std::int64_t p = x.as_fixnum(), q = y.as_fixnum();
        switch (c) {
        case Cmp::Eq: return p == q;
        case Cmp::Lt: return p < q;
        case Cmp::Gt: return p > q;
        case Cmp::Le: return p <= q;
        case Cmp::Ge: return p >= q;
        }
    }
    double p = check_number(x), q = check_number(y);
    switch (c) {
    case Cmp::Eq: return p == q;
    case Cmp::Lt: return p < q;
    case Cmp::Gt: return p > q;
    case Cmp::Le: return p <= q;
    case Cmp::Ge: return p >= q;
    }
    return false;
}

Value compare(Args a, Cmp c)
{
    if (a.n == 1)
        check_number(a[0]);
    for (std::size_t i = 0; i + 1 < a.n; ++i)
        if (!compare2(a[i], a[i + 1], c))
            return Qnil;
    return Qt;
}

Value f_eqlsign(Args a) { return compare(a, Cmp::Eq); }
Value f_lss(Args a) { return compare(a, Cmp::Lt); }
Value f_gtr(Args a) { return compare(a, Cmp::Gt); }
Value f_leq(Args a) { return compare(a, Cmp::Le); }
Value f_geq(Args a) { return compare(a, Cmp::Ge); }
Value f_neq(Args a) { return boolean(!compare2(a[0], a[1], Cmp::Eq)); }

Value minmax(Args a, bool want_max)
{
    Value best = a[0];
    check_number(best);
    for (std::size_t i = 1; i < a.n; ++i) {
        Value v = a[i];
        double x = check_number(v), b = check_number(best);
        if (std::isnan(x) || std::isnan(b)) {
            best = std::isnan(x) ? v : best;
            continue;
        }
        if (want_max ? x > b : x < b)
            best = v;
    }
    return marker_to_number(best);
}

Value f_max(Args a) { return minmax(a, true); }
Value f_min(Args a) { return minmax(a, false); }

Value f_abs(Args a)
{
    if (a[0].is_fixnum())
        return make_integer(std::abs(a[0].as_fixnum()));
    return make_float(std::fabs(check_number(a[0])));
}

Value f_rem(Args a)
{
    std::int64_t x = check_fixnum_coerce_marker(a[0]), y = check_fixnum_coerce_marker(a[1]);
    if (y == 0)
        xsignal(Qarith_error, Qnil);
    return Value::fixnum(x % y);
}

Value f_mod(Args a)
{
    if (any_float(a)) {
        double x = check_number(a[0]), y = check_number(a[1]);
        double r = std::fmod(x, y);
        if (y < 0 ? r > 0 : r < 0)
            r += y;
        return make_float(r);
    }
    std::int64_t x = as_int(a[0]), y = as_int(a[1]);
    if (y == 0)
        xsignal(Qarith_error, Qnil);
    std::int64_t r = x % y;
    if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
    return Value::fixnum(r);
}

Value float_to_integer(double d, Value original)
{
    if (std::isnan(d) || d >= 9.3e18 || d <= -9.3e18 || !fixnum_in_range(static_cast<std::int64_t>(d)))
        xsignal1(Qoverflow_error, original);
    return Value::fixnum(static_cast<std::int64_t>(d));
}

std::int64_t round_half_even_div(std::int64_t x, std::int64_t y)
{
    std::int64_t q = x / y, r = x % y;
    std::int64_t abs_r2 = 2 * std::abs(r), abs_y = std::abs(y);
    bool negative = (x < 0) != (y < 0);
    if (abs_r2 > abs_y || (abs_r2 == abs_y && (q % 2 != 0)))
        q += negative ? -1 : 1;
    return q;
}

enum class Rounding { Floor, Ceiling, Round, Truncate };

double round_double(double d, Rounding r)
{
    switch (r) {
    case Rounding::Floor: return std::floor(d);
    case Rounding::Ceiling: return std::ceil(d);
    case Rounding::Round: return std::nearbyint(d);
    case Rounding::Truncate: return std::trunc(d);
    }
    return d;
}

Value rounding(Args a, Rounding r)
{
    Value x = a[0], y = a[1];
    if (nilp(y)) {
        if (x.is_fixnum())
            return x;
        return float_to_integer(round_double(check_number(x), r), x);
    }
    if (x.is_fixnum() && y.is_fixnum()) {
        std::int64_t p = x.as_fixnum(), q = y.as_fixnum();
        if (q == 0)
            xsignal(Qarith_error, Qnil);
        std::int64_t quo = p / q, rem = p % q;
        switch (r) {
        case Rounding::Floor:
            if (rem != 0 && ((rem < 0) != (q < 0)))
                --quo;
            break;
        case Rounding::Ceiling:
            if (rem != 0 && ((rem < 0) == (q < 0)))
                ++quo;
            break;
        case Rounding::Round: quo = round_half_even_div(p, q); break;
        case Rounding::Truncate: break;
        }
        return Value::fixnum(quo);
    }
    double p = check_number(x), q = check_number(y);
    if (q == 0)
        xsignal(Qarith_error, Qnil);
    return float_to_integer(round_double(p / q, r), x);
}

Value f_floor(Args a) { return rounding(a, Rounding::Floor); }
Value f_ceiling(Args a) { return rounding(a, Rounding::Ceiling); }
Value f_round(Args a) { return rounding(a, Rounding::Round); }
Value f_truncate(Args a) { return rounding(a, Rounding::Truncate); }

double check_float(Value v)
{
    if (!floatp(v))
        wrong_type(Qfloatp, v);
    return xfloat(v);
}

Value f_ffloor(Args a) { return make_float(std::floor(check_float(a[0]))); }
Value f_fceiling(Args a) { return make_float(std::ceil(check_float(a[0]))); }
Value f_fround(Args a) { return make_float(std::nearbyint(check_float(a[0]))); }
Value f_ftruncate(Args a) { return make_float(std::trunc(check_float(a[0]))); }
Value f_float(Args a) { return floatp(a[0]) ? a[0] : make_float(check_number(a[0])); }

Value f_expt(Args a)
{
    Value x = a[0], y = a[1];
    if (x.is_fixnum() && y.is_fixnum() && y.as_fixnum() >= 0) {
        std::int64_t base = x.as_fixnum(), e = y.as_fixnum(), acc = 1;
        while (e > 0) {
            if (e & 1 && __builtin_mul_overflow(acc, base, &acc))
                xsignal(Qoverflow_error, Qnil);
            e >>= 1;
            if (e && __builtin_mul_overflow(base, base, &base))
                xsignal(Qoverflow_error, Qnil);
        }
        return make_integer(acc);
    }
    return make_float(std::pow(check_number(x), check_number(y)));
}

Value f_sqrt(Args a) { return make_float(std::sqrt(check_number(a[0]))); }
Value f_exp(Args a) { return make_float(std::exp(check_number(a[0]))); }
Value f_log(Args a)
{
    double x = check_number(a[0]);
    if (nilp(a[1]))
        return make_float(std::log(x));
    double b = check_number(a[1]);
    return make_float(b == 10 ? std::log10(x) : b == 2 ? std::log2(x) : std::log(x) / std::log(b));
}
Value f_sin(Args a) { return make_float(std::sin(check_number(a[0]))); }
Value f_cos(Args a) { return make_float(std::cos(check_number(a[0]))); }
Value f_tan(Args a) { return make_float(std::tan(check_number(a[0]))); }
Value f_atan(Args a)
{
    if (nilp(a[1]))
        return make_float(std::atan(check_number(a[0])));
    return make_float(std::atan2(check_number(a[0]), check_number(a[1])));
}
Value f_isnan(Args a) { return boolean(std::isnan(check_float(a[0]))); }
Value f_asin(Args a) { return make_float(std::asin(check_number(a[0]))); }
Value f_acos(Args a) { return make_float(std::acos(check_number(a[0]))); }

Value logic(Args a, int op)
{
    std::int64_t acc = op == 0 ? -1 : 0;
    for (Value v : a) {
        std::int64_t x = check_fixnum_coerce_marker(v);
        acc = op == 0 ? acc & x : op == 1 ? acc | x : acc ^ x;
    }
    return Value::fixnum(acc);
}
Value f_logand(Args a) { return logic(a, 0); }
Value f_logior(Args a) { return logic(a, 1); }
Value f_logxor(Args a) { return logic(a, 2); }
Value f_lognot(Args a) { return Value::fixnum(~check_fixnum(a[0])); }

Value f_ash(Args a)
{
    std::int64_t v = check_fixnum(a[0]), c = check_fixnum(a[1]);
    if (c <= 0)
        return Value::fixnum(c <= -63 ? (v < 0 ? -1 : 0) : v >> -c);
    if (v == 0)
        return Value::fixnum(0);
    if (c >= 62)
        xsignal(Qoverflow_error, Qnil);
    __int128 r = static_cast<__int128>(v) << c;
    if (r > most_positive_fixnum || r < most_negative_fixnum)
        xsignal(Qoverflow_error, Qnil);
    return Value::fixnum(static_cast<std::int64_t>(r));
}

Value f_lsh(Args a)
{
    std::int64_t v = check_fixnum(a[0]), c = check_fixnum(a[1]);
    if (v < 0 && c < 0) {
        // Emacs 28 treats a negative fixnum as its 62-bit two's complement.
        std::uint64_t u = static_cast<std::uint64_t>(v) & ((std::uint64_t(1) << 62) - 1);
        return Value::fixnum(c <= -62 ? 0 : static_cast<std::int64_t>(u >> -c));
    }
    return f_ash(a);
}

Value f_zerop(Args a)
{
    if (a[0].is_fixnum())
        return boolean(a[0].as_fixnum() == 0);
    if (floatp(a[0]))
        return boolean(xfloat(a[0]) == 0);
    wrong_type(Qnumberp, a[0]);
}

Value f_natnump(Args a) { return boolean(a[0].is_fixnum() && a[0].as_fixnum() >= 0); }
Value f_numberp(Args a) { return boolean(numberp(a[0])); }
Value f_integerp(Args a) { return boolean(a[0].is_fixnum()); }
Value f_bignump(Args) { return Qnil; }
Value f_floatp(Args a) { return boolean(floatp(a[0])); }
Value f_number_or_marker_p(Args a) { return boolean(numberp(a[0]) || a[0].is(Type::Marker)); }
Value f_integer_or_marker_p(Args a) { return boolean(a[0].is_fixnum() || a[0].is(Type::Marker)); }

Value f_random(Args a)
{
    static std::mt19937_64 rng(42);
    if (a[0] == Qt)
        rng.seed(std::random_device{}());
    if (a[0].is_fixnum() && a[0].as_fixnum() > 0)
        return Value::fixnum(static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(a[0].as_fixnum())));
    return Value::fixnum(static_cast<std::int64_t>(rng() >> 3) & most_positive_fixnum);
}

const SubrDef number_subrs[] = {
    {"+", 0, many, f_plus},
    {"-", 0, many, f_minus},
    {"*", 0, many, f_times},
    {"/", 1, many, f_quo},
    {"1+", 1, 1, f_add1},
    {"1-", 1, 1, f_sub1},
    {"=", 1, many, f_eqlsign},
    {"<", 1, many, f_lss},
    {">", 1, many, f_gtr},
    {"<=", 1, many, f_leq},
    {">=", 1, many, f_geq},
    {"/=", 2, 2, f_neq},
    {"max", 1, many, f_max},
    {"min", 1, many, f_min},
    {"abs", 1, 1, f_abs},
    {"%", 2, 2, f_rem},
    {"mod", 2, 2, f_mod},
    {"floor", 1, 2, f_floor},
    {"ceiling", 1, 2, f_ceiling},
    {"round", 1, 2, f_round},
    {"truncate", 1, 2, f_truncate},
    {"ffloor", 1, 1, f_ffloor},
    {"fceiling", 1, 1, f_fceiling},
    {"fround", 1, 1, f_fround},
    {"ftruncate", 1, 1, f_ftruncate},
    {"float", 1, 1, f_float},
    {"expt", 2, 2, f_expt},
    {"sqrt", 1, 1, f_sqrt},
    {"exp", 1, 1, f_exp},
    {"log", 1, 2, f_log},
    {"sin", 1, 1, f_sin},
    {"cos", 1, 1, f_cos},
    {"tan", 1, 1, f_tan},
    {"atan", 1, 2, f_atan},
    {"asin", 1, 1, f_asin},
    {"acos", 1, 1, f_acos},
    {"isnan", 1, 1, f_isnan},
    {"logand", 0, many, f_logand},
    {"logior", 0, many, f_logior},
    {"logxor", 0, many, f_logxor},
    {"lognot", 1, 1, f_lognot},
    {"ash", 2, 2, f_ash},
    {"lsh", 2, 2, f_lsh},
    {"zerop", 1, 1, f_zerop},
    {"natnump", 1, 1, f_natnump},
    {"wholenump", 1, 1, f_natnump},
    {"numberp", 1, 1, f_numberp},
    {"integerp", 1, 1, f_integerp},
    {"fixnump", 1, 1, f_integerp},
    {"bignump", 1, 1, f_bignump},
    {"floatp", 1, 1, f_floatp},
    {"number-or-marker-p", 1, 1, f_number_or_marker_p},
    {"integer-or-marker-p", 1, 1, f_integer_or_marker_p},
    {"random", 0, 1, f_random},
};

} // namespace

void register_number_builtins() { register_subrs(number_subrs); }

} // namespace gapmacs::lisp

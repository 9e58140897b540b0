// Numbers: arithmetic, comparison, rounding, bit operations. Integers are
// fixnums and, beyond their range, bignums (bignum.hpp): fixnum arithmetic
// stays on machine words and moves to GMP only when a result would not fit.
#include <cmath>
#include <random>

#include "lisp-lite/lang/bignum.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

// A number argument (number-or-marker-p), a marker as its position.
Value number_arg(Value v)
{
    if (v.is_fixnum() || floatp(v) || bignump(v))
        return v;
    const Value m = marker_to_number(v);
    if (m.is_fixnum())
        return m;
    wrong_type(Qnumber_or_marker_p, v);
}

// An integer argument (integer-or-marker-p), a marker as its position.
Value integer_arg(Value v)
{
    if (integerp(v))
        return v;
    const Value m = marker_to_number(v);
    if (m.is_fixnum())
        return m;
    wrong_type(Qinteger_or_marker_p, v);
}

int integer_sign(Value integer)
{
    return integer.is_fixnum() ? (integer.as_fixnum() > 0) - (integer.as_fixnum() < 0) : sgn(xbignum(integer));
}

double to_double(Value number) { return floatp(number) ? xfloat(number) : integer_to_double(number); }

enum class Op { Add, Sub, Mul, Div };

double float_op(double acc, double x, Op op)
{
    switch (op) {
    case Op::Add: return acc + x;
    case Op::Sub: return acc - x;
    case Op::Mul: return acc * x;
    case Op::Div: return acc / x;
    }
    return acc;
}

// Exact integer arithmetic: machine words while every step fits, GMP after.
class IntegerAccumulator {
public:
    explicit IntegerAccumulator(Value first)
    {
        if (first.is_fixnum())
            m_small = first.as_fixnum();
        else
            to_big(integer_value(first));
    }
    void apply(Value x, Op op)
    {
        if (!m_is_big && x.is_fixnum() && small_step(x.as_fixnum(), op))
            return;
        if (!m_is_big)
            to_big(mpz_class(static_cast<long>(m_small)));
        const mpz_class y = integer_value(x);
        switch (op) {
        case Op::Add: m_big += y; break;
        case Op::Sub: m_big -= y; break;
        case Op::Mul: m_big *= y; break;
        case Op::Div:
            if (sgn(y) == 0)
                xsignal(Qarith_error, Qnil);
            mpz_tdiv_q(m_big.get_mpz_t(), m_big.get_mpz_t(), y.get_mpz_t());
            break;
        }
    }
    Value value() const { return m_is_big ? make_integer(m_big) : make_integer(m_small); }
    double as_double() const { return m_is_big ? integer_to_double(m_big) : static_cast<double>(m_small); }

private:
    // Leaves m_small as it was when the step would overflow.
    bool small_step(std::int64_t x, Op op)
    {
        std::int64_t r = 0;
        switch (op) {
        case Op::Add:
            if (__builtin_add_overflow(m_small, x, &r))
                return false;
            break;
        case Op::Sub:
            if (__builtin_sub_overflow(m_small, x, &r))
                return false;
            break;
        case Op::Mul:
            if (__builtin_mul_overflow(m_small, x, &r))
                return false;
            break;
        case Op::Div:
            if (x == 0)
                xsignal(Qarith_error, Qnil);
            r = m_small / x; // fixnums are 62 bits: no overflow
            break;
        }
        m_small = r;
        return true;
    }
    void to_big(const mpz_class& z)
    {
        m_big = z;
        m_is_big = true;
    }
    std::int64_t m_small = 0;
    mpz_class m_big;
    bool m_is_big = false;
};

// As Emacs's arith_driver: integers exactly until the first float, then
// floats; `/' is all floats when any argument is one.
Value arith(Args a, Op op)
{
    if (a.n == 0)
        return Value::fixnum(op == Op::Mul ? 1 : 0);
    const Value first = number_arg(a[0]);
    if (a.n == 1) {
        if (op == Op::Add || op == Op::Mul)
            return first;
        if (floatp(first))
            return make_float(op == Op::Sub ? -xfloat(first) : 1.0 / xfloat(first));
        IntegerAccumulator acc(Value::fixnum(op == Op::Sub ? 0 : 1));
        acc.apply(first, op);
        return acc.value();
    }
    std::size_t i = 1;
    bool any_float = floatp(first);
    if (op == Op::Div)
        for (Value v : a)
            any_float = any_float || floatp(number_arg(v));
    double facc = 0;
    if (!any_float) {
        IntegerAccumulator acc(first);
        for (; i < a.n; ++i) {
            const Value x = number_arg(a[i]);
            if (floatp(x))
                break;
            acc.apply(x, op);
        }
        if (i == a.n)
            return acc.value();
        facc = acc.as_double();
    } else {
        facc = to_double(first);
    }
    for (; i < a.n; ++i)
        facc = float_op(facc, to_double(number_arg(a[i])), op);
    return make_float(facc);
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
Value add_integer(Value v, int delta)
{
    v = number_arg(v);
    if (v.is_fixnum())
        return make_integer(v.as_fixnum() + delta);
    if (floatp(v))
        return make_float(xfloat(v) + delta);
    return make_integer(xbignum(v) + delta);
}
Value f_add1(Args a) { return add_integer(a[0], 1); }
Value f_sub1(Args a) { return add_integer(a[0], -1); }

enum class Cmp { Eq, Lt, Gt, Le, Ge };

bool compare2(Value x, Value y, Cmp c)
{
    int order;
    if (x.is_fixnum() && y.is_fixnum()) {
        const std::int64_t p = x.as_fixnum(), q = y.as_fixnum();
        order = p < q ? -1 : p > q ? 1 : 0;
    } else {
        const std::optional<int> o = compare_numbers(number_arg(x), number_arg(y));
        if (!o)
            return false; // a NaN is neither equal, less nor greater
        order = *o;
    }
    switch (c) {
    case Cmp::Eq: return order == 0;
    case Cmp::Lt: return order < 0;
    case Cmp::Gt: return order > 0;
    case Cmp::Le: return order <= 0;
    case Cmp::Ge: return order >= 0;
    }
    return false;
}

Value compare(Args a, Cmp c)
{
    if (a.n == 1)
        number_arg(a[0]);
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

// A NaN argument wins, as in Emacs.
Value minmax(Args a, bool want_max)
{
    Value best = number_arg(a[0]);
    for (std::size_t i = 1; i < a.n; ++i) {
        const Value v = number_arg(a[i]);
        if (floatp(best) && std::isnan(xfloat(best)))
            continue;
        const std::optional<int> o = compare_numbers(v, best);
        if (!o || (want_max ? *o > 0 : *o < 0))
            best = v;
    }
    return best;
}

Value f_max(Args a) { return minmax(a, true); }
Value f_min(Args a) { return minmax(a, false); }

Value f_abs(Args a)
{
    const Value v = a[0];
    if (v.is_fixnum())
        return make_integer(std::abs(v.as_fixnum()));
    if (floatp(v))
        return make_float(std::fabs(xfloat(v)));
    if (bignump(v))
        return sgn(xbignum(v)) < 0 ? make_integer(mpz_class(-xbignum(v))) : v;
    wrong_type(Qnumberp, v);
}

Value f_rem(Args a)
{
    const Value x = integer_arg(a[0]), y = integer_arg(a[1]);
    if (y == Value::fixnum(0))
        xsignal(Qarith_error, Qnil);
    if (x.is_fixnum() && y.is_fixnum())
        return Value::fixnum(x.as_fixnum() % y.as_fixnum());
    mpz_class r;
    mpz_tdiv_r(r.get_mpz_t(), integer_value(x).get_mpz_t(), integer_value(y).get_mpz_t());
    return make_integer(r);
}

Value f_mod(Args a)
{
    const Value x = number_arg(a[0]), y = number_arg(a[1]);
    if (floatp(x) || floatp(y)) {
        const double p = to_double(x), q = to_double(y);
        double r = std::fmod(p, q);
        if (q < 0 ? r > 0 : r < 0)
            r += q;
        return make_float(r);
    }
    if (y == Value::fixnum(0))
        xsignal(Qarith_error, Qnil);
    if (x.is_fixnum() && y.is_fixnum()) {
        std::int64_t r = x.as_fixnum() % y.as_fixnum();
        if (r != 0 && ((r < 0) != (y.as_fixnum() < 0)))
            r += y.as_fixnum();
        return Value::fixnum(r);
    }
    mpz_class r;
    mpz_fdiv_r(r.get_mpz_t(), integer_value(x).get_mpz_t(), integer_value(y).get_mpz_t());
    return make_integer(r);
}

Value float_to_integer(double d, Value original)
{
    if (!std::isfinite(d))
        xsignal1(Qoverflow_error, original);
    return double_to_integer(d);
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

// Integer division rounded as asked; q is not zero.
Value divide_integers(Value x, Value y, Rounding r)
{
    const mpz_class p = integer_value(x), q = integer_value(y);
    mpz_class quo;
    switch (r) {
    case Rounding::Floor: mpz_fdiv_q(quo.get_mpz_t(), p.get_mpz_t(), q.get_mpz_t()); break;
    case Rounding::Ceiling: mpz_cdiv_q(quo.get_mpz_t(), p.get_mpz_t(), q.get_mpz_t()); break;
    case Rounding::Truncate: mpz_tdiv_q(quo.get_mpz_t(), p.get_mpz_t(), q.get_mpz_t()); break;
    case Rounding::Round: {
        // To nearest, ties to even.
        mpz_class rem;
        mpz_tdiv_qr(quo.get_mpz_t(), rem.get_mpz_t(), p.get_mpz_t(), q.get_mpz_t());
        const int twice_rem = cmp(mpz_class(abs(rem) * 2), mpz_class(abs(q)));
        if (twice_rem > 0 || (twice_rem == 0 && mpz_odd_p(quo.get_mpz_t())))
            quo += (sgn(p) < 0) != (sgn(q) < 0) ? -1 : 1;
        break;
    }
    }
    return make_integer(quo);
}

Value rounding(Args a, Rounding r)
{
    const Value x = number_arg(a[0]);
    if (nilp(a[1]))
        return integerp(x) ? x : float_to_integer(round_double(xfloat(x), r), x);
    const Value y = number_arg(a[1]);
    if (integerp(x) && integerp(y)) {
        if (y == Value::fixnum(0))
            xsignal(Qarith_error, Qnil);
        return divide_integers(x, y, r);
    }
    const double p = to_double(x), q = to_double(y);
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
Value f_float(Args a) { return floatp(a[0]) ? a[0] : make_float(to_double(number_arg(a[0]))); }

Value f_expt(Args a)
{
    const Value x = number_arg(a[0]), y = number_arg(a[1]);
    if (!integerp(x) || !integerp(y) || integer_sign(y) < 0)
        return make_float(std::pow(to_double(x), to_double(y)));
    if (y == Value::fixnum(0))
        return Value::fixnum(1);
    const mpz_class base = integer_value(x);
    if (cmp(abs(base), 1) <= 0) // 0, 1 and -1 to any positive power
        return Value::fixnum(sgn(base) < 0 && mpz_odd_p(integer_value(y).get_mpz_t()) ? -1 : sgn(base) == 0 ? 0 : 1);
    // Refuse a power wider than any integer before computing it: it has at
    // least (bits of BASE - 1) * Y + 1 bits.
    if (!y.is_fixnum() || static_cast<double>(mpz_sizeinbase(base.get_mpz_t(), 2) - 1) * static_cast<double>(y.as_fixnum()) >=
                              static_cast<double>(max_integer_bits()))
        xsignal(Qoverflow_error, Qnil);
    mpz_class result;
    mpz_pow_ui(result.get_mpz_t(), base.get_mpz_t(), static_cast<unsigned long>(y.as_fixnum()));
    return make_integer(result);
}

Value f_sqrt(Args a) { return make_float(std::sqrt(check_number(a[0]))); }
Value f_exp(Args a) { return make_float(std::exp(check_number(a[0]))); }
Value f_log(Args a)
{
    const double x = check_number(a[0]);
    if (nilp(a[1]))
        return make_float(std::log(x));
    const double b = check_number(a[1]);
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

// (frexp X): X's significand in [0.5, 1) and its exponent, as C's frexp.
Value f_frexp(Args a)
{
    int exponent = 0;
    const double significand = std::frexp(check_number(a[0]), &exponent);
    return make_cons(make_float(significand), Value::fixnum(exponent));
}
Value f_ldexp(Args a) { return make_float(std::ldexp(check_number(a[0]), static_cast<int>(std::clamp<std::int64_t>(check_fixnum(a[1]), -100000, 100000)))); }
Value f_copysign(Args a) { return make_float(std::copysign(check_float(a[0]), check_float(a[1]))); }

// (logb X): the binary exponent of X; -infinity for 0, as Emacs.
Value f_logb(Args a)
{
    const Value x = number_arg(a[0]);
    if (integerp(x)) {
        if (x == Value::fixnum(0))
            return make_float(-HUGE_VAL);
        return Value::fixnum(static_cast<std::int64_t>(mpz_sizeinbase(integer_value(x).get_mpz_t(), 2)) - 1);
    }
    const double d = xfloat(x);
    if (d == 0)
        return make_float(-HUGE_VAL);
    if (!std::isfinite(d))
        return make_float(std::fabs(d));
    return Value::fixnum(std::ilogb(d));
}

enum class Logic { And, Or, Xor };

Value logic(Args a, Logic op)
{
    std::int64_t acc = op == Logic::And ? -1 : 0;
    std::size_t i = 0;
    for (; i < a.n; ++i) {
        const Value v = integer_arg(a[i]);
        if (!v.is_fixnum())
            break;
        const std::int64_t x = v.as_fixnum();
        acc = op == Logic::And ? acc & x : op == Logic::Or ? acc | x : acc ^ x;
    }
    if (i == a.n)
        return Value::fixnum(acc);
    mpz_class big(static_cast<long>(acc));
    for (; i < a.n; ++i) {
        const mpz_class x = integer_value(integer_arg(a[i]));
        switch (op) {
        case Logic::And: big &= x; break;
        case Logic::Or: big |= x; break;
        case Logic::Xor: big ^= x; break;
        }
    }
    return make_integer(big);
}
Value f_logand(Args a) { return logic(a, Logic::And); }
Value f_logior(Args a) { return logic(a, Logic::Or); }
Value f_logxor(Args a) { return logic(a, Logic::Xor); }

Value check_integer(Value v)
{
    if (!integerp(v))
        wrong_type(Qintegerp, v);
    return v;
}

Value f_lognot(Args a)
{
    const Value v = check_integer(a[0]);
    if (v.is_fixnum())
        return Value::fixnum(~v.as_fixnum());
    return make_integer(mpz_class(~xbignum(v)));
}

// (logcount N): the 1 bits of N, or its 0 bits when N is negative.
Value f_logcount(Args a)
{
    const Value v = check_integer(a[0]);
    mpz_class z = integer_value(v);
    if (sgn(z) < 0)
        z = ~z;
    return Value::fixnum(static_cast<std::int64_t>(mpz_popcount(z.get_mpz_t())));
}

Value f_ash(Args a)
{
    const Value value = check_integer(a[0]), count = check_integer(a[1]);
    const int value_sign = integer_sign(value);
    if (!count.is_fixnum()) { // a shift by more bits than any integer has
        if (value_sign == 0 || integer_sign(count) < 0)
            return Value::fixnum(value_sign < 0 ? -1 : 0);
        xsignal(Qoverflow_error, Qnil);
    }
    const std::int64_t c = count.as_fixnum();
    if (value.is_fixnum()) {
        const std::int64_t v = value.as_fixnum();
        if (c <= 0)
            return Value::fixnum(c <= -63 ? (v < 0 ? -1 : 0) : v >> -c);
        if (v == 0)
            return value;
        if (c < 62) {
            const __int128 r = static_cast<__int128>(v) << c;
            if (r <= most_positive_fixnum && r >= most_negative_fixnum)
                return Value::fixnum(static_cast<std::int64_t>(r));
        }
    }
    const mpz_class z = integer_value(value);
    mpz_class r;
    if (c <= 0) {
        mpz_fdiv_q_2exp(r.get_mpz_t(), z.get_mpz_t(), static_cast<mp_bitcnt_t>(std::min<std::int64_t>(-c, 1ll << 40)));
        return make_integer(r);
    }
    if (static_cast<std::size_t>(c) + mpz_sizeinbase(z.get_mpz_t(), 2) > max_integer_bits())
        xsignal(Qoverflow_error, Qnil);
    mpz_mul_2exp(r.get_mpz_t(), z.get_mpz_t(), static_cast<mp_bitcnt_t>(c));
    return make_integer(r);
}

// Emacs 28's lsh (subr.el): a negative fixnum shifted right is taken as
// its two's complement in fixnum width.
Value f_lsh(Args a)
{
    const Value value = check_integer(a[0]), count = check_integer(a[1]);
    if (integer_sign(value) < 0 && integer_sign(count) < 0) {
        if (!value.is_fixnum())
            args_out_of_range(value, count);
        const Value shifted = Value::fixnum((value.as_fixnum() >> 1) & most_positive_fixnum);
        const Value next[2] = {shifted, count.is_fixnum() ? Value::fixnum(count.as_fixnum() + 1) : count};
        return f_ash(Args{next, 2});
    }
    return f_ash(a);
}

Value f_zerop(Args a)
{
    const Value v = a[0];
    if (v.is_fixnum())
        return boolean(v.as_fixnum() == 0);
    if (floatp(v))
        return boolean(xfloat(v) == 0);
    if (bignump(v))
        return Qnil;
    wrong_type(Qnumberp, v);
}

Value f_natnump(Args a) { return boolean(a[0].is_fixnum() ? a[0].as_fixnum() >= 0 : bignump(a[0]) && sgn(xbignum(a[0])) > 0); }
Value f_numberp(Args a) { return boolean(numberp(a[0])); }
Value f_integerp(Args a) { return boolean(integerp(a[0])); }
Value f_fixnump(Args a) { return boolean(a[0].is_fixnum()); }
Value f_bignump(Args a) { return boolean(bignump(a[0])); }
Value f_floatp(Args a) { return boolean(floatp(a[0])); }
Value f_number_or_marker_p(Args a) { return boolean(numberp(a[0]) || a[0].is(Type::Marker)); }
Value f_integer_or_marker_p(Args a) { return boolean(integerp(a[0]) || a[0].is(Type::Marker)); }

std::mt19937_64& random_generator()
{
    static std::mt19937_64 rng(42);
    return rng;
}

// A random integer in [0, limit), limit a bignum.
Value random_below(const mpz_class& limit)
{
    const std::size_t words = mpz_sizeinbase(limit.get_mpz_t(), 2) / 64 + 2;
    std::vector<std::uint64_t> bits(words);
    for (auto& w : bits)
        w = random_generator()();
    mpz_class r;
    mpz_import(r.get_mpz_t(), words, 1, sizeof(std::uint64_t), 0, 0, bits.data());
    return make_integer(mpz_class(r % limit));
}

Value f_random(Args a)
{
    auto& rng = random_generator();
    if (a[0] == Qt)
        rng.seed(std::random_device{}());
    if (a[0].is_fixnum() && a[0].as_fixnum() > 0)
        return Value::fixnum(static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(a[0].as_fixnum())));
    if (bignump(a[0]) && sgn(xbignum(a[0])) > 0)
        return random_below(xbignum(a[0]));
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
    {"frexp", 1, 1, f_frexp},
    {"ldexp", 2, 2, f_ldexp},
    {"copysign", 2, 2, f_copysign},
    {"logb", 1, 1, f_logb},
    {"logand", 0, many, f_logand},
    {"logior", 0, many, f_logior},
    {"logxor", 0, many, f_logxor},
    {"lognot", 1, 1, f_lognot},
    {"logcount", 1, 1, f_logcount},
    {"ash", 2, 2, f_ash},
    {"lsh", 2, 2, f_lsh},
    {"zerop", 1, 1, f_zerop},
    {"natnump", 1, 1, f_natnump},
    {"wholenump", 1, 1, f_natnump},
    {"numberp", 1, 1, f_numberp},
    {"integerp", 1, 1, f_integerp},
    {"fixnump", 1, 1, f_fixnump},
    {"bignump", 1, 1, f_bignump},
    {"floatp", 1, 1, f_floatp},
    {"number-or-marker-p", 1, 1, f_number_or_marker_p},
    {"integer-or-marker-p", 1, 1, f_integer_or_marker_p},
    {"random", 0, 1, f_random},
};

} // namespace

void register_number_builtins()
{
    register_subrs(number_subrs);
    // Results wider than this many bits signal overflow-error (Emacs 28's default).
    defvar_builtin("integer-width", Value::fixnum(65536));
}

} // namespace gapmacs::lisp

// Bool-vectors (bool_vector.hpp) and their builtins: make-bool-vector,
// bool-vector, bool-vector-p and the set operations of Emacs 28's data.c.
// aref, aset, length, copy-sequence, equal and the sequence functions take
// them where they take vectors.
#include "lisp-lite/lang/bool_vector.hpp"

#include <memory>

#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

void bool_vector_finalize(ExtObject* o) { std::unique_ptr<BoolVector>(static_cast<BoolVector*>(o->data)); }

std::string bytes_of(const BoolVector& v)
{
    std::string bytes((v.bits.size() + 7) / 8, '\0');
    for (std::size_t i = 0; i < v.bits.size(); ++i)
        if (v.bits[i])
            bytes[i / 8] = static_cast<char>(static_cast<unsigned char>(bytes[i / 8]) | (1u << (i % 8)));
    return bytes;
}

// #&N"BITS", the bits as a unibyte string's characters, escaped as prin1 does.
void bool_vector_print(ExtObject* o, std::string& out)
{
    const auto* v = static_cast<BoolVector*>(o->data);
    const std::string bytes = bytes_of(*v);
    out += "#&" + std::to_string(v->bits.size());
    out += prin1_to_string(make_string_raw(bytes, static_cast<std::int64_t>(bytes.size()), false));
}

// Equal bool-vectors (same bits) hash alike, as Emacs's sxhash_bool_vector.
std::uint64_t bool_vector_hash(ExtObject* o) { return std::hash<std::vector<bool>>{}(static_cast<BoolVector*>(o->data)->bits); }

const ExtClass bool_vector_class{.type_name = "bool-vector",
                                 .finalize = bool_vector_finalize,
                                 .print = bool_vector_print,
                                 .hash = bool_vector_hash};

Value wrap(std::unique_ptr<BoolVector> v)
{
    Value result = Value::object(alloc_ext(Type::Ext, &bool_vector_class, v.get()));
    v.release();
    return result;
}

Value f_make_bool_vector(Args a) { return make_bool_vector(static_cast<std::size_t>(check_natnum(a[0])), !nilp(a[1])); }

Value f_bool_vector(Args a)
{
    Value v = make_bool_vector(a.n, false);
    for (std::size_t i = 0; i < a.n; ++i)
        bool_vector(v)->bits[i] = !nilp(a[i]);
    return v;
}

Value f_bool_vector_p(Args a) { return boolean(bool_vector(a[0]) != nullptr); }

Value f_bool_vector_count_population(Args a)
{
    const BoolVector& v = check_bool_vector(a[0]);
    std::int64_t n = 0;
    for (bool b : v.bits)
        n += b;
    return Value::fixnum(n);
}

// (bool-vector-count-consecutive A B I): how many elements from I on are B.
Value f_bool_vector_count_consecutive(Args a)
{
    const BoolVector& v = check_bool_vector(a[0]);
    const bool want = !nilp(a[1]);
    const std::int64_t from = check_natnum(a[2]);
    if (from > static_cast<std::int64_t>(v.bits.size()))
        args_out_of_range(a[0], a[2]);
    std::int64_t n = 0;
    for (std::size_t i = static_cast<std::size_t>(from); i < v.bits.size() && v.bits[i] == want; ++i)
        ++n;
    return Value::fixnum(n);
}

// As Emacs: (wrong-length-argument LENGTH...) of the bool-vectors given.
[[noreturn]] void wrong_length(const BoolVector& x, const BoolVector& y, const BoolVector* z = nullptr)
{
    auto len = [](const BoolVector& v) { return Value::fixnum(static_cast<std::int64_t>(v.bits.size())); };
    if (z)
        xsignal3(Qwrong_length_argument, len(x), len(y), len(*z));
    xsignal2(Qwrong_length_argument, len(x), len(y));
}

// The result of A OP B: into C when given (its old contents returned as
// Emacs does: nil when unchanged), else a new bool-vector.
template <typename Op> Value combine(Args a, Op op)
{
    const BoolVector& x = check_bool_vector(a[0]);
    const BoolVector& y = check_bool_vector(a[1]);
    if (x.bits.size() != y.bits.size())
        wrong_length(x, y);
    Value dest = a.size() > 2 && !nilp(a[2]) ? a[2] : make_bool_vector(x.bits.size(), false);
    BoolVector& z = check_bool_vector(dest);
    if (z.bits.size() != x.bits.size())
        wrong_length(x, y, &z);
    bool changed = false;
    for (std::size_t i = 0; i < x.bits.size(); ++i) {
        const bool bit = op(x.bits[i], y.bits[i]);
        changed = changed || z.bits[i] != bit;
        z.bits[i] = bit;
    }
    return a.size() > 2 && !nilp(a[2]) && !changed ? Qnil : dest;
}

Value f_bool_vector_union(Args a) { return combine(a, [](bool p, bool q) { return p || q; }); }
Value f_bool_vector_intersection(Args a) { return combine(a, [](bool p, bool q) { return p && q; }); }
Value f_bool_vector_exclusive_or(Args a) { return combine(a, [](bool p, bool q) { return p != q; }); }
Value f_bool_vector_set_difference(Args a) { return combine(a, [](bool p, bool q) { return p && !q; }); }

Value f_bool_vector_subsetp(Args a)
{
    const BoolVector& x = check_bool_vector(a[0]);
    const BoolVector& y = check_bool_vector(a[1]);
    if (x.bits.size() != y.bits.size())
        wrong_length(x, y);
    for (std::size_t i = 0; i < x.bits.size(); ++i)
        if (x.bits[i] && !y.bits[i])
            return Qnil;
    return Qt;
}

Value f_bool_vector_not(Args a)
{
    const BoolVector& x = check_bool_vector(a[0]);
    Value dest = a.size() > 1 && !nilp(a[1]) ? a[1] : make_bool_vector(x.bits.size(), false);
    BoolVector& z = check_bool_vector(dest);
    if (z.bits.size() != x.bits.size())
        wrong_length(x, z);
    for (std::size_t i = 0; i < x.bits.size(); ++i)
        z.bits[i] = !x.bits[i];
    return dest;
}

constexpr SubrDef bool_vector_subrs[] = {
    {"make-bool-vector", 2, 2, f_make_bool_vector},
    {"bool-vector", 0, many, f_bool_vector},
    {"bool-vector-p", 1, 1, f_bool_vector_p},
    {"bool-vector-count-population", 1, 1, f_bool_vector_count_population},
    {"bool-vector-count-consecutive", 3, 3, f_bool_vector_count_consecutive},
    {"bool-vector-union", 2, 3, f_bool_vector_union},
    {"bool-vector-intersection", 2, 3, f_bool_vector_intersection},
    {"bool-vector-exclusive-or", 2, 3, f_bool_vector_exclusive_or},
    {"bool-vector-set-difference", 2, 3, f_bool_vector_set_difference},
    {"bool-vector-subsetp", 2, 2, f_bool_vector_subsetp},
    {"bool-vector-not", 1, 2, f_bool_vector_not},
};

} // namespace

BoolVector* bool_vector(Value v)
{
    ExtObject* e = ext_object(v);
    return e && e->cls == &bool_vector_class ? static_cast<BoolVector*>(e->data) : nullptr;
}

BoolVector& check_bool_vector(Value v)
{
    if (BoolVector* b = bool_vector(v))
        return *b;
    wrong_type(Qbool_vector_p, v);
}

Value make_bool_vector(std::size_t length, bool init)
{
    check_allocation(static_cast<double>(length) / 8); // (make-bool-vector most-positive-fixnum t): memory-full
    note_allocated_bytes(length / 8);
    auto v = std::make_unique<BoolVector>();
    v->bits.assign(length, init);
    return wrap(std::move(v));
}

Value bool_vector_from_bytes(std::size_t length, std::string_view bytes)
{
    Value v = make_bool_vector(length, false);
    BoolVector& b = *bool_vector(v);
    for (std::size_t i = 0; i < length && i / 8 < bytes.size(); ++i)
        b.bits[i] = (static_cast<unsigned char>(bytes[i / 8]) >> (i % 8)) & 1;
    return v;
}

void register_bool_vector_builtins() { register_subrs(bool_vector_subrs); }

} // namespace gapmacs::lisp

// Constructors, accessors, argument checking and equality: the small
// functions every other file uses.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <memory>
#include <new>
#include <unordered_map>
#include <vector>

#include <unistd.h>

#include "core/utf8.hpp"
#include "lisp-lite/lang/bignum.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/bool_vector.hpp"
#include "lisp-lite/lang/char_table.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

Value car(Value v)
{
    if (v.is_cons())
        return xcar(v);
    if (nilp(v))
        return Qnil;
    wrong_type(Qlistp, v);
}

Value cdr(Value v)
{
    if (v.is_cons())
        return xcdr(v);
    if (nilp(v))
        return Qnil;
    wrong_type(Qlistp, v);
}

Value list(std::initializer_list<Value> items)
{
    Value result = Qnil;
    for (auto it = items.end(); it != items.begin();) {
        --it;
        result = make_cons(*it, result);
    }
    return result;
}

Value make_number(double d) { return make_float(d); }

Value make_string(std::string_view internal)
{
    bool ascii = is_ascii(internal);
    return make_string_raw(std::string(internal), ascii ? static_cast<std::int64_t>(internal.size())
                                                        : static_cast<std::int64_t>(count_chars(internal)),
                           !ascii);
}

Value make_unibyte_string(std::string_view bytes)
{
    std::string internal;
    internal.reserve(bytes.size());
    for (unsigned char b : bytes) {
        if (b < 0x80)
            internal += static_cast<char>(b);
        else
            append_internal_char(internal, raw_byte_char(b));
    }
    return make_string_raw(std::move(internal), static_cast<std::int64_t>(bytes.size()), false);
}

std::string os_string(Value s)
{
    std::string out;
    internal_to_utf8(check_string(s)->bytes, out);
    return out;
}

Value make_string_from_utf8(std::string_view utf8)
{
    std::string internal;
    utf8_to_internal(utf8, internal, true);
    return make_string(internal);
}

// Checked (wrong-type-argument stringp): builtins pass their arguments
// straight in, so an unchecked accessor here was a crash on (f 1).
std::string_view string_view(Value s) { return check_string(s)->bytes; }

Value make_vector(std::size_t n, Value init)
{
    check_allocation(static_cast<double>(n) * sizeof(Value));
    note_allocated_bytes(n * sizeof(Value));
    Vector* v = alloc_vector();
    Value result = Value::object(v);
    v->items.assign(n, init);
    return result;
}

void register_subrs(std::span<const SubrDef> table)
{
    for (const SubrDef& d : table) {
        Value sym = intern(d.name);
        Subr* s = alloc_subr();
        s->def = &d;
        xsymbol(sym)->function = Value::object(s);
    }
}

// ---- argument helpers ----

std::int64_t check_fixnum(Value v)
{
    if (v.is_fixnum())
        return v.as_fixnum();
    wrong_type(Qintegerp, v);
}

std::int64_t check_fixnum_coerce_marker(Value v) { return check_fixnum(marker_to_number(v)); }

std::int64_t check_natnum(Value v)
{
    if (v.is_fixnum() && v.as_fixnum() >= 0)
        return v.as_fixnum();
    wrong_type(Qwholenump, v);
}

double check_number(Value v)
{
    if (v.is_fixnum())
        return static_cast<double>(v.as_fixnum());
    if (floatp(v))
        return xfloat(v);
    if (bignump(v))
        return integer_to_double(v);
    Value m = marker_to_number(v);
    if (m.is_fixnum())
        return static_cast<double>(m.as_fixnum());
    wrong_type(Qnumber_or_marker_p, v);
}

String* check_string(Value v)
{
    if (!stringp(v))
        wrong_type(Qstringp, v);
    return xstring(v);
}

Symbol* check_symbol(Value v)
{
    if (!symbolp(v))
        wrong_type(Qsymbolp, v);
    return xsymbol(v);
}

void check_list(Value v)
{
    if (!listp(v))
        wrong_type(Qlistp, v);
}

char32_t check_char(Value v)
{
    if (!v.is_fixnum() || v.as_fixnum() < 0 || v.as_fixnum() > static_cast<std::int64_t>(max_char))
        wrong_type(Qcharacterp, v);
    return static_cast<char32_t>(v.as_fixnum());
}

Value check_hash_table(Value v)
{
    if (!v.is(Type::HashTable))
        wrong_type(Qhash_table_p, v);
    return v;
}

Value marker_to_number(Value v)
{
    if (!v.is(Type::Marker))
        return v;
    ExtObject* e = static_cast<ExtObject*>(v.as_object());
    return e->cls->as_number ? e->cls->as_number(e) : v;
}

void check_allocation(double bytes)
{
    static const double limit = [] {
        long pages = sysconf(_SC_PHYS_PAGES);
        long page = sysconf(_SC_PAGESIZE);
        return pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 1e12;
    }();
    if (!(bytes <= limit))
        throw std::bad_alloc();
}

std::int64_t list_length(Value list)
{
    ListWalker w(list);
    std::int64_t n = 0;
    for (; w.consp(); w.next())
        ++n;
    w.check_end(list);
    return n;
}

// ---- characters of strings ----

std::int64_t string_length(Value s) { return check_string(s)->nchars; }

namespace {

// The last character index looked up in a string that is not one byte per
// character, and its byte offset (Emacs keeps the same one-entry cache): a
// loop of aref over a unibyte string with bytes >= 128, or a multibyte one,
// steps from there instead of from the start. Valid while the string keeps
// its bytes' address and size (aset of a character of another length
// changes the size) and is alive (forget_string_offset at its death).
struct CharOffsetCache {
    const String* str = nullptr;
    const char* data = nullptr;
    std::size_t size = 0;
    std::int64_t index = 0;
    std::size_t offset = 0;
} g_char_offset;

bool cache_holds(const CharOffsetCache& c, const String* str)
{
    return c.str == str && c.data == str->bytes.data() && c.size == str->bytes.size();
}

std::size_t char_offset(const String* str, std::int64_t index)
{
    const std::string& b = str->bytes;
    if (static_cast<std::int64_t>(b.size()) == str->nchars || index == 0)
        return static_cast<std::size_t>(index);
    if (index == str->nchars)
        return b.size();
    CharOffsetCache& c = g_char_offset;
    std::size_t off;
    if (cache_holds(c, str) && index >= c.index) {
        off = c.offset + advance_chars(b.data() + c.offset, b.size() - c.offset, static_cast<std::size_t>(index - c.index));
    } else if (cache_holds(c, str) && c.index - index < index) {
        off = c.offset;
        for (std::int64_t n = c.index - index; n > 0; --n) {
            --off;
            while (off > 0 && is_continuation_byte(static_cast<unsigned char>(b[off])))
                --off;
        }
    } else {
        off = advance_chars(b.data(), b.size(), static_cast<std::size_t>(index));
    }
    c = {str, b.data(), b.size(), index, off};
    return off;
}

std::int64_t char_index(const String* str, std::size_t offset)
{
    const std::string& b = str->bytes;
    if (static_cast<std::int64_t>(b.size()) == str->nchars || offset == 0)
        return static_cast<std::int64_t>(offset);
    if (offset == b.size())
        return str->nchars;
    CharOffsetCache& c = g_char_offset;
    std::int64_t index;
    if (cache_holds(c, str) && offset >= c.offset)
        index = c.index + static_cast<std::int64_t>(count_chars(b.data() + c.offset, offset - c.offset));
    else if (cache_holds(c, str) && c.offset - offset < offset)
        index = c.index - static_cast<std::int64_t>(count_chars(b.data() + offset, c.offset - offset));
    else
        index = static_cast<std::int64_t>(count_chars(b.data(), offset));
    c = {str, b.data(), b.size(), index, offset};
    return index;
}

} // namespace

void forget_string_offset(const String* s)
{
    if (g_char_offset.str == s)
        g_char_offset.str = nullptr;
}

std::size_t string_char_to_byte(Value s, std::int64_t index) { return char_offset(check_string(s), index); }

std::int64_t string_byte_to_char(Value s, std::size_t offset) { return char_index(check_string(s), offset); }

char32_t string_char_at(Value s, std::int64_t index)
{
    String* str = check_string(s);
    const std::string& b = str->bytes;
    std::size_t off = char_offset(str, index);
    char32_t c = decode_internal_char(b.data() + off, b.data() + b.size());
    if (!str->multibyte() && is_raw_byte_char(c))
        return raw_byte_value(c);
    return c;
}

void append_char(std::string& out, char32_t c) { append_internal_char(out, c); }

Value list_from(RootedVector& items, Value tail)
{
    Value result = tail;
    for (std::size_t i = items.size(); i-- > 0;)
        result = make_cons(items[i], result);
    return result;
}

Value string_from_chars(const std::u32string& chars)
{
    std::string s;
    for (char32_t c : chars)
        append_char(s, c);
    return make_string(s);
}

// ---- equality ----

bool eql(Value a, Value b)
{
    if (a == b)
        return true;
    if (floatp(a) && floatp(b))
        return std::bit_cast<std::uint64_t>(xfloat(a)) == std::bit_cast<std::uint64_t>(xfloat(b));
    return bignump(a) && bignump(b) && xbignum(a) == xbignum(b);
}

namespace {

// For each cons or vector met past depth 10, the objects it was compared
// with. As Emacs does, a pair met again is taken as equal: two cyclic
// structures that unfold alike (car cycles, vectors holding themselves)
// compare equal instead of overflowing.
using EqualSeen = std::unordered_map<std::uint64_t, std::vector<std::uint64_t>>;

bool compared_before(Value a, Value b, std::unique_ptr<EqualSeen>& seen)
{
    if (!a.is_cons() && !(a.is_object() && a.type() == Type::Vector))
        return false;
    if (!seen)
        seen = std::make_unique<EqualSeen>();
    std::vector<std::uint64_t>& partners = (*seen)[a.bits()];
    if (std::find(partners.begin(), partners.end(), b.bits()) != partners.end())
        return true;
    partners.push_back(b.bits());
    return false;
}

bool equal_depth(Value a, Value b, int depth, std::unique_ptr<EqualSeen>& seen)
{
    if (depth > 200)
        error("Stack overflow in equal");
    if (depth > 10 && compared_before(a, b, seen))
        return true;
    std::int64_t n = 0;
    Value tortoise = a;
    for (;;) {
        if (a == b)
            return true;
        if (a.is_cons()) {
            if (!b.is_cons())
                return false;
            if (!equal_depth(xcar(a), xcar(b), depth + 1, seen))
                return false;
            a = xcdr(a);
            b = xcdr(b);
            ++n;
            if ((n & (n - 1)) == 0)
                tortoise = a;
            else if (a == tortoise && a.is_cons())
                xsignal1(Qcircular_list, a);
            continue;
        }
        if (!a.is_object() || !b.is_object() || a.type() != b.type())
            return false;
        switch (a.type()) {
        case Type::Float:
            return std::bit_cast<std::uint64_t>(xfloat(a)) == std::bit_cast<std::uint64_t>(xfloat(b));
        case Type::String:
            return same_string_text(xstring(a), xstring(b));
        case Type::Bignum:
            return xbignum(a) == xbignum(b);
        case Type::Vector: {
            auto& x = xvector(a)->items;
            auto& y = xvector(b)->items;
            if (x.size() != y.size() || xvector(a)->m_flags != xvector(b)->m_flags)
                return false;
            for (std::size_t i = 0; i < x.size(); ++i)
                if (!equal_depth(x[i], y[i], depth + 1, seen))
                    return false;
            return true;
        }
        default: {
            if (const BoolVector* x = bool_vector(a)) {
                const BoolVector* y = bool_vector(b);
                return y && x->bits == y->bits;
            }
            if (const CharTable* x = char_table(a)) {
                const CharTable* y = char_table(b);
                return y && x->same_as(*y, [&](Value p, Value q) { return equal_depth(p, q, depth + 1, seen); });
            }
            ExtObject* x = ext_object(a);
            ExtObject* y = ext_object(b);
            return x && y && x->cls == y->cls && x->cls->equal && x->cls->equal(x, y);
        }
        }
    }
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return (h ^ v) * 0x100000001b3ull + (h >> 29); }

std::uint64_t sxhash_depth(Value v, int depth)
{
    if (v.is_fixnum())
        return static_cast<std::uint64_t>(v.as_fixnum()) * 0x9E3779B97F4A7C15ull;
    if (v.is_cons()) {
        if (depth > 3)
            return 0;
        std::uint64_t h = 17;
        int i = 0;
        for (; v.is_cons() && i < 7; v = xcdr(v), ++i)
            h = mix(h, sxhash_depth(xcar(v), depth + 1));
        if (!nilp(v) && i < 7)
            h = mix(h, sxhash_depth(v, depth + 1));
        return h;
    }
    if (!v.is_object())
        return v.bits();
    switch (v.type()) {
    case Type::Float:
        return std::bit_cast<std::uint64_t>(xfloat(v)) * 0x9E3779B97F4A7C15ull;
    case Type::String:
        return std::hash<std::string_view>{}(xstring(v)->bytes);
    case Type::Bignum:
        return bignum_hash(v);
    case Type::Vector: {
        if (depth > 3)
            return 0;
        std::uint64_t h = 31 + xvector(v)->items.size();
        auto& items = xvector(v)->items;
        for (std::size_t i = 0; i < items.size() && i < 7; ++i)
            h = mix(h, sxhash_depth(items[i], depth + 1));
        return h;
    }
    default:
        if (ExtObject* e = ext_object(v); e && e->cls->hash)
            return e->cls->hash(e);
        return v.bits() >> 4;
    }
}

} // namespace

bool equal(Value a, Value b)
{
    std::unique_ptr<EqualSeen> seen;
    return equal_depth(a, b, 0, seen);
}
std::uint64_t sxhash_equal(Value v) { return sxhash_depth(v, 0); }

std::string curve_quotes(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 8);
    for (char c : s) {
        if (c == '`')
            out += "\xE2\x80\x98";
        else if (c == '\'')
            out += "\xE2\x80\x99";
        else
            out += c;
    }
    return out;
}

} // namespace gapmacs::lisp

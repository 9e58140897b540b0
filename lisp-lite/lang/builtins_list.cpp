// Lists and sequences: cons-cell functions, association and property lists,
// mapping, sorting, and the generic sequence functions (length, elt...).
#include <algorithm>
#include <limits>

#include "lisp-lite/lang/bignum.hpp"
#include "lisp-lite/lang/bool_vector.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/char_table.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/string_properties.hpp"

namespace gapmacs::lisp {

namespace {

// Every element of a sequence (list, vector, string) into `out`.
void sequence_items(Value seq, RootedVector& out)
{
    if (listp(seq)) {
        ListWalker w(seq);
        for (; w.consp(); w.next())
            out.push_back(w.car());
        w.check_end(seq);
    } else if (vectorp(seq)) {
        for (Value v : xvector(seq)->items)
            out.push_back(v);
    } else if (stringp(seq)) {
        std::int64_t n = string_length(seq);
        for (std::int64_t i = 0; i < n; ++i)
            out.push_back(Value::fixnum(string_char_at(seq, i)));
    } else if (const BoolVector* b = bool_vector(seq)) {
        for (bool bit : b->bits)
            out.push_back(boolean(bit));
    } else {
        wrong_type(Qsequencep, seq);
    }
}

Value f_car(Args a) { return car(a[0]); }
Value f_cdr(Args a) { return cdr(a[0]); }
Value f_car_safe(Args a) { return car_safe(a[0]); }
Value f_cdr_safe(Args a) { return cdr_safe(a[0]); }
Value f_caar(Args a) { return car(car(a[0])); }
Value f_cadr(Args a) { return car(cdr(a[0])); }
Value f_cdar(Args a) { return cdr(car(a[0])); }
Value f_cddr(Args a) { return cdr(cdr(a[0])); }
Value f_caddr(Args a) { return car(cdr(cdr(a[0]))); }
Value f_cons(Args a) { return make_cons(a[0], a[1]); }

Value f_list(Args a)
{
    Value result = Qnil;
    for (std::size_t i = a.n; i-- > 0;)
        result = make_cons(a[i], result);
    return result;
}

Value f_list_star(Args a)
{
    Value result = a[a.n - 1];
    for (std::size_t i = a.n - 1; i-- > 0;)
        result = make_cons(a[i], result);
    return result;
}

Value f_make_list(Args a)
{
    std::int64_t n = check_natnum(a[0]);
    check_allocation(static_cast<double>(n) * sizeof(Cons));
    Value result = Qnil;
    for (std::int64_t i = 0; i < n; ++i)
        result = make_cons(a[1], result);
    return result;
}

Value f_setcar(Args a)
{
    if (!a[0].is_cons())
        wrong_type(Qconsp, a[0]);
    a[0].as_cons()->car = a[1];
    return a[1];
}

Value f_setcdr(Args a)
{
    if (!a[0].is_cons())
        wrong_type(Qconsp, a[0]);
    a[0].as_cons()->cdr = a[1];
    return a[1];
}

// As Emacs's: on a circular list the steps left are taken modulo the
// cycle's length, so (nthcdr most-positive-fixnum RING) returns at once.
Value f_nthcdr(Args a)
{
    // A bignum N: no list is that long, so the walk ends (or cycles) first,
    // as Emacs 28's; a negative one is no step at all.
    const bool huge = bignump(a[0]);
    if (huge && sgn(xbignum(a[0])) < 0)
        return a[1];
    std::int64_t n = huge ? std::numeric_limits<std::int64_t>::max() : check_fixnum(a[0]);
    Value l = a[1];
    Value tortoise = l;
    std::int64_t power = 2, left = 2;
    for (std::int64_t i = 0; i < n; ++i) {
        if (!l.is_cons()) {
            if (!nilp(l))
                wrong_type(Qlistp, a[1]);
            return l;
        }
        l = xcdr(l);
        if (l == tortoise && l.is_cons()) {
            // The cycle's length is the distance walked since the tortoise.
            std::int64_t cycle = power - left + 1;
            std::int64_t rest = huge ? mpz_class((xbignum(a[0]) - i - 1) % cycle).get_si() : (n - i - 1) % cycle;
            for (std::int64_t j = 0; j < rest; ++j)
                l = xcdr(l);
            return l;
        }
        if (--left == 0) {
            power <<= 1;
            left = power;
            tortoise = l;
        }
        if ((i & 4095) == 4095)
            maybe_quit();
    }
    return l;
}

Value f_nth(Args a)
{
    Value args[2] = {a[0], a[1]};
    return car(f_nthcdr(Args{args, 2}));
}

Value f_length(Args a)
{
    Value s = a[0];
    if (listp(s))
        return Value::fixnum(list_length(s));
    if (stringp(s))
        return Value::fixnum(string_length(s));
    if (vector_like(s)) // a record's slots count too, as in Emacs
        return Value::fixnum(static_cast<std::int64_t>(xvector(s)->items.size()));
    if (char_table(s))
        return Value::fixnum(max_char); // as Emacs
    if (const BoolVector* b = bool_vector(s))
        return Value::fixnum(static_cast<std::int64_t>(b->bits.size()));
    wrong_type(Qsequencep, s);
}

std::int64_t safe_length(Value list);

Value f_safe_length(Args a) { return Value::fixnum(safe_length(a[0])); }

Value f_proper_list_p(Args a)
{
    std::int64_t n = 0;
    ListWalker w(a[0], true);
    for (; w.consp(); w.next())
        ++n;
    return nilp(w.tail()) && !w.cycled() ? Value::fixnum(n) : Qnil;
}

Value f_append(Args a)
{
    if (a.n == 0)
        return Qnil;
    RootedVector items;
    for (std::size_t i = 0; i + 1 < a.n; ++i)
        sequence_items(a[i], items);
    return list_from(items, a[a.n - 1]);
}

// As fns.c: each list's last cons gets the next argument as its cdr at
// once, nil included, so (nconc '(a . 0) nil) is (a); a nil argument
// hands the last cons on to the next.
Value f_nconc(Args a)
{
    Value result = Qnil;
    Value carried = Qnil; // the last cons when the arguments after it were nil
    for (std::size_t i = 0; i < a.n; ++i) {
        Value v = nilp(a[i]) ? carried : a[i];
        if (nilp(v))
            continue;
        if (nilp(result))
            result = v;
        if (i + 1 == a.n)
            break;
        if (!v.is_cons())
            wrong_type(Qconsp, v);
        ListWalker w(v);
        for (; xcdr(w.tail()).is_cons(); w.next()) {
        }
        const Value tail = w.tail();
        tail.as_cons()->cdr = a[i + 1];
        carried = nilp(a[i + 1]) ? tail : Qnil;
    }
    return result;
}

Value f_reverse(Args a)
{
    Value s = a[0];
    if (listp(s)) {
        Value result = Qnil;
        ListWalker w(s);
        for (; w.consp(); w.next())
            result = make_cons(w.car(), result);
        w.check_end(s);
        return result;
    }
    if (vectorp(s)) {
        Value r = make_vector(0, Qnil);
        xvector(r)->items.assign(xvector(s)->items.rbegin(), xvector(s)->items.rend());
        return r;
    }
    if (stringp(s)) {
        std::u32string chars;
        for (std::int64_t i = string_length(s); i-- > 0;)
            chars.push_back(string_char_at(s, i));
        return string_from_chars(chars);
    }
    if (const BoolVector* b = bool_vector(s)) {
        Value r = make_bool_vector(0, false);
        bool_vector(r)->bits.assign(b->bits.rbegin(), b->bits.rend());
        return r;
    }
    wrong_type(Qsequencep, s);
}

Value f_nreverse(Args a)
{
    Value s = a[0];
    if (vectorp(s)) {
        std::reverse(xvector(s)->items.begin(), xvector(s)->items.end());
        return s;
    }
    if (BoolVector* b = bool_vector(s)) {
        std::reverse(b->bits.begin(), b->bits.end());
        return s;
    }
    if (!listp(s))
        return f_reverse(a);
    list_length(s); // circular-list or a dotted end before changing anything
    Value prev = Qnil;
    Value l = s;
    while (!nilp(l)) {
        if (!l.is_cons())
            wrong_type(Qlistp, s);
        Value next = xcdr(l);
        l.as_cons()->cdr = prev;
        prev = l;
        l = next;
    }
    return prev;
}

template <bool (*Eq)(Value, Value)>
Value member_impl(Value elt, Value list)
{
    ListWalker w(list);
    for (; w.consp(); w.next())
        if (Eq(elt, w.car()))
            return w.tail();
    w.check_end(list);
    return Qnil;
}

bool eq_fn(Value a, Value b) { return a == b; }

Value f_memq(Args a) { return member_impl<eq_fn>(a[0], a[1]); }
Value f_memql(Args a) { return member_impl<eql>(a[0], a[1]); }
Value f_member(Args a) { return member_impl<equal>(a[0], a[1]); }

Value f_assq(Args a)
{
    ListWalker w(a[1]);
    for (; w.consp(); w.next())
        if (w.car().is_cons() && xcar(w.car()) == a[0])
            return w.car();
    w.check_end(a[1]);
    return Qnil;
}

Value f_assoc(Args a)
{
    Value testfn = a[2];
    ListWalker w(a[1]);
    for (; w.consp(); w.next()) {
        Value e = w.car();
        if (!e.is_cons())
            continue;
        // Emacs calls TESTFN with the element's key first, then KEY.
        bool hit = nilp(testfn) ? equal(a[0], xcar(e)) : !nilp(call2(testfn, xcar(e), a[0]));
        if (hit)
            return e;
    }
    w.check_end(a[1]);
    return Qnil;
}

Value f_rassq(Args a)
{
    ListWalker w(a[1]);
    for (; w.consp(); w.next())
        if (w.car().is_cons() && xcdr(w.car()) == a[0])
            return w.car();
    w.check_end(a[1]);
    return Qnil;
}

Value f_rassoc(Args a)
{
    ListWalker w(a[1]);
    for (; w.consp(); w.next())
        if (w.car().is_cons() && equal(xcdr(w.car()), a[0]))
            return w.car();
    w.check_end(a[1]);
    return Qnil;
}

// Emacs's delq/delete: the list is checked (circular-list, a dotted end)
// before any cell is unlinked, so an error leaves it unchanged.
template <bool (*Eq)(Value, Value)>
Value delete_in_list(Value elt, Value list)
{
    list_length(list);
    Value head = list;
    Value prev = Qnil;
    for (Value l : tails(list)) {
        if (Eq(elt, xcar(l))) {
            if (nilp(prev))
                head = xcdr(l);
            else
                prev.as_cons()->cdr = xcdr(l);
        } else {
            prev = l;
        }
    }
    return head;
}

Value f_delq(Args a) { return delete_in_list<eq_fn>(a[0], a[1]); }

Value remove_from_array(Value elt, Value seq)
{
    RootedVector items, kept;
    sequence_items(seq, items);
    for (Value v : items.items())
        if (!equal(elt, v))
            kept.push_back(v);
    if (vectorp(seq)) {
        Value r = make_vector(0, Qnil);
        xvector(r)->items = kept.items();
        return r;
    }
    std::u32string chars;
    for (Value v : kept.items())
        chars.push_back(static_cast<char32_t>(v.as_fixnum()));
    return string_from_chars(chars);
}

Value f_delete(Args a)
{
    if (listp(a[1]))
        return delete_in_list<equal>(a[0], a[1]);
    return remove_from_array(a[0], a[1]);
}

Value copy_list(Value list)
{
    RootedVector items;
    ListWalker w(list);
    for (; w.consp(); w.next())
        items.push_back(w.car());
    return list_from(items, w.tail());
}

Value f_remove(Args a)
{
    if (listp(a[1])) {
        RootedVector kept;
        ListWalker w(a[1]);
        for (; w.consp(); w.next())
            if (!equal(a[0], w.car()))
                kept.push_back(w.car());
        w.check_end(a[1]);
        return list_from(kept);
    }
    return remove_from_array(a[0], a[1]);
}

Value f_remq(Args a)
{
    list_length(a[1]);
    if (nilp(member_impl<eq_fn>(a[0], a[1])))
        return a[1];
    RootedVector kept;
    for (Value l : tails(a[1]))
        if (a[0] != xcar(l))
            kept.push_back(xcar(l));
    return list_from(kept);
}

// The number of conses before the end or, for a circular list, Emacs's
// safe-length (the conses counted until the cycle was found).
std::int64_t safe_length(Value list)
{
    std::int64_t n = 0;
    for (ListWalker w(list, true); w.consp(); w.next())
        ++n;
    return n;
}

// subr.el's `last': (nthcdr (- (safe-length list) n) list), so it ends on
// a circular list too.
Value f_last(Args a)
{
    Value l = a[0];
    std::int64_t len = safe_length(l);
    std::int64_t skip;
    if (nilp(a[1])) {
        if (nilp(l))
            return Qnil;
        skip = len - 1;
    } else {
        double n = check_number(a[1]);
        if (n < 0)
            return Qnil;
        if (n >= static_cast<double>(len))
            return l;
        if (!a[1].is_fixnum())
            wrong_type(Qintegerp, make_float(static_cast<double>(len) - n));
        skip = len - a[1].as_fixnum();
    }
    Value args[2] = {Value::fixnum(skip), l};
    return f_nthcdr(Args{args, 2});
}

Value f_butlast(Args a)
{
    std::int64_t n = nilp(a[1]) ? 1 : check_fixnum(a[1]);
    RootedVector items;
    ListWalker w(a[0]);
    for (; w.consp(); w.next())
        items.push_back(w.car());
    if (n <= 0)
        return a[0];
    if (static_cast<std::int64_t>(items.size()) <= n)
        return Qnil;
    items.items().resize(items.size() - static_cast<std::size_t>(n));
    return list_from(items);
}

Value f_nbutlast(Args a)
{
    std::int64_t n = nilp(a[1]) ? 1 : check_fixnum(a[1]);
    std::int64_t len = 0;
    for (ListWalker w(a[0]); w.consp(); w.next())
        ++len;
    if (n <= 0)
        return a[0];
    if (len <= n)
        return Qnil;
    Value l = a[0];
    for (std::int64_t i = 1; i < len - n; ++i)
        l = xcdr(l);
    l.as_cons()->cdr = Qnil;
    return a[0];
}

Value copy_tree(Value tree, bool vecp, int depth)
{
    if (depth > 10000)
        error("Lisp nesting exceeds \xE2\x80\x98max-lisp-eval-depth\xE2\x80\x99");
    if (tree.is_cons()) {
        RootedVector items;
        ListWalker w(tree);
        for (; w.consp(); w.next())
            items.push_back(copy_tree(w.car(), vecp, depth + 1));
        return list_from(items, copy_tree(w.tail(), vecp, depth + 1));
    }
    if (vecp && vectorp(tree)) {
        Value r = make_vector(xvector(tree)->items.size(), Qnil);
        for (std::size_t i = 0; i < xvector(tree)->items.size(); ++i) {
            Value c = copy_tree(xvector(tree)->items[i], vecp, depth + 1);
            xvector(r)->items[i] = c;
        }
        return r;
    }
    return tree;
}

Value f_copy_tree(Args a) { return copy_tree(a[0], !nilp(a[1]), 0); }

Value f_copy_sequence(Args a)
{
    Value s = a[0];
    if (listp(s))
        return copy_list(s);
    if (vector_like(s)) { // a record copies as a record (cl-defstruct's copiers)
        Value r = make_vector(0, Qnil);
        xvector(r)->items = xvector(s)->items;
        xvector(r)->m_flags = xvector(s)->m_flags;
        return r;
    }
    if (stringp(s)) {
        Value r = make_string_raw(xstring(s)->bytes, xstring(s)->nchars, xstring(s)->multibyte());
        copy_string_properties(s, 0, xstring(s)->nchars, r, 0);
        return r;
    }
    if (char_table(s))
        return copy_char_table(s);
    if (const BoolVector* b = bool_vector(s)) {
        Value copy = make_bool_vector(0, false);
        bool_vector(copy)->bits = b->bits;
        return copy;
    }
    wrong_type(Qsequencep, s);
}

Value f_elt(Args a)
{
    if (listp(a[0])) {
        Value args[2] = {a[1], a[0]};
        return car(f_nthcdr(Args{args, 2}));
    }
    return array_ref(a[0], a[1], Qsequencep);
}

Value f_mapcar(Args a)
{
    RootedVector items, results;
    sequence_items(a[1], items);
    for (Value v : items.items())
        results.push_back(call1(a[0], v));
    return list_from(results);
}

Value f_mapc(Args a)
{
    RootedVector items;
    sequence_items(a[1], items);
    for (Value v : items.items())
        call1(a[0], v);
    return a[1];
}

Value f_mapcan(Args a)
{
    RootedVector items, results;
    sequence_items(a[1], items);
    for (Value v : items.items())
        results.push_back(call1(a[0], v));
    return f_nconc(Args{results.items().data(), results.size()});
}

Value f_mapconcat(Args a)
{
    RootedVector items, parts;
    sequence_items(a[1], items);
    Value sep = nilp(a[2]) ? make_string("") : a[2];
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            parts.push_back(sep);
        parts.push_back(call1(a[0], items[i]));
    }
    Value concat = Qconcat;
    return funcall(concat, parts.items().data(), parts.size());
}

// Sorting strings with string< (sort-lines, completion tables) or fixnums
// with < or >: the order is known, so elements are compared without calling
// the predicate. A string's first 8 bytes, kept beside it as a number, settle
// most comparisons without reading the string (every read of a string is a
// cache miss through its cell, the object and its bytes).
enum class KnownOrder { none, string_less, string_greater, number_less, number_greater };

KnownOrder known_order(Value pred)
{
    Value fn = symbolp(pred) ? indirect_function(pred) : pred;
    if (!fn.is(Type::Subr))
        return KnownOrder::none;
    std::string_view name = static_cast<Subr*>(fn.as_object())->def->name;
    if (name == "string<" || name == "string-lessp")
        return KnownOrder::string_less;
    if (name == "string>" || name == "string-greaterp")
        return KnownOrder::string_greater;
    if (name == "<")
        return KnownOrder::number_less;
    if (name == ">")
        return KnownOrder::number_greater;
    return KnownOrder::none;
}

struct SortKey {
    std::uint64_t prefix; // the first 8 bytes, big-endian, zero-padded; or the fixnum
    std::string_view bytes;
    Value item;
};

// The first 8 bytes in string<'s order (order_byte), big-endian, zero-padded.
std::uint64_t byte_prefix(std::string_view s)
{
    std::uint64_t p = 0;
    for (std::size_t i = 0; i < 8; ++i)
        p = (p << 8) | (i < s.size() ? order_byte(static_cast<unsigned char>(s[i])) : 0u);
    return p;
}

// Sorts ITEMS (elements, or list cells when CELLS) stably in ORDER; false,
// touching nothing, when an element is not of the order's type.
bool sort_known(std::vector<Value>& items, KnownOrder order, bool cells)
{
    bool strings = order == KnownOrder::string_less || order == KnownOrder::string_greater;
    std::vector<SortKey> keys;
    keys.reserve(items.size());
    for (Value item : items) {
        Value v = cells ? xcar(item) : item;
        if (strings ? !stringp(v) || !orders_by_bytes(xstring(v)) : !v.is_fixnum())
            return false;
        if (strings)
            keys.push_back({byte_prefix(string_view(v)), string_view(v), item});
        else // order-preserving: the sign bit flipped
            keys.push_back({static_cast<std::uint64_t>(v.as_fixnum()) ^ (1ull << 63), {}, item});
    }
    auto less = [](const SortKey& x, const SortKey& y) {
        return x.prefix != y.prefix ? x.prefix < y.prefix : compare_ordered_bytes(x.bytes, y.bytes) < 0;
    };
    if (order == KnownOrder::string_less || order == KnownOrder::number_less)
        std::stable_sort(keys.begin(), keys.end(), less);
    else
        std::stable_sort(keys.begin(), keys.end(), [&](const SortKey& x, const SortKey& y) { return less(y, x); });
    for (std::size_t i = 0; i < keys.size(); ++i)
        items[i] = keys[i].item;
    return true;
}

void sort_values(std::vector<Value>& items, Value pred, bool cells)
{
    if (KnownOrder order = known_order(pred); order != KnownOrder::none && sort_known(items, order, cells))
        return;
    auto less = [&](Value x, Value y) { return !nilp(call2(pred, x, y)); };
    if (cells)
        std::stable_sort(items.begin(), items.end(), [&](Value x, Value y) { return less(xcar(x), xcar(y)); });
    else
        std::stable_sort(items.begin(), items.end(), less);
}

Value f_sort(Args a)
{
    Value seq = a[0], pred = a[1];
    if (listp(seq)) {
        RootedVector cells;
        list_length(seq);
        for (Value l : tails(seq))
            cells.push_back(l);
        if (cells.size() < 2)
            return seq;
        sort_values(cells.items(), pred, true);
        // Relink the cells in order, as Emacs's merge sort does.
        for (std::size_t i = 0; i + 1 < cells.size(); ++i)
            cells[i].as_cons()->cdr = cells[i + 1];
        cells[cells.size() - 1].as_cons()->cdr = Qnil;
        return cells[0];
    }
    if (vectorp(seq)) {
        RootedVector items;
        for (Value v : xvector(seq)->items)
            items.push_back(v);
        sort_values(items.items(), pred, false);
        xvector(seq)->items = items.items();
        return seq;
    }
    wrong_type(Qlist_or_vector_p, seq);
}

Value f_number_sequence(Args a)
{
    Value from = a[0], to = a[1], sep = a[2];
    if (nilp(to) || equal(from, to))
        return list({from});
    if (nilp(sep))
        sep = Value::fixnum(1);
    double step = check_number(sep);
    if (step == 0)
        error("The increment can not be zero");
    // As subr.el: NEXT = FROM + N * SEP with Lisp arithmetic, so the
    // first element is FROM itself.
    check_number(from);
    check_number(to);
    check_allocation((check_number(to) - check_number(from)) / step * sizeof(Cons));
    RootedVector items;
    Value next = from;
    Value plus = Qplus, times = Qstar;
    for (std::int64_t n = 1; step > 0 ? check_number(next) <= check_number(to) : check_number(next) >= check_number(to);
         ++n) {
        items.push_back(next);
        next = call2(plus, from, call2(times, Value::fixnum(n), sep));
    }
    return list_from(items);
}

// Plists are walked a pair at a time; the walker sees every other cons
// (a cycle of any length is still found, as the pair steps repeat too).
// plist-get, as Emacs's FOR_EACH_TAIL_SAFE, returns nil on a cycle.
Value f_plist_get(Args a)
{
    Value pred = a[2];
    try {
        for (ListWalker w(a[0]); w.consp() && xcdr(w.tail()).is_cons(); w.next(), w.next()) {
            Value p = w.tail();
            bool hit = nilp(pred) ? xcar(p) == a[1] : !nilp(call2(pred, xcar(p), a[1]));
            if (hit)
                return xcar(xcdr(p));
        }
    } catch (const LispSignal& e) {
        if (e.symbol() != Qcircular_list || !nilp(pred))
            throw;
    }
    return Qnil;
}

Value f_plist_put(Args a)
{
    Value pred = a[3];
    Value last = Qnil;
    ListWalker w(a[0]);
    for (; w.consp() && xcdr(w.tail()).is_cons(); w.next(), w.next()) {
        Value p = w.tail();
        bool hit = nilp(pred) ? xcar(p) == a[1] : !nilp(call2(pred, xcar(p), a[1]));
        if (hit) {
            xcdr(p).as_cons()->car = a[2];
            return a[0];
        }
        last = xcdr(p);
    }
    if (!nilp(w.tail()))
        wrong_type(Qplistp, a[0]);
    Value tail = list({a[1], a[2]});
    if (nilp(last))
        return tail;
    last.as_cons()->cdr = tail;
    return a[0];
}

Value f_plist_member(Args a)
{
    Value pred = a[2];
    ListWalker w(a[0]);
    for (; w.consp(); w.next()) {
        Value p = w.tail();
        bool hit = nilp(pred) ? xcar(p) == a[1] : !nilp(call2(pred, xcar(p), a[1]));
        if (hit)
            return p;
        if (!xcdr(p).is_cons()) {
            w.next();
            break;
        }
        w.next();
    }
    // As Emacs: a list that ends in anything but nil is no plist.
    if (!nilp(w.tail()))
        wrong_type(Qplistp, a[0]);
    return Qnil;
}

Value f_alist_get(Args a)
{
    Value key = a[0], alist = a[1], dflt = a[2], testfn = a[4];
    Value cell = Qnil;
    if (nilp(testfn)) {
        Value args[2] = {key, alist};
        cell = f_assq(Args{args, 2});
    } else {
        Value args[3] = {key, alist, testfn};
        cell = f_assoc(Args{args, 3});
    }
    return nilp(cell) ? dflt : xcdr(cell);
}

Value f_null(Args a) { return boolean(nilp(a[0])); }
Value f_consp(Args a) { return boolean(a[0].is_cons()); }
Value f_listp(Args a) { return boolean(listp(a[0])); }
Value f_nlistp(Args a) { return boolean(!listp(a[0])); }
Value f_atom(Args a) { return boolean(!a[0].is_cons()); }
Value f_sequencep(Args a)
{
    return boolean(listp(a[0]) || vectorp(a[0]) || stringp(a[0]) || char_table(a[0]) || bool_vector(a[0]));
}
Value f_arrayp(Args a) { return boolean(vectorp(a[0]) || stringp(a[0]) || char_table(a[0]) || bool_vector(a[0])); }
Value f_eq(Args a) { return boolean(a[0] == a[1]); }
Value f_eql(Args a) { return boolean(eql(a[0], a[1])); }
Value f_equal(Args a) { return boolean(equal(a[0], a[1])); }

const SubrDef list_subrs[] = {
    {"car", 1, 1, f_car},
    {"cdr", 1, 1, f_cdr},
    {"car-safe", 1, 1, f_car_safe},
    {"cdr-safe", 1, 1, f_cdr_safe},
    {"caar", 1, 1, f_caar},
    {"cadr", 1, 1, f_cadr},
    {"cdar", 1, 1, f_cdar},
    {"cddr", 1, 1, f_cddr},
    {"caddr", 1, 1, f_caddr},
    {"cons", 2, 2, f_cons},
    {"list", 0, many, f_list},
    {"list*", 1, many, f_list_star},
    {"make-list", 2, 2, f_make_list},
    {"setcar", 2, 2, f_setcar},
    {"setcdr", 2, 2, f_setcdr},
    {"nth", 2, 2, f_nth},
    {"nthcdr", 2, 2, f_nthcdr},
    {"length", 1, 1, f_length},
    {"safe-length", 1, 1, f_safe_length},
    {"proper-list-p", 1, 1, f_proper_list_p},
    {"append", 0, many, f_append},
    {"nconc", 0, many, f_nconc},
    {"reverse", 1, 1, f_reverse},
    {"nreverse", 1, 1, f_nreverse},
    {"memq", 2, 2, f_memq},
    {"memql", 2, 2, f_memql},
    {"member", 2, 2, f_member},
    {"assq", 2, 2, f_assq},
    {"assoc", 2, 3, f_assoc},
    {"rassq", 2, 2, f_rassq},
    {"rassoc", 2, 2, f_rassoc},
    {"delq", 2, 2, f_delq},
    {"delete", 2, 2, f_delete},
    {"remove", 2, 2, f_remove},
    {"remq", 2, 2, f_remq},
    {"last", 1, 2, f_last},
    {"butlast", 1, 2, f_butlast},
    {"nbutlast", 1, 2, f_nbutlast},
    {"copy-tree", 1, 2, f_copy_tree},
    {"copy-sequence", 1, 1, f_copy_sequence},
    {"elt", 2, 2, f_elt},
    {"mapcar", 2, 2, f_mapcar},
    {"mapc", 2, 2, f_mapc},
    {"mapcan", 2, 2, f_mapcan},
    {"mapconcat", 2, 3, f_mapconcat},
    {"sort", 2, 2, f_sort},
    {"number-sequence", 1, 3, f_number_sequence},
    {"plist-get", 2, 3, f_plist_get},
    {"plist-put", 3, 4, f_plist_put},
    {"plist-member", 2, 3, f_plist_member},
    {"alist-get", 2, 5, f_alist_get},
    {"null", 1, 1, f_null},
    {"not", 1, 1, f_null},
    {"consp", 1, 1, f_consp},
    {"listp", 1, 1, f_listp},
    {"nlistp", 1, 1, f_nlistp},
    {"atom", 1, 1, f_atom},
    {"sequencep", 1, 1, f_sequencep},
    {"arrayp", 1, 1, f_arrayp},
    {"eq", 2, 2, f_eq},
    {"eql", 2, 2, f_eql},
    {"equal", 2, 2, f_equal},
};

} // namespace

void register_list_builtins() { register_subrs(list_subrs); }

} // namespace gapmacs::lisp

// Obarrays besides the initial one: `intern', `intern-soft', `unintern'
// and `mapatoms' given a vector (obarray-make, (make-vector N 0)), as CC
// Mode's `c-lang-constants' and abbrev tables use them. Their symbols are
// not the initial obarray's: a symbol of the same name there is another
// symbol. Each slot of the vector is a bucket, a list of symbols (0 or
// any non-list when empty, as `make-vector' leaves it), or a symbol alone:
// Emacs chains a bucket's symbols through the symbols themselves, so a
// vector written as [when what whelp] is an obarray of three (company's
// tests bind `obarray' to one).
#include "lisp-lite/lang/obarrays.hpp"

#include <functional>

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

Value g_initial_obarray; // the value `obarray' starts with: stands for the global table

std::vector<Value>& buckets(Value ob)
{
    if (!vectorp(ob) || xvector(ob)->items.empty())
        wrong_type(Qvectorp, ob);
    return xvector(ob)->items;
}

Value& bucket_for(Value ob, std::string_view name)
{
    std::vector<Value>& b = buckets(ob);
    return b[std::hash<std::string_view>{}(name) % b.size()];
}

Value find_in_bucket(Value bucket, std::string_view name)
{
    if (symbolp(bucket))
        return string_view(xsymbol(bucket)->name) == name ? bucket : Value();
    for (; bucket.is_cons(); bucket = xcdr(bucket))
        if (symbolp(xcar(bucket)) && string_view(xsymbol(xcar(bucket))->name) == name)
            return xcar(bucket);
    return Value();
}

} // namespace

bool initial_obarray_p(Value ob) { return nilp(ob) || ob == g_initial_obarray; }

Value obarray_intern(Value ob, std::string_view name)
{
    Value found = obarray_lookup(ob, name);
    if (!found.is_empty())
        return found;
    Value sym = make_uninterned_symbol(name);
    xsymbol(sym)->m_flags |= Symbol::interned_flag;
    Value& bucket = bucket_for(ob, name);
    bucket = make_cons(sym, bucket.is_cons() ? bucket : symbolp(bucket) ? make_cons(bucket, Qnil) : Qnil);
    return sym;
}

Value obarray_lookup(Value ob, std::string_view name) { return find_in_bucket(bucket_for(ob, name), name); }

bool obarray_remove(Value ob, Value sym)
{
    Value& bucket = bucket_for(ob, string_view(xsymbol(sym)->name));
    if (bucket == sym) {
        bucket = Value::fixnum(0);
        return true;
    }
    Value previous = Qnil;
    for (Value tail = bucket; tail.is_cons(); previous = tail, tail = xcdr(tail)) {
        if (xcar(tail) != sym)
            continue;
        if (nilp(previous))
            bucket = nilp(xcdr(tail)) ? Value::fixnum(0) : xcdr(tail);
        else
            previous.as_cons()->cdr = xcdr(tail);
        xsymbol(sym)->m_flags &= static_cast<std::uint8_t>(~Symbol::interned_flag);
        return true;
    }
    return false;
}

namespace {

void append_bucket(Value bucket, RootedVector& out)
{
    if (symbolp(bucket))
        out.push_back(bucket);
    for (; bucket.is_cons(); bucket = xcdr(bucket))
        out.push_back(xcar(bucket));
}

} // namespace

void obarray_symbols(Value ob, RootedVector& out)
{
    for (Value bucket : buckets(ob))
        append_bucket(bucket, out);
}

void obarray_map(Value ob, Value fn)
{
    RootedVector syms; // FN may intern or unintern
    const std::vector<Value>& all = buckets(ob);
    for (std::size_t i = all.size(); i-- > 0;)
        append_bucket(all[i], syms);
    for (Value s : syms.items())
        call1(fn, s);
}

void define_obarray_variable()
{
    g_initial_obarray = make_vector(1, Value::fixnum(0));
    add_root_source([] { mark_value(g_initial_obarray); }); // even after a setq of `obarray'
    defvar_builtin("obarray", g_initial_obarray);
}

} // namespace gapmacs::lisp

// The obarray and the well-known symbols.
#include "lisp-lite/lang/lisp.hpp"

#include <string>
#include <unordered_map>

#include "core/utf8.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"

namespace gapmacs::lisp {

#define GAPMACS_DEFINE_Q(name, str) Value Q##name;
GAPMACS_LISP_SYMBOLS(GAPMACS_DEFINE_Q)
#undef GAPMACS_DEFINE_Q

namespace {

// Transparent hashing: lookups by string_view allocate nothing.
struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using Obarray = std::unordered_map<std::string, Value, NameHash, std::equal_to<>>;

// Interned symbols are roots: the obarray never forgets one.
Obarray& obarray()
{
    static Obarray table(4096);
    return table;
}

void mark_obarray()
{
    for (auto& [name, sym] : obarray())
        mark_value(sym);
}

Value new_symbol(std::string_view name)
{
    Value str = make_string(name);
    Symbol* s = alloc_symbol();
    s->name = str;
    s->value = Qunbound.is_empty() ? Value() : Qunbound;
    s->function = Qnil.is_empty() ? Value() : Qnil;
    s->plist = s->function;
    return Value::object(s);
}

void intern_well_known()
{
    // nil first: everything else points at it.
#define GAPMACS_INTERN_Q(name, str) Q##name = intern(str); add_root(&Q##name);
    GAPMACS_LISP_SYMBOLS(GAPMACS_INTERN_Q)
#undef GAPMACS_INTERN_Q
    // The unbound marker is not a real symbol of the obarray.
    obarray().erase("--unbound--");
    add_root(&Qunbound);
    for (Value sym : {Qnil, Qunbound}) {
        Symbol* s = xsymbol(sym);
        s->value = Qunbound;
        s->function = Qnil;
        s->plist = Qnil;
    }
    Symbol* n = xsymbol(Qnil);
    n->value = Qnil;
    n->m_flags |= Symbol::constant_flag | Symbol::special_flag;
    Symbol* t = xsymbol(Qt);
    t->value = Qt;
    t->m_flags |= Symbol::constant_flag | Symbol::special_flag;
    // Symbols interned before Qnil/Qunbound existed have empty cells.
    for (auto& [name, sym] : obarray()) {
        Symbol* s = xsymbol(sym);
        if (s->value.is_empty())
            s->value = Qunbound;
        if (s->function.is_empty())
            s->function = Qnil;
        if (s->plist.is_empty())
            s->plist = Qnil;
    }
}

} // namespace

Value intern(std::string_view name)
{
    auto& ob = obarray();
    auto it = ob.find(name);
    if (it != ob.end())
        return it->second;
    Value sym = new_symbol(name);
    Symbol* s = xsymbol(sym);
    s->m_flags |= Symbol::interned_flag;
    if (!name.empty() && name[0] == ':') {
        // Keywords evaluate to themselves and cannot be set.
        s->value = sym;
        s->m_flags |= Symbol::constant_flag | Symbol::special_flag;
    }
    ob.emplace(std::string(name), sym);
    preloaded_index_interned(sym, name);
    return sym;
}

Value intern_soft(std::string_view name)
{
    auto& ob = obarray();
    auto it = ob.find(name);
    return it == ob.end() ? Value() : it->second;
}

Value make_uninterned_symbol(std::string_view name) { return new_symbol(name); }

void unintern_symbol(Value sym)
{
    auto& ob = obarray();
    auto it = ob.find(symbol_name(sym));
    if (it != ob.end() && it->second == sym) {
        ob.erase(it);
        xsymbol(sym)->m_flags &= static_cast<std::uint8_t>(~Symbol::interned_flag);
    }
}

void map_obarray(void (*fn)(Value, void*), void* ctx)
{
    RootedVector syms;
    for (auto& [name, sym] : obarray())
        syms.push_back(sym);
    for (Value s : syms.items())
        fn(s, ctx);
}

// Checked (wrong-type-argument symbolp): a coding system given as a string
// reached here from make-process and crashed.
std::string symbol_name(Value sym) { return std::string(string_view(check_symbol(sym)->name)); }

void init_obarray()
{
    add_root_source(mark_obarray);
    intern_well_known();
}

} // namespace gapmacs::lisp

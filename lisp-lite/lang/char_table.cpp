// Char-tables (char_table.hpp) and their Lisp functions: make-char-table,
// char-table-p, char-table-subtype, char-table-parent,
// set-char-table-parent, char-table-extra-slot, set-char-table-extra-slot,
// char-table-range, set-char-table-range, map-char-table. aref, aset and
// copy-sequence reach them through array_ref/array_set/copy_char_table.
#include "lisp-lite/lang/char_table.hpp"

#include <algorithm>
#include <memory>

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/heap.hpp"

namespace gapmacs::lisp {

namespace {

// Emacs allows at most ten extra slots.
constexpr std::int64_t max_extra_slots = 10;

void char_table_mark(ExtObject* o, void (*mark)(Value))
{
    static_cast<const CharTable*>(o->data)->for_each_value(mark);
}
void char_table_finalize(ExtObject* o) { std::unique_ptr<CharTable>(static_cast<CharTable*>(o->data)); }
// Emacs prints a char-table's whole internal vector (#^[...]), many
// kilobytes no one reads; the subtype says what the table is.
void char_table_print(ExtObject* o, std::string& out)
{
    out += "#<char-table ";
    out += prin1_to_string(static_cast<CharTable*>(o->data)->subtype);
    out += '>';
}

const ExtClass char_table_class{"char-table", char_table_mark, char_table_finalize, char_table_print};

// A new table may take a dead one's address: caches keyed by the address
// see a change.
Value wrap(std::unique_ptr<CharTable> table)
{
    CharTable::changed();
    Value v = Value::object(alloc_ext(Type::Ext, &char_table_class, table.get()));
    table.release();
    return v;
}

// A RANGE argument: a character, (FROM . TO), nil (the default) or t (all).
struct Range {
    enum class Kind { Chars, Default, All } kind;
    char32_t from = 0, to = 0;
};
Range parse_range(Value range)
{
    if (nilp(range))
        return {Range::Kind::Default};
    if (range == Qt)
        return {Range::Kind::All, 0, max_char};
    if (range.is_cons()) {
        char32_t from = check_char(xcar(range)), to = check_char(xcdr(range));
        if (from > to)
            args_out_of_range(xcar(range), xcdr(range));
        return {Range::Kind::Chars, from, to};
    }
    if (!range.is_fixnum() || range.as_fixnum() < 0 || range.as_fixnum() > max_char)
        error("Invalid RANGE argument to `char-table-range'");
    char32_t c = check_char(range);
    return {Range::Kind::Chars, c, c};
}

std::size_t check_extra_slot(const CharTable& t, Value n)
{
    std::int64_t i = check_fixnum(n);
    if (i < 0 || i >= static_cast<std::int64_t>(t.extra_slots.size()))
        args_out_of_range(n, Qnil);
    return static_cast<std::size_t>(i);
}

// (make-char-table SUBTYPE &optional INIT)
Value f_make_char_table(Args a)
{
    check_symbol(a[0]);
    return make_char_table(a[0], a[1]);
}

Value f_char_table_p(Args a) { return char_table(a[0]) ? Qt : Qnil; }
Value f_char_table_subtype(Args a) { return check_char_table(a[0]).subtype; }
Value f_char_table_parent(Args a) { return check_char_table(a[0]).parent; }

// (set-char-table-parent TABLE PARENT): PARENT a char-table or nil, and
// never TABLE itself or one of its descendants (lookups would not end).
Value f_set_char_table_parent(Args a)
{
    CharTable& t = check_char_table(a[0]);
    if (!nilp(a[1])) {
        for (Value p = a[1]; !nilp(p); p = check_char_table(p).parent)
            if (p == a[0])
                error("Attempt to make a chartable be its own parent");
    }
    t.parent = a[1];
    CharTable::changed();
    return a[1];
}

Value f_char_table_extra_slot(Args a)
{
    const CharTable& t = check_char_table(a[0]);
    return t.extra_slots[check_extra_slot(t, a[1])];
}

Value f_set_char_table_extra_slot(Args a)
{
    CharTable& t = check_char_table(a[0]);
    t.extra_slots[check_extra_slot(t, a[1])] = a[2];
    return a[2];
}

// (char-table-range TABLE RANGE): a character's value is aref's; for
// (FROM . TO), Emacs gives FROM's value in this table alone (no parent).
Value f_char_table_range(Args a)
{
    const CharTable& t = check_char_table(a[0]);
    Range r = parse_range(a[1]);
    if (r.kind == Range::Kind::Default)
        return t.default_value;
    if (r.kind == Range::Kind::All)
        error("Invalid RANGE argument to `char-table-range'");
    if (!a[1].is_cons())
        return t.get(r.from);
    Value v = t.own(r.from);
    return nilp(v) ? t.default_value : v;
}

// (set-char-table-range TABLE RANGE VALUE)
Value f_set_char_table_range(Args a)
{
    CharTable& t = check_char_table(a[0]);
    Range r = parse_range(a[1]);
    if (r.kind == Range::Kind::Default) {
        t.default_value = a[2];
        CharTable::changed();
    } else
        t.set_range(r.from, r.to, a[2]);
    return a[2];
}

// (map-char-table FUNCTION TABLE): FUNCTION gets a character, or (FROM . TO)
// for a run of characters sharing one value, and the value.
Value f_map_char_table(Args a)
{
    const CharTable& t = check_char_table(a[1]);
    Value fn = a[0];
    t.for_each_run([&](char32_t from, char32_t to, Value v) {
        Value key = from == to ? Value::fixnum(from) : cons(Value::fixnum(from), Value::fixnum(to));
        call2(fn, key, v);
    });
    return Qnil;
}

constexpr SubrDef char_table_subrs[] = {
    {"make-char-table", 1, 2, f_make_char_table},
    {"char-table-p", 1, 1, f_char_table_p},
    {"char-table-subtype", 1, 1, f_char_table_subtype},
    {"char-table-parent", 1, 1, f_char_table_parent},
    {"set-char-table-parent", 2, 2, f_set_char_table_parent},
    {"char-table-extra-slot", 2, 2, f_char_table_extra_slot},
    {"set-char-table-extra-slot", 3, 3, f_set_char_table_extra_slot},
    {"char-table-range", 2, 2, f_char_table_range},
    {"set-char-table-range", 3, 3, f_set_char_table_range},
    {"map-char-table", 2, 2, f_map_char_table},
};

} // namespace

Value CharTable::own(char32_t c) const
{
    if (c < 128)
        return m_ascii[c];
    if (auto* run = run_at(c))
        return run->second.second;
    return Qnil;
}

Value CharTable::get(char32_t c) const
{
    const CharTable* t = this;
    for (;;) {
        Value v = t->own(c);
        if (!nilp(v))
            return v;
        if (!nilp(t->default_value))
            return t->default_value;
        t = char_table(t->parent);
        if (!t)
            return Qnil;
    }
}

const std::pair<const char32_t, std::pair<char32_t, Value>>* CharTable::run_at(char32_t c) const
{
    auto it = m_runs.upper_bound(c);
    if (it == m_runs.begin())
        return nullptr;
    --it;
    return it->second.first >= c ? &*it : nullptr;
}

void CharTable::set_range(char32_t from, char32_t to, Value v)
{
    changed();
    for (; from <= to && from < 128; ++from)
        m_ascii[from] = v;
    if (from > to)
        return;
    // Cut the runs overlapping [from, to], keeping their parts outside it.
    auto it = m_runs.upper_bound(from);
    if (it != m_runs.begin() && std::prev(it)->second.first >= from)
        --it;
    while (it != m_runs.end() && it->first <= to) {
        const char32_t start = it->first, last = it->second.first;
        const Value old = it->second.second;
        it = m_runs.erase(it);
        if (start < from)
            m_runs.emplace(start, std::make_pair(from - 1, old));
        if (last > to)
            it = m_runs.emplace(to + 1, std::make_pair(last, old)).first;
    }
    m_runs.emplace(from, std::make_pair(to, v));
}

char32_t CharTable::next_own_boundary(char32_t c) const
{
    if (c < 128)
        return c + 1;
    if (auto* run = run_at(c))
        return run->second.first + 1;
    auto it = m_runs.upper_bound(c);
    return it == m_runs.end() ? max_char + 1 : it->first;
}

char32_t CharTable::next_boundary(char32_t c) const
{
    char32_t next = next_own_boundary(c);
    if (const CharTable* p = char_table(parent))
        next = std::min(next, p->next_boundary(c));
    return next;
}

CharTable* char_table(Value v)
{
    ExtObject* e = ext_object(v);
    return e && e->cls == &char_table_class ? static_cast<CharTable*>(e->data) : nullptr;
}

CharTable& check_char_table(Value v)
{
    if (CharTable* t = char_table(v))
        return *t;
    wrong_type(Qchar_table_p, v);
}

Value make_char_table(Value subtype, Value init)
{
    auto t = std::make_unique<CharTable>();
    Value n = symbol_get(subtype, Qchar_table_extra_slots);
    std::int64_t slots = nilp(n) ? 0 : check_fixnum(n);
    if (slots < 0 || slots > max_extra_slots)
        args_out_of_range(n, Qnil);
    t->subtype = subtype;
    t->default_value = init;
    t->parent = Qnil;
    t->extra_slots.assign(static_cast<std::size_t>(slots), init);
    if (!nilp(init))
        t->set_range(0, max_char, init);
    return wrap(std::move(t));
}

Value copy_char_table(Value table)
{
    return wrap(std::make_unique<CharTable>(check_char_table(table)));
}

void register_char_table_builtins()
{
    register_subrs(char_table_subrs);
    // What Emacs's C (and its preloaded characters.el) puts on the
    // purposes at start-up: a table made before the library that uses
    // it has loaded still gets its slots.
    for (auto [purpose, slots] : {std::pair{"case-table", 3}, {"syntax-table", 0}, {"category-table", 2},
                                  {"translation-table", 2}, {"char-script-table", 1}, {"glyphless-char-display", 1},
                                  {"keyboard-translate-table", 0}, {"char-code-property-table", 5}})
        symbol_put(intern(purpose), Qchar_table_extra_slots, Value::fixnum(slots));
}

} // namespace gapmacs::lisp

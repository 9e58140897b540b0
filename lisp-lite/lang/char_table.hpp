// Char-tables: a value for every character, as Emacs has them for syntax
// tables, case tables and display tables.
//
// A table holds values set one character at a time or by ranges; where it
// holds nil it answers with its default, and then with its parent's value
// (make-syntax-table's tables inherit from the standard syntax table this
// way). ASCII lives in a flat array, since the scanners ask about it most;
// the rest of the 0..max-char space is a map of disjoint runs, so setting
// the whole range costs one entry, not four million.
#pragma once
#include <algorithm>
#include <array>
#include <map>
#include <vector>

#include "core/utf8.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

class CharTable {
public:
    CharTable() : subtype(Qnil), default_value(Qnil), parent(Qnil) { m_ascii.fill(Qnil); }

    // The value for c: this table's, else its default, else its parent's.
    Value get(char32_t c) const;
    // This table's own value for c, without default or parent.
    Value own(char32_t c) const;
    void set(char32_t c, Value v) { set_range(c, c, v); }
    // Sets [from, to] (inclusive, from <= to).
    void set_range(char32_t from, char32_t to, Value v);
    // Calls f(from, to, value) for the maximal runs of eq, non-nil values
    // that get() gives, in increasing order.
    template <typename F> void for_each_run(F&& f) const;

    Value subtype;
    Value default_value;
    Value parent; // a char-table or nil
    std::vector<Value> extra_slots;

    // A count of changes to any char-table, for caches of what a table
    // implies (syntax-ppss's parse states). Writers of parent or
    // default_value call changed(); set_range calls it.
    static std::uint64_t generation() { return s_generation; }
    static void changed() { ++s_generation; }

    // Does o hold the same values (eq deciding between two values), as
    // Emacs's equal compares char-tables?
    template <typename Eq> bool same_as(const CharTable& o, Eq&& eq) const;

    // Every Value the table holds, for the collector.
    template <typename F> void for_each_value(F&& f) const;

private:
    // The run holding c (c >= 128), or nullptr.
    const std::pair<const char32_t, std::pair<char32_t, Value>>* run_at(char32_t c) const;
    // The first character past c whose own() value may differ from c's.
    char32_t next_own_boundary(char32_t c) const;
    // The same for get(), whose value may also change with the parent's.
    char32_t next_boundary(char32_t c) const;

    static inline std::uint64_t s_generation = 0;
    std::array<Value, 128> m_ascii{};
    // Start -> (last, value) for the non-ASCII characters, disjoint runs.
    std::map<char32_t, std::pair<char32_t, Value>> m_runs;
};

// The char-table v is, or nullptr.
CharTable* char_table(Value v);
// char_table(v), or signals wrong-type-argument char-table-p.
CharTable& check_char_table(Value v);
// A new table of the given subtype with every value `init`, with the
// extra slots the subtype's char-table-extra-slots property asks for.
Value make_char_table(Value subtype, Value init);
// A copy sharing no state (copy-sequence).
Value copy_char_table(Value table);

template <typename F> void CharTable::for_each_value(F&& f) const
{
    f(subtype);
    f(default_value);
    f(parent);
    for (Value v : extra_slots)
        f(v);
    for (Value v : m_ascii)
        f(v);
    for (const auto& [start, run] : m_runs)
        f(run.second);
}

template <typename Eq> bool CharTable::same_as(const CharTable& o, Eq&& eq) const
{
    if (!eq(subtype, o.subtype) || !eq(default_value, o.default_value) || !eq(parent, o.parent) ||
        extra_slots.size() != o.extra_slots.size())
        return false;
    for (std::size_t i = 0; i < extra_slots.size(); ++i)
        if (!eq(extra_slots[i], o.extra_slots[i]))
            return false;
    for (char32_t c = 0; c <= max_char;
         c = std::min(next_own_boundary(c), o.next_own_boundary(c)))
        if (!eq(own(c), o.own(c)))
            return false;
    return true;
}

template <typename F> void CharTable::for_each_run(F&& f) const
{
    char32_t from = 0;
    Value value = get(0);
    for (char32_t c = 0;;) {
        const char32_t next = next_boundary(c);
        Value v = next <= max_char ? get(next) : Qnil;
        if (next > max_char || v != value) {
            if (!nilp(value))
                f(from, next - 1, value);
            if (next > max_char)
                return;
            from = next;
            value = v;
        }
        c = next;
    }
}

} // namespace gapmacs::lisp

// The names of a completion collection that complete a string (minibuf.c's
// loop of try-completion and all-completions): a list or alist, an
// obarray, a hash table. In C++ because every TAB walks the whole
// collection: a project's 100,000 file names, the 40,000 symbols of M-x.
// try-completion's common prefix is here too; the rest of those functions,
// and the styles, are lisp/minibuffer.el's.
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/obarrays.hpp"
#include "lisp-lite/lang/variables.hpp"

#include <memory>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/regex.hpp"
#include "core/utf8.hpp"

namespace gapmacs::lisp {

namespace {

// How far a and b agree from the start, in whole characters compared
// folded under `fold` (a character and its folded match may differ in
// length): the bytes of each.
std::pair<std::size_t, std::size_t> common_start(std::string_view a, std::string_view b, bool fold)
{
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        int al = 1, bl = 1;
        char32_t ac = decode_internal_char(a.data() + i, a.data() + a.size(), &al);
        char32_t bc = decode_internal_char(b.data() + j, b.data() + b.size(), &bl);
        if (ac != bc && !(fold && downcase_char(ac) == downcase_char(bc)))
            break;
        i += static_cast<std::size_t>(al);
        j += static_cast<std::size_t>(bl);
    }
    return {i, j};
}

bool ignoring_case()
{
    const Value v = find_symbol_value(Qcompletion_ignore_case);
    return v != Qunbound && !nilp(v);
}

// What a name must be to complete STRING: its prefix (case folded under
// completion-ignore-case), then every regexp of completion-regexp-list
// (case-fold-search as completion-ignore-case, as minibuf.c binds it).
class NameTest {
public:
    NameTest(Value string)
    {
        m_prefix = string_view(string);
        m_fold = ignoring_case();
        const Value list = find_symbol_value(Qcompletion_regexp_list);
        for (Value r = list == Qunbound ? Qnil : list; r.is_cons(); r = xcdr(r)) {
            check_string(xcar(r));
            try {
                m_regexps.push_back(compile_regex(string_view(xcar(r)), m_fold));
            } catch (const gapmacs::Error& e) {
                signal_core_error(e);
            }
        }
    }
    bool operator()(std::string_view name) const
    {
        if (!(m_fold ? common_start(name, m_prefix, true).second == m_prefix.size() : name.starts_with(m_prefix)))
            return false;
        try {
            for (const auto& re : m_regexps)
                if (!re->string_match(name))
                    return false;
        } catch (const gapmacs::Error& e) {
            signal_core_error(e);
        }
        return true;
    }

private:
    std::string_view m_prefix;
    bool m_fold = false;
    std::vector<std::shared_ptr<const Regex>> m_regexps;
};

// The name a collection's element completes as (a string, a symbol's name,
// an alist entry's key), or an empty Value when it has none.
Value element_name(Value key)
{
    if (stringp(key))
        return key;
    if (symbolp(key))
        return xsymbol(key)->name;
    return Value();
}

// (internal--completion-matches STRING COLLECTION PREDICATE): the names in
// COLLECTION that complete STRING and that PREDICATE (called with a list's
// element, an obarray's symbol, or a hash table's key and value) accepts,
// in the collection's order. The predicate runs only on the names that
// match, as in Emacs.
Value f_completion_matches(Args a)
{
    check_string(a[0]);
    const Value collection = a[1];
    const Value predicate = a[2];
    const NameTest matches(a[0]);
    RootedVector out;
    std::size_t seen = 0;
    auto consider = [&](Value key, Value arg1, Value arg2, bool two_args) {
        if (++seen % 4096 == 0)
            maybe_quit();
        const Value name = element_name(key);
        if (name.is_empty() || !matches(string_view(name)))
            return;
        if (!nilp(predicate) && nilp(two_args ? call2(predicate, arg1, arg2) : call1(predicate, arg1)))
            return;
        out.push_back(name);
    };
    if (collection.is(Type::HashTable)) {
        // A copy of the pairs: the predicate may change the table.
        RootedVector pairs;
        const HashTable* table = xhash(collection);
        for (std::size_t i = 0; i + 1 < table->kv.size(); i += 2)
            if (!table->kv[i].is_empty()) {
                pairs.push_back(table->kv[i]);
                pairs.push_back(table->kv[i + 1]);
            }
        for (std::size_t i = 0; i + 1 < pairs.size(); i += 2)
            consider(pairs[i], pairs[i], pairs[i + 1], true);
    } else if (vectorp(collection)) {
        RootedVector symbols;
        if (initial_obarray_p(collection))
            map_obarray([](Value sym, void* ctx) { static_cast<RootedVector*>(ctx)->push_back(sym); }, &symbols);
        else
            obarray_symbols(collection, symbols);
        for (Value sym : symbols.items())
            consider(sym, sym, Qnil, false);
    } else {
        // A circular list signals circular-list, as minibuf.c's FOR_EACH_TAIL.
        for (Value cell : tails(collection)) {
            Value elt = xcar(cell);
            consider(elt.is_cons() ? xcar(elt) : elt, elt, Qnil, false);
        }
    }
    Value list = Qnil;
    for (std::size_t i = out.size(); i-- > 0;)
        list = make_cons(out[i], list);
    return list;
}

// (internal--completion-common-prefix STRING MATCHES): try-completion's
// answer for the names MATCHES (non-empty) found for STRING, as minibuf.c
// computes it: t when STRING is the one match, else the longest start all
// share, spelt as the best match spells it. Ignoring case, the best match
// is one the others complete exactly, else one that keeps STRING's own
// case; and when nothing is added, STRING comes back as typed.
Value f_completion_common_prefix(Args a)
{
    const Value string = a[0];
    check_string(string);
    const std::string_view typed = string_view(string);
    const Value matches = a[1];
    if (!matches.is_cons())
        wrong_type(Qconsp, matches);
    const bool fold = ignoring_case();
    check_string(xcar(matches));
    std::string_view best = string_view(xcar(matches));
    std::size_t best_size = best.size(); // bytes of `best` all matches share
    std::size_t count = 1;
    for (Value cell : tails(xcdr(matches))) {
        check_string(xcar(cell));
        const std::string_view elt = string_view(xcar(cell));
        const auto [in_best, in_elt] = common_start(best.substr(0, best_size), elt, fold);
        const bool same_string = elt == best.substr(0, best_size); // spelt the same, case included
        std::size_t shared = in_best;
        if (fold) {
            const bool elt_whole = in_elt == elt.size(), best_whole = in_best == best.size();
            if ((elt_whole && in_best < best.size()) ||
                (elt_whole == best_whole && elt.starts_with(typed) && !best.starts_with(typed))) {
                best = elt;
                shared = in_elt;
            }
        }
        if (!same_string)
            ++count; // the same name twice counts once
        best_size = shared;
    }
    const std::string_view prefix = best.substr(0, best_size);
    if (fold && count_chars(prefix) == count_chars(typed) && best.size() > best_size)
        return string;
    if (count == 1 && best == typed)
        return Qt;
    return make_string(prefix);
}

const SubrDef completion_subrs[] = {
    {"internal--completion-matches", 3, 3, f_completion_matches},
    {"internal--completion-common-prefix", 2, 2, f_completion_common_prefix},
};

} // namespace

void register_completion_builtins() { register_subrs(completion_subrs); }

} // namespace gapmacs::lisp

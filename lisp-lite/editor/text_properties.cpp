// Text properties as Emacs 28 defines them (textprop.c, intervals.c):
// propertize, put-text-property, get-text-property, next-property-change...
#include "lisp-lite/editor/text_properties.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/overlays.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

using Plist = TextProperties::Plist;
using Run = TextProperties::Run;

Value g_inhibit_read_only, g_default_nonsticky, g_alias_alist;
// The last changes of syntax-table properties, for syntax-ppss's cache:
// change number g is at g % kept.
struct SyntaxPropertyChange {
    std::uint64_t generation;
    const Buffer* buffer;
    CharPos beg;
};
constexpr std::uint64_t syntax_changes_kept = 16;
std::array<SyntaxPropertyChange, syntax_changes_kept> g_syntax_changes{};
std::uint64_t g_syntax_property_generation = 0;

Value plist_value(Plist h) { return h ? Value::from_bits(h) : Qnil; }
Plist handle(Value plist) { return nilp(plist) ? 0 : plist.bits(); }

// Whether two plists hold the same elements (eq) in the same order.
bool same_elements(Value a, Value b)
{
    for (; consp(a) && consp(b); a = xcdr(a), b = xcdr(b))
        if (xcar(a) != xcar(b))
            return false;
    return nilp(a) && nilp(b);
}

// The plists changes made last. Stretches given the same properties one
// call at a time (a coloured stream's faces, a mode's fontification) would
// each hold a fresh copy, and every collection marks every copy: 1.5
// million conses, 160 ms a collection, after 8 MB of coloured shell
// output. A new plist with the same elements as one of these is that one.
class RecentPlists {
public:
    Value share(Value plist)
    {
        for (std::size_t i = 0; i < m_count; ++i)
            if (m_plists[i] == plist || same_elements(m_plists[i], plist))
                return m_plists[i];
        m_plists[m_next] = plist;
        m_next = (m_next + 1) % m_plists.size();
        m_count = std::max(m_count, m_next == 0 ? m_plists.size() : m_next);
        return plist;
    }
    // They stay alive while they are here, even if no text holds them.
    void mark() const { mark_values(m_plists.data(), m_count); }

private:
    std::array<Value, 8> m_plists{};
    std::size_t m_count = 0;
    std::size_t m_next = 0;
};
RecentPlists g_recent_plists;

bool memq(Value x, Value list)
{
    for (ListWalker list_walk(list); list_walk.consp(); list_walk.next(), list = list_walk.tail())
        if (xcar(list) == x)
            return true;
    return false;
}

// Emacs's TMEM: SET is a list of properties, or non-nil meaning all.
bool tmem(Value sym, Value set) { return consp(set) ? memq(sym, set) : !nilp(set); }

// The cell after PROP in plist (its value is the car), or nil.
Value plist_cell(Value plist, Value prop)
{
    for (Value l : plist_pairs(plist))
        if (xcar(l) == prop)
            return xcdr(l);
    return Qnil;
}

Value plist_lookup(Value plist, Value prop)
{
    Value cell = plist_cell(plist, prop);
    return consp(cell) ? xcar(cell) : Qnil;
}

// Emacs's textget: PROP's value, else what the `category` symbol gives,
// else the first alias in char-property-alias-alist that has a value.
Value textget(Value plist, Value prop)
{
    Value fallback = Qnil;
    for (Value l : plist_pairs(plist)) {
        if (xcar(l) == prop)
            return xcar(xcdr(l));
        if (xcar(l) == Qcategory && symbolp(xcar(xcdr(l))))
            fallback = symbol_get(xcar(xcdr(l)), prop);
    }
    if (!nilp(fallback))
        return fallback;
    Value aliases = xsymbol(g_alias_alist)->value;
    for (ListWalker aliases_walk(aliases); aliases_walk.consp(); aliases_walk.next(), aliases = aliases_walk.tail()) {
        Value entry = xcar(aliases);
        if (consp(entry) && xcar(entry) == prop) {
            for (Value a : tails(xcdr(entry))) {
                Value cell = plist_cell(plist, xcar(a));
                if (consp(cell))
                    return xcar(cell);
            }
            break;
        }
    }
    return Qnil;
}

// Emacs's intervals_equal: the same properties with eq values.
bool plists_equal(Value a, Value b)
{
    if (a == b)
        return true;
    std::int64_t nb = 0;
    for ([[maybe_unused]] Value l : plist_pairs(b))
        ++nb;
    for (Value l : plist_pairs(a)) {
        Value cell = plist_cell(b, xcar(l));
        if (!consp(cell) || xcar(cell) != xcar(xcdr(l)))
            return false;
        --nb;
    }
    return nb == 0;
}

// A copy of plist with PROP's value replaced (it is present).
Value plist_with(Value plist, Value prop, Value value)
{
    RootedVector items;
    bool done = false;
    for (Value l : plist_pairs(plist)) {
        items.push_back(xcar(l));
        items.push_back(!done && xcar(l) == prop ? value : xcar(xcdr(l)));
        done |= xcar(l) == prop;
    }
    Value out = Qnil;
    for (std::size_t i = items.size(); i-- > 0;)
        out = cons(items[i], out);
    return out;
}

// A copy of plist without PROP.
Value plist_without(Value plist, Value prop)
{
    RootedVector items;
    for (Value l : plist_pairs(plist)) {
        if (xcar(l) == prop)
            continue;
        items.push_back(xcar(l));
        items.push_back(xcar(xcdr(l)));
    }
    Value out = Qnil;
    for (std::size_t i = items.size(); i-- > 0;)
        out = cons(items[i], out);
    return out;
}

// Signals (error "Odd length text property list") as validate_plist does.
Value validate_plist(Value props)
{
    if (nilp(props))
        return props;
    if (!consp(props))
        return list({props, Qnil});
    if (list_length(props) % 2 != 0)
        error("Odd length text property list");
    return props;
}

// The object a text property function works on.
struct Target {
    Value object = Qnil;
    Buffer* buffer = nullptr;
    String* string = nullptr;
    std::int64_t lo = 0, hi = 0;             // accessible: BEGV..ZV, or 0..length
    std::int64_t whole_lo = 0, whole_hi = 0; // 1..Z, or 0..length

    TextProperties* props() const { return buffer ? buffer->text_properties() : string->props.get(); }
    TextProperties& ensure() const
    {
        if (buffer)
            return buffer->ensure_text_properties();
        if (!string->props)
            string->props = std::make_unique<TextProperties>();
        return *string->props;
    }
    void tidy() const
    {
        if (string && string->props && string->props->empty())
            string->props.reset();
    }
    Value plist_at(std::int64_t pos) const
    {
        const TextProperties* p = props();
        return p && pos >= whole_lo && pos < whole_hi ? plist_value(p->at(pos)) : Qnil;
    }
    // The stretch of one plist around the character at pos.
    Run stretch(std::int64_t pos) const
    {
        if (const TextProperties* p = props())
            return p->stretch(pos, whole_lo, whole_hi);
        return {whole_lo, whole_hi, 0};
    }
};

Target target_of(Value object)
{
    Target t;
    t.object = nilp(object) ? current_buffer() : object;
    if (stringp(t.object)) {
        t.string = xstring(t.object);
        t.lo = t.whole_lo = 0;
        t.hi = t.whole_hi = t.string->nchars;
    } else if (bufferp(t.object)) {
        t.buffer = &check_live_buffer(t.object);
        t.lo = t.buffer->point_min().value;
        t.hi = t.buffer->point_max().value;
        t.whole_lo = 1;
        t.whole_hi = t.buffer->size() + 1;
    } else {
        wrong_type(Qbuffer_or_string_p, object);
    }
    return t;
}

std::int64_t position_of(Value v) { return check_position(v); }

// validate_interval_range for one position.
std::int64_t valid_pos(const Target& t, Value pos)
{
    std::int64_t p = position_of(pos);
    if (p < t.lo || p > t.hi)
        args_out_of_range(pos, pos);
    return p;
}

// validate_interval_range for a range: either order, inside the object.
std::pair<std::int64_t, std::int64_t> valid_range(const Target& t, Value beg, Value end)
{
    std::int64_t b = position_of(beg), e = position_of(end);
    if (b > e)
        std::swap(b, e);
    if (b < t.lo || e > t.hi)
        args_out_of_range(Value::fixnum(b), Value::fixnum(e));
    return {b, e};
}

// Makes a buffer current for the duration (property changes run the
// change hooks in the buffer changed, as Emacs's modify_text_properties).
class WithCurrent {
public:
    explicit WithCurrent(Value buffer) : m_saved(current_buffer())
    {
        if (buffer != m_saved)
            set_current_buffer(buffer);
    }
    ~WithCurrent()
    {
        if (m_saved != current_buffer() && live_buffer(m_saved))
            set_current_buffer(m_saved);
    }
    WithCurrent(const WithCurrent&) = delete;
    WithCurrent& operator=(const WithCurrent&) = delete;

private:
    Value m_saved;
};

// Replaces the plist of each stretch of [beg, end) by change(old), which
// returns old itself when nothing changes. A buffer's change goes through
// Modification (read-only checks, change hooks, modified flag) only when
// something does change. Returns whether something did.
template <typename Change> bool modify(Target& t, std::int64_t beg, std::int64_t end, Change change)
{
    bool syntax_changed = false;
    auto compute = [&](std::vector<Run>& stretches, RootedVector& plists) {
        stretches.clear();
        plists.items().clear();
        bool changed = false;
        auto visit = [&](std::int64_t b, std::int64_t e, Plist p) {
            Value old = plist_value(p);
            Value now = change(old);
            if (now != old && consp(now))
                now = g_recent_plists.share(now);
            stretches.push_back({b, e, p});
            plists.push_back(now);
            changed |= now != old;
            syntax_changed |= now != old && (textget(now, Qsyntax_table) != textget(old, Qsyntax_table));
        };
        if (const TextProperties* p = t.props())
            p->for_each(beg, end, visit);
        else
            visit(beg, end, 0);
        return changed;
    };
    std::vector<Run> stretches;
    RootedVector plists;
    if (beg >= end || !compute(stretches, plists))
        return false;
    auto apply = [&] {
        TextProperties& tp = t.ensure();
        for (std::size_t i = 0; i < stretches.size(); ++i)
            if (plist_value(stretches[i].plist) != plists[i])
                tp.set(stretches[i].beg, stretches[i].end, handle(plists[i]));
        t.tidy();
    };
    if (!t.buffer) {
        apply();
        return true;
    }
    WithCurrent with(t.object);
    Modification m{CharPos(beg), CharPos(end)};
    // The hooks may have changed the text: compute again.
    t = target_of(t.object);
    end = std::min(end, t.whole_hi);
    if (beg < end && compute(stretches, plists)) {
        apply();
        t.buffer->properties_changed(CharPos(beg), CharPos(end));
        if (syntax_changed) {
            ++g_syntax_property_generation;
            g_syntax_changes[g_syntax_property_generation % syntax_changes_kept] = {
                g_syntax_property_generation, t.buffer, CharPos(beg)};
        }
    }
    m.done(CharPos(beg), CharPos(end), end - beg);
    return true;
}

enum class SetType { Replace, Prepend, Append };

// Emacs's add_properties on one plist: PROPS's values go in, new ones in
// front; with Prepend/Append a different value is combined into a list.
Value add_properties(Value plist, Value props, SetType how)
{
    Value out = plist;
    for (Value l : plist_pairs(props)) {
        Value sym = xcar(l), val = xcar(xcdr(l));
        Value cell = plist_cell(out, sym);
        if (!consp(cell)) {
            out = cons(sym, cons(val, out));
            continue;
        }
        Value old = xcar(cell);
        if (old == val)
            continue;
        Value now = val;
        if (how != SetType::Replace) {
            // A list value grows; an anonymous face (a plist) is one face.
            if (consp(old) && (sym != Qface || !keywordp(xcar(old))))
                now = how == SetType::Prepend ? cons(val, old)
                                              : call2(Qappend, old, list({val}));
            else
                now = how == SetType::Prepend ? list({val, old}) : list({old, val});
        }
        out = plist_with(out, sym, now);
    }
    return out;
}

[[noreturn]] void text_read_only(Value propval)
{
    if (stringp(propval))
        xsignal1(Qtext_read_only, propval);
    xsignal(Qtext_read_only, Qnil);
}

// ---- reading properties ----

Value f_text_properties_at(Args a)
{
    Target t = target_of(arg(a, 1));
    std::int64_t p = valid_pos(t, a[0]);
    return p >= t.hi ? Qnil : t.plist_at(p);
}

Value get_text_property(Value pos, Value prop, Value object)
{
    Target t = target_of(object);
    std::int64_t p = valid_pos(t, pos);
    return p >= t.hi ? Qnil : textget(t.plist_at(p), prop);
}

Value f_get_text_property(Args a) { return get_text_property(a[0], a[1], arg(a, 2)); }

// (VALUE . OVERLAY) for the overlay of highest priority at pos with a
// non-nil PROP, or nil.
Value overlay_property(Value buffer, std::int64_t pos, Value prop)
{
    if (live_buffer(buffer)->overlays().empty())
        return Qnil; // most buffers: no list of overlays to make
    WithCurrent with(buffer);
    for (Value l : tails(call2(Qoverlays_at, Value::fixnum(pos), Qt))) {
        Value v = overlay_get(xcar(l), prop);
        if (!nilp(v))
            return cons(v, xcar(l));
    }
    return Qnil;
}

Value char_property_and_overlay(Value pos, Value prop, Value object)
{
    Target t = target_of(object);
    if (t.buffer) {
        std::int64_t p = position_of(pos);
        if (p < t.lo || p > t.hi)
            xsignal1(Qargs_out_of_range, pos);
        Value found = overlay_property(t.object, p, prop);
        if (!nilp(found))
            return found;
    }
    return cons(get_text_property(pos, prop, t.object), Qnil);
}

Value f_get_char_property(Args a) { return get_char_property(a[0], a[1], arg(a, 2)); }
Value f_get_char_property_and_overlay(Args a) { return char_property_and_overlay(a[0], a[1], arg(a, 2)); }

// Emacs's text_property_stickiness: 1 if text inserted at pos would take
// PROP from the character after, -1 from the one before, 0 from neither.
int stickiness(Value prop, std::int64_t pos, Value buffer)
{
    Target t = target_of(buffer);
    const bool ignore_previous = pos <= t.lo;
    bool rear_sticky = true, front_sticky = false;
    Value dflt = call2(Qassq, prop, xsymbol(g_default_nonsticky)->value);
    if (ignore_previous || (consp(dflt) && !nilp(xcdr(dflt))))
        rear_sticky = false;
    else if (tmem(prop, get_text_property(Value::fixnum(pos - 1), Qrear_nonsticky, buffer)))
        rear_sticky = false;
    Value front = get_text_property(Value::fixnum(pos), Qfront_sticky, buffer);
    if (front == Qt || (consp(front) && memq(prop, front)))
        front_sticky = true;
    if (rear_sticky != front_sticky)
        return rear_sticky ? -1 : 1;
    if (!rear_sticky)
        return 0;
    // Both: rear wins unless the value it would give is nil.
    if (nilp(get_text_property(Value::fixnum(pos - 1), prop, buffer)))
        return 1;
    return -1;
}

Value f_get_pos_property(Args a)
{
    Target t = target_of(arg(a, 2));
    if (!t.buffer)
        return get_text_property(a[0], a[1], t.object);
    std::int64_t p = position_of(a[0]);
    {
        // Overlays whose start stays put cover text inserted at their start,
        // not at their end (default marker types; see docs/lisp-lite.md).
        WithCurrent with(t.object);
        for (Value l : tails(call2(Qoverlays_at, Value::fixnum(p), Qt))) {
            Value v = overlay_get(xcar(l), a[1]);
            if (!nilp(v))
                return v;
        }
    }
    int s = stickiness(a[1], p, t.object);
    if (s > 0)
        return get_text_property(Value::fixnum(p), a[1], t.object);
    if (s < 0 && p > t.lo)
        return get_text_property(Value::fixnum(p - 1), a[1], t.object);
    return Qnil;
}

// ---- moving by property changes ----

// next-property-change and next-single-property-change: `same` says
// whether two plists count as unchanged.
template <typename Same> Value next_change(Args a, Value object, Value limit, Same same)
{
    Target t = target_of(object);
    std::int64_t pos = valid_pos(t, a[0]);
    if (!t.props() || t.props()->empty())
        return limit;
    const std::int64_t lim = nilp(limit) ? 0 : check_fixnum_coerce_marker(limit);
    if (pos >= t.whole_hi)
        return limit;
    Value here = t.plist_at(pos);
    std::int64_t next = t.stretch(pos).end;
    while (next < t.whole_hi && same(here, t.plist_at(next)) && (nilp(limit) || next < lim))
        next = t.stretch(next).end;
    if (next >= t.whole_hi || next >= (nilp(limit) ? t.hi : lim))
        return limit;
    return Value::fixnum(next);
}

template <typename Same> Value previous_change(Args a, Value object, Value limit, Same same)
{
    Target t = target_of(object);
    std::int64_t pos = valid_pos(t, a[0]);
    if (!t.props() || t.props()->empty() || pos <= t.whole_lo)
        return limit;
    const std::int64_t lim = nilp(limit) ? 0 : check_fixnum_coerce_marker(limit);
    Value here = t.plist_at(pos - 1);
    std::int64_t prev = t.stretch(pos - 1).beg;
    while (prev > t.whole_lo && same(here, t.plist_at(prev - 1)) && (nilp(limit) || prev > lim))
        prev = t.stretch(prev - 1).beg;
    if (prev <= t.whole_lo || prev <= (nilp(limit) ? t.lo : lim))
        return limit;
    return Value::fixnum(prev);
}

Value f_next_property_change(Args a) { return next_change(a, arg(a, 1), arg(a, 2), plists_equal); }

Value f_next_single_property_change(Args a)
{
    Value prop = a[1];
    return next_change(a, arg(a, 2), arg(a, 3),
                       [&](Value x, Value y) { return textget(x, prop) == textget(y, prop); });
}

Value f_previous_property_change(Args a) { return previous_change(a, arg(a, 1), arg(a, 2), plists_equal); }

Value f_previous_single_property_change(Args a)
{
    Value prop = a[1];
    return previous_change(a, arg(a, 2), arg(a, 3),
                           [&](Value x, Value y) { return textget(x, prop) == textget(y, prop); });
}

Value f_next_char_property_change(Args a)
{
    Value temp = call1(Qnext_overlay_change, a[0]);
    if (!nilp(arg(a, 1)) && check_position(a[1]) < temp.as_fixnum())
        temp = Value::fixnum(check_position(a[1]));
    Value args[3] = {a[0], Qnil, temp};
    return f_next_property_change(Args{args, 3});
}

Value f_previous_char_property_change(Args a)
{
    Value temp = call1(Qprevious_overlay_change, a[0]);
    if (!nilp(arg(a, 1)) && check_position(a[1]) > temp.as_fixnum())
        temp = Value::fixnum(check_position(a[1]));
    Value args[3] = {a[0], Qnil, temp};
    return f_previous_property_change(Args{args, 3});
}

Value f_next_single_char_property_change(Args a)
{
    Value prop = a[1], object = arg(a, 2), limit = arg(a, 3);
    if (stringp(object)) {
        Value p = f_next_single_property_change(a);
        if (nilp(p))
            return nilp(limit) ? Value::fixnum(xstring(object)->nchars) : Value::fixnum(check_fixnum_coerce_marker(limit));
        return p;
    }
    Target t = target_of(object);
    WithCurrent with(t.object);
    std::int64_t lim = nilp(limit) ? t.hi : check_position(limit);
    std::int64_t pos = check_position(a[0]);
    if (pos >= lim)
        return Value::fixnum(std::min(lim, t.hi));
    Value initial = xcar(char_property_and_overlay(Value::fixnum(pos), prop, t.object));
    for (;;) {
        Value args[2] = {Value::fixnum(pos), Value::fixnum(lim)};
        pos = f_next_char_property_change(Args{args, 2}).as_fixnum();
        if (pos >= lim)
            return Value::fixnum(lim);
        if (xcar(char_property_and_overlay(Value::fixnum(pos), prop, t.object)) != initial || pos >= t.hi)
            return Value::fixnum(pos);
    }
}

Value f_previous_single_char_property_change(Args a)
{
    Value prop = a[1], object = arg(a, 2), limit = arg(a, 3);
    if (stringp(object)) {
        Value p = f_previous_single_property_change(a);
        if (nilp(p))
            return nilp(limit) ? Value::fixnum(0) : Value::fixnum(check_fixnum_coerce_marker(limit));
        return p;
    }
    Target t = target_of(object);
    WithCurrent with(t.object);
    std::int64_t lim = nilp(limit) ? t.lo : check_position(limit);
    std::int64_t pos = check_position(a[0]);
    if (pos <= lim)
        return Value::fixnum(std::max(lim, t.lo));
    Value initial = xcar(char_property_and_overlay(Value::fixnum(pos - 1), prop, t.object));
    for (;;) {
        Value args[2] = {Value::fixnum(pos), Value::fixnum(lim)};
        pos = f_previous_char_property_change(Args{args, 2}).as_fixnum();
        if (pos <= lim)
            return Value::fixnum(lim);
        if (xcar(char_property_and_overlay(Value::fixnum(pos - 1), prop, t.object)) != initial)
            return Value::fixnum(pos);
    }
}

Value f_text_property_any(Args a)
{
    Target t = target_of(arg(a, 4));
    auto [b, e] = valid_range(t, a[0], a[1]);
    if (b == e)
        return Qnil;
    if (!t.props())
        return nilp(a[3]) ? Value::fixnum(b) : Qnil;
    std::int64_t found = -1;
    t.props()->for_each(b, e, [&](std::int64_t s, std::int64_t, Plist p) {
        if (found < 0 && textget(plist_value(p), a[2]) == a[3])
            found = s;
    });
    return found < 0 ? Qnil : Value::fixnum(found);
}

Value f_text_property_not_all(Args a)
{
    Target t = target_of(arg(a, 4));
    auto [b, e] = valid_range(t, a[0], a[1]);
    if (b == e)
        return Qnil;
    if (!t.props())
        return nilp(a[3]) ? Qnil : Value::fixnum(b);
    std::int64_t found = -1;
    t.props()->for_each(b, e, [&](std::int64_t s, std::int64_t, Plist p) {
        if (found < 0 && textget(plist_value(p), a[2]) != a[3])
            found = s;
    });
    return found < 0 ? Qnil : Value::fixnum(found);
}

// ---- changing properties ----

Value add_text_properties(Value beg, Value end, Value props, Value object, SetType how)
{
    Target t = target_of(object);
    auto [b, e] = valid_range(t, beg, end);
    props = validate_plist(props);
    if (nilp(props))
        return Qnil;
    return boolean(modify(t, b, e, [&](Value old) {
        Value now = add_properties(old, props, how);
        return plists_equal(now, old) ? old : now;
    }));
}

Value f_put_text_property(Args a)
{
    Value props = list({a[2], a[3]});
    add_text_properties(a[0], a[1], props, arg(a, 4), SetType::Replace);
    return Qnil;
}

Value f_add_text_properties(Args a) { return add_text_properties(a[0], a[1], a[2], arg(a, 3), SetType::Replace); }

Value f_add_face_text_property(Args a)
{
    Value props = list({Qface, a[2]});
    add_text_properties(a[0], a[1], props, arg(a, 4), nilp(arg(a, 3)) ? SetType::Prepend : SetType::Append);
    return Qnil;
}

Value f_set_text_properties(Args a)
{
    Target t = target_of(arg(a, 3));
    Value props = validate_plist(a[2]);
    if (nilp(props) && t.string && a[0] == Value::fixnum(0) && a[1] == Value::fixnum(t.string->nchars)) {
        if (!t.string->props)
            return Qnil;
        t.string->props.reset();
        return Qt;
    }
    auto [b, e] = valid_range(t, a[0], a[1]);
    if (b == e || (nilp(props) && !t.props()))
        return Qnil;
    Value copy = call1(Qcopy_sequence, props);
    modify(t, b, e, [&](Value old) { return plists_equal(old, copy) && !nilp(old) ? old : copy; });
    return Qt;
}

Value remove_properties(Value beg, Value end, Value object, Value names)
{
    Target t = target_of(object);
    auto [b, e] = valid_range(t, beg, end);
    if (!t.props())
        return Qnil;
    return boolean(modify(t, b, e, [&](Value old) {
        Value now = old;
        for (Value l : tails(names))
            if (consp(plist_cell(now, xcar(l))))
                now = plist_without(now, xcar(l));
        return now;
    }));
}

Value f_remove_text_properties(Args a)
{
    Value names = Qnil;
    // Each other element, as Emacs's (a dangling last one counts).
    for (ListWalker w(a[2]); w.consp(); w.next()) {
        names = cons(w.car(), names);
        if (!consp(xcdr(w.tail())))
            break;
        w.next();
    }
    return remove_properties(a[0], a[1], arg(a, 3), names);
}

Value f_remove_list_of_text_properties(Args a)
{
    check_list(a[2]);
    return remove_properties(a[0], a[1], arg(a, 3), a[2]);
}

Value f_propertize(Args a)
{
    if (a.size() % 2 == 0)
        xsignal2(Qwrong_number_of_arguments, Qpropertize, Value::fixnum(static_cast<std::int64_t>(a.size())));
    check_string(a[0]);
    Value s = call1(Qcopy_sequence, a[0]);
    Value props = Qnil;
    for (std::size_t i = 1; i + 1 < a.size(); i += 2)
        props = cons(a[i], cons(a[i + 1], props));
    add_text_properties(Value::fixnum(0), Value::fixnum(xstring(s)->nchars), props, s, SetType::Replace);
    return s;
}

// The stretches of a string covering all of it, gaps included.
std::vector<Run> all_stretches(String* s)
{
    std::vector<Run> out;
    if (s->props)
        s->props->for_each(0, s->nchars, [&](std::int64_t b, std::int64_t e, Plist p) { out.push_back({b, e, p}); });
    else if (s->nchars > 0)
        out.push_back({0, s->nchars, 0});
    return out;
}

bool same_string_properties(String* a, String* b)
{
    std::vector<Run> x = all_stretches(a), y = all_stretches(b);
    std::size_t i = 0, j = 0;
    while (i < x.size() && j < y.size()) {
        if (!plists_equal(plist_value(x[i].plist), plist_value(y[j].plist)))
            return false;
        if (x[i].end < y[j].end)
            ++i;
        else if (y[j].end < x[i].end)
            ++j;
        else
            ++i, ++j;
    }
    return true;
}

bool equal_with_properties(Value a, Value b, int depth)
{
    if (depth > 200)
        error("Stack overflow in equal"); // as `equal' (data.cpp), Emacs's limit
    if (stringp(a) && stringp(b))
        return equal(a, b) && same_string_properties(xstring(a), xstring(b));
    if (consp(a) && consp(b)) {
        ListWalker w(a); // (circular-list ...) when both lists loop
        for (; w.consp() && consp(b); w.next()) {
            if (!equal_with_properties(w.car(), xcar(b), depth + 1))
                return false;
            b = xcdr(b);
        }
        return equal_with_properties(w.tail(), b, depth + 1);
    }
    if (vectorp(a) && vectorp(b)) {
        auto& x = xvector(a)->items;
        auto& y = xvector(b)->items;
        if (x.size() != y.size())
            return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (!equal_with_properties(x[i], y[i], depth + 1))
                return false;
        return true;
    }
    return equal(a, b);
}

Value f_equal_including_properties(Args a) { return boolean(equal_including_properties(a[0], a[1])); }

// Emacs's merge_properties_sticky: what text inserted between a character
// with plist `left` and one with plist `right` inherits.
Value merge_sticky(Value left, Value right)
{
    Value props = Qnil, front = Qnil, rear = Qnil;
    Value lfront = textget(left, Qfront_sticky), lrear = textget(left, Qrear_nonsticky);
    Value rfront = textget(right, Qfront_sticky), rrear = textget(right, Qrear_nonsticky);
    Value dflt_list = xsymbol(g_default_nonsticky)->value;
    auto dflt = [&](Value sym) { return call2(Qassq, sym, dflt_list); };
    for (Value l : plist_pairs(right)) {
        Value sym = xcar(l), rval = xcar(xcdr(l));
        if (sym == Qrear_nonsticky || sym == Qfront_sticky)
            continue;
        Value lcell = plist_cell(left, sym);
        bool lpresent = consp(lcell);
        Value lval = lpresent ? xcar(lcell) : Qnil;
        Value tmp = dflt(sym);
        bool use_left = lpresent && !(tmem(sym, lrear) || (consp(tmp) && !nilp(xcdr(tmp))));
        bool use_right = tmem(sym, rfront) || (consp(tmp) && nilp(xcdr(tmp)));
        if (use_left && use_right) {
            if (nilp(lval))
                use_left = false;
            else if (nilp(rval))
                use_right = false;
        }
        if (use_left) {
            props = cons(lval, cons(sym, props));
            if (tmem(sym, lfront))
                front = cons(sym, front);
            if (tmem(sym, lrear))
                rear = cons(sym, rear);
        } else if (use_right) {
            props = cons(rval, cons(sym, props));
            if (tmem(sym, rfront))
                front = cons(sym, front);
            if (tmem(sym, rrear))
                rear = cons(sym, rear);
        }
    }
    for (Value l : plist_pairs(left)) {
        Value sym = xcar(l);
        if (sym == Qrear_nonsticky || sym == Qfront_sticky || consp(plist_cell(right, sym)))
            continue;
        Value lval = xcar(xcdr(l));
        Value tmp = dflt(sym);
        if (!(tmem(sym, lrear) || (consp(tmp) && !nilp(xcdr(tmp))))) {
            props = cons(lval, cons(sym, props));
            if (tmem(sym, lfront))
                front = cons(sym, front);
        } else if (tmem(sym, rfront) || (consp(tmp) && nilp(xcdr(tmp)))) {
            front = cons(sym, front);
            if (tmem(sym, rrear))
                rear = cons(sym, rear);
        }
    }
    props = call1(Qnreverse, props);
    if (!nilp(rear))
        props = cons(Qrear_nonsticky, cons(call1(Qnreverse, rear), props));
    Value cat = textget(props, Qcategory);
    if (!nilp(front) && !(!nilp(cat) && symbolp(cat) && symbol_get(cat, Qfront_sticky) == Qt))
        props = cons(Qfront_sticky, cons(call1(Qnreverse, front), props));
    return props;
}

// Live buffers' text properties are roots.
void mark_buffer_properties()
{
    g_recent_plists.mark();
    for (Value v : buffer_list())
        if (Buffer* b = live_buffer(v))
            if (const TextProperties* p = b->text_properties())
                p->for_each_plist([](Plist plist) { mark_value(plist_value(plist)); });
}

const SubrDef text_property_subrs[] = {
    {"text-properties-at", 1, 2, f_text_properties_at},
    {"get-text-property", 2, 3, f_get_text_property},
    {"get-char-property", 2, 3, f_get_char_property},
    {"get-char-property-and-overlay", 2, 3, f_get_char_property_and_overlay},
    {"get-pos-property", 2, 3, f_get_pos_property},
    {"next-property-change", 1, 3, f_next_property_change},
    {"next-single-property-change", 2, 4, f_next_single_property_change},
    {"previous-property-change", 1, 3, f_previous_property_change},
    {"previous-single-property-change", 2, 4, f_previous_single_property_change},
    {"next-char-property-change", 1, 2, f_next_char_property_change},
    {"previous-char-property-change", 1, 2, f_previous_char_property_change},
    {"next-single-char-property-change", 2, 4, f_next_single_char_property_change},
    {"previous-single-char-property-change", 2, 4, f_previous_single_char_property_change},
    {"text-property-any", 4, 5, f_text_property_any},
    {"text-property-not-all", 4, 5, f_text_property_not_all},
    {"put-text-property", 4, 5, f_put_text_property},
    {"add-text-properties", 3, 4, f_add_text_properties},
    {"set-text-properties", 3, 4, f_set_text_properties},
    {"remove-text-properties", 3, 4, f_remove_text_properties},
    {"remove-list-of-text-properties", 3, 4, f_remove_list_of_text_properties},
    {"add-face-text-property", 3, 5, f_add_face_text_property},
    {"propertize", 1, many, f_propertize},
    {"equal-including-properties", 2, 2, f_equal_including_properties},
};

} // namespace

Value text_property_value(Value plist, Value prop) { return textget(plist, prop); }

Value text_property_at(Value pos, Value prop, Value object) { return get_text_property(pos, prop, object); }

namespace {

// The value of PROP in b's text properties at pos (nil past their end).
Value text_value_at(const TextProperties& p, Value prop, std::int64_t pos) { return textget(plist_value(p.at(pos)), prop); }

} // namespace

// Both look in windows growing from pos, so the cost is the runs up to
// the change, not up to the limit.
CharPos text_property_change_after(const Buffer& b, Value prop, CharPos pos, CharPos limit)
{
    const TextProperties* p = b.text_properties();
    if (!p || p->empty() || pos >= limit)
        return std::max(pos, limit);
    const Value value = text_value_at(*p, prop, pos.value);
    std::int64_t from = pos.value;
    for (std::int64_t window = 256;; window *= 2) {
        const std::int64_t to = std::min(limit.value, from + window);
        std::int64_t change = to;
        p->for_each(from, to, [&](std::int64_t s, std::int64_t, Plist h) {
            if (s < change && textget(plist_value(h), prop) != value)
                change = s;
        });
        if (change < to || to >= limit.value)
            return CharPos(change);
        from = to;
    }
}

CharPos text_property_change_before(const Buffer& b, Value prop, CharPos pos, CharPos floor)
{
    const TextProperties* p = b.text_properties();
    if (!p || p->empty() || pos <= floor)
        return std::min(pos, floor);
    const Value value = text_value_at(*p, prop, pos.value - 1);
    std::int64_t to = pos.value;
    for (std::int64_t window = 256;; window *= 2) {
        const std::int64_t from = std::max(floor.value, to - window);
        std::int64_t change = from;
        p->for_each(from, to, [&](std::int64_t, std::int64_t e, Plist h) {
            if (textget(plist_value(h), prop) != value)
                change = std::max(change, e);
        });
        if (change > from || from <= floor.value)
            return CharPos(change);
        to = from;
    }
}

Value get_char_property(Value pos, Value prop, Value object) { return xcar(char_property_and_overlay(pos, prop, object)); }

std::uint64_t syntax_property_generation() { return g_syntax_property_generation; }

std::optional<CharPos> first_syntax_property_change(const Buffer& b, std::uint64_t since)
{
    const std::uint64_t now = g_syntax_property_generation;
    if (since >= now)
        return std::nullopt;
    if (now - since > syntax_changes_kept)
        return CharPos(1);
    std::optional<CharPos> first;
    for (std::uint64_t g = since + 1; g <= now; ++g) {
        const SyntaxPropertyChange& c = g_syntax_changes[g % syntax_changes_kept];
        if (c.buffer == &b)
            first = first ? std::min(*first, c.beg) : c.beg;
    }
    return first;
}

void register_text_property_builtins()
{
    register_subrs(text_property_subrs);
    add_root_source(mark_buffer_properties);
    g_inhibit_read_only = Qinhibit_read_only;
    g_alias_alist = defvar_builtin("char-property-alias-alist", Qnil);
    Value dflt = Qnil;
    for (const char* name : {"cursor", "composition", "display", "syntax-table"})
        dflt = cons(cons(intern(name), Qt), dflt);
    g_default_nonsticky = defvar_builtin("text-property-default-nonsticky", dflt);
}

void copy_buffer_properties(const Buffer& b, CharPos from, CharPos to, Value dst)
{
    const TextProperties* p = b.text_properties();
    if (!p || from >= to)
        return;
    String* d = xstring(dst);
    auto props = std::make_unique<TextProperties>();
    props->copy_from(*p, from.value, to.value, 0);
    if (!props->empty())
        d->props = std::move(props);
}

void insert_properties(Buffer& b, CharPos pos, Args pieces, bool inherit)
{
    bool any = inherit;
    for (Value v : pieces)
        any |= stringp(v) && xstring(v)->props;
    if (!any)
        return;
    std::int64_t at = pos.value;
    for (Value v : pieces) {
        if (!stringp(v)) {
            ++at;
            continue;
        }
        if (xstring(v)->props)
            b.ensure_text_properties().copy_from(*xstring(v)->props, 0, xstring(v)->nchars, at);
        at += xstring(v)->nchars;
    }
    if (!inherit || at == pos.value)
        return;
    const TextProperties* p = b.text_properties();
    Value left = p && pos.value > 1 ? plist_value(p->at(pos.value - 1)) : Qnil;
    Value right = p && at <= b.size() ? plist_value(p->at(at)) : Qnil;
    Value inherited = merge_sticky(left, right);
    if (nilp(inherited))
        return;
    // Text that inherits all of a neighbour's properties joins its run, as
    // Emacs's insertion into a sticky interval does.
    if (plists_equal(inherited, left))
        inherited = left;
    else if (plists_equal(inherited, right))
        inherited = right;
    // The inherited properties win over the string's own (merge_properties).
    std::vector<Run> stretches;
    b.ensure_text_properties().for_each(pos.value, at, [&](std::int64_t s, std::int64_t e, Plist h) {
        stretches.push_back({s, e, h});
    });
    for (const Run& r : stretches) {
        Value plist = inherited;
        for (Value l : plist_pairs(plist_value(r.plist)))
            if (!consp(plist_cell(plist, xcar(l))))
                plist = cons(xcar(l), cons(xcar(xcdr(l)), plist));
        b.ensure_text_properties().set(r.beg, r.end, handle(plist));
    }
}

void text_modification_hooks(Buffer& b, CharPos beg, CharPos end, RootedVector& out)
{
    const TextProperties* p = b.text_properties();
    if (!p || p->empty())
        return;
    Value previous = Qnil;
    p->for_each(beg.value, end.value, [&](std::int64_t, std::int64_t, Plist h) {
        // The same list again, even past text without one, is called once.
        Value hooks = textget(plist_value(h), Qmodification_hooks);
        if (!nilp(hooks) && hooks != previous) {
            out.push_back(hooks);
            previous = hooks;
        }
    });
}

void text_insertion_hooks(Buffer& b, CharPos pos, RootedVector& out)
{
    const TextProperties* p = b.text_properties();
    if (!p || p->empty())
        return;
    Value behind = pos > b.point_min() ? textget(plist_value(p->at(pos.value - 1)), Qinsert_behind_hooks) : Qnil;
    Value in_front = pos < b.point_max() ? textget(plist_value(p->at(pos.value)), Qinsert_in_front_hooks) : Qnil;
    if (!nilp(behind))
        out.push_back(behind);
    // The same list on both sides runs once.
    if (!nilp(in_front) && in_front != behind)
        out.push_back(in_front);
}

void check_text_read_only(Buffer& b, CharPos beg, CharPos end)
{
    const TextProperties* p = b.text_properties();
    if (!p || p->empty())
        return;
    Value inhibit = xsymbol(g_inhibit_read_only)->value;
    if (!nilp(inhibit) && !consp(inhibit))
        return;
    auto blocked = [&](Value v) { return !nilp(v) && !memq(v, inhibit); };
    if (beg == end) {
        const std::int64_t pos = beg.value;
        if (pos > b.point_min().value) {
            Value plist = plist_value(p->at(pos - 1));
            Value before = textget(plist, Qread_only);
            if (blocked(before) && !tmem(Qread_only, textget(plist, Qrear_nonsticky)) &&
                (consp(plist_cell(plist, Qread_only)) || nilp(plist_lookup(plist, Qcategory))))
                text_read_only(before);
        }
        if (pos < b.point_max().value) {
            Value plist = plist_value(p->at(pos));
            Value after = textget(plist, Qread_only);
            Value front = textget(plist, Qfront_sticky);
            if (blocked(after) &&
                (tmem(Qread_only, front) || (!consp(plist_cell(plist, Qread_only)) && tmem(Qcategory, front))))
                text_read_only(after);
        }
        return;
    }
    Value found = Qnil;
    bool hit = false;
    p->for_each(beg.value, end.value, [&](std::int64_t, std::int64_t, Plist h) {
        Value v = textget(plist_value(h), Qread_only);
        if (!hit && blocked(v)) {
            hit = true;
            found = v;
        }
    });
    if (hit)
        text_read_only(found);
}

bool equal_including_properties(Value a, Value b) { return equal_with_properties(a, b, 0); }

void text_faces_in_range(Value buffer, CharPos from, CharPos to, std::vector<TextFaceRun>& out)
{
    Buffer* b = live_buffer(buffer);
    const TextProperties* p = b ? b->text_properties() : nullptr;
    if (!p || p->empty())
        return;
    p->for_each(from.value, to.value, [&](std::int64_t s, std::int64_t e, Plist h) {
        if (!h)
            return;
        Value plist = plist_value(h);
        Value face = textget(plist, Qface);
        if (nilp(face))
            face = textget(plist, Qfont_lock_face);
        Value display = textget(plist, Qdisplay);
        Value space = display.is_cons() && xcar(display) == Qspace ? xcdr(display) : Qnil;
        if (!nilp(face) || !nilp(space))
            out.push_back({CharPos(s), CharPos(e), face, space});
    });
}

} // namespace gapmacs::lisp

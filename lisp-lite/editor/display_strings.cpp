#include "lisp-lite/editor/display_strings.hpp"

#include <algorithm>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/overlays.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"

namespace gapmacs::lisp {

namespace {

std::int64_t priority(const Overlay& o)
{
    const Value p = overlay_get(o, Qpriority);
    return fixnump(p) ? p.as_fixnum() : 0;
}

// The overlays are looked at in windows growing from pos, so a far limit
// costs the overlays up to the first string.
template <typename F> void for_each_overlay_from(CharPos pos, CharPos limit, F f)
{
    std::int64_t window = 256;
    for (CharPos from = pos; from < limit; from += CharCount(window), window *= 2)
        if (!f(from, std::min(limit, from + CharCount(window))))
            return;
}

} // namespace

void display_strings_at(Value buffer, CharPos pos, RootedVector& strings, std::optional<CharPos>& replaced_end)
{
    const Buffer& b = check_live_buffer(buffer);
    struct Entry {
        Value string;
        std::int64_t priority;
        bool after;
    };
    std::vector<Entry> entries;
    RootedVector keep;
    Value display = Qnil;
    std::int64_t display_priority = 0;
    b.overlays().for_each_touching(pos, pos, [&](const Overlay& o, CharPos start, CharPos end) {
        if (end == pos)
            if (Value s = overlay_get(o, Qafter_string); stringp(s))
                entries.push_back({s, priority(o), true});
        if (start == pos) {
            if (Value s = overlay_get(o, Qbefore_string); stringp(s))
                entries.push_back({s, priority(o), false});
            if (Value d = overlay_get(o, Qdisplay); stringp(d) && end > start &&
                                                      (nilp(display) || priority(o) >= display_priority)) {
                display = d;
                display_priority = priority(o);
                replaced_end = end;
            }
        }
    });
    for (const Entry& e : entries)
        keep.push_back(e.string);
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
        if (x.after != y.after)
            return x.after;
        return x.after ? x.priority < y.priority : x.priority > y.priority;
    });
    for (const Entry& e : entries)
        strings.push_back(e.string);
    if (nilp(display) && pos < b.point_max()) {
        // A display string of the text starts where its run does.
        const Value d = text_property_at(Value::fixnum(pos.value), Qdisplay, buffer);
        const bool starts = pos <= b.point_min() ||
                            text_property_at(Value::fixnum(pos.value - 1), Qdisplay, buffer) != d;
        if (stringp(d) && starts) {
            display = d;
            replaced_end = text_property_change_after(b, Qdisplay, pos, b.point_max());
        }
    }
    if (!nilp(display))
        strings.push_back(display);
}

CharPos next_display_strings(Value buffer, CharPos pos, CharPos limit)
{
    const Buffer& b = check_live_buffer(buffer);
    CharPos next = limit;
    // Where a display string of the text starts.
    for (CharPos at = pos; at < next;) {
        at = text_property_change_after(b, Qdisplay, at, next);
        if (at < next && stringp(text_property_at(Value::fixnum(at.value), Qdisplay, buffer)))
            next = at;
    }
    for_each_overlay_from(pos, next, [&](CharPos from, CharPos to) {
        b.overlays().for_each_touching(from, to, [&](const Overlay& o, CharPos start, CharPos end) {
            if (start > pos && start < next &&
                (stringp(overlay_get(o, Qbefore_string)) || stringp(overlay_get(o, Qdisplay))))
                next = start;
            if (end > pos && end < next && stringp(overlay_get(o, Qafter_string)))
                next = end;
        });
        return next >= to;
    });
    return next;
}

} // namespace gapmacs::lisp

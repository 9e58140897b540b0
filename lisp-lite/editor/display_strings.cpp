#include "lisp-lite/editor/display_strings.hpp"

#include <algorithm>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/overlays.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"

namespace gapmacs::lisp {

namespace {

// The text's own `display' string that starts at pos, and where the next
// one starts (before limit).
struct TextDisplayStrings {
    Value here = Qnil;
    CharPos here_end;
    CharPos next;
};

TextDisplayStrings text_display_strings(const Buffer& b, Value buffer, CharPos pos, CharPos limit)
{
    TextDisplayStrings t{Qnil, pos, limit};
    auto display_at = [&](CharPos p) { return text_property_at(Value::fixnum(p.value), Qdisplay, buffer); };
    if (pos < b.point_max()) {
        const Value d = display_at(pos);
        if (stringp(d) && (pos <= b.point_min() || display_at(pos - CharCount(1)) != d)) {
            t.here = d;
            t.here_end = text_property_change_after(b, Qdisplay, pos, b.point_max());
        }
    }
    for (CharPos at = pos; at < t.next;) {
        at = text_property_change_after(b, Qdisplay, at, t.next);
        if (at < t.next && stringp(display_at(at)))
            t.next = at;
    }
    return t;
}

} // namespace

DisplayStretch display_stretch(Value buffer, CharPos pos, CharPos limit, RootedVector& strings)
{
    const Buffer& b = check_live_buffer(buffer);
    DisplayStretch d;
    d.end = std::max(pos, limit);
    const Value text_invisible = pos < b.point_max() ? text_property_at(Value::fixnum(pos.value), Qinvisible, buffer) : Qnil;
    d.end = std::min(d.end, text_property_change_after(b, Qinvisible, pos, d.end));
    const TextDisplayStrings text = text_display_strings(b, buffer, pos, d.end);
    d.end = std::min(d.end, text.next);

    struct Entry {
        Value string;
        std::int64_t priority;
        bool after;
    };
    std::vector<Entry> entries;
    Value invisible = Qnil, display = Qnil;
    std::int64_t invisible_priority = 0, display_priority = 0;
    CharPos display_end;
    std::int64_t window = 256;
    for (CharPos from = pos;; from += CharCount(window), window *= 2) {
        const CharPos to = std::min(d.end, from + CharCount(window));
        b.overlays().for_each_touching(from, to, [&](const Overlay& o, CharPos start, CharPos end) {
            if (from > pos && start < from)
                return; // met in an earlier window
            const Value inv = overlay_get(o, Qinvisible), before = overlay_get(o, Qbefore_string),
                        after = overlay_get(o, Qafter_string), disp = overlay_get(o, Qdisplay);
            if (nilp(inv) && !stringp(before) && !stringp(after) && !stringp(disp))
                return;
            if (!nilp(inv) && start <= pos && pos < end && (nilp(invisible) || overlay_priority(o) >= invisible_priority)) {
                invisible = inv;
                invisible_priority = overlay_priority(o);
            }
            if (end == pos && stringp(after))
                entries.push_back({after, overlay_priority(o), true});
            if (start == pos && stringp(before))
                entries.push_back({before, overlay_priority(o), false});
            if (start == pos && end > start && stringp(disp) && (nilp(display) || overlay_priority(o) >= display_priority)) {
                display = disp;
                display_priority = overlay_priority(o);
                display_end = end;
            }
            for (CharPos edge : {start, end})
                if (edge > pos && edge < d.end)
                    d.end = edge;
        });
        if (to >= d.end)
            break;
    }
    d.kind = invisibility_of(nilp(invisible) ? text_invisible : invisible, spec_of(buffer));
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
        if (x.after != y.after)
            return x.after;
        return x.after ? x.priority < y.priority : x.priority > y.priority;
    });
    for (const Entry& e : entries)
        strings.push_back(e.string);
    if (!nilp(display)) {
        strings.push_back(display);
        d.replaced_end = display_end;
    } else if (!nilp(text.here)) {
        strings.push_back(text.here);
        d.replaced_end = text.here_end;
    }
    return d;
}

} // namespace gapmacs::lisp

#include "lisp-lite/editor/invisibility.hpp"

#include <algorithm>

#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/overlays.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"

namespace gapmacs::lisp {

namespace {

// Emacs's invisible_prop: the value itself, then its elements, against
// each entry of the spec.
Invisibility listed(Value value, Value spec)
{
    for (Value l = spec; consp(l); l = xcdr(l)) {
        const Value entry = xcar(l);
        if (value == entry)
            return Invisibility::hidden;
        if (consp(entry) && value == xcar(entry))
            return nilp(xcdr(entry)) ? Invisibility::hidden : Invisibility::ellipsis;
    }
    return Invisibility::visible;
}

// The `invisible' property at pos as get-char-property finds it, read with
// no Lisp: redisplay asks for it at each row.
Invisibility invisibility_at(Value buffer, CharPos pos, Value spec)
{
    const Buffer& b = check_live_buffer(buffer);
    Value v = overlay_value_at(b, pos, Qinvisible);
    if (nilp(v) && pos < b.point_max())
        v = text_property_at(Value::fixnum(pos.value), Qinvisible, buffer);
    return invisibility_of(v, spec);
}

} // namespace

Value spec_of(Value buffer)
{
    const Value spec = buffer_local_value(Qbuffer_invisibility_spec, buffer);
    return spec == Qunbound ? Qt : spec;
}

Invisibility invisibility_of(Value prop, Value spec)
{
    if (nilp(prop))
        return Invisibility::visible;
    if (spec == Qt)
        return Invisibility::hidden;
    if (Invisibility kind = listed(prop, spec); kind != Invisibility::visible)
        return kind;
    for (Value p = prop; consp(p); p = xcdr(p))
        if (Invisibility kind = listed(xcar(p), spec); kind != Invisibility::visible)
            return kind;
    return Invisibility::visible;
}

InvisibleStretch invisible_stretch(Value buffer, CharPos pos, CharPos limit)
{
    const Buffer& b = check_live_buffer(buffer);
    const Value spec = spec_of(buffer);
    InvisibleStretch s{invisibility_at(buffer, pos, spec), limit};
    if (pos >= limit)
        return s;
    // The kind may change where the text's `invisible' value does, or at an
    // end of an overlay that has one: the overlays are looked at in windows
    // growing from pos, so a far limit costs the overlays up to the change.
    s.end = text_property_change_after(b, Qinvisible, pos, limit);
    std::int64_t window = 256;
    for (CharPos from = pos; from < s.end; from += CharCount(window), window *= 2) {
        const CharPos to = std::min(s.end, from + CharCount(window));
        b.overlays().for_each_touching(from, to, [&](const Overlay& o, CharPos start, CharPos end) {
            for (CharPos edge : {start, end})
                if (edge > pos && edge < s.end && !nilp(overlay_get(o, Qinvisible)))
                    s.end = edge;
        });
    }
    return s;
}

CharPos invisible_stretch_start(Value buffer, CharPos pos, CharPos floor)
{
    const Buffer& b = check_live_buffer(buffer);
    const Value spec = spec_of(buffer);
    while (pos > floor) {
        const Invisibility kind = invisibility_at(buffer, pos - CharCount(1), spec);
        CharPos start = text_property_change_before(b, Qinvisible, pos, floor);
        b.overlays().for_each_touching(start, pos, [&](const Overlay& o, CharPos s, CharPos e) {
            for (CharPos edge : {s, e})
                if (edge < pos && edge > start && !nilp(overlay_get(o, Qinvisible)))
                    start = edge;
        });
        // A different value that shows the same way goes on the stretch.
        if (start <= floor || invisibility_at(buffer, start - CharCount(1), spec) != kind)
            return start;
        pos = start;
    }
    return floor;
}

CharPos point_out_of_invisible_text(Value buffer, CharPos pt, CharPos last_pt, bool modified)
{
    const Buffer& b = check_live_buffer(buffer);
    const CharPos lo = b.point_min(), hi = b.point_max();
    if (pt <= lo || pt >= hi)
        return pt;
    const Value spec = spec_of(buffer);
    // The invisible area around point, and whether an ellipsis shows for it.
    CharPos beg = pt, end = pt;
    bool ellipsis = false;
    while (end < hi) {
        const InvisibleStretch s = invisible_stretch(buffer, end, hi);
        if (s.kind == Invisibility::visible)
            break;
        ellipsis = ellipsis || s.kind == Invisibility::ellipsis;
        end = s.end;
    }
    while (beg > lo) {
        const Invisibility kind = invisibility_at(buffer, beg - CharCount(1), spec);
        if (kind == Invisibility::visible)
            break;
        ellipsis = ellipsis || kind == Invisibility::ellipsis;
        beg = invisible_stretch_start(buffer, beg, lo);
    }
    if (beg < pt && end > pt) {
        // Coming from outside the area, the edge on the side point came
        // from (it moved less than it asked); from inside, the edge it
        // moved towards.
        const bool from_outside = last_pt < beg || last_pt > end;
        pt = from_outside ? (pt < last_pt ? end : beg) : (pt < last_pt ? beg : end);
    }
    // Text hidden with no ellipsis is passed over as if it were not there:
    // a motion from one edge to the other goes one character further.
    if (!modified && !ellipsis && beg < end) {
        if (last_pt == beg && pt == end && end < hi)
            pt = end + CharCount(1);
        else if (last_pt == end && pt == beg && beg > lo)
            pt = beg - CharCount(1);
    }
    return pt;
}

} // namespace gapmacs::lisp

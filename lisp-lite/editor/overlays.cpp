// Overlays, as Emacs 28 defines them (buffer.c): make-overlay, overlay-put,
// move-overlay, delete-overlay, overlays-at, overlays-in, ...
#include "lisp-lite/editor/overlays.hpp"

#include <algorithm>

#include "buffer/marker.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

// An overlay object: its place in the buffer (the buffer's overlay tree
// keeps it there) and its properties.
struct OverlayData : Overlay {
    Value plist = Qnil;
    ExtObject* self = nullptr;
};

// The overlay's Lisp buffer, nil once deleted (its buffer, being live, is
// rooted by the buffer list).
Value buffer_of(const OverlayData& d) { return d.buffer() ? buffer_object(d.buffer()) : Qnil; }

void mark_overlay(ExtObject* o, void (*mark)(Value)) { mark(static_cast<OverlayData*>(o->data)->plist); }

void finalize_overlay(ExtObject* o) { delete static_cast<OverlayData*>(o->data); }

void print_overlay(ExtObject* o, std::string& out)
{
    auto* d = static_cast<OverlayData*>(o->data);
    if (!d->buffer()) {
        out += "#<overlay in no buffer>";
        return;
    }
    out += "#<overlay from " + std::to_string(d->start().value) + " to " + std::to_string(d->end().value) + " in " +
           d->buffer()->name() + ">";
}

// As Emacs's internal_equal: the same buffer and bounds, and equal
// properties. The hash takes the bounds only (a property may be anything).
bool overlay_equal(ExtObject* a, ExtObject* b)
{
    const auto& x = *static_cast<OverlayData*>(a->data);
    const auto& y = *static_cast<OverlayData*>(b->data);
    if (x.buffer() != y.buffer())
        return false;
    return (!x.buffer() || (x.start() == y.start() && x.end() == y.end())) && equal(x.plist, y.plist);
}
std::uint64_t overlay_hash(ExtObject* o)
{
    const auto& d = *static_cast<OverlayData*>(o->data);
    if (!d.buffer())
        return 0;
    return (reinterpret_cast<std::uintptr_t>(d.buffer()) >> 4) * 0x9E3779B97F4A7C15ull +
           static_cast<std::uint64_t>(d.start().value) * 31 + static_cast<std::uint64_t>(d.end().value);
}

const ExtClass overlay_class{.type_name = "overlay",
                             .mark = mark_overlay,
                             .finalize = finalize_overlay,
                             .print = print_overlay,
                             .equal = overlay_equal,
                             .hash = overlay_hash};

Value object_of(const Overlay& o) { return Value::object(static_cast<const OverlayData&>(o).self); }

// A live buffer's overlays live while it does: its overlay tree roots them.
void mark_overlays_in_buffers()
{
    for (Value b : buffer_list())
        if (Buffer* buf = live_buffer(b))
            buf->overlays().for_each([](const Overlay& o, CharPos, CharPos) { mark_value(object_of(o)); });
}

OverlayData* data(Value v) { return static_cast<OverlayData*>(static_cast<ExtObject*>(v.as_object())->data); }

OverlayData* check_overlay(Value v)
{
    if (!overlayp(v))
        wrong_type(Qoverlayp, v);
    return data(v);
}

// Redisplay draws again the text an overlay covers (its properties or its
// place changed).
void shown_changed(const Overlay& o)
{
    if (Buffer* b = o.buffer())
        b->display_changed(o.start(), o.end());
}

void detach(Value ov)
{
    OverlayData* d = data(ov);
    shown_changed(*d);
    d->detach();
}

void attach(Value ov, Value buffer, Value beg, Value end)
{
    Buffer& b = check_live_buffer(buffer);
    OverlayData* d = data(ov);
    const std::int64_t s = check_position(beg), e = check_position(end);
    shown_changed(*d);
    // Positions are set on the whole buffer: narrowing does not clamp them.
    d->attach(b, CharPos(s), CharPos(e));
    shown_changed(*d);
}

CharPos start_of(Value ov) { return data(ov)->start(); }
CharPos end_of(Value ov) { return data(ov)->end(); }

Value f_overlayp(Args a) { return boolean(overlayp(a[0])); }

Value new_overlay()
{
    auto* d = new OverlayData;
    ExtObject* o = alloc_ext(Type::Ext, &overlay_class, d);
    d->self = o;
    return Value::object(o);
}

Value f_make_overlay(Args a)
{
    Value buffer = nilp(a[2]) ? current_buffer() : a[2];
    check_live_buffer(buffer);
    Value ov = new_overlay();
    data(ov)->front_advance = !nilp(a[3]);
    data(ov)->rear_advance = !nilp(a[4]);
    attach(ov, buffer, a[0], a[1]);
    return ov;
}

Value f_overlay_start(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    return d->buffer() ? Value::fixnum(start_of(a[0]).value) : Qnil;
}

Value f_overlay_end(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    return d->buffer() ? Value::fixnum(end_of(a[0]).value) : Qnil;
}

Value f_overlay_buffer(Args a) { return buffer_of(*check_overlay(a[0])); }

// PROP in the overlay's plist (compared with eq, as plist-get does), else
// in its `category' symbol's, which supplies defaults as in Emacs. No Lisp
// runs: redisplay asks this of every overlay it meets.
Value property_of(const OverlayData& d, Value prop)
{
    Value v = Qnil;
    for (Value l = d.plist; consp(l) && consp(xcdr(l)); l = xcdr(xcdr(l)))
        if (xcar(l) == prop) {
            v = xcar(xcdr(l));
            break;
        }
    if (nilp(v) && prop != Qcategory)
        if (Value cat = property_of(d, Qcategory); symbolp(cat) && !nilp(cat))
            v = symbol_get(cat, prop);
    return v;
}

Value f_overlay_get(Args a) { return property_of(*check_overlay(a[0]), a[1]); }

Value f_overlay_put(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    d->plist = call3(Qplist_put, d->plist, a[1], a[2]);
    shown_changed(*d);
    if (a[1] == Qevaporate && !nilp(a[2]) && d->buffer() && start_of(a[0]) == end_of(a[0]))
        detach(a[0]);
    return a[2];
}

Value f_overlay_properties(Args a) { return call1(Qcopy_sequence, check_overlay(a[0])->plist); }

Value f_delete_overlay(Args a)
{
    check_overlay(a[0]);
    detach(a[0]);
    return Qnil;
}

Value f_move_overlay(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    Value buffer = !nilp(arg(a, 3)) ? a[3] : d->buffer() ? buffer_of(*d) : current_buffer();
    attach(a[0], buffer, a[1], a[2]);
    return a[0];
}

// Overlays of the current buffer touching [from, to] for which
// keep(start, end) holds, by increasing start.
template <typename Keep> Value select_overlays(CharPos from, CharPos to, Keep keep)
{
    RootedVector found;
    current().overlays().for_each_touching(from, to, [&](const Overlay& o, CharPos s, CharPos e) {
        if (keep(s.value, e.value))
            found.push_back(object_of(o));
    });
    Value out = Qnil;
    for (auto it = found.items().rbegin(); it != found.items().rend(); ++it)
        out = make_cons(*it, out);
    return out;
}

std::int64_t priority_of(Value ov) { return overlay_priority(*data(ov)); }

} // namespace

void evaporate_overlays(Buffer& b, CharPos pos)
{
    RootedVector empty;
    b.overlays().for_each_touching(pos, pos, [&](const Overlay& o, CharPos s, CharPos e) {
        if (s == e)
            empty.push_back(object_of(o));
    });
    // overlay-get: `evaporate' may come from the overlay's `category'.
    for (Value ov : empty.items())
        if (!nilp(property_of(*data(ov), Qevaporate)))
            detach(ov);
}

void overlay_change_hooks(Buffer& b, CharPos beg, CharPos end, RootedVector& out)
{
    const bool insertion = beg == end;
    RootedVector touching;
    b.overlays().for_each_touching(beg, end, [&](const Overlay& o, CharPos, CharPos) { touching.push_back(object_of(o)); });
    for (Value ov : touching.items()) {
        // Each overlay's ends as they are now: a hook may have moved one.
        const OverlayData* d = check_overlay(ov);
        if (!d->buffer())
            continue;
        const CharPos start = d->start(), finish = d->end();
        auto add = [&](Value prop) {
            Value functions = property_of(*data(ov), prop);
            if (!nilp(functions)) {
                out.push_back(functions);
                out.push_back(ov);
            }
        };
        if (insertion && (beg == start || end == start))
            add(Qinsert_in_front_hooks);
        if (insertion && (beg == finish || end == finish))
            add(Qinsert_behind_hooks);
        if (end > start && beg < finish)
            add(Qmodification_hooks);
    }
}

namespace {

Value f_overlays_at(Args a)
{
    std::int64_t pos = check_position(a[0]);
    Value out = select_overlays(CharPos(pos), CharPos(pos),
                                [&](std::int64_t s, std::int64_t e) { return s <= pos && pos < e; });
    if (!nilp(arg(a, 1))) {
        // Sorted by decreasing priority.
        std::vector<Value> v;
        for (Value l : tails(out))
            v.push_back(xcar(l));
        std::stable_sort(v.begin(), v.end(), [](Value x, Value y) { return priority_of(x) > priority_of(y); });
        out = Qnil;
        for (auto it = v.rbegin(); it != v.rend(); ++it)
            out = make_cons(*it, out);
    }
    return out;
}

Value f_overlays_in(Args a)
{
    std::int64_t beg = check_position(a[0]), end = check_position(a[1]);
    if (beg > end)
        std::swap(beg, end);
    const std::int64_t zv = current().point_max().value;
    return select_overlays(CharPos(beg), CharPos(end), [&](std::int64_t s, std::int64_t e) {
        if (s == e) // empty overlays: at beg, inside, or at the end of the accessible text
            return (s >= beg && s < end) || s == beg || (s == end && end == zv);
        return s < end && e > beg;
    });
}

Value f_next_overlay_change(Args a)
{
    const CharPos pos(check_position(a[0]));
    const CharPos zv = current().point_max();
    return Value::fixnum(pos >= zv ? zv.value : current().overlays().next_boundary(pos, zv).value);
}

Value f_previous_overlay_change(Args a)
{
    const CharPos pos(check_position(a[0]));
    const CharPos begv = current().point_min();
    return Value::fixnum(pos <= begv ? begv.value : current().overlays().previous_boundary(pos, begv).value);
}

// Takes every overlay out of a live buffer (delete-all-overlays, kill-buffer).
void detach_all(Buffer& b)
{
    RootedVector all;
    b.overlays().for_each([&](const Overlay& o, CharPos, CharPos) { all.push_back(object_of(o)); });
    for (Value ov : all.items())
        detach(ov);
}

Value f_delete_all_overlays(Args a)
{
    detach_all(nilp(a[0]) ? current() : check_live_buffer(a[0]));
    return Qnil;
}

Value f_overlay_lists(Args)
{
    Buffer& b = current();
    auto all = [](std::int64_t, std::int64_t) { return true; };
    return make_cons(select_overlays(CharPos(1), CharPos(b.size() + 1), all), Qnil);
}

// remove-overlays: overlays in [beg, end) whose NAME property is VAL are
// deleted; the parts of them outside the region are kept, as in Emacs.
Value f_remove_overlays(Args a)
{
    Buffer& b = current();
    std::int64_t beg = nilp(arg(a, 0)) ? b.point_min().value : check_position(a[0]);
    std::int64_t end = nilp(arg(a, 1)) ? b.point_max().value : check_position(a[1]);
    if (beg > end)
        std::swap(beg, end);
    Value name = arg(a, 2), val = arg(a, 3);
    RootedVector victims;
    auto overlapping = [&](std::int64_t s, std::int64_t e) { return s < end && e > beg; };
    for (Value l = select_overlays(CharPos(beg), CharPos(end), overlapping); consp(l); l = xcdr(l))
        victims.push_back(xcar(l));
    for (Value ov : victims.items()) {
        if (!nilp(name) && property_of(*data(ov), name) != val)
            continue;
        std::int64_t s = start_of(ov).value, e = end_of(ov).value;
        if (s < beg) {
            if (e > end) {
                // As Emacs: a copy keeps the head, the overlay itself the tail.
                Value head = call1(Qcopy_overlay, ov);
                call3(Qmove_overlay, head, Value::fixnum(s), Value::fixnum(beg));
                call3(Qmove_overlay, ov, Value::fixnum(end), Value::fixnum(e));
            } else {
                call3(Qmove_overlay, ov, Value::fixnum(s), Value::fixnum(beg));
            }
        } else if (e > end) {
            call3(Qmove_overlay, ov, Value::fixnum(end), Value::fixnum(e));
        } else {
            detach(ov);
        }
    }
    return Qnil;
}

Value f_copy_overlay(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    Value ov = new_overlay();
    OverlayData* c = data(ov);
    c->plist = call1(Qcopy_sequence, d->plist);
    c->front_advance = d->front_advance;
    c->rear_advance = d->rear_advance;
    if (d->buffer())
        attach(ov, buffer_of(*d), Value::fixnum(start_of(a[0]).value), Value::fixnum(end_of(a[0]).value));
    return ov;
}

const SubrDef overlay_subrs[] = {
    {"overlayp", 1, 1, f_overlayp},
    {"make-overlay", 2, 5, f_make_overlay},
    {"overlay-start", 1, 1, f_overlay_start},
    {"overlay-end", 1, 1, f_overlay_end},
    {"overlay-buffer", 1, 1, f_overlay_buffer},
    {"overlay-get", 2, 2, f_overlay_get},
    {"overlay-put", 3, 3, f_overlay_put},
    {"overlay-properties", 1, 1, f_overlay_properties},
    {"delete-overlay", 1, 1, f_delete_overlay},
    {"move-overlay", 3, 4, f_move_overlay},
    {"overlays-at", 1, 2, f_overlays_at},
    {"overlays-in", 2, 2, f_overlays_in},
    {"next-overlay-change", 1, 1, f_next_overlay_change},
    {"previous-overlay-change", 1, 1, f_previous_overlay_change},
    {"delete-all-overlays", 0, 1, f_delete_all_overlays},
    {"overlay-lists", 0, 0, f_overlay_lists},
    {"remove-overlays", 0, 4, f_remove_overlays},
    {"copy-overlay", 1, 1, f_copy_overlay},
};

} // namespace

bool overlayp(Value v) { return v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &overlay_class; }

void register_overlay_builtins()
{
    register_subrs(overlay_subrs);
    add_root_source(mark_overlays_in_buffers);
    // A killed buffer's overlays belong to no buffer.
    add_kill_buffer_hook([](Buffer& b, Value) { detach_all(b); });
}

Value overlay_get(const Overlay& o, Value prop) { return property_of(static_cast<const OverlayData&>(o), prop); }

Value overlay_get(Value overlay, Value prop) { return property_of(*check_overlay(overlay), prop); }

std::int64_t overlay_priority(const Overlay& o)
{
    const Value p = overlay_get(o, Qpriority);
    return fixnump(p) ? p.as_fixnum() : 0;
}

Value overlay_value_at(const Buffer& b, CharPos pos, Value prop)
{
    Value found = Qnil;
    std::int64_t found_priority = 0;
    b.overlays().for_each_touching(pos, pos, [&](const Overlay& o, CharPos start, CharPos end) {
        if (start > pos || end <= pos)
            return;
        const Value v = property_of(static_cast<const OverlayData&>(o), prop);
        const std::int64_t priority = overlay_priority(o);
        if (!nilp(v) && (nilp(found) || priority >= found_priority)) {
            found = v;
            found_priority = priority;
        }
    });
    return found;
}

void overlays_in_range(Value buffer, CharPos from, CharPos to, std::vector<OverlayView>& out)
{
    Buffer* b = live_buffer(buffer);
    if (!b)
        return;
    const Value face_sym = Qface;
    b->overlays().for_each_touching(from, to, [&](const Overlay& o, CharPos s, CharPos e) {
        if (s >= e || e <= from || s >= to)
            return;
        const Value ov = object_of(o);
        Value face = property_of(*data(ov), face_sym);
        if (!nilp(face))
            out.push_back({s, e, face, priority_of(ov)});
    });
}

} // namespace gapmacs::lisp

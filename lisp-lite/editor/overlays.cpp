// Overlays, as Emacs 28 defines them (buffer.c): make-overlay, overlay-put,
// move-overlay, delete-overlay, overlays-at, overlays-in, ...
#include "lisp-lite/editor/overlays.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "buffer/marker.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

struct OverlayData {
    Marker start;
    Marker end;
    Value buffer = Qnil; // nil once deleted
    Value plist = Qnil;
};

void mark_overlay(ExtObject* o, void (*mark)(Value))
{
    auto* d = static_cast<OverlayData*>(o->data);
    mark(d->buffer);
    mark(d->plist);
}

void finalize_overlay(ExtObject* o) { delete static_cast<OverlayData*>(o->data); }

void print_overlay(ExtObject* o, std::string& out)
{
    auto* d = static_cast<OverlayData*>(o->data);
    Buffer* b = live_buffer(d->buffer);
    if (!b || !d->start.position()) {
        out += "#<overlay in no buffer>";
        return;
    }
    out += "#<overlay from " + std::to_string(d->start.position()->value) + " to " +
           std::to_string(d->end.position()->value) + " in " + b->name() + ">";
}

const ExtClass overlay_class{"overlay", mark_overlay, finalize_overlay, print_overlay};

// Each buffer's live overlays (roots while the buffer lives), by the Lisp
// buffer's identity.
std::unordered_map<std::uintptr_t, std::vector<Value>>& lists()
{
    static std::unordered_map<std::uintptr_t, std::vector<Value>> m;
    return m;
}

void mark_lists()
{
    for (auto& [_, overlays] : lists())
        for (Value v : overlays)
            mark_value(v);
}

OverlayData* data(Value v) { return static_cast<OverlayData*>(static_cast<ExtObject*>(v.as_object())->data); }

OverlayData* check_overlay(Value v)
{
    if (!overlayp(v))
        wrong_type(intern("overlayp"), v);
    return data(v);
}

void detach(Value ov)
{
    OverlayData* d = data(ov);
    if (nilp(d->buffer))
        return;
    auto it = lists().find(d->buffer.bits());
    if (it != lists().end()) {
        auto& v = it->second;
        v.erase(std::remove(v.begin(), v.end(), ov), v.end());
        if (v.empty())
            lists().erase(it);
    }
    d->start.detach();
    d->end.detach();
    d->buffer = Qnil;
}

// Positions clamped to the whole buffer, in order.
std::pair<CharPos, CharPos> range(Buffer& b, Value beg, Value end)
{
    std::int64_t a = check_position(beg), z = check_position(end);
    if (a > z)
        std::swap(a, z);
    const std::int64_t max = b.size() + 1;
    return {CharPos(std::clamp<std::int64_t>(a, 1, max)), CharPos(std::clamp<std::int64_t>(z, 1, max))};
}

void attach(Value ov, Value buffer, Value beg, Value end)
{
    Buffer& b = check_live_buffer(buffer);
    auto [a, z] = range(b, beg, end);
    OverlayData* d = data(ov);
    if (d->buffer != buffer) {
        detach(ov);
        lists()[buffer.bits()].push_back(ov);
        d->buffer = buffer;
    }
    // Markers are set on the whole buffer: narrowing does not clamp them.
    d->start.set(b, a);
    d->end.set(b, z);
}

CharPos start_of(Value ov) { return data(ov)->start.position().value_or(CharPos(1)); }
CharPos end_of(Value ov) { return data(ov)->end.position().value_or(CharPos(1)); }

const std::vector<Value>* overlays_of(Value buffer)
{
    auto it = lists().find(buffer.bits());
    return it == lists().end() ? nullptr : &it->second;
}

Value arg(Args a, std::size_t i) { return i < a.size() ? a[i] : Qnil; }

Value f_overlayp(Args a) { return boolean(overlayp(a[0])); }

Value f_make_overlay(Args a)
{
    Value buffer = nilp(a[2]) ? current_buffer() : a[2];
    check_live_buffer(buffer);
    auto* d = new OverlayData;
    Value ov = Value::object(alloc_ext(Type::Ext, &overlay_class, d));
    d->start.set_advances(!nilp(a[3]));
    d->end.set_advances(!nilp(a[4]));
    attach(ov, buffer, a[0], a[1]);
    return ov;
}

Value f_overlay_start(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    return nilp(d->buffer) ? Qnil : Value::fixnum(start_of(a[0]).value);
}

Value f_overlay_end(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    return nilp(d->buffer) ? Qnil : Value::fixnum(end_of(a[0]).value);
}

Value f_overlay_buffer(Args a) { return check_overlay(a[0])->buffer; }

Value f_overlay_get(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    Value v = call2(intern("plist-get"), d->plist, a[1]);
    if (nilp(v)) {
        // An overlay's `category' symbol supplies defaults, as in Emacs.
        Value cat = call2(intern("plist-get"), d->plist, intern("category"));
        if (symbolp(cat) && !nilp(cat) && a[1] != intern("category"))
            v = symbol_get(cat, a[1]);
    }
    return v;
}

Value f_overlay_put(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    d->plist = call3(intern("plist-put"), d->plist, a[1], a[2]);
    if (a[1] == intern("evaporate") && !nilp(a[2]) && !nilp(d->buffer) && start_of(a[0]) == end_of(a[0]))
        detach(a[0]);
    return a[2];
}

Value f_overlay_properties(Args a) { return call1(intern("copy-sequence"), check_overlay(a[0])->plist); }

Value f_delete_overlay(Args a)
{
    check_overlay(a[0]);
    detach(a[0]);
    return Qnil;
}

Value f_move_overlay(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    Value buffer = !nilp(arg(a, 3)) ? a[3] : !nilp(d->buffer) ? d->buffer : current_buffer();
    attach(a[0], buffer, a[1], a[2]);
    return a[0];
}

// Overlays of the current buffer for which keep(start, end) holds, in the
// order they were made (Emacs gives no order unless asked to sort).
template <typename Keep> Value select_overlays(Keep keep)
{
    const std::vector<Value>* list = overlays_of(current_buffer());
    Value out = Qnil;
    if (!list)
        return out;
    for (auto it = list->rbegin(); it != list->rend(); ++it)
        if (keep(start_of(*it).value, end_of(*it).value))
            out = make_cons(*it, out);
    return out;
}

std::int64_t priority_of(Value ov)
{
    Value p = call2(intern("overlay-get"), ov, intern("priority"));
    return fixnump(p) ? p.as_fixnum() : 0;
}

Value f_overlays_at(Args a)
{
    std::int64_t pos = check_position(a[0]);
    Value out = select_overlays([&](std::int64_t s, std::int64_t e) { return s <= pos && pos < e; });
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
    return select_overlays([&](std::int64_t s, std::int64_t e) {
        if (s == e) // empty overlays: at beg, inside, or at the end of the accessible text
            return (s >= beg && s < end) || s == beg || (s == end && end == zv);
        return s < end && e > beg;
    });
}

Value f_next_overlay_change(Args a)
{
    std::int64_t pos = check_position(a[0]);
    std::int64_t best = current().point_max().value;
    if (const auto* list = overlays_of(current_buffer()))
        for (Value ov : *list)
            for (std::int64_t p : {start_of(ov).value, end_of(ov).value})
                if (p > pos && p < best)
                    best = p;
    return Value::fixnum(best);
}

Value f_previous_overlay_change(Args a)
{
    std::int64_t pos = check_position(a[0]);
    std::int64_t best = current().point_min().value;
    if (const auto* list = overlays_of(current_buffer()))
        for (Value ov : *list)
            for (std::int64_t p : {start_of(ov).value, end_of(ov).value})
                if (p < pos && p > best)
                    best = p;
    return Value::fixnum(best);
}

Value f_delete_all_overlays(Args a)
{
    Value buffer = nilp(a[0]) ? current_buffer() : a[0];
    if (const auto* list = overlays_of(buffer)) {
        std::vector<Value> copy = *list;
        GcRoot root(&copy);
        for (Value ov : copy)
            detach(ov);
    }
    return Qnil;
}

Value f_overlay_lists(Args)
{
    return make_cons(select_overlays([](std::int64_t, std::int64_t) { return true; }), Qnil);
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
    for (Value l = select_overlays([&](std::int64_t s, std::int64_t e) { return s < end && e > beg; }); consp(l);
         l = xcdr(l))
        victims.push_back(xcar(l));
    for (Value ov : victims.items()) {
        if (!nilp(name) && call2(intern("overlay-get"), ov, name) != val)
            continue;
        std::int64_t s = start_of(ov).value, e = end_of(ov).value;
        if (s < beg) {
            if (e > end) {
                // As Emacs: a copy keeps the head, the overlay itself the tail.
                Value head = call1(intern("copy-overlay"), ov);
                call3(intern("move-overlay"), head, Value::fixnum(s), Value::fixnum(beg));
                call3(intern("move-overlay"), ov, Value::fixnum(end), Value::fixnum(e));
            } else {
                call3(intern("move-overlay"), ov, Value::fixnum(s), Value::fixnum(beg));
            }
        } else if (e > end) {
            call3(intern("move-overlay"), ov, Value::fixnum(end), Value::fixnum(e));
        } else {
            detach(ov);
        }
    }
    return Qnil;
}

Value f_copy_overlay(Args a)
{
    OverlayData* d = check_overlay(a[0]);
    auto* c = new OverlayData;
    Value ov = Value::object(alloc_ext(Type::Ext, &overlay_class, c));
    c->plist = call1(intern("copy-sequence"), d->plist);
    c->start.set_advances(d->start.advances());
    c->end.set_advances(d->end.advances());
    if (!nilp(d->buffer))
        attach(ov, d->buffer, Value::fixnum(start_of(a[0]).value), Value::fixnum(end_of(a[0]).value));
    return ov;
}

const SubrDef overlay_subrs[] = {
    {"overlayp", 1, 1, f_overlayp},
    {"make-overlay", 2, 5, guarded<f_make_overlay>},
    {"overlay-start", 1, 1, f_overlay_start},
    {"overlay-end", 1, 1, f_overlay_end},
    {"overlay-buffer", 1, 1, f_overlay_buffer},
    {"overlay-get", 2, 2, f_overlay_get},
    {"overlay-put", 3, 3, f_overlay_put},
    {"overlay-properties", 1, 1, f_overlay_properties},
    {"delete-overlay", 1, 1, f_delete_overlay},
    {"move-overlay", 3, 4, guarded<f_move_overlay>},
    {"overlays-at", 1, 2, guarded<f_overlays_at>},
    {"overlays-in", 2, 2, guarded<f_overlays_in>},
    {"next-overlay-change", 1, 1, guarded<f_next_overlay_change>},
    {"previous-overlay-change", 1, 1, guarded<f_previous_overlay_change>},
    {"delete-all-overlays", 0, 1, guarded<f_delete_all_overlays>},
    {"overlay-lists", 0, 0, f_overlay_lists},
    {"remove-overlays", 0, 4, guarded<f_remove_overlays>},
    {"copy-overlay", 1, 1, guarded<f_copy_overlay>},
};

} // namespace

bool overlayp(Value v) { return v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &overlay_class; }

void register_overlay_builtins()
{
    register_subrs(overlay_subrs);
    add_root_source(mark_lists);
    // A killed buffer's overlays belong to no buffer.
    add_kill_buffer_hook([](Buffer&, Value buffer) {
        if (const auto* list = overlays_of(buffer)) {
            std::vector<Value> copy = *list;
            GcRoot root(&copy);
            for (Value ov : copy)
                detach(ov);
        }
    });
}

void overlays_in_range(Value buffer, CharPos from, CharPos to, std::vector<OverlayView>& out)
{
    const std::vector<Value>* list = overlays_of(buffer);
    if (!list)
        return;
    for (Value ov : *list) {
        CharPos s = start_of(ov), e = end_of(ov);
        if (s >= e || e <= from || s >= to)
            continue;
        Value face = call2(intern("overlay-get"), ov, intern("face"));
        if (nilp(face))
            continue;
        out.push_back({s, e, face, priority_of(ov)});
    }
}

} // namespace gapmacs::lisp

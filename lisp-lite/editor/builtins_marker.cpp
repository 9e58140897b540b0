// Marker builtins (Emacs's marker.c) and the mark (editfns.c, simple.el's
// mark and region basics).
#include <algorithm>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

Value f_markerp(Args a) { return boolean(markerp(a[0])); }
Value f_make_marker(Args) { return make_marker_object(); }
Value f_point_marker(Args) { return make_marker_object(&current(), current().point()); }
Value f_point_min_marker(Args) { return make_marker_object(&current(), current().point_min()); }
Value f_point_max_marker(Args) { return make_marker_object(&current(), current().point_max()); }

Value f_copy_marker(Args a)
{
    bool advances = !nilp(a[1]);
    if (markerp(a[0])) {
        Marker* m = check_marker(a[0]);
        return make_marker_object(m->buffer(), m->position(), advances);
    }
    if (!a[0].is_fixnum())
        wrong_type(Qinteger_or_marker_p, a[0]);
    return make_marker_object(&current(), CharPos(a[0].as_fixnum()), advances);
}

Value f_set_marker(Args a)
{
    Marker* m = check_marker(a[0]);
    if (nilp(a[1])) {
        m->detach();
        return a[0];
    }
    std::int64_t pos = check_position(a[1]);
    Value buffer = nilp(a[2]) ? current_buffer() : get_buffer(a[2]);
    Buffer* b = live_buffer(buffer);
    if (!b)
        m->detach();
    else
        m->set(*b, CharPos(pos));
    return a[0];
}

Value f_marker_position(Args a)
{
    auto pos = check_marker(a[0])->position();
    return pos ? Value::fixnum(pos->value) : Qnil;
}
Value f_marker_buffer(Args a) { return buffer_object(check_marker(a[0])->buffer()); }
Value f_marker_insertion_type(Args a) { return boolean(check_marker(a[0])->advances()); }
Value f_set_marker_insertion_type(Args a)
{
    check_marker(a[0])->set_advances(!nilp(a[1]));
    return a[1];
}

Value f_mark_marker(Args) { return mark_marker_of(current_buffer()); }
Value f_mark(Args)
{
    auto pos = current().mark_position();
    return pos ? Value::fixnum(pos->value) : Qnil;
}
Value f_set_mark(Args a)
{
    if (nilp(a[0]))
        current().mark().detach();
    else
        current().set_mark(CharPos(check_position(a[0])));
    return a[0];
}
Value f_push_mark(Args a)
{
    current().set_mark(CharPos(position_or_point(a[0])));
    if (nilp(a[1]) && !nilp(value_or_nil(Qnoninteractive)))
        message("Mark set");
    return Qnil;
}
std::pair<CharPos, CharPos> region()
{
    auto m = current().mark_position();
    if (!m)
        error("The mark is not set now, so there is no region");
    CharPos p = current().point();
    return {std::min(p, *m), std::max(p, *m)};
}
Value f_region_beginning(Args) { return Value::fixnum(region().first.value); }
Value f_region_end(Args) { return Value::fixnum(region().second.value); }

const SubrDef marker_subrs[] = {
    {"markerp", 1, 1, f_markerp},
    {"make-marker", 0, 0, f_make_marker},
    {"point-marker", 0, 0, f_point_marker},
    {"point-min-marker", 0, 0, f_point_min_marker},
    {"point-max-marker", 0, 0, f_point_max_marker},
    {"copy-marker", 0, 2, f_copy_marker},
    {"set-marker", 2, 3, f_set_marker},
    {"move-marker", 2, 3, f_set_marker},
    {"marker-position", 1, 1, f_marker_position},
    {"marker-buffer", 1, 1, f_marker_buffer},
    {"marker-insertion-type", 1, 1, f_marker_insertion_type},
    {"set-marker-insertion-type", 2, 2, f_set_marker_insertion_type},
    {"mark-marker", 0, 0, f_mark_marker},
    {"mark", 0, 1, f_mark},
    {"set-mark", 1, 1, f_set_mark},
    {"push-mark", 0, 3, f_push_mark},
    {"region-beginning", 0, 0, f_region_beginning},
    {"region-end", 0, 0, f_region_end},
};

} // namespace

void register_marker_builtins() { register_subrs(marker_subrs); }

} // namespace gapmacs::lisp

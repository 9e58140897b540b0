// Fields (Emacs's editfns.c): a field is a stretch of text with the same
// `field' char-property (text property or overlay, compared with eq).
// field-beginning, field-end, field-string(-no-properties), delete-field and
// constrain-to-field, which keeps line motion (line-move, beginning-of-line)
// out of prompts such as comint's and dired's headers.
//
// Which field a position between two fields belongs to is what a character
// inserted there would take (get-pos-property, the properties' stickiness),
// except with ESCAPE-FROM-EDGE: then a position at an edge belongs to both,
// and a `boundary' field between two others counts as that edge.
#include <algorithm>
#include <cstdint>
#include <utility>

#include "lisp-lite/editor/fields.hpp"

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {


Value char_field(std::int64_t pos) { return get_char_property(Value::fixnum(pos), Qfield, Qnil); }
Value pos_property(std::int64_t pos, Value prop) { return call2(Qget_pos_property, Value::fixnum(pos), prop); }

std::int64_t single_change(Value fn, std::int64_t pos, Value limit)
{
    Value args[4] = {Value::fixnum(pos), Qfield, Qnil, limit};
    return check_fixnum(funcall(fn, args, 4));
}

// The edge of the field around pos one way: the next change of `field'
// that way (fn), past a `boundary' field next to pos when merging.
std::int64_t field_edge(Value fn, std::int64_t pos, Value neighbour_field, bool merge_at_boundary, Value limit)
{
    if (merge_at_boundary && neighbour_field == Qboundary)
        pos = single_change(fn, pos, limit);
    return single_change(fn, pos, limit);
}

struct FieldBounds {
    std::int64_t beg;
    std::int64_t end;
};

// The field around pos (Emacs's find_field); the limits bound the result
// without changing which field it is.
FieldBounds find_field(Value pos_arg, bool merge_at_boundary, Value beg_limit, Value end_limit)
{
    Buffer& b = current();
    const std::int64_t begv = b.point_min().value, zv = b.point_max().value;
    const std::int64_t pos = nilp(pos_arg) ? b.point().value : check_fixnum_coerce_marker(pos_arg);
    Value after_field = char_field(pos);
    // Not nil at the start: a non-sticky field may begin the buffer.
    Value before_field = pos > begv ? char_field(pos - 1) : after_field;
    bool at_field_start = false, at_field_end = false;
    if (!merge_at_boundary) {
        Value field = pos_property(pos, Qfield);
        at_field_end = field != after_field;
        at_field_start = field != before_field;
        // A nil field between two non-nil ones is not an empty field but
        // text not meant for editing around it (comint's prompts).
        if (nilp(field) && at_field_start && at_field_end)
            at_field_start = at_field_end = false;
    }
    FieldBounds r{pos, pos};
    if (!at_field_start)
        r.beg = std::max(field_edge(Qprevious_single_char_property_change, pos, before_field, merge_at_boundary, beg_limit), begv);
    if (!at_field_end)
        r.end = std::min(field_edge(Qnext_single_char_property_change, pos, after_field, merge_at_boundary, end_limit), zv);
    return r;
}

} // namespace

CharPos minibuffer_prompt_end()
{
    const Buffer& b = current();
    const Value beg = Value::fixnum(b.point_min().value);
    if (nilp(get_char_property(beg, Qfield, Qnil)))
        return b.point_min();
    return CharPos(find_field(beg, false, Qnil, Qnil).end);
}

namespace {

Value f_field_beginning(Args a)
{
    return Value::fixnum(find_field(arg(a, 0), !nilp(arg(a, 1)), arg(a, 2), Qnil).beg);
}

Value f_field_end(Args a) { return Value::fixnum(find_field(arg(a, 0), !nilp(arg(a, 1)), Qnil, arg(a, 2)).end); }

Value field_string(Value pos, Value substring)
{
    FieldBounds f = find_field(pos, false, Qnil, Qnil);
    return call2(substring, Value::fixnum(f.beg), Value::fixnum(f.end));
}

Value f_field_string(Args a) { return field_string(arg(a, 0), Qbuffer_substring); }
Value f_field_string_no_properties(Args a) { return field_string(arg(a, 0), Qbuffer_substring_no_properties); }

Value f_delete_field(Args a)
{
    FieldBounds f = find_field(arg(a, 0), false, Qnil, Qnil);
    if (f.beg != f.end)
        call2(Qdelete_region, Value::fixnum(f.beg), Value::fixnum(f.end));
    return Qnil;
}

// Whether a field property is anywhere near old or new (the characters at
// and before each): else there is nothing to constrain to.
bool fields_near(std::int64_t new_pos, std::int64_t old_pos, std::int64_t begv)
{
    // Most buffers (line-beginning-position is hot): no property anywhere.
    const Buffer& b = current();
    if ((!b.text_properties() || b.text_properties()->empty()) && b.overlays().empty())
        return false;
    return !nilp(char_field(new_pos)) || !nilp(char_field(old_pos)) ||
           (new_pos > begv && !nilp(char_field(new_pos - 1))) ||
           (old_pos > begv && !nilp(char_field(old_pos - 1)));
}

// INHIBIT-CAPTURE-PROPERTY: old_pos is inside text that has it.
bool captured(std::int64_t old_pos, Value prop, std::int64_t begv)
{
    if (nilp(prop))
        return false;
    return !nilp(pos_property(old_pos, prop)) ||
           (old_pos > begv && !nilp(get_char_property(Value::fixnum(old_pos), prop, Qnil)) &&
            !nilp(get_char_property(Value::fixnum(old_pos - 1), prop, Qnil)));
}

bool newline_between(std::int64_t a, std::int64_t b)
{
    if (a > b)
        std::swap(a, b);
    return current().line_end(CharPos(a)).value < b;
}

Value f_constrain_to_field(Args a)
{
    Buffer& b = current();
    const bool move_point = nilp(a[0]);
    const CharPos new_pos(move_point ? b.point().value : check_fixnum_coerce_marker(a[0]));
    const CharPos old_pos(check_fixnum_coerce_marker(a[1]));
    const CharPos result = constrain_to_field(new_pos, old_pos, !nilp(arg(a, 2)), !nilp(arg(a, 3)), arg(a, 4));
    if (move_point && result != b.point())
        b.goto_char(result);
    return Value::fixnum(result.value);
}

const SubrDef field_subrs[] = {
    {"field-beginning", 0, 3, f_field_beginning},
    {"field-end", 0, 3, f_field_end},
    {"field-string", 0, 1, f_field_string},
    {"field-string-no-properties", 0, 1, f_field_string_no_properties},
    {"delete-field", 0, 1, f_delete_field},
    {"constrain-to-field", 2, 5, f_constrain_to_field},
};

} // namespace

CharPos constrain_to_field(CharPos new_pos, CharPos old_pos, bool escape_from_edge, bool only_in_line,
                           Value inhibit_capture_property)
{
    const std::int64_t begv = current().point_min().value;
    const Value inhibit = find_symbol_value(Qinhibit_field_text_motion);
    if ((inhibit != Qunbound && !nilp(inhibit)) || new_pos == old_pos ||
        !fields_near(new_pos.value, old_pos.value, begv) || captured(old_pos.value, inhibit_capture_property, begv))
        return new_pos;
    const bool fwd = new_pos > old_pos;
    const Value old = Value::fixnum(old_pos.value), bound_at = Value::fixnum(new_pos.value);
    const std::int64_t bound = fwd ? find_field(old, escape_from_edge, Qnil, bound_at).end
                                   : find_field(old, escape_from_edge, bound_at, Qnil).beg;
    // ESCAPE-FROM-EDGE may put the bound beyond new_pos: then new_pos is in
    // the merged field already. ONLY-IN-LINE: a bound on another line
    // leaves new_pos alone.
    if ((bound < new_pos.value ? fwd : !fwd) && (!only_in_line || !newline_between(new_pos.value, bound)))
        return CharPos(bound);
    return new_pos;
}

void register_field_builtins()
{
    register_subrs(field_subrs);
}

} // namespace gapmacs::lisp

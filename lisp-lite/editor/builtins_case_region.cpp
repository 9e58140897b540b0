// Case of regions (Emacs's casefiddle.c): upcase-region and its kin apply
// the string functions (upcase, downcase...) to the region's text and
// replace only the span that changed.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

Value casify_region(Value start, Value end, Value fn)
{
    auto [s, e] = validate_region(start, end);
    if (s == e)
        return Qnil;
    Modification m(s, e);
    Buffer& b = current();
    std::string old = b.substring(s, e);
    Value converted = call1(fn, make_string(old));
    std::string_view now = string_view(converted);
    if (now == old)
        return Qnil;
    // Replace only the span that changed, so markers elsewhere stay put.
    std::size_t head = 0;
    while (head < old.size() && head < now.size() && old[head] == now[head])
        ++head;
    while (head > 0 && is_continuation_byte(static_cast<unsigned char>(old[head])))
        --head;
    std::size_t tail = 0;
    while (tail < old.size() - head && tail < now.size() - head &&
           old[old.size() - 1 - tail] == now[now.size() - 1 - tail])
        ++tail;
    while (tail > 0 && is_continuation_byte(static_cast<unsigned char>(old[old.size() - tail])))
        --tail;
    CharPos from = s + CharCount(static_cast<std::int64_t>(count_chars(old.data(), head)));
    CharPos to = from + CharCount(static_cast<std::int64_t>(count_chars(old.data() + head, old.size() - head - tail)));
    CharPos pt = b.point();
    std::string_view replacement = now.substr(head, now.size() - head - tail);
    b.insert_at(to, replacement);
    b.delete_region(from, to);
    b.goto_char(pt);
    m.done(from, from + CharCount(static_cast<std::int64_t>(count_chars(replacement))), to.value - from.value);
    return Qnil;
}
Value f_upcase_region(Args a) { return casify_region(a[0], a[1], Qupcase); }
Value f_downcase_region(Args a) { return casify_region(a[0], a[1], Qdowncase); }
Value f_capitalize_region(Args a) { return casify_region(a[0], a[1], Qcapitalize); }
Value f_upcase_initials_region(Args a) { return casify_region(a[0], a[1], Qupcase_initials); }

const SubrDef case_region_subrs[] = {
    {"upcase-region", 2, 3, f_upcase_region},
    {"downcase-region", 2, 3, f_downcase_region},
    {"capitalize-region", 2, 3, f_capitalize_region},
    {"upcase-initials-region", 2, 3, f_upcase_initials_region},
};

} // namespace

void register_case_region_builtins() { register_subrs(case_region_subrs); }

} // namespace gapmacs::lisp

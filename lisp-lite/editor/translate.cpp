// subst-char-in-region: one character replaced by another of the same width
// across a region, as Emacs's editfns.c. The text is written in place in one
// pass (NUL by newline in find -print0 listings), so markers stay put and
// the cost is a copy of the region, not an edit per match.
#include <optional>
#include <string>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

std::string internal_char(char32_t c)
{
    std::string s;
    append_internal_char(s, c);
    return s;
}

// NOUNDO: not recorded for undo, and a buffer that was unmodified stays so,
// as Emacs: the change is not a "real" one for saving.
class NoUndo {
public:
    explicit NoUndo(Buffer& b) : m_b(b), m_pause(b.undo_list()), m_was_modified(b.modified()) {}
    ~NoUndo()
    {
        if (!m_was_modified)
            m_b.set_modified(false);
    }
    NoUndo(const NoUndo&) = delete;
    NoUndo& operator=(const NoUndo&) = delete;

private:
    Buffer& m_b;
    UndoList::Pause m_pause;
    bool m_was_modified;
};

Value f_subst_char_in_region(Args a)
{
    const auto [beg_region, end_region] = validate_region(a[0], a[1]);
    const std::int64_t s = beg_region.value, e = end_region.value;
    Buffer& b = current();
    const std::string from = internal_char(check_char(a[2])), to = internal_char(check_char(a[3]));
    if (from.size() != to.size())
        error("Characters in `subst-char-in-region' have different byte-lengths");
    const std::string text = b.substring(CharPos(s), CharPos(e));
    // Internal text is self-synchronising: a whole character's bytes match
    // only at a character boundary.
    const std::size_t first = text.find(from);
    if (first == std::string::npos || from == to)
        return Qnil;
    const std::size_t last = text.rfind(from) + from.size();
    std::string span;
    span.reserve(last - first);
    for (std::size_t at = first; at < last;) {
        std::size_t hit = text.find(from, at);
        if (hit == std::string::npos || hit >= last)
            hit = last;
        span.append(text, at, hit - at);
        if (hit == last)
            break;
        span += to;
        at = hit + from.size();
    }
    const CharPos beg(s + static_cast<std::int64_t>(count_chars(text.data(), first)));
    const CharPos end(beg.value + static_cast<std::int64_t>(count_chars(text.data() + first, last - first)));
    std::optional<NoUndo> no_undo;
    if (!nilp(a[4]))
        no_undo.emplace(b);
    Modification m(beg, end);
    b.overwrite(beg, span);
    m.done(beg, end, end.value - beg.value);
    return Qnil;
}

const SubrDef translate_subrs[] = {
    {"subst-char-in-region", 4, 5, f_subst_char_in_region},
};

} // namespace

void register_translate_builtins() { register_subrs(translate_subrs); }

} // namespace gapmacs::lisp

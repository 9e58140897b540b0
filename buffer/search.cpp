#include "buffer/search.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace gapmacs {

namespace {

// The accessible region as the pieces around the gap, and byte offsets into
// it; converts match offsets back to character positions.
class AccessibleText {
public:
    explicit AccessibleText(const Buffer& buffer) : m_buffer(buffer)
    {
        m_base = byte_of(buffer.point_min());
        std::size_t zv = byte_of(buffer.point_max());
        const GapBuffer& g = buffer.gap_buffer();
        std::string_view before = g.before_gap(), after = g.after_gap();
        std::size_t gap = before.size();
        if (m_base < gap)
            m_text.first = before.substr(m_base, std::min(zv, gap) - m_base);
        if (zv > gap) {
            std::size_t from = std::max(m_base, gap);
            m_text.second = after.substr(from - gap, zv - from);
        }
    }

    const SplitText& text() const { return m_text; }
    std::size_t offset(CharPos pos) const { return byte_of(pos) - m_base; }
    std::size_t point() const { return offset(m_buffer.point()); }
    CharPos position(std::int64_t offset) const
    {
        return m_buffer.byte_to_char(BytePos(static_cast<std::int64_t>(m_base) + offset));
    }

    BufferMatch convert(const Match& m) const
    {
        BufferMatch out;
        out.groups.reserve(m.groups.size());
        for (const Match::Span& g : m.groups) {
            if (g.matched())
                out.groups.emplace_back(std::make_pair(position(g.begin), position(g.end)));
            else
                out.groups.emplace_back();
        }
        return out;
    }

    BufferMatch convert(const LiteralMatch& m) const
    {
        BufferMatch out;
        out.groups.emplace_back(std::make_pair(position(static_cast<std::int64_t>(m.begin)),
                                               position(static_cast<std::int64_t>(m.end))));
        return out;
    }

private:
    std::size_t byte_of(CharPos pos) const { return static_cast<std::size_t>(m_buffer.char_to_byte(pos).value); }

    const Buffer& m_buffer;
    std::size_t m_base = 0;
    SplitText m_text;
};

void check_from(const Buffer& buffer, CharPos from)
{
    if (from < buffer.point_min() || from > buffer.point_max())
        throw Error("args-out-of-range", "Args out of range: " + std::to_string(from.value));
}

[[noreturn]] void wrong_side()
{
    throw Error("error", "Invalid search bound (wrong side of point)");
}

// Emacs's search_command: a bound on the wrong side is an error, one
// outside the accessible region is clamped to it.
CharPos forward_bound(const Buffer& buffer, CharPos from, CharPos bound)
{
    check_from(buffer, from);
    if (bound < from)
        wrong_side();
    return std::min(bound, buffer.point_max());
}

CharPos backward_bound(const Buffer& buffer, CharPos from, CharPos bound)
{
    check_from(buffer, from);
    if (bound > from)
        wrong_side();
    return std::max(bound, buffer.point_min());
}

template <typename M>
std::optional<BufferMatch> convert(const AccessibleText& t, const std::optional<M>& m)
{
    if (!m)
        return std::nullopt;
    return t.convert(*m);
}

} // namespace

std::optional<BufferMatch> re_search_forward(const Buffer& buffer, const Regex& re, CharPos from, CharPos bound)
{
    bound = forward_bound(buffer, from, bound);
    AccessibleText t(buffer);
    return convert(t, re.search_forward(t.text(), t.offset(from), t.offset(bound), t.point()));
}

std::optional<BufferMatch> re_search_backward(const Buffer& buffer, const Regex& re, CharPos from, CharPos bound)
{
    bound = backward_bound(buffer, from, bound);
    AccessibleText t(buffer);
    return convert(t, re.search_backward(t.text(), t.offset(from), t.offset(bound), t.point()));
}

std::optional<BufferMatch> looking_at(const Buffer& buffer, const Regex& re, CharPos pos)
{
    check_from(buffer, pos);
    AccessibleText t(buffer);
    return convert(t, re.looking_at(t.text(), t.offset(pos), t.point()));
}

std::optional<BufferMatch> search_forward(const Buffer& buffer, std::string_view needle, CharPos from,
                                          CharPos bound, bool case_fold)
{
    bound = forward_bound(buffer, from, bound);
    AccessibleText t(buffer);
    return convert(t, search_literal_forward(t.text(), needle, t.offset(from), t.offset(bound), case_fold));
}

std::optional<BufferMatch> search_backward(const Buffer& buffer, std::string_view needle, CharPos from,
                                           CharPos bound, bool case_fold)
{
    bound = backward_bound(buffer, from, bound);
    AccessibleText t(buffer);
    return convert(t, search_literal_backward(t.text(), needle, t.offset(from), t.offset(bound), case_fold));
}

} // namespace gapmacs

// The gap buffer, markers, narrowing and undo, driven by a byte program and
// checked after every step against a model: a string of characters, marker
// and point positions moved by Emacs's rules, and the text before and after
// each undo group.
//
// Each op is one byte (what) and up to three more (where, how much). The
// text mixes ASCII, newlines, two-, three- and four-byte characters and a
// raw byte, so character and byte positions differ.
#include <algorithm>
#include <array>
#include <memory>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "buffer/buffer.hpp"
#include "check.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"

using namespace gapmacs;

namespace {

constexpr std::array<char32_t, 8> alphabet = {U'a', U'b', U'\n', U'é', U'漢', U'😀', U' ', 0x3FFF80 /* raw byte 0x80 */};
constexpr std::size_t marker_count = 4;

std::string internal(const std::u32string& chars)
{
    std::string out;
    for (char32_t c : chars)
        append_internal_char(out, c);
    return out;
}

class Program {
public:
    Program(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    bool more() const { return m_at < m_size; }
    std::uint8_t next() { return m_at < m_size ? m_data[m_at++] : 0; }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_at = 0;
};

struct Group {
    std::u32string before, after;
};

class Model {
public:
    explicit Model(Buffer& buffer) : m_buffer(buffer)
    {
        for (std::size_t i = 0; i < marker_count; ++i)
            m_markers[i] = std::make_unique<Marker>(buffer, CharPos(1), i % 2 == 1);
    }

    void step(Program& p)
    {
        const std::uint8_t op = p.next();
        if (std::getenv("GAPMACS_FUZZ_TRACE"))
            std::fprintf(stderr, "op %d text [%s] point %lld\n", op % 10, internal(m_text).c_str(),
                         static_cast<long long>(m_point));
        switch (op % 10) {
        case 0: insert(p, false); break;
        case 1: insert(p, true); break;
        case 2: erase(p); break;
        case 3: move_marker(p); break;
        case 4: narrow(p); break;
        case 5: widen(); break;
        case 6: goto_char(p); break;
        case 7: boundary(); break;
        case 8: undo(); break;
        case 9: insert_at_point(p); break;
        }
        check();
    }

private:
    std::int64_t size() const { return static_cast<std::int64_t>(m_text.size()); }
    std::int64_t begv() const { return m_narrowed ? m_begv : 1; }
    std::int64_t zv() const { return m_narrowed ? m_zv : size() + 1; }
    std::int64_t pick(Program& p, std::int64_t lo, std::int64_t hi) { return lo + p.next() % (hi - lo + 1); }

    std::u32string chars(Program& p)
    {
        std::u32string s;
        const int n = 1 + p.next() % 6;
        for (int i = 0; i < n; ++i)
            s += alphabet[p.next() % alphabet.size()];
        return s;
    }

    void open_group()
    {
        if (!m_open) {
            m_open = true;
            m_group_before = m_text;
        }
        m_changed_since_undo = true;
    }

    // Emacs's rules: what is after pos moves; what is at pos moves when it
    // advances (or for insert-before-markers); point at pos does not.
    void inserted(std::int64_t pos, std::int64_t n, bool before_markers)
    {
        for (std::size_t i = 0; i < marker_count; ++i)
            if (m_marks[i] > pos || (m_marks[i] == pos && (i % 2 == 1 || before_markers)))
                m_marks[i] += n;
        if (m_point > pos || (m_point == pos && before_markers))
            m_point += n;
        if (m_narrowed && m_zv >= pos)
            m_zv += n;
        if (m_narrowed && m_begv > pos)
            m_begv += n;
    }

    void insert(Program& p, bool before_markers)
    {
        const std::int64_t pos = pick(p, begv(), zv());
        const std::u32string s = chars(p);
        open_group();
        if (before_markers)
            m_buffer.insert_before_markers(CharPos(pos), internal(s));
        else
            m_buffer.insert_at(CharPos(pos), internal(s));
        m_text.insert(static_cast<std::size_t>(pos - 1), s);
        inserted(pos, static_cast<std::int64_t>(s.size()), before_markers);
    }

    void insert_at_point(Program& p)
    {
        const std::u32string s = chars(p);
        open_group();
        const std::int64_t pos = m_point;
        m_buffer.insert(internal(s));
        m_text.insert(static_cast<std::size_t>(pos - 1), s);
        inserted(pos, static_cast<std::int64_t>(s.size()), false);
        m_point = pos + static_cast<std::int64_t>(s.size()); // insert leaves point after the text
    }

    void erase(Program& p)
    {
        std::int64_t from = pick(p, begv(), zv()), to = pick(p, begv(), zv());
        if (from > to)
            std::swap(from, to);
        if (from == to)
            return;
        open_group();
        m_buffer.delete_region(CharPos(from), CharPos(to));
        m_text.erase(static_cast<std::size_t>(from - 1), static_cast<std::size_t>(to - from));
        auto adjust = [&](std::int64_t& m) {
            if (m >= to)
                m -= to - from;
            else if (m > from)
                m = from;
        };
        for (auto& m : m_marks)
            adjust(m);
        adjust(m_point);
        if (m_narrowed) {
            adjust(m_begv);
            adjust(m_zv);
        }
    }

    void move_marker(Program& p)
    {
        const std::size_t i = p.next() % marker_count;
        const std::int64_t pos = pick(p, begv(), zv());
        m_markers[i]->set(m_buffer, CharPos(pos));
        m_marks[i] = pos;
    }

    void narrow(Program& p)
    {
        std::int64_t from = pick(p, 1, size() + 1), to = pick(p, 1, size() + 1);
        if (from > to)
            std::swap(from, to);
        m_buffer.narrow(CharPos(from), CharPos(to));
        m_narrowed = true;
        m_begv = from;
        m_zv = to;
        m_point = std::clamp(m_point, from, to);
    }

    void widen()
    {
        m_buffer.widen();
        m_narrowed = false;
    }

    void goto_char(Program& p)
    {
        const std::int64_t pos = pick(p, begv(), zv());
        m_buffer.goto_char(CharPos(pos));
        m_point = pos;
    }

    void boundary()
    {
        m_buffer.undo_boundary();
        close_group();
    }

    void close_group()
    {
        if (m_open) // a group whose changes cancel out is still a group
            m_groups.push_back({m_group_before, m_text});
        m_open = false;
    }

    // Consecutive undos walk back through the groups; a change in between
    // starts again from the newest (which may be an undo: that redoes).
    void undo()
    {
        if (m_narrowed)
            return; // changes outside the narrowing are refused, as in Emacs
        close_group();
        if (m_changed_since_undo)
            m_pending = m_groups.size();
        const bool done = m_buffer.undo();
        FUZZ_CHECK(done == (m_pending > 0));
        if (!done)
            return;
        const Group& g = m_groups[m_pending - 1];
        FUZZ_CHECK(internal(g.after) == internal(m_text));
        const std::u32string before = m_text;
        m_text = g.before;
        FUZZ_CHECK_MSG(m_buffer.text() == internal(m_text), "undo gave [%s], model [%s]", m_buffer.text().c_str(),
                       internal(m_text).c_str());
        m_groups.push_back({before, m_text});
        --m_pending;
        m_changed_since_undo = false;
        // Where undo leaves point and markers is its own business; take it.
        m_point = m_buffer.point().value;
        for (std::size_t i = 0; i < marker_count; ++i)
            m_marks[i] = m_markers[i]->position()->value;
    }

    void check() const
    {
        FUZZ_CHECK(m_buffer.size() == size());
        FUZZ_CHECK(m_buffer.text() == internal(m_text));
        FUZZ_CHECK(m_buffer.point_min().value == begv());
        FUZZ_CHECK(m_buffer.point_max().value == zv());
        FUZZ_CHECK_MSG(m_buffer.point().value == m_point, "point %lld, model %lld",
                       static_cast<long long>(m_buffer.point().value), static_cast<long long>(m_point));
        for (std::size_t i = 0; i < marker_count; ++i)
            FUZZ_CHECK_MSG(m_markers[i]->position()->value == m_marks[i], "marker %zu at %lld, model %lld", i,
                           static_cast<long long>(m_markers[i]->position()->value),
                           static_cast<long long>(m_marks[i]));
        // Character and byte positions agree, both ways (every position of
        // a small text, a sample of a large one: the check stays linear).
        const std::int64_t stride = 1 + size() / 256;
        std::int64_t byte = 0;
        for (std::int64_t pos = 1; pos <= size() + 1; ++pos) {
            if (pos % stride == 0 || pos == size() + 1) {
                FUZZ_CHECK(m_buffer.char_to_byte(CharPos(pos)).value == byte);
                FUZZ_CHECK(m_buffer.byte_to_char(BytePos(byte)).value == pos);
                if (pos >= begv() && pos < zv()) // char-after sees the accessible text only
                    FUZZ_CHECK(m_buffer.char_after(CharPos(pos)) == m_text[static_cast<std::size_t>(pos - 1)]);
            }
            if (pos <= size())
                byte += internal_char_length(m_text[static_cast<std::size_t>(pos - 1)]);
        }
    }

    static std::int64_t internal_char_length(char32_t c)
    {
        std::string s;
        append_internal_char(s, c);
        return static_cast<std::int64_t>(s.size());
    }

    Buffer& m_buffer;
    std::u32string m_text;
    std::array<std::unique_ptr<Marker>, marker_count> m_markers;
    std::array<std::int64_t, marker_count> m_marks{1, 1, 1, 1};
    std::int64_t m_point = 1;
    bool m_narrowed = false;
    std::int64_t m_begv = 1, m_zv = 1;
    std::vector<Group> m_groups;
    std::u32string m_group_before;
    bool m_open = false;
    bool m_changed_since_undo = true;
    std::size_t m_pending = 0;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    Program program(data, size);
    Buffer buffer("fuzz", 1 + (size % 64)); // small gaps: the gap moves and grows often
    Model model(buffer);
    for (int steps = 0; program.more() && steps < 2000; ++steps)
        model.step(program);
    return 0;
}

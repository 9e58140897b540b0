// Randomized model test: Buffer against a std::string of internal text plus
// plain integers for point and markers, checked after every step.
#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "../printers.hpp"
#include "buffer/buffer.hpp"
#include "core/utf8.hpp"

using namespace gapmacs;

namespace {

struct Model {
    std::string text; // internal text
    std::int64_t point = 1;
    struct M { std::unique_ptr<Marker> marker; std::int64_t pos; bool advances; };
    std::vector<M> markers;
    struct O { std::unique_ptr<Overlay> overlay; std::int64_t start, end; };
    std::vector<O> overlays;

    std::int64_t chars() const { return static_cast<std::int64_t>(count_chars(text)); }
    std::size_t byte_of(std::int64_t pos) const { return advance_chars(text.data(), text.size(), pos - 1); }

    void inserted(std::int64_t at, std::int64_t n, bool before_markers = false)
    {
        for (auto& m : markers)
            if (m.pos > at || (m.pos == at && (m.advances || before_markers)))
                m.pos += n;
        if (point > at || (point == at && before_markers))
            point += n;
        for (auto& o : overlays) {
            if (o.start > at || (o.start == at && (o.overlay->front_advance || before_markers)))
                o.start += n;
            if (o.end > at || (o.end == at && (o.overlay->rear_advance || before_markers)))
                o.end += n;
            o.start = std::min(o.start, o.end); // Emacs's fix_start_end_in_overlays
        }
    }
    void deleted(std::int64_t a, std::int64_t b)
    {
        auto adjust = [&](std::int64_t& p) {
            if (p >= b)
                p -= b - a;
            else if (p > a)
                p = a;
        };
        for (auto& m : markers)
            adjust(m.pos);
        adjust(point);
        for (auto& o : overlays) {
            adjust(o.start);
            adjust(o.end);
        }
    }
};

std::string random_text(std::mt19937& rng, std::size_t max_chars)
{
    static const char* pieces[] = {"a", "b", "z", "\n", " ", "é", "ß", "Ж", "日本", "한", "😀", "\u0301"};
    std::string s;
    std::size_t n = rng() % (max_chars + 1);
    for (std::size_t i = 0; i < n; ++i) {
        unsigned kind = rng() % 10;
        if (kind < 5)
            s += static_cast<char>('a' + rng() % 26);
        else if (kind < 8)
            s += pieces[rng() % std::size(pieces)];
        else
            append_internal_char(s, raw_byte_char(static_cast<std::uint8_t>(0x80 + rng() % 128)));
    }
    return s;
}

} // namespace

TEST_CASE("Buffer, markers and overlays match a string model over 100,000 random operations", "[buffer][model]")
{
    std::mt19937 rng(20261130);
    Buffer buf("model", 1); // a tiny gap: growth and gap moves are exercised constantly
    Model model;
    for (int step = 0; step < 100000; ++step) {
        const std::int64_t size = model.chars();
        auto random_pos = [&] { return static_cast<std::int64_t>(rng() % (size + 1)) + 1; };
        unsigned op = rng() % 100;
        bool big = model.text.size() > 6000;
        if (op < 30 && !big) { // insert somewhere
            std::int64_t at = random_pos();
            std::string s = random_text(rng, rng() % 50 ? 8 : 200);
            buf.insert_at(CharPos(at), s);
            model.text.insert(model.byte_of(at), s);
            model.inserted(at, static_cast<std::int64_t>(count_chars(s)));
        } else if (op < 34 && !big) { // insert before markers, as process output does
            std::int64_t at = random_pos();
            std::string s = random_text(rng, 8);
            buf.insert_before_markers(CharPos(at), s);
            model.text.insert(model.byte_of(at), s);
            model.inserted(at, static_cast<std::int64_t>(count_chars(s)), true);
        } else if (op < 45 && !big) { // insert at point
            std::string s = random_text(rng, 5);
            std::int64_t at = model.point;
            buf.insert(s);
            model.text.insert(model.byte_of(at), s);
            auto n = static_cast<std::int64_t>(count_chars(s));
            model.inserted(at, n);
            model.point = at + n;
        } else if (op < 70) { // delete a region
            std::int64_t a = random_pos(), b = std::min(size + 1, a + static_cast<std::int64_t>(rng() % (big ? 400 : 12)));
            if (rng() % 2)
                std::swap(a, b);
            buf.delete_region(CharPos(a), CharPos(b));
            if (b < a)
                std::swap(a, b);
            std::size_t ba = model.byte_of(a), bb = model.byte_of(b);
            model.text.erase(ba, bb - ba);
            model.deleted(a, b);
        } else if (op < 80) { // move point
            std::int64_t at = random_pos();
            buf.goto_char(CharPos(at));
            model.point = at;
        } else if (op < 88 && model.markers.size() < 400) { // new marker
            std::int64_t at = random_pos();
            bool advances = rng() % 2;
            model.markers.push_back({std::make_unique<Marker>(buf, CharPos(at), advances), at, advances});
        } else if (op < 92 && !model.markers.empty()) { // drop a marker
            model.markers.erase(model.markers.begin() + static_cast<std::ptrdiff_t>(rng() % model.markers.size()));
        } else if (op < 96 && !model.markers.empty()) { // move a marker
            auto& m = model.markers[rng() % model.markers.size()];
            m.pos = random_pos();
            m.marker->set(buf, CharPos(m.pos));
        } else if (op < 100 && !model.markers.empty()) { // flip an insertion type
            auto& m = model.markers[rng() % model.markers.size()];
            m.advances = !m.advances;
            m.marker->set_advances(m.advances);
        }
        // Overlays, on a die of their own so the marker steps stay as they were.
        const unsigned ov = rng() % 100;
        auto fresh_pos = [&] { return static_cast<std::int64_t>(rng() % (model.chars() + 1)) + 1; };
        if (ov < 8 && model.overlays.size() < 300) { // new overlay, often empty or short
            std::int64_t a = fresh_pos(), b = rng() % 3 ? std::min(model.chars() + 1, a + static_cast<std::int64_t>(rng() % 6)) : fresh_pos();
            auto o = std::make_unique<Overlay>();
            o->front_advance = rng() % 2;
            o->rear_advance = rng() % 2;
            o->attach(buf, CharPos(a), CharPos(b));
            model.overlays.push_back({std::move(o), std::min(a, b), std::max(a, b)});
        } else if (ov < 11 && !model.overlays.empty()) { // delete one
            model.overlays.erase(model.overlays.begin() + static_cast<std::ptrdiff_t>(rng() % model.overlays.size()));
        } else if (ov < 14 && !model.overlays.empty()) { // move one
            auto& o = model.overlays[rng() % model.overlays.size()];
            std::int64_t a = fresh_pos(), b = fresh_pos();
            o.overlay->attach(buf, CharPos(a), CharPos(b));
            o.start = std::min(a, b);
            o.end = std::max(a, b);
        }

        INFO("step " << step << " op " << op << " ov " << ov);
        REQUIRE(buf.size() == model.chars());
        REQUIRE(buf.byte_size() == model.text.size());
        REQUIRE(buf.point() == CharPos(model.point));
        REQUIRE(buf.text() == model.text);
        // One assertion for all: Catch2 would spend the time on hundreds.
        for (auto& m : model.markers)
            if (m.marker->position() != CharPos(m.pos))
                FAIL("marker at " << m.marker->position()->value << ", the model says " << m.pos);
        for (auto& o : model.overlays)
            if (o.overlay->start() != CharPos(o.start) || o.overlay->end() != CharPos(o.end))
                FAIL("overlay " << o.overlay->start().value << ".." << o.overlay->end().value << ", the model says "
                                << o.start << ".." << o.end);
        { // a range query finds exactly the overlays touching it
            std::int64_t qa = fresh_pos(), qb = fresh_pos();
            if (qb < qa)
                std::swap(qa, qb);
            std::size_t expected = 0;
            for (auto& o : model.overlays)
                expected += o.start <= qb && o.end >= qa;
            std::size_t found = 0;
            std::int64_t last_start = 0;
            bool right = true;
            buf.overlays().for_each_touching(CharPos(qa), CharPos(qb), [&](const Overlay& ov, CharPos s, CharPos e) {
                right = right && s == ov.start() && e == ov.end() && s.value <= qb && e.value >= qa && s.value >= last_start;
                last_start = s.value;
                ++found;
            });
            REQUIRE(right);
            REQUIRE(found == expected);
            // The boundaries next to a position, against every boundary.
            const std::int64_t pos = qa, zv = model.chars() + 1;
            std::int64_t next = zv, prev = 1;
            for (auto& o : model.overlays)
                for (std::int64_t p : {o.start, o.end}) {
                    if (p > pos && p < next)
                        next = p;
                    if (p < pos && p > prev)
                        prev = p;
                }
            REQUIRE(buf.overlays().next_boundary(CharPos(pos), CharPos(zv)) == CharPos(next));
            REQUIRE(buf.overlays().previous_boundary(CharPos(pos), CharPos(1)) == CharPos(prev));
        }
        const std::int64_t probe = static_cast<std::int64_t>(rng() % (model.chars() + 1)) + 1;
        REQUIRE(buf.char_to_byte(CharPos(probe)).value == static_cast<std::int64_t>(model.byte_of(probe)));
        REQUIRE(buf.byte_to_char(BytePos(static_cast<std::int64_t>(model.byte_of(probe)))) == CharPos(probe));
        if (step % 500 == 0)
            buf.check_invariants();
    }
    buf.check_invariants();
}

TEST_CASE("Char index lookups in a large multibyte buffer agree with counting", "[buffer][char_index]")
{
    std::mt19937 rng(99);
    Buffer buf("big");
    std::string model;
    for (int i = 0; i < 4000; ++i) {
        std::string s = random_text(rng, 100);
        buf.insert(s);
        model += s;
    }
    REQUIRE_FALSE(buf.single_byte());
    std::vector<std::size_t> starts; // byte offset of every character
    for (std::size_t i = 0; i < model.size(); ++i)
        if (!is_continuation_byte(static_cast<unsigned char>(model[i])))
            starts.push_back(i);
    for (int i = 0; i < 20000; ++i) {
        auto c = static_cast<std::int64_t>(rng() % starts.size());
        REQUIRE(buf.char_to_byte(CharPos(c + 1)).value == static_cast<std::int64_t>(starts[c]));
        auto c2 = static_cast<std::int64_t>(rng() % starts.size());
        REQUIRE(buf.byte_to_char(BytePos(static_cast<std::int64_t>(starts[c2]))) == CharPos(c2 + 1));
        if (i % 100 == 0) { // an edit between lookups shifts the checkpoints after it
            auto at = static_cast<std::int64_t>(rng() % starts.size()) + 1;
            buf.insert_at(CharPos(at), "Ωx");
            model.insert(starts[at - 1], "Ωx");
            starts.clear();
            for (std::size_t k = 0; k < model.size(); ++k)
                if (!is_continuation_byte(static_cast<unsigned char>(model[k])))
                    starts.push_back(k);
        }
    }
    CHECK(buf.text() == model);
}

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

    std::int64_t chars() const { return static_cast<std::int64_t>(count_chars(text)); }
    std::size_t byte_of(std::int64_t pos) const { return advance_chars(text.data(), text.size(), pos - 1); }

    void inserted(std::int64_t at, std::int64_t n)
    {
        for (auto& m : markers)
            if (m.pos > at || (m.pos == at && m.advances))
                m.pos += n;
        if (point > at)
            point += n;
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

TEST_CASE("Buffer matches a string model over 100,000 random operations", "[buffer][model]")
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
        } else if (op < 88 && model.markers.size() < 40) { // new marker
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

        INFO("step " << step);
        REQUIRE(buf.size() == model.chars());
        REQUIRE(buf.byte_size() == model.text.size());
        REQUIRE(buf.point() == CharPos(model.point));
        REQUIRE(buf.text() == model.text);
        for (auto& m : model.markers)
            REQUIRE(m.marker->position() == CharPos(m.pos));
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

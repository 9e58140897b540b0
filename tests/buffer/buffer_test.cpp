#include <catch2/catch.hpp>

#include <cstring>
#include <stdexcept>
#include <variant>

#include "../printers.hpp"
#include "buffer/buffer.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"

using namespace gapmacs;

namespace {
CharPos P(std::int64_t v) { return CharPos(v); }
}

TEST_CASE("Positions are 1-based characters", "[buffer]")
{
    Buffer b("t");
    CHECK(b.point_min() == P(1));
    CHECK(b.point_max() == P(1));
    b.insert("héllo 日本");
    CHECK(b.size() == 8);
    CHECK(b.byte_size() == std::strlen("héllo 日本"));
    CHECK(b.point() == P(9));
    CHECK(b.char_after(P(2)) == U'é');
    CHECK(b.char_before(P(9)) == U'本');
    CHECK_FALSE(b.char_after(P(9)));
    CHECK(b.substring(P(2), P(5)) == "éll");
    CHECK(b.substring(P(5), P(2)) == "éll");
    CHECK(b.char_to_byte(P(3)) == BytePos(3));
    CHECK(b.byte_to_char(BytePos(3)) == P(3));
    CHECK_THROWS_AS(b.substring(P(0), P(2)), Error);
}

TEST_CASE("An insertion whose character count is given indexes as one that counts", "[buffer]")
{
    // Several of the index's strides, multibyte throughout, inserted in the
    // middle of existing text so that checkpoints fall inside it.
    std::string text;
    while (text.size() < 3 * CharIndex::kStride + 100)
        text += "ab日é\n";
    const CharCount chars(static_cast<std::int64_t>(count_chars(text)));
    Buffer counted("counted"), given("given");
    for (Buffer* b : {&counted, &given}) {
        b->insert("héad tail");
        b->goto_char(P(5));
    }
    CHECK(counted.insert(text) == given.insert(text, chars));
    CHECK(given.insert_before_markers(P(3), "日本", CharCount(2)) == P(5));
    counted.insert_at(P(3), "日本");
    REQUIRE(counted.size() == given.size());
    for (std::int64_t pos = 1; pos <= counted.size() + 1; pos += 997) {
        CHECK(counted.char_to_byte(P(pos)) == given.char_to_byte(P(pos)));
        CHECK(given.byte_to_char(given.char_to_byte(P(pos))) == P(pos));
    }
    CHECK(given.substring(P(1), P(given.size() + 1)) == counted.substring(P(1), P(counted.size() + 1)));
}

TEST_CASE("Markers follow insertion types and collapse on deletion", "[buffer][marker]")
{
    Buffer b("t");
    b.insert("abcdef");
    Marker stay(b, P(3));
    Marker adv(b, P(3), true);
    Marker after(b, P(5));
    b.insert_at(P(3), "XY");
    CHECK(stay.position() == P(3));
    CHECK(adv.position() == P(5));
    CHECK(after.position() == P(7));
    b.delete_region(P(2), P(6));
    CHECK(stay.position() == P(2));
    CHECK(adv.position() == P(2));
    CHECK(after.position() == P(3));
    CHECK(b.text() == "adef");
}

TEST_CASE("Insertion at point leaves point unless it is insert", "[buffer][marker]")
{
    Buffer b("t");
    b.insert("abc");
    b.goto_char(P(2));
    b.insert_at(P(2), "--");
    CHECK(b.point() == P(2));
    b.insert_at(P(1), "+");
    CHECK(b.point() == P(3));
    b.insert("!");
    CHECK(b.point() == P(4));
    CHECK(b.text() == "+a!--bc");
}

TEST_CASE("A killed buffer leaves its markers pointing nowhere", "[buffer][marker]")
{
    Marker m;
    CHECK_FALSE(m.position());
    {
        Buffer b("t");
        b.insert("abc");
        m.set(b, P(2));
        CHECK(m.buffer() == &b);
        CHECK(m.position() == P(2));
    }
    CHECK(m.buffer() == nullptr);
    CHECK_FALSE(m.position());
}

TEST_CASE("Markers are clamped to the buffer", "[buffer][marker]")
{
    Buffer b("t");
    b.insert("abc");
    Marker m(b, P(100));
    CHECK(m.position() == P(4));
    m.set(b, P(-5));
    CHECK(m.position() == P(1));
}

TEST_CASE("Undo reverts command groups and can itself be undone", "[buffer][undo]")
{
    Buffer b("t");
    b.insert("hello");
    b.undo_boundary();
    b.insert(" world");
    b.undo_boundary();
    b.delete_region(P(1), P(3));
    b.undo_boundary();
    CHECK(b.text() == "llo world");

    REQUIRE(b.undo());
    CHECK(b.text() == "hello world");
    REQUIRE(b.undo());
    CHECK(b.text() == "hello");
    // A change breaks the undo chain: the next undo reverts the undos.
    b.goto_char(P(1));
    b.insert("X");
    b.undo_boundary();
    REQUIRE(b.undo());
    CHECK(b.text() == "hello");
    REQUIRE(b.undo());
    CHECK(b.text() == "hello world");
}

TEST_CASE("Undo to the saved state clears the modified flag", "[buffer][undo]")
{
    Buffer b("t");
    b.insert("abc");
    b.set_modified(false);
    b.undo_boundary();
    b.insert("d");
    CHECK(b.modified());
    b.undo_boundary();
    REQUIRE(b.undo());
    CHECK(b.text() == "abc");
    CHECK_FALSE(b.modified());
}

TEST_CASE("Undo past a save leaves the buffer modified, its text not being the file contents", "[buffer][undo]")
{
    Buffer b("t");
    b.insert("abc");
    b.set_saved(); // visited
    b.undo_boundary();
    b.insert("d");
    b.undo_boundary();
    b.set_saved(); // saved as "abcd"
    REQUIRE(b.undo());
    CHECK(b.text() == "abc");
    CHECK(b.modified());
    // Back to what was saved (the undo redone): unmodified again.
    b.restart_undo(false);
    REQUIRE(b.undo());
    CHECK(b.text() == "abcd");
    CHECK_FALSE(b.modified());
}

TEST_CASE("Redo takes back the last undo, and restart and undo-only choose where undo goes on", "[buffer][undo]")
{
    Buffer b("t");
    b.insert("a");
    b.undo_boundary();
    b.insert("b");
    b.undo_boundary();
    CHECK_FALSE(b.redo()); // the last change is no undo
    REQUIRE(b.undo());
    CHECK(b.text() == "a");
    CHECK(b.redo());
    CHECK(b.text() == "ab");
    CHECK_FALSE(b.redo());
    // The undo sequence goes on from where the taken-back undo had started.
    REQUIRE(b.undo());
    CHECK(b.text() == "a");
    b.restart_undo(true); // undo-only: below what was undone
    REQUIRE(b.undo());
    CHECK(b.text() == "");
    b.restart_undo(false); // a plain undo after another command redoes
    CHECK(b.next_undo_is_redo());
    REQUIRE(b.undo());
    CHECK(b.text() == "a");
    b.check_invariants();
}

TEST_CASE("Undo puts point back at the end of a deletion made backward", "[buffer][undo]")
{
    Buffer b("t");
    b.insert("abcdef");
    b.undo_boundary();
    b.delete_region(P(5), P(7)); // like two backspaces: point was at the end
    b.undo_boundary();
    REQUIRE(b.undo());
    CHECK(b.text() == "abcdef");
    CHECK(b.point() == P(7));
}

TEST_CASE("Streaming insertions amalgamate into one undo entry", "[buffer][undo]")
{
    Buffer b("t");
    for (int i = 0; i < 1000; ++i)
        b.insert_at(b.point_max(), "line\n");
    std::size_t insertions = 0;
    for (auto& e : b.undo_list().entries())
        insertions += e.is<UndoEntry::Insertion>();
    CHECK(insertions == 1);
    Buffer hidden(" hidden");
    hidden.insert("x");
    CHECK(hidden.undo_list().entries().empty());
}

TEST_CASE("Line helpers", "[buffer][lines]")
{
    Buffer b("t");
    b.insert("one\ntwö\n\nfour");
    CHECK(b.line_beginning(P(6)) == P(5));
    CHECK(b.line_end(P(6)) == P(8));
    CHECK(b.line_beginning(P(10)) == P(10));
    CHECK(b.line_end(P(11)) == P(14));
    CHECK(b.line_number_at(P(1)) == 1);
    CHECK(b.line_number_at(P(9)) == 3);
    CHECK(b.line_number_at(P(15)) == 4);
    CHECK(b.count_lines(P(1), P(15)) == 4);
    CHECK(b.count_lines(P(1), P(5)) == 1);
    CHECK(b.count_lines(P(3), P(3)) == 0);

    b.goto_char(P(2));
    CHECK(b.forward_line(1) == 0);
    CHECK(b.point() == P(5));
    CHECK(b.forward_line(2) == 0);
    CHECK(b.point() == P(10));
    CHECK(b.forward_line(5) == 4); // partial last line counts as moved
    CHECK(b.point() == P(14));
    CHECK(b.forward_line(0) == 0);
    CHECK(b.point() == P(10));
    CHECK(b.forward_line(-1) == 0);
    CHECK(b.point() == P(9));
    CHECK(b.forward_line(-10) == -8);
    CHECK(b.point() == P(1));
    b.goto_char(P(14));
    CHECK(b.forward_line(1) == 1); // nothing moved at the very end
    // Expected values above are GNU Emacs 28's for the same forms.
}

TEST_CASE("Narrowing limits the accessible region and grows with insertion at its end", "[buffer]")
{
    Buffer b("t");
    b.insert("0123456789");
    b.narrow(P(3), P(6));
    CHECK(b.point_min() == P(3));
    CHECK(b.point_max() == P(6));
    CHECK(b.point() == P(6));
    CHECK_THROWS_AS(b.insert_at(P(8), "x"), Error);
    b.insert("ab");
    CHECK(b.point_max() == P(8));
    CHECK(b.substring(b.point_min(), b.point_max()) == "234ab");
    b.goto_char(P(1));
    CHECK(b.point() == P(3));
    b.widen();
    CHECK(b.point_min() == P(1));
    CHECK(b.point_max() == P(13));
    b.check_invariants();
}

TEST_CASE("A read-only buffer refuses changes and keeps its text", "[buffer]")
{
    Buffer b("t");
    b.insert("abc");
    b.set_read_only(true);
    try {
        b.insert("x");
        FAIL("insert succeeded");
    } catch (const Error& e) {
        CHECK(e.symbol() == "buffer-read-only");
    }
    CHECK_THROWS_AS(b.delete_region(P(1), P(2)), Error);
    CHECK(b.text() == "abc");
}

TEST_CASE("reserve and commit insert like insert_at, markers included", "[buffer]")
{
    Buffer b("t", 1);
    b.insert("ab");
    Marker process_mark(b, P(2), true);
    Marker before(b, P(2));
    {
        Buffer::Writer w = b.reserve(P(2), ByteCount(64 * 1024));
        std::memcpy(w.data(), "é\n", 3);
        CHECK(w.commit(ByteCount(3)) == P(4));
    }
    CHECK(b.text() == "aé\nb");
    CHECK(process_mark.position() == P(4));
    CHECK(before.position() == P(2));
    CHECK(b.point() == P(5));
    CHECK(b.modified());
    b.check_invariants();
}

TEST_CASE("erase-buffer widens and empties", "[buffer]")
{
    Buffer b("t");
    b.insert("abc\ndef");
    b.narrow(P(2), P(3));
    Marker m(b, P(6));
    b.erase();
    CHECK(b.size() == 0);
    CHECK(m.position() == P(1));
    CHECK(b.point() == P(1));
}

TEST_CASE("A Writer dropped without commit inserts nothing, even on an exception", "[buffer]")
{
    Buffer b("t", 1);
    b.insert("ab");
    b.set_modified(false);
    Marker m(b, P(2), true);
    const auto tick = b.modification_tick();
    try {
        Buffer::Writer w = b.reserve(P(2), ByteCount(100));
        std::memcpy(w.data(), "xyz", 3);
        throw std::runtime_error("the decoder failed");
    } catch (const std::runtime_error&) {
    }
    CHECK(b.text() == "ab");
    CHECK_FALSE(b.modified());
    CHECK(b.modification_tick() == tick);
    CHECK(m.position() == P(2));
    // No reservation is left behind: the buffer takes changes again.
    b.insert_at(P(2), "é");
    CHECK(b.text() == "aéb");
    {
        Buffer::Writer w = b.reserve(P(1), ByteCount(8));
        CHECK(w.commit(ByteCount(0)) == P(1)); // an empty commit is no change
    }
    CHECK(b.text() == "aéb");
    b.check_invariants();
}

TEST_CASE("Undo entries say what they hold", "[buffer][undo]")
{
    Buffer b("t");
    b.insert("hello world");
    b.undo_boundary();
    b.delete_region(P(6), P(12)); // point (12) was at the end of the deleted text
    b.undo_boundary();
    const auto& entries = b.undo_list().entries();
    const auto* del = std::get_if<UndoEntry::Deletion>(&entries[entries.size() - 2].what);
    REQUIRE(del);
    CHECK(del->at == P(6));
    CHECK(b.undo_list().text_of(*del) == " world");
    CHECK(del->point_was_at_end);
    const auto* ins = std::get_if<UndoEntry::Insertion>(&entries[1].what);
    REQUIRE(ins);
    CHECK(ins->beg == P(1));
    CHECK(ins->end == P(12));
    REQUIRE(b.undo());
    CHECK(b.text() == "hello world");
    CHECK(b.point() == P(12)); // back after the text, where it was
    b.goto_char(P(1));
    b.delete_region(P(1), P(3));
    b.undo_boundary();
    REQUIRE(b.undo());
    CHECK(b.point() == P(1)); // point was not at the end: it stays before
}

TEST_CASE("swap_text exchanges the text and everything on it", "[buffer][marker][undo]")
{
    Buffer a("a"), b("b");
    a.insert("héllo world");
    a.goto_char(P(3));
    a.set_mark(P(7));
    Marker in_a(a, P(5));
    Overlay over_a;
    over_a.attach(a, P(2), P(6));
    a.ensure_text_properties();
    b.insert("xyz");
    b.narrow(P(2), P(3));
    b.set_saved();
    const auto ticks = std::pair(a.modification_tick(), b.modification_tick());

    a.swap_text(b);

    CHECK(a.text() == "xyz");
    CHECK(b.text() == "héllo world");
    CHECK(b.point() == P(3));
    CHECK(b.mark_position() == P(7));
    CHECK_FALSE(a.mark_position());
    CHECK(a.narrowed());
    CHECK(a.point_min() == P(2));
    CHECK_FALSE(b.narrowed());
    CHECK(in_a.buffer() == &b);
    CHECK(in_a.position() == P(5));
    CHECK(over_a.buffer() == &b);
    CHECK(b.overlays().size() == 1);
    CHECK(a.overlays().empty());
    CHECK(b.text_properties() != nullptr);
    CHECK(a.text_properties() == nullptr);
    CHECK(b.modified()); // both, as in Emacs: tar-mode puts the flags back itself
    CHECK(a.modified());
    CHECK(a.modification_tick() > ticks.first);
    CHECK(b.modification_tick() > ticks.second);

    // Edits of each buffer keep what moved with its text in place.
    b.undo_boundary();
    b.insert_at(P(1), "ab");
    CHECK(in_a.position() == P(7));
    CHECK(over_a.start() == P(4));
    CHECK(b.mark_position() == P(9));
    a.widen();
    a.insert_at(P(1), "--");
    CHECK(a.text() == "--xyz");

    // Undo went with the text: b's undo takes back its insertion.
    b.undo_boundary();
    CHECK(b.undo());
    CHECK(b.text() == "héllo world");
    a.check_invariants();
    b.check_invariants();

    // Swapping back restores both.
    a.swap_text(b);
    CHECK(a.text() == "héllo world");
    CHECK(b.text() == "--xyz");
    CHECK(in_a.buffer() == &a);
    a.check_invariants();
    b.check_invariants();
}

// Buffer: text (a GapBuffer of internal UTF-8), 1-based character positions,
// point, mark, markers, narrowing, a modified flag, undo, and line helpers.
//
// Positions given to and returned by a Buffer are CharPos (1-based, as Lisp
// sees them). Positions outside the accessible region (point-min..point-max)
// throw Error("args-out-of-range"); a change to a read-only buffer throws
// Error("buffer-read-only").
//
// Every change goes through one pair of primitives, insertion through a
// Writer (insert_at and the process reader both use one) and delete_region,
// and those keep point, markers, the char index, undo and the modified flag
// current.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "buffer/change_log.hpp"
#include "buffer/char_index.hpp"
#include "buffer/gap_buffer.hpp"
#include "buffer/line_index.hpp"
#include "buffer/marker.hpp"
#include "buffer/marker_tree.hpp"
#include "buffer/overlay_tree.hpp"
#include "buffer/undo.hpp"
#include "core/coding.hpp"
#include "core/position.hpp"
#include "core/text_properties.hpp"

namespace gapmacs {

class Buffer final {
public:
    explicit Buffer(std::string name, std::size_t initial_gap = 4096);
    ~Buffer(); // markers and overlays still here are left in no buffer
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    const std::string& name() const { return m_name; }
    void set_name(std::string name) { m_name = std::move(name); }

    // Sizes of the whole buffer (narrowing ignored), as buffer-size does.
    std::int64_t size() const { return m_index.chars().value; }
    std::size_t byte_size() const { return m_text.size().size(); }
    bool single_byte() const { return m_index.single_byte(); }

    // The accessible region (narrowing honoured), and point inside it.
    CharPos point_min() const;
    CharPos point_max() const;
    CharPos point() const { return m_point.chars; }
    TextPos point_pos() const { return m_point; }
    // Moves point, clamped to the accessible region as goto-char does.
    void goto_char(CharPos pos);

    // Conversion between character positions and byte offsets (whole buffer;
    // pos in 1..size()+1). O(1) while the buffer is single-byte.
    BytePos char_to_byte(CharPos pos) const;
    CharPos byte_to_char(BytePos pos) const;
    TextPos text_pos(CharPos pos) const { return {pos, char_to_byte(pos)}; }

    // Internal text of [from, to) (either order); both must be accessible.
    std::string substring(CharPos from, CharPos to) const;
    std::string text() const { return m_text.substr(BytePos(0), m_text.end()); }
    // Calls f(string_view) on the (at most two) pieces of the whole text, in
    // order: no copy, no allocation (a save writes them; so may a signal handler).
    template <typename F> void for_each_text_piece(F&& f) const { m_text.for_each_piece(BytePos(0), m_text.end(), f); }
    const GapBuffer& gap_buffer() const { return m_text; }
    // The character at pos, or nothing at point-max (char-after).
    std::optional<char32_t> char_after(CharPos pos) const;
    std::optional<char32_t> char_before(CharPos pos) const;

    // Inserts internal text at point; point ends up after it (insert).
    // Each insertion returns the position after the text: the text's
    // characters are counted once, where the line and character indexes
    // take them in.
    // `chars`, when the caller has it (a Lisp string's length), is the
    // text's character count: nothing is counted again.
    CharPos insert(std::string_view text, std::optional<CharCount> chars = std::nullopt);
    // Inserts at pos. Point, markers and the narrowing end move per Emacs's
    // rules: things after pos shift; things at pos shift only if they advance
    // (point does not).
    CharPos insert_at(CharPos pos, std::string_view text);
    // Writes `bytes` over the text from `from`: they must replace as many
    // bytes and as many characters (each character by one of the same
    // width), so the text changes in place and markers stay where they are.
    // Recorded for undo as a replacement.
    void overwrite(CharPos from, std::string_view bytes);
    // Deletes [from, to) (either order); markers inside collapse to from.
    void delete_region(CharPos from, CharPos to);
    // Widens and deletes everything (erase-buffer).
    void erase();

    // Direct writes into the gap, for the process reader: reserve moves the
    // gap to pos (accessible) with at least nbytes free and returns a Writer
    // that says where to write. Its commit(k) inserts the first k bytes
    // written there, which must be well-formed internal text, exactly as
    // insert_at(pos, ...) would. A Writer dropped without commit (nothing
    // read, or an exception: the decoder can throw) inserts nothing. No other
    // change to the buffer may come while a Writer is open.
    class [[nodiscard]] Writer {
    public:
        Writer(const Writer&) = delete;
        Writer& operator=(const Writer&) = delete;
        ~Writer()
        {
            if (m_buffer)
                m_buffer->m_writing = false;
        }
        // Where to write, and how much room there is.
        char* data() const { return m_data; }
        ByteCount room() const { return m_room; }
        // Inserts the first n bytes written; with before_markers, point and
        // every marker at the position end up after the text, as
        // insert-before-markers (and process output) does. Returns the
        // position after the text. Once only: the Writer is closed after.
        CharPos commit(ByteCount n, bool before_markers = false);
        // The same for n.bytes bytes of n.chars characters, counted by the
        // writer (the process reader's decoder counts as it validates).
        CharPos commit(TextCount n, bool before_markers = false);

    private:
        friend class Buffer;
        Writer(Buffer& buffer, TextPos at, char* data, ByteCount room)
            : m_buffer(&buffer), m_at(at), m_data(data), m_room(room)
        {
        }
        Buffer* m_buffer; // null once committed
        TextPos m_at;
        char* m_data;
        ByteCount m_room;
    };
    [[nodiscard]] Writer reserve(CharPos pos, ByteCount nbytes);
    // insert-before-markers at pos.
    CharPos insert_before_markers(CharPos pos, std::string_view text, std::optional<CharCount> chars = std::nullopt);

    // The mark: a marker that points nowhere until set.
    Marker& mark() { return m_mark; }
    std::optional<CharPos> mark_position() const { return m_mark.position(); }
    void set_mark(CharPos pos) { m_mark.set(*this, pos); }

    void narrow(CharPos from, CharPos to);
    void widen();
    bool narrowed() const { return m_narrowed; }

    bool modified() const { return m_modified; }
    void set_modified(bool modified);
    // The text is now what the visited file holds (a save, a visit): clears
    // the modified flag, and undo entries recorded before no longer clear it.
    void set_saved();
    // Counts every change; lets callers notice that the buffer changed.
    std::uint64_t modification_tick() const { return m_tick; }
    // The tick of the last change of the text itself (not of properties):
    // Emacs's buffer-chars-modified-tick.
    std::uint64_t chars_modification_tick() const { return m_chars_tick; }

    // The log redisplay and fontification read (Emacs's BEG_UNCHANGED and
    // END_UNCHANGED, by tick): every change of the text, of its properties
    // and of what its overlays show.
    const ChangeLog& changes() const { return m_changes; }
    // The same for the text alone (what a parse of it depends on: the
    // syntax-ppss cache), by its own ticks.
    const ChangeLog& text_changes() const { return m_text_changes; }
    // What overlays show over [from, to) changed (one was made, moved or
    // deleted, or a property set): readers draw that text again. The buffer
    // itself is not modified.
    void display_changed(CharPos from, CharPos to);
    bool read_only() const { return m_read_only; }
    void set_read_only(bool ro) { m_read_only = ro; }

    // Text properties over the whole buffer, in CharPos values. Null until
    // some text gets a property (and again once none has any), so the edits
    // of a buffer without any cost one pointer test. Inserted text has none:
    // the caller gives it its own afterwards.
    TextProperties* text_properties() { return m_props.get(); }
    const TextProperties* text_properties() const { return m_props.get(); }
    TextProperties& ensure_text_properties();
    // A change of the properties of [from, to): counts as a modification
    // (read-only check, modified flag, tick) and shows in the change feed.
    void properties_changed(CharPos from, CharPos to);

    // buffer-swap-text: exchanges the text with `other`, and with it what
    // belongs to the text (Emacs's struct buffer_text and the fields its
    // Fbuffer_swap_text swaps): point, the narrowing, every marker and
    // overlay (they move to the other buffer), the mark's position, text
    // properties and undo. Names, files, coding and read-only stay. Both
    // count as changed everywhere and are modified after, as in Emacs.
    void swap_text(Buffer& other);

    // The overlays in the buffer, which its edits keep in place.
    OverlayTree& overlays() { return m_overlays; }
    const OverlayTree& overlays() const { return m_overlays; }

    UndoList& undo_list() { return m_undo; }
    void undo_boundary() { m_undo.boundary(); }
    // Reverts the next group of changes, as the `undo` command: consecutive
    // calls walk further back; any other change starts again from the newest.
    // The reversal is itself recorded, so undoing an undo redoes. Returns
    // false when there is nothing more to undo.
    bool undo();
    // Makes the next undo start again from the newest change, as a command
    // other than undo between two undos does in Emacs. `skip_undone`
    // (undo-only) starts below the changes that undos already reverted.
    void restart_undo(bool skip_undone);
    // undo-redo: takes back the last undo, if the last change was one, as if
    // it had not happened. Returns false when the last change was no undo.
    bool redo();
    // Whether the group that the next undo reverts was itself made by undo
    // (Emacs then says "Redo").
    bool next_undo_is_redo() const;

    // Line helpers, within the accessible region.
    CharPos line_beginning(CharPos pos) const;
    CharPos line_end(CharPos pos) const;
    // 1-based line number of pos counting from point-min (line-number-at-pos).
    std::int64_t line_number_at(CharPos pos) const;
    // The same, or nothing when it would read more than `budget` bytes not
    // yet indexed (the mode line shows L?? until idle indexing gets there).
    std::optional<std::int64_t> line_number_if_cheap(CharPos pos, std::size_t budget) const;
    // Number of newlines in [from, to), plus one if the region does not end
    // in a newline and is not empty (count-lines).
    std::int64_t count_lines(CharPos from, CharPos to) const;
    // Indexes up to `budget` more bytes of newlines (idle time); true while
    // some remain.
    bool index_lines(std::size_t budget) { return m_lines.index_some(m_text, budget); }
    // forward-line: moves point n lines (backward when n <= 0, to a line
    // start); returns the shortfall as Emacs does.
    std::int64_t forward_line(std::int64_t n);

    // The visited file and its coding system (buffer-file-name and
    // buffer-file-coding-system).
    const std::string& file_name() const { return m_file_name; }
    void set_file_name(std::string file) { m_file_name = std::move(file); }
    const CodingSystem& coding() const { return m_coding; }
    void set_coding(CodingSystem coding) { m_coding = std::move(coding); }

    // The visited file's modification time when it was last read or written
    // (visited-file-modtime): so a save can tell that someone else changed
    // the file meanwhile. `exists` is false when the file did not exist then;
    // nothing is known for a buffer that visits no file.
    struct FileTime {
        std::int64_t sec = 0;
        std::int64_t nsec = 0;
        bool exists = true;
        std::int64_t size = -1; // -1: not known (set-visited-file-modtime of a time)
        bool operator==(const FileTime&) const = default;
        // Whether the file as it is `now` is the one recorded: the same
        // modtime and, when known, the same size, as Emacs checks (a file
        // replaced by `cp -p`, `rsync -t` or `tar` keeps its modtime).
        bool same_file_as(const FileTime& now) const
        {
            return sec == now.sec && nsec == now.nsec && exists == now.exists && (size < 0 || size == now.size);
        }
    };
    const std::optional<FileTime>& visited_modtime() const { return m_visited_modtime; }
    void set_visited_modtime(std::optional<FileTime> t) { m_visited_modtime = t; }

    // Aborts (a bug) when internal state is inconsistent; tests call it.
    void check_invariants() const;

private:
    friend class Marker;
    void register_marker(Marker& m, TextPos pos);
    void unregister_marker(Marker& m);

    void check_accessible(CharPos pos) const;
    void check_writable() const;
    TextPos clamp(CharPos pos) const;
    void note_change(bool text = true); // false: properties only
    // Inserts the n bytes written in the gap at `at` (Writer::commit).
    // `chars`: their character count when the writer knows it.
    CharPos commit_insertion(TextPos at, ByteCount n, bool before_markers, std::optional<CharCount> chars);
    CharPos insert_at(CharPos pos, std::string_view text, bool before_markers, std::optional<CharCount> chars);
    // Finishes an insertion of text already in the gap buffer at `at`.
    void inserted(TextPos at, TextCount n, bool before_markers);
    // Undoes entries [begin, end) of the undo list, newest first.
    void revert_entries(std::size_t begin, std::size_t end);
    void apply_undo_entry(const UndoEntry& e);
    std::size_t count_newlines(BytePos from, BytePos to) const;
    // Logs a change of [beg, end) of the text as it is now.
    void note_changed_span(BytePos beg, BytePos end, bool text = true);

    std::string m_name;
    GapBuffer m_text;
    mutable CharIndex m_index;
    mutable LineIndex m_lines;
    TextPos m_point{CharPos(1), BytePos(0)};
    MarkerTree m_markers;
    OverlayTree m_overlays;
    Marker m_mark;
    // The narrowing (BEGV and ZV), while narrowed: no markers, since they
    // follow rules of their own and are read on every access check.
    bool m_narrowed = false;
    TextPos m_begv{CharPos(1), BytePos(0)};
    TextPos m_zv{CharPos(1), BytePos(0)};
    UndoList m_undo;
    std::size_t m_pending_undo = 0; // where the next `undo` continues (entries index)
    std::uint64_t m_undo_tick = 0;  // m_tick right after the last undo
    // Counts the file states the buffer was saved or visited in (as Emacs's
    // undo compares the visited modtime): an undo entry from an older one
    // must not clear the modified flag, since the text it returns to is not
    // what the file holds.
    std::uint64_t m_saved_generation = 0;
    bool m_writing = false; // a Writer is open
    std::uint64_t m_tick = 0;
    std::uint64_t m_chars_tick = 0;
    ChangeLog m_changes;
    ChangeLog m_text_changes;
    bool m_modified = false;
    bool m_read_only = false;
    std::string m_file_name;
    CodingSystem m_coding;
    std::optional<FileTime> m_visited_modtime;
    std::unique_ptr<TextProperties> m_props;
};

} // namespace gapmacs

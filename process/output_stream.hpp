// OutputStream: one pipe from a child (its stdout, or its stderr kept apart),
// and where what comes out of it goes.
//
// Three receivers, as the design says:
//   none          insert at the mark (Emacs's internal-default-process-filter);
//   string filter call filter(text) with the decoded chunk;
//   region filter insert at the mark, then call filter(start, end).
// Insertion reads straight into the buffer's gap at the mark and decodes
// there (GapDecoder): nothing is allocated per chunk. Text is inserted before
// markers, so the mark, other markers there and point (when it was at the
// mark) move after it.
//
// The buffer is the process's, not the mark's: Lisp may point the mark
// nowhere or into another buffer (set-marker), and output must still land
// in the process buffer, never be dropped. As Emacs 28's
// internal-default-process-filter: at the mark's position clipped to the
// accessible text, or at the end of the accessible text when the mark
// points nowhere; the mark is put back after the new text.
//
// When readable, the stream drains the pipe until EAGAIN, EOF or a time
// budget, then returns to the loop, so a fast producer costs few wake-ups and
// keyboard input is never starved. A filter may kill the process, kill the
// buffer, or turn the loop (accept-process-output): while one of this
// stream's filters runs, the stream does not read (no output is duplicated or
// reordered), and everything is re-checked after the filter returns.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "buffer/marker.hpp"
#include "core/event_loop.hpp"
#include "core/lifetime_token.hpp"
#include "core/position.hpp"
#include "core/unique_fd.hpp"
#include "process/gap_decoder.hpp"
#include "process/gap_reader.hpp"

namespace gapmacs {

class Buffer;

class OutputStream final {
public:
    // The decoded chunk and its character count.
    using StringFilter = std::function<void(std::string_view text, CharCount chars)>;
    using RegionFilter = std::function<void(CharPos start, CharPos end)>;
    using ErrorReporter = std::function<void(const std::string& message)>;

    OutputStream(EventLoop& loop, UniqueFd fd, std::size_t read_max, const CodingSystem& coding);
    OutputStream(const OutputStream&) = delete;
    OutputStream& operator=(const OutputStream&) = delete;

    // The buffer output goes to (nullptr: none, or killed), whatever the
    // mark points at. Setting a new buffer puts the mark at its end.
    Buffer* buffer() const { return m_buffer.buffer(); }
    void set_buffer(Buffer* buffer);
    Marker& mark() { return *m_mark; }
    // Makes `mark` (owned by the caller, e.g. a Lisp marker object, and
    // outliving this stream's use of it) the process mark, at the old one's place.
    void use_mark(Marker& mark);
    // Where the next text goes in buffer() (which must be live): the mark
    // clipped to the accessible text, or its end when the mark points nowhere.
    CharPos insertion_point() const;
    // Inserts internal text there as output with no filter is inserted
    // (internal-default-process-filter, for filters that pass text on):
    // before markers, read-only ignored, the mark put after it. Nothing
    // happens without a live buffer, as in Emacs.
    void insert(std::string_view text);

    // Setting one kind of filter removes the other; an empty function means none.
    void set_string_filter(StringFilter f);
    void set_region_filter(RegionFilter f);
    bool has_string_filter() const { return bool(m_string_filter); }
    bool has_region_filter() const { return bool(m_region_filter); }
    // What a region filter is called with: every chunk as it is inserted,
    // or (Line) only regions that end just after a newline. With Line, the
    // text after the last newline is inserted at once but held back from
    // the filter until a later chunk completes its line, or until EOF.
    enum class RegionUnit { Chunk, Line };
    void set_region_unit(RegionUnit unit);
    RegionUnit region_unit() const { return m_region_unit; }
    // Where gapmacs::Error exceptions thrown by filters are reported (stderr
    // by default). Other exceptions (a Lisp throw to an outer catch) pass
    // through, leaving the stream consistent.
    void set_error_reporter(ErrorReporter r) { m_report = std::move(r); }

    void set_coding(const CodingSystem& coding);
    const CodingSystem& coding() const { return m_decoder.coding(); }
    std::size_t read_max() const { return m_read_max; }

    // Reads until EAGAIN, EOF or `budget` (nothing: no time limit). Returns
    // true when it delivered anything. Does nothing while a filter of this
    // stream is running.
    bool drain(std::optional<EventLoop::Duration> budget);
    // The writer has exited: what is left in the pipe is read now, whole
    // reads with no time limit, and if a filter of this stream is running
    // (a nested loop saw the exit) at each wake-up after it, so the rest
    // is in before the sentinel, however slow the filter.
    void read_rest();
    bool open() const { return bool(m_fd); }
    // Stops reading: the pipe is closed, what was not read is lost.
    void close();
    bool busy() const { return m_busy; }
    // Called once at EOF (after the last text was delivered).
    void on_eof(std::function<void()> f) { m_on_eof = std::move(f); }
    // Bytes read from the pipe so far.
    std::uint64_t bytes_read() const { return m_bytes_read; }

private:
    enum class ReadResult { Data, Again, Eof };
    ReadResult read_chunk();
    ReadResult read_into_buffer(Buffer& buffer);
    ReadResult read_into_string();
    ReadResult read_discarding();
    PipeRead read_some(char* dst);
    void close_at_eof();
    void report(const char* what);
    template <typename F> void call_filter(F&& call);
    // Calls the region filter for [start, end); false when the filter
    // deleted this stream.
    bool deliver_region(CharPos start, CharPos end);
    // With Line: what of [at, end), just inserted, may go to the filter now.
    std::optional<std::pair<CharPos, CharPos>> whole_lines(Buffer& buffer, CharPos at, CharPos end);
    void deliver_held_back();

    EventLoop& m_loop;
    UniqueFd m_fd;
    std::optional<EventLoop::FdWatcher> m_watcher;
    std::optional<EventLoop::Timer> m_resume; // re-arms m_watcher after a short read
    bool m_resume_after_filter = false;       // m_resume fired while a filter ran
    bool m_writer_gone = false;               // read_rest was called
    void on_readable();
    // Shrinks or grows m_read_now so the next filter call takes about kFilterSlice.
    void pace(EventLoop::Duration filter_took);
    std::size_t m_read_max;
    std::size_t m_read_now; // what the next read asks for: at most m_read_max
    GapDecoder m_decoder;
    std::string m_area; // the string filter's read area
    Marker m_own_mark;
    Marker* m_mark = &m_own_mark;
    // Tracks the process buffer (its position means nothing): the buffer is
    // known, and known dead once killed, whatever happens to the mark.
    Marker m_buffer;
    StringFilter m_string_filter;
    RegionFilter m_region_filter;
    RegionUnit m_region_unit = RegionUnit::Chunk;
    // With Line: the start of inserted text not yet given to the filter
    // (points nowhere when nothing is held back). Text is inserted after it,
    // at the process mark, so it never moves with insertions.
    Marker m_held_back;
    ErrorReporter m_report;
    std::function<void()> m_on_eof;
    std::uint64_t m_bytes_read = 0;
    bool m_busy = false;
    bool m_saw_eof = false;
    // Lets code running after a filter see whether the stream still exists.
    LifetimeToken m_lifetime;
};

} // namespace gapmacs

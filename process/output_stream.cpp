#include "process/output_stream.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <exception>
#include <unistd.h>

#include "buffer/buffer.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"
#include "process/gap_reader.hpp"
#include "process/insertion_scope.hpp"

namespace gapmacs {

namespace {

// How long one wake-up may read before the loop serves other descriptors
// (the keyboard first among them).
constexpr auto kDrainBudget = std::chrono::milliseconds(1);

// After a wake-up that found less than a read's worth, the stream is not
// watched for this long (Emacs's process-adaptive-read-buffering, shorter):
// a producer writing 4 KiB at a time (find, grep: stdio) then fills larger
// chunks between wake-ups instead of waking the editor, and a filter, for
// every write. The first output after a quiet spell is still read at once.
constexpr auto kShortReadPause = std::chrono::milliseconds(1);

// A filter call should not hold the loop longer than this while a keyboard
// is watched: keys typed meanwhile wait for it. A slower filter (compile's parser: about 800 lines
// in a 64 KiB read) gets smaller reads until its calls fit, and larger ones
// again as they get faster, up to read-process-output-max; a fast filter
// never sees a difference.
constexpr auto kFilterSlice = std::chrono::milliseconds(1);
// While someone types (a key within the last second), a key that arrives
// during a filter call waits for the rest of it: the slice is shorter then.
constexpr auto kTypingFilterSlice = std::chrono::microseconds(250);
constexpr auto kTypingSpell = std::chrono::seconds(1);
constexpr std::size_t kMinPacedRead = 4096;

} // namespace

OutputStream::OutputStream(EventLoop& loop, UniqueFd fd, std::size_t read_max, const CodingSystem& coding)
    : m_loop(loop), m_fd(std::move(fd)), m_read_max(read_max ? read_max : 1), m_read_now(m_read_max), m_decoder(coding)
{
    m_watcher.emplace(m_loop, m_fd.get(), EventLoop::Readable, [this](unsigned) { on_readable(); });
}

void OutputStream::on_readable()
{
    const LifetimeToken::Watch alive = m_lifetime.watch();
    const std::uint64_t before = m_bytes_read;
    drain(m_writer_gone ? std::nullopt : std::optional<EventLoop::Duration>(kDrainBudget));
    if (!alive || !m_watcher)
        return;
    const std::uint64_t got = m_bytes_read - before;
    if (got == 0 || got >= m_read_now)
        return;
    m_watcher->set_events(0);
    const auto when = EventLoop::Clock::now() + kShortReadPause;
    if (m_resume)
        m_resume->reschedule(when);
    else
        m_resume.emplace(m_loop, when, [this] {
            if (!m_watcher)
                return;
            if (m_busy) // re-armed when its filter returns
                m_resume_after_filter = true;
            else
                m_watcher->set_events(EventLoop::Readable);
        });
}

void OutputStream::set_buffer(Buffer* buffer)
{
    if (buffer == this->buffer())
        return;
    m_held_back.detach(); // a held-back line belongs to the old buffer
    if (!buffer) {
        m_buffer.detach();
        m_mark->detach();
        return;
    }
    m_buffer.set(*buffer, CharPos(1));
    m_mark->set(*buffer, CharPos(buffer->size() + 1));
}

CharPos OutputStream::insertion_point() const
{
    const Buffer& b = *buffer();
    const std::optional<CharPos> mark = m_mark->position();
    if (!mark)
        return b.point_max();
    // A mark into another buffer gives its position, as in Emacs.
    return std::clamp(*mark, b.point_min(), b.point_max());
}

void OutputStream::use_mark(Marker& mark)
{
    if (Buffer* b = m_mark->buffer())
        mark.set(*b, *m_mark->position());
    else
        mark.detach();
    m_own_mark.detach();
    m_mark = &mark;
}

void OutputStream::insert(std::string_view text)
{
    Buffer* b = buffer();
    if (!b)
        return;
    CharPos end;
    {
        InsertionScope scope(*b);
        end = b->insert_before_markers(insertion_point(), text);
    }
    m_mark->set(*b, end);
}

template <typename F> void OutputStream::call_filter(F&& call)
{
    // m_busy keeps a nested loop (accept-process-output in the filter, or
    // process-send-region waiting for a full pipe) off this stream; it is
    // cleared on every way out, unless the filter destroyed the stream.
    // The descriptor leaves the poll set meanwhile: readable but unread, it
    // would make every nested poll return at once (rgrep spun 10,000 times
    // a second while its find filter waited for grep).
    const LifetimeToken::Watch alive = m_lifetime.watch();
    struct Busy {
        OutputStream* self;
        const LifetimeToken::Watch& alive;
        unsigned events;
        ~Busy()
        {
            if (!alive)
                return;
            self->m_busy = false;
            // A pause that ended during the call (a filter that waits, in
            // a nested loop) must not be restored: nothing would end it.
            if (self->m_resume_after_filter)
                events = EventLoop::Readable;
            self->m_resume_after_filter = false;
            if (self->m_watcher)
                self->m_watcher->set_events(events);
        }
    } busy{this, alive, m_watcher ? m_watcher->events() : 0u};
    if (m_watcher)
        m_watcher->set_events(0);
    m_busy = true;
    const auto started = EventLoop::Clock::now();
    try {
        call();
    } catch (const Error& e) {
        if (alive)
            report(e.what());
    }
    if (alive)
        pace(EventLoop::Clock::now() - started);
}

void OutputStream::pace(EventLoop::Duration filter_took)
{
    // Pacing is for keys: with no keyboard (batch), whole reads, fewer calls.
    if (m_writer_gone || !m_loop.watches_input()) {
        m_read_now = m_read_max;
        return;
    }
    const bool typing = EventLoop::Clock::now() - m_loop.last_input() < kTypingSpell;
    const EventLoop::Duration slice = typing ? EventLoop::Duration(kTypingFilterSlice) : kFilterSlice;
    const double ratio = std::chrono::duration<double>(slice) / std::chrono::duration<double>(filter_took);
    if (ratio >= 1 && m_read_now == m_read_max)
        return;
    const double scaled = static_cast<double>(m_read_now) * std::clamp(ratio, 0.25, 2.0);
    m_read_now = std::clamp(static_cast<std::size_t>(scaled), std::min(kMinPacedRead, m_read_max), m_read_max);
}

void OutputStream::set_string_filter(StringFilter f)
{
    m_string_filter = std::move(f);
    if (m_string_filter)
        m_region_filter = nullptr;
}

void OutputStream::set_region_filter(RegionFilter f)
{
    m_region_filter = std::move(f);
    if (m_region_filter)
        m_string_filter = nullptr;
}

void OutputStream::set_coding(const CodingSystem& coding) { m_decoder = GapDecoder(coding); }

void OutputStream::report(const char* what)
{
    std::string message = std::string("error in process filter: ") + what;
    if (m_report)
        m_report(message);
    else
        std::fprintf(stderr, "%s\n", message.c_str());
}

PipeRead OutputStream::read_some(char* dst)
{
    for (;;) {
        const PipeRead r = read_pipe(m_fd.get(), dst, m_read_now);
        if (r.status == PipeStatus::Interrupted)
            continue;
        m_bytes_read += r.bytes;
        return r;
    }
}

OutputStream::ReadResult OutputStream::read_chunk()
{
    if (m_string_filter)
        return read_into_string();
    if (Buffer* b = buffer())
        return read_into_buffer(*b);
    return read_discarding();
}

OutputStream::ReadResult OutputStream::read_into_buffer(Buffer& buffer)
{
    // Hot path: one read(2) into the gap, decoded in place, no allocation.
    const CharPos at = insertion_point();
    GapRead r;
    {
        InsertionScope scope(buffer);
        do
            r = read_into_gap(m_fd.get(), buffer, at, m_decoder, m_read_now, true);
        while (r.read.status == PipeStatus::Interrupted);
    }
    m_bytes_read += r.read.bytes;
    if (r.read.status == PipeStatus::Again)
        return ReadResult::Again;
    const bool eof = r.read.status == PipeStatus::Eof;
    const CharPos end = r.end;
    // Before-markers insertion moved the mark only if it was at `at` here.
    if (end > at)
        m_mark->set(buffer, end);
    if (m_region_filter && end > at) {
        if (m_region_unit == RegionUnit::Chunk) {
            if (!deliver_region(at, end))
                return ReadResult::Again;
        } else if (auto lines = whole_lines(buffer, at, end)) {
            if (!deliver_region(lines->first, lines->second))
                return ReadResult::Again;
        }
    }
    return eof ? ReadResult::Eof : ReadResult::Data;
}

bool OutputStream::deliver_region(CharPos start, CharPos end)
{
    const LifetimeToken::Watch alive = m_lifetime.watch();
    RegionFilter filter = m_region_filter; // the filter may replace itself
    call_filter([&] { filter(start, end); });
    return bool(alive);
}

std::optional<std::pair<CharPos, CharPos>> OutputStream::whole_lines(Buffer& buffer, CharPos at, CharPos end)
{
    // Only the new text can hold a newline: what is held back has none.
    const CharPos start = m_held_back.buffer() == &buffer ? std::min(*m_held_back.position(), at) : at;
    const auto nl = buffer.gap_buffer().rfind(buffer.char_to_byte(at), buffer.char_to_byte(end), '\n');
    if (!nl) {
        if (m_held_back.buffer() != &buffer)
            m_held_back.set(buffer, at);
        return std::nullopt;
    }
    const CharPos line_end = buffer.byte_to_char(*nl + ByteCount(1));
    if (line_end < end)
        m_held_back.set(buffer, line_end);
    else
        m_held_back.detach();
    return std::pair{start, line_end};
}

// At EOF the unfinished last line goes to the filter, before the sentinel.
void OutputStream::deliver_held_back()
{
    Buffer* b = buffer();
    if (!m_region_filter || !b || m_held_back.buffer() != b)
        return;
    const CharPos start = *m_held_back.position();
    // The held-back text ends at the mark, unless Lisp has moved it away.
    const CharPos end = m_mark->buffer() == b ? *m_mark->position() : b->point_max();
    m_held_back.detach();
    if (end > start)
        deliver_region(start, end);
}

void OutputStream::set_region_unit(RegionUnit unit)
{
    if (unit == RegionUnit::Chunk)
        deliver_held_back();
    m_region_unit = unit;
}

OutputStream::ReadResult OutputStream::read_into_string()
{
    const std::size_t room = m_decoder.room_for(m_read_now);
    if (m_area.size() < room)
        m_area.resize(room);
    const std::size_t carried = m_decoder.put_carry(m_area.data());
    const PipeRead r = read_some(m_area.data() + carried);
    if (r.status == PipeStatus::Again)
        return ReadResult::Again;
    const bool eof = r.status == PipeStatus::Eof;
    const TextCount decoded = m_decoder.decode(m_area.data(), carried + r.bytes, room, eof);
    if (decoded.bytes.value > 0) {
        const LifetimeToken::Watch alive = m_lifetime.watch();
        StringFilter filter = m_string_filter;
        call_filter([&] { filter(std::string_view(m_area.data(), decoded.bytes.size()), decoded.chars); });
        if (!alive)
            return ReadResult::Again;
    }
    return eof ? ReadResult::Eof : ReadResult::Data;
}

OutputStream::ReadResult OutputStream::read_discarding()
{
    if (m_area.size() < m_read_max)
        m_area.resize(m_read_max);
    const PipeRead r = read_some(m_area.data());
    if (r.status == PipeStatus::Again)
        return ReadResult::Again;
    return r.status == PipeStatus::Eof ? ReadResult::Eof : ReadResult::Data;
}

void OutputStream::read_rest()
{
    m_writer_gone = true;
    m_read_now = m_read_max;
    drain(std::nullopt);
}

bool OutputStream::drain(std::optional<EventLoop::Duration> budget)
{
    if (m_busy || !m_fd)
        return false;
    const LifetimeToken::Watch alive = m_lifetime.watch();
    const auto deadline = budget ? EventLoop::Clock::now() + *budget : EventLoop::Clock::time_point::max();
    bool delivered = false;
    for (;;) {
        ReadResult r = read_chunk();
        if (!alive)
            return true; // a filter deleted the stream
        if (r == ReadResult::Again || m_busy)
            break;
        delivered = true;
        if (r == ReadResult::Eof) {
            close_at_eof(); // may destroy this
            return true;
        }
        if (!m_fd || EventLoop::Clock::now() >= deadline)
            break;
        // A key typed meanwhile is served before the next chunk.
        if (budget && m_loop.input_pending())
            break;
    }
    return delivered;
}

void OutputStream::close()
{
    m_watcher.reset();
    m_fd.reset();
}

void OutputStream::close_at_eof()
{
    m_watcher.reset();
    m_fd.reset();
    m_saw_eof = true;
    const LifetimeToken::Watch alive = m_lifetime.watch();
    deliver_held_back();
    if (!alive)
        return;
    if (m_on_eof) {
        auto f = m_on_eof;
        f();
    }
}

} // namespace gapmacs

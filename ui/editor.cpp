#include "ui/editor.hpp"
#include "ui/keyboard_macro.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

#include "buffer/file_io.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/frames.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/overlays.hpp"
#include "lisp-lite/editor/processes.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"
#include "lisp-lite/lang/hooks.hpp"
#include "ui/command_line.hpp"
#include "ui/emergency_save.hpp"
#include "ui/fontification.hpp"
#include "ui/lisp_faces.hpp"

namespace gapmacs::ui {

using namespace lisp;

Editor* Editor::s_instance = nullptr;

namespace {

int g_signal_pipe[2] = {-1, -1};

extern "C" void on_editor_signal(int sig)
{
    const int saved_errno = errno;
    unsigned char b = static_cast<unsigned char>(sig);
    [[maybe_unused]] ssize_t n = ::write(g_signal_pipe[1], &b, 1);
    // A command that runs forever must stop for SIGTERM and SIGHUP too; one
    // that cannot (a blocking system call) is ended by the watchdog.
    if (sig != SIGWINCH) {
        request_quit();
        TerminationWatchdog::signal_arrived();
    }
    errno = saved_errno;
}

Value sym(const char* name) { return intern(name); }
// A variable's value as the current buffer sees it (nil when void).
Value value_of(const char* name)
{
    Value v = find_symbol_value(intern(name));
    return v == Qunbound ? Qnil : v;
}
void set_value(const char* name, Value v) { set_symbol_value(intern(name), v); }
bool fboundp(const char* name) { return !nilp(xsymbol(intern(name))->function); }

// The value a variable has in buffer (its local value or the default).
Value local_value(const char* name, Value buffer)
{
    Value v = buffer_local_value(intern(name), buffer);
    return v == Qunbound ? Qnil : v;
}

// "12.3M" for a byte count.
std::string human_size(double bytes)
{
    const char* units[] = {"B", "K", "M", "G", "T"};
    int u = 0;
    while (bytes >= 1024 && u < 4) {
        bytes /= 1024;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f%s" : "%.1f%s", bytes, units[u]);
    return buf;
}

std::string princ_text(Value v);

// The mode line's word on a buffer's process: its status, and for output
// that streams how much arrived and how fast (":run 12.3M 45.0M/s").
std::string process_progress(Value proc)
{
    std::string out = ":" + princ_text(call1(sym("process-status"), proc));
    // An interactive program (on a pty) shows its status only, as in Emacs.
    if (!nilp(call1(sym("process-tty-name"), proc)))
        return out;
    Value progress = call1(sym("gapmacs-process-progress"), proc);
    double bytes = static_cast<double>(check_fixnum(car(progress)));
    double secs = check_number(car(cdr(progress)));
    if (bytes > 0) {
        out += " " + human_size(bytes);
        if (secs > 0.2)
            out += " " + human_size(bytes / secs) + "/s";
    }
    return out;
}

std::string princ_text(Value v)
{
    if (stringp(v))
        return std::string(string_view(v));
    if (nilp(v))
        return {};
    return prin1_to_string(v, false);
}

void editor_message_sink(std::string_view internal, bool display)
{
    if (Editor* e = Editor::instance())
        e->message(internal, display);
}

void editor_stdout_sink(std::string_view internal)
{
    if (Editor* e = Editor::instance())
        e->message(internal);
}

void mark_editor()
{
    if (Editor* e = Editor::instance())
        e->mark_values();
}

// Restores what a minibuffer changed, however it is left.
class MinibufferScope {
public:
    MinibufferScope(Frame& f)
        : m_frame(f), m_window(&f.selected()), m_buffer(current_buffer()), m_prompt(f.prompt),
          m_mini_buffer(f.minibuffer_window().buffer())
    {
        ++m_frame.minibuffer_depth;
        m_roots[0] = m_buffer;
        m_roots[1] = m_mini_buffer;
        for (Window* w : f.windows()) {
            m_windows_before.push_back(w);
            m_buffers_before.push_back(w->buffer());
        }
    }
    ~MinibufferScope()
    {
        --m_frame.minibuffer_depth;
        m_frame.prompt = m_prompt;
        hide_completions();
        if (live_buffer(m_mini_buffer))
            m_frame.minibuffer_window().set_buffer(m_mini_buffer);
        if (m_frame.contains(m_window))
            m_frame.select(*m_window);
        else
            m_frame.select(*m_frame.windows().front());
        Value b = live_buffer(m_buffer) ? m_buffer : m_frame.selected().buffer();
        if (live_buffer(b))
            set_current_buffer(b);
    }
    MinibufferScope(const MinibufferScope&) = delete;
    MinibufferScope& operator=(const MinibufferScope&) = delete;

private:
    Frame& m_frame;
    Window* m_window;
    // As Emacs restores the window configuration when a minibuffer exits
    // (RET or C-g): a window made to show *Completions* goes, and one that
    // was taken for it shows its buffer again.
    void hide_completions() noexcept
    {
        // Runs in a destructor, maybe while an error unwinds: nothing may escape.
        try {
            hide_completions_windows();
        } catch (...) {
        }
    }
    void hide_completions_windows()
    {
        for (Window* w : m_frame.windows()) {
            const Buffer* b = live_buffer(w->buffer());
            if (!b || b->name() != "*Completions*")
                continue;
            auto before = std::find(m_windows_before.begin(), m_windows_before.end(), w);
            if (before == m_windows_before.end()) {
                if (m_frame.windows().size() > 1)
                    m_frame.remove(*w);
                continue;
            }
            Value was = m_buffers_before[static_cast<std::size_t>(before - m_windows_before.begin())];
            if (was != w->buffer() && live_buffer(was))
                w->set_buffer(was);
        }
    }

    Value m_buffer;
    std::string m_prompt;
    Value m_mini_buffer;
    Value m_roots[2];
    GcRoot m_root{m_roots, 2};
    std::vector<Window*> m_windows_before; // compared only: a removed window is not touched
    RootedVector m_buffers_before;         // what each of them showed
};

class DepthScope {
public:
    explicit DepthScope(int& d) : m_d(d) { ++m_d; }
    ~DepthScope() { --m_d; }
    DepthScope(const DepthScope&) = delete;
    DepthScope& operator=(const DepthScope&) = delete;

private:
    int& m_d;
};

constexpr auto frame_interval = std::chrono::milliseconds(16);
// No key for this long ends a burst of typing: the collector may run.
constexpr auto typing_pause = std::chrono::milliseconds(500);
// How long a SIGTERM or SIGHUP waits for the command loop to save and exit
// by itself before the watchdog does it.
constexpr int termination_grace_ms = 2000;
constexpr auto minibuffer_message_timeout = std::chrono::seconds(2);

} // namespace

int install_signal_pipe()
{
    if (g_signal_pipe[0] < 0) {
        if (::pipe2(g_signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
            throw Error("file-error", "Cannot create the signal pipe");
        for (int sig : {SIGWINCH, SIGHUP, SIGTERM}) {
            struct sigaction sa {};
            sa.sa_handler = on_editor_signal;
            sigemptyset(&sa.sa_mask);
            sa.sa_flags = SA_RESTART;
            ::sigaction(sig, &sa, nullptr);
        }
    }
    return g_signal_pipe[0];
}

Editor::Editor(EventLoop& loop) : m_loop(loop)
{
    s_instance = this;
    add_root_source(mark_editor);
    m_terminal = std::make_unique<Terminal>();
    const char* term = std::getenv("TERM");
    describe_terminal(term ? term : "", m_terminal->colors());
    Value scratch = get_buffer_create(make_string("*scratch*"));
    Value mini = get_buffer_create(make_string(" *Minibuf-0*"));
    m_frame = std::make_unique<Frame>(m_terminal->rows(), m_terminal->cols(), scratch, mini);
    set_current_buffer(scratch);
    note_shown(scratch);
    m_keyboard = std::make_unique<Keyboard>(loop, m_terminal->input_fd());
    int fd = install_signal_pipe();
    m_signal_watcher = std::make_unique<EventLoop::FdWatcher>(loop, fd, EventLoop::Readable,
                                                              [this](unsigned) { handle_signals(); });
    m_termination_watchdog = std::make_unique<TerminationWatchdog>(termination_grace_ms);
    set_wait_hook([](std::optional<EventLoop::Duration>& left) {
        if (Editor* e = Editor::instance())
            e->during_wait(left);
    });
    set_message_sink(editor_message_sink);
    set_stdout_sink(editor_stdout_sink);
    m_kill_hook = add_kill_buffer_hook([this](Buffer&, Value b) { on_buffer_killed(b); });
    xsymbol(Qnoninteractive)->value = Qnil;
}

Editor::~Editor()
{
    if (m_kill_hook >= 0)
        remove_kill_buffer_hook(m_kill_hook);
    set_message_sink(nullptr);
    set_stdout_sink(nullptr);
    set_wait_hook(nullptr);
    m_keyboard.reset();
    m_signal_watcher.reset();
    m_frame.reset();
    m_terminal.reset();
    s_instance = nullptr;
}

void Editor::mark_values() const
{
    if (m_frame)
        m_frame->mark_values();
    for (Value v : m_recent)
        mark_value(v);
}

// ---- signals ----

void Editor::handle_signals()
{
    unsigned char sigs[64];
    ssize_t n;
    bool exit_requested = false;
    while ((n = ::read(g_signal_pipe[0], sigs, sizeof sigs)) > 0) {
        for (ssize_t i = 0; i < n; ++i) {
            if (sigs[i] == SIGWINCH) {
                m_terminal->update_size();
                m_frame->resize(m_terminal->rows(), m_terminal->cols());
                redisplay(true);
            } else {
                exit_requested = true;
            }
        }
    }
    // Acted on by read_event, outside the loop's dispatch.
    if (exit_requested)
        m_exit_requested = true;
}

// ---- output ----

void Editor::message(std::string_view internal, bool display)
{
    if (display && m_frame->minibuffer_active()) {
        // As Emacs 28's set-minibuffer-message: shown after the input for a
        // while, the input staying in view.
        std::string_view text = internal;
        m_frame->minibuffer_message = text.starts_with("[") ? std::string(text) : "[" + std::string(text) + "]";
        m_minibuffer_message_until = EventLoop::Clock::now() + minibuffer_message_timeout;
    } else if (display) {
        m_frame->echo.assign(internal);
    }
    // Every message is kept in *Messages*, as in Emacs; failing to keep it
    // (a signal from a hook, no memory) must not lose the message itself.
    try {
        Buffer& b = check_live_buffer(get_buffer_create(make_string("*Messages*")));
        bool ro = b.read_only();
        b.set_read_only(false);
        b.insert_at(CharPos(b.size() + 1), internal);
        b.insert_at(CharPos(b.size() + 1), "\n");
        b.set_read_only(ro);
    } catch (const std::exception&) {
    }
}

// A mode-line construct as text: a string as it is; a list or a symbol
// (Emacs 28's elisp-mode names itself ("ELisp" (lexical-binding ...)),
// package.el's mode-line-process is a list) through format-mode-line, in
// buffer b, where its variables are read.
static std::string mode_line_text(Value construct, Value b)
{
    if (stringp(construct) || nilp(construct))
        return princ_text(construct);
    if (!fboundp("format-mode-line"))
        return {};
    CurrentBufferScope scope;
    set_current_buffer(b);
    return princ_text(call1(sym("format-mode-line"), construct));
}

// header-line-format's text in buffer b (an error in it shows as nothing,
// as Emacs shows a mode line whose construct fails).
static std::string header_line_text(Value construct, Value b)
{
    if (!fboundp("internal--header-line-text"))
        return mode_line_text(construct, b);
    try {
        CurrentBufferScope scope;
        set_current_buffer(b);
        return princ_text(call1(sym("internal--header-line-text"), construct));
    } catch (const LispSignal&) {
        return {};
    }
}

// The lighters of minor-mode-alist whose variable is set in buffer b, as
// the mode line's (... minor-mode-alist) shows them: " Def", " Fill".
static std::string minor_mode_lighters(Value b)
{
    std::string out;
    for (Value tail = value_of("minor-mode-alist"); consp(tail); tail = xcdr(tail)) {
        Value entry = xcar(tail);
        if (!consp(entry) || !symbolp(xcar(entry)) || !consp(xcdr(entry)))
            continue;
        Value on = buffer_local_value(xcar(entry), b);
        if (nilp(on) || on == Qunbound)
            continue;
        out += mode_line_text(xcar(xcdr(entry)), b);
    }
    return out;
}

namespace {

// Emacs's overlay arrows: each variable of overlay-arrow-variable-list
// whose value in the buffer is a marker there puts its
// `overlay-arrow-string' property, or the variable overlay-arrow-string,
// at that line ("=>" at *xref*'s and next-error's current line).
std::vector<OverlayArrow> overlay_arrows(Value buffer)
{
    static const Value string_property = intern("overlay-arrow-string");
    std::vector<OverlayArrow> arrows;
    Buffer* buf = live_buffer(buffer);
    for (Value l = local_value("overlay-arrow-variable-list", buffer); consp(l); l = xcdr(l)) {
        Value var = xcar(l);
        if (!symbolp(var))
            continue;
        Value marker = buffer_local_value(var, buffer);
        if (!markerp(marker) || check_marker(marker)->buffer() != buf || !check_marker(marker)->position())
            continue;
        Value text = symbol_get(var, string_property);
        if (!stringp(text))
            text = local_value("overlay-arrow-string", buffer);
        if (!stringp(text))
            continue;
        std::u32string chars;
        std::string_view utf8 = string_view(text);
        for (std::size_t i = 0; i < utf8.size();) {
            int length = 1;
            chars.push_back(decode_internal_char(utf8.data() + i, utf8.data() + utf8.size(), &length));
            i += static_cast<std::size_t>(length);
        }
        arrows.push_back({*check_marker(marker)->position(), std::move(chars)});
    }
    return arrows;
}

} // namespace

WindowSettings Editor::settings_for(Window& w)
{
    WindowSettings s;
    Value b = w.buffer();
    Value tab = local_value("tab-width", b);
    s.layout.tab_width = fixnump(tab) && tab.as_fixnum() > 0 && tab.as_fixnum() <= 1000 ? static_cast<int>(tab.as_fixnum()) : 8;
    s.layout.truncate = !nilp(local_value("truncate-lines", b));
    Value name = local_value("mode-name", b);
    s.mode_name = nilp(name) ? "Fundamental" : mode_line_text(name, b);
    s.mode_line_process = mode_line_text(local_value("mode-line-process", b), b);
    if (s.mode_line_process.empty() && fboundp("get-buffer-process")) {
        // A buffer with a process shows its status, as comint modes do.
        Value proc = call1(sym("get-buffer-process"), b);
        if (!nilp(proc))
            s.mode_line_process = process_progress(proc);
    }
    s.minor_modes = minor_mode_lighters(b);
    if (Value vc = local_value("vc-mode", b); stringp(vc))
        s.vc_mode = mode_line_text(vc, b);
    if (Value header = local_value("header-line-format", b); !nilp(header) && header != Qunbound)
        s.header_line = header_line_text(header, b);
    if (Buffer* buf = live_buffer(b); buf && buf->narrowed())
        s.minor_modes += " Narrow"; // Emacs's %n
    s.line_number_mode = !nilp(value_of("line-number-mode"));
    s.column_number_mode = !nilp(value_of("column-number-mode"));
    s.line_numbers = !nilp(local_value("display-line-numbers", b));
    if (!nilp(value_of("transient-mark-mode")) && !nilp(local_value("mark-active", b))) {
        if (Buffer* buf = live_buffer(b))
            s.region = buf->mark_position();
    }
    s.faces = faces_of(b);
    s.arrows = overlay_arrows(b);
    s.fontify = [this, b](CharPos from, CharPos to) {
        // Once a key waits, the other windows are drawn as they are.
        if (m_keyboard->interrupted())
            return false;
        return fontify_for_display(b, from, to);
    };
    if (fboundp("gapmacs--highlights") && &w == &m_frame->selected()) {
        try {
            for (Value l = call1(sym("gapmacs--highlights"), b); consp(l); l = xcdr(l)) {
                Value h = xcar(l);
                Buffer* buf = live_buffer(b);
                if (!buf || !consp(h))
                    continue;
                std::int64_t beg = check_position(car(h)), end = check_position(car(cdr(h)));
                Face face = car(cdr(cdr(h))) == sym("isearch") ? Face::Isearch : Face::LazyHighlight;
                beg = std::clamp<std::int64_t>(beg, 1, buf->size() + 1);
                end = std::clamp<std::int64_t>(end, beg, buf->size() + 1);
                s.highlights.push_back({buf->char_to_byte(CharPos(beg)), buf->char_to_byte(CharPos(end)), face});
            }
        } catch (const LispSignal&) {
        }
    }
    return s;
}

void Editor::redisplay(bool force) { redisplay_frame(force, false); }

void Editor::redisplay_before_input() { redisplay_frame(false, true); }

void Editor::redisplay_frame(bool force, bool before_input)
{
    // After a command, what it changed is shown before it is fontified.
    const bool defer_fontification = before_input && m_command_ran;
    if (force)
        m_terminal->force_repaint();
    // Windows follow buffers that were killed or replaced behind their back.
    for (Window* w : m_frame->windows())
        if (!live_buffer(w->buffer()))
            w->set_buffer(other_buffer(Qnil));
    Frame& f = *m_frame;
    show_editor_faces();
    RedisplayStats stats;
    {
        std::optional<Keyboard::InterruptScope> interrupts;
        if (before_input)
            interrupts.emplace(*m_keyboard);
        try {
            stats = ui::redisplay(f, [this, defer_fontification](Window& w) {
                WindowSettings s = settings_for(w);
                s.defer_fontification = defer_fontification;
                return s;
            });
        } catch (const LispSignal& e) {
            // A key came while the mode line's Lisp ran (fontification
            // catches its own): the keys go first and the frame is drawn
            // after them. Let out, the signal ended the key sequence being
            // read (C-x, then d arriving: both lost).
            static const Value interrupted = sym("redisplay-interrupted");
            if (!before_input || e.symbol() != interrupted)
                throw;
            m_command_ran = true;
            return;
        }
    }
    m_fontification_pending = stats.windows_unfontified > 0;
    m_terminal->draw(f.grid(), stats.cursor_row, stats.cursor_col);
    m_last_redisplay = EventLoop::Clock::now();
    m_command_ran = false;
    if (!m_first_paint_logged) {
        m_first_paint_logged = true;
        log_latency("first-paint", m_last_redisplay - process_start);
    }
    if (m_key_time) {
        log_latency("key", m_last_redisplay - *m_key_time);
        m_key_time.reset();
    }
}

void Editor::log_latency(const char* what, EventLoop::Duration d)
{
    Value file = value_of("gapmacs-latency-log");
    if (!stringp(file))
        return;
    std::string path = os_string(file);
    if (std::FILE* f = std::fopen(path.c_str(), "a")) {
        std::fprintf(f, "%s %lld\n", what,
                     static_cast<long long>(std::chrono::duration_cast<std::chrono::microseconds>(d).count()));
        std::fclose(f);
    }
}

void Editor::during_wait(std::optional<EventLoop::Duration>& left)
{
    auto since = EventLoop::Clock::now() - m_last_redisplay;
    if (since >= frame_interval) {
        redisplay();
        since = EventLoop::Duration::zero();
    }
    EventLoop::Duration next = frame_interval - since;
    if (!left || *left > next)
        left = next;
}

void Editor::end_typing_after_pause(EventLoop::Clock::time_point now, std::optional<EventLoop::Duration>& wait)
{
    if (!m_typing)
        return;
    const auto left = m_keyboard->last_read_time() + typing_pause - now;
    if (left <= EventLoop::Duration::zero())
        m_typing.reset();
    else
        wait = wait ? std::min(*wait, left) : left;
}

bool Editor::index_lines_while_idle()
{
    // About a third of a millisecond each: a key never waits long behind one.
    constexpr std::size_t piece = 1 << 20;
    for (Window* w : m_frame->windows())
        if (Buffer* b = live_buffer(w->buffer()); b && b->index_lines(piece))
            return true;
    return false;
}

// ---- input ----

bool Editor::input_pending()
{
    if (consp(value_of("unread-command-events")))
        return true;
    m_keyboard->poll_now();
    return m_keyboard->has_event();
}

Value Editor::read_event(std::optional<EventLoop::Duration> timeout)
{
    Value unread = value_of("unread-command-events");
    if (consp(unread)) {
        set_value("unread-command-events", xcdr(unread));
        Value ev = xcar(unread);
        // (t . EVENT) means: EVENT, not recorded; Emacs allows it.
        if (consp(ev) && xcar(ev) == Qt)
            ev = xcdr(ev);
        return ev;
    }
    if (Value ev = next_macro_event(); !ev.is_empty())
        return ev;
    m_keyboard->stop_quit_polling();
    // Waiting for input is being idle: idle timers count from here.
    if (!m_keyboard->has_event() && fboundp("timer--idle-begin"))
        call0(sym("timer--idle-begin"));
    auto deadline = timeout ? std::optional(EventLoop::Clock::now() + *timeout) : std::nullopt;
    while (!m_keyboard->has_event()) {
        auto now = EventLoop::Clock::now();
        if (deadline && now >= *deadline)
            break;
        // Redisplay before waiting, at most one frame every 16 ms while
        // process output streams in.
        std::optional<EventLoop::Duration> wait;
        if (m_command_ran || m_fontification_pending || now - m_last_redisplay >= frame_interval) {
            // Typed-ahead keys run first, as Emacs's read_char: one
            // redisplay shows them all.
            m_keyboard->poll_now();
            if (m_keyboard->has_event())
                break;
            redisplay_before_input();
        } else
            wait = frame_interval - (now - m_last_redisplay);
        if (deadline) {
            auto left = *deadline - EventLoop::Clock::now();
            wait = wait ? std::min(*wait, left) : left;
        }
        if (!m_frame->minibuffer_message.empty()) {
            auto left = m_minibuffer_message_until - EventLoop::Clock::now();
            if (left <= EventLoop::Duration::zero()) {
                m_frame->minibuffer_message.clear();
                m_command_ran = true;
                continue;
            }
            wait = wait ? std::min(*wait, left) : left;
        }
        end_typing_after_pause(EventLoop::Clock::now(), wait);
        // Idle: index the shown buffer's lines a piece at a time, so a jump
        // to its end shows the line number at once; input is checked between.
        if (index_lines_while_idle())
            wait = EventLoop::Duration::zero();
        m_loop.run_once(wait);
        if (m_exit_requested || m_keyboard->hung_up()) {
            emergency_auto_save(); // Emacs's auto-save on a fatal hang-up
            throw KillEmacs{1};
        }
    }
    m_keyboard->start_quit_polling();
    if (!m_keyboard->has_event())
        return Qnil;
    Value ev = m_keyboard->pop();
    if (fboundp("timer--idle-end"))
        call0(sym("timer--idle-end"));
    record_macro_event(ev);
    if (!m_key_time)
        m_key_time = m_keyboard->last_read_time();
    if (!m_typing)
        m_typing.emplace();
    set_value("last-input-event", ev);
    if (!m_frame->minibuffer_message.empty()) {
        m_frame->minibuffer_message.clear();
        m_command_ran = true;
    }
    return ev;
}

// The event without its shift modifier, or nil when it has none.
static Value unshifted(Value ev)
{
    if (fixnump(ev))
        return ev.as_fixnum() & shift_bit ? Value::fixnum(ev.as_fixnum() & ~shift_bit) : Qnil;
    if (!symbolp(ev))
        return Qnil;
    std::string name = symbol_name(ev);
    // Modifier prefixes come first, "S-" among them ("C-S-right").
    for (std::size_t i = 0; i + 1 < name.size() && name[i + 1] == '-'; i += 2)
        if (name[i] == 'S')
            return intern(name.substr(0, i) + name.substr(i + 2));
    return Qnil;
}

Value Editor::read_key_sequence(Value prompt, Value& binding)
{
    set_value("this-command-keys-shift-translated", Qnil);
    RootedVector keys;
    binding = Qnil;
    GcRoot root(&binding, 1);
    if (stringp(prompt))
        message(string_view(prompt));
    for (;;) {
        Value ev;
        if (keys.size() > 0) {
            // Echo a pending prefix (C-x-) when the user pauses, as echo-keystrokes does.
            ev = read_event(std::chrono::milliseconds(1000));
            if (nilp(ev)) {
                Value v = make_vector(keys.size(), Qnil);
                for (std::size_t i = 0; i < keys.size(); ++i)
                    xvector(v)->items[i] = keys[i];
                message(std::string(string_view(call1(sym("key-description"), v))) + "-");
                ev = read_event();
            }
        } else {
            ev = read_event();
            if (!m_frame->minibuffer_active())
                m_frame->echo.clear();
        }
        keys.push_back(ev);
        Value v = make_vector(keys.size(), Qnil);
        for (std::size_t i = 0; i < keys.size(); ++i)
            xvector(v)->items[i] = keys[i];
        if (consp(ev)) // (xterm-paste TEXT) is looked up by its head
            xvector(v)->items.back() = xcar(ev);
        binding = call2(sym("key-binding"), v, Qt);
        if (nilp(binding)) {
            // Emacs's shift translation: an unbound S-right runs right's
            // command, telling it the key was shifted (shift-selection).
            Value plain = unshifted(ev);
            if (!nilp(plain)) {
                xvector(v)->items.back() = plain;
                binding = call2(sym("key-binding"), v, Qt);
                if (!nilp(binding)) {
                    ev = plain;
                    set_value("this-command-keys-shift-translated", Qt);
                }
            }
        }
        if (!nilp(binding) && !nilp(call1(sym("keymapp"), binding)))
            continue;
        xvector(v)->items.back() = ev;
        set_value("last-command-event", ev);
        return v;
    }
}

// ---- the command loop ----

Value Editor::recursive_edit()
{
    DepthScope depth(m_depth);
    CatchScope exit_tag(sym("exit"));
    try {
        command_loop();
    } catch (const LispThrow& t) {
        if (t.tag() != sym("exit"))
            throw;
        Value v = t.value();
        if (v == Qt)
            xsignal(Qquit, Qnil);
        if (!nilp(v) && functionp(v))
            call0(v);
    }
    return Qnil;
}

constexpr std::size_t memory_reserve_bytes = 16 << 20;
constexpr const char* memory_exhausted_message =
    "Memory exhausted--use C-x s then exit and restart gapmacs";

void Editor::release_memory_reserve()
{
    m_memory_reserve.reset();
    set_value("memory-full", Qt);
}

void Editor::restore_memory_reserve()
{
    if (m_memory_reserve)
        return;
    try {
        m_memory_reserve = std::make_unique_for_overwrite<char[]>(memory_reserve_bytes);
        set_value("memory-full", Qnil);
    } catch (const std::bad_alloc&) {
    }
}

void Editor::command_loop()
{
    for (;;) {
        try {
            restore_memory_reserve();
            execute_one_command();
        } catch (const std::bad_alloc&) {
            // As Emacs: the command fails, the editor goes on. The garbage the
            // command made is unreachable now; the next collection frees it.
            release_memory_reserve();
            collect_garbage();
            report_error(LispSignal(Qerror, list({make_string(memory_exhausted_message)})));
        } catch (const LispThrow& t) {
            if (t.tag() == sym("exit") && m_depth > 1)
                throw;
            if (t.tag() == sym("exit") || t.tag() == sym("top-level")) {
                if (m_depth > 1)
                    throw;
                continue; // top level: nothing above to return to
            }
            message("No catch for tag: " + prin1_to_string(t.tag()));
        } catch (const std::exception&) {
            // A Lisp error, or a C++ failure outside any subr (a bug, or a
            // library's error): the command fails with its message; the
            // editor and its buffers stay.
            report_error(caught_error());
        }
    }
}

void Editor::report_error(const LispSignal& e)
{
    m_command_ran = true;
    m_keyboard->discard();
    clear_quit();
    set_value("unread-command-events", Qnil);
    set_value("prefix-arg", Qnil);
    // As in Emacs, an error ends a keyboard macro's definition.
    cancel_macro_definition();
    // As Emacs's command loop after an error: the failed command is the last
    // one, so an undo after C-g starts a new undo sequence (it redoes).
    set_value("last-command", value_of("this-command"));
    set_value("real-last-command", value_of("real-this-command"));
    if (e.symbol() == Qquit) {
        message("Quit");
        m_terminal->beep();
        return;
    }
    Value err = make_cons(e.symbol(), e.data());
    message(error_message_string(err));
    m_terminal->beep();
}

void Editor::execute_one_command()
{
    // As Emacs's command loop: each command starts in the selected window's
    // buffer (a kill-buffer of the current one left another buffer current).
    if (Value shown = m_frame->selected().buffer(); live_buffer(shown))
        set_current_buffer(shown);
    Value binding = Qnil;
    Value keys = read_key_sequence(Qnil, binding);
    GcRoot root(&keys, 1);
    if (nilp(binding)) {
        Value desc = call1(sym("key-description"), keys);
        message(std::string(string_view(desc)) + " is undefined");
        m_terminal->beep();
        set_value("prefix-arg", Qnil);
        return;
    }
    set_value("this-command", binding);
    set_value("real-this-command", binding);
    set_value("gapmacs--this-command-keys", keys);
    set_value("current-prefix-arg", value_of("prefix-arg"));
    set_value("prefix-arg", Qnil);
    set_value("deactivate-mark", Qnil);
    safe_run_hooks(sym("pre-command-hook"));
    // Consecutive self-insertions are one undo step, up to 20 of them, as
    // Emacs amalgamates them.
    const bool self_insert = binding == sym("self-insert-command");
    if (!(self_insert && value_of("last-command") == sym("self-insert-command") && ++m_self_inserts < 20)) {
        m_self_inserts = 0;
        current().undo_boundary();
    }
    Value cmd = value_of("this-command");
    if (symbolp(cmd) && nilp(xsymbol(cmd)->function) && !nilp(cmd))
        xsignal1(Qvoid_function, cmd);
    // command-execute, as Emacs's loop: a string or vector bound to a key
    // is a keyboard macro (C-x 8 ' e types é). SPECIAL: the prefix argument
    // was moved to current-prefix-arg above.
    {
        Value args[] = {cmd, Qnil, Qnil, Qt};
        funcall(sym("command-execute"), args, 4);
    }
    safe_run_hooks(sym("post-command-hook"));
    if (!nilp(value_of("deactivate-mark")) && !nilp(value_of("transient-mark-mode")) && fboundp("deactivate-mark"))
        call0(sym("deactivate-mark"));
    // A prefix command (C-u, M-5) leaves the last command as it was, so
    // C-w after C-u still appends to the kill.
    if (nilp(value_of("prefix-arg"))) {
        set_value("last-command", value_of("this-command"));
        set_value("real-last-command", value_of("real-this-command"));
    }
    set_value("last-prefix-arg", value_of("current-prefix-arg"));
    m_command_ran = true;
}

// ---- the minibuffer ----

namespace {

// minibuffer-exit-hook runs however the minibuffer is left (RET, C-g, an
// error), in the minibuffer, before its buffer and windows are restored:
// Emacs's run_exit_minibuf_hook, an unwind of read_minibuf.
class MinibufferExitHook {
public:
    MinibufferExitHook() = default;
    ~MinibufferExitHook()
    {
        try {
            safe_run_hooks(sym("minibuffer-exit-hook"));
        } catch (...) {
            // A throw out of the hook while unwinding: the reading ends anyway.
        }
    }
    MinibufferExitHook(const MinibufferExitHook&) = delete;
    MinibufferExitHook& operator=(const MinibufferExitHook&) = delete;
};

} // namespace

Value Editor::read_from_minibuffer(Value prompt, Value initial, Value keymap, bool read, Value history,
                                   Value default_value)
{
    RootedVector roots;
    roots.push_back(prompt);
    roots.push_back(initial);
    roots.push_back(keymap);
    roots.push_back(history);
    roots.push_back(default_value);
    MinibufferScope scope(*m_frame);
    DepthScope mdepth(m_minibuffer_depth);
    Value mb = get_buffer_create(make_string(" *Minibuf-" + std::to_string(m_minibuffer_depth) + "*"));
    roots.push_back(mb);
    Buffer& text = check_live_buffer(mb);
    text.set_read_only(false);
    text.widen();
    text.erase();
    text.undo_list().clear();
    if (stringp(initial))
        text.insert(string_view(initial));
    else if (consp(initial) && stringp(xcar(initial)))
        text.insert(string_view(xcar(initial)));
    m_frame->prompt = stringp(prompt) ? std::string(string_view(prompt)) : std::string();
    Window& mw = m_frame->minibuffer_window();
    mw.set_buffer(mb);
    text.goto_char(text.point_max());
    m_frame->select(mw);
    set_current_buffer(mb);
    // As minibuf.c's get_minibuffer: a minibuffer used again keeps nothing
    // local from its last reading (what a setup hook set there).
    if (fboundp("kill-all-local-variables"))
        call0(sym("kill-all-local-variables"));
    if (fboundp("use-local-map"))
        call1(sym("use-local-map"), nilp(keymap) ? value_of("minibuffer-local-map") : keymap);
    SpecScope bindings;
    // The commands run in the minibuffer do not change what the command
    // that reads (its interactive spec) sees afterwards.
    for (const char* var : {"current-prefix-arg", "prefix-arg", "this-command", "real-this-command", "last-command"})
        specbind(sym(var), value_of(var));
    Value hist_var = consp(history) ? xcar(history) : nilp(history) ? sym("minibuffer-history") : history;
    specbind(sym("minibuffer-history-variable"), hist_var);
    specbind(sym("minibuffer-default"), default_value);
    specbind(sym("minibuffer-history-position"), Value::fixnum(0));
    specbind(sym("minibuffer-text-before-history"), Qnil);
    m_frame->echo.clear();
    m_frame->minibuffer_message.clear();
    MinibufferExitHook exit_hook;
    run_hook(sym("minibuffer-setup-hook"));
    recursive_edit();
    std::string contents = text.substring(text.point_min(), text.point_max());
    Value result = make_string(contents);
    roots.push_back(result);
    // History: the newest first, no immediate duplicate, never t.
    if (hist_var != Qt && !contents.empty() && symbolp(hist_var)) {
        Value old = value_of(symbol_name(hist_var).c_str());
        if (!consp(old) || !stringp(xcar(old)) || string_view(xcar(old)) != contents)
            set_symbol_value(hist_var, make_cons(result, listp(old) ? old : Qnil));
    }
    if (read) {
        if (contents.empty() && !nilp(default_value))
            result = stringp(default_value) ? default_value : consp(default_value) ? xcar(default_value) : result;
        return call1(sym("car"), call1(sym("read-from-string"), result));
    }
    return result;
}

// ---- buffers in windows ----

void Editor::note_shown(Value buffer)
{
    m_recent.erase(std::remove(m_recent.begin(), m_recent.end(), buffer), m_recent.end());
    m_recent.insert(m_recent.begin(), buffer);
}

void Editor::switch_to_buffer(Value buffer)
{
    Window& w = m_frame->selected();
    if (w.is_minibuffer())
        throw Error("error", "Cannot switch buffers in minibuffer window");
    if (w.buffer() != buffer)
        w.set_buffer(buffer);
    set_current_buffer(buffer);
    // The window shows the buffer where its point is.
    note_shown(buffer);
}

Value Editor::other_buffer(Value avoid)
{
    auto usable = [&](Value b) {
        Buffer* buf = live_buffer(b);
        return buf && b != avoid && !buf->name().starts_with(" ");
    };
    for (Value b : m_recent)
        if (usable(b))
            return b;
    for (Value b : buffer_list())
        if (usable(b))
            return b;
    return get_buffer_create(make_string("*scratch*"));
}

void Editor::on_buffer_killed(Value buffer)
{
    m_recent.erase(std::remove(m_recent.begin(), m_recent.end(), buffer), m_recent.end());
    for (Window* w : m_frame->windows()) {
        if (w->buffer() == buffer) {
            Value other = other_buffer(buffer);
            w->set_buffer(other);
        }
    }
}

// ---- start-up ----

void Editor::load_startup(const StartupOptions& options)
{
    try {
        load_file("loadup", false, true);
    } catch (const LispSignal& e) {
        message("Error loading the bundled Lisp: " + error_message_string(make_cons(e.symbol(), e.data())));
    }
    enable_preloaded_index();
    intern_preloaded_functions();
    // What Emacs's start-up does before the init file: the terminal's
    // colours and background, the global modes Emacs 28 has on, and the
    // keys of what its loaddefs.el autoloads.
    for (const char* step : {"startup--terminal-setup", "startup--preloaded-modes", "bindings--emacs-library-keys"}) {
        try {
            if (fboundp(step))
                call0(sym(step));
        } catch (const LispSignal& e) {
            message(std::string(step) + ": " + error_message_string(make_cons(e.symbol(), e.data())));
        }
    }
    if (!options.no_init_file) {
        const char* home = std::getenv("HOME");
        std::string h = home ? home : "";
        for (std::string init : {h + "/.gapmacs.el", h + "/.config/gapmacs/init.el"}) {
            if (::access(init.c_str(), R_OK) != 0)
                continue;
            try {
                load_file(init, false, true);
            } catch (const LispSignal& e) {
                message("Error in init file: " + error_message_string(make_cons(e.symbol(), e.data())));
            }
            break;
        }
    }
}

// Emacs's command-line-1: the arguments in order; a file is visited
// without being shown and made current, so a later --eval works in it.
// Then the last file is shown, the one before it in a second window, and
// the *Buffer List* when there were more.
void Editor::run_command_line(const StartupOptions& options)
{
    using Kind = StartupOptions::Action::Kind;
    // Relative names are the shell's, whatever a visit made current.
    Value dir = value_of("default-directory");
    GcRoot dir_root(&dir, 1);
    RootedVector visited;
    for (const auto& action : options.actions) {
        try {
            switch (action.kind) {
            case Kind::Visit: visited.push_back(visit_file(action, dir)); break;
            case Kind::Load: load_argument(action.arg); break;
            case Kind::Eval: eval_argument(action.arg); break;
            case Kind::Funcall: call0(intern(action.arg)); break;
            case Kind::Directory:
                set_value("load-path", make_cons(call2(sym("expand-file-name"), make_string_from_utf8(action.arg), dir),
                                                 value_of("load-path")));
                break;
            }
        } catch (const LispSignal& e) {
            message(error_message_string(make_cons(e.symbol(), e.data())));
        }
    }
    const std::size_t n = visited.size();
    try {
        if (n > 0 && live_buffer(visited[n - 1]))
            switch_to_buffer(visited[n - 1]);
        if (n > 1 && live_buffer(visited[n - 2])) {
            call1(sym("switch-to-buffer-other-window"), visited[n - 2]);
            call1(sym("other-window"), Value::fixnum(-1));
        }
        if (n > 2 && fboundp("list-buffers"))
            call0(sym("list-buffers"));
    } catch (const LispSignal& e) {
        message(error_message_string(make_cons(e.symbol(), e.data())));
    }
}

Value Editor::visit_file(const StartupOptions::Action& visit, Value dir)
{
    Value name = call2(sym("expand-file-name"), make_string_from_utf8(visit.arg), dir);
    // As find-file: a directory or an unreadable file is the user's error.
    Value buffer = call1(sym("files--visit"), name);
    call1(sym("set-buffer"), buffer);
    if (visit.line > 0) {
        Buffer& b = current();
        b.goto_char(b.point_min());
        b.forward_line(visit.line - 1);
    }
    if (visit.column > 0)
        call1(sym("move-to-column"), Value::fixnum(visit.column - 1));
    return buffer;
}

int Editor::run(const StartupOptions& options)
{
    try {
        load_startup(options);
        if (fboundp("startup--insert-scratch-message"))
            call0(sym("startup--insert-scratch-message"));
        if (current_buffer() == get_buffer(make_string("*scratch*")) && fboundp("lisp-interaction-mode")) {
            try {
                call0(sym("lisp-interaction-mode"));
            } catch (const LispSignal&) {
            }
        }
        run_command_line(options);
        for (;;) {
            CatchScope top(sym("top-level"));
            try {
                recursive_edit();
            } catch (const LispSignal& e) {
                report_error(e);
            } catch (const LispThrow&) {
            }
        }
    } catch (const KillEmacs& k) {
        kill_all_processes();
        disarm_timer_alarm();
        return k.status;
    }
}

} // namespace gapmacs::ui

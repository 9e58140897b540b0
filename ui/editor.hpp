// Editor: the terminal editor as a whole. It owns the terminal, the frame
// and the keyboard, turns the application's event loop, and runs Emacs's
// command loop: read a key sequence, look it up in the active keymaps
// (Lisp's key-binding), call the command interactively, report errors in
// the echo area and go on. Recursive edits (the minibuffer) run the same
// loop one level deeper, until (throw 'exit ...).
//
// Its parts: editor.cpp (what it owns, signals, messages), editor_input.cpp,
// editor_command_loop.cpp, editor_display.cpp, editor_minibuffer.cpp,
// editor_startup.cpp. The Lisp side (windows, the minibuffer, reading
// events, sit-for) is in ui_builtins.cpp; it reaches the editor through
// Editor::running().
#pragma once
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/event_loop.hpp"
#include "lisp-lite/editor/host.hpp"
#include "lisp-lite/lisp_lite.hpp"
#include "ui/frame.hpp"
#include "ui/keyboard.hpp"
#include "ui/redisplay.hpp"
#include "ui/terminal.hpp"

namespace gapmacs::ui {

class TerminationWatchdog;

struct StartupOptions {
    bool no_init_file = false;
    // The command line's files and -l FILE, --eval EXPR, -f FUNC, -L DIR,
    // run in their order after the init file, as Emacs's command-line-1.
    struct Action {
        enum class Kind { Visit, Load, Eval, Funcall, Directory };
        Kind kind;
        std::string arg;
        std::int64_t line = 0; // Visit: +LINE:COLUMN
        std::int64_t column = 0;
    };
    std::vector<Action> actions;
};

// The editor is the Lisp world's host (lisp-lite/editor/host.hpp) while it
// lives: messages, output to t, its values at each collection, the waits'
// redisplay and word of killed buffers come to it through that interface.
class Editor final : public lisp::EditorHost {
public:
    explicit Editor(EventLoop& loop);
    // The editor with no terminal, as Emacs's batch mode has a frame with
    // no display: windows, the minibuffer and the command loop for keyboard
    // macros (execute-kbd-macro, what packages' test suites drive), nothing
    // drawn. Messages go to stderr and keys come from standard input, as
    // in batch.
    struct Headless {};
    Editor(EventLoop& loop, Headless);
    ~Editor();
    Editor(const Editor&) = delete;
    Editor& operator=(const Editor&) = delete;

    // The running editor: the terminal's, or batch mode's (headless).
    // Null while none is built: at start-up before the program builds
    // one, and in the UI's tests that build none.
    static Editor* instance() { return s_instance; }
    // The running editor. Signals an error when there is none, for the
    // Lisp that needs it (windows, keyboard macros).
    static Editor& running();
    // When the process started, for the first-paint time in the latency log.
    static inline EventLoop::Clock::time_point process_start = EventLoop::Clock::now();

    // Loads the bundled Lisp and the init file, visits the files, then runs
    // the command loop until kill-emacs; returns the exit status.
    int run(const StartupOptions& options);

    Frame& frame() { return *m_frame; }
    bool headless() const { return !m_terminal; }
    // The terminal's; nothing when headless (send_raw writes to stdout).
    void beep();
    void force_repaint();
    void send_raw(std::string_view bytes);
    int colors() const;
    void discard_input();

    // Emacs's read_char: unread-command-events first, else the keyboard,
    // redisplaying while it waits. nil when `timeout` passes first.
    lisp::Value read_event(std::optional<EventLoop::Duration> timeout = {});
    // Reads keys until they name a command (or nothing); returns the key
    // vector and sets `binding`.
    lisp::Value read_key_sequence(lisp::Value prompt, lisp::Value& binding);
    bool input_pending();
    // One turn of the command loop: read a key sequence and run its
    // command (keyboard macros run through this).
    void run_one_command() { execute_one_command(); }
    // As Emacs's command_loop_1 as it starts (each recursive edit, each
    // run of a keyboard macro): the last command is the one this-command
    // names (nil after a macro that ran out, set by a minibuffer's caller).
    void start_command_loop();
    // A keyboard macro ran out while the loop waited for a key: no command
    // runs (this-command nil).
    void macro_ran_out_of_keys();
    // What the command loop does with a command's error: the message, and
    // the state a failed command leaves (prefix, macro definition...).
    void report_error(const lisp::LispSignal& e);

    // A recursive edit: the command loop until (throw 'exit VALUE).
    lisp::Value recursive_edit();
    int depth() const { return m_depth; }
    // read-from-minibuffer.
    lisp::Value read_from_minibuffer(lisp::Value prompt, lisp::Value initial, lisp::Value keymap, bool read,
                                     lisp::Value history, lisp::Value default_value);
    int minibuffer_depth() const { return m_minibuffer_depth; }
    // The innermost minibuffer's prompt replaced, its input and point kept.
    void set_minibuffer_prompt(lisp::Value prompt);
    // Emacs's recursion-depth: the recursive edits inside the top level
    // and the active minibuffers (one from before its setup hook runs).
    int recursion_depth() const { return m_depth - 1 - m_minibuffer_edits + m_minibuffer_depth; }

    void redisplay(bool force = false);
    // The command loop's redisplay: a key that comes while it fontifies
    // interrupts the fontification (Keyboard::InterruptScope), and text a
    // command just changed is drawn before it is fontified.
    void redisplay_before_input();
    // Lisp waits (accept-process-output, sleep-for) redisplay as in Emacs:
    // at most one frame every 16 ms, so streaming output shows as it comes.
    void before_wait(std::optional<EventLoop::Duration>& left) override;
    // Shows the message (when DISPLAY) and logs it in *Messages*.
    void message(std::string_view internal, bool display = true) { message(internal, lisp::Qnil, display); }
    void message(std::string_view internal, lisp::Value propertized, bool display) override;
    // Output to t shows as a message, as in Emacs's interactive session
    // (to stdout when headless).
    void write_stdout(std::string_view internal) override;
    void buffer_killed(lisp::Value buffer) override;
    bool has_terminal() const override { return !headless(); }
    lisp::Value describe_window_for_mode_line(lisp::Value window, lisp::ModeLineWindow& out) override;
    // Shows buffer in the selected window and makes it current.
    void switch_to_buffer(lisp::Value buffer);
    // The buffer to show instead of `avoid`: the most recently shown one
    // that is live, not internal (a leading space) and not `avoid`.
    lisp::Value other_buffer(lisp::Value avoid);
    void note_shown(lisp::Value buffer);

    // The window's settings for redisplay, read from Lisp variables.
    WindowSettings settings_for(Window& w);
    void mark_values() const override;

private:
    Editor(EventLoop& loop, std::unique_ptr<Terminal> terminal);
    lisp::Value read_event_headless();
    void command_loop();
    void execute_one_command();
    void handle_signals();
    // Does a piece of line indexing for a shown buffer; true if more remains.
    bool index_lines_while_idle();
    void load_startup(const StartupOptions& options);
    // Batch loads the editor's Lisp (its commands and their keys) when a
    // command first runs, as the editor does at start-up; until then
    // nothing loads that is not required (batch start-up stays short).
    void load_commands();
    bool m_commands_loaded = false;
    void run_command_line(const StartupOptions& options);
    lisp::Value visit_file(const StartupOptions::Action& visit, lisp::Value dir);

    static Editor* s_instance;
    EventLoop& m_loop;
    std::unique_ptr<Terminal> m_terminal;
    std::unique_ptr<Frame> m_frame;
    std::unique_ptr<Keyboard> m_keyboard;
    std::unique_ptr<lisp::HostScope> m_host; // installed last, removed first
    std::vector<lisp::Value> m_recent; // buffers, most recently shown first
    int m_depth = 0;
    int m_minibuffer_depth = 0;
    int m_minibuffer_edits = 0; // of m_depth, the minibuffers' recursive edits
    EventLoop::Clock::time_point m_minibuffer_message_until{};
    bool m_exit_requested = false; // SIGHUP or SIGTERM arrived
    // Memory held back so that a command that exhausted it can be reported
    // and the user can still save: given up on std::bad_alloc, taken again
    // once a command succeeds (Emacs's spare memory and memory-full).
    std::unique_ptr<char[]> m_memory_reserve;
    void release_memory_reserve();
    void restore_memory_reserve();
    EventLoop::Clock::time_point m_last_redisplay{};
    void redisplay_frame(bool force, bool before_input);
    // A window was drawn before its text was fontified (deferred after a
    // command, or cut short by a key): the command loop redisplays again
    // as soon as no key waits.
    bool m_fontification_pending = false;
    bool m_command_ran = true; // redisplay at once, not at the next frame tick
    int m_self_inserts = 0;    // in a row, for undo amalgamation
    // B5/B6: when gapmacs-latency-log names a file, each key's time from
    // being read to the screen being flushed is appended to it.
    std::optional<EventLoop::Clock::time_point> m_key_time;
    bool m_first_paint_logged = false;
    // While keys come, the collector waits for a pause in them (see
    // lisp::CollectionDeferral); held from a key until typing_pause after
    // the keyboard's last read.
    std::optional<lisp::CollectionDeferral> m_typing;
    void end_typing_after_pause(EventLoop::Clock::time_point now, std::optional<EventLoop::Duration>& wait);
    void log_latency(const char* what, EventLoop::Duration d);
    std::unique_ptr<EventLoop::FdWatcher> m_signal_watcher;
    std::unique_ptr<TerminationWatchdog> m_termination_watchdog; // SIGTERM and SIGHUP always end the editor
};

// Registers the UI's Lisp functions (windows, minibuffer, input), replacing
// lisp-lite's batch versions of read-from-minibuffer, read-event, sit-for...
void register_ui_builtins();

// Sets up signal handling for SIGWINCH, SIGHUP, SIGTERM (a self-pipe the
// editor watches); returns its read end.
int install_signal_pipe();

} // namespace gapmacs::ui

// Process builtins: make-process (with :filter and the new :region-filter),
// start-process, make-network-process (local sockets: the Emacs server's),
// accept-process-output, and the process accessors, with Emacs's names,
// arguments, values and errors. call-process is in
// call_process.cpp, the waits in waiting.cpp.
#include "lisp-lite/editor/processes.hpp"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <memory>

#include "buffer/buffer.hpp"
#include "core/error.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/async_lisp.hpp"
#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/child_setup.hpp"
#include "lisp-lite/editor/coding_names.hpp"
#include "lisp-lite/editor/exec_path.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "process/default_sentinel.hpp"
#include "process/local_socket.hpp"
#include "process/process.hpp"

namespace gapmacs::lisp {

namespace {

// ---- the Lisp process object ----

struct ProcessData {
    std::unique_ptr<Process> proc; // null for a server (it has no stream)
    std::unique_ptr<LocalListener> listener; // a server's, until deleted
    Value self;
    Value name;
    Value command;
    Value buffer;        // as given (may be killed later)
    Value filter;        // nil: the default (insert)
    Value region_filter; // nil: none
    Value sentinel;      // nil: the default sentinel
    Value mark;          // a marker object owning the process mark
    Value stderr_buffer = Qnil;
    Value plist = Qnil;
    Value decoding, encoding; // coding system symbols
    Value contact = Qnil;     // a network process's arguments (process-contact); nil for a child
    bool query_on_exit = true;
    bool deleted = false;
    // For the progress the mode line shows while output streams.
    EventLoop::Clock::time_point started = EventLoop::Clock::now();
};

// Processes in process-list: live ones, and exited ones until notified.
std::vector<Value> g_process_list;

void mark_process(ExtObject* o, void (*mark)(Value))
{
    auto* d = static_cast<ProcessData*>(o->data);
    for (Value v : {d->name, d->command, d->buffer, d->filter, d->region_filter, d->sentinel, d->mark,
                    d->stderr_buffer, d->plist, d->decoding, d->encoding, d->contact})
        mark(v);
}

void finalize_process(ExtObject* o)
{
    // The Process dies first: it may point at the mark's Marker (owned by a
    // marker object that may be finalized in the same collection) but never
    // touches it while being destroyed.
    std::unique_ptr<ProcessData> d(static_cast<ProcessData*>(o->data));
    d->proc.reset();
}

void print_process(ExtObject* o, std::string& out)
{
    auto* d = static_cast<ProcessData*>(o->data);
    out += "#<process ";
    out += string_view(d->name);
    out += ">";
}

const ExtClass process_class{"process", mark_process, finalize_process, print_process};

ProcessData* data(Value v) { return static_cast<ProcessData*>(static_cast<ExtObject*>(v.as_object())->data); }

void root_process_list()
{
    for (Value v : g_process_list)
        mark_value(v);
}

void remove_from_list(Value proc) { std::erase(g_process_list, proc); }

Value get_process(Value name)
{
    if (name.is(Type::Process))
        return name;
    if (!stringp(name))
        return Qnil;
    for (Value p : g_process_list)
        if (string_view(data(p)->name) == string_view(name))
            return p;
    return Qnil;
}

// PROCESS arguments: a process, a process name, a buffer (its process), or
// nil (the current buffer's), as Emacs's get_process.
Value check_process(Value v)
{
    if (v.is(Type::Process))
        return v;
    if (stringp(v)) {
        Value p = get_process(v);
        if (nilp(p))
            error("Process " + std::string(string_view(v)) + " does not exist");
        return p;
    }
    Value buffer = nilp(v) ? current_buffer() : v;
    if (bufferp(buffer)) {
        for (Value p : g_process_list)
            if (data(p)->buffer == buffer)
                return p;
        error("Buffer " + std::string(live_buffer(buffer) ? live_buffer(buffer)->name() : "") + " has no process");
    }
    wrong_type(Qprocessp, v);
}

Process& live_process(Value proc)
{
    ProcessData* d = data(proc);
    if (!d->proc || !d->proc->running())
        error("Process " + std::string(string_view(d->name)) + " not running");
    return *d->proc;
}

bool is_server(const ProcessData& d) { return !d.proc; }
bool is_network(const ProcessData& d) { return !nilp(d.contact); }

// What needs a process's stream: a server has none.
Process& stream_of(ProcessData* d)
{
    if (is_server(*d))
        error("Process " + std::string(string_view(d->name)) + " is a network server");
    return *d->proc;
}

// ---- calling Lisp from the process callbacks ----

// The string a process filter receives for decoded output: unibyte after
// `binary`/`raw-text`/`no-conversion` decoding (the stream's CODING), as
// Emacs hands binary output over, else as make_string.
Value make_process_output_string(std::string_view internal, CharCount chars, const CodingSystem& coding)
{
    // Decoded with binary, the text holds raw-byte characters for bytes
    // >= 0x80: exactly a unibyte string's internal text.
    return make_string_raw(std::string(internal), chars.value, coding.kind != CodingSystem::Kind::Binary);
}

bool is_default_filter(Value f) { return nilp(f) || f == Qinternal_default_process_filter; }
bool is_default_sentinel(Value f) { return nilp(f) || f == Qinternal_default_process_sentinel; }

void install_receivers(ProcessData& d)
{
    if (is_server(d))
        return; // its connections get the filter when they open
    OutputStream& out = d.proc->output();
    if (!is_default_filter(d.filter)) {
        out.set_string_filter([&d](std::string_view text, CharCount chars) {
            Value proc = d.self;
            Value string = make_process_output_string(text, chars, d.proc->output().coding());
            run_async_lisp("error in process filter", [&] { call2(d.filter, proc, string); });
        });
    } else if (!nilp(d.region_filter)) {
        out.set_region_filter([&d](CharPos start, CharPos end) {
            Value proc = d.self;
            Value buffer = buffer_object(d.proc->output().buffer());
            run_async_lisp("error in process filter", [&] {
                set_current_buffer(buffer); // a region filter runs in the process buffer
                call3(d.region_filter, proc, Value::fixnum(start.value), Value::fixnum(end.value));
            });
        });
    } else {
        out.set_string_filter(nullptr);
        out.set_region_filter(nullptr);
    }
}

void install_sentinel(ProcessData& d)
{
    if (is_server(d))
        return;
    d.proc->set_sentinel([&d](const std::string& event) {
        Value proc = d.self;
        remove_from_list(proc); // delete-exited-processes, before the sentinel as Emacs
        if (is_default_sentinel(d.sentinel)) {
            insert_default_sentinel_text(d.proc->output(), string_view(d.name), event);
            return;
        }
        Value e = make_string(event);
        run_async_lisp("error in process sentinel", [&] { call2(d.sentinel, proc, e); });
    });
}

// ---- coding systems ----

// Decoding and encoding symbols from :coding (a symbol or a cons) and the
// coding-system-for-read/-write variables.
std::pair<Value, Value> process_codings(Value coding)
{
    Value dec = consp(coding) ? xcar(coding) : coding;
    Value enc = consp(coding) ? xcdr(coding) : coding;
    if (nilp(dec))
        dec = coding_symbol_or(symbol_value(Qcoding_system_for_read), Qutf_8_unix);
    if (nilp(enc))
        enc = coding_symbol_or(symbol_value(Qcoding_system_for_write), Qutf_8_unix);
    coding_system_of(dec);
    coding_system_of(enc);
    return {dec, enc};
}

// ---- spawning ----

std::vector<std::string> command_argv(Value command)
{
    std::vector<std::string> argv;
    for (Value p : tails(command))
        argv.push_back(os_string(xcar(p)));
    if (argv.empty())
        error("No program to run");
    argv[0] = find_program(argv[0]);
    return argv;
}

Value plist_get(Value plist, Value key)
{
    for (Value p : plist_pairs(plist))
        if (xcar(p) == key)
            return xcar(xcdr(p));
    return Qnil;
}

std::string unique_process_name(std::string_view name)
{
    std::string candidate(name);
    for (int i = 1; !nilp(get_process(make_string(candidate))); ++i)
        candidate = std::string(name) + "<" + std::to_string(i) + ">";
    return candidate;
}

// :region-filter-unit: `chunk' (the default) or `line'.
OutputStream::RegionUnit region_unit_arg(Value v)
{
    if (nilp(v) || v == Qchunk)
        return OutputStream::RegionUnit::Chunk;
    if (v == Qline)
        return OutputStream::RegionUnit::Line;
    xsignal2(Qerror, make_string("Invalid region filter unit (chunk or line)"), v);
}

// :connection-type: pty (or t) or pipe; nil means process-connection-type,
// which is nil here (pipes) unlike Emacs: see docs/processes.md.
bool wants_pty(Value type)
{
    if (nilp(type)) {
        type = find_symbol_value(Qprocess_connection_type);
        if (type == Qunbound)
            type = Qnil;
    }
    if (type == Qpty || type == Qt)
        return true;
    if (nilp(type) || type == Qpipe)
        return false;
    xsignal2(Qerror, make_string("Invalid connection type (pipe or pty)"), type);
}

// The object for D, its fields filled: then it is in the process list, a
// root, and the Values in ProcessData are reachable through it.
Value add_process_object(std::unique_ptr<ProcessData> d, std::string_view name)
{
    // Until then they are rooted here: naming the process allocates.
    Value held[] = {d->command, d->buffer,  d->filter,   d->region_filter, d->sentinel,
                    d->stderr_buffer, d->plist, d->decoding, d->encoding,      d->contact};
    GcRoot root(held, std::size(held));
    const std::string unique_name = unique_process_name(name);
    for (Value* v : {&d->name, &d->mark})
        *v = Qnil;
    ProcessData& ref = *d;
    Value obj = Value::object(alloc_ext(Type::Process, &process_class, d.release()));
    ref.self = obj;
    g_process_list.push_back(obj);
    ref.name = make_string(unique_name);
    ref.mark = make_marker_object();
    if (ref.proc) {
        ref.proc->output().use_mark(*check_marker(ref.mark));
        ref.proc->set_error_reporter([](const std::string& m) { message(m); });
        if (Buffer* b = live_buffer(ref.buffer))
            ref.proc->output().set_buffer(b);
        if (OutputStream* err = ref.proc->error_output())
            if (Buffer* b = live_buffer(ref.stderr_buffer))
                err->set_buffer(b);
    }
    install_receivers(ref);
    install_sentinel(ref);
    return obj;
}

Value make_process_object(Value plist)
{
    Value name = plist_get(plist, Qname_kw);
    check_string(name);
    Value command = plist_get(plist, Qcommand_kw);
    check_list(command);
    Value buffer = plist_get(plist, Qbuffer_kw);
    if (!nilp(buffer))
        buffer = get_buffer_create(buffer);
    Value region_filter = plist_get(plist, Qregion_filter_kw);
    Value filter = plist_get(plist, Qfilter_kw);
    if (!nilp(region_filter) && nilp(buffer))
        error("A process with a :region-filter needs a :buffer");
    auto [dec, enc] = process_codings(plist_get(plist, Qcoding_kw));
    Value stderr_spec = plist_get(plist, Qstderr_kw);

    SpawnOptions options;
    options.argv = command_argv(command);
    options.directory = working_directory();
    options.pipe_size = read_output_max(); // captured now, for the process's life
    options.pty = wants_pty(plist_get(plist, Qconnection_type_kw));
    options.environment = child_environment();
    Value stderr_buffer = Qnil;
    if (!nilp(stderr_spec)) {
        stderr_buffer = stderr_spec.is(Type::Process) ? data(stderr_spec)->buffer : get_buffer_create(stderr_spec);
        options.stderr_mode = SpawnOptions::Stream::Pipe;
    }

    auto d = std::make_unique<ProcessData>();
    try {
        d->proc = std::make_unique<Process>(event_loop(), options, coding_system_of(dec), coding_system_of(enc));
    } catch (const Error& e) {
        signal_core_error(e);
    }
    d->command = command;
    d->buffer = buffer;
    d->filter = is_default_filter(filter) ? Qnil : filter;
    d->region_filter = is_default_filter(filter) ? region_filter : Qnil;
    d->sentinel = plist_get(plist, Qsentinel_kw);
    d->stderr_buffer = stderr_buffer;
    d->decoding = dec;
    d->encoding = enc;
    d->query_on_exit = nilp(plist_get(plist, Qnoquery_kw));
    Value obj = add_process_object(std::move(d), string_view(name));
    data(obj)->proc->output().set_region_unit(region_unit_arg(plist_get(plist, Qregion_filter_unit_kw)));
    return obj;
}

// ---- make-process, start-process ----

Value f_make_process(Args a)
{
    Value plist = Qnil;
    for (std::size_t i = a.size(); i-- > 0;)
        plist = cons(a[i], plist);
    return make_process_object(plist);
}

Value f_start_process(Args a)
{
    Value command = Qnil;
    for (std::size_t i = a.size(); i-- > 2;)
        command = cons(a[i], command);
    return make_process_object(
        list({Qname_kw, a[0], Qbuffer_kw, a[1], Qcommand_kw, command}));
}

// ---- network processes: local sockets ----

// A connection a server accepted, as Emacs's server_accept_connection makes
// it: named "SERVER <N>", with the server's filter, sentinel, coding and
// plist (its contact the server's, :server nil and :host t), no buffer unless the
// server's filter is the default, and told "open from -\n".
void accept_connection(Value server, UniqueFd fd)
{
    static int connections = 0;
    ProcessData* s = data(server);
    const std::string caller = "<" + std::to_string(++connections) + ">";
    auto d = std::make_unique<ProcessData>();
    d->proc = std::make_unique<Process>(event_loop(), std::move(fd), read_output_max(), coding_system_of(s->decoding),
                                        coding_system_of(s->encoding));
    Value buffer = Qnil;
    if (nilp(s->filter)) {
        Buffer* b = live_buffer(s->buffer);
        buffer = get_buffer_create(make_string((b ? b->name() : std::string(string_view(s->name))) + " " + caller));
    }
    Value plist = call1(Qcopy_sequence, s->plist);
    Value contact = call3(Qplist_put, call1(Qcopy_sequence, s->contact), Qserver_kw, Qnil);
    contact = call3(Qplist_put, contact, Qhost_kw, Qt); // a local peer has no host
    d->command = Qnil;
    d->buffer = buffer;
    d->filter = s->filter;
    d->region_filter = Qnil;
    d->sentinel = s->sentinel;
    d->plist = plist;
    d->decoding = s->decoding;
    d->encoding = s->encoding;
    d->contact = contact;
    Value proc = add_process_object(std::move(d), std::string(string_view(s->name)) + " " + caller);
    if (!is_default_sentinel(data(proc)->sentinel)) {
        Value event = make_string("open from -\n");
        run_async_lisp("error in process sentinel", [&] { call2(data(proc)->sentinel, proc, event); });
    }
}

// (make-network-process &rest ARGS) for :family local: a server (:server t)
// listening at :service, a socket file, or a client connected to one. The
// Emacs server (server.el) and emacsclient talk this way.
Value f_make_network_process(Args a)
{
    Value plist = Qnil;
    for (std::size_t i = a.size(); i-- > 0;)
        plist = cons(a[i], plist);
    Value name = plist_get(plist, Qname_kw);
    check_string(name);
    if (plist_get(plist, Qfamily_kw) != Qlocal)
        xsignal2(Qerror, make_string("gapmacs makes local sockets only (:family local)"),
                 plist_get(plist, Qfamily_kw));
    Value service = plist_get(plist, Qservice_kw);
    check_string(service);
    Value buffer = plist_get(plist, Qbuffer_kw);
    if (!nilp(buffer))
        buffer = get_buffer_create(buffer);
    auto [dec, enc] = process_codings(plist_get(plist, Qcoding_kw));
    const bool server = !nilp(plist_get(plist, Qserver_kw));
    auto d = std::make_unique<ProcessData>();
    try {
        if (!server)
            d->proc = std::make_unique<Process>(event_loop(), connect_local(os_string(service)), read_output_max(),
                                                coding_system_of(dec), coding_system_of(enc));
    } catch (const Error& e) {
        signal_core_error(e);
    }
    Value filter = plist_get(plist, Qfilter_kw);
    d->command = Qnil;
    d->buffer = buffer;
    d->filter = is_default_filter(filter) ? Qnil : filter;
    d->region_filter = Qnil;
    d->sentinel = plist_get(plist, Qsentinel_kw);
    d->plist = plist_get(plist, Qplist_kw);
    d->decoding = dec;
    d->encoding = enc;
    d->contact = plist;
    d->query_on_exit = nilp(plist_get(plist, Qnoquery_kw));
    Value proc = add_process_object(std::move(d), string_view(name));
    if (server) {
        try {
            data(proc)->listener = std::make_unique<LocalListener>(event_loop(), os_string(service), [proc](UniqueFd fd) {
                run_async_lisp("error in accepting a connection", [&] { accept_connection(proc, std::move(fd)); });
            });
        } catch (const Error& e) {
            data(proc)->deleted = true;
            remove_from_list(proc);
            signal_core_error(e);
        }
    }
    return proc;
}

// ---- accessors ----

Value f_processp(Args a) { return boolean(a[0].is(Type::Process)); }
Value f_get_process(Args a) { return get_process(a[0]); }

Value f_process_list(Args)
{
    Value result = Qnil;
    for (std::size_t i = g_process_list.size(); i-- > 0;)
        result = cons(g_process_list[i], result);
    return result;
}

// get-buffer-process: the newest process of the buffer that is not deleted
// (Emacs returns the first live one it finds).
Value f_get_buffer_process(Args a)
{
    Value b = nilp(a[0]) ? Qnil : get_buffer(a[0]);
    if (nilp(b))
        return Qnil;
    for (std::size_t i = g_process_list.size(); i-- > 0;) {
        ProcessData* d = data(g_process_list[i]);
        if (d->buffer == b && !d->deleted)
            return g_process_list[i];
    }
    return Qnil;
}

// Emacs returns (memq STATUS '(run open listen connect stop)), and nil for
// a non-process.
Value f_process_live_p(Args a)
{
    if (!a[0].is(Type::Process))
        return Qnil;
    ProcessData* d = data(a[0]);
    if (d->deleted || (d->proc && !d->proc->running()))
        return Qnil;
    return list({Qrun, Qopen, Qlisten, Qconnect, Qstop});
}

Value f_process_status(Args a)
{
    Value p = stringp(a[0]) ? get_process(a[0]) : check_process(a[0]);
    if (nilp(p))
        return Qnil;
    ProcessData* d = data(p);
    if (is_server(*d))
        return d->deleted ? Qclosed : Qlisten;
    if (is_network(*d))
        return d->deleted || !d->proc->running() ? Qclosed : Qopen;
    switch (d->proc->status().state) {
    case ProcessStatus::State::Run:
        if (d->deleted)
            return Qsignal;
        return Qrun;
    case ProcessStatus::State::Exit:
        return Qexit;
    case ProcessStatus::State::Signal:
        return Qsignal;
    case ProcessStatus::State::Closed:
        return Qclosed;
    }
    return Qnil;
}

Value f_process_exit_status(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    if (is_network(*d)) // as Emacs: 256 once the peer closed the connection
        return Value::fixnum(d->proc && !d->deleted && d->proc->status().state == ProcessStatus::State::Closed ? 256 : 0);
    if (d->deleted && d->proc->running())
        return Value::fixnum(SIGKILL);
    return Value::fixnum(d->proc->running() ? 0 : d->proc->status().code);
}

Value f_process_id(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    return is_network(*d) ? Qnil : Value::fixnum(d->proc->pid());
}

// (process-type PROCESS): `network' or `real' (a child).
Value f_process_type(Args a) { return is_network(*data(check_process(a[0]))) ? Qnetwork : Qreal; }

// (process-contact PROCESS &optional KEY NO-BLOCK): t for a child; for a
// network process (HOST SERVICE), its whole argument list with KEY t, or
// one argument's value.
Value f_process_contact(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    if (!is_network(*d))
        return Qt;
    if (a[1] == Qt)
        return d->contact;
    if (!nilp(a[1]))
        return plist_get(d->contact, a[1]);
    return list({plist_get(d->contact, Qhost_kw), plist_get(d->contact, Qservice_kw)});
}
Value f_process_name(Args a) { return data(check_process(a[0]))->name; }
Value f_process_command(Args a) { return data(check_process(a[0]))->command; }
Value f_process_buffer(Args a) { return data(check_process(a[0]))->buffer; }
Value f_process_mark(Args a) { return data(check_process(a[0]))->mark; }

Value f_set_process_buffer(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    Value buffer = a[1];
    if (!nilp(buffer) && !bufferp(buffer))
        wrong_type(Qbufferp, buffer);
    if (nilp(buffer) && !nilp(d->region_filter))
        error("A process with a region filter needs a buffer");
    d->buffer = buffer;
    if (d->proc)
        d->proc->output().set_buffer(live_buffer(buffer));
    return buffer;
}

Value f_process_filter(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    return nilp(d->filter) ? Qinternal_default_process_filter : d->filter;
}

Value f_set_process_filter(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    d->filter = is_default_filter(a[1]) ? Qnil : a[1];
    if (!nilp(d->filter))
        d->region_filter = Qnil; // one kind of filter at a time
    install_receivers(*d);
    return a[1];
}

Value f_process_region_filter(Args a) { return data(check_process(a[0]))->region_filter; }

Value f_set_process_region_filter(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    if (!nilp(a[1])) {
        if (!live_buffer(d->buffer))
            error("A process with a region filter needs a buffer");
        d->filter = Qnil;
    }
    d->region_filter = a[1];
    install_receivers(*d);
    return a[1];
}

Value f_process_region_filter_unit(Args a)
{
    auto unit = stream_of(data(check_process(a[0]))).output().region_unit();
    return unit == OutputStream::RegionUnit::Line ? Qline : Qchunk;
}

Value f_set_process_region_filter_unit(Args a)
{
    stream_of(data(check_process(a[0]))).output().set_region_unit(region_unit_arg(a[1]));
    return a[1];
}

std::uint64_t bytes_read(ProcessData& d);

Value f_process_tty_name(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    if (!d->proc)
        return Qnil;
    const std::string& tty = d->proc->tty_name();
    return tty.empty() ? Qnil : make_string_from_utf8(tty);
}

// process-running-child-p: nil while the shell itself has the terminal, the
// foreground group's id when it gave it to a job, and t where that cannot be
// known (a pipe), as Emacs.
Value f_process_running_child_p(Args a)
{
    Value proc = nilp(a[0]) ? call1(Qget_buffer_process, current_buffer()) : a[0];
    ProcessData* d = data(check_process(stringp(proc) ? get_process(proc) : proc));
    if (is_network(*d))
        error("Process " + std::string(string_view(d->name)) + " is not a subprocess");
    if (!d->proc->running())
        error("Process " + std::string(string_view(d->name)) + " is not active");
    std::optional<pid_t> fg = d->proc->foreground_group();
    if (!fg)
        return Qt;
    return *fg == d->proc->pid() ? Qnil : Value::fixnum(*fg);
}

Value f_set_process_window_size(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    if (!d->proc || d->proc->tty_name().empty())
        return Qnil;
    d->proc->set_window_size(static_cast<int>(check_natnum(a[1])), static_cast<int>(check_natnum(a[2])));
    return Qt;
}

// (BYTES SECONDS): output bytes read so far and seconds since the start,
// for a progress display (a gapmacs extension).
Value f_gapmacs_process_progress(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    double secs = std::chrono::duration<double>(EventLoop::Clock::now() - d->started).count();
    return list({make_integer(static_cast<std::int64_t>(bytes_read(*d))), make_number(secs)});
}

Value f_process_sentinel(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    return nilp(d->sentinel) ? Qinternal_default_process_sentinel : d->sentinel;
}

Value f_set_process_sentinel(Args a)
{
    data(check_process(a[0]))->sentinel = is_default_sentinel(a[1]) ? Qnil : a[1];
    return a[1];
}

Value f_process_coding_system(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    return cons(d->decoding, d->encoding);
}

Value f_set_process_coding_system(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    auto [dec, enc] = process_codings(cons(a[1], a[2]));
    d->decoding = dec;
    d->encoding = enc;
    if (d->proc) { // a server's connections get them when they open
        d->proc->output().set_coding(coding_system_of(dec));
        d->proc->set_encoding(coding_system_of(enc));
    }
    return Qnil;
}

Value f_process_plist(Args a) { return data(check_process(a[0]))->plist; }

Value f_set_process_plist(Args a)
{
    check_list(a[1]);
    return data(check_process(a[0]))->plist = a[1];
}

Value f_process_get(Args a) { return plist_get(data(check_process(a[0]))->plist, a[1]); }

Value f_process_put(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    d->plist = call3(Qplist_put, d->plist, a[1], a[2]);
    return a[2];
}

Value f_process_query_on_exit_flag(Args a) { return boolean(data(check_process(a[0]))->query_on_exit); }

Value f_set_process_query_on_exit_flag(Args a)
{
    data(check_process(a[0]))->query_on_exit = !nilp(a[1]);
    return a[1];
}

// ---- input and signals ----

// Sends internal text, encoded with the process's coding; a child gone
// meanwhile is Emacs's "Process NAME not running".
void send_text(Value proc, std::string_view text)
{
    try {
        live_process(proc).send_text(text);
    } catch (const Error&) {
        error("Process " + std::string(string_view(data(proc)->name)) + " not running");
    }
}

// What output does with no filter, for filters that pass text on to it.
Value f_internal_default_process_filter(Args a)
{
    ProcessData* d = data(check_process(a[0]));
    check_string(a[1]);
    if (d->proc)
        d->proc->output().insert(string_view(a[1]));
    return Qnil;
}

Value f_process_send_string(Args a)
{
    Value proc = check_process(a[0]);
    check_string(a[1]);
    send_text(proc, string_view(a[1]));
    return Qnil;
}

Value f_process_send_region(Args a)
{
    Value proc = check_process(a[0]);
    send_text(proc, current().substring(CharPos(check_position(a[1])), CharPos(check_position(a[2]))));
    return Qnil;
}

Value f_process_send_eof(Args a)
{
    Value proc = check_process(a[0]);
    live_process(proc).send_eof();
    return proc;
}

int signal_number(Value v)
{
    if (fixnump(v))
        return static_cast<int>(v.as_fixnum());
    check_symbol(v);
    std::string name = symbol_name(v);
    if (name.rfind("SIG", 0) == 0)
        name = name.substr(3);
    for (auto& c : name)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int s = 1; s < NSIG; ++s)
        if (sigabbrev_np(s) && name == sigabbrev_np(s))
            return s;
    error("Undefined signal name " + symbol_name(v));
}

// CURRENT-GROUP non-nil: the foreground job of the process's terminal (a
// pty), as comint's C-c C-c asks; else the process's own group.
Value send_signal(Value process, int sig, Value current_group = Qnil)
{
    Value proc = nilp(process) ? call1(Qget_buffer_process, current_buffer()) : process;
    proc = check_process(stringp(proc) ? get_process(proc) : proc);
    ProcessData* d = data(proc);
    if (is_network(*d))
        error("Process " + std::string(string_view(d->name)) + " is not a subprocess");
    if (!d->proc->running())
        error("Process " + std::string(string_view(d->name)) + " is not active");
    d->proc->signal(sig, !nilp(current_group));
    return proc;
}

Value f_kill_process(Args a) { return send_signal(a[0], SIGKILL, a[1]); }
Value f_interrupt_process(Args a) { return send_signal(a[0], SIGINT, a[1]); }
Value f_quit_process(Args a) { return send_signal(a[0], SIGQUIT, a[1]); }
Value f_stop_process(Args a) { return send_signal(a[0], SIGTSTP, a[1]); }
Value f_continue_process(Args a) { return send_signal(a[0], SIGCONT, a[1]); }

Value f_signal_process(Args a)
{
    int sig = signal_number(a[1]);
    if (fixnump(a[0]))
        return Value::fixnum(signal_pid(static_cast<pid_t>(a[0].as_fixnum()), sig) == 0 ? 0 : -1);
    send_signal(a[0], sig);
    return Value::fixnum(0);
}

// delete-process: kills the child, tells the sentinel "killed\n" at once (as
// Emacs does), and forgets the process; a network process is closed and
// told "deleted\n".
Value f_delete_process(Args a)
{
    Value proc = check_process(a[0]);
    ProcessData* d = data(proc);
    if (d->deleted)
        return Qnil;
    d->deleted = true;
    remove_from_list(proc);
    bool was_running = true;
    if (is_server(*d)) {
        d->listener.reset();
    } else {
        was_running = d->proc->running();
        d->proc->set_sentinel(nullptr);
        // Kills the child, closes the pipes (nothing more is read); the loop
        // still reaps the child.
        d->proc->close();
    }
    if (was_running && !is_default_sentinel(d->sentinel)) {
        Value e = make_string(is_network(*d) ? "deleted\n" : "killed\n");
        run_async_lisp("error in process sentinel", [&] { call2(d->sentinel, proc, e); });
    }
    return Qnil;
}

// ---- waiting ----

std::uint64_t bytes_read(ProcessData& d)
{
    if (!d.proc)
        return 0;
    std::uint64_t n = d.proc->output().bytes_read();
    if (OutputStream* err = d.proc->error_output())
        n += err->bytes_read();
    return n;
}

std::uint64_t all_bytes_read()
{
    std::uint64_t n = 0;
    for (Value p : g_process_list)
        n += bytes_read(*data(p));
    return n;
}

Value f_accept_process_output(Args a)
{
    auto timeout = seconds_arg(a[1], a[2]);
    if (nilp(a[0])) {
        // Any process: wait for some output or the timeout (with no timeout,
        // Emacs waits for output from any process).
        std::uint64_t start = all_bytes_read();
        bool got = false;
        wait_until(timeout, [&] { return (got = all_bytes_read() > start); });
        return boolean(got);
    }
    Value proc = check_process(a[0]);
    ProcessData* d = data(proc);
    std::uint64_t start = bytes_read(*d);
    bool got = false;
    wait_until(timeout, [&] {
        got = bytes_read(*d) > start;
        return got || d->deleted || (d->proc && d->proc->finished());
    });
    return boolean(got);
}

// Processes of a killed buffer are deleted, as Emacs's kill_buffer_processes.
void delete_processes_of(Buffer&, Value buffer)
{
    std::vector<Value> doomed;
    for (Value p : g_process_list)
        if (data(p)->buffer == buffer)
            doomed.push_back(p);
    RootedVector rooted;
    for (Value p : doomed)
        rooted.push_back(p);
    for (Value p : doomed) {
        Value args[1] = {p};
        f_delete_process(Args{args, 1});
    }
}

const SubrDef process_subrs[] = {
    {"make-process", 0, many, f_make_process},
    {"start-process", 3, many, f_start_process},
    {"processp", 1, 1, f_processp},
    {"get-process", 1, 1, f_get_process},
    {"process-list", 0, 0, f_process_list},
    {"get-buffer-process", 1, 1, f_get_buffer_process},
    {"process-live-p", 1, 1, f_process_live_p},
    {"process-status", 1, 1, f_process_status},
    {"process-exit-status", 1, 1, f_process_exit_status},
    {"process-id", 1, 1, f_process_id},
    {"process-name", 1, 1, f_process_name},
    {"process-command", 1, 1, f_process_command},
    {"process-buffer", 1, 1, f_process_buffer},
    {"set-process-buffer", 2, 2, f_set_process_buffer},
    {"process-mark", 1, 1, f_process_mark},
    {"process-filter", 1, 1, f_process_filter},
    {"set-process-filter", 2, 2, f_set_process_filter},
    {"process-region-filter", 1, 1, f_process_region_filter},
    {"set-process-region-filter", 2, 2, f_set_process_region_filter},
    {"process-region-filter-unit", 1, 1, f_process_region_filter_unit},
    {"gapmacs-process-progress", 1, 1, f_gapmacs_process_progress},
    {"process-tty-name", 1, 2, f_process_tty_name},
    {"process-running-child-p", 0, 1, f_process_running_child_p},
    {"set-process-window-size", 3, 3, f_set_process_window_size},
    {"set-process-region-filter-unit", 2, 2, f_set_process_region_filter_unit},
    {"process-sentinel", 1, 1, f_process_sentinel},
    {"set-process-sentinel", 2, 2, f_set_process_sentinel},
    {"process-coding-system", 1, 1, f_process_coding_system},
    {"set-process-coding-system", 1, 3, f_set_process_coding_system},
    {"process-plist", 1, 1, f_process_plist},
    {"set-process-plist", 2, 2, f_set_process_plist},
    {"process-get", 2, 2, f_process_get},
    {"process-put", 3, 3, f_process_put},
    {"process-query-on-exit-flag", 1, 1, f_process_query_on_exit_flag},
    {"set-process-query-on-exit-flag", 2, 2, f_set_process_query_on_exit_flag},
    {"process-send-string", 2, 2, f_process_send_string},
    {"internal-default-process-filter", 2, 2, f_internal_default_process_filter},
    {"process-send-region", 3, 3, f_process_send_region},
    {"process-send-eof", 0, 1, f_process_send_eof},
    {"kill-process", 0, 2, f_kill_process},
    {"interrupt-process", 0, 2, f_interrupt_process},
    {"quit-process", 0, 2, f_quit_process},
    {"stop-process", 0, 2, f_stop_process},
    {"continue-process", 0, 2, f_continue_process},
    {"signal-process", 2, 3, f_signal_process},
    {"delete-process", 0, 1, f_delete_process},
    {"accept-process-output", 0, 4, f_accept_process_output},
    {"make-network-process", 0, many, f_make_network_process},
    {"process-type", 1, 1, f_process_type},
    {"process-contact", 1, 3, f_process_contact},
};

} // namespace

// At exit, as Emacs: every child is killed (with its process group), no
// sentinel runs.
void kill_all_processes()
{
    std::vector<Value> procs(g_process_list.begin(), g_process_list.end());
    for (Value proc : procs) {
        ProcessData* d = data(proc);
        if (d->deleted)
            continue;
        d->deleted = true;
        d->listener.reset();
        if (d->proc) {
            d->proc->set_sentinel(nullptr);
            d->proc->close();
        }
    }
    g_process_list.clear();
}

void register_process_builtins()
{
    register_subrs(process_subrs);
    // What server.el asks before it chooses a local socket.
    call2(Qprovide, Qmake_network_process, list({list({Qfamily_kw, Qlocal}), list({Qserver_kw, Qt})}));
    event_loop(); // blocks SIGCHLD now, before any child can exit unheard
    add_root_source(root_process_list);
    add_kill_buffer_hook(delete_processes_of);
    // The editor must survive a child closing its stdin early.
    std::signal(SIGPIPE, SIG_IGN);
}

} // namespace gapmacs::lisp

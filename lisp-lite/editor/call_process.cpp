// call-process and call-process-region (Emacs's callproc.c): a child run
// to its end, its output decoded into a buffer as it arrives, the event
// loop turning meanwhile (timers, other processes, C-g).
#include <cstring>

#include "buffer/buffer.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/child_setup.hpp"
#include "lisp-lite/editor/coding_names.hpp"
#include "lisp-lite/editor/exec_path.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/waiting.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "process/sync_process.hpp"

namespace gapmacs::lisp {

namespace {

struct CallDestination {
    Value buffer = Qnil;        // where stdout goes (nil: nowhere)
    bool no_wait = false;       // 0: discard and return at once
    std::string stdout_file;    // (:file FILE)
    SpawnOptions::Stream stderr_mode = SpawnOptions::Stream::MergeWithStdout;
    std::string stderr_file;
};

CallDestination parse_destination(Value dest)
{
    CallDestination d;
    Value real = dest;
    if (consp(dest)) {
        if (xcar(dest) == Qfile_kw) {
            d.stdout_file = os_string(call1(Qexpand_file_name, car(cdr(dest))));
            return d;
        }
        real = xcar(dest);
        Value err = car(cdr(dest));
        if (nilp(err))
            d.stderr_mode = SpawnOptions::Stream::Null;
        else if (stringp(err)) {
            d.stderr_mode = SpawnOptions::Stream::File;
            d.stderr_file = os_string(call1(Qexpand_file_name, err));
        }
    }
    if (real == Value::fixnum(0))
        d.no_wait = true;
    else if (real == Qt)
        d.buffer = current_buffer();
    else if (!nilp(real))
        d.buffer = get_buffer_create(real);
    return d;
}

Value call_process(const std::vector<std::string>& argv, const std::string& infile, Value destination)
{
    CallDestination dest = parse_destination(destination);
    Buffer* buffer = live_buffer(dest.buffer);
    // As Emacs inserts the output: a read-only buffer takes it only under
    // inhibit-read-only (dired's listing).
    if (buffer && buffer->read_only() && nilp(symbol_value(Qinhibit_read_only)))
        xsignal1(Qbuffer_read_only, dest.buffer);
    if (!infile.empty())
        SyncProcess::check_input_file(infile);

    SpawnOptions options;
    options.environment = child_environment();
    options.argv = argv;
    options.directory = working_directory();
    options.stdin_mode = infile.empty() ? SpawnOptions::Stream::Null : SpawnOptions::Stream::File;
    options.stdin_file = infile;
    if (!dest.stdout_file.empty()) {
        options.stdout_mode = SpawnOptions::Stream::File;
        options.stdout_file = dest.stdout_file;
    } else if (!buffer) {
        options.stdout_mode = SpawnOptions::Stream::Null; // the child writes to /dev/null itself
    }
    options.stderr_mode = dest.stderr_mode;
    options.stderr_file = dest.stderr_file;
    options.pipe_size = read_output_max();
    CodingSystem coding = coding_system_of(coding_symbol_or(symbol_value(Qcoding_system_for_read), Qutf_8_unix));

    SyncProcess child(event_loop(), options);
    if (dest.no_wait) {
        child.detach();
        return Qnil;
    }
    child.read_output(buffer, coding, [] { maybe_quit(); });
    wait_until(std::nullopt, [&] { return child.status().has_value(); });
    const ProcessStatus s = *child.status();
    if (s.state == ProcessStatus::State::Signal)
        return make_string_from_utf8(sigdescr_np(s.code) ? sigdescr_np(s.code) : "Unknown signal");
    return Value::fixnum(s.code);
}

std::vector<std::string> program_and_args(Value program, Args a, std::size_t first_arg)
{
    std::vector<std::string> argv{find_program(os_string(program))};
    for (std::size_t i = first_arg; i < a.size(); ++i)
        argv.push_back(os_string(a[i]));
    return argv;
}

Value f_call_process(Args a)
{
    Value infile_arg = arg(a, 1);
    std::string infile = nilp(infile_arg) ? "" : os_string(call1(Qexpand_file_name, infile_arg));
    return call_process(program_and_args(a[0], a, 4), infile, arg(a, 2));
}

// call-process-region: the region (or a string) goes to the program's stdin
// through a temporary file, as Emacs does.
Value f_call_process_region(Args a)
{
    std::string input;
    if (stringp(a[0]))
        input = string_view(a[0]);
    else if (nilp(a[0]))
        input = current().text();
    else
        input = current().substring(CharPos(check_position(a[0])), CharPos(check_position(a[1])));
    Value coding_sym = coding_symbol_or(symbol_value(Qcoding_system_for_write), Qutf_8_unix);
    const InputFile in(encode(coding_system_of(coding_sym), input));
    if (!nilp(arg(a, 3)) && !stringp(a[0])) {
        if (nilp(a[0]))
            current().erase();
        else
            current().delete_region(CharPos(check_position(a[0])), CharPos(check_position(a[1])));
    }
    return call_process(program_and_args(a[2], a, 6), in.path(), arg(a, 4));
}

constexpr SubrDef call_process_subrs[] = {
    {"call-process", 1, many, f_call_process},
    {"call-process-region", 3, many, f_call_process_region},
};

} // namespace

void register_call_process_builtins() { register_subrs(call_process_subrs); }

} // namespace gapmacs::lisp

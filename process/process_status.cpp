#include "process/process_status.hpp"

#include <csignal>
#include <cstring>
#include <sys/wait.h>

namespace gapmacs {

ProcessStatus ProcessStatus::from_wait_status(int ws)
{
    ProcessStatus s;
    if (WIFEXITED(ws)) {
        s.state = State::Exit;
        s.code = WEXITSTATUS(ws);
    } else if (WIFSIGNALED(ws)) {
        s.state = State::Signal;
        s.code = WTERMSIG(ws);
        s.core_dumped = WCOREDUMP(ws);
    }
    return s;
}

std::string ProcessStatus::event() const
{
    switch (state) {
    case State::Run:
        return "run\n";
    case State::Exit:
        if (code == 0)
            return "finished\n";
        return "exited abnormally with code " + std::to_string(code) + (core_dumped ? " (core dumped)\n" : "\n");
    case State::Signal: {
        // Emacs uses the C library's description, lower-cased first letter.
        std::string name = sigdescr_np(code) ? sigdescr_np(code) : ("signal " + std::to_string(code));
        if (!name.empty())
            name[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
        return name + (core_dumped ? " (core dumped)\n" : "\n");
    }
    case State::Closed:
        return "connection broken by remote peer\n";
    }
    return "\n";
}

} // namespace gapmacs

// ProcessStatus: how a child ended (or a connection: its peer closed it),
// and Emacs's words for it.
#pragma once
#include <string>

namespace gapmacs {

struct ProcessStatus {
    enum class State { Run, Exit, Signal, Closed };
    State state = State::Run;
    int code = 0; // exit code, or signal number
    bool core_dumped = false;

    static ProcessStatus from_wait_status(int wait_status);
    // The sentinel's event string, as Emacs writes it: "finished\n",
    // "exited abnormally with code 2\n", "killed\n", "interrupt\n",
    // "terminated\n", "segmentation fault (core dumped)\n"...; a closed
    // connection "connection broken by remote peer\n".
    std::string event() const;
};

} // namespace gapmacs

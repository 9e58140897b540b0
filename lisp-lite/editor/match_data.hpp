// The match data (builtins_regex.cpp) saved across Lisp the editor runs on
// its own: a filter's or a sentinel's searches must not change what the
// interrupted code matched, as in Emacs.
#pragma once
#include <cstdint>
#include <vector>

#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// save-match-data as a scope: the registers themselves, not markers.
class MatchDataScope {
public:
    MatchDataScope();
    ~MatchDataScope();
    MatchDataScope(const MatchDataScope&) = delete;
    MatchDataScope& operator=(const MatchDataScope&) = delete;

private:
    std::vector<std::int64_t> m_regs;
    Value m_searched;
    GcRoot m_root{&m_searched, 1};
};

} // namespace gapmacs::lisp

#include "lisp-lite/editor/host.hpp"

#include <cassert>

namespace gapmacs::lisp {

namespace {
EditorHost* g_host = nullptr;
} // namespace

EditorHost* editor_host() { return g_host; }

bool terminal_shown() { return g_host && g_host->has_terminal(); }

HostScope::HostScope(EditorHost& host)
{
    assert(!g_host && "one host at a time");
    g_host = &host;
    set_language_host(&host);
}

HostScope::~HostScope()
{
    set_language_host(nullptr);
    g_host = nullptr;
}

} // namespace gapmacs::lisp

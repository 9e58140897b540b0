#include "lisp-lite/lang/host.hpp"

namespace gapmacs::lisp {

namespace {
LanguageHost* g_host = nullptr;
} // namespace

LanguageHost* language_host() { return g_host; }
void set_language_host(LanguageHost* host) { g_host = host; }

} // namespace gapmacs::lisp

// lisp-lite: what the UI and the tests include. The language is
// lisp-lite/lang (values, heap, reader, printer, evaluator: lisp.hpp,
// eval.hpp, builtins.hpp); the editor bindings are lisp-lite/editor
// (buffers.hpp, processes.hpp, overlays.hpp...).
#pragma once
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// Sets up the Lisp world: the language's modules, then the editor's
// (editor/modules.cpp). Idempotent. Fast: no file is read.
void init();

} // namespace gapmacs::lisp

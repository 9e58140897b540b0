// Must not compile: the language (lisp-lite/lang) knows no editor binding.
#include "lisp-lite/editor/buffers.hpp"

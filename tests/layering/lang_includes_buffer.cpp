// Must not compile: the language (lisp-lite/lang) sees only core.
#include "buffer/buffer.hpp"

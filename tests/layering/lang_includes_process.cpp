// Must not compile: the language (lisp-lite/lang) sees only core.
#include "process/process.hpp"

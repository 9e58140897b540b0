// Must not compile: the editor bindings are below the UI.
#include "ui/editor.hpp"

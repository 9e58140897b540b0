// Lisp face descriptions (a face name, a list of them, or an attribute plist
// such as (:foreground "red" :weight bold)) turned into terminal faces.
#pragma once
#include "lisp-lite/lisp_lite.hpp"
#include "ui/faces.hpp"

namespace gapmacs::ui {

Face face_from_lisp(lisp::Value face);

} // namespace gapmacs::ui

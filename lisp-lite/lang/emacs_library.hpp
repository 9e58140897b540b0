// GNU Emacs's own Lisp library is gapmacs's standard library (docs/lisp-lite.md):
// its directories go on load-path after gapmacs's lisp/, so what gapmacs
// bundles wins and everything else comes from Emacs's sources (Debian's
// emacs-el: `foo.el.gz`, read through core/file_contents.hpp).
#pragma once
#include <string>
#include <vector>

namespace gapmacs::lisp {

// The library's top directory: $GAPMACS_EMACS_LISP when set (empty: no
// library), else /usr/share/emacs/28.2/lisp, else the newest
// /usr/share/emacs/VERSION/lisp; "" when there is none.
std::string emacs_library_directory();

// `dir` followed by the subdirectories its subdirs.el names, in Emacs's
// order (what normal-top-level-add-to-load-path puts on load-path); only
// directories that exist. Empty for "".
std::vector<std::string> emacs_library_load_path(const std::string& dir);

} // namespace gapmacs::lisp

// Eager macro-expansion of the forms a file loads, as Emacs's readevalloop
// (lread.c) and internal-macroexpand-for-load (macroexp.el) do it.
#pragma once
#include <string>
#include <vector>

#include "lisp-lite/lang/lisp.hpp"
#include "lisp-lite/lang/load_cache.hpp"

namespace gapmacs::lisp {

// One file's eager load: what its expansions loaded (an
// eval-when-compile's require, a macro's autoload), which a load from the
// cache does not load (as from Emacs's .elc) but must be able to reach.
// Loads nest; each is on a stack while it lives.
class EagerLoad {
public:
    explicit EagerLoad(CachedFormsWriter& writer);
    ~EagerLoad();
    EagerLoad(const EagerLoad&) = delete;
    EagerLoad& operator=(const EagerLoad&) = delete;

    // Expands FORM before it is evaluated: its head first and, when that
    // is a progn, each of its forms in turn the same way, so that a macro
    // one of them defines serves the next; any other form wholly
    // (macroexpand-all). Each form about to be evaluated goes to the
    // writer first. An expansion that signals an error is reported as
    // Emacs 28 reports it ("Eager macro-expansion failure: ...") and the
    // form is evaluated as read, which abandons the writer's entry.
    // Returns the last value.
    Value eval(Value form);

    // The files loaded while this load expanded a form, those loads
    // nested in them included.
    const std::vector<std::string>& compile_time_files() const { return m_compile_time_files; }

    // Called as each file finishes loading: it joins the compile-time
    // files of every load on the stack that is expanding.
    static void file_loaded(const std::string& path);
    // Called by an expansion that reads PATH: the entry of every load on
    // the stack that is expanding depends on it.
    static void file_read(const std::string& path);

private:
    Value expanded(Value form, bool whole);

    CachedFormsWriter& m_writer;
    int m_expanding = 0;
    std::vector<std::string> m_compile_time_files;
    EagerLoad* m_outer;
};

} // namespace gapmacs::lisp

#include "lisp-lite/lang/preloaded_index.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

// Where a file's definitions come from: gapmacs's lisp/, GNU Emacs's
// library, or one definition at a time from an Emacs file that gapmacs's
// own file of that name stands in for (what gapmacs's simple.el lacks
// comes from Emacs's simple.el, never the rest of that file).
enum class PreloadedSource : std::uint8_t { gapmacs, emacs, emacs_definition };

struct PreloadedFile {
    const char* name;
    PreloadedSource source;
};

using PreloadedKind = AutoloadKind;

struct PreloadedFunction {
    std::string_view name;
    std::uint16_t file;
    PreloadedKind kind;
};

struct PreloadedVariable {
    std::string_view name;
    std::uint16_t file;
    bool buffer_local = false; // made automatically buffer-local by its file
};
using PreloadedFace = PreloadedVariable; // a defface's name and its file

#include "lisp-lite/lang/preloaded_index.inc"

constexpr auto by_name = [](const auto& a, const auto& b) { return a.name < b.name; };
static_assert(std::is_sorted(std::begin(preloaded_functions), std::end(preloaded_functions), by_name));
static_assert(std::is_sorted(std::begin(preloaded_variables), std::end(preloaded_variables), by_name));
static_assert(std::is_sorted(std::begin(preloaded_faces), std::end(preloaded_faces), by_name));

constexpr std::size_t file_count = std::size(preloaded_files);

struct IndexState {
    bool enabled = false;
    std::string emacs_library; // its directory, "" when it was not found
    // A file is loaded for a void variable at most once: one that did not
    // define it then will not later.
    std::vector<bool> loaded_for_variable = std::vector<bool>(file_count);
    std::vector<bool> loaded_for_face = std::vector<bool>(file_count);
    // A definition read alone is looked for once per name.
    std::vector<bool> read_variable = std::vector<bool>(std::size(preloaded_variables));
    std::vector<bool> read_face = std::vector<bool>(std::size(preloaded_faces));
};

IndexState& state()
{
    static IndexState s;
    return s;
}

template <typename Entry, std::size_t N>
const Entry* find(const Entry (&table)[N], std::string_view name)
{
    const Entry* it = std::lower_bound(std::begin(table), std::end(table), name,
                                       [](const Entry& e, std::string_view n) { return e.name < n; });
    return it != std::end(table) && it->name == name ? it : nullptr;
}

bool usable(std::uint16_t file)
{
    return preloaded_files[file].source == PreloadedSource::gapmacs || !state().emacs_library.empty();
}

bool one_definition(std::uint16_t file) { return preloaded_files[file].source == PreloadedSource::emacs_definition; }

// The file an autoload names: a definition read alone names Emacs's file
// by its path, so that it is never taken for gapmacs's file of that name.
std::string autoload_file(std::uint16_t file)
{
    if (one_definition(file))
        return state().emacs_library + "/" + preloaded_files[file].name;
    return preloaded_files[file].name;
}

void install_autoload(Value sym, const PreloadedFunction& f)
{
    Symbol* s = xsymbol(sym);
    if (!nilp(s->function) || !usable(f.file))
        return;
    s->function = make_autoload(autoload_file(f.file), f.kind);
}

// Emacs's preloaded variables are special before their file is read
// here, so a `let' of one binds it dynamically, as there, and one its
// file makes buffer-local is set in the current buffer only.
void mark_special(Value sym, const PreloadedVariable& v)
{
    if (!usable(v.file))
        return;
    xsymbol(sym)->m_flags |= Symbol::special_flag;
    if (v.buffer_local)
        xsymbol(sym)->m_flags |= Symbol::localized_flag | Symbol::local_if_set_flag;
}

} // namespace

void enable_preloaded_index()
{
    IndexState& s = state();
    if (s.enabled)
        return;
    s.enabled = true;
    if (Value dir = find_symbol_value(Qgapmacs_emacs_lisp_directory); stringp(dir))
        s.emacs_library = std::string(string_view(dir));
    // Symbols made before now; intern does the rest as they appear.
    for (const PreloadedFunction& f : preloaded_functions)
        if (Value sym = intern_soft(f.name); !sym.is_empty())
            install_autoload(sym, f);
    for (const PreloadedVariable& v : preloaded_variables)
        if (Value sym = intern_soft(v.name); !sym.is_empty())
            mark_special(sym, v);
}

void intern_preloaded_functions()
{
    for (const PreloadedFunction& f : preloaded_functions)
        if (usable(f.file))
            intern(f.name); // the intern hook installs the autoload
}

void preloaded_index_interned(Value sym, std::string_view name)
{
    if (!state().enabled)
        return;
    if (const PreloadedFunction* f = find(preloaded_functions, name))
        install_autoload(sym, *f);
    if (const PreloadedVariable* v = find(preloaded_variables, name))
        mark_special(sym, *v);
}

namespace {

// Evaluates the form of Emacs's FILE that defines sym as a KIND
// (function, variable, face; lisp/emacs-definitions.el finds it): non-nil when
// there was one.
Value load_definition(const std::string& file, Value sym, const char* kind)
{
    const Value kind_symbol = intern(kind); // before the string: it may allocate
    return call3(Qinternal__load_emacs_definition, make_string_from_utf8(file), sym, kind_symbol);
}

// Loads the file TABLE names for sym, once per file for what TABLE lists
// (a file that did not define it then will not later).
template <typename Entry, std::size_t N>
bool load_for(const Entry (&table)[N], std::vector<bool>& loaded, std::vector<bool>& read_alone, Value sym,
              const char* kind)
{
    if (!state().enabled)
        return false;
    const Entry* e = find(table, string_view(xsymbol(sym)->name));
    if (!e || !usable(e->file))
        return false;
    if (one_definition(e->file)) {
        std::vector<bool>::reference tried = read_alone[static_cast<std::size_t>(e - std::begin(table))];
        if (tried)
            return false;
        tried = true;
        return !nilp(load_definition(autoload_file(e->file), sym, kind));
    }
    if (loaded[e->file])
        return false;
    loaded[e->file] = true;
    return load_file(preloaded_files[e->file].name, false, true);
}

} // namespace

void preloaded_file_loading(std::string_view file)
{
    if (!state().enabled)
        return;
    for (std::size_t i = 0; i < file_count; ++i) {
        if (preloaded_files[i].name != file)
            continue;
        for (const PreloadedFunction& f : preloaded_functions) {
            if (f.file != i)
                continue;
            // Interned now, not while the file is read: the autoload the
            // intern hook gives a new symbol would make the file's own
            // `(unless (fboundp 'switch-to-buffer) (defun ...))' skip it.
            Value sym = intern(f.name);
            Value fn = xsymbol(sym)->function;
            if (autoloadp(fn) && stringp(car_safe(xcdr(fn))) && string_view(car(xcdr(fn))) == file)
                xsymbol(sym)->function = Qnil;
        }
    }
}

bool load_preloaded_variable(Value sym)
{
    return load_for(preloaded_variables, state().loaded_for_variable, state().read_variable, sym, "variable");
}

bool load_preloaded_face(Value sym)
{
    return load_for(preloaded_faces, state().loaded_for_face, state().read_face, sym, "face");
}

bool load_preloaded_definition(std::string_view file, Value name)
{
    const IndexState& s = state();
    if (!s.enabled || s.emacs_library.empty() || !file.starts_with(s.emacs_library) || !symbolp(name))
        return false;
    const PreloadedFunction* f = find(preloaded_functions, string_view(xsymbol(name)->name));
    if (!f || !one_definition(f->file) || autoload_file(f->file) != file)
        return false;
    load_definition(std::string(file), name, "function");
    return true;
}

} // namespace gapmacs::lisp

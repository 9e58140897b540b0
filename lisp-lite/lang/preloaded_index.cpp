#include "lisp-lite/lang/preloaded_index.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

struct PreloadedFile {
    const char* name;
    bool from_emacs; // in GNU Emacs's library, not gapmacs's lisp/
};

enum class PreloadedKind : std::uint8_t { function, command, macro };

struct PreloadedFunction {
    std::string_view name;
    std::uint16_t file;
    PreloadedKind kind;
};

struct PreloadedVariable {
    std::string_view name;
    std::uint16_t file;
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
    bool emacs_library = false;
    // A file is loaded for a void variable at most once: one that did not
    // define it then will not later.
    std::vector<bool> loaded_for_variable = std::vector<bool>(file_count);
    std::vector<bool> loaded_for_face = std::vector<bool>(file_count);
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

bool usable(std::uint16_t file) { return !preloaded_files[file].from_emacs || state().emacs_library; }

void install_autoload(Value sym, const PreloadedFunction& f)
{
    Symbol* s = xsymbol(sym);
    if (!nilp(s->function) || !usable(f.file))
        return;
    static const Value autoload = intern("autoload");
    s->function = list({autoload, make_string(preloaded_files[f.file].name), Qnil,
                        boolean(f.kind == PreloadedKind::command),
                        f.kind == PreloadedKind::macro ? Qmacro : Qnil});
}

// Emacs's preloaded variables are special before their file is read
// here, so a `let' of one binds it dynamically, as there.
void mark_special(Value sym, const PreloadedVariable& v)
{
    if (usable(v.file))
        xsymbol(sym)->m_flags |= Symbol::special_flag;
}

} // namespace

void enable_preloaded_index()
{
    IndexState& s = state();
    if (s.enabled)
        return;
    s.enabled = true;
    s.emacs_library = !nilp(find_symbol_value(intern("gapmacs-emacs-lisp-directory")));
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

// Loads the file TABLE names for sym, once per file for what TABLE lists
// (a file that did not define it then will not later).
template <typename Entry, std::size_t N>
bool load_for(const Entry (&table)[N], std::vector<bool>& loaded, Value sym)
{
    if (!state().enabled)
        return false;
    const Entry* e = find(table, string_view(xsymbol(sym)->name));
    if (!e || !usable(e->file) || loaded[e->file])
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
            Value sym = intern_soft(f.name);
            if (sym.is_empty())
                continue;
            Value fn = xsymbol(sym)->function;
            if (autoloadp(fn) && stringp(car_safe(xcdr(fn))) && string_view(car(xcdr(fn))) == file)
                xsymbol(sym)->function = Qnil;
        }
    }
}

bool load_preloaded_variable(Value sym) { return load_for(preloaded_variables, state().loaded_for_variable, sym); }

bool load_preloaded_face(Value sym) { return load_for(preloaded_faces, state().loaded_for_face, sym); }

} // namespace gapmacs::lisp

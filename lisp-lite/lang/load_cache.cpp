#include "lisp-lite/lang/load_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/reader.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

// The first line of every entry; another format is another line.
constexpr std::string_view magic = ";; gapmacs load cache 2\n";

// A rebuilt gapmacs may expand differently (its prelude's macros, its
// special forms), so an entry names the executable that wrote it.
const std::string& build_identity()
{
    static const std::string id = [] {
        struct stat st;
        if (::stat("/proc/self/exe", &st) != 0)
            return std::string();
        return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
               std::to_string(st.st_mtim.tv_nsec);
    }();
    return id;
}

std::string cache_directory()
{
    Value dir = find_symbol_value(Qgapmacs_load_cache_directory);
    return stringp(dir) ? std::string(string_view(dir)) : std::string();
}

// An entry per source file, named by a hash of its name; the header
// names the file, so two names with the same hash only displace each other.
std::string entry_path(const std::string& dir, const std::string& source)
{
    std::uint64_t h = 14695981039346656037ull; // FNV-1a
    for (unsigned char c : source)
        h = (h ^ c) * 1099511628211ull;
    char name[32];
    std::snprintf(name, sizeof name, "%016llx.eld", static_cast<unsigned long long>(h));
    return dir + "/" + name;
}

Value stamp_list(const FileStamp& s)
{
    return list({Value::fixnum(s.size), Value::fixnum(s.seconds), Value::fixnum(s.nanoseconds)});
}

std::optional<FileStamp> stamp_from(Value l)
{
    FileStamp s;
    std::int64_t* fields[] = {&s.size, &s.seconds, &s.nanoseconds};
    for (std::int64_t* f : fields) {
        if (!l.is_cons() || !xcar(l).is_fixnum())
            return std::nullopt;
        *f = xcar(l).as_fixnum();
        l = xcdr(l);
    }
    return s;
}

bool fresh_dependencies(Value deps)
{
    for (; deps.is_cons(); deps = xcdr(deps)) {
        Value dep = xcar(deps);
        if (!dep.is_cons() || !stringp(xcar(dep)))
            return false;
        const std::optional<FileStamp> then = stamp_from(xcdr(dep));
        if (!then || file_stamp(std::string(string_view(xcar(dep)))) != then)
            return false;
    }
    return true;
}

// Prints V as the entry holds it: uninterned symbols and shared structure
// labelled (#1=), nothing abbreviated.
std::string printed(Value v)
{
    SpecScope spec;
    specbind(Qprint_circle, Qt);
    specbind(Qprint_gensym, Qt);
    specbind(Qprint_length, Qnil);
    specbind(Qprint_level, Qnil);
    specbind(Qprint_escape_newlines, Qnil);
    specbind(Qfloat_output_format, Qnil);
    std::string out;
    print_value(out, v, true);
    return out;
}

// Whether V reads back as itself: numbers, strings, symbols of the
// obarray or uninterned, and the conses, vectors, records, byte-code and
// hash tables made of them. GENSYMS collects the uninterned symbols,
// NAMED the interned ones.
bool readable(Value root, RootedVector& gensyms, std::unordered_set<std::uint64_t>& named)
{
    std::unordered_set<std::uint64_t> seen;
    std::vector<Value> pending{root};
    while (!pending.empty()) {
        Value v = pending.back();
        pending.pop_back();
        while (v.is_cons()) {
            if (!seen.insert(v.bits()).second)
                break;
            pending.push_back(xcar(v));
            v = xcdr(v);
        }
        if (v.is_cons() || v.is_fixnum())
            continue;
        switch (v.type()) {
        case Type::Float:
        case Type::Bignum:
        case Type::String: break;
        case Type::Symbol:
            if (!(xsymbol(v)->m_flags & Symbol::interned_flag)) {
                gensyms.push_back(v);
                break;
            }
            if (intern_soft(string_view(xsymbol(v)->name)) != v)
                return false; // another obarray's
            named.insert(v.bits());
            break;
        case Type::Vector:
            if (seen.insert(v.bits()).second)
                for (Value item : xvector(v)->items)
                    pending.push_back(item);
            break;
        case Type::HashTable:
            if (seen.insert(v.bits()).second)
                for (Value kv : xhash(v)->kv)
                    if (!kv.is_empty())
                        pending.push_back(kv);
            break;
        default: return false;
        }
    }
    return true;
}

// What load-history says a file defined.
struct FileDefinitions {
    RootedVector functions; // its (defun . SYMBOL) entries
    RootedVector variables; // its bare SYMBOL entries
};

// Calls F with each file load-history names, newest first, and what it
// defined, until F returns false.
template <typename F>
void for_each_loaded_file(F f)
{
    for (Value l = find_symbol_value(Qload_history); l.is_cons(); l = xcdr(l)) {
        Value entry = xcar(l);
        if (!entry.is_cons() || !stringp(xcar(entry)))
            continue;
        FileDefinitions defined;
        for (Value e = xcdr(entry); e.is_cons(); e = xcdr(e)) {
            Value item = xcar(e);
            if (item.is_cons() && xcar(item) == Qdefun && symbolp(xcdr(item)))
                defined.functions.push_back(xcdr(item));
            else if (symbolp(item) && !nilp(item))
                defined.variables.push_back(item);
        }
        if (!f(xcar(entry), defined))
            return;
    }
}

// The files that defined MACROS, as load-history records them (the
// newest load of each), with what they are now; DEFINITIONS gets, of
// each, the functions and variables that NAMED holds: what the expansions
// call of the macros' files (remove-function's calls
// advice--remove-function), as (FILE FUNCTIONS nil VARIABLES).
Value dependencies(const std::vector<Value>& macros, const std::string& self,
                   const std::unordered_set<std::uint64_t>& named, RootedVector& definitions)
{
    std::unordered_set<std::uint64_t> wanted;
    for (Value m : macros)
        wanted.insert(m.bits());
    RootedVector deps;
    auto named_of = [&](RootedVector& symbols) {
        RootedVector out;
        for (Value sym : symbols.items())
            if (named.contains(sym.bits()))
                out.push_back(sym);
        return list_from(out);
    };
    for_each_loaded_file([&](Value file, FileDefinitions& defined) {
        bool defines_one = false;
        for (Value sym : defined.functions.items())
            defines_one |= wanted.erase(sym.bits()) > 0;
        const std::optional<FileStamp> stamp =
            defines_one && string_view(file) != self ? file_stamp(std::string(string_view(file))) : std::nullopt;
        if (stamp) {
            deps.push_back(make_cons(file, stamp_list(*stamp)));
            Value functions = named_of(defined.functions);
            Value variables = named_of(defined.variables);
            if (!nilp(functions) || !nilp(variables))
                definitions.push_back(list({file, functions, Qnil, variables}));
        }
        return !wanted.empty();
    });
    return list_from(deps);
}

// Adds (FILE FUNCTIONS MACROS nil) to DEFINITIONS for each of FILES but
// SELF, from load-history: all that the files the expansion loaded defined.
void add_definitions_of(const std::vector<std::string>& files, const std::string& self, RootedVector& definitions)
{
    std::unordered_set<std::string> wanted(files.begin(), files.end());
    wanted.erase(self);
    if (wanted.empty())
        return;
    for_each_loaded_file([&](Value file, FileDefinitions& defined) {
        if (wanted.erase(std::string(string_view(file)))) {
            RootedVector functions, macros;
            for (Value sym : defined.functions.items()) {
                Value fn = xsymbol(sym)->function;
                (fn.is_cons() && xcar(fn) == Qmacro ? macros : functions).push_back(sym);
            }
            definitions.push_back(list({file, list_from(functions), list_from(macros), Qnil}));
        }
        return !wanted.empty();
    });
}

} // namespace

namespace {

// The autoloads prepare_cached_load made, by file: a file's own
// `(unless (fboundp 'f) (defun f ...))' must not take one for f's
// definition (compat's definitions are such).
struct PreparedAutoload {
    Value symbol, autoload;
};
using PreparedAutoloads = std::unordered_map<std::string, std::vector<PreparedAutoload>>;
PreparedAutoloads g_prepared_autoloads;

void mark_prepared_autoloads()
{
    for (auto& [file, autoloads] : g_prepared_autoloads)
        for (const PreparedAutoload& a : autoloads) {
            mark_value(a.symbol);
            mark_value(a.autoload);
        }
}

PreparedAutoloads& prepared_autoloads()
{
    static const bool rooted = [] {
        add_root_source(mark_prepared_autoloads);
        return true;
    }();
    (void)rooted;
    return g_prepared_autoloads;
}

} // namespace

void forget_prepared_autoloads(const std::string& path)
{
    auto& table = prepared_autoloads();
    auto it = table.find(path);
    if (it == table.end())
        return;
    for (const PreparedAutoload& a : it->second)
        if (xsymbol(a.symbol)->function == a.autoload)
            xsymbol(a.symbol)->function = Qnil;
    table.erase(it);
}

namespace {

// Only the names are compared: for_each_loaded_file would gather every
// file's definitions on the way.
bool in_load_history(Value file)
{
    for (Value l = find_symbol_value(Qload_history); l.is_cons(); l = xcdr(l))
        if (Value entry = xcar(l); entry.is_cons() && stringp(xcar(entry)) && string_view(xcar(entry)) == string_view(file))
            return true;
    return false;
}

// A variable an expansion names that nothing defines now: its file is
// loaded first, as it was when the forms were expanded.
void load_for_variables(Value file, Value variables)
{
    for (Value v = variables; v.is_cons(); v = xcdr(v))
        if (symbolp(xcar(v)) && find_symbol_value(xcar(v)) == Qunbound) {
            const std::string path(string_view(file));
            if (!load_in_progress(path) && !in_load_history(file))
                load_file(library_name(path), true, true);
            return;
        }
}

} // namespace

void prepare_cached_load(CachedForms& cached)
{
    for (Value entry : cached.definitions.items()) {
        Value file = car_safe(entry);
        if (!stringp(file))
            continue;
        Value lists = cdr_safe(entry);
        std::string name;
        const AutoloadKind kinds[] = {AutoloadKind::function, AutoloadKind::macro};
        for (AutoloadKind kind : kinds) {
            for (Value s = car_safe(lists); s.is_cons(); s = xcdr(s))
                if (symbolp(xcar(s)) && nilp(xsymbol(xcar(s))->function)) {
                    if (name.empty())
                        name = library_name(std::string(string_view(file)));
                    Value autoload = make_autoload(name, kind);
                    xsymbol(xcar(s))->function = autoload;
                    prepared_autoloads()[std::string(string_view(file))].push_back({xcar(s), autoload});
                }
            lists = cdr_safe(lists);
        }
        load_for_variables(file, car_safe(lists));
    }
}

std::optional<FileStamp> file_stamp(const std::string& path)
{
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    return FileStamp{st.st_size, st.st_mtim.tv_sec, st.st_mtim.tv_nsec};
}

std::string default_load_cache_directory()
{
    if (const char* env = std::getenv("GAPMACS_LOAD_CACHE"))
        return std::string_view(env) == "off" ? std::string() : std::string(env);
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
        return std::string(xdg) + "/gapmacs/load";
    if (const char* home = std::getenv("HOME"); home && *home == '/')
        return std::string(home) + "/.cache/gapmacs/load";
    return {};
}

bool read_cached_forms(const std::string& path, const FileStamp& stamp, CachedForms& out)
{
    const std::string dir = cache_directory();
    if (dir.empty() || build_identity().empty())
        return false;
    std::ifstream in(entry_path(dir, path), std::ios::binary);
    if (!in)
        return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = std::move(buffer).str();
    if (!text.starts_with(magic))
        return false;
    try {
        ReadOptions opts;
        std::size_t pos = magic.size();
        // ("BUILD" "PATH" (SIZE SEC NSEC) LEXICAL DEPENDENCIES
        //  DEFINITIONS FORM-COUNT)
        Value header = read_with(text, pos, opts);
        Value fields[7];
        for (Value& f : fields) {
            if (!header.is_cons())
                return false;
            f = xcar(header);
            header = xcdr(header);
        }
        if (!stringp(fields[0]) || string_view(fields[0]) != build_identity() || !stringp(fields[1]) ||
            string_view(fields[1]) != path || stamp_from(fields[2]) != stamp || !fresh_dependencies(fields[4]))
            return false;
        out.lexical = !nilp(fields[3]);
        for (Value d = fields[5]; d.is_cons(); d = xcdr(d))
            out.definitions.push_back(xcar(d));
        while (!at_end_of_forms(text, pos))
            out.forms.push_back(read_with(text, pos, opts));
        // An entry cut short between two forms reads without an error.
        if (!fields[6].is_fixnum() || static_cast<std::size_t>(fields[6].as_fixnum()) != out.forms.size())
            return false;
    } catch (const LispSignal&) {
        return false; // a damaged entry: the source is read instead
    }
    return true;
}

CachedFormsWriter::CachedFormsWriter(std::string path, FileStamp stamp, bool lexical)
    : m_path(std::move(path)), m_stamp(stamp), m_lexical(lexical), m_usable(!cache_directory().empty())
{
}

void CachedFormsWriter::add(Value form)
{
    if (!m_usable)
        return;
    RootedVector gensyms;
    if (!readable(form, gensyms, m_named)) {
        m_usable = false;
        return;
    }
    // An uninterned symbol of an earlier form would read back as another.
    std::unordered_set<std::uint64_t> own;
    for (Value g : gensyms.items())
        if (own.insert(g.bits()).second && !m_gensym_bits.insert(g.bits()).second) {
            m_usable = false;
            return;
        }
    for (Value g : gensyms.items())
        m_gensyms.push_back(g); // kept alive, so their addresses stay theirs
    std::string text = printed(form);
    // What is printed must read back and print the same (the printer and
    // the reader agree on every float, string and symbol name).
    try {
        ReadOptions opts;
        std::size_t pos = 0;
        Value again = read_with(text, pos, opts);
        if (!at_end_of_forms(text, pos) || printed(again) != text) {
            m_usable = false;
            return;
        }
    } catch (const LispSignal&) {
        m_usable = false;
        return;
    }
    m_text += text;
    m_text += '\n';
    ++m_forms;
}

void CachedFormsWriter::depend_on(const std::string& path)
{
    if (std::find(m_files_read.begin(), m_files_read.end(), path) == m_files_read.end())
        m_files_read.push_back(path);
}

void CachedFormsWriter::commit(const MacroUses& uses, const std::vector<std::string>& compile_time_files)
{
    if (!m_usable || build_identity().empty())
        return;
    const std::string dir = cache_directory();
    if (dir.empty())
        return;
    RootedVector definitions;
    Value deps = dependencies(uses.macros, m_path, m_named, definitions);
    for (const std::string& file : m_files_read) {
        const std::optional<FileStamp> stamp = file_stamp(file);
        if (!stamp)
            return;
        deps = make_cons(make_cons(make_string_from_utf8(file), stamp_list(*stamp)), deps);
    }
    add_definitions_of(compile_time_files, m_path, definitions);
    Value header = list({make_string(build_identity()), make_string_from_utf8(m_path), stamp_list(m_stamp),
                         boolean(m_lexical), deps, list_from(definitions), Value::fixnum(m_forms)});
    std::string contents(magic);
    contents += printed(header);
    contents += '\n';
    contents += m_text;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    const std::string entry = entry_path(dir, m_path);
    const std::string temporary = entry + "." + std::to_string(::getpid()) + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
        out.close();
        if (!out) {
            std::filesystem::remove(temporary, ec);
            return;
        }
    }
    if (std::rename(temporary.c_str(), entry.c_str()) != 0)
        std::filesystem::remove(temporary, ec);
}

} // namespace gapmacs::lisp

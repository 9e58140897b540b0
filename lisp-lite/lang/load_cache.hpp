// The expanded forms of library files, kept between runs as Emacs keeps a
// library's .elc beside its .el (load_cache.cpp, docs/lisp-lite.md "The
// load cache"). Loading a file from source expands its macros eagerly, as
// Emacs's readevalloop does; the forms evaluated are written here, and the
// next load of the unchanged file evaluates them without reading the
// source or running its macros (nor its eval-when-compile forms: as from
// Emacs's .elc).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

// What a file was when its forms were expanded: another size or time is
// another file.
struct FileStamp {
    std::int64_t size = 0;
    std::int64_t seconds = 0;
    std::int64_t nanoseconds = 0;
    bool operator==(const FileStamp&) const = default;
};
std::optional<FileStamp> file_stamp(const std::string& path);

// The directory `gapmacs-load-cache-directory' starts with:
// $GAPMACS_LOAD_CACHE ("" or "off" for none), else
// $XDG_CACHE_HOME/gapmacs/load, else ~/.cache/gapmacs/load.
std::string default_load_cache_directory();

struct CachedForms {
    bool lexical = false;
    RootedVector forms; // in the order they are evaluated
    // (FILE FUNCTIONS MACROS VARIABLES): for each file the expansion
    // loaded (an eval-when-compile's require), what it defined then; for
    // each file whose macros the expansion used, the functions and
    // variables of it that the forms name (an expansion of remove-function
    // calls advice--remove-function).
    RootedVector definitions;
};

// What evaluating CACHED's forms needs of the files its expansion used,
// without loading them as Emacs's .elc does not: each of their functions
// and macros that nothing defines now becomes an autoload of its file (a
// defsubst that Emacs's .elc has inlined: cc-bytecomp-is-compiling in CC
// Mode's c-lang-const); a file with a variable the forms name that is
// void now is loaded.
void prepare_cached_load(CachedForms& cached);
// Before PATH loads: the autoloads of its definitions that
// prepare_cached_load made and nothing replaced are gone again.
void forget_prepared_autoloads(const std::string& path);

// Fills OUT from PATH's entry when it is fresh: written by this build of
// gapmacs, for PATH as STAMP says it is, with each file whose macros the
// expansion used unchanged. False when there is none, or it is stale or
// unreadable (then nothing has been evaluated).
bool read_cached_forms(const std::string& path, const FileStamp& stamp, CachedForms& out);

// Builds PATH's entry while its forms are expanded and evaluated: each
// form is printed before it is evaluated (a load that changes a quoted
// constant in place must not change what the next load starts from).
class CachedFormsWriter {
public:
    CachedFormsWriter(std::string path, FileStamp stamp, bool lexical);
    // Appends FORM; an entry with a form that cannot be read back as it
    // is (a buffer, a symbol of another obarray, an uninterned symbol
    // shared with an earlier form) will not be written.
    void add(Value form);
    // Writes the entry (atomically; any failure leaves no entry and is
    // not an error). USES are the macros the expansion used: their files
    // are recorded so that a change to one makes the entry stale.
    // COMPILE_TIME_FILES are the files the expansion loaded.
    void commit(const MacroUses& uses, const std::vector<std::string>& compile_time_files);
    // A file an expansion read (a macro of gapmacs that quotes forms of
    // Emacs's loaddefs.el): its change makes the entry stale.
    void depend_on(const std::string& path);
    // Nothing will be written (an expansion failed, the file opted out).
    void abandon() { m_usable = false; }

private:
    std::string m_path;
    FileStamp m_stamp;
    bool m_lexical;
    bool m_usable;
    std::string m_text;
    std::int64_t m_forms = 0;
    RootedVector m_gensyms; // uninterned symbols of the forms so far
    std::unordered_set<std::uint64_t> m_gensym_bits;
    std::unordered_set<std::uint64_t> m_named; // the interned symbols they hold
    std::vector<std::string> m_files_read;
};

} // namespace gapmacs::lisp

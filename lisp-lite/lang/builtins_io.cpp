// Printing to streams, message, reading, load, features.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "core/file_contents.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eager_expansion.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/file_name_handlers.hpp"
#include "lisp-lite/lang/host.hpp"
#include "lisp-lite/lang/load_cache.hpp"
#include "lisp-lite/lang/load_history.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"
#include "lisp-lite/lang/reader.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {
// Emacs's noninteractive_need_newline: after anything went to stdout, the
// next message to stderr starts on a new line.
bool g_need_newline = false;
} // namespace

void default_stdout(std::string_view internal)
{
    std::string out;
    internal_to_utf8(internal, out);
    std::fwrite(out.data(), 1, out.size(), stdout);
    if (!out.empty())
        g_need_newline = true;
}

void default_message(std::string_view internal, bool display)
{
    if (!display)
        return;
    std::string out;
    if (g_need_newline)
        out += '\n';
    g_need_newline = false;
    internal_to_utf8(internal, out);
    out += '\n';
    std::fflush(stdout);
    std::fwrite(out.data(), 1, out.size(), stderr);
}

namespace {

// with-output-to-string's accumulator.
const ExtClass string_output_class = {
    "string-output",
    nullptr,
    [](ExtObject* e) { delete static_cast<std::string*>(e->data); },
    [](ExtObject*, std::string& out) { out += "#<string-output>"; },
    nullptr,
    [](ExtObject* e, std::string_view internal) { *static_cast<std::string*>(e->data) += internal; },
};

bool is_string_output(Value v) { return v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &string_output_class; }

// An object that is an output stream by its class (a string output, and
// the editor's buffers and markers), or null.
ExtObject* output_stream(Value v)
{
    ExtObject* e = ext_object(v);
    return e && e->cls->write ? e : nullptr;
}

Value resolve_stream(Value stream)
{
    if (nilp(stream)) {
        stream = xsymbol(Qstandard_output)->value;
        if (stream == Qunbound || nilp(stream))
            stream = Qt;
    }
    return stream;
}

} // namespace

void message(std::string_view internal, bool display)
{
    if (LanguageHost* host = language_host())
        host->message(internal, Qnil, display);
    else
        default_message(internal, display);
}

void message(Value string, bool display)
{
    if (LanguageHost* host = language_host())
        host->message(string_view(string), string, display);
    else
        default_message(string_view(string), display);
}

void write_to_stream(std::string_view internal, Value stream)
{
    stream = resolve_stream(stream);
    if (stream == Qt) {
        if (LanguageHost* host = language_host())
            host->write_stdout(internal);
        else
            default_stdout(internal);
        return;
    }
    if (ExtObject* out = output_stream(stream)) {
        out->cls->write(out, internal);
        return;
    }
    // A function receives each character.
    for (std::size_t i = 0; i < internal.size();) {
        int len = 1;
        char32_t c = decode_internal_char(internal.data() + i, internal.data() + internal.size(), &len);
        call1(stream, Value::fixnum(c));
        i += static_cast<std::size_t>(len);
    }
}

namespace {

Value f_prin1(Args a)
{
    write_to_stream(prin1_to_string(a[0], true), a[1]);
    return a[0];
}

Value f_princ(Args a)
{
    Value stream = resolve_stream(a[1]);
    std::string text;
    ExtObject* out = output_stream(stream);
    const bool function = stream != Qt && !out;
    if (function && stringp(a[0]) && !xstring(a[0])->multibyte()) {
        // A function gets a unibyte string's bytes, 0..255.
        for (std::int64_t i = 0, n = string_length(a[0]); i < n; ++i)
            call1(stream, Value::fixnum(string_char_at(a[0], i)));
        return a[0];
    }
    const bool multibyte_text = out && (!out->cls->multibyte_stream || out->cls->multibyte_stream(out));
    if (multibyte_text)
        print_value_into_text(text, a[0], false);
    else
        print_value(text, a[0], false);
    write_to_stream(text, stream);
    return a[0];
}

Value f_print(Args a)
{
    std::string s = "\n";
    print_value(s, a[0], true);
    s += '\n';
    write_to_stream(s, a[1]);
    return a[0];
}

Value f_terpri(Args a)
{
    write_to_stream("\n", a[0]);
    return Qt;
}

Value f_write_char(Args a)
{
    std::string s;
    append_char(s, check_char(a[0]));
    write_to_stream(s, a[1]);
    return a[0];
}

// Emacs's: a character straight to standard error, unbuffered, whatever
// the display; a printer given it as its stream writes there.
Value f_external_debugging_output(Args a)
{
    std::string internal, out;
    append_char(internal, check_char(a[0]));
    internal_to_utf8(internal, out);
    std::fwrite(out.data(), 1, out.size(), stderr);
    return a[0];
}

Value f_prin1_to_string(Args a)
{
    std::string text;
    print_value_into_text(text, a[0], nilp(a[1]));
    return make_string(text);
}

Value f_error_message_string(Args a) { return make_string(error_message_string(a[0], true)); }

Value f_message(Args a)
{
    if (nilp(a[0])) {
        message(""); // batch Emacs prints an empty line
        return Qnil;
    }
    Value s = format_string(a, true);
    const Value inhibit = find_symbol_value(Qinhibit_message);
    message(s, nilp(inhibit) || inhibit == Qunbound);
    return s;
}

Value f_make_string_output(Args) { return Value::object(alloc_ext(Type::Ext, &string_output_class, new std::string)); }

Value f_string_output_contents(Args a)
{
    if (!is_string_output(a[0]))
        wrong_type(Qstring_output_p, a[0]);
    return make_string(*static_cast<std::string*>(static_cast<ExtObject*>(a[0].as_object())->data));
}

Value f_read_from_string(Args a)
{
    String* s = check_string(a[0]);
    std::int64_t n = s->nchars;
    std::int64_t start = nilp(a[1]) ? 0 : check_fixnum(a[1]);
    std::int64_t end = nilp(a[2]) ? n : check_fixnum(a[2]);
    if (start < 0)
        start += n;
    if (end < 0)
        end += n;
    if (start < 0 || end > n || start > end)
        args_out_of_range3(a[0], a[1], a[2]);
    std::size_t bstart = string_char_to_byte(a[0], start);
    std::size_t bend = string_char_to_byte(a[0], end);
    // The string may be changed by code the reader runs (GC); read a copy.
    std::string copy(std::string_view(s->bytes).substr(bstart, bend - bstart));
    std::size_t pos = 0;
    Value obj = read_from(copy, pos);
    std::int64_t final_index = start + static_cast<std::int64_t>(count_chars(copy.data(), pos));
    return make_cons(obj, Value::fixnum(final_index));
}

Value f_read(Args a)
{
    Value stream = a[0];
    if (ExtObject* e = ext_object(stream); e && e->cls->read)
        return e->cls->read(e);
    if (stringp(stream)) {
        std::string copy(string_view(stream));
        std::size_t pos = 0;
        return read_from(copy, pos);
    }
    if (nilp(stream) || stream == Qt) {
        // Batch: read a line from standard input, as Emacs's minibuffer does.
        std::string line;
        if (!std::getline(std::cin, line))
            error("Error reading from stdin");
        std::string internal;
        utf8_to_internal(line, internal, true);
        std::size_t pos = 0;
        return read_from(internal, pos);
    }
    if (functionp(stream)) {
        std::string text;
        for (;;) {
            Value c = call0(stream);
            if (!c.is_fixnum())
                break;
            append_char(text, static_cast<char32_t>(c.as_fixnum()));
        }
        std::size_t pos = 0;
        return read_from(text, pos);
    }
    wrong_type(Qstringp, stream);
}

// ---- load ----

bool regular_file(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool absolute_name(const std::string& file) { return !file.empty() && (file[0] == '/' || file[0] == '~'); }

std::string expand_home(const std::string& file)
{
    if (file.empty() || file[0] != '~')
        return file;
    const char* home = std::getenv("HOME");
    return std::string(home ? home : "") + file.substr(1);
}

std::string directory_of(Value dir)
{
    std::string d;
    if (stringp(dir))
        d = expand_home(std::string(string_view(dir)));
    else {
        Value dd = xsymbol(Qdefault_directory)->value;
        d = stringp(dd) ? std::string(string_view(dd)) : ".";
    }
    if (!d.empty() && d.back() != '/')
        d += '/';
    return d;
}

bool ends_with(const std::string& s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Emacs's openp over PATH with SUFFIXES (internal-encoded strings): the
// first existing regular file, or "". Relative names like "./x" are also
// tried relative to default-directory, as before.
std::string locate_in(const std::string& file, Value path, const std::vector<std::string>& suffixes,
                      const std::function<bool(const std::string&)>& accept = regular_file)
{
    // As Emacs's openp: a name a handler claims exists when the handler
    // says it is readable and no directory.
    auto accepted = [&](const std::string& name) {
        if (file_name_handlers_active()) {
            const Value n = make_string_from_utf8(name);
            if (!nilp(find_file_name_handler(n, Qfile_exists_p)))
                return !nilp(call1(Qfile_readable_p, n)) && nilp(call1(Qfile_directory_p, n));
        }
        return accept(name);
    };
    auto try_name = [&](const std::string& base) -> std::string {
        for (const std::string& suffix : suffixes)
            if (accepted(base + suffix))
                return base + suffix;
        return "";
    };
    if (absolute_name(file))
        return try_name(expand_home(file));
    if (file.rfind("./", 0) == 0 || file.rfind("../", 0) == 0)
        return try_name(directory_of(Qnil) + file);
    for (Value dir : tails(path)) {
        std::string found = try_name(directory_of(xcar(dir)) + file);
        if (!found.empty())
            return found;
    }
    return "";
}

// The suffixes `load` tries, each also compressed (Emacs's
// load-file-rep-suffixes under auto-compression-mode): ".el" then none;
// NOSUFFIX: none only; MUST-SUFFIX: ".el" only (unless FILE already ends in
// .el/.elc). Never ".elc": gapmacs reads sources.
std::vector<std::string> load_suffixes(const std::string& file, bool nosuffix, bool must_suffix)
{
    if (nosuffix)
        return {"", ".gz"};
    if (must_suffix && !ends_with(file, ".el") && !ends_with(file, ".elc"))
        return {".el", ".el.gz"};
    return {".el", ".el.gz", "", ".gz"};
}

std::string locate(const std::string& file, bool nosuffix, bool must_suffix = false)
{
    return locate_in(file, xsymbol(Qload_path)->value, load_suffixes(file, nosuffix, must_suffix));
}

// The value of `KEY:' in the file's -*- line (the first, or the second
// after "#!"), up to the line's end; nothing when the line has no KEY.
std::optional<std::string_view> cookie_value(std::string_view text, std::string_view key)
{
    std::string_view first = text.substr(0, text.find('\n'));
    if (first.rfind("#!", 0) == 0 && first.size() < text.size()) {
        std::string_view rest = text.substr(first.size() + 1);
        first = rest.substr(0, rest.find('\n'));
    }
    std::size_t at = first.find(key);
    if (at == std::string_view::npos)
        return std::nullopt;
    std::string_view value = first.substr(at + key.size());
    value.remove_prefix(std::min(value.find_first_not_of(" \t"), value.size()));
    return value;
}

// Whether VALUE, a file-local variable's value as written, is other than nil.
bool non_nil_value(std::string_view value)
{
    return !value.empty() && !(value.rfind("nil", 0) == 0 && (value.size() == 3 || std::strchr(" \t;\n", value[3])));
}

// Whether the file says no-byte-compile, in its -*- line or in the Local
// Variables block Emacs reads in its last 3000 characters (a mention in a
// comment is not a setting).
bool says_no_byte_compile(std::string_view text)
{
    constexpr std::string_view key = "no-byte-compile:";
    if (const std::optional<std::string_view> value = cookie_value(text, key))
        return non_nil_value(*value);
    // Emacs looks for the block's start with case-fold-search.
    std::string tail(text.substr(text.size() - std::min<std::size_t>(text.size(), 3000)));
    std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
    const std::size_t block = tail.rfind("local variables:");
    const std::size_t at = block == std::string::npos ? block : tail.find(key, block);
    if (at == std::string::npos)
        return false;
    std::string_view value = std::string_view(tail).substr(at + key.size());
    value.remove_prefix(std::min(value.find_first_not_of(" \t"), value.size()));
    return non_nil_value(value);
}

bool has_lexical_cookie(std::string_view text)
{
    const std::optional<std::string_view> value = cookie_value(text, "lexical-binding:");
    return value && non_nil_value(*value);
}

// Emacs's Ethiopic and Tibetan files say `coding: utf-8-emacs': their
// five-byte characters decode as themselves.
bool codes_utf8_emacs(std::string_view text)
{
    const std::optional<std::string_view> coding = cookie_value(text, "coding:");
    return coding && coding->starts_with("utf-8-emacs");
}

bool load_file_with(const std::string& file, bool noerror, bool nomessage, bool nosuffix, bool must_suffix);
bool load_located(const std::string& file, const std::string& path, bool noerror, bool nomessage);
std::string g_last_loaded; // the file the last load_file_with read
// Emacs's Vloads_in_progress: the files being loaded, as given and as
// found, innermost last.
std::vector<std::string> g_loads_in_progress;

// A library file's text as load reads it: gunzipped, decoded as UTF-8
// (or utf-8-emacs when its cookie says so).
std::string library_text(const std::string& path)
{
    std::string internal;
    const std::string contents = read_file_contents(path);
    if (codes_utf8_emacs(contents))
        utf8_emacs_to_internal(contents, internal);
    else
        utf8_to_internal(contents, internal, true);
    return internal;
}

// What load would read of PATH, for the reader of one definition of
// Emacs's preloaded files (internal--load-emacs-definition).
Value f_library_text(Args a) { return make_string(library_text(std::string(check_string(a[0])->bytes))); }

// For a macro that reads FILE: the load cache entry of each file whose
// load is expanding it depends on FILE.
Value f_expansion_reads_file(Args a)
{
    EagerLoad::file_read(std::string(check_string(a[0])->bytes));
    return Qnil;
}

Value f_load(Args a)
{
    std::string file(check_string(a[0])->bytes);
    const std::string found = locate(file, !nilp(a[3]), !nilp(a[4]));
    // As Emacs: the file found is the handler's to load when it claims it
    // (FOUND NOERROR NOMESSAGE t, the suffix decided); a name other than
    // FILE's is looked up whatever inhibits `load' on FILE.
    if (file_name_handlers_active()) {
        const Value found_name = make_string_from_utf8(found);
        const Value handler = found.empty() ? Qnil : find_file_name_handler(found_name, found == file ? Qload : Qt);
        if (!nilp(handler)) {
            const Value args[5] = {Qload, found_name, a[1], a[2], Qt};
            return funcall(handler, args, 5);
        }
    }
    return boolean(load_located(file, found, !nilp(a[1]), !nilp(a[2])));
}

Value after_load_alist() { return find_symbol_value(Qafter_load_alist); }

Value f_provide(Args a)
{
    check_symbol(a[0]);
    if (!nilp(a[1]))
        symbol_put(a[0], Qsubfeatures, a[1]);
    Value features = xsymbol(Qfeatures)->value;
    bool present = false;
    for (Value f = features; f.is_cons(); f = xcdr(f))
        if (xcar(f) == a[0])
            present = true;
    if (!present)
        xsymbol(Qfeatures)->value = make_cons(a[0], features);
    loadhist_attach(make_cons(Qprovide, a[0]));
    // Run the eval-after-load functions of the feature, as Emacs does.
    Value alist = after_load_alist();
    for (; alist.is_cons(); alist = xcdr(alist))
        if (xcar(alist).is_cons() && xcar(xcar(alist)) == a[0]) {
            for (Value fns = xcdr(xcar(alist)); fns.is_cons(); fns = xcdr(fns))
                call0(xcar(fns));
            break;
        }
    return a[0];
}

Value f_featurep(Args a)
{
    check_symbol(a[0]);
    for (Value f = xsymbol(Qfeatures)->value; f.is_cons(); f = xcdr(f))
        if (xcar(f) == a[0]) {
            if (nilp(a[1]))
                return Qt;
            for (Value s = symbol_get(a[0], Qsubfeatures); s.is_cons(); s = xcdr(s))
                if (equal(xcar(s), a[1]))
                    return Qt;
            return Qnil;
        }
    return Qnil;
}

Value f_require(Args a)
{
    // Recorded even when the feature is there already, as Emacs does.
    check_symbol(a[0]);
    loadhist_attach_require(a[0]);
    Value probe[2] = {a[0], Qnil};
    if (!nilp(f_featurep(Args{probe, 2})))
        return a[0];
    std::string file = nilp(a[1]) ? symbol_name(a[0]) : std::string(check_string(a[1])->bytes);
    if (!load_file_with(file, !nilp(a[2]), true, false, nilp(a[1])))
        return Qnil;
    if (nilp(f_featurep(Args{probe, 2})))
        error("Loading file " + g_last_loaded + " failed to provide feature \xE2\x80\x98" + symbol_name(a[0]) + "\xE2\x80\x99");
    return a[0];
}

// What a name found by `locate-file' must be, as lread.c's openp: PREDICATE
// nil or t a file that is not a directory, a number the access(2) mode it
// must allow (not a directory either), else a function to call.
std::function<bool(const std::string&)> locate_predicate(Value predicate)
{
    if (nilp(predicate) || predicate == Qt)
        return regular_file;
    if (fixnump(predicate)) {
        int mode = static_cast<int>(predicate.as_fixnum());
        return [mode](const std::string& name) {
            struct stat st;
            return ::access(name.c_str(), mode) == 0 && ::stat(name.c_str(), &st) == 0 && !S_ISDIR(st.st_mode);
        };
    }
    return [predicate](const std::string& name) { return !nilp(call1(predicate, make_string(name))); };
}

// (locate-file-internal FILENAME PATH &optional SUFFIXES PREDICATE), lread.c's.
Value f_locate_file_internal(Args a)
{
    std::string file(check_string(a[0])->bytes);
    std::vector<std::string> suffixes;
    for (Value s : tails(a[2]))
        suffixes.emplace_back(check_string(xcar(s))->bytes);
    if (suffixes.empty())
        suffixes.emplace_back("");
    std::string found = locate_in(file, a[1], suffixes, locate_predicate(a[3]));
    return found.empty() ? Qnil : make_string(found);
}

// (locate-file FILENAME PATH &optional SUFFIXES PREDICATE), files.el's: a
// symbol that is no function, or a list of them, names access modes.
Value f_locate_file(Args a)
{
    Value predicate = a[3];
    if (symbolp(predicate) && !nilp(predicate) && !functionp(predicate))
        predicate = make_cons(predicate, Qnil);
    if (consp(predicate) && !functionp(predicate)) { // files.el's (readable writable executable)
        std::int64_t mode = 0;
        for (Value p : tails(predicate)) {
            const std::string name = symbol_name(xcar(p));
            mode |= name == "executable" ? X_OK : name == "writable" ? W_OK : name == "readable" ? R_OK : 0;
        }
        predicate = Value::fixnum(mode);
    }
    Value args[4] = {a[0], a[1], a[2], predicate};
    return f_locate_file_internal(Args{args, 4});
}

// (locate-library LIBRARY &optional NOSUFFIX PATH INTERACTIVE-CALL)
Value f_locate_library(Args a)
{
    std::string file(check_string(a[0])->bytes);
    Value path = nilp(a[2]) ? xsymbol(Qload_path)->value : a[2];
    std::string found = locate_in(file, path, load_suffixes(file, !nilp(a[1]), false));
    if (!nilp(a[3]))
        message(found.empty() ? "No library " + file + " in search path" : "Library is file " + found);
    return found.empty() ? Qnil : make_string(found);
}

Value autoload_symbol() { return Qautoload; }

// (autoload FUNCTION FILE &optional DOCSTRING INTERACTIVE TYPE)
Value f_autoload(Args a)
{
    check_symbol(a[0]);
    check_string(a[1]);
    Value current = xsymbol(a[0])->function;
    if (!nilp(current) && !autoloadp(current))
        return Qnil; // already defined: Emacs leaves it alone
    Value object = list({autoload_symbol(), a[1], a[2], a[3], a[4]});
    // Emacs's autoload goes through defalias, which records it.
    if (autoloadp(current))
        loadhist_attach(make_cons(Qt, a[0]));
    loadhist_attach(make_cons(autoload_symbol(), a[0]));
    xsymbol(a[0])->function = object;
    return object;
}

Value f_autoloadp(Args a) { return boolean(autoloadp(a[0])); }

} // namespace

Value make_autoload(std::string_view file, AutoloadKind kind)
{
    return list({Qautoload, make_string(file), Qnil, boolean(kind == AutoloadKind::command),
                 kind == AutoloadKind::macro ? Qmacro : Qnil});
}

namespace {

Value f_autoload_do_load(Args a) { return autoload_do_load(a[0], a[1], a[2]); }

const SubrDef io_subrs[] = {
    {"prin1", 1, 3, f_prin1},
    {"princ", 1, 2, f_princ},
    {"print", 1, 2, f_print},
    {"terpri", 0, 2, f_terpri},
    {"write-char", 1, 2, f_write_char},
    {"external-debugging-output", 1, 1, f_external_debugging_output},
    {"prin1-to-string", 1, 3, f_prin1_to_string},
    {"error-message-string", 1, 1, f_error_message_string},
    {"message", 1, many, f_message},
    {"internal--make-string-output", 0, 0, f_make_string_output},
    {"internal--string-output-contents", 1, 1, f_string_output_contents},
    {"read-from-string", 1, 3, f_read_from_string},
    {"read", 0, 1, f_read},
    {"load", 1, 5, f_load},
    {"internal--library-text", 1, 1, f_library_text},
    {"internal--expansion-reads-file", 1, 1, f_expansion_reads_file},
    {"provide", 1, 2, f_provide},
    {"featurep", 1, 2, f_featurep},
    {"require", 1, 3, f_require},
    {"locate-file", 2, 4, f_locate_file},
    {"locate-file-internal", 2, 4, f_locate_file_internal},
    {"locate-library", 1, 4, f_locate_library},
    {"autoload", 2, 5, f_autoload},
    {"autoloadp", 1, 1, f_autoloadp},
    {"autoload-do-load", 1, 3, f_autoload_do_load},
};

} // namespace

void load_text(std::string_view text, std::string_view file_name, bool lexical)
{
    std::string copy(text);
    ReadOptions opts;
    opts.file_name = std::string(file_name);
    opts.positions = true;
    std::size_t pos = 0;
    // One lexical environment for the whole file, as Emacs's readevalloop:
    // a top-level (defvar X) makes X dynamic for the rest of the file.
    LexenvScope file_scope(lexical ? make_cons(Qt, Qnil) : Qnil);
    for (;;) {
        if (at_end_of_forms(copy, pos))
            break;
        Value form = read_with(copy, pos, opts);
        eval(form);
    }
}

bool autoloadp(Value v) { return v.is_cons() && xcar(v) == autoload_symbol(); }

namespace {

// The symbol along NAME's aliases whose function cell holds DEFINITION,
// or the last symbol of the chain.
Value alias_holding(Value name, Value definition)
{
    Value holder = name;
    for (int i = 0; i < 100 && symbolp(holder) && !nilp(holder) && xsymbol(holder)->function != definition; ++i) {
        Value next = xsymbol(holder)->function;
        if (!symbolp(next) || nilp(next))
            break;
        holder = next;
    }
    return holder;
}

} // namespace

Value autoload_do_load(Value fundef, Value funname, Value macro_only)
{
    if (!autoloadp(fundef))
        return fundef;
    Value kind = fundef;
    for (int i = 0; i < 4 && kind.is_cons(); ++i)
        kind = xcdr(kind);
    kind = car_safe(kind);
    if (macro_only == Qmacro && !(kind == Qt || kind == Qmacro))
        return fundef;
    Value file = car(xcdr(fundef));
    std::string name(check_string(file)->bytes);
    // The definition to take is that of the symbol holding FUNDEF, at the
    // end of FUNNAME's aliases (window-inside-pixel-edges is one of
    // window-body-pixel-edges).
    const Value holder = alias_holding(funname, fundef);
    if (!load_preloaded_definition(name, symbolp(holder) ? holder : funname))
        load_file_with(name, false, true, false, false);
    if (nilp(funname))
        return Qnil;
    // As Emacs: an error when the load left FUNDEF, or its like, where it
    // was; an alias it made may lead to another symbol's autoload, which
    // the caller loads next.
    Value fun = indirect_function(funname);
    if (nilp(fun) || (equal(fun, fundef) && alias_holding(funname, fun) == holder))
        error("Autoloading file " + name + " failed to define function " + symbol_name(funname));
    return fun;
}

bool load_in_progress(std::string_view name)
{
    return std::find(g_loads_in_progress.begin(), g_loads_in_progress.end(), name) != g_loads_in_progress.end();
}

std::string library_name(const std::string& path)
{
    for (Value dir : tails(xsymbol(Qload_path)->value)) {
        const std::string prefix = directory_of(xcar(dir));
        if (!path.starts_with(prefix))
            continue;
        std::string name = path.substr(prefix.size());
        for (std::string_view suffix : {".el.gz", ".el"})
            if (name.ends_with(suffix)) {
                name.resize(name.size() - suffix.size());
                break;
            }
        return locate(name, false) == path ? name : path;
    }
    return path;
}

bool load_file(const std::string& file, bool noerror, bool nomessage)
{
    return load_file_with(file, noerror, nomessage, false, false);
}

namespace {

class LoadInProgress {
public:
    LoadInProgress(const std::string& file, const std::string& path)
    {
        // Emacs's limit: a file may be loaded within its own load three
        // times (a file that requires itself through an autoload).
        if (std::count(g_loads_in_progress.begin(), g_loads_in_progress.end(), path) > 3)
            xsignal2(Qerror, make_string("Recursive load"), make_string_from_utf8(path));
        g_loads_in_progress.push_back(file);
        g_loads_in_progress.push_back(path);
    }
    ~LoadInProgress() { g_loads_in_progress.resize(g_loads_in_progress.size() - 2); }
    LoadInProgress(const LoadInProgress&) = delete;
    LoadInProgress& operator=(const LoadInProgress&) = delete;
};

// A library, which the load cache keeps: a file named relative to
// load-path, not one named by where it is (a user's init file, a script
// given with -l) whose copies would pile up there.
bool found_on_load_path(const std::string& file)
{
    return !file.empty() && file[0] != '/' && file[0] != '~' && !file.starts_with("./") && !file.starts_with("../");
}

// Evaluates the forms of the library file PATH (lexical-binding bound as
// it says): its load cache entry's when fresh, else its source's, each
// expanded before it is evaluated, kept in the cache when CACHEABLE.
void eval_library_file(const std::string& path, bool cacheable)
{
    const std::optional<FileStamp> stamp = file_stamp(path);
    if (cacheable && stamp) {
        CachedForms cached;
        if (read_cached_forms(path, *stamp, cached)) {
            prepare_cached_load(cached);
            specbind(Qlexical_binding, boolean(cached.lexical));
            LexenvScope file_scope(cached.lexical ? make_cons(Qt, Qnil) : Qnil);
            for (std::size_t i = 0; i < cached.forms.size(); ++i)
                eval(cached.forms[i]);
            return;
        }
    }
    const std::string text = library_text(path);
    const bool lexical = has_lexical_cookie(text);
    specbind(Qlexical_binding, boolean(lexical));
    CachedFormsWriter writer(path, stamp.value_or(FileStamp{}), lexical);
    // Emacs compiles no file that says no-byte-compile: such a file may
    // count on what its eval-when-compile forms do at each load.
    if (!cacheable || !stamp || says_no_byte_compile(text))
        writer.abandon();
    MacroUses macros;
    EagerLoad eager(writer);
    {
        MacroUseRecorder recorder(macros);
        ReadOptions opts;
        opts.file_name = path;
        opts.positions = true;
        std::size_t pos = 0;
        // One lexical environment for the whole file, as in load_text.
        LexenvScope file_scope(lexical ? make_cons(Qt, Qnil) : Qnil);
        while (!at_end_of_forms(text, pos))
            eager.eval(read_with(text, pos, opts));
    }
    writer.commit(macros, eager.compile_time_files());
}

bool load_file_with(const std::string& file, bool noerror, bool nomessage, bool nosuffix, bool must_suffix)
{
    return load_located(file, locate(file, nosuffix, must_suffix), noerror, nomessage);
}

// Loads FILE from PATH, where `locate' found it ("" when it did not).
bool load_located(const std::string& file, const std::string& path, bool noerror, bool nomessage)
{
    if (path.empty()) {
        if (noerror)
            return false;
        xsignal3(Qfile_missing, make_string("Cannot open load file"), make_string("No such file or directory"),
                 make_string_from_utf8(file));
    }
    preloaded_file_loading(file);
    if (!nomessage)
        message("Loading " + path + " (source)...");
    g_last_loaded = path;
    Value name = make_string_from_utf8(path);
    {
        SpecScope spec;
        specbind(Qload_file_name, name);
        specbind(Qload_true_file_name, name);
        specbind(Qload_in_progress, Qt);
        specbind(current_load_list_symbol(), Qnil);
        GcStressLoadPause unstressed;
        LoadInProgress in_progress(file, path);
        forget_prepared_autoloads(path);
        eval_library_file(path, found_on_load_path(file));
        record_load_history(name);
    }
    EagerLoad::file_loaded(path);
    // What Emacs does at start-up after its preloaded files
    // (custom-initialize-delay), once this file has loaded.
    if (consp(find_symbol_value(Qcustom_delayed_init_variables)))
        call1(Qinternal__run_delayed_inits, name);
    // The after-load functions (eval-after-load on a file name,
    // after-load-functions).
    Value after = Qdo_after_load_evaluation;
    if (!nilp(xsymbol(after)->function) &&
        (!nilp(after_load_alist()) || !nilp(find_symbol_value(Qafter_load_functions))))
        call1(after, name);
    return true;
}

} // namespace

void register_io_builtins() { register_subrs(io_subrs); }

} // namespace gapmacs::lisp

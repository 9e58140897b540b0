// lisp-lite's language: the public API of the Emacs-Lisp interpreter.
//
// Everything a module binding (buffers, processes, the UI) needs: values and
// the heap (value.hpp, heap.hpp), well-known symbols, constructors and
// accessors, signalling Emacs errors, evaluation, reading and printing.
// Call init() (lisp-lite/lisp_lite.hpp) once before anything else.
#pragma once
#include <cstdint>
#include <exception>
#include <iterator>
#include <string>
#include <string_view>

#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/value.hpp"

namespace gapmacs::lisp {

// ---- well-known symbols (interned by init) ----
#define GAPMACS_LISP_SYMBOLS(X)                                                                  \
    X(nil, "nil") X(t, "t") X(unbound, "--unbound--") X(quote, "quote") X(function, "function")  \
    X(lambda, "lambda") X(closure, "closure") X(macro, "macro") X(and_optional, "&optional")     \
    X(and_rest, "&rest") X(backquote, "`") X(comma, ",") X(comma_at, ",@") X(error, "error")     \
    X(quit, "quit") X(user_error, "user-error") X(wrong_type_argument, "wrong-type-argument")    \
    X(args_out_of_range, "args-out-of-range") X(void_variable, "void-variable")                  \
    X(void_function, "void-function") X(invalid_function, "invalid-function")                    \
    X(wrong_number_of_arguments, "wrong-number-of-arguments")                                    \
    X(setting_constant, "setting-constant") X(arith_error, "arith-error")                        \
    X(overflow_error, "overflow-error") X(end_of_file, "end-of-file")                            \
    X(invalid_read_syntax, "invalid-read-syntax") X(no_catch, "no-catch")                        \
    X(file_error, "file-error") X(file_missing, "file-missing")                                  \
    X(file_already_exists, "file-already-exists") X(permission_denied, "permission-denied")      \
    X(circular_list, "circular-list") X(error_conditions, "error-conditions")                    \
    X(error_message, "error-message") X(listp, "listp") X(consp, "consp") X(symbolp, "symbolp")  \
    X(stringp, "stringp") X(integerp, "integerp") X(fixnump, "fixnump") X(numberp, "numberp")    \
    X(natnump, "natnump") X(number_or_marker_p, "number-or-marker-p")                            \
    X(integer_or_marker_p, "integer-or-marker-p") X(characterp, "characterp")                    \
    X(sequencep, "sequencep") X(arrayp, "arrayp") X(vectorp, "vectorp")                          \
    X(hash_table_p, "hash-table-p") X(functionp, "functionp") X(char_or_string_p, "char-or-string-p") \
    X(plistp, "plistp") X(floatp, "floatp") X(bufferp, "bufferp") X(markerp, "markerp")          \
    X(processp, "processp") X(eq, "eq") X(eql, "eql") X(equal, "equal") X(test_kw, ":test")      \
    X(size_kw, ":size") X(standard_output, "standard-output") X(gc_cons_threshold, "gc-cons-threshold") \
    X(max_lisp_eval_depth, "max-lisp-eval-depth") X(inhibit_quit, "inhibit-quit")               \
    X(kill_emacs_hook, "kill-emacs-hook")                                                          \
    X(load_path, "load-path") X(features, "features") X(load_file_name, "load-file-name")        \
    X(lexical_binding, "lexical-binding") X(gcs_done, "gcs-done") X(gc_elapsed, "gc-elapsed")    \
    X(default_directory, "default-directory") X(command_line_args, "command-line-args")          \
    X(command_line_args_left, "command-line-args-left") X(noninteractive, "noninteractive")     \
    X(interactive, "interactive") X(declare, "declare") X(special_form, "special-form")         \
    X(integer, "integer") X(float_, "float") X(symbol, "symbol") X(string, "string")             \
    X(cons, "cons") X(vector, "vector") X(hash_table, "hash-table") X(subr, "subr")              \
    X(buffer, "buffer") X(marker, "marker") X(process, "process") X(success_kw, ":success")      \
    X(debug, "debug") X(print_length, "print-length") X(print_level, "print-level")             \
    X(print_escape_newlines, "print-escape-newlines") X(float_output_format, "float-output-format") \
    X(wholenump, "wholenump") X(keywordp, "keywordp") X(cl_assertion_failed, "cl-assertion-failed") \
    X(coding_system_error, "coding-system-error") X(buffer_read_only, "buffer-read-only")        \
    X(search_failed, "search-failed") X(invalid_regexp, "invalid-regexp") X(scan_error, "scan-error") \
    X(beginning_of_buffer, "beginning-of-buffer") X(end_of_buffer, "end-of-buffer")             \
    X(range_error, "range-error") X(domain_error, "domain-error") X(excessive_lisp_nesting, "excessive-lisp-nesting") \
    X(text_quoting_style, "text-quoting-style") X(weakness_kw, ":weakness") X(rehash_size_kw, ":rehash-size") \
    X(rehash_threshold_kw, ":rehash-threshold") X(internal_interpreter_environment, "internal-interpreter-environment") \
    X(wrong_length_argument, "wrong-length-argument") X(cyclic_function_indirection, "cyclic-function-indirection") \
    X(star, "*") \
    X(plus, "+") \
    X(minus, "-") \
    X(add1, "1+") \
    X(sub1, "1-") \
    X(documentation_kw, ":documentation") \
    X(purecopy_kw, ":purecopy") \
    X(after_load_alist, "after-load-alist") \
    X(after_load_functions, "after-load-functions") \
    X(append, "append") \
    X(autoload, "autoload") \
    X(bool_vector_p, "bool-vector-p") \
    X(byte_code_function_p, "byte-code-function-p") \
    X(bytes, "bytes") \
    X(c, "c") \
    X(case_fold_search, "case-fold-search") \
    X(catch, "catch") \
    X(char_code_property_alist, "char-code-property-alist") \
    X(char_code_property_table, "char-code-property-table") \
    X(char_table_extra_slots, "char-table-extra-slots") \
    X(char_table_p, "char-table-p") \
    X(compiled_function, "compiled-function") \
    X(completion_ignore_case, "completion-ignore-case") \
    X(completion_regexp_list, "completion-regexp-list") \
    X(concat, "concat") \
    X(cond, "cond") \
    X(condition_case, "condition-case") \
    X(copy_sequence, "copy-sequence") \
    X(current_load_list, "current-load-list") \
    X(custom_delayed_init_variables, "custom-delayed-init-variables") \
    X(cyclic_variable_indirection, "cyclic-variable-indirection") \
    X(data, "data") \
    X(debug_on_error, "debug-on-error") \
    X(defalias_fset_function, "defalias-fset-function") \
    X(defun, "defun") \
    X(defvaralias, "defvaralias") \
    X(delete, "delete") \
    X(do_after_load_evaluation, "do-after-load-evaluation") \
    X(encode_time, "encode-time") \
    X(expand_file_name, "expand-file-name") \
    X(file_directory_p, "file-directory-p") \
    X(file_exists_p, "file-exists-p") \
    X(file_name_handler_alist, "file-name-handler-alist") \
    X(file_readable_p, "file-readable-p") \
    X(function_documentation, "function-documentation") \
    X(gapmacs_emacs_lisp_directory, "gapmacs-emacs-lisp-directory") \
    X(gapmacs_load_cache_directory, "gapmacs-load-cache-directory") \
    X(gc_cons_percentage, "gc-cons-percentage") \
    X(gensym_counter, "gensym-counter") \
    X(gnu_linux, "gnu/linux") \
    X(hash_table_test, "hash-table-test") \
    X(inhibit_file_name_handlers, "inhibit-file-name-handlers") \
    X(inhibit_file_name_operation, "inhibit-file-name-operation") \
    X(inhibit_message, "inhibit-message") \
    X(insert, "insert") \
    X(integer_width, "integer-width") \
    X(internal__load_emacs_definition, "internal--load-emacs-definition") \
    X(internal__run_delayed_inits, "internal--run-delayed-inits") \
    X(let, "let") \
    X(letx, "let*") \
    X(list, "list") \
    X(list_or_vector_p, "list-or-vector-p") \
    X(load, "load") \
    X(load_history, "load-history") \
    X(load_in_progress, "load-in-progress") \
    X(load_true_file_name, "load-true-file-name") \
    X(makunbound, "makunbound") \
    X(macroexpand_all_environment, "macroexpand-all-environment") \
    X(many, "many") \
    X(member, "member") \
    X(n, "n") \
    X(N, "N") \
    X(normal_top_level_add_to_load_path, "normal-top-level-add-to-load-path") \
    X(nreverse, "nreverse") \
    X(o, "o") \
    X(objects, "objects") \
    X(operations, "operations") \
    X(print_circle, "print-circle") \
    X(print_gensym, "print-gensym") \
    X(process_environment, "process-environment") \
    X(progn, "progn") \
    X(provide, "provide") \
    X(redisplay_interrupted, "redisplay-interrupted") \
    X(require, "require") \
    X(save_window_excursion, "save-window-excursion") \
    X(set, "set") \
    X(set_text_properties, "set-text-properties") \
    X(setq, "setq") \
    X(size, "size") \
    X(string_output_p, "string-output-p") \
    X(string_trim, "string-trim") \
    X(subfeatures, "subfeatures") \
    X(subrp, "subrp") \
    X(test, "test") \
    X(tests, "tests") \
    X(ucs_names, "ucs-names") \
    X(unevalled, "unevalled") \
    X(unicode_property__decoded, "unicode-property--decoded") \
    X(unlet, "unlet") \
    X(variable_documentation, "variable-documentation") \
    X(watchers, "watchers") \
    X(Y, "Y")

#define GAPMACS_DECLARE_Q(name, str) extern Value Q##name;
GAPMACS_LISP_SYMBOLS(GAPMACS_DECLARE_Q)
#undef GAPMACS_DECLARE_Q

// ---- predicates and accessors ----
inline bool nilp(Value v) { return v == Qnil; }
inline Value boolean(bool b) { return b ? Qt : Qnil; }
inline bool consp(Value v) { return v.is_cons(); }
inline bool symbolp(Value v) { return v.is(Type::Symbol); }
inline bool stringp(Value v) { return v.is(Type::String); }
inline bool floatp(Value v) { return v.is(Type::Float); }
inline bool vectorp(Value v)
{
    return v.is(Type::Vector) && !(static_cast<Vector*>(v.as_object())->m_flags & (Vector::record_flag | Vector::compiled_flag));
}
inline bool recordp(Value v) { return v.is(Type::Vector) && static_cast<Vector*>(v.as_object())->record(); }
// A byte-code function object (byte-code-function-p).
inline bool compiledp(Value v) { return v.is(Type::Vector) && static_cast<Vector*>(v.as_object())->compiled(); }
// A vector, a record or a byte-code function: what aref, aset, length,
// copy-sequence and equal take slot by slot.
inline bool vector_like(Value v) { return v.is(Type::Vector); }
inline bool fixnump(Value v) { return v.is_fixnum(); }
inline bool bignump(Value v) { return v.is(Type::Bignum); }
inline bool integerp(Value v) { return v.is_fixnum() || bignump(v); }
inline bool numberp(Value v) { return v.is_fixnum() || floatp(v) || bignump(v); }
inline bool listp(Value v) { return consp(v) || nilp(v); }
inline Value xcar(Value v) { return v.as_cons()->car; }
inline Value xcdr(Value v) { return v.as_cons()->cdr; }
inline Symbol* xsymbol(Value v) { return static_cast<Symbol*>(v.as_object()); }
inline String* xstring(Value v) { return static_cast<String*>(v.as_object()); }
inline Vector* xvector(Value v) { return static_cast<Vector*>(v.as_object()); }
inline HashTable* xhash(Value v) { return static_cast<HashTable*>(v.as_object()); }
inline double xfloat(Value v) { return static_cast<Float*>(v.as_object())->value; }
inline bool keywordp(Value v)
{
    return symbolp(v) && (xsymbol(v)->m_flags & Symbol::interned_flag) && !xstring(xsymbol(v)->name)->bytes.empty() &&
           xstring(xsymbol(v)->name)->bytes[0] == ':';
}
Value car(Value v); // signals wrong-type-argument listp
Value cdr(Value v);
inline Value car_safe(Value v) { return consp(v) ? xcar(v) : Qnil; }
inline Value cdr_safe(Value v) { return consp(v) ? xcdr(v) : Qnil; }

// ---- constructors ----
inline Value cons(Value a, Value b) { return make_cons(a, b); }
Value list(std::initializer_list<Value> items);
// An integer: a fixnum, or a bignum outside the fixnum range (bignum.hpp).
Value make_integer(std::int64_t n);
Value make_number(double d);                // a float
Value make_string(std::string_view internal); // multibyte unless ASCII
Value make_unibyte_string(std::string_view bytes);
// From external UTF-8 (invalid bytes become raw-byte chars).
Value make_string_from_utf8(std::string_view utf8);
std::string_view string_view(Value s); // internal bytes of a string
std::string symbol_name(Value sym);
Value intern(std::string_view name);
Value intern_soft(std::string_view name); // Qunbound... no: returns empty Value if absent
Value make_vector(std::size_t n, Value init);
Value make_record(std::size_t slots, Value init); // slot 0 is the type (records.cpp)

// ---- errors ----
// A Lisp signal (error symbol + data). Its Values stay rooted while the
// exception is in flight.
class LispSignal : public std::exception {
public:
    LispSignal(Value symbol, Value data);
    LispSignal(const LispSignal& o);
    Value symbol() const { return m_vals[0]; }
    Value data() const { return m_vals[1]; }
    const char* what() const noexcept override { return "lisp signal"; }

private:
    Value m_vals[2];
    GcRoot m_root;
};

// (throw TAG VALUE) unwinding to its catch.
class LispThrow : public std::exception {
public:
    LispThrow(Value tag, Value value);
    LispThrow(const LispThrow& o);
    Value tag() const { return m_vals[0]; }
    Value value() const { return m_vals[1]; }
    const char* what() const noexcept override { return "lisp throw"; }

private:
    Value m_vals[2];
    GcRoot m_root;
};

// (kill-emacs STATUS): unwinds to the top level, which exits.
struct KillEmacs {
    int status;
};

[[noreturn]] void xsignal(Value symbol, Value data);
[[noreturn]] void xsignal1(Value symbol, Value a);
[[noreturn]] void xsignal2(Value symbol, Value a, Value b);
[[noreturn]] void xsignal3(Value symbol, Value a, Value b, Value c);
[[noreturn]] void wrong_type(Value predicate, Value value);
[[noreturn]] void args_out_of_range(Value a, Value b);
[[noreturn]] void args_out_of_range3(Value a, Value b, Value c);
// (error MESSAGE) with an already formatted message (internal text).
[[noreturn]] void error(std::string_view message);
// Rethrows a gapmacs::Error (core/buffer) as the Lisp error it names; any
// other C++ error is (error "Internal error: WHAT").
[[noreturn]] void signal_core_error(const std::exception& e);
// Inside a catch block: the exception being handled as the Lisp error a
// reporter shows (the command loop, filters, sentinels): a LispSignal as
// itself, std::bad_alloc as memory_exhausted_error() makes it, any other
// C++ error as signal_core_error makes it. A LispThrow is no error: it is
// rethrown.
LispSignal caught_error();
// What std::bad_alloc becomes wherever Lisp meets it (the reporters,
// condition-case, byte-code's handlers): (error MESSAGE). It stays a C++
// exception until caught, so the stack it unwinds frees memory first; the
// command loop passes its own MESSAGE, which says how to recover.
LispSignal memory_exhausted_error(std::string_view message = "Memory exhausted");
// Emacs's text for (SYMBOL . DATA), as error-message-string gives it.
// Never throws unless MAY_SIGNAL (the Lisp function, which signals as
// Emacs's when the data cannot be printed): reporters call it while an
// error is being handled. Data too deep to print is shown with print-level
// 8 and print-length 50.
std::string error_message_string(Value err, bool may_signal = false);

// ---- evaluation ----
Value eval(Value form);
// Evaluates with lexical binding on (env (t)) or off.
Value eval_toplevel(Value form, bool lexical = true);
Value funcall(Value fn, const Value* args, std::size_t n);
inline Value call0(Value fn) { return funcall(fn, nullptr, 0); }
Value call1(Value fn, Value a);
Value call2(Value fn, Value a, Value b);
Value call3(Value fn, Value a, Value b, Value c);
Value symbol_value(Value sym);     // signals void-variable
void set_symbol_value(Value sym, Value v); // signals setting-constant
Value indirect_function(Value fn); // nil if void
bool functionp(Value fn);
// Sets the quit flag (SIGINT handler, C-g): the evaluator signals `quit`
// at its next check. Async-signal-safe.
void request_quit();
// Signals quit if requested (and inhibit-quit is nil).
void maybe_quit();
// Input arrived while Lisp runs for redisplay (fontification): unless a
// quit is pending, the evaluator's next check signals
// `redisplay-interrupted', whose conditions include `quit', so jit-lock
// leaves the text it did not finish unfontified. Async-signal-safe.
void request_input_interrupt();
// Forgets such a request once redisplay's Lisp is over (call it with the
// requester stopped).
void clear_input_interrupt();
// Forgets a quit that was requested: the command loop's error handling does
// it, as Emacs's cmd_error, so a C-g that came while a failed command
// unwound does not quit the next one.
void clear_quit();

// ---- walking lists ----
// The one list walker every builtin uses on a list it did not build:
// Emacs's FOR_EACH_TAIL, with its exact schedule (Brent's algorithm: the
// tortoise jumps to the current cell at the end of phases of 2, 4, 8...
// steps and is compared at the other steps), so what it counts before it
// finds a cycle (safe-length, the printer's ". #N") is Emacs's. It visits
// each cons of LIST, signals (circular-list TORTOISE) when the cdr chain
// loops (or, `safe', just ends there with cycled() true) and checks quit
// every 4096 cells.
//
//     ListWalker w(list);
//     for (; w.consp(); w.next()) ... w.car() ... w.tail() ...
//     w.check_end(list); // wrong-type-argument listp LIST on a dotted end
class ListWalker {
public:
    explicit ListWalker(Value list, bool safe = false) : m_tail(list), m_tortoise(list), m_safe(safe) {}
    bool consp() const { return m_tail.is_cons(); }
    Value tail() const { return m_tail; }
    Value car() const { return m_tail.as_cons()->car; }
    bool cycled() const { return m_cycled; }
    void next()
    {
        m_tail = m_tail.as_cons()->cdr;
        if (--m_left != 0) {
            if (m_tail == m_tortoise && m_tail.is_cons())
                cycle();
        } else {
            m_power <<= 1;
            m_left = m_power;
            m_tortoise = m_tail;
        }
        if ((++m_steps & 4095) == 0)
            maybe_quit();
    }
    // After the loop: the end must be nil.
    void check_end(Value list) const
    {
        if (!(m_tail == Qnil))
            wrong_type(Qlistp, list);
    }

private:
    void cycle()
    {
        if (!m_safe)
            xsignal1(Qcircular_list, m_tortoise);
        m_cycled = true;
        m_tail = Qnil;
    }
    Value m_tail;
    Value m_tortoise;
    std::int64_t m_steps = 0;
    std::int64_t m_power = 2;
    std::int64_t m_left = 2;
    bool m_safe;
    bool m_cycled = false;
};

// Range-for forms of ListWalker: `for (Value cell : tails(list))` visits
// each cons (signals circular-list on a cycle); `for (Value cell :
// plist_pairs(plist))` visits every other cons while it has a cdr cons (a
// property and its value).
class ListTails {
public:
    ListTails(Value list, bool pairs) : m_w(list), m_pairs(pairs) {}
    struct iterator {
        ListTails* t;
        Value operator*() const { return t->m_w.tail(); }
        iterator& operator++()
        {
            t->m_w.next();
            if (t->m_pairs)
                t->m_w.next();
            return *this;
        }
        bool operator!=(std::default_sentinel_t) const
        {
            return t->m_w.consp() && (!t->m_pairs || t->m_w.tail().as_cons()->cdr.is_cons());
        }
    };
    iterator begin() { return iterator{this}; }
    std::default_sentinel_t end() { return {}; }

private:
    ListWalker m_w;
    bool m_pairs;
};
inline ListTails tails(Value list) { return ListTails(list, false); }
inline ListTails plist_pairs(Value plist) { return ListTails(plist, true); }

// ---- reading ----
// Reads one object from `text` (internal text) starting at `pos`, leaves
// pos after it. Signals end-of-file / invalid-read-syntax.
Value read_from(std::string_view text, std::size_t& pos);
// Reads every form of a file's text and evaluates each (load).
void load_text(std::string_view text, std::string_view file_name, bool lexical);
// Loads FILE (searching load-path and adding ".el"); false if not found and
// noerror. Signals file-missing otherwise.
bool load_file(const std::string& file, bool noerror, bool nomessage);
// Whether a load of NAME (a file as given to load, or the file it found)
// is under way.
bool load_in_progress(std::string_view name);
// The name load-path finds the file PATH by ("cl-lib" for .../cl-lib.el),
// so that a load of it is a library's, which the load cache keeps; PATH
// itself when load-path finds another file first or none.
std::string library_name(const std::string& path);

// ---- printing ----
// Appends the printed representation (prin1 when escape, princ otherwise).
void print_value(std::string& out, Value v, bool escape);
// The same, for text that ends up in a multibyte string or buffer: raw
// bytes print as octal escapes under princ too, as Emacs prints them there.
void print_value_into_text(std::string& out, Value v, bool escape);
// The same with print-level and print-length set to LEVEL and LENGTH.
void print_value_limited(std::string& out, Value v, bool escape, std::int64_t level, std::int64_t length);
std::string prin1_to_string(Value v, bool escape = true);
// Emacs's float printing: shortest that reads back, always with . or e.
std::string float_to_string(double d);
// Writes internal text to a printcharfun (t/nil = standard-output; an
// object whose ExtClass has `write`, such as a buffer or a marker; else a
// function called with each character).
void write_to_stream(std::string_view internal, Value stream);
// To the host (lang/host.hpp), else stderr as Emacs's batch mode. A
// message not DISPLAYed (`inhibit-message') is only logged, where there is
// a log (*Messages*).
void message(std::string_view internal, bool display = true);
// A Lisp string as the message, its faces shown in the echo area.
void message(Value string, bool display);

} // namespace gapmacs::lisp

// Builtins (subrs): one signature for all, declared in tables.
//
// A subr receives its arguments as an Args view. For a fixed-arity subr the
// caller pads missing optional arguments with nil, so args[i] is valid for
// every i < max_args. A MANY subr gets exactly the arguments passed. An
// UNEVALLED subr (a special form) gets one argument: the unevaluated
// argument list. The argument helpers signal Emacs's wrong-type-argument.
#pragma once
#include <cstdint>
#include <cassert>
#include <span>
#include <string>

#include "core/error.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

struct Args {
    const Value* v;
    std::size_t n;
    Value operator[](std::size_t i) const
    {
        assert(i < n); // a subr reads at most its max_args
        return v[i];
    }
    std::size_t size() const { return n; }
    const Value* begin() const { return v; }
    const Value* end() const { return v + n; }
};

// Argument I of a &rest subr, nil when fewer were given.
inline Value arg(Args a, std::size_t i) { return i < a.size() ? a[i] : Qnil; }

using SubrFn = Value (*)(Args);

constexpr short many = -1;
constexpr short unevalled = -2;

struct SubrDef {
    const char* name;
    short min_args;
    short max_args; // many or unevalled for the special cases
    SubrFn fn;
};

// Interns each name and sets its function cell to a subr.
void register_subrs(std::span<const SubrDef> table);
// V's definition; signals wrong-type-argument subrp unless V is a subr.
const SubrDef& check_subr(Value v);

// Tables of each area of the language (lang/builtins_*.cpp...), installed
// by the language's modules (lang/modules.cpp).
void register_eval_builtins();
void register_list_builtins();
void register_number_builtins();
void register_string_builtins();
void register_symbol_builtins();
void register_hash_builtins();
void register_io_builtins();
void register_misc_builtins();
void register_environment_builtins(); // getenv, setenv, process-environment (environment.cpp)
void register_file_name_handler_builtins(); // find-file-name-handler (file_name_handlers.cpp)
void register_char_name_builtins(); // char-from-name, ucs-names (char_names.cpp)
void register_unicode_property_builtins(); // get-char-code-property... (unicode_properties.cpp)
void register_time_builtins(); // current-time, format-time-string, decode-time (time.cpp)
// SEC seconds and NSEC nanoseconds as Emacs 28's (HIGH LOW USEC PSEC) (time.cpp).
Value time_value(std::int64_t sec, std::int64_t nsec);
void register_base64_builtins(); // base64-encode-string... (base64.cpp)
void register_completion_builtins(); // internal--completion-matches (completion.cpp)
void register_char_table_builtins(); // make-char-table, char-table-range... (char_table.cpp)
void register_record_builtins(); // record, make-record, recordp (records.cpp)
void register_bool_vector_builtins(); // make-bool-vector, bool-vector-union... (bool_vector.cpp)
void register_byte_code_builtins(); // make-byte-code, byte-code, make-closure (bytecode.cpp)
void register_backtrace_builtins(); // backtrace-frame--internal, mapbacktrace (backtrace.cpp)
void register_charset_map_builtins(); // charset--map-tables (charset_map.cpp)
void register_subr_usage_builtins(); // internal--subr-usage (subr_usages.cpp)

// Signals (wrong-length-argument V).
[[noreturn]] void wrong_length_argument(Value v);

// ---- argument helpers ----
std::int64_t check_fixnum(Value v);    // integerp: a marker is not one, as in Emacs
// aref (and elt of an array): element INDEX of a vector or string, or
// (wrong-type-argument PREDICATE ARRAY).
Value array_ref(Value array, Value index, Value predicate);
// integer-or-marker-p, a marker as its position: only where Emacs takes
// one too (arithmetic, %, mod, logand..., property-change limits).
std::int64_t check_fixnum_coerce_marker(Value v);
std::int64_t check_natnum(Value v);    // wholenump
double check_number(Value v);          // number-or-marker-p, as a double
String* check_string(Value v);         // stringp
Symbol* check_symbol(Value v);         // symbolp
void check_list(Value v);              // listp
char32_t check_char(Value v);          // characterp
Value check_hash_table(Value v);       // hash-table-p
// The character's lower case (Unicode's simple mapping), as downcase.
char32_t downcase_char(char32_t c);
// A marker's position as a fixnum (its class's as_number), or v.
Value marker_to_number(Value v);

// The length of a proper list (Flength): signals (circular-list ...) on a
// cycle and (wrong-type-argument listp LIST) on a dotted end. Walks with
// ListWalker (lisp.hpp), which every list walker uses.
std::int64_t list_length(Value list);

// Throws std::bad_alloc (a Lisp `(error "Memory exhausted")' under
// condition-case) when BYTES exceed the machine's physical memory: a count
// like most-positive-fixnum given to make-list fails at once instead of
// consing until the system runs out.
void check_allocation(double bytes);

// Characters of strings (index by character; O(n) for multibyte strings).
// These and string_view() check their argument (wrong-type-argument stringp).
char32_t string_char_at(Value s, std::int64_t index);
// A string's byte offset of character `index`, and the character index of
// byte `offset` (a character boundary). Both step from the last lookup in
// the same string (one entry, as Emacs's string_char_byte_cache), so a loop
// walking a string forward (string-match, substring, read-from-string with
// a start) costs linear time, not quadratic.
std::size_t string_char_to_byte(Value s, std::int64_t index);
std::int64_t string_byte_to_char(Value s, std::size_t offset);
std::int64_t string_length(Value s);
// Appends character c to internal text (a raw byte 128..255 in a unibyte
// context becomes a raw-byte char).
void append_char(std::string& out, char32_t c);
// A string's text as the OS takes it (file names, program arguments):
// UTF-8, raw-byte chars as their bytes. Signals wrong-type-argument stringp.
std::string os_string(Value s);
// Makes a string from internal text, multibyte unless all ASCII.
Value string_from_chars(const std::u32string& chars);
// The list of ITEMS, in order, ending in TAIL.
Value list_from(RootedVector& items, Value tail = Qnil);

// string<'s order: by character code, a raw-byte char (0x3FFF80..) after
// every other character, and in a unibyte string a byte 128..255 is the
// character 128..255. Internal text sorts as its bytes once the raw-byte
// leads C0 and C1 move after every other lead, the five-byte F8 included
// (to FA and FB): no continuation byte equals them, so the first
// differing byte decides.
inline unsigned char order_byte(unsigned char b) { return b == 0xC0 || b == 0xC1 ? b + 0x3A : b; }
// Whether a string's bytes, through order_byte, sort as its characters (not
// so for a unibyte string holding bytes 128..255).
inline bool orders_by_bytes(const String* s)
{
    return s->multibyte() || static_cast<std::int64_t>(s->bytes.size()) == s->nchars;
}
// <0, 0, >0 as internal text x sorts before, with or after y (both orders_by_bytes).
int compare_ordered_bytes(std::string_view x, std::string_view y);
// The same for any two strings.
int compare_string_text(const String* a, const String* b);

// Columns character C takes, as Emacs's `char-width' (its default
// char-width-table): a tab 8, a newline 0, other controls 2 (^X), raw bytes
// and C1 controls 4 (\ooo), East Asian wide and fullwidth 2, combining
// marks and format characters 0, the rest 1.
int char_width(char32_t c);

// Emacs's `equal`/`string=` on two strings: the same text, and a unibyte
// string's byte 128..255 is not the multibyte raw-byte character that
// shares its internal bytes (Emacs compares byte lengths too).
inline bool same_string_text(const String* a, const String* b)
{
    return a->bytes == b->bytes &&
           (a->multibyte() == b->multibyte() || static_cast<std::int64_t>(a->bytes.size()) == a->nchars);
}

// Emacs's `equal` (depth-limited, signals circular-list on absurd depth).
bool equal(Value a, Value b);
bool eql(Value a, Value b);
std::uint64_t sxhash_equal(Value v);

// Formats like `format` (args[0] is the format string).
Value format_string(Args args, bool message_quotes);
// Replaces ` and ' by curved quotes as format-message does.
std::string curve_quotes(std::string_view s);

} // namespace gapmacs::lisp

// Object representation of lisp-lite.
//
// A Value is one machine word:
//
//     ...nnnn nn01   fixnum n (62 bits, Emacs's most-positive-fixnum range)
//     ...pppp p010   pointer to a Cons (16 bytes: car, cdr; no header)
//     ...pppp p000   pointer to an Object (8-byte header, then its fields)
//
// Heap cells are 16-byte aligned (see heap.hpp), so the low 4 bits of a
// pointer are free for the tag. nil and t are ordinary symbols allocated at
// start-up and never freed; `Qnil` and `Qt` hold them.
#pragma once
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/text_properties.hpp" // String::props

namespace gapmacs::lisp {

// Types of objects with a header. Cons cells have no header (their tag says
// what they are). Buffer, Marker and Process are ExtObjects whose behaviour
// (marking, finalizing, printing) comes from an ExtClass the module supplies.
enum class Type : std::uint8_t {
    Free = 0,
    Symbol,
    Float,
    String,
    Vector,
    HashTable,
    Subr,
    Buffer,
    Marker,
    Process,
    Ext, // any other extension object
    Bignum, // bignum.hpp
};

constexpr std::int64_t most_positive_fixnum = (std::int64_t(1) << 61) - 1;
constexpr std::int64_t most_negative_fixnum = -(std::int64_t(1) << 61);

struct Object;
struct Cons;
struct Symbol;

class Value {
public:
    constexpr Value() = default;
    static constexpr Value from_bits(std::uintptr_t b) { Value v; v.m_bits = b; return v; }
    static Value fixnum(std::int64_t n) { return from_bits((static_cast<std::uintptr_t>(n) << 2) | 1); }
    static Value cons(Cons* c) { return from_bits(reinterpret_cast<std::uintptr_t>(c) | 2); }
    static Value object(Object* o) { return from_bits(reinterpret_cast<std::uintptr_t>(o)); }

    std::uintptr_t bits() const { return m_bits; }
    bool is_fixnum() const { return (m_bits & 3) == 1; }
    bool is_cons() const { return (m_bits & 7) == 2; }
    bool is_object() const { return (m_bits & 7) == 0 && m_bits != 0; }
    // Any heap pointer (cons or object).
    bool is_pointer() const { return (m_bits & 5) == 0 && m_bits != 0; }
    bool is_empty() const { return m_bits == 0; }

    std::int64_t as_fixnum() const { return static_cast<std::int64_t>(m_bits) >> 2; }
    Cons* as_cons() const { return reinterpret_cast<Cons*>(m_bits - 2); }
    Object* as_object() const { return reinterpret_cast<Object*>(m_bits); }
    void* pointer() const { return reinterpret_cast<void*>(m_bits & ~std::uintptr_t(15)); }

    inline Type type() const; // only for is_object()
    inline bool is(Type t) const { return is_object() && type() == t; }

    bool operator==(const Value& o) const = default;

private:
    std::uintptr_t m_bits = 0;
};

static_assert(sizeof(Value) == sizeof(void*));

inline bool fixnum_in_range(std::int64_t n) { return n >= most_negative_fixnum && n <= most_positive_fixnum; }

// Header of every non-cons heap object (8 bytes, keeps fields 8-aligned).
struct Object {
    Type m_type;
    std::uint8_t m_flags = 0;
    std::uint16_t m_small = 0; // per-type use (hash test, ...)
    std::uint32_t m_aux = 0;   // per-type use
};

Type Value::type() const { return as_object()->m_type; }

struct Cons {
    Value car;
    Value cdr;
};
static_assert(sizeof(Cons) == 16);

struct Float : Object {
    double value;
};
static_assert(sizeof(Float) == 16);

// Internal text (core/utf8.hpp). A unibyte string stores bytes >= 0x80 as
// raw-byte characters, and presents them to Lisp as the bytes 128..255.
// `props` holds its text properties (plists as Value bits, 0-based), null
// for a string that has none; the collector marks them.
struct String : Object {
    static constexpr std::uint8_t multibyte_flag = 1;
    std::string bytes;
    std::int64_t nchars = 0;
    std::unique_ptr<TextProperties> props;
    bool multibyte() const { return m_flags & multibyte_flag; }
};

struct Symbol : Object {
    static constexpr std::uint8_t special_flag = 1;   // defvar'd: let binds dynamically
    static constexpr std::uint8_t constant_flag = 2;  // nil, t, keywords, most-positive-fixnum...
    static constexpr std::uint8_t interned_flag = 4;  // in the obarray
    // Buffer-local variables (buffer_locals.hpp). The value cell always
    // holds the binding seen in the current buffer, so reading a variable
    // costs the same whether or not it is buffer-local.
    static constexpr std::uint8_t forwarded_flag = 8;  // value lives in a C++ Buffer field; `value` stays Qunbound
    static constexpr std::uint8_t localized_flag = 16; // some buffer may have a local binding
    static constexpr std::uint8_t local_if_set_flag = 32; // make-variable-buffer-local
    static constexpr std::uint8_t loaded_flag = 64;    // `value` is the current buffer's local binding
    static constexpr std::uint8_t always_local_flag = 128; // every buffer has a binding (buffer-read-only...)
    // In m_small: add-variable-watcher watches it, so every write calls
    // the watchers first (variables.hpp).
    static constexpr std::uint16_t trapped_write_flag = 1;
    Value name;     // a String
    Value value;    // Qunbound when void
    Value function; // nil when void, as in Emacs
    Value plist;
    // The default value while `value` holds a local binding (loaded_flag);
    // otherwise unused (the default is in `value`).
    Value default_value;
    bool special() const { return m_flags & special_flag; }
    bool constant() const { return m_flags & constant_flag; }
    bool localized() const { return m_flags & localized_flag; }
    bool loaded() const { return m_flags & loaded_flag; }
};

// A vector, or a record (`record`, `make-record`, #s(TYPE ...)): the same
// slots with TYPE in slot 0, but not a sequence, so cl-defstruct and EIEIO
// objects are told apart from vectors as in Emacs. A byte-code function
// (#[ARGS CODE CONSTANTS DEPTH ...], bytecode.hpp) is slots too.
struct Vector : Object {
    static constexpr std::uint8_t record_flag = 1;
    static constexpr std::uint8_t compiled_flag = 2;
    std::vector<Value> items;
    bool record() const { return m_flags & record_flag; }
    bool compiled() const { return m_flags & compiled_flag; }
};

struct SubrDef;
struct Subr : Object {
    const SubrDef* def;
};

// Extension objects: buffers, markers, processes and anything a module adds.
// The class supplies behaviour, the object holds a pointer to module data.
struct ExtObject;
struct ExtClass {
    const char* type_name; // what type-of returns
    // Pushes the Values `data` refers to (may be null).
    void (*mark)(ExtObject*, void (*mark_value)(Value)) = nullptr;
    // Releases `data` when the object dies (may be null).
    void (*finalize)(ExtObject*) = nullptr;
    // Writes the printed representation, e.g. "#<buffer x>".
    void (*print)(ExtObject*, std::string& out) = nullptr;
    // What the language asks of the editor's objects goes through their
    // class, never a global hook (may be null: the object cannot):
    // The object as a number where Emacs takes integer-or-marker-p (a
    // marker's position).
    Value (*as_number)(ExtObject*) = nullptr;
    // The object as an output stream for print and friends: inserts
    // internal text (a buffer at point, a marker at the marker).
    void (*write)(ExtObject*, std::string_view internal) = nullptr;
    // Does the stream take multibyte text (null: yes; a unibyte buffer not)?
    bool (*multibyte_stream)(ExtObject*) = nullptr;
    // The object as an input stream for `read': the next object of its
    // text (a buffer's from point, a marker's from the marker), moving past it.
    Value (*read)(ExtObject*) = nullptr;
    // The representation princ and format's %s write, where it is not
    // `print's (may be null): a live buffer's name, as Emacs's print.c.
    void (*print_unescaped)(ExtObject*, std::string& out) = nullptr;
    // Whether `equal' holds between two objects of this class, where
    // Emacs's internal_equal looks inside them (null: only an object
    // itself): a marker equals one in the same buffer at the same position.
    // `hash' agrees with it, for sxhash-equal and equal hash tables.
    bool (*equal)(ExtObject*, ExtObject*) = nullptr;
    std::uint64_t (*hash)(ExtObject*) = nullptr;
};
struct ExtObject : Object {
    const ExtClass* cls;
    void* data;
};

// The extension object v is, or null.
inline ExtObject* ext_object(Value v)
{
    if (!v.is_object())
        return nullptr;
    Type t = v.type();
    return t == Type::Buffer || t == Type::Marker || t == Type::Process || t == Type::Ext
               ? static_cast<ExtObject*>(v.as_object())
               : nullptr;
}

struct HashTable;

} // namespace gapmacs::lisp

namespace gapmacs::lisp {

// User: a test define-hash-table-test named (its functions called from Lisp).
enum class HashTest : std::uint8_t { Eq, Eql, Equal, User };

// Emacs's layout: `size` slots holding key/value pairs in insertion order, a
// free list through `next` (a removed slot is reused first, so printing
// order matches Emacs after remhash), and hash buckets chaining slots.
struct HashTable : Object {
    HashTest test = HashTest::Eql;
    std::int32_t next_free = -1;
    std::vector<Value> kv;            // 2 * size; an empty key marks a free slot
    std::vector<std::int32_t> next;   // chain (or free list) successor, -1 ends
    std::vector<std::uint64_t> hash;  // per slot
    std::vector<std::int32_t> bucket; // power-of-two count, -1 empty
    std::int64_t count = 0;
    // For HashTest::User: (NAME COMPARE HASH), as define-hash-table-test
    // gave them when the table was made.
    Value user;
    Value user_name() const { return xcar_of(user, 0); }
    Value user_compare() const { return xcar_of(user, 1); }
    Value user_hash() const { return xcar_of(user, 2); }
    std::int64_t size() const { return static_cast<std::int64_t>(next.size()); }

private:
    static Value xcar_of(Value list, int n)
    {
        for (; n > 0; --n)
            list = list.as_cons()->cdr;
        return list.as_cons()->car;
    }
};

} // namespace gapmacs::lisp

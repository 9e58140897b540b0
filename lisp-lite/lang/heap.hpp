// The lisp-lite heap: allocator and non-moving mark-and-sweep collector.
//
// Objects live in 64 KB aligned blocks, one size class per block (16-byte
// cons cells in blocks of their own; 16/32/64/128-byte headed objects in
// others). Each block has an allocation and a mark bitmap, so a word found
// on the C++ stack is checked in O(1): mask to the block, look the block up
// in a hash set, check the slot's allocation bit.
//
// Roots: a conservative scan of the C++ stack (registers flushed first), then
// precise marking of registered root sources (obarray, specpdl, the value
// stack, handler stacks) and of GcRoot nodes (in-flight exceptions,
// temporary C++ vectors of Values). Marking uses an explicit stack.
//
// A collection runs inside an allocation when the bytes allocated since the
// last one exceed the threshold (gc-cons-threshold, read through a callback);
// with GAPMACS_GC_STRESS=1 in the environment, at every allocation.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lisp-lite/lang/value.hpp"

namespace gapmacs::lisp {

// Must run before any allocation (records the stack bounds, reads
// GAPMACS_GC_STRESS). Idempotent.
void heap_init();

Value make_cons(Value car, Value cdr);
Value make_float(double d);
// `bytes` is internal text; multibyte says how Lisp sees chars >= 0x80.
Value make_string_raw(std::string bytes, std::int64_t nchars, bool multibyte);
// A dying string leaves the character-offset cache (data.cpp).
void forget_string_offset(const String* s);
Symbol* alloc_symbol();
Vector* alloc_vector();
HashTable* alloc_hash_table();
Subr* alloc_subr();
ExtObject* alloc_ext(Type type, const ExtClass* cls, void* data);
// Counts bytes allocated outside the heap (string growth, vector items) so
// they count towards the next collection, as Emacs counts them.
void note_allocated_bytes(std::size_t n);

// Collects now (garbage-collect).
void collect_garbage();

// While one exists, a collection that falls due waits, until what was
// allocated since the last one reaches kDeferredGrowth times the threshold,
// or kDeferredBytes if that is more. A collection marks the whole live heap
// (0.8 s with a million overlays of grep hits; 30 ms in the editor with
// nothing big), so the editor holds one while the user types, and the
// collector runs in the pause after a burst of keys instead of inside it.
// The floor is for a small heap beside a fast stream: a coloured shell
// stream allocates four times the default threshold in half a second.
class CollectionDeferral {
public:
    static constexpr int kDeferredGrowth = 4;
    static constexpr std::int64_t kDeferredBytes = std::int64_t(64) << 20;
    CollectionDeferral();
    ~CollectionDeferral();
    CollectionDeferral(const CollectionDeferral&) = delete;
    CollectionDeferral& operator=(const CollectionDeferral&) = delete;
};

// Pushes v on the mark stack (for ExtClass::mark and root sources).
void mark_value(Value v);
inline void mark_values(const Value* v, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        mark_value(v[i]);
}

// A source of precise roots, called at every collection.
using RootSource = void (*)();
void add_root_source(RootSource fn);
// A permanent global root (a static Value).
void add_root(Value* v);

// A node in the list of temporary roots; links itself on construction, so
// Values in C++-heap memory (an exception in flight, a std::vector) survive
// a collection. Unlinks in any order.
class GcRoot {
public:
    GcRoot(Value* values, std::size_t n);
    explicit GcRoot(std::vector<Value>* vec);
    ~GcRoot();
    GcRoot(const GcRoot&) = delete;
    GcRoot& operator=(const GcRoot&) = delete;
    void mark() const;
    const GcRoot* next() const { return m_next; }

private:
    GcRoot* m_prev = nullptr;
    GcRoot* m_next = nullptr;
    Value* m_values = nullptr;
    std::size_t m_count = 0;
    std::vector<Value>* m_vec = nullptr;
};

// A std::vector of Values that is a root while it exists.
class RootedVector {
public:
    RootedVector() : m_root(&m_items) {}
    std::vector<Value>& items() { return m_items; }
    void push_back(Value v) { m_items.push_back(v); }
    std::size_t size() const { return m_items.size(); }
    Value& operator[](std::size_t i) { return m_items[i]; }

private:
    std::vector<Value> m_items;
    GcRoot m_root;
};

using ThresholdFn = std::int64_t (*)();
void set_gc_threshold_source(ThresholdFn fn);
// Runs at the end of each collection (may allocate; no collection nests).
using PostGcHook = void (*)();
void set_post_gc_hook(PostGcHook fn);

struct HeapStats {
    std::size_t live_objects = 0; // allocated cells (conses included)
    std::size_t live_bytes = 0;   // cells plus the bytes strings/vectors own
    std::size_t blocks = 0;
};
HeapStats heap_stats();
std::int64_t gcs_done();
// Bytes in live cells after the last collection (for gc-cons-percentage).
std::size_t heap_size_after_gc();
double gc_elapsed_seconds();
bool gc_stress_enabled();
// With spare_loads, a library loaded from then on loads unstressed
// (GcStressLoadPause), as under GAPMACS_GC_STRESS=tests from the start.
void set_gc_stress(bool on, bool spare_loads = false);
// Under GAPMACS_GC_STRESS=tests, or once the test runner starts the tests,
// a library that a test loads (visiting a C file loads CC Mode) loads
// unstressed: the tests' own code is what is stressed there; loading is
// what loadup's stress run checks. Held by load.
class GcStressLoadPause {
public:
    GcStressLoadPause();
    ~GcStressLoadPause();
    GcStressLoadPause(const GcStressLoadPause&) = delete;
    GcStressLoadPause& operator=(const GcStressLoadPause&) = delete;

private:
    bool m_paused = false;
};

// True while a collection runs (finalizers must not allocate).
bool gc_in_progress();

// C++ stack bounds of the main thread, for the evaluator's overflow guard.
std::uintptr_t stack_low_limit();

} // namespace gapmacs::lisp

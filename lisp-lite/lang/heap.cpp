#include "lisp-lite/lang/heap.hpp"

#include "lisp-lite/lang/bignum.hpp"
#include "lisp-lite/lang/host.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <unordered_set>

extern "C" void* __libc_stack_end; // glibc: the initial thread's stack base

namespace gapmacs::lisp {

namespace {

constexpr std::size_t block_bytes = std::size_t(1) << 16;
constexpr std::size_t bitmap_words = block_bytes / 16 / 64;

struct Block {
    std::uint8_t shift;      // log2 of the slot size
    bool cons;               // slots are headerless Cons cells
    std::uint8_t size_class;
    std::uint32_t nslots;
    std::uint32_t live;
    std::uint64_t alloc[bitmap_words];
    std::uint64_t mark[bitmap_words];
};
constexpr std::size_t data_offset = (sizeof(Block) + 127) & ~std::size_t(127);

// Size classes: 0 = cons, then headed objects of 16, 32, 64, 128 bytes.
constexpr int class_count = 5;
constexpr std::uint8_t class_shift[class_count] = {4, 4, 5, 6, 7};

template <typename T>
constexpr int class_for()
{
    static_assert(sizeof(T) <= 128, "heap object too large for the size classes");
    return sizeof(T) <= 16 ? 1 : sizeof(T) <= 32 ? 2 : sizeof(T) <= 64 ? 3 : 4;
}

struct FreeSlot {
    std::uint64_t header; // type Free for headed objects
    FreeSlot* next;
};

struct HeapState {
    bool initialized = false;
    std::vector<Block*> blocks;
    std::unordered_set<std::uintptr_t> block_set;
    FreeSlot* free_head[class_count] = {};
    // A fresh block hands out its slots in order without threading them
    // first, so start-up touches only the memory it uses.
    Block* bump_block[class_count] = {};
    std::uint32_t bump_next[class_count] = {};
    std::size_t since_gc = 0;
    std::size_t next_check = 100000;
    bool stress = false;
    bool stress_spares_loads = false; // GAPMACS_GC_STRESS=tests
    // Under stress, a collection every `stress_every` allocations (1: each).
    std::uint32_t stress_every = 1;
    std::uint32_t stress_count = 0;
    bool collecting = false;
    int deferrals = 0; // live CollectionDeferral objects
    std::int64_t gcs = 0;
    double elapsed = 0;
    std::size_t live_after_gc = 0;
    std::vector<Value> mark_stack;
    std::vector<RootSource> sources;
    std::vector<Value*> roots;
    GcRoot* temp_roots = nullptr;
    ThresholdFn threshold = nullptr;
    PostGcHook post_gc = nullptr;
    std::uintptr_t stack_hi = 0;
    std::uintptr_t stack_lo = 0;
};

HeapState& heap()
{
    // Never destroyed: objects may be touched by other static destructors,
    // and LeakSanitizer's check at exit must still see the blocks (a
    // destroyed block table made every live block look leaked).
    static HeapState& h = *new HeapState;
    return h;
}

inline Block* block_of(std::uintptr_t p) { return reinterpret_cast<Block*>(p & ~(block_bytes - 1)); }
inline std::size_t slot_index(Block* b, std::uintptr_t p)
{
    return (p - reinterpret_cast<std::uintptr_t>(b) - data_offset) >> b->shift;
}
inline char* slot_address(Block* b, std::size_t i)
{
    return reinterpret_cast<char*>(b) + data_offset + (i << b->shift);
}
inline bool test_bit(const std::uint64_t* bits, std::size_t i) { return bits[i >> 6] >> (i & 63) & 1; }
inline void set_bit(std::uint64_t* bits, std::size_t i) { bits[i >> 6] |= std::uint64_t(1) << (i & 63); }
inline void clear_bit(std::uint64_t* bits, std::size_t i) { bits[i >> 6] &= ~(std::uint64_t(1) << (i & 63)); }

void new_block(int cls)
{
    auto& h = heap();
    h.blocks.reserve(h.blocks.size() + 1); // may throw before the block is taken
    void* mem = std::aligned_alloc(block_bytes, block_bytes);
    if (!mem)
        throw std::bad_alloc();
    auto* b = new (mem) Block{};
    b->shift = class_shift[cls];
    b->cons = cls == 0;
    b->size_class = static_cast<std::uint8_t>(cls);
    b->nslots = static_cast<std::uint32_t>((block_bytes - data_offset) >> b->shift);
    b->live = 0;
    h.blocks.push_back(b);
    h.block_set.insert(reinterpret_cast<std::uintptr_t>(b));
    h.bump_block[cls] = b;
    h.bump_next[cls] = 0;
}

void maybe_collect();

void* allocate(int cls)
{
    auto& h = heap();
    h.since_gc += std::size_t(1) << class_shift[cls];
    if (h.since_gc >= h.next_check || h.stress)
        maybe_collect();
    void* f;
    if (h.free_head[cls]) {
        f = h.free_head[cls];
        h.free_head[cls] = h.free_head[cls]->next;
    } else {
        if (!h.bump_block[cls] || h.bump_next[cls] == h.bump_block[cls]->nslots)
            new_block(cls);
        f = slot_address(h.bump_block[cls], h.bump_next[cls]++);
    }
    auto p = reinterpret_cast<std::uintptr_t>(f);
    Block* b = block_of(p);
    set_bit(b->alloc, slot_index(b, p));
    ++b->live;
    return f;
}

template <typename T>
T* alloc_headed(Type type)
{
    void* p = allocate(class_for<T>());
    T* o = new (p) T();
    o->m_type = type;
    return o;
}

// ---- marking ----

void mark_children(Value v)
{
    if (v.is_cons()) {
        Cons* c = v.as_cons();
        mark_value(c->car);
        mark_value(c->cdr);
        return;
    }
    Object* o = v.as_object();
    switch (o->m_type) {
    case Type::Symbol: {
        auto* s = static_cast<Symbol*>(o);
        mark_value(s->name);
        mark_value(s->value);
        mark_value(s->function);
        mark_value(s->plist);
        mark_value(s->default_value);
        break;
    }
    case Type::Vector: {
        auto* vec = static_cast<Vector*>(o);
        mark_values(vec->items.data(), vec->items.size());
        break;
    }
    case Type::String: {
        // Only strings with text properties get here: their plists.
        if (auto* props = static_cast<String*>(o)->props.get())
            props->for_each_run([](const TextProperties::Run& run) { mark_value(Value::from_bits(run.plist)); });
        break;
    }
    case Type::HashTable: {
        auto* ht = static_cast<HashTable*>(o);
        mark_values(ht->kv.data(), ht->kv.size());
        if (ht->test == HashTest::User)
            mark_value(ht->user);
        break;
    }
    case Type::Buffer:
    case Type::Marker:
    case Type::Process:
    case Type::Ext: {
        auto* e = static_cast<ExtObject*>(o);
        if (e->cls->mark)
            e->cls->mark(e, mark_value);
        break;
    }
    default:
        break;
    }
}

void drain_mark_stack()
{
    auto& st = heap().mark_stack;
    while (!st.empty()) {
        Value v = st.back();
        st.pop_back();
        mark_children(v);
    }
}

// A word from the stack that may point into (or at) an allocated cell.
void mark_ambiguous(std::uintptr_t w)
{
    auto& h = heap();
    Block* b = block_of(w);
    if (!h.block_set.count(reinterpret_cast<std::uintptr_t>(b)))
        return;
    std::uintptr_t off = w - reinterpret_cast<std::uintptr_t>(b);
    if (off < data_offset)
        return;
    std::size_t i = (off - data_offset) >> b->shift;
    if (i >= b->nslots || !test_bit(b->alloc, i))
        return;
    auto addr = reinterpret_cast<std::uintptr_t>(slot_address(b, i));
    mark_value(b->cons ? Value::from_bits(addr | 2) : Value::from_bits(addr));
}

__attribute__((no_sanitize_address, noinline)) void scan_stack_range()
{
    // This frame lies below the caller's, which holds the flushed registers.
    volatile std::uintptr_t here = 0;
    auto lo = reinterpret_cast<std::uintptr_t>(&here) & ~std::uintptr_t(7);
    std::uintptr_t hi = heap().stack_hi;
    for (std::uintptr_t p = lo; p + sizeof(std::uintptr_t) <= hi; p += sizeof(std::uintptr_t))
        mark_ambiguous(*reinterpret_cast<const std::uintptr_t*>(p));
}

// Flushes callee-saved registers into this frame, then scans everything from
// a deeper frame up to the stack's base.
__attribute__((noinline)) void scan_stack()
{
    std::jmp_buf regs;
    setjmp(regs);
    __builtin_unwind_init();
    scan_stack_range();
    // Keep regs alive past the scan.
    asm volatile("" : : "r"(&regs) : "memory");
}

void mark_roots()
{
    auto& h = heap();
    for (Value* v : h.roots)
        mark_value(*v);
    for (RootSource fn : h.sources)
        fn();
    if (LanguageHost* host = language_host())
        host->mark_values();
    for (const GcRoot* r = h.temp_roots; r; r = r->next())
        r->mark();
    scan_stack();
}

// ---- sweeping ----

void finalize(Object* o)
{
    switch (o->m_type) {
    case Type::String:
        forget_string_offset(static_cast<String*>(o));
        static_cast<String*>(o)->~String();
        break;
    case Type::Vector: static_cast<Vector*>(o)->~Vector(); break;
    case Type::Bignum: static_cast<Bignum*>(o)->~Bignum(); break;
    case Type::HashTable: static_cast<HashTable*>(o)->~HashTable(); break;
    case Type::Buffer:
    case Type::Marker:
    case Type::Process:
    case Type::Ext: {
        auto* e = static_cast<ExtObject*>(o);
        if (e->cls->finalize)
            e->cls->finalize(e);
        break;
    }
    default: break;
    }
}

void sweep()
{
    auto& h = heap();
    // Both reserved before anything changes: the sweep itself cannot fail.
    std::vector<Block*> kept;
    kept.reserve(h.blocks.size());
    std::vector<Block*> empty;
    empty.reserve(h.blocks.size());
    for (auto& f : h.free_head)
        f = nullptr;
    // Unused slots of the bump blocks are free too: the lists below get them.
    for (auto& b : h.bump_block)
        b = nullptr;
    std::size_t live_bytes = 0;
    for (Block* b : h.blocks) {
        std::uint32_t live = 0;
        for (std::size_t w = 0; w < bitmap_words; ++w) {
            std::uint64_t dead = b->alloc[w] & ~b->mark[w];
            while (dead) {
                std::size_t i = w * 64 + static_cast<std::size_t>(__builtin_ctzll(dead));
                dead &= dead - 1;
                if (!b->cons)
                    finalize(reinterpret_cast<Object*>(slot_address(b, i)));
                clear_bit(b->alloc, i);
            }
            live += static_cast<std::uint32_t>(__builtin_popcountll(b->alloc[w]));
        }
        b->live = live;
        live_bytes += static_cast<std::size_t>(live) << b->shift;
        (live == 0 ? empty : kept).push_back(b);
    }
    // Keep as many empty blocks as there are used ones (at least 16), so a
    // steady allocation rate does not map and unmap memory every cycle;
    // give the rest back after the heap has shrunk.
    std::size_t keep_empty = std::max<std::size_t>(16, kept.size());
    for (std::size_t i = 0; i < empty.size(); ++i) {
        if (i < keep_empty) {
            kept.push_back(empty[i]);
        } else {
            h.block_set.erase(reinterpret_cast<std::uintptr_t>(empty[i]));
            std::free(empty[i]);
        }
    }
    for (Block* b : kept) {
        for (std::size_t i = b->nslots; i-- > 0;) {
            if (test_bit(b->alloc, i))
                continue;
            auto* f = reinterpret_cast<FreeSlot*>(slot_address(b, i));
            f->header = 0;
            f->next = h.free_head[b->size_class];
            h.free_head[b->size_class] = f;
        }
    }
    h.blocks.swap(kept);
    h.live_after_gc = live_bytes;
}

// A test stressed with =tests collects at every 16th allocation, and
// at every (live KB / 32)th once the libraries it uses make the heap
// large: a collection costs what is live (0.6 ms at batch start, 7 ms
// with project.el and xref.el), and a test that ran in one second took
// five minutes at every 16th.
std::size_t stress_interval(const HeapState& h)
{
    if (!h.stress_spares_loads)
        return h.stress_every;
    return std::max<std::size_t>(h.stress_every, h.live_after_gc / (32 * 1024));
}

void maybe_collect()
{
    auto& h = heap();
    if (h.collecting)
        return;
    if (h.stress) {
        if (++h.stress_count >= stress_interval(h)) {
            h.stress_count = 0;
            collect_garbage();
        }
        return;
    }
    std::int64_t threshold = h.threshold ? h.threshold() : 800000;
    if (threshold < 10000)
        threshold = 10000;
    if (h.deferrals > 0)
        threshold = std::max(std::min<std::int64_t>(threshold, std::int64_t(1) << 56) * CollectionDeferral::kDeferredGrowth,
                             CollectionDeferral::kDeferredBytes);
    if (h.since_gc >= static_cast<std::size_t>(threshold)) {
        collect_garbage();
        return;
    }
    std::size_t step = std::min<std::size_t>(static_cast<std::size_t>(threshold) - h.since_gc, 65536);
    h.next_check = h.since_gc + step;
}

} // namespace

void heap_init()
{
    auto& h = heap();
    if (h.initialized)
        return;
    h.initialized = true;
    // GAPMACS_GC_STRESS=1: a collection at every allocation from the start;
    // =N: at every Nth; =tests: only once the test runner turns it on
    // (set_gc_stress), every 16th allocation: the editor's Lisp loads at
    // normal speed, and its large heap does not make each collection of
    // the tests' code too slow.
    const char* stress = std::getenv("GAPMACS_GC_STRESS");
    const std::string mode = stress ? stress : "";
    h.stress = !mode.empty() && mode != "0" && mode != "tests";
    if (h.stress && mode.find_first_not_of("0123456789") == std::string::npos && mode.size() < 6)
        h.stress_every = static_cast<std::uint32_t>(std::stoul(mode));
    if (mode == "tests") {
        h.stress_every = 16;
        h.stress_spares_loads = true;
    }
    // The main thread's stack: its base from glibc, its extent from the
    // stack rlimit (pthread_getattr_np would parse /proc/self/maps, which
    // costs more than the rest of start-up).
    h.stack_hi = reinterpret_cast<std::uintptr_t>(__libc_stack_end);
    struct rlimit rl;
    std::uintptr_t size = 8u << 20;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        size = rl.rlim_cur;
    // Environment strings and auxv sit above __libc_stack_end; the scan
    // starts below them, which is where every frame lives.
    h.stack_hi = (h.stack_hi + 4095) & ~std::uintptr_t(4095);
    h.stack_lo = h.stack_hi > size ? h.stack_hi - size + 64 * 1024 : 0;
    h.mark_stack.reserve(4096);
}

void mark_value(Value v)
{
    if (!v.is_pointer())
        return;
    auto p = reinterpret_cast<std::uintptr_t>(v.pointer());
    Block* b = block_of(p);
    std::size_t i = slot_index(b, p);
    std::uint64_t bit = std::uint64_t(1) << (i & 63);
    std::uint64_t& word = b->mark[i >> 6];
    if (word & bit)
        return;
    word |= bit;
    // Leaf objects need no visit.
    if (v.is_object()) {
        Type t = v.type();
        if (t == Type::Float || t == Type::Subr || t == Type::Bignum ||
            (t == Type::String && !static_cast<String*>(v.as_object())->props))
            return;
    }
    heap().mark_stack.push_back(v);
}

void collect_garbage()
{
    auto& h = heap();
    if (h.collecting)
        return;
    h.collecting = true;
    // Out of memory while marking (the mark stack grows) abandons the
    // collection safely, since marks are cleared at the start of each one;
    // the flag must not stay set, or no collection would ever run again.
    struct Collecting {
        bool& flag;
        ~Collecting() { flag = false; }
    } collecting{h.collecting};
    auto start = std::chrono::steady_clock::now();
    for (Block* b : h.blocks)
        std::memset(b->mark, 0, sizeof b->mark);
    mark_roots();
    drain_mark_stack();
    sweep();
    h.since_gc = 0;
    std::int64_t threshold = h.threshold ? h.threshold() : 800000;
    h.next_check = static_cast<std::size_t>(std::min<std::int64_t>(std::max<std::int64_t>(threshold, 10000), 65536));
    ++h.gcs;
    h.elapsed += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Still flagged as collecting: what the hook allocates cannot recurse.
    if (h.post_gc)
        h.post_gc();
}

Value make_cons(Value car, Value cdr)
{
    auto* c = static_cast<Cons*>(allocate(0));
    c->car = car;
    c->cdr = cdr;
    return Value::cons(c);
}

Value make_float(double d)
{
    auto* f = alloc_headed<Float>(Type::Float);
    f->value = d;
    return Value::object(f);
}

Value make_bignum(const mpz_class& z)
{
    note_allocated_bytes(mpz_size(z.get_mpz_t()) * sizeof(mp_limb_t));
    auto* b = alloc_headed<Bignum>(Type::Bignum);
    b->value = z;
    return Value::object(b);
}

Value make_string_raw(std::string bytes, std::int64_t nchars, bool multibyte)
{
    note_allocated_bytes(bytes.size());
    auto* s = alloc_headed<String>(Type::String);
    s->bytes = std::move(bytes);
    s->nchars = nchars;
    if (multibyte)
        s->m_flags |= String::multibyte_flag;
    return Value::object(s);
}

Symbol* alloc_symbol()
{
    auto* s = alloc_headed<Symbol>(Type::Symbol);
    return s;
}

Vector* alloc_vector() { return alloc_headed<Vector>(Type::Vector); }
HashTable* alloc_hash_table() { return alloc_headed<HashTable>(Type::HashTable); }
Subr* alloc_subr() { return alloc_headed<Subr>(Type::Subr); }

ExtObject* alloc_ext(Type type, const ExtClass* cls, void* data)
{
    auto* e = alloc_headed<ExtObject>(type);
    e->cls = cls;
    e->data = data;
    return e;
}

void note_allocated_bytes(std::size_t n) { heap().since_gc += n; }

void add_root_source(RootSource fn) { heap().sources.push_back(fn); }
void add_root(Value* v) { heap().roots.push_back(v); }
CollectionDeferral::CollectionDeferral() { ++heap().deferrals; }

CollectionDeferral::~CollectionDeferral()
{
    auto& h = heap();
    // A collection that waited is checked at the next allocation.
    if (--h.deferrals == 0)
        h.next_check = h.since_gc;
}

void set_gc_threshold_source(ThresholdFn fn) { heap().threshold = fn; }
void set_post_gc_hook(PostGcHook fn) { heap().post_gc = fn; }

GcRoot::GcRoot(Value* values, std::size_t n) : m_values(values), m_count(n)
{
    auto& h = heap();
    m_next = h.temp_roots;
    if (m_next)
        m_next->m_prev = this;
    h.temp_roots = this;
}

GcRoot::GcRoot(std::vector<Value>* vec) : GcRoot(nullptr, 0) { m_vec = vec; }

GcRoot::~GcRoot()
{
    if (m_prev)
        m_prev->m_next = m_next;
    else
        heap().temp_roots = m_next;
    if (m_next)
        m_next->m_prev = m_prev;
}

void GcRoot::mark() const
{
    mark_values(m_values, m_count);
    if (m_vec)
        mark_values(m_vec->data(), m_vec->size());
}

HeapStats heap_stats()
{
    HeapStats s;
    for (Block* b : heap().blocks) {
        ++s.blocks;
        for (std::size_t i = 0; i < b->nslots; ++i) {
            if (!test_bit(b->alloc, i))
                continue;
            ++s.live_objects;
            s.live_bytes += std::size_t(1) << b->shift;
            if (b->cons)
                continue;
            auto* o = reinterpret_cast<Object*>(slot_address(b, i));
            if (o->m_type == Type::String)
                s.live_bytes += static_cast<String*>(o)->bytes.capacity();
            else if (o->m_type == Type::Vector)
                s.live_bytes += static_cast<Vector*>(o)->items.capacity() * sizeof(Value);
        }
    }
    return s;
}

std::int64_t gcs_done() { return heap().gcs; }
std::size_t heap_size_after_gc() { return heap().live_after_gc; }
double gc_elapsed_seconds() { return heap().elapsed; }
bool gc_stress_enabled() { return heap().stress; }
void set_gc_stress(bool on, bool spare_loads)
{
    heap().stress = on;
    if (spare_loads)
        heap().stress_spares_loads = true;
}

GcStressLoadPause::GcStressLoadPause()
{
    auto& h = heap();
    if (h.stress && h.stress_spares_loads) {
        h.stress = false;
        m_paused = true;
    }
}

GcStressLoadPause::~GcStressLoadPause()
{
    if (m_paused)
        heap().stress = true;
}
bool gc_in_progress() { return heap().collecting; }
std::uintptr_t stack_low_limit() { return heap().stack_lo; }

} // namespace gapmacs::lisp

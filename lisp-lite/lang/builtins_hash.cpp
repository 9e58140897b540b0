// Hash tables with eq / eql / equal tests, laid out as Emacs's are (slots in
// insertion order, a free list reused first, growth by 1.5) so printing and
// maphash order match Emacs.
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/reader.hpp"

namespace gapmacs::lisp {

namespace {

std::uint64_t hash_of(HashTable* h, Value key)
{
    switch (h->test) {
    case HashTest::Eq: return key.bits() * 0x9E3779B97F4A7C15ull;
    case HashTest::Eql:
        if (floatp(key) || bignump(key))
            return sxhash_equal(key);
        return key.bits() * 0x9E3779B97F4A7C15ull;
    case HashTest::Equal: return sxhash_equal(key);
    case HashTest::User: {
        // Any value will do as the hash, as in Emacs's hashfn_user_defined.
        const Value hash = call1(h->user_hash(), key);
        return fixnump(hash) ? hash.bits() * 0x9E3779B97F4A7C15ull : sxhash_equal(hash);
    }
    }
    return 0;
}

bool same_key(HashTable* h, Value a, Value b)
{
    switch (h->test) {
    case HashTest::Eq: return a == b;
    case HashTest::Eql: return eql(a, b);
    case HashTest::Equal: return equal(a, b);
    case HashTest::User: return !nilp(call2(h->user_compare(), a, b));
    }
    return false;
}

void rebuild_buckets(HashTable* h)
{
    std::size_t nb = 8;
    while (nb < static_cast<std::size_t>(h->size()) * 5 / 4 + 1)
        nb <<= 1;
    h->bucket.assign(nb, -1);
    for (std::int64_t i = 0; i < h->size(); ++i) {
        if (h->kv[static_cast<std::size_t>(2 * i)].is_empty())
            continue;
        std::size_t b = h->hash[static_cast<std::size_t>(i)] & (nb - 1);
        h->next[static_cast<std::size_t>(i)] = h->bucket[b];
        h->bucket[b] = static_cast<std::int32_t>(i);
    }
}

void resize(HashTable* h, std::int64_t new_size)
{
    std::int64_t old = h->size();
    h->kv.resize(static_cast<std::size_t>(2 * new_size));
    h->next.resize(static_cast<std::size_t>(new_size), -1);
    h->hash.resize(static_cast<std::size_t>(new_size), 0);
    note_allocated_bytes(static_cast<std::size_t>(new_size - old) * 32);
    // New slots go on the free list in index order.
    for (std::int64_t i = new_size - 1; i >= old; --i) {
        h->next[static_cast<std::size_t>(i)] = h->next_free;
        h->next_free = static_cast<std::int32_t>(i);
    }
    // Free slots left in the old part keep their free-list links, which
    // rebuild_buckets must not clobber: collect them first.
    std::vector<std::int32_t> free_list;
    for (std::int32_t f = h->next_free; f >= 0; f = h->next[static_cast<std::size_t>(f)])
        free_list.push_back(f);
    rebuild_buckets(h);
    for (std::size_t i = 0; i < free_list.size(); ++i)
        h->next[static_cast<std::size_t>(free_list[i])] = i + 1 < free_list.size() ? free_list[i + 1] : -1;
}

std::int32_t find_slot(HashTable* h, Value key, std::uint64_t hv)
{
    if (h->bucket.empty())
        return -1;
    std::size_t b = hv & (h->bucket.size() - 1);
    // A user test's function may change the table (Emacs leaves that
    // undefined): a chain index past the end stops the search.
    for (std::int32_t i = h->bucket[b]; i >= 0 && static_cast<std::size_t>(i) < h->next.size();
         i = h->next[static_cast<std::size_t>(i)])
        if (h->hash[static_cast<std::size_t>(i)] == hv && same_key(h, h->kv[static_cast<std::size_t>(2 * i)], key))
            return i;
    return -1;
}

// eq, eql (nil), equal, or a name define-hash-table-test gave (its
// `hash-table-test' property: (COMPARE HASH)). Read before the table is
// made: nothing here allocates.
struct TestSpec {
    HashTest test;
    Value spec; // (COMPARE HASH) of a user test
};

TestSpec test_spec(Value test)
{
    if (nilp(test) || test == Qeql)
        return {HashTest::Eql, Qnil};
    if (test == Qeq)
        return {HashTest::Eq, Qnil};
    if (test == Qequal)
        return {HashTest::Equal, Qnil};
    const Value spec = symbolp(test) ? symbol_get(test, Qhash_table_test) : Qnil;
    if (!consp(spec) || !consp(xcdr(spec)))
        xsignal2(Qerror, make_string("Invalid hash table test"), test);
    return {HashTest::User, spec};
}

} // namespace

Value make_hash_table_with_test(Value test, std::int64_t size)
{
    const TestSpec spec = test_spec(test);
    // The list first: the table is not rooted until returned.
    Value user = spec.test == HashTest::User ? list({test, xcar(spec.spec), xcar(xcdr(spec.spec))}) : Qnil;
    GcRoot root(&user, 1);
    HashTable* h = alloc_hash_table();
    Value table = Value::object(h);
    h->test = spec.test;
    h->user = user;
    resize(h, size < 1 ? 1 : size);
    return table;
}

Value hash_get(Value table, Value key, Value dflt)
{
    HashTable* h = xhash(table);
    std::int32_t i = find_slot(h, key, hash_of(h, key));
    return i < 0 ? dflt : h->kv[static_cast<std::size_t>(2 * i + 1)];
}

void hash_put(Value table, Value key, Value value)
{
    HashTable* h = xhash(table);
    std::uint64_t hv = hash_of(h, key);
    std::int32_t i = find_slot(h, key, hv);
    if (i >= 0) {
        h->kv[static_cast<std::size_t>(2 * i + 1)] = value;
        return;
    }
    if (h->next_free < 0) {
        std::int64_t old = h->size();
        std::int64_t grown = static_cast<std::int64_t>(static_cast<double>(old) * 1.5);
        resize(h, grown > old ? grown : old + 1);
    }
    i = h->next_free;
    h->next_free = h->next[static_cast<std::size_t>(i)];
    h->kv[static_cast<std::size_t>(2 * i)] = key;
    h->kv[static_cast<std::size_t>(2 * i + 1)] = value;
    h->hash[static_cast<std::size_t>(i)] = hv;
    std::size_t b = hv & (h->bucket.size() - 1);
    h->next[static_cast<std::size_t>(i)] = h->bucket[b];
    h->bucket[b] = i;
    ++h->count;
}

namespace {

bool hash_remove(Value table, Value key)
{
    HashTable* h = xhash(table);
    std::uint64_t hv = hash_of(h, key);
    std::size_t b = hv & (h->bucket.size() - 1);
    std::int32_t prev = -1;
    for (std::int32_t i = h->bucket[b]; i >= 0; prev = i, i = h->next[static_cast<std::size_t>(i)]) {
        auto si = static_cast<std::size_t>(i);
        if (h->hash[si] != hv || !same_key(h, h->kv[2 * si], key))
            continue;
        if (prev < 0)
            h->bucket[b] = h->next[si];
        else
            h->next[static_cast<std::size_t>(prev)] = h->next[si];
        h->kv[2 * si] = Value();
        h->kv[2 * si + 1] = Value();
        h->next[si] = h->next_free;
        h->next_free = i;
        --h->count;
        return true;
    }
    return false;
}

Value f_make_hash_table(Args a)
{
    Value test = Qnil;
    std::int64_t size = 65;
    for (std::size_t i = 0; i < a.n; i += 2) {
        Value key = a[i];
        if (i + 1 >= a.n)
            xsignal2(Qerror, make_string("Invalid argument list"), key);
        Value val = a[i + 1];
        if (key == Qtest_kw)
            test = val;
        else if (key == Qsize_kw) {
            size = nilp(val) ? 65 : check_natnum(val);
            check_allocation(static_cast<double>(size) * 4 * sizeof(Value));
        }
        else if (key == Qweakness_kw || key == Qrehash_size_kw || key == Qrehash_threshold_kw || key == Qpurecopy_kw)
            continue; // accepted, without effect (docs/lisp-lite.md)
        else
            xsignal2(Qerror, make_string("Invalid argument list"), key);
    }
    return make_hash_table_with_test(test, size);
}

Value f_gethash(Args a) { return hash_get(check_hash_table(a[1]), a[0], a[2]); }

Value f_puthash(Args a)
{
    hash_put(check_hash_table(a[2]), a[0], a[1]);
    return a[1];
}

Value f_remhash(Args a)
{
    hash_remove(check_hash_table(a[1]), a[0]);
    return Qnil;
}

Value f_clrhash(Args a)
{
    HashTable* h = xhash(check_hash_table(a[0]));
    std::int64_t size = h->size();
    h->kv.clear();
    h->next.clear();
    h->hash.clear();
    h->next_free = -1;
    h->count = 0;
    resize(h, size);
    return a[0];
}

Value f_maphash(Args a)
{
    Value table = check_hash_table(a[1]);
    RootedVector pairs;
    HashTable* h = xhash(table);
    for (std::int64_t i = 0; i < h->size(); ++i) {
        auto si = static_cast<std::size_t>(i);
        if (h->kv[2 * si].is_empty())
            continue;
        pairs.push_back(h->kv[2 * si]);
        pairs.push_back(h->kv[2 * si + 1]);
    }
    for (std::size_t i = 0; i < pairs.size(); i += 2)
        call2(a[0], pairs[i], pairs[i + 1]);
    return Qnil;
}

Value f_hash_table_count(Args a) { return Value::fixnum(xhash(check_hash_table(a[0]))->count); }
Value f_hash_table_size(Args a) { return Value::fixnum(xhash(check_hash_table(a[0]))->size()); }
Value f_hash_table_p(Args a) { return boolean(a[0].is(Type::HashTable)); }

Value f_hash_table_test(Args a)
{
    switch (xhash(check_hash_table(a[0]))->test) {
    case HashTest::Eq: return Qeq;
    case HashTest::Eql: return Qeql;
    case HashTest::Equal: return Qequal;
    case HashTest::User: return xhash(a[0])->user_name();
    }
    return Qnil;
}

// (define-hash-table-test NAME TEST HASH): make-hash-table's :test NAME
// compares keys with TEST and hashes them with HASH.
Value f_define_hash_table_test(Args a)
{
    check_symbol(a[0]);
    const Value spec = list({a[1], a[2]});
    symbol_put(a[0], Qhash_table_test, spec);
    return spec;
}

Value collect(Value table, bool keys)
{
    HashTable* h = xhash(check_hash_table(table));
    RootedVector out;
    for (std::int64_t i = 0; i < h->size(); ++i) {
        auto si = static_cast<std::size_t>(i);
        if (!h->kv[2 * si].is_empty())
            out.push_back(h->kv[2 * si + (keys ? 0 : 1)]);
    }
    return list_from(out);
}

Value f_hash_table_keys(Args a) { return collect(a[0], true); }
Value f_hash_table_values(Args a) { return collect(a[0], false); }

Value f_copy_hash_table(Args a)
{
    HashTable* h = xhash(check_hash_table(a[0]));
    HashTable* c = alloc_hash_table();
    Value copy = Value::object(c);
    c->test = h->test;
    c->user = h->user;
    c->kv = h->kv;
    c->next = h->next;
    c->hash = h->hash;
    c->bucket = h->bucket;
    c->next_free = h->next_free;
    c->count = h->count;
    return copy;
}

Value f_sxhash_equal(Args a) { return Value::fixnum(static_cast<std::int64_t>(sxhash_equal(a[0]) >> 3)); }
Value f_sxhash_eq(Args a) { return Value::fixnum(static_cast<std::int64_t>(a[0].bits() >> 4)); }

const SubrDef hash_subrs[] = {
    {"make-hash-table", 0, many, f_make_hash_table},
    {"gethash", 2, 3, f_gethash},
    {"puthash", 3, 3, f_puthash},
    {"remhash", 2, 2, f_remhash},
    {"clrhash", 1, 1, f_clrhash},
    {"maphash", 2, 2, f_maphash},
    {"hash-table-count", 1, 1, f_hash_table_count},
    {"hash-table-size", 1, 1, f_hash_table_size},
    {"hash-table-p", 1, 1, f_hash_table_p},
    {"hash-table-test", 1, 1, f_hash_table_test},
    {"define-hash-table-test", 3, 3, f_define_hash_table_test},
    {"hash-table-keys", 1, 1, f_hash_table_keys},
    {"hash-table-values", 1, 1, f_hash_table_values},
    {"copy-hash-table", 1, 1, f_copy_hash_table},
    {"sxhash-equal", 1, 1, f_sxhash_equal},
    {"sxhash-eq", 1, 1, f_sxhash_eq},
    {"sxhash-eql", 1, 1, f_sxhash_equal},
};

} // namespace

void register_hash_builtins() { register_subrs(hash_subrs); }

} // namespace gapmacs::lisp

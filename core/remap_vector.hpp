// RemapVector: a vector of trivially copyable elements whose growth never
// copies many of them. Past kMapped bytes its storage is an anonymous
// mapping that grows with mremap(2): the kernel moves the page tables, so
// the elements there are neither copied nor faulted in again (below that,
// malloc'd storage: a string's few runs must not cost a mapping each). A std::vector doubling to 96 MB
// (the two million text property runs of a million grep hits) copies 48 MB
// into fresh pages: on this VM about 200 ms of page faults, in one edit.
#pragma once
#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>
#include <sys/mman.h>
#include <type_traits>

namespace gapmacs {

template <typename T> class RemapVector {
    static_assert(std::is_trivially_copyable_v<T>);

public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    RemapVector() = default;
    ~RemapVector() { release(); }
    RemapVector(const RemapVector& other) { *this = other; }
    RemapVector(RemapVector&& other) noexcept { swap(other); }
    RemapVector& operator=(RemapVector&& other) noexcept
    {
        RemapVector gone(std::move(*this));
        swap(other);
        return *this;
    }
    void swap(RemapVector& other) noexcept
    {
        std::swap(m_data, other.m_data);
        std::swap(m_size, other.m_size);
        std::swap(m_capacity, other.m_capacity);
        std::swap(m_mapped, other.m_mapped);
    }
    RemapVector& operator=(const RemapVector& other)
    {
        if (this != &other) {
            m_size = 0;
            reserve(other.m_size);
            if (other.m_size)
                std::memcpy(m_data, other.m_data, other.m_size * sizeof(T));
            m_size = other.m_size;
        }
        return *this;
    }

    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    T& operator[](std::size_t i) { return m_data[i]; }
    const T& operator[](std::size_t i) const { return m_data[i]; }
    T* begin() { return m_data; }
    T* end() { return m_data + m_size; }
    const T* begin() const { return m_data; }
    const T* end() const { return m_data + m_size; }

    T& back() { return m_data[m_size - 1]; }
    const T& back() const { return m_data[m_size - 1]; }
    void clear() { m_size = 0; }
    void resize(std::size_t n)
    {
        reserve(n);
        if (n > m_size)
            std::memset(static_cast<void*>(m_data + m_size), 0, (n - m_size) * sizeof(T));
        m_size = n;
    }
    void push_back(const T& v) { insert(end(), &v, &v + 1); }
    T* insert(const T* at, const T& v) { return insert(at, &v, &v + 1); }
    // Inserts [first, last), which must not point into this vector.
    T* insert(const T* at, const T* first, const T* last)
    {
        const std::size_t i = static_cast<std::size_t>(at - m_data);
        const std::size_t n = static_cast<std::size_t>(last - first);
        reserve(m_size + n);
        if (i < m_size)
            std::memmove(static_cast<void*>(m_data + i + n), m_data + i, (m_size - i) * sizeof(T));
        if (n)
            std::memcpy(static_cast<void*>(m_data + i), first, n * sizeof(T));
        m_size += n;
        return m_data + i;
    }
    T* erase(const T* at) { return erase(at, at + 1); }
    T* erase(const T* first, const T* last)
    {
        const std::size_t i = static_cast<std::size_t>(first - m_data);
        const std::size_t j = static_cast<std::size_t>(last - m_data);
        if (j < m_size)
            std::memmove(static_cast<void*>(m_data + i), m_data + j, (m_size - j) * sizeof(T));
        m_size -= j - i;
        return m_data + i;
    }

    void reserve(std::size_t n)
    {
        if (n <= m_capacity)
            return;
        std::size_t bytes = std::max({n, m_capacity + m_capacity / 2, std::size_t(4)}) * sizeof(T);
        void* p;
        if (bytes < kMapped) {
            p = std::realloc(m_data, bytes);
            if (!p)
                throw std::bad_alloc();
        } else {
            bytes = round_to_pages(bytes);
            if (m_mapped)
                p = mremap(m_data, m_capacity * sizeof(T), bytes, MREMAP_MAYMOVE);
            else if ((p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) !=
                     MAP_FAILED && m_data) {
                std::memcpy(p, m_data, m_size * sizeof(T));
                std::free(m_data);
            }
            if (p == MAP_FAILED)
                throw std::bad_alloc();
            m_mapped = true;
        }
        m_data = static_cast<T*>(p);
        m_capacity = bytes / sizeof(T);
    }

private:
    static constexpr std::size_t kMapped = 256 * 1024;
    static std::size_t round_to_pages(std::size_t bytes)
    {
        constexpr std::size_t page = 4096;
        return (std::max<std::size_t>(bytes, 1) + page - 1) / page * page;
    }
    void release()
    {
        if (m_data && m_mapped)
            munmap(m_data, m_capacity * sizeof(T));
        else
            std::free(m_data);
        m_data = nullptr;
        m_capacity = m_size = 0;
        m_mapped = false;
    }

    T* m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_capacity = 0; // elements the storage holds
    bool m_mapped = false;      // storage from mmap, else from malloc
};

} // namespace gapmacs

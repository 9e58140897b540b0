// The compiled regexps, most recently used first: a loop calling
// string-match or re-search-forward compiles its regexp once.
#include <list>
#include <memory>
#include <string>
#include <unordered_map>

#include "core/regex.hpp"

namespace gapmacs {

namespace {

class RegexCache {
public:
    std::shared_ptr<const Regex> get(std::string_view source, bool case_fold, const AsciiSyntax* ascii)
    {
        // The key: case folding, the ASCII syntax classes if any, the source.
        const char tag = static_cast<char>((case_fold ? '1' : '0') + (ascii ? 2 : 0));
        const std::size_t prefix = 1 + (ascii ? ascii->classes.size() : 0);
        auto same_prefix = [&](std::string_view key) {
            return key[0] == tag &&
                   (!ascii || key.substr(1, ascii->classes.size()) ==
                                  std::string_view(ascii->classes.data(), ascii->classes.size()));
        };
        // A loop calling string-match or re-search-forward asks for the
        // same regexp each time: no key to build or hash.
        if (!m_lru.empty()) {
            std::string_view front = m_lru.front().first;
            if (front.size() >= prefix && same_prefix(front) && front.substr(prefix) == source)
                return m_lru.front().second;
        }
        std::string key;
        key.reserve(source.size() + prefix);
        key += tag;
        if (ascii)
            key.append(ascii->classes.data(), ascii->classes.size());
        key += source;
        if (auto it = m_index.find(key); it != m_index.end()) {
            m_lru.splice(m_lru.begin(), m_lru, it->second); // most recently used first
            return it->second->second;
        }
        auto re = std::make_shared<const Regex>(source, case_fold, ascii); // throws: nothing cached
        m_lru.emplace_front(key, re);
        m_index[std::move(key)] = m_lru.begin();
        if (m_lru.size() > capacity) {
            m_index.erase(m_lru.back().first);
            m_lru.pop_back();
        }
        return re;
    }
    std::size_t size() const { return m_lru.size(); }
    void clear()
    {
        m_index.clear();
        m_lru.clear();
    }

private:
    static constexpr std::size_t capacity = regex_cache_capacity;
    using Entry = std::pair<std::string, std::shared_ptr<const Regex>>;
    std::list<Entry> m_lru;
    std::unordered_map<std::string, std::list<Entry>::iterator> m_index;
};

RegexCache& cache()
{
    static RegexCache c;
    return c;
}

} // namespace

std::shared_ptr<const Regex> compile_regex(std::string_view source, bool case_fold, const AsciiSyntax* ascii)
{
    return cache().get(source, case_fold, ascii);
}

std::size_t regex_cache_size()
{
    return cache().size();
}

void clear_regex_cache()
{
    cache().clear();
}

} // namespace gapmacs

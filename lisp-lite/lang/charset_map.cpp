// The code <-> character tables of a charset defined by a map (charset.c's
// load_charset_map_from_file and _from_vector), and a code's index in a
// code space. lisp/charsets.el keeps the registry; this builds the tables
// it reads, which a Lisp loop took 70-110 ms a map to fill (Japanese's
// three maps were half of loading Emacs's coding systems), and indexes
// codes for every decode-char and encode-char (7 us a code in Lisp:
// eucjp-ms.el decodes 2,069 at load).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/file_contents.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/reader.hpp"

namespace gapmacs::lisp {

namespace {

// FROM..TO (inclusive) map to CHAR, CHAR+1...
struct MapRange {
    std::int64_t from, to, character;
};

// A charset's code space: DIMENSION bytes, byte I within [low, high].
struct CodeSpace {
    std::vector<std::int64_t> bounds; // low0 high0 low1 high1 ...
    std::int64_t dimension, min_code, max_code;

    // charset--in-range-p: within [min, max], every byte within its range,
    // nothing beyond the dimension's bytes.
    bool contains(std::int64_t code) const
    {
        if (code < min_code || code > max_code)
            return false;
        for (std::int64_t i = 0; i < dimension; ++i) {
            const std::int64_t byte = (code >> (8 * i)) & 0xFF;
            if (byte < bounds[static_cast<std::size_t>(2 * i)] || byte > bounds[static_cast<std::size_t>(2 * i + 1)])
                return false;
        }
        return (code >> (8 * dimension)) == 0;
    }
};

// "0x" HEX at `p`, advancing past it.
std::optional<std::int64_t> read_hex(std::string_view line, std::size_t& p)
{
    if (line.substr(p, 2) != "0x")
        return std::nullopt;
    std::size_t i = p + 2;
    std::int64_t value = 0;
    for (; i < line.size(); ++i) {
        const char c = line[i];
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (digit < 0)
            break;
        if (value > (INT64_MAX >> 4)) // no code point is this long
            return std::nullopt;
        value = value * 16 + digit;
    }
    if (i == p + 2)
        return std::nullopt;
    p = i;
    return value;
}

// A map file's lines "0xFROM[-0xTO] 0xCHAR", in order; other lines
// (comments) are skipped, as Emacs's reader does.
std::vector<MapRange> parse_map_file(std::string_view text)
{
    std::vector<MapRange> ranges;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        std::size_t p = 0;
        const auto from = read_hex(line, p);
        if (!from)
            continue;
        std::int64_t to = *from;
        if (p < line.size() && line[p] == '-') {
            ++p;
            const auto last = read_hex(line, p);
            if (!last)
                continue;
            to = *last;
        }
        const std::size_t blanks = p;
        while (p < line.size() && (line[p] == ' ' || line[p] == '\t'))
            ++p;
        if (p == blanks)
            continue;
        if (const auto character = read_hex(line, p))
            ranges.push_back({*from, to, *character});
    }
    return ranges;
}

// A vector [CODE CHAR ...] whose CODE may be (FROM . TO).
std::vector<MapRange> parse_map_vector(Value map)
{
    const std::vector<Value>& items = xvector(map)->items;
    std::vector<MapRange> ranges;
    for (std::size_t i = 0; i + 1 < items.size(); i += 2) {
        const Value code = items[i];
        const std::int64_t character = check_fixnum(items[i + 1]);
        if (code.is_cons())
            ranges.push_back({check_fixnum(xcar(code)), check_fixnum(xcdr(code)), character});
        else
            ranges.push_back({check_fixnum(code), check_fixnum(code), character});
    }
    return ranges;
}

// (charset--map-tables MAP CODE-SPACE DIMENSION MIN-CODE MAX-CODE): MAP is
// a map file's name (found already) or a vector; returns (DECODER .
// ENCODER), eql hash tables of the codes within the code space. A later
// line wins for a code, the first code for a character, as in Emacs.
Value f_charset_map_tables(Args a)
{
    const std::vector<MapRange> ranges = a[0].is(Type::Vector)
                                             ? parse_map_vector(a[0])
                                             : parse_map_file(read_file_contents(os_string(a[0])));
    if (!a[1].is(Type::Vector))
        xsignal2(Qwrong_type_argument, Qvectorp, a[1]);
    CodeSpace space{{}, check_fixnum(a[2]), check_fixnum(a[3]), check_fixnum(a[4])};
    for (Value bound : xvector(a[1])->items)
        space.bounds.push_back(check_fixnum(bound));
    if (space.dimension < 1 || static_cast<std::size_t>(2 * space.dimension) > space.bounds.size())
        xsignal2(Qargs_out_of_range, a[1], a[2]);

    Value tables[2] = {make_hash_table_with_test(Qeql, 0), Qnil};
    GcRoot root(tables, 2);
    tables[1] = make_hash_table_with_test(Qeql, 0);
    for (const MapRange& r : ranges)
        for (std::int64_t code = r.from, character = r.character; code <= r.to; ++code, ++character) {
            if (!space.contains(code))
                continue;
            hash_put(tables[0], Value::fixnum(code), Value::fixnum(character));
            if (nilp(hash_get(tables[1], Value::fixnum(character), Qnil)))
                hash_put(tables[1], Value::fixnum(character), Value::fixnum(code));
        }
    return make_cons(tables[0], tables[1]);
}

// (charset--code-index SPACE DIMENSION CODE): CODE's index in the code
// space SPACE ([LOW0 HIGH0 LOW1 HIGH1 ...], the first byte the lowest),
// counted from its origin, or nil when a byte of CODE is outside it or
// CODE has more than DIMENSION bytes.
Value f_charset_code_index(Args a)
{
    if (!a[0].is(Type::Vector))
        xsignal2(Qwrong_type_argument, Qvectorp, a[0]);
    const std::vector<Value>& bounds = xvector(a[0])->items;
    const std::int64_t dimension = check_fixnum(a[1]);
    if (dimension < 0 || static_cast<std::size_t>(2 * dimension) > bounds.size())
        xsignal2(Qargs_out_of_range, a[0], a[1]);
    std::int64_t rest = check_fixnum(a[2]), index = 0, scale = 1;
    for (std::int64_t i = 0; i < dimension; ++i, rest >>= 8) {
        const std::int64_t byte = rest & 0xFF;
        const std::int64_t low = check_fixnum(bounds[static_cast<std::size_t>(2 * i)]);
        const std::int64_t high = check_fixnum(bounds[static_cast<std::size_t>(2 * i + 1)]);
        if (byte < low || byte > high)
            return Qnil;
        index += scale * (byte - low);
        scale *= high - low + 1;
    }
    return rest == 0 ? Value::fixnum(index) : Qnil;
}

const SubrDef charset_map_subrs[] = {
    {"charset--map-tables", 5, 5, f_charset_map_tables},
    {"charset--code-index", 3, 3, f_charset_code_index},
};

} // namespace

void register_charset_map_builtins() { register_subrs(charset_map_subrs); }

} // namespace gapmacs::lisp

// The printer: prin1/princ representations identical to Emacs 28's.
//
// Circular structure, as Emacs 28's print.c: with `print-circle' nil, a
// cons, vector or hash table already being printed (an ancestor) prints as
// #N (its depth), a circular cdr chain ends in ". #N" (N = half the
// elements printed, when FOR_EACH_TAIL_SAFE's schedule, ListWalker's, finds
// the cycle); with `print-circle' non-nil a first pass finds the objects
// reached twice and they print as #N= then #N#. Either way nesting deeper
// than 200 signals "Apparently circular structure being printed", so the
// C++ recursion is bounded. Extension objects (buffers, markers,
// processes) print through their ExtClass.
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

#include "core/utf8.hpp"
#include "lisp-lite/lang/bignum.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/reader.hpp"

namespace gapmacs::lisp {

std::string float_to_string(double d)
{
    if (std::isnan(d))
        return std::signbit(d) ? "-0.0e+NaN" : "0.0e+NaN";
    if (std::isinf(d))
        return d < 0 ? "-1.0e+INF" : "1.0e+INF";
    // gnulib's dtoastr, as Emacs uses it: the fewest digits from DBL_DIG up
    // that read back exactly.
    char buf[64];
    int prec = std::fabs(d) < DBL_MIN ? 1 : DBL_DIG;
    for (;; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, d);
        if (prec >= 17 || std::strtod(buf, nullptr) == d)
            break;
    }
    std::string s(buf);
    bool only_digits = true;
    for (char c : s)
        if (!(c == '-' || (c >= '0' && c <= '9')))
            only_digits = false;
    if (only_digits)
        s += ".0";
    return s;
}

namespace {

constexpr int print_circle_limit = 200;

class Printer {
public:
    Printer(std::string& out, bool escape) : m_out(out), m_escape(escape)
    {
        Value len = xsymbol(Qprint_length)->value;
        Value lvl = xsymbol(Qprint_level)->value;
        m_length = len.is_fixnum() && len.as_fixnum() >= 0 ? len.as_fixnum() : -1;
        m_level = lvl.is_fixnum() && lvl.as_fixnum() >= 0 ? lvl.as_fixnum() : -1;
        Value nl = xsymbol(Qprint_escape_newlines)->value;
        m_escape_newlines = nl != Qunbound && !nilp(nl);
        Value pc = xsymbol(Qprint_circle)->value;
        m_circle = pc != Qunbound && !nilp(pc);
        Value pg = xsymbol(Qprint_gensym)->value;
        m_gensym = pg != Qunbound && !nilp(pg);
    }

    // Emacs writes a raw byte as an octal escape whenever it prints into
    // multibyte text (a buffer, prin1-to-string), even under princ; only
    // stdout in batch gets the byte itself.
    void octal_raw_bytes() { m_octal_raw = true; }

    void limit(std::int64_t level, std::int64_t length)
    {
        m_level = level;
        m_length = length;
    }

    // The entry point: with print-circle, number the shared objects first.
    void print_top(Value v)
    {
        if (m_circle) {
            preprocess(v, 0);
        }
        print(v);
    }

    void print(Value v)
    {
        if (v.is_fixnum()) {
            m_out += std::to_string(v.as_fixnum());
            return;
        }
        if (m_circle && is_gensym(v)) {
            // With print-gensym, print-circle labels an uninterned symbol
            // seen twice so that reading it back gives one symbol.
            auto it = m_numbers.find(v.bits());
            if (it != m_numbers.end() && it->second != 0) {
                m_out += '#';
                m_out += std::to_string(it->second > 0 ? it->second : -it->second);
                if (it->second > 0) {
                    m_out += '#';
                    return;
                }
                it->second = -it->second;
                m_out += '=';
            }
            print_symbol(v);
            return;
        }
        bool container = is_container(v);
        if (container) {
            if (m_depth >= print_circle_limit)
                error("Apparently circular structure being printed");
            if (m_circle) {
                auto it = m_numbers.find(v.bits());
                if (it != m_numbers.end() && it->second != 0) {
                    if (it->second > 0) { // printed already
                        m_out += '#';
                        m_out += std::to_string(it->second);
                        m_out += '#';
                        return;
                    }
                    it->second = -it->second;
                    m_out += '#';
                    m_out += std::to_string(it->second);
                    m_out += '=';
                }
            } else {
                for (std::size_t i = 0; i < m_being_printed.size(); ++i)
                    if (m_being_printed[i] == v) {
                        m_out += '#'; // (not "#" + ...: GCC 12 warns falsely, -Wrestrict)
                        m_out += std::to_string(i);
                        return;
                    }
            }
            if (m_level >= 0 && m_list_depth >= m_level && !v.is(Type::HashTable)) {
                m_out += "...";
                return;
            }
            m_being_printed.push_back(v);
        }
        ++m_depth;
        if (v.is_cons())
            print_cons(v);
        else
            print_object(v);
        --m_depth;
        if (container)
            m_being_printed.pop_back();
    }

private:
    static bool is_container(Value v) { return v.is_cons() || vector_like(v) || v.is(Type::HashTable); }

    // print-circle's first pass (Emacs's print_preprocess): 0 = seen once,
    // -N = seen again and numbered N (in the order found), +N once printed.
    void preprocess(Value v, int depth)
    {
        for (;;) {
            if (is_gensym(v)) {
                auto [it, fresh] = m_numbers.try_emplace(v.bits(), 0);
                if (!fresh && it->second == 0)
                    it->second = -++m_next_number;
                return;
            }
            if (!is_container(v))
                return;
            if (depth >= print_circle_limit)
                error("Apparently circular structure being printed");
            auto [it, fresh] = m_numbers.try_emplace(v.bits(), 0);
            if (!fresh) {
                if (it->second == 0)
                    it->second = -++m_next_number;
                return;
            }
            if (v.is_cons()) {
                preprocess(xcar(v), depth + 1);
                v = xcdr(v); // the cdr chain iteratively; a cycle stops at a seen cell
                continue;
            }
            if (vector_like(v)) {
                for (Value item : xvector(v)->items)
                    preprocess(item, depth + 1);
                return;
            }
            HashTable* h = xhash(v);
            for (std::size_t i = 0; i < h->kv.size(); ++i)
                if (!h->kv[i & ~std::size_t(1)].is_empty())
                    preprocess(h->kv[i], depth + 1);
            return;
        }
    }

    bool m_circle = false;
    bool m_gensym = false; // print-gensym (princ too, as Emacs)
    bool is_gensym(Value v) const
    {
        return m_gensym && v.is(Type::Symbol) && !(xsymbol(v)->m_flags & Symbol::interned_flag);
    }
    std::unordered_map<std::uintptr_t, std::int64_t> m_numbers;
    std::int64_t m_next_number = 0;

    std::string& m_out;
    bool m_escape;
    bool m_octal_raw = false;
    bool m_escape_newlines = false;
    std::int64_t m_length = -1;
    std::int64_t m_level = -1;
    std::int64_t m_list_depth = 0;
    int m_depth = 0;
    int m_backquotes = 0; // backquotes around what is being printed
    std::vector<Value> m_being_printed; // ancestors; also rooted by the caller's stack

    bool print_quote_form(Value v)
    {
        Value head = xcar(v);
        Value rest = xcdr(v);
        if (!rest.is_cons() || !nilp(xcdr(rest)))
            return false;
        // Commas abbreviate only inside a backquote, as in Emacs.
        bool comma = head == Qcomma || head == Qcomma_at;
        const char* prefix = head == Qquote                  ? "'"
                             : head == Qfunction              ? "#'"
                             : head == Qbackquote             ? "`"
                             : comma && m_backquotes > 0      ? (head == Qcomma ? "," : ",@")
                                                              : nullptr;
        if (!prefix)
            return false;
        m_out += prefix;
        // ",@x" would read back as (\,@ x): a symbol starting with @ after a
        // comma gets its @ escaped (Emacs 28 prints ",@x" here, which does
        // not read back; found by the reader fuzzer).
        if (head == Qcomma && m_escape && symbolp(xcar(rest)) && string_view(xsymbol(xcar(rest))->name).starts_with('@'))
            m_out += '\\';
        int delta = head == Qbackquote ? 1 : comma ? -1 : 0;
        m_backquotes += delta;
        print(xcar(rest));
        m_backquotes -= delta;
        return true;
    }

    void print_cons(Value v)
    {
        if (print_quote_form(v))
            return;
        m_out += '(';
        ++m_list_depth;
        // Emacs's loop: FOR_EACH_TAIL_SAFE; OBJTAIL is the last cdr seen.
        Value objtail = Qnil;
        std::int64_t i = 0;
        bool done = false;
        for (ListWalker w(v, true); w.consp(); w.next()) {
            Value obj = w.tail();
            if (i != 0) {
                m_out += ' ';
                if (m_circle) {
                    auto it = m_numbers.find(obj.bits());
                    if (it != m_numbers.end() && it->second != 0) {
                        m_out += ". ";
                        print(obj);
                        done = true;
                        break;
                    }
                }
            }
            if (m_length >= 0 && i >= m_length) {
                m_out += "...";
                done = true;
                break;
            }
            ++i;
            print(xcar(obj));
            objtail = xcdr(obj);
        }
        if (!done && !nilp(objtail)) {
            m_out += " . ";
            if (objtail.is_cons() && !m_circle) {
                m_out += '#';
                m_out += std::to_string(i >> 1);
            } else {
                print(objtail);
            }
        }
        --m_list_depth;
        m_out += ')';
    }

    void print_string(Value v)
    {
        String* s = xstring(v);
        if (!m_escape) {
            if (m_octal_raw && s->bytes.find_first_of("\xC0\xC1") != std::string::npos)
                append_octal_raw_bytes(s->bytes);
            else
                m_out += s->bytes;
            return;
        }
        if (s->props && !s->props->empty()) {
            // #("text" BEG END PLIST ...), as Emacs's print_interval.
            m_out += "#(";
            print_string_text(s);
            s->props->for_each_run([&](const TextProperties::Run& run) {
                m_out += ' ';
                m_out += std::to_string(run.beg);
                m_out += ' ';
                m_out += std::to_string(run.end);
                m_out += ' ';
                print_interval_plist(Value::from_bits(run.plist));
            });
            m_out += ')';
            return;
        }
        print_string_text(s);
    }

    // Emacs 28 prints an interval's plist with its pairs in reverse order
    // (the reader keeps the order it reads).
    void print_interval_plist(Value plist)
    {
        std::vector<Value> pairs;
        Value l = plist;
        for (; consp(l) && consp(xcdr(l)); l = xcdr(xcdr(l)))
            pairs.push_back(l);
        if (!nilp(l)) {
            print(plist);
            return;
        }
        m_out += '(';
        for (std::size_t i = pairs.size(); i-- > 0;) {
            print(xcar(pairs[i]));
            m_out += ' ';
            print(xcar(xcdr(pairs[i])));
            if (i > 0)
                m_out += ' ';
        }
        m_out += ')';
    }

    void append_octal_raw_bytes(std::string_view b)
    {
        for (std::size_t i = 0; i < b.size();) {
            int len = 1;
            char32_t ch = decode_internal_char(b.data() + i, b.data() + b.size(), &len);
            if (is_raw_byte_char(ch)) {
                char oct[8];
                std::snprintf(oct, sizeof oct, "\\%o", raw_byte_value(ch));
                m_out += oct;
            } else {
                m_out.append(b.data() + i, static_cast<std::size_t>(len));
            }
            i += static_cast<std::size_t>(len);
        }
    }

    void print_string_text(String* s)
    {
        m_out += '"';
        const std::string& b = s->bytes;
        for (std::size_t i = 0; i < b.size();) {
            unsigned char c = static_cast<unsigned char>(b[i]);
            if (is_raw_byte_lead(c) && i + 1 < b.size()) {
                int len = 0;
                char32_t ch = decode_internal_char(b.data() + i, b.data() + b.size(), &len);
                char oct[8];
                std::snprintf(oct, sizeof oct, "\\%o", raw_byte_value(ch));
                m_out += oct;
                i += static_cast<std::size_t>(len);
                continue;
            }
            if (c == '"' || c == '\\')
                m_out += '\\';
            if (m_escape_newlines && c == '\n') {
                m_out += "\\n";
            } else if (m_escape_newlines && c == '\f') {
                m_out += "\\f";
            } else {
                m_out += static_cast<char>(c);
            }
            ++i;
        }
        m_out += '"';
    }

    static bool looks_like_number(std::string_view name)
    {
        std::size_t i = (name[0] == '-' || name[0] == '+') ? 1 : 0;
        if (i >= name.size())
            return false;
        if (!((name[i] >= '0' && name[i] <= '9') || name[i] == '.'))
            return false;
        try {
            Value num;
            return parse_number_token(name, 10, num);
        } catch (const LispSignal&) {
            return true; // an integer too big for a fixnum is still a number
        }
    }

    void print_symbol(Value v)
    {
        std::string_view name = string_view(xsymbol(v)->name);
        if (is_gensym(v)) {
            m_out += "#:";
        } else if (name.empty()) {
            m_out += "##";
            return;
        }
        if (!m_escape) {
            m_out += name;
            return;
        }
        bool confusing = looks_like_number(name) || name[0] == '?' || name[0] == '.';
        for (char ch : name) {
            unsigned char c = static_cast<unsigned char>(ch);
            if (c == '"' || c == '\\' || c == '\'' || c == ';' || c == '#' || c == '(' || c == ')' || c == ',' ||
                c == '`' || c == '[' || c == ']' || c == '?' || c == '.' || c <= 040 || confusing) {
                m_out += '\\';
                confusing = false;
            }
            m_out += static_cast<char>(c);
        }
    }

    void print_vector(Value v)
    {
        const bool record = xvector(v)->record();
        m_out += record ? "#s(" : xvector(v)->compiled() ? "#[" : "[";
        ++m_list_depth;
        auto& items = xvector(v)->items;
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i)
                m_out += ' ';
            if (m_length >= 0 && static_cast<std::int64_t>(i) >= m_length) {
                m_out += "...";
                break;
            }
            print(items[i]);
        }
        --m_list_depth;
        m_out += record ? ')' : ']';
    }

    void print_hash_table(Value v)
    {
        HashTable* h = xhash(v);
        m_out += "#s(hash-table size " + std::to_string(h->size()) + " test ";
        if (h->test == HashTest::User)
            print(h->user_name());
        else
            m_out += h->test == HashTest::Eq ? "eq" : h->test == HashTest::Eql ? "eql" : "equal";
        m_out += " rehash-size 1.5 rehash-threshold 0.8125 data (";
        bool first = true;
        for (std::int64_t i = 0; i < h->size(); ++i) {
            if (h->kv[static_cast<std::size_t>(2 * i)].is_empty())
                continue;
            if (!first)
                m_out += ' ';
            first = false;
            print(h->kv[static_cast<std::size_t>(2 * i)]);
            m_out += ' ';
            print(h->kv[static_cast<std::size_t>(2 * i + 1)]);
        }
        m_out += "))";
    }

    void print_object(Value v)
    {
        switch (v.type()) {
        case Type::Symbol: print_symbol(v); break;
        case Type::Float: m_out += float_to_string(xfloat(v)); break;
        case Type::Bignum: m_out += xbignum(v).get_str(); break;
        case Type::String: print_string(v); break;
        case Type::Vector: print_vector(v); break;
        case Type::HashTable: print_hash_table(v); break;
        case Type::Subr:
            m_out += "#<subr ";
            m_out += static_cast<Subr*>(v.as_object())->def->name;
            m_out += '>';
            break;
        case Type::Buffer:
        case Type::Marker:
        case Type::Process:
        case Type::Ext: {
            auto* e = static_cast<ExtObject*>(v.as_object());
            if (!m_escape && e->cls->print_unescaped)
                e->cls->print_unescaped(e, m_out);
            else if (e->cls->print)
                e->cls->print(e, m_out);
            else
                m_out += std::string("#<") + e->cls->type_name + ">";
            break;
        }
        default: m_out += "#<unknown>"; break;
        }
    }
};

} // namespace

void print_value(std::string& out, Value v, bool escape)
{
    Printer p(out, escape);
    p.print_top(v);
}

void print_value_into_text(std::string& out, Value v, bool escape)
{
    Printer p(out, escape);
    p.octal_raw_bytes();
    p.print_top(v);
}

void print_value_limited(std::string& out, Value v, bool escape, std::int64_t level, std::int64_t length)
{
    Printer p(out, escape);
    p.limit(level, length);
    p.print_top(v);
}

std::string prin1_to_string(Value v, bool escape)
{
    std::string out;
    print_value(out, v, escape);
    return out;
}

} // namespace gapmacs::lisp

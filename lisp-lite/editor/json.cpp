// Native JSON as Emacs 27+ has it (json-serialize, json-insert,
// json-parse-string, json-parse-buffer), on the same library Emacs uses,
// jansson: its parser, its messages and its limits.
#include <jansson.h>

#include <memory>
#include <string>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/reader.hpp"

namespace gapmacs::lisp {

namespace {

struct JsonDeleter {
    void operator()(json_t* j) const { json_decref(j); }
};
using JsonPtr = std::unique_ptr<json_t, JsonDeleter>;

struct FreeDeleter {
    void operator()(char* p) const { std::free(p); }
};

enum class ObjectType { hash_table, alist, plist };
enum class ArrayType { array, list };

struct JsonOptions {
    ObjectType object_type = ObjectType::hash_table;
    ArrayType array_type = ArrayType::array;
    Value null_object;
    Value false_object;
};

// The keyword arguments after the object or string, as Emacs parses them.
JsonOptions json_options(Args a, std::size_t first, bool parsing)
{
    JsonOptions o{ObjectType::hash_table, ArrayType::array, Qnull_kw, Qfalse_kw};
    if ((a.size() - first) % 2 != 0)
        xsignal2(Qwrong_number_of_arguments, (parsing ? Qjson_parse_string : Qjson_serialize),
                 Value::fixnum(static_cast<std::int64_t>(a.size())));
    for (std::size_t i = first; i < a.size(); i += 2) {
        const std::string key = symbolp(a[i]) ? symbol_name(a[i]) : std::string();
        const Value v = a[i + 1];
        if (key == ":null-object") {
            o.null_object = v;
        } else if (key == ":false-object") {
            o.false_object = v;
        } else if (parsing && key == ":object-type") {
            const std::string t = symbolp(v) ? symbol_name(v) : std::string();
            if (t == "hash-table")
                o.object_type = ObjectType::hash_table;
            else if (t == "alist")
                o.object_type = ObjectType::alist;
            else if (t == "plist")
                o.object_type = ObjectType::plist;
            else
                xsignal2(Qerror, make_string("One of hash-table, alist or plist should be specified"), v);
        } else if (parsing && key == ":array-type") {
            const std::string t = symbolp(v) ? symbol_name(v) : std::string();
            if (t == "array")
                o.array_type = ArrayType::array;
            else if (t == "list")
                o.array_type = ArrayType::list;
            else
                xsignal2(Qerror, make_string("One of array or list should be specified"), v);
        } else {
            xsignal2(Qerror,
                     make_string(parsing ? "One of :object-type, :array-type, :null-object or :false-object should be specified"
                                         : "One of :null-object or :false-object should be specified"),
                     v);
        }
    }
    return o;
}

// ---- Lisp to JSON ----

class Serializer {
public:
    explicit Serializer(const JsonOptions& o) : m_options(o) {}

    JsonPtr convert(Value v)
    {
        if (v == m_options.null_object)
            return JsonPtr(json_null());
        if (v == m_options.false_object)
            return JsonPtr(json_false());
        if (v == Qt)
            return JsonPtr(json_true());
        if (v.is_fixnum())
            return checked(json_integer(v.as_fixnum()));
        if (floatp(v))
            return checked(json_real(xfloat(v)));
        if (stringp(v)) {
            const std::string text = utf8_of(v);
            return checked(json_stringn(text.data(), text.size()));
        }
        if (vectorp(v) || nilp(v) || consp(v) || v.is(Type::HashTable)) {
            Nesting nest(*this);
            if (vectorp(v))
                return array(v);
            if (v.is(Type::HashTable))
                return hash_object(v);
            return list_object(v);
        }
        wrong_type(Qjson_value_p, v);
    }

private:
    // Emacs counts JSON nesting as Lisp nesting.
    struct Nesting {
        Serializer& s;
        explicit Nesting(Serializer& self) : s(self)
        {
            if (++s.m_depth > max_depth)
                xsignal(Qjson_object_too_deep, Qnil);
        }
        ~Nesting() { --s.m_depth; }
    };
    static constexpr int max_depth = 1600;

    // A string's text must be Unicode: raw bytes have no JSON form.
    static std::string utf8_of(Value s)
    {
        const std::string_view text = string_view(s);
        for (std::size_t i = 0; i < text.size();) {
            int len = 1;
            if (is_raw_byte_char(decode_internal_char(text.data() + i, text.data() + text.size(), &len)))
                wrong_type(Qutf_8_string_p, s);
            i += static_cast<std::size_t>(len);
        }
        return std::string(text);
    }

    // jansson returns null only when out of memory (or for NaN and infinity).
    static JsonPtr checked(json_t* j)
    {
        if (!j)
            xsignal(Qjson_out_of_memory, Qnil);
        return JsonPtr(j);
    }

    JsonPtr array(Value v)
    {
        JsonPtr out = checked(json_array());
        for (Value item : xvector(v)->items)
            if (json_array_append_new(out.get(), convert(item).release()) != 0)
                xsignal(Qjson_out_of_memory, Qnil);
        return out;
    }

    JsonPtr hash_object(Value v)
    {
        JsonPtr out = checked(json_object());
        HashTable* h = xhash(v);
        for (std::size_t i = 0; i < h->next.size(); ++i) {
            const Value key = h->kv[2 * i];
            if (key.is_empty())
                continue;
            check_string(key);
            const std::string name = utf8_of(key);
            set(out.get(), name, h->kv[2 * i + 1], true);
        }
        return out;
    }

    // nil is {}; a list starting with a cons is an alist, else a plist.
    // The first of duplicate keys wins, as in Emacs.
    JsonPtr list_object(Value v)
    {
        JsonPtr out = checked(json_object());
        if (nilp(v))
            return out;
        if (consp(xcar(v))) {
            for (ListWalker w(v); w.consp(); w.next()) {
                const Value pair = w.car();
                if (!consp(pair))
                    wrong_type(Qconsp, pair);
                check_symbol(xcar(pair));
                set(out.get(), symbol_name(xcar(pair)), xcdr(pair), false);
            }
        } else {
            for (ListWalker w(v); w.consp(); w.next()) {
                check_symbol(w.car());
                std::string name = symbol_name(w.car());
                if (!name.empty() && name[0] == ':')
                    name.erase(0, 1);
                w.next();
                if (!w.consp())
                    wrong_type(Qconsp, w.tail());
                set(out.get(), name, w.car(), false);
            }
        }
        return out;
    }

    void set(json_t* object, const std::string& key, Value value, bool replace)
    {
        if (!replace && json_object_getn(object, key.data(), key.size()))
            return;
        if (json_object_setn_new(object, key.data(), key.size(), convert(value).release()) != 0)
            xsignal(Qjson_out_of_memory, Qnil);
    }

    const JsonOptions& m_options;
    int m_depth = 0;
};

std::string serialize(Args a)
{
    const JsonOptions o = json_options(a, 1, false);
    JsonPtr j = Serializer(o).convert(a[0]);
    std::unique_ptr<char, FreeDeleter> text(json_dumps(j.get(), JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER));
    if (!text)
        xsignal(Qjson_out_of_memory, Qnil);
    return text.get();
}

// ---- JSON to Lisp ----

class Parser {
public:
    explicit Parser(const JsonOptions& o) : m_options(o) {}

    Value convert(json_t* j)
    {
        switch (json_typeof(j)) {
        case JSON_NULL:
            return m_options.null_object;
        case JSON_FALSE:
            return m_options.false_object;
        case JSON_TRUE:
            return Qt;
        case JSON_INTEGER:
            return make_integer(json_integer_value(j));
        case JSON_REAL:
            return make_float(json_real_value(j));
        case JSON_STRING:
            return make_string_from_utf8(std::string_view(json_string_value(j), json_string_length(j)));
        case JSON_ARRAY:
            return array(j);
        case JSON_OBJECT:
            return object(j);
        }
        xsignal(Qjson_error, Qnil);
    }

private:
    Value array(json_t* j)
    {
        const std::size_t n = json_array_size(j);
        if (m_options.array_type == ArrayType::array) {
            Value v = make_vector(n, Qnil);
            for (std::size_t i = 0; i < n; ++i)
                xvector(v)->items[i] = convert(json_array_get(j, i));
            return v;
        }
        Value out = Qnil;
        for (std::size_t i = n; i-- > 0;)
            out = cons(convert(json_array_get(j, i)), out);
        return out;
    }

    Value object(json_t* j)
    {
        const char* key;
        std::size_t key_length;
        json_t* value;
        if (m_options.object_type == ObjectType::hash_table) {
            Value h = make_hash_table_with_test(Qequal, static_cast<std::int64_t>(json_object_size(j)));
            json_object_keylen_foreach(j, key, key_length, value)
            {
                Value k = make_string_from_utf8(std::string_view(key, key_length));
                hash_put(h, k, convert(value));
            }
            return h;
        }
        // Built backwards, then turned around (no vector of unrooted Values).
        Value out = Qnil;
        json_object_keylen_foreach(j, key, key_length, value)
        {
            const std::string_view name(key, key_length);
            if (m_options.object_type == ObjectType::alist) {
                Value k = intern(name);
                out = cons(cons(k, convert(value)), out);
            } else {
                Value k = intern(std::string(":") + std::string(name));
                out = cons(convert(value), cons(k, out));
            }
        }
        return nreverse_list(out);
    }

    static Value nreverse_list(Value list)
    {
        Value prev = Qnil;
        while (consp(list)) {
            Value next = xcdr(list);
            list.as_cons()->cdr = prev;
            prev = list;
            list = next;
        }
        return prev;
    }

    const JsonOptions& m_options;
};

[[noreturn]] void parse_failed(const json_error_t& e, const char* source)
{
    Value symbol = Qjson_parse_error;
    switch (json_error_code(&e)) {
    case json_error_premature_end_of_input:
        symbol = Qjson_end_of_file;
        break;
    case json_error_end_of_input_expected:
        symbol = Qjson_trailing_content;
        break;
    case json_error_out_of_memory:
        symbol = Qjson_out_of_memory;
        break;
    case json_error_stack_overflow:
        symbol = Qjson_object_too_deep;
        break;
    default:
        break;
    }
    xsignal(symbol, list({make_string_from_utf8(e.text), make_string_from_utf8(source),
                                  make_integer(e.line), make_integer(e.column), make_integer(e.position)}));
}

// Parses TEXT (UTF-8); `consumed` receives the bytes the value took. A
// string is read up to a NUL, as Emacs reads it (json_loads); errors name
// their source as Emacs's do ("<string>", "<callback>" for a buffer).
Value parse(const std::string& text, const JsonOptions& o, std::size_t flags, std::size_t* consumed,
            const char* source)
{
    json_error_t e;
    JsonPtr j(json_loads(text.c_str(), flags, &e));
    if (!j)
        parse_failed(e, source);
    if (consumed)
        *consumed = static_cast<std::size_t>(e.position);
    return Parser(o).convert(j.get());
}

// (json-serialize OBJECT &rest ARGS)
Value f_json_serialize(Args a) { return make_string_from_utf8(serialize(a)); }

// (json-insert OBJECT &rest ARGS)
Value f_json_insert(Args a)
{
    const std::string text = serialize(a);
    return call1(Qinsert, make_string_from_utf8(text));
}

// (json-parse-string STRING &rest ARGS)
Value f_json_parse_string(Args a)
{
    check_string(a[0]);
    const JsonOptions o = json_options(a, 1, true);
    std::string utf8;
    internal_to_utf8(string_view(a[0]), utf8);
    return parse(utf8, o, JSON_DECODE_ANY, nullptr, "<string>");
}

// (json-parse-buffer &rest ARGS): one value from point; point moves past it.
Value f_json_parse_buffer(Args a)
{
    const JsonOptions o = json_options(a, 0, true);
    Buffer& b = current();
    std::string utf8;
    internal_to_utf8(b.substring(b.point(), b.point_max()), utf8);
    std::size_t consumed = 0;
    Value v = parse(utf8, o, JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK, &consumed, "<callback>");
    const auto chars = static_cast<std::int64_t>(count_chars(utf8.data(), std::min(consumed, utf8.size())));
    b.goto_char(b.point() + CharCount(chars));
    return v;
}

constexpr SubrDef json_subrs[] = {
    {"json-serialize", 1, many, f_json_serialize},
    {"json-insert", 1, many, f_json_insert},
    {"json-parse-string", 1, many, f_json_parse_string},
    {"json-parse-buffer", 0, many, f_json_parse_buffer},
};

} // namespace

void register_json_builtins() { register_subrs(json_subrs); }

} // namespace gapmacs::lisp

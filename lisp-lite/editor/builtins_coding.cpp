// Coding-system builtins (Emacs's coding.c subset): decoding and encoding
// strings, and the questions about a coding system.
#include <algorithm>

#include "core/coding.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/coding_names.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

Value f_decode_coding_string(Args a)
{
    check_string(a[0]);
    if (nilp(a[1]))
        return a[0];
    CodingSystem cs = coding_system_of(a[1]);
    std::string_view in = string_view(a[0]);
    if (!nilp(a[2]) && is_ascii(in) && in.find('\r') == std::string_view::npos)
        return a[0]; // NOCOPY, and decoding would change nothing
    std::string text = decode_all(cs, os_string(a[0]));
    const auto n = static_cast<std::int64_t>(count_chars(text));
    // Emacs: bytes that stay bytes (binary, raw-text) stay a unibyte string;
    // any other decoding gives a multibyte one, even all ASCII.
    const bool unibyte = cs.kind == CodingSystem::Kind::Binary && !is_ascii(text);
    return make_string_raw(std::move(text), n, !unibyte);
}

Value f_encode_coding_string(Args a)
{
    check_string(a[0]);
    if (nilp(a[1]))
        return a[0];
    CodingSystem cs = coding_system_of(a[1]);
    return make_unibyte_string(encode(cs, string_view(a[0])));
}

// coding-system-p, coding-system-base, coding-system-eol-type and
// check-coding-system answer from the converters for the names they know,
// so the common names cost no loading, until Emacs's coding systems have
// been loaded (by the first name the converters do not know, or any
// coding-system data function); from then on, and for every other name,
// Emacs's registry answers (codings.el), with Emacs's base names
// (iso-latin-1 for latin-1). nil is no-conversion, as in coding.c.
bool converter_knows(Value coding) { return symbolp(coding) && coding_system_p(symbol_name(coding)); }

// The registry's answer, or nil when it has none (or is not loaded and
// the converters know the name).
Value registry_answer(Value function, Value coding)
{
    if (converter_knows(coding) && nilp(call1(Qfeaturep, Qmule_setup)))
        return Qnil;
    return call1(function, coding);
}

Value f_coding_system_converter_p(Args a) { return boolean(converter_knows(a[0])); }

Value f_coding_system_p(Args a)
{
    if (nilp(a[0]) || converter_knows(a[0]))
        return Qt;
    return boolean(symbolp(a[0]) && !nilp(registry_answer(Qcoding_system__registered_p, a[0])));
}

Value f_coding_system_base(Args a)
{
    if (nilp(a[0]))
        return Qno_conversion;
    if (Value base = registry_answer(Qcoding_system__registry_base, a[0]); !nilp(base))
        return base;
    return intern(coding_system_of(a[0]).with_eol(Eol::Undecided).name());
}

// 0, 1, 2 for -unix, -dos, -mac; a vector of the three when undecided.
Value f_coding_system_eol_type(Args a)
{
    if (nilp(a[0]))
        return Value::fixnum(0);
    if (Value eol = registry_answer(Qcoding_system__registry_eol_type, a[0]); !nilp(eol))
        return eol;
    CodingSystem cs = coding_system_of(a[0]);
    switch (cs.eol) {
    case Eol::Unix: return Value::fixnum(0);
    case Eol::Dos: return Value::fixnum(1);
    case Eol::Mac: return Value::fixnum(2);
    default: break;
    }
    Value v = make_vector(3, Qnil);
    const Eol eols[] = {Eol::Unix, Eol::Dos, Eol::Mac};
    for (std::size_t i = 0; i < 3; ++i)
        xvector(v)->items[i] = intern(cs.with_eol(eols[i]).name());
    return v;
}

Value f_check_coding_system(Args a)
{
    if (nilp(a[0]) || converter_knows(a[0]))
        return a[0];
    check_symbol(a[0]);
    if (nilp(registry_answer(Qcoding_system__registered_p, a[0])))
        xsignal1(Qcoding_system_error, a[0]);
    return a[0];
}

const SubrDef coding_subrs[] = {
    {"decode-coding-string", 2, 4, f_decode_coding_string},
    {"encode-coding-string", 2, 4, f_encode_coding_string},
    {"coding-system-p", 1, 1, f_coding_system_p},
    {"coding-system--converter-p", 1, 1, f_coding_system_converter_p},
    {"coding-system-base", 1, 1, f_coding_system_base},
    {"coding-system-eol-type", 1, 1, f_coding_system_eol_type},
    {"check-coding-system", 1, 1, f_check_coding_system},
};

} // namespace

void register_coding_builtins() { register_subrs(coding_subrs); }

} // namespace gapmacs::lisp

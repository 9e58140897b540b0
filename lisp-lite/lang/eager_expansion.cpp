#include "lisp-lite/lang/eager_expansion.hpp"

#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {
EagerLoad* g_innermost = nullptr;
}

EagerLoad::EagerLoad(CachedFormsWriter& writer) : m_writer(writer), m_outer(g_innermost) { g_innermost = this; }

EagerLoad::~EagerLoad() { g_innermost = m_outer; }

void EagerLoad::file_loaded(const std::string& path)
{
    for (EagerLoad* load = g_innermost; load; load = load->m_outer)
        if (load->m_expanding > 0)
            load->m_compile_time_files.push_back(path);
}

void EagerLoad::file_read(const std::string& path)
{
    for (EagerLoad* load = g_innermost; load; load = load->m_outer)
        if (load->m_expanding > 0)
            load->m_writer.depend_on(path);
}

// FORM expanded, or FORM itself after reporting the error its expansion
// signalled.
Value EagerLoad::expanded(Value form, bool whole)
{
    struct Expanding {
        int& depth;
        explicit Expanding(int& d) : depth(d) { ++depth; }
        ~Expanding() { --depth; }
    } expanding(m_expanding);
    try {
        return whole ? macroexpand_all(form, Qnil) : macroexpand(form, Qnil);
    } catch (const LispSignal& e) {
        if (!error_matches(e.symbol(), Qerror))
            throw; // a quit, a throw's no-catch
        message("Eager macro-expansion failure: " + prin1_to_string(make_cons(e.symbol(), e.data())));
        m_writer.abandon();
        return form;
    }
}

Value EagerLoad::eval(Value form)
{
    Value head = expanded(form, false);
    if (head.is_cons() && xcar(head) == Qprogn) {
        Value value = Qnil;
        for (Value rest = xcdr(head); rest.is_cons(); rest = xcdr(rest))
            value = eval(xcar(rest));
        return value;
    }
    Value whole = expanded(head, true);
    m_writer.add(whole);
    return gapmacs::lisp::eval(whole);
}

} // namespace gapmacs::lisp

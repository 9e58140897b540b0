// save-excursion, save-current-buffer and save-restriction (Emacs's
// editfns.c): the special forms that save buffer state, each restoring it
// in a scope's destructor, so on a Lisp non-local exit (a C++ exception)
// too; byte-code opens and closes the same scopes by opcode.
#include <memory>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/bytecode.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

Value sf_save_excursion(Args a)
{
    ExcursionScope scope;
    return progn(a[0]);
}

Value sf_save_current_buffer(Args a)
{
    CurrentBufferScope scope;
    return progn(a[0]);
}

// save-restriction: the narrowing is saved as markers so that it follows
// edits made in the body.
class RestrictionScope {
public:
    RestrictionScope()
    {
        m_saved[0] = current_buffer();
        m_saved[1] = Qnil;
        Buffer& b = current();
        if (b.narrowed())
            m_saved[1] = cons(make_marker_object(&b, b.point_min()), make_marker_object(&b, b.point_max(), true));
    }
    ~RestrictionScope()
    {
        Buffer* live = live_buffer(m_saved[0]);
        if (!live)
            return;
        if (nilp(m_saved[1])) {
            live->widen();
            return;
        }
        Marker* lo = check_marker(xcar(m_saved[1]));
        Marker* hi = check_marker(xcdr(m_saved[1]));
        if (lo->buffer() == live && hi->buffer() == live) {
            CharPos pt = live->point();
            live->widen();
            live->narrow(*lo->position(), *hi->position());
            live->goto_char(pt);
        }
        lo->detach();
        hi->detach();
    }
    RestrictionScope(const RestrictionScope&) = delete;
    RestrictionScope& operator=(const RestrictionScope&) = delete;

private:
    Value m_saved[2]; // the buffer; nil or (BEG-MARKER . END-MARKER)
    GcRoot m_root{m_saved, 2};
};

Value sf_save_restriction(Args a)
{
    RestrictionScope scope;
    return progn(a[0]);
}

// The same scopes for byte-code, which opens and closes them by opcode.
template <class Scope> struct SavedScope : SavedEditorState {
    Scope scope;
};
template <class Scope> std::unique_ptr<SavedEditorState> save_state()
{
    return std::make_unique<SavedScope<Scope>>();
}

const SubrDef save_form_subrs[] = {
    {"save-restriction", 0, unevalled, sf_save_restriction},
    {"save-excursion", 0, unevalled, sf_save_excursion},
    {"save-current-buffer", 0, unevalled, sf_save_current_buffer},
};

} // namespace

void register_save_form_builtins()
{
    register_subrs(save_form_subrs);
    install_byte_code_host({save_state<ExcursionScope>, save_state<RestrictionScope>, save_state<CurrentBufferScope>});
}

} // namespace gapmacs::lisp

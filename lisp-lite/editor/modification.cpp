// Read-only enforcement and the change hooks for Lisp-level buffer changes.
#include "lisp-lite/editor/modification.hpp"

#include "buffer/file_io.hpp"
#include "core/utf8.hpp"

#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/file_locks.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/overlays.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/hooks.hpp"

namespace gapmacs::lisp {

namespace {

Value g_inhibit_read_only, g_inhibit_modification_hooks, g_before_change, g_after_change, g_first_change;

bool hooks_inhibited() { return !nilp(xsymbol(g_inhibit_modification_hooks)->value); }

// Runs a change hook as Emacs does: inhibit-modification-hooks bound to t,
// and the hook variable set to nil if a function exits non-locally (so a
// broken hook cannot make every edit fail).
void run_change_hook(Value hook, const Value* args, std::size_t n)
{
    Value v = xsymbol(hook)->value;
    if (v == Qunbound || nilp(v))
        return;
    SpecScope scope;
    specbind(g_inhibit_modification_hooks, Qt);
    try {
        run_hook_with_args(hook, args, n);
    } catch (...) {
        set_internal(hook, Qnil, true);
        throw;
    }
}

// Calls each function of each list in LISTS with ARGS, as Emacs's
// call_mod_hooks, with inhibit-modification-hooks bound to t.
void call_hook_lists(RootedVector& lists, const Value* args, std::size_t n)
{
    if (lists.size() == 0)
        return;
    SpecScope scope;
    specbind(g_inhibit_modification_hooks, Qt);
    for (Value list : lists.items())
        for (Value f = list; f.is_cons(); f = xcdr(f))
            funcall(xcar(f), args, n);
}

// Calls the overlay hooks overlay_change_hooks collected: each function
// with (OVERLAY AFTER BEG END [OLD-LEN]), for the overlays still in a buffer.
void call_overlay_hooks(RootedVector& hooks, bool after, CharPos beg, CharPos end, std::int64_t old_len)
{
    if (hooks.size() == 0)
        return;
    SpecScope scope;
    specbind(g_inhibit_modification_hooks, Qt);
    for (std::size_t i = 0; i + 1 < hooks.size(); i += 2) {
        Value args[5] = {hooks[i + 1], boolean(after), Value::fixnum(beg.value), Value::fixnum(end.value),
                         Value::fixnum(old_len)};
        for (Value f = hooks[i]; f.is_cons(); f = xcdr(f))
            funcall(xcar(f), args, after ? 5 : 4);
    }
}

Value f_barf_if_buffer_read_only(Args a)
{
    if (!nilp(a[0]))
        check_position(a[0]);
    barf_if_buffer_read_only();
    return Qnil;
}

const SubrDef modification_subrs[] = {
    {"barf-if-buffer-read-only", 0, 1, f_barf_if_buffer_read_only},
};

} // namespace

void barf_if_buffer_read_only()
{
    if (current().read_only() && nilp(xsymbol(g_inhibit_read_only)->value))
        xsignal1(Qbuffer_read_only, current_buffer());
}

namespace {

// Emacs's lock_file check, before the first change of an unmodified buffer
// whose file changed on disk since it was visited or saved: the user says
// whether to go on (the Lisp asks; n signals file-supersession).
void check_supersession(Buffer& b)
{
    if (b.modified() || b.file_name().empty() || !b.visited_modtime())
        return;
    const Buffer::FileTime now = file_modtime(b.file_name());
    if (!now.exists || b.visited_modtime()->same_file_as(now))
        return;
    if (!nilp(xsymbol(Quserlock__ask_user_about_supersession_threat)->function))
        call1(Quserlock__ask_user_about_supersession_threat, make_string_from_utf8(b.file_name()));
}

} // namespace

Modification::Modification(CharPos beg, CharPos end) : m_buffer(&current())
{
    barf_if_buffer_read_only();
    check_text_read_only(*m_buffer, beg, end);
    Value args[2] = {Value::fixnum(beg.value), Value::fixnum(end.value)};
    const TextProperties* props = m_buffer->text_properties();
    if (!hooks_inhibited() && props && !props->empty()) {
        if (beg == end) {
            text_insertion_hooks(*m_buffer, beg, m_insertion_hooks.emplace());
        } else {
            RootedVector text_hooks;
            text_modification_hooks(*m_buffer, beg, end, text_hooks);
            call_hook_lists(text_hooks, args, 2);
        }
    }
    check_supersession(*m_buffer);
    lock_before_first_change();
    if (!hooks_inhibited()) {
        if (!m_buffer->modified())
            run_change_hook(g_first_change, nullptr, 0);
        run_change_hook(g_before_change, args, 2);
        // A hook may have switched buffers; the change is to the current one.
        m_buffer = &current();
        barf_if_buffer_read_only();
        if (!m_buffer->overlays().empty()) {
            overlay_change_hooks(*m_buffer, beg, end, m_overlay_hooks.emplace());
            call_overlay_hooks(*m_overlay_hooks, false, beg, end, 0);
            m_buffer = &current();
        }
    }
    // As Emacs's prepare_to_modify_buffer: a change deactivates the mark
    // when the command ends (process output keeps it: AsyncLispScope).
    set_symbol_value(Qdeactivate_mark, Qt);
    if (m_buffer->read_only()) {
        m_buffer->set_read_only(false);
        m_lifted_read_only = true;
    }
}

Modification::~Modification()
{
    if (m_lifted_read_only)
        m_buffer->set_read_only(true);
}

void Modification::done(CharPos beg, CharPos end, std::int64_t old_len)
{
    if (m_lifted_read_only) {
        m_buffer->set_read_only(true);
        m_lifted_read_only = false;
    }
    // As Emacs's del_range and replace_range, whatever the hooks.
    if (old_len > 0)
        evaporate_overlays(*m_buffer, beg);
    if (hooks_inhibited())
        return;
    Value args[3] = {Value::fixnum(beg.value), Value::fixnum(end.value), Value::fixnum(old_len)};
    run_change_hook(g_after_change, args, 3);
    // As Emacs: the overlay hooks found before the change, if they are of
    // this buffer still.
    if (m_overlay_hooks && &current() == m_buffer)
        call_overlay_hooks(*m_overlay_hooks, true, beg, end, old_len);
    if (m_insertion_hooks && old_len == 0)
        call_hook_lists(*m_insertion_hooks, args, 2);
}

namespace {

// TEXT_OF gives the text once the before-change hooks have run.
template <typename TextOf>
void insert_at_point_when_ready(TextOf text_of, std::optional<CharCount> chars, bool before_markers, Args pieces,
                                bool inherit)
{
    CharPos pt = current().point();
    Modification m(pt, pt);
    Buffer& b = current();
    pt = b.point();
    const std::string_view text = text_of();
    const CharPos end = before_markers ? b.insert_before_markers(pt, text, chars) : b.insert(text, chars);
    insert_properties(b, pt, pieces, inherit);
    m.done(pt, end, 0);
}

} // namespace

void insert_at_point(std::string_view text, bool before_markers, Args pieces, bool inherit)
{
    insert_at_point_when_ready([text] { return text; }, std::nullopt, before_markers, pieces, inherit);
}

void insert_string_at_point(Value string, bool before_markers, bool inherit)
{
    // The view is taken after the hooks: one of them may aset the string,
    // which can move its bytes (Emacs's insert_from_string also reads the
    // string after prepare_to_modify_buffer). Its length stays.
    insert_at_point_when_ready([string] { return string_view(string); }, CharCount(xstring(string)->nchars),
                               before_markers, Args{&string, 1}, inherit);
}

void delete_text(CharPos s, CharPos e)
{
    Modification m(s, e);
    current().delete_region(s, e);
    m.done(s, s, e.value - s.value);
}

void register_modification_builtins()
{
    register_subrs(modification_subrs);
    g_inhibit_read_only = defvar_builtin("inhibit-read-only", Qnil);
    g_inhibit_modification_hooks = defvar_builtin("inhibit-modification-hooks", Qnil);
    g_before_change = defvar_builtin("before-change-functions", Qnil);
    g_after_change = defvar_builtin("after-change-functions", Qnil);
    g_first_change = defvar_builtin("first-change-hook", Qnil);
}

} // namespace gapmacs::lisp

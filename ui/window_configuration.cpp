// Window configurations, as Emacs's window.c has them for
// save-window-excursion: current-window-configuration records the frame's
// windows (their tree, sizes, buffers, starts and points) and the current
// buffer; set-window-configuration puts them back, reviving the very
// windows deleted since.
#include "ui/window_configuration.hpp"

#include <optional>

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "ui/editor.hpp"
#include "ui/symbols.hpp"

namespace gapmacs::ui {

using namespace lisp;

namespace {

struct Configuration {
    std::shared_ptr<const Frame::Snapshot> snapshot;
    Value current_buffer = Qnil;
};

void mark_configuration(ExtObject* o, void (*mark)(Value))
{
    auto* c = static_cast<Configuration*>(o->data);
    mark(c->current_buffer);
    Frame::mark_snapshot(*c->snapshot);
}

void finalize_configuration(ExtObject* o) { delete static_cast<Configuration*>(o->data); }

void print_configuration(ExtObject*, std::string& out) { out += "#<window-configuration>"; }

const ExtClass configuration_class{"window-configuration", mark_configuration, finalize_configuration,
                                   print_configuration};

bool is_configuration(Value v)
{
    return v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &configuration_class;
}

Configuration& check_configuration(Value v)
{
    if (!is_configuration(v))
        wrong_type(Qwindow_configuration_p, v);
    return *static_cast<Configuration*>(static_cast<ExtObject*>(v.as_object())->data);
}

Frame& frame() { return Editor::running().frame(); }

Value f_current_window_configuration(Args)
{
    // The object first: the snapshot's values are marked through it.
    auto* c = new Configuration{frame().snapshot(), Qnil};
    const Value object = Value::object(alloc_ext(Type::Ext, &configuration_class, c));
    c->current_buffer = current_buffer();
    return object;
}

// (set-window-configuration CONFIGURATION &optional DONT-SET-FRAME DONT-SET-MINIWINDOW)
Value f_set_window_configuration(Args a)
{
    Configuration& c = check_configuration(a[0]);
    // As window.c: the current buffer keeps its point when the restored
    // selected window shows it (point moved in save-window-excursion stays).
    Buffer* current = live_buffer(c.current_buffer);
    const std::optional<CharPos> kept = current ? std::optional(current->point()) : std::nullopt;
    frame().restore(*c.snapshot);
    if (current) {
        set_current_buffer(c.current_buffer);
        if (frame().selected().buffer() == c.current_buffer)
            current->goto_char(*kept);
    }
    return Qt;
}

Value f_window_configuration_p(Args a) { return boolean(is_configuration(a[0])); }

// Same windows in the same places; points, starts and buffers aside.
Value f_compare_window_configurations(Args a)
{
    return boolean(Frame::same_layout(*check_configuration(a[0]).snapshot, *check_configuration(a[1]).snapshot));
}

Value f_window_configuration_frame(Args a)
{
    check_configuration(a[0]);
    return call0(Qselected_frame);
}

} // namespace

const SubrDef window_configuration_subrs[] = {
    {"current-window-configuration", 0, 1, f_current_window_configuration},
    {"set-window-configuration", 1, 3, f_set_window_configuration},
    {"window-configuration-p", 1, 1, f_window_configuration_p},
    {"compare-window-configurations", 2, 2, f_compare_window_configurations},
    {"window-configuration-frame", 1, 1, f_window_configuration_frame},
};

void register_window_configuration_builtins() { register_subrs(window_configuration_subrs); }

} // namespace gapmacs::ui

#include "ui/window.hpp"

#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/lang/heap.hpp"

namespace gapmacs::ui {

using namespace lisp;

namespace {

void print_window(ExtObject* o, std::string& out)
{
    auto* w = static_cast<Window*>(o->data);
    if (!w || !w->live) {
        out += "#<window (deleted)>";
        return;
    }
    out += "#<window " + std::to_string(w->number()) + " on ";
    Buffer* b = live_buffer(w->buffer());
    out += b ? b->name() : std::string("killed buffer");
    out += ">";
}

const ExtClass window_class{"window", nullptr, nullptr, print_window};

} // namespace

Window::Window(Value buffer, bool minibuffer) : m_buffer(buffer), m_object(Qnil), m_minibuffer(minibuffer)
{
    static int made = 0;
    m_number = ++made;
    Buffer& b = text();
    m_start.set(b, b.point_min());
    m_point.set(b, b.point());
}

Window::~Window()
{
    if (!m_object.is_empty() && !nilp(m_object))
        static_cast<ExtObject*>(m_object.as_object())->data = nullptr;
}

Buffer& Window::text() const { return check_live_buffer(m_buffer); }

void Window::set_buffer(Value buffer)
{
    Buffer& b = check_live_buffer(buffer);
    m_buffer = buffer;
    m_start.set(b, b.point_min());
    m_point.set(b, b.point());
    invalidate();
}

void Window::follow_buffer()
{
    Buffer& b = text();
    if (m_start.buffer() != &b)
        m_start.set(b, b.point_min());
    if (m_point.buffer() != &b)
        m_point.set(b, b.point_min());
}

CharPos Window::point(bool selected) const
{
    Buffer& b = text();
    if (selected)
        return b.point();
    if (m_point.buffer() != &b) // its text went to another buffer (follow_buffer)
        return b.point_min();
    if (auto p = m_point.position())
        return *p;
    return b.point();
}

Value Window::lisp_object()
{
    if (m_object.is_empty() || nilp(m_object))
        m_object = Value::object(alloc_ext(Type::Ext, &window_class, this));
    return m_object;
}

void Window::mark_values() const
{
    mark_value(m_buffer);
    if (!m_object.is_empty())
        mark_value(m_object);
}

bool windowp(Value v)
{
    return v.is(Type::Ext) && static_cast<ExtObject*>(v.as_object())->cls == &window_class;
}

Window* window_of(Value v)
{
    auto* w = windowp(v) ? static_cast<Window*>(static_cast<ExtObject*>(v.as_object())->data) : nullptr;
    return w && w->live ? w : nullptr;
}

} // namespace gapmacs::ui

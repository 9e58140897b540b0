// InsertionScope: how process text (output, or the default sentinel's
// "Process NAME EVENT" line) goes into a buffer, as Emacs does it: the
// buffer is writable even if read-only, and a mark outside the narrowing is
// reached by widening; both are put back afterwards, the narrowing grown over
// the new text.
#pragma once
#include "buffer/buffer.hpp"

namespace gapmacs {

class InsertionScope {
public:
    InsertionScope(Buffer& buffer, CharPos at) : m_buffer(buffer), m_at(at), m_read_only(buffer.read_only())
    {
        m_buffer.set_read_only(false);
        if (at < buffer.point_min() || at > buffer.point_max()) {
            m_narrowed = true;
            m_begv = buffer.point_min();
            m_zv = buffer.point_max();
            m_buffer.widen();
        }
    }
    InsertionScope(const InsertionScope&) = delete;
    InsertionScope& operator=(const InsertionScope&) = delete;
    // Tells how many characters went in at `at`.
    void inserted(CharPos n) { m_inserted = n; }
    ~InsertionScope()
    {
        m_buffer.set_read_only(m_read_only);
        if (m_narrowed) {
            if (m_begv > m_at)
                m_begv += m_inserted;
            if (m_zv >= m_at)
                m_zv += m_inserted;
            m_buffer.narrow(m_begv, m_zv);
        }
    }

private:
    Buffer& m_buffer;
    CharPos m_at;
    CharPos m_inserted{0};
    bool m_read_only;
    bool m_narrowed = false;
    CharPos m_begv, m_zv;
};

} // namespace gapmacs

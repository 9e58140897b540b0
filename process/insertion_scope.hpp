// InsertionScope: how process text (output, or the default sentinel's
// "Process NAME EVENT" line) goes into a buffer, as Emacs does it: the
// buffer is writable even if read-only, and made read-only again afterwards.
//
// There is no widening: the place is OutputStream::insertion_point(), the
// process mark clipped to the accessible text (Emacs 28 clips it the same
// way), so the text lands inside the narrowing, which grows over it.
#pragma once
#include "buffer/buffer.hpp"

namespace gapmacs {

class InsertionScope {
public:
    explicit InsertionScope(Buffer& buffer) : m_buffer(buffer), m_read_only(buffer.read_only())
    {
        m_buffer.set_read_only(false);
    }
    InsertionScope(const InsertionScope&) = delete;
    InsertionScope& operator=(const InsertionScope&) = delete;
    ~InsertionScope() { m_buffer.set_read_only(m_read_only); }

private:
    Buffer& m_buffer;
    bool m_read_only;
};

} // namespace gapmacs

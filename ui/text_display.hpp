// What a Lisp buffer's display properties make of its text, as row layout
// asks for it: invisible text (its `invisible' properties under
// buffer-invisibility-spec), overlays' before-strings and after-strings,
// and display strings in place of the text they cover.
#pragma once
#include "lisp-lite/lisp_lite.hpp"
#include "ui/row_layout.hpp"

namespace gapmacs::ui {

class BufferTextDisplay final : public TextDisplay {
public:
    // buffer: a live Lisp buffer, for as long as this lives.
    explicit BufferTextDisplay(lisp::Value buffer);

    Stretch from(TextPos at, BytePos lookahead) const override;
    std::optional<TextPos> hidden_before(TextPos at, TextPos floor) const override;

private:
    Stretch compute(TextPos at, TextPos lookahead) const;

    lisp::Value m_buffer;
    const Buffer& m_text;
    // The last shown stretch asked for: the rows of its lines need not ask
    // again while the buffer (its text, properties, overlays) is unchanged.
    // And the last stretch of any kind: the rows of strings with newlines
    // all start at one position (vertico's candidates), asked about once.
    mutable std::optional<Stretch> m_shown;
    mutable TextPos m_shown_at;
    mutable std::uint64_t m_shown_tick = 0;
    mutable std::optional<Stretch> m_last;
    mutable BytePos m_last_at;
    mutable std::uint64_t m_last_tick = 0;
};

} // namespace gapmacs::ui

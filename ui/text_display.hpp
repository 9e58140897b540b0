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

    Stretch from(TextPos at, TextPos lookahead) const override;
    std::optional<TextPos> hidden_before(TextPos at, TextPos floor) const override;

private:
    lisp::Value m_buffer;
    const Buffer& m_text;
};

} // namespace gapmacs::ui

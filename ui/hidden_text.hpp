// A Lisp buffer's invisible text (its `invisible' properties under
// buffer-invisibility-spec) as row layout asks for it.
#pragma once
#include "lisp-lite/lisp_lite.hpp"
#include "ui/row_layout.hpp"

namespace gapmacs::ui {

class BufferHiddenText final : public HiddenText {
public:
    // buffer: a live Lisp buffer, for as long as this lives.
    explicit BufferHiddenText(lisp::Value buffer);

    Stretch from(TextPos at, TextPos lookahead) const override;
    std::optional<TextPos> hidden_before(TextPos at, TextPos floor) const override;

private:
    lisp::Value m_buffer;
    const Buffer& m_text;
};

} // namespace gapmacs::ui

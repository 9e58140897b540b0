// KeyDecoder: the bytes a terminal sends, turned into Emacs input events.
//
// A character is its code (C-a is 1, RET 13, DEL 127); a function key is a
// symbol name with Emacs's modifier prefixes ("up", "C-up", "S-f5", "deletechar");
// a bracketed paste is one event holding the pasted text, so a large paste
// is one insertion and one undo step. ESC followed by anything that is not
// a known sequence is ESC itself, which Emacs's keymaps read as the meta
// prefix (ESC x is M-x). Unknown sequences are swallowed, never inserted.
//
// Bytes may arrive split anywhere; an incomplete sequence waits for the next
// feed, or for flush() when no more bytes come (a lone ESC).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gapmacs::ui {

struct KeyEvent {
    enum class Kind { Char, Symbol, Paste } kind = Kind::Char;
    std::int64_t code = 0; // Char: the character with Emacs's modifier bits
    std::string text;      // Symbol: its name; Paste: the text (UTF-8, newlines as LF)

    static KeyEvent chr(std::int64_t c) { return {Kind::Char, c, {}}; }
    static KeyEvent sym(std::string name) { return {Kind::Symbol, 0, std::move(name)}; }
    bool operator==(const KeyEvent&) const = default;
};

// Emacs's modifier bits on character events.
constexpr std::int64_t meta_bit = std::int64_t(1) << 27;
constexpr std::int64_t ctrl_bit = std::int64_t(1) << 26;
constexpr std::int64_t shift_bit = std::int64_t(1) << 25;

class KeyDecoder final {
public:
    // Decodes what it can of `bytes` (and what was pending) into `out`.
    void feed(std::string_view bytes, std::vector<KeyEvent>& out);
    // No more bytes are coming soon: what is pending is taken as it is.
    void flush(std::vector<KeyEvent>& out);
    bool pending() const { return !m_pending.empty() && !m_in_paste; }
    bool in_paste() const { return m_in_paste; }

private:
    // Decodes one event at the start of m_pending; returns the bytes used,
    // or 0 when more bytes are needed.
    std::size_t decode_one(std::string_view s, std::vector<KeyEvent>& out, bool final);
    std::size_t decode_escape(std::string_view s, std::vector<KeyEvent>& out, bool final);
    std::size_t take_paste(std::string_view s, std::vector<KeyEvent>& out);

    std::string m_pending;
    bool m_in_paste = false;
    std::string m_paste;
};

} // namespace gapmacs::ui

#include "ui/key_decoder.hpp"

#include <cstring>

#include "core/utf8.hpp"

namespace gapmacs::ui {

namespace {

constexpr std::string_view paste_end = "\x1b[201~";

// "C-M-S-" as Emacs orders modifier prefixes, from an xterm modifier
// parameter (1 + shift 1, alt 2, ctrl 4, meta 8).
std::string modifier_prefix(int param)
{
    int m = param > 1 ? param - 1 : 0;
    std::string p;
    if (m & 4)
        p += "C-";
    if (m & (2 | 8))
        p += "M-";
    if (m & 1)
        p += "S-";
    return p;
}

const char* tilde_key(int n)
{
    switch (n) {
    case 1: case 7: return "home";
    case 2: return "insert";
    case 3: return "deletechar";
    case 4: case 8: return "end";
    case 5: return "prior";
    case 6: return "next";
    case 11: return "f1";
    case 12: return "f2";
    case 13: return "f3";
    case 14: return "f4";
    case 15: return "f5";
    case 17: return "f6";
    case 18: return "f7";
    case 19: return "f8";
    case 20: return "f9";
    case 21: return "f10";
    case 23: return "f11";
    case 24: return "f12";
    default: return nullptr;
    }
}

const char* letter_key(char c)
{
    switch (c) {
    case 'A': return "up";
    case 'B': return "down";
    case 'C': return "right";
    case 'D': return "left";
    case 'H': return "home";
    case 'F': return "end";
    case 'P': return "f1";
    case 'Q': return "f2";
    case 'R': return "f3";
    case 'S': return "f4";
    case 'Z': return "backtab";
    default: return nullptr;
    }
}

// Pasted text as Emacs inserts it: CR and CR LF become LF.
std::string normalize_newlines(const std::string& s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\r') {
            out += '\n';
            if (i + 1 < s.size() && s[i + 1] == '\n')
                ++i;
        } else {
            out += s[i];
        }
    }
    return out;
}

} // namespace

void KeyDecoder::feed(std::string_view bytes, std::vector<KeyEvent>& out)
{
    m_pending.append(bytes);
    std::size_t used = 0;
    while (used < m_pending.size()) {
        std::string_view rest(m_pending.data() + used, m_pending.size() - used);
        std::size_t n = m_in_paste ? take_paste(rest, out) : decode_one(rest, out, false);
        if (n == 0)
            break;
        used += n;
    }
    m_pending.erase(0, used);
}

void KeyDecoder::flush(std::vector<KeyEvent>& out)
{
    if (m_in_paste)
        return; // a paste ends only with its end sequence
    std::size_t used = 0;
    while (used < m_pending.size()) {
        std::string_view rest(m_pending.data() + used, m_pending.size() - used);
        used += decode_one(rest, out, true);
    }
    m_pending.clear();
}

std::size_t KeyDecoder::take_paste(std::string_view s, std::vector<KeyEvent>& out)
{
    std::size_t end = s.find(paste_end);
    if (end == std::string_view::npos) {
        // Keep a possible partial end sequence for the next feed.
        std::size_t keep = 0;
        for (std::size_t k = 1; k < paste_end.size() && k <= s.size(); ++k)
            if (s.substr(s.size() - k) == paste_end.substr(0, k))
                keep = k;
        m_paste.append(s.substr(0, s.size() - keep));
        return s.size() - keep;
    }
    m_paste.append(s.substr(0, end));
    out.push_back({KeyEvent::Kind::Paste, 0, normalize_newlines(m_paste)});
    m_paste.clear();
    m_in_paste = false;
    return end + paste_end.size();
}

std::size_t KeyDecoder::decode_one(std::string_view s, std::vector<KeyEvent>& out, bool final)
{
    const auto b = static_cast<unsigned char>(s[0]);
    if (b == 0x1b)
        return decode_escape(s, out, final);
    if (b < 0x80) {
        out.push_back(KeyEvent::chr(b));
        return 1;
    }
    int status = utf8_sequence_status(s.data(), s.size());
    if (status > 0) {
        int len = 0;
        std::string internal(s.substr(0, static_cast<std::size_t>(status)));
        out.push_back(KeyEvent::chr(decode_internal_char(internal.data(), internal.data() + internal.size(), &len)));
        return static_cast<std::size_t>(status);
    }
    if (status < 0 && !final)
        return 0;
    // Not UTF-8: the byte itself, as a raw-byte character.
    out.push_back(KeyEvent::chr(raw_byte_char(b)));
    return 1;
}

std::size_t KeyDecoder::decode_escape(std::string_view s, std::vector<KeyEvent>& out, bool final)
{
    if (s.size() == 1) {
        if (!final)
            return 0;
        out.push_back(KeyEvent::chr(27));
        return 1;
    }
    const char intro = s[1];
    if (intro != '[' && intro != 'O') {
        out.push_back(KeyEvent::chr(27)); // the meta prefix; the next byte is decoded on its own
        return 1;
    }
    // CSI: ESC [ params final; SS3: ESC O final.
    std::size_t i = 2;
    while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == ';' || s[i] == '?' || s[i] == '<'))
        ++i;
    if (i >= s.size()) {
        if (!final)
            return 0;
        out.push_back(KeyEvent::chr(27));
        return 1;
    }
    const char fin = s[i];
    if (static_cast<unsigned char>(fin) < 0x40 || static_cast<unsigned char>(fin) > 0x7e) {
        // Not a sequence: ESC, then the rest as typed.
        out.push_back(KeyEvent::chr(27));
        return 1;
    }
    std::vector<int> params;
    {
        int v = 0;
        bool any = false;
        for (std::size_t k = 2; k < i; ++k) {
            if (s[k] == ';') {
                params.push_back(any ? v : 1);
                v = 0;
                any = false;
            } else if (s[k] >= '0' && s[k] <= '9') {
                v = v * 10 + (s[k] - '0');
                any = true;
            }
        }
        if (any)
            params.push_back(v);
    }
    const std::size_t used = i + 1;
    const char* name = nullptr;
    int mods = params.size() >= 2 ? params[1] : 1;
    if (fin == '~') {
        int n = params.empty() ? 0 : params[0];
        if (n == 200 && intro == '[') {
            m_in_paste = true;
            m_paste.clear();
            return used;
        }
        name = tilde_key(n);
    } else {
        name = letter_key(fin);
        if (fin == 'Z') mods = 1;
    }
    if (name)
        out.push_back(KeyEvent::sym(modifier_prefix(mods) + name));
    return used; // unknown sequences are swallowed
}

} // namespace gapmacs::ui

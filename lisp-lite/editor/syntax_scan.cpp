// Scanning by syntax: scan-lists, scan-sexps, parse-partial-sexp,
// syntax-ppss, forward-comment, backward-prefix-chars.
//
// These follow Emacs's syntax.c closely in what they answer (positions,
// the scan-error data, the eleven elements of a parse state), since
// packages and modes depend on the details. Where Emacs searches backward
// for the start of a comment (back_comment's heuristics), this parses
// forward from point-min instead, as Emacs itself falls back to doing
// through syntax-ppss: that is always right, and a cache of parse states
// every few thousand characters, valid while the buffer is unchanged,
// keeps it cheap (syntax-ppss uses the same cache).
#include <algorithm>
#include <iterator>
#include <optional>
#include <vector>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/syntax_table.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/heap.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

using SC = SyntaxClass;

// Comment and string "styles" of the fence classes, beyond the 0-3 of
// ordinary comment styles.
constexpr int fence_comment_style = 257;
constexpr int fence_string = 258;

// A position as both counts, so scanning never converts.
struct Pos {
    CharPos c;
    BytePos b;
};

// One level of list nesting while parsing forward: where its last
// complete sexp started, and the one before (Emacs's struct level).
struct Level {
    std::int64_t last = -1;
    std::int64_t prev = -1;
};

// Emacs's parse state, with the level stack kept whole so that a cached
// state resumes exactly.
struct ParseState {
    std::int64_t depth = 0;
    int instring = -1;           // the terminator, fence_string, or -1
    std::int64_t incomment = 0;  // 0, -1 (not nestable), or nesting depth
    int comstyle = 0;
    std::int64_t comstr_start = -1;
    bool quoted = false;
    std::int64_t mindepth = 0;
    std::int64_t thislevelstart = -1;
    std::int64_t prevlevelstart = -1;
    Syntax prev_syntax = Syntax::none();
    std::vector<Level> levels{Level{}};
    CharPos location;
};

Value position_value(std::int64_t pos) { return pos < 0 ? Qnil : Value::fixnum(pos); }

class Scanner {
public:
    Scanner()
        : m_buffer(current()), m_text(m_buffer.gap_buffer()), m_begv(at(m_buffer.point_min())),
          m_zv(at(m_buffer.point_max())),
          m_ignore_comments(!nilp(find_symbol_value(Qparse_sexp_ignore_comments))),
          m_lookup_properties(!nilp(find_symbol_value(Qparse_sexp_lookup_properties)) &&
                              m_buffer.text_properties()),
          m_propertized_until(propertized_until())
    {
    }

    Pos at(CharPos c) const { return {c, m_buffer.char_to_byte(c)}; }
    Pos clamp(std::int64_t c) const { return at(std::clamp(CharPos(c), m_begv.c, m_zv.c)); }
    Pos begv() const { return m_begv; }
    Pos zv() const { return m_zv; }
    Buffer& buffer() const { return m_buffer; }

    std::optional<CharPos> scan_lists(CharPos from, std::int64_t count, std::int64_t depth, bool sexpflag);
    void parse(ParseState& st, Pos from, Pos end, std::optional<std::int64_t> target, bool stopbefore, int commentstop);
    // forward-comment: point's new place, and whether all COUNT were skipped.
    std::pair<Pos, bool> forward_comment(Pos from, std::int64_t count);
    Pos backward_prefix_chars(Pos from);
    // The state at pos parsing from point-min, through the cache.
    ParseState state_at(Pos pos);

private:
    char32_t fetch(Pos p) const
    {
        const auto lead = static_cast<unsigned char>(m_text[p.b]);
        if (lead < 0x80)
            return lead;
        char unit[6];
        const std::int64_t n = std::min<std::int64_t>(internal_char_length(lead), (m_text.end() - p.b).value);
        for (std::int64_t i = 0; i < n; ++i)
            unit[i] = m_text[p.b + ByteCount(i)];
        return decode_internal_char(unit, unit + n);
    }
    void inc(Pos& p) const
    {
        p.b = p.b + ByteCount(internal_char_length(static_cast<unsigned char>(m_text[p.b])));
        p.c = p.c + CharCount(1);
    }
    void dec(Pos& p) const
    {
        do
            p.b = p.b - ByteCount(1);
        while (is_continuation_byte(static_cast<unsigned char>(m_text[p.b])));
        p.c = p.c - CharCount(1);
    }
    Pos before(Pos p) const
    {
        dec(p);
        return p;
    }
    Syntax syntax_at(Pos p) const
    {
        if (p.c.value >= m_propertized_until) [[unlikely]]
            propertize_through(p.c);
        const char32_t c = fetch(p);
        return m_lookup_properties ? property_syntax(p.c, c) : m_syntax(c);
    }
    static constexpr std::int64_t all_propertized = INT64_MAX;
    std::int64_t propertized_until() const;
    void propertize_through(CharPos pos) const;
    Syntax property_syntax(CharPos pos, char32_t c) const;
    SC class_at(Pos p) const { return syntax_at(p).cls(); }

    // Is the character at p escaped by an odd number of escape characters?
    bool char_quoted(Pos p) const
    {
        bool quoted = false;
        while (p.c > m_begv.c) {
            dec(p);
            const SC cls = class_at(p);
            if (cls != SC::Escape && cls != SC::CharQuote)
                break;
            quoted = !quoted;
        }
        return quoted;
    }

    struct CommentScan {
        bool found;
        Pos pos; // on the comment end's last character when found
        std::int64_t incomment;
        Syntax last;
    };
    CommentScan forw_comment(Pos from, Pos stop, std::int64_t nesting, int style, Syntax prev_syntax) const;
    std::optional<Pos> back_comment(Pos from, Pos stop, int comstyle);
    bool may_start_comment_between(Pos from, Pos comment_end, int comstyle) const;

    [[noreturn]] void scan_error(const char* message, CharPos a, CharPos b) const
    {
        xsignal3(Qscan_error, make_string(message), Value::fixnum(a.value), Value::fixnum(b.value));
    }

    Buffer& m_buffer;
    const GapBuffer& m_text;
    SyntaxLookup m_syntax;
    Pos m_begv, m_zv;
    bool m_ignore_comments;
    mutable bool m_lookup_properties;
    // Where the mode's syntax-propertize-function has not yet put its
    // `syntax-table' properties (syntax-propertize--done): a scan reaching
    // it has them put first, as syntax.c's parse_sexp_propertize does.
    mutable std::int64_t m_propertized_until;
    // The stretch of one plist property_syntax read last, and what its
    // `syntax-table' property is: a scan asks the runs once per stretch.
    mutable TextProperties::Run m_stretch{0, 0, 0};
    mutable Value m_stretch_syntax = Qnil;
    mutable std::optional<SyntaxLookup> m_stretch_table;
};

std::int64_t Scanner::propertized_until() const
{
    if (nilp(find_symbol_value(Qparse_sexp_lookup_properties)))
        return all_propertized;
    const Value done = find_symbol_value(Qsyntax_propertize__done);
    if (!fixnump(done) || done.as_fixnum() >= m_zv.c.value)
        return all_propertized;
    return std::max<std::int64_t>(done.as_fixnum(), m_begv.c.value);
}

// Lisp (syntax.el's internal--syntax-propertize) puts the properties from
// where it stopped to at least pos + 1; it must not change the text. An
// error in it, or no progress, leaves the rest of the scan as it is.
void Scanner::propertize_through(CharPos pos) const
{
    m_propertized_until = all_propertized;
    if (nilp(xsymbol(Qinternal__syntax_propertize)->function))
        return;
    const std::uint64_t chars_tick = m_buffer.chars_modification_tick();
    try {
        call1(Qinternal__syntax_propertize, Value::fixnum(std::min(m_zv.c.value, pos.value + 1)));
    } catch (const LispSignal&) {
        return;
    }
    if (m_buffer.chars_modification_tick() != chars_tick)
        error("internal--syntax-propertize modified the buffer!");
    const std::int64_t until = propertized_until();
    if (until > pos.value)
        m_propertized_until = until;
    m_lookup_properties = !nilp(find_symbol_value(Qparse_sexp_lookup_properties)) && m_buffer.text_properties();
    m_stretch = TextProperties::Run{0, 0, 0};
    m_stretch_syntax = Qnil;
    m_stretch_table.reset();
}

// parse-sexp-lookup-properties: a `syntax-table' text property, a raw
// descriptor (CODE . MATCH) or a syntax table, overrides the buffer's table
// for its characters, as Emacs's syntax.c does through gl_state.
Syntax Scanner::property_syntax(CharPos pos, char32_t c) const
{
    if (pos.value < m_stretch.beg || pos.value >= m_stretch.end) {
        const TextProperties* props = m_buffer.text_properties();
        m_stretch = props ? props->stretch(pos.value, 1, m_buffer.size() + 1)
                          : TextProperties::Run{1, m_buffer.size() + 1, 0};
        m_stretch_syntax = Qnil;
        for (Value p = m_stretch.plist ? Value::from_bits(m_stretch.plist) : Qnil; consp(p) && consp(xcdr(p));
             p = xcdr(xcdr(p)))
            if (xcar(p) == Qsyntax_table) {
                m_stretch_syntax = xcar(xcdr(p));
                break;
            }
        m_stretch_table.reset();
        if (char_table(m_stretch_syntax))
            m_stretch_table.emplace(m_stretch_syntax);
    }
    if (consp(m_stretch_syntax))
        return decode_syntax_descriptor(m_stretch_syntax);
    return m_stretch_table ? (*m_stretch_table)(c) : m_syntax(c);
}

// ---- comments ----

// From inside a comment of `style` (nesting: -1 not nestable, else the
// depth), to its end. prev_syntax: the syntax of the character before
// from when it may be the first of a two-character end (Syntax{}: none).
Scanner::CommentScan Scanner::forw_comment(Pos from, Pos stop, std::int64_t nesting, int style,
                                           Syntax prev_syntax) const
{
    Syntax syntax = prev_syntax;
    SC code = SC::Max;
    bool at_second_char = syntax.code != 0;
    for (;;) {
        if (!at_second_char) {
            if (from.c == stop.c) {
                const bool pending = code == SC::Escape || code == SC::CharQuote || syntax.comend_first() ||
                                     (nesting > 0 && syntax.comstart_first());
                return {false, from, nesting, pending ? syntax : Syntax::none()};
            }
            syntax = syntax_at(from);
            code = syntax.cls();
            if (code == SC::EndComment && syntax.comment_style({}) == style &&
                (syntax.nested() ? nesting > 0 && --nesting == 0 : nesting < 0))
                break;
            if (code == SC::CommentFence && style == fence_comment_style)
                break;
            if (nesting > 0 && code == SC::Comment && syntax.nested() && syntax.comment_style({}) == style)
                ++nesting;
            inc(from);
        }
        at_second_char = false;
        if (from.c == stop.c)
            continue;
        const Syntax other = syntax_at(from);
        if (syntax.comend_first() && other.comend_second() && syntax.comment_style(other) == style &&
            ((syntax.nested() || other.nested()) ? nesting > 0 : nesting < 0)) {
            syntax = Syntax::none();
            if (--nesting <= 0)
                break;
            inc(from);
            at_second_char = true;
            continue;
        }
        if (nesting > 0 && syntax.comstart_first() && other.comstart_second() &&
            other.comment_style(syntax) == style && (syntax.nested() || other.nested())) {
            syntax = Syntax::none();
            inc(from);
            ++nesting;
        }
    }
    return {true, from, nesting, Syntax::none()};
}

// Could a comment of comstyle that ends at comment_end start after from?
// Only if a comment starter of that style (or a fence) lies between.
bool Scanner::may_start_comment_between(Pos from, Pos comment_end, int comstyle) const
{
    Syntax prev{};
    for (Pos p = from; p.c < comment_end.c; inc(p)) {
        const Syntax s = syntax_at(p);
        if ((s.cls() == SC::Comment && s.comment_style({}) == comstyle) || s.cls() == SC::CommentFence ||
            (prev.comstart_first() && s.comstart_second()))
            return true;
        prev = s;
    }
    return false;
}

// The start of the comment whose end begins at from, if it is one.
std::optional<Pos> Scanner::back_comment(Pos from, Pos stop, int comstyle)
{
    // Most newlines end no comment: when no starter lies since the previous
    // end of the same style (the line, for `;' comments), none can.
    const Syntax end = syntax_at(from);
    if (end.cls() == SC::EndComment && !end.nested()) {
        Pos p = from;
        while (p.c > stop.c) {
            dec(p);
            const Syntax s = syntax_at(p);
            if (s.cls() == SC::EndComment && s.comment_style({}) == comstyle) {
                inc(p);
                break;
            }
        }
        if (!may_start_comment_between(p, from, comstyle))
            return std::nullopt;
    }
    ParseState st = state_at(from);
    if (st.incomment == 0 || st.comstyle != comstyle || st.comstr_start < stop.c.value)
        return std::nullopt;
    return at(CharPos(st.comstr_start));
}

// ---- lists and sexps ----

std::optional<CharPos> Scanner::scan_lists(CharPos start, std::int64_t count, std::int64_t depth, bool sexpflag)
{
    const std::int64_t min_depth = depth > 0 ? 0 : depth;
    Pos from = at(std::clamp(start, m_begv.c, m_zv.c));
    CharPos last_good = from.c;
    bool mathexit = false;
    std::int64_t steps = 0;
    auto lose = [&]() { scan_error("Unbalanced parentheses", last_good, from.c); };
    // Into a list (out of it, scanning backward): done at depth 0.
    auto enter = [&]() { return ++depth == 0; };
    // Out of a list: done at depth 0; below where the scan started is an error.
    auto leave = [&]() {
        if (--depth == 0)
            return true;
        if (depth < min_depth)
            scan_error("Containing expression ends prematurely", last_good, from.c);
        return false;
    };

    for (; count > 0; --count) {
        const Pos stop = m_zv;
        bool done = false;
        while (!done && from.c < stop.c) {
            if ((++steps & 4095) == 0)
                maybe_quit();
            const char32_t c = fetch(from);
            const Syntax syntax = syntax_at(from);
            SC code = syntax.cls();
            int comstyle = syntax.comment_style({});
            bool comnested = syntax.nested();
            if (depth == min_depth)
                last_good = from.c;
            inc(from);
            if (from.c < stop.c && syntax.comstart_first() && m_ignore_comments) {
                const Syntax other = syntax_at(from);
                if (other.comstart_second()) {
                    code = SC::Comment;
                    comstyle = other.comment_style(syntax);
                    comnested = comnested || other.nested();
                    inc(from);
                }
            }
            if (syntax.prefix())
                continue;
            switch (code) {
            case SC::Escape:
            case SC::CharQuote:
                if (from.c == stop.c)
                    lose();
                inc(from);
                [[fallthrough]];
            case SC::Word:
            case SC::Symbol:
                if (depth != 0 || !sexpflag)
                    break;
                // A symbol is a sexp: its end is where this one ends.
                while (from.c < stop.c) {
                    const SC cls = class_at(from);
                    if (cls == SC::Escape || cls == SC::CharQuote) {
                        inc(from);
                        if (from.c == stop.c)
                            lose();
                    } else if (cls != SC::Word && cls != SC::Symbol && cls != SC::Quote) {
                        break;
                    }
                    inc(from);
                }
                done = true;
                break;
            case SC::CommentFence:
                comstyle = fence_comment_style;
                [[fallthrough]];
            case SC::Comment: {
                if (!m_ignore_comments)
                    break;
                CommentScan scan = forw_comment(from, stop, comnested ? 1 : -1, comstyle, Syntax{});
                from = scan.pos;
                if (!scan.found) {
                    if (depth == 0) {
                        done = true;
                        break;
                    }
                    lose();
                }
                inc(from);
                break;
            }
            case SC::Math:
                if (!sexpflag)
                    break;
                if (from.c != stop.c && c == fetch(from))
                    inc(from);
                if (mathexit) {
                    mathexit = false;
                    done = leave();
                    break;
                }
                mathexit = true;
                [[fallthrough]];
            case SC::Open:
                done = enter();
                mathexit = false;
                break;
            case SC::Close:
                done = leave();
                break;
            case SC::String:
            case SC::StringFence: {
                const char32_t term = fetch(before(from));
                for (;;) {
                    if (from.c >= stop.c)
                        lose();
                    const char32_t ch = fetch(from);
                    const SC cls = class_at(from);
                    if (code == SC::String ? ch == term && cls == SC::String : cls == SC::StringFence)
                        break;
                    if (cls == SC::CharQuote || cls == SC::Escape)
                        inc(from);
                    inc(from);
                }
                inc(from);
                if (depth == 0 && sexpflag)
                    done = true;
                break;
            }
            default:
                break; // whitespace, punctuation, quote, comment end
            }
        }
        if (!done) {
            if (depth != 0)
                lose();
            return std::nullopt;
        }
    }

    for (; count < 0; ++count) {
        const Pos stop = m_begv;
        bool done = false;
        while (!done && from.c > stop.c) {
            if ((++steps & 4095) == 0)
                maybe_quit();
            dec(from);
            const char32_t c = fetch(from);
            const Syntax syntax = syntax_at(from);
            SC code = syntax.cls();
            if (depth == min_depth)
                last_good = from.c;
            int comstyle = code == SC::EndComment ? syntax.comment_style({}) : 0;
            if (from.c > stop.c && syntax.comend_second() && m_ignore_comments &&
                syntax_at(before(from)).comend_first()) {
                dec(from);
                code = SC::EndComment;
                comstyle = syntax_at(from).comment_style(syntax);
            }
            // Quoting turns anything but a comment end into a word character.
            if (code != SC::EndComment && char_quoted(from)) {
                dec(from);
                code = SC::Word;
            } else if (syntax.prefix()) {
                continue;
            }
            switch (code) {
            case SC::Word:
            case SC::Symbol:
            case SC::Escape:
            case SC::CharQuote:
                if (depth != 0 || !sexpflag)
                    break;
                while (from.c > stop.c) {
                    Pos p = before(from);
                    const SC cls = class_at(p);
                    if (cls == SC::EndComment)
                        break;
                    const bool quoted = char_quoted(p);
                    if (quoted)
                        dec(from);
                    else if (cls != SC::Word && cls != SC::Symbol && cls != SC::Quote)
                        break;
                    dec(from);
                }
                done = true;
                break;
            case SC::Math:
                if (!sexpflag)
                    break;
                if (from.c > stop.c && c == fetch(before(from)))
                    dec(from);
                if (mathexit) {
                    mathexit = false;
                    done = leave();
                    break;
                }
                mathexit = true;
                [[fallthrough]];
            case SC::Close:
                done = enter();
                break;
            case SC::Open:
                done = leave();
                break;
            case SC::EndComment:
                if (!m_ignore_comments)
                    break;
                if (auto start = back_comment(from, stop, comstyle))
                    from = *start;
                break;
            case SC::CommentFence:
            case SC::StringFence:
                for (;;) {
                    if (from.c == stop.c)
                        lose();
                    dec(from);
                    if (!char_quoted(from) && class_at(from) == code)
                        break;
                }
                if (code == SC::StringFence && depth == 0 && sexpflag)
                    done = true;
                break;
            case SC::String: {
                const char32_t term = c;
                for (;;) {
                    if (from.c == stop.c)
                        lose();
                    dec(from);
                    if (!char_quoted(from)) {
                        const char32_t ch = fetch(from);
                        if (ch == term && class_at(from) == SC::String)
                            break;
                    }
                }
                if (depth == 0 && sexpflag)
                    done = true;
                break;
            }
            default:
                break;
            }
        }
        if (!done) {
            if (depth != 0)
                lose();
            return std::nullopt;
        }
    }
    return from.c;
}

// ---- parsing forward ----

// Emacs's scan_sexps_forward: parses [from, end) on from st, leaving in st
// the state where it stopped. target: stop when the depth reaches it;
// stopbefore: stop before the start of a sexp; commentstop: 1 stops at the
// start of a comment, -1 after the start of a comment or a string.
void Scanner::parse(ParseState& st, Pos from, Pos end, std::optional<std::int64_t> target, bool stopbefore,
                    int commentstop)
{
    const bool boundary_stop = commentstop == -1;
    std::int64_t depth = st.depth;
    std::int64_t mindepth = depth;
    const bool start_quoted = st.quoted;
    st.quoted = false;
    Pos prev_from = from.c > m_begv.c ? before(from) : from;
    Syntax prev_from_syntax = st.prev_syntax;
    Syntax prev_prev_from_syntax = Syntax::none();
    std::int64_t steps = 0;
    auto inc_from = [&]() {
        prev_from = from;
        prev_prev_from_syntax = prev_from_syntax;
        prev_from_syntax = syntax_at(from);
        inc(from);
        if ((++steps & 4095) == 0)
            maybe_quit();
    };
    Level* level = &st.levels.back();
    auto finish = [&]() {
        st.depth = depth;
        st.mindepth = mindepth;
        st.thislevelstart = level->prev;
        st.prevlevelstart = st.levels.size() > 1 ? st.levels[st.levels.size() - 2].last : -1;
        st.location = from.c;
        st.prev_syntax = (prev_from_syntax.comstart_first() || prev_from_syntax.comend_first() || st.quoted)
                             ? prev_from_syntax
                             : Syntax::none();
    };
    // The rest of a symbol; false when the text ends after an escape.
    auto symbol_rest = [&]() {
        while (from.c < end.c) {
            if (prev_from_syntax.comstart_first() && syntax_at(from).comstart_second())
                break; // a comment starter ends the symbol
            const SC cls = class_at(from);
            if (cls == SC::CharQuote || cls == SC::Escape) {
                inc_from();
                if (from.c == end.c)
                    return false;
            } else if (cls != SC::Word && cls != SC::Symbol && cls != SC::Quote) {
                break;
            }
            inc_from();
        }
        level->prev = level->last;
        return true;
    };
    enum class StringEnd { Closed, TextEnded, Quoted };
    // The rest of a string, st.instring telling which; starting after an
    // escape when quoted.
    auto string_rest = [&](bool quoted) {
        const bool nofence = st.instring != fence_string;
        for (;;) {
            if (!quoted) {
                if (from.c >= end.c)
                    return StringEnd::TextEnded;
                const char32_t c = fetch(from);
                // The syntax here, a `syntax-table' property's (python's
                // triple quotes end on a string fence) before the table's.
                const SC cls = class_at(from);
                if (nofence && static_cast<int>(c) == st.instring && cls == SC::String)
                    break;
                if (cls == SC::StringFence && !nofence)
                    break;
                if (cls == SC::CharQuote || cls == SC::Escape) {
                    inc_from();
                    quoted = true;
                    continue;
                }
            } else {
                quoted = false;
                if (from.c >= end.c)
                    return StringEnd::Quoted;
            }
            inc_from();
        }
        st.instring = -1;
        level->prev = level->last;
        inc_from();
        return StringEnd::Closed;
    };
    // The rest of a comment; false when the text ends inside it.
    auto comment_rest = [&]() {
        CommentScan scan = forw_comment(from, end, st.incomment, st.comstyle,
                                        from.c == m_begv.c ? Syntax{} : prev_from_syntax);
        from = scan.pos;
        if (!scan.found) {
            st.incomment = scan.incomment;
            prev_from_syntax = scan.last;
            return false;
        }
        inc_from();
        st.incomment = 0;
        st.comstyle = 0;
        prev_from_syntax = Syntax::none();
        return true;
    };

    // Resume where the state says the last parse stopped.
    if (st.incomment != 0) {
        if (!comment_rest() || boundary_stop)
            return finish();
    } else if (st.instring >= 0) {
        StringEnd r = string_rest(start_quoted);
        if (r != StringEnd::Closed) {
            st.quoted = r == StringEnd::Quoted;
            return finish();
        }
        if (boundary_stop)
            return finish();
    } else if (start_quoted) {
        if (from.c == end.c) {
            st.quoted = true;
            return finish();
        }
        inc_from();
        if (!symbol_rest()) {
            st.quoted = true;
            return finish();
        }
    }

    while (from.c < end.c) {
        SC code;
        if (prev_from_syntax.comstart_first() && syntax_at(from).comstart_second()) {
            const Syntax second = syntax_at(from);
            st.comstyle = second.comment_style(prev_from_syntax);
            st.incomment = (prev_from_syntax.nested() || second.nested()) ? 1 : -1;
            st.comstr_start = prev_from.c.value;
            inc_from();
            prev_from_syntax = Syntax::none(); // used up by the comment starter
            code = SC::Comment;
        } else {
            inc_from();
            code = prev_from_syntax.cls();
            if (code == SC::CommentFence) {
                st.comstyle = fence_comment_style;
                st.incomment = -1;
                st.comstr_start = prev_from.c.value;
                code = SC::Comment;
            } else if (code == SC::Comment) {
                st.comstyle = prev_from_syntax.comment_style({});
                st.incomment = prev_from_syntax.nested() ? 1 : -1;
                st.comstr_start = prev_from.c.value;
            }
        }
        if (prev_from_syntax.prefix())
            continue;
        switch (code) {
        case SC::Escape:
        case SC::CharQuote:
            if (stopbefore)
                goto stop_before;
            level->last = prev_from.c.value;
            if (from.c == end.c) {
                st.quoted = true;
                return finish();
            }
            inc_from();
            if (!symbol_rest()) {
                st.quoted = true;
                return finish();
            }
            break;
        case SC::Word:
        case SC::Symbol:
            if (stopbefore)
                goto stop_before;
            level->last = prev_from.c.value;
            if (!symbol_rest()) {
                st.quoted = true;
                return finish();
            }
            break;
        case SC::Comment:
            if (commentstop != 0)
                return finish();
            if (!comment_rest() || boundary_stop)
                return finish();
            break;
        case SC::Open:
            if (stopbefore)
                goto stop_before;
            ++depth;
            level->last = prev_from.c.value;
            st.levels.push_back(Level{});
            level = &st.levels.back();
            if (target && *target == depth)
                return finish();
            break;
        case SC::Close:
            --depth;
            mindepth = std::min(mindepth, depth);
            if (st.levels.size() > 1) {
                st.levels.pop_back();
                level = &st.levels.back();
            }
            level->prev = level->last;
            if (target && *target == depth)
                return finish();
            break;
        case SC::String:
        case SC::StringFence: {
            st.comstr_start = prev_from.c.value;
            if (stopbefore)
                goto stop_before;
            level->last = prev_from.c.value;
            st.instring = code == SC::String ? static_cast<int>(fetch(prev_from)) : fence_string;
            if (boundary_stop)
                return finish();
            StringEnd r = string_rest(false);
            if (r != StringEnd::Closed) {
                st.quoted = r == StringEnd::Quoted;
                return finish();
            }
            if (boundary_stop)
                return finish();
            break;
        }
        default:
            break; // whitespace, punctuation, quote, comment end, math
        }
    }
    return finish();

stop_before:
    // Stop before the sexp whose first character was just read.
    from = prev_from;
    prev_from_syntax = prev_prev_from_syntax;
    finish();
}

// ---- syntax-ppss's cache ----

// Parse states from point-min every ppss_interval characters, for a
// buffer's text, syntax table and syntax-table properties (not its faces:
// font-lock's changes keep it), one for the whole buffer and one for the
// last narrowing, as syntax.el's wide and narrow caches. The buffer is
// known by its Lisp object, kept alive by the cache: a C++ address could
// come back with another buffer. A change of the text or of a syntax-table
// property drops the states after it, as syntax-ppss-flush-cache does.
struct PpssCache {
    Value buffer;
    std::uint64_t text_tick = 0;         // of the buffer's text_changes()
    std::uint64_t syntax_properties = 0; // syntax_property_generation()
    bool lookup_properties = false;
    CharPos begv;
    const CharTable* table = nullptr;
    std::uint64_t tables_generation = 0;
    std::vector<ParseState> states; // increasing locations, the first at begv
};
PpssCache g_ppss_caches[2]; // wide, narrow
constexpr std::int64_t ppss_interval = 8192;

// A state at L sums up the text before L: a change at pos leaves those up
// to pos (and the first, at begv).
void drop_states_after(PpssCache& cache, CharPos pos)
{
    if (cache.states.empty())
        return;
    auto stale = std::upper_bound(cache.states.begin() + 1, cache.states.end(), pos,
                                  [](CharPos p, const ParseState& s) { return p < s.location; });
    cache.states.erase(stale, cache.states.end());
}

// Drops the states the changes since the cache's ticks make stale.
void drop_stale_states(PpssCache& cache, const Buffer& b)
{
    std::optional<CharPos> first;
    if (auto span = b.text_changes().since(cache.text_tick))
        first = b.byte_to_char(std::min(span->beg, BytePos(static_cast<std::int64_t>(b.byte_size()))));
    if (auto p = first_syntax_property_change(b, cache.syntax_properties))
        first = first ? std::min(*first, *p) : *p;
    cache.text_tick = b.text_changes().tick();
    cache.syntax_properties = syntax_property_generation();
    if (first)
        drop_states_after(cache, *first);
}

ParseState Scanner::state_at(Pos pos)
{
    const Value buffer = current_buffer();
    const CharTable* table = char_table(current_syntax_table());
    PpssCache& cache = g_ppss_caches[m_begv.c.value == 1 ? 0 : 1];
    if (cache.buffer != buffer || cache.lookup_properties != m_lookup_properties || cache.begv != m_begv.c ||
        cache.table != table || cache.tables_generation != CharTable::generation()) {
        cache.buffer = buffer;
        cache.tables_generation = CharTable::generation();
        cache.text_tick = m_buffer.text_changes().tick();
        cache.syntax_properties = syntax_property_generation();
        cache.lookup_properties = m_lookup_properties;
        cache.begv = m_begv.c;
        cache.table = table;
        cache.states.clear();
        ParseState start;
        start.location = m_begv.c;
        cache.states.push_back(std::move(start));
    } else {
        drop_stale_states(cache, m_buffer);
    }
    auto& states = cache.states;
    auto it = std::upper_bound(states.begin(), states.end(), pos.c,
                               [](CharPos p, const ParseState& s) { return p < s.location; });
    ParseState st = *std::prev(it);
    const bool extend = it == states.end();
    while (pos.c - st.location > CharCount(ppss_interval)) {
        const Pos from = at(st.location);
        parse(st, from, at(st.location + CharCount(ppss_interval)), std::nullopt, false, 0);
        if (extend)
            states.push_back(st);
    }
    parse(st, at(st.location), pos, std::nullopt, false, 0);
    return st;
}

// ---- forward-comment, prefix characters ----

std::pair<Pos, bool> Scanner::forward_comment(Pos from, std::int64_t count)
{
    for (; count > 0; --count) {
        SC code;
        int comstyle;
        bool comnested;
        char32_t c;
        do {
            if (from.c == m_zv.c)
                return {from, false};
            c = fetch(from);
            const Syntax syntax = syntax_at(from);
            code = syntax.cls();
            comstyle = syntax.comment_style({});
            comnested = syntax.nested();
            inc(from);
            if (from.c < m_zv.c && syntax.comstart_first()) {
                const Syntax other = syntax_at(from);
                if (other.comstart_second()) {
                    code = SC::Comment;
                    comstyle = other.comment_style(syntax);
                    comnested = comnested || other.nested();
                    inc(from);
                }
            }
        } while (code == SC::Whitespace || (code == SC::EndComment && c == '\n'));
        if (code == SC::CommentFence) {
            comstyle = fence_comment_style;
        } else if (code != SC::Comment) {
            dec(from);
            return {from, false};
        }
        CommentScan scan = forw_comment(from, m_zv, comnested ? 1 : -1, comstyle, Syntax{});
        from = scan.pos;
        if (!scan.found)
            return {from, false};
        inc(from);
    }
    for (; count < 0; ++count) {
        for (;;) {
            if (from.c <= m_begv.c)
                return {m_begv, false};
            dec(from);
            const bool quoted = char_quoted(from);
            const char32_t c = fetch(from);
            const Syntax syntax = syntax_at(from);
            SC code = syntax.cls();
            int comstyle = code == SC::EndComment ? syntax.comment_style({}) : 0;
            if (from.c > m_begv.c && syntax.comend_second() && syntax_at(before(from)).comend_first() &&
                !char_quoted(before(from))) {
                dec(from);
                code = SC::EndComment;
                comstyle = syntax_at(from).comment_style(syntax);
            }
            if (code == SC::CommentFence) {
                const Pos ini = from;
                bool found = false;
                while (from.c > m_begv.c) {
                    dec(from);
                    if (class_at(from) == SC::CommentFence && !char_quoted(from)) {
                        found = true;
                        break;
                    }
                }
                if (found)
                    break;
                from = ini;
                inc(from);
                return {from, false};
            }
            if (code == SC::EndComment) {
                if (auto start = back_comment(from, m_begv, comstyle)) {
                    from = *start;
                    break;
                }
                if (c == '\n')
                    continue; // a newline that ends no comment is whitespace
                if (m_syntax.cls(c) != code)
                    inc(from); // it was a two-character end
                inc(from);
                return {from, false};
            }
            if (code != SC::Whitespace || quoted) {
                inc(from);
                return {from, false};
            }
        }
    }
    return {from, true};
}

Pos Scanner::backward_prefix_chars(Pos from)
{
    while (from.c > m_begv.c) {
        Pos p = before(from);
        if (char_quoted(p))
            break;
        const Syntax s = syntax_at(p);
        if (s.cls() != SC::Quote && !s.prefix())
            break;
        from = p;
    }
    return from;
}

// ---- Lisp ----

Value parse_state_value(const ParseState& st)
{
    Value levelstarts = Qnil;
    for (std::size_t i = st.levels.size() - 1; i-- > 0;)
        levelstarts = cons(Value::fixnum(st.levels[i].last), levelstarts);
    Value instring = st.instring < 0              ? Qnil
                     : st.instring == fence_string ? Qt
                                                   : Value::fixnum(st.instring);
    Value incomment = st.incomment < 0 ? Qt : st.incomment == 0 ? Qnil : Value::fixnum(st.incomment);
    Value comstyle = st.comstyle == 0                    ? Qnil
                     : st.comstyle == fence_comment_style ? Qsyntax_table
                                                          : Value::fixnum(st.comstyle);
    Value start = st.incomment != 0 || st.instring >= 0 ? Value::fixnum(st.comstr_start) : Qnil;
    Value prev = st.prev_syntax.cls() == SC::Max ? Qnil : Value::fixnum(st.prev_syntax.code);
    Value items[] = {Value::fixnum(st.depth), position_value(st.prevlevelstart),
                     position_value(st.thislevelstart), instring, incomment, boolean(st.quoted),
                     Value::fixnum(st.mindepth), comstyle, start, levelstarts, prev};
    Value list = Qnil;
    for (std::size_t i = std::size(items); i-- > 0;)
        list = cons(items[i], list);
    return list;
}

// OLDSTATE as Emacs's internalize_parse_state reads it.
ParseState parse_state_of(Value old)
{
    ParseState st;
    auto nth = [&](std::size_t n) {
        Value v = old;
        for (std::size_t i = 0; i < n && v.is_cons(); ++i)
            v = xcdr(v);
        return v.is_cons() ? xcar(v) : Qnil;
    };
    if (nth(0).is_fixnum())
        st.depth = nth(0).as_fixnum();
    if (Value s = nth(3); !nilp(s))
        st.instring = s.is_fixnum() && s.as_fixnum() >= 0 && s.as_fixnum() <= max_char
                          ? static_cast<int>(s.as_fixnum())
                          : fence_string;
    if (Value c = nth(4); !nilp(c))
        st.incomment = c.is_fixnum() ? c.as_fixnum() : -1;
    st.quoted = !nilp(nth(5));
    if (Value s = nth(7); !nilp(s))
        st.comstyle = s.is_fixnum() && s.as_fixnum() >= 0 && s.as_fixnum() < fence_comment_style
                          ? static_cast<int>(s.as_fixnum())
                          : fence_comment_style;
    if (nth(8).is_fixnum())
        st.comstr_start = nth(8).as_fixnum();
    for (Value tail = nth(9); tail.is_cons(); tail = xcdr(tail)) {
        if (xcar(tail).is_fixnum())
            st.levels.back().last = xcar(tail).as_fixnum();
        st.levels.push_back(Level{});
    }
    if (nth(10).is_fixnum())
        st.prev_syntax = Syntax{static_cast<std::uint32_t>(nth(10).as_fixnum()), 0};
    return st;
}

// (scan-lists FROM COUNT DEPTH)
Value f_scan_lists(Args a)
{
    Scanner s;
    auto to = s.scan_lists(CharPos(check_position(a[0])), check_fixnum(a[1]), check_fixnum(a[2]), false);
    return to ? Value::fixnum(to->value) : Qnil;
}

// (scan-sexps FROM COUNT)
Value f_scan_sexps(Args a)
{
    Scanner s;
    auto to = s.scan_lists(CharPos(check_position(a[0])), check_fixnum(a[1]), 0, true);
    return to ? Value::fixnum(to->value) : Qnil;
}

// (parse-partial-sexp FROM TO &optional TARGETDEPTH STOPBEFORE OLDSTATE COMMENTSTOP)
Value f_parse_partial_sexp(Args a)
{
    Scanner s;
    const std::int64_t from = check_position(a[0]), to = check_position(a[1]);
    if (to < from)
        error("End position is smaller than start position");
    Buffer& b = s.buffer();
    if (from < b.point_min().value || to > b.point_max().value)
        args_out_of_range(a[0], a[1]);
    std::optional<std::int64_t> target;
    if (!nilp(a[2]))
        target = check_fixnum(a[2]);
    ParseState st = parse_state_of(a[4]);
    const int commentstop = nilp(a[5]) ? 0 : a[5] == Qsyntax_table ? -1 : 1;
    s.parse(st, s.at(CharPos(from)), s.at(CharPos(to)), target, !nilp(a[3]), commentstop);
    b.goto_char(st.location);
    return parse_state_value(st);
}

// with-syntax-table: another table is the current buffer's while this lives.
class SyntaxTableScope {
public:
    explicit SyntaxTableScope(Value table)
        : m_values{current_buffer(), buffer_syntax_table(current_buffer())}, m_root(m_values, 2)
    {
        buffer_syntax_table(m_values[0]) = table;
    }
    ~SyntaxTableScope() { buffer_syntax_table(m_values[0]) = m_values[1]; }
    SyntaxTableScope(const SyntaxTableScope&) = delete;
    SyntaxTableScope& operator=(const SyntaxTableScope&) = delete;

private:
    Value m_values[2]; // the buffer, its own table
    GcRoot m_root;
};

// (syntax-ppss &optional POS): the state at POS parsing from point-min,
// with point left at POS, as in Emacs: the mode's syntax-table properties
// are put up to POS first, and the parse uses `syntax-ppss-table' when
// the mode has one (sgml's tag table).
Value f_syntax_ppss(Args a)
{
    const Value target = nilp(a[0]) ? Value::fixnum(current().point().value) : a[0];
    // Font-lock asks often, mostly where the properties are already put:
    // no Lisp call then.
    const Value done_until = find_symbol_value(Qsyntax_propertize__done);
    const bool propertized =
        fixnump(done_until) && fixnump(target) && target.as_fixnum() <= done_until.as_fixnum();
    if (!propertized && !nilp(find_symbol_value(Qsyntax_propertize_function)) && !nilp(xsymbol(Qsyntax_propertize)->function))
        call1(Qsyntax_propertize, target);
    std::optional<SyntaxTableScope> table;
    if (const Value t = find_symbol_value(Qsyntax_ppss_table); !nilp(t) && t != Qunbound)
        table.emplace(check_syntax_table(t));
    Scanner s;
    Buffer& b = s.buffer();
    const Pos pos = nilp(a[0]) ? s.at(b.point()) : s.clamp(check_position(a[0]));
    ParseState st = s.state_at(pos);
    b.goto_char(pos.c);
    return parse_state_value(st);
}

// (forward-comment COUNT)
Value f_forward_comment(Args a)
{
    Scanner s;
    auto [to, all] = s.forward_comment(s.at(s.buffer().point()), check_fixnum(a[0]));
    s.buffer().goto_char(to.c);
    return boolean(all);
}

Value f_backward_prefix_chars(Args)
{
    Scanner s;
    s.buffer().goto_char(s.backward_prefix_chars(s.at(s.buffer().point())).c);
    return Qnil;
}

// Emacs's syntax-ppss cache is flushed from before-change-functions; here
// the changes of the text and of syntax-table properties do it, and a
// caller that knows more (a syntax table's entry changed in place) is
// heard too. Then syntax.el's other duty: the text from BEG on gets its
// syntax-table properties again.
Value f_syntax_ppss_flush_cache(Args a)
{
    if (fixnump(a[0]))
        for (PpssCache& cache : g_ppss_caches)
            if (cache.buffer == current_buffer())
                drop_states_after(cache, CharPos(a[0].as_fixnum()));
    const Value done = find_symbol_value(Qsyntax_propertize__done);
    const Value inhibited = find_symbol_value(Qsyntax_propertize__inhibit_flush);
    if (fixnump(a[0]) && fixnump(done) && a[0].as_fixnum() < done.as_fixnum() &&
        (nilp(inhibited) || inhibited == Qunbound))
        set_internal(Qsyntax_propertize__done, a[0]);
    return Qnil;
}

const SubrDef syntax_scan_subrs[] = {
    {"scan-lists", 3, 3, f_scan_lists},
    {"scan-sexps", 2, 2, f_scan_sexps},
    {"parse-partial-sexp", 2, 6, f_parse_partial_sexp},
    {"syntax-ppss", 0, 1, f_syntax_ppss},
    {"syntax-ppss-flush-cache", 1, many, f_syntax_ppss_flush_cache},
    {"forward-comment", 1, 1, f_forward_comment},
    {"backward-prefix-chars", 0, 0, f_backward_prefix_chars},
};

} // namespace

void register_syntax_scan_builtins()
{
    register_subrs(syntax_scan_subrs);
    for (PpssCache& cache : g_ppss_caches)
        add_root(&cache.buffer);
    defvar_builtin("parse-sexp-ignore-comments", Qnil);
    defvar_builtin("parse-sexp-lookup-properties", Qnil);
}

} // namespace gapmacs::lisp

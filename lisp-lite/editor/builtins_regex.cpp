// Regexp and search builtins (Emacs's search.c subset) on core/regex: the
// global match data, string-match, the buffer searches, looking-at,
// replace-match. (split-string's separators are the language's own use of
// core/regex, lang/builtins_string.cpp.) Buffers are searched in place
// (the gap buffer's two pieces, cut to the accessible region), never copied.
//
// Match data holds character positions: 0-based indexes into the string
// for string-match, 1-based buffer positions for buffer searches, -1 for a
// group that did not match; `g_searched` is the buffer last searched (nil
// after a string match), which match-data uses as Emacs does.
#include <unicode/uchar.h>

#include <algorithm>
#include <vector>

#include "core/error.hpp"
#include "core/regex.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/match_data.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/syntax_table.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

std::vector<std::int64_t> g_regs; // 2 per group
Value g_searched;                 // buffer of the last buffer search, else nil

Value fix(std::int64_t n) { return Value::fixnum(n); }

bool case_fold()
{
    Value v = xsymbol(Qcase_fold_search)->value;
    return v != Qunbound && !nilp(v);
}

// The ASCII syntax classes of a syntax table, kept until a char-table
// changes (CharTable::generation).
class AsciiClasses {
public:
    const AsciiSyntax& of(Value table)
    {
        if (table != m_table || CharTable::generation() != m_generation) {
            const SyntaxLookup lookup(table);
            for (char32_t c = 0; c < 128; ++c)
                m_classes.classes[c] = syntax_class_char(lookup.cls(c));
            m_table = table;
            m_generation = CharTable::generation();
        }
        return m_classes;
    }

private:
    Value m_table = Qnil;
    std::uint64_t m_generation = 0;
    AsciiSyntax m_classes;
};

// The current syntax table's ASCII classes, as a search must see them
// (Emacs's \w, \s_, \_< follow the buffer's table); null when they are
// the standard table's, so a Fundamental buffer compiles as before.
const AsciiSyntax* current_ascii_syntax()
{
    static AsciiClasses standard, current;
    const Value table = current_syntax_table();
    const Value standard_table = standard_syntax_table();
    if (table == standard_table)
        return nullptr;
    const AsciiSyntax& mine = current.of(table);
    return mine == standard.of(standard_table) ? nullptr : &mine;
}

std::shared_ptr<const Regex> regex_arg(Value re)
{
    check_string(re);
    return compile_regex(string_view(re), case_fold(), current_ascii_syntax());
}

// ---- strings ----
std::int64_t string_char_index(Value s, std::int64_t byte)
{
    return string_byte_to_char(s, static_cast<std::size_t>(byte));
}

void set_string_match(Value s, const Match& m)
{
    g_regs.assign(m.groups.size() * 2, -1);
    for (std::size_t i = 0; i < m.groups.size(); ++i)
        if (m.groups[i].matched()) {
            g_regs[2 * i] = string_char_index(s, m.groups[i].begin);
            g_regs[2 * i + 1] = string_char_index(s, m.groups[i].end);
        }
    g_searched = Qnil;
}

// string-match's START: negative counts from the end; out of range signals.
std::int64_t string_start(Value string, Value start)
{
    std::int64_t len = string_length(string);
    if (nilp(start))
        return 0;
    std::int64_t s = check_fixnum(start);
    if (s < 0)
        s += len;
    if (s < 0 || s > len)
        args_out_of_range(string, start);
    return s;
}

Value string_match(Args a, bool set_data)
{
    auto re = regex_arg(a[0]);
    check_string(a[1]);
    std::int64_t start = string_start(a[1], a[2]);
    auto m = re->string_match(string_view(a[1]), string_char_to_byte(a[1], start));
    if (!m)
        return Qnil;
    std::int64_t beg = string_char_index(a[1], m->groups[0].begin);
    if (set_data)
        set_string_match(a[1], *m);
    return fix(beg);
}

Value f_string_match(Args a) { return string_match(a, nilp(a[3])); }
Value f_string_match_p(Args a) { return string_match(a, false); }

// ---- buffers ----
// The accessible region of a buffer as regex input; offsets are relative
// to `base` (the byte offset of point-min).
struct BufferText {
    SplitText text;
    std::size_t base;
    Buffer* buffer;
    std::size_t offset(CharPos p) const { return static_cast<std::size_t>(buffer->char_to_byte(p).value) - base; }
    CharPos pos(std::int64_t off) const
    {
        return buffer->byte_to_char(BytePos(static_cast<std::int64_t>(base) + off));
    }
};

BufferText accessible_text(Buffer& b)
{
    auto lo = static_cast<std::size_t>(b.char_to_byte(b.point_min()).value);
    auto hi = static_cast<std::size_t>(b.char_to_byte(b.point_max()).value);
    std::string_view before = b.gap_buffer().before_gap(), after = b.gap_buffer().after_gap();
    SplitText t;
    if (hi <= before.size())
        t = SplitText(before.substr(lo, hi - lo));
    else if (lo >= before.size())
        t = SplitText(after.substr(lo - before.size(), hi - lo));
    else
        t = SplitText(before.substr(lo), after.substr(0, hi - before.size()));
    return {t, lo, &b};
}

void set_buffer_match(const BufferText& bt, const Match& m)
{
    g_regs.assign(m.groups.size() * 2, -1);
    for (std::size_t i = 0; i < m.groups.size(); ++i)
        if (m.groups[i].matched()) {
            g_regs[2 * i] = bt.pos(m.groups[i].begin).value;
            g_regs[2 * i + 1] = bt.pos(m.groups[i].end).value;
        }
    g_searched = current_buffer();
}

Value looking_at(Args a, bool set_data)
{
    auto re = regex_arg(a[0]);
    Buffer& b = current();
    BufferText bt = accessible_text(b);
    std::size_t pt = bt.offset(b.point());
    auto m = re->looking_at(bt.text, pt, pt);
    if (!m)
        return Qnil;
    if (set_data)
        set_buffer_match(bt, *m);
    return Qt;
}
Value f_looking_at(Args a) { return looking_at(a, nilp(a[1])); }
Value f_looking_at_p(Args a) { return looking_at(a, false); }

// search-forward and friends (Emacs's search_command): COUNT repeats,
// a negative COUNT reverses, BOUND limits, NOERROR t returns nil and
// another non-nil NOERROR also moves to the bound.
Value search_command(Args a, bool regexp, int direction)
{
    check_string(a[0]);
    std::int64_t n = nilp(a[3]) ? 1 : check_fixnum(a[3]);
    if (n < 0) {
        n = -n;
        direction = -direction;
    }
    Buffer& b = current();
    CharPos pt = b.point();
    CharPos lim = direction > 0 ? b.point_max() : b.point_min();
    if (!nilp(a[1])) {
        lim = CharPos(check_position(a[1]));
        if (direction > 0 ? lim < pt : lim > pt)
            error("Invalid search bound (wrong side of point)");
        lim = std::clamp(lim, b.point_min(), b.point_max());
    }
    BufferText bt = accessible_text(b);
    std::size_t from = bt.offset(pt), bound = bt.offset(lim);
    if (n == 0) {
        g_regs = {pt.value, pt.value};
        g_searched = current_buffer();
        return fix(pt.value);
    }
    std::shared_ptr<const Regex> re = regexp ? regex_arg(a[0]) : nullptr;
    std::string_view needle = string_view(a[0]);
    bool fold = case_fold();
    std::optional<Match> found;
    for (std::int64_t i = 0; i < n; ++i) {
        if (regexp) {
            found = direction > 0 ? re->search_forward(bt.text, from, bound, bt.offset(pt))
                                  : re->search_backward(bt.text, from, bound, bt.offset(pt));
        } else {
            auto lm = direction > 0 ? search_literal_forward(bt.text, needle, from, bound, fold)
                                    : search_literal_backward(bt.text, needle, from, bound, fold);
            found.reset();
            if (lm) {
                found.emplace();
                found->groups.push_back({static_cast<std::int64_t>(lm->begin), static_cast<std::int64_t>(lm->end)});
            }
        }
        if (!found)
            break;
        from = direction > 0 ? found->end() : found->begin();
    }
    if (!found) {
        if (nilp(a[2]))
            xsignal1(Qsearch_failed, a[0]);
        if (a[2] != Qt)
            b.goto_char(lim);
        return Qnil;
    }
    set_buffer_match(bt, *found);
    CharPos np = bt.pos(static_cast<std::int64_t>(from));
    b.goto_char(np);
    return fix(np.value);
}

Value f_search_forward(Args a) { return search_command(a, false, 1); }
Value f_search_backward(Args a) { return search_command(a, false, -1); }
Value f_re_search_forward(Args a) { return search_command(a, true, 1); }
Value f_re_search_backward(Args a) { return search_command(a, true, -1); }

// ---- match data ----
std::size_t group_count() { return g_regs.size() / 2; }

Value match_edge(Value sub, int which)
{
    std::int64_t n = check_fixnum(sub);
    if (n < 0)
        args_out_of_range(sub, fix(static_cast<std::int64_t>(group_count())));
    auto i = static_cast<std::size_t>(n);
    if (i >= group_count() || g_regs[2 * i] < 0)
        return Qnil;
    return fix(g_regs[2 * i + static_cast<std::size_t>(which)]);
}
Value f_match_beginning(Args a) { return match_edge(a[0], 0); }
Value f_match_end(Args a) { return match_edge(a[0], 1); }

Value f_match_data(Args a)
{
    bool integers = !nilp(a[0]) || !bufferp(g_searched);
    Buffer* b = live_buffer(g_searched);
    std::size_t len = 0;
    for (std::size_t i = 0; i < group_count(); ++i)
        if (g_regs[2 * i] >= 0)
            len = i + 1;
    RootedVector items;
    for (std::size_t i = 0; i < 2 * len; ++i) {
        std::int64_t p = g_regs[i];
        if (p < 0 || g_regs[i & ~std::size_t(1)] < 0)
            items.push_back(Qnil);
        else if (integers)
            items.push_back(fix(p));
        else
            items.push_back(make_marker_object(b, b ? std::optional<CharPos>(CharPos(p)) : std::nullopt));
    }
    Value out = (integers && bufferp(g_searched)) ? list({g_searched}) : Qnil;
    for (auto it = items.items().rbegin(); it != items.items().rend(); ++it)
        out = cons(*it, out);
    return out;
}

Value f_set_match_data(Args a)
{
    check_list(a[0]);
    g_regs.clear();
    g_searched = Qnil;
    for (Value l : tails(a[0])) {
        Value v = xcar(l);
        if (bufferp(v)) {
            g_searched = v;
            break;
        }
        if (markerp(v)) {
            Marker* m = check_marker(v);
            if (m->buffer())
                g_searched = buffer_object(m->buffer());
            g_regs.push_back(m->position() ? m->position()->value : -1);
        } else if (nilp(v)) {
            g_regs.push_back(-1);
        } else {
            g_regs.push_back(check_fixnum(v));
        }
    }
    if (g_regs.size() % 2)
        g_regs.pop_back();
    // A group is unmatched unless both ends are known.
    for (std::size_t i = 0; i + 1 < g_regs.size(); i += 2)
        if (g_regs[i] < 0 || g_regs[i + 1] < 0)
            g_regs[i] = g_regs[i + 1] = -1;
    return Qnil;
}

Value f_match_data_translate(Args a)
{
    std::int64_t d = check_fixnum(a[0]);
    for (auto& r : g_regs)
        if (r >= 0)
            r = std::max<std::int64_t>(0, r + d);
    return Qnil;
}

Value f_regexp_quote(Args a)
{
    check_string(a[0]);
    return make_string(regexp_quote(string_view(a[0])));
}

// ---- replace-match ----
enum class CaseAction { none, all_caps, cap_initial };

bool word_char(char32_t c) { return c <= max_unicode_char && u_isalnum(static_cast<UChar32>(c)); }

// Emacs's rule: all-caps replaced text gives an upcased replacement,
// capitalized words give capitalized initials.
CaseAction case_action(std::string_view text)
{
    bool some_multiletter_word = false, some_lowercase = false, some_uppercase = false,
         some_nonuppercase_initial = false;
    char32_t prev = '\n';
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        int len = 0;
        char32_t c = decode_internal_char(p, end, &len);
        p += len;
        bool lower = c <= max_unicode_char && u_islower(static_cast<UChar32>(c));
        bool upper = c <= max_unicode_char && u_isupper(static_cast<UChar32>(c));
        if (lower) {
            some_lowercase = true;
            if (word_char(prev))
                some_multiletter_word = true;
            else
                some_nonuppercase_initial = true;
        } else if (upper) {
            some_uppercase = true;
            if (word_char(prev))
                some_multiletter_word = true;
        } else if (!word_char(prev)) {
            some_nonuppercase_initial = true;
        }
        prev = c;
    }
    if (!some_lowercase && some_multiletter_word)
        return CaseAction::all_caps;
    if (!some_nonuppercase_initial && some_multiletter_word)
        return CaseAction::cap_initial;
    if (!some_nonuppercase_initial && some_uppercase)
        return CaseAction::all_caps;
    return CaseAction::none;
}

// Expands \& \N \\ in NEWTEXT; `group_text(n)` gives a group's text.
template <typename GroupText>
std::string expand_replacement(std::string_view newtext, std::size_t sub, GroupText&& group_text)
{
    std::string out;
    for (std::size_t i = 0; i < newtext.size(); ++i) {
        char c = newtext[i];
        if (c != '\\' || i + 1 >= newtext.size()) {
            out += c;
            continue;
        }
        char d = newtext[++i];
        if (d == '&')
            out += group_text(sub);
        else if (d >= '1' && d <= '9')
            out += group_text(static_cast<std::size_t>(d - '0'));
        else if (d == '\\')
            out += '\\';
        else if (d == '?')
            out += "\\?";
        else
            error(curve_quotes("Invalid use of `\\' in replacement text"));
    }
    return out;
}

bool group_matched(std::size_t n) { return n < group_count() && g_regs[2 * n] >= 0; }

Value adjust_case(Value newtext, CaseAction action)
{
    if (action == CaseAction::all_caps)
        return call1(Qupcase, newtext);
    if (action == CaseAction::cap_initial)
        return call1(Qupcase_initials, newtext);
    return newtext;
}

// Emacs's update_search_regs after [old_start, old_end) became [old_start, new_end).
void update_regs(std::int64_t old_start, std::int64_t old_end, std::int64_t new_end)
{
    std::int64_t change = new_end - old_end;
    for (auto& r : g_regs) {
        if (r < 0)
            continue;
        if (r >= old_end)
            r += change;
        else if (r > old_start)
            r = old_start;
    }
}

Value f_replace_match(Args a)
{
    check_string(a[0]);
    std::size_t sub = 0;
    if (!nilp(a[4])) {
        std::int64_t s = check_fixnum(a[4]);
        if (s < 0)
            args_out_of_range(a[4], fix(static_cast<std::int64_t>(group_count())));
        sub = static_cast<std::size_t>(s);
    }
    if (group_count() == 0)
        error(curve_quotes("`replace-match' called before any match found"));
    if (!group_matched(sub))
        xsignal2(Qerror, make_string("replace-match subexpression does not exist"), a[4]);
    std::int64_t sb = g_regs[2 * sub], se = g_regs[2 * sub + 1];
    bool in_string = !nilp(a[3]);
    Value string = a[3];
    if (in_string) {
        check_string(string);
        if (se > string_length(string) || sb > se)
            args_out_of_range(fix(sb), fix(se));
    } else {
        Buffer& b = current();
        if (sb < b.point_min().value || se > b.point_max().value || sb > se)
            args_out_of_range(fix(sb), fix(se));
    }
    auto text_of = [&](std::int64_t from, std::int64_t to) -> std::string {
        if (in_string) {
            std::size_t bf = string_char_to_byte(string, from), bt = string_char_to_byte(string, to);
            return std::string(string_view(string).substr(bf, bt - bf));
        }
        return current().substring(CharPos(from), CharPos(to));
    };
    auto group_text = [&](std::size_t n) -> std::string {
        return group_matched(n) ? text_of(g_regs[2 * n], g_regs[2 * n + 1]) : std::string();
    };
    CaseAction action = nilp(a[1]) ? case_action(text_of(sb, se)) : CaseAction::none;
    Value newtext = nilp(a[2]) ? make_string(expand_replacement(string_view(a[0]), sub, group_text)) : a[0];
    newtext = adjust_case(newtext, action);
    if (in_string) {
        std::string out = text_of(0, sb);
        out += string_view(newtext);
        out += text_of(se, string_length(string));
        return make_string(out);
    }
    Modification m{CharPos(sb), CharPos(se)};
    Buffer& b = current();
    // Markers at the end of the old text end up after the new text, those
    // inside it at its start (Emacs's replace_range).
    b.insert_before_markers(CharPos(se), string_view(newtext));
    b.delete_region(CharPos(sb), CharPos(se));
    // The new text keeps its own properties and takes none from around it.
    insert_properties(b, CharPos(sb), Args{&newtext, 1}, false);
    std::int64_t newpoint = sb + string_length(newtext);
    m.done(CharPos(sb), CharPos(newpoint), se - sb);
    b.goto_char(CharPos(newpoint));
    update_regs(sb, se, newpoint);
    return Qnil;
}

const SubrDef regex_subrs[] = {
    {"string-match", 2, 4, f_string_match},
    {"string-match-p", 2, 3, f_string_match_p},
    {"looking-at", 1, 2, f_looking_at},
    {"looking-at-p", 1, 1, f_looking_at_p},
    {"search-forward", 1, 4, f_search_forward},
    {"search-backward", 1, 4, f_search_backward},
    {"re-search-forward", 1, 4, f_re_search_forward},
    {"re-search-backward", 1, 4, f_re_search_backward},
    {"search-forward-regexp", 1, 4, f_re_search_forward},
    {"search-backward-regexp", 1, 4, f_re_search_backward},
    {"match-beginning", 1, 1, f_match_beginning},
    {"match-end", 1, 1, f_match_end},
    {"match-data", 0, 3, f_match_data},
    {"set-match-data", 1, 2, f_set_match_data},
    {"store-match-data", 1, 2, f_set_match_data},
    {"match-data--translate", 1, 1, f_match_data_translate},
    {"regexp-quote", 1, 1, f_regexp_quote},
    {"replace-match", 1, 5, f_replace_match},
};

// Functions Emacs defines in Lisp (subr.el), with its definitions.
const char* const regex_lisp = R"EL(
(defvar save-match-data-internal nil)
(defmacro save-match-data (&rest body)
  (list 'let '((save-match-data-internal (match-data)))
        (list 'unwind-protect (cons 'progn body)
              '(set-match-data save-match-data-internal 'evaporate))))

(defun match-string (num &optional string)
  (if (match-beginning num)
      (if string
          (substring string (match-beginning num) (match-end num))
        (buffer-substring (match-beginning num) (match-end num)))))

(defun match-string-no-properties (num &optional string)
  (if (match-beginning num)
      (if string
          (substring-no-properties string (match-beginning num) (match-end num))
        (buffer-substring-no-properties (match-beginning num) (match-end num)))))

(defun replace-regexp-in-string (regexp rep string &optional fixedcase literal subexp start)
  (let ((l (length string))
        (start (or start 0))
        matches str mb me)
    (save-match-data
      (while (and (< start l) (string-match regexp string start))
        (setq mb (match-beginning 0)
              me (match-end 0))
        (when (= me mb) (setq me (min l (1+ mb))))
        (match-data--translate (- mb))
        (setq str (substring string mb me))
        (setq matches
              (cons (replace-match (if (stringp rep)
                                       rep
                                     (funcall rep (match-string 0 str)))
                                   fixedcase literal str subexp)
                    (cons (substring string start mb)
                          matches)))
        (setq start me))
      (setq matches (cons (substring string start l) matches))
      (apply #'concat (nreverse matches)))))

(defun looking-back (regexp &optional limit greedy)
  (let ((start (point))
        (pos
         (save-excursion
           (and (re-search-backward (concat "\\(?:" regexp "\\)\\=") limit t)
                (point)))))
    (if (and greedy pos)
        (save-restriction
          (narrow-to-region (point-min) start)
          (while (and (> pos (point-min))
                      (save-excursion
                        (goto-char pos)
                        (backward-char 1)
                        (looking-at (concat "\\(?:"  regexp "\\)\\'"))))
            (setq pos (1- pos)))
          (save-excursion
            (goto-char pos)
            (looking-at (concat "\\(?:"  regexp "\\)\\'")))))
    (not (null pos))))
)EL";

} // namespace

MatchDataScope::MatchDataScope() : m_regs(g_regs), m_searched(g_searched) {}

MatchDataScope::~MatchDataScope()
{
    g_regs = std::move(m_regs);
    g_searched = m_searched;
}

void register_regex_builtins()
{
    add_root(&g_searched);
    g_searched = Qnil;
    register_subrs(regex_subrs);
    load_text(regex_lisp, "gapmacs-regex", true);
}

} // namespace gapmacs::lisp

#include "lisp-lite/editor/mode_line_format.hpp"

#include <algorithm>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffer_locals.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/host.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/preloaded_index.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {
std::int64_t text_columns(std::string_view text);
}

char coding_mnemonic(std::string_view name)
{
    if (name.starts_with("utf-8"))
        return 'U';
    if (name.starts_with("latin-1") || name.starts_with("iso-latin-1") || name.starts_with("iso-8859-1"))
        return '1';
    if (name.starts_with("binary") || name.starts_with("raw-text") || name.starts_with("no-conversion"))
        return '=';
    return '-';
}

void ModeLineText::append(std::string_view internal, Value props, bool expansion)
{
    if (internal.empty())
        return;
    const std::size_t beg = m_text.size();
    m_text += internal;
    m_columns += text_columns(internal);
    m_runs.push_back({beg, m_text.size(), expansion});
    m_props.push_back(props);
}

namespace {

std::string number(std::int64_t n) { return std::to_string(n); }

// Emacs's limit on nested constructs ("*too-deep*" beyond it).
constexpr int max_depth = 100;

// The columns of internal UTF-8 text.
std::int64_t text_columns(std::string_view text)
{
    std::int64_t n = 0;
    for (std::size_t i = 0; i < text.size();) {
        int length = 1;
        n += char_width(decode_internal_char(text.data() + i, text.data() + text.size(), &length));
        i += static_cast<std::size_t>(length);
    }
    return n;
}

// The byte offset in text after at most `limit` columns.
std::size_t bytes_for_columns(std::string_view text, std::int64_t limit)
{
    std::int64_t n = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        int length = 1;
        const int w = char_width(decode_internal_char(text.data() + i, text.data() + text.size(), &length));
        if (n + w > limit)
            break;
        n += w;
        i += static_cast<std::size_t>(length);
    }
    return i;
}

// A copy of PLIST with each of PROPS's properties put on it.
Value put_props(Value plist, Value props)
{
    Value out = props;
    for (Value l = plist; consp(l) && consp(xcdr(l)); l = xcdr(xcdr(l))) {
        bool overridden = false;
        for (Value p = props; consp(p) && consp(xcdr(p)) && !overridden; p = xcdr(xcdr(p)))
            overridden = xcar(p) == xcar(l);
        if (!overridden)
            out = cons(xcar(l), cons(xcar(xcdr(l)), out));
    }
    return out;
}

// A string's properties at character chr (plists are Value bits there,
// text_properties.hpp).
Value plist_at(const TextProperties* props, std::int64_t chr)
{
    const std::uint64_t plist = props->at(chr);
    return plist ? Value::from_bits(plist) : Qnil;
}

// A variable's value, Qunbound when void. In batch, a variable of the
// bundled Lisp not yet loaded is loaded first, as evaluating it would; the
// editor loaded its own at start-up, and loads nothing from the mode line:
// a file of Emacs's library (mule-cmds.el for current-input-method) would
// be read during redisplay, where a key interrupts the Lisp that runs.
Value variable_value(Value sym)
{
    Value v = find_symbol_value(sym);
    if (v == Qunbound && !terminal_shown() && load_preloaded_variable(sym))
        v = find_symbol_value(sym);
    return v;
}



// Emacs's %I (pint2hrstr): the size in powers of 1000 with a suffix, one
// decimal below 10, rounded half up.
std::string human_size(std::int64_t size)
{
    static const char suffixes[] = "kMGTPEZY";
    if (size < 1000)
        return number(size);
    std::int64_t quotient = size, remainder = 0;
    int power = -1;
    while (quotient >= 1000 && power < 7) {
        remainder = quotient % 1000;
        quotient /= 1000;
        ++power;
    }
    if (quotient <= 9) {
        std::int64_t tenths = remainder / 100 + (remainder % 100 >= 50 ? 1 : 0);
        if (tenths >= 10) {
            tenths = 0;
            ++quotient;
        }
        if (quotient <= 9)
            return number(quotient) + "." + number(tenths) + suffixes[power];
    } else if (remainder >= 500) {
        ++quotient;
    }
    if (quotient == 1000 && power < 7)
        return std::string("1.0") + suffixes[power + 1];
    return number(quotient) + suffixes[power];
}

// The variable naming the end-of-line mark of a coding system's name.
Value eol_mnemonic(std::string_view name)
{
    if (name.ends_with("-dos"))
        return Qeol_mnemonic_dos;
    if (name.ends_with("-mac"))
        return Qeol_mnemonic_mac;
    return Qeol_mnemonic_unix;
}

// How the formatter walks a construct: xdisp.c's display_mode_element, with
// its field width (pad to it), precision (cut at it, in columns), the
// properties a :propertize imposes and the risk of a variable's contents.
class Formatter {
public:
    Formatter(Buffer& b, const ModeLineWindow& w, ModeLineText& out) : m_b(b), m_w(w), m_out(out) {}

    // Returns the columns it added.
    std::int64_t element(Value elt, int depth, std::int64_t field, std::int64_t prec, Value props, bool risky)
    {
        const std::int64_t start = m_out.columns();
        auto added = [&] { return m_out.columns() - start; };
        for (;;) {
            if (depth > max_depth)
                elt = make_string("*too-deep*");
            ++depth;
            if (stringp(elt)) {
                string_element(elt, false, prec, field, props, risky);
                break;
            }
            if (symbolp(elt)) {
                // A variable not marked safe to set is not trusted with
                // :eval and :propertize, whatever buffer set it (asked once
                // its value is there: batch loads bundled Lisp on first use).
                Value value = variable_value(elt);
                if (nilp(symbol_get(elt, Qrisky_local_variable)))
                    risky = true;
                if (value == Qunbound || value == elt)
                    break;
                if (stringp(value)) {
                    string_element(value, true, prec, field, props, risky);
                    break;
                }
                elt = value;
                continue;
            }
            if (!consp(elt)) {
                elt = make_string("*invalid*");
                continue;
            }
            Value head = xcar(elt), rest = xcdr(elt);
            if (head == Qeval_kw) {
                if (risky || !consp(rest))
                    break;
                Value result = Qnil;
                try {
                    result = eval(xcar(rest));
                } catch (const LispSignal& e) {
                    // A key that came during redisplay goes first.
                    if (e.symbol() == Qredisplay_interrupted)
                        throw;
                    break;
                }
                element(result, depth, field, prec, props, risky);
                break;
            }
            if (head == Qpropertize_kw) {
                if (!risky && consp(rest))
                    element(xcar(rest), depth, field, prec, xcdr(rest), risky);
                break;
            }
            if (symbolp(head)) {
                // (SYMBOL THEN ELSE)
                if (!consp(rest)) {
                    elt = make_string("*invalid*");
                    continue;
                }
                Value value = variable_value(head);
                if (value != Qunbound && !nilp(value)) {
                    elt = xcar(rest);
                    continue;
                }
                Value other = xcdr(rest);
                if (nilp(other))
                    break;
                elt = consp(other) ? xcar(other) : make_string("*invalid*");
                continue;
            }
            if (fixnump(head)) {
                // (WIDTH . REST): at least WIDTH columns, or at most -WIDTH.
                std::int64_t n = head.as_fixnum();
                if (n < 0)
                    prec = prec > 0 ? std::min(prec, -n) : -n;
                else if (n > 0)
                    field = std::max(field, prec > 0 ? std::min(n, prec) : n);
                elt = rest;
                continue;
            }
            if (stringp(head) || consp(head)) {
                for (Value l = elt; consp(l); l = xcdr(l)) {
                    const std::int64_t n = added();
                    if (prec > 0 && n >= prec)
                        break;
                    element(xcar(l), depth, consp(xcdr(l)) ? 0 : field - n, prec > 0 ? prec - n : 0, props, risky);
                }
            }
            break;
        }
        const std::int64_t n = added();
        if (field > 0 && n < field)
            m_out.append(std::string(static_cast<std::size_t>(field - n), ' '), Qnil, true);
        return added();
    }

private:
    // A string: its %-constructs replaced unless `literal` (a variable's
    // value). PROPS (or the risk of a variable's contents) take the place of
    // the string's own properties, on top of those at its start.
    void string_element(Value s, bool literal, std::int64_t prec, std::int64_t field, Value props, bool risky)
    {
        const std::string_view bytes = string_view(s);
        if (bytes.empty())
            return;
        const TextProperties* own = xstring(s)->props.get();
        std::optional<Value> whole; // the one plist of all of it, when translated
        if (risky)
            whole = props;
        else if (!nilp(props)) {
            Value start = own ? plist_at(own, 0) : Qnil;
            whole = nilp(start) ? props : put_props(start, props);
        }
        auto props_at = [&](std::int64_t chr) { return whole ? *whole : own ? plist_at(own, chr) : Qnil; };
        const std::int64_t start_columns = m_out.columns();
        auto left = [&] { return prec > 0 ? prec - (m_out.columns() - start_columns) : INT64_MAX; };
        if (literal) {
            append_text(bytes, 0, props_at, whole.has_value() || !own, left());
            return;
        }
        std::int64_t chr = 0;
        for (std::size_t i = 0; i < bytes.size() && left() > 0;) {
            std::size_t j = bytes.find('%', i);
            if (j == std::string_view::npos)
                j = bytes.size();
            if (j > i) {
                const std::string_view text = bytes.substr(i, j - i);
                append_text(text, chr, props_at, whole.has_value() || !own, left());
                chr += static_cast<std::int64_t>(count_chars(text));
                i = j;
                continue;
            }
            // A %-construct: %[digits]LETTER.
            std::size_t k = i + 1;
            std::int64_t width = 0;
            while (k < bytes.size() && bytes[k] >= '0' && bytes[k] <= '9')
                width = std::min<std::int64_t>(width * 10 + (bytes[k++] - '0'), 1000);
            if (k >= bytes.size())
                break; // a % at the end shows nothing, nor what follows
            if (field > 0)
                width = std::min(width, field - (m_out.columns() - start_columns));
            const char spec = bytes[k];
            Value here = props_at(chr);
            chr += static_cast<std::int64_t>(k - i) + 1;
            i = k + 1;
            if (spec == 'M') {
                const Value global = variable_value(Qglobal_mode_string);
                element(global == Qunbound ? Qnil : global, 0, width, prec > 0 ? left() : 0, props, risky);
                continue;
            }
            std::string text = decode_spec(spec, width);
            if (prec > 0)
                text.resize(bytes_for_columns(text, left()));
            if (const std::int64_t have = text_columns(text); have < width)
                text.append(static_cast<std::size_t>(width - have), ' ');
            m_out.append(text, here, true);
        }
    }

    // Text from character `chr` of its string, cut at `limit` columns, as
    // one stretch when its properties are uniform, else split where they
    // change.
    template <typename PropsAt>
    void append_text(std::string_view text, std::int64_t chr, PropsAt props_at, bool uniform, std::int64_t limit)
    {
        text = text.substr(0, bytes_for_columns(text, limit));
        if (uniform) {
            m_out.append(text, props_at(chr), false);
            return;
        }
        std::size_t begin = 0;
        Value current = props_at(chr);
        for (std::size_t i = 0; i < text.size();) {
            int length = 1;
            decode_internal_char(text.data() + i, text.data() + text.size(), &length);
            if (Value here = props_at(chr); here != current) {
                m_out.append(text.substr(begin, i - begin), current, false);
                begin = i;
                current = here;
            }
            i += static_cast<std::size_t>(length);
            ++chr;
        }
        m_out.append(text.substr(begin), current, false);
    }

    // A %-construct (xdisp.c's decode_mode_spec); numbers come right
    // justified to `width`, the caller pads the rest on the right.
    std::string decode_spec(char spec, std::int64_t width)
    {
        auto justified = [&](std::string s) {
            const std::int64_t have = static_cast<std::int64_t>(s.size());
            return have < width ? std::string(static_cast<std::size_t>(width - have), ' ') + s : s;
        };
        switch (spec) {
        case '%': return "%";
        case 'b': return m_b.name();
        case 'f': return m_b.file_name();
        case 'F': return frame_name();
        case '*': return m_b.read_only() ? "%" : m_b.modified() ? "*" : "-";
        case '+': return m_b.modified() ? "*" : m_b.read_only() ? "%" : "-";
        case '&': return m_b.modified() ? "*" : "-";
        case '-': return dashes();
        case 'l': return justified(m_w.line > 0 ? number(m_w.line) : "??");
        case 'c': return justified(number(m_w.column()));
        case 'C': return justified(number(m_w.column() + 1));
        case 'p': return m_w.top;
        case 'P': return m_w.bottom;
        case 'i': return justified(number(m_b.point_max().value - m_b.point_min().value));
        case 'I': return justified(human_size(m_b.point_max().value - m_b.point_min().value));
        case 'n': return m_b.narrowed() ? " Narrow" : "";
        case 'm': if (Value m = variable_value(Qmode_name); stringp(m)) return std::string(string_view(m)); return "";
        case 'z': return coding(false);
        case 'Z': return coding(true);
        case '@': return remote() ? "@" : "-";
        case '[': return recursive_edits('[');
        case ']': return recursive_edits(']');
        case 's': return process_status();
        default: return ""; // %e (no memory-full message here), and unknown letters
        }
    }

    std::string dashes() const
    {
        // The rest of the line, on a mode line; two in a string.
        const std::int64_t left = m_w.width - m_out.columns();
        return std::string(static_cast<std::size_t>(std::max<std::int64_t>(left, 2)), '-');
    }

    std::string frame_name() const
    {
        try {
            Value name = call2(Qframe_parameter, Qnil, Qname);
            return stringp(name) ? std::string(string_view(name)) : "";
        } catch (const LispSignal&) {
            return "";
        }
    }

    // Keyboard and terminal (both UTF-8 here) and the buffer's coding
    // system, as a text terminal's %z shows them; %Z adds the end of line.
    std::string coding(bool eol) const
    {
        const std::string name = m_b.coding().name();
        std::string s = terminal_shown() ? "UU" : "";
        s += nilp(variable_value(Qenable_multibyte_characters)) ? ' ' : coding_mnemonic(name);
        if (Value mark = variable_value(eol_mnemonic(name)); eol && stringp(mark))
            s += string_view(mark);
        return s;
    }

    // default-directory on a remote host (a file name handler says so).
    bool remote() const
    {
        Value dir = variable_value(Qdefault_directory);
        if (!stringp(dir))
            return false;
        try {
            if (nilp(call2(Qfind_file_name_handler, dir, Qfile_remote_p)))
                return false;
            return !nilp(call1(Qfile_remote_p, dir));
        } catch (const LispSignal&) {
            return false;
        }
    }

    std::string recursive_edits(char bracket) const
    {
        if (m_w.recursive_edits > 5)
            return bracket == '[' ? "[[[... " : " ...]]]";
        return std::string(static_cast<std::size_t>(std::max(m_w.recursive_edits, 0)), bracket);
    }

    std::string process_status() const
    {
        try {
            Value proc = call1(Qget_buffer_process, current_buffer());
            if (nilp(proc))
                return "no process";
            Value status = call1(Qprocess_status, proc);
            return symbolp(status) ? symbol_name(status) : "";
        } catch (const LispSignal&) {
            return "";
        }
    }

    Buffer& m_b;
    const ModeLineWindow& m_w;
    ModeLineText& m_out;
};

// (format-mode-line FORMAT &optional FACE WINDOW BUFFER): FORMAT's text
// with its text properties, as Emacs 28 makes it. FACE nil keeps them as
// they come; an integer drops them all; anything else (t included, kept as
// it is) is put under each stretch's face, and a %-construct's text then
// has that face alone. Unlike Emacs's batch, which formats every mode line
// as "", batch mode formats it for the buffer alone.
Value f_format_mode_line(Args a)
{
    if (nilp(a[0]))
        return make_string("");
    Value face = arg(a, 1);
    // BUFFER is WINDOW's unless given; without the editor, the current one.
    ModeLineWindow window;
    Value shown = current_buffer();
    if (EditorHost* host = editor_host()) {
        shown = host->describe_window_for_mode_line(arg(a, 2), window);
        window.width = 0; // %- is "--" in a string
    }
    Value buffer = nilp(arg(a, 3)) ? shown : arg(a, 3);
    Buffer& b = check_live_buffer(buffer);
    if (buffer != shown || !editor_host()) {
        // Line and column are of BUFFER's point, as Emacs counts them.
        window.line = b.line_number_at(b.point()) - b.line_number_at(b.point_min()) + 1;
        CurrentBufferScope scope;
        set_current_buffer(buffer);
        const std::int64_t column = call0(Qcurrent_column).as_fixnum();
        window.column = [column] { return column; };
    }
    ModeLineText text;
    format_mode_line(a[0], buffer, window, text);
    Value s = make_string(text.text());
    if (fixnump(face))
        return s;
    GcRoot root(&s, 1);
    std::int64_t chr = 0;
    for (std::size_t i = 0; i < text.runs(); ++i) {
        const ModeLineRun r = text.run(i);
        const auto n = static_cast<std::int64_t>(count_chars(std::string_view(text.text()).substr(r.beg, r.end - r.beg)));
        Value props = r.props;
        if (!nilp(face)) {
            Value own = text_property_value(props, Qface);
            Value merged = nilp(own) ? face : list({own, face});
            props = r.expansion ? list({Qface, merged}) : put_props(props, list({Qface, merged}));
        }
        if (!nilp(props)) {
            Value args[] = {Value::fixnum(chr), Value::fixnum(chr + n), props, s};
            funcall(Qset_text_properties, args, 4);
        }
        chr += n;
    }
    return s;
}

const SubrDef mode_line_subrs[] = {
    {"format-mode-line", 1, 4, f_format_mode_line},
};

} // namespace

void format_mode_line(Value construct, Value buffer, const ModeLineWindow& window, ModeLineText& out)
{
    CurrentBufferScope scope;
    set_current_buffer(buffer);
    Formatter(current(), window, out).element(construct, 0, 0, 0, Qnil, false);
}

void register_mode_line_builtins()
{
    register_subrs(mode_line_subrs);
    // The variables whose values the mode line trusts with :eval and
    // :propertize, as Emacs marks them (the mode-line-* parts are marked
    // where bindings.el defines them).
    for (const char* name : {"mode-name", "minor-mode-alist", "global-mode-string", "mode-line-process", "vc-mode",
                             "mode-line-format", "header-line-format", "frame-title-format", "icon-title-format"})
        symbol_put(intern(name), Qrisky_local_variable, Qt);
}

} // namespace gapmacs::lisp

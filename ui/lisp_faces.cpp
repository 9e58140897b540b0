#include "ui/lisp_faces.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>

#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/overlays.hpp"
#include "lisp-lite/editor/text_properties.hpp"
#include "lisp-lite/lang/variables.hpp"
#include "ui/symbols.hpp"

#include <string>

namespace gapmacs::ui {

using namespace lisp;

namespace {

using namespace ansi;

struct Partial {
    FaceSpec spec;
    bool fg = false, bg = false, bold = false, underline = false, reverse = false, dim = false, italic = false;
};

// Attributes set in `from` and not yet in `into` (the first face of a list wins).
void merge(Partial& into, const Partial& from)
{
    if (!into.fg && from.fg) into.spec.fg = from.spec.fg, into.fg = true;
    if (!into.bg && from.bg) into.spec.bg = from.spec.bg, into.bg = true;
    if (!into.bold && from.bold) into.spec.bold = from.spec.bold, into.bold = true;
    if (!into.underline && from.underline) into.spec.underline = from.spec.underline, into.underline = true;
    if (!into.reverse && from.reverse) into.spec.reverse = from.spec.reverse, into.reverse = true;
    if (!into.dim && from.dim) into.spec.dim = from.spec.dim, into.dim = true;
    if (!into.italic && from.italic) into.spec.italic = from.spec.italic, into.italic = true;
}

Partial colors(int fg, int bg = -1, bool bold = false)
{
    Partial p;
    if (fg >= 0) p.spec.fg = fg, p.fg = true;
    if (bg >= 0) p.spec.bg = bg, p.bg = true;
    if (bold) p.spec.bold = p.bold = true;
    return p;
}

Partial from_spec(Face f)
{
    Partial p = colors(-1);
    const FaceSpec& s = FaceTable::instance().spec(f);
    p.spec = s;
    p.fg = s.fg >= 0, p.bg = s.bg >= 0, p.bold = s.bold, p.underline = s.underline;
    p.reverse = s.reverse, p.dim = s.dim, p.italic = s.italic;
    return p;
}

// Emacs's standard faces as its light-background terminal theme shows them:
// what a face name gives without Emacs's faces.el.
Partial builtin_face(const std::string& n)
{
    Partial p;
    if (n == "bold") { p.spec.bold = p.bold = true; return p; }
    if (n == "italic") { p.spec.italic = p.italic = true; return p; }
    if (n == "bold-italic") { p.spec.bold = p.bold = p.spec.italic = p.italic = true; return p; }
    if (n == "underline") { p.spec.underline = p.underline = true; return p; }
    if (n == "region") return from_spec(Face::Region);
    if (n == "isearch") return from_spec(Face::Isearch);
    if (n == "lazy-highlight") return from_spec(Face::LazyHighlight);
    if (n == "minibuffer-prompt") return from_spec(Face::MinibufferPrompt);
    if (n == "escape-glyph") return from_spec(Face::EscapeGlyph);
    if (n == "mode-line") return from_spec(Face::ModeLine);
    if (n == "header-line") return from_spec(Face::HeaderLine);
    if (n == "line-number") return from_spec(Face::LineNumber);
    if (n == "highlight") return colors(black, green);
    if (n == "match") return colors(black, yellow);
    if (n == "secondary-selection") return colors(black, yellow);
    if (n == "trailing-whitespace") return colors(-1, red);
    if (n == "shadow") { p.spec.dim = p.dim = true; return p; }
    if (n == "link" || n == "button") { Partial l = colors(cyan); l.spec.underline = l.underline = true; return l; }
    if (n == "font-lock-comment-face" || n == "font-lock-comment-delimiter-face") return colors(red);
    if (n == "font-lock-string-face" || n == "font-lock-doc-face") return colors(magenta);
    if (n == "font-lock-keyword-face") return colors(magenta, -1, true);
    if (n == "font-lock-function-name-face") return colors(blue);
    if (n == "font-lock-variable-name-face") return colors(yellow);
    if (n == "font-lock-type-face") return colors(green);
    if (n == "font-lock-constant-face") return colors(cyan);
    if (n == "font-lock-builtin-face") return colors(blue, -1, true);
    if (n.find("error") != std::string::npos || n == "font-lock-warning-face") return colors(red, -1, true);
    if (n.find("warning") != std::string::npos) return colors(yellow, -1, true);
    if (n == "success" || n.ends_with("-info") || n.find("success") != std::string::npos) return colors(green, -1, true);
    if (n.find("directory") != std::string::npos) return colors(blue, -1, true);
    return p;
}

Partial resolve(Value face, int depth);

// A terminal shows weights above medium as bold and the others as normal
// text, as Emacs's realize_tty_face does: a light face is not dimmed.
bool bold_weight(const std::string& w)
{
    return w == "semi-bold" || w == "demi-bold" || w == "bold" || w == "extra-bold" || w == "ultra-bold" ||
           w == "heavy" || w == "black" || w == "ultra-heavy";
}

// (FOREGROUND BACKGROUND WEIGHT SLANT UNDERLINE INVERSE) from
// internal--tty-face-attributes, `unspecified' where the face says nothing.
Partial from_tty_attributes(Value list)
{
    Partial p;
    const Value unspecified = Qunspecified;
    auto nth = [&](int n) {
        Value l = list;
        for (int i = 0; i < n && consp(l); ++i)
            l = xcdr(l);
        return consp(l) ? xcar(l) : unspecified;
    };
    // A colour the terminal can show: a palette index or 0xRRGGBB.
    auto colour = [](Value c) { return fixnump(c) && c.as_fixnum() >= 0 && c.as_fixnum() <= 0xFFFFFF; };
    if (Value fg = nth(0); colour(fg))
        p.spec.fg = static_cast<int>(fg.as_fixnum()), p.fg = true;
    if (Value bg = nth(1); colour(bg))
        p.spec.bg = static_cast<int>(bg.as_fixnum()), p.bg = true;
    if (Value w = nth(2); w != unspecified && symbolp(w)) {
        const std::string weight = symbol_name(w);
        p.bold = true;
        p.spec.bold = bold_weight(symbol_name(w));
    }
    if (Value slant = nth(3); slant != unspecified && symbolp(slant)) {
        p.italic = true;
        p.spec.italic = symbol_name(slant) == "italic" || symbol_name(slant) == "oblique";
    }
    if (Value u = nth(4); u != unspecified)
        p.underline = true, p.spec.underline = !nilp(u);
    if (Value r = nth(5); r != unspecified)
        p.reverse = true, p.spec.reverse = !nilp(r);
    return p;
}

// A face name's attributes as Lisp's faces define them for this terminal
// (Emacs's faces.el: the spec its defface chose by colours and background,
// :inherit followed), through internal--tty-face-attributes; nothing when
// Lisp knows no such face.
std::optional<Partial> lisp_face(Value face)
{
    if (nilp(xsymbol(Qinternal__tty_face_attributes)->function))
        return std::nullopt;
    try {
        Value attributes = call1(Qinternal__tty_face_attributes, face);
        if (consp(attributes))
            return from_tty_attributes(attributes);
    } catch (const LispSignal&) {
    }
    return std::nullopt;
}

// Whether a face changed since the last call (face-core--generation), for
// the caches of what faces look like.
bool faces_changed_since(Value& seen)
{
    Value now = find_symbol_value(Qface_core__generation);
    if (now == seen)
        return false;
    seen = now;
    return true;
}

// A face name as Lisp defines it, else gapmacs's own table; kept until a
// face changes.
Partial named_face(Value face)
{
    static std::unordered_map<std::uint64_t, Partial> cache;
    static Value seen = Qnil;
    if (faces_changed_since(seen))
        cache.clear();
    if (auto it = cache.find(face.bits()); it != cache.end())
        return it->second;
    Partial p = lisp_face(face).value_or(builtin_face(symbol_name(face)));
    cache.emplace(face.bits(), p);
    return p;
}

// The terminal's colour for a colour name or "#RRGGBB": the index Emacs's
// tty-color-desc gives (the palette's nearest, or the RGB value itself on
// a direct-colour terminal), else one of the eight basic colours; -1 when
// unknown. Kept until a face or the terminal's colours change.
int colour_of(Value name)
{
    if (!stringp(name))
        return -1;
    static std::unordered_map<std::string, int> cache;
    static Value seen = Qnil;
    if (faces_changed_since(seen))
        cache.clear();
    std::string key(string_view(name));
    if (auto it = cache.find(key); it != cache.end())
        return it->second;
    int colour = color_number(key);
    if (!nilp(xsymbol(Qtty_color_desc)->function)) {
        try {
            Value desc = call1(Qtty_color_desc, name);
            if (consp(desc) && consp(xcdr(desc)) && fixnump(xcar(xcdr(desc))))
                colour = static_cast<int>(std::clamp<std::int64_t>(xcar(xcdr(desc)).as_fixnum(), -1, 0xFFFFFF));
        } catch (const LispSignal&) {
        }
    }
    cache.emplace(std::move(key), colour);
    return colour;
}

Partial from_plist(Value plist, int depth)
{
    Partial p;
    for (Value l = plist; consp(l) && consp(xcdr(l)); l = xcdr(xcdr(l))) {
        std::string key = symbolp(xcar(l)) ? symbol_name(xcar(l)) : "";
        Value v = xcar(xcdr(l));
        if (key == ":foreground" || key == ":background") {
            const int c = colour_of(v);
            if (c >= 0 && key == ":foreground")
                p.spec.fg = c, p.fg = true;
            else if (c >= 0)
                p.spec.bg = c, p.bg = true;
        } else if (key == ":weight") {
            std::string w = symbolp(v) ? symbol_name(v) : "";
            p.bold = true;
            p.spec.bold = bold_weight(w);
        } else if (key == ":slant") {
            std::string s = symbolp(v) ? symbol_name(v) : "";
            p.italic = true;
            p.spec.italic = s == "italic" || s == "oblique";
        } else if (key == ":underline") p.underline = true, p.spec.underline = !nilp(v);
        else if (key == ":inverse-video") p.reverse = true, p.spec.reverse = !nilp(v);
        else if (key == ":inherit") merge(p, resolve(v, depth + 1));
    }
    return p;
}

Partial resolve(Value face, int depth)
{
    Partial p;
    if (depth > 10 || nilp(face))
        return p;
    if (symbolp(face))
        return named_face(face);
    if (consp(face) && keywordp(xcar(face)))
        return from_plist(face, depth);
    if (consp(face) && (xcar(face) == Qforeground_color || xcar(face) == Qbackground_color)) {
        const int n = colour_of(xcdr(face));
        return xcar(face) == Qforeground_color ? colors(n) : colors(-1, n);
    }
    for (Value l = face; consp(l); l = xcdr(l))
        merge(p, resolve(xcar(l), depth + 1));
    return p;
}

} // namespace

Face face_from_lisp(Value face)
{
    Partial p = resolve(face, 0);
    return FaceTable::instance().intern(p.spec);
}

std::vector<StyledLine::Span> string_faces(Value string)
{
    std::vector<StyledLine::Span> spans;
    if (!xstring(string)->props)
        return spans;
    Value run_face = Qnil;
    for_each_string_char(string, [&](const StringChar& ch) {
        if (ch.face != run_face && !nilp(ch.face))
            spans.push_back({ch.begin, ch.begin, face_from_lisp(ch.face)});
        run_face = ch.face;
        if (!nilp(ch.face))
            spans.back().end = ch.end;
    });
    return spans;
}

void show_editor_faces()
{
    static Value seen = Qnil;
    if (!faces_changed_since(seen))
        return;
    static const std::pair<Face, const char*> names[] = {
        {Face::ModeLine, "mode-line"},         {Face::ModeLineInactive, "mode-line-inactive"},
        {Face::Region, "region"},              {Face::Isearch, "isearch"},
        {Face::LazyHighlight, "lazy-highlight"}, {Face::EscapeGlyph, "escape-glyph"},
        {Face::LineNumber, "line-number"},     {Face::MinibufferPrompt, "minibuffer-prompt"},
        {Face::Divider, "vertical-border"},    {Face::HeaderLine, "header-line"},
    };
    FaceTable& faces = FaceTable::instance();
    for (const auto& [own, name] : names) {
        std::optional<Partial> p = lisp_face(intern(name));
        faces.show_as(own, p ? faces.intern(p->spec) : own);
    }
}

// The columns of a `display' space's PROPS: (align-to, width), one of them
// -1; nullopt for the forms a terminal row does not place (pixels,
// expressions, relative widths).
static std::optional<std::pair<int, int>> display_space(Value props)
{
    std::optional<int> align_to, width;
    for (Value l = props; consp(l) && consp(xcdr(l)); l = xcdr(xcdr(l))) {
        Value v = xcar(xcdr(l));
        std::optional<int> columns;
        if (v.is_fixnum())
            columns = static_cast<int>(std::clamp<std::int64_t>(v.as_fixnum(), 0, 10000));
        else if (floatp(v))
            columns = static_cast<int>(std::clamp(std::lround(xfloat(v)), 0L, 10000L));
        if (xcar(l) == Qalign_to_kw && !align_to)
            align_to = columns;
        else if (xcar(l) == Qwidth_kw && !width)
            width = columns;
    }
    if (align_to)
        return std::pair{*align_to, -1};
    if (width)
        return std::pair{-1, *width};
    return std::nullopt;
}

void buffer_faces(Value buffer, CharPos from, CharPos to, std::vector<Highlight>& out)
{
    Buffer* b = lisp::live_buffer(buffer);
    if (!b)
        return;
    std::vector<lisp::TextFaceRun> runs;
    lisp::text_faces_in_range(buffer, from, to, runs);
    for (const lisp::TextFaceRun& r : runs) {
        const BytePos beg = b->char_to_byte(r.beg), end = b->char_to_byte(r.end);
        if (!lisp::nilp(r.face))
            out.push_back({beg, end, face_from_lisp(r.face)});
        if (auto space = display_space(r.space))
            out.push_back({beg, end, Face::Default, space->first, space->second});
    }
    std::vector<lisp::OverlayView> overlays;
    lisp::overlays_in_range(buffer, from, to, overlays);
    std::stable_sort(overlays.begin(), overlays.end(),
                     [](const lisp::OverlayView& x, const lisp::OverlayView& y) { return x.priority < y.priority; });
    for (const lisp::OverlayView& o : overlays)
        out.push_back({b->char_to_byte(o.beg), b->char_to_byte(o.end), face_from_lisp(o.face)});
}

} // namespace gapmacs::ui

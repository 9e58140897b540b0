// Overlays: a stretch of a buffer with properties (Emacs's make-overlay and
// friends). Each overlay object embeds a gapmacs::Overlay, which its
// buffer's overlay tree keeps in place as the text changes (edits and
// queries touch only the overlays they concern); the tree also roots the
// objects while the buffer lives.
#pragma once
#include <vector>

#include "buffer/buffer.hpp"
#include "core/position.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

void register_overlay_builtins();

bool overlayp(Value v);

// Deletes the overlays of b that are empty at pos and have the `evaporate'
// property: what a deletion there does before after-change-functions run.
void evaporate_overlays(Buffer& b, CharPos pos);

// The hooks of b's overlays for a change of [beg, end) (Emacs's
// report_overlay_modification): an insertion at an overlay's start runs
// its `insert-in-front-hooks', at its end its `insert-behind-hooks', a
// change within it its `modification-hooks'. OUT gets FUNCTIONS, OVERLAY,
// FUNCTIONS, OVERLAY...: collected before the change, called before and
// after it.
void overlay_change_hooks(Buffer& b, CharPos beg, CharPos end, RootedVector& out);

// overlay-get of an overlay of a buffer's overlay tree (its `category'
// symbol's property included).
Value overlay_get(const Overlay& o, Value prop);
Value overlay_get(Value overlay, Value prop);
// Its `priority' (0 when not a number), as redisplay and overlays-at order them.
std::int64_t overlay_priority(const Overlay& o);
// PROP of the overlays over the character at pos, as get-char-property
// finds it there (the highest priority wins), or nil.
Value overlay_value_at(const Buffer& b, CharPos pos, Value prop);

// What redisplay needs of the overlays over [from, to) of buffer.
struct OverlayView {
    CharPos beg;
    CharPos end;
    Value face;          // the `face' property (a symbol, a list, a plist)
    std::int64_t priority;
};
void overlays_in_range(Value buffer, CharPos from, CharPos to, std::vector<OverlayView>& out);

} // namespace gapmacs::lisp

// Overlays: a stretch of a buffer with properties (Emacs's make-overlay and
// friends). The ends are markers, so edits move them with the text. Each
// buffer's overlays are kept in a list beside it, created only when the
// first overlay is made: a buffer with none pays nothing, and the process
// output paths never look at them.
#pragma once
#include <vector>

#include "core/position.hpp"
#include "lisp-lite/lang/lisp.hpp"

namespace gapmacs::lisp {

void register_overlay_builtins();

bool overlayp(Value v);

// What redisplay needs of the overlays over [from, to) of buffer.
struct OverlayView {
    CharPos beg;
    CharPos end;
    Value face;          // the `face' property (a symbol, a list, a plist)
    std::int64_t priority;
};
void overlays_in_range(Value buffer, CharPos from, CharPos to, std::vector<OverlayView>& out);

} // namespace gapmacs::lisp

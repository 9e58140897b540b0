// Text properties (Emacs's textprop.c): property lists on stretches of a
// string or a buffer's text, kept in a gapmacs::TextProperties
// (core/text_properties.hpp) whose opaque handles are the plists' Value
// bits. Strings hold theirs in String::props (marked by the collector),
// buffers in Buffer (marked here, for every live buffer).
//
// Plists are never changed in place: a change makes a new list, so a plist
// can be shared between a string, the buffer it was inserted into and the
// copies made from either.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "buffer/buffer.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/lisp.hpp"
#include "lisp-lite/lang/string_properties.hpp" // copy_string_properties

namespace gapmacs::lisp {

void register_text_property_builtins();

// Counts the changes of `syntax-table' text properties (directly or through
// a `category' symbol) in any buffer: what a cache of parse states must
// also watch besides the text.
std::uint64_t syntax_property_generation();
// The first position of b whose syntax-table property changed after the
// change numbered `since' (1 when that is too long ago to know); none when
// none did.
std::optional<CharPos> first_syntax_property_change(const Buffer& b, std::uint64_t since);

// The properties of [from, to) of buffer b, given to string dst from
// character 0 (buffer-substring).
void copy_buffer_properties(const Buffer& b, CharPos from, CharPos to, Value dst);
// Gives the text just inserted at pos the properties of `insert`'s
// arguments (strings keep theirs, characters have none); with inherit,
// also the sticky properties of its neighbours (insert-and-inherit).
void insert_properties(Buffer& b, CharPos pos, Args pieces, bool inherit);

// Signals text-read-only if changing [beg, end) of b (beg == end: an
// insertion there) touches read-only text, unless inhibit-read-only allows
// it (Emacs's verify_interval_modification).
void check_text_read_only(Buffer& b, CharPos beg, CharPos end);

// The text property hooks of a change of [beg, end) of b (Emacs's
// verify_interval_modification): for a deletion or replacement, each
// distinct `modification-hooks' list over it, to call before the change;
// for an insertion (beg == end), the `insert-behind-hooks' of the
// character before and the `insert-in-front-hooks' of the one after, to
// call after it. OUT gets the lists.
void text_modification_hooks(Buffer& b, CharPos beg, CharPos end, RootedVector& out);
void text_insertion_hooks(Buffer& b, CharPos pos, RootedVector& out);

// get-text-property: PROP at POS of OBJECT's text (overlays aside).
Value text_property_at(Value pos, Value prop, Value object);

// get-char-property: PROP at POS of OBJECT (a buffer, nil for the current
// one, or a string), from an overlay there or else the text.
Value get_char_property(Value pos, Value prop, Value object);

// PROP's value in a text property list as Emacs's textget reads it (the
// `category` symbol's, else an alias's from char-property-alias-alist).
Value text_property_value(Value plist, Value prop);

// Where PROP's value in b's text properties (not its overlays') stops
// being the one at pos: the first change after pos (at most limit), and
// the start of the run of the value before pos (at least floor).
CharPos text_property_change_after(const Buffer& b, Value prop, CharPos pos, CharPos limit);
CharPos text_property_change_before(const Buffer& b, Value prop, CharPos pos, CharPos floor);

// equal-including-properties.
bool equal_including_properties(Value a, Value b);

// What redisplay needs: the stretches of [from, to) of buffer whose `face`
// (or else `font-lock-face`) property is non-nil, or whose `display`
// property is a space, (space . PROPS), in order.
struct TextFaceRun {
    CharPos beg;
    CharPos end;
    Value face;
    Value space = Qnil; // the display property's PROPS
};
void text_faces_in_range(Value buffer, CharPos from, CharPos to, std::vector<TextFaceRun>& out);

} // namespace gapmacs::lisp

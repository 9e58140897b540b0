// Copying a string's text properties to another string (concat, substring,
// format). The property builtins are the editor's (editor/text_properties.cpp);
// the language only carries properties along.
#include "lisp-lite/lang/string_properties.hpp"

#include <memory>

namespace gapmacs::lisp {

using Plist = TextProperties::Plist;

void copy_string_properties(Value src, std::int64_t from, std::int64_t to, Value dst, std::int64_t at)
{
    String* s = xstring(src);
    if (!s->props || from >= to)
        return;
    String* d = xstring(dst);
    if (!d->props)
        d->props = std::make_unique<TextProperties>();
    d->props->copy_from(*s->props, from, to, at);
    if (d->props->empty())
        d->props.reset();
}

void copy_string_properties(Value src, std::int64_t from, Value dst, std::int64_t at, std::int64_t n)
{
    String* s = xstring(src);
    const Plist p = s->props ? s->props->at(from) : 0;
    if (!p || n <= 0)
        return;
    String* d = xstring(dst);
    if (!d->props)
        d->props = std::make_unique<TextProperties>();
    d->props->set(at, at + n, p);
}

} // namespace gapmacs::lisp

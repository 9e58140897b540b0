#include "process/default_sentinel.hpp"

#include <string>

#include "buffer/buffer.hpp"
#include "core/utf8.hpp"
#include "process/insertion_scope.hpp"
#include "process/output_stream.hpp"

namespace gapmacs {

void insert_default_sentinel_text(OutputStream& output, std::string_view process_name, std::string_view event)
{
    Buffer* b = output.buffer();
    if (!b)
        return;
    std::string text = "\nProcess ";
    text += process_name;
    text += ' ';
    text += event;
    const CharPos at = output.insertion_point(); // the mark may point nowhere
    const CharPos old_point = b->point();
    const CharCount n(static_cast<std::int64_t>(count_chars(text)));
    {
        InsertionScope scope(*b);
        b->insert_at(at, text);
    }
    output.mark().set(*b, at + n);
    if (old_point >= at)
        b->goto_char(old_point + n);
}

} // namespace gapmacs

// What a process's end writes into its buffer when no sentinel was given
// (Emacs's internal-default-process-sentinel): "\nProcess NAME EVENT" at the
// process mark, the mark after it, point moved along when it was at or after
// the mark. Read-only is ignored, as for output.
#pragma once
#include <string_view>

namespace gapmacs {

class OutputStream;

// Nothing happens when the stream has no live buffer.
void insert_default_sentinel_text(OutputStream& output, std::string_view process_name, std::string_view event);

} // namespace gapmacs

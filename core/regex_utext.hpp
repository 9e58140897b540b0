// ICU's view of internal text in two pieces (the gap buffer's): a UText
// whose native indexes are byte offsets. Private to core/regex*.
#pragma once
#include <unicode/utext.h>

#include "core/split_text.hpp"

namespace gapmacs::regex_utext {

// Opens (or reopens, reusing its storage) UT over TEXT, which must outlive
// its use.
UText* open_split(UText* ut, const SplitText& text, UErrorCode* status);

} // namespace gapmacs::regex_utext

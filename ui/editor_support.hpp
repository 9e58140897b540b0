// What the editor's parts (editor*.cpp) share: Lisp variables and
// the scopes and timings of the command loop. Private to ui/.
#pragma once
#include <chrono>
#include <string>

#include "lisp-lite/lang/lisp.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::ui::editor_support {

using lisp::Value;

void set_value(Value sym, Value v);
bool fboundp(Value sym);
// The value a variable has in buffer (its local value or the default).
Value local_value(Value sym, Value buffer);
// princ's text of V ("" for nil).
std::string princ_text(Value v);

// One level of a depth counter (recursive edits, minibuffers).
class DepthScope {
public:
    explicit DepthScope(int& d) : m_d(d) { ++m_d; }
    ~DepthScope() { --m_d; }
    DepthScope(const DepthScope&) = delete;
    DepthScope& operator=(const DepthScope&) = delete;

private:
    int& m_d;
};

// At most one redisplay a frame while output streams in.
constexpr auto frame_interval = std::chrono::milliseconds(16);

} // namespace gapmacs::ui::editor_support

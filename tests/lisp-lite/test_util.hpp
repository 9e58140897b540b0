// Helpers for the lisp-lite unit tests: evaluate source text, print values.
#pragma once
#include <algorithm>
#include <string>

#include "lisp-lite/lisp_lite.hpp"

namespace lisp_test {

inline gapmacs::lisp::Value eval_string(const std::string& text)
{
    gapmacs::lisp::init();
    std::size_t pos = 0;
    gapmacs::lisp::Value form = gapmacs::lisp::read_from(text, pos);
    return gapmacs::lisp::eval_toplevel(form, true);
}

// prin1 of the value of `text`, or "ERROR: <message>" when it signals.
inline std::string eval_print(const std::string& text)
{
    try {
        return gapmacs::lisp::prin1_to_string(eval_string(text));
    } catch (const gapmacs::lisp::LispSignal& e) {
        return "ERROR: " + gapmacs::lisp::error_message_string(gapmacs::lisp::make_cons(e.symbol(), e.data()));
    }
}

// Sizes shrink under GAPMACS_GC_STRESS (a collection per allocation).
inline long scaled(long n) { return gapmacs::lisp::gc_stress_enabled() ? std::min(n, 2000L) : n; }
inline std::string num(long n) { return std::to_string(scaled(n)); }

inline std::string read_print(const std::string& text)
{
    gapmacs::lisp::init();
    try {
        std::size_t pos = 0;
        return gapmacs::lisp::prin1_to_string(gapmacs::lisp::read_from(text, pos));
    } catch (const gapmacs::lisp::LispSignal& e) {
        return "ERROR: " + gapmacs::lisp::prin1_to_string(gapmacs::lisp::make_cons(e.symbol(), e.data()));
    }
}

} // namespace lisp_test

// The argument names of the builtins, as Emacs's usage lines give them:
// Emacs ends each C function's docstring with "(fn ARGS)", which ElDoc,
// `help-function-arglist' and C-h f read; gapmacs's builtins have no
// docstrings, so `documentation' gives that line alone. The table is
// generated from GNU Emacs 28 (gen-subr-usages.el) and read only when asked:
// start-up (B7) does not see it.
#include <algorithm>
#include <string_view>

#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"

namespace gapmacs::lisp {

namespace {

struct SubrUsage {
    std::string_view name;
    std::string_view args;
};

constexpr SubrUsage subr_usages[] = {
#include "lisp-lite/lang/subr_usages.inc"
};

static_assert(std::ranges::is_sorted(subr_usages, {}, &SubrUsage::name), "gen-subr-usages.el sorts by name");

// (internal--subr-usage SUBR): "(fn ARGS)" for SUBR, or nil when its
// arguments are not known by name.
Value f_internal_subr_usage(Args a)
{
    const std::string_view name = check_subr(a[0]).name;
    const auto it = std::ranges::lower_bound(subr_usages, name, {}, &SubrUsage::name);
    if (it == std::end(subr_usages) || it->name != name)
        return Qnil;
    std::string usage = "(fn";
    if (!it->args.empty())
        (usage += ' ') += it->args;
    return make_string(usage + ")");
}

const SubrDef subr_usage_subrs[] = {
    {"internal--subr-usage", 1, 1, f_internal_subr_usage},
};

} // namespace

void register_subr_usage_builtins() { register_subrs(subr_usage_subrs); }

} // namespace gapmacs::lisp

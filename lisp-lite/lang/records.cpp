// Records: `record`, `make-record`, `recordp`, as Emacs 28's alloc.c and
// data.c have them. A record is a Vector with the record flag (value.hpp):
// aref, aset, copy-sequence, equal and the printer treat it slot by slot,
// vectorp, sequencep and length refuse it, type-of names its slot 0.
#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

Value make_record(std::size_t slots, Value init)
{
    Value r = make_vector(slots, init);
    xvector(r)->m_flags |= Vector::record_flag;
    return r;
}

namespace {

Value f_record(Args a)
{
    Value r = make_record(a.n, Qnil);
    for (std::size_t i = 0; i < a.n; ++i)
        xvector(r)->items[i] = a[i];
    return r;
}

Value f_make_record(Args a)
{
    Value r = make_record(static_cast<std::size_t>(check_natnum(a[1])) + 1, a[2]);
    xvector(r)->items[0] = a[0];
    return r;
}

Value f_recordp(Args a) { return boolean(recordp(a[0])); }

constexpr SubrDef record_subrs[] = {
    {"record", 1, many, f_record},
    {"make-record", 3, 3, f_make_record},
    {"recordp", 1, 1, f_recordp},
};

} // namespace

void register_record_builtins() { register_subrs(record_subrs); }

} // namespace gapmacs::lisp

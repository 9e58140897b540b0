// The byte-code interpreter, opcode for opcode as Emacs 28's bytecode.c
// runs them, and the byte-code function objects it runs.
#include "lisp-lite/lang/bytecode.hpp"

#include <exception>
#include <limits>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "core/utf8.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/reader.hpp"

namespace gapmacs::lisp {

namespace {

ByteCodeHost g_host;

constexpr std::size_t arglist_slot = 0, code_slot = 1, constants_slot = 2, depth_slot = 3, interactive_slot = 5;

// Opcodes the interpreter handles itself. Those that only call a function
// (length, point, insert...) are in `delegated` below.
enum Op : unsigned {
    Bstack_ref = 0,
    Bvarref = 010,
    Bvarset = 020,
    Bvarbind = 030,
    Bcall = 040,
    Bunbind = 050,
    Bpophandler = 060,
    Bpushconditioncase = 061,
    Bpushcatch = 062,
    Bnth = 070,
    Bsymbolp = 071,
    Bconsp = 072,
    Bstringp = 073,
    Blistp = 074,
    Beq = 075,
    Bnot = 077,
    Bcar = 0100,
    Bcdr = 0101,
    Bcons = 0102,
    Blist1 = 0103,
    Blist2 = 0104,
    Blist3 = 0105,
    Blist4 = 0106,
    Bsub1 = 0123,
    Badd1 = 0124,
    Bnegate = 0133,
    Bsave_current_buffer_obsolete = 0141,
    Bsave_current_buffer = 0162,
    Bconstant2 = 0201,
    Bgoto = 0202,
    Bgotoifnil = 0203,
    Bgotoifnonnil = 0204,
    Bgotoifnilelsepop = 0205,
    Bgotoifnonnilelsepop = 0206,
    Breturn = 0207,
    Bdiscard = 0210,
    Bdup = 0211,
    Bsave_excursion = 0212,
    Bsave_window_excursion = 0213,
    Bsave_restriction = 0214,
    Bcatch = 0215,
    Bunwind_protect = 0216,
    Bcondition_case = 0217,
    Bunbind_all = 0222,
    Bcar_safe = 0242,
    Bcdr_safe = 0243,
    Bnumberp = 0247,
    Bintegerp = 0250,
    BRgoto = 0252,
    BRgotoifnil = 0253,
    BRgotoifnonnil = 0254,
    BRgotoifnilelsepop = 0255,
    BRgotoifnonnilelsepop = 0256,
    BlistN = 0257,
    BconcatN = 0260,
    BinsertN = 0261,
    Bstack_set = 0262,
    Bstack_set2 = 0263,
    BdiscardN = 0266,
    Bswitch = 0267,
    Bconstant = 0300,
};

// An opcode that calls FUNCTION with its NARGS topmost stack values and
// leaves the result in their place (with no arguments, pushes it).
struct Delegated {
    const char* function = nullptr;
    unsigned nargs = 0;
};

constexpr std::pair<unsigned, Delegated> delegated_ops[] = {
    {076, {"memq", 2}},
    {0107, {"length", 1}},
    {0110, {"aref", 2}},
    {0111, {"aset", 3}},
    {0112, {"symbol-value", 1}},
    {0113, {"symbol-function", 1}},
    {0114, {"set", 2}},
    {0115, {"fset", 2}},
    {0116, {"get", 2}},
    {0117, {"substring", 3}},
    {0120, {"concat", 2}},
    {0121, {"concat", 3}},
    {0122, {"concat", 4}},
    {0125, {"=", 2}},
    {0126, {">", 2}},
    {0127, {"<", 2}},
    {0130, {"<=", 2}},
    {0131, {">=", 2}},
    {0132, {"-", 2}},
    {0134, {"+", 2}},
    {0135, {"max", 2}},
    {0136, {"min", 2}},
    {0137, {"*", 2}},
    {0140, {"point", 0}},
    {0142, {"goto-char", 1}},
    {0143, {"insert", 1}},
    {0144, {"point-max", 0}},
    {0145, {"point-min", 0}},
    {0146, {"char-after", 1}},
    {0147, {"following-char", 0}},
    {0150, {"preceding-char", 0}},
    {0151, {"current-column", 0}},
    {0152, {"indent-to", 1}},
    {0154, {"eolp", 0}},
    {0155, {"eobp", 0}},
    {0156, {"bolp", 0}},
    {0157, {"bobp", 0}},
    {0160, {"current-buffer", 0}},
    {0161, {"set-buffer", 1}},
    {0164, {"interactive-p", 0}},
    {0165, {"forward-char", 1}},
    {0166, {"forward-word", 1}},
    {0167, {"skip-chars-forward", 2}},
    {0170, {"skip-chars-backward", 2}},
    {0171, {"forward-line", 1}},
    {0172, {"char-syntax", 1}},
    {0173, {"buffer-substring", 2}},
    {0174, {"delete-region", 2}},
    {0175, {"narrow-to-region", 2}},
    {0176, {"widen", 0}},
    {0177, {"end-of-line", 1}},
    {0223, {"set-marker", 3}},
    {0224, {"match-beginning", 1}},
    {0225, {"match-end", 1}},
    {0226, {"upcase", 1}},
    {0227, {"downcase", 1}},
    {0230, {"string=", 2}},
    {0231, {"string<", 2}},
    {0232, {"equal", 2}},
    {0233, {"nthcdr", 2}},
    {0234, {"elt", 2}},
    {0235, {"member", 2}},
    {0236, {"assq", 2}},
    {0237, {"nreverse", 1}},
    {0240, {"setcar", 2}},
    {0241, {"setcdr", 2}},
    {0244, {"nconc", 2}},
    {0245, {"/", 2}},
    {0246, {"%", 2}},
};

// The function symbols of the delegated opcodes, interned once.
struct DelegatedTable {
    Delegated op[256];
    Value function[256];
    DelegatedTable()
    {
        for (auto& [code, d] : delegated_ops) {
            op[code] = d;
            function[code] = intern(d.function);
        }
    }
};

const DelegatedTable& delegated()
{
    static const DelegatedTable table; // symbols are never collected
    return table;
}

[[noreturn]] void invalid_opcode(unsigned op, std::size_t pc)
{
    error("Invalid byte opcode: op=" + std::to_string(op) + ", ptr=" + std::to_string(pc));
}

// The code string's bytes: a raw-byte character is its byte (internal
// text as the OS takes it; a multibyte string written by Emacs 20.2 and
// older is taken so too, as Emacs's string-as-unibyte).
std::string code_bytes(Value code)
{
    std::string bytes;
    internal_to_utf8(check_string(code)->bytes, bytes);
    return bytes;
}

// One activation of byte-code: its operand stack (on the evaluator's
// rooted argument stack), and its share of what Emacs keeps on the specpdl
// and the handler list: bindings, unwind forms, saved editor state, and the
// catch and condition-case handlers the code pushed.
class ByteCodeFrame {
public:
    ByteCodeFrame(Value code, Value constants, Value depth)
        : m_code(code_bytes(code)), m_specpdl(specpdl_depth())
    {
        if (!vectorp(constants))
            wrong_type(Qvectorp, constants);
        const std::int64_t slots = check_natnum(depth) + 1;
        push_arg(constants); // keeps it alive while the code runs
        m_constants = &xvector(constants)->items;
        m_base = g_args.base + g_args.top;
        for (std::int64_t i = 0; i < slots; ++i)
            push_arg(Qnil);
        m_top = m_base;
        m_limit = m_base + slots - 1;
    }
    ~ByteCodeFrame()
    {
        // Reached with state left only when an exception leaves the frame:
        // execute() has unwound it, unless an unwind form itself threw.
        pop_handlers_to(0);
        while (!m_unwinds.empty()) {
            try {
                unwind_one();
            } catch (...) {
            }
        }
        unbind_to(m_specpdl);
    }
    ByteCodeFrame(const ByteCodeFrame&) = delete;
    ByteCodeFrame& operator=(const ByteCodeFrame&) = delete;

    // Pushes the arguments as a lexical ARGS descriptor says: the
    // mandatory and optional ones (nil when missing), then a &rest list.
    void push_arguments(std::int64_t descriptor, const Value* args, std::size_t n)
    {
        const bool rest = descriptor & 128;
        const std::size_t mandatory = static_cast<std::size_t>(descriptor & 127);
        const std::size_t nonrest = static_cast<std::size_t>(descriptor >> 8);
        if (n < mandatory || (!rest && n > nonrest))
            xsignal2(Qwrong_number_of_arguments,
                     make_cons(Value::fixnum(static_cast<std::int64_t>(mandatory)),
                               Value::fixnum(static_cast<std::int64_t>(nonrest))),
                     Value::fixnum(static_cast<std::int64_t>(n)));
        for (std::size_t i = 0; i < nonrest; ++i)
            push(i < n ? args[i] : Qnil);
        if (rest) {
            Value tail = Qnil;
            for (std::size_t j = n; j > nonrest; --j)
                tail = make_cons(args[j - 1], tail);
            push(tail);
        }
    }

    // Runs the code; a signal or throw that one of the frame's handlers
    // takes resumes it there.
    Value execute()
    {
        std::exception_ptr pending;
        for (;;) {
            bool unhandled = false;
            try {
                if (pending) {
                    unhandled = !resume_at_handler(pending);
                    if (!unhandled)
                        pending = nullptr;
                }
                if (!unhandled)
                    return run();
            } catch (const KillEmacs&) {
                // As Emacs's kill-emacs: no unwind form runs on the way out.
                m_killing = true;
                pending = std::current_exception();
                continue;
            } catch (...) {
                // An unwind form may throw while the frame unwinds: that
                // exception goes on in place of the first, as in Emacs.
                pending = std::current_exception();
                continue;
            }
            std::rethrow_exception(pending);
        }
    }

private:
    enum class UnwindKind { Binding, Form, SavedState };
    struct Unwind {
        UnwindKind kind;
        std::size_t specpdl = 0;               // Binding: the depth before it
        std::unique_ptr<SavedEditorState> saved; // SavedState
    };
    struct Handler {
        bool catches; // catch (a tag) or condition-case (conditions)
        std::size_t dest;
        Value* top;
        std::size_t unwinds;
    };

    // The compiler's code never leaves its stack; code from make-byte-code
    // may, and gets an error instead of another frame's slots.
    void push(Value v)
    {
        if (m_top == m_limit)
            error("Stack overflow in byte code");
        *++m_top = v;
    }
    Value pop()
    {
        check_depth(1);
        return *m_top--;
    }
    Value& below_top(std::size_t n)
    {
        check_depth(n + 1);
        return m_top[-static_cast<std::ptrdiff_t>(n)];
    }
    void check_depth(std::size_t n) const
    {
        if (static_cast<std::size_t>(m_top - m_base) < n)
            error("Stack underflow in byte code");
    }
    void discard(std::size_t n)
    {
        check_depth(n);
        m_top -= n;
    }
    unsigned fetch() { return static_cast<unsigned char>(m_code[m_pc++]); }
    unsigned fetch2()
    {
        unsigned lo = fetch();
        return lo | fetch() << 8;
    }
    Value constant(std::size_t i) const
    {
        if (i >= m_constants->size())
            error("Byte-code constant out of range");
        return (*m_constants)[i];
    }

    void jump(std::size_t target)
    {
        if (target > m_code.size())
            error("Byte-code jump out of range");
        if (target < m_pc)
            maybe_quit(); // a loop
        m_pc = target;
    }

    // Calls FN with the N values above it on the stack; the result replaces them.
    void call_on_stack(std::size_t n)
    {
        discard(n);
        check_depth(1);
        *m_top = funcall(m_top[0], m_top + 1, n);
    }
    void call_delegated(unsigned op)
    {
        const DelegatedTable& table = delegated();
        const unsigned n = table.op[op].nargs;
        if (n == 0) {
            push(funcall(table.function[op], nullptr, 0));
            return;
        }
        discard(n - 1);
        check_depth(1);
        *m_top = funcall(table.function[op], m_top, n);
    }

    void record_unwind(Unwind u, Value value = Qnil)
    {
        m_unwinds.push_back(std::move(u));
        m_unwind_values.push_back(value);
    }
    void varbind(Value sym, Value value)
    {
        record_unwind({UnwindKind::Binding, specpdl_depth(), nullptr});
        specbind(sym, value);
    }
    void save_state(std::unique_ptr<SavedEditorState> (*save)(), const char* what)
    {
        if (!save)
            error(std::string("Byte-code ") + what + " needs the editor");
        record_unwind({UnwindKind::SavedState, 0, save()});
    }

    // Undoes the newest binding, unwind form or saved state. It is popped
    // first, so an unwind form that throws is not run twice.
    void unwind_one()
    {
        Unwind u = std::move(m_unwinds.back());
        Value value = m_unwind_values.items().back();
        m_unwinds.pop_back();
        m_unwind_values.items().pop_back();
        switch (u.kind) {
        case UnwindKind::Binding: unbind_to(u.specpdl); break;
        case UnwindKind::SavedState: u.saved.reset(); break;
        case UnwindKind::Form:
            if (m_killing)
                break;
            // A function since Emacs 24.4; before, a list of forms.
            if (functionp(value))
                funcall(value, nullptr, 0);
            else
                progn(value);
            break;
        }
    }
    void unwind_to(std::size_t depth)
    {
        while (m_unwinds.size() > depth)
            unwind_one();
    }

    void push_handler(bool catches, Value tag_or_conditions, std::size_t dest)
    {
        if (catches)
            push_catch_tag(tag_or_conditions);
        m_handlers.push_back({catches, dest, m_top, m_unwinds.size()});
        m_handler_tags.push_back(tag_or_conditions);
    }
    void pop_handlers_to(std::size_t count)
    {
        while (m_handlers.size() > count) {
            if (m_handlers.back().catches)
                pop_catch_tag();
            m_handlers.pop_back();
            m_handler_tags.items().pop_back();
        }
    }

    // The innermost of the frame's handlers that takes the exception, with
    // the value its code receives: the thrown value, or (ERROR . DATA).
    std::size_t find_handler(const std::exception_ptr& e, Value& value)
    {
        const std::size_t none = m_handlers.size();
        auto innermost = [&](auto takes) {
            for (std::size_t i = m_handlers.size(); i-- > 0;)
                if (takes(m_handlers[i], m_handler_tags[i]))
                    return i;
            return none;
        };
        try {
            std::rethrow_exception(e);
        } catch (const LispThrow& t) {
            value = t.value();
            return innermost([&](const Handler& h, Value tag) { return h.catches && tag == t.tag(); });
        } catch (const LispSignal& s) {
            value = make_cons(s.symbol(), s.data());
            return innermost([&](const Handler& h, Value conditions) {
                return !h.catches && error_matches(s.symbol(), conditions);
            });
        } catch (const std::bad_alloc&) {
            const LispSignal s = memory_exhausted_error();
            value = make_cons(s.symbol(), s.data());
            return innermost([&](const Handler& h, Value conditions) {
                return !h.catches && error_matches(Qerror, conditions);
            });
        } catch (...) {
            return none; // kill-emacs and the like pass through
        }
    }

    // Resumes at the handler that takes the exception (true), or unwinds
    // the whole frame for it to go on (false). Unwind forms may throw.
    bool resume_at_handler(const std::exception_ptr& e)
    {
        Value value = Qnil; // on the C++ stack: the collector sees it
        const std::size_t h = find_handler(e, value);
        if (h == m_handlers.size()) {
            pop_handlers_to(0);
            unwind_to(0);
            return false;
        }
        pop_handlers_to(h + 1);
        const Handler handler = m_handlers[h];
        unwind_to(handler.unwinds);
        pop_handlers_to(h);
        m_top = handler.top;
        push(value);
        m_pc = handler.dest;
        return true;
    }

    Value run();

    std::string m_code;
    std::size_t m_specpdl;
    std::vector<Value>* m_constants = nullptr;
    ArgFrame m_frame;
    Value* m_base = nullptr; // m_base[0] is never used: the first push goes to m_base[1]
    Value* m_top = nullptr;
    Value* m_limit = nullptr; // the last slot
    std::size_t m_pc = 0;
    std::vector<Unwind> m_unwinds;
    bool m_killing = false; // kill-emacs is unwinding the frame: forms are skipped
    RootedVector m_unwind_values; // an unwind form's function, beside its entry
    std::vector<Handler> m_handlers;
    RootedVector m_handler_tags; // a catch's tag or condition-case's conditions
};

Value ByteCodeFrame::run()
{
    for (;;) {
        if (m_pc >= m_code.size())
            error("Byte-code ran off its end");
        unsigned op = fetch();
        switch (op) {
        case Bstack_ref + 1:
        case Bstack_ref + 2:
        case Bstack_ref + 3:
        case Bstack_ref + 4:
        case Bstack_ref + 5: {
            Value v = below_top(op - Bstack_ref);
            push(v);
            break;
        }
        case Bstack_ref + 6: {
            Value v = below_top(fetch());
            push(v);
            break;
        }
        case Bstack_ref + 7: {
            Value v = below_top(fetch2());
            push(v);
            break;
        }
        case Bvarref:
        case Bvarref + 1:
        case Bvarref + 2:
        case Bvarref + 3:
        case Bvarref + 4:
        case Bvarref + 5:
        case Bvarref + 6:
        case Bvarref + 7: {
            const unsigned i = op == Bvarref + 6 ? fetch() : op == Bvarref + 7 ? fetch2() : op - Bvarref;
            push(symbol_value(constant(i)));
            break;
        }
        case Bvarset:
        case Bvarset + 1:
        case Bvarset + 2:
        case Bvarset + 3:
        case Bvarset + 4:
        case Bvarset + 5:
        case Bvarset + 6:
        case Bvarset + 7: {
            const unsigned i = op == Bvarset + 6 ? fetch() : op == Bvarset + 7 ? fetch2() : op - Bvarset;
            set_symbol_value(constant(i), pop());
            break;
        }
        case Bvarbind:
        case Bvarbind + 1:
        case Bvarbind + 2:
        case Bvarbind + 3:
        case Bvarbind + 4:
        case Bvarbind + 5:
        case Bvarbind + 6:
        case Bvarbind + 7: {
            const unsigned i = op == Bvarbind + 6 ? fetch() : op == Bvarbind + 7 ? fetch2() : op - Bvarbind;
            Value sym = constant(i);
            varbind(sym, pop());
            break;
        }
        case Bcall:
        case Bcall + 1:
        case Bcall + 2:
        case Bcall + 3:
        case Bcall + 4:
        case Bcall + 5:
        case Bcall + 6:
        case Bcall + 7:
            call_on_stack(op == Bcall + 6 ? fetch() : op == Bcall + 7 ? fetch2() : op - Bcall);
            break;
        case Bunbind:
        case Bunbind + 1:
        case Bunbind + 2:
        case Bunbind + 3:
        case Bunbind + 4:
        case Bunbind + 5:
        case Bunbind + 6:
        case Bunbind + 7: {
            const std::size_t n = op == Bunbind + 6 ? fetch() : op == Bunbind + 7 ? fetch2() : op - Bunbind;
            if (n > m_unwinds.size())
                error("Byte-code unbinds more than it bound");
            unwind_to(m_unwinds.size() - n);
            break;
        }
        case Bunbind_all: unwind_to(0); break;
        case Bpushcatch:
        case Bpushconditioncase: {
            Value tag = pop();
            push_handler(op == Bpushcatch, tag, fetch2());
            break;
        }
        case Bpophandler:
            if (m_handlers.empty())
                error("Byte-code pops a handler it did not push");
            pop_handlers_to(m_handlers.size() - 1);
            break;
        case Bnth: {
            Value list = pop();
            for (std::int64_t n = check_fixnum(*m_top); n > 0 && list.is_cons(); --n)
                list = xcdr(list);
            *m_top = car(list);
            break;
        }
        case Bsymbolp: *m_top = boolean(symbolp(*m_top)); break;
        case Bconsp: *m_top = boolean(consp(*m_top)); break;
        case Bstringp: *m_top = boolean(stringp(*m_top)); break;
        case Blistp: *m_top = boolean(listp(*m_top)); break;
        case Bnot: *m_top = boolean(nilp(*m_top)); break;
        case Beq: {
            Value v = pop();
            *m_top = boolean(v == *m_top);
            break;
        }
        case Bcar: *m_top = car(*m_top); break;
        case Bcdr: *m_top = cdr(*m_top); break;
        case Bcar_safe: *m_top = car_safe(*m_top); break;
        case Bcdr_safe: *m_top = cdr_safe(*m_top); break;
        case Bcons: {
            Value v = pop();
            *m_top = make_cons(*m_top, v);
            break;
        }
        case Blist1:
        case Blist2:
        case Blist3:
        case Blist4:
        case BlistN: {
            const std::size_t n = op == BlistN ? fetch() : op - Blist1 + 1;
            Value list = Qnil;
            check_depth(n);
            for (std::size_t i = 0; i < n; ++i)
                list = make_cons(m_top[-static_cast<std::ptrdiff_t>(i)], list);
            m_top -= n;
            push(list);
            break;
        }
        case BconcatN:
        case BinsertN: {
            const std::size_t n = fetch();
            check_depth(n);
            m_top -= n;
            Value result = funcall(op == BconcatN ? Qconcat : Qinsert, m_top + 1, n);
            push(result);
            break;
        }
        case Bsub1:
        case Badd1:
        case Bnegate: {
            Value v = *m_top;
            if (v.is_fixnum()) {
                const std::int64_t x = v.as_fixnum();
                *m_top = make_integer(op == Bsub1 ? x - 1 : op == Badd1 ? x + 1 : -x);
            } else {
                *m_top = funcall(op == Bsub1 ? Qsub1 : op == Badd1 ? Qadd1 : Qminus, m_top, 1);
            }
            break;
        }
        case Bnumberp: *m_top = boolean(numberp(*m_top)); break;
        case Bintegerp: *m_top = boolean(integerp(*m_top)); break;
        case Bconstant2: push(constant(fetch2())); break;
        case Bgoto: jump(fetch2()); break;
        case Bgotoifnil:
        case Bgotoifnonnil: {
            const std::size_t target = fetch2();
            if (nilp(pop()) == (op == Bgotoifnil))
                jump(target);
            break;
        }
        case Bgotoifnilelsepop:
        case Bgotoifnonnilelsepop: {
            const std::size_t target = fetch2();
            check_depth(1);
            if (nilp(*m_top) == (op == Bgotoifnilelsepop))
                jump(target);
            else
                --m_top;
            break;
        }
        case BRgoto:
        case BRgotoifnil:
        case BRgotoifnonnil:
        case BRgotoifnilelsepop:
        case BRgotoifnonnilelsepop: {
            const std::ptrdiff_t offset = static_cast<std::ptrdiff_t>(fetch()) - 128;
            const std::size_t target = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(m_pc) + offset);
            bool taken = true;
            if (op == BRgotoifnil || op == BRgotoifnonnil)
                taken = nilp(pop()) == (op == BRgotoifnil);
            else if (op != BRgoto) {
                check_depth(1);
                taken = nilp(*m_top) == (op == BRgotoifnilelsepop);
                if (!taken)
                    --m_top;
            }
            if (taken)
                jump(target);
            break;
        }
        case Breturn: {
            Value result = *m_top;
            unwind_to(0);
            return result;
        }
        case Bdiscard: discard(1); break;
        case Bdup: {
            Value v = *m_top;
            push(v);
            break;
        }
        case Bstack_set:
        case Bstack_set2: {
            Value& slot = below_top(op == Bstack_set ? fetch() : fetch2());
            slot = pop();
            break;
        }
        case BdiscardN: {
            unsigned n = fetch();
            if (n & 0x80) {
                n &= 0x7F;
                below_top(n) = *m_top;
            }
            discard(n);
            break;
        }
        case Bswitch: {
            Value table = pop();
            Value v = pop();
            Value target = hash_get(check_hash_table(table), v, Qnil);
            if (target.is_fixnum())
                jump(static_cast<std::size_t>(target.as_fixnum()));
            break;
        }
        case Bsave_excursion: save_state(g_host.save_excursion, "save-excursion"); break;
        case Bsave_restriction: save_state(g_host.save_restriction, "save-restriction"); break;
        case Bsave_current_buffer_obsolete:
        case Bsave_current_buffer: save_state(g_host.save_current_buffer, "save-current-buffer"); break;
        case Bunwind_protect: {
            Value handler = pop();
            record_unwind({UnwindKind::Form, 0, nullptr}, handler);
            break;
        }
        // Obsolete since Emacs 24; no compiler of Emacs 28 emits them.
        case Bsave_window_excursion: {
            *m_top = eval(make_cons(Qsave_window_excursion, *m_top));
            break;
        }
        case Bcatch: {
            Value body = pop();
            *m_top = eval(list({Qcatch, list({Qquote, *m_top}), body}));
            break;
        }
        case Bcondition_case: {
            Value handlers = pop();
            Value body = pop();
            *m_top = eval(make_cons(Qcondition_case, make_cons(*m_top, make_cons(body, handlers))));
            break;
        }
        default:
            if (op >= Bconstant) {
                push(constant(op - Bconstant));
                break;
            }
            if (!delegated().op[op].function)
                invalid_opcode(op, m_pc - 1);
            call_delegated(op);
            break;
        }
    }
}

Value exec_byte_code(Value code, Value constants, Value depth, std::int64_t descriptor, const Value* args,
                     std::size_t n)
{
    ByteCodeFrame frame(code, constants, depth);
    if (descriptor >= 0)
        frame.push_arguments(descriptor, args, n);
    return frame.execute();
}

bool valid_compiled(const std::vector<Value>& items)
{
    if (items.size() <= depth_slot)
        return false;
    Value args = items[arglist_slot];
    return (args.is_fixnum() || listp(args)) && stringp(items[code_slot]) && vectorp(items[constants_slot]) &&
           items[depth_slot].is_fixnum() && items[depth_slot].as_fixnum() >= 0;
}

Value make_compiled(std::vector<Value> items)
{
    Value v = make_vector(0, Qnil);
    xvector(v)->items = std::move(items);
    xvector(v)->m_flags |= Vector::compiled_flag;
    return v;
}

// (make-byte-code ARGLIST BYTE-CODE CONSTANTS DEPTH &optional DOCSTRING
// INTERACTIVE-SPEC &rest ELEMENTS)
Value f_make_byte_code(Args a)
{
    std::vector<Value> items(a.begin(), a.end());
    if (!valid_compiled(items) || xstring(items[code_slot])->multibyte())
        error("Invalid byte-code object");
    return make_compiled(std::move(items));
}

// (byte-code BYTESTR VECTOR MAXDEPTH): a top-level form of a .elc file.
Value f_byte_code(Args a) { return exec_byte_code(a[0], a[1], a[2], -1, nullptr, 0); }

// (make-closure PROTOTYPE &rest CLOSURE-VARS): PROTOTYPE with its first
// constants replaced by the captured values.
Value f_make_closure(Args a)
{
    if (!compiledp(a[0]))
        wrong_type(Qbyte_code_function_p, a[0]);
    std::vector<Value> items = xvector(a[0])->items;
    Value constants = items[constants_slot];
    if (!vectorp(constants) || xvector(constants)->items.size() < a.n - 1)
        error("Closure vars do not fit in constvec");
    Value copy = make_vector(0, Qnil);
    xvector(copy)->items = xvector(constants)->items;
    for (std::size_t i = 1; i < a.n; ++i)
        xvector(copy)->items[i - 1] = a[i];
    items[constants_slot] = copy;
    return make_compiled(std::move(items));
}

Value f_byte_code_function_p(Args a) { return boolean(compiledp(a[0])); }

constexpr SubrDef byte_code_subrs[] = {
    {"make-byte-code", 4, many, f_make_byte_code},
    {"byte-code", 3, 3, f_byte_code},
    {"make-closure", 1, many, f_make_closure},
    {"byte-code-function-p", 1, 1, f_byte_code_function_p},
};

} // namespace

Value funcall_compiled(Value fn, const Value* args, std::size_t n)
{
    const std::vector<Value>& items = xvector(fn)->items;
    if (items.size() <= depth_slot)
        xsignal1(Qinvalid_function, fn);
    Value arglist = items[arglist_slot];
    if (arglist.is_fixnum())
        return exec_byte_code(items[code_slot], items[constants_slot], items[depth_slot], arglist.as_fixnum(), args,
                              n);
    // Dynamic binding: the arguments are bound as variables, as an
    // interpreted lambda's without lexical-binding.
    SpecScope spec;
    bind_lambda_list(arglist, args, n, Qnil, fn);
    return exec_byte_code(items[code_slot], items[constants_slot], items[depth_slot], -1, nullptr, 0);
}

Value compiled_arity(Value fn)
{
    const std::int64_t descriptor = xvector(fn)->items[arglist_slot].as_fixnum();
    Value max = descriptor & 128 ? Qmany : Value::fixnum(descriptor >> 8);
    return make_cons(Value::fixnum(descriptor & 127), max);
}

Value make_compiled_from_items(std::vector<Value> items)
{
    if (!valid_compiled(items))
        return Value();
    if (xstring(items[code_slot])->multibyte())
        items[code_slot] = make_unibyte_string(code_bytes(items[code_slot]));
    return make_compiled(std::move(items));
}

void install_byte_code_host(const ByteCodeHost& host) { g_host = host; }

void register_byte_code_builtins() { register_subrs(byte_code_subrs); }

} // namespace gapmacs::lisp

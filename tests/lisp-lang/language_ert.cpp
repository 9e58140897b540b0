// Runs a Lisp test file on the language alone: this program links
// gapmacs_lisp_lang only, so a test of tests/lisp/language/ that needs a
// buffer, a file or a process fails here instead of passing on the editor
// it does not mean to test. As `gapmacs --batch -Q -l ert -l FILE -f
// ert-run-tests-batch-and-exit', with messages on stderr.
#include <cstdio>
#include <filesystem>
#include <string>

#include "lisp-lite/lang/lisp.hpp"
#include "lisp-lite/lang/modules.hpp"
#include "lisp-lite/lang/variables.hpp"

int main(int argc, char** argv)
{
    using namespace gapmacs::lisp;
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FILE-tests.el\n", argv[0]);
        return 2;
    }
    install_modules(language_modules());
    set_symbol_value(Qnoninteractive, Qt);
    try {
        load_file("ert", false, true);
        load_file(std::filesystem::absolute(argv[1]).string(), false, true);
        call0(intern("ert-run-tests-batch-and-exit"));
        return 0;
    } catch (const KillEmacs& k) {
        return k.status;
    } catch (const LispSignal& e) {
        std::fprintf(stderr, "%s\n", error_message_string(make_cons(e.symbol(), e.data())).c_str());
        return 255;
    } catch (const LispThrow& t) {
        std::fprintf(stderr, "No catch for tag: %s\n", prin1_to_string(t.tag()).c_str());
        return 255;
    } catch (const std::exception& e) { // a C++ error outside any subr
        std::fprintf(stderr, "%s\n", e.what());
        return 255;
    }
}

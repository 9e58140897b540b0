// What the language asks of the program that runs it: where messages and
// output to `t` go, and the Lisp values the program holds. The program
// installs one host for as long as it runs (lisp-lite/editor/host.hpp's
// HostScope); with none (batch mode, the tests) messages go to stderr and
// output to stdout, as in Emacs's batch mode.
#pragma once
#include <string_view>

#include "lisp-lite/lang/value.hpp"

namespace gapmacs::lisp {

class LanguageHost {
public:
    // message's text (internal), shown when DISPLAY; not shown
    // (inhibit-message), it is only logged where the host keeps a log.
    // PROPERTIZED is the Lisp string the text is, whose text properties
    // (faces) the echo area shows; nil for text the C++ made.
    virtual void message(std::string_view internal, Value propertized, bool display) = 0;
    // Output to the stream t (princ, print).
    virtual void write_stdout(std::string_view internal) = 0;
    // Marks the Lisp values the host holds, at each collection.
    virtual void mark_values() const = 0;

protected:
    ~LanguageHost() = default;
};

// What happens with no host, as in Emacs's batch mode: a message goes to
// stderr (on a line of its own after output to stdout), output to stdout.
// A host with no screen calls these too.
void default_message(std::string_view internal, bool display);
void default_stdout(std::string_view internal);

// The installed host, or null. Set by the editor layer's HostScope only.
LanguageHost* language_host();
void set_language_host(LanguageHost* host);

} // namespace gapmacs::lisp

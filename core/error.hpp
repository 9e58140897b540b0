// The one small hierarchy of recoverable errors. Each carries the Emacs error
// symbol it maps to, so lisp-lite can signal the same condition Emacs would.
#pragma once
#include <stdexcept>
#include <string>

namespace gapmacs {

class Error : public std::runtime_error {
public:
    Error(std::string symbol, const std::string& message)
        : std::runtime_error(message), m_symbol(std::move(symbol)) {}
    // Emacs error symbol, e.g. "file-missing", "coding-system-error".
    const std::string& symbol() const { return m_symbol; }

private:
    std::string m_symbol;
};

// A file operation failed. `errno_value` is the OS error; message is Emacs-like:
// "Opening output file: Permission denied, /ro/x".
class FileError : public Error {
public:
    FileError(std::string symbol, const std::string& message, std::string file, int errno_value)
        : Error(std::move(symbol), message), m_file(std::move(file)), m_errno(errno_value) {}
    const std::string& file() const { return m_file; }
    int errno_value() const { return m_errno; }

private:
    std::string m_file;
    int m_errno;
};

// Throws FileError for `errno_value`, choosing Emacs's symbol (file-missing for
// ENOENT, file-already-exists for EEXIST, permission-denied for EACCES,
// file-error otherwise). `action` is e.g. "Opening input file".
[[noreturn]] void throw_file_error(const std::string& action, const std::string& file, int errno_value);

} // namespace gapmacs

#include "core/error.hpp"

#include <cerrno>
#include <cstring>

namespace gapmacs {

[[noreturn]] void throw_file_error(const std::string& action, const std::string& file, int errno_value)
{
    const char* symbol = "file-error";
    switch (errno_value) {
    case ENOENT: symbol = "file-missing"; break;
    case EEXIST: symbol = "file-already-exists"; break;
    case EACCES:
    case EPERM: symbol = "permission-denied"; break;
    }
    std::string message = action + ": " + std::strerror(errno_value) + ", " + file;
    throw FileError(symbol, message, file, errno_value);
}

} // namespace gapmacs

// Reading a whole file, as `load` and `insert-file-contents` of a library
// do: a name ending in ".gz" is gunzipped on the way in (Emacs's
// auto-compression-mode, which is how Emacs reads its own `foo.el.gz`
// sources; Debian's emacs-el ships only those).
#pragma once
#include <string>

namespace gapmacs {

// Whether `path` names a compressed file this reader expands.
bool compressed_file_name(const std::string& path);

// The bytes of `path`, expanded when compressed_file_name(path). Throws
// FileError (throw_file_error) when the file cannot be opened or read, and
// Error("file-error", ...) naming the file when its compressed data is
// corrupt or cut short: nothing half-read is returned.
std::string read_file_contents(const std::string& path);

} // namespace gapmacs

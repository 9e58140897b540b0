// Coding systems, by Emacs name, and streaming decoders/encoders between
// external bytes and internal text (see utf8.hpp).
//
// Names: utf-8 (also utf-8-unix, utf-8-dos, utf-8-mac), latin-1 / iso-latin-1
// / iso-8859-1, binary / raw-text / no-conversion (each with optional
// -unix/-dos/-mac), and any charset that ICU's converters know (euc-jp,
// shift_jis, windows-1252, ...). A name without an EOL suffix has an
// undecided EOL: decoding detects it (Emacs rules), encoding writes what was
// detected (Unix when nothing was).
//
// Nothing is lost on the way in: bytes that are invalid in the coding become
// raw-byte characters, and encoding a raw-byte character writes that byte
// back. `binary` (no-conversion) maps every byte >= 0x80 to a raw byte and
// never converts EOLs.
#pragma once
#include <memory>
#include <string>
#include <string_view>

namespace gapmacs {

enum class Eol { Undecided, Unix, Dos, Mac };

struct CodingSystem {
    enum class Kind { Utf8, Binary, Latin1, Icu };
    Kind kind = Kind::Utf8;
    Eol eol = Eol::Undecided;
    std::string base;     // Emacs base name: "utf-8", "latin-1", "binary", "euc-jp"...
    std::string icu_name; // converter name for Kind::Icu
    // utf-8-with-signature, utf-8-auto and utf-16le/be-with-signature drop
    // a leading BOM when decoding (the process reader, which decodes in
    // place, keeps a UTF-8 one); the -with-signature codings write one when
    // encoding. `bom` is the signature's bytes in this coding.
    bool drop_bom = false;
    bool write_bom = false;
    std::string bom;

    // The Emacs name with the EOL suffix, e.g. "utf-8-unix"; the base name alone when undecided.
    std::string name() const;
    CodingSystem with_eol(Eol e) const;
};

// Looks up a coding system by Emacs name (case-insensitive). Throws
// Error("coding-system-error", "Invalid coding system: NAME") when unknown.
CodingSystem find_coding_system(std::string_view name);
// True when find_coding_system(name) would succeed.
bool coding_system_p(std::string_view name);

// Streaming decoder: feed chunks of any size; a multibyte sequence (or a CR
// LF pair for -dos) split between chunks is decoded whole. Holds at most a few
// carried bytes between calls.
class Decoder {
public:
    explicit Decoder(const CodingSystem& coding);
    ~Decoder();
    Decoder(Decoder&&) noexcept;
    Decoder& operator=(Decoder&&) noexcept;

    // Appends the internal text for `chunk` to `out`.
    void decode(std::string_view chunk, std::string& out);
    // Fast path: when the chunk needs no conversion (valid utf-8 with no
    // carried bytes and no EOL change, or ASCII for latin-1/binary), returns
    // a view of `chunk` itself and copies nothing; otherwise decodes into
    // `scratch` (cleared first) and returns a view of it.
    std::string_view decode_view(std::string_view chunk, std::string& scratch);
    // End of input: carried bytes are flushed (an incomplete sequence becomes raw bytes).
    void finish(std::string& out);

    // The coding with the EOL that was detected (or given).
    CodingSystem coding() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// Decodes a whole input at once. With an undecided EOL, -dos is chosen only
// when every LF is preceded by CR (so the file re-encodes byte for byte);
// `detected`, when given, receives the coding with its EOL decided.
std::string decode_all(const CodingSystem& coding, std::string_view bytes, CodingSystem* detected = nullptr);

// The coding a file's bytes were most likely written in, when nobody said
// (Emacs's `undecided' on a UTF-8 system): a byte-order mark decides first
// (utf-16le/be-with-signature, utf-8-with-signature); utf-8 when they are valid UTF-8;
// latin-1 when they are not but look like Latin-1 text (no NUL, no C1
// control byte); else utf-8, whose raw bytes keep every byte exactly. The
// EOL stays undecided.
CodingSystem detect_coding(std::string_view bytes);

// Encodes internal text. A character the coding cannot represent throws
// Error("coding-system-error", ...) naming the character and the coding;
// raw-byte characters always encode to their byte.
std::string encode(const CodingSystem& coding, std::string_view internal);

} // namespace gapmacs

// A file's contents in a buffer (Emacs's fileio.c subset):
// insert-file-contents, write-region, save-buffer, decoding and encoding
// through the buffer's coding system, gzip under auto-compression-mode.
#include <algorithm>

#include "buffer/file_io.hpp"
#include "core/coding.hpp"
#include "core/error.hpp"
#include "core/file_contents.hpp"
#include "core/utf8.hpp"
#include "lisp-lite/editor/buffers.hpp"
#include "lisp-lite/editor/coding_names.hpp"
#include "lisp-lite/editor/file_locks.hpp"
#include "lisp-lite/editor/modification.hpp"
#include "lisp-lite/lang/file_name_handlers.hpp"
#include "lisp-lite/editor/modules.hpp"
#include "lisp-lite/editor/symbols.hpp"
#include "lisp-lite/lang/builtins.hpp"
#include "lisp-lite/lang/eval.hpp"
#include "lisp-lite/lang/variables.hpp"

namespace gapmacs::lisp {

namespace {

// Whether OPERATION (insert-file-contents, write-region) on path goes
// through gzip, as Emacs's jka-compr handler takes a ".gz" name under
// auto-compression-mode, unless the caller inhibits that handler for the
// operation (insert-file-contents-literally does).
bool auto_compressed(const std::string& path, const char* operation)
{
    if (!compressed_file_name(path) || nilp(value_or_nil(Qauto_compression_mode)))
        return false;
    bool inhibited = false;
    for (Value h = value_or_nil(Qinhibit_file_name_handlers); h.is_cons(); h = xcdr(h))
        inhibited = inhibited || xcar(h) == Qjka_compr_handler;
    Value op = value_or_nil(Qinhibit_file_name_operation);
    return !(inhibited && symbolp(op) && symbol_name(op) == operation);
}

std::string file_arg(Value name)
{
    check_string(name);
    Value expanded = call1(Qexpand_file_name, name);
    return os_string(expanded);
}

// The coding for reading `bytes` from a file: coding-system-for-read, else
// what the bytes look like.
CodingSystem read_coding(std::string_view bytes)
{
    Value v = value_or_nil(Qcoding_system_for_read);
    return nilp(v) ? detect_coding(bytes) : coding_system_of(v);
}

// As Emacs's detection: text that is all ASCII says nothing of its coding,
// which stays undecided ("-" in the mode line) until a save needs one.
// Internal text is ASCII exactly when it has as many bytes as characters.
CodingSystem undecided_if_ascii(const CodingSystem& detected, ByteCount bytes, CharCount chars)
{
    if (detected.base != "utf-8" || bytes.value != chars.value)
        return detected;
    return find_coding_system("undecided").with_eol(detected.eol);
}

Value f_insert_file_contents(Args a)
{
    if (auto handled = file_handler_result(Qinsert_file_contents, a, {0}))
        return *handled;
    std::string path = file_arg(a[0]);
    Buffer& b = current();
    bool visit = !nilp(a[1]);
    // As Emacs: visiting into a buffer with no history keeps none, so the
    // first undo cannot take the file's text away (a revert stays undoable).
    const bool fresh_history = b.undo_list().entries().empty();
    if (visit) {
        b.set_file_name(path);
        record_visited_modtime(b); // before reading: a missing file is recorded as missing
    }
    check_file_readable(path); // file errors come before any change hook runs
    if (visit && (!nilp(a[2]) || !nilp(a[3])))
        error("Attempt to visit less than an entire file");
    // As Emacs: BEG or END only for a regular file (a device may never end).
    if ((!nilp(a[2]) || !nilp(a[3])) && !is_regular_file(path))
        xsignal2(Qfile_error, make_string("not a regular file"), make_string_from_utf8(path));
    bool replace = !nilp(a[4]);
    std::int64_t old_len = replace ? b.point_max().value - b.point_min().value : 0;
    // The common case reads straight into the gap: a whole file, nothing to
    // replace, no coding asked for, and text that needs no decoding.
    const bool gzip = auto_compressed(path, "insert-file-contents");
    const bool plain = !gzip && nilp(a[2]) && nilp(a[3]) && !replace && nilp(value_or_nil(Qcoding_system_for_read));
    Modification m(replace ? b.point_min() : b.point(), replace ? b.point_max() : b.point());
    CharPos at = b.point();
    std::optional<std::int64_t> inserted = plain ? insert_file_in_place(b, path, at) : std::nullopt;
    CodingSystem detected = find_coding_system("utf-8-unix");
    if (!inserted) {
        // A device or FIFO is read until its end; quit stops one that has none.
        std::string bytes = gzip ? read_file_contents(path) : read_file_bytes(path, [] { maybe_quit(); });
        std::int64_t from = nilp(a[2]) ? 0 : check_fixnum(a[2]);
        std::int64_t to = nilp(a[3]) ? static_cast<std::int64_t>(bytes.size()) : check_fixnum(a[3]);
        from = std::clamp<std::int64_t>(from, 0, static_cast<std::int64_t>(bytes.size()));
        to = std::clamp<std::int64_t>(to, from, static_cast<std::int64_t>(bytes.size()));
        std::string_view part = std::string_view(bytes).substr(static_cast<std::size_t>(from), static_cast<std::size_t>(to - from));
        std::string text = decode_all(read_coding(part), part, &detected);
        bytes = std::string(); // the file's bytes are not needed beside the text
        if (replace)
            b.delete_region(b.point_min(), b.point_max());
        at = b.point();
        b.insert_at(at, text);
        inserted = static_cast<std::int64_t>(count_chars(text));
    }
    b.goto_char(at);
    const CharPos end = at + CharCount(*inserted);
    m.done(at, end, old_len);
    if (nilp(value_or_nil(Qcoding_system_for_read)))
        detected = undecided_if_ascii(detected, b.char_to_byte(end) - b.char_to_byte(at), CharCount(*inserted));
    set_internal(Qlast_coding_system_used, intern(detected.name()));
    if (visit) {
        b.set_coding(detected);
        unlock_after_save(); // the text is the file's again
        b.set_saved();
        if (fresh_history)
            b.undo_list().clear();
    }
    return list({make_string_from_utf8(path), Value::fixnum(*inserted)});
}

// The buffer's coding for saving it: an undecided one becomes utf-8 once
// the text is not all ASCII (Emacs's select-safe-coding-system takes the
// preferred coding), an undecided end of line Unix's.
CodingSystem saving_coding(const Buffer& b)
{
    CodingSystem cs = b.coding();
    if (cs.base == "undecided" && static_cast<std::int64_t>(b.byte_size()) != b.size())
        cs = find_coding_system("utf-8").with_eol(cs.eol);
    return cs.eol == Eol::Undecided ? cs.with_eol(Eol::Unix) : cs;
}

// The coding for writing b: coding-system-for-write, else the buffer's.
CodingSystem write_coding(const Buffer& b)
{
    Value v = value_or_nil(Qcoding_system_for_write);
    return nilp(v) ? saving_coding(b) : coding_system_of(v);
}

// Bytes already made, as a ByteSource that owns them.
ByteSource whole_bytes(std::string bytes)
{
    return [held = std::make_shared<const std::string>(std::move(bytes))](const ByteSink& sink) { sink(*held); };
}

// APPEND for write-region: the old content followed by the new (an integer
// APPEND overwrites from that byte offset), for the file to be replaced
// atomically as a whole.
std::string appended(std::string old, std::string bytes, Value append)
{
    if (!append.is_fixnum())
        return old + bytes;
    auto off = static_cast<std::size_t>(std::clamp<std::int64_t>(append.as_fixnum(), 0, static_cast<std::int64_t>(old.size())));
    std::string rest = off + bytes.size() < old.size() ? old.substr(off + bytes.size()) : std::string();
    return old.substr(0, off) + bytes + rest;
}

Value f_write_region(Args a)
{
    Buffer& b = current();
    // As Emacs: the handler gets the lock name, by default the visited
    // file's, and the buffer then visits that file.
    Value args[7] = {a[0], a[1], a[2], a[3], a[4], a[5], a[6]};
    Value visit_file = Qnil;
    if (file_name_handlers_active()) {
        visit_file = call1(Qexpand_file_name, stringp(a[4]) ? a[4] : a[2]);
        if (nilp(args[5]))
            args[5] = visit_file;
    }
    if (auto handled = file_handler_result(Qwrite_region, Args{args, 7}, {2, 4})) {
        if (a[4] == Qt || stringp(a[4])) {
            b.set_file_name(os_string(visit_file));
            b.set_saved();
        }
        return *handled;
    }
    std::string path = file_arg(a[2]);
    CodingSystem cs = write_coding(b);
    CharPos s(1), e(b.size() + 1);
    if (!stringp(a[0]) && !nilp(a[0])) {
        std::int64_t x = check_position(a[0]), y = check_position(a[1]);
        if (x > y)
            std::swap(x, y);
        if (x < 1 || y > b.size() + 1)
            args_out_of_range(a[0], a[1]);
        s = CharPos(x);
        e = CharPos(y);
    }
    bool exists = !nilp(call1(Qfile_exists_p, make_string_from_utf8(path)));
    if (!nilp(a[6]) && exists)
        xsignal2(Qfile_already_exists, make_string("File exists"), make_string_from_utf8(path));
    // A region is encoded a chunk at a time from the gap buffer.
    ByteSource source = stringp(a[0]) ? whole_bytes(encode(cs, string_view(a[0])))
                                      : encoded_text(b, cs, b.char_to_byte(s), b.char_to_byte(e));
    const bool gzip = auto_compressed(path, "write-region");
    if (!nilp(a[3]) && exists) {
        std::string bytes;
        source([&bytes](std::string_view piece) { bytes += piece; });
        std::string old = gzip ? read_file_contents(path) : read_file_bytes(path);
        source = whole_bytes(appended(std::move(old), std::move(bytes), a[3]));
    }
    if (gzip)
        source = gzip_compressed(std::move(source));
    write_file_atomic(path, source, [] { maybe_quit(); });
    set_internal(Qlast_coding_system_used, intern(cs.name()));
    if (a[4] == Qt) {
        b.set_file_name(path);
        b.set_coding(cs);
        b.set_saved();
        unlock_after_save();
        record_visited_modtime(b);
    }
    return Qnil;
}

Value f_save_buffer(Args)
{
    Buffer& b = current();
    if (!b.modified()) {
        message("(No changes need to be saved)");
        return Qnil;
    }
    if (b.file_name().empty())
        error("Buffer " + b.name() + " is not visiting a file");
    // A file a handler writes (a remote one) is saved through write-region.
    if (file_name_handlers_active()) {
        const Value file = make_string_from_utf8(b.file_name());
        if (!nilp(find_file_name_handler(file, Qwrite_region))) {
            const Value args[5] = {Qnil, Qnil, file, Qnil, Qt};
            funcall(Qwrite_region, args, 5);
            return Qnil;
        }
    }
    message("Saving file " + b.file_name() + "...");
    b.set_coding(saving_coding(b));
    save_buffer(b, {}, [] { maybe_quit(); }, auto_compressed(b.file_name(), "write-region"));
    unlock_after_save();
    set_internal(Qlast_coding_system_used, intern(b.coding().name()));
    message("Wrote " + b.file_name());
    return Qnil;
}

const SubrDef file_contents_subrs[] = {
    {"insert-file-contents", 1, 5, f_insert_file_contents},
    {"write-region", 3, 7, f_write_region},
    {"save-buffer", 0, 1, f_save_buffer},
};

} // namespace

void register_file_contents_builtins() { register_subrs(file_contents_subrs); }

} // namespace gapmacs::lisp

// Tests for buffer/file_io: byte-exact round trips, atomic saves that leave
// the old file alone on every failure (permissions, RLIMIT_FSIZE, a full
// tmpfs, a missing directory), modes, symlinks and EOL detection.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "buffer/buffer.hpp"
#include "buffer/file_io.hpp"
#include "core/error.hpp"
#include "core/unique_fd.hpp"
#include "core/utf8.hpp"

using namespace gapmacs;
namespace fs = std::filesystem;

namespace {

constexpr uid_t nobody = 65534;

class TempDir {
public:
    TempDir()
    {
        std::string templ = (fs::temp_directory_path() / "gapmacs-fileio-XXXXXX").string();
        REQUIRE(::mkdtemp(templ.data()) != nullptr);
        m_path = templ;
    }
    ~TempDir()
    {
        std::error_code ec;
        fs::permissions(m_path, fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::string& path() const { return m_path; }
    std::string operator/(const std::string& name) const { return m_path + "/" + name; }

private:
    std::string m_path;
};

// Independent of the code under test: plain iostreams.
std::string read_raw(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void write_raw(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    REQUIRE(out);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    REQUIRE(out);
}

std::vector<std::string> list_dir(const std::string& dir)
{
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

mode_t file_mode(const std::string& path)
{
    struct stat st;
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

template <typename F>
std::optional<FileError> file_error_from(F&& f)
{
    try {
        f();
    } catch (const FileError& e) {
        return e;
    }
    return std::nullopt;
}

// Where two strings first differ, for readable failures on 64 KiB files.
std::string first_difference(const std::string& a, const std::string& b)
{
    const auto mismatch = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
    return "sizes " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + ", first difference at " +
           std::to_string(mismatch.first - a.begin());
}

class UmaskGuard {
public:
    explicit UmaskGuard(mode_t mask) : m_old(::umask(mask)) {}
    ~UmaskGuard() { ::umask(m_old); }

private:
    mode_t m_old;
};

// ------------------------------------------------------------ child processes

// What a body run in a child process did: returned, threw a FileError, or threw something else.
struct ChildOutcome {
    std::string kind; // "ok", "file-error", "other", "setup-failed"
    std::string symbol;
    int error = 0;
    std::string message;
};

std::string describe(const ChildOutcome& o)
{
    return o.kind + " / " + o.symbol + " / " + std::to_string(o.error) + " / " + o.message;
}

std::string child_report(const std::function<void()>& setup_and_run)
{
    try {
        setup_and_run();
        return "ok\n\n0\n";
    } catch (const FileError& e) {
        return "file-error\n" + e.symbol() + "\n" + std::to_string(e.errno_value()) + "\n" + e.what();
    } catch (const std::exception& e) {
        return std::string("other\n\n0\n") + e.what();
    }
}

void drop_to_nobody()
{
    if (::setgroups(0, nullptr) != 0 || ::setgid(nobody) != 0 || ::setuid(nobody) != 0)
        throw std::runtime_error(std::string("dropping privileges failed: ") + std::strerror(errno));
    if (::geteuid() != nobody)
        throw std::runtime_error("still privileged");
}

// Runs body in a forked child (as nobody when as_nobody), so that setuid and
// setrlimit do not touch the test process; the outcome comes back through a pipe.
ChildOutcome run_in_child(const std::function<void()>& body, bool as_nobody = false)
{
    int fds[2];
    REQUIRE(::pipe2(fds, O_CLOEXEC) == 0);
    UniqueFd read_end(fds[0]);
    UniqueFd write_end(fds[1]);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const std::string report = child_report([&] {
            if (as_nobody)
                drop_to_nobody();
            body();
        });
        const ssize_t written = ::write(write_end.get(), report.data(), report.size());
        ::_exit(written == static_cast<ssize_t>(report.size()) ? 0 : 1);
    }
    write_end.reset();
    std::string report;
    char chunk[4096];
    ssize_t n;
    while ((n = ::read(read_end.get(), chunk, sizeof chunk)) > 0 || (n < 0 && errno == EINTR))
        if (n > 0)
            report.append(chunk, static_cast<std::size_t>(n));
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    INFO("child report: " << report);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);

    ChildOutcome outcome;
    std::istringstream in(report);
    std::string error;
    std::getline(in, outcome.kind);
    std::getline(in, outcome.symbol);
    std::getline(in, error);
    std::getline(in, outcome.message, '\0');
    outcome.error = std::atoi(error.c_str());
    return outcome;
}

// ------------------------------------------------------------ random files

void append_utf8(std::string& out, char32_t c)
{
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

char32_t random_scalar(std::mt19937& rng)
{
    static constexpr char32_t ranges[][2] = {
        {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}, {0xE9, 0xE9}, {0x20AC, 0x20AC}};
    const auto& r = ranges[rng() % std::size(ranges)];
    return std::uniform_int_distribution<char32_t>(r[0], r[1])(rng);
}

// One piece of a test file; `style` limits which line ends appear, so that
// whole files are detected as unix, dos or mac.
enum class Style { Anything, Dos, Unix, Mac };

void append_piece(std::string& out, std::mt19937& rng, Style style)
{
    static const char* const nasty[] = {
        "\xC0\x80",         // overlong NUL (and an internal raw-byte lead)
        "\xC1\xBF",         // the other raw-byte lead
        "\xED\xA0\x80",     // encoded surrogate
        "\xF4\x90\x80\x80", // above U+10FFFF
        "\xE2\x82",         // truncated euro sign
        "\xF0\x9F\x98",     // truncated emoji
        "\x80\xBF\xFE\xFF", // lone continuation bytes and never-valid bytes
        "\xF8\x88\x80\x80\x80",
    };
    switch (rng() % 9) {
    case 0:
    case 1:
        for (int n = 1 + static_cast<int>(rng() % 60); n > 0; --n)
            out += static_cast<char>(' ' + rng() % 95);
        break;
    case 2:
        for (int n = 1 + static_cast<int>(rng() % 10); n > 0; --n)
            append_utf8(out, random_scalar(rng));
        break;
    case 3:
        out += style == Style::Dos ? "\r\n" : style == Style::Mac ? "\r" : "\n";
        break;
    case 4:
        if (style == Style::Anything)
            out += (rng() % 2) ? "\r" : "\r\n";
        else if (style == Style::Dos)
            out += "\r\r\n"; // a lone CR right before a CRLF
        break;
    case 5:
        out.append(1 + rng() % 4, '\0');
        break;
    case 6:
        out += nasty[rng() % std::size(nasty)];
        break;
    case 7:
        for (int n = 1 + static_cast<int>(rng() % 8); n > 0; --n)
            out += static_cast<char>(0x80 + rng() % 0x80);
        break;
    default:
        if (style == Style::Anything)
            for (int n = 1 + static_cast<int>(rng() % 16); n > 0; --n)
                out += static_cast<char>(rng() % 256);
        break;
    }
}

std::string random_file(std::mt19937& rng, std::size_t index)
{
    // Every tenth file is tiny, so sizes 0..63 (and boundary cases) are well covered.
    const std::size_t size = index == 0 ? 0 : index % 10 == 0 ? rng() % 64 : rng() % (64 * 1024 + 1);
    const Style style = static_cast<Style>(index % 4);
    std::string out;
    while (out.size() < size)
        append_piece(out, rng, style);
    out.resize(size);
    return out;
}

// Hand-picked files the random ones may miss.
std::vector<std::string> special_files()
{
    std::string every_byte;
    for (int b = 0; b < 256; ++b)
        every_byte += static_cast<char>(b);
    return {"",        "\n",       "\r",         "\r\n",         "\n\r",      "a\r\nb\n",   "a\r\nb\r",
            "a\rb\n",  "\r\r\n",   "\r\n\r\n\r", std::string(1, '\0'), "\xC0\x80", "\xC1\xBF\xC0",
            "x\xE2\x82", every_byte, every_byte + every_byte};
}

void check_round_trip(const std::string& bytes, const std::string& in_path, const std::string& out_path,
                      const CodingSystem* coding)
{
    write_raw(in_path, bytes);
    Buffer buffer("round-trip");
    insert_file_contents(buffer, in_path, coding, true);
    CHECK(buffer.file_name() == in_path);
    CHECK_FALSE(buffer.modified());
    CHECK(is_valid_internal(buffer.text()));
    buffer.check_invariants();
    if (coding)
        CHECK(buffer.coding().base == coding->base);

    save_buffer(buffer, out_path);
    CHECK(buffer.file_name() == out_path);
    CHECK_FALSE(buffer.modified());
    const std::string saved = read_raw(out_path);
    INFO(first_difference(bytes, saved));
    const bool identical = saved == bytes;
    CHECK(identical);
}

} // namespace

// ------------------------------------------------------------------ tests

TEST_CASE("file_io: 1000 random files round-trip byte for byte", "[file_io]")
{
    // "" stands for no coding given: utf-8 with an undecided EOL.
    const std::string coding_name = GENERATE(as<std::string>{}, "", "binary", "latin-1");
    std::optional<CodingSystem> coding;
    if (!coding_name.empty())
        coding = find_coding_system(coding_name);
    INFO("coding: " << (coding_name.empty() ? "default" : coding_name));

    TempDir dir;
    std::mt19937 rng(20240601);
    std::size_t nonempty_dos = 0;
    for (std::size_t i = 0; i < 1000; ++i) {
        const std::string bytes = random_file(rng, i);
        INFO("file " << i << ", " << bytes.size() << " bytes");
        check_round_trip(bytes, dir / ("in" + std::to_string(i)), dir / ("out" + std::to_string(i)),
                         coding ? &*coding : nullptr);
        nonempty_dos += bytes.find("\r\n") != std::string::npos && i % 4 == 1;
    }
    CHECK(nonempty_dos > 100); // the generator really made CRLF files
    const auto specials = special_files();
    for (std::size_t i = 0; i < specials.size(); ++i) {
        INFO("special file " << i);
        check_round_trip(specials[i], dir / ("special-in" + std::to_string(i)),
                         dir / ("special-out" + std::to_string(i)), coding ? &*coding : nullptr);
    }
    // Only the inputs and outputs: no temporary file was left behind.
    CHECK(list_dir(dir.path()).size() == 2 * (1000 + specials.size()));
}

TEST_CASE("file_io: EOL is detected on load and kept on save", "[file_io]")
{
    TempDir dir;
    SECTION("utf-8-dos")
    {
        write_raw(dir / "dos", "caf\xC3\xA9\r\nb\r\n");
        Buffer buffer("dos");
        insert_file_contents(buffer, dir / "dos", nullptr, true);
        CHECK(buffer.text() == "caf\xC3\xA9\nb\n");
        CHECK(buffer.coding().name() == "utf-8-dos");
        CHECK(buffer.coding().eol == Eol::Dos);
        buffer.goto_char(buffer.point_max());
        buffer.insert("c\n");
        CHECK(buffer.modified());
        save_buffer(buffer);
        CHECK(read_raw(dir / "dos") == "caf\xC3\xA9\r\nb\r\nc\r\n");
        CHECK_FALSE(buffer.modified());
    }
    SECTION("mixed line ends stay unix and keep their CRs")
    {
        write_raw(dir / "mixed", "a\r\nb\n");
        Buffer buffer("mixed");
        insert_file_contents(buffer, dir / "mixed", nullptr, true);
        CHECK(buffer.text() == "a\r\nb\n");
        CHECK(buffer.coding().name() == "utf-8-unix");
    }
    SECTION("an explicit EOL is obeyed")
    {
        write_raw(dir / "explicit", "a\r\nb\r\n");
        const CodingSystem unix = find_coding_system("utf-8-unix");
        Buffer buffer("explicit");
        insert_file_contents(buffer, dir / "explicit", &unix, true);
        CHECK(buffer.text() == "a\r\nb\r\n");
        CHECK(buffer.coding().name() == "utf-8-unix");
    }
}

TEST_CASE("file_io: insert_file_contents inserts at point and leaves point before the text", "[file_io]")
{
    TempDir dir;
    write_raw(dir / "f", "X\xC3\xA9Y");
    Buffer buffer("b");
    buffer.insert("hello");
    buffer.goto_char(CharPos(3));
    buffer.set_modified(false);
    insert_file_contents(buffer, dir / "f");
    CHECK(buffer.text() == "heX\xC3\xA9Yllo");
    CHECK(buffer.point() == CharPos(3));
    CHECK(buffer.modified()); // not visiting: it is a change like any insertion
    CHECK(buffer.file_name().empty());
}

TEST_CASE("file_io: visiting records an absolute, normalized file name", "[file_io]")
{
    TempDir dir;
    write_raw(dir / "f", "x");
    REQUIRE(::mkdir((dir / "sub").c_str(), 0700) == 0);
    const fs::path old_cwd = fs::current_path();
    fs::current_path(dir.path());
    Buffer buffer("v");
    std::optional<std::string> failure;
    try {
        insert_file_contents(buffer, "./sub/../f", nullptr, true);
    } catch (const std::exception& e) {
        failure = e.what();
    }
    fs::current_path(old_cwd);
    REQUIRE_FALSE(failure);
    CHECK(buffer.file_name() == dir / "f");
}

TEST_CASE("file_io: read_file_bytes reads the whole file", "[file_io]")
{
    TempDir dir;
    SECTION("a large file")
    {
        std::mt19937 rng(7);
        std::string bytes(3 * 1024 * 1024 + 17, '\0');
        for (char& c : bytes)
            c = static_cast<char>(rng());
        write_raw(dir / "big", bytes);
        CHECK(read_file_bytes(dir / "big") == bytes);
    }
    SECTION("a /proc file whose size is reported as 0")
    {
        struct stat st;
        REQUIRE(::stat("/proc/self/status", &st) == 0);
        REQUIRE(st.st_size == 0);
        const std::string status = read_file_bytes("/proc/self/status");
        CHECK(status.find("Umask:") != std::string::npos);
    }
    SECTION("a FIFO fed in slow chunks while signals interrupt read()")
    {
        // A SIGALRM handler without SA_RESTART makes a blocked read fail with
        // EINTR; the loop must retry, and must keep going after short reads.
        const std::string fifo = dir / "fifo";
        REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
        struct sigaction action {};
        action.sa_handler = [](int) {};
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0;
        struct sigaction old_action {};
        REQUIRE(::sigaction(SIGALRM, &action, &old_action) == 0);

        std::string expected;
        for (int i = 0; i < 5; ++i)
            expected += std::string(1000 + i, static_cast<char>('a' + i));
        const pid_t writer = ::fork();
        REQUIRE(writer >= 0);
        if (writer == 0) {
            UniqueFd fd(::open(fifo.c_str(), O_WRONLY | O_CLOEXEC));
            std::size_t offset = 0;
            for (int i = 0; i < 5; ++i) {
                ::usleep(30'000);
                const std::size_t n = 1000 + static_cast<std::size_t>(i);
                if (!fd || ::write(fd.get(), expected.data() + offset, n) != static_cast<ssize_t>(n))
                    ::_exit(1);
                offset += n;
            }
            ::_exit(0);
        }
        itimerval timer{};
        timer.it_interval.tv_usec = 2'000;
        timer.it_value.tv_usec = 2'000;
        REQUIRE(::setitimer(ITIMER_REAL, &timer, nullptr) == 0);
        std::string got;
        std::optional<std::string> failure;
        try {
            got = read_file_bytes(fifo);
        } catch (const std::exception& e) {
            failure = e.what();
        }
        timer = {};
        ::setitimer(ITIMER_REAL, &timer, nullptr);
        ::sigaction(SIGALRM, &old_action, nullptr);
        int status = 0;
        ::waitpid(writer, &status, 0);
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 0);
        CHECK_FALSE(failure);
        CHECK(got == expected);
    }
}

TEST_CASE("file_io: loading failures", "[file_io]")
{
    TempDir dir;
    const std::string missing = dir / "missing.txt";
    SECTION("a missing file is file-missing and names the file")
    {
        Buffer buffer("b");
        buffer.insert("keep");
        const auto error = file_error_from([&] { insert_file_contents(buffer, missing); });
        REQUIRE(error);
        CHECK(error->symbol() == "file-missing");
        CHECK(error->errno_value() == ENOENT);
        CHECK(error->file() == missing);
        CHECK(std::string(error->what()) == "Opening input file: No such file or directory, " + missing);
        CHECK(buffer.text() == "keep");
        CHECK(buffer.file_name().empty());
    }
    SECTION("visiting a missing file completes the visit, then signals")
    {
        Buffer buffer("new");
        const auto error = file_error_from([&] { insert_file_contents(buffer, missing, nullptr, true); });
        REQUIRE(error);
        CHECK(error->symbol() == "file-missing");
        CHECK(buffer.file_name() == missing);
        CHECK_FALSE(buffer.modified());
        CHECK(buffer.text().empty());
        // So that find-file's new file can be saved.
        buffer.insert("fresh\n");
        save_buffer(buffer);
        CHECK(read_raw(missing) == "fresh\n");
    }
    SECTION("a directory is a read error")
    {
        Buffer buffer("b");
        const auto error = file_error_from([&] { insert_file_contents(buffer, dir.path()); });
        REQUIRE(error);
        CHECK(error->symbol() == "file-error");
        CHECK(error->errno_value() == EISDIR);
        CHECK(std::string(error->what()) == "Read error: Is a directory, " + dir.path());
    }
    SECTION("an unreadable file is permission-denied")
    {
        write_raw(dir / "secret", "s");
        REQUIRE(::chmod((dir / "secret").c_str(), 0600) == 0);
        REQUIRE(::chmod(dir.path().c_str(), 0755) == 0);
        const std::string secret = dir / "secret";
        // Root reads anything, so the reader runs as nobody (or as the
        // ordinary user, with the file made unreadable).
        if (::geteuid() != 0)
            REQUIRE(::chmod(secret.c_str(), 0) == 0);
        const auto outcome = run_in_child([&] { (void)read_file_bytes(secret); }, ::geteuid() == 0);
        INFO(describe(outcome));
        CHECK(outcome.kind == "file-error");
        CHECK(outcome.symbol == "permission-denied");
        CHECK(outcome.message == "Opening input file: Permission denied, " + secret);
    }
}

TEST_CASE("file_io: in a directory we may not write, a writable file is written in place", "[file_io]")
{
    // Root ignores permission bits, so as root the save runs as nobody in a
    // child, against a root-owned 0755 directory; otherwise the directory is
    // 0555. No new file can be made there: Emacs writes the file itself, and
    // so do we, safely (its safety copy goes to the temporary directory).
    const bool as_root = ::geteuid() == 0;
    TempDir dir;
    const std::string original = "original contents\n";
    const std::string target = dir / "x";
    write_raw(target, original);
    // Writable by all, so that only the directory stands in the way.
    REQUIRE(::chmod(target.c_str(), 0666) == 0);
    REQUIRE(::chmod(dir.path().c_str(), as_root ? 0755 : 0555) == 0);

    SECTION("replacing an existing file, longer and shorter")
    {
        const auto longer = run_in_child([&] { write_file_atomic(target, "new contents, longer than before\n"); }, as_root);
        INFO(describe(longer));
        CHECK(longer.kind == "ok");
        CHECK(read_raw(target) == "new contents, longer than before\n");
        const auto shorter = run_in_child([&] { write_file_atomic(target, "short\n"); }, as_root);
        INFO(describe(shorter));
        CHECK(shorter.kind == "ok");
        CHECK(read_raw(target) == "short\n");
    }
    SECTION("creating a new file fails cleanly")
    {
        const std::string fresh = dir / "fresh";
        const auto outcome = run_in_child([&] { write_file_atomic(fresh, "new contents"); }, as_root);
        INFO(describe(outcome));
        CHECK(outcome.kind == "file-error");
        CHECK(outcome.symbol == "permission-denied");
        CHECK(outcome.message == "Opening output file: Permission denied, " + fresh);
        CHECK(read_raw(target) == original);
    }
    SECTION("save_buffer through a Buffer")
    {
        const auto outcome = run_in_child(
            [&] {
                Buffer buffer("b");
                insert_file_contents(buffer, target, nullptr, true);
                buffer.insert("more ");
                save_buffer(buffer);
                if (buffer.modified())
                    throw std::runtime_error("a save left the modified flag");
            },
            as_root);
        INFO(describe(outcome));
        CHECK(outcome.kind == "ok");
        CHECK(read_raw(target) == "more " + original);
    }
    CHECK(list_dir(dir.path()) == std::vector<std::string>{"x"});
}

TEST_CASE("file_io: a read-only file is not replaced even in a writable directory", "[file_io]")
{
    const bool as_root = ::geteuid() == 0;
    TempDir dir;
    const std::string target = dir / "ro";
    write_raw(target, "read only");
    REQUIRE(::chmod(target.c_str(), 0444) == 0);
    if (as_root) {
        // nobody owns the directory and the file, so only the file's mode says no.
        REQUIRE(::chown(dir.path().c_str(), nobody, nobody) == 0);
        REQUIRE(::chown(target.c_str(), nobody, nobody) == 0);
    }
    const auto outcome = run_in_child([&] { write_file_atomic(target, "changed"); }, as_root);
    INFO(describe(outcome));
    CHECK(outcome.kind == "file-error");
    CHECK(outcome.symbol == "permission-denied");
    CHECK(outcome.message == "Opening output file: Permission denied, " + target);
    CHECK(read_raw(target) == "read only");
    CHECK(list_dir(dir.path()) == std::vector<std::string>{"ro"});
}

TEST_CASE("file_io: RLIMIT_FSIZE makes the save fail with EFBIG, old file intact", "[file_io]")
{
    TempDir dir;
    const std::string target = dir / "x";
    std::string original(10 * 1024, '\0');
    std::mt19937 rng(3);
    for (char& c : original)
        c = static_cast<char>(rng());
    write_raw(target, original);
    const std::string big(1024 * 1024, 'b');

    auto limited = [](const std::function<void()>& body) {
        return run_in_child([&] {
            // The editor ignores SIGXFSZ at start-up; without that the child dies.
            ::signal(SIGXFSZ, SIG_IGN);
            const rlimit limit{64 * 1024, 64 * 1024};
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0)
                throw std::runtime_error("setrlimit failed");
            body();
        });
    };

    SECTION("write_file_atomic")
    {
        const auto outcome = limited([&] { write_file_atomic(target, big); });
        INFO(describe(outcome));
        CHECK(outcome.kind == "file-error");
        CHECK(outcome.symbol == "file-error");
        CHECK(outcome.error == EFBIG);
        CHECK(outcome.message == "Write error: File too large, " + target);
    }
    SECTION("save_buffer of a 1 MiB buffer")
    {
        const auto outcome = limited([&] {
            Buffer buffer("big");
            insert_file_contents(buffer, target, nullptr, true);
            buffer.insert(big);
            save_buffer(buffer);
        });
        INFO(describe(outcome));
        CHECK(outcome.kind == "file-error");
        CHECK(outcome.error == EFBIG);
    }
    SECTION("a save under the limit still works there")
    {
        const auto outcome = limited([&] { write_file_atomic(target, std::string(32 * 1024, 's')); });
        INFO(describe(outcome));
        CHECK(outcome.kind == "ok");
        CHECK(read_raw(target) == std::string(32 * 1024, 's'));
        return;
    }
    CHECK(read_raw(target) == original);
    CHECK(list_dir(dir.path()) == std::vector<std::string>{"x"});
}

TEST_CASE("file_io: a full tmpfs makes the save fail with ENOSPC, old file intact", "[file_io]")
{
    TempDir dir;
    const std::string mount_point = dir / "mnt";
    REQUIRE(::mkdir(mount_point.c_str(), 0700) == 0);
    if (::mount("tmpfs", mount_point.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=64k") != 0) {
        WARN("cannot mount a tmpfs here (" << std::strerror(errno)
                                           << "): real ENOSPC is not tested; the RLIMIT_FSIZE test covers "
                                              "the failed-write path");
        return;
    }
    struct Unmount {
        std::string path;
        ~Unmount() { ::umount2(path.c_str(), MNT_DETACH); }
    } unmount{mount_point};

    const std::string target = mount_point + "/x";
    const std::string original(10 * 1024, 'o');
    write_raw(target, original);

    const auto error = file_error_from([&] { write_file_atomic(target, std::string(1024 * 1024, 'n')); });
    REQUIRE(error);
    CHECK(error->symbol() == "file-error");
    CHECK(error->errno_value() == ENOSPC);
    CHECK(std::string(error->what()) == "Write error: No space left on device, " + target);
    CHECK(read_raw(target) == original);
    CHECK(list_dir(mount_point) == std::vector<std::string>{"x"});

    // The temporary file's blocks were really freed: a save that fits next to
    // the old file (both must exist until the rename) succeeds now.
    const std::string smaller(20 * 1024, 's');
    write_file_atomic(target, smaller);
    CHECK(read_raw(target) == smaller);
    CHECK(list_dir(mount_point) == std::vector<std::string>{"x"});
}

TEST_CASE("file_io: a missing directory is file-missing and creates nothing", "[file_io]")
{
    SECTION("/nonexistent-dir/x, as Emacs words it")
    {
        REQUIRE(::access("/nonexistent-dir", F_OK) != 0);
        const auto error = file_error_from([] { write_file_atomic("/nonexistent-dir/x", "data"); });
        REQUIRE(error);
        CHECK(error->symbol() == "file-missing");
        CHECK(error->errno_value() == ENOENT);
        CHECK(std::string(error->what()) == "Opening output file: No such file or directory, /nonexistent-dir/x");
        CHECK(::access("/nonexistent-dir", F_OK) != 0);
    }
    SECTION("through save_buffer, which keeps the buffer's state")
    {
        TempDir dir;
        Buffer buffer("b");
        buffer.insert("text");
        const auto error = file_error_from([&] { save_buffer(buffer, dir / "no/such/dir/f"); });
        REQUIRE(error);
        CHECK(error->symbol() == "file-missing");
        CHECK(buffer.modified());
        CHECK(buffer.file_name().empty());
        CHECK(list_dir(dir.path()).empty());
    }
    SECTION("a buffer with no file cannot be saved without a name")
    {
        Buffer buffer("scratch");
        CHECK_THROWS_AS(save_buffer(buffer), Error);
    }
}

TEST_CASE("file_io: modes are kept, new files follow the umask", "[file_io]")
{
    TempDir dir;
    SECTION("existing files keep their mode")
    {
        for (const mode_t mode : {0640, 0600, 0755, 0444 | 0200, 02755}) {
            INFO("mode " << std::oct << mode);
            const std::string path = dir / "m";
            write_raw(path, "old");
            REQUIRE(::chmod(path.c_str(), mode) == 0);
            Buffer buffer("m");
            insert_file_contents(buffer, path, nullptr, true);
            buffer.insert("new ");
            save_buffer(buffer);
            CHECK(read_raw(path) == "new old");
            CHECK(file_mode(path) == mode);
        }
    }
    SECTION("new files get 0666 & ~umask")
    {
        for (const mode_t mask : {022, 077, 002}) {
            INFO("umask " << std::oct << mask);
            UmaskGuard guard(mask);
            const std::string path = dir / ("new" + std::to_string(mask));
            write_file_atomic(path, "n");
            CHECK(file_mode(path) == (0666 & ~mask));
        }
    }
    SECTION("root's save keeps another user's ownership")
    {
        if (::geteuid() != 0)
            return;
        const std::string path = dir / "owned";
        write_raw(path, "o");
        REQUIRE(::chown(path.c_str(), nobody, nobody) == 0);
        REQUIRE(::chmod(path.c_str(), 0640) == 0);
        write_file_atomic(path, "p");
        struct stat st;
        REQUIRE(::stat(path.c_str(), &st) == 0);
        CHECK(st.st_uid == nobody);
        CHECK(st.st_gid == nobody);
        CHECK((st.st_mode & 07777) == 0640);
    }
}

TEST_CASE("file_io: saving through a symlink replaces the target and keeps the link", "[file_io]")
{
    TempDir dir;
    const std::string real = dir / "real";
    const std::string link = dir / "link";
    write_raw(real, "target text\n");
    REQUIRE(::chmod(real.c_str(), 0640) == 0);
    REQUIRE(::symlink("real", link.c_str()) == 0);

    auto check_link = [](const std::string& path, const std::string& points_to) {
        struct stat st;
        REQUIRE(::lstat(path.c_str(), &st) == 0);
        CHECK(S_ISLNK(st.st_mode));
        CHECK(fs::read_symlink(path).string() == points_to);
    };

    SECTION("a relative link")
    {
        Buffer buffer("link");
        insert_file_contents(buffer, link, nullptr, true);
        buffer.insert("edited ");
        save_buffer(buffer);
        check_link(link, "real");
        CHECK(read_raw(real) == "edited target text\n");
        CHECK(file_mode(real) == 0640);
        CHECK(list_dir(dir.path()) == (std::vector<std::string>{"link", "real"}));
    }
    SECTION("a chain of links")
    {
        const std::string link2 = dir / "link2";
        REQUIRE(::symlink(link.c_str(), link2.c_str()) == 0);
        write_file_atomic(link2, "via chain");
        check_link(link2, link);
        check_link(link, "real");
        CHECK(read_raw(real) == "via chain");
    }
    SECTION("an absolute link into another directory")
    {
        TempDir other;
        const std::string far = other / "far";
        REQUIRE(::symlink(real.c_str(), far.c_str()) == 0);
        write_file_atomic(far, "from afar");
        check_link(far, real);
        CHECK(read_raw(real) == "from afar");
        CHECK(list_dir(other.path()) == std::vector<std::string>{"far"});
    }
    SECTION("a dangling link creates the file it names")
    {
        const std::string dangling = dir / "dangling";
        REQUIRE(::symlink("created", dangling.c_str()) == 0);
        write_file_atomic(dangling, "now exists");
        check_link(dangling, "created");
        CHECK(read_raw(dir / "created") == "now exists");
    }
    SECTION("a symlink loop is an error")
    {
        const std::string a = dir / "a";
        const std::string b = dir / "b";
        REQUIRE(::symlink("b", a.c_str()) == 0);
        REQUIRE(::symlink("a", b.c_str()) == 0);
        const auto error = file_error_from([&] { write_file_atomic(a, "x"); });
        REQUIRE(error);
        CHECK(error->errno_value() == ELOOP);
    }
}

TEST_CASE("file_io: a device node is written in place, not replaced", "[file_io]")
{
    TempDir dir;
    const std::string null_clone = dir / "null";
    if (::mknod(null_clone.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
        WARN("mknod not permitted here (" << std::strerror(errno) << "): device test skipped");
        return;
    }
    write_file_atomic(null_clone, "into the void");
    struct stat st;
    REQUIRE(::stat(null_clone.c_str(), &st) == 0);
    CHECK(S_ISCHR(st.st_mode));
    CHECK(list_dir(dir.path()) == std::vector<std::string>{"null"});
}

TEST_CASE("file_io: write_region encodes a region with the given coding", "[file_io]")
{
    TempDir dir;
    Buffer buffer("r");
    buffer.insert("a\xC3\xA9\xE2\x82\xAC" "b\n"); // a é € b LF
    const CodingSystem latin1 = find_coding_system("latin-1");
    write_region(buffer, 1, 3, dir / "ae", latin1);
    CHECK(read_raw(dir / "ae") == "a\xE9");
    write_region(buffer, 3, 6, dir / "utf8", find_coding_system("utf-8-dos"));
    CHECK(read_raw(dir / "utf8") == "\xE2\x82\xAC" "b\r\n");

    // € has no latin-1 byte: nothing may be written, the old file stays.
    write_raw(dir / "keep", "kept");
    try {
        write_region(buffer, 1, 6, dir / "keep", latin1);
        FAIL("encoding € as latin-1 succeeded");
    } catch (const Error& e) {
        CHECK(e.symbol() == "coding-system-error");
    }
    CHECK(read_raw(dir / "keep") == "kept");
    CHECK(list_dir(dir.path()) == (std::vector<std::string>{"ae", "keep", "utf8"}));
}

TEST_CASE("file_io: UniqueFd owns and closes its descriptor", "[file_io]")
{
    int raw = -1;
    {
        UniqueFd fd(::open("/dev/null", O_RDONLY | O_CLOEXEC));
        REQUIRE(fd);
        raw = fd.get();
        UniqueFd moved(std::move(fd));
        CHECK_FALSE(fd);
        CHECK(moved.get() == raw);
        CHECK(::fcntl(raw, F_GETFD) != -1);
    }
    const int result = ::fcntl(raw, F_GETFD);
    const int error = errno;
    CHECK(result == -1);
    CHECK(error == EBADF);

    UniqueFd fd(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    raw = fd.get();
    CHECK(fd.close() == 0);
    CHECK_FALSE(fd);
    CHECK(::fcntl(raw, F_GETFD) == -1);
}

TEST_CASE("file_io: insert_file_in_place reads UTF-8 straight into the gap, and declines what needs decoding", "[file_io]")
{
    TempDir dir;
    auto write = [&](const std::string& name, const std::string& bytes) {
        std::ofstream(dir / name, std::ios::binary) << bytes;
        return dir / name;
    };
    Buffer b("in-place");
    b.insert("[]");
    const std::string text = "h\xc3\xa9llo w\xc3\xb6rld\nline two\n";
    auto n = insert_file_in_place(b, write("utf8", text), CharPos(2));
    REQUIRE(n.has_value());
    CHECK(*n == 21); // characters, not bytes
    CHECK(b.text() == "[" + text + "]");
    b.check_invariants();

    // CR LF, invalid UTF-8, an empty file: nothing inserted, the caller decodes.
    for (const std::string& bytes : {std::string("dos\r\nfile\r\n"), std::string("caf\xe9\n"), std::string()}) {
        Buffer c("declined");
        c.insert("xy");
        CHECK_FALSE(insert_file_in_place(c, write("other", bytes), CharPos(2)).has_value());
        CHECK(c.text() == "xy");
        c.check_invariants();
    }
    CHECK_THROWS_AS(insert_file_in_place(b, dir / "missing", CharPos(1)), FileError);
    CHECK_THROWS_AS(insert_file_in_place(b, dir.path(), CharPos(1)), FileError);
    CHECK(b.text() == "[" + text + "]");
}

TEST_CASE("file_io: a save keeps the file's extended attributes and ACL", "[file_io]")
{
    TempDir dir;
    const std::string target = dir / "x";
    write_raw(target, "old\n");
    const char value[] = "kept";
    // ext4, xfs and tmpfs have user.* attributes; a file system without them
    // is a machine this test cannot speak for, and says so.
    if (::setxattr(target.c_str(), "user.gapmacs-test", value, sizeof value - 1, 0) != 0) {
        WARN("no user.* extended attributes here: " << std::strerror(errno));
        return;
    }
    write_file_atomic(target, "new\n");
    CHECK(read_raw(target) == "new\n");
    char got[16] = {};
    const ssize_t n = ::getxattr(target.c_str(), "user.gapmacs-test", got, sizeof got);
    CHECK(std::string(got, n > 0 ? static_cast<std::size_t>(n) : 0) == "kept");
}

TEST_CASE("file_io: write_backup copies owner, mode and times, never through a symlink", "[file_io]")
{
    TempDir dir;
    const std::string file = dir / "secret";
    const std::string backup = dir / "secret~";
    const std::string victim = dir / "victim";
    write_raw(file, "password\n");
    REQUIRE(::chmod(file.c_str(), 0600) == 0);
    write_raw(victim, "precious\n");
    REQUIRE(::symlink(victim.c_str(), backup.c_str()) == 0);
    struct timespec old_times[2] = {{1000000000, 0}, {1000000000, 0}};
    REQUIRE(::utimensat(AT_FDCWD, file.c_str(), old_times, 0) == 0);
    write_backup(file, backup);
    CHECK(read_raw(victim) == "precious\n");
    struct stat st {};
    REQUIRE(::lstat(backup.c_str(), &st) == 0);
    CHECK(S_ISREG(st.st_mode));
    CHECK((st.st_mode & 07777) == 0600);
    CHECK(st.st_mtim.tv_sec == 1000000000);
    CHECK(read_raw(backup) == "password\n");
    CHECK(list_dir(dir.path()) == std::vector<std::string>{"secret", "secret~", "victim"});
}

TEST_CASE("file_io: encoded_text writes a buffer a chunk at a time, byte for byte", "[file_io]")
{
    // Chunks of 1 MiB: multibyte and raw-byte characters across their
    // edges, the gap in the middle, -dos and a BOM on the first chunk only.
    Buffer b("big");
    std::string piece = std::string(999, 'x') + "\xC3\xA9\n";
    std::string internal;
    for (int i = 0; i < 3000; ++i)
        internal += piece;
    b.insert(internal);
    b.goto_char(CharPos(b.size() / 2));
    b.insert("\xC1\x80gap"); // the raw byte 0x80 in its internal form
    const std::string whole = b.text();
    for (const char* name : {"utf-8-unix", "utf-8-dos", "utf-8-with-signature-unix", "latin-1-unix", "raw-text-unix"}) {
        INFO(name);
        const CodingSystem cs = find_coding_system(name);
        std::string chunked;
        encoded_text(b, cs, BytePos(0), b.gap_buffer().end())([&](std::string_view s) { chunked += s; });
        CHECK(chunked == encode(cs, whole));
    }
}

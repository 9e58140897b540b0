// Runs a fuzz harness over files, without libFuzzer: every file of each
// directory given (sorted, so a failure names the same input every time),
// or the files themselves. A crash, an ASan report or a failed check in the
// harness fails the test; the name of the input goes to stderr first.
//
// With --mutations N, each file is also run in N mutated forms (bytes
// flipped, replaced, dropped, a piece repeated), from a fixed seed: a short
// fuzz run that is the same at every run, so `make test-asan` exercises the
// harnesses beyond their seeds and a failure reproduces.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// Deterministic mutations, libFuzzer's simplest kinds.
std::string mutate(const std::string& in, std::uint32_t& state)
{
    auto next = [&state] {
        state = state * 1103515245u + 12345u;
        return state >> 8;
    };
    std::string out = in;
    const int edits = 1 + static_cast<int>(next() % 4);
    for (int i = 0; i < edits; ++i) {
        const std::size_t at = out.empty() ? 0 : next() % out.size();
        switch (next() % 4) {
        case 0:
            if (!out.empty())
                out[at] = static_cast<char>(out[at] ^ (1u << (next() % 8)));
            break;
        case 1:
            if (!out.empty())
                out[at] = static_cast<char>(next());
            break;
        case 2:
            if (!out.empty())
                out.erase(at, 1 + next() % 8);
            break;
        case 3:
            out.insert(at, out.substr(at, 1 + next() % 16));
            break;
        }
    }
    return out;
}

void run(const std::string& bytes)
{
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

std::vector<std::filesystem::path> inputs(const char* arg)
{
    std::vector<std::filesystem::path> files;
    // Absolute: a harness may change directory (the eval one does).
    const std::filesystem::path path = std::filesystem::absolute(arg);
    if (!std::filesystem::is_directory(path))
        return {path};
    for (const auto& entry : std::filesystem::directory_iterator(path))
        if (entry.is_regular_file())
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::filesystem::path> files;
    int mutations = 0;
    int first = 1;
    if (argc > 2 && std::string(argv[1]) == "--mutations") {
        mutations = std::atoi(argv[2]);
        first = 3;
    }
    for (int i = first; i < argc; ++i)
        for (auto& file : inputs(argv[i]))
            files.push_back(std::move(file));
    std::size_t count = 0;
    {
        for (const auto& file : files) {
            std::ifstream in(file, std::ios::binary);
            if (!in) {
                std::fprintf(stderr, "cannot read %s\n", file.c_str());
                return 1;
            }
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            std::fprintf(stderr, "input %s\n", file.c_str());
            run(bytes);
            ++count;
            std::uint32_t state = static_cast<std::uint32_t>(std::hash<std::string>{}(file.filename().string()));
            for (int m = 0; m < mutations; ++m) {
                const std::uint32_t before = state;
                const std::string mutated = mutate(bytes, state);
                std::fprintf(stderr, "input %s mutation %d (state %u)\n", file.c_str(), m, before);
                run(mutated);
                ++count;
            }
        }
    }
    std::fprintf(stderr, "%zu inputs passed\n", count);
    // An empty corpus is a broken test, not a passing one.
    return count > 0 ? 0 : 1;
}

// FUZZ_CHECK: a property a harness asserts. A failure prints what failed
// and aborts, which libFuzzer reports as a crash (with the input saved) and
// the corpus driver as a failed test.
#pragma once
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                                   \
    do {                                                                                                   \
        if (!(cond)) {                                                                                     \
            std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, __LINE__, #cond);             \
            std::abort();                                                                                  \
        }                                                                                                  \
    } while (0)

#define FUZZ_CHECK_MSG(cond, ...)                                                                          \
    do {                                                                                                   \
        if (!(cond)) {                                                                                     \
            std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s: ", __FILE__, __LINE__, #cond);             \
            std::fprintf(stderr, __VA_ARGS__);                                                             \
            std::fputc('\n', stderr);                                                                      \
            std::abort();                                                                                  \
        }                                                                                                  \
    } while (0)

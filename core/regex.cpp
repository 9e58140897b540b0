// Emacs regexps on ICU: translation, a UText over split internal text,
// compiled patterns with a cache, and searches. See regex.hpp for the contract.
#include "core/regex.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <limits>
#include <list>
#include <string>
#include <unordered_map>

#include <unicode/regex.h>
#include <unicode/uniset.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>
#include <unicode/utf16.h>

#include "core/error.hpp"
#include "core/utf8.hpp"

namespace gapmacs {
namespace {

// ---------------------------------------------------------------------------
// Character data from GNU Emacs 28.2, generated with `emacs -Q --batch`:
// char-syntax in (standard-syntax-table), and char-category-set, for every
// character up to U+10FFFF, merged into ranges. Categories with many ranges
// (`.` `L` `^` `c` `h` `j`) are approximated with Unicode properties instead
// (see category_set).

struct CodeRange {
    char32_t from, to;
};

// syntax class ' '
constexpr CodeRange syntax_whitespace[] = {
    {0x9, 0xA}, {0xC, 0xD}, {0x20, 0x20}, {0xA0, 0xA0}, {0x2000, 0x200B}, {0x202F, 0x202F},
    {0x205F, 0x205F}, {0x3000, 0x3000},
};
// syntax class 'w'
constexpr CodeRange syntax_word[] = {
    {0x24, 0x25}, {0x30, 0x39}, {0x41, 0x5A}, {0x61, 0x7A}, {0x80, 0x9F}, {0xA5, 0xA5},
    {0xB2, 0xB3}, {0xB5, 0xB5}, {0xB9, 0xB9}, {0xC0, 0xD6}, {0xD8, 0xF6}, {0xF8, 0x2C6},
    {0x2C8, 0x2C8}, {0x2CA, 0x2CF}, {0x2D1, 0x2D7}, {0x2DC, 0x2DC}, {0x2DE, 0x383},
    {0x386, 0x5BD}, {0x5BF, 0x5BF}, {0x5C1, 0x5C2}, {0x5C4, 0x5C5}, {0x5C7, 0x5F2},
    {0x5F5, 0xE2E}, {0xE30, 0xE3E}, {0xE40, 0xE45}, {0xE47, 0xE4E}, {0xE50, 0xE59},
    {0xE5C, 0xEAE}, {0xEB0, 0xEC5}, {0xEC7, 0xEFF}, {0xF0C, 0xF0C}, {0xF19, 0xF19},
    {0xF20, 0xF33}, {0xF35, 0xF35}, {0xF37, 0xF37}, {0xF40, 0xF7E}, {0xF80, 0xF84},
    {0xF86, 0xFBD}, {0xFD0, 0x1360}, {0x1369, 0x1FFF}, {0x2028, 0x202E}, {0x2060, 0x207C},
    {0x207F, 0x208C}, {0x208F, 0x20AB}, {0x20AD, 0x2102}, {0x2104, 0x2108}, {0x210A, 0x2115},
    {0x2117, 0x2120}, {0x2123, 0x2152}, {0x2155, 0x215A}, {0x215F, 0x218F}, {0x2450, 0x245F},
    {0x246F, 0x2473}, {0x24B6, 0x24FF}, {0x254C, 0x2591}, {0x2593, 0x259F}, {0x25A2, 0x25A2},
    {0x25AA, 0x25B1}, {0x25B4, 0x25B5}, {0x25B8, 0x25BB}, {0x25BE, 0x25BF}, {0x25C2, 0x25C5},
    {0x25C9, 0x25CA}, {0x25CC, 0x25CD}, {0x25D2, 0x25EE}, {0x25F0, 0x2604}, {0x2607, 0x260D},
    {0x2610, 0x261B}, {0x261D, 0x261D}, {0x261F, 0x263F}, {0x2641, 0x2641}, {0x2643, 0x265F},
    {0x2662, 0x2662}, {0x2666, 0x2666}, {0x266B, 0x266B}, {0x266E, 0x266E}, {0x2670, 0x2767},
    {0x276E, 0x276F}, {0x2776, 0x27E5}, {0x27EC, 0x2982}, {0x2999, 0x29FB}, {0x29FE, 0x29FF},
    {0x2C00, 0x2DFF}, {0x2E80, 0x2FFF}, {0x3004, 0x3007}, {0x301D, 0x30FA}, {0x30FC, 0x31FF},
    {0x321D, 0x321F}, {0x322A, 0x325F}, {0x327C, 0x327D}, {0x3280, 0x337F}, {0x3385, 0x3387},
    {0x33CB, 0x33CE}, {0x33D1, 0x33D2}, {0x33D4, 0x33D5}, {0x33D7, 0x33D7}, {0x33D9, 0x33DA},
    {0x33DE, 0xAADA}, {0xAAE0, 0xFD3D}, {0xFD40, 0xFE34}, {0xFE45, 0xFE58}, {0xFE5F, 0xFF00},
    {0xFF10, 0xFF19}, {0xFF21, 0xFF3A}, {0xFF41, 0xFF5A}, {0xFF66, 0xFFDF}, {0xFFE4, 0xFFE4},
    {0xFFE6, 0x1FAFF}, {0x1FC00, 0x10FFFF},
};
// syntax class '_'
constexpr CodeRange syntax_symbol[] = {
    {0x26, 0x26}, {0x2A, 0x2B}, {0x2D, 0x2D}, {0x2F, 0x2F}, {0x3C, 0x3E}, {0x5F, 0x5F},
    {0x7C, 0x7C}, {0xA2, 0xA4}, {0xA6, 0xA6}, {0xA8, 0xAA}, {0xAC, 0xB1}, {0xB4, 0xB4},
    {0xB6, 0xB8}, {0xBA, 0xBA}, {0xBC, 0xBE}, {0xD7, 0xD7}, {0xF7, 0xF7}, {0x2C7, 0x2C7},
    {0x2C9, 0x2C9}, {0x2D0, 0x2D0}, {0x2D8, 0x2DB}, {0x2DD, 0x2DD}, {0x384, 0x385},
    {0xE2F, 0xE2F}, {0xE3F, 0xE3F}, {0xE46, 0xE46}, {0xE4F, 0xE4F}, {0xE5A, 0xE5B},
    {0xEAF, 0xEAF}, {0xEC6, 0xEC6}, {0x2039, 0x203A}, {0x2044, 0x2044}, {0x2052, 0x2052},
    {0x20AC, 0x20AC}, {0x2103, 0x2103}, {0x2109, 0x2109}, {0x2121, 0x2122}, {0x2153, 0x2154},
    {0x215B, 0x215E}, {0x2190, 0x2328}, {0x232B, 0x23B3}, {0x23B6, 0x244F}, {0x2460, 0x246E},
    {0x2474, 0x24B5}, {0x2500, 0x254B}, {0x2592, 0x2592}, {0x25A0, 0x25A1}, {0x25A3, 0x25A9},
    {0x25B2, 0x25B3}, {0x25B6, 0x25B7}, {0x25BC, 0x25BD}, {0x25C0, 0x25C1}, {0x25C6, 0x25C8},
    {0x25CB, 0x25CB}, {0x25CE, 0x25D1}, {0x25EF, 0x25EF}, {0x2605, 0x2606}, {0x260E, 0x260F},
    {0x261C, 0x261C}, {0x261E, 0x261E}, {0x2640, 0x2640}, {0x2642, 0x2642}, {0x2660, 0x2661},
    {0x2663, 0x2665}, {0x2667, 0x266A}, {0x266C, 0x266D}, {0x266F, 0x266F}, {0x2A00, 0x2BFF},
    {0x3012, 0x3013}, {0x301C, 0x301C}, {0x3200, 0x321C}, {0x3220, 0x3229}, {0x3260, 0x327B},
    {0x327E, 0x327F}, {0x3380, 0x3384}, {0x3388, 0x33CA}, {0x33CF, 0x33D0}, {0x33D3, 0x33D3},
    {0x33D6, 0x33D6}, {0x33D8, 0x33D8}, {0x33DB, 0x33DD}, {0xAADB, 0xAADF}, {0xFF04, 0xFF04},
    {0xFF0B, 0xFF0B}, {0xFF1C, 0xFF1E}, {0xFF3C, 0xFF3C}, {0xFF3E, 0xFF40}, {0xFF5C, 0xFF5C},
    {0xFF5E, 0xFF5E}, {0xFFE0, 0xFFE3}, {0xFFE5, 0xFFE5}, {0x1FB00, 0x1FBCA},
};
// syntax class '.'
constexpr CodeRange syntax_punctuation[] = {
    {0x0, 0x8}, {0xB, 0xB}, {0xE, 0x1F}, {0x21, 0x21}, {0x23, 0x23}, {0x27, 0x27}, {0x2C, 0x2C},
    {0x2E, 0x2E}, {0x3A, 0x3B}, {0x3F, 0x40}, {0x5E, 0x5E}, {0x60, 0x60}, {0x7E, 0x7F},
    {0xA1, 0xA1}, {0xA7, 0xA7}, {0xAB, 0xAB}, {0xBB, 0xBB}, {0xBF, 0xBF}, {0x5BE, 0x5BE},
    {0x5C0, 0x5C0}, {0x5C3, 0x5C3}, {0x5C6, 0x5C6}, {0x5F3, 0x5F4}, {0xF00, 0xF0B},
    {0xF0D, 0xF18}, {0xF1A, 0xF1F}, {0xF34, 0xF34}, {0xF36, 0xF36}, {0xF38, 0xF3F},
    {0xF7F, 0xF7F}, {0xF85, 0xF85}, {0xFBE, 0xFCF}, {0x1361, 0x1368}, {0x200C, 0x2027},
    {0x2030, 0x2038}, {0x203B, 0x2043}, {0x2047, 0x2051}, {0x2053, 0x205E}, {0x2116, 0x2116},
    {0x2E00, 0x2E7F}, {0x3001, 0x3003}, {0x30FB, 0x30FB}, {0xFF01, 0xFF03}, {0xFF05, 0xFF07},
    {0xFF0A, 0xFF0A}, {0xFF0C, 0xFF0F}, {0xFF1A, 0xFF1B}, {0xFF1F, 0xFF20}, {0xFF61, 0xFF61},
    {0xFF64, 0xFF65}, {0x1FBCB, 0x1FBFF},
};
// syntax class '('
constexpr CodeRange syntax_open[] = {
    {0x28, 0x28}, {0x5B, 0x5B}, {0x7B, 0x7B}, {0x2045, 0x2045}, {0x207D, 0x207D},
    {0x208D, 0x208D}, {0x2329, 0x2329}, {0x23B4, 0x23B4}, {0x2768, 0x2768}, {0x276A, 0x276A},
    {0x276C, 0x276C}, {0x2770, 0x2770}, {0x2772, 0x2772}, {0x2774, 0x2774}, {0x27E6, 0x27E6},
    {0x27E8, 0x27E8}, {0x27EA, 0x27EA}, {0x2983, 0x2983}, {0x2985, 0x2985}, {0x2987, 0x2987},
    {0x2989, 0x2989}, {0x298B, 0x298B}, {0x298D, 0x298D}, {0x298F, 0x298F}, {0x2991, 0x2991},
    {0x2993, 0x2993}, {0x2995, 0x2995}, {0x2997, 0x2997}, {0x29FC, 0x29FC}, {0x3008, 0x3008},
    {0x300A, 0x300A}, {0x300C, 0x300C}, {0x300E, 0x300E}, {0x3010, 0x3010}, {0x3014, 0x3014},
    {0x3016, 0x3016}, {0x3018, 0x3018}, {0x301A, 0x301A}, {0xFD3E, 0xFD3E}, {0xFE35, 0xFE35},
    {0xFE37, 0xFE37}, {0xFE39, 0xFE39}, {0xFE3B, 0xFE3B}, {0xFE3D, 0xFE3D}, {0xFE3F, 0xFE3F},
    {0xFE41, 0xFE41}, {0xFE43, 0xFE43}, {0xFE59, 0xFE59}, {0xFE5B, 0xFE5B}, {0xFE5D, 0xFE5D},
    {0xFF08, 0xFF08}, {0xFF3B, 0xFF3B}, {0xFF5B, 0xFF5B}, {0xFF5F, 0xFF5F}, {0xFF62, 0xFF62},
};
// syntax class ')'
constexpr CodeRange syntax_close[] = {
    {0x29, 0x29}, {0x5D, 0x5D}, {0x7D, 0x7D}, {0x2046, 0x2046}, {0x207E, 0x207E},
    {0x208E, 0x208E}, {0x232A, 0x232A}, {0x23B5, 0x23B5}, {0x2769, 0x2769}, {0x276B, 0x276B},
    {0x276D, 0x276D}, {0x2771, 0x2771}, {0x2773, 0x2773}, {0x2775, 0x2775}, {0x27E7, 0x27E7},
    {0x27E9, 0x27E9}, {0x27EB, 0x27EB}, {0x2984, 0x2984}, {0x2986, 0x2986}, {0x2988, 0x2988},
    {0x298A, 0x298A}, {0x298C, 0x298C}, {0x298E, 0x298E}, {0x2990, 0x2990}, {0x2992, 0x2992},
    {0x2994, 0x2994}, {0x2996, 0x2996}, {0x2998, 0x2998}, {0x29FD, 0x29FD}, {0x3009, 0x3009},
    {0x300B, 0x300B}, {0x300D, 0x300D}, {0x300F, 0x300F}, {0x3011, 0x3011}, {0x3015, 0x3015},
    {0x3017, 0x3017}, {0x3019, 0x3019}, {0x301B, 0x301B}, {0xFD3F, 0xFD3F}, {0xFE36, 0xFE36},
    {0xFE38, 0xFE38}, {0xFE3A, 0xFE3A}, {0xFE3C, 0xFE3C}, {0xFE3E, 0xFE3E}, {0xFE40, 0xFE40},
    {0xFE42, 0xFE42}, {0xFE44, 0xFE44}, {0xFE5A, 0xFE5A}, {0xFE5C, 0xFE5C}, {0xFE5E, 0xFE5E},
    {0xFF09, 0xFF09}, {0xFF3D, 0xFF3D}, {0xFF5D, 0xFF5D}, {0xFF60, 0xFF60}, {0xFF63, 0xFF63},
};
// syntax class '"'
constexpr CodeRange syntax_string[] = {
    {0x22, 0x22},
};
// syntax class '\'
constexpr CodeRange syntax_escape[] = {
    {0x5C, 0x5C},
};
// category '0'
constexpr CodeRange category_30[] = {
    {0xE01, 0xE23}, {0xE25, 0xE25}, {0xE27, 0xE2E}, {0xE81, 0xEAE}, {0xF40, 0xF6A},
    {0xF90, 0xFBC}, {0xAA80, 0xAAAF},
};
// category '1'
constexpr CodeRange category_31[] = {
    {0xE24, 0xE24}, {0xE26, 0xE26}, {0xE30, 0xE30}, {0xE32, 0xE33}, {0xE40, 0xE45},
    {0xEB0, 0xEB0}, {0xEB2, 0xEB3}, {0xEBD, 0xEBD}, {0xEC0, 0xEC4}, {0xAAB1, 0xAAB1},
    {0xAAB5, 0xAAB6}, {0xAAB9, 0xAABD}, {0xAAC0, 0xAAC0}, {0xAAC2, 0xAAC2},
};
// category '2'
constexpr CodeRange category_32[] = {
    {0xE31, 0xE31}, {0xE34, 0xE37}, {0xE47, 0xE47}, {0xE4E, 0xE4E}, {0xEB1, 0xEB1},
    {0xEB4, 0xEB7}, {0xEBB, 0xEBB}, {0xECD, 0xECD}, {0xF72, 0xF72}, {0xF7A, 0xF7E},
    {0xF80, 0xF80}, {0xF82, 0xF83}, {0xF86, 0xF8B}, {0xAAB0, 0xAAB0}, {0xAAB2, 0xAAB3},
    {0xAAB7, 0xAAB8}, {0xAABE, 0xAABE},
};
// category '3'
constexpr CodeRange category_33[] = {
    {0xE38, 0xE3A}, {0xEB8, 0xEB9}, {0xF19, 0xF19}, {0xF35, 0xF35}, {0xF37, 0xF37},
    {0xF70, 0xF71}, {0xF74, 0xF74}, {0xF84, 0xF84}, {0xAAB4, 0xAAB4},
};
// category '4'
constexpr CodeRange category_34[] = {
    {0xE48, 0xE4D}, {0xEC8, 0xECB}, {0xAABF, 0xAABF}, {0xAAC1, 0xAAC1},
};
// category '5'
constexpr CodeRange category_35[] = {
    {0xE2F, 0xE2F}, {0xE3F, 0xE3F}, {0xE46, 0xE46}, {0xE4F, 0xE4F}, {0xE5A, 0xE5B},
    {0xEAF, 0xEAF}, {0xEC6, 0xEC6}, {0xAADB, 0xAADF},
};
// category '6'
constexpr CodeRange category_36[] = {
    {0xE50, 0xE59}, {0xED0, 0xED9}, {0xF20, 0xF33},
};
// category '9'
constexpr CodeRange category_39[] = {
    {0xEBC, 0xEBD},
};
// category '<'
constexpr CodeRange category_3c[] = {
    {0xF00, 0xF0A}, {0xF3C, 0xF3C}, {0xF85, 0xF85}, {0xFC1, 0xFC2},
};
// category '>'
constexpr CodeRange category_3e[] = {
    {0xF08, 0xF08}, {0xF0B, 0xF0B}, {0xF0D, 0xF12}, {0xF14, 0xF14}, {0xF34, 0xF34},
    {0xF3D, 0xF3D}, {0xF7F, 0xF7F},
};
// category 'A'
constexpr CodeRange category_41[] = {
    {0xFF10, 0xFF19}, {0xFF21, 0xFF3A}, {0xFF41, 0xFF5A},
};
// category 'C'
constexpr CodeRange category_43[] = {
    {0x2EF1, 0x2EF1}, {0x3005, 0x3007}, {0x3400, 0x4DB5}, {0x4E00, 0x9FD5}, {0xF900, 0xFAFF},
    {0x20000, 0x2FFFF},
};
// category 'G'
constexpr CodeRange category_47[] = {
    {0x391, 0x3A1}, {0x3A3, 0x3A9}, {0x3B1, 0x3C1}, {0x3C3, 0x3C9}, {0x2160, 0x2169},
    {0x2170, 0x2179},
};
// category 'H'
constexpr CodeRange category_48[] = {
    {0x3040, 0x30A0}, {0x30FC, 0x30FC}, {0x1B001, 0x1B11F}, {0x1B150, 0x1B152},
};
// category 'K'
constexpr CodeRange category_4b[] = {
    {0x3099, 0x309C}, {0x30A0, 0x30FF}, {0x31F0, 0x31FF}, {0x1AFF0, 0x1B000},
    {0x1B120, 0x1B122}, {0x1B164, 0x1B167},
};
// category 'R'
constexpr CodeRange category_52[] = {
    {0x590, 0x590}, {0x5BE, 0x5BE}, {0x5C0, 0x5C0}, {0x5C3, 0x5C3}, {0x5C6, 0x5C6},
    {0x5C8, 0x5FF}, {0x608, 0x608}, {0x60B, 0x60B}, {0x60D, 0x60D}, {0x61B, 0x64A},
    {0x66D, 0x66F}, {0x671, 0x6D5}, {0x6E5, 0x6E6}, {0x6EE, 0x6EF}, {0x6FA, 0x70D},
    {0x70F, 0x710}, {0x712, 0x72F}, {0x74D, 0x7A5}, {0x7B1, 0x7B1}, {0x7C0, 0x7EA},
    {0x7F4, 0x7F5}, {0x7FA, 0x7FC}, {0x7FE, 0x815}, {0x81A, 0x81A}, {0x824, 0x824},
    {0x828, 0x828}, {0x82E, 0x858}, {0x85C, 0x88F}, {0x892, 0x897}, {0x8A0, 0x8C9},
    {0x200F, 0x200F}, {0x202B, 0x202B}, {0x202E, 0x202E}, {0xFB1D, 0xFB1D}, {0xFB1F, 0xFB28},
    {0xFB2A, 0xFD3D}, {0xFD50, 0xFDCE}, {0xFDD0, 0xFDFC}, {0xFE70, 0xFEFE}, {0x10800, 0x1091E},
    {0x10920, 0x10A00}, {0x10A04, 0x10A04}, {0x10A07, 0x10A0B}, {0x10A10, 0x10A37},
    {0x10A3B, 0x10A3E}, {0x10A40, 0x10AE4}, {0x10AE7, 0x10B38}, {0x10B40, 0x10D23},
    {0x10D28, 0x10D2F}, {0x10D3A, 0x10E5F}, {0x10E7F, 0x10EAA}, {0x10EAD, 0x10F45},
    {0x10F51, 0x10F81}, {0x10F86, 0x10FFF}, {0x1E800, 0x1E8CF}, {0x1E8D7, 0x1E943},
    {0x1E94B, 0x1EEEF}, {0x1EEF2, 0x1EFFF},
};
// category 'Y'
constexpr CodeRange category_59[] = {
    {0x401, 0x401}, {0x410, 0x44F}, {0x451, 0x451},
};
// category 'a'
constexpr CodeRange category_61[] = {
    {0x20, 0x7F},
};
// category 'b'
constexpr CodeRange category_62[] = {
    {0xA0, 0xA0}, {0xA4, 0xA4}, {0xAD, 0xAD}, {0x600, 0x6FF}, {0x870, 0x8FF}, {0xFB50, 0xFDFF},
    {0xFE70, 0xFEFE},
};
// category 'e'
constexpr CodeRange category_65[] = {
    {0x1200, 0x1399}, {0x2D80, 0x2DDE}, {0xAB01, 0xAB2E}, {0x1E7E0, 0x1E7FE},
};
// category 'g'
constexpr CodeRange category_67[] = {
    {0x370, 0x3FF}, {0x1F00, 0x1FFF}, {0x2C80, 0x2CFF},
};
// category 'i'
constexpr CodeRange category_69[] = {
    {0x901, 0x970},
};
// category 'k'
constexpr CodeRange category_6b[] = {
    {0xFF61, 0xFF9F},
};
// category 'l'
constexpr CodeRange category_6c[] = {
    {0x20, 0x2B8}, {0x1E00, 0x1EF9}, {0x24B6, 0x24E9}, {0x2C60, 0x2C7F}, {0xA720, 0xA7FF},
    {0xAB30, 0xAB64}, {0xFF21, 0xFF3A}, {0xFF41, 0xFF5A}, {0x1DF00, 0x1DFFF},
};
// category 'o'
constexpr CodeRange category_6f[] = {
    {0xE80, 0xEFF},
};
// category 'q'
constexpr CodeRange category_71[] = {
    {0xF00, 0xFFF},
};
// category 'r'
constexpr CodeRange category_72[] = {
    {0x21, 0x5B}, {0x5D, 0x7D}, {0xA5, 0xA5}, {0x203E, 0x203E},
};
// category 't'
constexpr CodeRange category_74[] = {
    {0xE00, 0xE7F},
};
// category 'v'
constexpr CodeRange category_76[] = {
    {0xC0, 0xC3}, {0xC8, 0xCA}, {0xCC, 0xCD}, {0xD2, 0xD5}, {0xD9, 0xDA}, {0xDD, 0xDD},
    {0xE0, 0xE3}, {0xE8, 0xEA}, {0xEC, 0xED}, {0xF2, 0xF5}, {0xF9, 0xFA}, {0xFD, 0xFD},
    {0x102, 0x103}, {0x110, 0x111}, {0x128, 0x129}, {0x168, 0x169}, {0x1A0, 0x1A1},
    {0x1AF, 0x1B0}, {0x1EA0, 0x1EF9},
};
// category 'y'
constexpr CodeRange category_79[] = {
    {0x400, 0x4FF}, {0x1C80, 0x1C8F}, {0xA640, 0xA69F},
};
// category '|'
constexpr CodeRange category_7c[] = {
    {0xF0B, 0xF0B}, {0xF0D, 0xF12}, {0xF14, 0xF14}, {0xF7F, 0xF7F}, {0x2E80, 0x312F},
    {0x3190, 0x9FD5}, {0xF900, 0xFAFF}, {0xFF01, 0xFF9F}, {0x20000, 0x2FFFF},
};
struct CategoryRanges {
    char letter;
    const CodeRange* ranges;
    std::size_t count;
};
constexpr CategoryRanges category_tables[] = {
    {'0', category_30, std::size(category_30)},
    {'1', category_31, std::size(category_31)},
    {'2', category_32, std::size(category_32)},
    {'3', category_33, std::size(category_33)},
    {'4', category_34, std::size(category_34)},
    {'5', category_35, std::size(category_35)},
    {'6', category_36, std::size(category_36)},
    {'9', category_39, std::size(category_39)},
    {'<', category_3c, std::size(category_3c)},
    {'>', category_3e, std::size(category_3e)},
    {'A', category_41, std::size(category_41)},
    {'C', category_43, std::size(category_43)},
    {'G', category_47, std::size(category_47)},
    {'H', category_48, std::size(category_48)},
    {'K', category_4b, std::size(category_4b)},
    {'R', category_52, std::size(category_52)},
    {'Y', category_59, std::size(category_59)},
    {'a', category_61, std::size(category_61)},
    {'b', category_62, std::size(category_62)},
    {'e', category_65, std::size(category_65)},
    {'g', category_67, std::size(category_67)},
    {'i', category_69, std::size(category_69)},
    {'k', category_6b, std::size(category_6b)},
    {'l', category_6c, std::size(category_6c)},
    {'o', category_6f, std::size(category_6f)},
    {'q', category_71, std::size(category_71)},
    {'r', category_72, std::size(category_72)},
    {'t', category_74, std::size(category_74)},
    {'v', category_76, std::size(category_76)},
    {'y', category_79, std::size(category_79)},
    {'|', category_7c, std::size(category_7c)},
};

// ---------------------------------------------------------------------------
// ICU pattern fragments.

// Concatenation by appending (GCC 12 warns, wrongly, on chains of `+`).
template <typename... Parts>
std::string cat(const Parts&... parts)
{
    std::string s;
    (s.append(parts), ...);
    return s;
}

// A code point as an ICU pattern escape: safe both inside and outside sets.
void append_escape(std::string& out, char32_t cp)
{
    static const char hex[] = "0123456789ABCDEF";
    char buf[16];
    int n = 0;
    do {
        buf[n++] = hex[cp & 0xF];
        cp >>= 4;
    } while (cp);
    out += "\\x{";
    while (n)
        out += buf[--n];
    out += '}';
}

// An Emacs character code (raw bytes are 0x3FFF80..0x3FFFFF) as the code
// point the UText shows ICU.
char32_t icu_code_point(char32_t c)
{
    return is_raw_byte_char(c) ? raw_byte_code_point(raw_byte_value(c)) : c;
}

// A literal character outside a set.
std::string literal_atom(char32_t c)
{
    c = icu_code_point(c);
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return std::string(1, static_cast<char>(c));
    std::string s;
    append_escape(s, c);
    return s;
}

void append_range(std::string& out, char32_t from, char32_t to)
{
    append_escape(out, from);
    if (to != from) {
        out += '-';
        append_escape(out, to);
    }
}

// The inside of an ICU set (no brackets) holding the ranges.
std::string ranges_inner(const CodeRange* r, std::size_t n)
{
    std::string s;
    for (std::size_t i = 0; i < n; ++i)
        append_range(s, r[i].from, r[i].to);
    return s;
}

template <std::size_t N>
std::string ranges_set(const CodeRange (&r)[N])
{
    return cat("[", ranges_inner(r, N), "]");
}

const std::string& word_set()
{
    static const std::string s = ranges_set(syntax_word);
    return s;
}

// Word or symbol syntax: what \_< and \_> look at.
const std::string& symbol_or_word_set()
{
    static const std::string s = cat("[", ranges_inner(syntax_word, std::size(syntax_word)),
                                     ranges_inner(syntax_symbol, std::size(syntax_symbol)), "]");
    return s;
}

const std::string empty_set = "[^\\x{0}-\\x{10FFFF}]";

// A set matched without case folding (one that is its own case closure).
std::string case_invariant(const std::string& set) { return cat("(?-i:", set, ")"); }

// Whether any character of [from, to] (Emacs codes) has case variants.
bool has_case(char32_t from, char32_t to)
{
    static const icu::UnicodeSet case_sensitive = [] {
        UErrorCode status = U_ZERO_ERROR;
        icu::UnicodeSet set;
        set.applyIntPropertyValue(UCHAR_CASE_SENSITIVE, 1, status);
        set.freeze();
        return set;
    }();
    to = std::min<char32_t>(to, max_unicode_char);
    return from <= to && !case_sensitive.containsNone(static_cast<UChar32>(from), static_cast<UChar32>(to));
}
const std::string any_char_set = "[\\x{0}-\\x{10FFFF}]";
const std::string non_ascii = "[\\x{80}-\\x{10FFFF}]";

// The set for syntax class designator `code` (\sC); empty for classes no
// character has in the standard syntax table and for invalid designators
// (Emacs 28 compiles those into a test that never succeeds).
std::string syntax_set(char32_t code)
{
    switch (code) {
    case ' ': case '-': return ranges_set(syntax_whitespace);
    case 'w': return word_set();
    case '_': return ranges_set(syntax_symbol);
    case '.': return ranges_set(syntax_punctuation);
    case '(': return ranges_set(syntax_open);
    case ')': return ranges_set(syntax_close);
    case '"': return ranges_set(syntax_string);
    case '\\': return ranges_set(syntax_escape);
    default: return empty_set;
    }
}

// The standard table's characters of syntax class `code` (0 when no
// character has it there).
std::pair<const CodeRange*, std::size_t> standard_ranges(char32_t code)
{
    switch (code) {
    case ' ': case '-': return {syntax_whitespace, std::size(syntax_whitespace)};
    case 'w': return {syntax_word, std::size(syntax_word)};
    case '_': return {syntax_symbol, std::size(syntax_symbol)};
    case '.': return {syntax_punctuation, std::size(syntax_punctuation)};
    case '(': return {syntax_open, std::size(syntax_open)};
    case ')': return {syntax_close, std::size(syntax_close)};
    case '"': return {syntax_string, std::size(syntax_string)};
    case '\\': return {syntax_escape, std::size(syntax_escape)};
    default: return {nullptr, 0};
    }
}

// The syntax-class sets a translation uses (\w, \sC, \_<, [:space:]...):
// the standard table's, or those of a table whose ASCII characters have
// other classes (a mode's: `:' and `-' are symbol constituents in Lisp),
// its non-ASCII characters keeping the standard classes.
class SyntaxSets {
public:
    explicit SyntaxSets(const AsciiSyntax* ascii) : m_ascii(ascii) {}

    const std::string& word() const
    {
        if (!m_ascii)
            return word_set();
        if (!m_word)
            m_word = set_of({'w'});
        return *m_word;
    }
    const std::string& symbol_or_word() const
    {
        if (!m_ascii)
            return symbol_or_word_set();
        if (!m_symbol_or_word)
            m_symbol_or_word = set_of({'w', '_'});
        return *m_symbol_or_word;
    }
    // \sC: empty for a class no character has, and for an invalid
    // designator (Emacs 28 compiles those into a test that never succeeds).
    std::string of(char32_t code) const
    {
        if (code == '-')
            code = ' ';
        if (!m_ascii)
            return syntax_set(code);
        return code < 128 ? set_of({static_cast<char>(code)}) : empty_set;
    }

private:
    std::string set_of(std::initializer_list<char> codes) const
    {
        std::string inner;
        for (char code : codes) {
            for (char32_t c = 0; c < 128; ++c)
                if (m_ascii->classes[c] == code)
                    append_escape(inner, c);
            auto [ranges, n] = standard_ranges(static_cast<char32_t>(code));
            for (std::size_t i = 0; i < n; ++i)
                if (ranges[i].to >= 0x80)
                    append_range(inner, std::max<char32_t>(ranges[i].from, 0x80), ranges[i].to);
        }
        return inner.empty() ? empty_set : cat("[", inner, "]");
    }

    const AsciiSyntax* m_ascii;
    mutable std::optional<std::string> m_word, m_symbol_or_word;
};

// The set for category `c` (\cC); unknown categories match nothing, as in Emacs.
std::string category_set(char32_t c)
{
    for (const auto& t : category_tables)
        if (static_cast<char32_t>(t.letter) == c)
            return cat("[", ranges_inner(t.ranges, t.count), "]");
    switch (c) {
    case '.': return "[^\\p{M}\\p{C}]";                        // base characters
    case 'L': return "[\\p{bc=L}]";                            // strong left-to-right
    case '^': return "[\\p{M}]";                               // combining
    case 'c': return "[\\p{sc=Hani}\\p{sc=Bopo}\\x{3000}-\\x{303F}\\x{FF01}-\\x{FF5E}]";
    case 'h': return "[\\p{sc=Hang}\\p{sc=Hani}\\x{3000}-\\x{303F}]";
    case 'j': return "[\\p{sc=Hani}\\p{sc=Hira}\\p{sc=Kana}\\x{3000}-\\x{303F}\\x{FF01}-\\x{FF9F}]";
    default: return empty_set;
    }
}

// Emacs's character classes ([:alpha:] ...): ASCII as C's ctype, other
// characters as Emacs 28 decides them (Unicode general categories, or the
// syntax table for space, word and punct). Empty string: unknown name.
//
// With case folding ICU closes each operand of a set difference over case,
// which would empty [:lower:]; Emacs then matches any cased letter for both
// [:upper:] and [:lower:], so `case_fold` says which form to use.
std::string class_set(std::string_view name, bool case_fold, const SyntaxSets& sets)
{
    const std::string not_ascii = "-[\\x{0}-\\x{7F}]";
    if (name == "alpha") return cat("[A-Za-z[[\\p{L}\\p{M}\\p{Nl}]", not_ascii, "]]");
    if (name == "alnum") return cat("[0-9A-Za-z[[\\p{L}\\p{M}\\p{Nl}\\p{Nd}]", not_ascii, "]]");
    if (name == "digit") return "[0-9]";
    if (name == "xdigit") return "[0-9A-Fa-f]";
    if (name == "cntrl") return "[\\x{0}-\\x{1F}]";
    if (name == "blank") return cat("[\\x{9}\\x{20}[\\p{Zs}", not_ascii, "]]");
    if (name == "space") return sets.of(' ');
    // Raw bytes have word syntax (\w matches them) but are in no class.
    const std::string not_raw = "-[\\x{10FF80}-\\x{10FFFF}]";
    if (name == "word") return cat("[", sets.word(), not_raw, "]");
    if (case_fold && (name == "upper" || name == "lower"))
        return "[\\p{Changes_When_Lowercased}\\p{Changes_When_Uppercased}]";
    if (name == "upper") return "[\\p{Changes_When_Lowercased}]";
    if (name == "lower") return "[[\\p{Changes_When_Uppercased}]-[\\p{Changes_When_Lowercased}]]";
    if (name == "punct")
        return cat("[\\x{21}-\\x{2F}\\x{3A}-\\x{40}\\x{5B}-\\x{60}\\x{7B}-\\x{7E}[", non_ascii, "-", sets.word(), "]]");
    if (name == "graph")
        return cat("[\\x{21}-\\x{7E}[[^\\p{Zs}\\p{Zl}\\p{Zp}\\p{Cc}\\p{Cs}\\p{Cn}]", not_ascii, not_raw, "]]");
    if (name == "print") return cat("[\\x{20}-\\x{7E}[[^\\p{Cc}\\p{Cs}\\p{Cn}]", not_ascii, not_raw, "]]");
    if (name == "ascii" || name == "unibyte") return "[\\x{0}-\\x{7F}]";
    if (name == "nonascii") return "[\\x{80}-\\x{10FF7F}]";
    if (name == "multibyte") return "[\\x{80}-\\x{10FF7F}]";
    return {};
}

// An ICU set written as explicit ranges. ICU evaluates a script property
// in a pattern by scanning the code space (~20 us each): the sets below are
// resolved once here instead of in every pattern that uses \b.
std::string resolved_set(const char* icu_set)
{
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeSet set(icu::UnicodeString(icu_set, -1, US_INV), status);
    std::string s = "[";
    for (int32_t i = 0; U_SUCCESS(status) && i < set.getRangeCount(); ++i)
        append_range(s, static_cast<char32_t>(set.getRangeStart(i)), static_cast<char32_t>(set.getRangeEnd(i)));
    return s + "]";
}

// Emacs puts a word boundary between two word characters of different
// scripts, except before or after a combining mark and from Han to kana;
// Hiragana to Katakana is one. Scripts here are Latin (with all of
// U+0000..U+024F), Han, Hiragana, Katakana, Hangul, and everything else
// (so Greek next to Cyrillic is no boundary); marks of the Inherited script
// are neutral. Assumes both neighbours are word characters.
const std::string& script_boundary()
{
    static const std::string s = [] {
        const char* marks = "\\p{sc=Zinh}";
        const char* latin = "\\x{0}-\\x{24F}\\p{sc=Latn}";
        const char* han = "\\p{sc=Hani}";
        const char* hira = "\\p{sc=Hira}";
        const char* kana = "\\p{sc=Kana}";
        const char* hang = "\\p{sc=Hang}";
        std::string known = cat(latin, han, hira, kana, hang, marks);
        // Each group: what it is, and what may follow it without a boundary.
        const std::pair<std::string, std::string> groups[] = {
            {cat("[", latin, "]"), cat("[", latin, marks, "]")},
            {cat("[", han, "]"), cat("[", han, hira, kana, marks, "]")},
            {cat("[", hira, "]"), cat("[", hira, marks, "]")},
            {cat("[", kana, "]"), cat("[", kana, hira, marks, "]")},
            {cat("[", hang, "]"), cat("[", hang, marks, "]")},
            {cat("[^", known, "]"), cat("[[^", known, "]", marks, "]")},
        };
        std::string alts;
        for (const auto& [group, same] : groups)
            alts += cat(alts.empty() ? "" : "|", "(?<=", resolved_set(group.c_str()), ")(?!",
                        resolved_set(same.c_str()), ")");
        return cat("(?:", alts, ")");
    }();
    return s;
}

// ---------------------------------------------------------------------------
// Translation.

// How a translation runs. ICU's \A and \z (and ^ $) stop either at the
// ends of the text or at the ends of the search region ("anchoring
// bounds"). `plain` runs with the text's ends: ^ $ \` \' are ICU's own.
// The other modes run with anchoring bounds, write ^ $ \` \' as lookarounds
// (which see the whole text), and keep \A and \z for the region's ends:
// the match limit, which Emacs's \< and \_< need (the character after them
// must lie inside it: re-search-backward from a word start finds the
// previous one), and point for \=, at the region's start (forward search,
// looking-at) or end (backward search). In the first two modes \= never
// matches.
enum class Mode { plain, anchored, point_start, point_end };

struct Translation {
    std::string icu;
    std::vector<int> group_of; // ICU group i+1 -> Emacs group
    std::size_t group_count = 0;
    bool uses_point = false;
    bool uses_limit = false; // \< or \_<: run anchored
};

[[noreturn]] void invalid(const char* message)
{
    throw Error("invalid-regexp", message);
}

// Decodes one character of internal text: raw bytes (and, defensively, the
// bytes of malformed sequences) give Emacs's raw-byte character codes.
char32_t decode_char(const unsigned char* b, std::size_t avail, int& len)
{
    unsigned char b0 = b[0];
    if (b0 < 0x80) {
        len = 1;
        return b0;
    }
    if (is_raw_byte_lead(b0) && avail >= 2 && is_continuation_byte(b[1])) {
        len = 2;
        return raw_byte_char(static_cast<std::uint8_t>(0x80 | ((b0 & 1) << 6) | (b[1] & 0x3F)));
    }
    int n = utf8_sequence_status(reinterpret_cast<const char*>(b), avail);
    if (n < 2) {
        len = 1;
        return raw_byte_char(b0);
    }
    len = n;
    char32_t c = b0 & (0x7F >> n);
    for (int i = 1; i < n; ++i)
        c = (c << 6) | (b[i] & 0x3F);
    return c;
}

// Mirrors regex_compile in Emacs's regex-emacs.c, emitting ICU syntax.
class Translator {
public:
    Translator(std::string_view source, Mode mode, bool case_fold, const AsciiSyntax* ascii)
        : m_p(reinterpret_cast<const unsigned char*>(source.data())), m_end(m_p + source.size()), m_mode(mode),
          m_case_fold(case_fold), m_sets(ascii)
    {
        m_frames.emplace_back();
    }

    Translation run();

private:
    static constexpr std::size_t none = std::string::npos;
    static constexpr int max_regnum = 255;

    // One open group: its ICU text so far and where its last atom starts
    // (Emacs's `laststart`; none where a repetition operator is literal).
    struct Frame {
        std::string out;
        std::size_t last = none;
        bool last_simple = true; // one ICU atom a quantifier may follow
        // Whether the current alternative can match the empty string: all
        // atoms before the last, the last, and any earlier alternative.
        bool prefix_nullable = true;
        bool last_nullable = true;
        bool alt_nullable = false;
        bool nullable() const { return alt_nullable || (prefix_nullable && last_nullable); }
        int regnum = 0;        // Emacs group number; 0 for a shy group
        bool capture = false;
        std::size_t first_group = 0; // index in group_of of the first ICU group inside
        std::size_t last_groups = 0; // same, for the groups inside the last atom
    };

    Frame& top() { return m_frames.back(); }
    bool at_end() const { return m_p == m_end; }
    char32_t fetch();
    char32_t fetch_or_premature_end();
    bool next_is(const char* s) const;

    // Every atom is one ICU atom (a character, a set, or a group) so that a
    // quantifier can follow it; `nullable`: it can match the empty string.
    void atom(const std::string& icu, bool nullable = false);
    // An atom holding the ICU groups group_of[groups_inside...].
    void atom(const std::string& icu, bool nullable, std::size_t groups_inside);
    void quantify(const std::string& q);
    void literal(char32_t c) { atom(literal_atom(c)); }

    void repetition(char32_t c);
    void bracket();
    bool char_class(std::string& items);
    void add_range(std::string& items, char32_t from, char32_t to);
    void backslash();
    void open_group();
    void close_group();
    void interval();
    void back_reference(int n);
    bool group_open(int regnum) const;

    // Anchors, written per mode (see Mode).
    bool lookaround_anchors() const { return m_mode != Mode::plain; }
    std::string text_start() const { return lookaround_anchors() ? cat("(?<!", any_char_set, ")") : "\\A"; }
    std::string text_end() const { return lookaround_anchors() ? cat("(?!", any_char_set, ")") : "\\z"; }
    std::string word_boundary() const;

    const unsigned char* m_p;
    const unsigned char* m_end;
    Mode m_mode;
    bool m_case_fold;
    SyntaxSets m_sets;
    std::vector<Frame> m_frames;
    Translation m_result;
    int m_nsub = 0;
    bool m_alt_start = true; // just after the start, \( or \| (where ^ is special)
};

char32_t Translator::fetch()
{
    int len;
    char32_t c = decode_char(m_p, static_cast<std::size_t>(m_end - m_p), len);
    m_p += len;
    return c;
}

char32_t Translator::fetch_or_premature_end()
{
    if (at_end())
        invalid("Premature end of regular expression");
    return fetch();
}

bool Translator::next_is(const char* s) const
{
    std::size_t n = std::strlen(s);
    return static_cast<std::size_t>(m_end - m_p) >= n && std::memcmp(m_p, s, n) == 0;
}

void Translator::atom(const std::string& icu, bool nullable)
{
    atom(icu, nullable, m_result.group_of.size());
}

void Translator::atom(const std::string& icu, bool nullable, std::size_t groups_inside)
{
    Frame& f = top();
    f.last = f.out.size();
    f.last_groups = groups_inside;
    f.last_simple = true;
    f.prefix_nullable = f.prefix_nullable && f.last_nullable;
    f.last_nullable = nullable;
    f.out += icu;
}

// Applies a quantifier to the last atom. A quantified atom is grouped first
// so that a second operator (Emacs's `a\{2\}*`) applies to the whole, never
// as ICU's possessive `*+`; single atoms are not, so that ICU's fast loops
// (`.*`, `[set]*`) still apply.
//
// ICU 72 loops forever on a lazy `*?` or `+?` over something that can match
// the empty string (`(?:a*)*?x` against "ab"): its lazy loops lack the
// empty-iteration check of its greedy ones. `(?:|X)*` tries the same
// iteration counts in the same order (fewest first) with that check; `X+?`
// becomes `X(?:|X)*`, the copy's groups standing for the same Emacs groups.
void Translator::quantify(const std::string& q)
{
    Frame& f = top();
    bool lazy_loop = q == "*?" || q == "+?";
    if (!f.last_simple || (lazy_loop && f.last_nullable)) {
        std::string last = f.out.substr(f.last);
        f.out.resize(f.last);
        if (lazy_loop && f.last_nullable) {
            if (q == "+?") {
                f.out += cat("(?:", last, ")");
                auto& groups = m_result.group_of;
                std::vector<int> copies(groups.begin() + static_cast<std::ptrdiff_t>(f.last_groups), groups.end());
                groups.insert(groups.end(), copies.begin(), copies.end());
            }
            f.out += cat("(?:|", last, ")*");
            f.last_simple = false;
            return;
        }
        f.out += cat("(?:", last, ")");
    }
    f.out += q;
    f.last_simple = false;
    if (q[0] == '*' || q[0] == '?' || q.rfind("{0", 0) == 0)
        f.last_nullable = true;
}

Translation Translator::run()
{
    while (!at_end()) {
        bool alt_start = m_alt_start;
        m_alt_start = false;
        char32_t c = fetch();
        switch (c) {
        case '^':
            if (!alt_start) {
                literal(c);
                break;
            }
            top().out += lookaround_anchors() ? "(?<![^\\n])" : "^";
            top().last = none;
            break;
        case '$':
            if (!(at_end() || next_is("\\)") || next_is("\\|"))) {
                literal(c);
                break;
            }
            top().out += lookaround_anchors() ? "(?![^\\n])" : "$";
            break;
        case '*': case '+': case '?':
            repetition(c);
            break;
        case '.':
            atom(".");
            break;
        case '[':
            bracket();
            break;
        case '\\':
            backslash();
            break;
        default:
            literal(c);
            break;
        }
    }
    if (m_frames.size() > 1)
        invalid("Unmatched ( or \\(");
    m_result.icu = std::move(top().out);
    m_result.group_count = static_cast<std::size_t>(std::min(m_nsub, max_regnum));
    return std::move(m_result);
}

// A run of * + ? collapses into one operator, as in Emacs: `?` after another
// operator makes it non-greedy, `+*` is `*`, `?+` is `*`...
void Translator::repetition(char32_t c)
{
    if (top().last == none) {
        literal(c);
        return;
    }
    bool zero = false, many = false, greedy = true;
    for (;;) {
        if (c == '?' && (zero || many))
            greedy = false;
        else {
            zero |= c != '+';
            many |= c != '?';
        }
        if (at_end() || !(*m_p == '*' || *m_p == '+' || *m_p == '?'))
            break;
        c = *m_p++;
    }
    std::string q = many ? (zero ? "*" : "+") : "?";
    if (!greedy)
        q += '?';
    quantify(q);
}

// [...]: `]` first is literal, `^` first negates, backslash is literal,
// [:class:] anywhere; a reversed range is empty (Emacs 28 does not complain).
void Translator::bracket()
{
    if (at_end())
        invalid("Unmatched [ or [^");
    bool negate = *m_p == '^';
    if (negate)
        ++m_p;
    const unsigned char* first = m_p;
    std::string items;
    bool cased = false; // a literal character or range that case folding changes
    for (;;) {
        const unsigned char* here = m_p;
        if (at_end())
            invalid("Unmatched [ or [^");
        if (char_class(items)) {
            if (at_end())
                invalid("Unmatched [ or [^");
            continue;
        }
        char32_t c = fetch();
        if (c == ']' && here != first)
            break;
        char32_t c1 = c;
        // Emacs peeks one byte past the end here (the string's NUL), so a
        // trailing `-` starts a range and then runs out of pattern.
        if (!at_end() && *m_p == '-' && (m_p + 1 == m_end || m_p[1] != ']')) {
            ++m_p;
            c1 = fetch_or_premature_end();
            if (is_raw_byte_char(c1) && c >= 0x80 && !is_raw_byte_char(c))
                c = c1 + 1; // a range from a multibyte char to a raw byte is empty
        }
        add_range(items, c, c1);
        cased = cased || has_case(c, c1);
    }
    if (items.empty())
        atom(negate ? any_char_set : empty_set);
    else if (cased || !m_case_fold)
        atom(cat(negate ? "[^" : "[", items, "]"));
    else
        atom(case_invariant(cat(negate ? "[^" : "[", items, "]"))); // classes only: see backslash()
}

// [:name:] at the current position (re_wctype_parse): a class is anything
// up to the next ":]", so an unknown name is an error, not literal text.
bool Translator::char_class(std::string& items)
{
    std::size_t left = static_cast<std::size_t>(m_end - m_p);
    if (left < 4 || m_p[0] != '[' || m_p[1] != ':')
        return false;
    std::string_view rest(reinterpret_cast<const char*>(m_p + 2), left - 2);
    std::size_t close = rest.find(":]");
    if (close == std::string_view::npos)
        return false;
    std::string set = class_set(rest.substr(0, close), m_case_fold, m_sets);
    if (set.empty())
        invalid("Invalid character class name");
    items += set;
    m_p += 2 + close + 2;
    return true;
}

// A range of Emacs character codes; the ASCII part of a range ending in a
// raw byte stops at 0x7F and the rest covers raw bytes only, as in Emacs.
void Translator::add_range(std::string& items, char32_t from, char32_t to)
{
    if (from > to)
        return;
    if (from < 0x80) {
        char32_t ascii_end = std::min<char32_t>(0x7F, to);
        append_range(items, from, ascii_end);
        from = is_raw_byte_char(to) ? raw_byte_char(0x80) : ascii_end + 1;
        if (from > to)
            return;
    }
    if (is_raw_byte_char(from))
        append_range(items, icu_code_point(from), icu_code_point(to));
    else
        append_range(items, from, std::min<char32_t>(to, max_unicode_char));
}

void Translator::backslash()
{
    if (at_end())
        invalid("Trailing backslash");
    char32_t c = fetch();
    const std::string& w = m_sets.word();
    switch (c) {
    case '(': open_group(); break;
    case ')': close_group(); break;
    case '|': {
        Frame& f = top();
        f.out += '|';
        f.last = none;
        f.alt_nullable = f.nullable();
        f.prefix_nullable = f.last_nullable = true;
        m_alt_start = true;
        break;
    }
    case '{': interval(); break;
    case '=':
        m_result.uses_point = true;
        atom(m_mode == Mode::point_start ? "(?:\\A)" : m_mode == Mode::point_end ? "(?:\\z)" : "(?:(?!))", true);
        break;
    // Syntax, category and word sets are the same in either case: (?-i:)
    // spares ICU closing each over case, which cost 5 ms a set (a regexp
    // of a thousand \w took 5 s to compile, and could not be quit).
    case 's': atom(case_invariant(m_sets.of(fetch_or_premature_end()))); break;
    case 'S': atom(case_invariant(cat("[^", m_sets.of(fetch_or_premature_end()), "]"))); break;
    case 'c': atom(case_invariant(category_set(fetch_or_premature_end()))); break;
    case 'C': atom(case_invariant(cat("[^", category_set(fetch_or_premature_end()), "]"))); break;
    case 'w': atom(case_invariant(w)); break;
    case 'W': atom(case_invariant(cat("[^", w, "]"))); break;
    case '<':
        m_result.uses_limit = true;
        atom(cat("(?-i:(?=", w, ")(?!\\z)(?:(?<!", w, ")|", script_boundary(), "))"), true);
        break;
    case '>': atom(cat("(?-i:(?<=", w, ")(?:(?!", w, ")|", script_boundary(), "))"), true); break;
    case 'b': atom(cat("(?-i:", word_boundary(), ")"), true); break;
    case 'B': atom(cat("(?-i:(?!", word_boundary(), "))"), true); break;
    case '_': {
        char32_t d = fetch_or_premature_end();
        const std::string& s = m_sets.symbol_or_word();
        if (d == '<') {
            m_result.uses_limit = true;
            atom(cat("(?-i:(?<!", s, ")(?=", s, ")(?!\\z))"), true);
        }
        else if (d == '>')
            atom(cat("(?-i:(?<=", s, ")(?!", s, "))"), true);
        else
            invalid("Invalid regular expression");
        break;
    }
    case '`':
        // Emacs 28 leaves `laststart` alone here: at the start of an
        // alternative a following * is literal, elsewhere it repeats the
        // previous atom together with \`.
        top().out += text_start();
        if (top().last != none)
            top().last_simple = false;
        break;
    case '\'': atom(cat("(?:", text_end(), ")"), true); break;
    case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        back_reference(static_cast<int>(c - '0'));
        break;
    default:
        literal(c); // \. \* \[ ... and \n, \t, which are plain n and t
        break;
    }
}

// Emacs's \b also matches at the very start and end of the text, even next
// to a non-word character, and \B never does.
std::string Translator::word_boundary() const
{
    const std::string& w = m_sets.word();
    return cat(text_start(), "|", text_end(), "|(?<=", w, ")(?:(?!", w, ")|", script_boundary(), ")|(?<!", w, ")(?=", w,
               ")");
}

void Translator::open_group()
{
    bool shy = false;
    int regnum = 0;
    if (m_end - m_p > 1 && *m_p == '?') {
        ++m_p;
        while (!shy) {
            char32_t c = fetch_or_premature_end();
            if (c == ':')
                shy = true;
            else if (c >= '0' && c <= '9') {
                if (c == '0' && regnum == 0)
                    invalid("Invalid regular expression");
                if (regnum > (0x7FFFFFFF - 9) / 10)
                    invalid("Regular expression too big");
                regnum = regnum * 10 + static_cast<int>(c - '0');
            } else
                invalid("Invalid regular expression");
        }
    }
    Frame f;
    f.first_group = m_result.group_of.size();
    if (!shy)
        regnum = ++m_nsub;
    else if (regnum) {
        if (regnum > m_nsub)
            m_nsub = regnum;
        else if (group_open(regnum))
            invalid("Invalid regular expression");
    }
    // Like Emacs, record groups up to number 255 only (MAX_REGNUM).
    if (regnum > 0 && regnum <= max_regnum) {
        f.regnum = regnum;
        f.capture = true;
        m_result.group_of.push_back(regnum);
    }
    m_frames.push_back(std::move(f));
    m_alt_start = true;
}

void Translator::close_group()
{
    if (m_frames.size() == 1)
        invalid("Unmatched ) or \\)");
    Frame f = std::move(top());
    m_frames.pop_back();
    atom(cat(f.capture ? "(" : "(?:", f.out, ")"), f.nullable(), f.first_group);
}

bool Translator::group_open(int regnum) const
{
    for (const Frame& f : m_frames)
        if (f.capture && f.regnum == regnum)
            return true;
    return false;
}

// \{n,m\}; parsed (and errors found) before deciding that, with nothing to
// repeat, the \{ is a literal { and the rest is read again as pattern.
void Translator::interval()
{
    const unsigned char* begin = m_p;
    char32_t c = 0;
    auto count = [&](int& num) {
        if (at_end())
            invalid("Unmatched \\{");
        c = fetch();
        while (c >= '0' && c <= '9') {
            if (num < 0)
                num = 0;
            int digit = static_cast<int>(c - '0');
            if (0xFFFF / 10 - (0xFFFF % 10 < digit) < num)
                invalid("Invalid content of \\{\\}");
            num = num * 10 + digit;
            if (at_end())
                invalid("Unmatched \\{");
            c = fetch();
        }
    };
    int lower = 0, upper = -1;
    count(lower);
    if (c == ',')
        count(upper);
    else
        upper = lower;
    if (lower < 0 || (upper >= 0 && upper < lower) || c != '\\')
        invalid("Invalid content of \\{\\}");
    if (at_end())
        invalid("Trailing backslash");
    if (*m_p++ != '}')
        invalid("Invalid content of \\{\\}");
    if (top().last == none) {
        literal('{');
        m_p = begin;
        return;
    }
    std::string q = cat("{", std::to_string(lower));
    if (upper != lower)
        q += upper < 0 ? std::string(",") : cat(",", std::to_string(upper));
    quantify(cat(q, "}"));
}

// \N: an error for a group not yet closed or beyond the groups seen so far;
// a group that exists only as a number never matches.
void Translator::back_reference(int n)
{
    if (n > m_nsub || group_open(n))
        invalid("Invalid back reference");
    std::string alts;
    for (std::size_t i = m_result.group_of.size(); i-- > 0;) {
        if (m_result.group_of[i] != n)
            continue;
        if (!alts.empty())
            alts += '|';
        alts += cat("\\", std::to_string(i + 1));
    }
    atom(alts.empty() ? std::string("(?:(?!))") : cat("(?:", alts, ")"), true);
}

Translation translate(std::string_view source, Mode mode, bool case_fold, const AsciiSyntax* ascii)
{
    return Translator(source, mode, case_fold, ascii).run();
}

// The translation for searches that do not involve point: plain unless the
// regexp needs the match limit.
Translation translate_for_search(std::string_view source, bool case_fold, const AsciiSyntax* ascii, Mode& mode)
{
    mode = Mode::plain;
    Translation t = translate(source, mode, case_fold, ascii);
    if (t.uses_limit) {
        mode = Mode::anchored;
        t = translate(source, mode, case_fold, ascii);
    }
    return t;
}

} // namespace

std::string translate_emacs_regexp(std::string_view emacs, const AsciiSyntax* ascii)
{
    Mode mode;
    return translate_for_search(emacs, false, ascii, mode).icu;
}

std::string regexp_quote(std::string_view literal)
{
    std::string out;
    out.reserve(literal.size());
    for (char c : literal) {
        if (std::strchr("[*.\\?+^$", c) && c != '\0')
            out += '\\';
        out += c;
    }
    return out;
}

namespace {

// ---------------------------------------------------------------------------
// A UText over SplitText whose native indexes are byte offsets.
//
// ICU reads text a chunk of UTF-16 at a time. Each chunk records, per UTF-16
// unit, the byte offset of its character, so native <-> UTF-16 mapping is
// an array lookup (a binary search the other way); an all-ASCII prefix maps
// 1:1 and ICU uses it without calling us. Two chunks are kept, as ICU's own
// UTF-8 provider does, so that moving back and forth across a chunk edge
// (lookbehind, backtracking) does not refill. Raw bytes decode to
// raw_byte_code_point; a chunk edge never splits a character.

constexpr std::int32_t chunk_units = 512;
// The first chunk after an open is small and each forward fill doubles up to
// chunk_units: a string-match finding a match a few characters from its
// start (a loop over a long string) decodes those characters, not 512.
constexpr std::int32_t first_chunk_units = 32;

struct Chunk {
    std::int64_t start; // native start; -1: an empty slot
    std::int64_t limit;
    std::int32_t length;         // UTF-16 units
    std::int32_t indexing_limit; // units of the all-ASCII prefix
    char16_t units[chunk_units + 2];
    std::int32_t offsets[chunk_units + 3]; // byte offset from start per unit, and at `length`
};

struct SplitState {
    const char* p1;
    std::int64_t n1;
    const char* p2;
    std::int64_t n2;
    int current; // index of the chunk ICU is looking at
    std::int32_t next_fill_units;
    std::int64_t last_forward_fill; // where the last forward fill was asked for
    Chunk chunks[2];

    std::int32_t take_fill_units()
    {
        std::int32_t units = next_fill_units;
        next_fill_units = std::min(chunk_units, 2 * units);
        return units;
    }

    std::int64_t size() const { return n1 + n2; }
    unsigned char byte(std::int64_t i) const
    {
        return static_cast<unsigned char>(i < n1 ? p1[i] : p2[i - n1]);
    }
};

SplitState& split_state(const UText* ut)
{
    return *static_cast<SplitState*>(ut->pExtra);
}

// Start of the character containing byte i (well-formed text: at most three
// continuation bytes back; a raw byte's second byte goes back to its lead).
std::int64_t char_start(const SplitState& s, std::int64_t i)
{
    for (int k = 0; k < 3 && i > 0 && i < s.size() && is_continuation_byte(s.byte(i)); ++k)
        --i;
    return i;
}

char32_t decode_at(const SplitState& s, std::int64_t i, int& len)
{
    // Two- and (most) three-byte characters, which are always well formed
    // with these leads, decode in place; the rest through decode_char.
    std::int64_t n = s.size();
    unsigned char b0 = s.byte(i);
    if (b0 >= 0xC2 && b0 <= 0xDF && i + 1 < n && is_continuation_byte(s.byte(i + 1))) {
        len = 2;
        return (char32_t(b0 & 0x1F) << 6) | (s.byte(i + 1) & 0x3F);
    }
    if (b0 >= 0xE1 && b0 <= 0xEF && b0 != 0xED && i + 2 < n && is_continuation_byte(s.byte(i + 1)) &&
        is_continuation_byte(s.byte(i + 2))) {
        len = 3;
        return (char32_t(b0 & 0x0F) << 12) | (char32_t(s.byte(i + 1) & 0x3F) << 6) | (s.byte(i + 2) & 0x3F);
    }
    unsigned char b[4];
    std::int64_t avail = std::min<std::int64_t>(4, s.size() - i);
    for (std::int64_t k = 0; k < avail; ++k)
        b[k] = s.byte(i + k);
    return icu_code_point(decode_char(b, static_cast<std::size_t>(avail), len));
}

// Fills `ch` with about `units` UTF-16 units (at most chunk_units) of
// characters starting at `start` (a character start).
void fill_chunk(const SplitState& s, Chunk& ch, std::int64_t start, std::int32_t units)
{
    std::int64_t pos = start, n = s.size();
    std::int32_t u = 0, ascii_prefix = -1;
    while (u < units && pos < n) {
        // Hot loop: ASCII straight from the piece holding pos.
        bool in_first = pos < s.n1;
        const char* base = in_first ? s.p1 : s.p2;
        std::int64_t base_pos = in_first ? 0 : s.n1;
        std::int64_t run_end = std::min(in_first ? s.n1 : n, pos + (units - u));
        while (pos < run_end) {
            auto b = static_cast<unsigned char>(base[pos - base_pos]);
            if (b >= 0x80)
                break;
            ch.units[u] = b;
            ch.offsets[u++] = static_cast<std::int32_t>(pos++ - start);
        }
        if (u >= units || pos >= n || s.byte(pos) < 0x80)
            continue;
        if (ascii_prefix < 0)
            ascii_prefix = u;
        int len;
        char32_t c = decode_at(s, pos, len);
        auto offset = static_cast<std::int32_t>(pos - start);
        if (c > 0xFFFF) {
            ch.units[u] = U16_LEAD(c);
            ch.offsets[u++] = offset;
            ch.units[u] = U16_TRAIL(c);
        } else
            ch.units[u] = static_cast<char16_t>(c);
        ch.offsets[u++] = offset;
        pos += len;
    }
    ch.offsets[u] = static_cast<std::int32_t>(pos - start);
    ch.start = start;
    ch.limit = pos;
    ch.length = u;
    ch.indexing_limit = ascii_prefix < 0 ? u : ascii_prefix;
}

// A chunk that reaches back from `index`, for backward iteration.
void fill_chunk_before(const SplitState& s, Chunk& ch, std::int64_t index)
{
    fill_chunk(s, ch, char_start(s, std::max<std::int64_t>(0, index - (chunk_units - 8))), chunk_units);
}

// A chunk for reading forward from `index`. re-search-backward's anchored
// tries read forward from from, from-1, from-2...: a chunk starting at each
// was filled again at each try (in a long buffer, 512 units a try: 4-6x
// Emacs's time). Once reading starts before the last forward fill, the
// chunk reaches back too. (512 units span at least 512 bytes: `index`,
// 448 bytes on, is inside.)
void fill_chunk_from(SplitState& s, Chunk& ch, std::int64_t index)
{
    const bool moving_back =
        s.last_forward_fill != std::numeric_limits<std::int64_t>::max() && index < s.last_forward_fill;
    s.last_forward_fill = index;
    if (moving_back)
        fill_chunk(s, ch, char_start(s, std::max<std::int64_t>(0, index - (chunk_units - 64))), chunk_units);
    else
        fill_chunk(s, ch, char_start(s, index), s.take_fill_units());
}

// UTF-16 offset in `ch` of the character containing native `index`.
std::int32_t unit_of(const Chunk& ch, std::int64_t index)
{
    auto rel = static_cast<std::int32_t>(index - ch.start);
    if (rel <= ch.indexing_limit)
        return rel;
    const std::int32_t* end = ch.offsets + ch.length + 1;
    auto u = static_cast<std::int32_t>(std::upper_bound(ch.offsets, end, rel) - ch.offsets) - 1;
    while (u > 0 && ch.offsets[u - 1] == ch.offsets[u])
        --u; // the trail of a surrogate pair: back to its lead
    return u;
}

void publish(UText* ut, std::int32_t offset)
{
    const Chunk& ch = split_state(ut).chunks[split_state(ut).current];
    ut->chunkContents = ch.units;
    ut->chunkLength = ch.length;
    ut->chunkNativeStart = ch.start;
    ut->chunkNativeLimit = ch.limit;
    ut->nativeIndexingLimit = ch.indexing_limit;
    ut->chunkOffset = offset;
}

// Makes the chunk for which `holds(chunk)` is true current, filling the other
// slot with `fill` when neither holds; returns it.
template <typename Holds, typename Fill>
const Chunk& select_chunk(UText* ut, Holds holds, Fill fill)
{
    SplitState& s = split_state(ut);
    Chunk& cur = s.chunks[s.current];
    if (cur.start >= 0 && holds(cur))
        return cur;
    s.current ^= 1;
    Chunk& other = s.chunks[s.current];
    if (!(other.start >= 0 && holds(other)))
        fill(other);
    return other;
}

UBool U_CALLCONV split_access(UText* ut, int64_t index, UBool forward)
{
    SplitState& s = split_state(ut);
    std::int64_t n = s.size();
    index = std::clamp<std::int64_t>(index, 0, n);
    if (forward) {
        if (index < n) {
            const Chunk& ch = select_chunk(
                ut, [&](const Chunk& c) { return c.start <= index && index < c.limit; },
                [&](Chunk& c) { fill_chunk_from(s, c, index); });
            publish(ut, unit_of(ch, index));
            return true;
        }
        const Chunk& ch = select_chunk(
            ut, [&](const Chunk& c) { return c.limit == n; }, [&](Chunk& c) { fill_chunk_before(s, c, n); });
        publish(ut, ch.length);
        return false;
    }
    if (index > 0) {
        const Chunk& ch = select_chunk(
            ut, [&](const Chunk& c) { return c.start < index && index <= c.limit; },
            [&](Chunk& c) { fill_chunk_before(s, c, index); });
        publish(ut, unit_of(ch, index));
        return true;
    }
    select_chunk(ut, [&](const Chunk& c) { return c.start == 0; },
                 [&](Chunk& c) { fill_chunk(s, c, 0, s.take_fill_units()); });
    publish(ut, 0);
    return false;
}

int64_t U_CALLCONV split_native_length(UText* ut)
{
    return split_state(ut).size();
}

int64_t U_CALLCONV split_map_offset_to_native(const UText* ut)
{
    const SplitState& s = split_state(ut);
    const Chunk& ch = s.chunks[s.current];
    return ch.start + ch.offsets[ut->chunkOffset];
}

int32_t U_CALLCONV split_map_native_index_to_utf16(const UText* ut, int64_t index)
{
    const SplitState& s = split_state(ut);
    return unit_of(s.chunks[s.current], index);
}

int32_t U_CALLCONV split_extract(UText* ut, int64_t start, int64_t limit, char16_t* dest, int32_t capacity,
                                 UErrorCode* status)
{
    if (U_FAILURE(*status))
        return 0;
    if (capacity < 0 || (dest == nullptr && capacity > 0) || start > limit) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    SplitState& s = split_state(ut);
    std::int64_t pos = char_start(s, std::clamp<std::int64_t>(start, 0, s.size()));
    std::int64_t end = char_start(s, std::clamp<std::int64_t>(limit, 0, s.size()));
    std::int32_t n = 0;
    while (pos < end) {
        int len;
        char32_t c = decode_at(s, pos, len);
        char16_t pair[2];
        int k = 0;
        U16_APPEND_UNSAFE(pair, k, c);
        for (int i = 0; i < k; ++i, ++n)
            if (n < capacity)
                dest[n] = pair[i];
        pos += len;
    }
    split_access(ut, end, true);
    if (n < capacity)
        dest[n] = 0;
    else
        *status = n == capacity ? U_STRING_NOT_TERMINATED_WARNING : U_BUFFER_OVERFLOW_ERROR;
    return n;
}

UText* U_CALLCONV split_clone(UText* dest, const UText* src, UBool deep, UErrorCode* status);

void U_CALLCONV split_close(UText*) {}

const UTextFuncs split_funcs = {
    sizeof(UTextFuncs), 0, 0, 0,
    split_clone, split_native_length, split_access, split_extract,
    nullptr, nullptr, // not writable
    split_map_offset_to_native, split_map_native_index_to_utf16,
    split_close, nullptr, nullptr, nullptr,
};

// (Re)opens `ut` over the pieces. An open UText's storage is reused, so a
// search allocates nothing once its Regex has run once.
UText* open_split(UText* ut, const char* p1, std::int64_t n1, const char* p2, std::int64_t n2, UErrorCode* status)
{
    if (U_FAILURE(*status))
        return ut;
    // Reopening one of ours (ICU's close clears pFuncs) resets what
    // utext_setup would, without its memset of our 6 KB of chunks: that was
    // most of a short string-match, twice (the matcher reopens its clone).
    if (ut && ut->magic == UTEXT_MAGIC && ut->pFuncs == &split_funcs &&
        ut->extraSize >= static_cast<std::int32_t>(sizeof(SplitState))) {
        ut->chunkContents = nullptr;
        ut->chunkOffset = ut->chunkLength = ut->nativeIndexingLimit = 0;
        ut->chunkNativeStart = ut->chunkNativeLimit = 0;
    } else {
        ut = utext_setup(ut, sizeof(SplitState), status);
        if (U_FAILURE(*status))
            return ut;
    }
    // SplitState is an implicit-lifetime aggregate in the UText's storage.
    auto* s = static_cast<SplitState*>(ut->pExtra);
    s->p1 = p1;
    s->n1 = n1;
    s->p2 = p2;
    s->n2 = n2;
    s->current = 0;
    s->next_fill_units = first_chunk_units;
    s->last_forward_fill = std::numeric_limits<std::int64_t>::max();
    for (Chunk& ch : s->chunks)
        ch.start = ch.limit = -1;
    ut->pFuncs = &split_funcs;
    ut->context = p1;
    ut->providerProperties = 0;
    // No chunk yet (utext_setup left an empty one at 0): the first access fills one.
    return ut;
}

// ICU's matcher keeps its own (shallow) clone of the text it is given.
UText* U_CALLCONV split_clone(UText* dest, const UText* src, UBool deep, UErrorCode* status)
{
    if (deep) {
        *status = U_UNSUPPORTED_ERROR;
        return dest;
    }
    const SplitState& s = split_state(src);
    dest = open_split(dest, s.p1, s.n1, s.p2, s.n2, status);
    // A source never read (prepare's) has no chunk: the clone gets none
    // either, and fills where the matcher first looks, not at 0.
    if (U_SUCCESS(*status) && src->chunkContents != nullptr)
        split_access(dest, utext_getNativeIndex(src), true);
    return dest;
}

UText* open_split(UText* ut, const SplitText& text, UErrorCode* status)
{
    return open_split(ut, text.first.data(), static_cast<std::int64_t>(text.first.size()), text.second.data(),
                      static_cast<std::int64_t>(text.second.size()), status);
}

} // namespace

// ---------------------------------------------------------------------------
// Compiled patterns and matching.

struct Regex::Compiled {
    UText text = UTEXT_INITIALIZER; // reopened per search; storage reused
    std::unique_ptr<icu::RegexPattern> pattern;
    std::unique_ptr<icu::RegexMatcher> matcher;
    bool anchoring = false; // \A and \z are the region's ends (see Mode)
    // A find tries no start at or after this (ICU's region end also limits
    // where a match may end); see find_in.
    std::int64_t start_limit = std::numeric_limits<std::int64_t>::max();
    bool hit_start_limit = false;

    Compiled() = default;
    Compiled(const Compiled&) = delete;
    Compiled& operator=(const Compiled&) = delete;
    ~Compiled()
    {
        matcher.reset(); // it holds a clone of `text` and refers to `pattern`
        pattern.reset();
        utext_close(&text);
    }
};

namespace {

// Backtracking deeper than this is Emacs's "Stack overflow in regexp matcher".
constexpr std::int32_t match_stack_limit = 64 * 1024 * 1024;

RegexQuitCheck quit_check = nullptr;

UBool U_CALLCONV keep_matching(const void*, int32_t)
{
    return !(quit_check && quit_check());
}

// ICU calls this before each further start position it tries, with that
// position: it stops at the search's start limit, and tests for a quit only
// now and then.
UBool U_CALLCONV keep_finding(const void* context, int64_t next_start)
{
    auto& c = *static_cast<Regex::Compiled*>(const_cast<void*>(context));
    if (next_start >= c.start_limit) {
        c.hit_start_limit = true;
        return false;
    }
    static unsigned calls = 0;
    return (++calls & 0xFFF) != 0 || !(quit_check && quit_check());
}

[[noreturn]] void match_failed(UErrorCode status)
{
    if (status == U_REGEX_STOPPED_BY_CALLER)
        throw Error("quit", "Quit");
    if (status == U_REGEX_STACK_OVERFLOW)
        throw Error("error", "Stack overflow in regexp matcher");
    throw Error("error", cat("Regexp matcher failed: ", u_errorName(status)));
}

std::unique_ptr<Regex::Compiled> compile_icu(const std::string& icu, bool case_fold, bool anchoring);

} // namespace

Regex::Regex(std::string_view source, bool case_fold, const AsciiSyntax* ascii)
    : m_source(source), m_case_fold(case_fold), m_literal(literal_regexp(source, case_fold))
{
    if (m_literal)
        return;
    if (ascii)
        m_ascii = *ascii;
    Mode mode;
    Translation t = translate_for_search(source, case_fold, ascii_syntax(), mode);
    m_uses_point = t.uses_point;
    m_group_count = t.group_count;
    m_group_of = std::move(t.group_of);
    m_compiled[0] = compile_icu(t.icu, case_fold, mode != Mode::plain);
    if (mode == Mode::plain && !m_uses_point)
        m_prefilter = line_prefilter(source, case_fold);
}

Regex::~Regex() = default;

Regex::Compiled& Regex::compiled(Variant v) const
{
    auto& slot = m_compiled[static_cast<int>(v)];
    if (!slot) {
        Mode mode = v == Variant::point_start ? Mode::point_start : Mode::point_end;
        slot = compile_icu(translate(m_source, mode, m_case_fold, ascii_syntax()).icu, m_case_fold, true);
    }
    return *slot;
}

Regex::Variant Regex::variant_for(std::size_t from, std::optional<std::size_t> point, Variant at_point) const
{
    return m_uses_point && point && *point == from ? at_point : Variant::plain;
}

namespace {

// Points the matcher at `text`; set_region then limits a search to [from,
// to]. Lookaround sees the whole text (transparent bounds); ^ $ \` \' see the
// text's ends, not the region's (see Mode).
void prepare(Regex::Compiled& c, const SplitText& text)
{
    UErrorCode status = U_ZERO_ERROR;
    open_split(&c.text, text, &status);
    if (U_FAILURE(status))
        match_failed(status);
    c.matcher->reset(&c.text);
}

void set_region(Regex::Compiled& c, std::size_t from, std::size_t to)
{
    UErrorCode status = U_ZERO_ERROR;
    c.matcher->region(static_cast<int64_t>(from), static_cast<int64_t>(to), status);
    if (U_FAILURE(status))
        match_failed(status);
    c.matcher->useTransparentBounds(true);
    c.matcher->useAnchoringBounds(c.anchoring);
}

// The first match in [from, to] that starts before `start_limit`.
bool find_in(Regex::Compiled& c, std::size_t from, std::size_t to,
             std::size_t start_limit = std::numeric_limits<std::size_t>::max())
{
    set_region(c, from, to);
    c.start_limit = static_cast<std::int64_t>(std::min<std::size_t>(start_limit, INT64_MAX));
    c.hit_start_limit = false;
    UErrorCode status = U_ZERO_ERROR;
    bool found = c.matcher->find(status);
    if (status == U_REGEX_STOPPED_BY_CALLER && c.hit_start_limit)
        return false;
    if (U_FAILURE(status))
        match_failed(status);
    return found && static_cast<std::size_t>(c.matcher->start64(status)) < start_limit;
}

bool looking_at_in(Regex::Compiled& c, std::size_t from, std::size_t to)
{
    set_region(c, from, to);
    UErrorCode status = U_ZERO_ERROR;
    bool found = c.matcher->lookingAt(status);
    if (U_FAILURE(status))
        match_failed(status);
    return found;
}

std::unique_ptr<Regex::Compiled> compile_icu(const std::string& icu, bool case_fold, bool anchoring)
{
    auto c = std::make_unique<Regex::Compiled>();
    uint32_t flags = UREGEX_MULTILINE | UREGEX_UNIX_LINES | (case_fold ? UREGEX_CASE_INSENSITIVE : 0);
    UParseError parse_error;
    UErrorCode status = U_ZERO_ERROR;
    c->pattern.reset(icu::RegexPattern::compile(icu::UnicodeString::fromUTF8(icu), flags, parse_error, status));
    if (U_SUCCESS(status))
        c->matcher.reset(c->pattern->matcher(status));
    if (U_SUCCESS(status))
        c->matcher->setStackLimit(match_stack_limit, status);
    if (U_SUCCESS(status))
        c->matcher->setMatchCallback(keep_matching, nullptr, status);
    if (U_SUCCESS(status))
        c->matcher->setFindProgressCallback(keep_finding, c.get(), status);
    if (U_FAILURE(status)) {
        // A translation bug or an ICU limit (e.g. a huge interval).
        if (status == U_REGEX_PATTERN_TOO_BIG || status == U_REGEX_NUMBER_TOO_BIG)
            invalid("Regular expression too big");
        invalid("Invalid regular expression");
    }
    c->anchoring = anchoring;
    return c;
}

} // namespace

Match Regex::match_data(Compiled& c) const
{
    UErrorCode status = U_ZERO_ERROR;
    Match m;
    m.groups.resize(m_group_count + 1);
    m.groups[0] = {c.matcher->start64(status), c.matcher->end64(status)};
    // Several ICU groups may stand for one explicitly numbered Emacs group:
    // the last one that participated wins, as in Emacs.
    for (std::size_t i = 0; i < m_group_of.size(); ++i) {
        auto k = static_cast<int32_t>(i + 1);
        int64_t b = c.matcher->start64(k, status);
        if (b >= 0)
            m.groups[static_cast<std::size_t>(m_group_of[i])] = {b, c.matcher->end64(k, status)};
    }
    if (U_FAILURE(status))
        match_failed(status);
    return m;
}

std::optional<Match> Regex::run(Compiled& c, const SplitText& text, std::size_t from, std::size_t to,
                                bool anchored) const
{
    prepare(c, text);
    bool found = anchored ? looking_at_in(c, from, to) : find_in(c, from, to);
    if (!found)
        return std::nullopt;
    return match_data(c);
}

namespace {

std::optional<Match> whole_match(std::optional<LiteralMatch> m)
{
    if (!m)
        return std::nullopt;
    Match match;
    match.groups.push_back({static_cast<std::int64_t>(m->begin), static_cast<std::int64_t>(m->end)});
    return match;
}

} // namespace

std::optional<Match> Regex::search_forward(const SplitText& text, std::size_t from, std::size_t bound,
                                           std::optional<std::size_t> point) const
{
    bound = std::min(bound, text.size());
    if (from > bound)
        return std::nullopt;
    if (m_literal)
        return whole_match(gapmacs::search_forward(text, *m_literal, from, bound));
    if (m_prefilter && m_prefilter_rest == 0) {
        bool dense = false;
        auto m = search_lines(*m_compiled[0], text, from, bound, dense);
        m_prefilter_backoff = dense ? std::min(m_prefilter_backoff * 2, 1024u) : 1;
        m_prefilter_rest = dense ? m_prefilter_backoff : 0;
        return m;
    }
    if (m_prefilter_rest > 0)
        --m_prefilter_rest;
    return run(compiled(variant_for(from, point, Variant::point_start)), text, from, bound, false);
}

// Whether the line [start, end) holds the prefilter's other texts, and ends
// with its line end when `end` is a newline (a shorter line that the bound
// cuts may still end a match at a newline after it).
bool Regex::may_match_line(const SplitText& text, std::size_t start, std::size_t end, bool newline_at_end) const
{
    const bool fold = m_prefilter->how == AsciiCase::fold;
    const std::string& tail = m_prefilter->line_end;
    if (newline_at_end && !tail.empty() &&
        (end - start < tail.size() || !search_literal_forward(text, tail, end - tail.size(), end, fold)))
        return false;
    for (const std::string& other : m_prefilter->also)
        if (!search_literal_forward(text, other, start, end, fold))
            return false;
    return true;
}

// The prefilter's text is found by memchr; ICU runs from the start of its
// line to the end (no match crosses one). When the lines holding the text
// come close together and do not match, one ICU pass over the rest costs
// less than a call a line: that search is `dense`.
std::optional<Match> Regex::search_lines(Compiled& c, const SplitText& text, std::size_t from,
                                         std::size_t bound, bool& dense) const
{
    prepare(c, text);
    const bool fold = m_prefilter->how == AsciiCase::fold;
    std::size_t misses = 0;
    for (std::size_t pos = from; pos <= bound;) {
        auto hit = search_literal_forward(text, m_prefilter->bytes, pos, bound, fold);
        if (!hit)
            return std::nullopt;
        auto nl_before = search_literal_backward(text, "\n", hit->begin, pos, false);
        auto nl_after = search_literal_forward(text, "\n", hit->end, bound, false);
        std::size_t line_start = nl_before ? nl_before->end : pos;
        std::size_t line_end = nl_after ? nl_after->begin : bound;
        if (!may_match_line(text, line_start, line_end, nl_after.has_value())) {
            pos = line_end + 1;
            continue;
        }
        if (find_in(c, line_start, line_end))
            return match_data(c);
        if (++misses >= 16 && (line_end - from) / misses < 1024) {
            dense = true;
            return find_in(c, line_end, bound) ? std::optional(match_data(c)) : std::nullopt;
        }
        pos = line_end + 1;
    }
    return std::nullopt;
}

std::optional<Match> Regex::looking_at(const SplitText& text, std::size_t pos,
                                       std::optional<std::size_t> point) const
{
    if (pos > text.size())
        return std::nullopt;
    if (m_literal)
        return whole_match(gapmacs::looking_at(text, *m_literal, pos));
    return run(compiled(variant_for(pos, point, Variant::point_start)), text, pos, text.size(), true);
}

namespace {

unsigned char byte_at(const SplitText& text, std::size_t i)
{
    return static_cast<unsigned char>(i < text.first.size() ? text.first[i] : text.second[i - text.first.size()]);
}

// The start of the character holding byte `pos`.
std::size_t char_start_at(const SplitText& text, std::size_t pos)
{
    for (int k = 0; k < 3 && pos > 0 && pos < text.size() && is_continuation_byte(byte_at(text, pos)); ++k)
        --pos;
    return pos;
}

// The start of the character after the one at `pos` (pos < size).
std::size_t next_char(const SplitText& text, std::size_t pos)
{
    std::size_t n = text.size(), p = pos + 1;
    for (int k = 0; k < 3 && p < n && is_continuation_byte(byte_at(text, p)); ++k)
        ++p;
    return p;
}

} // namespace

// Emacs tries an anchored match at from, from-1, ... bound, each limited to
// end by `from`. Here the first 128 positions are tried that way (a match
// close by is the common case: skipping back over a field of a line), each
// as a find limited to starting there, so that ICU's test of the first
// character skips most positions without running the matcher. Then forward
// searches list the match starts in one window [lo, hi) at a time, nearest
// to `from` first, keeping the last. The window doubles as it moves away, so
// a rare match far away costs about twice the distance, not an attempt per
// byte. (dired's permission bits before each file name: 16 tries, then
// windows each searched on to `from`, cost 2.7x as long.)
std::optional<Match> Regex::search_backward(const SplitText& text, std::size_t from, std::size_t bound,
                                            std::optional<std::size_t> point) const
{
    from = std::min(from, text.size());
    if (bound > from)
        return std::nullopt;
    if (m_literal)
        return whole_match(gapmacs::search_backward(text, *m_literal, from, bound));
    Compiled& c = compiled(variant_for(from, point, Variant::point_end));
    prepare(c, text);
    std::size_t hi = from; // starts in [hi, from] have no match
    for (int tries = 0; tries < 128; ++tries) {
        if (find_in(c, hi, from, hi + 1))
            return match_data(c);
        if (hi <= bound)
            return std::nullopt;
        hi = char_start_at(text, hi - 1);
    }
    ++hi; // now exclusive: hi itself is still to be tried
    for (std::size_t window = 64;; window = std::min<std::size_t>(window * 2, std::size_t(1) << 40)) {
        std::size_t lo = hi - bound > window ? std::max(bound, char_start_at(text, hi - window)) : bound;
        std::optional<Match> best;
        std::size_t pos = lo;
        while (find_in(c, pos, from, hi)) {
            UErrorCode status = U_ZERO_ERROR;
            auto start = static_cast<std::size_t>(c.matcher->start64(status));
            best = match_data(c);
            if (start >= from)
                break;
            pos = next_char(text, start);
        }
        if (best || lo <= bound)
            return best;
        hi = lo;
    }
}

// ---------------------------------------------------------------------------
// The cache.

namespace {

class RegexCache {
public:
    std::shared_ptr<const Regex> get(std::string_view source, bool case_fold, const AsciiSyntax* ascii)
    {
        // The key: case folding, the ASCII syntax classes if any, the source.
        const char tag = static_cast<char>((case_fold ? '1' : '0') + (ascii ? 2 : 0));
        const std::size_t prefix = 1 + (ascii ? ascii->classes.size() : 0);
        auto same_prefix = [&](std::string_view key) {
            return key[0] == tag &&
                   (!ascii || key.substr(1, ascii->classes.size()) ==
                                  std::string_view(ascii->classes.data(), ascii->classes.size()));
        };
        // A loop calling string-match or re-search-forward asks for the
        // same regexp each time: no key to build or hash.
        if (!m_lru.empty()) {
            std::string_view front = m_lru.front().first;
            if (front.size() >= prefix && same_prefix(front) && front.substr(prefix) == source)
                return m_lru.front().second;
        }
        std::string key;
        key.reserve(source.size() + prefix);
        key += tag;
        if (ascii)
            key.append(ascii->classes.data(), ascii->classes.size());
        key += source;
        if (auto it = m_index.find(key); it != m_index.end()) {
            m_lru.splice(m_lru.begin(), m_lru, it->second); // most recently used first
            return it->second->second;
        }
        auto re = std::make_shared<const Regex>(source, case_fold, ascii); // throws: nothing cached
        m_lru.emplace_front(key, re);
        m_index[std::move(key)] = m_lru.begin();
        if (m_lru.size() > capacity) {
            m_index.erase(m_lru.back().first);
            m_lru.pop_back();
        }
        return re;
    }
    std::size_t size() const { return m_lru.size(); }
    void clear()
    {
        m_index.clear();
        m_lru.clear();
    }

private:
    static constexpr std::size_t capacity = regex_cache_capacity;
    using Entry = std::pair<std::string, std::shared_ptr<const Regex>>;
    std::list<Entry> m_lru;
    std::unordered_map<std::string, std::list<Entry>::iterator> m_index;
};

RegexCache& cache()
{
    static RegexCache c;
    return c;
}

} // namespace

void set_regex_quit_check(RegexQuitCheck check)
{
    quit_check = check;
}

std::shared_ptr<const Regex> compile_regex(std::string_view source, bool case_fold, const AsciiSyntax* ascii)
{
    return cache().get(source, case_fold, ascii);
}

std::size_t regex_cache_size()
{
    return cache().size();
}

void clear_regex_cache()
{
    cache().clear();
}

} // namespace gapmacs

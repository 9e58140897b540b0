// Time: Lisp timestamps, arithmetic on them, and calendar time through the
// C library (format-time-string, decode-time, encode-time...), as Emacs's
// timefns.c. Emacs 28's forms are read: nil (now), a number of seconds,
// (HIGH LOW USEC PSEC) and (TICKS . HZ); results are (HIGH LOW USEC PSEC),
// Emacs 28's default.
//
// ZONE, wherever it is taken: nil or "wall" for local time, t or 0 for UTC,
// an integer offset in seconds east of UTC, (OFFSET ABBR), or a TZ string
// ("Europe/Paris", "JST-9") applied with setenv and tzset for the call.
#include <ctime>

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

#include "lisp-lite/lang/builtins.hpp"

namespace gapmacs::lisp {

namespace {

// Picoseconds, as (HIGH LOW USEC PSEC) can say.
constexpr std::int64_t psec_per_sec = 1000000000000;

struct Timestamp {
    std::int64_t sec = 0;
    std::int64_t psec = 0; // 0 .. psec_per_sec - 1
};

Timestamp now()
{
    timespec ts{};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return {ts.tv_sec, static_cast<std::int64_t>(ts.tv_nsec) * 1000};
}

Timestamp from_seconds(double s)
{
    if (!std::isfinite(s) || std::fabs(s) > 9.2e18)
        error("Invalid time specification");
    const double whole = std::floor(s);
    auto psec = static_cast<std::int64_t>(std::llround((s - whole) * 1e12));
    auto sec = static_cast<std::int64_t>(whole);
    if (psec >= psec_per_sec) {
        ++sec;
        psec -= psec_per_sec;
    }
    return {sec, psec};
}

Timestamp normalized(std::int64_t sec, std::int64_t psec)
{
    sec += psec / psec_per_sec;
    psec %= psec_per_sec;
    if (psec < 0) {
        --sec;
        psec += psec_per_sec;
    }
    return {sec, psec};
}

Timestamp lisp_time(Value t)
{
    if (nilp(t))
        return now();
    if (t.is_fixnum())
        return {t.as_fixnum(), 0};
    if (floatp(t))
        return from_seconds(xfloat(t));
    if (!consp(t))
        error("Invalid time specification");
    Value rest = xcdr(t);
    if (xcar(t).is_fixnum() && rest.is_fixnum()) { // (TICKS . HZ)
        const std::int64_t ticks = xcar(t).as_fixnum(), hz = rest.as_fixnum();
        if (hz <= 0)
            error("Invalid time specification");
        const std::int64_t sec = ticks / hz - (ticks % hz < 0 ? 1 : 0);
        const std::int64_t frac = ticks - sec * hz;
        return {sec, static_cast<std::int64_t>(static_cast<double>(frac) * 1e12 / static_cast<double>(hz))};
    }
    // (HIGH LOW USEC PSEC), any tail missing.
    auto part = [&](Value cell) -> std::int64_t {
        if (!consp(cell))
            return 0;
        if (!xcar(cell).is_fixnum())
            error("Invalid time specification");
        return xcar(cell).as_fixnum();
    };
    if (!xcar(t).is_fixnum())
        error("Invalid time specification");
    const std::int64_t high = xcar(t).as_fixnum();
    const std::int64_t low = part(rest);
    const std::int64_t usec = part(cdr_safe(rest));
    const std::int64_t psec = part(cdr_safe(cdr_safe(rest)));
    return normalized(high * 65536 + low, usec * 1000000 + psec);
}

double seconds(const Timestamp& t) { return static_cast<double>(t.sec) + static_cast<double>(t.psec) / 1e12; }

Value make_lisp_time(const Timestamp& t)
{
    const std::int64_t usec = t.psec / 1000000, psec = t.psec % 1000000;
    return list({make_integer(t.sec >> 16), make_integer(t.sec & 0xFFFF), make_integer(usec), make_integer(psec)});
}

// A TZ string in effect for one call: the C library knows only the
// process's own zone.
class ZoneScope {
public:
    explicit ZoneScope(const std::string& tz)
    {
        if (const char* old = std::getenv("TZ"))
            m_old = old;
        ::setenv("TZ", tz.c_str(), 1);
        ::tzset();
    }
    ~ZoneScope()
    {
        if (m_old)
            ::setenv("TZ", m_old->c_str(), 1);
        else
            ::unsetenv("TZ");
        ::tzset();
    }
    ZoneScope(const ZoneScope&) = delete;
    ZoneScope& operator=(const ZoneScope&) = delete;

private:
    std::optional<std::string> m_old;
};

// Broken-down time of t in ZONE, with its offset and abbreviation.
struct Calendar {
    std::tm tm{};
    long offset = 0;  // seconds east of UTC
    std::string abbr; // "CET", "UTC", or "+0100" for a bare offset
};

std::string offset_abbr(long offset)
{
    char buf[48];
    const long a = offset < 0 ? -offset : offset;
    if (a % 3600 == 0)
        std::snprintf(buf, sizeof buf, "%c%02ld", offset < 0 ? '-' : '+', a / 3600);
    else
        std::snprintf(buf, sizeof buf, "%c%02ld%02ld", offset < 0 ? '-' : '+', a / 3600, a / 60 % 60);
    return buf;
}

Calendar fixed_offset(time_t t, long offset, std::string abbr)
{
    Calendar c;
    const time_t shifted = t + offset;
    if (!::gmtime_r(&shifted, &c.tm))
        error("Specified time is not representable");
    c.offset = offset;
    c.abbr = std::move(abbr);
    c.tm.tm_gmtoff = offset;
    c.tm.tm_zone = nullptr; // %Z is written by format_time, not strftime
    return c;
}

Calendar local(time_t t)
{
    Calendar c;
    if (!::localtime_r(&t, &c.tm))
        error("Specified time is not representable");
    c.offset = c.tm.tm_gmtoff;
    c.abbr = c.tm.tm_zone ? c.tm.tm_zone : offset_abbr(c.offset);
    return c;
}

Calendar calendar(const Timestamp& ts, Value zone)
{
    const auto t = static_cast<time_t>(ts.sec);
    if (nilp(zone) || (stringp(zone) && string_view(zone) == "wall"))
        return local(t);
    if (zone == Qt || (zone.is_fixnum() && zone.as_fixnum() == 0))
        return fixed_offset(t, 0, "GMT"); // as Emacs names it
    if (zone.is_fixnum())
        return fixed_offset(t, static_cast<long>(zone.as_fixnum()), offset_abbr(static_cast<long>(zone.as_fixnum())));
    if (consp(zone) && xcar(zone).is_fixnum()) {
        const long off = static_cast<long>(xcar(zone).as_fixnum());
        Value abbr = car_safe(xcdr(zone));
        return fixed_offset(t, off, stringp(abbr) ? std::string(string_view(abbr)) : offset_abbr(off));
    }
    if (stringp(zone)) {
        ZoneScope scope{std::string(string_view(zone))};
        return local(t);
    }
    error("Invalid time zone specification");
}

std::string numeric_zone(long offset, int colons)
{
    const char sign = offset < 0 ? '-' : '+';
    const long a = offset < 0 ? -offset : offset;
    char buf[64];
    if (colons == 1)
        std::snprintf(buf, sizeof buf, "%c%02ld:%02ld", sign, a / 3600, a / 60 % 60);
    else if (colons == 2)
        std::snprintf(buf, sizeof buf, "%c%02ld:%02ld:%02ld", sign, a / 3600, a / 60 % 60, a % 60);
    else if (a % 3600 == 0) // %:::z: as short as the offset allows
        std::snprintf(buf, sizeof buf, "%c%02ld", sign, a / 3600);
    else
        std::snprintf(buf, sizeof buf, "%c%02ld:%02ld", sign, a / 3600, a / 60 % 60);
    return buf;
}

// strftime of one directive ("%-d", "%^a"): glibc knows the flags and
// widths Emacs documents.
std::string strftime_one(const std::string& directive, const std::tm& tm)
{
    if (directive == "%")
        return "";
    char buf[256];
    const std::size_t n = ::strftime(buf, sizeof buf, directive.c_str(), &tm);
    return std::string(buf, n);
}

// format-time-string: Emacs's extensions to strftime (%N, %:z, %Z of a
// fixed offset) here, the rest one directive at a time through strftime.
std::string format_time(std::string_view format, const Timestamp& ts, const Calendar& c)
{
    std::string out;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%' || i + 1 == format.size()) {
            out += format[i];
            continue;
        }
        std::size_t j = i + 1;
        while (j < format.size() && std::string_view("-_0^#").find(format[j]) != std::string_view::npos)
            ++j;
        std::size_t width_at = j;
        while (j < format.size() && format[j] >= '0' && format[j] <= '9')
            ++j;
        const std::string width(format.substr(width_at, j - width_at));
        int colons = 0;
        while (j < format.size() && format[j] == ':')
            ++colons, ++j;
        while (j < format.size() && (format[j] == 'E' || format[j] == 'O'))
            ++j;
        if (j == format.size()) {
            out.append(format.substr(i));
            break;
        }
        const char conv = format[j];
        if (conv == 'N') {
            // Nanoseconds, or the first WIDTH digits of them.
            char digits[16];
            std::snprintf(digits, sizeof digits, "%09lld", static_cast<long long>(ts.psec / 1000));
            const int keep = width.empty() ? 9 : std::clamp(std::atoi(width.c_str()), 1, 9);
            out.append(digits, static_cast<std::size_t>(keep));
        } else if (conv == 'z' && colons > 0) {
            out += numeric_zone(c.offset, colons);
        } else if (conv == 'Z') {
            out += c.abbr;
        } else {
            out += strftime_one(std::string(format.substr(i, j + 1 - i)), c.tm);
        }
        i = j;
    }
    return out;
}

Value f_current_time(Args) { return make_lisp_time(now()); }

Value f_float_time(Args a) { return make_number(seconds(lisp_time(a[0]))); }

// A timestamp of whole seconds in Emacs's eyes: an integer or (HIGH LOW).
bool whole_seconds(Value t)
{
    return t.is_fixnum() || (consp(t) && xcar(t).is_fixnum() && consp(xcdr(t)) && nilp(xcdr(xcdr(t))));
}

// (HIGH LOW USEC PSEC) with no fraction.
bool whole_list(Value t, const Timestamp& ts) { return consp(t) && !whole_seconds(t) && ts.psec == 0; }

// As Emacs 28 answers (checked form by form): whole seconds give an
// integer when one side is an integer or (HIGH LOW) and the other has no
// fraction; anything else gives (HIGH LOW USEC PSEC).
Value sum_or_difference(Args a, int sign)
{
    const Timestamp x = lisp_time(a[0]), y = lisp_time(a[1]);
    const Timestamp r = normalized(x.sec + sign * y.sec, x.psec + sign * y.psec);
    const bool wx = whole_seconds(a[0]), wy = whole_seconds(a[1]);
    if ((wx && (wy || whole_list(a[1], y))) || (wy && whole_list(a[0], x)))
        return make_integer(r.sec);
    return make_lisp_time(r);
}

Value f_time_add(Args a) { return sum_or_difference(a, 1); }
Value f_time_subtract(Args a) { return sum_or_difference(a, -1); }

Value f_time_since(Args a)
{
    const Timestamp x = now(), y = lisp_time(a[0]);
    return make_lisp_time(normalized(x.sec - y.sec, x.psec - y.psec));
}

bool before(const Timestamp& x, const Timestamp& y) { return x.sec < y.sec || (x.sec == y.sec && x.psec < y.psec); }

Value f_time_less_p(Args a) { return boolean(before(lisp_time(a[0]), lisp_time(a[1]))); }

Value f_time_equal_p(Args a)
{
    // As timefns.c: nil (the current time) equals only nil, and is never
    // read from the clock.
    if (nilp(a[0]) || nilp(a[1]))
        return boolean(nilp(a[0]) && nilp(a[1]));
    const Timestamp x = lisp_time(a[0]), y = lisp_time(a[1]);
    return boolean(x.sec == y.sec && x.psec == y.psec);
}

// (time-convert TIME FORM): FORM `list' gives (HIGH LOW USEC PSEC),
// `integer' the whole seconds (floor), an integer HZ (TICKS . HZ) rounded
// down; t or nil (TICKS . HZ) at TIME's resolution (whole seconds: HZ 1,
// else picoseconds: Emacs keeps a float's binary fraction exactly).
Value f_time_convert(Args a)
{
    const Timestamp ts = lisp_time(a[0]);
    Value form = a[1];
    if (form == Qlist)
        return make_lisp_time(ts);
    if (form == Qinteger)
        return make_integer(ts.sec);
    std::int64_t hz = ts.psec == 0 ? 1 : psec_per_sec;
    if (form.is_fixnum()) {
        hz = form.as_fixnum();
        if (hz <= 0)
            error("Invalid time frequency");
    } else if (!nilp(form) && form != Qt) {
        error("Invalid time form");
    }
    // ticks = floor((sec + psec/1e12) * hz), without overflowing for sane hz.
    const __int128 scaled = static_cast<__int128>(ts.sec) * hz + static_cast<__int128>(ts.psec) * hz / psec_per_sec;
    return make_cons(make_integer(static_cast<std::int64_t>(scaled)), make_integer(hz));
}

Value f_format_time_string(Args a)
{
    check_string(a[0]);
    const Timestamp ts = lisp_time(a[1]);
    const Calendar c = calendar(ts, a[2]);
    return make_string_from_utf8(format_time(string_view(a[0]), ts, c));
}

// "Mon Nov 30 14:21:34 2026", as ctime without the newline.
Value f_current_time_string(Args a)
{
    const Timestamp ts = lisp_time(a[0]);
    return make_string_from_utf8(strftime_one("%a %b %e %H:%M:%S %Y", calendar(ts, a[1]).tm));
}

// (SEC MINUTE HOUR DAY MONTH YEAR DOW DST UTCOFF)
Value f_decode_time(Args a)
{
    const Calendar c = calendar(lisp_time(a[0]), a[1]);
    const std::tm& tm = c.tm;
    // Daylight saving is known only where a zone's rules apply.
    const bool by_rules = nilp(a[1]) || stringp(a[1]);
    Value dst = !by_rules || tm.tm_isdst == 0 ? Qnil : (tm.tm_isdst > 0 ? Qt : make_integer(-1));
    return list({make_integer(tm.tm_sec), make_integer(tm.tm_min), make_integer(tm.tm_hour), make_integer(tm.tm_mday),
                 make_integer(tm.tm_mon + 1), make_integer(static_cast<std::int64_t>(tm.tm_year) + 1900),
                 make_integer(tm.tm_wday), dst, make_integer(c.offset)});
}

std::int64_t calendar_field(Value v)
{
    if (v.is_fixnum())
        return v.as_fixnum();
    if (floatp(v))
        return static_cast<std::int64_t>(std::floor(xfloat(v)));
    wrong_type(Qfixnump, v);
}

// (encode-time (SEC MIN HOUR DAY MON YEAR IGNORED DST ZONE)), or the
// obsolescent (encode-time SEC MIN HOUR DAY MON YEAR &optional ZONE).
Value f_encode_time(Args a)
{
    Value fields[6];
    Value zone = Qnil;
    Value dst = make_integer(-1); // unknown: mktime decides
    if (a.size() == 1) {
        Value l = a[0];
        for (Value& f : fields) {
            if (!consp(l))
                xsignal1(Qwrong_type_argument, a[0]);
            f = xcar(l);
            l = xcdr(l);
        }
        l = cdr_safe(l); // DOW is ignored
        dst = car_safe(l);
        zone = car_safe(cdr_safe(l));
    } else {
        if (a.size() < 6)
            xsignal2(Qwrong_number_of_arguments, Qencode_time, make_integer(static_cast<std::int64_t>(a.size())));
        for (int i = 0; i < 6; ++i)
            fields[i] = a[static_cast<std::size_t>(i)];
        if (a.size() > 6)
            zone = a[a.size() - 1];
    }
    std::tm tm{};
    tm.tm_sec = static_cast<int>(calendar_field(fields[0]));
    tm.tm_min = static_cast<int>(calendar_field(fields[1]));
    tm.tm_hour = static_cast<int>(calendar_field(fields[2]));
    tm.tm_mday = static_cast<int>(calendar_field(fields[3]));
    tm.tm_mon = static_cast<int>(calendar_field(fields[4]) - 1);
    tm.tm_year = static_cast<int>(calendar_field(fields[5]) - 1900);
    tm.tm_isdst = dst == Qt ? 1 : (nilp(dst) ? 0 : -1);
    time_t t;
    if (nilp(zone) || (stringp(zone) && string_view(zone) == "wall")) {
        t = ::mktime(&tm);
    } else if (stringp(zone)) {
        ZoneScope scope{std::string(string_view(zone))};
        t = ::mktime(&tm);
    } else {
        long off = 0;
        if (zone.is_fixnum())
            off = static_cast<long>(zone.as_fixnum());
        else if (consp(zone) && xcar(zone).is_fixnum())
            off = static_cast<long>(xcar(zone).as_fixnum());
        else if (zone != Qt)
            error("Invalid time zone specification");
        t = ::timegm(&tm) - off;
    }
    const auto secs = static_cast<std::int64_t>(t);
    return list({make_integer(secs >> 16), make_integer(secs & 0xFFFF)}); // (HIGH LOW), as Emacs 28
}

// (OFFSET ABBR)
Value f_current_time_zone(Args a)
{
    const Calendar c = calendar(lisp_time(a[0]), a[1]);
    return list({make_integer(c.offset), make_string_from_utf8(c.abbr)});
}

constexpr SubrDef time_subrs[] = {
    {"current-time", 0, 0, f_current_time},
    {"float-time", 0, 1, f_float_time},
    {"time-add", 2, 2, f_time_add},
    {"time-subtract", 2, 2, f_time_subtract},
    {"time-since", 1, 1, f_time_since},
    {"time-less-p", 2, 2, f_time_less_p},
    {"time-equal-p", 2, 2, f_time_equal_p},
    {"time-convert", 1, 2, f_time_convert},
    {"format-time-string", 1, 3, f_format_time_string},
    {"current-time-string", 0, 2, f_current_time_string},
    {"decode-time", 0, 3, f_decode_time},
    {"encode-time", 1, many, f_encode_time},
    {"current-time-zone", 0, 2, f_current_time_zone},
};

} // namespace

void register_time_builtins() { register_subrs(time_subrs); }

Value time_value(std::int64_t sec, std::int64_t nsec) { return make_lisp_time(normalized(sec, nsec * 1000)); }

} // namespace gapmacs::lisp

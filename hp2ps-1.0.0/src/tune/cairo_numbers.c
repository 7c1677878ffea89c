/* SPDX-License-Identifier: BSD-3-Clause */
/* tune/cairo_numbers.c: cairo's numbers formatted by fixed_point.h.
 *
 * A performance trick, in the program only (not libhp2ps.a), and only
 * where configure finds glibc and __int128 (--disable-fast-numbers leaves
 * it out).
 *
 * Debian builds cairo with _FORTIFY_SOURCE, so its number formatting
 * (cairo-output-stream.c) calls glibc's __snprintf_chk, and a symbol this
 * program defines comes before libc's for every library it loads.  This
 * definition takes the calls whose format is exactly "%f", "%.Nf" or
 * "%.*f" and writes them with fixed_point_format, which gives printf's
 * bytes; every other call, and any value that function declines, goes on
 * to glibc's own __vsnprintf_chk with the same arguments, checks and all.
 * So the pages are byte for byte those that glibc's printf makes, for
 * about an eighth of the instructions (bench/HISTORY.md).
 *
 * What would break it: a cairo that formats numbers another way (then
 * this is never called: slower, same bytes); a C library whose "%f"
 * differs from glibc's in the "C" locale, or a rounding mode other than
 * the default (it hands those to glibc).  What notices:
 * tests/test_fixed_point.c compares it with glibc on 1.2 million values
 * and checks the hand-over; tests/formats.sh and same_outputs.sh compare
 * whole pages. */
#include "fixed_point.h"

#include <fenv.h>
#include <langinfo.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);
int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...);

enum { NOT_FIXED = -2, STAR = -1 };

/* The precision of a format that is exactly "%f" (6), "%.Nf" (N) or
 * "%.*f" (STAR); NOT_FIXED for anything else: flags, a width, another
 * conversion, more text. */
static int fixed_format_precision(const char *format)
{
    if (format[0] != '%')
        return NOT_FIXED;
    if (format[1] == 'f')
        return format[2] == '\0' ? 6 : NOT_FIXED;
    if (format[1] != '.')
        return NOT_FIXED;
    const char *p = format + 2;
    int prec;
    if (*p == '*') {
        prec = STAR;
        p++;
    } else {
        prec = 0;
        for (int digits = 0; *p >= '0' && *p <= '9'; p++, digits++) {
            if (digits == 2)
                return NOT_FIXED;
            prec = prec * 10 + (*p - '0');
        }
    }
    return p[0] == 'f' && p[1] == '\0' ? prec : NOT_FIXED;
}

/* printf's text is fixed_point_format's only where the decimal point is
 * '.' and the rounding is to nearest: hp2ps sets neither, but a library
 * might. */
static int conditions_are_default(void)
{
    const char *point = nl_langinfo(RADIXCHAR);
    return point[0] == '.' && point[1] == '\0' && fegetround() == FE_TONEAREST;
}

/* The fixed-point call formatted into s as snprintf would (cut to
 * maxlen - 1 bytes and a NUL, the full length returned), or -1 when it is
 * not one fixed_point_format takes; ap is a copy, so nothing is used up. */
static int format_fixed_call(char *s, size_t maxlen, const char *format, va_list ap)
{
    int prec = fixed_format_precision(format);
    if (prec == NOT_FIXED)
        return -1;
    if (prec == STAR)
        prec = va_arg(ap, int);
    double d = va_arg(ap, double);
    char text[FIXED_POINT_MAX];
    int length = fixed_point_format(text, d, prec);
    if (length < 0 || !conditions_are_default())
        return -1;
    if (maxlen > 0) {
        size_t kept = (size_t)length < maxlen ? (size_t)length : maxlen - 1;
        memcpy(s, text, kept);
        s[kept] = '\0';
    }
    return length;
}

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int length = -1;
    if (maxlen <= slen) { /* else glibc's check fails, as it should */
        va_list copy;
        va_copy(copy, ap);
        length = format_fixed_call(s, maxlen, format, copy);
        va_end(copy);
    }
    if (length < 0)
        length = __vsnprintf_chk(s, maxlen, flag, slen, format, ap);
    va_end(ap);
    return length;
}

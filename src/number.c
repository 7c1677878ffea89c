/* SPDX-License-Identifier: BSD-3-Clause */
/* number.c: see number.h. */
/* newlocale and uselocale are POSIX 2008, strtod_l GNU and BSD (declared
 * in <xlocale.h> on macOS and the BSDs); each is used where configure
 * found it, with a fallback where not. */
#define _GNU_SOURCE
#include "number.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_XLOCALE_H
#include <xlocale.h>
#endif

#if defined HAVE_NEWLOCALE && defined HAVE_STRTOD_L && defined HAVE_DECL_STRTOD_L                  \
    && HAVE_DECL_STRTOD_L
#define NUMBER_STRTOD_L 1
#endif
#if defined HAVE_NEWLOCALE && (defined NUMBER_STRTOD_L || defined HAVE_USELOCALE)
#define NUMBER_C_LOCALE 1
/* The "C" locale as a value: made once, never changed after (so not
 * state a run could alter); (locale_t)0 when it could not be made. */
static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void make_c_locale(void)
{
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}
#endif

/* s as strtod reads it in the C locale: '.' is the decimal point
 * whatever a caller or a library set LC_NUMERIC to (strtod follows it:
 * under de_DE.UTF-8 "0.5" was read as 0). */
double number_strtod(const char *s, char **end)
{
#ifdef NUMBER_STRTOD_L
    pthread_once(&c_locale_once, make_c_locale);
    if (c_locale)
        return strtod_l(s, end, c_locale);
#endif
    /* Without strtod_l: the number in the locale's own form (a decimal
     * point of one byte is every locale's).  The locale's point in s is
     * no C number's, so the number ends before it ("0,5" is 0 as in the
     * C locale); then the first '.' becomes the locale's point. */
    const char *point = localeconv()->decimal_point;
    if (!point || strcmp(point, ".") == 0 || strlen(point) != 1)
        return strtod(s, end);
    char *copy = xstrdup(s);
    char *theirs = strchr(copy, point[0]);
    if (theirs)
        *theirs = '\0';
    char *dot = strchr(copy, '.');
    if (dot)
        *dot = point[0];
    char *e;
    double v = strtod(copy, &e);
    if (end)
        *end = (char *)s + (e - copy);
    free(copy);
    return v;
}

void *number_c_locale_begin(void)
{
#if defined NUMBER_C_LOCALE && defined HAVE_USELOCALE
    pthread_once(&c_locale_once, make_c_locale);
    if (c_locale)
        return uselocale(c_locale);
#endif
    return NULL;
}

void number_c_locale_end(void *previous)
{
#if defined NUMBER_C_LOCALE && defined HAVE_USELOCALE
    if (previous)
        uselocale((locale_t)previous);
#else
    (void)previous;
#endif
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Past the digits at s[i..n). */
static size_t skip_digits(const char *s, size_t i, size_t n)
{
    while (i < n && is_digit(s[i]))
        i++;
    return i;
}

bool number_syntax(const char *s, size_t n, bool plus)
{
    size_t i = 0;
    if (plus && i < n && s[i] == '+')
        i++;
    size_t start = i;
    i = skip_digits(s, i, n);
    size_t digits = i - start;
    if (i < n && s[i] == '.') {
        size_t frac = i + 1;
        i = skip_digits(s, frac, n);
        digits += i - frac;
    }
    if (digits == 0)
        return false;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            i++;
        size_t exp = i;
        i = skip_digits(s, i, n);
        if (i == exp)
            return false;
    }
    return i == n;
}

/* A decimal in number_syntax's form with at most 15 digits and no
 * exponent, as GHC writes every sample's time: it is m / 10^k with m
 * below 10^15 and k at most 15, both exact in a double, and one IEEE
 * division rounds correctly, to the bits strtod gives (test_quote_number
 * compares them), at a fiftieth of strtod's cost.  False: not that form
 * (where double arithmetic is wider than double, never). */
static bool short_decimal(const char *s, size_t n, double *out)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
    static const double ten[16] = { 1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                    1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
    uint64_t m = 0;
    size_t digits = 0, decimals = 0, i = n && s[0] == '+';
    bool dot = false;
    for (; i < n; i++) {
        unsigned d = (unsigned)(unsigned char)s[i] - '0';
        if (d < 10) {
            if (++digits > 15)
                return false;
            m = m * 10 + d;
            decimals += dot;
        } else if (s[i] == '.' && !dot) {
            dot = true;
        } else {
            return false;
        }
    }
    *out = (double)m / ten[decimals];
    return true;
#else
    (void)s, (void)n, (void)out;
    return false;
#endif
}

bool number_read(const char *s, size_t n, bool plus, double *out)
{
    if (!number_syntax(s, n, plus))
        return false;
    if (short_decimal(s, n, out))
        return true;
    /* strtod wants a terminated string; numbers are short but for
     * padding (a line may be up to HP_MAX_LINE). */
    char small[64];
    char *buf = n < sizeof small ? small : xmalloc(n + 1);
    memcpy(buf, s, n);
    buf[n] = '\0';
    double v = number_strtod(buf, NULL);
    if (buf != small)
        free(buf);
    if (!isfinite(v))
        return false;
    *out = v;
    return true;
}

int number_percent_decimals(double pct, int least)
{
    int d = least < 0 ? 0 : least;
    if (!(pct > 0 && pct < 100))
        return d;
    for (; d < 9; d++) {
        char buf[64];
        snprintf(buf, sizeof buf, "%.*f", d, pct);
        double shown = strtod(buf, NULL); /* (in the locale that wrote it) */
        if (shown > 0 && shown < 100)
            break;
    }
    return d;
}

size_t number_format(char buf[NUMBER_TEXT_MAX], double v)
{
    if (!isfinite(v))
        v = 0;
    /* Whole numbers (the values, most figures) below 10^15 are what %.15g
     * writes, digit for digit, without printf (a page of a million bands
     * holds millions of them); -0 keeps its sign through %g.  (The
     * thread's locale is C, run_inputs: '.' from printf too.) */
    if (v == floor(v) && fabs(v) < 1e15 && !(v == 0 && signbit(v))) {
        char digits[24], *p = digits + sizeof digits;
        unsigned long long u = (unsigned long long)fabs(v);
        do
            *--p = (char)('0' + u % 10);
        while (u /= 10);
        if (v < 0)
            *--p = '-';
        size_t len = (size_t)(digits + sizeof digits - p);
        memcpy(buf, p, len);
        buf[len] = '\0';
        return len;
    }
    snprintf(buf, NUMBER_TEXT_MAX, "%.15g", v);
    if (number_strtod(buf, NULL) != v)
        snprintf(buf, NUMBER_TEXT_MAX, "%.17g", v);
    dot_decimal(buf);
    return strlen(buf);
}

const uint64_t number_pow10[20] = {
    1u,
    10u,
    100u,
    1000u,
    10000u,
    100000u,
    1000000u,
    10000000u,
    100000000u,
    1000000000u,
    10000000000u,
    100000000000u,
    1000000000000u,
    10000000000000u,
    100000000000000u,
    1000000000000000u,
    10000000000000000u,
    100000000000000000u,
    1000000000000000000u,
    10000000000000000000u,
};

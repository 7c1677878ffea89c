/* SPDX-License-Identifier: BSD-3-Clause */
/* test_fixed_point: fixed_point_format against glibc's printf, byte for
 * byte, and (when the program has it) the __snprintf_chk that hands
 * cairo's calls to it: the same text, length and cut as printf's, and
 * every other format left to glibc. */
#include "check.h"
#include "tune/fixed_point.h"
#include "fixture.h"

#include <float.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>

/* glibc's own text: vsnprintf, which nothing here replaces (a fortified
 * build calls __vsnprintf_chk, glibc's too). */
static int reference(char *s, size_t n, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int length = vsnprintf(s, n, format, ap);
    va_end(ap);
    return length;
}

static long mismatches;

static void compare(double d, int prec)
{
    char ours[FIXED_POINT_MAX], libc[512];
    int length = fixed_point_format(ours, d, prec);
    if (length < 0) {
        /* declined: only for what the header says it declines */
        if (isfinite(d) && fabs(d) < 0x1p50 && mismatches++ < 10)
            fprintf(stderr, "declined %.17g at %d\n", d, prec);
        return;
    }
    int libc_length = reference(libc, sizeof libc, "%.*f", prec, d);
    if ((length != libc_length || strcmp(ours, libc) != 0) && mismatches++ < 10)
        fprintf(stderr, "%.17g at %d: \"%s\", printf \"%s\"\n", d, prec, ours, libc);
}

static double from_bits(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static void test_against_printf(void)
{
    static const double edges[] = {
        0.0,          -0.0,      0.5,          1.5,           2.5,        -0.5,
        -2.5,         0.125,     0.0625,       0.0005,        0.0015,     0.00049999999999999996,
        1e-7,         -1e-7,     0.1,          0.7,           9.9995,     99.9995,
        999.9995,     1234.5675, 595.0,        842.0,         0x1p50 - 1, -(0x1p50 - 1),
        0x1p49 + 0.5, DBL_MIN,   DBL_TRUE_MIN, -DBL_TRUE_MIN, 5e-324,     1e-300,
    };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        for (int prec = 0; prec <= FIXED_POINT_MAX_PREC; prec++)
            compare(edges[i], prec);

    uint64_t state = UINT64_C(0x9E3779B97F4A7C15);
    for (int i = 0; i < 200000; i++) {
        uint64_t r = fixture_rng(&state);
        int prec = (int)(r % (FIXED_POINT_MAX_PREC + 1));
        /* page coordinates: thousandths, halves of them (exact ties when
         * binary), and any double of that size */
        double page = (double)(int64_t)(r >> 40) / 1000.0 - 2000.0;
        compare(page, 3);
        compare(page / 2, 3);
        compare(page, prec);
        compare((double)(r >> 44) / 1024.0, prec); /* k / 2^10: ties at low precisions */
        /* any bit pattern with an exponent from 2^-80 to 2^50 */
        uint64_t exponent = 1023 - 80 + (r >> 20) % 131;
        double any = from_bits((r & ((UINT64_C(1) << 52) - 1)) | exponent << 52 | (r & 1) << 63);
        compare(any, prec);
        compare(from_bits(r), prec); /* anything: subnormal, huge, NaN */
    }
    CHECK_INT(mismatches, 0);
}

static void test_declines(void)
{
    char out[FIXED_POINT_MAX];
    CHECK_INT(fixed_point_format(out, NAN, 3), -1);
    CHECK_INT(fixed_point_format(out, INFINITY, 3), -1);
    CHECK_INT(fixed_point_format(out, 0x1p50, 3), -1);
    CHECK_INT(fixed_point_format(out, 1.0, -1), -1);
    CHECK_INT(fixed_point_format(out, 1.0, FIXED_POINT_MAX_PREC + 1), -1);
    CHECK_INT(fixed_point_format(out, -(0x1p50 - 1), FIXED_POINT_MAX_PREC), 36);
    CHECK_STR(out, "-1125899906842623.000000000000000000");
}

#ifdef HP2PS_FAST_NUMBERS
int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...);

/* What the program's __snprintf_chk writes, against glibc's text. */
#define SAME_AS_PRINTF(size, format, ...)                                                          \
    do {                                                                                           \
        char ours_[64], libc_[64];                                                                 \
        memset(ours_, 'x', sizeof ours_);                                                          \
        memset(libc_, 'x', sizeof libc_);                                                          \
        int n_ = __snprintf_chk(ours_, (size), 1, sizeof ours_, format, __VA_ARGS__);              \
        int m_ = reference(libc_, (size), format, __VA_ARGS__);                                    \
        CHECK_INT(n_, m_);                                                                         \
        CHECK(memcmp(ours_, libc_, sizeof ours_) == 0);                                            \
    } while (0)

static void test_snprintf_chk(void)
{
    /* the formats cairo uses, and cut short as snprintf cuts */
    SAME_AS_PRINTF(64, "%.*f", 3, 123.4565);
    SAME_AS_PRINTF(64, "%f", 0.81999999999999995);
    SAME_AS_PRINTF(64, "%.18f", 0.0001);
    SAME_AS_PRINTF(64, "%.3f", -0.0004);
    SAME_AS_PRINTF(5, "%.*f", 3, 123.4565);
    SAME_AS_PRINTF(1, "%.*f", 3, 1.0);
    SAME_AS_PRINTF(0, "%.*f", 3, 1.0);
    /* everything else is glibc's */
    SAME_AS_PRINTF(64, "%.*f", -1, 2.5); /* a negative precision: as if none */
    SAME_AS_PRINTF(64, "%.*f", 3, NAN);
    SAME_AS_PRINTF(64, "%f", -INFINITY);
    SAME_AS_PRINTF(64, "%f", 1e300);
    SAME_AS_PRINTF(64, "%.100f", 1.0 / 3);
    SAME_AS_PRINTF(64, "%8.3f", 1.5);
    SAME_AS_PRINTF(64, "%+.3f", 1.5);
    SAME_AS_PRINTF(64, "%.3fpt", 1.5);
    SAME_AS_PRINTF(64, "%g", 1.5);
    SAME_AS_PRINTF(64, "%d", 42);
    SAME_AS_PRINTF(64, "%s", "text");
}
#endif

int main(void)
{
#ifndef __SIZEOF_INT128__
    return 77; /* automake's "skipped": fixed_point_format declines all */
#endif
    test_against_printf();
    test_declines();
#ifdef HP2PS_FAST_NUMBERS
    test_snprintf_chk();
#endif
    return check_report();
}

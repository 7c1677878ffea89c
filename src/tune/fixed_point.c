/* SPDX-License-Identifier: BSD-3-Clause */
/* tune/fixed_point.c: "%.Nf" exactly, in integer arithmetic (fixed_point.h).
 *
 * A finite double is m * 2^e with m an integer below 2^53.  Times 10^prec
 * that is m * 10^prec * 2^e, and m * 10^prec is below 2^53 * 10^18 <
 * 2^113: exact in 128 bits.  Shifting right by -e and rounding on the
 * bits shifted out (more than half up; exactly half to the even
 * neighbour) gives the same integer printf's digits spell, so the text
 * matches printf's for every such double, not merely for most. */
#include "fixed_point.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#ifndef __SIZEOF_INT128__
/* No 128-bit integers: printf keeps every number. */
int fixed_point_format(char *out, double d, int prec)
{
    (void)out, (void)d, (void)prec;
    return -1;
}
#else

/* __extension__: -Wpedantic knows __int128 is not ISO C. */
__extension__ typedef unsigned __int128 u128;

static const uint64_t powers_of_ten[FIXED_POINT_MAX_PREC + 1] = {
    1ull,
    10ull,
    100ull,
    1000ull,
    10000ull,
    100000ull,
    1000000ull,
    10000000ull,
    100000000ull,
    1000000000ull,
    10000000000ull,
    100000000000ull,
    1000000000000ull,
    10000000000000ull,
    100000000000000ull,
    1000000000000000ull,
    10000000000000000ull,
    100000000000000000ull,
    1000000000000000000ull,
};

/* |d| * 10^prec rounded to the nearest integer, a tie to even.  |d| is
 * below 2^50, so e is at most -3 (m >= 2^52 unless subnormal): always a
 * right shift, and the result is below 2^50 * 10^18 < 2^110. */
static u128 scaled_magnitude(double d, int prec)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    int biased = (int)(bits >> 52 & 0x7ff);
    uint64_t m = bits & ((UINT64_C(1) << 52) - 1);
    int e;
    if (biased == 0) {
        e = -1074; /* subnormal (or zero: m is 0) */
    } else {
        m |= UINT64_C(1) << 52;
        e = biased - 1075;
    }
    int shift = -e;
    if (prec <= 3 && shift < 64) {
        /* cairo's usual case ("%.3f"): m * 1000 < 2^63, so 64 bits do */
        uint64_t exact = m * powers_of_ten[prec];
        uint64_t whole = exact >> shift;
        uint64_t rest = exact & ((UINT64_C(1) << shift) - 1);
        uint64_t half = UINT64_C(1) << (shift - 1);
        return whole + (rest > half || (rest == half && (whole & 1)));
    }
    u128 exact = (u128)m * powers_of_ten[prec];
    if (shift > 114)
        return 0; /* exact < 2^113 <= half of 2^shift: rounds to 0 */
    u128 whole = exact >> shift;
    u128 rest = exact & (((u128)1 << shift) - 1);
    u128 half = (u128)1 << (shift - 1);
    if (rest > half || (rest == half && (whole & 1)))
        whole++;
    return whole;
}

int fixed_point_format(char *out, double d, int prec)
{
    if (prec < 0 || prec > FIXED_POINT_MAX_PREC || !isfinite(d) || fabs(d) >= 0x1p50)
        return -1;
    u128 n = scaled_magnitude(d, prec);
    /* The digits from the last: prec of them after the point, and at
     * least one before it. */
    char text[FIXED_POINT_MAX];
    char *p = text + sizeof text;
    *--p = '\0';
    int written = 0;
    if (n >> 64 == 0) {
        uint64_t small = (uint64_t)n; /* the usual case: 64-bit division */
        do {
            *--p = (char)('0' + small % 10);
            small /= 10;
            if (++written == prec)
                *--p = '.';
        } while (small != 0 || written <= prec);
    } else {
        do {
            *--p = (char)('0' + (int)(n % 10));
            n /= 10;
            if (++written == prec)
                *--p = '.';
        } while (n != 0 || written <= prec);
    }
    if (signbit(d))
        *--p = '-';
    size_t length = (size_t)(text + sizeof text - 1 - p);
    memcpy(out, p, length + 1);
    return (int)length;
}

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* tune/fixed_point.h: a double as printf's "%.Nf" writes it, byte for byte,
 * without printf.
 *
 * cairo writes every coordinate of a PostScript, PDF or SVG page through
 * snprintf("%.*f"), and glibc's is costly for what it does (a large
 * share of a small profile's run; bench/HISTORY.md has the figures).
 * This formatter gives the same bytes in integer arithmetic; it is
 * handed cairo's numbers by src/tune/cairo_numbers.c.
 */
#ifndef HP2PS_FIXED_POINT_H
#define HP2PS_FIXED_POINT_H

#include <stddef.h>

/* The longest text fixed_point_format writes, its NUL included. */
#define FIXED_POINT_MAX 48

/* d rounded to prec decimals (0 to FIXED_POINT_MAX_PREC), as glibc's
 * "%.*f" writes it in the "C" locale and the default rounding (to
 * nearest, an exact half to even): a '-' for any negative d (-0.0 too),
 * the integer part, and a '.' and prec digits when prec > 0.  Into
 * out[FIXED_POINT_MAX], NUL-terminated; the length.  -1, nothing
 * written, when d is not finite or its magnitude is 2^50 or more: those
 * are printf's to write; and always -1 where the compiler has no
 * __int128. */
#define FIXED_POINT_MAX_PREC 18
int fixed_point_format(char *out, double d, int prec);

#endif

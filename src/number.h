/* SPDX-License-Identifier: BSD-3-Clause */
/* number.h: the one grammar for numbers in a .hp and an .aux.
 *
 * GHC writes times and .aux values as plain decimals ("0.52", "1e-3");
 * both readers accept exactly that form and nothing strtod would also
 * take ("inf", "nan", "0x1p3", leading spaces, a locale's ',').
 */
#ifndef HP2PS_NUMBER_H
#define HP2PS_NUMBER_H

#include "common.h"

/* Whether s[0..n) is a plain non-negative decimal: an optional '+' (when
 * plus), digits, an optional '.' and digits, at least one digit in all,
 * then an optional exponent (e or E, an optional sign, digits). */
bool number_syntax(const char *s, size_t n, bool plus);

/* s[0..n) in that form (plus: with an optional '+') as a finite number
 * into *out; false when it is not that form or too large to be finite.
 * Converted by strtod, which reads '.' as the decimal point because
 * hp2ps never sets a locale (LC_NUMERIC stays "C"). */
bool number_read(const char *s, size_t n, bool plus, double *out);

#endif

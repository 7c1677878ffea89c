/* SPDX-License-Identifier: BSD-3-Clause */
/* number.h: the one grammar for numbers in a .hp and an .aux, and the
 * one format of the numbers hp2ps writes in its exports and pages.
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
 * Read with number_strtod: '.' whatever the locale. */
bool number_read(const char *s, size_t n, bool plus, double *out);

/* strtod in the "C" locale, whatever LC_NUMERIC is: hp2ps never sets a
 * locale, but a program or library around it may (issue 34). */
double number_strtod(const char *s, char **end);

/* The calling thread's locale made "C" until number_c_locale_end, so that
 * what is written (printf's %f, %g) and read back has '.' too; returns
 * what to give number_c_locale_end (NULL: nothing changed). */
void *number_c_locale_begin(void);
void number_c_locale_end(void *previous);

/* How many decimals a share pct (0 to 100) needs, at least least (0 to
 * 9), so that it reads 100 only when it is 100 and 0 only when it is 0:
 * 99.84 is "99.8", never "100"; 0.004 is "0.004", never "0". */
int number_percent_decimals(double pct, int least);

/* A number as every file hp2ps writes has it (the CSV and JSON exports,
 * the HTML page's data): the shortest of %.15g and %.17g that reads back
 * as the same double, with '.'.  JSON has no NaN or infinity (nor does
 * any input: the readers refuse them), so those are 0.  Into buf,
 * NUMBER_TEXT_MAX bytes; returns its length. */
#define NUMBER_TEXT_MAX 40
size_t number_format(char buf[NUMBER_TEXT_MAX], double v);

/* 10^0 .. 10^19, every power of ten a uint64_t holds: the .hp reader's
 * digits and the exports' integer writer read the one table. */
extern const uint64_t number_pow10[20];

#endif

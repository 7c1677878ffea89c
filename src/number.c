/* SPDX-License-Identifier: BSD-3-Clause */
/* number.c: see number.h. */
#include "number.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

bool number_read(const char *s, size_t n, bool plus, double *out)
{
    if (!number_syntax(s, n, plus))
        return false;
    /* strtod wants a terminated string; numbers are short but for
     * padding (a line may be up to HP_MAX_LINE). */
    char small[64];
    char *buf = n < sizeof small ? small : xmalloc(n + 1);
    memcpy(buf, s, n);
    buf[n] = '\0';
    double v = strtod(buf, NULL);
    if (buf != small)
        free(buf);
    if (!isfinite(v))
        return false;
    *out = v;
    return true;
}

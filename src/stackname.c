/* SPDX-License-Identifier: BSD-3-Clause */
/* stackname.c: see stackname.h. */
#include "stackname.h"

#include <string.h>

size_t stackname_prefix(const char *s)
{
    if (s[0] != '(')
        return 0;
    const char *p = s + 1;
    for (;;) {
        const char *digits = p;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p == digits)
            return 0;
        if (*p == ')')
            return (size_t)(p + 1 - s);
        if (strncmp(p, STACKNAME_ARROW, STACKNAME_ARROW_LEN) != 0)
            return 0;
        p += STACKNAME_ARROW_LEN;
    }
}

int stackname_cmp(const char *a, const char *b)
{
    int c = strcmp(a + stackname_prefix(a), b + stackname_prefix(b));
    return c ? c : strcmp(a, b);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* markup.c: see markup.h. */
#include "markup.h"

#include <string.h>

void markup_put_text(FILE *f, const char *s)
{
    /* Runs of plain bytes go out in one fwrite (a page of a million
     * names: putc a byte was a lock a byte). */
    for (;;) {
        size_t run = strcspn(s, "&<>\"'");
        fwrite(s, 1, run, f);
        s += run;
        switch (*s) {
        case '\0':
            return;
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        default:
            fputs("&#39;", f);
            break;
        }
        s++;
    }
}

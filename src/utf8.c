/* utf8.c: see utf8.h. */
#include "utf8.h"

#include <stdlib.h>
#include <string.h>

size_t utf8_sequence_length(const unsigned char *s, size_t len)
{
    if (len == 0)
        return 0;
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0; /* no overlong forms */
        if (c == 0xED)
            hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F; /* nothing above U+10FFFF */
    } else
        return 0;
    if (len < n || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* U+2028, U+2029 and U+0085 (NEL): pango starts a new line at each. */
static size_t line_break_length(const unsigned char *u, size_t n)
{
    if (n == 3 && u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0xA8 || u[2] == 0xA9))
        return 3;
    return n == 2 && u[0] == 0xC2 && u[1] == 0x85 ? 2 : 0;
}

/* utf8_sanitize, with each newline replaced by nl (NULL: U+FFFD too),
 * and each other line break by brk (NULL: kept). */
static char *sanitize(const char *s, size_t len, const char *nl, const char *brk)
{
    static const char replacement[] = "\xEF\xBF\xBD";
    /* At most three output bytes per input byte, or nl's or brk's length. */
    size_t per = nl && strlen(nl) > 3 ? strlen(nl) : 3;
    if (brk && strlen(brk) > per)
        per = strlen(brk);
    if (len > (SIZE_MAX - 1) / per)
        len = (SIZE_MAX - 1) / per;
    char *out = xmalloc(len * per + 1);
    size_t o = 0;
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_sequence_length(u + i, len - i);
        if (u[i] == '\n' && nl) {
            size_t k = strlen(nl);
            memcpy(out + o, nl, k);
            o += k;
            i += 1;
        } else if (brk && line_break_length(u + i, n)) {
            size_t k = strlen(brk);
            memcpy(out + o, brk, k);
            o += k;
            i += n;
        } else if (n == 0 || (n == 1 && (u[i] < 0x20 || u[i] == 0x7F))) {
            memcpy(out + o, replacement, 3);
            o += 3;
            i += 1;
        } else {
            memcpy(out + o, u + i, n);
            o += n;
            i += n;
        }
    }
    out[o] = '\0';
    return xrealloc(out, o + 1);
}

char *utf8_sanitize(const char *s, size_t len)
{
    return sanitize(s, len, NULL, NULL);
}

char *utf8_sanitize_lines(const char *s, size_t len)
{
    return sanitize(s, len, "\n", NULL);
}

char *utf8_display_name(const char *s, size_t len)
{
    return sanitize(s, len, UTF8_NEWLINE_MARK, UTF8_NEWLINE_MARK);
}

char *utf8_display_line(const char *s, size_t len)
{
    char *flat = xmemdup0(s, len);
    for (size_t i = 0; i < len; i++)
        if (flat[i] == '\n' || flat[i] == '\r' || flat[i] == '\t')
            flat[i] = ' ';
    char *clean = sanitize(flat, len, NULL, " ");
    free(flat);
    return clean;
}

void utf8_trim_partial(char *s)
{
    size_t n = strlen(s), i = n, k = 0;
    while (i > 0 && k < 3 && ((unsigned char)s[i - 1] & 0xC0) == 0x80)
        i--, k++;
    if (i == 0)
        return;
    unsigned char c = (unsigned char)s[i - 1];
    size_t want = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if (n - (i - 1) < want)
        s[i - 1] = '\0';
}

size_t utf8_count(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            n++;
    return n;
}

size_t utf8_offset(const char *s, size_t k)
{
    size_t i = 0;
    for (; s[i]; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80 && k-- == 0)
            return i;
    return i;
}

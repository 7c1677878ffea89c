/* SPDX-License-Identifier: BSD-3-Clause */
/* utf8.c: see utf8.h. */
#include "utf8.h"

#include <glib.h>
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

/* What sanitize does besides making the text valid UTF-8. */
struct rules {
    const char *nl;  /* a newline (and, drawn, the other line breaks) becomes
                     * this; NULL: U+FFFD like the other control characters */
    bool drawn;      /* text for cairo and pango (drawable), not for export */
    const char *tab; /* a tab becomes this; NULL: U+FFFD */
    bool controls;   /* the other C0 control characters (and DEL) kept as
                     * they are (export: the name exact) */
};

static const char replacement[] = "\xEF\xBF\xBD";

/* The code point of the well-formed sequence u[0..n). */
static uint32_t decode(const unsigned char *u, size_t n)
{
    static const unsigned char lead_mask[5] = { 0, 0x7F, 0x1F, 0x0F, 0x07 };
    uint32_t c = u[0] & lead_mask[n];
    for (size_t i = 1; i < n; i++)
        c = c << 6 | (u[i] & 0x3F);
    return c;
}

/* Noncharacters: valid UTF-8, but cairo's PostScript and PDF writers
 * refuse the whole text ("input string not valid UTF-8"). */
static bool noncharacter(uint32_t c)
{
    return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

/* Line breaks other than LF that pango honours: NEL, LINE SEPARATOR,
 * PARAGRAPH SEPARATOR (drawn text is one line). */
static bool other_break(uint32_t c)
{
    return c == 0x85 || c == 0x2028 || c == 0x2029;
}

/* What joins the character before it into one grapheme cluster: combining
 * marks, joiners, emoji modifiers and tags, Hangul vowel and final jamo. */
static bool extends(uint32_t c)
{
    return g_unichar_ismark(c) || c == 0x200C || c == 0x200D || (c >= 0x1F3FB && c <= 0x1F3FF)
        || (c >= 0xE0020 && c <= 0xE007F) || (c >= 0x1160 && c <= 0x11FF)
        || (c >= 0xD7B0 && c <= 0xD7FF);
}

/* How the sequence u[0..n) (n = 0: an invalid byte) is written: 0 as it
 * is, 1 as U+FFFD, 2 as r->nl, 3 not at all, 4 as r->tab.  *run counts the characters
 * extending the current cluster, for drawn text. */
static int classify(const unsigned char *u, size_t n, const struct rules *r, size_t *run)
{
    if (n == 0)
        return 1;
    if (n == 1) {
        *run = 0;
        if (u[0] == '\n')
            return r->nl ? 2 : 1;
        if (u[0] == '\t' && r->tab)
            return r->tab[0] == '\t' ? 0 : 4;
        return !r->controls && (u[0] < 0x20 || u[0] == 0x7F);
    }
    if (!r->drawn)
        return 0;
    uint32_t c = decode(u, n);
    if (!extends(c))
        *run = 0;
    else if (++*run > UTF8_CLUSTER_MAX)
        return 3;
    if (other_break(c))
        return r->nl ? 2 : 1;
    return (c >= 0x80 && c <= 0x9F) || noncharacter(c);
}

static char *sanitize(const char *s, size_t len, const struct rules *r)
{
    /* At most three output bytes per input byte, or nl's or tab's length. */
    size_t nl_len = r->nl ? strlen(r->nl) : 0, tab_len = r->tab ? strlen(r->tab) : 0;
    size_t per = nl_len > 3 ? nl_len : 3;
    if (tab_len > per)
        per = tab_len;
    if (len > (SIZE_MAX - 1) / per)
        len = (SIZE_MAX - 1) / per;
    char *out = xmalloc(len * per + 1);
    size_t o = 0, run = 0;
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_sequence_length(u + i, len - i);
        switch (classify(u + i, n, r, &run)) {
        case 0:
            memcpy(out + o, u + i, n);
            o += n;
            break;
        case 1:
            memcpy(out + o, replacement, 3);
            o += 3;
            break;
        case 2:
            memcpy(out + o, r->nl, nl_len);
            o += nl_len;
            break;
        case 4:
            memcpy(out + o, r->tab, tab_len);
            o += tab_len;
            break;
        default:
            break;
        }
        i += n ? n : 1;
    }
    out[o] = '\0';
    return xrealloc(out, o + 1);
}

char *utf8_sanitize(const char *s, size_t len)
{
    static const struct rules r = { NULL, false, NULL, false };
    return sanitize(s, len, &r);
}

char *utf8_sanitize_lines(const char *s, size_t len)
{
    static const struct rules r = { "\n", false, "\t", true };
    return sanitize(s, len, &r);
}

char *utf8_display_name(const char *s, size_t len)
{
    static const struct rules r = { UTF8_NEWLINE_MARK, true, UTF8_TAB_MARK, false };
    return sanitize(s, len, &r);
}

char *utf8_display_text(const char *s, size_t len)
{
    /* GHC allowed newlines and tabs in the header's strings: spaces. */
    char *flat = xmemdup0(s, len);
    for (size_t i = 0; i < len; i++)
        if (flat[i] == '\r' || flat[i] == '\t')
            flat[i] = ' ';
    static const struct rules r = { " ", true, NULL, false };
    char *out = sanitize(flat, len, &r);
    free(flat);
    return out;
}

bool utf8_drawable(const char *s)
{
    static const struct rules r = { NULL, true, NULL, false };
    char *t = sanitize(s, strlen(s), &r);
    bool same = strcmp(s, t) == 0;
    free(t);
    return same;
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

/* SPDX-License-Identifier: BSD-3-Clause */
/* shorten.c: see shorten.h. */
#include "shorten.h"

#include <stdlib.h>
#include <string.h>

#include "utf8.h"

static const char ELLIPSIS[] = "\xE2\x80\xA6";
#define ELLIPSIZE_MAX 1024 /* clusters kept at most: no page shows more on a line */
#define WINDOW 4096        /* bytes looked at from each end of a longer text */

/* ---- grapheme clusters ---- */

static uint32_t decode(const unsigned char *s, size_t n)
{
    if (n == 1)
        return s[0];
    uint32_t c = s[0] & (0xFF >> (n + 1));
    for (size_t i = 1; i < n; i++)
        c = c << 6 | (s[i] & 0x3F);
    return c;
}

/* Code points that belong to the character before them: combining marks,
 * variation selectors, emoji skin tones and tags, the zero-width joiner. */
static bool extends(uint32_t c)
{
    return (c >= 0x300 && c <= 0x36F) || (c >= 0x483 && c <= 0x489) ||
           (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) ||
           (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE00 && c <= 0xFE0F) ||
           (c >= 0xFE20 && c <= 0xFE2F) || c == 0x200D || (c >= 0x1F3FB && c <= 0x1F3FF) ||
           (c >= 0xE0020 && c <= 0xE007F) || (c >= 0xE0100 && c <= 0xE01EF);
}

/* Without a text shaper's rule: a cluster is a code point with the
 * extending ones after it, and whatever follows a joiner. */
static size_t simple_clusters(const char *text, size_t len, size_t *stops)
{
    const unsigned char *u = (const unsigned char *)text;
    size_t k = 0;
    uint32_t prev = 0;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_sequence_length(u + i, len - i);
        if (n == 0)
            n = 1; /* not valid UTF-8: callers never pass that, but stay safe */
        uint32_t c = decode(u + i, n);
        if (i == 0 || (!extends(c) && prev != 0x200D))
            stops[k++] = i;
        prev = c;
        i += n;
    }
    stops[k++] = len;
    return k;
}

static size_t clusters(const struct text_metrics *tm, const char *text, size_t len,
                       size_t *stops)
{
    if (len == 0) {
        stops[0] = 0;
        return 1;
    }
    return tm->clusters ? tm->clusters(tm->ctx, text, len, stops)
                        : simple_clusters(text, len, stops);
}

/* ---- the middle ellipsis ---- */

/* Where a text can be cut: head[i] is the end of its first i clusters,
 * tail[i] the start of its last i.  A long text is looked at only within
 * WINDOW bytes of each end (a name can be 1 MiB, and no more than
 * ELLIPSIZE_MAX clusters are ever kept). */
struct cuts {
    size_t *head, nhead; /* head[0..nhead] */
    size_t *tail, ntail; /* tail[0..ntail] */
    size_t max_keep;     /* clusters that may be kept around the ellipsis */
};

/* The largest code-point boundary at or below at, and the smallest at or
 * above it. */
static size_t boundary_down(const char *s, size_t at)
{
    while (at > 0 && ((unsigned char)s[at] & 0xC0) == 0x80)
        at--;
    return at;
}

static size_t boundary_up(const char *s, size_t len, size_t at)
{
    while (at < len && ((unsigned char)s[at] & 0xC0) == 0x80)
        at++;
    return at;
}

static void cuts_init(struct cuts *c, const char *text, size_t len, const struct text_metrics *tm)
{
    if (len <= 2 * WINDOW) {
        size_t *stops = xcalloc(len + 1, sizeof *stops);
        size_t k = clusters(tm, text, len, stops) - 1; /* clusters */
        c->head = stops;
        c->nhead = k;
        c->tail = xcalloc(k + 1, sizeof *c->tail);
        for (size_t i = 0; i <= k; i++)
            c->tail[i] = stops[k - i];
        c->ntail = k;
        c->max_keep = k ? k - 1 : 0; /* at least one cluster goes */
    } else {
        /* The cluster at a window's inner edge may run on past it: it is
         * not counted. */
        size_t hw = boundary_down(text, WINDOW);
        c->head = xcalloc(hw + 1, sizeof *c->head);
        size_t kh = clusters(tm, text, hw, c->head) - 1;
        c->nhead = kh ? kh - 1 : 0;
        size_t ts = boundary_up(text, len, len - WINDOW);
        size_t *stops = xcalloc(len - ts + 1, sizeof *stops);
        size_t kt = clusters(tm, text + ts, len - ts, stops) - 1;
        c->ntail = kt ? kt - 1 : 0;
        c->tail = xcalloc(c->ntail + 1, sizeof *c->tail);
        for (size_t i = 0; i <= c->ntail; i++)
            c->tail[i] = ts + stops[kt - i];
        free(stops);
        c->max_keep = c->nhead + c->ntail;
    }
    if (c->max_keep > ELLIPSIZE_MAX)
        c->max_keep = ELLIPSIZE_MAX;
}

static void cuts_free(struct cuts *c)
{
    free(c->head);
    free(c->tail);
}

/* keep clusters around the ellipsis, the head's one more when odd. */
static char *middle_cut(const char *text, size_t len, const struct cuts *c, size_t keep)
{
    size_t h = (keep + 1) / 2, t = keep / 2;
    if (h > c->nhead)
        t += h - c->nhead, h = c->nhead;
    if (t > c->ntail) {
        h += t - c->ntail, t = c->ntail;
        if (h > c->nhead)
            h = c->nhead;
    }
    size_t hb = c->head[h], tb = c->tail[t];
    char *out = xmalloc(hb + sizeof ELLIPSIS + (len - tb));
    memcpy(out, text, hb);
    memcpy(out + hb, ELLIPSIS, sizeof ELLIPSIS - 1);
    memcpy(out + hb + sizeof ELLIPSIS - 1, text + tb, len - tb + 1);
    return out;
}

char *layout_ellipsize(const char *text, double max_width, enum font_role font,
                       const struct text_metrics *tm)
{
    /* A text longer than ELLIPSIZE_MAX code points is never measured
     * whole: pango took seconds per measurement of a 1 MiB name, and the
     * search below measures ~20 times. */
    size_t total = utf8_count(text);
    if (total == 0 || (total <= ELLIPSIZE_MAX && tm->width(tm->ctx, font, text) <= max_width))
        return xstrdup(text);
    size_t len = strlen(text);
    struct cuts c;
    cuts_init(&c, text, len, tm);
    /* Binary search on how many clusters survive around the ellipsis. */
    size_t lo = 0, hi = c.max_keep;
    while (lo < hi) {
        size_t mid = (lo + hi + 1) / 2;
        char *candidate = middle_cut(text, len, &c, mid);
        bool fits = tm->width(tm->ctx, font, candidate) <= max_width;
        free(candidate);
        if (fits)
            lo = mid;
        else
            hi = mid - 1;
    }
    char *out = middle_cut(text, len, &c, lo);
    cuts_free(&c);
    return out;
}

/* ---- a set of names ---- */

static bool separator(char c)
{
    return c && strchr("/.:, |;", c) != NULL;
}

/* Is byte offset at of text a cluster boundary?  Looked at in a small
 * window around it. */
static bool cluster_boundary(const char *text, size_t len, size_t at,
                             const struct text_metrics *tm)
{
    if (at == 0 || at >= len)
        return true;
    size_t a = boundary_down(text, at > 64 ? at - 64 : 0);
    size_t b = boundary_up(text, len, at + 64 < len ? at + 64 : len);
    size_t *stops = xcalloc(b - a + 1, sizeof *stops);
    size_t k = clusters(tm, text + a, b - a, stops);
    bool found = false;
    for (size_t i = 0; i < k && !found; i++)
        found = stops[i] == at - a;
    free(stops);
    return found;
}

/* What all names not skipped share at their start, up to and including a
 * separator; 0 when fewer than two names count. */
static size_t common_prefix(char *const *names, const bool *skip, size_t n,
                            const struct text_metrics *tm)
{
    const char *first = NULL;
    size_t len = 0, counted = 0;
    for (size_t i = 0; i < n; i++) {
        if (skip && skip[i])
            continue;
        if (!first) {
            first = names[i];
            len = strlen(first);
        } else {
            size_t k = 0;
            while (k < len && names[i][k] == first[k])
                k++;
            len = k;
        }
        counted++;
    }
    if (counted < 2)
        return 0;
    size_t flen = strlen(first);
    for (;;) {
        while (len > 0 && !separator(first[len - 1]))
            len--;
        if (len == 0 || cluster_boundary(first, flen, len, tm))
            return len;
        len--;
    }
}

/* What they share at their end, from a separator on. */
static size_t common_suffix(char *const *names, const bool *skip, size_t n,
                            const struct text_metrics *tm)
{
    const char *first = NULL;
    size_t flen = 0, len = 0, counted = 0;
    for (size_t i = 0; i < n; i++) {
        if (skip && skip[i])
            continue;
        size_t l = strlen(names[i]);
        if (!first) {
            first = names[i];
            flen = len = l;
        } else {
            size_t k = 0;
            while (k < len && k < l && names[i][l - 1 - k] == first[flen - 1 - k])
                k++;
            len = k;
        }
        counted++;
    }
    if (counted < 2)
        return 0;
    for (;;) {
        while (len > 0 && !separator(first[flen - len]))
            len--;
        if (len == 0 || cluster_boundary(first, flen, flen - len, tm))
            return len;
        len--;
    }
}

static char *concat3(const char *a, const char *b, const char *c)
{
    size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
    char *out = xmalloc(na + nb + nc + 1);
    memcpy(out, a, na);
    memcpy(out + na, b, nb);
    memcpy(out + na + nb, c, nc + 1);
    return out;
}

static bool fits(const char *text, double max_width, enum font_role font,
                 const struct text_metrics *tm)
{
    return utf8_count(text) <= ELLIPSIZE_MAX && tm->width(tm->ctx, font, text) <= max_width;
}

/* One name too wide: without the shared prefix (p bytes) and suffix (s
 * bytes), each shown as an ellipsis, and then shortened in the middle. */
static char *shorten_one(const char *name, size_t p, size_t s, double max_width,
                         enum font_role font, const struct text_metrics *tm)
{
    size_t len = strlen(name);
    char *core = xmemdup0(name + p, len - p - s);
    const char *before = p ? ELLIPSIS : "", *after = s ? ELLIPSIS : "";
    char *out = concat3(before, core, after);
    if (!fits(out, max_width, font, tm)) {
        free(out);
        double marks = tm->width(tm->ctx, font, before) + tm->width(tm->ctx, font, after);
        char *cut = layout_ellipsize(core, max_width - marks, font, tm);
        out = concat3(before, cut, after);
        free(cut);
    }
    free(core);
    return out;
}

void shorten_names(char **out, char *const *names, const bool *skip, size_t n,
                   double max_width, enum font_role font, const struct text_metrics *tm)
{
    size_t p = common_prefix(names, skip, n, tm), s = common_suffix(names, skip, n, tm);
    /* Not worth an ellipsis of its own: a shared "a." or "/x". */
    double mark = 2 * tm->width(tm->ctx, font, ELLIPSIS);
    if (p) {
        char *pre = xmemdup0(names[0], 0);
        for (size_t i = 0; i < n; i++)
            if (!(skip && skip[i])) {
                free(pre);
                pre = xmemdup0(names[i], p);
                break;
            }
        if (fits(pre, mark, font, tm))
            p = 0;
        free(pre);
    }
    for (size_t i = 0; i < n; i++) {
        if (fits(names[i], max_width, font, tm)) {
            out[i] = xstrdup(names[i]);
            continue;
        }
        size_t len = strlen(names[i]);
        bool shared = !(skip && skip[i]);
        size_t pi = shared ? p : 0, si = shared ? s : 0;
        if (pi + si >= len) /* one name is the shared part itself */
            si = 0;
        if (pi >= len)
            pi = 0;
        if (si && fits(names[i] + len - si, mark, font, tm))
            si = 0;
        out[i] = shorten_one(names[i], pi, si, max_width, font, tm);
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* shorten.c: see shorten.h. */
#include "layout/shorten.h"

#include <stdlib.h>
#include <string.h>

#include "utf8.h"

static const char ELLIPSIS[] = "\xE2\x80\xA6";
#define ELLIPSIZE_MAX 1024 /* clusters kept at most: no page shows more on a line */
#define WINDOW        4096 /* bytes looked at from each end of a longer text */

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
    return (c >= 0x300 && c <= 0x36F) || (c >= 0x483 && c <= 0x489) || (c >= 0x1AB0 && c <= 0x1AFF)
        || (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF)
        || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xFE20 && c <= 0xFE2F) || c == 0x200D
        || (c >= 0x1F3FB && c <= 0x1F3FF) || (c >= 0xE0020 && c <= 0xE007F)
        || (c >= 0xE0100 && c <= 0xE01EF);
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

static size_t clusters(const struct text_metrics *tm, const char *text, size_t len, size_t *stops)
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

/* Clusters kept at the head (*h) and the tail (*t), moved from a side
 * that has too few to the other, and neither past what it has. */
static void fit_split(const struct cuts *c, size_t *h, size_t *t)
{
    if (*h > c->nhead)
        *t += *h - c->nhead, *h = c->nhead;
    if (*t > c->ntail) {
        *h += *t - c->ntail, *t = c->ntail;
        if (*h > c->nhead)
            *h = c->nhead;
    }
}

/* keep clusters around the ellipsis, the head's one more when odd. */
static char *middle_cut(const char *text, size_t len, const struct cuts *c, size_t keep)
{
    size_t h = (keep + 1) / 2, t = keep / 2;
    fit_split(c, &h, &t);
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
static bool cluster_boundary(const char *text, size_t len, size_t at, const struct text_metrics *tm)
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

/* ---- what names share ---- */

/* A name seen from one end: text and length, compared from that end. */
struct seen {
    const char *s;
    size_t len;
    size_t idx; /* its place in the caller's array */
};

/* Byte k from the end (suffixes) or from the start (prefixes). */
static unsigned char at_end(const struct seen *a, size_t k)
{
    return (unsigned char)a->s[a->len - 1 - k];
}

static int by_end(const void *pa, const void *pb)
{
    const struct seen *a = pa, *b = pb;
    for (size_t k = 0;; k++) {
        if (k == a->len || k == b->len)
            return (k < a->len) - (k < b->len);
        int d = at_end(a, k) - at_end(b, k);
        if (d)
            return d;
    }
}

static int by_start(const void *pa, const void *pb)
{
    const struct seen *a = pa, *b = pb;
    size_t n = a->len < b->len ? a->len : b->len;
    int d = memcmp(a->s, b->s, n);
    return d ? d : (a->len > b->len) - (a->len < b->len);
}

/* The part (a suffix when end, else a prefix) that every name not
 * skipped has, two names or more, in whole words: it ends (a prefix) or
 * starts (a suffix) at a space when it holds one, else at a separator
 * ("/", ".", ":" ...), and leaves every name something of its own.  A
 * part shared by only some of the names is not taken: the key's line
 * "... stands for X, the start of every name" must be true of every
 * entry.  Returns its length in bytes (0: none) and sets *owner to a
 * name that has it.  O(names): the part all share is the one the first
 * and the last of them in order from that end share. */
static size_t best_shared(char *const *names, const bool *skip, size_t n, bool end,
                          const struct text_metrics *tm, size_t *owner)
{
    struct seen lo = { NULL, 0, 0 }, hi = { NULL, 0, 0 };
    size_t m = 0, shortest = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        if (skip && skip[i])
            continue;
        struct seen v = { names[i], strlen(names[i]), i };
        shortest = v.len < shortest ? v.len : shortest;
        if (!m++) {
            lo = hi = v;
            continue;
        }
        if ((end ? by_end(&v, &lo) : by_start(&v, &lo)) < 0)
            lo = v;
        if ((end ? by_end(&v, &hi) : by_start(&v, &hi)) > 0)
            hi = v;
    }
    if (m < 2)
        return 0;
    size_t k = 0, cap = shortest < WINDOW ? shortest : WINDOW;
    if (end)
        while (k < cap && at_end(&lo, k) == at_end(&hi, k))
            k++;
    else
        while (k < cap && lo.s[k] == hi.s[k])
            k++;
    if (k >= shortest) /* a name that is the part alone keeps it */
        k = shortest - 1;
    const char *who = lo.s;
    size_t len = lo.len;
    /* whole words: to a space when the part holds one, else a separator */
    bool spaced = false;
    for (size_t i = 0; i < k && !spaced; i++)
        spaced = (end ? who[len - 1 - i] : who[i]) == ' ';
    for (;;) {
        if (end)
            while (k > 0 && !(spaced ? who[len - k] == ' ' : separator(who[len - k])))
                k--;
        else
            while (k > 0 && !(spaced ? who[k - 1] == ' ' : separator(who[k - 1])))
                k--;
        /* never inside a grapheme cluster: shorter, to the boundary before */
        if (k == 0 || cluster_boundary(who, len, end ? len - k : k, tm))
            break;
        k--;
    }
    *owner = lo.idx;
    return k;
}

/* Whether name has the part (a suffix when end) part[0..plen). */
static bool has_part(const char *name, size_t len, const char *part, size_t plen, bool end)
{
    return plen < len && memcmp(end ? name + len - plen : name, part, plen) == 0;
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

/* ---- cutting where names differ ---- */

/* head clusters, the ellipsis, tail clusters. */
static char *cut_at(const char *text, size_t len, const struct cuts *c, size_t h, size_t t)
{
    size_t hb = c->head[h], tb = c->tail[t];
    if (tb < hb)
        tb = hb;
    char *out = xmalloc(hb + sizeof ELLIPSIS + (len - tb));
    memcpy(out, text, hb);
    memcpy(out + hb, ELLIPSIS, sizeof ELLIPSIS - 1);
    memcpy(out + hb + sizeof ELLIPSIS - 1, text + tb, len - tb + 1);
    return out;
}

/* How keep clusters split into a head and a tail: kind 0 evenly (the
 * head one more), 1 at least hmin in the head, 2 at least tmin in the
 * tail.  False when that cannot be. */
static bool split(const struct cuts *c, size_t keep, int kind, size_t hmin, size_t tmin, size_t *h,
                  size_t *t)
{
    size_t hh = (keep + 1) / 2, tt = keep / 2;
    if (kind == 1 && hh < hmin)
        hh = hmin, tt = keep >= hmin ? keep - hmin : 0;
    if (kind == 2 && tt < tmin)
        tt = tmin, hh = keep >= tmin ? keep - tmin : 0;
    fit_split(c, &hh, &tt);
    if ((kind == 1 && hh < hmin) || (kind == 2 && tt < tmin) || hh + tt < keep)
        return false;
    *h = hh, *t = tt;
    return true;
}

/* The window of text around byte at (where it differs from every other
 * name's head): from the start of at's word (at most 16 bytes back), as
 * many clusters as fit max_width with an ellipsis on each side cut, at's
 * own included; when even that does not fit, NULL, or with narrowest
 * the least window that holds at. */
static char *window_cut(const char *text, size_t len, size_t at, double max_width, bool narrowest,
                        enum font_role font, const struct text_metrics *tm)
{
    if (at >= len)
        return NULL;
    size_t a = boundary_down(text, at);
    for (size_t back = 0; a > 0 && back < 16 && !separator(text[a - 1]); back++)
        a = boundary_down(text, a - 1);
    while (a > 0 && !cluster_boundary(text, len, a, tm))
        a = boundary_down(text, a - 1);
    /* (at most 512 bytes: no key shows more of a name on one line) */
    size_t span = len - a < 512 ? len - a : boundary_down(text, a + 512) - a;
    size_t *stops = xcalloc(span + 1, sizeof *stops);
    size_t k = clusters(tm, text + a, span, stops) - 1;
    char *best = NULL;
    for (size_t i = 1; i <= k; i++) {
        size_t b = a + stops[i];
        bool whole_end = b == len;
        size_t n = b - a;
        char *cand = xmalloc(2 * (sizeof ELLIPSIS - 1) + n + 1), *q = cand;
        if (a > 0)
            memcpy(q, ELLIPSIS, sizeof ELLIPSIS - 1), q += sizeof ELLIPSIS - 1;
        memcpy(q, text + a, n), q += n;
        if (!whole_end)
            memcpy(q, ELLIPSIS, sizeof ELLIPSIS - 1), q += sizeof ELLIPSIS - 1;
        *q = '\0';
        if (tm->width(tm->ctx, font, cand) > max_width) {
            if (narrowest && !best && b > at) {
                best = cand;
                break;
            }
            free(cand);
            if (best || b > at || !narrowest)
                break;
            continue;
        }
        if (b > at) { /* the differing byte is in */
            free(best);
            best = cand;
        } else
            free(cand);
    }
    free(stops);
    return best;
}

/* text (too wide for max_width) cut in its middle so that it keeps where
 * it differs from every other name: more than its first lp bytes (what
 * it shares at most with another name at the start) or more than its
 * last ls bytes.  Two names cut so never read the same: equal heads and
 * tails would make them share more than that.  The even cut when it does
 * so, else the one that keeps the most clusters; when nothing that keeps
 * the difference fits, the narrowest that does (a name a little too
 * wide is better than two names that look alike). */
static char *cut_apart(const char *text, double max_width, size_t lp, size_t ls,
                       enum font_role font, const struct text_metrics *tm)
{
    size_t len = strlen(text);
    struct cuts c;
    cuts_init(&c, text, len, tm);
    size_t hmin = 0, tmin = 0;
    while (hmin <= c.nhead && c.head[hmin] <= lp)
        hmin++;
    while (tmin <= c.ntail && len - c.tail[tmin] <= ls)
        tmin++;
    bool head_ok = hmin <= c.nhead, tail_ok = tmin <= c.ntail;
    char *out = NULL;
    size_t out_keep = 0;
    for (int kind = 0; kind < 3; kind++) {
        if ((kind == 1 && !head_ok) || (kind == 2 && !tail_ok))
            continue;
        size_t lo = kind == 1 ? hmin : kind == 2 ? tmin : 0, hi = c.max_keep, h, t;
        if (lo > hi)
            continue;
        /* the most clusters of this kind that fit */
        size_t good = SIZE_MAX;
        while (lo <= hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (!split(&c, mid, kind, hmin, tmin, &h, &t)) {
                if (mid == 0)
                    break;
                hi = mid - 1;
                continue;
            }
            char *cand = cut_at(text, len, &c, h, t);
            bool ok = tm->width(tm->ctx, font, cand) <= max_width;
            free(cand);
            if (ok)
                good = mid, lo = mid + 1;
            else if (mid == 0)
                break;
            else
                hi = mid - 1;
        }
        if (good == SIZE_MAX || !split(&c, good, kind, hmin, tmin, &h, &t))
            continue;
        bool apart = (head_ok && h >= hmin) || (tail_ok && t >= tmin);
        if (kind == 0 && !apart)
            continue;
        if (!out || good > out_keep) {
            free(out);
            out = cut_at(text, len, &c, h, t);
            out_keep = good;
        }
        if (kind == 0)
            break;
    }
    /* Nothing that keeps a head or a tail fits: the part of the name
     * where it differs from every other name's head, cut on both sides
     * ("...group16/d..."). */
    if (!out || tm->width(tm->ctx, font, out) > max_width) {
        char *mid = window_cut(text, len, lp, max_width, false, font, tm);
        if (mid) {
            free(out);
            cuts_free(&c);
            return mid;
        }
    }
    if (!out) {
        size_t h, t;
        if (head_ok && split(&c, hmin, 1, hmin, tmin, &h, &t))
            out = cut_at(text, len, &c, h, t);
        if (tail_ok && split(&c, tmin, 2, hmin, tmin, &h, &t)) {
            char *other = cut_at(text, len, &c, h, t);
            if (!out || tm->width(tm->ctx, font, other) < tm->width(tm->ctx, font, out)) {
                free(out);
                out = other;
            } else
                free(other);
        }
        /* (or the word where it differs, when that is narrower) */
        char *mid = window_cut(text, len, lp, max_width, true, font, tm);
        if (mid && (!out || tm->width(tm->ctx, font, mid) < tm->width(tm->ctx, font, out))) {
            free(out);
            out = mid;
        } else
            free(mid);
        if (!out) /* nothing tells it apart within the windows: the even cut */
            out = middle_cut(text, len, &c, c.max_keep);
    }
    cuts_free(&c);
    return out;
}

/* For each of n texts, the most bytes it shares with another at its
 * start (lp) and at its end (ls): with its neighbours when sorted. */
static void shared_most(char *const *texts, size_t n, size_t *lp, size_t *ls)
{
    struct seen *v = xcalloc(n ? n : 1, sizeof *v);
    for (int end = 0; end < 2; end++) {
        size_t *out = end ? ls : lp;
        for (size_t i = 0; i < n; i++) {
            v[i].s = texts[i], v[i].len = strlen(texts[i]), v[i].idx = i;
            out[i] = 0;
        }
        qsort(v, n, sizeof *v, end ? by_end : by_start);
        for (size_t i = 0; i + 1 < n; i++) {
            const struct seen *a = &v[i], *b = &v[i + 1];
            size_t k = 0, cap = a->len < b->len ? a->len : b->len;
            if (end)
                while (k < cap && at_end(a, k) == at_end(b, k))
                    k++;
            else
                while (k < cap && a->s[k] == b->s[k])
                    k++;
            if (k > out[a->idx])
                out[a->idx] = k;
            if (k > out[b->idx])
                out[b->idx] = k;
        }
    }
    free(v);
}

/* ---- the key's names ---- */

/* The names of a key being shortened, and what each step finds. */
struct key_names {
    char *const *names;
    const bool *skip; /* OTHER: not stripped, not counted */
    size_t n;
    enum font_role font;
    const struct text_metrics *tm;
    size_t *len;
    bool *wide;          /* too wide for max_width as it is */
    size_t plen[2];      /* the stripped prefix (0) and suffix (1), 0: none */
    const char *part[2]; /* ... in the name that has it */
    char **core;         /* each name less what was stripped */
    bool *cut_p, *cut_s; /* its prefix, its suffix was stripped */
    size_t *lp, *ls;     /* shared_most's of the cores */
};

/* Step 2: the parts every name not skipped has, each taken off them
 * when one of them is too wide and the part is worth more than an
 * ellipsis of its own (not a shared "a." or ".CAF").
 * The suffix first (a common "/run.it/run/main" says least); the prefix
 * only when a name that has it is still too wide without the suffix, so
 * a name keeps its module where there is room for it. */
static void choose_strips(struct key_names *kn, struct shorten_strip *strip, double max_width)
{
    char *const *names = kn->names;
    double mark = 3 * kn->tm->width(kn->tm->ctx, kn->font, ELLIPSIS);
    for (int end = 1; end >= 0; end--) {
        size_t owner = 0, k = best_shared(names, kn->skip, kn->n, end, kn->tm, &owner);
        if (!k)
            continue;
        const char *at = end ? names[owner] + kn->len[owner] - k : names[owner];
        char *text = xmemdup0(at, k);
        bool one_wide = false;
        for (size_t i = 0; i < kn->n && !one_wide; i++) {
            if ((kn->skip && kn->skip[i]) || !kn->wide[i]
                || !has_part(names[i], kn->len[i], at, k, end))
                continue;
            one_wide = true;
            if (!end && kn->plen[1]
                && has_part(names[i], kn->len[i], kn->part[1], kn->plen[1], true)
                && k + kn->plen[1] < kn->len[i]) {
                char *head = xmemdup0(names[i], kn->len[i] - kn->plen[1]);
                char *cut = concat3("", head, ELLIPSIS);
                one_wide = !fits(cut, max_width, kn->font, kn->tm);
                free(cut);
                free(head);
            }
        }
        bool wanted = one_wide && !fits(text, mark, kn->font, kn->tm);
        if (wanted) {
            kn->plen[end] = k, kn->part[end] = at;
            if (end)
                strip->suffix = text;
            else
                strip->prefix = text;
        } else
            free(text);
    }
}

/* Step 3: each name's core, what is left of it, and what its core shares
 * with another's at its start and its end. */
static void name_cores(struct key_names *kn)
{
    size_t n = kn->n, n1 = n ? n : 1;
    kn->core = xcalloc(n1, sizeof *kn->core);
    kn->cut_p = xcalloc(n1, sizeof *kn->cut_p);
    kn->cut_s = xcalloc(n1, sizeof *kn->cut_s);
    for (size_t i = 0; i < n; i++) {
        const char *name = kn->names[i];
        size_t a = 0, b = kn->len[i];
        if (!(kn->skip && kn->skip[i])) {
            if (kn->plen[0] && has_part(name, kn->len[i], kn->part[0], kn->plen[0], false))
                a = kn->plen[0], kn->cut_p[i] = true;
            if (kn->plen[1] && has_part(name, kn->len[i], kn->part[1], kn->plen[1], true)
                && a + kn->plen[1] < kn->len[i])
                b = kn->len[i] - kn->plen[1], kn->cut_s[i] = true;
        }
        kn->core[i] = xmemdup0(name + a, b - a);
    }
    kn->lp = xcalloc(n1, sizeof *kn->lp);
    kn->ls = xcalloc(n1, sizeof *kn->ls);
    shared_most(kn->core, n, kn->lp, kn->ls);
}

/* Step 4, for name i: whole when it fits room, else its core cut where
 * it differs from the others, between the ellipses of what was stripped.
 * A new string. */
static char *shorten_one(const struct key_names *kn, size_t i, double room)
{
    const struct text_metrics *tm = kn->tm;
    if (!kn->cut_p[i] && !kn->cut_s[i] && !kn->wide[i])
        return xstrdup(kn->names[i]);
    const char *before = kn->cut_p[i] ? ELLIPSIS : "", *after = kn->cut_s[i] ? ELLIPSIS : "";
    char *whole = concat3(before, kn->core[i], after);
    if (fits(whole, room, kn->font, tm)
        || (!kn->cut_p[i] && !kn->cut_s[i] && fits(kn->names[i], room, kn->font, tm)))
        return whole;
    free(whole);
    double marks = tm->width(tm->ctx, kn->font, before) + tm->width(tm->ctx, kn->font, after);
    char *cut = cut_apart(kn->core[i], room - marks, kn->lp[i], kn->ls[i], kn->font, tm);
    /* one ellipsis where the cut meets a stripped part ("…17…", not
     * "……17…"); the check of names alike still finds any two alike */
    size_t el = sizeof ELLIPSIS - 1, cl = strlen(cut);
    const char *c0 = cut;
    if (*before && strncmp(c0, ELLIPSIS, el) == 0)
        c0 += el, cl -= el;
    if (*after && cl >= el && strcmp(c0 + cl - el, ELLIPSIS) == 0)
        cut[c0 - cut + cl - el] = '\0';
    char *out = concat3(before, c0, after);
    free(cut);
    return out;
}

/* Step 5: shortened names that read alike though the names differ (a
 * name with an ellipsis of its own) are given twice the room, to be cut
 * again: out[k] freed (NULL) and room[k] doubled.  False when none. */
static bool widen_alike(const struct key_names *kn, char **out, double *room)
{
    size_t n = kn->n;
    struct seen *v = xcalloc(n ? n : 1, sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i].s = out[i], v[i].len = strlen(out[i]), v[i].idx = i;
    qsort(v, n, sizeof *v, by_start);
    /* Marked first, freed after: three or more alike are compared in
     * overlapping pairs, and the next pair reads what this one marks. */
    bool *widen = xcalloc(n ? n : 1, sizeof *widen);
    for (size_t i = 0; i + 1 < n; i++)
        if (by_start(&v[i], &v[i + 1]) == 0 && strcmp(kn->names[v[i].idx], kn->names[v[i + 1].idx]))
            for (size_t j = i; j <= i + 1; j++) {
                size_t k = v[j].idx;
                if (strcmp(out[k], kn->names[k]) != 0) /* (whole already: nothing to give) */
                    widen[k] = true;
            }
    bool again = false;
    for (size_t k = 0; k < n; k++)
        if (widen[k]) {
            free(out[k]);
            out[k] = NULL;
            room[k] *= 2;
            again = true;
        }
    free(widen);
    free(v);
    return again;
}

static void key_names_free(struct key_names *kn)
{
    for (size_t i = 0; kn->core && i < kn->n; i++)
        free(kn->core[i]);
    free(kn->core);
    free(kn->cut_p);
    free(kn->cut_s);
    free(kn->lp);
    free(kn->ls);
    free(kn->len);
    free(kn->wide);
}

void shorten_names(char **out, struct shorten_strip *strip, char *const *names, const bool *skip,
                   size_t n, double max_width, enum font_role font, const struct text_metrics *tm)
{
    strip->prefix = strip->suffix = NULL;
    struct key_names kn = { names,    skip,           n,    font, tm,   NULL, NULL,
                            { 0, 0 }, { NULL, NULL }, NULL, NULL, NULL, NULL, NULL };
    /* Step 1: which names are too wide, each measured once. */
    kn.len = xcalloc(n ? n : 1, sizeof *kn.len);
    kn.wide = xcalloc(n ? n : 1, sizeof *kn.wide);
    bool any_wide = false;
    for (size_t i = 0; i < n; i++) {
        kn.len[i] = strlen(names[i]);
        out[i] = NULL;
        kn.wide[i] = !fits(names[i], max_width, font, tm);
        any_wide |= kn.wide[i];
    }
    if (!any_wide) {
        for (size_t i = 0; i < n; i++)
            out[i] = xstrdup(names[i]);
        key_names_free(&kn);
        return;
    }
    choose_strips(&kn, strip, max_width);
    name_cores(&kn);
    /* Short of the room a name has, then, cut where it differs; a name
     * whose cut still reads like another's is given twice the room until
     * they differ. */
    double *room = xcalloc(n ? n : 1, sizeof *room);
    for (size_t i = 0; i < n; i++)
        room[i] = max_width;
    for (int round = 0; round < 64; round++) {
        for (size_t i = 0; i < n; i++)
            if (!out[i])
                out[i] = shorten_one(&kn, i, room[i]);
        if (!widen_alike(&kn, out, room))
            break;
    }
    for (size_t i = 0; i < n; i++)
        if (!out[i])
            out[i] = xstrdup(names[i]);
    free(room);
    key_names_free(&kn);
}

void shorten_each(char **out, char *const *names, const double *max_width, size_t n,
                  enum font_role font, const struct text_metrics *tm)
{
    size_t *lp = xcalloc(n ? n : 1, sizeof *lp), *ls = xcalloc(n ? n : 1, sizeof *ls);
    shared_most(names, n, lp, ls);
    for (size_t i = 0; i < n; i++) {
        if (fits(names[i], max_width[i], font, tm)) {
            out[i] = xstrdup(names[i]);
            continue;
        }
        char *cut = cut_apart(names[i], max_width[i], lp[i], ls[i], font, tm);
        if (!fits(cut, max_width[i], font, tm)) { /* (cut_apart may overrun a little) */
            free(cut);
            cut = layout_ellipsize(names[i], max_width[i], font, tm);
        }
        if (!fits(cut, max_width[i], font, tm) || strcmp(cut, ELLIPSIS) == 0) {
            free(cut);
            cut = NULL;
        }
        out[i] = cut;
    }
    free(lp);
    free(ls);
}

void shorten_strip_free(struct shorten_strip *strip)
{
    free(strip->prefix);
    free(strip->suffix);
    strip->prefix = strip->suffix = NULL;
}

/* ---- wrapping ---- */

/* The bytes of rest[0..rlen)'s first line (chars: its code points),
 * and *whole when that is all of it. */
static size_t wrap_line(const char *rest, size_t rlen, size_t chars, double max_width,
                        enum font_role font, const struct text_metrics *tm, bool *whole)
{
    /* (an empty text is one empty line, however narrow: the search
     * below needs a cluster) */
    *whole = rlen == 0 || (chars <= ELLIPSIZE_MAX && tm->width(tm->ctx, font, rest) <= max_width);
    if (*whole)
        return rlen;
    /* The most clusters of what is left that fit (at least one), looked
     * at within WINDOW bytes; a break after a separator when there is
     * one in the line's second half. */
    size_t wlen = rlen > WINDOW ? boundary_down(rest, WINDOW) : rlen;
    size_t *stops = xcalloc(wlen + 1, sizeof *stops);
    size_t k = clusters(tm, rest, wlen, stops) - 1;
    if (rlen > wlen && k > 1)
        k--; /* the last cluster of a window may run on past it */
    size_t lo = 1, hi = k;
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        char *cand = xmemdup0(rest, stops[mid]);
        bool ok = fits(cand, max_width, font, tm);
        free(cand);
        if (ok)
            lo = mid;
        else
            hi = mid - 1;
    }
    size_t take = lo;
    for (size_t j = lo; j > lo / 2 && j > 0; j--)
        if (separator(rest[stops[j] - 1]) || rest[stops[j] - 1] == ' ') {
            take = j;
            break;
        }
    size_t bytes = stops[take];
    free(stops);
    return bytes;
}

/* What is left is counted once and less each line's code points: counted
 * whole at every line (as it was) a name of n bytes cut into lines of a
 * few took some n^2 / 2 steps (4 s for one fuzzer input). */
size_t text_wrap(const char *text, double max_width, enum font_role font,
                 const struct text_metrics *tm, char ***lines)
{
    size_t len = strlen(text), n = 0, cap = 4, chars = utf8_count(text);
    char **out = xcalloc(cap, sizeof *out);
    size_t at = 0;
    while (at < len || n == 0) {
        if (n == cap)
            out = xrealloc(out, (cap *= 2) * sizeof *out);
        bool whole;
        size_t bytes = wrap_line(text + at, len - at, chars, max_width, font, tm, &whole);
        out[n++] = xmemdup0(text + at, bytes);
        if (whole)
            break;
        for (size_t i = at; i < at + bytes; i++)
            chars -= ((unsigned char)text[i] & 0xC0) != 0x80;
        at += bytes;
    }
    *lines = out;
    return n;
}

size_t text_wrap_first(const char *text, double max_width, enum font_role font,
                       const struct text_metrics *tm)
{
    bool whole;
    return wrap_line(text, strlen(text), utf8_count(text), max_width, font, tm, &whole);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* heapline.c: see heapline.h. */
#include "heapline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The first bucket width: a microsecond, below any GC's spacing. */
#define HEAPLINE_FIRST_WIDTH (1.0 / 1048576.0)

const char *heapline_name(enum heap_kind k)
{
    static const char *const names[HEAP_KINDS] = {"heap size", "live bytes", "blocks size"};
    return (unsigned)k < HEAP_KINDS ? names[k] : "";
}

static void take(struct heap_bucket *b, struct heap_point p)
{
    if (!b->used) {
        b->first = b->low = b->high = b->last = p;
        b->used = true;
        return;
    }
    if (p.t < b->first.t)
        b->first = p;
    if (p.t >= b->last.t)
        b->last = p;
    if (p.v < b->low.v)
        b->low = p;
    if (p.v > b->high.v)
        b->high = p;
}

/* b's neighbours pairwise into one bucket each: the width doubles. */
static void widen(struct heap_line *l)
{
    for (size_t i = 0; i < HEAPLINE_BUCKETS / 2; i++) {
        struct heap_bucket a = l->b[2 * i], c = l->b[2 * i + 1];
        if (a.used && c.used) {
            a.last = c.last;
            if (c.low.v < a.low.v)
                a.low = c.low;
            if (c.high.v > a.high.v)
                a.high = c.high;
        } else if (c.used)
            a = c;
        l->b[i] = a;
    }
    memset(l->b + HEAPLINE_BUCKETS / 2, 0, HEAPLINE_BUCKETS / 2 * sizeof *l->b);
    l->width *= 2;
}

void heaplines_add(struct heap_lines *h, enum heap_kind k, double t, uint64_t v)
{
    if ((unsigned)k >= HEAP_KINDS)
        return;
    struct heap_line *l = &h->line[k];
    if (!(t >= 0) || !isfinite(t))
        t = 0;
    if (!l->b) {
        l->b = xcalloc(HEAPLINE_BUCKETS, sizeof *l->b);
        l->width = HEAPLINE_FIRST_WIDTH;
    }
    while (t >= l->width * HEAPLINE_BUCKETS)
        widen(l);
    size_t i = (size_t)(t / l->width);
    if (i >= HEAPLINE_BUCKETS)
        i = HEAPLINE_BUCKETS - 1;
    take(&l->b[i], (struct heap_point){t, v});
    l->events++;
}

bool heaplines_any(const struct heap_lines *h)
{
    if (!h)
        return false;
    for (int k = 0; k < HEAP_KINDS; k++)
        if (h->line[k].events)
            return true;
    return false;
}

void heaplines_free(struct heap_lines *h)
{
    if (!h)
        return;
    for (int k = 0; k < HEAP_KINDS; k++)
        free(h->line[k].b);
    memset(h, 0, sizeof *h);
}

static int by_time(const void *a, const void *b)
{
    const struct heap_point *x = a, *y = b;
    return (x->t > y->t) - (x->t < y->t);
}

/* A bucket's points in time order, each once: how many (1 to 4). */
static size_t bucket_points(const struct heap_bucket *b, struct heap_point out[4])
{
    struct heap_point p[4] = {b->first, b->low, b->high, b->last};
    qsort(p, 4, sizeof p[0], by_time);
    size_t n = 0;
    for (size_t i = 0; i < 4; i++)
        if (!n || p[i].t != out[n - 1].t || p[i].v != out[n - 1].v)
            out[n++] = p[i];
    return n;
}

struct sink {
    struct heap_point *p;
    size_t n, cap;
};

static void put(struct sink *s, struct heap_point p)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->p = xreallocarray(s->p, s->cap, sizeof *s->p);
    }
    s->p[s->n++] = p;
}

static void flush(struct sink *s, struct heap_bucket *col)
{
    if (!col->used)
        return;
    struct heap_point q[4];
    size_t n = bucket_points(col, q);
    for (size_t i = 0; i < n; i++)
        put(s, q[i]);
    col->used = false;
}

size_t heapline_points(const struct heap_line *l, double t0, double t1, size_t ncols,
                       struct heap_point **out)
{
    struct sink s = {0};
    *out = NULL;
    if (!l->b)
        return 0;
    if (ncols < 1)
        ncols = 1;
    double span = t1 > t0 ? t1 - t0 : 1;
    bool has_before = false;
    struct heap_point before = {0, 0};
    struct heap_bucket col = {0};
    size_t at = 0;
    for (size_t i = 0; i < HEAPLINE_BUCKETS; i++) {
        if (!l->b[i].used)
            continue;
        struct heap_point q[4];
        size_t n = bucket_points(&l->b[i], q);
        for (size_t j = 0; j < n; j++) {
            if (q[j].t < t0) {
                before = q[j], has_before = true;
                continue;
            }
            if (q[j].t > t1) { /* the next event: the last value holds to t1 */
                flush(&s, &col);
                if (has_before) {
                    put(&s, before);
                    has_before = false;
                }
                put(&s, q[j]);
                goto done;
            }
            if (has_before) {
                put(&s, before);
                has_before = false;
            }
            double c = floor((q[j].t - t0) / span * (double)ncols);
            size_t k = c < (double)ncols ? (size_t)c : ncols - 1;
            if (col.used && k != at)
                flush(&s, &col);
            at = k;
            take(&col, q[j]);
        }
    }
done:
    if (has_before) /* nothing inside: the value in force all along */
        put(&s, before);
    flush(&s, &col);
    *out = s.p;
    return s.n;
}

uint64_t heapline_max(const struct heap_line *l, double t0, double t1)
{
    struct heap_point *p;
    size_t n = heapline_points(l, t0, t1, 1, &p);
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (p[i].v > m && p[i].t <= t1)
            m = p[i].v;
    free(p);
    return m;
}

void heapline_cursor_start(struct heapline_cursor *c, const struct heap_line *l)
{
    memset(c, 0, sizeof *c);
    c->l = l;
}

bool heapline_cursor_at(struct heapline_cursor *c, double t, uint64_t *v)
{
    const struct heap_line *l = c->l;
    while (l->b && c->bucket < HEAPLINE_BUCKETS) {
        const struct heap_bucket *b = &l->b[c->bucket];
        struct heap_point q[4];
        size_t n = b->used ? bucket_points(b, q) : 0;
        if (c->point >= n) {
            c->bucket++, c->point = 0;
            continue;
        }
        if (q[c->point].t > t)
            break;
        c->value = q[c->point].v, c->has = true;
        c->point++;
    }
    *v = c->value;
    return c->has;
}

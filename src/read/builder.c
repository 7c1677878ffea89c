/* SPDX-License-Identifier: BSD-3-Clause */
/* read/builder.c: see read/builder.h. */
#include "read/builder.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MARKS_KEPT      65536 /* marks kept before they are thinned */
#define MARK_RESOLUTION 8192  /* thinned marks: distinct to 1/this of the time span */

/* ---- the input ---- */

void reader_input_fd(struct reader_input *in, int fd)
{
    memset(in, 0, sizeof *in);
    in->fd = fd;
    in->limit = UINT64_MAX;
}

void reader_input_mem(struct reader_input *in, const char *data, size_t len)
{
    memset(in, 0, sizeof *in);
    in->fd = -1;
    in->mem = data ? data : "";
    in->mem_len = data ? len : 0;
    in->limit = UINT64_MAX;
}

void reader_input_range(struct reader_input *in, uint64_t start, uint64_t end)
{
    in->positioned = true;
    in->pos = start;
    if (in->mem)
        in->mem_pos = start < in->mem_len ? (size_t)start : in->mem_len;
    in->limit = end;
}

ssize_t reader_input_read(struct reader_input *in, void *buf, size_t room, const char *source,
                          struct hp_error *err)
{
    size_t n = 0;
    if (in->peek_pos < in->npeek) {
        n = in->npeek - in->peek_pos < room ? in->npeek - in->peek_pos : room;
        memcpy(buf, in->peek + in->peek_pos, n);
        in->peek_pos += n;
    } else if (in->mem) {
        size_t end = in->limit < in->mem_len ? (size_t)in->limit : in->mem_len;
        n = in->mem_pos < end ? end - in->mem_pos : 0;
        if (n > room)
            n = room;
        if (n)
            memcpy(buf, in->mem + in->mem_pos, n);
        in->mem_pos += n;
    } else if (in->positioned) {
        if (in->pos >= in->limit)
            room = 0;
        else if (room > in->limit - in->pos)
            room = (size_t)(in->limit - in->pos);
        ssize_t r = 0;
        while (room && (r = pread(in->fd, buf, room, (off_t)in->pos)) < 0 && errno == EINTR)
            ;
        if (r < 0)
            return hp_fail(err, "%s: read error: %s", source, strerror(errno));
        n = (size_t)r;
        in->pos += n;
    } else if (room && !in->ended) {
        ssize_t r;
        do
            r = read(in->fd, buf, room);
        while (r < 0 && errno == EINTR);
        if (r < 0)
            return hp_fail(err, "%s: read error: %s", source, strerror(errno));
        n = (size_t)r;
        in->ended = r == 0;
    }
    in->nread += n;
    return (ssize_t)n;
}

/* The first bytes, kept to be read again: up to READER_PEEK of them, fewer
 * only at the end of the input. */
int reader_input_peek(struct reader_input *in, const char **bytes, size_t *n, const char *source,
                      struct hp_error *err)
{
    if (in->mem) {
        *bytes = in->mem;
        *n = in->mem_len < READER_PEEK ? in->mem_len : READER_PEEK;
        return 0;
    }
    while (in->npeek < READER_PEEK) {
        ssize_t r;
        do
            r = read(in->fd, in->peek + in->npeek, READER_PEEK - in->npeek);
        while (r < 0 && errno == EINTR);
        if (r < 0)
            return hp_fail(err, "%s: read error: %s", source, strerror(errno));
        if (r == 0) {
            in->ended = true;
            break;
        }
        in->npeek += (size_t)r;
    }
    *bytes = in->peek;
    *n = in->npeek;
    return 0;
}

/* ---- the sample builder ---- */

void builder_start(struct sample_builder *b, struct profile *p, const char *source,
                   const struct parse_options *po)
{
    memset(b, 0, sizeof *b);
    memset(p, 0, sizeof *p);
    if (po)
        b->opt = *po;
    b->windowed = b->opt.has_from || b->opt.has_to;
    b->p = p;
    b->marks_limit = MARKS_KEPT;
    p->x_is_index = b->opt.x_index;
    p->source = xstrdup(source);
    names_init(&p->names);
    p->store = store_new();
}

void builder_grow(struct sample_builder *b)
{
    size_t cap = b->pend_cap ? b->pend_cap * 2 : 64;
    b->ent = xreallocarray(b->ent, cap, sizeof *b->ent);
    b->pend_cap = cap;
}

/* --from, --to: is time t inside the window (both ends included)? */
static bool in_window(const struct sample_builder *b, double t)
{
    return (!b->opt.has_from || t >= b->opt.from) && (!b->opt.has_to || t <= b->opt.to);
}

void builder_begin(struct sample_builder *b, double t)
{
    if (!b->begun) {
        b->begun = true;
        b->first_begin = t;
    }
    b->in_sample = true;
    b->skip_sample = b->windowed && !in_window(b, t);
    b->time = t;
    b->npend = 0;
    b->names_before = b->p->names.count;
}

int builder_end(struct sample_builder *b, struct hp_error *err)
{
    struct profile *p = b->p;
    if (b->nseen++ == 0)
        b->first_seen = b->time;
    b->last_seen = b->time;
    b->last_empty = b->npend == 0;
    b->in_sample = false;
    if (b->skip_sample)
        return 0; /* outside --from/--to: checked, not kept, not counted */
    /* --x=index: the sample's number within the window is its time. */
    double time = b->opt.x_index ? (double)p->nsamples : b->time;
    size_t n = b->npend;
    if (store_append(p->store, time, b->ent, n, err) < 0)
        return -1;
    if (b->kept_times && store_append(b->kept_times, b->time, NULL, 0, err) < 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        struct name_info *ni = &p->names.info[b->ent[i].name];
        uint64_t v = (uint64_t)b->ent[i].value;
        ni->total = ni->total > UINT64_MAX - v ? UINT64_MAX : ni->total + v;
        ni->points++;
    }
    if (p->nsamples++ == 0) {
        p->t_first = time;
        b->kept_first = b->time;
    }
    p->t_last = time;
    b->kept_last = b->time;
    return 0;
}

static int before(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct text_mark {
    double t;
    char *text;
    size_t at;
};

static int text_before(const void *a, const void *b)
{
    const struct text_mark *x = a, *y = b;
    if (x->t != y->t)
        return (x->t > y->t) - (x->t < y->t);
    return (x->at > y->at) - (x->at < y->at); /* stable: the same input, the same order */
}

/* The marks in time order, their texts with them. */
static void sort_marks(struct profile *p)
{
    if (!p->mark_text) {
        qsort(p->marks, p->nmarks, sizeof *p->marks, before);
        return;
    }
    struct text_mark *m = xreallocarray(NULL, p->nmarks ? p->nmarks : 1, sizeof *m);
    for (size_t i = 0; i < p->nmarks; i++)
        m[i] = (struct text_mark){ p->marks[i], p->mark_text[i], i };
    qsort(m, p->nmarks, sizeof *m, text_before);
    for (size_t i = 0; i < p->nmarks; i++)
        p->marks[i] = m[i].t, p->mark_text[i] = m[i].text;
    free(m);
}

/* A profile may have a MARK per sample, and their times stay in memory
 * for the drawing; so past marks_limit of them they are thinned: sorted,
 * and of the marks within one MARK_RESOLUTION-th of the time the samples
 * span so far (t0, span), only the first kept.  That span only grows, so
 * the drawing (which shows marks half a point apart as one) cannot tell.
 * When thinning frees less than half, the limit doubles. */
static void thin_marks(struct sample_builder *b, double t0, double span)
{
    struct profile *p = b->p;
    sort_marks(p);
    double step = p->nsamples || b->marks_by_time ? span / MARK_RESOLUTION : 0;
    size_t out = 0;
    double last = 0;
    for (size_t i = 0; i < p->nmarks; i++) {
        double t = p->marks[i];
        double bin = step > 0 ? floor((t - t0) / step) : t;
        if (out && bin == last) {
            if (p->mark_text)
                free(p->mark_text[i]);
            continue;
        }
        if (p->mark_text)
            p->mark_text[out] = p->mark_text[i];
        p->marks[out++] = t;
        last = bin;
    }
    p->nmarks = out;
    b->thinned = true;
    if (out > b->marks_limit / 2)
        b->marks_limit *= 2;
}

/* A mark at t with its text (taken; NULL: none). */
/* --marks: is a mark with this text kept? */
static bool keep_mark(const struct sample_builder *b, const char *text)
{
    return !b->opt.marks || regexec(b->opt.marks, text, 0, NULL, 0) == 0;
}

static void add_mark(struct sample_builder *b, double t, char *text)
{
    struct profile *p = b->p;
    if (p->nmarks == b->marks_cap) {
        b->marks_cap = b->marks_cap ? b->marks_cap * 2 : 16;
        p->marks = xreallocarray(p->marks, b->marks_cap, sizeof *p->marks);
        if (p->mark_text)
            p->mark_text = xreallocarray(p->mark_text, b->marks_cap, sizeof *p->mark_text);
    }
    if (text && !p->mark_text)
        p->mark_text = xcalloc(b->marks_cap, sizeof *p->mark_text);
    if (p->mark_text)
        p->mark_text[p->nmarks] = text;
    p->marks[p->nmarks++] = t;
}

/* A marker's text as it can be shown: each control character in caret
 * notation (^J, ^[, ^@, ^?: plain ASCII, which every font has), so a
 * newline or an escape sequence cannot break a line, a file or a
 * terminal; other bytes as they are (the writers make text valid UTF-8
 * as they do names). */
static char *visible_text(const char *s, size_t n)
{
    char *out = xmalloc(2 * n + 1), *o = out;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f) {
            *o++ = '^';
            *o++ = (char)(c ^ 0x40);
        } else
            *o++ = (char)c;
    }
    *o = '\0';
    return out;
}

/* Cut s to at most MARK_TEXT_MAX bytes, at a character's start, with an
 * ellipsis when it was longer. */
static char *capped_text(char *s)
{
    size_t n = strlen(s);
    if (n <= MARK_TEXT_MAX)
        return s;
    size_t k = MARK_TEXT_MAX - 3;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    memcpy(s + k, "\xE2\x80\xA6", 4);
    return xrealloc(s, k + 4);
}

void builder_mark(struct sample_builder *b, double t)
{
    struct profile *p = b->p;
    if (b->windowed && !in_window(b, t))
        return; /* --from/--to: a MARK outside the window goes with its samples */
    if (!keep_mark(b, ""))
        return;         /* --marks: a .hp's MARK has no text */
    if (b->opt.x_index) /* --x=index: the number of the sample after the mark */
        t = (double)p->nsamples + (b->in_sample && !b->skip_sample ? 1 : 0);
    add_mark(b, t, NULL);
    if (p->nmarks >= b->marks_limit)
        thin_marks(b, p->t_first, p->t_last - p->t_first);
}

void builder_marks_by_time(struct sample_builder *b)
{
    b->marks_by_time = true;
    if (b->opt.x_index)
        b->kept_times = store_new();
}

void builder_mark_at(struct sample_builder *b, double t, const char *text, size_t len)
{
    if (b->windowed && !in_window(b, t))
        return;
    char *shown = visible_text(text, len);
    if (!keep_mark(b, shown)) {
        free(shown);
        return;
    }
    add_mark(b, t, capped_text(shown));
    if (b->p->nmarks == 1 || t < b->mark_lo)
        b->mark_lo = t;
    if (b->p->nmarks == 1 || t > b->mark_hi)
        b->mark_hi = t;
    if (b->p->nmarks >= b->marks_limit) {
        /* The marks may all come before the samples (the RTS writes them
         * in the capabilities' blocks): thinned over the span of both. */
        double lo = b->mark_lo, hi = b->mark_hi;
        if (b->p->nsamples)
            lo = fmin(lo, b->kept_first), hi = fmax(hi, b->kept_last);
        thin_marks(b, lo, hi - lo);
    }
}

/* --x=index, marks by time: each becomes the number of samples kept at or
 * before its time, by one replay of the times of the kept samples. */
static int number_marks(struct sample_builder *b, struct hp_error *err)
{
    struct profile *p = b->p;
    struct store_cursor *cur = store_cursor_new(b->kept_times);
    struct sample smp = { 0 };
    size_t count = 0;
    int more = store_cursor_next(cur, &smp, err);
    for (size_t i = 0; i < p->nmarks && more >= 0; i++) {
        while (more == 1 && smp.time <= p->marks[i]) {
            count++;
            more = store_cursor_next(cur, &smp, err);
        }
        p->marks[i] = (double)count;
    }
    store_cursor_free(cur);
    return more < 0 ? -1 : 0;
}

/* --from/--to left no sample: say which window, and where the samples are. */
static int window_empty(const struct sample_builder *b, struct hp_error *err)
{
    char from[64] = "", to[64] = "";
    if (b->opt.has_from)
        snprintf(from, sizeof from, "--from=%g", b->opt.from);
    if (b->opt.has_to)
        snprintf(to, sizeof to, "%s--to=%g", b->opt.has_from ? " " : "", b->opt.to);
    return hp_fail(err, "%s: no sample in the window %s%s (the samples run from %g to %g)",
                   b->p->source, from, to, b->first_seen, b->last_seen);
}

bool builder_can_adopt(const struct sample_builder *b, const struct sample_builder *part)
{
    if (b->in_sample || part->in_sample || b->windowed || b->opt.x_index || b->marks_by_time)
        return false;
    /* Thinning depends on every mark and sample before it. */
    if (b->thinned || part->thinned || b->p->nmarks + part->p->nmarks >= b->marks_limit)
        return false;
    /* the check of begin_line (read/hp.c) across the seam */
    return !(part->begun && b->nseen > 0 && part->first_begin < b->last_seen);
}

void builder_adopt(struct sample_builder *b, struct sample_builder *part)
{
    struct profile *p = b->p, *q = part->p;
    uint32_t *remap = xreallocarray(NULL, q->names.count ? q->names.count : 1, sizeof *remap);
    for (size_t i = 0; i < q->names.count; i++) {
        const struct name_info *from = &q->names.info[i];
        uint32_t id = names_intern(&p->names, from->text, from->len);
        struct name_info *ni = &p->names.info[id];
        ni->total = ni->total > UINT64_MAX - from->total ? UINT64_MAX : ni->total + from->total;
        ni->points += from->points;
        remap[i] = id;
    }
    store_adopt(p->store, q->store, remap, q->names.count);
    q->store = NULL;
    free(remap);
    for (size_t i = 0; i < q->nmarks; i++) {
        add_mark(b, q->marks[i], q->mark_text ? q->mark_text[i] : NULL);
        if (q->mark_text)
            q->mark_text[i] = NULL;
    }
    if (q->nsamples) {
        if (p->nsamples == 0) {
            p->t_first = q->t_first;
            b->kept_first = part->kept_first;
        }
        p->t_last = q->t_last;
        b->kept_last = part->kept_last;
        p->nsamples += q->nsamples;
    }
    if (part->nseen) {
        if (b->nseen == 0)
            b->first_seen = part->first_seen;
        b->last_seen = part->last_seen;
        b->last_empty = part->last_empty;
        b->nseen += part->nseen;
    }
    if (part->begun && !b->begun) {
        b->begun = true;
        b->first_begin = part->first_begin;
    }
}

int builder_finish(struct sample_builder *b, struct hp_error *err)
{
    struct profile *p = b->p;
    int rc = 0;
    p->finished = !b->in_sample && b->nseen > 0 && b->last_empty;
    if (b->in_sample) {
        p->dropped_open_sample = true;
        b->in_sample = false;
        names_truncate(&p->names, b->names_before);
    }
    if (b->marks_by_time && p->nmarks) { /* in order, and numbered with --x=index */
        sort_marks(p);
        if (b->kept_times)
            rc = number_marks(b, err);
    }
    if (rc == 0 && p->nsamples == 0 && b->windowed && b->nseen > 0)
        rc = window_empty(b, err);
    else if (rc == 0 && p->nsamples == 0)
        rc = hp_fail(err, "%s: contains no samples", p->source);
    builder_release(b);
    return rc;
}

void builder_release(struct sample_builder *b)
{
    free(b->ent);
    b->ent = NULL;
    b->npend = b->pend_cap = 0;
    store_free(b->kept_times);
    b->kept_times = NULL;
}

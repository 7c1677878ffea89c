/* SPDX-License-Identifier: BSD-3-Clause */
/* fixture.h: what the unit tests build their inputs with, in one place.
 *
 *   fixture_parse   a profile from the body of an .hp (samples, marks),
 *                   through the real parser, under a standard header
 *   fixture_plan    its bands, with -t, -m and -c as given
 *   fixture_rng     one seeded generator (xorshift64), so a failing
 *                   random case is the same on every run
 *   fixture_testdata, fixture_read_file
 *                   the files in tests/data
 *
 * Any failure of the code under test here is not what the test tests:
 * it aborts with the message.
 */
#ifndef HP2PS_FIXTURE_H
#define HP2PS_FIXTURE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bands.h"
#include "read/hp.h"

/* The directory of the tests' data files: $TESTDATA (make check sets
 * it), else tests/data (a test run from the top of the tree). */
static inline const char *fixture_testdata(void)
{
    const char *d = getenv("TESTDATA");
    return d && *d ? d : "tests/data";
}

/* The whole file at path, with a NUL after it (not counted in *len), or
 * NULL when it cannot be opened.  The caller frees it. */
static inline char *fixture_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, r;
    char *buf = xmalloc(cap + 1);
    while ((r = fread(buf + n, 1, cap - n, f)) > 0)
        if ((n += r) == cap)
            buf = xrealloc(buf, (cap *= 2) + 1);
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

#define FIXTURE_HEADER                                                                             \
    "JOB \"prog +RTS -hc\"\nDATE \"Mon Nov 23 09:13 2026\"\n"                                      \
    "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"

/* body: lines of an .hp after its header, e.g.
 *   "BEGIN_SAMPLE 0\na 5\nEND_SAMPLE 0\n". */
static inline void fixture_parse(struct profile *p, const char *body)
{
    size_t n = strlen(FIXTURE_HEADER) + strlen(body);
    char *text = malloc(n + 1);
    if (!text)
        abort();
    snprintf(text, n + 1, "%s%s", FIXTURE_HEADER, body);
    struct hp_error err;
    if (profile_parse_buffer(p, text, n, "test.hp", NULL, &err) < 0) {
        fprintf(stderr, "fixture_parse: %s\n", err.text);
        abort();
    }
    free(text);
}

/* The bands of p with -t trace -m limit (-c when colour); other options
 * at their defaults. */
static inline void fixture_plan(struct band_plan *bp, const struct profile *p, double trace,
                                long limit, bool colour)
{
    struct band_options bo;
    band_options_default(&bo);
    bo.trace_percent = trace;
    bo.limit = limit;
    bo.colour = colour;
    struct hp_error err;
    if (bands_plan(bp, p, &bo, &err) < 0) {
        fprintf(stderr, "fixture_plan: %s\n", err.text);
        abort();
    }
}

/* xorshift64: state must not be 0. */
static inline uint64_t fixture_rng(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* A growing text, for synthetic profiles: fixture_put appends as printf
 * does, fixture_put_bytes appends bytes (NULs too).  The caller frees s. */
struct fixture_text {
    char *s;
    size_t len, cap;
};

static inline void fixture_put(struct fixture_text *t, const char *fmt, ...) HP_PRINTF(2, 3);

static inline void fixture_put(struct fixture_text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            abort();
        if (t->s && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap ? t->cap * 2 : 1 << 16;
        while (t->cap - t->len <= (size_t)n)
            t->cap *= 2;
        t->s = xrealloc(t->s, t->cap);
    }
}

static inline void fixture_put_bytes(struct fixture_text *t, const char *s, size_t n)
{
    if (!t->s || t->cap - t->len < n + 1) {
        t->cap = t->cap ? t->cap : 1 << 16;
        while (t->cap - t->len < n + 1)
            t->cap *= 2;
        t->s = xrealloc(t->s, t->cap);
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
}

#endif

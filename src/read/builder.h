/* SPDX-License-Identifier: BSD-3-Clause */
/* read/builder.h: what the readers share, below them: the input (a file
 * descriptor or memory) and the sample builder.
 *
 * There is one reader per input format, as there is one writer per output
 * format: read/hp.c reads GHC's .hp text, read/eventlog.c GHC's binary
 * eventlog, and read/read.c chooses between them.  Both readers fill the
 * same struct profile (profile.h) through the sample builder below, so
 * what --from, --to and --x=index do, how totals and marks are kept and
 * when a profile has nothing to draw is said once, whatever the format.
 */
#ifndef HP2PS_READ_BUILDER_H
#define HP2PS_READ_BUILDER_H

#include <string.h>
#include <sys/types.h>

#include "profile.h"

/* ---- the input: a file descriptor or memory ---- */

#define READER_PEEK 4 /* bytes read to choose the reader */

struct reader_input {
    int fd;          /* read when mem is NULL */
    const char *mem; /* else mem[0..mem_len) */
    size_t mem_len, mem_pos;
    char peek[READER_PEEK]; /* read from fd to choose the reader: */
    size_t npeek, peek_pos; /*   handed out before anything else */
    uint64_t nread;         /* bytes handed out so far */
    bool ended;             /* read() gave 0: the end, read no more (a
                                 * terminal's Ctrl-D ends one read only) */

    /* A regular file is read with pread from pos (and mem from mem_pos),
     * never past limit: so that threads can read parts of one input
     * (read/hp.c).  read() and no limit until reader_input_range. */
    bool positioned;
    uint64_t pos;
    uint64_t limit;
};

/* An input reading fd (not closed by the reader: the caller owns it), or
 * data[0..len) (borrowed, not copied: it must outlive the read).  Cannot
 * fail. */
void reader_input_fd(struct reader_input *in, int fd);
void reader_input_mem(struct reader_input *in, const char *data, size_t len);

/* Read from offset start (of the file, or of the memory), and stop at
 * offset end (UINT64_MAX: at the end of the input).  Bytes peeked are
 * still handed out first. */
void reader_input_range(struct reader_input *in, uint64_t start, uint64_t end);

/* Up to room bytes into buf: the number read, 0 at the end of the input,
 * -1 on a read error (err: "SOURCE: read error: ..."). */
ssize_t reader_input_read(struct reader_input *in, void *buf, size_t room, const char *source,
                          struct hp_error *err);

/* ---- the sample builder ---- */

/* A marker's text is kept up to this many bytes (an ellipsis ends one
 * cut): a million markers of 64 KB each must not fill memory. */
#define MARK_TEXT_MAX 200

/* The profile being filled and its open sample.  A reader calls
 * builder_start, then for each sample builder_begin, builder_add per
 * entry and builder_end (or leaves it open: builder_finish drops it),
 * builder_mark for a MARK, and builder_finish at the end of the input. */
struct sample_builder {
    struct profile *p;
    struct parse_options opt;
    bool windowed; /* --from or --to given */

    /* the open sample */
    bool in_sample;
    bool skip_sample; /* it lies outside the --from/--to window */
    double time;
    struct sample_entry *ent; /* its entries so far */
    size_t npend, pend_cap;
    size_t names_before; /* names.count at its begin */

    size_t nseen;                 /* completed samples, also those outside the window */
    bool last_empty;              /* the last of them had no entry (as the RTS's at exit) */
    double first_seen, last_seen; /* their first and last times */

    bool begun; /* a sample was opened: first_begin is its time */
    double first_begin;

    size_t marks_cap;
    size_t marks_limit; /* thin the marks when there are this many */
    bool thinned;       /* the marks were thinned */

    /* marks given by time in any order (builder_mark_at), and with
     * --x=index the times of the samples kept, to number them at the end */
    bool marks_by_time;
    double mark_lo, mark_hi; /* the earliest and latest of those marks */
    struct store *kept_times;
    double kept_first, kept_last; /* times of the first and last sample kept */
};

/* Empty p, named source, ready for samples. */
void builder_start(struct sample_builder *b, struct profile *p, const char *source,
                   const struct parse_options *po);

/* Open a sample at time t (the caller has checked the order of times). */
void builder_begin(struct sample_builder *b, double t);

/* Room for more entries in the open sample (builder_add's slow path);
 * aborts like xrealloc when memory is out. */
void builder_grow(struct sample_builder *b);

/* One entry of the open sample (inline: the innermost loop of both
 * readers). */
static inline void builder_add(struct sample_builder *b, uint32_t name, int64_t value)
{
    if (b->npend == b->pend_cap)
        builder_grow(b);
    struct sample_entry *en = &b->ent[b->npend++];
    en->name = name;
    en->value = value;
}

/* Close the open sample: stored and counted when it is inside the window.
 * Fails only on the store's I/O error. */
int builder_end(struct sample_builder *b, struct hp_error *err);

/* A MARK at time t, placed among the samples as they come (the .hp:
 * with --x=index it gets the number of the sample after it). */
void builder_mark(struct sample_builder *b, double t);

/* For a reader whose marks may come before or after the samples around
 * them (the eventlog's markers): call once, before the first sample.
 * builder_finish then sorts the marks, and with --x=index numbers each by
 * the samples kept at or before its time. */
void builder_marks_by_time(struct sample_builder *b);

/* A MARK at time t, for such a reader, with its text s[0..n) (bytes;
 * shown with its control characters made visible, matched by --marks,
 * and kept up to MARK_TEXT_MAX bytes). */
void builder_mark_at(struct sample_builder *b, double t, const char *s, size_t n);

/* A part of the input read by a builder of its own (read/hp.c reads a
 * large file on several threads), the part right after what b has read:
 * can b take its samples, names and marks as if it had read them itself?
 * Not when a sample is open on either side of the seam, when the times go
 * back across it, or when --from, --to, --x=index or the thinning of
 * marks would have treated the part otherwise. */
bool builder_can_adopt(const struct sample_builder *b, const struct sample_builder *part);

/* Take them: names and totals, samples (the part's store joins b's),
 * marks, counts and times.  part's profile keeps its names, for the
 * caller to free with profile_free. */
void builder_adopt(struct sample_builder *b, struct sample_builder *part);

/* End of input: p->finished set (the last sample, kept or not, is empty
 * and none is open: the RTS's at exit), an open sample dropped
 * (p->dropped_open_sample), the marks put in order, and a profile without
 * a sample fails ("SOURCE: contains no samples", or which --from/--to
 * window is empty).  Frees what the builder holds, whatever the
 * outcome. */
int builder_finish(struct sample_builder *b, struct hp_error *err);

/* Free what the builder holds (after a failure; builder_finish does it). */
void builder_release(struct sample_builder *b);

/* ---- for the readers' innermost loops ---- */

/* a[0..n) == b[0..n), inline: names are short, and a call to memcmp costs
 * more than the comparison (each reader first compares an entry with the
 * one it guesses).  With SSE2 (every x86_64) 16 bytes at a time, the
 * last 16 overlapping: a name of 16 to 32 bytes (most of them) in two
 * comparisons and one test, without a loop (37 M instructions of 1,057 M
 * at 148 MB: bench/README.md).  HP2PS_PORTABLE leaves it out;
 * tests/test_same_bytes.c checks both against memcmp. */
#if defined(__SSE2__) && !defined(HP2PS_PORTABLE)
#include <emmintrin.h>
static inline bool same_16(const char *a, const char *b)
{
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)a);
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)b);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) == 0xFFFF;
}
#endif

static inline bool same_bytes(const char *a, const char *b, size_t n)
{
#if defined(__SSE2__) && !defined(HP2PS_PORTABLE)
    if (n >= 16 && n <= 32) { /* most names: the first and last 16, one test */
        __m128i x = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)a),
                                   _mm_loadu_si128((const __m128i *)(const void *)b));
        __m128i y = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(a + n - 16)),
                                   _mm_loadu_si128((const __m128i *)(const void *)(b + n - 16)));
        return _mm_movemask_epi8(_mm_and_si128(x, y)) == 0xFFFF;
    }
    if (n > 32) {
        for (size_t i = 0; i + 16 < n; i += 16)
            if (!same_16(a + i, b + i))
                return false;
        return same_16(a + n - 16, b + n - 16);
    }
#endif
    if (n >= 8) {
        uint64_t x, y, x2, y2;
        for (size_t i = 0; i + 8 < n; i += 8) {
            memcpy(&x, a + i, 8);
            memcpy(&y, b + i, 8);
            if (x != y)
                return false;
        }
        memcpy(&x2, a + n - 8, 8); /* the last 8 bytes, overlapping */
        memcpy(&y2, b + n - 8, 8);
        return x2 == y2;
    }
    if (n >= 4) {
        uint32_t x, y, x2, y2;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        memcpy(&x2, a + n - 4, 4);
        memcpy(&y2, b + n - 4, 4);
        return x == y && x2 == y2;
    }
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* The first bytes of the input, kept to be read again: up to
 * READER_PEEK of them, fewer only at its end.  0, or -1 (err: "SOURCE:
 * read error: ...").  For read/read.c, which chooses the reader by them. */
int reader_input_peek(struct reader_input *in, const char **bytes, size_t *n, const char *source,
                      struct hp_error *err);

#endif

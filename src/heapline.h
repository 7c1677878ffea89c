/* SPDX-License-Identifier: BSD-3-Clause */
/* heapline.h: the RTS's own view of memory (an eventlog's HEAP_SIZE,
 * HEAP_LIVE and BLOCKS_SIZE events), kept as a bounded reduction.
 *
 * These events come at every garbage collection, so a long run has
 * millions; what is kept is, per line, at most HEAPLINE_BUCKETS buckets
 * of equal time, each with its first, lowest, highest and last event.
 * The buckets double in width (neighbours merged) when an event lies
 * past the last, so memory is fixed and every event costs O(1) on
 * average.  Nothing is invented: every point kept is an event's own time
 * and value, and the lowest and highest of each stretch of time are
 * kept, so a line drawn at any coarser resolution has the events' true
 * extremes.  A log with fewer events than buckets keeps them all unless
 * more than four fall into one bucket.
 */
#ifndef HP2PS_HEAPLINE_H
#define HP2PS_HEAPLINE_H

#include "common.h"

enum heap_kind { HEAP_SIZE, HEAP_LIVE, HEAP_BLOCKS, HEAP_KINDS };

#define HEAPLINE_BUCKETS 4096

struct heap_point {
    double t;     /* seconds, the samples' time base */
    uint64_t v;   /* bytes, as the event says */
};

struct heap_bucket {
    struct heap_point first, low, high, last;
    bool used;
};

struct heap_line {
    struct heap_bucket *b;  /* HEAPLINE_BUCKETS, or NULL before the first event */
    double width;           /* of a bucket, seconds: bucket i holds [i w, (i + 1) w) */
    uint64_t events;        /* events seen */
};

struct heap_lines {
    struct heap_line line[HEAP_KINDS];
};

/* The name a user reads for each line ("heap size", "live bytes",
 * "blocks size"). */
const char *heapline_name(enum heap_kind k);

/* One event, time t >= 0 seconds. */
void heaplines_add(struct heap_lines *h, enum heap_kind k, double t, uint64_t v);

/* Any event at all? */
bool heaplines_any(const struct heap_lines *h);

/* What h holds; h is left empty (NULL is harmless). */
void heaplines_free(struct heap_lines *h);

/* The points of line l in [t0, t1], in time order, reduced to at most
 * 4 per column of ncols equal columns (each column's first, lowest,
 * highest, last, in their time order), with the last point before t0
 * in front (the value then in force) and the first after t1 at the end
 * (so the value before it is known to hold up to t1).  *out is
 * allocated; returns the count. */
size_t heapline_points(const struct heap_line *l, double t0, double t1, size_t ncols,
                       struct heap_point **out);

/* The highest value of l in [t0, t1] and at the last event before t0
 * (what is drawn); 0 when none. */
uint64_t heapline_max(const struct heap_line *l, double t0, double t1);

/* The value in force at times that only grow: the last point kept at
 * or before t (false when none yet); linear over a whole line. */
struct heapline_cursor {
    const struct heap_line *l;
    size_t bucket, point;
    bool has;
    uint64_t value;
};
void heapline_cursor_start(struct heapline_cursor *c, const struct heap_line *l);
bool heapline_cursor_at(struct heapline_cursor *c, double t, uint64_t *v);

#endif

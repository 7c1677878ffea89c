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
 *
 * That reduction serves the drawing.  The value in force at a sample
 * (the exports, the page's readout) must be exact, so every event is
 * also kept whole, in time order, in a sample store of its own (store.h:
 * in memory while small, then in an unlinked temporary file), and read
 * back by a cursor at times that only grow (heapline_exact_*).  The RTS
 * writes these events into each capability's own buffer and the censuses
 * into another, so the file holds them in blocks out of time order; but
 * one buffer's events are in time order, so the events fall into a few
 * runs each in time order (a run per capability that collected garbage),
 * and the cursor merges the runs.
 */
#ifndef HP2PS_HEAPLINE_H
#define HP2PS_HEAPLINE_H

#include "common.h"

enum heap_kind { HEAP_SIZE, HEAP_LIVE, HEAP_BLOCKS, HEAP_KINDS };

#define HEAPLINE_BUCKETS 4096

struct heap_point {
    double t;   /* seconds, the samples' time base */
    uint64_t v; /* bytes, as the event says */
};

struct heap_bucket {
    struct heap_point first, low, high, last;
    bool used;
};

/* The runs of exact events a line keeps at most: past that (a damaged
 * log, whose events go back and forth in time) an event joins the run
 * that ends latest, and the values read back may be off where it went
 * back. */
#define HEAPLINE_RUNS 16

struct store;

/* Events in time order, each a sample of one entry (its kind and value). */
struct heap_run {
    struct store *s;
    double last; /* the time of its last event */
};

struct heap_line {
    struct heap_bucket *b;              /* HEAPLINE_BUCKETS, or NULL before the first event */
    double width;                       /* of a bucket, seconds: bucket i holds [i w, (i + 1) w) */
    uint64_t events;                    /* events seen */
    struct heap_run run[HEAPLINE_RUNS]; /* heaplines_keep's: every event, exact */
    size_t nruns;
};

struct heap_lines {
    struct heap_line line[HEAP_KINDS];
    /* A profiled run's live bytes over the census's total (the RTS counts
     * the profiling headers the profile leaves out): the 10th and 90th
     * percentile over the censuses, as the reader found them; 0: not
     * known (the legend says it). */
    double live_ratio[2];
};

/* The name a user reads for each line ("heap size", "live bytes",
 * "blocks size"). */
const char *heapline_name(enum heap_kind k);

/* One event, time t >= 0 seconds, into the drawing's reduction. */
void heaplines_add(struct heap_lines *h, enum heap_kind k, double t, uint64_t v);

/* The same event kept whole as well, for heapline_exact_at (what a
 * reader calls).  0, or -1 with err set (the temporary file failed). */
int heaplines_keep(struct heap_lines *h, enum heap_kind k, double t, uint64_t v,
                   struct hp_error *err);

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

/* The value in force at times that only grow, exactly: that of the
 * latest event at or before t (of two at the same time, the later in
 * the log) among every event heaplines_keep kept.  heapline_exact_at
 * returns 1 with *v, 0 when no event is that early, -1 with err set (the
 * temporary file failed).  Linear over the line's events and the times
 * asked; the cursor holds a block of each run.  heapline_exact_end frees
 * it (harmless on one started and never read). */
struct store_cursor;
struct heapline_exact {
    const struct heap_line *l;
    struct store_cursor *cur[HEAPLINE_RUNS];
    bool ahead[HEAPLINE_RUNS]; /* head[] holds the run's next event */
    bool done[HEAPLINE_RUNS];
    double head_t[HEAPLINE_RUNS];
    uint64_t head_v[HEAPLINE_RUNS];
    bool has;
    double best_t;
    uint64_t value;
};
void heapline_exact_start(struct heapline_exact *c, const struct heap_line *l);
int heapline_exact_at(struct heapline_exact *c, double t, uint64_t *v, struct hp_error *err);
void heapline_exact_end(struct heapline_exact *c);

#endif

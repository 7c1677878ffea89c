/* SPDX-License-Identifier: BSD-3-Clause */
/* series.h: the stacked heights of the bands, reduced to the output's
 * resolution.
 *
 * One replay of the stored samples.  Each band becomes the top edge of its
 * stack (the sum of its value and every band below it).  When there are
 * more samples than columns, each column keeps the same few whole samples
 * for every band (its first and last, and those where the stack is lowest
 * and highest), so every edge has its points at the same times, each edge
 * is exactly the running sum of the bands under it, and no peak of the
 * stack disappears.  The y range and the area are computed from every
 * exact sample, never from the reduced points.
 */
#ifndef HP2PS_SERIES_H
#define HP2PS_SERIES_H

#include "common.h"
#include "bands.h"
#include "profile.h"

/* --mode: how the bands are drawn. */
enum plot_mode {
    MODE_STACKED, /* stacked areas, GHC's picture (default) */
    MODE_PERCENT, /* stacked, each sample scaled to 100 % */
    MODE_LINES    /* one line per band, not stacked */
};

struct polyline {
    size_t n;
    double *t; /* sample times, non-decreasing */
    double *y; /* stacked heights in VALUE_UNITs (--mode: see series_build_mode) */
};

/* -o FILE.html: each band's own value in a few whole samples, for the
 * page's readout (series_samples_build). */
struct series_samples {
    size_t n; /* samples kept, in order */
    size_t nbands;
    double *t;       /* their times */
    int64_t *value;  /* value[i * nbands + b]: band b (bottom first) in sample i */
    int64_t *hidden; /* hidden[i]: the sum of the names -t removed in sample i,
                           * or NULL when it removed none */
};

struct series {
    size_t nbands;
    struct polyline *top;   /* top[b]: top edge of band b; the bottom is top[b-1] or 0 */
    double y_max;           /* largest stacked total over all samples */
    double y_max_time;      /* the time of the first sample where it is reached */
    double *band_peak;      /* per band, its own largest value in one sample */
    double *band_peak_time; /* and the time of the first sample where it is reached */
    double area;            /* trapezoid area under the stacked total */
    /* The same figures over every name, the ones -t removed (BAND_TRACED)
     * included, for the title: what -t leaves undrawn still counts. */
    double all_max, all_max_time, all_area;
    /* What -t removed: hidden_max the largest sum of those names in one
     * sample, at hidden_time, in a sample whose total (every name) is
     * hidden_total; hidden_names of them under trace_percent (the plan's). */
    double hidden_max, hidden_time, hidden_total;
    size_t hidden_names;
    double trace_percent;
    size_t nsamples;
    double plot_max;                /* the largest height drawn: y_max stacked, 100 in percent
                           * mode, the largest band_peak in lines mode */
    enum plot_mode mode;            /* what top[] holds (series_build_mode) */
    bool clipped;                   /* a band's sum in some sample passed INT64_MAX and is
                           * drawn at INT64_MAX (bands_sum_sample) */
    struct series_samples *samples; /* -o FILE.html: series_samples_build's, or NULL */
    double *edge_block;             /* stacked and percent modes: every top[b].t and .y lie in
                           * this one block (series.c), else NULL */
    size_t edge_cap;                /* points per band it has room for */
};

/* The output's resolution.  The time axis is cut into columns (about two
 * per point of a page-wide graph), and a column keeps at most four whole
 * samples.  Memory and output grow with columns * bands, so past
 * SERIES_POINT_BUDGET / (4 * SERIES_MAX_COLUMNS) bands (about a thousand)
 * the columns get fewer, down to SERIES_MIN_COLUMNS: a coarser picture of
 * the same stack, never a different one.  Size budgets never thin the
 * bands one by one.  The scales, the order and the .aux come from the
 * exact samples and do not depend on the column count. */
#define SERIES_MAX_COLUMNS  1000
#define SERIES_MIN_COLUMNS  4
#define SERIES_POINT_BUDGET ((size_t)1 << 22)
/* The column count for nbands bands under those budgets. */
size_t series_columns(size_t nbands);

/* Drop the points the drawing cannot show: each edge loses every point
 * that lies within SERIES_TOLERANCE of the y range (a tenth of a point on
 * the page, a third of a pixel at 300 dpi) of the line drawn instead.  The
 * first and last points stay.  In a stack the line may pass only under the
 * dropped points, never under the edge below as drawn, so edges never
 * cross.  Flat and straight stretches (the many small bands at the foot of
 * a typical profile) shrink to a few points, so the output is smaller and
 * written faster; nothing else changes.  y_range: the y range the graph is
 * drawn to. */
#define SERIES_TOLERANCE (1.0 / 4096)
void series_simplify(struct series *s, double y_range);

/* columns: how many columns the time axis is divided into (at least 1).
 * 0, or -1 with err set (a replay of the store failed) and s freed.  The
 * caller owns s: series_free (also harmless on a zeroed or failed one). */
int series_build(struct series *s, const struct profile *p, const struct band_plan *bp,
                 size_t columns, struct hp_error *err);
/* --mode: what top[b] holds.  MODE_STACKED: series_build's stacked
 * heights.  MODE_PERCENT: the same stack with each sample scaled so that
 * its total is 100 (a sample totalling at most SERIES_PERCENT_FLOOR of the
 * largest total is left out, drawn as nothing).  MODE_LINES: band b's
 * own value, not stacked.  y_max, y_max_time, band_peak and area stay the
 * stacked byte figures in every mode (the title and the .aux use them). */
int series_build_mode(struct series *s, const struct profile *p, const struct band_plan *bp,
                      size_t columns, enum plot_mode mode, struct hp_error *err);

/* --mode=percent draws nothing for a sample whose total is at most this
 * part of the largest total (as for one holding nothing): the shares of a
 * few bytes left at the end of a run would fill the graph to 100 %. */
#define SERIES_PERCENT_FLOOR 0.001

/* How a replay reads the samples.  DENSE adds up every band of every
 * sample: O(bands) a sample.  SPARSE only the bands a sample's entries
 * touch, spreading over every band only the samples a column keeps:
 * O(entries log entries) a sample and O(bands) a kept sample, for a
 * million bands each alive in a few samples.  Both give the same series
 * to the bit; SPARSE applies to stacked, reduced replays (others are
 * dense).  AUTO (series_build_mode, series_samples_build) is SPARSE
 * when the samples hold on average under an eighth of the bands. */
enum series_replay { SERIES_AUTO, SERIES_DENSE, SERIES_SPARSE };
int series_build_replay(struct series *s, const struct profile *p, const struct band_plan *bp,
                        size_t columns, enum plot_mode mode, enum series_replay how,
                        struct hp_error *err);
void series_free(struct series *s);

/* -o FILE.html: the samples the page's script reads values from, into
 * s->samples.  A page must stay small whatever the profile, so it keeps
 * at most SERIES_PAGE_BUDGET values: every sample when they fit, else the
 * stack's rule (each slice's first, last, lowest and highest sample, with
 * series_build_mode's measure for s->mode) over slices that are each a
 * whole number of the drawing's `columns`.  So in a stack (stacked and
 * percent modes) the page's samples are samples the drawing went through,
 * and a peak drawn is a peak read.  Percent mode skips samples holding
 * nothing, as it draws nothing there.  One more replay of the store;
 * memory O(bands * SERIES_PAGE_BUDGET / bands). */
#define SERIES_PAGE_BUDGET 40000
/* ... but every sample the drawing keeps (so every peak and dip drawn can
 * be read) while those samples come to at most SERIES_PAGE_REACH bytes of
 * the page, reckoned from the names' data points (a value not 0 about 8
 * bytes, a 0 two). */
#define SERIES_PAGE_REACH  320000
/* 0, or -1 with err set (a replay failed; s->samples then holds the
 * samples read before it).  s owns what it builds (series_free). */
int series_samples_build(struct series *s, const struct profile *p, const struct band_plan *bp,
                         size_t columns, struct hp_error *err);
int series_samples_build_replay(struct series *s, const struct profile *p,
                                const struct band_plan *bp, size_t columns, enum series_replay how,
                                struct hp_error *err);

#endif

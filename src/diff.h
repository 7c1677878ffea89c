/* SPDX-License-Identifier: BSD-3-Clause */
/* diff.h: --diff, per band, the second profile minus the first.
 *
 * Both profiles are put on one time grid: times relative to each one's
 * first sample, over the longer of the two spans, in a bounded number of
 * columns.  A band's value at a grid time is interpolated linearly
 * between its samples (0 in a sample that does not list it, and after
 * the profile's last sample).  One replay of each store; memory is one
 * number per name and column.  The bands are the union of the plans'
 * bands, matched by name (pipeline.c gives plans of every name that
 * --include/--exclude keep, their bands paired by pair.c), ranked by
 * the sum over the grid of |after - before|.  -t acts on that change, not
 * on either profile (a band small in both that grew threefold is the
 * change to show): the smallest changes that together make less than its
 * share of all the change are dropped, as -t drops names.  Of the rest
 * the top -m are kept (the band limit counts OTHER, as for one profile)
 * and the others add up to OTHER.  With --top a band of the after plan
 * marked band.leak (it grew) is kept whatever -t and -m say, takes its
 * place within the limit first, and goes on top of the stack.  The band
 * order is the key's order and the drawing's: layout
 * stacks the rises upward in band order and the falls downward in the
 * opposite order, so the key (top band first) reads as the drawing does
 * from its top down, on both sides of zero.
 */
#ifndef HP2PS_DIFF_H
#define HP2PS_DIFF_H

#include "common.h"
#include "bands.h"
#include "profile.h"

/* The grid never holds more numbers than this (names x columns): a profile
 * with a million names still gets its SERIES_MIN_COLUMNS columns. */
#define DIFF_MAX_CELLS (1u << 21)

struct diff {
    size_t ncolumns;
    double *t;              /* grid times, from 0 (each profile's first sample) */
    double span;            /* the longer profile's span: t[ncolumns - 1] */
    struct band_plan bands; /* names and fills, bottom first: the bands whose
                             * largest change is a fall (the largest change
                             * first), those that never change and OTHER,
                             * then the rises (the largest change on top) */
    double **change;        /* change[b][c]: band b, after minus before at t[c] */
    double *extreme;        /* per band, its change of largest magnitude, signed */
    double *extreme_time;   /* and where on the grid */
    double y_min, y_max;    /* the stacked extremes: sum of the falls (<= 0), of
                           * the rises (>= 0), at the lowest/highest column */
    double trace_percent;   /* -t */
    size_t traced;          /*   how many names' changes it dropped, */
    double traced_max;      /*   the largest sum of their |change| in a column, */
    double traced_time;     /*   and where */
};

/* before/after with plans made without a band limit nor -t (every name
 * that survives selection is a band; their fills are not read; --top:
 * what grew marked band.leak), paired (pair.h); sel[0..2) (or NULL: every
 * name) each profile's plan under -t, read only for which names it keeps:
 * with -c the bands take by name the colours of those names drawn
 * together (their union shaded as one plan, shades.h); trace_percent: -t,
 * limit: -m (0: none), colour: -c. */
/* 0, or -1 with err set (a replay of a store failed) and d freed.  The
 * caller owns d: diff_free (also harmless on a zeroed or failed one). */
int diff_build(struct diff *d, const struct profile *before, const struct band_plan *bp_before,
               const struct profile *after, const struct band_plan *bp_after,
               const struct band_plan *sel, double trace_percent, long limit, bool colour,
               struct hp_error *err);
void diff_free(struct diff *d);

#endif

/* series.h: the stacked heights of the bands, reduced to the output's
 * resolution.
 *
 * One replay of the stored samples.  Each band becomes the top edge of its
 * stack (the sum of its value and every band below it).  When there are
 * more samples than columns, each column keeps, per band, its first and
 * last point and its minimum and maximum, so no peak disappears while the
 * output stays bounded.  The y range and the area are computed from every
 * exact sample, never from the reduced points.
 */
#ifndef HP2PS_SERIES_H
#define HP2PS_SERIES_H

#include "common.h"
#include "bands.h"
#include "options.h"
#include "parse.h"

struct polyline {
    size_t n;
    double *t; /* sample times, non-decreasing */
    double *y; /* stacked heights in VALUE_UNITs (--mode: see series_build_mode) */
};

struct series {
    size_t nbands;
    struct polyline *top; /* top[b]: top edge of band b; the bottom is top[b-1] or 0 */
    double y_max;         /* largest stacked total over all samples */
    double y_max_time;    /* the time of the first sample where it is reached */
    double *band_peak;    /* per band, its own largest value in one sample */
    double area;          /* trapezoid area under the stacked total */
    size_t nsamples;
    double plot_max;      /* the largest height drawn: y_max stacked, 100 in percent
                           * mode, the largest band_peak in lines mode */
};

/* The output's resolution.  A column keeps at most four points per band,
 * and every kept point costs bytes in a vector output (each top edge is
 * written twice, once to fill and once to outline: about 35 bytes in
 * PostScript, 46 in SVG, 11 in compressed PDF), so the number of columns
 * comes from a budget of points for all the bands together:
 * SERIES_POINT_BUDGET / (4 * nbands), at most SERIES_MAX_COLUMNS (more
 * than a page is wide in points), at least SERIES_MIN_COLUMNS.  That keeps
 * PostScript, PDF and SVG under 1 MB whatever the number of samples, for
 * up to 875 bands (the default band limit is 20: 175 columns).  The scales,
 * the order and the .aux come from the exact samples and do not depend on
 * it. */
#define SERIES_MAX_COLUMNS 1000
#define SERIES_MIN_COLUMNS 4
#define SERIES_POINT_BUDGET 14000
size_t series_columns(size_t nbands);

/* Drop the points the drawing cannot show: each top edge loses every
 * point that lies within SERIES_TOLERANCE of the y range (a tenth of a
 * point on the page, a third of a pixel at 300 dpi) of the line drawn
 * instead.  The first and last points stay.  Flat and straight stretches
 * (the many small bands at the foot of a typical profile) shrink to a few
 * points, so the output is smaller and written faster; nothing else
 * changes.  y_range: the y range the graph is drawn to. */
#define SERIES_TOLERANCE (1.0 / 4096)
void series_simplify(struct series *s, double y_range);

/* columns: how many columns the time axis is divided into (at least 1). */
int series_build(struct series *s, struct profile *p, const struct band_plan *bp,
                 size_t columns, struct hp_error *err);
/* --mode: what top[b] holds.  MODE_STACKED: series_build's stacked
 * heights.  MODE_PERCENT: the same stack with each sample scaled so that
 * its total is 100 (a sample totalling 0 stays 0).  MODE_LINES: band b's
 * own value, not stacked.  y_max, y_max_time, band_peak and area stay the
 * stacked byte figures in every mode (the title and the .aux use them). */
int series_build_mode(struct series *s, struct profile *p, const struct band_plan *bp,
                      size_t columns, enum plot_mode mode, struct hp_error *err);
void series_free(struct series *s);

#endif

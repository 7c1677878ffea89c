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
#include "parse.h"

struct polyline {
    size_t n;
    double *t; /* sample times, non-decreasing */
    double *y; /* stacked heights in VALUE_UNITs */
};

struct series {
    size_t nbands;
    struct polyline *top; /* top[b]: top edge of band b; the bottom is top[b-1] or 0 */
    double y_max;         /* largest stacked total over all samples */
    double y_max_time;    /* the time of the first sample where it is reached */
    double *band_peak;    /* per band, its own largest value in one sample */
    double area;          /* trapezoid area under the stacked total */
    size_t nsamples;
};

/* columns: how many columns the time axis is divided into (at least 1). */
int series_build(struct series *s, struct profile *p, const struct band_plan *bp,
                 size_t columns, struct hp_error *err);
void series_free(struct series *s);

#endif

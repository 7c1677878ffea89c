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

/* The output's resolution.  A column keeps at most four points per band,
 * and every kept point costs bytes in a vector output (about 70 in
 * PostScript, where each band's polygon is filled and outlined and each
 * edge is also the edge of the band above), so the number of columns comes
 * from a budget of points for all the bands together: at most
 * SERIES_MAX_COLUMNS (a page is narrower than that in points), at least
 * SERIES_MIN_COLUMNS, else SERIES_POINT_BUDGET / (4 * nbands).  That keeps
 * PostScript, PDF and SVG under 1 MB for up to 750 bands whatever the
 * number of samples.  The scales, the order and the .aux come from the
 * exact samples and do not depend on it. */
#define SERIES_MAX_COLUMNS 1000
#define SERIES_MIN_COLUMNS 4
#define SERIES_POINT_BUDGET 12000
size_t series_columns(size_t nbands);

/* columns: how many columns the time axis is divided into (at least 1). */
int series_build(struct series *s, struct profile *p, const struct band_plan *bp,
                 size_t columns, struct hp_error *err);
void series_free(struct series *s);

#endif

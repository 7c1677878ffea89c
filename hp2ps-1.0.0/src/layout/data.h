/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/data.h: the layout's helpers for layout.data (-o FILE.html), the
 * page's data: key entries, the graph's area and scales, and the values
 * read back under the pointer.  The layout knows where it drew things (in
 * its local coordinates, y up); these put them on the page (y down) and
 * copy the numbers the stages before computed. */
#ifndef HP2PS_LAYOUT_DATA_H
#define HP2PS_LAYOUT_DATA_H

#include "layout/types.h"

/* An empty data set for a graph of profile p (units, --x=index). */
struct layout_data *layout_data_new(const struct layout_options *o, const struct profile *p,
                                    bool diff);

/* The key's bands: names, colours, and the entries' boxes (local
 * coordinates, NULL or a zero width where none is drawn). */
void layout_data_set_bands(struct layout_data *D, const struct band_plan *key,
                           const struct rgb *colour, const double (*box)[4],
                           const double matrix[6]);

/* Each key band's details from profile p (profile.detail), found by the
 * band's name; OTHER and names p lacks have none. */
void layout_data_set_details(struct layout_data *D, const struct band_plan *key,
                             const struct profile *p);

/* A panel whose graph fills the local rectangle plot (x, y, width,
 * height, y up), its time and value scales, and the samples of s->samples
 * (bands of bp, each found in the key by name; shares, peaks and slopes
 * from bp and s).  --diff: layout_data_panel_diff instead of the samples. */
struct layout_data_panel *layout_data_add_panel(struct layout_data *D, const char *title,
                                                const double plot[4], const double matrix[6],
                                                double t0, double t_span, double y_lo,
                                                double y_span);
void layout_data_panel_series(struct layout_data_panel *P, const struct layout_data *D,
                              const struct band_plan *bp, const struct series *s);
void layout_data_panel_diff(struct layout_data_panel *P, const struct diff *d);

void layout_data_free(struct layout_data *D);

#endif

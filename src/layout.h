/* SPDX-License-Identifier: BSD-3-Clause */
/* layout.h: stage 4, everything that is drawn, placed in points: the
 * entries the stages above (the pipeline, the page, the renderers) call.
 * The types are layout/types.h's; the rest of layout/ is private.
 */
#ifndef HP2PS_LAYOUT_H
#define HP2PS_LAYOUT_H

#include "layout/heap.h"
#include "layout/types.h"
#include "tree.h"

/* One profile's pages into L (zeroed first): the graph of bp's bands on
 * s's edges, in the box GHC draws, with its title box and key (beside
 * the graph, below it or on pages of its own), on o's scales (the
 * caller's x_range and y_range, which must be finite and positive);
 * tm measures the text.  0, or -1 with err set (a scale that cannot be
 * drawn) and L empty.  The caller owns L: layout_free (also on a zeroed
 * or failed one). */
int layout_build(struct layout *L, const struct profile *p, const struct band_plan *bp,
                 const struct series *s, const struct layout_options *o,
                 const struct text_metrics *tm, struct hp_error *err);
void layout_free(struct layout *L);

/* Several profiles (FILE FILE...): one panel per profile, one above the
 * other on one page, the first on top, each with its own title box and
 * axes, all on o's x and y ranges (the caller gives the longest span and
 * the largest peak); each starts at its own first sample.  One key, for
 * the union of the bands (key, from bands_union). */
struct layout_panel {
    const struct profile *p;
    const struct band_plan *bp;
    const struct series *s;
};
int layout_build_panels(struct layout *L, const struct layout_panel *panel, size_t n,
                        const struct band_plan *key, const struct layout_options *o,
                        const struct text_metrics *tm, struct hp_error *err);

/* --diff: after minus before (diff.h), a diverging stack around a zero
 * line; o->x_range is the grid's span, the y range is the diff's own. */
int layout_build_diff(struct layout *L, const struct profile *before, const struct profile *after,
                      const struct diff *d, const struct layout_options *o,
                      const struct text_metrics *tm, struct hp_error *err);

/* Where time t is across graph g, in local points (what the layout
 * draws at t there). */
double layout_graph_x(const struct layout_graph *g, double t);

/* The time axis's unit as the layout names it: SAMPLE_UNIT, or with
 * --x=index "sample" or "samples". */
const char *layout_x_unit(const struct profile *p, bool plural);

/* The colour band is drawn in under o, as its key entry shows it: its
 * fill, or with --mode=lines its line's colour. */
struct rgb layout_band_colour(const struct layout_options *o, const struct band *band);
/* --view=icicle: the tree t (tree.h, filled) on one page, in the box and
 * title box of a graph: the root on top, each node under its parent and
 * as wide as its value (--diff, t->nprofiles 2: the after's, p[1], the
 * fill the change from p[0]); a flat tree (TREE_FLAT) as bars by size.
 * bp: the profile's bands, whose fills the nodes of their names take
 * (not read for --diff). */
int layout_build_icicle(struct layout *L, const struct tree *t, const struct profile *p,
                        const struct band_plan *bp, const struct layout_options *o,
                        const struct text_metrics *tm, struct hp_error *err);

#endif

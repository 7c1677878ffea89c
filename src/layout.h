/* SPDX-License-Identifier: BSD-3-Clause */
/* layout.h: stage 4, everything that is drawn, placed in points: the
 * entries the stages above (the pipeline, the renderers) call.  The
 * types are layout/types.h's; the rest of layout/ is private.
 */
#ifndef HP2PS_LAYOUT_H
#define HP2PS_LAYOUT_H

#include "layout/heap.h"
#include "layout/types.h"
#include "tree.h"

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
int layout_build_diff(struct layout *L, const struct profile *before,
                      const struct profile *after, const struct diff *d,
                      const struct layout_options *o, const struct text_metrics *tm,
                      struct hp_error *err);

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

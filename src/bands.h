/* SPDX-License-Identifier: BSD-3-Clause */
/* bands.h: stage 2, from the names of a profile to the bands drawn.
 *
 * In GHC's order of steps: totals sorted ascending; trace elimination
 * (-t); re-sorts by standard deviation (-d), by growth (--sort=gradient,
 * ours), by name (-i) and by the .aux ORDER (-p); the band limit (-m)
 * merging the bottom bands into OTHER; and the shades.  Each sort re-sorts
 * the result of the one before.  With --top (band_options.leak_ids) the
 * leaks are bands whatever -t and -m say, on top of the stack after
 * every sort.
 */
#ifndef HP2PS_BANDS_H
#define HP2PS_BANDS_H

#include "plan.h"

/* The bands of p under o.  -1 with err set when --include/--exclude
 * leave no name, a profile has more than 2^31 names, or a replay of the
 * store fails; bp is then empty.  The caller owns bp: band_plan_free
 * (plan.h). */
int bands_plan(struct band_plan *bp, const struct profile *p, const struct band_options *o,
               struct hp_error *err);

/* bands_plan without the last step, the shades (every fill left zero):
 * for a caller that shades once what it makes of several plans (--diff
 * shades its own bands, pipeline.c).  The same contract otherwise. */
int bands_select(struct band_plan *bp, const struct profile *p, const struct band_options *o,
                 struct hp_error *err);

#endif

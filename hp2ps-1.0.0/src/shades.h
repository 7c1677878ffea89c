/* SPDX-License-Identifier: BSD-3-Clause */
/* shades.h: the fill of every band, the last step of the band stage.
 *
 * Without -c, GHC's ten greys by position, so the .aux matches GHC's;
 * with -c, a colour by the band's name (a hash of it, less a -hc stack's
 * leading "(N)"), clashes settled by size rank so that flags which only
 * reorder the stack keep every colour; with -p, the SHADE lines of the
 * .aux first.  OTHER is light grey in colour.
 */
#ifndef HP2PS_SHADES_H
#define HP2PS_SHADES_H

#include "plan.h"

/* Every band's fill and .aux shade, from o->colour and o->aux; the ranks
 * must be set (plan_rank). */
void shades_assign(struct band_plan *bp, const struct band_options *o);

/* Several profiles (FILE FILE...): the shades chosen once for u, the
 * union of the names of plans[0..n) (bands_union, made once by the
 * caller, which then draws the key from it), and each band of the plans
 * takes its name's fill and rank: the same colour and hatch in every
 * panel. */
void shades_share(struct band_plan *u, struct band_plan *plans, size_t n, bool colour);

/* --diff: each band of `to` takes the fill and .aux shade its name has in
 * `from` (a plan whose shades are set); OTHER, when `from` has no band of
 * that name, takes OTHER's colour (-c) or keeps its own. */
void shades_take(struct band_plan *to, const struct band_plan *from, bool colour);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* pair.h: which bands of several profiles (FILE FILE..., --diff) are the
 * same stack.
 *
 * A -hc cost-centre stack and a -hr retainer set are named "(N)NAME",
 * where N is the number the RTS gave the stack or set as it met it: the
 * same stack has another N after a recompile, or in another run for a
 * retainer set.  So bands pair by NAME, the name without its leading
 * "(N)".  Where one profile has several bands whose NAMEs are equal (-L
 * cut names, or retainer sets), N tells them apart: when every profile
 * holding that NAME has the same Ns, they pair by N; else by size, the
 * largest with the largest.  A band left over (a profile has more of that
 * NAME than another) is not paired.
 *
 * Paired bands take one name in every plan: "(N)NAME" when their Ns are
 * equal (the name unchanged), else "(N1→N2)NAME", the Ns in the order of
 * the profiles that have the band.  Every later step (the union, the
 * shades, the key, the diff) then goes by that name.
 */
#ifndef HP2PS_PAIR_H
#define HP2PS_PAIR_H

#include "common.h"
#include "bands.h"

/* What pairing left over: bands of a profile whose NAME another profile
 * also has, but fewer times. */
struct pair_report {
    size_t unpaired;   /* how many bands */
    size_t first_plan; /* the plan of the first (by plan, then size) */
    char *first_name;  /* its name (owned; NULL when unpaired == 0) */
};

/* Renames the paired bands of plans[0..n) to their common name.  A name
 * a pairing would give that some band already has (a profile can name a
 * band anything) leaves that pairing undone, and reported. */
void pair_bands(struct band_plan *plans, size_t n, struct pair_report *report);
void pair_report_free(struct pair_report *report);

#endif

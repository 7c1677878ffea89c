/* SPDX-License-Identifier: BSD-3-Clause */
/* census.h: which census a view of one moment shows (--at=peak|end|T),
 * found by one rule for every view that asks (--top's OTHER opened, the
 * icicle's moment): one replay of the store, nothing kept per sample.
 *
 * A census is one sample of the profile (BEGIN_SAMPLE ... END_SAMPLE, or
 * an eventlog's heap profile sample), numbered from 0 in file order
 * among those the profile kept (--from/--to).
 */
#ifndef HP2PS_CENSUS_H
#define HP2PS_CENSUS_H

#include "common.h"
#include "profile.h"

enum census_kind {
    CENSUS_PEAK, /* the first census whose total (every name) is the largest */
    CENSUS_END,  /* the last census that holds anything: GHC ends a .hp with an
                  * empty census written as the program exits, which says the run
                  * ended, not that the heap was freed (every census empty: the
                  * last) */
    CENSUS_TIME  /* the census at time T, or the last one before it */
};

struct census_pick {
    size_t index;  /* its number, from 0 */
    double time;   /* its time, in SAMPLE_UNITs */
    int64_t total; /* the sum of every name's value in it, held at INT64_MAX */
};

/* The census kind (and t, for CENSUS_TIME) names in p.  -1 with err set
 * when p has no census, when T lies before the first census (the message
 * names the first census's time: "SOURCE: --at=T: the first census is at
 * T0 UNIT"), or when a replay of the store fails. */
int census_find(struct census_pick *out, const struct profile *p, enum census_kind kind, double t,
                struct hp_error *err);

#endif

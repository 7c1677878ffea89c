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

/* The censuses a least-squares line is fitted over, by one rule for every
 * view that fits one (--slopes and --sort=gradient, the page's figures;
 * triage.c keeps --top's window by the same rule, with its areas and
 * heap sums): from the first census holding anything to the last.  The RTS
 * writes an empty census as the program starts and another as it exits;
 * they say that the run started and ended, not that the heap was empty,
 * and counted they are a rise from 0 and a collapse to 0 that are no
 * growth of the program's.  An empty census between two that hold
 * something is data, and counts as 0.  Fed each census in order
 * (census_line_add); n, su and suu are then the window's count and sums
 * of u and u^2, u being the time less an origin of the caller's.  The
 * names' own sums need no such care: an empty census adds nothing to
 * them. */
struct census_line {
    double n, su, suu;                /* the window up to its last census holding something */
    double held_n, held_su, held_suu; /* the empty censuses after it, held back */
};

/* Census at u, holding something or not.  False: it lies before the
 * window (the caller leaves it out of its sums too, or need not care). */
bool census_line_add(struct census_line *l, double u, bool holds);

/* Whether census s holds anything (a value above 0). */
bool census_holds(const struct sample *s);

#endif

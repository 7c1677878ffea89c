/* SPDX-License-Identifier: BSD-3-Clause */
/* plan.h: the band plan, what the band stage decides and every later
 * stage reads: the bands drawn (bottom first), which band each name goes
 * to, each band's total, rank, slope and fill.  Below the steps that make
 * it (bands.h: selection and order; shades.h: the fills; pair.h: the
 * pairing of several profiles) and the stages that read it.
 */
#ifndef HP2PS_PLAN_H
#define HP2PS_PLAN_H

#include "common.h"
#include "palette.h"
#include "profile.h"
#include "filter.h"

struct aux; /* aux.h: the previous run's .aux (-p) */

/* GHC's band limit: -m20. */
#define BANDS_LIMIT_DEFAULT 20

struct band_options {
    double trace_percent;  /* -t: 0..5, default 1 */
    long limit;            /* -m: 0 = no limit, default BANDS_LIMIT_DEFAULT */
    bool sort_stddev;      /* -d */
    int sort_name;         /* -i: 0 off, +1 ascending (greatest on top), -1 descending */
    bool colour;           /* -c */
    const struct aux *aux; /* -p: the previous run's .aux, or NULL */
    bool sort_gradient;    /* --sort=gradient: ascending by slope (steepest rise on top) */
    bool slopes;           /* --slopes: fill band.slope (also done for --sort=gradient) */
    const struct name_filter *filter; /* --include/--exclude, or NULL for every name */
    /* --top: the names (ids) triage calls leaks (two profiles: those that
     * grew), each a band of its own whatever -t and -m say, stacked on
     * top of the others (bands.h); NULL: none */
    const uint32_t *leak_ids;
    size_t nleak_ids;
};

struct band {
    char *name;       /* raw bytes, NUL-terminated */
    bool is_other;    /* the merged OTHER band */
    uint64_t total;   /* sum of its values (saturating) */
    struct rgb fill;  /* what it is drawn with */
    double aux_shade; /* what the .aux SHADE line says */
    double slope;     /* --sort=gradient, --slopes: least-squares slope in VALUE_UNITs
                           * per SAMPLE_UNIT (OTHER: the sum of its names'); else 0 */
    size_t rank;      /* place by size, whatever the order drawn: 0 the largest total
                           * (equal ones by name), OTHER after every name; -c's colours,
                           * --pattern's hatch and --mode=lines' look follow it */
    char *hp_name;    /* the name the .hp of the same run gives it, where an
                           * eventlog's differs (profile_hp_name), or NULL: the
                           * .aux has it under both */
    bool leak;        /* --top: a name triage calls a leak (two profiles: one that
                           * grew); the key marks it */
    bool has_aux;     /* -p: the .aux entry it takes its order and shade from */
    uint32_t aux_id;  /*   (aux_lookup), when has_aux */
};

struct band_plan {
    struct band *band; /* bottom band first */
    size_t count;
    int32_t *band_of_name; /* name id -> band index; BAND_TRACED for a name trace
                             elimination removed; -1 for a name --include/--exclude
                             drop, or one with no data point */
    size_t nnames;
    size_t trace_dropped; /* how many names trace elimination removed */
    double trace_percent; /* the -t they fell under */
    uint64_t trace_total; /* the sum of their totals (saturating) */
};

/* band_of_name of a name -t removed: not drawn, but the title's totals
 * and the page's readout still count it (series.h, all_max). */
#define BAND_TRACED (-2)

/* GHC's defaults: 20 bands, 1 % trace, order by size, greys. */
void band_options_default(struct band_options *o);

/* One sample's value per band: value[b] (nbands of them) is the sum of the
 * entries whose name is in band b (OTHER gathers several names, and a name
 * may repeat in a sample), saturating at INT64_MAX; a dropped name counts
 * nowhere.  Every stage that replays the samples by band uses this.
 * true when a sum was held at INT64_MAX. */
bool bands_sum_sample(const struct band_plan *bp, const struct sample_entry *e, size_t n,
                      int64_t *value);

/* bands_sum_sample and, in the same pass, *traced: the sum of the
 * entries whose names -t removed (BAND_TRACED), saturating (NULL: not
 * asked). */
bool bands_sum_sample_traced(const struct band_plan *bp, const struct sample_entry *e, size_t n,
                             int64_t *value, int64_t *traced);

/* The plan's bands as a grouping of the names for store_cursor_next_sums
 * (store.h): group b is band b, group count what -t removed
 * (BAND_TRACED), every other name in none; the sums are then those of
 * bands_sum_sample_traced.  *table holds the groups and is the
 * caller's to free. */
struct store_grouping band_grouping(const struct band_plan *bp, int32_t **table);

/* The sum of one sample's entries whose names -t removed (BAND_TRACED),
 * saturating at INT64_MAX: for a replay that does not sum by band. */
int64_t bands_traced_sum(const struct band_plan *bp, const struct sample_entry *e, size_t n);

/* One entry's value (a negative one counts as 0) added to a band's sum,
 * held at INT64_MAX: true when it was held.  Every replay that sums by
 * band adds with this. */
static inline bool bands_add_value(int64_t *sum, int64_t value)
{
    int64_t v = value > 0 ? value : 0, r;
    if (__builtin_add_overflow(*sum, v, &r)) { /* sums are never negative */
        *sum = INT64_MAX;
        return true;
    }
    *sum = r;
    return false;
}

/* a + b, held at UINT64_MAX: a band's total. */
static inline uint64_t add_saturating(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* -m's rule, GHC's, for every kind of plan (bands.c, diff.c): n names
 * under limit L make min(n, L) bands, the bottom n - L + 1 of them merged
 * into OTHER when n > L > 0; L = 0 is no limit; a negative L merges
 * every name and draws nothing.  Returns the number of bands; *merged:
 * how many names OTHER gathers (0: no OTHER). */
size_t plan_limit(size_t n, long limit, size_t *merged);

/* Releases a plan (harmless on a zeroed or failed one). */
void band_plan_free(struct band_plan *bp);

/* band.rank from the totals: the largest first, equal totals by name
 * (less a "(N)" first: stackname.h, so a renumbering changes no rank),
 * OTHER last. */
void plan_rank(struct band_plan *bp);

/* Several profiles (FILE FILE...) and --diff: one plan of every name in
 * plans[0..n), bottom first, reading from the top as the first plan's
 * bands from the top, then the names new in each later plan; totals add
 * up, ranks by those totals, fills as in the plans, a leak where any
 * plan's band of that name is one; no band_of_name.  The caller owns u:
 * band_plan_free. */
void bands_union(struct band_plan *u, const struct band_plan *plans, size_t n);

#endif

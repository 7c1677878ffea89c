/* SPDX-License-Identifier: BSD-3-Clause */
/* page/suspects.h: issue 38 in the HTML page: --top's ranking (triage.h)
 * of one profile's names, and OTHER and -t opened at each sample the page
 * keeps, bounded whatever the profile's length:
 *
 *  - the ranking over the whole run, for the name of every band drawn
 *    (its values are the page's already) and for at most
 *    PAGE_SUSPECTS_UNDRAWN names not drawn (in OTHER, or left out by -t),
 *    the highest ranked, each with its values at the page's samples
 *    (within PAGE_SUSPECT_VALUES numbers), so the page ranks them again
 *    for a zoomed window;
 *  - at each sample the page keeps, the largest names of OTHER and -t
 *    (at most PAGE_MEMBERS_PER_SAMPLE, within PAGE_MEMBERS_BUDGET
 *    entries in all, over at most PAGE_MEMBER_NAMES names of
 *    PAGE_MEMBER_BYTES bytes), and how many names each holds there: the
 *    rest, what OTHER and -t hold less the names listed, is the page's to
 *    say as one line, so the list adds up exactly to what is drawn as
 *    OTHER plus what is not drawn;
 *  - the total of every name at each sample, when --include/--exclude
 *    drop names that hold something (the ranking's shares are of the
 *    whole heap, as --top's).
 *
 * The page's samples are found again in one replay of the store, each
 * the census whose time and band values are the sample's.
 */
#ifndef HP2PS_PAGE_SUSPECTS_H
#define HP2PS_PAGE_SUSPECTS_H

#include "plan.h"
#include "profile.h"
#include "series.h"
#include "triage.h"

#define PAGE_SUSPECTS_UNDRAWN   12
#define PAGE_SUSPECT_VALUES     24000
#define PAGE_MEMBERS_PER_SAMPLE 40
#define PAGE_MEMBERS_BUDGET     24000
#define PAGE_MEMBER_NAMES       2000
#define PAGE_MEMBER_BYTES       262144

enum page_where {
    PAGE_DRAWN, /* a band of its own */
    PAGE_OTHER, /* merged into OTHER by -m */
    PAGE_TRACED /* left out by -t */
};

struct page_suspect {
    char *name;   /* as --top shows it (triage_row.name) */
    int64_t id;   /* its name id in the profile */
    int64_t band; /* the panel's band that is this name alone, or -1 */
    enum page_where where;
    struct triage_figures fig; /* over the whole run (the profile's window) */
    int64_t change;
    double change_pct; /* NAN: it started at 0 */
    bool leak;
    double *values;               /* band < 0: its value at each of the page's samples */
    struct triage_figures before; /* two profiles (--diff): BEFORE's figures */
};

struct page_suspects {
    size_t ncensuses; /* the ranking's window (triage.h) */
    double t_start, t_end;
    int64_t heap_start, heap_end, heap_peak;
    double heap_peak_time, floor;
    size_t names;   /* the names ranked (every name present) */
    size_t undrawn; /* of those, not drawn by a band of their own */
    size_t nrows;   /* the bands' names, then the undrawn sent, by rank */
    struct page_suspect *row;
    /* --diff: the two runs ranked by what grew between them (triage_rank_two),
     * the first PAGE_SUSPECTS_TWO rows; fig is AFTER's, before BEFORE's */
    bool two;
    size_t before_ncensuses;
    int64_t before_heap_peak;
};

#define PAGE_SUSPECTS_TWO 500

struct page_opened {
    size_t nsamples;      /* the page's samples */
    int64_t other_band;   /* the panel's OTHER band (0), or -1: none */
    size_t nnames;        /* the names listed at some sample: */
    char **name;          /*   as --top --at shows them */
    uint32_t *id;         /*   their ids in the profile */
    bool *traced;         /*   left out by -t (else in OTHER) */
    size_t *start;        /* sample i lists entries start[i]..start[i+1] */
    uint32_t *who;        /* an entry's name (index into name) */
    int64_t *value;       /* and its value there, largest first */
    uint32_t (*count)[2]; /* per sample: OTHER's names holding something, -t's */
    double *total;        /* per sample: every name's sum, or NULL when that is
                               * the drawn total plus what -t left out */
};

/* The ranking of p's names (those bp keeps: --include/--exclude) for a
 * panel of the bands bp, whose page keeps the samples ss.  NULL when the
 * ranking has nothing to rank or a replay fails (the page then has no
 * ranking).  page_suspects_free. */
struct page_suspects *page_suspects_build(const struct profile *p, const struct band_plan *bp,
                                          const struct series_samples *ss);
void page_suspects_free(struct page_suspects *S);

/* --diff: BEFORE and AFTER ranked by what grew between the runs, paired
 * as --diff pairs them (filter: --include/--exclude), for a page whose
 * values are the changes.  NULL when neither holds anything or a replay
 * fails. */
struct page_suspects *page_suspects_build_two(const struct profile *before,
                                              const struct profile *after,
                                              const struct name_filter *filter);

/* OTHER and -t at each of ss's samples (and every name's sum where a
 * filter dropped some), with S's undrawn names' values (S may be NULL).
 * NULL when a sample is not found again or a replay fails.
 * page_opened_free. */
struct page_opened *page_opened_build(const struct profile *p, const struct band_plan *bp,
                                      const struct series_samples *ss, struct page_suspects *S);
void page_opened_free(struct page_opened *O);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* triage.h: "what grew, and is it still held?" (--top): every name of a
 * profile ranked by a leak score over a window of censuses; two profiles
 * ranked by what grew between the runs, paired as --diff pairs them; what
 * OTHER and -t hold at one census.  Plain functions of a profile and a
 * window, so that every view (the table, the drawing's line under the
 * title, the page, the CI gate) asks the same thing and gets the same
 * answer.
 *
 * The window.  The censuses of the profile between from and to (both
 * included; the whole run when not given), less the empty ones at either
 * edge: GHC writes an empty census at 0 and another as the program exits,
 * which say that the run started and ended, not that the heap was empty
 * (an empty census between two that hold something is kept).  A name
 * absent from a census holds 0 there, as it is drawn.
 *
 * The score (man page, "--top"): a leak is what grew, grew steadily, and
 * is still held, so
 *
 *     score = max(0, end - start) * R2 * (end / peak)
 *
 * in VALUE_UNITs: the growth over the window, weighted by how well a
 * straight rising line fits the band (R2 of the least-squares line; 0
 * when the line falls) and by how much of its peak is still held at the
 * end.  A small band that grows all run keeps nearly all of its growth; a
 * big flat band has none to keep; a spike that is released ends at 0.
 * A name is ranked a leak when its score is at least TRIAGE_LEAK_SHARE of
 * the heap's peak in the window (a growth that small would not show in
 * the picture at any height) and at least TRIAGE_LEAK_WEIGHT of its
 * growth (R2 x end/peak: it grew steadily enough, and is held; a big
 * sawtooth that happens to end high in its cycle keeps a sliver of its
 * growth, which can pass the first rule alone), in a window of at least
 * TRIAGE_LEAK_CENSUSES censuses.  Two profiles: a name is marked (leak)
 * when its peak grew by TRIAGE_LEAK_SHARE of the larger heap peak.
 *
 * One replay of the store per profile; O(entries) per census and
 * O(names) memory, nothing kept per census.
 */
#ifndef HP2PS_TRIAGE_H
#define HP2PS_TRIAGE_H

#include "common.h"
#include "filter.h"
#include "plan.h"
#include "profile.h"

/* A score of this part of the heap's peak, and of this part of the
 * name's own growth, makes a leak. */
#define TRIAGE_LEAK_SHARE    0.001
#define TRIAGE_LEAK_WEIGHT   0.25
/* ... in a window of at least this many censuses: through two points
 * any line fits (R2 1), and through a few nearly any. */
#define TRIAGE_LEAK_CENSUSES 5

/* --top's default number of rows. */
#define TRIAGE_TOP_DEFAULT 10

/* Which censuses, and which names. */
struct triage_options {
    bool has_from, has_to; /* the window within the profile: from <= time <= to */
    double from, to;
    const struct name_filter *filter; /* --include/--exclude; NULL: every name */
};

/* One name's figures over the window, in VALUE_UNITs and SAMPLE_UNITs. */
struct triage_figures {
    bool present;       /* it holds something in some census of the window */
    int64_t start, end; /* its value at the window's first and last census */
    int64_t peak;       /* its largest value in one census, */
    double peak_time;   /*   at the first census that holds it */
    double first_time;  /* the first census that holds anything of it */
    double end_share;   /* end over the heap (every name) at the last census, 0..1 */
    double steady;      /* of the pairs of consecutive censuses, the share in which
                          * it did not shrink, 0..1 (1 with one census) */
    double slope;       /* least-squares slope, VALUE_UNITs per SAMPLE_UNIT */
    double r2;          /* that line's coefficient of determination, 0..1 */
    double held;        /* end / peak, 0..1 ("still held"; 0 when peak is 0) */
    double area;        /* value x time under it, by trapezoids (heap·time) */
    double score;       /* the leak score (above) */
};

struct triage_row {
    char *name;                   /* as shown: valid UTF-8, whole, without the RTS's "(N)" (kept
                          * where two rows would otherwise read alike) */
    char *raw;                    /* the name as the profile has it (two profiles: the paired
                          * name, "(N1→N2)NAME" when the numbers differ) */
    int64_t id;                   /* its name id in the (after) profile, -1 when absent there */
    struct triage_figures fig;    /* one profile: over the window; two: AFTER's */
    struct triage_figures before; /* two profiles: BEFORE's; else zero */
    int64_t change;               /* one profile: end - start; two: after's peak - before's */
    double change_pct;            /* 100 * change / (start; two: before's peak); NAN when that
                          * is 0 */
    double score;                 /* the ranking's key: one profile the leak score, two
                          * max(0, change) */
    bool leak;                    /* one profile: a leak (score >= floor and >= TRIAGE_LEAK_WEIGHT x
                          * change); two: the peak grew by floor or more */
};

/* -hb: the biography's states, each as a name of the profile. */
enum triage_state {
    STATE_LAG,
    STATE_DRAG,
    STATE_VOID,
    STATE_USE,
    STATE_INHERENT_USE,
    TRIAGE_STATES
};

struct triage_biography {
    double area[TRIAGE_STATES];      /* heap·time in each state */
    double share[TRIAGE_STATES];     /* of every state's, 0..1 */
    int64_t peak[TRIAGE_STATES];     /* largest value in one census, */
    double peak_time[TRIAGE_STATES]; /*   and when (first) */
};

/* -he (an eventlog's eras): an era alive at the window's end. */
struct triage_era {
    uint64_t era;  /* its number */
    int64_t bytes; /* what it holds at the last census */
    double born;   /* the first census that holds it */
    double age;    /* last census's time - born */
};

struct triage {
    size_t nrows;
    struct triage_row *row; /* every name present in the window (either profile),
                               * highest score first; ties by change, then end, then
                               * name (less "(N)") */
    bool two;               /* two profiles, BEFORE and AFTER */
    /* The window as found (two profiles: AFTER's; before_* BEFORE's). */
    size_t ncensuses;
    double t_start, t_end;
    int64_t heap_start, heap_end, heap_peak; /* every name's total */
    double heap_peak_time;
    double heap_area;
    size_t before_ncensuses;
    double before_t_start, before_t_end;
    int64_t before_heap_peak;
    double floor;  /* the score a leak needs: TRIAGE_LEAK_SHARE x the
                               * larger heap peak */
    size_t nleaks; /* rows with leak set (in rank order, but not always
                               * the first: a row that is not one may score more) */
    size_t ngrew;  /* rows whose change is above 0 */
    /* What only some breakdowns tell. */
    bool biography; /* -hb: every name is a state; bio is filled */
    struct triage_biography bio;
    size_t neras;            /* -he (profile.era_bands): eras alive at the end, */
    struct triage_era *eras; /*   the oldest first */
};

/* Rank every name of p over o's window.  -1 with err set when a replay
 * fails, or when the window holds no census that holds anything (err
 * names the profile and the window).  The caller owns t: triage_free
 * (also on a failed or zeroed one). */
int triage_rank(struct triage *t, const struct profile *p, const struct triage_options *o,
                struct hp_error *err);

/* Two profiles, BEFORE and AFTER, each over its own window (o[0], o[1]):
 * the names paired as --diff pairs them (pair.h: by the name less the
 * RTS's "(N)"), each row with both runs' figures, ranked by how much the
 * name's peak grew from BEFORE to AFTER.  -1 with err set as for
 * triage_rank. */
int triage_rank_two(struct triage *t, const struct profile *before, const struct profile *after,
                    const struct triage_options o[2], struct hp_error *err);

/* What triage_rank or triage_rank_two filled; t zeroed (a zeroed t is
 * freed too). */
void triage_free(struct triage *t);

/* OTHER opened at one census: what the plan bp draws as OTHER there and
 * what -t removed (BAND_TRACED), name by name, largest first.  The
 * members of OTHER sum exactly to OTHER's value in that census (the sum
 * the drawing stacks, bands_sum_sample), and the traced ones to what the
 * drawing leaves out (bands_traced_sum). */
struct triage_member {
    char *name; /* as shown (as triage_row.name) */
    uint32_t id;
    int64_t value;
    bool traced; /* removed by -t; else a member of OTHER */
};

struct triage_opened {
    size_t index; /* the census */
    double time;
    int64_t total;                    /* every name's sum there (held at INT64_MAX) */
    int64_t other;                    /* OTHER's value there (0: the plan has no OTHER) */
    int64_t traced;                   /* the names -t removed, summed */
    size_t other_names, traced_names; /* the members of each that hold anything */
    size_t n;
    struct triage_member *member; /* OTHER's and -t's, largest first, ties by name */
};

/* The census numbered index (census.h's census_find finds it from --at).
 * -1 with err set when the replay fails or there is no such census. */
int triage_open_other(struct triage_opened *o, const struct profile *p, const struct band_plan *bp,
                      size_t index, struct hp_error *err);
void triage_opened_free(struct triage_opened *o);

/* The name as shown: valid UTF-8, without the leading "(N)" or paired
 * "(N1→N2)".  A new string. */
char *triage_shown_name(const char *raw);

#endif

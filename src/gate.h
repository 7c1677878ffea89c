/* SPDX-License-Identifier: BSD-3-Clause */
/* gate.h: the heap budget gate (--check, --check-file, --baseline): a
 * profile measured against budgets (budget.h) and against the profile of
 * an earlier run, each check passed or failed, with what it measured,
 * what was allowed, when, and the bands that account for most of it.
 *
 * What is measured is the profile's data, not a drawing: the total is
 * every name --include and --exclude keep (-t and -m only thin what is
 * drawn); a band budget sums the names its expression matches.  The
 * censuses of a window are triage.h's: those in it, less the empty ones
 * (no name holds anything) at either edge, which GHC writes as profiling
 * starts and at exit; so "end" is the last census before exit.  A share
 * of the run ("50%") is of the span from the profile's first sample to
 * its last.  The bands named with a failure are those with the largest
 * part in what it measured, from triage's figures (triage.h) over the
 * budget's window: the measure is a sum over the names, so a slope is
 * their slopes summed and a peak, an end or a change their growth since
 * the window's first census (a peak's window ends at the peak); against
 * the baseline, what grew from the baseline's peak.
 *
 * Against a baseline, the total's peak and end and every band's end and
 * mean (its area over the span) are compared, not a band's peak, which
 * can be a transient one census caught (gate.c, compare_bands).  Bands
 * pair across the two runs as --diff pairs them (triage_rank_two,
 * pair.h: by the name less the RTS's "(N)"), so a recompile moves
 * nothing.  A value may exceed the baseline's by the tolerance or by the
 * floor, whichever is more: the floor keeps the noise of small bands
 * from failing a build, and is small (GATE_FLOOR_SHARE of the baseline's
 * peak) so that a small band that grew a hundredfold still fails.  A
 * band the baseline lacks may reach the floor.
 *
 * Exactly at the limit passes.  A cut or killed profile (profile.h,
 * finished) is refused unless allow_partial: a run that died half way is
 * never a pass by accident.
 */
#ifndef HP2PS_GATE_H
#define HP2PS_GATE_H

#include "budget.h"
#include "common.h"
#include "filter.h"
#include "profile.h"

/* The default floor: this share of the baseline's total peak, but at
 * least GATE_FLOOR_MIN bytes (the RTS allocates in 4 kB blocks; below
 * that a band's census varies from run to run). */
#define GATE_FLOOR_SHARE       0.001
#define GATE_FLOOR_MIN         4096.0
/* --tolerance's default, per cent. */
#define GATE_TOLERANCE_DEFAULT 10.0
/* Bands named with a failing check, and the verdict's growers. */
#define GATE_CULPRITS          3
#define GATE_GROWERS           5

struct gate_options {
    const struct budget *budget; /* --check, --check-file, in order */
    size_t nbudgets;
    double tolerance;                 /* --tolerance, per cent */
    bool has_floor;                   /* --floor=SIZE given, */
    double floor;                     /*   in VALUE_UNITs */
    bool allow_partial;               /* --allow-partial: measure a cut or killed profile */
    bool growers;                     /* rank what grew most (verdict.grower: the Markdown and
                                  * JSON reports'): one more replay */
    const struct name_filter *filter; /* --include, --exclude; NULL: every name */
};

enum gate_kind {
    GATE_BUDGET,     /* a budget of --check or --check-file */
    GATE_BASE_TOTAL, /* the total's peak or end against the baseline's */
    GATE_BASE_BAND   /* a band's peak or end against the baseline's */
};

/* A band named with a check: its name (less the RTS's "(N)"), its value
 * where the check measured, and its part in it: what it grew by over the
 * window (or since the baseline), or its slope for a slope budget. */
struct gate_culprit {
    char *name;
    double value;
    double change;
};

struct gate_check {
    enum gate_kind kind;
    char *name; /* what it is: the budget's text, "peak", "end(NAME)"... */
    enum budget_measure measure;
    enum budget_subject subject;
    bool pass;
    double measured; /* VALUE_UNITs; a slope: per SAMPLE_UNIT */
    double allowed;
    double at;             /* peak, end: the census's time */
    double from, to;       /* the window's censuses (change, slope: what was measured over) */
    size_t ncensus;        /* censuses in the window */
    bool has_base;         /* against a baseline: */
    double base;           /*   the baseline's value (0 for a band it lacks) */
    bool new_band;         /*   GATE_BASE_BAND: the baseline has no such band */
    size_t nmatched;       /* BUDGET_BANDS: names the expression matched (0: measured 0) */
    double start;          /* the subject at the window's first census (change) */
    double mean_t, mean_v; /* the least-squares line's centre (slope: it passes there) */
    struct gate_culprit culprit[GATE_CULPRITS];
    size_t nculprits;
};

/* What grew most over the run (triage's ranking; against a baseline,
 * each band's peak from the baseline's to this run's). */
struct gate_grower {
    char *name;
    double start, end; /* at the run's first and last census (baseline: the two peaks) */
    double change;
    double score; /* triage's score: its leak score, or its growth */
    bool leak;    /* triage ranks it a leak */
};

struct gate_verdict {
    struct gate_check *check; /* the budgets in order, then the baseline's: the
                               * total's peak and end, then the bands, the
                               * failures first (largest excess first) */
    size_t n;
    size_t failed;
    size_t nbudgets;         /* how many of check[] are budgets */
    size_t nbands;           /* baseline: bands compared (each a peak and an end) */
    bool baseline;           /* compared against a baseline */
    double tolerance, floor; /* what the comparison allowed: per cent, VALUE_UNITs */
    bool partial;            /* the profile is cut or killed (allow_partial) */
    char *source;            /* the profile's name, and the baseline's */
    char *base_source;
    struct gate_grower grower[GATE_GROWERS];
    size_t ngrowers;
};

/* The gate drawn (-o FILE with the gate): each budget a line on the
 * graph, in the profile's time and VALUE_UNITs, where the subject may
 * not pass: a peak's limit across its window, an end's over the last
 * stretch, a change's from the window's first value to that plus the
 * limit, a slope's through the least-squares line's centre; against a
 * baseline, its total (times from this profile's first sample on, as
 * --diff puts two runs side by side) and the total's allowed peak.  A
 * band budget's subject is not the stack's height, so its own sum is
 * drawn as a trace too. */
struct gate_line {
    double t0, v0, t1, v1;
    char *label; /* one line of valid UTF-8 */
    bool pass;
    bool label_left; /* the label at the line's start (a level), else at its end */
};

struct gate_trace {
    size_t n;
    double *t, *v; /* times ascending; at most 4 a column of GATE_TRACE_COLUMNS */
    char *label;
    bool baseline; /* the baseline's total; else a band budget's sum */
};

#define GATE_TRACE_COLUMNS 1000

struct gate_drawing {
    struct gate_line *line;
    size_t nlines;
    struct gate_trace *trace;
    size_t ntraces;
    double top; /* the highest value of them all: the axis reaches it */
};

/* From v, the verdict of p (and base) under o.  -1 with err set when a
 * replay fails.  The caller owns d: gate_drawing_free. */
int gate_drawing_build(struct gate_drawing *d, const struct gate_verdict *v,
                       const struct profile *p, const struct profile *base,
                       const struct gate_options *o, struct hp_error *err);
void gate_drawing_free(struct gate_drawing *d);

/* Measure p (and against base, unless NULL) under o.  -1 with err set
 * when p is cut or killed (unless o->allow_partial), holds no census,
 * has no data for a budget (heap: without an eventlog's heap events;
 * a window with no census), or a replay of a store fails.  The caller
 * owns v: gate_verdict_free (also on a failed or zeroed one). */
int gate_evaluate(struct gate_verdict *v, const struct profile *p, const struct profile *base,
                  const struct gate_options *o, struct hp_error *err);
void gate_verdict_free(struct gate_verdict *v);

/* Why a profile is not whole (a cut .hp, a killed eventlog), in words
 * for "SOURCE: ...", or NULL when it is. */
const char *gate_partial_reason(const struct profile *p);

#endif

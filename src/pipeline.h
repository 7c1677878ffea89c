/* SPDX-License-Identifier: BSD-3-Clause */
/* pipeline.h: the middle of a run of hp2ps, stage by stage, without I/O:
 *
 *   read -> bands -> series -> layout (-> page) -> render or export -> output (+ .aux)
 *
 * pipeline_plan and pipeline_draw*: profiles in, bands and a layout out,
 * and for a format with a page (HTML) the page's data (page/page.h).
 * run.h adds the edges (main.c runs them once, or again and again for
 * --watch; the fuzzer runs this middle in memory).  Warnings go to a
 * caller's struct hp_warnings, every one kept, for the caller to print
 * if the run succeeds: a failing run says one thing, its error.
 */
#ifndef HP2PS_PIPELINE_H
#define HP2PS_PIPELINE_H

#include "aux.h"
#include "bands.h"
#include "export.h"
#include "filter.h"
#include "folded.h"
#include "layout.h"
#include "output.h"
#include "page/page.h"
#include "profile.h"
#include "render.h"
#include "series.h"
#include "tree.h"
#include "census.h"
#include "toptable.h"
#include "triage.h"

/* What every stage is asked to do, from the command line. */
struct pipeline_options {
    struct parse_options parse;         /* --from, --to, --x=index */
    struct band_options bands;          /* -t -m -d -i -c --sort --slopes --include --exclude;
                                      * .aux is the pipeline's to set */
    struct layout_options layout;       /* page, title box, key, marks, --mode ...;
                                      * the ranges are the pipeline's to set */
    struct render_settings render;      /* --dpi */
    const struct render_format *fmt;    /* the drawing's format; NULL for an export */
    const struct export_format *exp;    /* -o FILE.csv|.json, --format=csv|json; else NULL */
    const struct tree_format *tree_fmt; /* -o FILE.folded, --format=folded; else NULL */
    bool icicle;                        /* --view=icicle: the drawing is the tree */
    struct moment moment;               /* --at, or --from/--to's window: the tree's values */
    enum export_layout export_layout;   /* --export-layout; EXPORT_AUTO: export.c's rule */
    bool reuse_aux;                     /* -p */
    bool no_aux;                        /* --no-aux */
    bool force;                         /* --force: replace read-only outputs */
    bool fsync;                         /* --fsync: each output synced (output.h) */
    bool diff;                          /* --diff BEFORE AFTER */
    const char *output;                 /* -o FILE; NULL: named after the input, or stdout */
    /* --top: the names ranked (triage.h), written as a table (toptable.h)
     * or, with a drawing, the leaks named in a line under the title. */
    bool top;
    size_t top_n;                            /* rows at most, 0: every name that grew */
    const struct toptable_format *top_table; /* the table's format; NULL: a drawing */
    bool has_at;                             /* --top --at: OTHER opened at one census, */
    enum census_kind at;                     /*   found by census_find */
    double at_time;
    struct output_temps *temps; /* where the temporary files are listed for
                                      * the signal handling (main.c); may be NULL */
};

/* Does po's format have a page (HTML), whose data the pipeline builds? */
bool pipeline_has_page(const struct pipeline_options *po);

/* The bands of p (*aux: -p's .aux, or NULL; aux itself may be NULL),
 * under po's options (a format with a page: every band's slope, for its
 * table).  An .aux that names none of the bands belongs to
 * another profile: *aux becomes NULL, so none of it applies.  On failure
 * -1, err set, bp freed.  The caller owns bp: band_plan_free. */
int pipeline_plan(struct band_plan *bp, const struct profile *p, const struct aux **aux,
                  const struct pipeline_options *po, struct hp_error *err);

/* One profile drawn. */
struct drawing {
    struct band_plan plan;
    struct series series;
    struct layout layout;
    struct page_data *page; /* pipeline_has_page: the page's data, else NULL */
    double x_range;         /* the scales the .aux records: the time axis, */
    double stacked_range;   /* and the stack's (whatever --mode draws) */
    double y_range;         /* the y range drawn: --mode's */
    bool aux_foreign;       /* the .aux given named none of the bands: unused */
    struct triage suspects; /* --top: the ranking the title's line names */
};

/* Plan, series and layout of p; tm measures the text.  On failure -1,
 * err set, d freed.  The caller owns d: drawing_free (also on a zeroed
 * one).  pipeline_draw is the two halves in a row: pipeline_series (the
 * plan, the series and the scales; no text is measured, so it runs while
 * the fonts are still being made) and then pipeline_layout. */
int pipeline_series(struct drawing *d, const struct profile *p, const struct aux *aux,
                    const struct pipeline_options *po, struct hp_error *err);
int pipeline_layout(struct drawing *d, const struct profile *p, const struct pipeline_options *po,
                    const struct text_metrics *tm, struct hp_error *err);
int pipeline_draw(struct drawing *d, const struct profile *p, const struct aux *aux,
                  const struct pipeline_options *po, const struct text_metrics *tm,
                  struct hp_error *err);
void drawing_free(struct drawing *d);

/* --top's window and names: --from, --to, --include, --exclude. */
struct triage_options pipeline_top_window(const struct pipeline_options *po);

/* --top: p's names ranked over the whole profile (its --from/--to
 * window), under --include/--exclude; a profile whose censuses hold
 * nothing gives an empty ranking (ncensuses 0).  The caller owns t:
 * triage_free. */
int pipeline_suspects(struct triage *t, const struct profile *p, const struct pipeline_options *po,
                      struct hp_error *err);

/* Several profiles (FILE FILE...): one panel each, one above the other,
 * same scales, a name in one colour in every panel.  --diff: after minus
 * before, p[0] and p[1].  *page: with pipeline_has_page the page's data,
 * else NULL.  On failure -1, err set, L freed and *page NULL; the caller
 * owns L (layout_free) and *page (page_data_free).  Bands pair across
 * the profiles by name less "(N)" (pair.h).  warnings (NULL: none) gets
 * every warning: a band's sum held at 2^63-1, bands that could not be
 * paired. */
int pipeline_draw_several(struct layout *L, struct page_data **page, const struct profile *p,
                          size_t n, const struct pipeline_options *po,
                          const struct text_metrics *tm, struct hp_warnings *warnings,
                          struct hp_error *err);
int pipeline_draw_diff(struct layout *L, struct page_data **page, const struct profile *p,
                       const struct pipeline_options *po, const struct text_metrics *tm,
                       struct hp_warnings *warnings, struct hp_error *err);

/* --view=icicle and -o FILE.folded: the tree of p[0..n) (n 2: --diff's
 * before and after, paired by their stacks), each profile's values at
 * po->moment, and in bp[k] each profile's bands under po's options (aux:
 * -p's .aux, for the one profile; NULL: none), whose --include/--exclude
 * keep names out of the tree and whose fills the icicle takes.  On
 * failure -1, err set, t and bp freed; the caller owns both: tree_free,
 * band_plan_free.  A sum held at INT64_MAX is a warning. */
int pipeline_tree(struct tree *t, struct band_plan *bp, const struct profile *p, size_t n,
                  const struct aux *aux, const struct pipeline_options *po,
                  struct hp_warnings *warnings, struct hp_error *err);

/* --view=icicle: pipeline_tree and its layout (layout_build_icicle). */
int pipeline_draw_icicle(struct layout *L, const struct profile *p, size_t n, const struct aux *aux,
                         const struct pipeline_options *po, const struct text_metrics *tm,
                         struct hp_warnings *warnings, struct hp_error *err);

/* A band's sum held at INT64_MAX (bands_add_value): the output is not
 * the data there, so the run says so (held: "drawn at that", "written
 * as that"). */
void pipeline_warn_clipped(struct hp_warnings *warnings, const char *source, const char *held);

#endif

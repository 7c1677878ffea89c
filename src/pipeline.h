/* SPDX-License-Identifier: BSD-3-Clause */
/* pipeline.h: one run of hp2ps, stage by stage.
 *
 *   read -> bands -> series -> layout -> render or export -> output (+ .aux)
 *
 * main.c (once, or again and again for --watch) and the fuzzer run this
 * same code.  The middle, pipeline_plan and pipeline_draw*, does no I/O:
 * profiles in, bands and a layout out.  pipeline_run adds the edges: it
 * opens and reads the inputs, reads the .aux for -p, and writes the
 * drawing or the export and the .aux, each to a temporary file renamed
 * only when both are complete.
 *
 * pipeline_run's warnings (an .aux that cannot be used, -p on standard
 * input) go to a caller's struct hp_error, the first one kept, for the
 * caller to print if the run succeeds: a failing run says one thing, its
 * error.
 */
#ifndef HP2PS_PIPELINE_H
#define HP2PS_PIPELINE_H

#include "aux.h"
#include "bands.h"
#include "export.h"
#include "filter.h"
#include "layout.h"
#include "options.h"
#include "output.h"
#include "profile.h"
#include "render.h"
#include "series.h"

/* What every stage is asked to do, from the command line. */
struct pipeline_options {
    struct parse_options parse;      /* --from, --to, --x=index */
    struct band_options bands;       /* -t -m -d -i -c --sort --slopes --include --exclude;
                                      * .aux is the pipeline's to set */
    struct layout_options layout;    /* page, title box, key, marks, --mode ...;
                                      * the ranges are the pipeline's to set */
    struct render_settings render;   /* --dpi */
    const struct render_format *fmt; /* the drawing's format; NULL for an export */
    const struct export_format *exp; /* -o FILE.csv|.json, --format=csv|json; else NULL */
    enum export_layout export_layout;/* --export-layout; EXPORT_AUTO: export.c's rule */
    bool reuse_aux;                  /* -p */
    bool no_aux;                     /* --no-aux */
    bool force;                      /* --force: replace read-only outputs */
    bool diff;                       /* --diff BEFORE AFTER */
    const char *output;              /* -o FILE; NULL: named after the input, or stdout */
    struct output_temps *temps;      /* where the temporary files are listed for
                                      * the signal handling (main.c); may be NULL */
};

/* The stages' options from the command line.  filter receives the
 * compiled --include/--exclude (the caller frees it with
 * name_filter_free, also after a failure).  Fails (-1, err set) on an
 * unknown format or a bad expression: command-line errors, found before
 * any input is read. */
int pipeline_options_from(struct pipeline_options *po, const struct options *o,
                          struct name_filter *filter, struct hp_error *err);

/* The bands of p (*aux: -p's .aux, or NULL; aux itself may be NULL),
 * band limit `limit`.  An .aux that names none of the bands belongs to
 * another profile: *aux becomes NULL, so none of it applies.  On failure
 * -1, err set, bp freed.  The caller owns bp: band_plan_free. */
int pipeline_plan(struct band_plan *bp, const struct profile *p, const struct aux **aux,
                  long limit, const struct pipeline_options *po, struct hp_error *err);

/* One profile drawn. */
struct drawing {
    struct band_plan plan;
    struct series series;
    struct layout layout;
    double x_range;       /* the scales the .aux records: the time axis, */
    double stacked_range; /* and the stack's (whatever --mode draws) */
    double y_range;       /* the y range drawn: --mode's */
    bool aux_foreign;     /* the .aux given named none of the bands: unused */
};

/* Plan, series and layout of p; tm measures the text.  On failure -1,
 * err set, d freed.  The caller owns d: drawing_free (also on a zeroed
 * one).  pipeline_draw is the two halves in a row: pipeline_series (the
 * plan, the series and the scales; no text is measured, so it runs while
 * the fonts are still being made) and then pipeline_layout. */
int pipeline_series(struct drawing *d, const struct profile *p, const struct aux *aux,
                    const struct pipeline_options *po, struct hp_error *err);
int pipeline_layout(struct drawing *d, const struct profile *p,
                    const struct pipeline_options *po, const struct text_metrics *tm,
                    struct hp_error *err);
int pipeline_draw(struct drawing *d, const struct profile *p, const struct aux *aux,
                  const struct pipeline_options *po, const struct text_metrics *tm,
                  struct hp_error *err);
void drawing_free(struct drawing *d);

/* Several profiles (FILE FILE...): one panel each, one above the other,
 * same scales, a name in one colour in every panel.  --diff: after minus
 * before, p[0] and p[1].  On failure -1, err set, L freed; the caller owns
 * L: layout_free.  Bands pair across the profiles by name less "(N)"
 * (pair.h).  warning (NULL: none) gets the first warning: a band's sum
 * held at 2^63-1, bands that could not be paired. */
int pipeline_draw_several(struct layout *L, const struct profile *p, size_t n,
                          const struct pipeline_options *po, const struct text_metrics *tm,
                          struct hp_warnings *warnings, struct hp_error *err);
int pipeline_draw_diff(struct layout *L, const struct profile *p,
                       const struct pipeline_options *po, const struct text_metrics *tm,
                       struct hp_warnings *warnings, struct hp_error *err);

/* The whole run: inputs[0..n) read (none: standard input), drawn or
 * exported, written.  0, or -1 with err set and no output replaced. */
int pipeline_run(const struct pipeline_options *po, const char *const *inputs, size_t n,
                 struct hp_warnings *warnings, struct hp_error *err);

/* The file an argument names ("prog" and "prog.hp" both read prog.hp), as
 * pipeline_run reads it: a new string, or NULL for standard input. */
char *pipeline_input_path(const char *arg);

#endif

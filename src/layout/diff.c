/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/diff.c: --diff, layout_build_diff (layout.h): after minus
 * before as a diverging stack around a zero line, on a y axis through
 * both signs (frame_set_signed_y), with a key that says each band's
 * largest change.
 */
#include "layout/frame.h"

#include "layout.h"
#include "layout/key.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* A signed quantity: "+1.5 MB", "-200 bytes" (with U+2212 for '-'). */
static void format_change(char *buf, size_t size, double v, const char *unit, bool iec)
{
    char q[96];
    axis_format_quantity(q, sizeof q, fabs(v), unit, iec);
    snprintf(buf, size, "%s%s", sign_of(v), q);
    utf8_trim_partial(buf);
}

/* One band's region between its edge and the inner edge it stands on,
 * both over the diff's columns. */
static void add_diff_region(struct page *pg, const struct diff *d, const struct frame *f,
                            const double *edge, const double *inner, const struct band *band)
{
    size_t nc = d->ncolumns;
    struct prim *pr = page_path(pg, PRIM_POLYGON, 2 * nc, BAND_OUTLINE);
    pr->filled = true;
    pr->fill = band->fill;
    pr->hatch = band_hatch(f, band);
    for (size_t c = 0; c < nc; c++) {
        size_t back = nc - 1 - c;
        pr->pts[2 * c] = graph_x(f, d->t[c]);
        pr->pts[2 * c + 1] = graph_y(f, edge[c]);
        pr->pts[2 * (nc + c)] = graph_x(f, d->t[back]);
        pr->pts[2 * (nc + c) + 1] = graph_y(f, inner[back]);
    }
}

/* The rises stacked up from zero in band order, the falls down from zero
 * in the opposite order: the band on top of the key is outermost above
 * zero and innermost below, so on both sides the drawing reads from its
 * top down in the key's order (diff.c chooses the order). */
static void draw_diff_bands(struct page *pg, const struct diff *d, const struct frame *f)
{
    size_t nc = d->ncolumns, n = d->bands.count;
    double *below = xcalloc(nc, sizeof *below), *edge = xcalloc(nc, sizeof *edge);
    for (int side = 1; side >= -1; side -= 2) {
        memset(below, 0, nc * sizeof *below);
        for (size_t k = 0; k < n; k++) {
            size_t b = side > 0 ? k : n - 1 - k;
            bool any = false;
            for (size_t c = 0; c < nc; c++) {
                double v = d->change[b][c];
                edge[c] = below[c] + (side > 0 ? fmax(v, 0) : fmin(v, 0));
                any = any || (side > 0 ? v > 0 : v < 0);
            }
            if (any)
                add_diff_region(pg, d, f, edge, below, &d->bands.band[b]);
            memcpy(below, edge, nc * sizeof *edge);
        }
    }
    free(below);
    free(edge);
}

/* Zero, where the rises start and the falls end, across the graph. */
static void draw_zero_line(struct page *pg, const struct frame *f)
{
    struct prim *zero = page_path(pg, PRIM_STROKE, 2, 1.0);
    zero->pts[0] = ORIGIN_X, zero->pts[1] = graph_y(f, 0);
    zero->pts[2] = ORIGIN_X + f->gw, zero->pts[3] = zero->pts[1];
}

/* "JOB_after minus JOB_before", one line; when the two JOBs are the same
 * (two runs of one command) the files tell them apart: "JOB: after.hp
 * minus before.hp". */
static char *diff_job(const struct profile *before, const struct profile *after)
{
    char *job_after = display_text(after->job), *job_before = display_text(before->job);
    char *job;
    if (strcmp(job_after, job_before) == 0) {
        char *a, *b;
        title_side_names(before, after, &b, &a);
        size_t len = strlen(job_after) + strlen(a) + strlen(b) + sizeof ":  minus ";
        job = xmalloc(len);
        snprintf(job, len, "%s: %s minus %s", job_after, a, b);
        free(a);
        free(b);
    } else {
        size_t len = strlen(job_after) + strlen(job_before) + sizeof " minus ";
        job = xmalloc(len);
        snprintf(job, len, "%s minus %s", job_after, job_before);
    }
    free(job_after);
    free(job_before);
    return job;
}

/* What -t left out of the changes, when it would show: "not drawn: 12
 * names whose changes make under -t1's 1 % of all the change, up to 3.2
 * kB at 0.5 s; -t0 draws them" (without --top, top false: ", --top ranks
 * what grew").  NULL when nothing that large. */
static char *traced_note(const struct diff *d, const struct profile *after, bool iec, bool top,
                         const struct text_metrics *tm)
{
    double trace = d->trace_percent;
    if (!d->traced || !(d->traced_max > TRACE_NOTE_SHARE * (d->y_max - d->y_min)))
        return NULL;
    char amount[96], note[600];
    axis_format_quantity(amount, sizeof amount, d->traced_max, after->value_unit, iec);
    char *am = fitted_text(amount, UNIT_ROOM, FONT_TITLE, tm);
    snprintf(note, sizeof note,
             "not drawn: %zu name%s whose changes make under -t%g's %g %% of all the change, "
             "up to %s at %.3g s; -t0 draws them%s",
             d->traced, d->traced == 1 ? "" : "s", trace, trace, am, d->traced_time,
             top ? "" : TRACE_NOTE_TOP);
    utf8_trim_partial(note);
    free(am);
    return xstrdup(note);
}

/* The title of --diff: its job (taken), how far the stack rises and
 * falls, the later profile's DATE. */
static void diff_title(struct title *tt, char *job, const struct profile *before,
                       const struct profile *after, const struct diff *d,
                       const struct text_metrics *tm, bool iec, bool top)
{
    char rise[128], fall[128], middle[300];
    format_change(rise, sizeof rise, d->y_max, after->value_unit, iec);
    format_change(fall, sizeof fall, d->y_min, after->value_unit, iec);
    char *r = fitted_text(rise, UNIT_ROOM, FONT_TITLE, tm);
    char *fl = fitted_text(fall, UNIT_ROOM, FONT_TITLE, tm);
    snprintf(middle, sizeof middle, "up to %s, down to %s", d->y_max > 0 ? r : "0",
             d->y_min < 0 ? fl : "0");
    free(r);
    free(fl);
    tt->job = job;
    tt->middle = xstrdup(middle);
    tt->middle_short = NULL;
    tt->note = traced_note(d, after, iec, top, tm);
    tt->suspects = NULL;
    tt->facts = NULL;
    tt->nfacts = 0;
    title_add_side_facts(tt, before, after);
    tt->date = display_text(after->date);
}

/* The key's notes: each band's largest change, signed. */
static char **change_notes(const struct diff *d, const char *unit, bool iec,
                           const struct text_metrics *tm)
{
    size_t n = d->bands.count;
    char **notes = xcalloc(n ? n : 1, sizeof *notes);
    for (size_t b = 0; b < n; b++) {
        char text[128];
        format_change(text, sizeof text, d->extreme[b], unit, iec);
        notes[b] = fitted_text(text, UNIT_ROOM, FONT_AXIS, tm);
    }
    return notes;
}

int layout_build_diff(struct layout *L, const struct profile *before, const struct profile *after,
                      const struct diff *d, const struct layout_options *o,
                      const struct text_metrics *tm, struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    double lo = d->y_min, hi = d->y_max;
    if (!(hi > lo))
        hi = lo + 1; /* nothing changed: an empty graph around zero */
    if (frame_check(o->x_range, hi - lo, after->source, err) < 0)
        return -1;
    struct title t;
    diff_title(&t, diff_job(before, after), before, after, d, tm, o->iec, o->suspects != NULL);
    t.suspects = suspects_line(o, after, tm);
    struct frame f;
    frame_init(&f, o, 0, &t, 1, tm);
    frame_set_signed_y(&f, lo, hi, after->value_unit);
    key_build(&f, false, after, &d->bands,
              key_wanted(o) ? change_notes(d, after->value_unit, o->iec, tm) : NULL, tm);
    frame_place(L, &f, 1);
    L->title = xstrdup(t.job);
    L->date = display_text(after->date);

    struct page *pg = open_one_box(L, &d->bands, &f, &t, tm);
    draw_y_axis(pg, &f, tm);
    draw_diff_bands(pg, d, &f);
    draw_zero_line(pg, &f);
    draw_x_axis(pg, after, &f, tm);
    frame_note_graph(L, &f, 0);
    title_free(&t);
    frame_free(&f);
    return 0;
}

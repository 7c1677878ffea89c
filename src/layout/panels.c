/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/panels.c: several profiles (FILE FILE...), layout_build_panels
 * (layout.h).  One frame serves every panel: the same graph width, title
 * box height, and x and y scales; only the time at the origin is each
 * profile's own first sample.  Each panel is drawn at the origin and
 * stacked into place, the first on top.  One key, beside the first
 * panel, below the last or on pages of its own, gives no shares: each
 * profile's would differ.
 */
#include "layout/frame.h"

#include "layout.h"
#include "layout/key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "A | B | C": the jobs, for the document's title. */
static char *joined_jobs(const struct layout_panel *panel, size_t n)
{
    size_t len = 1;
    char **job = xcalloc(n, sizeof *job);
    for (size_t k = 0; k < n; k++) {
        job[k] = display_text(panel[k].p->job);
        len += strlen(job[k]) + 3;
    }
    char *out = xmalloc(len), *q = out;
    for (size_t k = 0; k < n; k++) {
        size_t l = strlen(job[k]);
        if (k)
            memcpy(q, " | ", 3), q += 3;
        memcpy(q, job[k], l), q += l;
        free(job[k]);
    }
    *q = '\0';
    free(job);
    return out;
}

/* n empty notes: a key without shares. */
static char **empty_notes(size_t n)
{
    char **notes = xcalloc(n ? n : 1, sizeof *notes);
    for (size_t b = 0; b < n; b++)
        notes[b] = xstrdup("");
    return notes;
}

/* How far up the page panel k of n is moved from the lowest box. */
static double panel_dy(const struct frame *f, size_t k, size_t n)
{
    return f->bh * (double)(n - 1 - k);
}

/* Where a panel's time axis starts: its own first sample, or for one
 * sample half a bar before it, so that the bar stands whole at the
 * axis's start. */
static double panel_start(const struct layout_panel *panel, const struct frame *f)
{
    double t = panel->p->t_first;
    return panel->s->nsamples == 1 ? t - ONE_BAR / 2 * f->x_range : t;
}

/* Panel k, drawn at the origin and moved into its place on pg; the
 * first carries a key beside it. */
static void draw_panel(struct page *pg, const struct layout_panel *panel, size_t k, size_t n,
                       const struct band_plan *key, struct frame *f, const struct title *t,
                       const struct text_metrics *tm)
{
    struct page one = { 0 };
    double dy = panel_dy(f, k, n);
    f->x0 = panel_start(&panel[k], f);
    draw_head(&one, f, &t[k], 0, tm);
    if (k == 0 && f->key->place == KEY_BESIDE)
        key_draw_on_graph(&one, key, f, dy);
    if (panel[k].s->nsamples == 1) { /* a bar at its time, as on a page of its own */
        struct series bar;
        bar_series(&bar, panel[k].s, ONE_BAR / 2 * f->x_range);
        draw_graph(&one, panel[k].p, panel[k].bp, &bar, f, tm);
        bar_free(&bar);
    } else {
        draw_graph(&one, panel[k].p, panel[k].bp, panel[k].s, f, tm);
    }
    page_move(pg, &one, dy);
}

/* KEY_BELOW: the strip under the last panel, whose box is at 0: its
 * frame (the panels' boxes stop at their feet) and the key. */
static void draw_key_below(struct page *pg, const struct band_plan *key, const struct frame *f)
{
    struct prim *frame = page_path(pg, PRIM_POLYGON, 4, LINE_WIDTH);
    double *q = frame->pts;
    q[0] = 0, q[1] = 0, q[2] = f->bw, q[3] = 0;
    q[4] = f->bw, q[5] = -f->key->below, q[6] = 0, q[7] = -f->key->below;
    key_draw_on_graph(pg, key, f, 0);
}

/* Panels whose JOBs read alike (runs of one command) are told apart by
 * their files: "JOB (after.hp)". */
static void name_alike_jobs(struct title *t, const struct layout_panel *panel, size_t n)
{
    bool *alike = xcalloc(n ? n : 1, sizeof *alike);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (strcmp(t[i].job, t[j].job) == 0)
                alike[i] = alike[j] = true;
    for (size_t k = 0; k < n; k++) {
        if (!alike[k])
            continue;
        const char *src = panel[k].p->source, *slash = strrchr(src, '/');
        char *file = display_text(slash ? slash + 1 : src);
        size_t len = strlen(t[k].job) + strlen(file) + sizeof " ()";
        char *job = xmalloc(len);
        snprintf(job, len, "%s (%s)", t[k].job, file);
        free(file);
        free(t[k].job);
        t[k].job = job;
    }
    free(alike);
}

int layout_build_panels(struct layout *L, const struct layout_panel *panel, size_t n,
                        const struct band_plan *key, const struct layout_options *o,
                        const struct text_metrics *tm, struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    if (!n)
        return hp_fail(err, "no profile to draw");
    if (frame_check(o->x_range, o->y_range, panel[0].p->source, err) < 0)
        return -1;
    struct title *t = xcalloc(n, sizeof *t);
    for (size_t k = 0; k < n; k++)
        profile_title(&t[k], panel[k].p, panel[k].s, o->x_range, o->iec, o->suspects != NULL, tm);
    name_alike_jobs(t, panel, n);
    struct frame f;
    frame_init(&f, o, panel[0].p->t_first, t, n, tm);
    frame_set_y(&f, panel[0].p->value_unit);
    key_build(&f, false, panel[0].p, key, key_wanted(o) ? empty_notes(key->count) : NULL, tm);
    frame_place(L, &f, n);
    L->title = joined_jobs(panel, n);
    L->date = display_text(panel[0].p->date);

    struct page *pg = open_graph_page(L, key, &f, &t[0], panel_dy(&f, 0, n), tm);
    for (size_t k = 0; k < n; k++) {
        draw_panel(pg, panel, k, n, key, &f, t, tm);
        frame_note_graph(L, &f, panel_dy(&f, k, n));
    }
    if (f.key->place == KEY_BELOW)
        draw_key_below(pg, key, &f);
    for (size_t k = 0; k < n; k++)
        title_free(&t[k]);
    free(t);
    frame_free(&f);
    return 0;
}

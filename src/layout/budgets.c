/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/budgets.c: see layout/budgets.h.  The lines are clipped to the graph
 * by hand (a line's ends inside its box), as the layout has no clip; a
 * label goes where its line is, inside the graph: a level's at its left
 * end, any other's at its right end, just above the line, the labels of
 * one side moved apart where they would overlap. */
#include "layout/budgets.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gate.h"

#define GATE_LINE_PASS   1.1
#define GATE_LINE_OVER   1.6
#define GATE_TRACE_WIDTH 1.0
#define GATE_LABEL_GAP   2.0

static const struct rgb over_colour = { 0.85, 0.05, 0.05 };
static const struct rgb pass_colour = { 0.0, 0.45, 0.15 };
static const struct rgb baseline_colour = { 0.12, 0.12, 0.12 };
static const struct rgb band_colour = { 0.55, 0.0, 0.6 };

/* Clip the segment (x0,y0)-(x1,y1) to the graph's box: false when
 * nothing of it is inside (Liang and Barsky's parametric cut). */
static bool clip(const struct frame *f, double *x0, double *y0, double *x1, double *y1)
{
    double lo = 0, hi = 1, dx = *x1 - *x0, dy = *y1 - *y0;
    double p[4] = { -dx, dx, -dy, dy };
    double q[4] = { *x0 - ORIGIN_X, ORIGIN_X + f->gw - *x0, *y0 - ORIGIN_Y,
                    ORIGIN_Y + f->gh - *y0 };
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        double r = q[i] / p[i];
        if (p[i] < 0)
            lo = fmax(lo, r);
        else
            hi = fmin(hi, r);
    }
    if (lo > hi)
        return false;
    double ax = *x0, ay = *y0;
    *x0 = ax + lo * dx, *y0 = ay + lo * dy;
    *x1 = ax + hi * dx, *y1 = ay + hi * dy;
    return true;
}

/* A label wanted beside a line: its text, where its line ends (x, y),
 * and which way it runs from there. */
struct want {
    const char *text;
    double x, y;
    enum text_align align;
    double base;
};

static int by_base(const void *a, const void *b)
{
    const struct want *x = a, *y = b;
    return (x->base > y->base) - (x->base < y->base);
}

/* The labels of one side, a column of text: each just above its line,
 * moved apart where two would overlap, and kept inside the graph. */
static void place(struct page *pg, const struct frame *f, struct want *w, size_t n,
                  const struct text_metrics *tm)
{
    double line = AXIS_ASCENT + AXIS_DESCENT + 1, top = ORIGIN_Y + f->gh - AXIS_ASCENT,
           bottom = ORIGIN_Y + AXIS_DESCENT;
    for (size_t i = 0; i < n; i++)
        w[i].base = w[i].y + GATE_LABEL_GAP;
    qsort(w, n, sizeof *w, by_base);
    for (size_t i = 1; i < n; i++)
        w[i].base = fmax(w[i].base, w[i - 1].base + line);
    for (size_t i = n; i-- > 0;)
        w[i].base = fmin(w[i].base, i + 1 < n ? w[i + 1].base - line : top);
    for (size_t i = 0; i < n; i++) {
        w[i].base = fmax(w[i].base, i ? w[i - 1].base + line : bottom);
        const struct want *l = &w[i];
        double room = l->align == ALIGN_LEFT ? ORIGIN_X + f->gw - l->x : l->x - ORIGIN_X;
        char *fit = fitted_text(l->text, fmax(room - GATE_LABEL_GAP, 0), FONT_AXIS, tm);
        page_text(pg, fit, l->x + (l->align == ALIGN_LEFT ? GATE_LABEL_GAP : -GATE_LABEL_GAP),
                  l->base, l->align, FONT_AXIS, 0);
        free(fit);
    }
}

static void draw_trace(struct page *pg, const struct frame *f, const struct gate_trace *t,
                       struct want *right, size_t *nright)
{
    if (t->n == 0)
        return;
    struct prim *pr = page_path(pg, PRIM_STROKE, t->n, GATE_TRACE_WIDTH);
    double top = ORIGIN_Y + f->gh, end = ORIGIN_X + f->gw;
    size_t n = 0;
    for (size_t i = 0; i < t->n; i++) {
        double x = graph_x(f, t->t[i]);
        if (x < ORIGIN_X - 1e-9 || x > end + 1e-9)
            continue;
        pr->pts[2 * n] = x;
        pr->pts[2 * n + 1] = fmin(graph_y(f, t->v[i]), top);
        n++;
    }
    pr->npts = n;
    pr->stroke = t->baseline ? baseline_colour : band_colour;
    pr->dash = t->baseline ? 4 : 0;
    /* the label at its last point above the axis: a run's last sample,
     * empty at exit, would put it at the foot, away from the line */
    size_t at = n;
    while (at > 1 && !(pr->pts[2 * (at - 1) + 1] > ORIGIN_Y))
        at--;
    if (n)
        right[(*nright)++] = (struct want){ t->label, pr->pts[2 * (at - 1)],
                                            pr->pts[2 * (at - 1) + 1], ALIGN_RIGHT, 0 };
}

void draw_gate(struct page *pg, const struct frame *f, const struct text_metrics *tm)
{
    const struct gate_drawing *g = f->o->gate;
    if (!g || f->o->mode == MODE_PERCENT)
        return;
    size_t nleft = 0, nright = 0;
    struct want *left = xcalloc(g->nlines + 1, sizeof *left);
    struct want *right = xcalloc(g->nlines + g->ntraces + 1, sizeof *right);
    for (size_t k = 0; k < g->ntraces; k++)
        draw_trace(pg, f, &g->trace[k], right, &nright);
    for (size_t i = 0; i < g->nlines; i++) {
        const struct gate_line *l = &g->line[i];
        double x0 = graph_x(f, l->t0), y0 = graph_y(f, l->v0);
        double x1 = graph_x(f, l->t1), y1 = graph_y(f, l->v1);
        if (!clip(f, &x0, &y0, &x1, &y1))
            continue;
        struct prim *pr = page_path(pg, PRIM_STROKE, 2, l->pass ? GATE_LINE_PASS : GATE_LINE_OVER);
        pr->pts[0] = x0, pr->pts[1] = y0, pr->pts[2] = x1, pr->pts[3] = y1;
        pr->stroke = l->pass ? pass_colour : over_colour;
        pr->dash = l->pass ? 1 : 0;
        if (l->label_left)
            left[nleft++] = (struct want){ l->label, x0, y0, ALIGN_LEFT, 0 };
        else
            right[nright++] = (struct want){ l->label, x1, y1, ALIGN_RIGHT, 0 };
    }
    place(pg, f, left, nleft, tm);
    place(pg, f, right, nright, tm);
    free(left);
    free(right);
}

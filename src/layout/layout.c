/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/layout.c: see layout.h; layout_build, one profile's page: the
 * frame (layout/frame.c) placed on the page with its key (layout/key.c)
 * and the graph drawn in it (the bands, their outlines or lines, the
 * peak, the marks, --heap's lines); and what every kind of page shares
 * above the key: placing the boxes on the page, opening the graph's
 * page, where each graph went (struct layout_graph), layout_free.
 * Several profiles are layout/panels.c's, --diff layout/diff.c's.
 */
#include "layout/frame.h"

#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/budgets.h"
#include "layout/key.h"
#include "utf8.h"

/* ---- the boxes on the page ---- */

/* -e: the page is the boxes, no scaling, half the frame's line width
 * around them so the frame is not cut at the page's edge. */
static void place_fit(struct layout *L, const struct frame *f, double h, double total)
{
    L->fitted = true;
    L->page_width = f->bw + LINE_WIDTH;
    L->page_height = total + LINE_WIDTH;
    L->matrix[4] = LINE_WIDTH / 2, L->matrix[5] = h + LINE_WIDTH / 2;
}

/* GHC's default, A4 portrait: one box turned a quarter so that it covers
 * X 72..504, Y 108..756 of the sheet; several upright, scaled down to fit
 * inside margins. */
#define PANELS_A4_MARGIN 36.0
static void place_turned(struct layout *L, const struct frame *f, size_t n, double total,
                         double below)
{
    double *m = L->matrix;
    if (n == 1) {
        L->page_width = LAYOUT_A4_SHORT + below, L->page_height = LAYOUT_A4_LONG;
        m[0] = 0, m[1] = 1, m[2] = 1, m[3] = 0, m[4] = 72 + below, m[5] = LAYOUT_A4_LONG - 756;
        return;
    }
    double s = fmin((LAYOUT_A4_SHORT - 2 * PANELS_A4_MARGIN) / f->bw,
                    (LAYOUT_A4_LONG - 2 * PANELS_A4_MARGIN) / total);
    s = fmin(s, 1);
    L->page_width = LAYOUT_A4_SHORT, L->page_height = LAYOUT_A4_LONG;
    m[0] = s, m[3] = -s;
    m[4] = (LAYOUT_A4_SHORT - f->bw * s) / 2;
    m[5] = LAYOUT_A4_LONG - (LAYOUT_A4_LONG - total * s) / 2 - below * s;
}

/* Upright and centred on an A4 landscape sheet, for screens, the sheet
 * taller by any more boxes and the key's strip. */
static void place_landscape(struct layout *L, const struct frame *f, size_t n, double below)
{
    L->page_width = LAYOUT_A4_LONG;
    L->page_height = LAYOUT_A4_SHORT + f->bh * (double)(n - 1) + below;
    L->matrix[4] = (LAYOUT_A4_LONG - f->bw) / 2;
    L->matrix[5] = L->page_height - (LAYOUT_A4_SHORT - f->bh) / 2 - below;
}

void frame_place(struct layout *L, const struct frame *f, size_t n)
{
    const struct layout_options *o = f->o;
    double below = key_strip(f->key);
    double *m = L->matrix;
    double h = f->bh * (double)n, total = h + below;
    m[1] = m[2] = 0, m[0] = 1, m[3] = -1;
    if (o->page == PAGE_FIT)
        place_fit(L, f, h, total);
    else if (o->page == PAGE_TURNED_A4)
        place_turned(L, f, n, total, below);
    else if (o->page == PAGE_GHOSTVIEW && n == 1) {
        /* GHC's -g: unscaled at (72, 108); a landscape sheet so it fits
         * (several boxes are centred). */
        L->page_width = LAYOUT_A4_LONG, L->page_height = LAYOUT_A4_SHORT + below;
        m[4] = 72, m[5] = LAYOUT_A4_SHORT - 108;
    } else
        place_landscape(L, f, n, below);
}

void frame_free(struct frame *f)
{
    key_free(f->key);
    free(f->key);
    f->key = NULL;
}

struct page *open_graph_page(struct layout *L, const struct band_plan *key, struct frame *f,
                             const struct title *t, double dy, const struct text_metrics *tm)
{
    if (f->key->place == KEY_PAGES)
        key_draw_pages(L, key, f, t, dy, tm);
    key_keep_boxes(f->key, L); /* the graph's page's key only */
    return page_new(L);
}

struct page *open_one_box(struct layout *L, const struct band_plan *key, struct frame *f,
                          const struct title *t, const struct text_metrics *tm)
{
    struct page *pg = open_graph_page(L, key, f, t, 0, tm);
    draw_head(pg, f, t, key_strip(f->key), tm);
    key_draw_on_graph(pg, key, f, 0);
    return pg;
}

/* ---- the axes ---- */

/* Append the points of a top edge, forward or backward.  A profile with a
 * single sample has one point per edge; it is drawn as a flat band across
 * the whole axis (GHC drew a zero-width sliver, so nothing at all). */
static double *edge_points(double *q, const struct polyline *e, const struct frame *f,
                           bool backward)
{
    if (e->n == 1) {
        double y = graph_y(f, e->y[0]);
        double xa = ORIGIN_X, xb = ORIGIN_X + f->gw;
        *q++ = backward ? xb : xa, *q++ = y;
        *q++ = backward ? xa : xb, *q++ = y;
        return q;
    }
    for (size_t i = 0; i < e->n; i++) {
        size_t k = backward ? e->n - 1 - i : i;
        *q++ = graph_x(f, e->t[k]);
        *q++ = graph_y(f, e->y[k]);
    }
    return q;
}

static size_t edge_count(const struct polyline *e)
{
    return e->n == 1 ? 2 : e->n;
}

/* Band b's fill: the region under its top edge, down to the axis under
 * its last and first point.  Filled from the top band down, each covers the
 * part of the one before that lies under its own top edge, which leaves
 * every band exactly the region between its top and the top below, as a
 * polygon of both edges would; but each edge is written once, not twice,
 * which halves the output and the time to write it. */
static void draw_band_fill(struct page *pg, const struct series *s, const struct band *band,
                           size_t b, const struct frame *f)
{
    const struct polyline *top = &s->top[b];
    size_t ntop = edge_count(top);
    struct prim *pr = page_path(pg, PRIM_POLYGON, ntop + 2, 0);
    pr->filled = true;
    pr->fill = band->fill;
    pr->hatch = band_hatch(f, band);
    double *q = edge_points(pr->pts, top, f, false);
    q[0] = pr->pts[2 * (ntop - 1)], q[1] = ORIGIN_Y;
    q[2] = pr->pts[0], q[3] = ORIGIN_Y;
}

/* How wide the edges between bands are stroked.  An outline is
 * BAND_OUTLINE wide while the bands have room; when they are crowded
 * (many bands on the graph's height, or more points than the width has
 * points) the same strokes would cover the fills, so they thin in
 * proportion, and below OUTLINE_THINNEST they are left out: the colours
 * alone then tell the bands apart.  The stack's own outline (outer)
 * thins with the points only, and no further than OUTLINE_SILHOUETTE_MIN. */
#define OUTLINE_BAND_ROOM      8.0 /* points of height per band below which edges thin */
#define OUTLINE_POINT_ROOM     1.0 /* points of width per edge point below which edges thin */
#define OUTLINE_THINNEST       0.15
#define OUTLINE_SILHOUETTE_MIN 0.15

static void outline_widths(const struct series *s, size_t nbands, const struct frame *f,
                           double *inner, double *outer)
{
    size_t most = 1;
    for (size_t b = 0; b < nbands; b++)
        if (s->top[b].n > most)
            most = s->top[b].n;
    double across = fmin(f->gw / (double)most / OUTLINE_POINT_ROOM, 1);
    double tall = f->gh / (double)(nbands ? nbands : 1) / OUTLINE_BAND_ROOM;
    *inner = BAND_OUTLINE * across * fmin(tall, 1);
    *outer = fmax(BAND_OUTLINE * across, OUTLINE_SILHOUETTE_MIN);
}

/* The stack's silhouette along top, the top edge of the highest band:
 * up from the foot, along the top, down, and back along the foot. */
static void draw_silhouette(struct page *pg, const struct polyline *top, const struct frame *f,
                            double width)
{
    size_t n = edge_count(top);
    struct prim *pr = page_path(pg, PRIM_STROKE, n + 3, width);
    double *q = pr->pts;
    edge_points(q + 2, top, f, false);
    q[0] = q[2], q[1] = ORIGIN_Y;
    q[2 * (n + 1)] = q[2 * n], q[2 * (n + 1) + 1] = ORIGIN_Y;
    q[2 * (n + 2)] = q[0], q[2 * (n + 2) + 1] = ORIGIN_Y;
}

/* The outlines, over all the fills: the edge over each band that has room
 * for one, and the top, sides and foot of the whole stack (what the
 * outlines of the bands' polygons add up to). */
static void draw_band_outlines(struct page *pg, const struct series *s, size_t nbands,
                               const struct frame *f)
{
    double inner, outer;
    outline_widths(s, nbands, f, &inner, &outer);
    size_t last = nbands;
    for (size_t b = 0; b < nbands; b++)
        if (s->top[b].n)
            last = b;
    if (last == nbands)
        return;
    for (size_t b = 0; b < last && inner >= OUTLINE_THINNEST; b++) {
        const struct polyline *top = &s->top[b];
        /* A band thinner than a few strokes would be hidden by its own. */
        if (!top->n || s->band_peak[b] / f->y_range * f->gh < 3 * inner)
            continue;
        struct prim *pr = page_path(pg, PRIM_STROKE, edge_count(top), inner);
        edge_points(pr->pts, top, f, false);
    }
    draw_silhouette(pg, &s->top[last], f, outer);
}

static void draw_bands(struct page *pg, const struct band_plan *bp, const struct series *s,
                       const struct frame *f)
{
    size_t n = s->nbands < bp->count ? s->nbands : bp->count;
    for (size_t b = n; b-- > 0;)
        if (s->top[b].n)
            draw_band_fill(pg, s, &bp->band[b], b, f);
    draw_band_outlines(pg, s, n, f);
}

/* --mode=lines: one stroked polyline per band, bottom band first, so the
 * top of the key is drawn last, over the others. */
static void draw_band_lines(struct page *pg, const struct band_plan *bp, const struct series *s,
                            const struct frame *f)
{
    size_t n = s->nbands < bp->count ? s->nbands : bp->count;
    for (size_t b = 0; b < n; b++) {
        const struct polyline *e = &s->top[b];
        if (!e->n)
            continue;
        struct prim *pr = page_path(pg, PRIM_STROKE, edge_count(e), BAND_LINE);
        edge_points(pr->pts, e, f, false);
        line_style(f, &bp->band[b], &pr->stroke, &pr->dash);
    }
}

/* Marks closer together than this (points) are drawn once: the carets
 * are 8 points wide, so they would look the same, and a profile with a
 * mark per sample must not make the output grow with it. */
#define MARK_GAP 0.5

static void draw_marks(struct page *pg, const struct profile *p, const struct frame *f,
                       const struct text_metrics *tm)
{
    static const struct rgb white = { 1, 1, 1 };
    double width = f->gw > 0 && f->gw < 1e6 ? f->gw : 0;
    size_t nslots = (size_t)(width / MARK_GAP) + 2;
    bool *drawn = xcalloc(nslots, sizeof *drawn);
    /* the marks drawn, for their lines and texts (at most one per slot) */
    size_t *shown = f->mark_labels ? xreallocarray(NULL, nslots, sizeof *shown) : NULL;
    size_t nshown = 0;
    for (size_t i = 0; i < p->nmarks; i++) {
        double t = p->marks[i];
        if (t < f->x0 || t > f->x0 + f->x_range)
            continue; /* GHC drew these off the graph */
        double m = graph_x(f, t);
        double slot = (m - ORIGIN_X) / MARK_GAP;
        size_t k = slot > 0 ? (slot < (double)nslots ? (size_t)slot : nslots - 1) : 0;
        if (drawn[k])
            continue;
        drawn[k] = true;
        if (shown)
            shown[nshown++] = i;
        struct prim *pr = page_path(pg, PRIM_POLYGON, 3, LINE_WIDTH);
        double *q = pr->pts;
        q[0] = m - 4, q[1] = ORIGIN_Y, q[2] = m, q[3] = ORIGIN_Y - 4, q[4] = m + 4, q[5] = ORIGIN_Y;
        pr->filled = true;
        pr->fill = white;
    }
    free(drawn);
    if (shown)
        draw_mark_labels(pg, p, f, shown, nshown, tm);
    free(shown);
}

/* The highest point of the stack's top edge between page x xa and xb
 * (ORIGIN_Y where there is none). */
static double stack_high(const struct series *s, const struct frame *f, double xa, double xb)
{
    const struct polyline *e = NULL;
    for (size_t b = s->nbands; b-- > 0 && !e;)
        if (s->top[b].n)
            e = &s->top[b];
    if (!e)
        return ORIGIN_Y;
    if (e->n == 1)
        return graph_y(f, e->y[0]);
    double high = ORIGIN_Y;
    for (size_t i = 0; i + 1 < e->n; i++) {
        double x0 = graph_x(f, e->t[i]), x1 = graph_x(f, e->t[i + 1]);
        double y0 = graph_y(f, e->y[i]), y1 = graph_y(f, e->y[i + 1]);
        if (x1 < xa || x0 > xb)
            continue;
        if (!(x1 > x0)) {
            high = fmax(high, fmax(y0, y1));
            continue;
        }
        /* A segment is highest at one of its ends within [xa, xb]. */
        double ca = fmax(xa, x0), cb = fmin(xb, x1);
        high = fmax(
            high,
            fmax(y0 + (y1 - y0) * (ca - x0) / (x1 - x0), y0 + (y1 - y0) * (cb - x0) / (x1 - x0)));
    }
    return high;
}

/* Is a label w wide at (x0, baseline b) inside the graph (its font's
 * box may reach into the gap under the title box, its letters do not)
 * and clear of the stack? */
static bool peak_label_fits(const struct series *s, const struct frame *f, double x0, double b,
                            double w)
{
    if (x0 < ORIGIN_X + 2 || x0 + w > ORIGIN_X + f->gw - 1 || b - AXIS_DESCENT < ORIGIN_Y + 1
        || b + AXIS_ASCENT > ORIGIN_Y + f->gh + BORDER_SPACE)
        return false;
    return stack_high(s, f, x0 - 1, x0 + w + 1) <= b - AXIS_DESCENT - 1;
}

/* Where the peak's label goes: beside the ring at its height, right or
 * left; above it, to the right, the left or centred; beside it again a
 * little further out, where a steep flank has fallen away.  The first
 * that lies inside the graph and clear of the stack; false when none
 * does: then the label is left out (the title gives the peak) rather
 * than drawn over the data. */
#define PEAK_LABEL_REACH 32.0
static bool place_peak_label(const struct series *s, const struct frame *f, double x, double y,
                             double w, double *lx, double *base)
{
    const double r = PEAK_RADIUS, g = 3;
    double mid = y - DIGIT_HALF_HEIGHT, above = y + r + g + AXIS_DESCENT;
    const double cand[][2] = {
        { x + r + g, mid },   { x - r - g - w, mid }, { x + r, above },
        { x - r - w, above }, { x - w / 2, above },
    };
    for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++)
        if (peak_label_fits(s, f, cand[i][0], cand[i][1], w)) {
            *lx = cand[i][0], *base = cand[i][1];
            return true;
        }
    for (double d = 4; d <= PEAK_LABEL_REACH; d += 4) {
        if (peak_label_fits(s, f, x + r + g + d, mid, w)) {
            *lx = x + r + g + d, *base = mid;
            return true;
        }
        if (peak_label_fits(s, f, x - r - g - w - d, mid, w)) {
            *lx = x - r - g - w - d, *base = mid;
            return true;
        }
    }
    return false;
}

/* A small white ring centred on (x, y). */
static void draw_ring(struct page *pg, double x, double y)
{
    static const struct rgb white = { 1, 1, 1 };
    enum { RING = 12 };
    struct prim *pr = page_path(pg, PRIM_POLYGON, RING, LINE_WIDTH);
    for (int i = 0; i < RING; i++) {
        double a = 2 * 3.14159265358979323846 * i / RING;
        pr->pts[2 * i] = x + PEAK_RADIUS * cos(a);
        pr->pts[2 * i + 1] = y + PEAK_RADIUS * sin(a);
    }
    pr->filled = true;
    pr->fill = white;
}

/* The largest total: a ring on the top of the stack and its value beside
 * it, where it does not cover the stack. */
static void draw_peak(struct page *pg, const struct profile *p, const struct series *s,
                      const struct frame *f, const struct text_metrics *tm)
{
    if (!(s->y_max > 0) || s->nsamples < 2)
        return;
    double x = graph_x(f, s->y_max_time), y = graph_y(f, s->y_max);
    if (x < ORIGIN_X || x > ORIGIN_X + f->gw)
        return;
    draw_ring(pg, x, y);
    char value[96], label[128], all[96];
    axis_format_quantity(value, sizeof value, s->y_max, p->value_unit, f->o->iec);
    axis_format_quantity(all, sizeof all, s->all_max, p->value_unit, f->o->iec);
    char *clean = fitted_text(value, f->gw / 3, FONT_AXIS, tm);
    /* The title's peak counts what -t left out; where that shows in the
     * figure, this one says it is what is drawn. */
    snprintf(label, sizeof label, strcmp(all, value) != 0 ? "drawn peak %s" : "peak %s", clean);
    utf8_trim_partial(label); /* a long unit may be cut mid-character */
    free(clean);
    double lx = 0, base = 0;
    if (place_peak_label(s, f, x, y, tm->width(tm->ctx, FONT_AXIS, label), &lx, &base))
        page_text(pg, label, lx, base, ALIGN_LEFT, FONT_AXIS, 0);
}

void draw_graph(struct page *pg, const struct profile *p, const struct band_plan *bp,
                const struct series *s, const struct frame *f, const struct text_metrics *tm)
{
    draw_y_axis(pg, f, tm);
    if (f->o->mode == MODE_LINES)
        draw_band_lines(pg, bp, s, f);
    else
        draw_bands(pg, bp, s, f);
    draw_heap_lines(pg, p, f);
    draw_gate(pg, f, tm);
    double unit_width = draw_x_axis(pg, p, f, tm);
    draw_heap_legend(pg, p, f, unit_width, tm);
    if (f->o->mode == MODE_STACKED) /* the peak of the stack: only drawn where there is one */
        draw_peak(pg, p, s, f, tm);
    if (f->o->marks)
        draw_marks(pg, p, f, tm);
}

/* ---- where the graphs are ---- */

void frame_note_graph(struct layout *L, const struct frame *f, double dy)
{
    /* the markers' texts' strip over the graph, as many rows as drawn */
    size_t rows = f->mark_rows > 1 ? f->mark_rows : 1;
    double strip = f->mark_labels ? MARK_STRIP + (double)(rows - 1) * MARK_ROW : 0;
    L->graph = xreallocarray(L->graph, L->ngraphs + 1, sizeof *L->graph);
    L->graph[L->ngraphs++] = (struct layout_graph){
        .plot = { ORIGIN_X, ORIGIN_Y + dy, f->gw, f->gh },
        .t0 = f->x0,
        .t_span = f->x_range,
        .y_lo = f->y_lo,
        .y_span = f->y_range,
        .heap = f->heap,
        .mark_strip = strip,
    };
}

double layout_graph_x(const struct layout_graph *g, double t)
{
    return g->plot[0] + (t - g->t0) / g->t_span * g->plot[2]; /* graph_x's arithmetic */
}

const char *layout_x_unit(const struct profile *p, bool plural)
{
    return x_unit(p, plural);
}

/* ---- one profile ---- */

/* One sample has no span to draw over: it is a bar at its time, ONE_BAR
 * (frame.h) of the axis wide, on an axis around it (from 0 to twice its
 * time, or a unit either side of a time at or before 0). */
static void one_sample_axis(double t, double *x0, double *x_range)
{
    if (t > 0 && isfinite(2 * t)) {
        *x0 = 0;
        *x_range = 2 * t;
    } else {
        *x0 = t - 0.5;
        *x_range = 1;
    }
}

void bar_series(struct series *bar, const struct series *s, double half)
{
    *bar = *s;
    bar->top = xcalloc(s->nbands ? s->nbands : 1, sizeof *bar->top);
    for (size_t b = 0; b < s->nbands; b++) {
        const struct polyline *e = &s->top[b];
        if (e->n != 1)
            continue; /* (simplified away: the band below's edge) */
        struct polyline *pl = &bar->top[b];
        pl->n = 2;
        pl->t = xreallocarray(NULL, 2, sizeof *pl->t);
        pl->y = xreallocarray(NULL, 2, sizeof *pl->y);
        pl->t[0] = e->t[0] - half, pl->t[1] = e->t[0] + half;
        pl->y[0] = pl->y[1] = e->y[0];
    }
}

void bar_free(struct series *bar)
{
    for (size_t b = 0; b < bar->nbands; b++) {
        free(bar->top[b].t);
        free(bar->top[b].y);
    }
    free(bar->top);
}

int layout_build(struct layout *L, const struct profile *p, const struct band_plan *bp,
                 const struct series *s, const struct layout_options *o,
                 const struct text_metrics *tm, struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    if (frame_check(o->x_range, o->y_range, p->source, err) < 0)
        return -1;
    double x0 = p->t_first;
    struct layout_options one;
    bool bar = s->nsamples == 1;
    if (bar) {
        one = *o;
        one_sample_axis(p->t_first, &x0, &one.x_range);
        o = &one;
    }
    struct title t;
    profile_title(&t, p, s, o->x_range, o->iec, o->suspects != NULL, tm);
    t.suspects = suspects_line(o, p, tm);
    struct frame f;
    /* A strip over the graph for the markers' texts: one row, or as many
     * as the graph's width (known once the key has its place) needs, the
     * frame then built again with them. */
    size_t rows = 1;
    for (int pass = 0; pass < 2; pass++) {
        frame_init(&f, o, x0, &t, 1, tm);
        f.heap = layout_heap_drawn(p, o);
        if (layout_mark_labels(p, o)) {
            f.mark_labels = true;
            f.mark_rows = rows;
            f.gh -= MARK_STRIP + (double)(rows - 1) * MARK_ROW;
        }
        frame_set_y(&f, p->value_unit);
        key_build(&f, o->multipage, p, bp, NULL, tm); /* -M: the key off the graph */
        if (pass == 1 || !f.mark_labels || (rows = layout_mark_rows(p, &f, tm)) == 1)
            break;
        frame_free(&f);
    }
    frame_place(L, &f, 1);
    L->title = display_text(p->job);
    L->date = display_text(p->date);

    struct page *pg = open_one_box(L, bp, &f, &t, tm);
    if (bar) {
        struct series wide;
        bar_series(&wide, s, ONE_BAR / 2 * o->x_range);
        draw_graph(pg, p, bp, &wide, &f, tm);
        bar_free(&wide);
    } else {
        draw_graph(pg, p, bp, s, &f, tm);
    }
    frame_note_graph(L, &f, 0);
    title_free(&t);
    frame_free(&f);
    return 0;
}

void layout_free(struct layout *L)
{
    for (size_t i = 0; i < L->npages; i++) {
        struct page *pg = &L->page[i];
        for (size_t k = 0; k < pg->count; k++) {
            free(pg->prim[k].pts);
            free(pg->prim[k].text);
        }
        free(pg->prim);
    }
    free(L->page);
    free(L->title);
    free(L->date);
    free(L->graph);
    free(L->key_box);
    memset(L, 0, sizeof *L);
}

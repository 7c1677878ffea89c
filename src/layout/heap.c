/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/heap.c: what only an eventlog knows, drawn over the graph: the
 * RTS's heap size, live bytes and blocks size as lines (--heap), with a
 * legend under the time axis, and the markers' texts in a strip above
 * the graph, so that neither hides a band.
 *
 * The lines are steps: the RTS reports each value at a garbage
 * collection and it holds until the next, so a slope between two
 * reports would draw values nobody measured.  Each line is reduced to
 * HEAP_COLUMNS_PER_POINT columns per point of the graph's width, each
 * keeping its first, lowest, highest and last report (heapline.h), so
 * the drawing keeps every extreme and stays small whatever the count.
 */
#include "layout/heap.h"

#include "layout/frame.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heapline.h"

#define HEAP_LINE_WIDTH 1.1
#define HEAP_COLUMNS_PER_POINT 2
#define HEAP_SAMPLE 10.0     /* a legend entry's line */
#define HEAP_LEGEND_GAP 6.0  /* between legend entries */
#define MARK_LABEL_MIN 16.0  /* narrower than this, a marker's label is left out */
#define MARK_LABEL_GAP 3.0

/* Each line's look: a colour that stands out on grey and on colour
 * bands, and a dash that tells them apart in black and white. */
static const struct rgb heap_colour[HEAP_KINDS] = {
    {0.80, 0.10, 0.10}, {0.10, 0.30, 0.85}, {0.05, 0.55, 0.20}};
static const int heap_dash[HEAP_KINDS] = {0, 1, 4};

bool layout_heap_drawn(const struct profile *p, const struct layout_options *o)
{
    return o->heap && heaplines_any(p->heap) && !p->x_is_index && o->mode != MODE_PERCENT;
}

double layout_heap_max(const struct profile *p, const struct layout_options *o, double x0,
                       double x_range)
{
    double m = 0;
    if (!layout_heap_drawn(p, o))
        return 0;
    for (int k = 0; k < HEAP_KINDS; k++)
        m = fmax(m, (double)heapline_max(&p->heap->line[k], x0, x0 + x_range));
    return m;
}

void draw_heap_lines(struct page *pg, const struct profile *p, const struct frame *f)
{
    if (!f->heap)
        return;
    double t0 = f->x0, t1 = f->x0 + f->x_range;
    size_t ncols = (size_t)fmax(1, fmin(f->gw, 1e5) * HEAP_COLUMNS_PER_POINT);
    for (int k = HEAP_KINDS; k-- > 0;) { /* heap size last: on top */
        struct heap_point *q;
        size_t n = heapline_points(&p->heap->line[k], t0, t1, ncols, &q);
        if (n) {
            struct prim *pr = page_path(pg, PRIM_STROKE, 2 * n - 1, HEAP_LINE_WIDTH);
            double *xy = pr->pts;
            double top = ORIGIN_Y + f->gh, last = 0;
            size_t npts = 0;
            for (size_t i = 0; i < n; i++) {
                /* the value before the window starts at the axis; one
                 * after it only carries the last value to the axis's end;
                 * none is above the axis's top, which reaches the highest */
                double x = graph_x(f, fmin(fmax(q[i].t, t0), t1));
                double y = fmin(graph_y(f, (double)q[i].v), top);
                if (i > 0) {
                    *xy++ = x;
                    *xy++ = last;
                    npts++;
                }
                if (q[i].t > t1)
                    break;
                *xy++ = x;
                *xy++ = y;
                npts++;
                last = y;
            }
            pr->npts = npts;
            pr->stroke = heap_colour[k];
            pr->dash = heap_dash[k];
        }
        free(q);
    }
}

/* The legend's width with these names. */
static double legend_width(const struct profile *p, const char *const *names,
                           const struct text_metrics *tm)
{
    double w = 0;
    for (int k = 0; k < HEAP_KINDS; k++)
        if (p->heap->line[k].events)
            w += (w > 0 ? HEAP_LEGEND_GAP : 0) + HEAP_SAMPLE + 3 +
                 tm->width(tm->ctx, FONT_AXIS, names[k]);
    return w;
}

/* The live line's name, with how far a profiled run's live bytes stand
 * over the profile's total (heap_lines.live_ratio): tier 0 "live bytes
 * (1.3-1.6x profile)", 1 without "profile", 2 "live (1.3-1.6x)". */
static void live_name(char *buf, size_t size, const struct heap_lines *h, int tier)
{
    const char *name = tier == 2 ? "live" : heapline_name(HEAP_LIVE);
    const char *of = tier == 0 ? " profile" : "";
    const double *q = h->live_ratio;
    if (!(q[0] > 0))
        snprintf(buf, size, "%s", name);
    else if (fabs(q[1] - q[0]) < 0.05)
        snprintf(buf, size, "%s (%.1f\xC3\x97%s)", name, (q[0] + q[1]) / 2, of);
    else
        snprintf(buf, size, "%s (%.1f\xE2\x80\x93%s%.1f\xC3\x97%s)", name, q[0],
                 q[1] > 64 ? "over " : "", q[1] > 64 ? 64.0 : q[1], of);
}

void draw_heap_legend(struct page *pg, const struct profile *p, const struct frame *f,
                      double unit_width, const struct text_metrics *tm)
{
    if (!f->heap)
        return;
    /* Left of the time axis's title, from the box's edge, or right of it
     * to the graph's end; shorter names when the long fit neither. */
    double mid = ORIGIN_X + f->gw / 2;
    double left_room = mid - unit_width / 2 - 8 - BORDER_SPACE;
    double right_start = mid + unit_width / 2 + 8, right_room = ORIGIN_X + f->gw - right_start;
    char live[96];
    const char *use[HEAP_KINDS];
    double w = 0;
    for (int tier = 0; tier < 3; tier++) {
        live_name(live, sizeof live, p->heap, tier);
        use[HEAP_SIZE] = tier == 2 ? "heap" : heapline_name(HEAP_SIZE);
        use[HEAP_LIVE] = live;
        use[HEAP_BLOCKS] = tier == 2 ? "blocks" : heapline_name(HEAP_BLOCKS);
        w = legend_width(p, use, tm);
        if (w <= left_room || w <= right_room)
            break;
    }
    double x;
    if (w <= left_room)
        x = BORDER_SPACE;
    else if (w <= right_room)
        x = ORIGIN_X + f->gw - w;
    else
        return; /* a page too narrow: the lines' colours and dashes stay apart */
    double base = HEAP_LEGEND_BASELINE;
    for (int k = 0; k < HEAP_KINDS; k++) {
        if (!p->heap->line[k].events)
            continue;
        struct prim *pr = page_path(pg, PRIM_STROKE, 2, HEAP_LINE_WIDTH);
        pr->pts[0] = x, pr->pts[1] = base + DIGIT_HALF_HEIGHT;
        pr->pts[2] = x + HEAP_SAMPLE, pr->pts[3] = base + DIGIT_HALF_HEIGHT;
        pr->stroke = heap_colour[k];
        pr->dash = heap_dash[k];
        x += HEAP_SAMPLE + 3;
        page_text(pg, use[k], x, base, ALIGN_LEFT, FONT_AXIS, 0);
        x += tm->width(tm->ctx, FONT_AXIS, use[k]) + HEAP_LEGEND_GAP;
    }
}

bool layout_mark_labels(const struct profile *p, const struct layout_options *o)
{
    if (!o->marks || !p->mark_text)
        return false;
    for (size_t i = 0; i < p->nmarks; i++)
        if (p->mark_text[i] && p->mark_text[i][0])
            return true;
    return false;
}

static void put_label(struct page *pg, const char *text, double x, double width,
                      const struct frame *f, const struct text_metrics *tm)
{
    if (width < MARK_LABEL_MIN)
        return;
    char *fit = fitted_text(text, width, FONT_AXIS, tm);
    page_text(pg, fit, x, ORIGIN_Y + f->gh + MARK_LABEL_BASE, ALIGN_LEFT, FONT_AXIS, 0);
    free(fit);
}

void draw_mark_labels(struct page *pg, const struct profile *p, const struct frame *f,
                      const size_t *shown, size_t nshown, const struct text_metrics *tm)
{
    static const struct rgb grey = {0.25, 0.25, 0.25};
    if (!f->mark_labels)
        return;
    double right = f->bw - BORDER_SPACE;
    bool open = false;
    double at = 0;
    const char *text = NULL;
    for (size_t j = 0; j < nshown; j++) {
        size_t i = shown[j];
        const char *s = p->mark_text[i];
        double x = graph_x(f, p->marks[i]);
        /* the line, from the axis through the strip to the label */
        struct prim *pr = page_path(pg, PRIM_STROKE, 2, LINE_WIDTH);
        pr->pts[0] = x, pr->pts[1] = ORIGIN_Y;
        pr->pts[2] = x, pr->pts[3] = ORIGIN_Y + f->gh + 2; /* under the labels' letters */
        pr->stroke = grey;
        pr->dash = 4;
        if (!s || !s[0])
            continue;
        /* Left to right: a label runs to the next one; one that would
         * start too close to the last is left out (the HTML page's
         * readout has every text whole). */
        if (open && x - at < MARK_LABEL_MIN + MARK_LABEL_GAP)
            continue;
        if (open)
            put_label(pg, text, at + 1.5, x - at - MARK_LABEL_GAP, f, tm);
        open = true, at = x, text = s;
    }
    if (open)
        put_label(pg, text, at + 1.5, right - at - 1.5, f, tm);
}

/* Marks drawn closer than this (points) are one on the page (layout.c's
 * MARK_GAP): the page lists one text per place, as many as it draws. */
#define DATA_MARK_GAP 0.5

int data_heap_and_marks(struct layout_data_panel *P, const struct profile *p,
                        const struct frame *f, struct hp_error *err)
{
    if (f->heap) {
        struct heapline_exact cur[HEAP_KINDS];
        int kind[HEAP_KINDS];
        size_t n = 0;
        for (int k = 0; k < HEAP_KINDS; k++)
            if (p->heap->line[k].events) {
                kind[n] = k;
                heapline_exact_start(&cur[n++], &p->heap->line[k]);
            }
        P->nheap = n;
        P->heap_name = xcalloc(n ? n : 1, sizeof *P->heap_name);
        for (size_t k = 0; k < n; k++) {
            P->heap_name[k] = heapline_name((enum heap_kind)kind[k]);
            P->heap_colour[k] = heap_colour[kind[k]];
        }
        P->heap = xcalloc(P->nsamples * n + 1, sizeof *P->heap);
        int rc = 0;
        for (size_t i = 0; i < P->nsamples && rc >= 0; i++)
            for (size_t k = 0; k < n && rc >= 0; k++) {
                uint64_t v;
                rc = heapline_exact_at(&cur[k], P->t[i], &v, err);
                P->heap[i * n + k] = rc > 0 ? (double)v : -1;
            }
        for (size_t k = 0; k < n; k++)
            heapline_exact_end(&cur[k]);
        if (rc < 0)
            return -1;
    }
    if (!f->o->marks || !p->mark_text || !p->nmarks)
        return 0;
    P->mark_t = xreallocarray(NULL, p->nmarks, sizeof *P->mark_t);
    P->mark_text = xreallocarray(NULL, p->nmarks, sizeof *P->mark_text);
    double last = -1e300;
    for (size_t i = 0; i < p->nmarks; i++) {
        double t = p->marks[i];
        if (t < f->x0 || t > f->x0 + f->x_range)
            continue;
        double x = graph_x(f, t);
        if (P->nmarks && x - last < DATA_MARK_GAP)
            continue;
        last = x;
        P->mark_t[P->nmarks] = t;
        P->mark_text[P->nmarks++] = display_text(p->mark_text[i] ? p->mark_text[i] : "");
    }
    return 0;
}

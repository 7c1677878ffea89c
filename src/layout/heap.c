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

#define HEAP_LINE_WIDTH        1.1
#define HEAP_COLUMNS_PER_POINT 2
#define HEAP_SAMPLE            10.0 /* a legend entry's line */
#define HEAP_LEGEND_GAP        6.0  /* between legend entries */
#define MARK_LABEL_GAP         3.0  /* between two labels in a row */
#define MARK_TEXT_OFFSET       1.5  /* from a marker's line to its text */

/* Each line's look: a colour that stands out on grey and on colour
 * bands, and a dash that tells them apart in black and white. */
static const struct rgb heap_colour[HEAP_KINDS] = { { 0.80, 0.10, 0.10 },
                                                    { 0.10, 0.30, 0.85 },
                                                    { 0.05, 0.55, 0.20 } };
static const int heap_dash[HEAP_KINDS] = { 0, 1, 4 };

struct rgb layout_heap_colour(enum heap_kind k)
{
    return heap_colour[k];
}

bool layout_heap_drawn(const struct profile *p, const struct layout_options *o)
{
    return o->heap && profile_heap_lines(p, o->mode == MODE_PERCENT) == HEAP_LINES_SHOWN;
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
            w += (w > 0 ? HEAP_LEGEND_GAP : 0) + HEAP_SAMPLE + 3
                + tm->width(tm->ctx, FONT_AXIS, names[k]);
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

/* ---- the markers' texts ----
 *
 * Every marker in the window with a text gets a label in the strip over
 * the graph: at its line, left-aligned (or right-aligned, ending at its
 * line, where the box's edge is too near), in the first of the strip's
 * rows where it covers no other label.  Markers at one time (the RTS
 * gives a program's first markers the same microsecond) go in rows one
 * above the other.  When the rows cannot hold them all, markers close
 * together become one label, the first one's text and how many more
 * ("phase 1 +3 more"), the closeness growing until every label finds a
 * place; the HTML page lists every text whole.  A text wider than the
 * box is shortened. */

struct mark_item {
    double x; /* its line */
    const char *raw;
    char *text; /* as drawn, measured once (width), when first asked */
    double width;
};

struct mark_label {
    size_t first, n; /* items[first .. first + n): the first one's text */
    double a, b;     /* where it is drawn, left and right */
    size_t row;
    bool right_aligned;
};

static int by_x(const void *pa, const void *pb)
{
    const struct mark_item *a = pa, *b = pb;
    return (a->x > b->x) - (a->x < b->x);
}

/* The markers in the window with a text, by place (in time order: their
 * order when they share a place). */
static size_t mark_items(const struct profile *p, const struct frame *f, struct mark_item **out)
{
    struct mark_item *it = xcalloc(p->nmarks ? p->nmarks : 1, sizeof *it);
    size_t n = 0;
    for (size_t i = 0; i < p->nmarks; i++) {
        double t = p->marks[i];
        if (t < f->x0 || t > f->x0 + f->x_range || !p->mark_text || !p->mark_text[i]
            || !p->mark_text[i][0])
            continue;
        it[n].x = graph_x(f, t);
        it[n++].raw = p->mark_text[i];
    }
    for (size_t i = 1; i < n; i++)
        if (it[i].x < it[i - 1].x) { /* (an eventlog's are sorted by time already) */
            qsort(it, n, sizeof *it, by_x);
            break;
        }
    *out = it;
    return n;
}

static void free_items(struct mark_item *it, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(it[i].text);
    free(it);
}

/* Item i's text as drawn, at most max_width wide, and its width. */
static const char *item_text(struct mark_item *it, double max_width, const struct text_metrics *tm)
{
    if (!it->text) {
        it->text = fitted_text(it->raw, max_width, FONT_AXIS, tm);
        it->width = tm->width(tm->ctx, FONT_AXIS, it->text);
    }
    return it->text;
}

/* A label's room at most: the strip's width (a text wider than the box
 * is shortened). */
static double mark_text_room(const struct frame *f)
{
    return f->bw - 2 * BORDER_SPACE - 2 * MARK_TEXT_OFFSET;
}

/* " +N more": how many markers a label stands for besides its own. */
static void more_text(char *buf, size_t size, size_t n)
{
    snprintf(buf, size, " +%zu more", n - 1);
}

/* The labels of items[0..n) with markers closer than gap points made one
 * label, placed in rows rows between left and right: the labels (*out,
 * NULL for none) and their count, or 0 when one finds no place.  A row's
 * labels come left to right, so a label fits a row when it starts past
 * the row's last (O(rows) a label). */
static size_t place_marks(struct mark_item *items, size_t n, double gap, size_t rows, double left,
                          double right, double max_width, const struct text_metrics *tm,
                          struct mark_label **out)
{
    *out = NULL;
    if (!n)
        return 0;
    struct mark_label *lab = xcalloc(n, sizeof *lab);
    double end[MARK_ROWS_MAX];
    for (size_t r = 0; r < MARK_ROWS_MAX; r++)
        end[r] = -1e300;
    size_t nl = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && items[j].x - items[i].x < gap)
            j++;
        struct mark_label *L = &lab[nl++];
        L->first = i, L->n = j - i;
        item_text(&items[i], max_width, tm);
        double w = items[i].width, x = items[i].x;
        if (L->n > 1) {
            char more[40];
            more_text(more, sizeof more, L->n);
            w += tm->width(tm->ctx, FONT_AXIS, more) + 1; /* (kerning across the join) */
        }
        L->right_aligned = x + MARK_TEXT_OFFSET + w > right;
        L->a = L->right_aligned ? x - MARK_TEXT_OFFSET - w : x + MARK_TEXT_OFFSET;
        L->b = L->a + w;
        size_t r = 0;
        while (r < rows && end[r] + MARK_LABEL_GAP > L->a)
            r++;
        if (L->a < left || r == rows || r >= MARK_ROWS_MAX) {
            free(lab);
            return 0;
        }
        L->row = r;
        end[r] = L->b;
        i = j;
    }
    *out = lab;
    return nl;
}

/* Labels for every marker within rows rows: markers made one only as
 * far as needed.  *out and the count (0 when there is no text). */
static size_t mark_labels_in(struct mark_item *items, size_t n, size_t rows, const struct frame *f,
                             const struct text_metrics *tm, struct mark_label **out)
{
    double left = BORDER_SPACE, right = f->bw - BORDER_SPACE;
    double max_width = mark_text_room(f);
    *out = NULL;
    if (!n)
        return 0;
    for (double gap = 0;; gap = gap ? 2 * gap : 1) {
        size_t nl = place_marks(items, n, gap, rows, left, right, max_width, tm, out);
        if (nl || gap > 2 * (right - left))
            return nl;
    }
}

size_t layout_mark_rows(const struct profile *p, const struct frame *f,
                        const struct text_metrics *tm)
{
    /* the rows over the first take at most MARK_ROWS_SHARE of the graph's
     * height (a narrow -e page: its markers crowd into one row) */
    double fit = f->gh * MARK_ROWS_SHARE / MARK_ROW;
    size_t most = fit < MARK_ROWS_MAX - 1 ? 1 + (fit > 0 ? (size_t)fit : 0) : MARK_ROWS_MAX;
    struct mark_item *items;
    size_t n = mark_items(p, f, &items), rows = 1;
    for (; n && rows < most; rows++) {
        struct mark_label *lab;
        size_t nl = place_marks(items, n, 0, rows, BORDER_SPACE, f->bw - BORDER_SPACE,
                                mark_text_room(f), tm, &lab);
        free(lab);
        if (nl)
            break;
    }
    free_items(items, n);
    return rows;
}

/* The bottom of the strip's row r, and its labels' baseline. */
static double row_bottom(const struct frame *f, size_t r)
{
    return ORIGIN_Y + f->gh + 2 + (double)r * MARK_ROW;
}

void draw_mark_labels(struct page *pg, const struct profile *p, const struct frame *f,
                      const size_t *shown, size_t nshown, const struct text_metrics *tm)
{
    static const struct rgb grey = { 0.25, 0.25, 0.25 };
    if (!f->mark_labels)
        return;
    /* the lines, from the axis to the strip (one where marks crowd) */
    for (size_t j = 0; j < nshown; j++) {
        double x = graph_x(f, p->marks[shown[j]]);
        struct prim *pr = page_path(pg, PRIM_STROKE, 2, LINE_WIDTH);
        pr->pts[0] = x, pr->pts[1] = ORIGIN_Y;
        pr->pts[2] = x, pr->pts[3] = row_bottom(f, 0); /* under the labels' letters */
        pr->stroke = grey;
        pr->dash = 4;
    }
    struct mark_item *items;
    size_t n = mark_items(p, f, &items);
    struct mark_label *lab;
    size_t nl = mark_labels_in(items, n, f->mark_rows ? f->mark_rows : 1, f, tm, &lab);
    for (size_t i = 0; i < nl; i++) {
        const struct mark_label *L = &lab[i];
        double x = items[L->first].x, base = row_bottom(f, L->row) + MARK_LABEL_BASE - 2;
        char more[40] = "";
        if (L->n > 1)
            more_text(more, sizeof more, L->n);
        const char *own = items[L->first].text;
        size_t a = strlen(own), b = strlen(more);
        char *text = xmalloc(a + b + 1);
        memcpy(text, own, a);
        memcpy(text + a, more, b + 1);
        page_text(pg, text, L->right_aligned ? L->b : L->a, base,
                  L->right_aligned ? ALIGN_RIGHT : ALIGN_LEFT, FONT_AXIS, 0);
        free(text);
        if (L->row == 0)
            continue;
        /* A label in a higher row: its line goes on up through the rows
         * below where no label covers it, and a tick in its own row
         * marks where it belongs. */
        size_t up = 0;
        while (up < L->row) {
            bool covered = false;
            for (size_t k = 0; k < nl && !covered; k++)
                covered = lab[k].row == up && lab[k].a - 1 <= x && x <= lab[k].b + 1;
            if (covered)
                break;
            up++;
        }
        struct prim *pr = page_path(pg, PRIM_STROKE, 2, LINE_WIDTH);
        pr->pts[0] = x, pr->pts[1] = up == L->row ? row_bottom(f, 0) : row_bottom(f, L->row);
        pr->pts[2] = x, pr->pts[3] = row_bottom(f, L->row) + MARK_ROW - 2;
        pr->stroke = grey;
        pr->dash = up == L->row ? 4 : 0;
    }
    free(lab);
    free_items(items, n);
}

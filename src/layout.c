/* SPDX-License-Identifier: BSD-3-Clause */
/* layout.c: see layout.h.
 *
 * The geometry starts from GHC's, so that our graphs sit where users
 * expect them: a 648 x 432 box, a title box at the top, the graph in the
 * lower left, a key to the right of the graph.  What GHC got wrong is
 * fixed here: text is measured with real font metrics and set at its
 * true size in points (-e makes the box the page's width, it does not
 * scale the type); names and titles are shortened to fit, so the graph
 * can never be squeezed off the page; a key too big to stand beside the
 * graph goes below it or on pages of its own; the y axis ends at a
 * labelled tick at or above the peak and the axes' units are titles, not
 * tick slots; marks outside the time axis are not drawn.
 */
#include "layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "axis.h"
#include "layout_data.h"
#include "shorten.h"
#include "utf8.h"

/* The page geometry, in points. */
#define LINES_HEADROOM 1.08 /* --mode=lines: y scale over the largest band */
#define BOX_WIDTH LAYOUT_BOX_WIDTH /* GHC's box; -e's is the page's width */
#define BOX_HEIGHT LAYOUT_BOX_HEIGHT
#define BOX_MIN_WIDTH 144.0 /* -e's smallest (options.c) */
#define BORDER_SPACE 5.0
#define TITLE_HEIGHT_SMALL 20.0
#define TITLE_HEIGHT_BIG 40.0
#define TITLE_TEXT_GAP 10.0 /* between the title's job, middle and date */
#define ORIGIN_X 62.0       /* the y unit title, the widest y label ("12.5 MB"), the ticks */
#define ORIGIN_Y 30.0       /* the x labels, and the unit title under them */
#define X_LABEL_BASELINE 15.5
#define X_TITLE_BASELINE 4.5
#define Y_TITLE_X 14.0      /* the rotated y unit title's baseline */
#define AXIS_ASCENT 7.9     /* the axis font's ascent and descent (DejaVu Sans 8.5 pt) */
#define AXIS_DESCENT 2.0
#define LABEL_GAP 2.0       /* a tick to its label */
#define Y_TICK_MIN_GAP 14.0 /* y labels at least this far apart */
#define X_LABEL_MIN_GAP 8.0 /* between neighbouring x labels */
#define TICK_LENGTH 4.0
#define SWATCH 14.0
#define KEY_GAP 10.0        /* graph to key, title box to key, key to the box's edge */
#define KEY_SWATCH_GAP 5.0  /* swatch to the share */
#define KEY_SHARE_GAP 6.0   /* between the share and the name */
#define KEY_COLUMN_GAP 12.0 /* between key columns */
#define KEY_MAX_NAME_WIDTH 200.0 /* longer names are shortened */
#define KEY_MIN_NAME_WIDTH 40.0
#define KEY_NAME_SHARE 0.4  /* ... and names take at most this part of a narrow graph's width */
#define KEY_MAX_PITCH 18.0  /* key rows: at most this far apart */
#define KEY_MIN_PITCH 11.0  /* beside the graph: below this the key takes more columns */
#define KEY_GRID_PITCH 13.0 /* below the graph and on key pages */
#define KEY_REFERENCE 20    /* the plot keeps KEY_KEEP of its width with this many bands */
#define KEY_KEEP 0.8
#define KEY_MIN_PLOT 0.4    /* a key beside the graph leaves it this part of the width */
#define LINE_WIDTH 0.5
#define BAND_OUTLINE 0.3
#define DIGIT_HALF_HEIGHT 3.3  /* half the height of a digit at the axis size */
#define GRID_WIDTH 0.4
#define PEAK_RADIUS 2.2
#define BAND_LINE 1.2          /* --mode=lines: each band's line */
#define KEY_LINE 2.4           /* --mode=lines: the key's swatch, a short thick line */
#define KEY_MAX_SLOPE_WIDTH 120.0 /* --slopes: longer slopes (long units) are shortened */

static const char ELLIPSIS[] = "\xE2\x80\xA6";

/* ---- primitives ---- */

static struct prim *add_prim(struct page *pg, enum prim_kind kind)
{
    if (pg->count == pg->cap) {
        pg->cap = pg->cap ? pg->cap * 2 : 64;
        pg->prim = xreallocarray(pg->prim, pg->cap, sizeof *pg->prim);
    }
    struct prim *pr = &pg->prim[pg->count++];
    memset(pr, 0, sizeof *pr);
    pr->kind = kind;
    return pr;
}

static struct prim *add_path(struct page *pg, enum prim_kind kind, size_t npts, double lw)
{
    struct prim *pr = add_prim(pg, kind);
    pr->npts = npts;
    pr->pts = xreallocarray(NULL, npts ? npts : 1, 2 * sizeof *pr->pts);
    pr->line_width = lw;
    return pr;
}

static void add_line(struct page *pg, double x0, double y0, double x1, double y1)
{
    struct prim *pr = add_path(pg, PRIM_STROKE, 2, LINE_WIDTH);
    pr->pts[0] = x0, pr->pts[1] = y0, pr->pts[2] = x1, pr->pts[3] = y1;
}

static void add_rect(struct page *pg, double x, double y, double w, double h, double lw,
                     const struct rgb *fill)
{
    struct prim *pr = add_path(pg, PRIM_POLYGON, 4, lw);
    double *p = pr->pts;
    p[0] = x, p[1] = y, p[2] = x, p[3] = y + h;
    p[4] = x + w, p[5] = y + h, p[6] = x + w, p[7] = y;
    if (fill) {
        pr->filled = true;
        pr->fill = *fill;
    }
}

static void add_text(struct page *pg, const char *text, double x, double y,
                     enum text_align align, enum font_role font, double angle)
{
    struct prim *pr = add_prim(pg, PRIM_TEXT);
    pr->text = xstrdup(text);
    pr->x = x, pr->y = y, pr->align = align, pr->font = font, pr->angle = angle;
}

static struct page *new_page(struct layout *L)
{
    L->page = xreallocarray(L->page, L->npages + 1, sizeof *L->page);
    struct page *pg = &L->page[L->npages++];
    memset(pg, 0, sizeof *pg);
    return pg;
}

/* ---- text ---- */

/* Header strings may hold newlines and tabs (GHC allowed them); drawn text
 * is one line that cairo draws in every format (utf8.h). */
static char *display_text(const char *raw)
{
    return utf8_display_text(raw, strlen(raw));
}

/* A header string drawn in a bounded space (a unit can be 1 MiB long):
 * one line of valid UTF-8, shortened to max_width. */
static char *fitted_text(const char *raw, double max_width, enum font_role font,
                         const struct text_metrics *tm)
{
    char *clean = display_text(raw);
    char *fit = layout_ellipsize(clean, max_width, font, tm);
    free(clean);
    return fit;
}

/* ---- the parts of a page ---- */

/* Where the key goes: beside the graph, in a strip below the box (the
 * page grows; formats of one page), or on pages of its own before the
 * graph's (PostScript and PDF). */
enum key_place { KEY_NONE, KEY_BESIDE, KEY_BELOW, KEY_PAGES };

struct key {
    enum key_place place;
    size_t n;              /* entries: one per band, the top band first */
    char **full;           /* per band, its name as valid UTF-8 */
    bool *other;           /* per band, whether it is OTHER */
    char **names;          /* per band, shortened */
    char **notes;          /* per band, in front of the name: "48%" of the drawn
                            * total, --diff's change, or "" */
    char **slopes;         /* --slopes: per band, "+1.2 MB/s"; else NULL */
    double note_width, slope_width, name_width; /* the widest of each */
    size_t rows, columns;  /* rows per column; columns side by side (a page's) */
    double pitch, swatch;  /* row spacing and swatch size */
    double column_width;   /* swatch to the end of the widest name */
    double below;          /* KEY_BELOW: the strip's height under the box */
    double (*box)[4];      /* layout_options.data: per band, its entry's box on the
                            * graph's page (local x, y, width, height; width 0: none) */
};

struct frame {
    double bw, bh;         /* the box: 648 x 432, or -e's width in points */
    double title_height;
    double gw, gh;         /* graph width and height */
    double x0, x_range;    /* time at the origin, and per graph width */
    double y_range;        /* the drawn y axis: up to the tick at or above the peak */
    struct ticks y_ticks;  /* its ticks, every one labelled */
    struct value_scale y_scale;
    bool slopes;           /* --slopes: a column of slopes between shares and names */
    enum plot_mode mode;   /* --mode */
    bool colour;           /* -c */
    bool iec;
    bool pattern;
    struct key key;
};

static double graph_x(const struct frame *f, double t)
{
    return ORIGIN_X + (t - f->x0) / f->x_range * f->gw;
}

static double graph_y(const struct frame *f, double v)
{
    return ORIGIN_Y + v / f->y_range * f->gh;
}

/* --x=index: the x axis counts samples, whatever SAMPLE_UNIT says. */
static const char *x_unit(const struct profile *p, bool plural)
{
    if (!p->x_is_index)
        return p->sample_unit;
    return plural ? "samples" : "sample";
}

/* A title box's three texts, each one line of valid UTF-8: the job on
 * the left, the middle (GHC's total) centred, the date on the right. */
struct title {
    char *job, *middle, *date;
    char *middle_short; /* the middle when a narrow page cannot hold it (the
                         * peak without the total), or NULL */
};

static void title_free(struct title *t)
{
    free(t->job);
    free(t->middle);
    free(t->middle_short);
    free(t->date);
}

/* The title box's inner edges, and where the small box's middle sits. */
static double title_left(void)
{
    return BORDER_SPACE + 6;
}

static double title_right(const struct frame *f)
{
    return f->bw - BORDER_SPACE - 6;
}

/* Room for the job and for the date beside a middle of width mid_w on
 * the small box's one line. */
static void small_title_room(const struct frame *f, double mid_w, double *job, double *date)
{
    double centre = f->bw / 2 - BORDER_SPACE;
    *job = centre - mid_w / 2 - TITLE_TEXT_GAP - title_left();
    *date = title_right(f) - (centre + mid_w / 2 + TITLE_TEXT_GAP);
}

/* The middle, at most a line wide: whole, or its short form, shortened. */
static char *title_middle(const struct frame *f, const struct title *t,
                          const struct text_metrics *tm)
{
    double room = title_right(f) - title_left();
    if (!t->middle_short || tm->width(tm->ctx, FONT_TITLE, t->middle) <= room)
        return layout_ellipsize(t->middle, room, FONT_TITLE, tm);
    return layout_ellipsize(t->middle_short, room, FONT_TITLE, tm);
}

/* -b, -s, or by measure: the small box when its one line holds the job
 * and the date whole beside the middle, else the big one, where the job
 * has a line of its own (GHC's rule counted 35 bytes of the job). */
static bool title_needs_big(const struct frame *f, const struct title *t,
                            const struct text_metrics *tm)
{
    char *mid = title_middle(f, t, tm);
    double job_room, date_room;
    small_title_room(f, tm->width(tm->ctx, FONT_TITLE, mid), &job_room, &date_room);
    free(mid);
    char *job = layout_ellipsize(t->job, job_room, FONT_TITLE, tm);
    char *date = layout_ellipsize(t->date, date_room, FONT_TITLE, tm);
    bool big = strcmp(job, t->job) != 0 || strcmp(date, t->date) != 0;
    free(job);
    free(date);
    return big;
}

/* The title box's height for titles t[0..n) (panels share one). */
static void frame_set_title(struct frame *f, enum title_box box, const struct title *t,
                            size_t n, const struct text_metrics *tm)
{
    bool big = box == TITLE_BIG;
    for (size_t k = 0; k < n && box == TITLE_AUTO && !big; k++)
        big = title_needs_big(f, &t[k], tm);
    f->title_height = big ? TITLE_HEIGHT_BIG : TITLE_HEIGHT_SMALL;
    f->gh = f->bh - f->title_height - 2 * BORDER_SPACE - ORIGIN_Y;
}

/* The outer box, down to the key's strip when it is below. */
static void draw_outer_box(struct page *pg, const struct frame *f, bool with_strip)
{
    double below = with_strip ? f->key.below : 0;
    add_rect(pg, 0, -below, f->bw, f->bh + below, LINE_WIDTH, NULL);
}

/* The title box with its three texts, on one line (small) or, in the
 * big box, the job alone on the upper line.  The job and date give way
 * (ellipsized) so the middle always shows. */
static void draw_title_box(struct page *pg, const struct frame *f, const struct title *t,
                           const struct text_metrics *tm)
{
    double th = f->title_height;
    double top = f->bh - BORDER_SPACE;
    add_rect(pg, BORDER_SPACE, top - th, f->bw - 2 * BORDER_SPACE, th, LINE_WIDTH, NULL);
    double left = title_left(), right = title_right(f);
    char *middle = title_middle(f, t, tm);
    double mid_w = tm->width(tm->ctx, FONT_TITLE, middle);
    char *job_fit, *date_fit;
    if (th == TITLE_HEIGHT_SMALL) {
        double job_room, date_room;
        small_title_room(f, mid_w, &job_room, &date_room);
        double baseline = top - th + 6;
        job_fit = layout_ellipsize(t->job, job_room, FONT_TITLE, tm);
        date_fit = layout_ellipsize(t->date, date_room, FONT_TITLE, tm);
        add_text(pg, job_fit, left, baseline, ALIGN_LEFT, FONT_TITLE, 0);
        add_text(pg, middle, f->bw / 2 - BORDER_SPACE, baseline, ALIGN_CENTRE, FONT_TITLE, 0);
        add_text(pg, date_fit, right, baseline, ALIGN_RIGHT, FONT_TITLE, 0);
    } else {
        double rule = top - th / 2;
        add_line(pg, BORDER_SPACE, rule, f->bw - BORDER_SPACE, rule);
        job_fit = layout_ellipsize(t->job, right - left, FONT_TITLE, tm);
        date_fit = layout_ellipsize(t->date, right - left - mid_w - 16, FONT_TITLE, tm);
        add_text(pg, job_fit, left, rule + 6, ALIGN_LEFT, FONT_TITLE, 0);
        add_text(pg, middle, left, top - th + 6, ALIGN_LEFT, FONT_TITLE, 0);
        /* (a date cut down to its ellipsis says nothing: a narrow -e page) */
        if (strcmp(date_fit, ELLIPSIS) != 0)
            add_text(pg, date_fit, right, top - th + 6, ALIGN_RIGHT, FONT_TITLE, 0);
    }
    free(middle);
    free(job_fit);
    free(date_fit);
}

/* A profile's title: its JOB, GHC's total in unit-seconds and the peak
 * with its time, its DATE. */
static void profile_title(struct title *tt, const struct profile *p, const struct series *s,
                          bool iec, const struct text_metrics *tm)
{
    char area[1024], total[420], peak[96], when[64], short_form[512] = "";
    axis_format_thousands(total, sizeof total, s->area);
    /* Units are the profile's: each gets at most a sixth of the box. */
    char *vu = fitted_text(p->value_unit, BOX_WIDTH / 6, FONT_TITLE, tm);
    char *su = fitted_text(x_unit(p, true), BOX_WIDTH / 6, FONT_TITLE, tm);
    if (s->y_max > 0) {
        axis_format_quantity(peak, sizeof peak, s->y_max, p->value_unit, iec);
        char *pk = fitted_text(peak, BOX_WIDTH / 6, FONT_TITLE, tm);
        double t = s->y_max_time;
        snprintf(when, sizeof when, t >= 100 ? "%.0f" : "%.3g", t);
        if (p->x_is_index)
            snprintf(short_form, sizeof short_form, "peak %s at sample %s", pk, when);
        else
            snprintf(short_form, sizeof short_form, "peak %s at %s %s", pk, when,
                     strcmp(p->sample_unit, "seconds") == 0 ? "s" : su);
        utf8_trim_partial(short_form);
        snprintf(area, sizeof area, "%s %s \xC3\x97 %s, %s", total, vu, su, short_form);
        free(pk);
    } else
        snprintf(area, sizeof area, "%s %s \xC3\x97 %s", total, vu, su);
    /* A long unit can fill the buffer: never cut a character in two. */
    utf8_trim_partial(area);
    free(vu);
    free(su);
    tt->job = display_text(p->job);
    tt->middle = xstrdup(area);
    tt->middle_short = *short_form ? xstrdup(short_form) : NULL;
    tt->date = display_text(p->date);
}

/* The x labels' step: a nice one (whole samples for --x=index) wide
 * enough apart on the page for the widest label. */
static void x_ticks(struct ticks *t, const struct frame *f, const struct time_unit *tu,
                    bool index, const struct text_metrics *tm)
{
    double lo = f->x0 / tu->seconds, span = f->x_range / tu->seconds;
    double step = axis_nice(span / 7);
    if (index && step < 1)
        step = 1;
    for (int tries = 0; tries < 40; tries++, step = axis_nice_next(step)) {
        axis_ticks_step(t, lo, lo + span, step);
        if (t->n < 2)
            return;
        double widest = 0;
        for (size_t i = 0; i < t->n; i++) {
            char label[64];
            axis_format_time(label, sizeof label, t->value[i], index ? 0 : t->decimals);
            widest = fmax(widest, tm->width(tm->ctx, FONT_AXIS, label));
        }
        if (step / span * f->gw >= widest + X_LABEL_MIN_GAP || step >= span)
            return;
    }
}

/* The time axis: its line, a labelled tick at every step up to the end
 * of the data, and the unit ("seconds") centred under the labels as the
 * axis's title. */
static void draw_x_axis(struct page *pg, const struct profile *p, const struct frame *f,
                        const struct text_metrics *tm)
{
    add_line(pg, ORIGIN_X, ORIGIN_Y, ORIGIN_X + f->gw, ORIGIN_Y);
    /* A three-hour run reads in hours, not in thousands of seconds. */
    struct time_unit tu;
    axis_time_unit(&tu, x_unit(p, false), f->x_range);
    /* An eventlog's clock counts elapsed time, a .hp's the mutator's CPU
     * time: the axis says which. */
    char title[256];
    const char *name = tu.name ? tu.name : x_unit(p, false);
    if (p->elapsed_time && !p->x_is_index) {
        snprintf(title, sizeof title, "%s, elapsed", name);
        name = title;
    }
    char *unit = fitted_text(name, f->gw, FONT_AXIS, tm);
    add_text(pg, unit, ORIGIN_X + f->gw / 2, X_TITLE_BASELINE, ALIGN_CENTRE, FONT_AXIS, 0);
    free(unit);

    struct ticks t;
    x_ticks(&t, f, &tu, p->x_is_index, tm);
    for (size_t i = 0; i < t.n; i++) {
        double x = (t.value[i] * tu.seconds - f->x0) / f->x_range * f->gw;
        char label[64];
        axis_format_time(label, sizeof label, t.value[i], p->x_is_index ? 0 : t.decimals);
        double half = tm->width(tm->ctx, FONT_AXIS, label) / 2;
        /* The last label may stand past the axis's end, not past the box. */
        if (ORIGIN_X + x + half > f->bw - BORDER_SPACE / 2)
            continue;
        add_line(pg, ORIGIN_X + x, ORIGIN_Y, ORIGIN_X + x, ORIGIN_Y - TICK_LENGTH);
        add_text(pg, label, ORIGIN_X + x, X_LABEL_BASELINE, ALIGN_CENTRE, FONT_AXIS, 0);
    }
}

/* The y axis's line and, rotated and centred along it at the left edge
 * of the box, the unit as the axis's title (none when unit is NULL). */
static void y_axis_line(struct page *pg, const char *unit, const struct frame *f,
                        const struct text_metrics *tm)
{
    add_line(pg, ORIGIN_X, ORIGIN_Y, ORIGIN_X, ORIGIN_Y + f->gh);
    if (!unit)
        return;
    char *fit = fitted_text(unit, f->gh, FONT_AXIS, tm);
    add_text(pg, fit, Y_TITLE_X, ORIGIN_Y + f->gh / 2, ALIGN_CENTRE, FONT_AXIS, 90);
    free(fit);
}

/* The y scale of a graph from 0: a nice step (of kB, MB, ...; of KiB,
 * MiB, ... with --units=iec; never a fraction of a byte), labels at
 * least Y_TICK_MIN_GAP apart over length points, and the axis's top at
 * the first step at or above range, so the peak is under a labelled
 * tick.  Returns the top. */
static double y_scale(struct ticks *t, struct value_scale *vs, double range,
                      const char *value_unit, bool iec, double length)
{
    bool bytes = strcmp(value_unit, "bytes") == 0;
    double divisor = iec ? axis_iec_divisor(range) : 1;
    double step = axis_nice(range / divisor / 7);
    if (bytes && step * divisor < 1)
        step = 1;
    double top = range;
    for (int tries = 0; tries < 40; tries++, step = axis_nice_next(step)) {
        top = axis_round_up(range, step * divisor);
        /* (one interval is as few as there can be, however short the axis) */
        if (step * divisor / top * length >= Y_TICK_MIN_GAP || top <= step * divisor * 1.000001)
            break;
    }
    axis_ticks_step(t, 0, top, step * divisor);
    if (iec)
        axis_iec_scale(vs, t, range, bytes);
    else
        axis_value_scale(vs, t, bytes);
    return top;
}

/* One y tick at height y over the origin: the mark, its label, and a
 * light grid line across the graph (not on the x axis itself). */
static void y_tick(struct page *pg, const struct frame *f, double y, const char *label,
                   bool grid_line)
{
    static const struct rgb grid = {0.82, 0.82, 0.82};
    add_line(pg, ORIGIN_X, ORIGIN_Y + y, ORIGIN_X - TICK_LENGTH, ORIGIN_Y + y);
    if (grid_line && y > 0) {
        struct prim *line = add_path(pg, PRIM_STROKE, 2, GRID_WIDTH);
        line->pts[0] = ORIGIN_X, line->pts[1] = ORIGIN_Y + y;
        line->pts[2] = ORIGIN_X + f->gw, line->pts[3] = ORIGIN_Y + y;
        line->stroke = grid;
    }
    add_text(pg, label, ORIGIN_X - TICK_LENGTH - LABEL_GAP, ORIGIN_Y + y - DIGIT_HALF_HEIGHT,
             ALIGN_RIGHT, FONT_AXIS, 0);
}

static void draw_y_axis(struct page *pg, const struct profile *p, const struct frame *f,
                        const struct text_metrics *tm)
{
    y_axis_line(pg, p->value_unit, f, tm);
    const struct ticks *t = &f->y_ticks;
    for (size_t i = 0; i < t->n; i++) {
        char label[64];
        axis_format_value(label, sizeof label, t->value[i], &f->y_scale);
        y_tick(pg, f, t->value[i] / f->y_range * f->gh, label, true);
    }
}

/* --pattern: a band's hatch, by its rank in size, so that it keeps it
 * whatever the order drawn, and the largest bands get the lightest looks:
 * none, then the single hatches, then the crossed ones (LAYOUT_HATCHES
 * counts from the sparsest), round again.  In the default order, by
 * size, seven looks times ten greys keep any two bands within seventy of
 * each other apart. */
static int band_hatch(const struct frame *f, const struct band *band)
{
    return f->pattern ? (int)(band->rank % (LAYOUT_HATCHES + 1)) : 0;
}

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
    struct prim *pr = add_path(pg, PRIM_POLYGON, ntop + 2, 0);
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
 * alone then tell the bands apart. */
#define OUTLINE_BAND_ROOM 8.0  /* points of height per band below which edges thin */
#define OUTLINE_POINT_ROOM 1.0 /* points of width per edge point below which edges thin */
#define OUTLINE_THINNEST 0.15
#define OUTLINE_SILHOUETTE_MIN 0.15 /* the stack's own outline thins no further */

static double outline_crowding(const struct series *s, size_t nbands, const struct frame *f)
{
    size_t most = 1;
    for (size_t b = 0; b < nbands; b++)
        if (s->top[b].n > most)
            most = s->top[b].n;
    double across = f->gw / (double)most / OUTLINE_POINT_ROOM;
    return across < 1 ? across : 1;
}

/* The outlines, over all the fills: the edge over each band that has room
 * for one, and the top, sides and foot of the whole stack (what the
 * outlines of the bands' polygons add up to). */
static void draw_band_outlines(struct page *pg, const struct series *s, size_t nbands,
                               const struct frame *f)
{
    double across = outline_crowding(s, nbands, f);
    double tall = f->gh / (double)(nbands ? nbands : 1) / OUTLINE_BAND_ROOM;
    double inner = BAND_OUTLINE * across * (tall < 1 ? tall : 1);
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
        struct prim *pr = add_path(pg, PRIM_STROKE, edge_count(top), inner);
        edge_points(pr->pts, top, f, false);
    }
    double outer = BAND_OUTLINE * across;
    if (outer < OUTLINE_SILHOUETTE_MIN)
        outer = OUTLINE_SILHOUETTE_MIN;
    const struct polyline *top = &s->top[last];
    size_t n = edge_count(top);
    /* Up from the foot, along the top, down, and back along the foot. */
    struct prim *pr = add_path(pg, PRIM_STROKE, n + 3, outer);
    double *q = pr->pts;
    edge_points(q + 2, top, f, false);
    q[0] = q[2], q[1] = ORIGIN_Y;
    q[2 * (n + 1)] = q[2 * n], q[2 * (n + 1) + 1] = ORIGIN_Y;
    q[2 * (n + 2)] = q[0], q[2 * (n + 2) + 1] = ORIGIN_Y;
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

/* Marks closer together than this (points) are drawn once: the carets
 * are 8 points wide, so they would look the same, and a profile with a
 * mark per sample must not make the output grow with it. */
#define MARK_GAP 0.5

static void draw_marks(struct page *pg, const struct profile *p, const struct frame *f)
{
    static const struct rgb white = {1, 1, 1};
    double width = f->gw > 0 && f->gw < 1e6 ? f->gw : 0;
    size_t nslots = (size_t)(width / MARK_GAP) + 2;
    bool *drawn = xcalloc(nslots, sizeof *drawn);
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
        struct prim *pr = add_path(pg, PRIM_POLYGON, 3, LINE_WIDTH);
        double *q = pr->pts;
        q[0] = m - 4, q[1] = ORIGIN_Y, q[2] = m, q[3] = ORIGIN_Y - 4, q[4] = m + 4, q[5] = ORIGIN_Y;
        pr->filled = true;
        pr->fill = white;
    }
    free(drawn);
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
        high = fmax(high, fmax(y0 + (y1 - y0) * (ca - x0) / (x1 - x0),
                               y0 + (y1 - y0) * (cb - x0) / (x1 - x0)));
    }
    return high;
}

/* Is a label w wide at (x0, baseline b) inside the graph (its font's
 * box may reach into the gap under the title box, its letters do not)
 * and clear of the stack? */
static bool peak_label_fits(const struct series *s, const struct frame *f, double x0, double b,
                            double w)
{
    if (x0 < ORIGIN_X + 2 || x0 + w > ORIGIN_X + f->gw - 1 || b - AXIS_DESCENT < ORIGIN_Y + 1 ||
        b + AXIS_ASCENT > ORIGIN_Y + f->gh + BORDER_SPACE)
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
        {x + r + g, mid}, {x - r - g - w, mid}, {x + r, above}, {x - r - w, above},
        {x - w / 2, above},
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

/* The largest total: a ring on the top of the stack and its value beside
 * it, where it does not cover the stack. */
static void draw_peak(struct page *pg, const struct profile *p, const struct series *s,
                      const struct frame *f, const struct text_metrics *tm, bool iec)
{
    static const struct rgb white = {1, 1, 1};
    if (!(s->y_max > 0) || s->nsamples < 2)
        return;
    double x = graph_x(f, s->y_max_time), y = graph_y(f, s->y_max);
    if (x < ORIGIN_X || x > ORIGIN_X + f->gw)
        return;
    enum { RING = 12 };
    struct prim *pr = add_path(pg, PRIM_POLYGON, RING, LINE_WIDTH);
    for (int i = 0; i < RING; i++) {
        double a = 2 * 3.14159265358979323846 * i / RING;
        pr->pts[2 * i] = x + PEAK_RADIUS * cos(a);
        pr->pts[2 * i + 1] = y + PEAK_RADIUS * sin(a);
    }
    pr->filled = true;
    pr->fill = white;
    char value[96], label[128];
    axis_format_quantity(value, sizeof value, s->y_max, p->value_unit, iec);
    char *clean = fitted_text(value, f->gw / 3, FONT_AXIS, tm);
    snprintf(label, sizeof label, "peak %s", clean);
    utf8_trim_partial(label); /* a long unit may be cut mid-character */
    free(clean);
    double lx = 0, base = 0;
    if (place_peak_label(s, f, x, y, tm->width(tm->ctx, FONT_AXIS, label), &lx, &base))
        add_text(pg, label, lx, base, ALIGN_LEFT, FONT_AXIS, 0);
}

/* ---- --mode=percent and --mode=lines ---- */

/* --mode=percent: the y axis runs from 0 to 100, every tick labelled with
 * its "%" (so no unit title is needed). */
static void draw_y_axis_percent(struct page *pg, const struct frame *f,
                                const struct text_metrics *tm)
{
    y_axis_line(pg, NULL, f, tm);
    const struct ticks *t = &f->y_ticks;
    for (size_t i = 0; i < t->n; i++) {
        char label[64];
        snprintf(label, sizeof label, "%.*f%%", t->decimals, t->value[i]);
        y_tick(pg, f, t->value[i] / f->y_range * f->gh, label, true);
    }
}

/* --mode=lines: how a band's line looks, by its rank in size, so the
 * largest band's line is the boldest and a band keeps its look whatever
 * the order.  In colour, its fill colour, darkened where needed to stand
 * out on white (3:1 at least), solid.  In black and white the fill greys
 * would vanish as thin lines (one is white), so the lines take greys of
 * their own, black for the largest band, and dash patterns too (seven
 * looks times three greys); --pattern asks for the dashes in colour too. */
static void line_style(const struct frame *f, const struct band *band, struct rgb *colour,
                       int *dash)
{
    *colour = f->colour ? palette_line_colour(band->fill) : palette_line_grey(band->rank);
    *dash = 0;
    if (!f->colour || f->pattern)
        *dash = (int)(band->rank % (LAYOUT_DASHES + 1));
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
        struct prim *pr = add_path(pg, PRIM_STROKE, edge_count(e), BAND_LINE);
        edge_points(pr->pts, e, f, false);
        line_style(f, &bp->band[b], &pr->stroke, &pr->dash);
    }
}

/* --mode=lines: the key's swatch, a short thick line from x0 to x1. */
static void add_key_line(struct page *pg, const struct frame *f, const struct band *band,
                         double x0, double x1, double y)
{
    struct prim *pr = add_path(pg, PRIM_STROKE, 2, KEY_LINE);
    pr->pts[0] = x0, pr->pts[1] = y, pr->pts[2] = x1, pr->pts[3] = y;
    line_style(f, band, &pr->stroke, &pr->dash);
}

/* Key entries k0..k1-1, counted from the top band, in columns of rows
 * entries read top to bottom, so the key reads in the stack's order; the
 * first swatch's top left corner at (x, top). */
static void draw_key_block(struct page *pg, const struct band_plan *bp, const struct frame *f,
                           size_t k0, size_t k1, size_t rows, double x, double top)
{
    const struct key *key = &f->key;
    double sw = key->swatch;
    for (size_t k = k0; k < k1; k++) {
        size_t b = key->n - 1 - k, i = k - k0;
        double cx = x + (double)(i / rows) * (key->column_width + KEY_COLUMN_GAP);
        double c = top - sw / 2 - (double)(i % rows) * key->pitch;
        if (f->mode == MODE_LINES)
            add_key_line(pg, f, &bp->band[b], cx, cx + sw, c);
        else {
            add_rect(pg, cx, c - sw / 2, sw, sw, LINE_WIDTH, &bp->band[b].fill);
            pg->prim[pg->count - 1].hatch = band_hatch(f, &bp->band[b]);
        }
        double sx = cx + sw + KEY_SWATCH_GAP + key->note_width;
        add_text(pg, key->notes[b], sx, c - DIGIT_HALF_HEIGHT, ALIGN_RIGHT, FONT_AXIS, 0);
        double nx = key->note_width > 0 ? sx + KEY_SHARE_GAP : sx; /* (several profiles: no shares) */
        if (key->slopes) { /* --slopes */
            add_text(pg, key->slopes[b], nx + key->slope_width, c - DIGIT_HALF_HEIGHT,
                     ALIGN_RIGHT, FONT_AXIS, 0);
            nx += key->slope_width + KEY_SHARE_GAP;
        }
        add_text(pg, key->names[b], nx, c - DIGIT_HALF_HEIGHT, ALIGN_LEFT, FONT_AXIS, 0);
        if (key->box) {
            double *box = key->box[b];
            box[0] = cx, box[1] = c - key->pitch / 2, box[2] = key->column_width;
            box[3] = key->pitch;
        }
    }
}

/* The key on the graph's page: beside the graph, its first swatch as far
 * under the title box as the graph is right of it, or in the strip below
 * the box. */
static void draw_key_on_graph(struct page *pg, const struct band_plan *bp,
                              const struct frame *f)
{
    const struct key *key = &f->key;
    if (key->place == KEY_BESIDE)
        draw_key_block(pg, bp, f, 0, key->n, key->rows, ORIGIN_X + f->gw + KEY_GAP,
                       ORIGIN_Y + f->gh + BORDER_SPACE - KEY_GAP);
    else if (key->place == KEY_BELOW)
        draw_key_block(pg, bp, f, 0, key->n, key->rows, BORDER_SPACE + KEY_GAP, -KEY_GAP);
}

static void draw_graph(struct page *pg, const struct profile *p, const struct band_plan *bp,
                       const struct series *s, const struct frame *f,
                       const struct text_metrics *tm, const struct layout_options *o)
{
    if (o->mode == MODE_PERCENT)
        draw_y_axis_percent(pg, f, tm);
    else
        draw_y_axis(pg, p, f, tm);
    if (o->mode == MODE_LINES)
        draw_band_lines(pg, bp, s, f);
    else
        draw_bands(pg, bp, s, f);
    draw_x_axis(pg, p, f, tm);
    if (o->mode == MODE_STACKED) /* the peak of the stack: only drawn where there is one */
        draw_peak(pg, p, s, f, tm, o->iec);
    if (o->marks)
        draw_marks(pg, p, f);
}

/* ---- page placement ---- */

/* The box is GHC's 648 x 432, or with -e the page's width in points (the
 * type keeps its size; the graph takes the width), the frame's line
 * inside the page. */
static void frame_box(struct frame *f, const struct layout_options *o)
{
    if (o->page == PAGE_FIT) {
        double w = fmax(o->fit_width, BOX_MIN_WIDTH);
        f->bw = w - LINE_WIDTH;
        f->bh = w * BOX_HEIGHT / BOX_WIDTH - LINE_WIDTH;
    } else {
        f->bw = BOX_WIDTH;
        f->bh = BOX_HEIGHT;
    }
}

/* n boxes of f's size one above the other (local y from -below to
 * n * bh, the first box on top) and the key's strip of height below
 * under them, onto the output page. */
#define PANELS_A4_MARGIN 36.0
static void place_boxes(struct layout *L, const struct layout_options *o, const struct frame *f,
                        size_t n, double below)
{
    double *m = L->matrix;
    double h = f->bh * (double)n, total = h + below;
    m[1] = m[2] = 0, m[0] = 1, m[3] = -1;
    switch (o->page) {
    case PAGE_FIT:
        /* -e: the page is the boxes, no scaling, half the frame's line
         * width around them so the frame is not cut at the page's edge. */
        L->fitted = true;
        L->page_width = f->bw + LINE_WIDTH;
        L->page_height = total + LINE_WIDTH;
        m[4] = LINE_WIDTH / 2, m[5] = h + LINE_WIDTH / 2;
        break;
    case PAGE_TURNED_A4:
        if (n == 1) {
            /* GHC's default: A4 portrait, the graph turned a quarter so
             * that its box covers X 72..504, Y 108..756 of the sheet. */
            L->page_width = 595 + below, L->page_height = 842;
            m[0] = 0, m[1] = 1, m[2] = 1, m[3] = 0, m[4] = 72 + below, m[5] = 842 - 756;
        } else {
            /* Several boxes: upright, scaled down to fit inside margins. */
            double s = fmin((595 - 2 * PANELS_A4_MARGIN) / f->bw,
                            (842 - 2 * PANELS_A4_MARGIN) / total);
            s = fmin(s, 1);
            L->page_width = 595, L->page_height = 842;
            m[0] = s, m[3] = -s;
            m[4] = (595 - f->bw * s) / 2, m[5] = 842 - (842 - total * s) / 2 - below * s;
        }
        break;
    case PAGE_GHOSTVIEW:
        if (n == 1) {
            /* GHC's -g: unscaled at (72, 108); a landscape sheet so it fits. */
            L->page_width = 842, L->page_height = 595 + below;
            m[4] = 72, m[5] = 595 - 108;
            break;
        }
        /* several boxes are centred */
        /* fall through */
    case PAGE_LANDSCAPE_A4:
    default:
        /* Upright and centred on an A4 landscape sheet, for screens, the
         * sheet taller by any more boxes and the key's strip. */
        L->page_width = 842, L->page_height = 595 + f->bh * (double)(n - 1) + below;
        m[4] = (842 - f->bw) / 2, m[5] = L->page_height - (595 - f->bh) / 2 - below;
        break;
    }
}

/* ---- the frame ---- */

/* The y axis: up to the tick at or above the range (--mode=lines: with a
 * little room over the highest line; percent: 100). */
static void frame_set_y(struct frame *f, const struct layout_options *o, const char *value_unit)
{
    double range = o->mode == MODE_LINES ? o->y_range * LINES_HEADROOM : o->y_range;
    if (o->mode == MODE_PERCENT)
        f->y_range = y_scale(&f->y_ticks, &f->y_scale, range, "%", false, f->gh);
    else
        f->y_range = y_scale(&f->y_ticks, &f->y_scale, range, value_unit, o->iec, f->gh);
}

static void frame_init(struct frame *f, const struct layout_options *o)
{
    memset(f, 0, sizeof *f);
    frame_box(f, o);
    f->x_range = o->x_range;
    f->iec = o->iec;
    f->pattern = o->pattern;
    f->mode = o->mode;
    f->colour = o->colour;
    f->slopes = o->slopes;
}

/* "48%" of the drawn total: the biggest band reads at a glance. */
static void format_share(char *buf, size_t size, uint64_t part, double whole)
{
    double pct = whole > 0 ? 100.0 * (double)part / whole : 0;
    if (pct >= 9.95)
        snprintf(buf, size, "%.0f%%", pct);
    else if (pct >= 0.095)
        snprintf(buf, size, "%.1f%%", pct);
    else
        snprintf(buf, size, "<0.1%%");
}

/* Each band's share of the drawn total. */
static char **share_texts(const struct band_plan *bp)
{
    size_t n = bp->count;
    char **out = xcalloc(n ? n : 1, sizeof *out);
    double whole = 0;
    for (size_t b = 0; b < n; b++)
        whole += (double)bp->band[b].total;
    for (size_t b = 0; b < n; b++) {
        char share[32];
        format_share(share, sizeof share, bp->band[b].total, whole);
        out[b] = xstrdup(share);
    }
    return out;
}

/* --slopes: each band's slope as text. */
static char **slope_texts(const struct frame *f, const struct profile *p,
                          const struct band_plan *bp, const struct text_metrics *tm)
{
    size_t n = bp->count;
    char **out = xcalloc(n ? n : 1, sizeof *out);
    char *vu = display_text(p->value_unit), *su = display_text(p->sample_unit);
    for (size_t b = 0; b < n; b++) {
        char rate[512];
        axis_format_rate(rate, sizeof rate, bp->band[b].slope, vu, su, f->iec);
        out[b] = layout_ellipsize(rate, KEY_MAX_SLOPE_WIDTH, FONT_AXIS, tm);
    }
    free(vu);
    free(su);
    return out;
}

/* The widest of texts[lo..hi). */
static double widest(char *const *texts, size_t lo, size_t hi, const struct text_metrics *tm)
{
    double w = 0;
    for (size_t b = lo; b < hi; b++)
        w = fmax(w, tm->width(tm->ctx, FONT_AXIS, texts[b]));
    return w;
}

/* The key's names shortened to limit. */
static void key_names(struct key *k, double limit, const struct text_metrics *tm)
{
    for (size_t b = 0; b < k->n; b++)
        free(k->names[b]);
    shorten_names(k->names, k->full, k->other, k->n, limit, FONT_AXIS, tm);
    k->name_width = widest(k->names, 0, k->n, tm);
}

/* The key's texts: per band its note (notes, which the key takes, or
 * when NULL the band's share of the drawn total), its --slopes rate, and
 * its name shortened to what a key column may take. */
static void key_texts(struct frame *f, const struct profile *p, const struct band_plan *bp,
                      char **notes, const struct text_metrics *tm)
{
    struct key *k = &f->key;
    size_t n = bp->count;
    k->n = n;
    k->notes = notes ? notes : share_texts(bp);
    k->note_width = widest(k->notes, 0, n, tm);
    if (f->slopes) {
        k->slopes = slope_texts(f, p, bp, tm);
        k->slope_width = widest(k->slopes, 0, n, tm);
    }
    k->full = xcalloc(n ? n : 1, sizeof *k->full);
    k->other = xcalloc(n ? n : 1, sizeof *k->other);
    for (size_t b = 0; b < n; b++) {
        k->full[b] = utf8_display_name(bp->band[b].name, strlen(bp->band[b].name));
        k->other[b] = bp->band[b].is_other;
    }
    k->names = xcalloc(n ? n : 1, sizeof *k->names);
    double full = f->bw - ORIGIN_X - 2 * BORDER_SPACE;
    key_names(k, fmin(KEY_MAX_NAME_WIDTH, fmax(KEY_MIN_NAME_WIDTH, KEY_NAME_SHARE * full)), tm);
}

/* A key column's width with swatches of size sw and texts this wide. */
static double column_width(const struct key *k, double sw, double note_width, double name_width)
{
    double w = sw + KEY_SWATCH_GAP + note_width + (note_width > 0 ? KEY_SHARE_GAP : 0) + name_width;
    return k->slopes ? w + k->slope_width + KEY_SHARE_GAP : w;
}

/* The key's width beside the graph for n entries with texts this wide:
 * columns of rows at least KEY_MIN_PITCH apart (at most KEY_MAX_PITCH),
 * the first swatch KEY_GAP under the title box.  Sets the rows, pitch
 * and swatch; INFINITY when not one row fits. */
static double beside_width(const struct frame *f, const struct key *k, size_t n,
                           double note_width, double name_width, size_t *rows, size_t *cols,
                           double *pitch, double *sw)
{
    double room = f->gh + BORDER_SPACE - KEY_GAP;
    if (!(room >= KEY_MIN_PITCH) || n == 0)
        return INFINITY;
    size_t max_rows = (size_t)(room / KEY_MIN_PITCH);
    *cols = (n + max_rows - 1) / max_rows;
    *rows = (n + *cols - 1) / *cols;
    *pitch = fmin(KEY_MAX_PITCH, room / (double)*rows);
    *sw = fmin(SWATCH, *pitch - 3);
    double cw = column_width(k, *sw, note_width, name_width);
    return (double)*cols * cw + (double)(*cols - 1) * KEY_COLUMN_GAP;
}

/* Beside the graph when the graph keeps KEY_KEEP of the width it has
 * with a key of the top KEY_REFERENCE bands, and KEY_MIN_PLOT of all;
 * sets the key's geometry and the graph's width. */
static bool key_beside(struct frame *f, const struct text_metrics *tm)
{
    struct key *k = &f->key;
    double full = f->bw - ORIGIN_X - 2 * BORDER_SPACE;
    size_t rows, cols, r20, c20;
    double pitch, sw, p20, s20;
    double w = beside_width(f, k, k->n, k->note_width, k->name_width, &rows, &cols, &pitch, &sw);
    size_t n20 = k->n < KEY_REFERENCE ? k->n : KEY_REFERENCE;
    double w20 = beside_width(f, k, n20, widest(k->notes, k->n - n20, k->n, tm),
                              widest(k->names, k->n - n20, k->n, tm), &r20, &c20, &p20, &s20);
    double gw = full - KEY_GAP - w, gw20 = full - KEY_GAP - w20;
    if (!(gw >= KEY_KEEP * gw20 && gw >= KEY_MIN_PLOT * full))
        return false;
    k->place = KEY_BESIDE;
    k->rows = rows, k->columns = cols, k->pitch = pitch, k->swatch = sw;
    k->column_width = column_width(k, sw, k->note_width, k->name_width);
    f->gw = gw;
    return true;
}

/* Below the box or on pages of their own: a grid of as many columns as
 * the box's width holds, KEY_GRID_PITCH apart (KEY_MAX_PITCH when one
 * column holds the whole key on a page).  Below: the columns balanced,
 * and the strip's height; pages: rows and columns per page. */
static void key_grid(struct frame *f, bool below, const struct text_metrics *tm)
{
    struct key *k = &f->key;
    double width = f->bw - 2 * BORDER_SPACE - 2 * KEY_GAP;
    /* Off the graph, a name may take what a column of the whole width
     * leaves it (on a narrow -e page, more than beside the graph). */
    double fixed = column_width(k, SWATCH, k->note_width, 0);
    key_names(k, fmin(KEY_MAX_NAME_WIDTH, fmax(KEY_MIN_NAME_WIDTH, width - fixed)), tm);
    double page_room = f->bh - 2 * BORDER_SPACE - f->title_height - 2 * KEY_GAP;
    k->pitch = KEY_GRID_PITCH;
    if (!below && (double)(k->n - 1) * KEY_MAX_PITCH + SWATCH <= page_room)
        k->pitch = KEY_MAX_PITCH;
    k->swatch = fmin(SWATCH, k->pitch - 3);
    k->column_width = column_width(k, k->swatch, k->note_width, k->name_width);
    size_t cols = (size_t)((width + KEY_COLUMN_GAP) / (k->column_width + KEY_COLUMN_GAP));
    if (cols < 1)
        cols = 1;
    if (below) {
        k->place = KEY_BELOW;
        if (cols > k->n)
            cols = k->n;
        k->rows = (k->n + cols - 1) / cols;
        k->columns = (k->n + k->rows - 1) / k->rows;
        k->below = 2 * KEY_GAP + (double)(k->rows - 1) * k->pitch + k->swatch;
    } else {
        k->place = KEY_PAGES;
        double rows = floor((page_room - k->swatch) / k->pitch) + 1;
        k->rows = rows >= 1 ? (size_t)rows : 1;
        k->columns = cols;
    }
}

/* Where the key goes (wanted: there is one; elsewhere: -M asks for it
 * off the graph; one_page: the format holds one page), and the graph's
 * width. */
static void key_place(struct frame *f, bool wanted, bool elsewhere, bool one_page,
                      const struct text_metrics *tm)
{
    f->gw = f->bw - ORIGIN_X - 2 * BORDER_SPACE;
    f->key.place = KEY_NONE;
    if (!wanted || f->key.n == 0)
        return;
    if (!elsewhere && key_beside(f, tm))
        return;
    key_grid(f, one_page, tm);
}

static void frame_free(struct frame *f)
{
    struct key *k = &f->key;
    for (size_t b = 0; b < k->n; b++) {
        free(k->full[b]);
        free(k->names[b]);
        free(k->notes[b]);
        if (k->slopes)
            free(k->slopes[b]);
    }
    free(k->full);
    free(k->other);
    free(k->names);
    free(k->notes);
    free(k->slopes);
    free(k->box);
}

/* Move every primitive of from onto to, dy points higher. */
static void move_prims(struct page *to, struct page *from, double dy)
{
    for (size_t k = 0; k < from->count; k++) {
        struct prim pr = from->prim[k];
        if (pr.kind == PRIM_TEXT)
            pr.y += dy;
        else
            for (size_t i = 0; i < pr.npts; i++)
                pr.pts[2 * i + 1] += dy;
        *add_prim(to, pr.kind) = pr;
    }
    free(from->prim);
    memset(from, 0, sizeof *from);
}

/* The key's pages (KEY_PAGES): each with the box and title t, and as
 * many entries as its columns hold, the columns balanced; the box dy
 * points up the page (the top panel's place). */
static void draw_key_pages(struct layout *L, const struct band_plan *bp, const struct frame *f,
                           const struct title *t, double dy, const struct text_metrics *tm)
{
    const struct key *k = &f->key;
    size_t per_page = k->rows * k->columns;
    double top = f->bh - BORDER_SPACE - f->title_height - KEY_GAP;
    for (size_t k0 = 0; k0 < k->n; k0 += per_page) {
        size_t k1 = k0 + per_page < k->n ? k0 + per_page : k->n;
        size_t cols = (k1 - k0 + k->rows - 1) / k->rows;
        size_t rows = (k1 - k0 + cols - 1) / cols;
        struct page one = {0};
        draw_outer_box(&one, f, false);
        draw_title_box(&one, f, t, tm);
        draw_key_block(&one, bp, f, k0, k1, rows, BORDER_SPACE + KEY_GAP, top);
        move_prims(new_page(L), &one, dy);
    }
}

/* ---- the page's data (layout_options.data, -o FILE.html) ---- */

/* Before the key is drawn: room for its entries' boxes, when there is a
 * key on the graph's page (with -m0 there is none to point at). */
static void data_key_boxes(struct frame *f, const struct layout_options *o)
{
    if (o->data && f->key.place != KEY_NONE && f->key.n > 0)
        f->key.box = xcalloc(f->key.n, sizeof *f->key.box);
}

/* The key's bands as drawn: their colours and their entries' boxes. */
static void data_bands(struct layout *L, const struct band_plan *key, const struct frame *f)
{
    struct rgb *colour = xcalloc(key->count ? key->count : 1, sizeof *colour);
    for (size_t b = 0; b < key->count; b++) {
        int dash;
        if (f->mode == MODE_LINES)
            line_style(f, &key->band[b], &colour[b], &dash);
        else
            colour[b] = key->band[b].fill;
    }
    /* The key lists the plan's bands, one entry each. */
    const double(*box)[4] = f->key.n >= key->count ? (const double(*)[4])f->key.box : NULL;
    layout_data_set_bands(L->data, key, colour, box, L->matrix);
    free(colour);
}

/* A panel's graph area, dy points above the lowest box, its values
 * running from y_lo up. */
static struct layout_data_panel *data_panel(struct layout *L, const char *job,
                                            const struct frame *f, double dy, double y_lo)
{
    double plot[4] = {ORIGIN_X, ORIGIN_Y + dy, f->gw, f->gh};
    return layout_data_add_panel(L->data, job, plot, L->matrix, f->x0, f->x_range, y_lo,
                                 f->y_range);
}

int layout_build(struct layout *L, const struct profile *p, const struct band_plan *bp,
                 const struct series *s, const struct layout_options *o,
                 const struct text_metrics *tm, struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    if (!(o->x_range > 0) || !(o->y_range > 0) || !isfinite(o->x_range) ||
        !isfinite(o->y_range))
        return hp_fail(err, "%s: cannot scale the graph (time or value range is not finite)",
                       p->source);
    struct frame f;
    frame_init(&f, o);
    f.x0 = p->t_first;
    struct title t;
    profile_title(&t, p, s, o->iec, tm);
    frame_set_title(&f, o->title_box, &t, 1, tm);
    frame_set_y(&f, o, p->value_unit);
    /* Without a key (-m0) nothing of it is measured: with a million bands
     * that was most of the run. */
    if (o->key || o->multipage)
        key_texts(&f, p, bp, NULL, tm);
    /* -M puts the key off the graph: on pages of its own where the format
     * has pages, else below it. */
    key_place(&f, o->key || o->multipage, o->multipage, o->single_page, tm);
    place_boxes(L, o, &f, 1, f.key.place == KEY_BELOW ? f.key.below : 0);
    L->title = display_text(p->job);
    L->date = display_text(p->date);

    if (f.key.place == KEY_PAGES)
        draw_key_pages(L, bp, &f, &t, 0, tm);
    struct page *pg = new_page(L);
    draw_outer_box(pg, &f, true);
    draw_title_box(pg, &f, &t, tm);
    data_key_boxes(&f, o); /* the graph's page's key only */
    draw_key_on_graph(pg, bp, &f);
    draw_graph(pg, p, bp, s, &f, tm, o);
    if (o->data) {
        L->data = layout_data_new(o, p, false);
        data_bands(L, bp, &f);
        layout_data_panel_series(data_panel(L, p->job, &f, 0, 0), L->data, bp, s);
    }
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
    layout_data_free(L->data);
    memset(L, 0, sizeof *L);
}

/* ---- several profiles (FILE FILE...) and --diff ---- */

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

int layout_build_panels(struct layout *L, const struct layout_panel *panel, size_t n,
                        const struct band_plan *key, const struct layout_options *o,
                        const struct text_metrics *tm, struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    if (!n)
        return hp_fail(err, "no profile to draw");
    if (!(o->x_range > 0) || !(o->y_range > 0) || !isfinite(o->x_range) ||
        !isfinite(o->y_range))
        return hp_fail(err, "%s: cannot scale the graph (time or value range is not finite)",
                       panel[0].p->source);
    /* One frame for every panel: the same graph width, title box, and x
     * and y scales; only the time at the origin is each profile's own
     * first sample.  The key, beside the first panel, gives no shares. */
    struct frame f;
    frame_init(&f, o);
    struct title *t = xcalloc(n, sizeof *t);
    for (size_t k = 0; k < n; k++)
        profile_title(&t[k], panel[k].p, panel[k].s, o->iec, tm);
    frame_set_title(&f, o->title_box, t, n, tm);
    frame_set_y(&f, o, panel[0].p->value_unit);
    key_texts(&f, panel[0].p, key, empty_notes(key->count), tm);
    key_place(&f, o->key || o->multipage, false, o->single_page, tm);
    place_boxes(L, o, &f, n, f.key.place == KEY_BELOW ? f.key.below : 0);
    L->title = joined_jobs(panel, n);
    L->date = display_text(panel[0].p->date);

    if (f.key.place == KEY_PAGES)
        draw_key_pages(L, key, &f, &t[0], f.bh * (double)(n - 1), tm);
    struct page *pg = new_page(L);
    data_key_boxes(&f, o);
    for (size_t k = 0; k < n; k++) {
        struct page one = {0};
        f.x0 = panel[k].p->t_first;
        draw_outer_box(&one, &f, false);
        draw_title_box(&one, &f, &t[k], tm);
        if (k == 0 && f.key.place == KEY_BESIDE)
            draw_key_on_graph(&one, key, &f);
        draw_graph(&one, panel[k].p, panel[k].bp, panel[k].s, &f, tm, o);
        double dy = f.bh * (double)(n - 1 - k);
        move_prims(pg, &one, dy); /* the first on top */
        for (size_t b = 0; k == 0 && f.key.box && f.key.place == KEY_BESIDE && b < key->count; b++)
            f.key.box[b][1] += dy; /* moved with the first panel */
    }
    if (f.key.place == KEY_BELOW) { /* under the last panel, whose box is at 0 */
        struct prim *frame = add_path(pg, PRIM_POLYGON, 4, LINE_WIDTH);
        double *q = frame->pts;
        q[0] = 0, q[1] = 0, q[2] = f.bw, q[3] = 0;
        q[4] = f.bw, q[5] = -f.key.below, q[6] = 0, q[7] = -f.key.below;
        draw_key_on_graph(pg, key, &f);
    }
    if (o->data) {
        L->data = layout_data_new(o, panel[0].p, false);
        data_bands(L, key, &f);
        for (size_t k = 0; k < n; k++) {
            f.x0 = panel[k].p->t_first;
            layout_data_panel_series(data_panel(L, panel[k].p->job, &f,
                                                f.bh * (double)(n - 1 - k), 0),
                                     L->data, panel[k].bp, panel[k].s);
        }
    }
    for (size_t k = 0; k < n; k++)
        title_free(&t[k]);
    free(t);
    frame_free(&f);
    return 0;
}

/* --diff: the graph's y runs from lo (<= 0) to lo + f->y_range. */
static double diff_y(const struct frame *f, double lo, double v)
{
    return ORIGIN_Y + (v - lo) / f->y_range * f->gh;
}

/* The sign of a change: a real minus sign (U+2212), as wide as the plus. */
#define MINUS_SIGN "\xE2\x88\x92"

/* A signed quantity: "+1.5 MB", "-200 bytes" (with U+2212 for '-'). */
static void format_change(char *buf, size_t size, double v, const char *unit, bool iec)
{
    char q[96];
    axis_format_quantity(q, sizeof q, fabs(v), unit, iec);
    snprintf(buf, size, "%s%s", v > 0 ? "+" : v < 0 ? MINUS_SIGN : "", q);
    utf8_trim_partial(buf);
}

/* --diff's y scale, through both signs: a step as y_scale's over the
 * whole range, the axis's ends at the ticks at or beyond lo and hi.
 * Returns the bottom; f->y_range is the span. */
static double diff_scale(struct frame *f, double lo, double hi, const char *value_unit, bool iec)
{
    bool bytes = strcmp(value_unit, "bytes") == 0;
    struct ticks t;
    y_scale(&t, &f->y_scale, hi - lo, value_unit, iec, f->gh);
    double step = t.step;
    double bottom = lo < 0 ? -axis_round_up(-lo, step) : 0;
    double top = hi > 0 ? axis_round_up(hi, step) : 0;
    axis_ticks_step(&f->y_ticks, bottom, top, step);
    /* The suffix and decimals for the largest magnitude. */
    struct ticks ends = t;
    ends.n = 1;
    ends.value[0] = fmax(-bottom, top);
    if (iec)
        axis_iec_scale(&f->y_scale, &ends, fmax(-bottom, top), bytes);
    else
        axis_value_scale(&f->y_scale, &ends, bytes);
    f->y_range = top - bottom;
    return bottom;
}

/* --diff: the y axis through both signs, labels signed ("+2 MB",
 * "-1 MB", with U+2212 for '-'), grid lines at the ticks. */
static void draw_signed_y_axis(struct page *pg, const struct profile *p, const struct frame *f,
                               double lo, const struct text_metrics *tm)
{
    y_axis_line(pg, p->value_unit, f, tm);
    const struct ticks *t = &f->y_ticks;
    for (size_t i = 0; i < t->n; i++) {
        double v = t->value[i];
        char magnitude[64], label[72];
        axis_format_value(magnitude, sizeof magnitude, fabs(v), &f->y_scale);
        snprintf(label, sizeof label, "%s%s", v > 0 ? "+" : v < 0 ? MINUS_SIGN : "", magnitude);
        y_tick(pg, f, diff_y(f, lo, v) - ORIGIN_Y, label, v != 0); /* zero is drawn on its own */
    }
}

static void add_diff_region(struct page *pg, const struct diff *d, const struct frame *f,
                            double lo, const double *edge, const double *inner,
                            const struct band *band, int hatch)
{
    size_t nc = d->ncolumns;
    struct prim *pr = add_path(pg, PRIM_POLYGON, 2 * nc, BAND_OUTLINE);
    pr->filled = true;
    pr->fill = band->fill;
    pr->hatch = hatch;
    for (size_t c = 0; c < nc; c++) {
        size_t back = nc - 1 - c;
        pr->pts[2 * c] = graph_x(f, d->t[c]);
        pr->pts[2 * c + 1] = diff_y(f, lo, edge[c]);
        pr->pts[2 * (nc + c)] = graph_x(f, d->t[back]);
        pr->pts[2 * (nc + c) + 1] = diff_y(f, lo, inner[back]);
    }
}

/* The rises stacked up from zero in band order, the falls down from zero
 * in the opposite order: the band on top of the key is outermost above
 * zero and innermost below, so on both sides the drawing reads from its
 * top down in the key's order (diff.c chooses the order). */
static void draw_diff_bands(struct page *pg, const struct diff *d, const struct frame *f,
                            double lo)
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
                add_diff_region(pg, d, f, lo, edge, below, &d->bands.band[b],
                                band_hatch(f, &d->bands.band[b]));
            memcpy(below, edge, nc * sizeof *edge);
        }
    }
    free(below);
    free(edge);
}

/* The title of --diff: "JOB_after minus JOB_before", how far the stack
 * rises and falls, the later profile's DATE. */
static void diff_title(struct title *tt, const char *title, const struct profile *after,
                       const struct diff *d, const struct text_metrics *tm, bool iec)
{
    char rise[128], fall[128], middle[300];
    format_change(rise, sizeof rise, d->y_max, after->value_unit, iec);
    format_change(fall, sizeof fall, d->y_min, after->value_unit, iec);
    char *r = fitted_text(rise, BOX_WIDTH / 6, FONT_TITLE, tm);
    char *fl = fitted_text(fall, BOX_WIDTH / 6, FONT_TITLE, tm);
    snprintf(middle, sizeof middle, "up to %s, down to %s", d->y_max > 0 ? r : "0",
             d->y_min < 0 ? fl : "0");
    free(r);
    free(fl);
    tt->job = xstrdup(title);
    tt->middle = xstrdup(middle);
    tt->middle_short = NULL;
    tt->date = display_text(after->date);
}

int layout_build_diff(struct layout *L, const struct profile *before,
                      const struct profile *after, const struct diff *d,
                      const struct layout_options *o, const struct text_metrics *tm,
                      struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    double lo = d->y_min, hi = d->y_max;
    if (!(hi > lo))
        hi = lo + 1; /* nothing changed: an empty graph around zero */
    if (!(o->x_range > 0) || !isfinite(o->x_range) || !isfinite(hi - lo))
        return hp_fail(err, "%s: cannot scale the graph (time or value range is not finite)",
                       after->source);
    char *job_after = display_text(after->job), *job_before = display_text(before->job);
    size_t len = strlen(job_after) + strlen(job_before) + sizeof " minus ";
    char *title = xmalloc(len);
    snprintf(title, len, "%s minus %s", job_after, job_before);
    free(job_after);
    free(job_before);

    size_t n = d->bands.count;
    struct frame f;
    frame_init(&f, o);
    f.x0 = 0;
    struct title t;
    diff_title(&t, title, after, d, tm, o->iec);
    frame_set_title(&f, o->title_box, &t, 1, tm);
    lo = diff_scale(&f, lo, hi, after->value_unit, o->iec);
    /* The key says each band's largest change, signed. */
    char **notes = xcalloc(n ? n : 1, sizeof *notes);
    for (size_t b = 0; b < n; b++) {
        char text[128];
        format_change(text, sizeof text, d->extreme[b], after->value_unit, o->iec);
        notes[b] = fitted_text(text, BOX_WIDTH / 6, FONT_AXIS, tm);
    }
    key_texts(&f, after, &d->bands, notes, tm);
    key_place(&f, o->key || o->multipage, false, o->single_page, tm);
    place_boxes(L, o, &f, 1, f.key.place == KEY_BELOW ? f.key.below : 0);
    L->title = title;
    L->date = display_text(after->date);

    if (f.key.place == KEY_PAGES)
        draw_key_pages(L, &d->bands, &f, &t, 0, tm);
    struct page *pg = new_page(L);
    draw_outer_box(pg, &f, true);
    draw_title_box(pg, &f, &t, tm);
    data_key_boxes(&f, o);
    draw_key_on_graph(pg, &d->bands, &f);
    draw_signed_y_axis(pg, after, &f, lo, tm);
    draw_diff_bands(pg, d, &f, lo);
    /* Zero, where the rises start and the falls end. */
    struct prim *zero = add_path(pg, PRIM_STROKE, 2, 1.0);
    zero->pts[0] = ORIGIN_X, zero->pts[1] = diff_y(&f, lo, 0);
    zero->pts[2] = ORIGIN_X + f.gw, zero->pts[3] = zero->pts[1];
    draw_x_axis(pg, after, &f, tm);
    if (o->data) {
        L->data = layout_data_new(o, after, true);
        data_bands(L, &d->bands, &f);
        layout_data_panel_diff(data_panel(L, L->title, &f, 0, lo), d);
    }
    title_free(&t);
    frame_free(&f);
    return 0;
}

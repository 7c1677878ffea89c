/* layout.c: see layout.h.
 *
 * The geometry is GHC's, so that our graphs sit where users expect them:
 * a 648 x 432 box, a title box at the top, the graph origin at (45, 20),
 * a key to the right of the graph.  What GHC got wrong is fixed here: names
 * and titles are measured with real font metrics and shortened to fit, so
 * the graph can never be squeezed off the page; ticks and labels come from
 * axis.c; marks outside the time axis are not drawn.
 */
#include "layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "axis.h"
#include "layout_data.h"
#include "utf8.h"

/* GHC's page geometry, in local points. */
#define LINES_HEADROOM 1.08 /* --mode=lines: y scale over the largest band */
#define BOX_WIDTH 648.0
#define BOX_HEIGHT 432.0
#define BORDER_SPACE 5.0
#define TITLE_HEIGHT_SMALL 20.0
#define TITLE_HEIGHT_BIG 40.0
#define TITLE_BYTES_SMALL 35   /* GHC's rule: a longer JOB gets the big box */
#define ORIGIN_X 45.0
#define ORIGIN_Y 20.0
#define GRAPH_FULL_WIDTH 593.0 /* 648 - 45 - 2 * 5 */
#define TICK_LENGTH 4.0
#define SWATCH 14.0
#define KEY_NAME_X 24.0        /* text starts after the swatch */
#define KEY_SHARE_GAP 6.0      /* between the share and the name */
#define KEY_MARGIN 5.0
#define KEY_MAX_NAME_WIDTH 200.0 /* longer names are shortened in the middle */
#define KEY_MIN_NAME_WIDTH 40.0
#define KEY_MAX_WIDTH 360.0    /* several key columns share this much width */
#define KEY_MIN_ROW 11.0       /* below this spacing the key takes more columns */
#define KEY_PAGE_ENTRIES 20
#define LINE_WIDTH 0.5
#define BAND_OUTLINE 0.3
#define DIGIT_HALF_HEIGHT 3.3  /* half the height of a digit at the axis size */
#define GRID_WIDTH 0.4
#define PEAK_RADIUS 2.2
#define BAND_LINE 1.2          /* --mode=lines: each band's line */
#define KEY_LINE 2.4           /* --mode=lines: the key's swatch, a short thick line */
#define KEY_MAX_SLOPE_WIDTH 120.0 /* --slopes: longer slopes (long units) are shortened */

static const char ELLIPSIS[] = "\xE2\x80\xA6";
#define ELLIPSIZE_MAX 1024 /* code points kept at most by layout_ellipsize */

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
 * is one line of valid UTF-8. */
static char *display_text(const char *raw)
{
    size_t n = strlen(raw);
    char *flat = xmemdup0(raw, n);
    for (size_t i = 0; i < n; i++)
        if (flat[i] == '\n' || flat[i] == '\r' || flat[i] == '\t')
            flat[i] = ' ';
    char *clean = utf8_sanitize(flat, n);
    free(flat);
    return clean;
}

static char *middle_cut(const char *text, size_t keep, size_t total)
{
    size_t head = (keep + 1) / 2, tail = keep / 2;
    size_t h = utf8_offset(text, head);
    size_t t = utf8_offset(text, total - tail);
    size_t len = strlen(text);
    char *out = xmalloc(h + sizeof ELLIPSIS + (len - t));
    memcpy(out, text, h);
    memcpy(out + h, ELLIPSIS, sizeof ELLIPSIS - 1);
    memcpy(out + h + sizeof ELLIPSIS - 1, text + t, len - t + 1);
    return out;
}

char *layout_ellipsize(const char *text, double max_width, enum font_role font,
                       const struct text_metrics *tm)
{
    /* No page shows ELLIPSIZE_MAX code points on one line, so a longer text
     * (a name can be 1 MiB) is never measured whole: pango took seconds per
     * measurement of such a text, and the search below measures ~20 times. */
    size_t total = utf8_count(text);
    if (total == 0 || (total <= ELLIPSIZE_MAX && tm->width(tm->ctx, font, text) <= max_width))
        return xstrdup(text);
    /* Binary search on how many code points survive around the ellipsis. */
    size_t lo = 0, hi = total - 1 < ELLIPSIZE_MAX ? total - 1 : ELLIPSIZE_MAX;
    while (lo < hi) {
        size_t mid = (lo + hi + 1) / 2;
        char *candidate = middle_cut(text, mid, total);
        bool fits = tm->width(tm->ctx, font, candidate) <= max_width;
        free(candidate);
        if (fits)
            lo = mid;
        else
            hi = mid - 1;
    }
    return middle_cut(text, lo, total);
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

struct frame {
    double title_height;
    double gw, gh;         /* graph width and height */
    double x0, x_range;    /* time at the origin, and per graph width */
    double y_range;
    double key_name_width; /* widest key name after shortening */
    double share_width;    /* the column of shares in front of the names */
    char **shares;         /* per band: "48%" of the drawn total */
    bool slopes;           /* --slopes: a column of slopes between shares and names */
    char **slope_text;     /* per band: "+1.2 MB/s" */
    double slope_width;    /* the widest of them */
    enum plot_mode mode;   /* --mode */
    bool colour;           /* -c */
    size_t key_rows;       /* entries per key column */
    size_t key_columns;
    double key_column_width;
    bool iec;
    bool pattern;
    char **key_names;      /* per band, shortened for the key */
    double (*key_box)[4];  /* layout_options.data: per band, its key entry's box
                            * (local x, y, width, height; width 0: not drawn) */
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

/* The outer box and the title box with its three texts: the job on the
 * left, the middle (GHC's total) centred, the date on the right, on one
 * line (-s) or, in the big box (-b), the job alone on the upper line.
 * The job and date give way (ellipsized) so the middle always shows. */
static void draw_title_box(struct page *pg, double th, const char *job, const char *middle,
                           const char *date, const struct text_metrics *tm)
{
    add_rect(pg, 0, 0, BOX_WIDTH, BOX_HEIGHT, LINE_WIDTH, NULL);
    double top = BOX_HEIGHT - BORDER_SPACE;
    add_rect(pg, BORDER_SPACE, top - th, BOX_WIDTH - 2 * BORDER_SPACE, th, LINE_WIDTH, NULL);
    double left = BORDER_SPACE + 6, right = BOX_WIDTH - BORDER_SPACE - 6;
    double mid_w = tm->width(tm->ctx, FONT_TITLE, middle);
    char *job_fit, *date_fit;
    if (th == TITLE_HEIGHT_SMALL) {
        double centre = BOX_WIDTH / 2 - BORDER_SPACE;
        double baseline = top - th + 6;
        job_fit = layout_ellipsize(job, centre - mid_w / 2 - 10 - left, FONT_TITLE, tm);
        date_fit = layout_ellipsize(date, right - (centre + mid_w / 2 + 10), FONT_TITLE, tm);
        add_text(pg, job_fit, left, baseline, ALIGN_LEFT, FONT_TITLE, 0);
        add_text(pg, middle, centre, baseline, ALIGN_CENTRE, FONT_TITLE, 0);
        add_text(pg, date_fit, right, baseline, ALIGN_RIGHT, FONT_TITLE, 0);
    } else {
        double rule = top - th / 2;
        add_line(pg, BORDER_SPACE, rule, BOX_WIDTH - BORDER_SPACE, rule);
        job_fit = layout_ellipsize(job, right - left, FONT_TITLE, tm);
        date_fit = layout_ellipsize(date, right - left - mid_w - 16, FONT_TITLE, tm);
        add_text(pg, job_fit, left, rule + 6, ALIGN_LEFT, FONT_TITLE, 0);
        add_text(pg, middle, left, top - th + 6, ALIGN_LEFT, FONT_TITLE, 0);
        add_text(pg, date_fit, right, top - th + 6, ALIGN_RIGHT, FONT_TITLE, 0);
    }
    free(job_fit);
    free(date_fit);
}

static void draw_title(struct page *pg, const struct profile *p, const struct series *s,
                       const struct frame *f, const struct text_metrics *tm)
{

    /* GHC's total in unit-seconds, and the peak with its time. */
    char area[1024], total[420], peak[96], when[64];
    axis_format_thousands(total, sizeof total, s->area);
    /* Units are the profile's: each gets at most a sixth of the box. */
    char *vu = fitted_text(p->value_unit, BOX_WIDTH / 6, FONT_TITLE, tm);
    char *su = fitted_text(x_unit(p, true), BOX_WIDTH / 6, FONT_TITLE, tm);
    if (s->y_max > 0) {
        axis_format_quantity(peak, sizeof peak, s->y_max, p->value_unit, f->iec);
        char *pk = fitted_text(peak, BOX_WIDTH / 6, FONT_TITLE, tm);
        double t = s->y_max_time;
        snprintf(when, sizeof when, t >= 100 ? "%.0f" : "%.3g", t);
        if (p->x_is_index)
            snprintf(area, sizeof area, "%s %s \xC3\x97 %s, peak %s at sample %s", total, vu,
                     su, pk, when);
        else
            snprintf(area, sizeof area, "%s %s \xC3\x97 %s, peak %s at %s %s", total, vu, su,
                     pk, when, strcmp(p->sample_unit, "seconds") == 0 ? "s" : su);
        free(pk);
    } else
        snprintf(area, sizeof area, "%s %s \xC3\x97 %s", total, vu, su);
    /* A long unit can fill the buffer: never cut a character in two. */
    utf8_trim_partial(area);
    free(vu);
    free(su);
    char *job = display_text(p->job), *date = display_text(p->date);
    draw_title_box(pg, f->title_height, job, area, date, tm);
    free(job);
    free(date);
}

static void draw_x_axis(struct page *pg, const struct profile *p, const struct frame *f,
                        const struct text_metrics *tm)
{
    add_line(pg, ORIGIN_X, ORIGIN_Y, ORIGIN_X + f->gw, ORIGIN_Y);
    /* A three-hour run reads in hours, not in thousands of seconds. */
    struct time_unit tu;
    axis_time_unit(&tu, x_unit(p, false), f->x_range);
    char *unit = fitted_text(tu.name ? tu.name : x_unit(p, false), f->gw / 3, FONT_AXIS, tm);
    add_text(pg, unit, ORIGIN_X + f->gw, BORDER_SPACE, ALIGN_RIGHT, FONT_AXIS, 0);
    double legend = tm->width(tm->ctx, FONT_AXIS, unit);
    free(unit);

    struct ticks t;
    axis_ticks(&t, f->x0 / tu.seconds, (f->x0 + f->x_range) / tu.seconds,
               f->x_range / tu.seconds);
    for (size_t i = 0; i < t.n; i++) {
        /* --x=index: there is no sample 2.5 */
        if (p->x_is_index && t.value[i] != floor(t.value[i]))
            continue;
        double x = (t.value[i] * tu.seconds - f->x0) / f->x_range * f->gw;
        char label[64];
        axis_format_time(label, sizeof label, t.value[i], p->x_is_index ? 0 : t.decimals);
        double half = tm->width(tm->ctx, FONT_AXIS, label) / 2;
        /* GHC's rule keeps labels clear of the legend at the axis end. */
        if (x + half >= f->gw - (legend + 6))
            continue;
        add_line(pg, ORIGIN_X + x, ORIGIN_Y, ORIGIN_X + x, ORIGIN_Y - TICK_LENGTH);
        add_text(pg, label, ORIGIN_X + x, BORDER_SPACE, ALIGN_CENTRE, FONT_AXIS, 0);
    }
}

/* Light horizontal lines at the y ticks, drawn before the bands so they
 * guide the eye across the empty part of the graph without crossing the
 * data. */
/* The y axis's line and, rotated at its top, the unit legend (none when
 * unit is NULL).  Returns the legend's length, which the top tick label
 * must stay clear of. */
static double y_axis_line(struct page *pg, const char *unit, const struct frame *f,
                          const struct text_metrics *tm)
{
    add_line(pg, ORIGIN_X, ORIGIN_Y, ORIGIN_X, ORIGIN_Y + f->gh);
    if (!unit)
        return 0;
    char *fit = fitted_text(unit, f->gh / 2, FONT_AXIS, tm);
    double legend = tm->width(tm->ctx, FONT_AXIS, fit);
    add_text(pg, fit, ORIGIN_X - BORDER_SPACE, ORIGIN_Y + f->gh, ALIGN_RIGHT, FONT_AXIS, 90);
    free(fit);
    return legend;
}

/* Ticks over 0..range and how their values read (kB, MB; --units=iec:
 * KiB, MiB, with 1024-based steps). */
static void y_scale(struct ticks *t, struct value_scale *vs, double range,
                    const char *value_unit, bool iec)
{
    bool bytes = strcmp(value_unit, "bytes") == 0;
    if (iec) {
        axis_ticks_iec(t, vs, range, bytes);
    } else {
        axis_ticks(t, 0, range, range);
        axis_value_scale(vs, t, bytes);
    }
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
    add_text(pg, label, ORIGIN_X - TICK_LENGTH - 2, ORIGIN_Y + y - DIGIT_HALF_HEIGHT,
             ALIGN_RIGHT, FONT_AXIS, 0);
}

static void draw_y_axis(struct page *pg, const struct profile *p, const struct frame *f,
                        const struct text_metrics *tm, bool iec)
{
    double legend = y_axis_line(pg, p->value_unit, f, tm);
    struct ticks t;
    struct value_scale vs;
    y_scale(&t, &vs, f->y_range, p->value_unit, iec);
    for (size_t i = 0; i < t.n; i++) {
        double y = t.value[i] / f->y_range * f->gh;
        if (y >= f->gh - (legend + 15))
            continue;
        char label[64];
        axis_format_value(label, sizeof label, t.value[i], &vs);
        y_tick(pg, f, y, label, true);
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
#define OUTLINE_THINNEST 0.08
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

/* The largest total: a ring on the top of the stack and its value beside
 * it, on the side where there is room. */
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
    double w = tm->width(tm->ctx, FONT_AXIS, label);
    bool right = x + PEAK_RADIUS + 3 + w <= ORIGIN_X + f->gw;
    add_text(pg, label, right ? x + PEAK_RADIUS + 3 : x - PEAK_RADIUS - 3,
             y - DIGIT_HALF_HEIGHT - (y > ORIGIN_Y + f->gh - 8 ? 6 : 0),
             right ? ALIGN_LEFT : ALIGN_RIGHT, FONT_AXIS, 0);
}

/* ---- --mode=percent and --mode=lines ---- */

/* --mode=percent: the y axis runs from 0 to 100, every tick labelled with
 * its "%" (so no unit legend is needed, and the top tick, 100%, shows). */
static void draw_y_axis_percent(struct page *pg, const struct frame *f,
                                const struct text_metrics *tm)
{
    y_axis_line(pg, NULL, f, tm);
    struct ticks t;
    axis_ticks(&t, 0, f->y_range, f->y_range);
    for (size_t i = 0; i < t.n; i++) {
        double y = t.value[i] / f->y_range * f->gh;
        char label[64];
        snprintf(label, sizeof label, "%.*f%%", t.decimals, t.value[i]);
        y_tick(pg, f, y, label, true);
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

/* Key entries first..last-1 (band indices), the top band first, in
 * columns of f->key_rows read top to bottom, so the key reads in the
 * stack's order.  With one column this is GHC's spacing: gh / (n + 1). */
static void draw_key(struct page *pg, const struct band_plan *bp, const struct frame *f,
                     size_t first, size_t last, double kx, double base)
{
    size_t rows = f->key_rows;
    double dc = rows < KEY_PAGE_ENTRIES ? f->gh / (double)(rows + 1) : f->gh / (double)rows;
    if (last - first < rows && rows >= KEY_PAGE_ENTRIES)
        rows = last - first; /* the last key page keeps the same spacing */
    double sw = dc - 2 < SWATCH ? fmax(dc - 2, 2) : SWATCH;
    for (size_t k = 0; k < last - first; k++) {
        size_t b = last - 1 - k;
        double x = kx + (double)(k / f->key_rows) * f->key_column_width;
        double c = base + (double)(rows - k % f->key_rows) * dc;
        if (f->mode == MODE_LINES)
            add_key_line(pg, f, &bp->band[b], x + 5, x + 5 + sw, c);
        else {
            add_rect(pg, x + 5, c - sw / 2, sw, sw, LINE_WIDTH, &bp->band[b].fill);
            pg->prim[pg->count - 1].hatch = band_hatch(f, &bp->band[b]);
        }
        double sx = x + KEY_NAME_X + f->share_width;
        add_text(pg, f->shares[b], sx, c - DIGIT_HALF_HEIGHT, ALIGN_RIGHT, FONT_AXIS, 0);
        double nx = sx + KEY_SHARE_GAP;
        if (f->slopes) { /* --slopes */
            add_text(pg, f->slope_text[b], nx + f->slope_width, c - DIGIT_HALF_HEIGHT,
                     ALIGN_RIGHT, FONT_AXIS, 0);
            nx += f->slope_width + KEY_SHARE_GAP;
        }
        add_text(pg, f->key_names[b], nx, c - DIGIT_HALF_HEIGHT, ALIGN_LEFT, FONT_AXIS, 0);
        if (f->key_box) {
            double *box = f->key_box[b];
            box[0] = x, box[1] = c - dc / 2, box[2] = f->key_column_width, box[3] = dc;
        }
    }
}

static void draw_graph(struct page *pg, const struct profile *p, const struct band_plan *bp,
                       const struct series *s, const struct frame *f,
                       const struct text_metrics *tm, const struct layout_options *o)
{
    if (o->mode == MODE_PERCENT)
        draw_y_axis_percent(pg, f, tm);
    else
        draw_y_axis(pg, p, f, tm, o->iec);
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

/* PAGE_FIT (-e, and the screen formats' own size): the page is the
 * graph, width wide, height (in box units) scaled alike. */
static void fit_page(struct layout *L, double width, double height)
{
    double *m = L->matrix;
    double s = width / BOX_WIDTH;
    L->fitted = true;
    L->page_width = width;
    L->page_height = height * s;
    m[0] = s, m[1] = 0, m[2] = 0, m[3] = -s, m[4] = 0, m[5] = height * s;
}

static void place_page(struct layout *L, const struct layout_options *o)
{
    double *m = L->matrix;
    switch (o->page) {
    case PAGE_FIT:
        fit_page(L, o->fit_width, BOX_HEIGHT);
        break;
    case PAGE_GHOSTVIEW:
        /* GHC's -g: unscaled at (72, 108); a landscape sheet so it fits. */
        L->page_width = 842, L->page_height = 595;
        m[0] = 1, m[1] = 0, m[2] = 0, m[3] = -1, m[4] = 72, m[5] = 595 - 108;
        break;
    case PAGE_LANDSCAPE_A4:
        /* Upright and centred on the sheet, for screens. */
        L->page_width = 842, L->page_height = 595;
        m[0] = 1, m[1] = 0, m[2] = 0, m[3] = -1;
        m[4] = (842 - BOX_WIDTH) / 2, m[5] = 595 - (595 - BOX_HEIGHT) / 2;
        break;
    case PAGE_TURNED_A4:
    default:
        /* GHC's default: A4 portrait, the graph turned a quarter so that
         * its box covers X 72..504, Y 108..756 of the sheet. */
        L->page_width = 595, L->page_height = 842;
        m[0] = 0, m[1] = 1, m[2] = 1, m[3] = 0, m[4] = 72, m[5] = 842 - 756;
        break;
    }
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

/* --slopes: each band's slope as text, and the width of the column. */
static void slope_column(struct frame *f, const struct profile *p, const struct band_plan *bp,
                         const struct text_metrics *tm)
{
    size_t n = bp->count;
    f->slope_text = xcalloc(n ? n : 1, sizeof *f->slope_text);
    char *vu = display_text(p->value_unit), *su = display_text(p->sample_unit);
    for (size_t b = 0; b < n; b++) {
        char rate[512];
        axis_format_rate(rate, sizeof rate, bp->band[b].slope, vu, su, f->iec);
        f->slope_text[b] = layout_ellipsize(rate, KEY_MAX_SLOPE_WIDTH, FONT_AXIS, tm);
        double w = tm->width(tm->ctx, FONT_AXIS, f->slope_text[b]);
        if (w > f->slope_width)
            f->slope_width = w;
    }
    free(vu);
    free(su);
}

/* Key geometry: how many rows a column holds and how many columns there
 * are, so that the key fits whatever the number of bands. */
static size_t key_rows(size_t nkey, double gh, bool pages)
{
    if (pages || nkey <= KEY_PAGE_ENTRIES)
        return nkey < KEY_PAGE_ENTRIES ? (nkey ? nkey : 1) : KEY_PAGE_ENTRIES;
    size_t rows = (size_t)(gh / KEY_MIN_ROW);
    return rows > nkey ? nkey : rows;
}

static void frame_init(struct frame *f, const struct profile *p, const struct band_plan *bp,
                       const struct layout_options *o, bool key_on_graph, bool key_pages,
                       const struct text_metrics *tm)
{
    memset(f, 0, sizeof *f);
    bool big = o->title_box == TITLE_BIG ||
               (o->title_box == TITLE_AUTO && strlen(p->job) > TITLE_BYTES_SMALL);
    f->title_height = big ? TITLE_HEIGHT_BIG : TITLE_HEIGHT_SMALL;
    f->gh = BOX_HEIGHT - f->title_height - 2 * BORDER_SPACE - ORIGIN_Y;
    f->x0 = p->t_first;
    f->x_range = o->x_range;
    /* --mode=lines: a little room above the highest line, which would
     * otherwise run along the top of the frame, and a tick label there. */
    f->y_range = o->mode == MODE_LINES ? o->y_range * LINES_HEADROOM : o->y_range;
    f->iec = o->iec;
    f->pattern = o->pattern;
    f->mode = o->mode;
    f->colour = o->colour;
    f->slopes = o->slopes;

    size_t n = bp->count;
    f->key_names = xcalloc(n ? n : 1, sizeof *f->key_names);
    f->shares = xcalloc(n ? n : 1, sizeof *f->shares);
    double whole = 0;
    for (size_t b = 0; b < n; b++)
        whole += (double)bp->band[b].total;
    for (size_t b = 0; b < n; b++) {
        char share[32];
        format_share(share, sizeof share, bp->band[b].total, whole);
        f->shares[b] = xstrdup(share);
        double w = tm->width(tm->ctx, FONT_AXIS, share);
        if (w > f->share_width)
            f->share_width = w;
    }
    f->key_rows = key_rows(n, f->gh, key_pages);
    f->key_columns = n ? (n + f->key_rows - 1) / f->key_rows : 1;
    if (f->slopes)
        slope_column(f, p, bp, tm);
    double fixed = KEY_NAME_X + f->share_width + KEY_SHARE_GAP + KEY_MARGIN;
    if (f->slopes)
        fixed += f->slope_width + KEY_SHARE_GAP;
    double name_limit = key_pages ? GRAPH_FULL_WIDTH - fixed - ORIGIN_X
                      : f->key_columns > 1 ? fmax(KEY_MIN_NAME_WIDTH, KEY_MAX_WIDTH / (double)f->key_columns - fixed)
                                           : KEY_MAX_NAME_WIDTH;
    for (size_t b = 0; b < n; b++) {
        char *clean = utf8_display_name(bp->band[b].name, strlen(bp->band[b].name));
        f->key_names[b] = layout_ellipsize(clean, name_limit, FONT_AXIS, tm);
        free(clean);
        double w = tm->width(tm->ctx, FONT_AXIS, f->key_names[b]);
        if (w > f->key_name_width)
            f->key_name_width = w;
    }
    f->key_column_width = fixed + f->key_name_width;
    f->gw = GRAPH_FULL_WIDTH;
    if (key_on_graph && n)
        f->gw -= f->key_column_width * (double)f->key_columns;
    if (o->data)
        f->key_box = xcalloc(n ? n : 1, sizeof *f->key_box);
}

static void frame_free(struct frame *f, size_t nbands)
{
    for (size_t b = 0; b < nbands; b++) {
        free(f->key_names[b]);
        free(f->shares[b]);
        if (f->slope_text)
            free(f->slope_text[b]);
    }
    free(f->key_names);
    free(f->shares);
    free(f->slope_text);
    free(f->key_box);
}

/* ---- the page's data (layout_options.data, -o FILE.html) ---- */

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
    layout_data_set_bands(L->data, key, colour, (const double (*)[4])f->key_box, L->matrix);
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
    place_page(L, o);
    L->title = display_text(p->job);
    L->date = display_text(p->date);

    /* EPS, SVG and PNG hold one page, so there the key stays beside the graph. */
    bool key_pages = o->multipage && !o->single_page;
    bool key_on_graph = !key_pages && (o->key || o->multipage);
    struct frame f;
    frame_init(&f, p, bp, o, key_on_graph, key_pages, tm);

    if (key_pages) {
        for (size_t first = 0; first < bp->count; first += KEY_PAGE_ENTRIES) {
            struct page *pg = new_page(L);
            draw_title(pg, p, s, &f, tm);
            size_t last = first + KEY_PAGE_ENTRIES < bp->count ? first + KEY_PAGE_ENTRIES
                                                               : bp->count;
            draw_key(pg, bp, &f, first, last, ORIGIN_X, 0);
        }
    }
    struct page *pg = new_page(L);
    draw_title(pg, p, s, &f, tm);
    if (key_on_graph)
        draw_key(pg, bp, &f, 0, bp->count, ORIGIN_X + f.gw, ORIGIN_Y);
    draw_graph(pg, p, bp, s, &f, tm, o);
    if (o->data) {
        L->data = layout_data_new(o, p, false);
        data_bands(L, bp, &f);
        layout_data_panel_series(data_panel(L, p->job, &f, 0, 0), L->data, bp, s);
    }
    frame_free(&f, bp->count);
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

/* The key's column in front of the names says texts[b] (a band's change
 * under --diff) or, texts NULL, nothing (the shares of one profile mean
 * nothing for several); the key's width and the graph's follow. */
static void frame_set_key_notes(struct frame *f, size_t nbands, char **texts, bool key_on_graph,
                                const struct text_metrics *tm)
{
    f->share_width = 0;
    for (size_t b = 0; b < nbands; b++) {
        free(f->shares[b]);
        f->shares[b] = texts ? texts[b] : xstrdup("");
        double w = tm->width(tm->ctx, FONT_AXIS, f->shares[b]);
        if (w > f->share_width)
            f->share_width = w;
    }
    double fixed = KEY_NAME_X + f->share_width + KEY_SHARE_GAP + KEY_MARGIN;
    f->key_column_width = fixed + f->key_name_width;
    f->gw = GRAPH_FULL_WIDTH;
    if (key_on_graph && nbands)
        f->gw -= f->key_column_width * (double)f->key_columns;
}

static void frame_set_title_box(struct frame *f, bool big)
{
    f->title_height = big ? TITLE_HEIGHT_BIG : TITLE_HEIGHT_SMALL;
    f->gh = BOX_HEIGHT - f->title_height - 2 * BORDER_SPACE - ORIGIN_Y;
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

/* Several profiles: n boxes of 648 x 432 one above the other.  The fit
 * formats and the screen pages grow taller, so that each panel keeps its
 * size; PostScript's A4 sheet holds them upright, scaled down to fit
 * inside margins of half an inch. */
#define PANELS_A4_MARGIN 36.0
static void place_panels(struct layout *L, const struct layout_options *o, size_t n)
{
    double *m = L->matrix;
    double h = BOX_HEIGHT * (double)n;
    switch (o->page) {
    case PAGE_FIT:
        fit_page(L, o->fit_width, h);
        break;
    case PAGE_TURNED_A4: {
        double s = fmin((595 - 2 * PANELS_A4_MARGIN) / BOX_WIDTH,
                        (842 - 2 * PANELS_A4_MARGIN) / h);
        s = fmin(s, 1);
        L->page_width = 595, L->page_height = 842;
        m[0] = s, m[1] = 0, m[2] = 0, m[3] = -s;
        m[4] = (595 - BOX_WIDTH * s) / 2, m[5] = 842 - (842 - h * s) / 2;
        break;
    }
    case PAGE_GHOSTVIEW:
    case PAGE_LANDSCAPE_A4:
    default:
        /* An A4 landscape sheet with room for n - 1 more boxes. */
        L->page_width = 842, L->page_height = 595 + BOX_HEIGHT * (double)(n - 1);
        m[0] = 1, m[1] = 0, m[2] = 0, m[3] = -1;
        m[4] = (842 - BOX_WIDTH) / 2, m[5] = L->page_height - (595 - BOX_HEIGHT) / 2;
        break;
    }
}

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
    place_panels(L, o, n);
    L->title = joined_jobs(panel, n);
    L->date = display_text(panel[0].p->date);

    /* One frame for every panel: the same graph width (the key's beside
     * the first), title box, and x and y scales; only the time at the
     * origin is each profile's own first sample. */
    bool key_on_graph = o->key || o->multipage;
    struct frame f;
    frame_init(&f, panel[0].p, key, o, key_on_graph, false, tm);
    frame_set_key_notes(&f, key->count, NULL, key_on_graph, tm);
    bool big = o->title_box == TITLE_BIG;
    for (size_t k = 0; k < n && o->title_box == TITLE_AUTO; k++)
        big = big || strlen(panel[k].p->job) > TITLE_BYTES_SMALL;
    frame_set_title_box(&f, big);

    struct page *pg = new_page(L);
    for (size_t k = 0; k < n; k++) {
        struct page one = {0};
        f.x0 = panel[k].p->t_first;
        draw_title(&one, panel[k].p, panel[k].s, &f, tm);
        if (k == 0 && key_on_graph)
            draw_key(&one, key, &f, 0, key->count, ORIGIN_X + f.gw, ORIGIN_Y);
        draw_graph(&one, panel[k].p, panel[k].bp, panel[k].s, &f, tm, o);
        double dy = BOX_HEIGHT * (double)(n - 1 - k);
        move_prims(pg, &one, dy); /* the first on top */
        if (o->data && k == 0) {
            L->data = layout_data_new(o, panel[0].p, false);
            for (size_t b = 0; f.key_box && b < key->count; b++)
                f.key_box[b][1] += dy;
            data_bands(L, key, &f);
        }
        if (o->data)
            layout_data_panel_series(data_panel(L, panel[k].p->job, &f, dy, 0), L->data,
                                     panel[k].bp, panel[k].s);
    }
    frame_free(&f, key->count);
    return 0;
}

#define DIFF_HEADROOM 0.12

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

/* --diff: the y axis through both signs, labels signed ("+2 MB",
 * "-1 MB", with U+2212 for '-'), grid lines at the ticks. */
static void draw_signed_y_axis(struct page *pg, const struct profile *p, const struct frame *f,
                               double lo, const struct text_metrics *tm, bool iec)
{
    double legend = y_axis_line(pg, p->value_unit, f, tm);
    /* The step and the suffix of a scale over the whole range. */
    struct ticks base;
    struct value_scale vs;
    y_scale(&base, &vs, f->y_range, p->value_unit, iec);
    double step = base.step, hi = lo + f->y_range;
    if (!(step > 0))
        return;
    double k0 = ceil(lo / step - 1e-9), k1 = floor(hi / step + 1e-9);
    if (!(k1 - k0 < AXIS_MAX_TICKS))
        return;
    for (double k = k0; k <= k1; k++) {
        double v = k * step;
        double y = diff_y(f, lo, v) - ORIGIN_Y;
        if (y >= f->gh - (legend + 15))
            continue;
        char magnitude[64], label[72];
        axis_format_value(magnitude, sizeof magnitude, fabs(v), &vs);
        snprintf(label, sizeof label, "%s%s", k > 0 ? "+" : k < 0 ? MINUS_SIGN : "", magnitude);
        y_tick(pg, f, y, label, k != 0); /* the zero line is drawn on its own */
    }
}

/* One side of one band: the region between its edge and the edge below
 * (toward zero), forward along one and back along the other. */
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

/* The title box of --diff: "JOB_after minus JOB_before", how far the
 * stack rises and falls, the later profile's DATE. */
static void draw_diff_title(struct page *pg, const char *title, const struct profile *after,
                            const struct diff *d, const struct frame *f,
                            const struct text_metrics *tm, bool iec)
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
    char *date = display_text(after->date);
    draw_title_box(pg, f->title_height, title, middle, date, tm);
    free(date);
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
    /* Headroom for the unit's legend, where no tick label goes: the top
     * labels (and 0, when nothing rises) stay. */
    hi += (hi - lo) * DIFF_HEADROOM;
    if (!(o->x_range > 0) || !isfinite(o->x_range) || !isfinite(hi - lo))
        return hp_fail(err, "%s: cannot scale the graph (time or value range is not finite)",
                       after->source);
    place_page(L, o);
    char *job_after = display_text(after->job), *job_before = display_text(before->job);
    size_t len = strlen(job_after) + strlen(job_before) + sizeof " minus ";
    L->title = xmalloc(len);
    snprintf(L->title, len, "%s minus %s", job_after, job_before);
    free(job_after);
    free(job_before);
    L->date = display_text(after->date);

    size_t n = d->bands.count;
    bool key_on_graph = o->key || o->multipage;
    struct frame f;
    frame_init(&f, after, &d->bands, o, key_on_graph, false, tm);
    /* The key says each band's largest change, signed. */
    char **notes = xcalloc(n ? n : 1, sizeof *notes);
    for (size_t b = 0; b < n; b++) {
        char text[128];
        format_change(text, sizeof text, d->extreme[b], after->value_unit, o->iec);
        notes[b] = fitted_text(text, BOX_WIDTH / 6, FONT_AXIS, tm);
    }
    frame_set_key_notes(&f, n, notes, key_on_graph, tm);
    free(notes); /* the texts now belong to the frame */
    frame_set_title_box(&f, o->title_box == TITLE_BIG ||
                                (o->title_box == TITLE_AUTO && strlen(L->title) > TITLE_BYTES_SMALL));
    f.x0 = 0;
    f.y_range = hi - lo;

    struct page *pg = new_page(L);
    draw_diff_title(pg, L->title, after, d, &f, tm, o->iec);
    if (key_on_graph)
        draw_key(pg, &d->bands, &f, 0, n, ORIGIN_X + f.gw, ORIGIN_Y);
    draw_signed_y_axis(pg, after, &f, lo, tm, o->iec);
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
    frame_free(&f, n);
    return 0;
}

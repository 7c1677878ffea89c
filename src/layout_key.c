/* SPDX-License-Identifier: BSD-3-Clause */
/* layout_key.c: see layout_key.h.
 *
 * Beside the graph the key takes columns of rows as far apart as the
 * graph's height allows, and stays there only while the graph keeps most
 * of the width it would have beside a key of GHC's twenty bands; below
 * the box and on pages it takes a grid as wide as the box.  Its names are
 * shortened for the place it takes, so a long cost-centre stack never
 * squeezes the graph.
 */
#include "layout_frame.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shorten.h"
#include "utf8.h"

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
#define KEY_LINE 2.4        /* --mode=lines: the key's swatch, a short thick line */
#define KEY_MAX_SLOPE_WIDTH 120.0 /* --slopes: longer slopes (long units) are shortened */

bool key_wanted(const struct layout_options *o)
{
    return o->key || o->multipage;
}

double key_strip(const struct key *k)
{
    return k->place == KEY_BELOW ? k->below : 0;
}

/* ---- the texts ---- */

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
        axis_format_rate(rate, sizeof rate, bp->band[b].slope, vu, su, f->o->iec);
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

/* The key's names shortened to room, within what any name may take. */
static void key_names(struct key *k, double room, const struct text_metrics *tm)
{
    double limit = fmin(KEY_MAX_NAME_WIDTH, fmax(KEY_MIN_NAME_WIDTH, room));
    for (size_t b = 0; b < k->n; b++)
        free(k->names[b]);
    shorten_names(k->names, k->full, k->other, k->n, limit, FONT_AXIS, tm);
    k->name_width = widest(k->names, 0, k->n, tm);
}

/* The key's texts: per band its note (notes, which the key takes, or
 * when NULL the band's share of the drawn total), its --slopes rate, and
 * its full name; the names are shortened by the place the key takes. */
static void key_texts(struct frame *f, const struct profile *p, const struct band_plan *bp,
                      char **notes, const struct text_metrics *tm)
{
    struct key *k = &f->key;
    size_t n = bp->count;
    k->n = n;
    k->notes = notes ? notes : share_texts(bp);
    k->note_width = widest(k->notes, 0, n, tm);
    if (f->o->slopes) {
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
}

/* ---- the place ---- */

/* A key column's width with swatches of size sw and texts this wide. */
static double column_width(const struct key *k, double sw, double note_width, double name_width)
{
    double w = sw + KEY_SWATCH_GAP + note_width + (note_width > 0 ? KEY_SHARE_GAP : 0) + name_width;
    return k->slopes ? w + k->slope_width + KEY_SHARE_GAP : w;
}

/* Rows pitch apart leave a gap of 3 points between the swatches. */
static double swatch_size(double pitch)
{
    return fmin(SWATCH, pitch - 3);
}

/* n entries in lines (columns or rows) of at most most each, in as few
 * lines as that takes and as even as they can be: returns the lines and
 * sets *length, the most in any of them. */
static size_t balance(size_t n, size_t most, size_t *length)
{
    size_t lines = (n + most - 1) / most;
    *length = (n + lines - 1) / lines;
    return lines;
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
    *cols = balance(n, (size_t)(room / KEY_MIN_PITCH), rows);
    *pitch = fmin(KEY_MAX_PITCH, room / (double)*rows);
    *sw = swatch_size(*pitch);
    double cw = column_width(k, *sw, note_width, name_width);
    return (double)*cols * cw + (double)(*cols - 1) * KEY_COLUMN_GAP;
}

/* Beside the graph when the graph keeps KEY_KEEP of the width it has
 * with a key of the top KEY_REFERENCE bands, and KEY_MIN_PLOT of all;
 * sets the key's geometry and the graph's width. */
static bool key_beside(struct frame *f, const struct text_metrics *tm)
{
    struct key *k = &f->key;
    double full = frame_full_width(f);
    key_names(k, KEY_NAME_SHARE * full, tm);
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
    key_names(k, width - column_width(k, SWATCH, k->note_width, 0), tm);
    double page_room = f->bh - 2 * BORDER_SPACE - f->title_height - 2 * KEY_GAP;
    k->pitch = KEY_GRID_PITCH;
    if (!below && (double)(k->n - 1) * KEY_MAX_PITCH + SWATCH <= page_room)
        k->pitch = KEY_MAX_PITCH;
    k->swatch = swatch_size(k->pitch);
    k->column_width = column_width(k, k->swatch, k->note_width, k->name_width);
    /* Compared as a double first: converting a negative one to size_t is
     * undefined (a narrow -e page); the options bound the page above. */
    double fit = floor((width + KEY_COLUMN_GAP) / (k->column_width + KEY_COLUMN_GAP));
    size_t cols = fit >= 1 ? (size_t)fit : 1;
    if (below) {
        k->place = KEY_BELOW;
        k->rows = balance(k->n, cols, &k->columns);
        k->below = 2 * KEY_GAP + (double)(k->rows - 1) * k->pitch + k->swatch;
    } else {
        k->place = KEY_PAGES;
        double rows = floor((page_room - k->swatch) / k->pitch) + 1;
        k->rows = rows >= 1 ? (size_t)rows : 1;
        k->columns = cols;
    }
}

void key_build(struct frame *f, bool elsewhere, const struct profile *p,
               const struct band_plan *bp, char **notes, const struct text_metrics *tm)
{
    f->gw = frame_full_width(f);
    if (!key_wanted(f->o) || bp->count == 0) {
        for (size_t b = 0; notes && b < bp->count; b++)
            free(notes[b]);
        free(notes);
        return;
    }
    key_texts(f, p, bp, notes, tm);
    /* -M: on pages of its own where the format has pages, else below. */
    if (!elsewhere && key_beside(f, tm))
        return;
    key_grid(f, f->o->single_page, tm);
}

void key_keep_boxes(struct key *k, const struct layout_options *o)
{
    if (o->data && k->place != KEY_NONE && k->n > 0)
        k->box = xcalloc(k->n, sizeof *k->box);
}

void key_free(struct key *k)
{
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

/* ---- drawing ---- */

/* A key entry's swatch, its top left corner at (x, c + sw / 2): a square
 * of the band's fill, or for --mode=lines a short thick line in its look. */
static void draw_swatch(struct page *pg, const struct frame *f, const struct band *band,
                        double x, double c)
{
    double sw = f->key.swatch;
    if (f->o->mode == MODE_LINES) {
        struct prim *pr = page_path(pg, PRIM_STROKE, 2, KEY_LINE);
        pr->pts[0] = x, pr->pts[1] = c, pr->pts[2] = x + sw, pr->pts[3] = c;
        line_style(f, band, &pr->stroke, &pr->dash);
    } else
        page_rect(pg, x, c - sw / 2, sw, sw, LINE_WIDTH, &band->fill)->hatch = band_hatch(f, band);
}

/* Band b's entry with its swatch's left edge at x, centred on height c:
 * the swatch, the note (right-aligned), the --slopes rate (right-aligned)
 * and the name. */
static void draw_entry(struct page *pg, const struct band_plan *bp, const struct frame *f,
                       size_t b, double x, double c)
{
    const struct key *key = &f->key;
    draw_swatch(pg, f, &bp->band[b], x, c);
    double base = c - DIGIT_HALF_HEIGHT;
    double sx = x + key->swatch + KEY_SWATCH_GAP + key->note_width;
    page_text(pg, key->notes[b], sx, base, ALIGN_RIGHT, FONT_AXIS, 0);
    double nx = key->note_width > 0 ? sx + KEY_SHARE_GAP : sx; /* (several profiles: no shares) */
    if (key->slopes) {
        page_text(pg, key->slopes[b], nx + key->slope_width, base, ALIGN_RIGHT, FONT_AXIS, 0);
        nx += key->slope_width + KEY_SHARE_GAP;
    }
    page_text(pg, key->names[b], nx, base, ALIGN_LEFT, FONT_AXIS, 0);
}

/* Key entries k0..k1-1, counted from the top band, in columns of rows
 * entries read top to bottom, so the key reads in the stack's order; the
 * first swatch's top left corner at (x, top).  The entries' boxes, when
 * kept, are recorded dy points higher. */
static void draw_key_block(struct page *pg, const struct band_plan *bp, const struct frame *f,
                           size_t k0, size_t k1, size_t rows, double x, double top, double dy)
{
    const struct key *key = &f->key;
    for (size_t k = k0; k < k1; k++) {
        size_t b = key->n - 1 - k, i = k - k0;
        double cx = x + (double)(i / rows) * (key->column_width + KEY_COLUMN_GAP);
        double c = top - key->swatch / 2 - (double)(i % rows) * key->pitch;
        draw_entry(pg, bp, f, b, cx, c);
        if (key->box) {
            double *box = key->box[b];
            box[0] = cx, box[1] = c - key->pitch / 2 + dy, box[2] = key->column_width;
            box[3] = key->pitch;
        }
    }
}

/* Beside the graph its first swatch is as far under the title box as the
 * graph is right of it. */
void key_draw_on_graph(struct page *pg, const struct band_plan *bp, const struct frame *f,
                       double dy)
{
    const struct key *key = &f->key;
    if (key->place == KEY_BESIDE)
        draw_key_block(pg, bp, f, 0, key->n, key->rows, ORIGIN_X + f->gw + KEY_GAP,
                       ORIGIN_Y + f->gh + BORDER_SPACE - KEY_GAP, dy);
    else if (key->place == KEY_BELOW)
        draw_key_block(pg, bp, f, 0, key->n, key->rows, BORDER_SPACE + KEY_GAP, -KEY_GAP, dy);
}

/* Each page holds as many entries as its columns do, the columns
 * balanced. */
void key_draw_pages(struct layout *L, const struct band_plan *bp, const struct frame *f,
                    const struct title *t, double dy, const struct text_metrics *tm)
{
    const struct key *k = &f->key;
    size_t per_page = k->rows * k->columns;
    double top = f->bh - BORDER_SPACE - f->title_height - KEY_GAP;
    for (size_t k0 = 0; k0 < k->n; k0 += per_page) {
        size_t k1 = k0 + per_page < k->n ? k0 + per_page : k->n, rows;
        balance(k1 - k0, k->rows, &rows);
        struct page one = {0};
        draw_head(&one, f, t, false, tm);
        draw_key_block(&one, bp, f, k0, k1, rows, BORDER_SPACE + KEY_GAP, top, 0);
        page_move(page_new(L), &one, dy);
    }
}

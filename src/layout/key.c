/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/key.c: see layout/key.h.
 *
 * Beside the graph the key takes columns of rows as far apart as the
 * graph's height allows, and stays there only while the graph keeps most
 * of the width it would have beside a key of GHC's twenty bands; below
 * the box and on pages it takes a grid as wide as the box.  Its names are
 * shortened for the place it takes, so a long cost-centre stack never
 * squeezes the graph.
 */
#include "layout/key.h"

#include "layout/frame.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/shorten.h"
#include "number.h"
#include "utf8.h"

#define SWATCH              14.0
#define KEY_GAP             10.0  /* graph to key, title box to key, key to the box's edge */
#define KEY_SWATCH_GAP      5.0   /* swatch to the share */
#define KEY_SHARE_GAP       6.0   /* between the share and the name */
#define KEY_COLUMN_GAP      12.0  /* between key columns */
#define KEY_MAX_NAME_WIDTH  200.0 /* longer names are shortened */
#define KEY_MIN_NAME_WIDTH  40.0
#define KEY_NAME_SHARE      0.4 /* ... and names take at most this part of a narrow graph's width */
#define KEY_MAX_PITCH       18.0 /* key rows: at most this far apart */
#define KEY_MIN_PITCH       11.0 /* beside the graph: below this the key takes more columns */
#define KEY_GRID_PITCH      13.0 /* below the graph and on key pages */
#define KEY_REFERENCE       20   /* the plot keeps KEY_KEEP of its width with this many bands */
#define KEY_KEEP            0.8
#define KEY_MIN_PLOT        0.4   /* a key beside the graph leaves it this part of the width */
#define KEY_LINE            2.4   /* --mode=lines: the key's swatch, a short thick line */
#define KEY_MAX_SLOPE_WIDTH 120.0 /* --slopes: longer slopes (long units) are shortened */

bool key_wanted(const struct layout_options *o)
{
    return o->key || o->multipage;
}

double key_strip(const struct key *k)
{
    return k && k->place == KEY_BELOW ? k->below : 0; /* (NULL: a page with no key) */
}

/* ---- the texts ---- */

/* "48%" of the drawn total: the biggest band reads at a glance; "99.8%",
 * not "100%", beside a band that is not the whole. */
static void format_share(char *buf, size_t size, uint64_t part, double whole)
{
    double pct = whole > 0 ? 100.0 * (double)part / whole : 0;
    if (pct >= 9.95)
        snprintf(buf, size, "%.*f%%", number_percent_decimals(pct, 0), pct);
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

static void free_note(struct key *k)
{
    for (size_t i = 0; i < k->nnote; i++)
        free(k->note[i]);
    free(k->note);
    k->note = NULL;
    k->nnote = 0;
    shorten_strip_free(&k->strip);
}

/* The note above the entries: what the shortened names lost, said
 * plainly ("... stands for "/run.it/run/main", the end of every name"),
 * wrapped to the columns' width, so nothing of a name is lost. */
static void note_lines(struct key *k, double width, const struct text_metrics *tm)
{
    const char *part[2] = { k->strip.prefix, k->strip.suffix };
    static const char *const says[2][2] = {
        { "\xE2\x80\xA6 stands for \xE2\x80\x9C", "\xE2\x80\x9D, the start of every name" },
        { "\xE2\x80\xA6 stands for \xE2\x80\x9C", "\xE2\x80\x9D, the end of every name" }
    };
    for (int i = 0; i < 2; i++) {
        if (!part[i])
            continue;
        size_t a = strlen(says[i][0]), b = strlen(part[i]), c = strlen(says[i][1]);
        char *text = xmalloc(a + b + c + 1);
        memcpy(text, says[i][0], a);
        memcpy(text + a, part[i], b);
        memcpy(text + a + b, says[i][1], c + 1);
        char **lines;
        size_t nl = text_wrap(text, fmax(width, KEY_MIN_NAME_WIDTH), FONT_AXIS, tm, &lines);
        free(text);
        k->note = xrealloc(k->note, (k->nnote + nl) * sizeof *k->note);
        memcpy(k->note + k->nnote, lines, nl * sizeof *lines);
        k->nnote += nl;
        free(lines);
    }
}

/* The key's names shortened to room, within what any name may take, and
 * the note saying what they lost. */
static void key_names(struct key *k, double room, const struct text_metrics *tm)
{
    double limit = fmin(KEY_MAX_NAME_WIDTH, fmax(KEY_MIN_NAME_WIDTH, room));
    for (size_t b = 0; b < k->n; b++)
        free(k->names[b]);
    free_note(k);
    shorten_names(k->names, &k->strip, k->full, k->other, k->n, limit, FONT_AXIS, tm);
    k->name_width = widest(k->names, 0, k->n, tm);
    if (k->strip.prefix || k->strip.suffix)
        note_lines(k,
                   k->note_width + (k->note_width > 0 ? KEY_SHARE_GAP : 0) + k->name_width
                       + (k->slopes ? k->slope_width + KEY_SHARE_GAP : 0)
                       + (k->leak_tag ? k->tag_width + KEY_SHARE_GAP : 0),
                   tm);
}

/* The key's texts: per band its note (notes, which the key takes, or
 * when NULL the band's share of the drawn total), its --slopes rate, and
 * its full name; the names are shortened by the place the key takes. */
static void key_texts(struct frame *f, const struct profile *p, const struct band_plan *bp,
                      char **notes, const struct text_metrics *tm)
{
    struct key *k = f->key;
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
        if (bp->band[b].leak) /* the word of --top's table's column */
            k->leak_tag = f->o->suspects && f->o->suspects->two ? "GREW" : "LEAK";
    }
    if (k->leak_tag)
        k->tag_width = tm->width(tm->ctx, FONT_AXIS, k->leak_tag);
    k->names = xcalloc(n ? n : 1, sizeof *k->names);
}

/* ---- the place ---- */

/* A key column's width with swatches of size sw and texts this wide. */
static double column_width(const struct key *k, double sw, double note_width, double name_width)
{
    double w = sw + KEY_SWATCH_GAP + note_width + (note_width > 0 ? KEY_SHARE_GAP : 0) + name_width;
    if (k->leak_tag)
        w += k->tag_width + KEY_SHARE_GAP;
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
static double beside_width(const struct frame *f, const struct key *k, size_t n, double note_width,
                           double name_width, size_t *rows, size_t *cols, double *pitch, double *sw)
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
    struct key *k = f->key;
    double full = frame_full_width(f);
    key_names(k, KEY_NAME_SHARE * full, tm);
    size_t rows, cols, r20, c20;
    double pitch, sw, p20, s20;
    double w = beside_width(f, k, k->n + k->nnote, k->note_width, k->name_width, &rows, &cols,
                            &pitch, &sw);
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

/* How many rows entry b takes. */
static size_t entry_span(const struct key *k, size_t b)
{
    return k->span ? k->span[b] : 1;
}

/* A place in the key: entry k (counted from the top band), from its
 * name's line `line` on (a name taller than a key page goes on over the
 * next). */
struct at {
    size_t k, line;
};

/* Entries from `from` on in columns of rows rows, at most cols columns,
 * after the note's lines: per entry placed (i from 0), slot[i] where its
 * first line drawn goes (column slot / rows, row slot % rows), and
 * count[i] how many of its lines.  An entry starts a new column rather
 * than break over two, unless it is taller than a column; one taller
 * than the whole block fills what is left of it and goes on in the next.
 * Returns where the next block starts (k == n: the end). */
static struct at pack(const struct key *k, struct at from, size_t rows, size_t cols, size_t *slot,
                      size_t *count)
{
    size_t room = rows * cols;
    /* the note goes above the entries where it leaves room for one; a
     * note as tall as the block (a long stripped part in a narrow key)
     * would leave none, and the pages would never end */
    size_t at = k->nnote < room ? k->nnote : 0;
    struct at i = from;
    for (; i.k < k->n; i.k++, i.line = 0) {
        size_t left = entry_span(k, k->n - 1 - i.k) - i.line;
        if (at % rows && at % rows + left > rows && left <= rows)
            at += rows - at % rows;
        if (at + left > room) {
            bool tall = left > room - (k->nnote < room ? k->nnote : 0);
            if (!tall && i.k != from.k)
                break;
            /* what the block holds, the rest in the next */
            size_t n = room > at ? room - at : 0;
            if (n == 0)
                break;
            if (slot)
                slot[i.k - from.k] = at, count[i.k - from.k] = n;
            i.line += n;
            return i;
        }
        if (slot)
            slot[i.k - from.k] = at, count[i.k - from.k] = left;
        at += left;
    }
    i.line = 0;
    return i;
}

/* The fewest rows (at least the even share) in which cols columns hold
 * entries k0..k1 whole. */
static size_t rows_for(const struct key *k, size_t k0, size_t k1, size_t cols)
{
    size_t slots = k->nnote;
    for (size_t i = k0; i < k1; i++)
        slots += entry_span(k, k->n - 1 - i);
    size_t rows = (slots + cols - 1) / cols;
    if (rows < 1)
        rows = 1;
    while (pack(k, (struct at){ k0, 0 }, rows, cols, NULL, NULL).k < k1)
        rows++;
    return rows;
}

/* -M: every name whole, over as many lines as it needs, in columns as
 * wide as makes the key shortest (fewest pages, or the lowest strip
 * below): a name a column holds in one line takes one row, a longer one
 * about its width over the column's.  width: the box's, for the columns;
 * page_rows: the rows a page holds, 0 below the graph. */
#define WRAP_MAX 16384 /* bytes of a name wrapped at most; the rest is cut in its middle */
static void key_wrap(struct key *k, double width, size_t page_rows, const struct text_metrics *tm)
{
    free_note(k);
    double *fw = xcalloc(k->n, sizeof *fw), most = 0;
    for (size_t b = 0; b < k->n; b++) {
        size_t cp = utf8_count(k->full[b]);
        /* (a huge name is not measured whole: about 6 pt a character) */
        fw[b] = cp > 1024 ? 6.0 * (double)cp : tm->width(tm->ctx, FONT_AXIS, k->full[b]);
        most = fmax(most, fw[b]);
    }
    double fixed = column_width(k, SWATCH, k->note_width, 0);
    double best_w = KEY_MIN_NAME_WIDTH, best_cost = INFINITY;
    for (size_t c = 1;; c++) {
        double w = (width + KEY_COLUMN_GAP) / (double)c - KEY_COLUMN_GAP - fixed;
        if (w < KEY_MIN_NAME_WIDTH && c > 1)
            break;
        w = fmax(KEY_MIN_NAME_WIDTH, fmin(w, most));
        double slots = 0;
        for (size_t b = 0; b < k->n; b++)
            slots += fw[b] <= w ? 1 : ceil(fw[b] / (0.9 * w));
        double cost =
            page_rows ? ceil(slots / ((double)page_rows * (double)c)) : ceil(slots / (double)c);
        if (cost < best_cost)
            best_cost = cost, best_w = w;
        if (w >= most && c > 1 && cost > best_cost)
            break;
    }
    k->lines = xcalloc(k->n, sizeof *k->lines);
    k->span = xcalloc(k->n, sizeof *k->span);
    k->name_width = 0;
    for (size_t b = 0; b < k->n; b++) {
        free(k->names[b]);
        k->names[b] = xstrdup(k->full[b]);
        if (fw[b] <= best_w) { /* one line, measured already */
            k->lines[b] = xcalloc(1, sizeof *k->lines[b]);
            k->lines[b][0] = xstrdup(k->full[b]);
            k->span[b] = 1;
            k->name_width = fmax(k->name_width, fw[b]);
            continue;
        }
        char *text = strlen(k->full[b]) > WRAP_MAX
            ? layout_ellipsize(k->full[b], 1e9, FONT_AXIS, tm) /* 1024 clusters */
            : xstrdup(k->full[b]);
        k->span[b] = text_wrap(text, best_w, FONT_AXIS, tm, &k->lines[b]);
        free(text);
        k->name_width = fmax(k->name_width, widest(k->lines[b], 0, k->span[b], tm));
    }
    free(fw);
}

/* Below the box or on pages of their own: a grid of as many columns as
 * the box's width holds, KEY_GRID_PITCH apart (KEY_MAX_PITCH when one
 * column holds the whole key on a page).  Below: the columns balanced,
 * and the strip's height; pages: rows and columns per page.  wrap: -M,
 * the names whole over lines (key_wrap). */
static void key_grid(struct frame *f, bool below, bool wrap, const struct text_metrics *tm)
{
    struct key *k = f->key;
    double width = f->bw - 2 * BORDER_SPACE - 2 * KEY_GAP;
    double page_room = f->bh - 2 * BORDER_SPACE - f->title_height - 2 * KEY_GAP;
    size_t page_rows =
        below ? 0 : (size_t)fmax(1, floor((page_room - SWATCH) / KEY_GRID_PITCH) + 1);
    if (wrap)
        key_wrap(k, width, page_rows, tm);
    else
        /* Off the graph, a name may take what a column of the whole width
         * leaves it (on a narrow -e page, more than beside the graph). */
        key_names(k, width - column_width(k, SWATCH, k->note_width, 0), tm);
    size_t slots = k->nnote;
    for (size_t b = 0; b < k->n; b++)
        slots += entry_span(k, b);
    k->pitch = KEY_GRID_PITCH;
    /* (not when a name takes several lines: they would be as far apart) */
    if (!below && slots == k->n + k->nnote
        && (double)(slots - 1) * KEY_MAX_PITCH + SWATCH <= page_room)
        k->pitch = KEY_MAX_PITCH;
    k->swatch = swatch_size(k->pitch);
    k->column_width = column_width(k, k->swatch, k->note_width, k->name_width);
    /* Compared as a double first: converting a negative one to size_t is
     * undefined (a narrow -e page); the options bound the page above. */
    double fit = floor((width + KEY_COLUMN_GAP) / (k->column_width + KEY_COLUMN_GAP));
    size_t cols = fit >= 1 ? (size_t)fit : 1;
    if (below) {
        k->place = KEY_BELOW;
        k->rows = rows_for(k, 0, k->n, cols);
        k->columns = cols;
        k->below = 2 * KEY_GAP + (double)(k->rows - 1) * k->pitch + k->swatch;
    } else {
        k->place = KEY_PAGES;
        double rows = floor((page_room - k->swatch) / k->pitch) + 1;
        k->rows = rows >= 1 ? (size_t)rows : 1;
        k->columns = cols;
    }
}

void key_build(struct frame *f, bool elsewhere, const struct profile *p, const struct band_plan *bp,
               char **notes, const struct text_metrics *tm)
{
    f->key = xcalloc(1, sizeof *f->key); /* KEY_NONE until placed; frame_free frees it */
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
    key_grid(f, f->o->single_page, elsewhere, tm);
}

void key_keep_boxes(struct key *k, struct layout *L)
{
    if ((k->place != KEY_BESIDE && k->place != KEY_BELOW) || k->n == 0)
        return;
    k->box = xcalloc(k->n, sizeof *k->box);
    L->key_box = k->box;
    L->nkey_boxes = k->n;
}

void key_free(struct key *k)
{
    for (size_t b = 0; b < k->n; b++) {
        free(k->full[b]);
        free(k->names[b]);
        free(k->notes[b]);
        if (k->slopes)
            free(k->slopes[b]);
        for (size_t i = 0; k->lines && i < k->span[b]; i++)
            free(k->lines[b][i]);
        if (k->lines)
            free(k->lines[b]);
    }
    free(k->lines);
    free(k->span);
    free_note(k);
    free(k->full);
    free(k->other);
    free(k->names);
    free(k->notes);
    free(k->slopes);
}

/* ---- drawing ---- */

/* A key entry's swatch, its top left corner at (x, c + sw / 2): a square
 * of the band's fill, or for --mode=lines a short thick line in its look. */
static void draw_swatch(struct page *pg, const struct frame *f, const struct band *band, double x,
                        double c)
{
    double sw = f->key->swatch;
    if (f->o->mode == MODE_LINES) {
        struct prim *pr = page_path(pg, PRIM_STROKE, 2, KEY_LINE);
        pr->pts[0] = x, pr->pts[1] = c, pr->pts[2] = x + sw, pr->pts[3] = c;
        line_style(f, band, &pr->stroke, &pr->dash);
    } else
        page_rect(pg, x, c - sw / 2, sw, sw, LINE_WIDTH, &band->fill)->hatch = band_hatch(f, band);
}

/* Band b's entry with its swatch's left edge at x, centred on height c:
 * the swatch, the note (right-aligned), the --slopes rate (right-aligned),
 * --top's word on a leak and the name (-M: its first line;
 * draw_key_block draws the others). */
static void draw_entry(struct page *pg, const struct band_plan *bp, const struct frame *f, size_t b,
                       double x, double c)
{
    const struct key *key = f->key;
    draw_swatch(pg, f, &bp->band[b], x, c);
    double base = c - DIGIT_HALF_HEIGHT;
    double sx = x + key->swatch + KEY_SWATCH_GAP + key->note_width;
    page_text(pg, key->notes[b], sx, base, ALIGN_RIGHT, FONT_AXIS, 0);
    double nx = key->note_width > 0 ? sx + KEY_SHARE_GAP : sx; /* (several profiles: no shares) */
    if (key->slopes) {
        page_text(pg, key->slopes[b], nx + key->slope_width, base, ALIGN_RIGHT, FONT_AXIS, 0);
        nx += key->slope_width + KEY_SHARE_GAP;
    }
    if (key->leak_tag) {
        if (bp->band[b].leak)
            page_text(pg, key->leak_tag, nx, base, ALIGN_LEFT, FONT_AXIS, 0);
        nx += key->tag_width + KEY_SHARE_GAP;
    }
    page_text(pg, key->lines ? key->lines[b][0] : key->names[b], nx, base, ALIGN_LEFT, FONT_AXIS,
              0);
}

/* Where the name starts in an entry at x (for its later lines). */
static double name_x(const struct key *key, double x)
{
    double sx = x + key->swatch + KEY_SWATCH_GAP + key->note_width;
    double nx = key->note_width > 0 ? sx + KEY_SHARE_GAP : sx;
    if (key->leak_tag)
        nx += key->tag_width + KEY_SHARE_GAP;
    return key->slopes ? nx + key->slope_width + KEY_SHARE_GAP : nx;
}

/* Key entries from `from` on, as many as cols columns of rows rows hold
 * after the note's lines, read top to bottom, so the key reads in the
 * stack's order; the first swatch's top left corner at (x, top).  The
 * entries' boxes, when kept, are recorded dy points higher.  Returns
 * where the next block starts. */
static struct at draw_key_block(struct page *pg, const struct band_plan *bp, const struct frame *f,
                                struct at from, size_t rows, size_t cols, double x, double top,
                                double dy)
{
    const struct key *key = f->key;
    size_t *slot = xcalloc(key->n - from.k + 1, sizeof *slot);
    size_t *count = xcalloc(key->n - from.k + 1, sizeof *count);
    struct at next = pack(key, from, rows, cols, slot, count);
    size_t end = next.line ? next.k + 1 : next.k;
    double step = key->column_width + KEY_COLUMN_GAP;
    for (size_t i = 0; i < key->nnote && key->nnote < rows * cols; i++)
        page_text(pg, key->note[i], x + (double)(i / rows) * step,
                  top - key->swatch / 2 - (double)(i % rows) * key->pitch - DIGIT_HALF_HEIGHT,
                  ALIGN_LEFT, FONT_AXIS, 0);
    for (size_t k = from.k; k < end; k++) {
        size_t b = key->n - 1 - k, s0 = slot[k - from.k], n = count[k - from.k];
        size_t line0 = k == from.k ? from.line : 0;
        double cx = x + (double)(s0 / rows) * step;
        double c = top - key->swatch / 2 - (double)(s0 % rows) * key->pitch;
        if (line0 == 0)
            draw_entry(pg, bp, f, b, cx, c);
        for (size_t j = line0 ? 0 : 1; j < n; j++) {
            size_t s = s0 + j;
            page_text(pg, key->lines[b][line0 + j], name_x(key, x + (double)(s / rows) * step),
                      top - key->swatch / 2 - (double)(s % rows) * key->pitch - DIGIT_HALF_HEIGHT,
                      ALIGN_LEFT, FONT_AXIS, 0);
        }
        if (key->box && line0 == 0) {
            double *box = key->box[b];
            size_t last = (s0 + n - 1) % rows, first = s0 % rows;
            if (last < first || n > rows) /* over columns: the first column's part */
                last = rows - 1;
            box[0] = cx, box[1] = c - (double)(last - first) * key->pitch - key->pitch / 2 + dy;
            box[2] = key->column_width;
            box[3] = (double)(last - first + 1) * key->pitch;
        }
    }
    free(slot);
    free(count);
    return next;
}

/* Beside the graph its first swatch is as far under the title box as the
 * graph is right of it. */
void key_draw_on_graph(struct page *pg, const struct band_plan *bp, const struct frame *f,
                       double dy)
{
    const struct key *key = f->key;
    if (key->place == KEY_BESIDE)
        draw_key_block(pg, bp, f, (struct at){ 0, 0 }, key->rows, key->columns,
                       ORIGIN_X + f->gw + KEY_GAP, ORIGIN_Y + f->gh + BORDER_SPACE - KEY_GAP, dy);
    else if (key->place == KEY_BELOW)
        draw_key_block(pg, bp, f, (struct at){ 0, 0 }, key->rows, key->columns,
                       BORDER_SPACE + KEY_GAP, -KEY_GAP, dy);
}

/* Each page holds as many entries as its columns do, the last page's
 * columns balanced. */
void key_draw_pages(struct layout *L, const struct band_plan *bp, const struct frame *f,
                    const struct title *t, double dy, const struct text_metrics *tm)
{
    const struct key *k = f->key;
    double top = f->bh - BORDER_SPACE - f->title_height - KEY_GAP;
    for (struct at at = { 0, 0 }; at.k < k->n;) {
        size_t rows = k->rows;
        size_t cols = k->columns;
        if (pack(k, at, k->rows, k->columns, NULL, NULL).k == k->n) {
            /* the last page: as few columns as hold the rest, balanced */
            size_t slots = k->nnote;
            for (size_t i = at.k; i < k->n; i++)
                slots += entry_span(k, k->n - 1 - i) - (i == at.k ? at.line : 0);
            cols = (slots + k->rows - 1) / k->rows;
            if (cols < 1)
                cols = 1;
            while (cols < k->columns && pack(k, at, k->rows, cols, NULL, NULL).k < k->n)
                cols++;
            if (at.line == 0)
                rows = rows_for(k, at.k, k->n, cols);
        }
        struct page one = { 0 };
        draw_head(&one, f, t, 0, tm);
        at = draw_key_block(&one, bp, f, at, rows, cols, BORDER_SPACE + KEY_GAP, top, 0);
        page_move(page_new(L), &one, dy);
    }
}

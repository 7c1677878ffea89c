/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/key.h: the key (private to layout/): one entry per band, the
 * top band first, each a swatch (--mode=lines: a short line), a note
 * (the band's share, --diff's change, or nothing), with --slopes its
 * slope, with --top LEAK (--diff: GREW) on a leak's entry, and its name
 * shortened to what a column may take.  It goes
 * beside the graph when the graph keeps enough of its width, else below
 * the box (formats of one page) or on pages of its own (PostScript, PDF).
 */
#ifndef HP2PS_LAYOUT_KEY_H
#define HP2PS_LAYOUT_KEY_H

#include "layout/page.h"
#include "layout/shorten.h"

enum key_place { KEY_NONE, KEY_BESIDE, KEY_BELOW, KEY_PAGES };

struct key {
    enum key_place place;
    size_t n;                   /* entries: one per band, the top band first */
    char **full;                /* per band, its name as valid UTF-8 */
    bool *other;                /* per band, whether it is OTHER */
    char **names;               /* per band, shortened (wrap: whole) */
    struct shorten_strip strip; /* what the shortened names lost, said by the note */
    char **note;                /* the note's lines, above the entries (NULL: none) */
    size_t nnote;
    char ***lines;        /* -M: per band, its name whole over as many lines as it
                            * needs; else NULL (names shortened) */
    size_t *span;         /* -M: per band, how many; else NULL (one each) */
    char **notes;         /* per band, in front of the name: "48%" of the drawn
                            * total, --diff's change, or "" */
    char **slopes;        /* --slopes: per band, "+1.2 MB/s"; else NULL */
    const char *leak_tag; /* --top: the word in front of a leak's name (band.leak),
                            * as --top's table says it; NULL: no band is one */
    double note_width, slope_width, tag_width, name_width; /* the widest of each */
    size_t rows, columns; /* rows (note lines and entries' lines) per column;
                            * columns side by side (a page's) */
    double pitch, swatch; /* row spacing and swatch size */
    double column_width;  /* swatch to the end of the widest name */
    double below;         /* KEY_BELOW: the strip's height under the box */
    double (*box)[4];     /* per band, its entry's box on the graph's page (local x,
                            * y, width, height; width 0: none): the layout's key_box */
};

struct frame;
struct title;

/* Whether o asks for a key at all (-m0 and -l have none unless -M). */
bool key_wanted(const struct layout_options *o);

/* The key of bp's bands, placed, and the graph's width it leaves
 * (f->gw); f's box, title box and y axis are set.  notes: per band, the
 * text before its name, taken (freed when no key is wanted); NULL: each
 * band's share of the drawn total.  elsewhere: -M, the key off the graph
 * even when it fits beside it.  Without a key nothing is measured: with
 * a million bands that was most of the run. */
void key_build(struct frame *f, bool elsewhere, const struct profile *p, const struct band_plan *bp,
               char **notes, const struct text_metrics *tm);

/* KEY_BELOW: the strip's height under the box; else 0 (also for NULL, a page
 * with no key: --view=icicle). */
double key_strip(const struct key *k);

/* Before the key is drawn on the graph's page (beside the graph or
 * below it): room for its entries' boxes, which L owns (L->key_box). */
void key_keep_boxes(struct key *k, struct layout *L);

/* The key on the graph's page, beside the graph or in the strip below
 * the box; the entries' boxes are recorded dy points higher, where the
 * page will move what is drawn (panels are drawn at the origin). */
void key_draw_on_graph(struct page *pg, const struct band_plan *bp, const struct frame *f,
                       double dy);

/* KEY_PAGES: the key's own pages, appended to L, each with the box and
 * title t, dy points up the page (the top panel's place). */
void key_draw_pages(struct layout *L, const struct band_plan *bp, const struct frame *f,
                    const struct title *t, double dy, const struct text_metrics *tm);

/* What key_build allocated in k (k itself is the frame's). */
void key_free(struct key *k);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/page.h: what every part of the layout draws with (private to
 * layout*.c): primitives appended to pages, and header text made one
 * line of valid UTF-8.  Coordinates are the layout's local points (y up);
 * every primitive's memory belongs to its page, freed by layout_free.
 */
#ifndef HP2PS_LAYOUT_PAGE_H
#define HP2PS_LAYOUT_PAGE_H

#include "layout/types.h"

/* The frame's lines: boxes, axes, ticks. */
#define LINE_WIDTH 0.5

/* A new page at the end of L's, empty. */
struct page *page_new(struct layout *L);

/* A primitive of kind appended to pg, all else zero (black, unfilled). */
struct prim *page_add(struct page *pg, enum prim_kind kind);

/* A path of npts points (left for the caller to fill) stroked lw wide. */
struct prim *page_path(struct page *pg, enum prim_kind kind, size_t npts, double lw);

/* A line LINE_WIDTH wide. */
void page_line(struct page *pg, double x0, double y0, double x1, double y1);

/* A rectangle from its lower left corner (x, y), outlined lw wide and
 * filled with fill unless NULL; returned for the caller's hatch. */
struct prim *page_rect(struct page *pg, double x, double y, double w, double h, double lw,
                       const struct rgb *fill);

/* text (copied) anchored at its baseline. */
void page_text(struct page *pg, const char *text, double x, double y, enum text_align align,
               enum font_role font, double angle);

/* Every primitive of from appended to to, dy points higher; from is left
 * empty.  Panels are drawn at the origin and then stacked so. */
void page_move(struct page *to, struct page *from, double dy);

/* A header string as drawn: one line of valid UTF-8 (header strings may
 * hold newlines and tabs, as GHC allowed).  Returns a new string. */
char *display_text(const char *raw);

/* The same, shortened to max_width: a header string drawn in a bounded
 * space (a unit can be 1 MiB long).  Returns a new string. */
char *fitted_text(const char *raw, double max_width, enum font_role font,
                  const struct text_metrics *tm);

/* The x axis's unit: SAMPLE_UNIT, or with --x=index "sample(s)". */
const char *x_unit(const struct profile *p, bool plural);

#endif

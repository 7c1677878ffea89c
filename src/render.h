/* render.h: stage 5, a layout drawn with cairo.
 *
 * render.c is the drawing core shared by every format: it walks the pages
 * of a layout and draws their primitives on any cairo surface, with all
 * text set by pango.  Each output format is one small file that makes the
 * right cairo surface and hands it to the core (render_ps.c: PostScript
 * and EPS).
 */
#ifndef HP2PS_RENDER_H
#define HP2PS_RENDER_H

#include <stdio.h>

#include "common.h"
#include "layout.h"

/* Fonts: one pango context used both to measure (for the layout) and to
 * draw, so that what was measured is what is drawn. */
struct render_fonts;

struct render_fonts *render_fonts_new(void);
void render_fonts_free(struct render_fonts *fonts);
struct text_metrics render_text_metrics(struct render_fonts *fonts);

/* The date written into document metadata: SOURCE_DATE_EPOCH when set
 * (reproducible builds), else the profile's DATE, so the same input always
 * gives the same bytes.  Returns seconds since the epoch, or -1 when
 * SOURCE_DATE_EPOCH is not set or not a number. */
long long render_source_date_epoch(void);

/* The drawing core: every page of L on surface, one cairo page each. */
struct _cairo_surface;
int render_pages(struct _cairo_surface *surface, const struct layout *L,
                 struct render_fonts *fonts, struct hp_error *err);

/* PostScript (eps false) or Encapsulated PostScript (eps true) to f. */
int render_ps(FILE *f, const struct layout *L, struct render_fonts *fonts, bool eps,
              struct hp_error *err);

#endif

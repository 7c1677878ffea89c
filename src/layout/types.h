/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/types.h: what the layout stage makes (layout.h), the bottom of
 * layout/: everything that is drawn, placed in points.
 *
 * The layout is a list of pages, each a list of primitives (lines, filled
 * polygons, text) in GHC's local coordinate system: a 648 x 432 pt box
 * (9 x 6 inches), origin bottom left, y up.  A matrix maps it onto the
 * output page (rotated onto A4 by default, scaled for EPS).  No cairo
 * here: text is measured through the text_metrics callbacks, which the
 * render stage implements with pango and tests implement with a fake.
 */
#ifndef HP2PS_LAYOUT_TYPES_H
#define HP2PS_LAYOUT_TYPES_H

#include "common.h"
#include "bands.h"
#include "diff.h"
#include "palette.h"
#include "profile.h"
#include "series.h"
#include "triage.h"

/* -b, -s, or chosen by the JOB's measured width. */
enum title_box { TITLE_AUTO, TITLE_BIG, TITLE_SMALL };

enum font_role {
    FONT_AXIS,  /* tick labels, legends, key */
    FONT_TITLE, /* the title box */
    FONT_COUNT
};

struct text_metrics {
    /* Advance width in points of valid UTF-8 text. */
    double (*width)(void *ctx, enum font_role font, const char *text);
    void *ctx;
    /* Where the grapheme clusters of text[0..len) (valid UTF-8) begin and
     * end, so that shortened text is never cut inside a combining sequence
     * or an emoji: byte offsets in stops, 0 first and len last, increasing;
     * returns how many (at most len + 1).  NULL: shorten.c's own rule (code
     * points, kept with the marks and joiners that follow them). */
    size_t (*clusters)(void *ctx, const char *text, size_t len, size_t *stops);
};

enum prim_kind {
    PRIM_STROKE,  /* open polyline */
    PRIM_POLYGON, /* closed polygon: optional fill, optional outline */
    PRIM_TEXT
};

enum text_align { ALIGN_LEFT, ALIGN_CENTRE, ALIGN_RIGHT };

/* Hatch patterns for --pattern: 1 rising, 2 falling, 3 horizontal,
 * 4 vertical, 5 crossed diagonals, 6 grid. */
#define LAYOUT_HATCHES 6

/* Dash patterns for --mode=lines without -c (or with --pattern):
 * 1 long dashes, 2 dots, 3 dash-dot, 4 short dashes, 5 dash-dot-dot,
 * 6 sparse dots. */
#define LAYOUT_DASHES 6

struct prim {
    enum prim_kind kind;
    /* PRIM_STROKE and PRIM_POLYGON */
    size_t npts;
    double *pts;       /* x0, y0, x1, y1, ... */
    double line_width; /* 0: no outline */
    struct rgb stroke; /* outline colour, PRIM_TEXT's colour (black unless set) */
    int hatch;         /* --pattern: 0 none, else 1..LAYOUT_HATCHES, lines over the fill */
    int dash;          /* --mode=lines: 0 solid, else 1..LAYOUT_DASHES, a dash pattern */
    bool filled;
    struct rgb fill;
    /* PRIM_TEXT: baseline anchor (x, y), rotated by angle degrees (ccw) */
    char *text; /* valid UTF-8 */
    double x, y, angle;
    enum text_align align;
    enum font_role font;
};

struct page {
    struct prim *prim;
    size_t count, cap;
};

/* GHC's graph box, in points: 9 x 6 inches.  An EPS without -e is this
 * wide, unscaled. */
#define LAYOUT_BOX_WIDTH  648.0
#define LAYOUT_BOX_HEIGHT 432.0

/* An A4 sheet in points, the short side and the long. */
#define LAYOUT_A4_SHORT 595.0
#define LAYOUT_A4_LONG  842.0

struct gate_drawing; /* gate.h: the budgets' lines (-o FILE with --check, --baseline) */

/* Where the box goes. */
enum page_style {
    PAGE_TURNED_A4,    /* GHC's PostScript page: A4 portrait, graph turned a quarter */
    PAGE_LANDSCAPE_A4, /* the same position on an A4 landscape sheet, for screens */
    PAGE_GHOSTVIEW,    /* -g: upright and unscaled at (72, 108), on landscape A4 */
    PAGE_FIT           /* -e: the graph's own size, fit_width wide */
};

struct layout_options {
    enum title_box title_box;
    enum page_style page;
    double fit_width;                /* PAGE_FIT: points */
    bool single_page;                /* the format holds one page: the key stays beside the graph */
    bool multipage;                  /* key on pages of its own */
    bool key;                        /* a key at all (-m0 and -l have none unless -M) */
    bool marks;                      /* draw MARK times */
    bool heap;                       /* --heap: the RTS's heap size, live bytes, blocks lines */
    bool iec;                        /* --units=iec: KiB, MiB, ... */
    bool pattern;                    /* --pattern: hatch the bands, for black-and-white print */
    enum plot_mode mode;             /* --mode: stacked areas, percent of each sample, or lines */
    bool colour;                     /* -c: lines are drawn in the band colours as they are */
    bool slopes;                     /* --slopes: the key says each band's slope */
    const struct gate_drawing *gate; /* the gate's lines over the graph, or NULL */
    const struct triage *suspects;   /* --top: the leaks named under the title, or NULL */
    size_t suspects_max;             /* at most so many (0: as many as the line holds) */
    double x_range;                  /* the scales actually used (after -p and the 0 rule) */
    double y_range;
};

/* Where a graph was drawn: what a reader of the picture needs to find a
 * time and a value in it again (the HTML page, page/page.h), in local
 * points (y up); the layout's matrix puts it on the page. */
struct layout_graph {
    double plot[4];      /* the graph's area: x, y, width, height */
    double t0, t_span;   /* the time at the area's left edge, and across it */
    double y_lo, y_span; /* the value at its foot, and up its height */
    bool heap;           /* --heap's lines are drawn on it */
    double mark_strip;   /* the strip of the markers' texts over it, as high as
                             * drawn (local points; 0: none) */
};

struct layout {
    double page_width, page_height; /* output page in points */
    double matrix[6]; /* local -> page, y down: xx, yx, xy, yy, x0, y0 (cairo order) */
    bool fitted;      /* the page is the graph's own size (PAGE_FIT) */
    struct page *page;
    size_t npages;
    char *title;                /* document title (the JOB), valid UTF-8, one line */
    char *date;                 /* the DATE string, valid UTF-8, one line */
    struct layout_graph *graph; /* each graph drawn, a panel each, the first on top */
    size_t ngraphs;
    double (*key_box)[4]; /* per band of the key's plan, its entry's box on the
                            * graph's page (local x, y, width, height; width 0: not
                            * there); NULL when no key is drawn there (none, or on
                            * pages of its own) */
    size_t nkey_boxes;
};

#endif

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
    double *pts;        /* x0, y0, x1, y1, ... */
    double line_width;  /* 0: no outline */
    struct rgb stroke;  /* outline colour (black unless set) */
    int hatch;          /* --pattern: 0 none, else 1..LAYOUT_HATCHES, lines over the fill */
    int dash;           /* --mode=lines: 0 solid, else 1..LAYOUT_DASHES, a dash pattern */
    bool filled;
    struct rgb fill;
    /* PRIM_TEXT: baseline anchor (x, y), rotated by angle degrees (ccw) */
    char *text;         /* valid UTF-8 */
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
#define LAYOUT_BOX_WIDTH 648.0
#define LAYOUT_BOX_HEIGHT 432.0

/* An A4 sheet in points, the short side and the long. */
#define LAYOUT_A4_SHORT 595.0
#define LAYOUT_A4_LONG 842.0

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
    double fit_width;    /* PAGE_FIT: points */
    bool single_page;    /* the format holds one page: the key stays beside the graph */
    bool multipage;      /* key on pages of its own */
    bool key;            /* a key at all (-m0 and -l have none unless -M) */
    bool marks;          /* draw MARK times */
    bool heap;           /* --heap: the RTS's heap size, live bytes, blocks lines */
    bool iec;            /* --units=iec: KiB, MiB, ... */
    bool pattern;        /* --pattern: hatch the bands, for black-and-white print */
    enum plot_mode mode; /* --mode: stacked areas, percent of each sample, or lines */
    bool colour;         /* -c: lines are drawn in the band colours as they are */
    bool slopes;         /* --slopes: the key says each band's slope */
    bool data;           /* fill layout.data (-o FILE.html) */
    double x_range;      /* the scales actually used (after -p and the 0 rule) */
    double y_range;
};

/* -o FILE.html (layout_options.data): what a page's script needs to read
 * the graph back: where things are, in the page's coordinates (points
 * from the top left, y down), and the values at the samples it keeps
 * (series_samples_build; --diff: the diff's grid).  The matrix is never a
 * turn for the formats that ask for it, so a rectangle stays one. */
struct layout_data_band {   /* a band of any panel, as the key lists it */
    char *name;             /* the full name, valid UTF-8, newlines kept */
    char *detail;           /* what the log tells of it (profile.detail: tab-separated,
                             * in the order of layout_data.detail_columns, raw bytes),
                             * or NULL */
    struct rgb colour;      /* its fill (--mode=lines: its line) */
    bool has_box;           /* its key entry is drawn, in this box: */
    double box[4];          /* x, y, width, height */
};

struct layout_data_panel {
    char *title;            /* its JOB, one line of valid UTF-8 */
    double plot[4];         /* the graph's area: x, y, width, height */
    double t0, t_span;      /* the time at the area's left edge, and across it */
    double y_lo, y_span;    /* the value at its foot, and up its height */
    size_t nbands;
    size_t *band;           /* panel band b (bottom first) is layout_data.band[band[b]] */
    double *share;          /* per band: its part of the drawn total, 0..1 (--diff: of the
                             * changes' magnitudes) */
    double *peak, *peak_time; /* its largest value and when (--diff: largest change) */
    double *slope;          /* least-squares slope, VALUE_UNIT per SAMPLE_UNIT */
    size_t nsamples;
    size_t profile_samples; /* the profile's samples (--diff: the grid's columns), of
                             * which the page keeps nsamples */
    double *t;              /* the samples' times */
    double *value;          /* value[i * nbands + b]: band b's own value in sample i
                             * (--diff: its change) */
    size_t nheap;           /* --heap: the lines drawn, */
    const char **heap_name; /*   their names (static strings), */
    double *heap;           /*   heap[i * nheap + k]: line k's value in force at
                             *   sample i, -1 before its first event */
    struct rgb heap_colour[3]; /*  the lines' colours, for the page's toggle */
    size_t nmarks;          /* the marks drawn, in time order: */
    double *mark_t;         /*   their times */
    char **mark_text;       /*   their whole texts, valid UTF-8, one line */
    double mark_strip;      /* the strip of their texts over the graph, as high
                             * as drawn (page units; 0: none) */
    double *hidden;         /* hidden[i]: what -t removed in sample i, or NULL */
    size_t hidden_names;    /* how many names -t removed, under trace_percent */
    double trace_percent;
};

struct layout_data {
    enum plot_mode mode;
    bool diff;              /* panel values are changes, stacked both ways from 0 */
    bool x_index;           /* --x=index */
    bool iec;               /* --units=iec */
    char *value_unit, *sample_unit; /* one line of valid UTF-8 each */
    size_t nbands;
    struct layout_data_band *band;
    char *detail_columns;   /* the bands' detail fields, tab-separated, or NULL */
    size_t npanels;
    struct layout_data_panel *panel;
};

struct layout {
    double page_width, page_height; /* output page in points */
    double matrix[6];    /* local -> page, y down: xx, yx, xy, yy, x0, y0 (cairo order) */
    bool fitted;         /* the page is the graph's own size (PAGE_FIT) */
    struct page *page;
    size_t npages;
    char *title;         /* document title (the JOB), valid UTF-8, one line */
    char *date;          /* the DATE string, valid UTF-8, one line */
    struct layout_data *data; /* layout_options.data: the page's data, else NULL */
};

#endif

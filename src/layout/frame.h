/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/frame.h: the frame (private to layout/), what one graph, each
 * of several profiles' panels and --diff are drawn in: the box, its
 * title box, the graph's place and scales, and the key.  layout.c builds
 * it and draws the box, the title box, the axes and the graph;
 * layout/key.c, layout/panels.c and layout/diff.c draw into it.
 *
 * A frame is built once, in order: frame_init (the box and the title
 * box), the y axis (frame_set_y or frame_set_signed_y), key_build (the
 * key and the graph's width), then frame_place puts it on the page.
 */
#ifndef HP2PS_LAYOUT_FRAME_H
#define HP2PS_LAYOUT_FRAME_H

#include "layout/axis.h"
#include "layout/page.h"

struct key; /* layout/key.h: the key, built into a frame by key_build */

/* The page geometry, in points. */
#define BOX_WIDTH         LAYOUT_BOX_WIDTH /* GHC's box; -e's is the page's width */
#define BOX_HEIGHT        LAYOUT_BOX_HEIGHT
#define BORDER_SPACE      5.0
#define ORIGIN_X          62.0 /* the y unit title, the widest y label ("12.5 MB"), the ticks */
#define ORIGIN_Y          30.0 /* the x labels, and the unit title under them */
#define DIGIT_HALF_HEIGHT 3.3  /* half the height of a digit at the axis size */
#define BAND_OUTLINE      0.3
#define AXIS_ASCENT       7.9 /* the axis font's ascent and descent (DejaVu Sans 8.5 pt) */
#define AXIS_DESCENT      2.0
#define PEAK_RADIUS       2.2
#define BAND_LINE         1.2 /* --mode=lines: each band's line */
/* A unit or a quantity in a title or a key note: a sixth of GHC's box,
 * however long the profile's unit. */
#define UNIT_ROOM         (BOX_WIDTH / 6)

/* layout/heap.c: the markers' strip over the graph (taken from its
 * height), their labels' baseline in it, the heap legend's baseline
 * (the time axis's title's). */
#define MARK_STRIP           11.0
#define MARK_LABEL_BASE      5.0
#define MARK_ROW             10.0 /* each further row of markers' texts */
#define MARK_ROWS_MAX        4
#define MARK_ROWS_SHARE      (1.0 / 3) /* of the graph's height, the rows over the first */
#define HEAP_LEGEND_BASELINE 4.5

/* What -t leaves out is said under the title when it comes to this
 * share of the peak (or of --diff's span): at that height it would show. */
#define TRACE_NOTE_SHARE 0.02
/* ... and, without --top, ends so: where a leak -t hides is found */
#define TRACE_NOTE_TOP   ", --top ranks what grew"

/* A title box's three texts, each one line of valid UTF-8: the job on
 * the left, the middle (GHC's total) centred, the date on the right. */
struct title {
    char *job, *middle, *date;
    char *middle_short; /* the middle when a narrow page cannot hold it (the
                         * peak without the total), or NULL */
    char *note;         /* a line under them, or NULL: what -t left undrawn */
    char **facts;       /* then these, each wrapped to the box's width: what
                         * the reader says of the data (profile.h's facts) */
    size_t nfacts;
    char *suspects; /* --top: a line under those naming the leaks, or NULL */
};

struct frame {
    double bw, bh;       /* the box: 648 x 432, or -e's width in points */
    double title_height; /* with note_height, the line of a title's note */
    double note_height;
    double suspects_height; /* the part of note_height --top's line takes */
    double gw, gh;          /* graph width and height */
    double x0, x_range;     /* time at the origin, and per graph width */
    double y_lo, y_range;   /* the drawn y axis: its foot (below 0 for --diff) and
                            * span, from and to labelled ticks around the data */
    struct ticks y_ticks;   /* its ticks, every one labelled */
    struct value_scale y_scale;
    const char *y_unit;             /* the y axis's title (VALUE_UNIT), NULL for percent */
    bool y_signed;                  /* --diff: labels "+2 MB", "-1 MB" */
    const struct layout_options *o; /* what it is drawn by: -c, --pattern, --mode, ... */
    bool heap;                      /* --heap's lines drawn (one profile's graph only) */
    bool mark_labels;               /* the markers' texts in a strip of MARK_STRIP over the graph */
    size_t mark_rows;               /* ... in this many rows, each MARK_ROW higher (0: one) */
    bool note_row;                  /* the title's note has a line (some title has one) */
    size_t fact_rows;               /* the facts' lines the title box holds at most */
    struct key *key;                /* key_build's (layout/key.c), freed by frame_free */
};

/* Fails (-1, "SOURCE: cannot scale the graph ...") unless the time and
 * value spans are finite and positive. */
int frame_check(double x_range, double y_span, const char *source, struct hp_error *err);

/* The box (GHC's, or -e's width), the options drawn by, the time at the
 * origin, and the title box's height for titles t[0..n) (panels share
 * one).  Nothing is allocated until key_build. */
void frame_init(struct frame *f, const struct layout_options *o, double x0, const struct title *t,
                size_t n, const struct text_metrics *tm);

/* The y axis from 0 up to the tick at or above y_range (--mode=lines:
 * with some room over the highest line; percent: 100). */
void frame_set_y(struct frame *f, const char *value_unit);

/* --diff: the y axis through both signs, from the tick at or below lo to
 * the one at or above hi. */
void frame_set_signed_y(struct frame *f, double lo, double hi, const char *value_unit);

/* The graph's width when no key stands beside it. */
double frame_full_width(const struct frame *f);

/* n boxes of f's size one above the other (local y from -strip to
 * n * bh, the first box on top) and the key's strip under them, onto the
 * output page: L's page size and matrix. */
void frame_place(struct layout *L, const struct frame *f, size_t n);

/* Frees what key_build allocated (layout/layout.c). */
void frame_free(struct frame *f);

/* A time and a value in local points. */
double graph_x(const struct frame *f, double t);
double graph_y(const struct frame *f, double v);

/* The sign in front of a change: "+", a real minus (U+2212, as wide as
 * the plus) or nothing for zero. */
const char *sign_of(double v);

/* How a band looks, the same on the graph and in the key (and the
 * page's colour, layout_band_colour): --pattern's hatch (0: none);
 * --mode=lines' colour and dash. */
int band_hatch(const struct frame *f, const struct band *band);
void line_style(const struct frame *f, const struct band *band, struct rgb *colour, int *dash);

/* A profile's title: its JOB, GHC's total in unit-seconds and the peak
 * with its time (in the time axis's unit: x_range, the axis's range,
 * chooses it), its DATE; the note of what -t left out, which without
 * --top (top false) says that --top ranks what grew. */
void profile_title(struct title *t, const struct profile *p, const struct series *s, double x_range,
                   bool iec, bool top, const struct text_metrics *tm);
void title_free(struct title *t);

/* Add p's facts to t's (prefix before each: "" or "FILE: "). */
void title_add_facts(struct title *t, const struct profile *p, const char *prefix);

/* The names two profiles' sides go by: their files' names, or their
 * whole paths when those are alike too.  New strings. */
void title_side_names(const struct profile *before, const struct profile *after, char **b,
                      char **a);

/* Add both profiles' facts to t's, each said with its file: what only
 * the readers know, of either side. */
void title_add_side_facts(struct title *t, const struct profile *before,
                          const struct profile *after);

/* --top (o->suspects): the line naming the leaks (up to
 * o->suspects_max; 0: as many as fit the title box o gives), each with
 * its growth and how much of its peak is still held; with none, what a
 * leak would need.  Two profiles: what grew most between them.  NULL
 * without o->suspects. */
char *suspects_line(const struct layout_options *o, const struct profile *p,
                    const struct text_metrics *tm);

/* The box (down to below points under it: the key's strip, key_strip)
 * and the title box t. */
void draw_head(struct page *pg, const struct frame *f, const struct title *t, double below,
               const struct text_metrics *tm);

/* The key's own pages, if it has them (dy points up: the top panel's
 * place), then the graph's page, on which the key's entries' boxes are
 * kept (L->key_box). */
struct page *open_graph_page(struct layout *L, const struct band_plan *key, struct frame *f,
                             const struct title *t, double dy, const struct text_metrics *tm);

/* One box (one profile, --diff): open_graph_page's page with the box
 * down to the key's strip, the title box t, and the key beside or below
 * the graph. */
struct page *open_one_box(struct layout *L, const struct band_plan *key, struct frame *f,
                          const struct title *t, const struct text_metrics *tm);

/* The axes: the y axis by f's scale and labels, the time axis by p's
 * unit. */
void draw_y_axis(struct page *pg, const struct frame *f, const struct text_metrics *tm);
double draw_x_axis(struct page *pg, const struct profile *p, const struct frame *f,
                   const struct text_metrics *tm); /* returns its title's width */

/* A profile's graph in f: the axes, the bands (or their lines), the peak
 * and the marks. */
void draw_graph(struct page *pg, const struct profile *p, const struct band_plan *bp,
                const struct series *s, const struct frame *f, const struct text_metrics *tm);

/* layout/heap.c: --heap's lines over the graph, and their legend left
 * of the time axis's title (unit_width wide, centred) when it fits. */
void draw_heap_lines(struct page *pg, const struct profile *p, const struct frame *f);
void draw_heap_legend(struct page *pg, const struct profile *p, const struct frame *f,
                      double unit_width, const struct text_metrics *tm);

/* Do p's marks have texts to draw (and o draws marks)? */
bool layout_mark_labels(const struct profile *p, const struct layout_options *o);

/* How many rows of the strip p's markers' texts need in f (as wide as it
 * will be drawn, its strip of one row taken), each at its own marker, up
 * to MARK_ROWS_MAX and to what MARK_ROWS_SHARE of f's graph holds. */
size_t layout_mark_rows(const struct profile *p, const struct frame *f,
                        const struct text_metrics *tm);

/* With f->mark_labels: the marks p->marks[shown[0..n)] (those drawn, one
 * where they crowd) as dashed lines up the graph, and every marker's text
 * in the strip's rows above it (layout/heap.c says how). */
void draw_mark_labels(struct page *pg, const struct profile *p, const struct frame *f,
                      const size_t *shown, size_t nshown, const struct text_metrics *tm);

/* One sample drawn as a bar ONE_BAR of the axis wide (layout/layout.c):
 * s's one point per band as two points, half either side.  bar shares s's
 * figures; its edges are new (bar_free). */
#define ONE_BAR 0.04
void bar_series(struct series *bar, const struct series *s, double half);
void bar_free(struct series *bar);

/* The graph f has drawn, dy points above the lowest box: one more of
 * L->graph (its area and scales), after those drawn before it. */
void frame_note_graph(struct layout *L, const struct frame *f, double dy);

#endif

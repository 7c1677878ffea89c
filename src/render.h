/* SPDX-License-Identifier: BSD-3-Clause */
/* render.h: stage 5, a layout drawn with cairo.
 *
 * render/core.c is the drawing core shared by every format: it walks the
 * pages of a layout and draws their primitives on any cairo surface, with
 * all text set by pango.  Each output format is one small file that makes the
 * right cairo surface and hands it to the core (render/ps.c: PostScript
 * and EPS); render/html.c wraps render/svg.c's SVG in a page.
 */
#ifndef HP2PS_RENDER_H
#define HP2PS_RENDER_H

#include <stdio.h>

#include "common.h"
#include "layout.h"

/* Fonts: one pango context used both to measure (for the layout) and to
 * draw, so that what was measured is what is drawn. */
struct render_fonts;

struct render_format;
struct render_settings;
/* fmt: the format the text will be drawn in (NULL: a vector one), whose
 * kind of surface the fonts are set up for.  Never NULL (memory running
 * out aborts, as xmalloc); the caller owns the fonts: render_fonts_free
 * (NULL is harmless).  The metrics borrow the fonts. */
struct render_fonts *render_fonts_new(const struct render_format *fmt);
void render_fonts_free(struct render_fonts *fonts);
/* The same fonts made on a thread of their own, so that finding and
 * loading the font (a few milliseconds, most of a small run's own work)
 * overlaps the reading of the profile.  render_fonts_begin starts the
 * thread, or makes the fonts there and then when no thread can start;
 * render_fonts_end waits for them and hands them over (the caller owns
 * them).  Every job begun must be ended, and between the two the caller
 * must not use pango, cairo or fontconfig, whose shared state (the
 * current fontconfig configuration, pango's caches) the thread is
 * changing.  Never NULL; aborts as xmalloc when memory runs out. */
struct render_fonts_job;
struct render_fonts_job *render_fonts_begin(const struct render_format *fmt);
struct render_fonts *render_fonts_end(struct render_fonts_job *job);
struct text_metrics render_text_metrics(struct render_fonts *fonts);
/* For tests: text's width as pango lays it out (render_text_metrics'
 * may add up widths it learnt instead: render/core.c, "advance
 * widths"), and how many texts the metrics have laid out so far. */
double render_text_laid_out(struct render_fonts *fonts, enum font_role font, const char *text);
unsigned long render_fonts_laid_out(const struct render_fonts *fonts);
/* NULL when every character measured with fonts so far has a glyph; else
 * why text is drawn as boxes (no font at all, or some characters that no
 * font has), for a warning; or that fontconfig's configuration is missing,
 * so its own message (on stderr) was avoided and the font file used. */
const char *render_fonts_boxes(const struct render_fonts *fonts);

/* zlib level for what we compress (PNG rows, PDF streams): past 3 a
 * graph's files shrink by little and cost much (measured: bench/HISTORY.md). */
#define RENDER_ZLIB_LEVEL 3

/* SOURCE_DATE_EPOCH (reproducible builds), which dates the documents the
 * writers make; without it PostScript takes the profile's DATE and PDF and
 * PNG write no date, so the same input always gives the same bytes.
 * Returns seconds since the epoch; -1 when SOURCE_DATE_EPOCH is not set
 * (or empty), -2 when it is not a whole number from 0 to RENDER_EPOCH_MAX
 * (the pipeline warns, and it is not used). */
#define RENDER_EPOCH_MAX 253402300799LL /* 9999-12-31T23:59:59Z */
long long render_source_date_epoch(void);
/* epoch as UTC: false unless 0 <= epoch <= RENDER_EPOCH_MAX. */
struct tm;
bool render_utc(long long epoch, struct tm *tm);

/* The drawing core: every page of L on surface, one cairo page each.  0,
 * or -1 with err set when cairo or pango fails; the surface stays the
 * caller's. */
struct _cairo_surface;
int render_pages(struct _cairo_surface *surface, const struct layout *L, struct render_fonts *fonts,
                 struct hp_error *err);

/* Where a vector format's bytes go on their way to the file.  cairo
 * writes its output stream in pieces of a few bytes, and an fwrite each
 * (its locking, its checks) cost more than cairo's own formatting: the
 * pieces are gathered here and written in blocks. */
struct render_sink {
    FILE *f;
    size_t len;
    unsigned char buf[1 << 15];
};
/* A sink writing to f (on the heap: its buffer is large). */
struct render_sink *render_sink_new(FILE *f);
/* false when f has failed. */
bool render_sink_put(struct render_sink *s, const void *data, size_t n);
bool render_sink_flush(struct render_sink *s);

/* The end of a vector format's drawing, whose surface writes to sink: the
 * surface finished (again, if the caller did) and destroyed, what the sink
 * holds written and the sink freed.  rc is render_pages' result; a cairo
 * or write failure after it gives err "WHAT failed: ..." and -1. */
int render_vector_end(struct _cairo_surface *surface, struct render_sink *sink, int rc,
                      const char *what, struct hp_error *err);

/* err: "WHAT failed: reason" for a cairo status (a cairo_status_t); -1. */
int render_fail(struct hp_error *err, const char *what, int status);

/* How a format is written.  Each output format is one file
 * (render/ps.c, render/pdf.c, ...) defining one of these; formats.c
 * lists them.  The HTML page writes the page's data too (page/page.h),
 * built after the layout by the pipeline for a format that asks for it. */
struct page_data;
struct render_settings {
    double dpi;            /* raster formats: pixels per inch */
    double refresh;        /* HTML: --watch's period, the page reloads itself this
                              * often (seconds); 0: never */
    unsigned refresh_stop; /* HTML: after this many reloads that found the page the
                              * same (--watch has ended: watch.h, WATCH_IDLE_PERIODS),
                              * the page stops reloading */
    unsigned threads;      /* HP2PS_THREADS: 1 draws and writes on one thread (the
                              * same bytes, slower); 0 or more: as many as help */
};

struct render_format {
    const char *name; /* --format=NAME, and the file extension */
    bool multipage;   /* can hold several pages (else the key stays beside the graph) */
    bool print_page;  /* default page is GHC's turned A4 (PostScript) */
    bool always_fit;  /* the page is always the graph's own size (EPS) */
    /* L to f: 0, or -1 with err set (f is the caller's, left open).
     * The program calls a format through render_write, never these two
     * directly: a format with a page (HTML) has no write. */
    int (*write)(FILE *f, const struct layout *L, struct render_fonts *fonts,
                 const struct render_settings *rs, struct hp_error *err);
    /* instead of write, for a format that has a page (HTML): L with the
     * page's data, D */
    int (*write_page)(FILE *f, const struct layout *L, const struct page_data *D,
                      struct render_fonts *fonts, const struct render_settings *rs,
                      struct hp_error *err);
    bool raster; /* drawn on cairo's image surface (PNG) */
};

/* fmt's writer, whichever it has: L (and for a format with a page, D) to
 * f.  0, or -1 with err set; f is left open. */
int render_write(const struct render_format *fmt, FILE *f, const struct layout *L,
                 const struct page_data *D, struct render_fonts *fonts,
                 const struct render_settings *rs, struct hp_error *err);

extern const struct render_format render_format_ps, render_format_eps, render_format_pdf,
    render_format_svg, render_format_png, render_format_html;

/* The SVG of L (one page) to f; with metadata, a <title> (the JOB) and a
 * <desc> open the document (the HTML page has its own).  0, or -1 with
 * err set; f is left open. */
int render_svg_write(FILE *f, const struct layout *L, struct render_fonts *fonts, bool metadata,
                     struct hp_error *err);

/* The document date for metadata, "YYYY-MM-DDThh:mm:ss" in UTC, from
 * SOURCE_DATE_EPOCH; false when that is not set. */
bool render_iso_date(char *buf, size_t size);

#endif

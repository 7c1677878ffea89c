/* SPDX-License-Identifier: BSD-3-Clause */
/* page/page.h: the HTML page's data (-o FILE.html), a stage of its own
 * after the layout: what the page's script needs to read the graph back
 * (render/html.c writes it as JSON beside the picture).  It takes the
 * profile, the plan, the series (or --diff's grid) and where the layout
 * drew each graph and key entry (struct layout_graph, layout.key_box),
 * and puts those on the page: points from the top left, y down.  The
 * layout knows nothing of it.
 *
 * A panel's values are what its graph's y axis measures: a band's own
 * value in a sample, or under --diff (page_data.diff) its change.
 */
#ifndef HP2PS_PAGE_PAGE_H
#define HP2PS_PAGE_PAGE_H

#include "layout.h"

struct page_suspects;
struct page_opened;
struct page_tree;

struct page_data_band { /* a band of any panel, as the key lists it */
    char *name;         /* the full name, valid UTF-8, newlines kept */
    char *detail;       /* what the log tells of it (profile.detail: tab-separated,
                             * in the order of page_data.detail_columns, raw bytes),
                             * or NULL */
    struct rgb colour;  /* its fill (--mode=lines: its line) */
    bool is_other;      /* the band of the names -m merges (band.is_other) */
    bool has_box;       /* its key entry is drawn, in this box: */
    double box[4];      /* x, y, width, height */
};

/* A name of a panel's profile, for the page's search and its table of
 * every name (page_data_add_names): the names OTHER gathers and those -t
 * removes too, with their figures over every sample. */
struct page_data_name {
    char *name;             /* the full name, valid UTF-8, newlines kept */
    char *detail;           /* as page_data_band.detail, or NULL */
    long band;              /* page_data.band[band] draws it (OTHER's for a name it
                             * gathers); -1: -t removed it */
    double share;           /* its total over the drawn total (the key's shares) */
    double peak, peak_time; /* its largest value and when (the first time), */
    double slope, r2;       /*   its least-squares line and its R² (-1: none), */
    double area;            /*   value x time, by trapezoids, */
    double first, last;     /*   the first and last sample holding it */
    size_t prefix;          /* the characters of its "(N)" (stackname_prefix), which
                             * --top leaves out */
};

/* At most this many names are listed, the largest by total: a page stays
 * small whatever the profile (page_data_panel.names_total says how many
 * there are). */
#define PAGE_NAMES_MAX 2000

struct page_data_panel {
    char *title;         /* its JOB, one line of valid UTF-8 */
    double plot[4];      /* the graph's area: x, y, width, height */
    double t0, t_span;   /* the time at the area's left edge, and across it */
    double y_lo, y_span; /* the value at its foot, and up its height */
    size_t nbands;
    size_t *band;             /* panel band b (bottom first) is page_data.band[band[b]] */
    double *share;            /* per band: its part of the drawn total, 0..1 (--diff: of the
                             * changes' magnitudes) */
    double *peak, *peak_time; /* its largest value and when (--diff: largest change) */
    double *slope;            /* least-squares slope, VALUE_UNIT per SAMPLE_UNIT */
    size_t nsamples;
    size_t profile_samples;             /* the profile's samples (--diff: the grid's columns), of
                             * which the page keeps nsamples */
    double *t;                          /* the samples' times */
    double *value;                      /* value[i * nbands + b]: band b's value in sample i */
    size_t nheap;                       /* --heap: the lines drawn, */
    const char **heap_name;             /*   their names (static strings), */
    double *heap;                       /*   heap[i * nheap + k]: line k's value in force at
                             *   sample i, -1 before its first event */
    struct rgb heap_colour[HEAP_KINDS]; /* the lines' colours, for the page's toggle */
    size_t nmarks;                      /* every mark in the window, in time order (those
                             * at one place too): */
    double *mark_t;                     /*   their times */
    char **mark_text;                   /*   their whole texts, valid UTF-8, one line */
    double mark_strip;                  /* the strip of their texts over the graph, as high as
                             * drawn (page units; 0: none) */
    double *hidden;                     /* hidden[i]: what -t removed in sample i, or NULL */
    /* --top's ranking, OTHER and -t opened at each sample, the tree of
     * the names (page/suspects.h, page/icicle.h): one profile's panel,
     * NULL where not built */
    struct page_suspects *suspects;
    struct page_opened *opened;
    struct page_tree *tree;
    size_t hidden_names; /* how many names -t removed, under trace_percent */
    double trace_percent;
    /* The peaks the page names apart (the title's, every name; the top of
     * the stack drawn, without -t's names), and when; 0 for --diff. */
    double peak_all, peak_all_time;
    double peak_drawn, peak_drawn_time;
    size_t nnames; /* page_data_add_names: names listed, the largest first */
    struct page_data_name *names;
    size_t names_total; /* the profile's names that hold something */
    /* The page has one list of names (names): suspects->row[r]'s name is
     * names[suspect_name[r]] (-1: the row's own text), whole where
     * suspect_whole[r] (else less its "(N)"), and opened->name[m] is
     * names[opened_name[m]] less its "(N)"; NULL: not pointed */
    long *suspect_name;
    bool *suspect_whole;
    long *opened_name;
    double percent_floor; /* the percent view draws nothing for a sample whose drawn
                             * total is at most this (series.h, SERIES_PERCENT_FLOOR of
                             * the largest), as --mode=percent does */
};

struct page_data {
    enum plot_mode mode;
    bool diff;                      /* panel values are changes, stacked both ways from 0 */
    bool x_index;                   /* --x=index */
    bool iec;                       /* --units=iec */
    char *value_unit, *sample_unit; /* one line of valid UTF-8 each */
    size_t nbands;
    struct page_data_band *band;
    char *detail_columns; /* the bands' detail fields, tab-separated, or NULL */
    size_t npanels;
    struct page_data_panel *panel;
};

/* One profile's page: L drew p's bands bp on s's edges under o (s's
 * samples, series_samples_build's, are the values read back; without
 * them the panel has none); --heap's values in force at those samples
 * are read back exact (heapline_exact_at), which reads the events kept
 * and can fail: then NULL, with err set.  The caller owns it:
 * page_data_free. */
struct page_data *page_data_build(const struct layout *L, const struct profile *p,
                                  const struct band_plan *bp, const struct series *s,
                                  const struct layout_options *o, struct hp_error *err);

/* Several profiles: L drew panel[0..n) (layout_build_panels) with one key
 * of key's bands (their union), each panel's bands found in it by name. */
struct page_data *page_data_build_panels(const struct layout *L, const struct layout_panel *panel,
                                         size_t n, const struct band_plan *key,
                                         const struct layout_options *o);

/* --diff: L drew d, after minus before (layout_build_diff); the values
 * are d's changes on its grid, thinned to SERIES_PAGE_BUDGET numbers. */
struct page_data *page_data_build_diff(const struct layout *L, const struct profile *after,
                                       const struct diff *d, const struct layout_options *o);

/* Panel k's names (panel k drew profile p under plan bp): every name
 * that holds something (names_total), the largest PAGE_NAMES_MAX by
 * total listed, each with the key entry of the band that draws it and
 * the figures the page's table gives a band, over every sample (one
 * replay of p's store).  Nothing when every name is a band of its own
 * (the bands say it all).  The page searches them and lists them.  0, or
 * -1 with err set when the replay fails. */
int page_data_add_names(struct page_data *D, size_t k, const struct profile *p,
                        const struct band_plan *bp, struct hp_error *err);

/* --diff's page D (page_data_build_diff) given the two runs ranked by
 * what grew between them (page/suspects.h: page_suspects_build_two),
 * names chosen by filter (NULL: every name).  Nothing when D has no
 * panel. */
void page_data_add_grew(struct page_data *D, const struct profile *before,
                        const struct profile *after, const struct name_filter *filter);

/* Frees D and all it holds (NULL is harmless). */
void page_data_free(struct page_data *D);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* page/page.c: see page/page.h.  The layout says where it drew each
 * graph and key entry, in its local points; this puts them on the page
 * (y down) and gathers the numbers the stages before computed. */
#include "page/page.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "page/icicle.h"
#include "page/suspects.h"
#include "utf8.h"

/* A local rectangle (x, y, width, height, y up) on the page (y down).
 * The matrix is never a turn for the formats that have a page (HTML), so
 * a rectangle stays one. */
static void to_page(const double m[6], const double local[4], double out[4])
{
    double x0 = local[0], y0 = local[1], x1 = local[0] + local[2], y1 = local[1] + local[3];
    double ax = m[0] * x0 + m[2] * y0 + m[4], ay = m[1] * x0 + m[3] * y0 + m[5];
    double bx = m[0] * x1 + m[2] * y1 + m[4], by = m[1] * x1 + m[3] * y1 + m[5];
    out[0] = fmin(ax, bx);
    out[1] = fmin(ay, by);
    out[2] = fabs(bx - ax);
    out[3] = fabs(by - ay);
}

/* A header string as the layout draws it: one line of valid UTF-8. */
static char *display_text(const char *raw)
{
    return utf8_display_text(raw, strlen(raw));
}

/* ---- the page and its bands ---- */

/* An empty page for a drawing of p (units, --x=index) under o. */
static struct page_data *data_new(const struct layout_options *o, const struct profile *p,
                                  bool diff)
{
    struct page_data *D = xcalloc(1, sizeof *D);
    D->mode = o->mode;
    D->diff = diff;
    D->x_index = p->x_is_index;
    D->iec = o->iec;
    D->value_unit = display_text(p->value_unit);
    D->sample_unit = display_text(layout_x_unit(p, true));
    return D;
}

/* The key's bands: names, colours as drawn, and the entries' boxes where
 * L drew the key on the graph's page (it lists the plan's bands, one
 * entry each). */
static void set_bands(struct page_data *D, const struct band_plan *key,
                      const struct layout_options *o, const struct layout *L)
{
    const double(*box)[4] =
        L->key_box && L->nkey_boxes >= key->count ? (const double(*)[4])L->key_box : NULL;
    D->nbands = key->count;
    D->band = xcalloc(key->count ? key->count : 1, sizeof *D->band);
    for (size_t b = 0; b < key->count; b++) {
        struct page_data_band *db = &D->band[b];
        const char *name = key->band[b].name;
        db->name = utf8_sanitize_lines(name, strlen(name));
        db->colour = layout_band_colour(o, &key->band[b]);
        db->is_other = key->band[b].is_other;
        db->has_box = box && box[b][2] > 0;
        if (db->has_box)
            to_page(L->matrix, box[b], db->box);
    }
}

/* Each key band's details from profile p (profile.detail), found by the
 * band's name; OTHER and names p lacks have none. */
static void set_details(struct page_data *D, const struct band_plan *key, const struct profile *p)
{
    if (!p->detail_columns)
        return;
    /* raw (tabs kept): the writer makes each field valid UTF-8 */
    D->detail_columns = xstrdup(p->detail_columns);
    for (size_t b = 0; b < key->count && b < D->nbands; b++) {
        const char *name = key->band[b].name;
        int64_t id = key->band[b].is_other ? -1 : names_find(&p->names, name, strlen(name));
        if (id >= 0 && (size_t)id < p->ndetail && p->detail[id])
            D->band[b].detail = xstrdup(p->detail[id]);
    }
}

/* A page for L's drawing of p whose key lists key's bands (diff: its
 * values are changes). */
static struct page_data *data_begin(const struct layout *L, const struct profile *p,
                                    const struct band_plan *key, const struct layout_options *o,
                                    bool diff)
{
    struct page_data *D = data_new(o, p, diff);
    set_bands(D, key, o, L);
    set_details(D, key, p);
    return D;
}

/* ---- a panel: a graph's place, scales and values ---- */

/* A panel for graph g of L, titled title. */
static struct page_data_panel *add_panel(struct page_data *D, const char *title,
                                         const struct layout *L, const struct layout_graph *g)
{
    D->panel = xreallocarray(D->panel, D->npanels + 1, sizeof *D->panel);
    struct page_data_panel *P = &D->panel[D->npanels++];
    memset(P, 0, sizeof *P);
    P->title = display_text(title);
    to_page(L->matrix, g->plot, P->plot);
    P->t0 = g->t0, P->t_span = g->t_span, P->y_lo = g->y_lo, P->y_span = g->y_span;
    return P;
}

static void panel_alloc(struct page_data_panel *P, size_t nbands)
{
    size_t n1 = nbands ? nbands : 1;
    P->nbands = nbands;
    P->band = xcalloc(n1, sizeof *P->band);
    P->share = xcalloc(n1, sizeof *P->share);
    P->peak = xcalloc(n1, sizeof *P->peak);
    P->peak_time = xcalloc(n1, sizeof *P->peak_time);
    P->slope = xcalloc(n1, sizeof *P->slope);
}

/* Key entries by name, to find a panel's band among them (several
 * profiles: the key is the union of the panels' bands). */
struct named {
    const char *name;
    size_t index;
};

static int named_cmp(const void *a, const void *b)
{
    return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

static void map_to_key(struct page_data_panel *P, const struct page_data *D,
                       const struct band_plan *bp)
{
    bool same = bp->count == D->nbands;
    for (size_t b = 0; same && b < bp->count; b++) {
        char *clean = utf8_sanitize_lines(bp->band[b].name, strlen(bp->band[b].name));
        same = strcmp(clean, D->band[b].name) == 0;
        free(clean);
    }
    if (same) { /* one profile: the key is its plan */
        for (size_t b = 0; b < bp->count; b++)
            P->band[b] = b;
        return;
    }
    struct named *sorted = xcalloc(D->nbands ? D->nbands : 1, sizeof *sorted);
    for (size_t k = 0; k < D->nbands; k++)
        sorted[k] = (struct named){ D->band[k].name, k };
    qsort(sorted, D->nbands, sizeof *sorted, named_cmp);
    for (size_t b = 0; b < bp->count; b++) {
        char *clean = utf8_sanitize_lines(bp->band[b].name, strlen(bp->band[b].name));
        struct named want = { clean, 0 };
        const struct named *hit = bsearch(&want, sorted, D->nbands, sizeof *sorted, named_cmp);
        P->band[b] = hit ? hit->index : 0; /* bands_union holds every name */
        free(clean);
    }
    free(sorted);
}

/* A profile's panel: the bands of bp, each found in the key by name;
 * shares, peaks and slopes from bp and s; the values at s's samples
 * for the page (series_samples_build), when it has them. */
static void panel_series(struct page_data_panel *P, const struct page_data *D,
                         const struct band_plan *bp, const struct series *s)
{
    size_t nb = bp->count;
    panel_alloc(P, nb);
    map_to_key(P, D, bp);
    double whole = 0;
    for (size_t b = 0; b < nb; b++)
        whole += (double)bp->band[b].total;
    for (size_t b = 0; b < nb; b++) {
        P->share[b] = whole > 0 ? (double)bp->band[b].total / whole : 0;
        P->peak[b] = b < s->nbands ? s->band_peak[b] : 0;
        P->peak_time[b] = b < s->nbands ? s->band_peak_time[b] : 0;
        P->slope[b] = bp->band[b].slope;
    }
    P->profile_samples = s->nsamples;
    P->hidden_names = s->hidden_names;
    P->trace_percent = s->trace_percent;
    P->peak_all = s->all_max, P->peak_all_time = s->all_max_time;
    P->peak_drawn = s->y_max, P->peak_drawn_time = s->y_max_time;
    P->percent_floor = s->y_max * SERIES_PERCENT_FLOOR;
    const struct series_samples *ss = s->samples;
    if (!ss || ss->nbands != nb)
        return;
    P->nsamples = ss->n;
    P->t = xcalloc(ss->n ? ss->n : 1, sizeof *P->t);
    P->value = xcalloc(ss->n * nb > 0 ? ss->n * nb : 1, sizeof *P->value);
    if (ss->n) /* no samples: ss->t is NULL, which memcpy may not be given */
        memcpy(P->t, ss->t, ss->n * sizeof *P->t);
    for (size_t i = 0; i < ss->n * nb; i++)
        P->value[i] = (double)ss->value[i];
    if (ss->hidden) {
        P->hidden = xcalloc(ss->n ? ss->n : 1, sizeof *P->hidden);
        for (size_t i = 0; i < ss->n; i++)
            P->hidden[i] = (double)ss->hidden[i];
    }
}

/* A profile's panel: --top's ranking, OTHER and -t at each sample, and
 * the tree of the names, from the page's samples of s. */
static void panel_suspects_and_tree(struct page_data_panel *P, const struct profile *p,
                                    const struct band_plan *bp, const struct series *s)
{
    if (!s->samples || s->samples->nbands != bp->count)
        return;
    P->suspects = page_suspects_build(p, bp, s->samples);
    P->opened = page_opened_build(p, bp, s->samples, P->suspects);
    P->tree = page_tree_build(p, bp, P->opened);
}

/* One profile's panel, over graph g of L: the heap lines' values in
 * force at P's samples, exact, where g draws them (--heap), and the text
 * of every marker in the window, those at one place too (the drawing
 * shows each, or counts it where they crowd; the page lists each whole),
 * with the height of the strip their texts take over the graph.  0, or
 * -1 with err set (the heap lines' kept events could not be read). */
static int panel_heap_and_marks(struct page_data_panel *P, const struct profile *p,
                                const struct layout *L, const struct layout_graph *g,
                                const struct layout_options *o, struct hp_error *err)
{
    if (g->heap) {
        struct heapline_exact cur[HEAP_KINDS];
        int kind[HEAP_KINDS];
        size_t n = 0;
        for (int k = 0; k < HEAP_KINDS; k++)
            if (p->heap->line[k].events) {
                kind[n] = k;
                heapline_exact_start(&cur[n++], &p->heap->line[k]);
            }
        P->nheap = n;
        P->heap_name = xcalloc(n ? n : 1, sizeof *P->heap_name);
        for (size_t k = 0; k < n; k++) {
            P->heap_name[k] = heapline_name((enum heap_kind)kind[k]);
            P->heap_colour[k] = layout_heap_colour((enum heap_kind)kind[k]);
        }
        P->heap = xcalloc(P->nsamples * n + 1, sizeof *P->heap);
        int rc = 0;
        for (size_t i = 0; i < P->nsamples && rc >= 0; i++)
            for (size_t k = 0; k < n && rc >= 0; k++) {
                uint64_t v;
                rc = heapline_exact_at(&cur[k], P->t[i], &v, err);
                P->heap[i * n + k] = rc > 0 ? (double)v : -1;
            }
        for (size_t k = 0; k < n; k++)
            heapline_exact_end(&cur[k]);
        if (rc < 0)
            return -1;
    }
    if (!o->marks || !p->mark_text || !p->nmarks)
        return 0;
    /* the strip's height on the page: the matrix's scale upward */
    P->mark_strip = g->mark_strip * hypot(L->matrix[2], L->matrix[3]);
    P->mark_t = xreallocarray(NULL, p->nmarks, sizeof *P->mark_t);
    P->mark_text = xreallocarray(NULL, p->nmarks, sizeof *P->mark_text);
    for (size_t i = 0; i < p->nmarks; i++) {
        double t = p->marks[i];
        if (t < g->t0 || t > g->t0 + g->t_span)
            continue;
        P->mark_t[P->nmarks] = t;
        P->mark_text[P->nmarks++] = display_text(p->mark_text[i] ? p->mark_text[i] : "");
    }
    return 0;
}

/* Least-squares slope of y over t[0..n). */
static double slope_of(const double *t, const double *y, size_t n)
{
    double st = 0, sy = 0;
    for (size_t c = 0; c < n; c++)
        st += t[c], sy += y[c];
    if (n < 2)
        return 0;
    double mt = st / (double)n, my = sy / (double)n, num = 0, den = 0;
    for (size_t c = 0; c < n; c++) {
        num += (t[c] - mt) * (y[c] - my);
        den += (t[c] - mt) * (t[c] - mt);
    }
    double s = den > 0 ? num / den : 0;
    return isfinite(s) ? s : 0;
}

/* The same budget as the samples of a profile (series.h). */
static size_t grid_stride(size_t ncolumns, size_t nbands)
{
    size_t cells = ncolumns * (nbands ? nbands : 1);
    return cells <= SERIES_PAGE_BUDGET ? 1 : (cells + SERIES_PAGE_BUDGET - 1) / SERIES_PAGE_BUDGET;
}

/* --diff's panel: each band's change on d's grid, thinned to the page's
 * budget (the last column kept); shares of the changes' magnitudes, the
 * largest change, and the change's slope. */
static void panel_diff(struct page_data_panel *P, const struct diff *d)
{
    size_t nb = d->bands.count, nc = d->ncolumns;
    panel_alloc(P, nb);
    double whole = 0;
    double *moved = xcalloc(nb ? nb : 1, sizeof *moved);
    for (size_t b = 0; b < nb; b++) {
        P->band[b] = b;
        for (size_t c = 0; c < nc; c++)
            moved[b] += fabs(d->change[b][c]);
        whole += moved[b];
        P->peak[b] = d->extreme[b];
        P->peak_time[b] = d->extreme_time[b];
        P->slope[b] = slope_of(d->t, d->change[b], nc);
    }
    for (size_t b = 0; b < nb; b++)
        P->share[b] = whole > 0 ? moved[b] / whole : 0;
    free(moved);
    size_t stride = grid_stride(nc, nb);
    size_t n = nc ? (nc - 1) / stride + 1 + ((nc - 1) % stride != 0) : 0;
    P->nsamples = n;
    P->profile_samples = nc;
    P->t = xcalloc(n ? n : 1, sizeof *P->t);
    P->value = xcalloc(n * nb > 0 ? n * nb : 1, sizeof *P->value);
    for (size_t i = 0; i < n; i++) {
        size_t c = i * stride < nc ? i * stride : nc - 1; /* the last column too */
        P->t[i] = d->t[c];
        for (size_t b = 0; b < nb; b++)
            P->value[i * nb + b] = d->change[b][c];
    }
}

/* ---- the three kinds of drawing ---- */

struct page_data *page_data_build(const struct layout *L, const struct profile *p,
                                  const struct band_plan *bp, const struct series *s,
                                  const struct layout_options *o, struct hp_error *err)
{
    struct page_data *D = data_begin(L, p, bp, o, false);
    if (L->ngraphs) {
        struct page_data_panel *P = add_panel(D, p->job, L, &L->graph[0]);
        panel_series(P, D, bp, s);
        if (panel_heap_and_marks(P, p, L, &L->graph[0], o, err) < 0) {
            page_data_free(D);
            return NULL;
        }
        panel_suspects_and_tree(P, p, bp, s);
    }
    return D;
}

struct page_data *page_data_build_panels(const struct layout *L, const struct layout_panel *panel,
                                         size_t n, const struct band_plan *key,
                                         const struct layout_options *o)
{
    struct page_data *D = data_begin(L, panel[0].p, key, o, false);
    for (size_t k = 0; k < n && k < L->ngraphs; k++) {
        struct page_data_panel *P = add_panel(D, panel[k].p->job, L, &L->graph[k]);
        panel_series(P, D, panel[k].bp, panel[k].s);
        panel_suspects_and_tree(P, panel[k].p, panel[k].bp, panel[k].s);
    }
    return D;
}

struct page_data *page_data_build_diff(const struct layout *L, const struct profile *after,
                                       const struct diff *d, const struct layout_options *o)
{
    struct page_data *D = data_begin(L, after, &d->bands, o, true);
    if (L->ngraphs)
        panel_diff(add_panel(D, L->title, L, &L->graph[0]), d);
    return D;
}

void page_data_add_grew(struct page_data *D, const struct profile *before,
                        const struct profile *after, const struct name_filter *filter)
{
    if (D && D->npanels && !D->panel[0].suspects)
        D->panel[0].suspects = page_suspects_build_two(before, after, filter);
}

void page_data_free(struct page_data *D)
{
    if (!D)
        return;
    for (size_t b = 0; b < D->nbands; b++) {
        free(D->band[b].name);
        free(D->band[b].detail);
    }
    free(D->band);
    free(D->detail_columns);
    for (size_t k = 0; k < D->npanels; k++) {
        struct page_data_panel *P = &D->panel[k];
        free(P->title);
        free(P->band);
        free(P->share);
        free(P->peak);
        free(P->peak_time);
        free(P->slope);
        free(P->t);
        free(P->value);
        free(P->heap_name);
        free(P->heap);
        for (size_t i = 0; i < P->nmarks; i++)
            free(P->mark_text[i]);
        free(P->mark_t);
        free(P->mark_text);
        free(P->hidden);
        for (size_t i = 0; i < P->nnames; i++) {
            free(P->names[i].name);
            free(P->names[i].detail);
        }
        free(P->names);
        free(P->suspect_name);
        free(P->suspect_whole);
        free(P->opened_name);
        page_suspects_free(P->suspects);
        page_opened_free(P->opened);
        page_tree_free(P->tree);
    }
    free(D->panel);
    free(D->value_unit);
    free(D->sample_unit);
    free(D);
}

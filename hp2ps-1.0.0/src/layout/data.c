/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/data.c: see layout/data.h. */
#include "layout/data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "layout/page.h"
#include "utf8.h"

/* A local rectangle (x, y, width, height, y up) on the page (y down). */
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

struct layout_data *layout_data_new(const struct layout_options *o, const struct profile *p,
                                    bool diff)
{
    struct layout_data *D = xcalloc(1, sizeof *D);
    D->mode = o->mode;
    D->diff = diff;
    D->x_index = p->x_is_index;
    D->iec = o->iec;
    D->value_unit = display_text(p->value_unit);
    D->sample_unit = display_text(x_unit(p, true));
    return D;
}

void layout_data_set_bands(struct layout_data *D, const struct band_plan *key,
                           const struct rgb *colour, const double (*box)[4],
                           const double matrix[6])
{
    D->nbands = key->count;
    D->band = xcalloc(key->count ? key->count : 1, sizeof *D->band);
    for (size_t b = 0; b < key->count; b++) {
        struct layout_data_band *db = &D->band[b];
        const char *name = key->band[b].name;
        db->name = utf8_sanitize_lines(name, strlen(name));
        db->colour = colour[b];
        db->has_box = box && box[b][2] > 0;
        if (db->has_box)
            to_page(matrix, box[b], db->box);
    }
}

void layout_data_set_details(struct layout_data *D, const struct band_plan *key,
                             const struct profile *p)
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

struct layout_data_panel *layout_data_add_panel(struct layout_data *D, const char *title,
                                                const double plot[4], const double matrix[6],
                                                double t0, double t_span, double y_lo,
                                                double y_span)
{
    D->panel = xreallocarray(D->panel, D->npanels + 1, sizeof *D->panel);
    struct layout_data_panel *P = &D->panel[D->npanels++];
    memset(P, 0, sizeof *P);
    P->title = display_text(title);
    to_page(matrix, plot, P->plot);
    P->t0 = t0, P->t_span = t_span, P->y_lo = y_lo, P->y_span = y_span;
    return P;
}

static void panel_alloc(struct layout_data_panel *P, size_t nbands)
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

static void map_to_key(struct layout_data_panel *P, const struct layout_data *D,
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
        sorted[k] = (struct named){D->band[k].name, k};
    qsort(sorted, D->nbands, sizeof *sorted, named_cmp);
    for (size_t b = 0; b < bp->count; b++) {
        char *clean = utf8_sanitize_lines(bp->band[b].name, strlen(bp->band[b].name));
        struct named want = {clean, 0};
        const struct named *hit = bsearch(&want, sorted, D->nbands, sizeof *sorted, named_cmp);
        P->band[b] = hit ? hit->index : 0; /* bands_union holds every name */
        free(clean);
    }
    free(sorted);
}

void layout_data_panel_series(struct layout_data_panel *P, const struct layout_data *D,
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

void layout_data_panel_diff(struct layout_data_panel *P, const struct diff *d)
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

void layout_data_free(struct layout_data *D)
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
        struct layout_data_panel *P = &D->panel[k];
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
    }
    free(D->panel);
    free(D->value_unit);
    free(D->sample_unit);
    free(D);
}

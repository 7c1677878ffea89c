/* SPDX-License-Identifier: BSD-3-Clause */
/* pipeline.c: see pipeline.h.  The stages wired in their order, no I/O;
 * each does its own work, and this file only hands one's result to the
 * next. */
#include "pipeline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "gate.h"
#include "heapline.h"
#include "pair.h"
#include "shades.h"

/* Bands of one NAME that one profile draws more of than another (pair.h;
 * on a page of several, -m may have merged the others into OTHER): drawn
 * apart, under their own "(N)" names. */
static void warn_unpaired(struct hp_warnings *warnings, struct pair_report *report,
                          const struct profile *p, size_t n)
{
    if (report->unpaired)
        warnings_add(warnings,
                     "%s: %s%s could not be paired with a band of the other profile%s, "
                     "which draw%s fewer bands of that name once \"(N)\" is left out; "
                     "%zu such band%s drawn apart",
                     p[report->first_plan].source, report->first_name,
                     report->unpaired > 1 ? " and others" : "", n > 2 ? "s" : "", n > 2 ? "" : "s",
                     report->unpaired, report->unpaired > 1 ? "s" : "");
    pair_report_free(report);
}

/* A band's sum held at INT64_MAX (bands_add_value): the output is not
 * the data there, so the run says so ("drawn at that", "written as that"). */
void pipeline_warn_clipped(struct hp_warnings *warnings, const char *source, const char *held)
{
    warnings_add(warnings,
                 "%s: a band's value in one sample passes 9223372036854775807 (2^63-1); "
                 "it is %s",
                 source, held);
}

/* ---- the middle: profiles in, bands and layouts out ------------------------------ */

/* A measured range, or the .aux's when -p saved a larger one (scales only
 * grow, so a series of graphs stays comparable); never 0. */
static double choose_range(double measured, bool has_saved, double saved)
{
    double r = measured;
    if (has_saved && saved > r)
        r = saved;
    return r > 0 ? r : 1.0;
}

/* An .aux that names none of the bands drawn belongs to another profile:
 * its order and shades changed nothing, and its scales must not apply
 * either.  (Checked against the bands, not the profile's names, because
 * with -m1 the only band is OTHER.) */
static bool aux_is_foreign(const struct aux *aux, const struct band_plan *bp)
{
    if (!aux->names.count || !bp->count)
        return false;
    for (size_t b = 0; b < bp->count; b++)
        if (bp->band[b].has_aux) /* (bands.c: by name, by the .hp's name, or less "(N)") */
            return false;
    return true;
}

bool pipeline_has_page(const struct pipeline_options *po)
{
    return po->fmt && po->fmt->write_page;
}

int pipeline_plan(struct band_plan *bp, const struct profile *p, const struct aux **aux,
                  const struct pipeline_options *po, struct hp_error *err)
{
    struct band_options bo = po->bands;
    bo.aux = aux ? *aux : NULL;
    if (pipeline_has_page(po))
        bo.slopes = true; /* the page's table has every band's slope */
    if (bands_plan(bp, p, &bo, err) < 0)
        return -1;
    if (bo.aux && aux_is_foreign(bo.aux, bp))
        *aux = NULL;
    return 0;
}

struct triage_options pipeline_top_window(const struct pipeline_options *po)
{
    /* The reader kept only the censuses of --from/--to; given again, they
     * name the window in a message. */
    return (struct triage_options){ .has_from = po->parse.has_from,
                                    .from = po->parse.from,
                                    .has_to = po->parse.has_to,
                                    .to = po->parse.to,
                                    .filter = po->bands.filter };
}

int pipeline_suspects(struct triage *t, const struct profile *p, const struct pipeline_options *po,
                      struct hp_error *err)
{
    /* A profile that holds nothing (a run that crashed before its first
     * census) is still drawn; its line says so (ncensuses 0). */
    memset(t, 0, sizeof *t);
    bool any = false;
    for (size_t id = 0; id < p->names.count && !any; id++)
        any = p->names.info[id].total > 0;
    if (!any)
        return 0;
    struct triage_options o = pipeline_top_window(po);
    return triage_rank(t, p, &o, err);
}

void drawing_free(struct drawing *d)
{
    page_data_free(d->page);
    triage_free(&d->suspects);
    layout_free(&d->layout);
    series_free(&d->series);
    band_plan_free(&d->plan);
    memset(d, 0, sizeof *d);
}

/* --top: the name ids of t's leaks (two profiles: what grew, by the
 * AFTER profile's ids), for the band plan to draw (band_options.leak_ids);
 * NULL when there are none.  The caller frees it. */
static uint32_t *leak_ids(const struct triage *t, size_t *n)
{
    *n = 0;
    if (!t->nleaks)
        return NULL;
    uint32_t *ids = xreallocarray(NULL, t->nleaks, sizeof *ids);
    for (size_t i = 0; i < t->nrows && *n < t->nleaks; i++)
        if (t->row[i].leak && t->row[i].id >= 0)
            ids[(*n)++] = (uint32_t)t->row[i].id;
    return ids;
}

int pipeline_series(struct drawing *d, const struct profile *p, const struct aux *aux,
                    const struct pipeline_options *po, struct hp_error *err)
{
    memset(d, 0, sizeof *d);
    const struct layout_options *base = &po->layout;
    bool given = aux != NULL;
    /* --top: the ranking first, so that the plan draws its leaks (one
     * replay of the store before the series': bench/top.sh) */
    struct pipeline_options with = *po;
    uint32_t *leaks = NULL;
    if (po->top) {
        if (pipeline_suspects(&d->suspects, p, po, err) < 0)
            goto fail;
        leaks = leak_ids(&d->suspects, &with.bands.nleak_ids);
        with.bands.leak_ids = leaks;
    }
    int planned = pipeline_plan(&d->plan, p, &aux, &with, err);
    free(leaks);
    if (planned < 0)
        goto fail;
    d->aux_foreign = given && !aux;
    size_t columns = series_columns(d->plan.count);
    if (series_build_mode(&d->series, p, &d->plan, columns, base->mode, err) < 0
        || (pipeline_has_page(po)
            && series_samples_build(&d->series, p, &d->plan, columns, err) < 0))
        goto fail;
    /* The .aux keeps the stacked scale whatever --mode draws, so that -p
     * stays meaningful; only the stacked drawing uses -p's y range. */
    bool saved = aux != NULL;
    d->stacked_range =
        choose_range(d->series.y_max, saved && aux->has_y_range, saved ? aux->y_range : 0);
    d->x_range =
        choose_range(p->t_last - p->t_first, saved && aux->has_x_range, saved ? aux->x_range : 0);
    d->y_range =
        base->mode == MODE_STACKED ? d->stacked_range : choose_range(d->series.plot_max, false, 0);
    /* --heap: the axis reaches the highest line drawn (the .aux keeps the
     * stack's range all the same). */
    d->y_range = fmax(d->y_range, layout_heap_max(p, base, p->t_first, d->x_range));
    /* the gate's lines and traces (gate.h): the axis reaches them too */
    if (base->gate && base->mode != MODE_PERCENT)
        d->y_range = fmax(d->y_range, base->gate->top);
    /* Points closer to the line drawn than the page can show go. */
    series_simplify(&d->series, d->y_range);
    return 0;
fail:
    drawing_free(d);
    return -1;
}

int pipeline_layout(struct drawing *d, const struct profile *p, const struct pipeline_options *po,
                    const struct text_metrics *tm, struct hp_error *err)
{
    struct layout_options lo = po->layout;
    lo.x_range = d->x_range;
    lo.y_range = d->y_range;
    lo.suspects = po->top ? &d->suspects : NULL;
    lo.suspects_max = po->top_n;
    if (layout_build(&d->layout, p, &d->plan, &d->series, &lo, tm, err) < 0) {
        drawing_free(d);
        return -1;
    }
    if (pipeline_has_page(po)
        && (!(d->page = page_data_build(&d->layout, p, &d->plan, &d->series, &lo, err))
            || page_data_add_names(d->page, 0, p, &d->plan, err) < 0)) {
        drawing_free(d);
        return -1;
    }
    /* The layout has its own copy of the points: the series' goes before
     * the drawing, whose writer needs memory of its own (a peak of the
     * run, 1.3 MB at 150 MB of profile). */
    series_free(&d->series); /* and zeroed, for drawing_free */
    return 0;
}

int pipeline_draw(struct drawing *d, const struct profile *p, const struct aux *aux,
                  const struct pipeline_options *po, const struct text_metrics *tm,
                  struct hp_error *err)
{
    if (pipeline_series(d, p, aux, po, err) < 0)
        return -1;
    return pipeline_layout(d, p, po, tm, err);
}

int pipeline_draw_several(struct layout *L, struct page_data **page, const struct profile *p,
                          size_t n, const struct pipeline_options *po,
                          const struct text_metrics *tm, struct hp_warnings *warnings,
                          struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    *page = NULL;
    struct band_plan *bp = xcalloc(n, sizeof *bp);
    struct series *s = xcalloc(n, sizeof *s);
    struct layout_panel *panel = xcalloc(n, sizeof *panel);
    struct band_plan key = { 0 };
    enum plot_mode mode = po->layout.mode;
    double span = 0, peak = 0;
    int rc = -1;
    for (size_t k = 0; k < n; k++)
        if (pipeline_plan(&bp[k], &p[k], NULL, po, err) < 0)
            goto done;
    struct pair_report report;
    pair_bands(bp, n, &report);
    warn_unpaired(warnings, &report, p, n);
    bands_union(&key, bp, n);
    shades_share(&key, bp, n, po->bands.colour);
    for (size_t k = 0; k < n; k++) {
        size_t columns = series_columns(bp[k].count);
        if (series_build_mode(&s[k], &p[k], &bp[k], columns, mode, err) < 0
            || (pipeline_has_page(po)
                && series_samples_build(&s[k], &p[k], &bp[k], columns, err) < 0))
            goto done;
        if (s[k].clipped)
            pipeline_warn_clipped(warnings, p[k].source, "drawn at that");
        span = fmax(span, p[k].t_last - p[k].t_first);
        peak = fmax(peak, mode == MODE_STACKED ? s[k].y_max : s[k].plot_max);
        panel[k] = (struct layout_panel){ &p[k], &bp[k], &s[k] };
    }
    struct layout_options lo = po->layout;
    lo.x_range = choose_range(span, false, 0);
    lo.y_range = choose_range(peak, false, 0);
    for (size_t k = 0; k < n; k++)
        series_simplify(&s[k], lo.y_range);
    rc = layout_build_panels(L, panel, n, &key, &lo, tm, err);
    if (rc == 0 && pipeline_has_page(po)) {
        *page = page_data_build_panels(L, panel, n, &key, &lo);
        for (size_t k = 0; k < n && rc == 0; k++) /* each panel's names */
            rc = page_data_add_names(*page, k, &p[k], &bp[k], err);
        if (rc < 0) {
            page_data_free(*page);
            *page = NULL;
            layout_free(L);
        }
    }
done:
    band_plan_free(&key);
    for (size_t k = 0; k < n; k++) {
        series_free(&s[k]);
        band_plan_free(&bp[k]);
    }
    free(panel);
    free(s);
    free(bp);
    return rc;
}

int pipeline_draw_diff(struct layout *L, struct page_data **page, const struct profile *p,
                       const struct pipeline_options *po, const struct text_metrics *tm,
                       struct hp_warnings *warnings, struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    *page = NULL;
    struct band_plan all[2] = { { 0 }, { 0 } }, sel[2] = { { 0 }, { 0 } };
    struct diff d = { 0 };
    struct triage grew = { 0 };
    int rc = -1;
    /* The bands: every name that survives either profile's selection
     * (--include, --exclude; -t and -m apply to the ranked differences,
     * not here: a band small in both profiles may be the change), each
     * with its values in both profiles, paired across the two (pair.h):
     * all[], each profile planned once, in its order (-d, -i,
     * --sort=gradient) but not shaded, as the diff shades its own bands
     * once (diff.h).  Their colours are those of the names either
     * profile's -t keeps, drawn together: sel[], only -t's cut (no sort,
     * so no replay of the store). */
    struct band_options every = po->bands, cut;
    every.limit = 0;
    every.trace_percent = 0;
    every.aux = NULL;
    every.slopes = false; /* (the diff's bands have no slope) */
    band_options_default(&cut);
    cut.limit = 0;
    cut.trace_percent = po->bands.trace_percent;
    cut.filter = po->bands.filter;
    /* --top: what grew, ranked first, so that the diff draws it whatever
     * -t and -m say (its bands in all[1] marked: band.leak) */
    struct band_options marked = every;
    uint32_t *leaks = NULL;
    if (po->top) {
        struct triage_options o[2];
        o[0] = o[1] = pipeline_top_window(po);
        if (triage_rank_two(&grew, &p[0], &p[1], o, err) < 0)
            goto done;
        leaks = leak_ids(&grew, &marked.nleak_ids);
        marked.leak_ids = leaks;
    }
    for (size_t k = 0; k < 2; k++)
        if (bands_select(&all[k], &p[k], k == 1 ? &marked : &every, err) < 0
            || bands_select(&sel[k], &p[k], &cut, err) < 0)
            goto done;
    struct pair_report report;
    pair_bands(all, 2, &report);
    warn_unpaired(warnings, &report, p, 2);
    if (diff_build(&d, &p[0], &all[0], &p[1], &all[1], sel, po->bands.trace_percent,
                   po->bands.limit, po->bands.colour, err)
        < 0)
        goto done;
    struct layout_options lo = po->layout;
    lo.x_range = choose_range(d.span, false, 0);
    lo.y_range = choose_range(d.y_max - d.y_min, false, 0);
    if (po->top) { /* --top: the title's line names what grew most */
        lo.suspects = &grew;
        lo.suspects_max = po->top_n;
    }
    rc = layout_build_diff(L, &p[0], &p[1], &d, &lo, tm, err);
    if (rc == 0 && pipeline_has_page(po)) {
        *page = page_data_build_diff(L, &p[1], &d, &lo);
        page_data_add_grew(*page, &p[0], &p[1], po->bands.filter); /* its Suspects view */
    }
done:
    free(leaks);
    triage_free(&grew);
    diff_free(&d);
    for (size_t k = 0; k < 2; k++) {
        band_plan_free(&all[k]);
        band_plan_free(&sel[k]);
    }
    return rc;
}

int pipeline_tree(struct tree *t, struct band_plan *bp, const struct profile *p, size_t n,
                  const struct aux *aux, const struct pipeline_options *po,
                  struct hp_warnings *warnings, struct hp_error *err)
{
    memset(t, 0, sizeof *t);
    if (n < 1 || n > TREE_PROFILES)
        return hp_fail(err, "a tree is drawn of one profile, or of two with --diff");
    size_t k = 0;
    for (; k < n; k++) {
        const struct aux *a = n == 1 ? aux : NULL;
        if (pipeline_plan(&bp[k], &p[k], &a, po, err) < 0)
            goto fail;
    }
    if (tree_build(t, p, bp, n, err) < 0)
        goto fail;
    for (size_t j = 0; j < n; j++) {
        if (tree_fill(t, j, &p[j], &po->moment, err) < 0)
            goto fail;
        if (t->census[j].clipped)
            pipeline_warn_clipped(warnings, p[j].source,
                                  po->tree_fmt ? "written as that" : "drawn at that");
    }
    return 0;
fail:
    tree_free(t);
    for (size_t j = 0; j < k; j++)
        band_plan_free(&bp[j]);
    return -1;
}

int pipeline_draw_icicle(struct layout *L, const struct profile *p, size_t n, const struct aux *aux,
                         const struct pipeline_options *po, const struct text_metrics *tm,
                         struct hp_warnings *warnings, struct hp_error *err)
{
    memset(L, 0, sizeof *L);
    struct tree t;
    struct band_plan bp[TREE_PROFILES] = { { 0 }, { 0 } };
    if (pipeline_tree(&t, bp, p, n, aux, po, warnings, err) < 0)
        return -1;
    int rc = layout_build_icicle(L, &t, p, &bp[0], &po->layout, tm, err);
    tree_free(&t);
    for (size_t k = 0; k < n; k++)
        band_plan_free(&bp[k]);
    return rc;
}

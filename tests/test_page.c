/* SPDX-License-Identifier: BSD-3-Clause */
/* test_page.c: the HTML page's data (page/page.h), built after the
 * layout from where it drew things: the graph's area and scales and the
 * key's boxes on the page (y down), the bands, and the values read back,
 * for one profile, several and --diff.  Text is measured by a fake font
 * whose every byte is 5 points wide. */
#include "check.h"
#include "fixture.h"
#include "options.h"
#include "page/page.h"
#include "page/suspects.h"
#include "read/hp.h"
#include "run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double fake_width(void *ctx, enum font_role font, const char *text)
{
    (void)ctx;
    (void)font;
    return 5.0 * (double)strlen(text);
}

static const struct text_metrics fake = { fake_width, NULL, NULL };

static const char TINY[] =
    "JOB \"demo\"\nDATE \"Mon Jan 1 2024\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
    "BEGIN_SAMPLE 0.0\nalpha 100\nbeta 50\nEND_SAMPLE 0.0\n"
    "BEGIN_SAMPLE 1.0\nalpha 300\nbeta 20\nEND_SAMPLE 1.0\n";

struct world {
    struct profile p;
    struct band_plan bp;
    struct series s;
    struct layout L;
    struct layout_options o;
};

/* TINY's plan, series (with the page's samples when samples) and
 * layout under base. */
static int build(struct world *w, const struct layout_options *base, bool samples)
{
    struct hp_error err;
    memset(w, 0, sizeof *w);
    if (profile_parse_buffer(&w->p, TINY, strlen(TINY), "t.hp", NULL, &err) < 0)
        return -1;
    struct band_options bo;
    band_options_default(&bo);
    if (bands_plan(&w->bp, &w->p, &bo, &err) < 0
        || series_build_mode(&w->s, &w->p, &w->bp, 100, base->mode, &err) < 0
        || (samples && series_samples_build(&w->s, &w->p, &w->bp, 100, &err) < 0))
        return -1;
    w->o = *base;
    w->o.x_range = 1;
    w->o.y_range = 320;
    return layout_build(&w->L, &w->p, &w->bp, &w->s, &w->o, &fake, &err);
}

static void destroy(struct world *w)
{
    layout_free(&w->L);
    series_free(&w->s);
    band_plan_free(&w->bp);
    profile_free(&w->p);
}

static const struct prim *find_text(const struct page *pg, const char *text)
{
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_TEXT && strcmp(pg->prim[i].text, text) == 0)
            return &pg->prim[i];
    return NULL;
}

/* One profile: the graph's area and scales, the key's boxes and the
 * bands' figures, on the page (landscape A4: y down). */
static void one_profile(void)
{
    struct world w;
    struct hp_error err;
    struct layout_options o = { .key = true, .page = PAGE_LANDSCAPE_A4, .single_page = true };
    if (!CHECK(build(&w, &o, false) == 0))
        return;
    struct page_data *D = page_data_build(&w.L, &w.p, &w.bp, &w.s, &w.o, &err);
    if (!CHECK(D != NULL))
        return;
    CHECK(D->mode == MODE_STACKED && !D->diff && !D->x_index);
    CHECK_STR(D->value_unit, "bytes");
    CHECK_STR(D->sample_unit, "seconds");
    CHECK_INT(D->nbands, 2);
    CHECK_STR(D->band[0].name, "beta"); /* bottom first */
    CHECK_STR(D->band[1].name, "alpha");
    if (!CHECK_INT(D->npanels, 1))
        return;
    const struct page_data_panel *P = &D->panel[0];
    CHECK_STR(P->title, "demo");
    /* The layout's graph, y turned down: its foot is the area's bottom. */
    const double *m = w.L.matrix;
    const struct layout_graph *g = &w.L.graph[0];
    CHECK_NEAR(P->plot[0], m[0] * g->plot[0] + m[4], 1e-9);
    CHECK_NEAR(P->plot[1] + P->plot[3], m[3] * g->plot[1] + m[5], 1e-9);
    CHECK_NEAR(P->plot[2], g->plot[2], 1e-9);
    CHECK_NEAR(P->plot[3], g->plot[3], 1e-9);
    CHECK(P->t0 == 0 && P->t_span == 1 && P->y_lo == 0 && P->y_span >= 320);
    CHECK_INT(P->nbands, 2);
    CHECK(P->band[0] == 0 && P->band[1] == 1);
    CHECK_NEAR(P->share[1], 400.0 / 470, 1e-12);
    CHECK(P->peak[1] == 300 && P->peak_time[1] == 1 && P->peak[0] == 50 && P->peak_time[0] == 0);
    CHECK_INT(P->profile_samples, 2);
    CHECK_INT(P->nsamples, 0); /* no samples were made for the page */
    /* Each key entry's box holds its name, on the page, beside the graph,
     * alpha above beta. */
    const char *names[2] = { "beta", "alpha" };
    for (int b = 0; b < 2; b++) {
        const struct prim *t = find_text(&w.L.page[0], names[b]);
        const double *box = D->band[b].box;
        double x = m[0] * t->x + m[2] * t->y + m[4], y = m[1] * t->x + m[3] * t->y + m[5];
        CHECK(D->band[b].has_box);
        CHECK(x >= box[0] && x <= box[0] + box[2] && y >= box[1] && y <= box[1] + box[3]);
        CHECK(box[0] >= P->plot[0] + P->plot[2]);
        CHECK(memcmp(&D->band[b].colour, &w.bp.band[b].fill, sizeof(struct rgb)) == 0);
    }
    CHECK(D->band[1].box[1] + D->band[1].box[3] <= D->band[0].box[1] + 1e-9);
    page_data_free(D);
    destroy(&w);

    /* With the page's samples: both samples, each band's own value. */
    if (!CHECK(build(&w, &o, true) == 0))
        return;
    D = page_data_build(&w.L, &w.p, &w.bp, &w.s, &w.o, &err);
    P = &D->panel[0];
    CHECK_INT(P->nsamples, 2);
    CHECK(P->t[0] == 0 && P->t[1] == 1);
    CHECK(P->value[0] == 50 && P->value[1] == 100 && P->value[2] == 20 && P->value[3] == 300);
    CHECK(P->hidden == NULL && P->nheap == 0 && P->nmarks == 0);
    /* The peaks the page tells apart (no -t here: both the same), and
     * the percent view's floor, a thousandth of the largest total. */
    CHECK(P->peak_all == 320 && P->peak_all_time == 1);
    CHECK(P->peak_drawn == 320 && P->peak_drawn_time == 1);
    CHECK_NEAR(P->percent_floor, 0.32, 1e-12);
    page_data_free(D);
    destroy(&w);

    /* --mode=lines: the colours are the lines' (grey without -c), as the
     * key's swatches show them. */
    o.mode = MODE_LINES;
    if (!CHECK(build(&w, &o, false) == 0))
        return;
    D = page_data_build(&w.L, &w.p, &w.bp, &w.s, &w.o, &err);
    CHECK(D->mode == MODE_LINES);
    for (size_t b = 0; b < 2; b++) {
        struct rgb want = layout_band_colour(&w.o, &w.bp.band[b]);
        CHECK(memcmp(&D->band[b].colour, &want, sizeof want) == 0);
        CHECK(D->band[b].colour.r == D->band[b].colour.g); /* a grey */
    }
    page_data_free(D);
    destroy(&w);

    /* No key drawn: no boxes, the bands all the same. */
    o.mode = MODE_STACKED;
    o.key = false;
    if (!CHECK(build(&w, &o, false) == 0))
        return;
    D = page_data_build(&w.L, &w.p, &w.bp, &w.s, &w.o, &err);
    CHECK(D->nbands == 2 && !D->band[0].has_box && !D->band[1].has_box);
    page_data_free(D);
    destroy(&w);
}

/* Through the pipeline as hp2ps runs it, -o x.html and args: profiles
 * texts[0..n) drawn as several, or with --diff. */
static int draw_many(const char *const *args, size_t nargs, const char *const *texts, size_t n,
                     struct layout *L, struct page_data **D)
{
    char *argv[16] = { "hp2ps" };
    int argc = 1;
    for (size_t i = 0; i < nargs && argc < 13; i++)
        argv[argc++] = (char *)args[i];
    argv[argc++] = "-o";
    argv[argc++] = "x.html";
    argv[argc++] = "a.hp"; /* (named, not read: the texts are parsed) */
    argv[argc++] = "b.hp";
    struct options o;
    struct name_filter filter = { 0 };
    struct pipeline_options po;
    struct hp_error err;
    struct profile p[2];
    memset(p, 0, sizeof p);
    options_default(&o);
    int rc = -1;
    if (options_parse(&o, argc, argv, &err) == 0 && run_options_from(&po, &o, &filter, &err) == 0
        && pipeline_has_page(&po)) {
        size_t k = 0;
        while (k < n
               && profile_parse_buffer(&p[k], texts[k], strlen(texts[k]), "t.hp", &po.parse, &err)
                   == 0)
            k++;
        if (k == n)
            rc = po.diff ? pipeline_draw_diff(L, D, p, &po, &fake, NULL, &err)
                         : pipeline_draw_several(L, D, p, n, &po, &fake, NULL, &err);
        for (size_t i = 0; i < k; i++)
            profile_free(&p[i]);
    }
    if (rc < 0)
        fprintf(stderr, "  %s\n", err.text);
    name_filter_free(&filter);
    options_free(&o);
    return rc;
}

static const char LATER[] =
    "JOB \"later\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
    "BEGIN_SAMPLE 0.0\ngamma 10\nalpha 100\nEND_SAMPLE 0.0\n"
    "BEGIN_SAMPLE 2.0\ngamma 40\nalpha 500\nEND_SAMPLE 2.0\n";

/* Several profiles: one panel each, in the layout's order, the first on
 * top, each band found in the one key (the union) by name. */
static void several(void)
{
    const char *const texts[2] = { TINY, LATER };
    const char *const args[] = { "-c" };
    struct layout L;
    struct page_data *D = NULL;
    if (!CHECK(draw_many(args, 1, texts, 2, &L, &D) == 0) || !CHECK(D != NULL))
        return;
    CHECK(!D->diff);
    CHECK_INT(D->nbands, 3);
    if (CHECK_INT(D->npanels, 2) && CHECK_INT(L.ngraphs, 2)) {
        CHECK_STR(D->panel[0].title, "demo");
        CHECK_STR(D->panel[1].title, "later");
        CHECK(D->panel[0].plot[1] < D->panel[1].plot[1]);          /* the first on top */
        CHECK(D->panel[0].t_span == 2 && D->panel[1].t_span == 2); /* one time scale */
        for (size_t k = 0; k < 2; k++) {
            const struct page_data_panel *P = &D->panel[k];
            CHECK_INT(P->nbands, 2);
            CHECK(P->nsamples == 2);
            for (size_t b = 0; b < P->nbands; b++) {
                const char *name = D->band[P->band[b]].name;
                /* the panel's band b is the key's band of its name */
                CHECK(strcmp(name, "alpha") == 0 || strcmp(name, "beta") == 0
                      || strcmp(name, "gamma") == 0);
                CHECK(k == 0 || strcmp(name, "beta") != 0);
                CHECK(k == 1 || strcmp(name, "gamma") != 0);
            }
        }
    }
    page_data_free(D);
    layout_free(&L);
}

/* --diff: the values are changes (LATER minus TINY on one grid), the
 * shares parts of the changes' magnitudes. */
static void diff(void)
{
    const char *const texts[2] = { TINY, LATER };
    const char *const args[] = { "--diff" };
    struct layout L;
    struct page_data *D = NULL;
    if (!CHECK(draw_many(args, 1, texts, 2, &L, &D) == 0) || !CHECK(D != NULL))
        return;
    CHECK(D->diff);
    if (CHECK_INT(D->npanels, 1)) {
        const struct page_data_panel *P = &D->panel[0];
        CHECK(strstr(P->title, "later minus demo") != NULL);
        double share = 0;
        for (size_t b = 0; b < P->nbands; b++)
            share += P->share[b];
        CHECK_NEAR(share, 1, 1e-12);
        /* at the grid's start alpha changed by 0 (100 -> 100) */
        for (size_t b = 0; b < P->nbands; b++)
            if (strcmp(D->band[P->band[b]].name, "alpha") == 0)
                CHECK(P->nsamples > 0 && P->value[b] == 0);
        CHECK(P->y_lo <= 0);
    }
    page_data_free(D);
    layout_free(&L);
}

static const char FOUR[] =
    "JOB \"four\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
    "BEGIN_SAMPLE 0.0\nbig 1000\nmid 300\nsmall 200\ntiny 1\nEND_SAMPLE 0.0\n"
    "BEGIN_SAMPLE 1.0\nbig 2000\nmid 100\nsmall 250\ntiny 3\nEND_SAMPLE 1.0\n"
    "BEGIN_SAMPLE 2.0\nbig 1500\nsmall 300\ntiny 2\nEND_SAMPLE 2.0\n";

/* Every name for the page's search and table (page_data_add_names):
 * -m2 draws big and OTHER (small, mid), -t1 leaves tiny out (6 of 5656
 * bytes); each name with its band's key entry and its figures over every
 * sample (absent: 0), the largest first.  With every name a band of its
 * own, no list. */
static void names(void)
{
    for (int every = 0; every < 2; every++) {
        struct hp_error err;
        struct profile p = { 0 };
        struct band_plan bp = { 0 };
        struct series s = { 0 };
        struct layout L = { 0 };
        struct layout_options o = { .key = true, .page = PAGE_LANDSCAPE_A4, .single_page = true };
        struct band_options bo;
        band_options_default(&bo);
        bo.limit = every ? 0 : 2;
        bo.trace_percent = every ? 0 : 1;
        if (!CHECK(profile_parse_buffer(&p, FOUR, strlen(FOUR), "f.hp", NULL, &err) == 0)
            || !CHECK(bands_plan(&bp, &p, &bo, &err) == 0)
            || !CHECK(series_build_mode(&s, &p, &bp, 100, MODE_STACKED, &err) == 0))
            return;
        o.x_range = 2, o.y_range = 3000;
        if (!CHECK(layout_build(&L, &p, &bp, &s, &o, &fake, &err) == 0))
            return;
        struct page_data *D = page_data_build(&L, &p, &bp, &s, &o, &err);
        CHECK(page_data_add_names(D, 0, &p, &bp, &err) == 0);
        const struct page_data_panel *P = &D->panel[0];
        if (every) {
            CHECK_INT(P->nnames, 0); /* the key lists them all */
        } else if (CHECK_INT(P->nnames, 4) && CHECK_INT(D->nbands, 2)) {
            CHECK_INT(P->names_total, 4);
            long other = D->band[0].is_other ? 0 : 1, big = 1 - other;
            CHECK(D->band[other].is_other && strcmp(D->band[big].name, "big") == 0);
            const char *order[4] = { "big", "small", "mid", "tiny" };
            const long band[4] = { big, other, other, -1 };
            for (int i = 0; i < 4; i++) {
                CHECK_STR(P->names[i].name, order[i]);
                CHECK(P->names[i].band == band[i]);
            }
            const struct page_data_name *mid = &P->names[2];
            CHECK(mid->peak == 300 && mid->peak_time == 0 && mid->first == 0 && mid->last == 1);
            CHECK_NEAR(mid->share, 400.0 / 5650, 1e-12);
            /* 300, 100, then 0 where it is absent: trapezoids 200 + 50, the
             * line -150 a second, R² 90000 / 93333.3 */
            CHECK_NEAR(mid->area, 250, 1e-9);
            CHECK_NEAR(mid->slope, -150, 1e-9);
            CHECK_NEAR(mid->r2, 90000.0 / (2 * (250000.0 / 9 + 10000.0 / 9 + 160000.0 / 9)), 1e-9);
            const struct page_data_name *small = &P->names[1];
            CHECK(small->peak == 300 && small->peak_time == 2 && small->last == 2);
            CHECK_NEAR(small->slope, 50, 1e-9);
            CHECK_NEAR(small->r2, 1, 1e-9);
            CHECK_NEAR(small->area, 500, 1e-9);
            CHECK(P->names[3].peak == 3 && P->names[3].peak_time == 1);
        }
        page_data_free(D);
        layout_free(&L);
        series_free(&s);
        band_plan_free(&bp);
        profile_free(&p);
    }
}

/* The page's one list of names: --top's ranking (the Suspects view) and
 * OTHER opened point into it, each name once; --top's names go without
 * "(N)" but where two would then read alike ("(2)churn", "(3)churn").
 * -m2 draws leak and OTHER; -t leaves the small ones out. */
static const char STACKS[] =
    "JOB \"s\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
    "BEGIN_SAMPLE 0.0\n(1)leak 1000\n(2)churn 300\n(3)churn 200\n(4)main 90\n(5)tiny 1\n"
    "END_SAMPLE 0.0\n"
    "BEGIN_SAMPLE 1.0\n(1)leak 2000\n(2)churn 100\n(3)churn 250\n(4)main 95\n(5)tiny 3\n"
    "END_SAMPLE 1.0\n"
    "BEGIN_SAMPLE 2.0\n(1)leak 3000\n(3)churn 300\n(4)main 99\n(5)tiny 2\nEND_SAMPLE 2.0\n";

static void one_list(void)
{
    struct hp_error err;
    struct profile p = { 0 };
    struct band_plan bp = { 0 };
    struct series s = { 0 };
    struct layout L = { 0 };
    struct layout_options o = { .key = true, .page = PAGE_LANDSCAPE_A4, .single_page = true };
    struct band_options bo;
    band_options_default(&bo);
    bo.limit = 2;
    bo.trace_percent = 1;
    if (!CHECK(profile_parse_buffer(&p, STACKS, strlen(STACKS), "s.hp", NULL, &err) == 0)
        || !CHECK(bands_plan(&bp, &p, &bo, &err) == 0)
        || !CHECK(series_build_mode(&s, &p, &bp, 100, MODE_STACKED, &err) == 0)
        || !CHECK(series_samples_build(&s, &p, &bp, 100, &err) == 0))
        return;
    o.x_range = 2, o.y_range = 4000;
    if (!CHECK(layout_build(&L, &p, &bp, &s, &o, &fake, &err) == 0))
        return;
    struct page_data *D = page_data_build(&L, &p, &bp, &s, &o, &err);
    const struct page_data_panel *P = D ? &D->panel[0] : NULL;
    if (CHECK(D && page_data_add_names(D, 0, &p, &bp, &err) == 0)
        && CHECK(P->suspects && P->suspects->nrows > 0 && P->suspect_name)
        && CHECK(P->opened && P->opened->nnames > 0 && P->opened_name)) {
        for (size_t i = 0; i < P->nnames; i++)
            for (size_t j = 0; j < i; j++)
                CHECK(strcmp(P->names[i].name, P->names[j].name) != 0);
        size_t whole = 0;
        for (size_t r = 0; r < P->suspects->nrows; r++) {
            long n = P->suspect_name[r];
            if (!CHECK(n >= 0 && (size_t)n < P->nnames))
                continue;
            const struct page_data_name *nm = &P->names[n];
            CHECK_STR(nm->name + (P->suspect_whole[r] ? 0 : nm->prefix), P->suspects->row[r].name);
            whole += P->suspect_whole[r];
        }
        CHECK_INT(whole, 2); /* the two churns */
        for (size_t m = 0; m < P->opened->nnames; m++) {
            long n = P->opened_name[m];
            if (CHECK(n >= 0 && (size_t)n < P->nnames))
                CHECK_STR(P->names[n].name + P->names[n].prefix, P->opened->name[m]);
        }
    }
    page_data_free(D);
    layout_free(&L);
    series_free(&s);
    band_plan_free(&bp);
    profile_free(&p);
}

/* More names than the page lists: the PAGE_NAMES_MAX largest by total
 * (ties by name), largest first; names_total counts them all. */
static void many_names(void)
{
    struct fixture_text t = { 0 };
    size_t count = PAGE_NAMES_MAX + 137;
    for (int k = 0; k < 2; k++) {
        fixture_put(&t, "BEGIN_SAMPLE %d\n", k);
        for (size_t i = 0; i < count; i++) /* totals 2 (i + 1), and two alike at the cut */
            fixture_put(&t, "n%zu\t%zu\n", i, i == 136 ? 138 : i + 1);
        fixture_put(&t, "END_SAMPLE %d\n", k);
    }
    struct hp_error err;
    struct profile p = { 0 };
    struct band_plan bp = { 0 };
    struct band_options bo;
    band_options_default(&bo);
    bo.limit = 3;
    bo.trace_percent = 0;
    fixture_parse(&p, t.s);
    free(t.s);
    if (!CHECK(bands_plan(&bp, &p, &bo, &err) == 0))
        return;
    struct page_data D = { 0 };
    struct page_data_panel P = { 0 };
    size_t map[3] = { 0, 1, 2 };
    P.nbands = bp.count, P.band = map;
    D.npanels = 1, D.panel = &P;
    if (CHECK(page_data_add_names(&D, 0, &p, &bp, &err) == 0)
        && CHECK_INT(P.nnames, PAGE_NAMES_MAX)) {
        CHECK_INT(P.names_total, count);
        CHECK_STR(P.names[0].name, "n2136");
        /* n136 and n137 both hold 138 a sample, and one place is left:
         * the tie goes by name */
        CHECK_STR(P.names[PAGE_NAMES_MAX - 2].name, "n138");
        CHECK_STR(P.names[PAGE_NAMES_MAX - 1].name, "n136");
        CHECK(P.names[0].peak == (double)count && P.names[0].band >= 0);
    }
    for (size_t i = 0; i < P.nnames; i++) {
        free(P.names[i].name);
        free(P.names[i].detail);
    }
    free(P.names);
    band_plan_free(&bp);
    profile_free(&p);
}

int main(void)
{
    one_profile();
    names();
    one_list();
    many_names();
    several();
    diff();
    return check_report();
}

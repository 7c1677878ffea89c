/* SPDX-License-Identifier: BSD-3-Clause */
/* test_series.c: stacking, y range, area and the column reduction. */
#include "series.h"
#include "check.h"
#include "fixture.h"

#include <stdlib.h>
#include <string.h>

/* ---- building profiles and plans by hand -------------------------------- */

static void profile_start(struct profile *p, const char *const *names, size_t nnames)
{
    memset(p, 0, sizeof *p);
    names_init(&p->names);
    for (size_t i = 0; i < nnames; i++)
        names_intern(&p->names, names[i], strlen(names[i]));
    p->store = store_new();
}

static void add_sample(struct profile *p, double t, const struct sample_entry *e, size_t n)
{
    struct hp_error err;
    if (store_append(p->store, t, e, n, &err) != 0) {
        CHECK(!"store_append");
        fprintf(stderr, "  %s\n", err.text);
    }
    if (p->nsamples == 0)
        p->t_first = t;
    p->t_last = t;
    p->nsamples++;
    for (size_t i = 0; i < n; i++)
        p->names.info[e[i].name].total += (uint64_t)e[i].value;
}

static void profile_end(struct profile *p)
{
    names_free(&p->names);
    store_free(p->store);
    memset(p, 0, sizeof *p);
}

/* A plan with the given band names (bottom first); map[name id] = band. */
static void plan_make(struct band_plan *bp, const char *const *bands, size_t count,
                      const int32_t *map, size_t nnames)
{
    memset(bp, 0, sizeof *bp);
    bp->count = count;
    bp->band = xcalloc(count ? count : 1, sizeof *bp->band);
    for (size_t b = 0; b < count; b++) {
        bp->band[b].name = xstrdup(bands[b]);
        bp->band[b].is_other = strcmp(bands[b], "OTHER") == 0;
    }
    bp->nnames = nnames;
    bp->band_of_name = xcalloc(nnames ? nnames : 1, sizeof *bp->band_of_name);
    for (size_t i = 0; i < nnames; i++) {
        bp->band_of_name[i] = map[i];
        if (map[i] < 0)
            bp->trace_dropped++;
    }
}

static void plan_end(struct band_plan *bp)
{
    for (size_t b = 0; b < bp->count; b++)
        free(bp->band[b].name);
    free(bp->band);
    free(bp->band_of_name);
    memset(bp, 0, sizeof *bp);
}

static int polyline_is(const struct polyline *pl, size_t n, const double *t, const double *y)
{
    if (pl->n != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (pl->t[i] != t[i] || pl->y[i] != y[i])
            return 0;
    return 1;
}

/* ---- the spec's example A ---------------------------------------------- */

static void test_example_a(void)
{
    static const char *const names[] = { "alpha", "beta" };
    static const char *const bands[] = { "beta", "alpha" };
    static const int32_t map[] = { 1, 0 };
    struct profile p;
    profile_start(&p, names, 2);
    add_sample(&p, 0.0, (struct sample_entry[]){ { 0, 100 }, { 1, 50 } }, 2);
    add_sample(&p, 1.0, (struct sample_entry[]){ { 0, 300 }, { 1, 20 } }, 2);
    struct band_plan bp;
    plan_make(&bp, bands, 2, map, 2);

    /* Exact (2 samples <= 100 columns) and reduced (2 > 1 column) agree. */
    size_t columns[] = { 100, 2, 1 };
    for (size_t i = 0; i < 3; i++) {
        struct series s;
        struct hp_error err;
        CHECK_INT(series_build(&s, &p, &bp, columns[i], &err), 0);
        CHECK_INT(s.nbands, 2);
        CHECK_INT(s.nsamples, 2);
        CHECK(s.y_max == 320.0);
        CHECK(s.area == 235.0);
        static const double t[] = { 0, 1 }, beta[] = { 50, 20 }, alpha[] = { 150, 320 };
        CHECK(polyline_is(&s.top[0], 2, t, beta));
        CHECK(polyline_is(&s.top[1], 2, t, alpha));
        series_free(&s);
        CHECK(s.top == NULL && s.nbands == 0);
        series_free(&s); /* twice is harmless */
    }
    plan_end(&bp);
    profile_end(&p);
}

/* ---- which names count ---------------------------------------------------- */

static void test_trace_and_other(void)
{
    /* a, b, c merged into OTHER (band 0); d is band 1; t is a dropped trace
     * element (BAND_TRACED): not in the stack, but in the title's totals. */
    static const char *const names[] = { "a", "b", "c", "d", "t" };
    static const char *const bands[] = { "OTHER", "d" };
    static const int32_t map[] = { 0, 0, 0, 1, BAND_TRACED };
    struct profile p;
    profile_start(&p, names, 5);
    add_sample(&p, 0.0, (struct sample_entry[]){ { 0, 1 }, { 1, 2 }, { 4, 1000 }, { 3, 10 } }, 4);
    add_sample(&p, 2.0, (struct sample_entry[]){ { 4, 5000 } }, 1);
    add_sample(&p, 3.0, (struct sample_entry[]){ { 2, 7 }, { 3, 20 }, { 0, 4 } }, 3);
    /* A name repeated within one sample adds up. */
    add_sample(&p, 5.0, (struct sample_entry[]){ { 3, 5 }, { 1, 1 }, { 3, 6 }, { 1, 2 }, { 4, 9 } },
               5);
    struct band_plan bp;
    plan_make(&bp, bands, 2, map, 5);
    bp.trace_dropped = 1;

    struct series s;
    struct hp_error err;
    CHECK_INT(series_build(&s, &p, &bp, 10, &err), 0);
    /* every name: 1013, 5000, 31, 23 */
    CHECK(s.all_max == 5000.0 && s.all_max_time == 2.0);
    CHECK(s.all_area == 2 * (1013 + 5000) / 2.0 + 1 * (5000 + 31) / 2.0 + 2 * (31 + 23) / 2.0);
    CHECK(s.hidden_max == 5000.0 && s.hidden_time == 2.0 && s.hidden_total == 5000.0);
    CHECK_INT(s.hidden_names, 1);
    static const double t[] = { 0, 2, 3, 5 };
    static const double other[] = { 3, 0, 11, 3 };
    static const double top[] = { 13, 0, 31, 14 };
    CHECK(polyline_is(&s.top[0], 4, t, other));
    CHECK(polyline_is(&s.top[1], 4, t, top));
    CHECK(s.y_max == 31.0);
    double area = 2 * (13 + 0) / 2.0 + 1 * (0 + 31) / 2.0 + 2 * (31 + 14) / 2.0;
    CHECK(s.area == area);
    CHECK_INT(s.nsamples, 4);
    series_free(&s);
    plan_end(&bp);
    profile_end(&p);
}

static void test_edge_cases(void)
{
    static const char *const names[] = { "x", "y" };
    struct profile p;
    struct series s;
    struct hp_error err;

    /* One sample: the area is 0. */
    {
        static const char *const bands[] = { "x", "y" };
        static const int32_t map[] = { 0, 1 };
        profile_start(&p, names, 2);
        add_sample(&p, 4.0, (struct sample_entry[]){ { 0, 3 }, { 1, 4 } }, 2);
        struct band_plan bp;
        plan_make(&bp, bands, 2, map, 2);
        CHECK_INT(series_build(&s, &p, &bp, 1, &err), 0);
        CHECK(s.area == 0 && s.y_max == 7 && s.nsamples == 1);
        CHECK(s.top[0].n == 1 && s.top[0].y[0] == 3 && s.top[1].y[0] == 7);
        series_free(&s);
        plan_end(&bp);
        profile_end(&p);
    }

    /* No bands at all (everything dropped): samples still counted. */
    {
        static const int32_t map[] = { -1, -1 };
        profile_start(&p, names, 2);
        add_sample(&p, 0.0, (struct sample_entry[]){ { 0, 3 } }, 1);
        add_sample(&p, 1.0, (struct sample_entry[]){ { 1, 3 } }, 1);
        add_sample(&p, 2.0, NULL, 0);
        struct band_plan bp;
        plan_make(&bp, NULL, 0, map, 2);
        CHECK_INT(series_build(&s, &p, &bp, 2, &err), 0);
        CHECK(s.nbands == 0 && s.top == NULL);
        CHECK(s.y_max == 0 && s.area == 0 && s.nsamples == 3);
        series_free(&s);
        plan_end(&bp);
        profile_end(&p);
    }

    /* No samples. */
    {
        static const char *const bands[] = { "x" };
        static const int32_t map[] = { 0, -1 };
        profile_start(&p, names, 2);
        struct band_plan bp;
        plan_make(&bp, bands, 1, map, 2);
        CHECK_INT(series_build(&s, &p, &bp, 5, &err), 0);
        CHECK(s.nbands == 1 && s.top[0].n == 0 && s.nsamples == 0 && s.y_max == 0);
        series_free(&s);
        plan_end(&bp);
        profile_end(&p);
    }

    /* Every sample at the same time (span 0), more samples than columns:
     * one column, so first, last, minimum and maximum. */
    {
        static const char *const bands[] = { "x" };
        static const int32_t map[] = { 0, -1 };
        profile_start(&p, names, 2);
        static const int64_t v[] = { 5, 9, 2, 8, 1, 7, 4 };
        for (size_t i = 0; i < 7; i++)
            add_sample(&p, 3.0, (struct sample_entry[]){ { 0, v[i] } }, 1);
        struct band_plan bp;
        plan_make(&bp, bands, 1, map, 2);
        CHECK_INT(series_build(&s, &p, &bp, 3, &err), 0);
        static const double t[] = { 3, 3, 3, 3 }, y[] = { 5, 9, 1, 4 };
        CHECK(polyline_is(&s.top[0], 4, t, y));
        CHECK(s.y_max == 9 && s.area == 0 && s.nsamples == 7);
        series_free(&s);
        plan_end(&bp);
        profile_end(&p);
    }

    /* Samples exactly equal to columns: all kept. */
    {
        static const char *const bands[] = { "y", "x" };
        static const int32_t map[] = { 1, 0 };
        profile_start(&p, names, 2);
        double t[50], y0[50], y1[50];
        for (size_t i = 0; i < 50; i++) {
            t[i] = 0.5 * (double)i;
            int64_t a = (int64_t)((i * 37) % 11), b = (int64_t)((i * 13) % 7);
            add_sample(&p, t[i], (struct sample_entry[]){ { 0, a }, { 1, b } }, 2);
            y0[i] = (double)b;
            y1[i] = (double)b + (double)a;
        }
        struct band_plan bp;
        plan_make(&bp, bands, 2, map, 2);
        CHECK_INT(series_build(&s, &p, &bp, 50, &err), 0);
        CHECK(polyline_is(&s.top[0], 50, t, y0));
        CHECK(polyline_is(&s.top[1], 50, t, y1));
        series_free(&s);
        /* One column fewer: reduced, but first and last survive. */
        CHECK_INT(series_build(&s, &p, &bp, 49, &err), 0);
        CHECK(s.top[1].n <= 4 * 49);
        CHECK(s.top[1].t[0] == 0 && s.top[1].t[s.top[1].n - 1] == t[49]);
        series_free(&s);
        plan_end(&bp);
        profile_end(&p);
    }

    /* A zeroed series can be freed. */
    memset(&s, 0, sizeof s);
    series_free(&s);
}

/* ---- a long profile, reduced ---------------------------------------------- */

static uint64_t rng_state = 88172645463325252u;
static uint64_t rng(void)
{
    return fixture_rng(&rng_state);
}

static void test_long(void)
{
    enum { N = 100000, COLUMNS = 100, NB = 3 };
    static const char *const names[] = { "n0", "n1", "n2", "n3", "trace" };
    static const char *const bands[] = { "OTHER", "n2", "n3" };
    static const int32_t map[] = { 0, 0, 1, 2, -1 };
    struct profile p;
    profile_start(&p, names, 5);

    /* Independent record of the stacked tops per sample. */
    double *top = malloc(sizeof(double) * N * NB);
    double *times = malloc(sizeof(double) * N);
    double y_max = 0, area = 0;
    for (size_t k = 0; k < N; k++) {
        double t = 0.25 + (double)k * 0.001;
        int64_t v[5];
        for (int i = 0; i < 5; i++)
            v[i] = (int64_t)(rng() % 1000);
        /* Lone spikes and dips that a plain subsampling would miss. */
        if (k % 9973 == 17)
            v[2] = 5000000;
        if (k % 7919 == 3)
            v[0] = v[1] = v[2] = v[3] = 0;
        if (k == 54321)
            v[3] = 90000000;
        struct sample_entry e[5];
        size_t n = 0;
        for (int i = 0; i < 5; i++)
            if (v[i] || (rng() & 1))
                e[n++] = (struct sample_entry){ (uint32_t)i, v[i] };
        add_sample(&p, t, e, n);
        times[k] = t;
        double b0 = (double)(v[0] + v[1]);
        top[k * NB + 0] = b0;
        top[k * NB + 1] = b0 + (double)v[2];
        top[k * NB + 2] = top[k * NB + 1] + (double)v[3];
        double h = top[k * NB + 2];
        if (h > y_max)
            y_max = h;
        if (k > 0)
            area += (t - times[k - 1]) * (h + top[(k - 1) * NB + 2]) / 2;
    }
    struct band_plan bp;
    plan_make(&bp, bands, NB, map, 5);

    struct series s;
    struct hp_error err;
    if (!CHECK_INT(series_build(&s, &p, &bp, COLUMNS, &err), 0)) {
        fprintf(stderr, "  %s\n", err.text);
        goto out;
    }
    CHECK_INT(s.nsamples, N);
    CHECK_INT(s.nbands, NB);
    CHECK(s.y_max == y_max);
    CHECK(s.y_max >= 90000000);
    CHECK_NEAR(s.area, area, fabs(area) * 1e-12);

    double span = p.t_last - p.t_first;
    for (size_t b = 0; b < NB; b++) {
        const struct polyline *pl = &s.top[b];
        CHECK(pl->n <= 4 * COLUMNS);
        CHECK(pl->n >= COLUMNS); /* every column has samples here */
        int decreasing = 0, not_a_sample = 0, repeated = 0;
        for (size_t i = 0; i < pl->n; i++) {
            if (i > 0 && pl->t[i] < pl->t[i - 1])
                decreasing++;
            if (i > 0 && pl->t[i] == pl->t[i - 1])
                repeated++;
            /* Each point is a real sample with its exact height. */
            size_t k = (size_t)llround((pl->t[i] - 0.25) / 0.001);
            if (k >= N || times[k] != pl->t[i] || top[k * NB + b] != pl->y[i])
                not_a_sample++;
        }
        CHECK_INT(decreasing, 0);
        CHECK_INT(repeated, 0);
        CHECK_INT(not_a_sample, 0);
        CHECK(pl->t[0] == times[0] && pl->y[0] == top[b]);
        CHECK(pl->t[pl->n - 1] == times[N - 1] && pl->y[pl->n - 1] == top[(N - 1) * NB + b]);

        /* Every edge has its points at the same times: the edge over a
         * band is the edge under the next one. */
        int other_times = pl->n != s.top[0].n;
        for (size_t i = 0; !other_times && i < pl->n; i++)
            other_times = pl->t[i] != s.top[0].t[i];
        CHECK_INT(other_times, 0);
        if (b + 1 < NB)
            continue;
        /* The top edge (the stack's silhouette): per column, the column's
         * maximum and minimum are among the points (so the global ones
         * are too). */
        double gmax = -1, gmin = INFINITY;
        int missing = 0;
        size_t k = 0;
        for (size_t c = 0; c < COLUMNS; c++) {
            double cmax = -1, cmin = INFINITY;
            size_t k0 = k;
            while (k < N) {
                size_t kc = (size_t)((times[k] - p.t_first) / span * COLUMNS);
                if (kc >= COLUMNS)
                    kc = COLUMNS - 1;
                if (kc != c)
                    break;
                double y = top[k * NB + b];
                cmax = y > cmax ? y : cmax;
                cmin = y < cmin ? y : cmin;
                k++;
            }
            if (k == k0)
                continue;
            int has_max = 0, has_min = 0;
            for (size_t i = 0; i < pl->n; i++) {
                if (pl->t[i] < times[k0] || pl->t[i] > times[k - 1])
                    continue;
                has_max |= pl->y[i] == cmax;
                has_min |= pl->y[i] == cmin;
            }
            missing += !has_max + !has_min;
            gmax = cmax > gmax ? cmax : gmax;
            gmin = cmin < gmin ? cmin : gmin;
        }
        CHECK_INT(k, N);
        CHECK_INT(missing, 0);
        int has_gmax = 0, has_gmin = 0;
        for (size_t i = 0; i < pl->n; i++) {
            has_gmax |= pl->y[i] == gmax;
            has_gmin |= pl->y[i] == gmin;
        }
        CHECK(has_gmax && has_gmin);
    }
    series_free(&s);

    /* One column: at most four points, and still the global extremes. */
    CHECK_INT(series_build(&s, &p, &bp, 1, &err), 0);
    CHECK(s.top[2].n <= 4 && s.top[2].n >= 2);
    double m = 0;
    for (size_t i = 0; i < s.top[2].n; i++)
        m = s.top[2].y[i] > m ? s.top[2].y[i] : m;
    CHECK(m == y_max);
    CHECK(s.y_max == y_max);
    series_free(&s);

out:
    free(top);
    free(times);
    plan_end(&bp);
    profile_end(&p);
}

/* A name id beyond the plan's table (it cannot happen from bands_plan, but
 * the replay must not read past band_of_name). */
static void test_unknown_id(void)
{
    static const char *const names[] = { "x", "y" };
    static const char *const bands[] = { "x" };
    static const int32_t map[] = { 0 };
    struct profile p;
    profile_start(&p, names, 2);
    add_sample(&p, 0, (struct sample_entry[]){ { 0, 2 }, { 1, 100 } }, 2);
    struct band_plan bp;
    plan_make(&bp, bands, 1, map, 1);
    struct series s;
    struct hp_error err;
    CHECK_INT(series_build(&s, &p, &bp, 1, &err), 0);
    CHECK(s.y_max == 2);
    series_free(&s);
    plan_end(&bp);
    profile_end(&p);
}

/* ---- --mode ------------------------------------------------------------------ */

static void test_modes(void)
{
    /* Example A again (beta below alpha), and a third sample with nothing
     * in it: a total of 0 draws nothing in percent mode. */
    static const char *const names[] = { "alpha", "beta" };
    static const char *const bands[] = { "beta", "alpha" };
    static const int32_t map[] = { 1, 0 };
    struct profile p;
    profile_start(&p, names, 2);
    add_sample(&p, 0.0, (struct sample_entry[]){ { 0, 100 }, { 1, 50 } }, 2);
    add_sample(&p, 1.0, (struct sample_entry[]){ { 0, 300 }, { 1, 20 } }, 2);
    add_sample(&p, 2.0, NULL, 0);
    struct band_plan bp;
    plan_make(&bp, bands, 2, map, 2);
    struct series s;
    struct hp_error err;

    /* percent: beta 50 of 150 and 20 of 320; the stack always ends at 100.
     * The empty third sample has no shares: no point (a wedge down to 0
     * would show a change that is not in the data).  Exact, and reduced
     * to two columns (the second keeps its one sample with shares). */
    size_t columns[] = { 100, 2 };
    for (size_t i = 0; i < 2; i++) {
        CHECK_INT(series_build_mode(&s, &p, &bp, columns[i], MODE_PERCENT, &err), 0);
        CHECK_INT(s.top[0].n, 2);
        CHECK_INT(s.top[1].n, 2);
        CHECK_NEAR(s.top[0].y[0], 100.0 * 50 / 150, 1e-12);
        CHECK_NEAR(s.top[0].y[1], 6.25, 1e-12);
        CHECK(s.top[1].y[0] == 100 && s.top[1].y[1] == 100);
        CHECK(s.top[1].t[1] == 1.0);
        CHECK(s.plot_max == 100);
        /* The title's figures stay the stacked bytes. */
        CHECK(s.y_max == 320 && s.y_max_time == 1.0);
        CHECK(s.area == 235.0 + 160.0);
        series_free(&s);
    }

    /* lines: each band's own value, not stacked; the scale is the largest
     * single value. */
    CHECK_INT(series_build_mode(&s, &p, &bp, 100, MODE_LINES, &err), 0);
    static const double t[] = { 0, 1, 2 }, beta[] = { 50, 20, 0 }, alpha[] = { 100, 300, 0 };
    CHECK(polyline_is(&s.top[0], 3, t, beta));
    CHECK(polyline_is(&s.top[1], 3, t, alpha));
    CHECK(s.plot_max == 300);
    CHECK(s.y_max == 320);
    series_free(&s);

    /* stacked: what series_build gives, and its plot_max is y_max. */
    struct series plain;
    CHECK_INT(series_build(&plain, &p, &bp, 100, &err), 0);
    CHECK_INT(series_build_mode(&s, &p, &bp, 100, MODE_STACKED, &err), 0);
    CHECK(polyline_is(&s.top[1], plain.top[1].n, plain.top[1].t, plain.top[1].y));
    CHECK(s.plot_max == 320 && plain.plot_max == 320);
    series_free(&s);
    series_free(&plain);
    plan_end(&bp);
    profile_end(&p);
}

/* ---- a stack of many bands stays a stack ------------------------------------- */

/* Where polyline pl runs at time t (its times are increasing). */
static double height_at(const struct polyline *pl, double t)
{
    size_t lo = 0, hi = pl->n - 1;
    if (t <= pl->t[0])
        return pl->y[0];
    if (t >= pl->t[hi])
        return pl->y[hi];
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (pl->t[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    return pl->y[lo] + (pl->y[hi] - pl->y[lo]) * (t - pl->t[lo]) / (pl->t[hi] - pl->t[lo]);
}

/* Many bands that live in windows, with spikes and near-empty samples,
 * reduced to fewer columns than samples and then simplified: in every
 * column the edge over band k is the edge under band k+1 (one set of
 * times for all), each point is a real sample's exact running sum, the
 * silhouette keeps each column's extremes, and after simplification no
 * edge crosses the one below and none strays more than the tolerance
 * from its true heights at any sample kept. */
static void check_stack_truth(enum plot_mode mode)
{
    enum { N = 3000, NB = 120, COLUMNS = 200 };
    const char **names = xcalloc(NB, sizeof *names);
    char(*text)[16] = xcalloc(NB, sizeof *text);
    int32_t *map = xcalloc(NB, sizeof *map);
    for (size_t i = 0; i < NB; i++) {
        snprintf(text[i], sizeof text[i], "b%zu", i);
        names[i] = text[i];
        map[i] = (int32_t)i;
    }
    struct profile p;
    profile_start(&p, names, NB);
    double *exact = xcalloc((size_t)N * NB, sizeof *exact); /* per sample, the drawn heights */
    double *times = xcalloc(N, sizeof *times);
    size_t *start = xcalloc(NB, sizeof *start), *stop = xcalloc(NB, sizeof *stop);
    for (size_t b = 0; b < NB; b++) {
        start[b] = (size_t)(rng() % N);
        stop[b] = start[b] + 1 + (size_t)(rng() % (N / 3));
    }
    struct sample_entry *e = xcalloc(NB, sizeof *e);
    for (size_t k = 0; k < N; k++) {
        bool burst = rng() % 25 == 0, freed = rng() % 30 == 0;
        size_t n = 0;
        double sum = 0;
        for (size_t b = 0; b < NB; b++) {
            int64_t v = 0;
            if (k >= start[b] && k < stop[b]) {
                v = (int64_t)(rng() % 1000 + (b % 7 == 0 ? 100000 : 0));
                v *= burst ? 8 : 1;
                v = freed ? v / 50 : v;
            }
            if (v)
                e[n++] = (struct sample_entry){ (uint32_t)b, v };
            sum += (double)v;
            exact[k * NB + b] = sum;
        }
        times[k] = 0.01 * (double)k;
        for (size_t b = 0; b < NB && mode == MODE_PERCENT; b++)
            exact[k * NB + b] = sum > 0 ? exact[k * NB + b] / sum * 100 : 0;
        add_sample(&p, times[k], e, n);
    }
    struct band_plan bp;
    plan_make(&bp, names, NB, map, NB);
    struct series s;
    struct hp_error err;
    CHECK_INT(series_build_mode(&s, &p, &bp, COLUMNS, mode, &err), 0);

    /* One set of times; each point a real sample's exact height. */
    size_t n = s.top[0].n, other_times = 0, not_exact = 0;
    double *grid = xcalloc(n, sizeof *grid);
    size_t *sample = xcalloc(n, sizeof *sample);
    for (size_t i = 0; i < n; i++) {
        grid[i] = s.top[0].t[i];
        sample[i] = (size_t)llround(grid[i] / 0.01);
    }
    for (size_t b = 0; b < NB; b++)
        for (size_t i = 0; i < n; i++) {
            other_times += s.top[b].n != n || s.top[b].t[i] != grid[i];
            not_exact += sample[i] >= N || s.top[b].y[i] != exact[sample[i] * NB + b];
        }
    CHECK_INT(other_times, 0);
    CHECK_INT(not_exact, 0);
    CHECK(n > COLUMNS && n <= 4 * COLUMNS);

    /* Stacked: every column's highest total is drawn. */
    if (mode == MODE_STACKED) {
        size_t missing = 0;
        for (size_t c = 0, k = 0; c < COLUMNS; c++) {
            double best = -1;
            size_t at = 0;
            for (; k < N && (size_t)(times[k] / times[N - 1] * COLUMNS) <= c; k++)
                if (exact[k * NB + NB - 1] > best)
                    best = exact[k * NB + NB - 1], at = k;
            if (best < 0)
                continue;
            bool found = false;
            for (size_t i = 0; i < n && !found; i++)
                found = sample[i] == at || (grid[i] == times[at] && s.top[NB - 1].y[i] == best);
            missing += !found;
        }
        CHECK_INT(missing, 0);
    }

    /* Simplified: never crossing, never further than the tolerance.  A
     * band's edge may cover only where the band shows (not the top one):
     * elsewhere it is the edge below. */
    double range = mode == MODE_PERCENT ? 100 : s.y_max;
    series_simplify(&s, range);
    double tol = range * SERIES_TOLERANCE * (1 + 1e-9);
    size_t crossing = 0, astray = 0, dropped = 0, cut_short = 0;
    double *edge = xcalloc(n, sizeof *edge); /* the edge under band b, drawn */
    for (size_t b = 0; b < NB; b++) {
        const struct polyline *pl = &s.top[b];
        dropped += n - pl->n;
        cut_short += pl->n && (pl->t[0] > grid[0] || pl->t[pl->n - 1] < grid[n - 1]);
        if (b + 1 == NB)
            CHECK(pl->n && pl->t[0] == grid[0] && pl->t[pl->n - 1] == grid[n - 1]);
        for (size_t i = 0; i < n; i++) {
            double under = edge[i];
            if (pl->n && grid[i] >= pl->t[0] && grid[i] <= pl->t[pl->n - 1])
                edge[i] = height_at(pl, grid[i]);
            astray += fabs(edge[i] - exact[sample[i] * NB + b]) > tol;
            crossing += edge[i] < under - range * 1e-12; /* rounding aside */
        }
    }
    free(edge);
    CHECK_INT(crossing, 0);
    CHECK_INT(astray, 0);
    CHECK(dropped > 0);   /* flat stretches (bands not yet alive) do go */
    CHECK(cut_short > 0); /* and bands keep only their lives */

    series_free(&s);
    free(grid);
    free(sample);
    plan_end(&bp);
    profile_end(&p);
    free(e);
    free(start);
    free(stop);
    free(exact);
    free(times);
    free(map);
    free(text);
    free(names);
}

/* Percent mode on a profile whose samples hold nothing: no point at all,
 * and simplifying that is harmless. */
static void test_percent_of_nothing(void)
{
    static const char *const names[] = { "a" };
    static const int32_t map[] = { 0 };
    struct profile p;
    profile_start(&p, names, 1);
    add_sample(&p, 0.0, (struct sample_entry[]){ { 0, 0 } }, 1);
    add_sample(&p, 1.0, NULL, 0);
    struct band_plan bp;
    plan_make(&bp, names, 1, map, 1);
    struct series s;
    struct hp_error err;
    CHECK_INT(series_build_mode(&s, &p, &bp, 10, MODE_PERCENT, &err), 0);
    CHECK_INT(s.top[0].n, 0);
    series_simplify(&s, 100);
    CHECK_INT(s.top[0].n, 0);
    series_free(&s);
    plan_end(&bp);
    profile_end(&p);
}

/* Bands far thinner than the tolerance (a million names of a millionth
 * each): only about one edge per tolerance of height is drawn, each band
 * that stays is within the tolerance of its true edge (check_stack_truth
 * checks the rest), and a band that is thick anywhere always stays. */
static void test_hairlines(void)
{
    enum { NB = 20002 };
    const char **names = xcalloc(NB, sizeof *names);
    char(*text)[16] = xcalloc(NB, sizeof *text);
    int32_t *map = xcalloc(NB, sizeof *map);
    struct sample_entry *e = xcalloc(NB, sizeof *e);
    for (size_t i = 0; i < NB; i++) {
        snprintf(text[i], sizeof text[i], "b%zu", i);
        names[i] = text[i];
        map[i] = (int32_t)i;
    }
    struct profile p;
    profile_start(&p, names, NB);
    for (int k = 0; k < 3; k++) {
        for (size_t b = 0; b < NB; b++) /* 1000000, 20000 of 1, 1000000 */
            e[b] = (struct sample_entry){ (uint32_t)b, b == 0 || b == NB - 1 ? 1000000 : 1 };
        e[NB / 2].value = k == 1 ? 200000 : 1; /* thick in one sample only */
        add_sample(&p, k, e, NB);
    }
    struct band_plan bp;
    plan_make(&bp, names, NB, map, NB);
    struct series s;
    struct hp_error err;
    CHECK_INT(series_build(&s, &p, &bp, 10, &err), 0);
    series_simplify(&s, s.y_max);
    size_t drawn = 0;
    for (size_t b = 0; b < NB; b++)
        drawn += s.top[b].n > 0;
    /* 20000 of 2220000: about 37 tolerances of height. */
    CHECK(drawn >= 3 && drawn <= 2 + 2 * 37 + 2);
    CHECK(s.top[0].n && s.top[NB - 1].n && s.top[NB / 2].n);
    series_free(&s);
    plan_end(&bp);
    profile_end(&p);
    free(e);
    free(map);
    free(text);
    free(names);
}

static void test_stack_truth(void)
{
    check_stack_truth(MODE_STACKED);
    check_stack_truth(MODE_PERCENT);
}

/* ---- the page's samples (-o FILE.html) ------------------------------------------ */

/* A random profile of nb bands and n samples (a sample in twenty holds
 * nothing); values[k * nb + b] records what it holds. */
static void random_profile(struct profile *p, struct band_plan *bp, size_t n, size_t nb,
                           int64_t *values)
{
    const char **names = xcalloc(nb, sizeof *names);
    char(*text)[16] = xcalloc(nb, sizeof *text);
    int32_t *map = xcalloc(nb, sizeof *map);
    for (size_t i = 0; i < nb; i++) {
        snprintf(text[i], sizeof text[i], "b%zu", i);
        names[i] = text[i];
        map[i] = (int32_t)i;
    }
    profile_start(p, names, nb);
    struct sample_entry *e = xcalloc(nb, sizeof *e);
    for (size_t k = 0; k < n; k++) {
        size_t m = 0;
        bool empty = rng() % 20 == 0;
        for (size_t b = 0; b < nb; b++) {
            int64_t v = empty || rng() % 3 == 0 ? 0 : (int64_t)(rng() % 100000);
            values[k * nb + b] = v;
            if (v)
                e[m++] = (struct sample_entry){ (uint32_t)b, v };
        }
        add_sample(p, 0.5 + 0.01 * (double)k, e, m);
    }
    plan_make(bp, names, nb, map, nb);
    free(e);
    free(map);
    free(text);
    free(names);
}

/* Every page sample is a whole sample of the profile, with its exact
 * values, in order, within the budget; in a stack each is a sample the
 * drawing went through, and the highest total is among them. */
static void check_page_samples(size_t n, size_t nb, enum plot_mode mode, bool all)
{
    enum { COLUMNS = 1000 };
    int64_t *values = xcalloc(n * nb, sizeof *values);
    struct profile p;
    struct band_plan bp;
    random_profile(&p, &bp, n, nb, values);
    struct series s;
    struct hp_error err;
    CHECK_INT(series_build_mode(&s, &p, &bp, COLUMNS, mode, &err), 0);
    CHECK_INT(series_samples_build(&s, &p, &bp, COLUMNS, &err), 0);
    const struct series_samples *ss = s.samples;
    if (!CHECK(ss != NULL))
        goto out;
    CHECK_INT(ss->nbands, nb);
    CHECK(ss->n * nb <= SERIES_PAGE_BUDGET || ss->n <= 4);
    CHECK(ss->n >= (all ? n * 9 / 10 : 4));
    size_t wrong = 0, not_drawn = 0, d = 0, empties = 0;
    bool has_peak = false;
    for (size_t i = 0; i < ss->n; i++) {
        size_t k = (size_t)llround((ss->t[i] - 0.5) / 0.01);
        int64_t total = 0;
        for (size_t b = 0; b < nb; b++) {
            wrong += ss->value[i * nb + b] != values[k * nb + b];
            total += values[k * nb + b];
        }
        empties += total == 0;
        wrong += i > 0 && !(ss->t[i] > ss->t[i - 1]);
        has_peak = has_peak || ss->t[i] == s.y_max_time;
        if (mode == MODE_LINES)
            continue;
        while (d < s.top[0].n && s.top[0].t[d] < ss->t[i])
            d++;
        not_drawn += d == s.top[0].n || s.top[0].t[d] != ss->t[i];
    }
    CHECK_INT(wrong, 0);
    CHECK_INT(not_drawn, 0);
    CHECK(has_peak || mode != MODE_STACKED); /* percent mode keeps other extremes */
    if (mode == MODE_PERCENT)
        CHECK_INT(empties, 0); /* drawn as nothing, not read either */
    if (all && mode != MODE_PERCENT)
        CHECK_INT(ss->n, n);
out:
    series_free(&s);
    plan_end(&bp);
    profile_end(&p);
    free(values);
}

static void test_page_samples(void)
{
    enum plot_mode modes[] = { MODE_STACKED, MODE_PERCENT, MODE_LINES };
    for (int m = 0; m < 3; m++) {
        check_page_samples(300, 5, modes[m], true);     /* every sample fits */
        check_page_samples(20000, 3, modes[m], false);  /* the drawing's own columns */
        check_page_samples(3000, 150, modes[m], false); /* several of its columns each */
    }
    check_page_samples(50, 20000, MODE_STACKED, false); /* more bands than the budget */
}

/* ---- sparse and dense replays: the same series to the bit ----------------------- */

static bool same_doubles(const double *a, const double *b, size_t n)
{
    return n == 0 || memcmp(a, b, n * sizeof *a) == 0;
}

static size_t series_differences(const struct series *a, const struct series *b)
{
    size_t bad = a->nbands != b->nbands || a->nsamples != b->nsamples;
    bad += memcmp(&a->y_max, &b->y_max, sizeof a->y_max) != 0;
    bad += memcmp(&a->y_max_time, &b->y_max_time, sizeof a->y_max_time) != 0;
    bad += memcmp(&a->area, &b->area, sizeof a->area) != 0;
    bad += memcmp(&a->plot_max, &b->plot_max, sizeof a->plot_max) != 0;
    const double fa[] = { a->all_max,    a->all_max_time, a->all_area,
                          a->hidden_max, a->hidden_time,  a->hidden_total };
    const double fb[] = { b->all_max,    b->all_max_time, b->all_area,
                          b->hidden_max, b->hidden_time,  b->hidden_total };
    bad += !same_doubles(fa, fb, 6);
    if (bad)
        return bad;
    bad += !same_doubles(a->band_peak, b->band_peak, a->nbands);
    bad += !same_doubles(a->band_peak_time, b->band_peak_time, a->nbands);
    for (size_t k = 0; k < a->nbands; k++)
        bad += a->top[k].n != b->top[k].n || !same_doubles(a->top[k].t, b->top[k].t, a->top[k].n)
            || !same_doubles(a->top[k].y, b->top[k].y, a->top[k].n);
    const struct series_samples *x = a->samples, *y = b->samples;
    if (x && y)
        bad += x->n != y->n || x->nbands != y->nbands || !same_doubles(x->t, y->t, x->n)
            || (x->n && memcmp(x->value, y->value, x->n * x->nbands * sizeof *x->value) != 0)
            || !x->hidden != !y->hidden
            || (x->hidden && x->n && memcmp(x->hidden, y->hidden, x->n * sizeof *x->hidden) != 0);
    else
        bad += x != y;
    return bad;
}

/* A profile of nb names over n samples, each sample a few of them in any
 * order: some twice, some 0, some near INT64_MAX (sums saturate), so
 * that the trace, OTHER and the band order all come into play. */
static char *sparse_body(size_t n, size_t nb, size_t per_sample, uint64_t *seed)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    for (size_t k = 0; k < n; k++) {
        fprintf(f, "BEGIN_SAMPLE %.3f\n", 0.25 * (double)k);
        size_t m = fixture_rng(seed) % (per_sample + 1);
        for (size_t j = 0; j < m; j++) {
            uint64_t r = fixture_rng(seed);
            unsigned long long v = r % 97 == 0 ? 0
                : r % 89 == 0                  ? 4611686018427387904ull
                                               : (r >> 20) % 5000;
            size_t name = (size_t)(fixture_rng(seed) % nb);
            fprintf(f, "n%zu\t%llu\n", name, v);
            if (r % 13 == 0)
                fprintf(f, "n%zu\t%llu\n", name, v / 2); /* twice in one sample */
        }
        if (k > 0 && k % 3 == 0)
            fputs("zero\t0\n",
                  f); /* a band that is 0 wherever it is: its peak stays at the start */
        fprintf(f, "END_SAMPLE %.3f\n", 0.25 * (double)k);
    }
    fclose(f);
    return buf;
}

static void test_sparse_replay(void)
{
    uint64_t seed = 0x5eed5eedu;
    static const size_t columns[] = { 1, 2, 3, 7, 40, 1000 };
    static const struct {
        size_t n, nb, per;
        double trace;
        long limit;
    } shape[] = {
        { 50, 200, 6, 0, 0 },  { 300, 400, 12, 1, 0 },    { 120, 60, 3, 0, 8 },
        { 9, 30, 30, 0, 0 },   { 400, 1000, 2, 0.5, 30 }, { 2, 5, 5, 0, 0 },
        { 200, 300, 0, 0, 0 },
    };
    size_t bad = 0, cases = 0;
    for (size_t i = 0; i < sizeof shape / sizeof shape[0]; i++) {
        char *body = sparse_body(shape[i].n, shape[i].nb, shape[i].per, &seed);
        struct profile p;
        struct band_plan bp;
        fixture_parse(&p, body);
        free(body);
        fixture_plan(&bp, &p, shape[i].trace, shape[i].limit, false);
        for (size_t c = 0; c < sizeof columns / sizeof columns[0]; c++) {
            struct series d, sp, au;
            struct hp_error err;
            CHECK_INT(
                series_build_replay(&d, &p, &bp, columns[c], MODE_STACKED, SERIES_DENSE, &err), 0);
            CHECK_INT(
                series_build_replay(&sp, &p, &bp, columns[c], MODE_STACKED, SERIES_SPARSE, &err),
                0);
            CHECK_INT(series_build_mode(&au, &p, &bp, columns[c], MODE_STACKED, &err), 0);
            CHECK_INT(series_samples_build_replay(&d, &p, &bp, columns[c], SERIES_DENSE, &err), 0);
            CHECK_INT(series_samples_build_replay(&sp, &p, &bp, columns[c], SERIES_SPARSE, &err),
                      0);
            CHECK_INT(series_samples_build(&au, &p, &bp, columns[c], &err), 0);
            bad += series_differences(&d, &sp) + series_differences(&d, &au);
            cases++;
            series_free(&d);
            series_free(&sp);
            series_free(&au);
        }
        band_plan_free(&bp);
        profile_free(&p);
    }
    if (!CHECK_INT(bad, 0))
        fprintf(stderr, "  %zu differences between dense and sparse replays in %zu cases\n", bad,
                cases);
}

/* A band whose sum in one sample passes INT64_MAX (OTHER of two names at
 * INT64_MAX) is held there, and the series says so, in either replay;
 * sums that fit leave the flag down. */
static void test_clipped(void)
{
    static const char *const names[] = { "a", "b", "c" };
    static const char *const bands[] = { "OTHER", "c" };
    static const int32_t map[] = { 0, 0, 1 };
    for (int over = 0; over < 2; over++) {
        int64_t big = over ? INT64_MAX : INT64_MAX / 2;
        struct profile p;
        profile_start(&p, names, 3);
        for (int k = 0; k < 6; k++)
            add_sample(&p, k,
                       (struct sample_entry[]){ { 0, big }, { 1, k == 3 ? big : 1 }, { 2, 5 } }, 3);
        struct band_plan bp;
        plan_make(&bp, bands, 2, map, 3);
        struct hp_error err;
        enum series_replay how[] = { SERIES_DENSE, SERIES_SPARSE };
        for (int h = 0; h < 2; h++) {
            for (size_t columns = 2; columns <= 10; columns += 8) {
                struct series s;
                CHECK_INT(series_build_replay(&s, &p, &bp, columns, MODE_STACKED, how[h], &err), 0);
                CHECK(s.clipped == (over == 1));
                series_free(&s);
            }
        }
        plan_end(&bp);
        profile_end(&p);
    }
}

int main(void)
{
    test_example_a();
    test_trace_and_other();
    test_edge_cases();
    test_long();
    test_unknown_id();
    test_modes();
    test_stack_truth();
    test_percent_of_nothing();
    test_hairlines();
    test_page_samples();
    test_sparse_replay();
    test_clipped();
    return check_report();
}

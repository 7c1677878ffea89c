/* SPDX-License-Identifier: BSD-3-Clause */
/* test_scale.c: what keeps hp2ps fast and small on any size of profile.
 *
 *   - series_columns: the column budget, and vector output bounded by the
 *     resolution: twice the samples, about the same size;
 *   - the .aux, the scales and the totals do not depend on the columns;
 *   - series_simplify drops only points within its tolerance of the line;
 *   - a mark per sample keeps memory and output bounded;
 *   - the store's compact log round-trips every value, in memory and
 *     spilled;
 *   - names_truncate, and the parser's fast path for data lines (the
 *     guessed next name, values read backwards) agrees with the general
 *     one.
 */
#include "check.h"
#include "aux.h"
#include "fixture.h"
#include "layout.h"
#include "render.h"
#include "series.h"

#include <stdarg.h>
#include <stdlib.h>

static uint64_t lcg(uint64_t *state)
{
    return fixture_rng(state) >> 33;
}

/* A GHC-shaped profile: names "(i)cc/i", values that wander, empty first
 * and last samples. */
static char *make_profile(size_t nnames, size_t nsamples, size_t *len)
{
    struct fixture_text t = { 0 };
    uint64_t seed = 12345;
    fixture_put(&t, "JOB \"scale\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n");
    fixture_put(&t, "BEGIN_SAMPLE 0.00\nEND_SAMPLE 0.00\n");
    for (size_t k = 1; k <= nsamples; k++) {
        fixture_put(&t, "BEGIN_SAMPLE %zu.%02zu\n", k / 100, k % 100);
        for (size_t i = 0; i < nnames; i++)
            fixture_put(&t, "(%zu)cc/%zu\t%llu\n", i, i * 7,
                        (unsigned long long)(1000 + (i + 1) * 10 + lcg(&seed) % 5000));
        fixture_put(&t, "END_SAMPLE %zu.%02zu\n", k / 100, k % 100);
    }
    fixture_put(&t, "BEGIN_SAMPLE %zu.%02zu\nEND_SAMPLE %zu.%02zu\n", (nsamples + 1) / 100,
                (nsamples + 1) % 100, (nsamples + 1) / 100, (nsamples + 1) % 100);
    *len = t.len;
    return t.s;
}

static size_t total_points(const struct series *s)
{
    size_t n = 0;
    for (size_t b = 0; b < s->nbands; b++)
        n += s->top[b].n;
    return n;
}

/* ---- the column budget --------------------------------------------------- */

static void test_columns(void)
{
    CHECK_INT(series_columns(0), SERIES_MAX_COLUMNS);
    CHECK_INT(series_columns(1), SERIES_MAX_COLUMNS);
    size_t prev = SERIES_MAX_COLUMNS;
    int bad_range = 0, bad_budget = 0, bad_order = 0;
    for (size_t nb = 1; nb <= 5000; nb++) {
        size_t c = series_columns(nb);
        bad_range += c < SERIES_MIN_COLUMNS || c > SERIES_MAX_COLUMNS;
        bad_order += c > prev;
        /* Until the columns reach their minimum, four points per column
         * fit the budget. */
        bad_budget += nb <= SERIES_POINT_BUDGET / (4 * SERIES_MIN_COLUMNS)
            && 4 * c * nb > SERIES_POINT_BUDGET;
        prev = c;
    }
    CHECK_INT(bad_range, 0);
    CHECK_INT(bad_budget, 0);
    CHECK_INT(bad_order, 0);
    CHECK(series_columns(20) >= 100); /* the default band limit still looks smooth */
    /* Hundreds of bands keep the full resolution: a budget never thins
     * the columns of a real profile's -m0 drawing. */
    CHECK_INT(series_columns(1000), SERIES_MAX_COLUMNS);
}

/* The profile drawn in every vector format: sizes[i] for format i. */
static void draw_sizes(const char *what, size_t nnames, size_t nsamples, long limit, long *sizes)
{
    size_t len;
    char *hp = make_profile(nnames, nsamples, &len);
    struct hp_error err;
    struct profile p;
    struct band_plan bp;
    struct series s;
    struct layout L;
    memset(&L, 0, sizeof L);
    if (!CHECK(profile_parse_buffer(&p, hp, len, "scale.hp", NULL, &err) == 0)) {
        fprintf(stderr, "  %s\n", err.text);
        free(hp);
        return;
    }
    free(hp);
    struct band_options bo;
    band_options_default(&bo);
    bo.limit = limit;
    bo.trace_percent = 0;
    CHECK(bands_plan(&bp, &p, &bo, &err) == 0);
    CHECK(series_build(&s, &p, &bp, series_columns(bp.count), &err) == 0);
    size_t points = total_points(&s);
    if (!CHECK(points <= SERIES_POINT_BUDGET))
        fprintf(stderr, "  %s: %zu bands, %zu points\n", what, bp.count, points);

    struct render_fonts *fonts = render_fonts_new(NULL);
    struct text_metrics tm = render_text_metrics(fonts);
    const struct render_format *const fmts[] = { &render_format_ps, &render_format_eps,
                                                 &render_format_pdf, &render_format_svg };
    for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
        struct layout_options lo = {
            .page = fmts[i]->always_fit ? PAGE_FIT
                : fmts[i]->print_page   ? PAGE_TURNED_A4
                                        : PAGE_LANDSCAPE_A4,
            .fit_width = 648,
            .single_page = !fmts[i]->multipage,
            .key = limit != 0,
            .marks = true,
            .x_range = p.t_last - p.t_first,
            .y_range = s.y_max,
        };
        if (!CHECK(layout_build(&L, &p, &bp, &s, &lo, &tm, &err) == 0)) {
            fprintf(stderr, "  %s\n", err.text);
            continue;
        }
        FILE *f = tmpfile();
        struct render_settings rs = { .dpi = 72 };
        CHECK(fmts[i]->write(f, &L, fonts, &rs, &err) == 0);
        sizes[i] = ftell(f);
        fclose(f);
        layout_free(&L);
        memset(&L, 0, sizeof L);
    }
    render_fonts_free(fonts);
    series_free(&s);
    band_plan_free(&bp);
    profile_free(&p);
}

/* Past the columns, more samples do not make more output: the size of
 * each vector format with nsamples and with twice as many differs by at
 * most a fifth (the values are random, so never exactly). */
static void check_output_bounded(const char *what, size_t nnames, size_t nsamples, long limit)
{
    long once[4] = { 0 }, twice[4] = { 0 };
    draw_sizes(what, nnames, nsamples, limit, once);
    draw_sizes(what, nnames, 2 * nsamples, limit, twice);
    static const char *const format[] = { "ps", "eps", "pdf", "svg" };
    for (size_t i = 0; i < 4; i++)
        if (!CHECK(once[i] > 0 && twice[i] > 0 && twice[i] < once[i] * 6 / 5))
            fprintf(stderr, "  %s as %s: %ld bytes, %ld with twice the samples\n", what, format[i],
                    once[i], twice[i]);
}

/* A MARK before every one of 100000 samples: the marks kept in memory are
 * thinned, none further than the resolution from one kept, and the
 * drawing stays small. */
static void test_many_marks(void)
{
    struct fixture_text t = { 0 };
    fixture_put(&t, "JOB \"marks\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n");
    const size_t n = 100000;
    for (size_t k = 0; k < n; k++)
        fixture_put(&t, "MARK %zu.005\nBEGIN_SAMPLE %zu.01\na %zu\nb 7\nEND_SAMPLE %zu.01\n", k, k,
                    k % 1000, k);
    struct profile p;
    struct hp_error err;
    if (!CHECK(profile_parse_buffer(&p, t.s, t.len, "marks.hp", NULL, &err) == 0)) {
        free(t.s);
        return;
    }
    free(t.s);
    CHECK(p.nmarks > 1000 && p.nmarks < 65536);
    double step = (p.t_last - p.t_first) / 8192;
    size_t far = 0;
    for (size_t k = 0; k < n; k += 97) { /* every mark has a kept one near it */
        double m = (double)k + 0.005, best = INFINITY;
        for (size_t i = 0; i < p.nmarks; i++)
            if (fabs(p.marks[i] - m) < best)
                best = fabs(p.marks[i] - m);
        far += best > step;
    }
    CHECK_INT(far, 0);

    struct band_options bo;
    band_options_default(&bo);
    struct band_plan bp;
    struct series s;
    struct layout L;
    memset(&L, 0, sizeof L);
    CHECK(bands_plan(&bp, &p, &bo, &err) == 0);
    CHECK(series_build(&s, &p, &bp, series_columns(bp.count), &err) == 0);
    struct render_fonts *fonts = render_fonts_new(NULL);
    struct text_metrics tm = render_text_metrics(fonts);
    struct layout_options lo = { .page = PAGE_LANDSCAPE_A4,
                                 .fit_width = 648,
                                 .key = true,
                                 .marks = true,
                                 .x_range = p.t_last - p.t_first,
                                 .y_range = s.y_max };
    CHECK(layout_build(&L, &p, &bp, &s, &lo, &tm, &err) == 0);
    size_t carets = 0;
    for (size_t i = 0; i < L.page[0].count; i++)
        carets += L.page[0].prim[i].kind == PRIM_POLYGON && L.page[0].prim[i].npts == 3;
    CHECK(carets > 100 && carets < 2000);
    FILE *f = tmpfile();
    struct render_settings rs = { .dpi = 72 };
    CHECK(render_format_svg.write(f, &L, fonts, &rs, &err) == 0);
    CHECK(ftell(f) < 1000000);
    fclose(f);
    layout_free(&L);
    render_fonts_free(fonts);
    series_free(&s);
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- columns change the drawing only ------------------------------------- */

static char *aux_text(const struct band_plan *bp, double x_range, double y_range)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    aux_write(f, bp, x_range, y_range, false);
    fclose(f);
    return buf;
}

static void test_columns_leave_aux(void)
{
    size_t len;
    char *hp = make_profile(40, 3000, &len);
    struct hp_error err;
    struct profile p;
    CHECK(profile_parse_buffer(&p, hp, len, "aux.hp", NULL, &err) == 0);
    free(hp);
    struct band_options bo;
    band_options_default(&bo);
    struct band_plan bp;
    CHECK(bands_plan(&bp, &p, &bo, &err) == 0);

    struct series a, b;
    CHECK(series_build(&a, &p, &bp, 10, &err) == 0);
    CHECK(series_build(&b, &p, &bp, 1000, &err) == 0);
    CHECK(total_points(&a) < total_points(&b)); /* the drawing does change */
    CHECK(a.y_max == b.y_max);
    CHECK(a.y_max_time == b.y_max_time);
    CHECK(a.area == b.area);
    CHECK_INT(a.nsamples, b.nsamples);
    int peaks = 0;
    for (size_t k = 0; k < a.nbands; k++)
        peaks += a.band_peak[k] != b.band_peak[k];
    CHECK_INT(peaks, 0);
    char *ta = aux_text(&bp, p.t_last - p.t_first, a.y_max);
    char *tb = aux_text(&bp, p.t_last - p.t_first, b.y_max);
    CHECK_STR(ta, tb);
    CHECK(strstr(ta, "ORDER") != NULL);
    free(ta);
    free(tb);
    series_free(&a);
    series_free(&b);
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- series_simplify ------------------------------------------------------ */

/* How far (t, y) is from the polyline: the smallest vertical distance over
 * the segments that span t (a vertical segment spans an interval of y). */
static double distance_from(const struct polyline *pl, double t, double y)
{
    double best = pl->n == 1 && t == pl->t[0] ? fabs(y - pl->y[0]) : INFINITY;
    for (size_t i = 0; i + 1 < pl->n; i++) {
        double t0 = pl->t[i], t1 = pl->t[i + 1], y0 = pl->y[i], y1 = pl->y[i + 1];
        if (t < t0 || t > t1)
            continue;
        double d;
        if (t1 == t0) {
            double lo = y0 < y1 ? y0 : y1, hi = y0 < y1 ? y1 : y0;
            d = y < lo ? lo - y : y > hi ? y - hi : 0;
        } else
            d = fabs(y - (y0 + (y1 - y0) * (t - t0) / (t1 - t0)));
        if (d < best)
            best = d;
    }
    return best;
}

/* Simplify a copy of (t, y) with y range r; check the result. */
static size_t check_simplify(const double *t, const double *y, size_t n, double r)
{
    struct series s;
    memset(&s, 0, sizeof s);
    s.nbands = 1;
    struct polyline pl = { n, xreallocarray(NULL, n, sizeof(double)),
                           xreallocarray(NULL, n, sizeof(double)) };
    memcpy(pl.t, t, n * sizeof *t);
    memcpy(pl.y, y, n * sizeof *y);
    s.top = &pl;
    series_simplify(&s, r);
    double tol = r * SERIES_TOLERANCE * (1 + 1e-9) + 1e-12;
    size_t far = 0, order = 0;
    for (size_t k = 0; k < n; k++)
        far += distance_from(&pl, t[k], y[k]) > tol;
    for (size_t i = 1; i < pl.n; i++)
        order += pl.t[i] < pl.t[i - 1];
    CHECK_INT(far, 0);
    CHECK_INT(order, 0);
    CHECK(pl.n >= (n < 2 ? n : 2) && pl.n <= n);
    CHECK(n == 0 || (pl.t[0] == t[0] && pl.y[0] == y[0]));
    CHECK(n == 0 || (pl.t[pl.n - 1] == t[n - 1] && pl.y[pl.n - 1] == y[n - 1]));
    size_t kept = pl.n;
    free(pl.t);
    free(pl.y);
    return kept;
}

static void test_simplify(void)
{
    enum { N = 5000 };
    static double t[N], y[N];
    uint64_t seed = 7;

    /* Flat, and a straight slope: two points. */
    for (size_t k = 0; k < N; k++)
        t[k] = (double)k, y[k] = 1000;
    CHECK_INT(check_simplify(t, y, N, 5000), 2);
    for (size_t k = 0; k < N; k++)
        y[k] = 3.0 * (double)k;
    CHECK_INT(check_simplify(t, y, N, 3.0 * N), 2);

    /* A random walk with steps far above the tolerance keeps nearly all;
     * the same walk scaled into the tolerance keeps almost none. */
    double v = 0;
    for (size_t k = 0; k < N; k++) {
        v += (double)(lcg(&seed) % 2001) - 1000;
        y[k] = v;
    }
    CHECK(check_simplify(t, y, N, 1000.0) > N / 2);
    for (size_t k = 0; k < N; k++)
        y[k] = 1e6 + y[k] * 1e-9;
    CHECK(check_simplify(t, y, N, 1e6) < 10);

    /* Steps about as large as the tolerance (1 here): many points are
     * just inside it, many just outside. */
    v = 0;
    for (size_t k = 0; k < N; k++) {
        v += ((double)(lcg(&seed) % 4001) - 2000) / 1000;
        y[k] = v;
    }
    size_t some = check_simplify(t, y, N, 8192);
    CHECK(some > N / 10 && some < N * 9 / 10);

    /* Noise around a trend, repeated times (vertical steps), a spike. */
    for (size_t k = 0; k < N; k++) {
        t[k] = (double)(k / 3);
        y[k] = 500 + (double)k * 0.1 + (double)(lcg(&seed) % 100) * 0.01;
    }
    y[N / 2] = 90000;
    size_t kept = check_simplify(t, y, N, 100000);
    CHECK(kept < N);

    /* Short lines, a zero range: untouched. */
    CHECK_INT(check_simplify(t, y, 1, 10), 1);
    CHECK_INT(check_simplify(t, y, 2, 10), 2);
    CHECK_INT(check_simplify(t, y, 100, 0), 100);
}

/* ---- the store ------------------------------------------------------------ */

static void test_store_round_trip(void)
{
    static const int64_t values[] = {
        0, 1, 127, 128, 16383, 16384, 1u << 21, 1000000007, INT64_MAX, INT64_MAX - 1, -1, INT64_MIN,
    };
    static const uint32_t names[] = { 0, 1, 2, 0, 0, 300, 299, 1u << 20, UINT32_MAX, 5, 4, 3 };
    const size_t n = sizeof values / sizeof values[0];
    struct hp_error err;

    for (int big = 0; big < 2; big++) {
        struct store *s = store_new();
        size_t nsamples = big ? 200000 : 10;
        struct sample_entry e[12];
        size_t failed = 0;
        for (size_t k = 0; k < nsamples; k++) {
            size_t m = k % (n + 1); /* 0..n entries, an empty sample too */
            for (size_t i = 0; i < m; i++) {
                e[i].name = names[(i + k) % n];
                e[i].value = values[(i * 7 + k) % n];
            }
            failed += store_append(s, (double)k * 0.25, e, m, &err) != 0;
        }
        CHECK_INT(failed, 0);
        CHECK(store_spilled(s) == (big != 0));
        CHECK(big || store_bytes(s) < 2000);
        for (int pass = 0; pass < 2; pass++) {
            struct store_cursor *cur = store_cursor_new(s);
            size_t k = 0, wrong = 0;
            struct sample smp;
            int rc;
            while ((rc = store_cursor_next(cur, &smp, &err)) == 1) {
                wrong += smp.time != (double)k * 0.25 || smp.n != k % (n + 1);
                for (size_t i = 0; i < smp.n && i < n; i++)
                    wrong += smp.entry[i].name != names[(i + k) % n]
                        || smp.entry[i].value != values[(i * 7 + k) % n];
                k++;
            }
            store_cursor_free(cur);
            CHECK_INT(rc, 0);
            CHECK_INT(k, nsamples);
            CHECK_INT(wrong, 0);
        }
        store_free(s);
    }

    /* Names in the order the RTS writes them cost about a byte each. */
    struct store *s = store_new();
    struct sample_entry e[300];
    for (size_t i = 0; i < 300; i++)
        e[i].name = (uint32_t)i, e[i].value = 100;
    for (int k = 0; k < 10; k++)
        CHECK(store_append(s, k, e, 300, &err) == 0);
    CHECK(store_bytes(s) <= 10 * (13 + 300 * 2));
    store_free(s);
}

/* ---- names and the parser's fast path ------------------------------------- */

static void test_names_truncate(void)
{
    struct names t;
    names_init(&t);
    const char *const words[] = { "alpha", "beta", "gamma", "delta" };
    for (int i = 0; i < 4; i++)
        CHECK_INT(names_intern(&t, words[i], strlen(words[i])), i);
    names_truncate(&t, 2);
    CHECK_INT(t.count, 2);
    CHECK_INT(names_find(&t, "gamma", 5), -1);
    CHECK_INT(names_find(&t, "delta", 5), -1);
    CHECK_INT(names_find(&t, "beta", 4), 1);
    CHECK_INT(names_intern(&t, "delta", 5), 2);
    names_truncate(&t, 5); /* more than there are: nothing happens */
    CHECK_INT(t.count, 3);
    names_free(&t);
}

static int64_t value_of(const struct profile *p, const char *name)
{
    int64_t id = names_find(&p->names, name, strlen(name));
    return id < 0 ? -1 : (int64_t)p->names.info[id].total;
}

static void test_parse_paths(void)
{
    /* Each line either takes the fast path or not; the totals must not
     * care.  Names come in a different order in each sample, repeat, and
     * change, so the guessed next name is often wrong. */
    const char *hp = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
                     "BEGIN_SAMPLE 0\n"
                     "a\t1\n"
                     "b 999999999999999999\n"  /* 18 digits: fast */
                     "c 1000000000000000000\n" /* 19 digits: general */
                     "d +5\n"                  /* a sign: general */
                     "e\t \t7  \n"             /* trailing blanks: general */
                     "f g h 8\r\n"             /* a name with blanks */
                     "END_SAMPLE 0\n"
                     "BEGIN_SAMPLE 1\n"
                     "f g h 2\n"
                     "a 3\n"
                     "a 4\n"                   /* twice in one sample */
                     "c 9223372036854775807\n" /* INT64_MAX */
                     "new 6\n"
                     "END_SAMPLE 1\n"
                     "BEGIN_SAMPLE 2\n"
                     "a 10\n"
                     "b 1\n"
                     "END_SAMPLE 2\n";
    struct profile p;
    struct hp_error err;
    if (!CHECK(profile_parse_buffer(&p, hp, strlen(hp), "paths.hp", NULL, &err) == 0)) {
        fprintf(stderr, "  %s\n", err.text);
        return;
    }
    CHECK_INT(p.names.count, 7);
    CHECK_INT(value_of(&p, "a"), 18);
    CHECK_INT(value_of(&p, "b"), 1000000000000000000);
    CHECK(p.names.info[names_find(&p.names, "c", 1)].total == 10223372036854775807u);
    CHECK_INT(value_of(&p, "d"), 5);
    CHECK_INT(value_of(&p, "e"), 7);
    CHECK_INT(value_of(&p, "f g h"), 10);
    CHECK_INT(value_of(&p, "new"), 6);
    CHECK_INT(p.names.info[names_find(&p.names, "a", 1)].points, 4);
    profile_free(&p);

    /* Errors still come from the general path, worded as before. */
    const char *bad = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
                      "BEGIN_SAMPLE 0\na 1\nb 9223372036854775808\nEND_SAMPLE 0\n";
    CHECK(profile_parse_buffer(&p, bad, strlen(bad), "bad.hp", NULL, &err) < 0);
    CHECK(strstr(err.text, "bad.hp:7:") != NULL && strstr(err.text, "larger than") != NULL);
    const char *outside = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\na 1\n";
    CHECK(profile_parse_buffer(&p, outside, strlen(outside), "out.hp", NULL, &err) < 0);
    CHECK(strstr(err.text, "outside a sample") != NULL);
    const char *noname = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
                         "BEGIN_SAMPLE 0\n   42\nEND_SAMPLE 0\n";
    CHECK(profile_parse_buffer(&p, noname, strlen(noname), "nn.hp", NULL, &err) < 0);
    CHECK(strstr(err.text, "has no name") != NULL);

    /* A NUL in a name that was seen before without it is a new name. */
    static const char nul[] = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
                              "BEGIN_SAMPLE 0\nab 1\nEND_SAMPLE 0\n"
                              "BEGIN_SAMPLE 1\na\0b 2\nEND_SAMPLE 1\n";
    CHECK(profile_parse_buffer(&p, nul, sizeof nul - 1, "nul.hp", NULL, &err) == 0);
    CHECK_INT(p.names.count, 2);
    CHECK_INT(value_of(&p,
                       "a\xEF\xBF\xBD"
                       "b"),
              2);
    profile_free(&p);

    /* The names of a sample cut off at the end are forgotten, even when
     * the successor guesses pointed at them. */
    const char *cut = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
                      "BEGIN_SAMPLE 0\na 1\nEND_SAMPLE 0\n"
                      "BEGIN_SAMPLE 1\na 1\nx 2\ny 3\n";
    CHECK(profile_parse_buffer(&p, cut, strlen(cut), "cut.hp", NULL, &err) == 0);
    CHECK(p.dropped_open_sample);
    CHECK_INT(p.names.count, 1);
    CHECK_INT(value_of(&p, "x"), -1);
    profile_free(&p);
}

int main(void)
{
    test_columns();
    /* Past four samples per column every column keeps its four. */
    check_output_bounded("1 band", 1, 20000, 20);
    check_output_bounded("20 bands", 60, 5000, 20);
    test_columns_leave_aux();
    test_simplify();
    test_many_marks();
    test_store_round_trip();
    test_names_truncate();
    test_parse_paths();
    return check_report();
}

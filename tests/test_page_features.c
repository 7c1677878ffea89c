/* SPDX-License-Identifier: BSD-3-Clause */
/* test_page_features.c: the page's data of issues 38 and 42, alone
 * (page/suspects.h, page/icicle.h): --top's ranking of the bands' names
 * and the undrawn ones, OTHER and -t opened at each of the page's
 * samples (adding up exactly, within the budgets, the samples found
 * again also where two censuses share a time), and the tree cut down to
 * the names the page has. */
#include "check.h"
#include "fixture.h"
#include "page/icicle.h"
#include "page/suspects.h"
#include "series.h"
#include "triage.h"

#include <math.h>

/* A slow leak under -t (leak/main), a flat giant (buf/main), a spike
 * released (spike/main), and small names OTHER takes under -m. */
static const char BODY[] =
    "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
    "BEGIN_SAMPLE 1\nbuf/main 100000\nleak/main 100\nspike/main 10\nx1/main 50\nx2/main 40\n"
    "x3/main 30\nEND_SAMPLE 1\n"
    "BEGIN_SAMPLE 2\nbuf/main 100000\nleak/main 200\nspike/main 9000\nx1/main 60\nx2/main 20\n"
    "x3/main 30\nEND_SAMPLE 2\n"
    "BEGIN_SAMPLE 3\nbuf/main 100000\nleak/main 300\nspike/main 10\nx1/main 70\nx2/main 40\n"
    "END_SAMPLE 3\n"
    "BEGIN_SAMPLE 3\nbuf/main 100001\nleak/main 350\nx1/main 10\nEND_SAMPLE 3\n"
    "BEGIN_SAMPLE 4\nbuf/main 100000\nleak/main 400\nx1/main 80\nx2/main 20\nx3/main 30\n"
    "x3/main 5\nEND_SAMPLE 4\n"
    "BEGIN_SAMPLE 5\nbuf/main 100000\nleak/main 500\nx1/main 90\nx2/main 40\nEND_SAMPLE 5\n"
    "BEGIN_SAMPLE 6\nEND_SAMPLE 6\n";

struct world {
    struct profile p;
    struct band_plan bp;
    struct series s;
};

static void build(struct world *w, const char *body, double trace, long limit)
{
    struct hp_error err;
    memset(w, 0, sizeof *w);
    fixture_parse(&w->p, body);
    fixture_plan(&w->bp, &w->p, trace, limit, false);
    if (series_build_mode(&w->s, &w->p, &w->bp, 100, MODE_STACKED, &err) < 0
        || series_samples_build(&w->s, &w->p, &w->bp, 100, &err) < 0) {
        fprintf(stderr, "%s\n", err.text);
        abort();
    }
}

static void destroy(struct world *w)
{
    series_free(&w->s);
    band_plan_free(&w->bp);
    profile_free(&w->p);
}

static const struct page_suspect *row_named(const struct page_suspects *S, const char *name)
{
    for (size_t i = 0; S && i < S->nrows; i++)
        if (strcmp(S->row[i].name, name) == 0)
            return &S->row[i];
    return NULL;
}

/* The ranking: the bands' names and the undrawn ones, each with
 * triage_rank's figures; the undrawn with their values at the samples. */
static void ranking(void)
{
    struct world w;
    build(&w, BODY, 0.1,
          2); /* -t0.1: the x names left out; -m2: OTHER holds the leak and the spike */
    struct page_suspects *S = page_suspects_build(&w.p, &w.bp, w.s.samples);
    CHECK(S != NULL);
    struct triage t;
    struct hp_error err;
    struct triage_options o = { 0 };
    CHECK_INT(triage_rank(&t, &w.p, &o, &err), 0);
    CHECK_INT(S->names, t.nrows);
    CHECK_INT(S->ncensuses, t.ncensuses);
    CHECK_NEAR(S->floor, t.floor, 1e-9);
    for (size_t i = 0; i < t.nrows; i++) {
        const struct page_suspect *r = row_named(S, t.row[i].name);
        if (!CHECK(r != NULL))
            continue;
        CHECK_NEAR(r->fig.score, t.row[i].fig.score, 1e-9);
        CHECK_NEAR(r->fig.r2, t.row[i].fig.r2, 1e-12);
        CHECK_INT(r->fig.end, t.row[i].fig.end);
        CHECK_INT(r->leak, t.row[i].leak);
    }
    const struct page_suspect *leak = row_named(S, "leak/main");
    CHECK(leak && leak->where == PAGE_OTHER && leak->band < 0 && leak->values);
    const struct page_suspect *buf = row_named(S, "buf/main");
    CHECK(buf && buf->where == PAGE_DRAWN && buf->band >= 0 && !buf->values);
    CHECK_STR(t.row[0].name, "leak/main"); /* the leak first, though not drawn */
    struct page_opened *O = page_opened_build(&w.p, &w.bp, w.s.samples, S);
    CHECK(O != NULL);
    /* its values at each sample, the second of the two censuses at 3 too */
    const struct series_samples *ss = w.s.samples;
    for (size_t i = 0; O && leak && i < ss->n; i++) {
        double want = ss->t[i] == 0 || ss->t[i] == 6 ? 0 : ss->t[i] * 100;
        if (i == 4)
            want = 350;
        CHECK_NEAR(leak->values[i], want, 0);
    }
    page_opened_free(O);
    page_suspects_free(S);
    triage_free(&t);
    destroy(&w);
}

/* OTHER and -t at each sample: the names listed and the rest add up to
 * OTHER's value and what -t leaves out, largest first. */
static void opened(void)
{
    struct world w;
    build(&w, BODY, 0.1, 2);
    struct page_opened *O = page_opened_build(&w.p, &w.bp, w.s.samples, NULL);
    const struct series_samples *ss = w.s.samples;
    CHECK(O && ss && O->nsamples == ss->n && ss->n == 8);
    CHECK(w.bp.band[0].is_other && O && O->other_band == 0);
    for (size_t i = 0; O && i < ss->n; i++) {
        int64_t sum[2] = { 0, 0 }, last = INT64_MAX;
        for (size_t e = O->start[i]; e < O->start[i + 1]; e++) {
            sum[O->traced[O->who[e]]] += O->value[e];
            CHECK(O->value[e] <= last);
            last = O->value[e];
        }
        CHECK_INT(sum[0], ss->value[i * ss->nbands + 0]);
        CHECK_INT(sum[1], ss->hidden ? ss->hidden[i] : 0);
        CHECK_INT(O->count[i][0] + O->count[i][1], O->start[i + 1] - O->start[i]);
    }
    /* x3 twice in the census at 4: one member of 35 */
    for (size_t e = O ? O->start[5] : 0; O && e < O->start[6]; e++)
        if (strcmp(O->name[O->who[e]], "x3/main") == 0)
            CHECK_INT(O->value[e], 35);
    CHECK(O && O->total == NULL); /* no filter: the total is the drawn plus -t */
    page_opened_free(O);
    destroy(&w);
}

/* A long profile: at most PAGE_MEMBERS_BUDGET entries, at least one a
 * sample, and the rest adding up. */
static void bounded(void)
{
    struct fixture_text text = { 0 };
    uint64_t rng = 7;
    for (int i = 0; i < 3000; i++) {
        fixture_put(&text, "BEGIN_SAMPLE %d\n", i);
        for (int k = 0; k < 60; k++)
            fixture_put(&text, "n%d/main %d\n", k, (int)(fixture_rng(&rng) % 1000) + 1);
        fixture_put(&text, "END_SAMPLE %d\n", i);
    }
    struct world w;
    build(&w, text.s, 0, 3);
    struct page_suspects *S = page_suspects_build(&w.p, &w.bp, w.s.samples);
    struct page_opened *O = page_opened_build(&w.p, &w.bp, w.s.samples, S);
    const struct series_samples *ss = w.s.samples;
    CHECK(O != NULL);
    size_t values = 0;
    for (size_t r = 0; S && r < S->nrows; r++)
        values += S->row[r].values ? ss->n : 0;
    CHECK(values <= PAGE_SUSPECT_VALUES);
    CHECK(O && O->start[O->nsamples] <= PAGE_MEMBERS_BUDGET);
    for (size_t i = 0; O && i < ss->n; i++) {
        CHECK(O->start[i + 1] > O->start[i]);
        CHECK_INT(O->count[i][0], 58);
    }
    page_opened_free(O);
    page_suspects_free(S);
    destroy(&w);
    free(text.s);
}

/* The tree: the bands' and the listed names' paths only; OTHER has no
 * node. */
static void tree(void)
{
    struct world w;
    build(&w, BODY, 0.1, 2);
    struct page_opened *O = page_opened_build(&w.p, &w.bp, w.s.samples, NULL);
    struct page_tree *T = page_tree_build(&w.p, &w.bp, O);
    CHECK(T && T->kind == TREE_STACKS && !T->too_big);
    CHECK_INT(T ? T->nbands : 0, w.bp.count);
    for (size_t b = 0; T && b < T->nbands; b++) {
        if (w.bp.band[b].is_other) {
            CHECK_INT(T->band_node[b], -1);
            continue;
        }
        int64_t n = T->band_node[b];
        if (!CHECK(n > 0 && (size_t)n < T->nnodes))
            continue;
        /* leaf's label and its parent "main" under the root */
        CHECK(strstr(w.bp.band[b].name, T->label[n]) == w.bp.band[b].name);
        CHECK_STR(T->label[T->parent[n]], "main");
        CHECK_INT(T->parent[T->parent[n]], 0);
    }
    for (size_t m = 0; T && O && m < O->nnames; m++)
        CHECK(T->member_node[m] > 0);
    /* root, main, and the six names */
    CHECK_INT(T ? T->nnodes : 0, 8);
    page_tree_free(T);
    page_opened_free(O);
    destroy(&w);
}

int main(void)
{
    ranking();
    opened();
    bounded();
    tree();
    return check_report();
}

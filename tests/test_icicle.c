/* SPDX-License-Identifier: BSD-3-Clause */
/* test_icicle.c: the icicle's layout (layout_build_icicle), with a fake
 * font whose every byte is 5 points wide.
 *   - the rectangles: each inside its parent's span one row up, siblings
 *     adding up to at most their parent, each as wide as its value;
 *   - every label inside its node, every text drawable;
 *   - a band's name in its band's fill; a cut node hatched across;
 *   - a stack deeper than the rows can label folds into one row;
 *   - --diff: growth red and rising, shrinkage blue and falling;
 *   - a flat breakdown: bars, the largest first;
 *   - --at=end is the last census that holds anything; an empty census
 *     draws its root and nothing under it.
 */
#include "check.h"
#include "fixture.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "read/read.h"
#include "tree.h"
#include "utf8.h"

static double fake_width(void *ctx, enum font_role font, const char *text)
{
    (void)ctx;
    (void)font;
    return 5.0 * (double)strlen(text);
}

static const struct text_metrics fake = { fake_width, NULL, NULL };

struct drawn {
    struct layout L;
    struct tree t;
    struct band_plan bp[2];
    size_t n;
};

static void draw_at(struct drawn *d, struct profile *p, size_t n, enum moment_kind at, double time,
                    bool colour)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    struct hp_error err;
    for (size_t k = 0; k < n; k++)
        fixture_plan(&d->bp[k], &p[k], 1, 20, colour);
    if (tree_build(&d->t, p, d->bp, n, &err) < 0)
        abort();
    struct moment m = { at, time };
    for (size_t k = 0; k < n; k++)
        if (tree_fill(&d->t, k, &p[k], &m, &err) < 0)
            abort();
    struct layout_options o = { .page = PAGE_LANDSCAPE_A4,
                                .colour = colour,
                                .title_box = TITLE_AUTO };
    CHECK(layout_build_icicle(&d->L, &d->t, p, &d->bp[0], &o, &fake, &err) == 0);
}

static void draw(struct drawn *d, struct profile *p, size_t n, enum moment_kind at, bool colour)
{
    draw_at(d, p, n, at, 0, colour);
}

static void drawn_free(struct drawn *d)
{
    layout_free(&d->L);
    tree_free(&d->t);
    for (size_t k = 0; k < d->n; k++)
        band_plan_free(&d->bp[k]);
}

struct box {
    double x, y, w, h;
    const struct prim *pr;
};

/* The filled rectangles below the title box (the nodes), and with
 * labels the texts there. */
static size_t boxes(const struct layout *L, struct box *out, size_t cap, double below)
{
    size_t n = 0;
    const struct page *pg = &L->page[0];
    for (size_t i = 0; i < pg->count && n < cap; i++) {
        const struct prim *pr = &pg->prim[i];
        if (pr->kind != PRIM_POLYGON || !pr->filled || pr->npts != 4)
            continue;
        double x0 = fmin(pr->pts[0], pr->pts[4]), x1 = fmax(pr->pts[0], pr->pts[4]);
        double y0 = fmin(pr->pts[1], pr->pts[5]), y1 = fmax(pr->pts[1], pr->pts[5]);
        if (y1 > below)
            continue;
        out[n++] = (struct box){ x0, y0, x1 - x0, y1 - y0, pr };
    }
    return n;
}

/* The nodes' rows: each box inside a box of the row above, the boxes
 * under one parent adding up to at most its width.  Label patches
 * (boxes inside another of the same row) are not nodes. */
static bool rows_nest(const struct box *b, size_t n, double *root_w)
{
    bool ok = true;
    *root_w = 0;
    double top = -1e9;
    for (size_t i = 0; i < n; i++)
        top = fmax(top, b[i].y + b[i].h);
    double *under = xcalloc(n, sizeof *under);
    for (size_t i = 0; i < n; i++) {
        if (fabs(b[i].y + b[i].h - top) < 1e-9 && b[i].w > *root_w)
            *root_w = b[i].w;
        if (fabs(b[i].y + b[i].h - top) < 1e-9)
            continue;
        /* a label's patch lies inside a node of its own row */
        bool patch = false;
        for (size_t j = 0; j < n && !patch; j++)
            patch = j != i && fabs(b[j].y - b[i].y) < 2 && b[j].h > b[i].h
                && b[i].x >= b[j].x - 1e-9 && b[i].x + b[i].w <= b[j].x + b[j].w + 1e-9;
        if (patch)
            continue;
        size_t parent = n;
        for (size_t j = 0; j < n; j++)
            if (fabs(b[j].y - (b[i].y + b[i].h)) < 1e-9 && b[i].x >= b[j].x - 1e-9
                && b[i].x + b[i].w <= b[j].x + b[j].w + 1e-9)
                parent = j;
        if (parent == n) {
            ok = false;
            continue;
        }
        under[parent] += b[i].w;
    }
    for (size_t j = 0; j < n; j++)
        if (under[j] > b[j].w + 1e-6)
            ok = false;
    free(under);
    return ok;
}

/* Every text drawable, and every label (below the title) inside the box
 * it starts in. */
static bool labels_inside(const struct layout *L, const struct box *b, size_t n, double below)
{
    const struct page *pg = &L->page[0];
    for (size_t i = 0; i < pg->count; i++) {
        const struct prim *pr = &pg->prim[i];
        if (pr->kind != PRIM_TEXT)
            continue;
        if (!utf8_drawable(pr->text))
            return false;
        if (pr->y > below)
            continue;
        double w = fake_width(NULL, pr->font, pr->text);
        bool inside = false;
        for (size_t j = 0; j < n && !inside; j++)
            inside = pr->x >= b[j].x && pr->x + w <= b[j].x + b[j].w + 1e-9 && pr->y >= b[j].y
                && pr->y <= b[j].y + b[j].h;
        if (!inside)
            return false;
    }
    return true;
}

static const struct prim *text_with(const struct layout *L, const char *part)
{
    const struct page *pg = &L->page[0];
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_TEXT && strstr(pg->prim[i].text, part))
            return &pg->prim[i];
    return NULL;
}

/* The title box's bottom, in the local y of the page: nodes are below it. */
static double title_bottom(const struct layout *L)
{
    const struct page *pg = &L->page[0];
    /* the second rectangle drawn is the title box (draw_head) */
    size_t seen = 0;
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_POLYGON && seen++ == 1)
            return fmin(pg->prim[i].pts[1], pg->prim[i].pts[5]);
    return 0;
}

#define NBOX 4096

static void test_nesting_and_labels(void)
{
    struct profile p = { 0 };
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\n"
                  "(1)build/main\t600\n(2)leaf/build/main\t300\n(3)node/build/main\t250\n"
                  "(4)main\t40\n(5)render/main\t200\n(6)PINNED\t100\n(7)tiny/main\t1\n"
                  "MAIN\t5\nEND_SAMPLE 0\n");
    struct drawn d;
    draw(&d, &p, 1, MOMENT_PEAK, true);
    struct box *b = xcalloc(NBOX, sizeof *b);
    double below = title_bottom(&d.L);
    size_t n = boxes(&d.L, b, NBOX, below);
    CHECK(n >= 9);
    double root_w;
    CHECK(rows_nest(b, n, &root_w));
    CHECK(labels_inside(&d.L, b, n, below));
    /* widths are values: main's 1391 of 1496 */
    double total = 1496;
    bool main_found = false;
    for (size_t i = 0; i < n; i++)
        if (fabs(b[i].w - root_w * 1391 / total) < 1e-6)
            main_found = true;
    CHECK(main_found);
    /* a band's name in its band's fill: "(1)build/main" ends at build */
    int32_t band = d.bp[0].band_of_name[0];
    CHECK(band >= 0);
    bool fill_found = false;
    for (size_t i = 0; i < n && band >= 0; i++) {
        const struct rgb *f = &b[i].pr->fill, *g = &d.bp[0].band[band].fill;
        if (fabs(b[i].w - root_w * 1150 / total) < 1e-6 && f->r == g->r && f->g == g->g
            && f->b == g->b)
            fill_found = true;
    }
    CHECK(fill_found);
    CHECK(text_with(&d.L, "build") != NULL);
    CHECK(text_with(&d.L, "all 1.5 kB") != NULL);
    free(b);
    drawn_free(&d);
    profile_free(&p);
}

static void test_cut_and_fold(void)
{
    /* a 303-deep chain, and a name cut at -L25 */
    struct fixture_text body = { 0 };
    fixture_put(&body, "BEGIN_SAMPLE 0\n(1)");
    for (int i = 303; i >= 1; i--)
        fixture_put(&body, "d%d/", i);
    fixture_put(&body, "main\t1000\n(2)abcdefghij/klmnopqrst...\t500\nEND_SAMPLE 0\n");
    fixture_put_bytes(&body, "", 1);
    struct profile p = { 0 };
    fixture_parse(&p, body.s);
    free(body.s);
    struct drawn d;
    draw(&d, &p, 1, MOMENT_PEAK, false);
    struct box *b = xcalloc(NBOX, sizeof *b);
    double below = title_bottom(&d.L);
    size_t n = boxes(&d.L, b, NBOX, below);
    double root_w;
    CHECK(rows_nest(b, n, &root_w));
    CHECK(labels_inside(&d.L, b, n, below));
    /* folded: a few rows, each tall enough to read */
    double min_h = 1e9;
    for (size_t i = 0; i < n; i++)
        min_h = fmin(min_h, b[i].h);
    CHECK(n < 20);
    CHECK(min_h >= 10);
    CHECK(text_with(&d.L, "main \xE2\x8B\xAF d303 67 %, 304 frames") != NULL);
    /* the cut node: hatched across, labelled with what is left */
    bool hatched = false;
    for (size_t i = 0; i < n; i++)
        hatched |= b[i].pr->hatch == 5;
    CHECK(hatched);
    CHECK(text_with(&d.L, "klmnopqrst\xE2\x80\xA6") != NULL);
    CHECK(text_with(&d.L, "cut at -L25") != NULL);
    free(b);
    drawn_free(&d);
    profile_free(&p);
}

static void test_diff(void)
{
    struct profile p[2] = { { 0 }, { 0 } };
    fixture_parse(&p[0],
                  "BEGIN_SAMPLE 0\n(1)grow/main\t100\n(2)keep/main\t5000\n(3)drop/main\t80\n"
                  "END_SAMPLE 0\n");
    fixture_parse(&p[1],
                  "BEGIN_SAMPLE 0\n(7)grow/main\t400\n(8)keep/main\t5000\n(9)drop/main\t20\n"
                  "END_SAMPLE 0\n");
    struct drawn d;
    draw(&d, p, 2, MOMENT_PEAK, true);
    struct box *b = xcalloc(NBOX, sizeof *b);
    double below = title_bottom(&d.L);
    size_t n = boxes(&d.L, b, NBOX, below);
    double root_w;
    CHECK(rows_nest(b, n, &root_w));
    /* widths are the changes: grow's 300 of 360; keep, unchanged, none */
    bool grow = false, drop = false;
    for (size_t i = 0; i < n; i++) {
        const struct prim *pr = b[i].pr;
        if (fabs(b[i].w - root_w * 300 / 360) < 1e-6)
            grow = pr->hatch == 1 && pr->fill.r > pr->fill.b;
        if (fabs(b[i].w - root_w * 60 / 360) < 1e-6)
            drop = pr->hatch == 2 && pr->fill.b > pr->fill.r;
    }
    CHECK(grow);
    CHECK(drop);
    CHECK(text_with(&d.L, "grow +300 bytes") != NULL);
    CHECK(text_with(&d.L, "keep") == NULL);
    free(b);
    drawn_free(&d);
    profile_free(&p[0]);
    profile_free(&p[1]);
}

static void test_flat_and_empty(void)
{
    struct profile p = { 0 };
    const char *hp = "JOB \"prog +RTS -hy\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\n"
                     "VALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0\nInt\t30\n[]\t900\nMap\t70\n"
                     "END_SAMPLE 0\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n";
    struct hp_error err;
    CHECK(profile_read_buffer(&p, hp, strlen(hp), "y.hp", NULL, &err) == 0);
    struct drawn d;
    draw(&d, &p, 1, MOMENT_PEAK, true);
    struct box *b = xcalloc(NBOX, sizeof *b);
    size_t n = boxes(&d.L, b, NBOX, title_bottom(&d.L));
    CHECK_INT(n, 3);
    /* the largest on top, each bar as long as its value */
    CHECK(n == 3 && b[0].y > b[1].y && b[1].y > b[2].y);
    CHECK(n == 3 && fabs(b[1].w / b[0].w - 70.0 / 900) < 1e-9);
    CHECK(text_with(&d.L, "-hy breaks the heap down by type") != NULL);
    drawn_free(&d);
    /* --at=end: the last census that holds anything, not the empty one at exit */
    draw(&d, &p, 1, MOMENT_END, true);
    CHECK(text_with(&d.L, "1.0 kB at 0 s, the last census") != NULL);
    CHECK_INT(boxes(&d.L, b, NBOX, title_bottom(&d.L)), 3);
    drawn_free(&d);
    /* a census that holds nothing (--at=T at exit): the root alone */
    draw_at(&d, &p, 1, MOMENT_TIME, 1, true);
    CHECK(text_with(&d.L, "0 bytes at 1 s") != NULL);
    CHECK_INT(boxes(&d.L, b, NBOX, title_bottom(&d.L)), 0);
    drawn_free(&d);
    free(b);
    profile_free(&p);
    /* names that are not UTF-8, with tabs and newlines: drawable */
    struct profile q = { 0 };
    fixture_parse(&q, "BEGIN_SAMPLE 0\n(1)\xff\xfe/ma\tin\t10\n(2)x\xce/main\t5\nEND_SAMPLE 0\n");
    draw(&d, &q, 1, MOMENT_PEAK, true);
    b = xcalloc(NBOX, sizeof *b);
    double below = title_bottom(&d.L);
    n = boxes(&d.L, b, NBOX, below);
    CHECK(labels_inside(&d.L, b, n, below));
    free(b);
    drawn_free(&d);
    profile_free(&q);
}

/* The fake font, counting the bytes it is asked to measure (ctx). */
static double counted_width(void *ctx, enum font_role font, const char *text)
{
    *(size_t *)ctx += strlen(text);
    return fake_width(NULL, font, text);
}

/* Siblings with long names of two-byte characters, in rows of two lines:
 * a label's first line is found by measuring about a window of its name,
 * not by wrapping the whole name a line at a time (which measured 65
 * million bytes here, 450 times the names, and took seconds with pango's
 * fonts; now about as many bytes as the names have).  The bytes
 * measured are counted, not timed. */
static void test_long_names(void)
{
    enum { SIBLINGS = 12, CHARS = 6000 };
    struct fixture_text body = { 0 };
    fixture_put(&body, "BEGIN_SAMPLE 0\n");
    for (int i = 0; i < SIBLINGS; i++) {
        fixture_put(&body, "(%d)k%d ", i + 1, i);
        for (int c = 0; c < CHARS; c++)
            fixture_put(&body, "\xC3\xA9"); /* é */
        fixture_put(&body, "\t%d\n", 1000 + i);
    }
    fixture_put(&body, "END_SAMPLE 0\n");
    fixture_put_bytes(&body, "", 1);
    struct profile p = { 0 };
    fixture_parse(&p, body.s);
    free(body.s);
    struct hp_error err;
    struct band_plan bp = { 0 };
    struct tree t;
    fixture_plan(&bp, &p, 1, 20, false);
    CHECK(tree_build(&t, &p, &bp, 1, &err) == 0);
    struct moment m = { MOMENT_PEAK, 0 };
    CHECK(tree_fill(&t, 0, &p, &m, &err) == 0);
    struct layout_options o = { .page = PAGE_LANDSCAPE_A4, .title_box = TITLE_AUTO };
    size_t measured = 0;
    const struct text_metrics counting = { counted_width, &measured, NULL };
    struct layout L;
    CHECK(layout_build_icicle(&L, &t, &p, &bp, &o, &counting, &err) == 0);
    size_t name_bytes = SIBLINGS * (2 * CHARS + 4);
    CHECK(measured <= 4 * name_bytes);
    if (measured > 4 * name_bytes)
        fprintf(stderr, "test_long_names: %zu bytes measured for %zu of names\n", measured,
                name_bytes);
    /* every sibling labelled, with the start of its name */
    char want[16];
    for (int i = 0; i < SIBLINGS; i++) {
        int n = snprintf(want, sizeof want, "k%d", i);
        bool found = false;
        for (size_t k = 0; k < L.page[0].count && !found; k++) {
            const char *text = L.page[0].prim[k].text;
            found = L.page[0].prim[k].kind == PRIM_TEXT && strncmp(text, want, (size_t)n) == 0
                && !(text[n] >= '0' && text[n] <= '9');
        }
        CHECK(found);
    }
    layout_free(&L);
    tree_free(&t);
    band_plan_free(&bp);
    profile_free(&p);
}

int main(void)
{
    test_nesting_and_labels();
    test_long_names();
    test_cut_and_fold();
    test_diff();
    test_flat_and_empty();
    return check_report();
}

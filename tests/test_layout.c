/* SPDX-License-Identifier: BSD-3-Clause */
/* test_layout.c: the page geometry, with a fake font whose every byte is
 * 5 points wide, so the numbers can be worked out by hand. */
#include "check.h"
#include "read/hp.h"
#include "layout.h"
#include "render.h"
#include "layout/shorten.h"

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

/* The fake font, counting its measurements in *ctx. */
static double counted_width(void *ctx, enum font_role font, const char *text)
{
    ++*(size_t *)ctx;
    return fake_width(NULL, font, text);
}

/* Without a key (-m0), nothing of the key is measured: a profile of many
 * bands costs as few measurements as one of two (a million bands spent
 * most of the run measuring a key no one saw). */
static void test_no_key_no_measuring(void)
{
    size_t cap = 100000, len = 0;
    char *hp = xmalloc(cap);
    len += (size_t)snprintf(hp + len, cap - len,
                            "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\n"
                            "VALUE_UNIT \"bytes\"\n");
    for (int k = 0; k < 2; k++) {
        len += (size_t)snprintf(hp + len, cap - len, "BEGIN_SAMPLE %d\n", k);
        for (int b = 0; b < 2000; b++)
            len += (size_t)snprintf(hp + len, cap - len, "n%d %d\n", b, b + 1);
        len += (size_t)snprintf(hp + len, cap - len, "END_SAMPLE %d\n", k);
    }
    struct hp_error err;
    struct profile p;
    struct band_plan bp;
    struct series s;
    struct layout L;
    CHECK(profile_parse_buffer(&p, hp, len, "t.hp", NULL, &err) == 0);
    struct band_options bo;
    band_options_default(&bo);
    bo.limit = 0;
    bo.trace_percent = 0;
    CHECK(bands_plan(&bp, &p, &bo, &err) == 0);
    CHECK_INT(bp.count, 2000);
    CHECK(series_build(&s, &p, &bp, 100, &err) == 0);
    size_t calls = 0;
    struct text_metrics tm = { .width = counted_width, .ctx = &calls };
    struct layout_options o = { .key = false, .x_range = 1, .y_range = s.y_max, .slopes = true };
    CHECK(layout_build(&L, &p, &bp, &s, &o, &tm, &err) == 0);
    CHECK(calls < 100);
    layout_free(&L);
    series_free(&s);
    band_plan_free(&bp);
    profile_free(&p);
    free(hp);
}

struct world {
    struct profile p;
    struct band_plan bp;
    struct series s;
    struct layout L;
};

static int build(struct world *w, const char *hp, const struct layout_options *base)
{
    struct hp_error err;
    memset(w, 0, sizeof *w);
    if (profile_parse_buffer(&w->p, hp, strlen(hp), "t.hp", NULL, &err) < 0) {
        fprintf(stderr, "%s\n", err.text);
        return -1;
    }
    struct band_options bo;
    band_options_default(&bo);
    if (bands_plan(&w->bp, &w->p, &bo, &err) < 0
        || series_build(&w->s, &w->p, &w->bp, 100, &err) < 0)
        return -1;
    struct layout_options o = *base;
    if (o.x_range == 0)
        o.x_range = w->p.t_last > w->p.t_first ? w->p.t_last - w->p.t_first : 1;
    if (o.y_range == 0)
        o.y_range = w->s.y_max > 0 ? w->s.y_max : 1;
    return layout_build(&w->L, &w->p, &w->bp, &w->s, &o, &fake, &err);
}

static void destroy(struct world *w)
{
    layout_free(&w->L);
    series_free(&w->s);
    band_plan_free(&w->bp);
    profile_free(&w->p);
}

static size_t count_text(const struct page *pg, const char *text)
{
    size_t n = 0;
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_TEXT && strcmp(pg->prim[i].text, text) == 0)
            n++;
    return n;
}

static const struct prim *find_text(const struct page *pg, const char *prefix)
{
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_TEXT && strncmp(pg->prim[i].text, prefix, strlen(prefix)) == 0)
            return &pg->prim[i];
    return NULL;
}

/* Every point of every primitive inside the 648 x 432 box. */
static bool inside_box(const struct page *pg)
{
    for (size_t i = 0; i < pg->count; i++) {
        const struct prim *pr = &pg->prim[i];
        for (size_t k = 0; k < pr->npts; k++)
            if (pr->pts[2 * k] < -1 || pr->pts[2 * k] > 649 || pr->pts[2 * k + 1] < -5
                || pr->pts[2 * k + 1] > 433)
                return false;
        if (pr->kind == PRIM_TEXT && pr->angle == 0) {
            double w = fake_width(NULL, pr->font, pr->text);
            double x0 = pr->align == ALIGN_LEFT ? pr->x
                : pr->align == ALIGN_CENTRE     ? pr->x - w / 2
                                                : pr->x - w;
            if (x0 < 0 || x0 + w > 648)
                return false;
        }
    }
    return true;
}

/* build() with band options and a --mode; the y range as main picks it. */
static int build_mode(struct world *w, const char *hp, const struct layout_options *base,
                      const struct band_options *bo)
{
    struct hp_error err;
    memset(w, 0, sizeof *w);
    if (profile_parse_buffer(&w->p, hp, strlen(hp), "t.hp", NULL, &err) < 0
        || bands_plan(&w->bp, &w->p, bo, &err) < 0
        || series_build_mode(&w->s, &w->p, &w->bp, 100, base->mode, &err) < 0)
        return -1;
    struct layout_options o = *base;
    o.x_range = w->p.t_last - w->p.t_first;
    o.y_range = w->s.plot_max;
    return layout_build(&w->L, &w->p, &w->bp, &w->s, &o, &fake, &err);
}

/* Band lines of --mode=lines: strokes of the band line width. */
static size_t count_strokes(const struct page *pg, double width)
{
    size_t n = 0;
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_STROKE && pg->prim[i].line_width == width)
            n++;
    return n;
}

static const char TINY[] =
    "JOB \"demo\"\nDATE \"Mon Jan 1 2024\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
    "MARK 0.5\nMARK 7.5\n"
    "BEGIN_SAMPLE 0.0\nalpha 100\nbeta 50\nEND_SAMPLE 0.0\n"
    "BEGIN_SAMPLE 1.0\nalpha 300\nbeta 20\nEND_SAMPLE 1.0\n";

/* --mode=percent, --mode=lines and --slopes on TINY (alpha 100 -> 300,
 * beta 50 -> 20 in one second). */
static void modes(void)
{
    struct world w;
    struct band_options bo;
    band_options_default(&bo);
    struct layout_options o = { .key = true, .mode = MODE_PERCENT };

    /* percent: ticks 0% .. 100% (the top one too), no unit legend, no
     * peak marker; the bands are still filled areas. */
    CHECK(build_mode(&w, TINY, &o, &bo) == 0);
    const struct page *pg = &w.L.page[0];
    CHECK_INT(count_text(pg, "0%"), 1);
    CHECK_INT(count_text(pg, "20%"), 1);
    CHECK_INT(count_text(pg, "100%"), 1);
    CHECK_INT(count_text(pg, "bytes"), 0);
    CHECK(find_text(pg, "peak 320") == NULL);
    const struct prim *title = find_text(pg, "235 bytes"); /* the title keeps the stacked figures */
    CHECK(title && strstr(title->text, "peak 320 bytes"));
    const struct prim *top = find_text(pg, "100%");
    CHECK_NEAR(top->y, 20 + (432 - 20 - 10 - 20) - 3.3, 1e-9); /* at the top of the graph */
    size_t filled = 0;
    for (size_t i = 0; i < pg->count; i++)
        filled += pg->prim[i].kind == PRIM_POLYGON && pg->prim[i].filled;
    CHECK_INT(filled, 2 + 2); /* 2 bands and 2 key swatches */
    CHECK(inside_box(pg));
    destroy(&w);

    /* lines: one stroke per band (1.2 pt), a thick short line per key
     * entry (2.4 pt), no filled band, no peak; in black and white the
     * smaller band is dashed and no line is lighter than 0.5 grey (a
     * contrast of 4:1 on white). */
    o.mode = MODE_LINES;
    CHECK(build_mode(&w, TINY, &o, &bo) == 0);
    pg = &w.L.page[0];
    CHECK_INT(count_strokes(pg, 1.2), 2);
    CHECK_INT(count_strokes(pg, 2.4), 2);
    filled = 0;
    for (size_t i = 0; i < pg->count; i++) {
        const struct prim *pr = &pg->prim[i];
        filled += pr->kind == PRIM_POLYGON && pr->filled;
        if (pr->kind == PRIM_STROKE && pr->line_width == 1.2) {
            CHECK(pr->stroke.r <= 0.5 && pr->stroke.g <= 0.5 && pr->stroke.b <= 0.5);
            CHECK(palette_contrast_on_white(pr->stroke) >= 3);
            CHECK_INT(pr->npts, 2);
        }
    }
    CHECK_INT(filled, 0);
    CHECK(find_text(pg, "peak 320") == NULL);
    CHECK_INT(count_text(pg, "bytes"), 1); /* the y legend is the value unit */
    /* Band 1 (alpha, on top, the largest) is solid black, band 0 (beta)
     * dashed and grey: the main band is the boldest line.  Alpha's line
     * reaches 300, the largest band, which the scale tops by
     * LINES_HEADROOM (1.08) so the line stays clear of the frame, up to
     * the next tick: 350. */
    int dashes[2] = { -1, -1 };
    struct rgb line[2] = { { 1, 1, 1 }, { 1, 1, 1 } };
    double alpha_top = 0;
    for (size_t i = 0, k = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_STROKE && pg->prim[i].line_width == 1.2 && k < 2) {
            dashes[k] = pg->prim[i].dash;
            line[k] = pg->prim[i].stroke;
            if (k == 1)
                alpha_top = pg->prim[i].pts[3];
            k++;
        }
    CHECK(dashes[0] == 1 && dashes[1] == 0);
    CHECK(line[1].r == 0 && line[1].g == 0 && line[1].b == 0);
    CHECK(line[0].r > line[1].r);
    CHECK_NEAR(alpha_top, 30 + (432 - 20 - 10 - 30) * 300.0 / 350, 1e-9);
    CHECK_INT(count_text(pg, "350 B"), 1); /* the top tick is labelled */
    CHECK(inside_box(pg));
    destroy(&w);

    /* lines in colour: solid, in the band's own colour, darkened where it
     * would not stand out on white. */
    o.colour = true;
    bo.colour = true;
    CHECK(build_mode(&w, TINY, &o, &bo) == 0);
    pg = &w.L.page[0];
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_STROKE && pg->prim[i].line_width == 1.2) {
            CHECK(pg->prim[i].dash == 0);
            CHECK(palette_contrast_on_white(pg->prim[i].stroke) >= 3);
        }
    destroy(&w);
    /* ... unless --pattern asks for dashes. */
    o.pattern = true;
    CHECK(build_mode(&w, TINY, &o, &bo) == 0);
    size_t dashed = 0;
    for (size_t i = 0; i < w.L.page[0].count; i++)
        dashed += w.L.page[0].prim[i].kind == PRIM_STROKE && w.L.page[0].prim[i].dash != 0;
    CHECK_INT(dashed, 2); /* beta's line and its key swatch */
    destroy(&w);

    /* --slopes: alpha +200 B/s, beta -30.0 B/s, in a column between the
     * shares and the names.  Key: swatch 14, gap 5, share 15, gap 6, slope
     * 45 ("-30.0 B/s", 9 bytes), gap 6, name 25 = 116. */
    o = (struct layout_options){ .key = true, .slopes = true };
    band_options_default(&bo);
    bo.slopes = true;
    CHECK(build_mode(&w, TINY, &o, &bo) == 0);
    pg = &w.L.page[0];
    const struct prim *up = find_text(pg, "+200 B/s"), *down = find_text(pg, "-30.0 B/s");
    CHECK(up && down);
    if (up && down) {
        double gw = 576 - 10 - 116;
        CHECK_NEAR(up->x, 62 + gw + 10 + 14 + 5 + 15 + 6 + 45, 1e-9);
        CHECK(up->align == ALIGN_RIGHT);
        CHECK(up->y > down->y); /* alpha on top */
    }
    const struct prim *name = find_text(pg, "alpha");
    CHECK_NEAR(name->x, 62 + (576 - 10 - 116) + 10 + 14 + 5 + 15 + 6 + 45 + 6, 1e-9);
    CHECK(find_text(pg, "peak 320") != NULL); /* stacked: the peak is drawn */
    CHECK(inside_box(pg));
    destroy(&w);
}

/* Where the layout drew the graph and the key's entries (struct
 * layout_graph, layout.key_box: what the HTML page reads back), on TINY
 * drawn upright on landscape A4, in local points. */
static void graph_geometry(void)
{
    struct world w;
    struct layout_options o = { .key = true, .page = PAGE_LANDSCAPE_A4, .single_page = true };
    CHECK(build(&w, TINY, &o) == 0);
    if (!CHECK_INT(w.L.ngraphs, 1))
        return;
    const struct layout_graph *g = &w.L.graph[0];
    /* The area is where the bands are drawn: the filled polygons' points
     * span it from side to side and stay inside it. */
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (size_t i = 0; i < w.L.page[0].count; i++) {
        const struct prim *pr = &w.L.page[0].prim[i];
        if (pr->kind != PRIM_POLYGON || !pr->filled || pr->npts < 4 || pr->hatch
            || (pr->fill.r == 1 && pr->fill.g == 1 && pr->fill.b == 1))
            continue;
        bool swatch = pr->npts == 4 && pr->pts[2] == pr->pts[0]; /* a key's square */
        for (size_t k = 0; !swatch && k < pr->npts; k++) {
            double x = pr->pts[2 * k], y = pr->pts[2 * k + 1];
            x0 = fmin(x0, x), x1 = fmax(x1, x), y0 = fmin(y0, y), y1 = fmax(y1, y);
        }
    }
    CHECK_NEAR(x0, g->plot[0], 1e-9);
    CHECK_NEAR(x1, g->plot[0] + g->plot[2], 1e-9);
    CHECK_NEAR(y0, g->plot[1], 1e-9); /* the foot: value 0 */
    CHECK(y1 <= g->plot[1] + g->plot[3] + 1e-9);
    /* the top of the stack, 320 at t = 1, at its height on the y scale */
    CHECK_NEAR(y1, g->plot[1] + g->plot[3] * 320 / g->y_span, 1e-9);
    CHECK(g->t0 == 0 && g->t_span == 1 && g->y_lo == 0 && g->y_span >= 320 && !g->heap);
    CHECK_NEAR(layout_graph_x(g, 1), g->plot[0] + g->plot[2], 1e-9);
    /* Each key entry's box holds its name, beside the graph, alpha above. */
    const struct page *pg = &w.L.page[0];
    const char *names[2] = { "beta", "alpha" };
    if (!CHECK(w.L.key_box != NULL && w.L.nkey_boxes == 2))
        return;
    for (int b = 0; b < 2; b++) {
        const struct prim *t = find_text(pg, names[b]);
        const double *box = w.L.key_box[b];
        CHECK(t->x >= box[0] && t->x <= box[0] + box[2] && t->y >= box[1]
              && t->y <= box[1] + box[3]);
        CHECK(box[0] >= g->plot[0] + g->plot[2]);
    }
    CHECK(w.L.key_box[1][1] >= w.L.key_box[0][1] + w.L.key_box[0][3] - 1e-9);
    destroy(&w);

    /* Without a key on the graph's page, no boxes. */
    o.key = false;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK(w.L.key_box == NULL && w.L.nkey_boxes == 0 && w.L.ngraphs == 1);
    destroy(&w);
}

/* ---- issue 12: the geometry ---- */

/* n names that live in windows of a 41-sample run, spiky totals, each
 * name "(i)Data.Map.Internal.insertWithK/run.it/run/main", too wide for
 * the key whole. */
static char *many_bands(size_t n)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    fprintf(f, "JOB \"many\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n");
    for (size_t s = 0; s <= 40; s++) {
        fprintf(f, "BEGIN_SAMPLE %zu\n", s);
        for (size_t i = 1; i <= n; i++) {
            size_t a = (i * 7) % 41, b = a + 5 + i % 13;
            if (s >= a && s <= b)
                fprintf(f, "(%zu)Data.Map.Internal.insertWith%zu/run.it/run/main\t%zu\n", i, i % 9,
                        1000 + (i * 7919) % 50000 + (s % 9 == 4 ? 30000 : 0));
        }
        fprintf(f, "END_SAMPLE %zu\n", s);
    }
    fclose(f);
    return buf;
}

/* The graph's width: its x axis, the line from the origin (62, 30). */
static double graph_width(const struct page *pg)
{
    for (size_t i = 0; i < pg->count; i++) {
        const struct prim *pr = &pg->prim[i];
        if (pr->kind == PRIM_STROKE && pr->npts == 2 && pr->pts[0] == 62 && pr->pts[1] == 30
            && pr->pts[3] == 30 && pr->pts[2] > 62)
            return pr->pts[2] - 62;
    }
    return -1;
}

/* Every point of every page, and every upright text (fake widths), on
 * the output page. */
static bool on_page(const struct layout *L)
{
    const double *m = L->matrix;
    for (size_t k = 0; k < L->npages; k++)
        for (size_t i = 0; i < L->page[k].count; i++) {
            const struct prim *pr = &L->page[k].prim[i];
            double xs[2] = { pr->x, pr->x }, ys[2] = { pr->y, pr->y };
            size_t np = pr->kind == PRIM_TEXT ? 2 : pr->npts;
            if (pr->kind == PRIM_TEXT && pr->angle == 0) {
                double w = fake_width(NULL, pr->font, pr->text);
                xs[0] -= pr->align == ALIGN_LEFT ? 0 : pr->align == ALIGN_CENTRE ? w / 2 : w;
                xs[1] = xs[0] + w;
            }
            for (size_t j = 0; j < np; j++) {
                double x = pr->kind == PRIM_TEXT ? xs[j] : pr->pts[2 * j];
                double y = pr->kind == PRIM_TEXT ? ys[j] : pr->pts[2 * j + 1];
                double px = m[0] * x + m[2] * y + m[4], py = m[1] * x + m[3] * y + m[5];
                if (px < -0.01 || py < -0.01 || px > L->page_width + 0.01
                    || py > L->page_height + 0.01)
                    return false;
            }
        }
    return true;
}

/* No two upright texts of a page overlap (fake widths; a text is its
 * font's ascent above the baseline and its descent below). */
static bool no_overlap(const struct page *pg)
{
    for (size_t i = 0; i < pg->count; i++)
        for (size_t j = i + 1; j < pg->count; j++) {
            const struct prim *a = &pg->prim[i], *b = &pg->prim[j];
            if (a->kind != PRIM_TEXT || b->kind != PRIM_TEXT || a->angle || b->angle || !*a->text
                || !*b->text)
                continue;
            double box[2][4];
            for (int k = 0; k < 2; k++) {
                const struct prim *t = k ? b : a;
                double w = fake_width(NULL, t->font, t->text), size = t->font ? 10.5 : 8.5;
                double x0 = t->x
                    - (t->align == ALIGN_LEFT         ? 0
                           : t->align == ALIGN_CENTRE ? w / 2
                                                      : w);
                box[k][0] = x0, box[k][1] = x0 + w;
                box[k][2] = t->y - 0.236 * size, box[k][3] = t->y + 0.928 * size;
            }
            if (box[0][0] < box[1][1] && box[1][0] < box[0][1] && box[0][2] < box[1][3]
                && box[1][2] < box[0][3]) {
                fprintf(stderr, "  overlap: \"%s\" / \"%s\"\n", a->text, b->text);
                return false;
            }
        }
    return true;
}

/* Texts ending in "%": key entries with their shares. */
static size_t count_shares(const struct page *pg)
{
    size_t n = 0;
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_TEXT) {
            size_t l = strlen(pg->prim[i].text);
            n += l && pg->prim[i].text[l - 1] == '%' && pg->prim[i].x > 0
                && pg->prim[i].align == ALIGN_RIGHT && pg->prim[i].y > -1e9;
        }
    return n;
}

/* 565 bands: in every format's page, the graph keeps at least 80% of the
 * width it has with 20; key pages are full; names told apart. */
static void many(void)
{
    char *hp = many_bands(565);
    struct band_options bo;
    band_options_default(&bo);
    bo.trace_percent = 0;
    struct {
        const char *what;
        enum page_style page;
        bool single;
    } fmt[] = {
        { "PS", PAGE_TURNED_A4, false }, { "PDF", PAGE_LANDSCAPE_A4, false },
        { "EPS", PAGE_FIT, true },       { "SVG, PNG", PAGE_LANDSCAPE_A4, true },
        { "-e3in", PAGE_FIT, true },
    };
    for (size_t k = 0; k < sizeof fmt / sizeof fmt[0]; k++) {
        struct layout_options o = { .key = true,
                                    .marks = true,
                                    .page = fmt[k].page,
                                    .single_page = fmt[k].single,
                                    .fit_width = k == 4 ? 216 : 648 };
        struct world w;
        bo.limit = 20;
        CHECK(build_mode(&w, hp, &o, &bo) == 0);
        double gw20 = graph_width(&w.L.page[w.L.npages - 1]);
        CHECK(gw20 > 0);
        destroy(&w);
        /* -M -m0, and -m600 (which implies -M) */
        o.multipage = true;
        for (int limit = 0; limit <= 600; limit += 600) {
            bo.limit = limit;
            CHECK(build_mode(&w, hp, &o, &bo) == 0);
            const struct page *last = &w.L.page[w.L.npages - 1];
            double gw = graph_width(last);
            if (!CHECK(gw >= 0.8 * gw20))
                fprintf(stderr, "  %s, -m%d: %.1f of %.1f\n", fmt[k].what, limit, gw, gw20);
            CHECK(on_page(&w.L));
            size_t shares = 0;
            for (size_t pgi = 0; pgi < w.L.npages; pgi++) {
                shares += count_shares(&w.L.page[pgi]);
                CHECK(no_overlap(&w.L.page[pgi]));
                /* key pages but the last: full, two columns of 28 or more */
                if (pgi + 2 < w.L.npages)
                    CHECK(count_shares(&w.L.page[pgi]) >= 50);
            }
            CHECK_INT(shares, 565);
            if (fmt[k].single)
                CHECK_INT(w.L.npages, 1);
            else
                CHECK(w.L.npages >= 2 && w.L.npages <= 12);
            /* -M: the key is off the graph to hold long names, so each is
             * whole (over lines when it needs them), never shortened */
            const struct prim *seven = NULL;
            for (size_t pgi = 0; pgi < w.L.npages && !seven; pgi++)
                seven = find_text(&w.L.page[pgi], "(7)Data");
            static const char whole[] = "(7)Data.Map.Internal.insertWith7/run.it/run/main";
            if (k < 4
                && !CHECK(seven && strncmp(seven->text, whole, strlen(seven->text)) == 0
                          && !strstr(seven->text, "\xE2\x80\xA6")))
                fprintf(stderr, "  %s -m%d: %s\n", fmt[k].what, limit,
                        seven ? seven->text : "(none)");
            destroy(&w);
        }
    }
    free(hp);
}

/* The names as the key shows them, through shorten_names. */
static void shortened(void)
{
    char *names[] = {
        "Data.Map.Internal.Strict.insertWith.go",
        "Data.Map.Internal.Strict.alter.go",
        "Data.Map.Internal.Strict.x",
        "OTHER",
    };
    bool other[] = { false, false, false, true };
    char *out[4];
    /* 100 pt: 20 bytes.  The shared "Data.Map.Internal.Strict." goes (the
     * shared ".go" is only 3 bytes, not worth an ellipsis); the short
     * names stay whole; OTHER shares nothing. */
    struct shorten_strip strip;
    shorten_names(out, &strip, names, other, 4, 100, FONT_AXIS, &fake);
    CHECK_STR(strip.prefix, "Data.Map.Internal.Strict.");
    CHECK(strip.suffix == NULL);
    shorten_strip_free(&strip);
    CHECK_STR(out[0], "\xE2\x80\xA6insertWith.go");
    CHECK_STR(out[1],
              "\xE2\x80\xA6"
              "alter.go");
    CHECK_STR(out[2], "\xE2\x80\xA6x");
    CHECK_STR(out[3], "OTHER");
    for (int i = 0; i < 4; i++)
        free(out[i]);
    /* A common tail, from its separator. */
    char *stacks[] = { "(12)Main.alpha/run.it/run/main", "(345)Main.beta/run.it/run/main" };
    shorten_names(out, &strip, stacks, NULL, 2, 100, FONT_AXIS, &fake);
    CHECK_STR(strip.suffix, "/run.it/run/main");
    shorten_strip_free(&strip);
    CHECK_STR(out[0], "(12)Main.alpha\xE2\x80\xA6");
    CHECK_STR(out[1], "(345)Main.beta\xE2\x80\xA6");
    free(out[0]);
    free(out[1]);
    /* Only what every name shares: two thunks and a function share no
     * start, so "thunk :: Int (main, " stays on the thunks (the key's
     * line would say it is the start of every name). */
    char *ipe[] = { "thunk :: Int (main, src/Main.hs:42:33-38)",
                    "thunk :: Int (main, src/Main.hs:9:1-20)",
                    "fun :: Int -> Int (main, src/Main.hs:7:1-20)" };
    shorten_names(out, &strip, ipe, NULL, 3, 100, FONT_AXIS, &fake);
    CHECK(strip.prefix == NULL);
    shorten_strip_free(&strip);
    for (int i = 0; i < 3; i++) {
        CHECK(strncmp(out[i], ipe[i], 3) == 0); /* each keeps its own start */
        free(out[i]);
    }
    /* In whole words: a shared "thunk :: Int (main, src/Main.hs:", which
     * holds spaces, goes back to its last space, so a location such as
     * "src/Main.hs:42:33-38)" stays whole. */
    char *locs[] = { "thunk :: Int (main, src/Main.hs:42:33-38)",
                     "thunk :: Int (main, src/Main.hs:7:1-20)" };
    shorten_names(out, &strip, locs, NULL, 2, 100, FONT_AXIS, &fake);
    CHECK_STR(strip.prefix, "thunk :: Int (main, ");
    shorten_strip_free(&strip);
    free(out[0]);
    free(out[1]);
}

static uint64_t next_random(uint64_t *x) /* xorshift64 */
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* No two different names read alike, at any width: random names that
 * differ in one place or a few (a group number inside, a head, a middle,
 * a tail), some without the common tail, at widths from 40 pt up; and a
 * stripped suffix is one a name had. */
static void told_apart(void)
{
    static const char *const heads[] = { "", "(1)", "Data.Set.Internal.", "Main.",
                                         "Data.Map.Internal." };
    static const char *const mids[] = { "go", "go1", "go2", "insertWith", "insertWith7", "x" };
    static const char *const tails[] = { "", "/worker/run.it/run/main", "/dispatch/run.it/run/main",
                                         ".CAF", "/main" };
    uint64_t rng = 31;
    for (int round = 0; round < 300; round++) {
        size_t n = 2 + next_random(&rng) % 80, m = 0;
        char **names = xcalloc(n, sizeof *names), **out = xcalloc(n, sizeof *out);
        for (size_t i = 0; i < n; i++) {
            char buf[256];
            snprintf(buf, sizeof buf, "%sgroup%u.%s%s", heads[next_random(&rng) % 5],
                     (unsigned)(next_random(&rng) % 30), mids[next_random(&rng) % 6],
                     tails[next_random(&rng) % 5]);
            bool dup = false;
            for (size_t j = 0; j < m; j++)
                dup |= strcmp(names[j], buf) == 0;
            if (!dup)
                names[m++] = xstrdup(buf);
        }
        double width = 40 + (double)(next_random(&rng) % 80);
        struct shorten_strip strip;
        shorten_names(out, &strip, names, NULL, m, width, FONT_AXIS, &fake);
        size_t alike = 0;
        for (size_t i = 0; i < m; i++)
            for (size_t j = i + 1; j < m; j++)
                if (strcmp(out[i], out[j]) == 0 && alike++ == 0)
                    fprintf(stderr, "  %.0f pt: %s and %s both read %s\n", width, names[i],
                            names[j], out[i]);
        CHECK_INT(alike, 0);
        bool had = strip.suffix == NULL;
        for (size_t i = 0; i < m && !had; i++)
            had = strlen(names[i]) > strlen(strip.suffix)
                && strcmp(names[i] + strlen(names[i]) - strlen(strip.suffix), strip.suffix) == 0;
        CHECK(had);
        shorten_strip_free(&strip);
        for (size_t i = 0; i < m; i++) {
            free(names[i]);
            free(out[i]);
        }
        free(names);
        free(out);
    }
}

/* Is out a head of text, an ellipsis and a tail of text, cut only where
 * cut_ok says? */
static bool cut_between(const char *text, const char *out, bool (*cut_ok)(const char *, size_t))
{
    const char *e = strstr(out, "\xE2\x80\xA6");
    if (!e)
        return strcmp(text, out) == 0;
    size_t h = (size_t)(e - out), len = strlen(text), t = strlen(e + 3);
    return h <= len && t <= len && strncmp(text, out, h) == 0 && strcmp(text + len - t, e + 3) == 0
        && cut_ok(text, h) && cut_ok(text, len - t);
}

/* "x" + family emoji (woman ZWJ woman ZWJ girl) repeated: a cluster starts
 * at each x and right after it. */
static bool at_x(const char *text, size_t i)
{
    return i == 0 || text[i] == 'x' || text[i] == '\0' || text[i - 1] == 'x';
}

/* "e" + COMBINING ACUTE repeated: a cluster starts at each e. */
static bool at_e(const char *text, size_t i)
{
    return text[i] == 'e' || text[i] == '\0';
}

static void graphemes(void)
{
    static const char family[] =
        "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7";
    char emoji[512] = "", accents[512] = "";
    for (int i = 0; i < 12; i++) {
        strcat(emoji, "x");
        strcat(emoji, family);
        strcat(accents, "e\xCC\x81");
    }
    struct render_fonts *fonts = render_fonts_new(NULL);
    struct text_metrics real = render_text_metrics(fonts);
    const struct text_metrics *tms[] = { &fake, &real };
    for (int k = 0; k < 2; k++)
        for (double width = 5; width <= 200; width += 7) {
            char *e = layout_ellipsize(emoji, width, FONT_AXIS, tms[k]);
            if (!CHECK(cut_between(emoji, e, at_x)))
                fprintf(stderr, "  emoji cut at %.0f pt (%s metrics)\n", width,
                        k ? "pango" : "fake");
            free(e);
            e = layout_ellipsize(accents, width, FONT_AXIS, tms[k]);
            if (!CHECK(cut_between(accents, e, at_e)))
                fprintf(stderr, "  accent cut at %.0f pt (%s metrics)\n", width,
                        k ? "pango" : "fake");
            free(e);
        }
    render_fonts_free(fonts);
}

/* The y axis ends at a labelled tick at or above the peak; the x labels
 * reach the last step before the end; the title box is chosen by
 * measure; the peak's label stays off the stack; -e3in's text is not
 * scaled. */
static void axes_and_title(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* TINY's peak is 320: step 50, the axis ends at a labelled 350. */
    CHECK(build(&w, TINY, &o) == 0);
    const struct page *pg = &w.L.page[0];
    const struct prim *top = find_text(pg, "350 B");
    CHECK(top && fabs(top->y - (30 + 372 - 3.3)) < 1e-9);
    CHECK(find_text(pg, "400") == NULL);
    CHECK_INT(count_text(pg, "1.0"), 1); /* the end of the run is labelled */
    const struct prim *unit = find_text(pg, "seconds");
    CHECK(unit && unit->align == ALIGN_CENTRE && unit->y < 15.5); /* a title under the labels */
    CHECK(find_text(pg, "demo") && w.L.page[0].prim[1].pts[1] == 432 - 5 - 20); /* small box */
    destroy(&w);

    /* A 35-byte JOB the small box cannot hold beside a long middle: the
     * big box, the JOB whole (GHC's rule: small, "-hr" lost). */
    const char *hp = "JOB \"retainer +RTS -hr -i0.01 -L400 -R20\"\nDATE \"Thu Nov 23 2026\"\n"
                     "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                     "BEGIN_SAMPLE 0\n{a}\t123456789\nEND_SAMPLE 0\nBEGIN_SAMPLE "
                     "1.5\n{a}\t234567890\nEND_SAMPLE 1.5\n";
    CHECK(build(&w, hp, &o) == 0);
    CHECK(find_text(&w.L.page[0], "retainer +RTS -hr -i0.01 -L400 -R20") != NULL);
    CHECK(w.L.page[0].prim[1].pts[1] == 432 - 5 - 40); /* the big box */
    CHECK(no_overlap(&w.L.page[0]));
    destroy(&w);

    /* A plateau around the peak (101 at t=3, 99 to 100 around it): beside
     * the ring the label would cover the stack, so it goes above. */
    const char *plateau =
        "JOB \"p\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
        "BEGIN_SAMPLE 0\na 99\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 100\nEND_SAMPLE 1\n"
        "BEGIN_SAMPLE 2\na 100\nEND_SAMPLE 2\nBEGIN_SAMPLE 3\na 101\nEND_SAMPLE 3\n"
        "BEGIN_SAMPLE 4\na 100\nEND_SAMPLE 4\nBEGIN_SAMPLE 5\na 99\nEND_SAMPLE 5\n";
    CHECK(build(&w, plateau, &o) == 0);
    const struct prim *peak = find_text(&w.L.page[0], "peak 101");
    CHECK(peak != NULL);
    if (peak) {
        /* the stack's top is at most at 101 of the axis's 120 */
        double stack_top = 30 + 372 * 101.0 / 120;
        CHECK(peak->y - 2 > stack_top);
        CHECK(peak->y + 7.9 < 30 + 372 + 5);
    }
    destroy(&w);

    /* A plateau right under the top tick (100 of 100): no room above the
     * ring, the stack on both sides: no label rather than one over the
     * data (the title gives the peak). */
    const char *flat = "JOB \"p\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                       "BEGIN_SAMPLE 0\na 95\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 99\nEND_SAMPLE 1\n"
                       "BEGIN_SAMPLE 2\na 100\nEND_SAMPLE 2\nBEGIN_SAMPLE 3\na 99\nEND_SAMPLE 3\n"
                       "BEGIN_SAMPLE 4\na 95\nEND_SAMPLE 4\n";
    CHECK(build(&w, flat, &o) == 0);
    CHECK(find_text(&w.L.page[0], "100 B") != NULL);
    CHECK(find_text(&w.L.page[0], "peak 100") == NULL);
    const struct prim *middle = find_text(&w.L.page[0], "393 bytes");
    CHECK(middle && strstr(middle->text, "peak 100 bytes") != NULL);
    destroy(&w);

    /* -e3in: a 216 x 144 pt page at the type's own size (the graph is not
     * scaled down to it: GHC's and ours before set 8.5 pt text at 2.8 pt);
     * TINY's short key still fits beside the graph. */
    o.page = PAGE_FIT;
    o.fit_width = 216;
    o.single_page = true;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_NEAR(w.L.page_width, 216, 1e-9);
    CHECK_NEAR(w.L.page_height, 144, 1e-9);
    CHECK_NEAR(w.L.matrix[0], 1, 1e-12);
    CHECK(on_page(&w.L));
    CHECK(no_overlap(&w.L.page[0]));
    CHECK(find_text(&w.L.page[0], "alpha")->y > 0); /* beside */
    /* the title's middle is too wide for the page: the peak stays, the
     * total goes */
    CHECK(count_text(&w.L.page[0], "peak 320 bytes at 1 s") == 1);
    destroy(&w);
}

/* -e3in (a 216 x 144 pt page): what the reader says under the title
 * (profile_fact) and the markers' texts in rows each take at most a
 * third of the graph's height; the facts that do not fit end in an
 * ellipsis on the last line drawn, and no text covers another.  (They
 * took the whole graph and more: its height went below 0.) */
static void narrow_page_notes(void)
{
    static const char hp[] =
        "JOB \"demo\"\nDATE \"Mon Jan 1 2024\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
        "MARK 0.2\nMARK 0.2\nMARK 0.2\nMARK 0.6\n"
        "BEGIN_SAMPLE 0.0\nalpha 100\nbeta 50\nEND_SAMPLE 0.0\n"
        "BEGIN_SAMPLE 1.0\nalpha 300\nbeta 20\nEND_SAMPLE 1.0\n";
    struct layout_options o = { .key = true,
                                .marks = true,
                                .page = PAGE_FIT,
                                .fit_width = 216,
                                .single_page = true,
                                .x_range = 1,
                                .y_range = 320 };
    double gh[2] = { 0, 0 };
    for (int notes = 0; notes < 2; notes++) {
        struct world w;
        struct hp_error err;
        memset(&w, 0, sizeof w);
        struct band_options bo;
        band_options_default(&bo);
        if (!CHECK(profile_parse_buffer(&w.p, hp, strlen(hp), "t.hp", NULL, &err) == 0))
            return;
        if (notes) {
            profile_fact(&w.p,
                         "Cut short: the log ends without its end marker (the program "
                         "was killed, or is still running); drawn up to its last "
                         "complete census, at 5.39666 s.");
            profile_fact(&w.p,
                         "Stack names cut at 25 bytes, the RTS's default -L, as in the "
                         ".hp (--full-stacks draws them whole).");
            w.p.mark_text = xcalloc(w.p.nmarks, sizeof *w.p.mark_text);
            for (size_t i = 0; i < w.p.nmarks; i++)
                w.p.mark_text[i] = xstrdup("a phase of the run");
        }
        if (!CHECK(bands_plan(&w.bp, &w.p, &bo, &err) == 0
                   && series_build(&w.s, &w.p, &w.bp, 100, &err) == 0
                   && layout_build(&w.L, &w.p, &w.bp, &w.s, &o, &fake, &err) == 0))
            return;
        gh[notes] = w.L.graph[0].plot[3];
        if (notes) {
            const struct page *pg = &w.L.page[0];
            CHECK(no_overlap(pg));
            CHECK(on_page(&w.L));
            const struct prim *cut = find_text(pg, "Cut short");
            static const char ell[] = "\xE2\x80\xA6";
            size_t len = cut ? strlen(cut->text) : 0;
            CHECK(cut && len > 3 && strcmp(cut->text + len - 3, ell) == 0);
            CHECK(find_text(pg, "Stack names") == NULL);
            CHECK(find_text(pg, "a phase of the run") != NULL);
        }
        destroy(&w);
    }
    if (!CHECK(gh[1] >= 0.3 * gh[0]))
        fprintf(stderr, "  the graph: %.1f of %.1f points high\n", gh[1], gh[0]);
}

static void test_example_a(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* Example A of the spec: A4 portrait, turned; GHC's key-width rule. */
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_INT(w.L.npages, 1);
    CHECK(w.L.page_width == 595 && w.L.page_height == 842);
    CHECK(w.L.matrix[4] == 72
          && w.L.matrix[5] == 86); /* box on X 72..504, Y 86..734 from the top */
    const struct page *pg = &w.L.page[0];
    CHECK_INT(count_text(pg, "demo"), 1);
    CHECK_INT(count_text(pg, "alpha"), 1);
    CHECK_INT(count_text(pg, "Mon Jan 1 2024"), 1);
    CHECK(find_text(pg, "235 bytes") != NULL); /* area 235, GHC's figure */
    const struct prim *key = find_text(pg, "alpha");
    /* The graph's full width is 648 - 62 - 2 * 5 = 576.  The key, 10 right
     * of the graph: swatch (14), gap (5), share "85%" (15), gap (6), name
     * (25): 65 wide, so gw = 576 - 10 - 65 and the name starts at
     * 62 + gw + 10 + 14 + 5 + 15 + 6. */
    CHECK_NEAR(key->x, 62 + (576 - 10 - 65) + 10 + 14 + 5 + 15 + 6, 1e-9);
    CHECK(find_text(pg, "85%") != NULL); /* alpha: 400 of 470 */
    CHECK(find_text(pg, "15%") != NULL);
    CHECK(key->y > find_text(pg, "beta")->y); /* top band highest in the key */
    CHECK(inside_box(pg));
    /* Marks: 0.5 is drawn, 7.5 is outside the axis and is not (GHC drew it). */
    size_t triangles = 0;
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_POLYGON && pg->prim[i].npts == 3)
            triangles++;
    CHECK_INT(triangles, 1);
    /* Sub-second-safe labels: ticks every 0.2 with one decimal. */
    CHECK_INT(count_text(pg, "0.4"), 1);
    CHECK_INT(count_text(pg, "seconds"), 1);
    destroy(&w);
}

static void test_no_marks(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    o.marks = false; /* -y */
    CHECK(build(&w, TINY, &o) == 0);
    for (size_t i = 0; i < w.L.page[0].count; i++)
        CHECK(!(w.L.page[0].prim[i].kind == PRIM_POLYGON && w.L.page[0].prim[i].npts == 3));
    destroy(&w);
    o.marks = true;
}

static void test_fit_page(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* -e8in: the graph's own size as the page, not scaled (the type keeps
     * its size): a box 576 x 384 less the frame's line, which lies inside
     * the page. */
    o.page = PAGE_FIT;
    o.fit_width = 576;
    o.single_page = true;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_NEAR(w.L.page_width, 576, 1e-9);
    CHECK_NEAR(w.L.page_height, 384, 1e-9);
    CHECK_NEAR(w.L.matrix[0], 1, 1e-12);
    CHECK_NEAR(w.L.matrix[4], 0.25, 1e-12);
    CHECK_NEAR(w.L.page[0].prim[0].pts[4], 575.5, 1e-9); /* the frame's right side */
    destroy(&w);
    o.page = PAGE_TURNED_A4;
    o.single_page = false;
}

static void test_page_kinds(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* -g: upright on a landscape sheet. */
    o.page = PAGE_GHOSTVIEW;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK(w.L.page_width == 842 && w.L.page_height == 595);
    CHECK(w.L.matrix[4] == 72 && w.L.matrix[5] == 595 - 108);
    destroy(&w);
    /* PDF, SVG, PNG: the same box upright and centred on landscape A4. */
    o.page = PAGE_LANDSCAPE_A4;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK(w.L.page_width == 842 && w.L.page_height == 595);
    CHECK(w.L.matrix[4] == 97 && w.L.matrix[5] == 513.5);
    destroy(&w);
    o.page = PAGE_TURNED_A4;
}

static void test_multipage(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* -M: the key on a page of its own, then the graph at full width. */
    o.multipage = true;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_INT(w.L.npages, 2);
    CHECK_INT(count_text(&w.L.page[0], "alpha"), 1);
    CHECK_INT(count_text(&w.L.page[1], "alpha"), 0);
    destroy(&w);
    /* ... but EPS, SVG and PNG are one page: the key goes below the graph,
     * which keeps its full width, and the page grows to hold it. */
    o.single_page = true;
    o.page = PAGE_LANDSCAPE_A4;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_INT(w.L.npages, 1);
    CHECK_INT(count_text(&w.L.page[0], "alpha"), 1);
    CHECK(find_text(&w.L.page[0], "alpha")->y < 0);
    CHECK(w.L.page_height > 595 && w.L.page_height < 595 + 60);
    destroy(&w);
    o.page = PAGE_TURNED_A4;
    o.single_page = false;
    o.multipage = false;
}

static void test_pattern(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* --pattern: bands and their swatches carry the same hatch, the
     * largest band (alpha, grey 0.2) none, the next (beta, black) the
     * sparsest. */
    o.pattern = true;
    CHECK(build(&w, TINY, &o) == 0);
    int hatched = 0, plain = 0;
    for (size_t i = 0; i < w.L.page[0].count; i++) {
        const struct prim *pr = &w.L.page[0].prim[i];
        if (pr->kind == PRIM_POLYGON && pr->filled && pr->npts != 3) {
            if (pr->hatch == 1 && pr->fill.r < 0.1)
                hatched++;
            else if (pr->hatch == 0 && fabs(pr->fill.r - 0.2) < 1e-9)
                plain++;
        }
    }
    CHECK_INT(hatched, 2); /* beta's band and swatch */
    CHECK_INT(plain, 2);   /* alpha's */
    destroy(&w);
    o.pattern = false;
}

static void test_no_key(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* -m0: no key. */
    o.key = false;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_INT(count_text(&w.L.page[0], "alpha"), 0);
    destroy(&w);
    o.key = true;
}

static void test_long_name(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* A 200-character name: GHC's graph width went negative.  Ours is
     * shortened in the middle, keeping head and tail, and the page holds. */
    char hp[4096], name[201];
    memset(name, 'W', 200);
    name[0] = 'H', name[199] = 'T', name[200] = '\0';
    snprintf(hp, sizeof hp,
             "JOB \"long\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
             "BEGIN_SAMPLE 0\n%s 10\nsmall 5\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\n%s 20\nsmall "
             "5\nEND_SAMPLE 1\n",
             name, name);
    CHECK(build(&w, hp, &o) == 0);
    const struct prim *longkey = find_text(&w.L.page[0], "HWW");
    CHECK(longkey != NULL);
    CHECK(longkey && strstr(longkey->text, "\xE2\x80\xA6") != NULL);
    CHECK(longkey && longkey->text[strlen(longkey->text) - 1] == 'T');
    CHECK(longkey && fake_width(NULL, FONT_AXIS, longkey->text) <= 200);
    CHECK(inside_box(&w.L.page[0]));
    destroy(&w);
}

static void test_long_job(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    char hp[4096];
    /* A JOB far wider than the page is shortened to fit, not cut at 80 bytes. */
    char job[1000];
    memset(job, 'j', 780);
    job[780] = '\0';
    snprintf(hp, sizeof hp,
             "JOB \"%s\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
             "BEGIN_SAMPLE 0\na 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 2\nEND_SAMPLE 1\n",
             job);
    CHECK(build(&w, hp, &o) == 0);
    CHECK(inside_box(&w.L.page[0]));
    CHECK(find_text(&w.L.page[0], "jjj") != NULL);
    destroy(&w);
}

static void test_one_sample(void)
{
    struct world w;
    struct layout_options o = { .key = true, .marks = true };
    /* One sample (at 3 s): a bar at its time, 4 % of the axis wide, on an
     * axis from 0 to 6 s; not a slab from 3 to 4 s. */
    CHECK(build(&w,
                "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
                "BEGIN_SAMPLE 3\na 7\nEND_SAMPLE 3\n",
                &o)
          == 0);
    const struct prim *band = NULL;
    for (size_t i = 0; i < w.L.page[0].count; i++)
        if (w.L.page[0].prim[i].kind == PRIM_POLYGON && w.L.page[0].prim[i].filled
            && w.L.page[0].prim[i].npts == 4 && w.L.page[0].prim[i].line_width < 0.5)
            band = &w.L.page[0].prim[i];
    CHECK(band != NULL);
    if (band) {
        double gw = 576 - 10 - (14 + 5 + 20 + 6 + 5); /* key: "100%" and "a" */
        CHECK_NEAR(band->pts[0], 62 + gw * (3 - 0.12) / 6, 1e-9);
        CHECK_NEAR(band->pts[2], 62 + gw * (3 + 0.12) / 6, 1e-9);
    }
    destroy(&w);
}

static void test_ellipsize(void)
{
    /* layout_ellipsize keeps both ends. */
    char *e = layout_ellipsize("abcdefghijklmnopqrstuvwxyz", 50, FONT_AXIS, &fake);
    CHECK(fake_width(NULL, FONT_AXIS, e) <= 50);
    CHECK(e[0] == 'a' && e[strlen(e) - 1] == 'z');
    free(e);
    e = layout_ellipsize("short", 50, FONT_AXIS, &fake);
    CHECK_STR(e, "short");
    free(e);
    /* No room at all (a wide title leaves a negative width): an empty text
     * stays empty (the search used to loop forever on it, found by the
     * fuzzer), any other text becomes the ellipsis alone. */
    e = layout_ellipsize("", -40, FONT_AXIS, &fake);
    CHECK_STR(e, "");
    free(e);
    e = layout_ellipsize("abc", -40, FONT_AXIS, &fake);
    CHECK_STR(e, "\xE2\x80\xA6");
    free(e);
    /* A 1 MiB text is shortened (from at most 1024 code points). */
    size_t n = 1u << 20;
    char *big = malloc(n + 1);
    memset(big, 'x', n);
    big[n] = '\0';
    e = layout_ellipsize(big, 100, FONT_AXIS, &fake);
    CHECK(fake_width(NULL, FONT_AXIS, e) <= 100);
    CHECK(strlen(e) < 100);
    free(e);
    free(big);
}

/* text_wrap: each line within the width (but a lone cluster wider than
 * it), the lines the text again in order; text_wrap_first the same first
 * line.  An empty text is one empty line, even with no room (it read
 * past the end of the text's cluster stops). */
static void test_wrap(void)
{
    /* a long text of one-, two- and three-byte characters, separators */
    size_t cap = 3000 * 4 + 1, used = 0;
    char *big = malloc(cap);
    for (int i = 0; i < 3000; i++)
        used += (size_t)snprintf(big + used, cap - used, "%s",
                                 i % 7 == 3 ? "/\xC3\xA9" : "\xE2\x8B\xAF");
    const char *texts[] = { "", "a", "short", "one two three four five six", big };
    const double widths[] = { -40, 3, 40, 61, 500 };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
            char **lines;
            size_t n = text_wrap(texts[i], widths[w], FONT_AXIS, &fake, &lines), at = 0;
            CHECK(n >= 1);
            bool same = true, narrow = true;
            for (size_t k = 0; k < n; k++) {
                size_t len = strlen(lines[k]);
                same &= strncmp(texts[i] + at, lines[k], len) == 0;
                narrow &= fake_width(NULL, FONT_AXIS, lines[k]) <= fmax(widths[w], 15);
                at += len;
            }
            CHECK(same && at == strlen(texts[i]));
            CHECK(narrow);
            CHECK_INT(text_wrap_first(texts[i], widths[w], FONT_AXIS, &fake), strlen(lines[0]));
            for (size_t k = 0; k < n; k++)
                free(lines[k]);
            free(lines);
        }
    free(big);
}

/* Fonts made on render_fonts_begin's thread measure every text as fonts
 * made on the caller's thread do, for a vector and a raster format; and
 * they stay usable once handed over. */
static void test_fonts_on_a_thread(void)
{
    static const char *const texts[] = { "0",       "bytes x seconds",   "(253)Eval.step/simplify",
                                         "12.5 MB", "\xC3\xA9t\xC3\xA9", "MAIN:MAIN" };
    const struct render_format *fmts[] = { NULL, &render_format_png };
    for (size_t k = 0; k < 2; k++) {
        struct render_fonts *here = render_fonts_new(fmts[k]);
        struct render_fonts *there = render_fonts_end(render_fonts_begin(fmts[k]));
        struct text_metrics a = render_text_metrics(here), b = render_text_metrics(there);
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
            for (int font = 0; font < FONT_COUNT; font++) {
                double wa = a.width(a.ctx, (enum font_role)font, texts[i]);
                double wb = b.width(b.ctx, (enum font_role)font, texts[i]);
                if (!CHECK(wa > 0 && wa == wb))
                    fprintf(stderr, "  '%s' in font %d: %g here, %g from the thread\n", texts[i],
                            font, wa, wb);
            }
        render_fonts_free(here);
        render_fonts_free(there);
    }
}

/* A text primitive holding needle, or NULL. */
static const struct prim *text_holding(const struct page *pg, const char *needle)
{
    for (size_t i = 0; i < pg->count; i++)
        if (pg->prim[i].kind == PRIM_TEXT && strstr(pg->prim[i].text, needle))
            return &pg->prim[i];
    return NULL;
}

/* A profile in unit with three samples: 10 bytes at 0, the peak of 300
 * at peak, 20 at end; its title's middle holds want.  axis, when given,
 * is the time axis's title. */
static void peak_at(const char *unit, int peak, int end, const char *axis, const char *want)
{
    char hp[512];
    snprintf(hp, sizeof hp,
             "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"%s\"\nVALUE_UNIT \"bytes\"\n"
             "BEGIN_SAMPLE 0\na 10\nEND_SAMPLE 0\n"
             "BEGIN_SAMPLE %d\na 300\nEND_SAMPLE %d\n"
             "BEGIN_SAMPLE %d\na 20\nEND_SAMPLE %d\n",
             unit, peak, peak, end, end);
    struct world w;
    struct layout_options o = { .key = true };
    CHECK(build(&w, hp, &o) == 0);
    if (axis)
        CHECK(count_text(&w.L.page[0], axis) == 1);
    if (!CHECK(text_holding(&w.L.page[0], want) != NULL))
        fprintf(stderr, "  no title holds \"%s\"\n", want);
    destroy(&w);
}

/* The title gives the peak's time in the time axis's unit: a run the axis
 * counts in hours or minutes has its peak in hours or minutes, not in
 * seconds to convert; other units and short runs keep the profile's. */
static void peak_time_unit(void)
{
    peak_at("seconds", 71824, 74000, "hours", "peak 300 bytes at 19.95 h");
    peak_at("seconds", 612, 900, "minutes", "peak 300 bytes at 10.2 min");
    peak_at("seconds", 5, 9, NULL, "peak 300 bytes at 5 s");
    peak_at("ticks", 71824, 74000, NULL, "peak 300 bytes at 71824 ticks");
}

int main(void)
{
    test_no_key_no_measuring();
    test_fonts_on_a_thread();
    graph_geometry();
    test_example_a();
    test_no_marks();
    test_fit_page();
    narrow_page_notes();
    test_page_kinds();
    test_multipage();
    test_pattern();
    test_no_key();
    test_long_name();
    test_long_job();
    test_one_sample();
    test_ellipsize();
    test_wrap();
    modes();
    many();
    shortened();
    told_apart();
    graphemes();
    axes_and_title();
    peak_time_unit();
    return check_report();
}

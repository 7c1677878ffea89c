/* test_layout.c: the page geometry, with a fake font whose every byte is
 * 5 points wide, so the numbers can be worked out by hand. */
#include "check.h"
#include "layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double fake_width(void *ctx, enum font_role font, const char *text)
{
    (void)ctx;
    (void)font;
    return 5.0 * (double)strlen(text);
}

static const struct text_metrics fake = {fake_width, NULL};

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
    if (bands_plan(&w->bp, &w->p, &bo, &err) < 0 || series_build(&w->s, &w->p, &w->bp, 100, &err) < 0)
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
            if (pr->pts[2 * k] < -1 || pr->pts[2 * k] > 649 || pr->pts[2 * k + 1] < -5 ||
                pr->pts[2 * k + 1] > 433)
                return false;
        if (pr->kind == PRIM_TEXT && pr->angle == 0) {
            double w = fake_width(NULL, pr->font, pr->text);
            double x0 = pr->align == ALIGN_LEFT ? pr->x : pr->align == ALIGN_CENTRE ? pr->x - w / 2 : pr->x - w;
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
    if (profile_parse_buffer(&w->p, hp, strlen(hp), "t.hp", NULL, &err) < 0 ||
        bands_plan(&w->bp, &w->p, bo, &err) < 0 ||
        series_build_mode(&w->s, &w->p, &w->bp, 100, base->mode, &err) < 0)
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
    struct layout_options o = {.key = true, .mode = MODE_PERCENT};

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
     * LINES_HEADROOM (1.08) so the line stays clear of the frame. */
    int dashes[2] = {-1, -1};
    struct rgb line[2] = {{1, 1, 1}, {1, 1, 1}};
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
    CHECK_NEAR(alpha_top, 20 + (432 - 20 - 10 - 20) / 1.08, 1e-9);
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
     * shares and the names.  Key: swatch 24, share 15, gap 6, slope 45
     * ("-30.0 B/s", 9 bytes), gap 6, name 25, margin 5 = 126. */
    o = (struct layout_options){.key = true, .slopes = true};
    band_options_default(&bo);
    bo.slopes = true;
    CHECK(build_mode(&w, TINY, &o, &bo) == 0);
    pg = &w.L.page[0];
    const struct prim *up = find_text(pg, "+200 B/s"), *down = find_text(pg, "-30.0 B/s");
    CHECK(up && down);
    if (up && down) {
        double gw = 593 - 126;
        CHECK_NEAR(up->x, 45 + gw + 24 + 15 + 6 + 45, 1e-9);
        CHECK(up->align == ALIGN_RIGHT);
        CHECK(up->y > down->y); /* alpha on top */
    }
    const struct prim *name = find_text(pg, "alpha");
    CHECK_NEAR(name->x, 45 + (593 - 126) + 24 + 15 + 6 + 45 + 6, 1e-9);
    CHECK(find_text(pg, "peak 320") != NULL); /* stacked: the peak is drawn */
    CHECK(inside_box(pg));
    destroy(&w);
}

/* -o FILE.html (layout_options.data): the graph's area and scales, the
 * key's boxes and the values, on TINY drawn upright on landscape A4 (the
 * box's origin at x 97, y 513.5 from the top). */
static void page_data(void)
{
    struct world w;
    struct layout_options o = {.key = true, .page = PAGE_LANDSCAPE_A4, .single_page = true};
    CHECK(build(&w, TINY, &o) == 0);
    CHECK(w.L.data == NULL); /* only when asked */
    destroy(&w);
    o.data = true;
    CHECK(build(&w, TINY, &o) == 0);
    const struct layout_data *D = w.L.data;
    if (!CHECK(D != NULL))
        return;
    CHECK(D->mode == MODE_STACKED && !D->diff && !D->x_index);
    CHECK_STR(D->value_unit, "bytes");
    CHECK_STR(D->sample_unit, "seconds");
    CHECK_INT(D->nbands, 2);
    CHECK_STR(D->band[0].name, "beta"); /* bottom first */
    CHECK_STR(D->band[1].name, "alpha");
    CHECK_INT(D->npanels, 1);
    const struct layout_data_panel *P = &D->panel[0];
    CHECK_STR(P->title, "demo");
    /* gw = 593 - 75 (the key), gh = 432 - 20 - 10 - 20. */
    CHECK_NEAR(P->plot[0], 97 + 45, 1e-9);
    CHECK_NEAR(P->plot[1], 513.5 - (20 + 382), 1e-9);
    CHECK_NEAR(P->plot[2], 593 - 75, 1e-9);
    CHECK_NEAR(P->plot[3], 382, 1e-9);
    CHECK(P->t0 == 0 && P->t_span == 1 && P->y_lo == 0 && P->y_span == 320);
    CHECK_INT(P->nbands, 2);
    CHECK(P->band[0] == 0 && P->band[1] == 1);
    CHECK_NEAR(P->share[1], 400.0 / 470, 1e-12);
    CHECK(P->peak[1] == 300 && P->peak_time[1] == 1 && P->peak[0] == 50 && P->peak_time[0] == 0);
    CHECK_INT(P->nsamples, 0); /* build() made no samples for the page */
    /* Each key entry's box holds its name, on the page. */
    const struct page *pg = &w.L.page[0];
    const char *names[2] = {"beta", "alpha"};
    for (int b = 0; b < 2; b++) {
        const struct prim *t = find_text(pg, names[b]);
        const double *box = D->band[b].box;
        double x = 97 + t->x, y = 513.5 - t->y;
        CHECK(D->band[b].has_box);
        CHECK(x >= box[0] && x <= box[0] + box[2] && y >= box[1] && y <= box[1] + box[3]);
        CHECK(box[0] >= P->plot[0] + P->plot[2]); /* beside the graph */
    }
    CHECK(D->band[1].box[1] + D->band[1].box[3] <= D->band[0].box[1] + 1e-9); /* alpha above */
    destroy(&w);

    /* With the page's samples: both samples, each band's own value. */
    struct hp_error err;
    CHECK(build(&w, TINY, &o) == 0);
    layout_free(&w.L);
    CHECK_INT(series_samples_build(&w.s, &w.p, &w.bp, 100, &err), 0);
    o.x_range = 1, o.y_range = 320;
    CHECK_INT(layout_build(&w.L, &w.p, &w.bp, &w.s, &o, &fake, &err), 0);
    P = &w.L.data->panel[0];
    CHECK_INT(P->nsamples, 2);
    CHECK(P->t[0] == 0 && P->t[1] == 1);
    CHECK(P->value[0] == 50 && P->value[1] == 100 && P->value[2] == 20 && P->value[3] == 300);
    destroy(&w);

    /* --mode=lines: the colours are the lines'. */
    o.mode = MODE_LINES;
    o.x_range = o.y_range = 0;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK(w.L.data->mode == MODE_LINES);
    destroy(&w);
}

int main(void)
{
    struct world w;
    struct layout_options o = {.key = true, .marks = true};
    page_data();

    /* Example A of the spec: A4 portrait, turned; GHC's key-width rule. */
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_INT(w.L.npages, 1);
    CHECK(w.L.page_width == 595 && w.L.page_height == 842);
    CHECK(w.L.matrix[4] == 72 && w.L.matrix[5] == 86); /* box on X 72..504, Y 86..734 from the top */
    const struct page *pg = &w.L.page[0];
    CHECK_INT(count_text(pg, "demo"), 1);
    CHECK_INT(count_text(pg, "alpha"), 1);
    CHECK_INT(count_text(pg, "Mon Jan 1 2024"), 1);
    CHECK(find_text(pg, "235 bytes") != NULL); /* area 235, GHC's figure */
    const struct prim *key = find_text(pg, "alpha");
    /* The key: swatch (24), share "85%" (15), gap (6), name (25), margin (5):
     * 75 wide, so gw = 593 - 75 and the name starts at 45 + gw + 24 + 15 + 6. */
    CHECK_NEAR(key->x, 45 + (593 - 75) + 24 + 15 + 6, 1e-9);
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

    o.marks = false; /* -y */
    CHECK(build(&w, TINY, &o) == 0);
    for (size_t i = 0; i < w.L.page[0].count; i++)
        CHECK(!(w.L.page[0].prim[i].kind == PRIM_POLYGON && w.L.page[0].prim[i].npts == 3));
    destroy(&w);
    o.marks = true;

    /* -e8in: the graph's own size as the page, scaled. */
    o.page = PAGE_FIT;
    o.fit_width = 576;
    o.single_page = true;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_NEAR(w.L.page_width, 576, 1e-9);
    CHECK_NEAR(w.L.page_height, 384, 1e-9);
    CHECK_NEAR(w.L.matrix[0], 576.0 / 648, 1e-12);
    destroy(&w);
    o.page = PAGE_TURNED_A4;
    o.single_page = false;

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

    /* -M: the key on a page of its own, then the graph at full width. */
    o.multipage = true;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_INT(w.L.npages, 2);
    CHECK_INT(count_text(&w.L.page[0], "alpha"), 1);
    CHECK_INT(count_text(&w.L.page[1], "alpha"), 0);
    destroy(&w);
    /* ... but EPS, SVG and PNG are one page: the key stays beside the graph. */
    o.single_page = true;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_INT(w.L.npages, 1);
    CHECK_INT(count_text(&w.L.page[0], "alpha"), 1);
    destroy(&w);
    o.single_page = false;
    o.multipage = false;

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

    /* -m0: no key. */
    o.key = false;
    CHECK(build(&w, TINY, &o) == 0);
    CHECK_INT(count_text(&w.L.page[0], "alpha"), 0);
    destroy(&w);
    o.key = true;

    /* A 200-character name: GHC's graph width went negative.  Ours is
     * shortened in the middle, keeping head and tail, and the page holds. */
    char hp[4096], name[201];
    memset(name, 'W', 200);
    name[0] = 'H', name[199] = 'T', name[200] = '\0';
    snprintf(hp, sizeof hp,
             "JOB \"long\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
             "BEGIN_SAMPLE 0\n%s 10\nsmall 5\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\n%s 20\nsmall 5\nEND_SAMPLE 1\n",
             name, name);
    CHECK(build(&w, hp, &o) == 0);
    const struct prim *longkey = find_text(&w.L.page[0], "HWW");
    CHECK(longkey != NULL);
    CHECK(longkey && strstr(longkey->text, "\xE2\x80\xA6") != NULL);
    CHECK(longkey && longkey->text[strlen(longkey->text) - 1] == 'T');
    CHECK(longkey && fake_width(NULL, FONT_AXIS, longkey->text) <= 200);
    CHECK(inside_box(&w.L.page[0]));
    destroy(&w);

    /* A JOB far wider than the page is shortened to fit, not cut at 80 bytes. */
    char job[1000];
    memset(job, 'j', 780);
    job[780] = '\0';
    snprintf(hp, sizeof hp,
             "JOB \"%s\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
             "BEGIN_SAMPLE 0\na 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 2\nEND_SAMPLE 1\n", job);
    CHECK(build(&w, hp, &o) == 0);
    CHECK(inside_box(&w.L.page[0]));
    CHECK(find_text(&w.L.page[0], "jjj") != NULL);
    destroy(&w);

    /* One sample: a flat band across the whole axis, not a sliver. */
    CHECK(build(&w, "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n"
                    "BEGIN_SAMPLE 3\na 7\nEND_SAMPLE 3\n", &o) == 0);
    const struct prim *band = NULL;
    for (size_t i = 0; i < w.L.page[0].count; i++)
        if (w.L.page[0].prim[i].kind == PRIM_POLYGON && w.L.page[0].prim[i].filled &&
            w.L.page[0].prim[i].npts == 4 && w.L.page[0].prim[i].line_width < 0.5)
            band = &w.L.page[0].prim[i];
    CHECK(band != NULL);
    if (band) {
        double gw = 593 - (24 + 20 + 6 + 5 + 5); /* key: "100%" and "a" */
        CHECK_NEAR(band->pts[0], 45, 1e-9);
        CHECK_NEAR(band->pts[2], 45 + gw, 1e-9);
    }
    destroy(&w);

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
    modes();
    return check_report();
}

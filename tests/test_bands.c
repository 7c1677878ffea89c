/* SPDX-License-Identifier: BSD-3-Clause */
/* test_bands.c: band order, trace elimination, OTHER and shades against
 * GHC's hp2ps (the worked examples of the behaviour spec, section 8), and
 * the two places where we differ on purpose. */
#include "check.h"
#include "aux.h"
#include "bands.h"
#include "fixture.h"

#include <stdlib.h>

/* ---- building profiles in memory ------------------------------------------ */

static void make_aux(struct aux *a, const char *text)
{
    struct hp_error err;
    if (aux_parse_buffer(a, text, strlen(text), "test.aux", &err) < 0) {
        fprintf(stderr, "aux: %s\n", err.text);
        abort();
    }
}

/* "name|name|..." of the plan, bottom first. */
static char *order_of(const struct band_plan *bp)
{
    size_t len = 1;
    for (size_t i = 0; i < bp->count; i++)
        len += strlen(bp->band[i].name) + 1;
    char *s = xmalloc(len);
    s[0] = '\0';
    for (size_t i = 0; i < bp->count; i++) {
        if (i)
            strcat(s, "|");
        strcat(s, bp->band[i].name);
    }
    return s;
}

/* "0.00 0.20 ..." (grey) or the six-decimal codes (colour). */
static char *shades_of(const struct band_plan *bp, bool colour)
{
    char *s = xmalloc(bp->count * 16 + 1);
    s[0] = '\0';
    for (size_t i = 0; i < bp->count; i++)
        sprintf(s + strlen(s), i ? (colour ? " %.6f" : " %.2f") : (colour ? "%.6f" : "%.2f"),
                bp->band[i].aux_shade);
    return s;
}

#define CHECK_ORDER(bp, want)                                                                      \
    do {                                                                                           \
        char *got_ = order_of(bp);                                                                 \
        CHECK_STR(got_, want);                                                                     \
        free(got_);                                                                                \
    } while (0)

#define CHECK_SHADES(bp, colour, want)                                                             \
    do {                                                                                           \
        char *got_ = shades_of(bp, colour);                                                        \
        CHECK_STR(got_, want);                                                                     \
        free(got_);                                                                                \
    } while (0)

static bool same_rgb(struct rgb a, struct rgb b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

static bool in_palette(struct rgb c)
{
    for (size_t k = 0; k < palette_colour_count(); k++)
        if (same_rgb(c, palette_colour(k)))
            return true;
    return false;
}

static int plan(struct band_plan *bp, struct profile *p, const struct band_options *o)
{
    struct hp_error err;
    int rc = bands_plan(bp, p, o, &err);
    if (rc < 0)
        fprintf(stderr, "bands_plan: %s\n", err.text);
    return rc;
}

/* The .aux text for a plan. */
static char *aux_text(const struct band_plan *bp, double x, double y, bool colour)
{
    FILE *f = tmpfile();
    if (!f)
        abort();
    CHECK_INT(aux_write(f, bp, x, y, colour), 0);
    long len = ftell(f);
    rewind(f);
    char *s = xmalloc((size_t)len + 1);
    size_t got = fread(s, 1, (size_t)len, f);
    s[got] = '\0';
    fclose(f);
    return s;
}

/* ---- the spec's examples -------------------------------------------------- */

static const char tiny_hp[] = "BEGIN_SAMPLE 0.0\n"
                              "alpha 100\n"
                              "beta 50\n"
                              "END_SAMPLE 0.0\n"
                              "BEGIN_SAMPLE 1.0\n"
                              "alpha 300\n"
                              "beta 20\n"
                              "END_SAMPLE 1.0\n";

static void example_tiny(void)
{
    struct profile p;
    fixture_parse(&p, tiny_hp);
    struct band_options o;
    band_options_default(&o);
    struct band_plan bp;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "beta|alpha");
    CHECK_SHADES(&bp, false, "0.00 0.20");
    CHECK_INT(bp.trace_dropped, 0);
    CHECK_INT(bp.nnames, 2);
    CHECK_INT(bp.band[0].total, 70);
    CHECK_INT(bp.band[1].total, 400);
    CHECK(!bp.band[0].is_other && !bp.band[1].is_other);
    CHECK(bp.band[0].fill.r == 0 && bp.band[0].fill.g == 0 && bp.band[0].fill.b == 0);
    CHECK(bp.band[1].fill.r == 0.2 && bp.band[1].fill.g == 0.2 && bp.band[1].fill.b == 0.2);
    CHECK_INT(bp.band_of_name[names_find(&p.names, "alpha", 5)], 1);
    CHECK_INT(bp.band_of_name[names_find(&p.names, "beta", 4)], 0);

    char *text = aux_text(&bp, 1.0, 320.0, false);
    CHECK_STR(text,
              "X_RANGE 1.00\n"
              "Y_RANGE 320.00\n"
              "ORDER beta 1\n"
              "ORDER alpha 2\n"
              "SHADE beta 0.00\n"
              "SHADE alpha 0.20\n");
    free(text);
    band_plan_free(&bp);
    CHECK(bp.band == NULL && bp.count == 0 && bp.band_of_name == NULL && bp.nnames == 0);

    /* -c: each name's colour comes from its hash (GHC: black, blue by
     * position), written with six decimals; two different colours. */
    o.colour = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "beta|alpha");
    CHECK(!same_rgb(bp.band[0].fill, bp.band[1].fill));
    CHECK(palette_distance(bp.band[0].fill, bp.band[1].fill) >= 18);
    CHECK(bp.band[0].aux_shade == palette_encode_colour(bp.band[0].fill));
    CHECK(in_palette(bp.band[0].fill) && in_palette(bp.band[1].fill));
    text = aux_text(&bp, 1.0, 320.0, true);
    char want[256];
    snprintf(want, sizeof want,
             "X_RANGE 1.00\nY_RANGE 320.00\nORDER beta 1\nORDER alpha 2\n"
             "SHADE beta %.6f\nSHADE alpha %.6f\n",
             palette_encode_colour(bp.band[0].fill), palette_encode_colour(bp.band[1].fill));
    CHECK_STR(text, want);
    free(text);
    struct rgb beta_colour = bp.band[0].fill;
    band_plan_free(&bp);
    /* A name keeps its colour from run to run: alpha alone, with -i. */
    o.sort_name = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "alpha|beta");
    CHECK(same_rgb(bp.band[1].fill, beta_colour));
    band_plan_free(&bp);
    o.sort_name = 0;
    profile_free(&p);
}

static const char leak_hp[] = "BEGIN_SAMPLE 0.000000\n"
                              "END_SAMPLE 0.000000\n"
                              "BEGIN_SAMPLE 0.057135\n"
                              "(150)PINNED\t36816\n"
                              "(297)main\t64\n"
                              "(298)sumAll/Main.CAF\t16\n"
                              "(296)main/Main.CAF\t48\n"
                              "(250)GHC.IO.Encoding.Iconv.CAF\t120\n"
                              "(252)GHC.IO.Encoding.CAF\t912\n"
                              "(268)GHC.Conc.Signal.CAF\t640\n"
                              "(242)GHC.IO.Handle.FD.CAF\t680\n"
                              "MAIN\t160\n"
                              "(301)build/main.m/main/Mai...\t1519280\n"
                              "(302)build.\\/build/main.m/...\t6855912\n"
                              "END_SAMPLE 0.057135\n"
                              "BEGIN_SAMPLE 0.115938\n"
                              "(150)PINNED\t36816\n"
                              "(298)sumAll/Main.CAF\t16\n"
                              "(296)main/Main.CAF\t48\n"
                              "(297)main\t64\n"
                              "(268)GHC.Conc.Signal.CAF\t640\n"
                              "(242)GHC.IO.Handle.FD.CAF\t680\n"
                              "(250)GHC.IO.Encoding.Iconv.CAF\t120\n"
                              "(252)GHC.IO.Encoding.CAF\t912\n"
                              "MAIN\t160\n"
                              "(302)build.\\/build/main.m/...\t13498656\n"
                              "(301)build/main.m/main/Mai...\t2995680\n"
                              "END_SAMPLE 0.115938\n"
                              "BEGIN_SAMPLE 0.172347\n"
                              "(150)PINNED\t36816\n"
                              "(297)main\t64\n"
                              "(296)main/Main.CAF\t32\n"
                              "(268)GHC.Conc.Signal.CAF\t640\n"
                              "(299)sumAll/main/Main.CAF\t2071824\n"
                              "(242)GHC.IO.Handle.FD.CAF\t680\n"
                              "(250)GHC.IO.Encoding.Iconv.CAF\t120\n"
                              "(252)GHC.IO.Encoding.CAF\t912\n"
                              "MAIN\t160\n"
                              "(301)build/main.m/main/Mai...\t2067744\n"
                              "(303)sumAll.\\/sumAll/main/...\t3107800\n"
                              "(302)build.\\/build/main.m/...\t3107768\n"
                              "END_SAMPLE 0.172347\n"
                              "BEGIN_SAMPLE 0.230178\n"
                              "(150)PINNED\t36816\n"
                              "(297)main\t64\n"
                              "(296)main/Main.CAF\t32\n"
                              "(268)GHC.Conc.Signal.CAF\t640\n"
                              "(299)sumAll/main/Main.CAF\t377728\n"
                              "(242)GHC.IO.Handle.FD.CAF\t680\n"
                              "(250)GHC.IO.Encoding.Iconv.CAF\t120\n"
                              "(252)GHC.IO.Encoding.CAF\t912\n"
                              "MAIN\t160\n"
                              "(301)build/main.m/main/Mai...\t373648\n"
                              "(303)sumAll.\\/sumAll/main/...\t567016\n"
                              "(302)build.\\/build/main.m/...\t566752\n"
                              "END_SAMPLE 0.230178\n"
                              "BEGIN_SAMPLE 0.276345\n"
                              "END_SAMPLE 0.276345\n";

#define N299 "(299)sumAll/main/Main.CAF"
#define N301 "(301)build/main.m/main/Mai..."
#define N302 "(302)build.\\/build/main.m/..."
#define N303 "(303)sumAll.\\/sumAll/main/..."

static int32_t band_of(const struct band_plan *bp, const struct profile *p, const char *name)
{
    int64_t id = names_find(&p->names, name, strlen(name));
    if (id < 0)
        return -2;
    return bp->band_of_name[id];
}

static void example_leak(void)
{
    struct profile p;
    fixture_parse(&p, leak_hp);
    CHECK_INT(p.nsamples, 6);
    CHECK_INT(p.names.count, 13);
    struct band_options o;
    band_options_default(&o);
    struct band_plan bp;

    /* Defaults: nine bands dropped, PINNED included. */
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.trace_dropped, 9);
    CHECK_ORDER(&bp, N299 "|" N303 "|" N301 "|" N302);
    CHECK_SHADES(&bp, false, "0.00 0.20 0.60 0.30");
    CHECK_INT(bp.band[0].total, 2449552);
    CHECK_INT(bp.band[1].total, 3674816);
    CHECK_INT(bp.band[2].total, 6956352);
    CHECK_INT(bp.band[3].total, 24029088);
    CHECK_INT(band_of(&bp, &p, "(150)PINNED"), BAND_TRACED);
    CHECK_INT(band_of(&bp, &p, "MAIN"), BAND_TRACED);
    CHECK_INT(band_of(&bp, &p, N299), 0);
    CHECK_INT(band_of(&bp, &p, N302), 3);

    /* The aux GHC wrote for it, except that our X_RANGE keeps every digit
     * (GHC's "0.28" enlarges the range on a -p re-run). */
    char *text = aux_text(&bp, 0.276345, 16494336.0, false);
    CHECK_STR(text,
              "X_RANGE 0.276345\n"
              "Y_RANGE 16494336.00\n"
              "ORDER " N299 " 1\n"
              "ORDER " N303 " 2\n"
              "ORDER " N301 " 3\n"
              "ORDER " N302 " 4\n"
              "SHADE " N299 " 0.00\n"
              "SHADE " N303 " 0.20\n"
              "SHADE " N301 " 0.60\n"
              "SHADE " N302 " 0.30\n");
    free(text);
    text = aux_text(&bp, 0.28, 16494336.0, false);
    CHECK(strncmp(text, "X_RANGE 0.28\nY_RANGE 16494336.00\n", 33) == 0);
    free(text);
    band_plan_free(&bp);

    /* -d */
    o.sort_stddev = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N301 "|" N303 "|" N302);
    band_plan_free(&bp);
    o.sort_stddev = false;

    /* -i and -i- */
    o.sort_name = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N301 "|" N302 "|" N303);
    band_plan_free(&bp);
    o.sort_name = -1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N303 "|" N302 "|" N301 "|" N299);
    band_plan_free(&bp);
    o.sort_name = 0;

    /* -m2: OTHER (299 + 303 + 301) and 302. */
    o.limit = 2;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|" N302);
    CHECK_SHADES(&bp, false, "0.00 0.20");
    CHECK(bp.band[0].is_other && !bp.band[1].is_other);
    CHECK_INT(bp.band[0].total, 2449552 + 3674816 + 6956352);
    CHECK_INT(band_of(&bp, &p, N299), 0);
    CHECK_INT(band_of(&bp, &p, N303), 0);
    CHECK_INT(band_of(&bp, &p, N301), 0);
    CHECK_INT(band_of(&bp, &p, N302), 1);
    CHECK_INT(band_of(&bp, &p, "(150)PINNED"), BAND_TRACED);
    band_plan_free(&bp);

    /* -m1: everything in OTHER. */
    o.limit = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER");
    CHECK_INT(bp.band[0].total, 2449552 + 3674816 + 6956352 + 24029088);
    band_plan_free(&bp);
    o.limit = 20;

    /* -c: palette colours, any two far apart (CIEDE2000). */
    o.colour = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    for (size_t i = 0; i < bp.count; i++) {
        CHECK(in_palette(bp.band[i].fill));
        for (size_t j = 0; j < i; j++)
            CHECK(palette_distance(bp.band[i].fill, bp.band[j].fill) >= 18);
    }
    band_plan_free(&bp);
    profile_free(&p);
}

/* many.hp: id00..id29, idKK = (KK+1)*1000 in each of three samples. */
static void build_many(struct profile *p)
{
    char *text = xmalloc(3 * (30 * 16 + 40) + 1);
    text[0] = '\0';
    for (int s = 0; s < 3; s++) {
        sprintf(text + strlen(text), "BEGIN_SAMPLE %d.0\n", s);
        for (int k = 0; k < 30; k++)
            sprintf(text + strlen(text), "id%02d %d\n", k, (k + 1) * 1000);
        sprintf(text + strlen(text), "END_SAMPLE %d.0\n", s);
    }
    fixture_parse(p, text);
    free(text);
}

/* "idAA..idBB" as "idAA|...|idBB", after an optional prefix. */
static char *ids(const char *prefix, int from, int to)
{
    char *s = xmalloc(16 + (size_t)(to - from + 1) * 6);
    strcpy(s, prefix);
    for (int k = from; k <= to; k++)
        sprintf(s + strlen(s), "%sid%02d", (k == from && !*prefix) ? "" : "|", k);
    return s;
}

static void example_many(void)
{
    struct profile p;
    build_many(&p);
    struct band_options o;
    band_options_default(&o);
    struct band_plan bp;

    /* Defaults: id00 and id01 dropped, id02..id10 in OTHER, 20 bands. */
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.trace_dropped, 2);
    CHECK_INT(bp.count, 20);
    char *want = ids("OTHER", 11, 29);
    CHECK_ORDER(&bp, want);
    free(want);
    CHECK_INT(bp.band[0].total, 3000 * (3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11));
    CHECK_INT(band_of(&bp, &p, "id00"), BAND_TRACED);
    CHECK_INT(band_of(&bp, &p, "id01"), BAND_TRACED);
    CHECK_INT(bp.trace_total, 3000 * (1 + 2)); /* what -t removed, for the title */
    CHECK_INT(band_of(&bp, &p, "id02"), 0);
    CHECK_INT(band_of(&bp, &p, "id10"), 0);
    CHECK_INT(band_of(&bp, &p, "id11"), 1);
    CHECK_INT(band_of(&bp, &p, "id29"), 19);
    /* 20 bands share 10 greys. */
    CHECK_SHADES(&bp, false,
                 "0.00 0.20 0.60 0.30 0.90 0.40 1.00 0.70 0.50 0.80 "
                 "0.00 0.20 0.60 0.30 0.90 0.40 1.00 0.70 0.50 0.80");
    band_plan_free(&bp);

    /* -m5 */
    o.limit = 5;
    CHECK_INT(plan(&bp, &p, &o), 0);
    want = ids("OTHER", 26, 29);
    CHECK_ORDER(&bp, want);
    free(want);
    band_plan_free(&bp);

    /* -t0: nothing dropped, id00..id10 in OTHER. */
    o.limit = 20;
    o.trace_percent = 0;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.trace_dropped, 0);
    want = ids("OTHER", 11, 29);
    CHECK_ORDER(&bp, want);
    free(want);
    CHECK_INT(band_of(&bp, &p, "id00"), 0);
    CHECK_INT(bp.band[0].total, 3000 * 66);
    band_plan_free(&bp);
    o.trace_percent = 1;

    /* -m21: OTHER = id02..id09, then id10..id29. */
    o.limit = 21;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.count, 21);
    want = ids("OTHER", 10, 29);
    CHECK_ORDER(&bp, want);
    free(want);
    CHECK_INT(band_of(&bp, &p, "id09"), 0);
    CHECK_INT(band_of(&bp, &p, "id10"), 1);
    band_plan_free(&bp);

    /* -m0: 28 bands, no OTHER. */
    o.limit = 0;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.count, 28);
    want = ids("", 2, 29);
    CHECK_ORDER(&bp, want);
    free(want);
    band_plan_free(&bp);

    /* -t0 -m0: all 30; the grey cycle repeats every 10. */
    o.trace_percent = 0;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.count, 30);
    want = ids("", 0, 29);
    CHECK_ORDER(&bp, want);
    free(want);
    int wrong = 0;
    for (size_t i = 0; i < bp.count; i++)
        if (bp.band[i].aux_shade != palette_grey(i % 10))
            wrong++;
    CHECK_INT(wrong, 0);
    CHECK(bp.band[0].aux_shade == 0.0 && bp.band[10].aux_shade == 0.0);
    band_plan_free(&bp);

    /* A limit equal to the count merges nothing. */
    o.trace_percent = 1;
    o.limit = 28;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.count, 28);
    CHECK(!bp.band[0].is_other);
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- hash order and ties ---------------------------------------------------- */

static void hash_order(void)
{
    /* Equal totals everywhere and -t0 -m0, so the selection sort swaps
     * nothing and the bands come out in GHC's hash-table order.  Buckets:
     * qag, qbd, qca 385; the alphabet 20 (wraps past 32 bits); "\xe9" 23
     * (a signed char); a 97; b 98; the \xff.. string 169 (negative). */
    struct profile p;
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0.0\n"
                  "qag 5\n"
                  "b 5\n"
                  "qbd 5\n"
                  "abcdefghijklmnopqrstuvwxyz 5\n"
                  "\xe9 5\n"
                  "a 5\n"
                  "qca 5\n"
                  "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0\xef\xee\xed\xec"
                  "\xeb\xea\xe9 5\n"
                  "END_SAMPLE 0.0\n");
    struct band_options o;
    band_options_default(&o);
    o.trace_percent = 0;
    o.limit = 0;
    struct band_plan bp;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp,
                "abcdefghijklmnopqrstuvwxyz|\xe9|a|b|"
                "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0\xef\xee\xed"
                "\xec\xeb\xea\xe9|qca|qbd|qag");
    band_plan_free(&bp);
    profile_free(&p);

    /* The spec's example alone. */
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\nqag 1\nqbd 1\nqca 1\nEND_SAMPLE 0.0\n");
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "qca|qbd|qag");
    band_plan_free(&bp);
    profile_free(&p);
}

static void ties(void)
{
    /* Hash order a, b, c with totals 5, 5, 1.  i = 0 swaps a with c, so
     * the list is c, b, a: b now comes before a although a was first. */
    struct profile p;
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\nc 1\nb 5\na 5\nEND_SAMPLE 0.0\n");
    struct band_options o;
    band_options_default(&o);
    o.trace_percent = 0;
    struct band_plan bp;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "c|b|a");
    band_plan_free(&bp);

    /* -p with an empty aux: every key 0, so nothing moves. */
    struct aux a;
    make_aux(&a, "");
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "c|b|a");
    band_plan_free(&bp);
    aux_free(&a);
    profile_free(&p);

    /* Seven names, totals 3 1 3 2 1 3 2 in hash order a..g:
     * i=0: first 1 at b -> swap a,b: b a c d e f g  (1 3 3 2 1 3 2)
     * i=1: first 1 at e -> swap a,e: b e c d a f g  (1 1 3 2 3 3 2)
     * i=2: first 2 at d -> swap c,d: b e d c a f g  (1 1 2 3 3 3 2)
     * i=3: 2 at g       -> swap c,g: b e d g a f c  (1 1 2 2 3 3 3)
     * then a, f, c stay. */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0.0\n"
                  "a 3\nb 1\nc 3\nd 2\ne 1\nf 3\ng 2\n"
                  "END_SAMPLE 0.0\n");
    o.aux = NULL;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "b|e|d|g|a|f|c");
    band_plan_free(&bp);

    /* -m3 merges the first five of that order. */
    o.limit = 3;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|f|c");
    CHECK_INT(bp.band[0].total, 1 + 1 + 2 + 2 + 3);
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- trace elimination ------------------------------------------------------ */

static void trace(void)
{
    struct profile p;
    struct band_options o;
    band_options_default(&o);
    struct band_plan bp;

    /* The threshold is reached exactly: the name that reaches it stays. */
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\na 1\nb 1\nc 98\nEND_SAMPLE 0.0\n");
    o.trace_percent = 2;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "b|c");
    CHECK_INT(bp.trace_dropped, 1);
    band_plan_free(&bp);
    o.trace_percent = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "a|b|c");
    band_plan_free(&bp);
    o.trace_percent = 5;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "c");
    CHECK_INT(bp.trace_dropped, 2);
    band_plan_free(&bp);
    profile_free(&p);

    /* Grand total 0.  GHC drops everything even with -t0 (its bug 8); we
     * keep everything with -t0, and any threshold above 0 drops all. */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0.0\nx 0\ny 0\nEND_SAMPLE 0.0\n"
                  "BEGIN_SAMPLE 1.0\nx 0\nEND_SAMPLE 1.0\n");
    o.trace_percent = 0;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "x|y");
    CHECK_INT(bp.trace_dropped, 0);
    CHECK_SHADES(&bp, false, "0.00 0.20");
    band_plan_free(&bp);
    o.trace_percent = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.count, 0);
    CHECK_INT(bp.trace_dropped, 2);
    CHECK_INT(band_of(&bp, &p, "x"), BAND_TRACED);
    CHECK_INT(band_of(&bp, &p, "y"), BAND_TRACED);
    char *text = aux_text(&bp, 1.0, 1.0, false);
    CHECK_STR(text, "X_RANGE 1.00\nY_RANGE 1.00\n");
    free(text);
    band_plan_free(&bp);
    o.trace_percent = 0.0001;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.count, 0);
    band_plan_free(&bp);
    profile_free(&p);

    /* No names at all. */
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\n");
    o.trace_percent = 1;
    o.sort_stddev = true;
    o.sort_name = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.count, 0);
    CHECK_INT(bp.nnames, 0);
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- -d ------------------------------------------------------------------- */

static void stddev(void)
{
    /* Three samples.  GHC's formula: mean over all 3 samples, squares over
     * the name's own points only, divided by N - 1 = 2.
     *   a: 0 0 9      mean 3,    (9 + 9 + 36) / 2 = 27     -> 5.196
     *   b: - - 10     mean 10/3, (20/3)^2 / 2   = 22.2     -> 4.714
     *                 (the textbook formula would give 5.77: above a)
     *   d: 5+5 - -    mean 10/3, 2 (5/3)^2 / 2  = 2.78     -> 1.667
     *                 (duplicates count apart; merged they would tie b)
     * By total: a 9, b 10, d 10 (hash order a, b, d). */
    struct profile p;
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0.0\na 0\nd 5\nd 5\nEND_SAMPLE 0.0\n"
                  "BEGIN_SAMPLE 1.0\na 0\nEND_SAMPLE 1.0\n"
                  "BEGIN_SAMPLE 2.0\na 9\nb 10\nEND_SAMPLE 2.0\n");
    struct band_options o;
    band_options_default(&o);
    o.trace_percent = 0;
    struct band_plan bp;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "a|b|d");
    band_plan_free(&bp);
    o.sort_stddev = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "d|b|a");
    band_plan_free(&bp);

    /* -d then -i: the name sort re-sorts the -d result. */
    o.sort_name = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "a|b|d");
    band_plan_free(&bp);
    profile_free(&p);

    /* One sample: N - 1 = 0.  Single points give 0/0 = NaN, a duplicated
     * name gives infinity; NaN never moves and nothing else is smaller,
     * so the order by total stays. */
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\no 7\nn 2\nn 2\nm 1\nEND_SAMPLE 0.0\n");
    o.sort_name = 0;
    o.sort_stddev = false;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "m|n|o");
    band_plan_free(&bp);
    o.sort_stddev = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "m|n|o");
    band_plan_free(&bp);
    profile_free(&p);

    /* Two samples where NaN cannot happen but the order flips: x steady,
     * y jumping, x the bigger. */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0.0\nx 50\ny 0\nEND_SAMPLE 0.0\n"
                  "BEGIN_SAMPLE 1.0\nx 50\ny 60\nEND_SAMPLE 1.0\n");
    o.sort_stddev = false;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "y|x");
    band_plan_free(&bp);
    o.sort_stddev = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "x|y");
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- -i ------------------------------------------------------------------- */

static void by_name(void)
{
    /* Byte order: upper case before lower case, high bytes last. */
    struct profile p;
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0.0\nalpha 10\nCharlie 20\n\xc3\xa9t\xc3\xa9 30\nbravo 40\n"
                  "END_SAMPLE 0.0\n");
    struct band_options o;
    band_options_default(&o);
    o.sort_name = 1;
    struct band_plan bp;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "Charlie|alpha|bravo|\xc3\xa9t\xc3\xa9");
    band_plan_free(&bp);
    o.sort_name = -1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "\xc3\xa9t\xc3\xa9|bravo|alpha|Charlie");
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- -p: order and shades --------------------------------------------------- */

static void previous_order(void)
{
    struct profile p;
    fixture_parse(&p, leak_hp);
    struct band_options o;
    band_options_default(&o);
    struct band_plan bp;
    struct aux a;

    /* The aux orders three of the four bands; 299 is new and goes to the
     * bottom.  Without SHADE lines every band takes the sequence. */
    make_aux(&a,
             "X_RANGE 0.28\nY_RANGE 16494336.00\n"
             "ORDER " N302 " 1\nORDER " N301 " 2\nORDER " N303 " 3\n"
             "ORDER gone 4\n");
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N302 "|" N301 "|" N303);
    CHECK_SHADES(&bp, false, "0.00 0.20 0.60 0.30");
    band_plan_free(&bp);

    /* -p wins over -i (it re-sorts last), ties excepted. */
    o.sort_name = -1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N302 "|" N301 "|" N303);
    band_plan_free(&bp);
    o.sort_name = 0;
    aux_free(&a);

    /* Reading back our own aux reproduces order and shades. */
    o.aux = NULL;
    o.sort_name = 1; /* 299 301 302 303: 0.0 0.2 0.6 0.3 */
    CHECK_INT(plan(&bp, &p, &o), 0);
    char *text = aux_text(&bp, 0.276345, 16494336.0, false);
    band_plan_free(&bp);
    make_aux(&a, text);
    free(text);
    o.sort_name = 0;
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N301 "|" N302 "|" N303);
    CHECK_SHADES(&bp, false, "0.00 0.20 0.60 0.30");
    band_plan_free(&bp);
    aux_free(&a);

    /* The same in colour: six-decimal codes survive the round trip. */
    o.aux = NULL;
    o.colour = true;
    o.sort_name = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    text = aux_text(&bp, 0.276345, 16494336.0, true);
    char *before = shades_of(&bp, true);
    band_plan_free(&bp);
    make_aux(&a, text);
    free(text);
    o.sort_name = 0;
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N301 "|" N302 "|" N303);
    char *after = shades_of(&bp, true);
    CHECK_STR(after, before);
    free(before);
    free(after);
    band_plan_free(&bp);
    aux_free(&a);
    o.colour = false;
    profile_free(&p);
}

static void previous_shades(void)
{
    struct profile p;
    fixture_parse(&p, leak_hp);
    struct band_options o;
    band_options_default(&o);
    struct band_plan bp;
    struct aux a;

    /* The aux shades 302 black and 301 0.2.  The new bands skip those:
     * 299 (bottom) gets 0.6, 303 then 0.3.  (GHC: 0.0 and 0.2 again.) */
    make_aux(&a,
             "ORDER " N302 " 1\nORDER " N301 " 2\nORDER " N303 " 3\n"
             "SHADE " N302 " 0.00\nSHADE " N301 " 0.20\n");
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N302 "|" N301 "|" N303);
    CHECK_SHADES(&bp, false, "0.60 0.00 0.20 0.30");
    CHECK(bp.band[0].fill.r == 0.6);
    band_plan_free(&bp);
    aux_free(&a);

    /* A shade of a name not drawn in this run is not skipped; one that is
     * not in the sequence at all is simply used; out of range values are
     * clamped. */
    make_aux(&a, "SHADE gone 0.00\nSHADE " N301 " 0.25\nSHADE " N302 " 1.5\n");
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N303 "|" N301 "|" N302);
    CHECK_SHADES(&bp, false, "0.00 0.20 0.25 1.00");
    CHECK(bp.band[3].fill.r == 1.0 && bp.band[3].fill.g == 1.0);
    band_plan_free(&bp);
    aux_free(&a);

    /* Colour: GHC's two-decimal codes decode (0.10 is red); a grey level
     * is no colour (0.20 would be red 2.0), so that band is new. */
    make_aux(&a, "SHADE " N299 " 0.10\nSHADE " N303 " 0.20\n");
    o.aux = &a;
    o.colour = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N303 "|" N301 "|" N302);
    CHECK(bp.band[0].fill.r == 1 && bp.band[0].fill.g == 0 && bp.band[0].fill.b == 0);
    CHECK_NEAR(bp.band[0].aux_shade, 0.1, 0);
    for (size_t i = 1; i < 4; i++)
        CHECK(in_palette(bp.band[i].fill));
    struct rgb own303 = bp.band[1].fill;
    band_plan_free(&bp);
    aux_free(&a);

    /* Colour skipping: the .aux gives 301 the colour 303 would take, so
     * 303 takes another one; every band keeps a distinct colour. */
    char buf[200];
    snprintf(buf, sizeof buf, "SHADE " N301 " %.6f\n", palette_encode_colour(own303));
    make_aux(&a, buf);
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, N299 "|" N303 "|" N301 "|" N302);
    CHECK(same_rgb(bp.band[2].fill, own303));
    CHECK(!same_rgb(bp.band[1].fill, own303));
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < i; j++)
            CHECK(!same_rgb(bp.band[i].fill, bp.band[j].fill));
    band_plan_free(&bp);
    aux_free(&a);
    o.colour = false;
    profile_free(&p);

    /* As with GHC's wordfreq-hr.p.in.aux: the aux shades use nine of the
     * ten greys (all but 0.2), and four new bands land next to each other
     * at the bottom.  The first takes the free 0.2; then every grey is in
     * use and the others continue the sequence (0.6 0.3 0.9), so new bands
     * never share a shade with each other while any is free.  (GHC: 0.0
     * 0.2 0.6 0.3, doubling the aux's 0.0, 0.6 and 0.3.) */
    {
        char hp[2048] = "BEGIN_SAMPLE 0.0\n";
        char ax[2048] = "";
        const double aux_greys[] = { 0.0, 0.6, 0.3, 0.9, 0.4, 1.0, 0.7, 0.5, 0.8 };
        for (int k = 0; k < 13; k++)
            sprintf(hp + strlen(hp), "w%02d %d\n", k, 1000 + k);
        strcat(hp, "END_SAMPLE 0.0\n");
        for (int k = 4; k < 13; k++)
            sprintf(ax + strlen(ax), "ORDER w%02d %d\nSHADE w%02d %.2f\n", k, k, k,
                    aux_greys[k - 4]);
        fixture_parse(&p, hp);
        make_aux(&a, ax);
        o.aux = &a;
        o.trace_percent = 0;
        CHECK_INT(plan(&bp, &p, &o), 0);
        CHECK_ORDER(&bp, "w00|w01|w02|w03|w04|w05|w06|w07|w08|w09|w10|w11|w12");
        CHECK_SHADES(&bp, false,
                     "0.20 0.60 0.30 0.90 0.00 0.60 0.30 0.90 0.40 1.00 0.70 0.50 0.80");
        band_plan_free(&bp);
        aux_free(&a);
        profile_free(&p);
        o.trace_percent = 1;
    }

    /* Every grey already used by an aux shade: after one full cycle of
     * skipping the new band takes the next value anyway (black). */
    char text[1024] = "BEGIN_SAMPLE 0.0\n";
    char auxt[1024] = "";
    for (int k = 0; k < 11; k++) {
        sprintf(text + strlen(text), "n%02d %d\n", k, 100 + k);
        if (k > 0)
            sprintf(auxt + strlen(auxt), "SHADE n%02d %.2f\n", k, palette_grey((size_t)k));
    }
    strcat(text, "END_SAMPLE 0.0\n");
    fixture_parse(&p, text);
    make_aux(&a, auxt);
    o.aux = &a;
    o.trace_percent = 0;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "n00|n01|n02|n03|n04|n05|n06|n07|n08|n09|n10");
    CHECK_SHADES(&bp, false, "0.00 0.20 0.60 0.30 0.90 0.40 1.00 0.70 0.50 0.80 0.00");
    band_plan_free(&bp);
    aux_free(&a);
    profile_free(&p);
}

/* ---- OTHER ------------------------------------------------------------------ */

static void other(void)
{
    /* A band already named OTHER and the merged OTHER are two bands, with
     * two shades. */
    struct profile p;
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\nOTHER 500\nx 10\ny 20\nz 1000\nEND_SAMPLE 0.0\n");
    struct band_options o;
    band_options_default(&o);
    o.limit = 3;
    o.trace_percent = 0;
    struct band_plan bp;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|OTHER|z");
    CHECK(bp.band[0].is_other && !bp.band[1].is_other);
    CHECK_INT(bp.band[0].total, 30);
    CHECK_INT(bp.band[1].total, 500);
    CHECK_SHADES(&bp, false, "0.00 0.20 0.60");
    char *text = aux_text(&bp, 1.0, 1530.0, false);
    CHECK_STR(text,
              "X_RANGE 1.00\nY_RANGE 1530.00\n"
              "ORDER OTHER 1\nORDER OTHER 2\nORDER z 3\n"
              "SHADE OTHER 0.00\nSHADE OTHER 0.20\nSHADE z 0.60\n");
    free(text);
    band_plan_free(&bp);

    /* With an aux SHADE for OTHER both take it. */
    struct aux a;
    make_aux(&a, "SHADE OTHER 0.90\n");
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_SHADES(&bp, false, "0.90 0.90 0.00");
    band_plan_free(&bp);
    aux_free(&a);
    profile_free(&p);

    /* OTHER's total saturates. */
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\na 1\nb 1\nc 1\nEND_SAMPLE 0.0\n");
    p.names.info[0].total = UINT64_MAX - 5;
    p.names.info[1].total = UINT64_MAX - 5;
    p.names.info[2].total = 1;
    o.aux = NULL;
    o.limit = 1;
    o.trace_percent = 0;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER");
    CHECK(bp.band[0].total == UINT64_MAX);
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- --include, --exclude, and names with no data point ------------------ */

static void compile_filter(struct name_filter *f, const char *const *inc, size_t ninc,
                           const char *const *exc, size_t nexc)
{
    struct hp_error err;
    if (!CHECK_INT(name_filter_compile(f, inc, ninc, exc, nexc, &err), 0))
        fprintf(stderr, "name_filter_compile: %s\n", err.text);
}

static void selection(void)
{
    struct profile p;
    struct band_options o;
    struct band_plan bp;
    struct name_filter f;
    struct hp_error err;
    band_options_default(&o);

    /* -t1 is a share of the names kept.  Of all three, a (40) and b (60)
     * are 0.40 % and 0.59 % of 10100: together under 1 %, both dropped.
     * With big excluded they are 40 % and 60 % of 100: both stay. */
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\na 40\nb 60\nbig 10000\nEND_SAMPLE 0.0\n");
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "big");
    CHECK_INT(bp.trace_dropped, 2);
    band_plan_free(&bp);
    compile_filter(&f, NULL, 0, (const char *[]){ "^big$" }, 1);
    o.filter = &f;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "a|b");
    CHECK_INT(bp.trace_dropped, 0);
    CHECK_INT(band_of(&bp, &p, "big"), -1);
    band_plan_free(&bp);
    name_filter_free(&f);
    profile_free(&p);

    /* -m counts kept names only, and a dropped name is not in OTHER:
     * four names kept of six, -m3 merges the two smallest (1 + 2). */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0.0\nMap.a 1\nMap.b 2\nMap.c 3\nMap.CAF 500\nSet.d 4\nx 900\n"
                  "END_SAMPLE 0.0\n");
    compile_filter(&f, (const char *[]){ "^Map", "^Set" }, 2, (const char *[]){ "CAF" }, 1);
    o.filter = &f;
    o.limit = 3;
    o.trace_percent = 0;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|Map.c|Set.d");
    CHECK_INT(bp.band[0].total, 3);
    CHECK_INT(band_of(&bp, &p, "Map.a"), 0);
    CHECK_INT(band_of(&bp, &p, "Map.CAF"), -1);
    CHECK_INT(band_of(&bp, &p, "x"), -1);
    CHECK_SHADES(&bp, false, "0.00 0.20 0.60");
    band_plan_free(&bp);
    name_filter_free(&f);

    /* Nothing left: an error, not an empty graph. */
    compile_filter(&f, (const char *[]){ "nothing" }, 1, NULL, 0);
    CHECK_INT(bands_plan(&bp, &p, &o, &err), -1);
    CHECK_STR(err.text, "test.hp: no band name matches --include/--exclude");
    name_filter_free(&f);
    profile_free(&p);

    /* A name with no data point (only seen outside --from/--to) is never a
     * band, even with -t0, which keeps names whose total is 0. */
    fixture_parse(&p, "BEGIN_SAMPLE 0.0\nzero 0\nreal 5\nEND_SAMPLE 0.0\n");
    names_intern(&p.names, "ghost", 5);
    o.filter = NULL;
    o.limit = 20;
    o.trace_percent = 0;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "zero|real");
    CHECK_INT(band_of(&bp, &p, "ghost"), -1);
    CHECK_INT(bp.nnames, 3);
    band_plan_free(&bp);
    /* ...and a filter that keeps only it is the error above. */
    compile_filter(&f, (const char *[]){ "ghost" }, 1, NULL, 0);
    o.filter = &f;
    CHECK_INT(bands_plan(&bp, &p, &o, &err), -1);
    name_filter_free(&f);
    profile_free(&p);
}

static void defaults_and_aux_format(void)
{
    struct band_options o;
    memset(&o, 0xff, sizeof o);
    band_options_default(&o);
    CHECK(o.trace_percent == 1.0);
    CHECK_INT(o.limit, 20);
    CHECK(!o.sort_stddev);
    CHECK_INT(o.sort_name, 0);
    CHECK(!o.colour);
    CHECK(o.aux == NULL);

    /* band_plan_free on an already freed (zeroed) plan is harmless. */
    struct band_plan bp;
    memset(&bp, 0, sizeof bp);
    band_plan_free(&bp);
    band_plan_free(NULL);

    /* The .aux writer reports a stream error. */
    struct profile p;
    fixture_parse(&p, tiny_hp);
    band_options_default(&o);
    CHECK_INT(plan(&bp, &p, &o), 0);
    FILE *f = fopen("/dev/full", "w");
    if (f) {
        setvbuf(f, NULL, _IONBF, 0);
        CHECK_INT(aux_write(f, &bp, 1.0, 320.0, false), -1);
        fclose(f);
    }
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- --sort=gradient and --slopes ---------------------------------------- */

static double slope_of(const struct band_plan *bp, const char *name)
{
    for (size_t i = 0; i < bp->count; i++)
        if (strcmp(bp->band[i].name, name) == 0)
            return bp->band[i].slope;
    return NAN;
}

static void gradient(void)
{
    /* Times 10..13 (u = 0..3 from the first: n 4, sum u 6, sum u^2 14,
     * so n sum u^2 - (sum u)^2 = 20).
     *   grow   100 200 300 400  slope +100 (exactly 100 per second)
     *   shrink 400 300 200 100  slope -100
     *   flat    50  50  50  50  slope 0
     *   flat2   25  25  25  25  slope 0
     *   gap     30   -  30   -  absent = 0: sum v 60, sum uv 0*30 + 2*30 = 60,
     *                           (4*60 - 6*60) / 20 = -6
     * By total (ascending): gap 60, flat2 100, flat 200, then grow and
     * shrink (1000 each). */
    struct profile p;
    fixture_parse(
        &p,
        "BEGIN_SAMPLE 10\ngrow 100\nshrink 400\nflat 50\nflat2 25\ngap 30\nEND_SAMPLE 10\n"
        "BEGIN_SAMPLE 11\ngrow 200\nshrink 300\nflat 50\nflat2 25\nEND_SAMPLE 11\n"
        "BEGIN_SAMPLE 12\ngrow 300\nshrink 200\nflat 50\nflat2 25\ngap 30\nEND_SAMPLE 12\n"
        "BEGIN_SAMPLE 13\ngrow 400\nshrink 100\nflat 50\nflat2 25\nEND_SAMPLE 13\n");
    struct band_options o;
    band_options_default(&o);
    o.trace_percent = 0;
    struct band_plan bp;

    /* Not asked for: no replay, slopes stay 0. */
    CHECK_INT(plan(&bp, &p, &o), 0);
    char *by_size = order_of(&bp);
    CHECK(slope_of(&bp, "grow") == 0 && slope_of(&bp, "shrink") == 0);
    band_plan_free(&bp);

    /* --slopes alone: the slopes, the order by size unchanged. */
    o.slopes = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, by_size);
    CHECK_NEAR(slope_of(&bp, "grow"), 100, 1e-9);
    CHECK_NEAR(slope_of(&bp, "shrink"), -100, 1e-9);
    CHECK(slope_of(&bp, "flat") == 0);
    CHECK(slope_of(&bp, "flat2") == 0);
    CHECK_NEAR(slope_of(&bp, "gap"), -6, 1e-12);
    band_plan_free(&bp);
    free(by_size);

    /* --sort=gradient: ascending slope, the steepest rise on top; the two
     * flat bands tie and keep their order by size (flat2 below flat). */
    o.slopes = false;
    o.sort_gradient = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "shrink|gap|flat2|flat|grow");
    CHECK_NEAR(bp.band[4].slope, 100, 1e-9);
    band_plan_free(&bp);

    /* The band limit merges the bottom of that order: OTHER = shrink + gap
     * + flat2, and a slope is linear, so OTHER's is the sum, -106. */
    o.limit = 3;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|flat|grow");
    CHECK(bp.band[0].is_other);
    CHECK_NEAR(bp.band[0].slope, -106, 1e-9);
    band_plan_free(&bp);

    /* -p's ORDER still comes after and wins. */
    struct aux a;
    make_aux(&a, "ORDER grow 1\nORDER shrink 2\n");
    o.limit = 0;
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "gap|flat2|flat|grow|shrink");
    band_plan_free(&bp);
    aux_free(&a);
    profile_free(&p);

    /* Far from time 0 the sums keep their precision (times are taken from
     * the first sample's): still exactly 100 per second. */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 1000000000\nup 5\nEND_SAMPLE 1000000000\n"
                  "BEGIN_SAMPLE 1000000001\nup 105\nEND_SAMPLE 1000000001\n"
                  "BEGIN_SAMPLE 1000000002\nup 205\nEND_SAMPLE 1000000002\n");
    o.aux = NULL;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_NEAR(bp.band[0].slope, 100, 1e-9);
    band_plan_free(&bp);
    profile_free(&p);

    /* The RTS's censuses at start and at exit are empty: they are no
     * growth of the program's, and the slope runs from the first census
     * that holds data to the last (a line at 100 a second stays 100, not
     * the 50 the drop at exit makes).  An empty census between them is
     * the data, and counts as 0. */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 1\nup 100\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 2\nup 200\nEND_SAMPLE 2\n"
                  "BEGIN_SAMPLE 3\nup 300\nEND_SAMPLE 3\n"
                  "BEGIN_SAMPLE 3.5\nEND_SAMPLE 3.5\n"
                  "BEGIN_SAMPLE 3.6\nup 0\nEND_SAMPLE 3.6\n");
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_NEAR(bp.band[0].slope, 100, 1e-9);
    band_plan_free(&bp);
    profile_free(&p);
    /* u = 1..4, v = 100, 0, 300, 400: (4*2600 - 10*800) / 20 = 120; with
     * the empty census at 0 it would be 100, without the one at 2 too. */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 1\nup 100\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 2\nEND_SAMPLE 2\n"
                  "BEGIN_SAMPLE 3\nup 300\nEND_SAMPLE 3\n"
                  "BEGIN_SAMPLE 4\nup 400\nEND_SAMPLE 4\n");
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_NEAR(bp.band[0].slope, 120, 1e-9);
    band_plan_free(&bp);
    profile_free(&p);
    /* A buffer held flat from the first census to the last has no slope,
     * whatever the empty censuses around it. */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 1\nbuffer 60000000\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 2\nbuffer 60000000\nEND_SAMPLE 2\n"
                  "BEGIN_SAMPLE 3\nbuffer 60000000\nEND_SAMPLE 3\n"
                  "BEGIN_SAMPLE 3.1\nEND_SAMPLE 3.1\n");
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_NEAR(bp.band[0].slope, 0, 1e-9);
    band_plan_free(&bp);
    profile_free(&p);

    /* Fewer than two distinct times: no slope, 0 (not NaN). */
    fixture_parse(&p,
                  "BEGIN_SAMPLE 3\nx 5\ny 9\nEND_SAMPLE 3\nBEGIN_SAMPLE 3\nx 50\nEND_SAMPLE 3\n");
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK(bp.band[0].slope == 0 && bp.band[1].slope == 0);
    band_plan_free(&bp);
    profile_free(&p);
}

/* ---- --top: the leaks drawn ------------------------------------------------- */

/* o's leaks: the names given, by their ids in p (ids[] holds them). */
static void set_leaks(struct band_options *o, uint32_t *ids, const struct profile *p,
                      const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int64_t id = names_find(&p->names, names[i], strlen(names[i]));
        if (id < 0)
            abort();
        ids[i] = (uint32_t)id;
    }
    o->leak_ids = n ? ids : NULL;
    o->nleak_ids = n;
}

/* "name|name" of the bands marked leak, bottom first. */
static char *leaks_of(const struct band_plan *bp)
{
    char *s = xmalloc(1024);
    s[0] = '\0';
    for (size_t i = 0; i < bp->count; i++)
        if (bp->band[i].leak)
            sprintf(s + strlen(s), "%s%s", *s ? "|" : "", bp->band[i].name);
    return s;
}

#define CHECK_LEAKS(bp, want)                                                                      \
    do {                                                                                           \
        char *got_ = leaks_of(bp);                                                                 \
        CHECK_STR(got_, want);                                                                     \
        free(got_);                                                                                \
    } while (0)

static void leaks(void)
{
    /* Totals: big 4000, mid 1200, low 800, tiny 80, leak 10 (1, 2, 3, 4:
     * it grows).  Of 6090, -t1 cuts leak alone (0.16 %; with tiny 1.48 %). */
    struct profile p;
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\nbig 1000\nmid 300\nlow 200\ntiny 20\nleak 1\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 1\nbig 1000\nmid 300\nlow 200\ntiny 20\nleak 2\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 2\nbig 1000\nmid 300\nlow 200\ntiny 20\nleak 3\nEND_SAMPLE 2\n"
                  "BEGIN_SAMPLE 3\nbig 1000\nmid 300\nlow 200\ntiny 20\nleak 4\nEND_SAMPLE 3\n");
    struct band_options o;
    band_options_default(&o);
    struct band_plan bp;
    uint32_t ids[2];
    static const char *const leak[] = { "leak" }, *const two[] = { "leak", "tiny" },
                             *const kept[] = { "mid" };

    /* Without --top: GHC's plan, the leak cut by -t. */
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "tiny|low|mid|big");
    CHECK_INT(bp.trace_dropped, 1);
    CHECK_INT(bp.trace_total, 10);
    CHECK_INT(band_of(&bp, &p, "leak"), BAND_TRACED);
    CHECK_LEAKS(&bp, "");
    band_plan_free(&bp);

    /* With it: not cut, on top, marked; -t's count and total without it. */
    set_leaks(&o, ids, &p, leak, 1);
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "tiny|low|mid|big|leak");
    CHECK_LEAKS(&bp, "leak");
    CHECK_INT(bp.trace_dropped, 0);
    CHECK_INT(bp.trace_total, 0);
    CHECK_INT(bp.band[4].total, 10);
    CHECK_INT(bp.band[4].rank, 4); /* (ranks by size: the smallest) */
    band_plan_free(&bp);

    /* A name -t keeps anyway goes on top too. */
    set_leaks(&o, ids, &p, kept, 1);
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "tiny|low|big|mid");
    CHECK_INT(bp.trace_dropped, 1);
    band_plan_free(&bp);

    /* -m3: the leak takes its place first, the others share two: OTHER
     * gathers tiny, low and mid (without --top: tiny and low). */
    set_leaks(&o, ids, &p, leak, 1);
    o.limit = 3;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|big|leak");
    CHECK_INT(bp.band[0].total, 2080);
    CHECK(!bp.band[0].leak);
    CHECK_INT(band_of(&bp, &p, "mid"), 0);
    band_plan_free(&bp);
    /* -m1: more leaks than room; every leak drawn, the rest in OTHER */
    o.limit = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|leak");
    band_plan_free(&bp);
    set_leaks(&o, ids, &p, two, 2);
    o.limit = 2;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|leak|tiny"); /* the leaks in the order by size */
    CHECK_LEAKS(&bp, "leak|tiny");
    band_plan_free(&bp);
    o.limit = 4; /* room for the leaks and exactly the others: no OTHER */
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "OTHER|big|leak|tiny");
    band_plan_free(&bp);
    o.limit = 5;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "low|mid|big|leak|tiny");
    band_plan_free(&bp);
    /* a negative -m draws nothing, leaks neither (GHC's) */
    o.limit = -1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_INT(bp.count, 0);
    band_plan_free(&bp);
    o.limit = 0;

    /* Whatever the order: -i, -p's ORDER, -d, --sort=gradient sort each
     * group, the leaks stay on top. */
    set_leaks(&o, ids, &p, leak, 1);
    o.sort_name = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "big|low|mid|tiny|leak");
    band_plan_free(&bp);
    o.sort_name = -1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "tiny|mid|low|big|leak");
    band_plan_free(&bp);
    o.sort_name = 0;
    struct aux a;
    make_aux(&a, "ORDER leak 1\nORDER big 2\nORDER mid 3\nORDER low 4\nORDER tiny 5\n");
    o.aux = &a;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "big|mid|low|tiny|leak");
    char *text = aux_text(&bp, 1.0, 1.0, false); /* and the next -p keeps it so */
    CHECK(strstr(text, "ORDER leak 5\n") != NULL);
    free(text);
    band_plan_free(&bp);
    o.aux = NULL;
    aux_free(&a);
    o.sort_stddev = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_STR(bp.band[bp.count - 1].name, "leak");
    band_plan_free(&bp);
    o.sort_stddev = false;
    set_leaks(&o, ids, &p, two, 2);
    o.sort_gradient = true;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "low|mid|big|tiny|leak"); /* (tiny is flat, leak rises) */
    band_plan_free(&bp);
    o.sort_gradient = false;

    /* An id out of range is no name. */
    ids[0] = 99;
    o.leak_ids = ids, o.nleak_ids = 1;
    CHECK_INT(plan(&bp, &p, &o), 0);
    CHECK_ORDER(&bp, "tiny|low|mid|big");
    band_plan_free(&bp);

    /* Several profiles' union: a leak in any plan is one. */
    set_leaks(&o, ids, &p, leak, 1);
    struct band_plan two_plans[2], u;
    CHECK_INT(plan(&two_plans[0], &p, &o), 0);
    o.leak_ids = NULL, o.nleak_ids = 0;
    o.trace_percent = 0;
    CHECK_INT(plan(&two_plans[1], &p, &o), 0);
    bands_union(&u, two_plans, 2);
    CHECK_LEAKS(&u, "leak");
    band_plan_free(&u);
    band_plan_free(&two_plans[0]);
    band_plan_free(&two_plans[1]);
    profile_free(&p);
}

int main(void)
{
    example_tiny();
    example_leak();
    example_many();
    hash_order();
    ties();
    trace();
    stddev();
    by_name();
    previous_order();
    previous_shades();
    other();
    defaults_and_aux_format();
    gradient();
    selection();
    leaks();
    return check_report();
}

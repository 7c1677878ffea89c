/* SPDX-License-Identifier: BSD-3-Clause */
/* test_diff.c: --diff's grid (diff.c) against differences computed by
 * hand: a constant rise and a halving, interpolation between samples at
 * different times, a profile that ends early, a name only one profile
 * has, and -m merging the smaller changes into OTHER; -c's colours those
 * of the names the two profiles draw together. */
#include "check.h"
#include "fixture.h"
#include "diff.h"
#include "series.h"
#include "shades.h"

#include <stdlib.h>

/* A profile from samples written as "TIME name value name value ...;". */
static void load(struct profile *p, struct band_plan *bp, const char *samples)
{
    char hp[4096];
    size_t o = 0;
    const char *s = samples;
    while (*s) {
        char *end;
        double t = strtod(s, &end);
        s = end;
        o += (size_t)snprintf(hp + o, sizeof hp - o, "BEGIN_SAMPLE %g\n", t);
        while (*s == ' ') {
            char name[32];
            long v;
            int used;
            if (sscanf(s, " %31s %ld%n", name, &v, &used) != 2)
                abort();
            o += (size_t)snprintf(hp + o, sizeof hp - o, "%s\t%ld\n", name, v);
            s += used;
        }
        if (*s == ';')
            s++;
        o += (size_t)snprintf(hp + o, sizeof hp - o, "END_SAMPLE %g\n", t);
    }
    fixture_parse(p, hp);
    fixture_plan(bp, p, 0, 0, false); /* every name a band, as the pipeline does for --diff */
}

/* The diff of two profiles; the inputs are freed. */
static void diff_of_t(struct diff *d, const char *before, const char *after, double trace,
                      long limit)
{
    struct profile a, b;
    struct band_plan pa, pb;
    load(&a, &pa, before);
    load(&b, &pb, after);
    struct hp_error err;
    if (diff_build(d, &a, &pa, &b, &pb, NULL, trace, limit, true, &err) < 0) {
        fprintf(stderr, "%s\n", err.text);
        abort();
    }
    band_plan_free(&pa);
    band_plan_free(&pb);
    profile_free(&a);
    profile_free(&b);
}

/* diff_of_t with the after plan's band named grew marked as --top marks
 * what grew (band.leak). */
static void diff_of_grew(struct diff *d, const char *before, const char *after, double trace,
                         long limit, const char *grew)
{
    struct profile a, b;
    struct band_plan pa, pb;
    load(&a, &pa, before);
    load(&b, &pb, after);
    for (size_t i = 0; i < pb.count; i++)
        pb.band[i].leak = strcmp(pb.band[i].name, grew) == 0;
    struct hp_error err;
    if (diff_build(d, &a, &pa, &b, &pb, NULL, trace, limit, true, &err) < 0) {
        fprintf(stderr, "%s\n", err.text);
        abort();
    }
    band_plan_free(&pa);
    band_plan_free(&pb);
    profile_free(&a);
    profile_free(&b);
}

/* The same without -t. */
static void diff_of(struct diff *d, const char *before, const char *after, long limit)
{
    diff_of_t(d, before, after, 0, limit);
}

static long band_named(const struct diff *d, const char *name)
{
    for (size_t b = 0; b < d->bands.count; b++)
        if (strcmp(d->bands.band[b].name, name) == 0)
            return (long)b;
    return -1;
}

/* after = before + 1000 in X at every time, Y halved. */
static void test_rise_and_halving(void)
{
    struct diff d;
    diff_of(&d, "0 X 1000 Y 4000; 1 X 3000 Y 4000; 2 X 2000 Y 8000; 4 X 0 Y 4000;",
            "0 X 2000 Y 2000; 1 X 4000 Y 2000; 2 X 3000 Y 4000; 4 X 1000 Y 2000;", 20);
    CHECK_INT(d.bands.count, 2);
    long x = band_named(&d, "X"), y = band_named(&d, "Y");
    /* Y falls, X rises: the falls come first in the band order, the
     * rises last (the key lists X, drawn above zero, before Y). */
    CHECK_INT(y, 0);
    CHECK_INT(x, 1);
    CHECK_NEAR(d.span, 4, 1e-12);
    CHECK_NEAR(d.t[0], 0, 0);
    CHECK_NEAR(d.t[d.ncolumns - 1], 4, 0);
    bool x_ok = true, y_ok = true;
    for (size_t c = 0; c < d.ncolumns; c++) {
        double t = d.t[c];
        /* before's Y: 4000 up to 1, to 8000 at 2, back to 4000 at 4. */
        double by = t <= 1 ? 4000 : t <= 2 ? 4000 + 4000 * (t - 1) : 8000 - 2000 * (t - 2);
        x_ok = x_ok && fabs(d.change[x][c] - 1000) < 1e-6;
        y_ok = y_ok && fabs(d.change[y][c] - (-by / 2)) < 1e-6;
    }
    CHECK(x_ok);
    CHECK(y_ok);
    /* The peak at t = 2 falls between grid times: off by at most the
     * slope (4000 per second) times a grid step. */
    double step = d.t[1] - d.t[0];
    CHECK_NEAR(d.extreme[y], -4000, 4000 * step);
    CHECK_NEAR(d.extreme_time[y], 2, 0.01);
    CHECK_NEAR(d.extreme[x], 1000, 1e-6);
    CHECK_NEAR(d.y_max, 1000, 1e-6);
    CHECK_NEAR(d.y_min, -4000, 4000 * step);
    CHECK(d.ncolumns >= 4 && d.ncolumns <= SERIES_MAX_COLUMNS);
    diff_free(&d);
}

/* Different sample times, and times relative to each first sample:
 * before X: 0 at 0, 2000 at 2 (1000 t); after, starting at t=10:
 * 0, 3000 at +1, 2000 at +2. */
static void test_interpolation(void)
{
    struct diff d;
    diff_of(&d, "0 X 0; 2 X 2000;", "10 X 0; 11 X 3000; 12 X 2000;", 20);
    CHECK_INT(d.bands.count, 1);
    CHECK_NEAR(d.span, 2, 1e-12);
    bool ok = true;
    for (size_t c = 0; c < d.ncolumns; c++) {
        double t = d.t[c];
        double after = t <= 1 ? 3000 * t : 3000 - 1000 * (t - 1);
        ok = ok && fabs(d.change[0][c] - (after - 1000 * t)) < 1e-6;
    }
    CHECK(ok);
    /* The largest difference: +2000 at t = 1. */
    CHECK_NEAR(d.extreme[0], 2000, 4000 * (d.t[1] - d.t[0]));
    CHECK_NEAR(d.extreme_time[0], 1, 0.01);
    diff_free(&d);
}

/* before ends at 2, after at 4: after 2, before counts as 0.  Z is only
 * in after: its change is after's value. */
static void test_end_and_new_name(void)
{
    struct diff d;
    diff_of(&d, "0 X 1000; 1 X 1000; 2 X 1000;", "0 X 1000; 2 X 1000 Z 500; 4 X 1000 Z 500;", 20);
    CHECK_INT(d.bands.count, 2);
    long x = band_named(&d, "X"), z = band_named(&d, "Z");
    CHECK(x >= 0 && z >= 0);
    bool x_ok = true, z_ok = true;
    for (size_t c = 0; c < d.ncolumns; c++) {
        double t = d.t[c];
        x_ok = x_ok && fabs(d.change[x][c] - (t <= 2 ? 0 : 1000)) < 1e-6;
        z_ok = z_ok && fabs(d.change[z][c] - (t <= 2 ? 250 * t : 500)) < 1e-6;
    }
    CHECK(x_ok);
    CHECK(z_ok);
    diff_free(&d);
}

/* -m2: the largest change and OTHER, which adds up the rest. */
static void test_limit(void)
{
    struct diff d;
    diff_of(&d, "0 A 100 B 100 C 100; 1 A 100 B 100 C 100;",
            "0 A 1100 B 150 C 70; 1 A 1100 B 150 C 70;", 2);
    CHECK_INT(d.bands.count, 2);
    CHECK(d.bands.band[0].is_other); /* both rise: OTHER below A */
    CHECK_STR(d.bands.band[0].name, "OTHER");
    CHECK_STR(d.bands.band[1].name, "A");
    CHECK_NEAR(d.change[1][0], 1000, 1e-9);
    CHECK_NEAR(d.change[0][0], 50 - 30, 1e-9);
    CHECK_NEAR(d.change[0][d.ncolumns - 1], 20, 1e-9);
    /* Rises 1000 + 20, no fall. */
    CHECK_NEAR(d.y_max, 1020, 1e-9);
    CHECK_NEAR(d.y_min, 0, 0);
    diff_free(&d);
}

static void check_order(const struct diff *d, const char *const *names, size_t n)
{
    if (!CHECK_INT(d->bands.count, n))
        return;
    for (size_t b = 0; b < n; b++)
        CHECK_STR(d->bands.band[b].name, names[b]);
}

/* The band order is the drawing's: layout stacks the rises up in band
 * order and the falls down in the opposite order, so the falls come
 * first (the largest outermost, at 0), then the bands that never change
 * and OTHER (on the side of its sign), then the rises (the largest on
 * top).  A rises by 3000, B falls by 2000, C by 1000, D stays. */
static void test_order(void)
{
    struct diff d;
    const char *before = "0 A 1000 B 5000 C 5000 D 10; 1 A 1000 B 5000 C 5000 D 10;";
    const char *after = "0 A 4000 B 3000 C 4000 D 10; 1 A 4000 B 3000 C 4000 D 10;";
    diff_of(&d, before, after, 0);
    check_order(&d, (const char *const[]){ "B", "C", "D", "A" }, 4);
    CHECK_NEAR(d.extreme[0], -2000, 1e-9);
    CHECK_NEAR(d.extreme[1], -1000, 1e-9);
    CHECK_NEAR(d.extreme[2], 0, 0);
    CHECK_NEAR(d.extreme[3], 3000, 1e-9);
    diff_free(&d);
    /* Two rises, two falls: each side's largest change outermost. */
    diff_of(&d, "0 A 1000 B 5000 C 5000 E 100; 1 A 1000 B 5000 C 5000 E 100;",
            "0 A 4000 B 3000 C 4000 E 600; 1 A 4000 B 3000 C 4000 E 600;", 0);
    check_order(&d, (const char *const[]){ "B", "C", "E", "A" }, 4);
    diff_free(&d);
    /* -m3: A and B, and OTHER = C + E = -500, a fall: just above B. */
    diff_of(&d, "0 A 1000 B 5000 C 5000 E 100; 1 A 1000 B 5000 C 5000 E 100;",
            "0 A 4000 B 3000 C 4000 E 600; 1 A 4000 B 3000 C 4000 E 600;", 3);
    check_order(&d, (const char *const[]){ "B", "OTHER", "A" }, 3);
    CHECK(d.bands.band[1].is_other);
    CHECK_NEAR(d.extreme[1], -500, 1e-9);
    CHECK_NEAR(d.change[1][0], -500, 1e-9);
    diff_free(&d);
    /* A band whose largest change is a fall counts as a fall, even if it
     * also rises: F goes +1000 then -3000. */
    diff_of(&d, "0 F 5000 G 100; 1 F 5000 G 100;", "0 F 6000 G 200; 1 F 2000 G 200;", 0);
    check_order(&d, (const char *const[]){ "F", "G" }, 2);
    diff_free(&d);
}

/* -t acts on the changes, not on either profile: S is 0.1 % of each
 * profile (-t1 would drop it from both) but grew threefold, the change
 * there is; T's change is 0.5 % of all the change and B's none, under
 * -t1: dropped, and counted; -t0 keeps them; nothing changed, nothing is
 * dropped. */
static void test_trace(void)
{
    struct diff d;
    const char *before = "0 B 100000 S 100 T 0; 1 B 100000 S 100 T 0;";
    const char *after = "0 B 100000 S 300 T 1; 1 B 100000 S 300 T 1;";
    diff_of_t(&d, before, after, 1, 20);
    CHECK(band_named(&d, "S") >= 0);
    CHECK(band_named(&d, "T") < 0 && band_named(&d, "B") < 0);
    CHECK_INT(d.traced, 2);
    CHECK_NEAR(d.traced_max, 1, 1e-9);
    CHECK_NEAR(d.y_max, 200, 1e-9);
    diff_free(&d);
    diff_of_t(&d, before, after, 0, 20);
    CHECK(band_named(&d, "S") >= 0 && band_named(&d, "T") >= 0);
    CHECK_INT(d.traced, 0);
    diff_free(&d);
    diff_of_t(&d, before, before, 1, 20);
    CHECK_INT(d.traced, 0);
    CHECK(band_named(&d, "S") >= 0);
    diff_free(&d);
}

/* --top: what grew is drawn whatever -t and -m say, on top.  Changes:
 * A +1000, B -500, C +300, S +10 (0.55 % of all the change: -t1 drops
 * it, and -m merges it first). */
static void test_grew(void)
{
    struct diff d;
    const char *before = "0 A 1000 B 1000 C 1000 S 5; 1 A 1000 B 1000 C 1000 S 5;";
    const char *after = "0 A 2000 B 500 C 1300 S 15; 1 A 2000 B 500 C 1300 S 15;";
    diff_of_t(&d, before, after, 1, 20);
    CHECK(band_named(&d, "S") < 0);
    CHECK_INT(d.traced, 1);
    diff_free(&d);
    diff_of_grew(&d, before, after, 1, 20, "S");
    check_order(&d, (const char *const[]){ "B", "C", "A", "S" }, 4);
    CHECK(d.bands.band[3].leak && !d.bands.band[2].leak);
    CHECK_INT(d.traced, 0);
    CHECK_NEAR(d.traced_max, 0, 0);
    CHECK_NEAR(d.change[3][0], 10, 1e-9);
    diff_free(&d);
    /* -m3: S takes its place first; A and OTHER = B + C (-200, a fall) */
    diff_of_grew(&d, before, after, 0, 3, "S");
    check_order(&d, (const char *const[]){ "OTHER", "A", "S" }, 3);
    CHECK_NEAR(d.change[0][0], -200, 1e-9);
    diff_free(&d);
    /* -m2 and -m1: S and OTHER of the rest (+800) */
    for (long m = 1; m <= 2; m++) {
        diff_of_grew(&d, before, after, 0, m, "S");
        check_order(&d, (const char *const[]){ "OTHER", "S" }, 2);
        CHECK_NEAR(d.change[0][0], 800, 1e-9);
        diff_free(&d);
    }
    /* without --top -m2 merges S: A and OTHER */
    diff_of_t(&d, before, after, 0, 2);
    check_order(&d, (const char *const[]){ "OTHER", "A" }, 2);
    diff_free(&d);
    /* a band that grew at its peak but whose largest change is a fall
     * still goes on top (B: +100, then -500) */
    diff_of_grew(&d, "0 A 1000 B 1000; 1 A 1000 B 1000;", "0 A 2000 B 1100; 1 A 2000 B 500;", 0, 20,
                 "B");
    check_order(&d, (const char *const[]){ "A", "B" }, 2);
    CHECK_NEAR(d.extreme[1], -500, 1e-9);
    diff_free(&d);
}

/* A name's -c colour when it is a profile's only band. */
static struct rgb lone_colour(const char *name)
{
    char body[128];
    snprintf(body, sizeof body, "BEGIN_SAMPLE 0\n%s\t10\nEND_SAMPLE 0\n", name);
    struct profile p;
    struct band_plan bp;
    fixture_parse(&p, body);
    fixture_plan(&bp, &p, 0, 0, true);
    struct rgb c = bp.band[0].fill;
    band_plan_free(&bp);
    profile_free(&p);
    return c;
}

static bool same_rgb(struct rgb a, struct rgb b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

static struct rgb fill_named(const struct band_plan *bp, const char *name)
{
    for (size_t b = 0; b < bp->count; b++)
        if (strcmp(bp->band[b].name, name) == 0)
            return bp->band[b].fill;
    return (struct rgb){ -1, -1, -1 };
}

/* -c: the diff's bands take the colours of the names the two profiles
 * draw together (either one's -t keeps them), as the key of the two
 * drawn as panels (bands_union, shades_share) gives them.  Y is all of
 * the small profile; X (under 1 % of each: -t1 drops it from both) is
 * larger in total than Y, so, were X among the names drawn together, it
 * would come first to the colour both names hash to and Y would take
 * another. */
static void test_colours_drawn_together(void)
{
    const char *y = "Y";
    struct rgb want = lone_colour(y);
    char x[16] = "";
    for (int i = 0; i < 1000 && !*x; i++) {
        char name[16];
        snprintf(name, sizeof name, "x%d", i);
        if (same_rgb(lone_colour(name), want) && !same_rgb(lone_colour("BIG"), want))
            snprintf(x, sizeof x, "%s", name);
    }
    if (!CHECK(*x))
        return;
    char before[256], after[256];
    snprintf(before, sizeof before, "0 %s 1000 %s 1; 1 %s 1000 %s 1;", y, x, y, x);
    snprintf(after, sizeof after, "0 BIG 10000000 %s 50000 %s 1; 1 BIG 10000000 %s 50000 %s 1;", x,
             y, x, y);
    struct profile p[2];
    struct band_plan all[2], sel[2];
    load(&p[0], &all[0], before);
    load(&p[1], &all[1], after);
    for (size_t k = 0; k < 2; k++)
        fixture_plan(&sel[k], &p[k], 1, 0, true);
    CHECK(sel[0].count == 1 && sel[1].count == 1); /* Y, and BIG */
    /* The key of the two drawn together. */
    struct band_plan key;
    bands_union(&key, sel, 2);
    shades_share(&key, sel, 2, true);
    CHECK(same_rgb(fill_named(&key, y), want));
    struct diff d;
    struct hp_error err;
    if (!CHECK(diff_build(&d, &p[0], &all[0], &p[1], &all[1], sel, 0, 0, true, &err) == 0))
        return;
    CHECK(same_rgb(fill_named(&d.bands, y), fill_named(&key, y)));
    CHECK(same_rgb(fill_named(&d.bands, "BIG"), fill_named(&key, "BIG")));
    CHECK(!same_rgb(fill_named(&d.bands, x), fill_named(&d.bands, y)));
    diff_free(&d);
    band_plan_free(&key);
    for (size_t k = 0; k < 2; k++) {
        band_plan_free(&sel[k]);
        band_plan_free(&all[k]);
        profile_free(&p[k]);
    }
}

int main(void)
{
    test_colours_drawn_together();
    test_trace();
    test_rise_and_halving();
    test_interpolation();
    test_end_and_new_name();
    test_limit();
    test_order();
    test_grew();
    return check_report();
}

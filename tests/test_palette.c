/* SPDX-License-Identifier: BSD-3-Clause */
/* test_palette.c: GHC's grey sequence, our colour palette (no look-alikes,
 * also under colour blindness), the -hb colours, the --mode=lines colours,
 * and the .aux colour encoding. */
#include "check.h"
#include "palette.h"

#include <stdlib.h>

static bool same_rgb(struct rgb a, struct rgb b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

static bool is_tenths(double v)
{
    double t = v * 10;
    return fabs(t - round(t)) < 1e-9 && v >= 0 && v <= 1;
}

/* ---- CIE76 colour difference (sRGB, D65) ------------------------------- */

static double linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double lab_f(double t)
{
    return t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116;
}

static void to_lab(struct rgb c, double lab[3])
{
    double r = linear(c.r), g = linear(c.g), b = linear(c.b);
    double x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
    double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    double z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
    double fx = lab_f(x / 0.95047), fy = lab_f(y / 1.0), fz = lab_f(z / 1.08883);
    lab[0] = 116 * fy - 16;
    lab[1] = 500 * (fx - fy);
    lab[2] = 200 * (fy - fz);
}

static double delta_e(struct rgb a, struct rgb b)
{
    double la[3], lb[3];
    to_lab(a, la);
    to_lab(b, lb);
    return sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1])
                + (la[2] - lb[2]) * (la[2] - lb[2]));
}

/* ---- tests ---------------------------------------------------------------- */

static void grey(void)
{
    const double want[] = { 0.0, 0.2, 0.6, 0.3, 0.9, 0.4, 1.0, 0.7, 0.5, 0.8 };
    for (size_t k = 0; k < 35; k++)
        CHECK(palette_grey(k) == want[k % 10]);
    struct rgb g = palette_grey_rgb(0.6);
    CHECK(g.r == 0.6 && g.g == 0.6 && g.b == 0.6);
}

static size_t colour_period(void)
{
    size_t p = 1;
    while (p < 1000 && !same_rgb(palette_colour(p), palette_colour(0)))
        p++;
    return p;
}

/* ---- colour blindness: Machado, Oliveira and Fernandes (2009), severity 1,
 * applied to linear RGB ------------------------------------------------------ */

static const double protan[3][3] = { { 0.152286, 1.052583, -0.204868 },
                                     { 0.114503, 0.786281, 0.099216 },
                                     { -0.003882, -0.048116, 1.051998 } };
static const double deutan[3][3] = { { 0.367322, 0.860646, -0.227968 },
                                     { 0.280085, 0.672501, 0.047413 },
                                     { -0.011820, 0.042940, 0.968881 } };

static double encoded(double c)
{
    c = c < 0 ? 0 : c > 1 ? 1 : c;
    return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055;
}

static struct rgb simulate(const double m[3][3], struct rgb c)
{
    double l[3] = { linear(c.r), linear(c.g), linear(c.b) }, o[3];
    for (int i = 0; i < 3; i++)
        o[i] = encoded(m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]);
    struct rgb out = { o[0], o[1], o[2] };
    return out;
}

/* The smallest CIEDE2000 between any two of c[0..n), as seen (m: a
 * simulation, or NULL), and the pair. */
static double smallest(const struct rgb *c, size_t n, const double (*m)[3], size_t *pi, size_t *pj)
{
    double worst = 1e9;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            struct rgb a = m ? simulate(m, c[i]) : c[i], b = m ? simulate(m, c[j]) : c[j];
            double d = palette_distance(a, b);
            if (d < worst) {
                worst = d;
                *pi = i;
                *pj = j;
            }
        }
    return worst;
}

/* CIEDE2000 itself, on the test pairs Sharma, Wu and Dalal published with
 * the formula. */
static void ciede2000(void)
{
    static const double pair[][7] = {
        { 50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425 },
        { 50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669 },
        { 50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492 },
        { 50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977 },
        { 50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030 },
        { 50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535 },
        { 60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644 },
        { 2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082 },
    };
    for (size_t i = 0; i < sizeof pair / sizeof pair[0]; i++) {
        CHECK_NEAR(palette_ciede2000(pair[i], pair[i] + 3), pair[i][6], 1e-4);
        CHECK_NEAR(palette_ciede2000(pair[i] + 3, pair[i]), pair[i][6], 1e-4);
    }
    /* Agrees with CIE76 in kind: equal colours 0, black and white far. */
    struct rgb red = { 1, 0, 0 }, black = { 0, 0, 0 }, white = { 1, 1, 1 };
    CHECK(palette_distance(red, red) == 0);
    CHECK(palette_distance(black, white) > 99 && delta_e(black, white) > 99);
}

static void colour_sequence(void)
{
    size_t p = colour_period();
    CHECK_INT(p, palette_colour_count());
    CHECK_INT(palette_primary_count(), 12);
    printf("colour palette: %zu entries, %zu primaries\n", p, palette_primary_count());
    /* It repeats with that period. */
    for (size_t k = 0; k < 3 * p; k++)
        CHECK(same_rgb(palette_colour(k), palette_colour(k % p)));

    int bad_tenths = 0, white_or_black = 0, duplicates = 0;
    for (size_t k = 0; k < p; k++) {
        struct rgb c = palette_colour(k);
        if (!is_tenths(c.r) || !is_tenths(c.g) || !is_tenths(c.b))
            bad_tenths++;
        if ((c.r == 1 && c.g == 1 && c.b == 1) || (c.r == 0 && c.g == 0 && c.b == 0))
            white_or_black++;
        for (size_t j = 0; j < k; j++)
            if (same_rgb(c, palette_colour(j)))
                duplicates++;
    }
    CHECK_INT(bad_tenths, 0);
    CHECK_INT(white_or_black, 0);
    CHECK_INT(duplicates, 0);
    struct rgb o = palette_other();
    CHECK(is_tenths(o.r) && o.r == o.g && o.g == o.b && o.r > 0.5 && o.r < 1);
}

/* No look-alikes: the primaries (any twelve largest bands draw from them)
 * and OTHER's grey, then all twenty, as seen with normal colour vision and
 * under simulated protanopia and deuteranopia. */
static void distinct(void)
{
    struct rgb c[64];
    size_t n = palette_colour_count(), primary = palette_primary_count();
    for (size_t k = 0; k < n; k++)
        c[k] = palette_colour(k);
    struct rgb all[64];
    for (size_t k = 0; k < primary; k++)
        all[k] = c[k];
    all[primary] = palette_other();
    static const struct {
        const char *what;
        const double (*m)[3];
        double primaries, everything;
    } want[] = { { "normal vision", NULL, 18, 12 },
                 { "protanopia", protan, 11, 8 },
                 { "deuteranopia", deutan, 11, 8 } };
    for (size_t w = 0; w < 3; w++) {
        size_t i = 0, j = 0;
        double d = smallest(all, primary + 1, want[w].m, &i, &j);
        printf("%s: smallest CIEDE2000 among the %zu primaries and OTHER %.2f (%zu, %zu)\n",
               want[w].what, primary, d, i, j);
        CHECK(d >= want[w].primaries);
        for (size_t k = primary; k < n; k++)
            all[k + 1] = c[k];
        d = smallest(all, n + 1, want[w].m, &i, &j);
        printf("%s: smallest CIEDE2000 among all %zu and OTHER %.2f\n", want[w].what, n, d);
        CHECK(d >= want[w].everything);
    }
    /* The old palette's look-alikes (issue 12): sky blue and light blue
     * were 9.7 apart, and CIE76 between any two primaries is well above. */
    for (size_t a = 0; a < primary; a++)
        for (size_t b = a + 1; b < primary; b++)
            CHECK(delta_e(c[a], c[b]) >= 20);
}

/* -hb: warm warning colours graded by waste, the darkest the worst, and
 * calm blues for the space in use. */
static void meanings(void)
{
    const char *name[] = { "VOID", "DRAG", "LAG", "USE", "INHERENT_USE" };
    struct rgb c[5];
    for (int i = 0; i < 5; i++)
        CHECK(palette_meaning(name[i], &c[i]));
    struct rgb x;
    CHECK(!palette_meaning("OTHER", &x));
    CHECK(!palette_meaning("void", &x));
    CHECK(!palette_meaning("USED", &x));
    double lab[5][3];
    for (int i = 0; i < 5; i++)
        to_lab(c[i], lab[i]);
    /* Warm (red > blue, hue between red and yellow), worst darkest. */
    for (int i = 0; i < 3; i++)
        CHECK(c[i].r > c[i].b && lab[i][1] > 0 && lab[i][2] > 0);
    CHECK(lab[0][0] < lab[1][0] && lab[1][0] < lab[2][0]);
    /* Calm: blue above red. */
    for (int i = 3; i < 5; i++)
        CHECK(c[i].b > c[i].r && lab[i][2] < 0);
    size_t i = 0, j = 0;
    struct rgb with_other[6] = { c[0], c[1], c[2], c[3], c[4], palette_other() };
    double d = smallest(with_other, 6, NULL, &i, &j);
    printf("-hb colours: smallest CIEDE2000 %.2f\n", d);
    CHECK(d >= 17);
    CHECK(smallest(with_other, 6, deutan, &i, &j) >= 13);
    CHECK(smallest(with_other, 6, protan, &i, &j) >= 13);
}

/* --mode=lines: every line at least 3:1 on white, lines of the primaries
 * still apart, a colour already dark kept; the black-and-white greys start
 * black. */
static void lines(void)
{
    struct rgb c[64];
    size_t n = palette_colour_count(), primary = palette_primary_count(), low = 0;
    double worst = 99;
    for (size_t k = 0; k < n + 6; k++) {
        struct rgb fill = k < n ? palette_colour(k) : palette_other();
        const char *name[] = { "VOID", "DRAG", "LAG", "USE", "INHERENT_USE" };
        if (k > n)
            CHECK(palette_meaning(name[k - n - 1], &fill));
        struct rgb line = palette_line_colour(fill);
        double ratio = palette_contrast_on_white(line);
        if (ratio < 3)
            low++;
        worst = fmin(worst, ratio);
        if (palette_contrast_on_white(fill) >= 3.2)
            CHECK(same_rgb(line, fill));
        if (k < n)
            c[k] = line;
    }
    CHECK_INT(low, 0);
    printf("--mode=lines: lowest contrast on white %.2f:1\n", worst);
    size_t i = 0, j = 0;
    double d = smallest(c, primary, NULL, &i, &j);
    printf("--mode=lines: smallest CIEDE2000 among the primaries' lines %.2f\n", d);
    CHECK(d >= 12);
    struct rgb black = { 0, 0, 0 };
    CHECK(same_rgb(palette_line_grey(0), black));
    for (size_t k = 0; k < 30; k++) {
        CHECK(palette_contrast_on_white(palette_line_grey(k)) >= 3);
        CHECK(!same_rgb(palette_line_grey(k), palette_line_grey(k + 1)));
    }
    struct rgb yellow = { 0.9, 0.9, 0.4 };
    CHECK(palette_contrast_on_white(yellow) < 1.5); /* what lines had before */
}

/* Encode, write with six decimals as the .aux does, read back, decode. */
static bool round_trip(struct rgb c)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.6f", palette_encode_colour(c));
    struct rgb back;
    if (!palette_decode_colour(strtod(buf, NULL), &back))
        return false;
    return same_rgb(back, c);
}

static void encoding(void)
{
    /* Known values. */
    struct rgb red = { 1, 0, 0 }, blue = { 0, 0, 1 }, white = { 1, 1, 1 },
               orange = { 0.9, 0.6, 0.0 };
    CHECK(palette_encode_colour(red) == 0.1);
    CHECK(palette_encode_colour(blue) == 0.00001);
    CHECK(palette_encode_colour(white) == 0.10101);
    CHECK(palette_encode_colour(orange) == 0.0906);
    char buf[64];
    snprintf(buf, sizeof buf, "%.6f", palette_encode_colour(orange));
    CHECK_STR(buf, "0.090600");
    struct rgb cyan = { 0.5, 0.8, 0.9 };
    snprintf(buf, sizeof buf, "%.6f", palette_encode_colour(cyan));
    CHECK_STR(buf, "0.050809");

    /* Every palette entry, and every colour of tenths at all. */
    size_t p = colour_period();
    int failures = 0;
    for (size_t k = 0; k < p; k++)
        if (!round_trip(palette_colour(k)))
            failures++;
    CHECK_INT(failures, 0);
    failures = 0;
    for (int r = 0; r <= 10; r++)
        for (int g = 0; g <= 10; g++)
            for (int b = 0; b <= 10; b++) {
                struct rgb c = { r / 10.0, g / 10.0, b / 10.0 };
                if (!round_trip(c))
                    failures++;
            }
    CHECK_INT(failures, 0);
}

static void decode_ghc(void)
{
    /* GHC's own colour codes (its table in the spec, section 6.3). */
    struct {
        double code;
        double r, g, b;
    } ghc[] = {
        { 0.0, 0, 0, 0 },
        { 0.00001, 0, 0, 1 },
        { 0.001, 0, 1, 0 },
        { 0.00101, 0, 1, 1 },
        { 0.1, 1, 0, 0 },
        { 0.10001, 1, 0, 1 },
        { 0.101, 1, 1, 0 },
        { 0.10101, 1, 1, 1 },
        { 0.000005, 0, 0, 0.5 },
        { 0.0005, 0, 0.5, 0 },
        { 0.00051, 0, 0.5, 1 },
        { 0.001005, 0, 1, 0.5 },
        { 0.05, 0.5, 0, 0 },
        { 0.05001, 0.5, 0, 1 },
        /* GHC truncates 0.051 * 10000 to 509 and writes green 0.9; the
         * epsilon gives the intended 1. */
        { 0.051, 0.5, 1, 0 },
        { 0.05101, 0.5, 1, 1 },
        { 0.100005, 1, 0, 0.5 },
        { 0.1005, 1, 0.5, 0 },
        { 0.10051, 1, 0.5, 1 },
        { 0.101005, 1, 1, 0.5 },
        { 0.000505, 0, 0.5, 0.5 },
        { 0.050005, 0.5, 0, 0.5 },
        { 0.0505, 0.5, 0.5, 0 },
        { 0.05051, 0.5, 0.5, 1 },
        { 0.051005, 0.5, 1, 0.5 },
        { 0.100505, 1, 0.5, 0.5 },
        { 0.050505, 0.5, 0.5, 0.5 },
    };
    int wrong = 0;
    for (size_t i = 0; i < sizeof ghc / sizeof ghc[0]; i++) {
        struct rgb c;
        if (!palette_decode_colour(ghc[i].code, &c) || c.r != ghc[i].r || c.g != ghc[i].g
            || c.b != ghc[i].b) {
            fprintf(stderr, "decode %g wrong\n", ghc[i].code);
            wrong++;
        }
    }
    CHECK_INT(wrong, 0);

    /* What GHC's two-decimal colour .aux holds. */
    struct rgb c;
    CHECK(palette_decode_colour(strtod("0.10", NULL), &c) && c.r == 1 && c.g == 0 && c.b == 0);
    CHECK(palette_decode_colour(strtod("0.05", NULL), &c) && c.r == 0.5 && c.g == 0 && c.b == 0);
    CHECK(palette_decode_colour(strtod("0.00", NULL), &c) && c.r == 0 && c.g == 0 && c.b == 0);

    /* Not colours: a black-and-white shade (0.20 would be red 2.0), a
     * negative or non-finite value, something huge. */
    CHECK(!palette_decode_colour(0.20, &c));
    CHECK(!palette_decode_colour(0.6, &c));
    CHECK(!palette_decode_colour(-0.1, &c));
    CHECK(!palette_decode_colour(NAN, &c));
    CHECK(!palette_decode_colour(INFINITY, &c));
    CHECK(!palette_decode_colour(-INFINITY, &c));
    CHECK(!palette_decode_colour(1e300, &c));
    /* Grey 1.0 and 0.0 happen to be valid codes (black). */
    CHECK(palette_decode_colour(1.0, &c) && c.r == 0 && c.g == 0 && c.b == 0);
}

int main(void)
{
    grey();
    ciede2000();
    colour_sequence();
    distinct();
    meanings();
    lines();
    encoding();
    decode_ghc();
    return check_report();
}

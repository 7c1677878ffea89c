/* test_palette.c: GHC's grey sequence, our colour sequence, and the .aux
 * colour encoding. */
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
    return sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
                (la[2] - lb[2]) * (la[2] - lb[2]));
}

/* ---- tests ---------------------------------------------------------------- */

static void grey(void)
{
    const double want[] = {0.0, 0.2, 0.6, 0.3, 0.9, 0.4, 1.0, 0.7, 0.5, 0.8};
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

static void colour_sequence(void)
{
    size_t p = colour_period();
    CHECK(p >= 16 && p <= 32);
    printf("colour sequence: %zu entries\n", p);
    /* It repeats with that period. */
    for (size_t k = 0; k < 3 * p; k++)
        CHECK(same_rgb(palette_colour(k), palette_colour(k % p)));

    int bad_tenths = 0, white_or_black = 0, duplicates = 0, close_neighbours = 0;
    double worst = 1e9;
    for (size_t k = 0; k < p; k++) {
        struct rgb c = palette_colour(k);
        if (!is_tenths(c.r) || !is_tenths(c.g) || !is_tenths(c.b))
            bad_tenths++;
        if ((c.r == 1 && c.g == 1 && c.b == 1) || (c.r == 0 && c.g == 0 && c.b == 0))
            white_or_black++;
        for (size_t j = 0; j < k; j++)
            if (same_rgb(c, palette_colour(j)))
                duplicates++;
        /* Neighbours, the last and the first included. */
        double d = delta_e(c, palette_colour((k + 1) % p));
        if (d <= 25)
            close_neighbours++;
        if (d < worst)
            worst = d;
    }
    CHECK_INT(bad_tenths, 0);
    CHECK_INT(white_or_black, 0);
    CHECK_INT(duplicates, 0);
    CHECK_INT(close_neighbours, 0);
    printf("smallest Delta-E between neighbours: %.1f\n", worst);

    /* The first entries are the Okabe-Ito approximations, in order. */
    struct rgb orange = {0.9, 0.6, 0.0}, sky = {0.3, 0.7, 0.9}, bluish_green = {0.0, 0.6, 0.5};
    CHECK(same_rgb(palette_colour(0), orange));
    CHECK(same_rgb(palette_colour(1), sky));
    CHECK(same_rgb(palette_colour(2), bluish_green));
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
    struct rgb red = {1, 0, 0}, blue = {0, 0, 1}, white = {1, 1, 1}, orange = {0.9, 0.6, 0.0};
    CHECK(palette_encode_colour(red) == 0.1);
    CHECK(palette_encode_colour(blue) == 0.00001);
    CHECK(palette_encode_colour(white) == 0.10101);
    CHECK(palette_encode_colour(orange) == 0.0906);
    char buf[64];
    snprintf(buf, sizeof buf, "%.6f", palette_encode_colour(orange));
    CHECK_STR(buf, "0.090600");
    struct rgb cyan = {0.5, 0.8, 0.9};
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
                struct rgb c = {r / 10.0, g / 10.0, b / 10.0};
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
        {0.0, 0, 0, 0},          {0.00001, 0, 0, 1},    {0.001, 0, 1, 0},
        {0.00101, 0, 1, 1},      {0.1, 1, 0, 0},        {0.10001, 1, 0, 1},
        {0.101, 1, 1, 0},        {0.10101, 1, 1, 1},    {0.000005, 0, 0, 0.5},
        {0.0005, 0, 0.5, 0},     {0.00051, 0, 0.5, 1},  {0.001005, 0, 1, 0.5},
        {0.05, 0.5, 0, 0},       {0.05001, 0.5, 0, 1},
        /* GHC truncates 0.051 * 10000 to 509 and writes green 0.9; the
         * epsilon gives the intended 1. */
        {0.051, 0.5, 1, 0},
        {0.05101, 0.5, 1, 1},    {0.100005, 1, 0, 0.5}, {0.1005, 1, 0.5, 0},
        {0.10051, 1, 0.5, 1},    {0.101005, 1, 1, 0.5}, {0.000505, 0, 0.5, 0.5},
        {0.050005, 0.5, 0, 0.5}, {0.0505, 0.5, 0.5, 0}, {0.05051, 0.5, 0.5, 1},
        {0.051005, 0.5, 1, 0.5}, {0.100505, 1, 0.5, 0.5}, {0.050505, 0.5, 0.5, 0.5},
    };
    int wrong = 0;
    for (size_t i = 0; i < sizeof ghc / sizeof ghc[0]; i++) {
        struct rgb c;
        if (!palette_decode_colour(ghc[i].code, &c) || c.r != ghc[i].r || c.g != ghc[i].g ||
            c.b != ghc[i].b) {
            fprintf(stderr, "decode %g wrong\n", ghc[i].code);
            wrong++;
        }
    }
    CHECK_INT(wrong, 0);

    /* What GHC's two-decimal colour .aux holds. */
    struct rgb c;
    CHECK(palette_decode_colour(strtod("0.10", NULL), &c) && c.r == 1 && c.g == 0 && c.b == 0);
    CHECK(palette_decode_colour(strtod("0.05", NULL), &c) && c.r == 0.5 && c.g == 0 &&
          c.b == 0);
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
    colour_sequence();
    encoding();
    decode_ghc();
    return check_report();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* palette.c: see palette.h.
 *
 * The colour palette is our own, not GHC's (GHC's has pure white as its
 * eighth entry, invisible on the page, and an entry spoilt by floating-point
 * truncation).  Its first twelve colours were found by a search among the
 * colours of whole tenths, from seeds in the Okabe-Ito and Paul Tol
 * palettes, for the largest smallest CIEDE2000 difference between any two
 * of them and OTHER's grey: at least 18 for normal colour vision, and at
 * least 11 under a simulation of deuteranopia and of protanopia (Machado,
 * Oliveira and Fernandes' model), at lightnesses L* 34 to 89 (no white, no
 * black, no neon), with darker versions for --mode=lines that differ by
 * at least 12 too.  The last eight were found the same way with the first
 * twelve fixed: any two of the twenty differ by at least 12 (8 under the
 * simulations).  test_palette measures all of this.
 */
#include "palette.h"

#include <math.h>
#include <string.h>

/* Gray levels in GHC's order, in tenths. */
static const unsigned char grey_tenths[] = { 0, 2, 6, 3, 9, 4, 10, 7, 5, 8 };

/* Red, green, blue in tenths. */
static const unsigned char colour_tenths[][3] = {
    /* The twelve for the largest bands. */
    { 9, 6, 0 },  /* orange */
    { 2, 7, 8 },  /* cyan blue */
    { 2, 7, 6 },  /* teal */
    { 9, 9, 4 },  /* yellow */
    { 2, 4, 6 },  /* steel blue */
    { 10, 4, 5 }, /* coral */
    { 7, 4, 10 }, /* violet */
    { 4, 4, 0 },  /* olive */
    { 6, 4, 5 },  /* mauve */
    { 7, 4, 3 },  /* terracotta */
    { 6, 1, 3 },  /* wine */
    { 7, 9, 7 },  /* pale green */
    /* Eight more. */
    { 6, 5, 0 },   /* ochre */
    { 10, 8, 10 }, /* pale pink */
    { 9, 4, 7 },   /* pink */
    { 9, 6, 10 },  /* lilac */
    { 9, 7, 5 },   /* sand */
    { 6, 2, 5 },   /* plum */
    { 6, 3, 3 },   /* brick */
    { 4, 4, 8 },   /* indigo */
};

#define NGREY    (sizeof grey_tenths / sizeof grey_tenths[0])
#define NCOLOUR  (sizeof colour_tenths / sizeof colour_tenths[0])
#define NPRIMARY 12

/* The biographical profile's names and what they mean (palette.h). */
static const struct {
    const char *name;
    unsigned char tenths[3];
} meanings[] = {
    { "VOID", { 8, 1, 1 } },          /* deep red: never used at all */
    { "DRAG", { 10, 4, 1 } },         /* orange: kept after its last use */
    { "LAG", { 10, 8, 3 } },          /* amber: not used yet */
    { "USE", { 2, 4, 7 } },           /* blue: in use */
    { "INHERENT_USE", { 6, 8, 10 } }, /* light blue: in use by its nature */
};

static struct rgb from_tenths(const unsigned char t[3])
{
    struct rgb out = { t[0] / 10.0, t[1] / 10.0, t[2] / 10.0 };
    return out;
}

double palette_grey(size_t k)
{
    return grey_tenths[k % NGREY] / 10.0;
}

struct rgb palette_colour(size_t k)
{
    return from_tenths(colour_tenths[k % NCOLOUR]);
}

size_t palette_colour_count(void)
{
    return NCOLOUR;
}

size_t palette_primary_count(void)
{
    return NPRIMARY;
}

struct rgb palette_other(void)
{
    return palette_grey_rgb(0.8);
}

bool palette_meaning(const char *name, struct rgb *out)
{
    for (size_t i = 0; i < sizeof meanings / sizeof meanings[0]; i++)
        if (strcmp(name, meanings[i].name) == 0) {
            *out = from_tenths(meanings[i].tenths);
            return true;
        }
    return false;
}

/* ---- colour science ----------------------------------------------------- */

static double linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double encoded(double c)
{
    if (!(c > 0))
        return 0;
    if (c >= 1)
        return 1;
    return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055;
}

/* Relative luminance (WCAG, ITU-R BT.709 weights). */
static double luminance(struct rgb c)
{
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

static double lab_f(double t)
{
    return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

static void to_lab(struct rgb c, double lab[3])
{
    double r = linear(c.r), g = linear(c.g), b = linear(c.b);
    double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    double fx = lab_f(x), fy = lab_f(y), fz = lab_f(z);
    lab[0] = 116 * fy - 16;
    lab[1] = 500 * (fx - fy);
    lab[2] = 200 * (fy - fz);
}

#define PI 3.14159265358979323846

static double rad(double deg)
{
    return deg * PI / 180;
}

/* Hue angle in degrees, 0..360 (0 for a neutral). */
static double hue(double a, double b)
{
    if (a == 0 && b == 0)
        return 0;
    double h = atan2(b, a) * 180 / PI;
    return h < 0 ? h + 360 : h;
}

double palette_ciede2000(const double x[3], const double y[3])
{
    double c7 = pow((hypot(x[1], x[2]) + hypot(y[1], y[2])) / 2, 7);
    double g = 0.5 * (1 - sqrt(c7 / (c7 + pow(25, 7))));
    double a1 = (1 + g) * x[1], a2 = (1 + g) * y[1];
    double c1 = hypot(a1, x[2]), c2 = hypot(a2, y[2]);
    double h1 = hue(a1, x[2]), h2 = hue(a2, y[2]);
    double dh = 0;
    if (c1 * c2 != 0) {
        dh = h2 - h1;
        dh = dh > 180 ? dh - 360 : dh < -180 ? dh + 360 : dh;
    }
    double dl = y[0] - x[0], dc = c2 - c1;
    double dhh = 2 * sqrt(c1 * c2) * sin(rad(dh / 2));
    double lm = (x[0] + y[0]) / 2, cm = (c1 + c2) / 2;
    double hm = h1 + h2;
    if (c1 * c2 != 0)
        hm = fabs(h1 - h2) <= 180 ? hm / 2 : hm < 360 ? (hm + 360) / 2 : (hm - 360) / 2;
    double t = 1 - 0.17 * cos(rad(hm - 30)) + 0.24 * cos(rad(2 * hm)) + 0.32 * cos(rad(3 * hm + 6))
        - 0.20 * cos(rad(4 * hm - 63));
    double dtheta = 30 * exp(-((hm - 275) / 25) * ((hm - 275) / 25));
    double cm7 = pow(cm, 7);
    double rc = 2 * sqrt(cm7 / (cm7 + pow(25, 7)));
    double sl = 1 + 0.015 * (lm - 50) * (lm - 50) / sqrt(20 + (lm - 50) * (lm - 50));
    double sc = 1 + 0.045 * cm, sh = 1 + 0.015 * cm * t;
    double rt = -sin(rad(2 * dtheta)) * rc;
    double l = dl / sl, c = dc / sc, h = dhh / sh;
    return sqrt(l * l + c * c + h * h + rt * c * h);
}

double palette_distance(struct rgb a, struct rgb b)
{
    double la[3], lb[3];
    to_lab(a, la);
    to_lab(b, lb);
    return palette_ciede2000(la, lb);
}

double palette_contrast_on_white(struct rgb c)
{
    return 1.05 / (luminance(c) + 0.05);
}

/* The luminance of a WCAG contrast of 3.2:1 on white: 3:1 with a margin
 * for the rounding of 8-bit output. */
#define LINE_LUMINANCE (1.05 / 3.2 - 0.05)

struct rgb palette_line_colour(struct rgb c)
{
    double y = luminance(c);
    if (y <= LINE_LUMINANCE)
        return c;
    /* Scaling the linear components scales the luminance alike and keeps
     * the chromaticity: the same hue, darker. */
    double k = LINE_LUMINANCE / y;
    struct rgb out = { encoded(k * linear(c.r)), encoded(k * linear(c.g)),
                       encoded(k * linear(c.b)) };
    return out;
}

struct rgb palette_line_grey(size_t k)
{
    /* Three levels far apart (with LAYOUT_DASHES' seven looks, 21 bands
     * before a look repeats); 0.5 has a contrast of 4:1 on white. */
    static const double level[] = { 0.0, 0.5, 0.3 };
    return palette_grey_rgb(level[k % (sizeof level / sizeof level[0])]);
}

struct rgb palette_grey_rgb(double level)
{
    struct rgb out = { level, level, level };
    return out;
}

/* ---- the .aux encoding -------------------------------------------------- */

/* A component in whole tenths (components are multiples of 0.1 here). */
static long tenths(double v)
{
    if (!(v > 0))
        return 0;
    if (v > 1)
        return 10;
    return lround(v * 10);
}

double palette_encode_colour(struct rgb c)
{
    /* c = r/10 + g/1000 + b/100000, from whole numbers so no error adds up:
     * r/10 = R/100, g/1000 = G/10000, b/100000 = B/1000000. */
    long r = tenths(c.r), g = tenths(c.g), b = tenths(c.b);
    return (double)(r * 10000 + g * 100 + b) / 1000000.0;
}

/* The two decimal digits that hold one component: floor(v*k) mod 100.
 * Done in double (no int conversion to overflow); the small epsilon undoes
 * a product that lands just below a whole number (GHC's 0.051 * 10000 =
 * 509.99999999999994). */
static double digits(double v, double k)
{
    return fmod(floor(v * k + 1e-6), 100.0);
}

bool palette_decode_colour(double v, struct rgb *out)
{
    /* Past 1e9, v * 1000000 no longer holds its last digits exactly. */
    if (!isfinite(v) || v < 0 || v > 1e9)
        return false;
    double r = digits(v, 100.0), g = digits(v, 10000.0), b = digits(v, 1000000.0);
    if (!(r <= 10 && g <= 10 && b <= 10)) /* also NaN, from a huge v */
        return false;
    out->r = r / 10.0;
    out->g = g / 10.0;
    out->b = b / 10.0;
    return true;
}

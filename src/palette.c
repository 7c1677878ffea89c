/* palette.c: see palette.h.
 *
 * The colour sequence is our own, not GHC's (GHC's has pure white as its
 * eighth entry, invisible on the page, and an entry spoilt by floating-point
 * truncation).  It is made of approximations, to multiples of 0.1, of the
 * Okabe-Ito palette (first, in its usual order) and of Paul Tol's muted
 * palette, plus a few neutral and dark colours to reach twenty.  No white,
 * no black.  The order after the first seven was chosen so that every two
 * neighbours (the last and the first included) differ clearly: CIE76
 * Delta-E of at least 45 between neighbours, and still above 40 under a
 * simulation of protanopia and deuteranopia.
 */
#include "palette.h"

#include <math.h>

/* Gray levels in GHC's order, in tenths. */
static const unsigned char grey_tenths[] = {0, 2, 6, 3, 9, 4, 10, 7, 5, 8};

/* Red, green, blue in tenths. */
static const unsigned char colour_tenths[][3] = {
    {9, 6, 0}, /* orange          (Okabe-Ito) */
    {3, 7, 9}, /* sky blue        (Okabe-Ito) */
    {0, 6, 5}, /* bluish green    (Okabe-Ito) */
    {9, 9, 3}, /* yellow          (Okabe-Ito) */
    {0, 4, 7}, /* blue            (Okabe-Ito) */
    {8, 4, 0}, /* vermillion      (Okabe-Ito) */
    {8, 5, 7}, /* reddish purple  (Okabe-Ito) */
    {1, 5, 2}, /* green           (Tol muted) */
    {7, 3, 6}, /* purple          (Tol muted) */
    {5, 3, 1}, /* brown */
    {5, 8, 9}, /* cyan            (Tol muted) */
    {5, 1, 3}, /* wine            (Tol muted) */
    {2, 1, 5}, /* indigo          (Tol muted) */
    {6, 6, 6}, /* grey */
    {9, 8, 5}, /* sand            (Tol muted) */
    {1, 3, 3}, /* dark teal */
    {6, 6, 9}, /* lilac */
    {3, 7, 6}, /* teal            (Tol muted) */
    {6, 6, 2}, /* olive           (Tol muted) */
    {8, 4, 5}, /* rose            (Tol muted) */
};

#define NGREY (sizeof grey_tenths / sizeof grey_tenths[0])
#define NCOLOUR (sizeof colour_tenths / sizeof colour_tenths[0])

double palette_grey(size_t k)
{
    return grey_tenths[k % NGREY] / 10.0;
}

struct rgb palette_colour(size_t k)
{
    const unsigned char *c = colour_tenths[k % NCOLOUR];
    struct rgb out = {c[0] / 10.0, c[1] / 10.0, c[2] / 10.0};
    return out;
}

size_t palette_colour_count(void)
{
    return NCOLOUR;
}

static double linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
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

double palette_distance(struct rgb a, struct rgb b)
{
    double la[3], lb[3];
    to_lab(a, la);
    to_lab(b, lb);
    return sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
                (la[2] - lb[2]) * (la[2] - lb[2]));
}

struct rgb palette_grey_rgb(double level)
{
    struct rgb out = {level, level, level};
    return out;
}

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

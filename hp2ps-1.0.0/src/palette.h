/* SPDX-License-Identifier: BSD-3-Clause */
/* palette.h: the shades bands are filled with, the colours of their lines
 * in --mode=lines, and the .aux encoding of a shade.
 *
 * Black and white: GHC's sequence of ten grey levels, so that an .aux file
 * matches GHC's.  Colour (-c): a palette of colours whose red, green and
 * blue are multiples of 0.1, because that is exactly what the .aux SHADE
 * number can carry: GHC encodes a colour as c = r/10 + g/1000 + b/100000,
 * which we write with six decimals (GHC wrote two, losing green and blue,
 * so its `-c -p` repainted everything black or red).
 */
#ifndef HP2PS_PALETTE_H
#define HP2PS_PALETTE_H

#include "common.h"

struct rgb {
    double r, g, b; /* 0..1 */
};

/* The k-th shade of GHC's grey sequence (k counts from 0 and wraps). */
double palette_grey(size_t k);

/* The colour palette: palette_colour_count() colours (k wraps), the
 * first palette_primary_count() of them the most distinct (any two of
 * them far apart, also under colour blindness), for the largest bands;
 * the rest for the bands past those. */
struct rgb palette_colour(size_t k);
size_t palette_colour_count(void);
size_t palette_primary_count(void);

/* The OTHER band's colour: a light neutral grey no palette colour is near. */
struct rgb palette_other(void);

/* The colour a band name means, for the names of a biographical (-hb)
 * profile: VOID, DRAG and LAG in warm warning colours, darker the more
 * wasted the space (VOID never used, DRAG kept after its last use, LAG not
 * used yet), USE and INHERENT_USE in calm blues.  False for any other
 * name. */
bool palette_meaning(const char *name, struct rgb *out);

/* Perceptual distance of two colours: CIEDE2000 Delta-E (sRGB, D65). */
double palette_distance(struct rgb a, struct rgb b);

/* CIEDE2000 Delta-E of two CIE L*a*b* colours (kL = kC = kH = 1). */
double palette_ciede2000(const double lab1[3], const double lab2[3]);

/* WCAG contrast ratio of a colour against white, 1 to 21. */
double palette_contrast_on_white(struct rgb c);

/* --mode=lines: the colour to draw a band of fill colour c as a thin line
 * on white: c itself when it contrasts enough, else c darkened (its
 * chromaticity kept) to a WCAG contrast of about 3.2:1. */
struct rgb palette_line_colour(struct rgb c);

/* --mode=lines in black and white: the grey of the line of the band ranked
 * k by size (0 the largest): black first, every level at least 3:1 on
 * white. */
struct rgb palette_line_grey(size_t k);

/* A grey level as an rgb. */
struct rgb palette_grey_rgb(double level);

/* The .aux SHADE value for a colour, and back.  palette_decode_colour
 * returns false when v cannot be a colour (a component above 1, as when a
 * black-and-white .aux is read with -c). */
double palette_encode_colour(struct rgb c);
bool palette_decode_colour(double v, struct rgb *out);

#endif

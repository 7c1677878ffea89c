/* palette.h: the shades bands are filled with, and their .aux encoding.
 *
 * Black and white: GHC's sequence of ten grey levels, so that an .aux file
 * matches GHC's.  Colour (-c): a sequence of colours whose red, green and
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

/* The k-th shade of the default sequence (k counts from 0 and wraps). */
double palette_grey(size_t k);
struct rgb palette_colour(size_t k);

/* How many colours palette_colour cycles through. */
size_t palette_colour_count(void);

/* Perceptual distance of two colours: CIE76 Delta-E in L*a*b* (D65). */
double palette_distance(struct rgb a, struct rgb b);

/* A grey level as an rgb. */
struct rgb palette_grey_rgb(double level);

/* The .aux SHADE value for a colour, and back.  palette_decode_colour
 * returns false when v cannot be a colour (a component above 1, as when a
 * black-and-white .aux is read with -c). */
double palette_encode_colour(struct rgb c);
bool palette_decode_colour(double v, struct rgb *out);

#endif

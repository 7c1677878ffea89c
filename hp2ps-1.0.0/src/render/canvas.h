/* SPDX-License-Identifier: BSD-3-Clause */
/* render/canvas.h: the white memory a PNG is drawn into (render/png.c's
 * alone): an A4 page at 150 dpi is 8.7 MB of pixels, mapped in huge
 * pages where the kernel gives them (render/canvas.c).
 *
 * (Until this version a thread made it white ahead, while the series and
 * the layout were built, and every format's write took it as an argument;
 * measured again under load it saved no time that the noise did not hide
 * (bench/HISTORY.md), so it went with its thread.)
 */
#ifndef HP2PS_CANVAS_H
#define HP2PS_CANVAS_H

#include <stddef.h>

struct canvas {
    unsigned char *data; /* white from data[0], as far as asked */
    size_t size;         /* bytes mapped at data */
};

/* bytes white now; NULL when they cannot be mapped. */
struct canvas *canvas_new(size_t bytes);
/* Unmaps; NULL is harmless. */
void canvas_free(struct canvas *c);

#endif

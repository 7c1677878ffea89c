/* SPDX-License-Identifier: BSD-3-Clause */
/* canvas.h: the white memory a PNG is drawn into, made white ahead.
 *
 * An A4 page at 150 dpi is 8.7 MB of pixels, and making them white costs
 * about 1.5 ms (the kernel's page faults and the filling), all before the
 * first line is drawn.  The page's size is known only once the layout is
 * built, but white bytes do not depend on it: so a thread can fill a
 * likely number of bytes while the series and the layout are built, on a
 * core that is idle then (canvas_begin, from render_canvas_begin), and the
 * PNG writer takes them if they are enough (canvas_take).
 */
#ifndef HP2PS_CANVAS_H
#define HP2PS_CANVAS_H

#include <stdbool.h>
#include <stddef.h>

struct canvas {
    unsigned char *data; /* white from data[0], as far as asked */
    size_t size;         /* bytes mapped at data */
    /* the filling, shared with its thread (canvas.c) */
    struct canvas_fill *fill;
};

/* bytes of white on a thread of its own, begun now.  NULL when the memory
 * cannot be mapped; without a thread the filling waits for canvas_take. */
struct canvas *canvas_begin(size_t bytes);
/* The first bytes of c made white, with the filling thread's help if it
 * is still at it, and that thread ended; false if c is smaller than
 * bytes (its thread ended and its memory unmapped: data NULL, size 0). */
bool canvas_take(struct canvas *c, size_t bytes);
/* bytes white now, on this thread; NULL when they cannot be mapped. */
struct canvas *canvas_new(size_t bytes);
/* Ends any filling and unmaps; NULL is harmless. */
void canvas_free(struct canvas *c);

#endif

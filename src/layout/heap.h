/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/heap.h: --heap's lines (layout/heap.c), as the stages above the
 * layout see them: whether they are drawn and how high they reach, which
 * the y axis (and the pipeline's range) must take in. */
#ifndef HP2PS_LAYOUT_HEAP_H
#define HP2PS_LAYOUT_HEAP_H

#include "heapline.h"
#include "layout/types.h"

/* --heap: are p's heap lines drawn (an eventlog with such events, a
 * time axis, not --mode=percent)?  Their highest value in [x0, x0 +
 * x_range] (0: none), which the y axis reaches. */
bool layout_heap_drawn(const struct profile *p, const struct layout_options *o);
double layout_heap_max(const struct profile *p, const struct layout_options *o, double x0,
                       double x_range);

/* The colour line k is drawn in (k < HEAP_KINDS). */
struct rgb layout_heap_colour(enum heap_kind k);

#endif

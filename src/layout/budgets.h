/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/budgets.h: the heap budget gate drawn over one profile's graph
 * (gate.h's gate_drawing): each budget's line, green and dashed within
 * it, red and solid over it, its text beside it; a band budget's own
 * sum and the baseline's total as traces.  Private to layout/.
 */
#ifndef HP2PS_LAYOUT_BUDGETS_H
#define HP2PS_LAYOUT_BUDGETS_H

#include "layout/frame.h"

/* Draw f->o->gate (nothing when NULL, or in --mode=percent, whose axis
 * is no byte's). */
void draw_gate(struct page *pg, const struct frame *f, const struct text_metrics *tm);

#endif

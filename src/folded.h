/* SPDX-License-Identifier: BSD-3-Clause */
/* folded.h: -o FILE.folded, --format=folded: a tree (tree.h) as folded
 * stacks, the text flamegraph.pl, inferno and speedscope read: a line
 * "frame;frame;frame N" for each node that names end at, its frames from
 * the outermost, N its own bytes at the census (tree_fill), so the lines
 * add up to the census's total exactly.  Two profiles (--diff): two
 * numbers, "frame;frame N_BEFORE N_AFTER", the differential form
 * flamegraph.pl reads (difffolded.pl's).  A window's byte-seconds are
 * whole numbers that add up to its total rounded: each node's rounded
 * down, and the ones left over given to the largest remainders.
 *
 * A frame is the node as drawn (tree_node_text: valid UTF-8, one line; a
 * cut stack's unknown outer end "[cut] …"), with each ';' made ',' (the
 * tools split frames at ';').  -hi: module;file;span;closure.  A flat
 * tree: one frame a line, the name.
 */
#ifndef HP2PS_FOLDED_H
#define HP2PS_FOLDED_H

#include <stdio.h>

#include "tree.h"

/* A format that writes a tree: the one table of formats (formats.h)
 * names it. */
struct tree_format {
    const char *name;
    /* t's values to f, a column per profile: 0, 1 when a sum was held
     * at INT64_MAX (written as that), -1 with err set. */
    int (*write)(FILE *f, const struct tree *t, struct hp_error *err);
};

extern const struct tree_format tree_format_folded;

/* t as folded stacks to f: a line "frame;frame;frame VALUE" per node
 * that holds bytes of its own (with --diff two values, before and
 * after), adding up to the census; tree_format_folded's writer. */
int folded_write(FILE *f, const struct tree *t, struct hp_error *err);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* tree.h: where in the code the heap is.  A profile's names as a tree
 * (its shape, from the names alone), then the values of one census or of
 * a window (tree_fill): what --view=icicle draws (layout/icicle.c) and
 * -o FILE.folded writes (folded.h), and what the HTML page can read.
 *
 *   -hc  cost-centre stacks: the outermost cost centre under the root,
 *        each call below its caller.  From an eventlog, the stacks as the
 *        log defines them (profile.stacks: whole, up to the 255 cost
 *        centres it keeps); from a .hp, the names, which the RTS cut at
 *        -L bytes and joins with "/".
 *   -hi  an eventlog's IPE entries: module, source file, span, closure.
 *   else no tree (-hd, -hy, -hT, -hm, -hr, -hb, -he): each name a child
 *        of the root, which the layout draws as a sorted list.
 *
 * A stack known only in part (a .hp's name cut at -L, an eventlog's stack
 * 255 deep) hangs under a NODE_CUT: the frames above it are not in the
 * profile, and none is made up.  A .hp's "/" inside a label (an operator
 * such as </>) is told from the one between labels by its neighbours:
 * a "/" between two operator symbols is part of a label.
 *
 * Nodes are keyed by their parent, kind and label, so a stack's "(N)"
 * plays no part: two profiles (--diff) share one shape, their stacks
 * paired by what they say, and so do two stacks of one profile that read
 * alike.
 */
#ifndef HP2PS_TREE_H
#define HP2PS_TREE_H

#include "common.h"
#include "names.h"
#include "plan.h"
#include "profile.h"

enum tree_kind {
    TREE_FLAT,   /* no tree: each name under the root */
    TREE_STACKS, /* -hc */
    TREE_SOURCES /* -hi */
};

enum node_kind {
    NODE_ROOT,
    NODE_FRAME,     /* a cost centre, as the .hp prints it ("main", "Main.CAF") */
    NODE_CUT,       /* a stack's outer end the profile does not hold; its label
                     * is what a .hp kept of the frame it cut ("" for none) */
    NODE_MODULE,    /* -hi: a module ("" when the entry has none) */
    NODE_FILE,      /* -hi: a source file */
    NODE_SPAN,      /* -hi: a span in it ("25:17-33") */
    NODE_CLOSURE,   /* -hi: an info table, its name less its source */
    NODE_NO_SOURCE, /* -hi: the tables without an IPE entry */
    NODE_NAME       /* a name of a flat tree; -hi: a table without an entry */
};

#define TREE_NONE     UINT32_MAX
#define TREE_PROFILES 2

struct tree_node {
    const char *label; /* raw bytes (the tree owns them) */
    enum node_kind kind;
    uint32_t parent;      /* TREE_NONE for the root */
    uint32_t depth;       /* the root's is 0 */
    uint32_t child, next; /* the first child, the next sibling: TREE_NONE for none */
    /* per profile, from tree_fill: */
    double self[TREE_PROFILES];        /* the names ending here: bytes, or byte-seconds */
    double value[TREE_PROFILES];       /* self and every node below */
    int64_t self_bytes[TREE_PROFILES]; /* a census's self, exact (held at INT64_MAX) */
    int64_t name[TREE_PROFILES];       /* the largest name ending here, or -1 */
};

/* What a profile's values are (tree_fill's moment). */
enum moment_kind {              /* the census, by census_find (census.h): */
                   MOMENT_PEAK, /* the one with the largest total */
                   MOMENT_END,  /* the last that holds anything */
                   MOMENT_TIME, /* the one at a time, or the last before it */
                   MOMENT_WINDOW /* every census, in byte-seconds (trapezoids, as the title's total) */
};

struct moment {
    enum moment_kind kind;
    double time; /* MOMENT_TIME */
};

/* What tree_fill filled a profile's values with. */
struct tree_census {
    enum moment_kind kind;
    size_t index;        /* the census's (from 0), not for a window */
    double time;         /* its time; a window: its first census's */
    double end;          /* a window: its last census's time */
    size_t censuses;     /* a window: how many */
    double total;        /* the root's value */
    int64_t total_bytes; /* a census's total, exact (held at INT64_MAX) */
    bool clipped;        /* a sum was held at INT64_MAX */
};

struct tree {
    enum tree_kind kind;
    enum heap_breakdown breakdown; /* the profiles' */
    struct tree_node *node;        /* node[0] is the root; a parent comes before its children */
    size_t count, cap;
    size_t nprofiles;
    uint32_t *leaf[TREE_PROFILES]; /* per profile: name id -> its node, TREE_NONE
                                    * for a name left out (--include/--exclude) */
    size_t nnames[TREE_PROFILES];
    uint32_t depth;   /* the deepest node's */
    bool cut_names;   /* a .hp's name cut at -L */
    bool cut_log;     /* an eventlog's stack 255 deep */
    long name_length; /* the -L the .hp's names were cut at */
    struct tree_census census[TREE_PROFILES];
    struct names keys; /* (parent, kind, label) -> node - 1 */
};

/* The shape of the names of p[0..n) (n is 1, or 2 for --diff: before and
 * after), each name kept unless bp[k] (NULL: every name) drops it
 * (band_of_name -1: --include/--exclude).  -1 with err set when the two
 * profiles break the heap down differently.  The caller owns t:
 * tree_free (also after a failure). */
int tree_build(struct tree *t, const struct profile *p, const struct band_plan *bp, size_t n,
               struct hp_error *err);
void tree_free(struct tree *t);

/* Profile k's values at m: every node's self, value and name, and
 * t->census[k].  -1 with err set when m has no census (census_find's: a
 * time before the first; a window of fewer than two censuses) or a
 * replay fails. */
int tree_fill(struct tree *t, size_t k, const struct profile *p, const struct moment *m,
              struct hp_error *err);

/* The children of node, largest first in profile k (equal ones by label),
 * in out[0..]: returns how many (out holds the node's child count). */
size_t tree_children(const struct tree *t, uint32_t node, size_t k, uint32_t *out);

/* The same by size[i] for node i (NULL: value[k]), equal ones by label. */
size_t tree_children_by(const struct tree *t, uint32_t node, const double *size, size_t k,
                        uint32_t *out);

/* How many children node has. */
size_t tree_child_count(const struct tree *t, uint32_t node);

/* A node as drawn: one line of valid UTF-8 (utf8_display_name); the root
 * "all", a cut "…" after what is left of its frame ("[cut] " before it
 * too when marked), a module without a name "(no module)", the -hi
 * tables without an entry "(no IPE entry)".  A new string. */
char *tree_node_text(const struct tree_node *nd, bool mark_cut);

/* A flat tree's reason, for a line that says there is no tree: "-hy
 * breaks the heap down by type", or NULL for a tree. */
const char *tree_flat_reason(const struct tree *t);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* page/icicle.h: issue 42 in the HTML page: the tree of one profile's
 * names (tree.h's, the one --view=icicle draws) cut down to the names the
 * page has values of: every band that is one name, and the names of
 * OTHER and -t the page lists at its samples (page/suspects.h).  The page
 * adds the values up itself, for the sample under the pointer or a
 * zoomed window, so nothing is sent per sample; a tree of more than
 * PAGE_TREE_NODES nodes is not sent (the page says so).
 */
#ifndef HP2PS_PAGE_ICICLE_H
#define HP2PS_PAGE_ICICLE_H

#include "page/suspects.h"
#include "tree.h"

#define PAGE_TREE_NODES 60000

struct page_tree {
    enum tree_kind kind;
    const char *reason;      /* a flat tree's (tree_flat_reason), or NULL */
    bool too_big;            /* over PAGE_TREE_NODES: no nodes sent */
    bool cut_names, cut_log; /* stacks cut at -L, at 255 frames */
    long name_length;        /* the -L of a .hp's names */
    size_t nnodes;           /* node 0 is the root; a parent before its children */
    int64_t *parent;         /* -1 for the root */
    enum node_kind *kind_of;
    char **label; /* as drawn (tree_node_text), valid UTF-8 */
    size_t nbands;
    int64_t *band_node; /* the node a panel band's name ends at, or -1 (OTHER) */
    size_t nmembers;
    int64_t *member_node; /* the same for each name O lists */
};

/* p's tree for the panel of bands bp and O's listed names (O may be
 * NULL).  NULL when the tree cannot be built (a profile of no names).
 * page_tree_free. */
struct page_tree *page_tree_build(const struct profile *p, const struct band_plan *bp,
                                  const struct page_opened *O);
void page_tree_free(struct page_tree *T);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* page/icicle.c: see page/icicle.h. */
#include "page/icicle.h"

#include <stdlib.h>
#include <string.h>

/* Marks node n and its ancestors kept. */
static void keep_path(const struct tree *t, bool *keep, uint32_t n)
{
    while (n != TREE_NONE && !keep[n]) {
        keep[n] = true;
        n = t->node[n].parent;
    }
}

struct page_tree *page_tree_build(const struct profile *p, const struct band_plan *bp,
                                  const struct page_opened *O)
{
    struct tree t;
    struct hp_error err;
    if (tree_build(&t, p, bp, 1, &err) < 0) {
        tree_free(&t);
        return NULL;
    }
    struct page_tree *T = xcalloc(1, sizeof *T);
    T->kind = t.kind;
    T->reason = tree_flat_reason(&t);
    T->cut_names = t.cut_names;
    T->cut_log = t.cut_log;
    T->name_length = t.name_length;
    /* each band's name (one name a band, but OTHER) */
    size_t nb = bp->count;
    int64_t *band_id = xreallocarray(NULL, nb ? nb : 1, sizeof *band_id);
    for (size_t b = 0; b < nb; b++)
        band_id[b] = -1;
    for (size_t id = 0; id < bp->nnames && id < t.nnames[0]; id++) {
        int32_t b = bp->band_of_name[id];
        if (b >= 0 && (size_t)b < nb && !bp->band[b].is_other)
            band_id[b] = (int64_t)id;
    }
    bool *keep = xcalloc(t.count ? t.count : 1, sizeof *keep);
    for (size_t b = 0; b < nb; b++)
        if (band_id[b] >= 0)
            keep_path(&t, keep, t.leaf[0][band_id[b]]);
    for (size_t m = 0; O && m < O->nnames; m++)
        if (O->id[m] < t.nnames[0])
            keep_path(&t, keep, t.leaf[0][O->id[m]]);
    keep[0] = true;
    size_t kept = 0;
    for (size_t i = 0; i < t.count; i++)
        kept += keep[i];
    if (kept > PAGE_TREE_NODES) {
        T->too_big = true;
        kept = 0;
    }
    int64_t *renum = xreallocarray(NULL, t.count ? t.count : 1, sizeof *renum);
    T->parent = xcalloc(kept ? kept : 1, sizeof *T->parent);
    T->kind_of = xcalloc(kept ? kept : 1, sizeof *T->kind_of);
    T->label = xcalloc(kept ? kept : 1, sizeof *T->label);
    for (size_t i = 0; i < t.count; i++) {
        renum[i] = -1;
        if (!keep[i] || T->too_big)
            continue;
        const struct tree_node *nd = &t.node[i];
        renum[i] = (int64_t)T->nnodes;
        T->parent[T->nnodes] = nd->parent == TREE_NONE ? -1 : renum[nd->parent];
        T->kind_of[T->nnodes] = nd->kind;
        T->label[T->nnodes] = tree_node_text(nd, false);
        T->nnodes++;
    }
    T->nbands = nb;
    T->band_node = xcalloc(nb ? nb : 1, sizeof *T->band_node);
    for (size_t b = 0; b < nb; b++)
        T->band_node[b] = band_id[b] >= 0 && t.leaf[0][band_id[b]] != TREE_NONE
            ? renum[t.leaf[0][band_id[b]]]
            : -1;
    T->nmembers = O ? O->nnames : 0;
    T->member_node = xcalloc(T->nmembers ? T->nmembers : 1, sizeof *T->member_node);
    for (size_t m = 0; m < T->nmembers; m++)
        T->member_node[m] = O->id[m] < t.nnames[0] && t.leaf[0][O->id[m]] != TREE_NONE
            ? renum[t.leaf[0][O->id[m]]]
            : -1;
    free(renum);
    free(keep);
    free(band_id);
    tree_free(&t);
    return T;
}

void page_tree_free(struct page_tree *T)
{
    if (!T)
        return;
    for (size_t i = 0; i < T->nnodes; i++)
        free(T->label[i]);
    free(T->label);
    free(T->parent);
    free(T->kind_of);
    free(T->band_node);
    free(T->member_node);
    free(T);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* selsort.c: see selsort.h.
 *
 * The permutation is the one a literal selection sort produces:
 *
 *     for i in 0 .. n-2:
 *         m = i
 *         for j in i+1 .. n-1:
 *             if less(items[j], items[m]): m = j
 *         swap items[i], items[m]
 *
 * The inner scan finds the leftmost smallest item of i..n-1, with two
 * twists for unordered (NaN) keys: if items[i] itself is unordered, every
 * comparison against it is false and the scan stays at i; otherwise an
 * unordered item can never win a comparison, so it is never chosen.
 *
 * Here a segment tree over the positions holds, in each node, the leftmost
 * position of the smallest ordered item in its range (or none).  Positions
 * already settled (< i) and unordered items are "none".  Each step reads
 * the root, swaps, and updates the two positions that changed, so the
 * whole sort is O(n log n) comparisons.
 */
#include "selsort.h"

#include <stdlib.h>

#define NONE SIZE_MAX

struct tree {
    size_t *node; /* node[1] is the root; leaves at node[size + pos] */
    size_t size;  /* number of leaves, a power of two >= n */
    const size_t *items;
    selsort_less_fn less;
    const void *ctx;
};

/* The better of two candidate positions: the right one only if its item is
 * strictly smaller, so ties keep the leftmost position. */
static size_t pick(const struct tree *t, size_t left, size_t right)
{
    if (left == NONE)
        return right;
    if (right == NONE)
        return left;
    return t->less(t->ctx, t->items[right], t->items[left]) ? right : left;
}

static void set_leaf(struct tree *t, size_t pos, size_t value)
{
    size_t k = t->size + pos;
    t->node[k] = value;
    for (k /= 2; k >= 1; k /= 2)
        t->node[k] = pick(t, t->node[2 * k], t->node[2 * k + 1]);
}

void selection_sort(size_t *items, size_t n, selsort_less_fn less, selsort_unordered_fn unordered,
                    const void *ctx)
{
    if (n < 2)
        return;

    struct tree t;
    t.size = 1;
    while (t.size < n)
        t.size *= 2;
    t.node = xreallocarray(NULL, 2 * t.size, sizeof *t.node);
    t.items = items;
    t.less = less;
    t.ctx = ctx;

    for (size_t pos = 0; pos < t.size; pos++) {
        bool usable = pos < n && !(unordered && unordered(ctx, items[pos]));
        t.node[t.size + pos] = usable ? pos : NONE;
    }
    for (size_t k = t.size - 1; k >= 1; k--)
        t.node[k] = pick(&t, t.node[2 * k], t.node[2 * k + 1]);

    for (size_t i = 0; i + 1 < n; i++) {
        size_t m = i;
        if (!(unordered && unordered(ctx, items[i]))) {
            /* items[i] is ordered and its leaf is live, so the root holds
             * the leftmost minimum of i..n-1 (it may be i itself). */
            m = t.node[1];
        }
        if (m != i) {
            size_t tmp = items[i];
            items[i] = items[m];
            items[m] = tmp;
            /* Position m now holds the old items[i]; its key is unchanged,
             * so it is usable exactly when it was usable at i. */
            bool usable = !(unordered && unordered(ctx, items[m]));
            set_leaf(&t, m, usable ? m : NONE);
        }
        set_leaf(&t, i, NONE);
    }
    free(t.node);
}

/* ---- whole-number keys --------------------------------------------------- */

/* The same tree for keys that are numbers: each node holds the key of the
 * position it names, so a comparison reads the two children and nothing
 * else.  With a million names the general tree's every comparison went
 * through the callback to the name table, a cache miss or two a level. */
struct knode {
    uint64_t key;
    size_t pos; /* NONE: no position */
};

static struct knode kpick(struct knode left, struct knode right)
{
    if (left.pos == NONE)
        return right;
    if (right.pos == NONE)
        return left;
    return right.key < left.key ? right : left;
}

static void kset_leaf(struct knode *node, size_t size, size_t pos, struct knode v)
{
    size_t k = size + pos;
    node[k] = v;
    for (k /= 2; k >= 1; k /= 2)
        node[k] = kpick(node[2 * k], node[2 * k + 1]);
}

void selection_sort_keys(size_t *items, size_t n, const uint64_t *key)
{
    if (n < 2)
        return;
    size_t size = 1;
    while (size < n)
        size *= 2;
    struct knode *node = xreallocarray(NULL, 2 * size, sizeof *node);
    for (size_t pos = 0; pos < size; pos++)
        node[size + pos] =
            pos < n ? (struct knode){ key[items[pos]], pos } : (struct knode){ 0, NONE };
    for (size_t k = size - 1; k >= 1; k--)
        node[k] = kpick(node[2 * k], node[2 * k + 1]);
    for (size_t i = 0; i + 1 < n; i++) {
        /* Every leaf from i on is live: the root is the leftmost minimum
         * of i..n-1. */
        size_t m = node[1].pos;
        if (m != i) {
            size_t tmp = items[i];
            items[i] = items[m];
            items[m] = tmp;
            kset_leaf(node, size, m, (struct knode){ key[items[m]], m });
        }
        kset_leaf(node, size, i, (struct knode){ 0, NONE });
    }
    free(node);
}

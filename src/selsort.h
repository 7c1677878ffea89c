/* SPDX-License-Identifier: BSD-3-Clause */
/* selsort.h: GHC hp2ps's band sorts, reproduced exactly, in O(n log n).
 *
 * GHC orders bands with a selection sort: for each position i, find the
 * first smallest key in i..n-1 (strict "less than") and swap it into i.
 * That sort is not stable, and its tie order shows in the band order, the
 * shades and the .aux file.  A literal selection sort is quadratic, which a
 * profile with a million names turns into hours, so this module finds the
 * same minimum with a segment tree instead.
 */
#ifndef HP2PS_SELSORT_H
#define HP2PS_SELSORT_H

#include "common.h"

/* less(ctx, a, b): the key of item a is strictly below that of item b.
 * unordered(ctx, a): a's key compares false with everything (a NaN); may be
 * NULL when keys are never NaN.  items[] is permuted in place. */
typedef bool (*selsort_less_fn)(const void *ctx, size_t a, size_t b);
typedef bool (*selsort_unordered_fn)(const void *ctx, size_t a);

/* items[0..n) in the order GHC's selection sort leaves them (ties as it
 * breaks them), in O(n log n). */
void selection_sort(size_t *items, size_t n, selsort_less_fn less, selsort_unordered_fn unordered,
                    const void *ctx);

/* The same permutation for whole-number keys, ascending: key[item] is
 * item's key (a name's total).  Several times faster on a million items:
 * the tree holds the keys, no callback reads them. */
void selection_sort_keys(size_t *items, size_t n, const uint64_t *key);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* test_selsort.c: the fast selection sort gives exactly the permutation of
 * the literal quadratic one GHC's hp2ps runs, ties and NaNs included. */
#include "check.h"
#include "fixture.h"
#include "selsort.h"

#include <stdlib.h>
#include <time.h>

struct dkeys {
    const double *key;
};

static bool less_d(const void *ctx, size_t a, size_t b)
{
    const struct dkeys *k = ctx;
    return k->key[a] < k->key[b];
}

static bool greater_d(const void *ctx, size_t a, size_t b)
{
    const struct dkeys *k = ctx;
    return k->key[a] > k->key[b];
}

static bool nan_d(const void *ctx, size_t a)
{
    const struct dkeys *k = ctx;
    return isnan(k->key[a]);
}

/* The reference: GHC's selection sort, written out literally. */
static void reference_sort(size_t *items, size_t n, selsort_less_fn less, const void *ctx)
{
    for (size_t i = 0; i + 1 < n; i++) {
        size_t m = i;
        for (size_t j = i + 1; j < n; j++)
            if (less(ctx, items[j], items[m]))
                m = j;
        size_t t = items[i];
        items[i] = items[m];
        items[m] = t;
    }
}

/* Deterministic, so failures reproduce. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng(void)
{
    return fixture_rng(&rng_state);
}

/* a[0..n) in a random order (Fisher-Yates, from rng()). */
static void shuffle(size_t *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(rng() % i);
        size_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

static bool same(const size_t *a, const size_t *b, size_t n)
{
    return memcmp(a, b, n * sizeof *a) == 0;
}

struct ukeys {
    const uint64_t *key;
};

static bool less_u(const void *ctx, size_t a, size_t b)
{
    const struct ukeys *k = ctx;
    return k->key[a] < k->key[b];
}

/* selection_sort_keys: the reference's permutation for whole-number keys,
 * with many ties, the largest keys, and items that are not positions. */
static void keys_against_reference(void)
{
    int mismatches = 0;
    for (int round = 0; round < 3000; round++) {
        size_t n = (size_t)(rng() % 70);
        size_t distinct = 1 + (size_t)(rng() % 9);
        uint64_t *key = malloc((n ? n : 1) * sizeof *key);
        size_t *a = malloc((n ? n : 1) * sizeof *a);
        size_t *b = malloc((n ? n : 1) * sizeof *b);
        for (size_t i = 0; i < n; i++) {
            uint64_t r = rng() % distinct;
            key[i] = r == 0 ? UINT64_MAX : r == 1 ? 0 : r * 1000003u;
            a[i] = i;
        }
        shuffle(a, n);
        memcpy(b, a, n * sizeof *a);
        struct ukeys k = { key };
        selection_sort_keys(a, n, key);
        reference_sort(b, n, less_u, &k);
        mismatches += !same(a, b, n);
        free(key);
        free(a);
        free(b);
    }
    CHECK_INT(mismatches, 0);
}

/* Random arrays with many ties (few distinct keys), some with NaNs, items
 * given as a random permutation of key indices so that items and
 * positions differ. */
static void random_against_reference(void)
{
    int mismatches = 0, runs = 0;
    for (int round = 0; round < 4000; round++) {
        size_t n = (size_t)(rng() % 60);
        size_t distinct = 1 + (size_t)(rng() % 8);
        int nan_mode = (int)(rng() % 4); /* 0,1: none; 2: some; 3: many */
        double *key = malloc((n ? n : 1) * sizeof *key);
        size_t *a = malloc((n ? n : 1) * sizeof *a);
        size_t *b = malloc((n ? n : 1) * sizeof *b);
        for (size_t i = 0; i < n; i++) {
            key[i] = (double)(rng() % distinct);
            if ((nan_mode == 2 && rng() % 8 == 0) || (nan_mode == 3 && rng() % 2 == 0))
                key[i] = NAN;
            a[i] = i;
        }
        shuffle(a, n); /* items and positions differ */
        memcpy(b, a, n * sizeof *a);
        struct dkeys k = { key };
        bool descending = rng() % 3 == 0;
        selsort_less_fn fn = descending ? greater_d : less_d;
        selection_sort(a, n, fn, nan_d, &k);
        reference_sort(b, n, fn, &k);
        runs++;
        if (!same(a, b, n))
            mismatches++;

        /* Without NaNs the unordered callback may be NULL. */
        if (nan_mode < 2) {
            for (size_t i = 0; i < n; i++)
                a[i] = b[i] = n - 1 - i;
            selection_sort(a, n, fn, NULL, &k);
            reference_sort(b, n, fn, &k);
            runs++;
            if (!same(a, b, n))
                mismatches++;
        }
        free(key);
        free(a);
        free(b);
    }
    CHECK(runs > 4000);
    CHECK_INT(mismatches, 0);
}

/* A few cases worked by hand. */
static void hand_cases(void)
{
    /* Keys 2 1 1 0 1 at items 0..4.
     * i=0: min 0 at 3 -> swap 0,3: 3 1 2 0 4   keys 0 1 1 2 1
     * i=1: first 1 at 1 -> stays
     * i=2: first 1 at 2 -> stays
     * i=3: keys 2 1 -> min at 4 -> swap: 3 1 2 4 0 */
    double key[] = { 2, 1, 1, 0, 1 };
    size_t items[] = { 0, 1, 2, 3, 4 };
    struct dkeys k = { key };
    selection_sort(items, 5, less_d, NULL, &k);
    size_t want[] = { 3, 1, 2, 4, 0 };
    CHECK(same(items, want, 5));

    /* Unstable: equal keys 5a 5b then 1: i=0 swaps 5a with 1, giving
     * 1 5b 5a. */
    double key2[] = { 5, 5, 1 };
    size_t items2[] = { 0, 1, 2 };
    k.key = key2;
    selection_sort(items2, 3, less_d, NULL, &k);
    size_t want2[] = { 2, 1, 0 };
    CHECK(same(items2, want2, 3));

    /* A NaN at position i stays there; elsewhere it is never chosen:
     * keys 3 NaN 1 2.  i=0: min 1 at 2 -> 2 1 0 3 (keys 1 NaN 3 2)
     * i=1: NaN -> stays.  i=2: 3 vs 2 -> swap: 2 1 3 0. */
    double key3[] = { 3, NAN, 1, 2 };
    size_t items3[] = { 0, 1, 2, 3 };
    k.key = key3;
    selection_sort(items3, 4, less_d, nan_d, &k);
    size_t want3[] = { 2, 1, 3, 0 };
    CHECK(same(items3, want3, 4));

    /* All NaN: nothing moves. */
    double key4[] = { NAN, NAN, NAN };
    size_t items4[] = { 2, 0, 1 };
    k.key = key4;
    selection_sort(items4, 3, less_d, nan_d, &k);
    size_t want4[] = { 2, 0, 1 };
    CHECK(same(items4, want4, 3));

    /* n = 0 and n = 1 do nothing (and do not touch the array). */
    selection_sort(NULL, 0, less_d, NULL, &k);
    size_t one = 7;
    selection_sort(&one, 1, less_d, NULL, &k);
    CHECK_INT(one, 7);
}

/* Larger arrays against the reference (still quadratic there, so mid-size). */
static void medium_against_reference(void)
{
    size_t n = 3000;
    double *key = malloc(n * sizeof *key);
    size_t *a = malloc(n * sizeof *a);
    size_t *b = malloc(n * sizeof *b);
    int mismatches = 0;
    for (int round = 0; round < 6; round++) {
        for (size_t i = 0; i < n; i++) {
            key[i] = (double)(rng() % (round < 3 ? 20u : 100000u));
            if (round == 5 && rng() % 10 == 0)
                key[i] = NAN;
            a[i] = b[i] = i;
        }
        struct dkeys k = { key };
        selection_sort(a, n, less_d, nan_d, &k);
        reference_sort(b, n, less_d, &k);
        if (!same(a, b, n))
            mismatches++;
    }
    CHECK_INT(mismatches, 0);
    free(key);
    free(a);
    free(b);
}

/* A million items must sort quickly (the quadratic sort would take hours). */
static void million(void)
{
    size_t n = 1000000;
    double *key = malloc(n * sizeof *key);
    size_t *a = malloc(n * sizeof *a);
    for (size_t i = 0; i < n; i++) {
        key[i] = (double)(rng() % 1000);
        a[i] = i;
    }
    struct dkeys k = { key };
    clock_t t0 = clock();
    selection_sort(a, n, less_d, NULL, &k);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    bool sorted = true;
    for (size_t i = 1; i < n; i++)
        if (key[a[i - 1]] > key[a[i]])
            sorted = false;
    CHECK(sorted);
    /* Generous, to allow for sanitizers and valgrind. */
    CHECK(secs < 60.0);
    printf("1,000,000 items sorted in %.2f s\n", secs);
    free(key);
    free(a);
}

int main(void)
{
    hand_cases();
    random_against_reference();
    keys_against_reference();
    medium_against_reference();
    million();
    return check_report();
}

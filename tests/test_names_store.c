/* SPDX-License-Identifier: BSD-3-Clause */
/* test_names_store.c: the name table and the replayable sample store. */
#include "check.h"
#include "fixture.h"
#include "names.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>

/* Any entry round-trips: values of every size (0, one byte, 2^k - 1 and
 * 2^k on each byte's edge, INT64_MAX, negative ones, INT64_MIN), names
 * next to the one expected, far before and after it, 0 and UINT32_MAX;
 * in memory and spilled, in a store's own log and in adopted ones. */
static int64_t random_value(uint64_t *rng)
{
    uint64_t r = fixture_rng(rng);
    switch (r % 8) {
    case 0:
        return 0;
    case 1:
        return (int64_t)(r >> 56);
    case 2:
        return INT64_MAX;
    case 3:
        return -(int64_t)(r >> 40) - 1;
    case 4:
        return INT64_MIN;
    default: {
        unsigned bits = (unsigned)(r >> 8) % 63 + 1; /* 1..63 */
        uint64_t edge = (uint64_t)1 << (bits - 1);
        return (int64_t)(r & 1 ? edge : edge - 1) + (int64_t)((r >> 3) & 1);
    }
    }
}

static uint32_t random_name(uint64_t *rng, uint32_t expected)
{
    uint64_t r = fixture_rng(rng);
    switch (r % 6) {
    case 0:
        return 0;
    case 1:
        return UINT32_MAX;
    case 2:
        return (uint32_t)(r >> 32);
    default: { /* near: -9..+9 around the expected id */
        int64_t d = (int64_t)((r >> 8) % 19) - 9, id = (int64_t)expected + d;
        return id < 0 ? 0 : id > (int64_t)UINT32_MAX ? UINT32_MAX : (uint32_t)id;
    }
    }
}

struct logged {
    double t;
    size_t n;
    struct sample_entry e[40];
};

/* Half the samples have the names of the one before (the store keeps
 * only their values), with values of every size. */
static void fill_random(struct logged *l, size_t count, uint64_t *rng)
{
    for (size_t k = 0; k < count; k++) {
        l[k].t = (double)k * 0.5;
        if (k > 0 && fixture_rng(rng) % 2) {
            l[k].n = l[k - 1].n;
            for (size_t i = 0; i < l[k].n; i++) {
                l[k].e[i].name = l[k - 1].e[i].name;
                l[k].e[i].value = random_value(rng);
            }
            continue;
        }
        l[k].n = fixture_rng(rng) % 41;
        uint32_t expected = 0;
        for (size_t i = 0; i < l[k].n; i++) {
            l[k].e[i].name = random_name(rng, expected);
            l[k].e[i].value = random_value(rng);
            expected = l[k].e[i].name + 1;
        }
    }
}

static size_t replay_differs_by(const struct store *s, const struct logged *l, size_t count,
                                const uint32_t *map, bool ahead)
{
    struct hp_error err;
    struct store_cursor *cur = ahead ? store_cursor_new_ahead(s) : store_cursor_new(s);
    struct sample smp;
    size_t k = 0, bad = 0;
    int rc;
    while ((rc = store_cursor_next(cur, &smp, &err)) == 1) {
        if (k >= count) {
            bad++;
            break;
        }
        bad += smp.time != l[k].t || smp.n != l[k].n;
        for (size_t i = 0; i < smp.n && i < l[k].n; i++)
            bad += smp.entry[i].name != (map ? map[l[k].e[i].name % 64] : l[k].e[i].name)
                || smp.entry[i].value != l[k].e[i].value;
        k++;
    }
    store_cursor_free(cur);
    return bad + (rc != 0) + (k != count);
}

/* The sums store_cursor_next_sums must give for logged sample x under
 * grouping gr, made here from the entries: sum[0..ngroups), and the
 * lowest group held at INT64_MAX (ngroups: none). */
static size_t expected_sums(const struct logged *x, const uint32_t *map,
                            const struct store_grouping *gr, int64_t *sum)
{
    size_t held = gr->ngroups;
    for (size_t g = 0; g < gr->ngroups; g++)
        sum[g] = 0;
    for (size_t i = 0; i < x->n; i++) {
        uint32_t name = map ? map[x->e[i].name % 64] : x->e[i].name;
        int32_t g = name < gr->nnames ? gr->group_of_name[name] : -1;
        if (g < 0 || (size_t)g >= gr->ngroups)
            continue;
        int64_t v = x->e[i].value > 0 ? x->e[i].value : 0;
        if (sum[g] > INT64_MAX - v) {
            sum[g] = INT64_MAX;
            if ((size_t)g < held)
                held = (size_t)g;
        } else
            sum[g] += v;
    }
    return held;
}

/* store_cursor_next_sums against the entries summed here, under a
 * grouping of the ids below nnames into ngroups groups (some ids in none,
 * some in a group past the last, which is none too), every other call
 * store_cursor_next on the same cursor when mixed. */
static size_t sums_differ_by(const struct store *s, const struct logged *l, size_t count,
                             const uint32_t *map, bool ahead, bool mixed, uint64_t *rng)
{
    struct hp_error err;
    enum { NNAMES = 1100, NGROUPS = 5 };
    int32_t table[NNAMES];
    for (size_t i = 0; i < NNAMES; i++) {
        uint64_t r = fixture_rng(rng) % 8;
        table[i] = r == 0 ? -1 : r == 1 ? NGROUPS + 3 : (int32_t)(r % NGROUPS);
    }
    struct store_grouping gr = { table, NNAMES, NGROUPS };
    struct store_cursor *cur = ahead ? store_cursor_new_ahead(s) : store_cursor_new(s);
    size_t k = 0, bad = 0;
    int rc;
    for (;;) {
        if (mixed && k % 3 == 1) {
            struct sample smp;
            if ((rc = store_cursor_next(cur, &smp, &err)) != 1)
                break;
            bad += k >= count || smp.time != l[k].t || smp.n != l[k].n;
        } else {
            struct sample_sums ss;
            if ((rc = store_cursor_next_sums(cur, &gr, &ss, &err)) != 1)
                break;
            if (k >= count) {
                bad++;
                break;
            }
            int64_t want[NGROUPS];
            size_t held = expected_sums(&l[k], map, &gr, want);
            bad += ss.time != l[k].t || ss.first_held != held;
            for (size_t g = 0; g < NGROUPS; g++)
                bad += ss.sum[g] != want[g];
        }
        k++;
    }
    store_cursor_free(cur);
    return bad + (rc != 0) + (k != count);
}

/* Both cursors, plain and decoded ahead (store_cursor_new_ahead), each
 * also summing by group, and the two kinds of call mixed. */
static size_t replay_differs(const struct store *s, const struct logged *l, size_t count,
                             const uint32_t *map)
{
    uint64_t rng = 0x51ed27u + count;
    size_t bad =
        replay_differs_by(s, l, count, map, false) + replay_differs_by(s, l, count, map, true);
    for (int ahead = 0; ahead < 2; ahead++)
        for (int mixed = 0; mixed < 2; mixed++)
            bad += sums_differ_by(s, l, count, map, ahead, mixed, &rng);
    return bad;
}

/* Decoded ahead: samples larger than a batch, a cursor freed half way
 * (its thread ends; nothing hangs or leaks), cursors that read at once. */
static void test_ahead(void)
{
    struct hp_error err;
    struct store *s = store_new();
    size_t count = 600, big = 20000;
    struct sample_entry *e = xcalloc(big, sizeof *e);
    for (size_t k = 0; k < count; k++) {
        size_t n = k % 100 == 7 ? big : k % 50;
        for (size_t i = 0; i < n; i++)
            e[i].name = (uint32_t)i, e[i].value = (int64_t)(k * 100000 + i);
        CHECK(store_append(s, (double)k, e, n, &err) == 0);
    }
    for (int cut = 0; cut < 2; cut++) {
        struct store_cursor *a = store_cursor_new_ahead(s), *p = store_cursor_new(s);
        struct sample x, y;
        size_t k = 0, bad = 0;
        int ra, rp;
        while ((ra = store_cursor_next(a, &x, &err)) == 1
               && (rp = store_cursor_next(p, &y, &err)) == 1) {
            bad += x.time != y.time || x.n != y.n;
            for (size_t i = 0; i < x.n && i < y.n; i++)
                bad += x.entry[i].name != y.entry[i].name || x.entry[i].value != y.entry[i].value;
            if (++k == 300 && cut)
                break;
        }
        CHECK_INT(bad, 0);
        CHECK_INT(k, cut ? 300 : count);
        if (!cut) {
            CHECK_INT(ra, 0);
            CHECK_INT(store_cursor_next(a, &x, &err), 0); /* and again */
        }
        store_cursor_free(a);
        store_cursor_free(p);
    }
    store_free(s);
    free(e);
}

static void test_round_trip(void)
{
    struct hp_error err;
    uint64_t rng = 0x9e3779b97f4a7c15u;
    for (int spill = 0; spill < 2; spill++) {
        size_t count = spill ? 12000 : 300; /* about 3 MB, and 80 kB */
        struct logged *l = xcalloc(count, sizeof *l);
        fill_random(l, count, &rng);
        struct store *s = store_new();
        for (size_t k = 0; k < count; k++)
            CHECK(store_append(s, l[k].t, l[k].e, l[k].n, &err) == 0);
        CHECK(store_spilled(s) == (spill != 0));
        CHECK_INT(replay_differs(s, l, count, NULL), 0);
        CHECK_INT(replay_differs(s, l, count, NULL), 0); /* twice */
        store_free(s);
        free(l);
    }
    /* Adopted: a spooled store's samples, names below 64 mapped. */
    size_t count = 2000;
    struct logged *l = xcalloc(count, sizeof *l);
    fill_random(l, count, &rng);
    for (size_t k = 0; k < count; k++)
        for (size_t i = 0; i < l[k].n; i++)
            l[k].e[i].name %= 64;
    uint32_t map[64];
    for (uint32_t i = 0; i < 64; i++)
        map[i] = 1000 - 3 * i;
    struct store *s = store_new(), *part = store_new_spooled();
    for (size_t k = 0; k < count; k++)
        CHECK(store_append(part, l[k].t, l[k].e, l[k].n, &err) == 0);
    store_adopt(s, part, map, 64);
    CHECK_INT(store_count(s), count);
    CHECK_INT(replay_differs(s, l, count, map), 0);
    store_free(s);
    free(l);
}

/* Samples with the names of the one before keep only their values: a
 * byte of two sizes, then the values (store.c).  40 names of value 1 take
 * 60 bytes a sample so, 80 with a tag each; a changed value or a name
 * list that differs (one more name, another order) round-trips. */
static void test_same_names(void)
{
    struct hp_error err;
    struct logged *l = xcalloc(1000, sizeof *l);
    for (size_t k = 0; k < 1000; k++) {
        l[k].t = (double)k;
        l[k].n = 40;
        for (size_t i = 0; i < 40; i++)
            l[k].e[i] = (struct sample_entry){ (uint32_t)i, 1 };
    }
    struct store *s = store_new();
    for (size_t k = 0; k < 1000; k++)
        CHECK(store_append(s, l[k].t, l[k].e, l[k].n, &err) == 0);
    CHECK(store_bytes(s) < 1000 * (8 + 1 + 70));
    CHECK_INT(replay_differs(s, l, 1000, NULL), 0);
    store_free(s);
    l[500].e[39].value = INT64_MAX;
    l[501].n = 39;                               /* one name fewer */
    l[600].e[3] = (struct sample_entry){ 4, 5 }; /* names 3 and 4 swapped */
    l[600].e[4] = (struct sample_entry){ 3, 0 };
    l[700].e[0].value = -1; /* 8 bytes */
    s = store_new();
    for (size_t k = 0; k < 1000; k++)
        CHECK(store_append(s, l[k].t, l[k].e, l[k].n, &err) == 0);
    CHECK_INT(replay_differs(s, l, 1000, NULL), 0);
    store_free(s);
    free(l);
}

/* Logs the store has moved on from (its own before an adopted part, and
 * each part) are written out and their blocks freed at once: the replay
 * is whole, and while parts are adopted the store holds no block. */
static void test_retired(void)
{
    struct hp_error err;
    uint64_t rng = 0x243f6a8885a308d3u;
    size_t own = 12000, part = 2000, tail = 300, count = own + 2 * part + tail;
    struct logged *l = xcalloc(count, sizeof *l);
    fill_random(l, count, &rng);
    uint32_t map[64];
    for (uint32_t i = 0; i < 64; i++)
        map[i] = 7 * i + 5;
    for (size_t k = 0; k < count; k++) {
        l[k].t = (double)k;
        for (size_t i = 0; i < l[k].n; i++)
            l[k].e[i].name %= 64;
    }
    /* The store's own samples are appended with the store's ids. */
    struct store *s = store_new();
    struct sample_entry mapped[40];
    for (size_t k = 0; k < own; k++) {
        for (size_t i = 0; i < l[k].n; i++)
            mapped[i] = (struct sample_entry){ map[l[k].e[i].name], l[k].e[i].value };
        CHECK(store_append(s, l[k].t, mapped, l[k].n, &err) == 0);
    }
    CHECK(store_spilled(s));
    CHECK(store_memory(s) > 0); /* its write block */
    for (size_t p = 0; p < 2; p++) {
        struct store *q = store_new_spooled();
        for (size_t k = own + p * part; k < own + (p + 1) * part; k++)
            CHECK(store_append(q, l[k].t, l[k].e, l[k].n, &err) == 0);
        CHECK(store_memory(q) > 0);
        store_adopt(s, q, map, 64);
        CHECK_INT(store_memory(s), 0);
    }
    for (size_t k = own + 2 * part; k < count; k++) {
        for (size_t i = 0; i < l[k].n; i++)
            mapped[i] = (struct sample_entry){ map[l[k].e[i].name], l[k].e[i].value };
        CHECK(store_append(s, l[k].t, mapped, l[k].n, &err) == 0);
    }
    CHECK_INT(store_segments(s), 4);
    CHECK_INT(store_count(s), count);
    CHECK_INT(replay_differs(s, l, count, map), 0);
    CHECK_INT(replay_differs(s, l, count, map), 0); /* twice */
    store_free(s);

    /* A log still in memory keeps only the bytes it has when retired. */
    s = store_new();
    CHECK(store_append(s, 0, l[0].e, l[0].n, &err) == 0);
    size_t before = store_memory(s);
    struct store *q = store_new_spooled();
    CHECK(store_append(q, 1, l[1].e, l[1].n, &err) == 0);
    store_adopt(s, q, map, 64);
    CHECK(store_memory(s) < before);
    CHECK(store_memory(s) <= store_bytes(s) + 64);
    store_free(s);
    free(l);
}

int main(void)
{
    test_same_names();
    struct names t;
    names_init(&t);
    CHECK_INT(names_intern(&t, "alpha", 5), 0);
    CHECK_INT(names_intern(&t, "beta", 4), 1);
    CHECK_INT(names_intern(&t, "alpha", 5), 0);
    CHECK_INT(names_intern(&t, "alp", 3), 2); /* a prefix is another name */
    CHECK_INT(names_find(&t, "beta", 4), 1);
    CHECK_INT(names_find(&t, "gamma", 5), -1);
    CHECK_STR(t.info[2].text, "alp");
    /* Grow well past the initial table: ids stay dense and stable. */
    char buf[32];
    for (int i = 0; i < 100000; i++) {
        int n = snprintf(buf, sizeof buf, "cc%d", i);
        CHECK_INT(names_intern(&t, buf, (size_t)n), 3 + i);
    }
    CHECK_INT(names_find(&t, "cc99999", 7), 100002);
    CHECK_INT(names_find(&t, "alpha", 5), 0);
    CHECK_INT(t.count, 100003);
    names_free(&t);

    /* The store: small in memory, large spilled; replay is exact, twice. */
    struct hp_error err;
    struct store *s = store_new();
    const size_t nsamples = 40000, per = 7; /* about 3.4 MB: spills */
    struct sample_entry e[7];
    for (size_t k = 0; k < nsamples; k++) {
        for (size_t i = 0; i < per; i++) {
            e[i].name = (uint32_t)(i * 3 + k % 5);
            e[i].value = (int64_t)(k * 1000 + i);
        }
        CHECK(store_append(s, (double)k / 100, e, k % 3 ? per : 0, &err) == 0);
    }
    CHECK_INT(store_count(s), nsamples);
    /* Two cursors at once, one a step behind: each reads the whole store. */
    struct store_cursor *cur[2] = { store_cursor_new(s), store_cursor_new(s) };
    size_t k[2] = { 0, 0 }, bad = 0;
    int rc[2] = { 1, 1 };
    struct sample smp;
    for (int step = 0; rc[0] == 1 || rc[1] == 1; step++)
        for (int c = 0; c < 2; c++) {
            if (rc[c] != 1 || (c == 1 && step == 0))
                continue;
            rc[c] = store_cursor_next(cur[c], &smp, &err);
            if (rc[c] != 1)
                continue;
            bad += smp.time != (double)k[c] / 100 || smp.n != (k[c] % 3 ? per : 0);
            for (size_t i = 0; i < smp.n; i++)
                bad += smp.entry[i].name != i * 3 + k[c] % 5
                    || smp.entry[i].value != (int64_t)(k[c] * 1000 + i);
            k[c]++;
        }
    CHECK(rc[0] == 0 && rc[1] == 0);
    CHECK_INT(k[0], nsamples);
    CHECK_INT(k[1], nsamples);
    CHECK_INT(bad, 0);
    store_cursor_free(cur[0]);
    store_cursor_free(cur[1]);
    store_free(s);

    /* An empty store, and no store, replay nothing. */
    s = store_new();
    cur[0] = store_cursor_new(s);
    cur[1] = store_cursor_new(NULL);
    CHECK(store_cursor_next(cur[0], &smp, &err) == 0);
    CHECK(store_cursor_next(cur[1], &smp, &err) == 0);
    store_cursor_free(cur[0]);
    store_cursor_free(cur[1]);
    store_free(s);

    test_round_trip();
    test_retired();
    test_ahead();
    return check_report();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* test_names_store.c: the name table and the replayable sample store. */
#include "check.h"
#include "names.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>

int main(void)
{
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
    struct store_cursor *cur[2] = {store_cursor_new(s), store_cursor_new(s)};
    size_t k[2] = {0, 0}, bad = 0;
    int rc[2] = {1, 1};
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
                bad += smp.entry[i].name != i * 3 + k[c] % 5 ||
                       smp.entry[i].value != (int64_t)(k[c] * 1000 + i);
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
    return check_report();
}

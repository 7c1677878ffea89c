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
    for (int pass = 0; pass < 2; pass++) {
        CHECK(store_rewind(s, &err) == 0);
        size_t k = 0, bad = 0;
        double time;
        const struct sample_entry *got;
        size_t n;
        int rc;
        while ((rc = store_next(s, &time, &got, &n, &err)) == 1) {
            if (time != (double)k / 100 || n != (k % 3 ? per : 0))
                bad++;
            for (size_t i = 0; i < n; i++)
                if (got[i].name != i * 3 + k % 5 || got[i].value != (int64_t)(k * 1000 + i))
                    bad++;
            k++;
        }
        CHECK(rc == 0);
        CHECK_INT(k, nsamples);
        CHECK_INT(bad, 0);
    }
    store_free(s);

    /* An empty store replays nothing. */
    s = store_new();
    CHECK(store_rewind(s, &err) == 0);
    double time;
    const struct sample_entry *got;
    size_t n;
    CHECK(store_next(s, &time, &got, &n, &err) == 0);
    store_free(s);
    return check_report();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* test_pair: bands of several profiles pair by their name less "(N)";
 * equal names told apart by N when every profile has the same Ns, else
 * by size; what is left over is reported; the colour's prefix. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "../src/pair.h"
#include "stackname.h"

/* A plan of count bands named name[i] with totals total[i]. */
static void plan_of(struct band_plan *bp, const char *const *name, const uint64_t *total,
                    size_t count)
{
    memset(bp, 0, sizeof *bp);
    bp->count = count;
    bp->band = xcalloc(count ? count : 1, sizeof *bp->band);
    for (size_t i = 0; i < count; i++) {
        bp->band[i].name = xstrdup(name[i]);
        bp->band[i].total = total[i];
    }
}

static const char *name_with_total(const struct band_plan *bp, uint64_t total)
{
    for (size_t i = 0; i < bp->count; i++)
        if (bp->band[i].total == total)
            return bp->band[i].name;
    return "(none)";
}

int main(void)
{
    CHECK(stackname_prefix("(305)leaky/main") == 5);
    CHECK(stackname_prefix("(304\xe2\x86\x92"
                           "305)leaky")
          == 11);
    CHECK(stackname_prefix("(1\xe2\x86\x92"
                           "2\xe2\x86\x92"
                           "3)x")
          == 11);
    CHECK(stackname_prefix("()x") == 0);
    CHECK(stackname_prefix("(,)") == 0);
    CHECK(stackname_prefix("(12x)y") == 0);
    CHECK(stackname_prefix("(1\xe2\x86\x92)y") == 0);
    CHECK(stackname_prefix("MAIN") == 0);
    CHECK(stackname_prefix("(7)") == 3);

    /* A recompile: every number moved by one; one name only before. */
    {
        const char *a[] = { "(304)leaky/main", "(12)CAF", "MAIN", "(20)gone" };
        const char *b[] = { "(305)leaky/main", "(12)CAF", "MAIN", "(21)new" };
        uint64_t ta[] = { 100, 50, 10, 5 }, tb[] = { 101, 49, 11, 6 };
        struct band_plan p[2];
        plan_of(&p[0], a, ta, 4);
        plan_of(&p[1], b, tb, 4);
        struct pair_report r;
        pair_bands(p, 2, &r);
        CHECK_STR(p[0].band[0].name,
                  "(304\xe2\x86\x92"
                  "305)leaky/main");
        CHECK_STR(p[1].band[0].name,
                  "(304\xe2\x86\x92"
                  "305)leaky/main");
        CHECK_STR(p[0].band[1].name, "(12)CAF");
        CHECK_STR(p[1].band[2].name, "MAIN");
        CHECK_STR(p[0].band[3].name, "(20)gone");
        CHECK_STR(p[1].band[3].name, "(21)new");
        CHECK(r.unpaired == 0);
        pair_report_free(&r);
        band_plan_free(&p[0]);
        band_plan_free(&p[1]);
    }
    /* Equal names once N is left out: by size when the Ns differ, the
     * one left over reported. */
    {
        const char *a[] = { "(113)main.\\", "(117)main.\\", "(118)main.\\" };
        const char *b[] = { "(120)main.\\", "(125)main.\\" };
        uint64_t ta[] = { 10, 300, 20 }, tb[] = { 290, 30 };
        struct band_plan p[2];
        plan_of(&p[0], a, ta, 3);
        plan_of(&p[1], b, tb, 2);
        struct pair_report r;
        pair_bands(p, 2, &r);
        CHECK_STR(name_with_total(&p[0], 300),
                  "(117\xe2\x86\x92"
                  "120)main.\\");
        CHECK_STR(name_with_total(&p[1], 290),
                  "(117\xe2\x86\x92"
                  "120)main.\\");
        CHECK_STR(name_with_total(&p[0], 20),
                  "(118\xe2\x86\x92"
                  "125)main.\\");
        CHECK_STR(name_with_total(&p[1], 30),
                  "(118\xe2\x86\x92"
                  "125)main.\\");
        CHECK_STR(name_with_total(&p[0], 10), "(113)main.\\");
        CHECK(r.unpaired == 1);
        CHECK(r.first_plan == 0);
        CHECK_STR(r.first_name, "(113)main.\\");
        pair_report_free(&r);
        band_plan_free(&p[0]);
        band_plan_free(&p[1]);
    }
    /* The same Ns in both (two runs of one build): by N, whatever the
     * sizes. */
    {
        const char *a[] = { "(5)x", "(9)x" };
        const char *b[] = { "(9)x", "(5)x" };
        uint64_t ta[] = { 10, 300 }, tb[] = { 20, 400 };
        struct band_plan p[2];
        plan_of(&p[0], a, ta, 2);
        plan_of(&p[1], b, tb, 2);
        struct pair_report r;
        pair_bands(p, 2, &r);
        CHECK_STR(p[0].band[0].name, "(5)x");
        CHECK_STR(p[0].band[1].name, "(9)x");
        CHECK_STR(p[1].band[0].name, "(9)x");
        CHECK(r.unpaired == 0);
        pair_report_free(&r);
        band_plan_free(&p[0]);
        band_plan_free(&p[1]);
    }
    /* Three profiles; a pairing's name some band already has is not
     * made. */
    {
        const char *a[] = { "(1)x",
                            "(1\xe2\x86\x92"
                            "2)y" };
        const char *b[] = { "(2)x", "(3)y" };
        const char *c[] = { "(3)x" };
        uint64_t ta[] = { 1, 2 }, tb[] = { 3, 4 }, tc[] = { 5 };
        struct band_plan p[3];
        plan_of(&p[0], a, ta, 2);
        plan_of(&p[1], b, tb, 2);
        plan_of(&p[2], c, tc, 1);
        struct pair_report r;
        pair_bands(p, 3, &r);
        const char *x3 = "(1\xe2\x86\x92"
                         "2\xe2\x86\x92"
                         "3)x";
        CHECK_STR(p[0].band[0].name, x3);
        CHECK_STR(p[1].band[0].name, x3);
        CHECK_STR(p[2].band[0].name, x3);
        /* y: (1→2)y and (3)y pair as "(1→2→3)y", a new name. */
        CHECK_STR(p[1].band[1].name,
                  "(1\xe2\x86\x92"
                  "2\xe2\x86\x92"
                  "3)y");
        CHECK(r.unpaired == 0);
        pair_report_free(&r);
        band_plan_free(&p[0]);
        band_plan_free(&p[1]);
        band_plan_free(&p[2]);
    }
    {
        /* A band named "(1→2)z" is there already: (1)z and (2)z, the
         * largest of each, do not pair under that name. */
        const char *a[] = { "(1)z" };
        const char *b[] = { "(2)z",
                            "(1\xe2\x86\x92"
                            "2)z" };
        uint64_t ta[] = { 5 }, tb[] = { 4, 1 };
        struct band_plan p[2];
        plan_of(&p[0], a, ta, 1);
        plan_of(&p[1], b, tb, 2);
        struct pair_report r;
        pair_bands(p, 2, &r);
        CHECK_STR(p[0].band[0].name, "(1)z");
        CHECK_STR(p[1].band[0].name, "(2)z");
        CHECK_STR(p[1].band[1].name,
                  "(1\xe2\x86\x92"
                  "2)z");
        CHECK(r.unpaired == 3);
        CHECK_STR(r.first_name, "(1)z");
        pair_report_free(&r);
        band_plan_free(&p[0]);
        band_plan_free(&p[1]);
    }
    return check_report();
}

/* test_shades.c: one fill per name over several band plans (several
 * profiles and --diff, bands_share_shades), and the union of their names
 * in the key's order (bands_union). */
#include "check.h"
#include "bands.h"

#include <stdlib.h>

/* A profile of one sample with the names and values given. */
static void plan(struct profile *p, struct band_plan *bp, const char *data, bool colour)
{
    char hp[2048];
    int n = snprintf(hp, sizeof hp, "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\n"
                                    "VALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0\n%sEND_SAMPLE 0\n", data);
    struct hp_error err;
    if (profile_parse_buffer(p, hp, (size_t)n, "t.hp", NULL, &err) < 0)
        abort();
    struct band_options bo;
    band_options_default(&bo);
    bo.trace_percent = 0;
    bo.colour = colour;
    if (bands_plan(bp, p, &bo, &err) < 0)
        abort();
}

static const struct band *find(const struct band_plan *bp, const char *name)
{
    for (size_t b = 0; b < bp->count; b++)
        if (strcmp(bp->band[b].name, name) == 0)
            return &bp->band[b];
    return NULL;
}

static bool same_fill(const struct band *a, const struct band *b)
{
    return a && b && a->fill.r == b->fill.r && a->fill.g == b->fill.g && a->fill.b == b->fill.b;
}

static bool distinct_fills(const struct band_plan *bp)
{
    for (size_t i = 0; i < bp->count; i++)
        for (size_t j = i + 1; j < bp->count; j++)
            if (same_fill(&bp->band[i], &bp->band[j]))
                return false;
    return true;
}

static void test_share(bool colour)
{
    struct profile p[3];
    struct band_plan bp[3];
    /* Totals set the order, bottom first: a b c / c d a / e. */
    plan(&p[0], &bp[0], "a 100\nb 200\nc 300\n", colour);
    plan(&p[1], &bp[1], "c 100\nd 200\na 300\n", colour);
    plan(&p[2], &bp[2], "e 100\n", colour);
    bands_share_shades(bp, 3, colour);
    CHECK(same_fill(find(&bp[0], "a"), find(&bp[1], "a")));
    CHECK(same_fill(find(&bp[0], "c"), find(&bp[1], "c")));
    CHECK(distinct_fills(&bp[0]));
    CHECK(distinct_fills(&bp[1]));
    /* Over the union too: d and e appear in no plan together with b, yet
     * every name has a fill of its own. */
    struct band_plan all;
    bands_union(&all, bp, 3);
    CHECK_INT(all.count, 5);
    CHECK(distinct_fills(&all));
    CHECK(same_fill(find(&all, "d"), find(&bp[1], "d")));
    CHECK(same_fill(find(&all, "e"), find(&bp[2], "e")));
    /* The key's order from the top: the first plan's c b a, then d, e. */
    CHECK_STR(all.band[4].name, "c");
    CHECK_STR(all.band[3].name, "b");
    CHECK_STR(all.band[2].name, "a");
    CHECK_STR(all.band[1].name, "d");
    CHECK_STR(all.band[0].name, "e");
    CHECK_INT(all.band[2].total, 400); /* a: 100 + 300 */
    band_plan_free(&all);
    for (int k = 0; k < 3; k++) {
        band_plan_free(&bp[k]);
        profile_free(&p[k]);
    }
}

/* With -c the colour is the name's own: a name drawn alone and drawn
 * among others gets the same colour when nothing collides. */
static void test_colour_follows_name(void)
{
    struct profile p[2];
    struct band_plan bp[2];
    plan(&p[0], &bp[0], "alpha 100\n", true);
    plan(&p[1], &bp[1], "alpha 100\n", true);
    struct band single = bp[0].band[0];
    bands_share_shades(bp, 2, true);
    CHECK(same_fill(&single, &bp[0].band[0]));
    CHECK(same_fill(&bp[0].band[0], &bp[1].band[0]));
    for (int k = 0; k < 2; k++) {
        band_plan_free(&bp[k]);
        profile_free(&p[k]);
    }
}

int main(void)
{
    test_share(true);
    test_share(false);
    test_colour_follows_name();
    return check_report();
}

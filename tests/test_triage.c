/* SPDX-License-Identifier: BSD-3-Clause */
/* test_triage: --top's ranking.  A slow steady leak outranks a flat giant
 * and a spike that is released, on synthetic profiles and on real ones
 * made with GHC (tests/data/slowleak); the fixed build ranks nothing as
 * a leak; two builds pair by name; OTHER's members sum to OTHER; the
 * census --at names. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "fixture.h"
#include "read/read.h"
#include "triage.h"

static const struct triage_options every = { 0 };

/* tests/data/NAME read as hp2ps reads it (.hp or eventlog). */
static void read_data(struct profile *p, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", fixture_testdata(), name);
    size_t len;
    char *data = fixture_read_file(path, &len);
    struct hp_error err;
    if (!data || profile_read_buffer(p, data, len, name, NULL, &err) < 0) {
        fprintf(stderr, "read_data: %s: %s\n", path, data ? err.text : "cannot read");
        abort();
    }
    free(data);
}

static const struct triage_row *row_named(const struct triage *t, const char *name)
{
    for (size_t i = 0; i < t->nrows; i++)
        if (strcmp(t->row[i].name, name) == 0)
            return &t->row[i];
    return NULL;
}

static size_t rank_of(const struct triage *t, const char *name)
{
    for (size_t i = 0; i < t->nrows; i++)
        if (strcmp(t->row[i].name, name) == 0)
            return i;
    return SIZE_MAX;
}

/* 21 censuses, t = 1..21 (and GHC's empty ones at 0 and 22): a leak
 * growing 100 a census, a flat giant with a little noise, a spike built
 * at 5 and released at 12, churn. */
static void synthetic(struct profile *p)
{
    struct fixture_text t = { 0 };
    fixture_put(&t, "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n");
    for (int k = 0; k <= 20; k++) {
        double time = 1 + k;
        fixture_put(&t, "BEGIN_SAMPLE %g\n", time);
        if (k > 0)
            fixture_put(&t, "(7)leak/main\t%d\n", 100 * k);
        fixture_put(&t, "(3)giant\t%d\n", 1000000 + (k % 3) * 8);
        if (k >= 5 && k < 12)
            fixture_put(&t, "(4)spike\t%d\n", 50000 * (k < 8 ? k - 4 : 12 - k));
        fixture_put(&t, "(5)churn\t%d\n", 300 + (k * 37) % 200);
        fixture_put(&t, "END_SAMPLE %g\n", time);
    }
    fixture_put(&t, "BEGIN_SAMPLE 22\nEND_SAMPLE 22\n");
    fixture_parse(p, t.s);
    free(t.s);
}

static void test_synthetic(void)
{
    struct profile p = { 0 };
    synthetic(&p);
    struct triage t;
    struct hp_error err;
    CHECK(triage_rank(&t, &p, &every, &err) == 0);
    /* The empty censuses at either edge are not the window's. */
    CHECK_INT(t.ncensuses, 21);
    CHECK_NEAR(t.t_start, 1, 0);
    CHECK_NEAR(t.t_end, 21, 0);
    CHECK_INT(t.nrows, 4);
    CHECK_STR(t.row[0].name, "leak/main");
    CHECK_STR(t.row[0].raw, "(7)leak/main");
    const struct triage_row *leak = row_named(&t, "leak/main");
    const struct triage_row *giant = row_named(&t, "giant");
    const struct triage_row *spike = row_named(&t, "spike");
    CHECK(leak && giant && spike);
    if (leak && giant && spike) {
        CHECK(leak->leak);
        CHECK_INT(leak->fig.start, 0);
        CHECK_INT(leak->fig.end, 2000);
        CHECK_INT(leak->change, 2000);
        CHECK(isnan(leak->change_pct));
        CHECK_INT(leak->fig.peak, 2000);
        CHECK_NEAR(leak->fig.peak_time, 21, 0);
        CHECK_NEAR(leak->fig.slope, 100, 1e-9);
        CHECK_NEAR(leak->fig.r2, 1, 1e-12);
        CHECK_NEAR(leak->fig.steady, 1, 0);
        CHECK_NEAR(leak->fig.held, 1, 0);
        CHECK_NEAR(leak->score, 2000, 1e-6);
        /* the flat giant: its noise is kept (no cancellation), it does
         * not count as growth */
        CHECK(!giant->leak);
        CHECK_INT(giant->change, 1000000 + (20 % 3) * 8 - 1000000);
        CHECK(giant->score < 100);
        CHECK(giant->fig.r2 < 0.2);
        /* the spike: released, 0 at the end */
        CHECK_INT(spike->fig.end, 0);
        CHECK_INT(spike->fig.peak, 200000);
        CHECK_NEAR(spike->fig.peak_time, 1 + 8, 0);
        CHECK_NEAR(spike->score, 0, 0);
        CHECK(!spike->leak);
        /* it shrank from 8 to 11, and to 0 at 12: 4 of 20 pairs */
        CHECK_NEAR(spike->fig.steady, 1 - 4.0 / 20, 1e-12);
        /* trapezoids from 0 at 4 to 0 at 12, a census a second apart */
        CHECK_NEAR(spike->fig.area, 50000.0 * (1 + 2 + 3 + 4 + 3 + 2 + 1), 1e-6);
        CHECK_NEAR(leak->fig.end_share,
                   2000.0 / (2000 + 1000000 + (20 % 3) * 8 + 300 + (20 * 37) % 200), 1e-12);
        CHECK(rank_of(&t, "leak/main") < rank_of(&t, "giant"));
        CHECK(rank_of(&t, "leak/main") < rank_of(&t, "spike"));
    }
    CHECK_INT(t.nleaks, 1);
    CHECK_INT(t.heap_peak, 800 + 1000000 + (8 % 3) * 8 + 200000 + 300 + (8 * 37) % 200);
    triage_free(&t);

    /* A window: the spike's rise alone grew, and is all held. */
    struct triage_options win = { .has_from = true, .from = 5, .has_to = true, .to = 9 };
    CHECK(triage_rank(&t, &p, &win, &err) == 0);
    CHECK_INT(t.ncensuses, 5);
    CHECK_STR(t.row[0].name, "spike");
    CHECK_INT(t.row[0].fig.start, 0);
    CHECK_INT(t.row[0].fig.end, 200000);
    triage_free(&t);

    /* A window holding nothing */
    struct triage_options none = { .has_from = true, .from = 30 };
    CHECK(triage_rank(&t, &p, &none, &err) < 0);
    CHECK(strstr(err.text, "test.hp: --top: no census from 30 to") != NULL);
    triage_free(&t);
    profile_free(&p);
}

/* Decoys that grew more than the leak over the window, but are not
 * leaks: a spike released only in part (it ends above its start), a
 * sawtooth that ends high in its cycle, and a band that grew all run and
 * was then mostly freed.  Growth alone ranks each above the leak; the
 * score without R2 the first two, without end/peak the last. */
static void test_decoys(void)
{
    struct fixture_text t = { 0 };
    for (int k = 0; k <= 40; k++) {
        fixture_put(&t, "BEGIN_SAMPLE %d\n", k + 1);
        fixture_put(&t, "leak\t%d\n", 1000 + 250 * k); /* +10 kB, steady */
        fixture_put(&t, "partly\t%d\n", k < 10 ? 1000 : k < 20 ? 200000 : 30000);
        fixture_put(&t, "saw\t%d\n", 1000 + (k % 7) * 8000); /* ends at 6 of 7 */
        fixture_put(&t, "freed\t%d\n", k < 36 ? 1000 + 3000 * k : 21000);
        fixture_put(&t, "END_SAMPLE %d\n", k + 1);
    }
    struct profile p = { 0 };
    fixture_parse(&p, t.s);
    free(t.s);
    struct triage tr;
    struct hp_error err;
    CHECK(triage_rank(&tr, &p, &every, &err) == 0);
    CHECK(tr.nrows == 4 && strcmp(tr.row[0].name, "leak") == 0);
    const struct triage_row *partly = row_named(&tr, "partly"), *saw = row_named(&tr, "saw");
    const struct triage_row *freed = row_named(&tr, "freed");
    CHECK(partly && saw && partly->change > 10000 && saw->change > 10000);
    CHECK(freed && freed->change > 10000 && freed->fig.r2 > 0.3 && !freed->leak);
    CHECK(partly && partly->fig.held < 0.2 && !partly->leak);
    CHECK(saw && saw->fig.r2 < 0.1 && !saw->leak);
    CHECK(tr.nrows == 4 && tr.row[0].leak && tr.nleaks == 1);
    triage_free(&tr);
    profile_free(&p);
}

/* A name twice in one census adds up; a name that vanishes shrank. */
static void test_repeats(void)
{
    struct profile p = { 0 };
    fixture_parse(&p,
                  "BEGIN_SAMPLE 1\na\t10\na\t5\nb\t1\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 2\nb\t1\nEND_SAMPLE 2\n"
                  "BEGIN_SAMPLE 3\na\t20\nb\t1\nEND_SAMPLE 3\n"
                  "BEGIN_SAMPLE 4\nEND_SAMPLE 4\n"
                  "BEGIN_SAMPLE 5\na\t30\nb\t1\nEND_SAMPLE 5\n");
    struct triage t;
    struct hp_error err;
    CHECK(triage_rank(&t, &p, &every, &err) == 0);
    const struct triage_row *a = row_named(&t, "a");
    CHECK(a != NULL);
    if (a) {
        CHECK_INT(a->fig.start, 15);
        CHECK_INT(a->fig.end, 30);
        /* 15 -> 0 and 20 -> 0 (the empty census between two that hold
         * something is one) of 4 pairs */
        CHECK_NEAR(a->fig.steady, 0.5, 1e-12);
        CHECK_NEAR(a->fig.area, 15.0 / 2 + 20.0 / 2 + 20.0 / 2 + 30.0 / 2, 1e-9);
    }
    CHECK_INT(t.ncensuses, 5);
    triage_free(&t);
    profile_free(&p);
}

/* The real leak: slowleak's map (two -hc bands, grow.\ and grow.keys)
 * under 1 % of the heap beside a 60 MB buffer and a 2 MB spike. */
static void test_real(void)
{
    struct hp_error err;
    struct triage t;
    const char *leaky[] = { "slowleak/leak-hc.hp", "slowleak/leak-hc-log.eventlog",
                            "slowleak/extra-hc.hp" };
    for (size_t i = 0; i < 3; i++) {
        struct profile p = { 0 };
        read_data(&p, leaky[i]);
        CHECK(triage_rank(&t, &p, &every, &err) == 0);
        CHECK(t.nrows > 2 && strncmp(t.row[0].name, "grow.\\/grow/", 12) == 0);
        CHECK(t.nrows > 2 && strncmp(t.row[1].name, "grow.keys/grow/", 15) == 0);
        CHECK_INT(t.nleaks, 2);
        size_t map = rank_of(&t, t.row[0].name);
        for (size_t r = 0; r < t.nrows; r++)
            if (strncmp(t.row[r].name, "buffer/", 7) == 0
                || strncmp(t.row[r].name, "spike/", 6) == 0)
                CHECK(map < r && !t.row[r].leak);
        triage_free(&t);
        profile_free(&p);
    }
    /* by type and by closure: the map's constructors first */
    const char *by_type[][2] = { { "slowleak/leak-hy.hp", "Map" },
                                 { "slowleak/leak-hd.hp", "Bin" },
                                 { "slowleak/leak-hT-log.eventlog",
                                   "containers-0.6.4.1:Data.Map.Internal.Bin" } };
    for (size_t i = 0; i < 3; i++) {
        struct profile p = { 0 };
        read_data(&p, by_type[i][0]);
        CHECK(triage_rank(&t, &p, &every, &err) == 0);
        CHECK(t.nrows > 0 && strcmp(t.row[0].name, by_type[i][1]) == 0);
        CHECK(t.nleaks >= 1 && t.row[0].leak);
        triage_free(&t);
        profile_free(&p);
    }
    /* -hb: what the map leaves is DRAG (kept after its last use); VOID
     * grew more over the window, but mostly went again */
    {
        struct profile p = { 0 };
        read_data(&p, "slowleak/leak-hb.hp");
        CHECK(triage_rank(&t, &p, &every, &err) == 0);
        CHECK(t.nrows > 2 && strcmp(t.row[0].name, "DRAG") == 0 && t.row[0].leak);
        const struct triage_row *v = row_named(&t, "VOID");
        CHECK(v && v->change > t.row[0].change && !v->leak);
        CHECK(t.biography && t.bio.share[STATE_DRAG] > 0 && t.bio.peak[STATE_DRAG] == 192272);
        triage_free(&t);
        profile_free(&p);
    }
    /* The fixed builds: nothing a leak (a bigger spike neither) */
    const char *fixed[] = { "slowleak/fixed-hc.hp", "slowleak/fixed-hc-spike4.hp",
                            "slowleak/fixed-hT-log.eventlog", "slowleak/fixed-hb.hp" };
    for (size_t i = 0; i < 4; i++) {
        struct profile p = { 0 };
        read_data(&p, fixed[i]);
        CHECK(triage_rank(&t, &p, &every, &err) == 0);
        CHECK_INT(t.nleaks, 0);
        triage_free(&t);
        profile_free(&p);
    }
}

/* Two builds: the fixed and a leaky recompile (its numbers one higher):
 * the map, paired across the builds, grew most; a leaky build against
 * its recompile: nothing grew much. */
static void test_two(void)
{
    struct hp_error err;
    struct triage t;
    struct profile fixed = { 0 }, leak = { 0 }, extra = { 0 };
    read_data(&fixed, "slowleak/fixed-hc.hp");
    read_data(&leak, "slowleak/leak-hc.hp");
    read_data(&extra, "slowleak/extra-hc.hp");
    struct triage_options o[2] = { { 0 }, { 0 } };
    CHECK(triage_rank_two(&t, &fixed, &extra, o, &err) == 0);
    CHECK(t.two);
    CHECK(t.nrows > 1 && strncmp(t.row[0].name, "grow.\\/grow/", 12) == 0);
    CHECK(t.nrows > 1
          && strstr(t.row[0].raw,
                    "(319\xe2\x86\x92"
                    "320)grow")
              == t.row[0].raw);
    CHECK(t.nrows > 1 && t.row[0].before.present && t.row[0].fig.present);
    CHECK(t.nrows > 1 && t.row[0].before.peak == 1392 && t.row[0].fig.peak == 409840);
    CHECK(t.nrows > 1 && t.row[0].change == 409840 - 1392);
    CHECK(t.nrows > 1 && t.row[0].leak);
    CHECK_INT(t.nleaks, 2);
    triage_free(&t);
    CHECK(triage_rank_two(&t, &leak, &extra, o, &err) == 0);
    CHECK_INT(t.nleaks, 0);
    /* every band of the one build paired with the other's */
    const struct triage_row *buf = row_named(&t, "buffer/main.buf/main");
    CHECK(buf && buf->before.present && buf->fig.present);
    triage_free(&t);
    /* the second holds nothing: an error, and nothing left allocated (a
     * fuzzer's find: the first's plan was) */
    struct profile empty = { 0 };
    fixture_parse(&empty, "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n");
    CHECK(triage_rank_two(&t, &leak, &empty, o, &err) < 0);
    CHECK(strstr(err.text, "--top: no census holds anything") != NULL);
    triage_free(&t);
    profile_free(&empty);
    profile_free(&fixed);
    profile_free(&leak);
    profile_free(&extra);
}

/* OTHER and -t opened at a census: the members sum to what the drawing
 * stacks as OTHER and leaves out. */
static void test_opened(void)
{
    struct profile p = { 0 };
    read_data(&p, "slowleak/leak-hc.hp");
    struct band_plan bp;
    fixture_plan(&bp, &p, 0.001, 3, false); /* the map in OTHER; main.loop traced */
    CHECK(bp.count == 3 && bp.band[0].is_other && bp.trace_dropped > 0);
    struct hp_error err;
    struct census_pick at;
    CHECK(census_find(&at, &p, CENSUS_TIME, 1.5, &err) == 0);
    CHECK(at.time <= 1.5);
    struct triage_opened o;
    CHECK(triage_open_other(&o, &p, &bp, at.index, &err) == 0);
    /* the same census replayed the drawing's way */
    struct store_cursor *c = store_cursor_new(p.store);
    struct sample smp;
    for (size_t k = 0; k <= at.index; k++)
        CHECK(store_cursor_next(c, &smp, &err) == 1);
    int64_t *value = xcalloc(bp.count, sizeof *value);
    int64_t traced = 0;
    bands_sum_sample_traced(&bp, smp.entry, smp.n, value, &traced);
    CHECK_INT(o.other, value[0]);
    CHECK_INT(o.traced, traced);
    int64_t in_other = 0, in_traced = 0;
    for (size_t i = 0; i < o.n; i++) {
        *(o.member[i].traced ? &in_traced : &in_other) += o.member[i].value;
        if (i)
            CHECK(o.member[i - 1].value >= o.member[i].value);
    }
    CHECK_INT(in_other, o.other);
    CHECK_INT(in_traced, o.traced);
    CHECK(o.other > 0 && o.n > 1);
    CHECK_NEAR(o.time, smp.time, 0);
    free(value);
    store_cursor_free(c);
    triage_opened_free(&o);
    band_plan_free(&bp);
    profile_free(&p);
}

static void test_census(void)
{
    struct profile p = { 0 };
    synthetic(&p);
    struct census_pick at;
    struct hp_error err;
    CHECK(census_find(&at, &p, CENSUS_PEAK, 0, &err) == 0);
    CHECK_NEAR(at.time, 9, 0); /* the spike's top */
    CHECK(census_find(&at, &p, CENSUS_END, 0, &err) == 0);
    CHECK_NEAR(at.time, 21, 0); /* not the empty census at 22 */
    CHECK_INT(at.index, 21);
    CHECK(census_find(&at, &p, CENSUS_TIME, 3.5, &err) == 0);
    CHECK_NEAR(at.time, 3, 0);
    CHECK(census_find(&at, &p, CENSUS_TIME, 4, &err) == 0);
    CHECK_NEAR(at.time, 4, 0);
    CHECK(census_find(&at, &p, CENSUS_TIME, 99, &err) == 0);
    CHECK_NEAR(at.time, 22, 0);
    CHECK(census_find(&at, &p, CENSUS_TIME, -0.5, &err) < 0);
    CHECK_STR(err.text, "test.hp: --at=-0.5: the first census is at 0 seconds");
    profile_free(&p);
}

/* The censuses a line is fitted over: the empty ones before the first
 * holding something and after the last are left out, those between
 * counted. */
static void test_census_line(void)
{
    struct census_line l = { 0 };
    CHECK(!census_line_add(&l, 0, false)); /* the RTS's empty census at start */
    CHECK(census_line_add(&l, 1, true));
    CHECK(census_line_add(&l, 2, false)); /* between: counted */
    CHECK(census_line_add(&l, 3, true));
    CHECK(census_line_add(&l, 4, false)); /* after the last: held back */
    CHECK(census_line_add(&l, 5, false));
    CHECK_NEAR(l.n, 3, 0);
    CHECK_NEAR(l.su, 1 + 2 + 3, 0);
    CHECK_NEAR(l.suu, 1 + 4 + 9, 0);
    CHECK(census_line_add(&l, 6, true)); /* data after them: they count */
    CHECK_NEAR(l.n, 6, 0);
    CHECK_NEAR(l.su, 21, 0);
    struct sample_entry e[2] = { { .name = 0, .value = 0 }, { .name = 1, .value = 5 } };
    struct sample s = { .time = 1, .n = 1, .entry = e };
    CHECK(!census_holds(&s));
    s.n = 2;
    CHECK(census_holds(&s));
}

int main(void)
{
    test_synthetic();
    test_decoys();
    test_repeats();
    test_real();
    test_two();
    test_opened();
    test_census();
    test_census_line();
    return check_report();
}

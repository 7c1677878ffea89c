/* SPDX-License-Identifier: BSD-3-Clause */
/* test_gate: the heap budget gate alone.  The budget grammar (what it
 * takes, what it refuses and why); the measures on small profiles whose
 * values are worked out by hand (the empty samples at either edge that
 * GHC writes are no censuses; a window by time and by share; a band
 * budget matching names with or without their "(N)"; a mean over
 * interior empty censuses); exactly at a limit passes; a cut or killed
 * profile is refused; the baseline's allowance (tolerance, floor, new
 * bands) and pairing across a renumbering; the lines and the reports'
 * escaping. */
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "fixture.h"
#include "gate.h"
#include "gate_report.h"

static const struct gate_style bytes = { .iec = false,
                                         .sample_unit = "seconds",
                                         .value_unit = "bytes" };

/* ---- the grammar ------------------------------------------------------------------ */

static void test_grammar(void)
{
    struct budget b;
    struct hp_error err;
    CHECK_INT(budget_parse(&b, "peak<=200MB", &err), 0);
    CHECK_INT(b.measure, BUDGET_PEAK);
    CHECK_INT(b.subject, BUDGET_TOTAL);
    CHECK_NEAR(b.limit, 200e6, 0);
    CHECK(!b.from.given && !b.to.given);
    budget_free(&b);

    CHECK_INT(budget_parse(&b, "  end <= 1.5 MiB ", &err), 0);
    CHECK_INT(b.measure, BUDGET_END);
    CHECK_NEAR(b.limit, 1.5 * 1048576, 0);
    budget_free(&b);

    /* a pattern holding ')', '@', '<=' and '..': the last "<=" and the
     * last ')' before it */
    CHECK_INT(budget_parse(&b, "peak((a|b)@x<=y..)@2.5..50%<=4096", &err), 0);
    CHECK_INT(b.subject, BUDGET_BANDS);
    CHECK_STR(b.pattern, "(a|b)@x<=y..");
    CHECK(b.from.given && !b.from.percent && b.from.value == 2.5);
    CHECK(b.to.given && b.to.percent && b.to.value == 50);
    CHECK_NEAR(b.limit, 4096, 0);
    budget_free(&b);

    CHECK_INT(budget_parse(&b, "slope@..3s<=-2kB/s", &err), 0);
    CHECK_INT(b.measure, BUDGET_SLOPE);
    CHECK(!b.from.given && b.to.given && b.to.value == 3);
    CHECK_NEAR(b.limit, -2000, 0);
    budget_free(&b);

    CHECK_INT(budget_parse(&b, "heap:peak<=1GiB", &err), 0);
    CHECK_INT(b.subject, BUDGET_HEAP_SIZE);
    budget_free(&b);
    CHECK_INT(budget_parse(&b, "live:end<=10kB", &err), 0);
    CHECK_INT(b.subject, BUDGET_LIVE);
    budget_free(&b);
    CHECK_INT(budget_parse(&b, "mean(x)<=1", &err), 0);
    CHECK_INT(b.measure, BUDGET_MEAN);
    budget_free(&b);

    static const struct {
        const char *text, *why;
    } bad[] = {
        { "peak<60MB", "a budget is a most, written with <=" },
        { "peak>=1", "written with <=" },
        { "peak", "a budget is MEASURE<=LIMIT" },
        { "top<=1MB", "starts with peak, end, change, slope or mean" },
        { "peak<=", "must be a number of bytes" },
        { "peak<=60XB", "unknown unit 'XB'" },
        { "slope<=1MB", "a slope's limit is a rate" },
        { "peak<=1MB/s", "only a slope's limit is a rate" },
        { "end<=-1", "cannot be below 0" },
        { "peak(<=1MB", "no closing ')'" },
        { "peak()<=1MB", "the band's expression is empty" },
        { "peak([)<=1MB", "bad regular expression" },
        { "peak@3..1<=1MB", "the window is empty" },
        { "peak@..200%<=1MB", "from 0% to 100%" },
        { "peak@1<=1MB", "a window is @FROM..TO" },
        { "peak@x..<=1MB", "a window's end is a time" },
        { "peak x<=1MB", "a window is written @FROM..TO" },
        { "heap:peak(x)<=1MB", "heap: has no bands" },
        { "live:slope<=1kB/s", "live: has a peak and an end" },
        { "heap:end@1..<=1MB", "is measured over the whole run" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = budget_parse(&b, bad[i].text, &err);
        CHECK_INT(rc, -1);
        if (rc == 0)
            budget_free(&b);
        else if (!CHECK(strstr(err.text, bad[i].why) && strstr(err.text, bad[i].text)))
            fprintf(stderr, "  %s: %s\n", bad[i].text, err.text);
    }

    double v;
    CHECK(budget_parse_size("64kB", &v) && v == 64000);
    CHECK(budget_parse_size(" 1 MiB", &v) && v == 1048576);
    CHECK(budget_parse_size("4096", &v) && v == 4096);
    CHECK(!budget_parse_size("-1kB", &v) && !budget_parse_size("1 XB", &v)
          && !budget_parse_size("", &v));

    /* --check-file: comments, blanks, CRLF, a comment after the limit,
     * a '#' in a pattern; a bad line named by its number */
    struct budget_list list = { 0 };
    const char *file = "# budgets\n\n  peak<=1MB # the heap\r\npeak(#x)<=2kB\n";
    CHECK_INT(budget_list_add_text(&list, file, strlen(file), "b", &err), 0);
    CHECK_INT(list.n, 2);
    if (list.n == 2) {
        CHECK_NEAR(list.b[0].limit, 1e6, 0);
        CHECK_STR(list.b[1].pattern, "#x");
    }
    const char *bad_file = "peak<=1MB\n\nslope<=1\n";
    CHECK_INT(budget_list_add_text(&list, bad_file, strlen(bad_file), "b", &err), -1);
    CHECK(strncmp(err.text, "b:3: 'slope<=1'", 15) == 0);
    budget_list_free(&list);
}

/* ---- measures --------------------------------------------------------------------- */

/* The budgets' texts measured on p: v, or the failure. */
static int measure(struct gate_verdict *v, const struct profile *p, const char *const *texts,
                   size_t n, struct hp_error *err)
{
    struct budget_list list = { 0 };
    for (size_t i = 0; i < n; i++)
        if (budget_list_add(&list, texts[i], err) < 0) {
            budget_list_free(&list);
            return -1;
        }
    struct gate_options o = {
        .budget = list.b, .nbudgets = list.n, .tolerance = GATE_TOLERANCE_DEFAULT, .growers = true
    };
    int rc = gate_evaluate(v, p, NULL, &o, err);
    budget_list_free(&list);
    return rc;
}

/* The censuses 1..4 (GHC's empty samples at 0 and 5 are none):
 *   t:  1    2    3    4
 *   a:  100  200  (0)  400      (absent at 3: an empty census inside)
 *   (7)b: 10   10   0-   10     (its "(7)" drops out of ^b)
 * total 110  210  0    410 */
static const char *const BODY = "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                                "BEGIN_SAMPLE 1\na 100\n(7)b 10\nEND_SAMPLE 1\n"
                                "BEGIN_SAMPLE 2\na 200\n(7)b 10\nEND_SAMPLE 2\n"
                                "BEGIN_SAMPLE 3\nEND_SAMPLE 3\n"
                                "BEGIN_SAMPLE 4\na 400\n(7)b 10\nEND_SAMPLE 4\n"
                                "BEGIN_SAMPLE 5\nEND_SAMPLE 5\n";

static void test_measures(void)
{
    struct profile p;
    fixture_parse(&p, BODY);
    CHECK(p.finished);
    const char *const texts[] = {
        "peak<=410",         /* 410 at 4: exactly at it passes */
        "end<=409",          /* 410 at 4, not the exit's 0 */
        "change<=300",       /* 410 - 110 */
        "slope<=1/s",        /* least squares over (1,110) (2,210) (3,0) (4,410) */
        "mean<=0",           /* area 160 + 105 + 205 = 470 over 3 s */
        "peak(^b)<=10",      /* (7)b matches ^b less its (N) */
        "peak(a)@2..3<=199", /* 200 at 2 */
        "end@..50%<=1000",   /* 50% of 0..5 is 2.5: the last census by then is 2 */
        "change(a)@1..2<=100",
    };
    struct gate_verdict v;
    struct hp_error err;
    size_t n = sizeof texts / sizeof texts[0];
    if (!CHECK_INT(measure(&v, &p, texts, n, &err), 0)) {
        fprintf(stderr, "  %s\n", err.text);
        profile_free(&p);
        return;
    }
    CHECK_INT(v.n, n);
    const struct gate_check *c = v.check;
    CHECK_NEAR(c[0].measured, 410, 0);
    CHECK_NEAR(c[0].at, 4, 0);
    CHECK(c[0].pass);
    CHECK_NEAR(c[1].measured, 410, 0);
    CHECK_NEAR(c[1].at, 4, 0);
    CHECK(!c[1].pass);
    CHECK_NEAR(c[2].measured, 300, 0);
    CHECK(c[2].pass);
    /* t 1..4, mean 2.5; v mean 182.5; sum (t - 2.5)(v - 182.5) =
     * -1.5*-72.5 + -0.5*27.5 + 0.5*-182.5 + 1.5*227.5 = 345; / 5 */
    CHECK_NEAR(c[3].measured, 69, 1e-9);
    CHECK(!c[3].pass);
    CHECK_NEAR(c[4].measured, 470.0 / 3, 1e-9);
    CHECK_INT(c[4].ncensus, 4);
    CHECK_NEAR(c[5].measured, 10, 0);
    CHECK_INT(c[5].nmatched, 1);
    CHECK(c[5].pass);
    CHECK_NEAR(c[6].measured, 200, 0);
    CHECK(!c[6].pass);
    CHECK_NEAR(c[7].measured, 210, 0);
    CHECK_NEAR(c[7].at, 2, 0);
    CHECK_NEAR(c[8].measured, 100, 0);
    CHECK(c[8].pass);
    CHECK_INT(v.failed, 4);
    /* a failure's bands: what grew most over its window */
    CHECK_INT(c[1].nculprits, 1);
    if (c[1].nculprits)
        CHECK_STR(c[1].culprit[0].name, "a");
    char *line = gate_check_line(&v, &c[1], &bytes);
    CHECK_STR(line,
              "end<=409: 410 B at 4.000 s > 409 B allowed (over by 1 B); grew most: a +300 B");
    free(line);
    gate_verdict_free(&v);

    /* a window with no census; heap: without an eventlog */
    const char *const none[] = { "peak@10..20<=1" };
    CHECK_INT(measure(&v, &p, none, 1, &err), -1);
    CHECK(strstr(err.text, "no census in its window") != NULL);
    const char *const heap[] = { "heap:peak<=1" };
    CHECK_INT(measure(&v, &p, heap, 1, &err), -1);
    CHECK(strstr(err.text, "only an eventlog has them") != NULL);
    profile_free(&p);
}

/* A run that did not end: refused, unless allowed. */
static void test_partial(void)
{
    static const char *const cut[] = {
        "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 1\nEND_SAMPLE 1\n",
        "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\na 2\n",
    };
    for (size_t i = 0; i < 2; i++) {
        struct profile p;
        fixture_parse(&p, cut[i]);
        CHECK(!p.finished);
        CHECK(gate_partial_reason(&p) != NULL);
        struct budget b;
        struct hp_error err;
        budget_parse(&b, "peak<=10", &err);
        struct gate_options o = { .budget = &b, .nbudgets = 1 };
        struct gate_verdict v;
        CHECK_INT(gate_evaluate(&v, &p, NULL, &o, &err), -1);
        CHECK(strstr(err.text, "not measured") && strstr(err.text, "--allow-partial"));
        o.allow_partial = true;
        CHECK_INT(gate_evaluate(&v, &p, NULL, &o, &err), 0);
        CHECK(v.partial && v.failed == 0);
        gate_verdict_free(&v);
        budget_free(&b);
        profile_free(&p);
    }
    struct profile p;
    fixture_parse(&p, "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n");
    struct gate_options o = { 0 };
    struct gate_verdict v;
    struct hp_error err;
    CHECK_INT(gate_evaluate(&v, &p, NULL, &o, &err), -1);
    CHECK(strstr(err.text, "no census holds anything") != NULL);
    profile_free(&p);
}

/* ---- the baseline ------------------------------------------------------------------- */

static const struct gate_check *check_named(const struct gate_verdict *v, const char *name)
{
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->check[i].name, name) == 0)
            return &v->check[i];
    return NULL;
}

static void test_baseline(void)
{
    /* before: (3)big 1000000 flat, (5)leak 100; after, renumbered:
     * (4)big 1050000, (6)leak 30100 (grew 300 times), new 5000 */
    struct profile before, after;
    fixture_parse(&before,
                  "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 1\n(3)big 1000000\n(5)leak 100\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 2\n(3)big 1000000\n(5)leak 100\nEND_SAMPLE 2\n"
                  "BEGIN_SAMPLE 3\nEND_SAMPLE 3\n");
    fixture_parse(&after,
                  "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 1\n(4)big 1050000\n(6)leak 100\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 2\n(4)big 1050000\n(6)leak 30100\nnew 5000\nEND_SAMPLE 2\n"
                  "BEGIN_SAMPLE 3\nEND_SAMPLE 3\n");
    struct gate_options o = { .tolerance = 10 };
    struct gate_verdict v;
    struct hp_error err;
    CHECK_INT(gate_evaluate(&v, &after, &before, &o, &err), 0);
    /* the default floor: 0.1% of 1000100, less than 4096 */
    CHECK_NEAR(v.floor, 4096, 0);
    const struct gate_check *c = check_named(&v, "peak");
    if (CHECK(c != NULL)) {
        CHECK_NEAR(c->measured, 1085100, 0);
        CHECK_NEAR(c->allowed, 1000100 + 100010, 0);
        CHECK(c->pass);
    }
    c = check_named(&v, "end(leak)");
    if (CHECK(c != NULL)) {
        CHECK(!c->new_band && c->base == 100 && c->measured == 30100);
        CHECK_NEAR(c->allowed, 100 + 4096, 0);
        CHECK(!c->pass);
    }
    c = check_named(&v, "end(big)");
    if (CHECK(c != NULL))
        CHECK(c->pass && c->allowed == 1100000);
    c = check_named(&v, "mean(new)");
    if (CHECK(c != NULL)) {
        CHECK(c->new_band && c->allowed == 4096);
        CHECK_NEAR(c->measured, 2500, 1e-9); /* 0 to 5000 over 1 s */
        CHECK(c->pass);
    }
    c = check_named(&v, "end(new)");
    if (CHECK(c != NULL))
        CHECK(c->new_band && !c->pass);
    CHECK_INT(v.nbands, 3);
    /* the failures come first, the largest excess first */
    CHECK_STR(v.check[2].name, "end(leak)");
    CHECK_INT(v.failed, 3);
    gate_verdict_free(&v);

    /* exactly at the floor passes: leak's end grew by 30000 */
    o.has_floor = true;
    o.floor = 30000;
    CHECK_INT(gate_evaluate(&v, &after, &before, &o, &err), 0);
    c = check_named(&v, "end(leak)");
    if (CHECK(c != NULL))
        CHECK(c->pass && c->allowed == 30100);
    gate_verdict_free(&v);
    profile_free(&before);
    profile_free(&after);
}

/* ---- the reports' escaping ---------------------------------------------------------- */

static void test_reports(void)
{
    struct profile p;
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 1\na<&|%>\"b 100\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 2\na<&|%>\"b 300\nEND_SAMPLE 2\n"
                  "BEGIN_SAMPLE 3\nEND_SAMPLE 3\n");
    const char *const texts[] = { "end(<&)<=250" };
    struct gate_verdict v;
    struct hp_error err;
    if (!CHECK_INT(measure(&v, &p, texts, 1, &err), 0)) {
        profile_free(&p);
        return;
    }
    char *buf;
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    gate_write_junit(f, &v, &bytes);
    fclose(f);
    CHECK(strstr(buf, "name=\"end(&lt;&amp;)&lt;=250\"") != NULL);
    CHECK(strstr(buf, "a&lt;&amp;|%&gt;&quot;b") != NULL);
    CHECK(!strstr(buf, "a<&"));
    free(buf);
    f = open_memstream(&buf, &len);
    gate_write_github(f, &v, &bytes);
    fclose(f);
    CHECK(strncmp(buf, "::error title=hp2ps heap budget::end(<&)<=250: 300 B at 2.000 s", 62) == 0);
    CHECK(strstr(buf, "a<&|%25>\"b +200 B") != NULL);
    free(buf);
    f = open_memstream(&buf, &len);
    gate_write_markdown(f, &v, &bytes);
    fclose(f);
    CHECK(strstr(buf, "| end(\\<\\&)\\<=250 |") != NULL);
    CHECK(strstr(buf, "a\\<\\&\\|%\\>\"b") != NULL);
    free(buf);
    f = open_memstream(&buf, &len);
    gate_write_json(f, &v, &bytes);
    fclose(f);
    CHECK(strstr(buf, "\"format\": {\"name\": \"hp2ps\", \"version\": 1, \"layout\": \"gate\"}")
          != NULL);
    CHECK(strstr(buf, "\"band\": \"a<&|%>\\\"b\"") != NULL);
    free(buf);
    gate_verdict_free(&v);
    profile_free(&p);
}

int main(void)
{
    test_grammar();
    test_measures();
    test_partial();
    test_baseline();
    test_reports();
    return check_report();
}

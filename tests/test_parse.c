/* SPDX-License-Identifier: BSD-3-Clause */
/* test_parse.c: the .hp parser (src/read/hp.c). */
#include "check.h"
#include "fixture.h"
#include "read/hp.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define HDR "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"

/* ../shared/corpus/hp/tiny-hc.hp, a real -hc profile: 6 samples, 10 names. */
static const char tiny[] = "JOB \"tiny +RTS -hc -i0.01\"\n"
                           "DATE \"Mon Nov 23 09:13 2026\"\n"
                           "SAMPLE_UNIT \"seconds\"\n"
                           "VALUE_UNIT \"bytes\"\n"
                           "BEGIN_SAMPLE 0.000000\n"
                           "END_SAMPLE 0.000000\n"
                           "BEGIN_SAMPLE 0.016462\n"
                           "(146)PINNED\t36816\n"
                           "(265)GHC.Conc.Signal.CAF\t640\n"
                           "(247)GHC.IO.Encoding.Iconv.CAF\t120\n"
                           "(249)GHC.IO.Encoding.CAF\t912\n"
                           "MAIN\t160\n"
                           "(289)main\t64\n"
                           "(288)main/Main.CAF\t56\n"
                           "(239)GHC.IO.Handle.FD.CAF\t680\n"
                           "(291)squares/main.s/main/M...\t1490808\n"
                           "END_SAMPLE 0.016462\n"
                           "BEGIN_SAMPLE 0.023617\n"
                           "(146)PINNED\t36816\n"
                           "(289)main\t64\n"
                           "(288)main/Main.CAF\t56\n"
                           "(247)GHC.IO.Encoding.Iconv.CAF\t120\n"
                           "(249)GHC.IO.Encoding.CAF\t912\n"
                           "(265)GHC.Conc.Signal.CAF\t640\n"
                           "(239)GHC.IO.Handle.FD.CAF\t680\n"
                           "MAIN\t160\n"
                           "(291)squares/main.s/main/M...\t1833064\n"
                           "END_SAMPLE 0.023617\n"
                           "BEGIN_SAMPLE 0.031324\n"
                           "(146)PINNED\t36816\n"
                           "(289)main\t64\n"
                           "(288)main/Main.CAF\t56\n"
                           "(247)GHC.IO.Encoding.Iconv.CAF\t120\n"
                           "(249)GHC.IO.Encoding.CAF\t912\n"
                           "(265)GHC.Conc.Signal.CAF\t640\n"
                           "MAIN\t160\n"
                           "(239)GHC.IO.Handle.FD.CAF\t680\n"
                           "(291)squares/main.s/main/M...\t1833120\n"
                           "END_SAMPLE 0.031324\n"
                           "BEGIN_SAMPLE 0.042296\n"
                           "(265)GHC.Conc.Signal.CAF\t640\n"
                           "(177)GHC.IO.Handle.Text.CAF\t24\n"
                           "(247)GHC.IO.Encoding.Iconv.CAF\t120\n"
                           "(249)GHC.IO.Encoding.CAF\t912\n"
                           "MAIN\t160\n"
                           "(289)main\t128\n"
                           "(288)main/Main.CAF\t96\n"
                           "(291)squares/main.s/main/M...\t48\n"
                           "(239)GHC.IO.Handle.FD.CAF\t680\n"
                           "(146)PINNED\t36816\n"
                           "END_SAMPLE 0.042296\n"
                           "BEGIN_SAMPLE 0.042375\n"
                           "END_SAMPLE 0.042375\n";

static int parse_n(struct profile *p, const char *text, size_t len, struct hp_error *err)
{
    memset(err->text, 0, sizeof err->text);
    return profile_parse_buffer(p, text, len, "t.hp", NULL, err);
}

static int parse_s(struct profile *p, const char *text, struct hp_error *err)
{
    return parse_n(p, text, strlen(text), err);
}

/* After a failure the profile must be freed and zeroed. */
static bool is_zeroed(const struct profile *p)
{
    return !p->source && !p->job && !p->store && !p->marks && !p->names.info && !p->names.slots
        && p->nsamples == 0;
}

/* Parse text[0..len), expect failure with exactly msg. */
static void expect_err_n(const char *text, size_t len, const char *msg, int line)
{
    struct profile p;
    struct hp_error err;
    int rc = parse_n(&p, text, len, &err);
    bool ok = CHECK_INT(rc, -1) & CHECK_STR(err.text, msg) & CHECK(is_zeroed(&p));
    if (!ok)
        fprintf(stderr, "  (in the case at test_parse.c:%d)\n", line);
    if (rc == 0)
        profile_free(&p);
}
#define EXPECT_ERR(text, msg) expect_err_n((text), sizeof(text) - 1, (msg), __LINE__)

static int64_t id_of(const struct profile *p, const char *name)
{
    return names_find(&p->names, name, strlen(name));
}

static uint64_t total_of(const struct profile *p, const char *name)
{
    int64_t id = id_of(p, name);
    return id < 0 ? 0 : p->names.info[id].total;
}

static uint64_t points_of(const struct profile *p, const char *name)
{
    int64_t id = id_of(p, name);
    return id < 0 ? 0 : p->names.info[id].points;
}

static size_t count_sub(const char *s, size_t n, const char *sub)
{
    size_t k = strlen(sub), c = 0;
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(s + i, sub, k) == 0)
            c++;
    return c;
}

static void test_minimal(void)
{
    struct profile p;
    struct hp_error err;
    int rc = parse_s(&p,
                     "JOB \"prog +RTS -hc\"\n"
                     "DATE \"Mon Nov 23 09:13 2026\"\n"
                     "SAMPLE_UNIT \"seconds\"\n"
                     "VALUE_UNIT \"bytes\"\n"
                     "MARK 0.5\n"
                     "BEGIN_SAMPLE 0.0\n"
                     "END_SAMPLE 0.0\n"
                     "BEGIN_SAMPLE 1.5\n"
                     "MAIN\t100\n"
                     "(12)foo\t20\n"
                     "END_SAMPLE 1.5\n"
                     "BEGIN_SAMPLE 2.25\n"
                     "(12)foo\t30\n"
                     "bar\t7\n"
                     "END_SAMPLE 2.25\n",
                     &err);
    if (!CHECK_INT(rc, 0)) {
        fprintf(stderr, "  %s\n", err.text);
        return;
    }
    CHECK_STR(p.source, "t.hp");
    CHECK_STR(p.job, "prog +RTS -hc");
    CHECK_STR(p.date, "Mon Nov 23 09:13 2026");
    CHECK_STR(p.sample_unit, "seconds");
    CHECK_STR(p.value_unit, "bytes");
    CHECK_INT(p.nsamples, 3);
    CHECK_NEAR(p.t_first, 0.0, 0);
    CHECK_NEAR(p.t_last, 2.25, 0);
    CHECK_INT(p.nmarks, 1);
    CHECK_NEAR(p.marks[0], 0.5, 0);
    CHECK(!p.dropped_open_sample);
    CHECK_INT(p.names.count, 3);
    CHECK_INT(id_of(&p, "MAIN"), 0); /* ids in order of first appearance */
    CHECK_INT(id_of(&p, "(12)foo"), 1);
    CHECK_INT(id_of(&p, "bar"), 2);
    CHECK_INT(total_of(&p, "MAIN"), 100);
    CHECK_INT(total_of(&p, "(12)foo"), 50);
    CHECK_INT(total_of(&p, "bar"), 7);
    CHECK_INT(points_of(&p, "MAIN"), 1);
    CHECK_INT(points_of(&p, "(12)foo"), 2);
    CHECK_INT(store_count(p.store), 3);
    CHECK_INT(p.names.info[1].len, 7);
    profile_free(&p);
    CHECK(is_zeroed(&p));
    profile_free(&p); /* twice is harmless */
}

static void test_replay(void)
{
    struct profile p;
    struct hp_error err;
    int rc = parse_s(&p,
                     HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                         "BEGIN_SAMPLE 1\na 10\nb 20\na 5\nEND_SAMPLE 1\n"
                         "BEGIN_SAMPLE 2\nc 3\nEND_SAMPLE 99\n"
                         "BEGIN_SAMPLE 3\nd 4\n", /* never ends */
                     &err);
    if (!CHECK_INT(rc, 0))
        return;
    CHECK_INT(p.nsamples, 3);
    CHECK(p.dropped_open_sample);
    CHECK_INT(id_of(&p, "d"), -1); /* the open sample left no trace */
    CHECK_INT(p.names.count, 3);
    CHECK_NEAR(p.t_last, 2, 0);
    CHECK_INT(total_of(&p, "a"), 15);
    CHECK_INT(points_of(&p, "a"), 2); /* a duplicate counts twice */

    struct sample smp;
    for (int pass = 0; pass < 2; pass++) {
        struct store_cursor *cur = store_cursor_new(p.store);
        CHECK_INT(store_cursor_next(cur, &smp, &err), 1);
        CHECK_NEAR(smp.time, 0, 0);
        CHECK_INT(smp.n, 0);
        CHECK_INT(store_cursor_next(cur, &smp, &err), 1);
        CHECK_NEAR(smp.time, 1, 0);
        const struct sample_entry *e = smp.entry;
        if (CHECK_INT(smp.n, 3)) {
            CHECK_INT(e[0].name, id_of(&p, "a"));
            CHECK_INT(e[0].value, 10);
            CHECK_INT(e[1].name, id_of(&p, "b"));
            CHECK_INT(e[1].value, 20);
            CHECK_INT(e[2].name, id_of(&p, "a"));
            CHECK_INT(e[2].value, 5);
        }
        CHECK_INT(store_cursor_next(cur, &smp, &err), 1);
        CHECK_NEAR(smp.time, 2, 0);
        if (CHECK_INT(smp.n, 1)) {
            CHECK_INT(smp.entry[0].name, id_of(&p, "c"));
            CHECK_INT(smp.entry[0].value, 3);
        }
        CHECK_INT(store_cursor_next(cur, &smp, &err), 0);
        store_cursor_free(cur);
    }
    profile_free(&p);
}

/* tiny-hc.hp with its separators, line ends or blank lines changed must
 * give the same profile. */
static void same_as_tiny(const char *text, size_t len, const char *what)
{
    struct profile a, b;
    struct hp_error err;
    if (!CHECK_INT(parse_n(&a, tiny, sizeof tiny - 1, &err), 0))
        return;
    int rc = parse_n(&b, text, len, &err);
    if (!CHECK_INT(rc, 0)) {
        fprintf(stderr, "  %s: %s\n", what, err.text);
        profile_free(&a);
        return;
    }
    bool ok = CHECK_STR(b.job, a.job) & CHECK_STR(b.date, a.date)
        & CHECK_STR(b.sample_unit, a.sample_unit) & CHECK_STR(b.value_unit, a.value_unit)
        & CHECK_INT(b.nsamples, a.nsamples) & CHECK_INT(b.names.count, a.names.count);
    for (size_t i = 0; ok && i < a.names.count; i++)
        ok = CHECK_STR(b.names.info[i].text, a.names.info[i].text)
            & CHECK_INT(b.names.info[i].total, a.names.info[i].total)
            & CHECK_INT(b.names.info[i].points, a.names.info[i].points);
    if (!ok)
        fprintf(stderr, "  (variant: %s)\n", what);
    profile_free(&a);
    profile_free(&b);
}

static void test_tiny_variants(void)
{
    struct profile p;
    struct hp_error err;
    if (CHECK_INT(parse_n(&p, tiny, sizeof tiny - 1, &err), 0)) {
        CHECK_STR(p.job, "tiny +RTS -hc -i0.01");
        CHECK_INT(p.nsamples, 6);
        CHECK_INT(p.names.count, 10);
        CHECK_NEAR(p.t_first, 0.0, 0);
        CHECK_NEAR(p.t_last, 0.042375, 1e-12);
        CHECK_INT(total_of(&p, "(291)squares/main.s/main/M..."), 1490808 + 1833064 + 1833120 + 48);
        CHECK_INT(points_of(&p, "(146)PINNED"), 4);
        CHECK_INT(total_of(&p, "(177)GHC.IO.Handle.Text.CAF"), 24);
        profile_free(&p);
    }

    size_t n = sizeof tiny - 1;
    char *v = malloc(3 * n + 64);
    size_t k;
    /* tabs to spaces (several), and to \v / \f */
    const char *seps[] = { " ", "   ", " \t ", "\v", "\f" };
    for (size_t s = 0; s < sizeof seps / sizeof *seps; s++) {
        k = 0;
        for (size_t i = 0; i < n; i++) {
            if (tiny[i] == '\t') {
                memcpy(v + k, seps[s], strlen(seps[s]));
                k += strlen(seps[s]);
            } else
                v[k++] = tiny[i];
        }
        same_as_tiny(v, k, "tabs replaced");
    }
    /* CRLF */
    k = 0;
    for (size_t i = 0; i < n; i++) {
        if (tiny[i] == '\n')
            v[k++] = '\r';
        v[k++] = tiny[i];
    }
    same_as_tiny(v, k, "CRLF");
    /* blank and white-space-only lines everywhere, leading/trailing blanks */
    k = 0;
    memcpy(v + k, "\n \n", 3), k += 3;
    for (size_t i = 0; i < n; i++) {
        v[k++] = tiny[i];
        if (tiny[i] == '\n') {
            memcpy(v + k, "\n  \t\r\n", 6);
            k += 6;
            v[k++] = ' '; /* leading blank on the next line */
        }
    }
    same_as_tiny(v, k, "blank lines");
    /* no final newline */
    same_as_tiny(tiny, n - 1, "no final newline");
    free(v);
}

static void test_names(void)
{
    struct profile p;
    struct hp_error err;
    static const char text[] = HDR "BEGIN_SAMPLE 0\n"
                                   "  foo bar\t10  \n"  /* inner space kept */
                                   "\tx\t \ty  z 3\r\n" /* tabs kept too */
                                   "a\0b 5\n"           /* NUL */
                                   "FOO_BAR 1\n"        /* unknown upper-case word */
                                   "job 2\nJob 2\nJOBS 2\nBEGIN 2\n"
                                   "12 7\n"                /* numeric name */
                                   "\xc3\xa9t\xc3\xa9 1\n" /* UTF-8 */
                                   "\xff\xfe 1\n"          /* not UTF-8, kept raw */
                                   "q\"x\" +8\n"
                                   "END_SAMPLE\n";
    int rc = parse_n(&p, text, sizeof text - 1, &err);
    if (!CHECK_INT(rc, 0)) {
        fprintf(stderr, "  %s\n", err.text);
        return;
    }
    CHECK_INT(total_of(&p, "foo bar"), 10);
    CHECK_INT(total_of(&p, "x\t \ty  z"), 3);
    CHECK_INT(total_of(&p,
                       "a\xEF\xBF\xBD"
                       "b"),
              5);
    CHECK_INT(p.names
                  .info[id_of(&p,
                              "a\xEF\xBF\xBD"
                              "b")]
                  .len,
              5);
    CHECK_INT(total_of(&p, "FOO_BAR"), 1);
    CHECK_INT(total_of(&p, "job"), 2);
    CHECK_INT(total_of(&p, "Job"), 2);
    CHECK_INT(total_of(&p, "JOBS"), 2);
    CHECK_INT(total_of(&p, "BEGIN"), 2);
    CHECK_INT(total_of(&p, "12"), 7);
    CHECK_INT(total_of(&p, "\xc3\xa9t\xc3\xa9"), 1);
    CHECK_INT(total_of(&p, "\xff\xfe"), 1);
    CHECK_INT(total_of(&p, "q\"x\""), 8);
    CHECK_INT(p.names.count, 12);
    CHECK(!p.dropped_open_sample);
    profile_free(&p);
}

static void test_values(void)
{
    struct profile p;
    struct hp_error err;
    int rc = parse_s(&p,
                     HDR "BEGIN_SAMPLE 0\n"
                         "max 9223372036854775807\n"
                         "two 9223372036854775807\ntwo 9223372036854775807\n"
                         "sat 9223372036854775807\nsat 9223372036854775807\nsat 2\n"
                         "zero 0\nzeros 000000000000000000000000000012\n"
                         "END_SAMPLE 0\n",
                     &err);
    if (!CHECK_INT(rc, 0)) {
        fprintf(stderr, "  %s\n", err.text);
        return;
    }
    CHECK(total_of(&p, "max") == (uint64_t)INT64_MAX);
    CHECK(total_of(&p, "two") == 2 * (uint64_t)INT64_MAX);
    CHECK(total_of(&p, "sat") == UINT64_MAX); /* saturates */
    CHECK_INT(points_of(&p, "sat"), 3);
    CHECK_INT(points_of(&p, "zero"), 1);
    CHECK_INT(total_of(&p, "zeros"), 12);
    struct store_cursor *cur = store_cursor_new(p.store);
    struct sample smp;
    CHECK_INT(store_cursor_next(cur, &smp, &err), 1);
    CHECK(smp.n == 8 && smp.entry[0].value == INT64_MAX);
    store_cursor_free(cur);
    profile_free(&p);

    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo 9223372036854775808\n",
               "t.hp:6: value 9223372036854775808 for foo is larger than 9223372036854775807");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo 99999999999999999999999999999999999999999999999999\n",
               "t.hp:6: value 9999999999999999999999999999999999999999... for foo is larger "
               "than 9223372036854775807");
}

/* data_line reads the last 8 bytes of a line at once: values of every
 * length from 1 to 18 digits, after one or more blanks, on lines shorter
 * and longer than 8 bytes, with names whose bytes run up to 0xFF (a byte
 * of 0xFA or more carries into the next when the digits are looked for),
 * all read as the digits say. */
static void test_digits(void)
{
    static const char junk[] = "x\xfa\xfb\xfc\xfd\xfe\xff(:/.a9";
    uint64_t rng = 17;
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    char names[200][40];
    uint64_t values[200];
    len += (size_t)snprintf(text, cap, "%sBEGIN_SAMPLE 0\n", HDR);
    for (int i = 0; i < 200; i++) {
        size_t nl = (size_t)snprintf(names[i], sizeof names[i], "%d", i);
        size_t extra = fixture_rng(&rng) % 12;
        for (size_t k = 0; k < extra; k++)
            names[i][nl++] = junk[fixture_rng(&rng) % (sizeof junk - 1)];
        names[i][nl] = '\0';
        unsigned digits = 1 + (unsigned)(i % 18);
        char v[24];
        for (unsigned k = 0; k < digits; k++)
            v[k] = (char)('0' + fixture_rng(&rng) % 10);
        v[digits] = '\0';
        values[i] = strtoull(v, NULL, 10);
        const char *gap = i % 3 == 0 ? "\t" : i % 3 == 1 ? " " : " \t  ";
        len += (size_t)snprintf(text + len, cap - len, "%s%s%s\n", names[i], gap, v);
    }
    len += (size_t)snprintf(text + len, cap - len, "END_SAMPLE 0\n");
    struct profile p;
    struct hp_error err;
    if (CHECK_INT(parse_n(&p, text, len, &err), 0)) {
        for (int i = 0; i < 200; i++)
            if (!CHECK(total_of(&p, names[i]) == values[i]))
                fprintf(stderr, "  line %d: %s\n", i, names[i]);
        profile_free(&p);
    } else
        fprintf(stderr, "  %s\n", err.text);
    /* A byte of 0xFA and more just before a digit: the digit belongs to
     * the name, as before. */
    if (CHECK_INT(parse_s(&p,
                          HDR "BEGIN_SAMPLE 0\nname\xfa"
                              "5 12345678\nk\xff"
                              "9\t7\n"
                              "END_SAMPLE 0\n",
                          &err),
                  0)) {
        CHECK(total_of(&p,
                       "name\xfa"
                       "5")
              == 12345678);
        CHECK(total_of(&p,
                       "k\xff"
                       "9")
              == 7);
        profile_free(&p);
    } else
        fprintf(stderr, "  %s\n", err.text);
    free(text);
}

/* read/hp.c's fast_lines takes "NAME<blank>DIGITS\n" when NAME is the
 * guessed name (the one after the previous line's name in the sample
 * before); every line near that shape must still read as the general
 * path reads it.  Each case is the second sample of a profile whose
 * first sample set the guesses "abc" then "x". */
static void fast_case(const char *line, const char *name, uint64_t total, const char *msg, int at)
{
    char text[512];
    int len = snprintf(text, sizeof text,
                       HDR "BEGIN_SAMPLE 0\nabc 1\nx 2\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\n%s"
                           "END_SAMPLE 1\n",
                       line);
    struct profile p;
    struct hp_error err;
    int rc = parse_n(&p, text, (size_t)len, &err);
    bool ok;
    if (msg)
        ok = CHECK_INT(rc, -1) & CHECK_STR(err.text, msg);
    else if ((ok = CHECK_INT(rc, 0))) {
        ok = CHECK(total_of(&p, name) == total) & CHECK_INT(p.nsamples, 2);
        profile_free(&p);
    } else
        fprintf(stderr, "  %s\n", err.text);
    if (!ok)
        fprintf(stderr, "  (in the case at test_parse.c:%d)\n", at);
}
#define FAST_OK(line, name, total) fast_case(line, name, total, NULL, __LINE__)
#define FAST_ERR(line, msg)        fast_case(line, NULL, 0, msg, __LINE__)

/* A profile of exactly `size` bytes (at least 200) whose last line is
 * `last`, unterminated, in an open sample after one that starts with
 * "alpha": the value ends at the end of the parser's buffer. */
static void at_buffer_end(size_t size, const char *last, int at)
{
    static const char head[] = HDR "BEGIN_SAMPLE 0\nalpha 1\n";
    static const char tail[] = " 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\n";
    size_t hl = sizeof head - 1, tl = sizeof tail - 1, ll = strlen(last);
    char *t = malloc(size);
    memcpy(t, head, hl);
    size_t pad = size - hl - tl - ll; /* a name of its own, as long as it takes */
    memset(t + hl, 'p', pad);
    memcpy(t + hl + pad, tail, tl);
    memcpy(t + hl + pad + tl, last, ll);
    struct profile p;
    struct hp_error err;
    int rc = parse_n(&p, t, size, &err);
    bool ok = CHECK_INT(rc, 0);
    if (ok) {
        ok = CHECK_INT(p.nsamples, 1) & CHECK(p.dropped_open_sample)
            & CHECK(total_of(&p, "alpha") == 1);
        profile_free(&p);
    } else
        fprintf(stderr, "  %s\n", err.text);
    if (!ok)
        fprintf(stderr, "  (%zu bytes, in the case at test_parse.c:%d)\n", size, at);
    free(t);
}

static void test_fast_lines(void)
{
    /* the guessed name and one blank: taken, 1 to 8 digits */
    FAST_OK("abc 5\n", "abc", 6);
    FAST_OK("abc\t12345678\nx 99999999\n", "x", 100000001);
    FAST_OK("abc 0\n", "abc", 1);
    /* a name that is a prefix of the guessed one, or the guessed one a
     * prefix of it: a name of its own */
    FAST_OK("ab 5\n", "ab", 5);
    FAST_OK("ab 5\n", "abc", 1);
    FAST_OK("abcd 5\n", "abcd", 5);
    FAST_OK("abc5 7\n", "abc5", 7);
    /* no blank: the line has no value (a name's first part) */
    FAST_ERR("abc5\n", "t.hp:10: abc5 has no value");
    FAST_ERR("abc55\nx 1\n", "t.hp:10: abc55 has no value");
    /* doubled or other blanks, a sign, CRLF: the general path's value */
    FAST_OK("abc  5\n", "abc", 6);
    FAST_OK("abc \t5\n", "abc", 6);
    FAST_OK("abc +5\n", "abc", 6);
    FAST_OK("abc 5\r\n", "abc", 6);
    FAST_OK("abc 5 \n", "abc", 6);
    /* more digits than the word holds */
    FAST_OK("abc 123456789\n", "abc", 123456790);
    FAST_OK("abc 000000000000000000007\n", "abc", 8);
    FAST_OK("abc 9223372036854775807\n", "abc", (uint64_t)INT64_MAX + 1);
    /* what follows the digits decides */
    FAST_ERR("abc 5.5\n", "t.hp:10: value '5.5' for abc is not a whole number");
    FAST_ERR("abc 5x\n", "t.hp:10: value '5x' for abc is not a whole number");
    FAST_ERR("abc -5\n", "t.hp:10: negative value -5 for abc");
    FAST_ERR("abc 12345678x\n", "t.hp:10: value '12345678x' for abc is not a whole number");
    FAST_ERR("abc 5\nx 1.5\n", "t.hp:11: value '1.5' for x is not a whole number");
    /* the line count goes on through the fast lines */
    FAST_ERR("abc 5\nx 6\nabc 7\nx 8\nBEGIN_SAMPLE 2\n",
             "t.hp:14: BEGIN_SAMPLE inside a sample (END_SAMPLE missing)");
    /* a name with a newline in it is two lines of input, never a fast
     * one (the count of lines would be short of one) */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nbar 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nfoo\nbar 2\n"
                   "END_SAMPLE 1\nBEGIN_SAMPLE 2\nx 1.5\n",
               "t.hp:14: value '1.5' for x is not a whole number");
    /* the value at the end of the input, without its newline: at the end
     * of the parser's first block (the bytes after it are outside the
     * buffer) and of its second (they are the first block's, and the
     * one right after the value is a newline) */
    const char *lasts[] = { "alpha 1", "alpha 12", "alpha 12345678", "alpha 1\n", "al" };
    for (size_t i = 0; i < sizeof lasts / sizeof *lasts; i++) {
        at_buffer_end(200, lasts[i], __LINE__);
        at_buffer_end(256 * 1024, lasts[i], __LINE__);
        at_buffer_end(256 * 1024 + strlen(lasts[i]), lasts[i], __LINE__);
    }
}

static void test_times(void)
{
    struct profile p;
    struct hp_error err;
    int rc = parse_s(&p,
                     HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                         "BEGIN_SAMPLE 0.\nEND_SAMPLE\n" /* equal times are fine */
                         "BEGIN_SAMPLE .5\nEND_SAMPLE 7\n"
                         "MARK 1e-3\nMARK +2\nMARK 3E+1\nMARK 0.25e1\n"
                         "BEGIN_SAMPLE\t+1.5e0 \nMARK 9\nEND_SAMPLE junk here\n"
                         "BEGIN_SAMPLE 1.5\nEND_SAMPLE 1.5\n",
                     &err);
    if (!CHECK_INT(rc, 0)) {
        fprintf(stderr, "  %s\n", err.text);
        return;
    }
    CHECK_INT(p.nsamples, 5);
    CHECK_NEAR(p.t_first, 0, 0);
    CHECK_NEAR(p.t_last, 1.5, 0);
    if (CHECK_INT(p.nmarks, 5)) {
        CHECK_NEAR(p.marks[0], 0.001, 0);
        CHECK_NEAR(p.marks[1], 2, 0);
        CHECK_NEAR(p.marks[2], 30, 0);
        CHECK_NEAR(p.marks[3], 2.5, 0);
        CHECK_NEAR(p.marks[4], 9, 0); /* a MARK inside a sample is accepted */
    }
    struct store_cursor *cur = store_cursor_new(p.store);
    struct sample smp;
    double want[] = { 0, 0, 0.5, 1.5, 1.5 };
    for (size_t i = 0; i < 5; i++) {
        CHECK_INT(store_cursor_next(cur, &smp, &err), 1);
        CHECK_NEAR(smp.time, want[i], 0);
    }
    store_cursor_free(cur);
    profile_free(&p);

    /* A comma-decimal locale must not change how times are read. */
    const char *locs[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8" };
    for (size_t i = 0; i < sizeof locs / sizeof *locs; i++) {
        if (!setlocale(LC_NUMERIC, locs[i]))
            continue;
        rc = parse_s(&p, HDR "BEGIN_SAMPLE 0.5\nEND_SAMPLE\n", &err);
        setlocale(LC_NUMERIC, "C");
        if (CHECK_INT(rc, 0)) {
            CHECK_NEAR(p.t_first, 0.5, 0);
            profile_free(&p);
        }
        break;
    }

    static const char *badtimes[] = { "-1",   "-0",    "nan", "inf", "NAN", "0x10",
                                      "1.5x", "1e400", "1 2", "1e",  "1e+", ".",
                                      "+",    "e5",    "1,5", "++1", "1..2" };
    for (size_t i = 0; i < sizeof badtimes / sizeof *badtimes; i++) {
        char text[256], msg[256];
        snprintf(text, sizeof text, HDR "BEGIN_SAMPLE %s\nEND_SAMPLE\n", badtimes[i]);
        snprintf(msg, sizeof msg,
                 "t.hp:5: BEGIN_SAMPLE must be followed by a time (a non-negative number), "
                 "not '%s'",
                 badtimes[i]);
        expect_err_n(text, strlen(text), msg, __LINE__);
        snprintf(text, sizeof text, HDR "MARK %s\nBEGIN_SAMPLE 0\nEND_SAMPLE\n", badtimes[i]);
        snprintf(msg, sizeof msg,
                 "t.hp:5: MARK must be followed by a time (a non-negative number), not '%s'",
                 badtimes[i]);
        expect_err_n(text, strlen(text), msg, __LINE__);
    }
    EXPECT_ERR(HDR "BEGIN_SAMPLE\nEND_SAMPLE\n",
               "t.hp:5: BEGIN_SAMPLE must be followed by a time (a non-negative number)");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 1\nEND_SAMPLE\nMARK  \t\n",
               "t.hp:7: MARK must be followed by a time (a non-negative number)");
}

static void test_headers(void)
{
    struct profile p;
    struct hp_error err;
    int rc = parse_s(&p,
                     "JOB \"first\"\n"
                     "DATE \"a \\\"b\\\" c\"\n"         /* backslashes are not escapes */
                     "SAMPLE_UNIT \"say \"\"hi\"\"\"\n" /* "" is one " */
                     "VALUE_UNIT\t\"\"  \n"             /* empty string */
                     "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                     "JOB \"second\"\n" /* the last one wins */
                     "BEGIN_SAMPLE 1\nJOB \"third \"x\" y\"\nEND_SAMPLE 1\n",
                     &err);
    if (CHECK_INT(rc, 0)) {
        CHECK_STR(p.job, "third \"x\" y");
        CHECK_STR(p.date, "a \\\"b\\\" c");
        CHECK_STR(p.sample_unit, "say \"hi\"");
        CHECK_STR(p.value_unit, "");
        CHECK_INT(p.nsamples, 2);
        profile_free(&p);
    } else
        fprintf(stderr, "  %s\n", err.text);

    /* a string over several lines keeps its newlines (not the \r of CRLF) */
    rc = parse_s(&p,
                 "JOB \"line one\n"
                 "\n"
                 "  line three \r\n"
                 "say \"\"hi\"\" end\" \n"
                 "DATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"v\nw\"\n"
                 "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n",
                 &err);
    if (CHECK_INT(rc, 0)) {
        CHECK_STR(p.job, "line one\n\n  line three \nsay \"hi\" end");
        CHECK_STR(p.value_unit, "v\nw");
        profile_free(&p);
    } else
        fprintf(stderr, "  %s\n", err.text);

    /* NUL inside a string */
    static const char nul[] = "JOB \"a\0b\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"v\"\n"
                              "BEGIN_SAMPLE 0\nEND_SAMPLE 0\n";
    rc = parse_n(&p, nul, sizeof nul - 1, &err);
    if (CHECK_INT(rc, 0)) {
        CHECK_STR(p.job,
                  "a\xEF\xBF\xBD"
                  "b");
        profile_free(&p);
    }

    EXPECT_ERR("JOB\nDATE \"d\"\n", "t.hp:1: JOB must be followed by a quoted string");
    EXPECT_ERR("JOB \"j\"\nDATE foo\n", "t.hp:2: DATE must be followed by a quoted string");
    EXPECT_ERR("\n\nSAMPLE_UNIT 'x'\n", "t.hp:3: SAMPLE_UNIT must be followed by a quoted string");
    EXPECT_ERR("VALUE_UNIT\n", "t.hp:1: VALUE_UNIT must be followed by a quoted string");
    EXPECT_ERR("JOB \"a\" b \n", "t.hp:1: unexpected text 'b' after the JOB string");
    EXPECT_ERR("JOB \"a\n\nb\" c\n", "t.hp:3: unexpected text 'c' after the JOB string");
    EXPECT_ERR("JOB \"j\"\nDATE \"abc\ndef\n",
               "t.hp:3: end of file inside a quoted string (opened on line 2)");
    EXPECT_ERR("JOB \"j\"\nDATE \"abc\ndef", /* even when the last line is cut */
               "t.hp:3: end of file inside a quoted string (opened on line 2)");
}

static void test_errors(void)
{
    EXPECT_ERR("", "t.hp: empty file");
    EXPECT_ERR("\n", "t.hp: JOB missing");
    EXPECT_ERR("DATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"v\"\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n",
               "t.hp: JOB missing");
    EXPECT_ERR("JOB \"j\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"v\"\n", "t.hp: DATE missing");
    EXPECT_ERR("JOB \"j\"\nDATE \"d\"\n", "t.hp: VALUE_UNIT missing");
    EXPECT_ERR("JOB \"j\"\nDATE \"d\"\nVALUE_UNIT \"v\"\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n",
               "t.hp: SAMPLE_UNIT missing");
    EXPECT_ERR(HDR, "t.hp: contains no samples");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo 1\n", "t.hp: contains no samples");

    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nBEGIN_SAMPLE 1\nEND_SAMPLE\n",
               "t.hp:6: BEGIN_SAMPLE inside a sample (END_SAMPLE missing)");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 2.50\nEND_SAMPLE\n\nBEGIN_SAMPLE 1.0\nEND_SAMPLE\n",
               "t.hp:8: samples out of sequence: time 1.0 is before the previous sample's "
               "time 2.50");
    /* The previous time is kept as its first bytes only (hp.c's
     * time_text): quoted and cut as the whole would be, 40 bytes shown. */
    EXPECT_ERR(HDR
               "BEGIN_SAMPLE 2.0000000000000000000000000000000000000000000000001\n"
               "END_SAMPLE\nBEGIN_SAMPLE 1.00000000000000000000000000000000000001\nEND_SAMPLE\n",
               "t.hp:7: samples out of sequence: time 1.00000000000000000000000000000000000001 "
               "is before the previous sample's time 2.00000000000000000000000000000000000000...");
    EXPECT_ERR(
        HDR "BEGIN_SAMPLE 2.00000000000000000000000000000000000001\n"
            "END_SAMPLE\nBEGIN_SAMPLE 1.000000000000000000000000000000000000000001\nEND_SAMPLE\n",
        "t.hp:7: samples out of sequence: time 1.00000000000000000000000000000000000000... "
        "is before the previous sample's time 2.00000000000000000000000000000000000001");
    EXPECT_ERR(HDR "END_SAMPLE 0\n", "t.hp:5: END_SAMPLE without BEGIN_SAMPLE");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nEND_SAMPLE 0\n",
               "t.hp:7: END_SAMPLE without BEGIN_SAMPLE");
    EXPECT_ERR(HDR "foo 1\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n",
               "t.hp:5: data line outside a sample (no BEGIN_SAMPLE before it)");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nfoo 1\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n",
               "t.hp:7: data line outside a sample (no BEGIN_SAMPLE before it)");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nEND_SAMPLE 0\n", "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n  foo  \t\nEND_SAMPLE 0\n", "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n123\nEND_SAMPLE 0\n", "t.hp:6: value 123 has no name");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n\t+45 \nEND_SAMPLE 0\n", "t.hp:6: value +45 has no name");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nMAIN -160\nEND_SAMPLE 0\n",
               "t.hp:6: negative value -160 for MAIN");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nMAIN 160.5\nEND_SAMPLE 0\n",
               "t.hp:6: value '160.5' for MAIN is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nMAIN 1e5\nEND_SAMPLE 0\n",
               "t.hp:6: value '1e5' for MAIN is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo bar\nEND_SAMPLE 0\n",
               "t.hp:6: value 'bar' for foo is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo +\nEND_SAMPLE 0\n",
               "t.hp:6: value '+' for foo is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo -\nEND_SAMPLE 0\n",
               "t.hp:6: value '-' for foo is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo -1.5\nEND_SAMPLE 0\n",
               "t.hp:6: value '-1.5' for foo is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo 0x10\nEND_SAMPLE 0\n",
               "t.hp:6: value '0x10' for foo is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nJOB 5\nEND_SAMPLE 0\n",
               "t.hp:6: JOB must be followed by a quoted string");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo 1\nBEGIN_SAM\nEND_SAMPLE 0\n",
               "t.hp:7: BEGIN_SAM has no value");
}

/* Control bytes and invalid UTF-8 from the input never reach the terminal raw. */
static void test_quoting(void)
{
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\na\x01\x1b[31mb\x7f\\c\nEND_SAMPLE 0\n",
               "t.hp:6: a\\x01\\x1b[31mb\\x7f\\x5cc has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nname 12\x1b\nEND_SAMPLE 0\n",
               "t.hp:6: value '12\\x1b' for name is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n\xc3\xa9t\xc3\xa9\nEND_SAMPLE 0\n",
               "t.hp:6: \xc3\xa9t\xc3\xa9 has no value"); /* valid UTF-8 kept */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n\xc3\xa9t\xff\nEND_SAMPLE 0\n",
               "t.hp:6: \\xc3\\xa9t\\xff has no value"); /* not UTF-8: all escaped */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nx\xc2\x9b"
                   "1m\nEND_SAMPLE 0\n",
               "t.hp:6: x\\xc2\\x9b1m has no value"); /* C1 control (CSI) */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nx\xed\xa0\x80\nEND_SAMPLE 0\n",
               "t.hp:6: x\\xed\\xa0\\x80 has no value"); /* a surrogate is not UTF-8 */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n"
                   "0123456789012345678901234567890123456789ABCDEF\nEND_SAMPLE 0\n",
               "t.hp:6: 0123456789012345678901234567890123456789... has no value");
    /* a UTF-8 character is not split by the cut: 39 bytes, then a 2-byte one */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n"
                   "012345678901234567890123456789012345678\xc3\xa9\nEND_SAMPLE 0\n",
               "t.hp:6: 012345678901234567890123456789012345678... has no value");
    EXPECT_ERR("JOB \"a\" \x1b]0;x\x07\n",
               "t.hp:1: unexpected text '\\x1b]0;x\\x07' after the JOB string");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 1\x1b\n",
               "t.hp:5: BEGIN_SAMPLE must be followed by a time "
               "(a non-negative number), not '1\\x1b'");
}

/* The last line, when it has no newline, is a profile cut while written. */
static void test_last_line(void)
{
    struct profile p;
    struct hp_error err;
    CHECK_INT(parse_s(&p, HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nMAR", &err), 0);
    CHECK_INT(p.nsamples, 1);
    CHECK(!p.dropped_open_sample);
    profile_free(&p);
    CHECK_INT(parse_s(&p, HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nfoo 1x", &err), 0);
    profile_free(&p);
    CHECK_INT(parse_s(&p, HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 0\nfoo -", &err), 0);
    CHECK(p.dropped_open_sample);
    CHECK_INT(p.names.count, 0);
    profile_free(&p);
    /* a last line that parses is used */
    CHECK_INT(parse_s(&p, HDR "BEGIN_SAMPLE 0\nx 4\nEND_SAMPLE 0", &err), 0);
    CHECK_INT(p.nsamples, 1);
    CHECK_INT(total_of(&p, "x"), 4);
    profile_free(&p);
    CHECK_INT(parse_s(&p, HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nMARK 3", &err), 0);
    CHECK_INT(p.nmarks, 1);
    profile_free(&p);
    CHECK_INT(parse_s(&p,
                      "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n"
                      "VALUE_UNIT \"b\"",
                      &err),
              0);
    CHECK_STR(p.value_unit, "b");
    profile_free(&p);
    /* a complete line with no value at the end: the first part of a name
     * whose next line was cut off; it goes with its open sample */
    CHECK_INT(parse_s(&p, HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 0\nMAR\n", &err), 0);
    CHECK(p.dropped_open_sample);
    CHECK_INT(p.names.count, 0);
    profile_free(&p);
    /* but the same errors on a complete line are errors */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 0\nMAR\nEND_SAMPLE 0\n",
               "t.hp:8: MAR has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nEND_SAMPLE 0\nfoo 1x\n",
               "t.hp:7: data line outside a sample (no BEGIN_SAMPLE before it)");
    /* a cut string on the last line: the header is missing */
    EXPECT_ERR("JOB \"j\"\nDATE \"Mon", "t.hp: DATE missing");
}

/* The name of the only band of a profile that parsed, or "" (checked). */
static const char *only_name(const struct profile *p)
{
    return CHECK_INT(p->names.count, 1) ? p->names.info[0].text : "";
}

/* One sample holding body (data lines); the only name must be want, with
 * value total. */
static void newline_name(const char *body, const char *want, uint64_t total, int line)
{
    char text[512];
    snprintf(text, sizeof text, HDR "BEGIN_SAMPLE 0\n%sEND_SAMPLE 0\n", body);
    struct profile p;
    struct hp_error err;
    bool ok = CHECK_INT(parse_s(&p, text, &err), 0);
    if (ok) {
        ok = CHECK_STR(only_name(&p), want) & CHECK_INT(total_of(&p, want), total);
        profile_free(&p);
    } else
        fprintf(stderr, "  %s\n", err.text);
    if (!ok)
        fprintf(stderr, "  (in the case at test_parse.c:%d)\n", line);
}
#define NEWLINE_NAME(body, want, total) newline_name((body), (want), (total), __LINE__)

/* A band name with newlines in it, written raw by the RTS: the line with
 * its first part has no value, the value ends its last line. */
static void test_newline_names(void)
{
    NEWLINE_NAME("foo\nbar\t20\n", "foo\nbar", 20);
    NEWLINE_NAME("a\nb\nc 5\n", "a\nb\nc", 5);     /* several newlines */
    NEWLINE_NAME("a\n\nc 5\n", "a\n\nc", 5);       /* an empty line inside */
    NEWLINE_NAME("a\n \t\nc 5\n", "a\n \t\nc", 5); /* a blank one */
    NEWLINE_NAME("a\n  b c\t5\n", "a\n  b c", 5);  /* white space is the name's */
    NEWLINE_NAME("a \nb 5\n", "a \nb", 5);
    NEWLINE_NAME("a\n\t5\n", "a\n", 5); /* a newline at the end */
    NEWLINE_NAME("a\n5\n", "a\n", 5);
    NEWLINE_NAME("foo bar\nbaz 7\n", "foo bar\nbaz", 7); /* spaces in the first part */
    NEWLINE_NAME("(12)lbl x\n-y\nz 7\n", "(12)lbl x\n-y\nz", 7);
    NEWLINE_NAME("a\nb +5\n", "a\nb", 5);
    NEWLINE_NAME("  a\nb 5\n", "a\nb", 5);           /* leading white space is not (as always) */
    NEWLINE_NAME("a\r\nb\r\nc 5\r\n", "a\nb\nc", 5); /* CRLF: the stored name has "\n" */
    NEWLINE_NAME("a\nb 9223372036854775807\n", "a\nb", INT64_MAX);

    /* The same name in every sample, among others, through the fast path:
     * one name, its values added, and the stored samples right. */
    struct profile p;
    struct hp_error err;
    const char *three = HDR "BEGIN_SAMPLE 0\nMAIN 1\n(7)lbl\nx/main\t10\nother 2\nEND_SAMPLE 0\n"
                            "BEGIN_SAMPLE 1\nMAIN 1\n(7)lbl\nx/main\t20\nother 2\nEND_SAMPLE 1\n"
                            "BEGIN_SAMPLE 2\n(7)lbl\nx/main\t30\nMAIN 1\nEND_SAMPLE 2\n";
    if (CHECK_INT(parse_s(&p, three, &err), 0)) {
        CHECK_INT(p.names.count, 3);
        CHECK_INT(total_of(&p, "(7)lbl\nx/main"), 60);
        CHECK_INT(points_of(&p, "(7)lbl\nx/main"), 3);
        CHECK_INT(total_of(&p, "MAIN"), 3);
        CHECK_INT(p.nsamples, 3);
        struct store_cursor *cur = store_cursor_new(p.store);
        struct sample smp;
        CHECK_INT(store_cursor_next(cur, &smp, &err), 1);
        CHECK_INT(store_cursor_next(cur, &smp, &err), 1);
        if (CHECK_INT(smp.n, 3)) {
            CHECK_INT(smp.entry[1].name, id_of(&p, "(7)lbl\nx/main"));
            CHECK_INT(smp.entry[1].value, 20);
        }
        store_cursor_free(cur);
        profile_free(&p);
    }
    /* CRLF gives the same profile. */
    struct profile q;
    char crlf[1024];
    size_t o = 0;
    for (const char *c = three; *c; c++) {
        if (*c == '\n')
            crlf[o++] = '\r';
        crlf[o++] = *c;
    }
    if (CHECK_INT(parse_n(&q, crlf, o, &err), 0)) {
        CHECK_INT(q.names.count, 3);
        CHECK_INT(total_of(&q, "(7)lbl\nx/main"), 60);
        profile_free(&q);
    }
    /* A NUL in a joined name becomes U+FFFD, as in any name. */
    static const char nul[] = HDR "BEGIN_SAMPLE 0\na\0b\nc 5\nEND_SAMPLE 0\n"
                                  "BEGIN_SAMPLE 1\na\0b\nc 6\nEND_SAMPLE 1\n";
    if (CHECK_INT(parse_n(&q, nul, sizeof nul - 1, &err), 0)) {
        CHECK_STR(only_name(&q),
                  "a\xEF\xBF\xBD"
                  "b\nc");
        CHECK_INT(total_of(&q,
                           "a\xEF\xBF\xBD"
                           "b\nc"),
                  11);
        profile_free(&q);
    }
    /* Line numbers go on counting every line. */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\na\nb\nc 5\nEND_SAMPLE 0\nEND_SAMPLE 0\n",
               "t.hp:10: END_SAMPLE without BEGIN_SAMPLE");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\na\nb 5\nc -1\nEND_SAMPLE 0\n",
               "t.hp:8: negative value -1 for c");
}

/* A line with no value that the next lines do not complete is the error
 * it is alone, on its own line and with its own message. */
static void test_newline_name_errors(void)
{
    /* a keyword next */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nEND_SAMPLE 0\n", "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nbar\n\nEND_SAMPLE 0\n", "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo bar\nEND_SAMPLE 0\n",
               "t.hp:6: value 'bar' for foo is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n",
               "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\n  MARK 1\nEND_SAMPLE 0\n", "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nJOB \"x\"\nEND_SAMPLE 0\n", "t.hp:6: foo has no value");
    /* ... also when the keyword is the last line, without its newline */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nEND_SAMPLE 0", "t.hp:6: foo has no value");
    /* a bad value next: no join */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nbar -5\nEND_SAMPLE 0\n", "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nbar 1.5\nEND_SAMPLE 0\n", "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo\nbar 99999999999999999999\nEND_SAMPLE 0\n",
               "t.hp:6: foo has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo x\nbar 1e3\nEND_SAMPLE 0\n",
               "t.hp:6: value 'x' for foo is not a whole number");
    /* a bad value on the first line is never the start of a name */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nMAIN 160.5\nbar 5\nEND_SAMPLE 0\n",
               "t.hp:6: value '160.5' for MAIN is not a whole number");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nMAIN -160\nbar 5\nEND_SAMPLE 0\n",
               "t.hp:6: negative value -160 for MAIN");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n123\nbar 5\nEND_SAMPLE 0\n", "t.hp:6: value 123 has no name");
    EXPECT_ERR(HDR "foo\nbar 5\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n",
               "t.hp:5: data line outside a sample (no BEGIN_SAMPLE before it)");

    /* A part that is a name of its own disproves the join.  Known before
     * (x, in sample 1): */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nx 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nx\ny 5\nEND_SAMPLE 1\n",
               "t.hp:9: x has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\ny 1\nx\ny 5\nEND_SAMPLE 0\n", "t.hp:7: x has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\ny 1\nx\n  y  \t5\nEND_SAMPLE 0\n", "t.hp:7: x has no value");
    /* or later: value-missing.hp, MAIN lost its value in the first sample,
     * and MAIN and (289)main come alone in the next one */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\n(146)PINNED\t36816\nMAIN\n(289)main\t64\nEND_SAMPLE 0\n"
                   "BEGIN_SAMPLE 1\n(146)PINNED\t36816\n(289)main\t64\nMAIN\t160\nEND_SAMPLE 1\n",
               "t.hp:7: MAIN has no value");
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nMAIN\n(289)main\t64\nEND_SAMPLE 0\n"
                   "BEGIN_SAMPLE 1\nMAIN\t160\nEND_SAMPLE 1\n",
               "t.hp:6: MAIN has no value");
    /* ... in a sample that never ends */
    EXPECT_ERR(HDR "BEGIN_SAMPLE 0\nfoo bar\nbaz\t64\nEND_SAMPLE 0\n"
                   "BEGIN_SAMPLE 1\nbaz\t160\n",
               "t.hp:6: value 'bar' for foo is not a whole number");
    /* ... in a sample outside --from/--to, which is checked all the same */
    struct parse_options po = { .has_to = true, .to = 0.5 };
    struct profile p;
    struct hp_error err;
    static const char win[] = HDR "BEGIN_SAMPLE 0\nMAIN\nx 64\nEND_SAMPLE 0\n"
                                  "BEGIN_SAMPLE 1\nx 64\nEND_SAMPLE 1\n";
    CHECK_INT(profile_parse_buffer(&p, win, sizeof win - 1, "t.hp", &po, &err), -1);
    CHECK_STR(err.text, "t.hp:6: MAIN has no value");
    /* A part never alone is no proof: both samples join. */
    if (CHECK_INT(parse_s(&p,
                          HDR "BEGIN_SAMPLE 0\nMAIN\nx 64\nEND_SAMPLE 0\n"
                              "BEGIN_SAMPLE 1\nMAIN\nx 64\nEND_SAMPLE 1\n",
                          &err),
                  0)) {
        CHECK_INT(total_of(&p, "MAIN\nx"), 128);
        profile_free(&p);
    }

    /* A name cut off at the end of the input goes with its open sample. */
    static const char *const cut[] = {
        HDR "BEGIN_SAMPLE 0\nx 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nfoo\n",
        HDR "BEGIN_SAMPLE 0\nx 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nfoo\nba",
        HDR "BEGIN_SAMPLE 0\nx 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nfoo\nbar -",
        HDR "BEGIN_SAMPLE 0\nx 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nfoo\nbar 1.",
        HDR "BEGIN_SAMPLE 0\nx 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nfoo\nbar\n\n",
        HDR "BEGIN_SAMPLE 0\nx 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nfoo\nbar 5",
    };
    for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
        if (!CHECK_INT(parse_s(&p, cut[i], &err), 0)) {
            fprintf(stderr, "  cut %zu: %s\n", i, err.text);
            continue;
        }
        CHECK_INT(p.nsamples, 1);
        CHECK(p.dropped_open_sample);
        CHECK_INT(p.names.count, 1);
        profile_free(&p);
    }

    /* A name over more lines than HP_MAX_LINE bytes is refused. */
    size_t lines = HP_MAX_LINE / 1000 + 2;
    char *big = xmalloc(sizeof HDR + 64 + lines * 1001);
    size_t o = (size_t)sprintf(big, HDR "BEGIN_SAMPLE 0\n");
    for (size_t i = 0; i < lines; i++) {
        memset(big + o, 'x', 1000);
        o += 1000;
        big[o++] = '\n';
    }
    o += (size_t)sprintf(big + o, "y 5\nEND_SAMPLE 0\n");
    CHECK_INT(parse_n(&p, big, o, &err), -1);
    char want[128];
    snprintf(want, sizeof want, "t.hp:%zu: a name over several lines longer than %u bytes",
             (size_t)6 + HP_MAX_LINE / 1001, HP_MAX_LINE);
    CHECK_STR(err.text, want);
    free(big);
}

/* A live profile cut at every byte: never a crash, never a wrong count. */
static void test_cut_everywhere(void)
{
    size_t n = sizeof tiny - 1;
    size_t ok_count = 0;
    for (size_t k = 0; k <= n; k++) {
        struct profile p;
        struct hp_error err;
        size_t ends = count_sub(tiny, k, "END_SAMPLE");
        int rc = parse_n(&p, tiny, k, &err);
        if (rc == 0) {
            ok_count++;
            bool ok = CHECK_INT(p.nsamples, ends) & CHECK(ends > 0)
                & CHECK_INT(store_count(p.store), ends);
            /* a sample is open if its BEGIN_SAMPLE line is complete, and not
             * if there is no BEGIN_SAMPLE after the last END_SAMPLE (a cut
             * inside the time of a BEGIN_SAMPLE may or may not open one) */
            size_t begins = 0;
            for (size_t i = 0; i + 12 <= k; i++)
                if (memcmp(tiny + i, "BEGIN_SAMPLE", 12) == 0 && memchr(tiny + i, '\n', k - i))
                    begins++;
            if (begins > ends)
                ok &= CHECK(p.dropped_open_sample);
            if (count_sub(tiny, k, "BEGIN_SAMPLE") == ends)
                ok &= CHECK(!p.dropped_open_sample);
            if (!ok)
                fprintf(stderr, "  (cut at byte %zu)\n", k);
            profile_free(&p);
        } else {
            bool known = strcmp(err.text, "t.hp: JOB missing") == 0
                || strcmp(err.text, "t.hp: DATE missing") == 0
                || strcmp(err.text, "t.hp: SAMPLE_UNIT missing") == 0
                || strcmp(err.text, "t.hp: VALUE_UNIT missing") == 0
                || strcmp(err.text, "t.hp: contains no samples") == 0
                || (k == 0 && strcmp(err.text, "t.hp: empty file") == 0);
            if (!(CHECK(known) & CHECK_INT(ends, 0) & CHECK(is_zeroed(&p))))
                fprintf(stderr, "  (cut at byte %zu: %s)\n", k, err.text);
        }
    }
    /* every cut after the first END_SAMPLE succeeds */
    const char *first_end = strstr(tiny, "END_SAMPLE");
    CHECK_INT(ok_count, n + 1 - (size_t)(first_end + 10 - tiny));
}

static void test_long_lines(void)
{
    size_t hl = strlen(HDR "BEGIN_SAMPLE 0\n");
    size_t cap = hl + HP_MAX_LINE + 64;
    char *t = malloc(cap);
    struct profile p;
    struct hp_error err;

    /* exactly HP_MAX_LINE bytes (and then with "\r\n"): accepted */
    for (int crlf = 0; crlf < 2; crlf++) {
        size_t k = 0;
        memcpy(t, HDR "BEGIN_SAMPLE 0\n", hl), k = hl;
        memset(t + k, 'n', HP_MAX_LINE - 2), k += HP_MAX_LINE - 2;
        memcpy(t + k, " 1", 2), k += 2;
        if (crlf)
            t[k++] = '\r';
        memcpy(t + k, "\nEND_SAMPLE 0\n", 14), k += 14;
        int rc = parse_n(&p, t, k, &err);
        if (CHECK_INT(rc, 0)) {
            CHECK_INT(p.names.count, 1);
            CHECK_INT(p.names.info[0].len, HP_MAX_LINE - 2);
            profile_free(&p);
        } else
            fprintf(stderr, "  %s\n", err.text);
    }
    /* one byte more: rejected, with or without a newline after it */
    for (int nl = 0; nl < 2; nl++) {
        size_t k = hl;
        memset(t + k, 'n', HP_MAX_LINE - 1), k += HP_MAX_LINE - 1;
        memcpy(t + k, " 1", 2), k += 2;
        if (nl)
            memcpy(t + k, "\nEND_SAMPLE 0\n", 14), k += 14;
        CHECK_INT(parse_n(&p, t, k, &err), -1);
        CHECK_STR(err.text, "t.hp:6: line longer than 1048576 bytes");
        CHECK(is_zeroed(&p));
    }
    free(t);
}

/* Write len bytes of data (or endless 'x' when data is NULL) into a pipe
 * from a child process; returns the read end. */
static int pipe_from_child(const char *data, size_t len, pid_t *pid)
{
    int fds[2];
    if (pipe(fds) < 0)
        return -1;
    *pid = fork();
    if (*pid == 0) {
        close(fds[0]);
        signal(SIGPIPE, SIG_DFL);
        static char xs[65536];
        memset(xs, 'x', sizeof xs);
        size_t off = 0;
        for (;;) {
            const char *b = data ? data + off : xs;
            size_t n = data ? len - off : sizeof xs;
            if (n > 65536)
                n = 65536;
            if (data && n == 0)
                break;
            ssize_t w = write(fds[1], b, n);
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0)
                _exit(2);
            if (data)
                off += (size_t)w;
        }
        _exit(0);
    }
    close(fds[1]);
    return fds[0];
}

static void compare_profiles(const struct profile *a, const struct profile *b)
{
    struct hp_error err;
    CHECK_INT(a->nsamples, b->nsamples);
    CHECK_INT(a->nmarks, b->nmarks);
    if (!CHECK_INT(a->names.count, b->names.count))
        return;
    for (size_t i = 0; i < a->names.count; i++) {
        CHECK_STR(a->names.info[i].text, b->names.info[i].text);
        CHECK(a->names.info[i].total == b->names.info[i].total);
        CHECK(a->names.info[i].points == b->names.info[i].points);
    }
    struct store_cursor *ca = store_cursor_new(a->store), *cb = store_cursor_new(b->store);
    size_t same = 0, samples = 0;
    for (;;) {
        struct sample sa, sb;
        int ra = store_cursor_next(ca, &sa, &err);
        int rb = store_cursor_next(cb, &sb, &err);
        if (!CHECK_INT(ra, rb) || ra != 1)
            break;
        samples++;
        bool eq = sa.time == sb.time && sa.n == sb.n;
        for (size_t i = 0; eq && i < sa.n; i++) /* not memcmp: the struct has padding */
            eq = sa.entry[i].name == sb.entry[i].name && sa.entry[i].value == sb.entry[i].value;
        same += eq;
    }
    store_cursor_free(ca);
    store_cursor_free(cb);
    CHECK_INT(same, samples);
    CHECK_INT(samples, a->nsamples);
}

/* A 2.5 MB profile: lines straddle the read blocks, and the store spills
 * (about 1.2 MB of entries) to its temporary file. */
static void test_big(void)
{
    size_t cap = 3u << 20, k = 0;
    char *t = malloc(cap);
    uint64_t want_total[50] = { 0 };
    size_t want_samples = 0, want_points = 0;
    k += (size_t)sprintf(t + k, "%s", HDR);
    for (unsigned s = 0; k < (5u << 19); s++) {
        k += (size_t)sprintf(t + k, "BEGIN_SAMPLE %u.%03u\n", s / 1000, s % 1000);
        for (unsigned j = 0; j < 50; j++) {
            if ((s + j) % 7 == 0)
                continue;
            uint64_t v = (uint64_t)s * 131 + j * 7 + 1;
            /* names of different lengths so lines end at every offset */
            k += (size_t)sprintf(t + k, "(%u)name/%.*s\t%llu\n", j, (int)(j % 23),
                                 "abcdefghijklmnopqrstuvwxyz", (unsigned long long)v);
            want_total[j] += v;
            want_points++;
        }
        k += (size_t)sprintf(t + k, "END_SAMPLE %u.%03u\n", s / 1000, s % 1000);
        want_samples++;
        if (s % 100 == 0)
            k += (size_t)sprintf(t + k, "MARK %u.%03u\n", s / 1000, s % 1000);
    }
    struct profile a, b;
    struct hp_error err;
    int rc = parse_n(&a, t, k, &err);
    if (!CHECK_INT(rc, 0)) {
        fprintf(stderr, "  %s\n", err.text);
        free(t);
        return;
    }
    CHECK_INT(a.nsamples, want_samples);
    CHECK_INT(a.names.count, 50);
    size_t points = 0;
    for (unsigned j = 0; j < 50; j++) {
        char name[64];
        snprintf(name, sizeof name, "(%u)name/%.*s", j, (int)(j % 23),
                 "abcdefghijklmnopqrstuvwxyz");
        CHECK(total_of(&a, name) == want_total[j]);
        points += points_of(&a, name);
    }
    CHECK_INT(points, want_points);

    /* the same bytes through a pipe (short reads) */
    pid_t pid;
    int fd = pipe_from_child(t, k, &pid);
    if (CHECK(fd >= 0)) {
        rc = profile_parse(&b, fd, "pipe", NULL, &err);
        close(fd);
        waitpid(pid, NULL, 0);
        if (CHECK_INT(rc, 0)) {
            CHECK_STR(b.source, "pipe");
            compare_profiles(&a, &b);
            profile_free(&b);
        } else
            fprintf(stderr, "  %s\n", err.text);
    }

    /* and through a file, cut inside the last sample */
    char path[] = "/tmp/test_parse_XXXXXX";
    fd = mkstemp(path);
    if (CHECK(fd >= 0)) {
        unlink(path);
        size_t cut = k - 100;
        CHECK(write(fd, t, cut) == (ssize_t)cut);
        lseek(fd, 0, SEEK_SET);
        rc = profile_parse(&b, fd, path, NULL, &err);
        close(fd);
        if (CHECK_INT(rc, 0)) {
            CHECK_INT(b.nsamples, want_samples - 1);
            CHECK(b.dropped_open_sample);
            profile_free(&b);
        }
    }
    profile_free(&a);
    free(t);
}

/* A line with no end: the parser stops after HP_MAX_LINE bytes instead of
 * buffering the whole stream. */
static void test_endless_line(void)
{
    pid_t pid;
    int fd = pipe_from_child(NULL, 0, &pid);
    if (!CHECK(fd >= 0))
        return;
    struct profile p;
    struct hp_error err;
    CHECK_INT(profile_parse(&p, fd, "stdin", NULL, &err), -1);
    CHECK_STR(err.text, "stdin:1: line longer than 1048576 bytes");
    close(fd); /* the writer now dies of SIGPIPE */
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE);
}

static void test_read_error(void)
{
    struct profile p;
    struct hp_error err;
    int fd = open("/", O_RDONLY);
    if (!CHECK(fd >= 0))
        return;
    char want[256];
    snprintf(want, sizeof want, "dir: read error: %s", strerror(EISDIR));
    CHECK_INT(profile_parse(&p, fd, "dir", NULL, &err), -1);
    CHECK_STR(err.text, want);
    CHECK(is_zeroed(&p));
    close(fd);
    CHECK_INT(profile_parse(&p, -1, "bad", NULL, &err), -1);
    snprintf(want, sizeof want, "bad: read error: %s", strerror(EBADF));
    CHECK_STR(err.text, want);
}

/* ---- --from, --to, --x=index ---- */

static const char windowed[] = HDR "MARK 0.5\n"
                                   "BEGIN_SAMPLE 0\na 10\nEND_SAMPLE 0\n"
                                   "BEGIN_SAMPLE 1\na 20\nb 5\nEND_SAMPLE 1\n"
                                   "MARK 1.5\n"
                                   "BEGIN_SAMPLE 2\na 30\nc 7\nEND_SAMPLE 2\n"
                                   "MARK 2.5\n"
                                   "BEGIN_SAMPLE 3\na 40\nEND_SAMPLE 3\n"
                                   "MARK 3.5\n";

/* Parse windowed[] with po; check every kept sample's time against
 * times[0..n) on replay, and the marks against marks[0..nm). */
static void check_window(const struct parse_options *po, const double *times, size_t n,
                         const double *marks, size_t nm, int line)
{
    struct profile p;
    struct hp_error err;
    if (!CHECK_INT(profile_parse_buffer(&p, windowed, sizeof windowed - 1, "t.hp", po, &err), 0)) {
        fprintf(stderr, "  %s (test_parse.c:%d)\n", err.text, line);
        return;
    }
    bool ok = CHECK_INT(p.nsamples, n) & CHECK_NEAR(p.t_first, times[0], 0)
        & CHECK_NEAR(p.t_last, times[n - 1], 0) & CHECK_INT(p.nmarks, nm)
        & CHECK(p.x_is_index == (po && po->x_index));
    for (size_t i = 0; i < nm && i < p.nmarks; i++)
        ok &= CHECK_NEAR(p.marks[i], marks[i], 0);
    struct store_cursor *cur = store_cursor_new(p.store);
    struct sample smp;
    for (size_t i = 0; i < n; i++) {
        ok &= CHECK_INT(store_cursor_next(cur, &smp, &err), 1);
        ok &= CHECK_NEAR(smp.time, times[i], 0);
    }
    ok &= CHECK_INT(store_cursor_next(cur, &smp, &err), 0);
    store_cursor_free(cur);
    if (!ok)
        fprintf(stderr, "  (in the case at test_parse.c:%d)\n", line);
    profile_free(&p);
}

static void test_window(void)
{
    struct parse_options po = { 0 };
    /* No flag: the same as NULL. */
    check_window(&po, (double[]){ 0, 1, 2, 3 }, 4, (double[]){ 0.5, 1.5, 2.5, 3.5 }, 4, __LINE__);
    check_window(NULL, (double[]){ 0, 1, 2, 3 }, 4, (double[]){ 0.5, 1.5, 2.5, 3.5 }, 4, __LINE__);

    /* --from 1 --to 2: both ends included; marks outside go. */
    po.has_from = po.has_to = true;
    po.from = 1;
    po.to = 2;
    check_window(&po, (double[]){ 1, 2 }, 2, (double[]){ 1.5 }, 1, __LINE__);
    struct profile p;
    struct hp_error err;
    if (CHECK_INT(profile_parse_buffer(&p, windowed, sizeof windowed - 1, "t.hp", &po, &err), 0)) {
        /* Totals and points count the window only; b and c are in it. */
        CHECK_INT(total_of(&p, "a"), 50);
        CHECK_INT(points_of(&p, "a"), 2);
        CHECK_INT(total_of(&p, "b"), 5);
        CHECK_INT(total_of(&p, "c"), 7);
        profile_free(&p);
    }

    /* --from 2 alone: b was seen before it, so it is a name with no point. */
    po.has_to = false;
    po.from = 2;
    check_window(&po, (double[]){ 2, 3 }, 2, (double[]){ 2.5, 3.5 }, 2, __LINE__);
    if (CHECK_INT(profile_parse_buffer(&p, windowed, sizeof windowed - 1, "t.hp", &po, &err), 0)) {
        CHECK_INT(total_of(&p, "a"), 70);
        CHECK(id_of(&p, "b") >= 0);
        CHECK_INT(points_of(&p, "b"), 0);
        CHECK_INT(total_of(&p, "b"), 0);
        CHECK_INT(points_of(&p, "c"), 1);
        profile_free(&p);
    }

    /* --to 0.5 alone. */
    po.has_from = false;
    po.has_to = true;
    po.to = 0.5;
    check_window(&po, (double[]){ 0 }, 1, (double[]){ 0.5 }, 1, __LINE__);

    /* --x=index: times 0, 1, 2, ...; a mark moves to the sample after it
     * (3.5 follows the last sample: 4, past the axis). */
    po = (struct parse_options){ .x_index = true };
    check_window(&po, (double[]){ 0, 1, 2, 3 }, 4, (double[]){ 0, 2, 3, 4 }, 4, __LINE__);
    /* ...numbered within the window: samples 1, 2, 3 become 0, 1, 2. */
    po.has_from = true;
    po.from = 1;
    check_window(&po, (double[]){ 0, 1, 2 }, 3, (double[]){ 1, 2, 3 }, 3, __LINE__);

    /* A window holding no sample names itself and where the samples are. */
    po = (struct parse_options){ .has_from = true, .from = 10 };
    CHECK_INT(profile_parse_buffer(&p, windowed, sizeof windowed - 1, "t.hp", &po, &err), -1);
    CHECK_STR(err.text, "t.hp: no sample in the window --from=10 (the samples run from 0 to 3)");
    CHECK(is_zeroed(&p));
    po = (struct parse_options){ .has_from = true, .from = 1.2, .has_to = true, .to = 1.8 };
    CHECK_INT(profile_parse_buffer(&p, windowed, sizeof windowed - 1, "t.hp", &po, &err), -1);
    CHECK_STR(err.text,
              "t.hp: no sample in the window --from=1.2 --to=1.8 (the samples run from 0 to 3)");
    po = (struct parse_options){ .has_to = true, .to = 1 };
    static const char late[] = HDR "BEGIN_SAMPLE 5\nEND_SAMPLE 5\n";
    CHECK_INT(profile_parse_buffer(&p, late, sizeof late - 1, "t.hp", &po, &err), -1);
    CHECK_STR(err.text, "t.hp: no sample in the window --to=1 (the samples run from 5 to 5)");
    /* No sample at all is still the old message. */
    CHECK_INT(profile_parse_buffer(&p, HDR, sizeof HDR - 1, "t.hp", &po, &err), -1);
    CHECK_STR(err.text, "t.hp: contains no samples");

    /* Samples outside the window are still checked. */
    po = (struct parse_options){ .has_from = true, .from = 100 };
    static const char order[] = HDR "BEGIN_SAMPLE 2\nEND_SAMPLE 2\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\n"
                                    "BEGIN_SAMPLE 100\na 1\nEND_SAMPLE 100\n";
    CHECK_INT(profile_parse_buffer(&p, order, sizeof order - 1, "t.hp", &po, &err), -1);
    CHECK_STR(err.text,
              "t.hp:7: samples out of sequence: time 1 is before the previous "
              "sample's time 2");
    static const char negative[] = HDR "BEGIN_SAMPLE 0\na -5\nEND_SAMPLE 0\n"
                                       "BEGIN_SAMPLE 100\na 1\nEND_SAMPLE 100\n";
    CHECK_INT(profile_parse_buffer(&p, negative, sizeof negative - 1, "t.hp", &po, &err), -1);
    CHECK_STR(err.text, "t.hp:6: negative value -5 for a");
}

int main(void)
{
    test_minimal();
    test_replay();
    test_tiny_variants();
    test_names();
    test_values();
    test_digits();
    test_fast_lines();
    test_times();
    test_headers();
    test_errors();
    test_quoting();
    test_last_line();
    test_newline_names();
    test_newline_name_errors();
    test_cut_everywhere();
    test_long_lines();
    test_big();
    test_endless_line();
    test_read_error();
    test_window();
    return check_report();
}

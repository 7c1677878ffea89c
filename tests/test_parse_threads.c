/* SPDX-License-Identifier: BSD-3-Clause */
/* test_parse_threads.c: a .hp read on several threads (read/hp.c cuts a
 * large input into parts at BEGIN_SAMPLE lines) gives the very profile, or
 * the very error message, that one thread gives: on every profile of the
 * test data, on profiles whose trouble sits at a seam (a header keyword, a
 * string or a name over several lines, times going back, a sample never
 * ended, thousands of marks), on random edits of a profile, and from a
 * file as well as from memory.  Parts as small as one byte put a seam at
 * every sample; store_segments tells that the parts were really used. */
#include "check.h"
#include "fixture.h"
#include "read/hp.h"
#include "profile_same.h"
#include "read/read.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define HDR "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"

/* Sample k of a generated profile: names that come and go, so each part
 * meets names the main parser has not seen and misses some it has. */
static void add_sample(struct fixture_text *t, unsigned k, const char *eol)
{
    fixture_put(t, "BEGIN_SAMPLE %u.%02u%s", k / 100, k % 100, eol);
    for (unsigned j = 0; j < 12; j++) {
        unsigned name = (j * 7 + k / 5) % 40;
        if ((k + j) % 5 == 0)
            continue;
        fixture_put(t, "(%u)band/%.*s\t%u%s", name, (int)(name % 9), "abcdefghi",
                    k * 31 + j * 3 + 1, eol);
    }
    fixture_put(t, "END_SAMPLE %u.%02u%s", k / 100, k % 100, eol);
}

static struct fixture_text profile_text(unsigned samples)
{
    struct fixture_text t = { 0 };
    fixture_put(&t, HDR);
    for (unsigned k = 0; k < samples; k++) {
        add_sample(&t, k, "\n");
        if (k % 17 == 3)
            fixture_put(&t, "MARK %u.%02u\n", k / 100, k % 100);
    }
    return t;
}

static struct parse_options threaded(unsigned threads, size_t part_min)
{
    struct parse_options po = { 0 };
    po.threads = threads;
    po.part_min = part_min;
    return po;
}

static int parse_mem(struct profile *p, const char *s, size_t n, const struct parse_options *po,
                     struct hp_error *err)
{
    return profile_read_buffer(p, s, n, "t.hp", po, err);
}

/* Read s[0..n) on one thread and on threads threads with parts of at
 * least part_min bytes; both must give the same.  Returns the threaded
 * profile's number of store segments (0 on an error). */
static size_t same_read(const char *s, size_t n, unsigned threads, size_t part_min,
                        const char *what)
{
    struct parse_options one = threaded(1, 0), many = threaded(threads, part_min);
    struct profile a, b;
    struct hp_error ea = { { 0 } }, eb = { { 0 } };
    int ra = parse_mem(&a, s, n, &one, &ea);
    int rb = parse_mem(&b, s, n, &many, &eb);
    size_t segments = 0;
    bool ok = CHECK_INT(rb, ra);
    if (ok && ra == 0) {
        const char *diff = profile_difference(&a, &b);
        ok = CHECK(diff == NULL);
        if (!ok)
            fprintf(stderr, "  %s: %s differs (%u threads, parts of %zu bytes)\n", what, diff,
                    threads, part_min);
        segments = store_segments(b.store);
    } else if (ok) {
        ok = CHECK_STR(eb.text, ea.text);
    }
    if (!ok)
        fprintf(stderr, "  in %s (%u threads, parts of %zu bytes)\n", what, threads, part_min);
    if (ra == 0)
        profile_free(&a);
    if (rb == 0)
        profile_free(&b);
    return segments;
}

/* Every way of cutting it that the tests use. */
static void same_read_all_ways(const char *s, size_t n, const char *what)
{
    static const unsigned threads[] = { 2, 3, 16 };
    static const size_t part_min[] = { 1, 97, 1000 };
    for (size_t i = 0; i < sizeof threads / sizeof *threads; i++)
        for (size_t j = 0; j < sizeof part_min / sizeof *part_min; j++)
            same_read(s, n, threads[i], part_min[j], what);
}

static void test_clean_profile_uses_parts(void)
{
    struct fixture_text t = profile_text(400);
    /* a part per thread, and a store of the main parser's, the parts' and the tail's */
    CHECK(same_read(t.s, t.len, 2, 1, "clean") >= 3);
    CHECK(same_read(t.s, t.len, 16, 1, "clean") >= 16);
    CHECK(same_read(t.s, t.len, 4, 2000, "clean") >= 4);
    /* parts smaller than part_min: one thread */
    CHECK_INT(same_read(t.s, t.len, 4, t.len, "clean"), 1);
    same_read_all_ways(t.s, t.len, "clean");

    /* CRLF line ends */
    struct fixture_text c = { 0 };
    fixture_put(&c, "JOB \"j\"\r\nDATE \"d\"\r\nSAMPLE_UNIT \"s\"\r\nVALUE_UNIT \"b\"\r\n");
    for (unsigned k = 0; k < 200; k++)
        add_sample(&c, k, "\r\n");
    CHECK(same_read(c.s, c.len, 3, 1, "crlf") >= 3);
    same_read_all_ways(c.s, c.len, "crlf");
    free(c.s);
    free(t.s);
}

/* A profile of 120 samples with text put in before sample `at`. */
static void seam_case(const char *insert, unsigned at, const char *what)
{
    struct fixture_text t = { 0 };
    fixture_put(&t, HDR);
    for (unsigned k = 0; k < 120; k++) {
        if (k == at)
            fixture_put(&t, "%s", insert);
        add_sample(&t, k, "\n");
    }
    char label[200];
    snprintf(label, sizeof label, "%s before sample %u", what, at);
    same_read_all_ways(t.s, t.len, label);
    free(t.s);
}

static void test_trouble_at_seams(void)
{
    static const struct {
        const char *text, *what;
    } cases[] = {
        { "JOB \"later\"\n", "a header keyword" },
        { "DATE \"two\nBEGIN_SAMPLE 9\nlines\"\n", "a string over lines holding BEGIN_SAMPLE" },
        { "SAMPLE_UNIT \"never closed\nBEGIN_SAMPLE 9\n", "a string never closed" },
        { "BEGIN_SAMPLE 0.10\n", "a sample never ended" },
        { "BEGIN_SAMPLE 0.05\nx 1\nEND_SAMPLE 0.05\n", "a time that goes back" },
        { "BEGIN_SAMPLE 99\nx 1\nEND_SAMPLE 99\n", "a time far ahead" },
        { "END_SAMPLE 0\n", "END_SAMPLE alone" },
        { "BEGIN_SAMPLE 0.5\nname over\nlines 12\nEND_SAMPLE 0.5\n", "a name over two lines" },
        { "BEGIN_SAMPLE 0.5\n(3)band/abc\nx 12\nEND_SAMPLE 0.5\n", "a disproved join" },
        { "BEGIN_SAMPLE 0.5\nbad line here\nEND_SAMPLE 0.5\n", "a data line without value" },
        { "BEGIN_SAMPLE 0.5\nv -3\nEND_SAMPLE 0.5\n", "a negative value" },
        { "MARK x\n", "a bad MARK" },
        { "MARK 0.01\nMARK 500\n", "marks out of order" },
        { "UNKNOWN 3\n", "an unknown keyword" },
        { "BEGIN_SAMPLE\n", "BEGIN_SAMPLE without time" },
        { "BEGIN_SAMPLEX 4\n", "a keyword-like name" },
        { "\n\n   \n", "blank lines" },
    };
    static const unsigned at[] = { 0, 1, 37, 60, 119 };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (size_t j = 0; j < sizeof at / sizeof *at; j++)
            seam_case(cases[i].text, at[j], cases[i].what);

    /* a name with a NUL byte, and a line too long, mid-file */
    struct fixture_text t = profile_text(100);
    size_t mid = t.len / 2;
    while (t.s[mid - 1] != '\n')
        mid++;
    struct fixture_text u = { 0 };
    fixture_put_bytes(&u, t.s, mid);
    fixture_put(&u, "BEGIN_SAMPLE 0.50\n");
    fixture_put_bytes(&u, "nul\0name 7\n", 11);
    fixture_put(&u, "END_SAMPLE 0.50\n");
    fixture_put_bytes(&u, t.s + mid, t.len - mid);
    same_read_all_ways(u.s, u.len, "a NUL in a name");
    u.len = 0;
    fixture_put_bytes(&u, t.s, mid);
    char *lng = malloc(HP_MAX_LINE + 10);
    memset(lng, 'x', HP_MAX_LINE + 9);
    lng[HP_MAX_LINE + 9] = '\0';
    fixture_put(&u, "%s 5\n", lng);
    fixture_put_bytes(&u, t.s + mid, t.len - mid);
    same_read(u.s, u.len, 3, 1, "a line too long");
    same_read(u.s, u.len, 2, 4096, "a line too long");
    free(lng);
    free(u.s);

    /* cut anywhere near the end: the tail is the main parser's */
    for (size_t cut = t.len - 200; cut <= t.len; cut += 7)
        same_read(t.s, cut, 3, 1, "a profile cut off");
    free(t.s);
}

/* More marks than are kept unthinned: the thinning sees them all in order. */
static void test_many_marks(void)
{
    struct fixture_text t = { 0 };
    fixture_put(&t, HDR);
    for (unsigned k = 0; k < 70000; k++) {
        if (k % 700 == 0)
            add_sample(&t, k / 700, "\n");
        fixture_put(&t, "MARK %u.%02u\n", k / 70000, (k / 700) % 100);
    }
    same_read(t.s, t.len, 2, 1, "70,000 marks");
    same_read(t.s, t.len, 5, 50000, "70,000 marks");
    free(t.s);
}

/* Random edits of a profile: lines deleted, doubled, swapped, keyword
 * lines put in, the text cut. */
static void test_random_edits(void)
{
    static const char *const inserts[] = {
        "BEGIN_SAMPLE 0.3\n",
        "END_SAMPLE 0.3\n",
        "MARK 0.2\n",
        "JOB \"x\"\n",
        "DATE \"open\n",
        "\"\n",
        "a b c\n",
        "v 1\n",
        "(1)band/a\t5\n",
        "\n",
        "MAIN\n",
    };
    struct fixture_text base = profile_text(150);
    size_t nlines = 0;
    for (size_t i = 0; i < base.len; i++)
        nlines += base.s[i] == '\n';
    uint64_t rng = 0x5eed1234abcdULL;
    for (int iter = 0; iter < 300; iter++) {
        /* the lines of base, edited */
        struct fixture_text t = { 0 };
        size_t line = 0, start = 0;
        size_t target = fixture_rng(&rng) % nlines;
        unsigned kind = (unsigned)(fixture_rng(&rng) % 5);
        for (size_t i = 0; i < base.len; i++) {
            if (base.s[i] != '\n')
                continue;
            const char *l = base.s + start;
            size_t len = i + 1 - start;
            start = i + 1;
            if (line++ != target) {
                fixture_put_bytes(&t, l, len);
                continue;
            }
            switch (kind) {
            case 0: /* delete */
                break;
            case 1: /* double */
                fixture_put_bytes(&t, l, len);
                fixture_put_bytes(&t, l, len);
                break;
            case 2: /* insert a line */
                fixture_put(&t, "%s",
                            inserts[fixture_rng(&rng) % (sizeof inserts / sizeof *inserts)]);
                fixture_put_bytes(&t, l, len);
                break;
            case 3: /* cut the text here, mid-line */
                fixture_put_bytes(&t, l, len / 2);
                i = base.len;
                break;
            default: /* drop the newline: two lines become one */
                fixture_put_bytes(&t, l, len - 1);
                fixture_put(&t, " ");
                break;
            }
        }
        char what[64];
        snprintf(what, sizeof what, "random edit %d (kind %u, line %zu)", iter, kind, target);
        unsigned threads = 2 + (unsigned)(fixture_rng(&rng) % 4);
        size_t part_min = 1 + (size_t)(fixture_rng(&rng) % 3000);
        same_read(t.s, t.len, threads, part_min, what);
        free(t.s);
    }
    free(base.s);
}

/* Every .hp of the test data and the samples. */
static void test_data_files(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) < 0)
            continue;
        if (S_ISDIR(st.st_mode) && depth < 3) {
            test_data_files(path, depth + 1);
            continue;
        }
        size_t len = strlen(e->d_name);
        if (!S_ISREG(st.st_mode) || len < 4 || strcmp(e->d_name + len - 3, ".hp") != 0)
            continue;
        FILE *f = fopen(path, "rb");
        if (!CHECK(f != NULL))
            continue;
        char *s = malloc((size_t)st.st_size + 1);
        size_t n = fread(s, 1, (size_t)st.st_size, f);
        fclose(f);
        same_read(s, n, 2, 1, path);
        same_read(s, n, 3, 5000, path);
        free(s);
    }
    closedir(d);
}

/* From a file: read with pread at the seams, after the bytes peeked to
 * choose the reader, and from where the descriptor stands (a profile
 * after other bytes). */
static void test_from_file(void)
{
    struct fixture_text t = profile_text(300);
    char path[] = "/tmp/test_parse_threads_XXXXXX";
    int fd = mkstemp(path);
    if (!CHECK(fd >= 0))
        return;
    unlink(path);
    static const char before[] = "not a profile\n";
    CHECK(write(fd, before, sizeof before - 1) == (ssize_t)(sizeof before - 1));
    CHECK(write(fd, t.s, t.len) == (ssize_t)t.len);

    struct profile a, b;
    struct hp_error err;
    struct parse_options one = threaded(1, 0), many = threaded(3, 1);
    CHECK_INT(parse_mem(&a, t.s, t.len, &one, &err), 0);
    lseek(fd, (off_t)(sizeof before - 1), SEEK_SET);
    if (CHECK_INT(profile_read(&b, fd, "t.hp", &many, &err), 0)) {
        const char *diff = profile_difference(&a, &b);
        if (!CHECK(diff == NULL))
            fprintf(stderr, "  from a file: %s differs\n", diff);
        CHECK(store_segments(b.store) >= 3);
        profile_free(&b);
    } else
        fprintf(stderr, "  %s\n", err.text);
    profile_free(&a);
    close(fd);
    free(t.s);
}

int main(void)
{
    test_clean_profile_uses_parts();
    test_trouble_at_seams();
    test_many_marks();
    test_random_edits();
    test_from_file();
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", fixture_testdata());
    test_data_files(dir, 0);
    const char *samples = getenv("SAMPLES");
    test_data_files(samples && *samples ? samples : "samples", 0);
    return check_report();
}

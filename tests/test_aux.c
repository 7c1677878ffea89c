/* SPDX-License-Identifier: BSD-3-Clause */
/* test_aux.c: the .aux reader and the range formatter. */
#include "aux.h"
#include "check.h"
#include "fixture.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Never the line itself: the file may be anything (issue 34). */
#define NOT_AUX "not an .aux statement (X_RANGE, Y_RANGE, ORDER or SHADE)"
#include <sys/stat.h>
#include <unistd.h>

static int parse(struct aux *a, const char *text, struct hp_error *err)
{
    return aux_parse_buffer(a, text, strlen(text), "prog.aux", err);
}

static const struct aux_entry *find(const struct aux *a, const char *name)
{
    return aux_find(a, name, strlen(name));
}

/* Expect text to fail with exactly msg, and the aux to be left empty. */
static void expect_error(const char *text, size_t len, const char *msg, int line)
{
    struct aux a;
    struct hp_error err = { { 0 } };
    int rc = aux_parse_buffer(&a, text, len, "prog.aux", &err);
    if (!check_one(rc == -1, "parse fails", __FILE__, line))
        fprintf(stderr, "  input was: %.*s\n", (int)len, text);
    check_str(err.text, msg, "error text", __FILE__, line);
    check_one(a.names.count == 0 && a.entry == NULL && !a.has_x_range && !a.has_y_range,
              "aux empty after error", __FILE__, line);
    aux_free(&a);
}
#define EXPECT_ERROR(text, msg) expect_error((text), strlen(text), (msg), __LINE__)

static void test_example(void)
{
    struct aux a;
    struct hp_error err = { { 0 } };
    const char *text = "X_RANGE 0.28\n"
                       "Y_RANGE 16494336.00\n"
                       "ORDER (299)sumAll/main/Main.CAF 1\n"
                       "ORDER (303)sumAll.\\/sumAll/main/... 2\n"
                       "SHADE (299)sumAll/main/Main.CAF 0.00\n"
                       "SHADE (303)sumAll.\\/sumAll/main/... 0.20\n";
    CHECK_INT(parse(&a, text, &err), 0);
    CHECK(a.has_x_range);
    CHECK(a.has_y_range);
    CHECK(a.x_range == 0.28);
    CHECK(a.y_range == 16494336.0);
    const struct aux_entry *e = find(&a, "(299)sumAll/main/Main.CAF");
    CHECK(e && e->has_order && e->order == 1 && e->has_shade && e->shade == 0.0);
    e = find(&a, "(303)sumAll.\\/sumAll/main/...");
    CHECK(e && e->has_order && e->order == 2 && e->has_shade && e->shade == 0.20);
    CHECK(find(&a, "(299)sumAll/main/Main") == NULL);
    CHECK(find(&a, "") == NULL);
    aux_free(&a);
    /* aux_free twice and on a fresh aux is harmless. */
    aux_free(&a);
    aux_init(&a);
    CHECK(find(&a, "x") == NULL);
    aux_free(&a);
}

static void test_empty(void)
{
    struct aux a;
    struct hp_error err = { { 0 } };
    CHECK_INT(aux_parse_buffer(&a, "", 0, "prog.aux", &err), 0);
    CHECK(!a.has_x_range && !a.has_y_range && a.names.count == 0);
    CHECK(find(&a, "x") == NULL);
    aux_free(&a);
    CHECK_INT(aux_parse_buffer(&a, NULL, 0, "prog.aux", &err), 0);
    aux_free(&a);
    CHECK_INT(parse(&a, "\n\n  \t\n\r\n \f\v\n", &err), 0);
    CHECK(!a.has_x_range && a.names.count == 0);
    aux_free(&a);
    /* No newline at the end, and a range repeated: the last one wins. */
    CHECK_INT(parse(&a, "X_RANGE 1.00\nX_RANGE 2.50\nY_RANGE 3\nY_RANGE 0.5", &err), 0);
    CHECK(a.x_range == 2.5 && a.y_range == 0.5);
    aux_free(&a);
}

static void test_names(void)
{
    struct aux a;
    struct hp_error err = { { 0 } };
    const char *text = "ORDER 12 1\n"                  /* a name that starts with a digit */
                       "ORDER 3.5 7 2\n"               /* digits and a space */
                       "ORDER main  loop x 3\n"        /* inner spaces are kept */
                       "ORDER\t  padded name \t 4  \n" /* outer whitespace is not */
                       "ORDER X_RANGE 5\n"
                       "ORDER ORDER 6\n"
                       "ORDER SHADE 7\n"
                       "ORDER Y_RANGE -8\n" /* a hand-edited negative order */
                       "ORDER \"quoted\" +9\n"
                       "SHADE 12 0.10\n"
                       "SHADE 3.5 7 0.2\n"
                       "SHADE SHADE 1e-1\n"
                       "SHADE X_RANGE .5\n"
                       "SHADE ORDER 5.\n"
                       "SHADE only-shade 0.000001\n";
    CHECK_INT(parse(&a, text, &err), 0);
    const struct aux_entry *e;
    e = find(&a, "12");
    CHECK(e && e->has_order && e->order == 1 && e->has_shade && e->shade == 0.10);
    e = find(&a, "3.5 7");
    CHECK(e && e->order == 2 && e->shade == 0.2);
    e = find(&a, "main  loop x");
    CHECK(e && e->order == 3 && !e->has_shade);
    e = find(&a, "padded name");
    CHECK(e && e->order == 4);
    e = find(&a, "X_RANGE");
    CHECK(e && e->order == 5 && e->shade == 0.5);
    e = find(&a, "ORDER");
    CHECK(e && e->order == 6 && e->shade == 5.0);
    e = find(&a, "SHADE");
    CHECK(e && e->order == 7 && e->shade == 0.1);
    e = find(&a, "Y_RANGE");
    CHECK(e && e->order == -8 && !e->has_shade);
    e = find(&a, "\"quoted\"");
    CHECK(e && e->order == 9);
    e = find(&a, "only-shade");
    CHECK(e && !e->has_order && e->has_shade && e->shade == 0.000001);
    CHECK(!a.has_x_range && !a.has_y_range);
    CHECK_INT(a.names.count, 10);
    aux_free(&a);

    /* Extreme orders. */
    char buf[128];
    snprintf(buf, sizeof buf, "ORDER a %ld\nORDER b %ld\n", LONG_MAX, LONG_MIN);
    CHECK_INT(parse(&a, buf, &err), 0);
    CHECK(find(&a, "a") && find(&a, "a")->order == LONG_MAX);
    CHECK(find(&a, "b") && find(&a, "b")->order == LONG_MIN);
    aux_free(&a);
}

static void test_first_wins(void)
{
    struct aux a;
    struct hp_error err = { { 0 } };
    const char *text = "SHADE x 0.30\n"
                       "ORDER x 2\n"
                       "ORDER x 1\n"
                       "SHADE x 0.60\n"
                       "ORDER y 5\n"
                       "ORDER x 9\n"
                       "SHADE y 0.9\n"
                       "SHADE y 0.1\n";
    CHECK_INT(parse(&a, text, &err), 0);
    const struct aux_entry *e = find(&a, "x");
    CHECK(e && e->order == 2 && e->shade == 0.30);
    e = find(&a, "y");
    CHECK(e && e->order == 5 && e->shade == 0.9);
    CHECK_INT(a.names.count, 2);
    aux_free(&a);
}

static void test_many_names(void)
{
    /* Enough names to grow entry[] several times. */
    size_t n = 5000;
    size_t cap = n * 64, len = 0;
    char *text = malloc(cap);
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(text + len, cap - len, "ORDER name %zu %zu\nSHADE name %zu %zu.5\n",
                                i, i + 1, i, i);
    struct aux a;
    struct hp_error err = { { 0 } };
    CHECK_INT(aux_parse_buffer(&a, text, len, "many.aux", &err), 0);
    CHECK_INT(a.names.count, n);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        char name[64];
        snprintf(name, sizeof name, "name %zu", i);
        const struct aux_entry *e = find(&a, name);
        if (!e || !e->has_order || e->order != (long)(i + 1) || !e->has_shade
            || e->shade != (double)i + 0.5)
            bad++;
    }
    CHECK_INT(bad, 0);
    aux_free(&a);
    free(text);
}

static void test_crlf(void)
{
    struct aux a;
    struct hp_error err = { { 0 } };
    const char *text = "X_RANGE 1.98\r\nY_RANGE 37416584.00\r\n\r\nORDER a b 1\r\n"
                       "SHADE a b 0.20\r\n";
    CHECK_INT(parse(&a, text, &err), 0);
    CHECK(a.x_range == 1.98 && a.y_range == 37416584.0);
    const struct aux_entry *e = find(&a, "a b");
    CHECK(e && e->order == 1 && e->shade == 0.2);
    CHECK(find(&a, "a b\r") == NULL);
    aux_free(&a);
    /* An error in a CRLF file counts lines the same way. */
    EXPECT_ERROR("X_RANGE 1\r\n\r\nFOO\r\n", "prog.aux:3: " NOT_AUX);
}

/* A band name with newlines is written raw over several lines (as the .hp
 * has it) and read back whole. */
static void test_newline_names(void)
{
    struct aux a;
    struct hp_error err = { { 0 } };
    const char *text = "X_RANGE 1.00\n"
                       "ORDER MAIN 1\n"
                       "ORDER (7)lbl\nx/main 2\n"
                       "ORDER a b\n\n  c\n 3\n"
                       "ORDER a \nb 4\n"
                       "ORDER -5\nfoo 5\n"
                       "SHADE (7)lbl\nx/main 0.090805\n"
                       "SHADE a b\n\n  c\n 0.5\n";
    if (CHECK_INT(parse(&a, text, &err), 0)) {
        const struct aux_entry *e = find(&a, "(7)lbl\nx/main");
        CHECK(e && e->has_order && e->order == 2 && e->has_shade && e->shade == 0.090805);
        e = find(&a, "a b\n\n  c\n");
        CHECK(e && e->has_order && e->order == 3 && e->has_shade && e->shade == 0.5);
        e = find(&a, "a \nb");
        CHECK(e && e->has_order && e->order == 4);
        e = find(&a, "-5\nfoo");
        CHECK(e && e->has_order && e->order == 5);
        CHECK(find(&a, "MAIN") && find(&a, "MAIN")->order == 1);
        CHECK_INT(a.names.count, 5);
    }
    aux_free(&a);
    /* CRLF: the same names, without CR */
    const char *crlf = "ORDER (7)lbl\r\nx/main 2\r\nSHADE (7)lbl\r\nx/main 0.5\r\n";
    if (CHECK_INT(parse(&a, crlf, &err), 0)) {
        const struct aux_entry *e = find(&a, "(7)lbl\nx/main");
        CHECK(e && e->order == 2 && e->shade == 0.5);
    }
    aux_free(&a);
    /* What does not close the name leaves its first line an error. */
    EXPECT_ERROR("ORDER foo\n", "prog.aux:1: ORDER must be followed by a name and a whole number");
    EXPECT_ERROR("X_RANGE 1\nORDER foo\nbar\n\n",
                 "prog.aux:2: ORDER must be followed by a name and a whole number");
    EXPECT_ERROR("ORDER foo\nSHADE foo 0.5\n",
                 "prog.aux:1: ORDER must be followed by a name and a whole number");
    EXPECT_ERROR("ORDER foo\nbar 1.5\n",
                 "prog.aux:1: ORDER must be followed by a name and a whole number");
    EXPECT_ERROR("SHADE foo\nbar -1\n",
                 "prog.aux:1: SHADE must be followed by a name and a non-negative number");
    EXPECT_ERROR("ORDER foo 1.5\nbar 3\n",
                 "prog.aux:1: ORDER must be followed by a name and a whole number");
    EXPECT_ERROR("ORDER\nbar 3\n",
                 "prog.aux:1: ORDER must be followed by a name and a whole number");
    /* The writer leaves out a name it could not read back. */
    CHECK(aux_name_fits("plain"));
    CHECK(aux_name_fits("a\nb c"));
    CHECK(aux_name_fits("a\n\n  b"));
    CHECK(aux_name_fits("ORDER\nx"));
    CHECK(aux_name_fits("a\nORDERS x"));
    CHECK(!aux_name_fits("a\nORDER x"));
    CHECK(!aux_name_fits("a\nb\n  SHADE"));
    CHECK(!aux_name_fits("a\n\tX_RANGE 1"));
}

static void test_errors(void)
{
    const char *xr = "prog.aux:1: X_RANGE must be followed by a non-negative number";
    EXPECT_ERROR("X_RANGE\n", xr);
    EXPECT_ERROR("X_RANGE -1.00\n", xr);
    EXPECT_ERROR("X_RANGE -0\n", xr);
    EXPECT_ERROR("X_RANGE +1\n", xr);
    EXPECT_ERROR("X_RANGE abc\n", xr);
    EXPECT_ERROR("X_RANGE 1.0 2.0\n", xr);
    EXPECT_ERROR("X_RANGE 1.0x\n", xr);
    EXPECT_ERROR("X_RANGE .\n", xr);
    EXPECT_ERROR("X_RANGE 1e\n", xr);
    EXPECT_ERROR("X_RANGE 1e+\n", xr);
    EXPECT_ERROR("X_RANGE e5\n", xr);
    EXPECT_ERROR("X_RANGE inf\n", xr);
    EXPECT_ERROR("X_RANGE nan\n", xr);
    EXPECT_ERROR("X_RANGE 0x10\n", xr);
    EXPECT_ERROR("X_RANGE 1e999\n", xr);
    EXPECT_ERROR("X_RANGE 1,5\n", xr);
    EXPECT_ERROR("Y_RANGE 1.00\n\nY_RANGE\n",
                 "prog.aux:3: Y_RANGE must be followed by a non-negative number");

    const char *ord = "prog.aux:2: ORDER must be followed by a name and a whole number";
    EXPECT_ERROR("X_RANGE 1.00\nORDER\n", ord);
    EXPECT_ERROR("X_RANGE 1.00\nORDER 1\n", ord);
    EXPECT_ERROR("X_RANGE 1.00\nORDER name\n", ord);
    EXPECT_ERROR("X_RANGE 1.00\nORDER name 1.5\n", ord);
    EXPECT_ERROR("X_RANGE 1.00\nORDER name 1e3\n", ord);
    EXPECT_ERROR("X_RANGE 1.00\nORDER name -\n", ord);
    EXPECT_ERROR("X_RANGE 1.00\nORDER name 99999999999999999999999\n", ord);
    EXPECT_ERROR("X_RANGE 1.00\nORDER name -99999999999999999999999\n", ord);
    EXPECT_ERROR("X_RANGE 1.00\nORDER name 9223372036854775808\n", ord);

    const char *sh = "prog.aux:4: SHADE must be followed by a name and a non-negative number";
    EXPECT_ERROR("\n\n\nSHADE\n", sh);
    EXPECT_ERROR("\n\n\nSHADE 0.5\n", sh);
    EXPECT_ERROR("\n\n\nSHADE name -0.5\n", sh);
    EXPECT_ERROR("\n\n\nSHADE name red\n", sh);
    EXPECT_ERROR("\n\n\nSHADE name 1e400\n", sh);

    EXPECT_ERROR("ORDER a 1\nORDER b 2\nSHADE a 0.1\nSHADE b 0.2\nFOO bar\n",
                 "prog.aux:5: " NOT_AUX);
    EXPECT_ERROR("x_range 1.0\n", "prog.aux:1: " NOT_AUX);
    EXPECT_ERROR("X_RANGE1.0\n", "prog.aux:1: " NOT_AUX);
    EXPECT_ERROR("ORDERname 1\n", "prog.aux:1: " NOT_AUX);
    EXPECT_ERROR("  12 34\n", "prog.aux:1: " NOT_AUX);
    EXPECT_ERROR("a\\b\x01\x1b\x7f\n", "prog.aux:1: " NOT_AUX);
    EXPECT_ERROR("0123456789012345678901234567890123456789ABCDEF 1\n", "prog.aux:1: " NOT_AUX);
    EXPECT_ERROR("0123456789012345678901234567890123456789\n", "prog.aux:1: " NOT_AUX);
    EXPECT_ERROR("012345678901234567890123456789012345678\xc3\xa9xyz\n", "prog.aux:1: " NOT_AUX);
    EXPECT_ERROR("01234567890123456789012345678901234567\xc3\xa9xyz\n", "prog.aux:1: " NOT_AUX);

    /* Binary data. */
    expect_error("X_RANGE 1.00\n\0\n", 15, "prog.aux: not an .aux file (binary data)", __LINE__);
    expect_error("\0", 1, "prog.aux: not an .aux file (binary data)", __LINE__);

    /* A failure after some entries were stored frees them. */
    struct aux a;
    struct hp_error err = { { 0 } };
    CHECK_INT(parse(&a, "ORDER a 1\nSHADE a 0.1\nX_RANGE 2\nORDER b x\n", &err), -1);
    CHECK_STR(err.text, "prog.aux:4: ORDER must be followed by a name and a whole number");
    CHECK(a.names.count == 0 && a.entry == NULL && find(&a, "a") == NULL);
    aux_free(&a);
}

static void test_read_file(void)
{
    struct aux a;
    struct hp_error err = { { 0 } };
    CHECK_INT(aux_read_file(&a, "/nonexistent/dir/x.aux", &err), -1);
    CHECK_STR(err.text, "cannot open /nonexistent/dir/x.aux: No such file or directory");
    aux_free(&a);

    char path[] = "/tmp/test-aux-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    FILE *f = fdopen(fd, "w");
    fputs("X_RANGE 0.50\nY_RANGE 100.00\nORDER big name 1\nSHADE big name 0.30\n", f);
    fclose(f);
    CHECK_INT(aux_read_file(&a, path, &err), 0);
    CHECK(a.x_range == 0.5 && a.y_range == 100.0);
    const struct aux_entry *e = find(&a, "big name");
    CHECK(e && e->order == 1 && e->shade == 0.3);
    aux_free(&a);
    CHECK_INT(aux_check_file(path, &err), 0); /* the check takes what the reader takes */

    f = fopen(path, "w");
    fputs("X_RANGE 0.50\nBOGUS\n", f);
    fclose(f);
    CHECK_INT(aux_read_file(&a, path, &err), -1);
    char want[128];
    snprintf(want, sizeof want, "%s:2: " NOT_AUX, path);
    CHECK_STR(err.text, want);
    aux_free(&a);
    /* ... and refuses what it refuses, with the same message */
    err.text[0] = '\0';
    CHECK_INT(aux_check_file(path, &err), -1);
    CHECK_STR(err.text, want);
    f = fopen(path, "w");
    fputs("ORDER a 1\nSHADE a x\n", f);
    fclose(f);
    CHECK_INT(aux_check_file(path, &err), -1);
    snprintf(want, sizeof want, "%s:2: SHADE must be followed by a name and a non-negative number",
             path);
    CHECK_STR(err.text, want);
    CHECK_INT(aux_check_file("/tmp", &err), -1);
    CHECK_STR(err.text, "/tmp: not a regular file");

    f = fopen(path, "w");
    fclose(f);
    CHECK_INT(aux_read_file(&a, path, &err), 0);
    CHECK(a.names.count == 0 && !a.has_x_range);
    aux_free(&a);

    /* Past 256 MiB the file is refused (a sparse file costs no disk). */
    f = fopen(path, "w");
    if (f && ftruncate(fileno(f), ((off_t)256 << 20) + 1) == 0) {
        fclose(f);
        CHECK_INT(aux_read_file(&a, path, &err), -1);
        snprintf(want, sizeof want, "%s: file too large", path);
        CHECK_STR(err.text, want);
        aux_free(&a);
    } else if (f) {
        fclose(f);
    }
    unlink(path);

    /* A directory opens but is not read. */
    CHECK_INT(aux_read_file(&a, "/tmp", &err), -1);
    CHECK_STR(err.text, "/tmp: not a regular file");
    aux_free(&a);

    /* A FIFO held open by a writer that never writes: refused, not read
     * forever. */
    if (mkfifo(path, 0600) == 0) {
        int writer = open(path, O_RDWR | O_NONBLOCK);
        CHECK_INT(aux_read_file(&a, path, &err), -1);
        snprintf(want, sizeof want, "%s: not a regular file", path);
        CHECK_STR(err.text, want);
        aux_free(&a);
        if (writer >= 0)
            close(writer);
        unlink(path);
    }
}

/* ---- GHC's own files ---------------------------------------------------- */

static const char *corpus_dir(void)
{
    static const char *const candidates[] = {
        "../shared/corpus/ghc-out",
        "../../shared/corpus/ghc-out",
    };
    const char *env = getenv("HP2PS_GHC_OUT");
    if (env && *env)
        return env;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        DIR *d = opendir(candidates[i]);
        if (d) {
            closedir(d);
            return candidates[i];
        }
    }
    return NULL;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
        }
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Check one GHC file line by line against what the reader stored: every
 * GHC line is "KEYWORD name value" with single spaces. */
static int verify_ghc_file(const struct aux *a, char *text)
{
    int bad = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *sp = strrchr(line, ' ');
        if (!sp) {
            bad++;
            continue;
        }
        double num = strtod(sp + 1, NULL);
        if (strncmp(line, "X_RANGE ", 8) == 0) {
            bad += !(a->has_x_range && a->x_range == num);
        } else if (strncmp(line, "Y_RANGE ", 8) == 0) {
            bad += !(a->has_y_range && a->y_range == num);
        } else if (strncmp(line, "ORDER ", 6) == 0) {
            const struct aux_entry *e = aux_find(a, line + 6, (size_t)(sp - line - 6));
            bad += !(e && e->has_order && e->order == strtol(sp + 1, NULL, 10));
        } else if (strncmp(line, "SHADE ", 6) == 0) {
            const struct aux_entry *e = aux_find(a, line + 6, (size_t)(sp - line - 6));
            bad += !(e && e->has_shade && e->shade == num);
        } else {
            bad++;
        }
    }
    return bad;
}

static void test_corpus(void)
{
    const char *dir = corpus_dir();
    if (!dir) {
        printf("test_aux: GHC corpus not found, skipping its files\n");
        return;
    }
    DIR *d = opendir(dir);
    CHECK(d != NULL);
    if (!d)
        return;
    size_t files = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n < 4 || strcmp(de->d_name + n - 4, ".aux") != 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        struct aux a;
        struct hp_error err = { { 0 } };
        int rc = aux_read_file(&a, path, &err);
        if (!CHECK(rc == 0))
            fprintf(stderr, "  %s: %s\n", path, err.text);
        size_t len;
        char *text = slurp(path, &len);
        CHECK(text != NULL);
        if (text && rc == 0) {
            int bad = verify_ghc_file(&a, text);
            if (!CHECK(bad == 0))
                fprintf(stderr, "  %s: %d lines differ\n", path, bad);
            /* GHC numbers its bands 1..n and writes both lines for each. */
            for (size_t id = 0; id < a.names.count; id++) {
                const struct aux_entry *e = &a.entry[id];
                if (!(e->has_order && e->has_shade && e->order >= 1
                      && (size_t)e->order <= a.names.count))
                    CHECK(!"entry of a GHC file complete");
            }
            CHECK(a.has_x_range && a.has_y_range);
        }
        free(text);
        aux_free(&a);
        files++;
    }
    closedir(d);
    CHECK(files > 0);
    printf("test_aux: read %zu GHC .aux files from %s\n", files, dir);

    /* One file checked in full. */
    char path[4096];
    snprintf(path, sizeof path, "%s/mapbuild-hc.default.aux", dir);
    struct aux a;
    struct hp_error err = { { 0 } };
    if (CHECK_INT(aux_read_file(&a, path, &err), 0)) {
        CHECK(a.has_x_range && a.x_range == 1.98);
        CHECK(a.has_y_range && a.y_range == 37416584.0);
        CHECK_INT(a.names.count, 5);
        static const struct {
            const char *name;
            long order;
            double shade;
        } want[] = {
            { "(313)randoms/main", 1, 0.00 },
            { "(320)buildStrict.\\/buildSt...", 2, 0.20 },
            { "(312)queryAll/main", 3, 0.60 },
            { "(309)buildLazy.\\/buildLazy...", 4, 0.30 },
            { "(310)keyName/buildLazy.\\/b...", 5, 0.90 },
        };
        for (size_t i = 0; i < 5; i++) {
            const struct aux_entry *e = find(&a, want[i].name);
            CHECK(e != NULL);
            if (e) {
                CHECK(e->has_order && e->order == want[i].order);
                CHECK(e->has_shade && e->shade == want[i].shade);
            }
        }
    }
    aux_free(&a);
}

/* ---- aux_format_range ---------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng(void)
{
    return fixture_rng(&rng_state);
}

static int format_ok(double v)
{
    char buf[512], shorter[512];
    aux_format_range(buf, sizeof buf, v);
    if (strchr(buf, 'e') || strchr(buf, 'E') || strtod(buf, NULL) != v)
        return 0;
    const char *dot = strchr(buf, '.');
    if (!dot)
        return 0;
    int decimals = (int)strlen(dot + 1);
    if (decimals < 2)
        return 0;
    /* Never more decimals than needed. */
    if (decimals > 2) {
        snprintf(shorter, sizeof shorter, "%.*f", decimals - 1, v);
        if (strtod(shorter, NULL) == v)
            return 0;
    }
    /* And it reads back through the .aux reader too. */
    char line[600];
    snprintf(line, sizeof line, "Y_RANGE %s\n", buf);
    struct aux a;
    struct hp_error err;
    int ok = parse(&a, line, &err) == 0 && a.y_range == v;
    aux_free(&a);
    return ok;
}

static void test_format(void)
{
    char buf[512];
    aux_format_range(buf, sizeof buf, 1.0);
    CHECK_STR(buf, "1.00");
    aux_format_range(buf, sizeof buf, 0.28);
    CHECK_STR(buf, "0.28");
    aux_format_range(buf, sizeof buf, 16494336.0);
    CHECK_STR(buf, "16494336.00");
    aux_format_range(buf, sizeof buf, 0.276345);
    CHECK_STR(buf, "0.276345");
    aux_format_range(buf, sizeof buf, 0.009906);
    CHECK_STR(buf, "0.009906");
    aux_format_range(buf, sizeof buf, 0.0);
    CHECK_STR(buf, "0.00");
    aux_format_range(buf, sizeof buf, 0.1 + 0.2);
    CHECK_STR(buf, "0.30000000000000004");
    aux_format_range(buf, sizeof buf, 1e20);
    CHECK_STR(buf, "100000000000000000000.00");
    aux_format_range(buf, sizeof buf, 1e-10);
    CHECK_STR(buf, "0.0000000001");
    /* A small buffer is cut, not overrun. */
    char small[5];
    aux_format_range(small, sizeof small, 16494336.0);
    CHECK_STR(small, "1649");

    CHECK(format_ok(1.98));
    CHECK(format_ok(37416584.0));
    CHECK(format_ok(1.7976931348623157e308));
    CHECK(format_ok(1e-30));

    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        double v;
        switch (i % 4) {
        case 0: /* uniform in [0, 1) */
            v = (double)(rng() >> 11) / 9007199254740992.0;
            break;
        case 1: /* large, with fractions */
            v = (double)(rng() >> 20) + (double)(rng() % 1000) / 1000.0;
            break;
        case 2: /* few decimals, as times are written */
            v = (double)(rng() % 10000000) / 1000000.0;
            break;
        default: { /* any bit pattern with a moderate exponent */
            uint64_t bits = rng();
            bits = (bits & 0x800fffffffffffffu) | ((uint64_t)(900 + rng() % 200) << 52);
            bits &= ~(uint64_t)0x8000000000000000u;
            memcpy(&v, &bits, sizeof v);
            break;
        }
        }
        if (!format_ok(v)) {
            if (bad++ < 5)
                fprintf(stderr, "format round trip failed for %.17g\n", v);
        }
    }
    CHECK_INT(bad, 0);
}

/* Under a locale whose decimal point is ',', reading and writing still use
 * '.' (skipped when no such locale is installed). */
static void test_locale(void)
{
    static const char *const names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
                                         "fr_FR.utf8",  "de_DE",      "fr_FR" };
    const char *got = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !got; i++)
        got = setlocale(LC_NUMERIC, names[i]);
    if (!got || strcmp(localeconv()->decimal_point, ",") != 0) {
        setlocale(LC_NUMERIC, "C");
        printf("test_aux: no locale with a decimal comma, skipping that test\n");
        return;
    }
    struct aux a;
    struct hp_error err;
    CHECK_INT(parse(&a, "X_RANGE 0.28\nSHADE x 0.5\n", &err), 0);
    CHECK(a.x_range == 0.28);
    CHECK(find(&a, "x") && find(&a, "x")->shade == 0.5);
    aux_free(&a);
    char buf[64];
    aux_format_range(buf, sizeof buf, 0.276345);
    CHECK_STR(buf, "0.276345");
    aux_format_range(buf, sizeof buf, 1.0);
    CHECK_STR(buf, "1.00");
    setlocale(LC_NUMERIC, "C");
}

/* aux_lookup: by name, by the .hp's name (alias), by the name less its
 * "(N)" when that is one name's of the .aux alone and unique in the run. */
static void test_lookup(void)
{
    static const char text[] = "ORDER (12)main.go/x 1\nORDER 0x4cd5a8 2\nORDER (1)a 3\n"
                               "ORDER (2)a 4\nORDER 3 5\nORDER OTHER 6\n";
    struct aux a;
    struct hp_error err;
    if (!CHECK(aux_parse_buffer(&a, text, sizeof text - 1, "t.aux", &err) == 0))
        return;
    int64_t x = aux_lookup(&a, "(12)main.go/x", NULL, 0, true);
    CHECK(x >= 0 && a.entry[x].order == 1);
    x = aux_lookup(&a, "(99)main.go/x", NULL, 0, true); /* renumbered */
    CHECK(x >= 0 && a.entry[x].order == 1);
    CHECK(aux_lookup(&a, "(99)main.go/x", NULL, 0, false) < 0); /* not unique in the run */
    CHECK(aux_lookup(&a, "(7)a", NULL, 0, true) < 0);           /* two in the .aux */
    x = aux_lookup(&a, "Node :: Tree (build, T.hs:3:1)", "0x4cd5a8", 8, true);
    CHECK(x >= 0 && a.entry[x].order == 2);
    x = aux_lookup(&a, "era 3", "3", 1, true);
    CHECK(x >= 0 && a.entry[x].order == 5);
    CHECK(aux_lookup(&a, "era 4", "4", 1, true) < 0);
    aux_free(&a);
}

int main(void)
{
    test_lookup();
    test_example();
    test_empty();
    test_names();
    test_first_wins();
    test_many_names();
    test_crlf();
    test_newline_names();
    test_errors();
    test_read_file();
    test_corpus();
    test_format();
    test_locale();
    return check_report();
}

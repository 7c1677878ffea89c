/* SPDX-License-Identifier: BSD-3-Clause */
/* test_options.c: GHC's flags and limits, and our fixes to its scanner. */
#include "check.h"
#include "options.h"
#include "pipeline.h"
#include "run.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int parse(struct options *o, const char *a1, const char *a2, const char *a3,
                 struct hp_error *err)
{
    char *argv[5] = { "hp2ps", (char *)a1, (char *)a2, (char *)a3, NULL };
    int argc = 1 + (a1 != NULL) + (a2 != NULL) + (a3 != NULL);
    options_free(o); /* the arrays of the call before (o starts zeroed) */
    options_default(o);
    err->text[0] = '\0';
    return options_parse(o, argc, argv, err);
}

#define OK(a, b, c)  CHECK(parse(&o, a, b, c, &err) == 0)
#define BAD(a, b, c) CHECK(parse(&o, a, b, c, &err) < 0 && err.text[0])

static void test_defaults(void)
{
    struct options o = { 0 };
    struct hp_error err;
    OK(NULL, NULL, NULL);
    CHECK(o.input == NULL && o.limit == 20 && o.trace == 1.0 && !o.colour);
    CHECK(o.title_box == TITLE_AUTO && !o.multipage && !o.eps);
    options_free(&o);
}

static void test_combined_flags(void)
{
    struct options o = { 0 };
    struct hp_error err;
    /* Flags combine in any order and may follow the file name. */
    OK("prog.hp", "-cd", NULL);
    CHECK_STR(o.input, "prog.hp");
    CHECK(o.colour && o.sort_stddev);
    OK("-dc", NULL, NULL);
    CHECK(o.colour && o.sort_stddev);
    OK("-pc", NULL, NULL); /* the one combination GHC allowed */
    CHECK(o.reuse_aux && o.colour);
    OK("-bs", NULL, NULL); /* -b wins over -s, as in GHC */
    CHECK(o.title_box == TITLE_BIG);
    OK("-s", NULL, NULL);
    CHECK(o.title_box == TITLE_SMALL);
    options_free(&o);
}

static void test_e(void)
{
    struct options o = { 0 };
    struct hp_error err;
    /* -e: units, the 2-inch minimum, the 200-inch maximum. */
    OK("-e8in", NULL, NULL);
    CHECK(o.eps);
    CHECK_NEAR(o.eps_width, 576, 1e-9);
    OK("-e145", NULL, NULL);
    CHECK_NEAR(o.eps_width, 145, 1e-9);
    OK("-e51mm", NULL, NULL);
    CHECK_NEAR(o.eps_width, 144.567, 1e-3);
    OK("-e400pt", NULL, NULL);
    CHECK_NEAR(o.eps_width, 400, 1e-9);
    OK("-e", "6in", NULL);
    CHECK_NEAR(o.eps_width, 432, 1e-9);
    OK("-e8cm", NULL, NULL);
    CHECK_NEAR(o.eps_width, 8 * 72 / 2.54, 1e-9);
    BAD("-e144", NULL, NULL);
    CHECK(strstr(err.text, "-e144") != NULL);
    BAD("-e2in", NULL, NULL);
    BAD("-e50mm", NULL, NULL);
    BAD("-e6inch", NULL, NULL);
    BAD("-e", NULL, NULL);
    BAD("-eabc", NULL, NULL);
    /* Past PDF's 200-inch page the layout's integers overflowed (-e1e25:
     * SIGFPE). */
    OK("-e200in", NULL, NULL);
    CHECK_NEAR(o.eps_width, 14400, 1e-9);
    OK("-e14400pt", NULL, NULL);
    BAD("-e14401", NULL, NULL);
    CHECK(strstr(err.text, "14400 points") != NULL);
    BAD("-e201in", NULL, NULL);
    BAD("-e1e25", NULL, NULL);
    BAD("-e1e308", NULL, NULL);
    options_free(&o);
}

static void test_m(void)
{
    struct options o = { 0 };
    struct hp_error err;
    /* -m: 0 = no limit, above 20 implies the multi-page key. */
    OK("-m5", NULL, NULL);
    CHECK_INT(o.limit, 5);
    CHECK(!o.multipage);
    OK("-m0", NULL, NULL);
    CHECK_INT(o.limit, 0);
    OK("-m25", NULL, NULL);
    CHECK(o.limit == 25 && o.multipage);
    OK("-m", "7", NULL);
    CHECK_INT(o.limit, 7);
    BAD("-m-3", NULL, NULL); /* GHC drew nothing */
    BAD("-mabc", NULL, NULL);
    OK("-l", NULL, NULL); /* the User's Guide's flag, which GHC 9.0.2 rejected */
    CHECK_INT(o.limit, 0);
    options_free(&o);
}

static void test_t(void)
{
    struct options o = { 0 };
    struct hp_error err;
    /* -t: 0 to 5. */
    OK("-t0", NULL, NULL);
    CHECK(o.trace == 0);
    OK("-t5", NULL, NULL);
    CHECK(o.trace == 5);
    OK("-t2.5", NULL, NULL);
    CHECK(o.trace == 2.5);
    BAD("-t6", NULL, NULL);
    CHECK(strstr(err.text, "-t6") != NULL);
    BAD("-t-1", NULL, NULL);
    BAD("-tabc", NULL, NULL);
    options_free(&o);
}

static void test_i(void)
{
    struct options o = { 0 };
    struct hp_error err;
    /* -i, -i+, -i-. */
    OK("-i", NULL, NULL);
    CHECK_INT(o.sort_name, 1);
    OK("-i+", NULL, NULL);
    CHECK_INT(o.sort_name, 1);
    OK("-i-", NULL, NULL);
    CHECK_INT(o.sort_name, -1);
    OK("-i-c", NULL, NULL);
    CHECK(o.sort_name == -1 && o.colour);
    options_free(&o);
}

static void test_plain_flags(void)
{
    struct options o = { 0 };
    struct hp_error err;
    OK("-gyM", NULL, NULL);
    CHECK(o.upright && o.no_marks && o.multipage);
    OK("-?", NULL, NULL);
    CHECK(o.help);
    OK("--help", NULL, NULL);
    CHECK(o.help);
    OK("--version", NULL, NULL);
    CHECK(o.version);
    OK("-", NULL, NULL);
    CHECK(o.input == NULL);
    OK("--", "-odd.hp", NULL);
    CHECK_STR(o.input, "-odd.hp");
    options_free(&o);
}

static void test_output_flags(void)
{
    struct options o = { 0 };
    struct hp_error err;
    OK("--pattern", NULL, NULL);
    CHECK(o.pattern);
    OK(NULL, NULL, NULL);
    CHECK(!o.no_aux);
    OK("--no-aux", "-p", "prog.hp");
    CHECK(o.no_aux && o.reuse_aux);
    BAD("--no-aux=yes", NULL, NULL);
    OK("--units=iec", NULL, NULL);
    CHECK(o.iec);
    OK("--units", "si", NULL);
    CHECK(!o.iec);
    BAD("--units=binary", NULL, NULL);
    OK("-o", "x.pdf", "--dpi=300");
    CHECK_STR(o.output, "x.pdf");
    CHECK(o.dpi == 300);
    OK("-ox.svg", "--format", "png");
    CHECK_STR(o.output, "x.svg");
    CHECK_STR(o.format, "png");
    BAD("--dpi=0", NULL, NULL);
    BAD("--dpi", NULL, NULL);
    BAD("-o", NULL, NULL);
    options_free(&o);
}

static void test_bad_flags(void)
{
    struct options o = { 0 };
    struct hp_error err;
    BAD("-x", NULL, NULL);
    CHECK(strstr(err.text, "-x") != NULL);
    BAD("-cx", NULL, NULL);
    BAD("--bogus", NULL, NULL);
    BAD("a.hp", "b.hp", NULL);
    options_free(&o);
}

static void test_beyond_ghc(void)
{
    struct options o = { 0 };
    struct hp_error err;
    /* The flags beyond GHC's (issue "focus, compare, watch and export"). */
    OK("--include=Data\\.Map", "--include", "CAF");
    CHECK(o.ninclude == 2 && strcmp(o.include[1], "CAF") == 0 && o.nexclude == 0);
    options_free(&o);
    OK("--exclude", "x", "p.hp");
    CHECK(o.nexclude == 1 && o.ninputs == 1);
    options_free(&o);
    OK("--from", "2.5", "--to=10");
    CHECK(o.has_from && o.has_to && o.from == 2.5 && o.to == 10);
    BAD("--from=3", "--to=2", NULL); /* an empty window */
    BAD("--from=abc", NULL, NULL);
    BAD("--to", NULL, NULL);
    OK("--sort=gradient", "--slopes", NULL);
    CHECK(o.sort_gradient && o.slopes && !o.sort_stddev && !o.sort_name);
    OK("--sort=name", NULL, NULL);
    CHECK(o.sort_name == 1 && !o.sort_gradient);
    BAD("--sort=random", NULL, NULL);
    CHECK(strstr(err.text, "gradient") != NULL);
    OK("--mode=percent", NULL, NULL);
    CHECK(o.mode == MODE_PERCENT);
    OK("--mode=lines", NULL, NULL);
    CHECK(o.mode == MODE_LINES);
    BAD("--mode=pie", NULL, NULL);
    OK(NULL, NULL, NULL);
    CHECK(o.export_layout == EXPORT_AUTO); /* export.c's rule decides */
    OK("--export-layout=long", "-ox.csv", NULL);
    CHECK(o.export_layout == EXPORT_LONG);
    OK("--export-layout", "wide", "-ox.json");
    CHECK(o.export_layout == EXPORT_WIDE);
    BAD("--export-layout=tall", NULL, NULL);
    CHECK(strstr(err.text, "--export-layout=tall") && strstr(err.text, "wide, long or bands"));
    BAD("--export-layout", NULL, NULL);
    CHECK(strstr(err.text, "needs a value") != NULL);
    OK("--x=index", NULL, NULL);
    CHECK(o.x_index);
    BAD("--x=log", NULL, NULL);
    OK("--watch", "p.hp", NULL);
    CHECK(o.watch && o.watch_period == WATCH_PERIOD_DEFAULT);
    options_free(&o);
    OK("--watch=0.5", "p.hp", NULL);
    CHECK(o.watch && o.watch_period == 0.5);
    options_free(&o);
    BAD("--watch=0", "p.hp", NULL);
    BAD("--watch", NULL, NULL);    /* stdin cannot be watched */
    BAD("--watch", "-o-", "p.hp"); /* a redraw needs a file, not stdout */
    /* nor a descriptor by its name: each redraw would follow the last */
    BAD("--watch", "-o/dev/stdout", "p.hp");
    CHECK(strstr(err.text, "cannot write to a descriptor (-o /dev/stdout)") != NULL);
    BAD("--watch", "-o/proc/self/fd/1", "p.hp");
    BAD("--watch", "-o/dev/fd/3", "p.hp");
    OK("--watch", "-ow.csv", "p.hp");
    options_free(&o);
    /* --at: one census, by name or by time */
    OK(NULL, NULL, NULL);
    CHECK(o.at == AT_UNSET);
    OK("--at=peak", NULL, NULL);
    CHECK(o.at == AT_PEAK);
    OK("--at", "end", NULL);
    CHECK(o.at == AT_END);
    OK("--at=2.5", NULL, NULL);
    CHECK(o.at == AT_TIME && o.at_time == 2.5);
    BAD("--at=soon", NULL, NULL);
    CHECK(strstr(err.text, "--at=soon: use peak, end or a time") != NULL);
    BAD("--at", NULL, NULL);
    /* a switch takes no value; a name is whole, never a prefix */
    BAD("--pattern=1", NULL, NULL);
    CHECK(strstr(err.text, "--pattern takes no value") != NULL);
    BAD("--patter", NULL, NULL);
    BAD("--outputs=x", NULL, NULL);
    options_free(&o);
}

static void test_several_profiles(void)
{
    struct options o = { 0 };
    struct hp_error err;
    /* Several profiles: a page of them, so it needs a name. */
    OK("-oc.pdf", "a.hp", "b.hp");
    CHECK(o.ninputs == 2 && strcmp(o.input, "a.hp") == 0 && strcmp(o.inputs[1], "b.hp") == 0);
    options_free(&o);
    BAD("a.hp", "b.hp", NULL);
    BAD("--diff", "-od.pdf", "a.hp"); /* --diff takes exactly two */
    options_free(&o);
    BAD("-", "a.hp", NULL); /* stdin is the one profile or none */
    options_free(&o);
    OK("--mode=lines", "-ox.pdf", "a.hp");
    options_free(&o);
    BAD("--mode=lines", "--diff", "-ox.pdf"); /* needs its two profiles too, but */
    {
        char *argv[] = { "hp2ps", "--diff", "--mode=percent", "-ox.pdf", "a.hp", "b.hp", NULL };
        options_free(&o);
        options_default(&o);
        CHECK(options_parse(&o, 6, argv, &err) < 0 && strstr(err.text, "--mode") != NULL);
        options_free(&o);
        char *argv2[] = { "hp2ps", "--slopes", "-ox.pdf", "a.hp", "b.hp", NULL };
        options_default(&o);
        CHECK(options_parse(&o, 5, argv2, &err) < 0 && strstr(err.text, "--slopes") != NULL);
    }
    options_free(&o);
}

/* The whole text of a file, or NULL. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* One run of the pipeline, as main makes it: 0 or -1. */
static int run(const char *a1, const char *a2, const char *a3)
{
    struct options o = { 0 };
    struct hp_error err;
    struct hp_warnings warnings = { 0 };
    struct name_filter filter = { 0 };
    struct pipeline_options po;
    int rc = parse(&o, a1, a2, a3, &err);
    if (rc == 0)
        rc = run_options_from(&po, &o, &filter, &err);
    if (rc == 0)
        rc = run_inputs(&po, o.inputs, o.ninputs, &warnings, &err);
    warnings_free(&warnings);
    if (rc < 0)
        printf("test_options: %s\n", err.text);
    name_filter_free(&filter);
    options_free(&o);
    return rc;
}

/* Under a locale whose decimal point is ',' (a program around hp2ps, or a
 * library, may set one), numbers are still read and written with '.'
 * (issue 34).  Skipped where no such locale is installed; CI makes one
 * (.ci/run). */
static void test_locale(void)
{
    static const char *const names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8" };
    const char *got = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !got; i++)
        got = setlocale(LC_ALL, names[i]);
    if (!got || strcmp(localeconv()->decimal_point, ",") != 0) {
        setlocale(LC_ALL, "C");
        printf("test_options: no locale with a decimal comma, skipping that test\n");
        /* CI makes de_DE.UTF-8 and says so: there the test must run. */
        CHECK(getenv("HP2PS_COMMA_LOCALE") == NULL);
        return;
    }
    struct options o = { 0 };
    struct hp_error err;
    OK("-t0.5", NULL, NULL);
    CHECK_NEAR(o.trace, 0.5, 0);
    OK("-e8.5in", NULL, NULL);
    CHECK_NEAR(o.eps_width, 612, 1e-9);
    OK("--from=2.5", "--to=7.25", NULL);
    CHECK_NEAR(o.from, 2.5, 0);
    CHECK_NEAR(o.to, 7.25, 0);
    OK("--dpi=72.5", NULL, NULL);
    CHECK_NEAR(o.dpi, 72.5, 0);
    BAD("-t0,5", NULL, NULL);
    options_free(&o);

    /* A whole run: the times of the profile read and written with '.' in
     * the CSV, the JSON and the .aux, as in the C locale. */
    char dir[] = "/tmp/hp2ps-test_options.XXXXXX";
    if (!CHECK(mkdtemp(dir) != NULL))
        goto out;
    char hp[128], csv[128], json[128], ps[128], aux[128];
    snprintf(hp, sizeof hp, "%s/p.hp", dir);
    snprintf(csv, sizeof csv, "%s/p.csv", dir);
    snprintf(json, sizeof json, "%s/p.json", dir);
    snprintf(ps, sizeof ps, "%s/p.ps", dir);
    snprintf(aux, sizeof aux, "%s/p.aux", dir);
    FILE *f = fopen(hp, "w");
    if (f) {
        fputs("JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
              "BEGIN_SAMPLE 0.25\nx 10\nEND_SAMPLE 0.25\n"
              "BEGIN_SAMPLE 1.75\nx 30\nEND_SAMPLE 1.75\n",
              f);
        fclose(f);
    }
    char *here = getcwd(NULL, 0);
    if (CHECK(chdir(dir) == 0)) {
        CHECK(run("-o", csv, hp) == 0);
        char *text = slurp(csv);
        CHECK(text && strstr(text, "\n0.25,10\n") && strstr(text, "\n1.75,30\n"));
        CHECK(run("-o", json, hp) == 0);
        text = slurp(json);
        CHECK(text && strstr(text, "0.25") && strstr(text, "1.75") && !strstr(text, "0,25"));
        CHECK(run("-o", ps, hp) == 0);
        text = slurp(aux);
        CHECK(text && strncmp(text, "X_RANGE 1.50\n", 13) == 0);
        if (text && strncmp(text, "X_RANGE 1.50\n", 13) != 0)
            printf("test_options: the .aux begins %.30s\n", text);
        if (here)
            CHECK(chdir(here) == 0);
    }
    free(here);
    unlink(hp), unlink(csv), unlink(json), unlink(ps), unlink(aux);
    rmdir(dir);
out:
    setlocale(LC_ALL, "C");
}

int main(void)
{
    test_defaults();
    test_combined_flags();
    test_e();
    test_m();
    test_t();
    test_i();
    test_plain_flags();
    test_output_flags();
    test_bad_flags();
    test_beyond_ghc();
    test_several_profiles();
    test_locale();
    return check_report();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* test_export.c: -o FILE.csv and -o FILE.json, byte for byte against
 * hand-computed rows: sums per band, a name repeated in a sample, absent
 * bands, OTHER, dropped names, RFC 4180 quoting, JSON escaping, exact
 * 64-bit values and times that read back as the same double. */
#include "check.h"
#include "read/hp.h"
#include "export.h"
#include "formats.h"

#include <inttypes.h>
#include <stdlib.h>

/* Parse text, plan the bands with -t trace -m limit, export with fmt in
 * layout: the output as a string (caller frees), or NULL on an error.
 * *chosen (when not NULL) gets the layout AUTO came to. */
static char *export_layout_text(const char *text, double trace, long limit,
                                const struct export_format *fmt, enum export_layout layout,
                                enum export_layout *chosen)
{
    struct profile p;
    struct band_plan bp;
    struct hp_error err;
    memset(&bp, 0, sizeof bp);
    if (profile_parse_buffer(&p, text, strlen(text), "t.hp", NULL, &err) < 0) {
        fprintf(stderr, "  parse: %s\n", err.text);
        return NULL;
    }
    struct band_options bo;
    band_options_default(&bo);
    bo.trace_percent = trace;
    bo.limit = limit;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int rc = bands_plan(&bp, &p, &bo, &err);
    if (rc == 0 && chosen)
        *chosen = export_layout_choose(&p, &bp, layout);
    if (rc == 0)
        rc = fmt->write(f, &p, &bp, layout, &err);
    fclose(f);
    if (rc < 0) {
        fprintf(stderr, "  export: %s\n", err.text);
        free(buf);
        buf = NULL;
    }
    band_plan_free(&bp);
    profile_free(&p);
    return buf;
}

/* The default layout (the rule picks wide for every profile below but
 * the sparse ones). */
static char *export_text(const char *text, double trace, long limit,
                         const struct export_format *fmt)
{
    return export_layout_text(text, trace, limit, fmt, EXPORT_AUTO, NULL);
}

#define HEADER                                                                                     \
    "JOB \"prog +RTS -hc\"\nDATE \"Mon Nov 23 09:13 2026\"\n"                                      \
    "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"

/* Totals: big 307, a,"b" 130, mid 100, tiny2 3, tiny1 2, small 1 (543).
 * "big" appears twice at 0.1: 200 + 7.  The last time is not 0.3 but the
 * double after it, which only 17 digits tell apart. */
static const char profile_text[] =
    HEADER "BEGIN_SAMPLE 0.0\nbig\t100\nsmall\t1\nEND_SAMPLE 0.0\n"
           "BEGIN_SAMPLE 0.1\nbig\t200\na,\"b\"\t130\nbig\t7\nmid\t40\nEND_SAMPLE 0.1\n"
           "BEGIN_SAMPLE 0.30000000000000004\nmid\t60\ntiny1\t2\ntiny2\t3\n"
           "END_SAMPLE 0.30000000000000004\n";

static void test_csv_other(void)
{
    /* -t0 -m4: the three smallest (small, tiny1, tiny2) merge into OTHER;
     * the columns are the key's order, top of the stack (biggest) first. */
    char *csv = export_text(profile_text, 0, 4, &export_format_csv);
    CHECK_STR(csv,
              "time,big,\"a,\"\"b\"\"\",mid,OTHER\n"
              "0,100,0,0,1\n"
              "0.1,207,130,40,0\n"
              "0.30000000000000004,0,0,60,5\n");
    free(csv);
}

static void test_csv_trace(void)
{
    /* -t5 -m0: 5% of 543 is 27.15; small, tiny1 and tiny2 (6 together) are
     * dropped, not merged: no OTHER, and their values go nowhere. */
    char *csv = export_text(profile_text, 5, 0, &export_format_csv);
    CHECK_STR(csv,
              "time,big,\"a,\"\"b\"\"\",mid\n"
              "0,100,0,0\n"
              "0.1,207,130,40\n"
              "0.30000000000000004,0,0,60\n");
    free(csv);
}

static void test_json(void)
{
    char *json = export_text(profile_text, 0, 4, &export_format_json);
    CHECK_STR(json,
              "{\"format\": {\"name\": \"hp2ps\", \"version\": 1, \"layout\": \"wide\"},\n"
              " \"job\": \"prog +RTS -hc\",\n"
              " \"date\": \"Mon Nov 23 09:13 2026\",\n"
              " \"sample_unit\": \"seconds\",\n"
              " \"value_unit\": \"bytes\",\n"
              " \"bands\": [\"big\", \"a,\\\"b\\\"\", \"mid\", \"OTHER\"],\n"
              " \"samples\": [\n"
              "  {\"time\": 0, \"values\": [100, 0, 0, 1]},\n"
              "  {\"time\": 0.1, \"values\": [207, 130, 40, 0]},\n"
              "  {\"time\": 0.30000000000000004, \"values\": [0, 0, 60, 5]}\n"
              " ]}\n");
    free(json);
}

static void test_escapes_and_exact_values(void)
{
    /* A backslash and a quote are escaped for JSON; a byte that is not
     * UTF-8 becomes U+FFFD; values past 2^53 stay exact, and a sum past
     * INT64_MAX saturates. */
    static const char text[] =
        HEADER "BEGIN_SAMPLE 1\nq\"\\\t9007199254740993\nbad\xffname\t1\nEND_SAMPLE 1\n"
               "BEGIN_SAMPLE 2.5\nq\"\\\t9223372036854775807\nq\"\\\t5\nEND_SAMPLE 2.5\n";
    char *json = export_text(text, 0, 0, &export_format_json);
    CHECK(json && strstr(json, " \"bands\": [\"q\\\"\\\\\", \"bad\xef\xbf\xbdname\"],\n"));
    CHECK(json && strstr(json, "  {\"time\": 1, \"values\": [9007199254740993, 1]},\n"));
    CHECK(json && strstr(json, "  {\"time\": 2.5, \"values\": [9223372036854775807, 0]}\n"));
    free(json);
    char *csv = export_text(text, 0, 0, &export_format_csv);
    CHECK_STR(csv,
              "time,\"q\"\"\\\",bad\xef\xbf\xbdname\n"
              "1,9007199254740993,1\n"
              "2.5,9223372036854775807,0\n");
    free(csv);
}

static void test_no_bands(void)
{
    /* -m-1 leaves no band: a time column alone, and an empty JSON list. */
    static const char text[] = HEADER "BEGIN_SAMPLE 1\nx\t3\nEND_SAMPLE 1\n";
    char *csv = export_text(text, 0, -1, &export_format_csv);
    CHECK_STR(csv, "time\n1\n");
    free(csv);
    char *json = export_text(text, 0, -1, &export_format_json);
    CHECK(json && strstr(json, " \"bands\": [],\n")
          && strstr(json, "  {\"time\": 1, \"values\": []}\n"));
    free(json);
    /* ... and in the long layout: a header alone (found by the fuzzer: the
     * sort of a sample's bands was handed no array, which UBSan calls). */
    csv = export_layout_text(text, 0, -1, &export_format_csv, EXPORT_LONG, NULL);
    CHECK(csv && strncmp(csv, "time,", 5) == 0 && strchr(csv, '\n') == csv + strlen(csv) - 1);
    free(csv);
    json = export_layout_text(text, 0, -1, &export_format_json, EXPORT_LONG, NULL);
    CHECK(json != NULL);
    free(json);
}

/* The one table of formats (formats.h): each name and extension finds
 * its drawing or its export, and nothing else. */
static void test_format_names(void)
{
    CHECK(output_format_find("csv")->export == &export_format_csv);
    CHECK(output_format_find("json")->export == &export_format_json);
    CHECK(output_format_find("pdf")->render == &render_format_pdf);
    CHECK(output_format_find("pdf")->export == NULL);
    CHECK(output_format_find("PDF") == NULL);
    CHECK(output_format_find("tiff") == NULL);
    CHECK(output_format_for_path("dir.v2/prog.CSV")->export == &export_format_csv);
    CHECK(output_format_for_path("out/x.json")->export == &export_format_json);
    CHECK(output_format_for_path("x.json/prog") == NULL);
    CHECK(output_format_for_path("prog.ps")->render == &render_format_ps);
    CHECK(output_format_for_path("P.EPS")->render == &render_format_eps);
    size_t n = 0;
    for (const struct output_format *f; (f = output_format_at(n)) != NULL; n++)
        CHECK(f == output_format_find(f->name)
              && (f->render != NULL) + (f->export != NULL) + (f->tree != NULL) == 1);
    CHECK_INT(n, 9);
    CHECK(output_format_for_path("prog.folded")->tree == &tree_format_folded);
}

/* A name the RTS wrote over several lines keeps its newlines: CSV quotes
 * the field, JSON writes \n. */
static void test_newline_name(void)
{
    static const char text[] = HEADER "BEGIN_SAMPLE 0\n(7)lbl\nx/main\t5\nEND_SAMPLE 0\n";
    char *csv = export_text(text, 0, 0, &export_format_csv);
    CHECK_STR(csv, "time,\"(7)lbl\nx/main\"\n0,5\n");
    free(csv);
    char *json = export_text(text, 0, 0, &export_format_json);
    CHECK(strstr(json, "\"bands\": [\"(7)lbl\\nx/main\"]") != NULL);
    free(json);
}

/* A tab in a name (the RTS writes names raw) is kept: CSV quotes the
 * field, JSON writes \t; never U+FFFD. */
static void test_tab_name(void)
{
    static const char text[] = HEADER "BEGIN_SAMPLE 0\n(7)go\tleft/main\t5\nEND_SAMPLE 0\n";
    char *csv = export_text(text, 0, 0, &export_format_csv);
    CHECK_STR(csv, "time,\"(7)go\tleft/main\"\n0,5\n");
    free(csv);
    char *json = export_text(text, 0, 0, &export_format_json);
    CHECK(strstr(json, "\"bands\": [\"(7)go\\tleft/main\"]") != NULL);
    free(json);
}

/* Long: a row per value that is not 0, by sample, each sample's in the
 * wide columns' order; the same sums, OTHER and quoting as wide. */
static void test_csv_long(void)
{
    char *csv = export_layout_text(profile_text, 0, 4, &export_format_csv, EXPORT_LONG, NULL);
    CHECK_STR(csv,
              "time,band,value\n"
              "0,big,100\n"
              "0,OTHER,1\n"
              "0.1,big,207\n"
              "0.1,\"a,\"\"b\"\"\",130\n"
              "0.1,mid,40\n"
              "0.30000000000000004,mid,60\n"
              "0.30000000000000004,OTHER,5\n");
    free(csv);
    /* -t5: the dropped names write no row at all */
    csv = export_layout_text(profile_text, 5, 0, &export_format_csv, EXPORT_LONG, NULL);
    CHECK_STR(csv,
              "time,band,value\n"
              "0,big,100\n"
              "0.1,big,207\n"
              "0.1,\"a,\"\"b\"\"\",130\n"
              "0.1,mid,40\n"
              "0.30000000000000004,mid,60\n");
    free(csv);
}

static void test_json_long(void)
{
    char *json = export_layout_text(profile_text, 0, 4, &export_format_json, EXPORT_LONG, NULL);
    CHECK_STR(json,
              "{\"format\": {\"name\": \"hp2ps\", \"version\": 1, \"layout\": \"long\"},\n"
              " \"job\": \"prog +RTS -hc\",\n"
              " \"date\": \"Mon Nov 23 09:13 2026\",\n"
              " \"sample_unit\": \"seconds\",\n"
              " \"value_unit\": \"bytes\",\n"
              " \"bands\": [\"big\", \"a,\\\"b\\\"\", \"mid\", \"OTHER\"],\n"
              " \"values\": [\n"
              "  {\"time\": 0, \"band\": \"big\", \"value\": 100},\n"
              "  {\"time\": 0, \"band\": \"OTHER\", \"value\": 1},\n"
              "  {\"time\": 0.1, \"band\": \"big\", \"value\": 207},\n"
              "  {\"time\": 0.1, \"band\": \"a,\\\"b\\\"\", \"value\": 130},\n"
              "  {\"time\": 0.1, \"band\": \"mid\", \"value\": 40},\n"
              "  {\"time\": 0.30000000000000004, \"band\": \"mid\", \"value\": 60},\n"
              "  {\"time\": 0.30000000000000004, \"band\": \"OTHER\", \"value\": 5}\n"
              " ]}\n");
    free(json);
}

/* Long keeps exact and saturated sums, escapes names as wide does, and a
 * name with a newline stays one field. */
static void test_long_escapes(void)
{
    static const char text[] =
        HEADER "BEGIN_SAMPLE 1\nq\"\\\t9007199254740993\nbad\xffname\t1\nEND_SAMPLE 1\n"
               "BEGIN_SAMPLE 2.5\nq\"\\\t9223372036854775807\nq\"\\\t5\nEND_SAMPLE 2.5\n"
               "BEGIN_SAMPLE 3\n(7)lbl\nx/main\t5\nbad\xffname\t0\nEND_SAMPLE 3\n";
    char *csv = export_layout_text(text, 0, 0, &export_format_csv, EXPORT_LONG, NULL);
    CHECK_STR(csv,
              "time,band,value\n"
              "1,\"q\"\"\\\",9007199254740993\n"
              "1,bad\xef\xbf\xbdname,1\n"
              "2.5,\"q\"\"\\\",9223372036854775807\n"
              "3,\"(7)lbl\nx/main\",5\n");
    free(csv);
    char *json = export_layout_text(text, 0, 0, &export_format_json, EXPORT_LONG, NULL);
    CHECK(json
          && strstr(json,
                    "  {\"time\": 1, \"band\": \"q\\\"\\\\\", "
                    "\"value\": 9007199254740993},\n"));
    CHECK(json && strstr(json, "  {\"time\": 3, \"band\": \"(7)lbl\\nx/main\", \"value\": 5}\n"));
    free(json);
    /* no band: the header and nothing else */
    csv = export_layout_text(text, 0, -1, &export_format_csv, EXPORT_LONG, NULL);
    CHECK_STR(csv, "time,band,value\n");
    free(csv);
}

/* n samples, and n names each in `per` samples (name i in samples i ..
 * i+per-1, cyclically): n*per data points among n*n cells. */
static char *sparse_text(int n, int per)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fputs(HEADER, f);
    for (int k = 0; k < n; k++) {
        fprintf(f, "BEGIN_SAMPLE %d\n", k);
        for (int i = 0; i < n; i++)
            if ((k - i + n) % n < per)
                fprintf(f, "n%d\t%d\n", i, i + 1);
        fprintf(f, "END_SAMPLE %d\n", k);
    }
    fclose(f);
    return buf;
}

/* The default: long when fewer than one cell in EXPORT_LONG_RATIO can be
 * non-zero, counted from the data points; an asked layout is kept. */
static void test_layout_rule(void)
{
    /* 200 x 200 cells, 200 x 1 points: 1 in 200, long */
    char *text = sparse_text(200, 1);
    enum export_layout got = EXPORT_AUTO;
    char *csv = export_layout_text(text, 0, 0, &export_format_csv, EXPORT_AUTO, &got);
    CHECK(got == EXPORT_LONG);
    CHECK(csv && strncmp(csv, "time,band,value\n0,n0,1\n1,n1,2\n", 30) == 0);
    free(csv);
    csv = export_layout_text(text, 0, 0, &export_format_csv, EXPORT_WIDE, &got);
    CHECK(got == EXPORT_WIDE);
    CHECK(csv && strncmp(csv, "time,n199,", 10) == 0);
    free(csv);
    free(text);
    /* 200 x 2 points among 200 x 200: exactly 1 in 100, not fewer: wide */
    text = sparse_text(200, 2);
    csv = export_layout_text(text, 0, 0, &export_format_json, EXPORT_AUTO, &got);
    CHECK(got == EXPORT_WIDE);
    CHECK(csv && strstr(csv, "\"samples\": [") != NULL);
    free(csv);
    csv = export_layout_text(text, 0, 0, &export_format_json, EXPORT_LONG, &got);
    CHECK(got == EXPORT_LONG);
    CHECK(csv && strstr(csv, "\"values\": [") != NULL);
    free(csv);
    free(text);
    /* -m3: OTHER gathers 198 names but is one band; 3 bands x 200 cells,
     * at most 200 + 2 + 2 of them non-zero: wide */
    text = sparse_text(200, 1);
    csv = export_layout_text(text, 0, 3, &export_format_csv, EXPORT_AUTO, &got);
    CHECK(got == EXPORT_WIDE);
    free(csv);
    free(text);
}

/* The CSV's integers are written without printf: every digit count, on
 * each side of each power of ten and of 2^32, as printf writes them, in
 * the wide and the long layout. */
static void test_csv_integers(void)
{
    size_t cap = 1 << 16, n = 0;
    char *text = xmalloc(cap), *wide = xmalloc(cap), *lng = xmalloc(cap);
    size_t nw = 0, nl = 0;
    n += (size_t)snprintf(text + n, cap - n, "%s", HEADER);
    nw += (size_t)snprintf(wide + nw, cap - nw, "time,v\n");
    nl += (size_t)snprintf(lng + nl, cap - nl, "time,band,value\n");
    int64_t values[64];
    size_t nv = 0;
    values[nv++] = 0;
    for (int64_t ten = 1; nv < 60; ten *= 10) {
        values[nv++] = ten - 1 > 0 ? ten - 1 : 1;
        values[nv++] = ten;
        values[nv++] = ten + 1;
        if (ten > INT64_MAX / 10)
            break;
    }
    values[nv++] = 4294967295;
    values[nv++] = 4294967296;
    values[nv++] = INT64_MAX;
    for (size_t k = 0; k < nv; k++) {
        n +=
            (size_t)snprintf(text + n, cap - n,
                             "BEGIN_SAMPLE %zu\nv\t%" PRId64 "\nEND_SAMPLE %zu\n", k, values[k], k);
        nw += (size_t)snprintf(wide + nw, cap - nw, "%zu,%" PRId64 "\n", k, values[k]);
        if (values[k])
            nl += (size_t)snprintf(lng + nl, cap - nl, "%zu,v,%" PRId64 "\n", k, values[k]);
    }
    char *csv = export_layout_text(text, 0, 0, &export_format_csv, EXPORT_WIDE, NULL);
    CHECK_STR(csv, wide);
    free(csv);
    csv = export_layout_text(text, 0, 0, &export_format_csv, EXPORT_LONG, NULL);
    CHECK_STR(csv, lng);
    free(csv);
    free(text);
    free(wide);
    free(lng);
}

int main(void)
{
    test_csv_integers();
    test_csv_other();
    test_csv_trace();
    test_json();
    test_escapes_and_exact_values();
    test_no_bands();
    test_format_names();
    test_newline_name();
    test_tab_name();
    test_csv_long();
    test_json_long();
    test_long_escapes();
    test_layout_rule();
    return check_report();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* test_tree.c: the tree stage (tree.h) and the folded stacks (folded.h).
 *   - a .hp's stack names: frames from the outermost, "(N)" left out, an
 *     operator's '/' kept inside its label, a name cut at -L under a cut
 *     node (what is left of the cut frame its label), MAIN, a CAF;
 *   - an eventlog's stacks (tests/data/icicle): whole, an SCC named
 *     "io/read" one frame, a 303-deep stack cut at 255 under a cut node;
 *   - -hi: module, file, span, closure; a flat breakdown;
 *   - the values: the census at peak, end and T (census_find's: the last
 *     holding anything; the last at or before T, none before the first),
 *     a window's trapezoids, every node's value its own and its
 *     children's, --include/--exclude honoured;
 *   - --diff: two profiles' stacks paired whatever their "(N)";
 *   - folded: the lines add up to the census's total exactly, a window's
 *     rounded to its total.
 */
#include "check.h"
#include "fixture.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "filter.h"
#include "folded.h"
#include "read/read.h"
#include "tree.h"

/* The node under parent with this kind and label, or TREE_NONE. */
static uint32_t child(const struct tree *t, uint32_t parent, enum node_kind kind, const char *label)
{
    for (uint32_t c = t->node[parent].child; c != TREE_NONE; c = t->node[c].next)
        if (t->node[c].kind == kind && strcmp(t->node[c].label, label) == 0)
            return c;
    return TREE_NONE;
}

/* The frames path[0..n) from the root, or TREE_NONE. */
static uint32_t path(const struct tree *t, const char *const *frames, size_t n)
{
    uint32_t at = 0;
    for (size_t i = 0; i < n && at != TREE_NONE; i++)
        at = child(t, at, NODE_FRAME, frames[i]);
    return at;
}

static void build(struct tree *t, const struct profile *p, size_t n)
{
    struct hp_error err;
    if (tree_build(t, p, NULL, n, &err) < 0) {
        fprintf(stderr, "tree_build: %s\n", err.text);
        abort();
    }
}

static void fill(struct tree *t, size_t k, const struct profile *p, enum moment_kind kind,
                 double time)
{
    struct moment m = { kind, time };
    struct hp_error err;
    if (tree_fill(t, k, p, &m, &err) < 0) {
        fprintf(stderr, "tree_fill: %s\n", err.text);
        abort();
    }
}

/* Every node's value is its own and its children's. */
static bool sums_hold(const struct tree *t, size_t k)
{
    for (size_t i = 0; i < t->count; i++) {
        double sum = t->node[i].self[k];
        for (uint32_t c = t->node[i].child; c != TREE_NONE; c = t->node[c].next)
            sum += t->node[c].value[k];
        if (fabs(sum - t->node[i].value[k]) > 1e-6 * fmax(1, t->node[i].value[k]))
            return false;
    }
    return true;
}

static void read_file(struct profile *p, const char *name)
{
    char path_buf[1024];
    snprintf(path_buf, sizeof path_buf, "%s/%s", fixture_testdata(), name);
    int fd = open(path_buf, O_RDONLY);
    struct hp_error err;
    struct parse_options po = { .stacks = true }; /* as --view=icicle asks */
    if (fd < 0 || profile_read(p, fd, path_buf, &po, &err) < 0) {
        fprintf(stderr, "cannot read %s\n", path_buf);
        abort();
    }
    close(fd);
}

/* folded_write's text. */
static char *folded(const struct tree *t)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct hp_error err;
    CHECK(folded_write(f, t, &err) >= 0);
    fclose(f);
    return buf;
}

/* The sum of the last number of every line. */
static double folded_sum(const char *text, size_t column_from_end, size_t *lines)
{
    double sum = 0;
    *lines = 0;
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char line[8192];
        if (n >= sizeof line)
            n = sizeof line - 1;
        memcpy(line, s, n);
        line[n] = '\0';
        for (size_t c = 0; c < column_from_end; c++) {
            char *sp = strrchr(line, ' ');
            if (sp)
                *sp = '\0';
        }
        char *sp = strrchr(line, ' ');
        if (sp)
            sum += strtod(sp + 1, NULL);
        (*lines)++;
        s = nl ? nl + 1 : s + n;
    }
    return sum;
}

static void test_hp_stacks(void)
{
    struct profile p = { 0 };
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\n"
                  "(1)f/g/main\t10\n"
                  "(2)g/main\t5\n"
                  "(3)</>/main\t7\n"
                  "(4)<//>/x/main\t3\n"
                  "MAIN\t2\n"
                  "(5)Main.CAF\t4\n"
                  "(6)abcdefghij/klmnopqrst...\t8\n" /* 24 bytes: cut at -L25 */
                  "(7)abcdefghij/klmnopqrs/...\t6\n" /* cut right after a '/' */
                  "(8)a/b/c...\t1\n"                 /* not 24 bytes: whole */
                  "END_SAMPLE 0\n");
    struct tree t;
    build(&t, &p, 1);
    CHECK(t.kind == TREE_STACKS);
    CHECK_INT(t.name_length, 25);
    const char *fg[] = { "main", "g", "f" };
    uint32_t f = path(&t, fg, 3);
    CHECK(f != TREE_NONE);
    CHECK(f != TREE_NONE && t.leaf[0][0] == f);
    CHECK(t.leaf[0][1] == path(&t, fg, 2));
    const char *op[] = { "main", "</>" };
    CHECK(path(&t, op, 2) != TREE_NONE && t.leaf[0][2] == path(&t, op, 2));
    const char *op2[] = { "main", "x", "<//>" };
    CHECK(path(&t, op2, 3) != TREE_NONE);
    const char *mainonly[] = { "MAIN" }, *caf[] = { "Main.CAF" };
    CHECK(path(&t, mainonly, 1) != TREE_NONE);
    CHECK(path(&t, caf, 1) != TREE_NONE);
    /* cut: "klmnopqrst" is what is left of a frame, under no frame made up */
    uint32_t cut = child(&t, 0, NODE_CUT, "klmnopqrst");
    CHECK(cut != TREE_NONE);
    CHECK(cut != TREE_NONE && child(&t, cut, NODE_FRAME, "abcdefghij") == t.leaf[0][6]);
    uint32_t cut2 = child(&t, 0, NODE_CUT, "");
    CHECK(cut2 != TREE_NONE && child(&t, cut2, NODE_FRAME, "klmnopqrs") != TREE_NONE);
    CHECK(t.cut_names);
    const char *whole[] = { "c...", "b", "a" };
    CHECK(path(&t, whole, 3) != TREE_NONE);
    char *text = tree_node_text(&t.node[cut], false);
    CHECK_STR(text, "klmnopqrst\xE2\x80\xA6");
    free(text);
    text = tree_node_text(&t.node[cut2], true);
    CHECK_STR(text, "[cut] \xE2\x80\xA6");
    free(text);
    fill(&t, 0, &p, MOMENT_PEAK, 0);
    CHECK_NEAR(t.node[0].value[0], 46, 0);
    CHECK_INT(t.census[0].total_bytes, 46);
    CHECK(sums_hold(&t, 0));
    const char *m[] = { "main" };
    CHECK_NEAR(t.node[path(&t, m, 1)].value[0], 25, 0);
    tree_free(&t);
    profile_free(&p);

    /* -L200 in the JOB: a name 24 bytes long ending in "..." is whole */
    struct profile q = { 0 };
    const char *hp = "JOB \"prog +RTS -hc -L200\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\n"
                     "VALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0\n(6)abcdefghij/klmnopqrst...\t8\n"
                     "END_SAMPLE 0\n";
    struct hp_error err;
    CHECK(profile_read_buffer(&q, hp, strlen(hp), "q.hp", NULL, &err) == 0);
    build(&t, &q, 1);
    CHECK_INT(t.name_length, 200);
    CHECK(!t.cut_names);
    const char *dots[] = { "klmnopqrst...", "abcdefghij" };
    CHECK(path(&t, dots, 2) != TREE_NONE);
    tree_free(&t);
    profile_free(&q);
}

static void test_values(void)
{
    struct profile p = { 0 };
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\n(1)f/main\t10\n(2)g/main\t0\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 1\n(1)f/main\t20\n(2)g/main\t30\nEND_SAMPLE 1\n"
                  "BEGIN_SAMPLE 3\n(1)f/main\t40\nEND_SAMPLE 3\n"
                  "BEGIN_SAMPLE 4\nEND_SAMPLE 4\n");
    struct tree t;
    build(&t, &p, 1);
    const char *f[] = { "main", "f" }, *g[] = { "main", "g" };
    uint32_t nf = path(&t, f, 2), ng = path(&t, g, 2);
    fill(&t, 0, &p, MOMENT_PEAK, 0); /* 50 at t = 1 */
    CHECK_NEAR(t.census[0].time, 1, 0);
    CHECK_INT(t.census[0].index, 1);
    CHECK_NEAR(t.node[nf].value[0], 20, 0);
    CHECK_NEAR(t.node[ng].value[0], 30, 0);
    CHECK_NEAR(t.node[0].value[0], 50, 0);
    CHECK_INT(t.node[nf].name[0], 0);
    fill(&t, 0, &p, MOMENT_END, 0); /* the last that holds anything, not the exit's */
    CHECK_NEAR(t.census[0].time, 3, 0);
    CHECK_NEAR(t.node[0].value[0], 40, 0);
    fill(&t, 0, &p, MOMENT_TIME, 2.5); /* the last at or before 2.5: t = 1 */
    CHECK_NEAR(t.census[0].time, 1, 0);
    fill(&t, 0, &p, MOMENT_TIME, 3);
    CHECK_NEAR(t.census[0].time, 3, 0);
    CHECK_NEAR(t.node[nf].value[0], 40, 0);
    struct moment before = { MOMENT_TIME, -1 };
    struct hp_error err;
    CHECK(tree_fill(&t, 0, &p, &before, &err) < 0);
    CHECK(strstr(err.text, "--at=-1: the first census is at 0 seconds") != NULL);
    /* the window: f's trapezoids (10+20)/2*1 + (20+40)/2*2 + (40+0)/2*1 = 95,
     * g's (0+30)/2 + (30+0)/2*2 = 45 */
    fill(&t, 0, &p, MOMENT_WINDOW, 0);
    CHECK_NEAR(t.node[nf].value[0], 95, 1e-9);
    CHECK_NEAR(t.node[ng].value[0], 45, 1e-9);
    CHECK_NEAR(t.node[0].value[0], 140, 1e-9);
    CHECK_INT(t.census[0].censuses, 4);
    CHECK(sums_hold(&t, 0));
    size_t lines;
    char *text = folded(&t);
    CHECK_NEAR(folded_sum(text, 0, &lines), 140, 0);
    free(text);
    tree_free(&t);

    /* --exclude: a name left out is in no node, and in no total */
    struct name_filter nf_filter;
    const char *ex[] = { "^\\(2\\)" };
    CHECK(name_filter_compile(&nf_filter, NULL, 0, ex, 1, &err) == 0);
    struct band_options bo;
    band_options_default(&bo);
    bo.filter = &nf_filter;
    struct band_plan bp;
    CHECK(bands_plan(&bp, &p, &bo, &err) == 0);
    CHECK(tree_build(&t, &p, &bp, 1, &err) == 0);
    CHECK(t.leaf[0][1] == TREE_NONE);
    fill(&t, 0, &p, MOMENT_PEAK, 0); /* the peak of every name (census.h), f's 20 of it */
    CHECK_NEAR(t.census[0].time, 1, 0);
    CHECK_NEAR(t.node[0].value[0], 20, 0);
    tree_free(&t);
    band_plan_free(&bp);
    name_filter_free(&nf_filter);
    profile_free(&p);
}

/* A window's byte-seconds written as whole numbers add up to its total,
 * rounded: three names of 1/3 each. */
static void test_window_rounding(void)
{
    struct profile p = { 0 };
    fixture_parse(&p,
                  "BEGIN_SAMPLE 0\na\t1\nb\t1\nc\t1\nEND_SAMPLE 0\n"
                  "BEGIN_SAMPLE 0.3333333\na\t1\nb\t1\nc\t1\nEND_SAMPLE 0.3333333\n");
    struct tree t;
    build(&t, &p, 1);
    fill(&t, 0, &p, MOMENT_WINDOW, 0);
    size_t lines;
    char *text = folded(&t);

    CHECK_NEAR(folded_sum(text, 0, &lines), 1, 0); /* 0.9999999 rounds to 1 */
    CHECK_INT(lines, 1); /* the other two round down to 0 and are left out */
    free(text);
    tree_free(&t);
    profile_free(&p);
}

static void test_eventlog_stacks(void)
{
    struct profile el = { 0 }, hp = { 0 };
    read_file(&el, "icicle/where-hc-L5000.eventlog");
    read_file(&hp, "icicle/where-hc-L5000.hp");
    CHECK(el.stacks != NULL);
    /* only when asked: a graph needs no frames */
    struct profile plain = { 0 };
    char where[1024];
    snprintf(where, sizeof where, "%s/icicle/where-hc-L5000.eventlog", fixture_testdata());
    int fd = open(where, O_RDONLY);
    struct hp_error e2;
    CHECK(fd >= 0 && profile_read(&plain, fd, where, NULL, &e2) == 0 && plain.stacks == NULL);
    if (fd >= 0)
        close(fd);
    profile_free(&plain);
    CHECK(profile_breakdown(&el) == BY_COST_CENTRE);
    CHECK(profile_breakdown(&hp) == BY_COST_CENTRE);
    struct tree te, th;
    build(&te, &el, 1);
    build(&th, &hp, 1);
    const char *io[] = { "main", "main.\\", "io/read" };
    CHECK(path(&te, io, 3) != TREE_NONE); /* one frame from the log */
    const char *io2[] = { "main", "main.\\", "read", "io" };
    CHECK(path(&th, io2, 4) != TREE_NONE); /* two from the .hp's text */
    const char *op[] = { "main", "main.\\", "</>" }, *op2[] = { "main", "main.\\", "<//>" };
    CHECK(path(&te, op, 3) != TREE_NONE && path(&th, op, 3) != TREE_NONE);
    CHECK(path(&te, op2, 3) != TREE_NONE && path(&th, op2, 3) != TREE_NONE);
    /* the .hp's stack is 305 deep; the log's its innermost 255, cut */
    CHECK_INT(th.depth, 305);
    CHECK(!th.cut_names && !th.cut_log);
    CHECK(te.cut_log);
    CHECK_INT(te.depth, 256);
    uint32_t cut = child(&te, 0, NODE_CUT, "");
    CHECK(cut != TREE_NONE && child(&te, cut, NODE_FRAME, "d49") != TREE_NONE);
    /* the same census in both (the log has no empty one at 0) */
    struct moment m = { MOMENT_PEAK, 0 };
    struct hp_error err;
    CHECK(tree_fill(&te, 0, &el, &m, &err) == 0 && tree_fill(&th, 0, &hp, &m, &err) == 0);
    CHECK_NEAR(te.node[0].value[0], th.node[0].value[0], 0);
    CHECK(sums_hold(&te, 0) && sums_hold(&th, 0));
    CHECK_NEAR(te.node[child(&te, 0, NODE_CUT, "")].value[0],
               th.node[path(&th, (const char *[]){ "main", "main.\\", "d1" }, 3)].value[0], 0);
    size_t lines;
    char *text = folded(&te);
    CHECK_NEAR(folded_sum(text, 0, &lines), (double)te.census[0].total_bytes, 0);
    CHECK(strstr(text, "main;main.\\;io/read ") != NULL);
    CHECK(strstr(text, "\n[cut] \xE2\x80\xA6;d49;d50;") != NULL);
    free(text);
    tree_free(&te);
    tree_free(&th);
    profile_free(&el);
    profile_free(&hp);
}

static void test_sources_and_flat(void)
{
    struct profile p = { 0 };
    read_file(&p, "eventlog-ghc-9.10/newer-hi.eventlog");
    struct tree t;
    build(&t, &p, 1);
    CHECK(t.kind == TREE_SOURCES);
    uint32_t mod = child(&t, 0, NODE_MODULE, "Main");
    uint32_t file = mod == TREE_NONE ? TREE_NONE : child(&t, mod, NODE_FILE, "newer.hs");
    uint32_t span = file == TREE_NONE ? TREE_NONE : child(&t, file, NODE_SPAN, "25:17-33");
    CHECK(span != TREE_NONE && child(&t, span, NODE_CLOSURE, "Leaf (build)") != TREE_NONE);
    uint32_t none = child(&t, 0, NODE_NO_SOURCE, "");
    CHECK(none != TREE_NONE && child(&t, none, NODE_NAME, "0x484160") != TREE_NONE);
    fill(&t, 0, &p, MOMENT_PEAK, 0);
    CHECK(sums_hold(&t, 0));
    CHECK(tree_flat_reason(&t) == NULL);
    tree_free(&t);
    profile_free(&p);

    struct profile y = { 0 };
    read_file(&y, "leakmean-hy.hp");
    build(&t, &y, 1);
    CHECK(t.kind == TREE_FLAT);
    CHECK(tree_flat_reason(&t) && strstr(tree_flat_reason(&t), "-hy"));
    CHECK_INT(t.depth, 1);
    CHECK_INT(tree_child_count(&t, 0), y.names.count);
    tree_free(&t);
    profile_free(&y);
}

static void test_diff(void)
{
    struct profile p[2] = { { 0 }, { 0 } };
    fixture_parse(&p[0], "BEGIN_SAMPLE 0\n(301)table/main\t10\n(302)x/main\t5\nEND_SAMPLE 0\n");
    fixture_parse(&p[1], "BEGIN_SAMPLE 0\n(304)table/main\t30\n(305)y/main\t1\nEND_SAMPLE 0\n");
    struct tree t;
    build(&t, p, 2);
    const char *table[] = { "main", "table" };
    uint32_t n = path(&t, table, 2);
    CHECK(n != TREE_NONE && t.leaf[0][0] == n && t.leaf[1][0] == n);
    fill(&t, 0, &p[0], MOMENT_PEAK, 0);
    fill(&t, 1, &p[1], MOMENT_PEAK, 0);
    CHECK_NEAR(t.node[n].value[0], 10, 0);
    CHECK_NEAR(t.node[n].value[1], 30, 0);
    char *text = folded(&t);
    CHECK(strstr(text, "main;table 10 30\n") != NULL);
    CHECK(strstr(text, "main;x 5 0\n") != NULL);
    CHECK(strstr(text, "main;y 0 1\n") != NULL);
    size_t lines;
    CHECK_NEAR(folded_sum(text, 1, &lines), 15, 0);
    CHECK_NEAR(folded_sum(text, 0, &lines), 31, 0);
    free(text);
    tree_free(&t);
    /* two breakdowns cannot be compared */
    profile_free(&p[1]);
    read_file(&p[1], "leakmean-hy.hp");
    struct hp_error err;
    CHECK(tree_build(&t, p, NULL, 2, &err) < 0);
    CHECK(strstr(err.text, "break the heap down differently") != NULL);
    tree_free(&t);
    profile_free(&p[0]);
    profile_free(&p[1]);
}

/* tree_children: largest first, then by label, whatever the order the
 * names came in; the merge sort past 32 children agrees. */
static void test_order(void)
{
    struct fixture_text body = { 0 };
    fixture_put(&body, "BEGIN_SAMPLE 0\n");
    uint64_t rng = 42;
    for (int i = 0; i < 200; i++)
        fixture_put(&body, "(%d)n%03d/main\t%d\n", i + 1, i, (int)(fixture_rng(&rng) % 50));
    fixture_put(&body, "END_SAMPLE 0\n");
    fixture_put_bytes(&body, "", 1);
    struct profile p = { 0 };
    fixture_parse(&p, body.s);
    free(body.s);
    struct tree t;
    build(&t, &p, 1);
    fill(&t, 0, &p, MOMENT_PEAK, 0);
    uint32_t main_node = child(&t, 0, NODE_FRAME, "main");
    uint32_t *kids = xcalloc(t.count, sizeof *kids);
    size_t n = tree_children(&t, main_node, 0, kids);
    CHECK_INT(n, 200);
    bool ordered = true;
    for (size_t i = 1; i < n; i++) {
        const struct tree_node *a = &t.node[kids[i - 1]], *b = &t.node[kids[i]];
        if (a->value[0] < b->value[0]
            || (a->value[0] == b->value[0] && strcmp(a->label, b->label) > 0))
            ordered = false;
    }
    CHECK(ordered);
    free(kids);
    tree_free(&t);
    profile_free(&p);
}

int main(void)
{
    test_hp_stacks();
    test_values();
    test_window_rounding();
    test_eventlog_stacks();
    test_sources_and_flat();
    test_diff();
    test_order();
    return check_report();
}

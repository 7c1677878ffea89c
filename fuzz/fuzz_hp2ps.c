/* SPDX-License-Identifier: BSD-3-Clause */
/* fuzz_hp2ps.c: a libFuzzer harness for the whole pipeline.
 *
 * One input drives every stage, in memory, through the same code as the
 * program (pipeline.h):
 *
 *   byte 0          options of GHC's hp2ps and the format (see decode_args)
 *   byte 1          --mode, --sort=gradient, --slopes, --x=index, --from/--to
 *   byte 2          --include/--exclude, several profiles, --diff
 *   bytes 3..       the .hp text or an eventlog (told by its first bytes,
 *                   as the program tells them); if it holds a line "%%AUX", everything
 *                   after that line is an .aux file read as with -p; if the
 *                   .hp part holds a line "%%SECOND", the text after it is
 *                   the second profile (else the same text is read twice)
 *   the last byte   XOR '\n', more options (so a file ending in a newline
 *                   gets the defaults); it stays part of the text
 *
 * The option bytes become a command line, which goes through the
 * program's own options_parse and run_options_from; the profiles and
 * the .aux are read from memory, and pipeline_draw (or _several, _diff)
 * makes the layout, which the real cairo writer of the format draws into
 * a stream that discards.  Every input's exports (CSV, JSON) and .aux are
 * written too.  The fonts and the discarding stream are made once in
 * LLVMFuzzerInitialize; everything else is created and freed on every
 * input, so a leak in any stage shows up.
 *
 * The exports are written in every layout (wide, long, bands), and no
 * CSV text cell may begin with what a spreadsheet evaluates.  The drawing
 * of an odd-length input goes through output.c under a path whose kind
 * the length chooses (a file, a symbolic link to one, a chain of two, a
 * descriptor spelled as /proc/self/./fd/N), so resolve()'s walk runs;
 * the PostScript writer's tmpfile is tmpfile.c's, and some inputs write
 * their export through a file moved to memory half-way
 * (hp_anonymous_to_memory, as a full /tmp does).
 *
 * With HP2PS_FUZZ_REGRESS=PATH in the environment, an input is not run:
 * its command line and files are written as PATH.args, PATH.hp (.hp2,
 * .hp3, .aux), the regression test tests/hostile.sh replays
 * (fuzz/fuzz.sh --regress).  So the bytes are decoded in one place.
 *
 * Build: make fuzz (see Makefile.am); run: fuzz/fuzz.sh SECONDS.
 */
#include <errno.h>
#include <glib.h>
#include <math.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "output.h"
#include "page/icicle.h"
#include "page/suspects.h"
#include "pipeline.h"
#include "run.h"
#include "read/read.h"
#include "utf8.h"
#include "../tests/profile_same.h"

static struct render_fonts *fonts;
static FILE *sink;
/* A directory of the harness's own: an input of odd length writes its
 * drawing there through output.c (temporary file, commit or abandon), as
 * the program writes every output; the rest write to /dev/null. */
static char out_dir[] = "/tmp/hp2ps-fuzz-out.XXXXXX";

/* --include/--exclude: fixed expressions that keep some names of typical
 * profiles (the CAFs, MAIN) and drop others (GHC.IO.*, PINNED, main's
 * cost centres). */
#define FUZZ_INCLUDE "CAF|MAIN"
#define FUZZ_EXCLUDE "IO"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void remove_out_dir(void)
{
    rmdir(out_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    /* hp_anonymous_to_memory moves a file of /tmp's only when TMPDIR is
     * not chosen */
    unsetenv("TMPDIR");
    /* A pango or cairo warning ("Invalid UTF-8 string passed to
     * pango_layout_set_text") is a bug of ours that hp2ps would print as a
     * second stderr line: make it a crash the fuzzer reports. */
    g_log_set_always_fatal(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);
    fonts = render_fonts_new(NULL);
    sink = fopen("/dev/null", "wb");
    if (!sink || !mkdtemp(out_dir))
        abort();
    atexit(remove_out_dir);
    return 0;
}

static const char AUX_SEP[] = "\n%%AUX\n";
static const char SECOND_SEP[] = "\n%%SECOND\n";

/* Every string the layout hands to pango must be valid UTF-8 that every
 * format draws, on one line (utf8.h: no noncharacter, control character
 * or line break, no overlong cluster). */
static void check_utf8(const char *s)
{
    if (!utf8_drawable(s))
        abort();
}

/* Text that is data, not drawn (the HTML page's full band names, read by
 * its script): valid UTF-8, where a name's newlines stay as the profile
 * has them. */
static void check_valid_utf8(const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t k = utf8_sequence_length((const unsigned char *)s + i, n - i);
        if (k == 0)
            abort();
        i += k;
    }
}

static void check_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            abort();
}

/* The page's suspects, OTHER opened and tree (page/suspects.h,
 * page/icicle.h): names valid UTF-8, figures finite, at each sample
 * OTHER's and -t's names listed adding up to at most what they hold and
 * at most as many as they count, and a tree whose parents come first. */
static void check_page_features(const struct page_data_panel *P)
{
    const struct page_suspects *S = P->suspects;
    for (size_t r = 0; S && r < S->nrows; r++) {
        const struct triage_figures *g = &S->row[r].fig;
        double v[] = { g->slope, g->r2, g->held, g->score, g->steady, g->end_share };
        check_valid_utf8(S->row[r].name);
        check_finite(v, sizeof v / sizeof v[0]);
        if (S->row[r].band >= (int64_t)P->nbands)
            abort();
        if (S->row[r].values)
            check_finite(S->row[r].values, P->nsamples);
    }
    const struct page_opened *O = P->opened;
    for (size_t i = 0; O && i < O->nsamples; i++) {
        double sum[2] = { 0, 0 };
        size_t n[2] = { 0, 0 };
        for (size_t e = O->start[i]; e < O->start[i + 1]; e++) {
            if (O->who[e] >= O->nnames)
                abort();
            sum[O->traced[O->who[e]]] += (double)O->value[e];
            n[O->traced[O->who[e]]]++;
        }
        double other = O->other_band >= 0 ? P->value[i * P->nbands + (size_t)O->other_band] : 0;
        double hidden = P->hidden ? P->hidden[i] : 0;
        if (sum[0] > other || sum[1] > hidden || n[0] > O->count[i][0] || n[1] > O->count[i][1])
            abort();
    }
    for (size_t k = 0; O && k < O->nnames; k++)
        check_valid_utf8(O->name[k]);
    const struct page_tree *T = P->tree;
    for (size_t i = 0; T && i < T->nnodes; i++) {
        if (i ? T->parent[i] < 0 || (size_t)T->parent[i] >= i : T->parent[i] != -1)
            abort();
        check_valid_utf8(T->label[i]);
    }
    for (size_t b = 0; T && b < T->nbands; b++)
        if (T->band_node[b] >= (int64_t)T->nnodes)
            abort();
}

/* -o FILE.html's data: units drawable, names valid UTF-8, every number finite, every
 * panel band a band of the key. */
static void check_data(const struct page_data *D)
{
    check_utf8(D->value_unit);
    check_utf8(D->sample_unit);
    for (size_t b = 0; b < D->nbands; b++) {
        check_valid_utf8(D->band[b].name);
        check_finite(D->band[b].box, 4);
    }
    for (size_t k = 0; k < D->npanels; k++) {
        const struct page_data_panel *P = &D->panel[k];
        check_utf8(P->title);
        check_finite(P->plot, 4);
        double scale[4] = { P->t0, P->t_span, P->y_lo, P->y_span };
        check_finite(scale, 4);
        for (size_t b = 0; b < P->nbands; b++)
            if (P->band[b] >= D->nbands)
                abort();
        const double *stat[4] = { P->share, P->peak, P->peak_time, P->slope };
        for (int i = 0; i < 4; i++)
            check_finite(stat[i], P->nbands);
        check_finite(P->t, P->nsamples);
        check_finite(P->value, P->nsamples * P->nbands);
        check_page_features(P);
    }
}

static void check_layout(const struct layout *L, const struct page_data *D)
{
    check_utf8(L->title);
    check_utf8(L->date);
    if (D)
        check_data(D);
    /* and every coordinate finite: a NaN would reach the output as "nan" */
    for (size_t pg = 0; pg < L->npages; pg++)
        for (size_t i = 0; i < L->page[pg].count; i++) {
            const struct prim *pr = &L->page[pg].prim[i];
            if (pr->kind == PRIM_TEXT) {
                check_utf8(pr->text);
                if (!isfinite(pr->x) || !isfinite(pr->y) || !isfinite(pr->angle))
                    abort();
            } else
                for (size_t k = 0; k < 2 * pr->npts; k++)
                    if (!isfinite(pr->pts[k]))
                        abort();
        }
}

/* The layout checked, then drawn: writing to /dev/null cannot fail, so a
 * failure is a drawing error. */
static void check_and_render(const struct layout *L, const struct page_data *D,
                             const struct pipeline_options *po, bool through_output)
{
    check_layout(L, D);
    struct hp_error err;
    if (!through_output) {
        if (render_write(po->fmt, sink, L, D, fonts, &po->render, &err) < 0) {
            fprintf(stderr, "render failed: %s\n", err.text);
            abort();
        }
        return;
    }
    /* the file whole or not at all: written, committed, then removed
     * (every other input of odd length abandons it instead) */
    static unsigned serial;
    char path[sizeof out_dir + 64], file[sizeof out_dir + 32], hop[sizeof out_dir + 32];
    snprintf(file, sizeof file, "%s/out.%s", out_dir, po->fmt->name);
    snprintf(hop, sizeof hop, "%s/hop.%s", out_dir, po->fmt->name);
    /* the kind of path: a file, a link to it, a chain of two links (one
     * relative), our descriptor of /dev/null spelled oddly */
    switch (serial >> 1 & 3) {
    case 0:
        snprintf(path, sizeof path, "%s", file);
        break;
    case 1:
        snprintf(path, sizeof path, "%s/link.%s", out_dir, po->fmt->name);
        if (symlink(file, path) != 0)
            abort();
        break;
    case 2:
        snprintf(path, sizeof path, "%s/chain.%s", out_dir, po->fmt->name);
        if (symlink(file, hop) != 0 || symlink(strrchr(hop, '/') + 1, path) != 0)
            abort();
        break;
    default:
        snprintf(path, sizeof path, "/proc/self/./fd/%d", fileno(sink));
        break;
    }
    struct output out;
    if (output_open(&out, path, NULL, NULL, &err) < 0) {
        fprintf(stderr, "output_open failed: %s\n", err.text);
        abort();
    }
    if (render_write(po->fmt, out.f, L, D, fonts, &po->render, &err) < 0) {
        fprintf(stderr, "render failed: %s\n", err.text);
        abort();
    }
    bool descriptor = (serial >> 1 & 3) == 3;
    if (serial++ & 1) {
        output_abort(&out);
    } else if (output_commit(&out, &err) < 0) {
        fprintf(stderr, "output_commit failed: %s\n", err.text);
        abort();
    } else if (!descriptor && access(file, F_OK) != 0) {
        fprintf(stderr, "committed through %s, but %s is not there\n", path, file);
        abort();
    }
    if (!descriptor) { /* the links stay links: only the file was replaced */
        struct stat st;
        if (strcmp(path, file) != 0 && (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)))
            abort();
        unlink(path);
        unlink(hop);
        unlink(file);
    }
}

/* Split text at the first line sep ("\n%%X\n"): *len becomes the part
 * before it (with its newline); returns the part after it, or NULL. */
static const char *split_at(const char *text, size_t *len, const char *sep, size_t seplen,
                            size_t *rest_len)
{
    for (size_t i = 0; i + seplen <= *len; i++)
        if (memcmp(text + i, sep, seplen) == 0) {
            *rest_len = *len - i - seplen;
            *len = i + 1;
            return text + i + seplen;
        }
    return NULL;
}

/* One input, decoded: a command line and the texts it reads. */
#define FUZZ_MAX_ARGS 40
struct fuzz_input {
    const char *argv[FUZZ_MAX_ARGS];
    int argc;
    bool through_output; /* the drawing goes through output.c (odd length) */
    const char *text[3]; /* the profiles: in.hp, in2.hp, in3.hp */
    size_t len[3];
    size_t nprofiles;
    const char *aux; /* the .aux for -p, or NULL */
    size_t aux_len;
};

static void arg(struct fuzz_input *in, const char *a)
{
    if (in->argc < FUZZ_MAX_ARGS - 1)
        in->argv[in->argc++] = a;
}

/* The option bytes as a command line.
 *   byte 0: bits 0-1 band limit: default, -m0, -m3, -m200; bit 2 -d;
 *           bits 3-4 none, -i, -i-, -t0; bit 5 -c; bits 6-7 format:
 *           PS, --format=eps, --format=html (its SVG is --format=svg's),
 *           --format=png --dpi=4
 *   byte 1: bits 0-1 --mode: stacked, percent, lines, stacked; bit 2
 *           --sort=gradient (given first, so -d and -i still apply); bit 3
 *           --slopes; bit 4 --x=index; bits 5-7 the window: bit 5 --from,
 *           bit 6 --to, bit 7 the values 0.5 and 2 (else 0.02 and 0.035)
 *   byte 2: bit 0 --include=CAF|MAIN; bit 1 --exclude=IO; bits 2-3
 *           profiles: one; two; --diff of two; three; bit 4 --full-stacks;
 *           bit 5 --heap; bit 6 --marks=a|^$; bit 7 --format=pdf (in place
 *           of byte 0's format)
 *   the last byte XOR '\n': bit 0 --units=iec, 1 --pattern, 2 -s, 3 -b,
 *           4 -g, 5 -M, 6 -y, 7 -e300pt
 * What hp2ps refuses on the command line is left out: --slopes with
 * several profiles, --mode with --diff, -p with several. */
static void decode_args(struct fuzz_input *in, unsigned o0, unsigned o1, unsigned o2, unsigned o3)
{
    static const char *const limit[] = { NULL, "-m0", "-m3", "-m200" };
    static const char *const by_name[] = { NULL, "-i", "-i-", "-t0" };
    static const char *const format[] = { NULL, "--format=eps", "--format=html", "--format=png" };
    static const char *const mode[] = { NULL, "--mode=percent", "--mode=lines", NULL };
    static const char *const last[] = { "--units=iec", "--pattern", "-s", "-b",
                                        "-g",          "-M",        "-y", "-e300pt" };
    unsigned profiles = (o2 >> 2) & 3;
    bool several = profiles != 0, diff = profiles == 2;
    in->argc = 0;
    arg(in, "hp2ps");
    if (o1 & 4)
        arg(in, "--sort=gradient");
    if (limit[o0 & 3])
        arg(in, limit[o0 & 3]);
    if (o0 & 4)
        arg(in, "-d");
    if (by_name[(o0 >> 3) & 3])
        arg(in, by_name[(o0 >> 3) & 3]);
    if (o0 & 32)
        arg(in, "-c");
    if (o2 & 128)
        arg(in, "--format=pdf");
    else if (format[o0 >> 6])
        arg(in, format[o0 >> 6]);
    if ((o0 >> 6) == 3 && !(o2 & 128))
        arg(in, "--dpi=4");
    for (unsigned bit = 0; bit < 8; bit++)
        if (o3 & (1u << bit))
            arg(in, last[bit]);
    if (mode[o1 & 3] && !diff)
        arg(in, mode[o1 & 3]);
    if ((o1 & 8) && !several)
        arg(in, "--slopes");
    if (o1 & 16)
        arg(in, "--x=index");
    if (o1 & 32)
        arg(in, o1 & 128 ? "--from=0.5" : "--from=0.02");
    if (o1 & 64)
        arg(in, o1 & 128 ? "--to=2" : "--to=0.035");
    if (o2 & 1)
        arg(in, "--include=" FUZZ_INCLUDE);
    if (o2 & 2)
        arg(in, "--exclude=" FUZZ_EXCLUDE);
    if (diff)
        arg(in, "--diff");
    if (o2 & 16)
        arg(in, "--full-stacks");
    if (o2 & 32)
        arg(in, "--heap");
    if (o2 & 64)
        arg(in, "--marks=a|^$");
    in->nprofiles = profiles == 0 ? 1 : profiles == 3 ? 3 : 2;
    if (several) {
        static const char *const out[] = { "-o", "out.ps", "out.eps", "out.html", "out.png" };
        arg(in, out[0]);
        arg(in, o2 & 128 ? "out.pdf" : out[1 + (o0 >> 6)]);
    }
}

static void decode(struct fuzz_input *in, const uint8_t *data, size_t size)
{
    decode_args(in, data[0], data[1], data[2], (unsigned)data[size - 1] ^ '\n');
    in->through_output = size & 1;
    const char *hp = (const char *)data + 3;
    size_t hp_len = size - 3;
    in->aux = split_at(hp, &hp_len, AUX_SEP, sizeof AUX_SEP - 1, &in->aux_len);
    in->text[0] = in->text[1] = in->text[2] = hp;
    in->len[0] = in->len[1] = in->len[2] = hp_len;
    if (in->nprofiles > 1) {
        in->aux = NULL; /* -p reads one profile's .aux */
        size_t second_len = 0;
        const char *second =
            split_at(hp, &in->len[0], SECOND_SEP, sizeof SECOND_SEP - 1, &second_len);
        in->len[2] = in->len[0];
        if (second) {
            in->text[1] = second;
            in->len[1] = second_len;
        } else {
            in->len[1] = in->len[0];
        }
    }
}

/* HP2PS_FUZZ_REGRESS=PATH: the input as a regression test's files. */
static void write_file(const char *path, const char *suffix, const char *data, size_t len)
{
    char name[4096];
    snprintf(name, sizeof name, "%s%s", path, suffix);
    FILE *f = fopen(name, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        perror(name);
        exit(1);
    }
}

static void write_regression(const struct fuzz_input *in, const char *path)
{
    static const char *const suffix[] = { ".hp", ".hp2", ".hp3" };
    for (size_t k = 0; k < in->nprofiles; k++)
        write_file(path, suffix[k], in->text[k], in->len[k]);
    if (in->aux)
        write_file(path, ".aux", in->aux, in->aux_len);
    char args[1024] = "";
    for (int i = 1; i < in->argc; i++) { /* "-o out.ps": hostile.sh names the files */
        strncat(args, in->argv[i], sizeof args - strlen(args) - 2);
        strcat(args, i + 1 < in->argc ? " " : "\n");
    }
    if (args[0])
        write_file(path, ".args", args, strlen(args));
    exit(0);
}

/* The exports (-o FILE.csv, FILE.json) of a plan, in each layout: they
 * cannot fail in memory, and must be valid UTF-8 whatever the names. */
/* No CSV field begins with what a spreadsheet evaluates (= + - @, tab,
 * CR; a '-' before a digit is a number's), quoted or not. */
static void check_formula_cells(const char *text, size_t len)
{
    bool start = true, quoted = false;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (start && c == '"' && !quoted) {
            quoted = true;
            continue;
        }
        if (start) {
            char next = i + 1 < len ? text[i + 1] : '\0';
            if (c == '=' || c == '+' || c == '@' || c == '\t' || c == '\r'
                || (c == '-' && !(next >= '0' && next <= '9'))) {
                fprintf(stderr, "a CSV cell begins with a formula at byte %zu\n", i);
                abort();
            }
            start = false;
        }
        if (quoted) {
            if (c == '"' && i + 1 < len && text[i + 1] == '"')
                i++;
            else if (c == '"')
                quoted = false;
            continue;
        }
        if (c == ',' || c == '\n')
            start = true;
    }
}

/* Every layout's export, through a file moved to memory after `at`
 * bytes as a full /tmp moves it (hp_anonymous_to_memory): the bytes of
 * the export written to memory. */
static void check_moved(const struct profile *p, const struct band_plan *bp, const char *want,
                        size_t len, size_t at)
{
    int fd = hp_anonymous_file();
    if (fd < 0)
        return;
    if (at > len)
        at = len;
    if (write(fd, want, at) != (ssize_t)at || hp_anonymous_to_memory(fd, ENOSPC) != 0
        || write(fd, want + at, len - at) != (ssize_t)(len - at)) {
        fprintf(stderr, "a file moved to memory after %zu bytes could not be written\n", at);
        abort();
    }
    char *back = malloc(len + 1);
    if (!back || pread(fd, back, len + 1, 0) != (ssize_t)len || memcmp(back, want, len) != 0) {
        fprintf(stderr, "a file moved to memory after %zu of %zu bytes lost some\n", at, len);
        abort();
    }
    free(back);
    close(fd);
    (void)p;
    (void)bp;
}

static void check_exports(const struct profile *p, const struct band_plan *bp, unsigned seed)
{
    struct hp_error err;
    static const enum export_layout layouts[] = { EXPORT_AUTO, EXPORT_WIDE, EXPORT_LONG,
                                                  EXPORT_BANDS };
    static const char *const layout_names[] = { NULL, "wide", "long", "bands" };
    for (int x = 0; x < 8; x++) {
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        const struct export_format *ef = x & 1 ? &export_format_json : &export_format_csv;
        enum export_layout layout = layouts[x >> 1];
        if (!mem || ef->write(mem, p, bp, layout, &err) < 0) {
            fprintf(stderr, "export %s failed: %s\n", ef->name, mem ? err.text : "no memory");
            abort();
        }
        fclose(mem);
        if (!g_utf8_validate(text, (gssize)len, NULL)) {
            fprintf(stderr, "export %s is not valid UTF-8\n", ef->name);
            abort();
        }
        if (!(x & 1))
            check_formula_cells(text, len);
        char said[64];
        snprintf(said, sizeof said, "\"layout\": \"%s\"", layout_names[x >> 1]);
        if ((x & 1) && layout_names[x >> 1] && !strstr(text, said)) {
            fprintf(stderr, "the JSON of layout %s does not say %s\n", layout_names[x >> 1], said);
            abort();
        }
        if (x == (int)(seed % 8))
            check_moved(p, bp, text, len, seed * 7919u % (len + 1));
        free(text);
    }
}

/* --top's answers on any profile: the ranking and OTHER opened at the
 * first and the last census, written in each table format; OTHER's
 * members sum to what bp stacks as OTHER there and -t's to what it
 * leaves out; every table valid UTF-8. */
static void write_tables(const struct toptable *tt)
{
    static const char *const fmts[] = { "txt", "md", "csv", "json" };
    for (size_t k = 0; k < 4; k++) {
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        if (!mem)
            abort();
        toptable_format_find(fmts[k])->write(mem, tt);
        fclose(mem);
        if (!g_utf8_validate(text, (gssize)len, NULL)) {
            fprintf(stderr, "--top as %s is not valid UTF-8\n", fmts[k]);
            abort();
        }
        free(text);
    }
}

static void check_top(const struct profile *p, const struct band_plan *bp,
                      const struct pipeline_options *po)
{
    struct hp_error err;
    struct triage t;
    struct triage_options o = pipeline_top_window(po);
    if (triage_rank(&t, p, &o, &err) == 0) {
        struct toptable tt = { .t = &t, .p = p, .top = po->top_n };
        write_tables(&tt);
        for (size_t i = 1; i < t.nrows; i++)
            if (t.row[i - 1].score < t.row[i].score || !(t.row[i].score >= 0)) {
                fprintf(stderr, "--top: row %zu out of order\n", i);
                abort();
            }
    }
    triage_free(&t);
    struct store_cursor *c = store_cursor_new(p->store);
    int64_t *value = xcalloc(bp->count ? bp->count : 1, sizeof *value);
    struct sample smp;
    for (size_t k = 0; store_cursor_next(c, &smp, &err) == 1; k++) {
        if (k != 0 && k + 1 != p->nsamples)
            continue;
        int64_t traced = 0;
        bands_sum_sample_traced(bp, smp.entry, smp.n, value, &traced);
        struct triage_opened op;
        if (triage_open_other(&op, p, bp, k, &err) < 0) {
            fprintf(stderr, "--top --at: census %zu: %s\n", k, err.text);
            abort();
        }
        int64_t other = bp->count && bp->band[0].is_other ? value[0] : 0, in[2] = { 0, 0 };
        for (size_t i = 0; i < op.n; i++)
            bands_add_value(&in[op.member[i].traced], op.member[i].value);
        if (op.other != other || op.traced != traced || in[0] != other || in[1] != traced) {
            fprintf(stderr, "--top --at: census %zu: OTHER %lld of %lld, -t %lld of %lld\n", k,
                    (long long)in[0], (long long)other, (long long)in[1], (long long)traced);
            abort();
        }
        struct toptable tt = { .opened = &op, .p = p };
        write_tables(&tt);
        triage_opened_free(&op);
    }
    free(value);
    store_cursor_free(c);
}

/* --top's drawing: every name its ranking calls a leak is a band of its
 * own (never -t's, never OTHER's), marked, and the leaks are the top
 * bands (the fuzzer's -m is never negative). */
static void check_leaks_drawn(const struct drawing *d)
{
    const struct band_plan *bp = &d->plan;
    size_t marked = 0, on_top = 0;
    for (size_t b = 0; b < bp->count; b++)
        marked += bp->band[b].leak;
    for (size_t b = bp->count; b-- > 0 && bp->band[b].leak;)
        on_top++;
    size_t leaks = 0;
    for (size_t i = 0; i < d->suspects.nrows; i++) {
        const struct triage_row *r = &d->suspects.row[i];
        if (!r->leak)
            continue;
        leaks++;
        int32_t b = r->id >= 0 && (size_t)r->id < bp->nnames ? bp->band_of_name[r->id] : -1;
        if (b < 0 || !bp->band[b].leak || bp->band[b].is_other) {
            fprintf(stderr, "--top: leak %s is not a band of its own (%d)\n", r->raw, (int)b);
            abort();
        }
    }
    if (marked != leaks || on_top != leaks) {
        fprintf(stderr, "--top: %zu leaks, %zu bands marked, %zu on top\n", leaks, marked, on_top);
        abort();
    }
}

/* The text read again on several threads, with parts so small that a
 * seam falls at nearly every BEGIN_SAMPLE (read/hp.c): the very profile, or
 * the very error, of the reading on one thread (rc, p, err). */
static void check_threads(const struct fuzz_input *in, const struct pipeline_options *po, int rc,
                          const struct profile *p, const struct hp_error *err)
{
    struct parse_options many = po->parse;
    many.threads = 2 + (unsigned)(in->len[0] % 3);
    many.part_min = 1 + in->len[0] % 61;
    struct profile q;
    struct hp_error e2;
    int rc2 = profile_read_buffer(&q, in->text[0], in->len[0], "in.hp", &many, &e2);
    const char *diff = rc2 != rc                    ? "the outcome"
        : rc < 0 && strcmp(err->text, e2.text) != 0 ? "the error"
        : rc == 0                                   ? profile_difference(p, &q)
                                                    : NULL;
    if (diff) {
        fprintf(stderr, "read on %u threads, %s differs: \"%s\" / \"%s\"\n", many.threads, diff,
                rc < 0 ? err->text : "", rc2 < 0 ? e2.text : "");
        abort();
    }
    if (rc2 == 0)
        profile_free(&q);
}

/* The tree of p[0..n) (tree.h; n 2: --diff) at the peak, the end, at
 * 0.03 and over the whole profile: every value finite, every node's
 * value its own and its children's; its icicle checked and drawn (not as
 * the HTML page, which has none), its folded stacks valid UTF-8, their
 * lines adding up to the census's total (a window's, rounded). */
static void check_tree(const struct profile *p, size_t n, const struct pipeline_options *po,
                       bool through_output)
{
    static const struct moment moments[] = {
        { MOMENT_PEAK, 0 }, { MOMENT_END, 0 }, { MOMENT_TIME, 0.03 }, { MOMENT_WINDOW, 0 }
    };
    for (size_t m = 0; m < sizeof moments / sizeof *moments; m++) {
        struct pipeline_options tpo = *po;
        tpo.moment = moments[m];
        tpo.icicle = true;
        struct tree t;
        struct band_plan bp[TREE_PROFILES] = { { 0 }, { 0 } };
        struct hp_error err;
        if (pipeline_tree(&t, bp, p, n, NULL, &tpo, NULL, &err) < 0)
            continue;
        for (size_t k = 0; k < n; k++)
            for (size_t i = t.count; i-- > 0;) {
                const struct tree_node *nd = &t.node[i];
                double sum = nd->self[k];
                for (uint32_t c = nd->child; c != TREE_NONE; c = t.node[c].next)
                    sum += t.node[c].value[k];
                if (!isfinite(nd->value[k]) || fabs(sum - nd->value[k]) > 1e-6 * fabs(sum) + 1e-6)
                    abort();
            }
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        if (!mem || folded_write(mem, &t, &err) < 0)
            abort();
        fclose(mem);
        if (!g_utf8_validate(text, (gssize)len, NULL)) {
            fprintf(stderr, "folded stacks are not valid UTF-8\n");
            abort();
        }
        /* a census's lines add up to its total exactly (held at 2^63-1: not
         * checked), a window's to its total rounded */
        unsigned long long sum = 0;
        for (char *line = text, *nl; line < text + len; line = nl + 1) {
            nl = memchr(line, '\n', (size_t)(text + len - line));
            if (!nl)
                abort();
            char *sp = nl;
            while (sp > line && *sp != ' ')
                sp--;
            if (*sp != ' ')
                abort();
            sum += strtoull(sp + 1, NULL, 10);
        }
        const struct tree_census *c = &t.census[n - 1];
        double want = c->kind == MOMENT_WINDOW ? floor(c->total + 0.5) : (double)c->total_bytes;
        if (!c->clipped && want < 1e15 && (double)sum != want) {
            fprintf(stderr, "folded stacks add up to %llu, the census to %.0f\n", sum, want);
            abort();
        }
        free(text);
        struct layout L;
        struct text_metrics tm = render_text_metrics(fonts);
        if (layout_build_icicle(&L, &t, p, &bp[0], &tpo.layout, &tm, &err) == 0) {
            if (po->fmt->write_page) /* (the page has no icicle view: checked only) */
                check_layout(&L, NULL);
            else
                check_and_render(&L, NULL, po, through_output);
        }
        layout_free(&L);
        tree_free(&t);
        for (size_t k = 0; k < n; k++)
            band_plan_free(&bp[k]);
    }
}

/* One profile: its exports, its drawing, its .aux. */
static void run_one(const struct fuzz_input *in, const struct pipeline_options *po)
{
    struct hp_error err;
    struct aux aux;
    aux_init(&aux);
    const struct aux *saved = NULL;
    if (in->aux && aux_parse_buffer(&aux, in->aux, in->aux_len, "in.aux", &err) == 0)
        saved = &aux;
    struct profile p;
    int rc = profile_read_buffer(&p, in->text[0], in->len[0], "in.hp", &po->parse, &err);
    check_threads(in, po, rc, &p, &err);
    if (rc < 0) {
        aux_free(&aux);
        return;
    }
    struct band_plan bp = { 0 };
    const struct aux *for_plan = saved;
    if (pipeline_plan(&bp, &p, &for_plan, po, &err) == 0) {
        check_exports(&p, &bp, (unsigned)in->len[0]);
        check_top(&p, &bp, po);
    }
    band_plan_free(&bp);
    struct drawing d;
    struct text_metrics tm = render_text_metrics(fonts);
    /* a third of the drawings name the leaks under the title (--top) */
    struct pipeline_options top = *po;
    top.top = in->len[0] % 3 == 0;
    po = &top;
    if (pipeline_draw(&d, &p, saved, po, &tm, &err) == 0) {
        if (po->top)
            check_leaks_drawn(&d);
        check_and_render(&d.layout, d.page, po, in->through_output);
        aux_write(sink, &d.plan, d.x_range, d.stacked_range, po->bands.colour);
        fflush(sink);
        clearerr(sink);
    }
    drawing_free(&d);
    check_tree(&p, 1, po, in->through_output);
    profile_free(&p);
    aux_free(&aux);
}

/* Several profiles, or --diff. */
static void run_many(const struct fuzz_input *in, const struct pipeline_options *po)
{
    static const char *const sources[] = { "in.hp", "in2.hp", "in3.hp" };
    struct hp_error err;
    struct profile p[3];
    memset(p, 0, sizeof p);
    size_t read = 0;
    for (; read < in->nprofiles; read++)
        if (profile_read_buffer(&p[read], in->text[read], in->len[read], sources[read], &po->parse,
                                &err)
            < 0)
            break;
    if (read == in->nprofiles) {
        struct layout L;
        struct page_data *page;
        struct text_metrics tm = render_text_metrics(fonts);
        struct pipeline_options top = *po; /* --diff --top: what grew, named */
        top.top = in->len[0] % 3 == 0;
        int rc = po->diff ? pipeline_draw_diff(&L, &page, p, &top, &tm, NULL, &err)
                          : pipeline_draw_several(&L, &page, p, read, po, &tm, NULL, &err);
        if (rc == 0)
            check_and_render(&L, page, po, in->through_output);
        page_data_free(page);
        layout_free(&L);
        if (po->diff)
            check_tree(p, 2, po, in->through_output);
    }
    if (read == 2) { /* --top BEFORE AFTER */
        struct triage t;
        struct triage_options o[2];
        o[0] = o[1] = pipeline_top_window(po);
        if (triage_rank_two(&t, &p[0], &p[1], o, &err) == 0) {
            struct toptable tt = { .t = &t, .p = &p[1], .before = &p[0], .top = po->top_n };
            write_tables(&tt);
        }
        triage_free(&t);
    }
    for (size_t k = 0; k < read; k++)
        profile_free(&p[k]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    struct fuzz_input in;
    decode(&in, data, size);
    const char *regress = getenv("HP2PS_FUZZ_REGRESS");
    if (regress)
        write_regression(&in, regress);
    /* The command line as the program reads it, with the inputs named. */
    static const char *const names[] = { "in.hp", "in2.hp", "in3.hp" };
    struct fuzz_input cmd = in;
    if (in.aux)
        arg(&cmd, "-p");
    for (size_t k = 0; k < in.nprofiles; k++)
        arg(&cmd, names[k]);
    struct options o;
    struct hp_error err;
    struct pipeline_options po;
    struct name_filter filter = { 0 };
    options_default(&o);
    if (options_parse(&o, cmd.argc, (char **)cmd.argv, &err) < 0
        || run_options_from(&po, &o, &filter, &err) < 0) {
        fprintf(stderr, "the harness made a command line hp2ps refuses: %s\n", err.text);
        abort();
    }
    po.parse.stacks = true; /* an eventlog's -hc stacks, for check_tree */
    if (in.nprofiles == 1)
        run_one(&in, &po);
    else
        run_many(&in, &po);
    name_filter_free(&filter);
    options_free(&o);
    return 0;
}

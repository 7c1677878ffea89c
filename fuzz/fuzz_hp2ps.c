/* fuzz_hp2ps.c: a libFuzzer harness for the whole pipeline.
 *
 * One input drives every stage that main.c wires together, in memory:
 *
 *   byte 0          options of GHC's hp2ps and the format (see decode_options)
 *   byte 1          options of issue 8: --mode, --sort=gradient, --slopes,
 *                   --x=index, --from/--to
 *   byte 2          more of them: --include/--exclude, several profiles, --diff,
 *                   --full-stacks
 *   bytes 3..       the profile: .hp text, or an eventlog (its first bytes
 *                   "hdrb" choose the reader, as in main); if it holds a
 *                   line "%%AUX", everything
 *                   after that line is an .aux file read as with -p; if the
 *                   .hp part holds a line "%%SECOND", the text after it is
 *                   the second profile (else the same text is read twice)
 *   the last byte   XOR '\n', more options (so a file ending in a newline
 *                   gets the defaults); it stays part of the text
 *
 * One profile: read -> (aux) -> bands -> (export) -> series -> layout ->
 * render, as main.c's run().  Several profiles and --diff: the calls of
 * main.c's run_several() and run_diff(), in the same order with the same
 * options.  The render goes through the real cairo writers into a stream
 * that discards, so every drawing call runs but nothing touches the disk.
 * The fonts (pango and fontconfig: slow to create, cached for the life of
 * the process anyway) and the fixed --include/--exclude expressions are
 * made once in LLVMFuzzerInitialize; everything else is created and freed
 * on every input, so a leak in any stage shows up.
 *
 * bench/fuzz.sh --regress turns an input into the same command line (its
 * decoder mirrors this one: keep them in step).
 *
 * Build: make fuzz (see Makefile.am); run: bench/fuzz.sh SECONDS.
 */
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aux.h"
#include "bands.h"
#include "diff.h"
#include "export.h"
#include "filter.h"
#include "layout.h"
#include "reader.h"
#include "render.h"
#include "series.h"
#include "utf8.h"

static struct render_fonts *fonts;
static FILE *sink;

/* --include/--exclude, fixed expressions that keep some names of typical
 * profiles (the CAFs, MAIN) and drop others (GHC.IO.*, PINNED, main's
 * cost centres); index: none, include, exclude, both.  bench/fuzz.sh
 * writes the same expressions. */
#define FUZZ_INCLUDE "CAF|MAIN"
#define FUZZ_EXCLUDE "IO"
static struct name_filter filters[4];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    /* A pango or cairo warning ("Invalid UTF-8 string passed to
     * pango_layout_set_text") is a bug of ours that hp2ps would print as a
     * second stderr line: make it a crash the fuzzer reports. */
    g_log_set_always_fatal(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);
    fonts = render_fonts_new();
    sink = fopen("/dev/null", "wb");
    if (!sink)
        abort();
    const char *include[] = {FUZZ_INCLUDE}, *exclude[] = {FUZZ_EXCLUDE};
    struct hp_error err;
    for (int k = 0; k < 4; k++)
        if (name_filter_compile(&filters[k], include, k & 1, exclude, (k >> 1) & 1, &err) < 0)
            abort();
    return 0;
}

static const char AUX_SEP[] = "\n%%AUX\n";
static const char SECOND_SEP[] = "\n%%SECOND\n";

/* Every string the layout hands to pango must be valid UTF-8. */
static void check_utf8(const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t k = utf8_sequence_length((const unsigned char *)s + i, n - i);
        if (k == 0)
            abort();
        i += k;
    }
}

static void check_layout(const struct layout *L)
{
    check_utf8(L->title);
    check_utf8(L->date);
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
static void check_and_render(const struct layout *L, const struct render_format *fmt)
{
    check_layout(L);
    struct render_settings rs = {.dpi = 4};
    struct hp_error err;
    if (fmt->write(sink, L, fonts, &rs, &err) < 0) {
        fprintf(stderr, "render failed: %s\n", err.text);
        abort();
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

/* What the option bytes say, as main.c's struct options would. */
struct fuzz_options {
    struct band_options bo;
    struct parse_options po;
    struct layout_options lo; /* without the ranges */
    const struct render_format *fmt;
    unsigned nprofiles;       /* 1, or several: 2 or 3 */
    bool diff;                /* --diff (nprofiles 2) */
};

static double choose_range(double measured, bool has_saved, double saved)
{
    double r = measured;
    if (has_saved && saved > r)
        r = saved;
    return r > 0 ? r : 1.0;
}

static void decode_options(struct fuzz_options *fo, unsigned opt, unsigned opt1, unsigned opt2,
                           unsigned opt3)
{
    memset(fo, 0, sizeof *fo);
    /* byte 0:
     *   bits 0-1  band limit: 20 (default), 0 (-m0: no key), 3, 200 (multipage)
     *   bit 2     -d (sort by standard deviation)
     *   bits 3-4  -i: off, ascending, descending; trace 0 when 3
     *   bit 5     -c (colour)
     *   bits 6-7  format: PS, EPS (fitted), SVG, PNG (tiny dpi) */
    static const long limits[4] = {20, 0, 3, 200};
    struct band_options *bo = &fo->bo;
    band_options_default(bo);
    bo->limit = limits[opt & 3];
    bo->sort_stddev = (opt >> 2) & 1;
    unsigned isel = (opt >> 3) & 3;
    bo->sort_name = isel == 1 ? 1 : isel == 2 ? -1 : 0;
    if (isel == 3)
        bo->trace_percent = 0;
    bo->colour = (opt >> 5) & 1;
    fo->fmt = (const struct render_format *[]){
        &render_format_ps, &render_format_eps, &render_format_svg, &render_format_png,
    }[opt >> 6];

    /* byte 1:
     *   bits 0-1  --mode: stacked, percent, lines, stacked
     *   bit 2     --sort=gradient (given first, so -d and -i still apply)
     *   bit 3     --slopes
     *   bit 4     --x=index
     *   bits 5-7  window (always in the sample unit, also with --x=index):
     *             none, --from=0.02, --to=0.035, both (cut the small
     *             profiles of fuzz/corpus), none, --from=0.5, --to=2, both
     *             (cut profiles of a few seconds) */
    enum plot_mode mode = (enum plot_mode[]){MODE_STACKED, MODE_PERCENT, MODE_LINES,
                                             MODE_STACKED}[opt1 & 3];
    bo->sort_gradient = (opt1 >> 2) & 1;
    bo->slopes = (opt1 >> 3) & 1;
    fo->po.x_index = (opt1 >> 4) & 1;
    unsigned window = opt1 >> 5;
    fo->po.has_from = window & 1;
    fo->po.has_to = window & 2;
    fo->po.from = window & 4 ? 0.5 : 0.02;
    fo->po.to = window & 4 ? 2.0 : 0.035;

    /* byte 2:
     *   bits 0-1  name filter: none, --include, --exclude, both
     *   bits 2-3  profiles: one; two (FILE FILE); --diff of two; three
     *             (the first, the second, the first again)
     *   bit 4     --full-stacks
     *   bits 5-7  unused */
    bo->filter = &filters[opt2 & 3];
    unsigned profiles = (opt2 >> 2) & 3;
    fo->nprofiles = profiles == 0 ? 1 : profiles == 3 ? 3 : 2;
    fo->diff = profiles == 2;
    fo->po.full_stacks = (opt2 >> 4) & 1;
    /* What hp2ps refuses on the command line, left out here (and by
     * bench/fuzz.sh): --slopes with several profiles, --mode with --diff. */
    if (fo->nprofiles > 1)
        bo->slopes = false;
    if (fo->diff)
        mode = MODE_STACKED;

    /* The last byte, XOR '\n':
     *   bit 0 --units=iec     bit 1 --pattern     bit 2 -s     bit 3 -b
     *   bit 4 -g              bit 5 -M            bit 6 -y     bit 7 -e300pt */
    const struct render_format *fmt = fo->fmt;
    bool eps = opt3 & 128;
    fo->lo = (struct layout_options){
        .title_box = opt3 & 8 ? TITLE_BIG : opt3 & 4 ? TITLE_SMALL : TITLE_AUTO,
        .page = eps || fmt->always_fit ? PAGE_FIT
              : opt3 & 16              ? PAGE_GHOSTVIEW
              : fmt->print_page        ? PAGE_TURNED_A4
                                       : PAGE_LANDSCAPE_A4,
        .fit_width = eps ? 300.0 : 648.0,
        .single_page = eps || !fmt->multipage,
        .multipage = bo->limit > 20 || (opt3 & 32),
        .key = bo->limit != 0,
        .marks = !(opt3 & 64),
        .iec = opt3 & 1,
        .pattern = opt3 & 2,
        .mode = mode,
        .colour = bo->colour,
        .slopes = bo->slopes,
    };
}

/* The exports (-o FILE.csv, FILE.json) of a plan: they cannot fail in
 * memory, and must be valid UTF-8 whatever the names. */
static void check_exports(struct profile *p, const struct band_plan *bp)
{
    struct hp_error err;
    for (int x = 0; x < 2; x++) {
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        const struct export_format *ef = x ? &export_format_json : &export_format_csv;
        if (!mem || ef->write(mem, p, bp, &err) < 0) {
            fprintf(stderr, "export %s failed: %s\n", ef->name, mem ? err.text : "no memory");
            abort();
        }
        fclose(mem);
        if (!g_utf8_validate(text, (gssize)len, NULL)) {
            fprintf(stderr, "export %s is not valid UTF-8\n", ef->name);
            abort();
        }
        free(text);
    }
}

/* main.c's aux_is_foreign, without its warning: an .aux that names none
 * of the bands drawn gives no scales either. */
static bool aux_is_foreign(const struct aux *aux, const struct band_plan *bp)
{
    if (!aux->names.count || !bp->count)
        return false;
    for (size_t b = 0; b < bp->count; b++)
        if (aux_find(aux, bp->band[b].name, strlen(bp->band[b].name)))
            return false;
    return true;
}

/* One profile, as main.c's run(). */
static void run_one(const struct fuzz_options *fo, const char *hp, size_t hp_len,
                    const char *aux_text, size_t aux_len)
{
    struct hp_error err;
    struct aux aux;
    aux_init(&aux);
    bool have_aux = false;
    if (aux_text)
        have_aux = aux_parse_buffer(&aux, aux_text, aux_len, "in.aux", &err) == 0;

    struct profile p;
    if (profile_read_buffer(&p, hp, hp_len, "in.hp", &fo->po, &err) < 0) {
        aux_free(&aux);
        return;
    }
    struct band_options bo = fo->bo;
    bo.aux = have_aux ? &aux : NULL;
    const struct render_format *fmt = fo->fmt;

    struct band_plan bp;
    memset(&bp, 0, sizeof bp);
    struct series s;
    memset(&s, 0, sizeof s);
    struct layout L;
    memset(&L, 0, sizeof L);

    if (bands_plan(&bp, &p, &bo, &err) < 0)
        goto done;
    if (have_aux && aux_is_foreign(&aux, &bp))
        have_aux = false;
    check_exports(&p, &bp);
    if (series_build_mode(&s, &p, &bp, series_columns(bp.count), fo->lo.mode, &err) < 0)
        goto done;

    /* The .aux keeps the stacked scale whatever --mode draws (main.c). */
    double stacked_y_range = choose_range(s.y_max, have_aux && aux.has_y_range, aux.y_range);
    struct layout_options lo = fo->lo;
    lo.x_range = choose_range(p.t_last - p.t_first, have_aux && aux.has_x_range, aux.x_range);
    lo.y_range = lo.mode == MODE_STACKED ? stacked_y_range : choose_range(s.plot_max, false, 0);
    series_simplify(&s, lo.y_range);
    struct text_metrics tm = render_text_metrics(fonts);
    if (layout_build(&L, &p, &bp, &s, &lo, &tm, &err) < 0)
        goto done;
    check_and_render(&L, fmt);
    /* and the .aux writer, as main does after a successful drawing */
    bands_write_aux(sink, &bp, lo.x_range, stacked_y_range, bo.colour);
    fflush(sink);
    clearerr(sink);
done:
    layout_free(&L);
    series_free(&s);
    band_plan_free(&bp);
    profile_free(&p);
    aux_free(&aux);
}

/* main.c's load_profile: parsed and its bands chosen with the flags of a
 * single profile, but limit for the band limit. */
static int load_profile(struct profile *p, struct band_plan *bp, const char *text, size_t len,
                        const char *source, const struct fuzz_options *fo, long limit,
                        struct hp_error *err)
{
    if (profile_read_buffer(p, text, len, source, &fo->po, err) < 0)
        return -1;
    struct band_options bo = fo->bo;
    bo.limit = limit;
    return bands_plan(bp, p, &bo, err);
}

/* Several profiles (FILE FILE...), as main.c's run_several(). */
static void run_several(const struct fuzz_options *fo, const char *const *text,
                        const size_t *len, size_t n)
{
    static const char *const sources[] = {"in.hp", "in2.hp", "in3.hp"};
    struct hp_error err;
    struct profile p[3];
    struct band_plan bp[3];
    struct series s[3];
    struct layout_panel panel[3];
    memset(p, 0, sizeof p);
    memset(bp, 0, sizeof bp);
    memset(s, 0, sizeof s);
    struct band_plan key = {0};
    struct layout L = {0};
    enum plot_mode mode = fo->lo.mode;
    double span = 0, peak = 0;
    for (size_t k = 0; k < n; k++)
        if (load_profile(&p[k], &bp[k], text[k], len[k], sources[k], fo, fo->bo.limit, &err) < 0)
            goto done;
    bands_share_shades(bp, n, fo->bo.colour);
    bands_union(&key, bp, n);
    for (size_t k = 0; k < n; k++) {
        if (series_build_mode(&s[k], &p[k], &bp[k], series_columns(bp[k].count), mode,
                              &err) < 0)
            goto done;
        span = fmax(span, p[k].t_last - p[k].t_first);
        peak = fmax(peak, mode == MODE_STACKED ? s[k].y_max : s[k].plot_max);
        panel[k] = (struct layout_panel){&p[k], &bp[k], &s[k]};
    }
    struct layout_options lo = fo->lo;
    lo.x_range = choose_range(span, false, 0);
    lo.y_range = choose_range(peak, false, 0);
    for (size_t k = 0; k < n; k++)
        series_simplify(&s[k], lo.y_range);
    struct text_metrics tm = render_text_metrics(fonts);
    if (layout_build_panels(&L, panel, n, &key, &lo, &tm, &err) < 0)
        goto done;
    check_and_render(&L, fo->fmt);
done:
    layout_free(&L);
    band_plan_free(&key);
    for (size_t k = 0; k < n; k++) {
        series_free(&s[k]);
        band_plan_free(&bp[k]);
        profile_free(&p[k]);
    }
}

/* --diff BEFORE AFTER, as main.c's run_diff(). */
static void run_diff(const struct fuzz_options *fo, const char *const *text, const size_t *len)
{
    static const char *const sources[] = {"in.hp", "in2.hp"};
    struct hp_error err;
    struct profile p[2];
    struct band_plan bp[2];
    memset(p, 0, sizeof p);
    memset(bp, 0, sizeof bp);
    struct diff d = {0};
    struct layout L = {0};
    for (size_t k = 0; k < 2; k++)
        if (load_profile(&p[k], &bp[k], text[k], len[k], sources[k], fo, 0, &err) < 0)
            goto done;
    if (diff_build(&d, &p[0], &bp[0], &p[1], &bp[1], fo->bo.limit, fo->bo.colour, &err) < 0)
        goto done;
    struct layout_options lo = fo->lo;
    lo.x_range = choose_range(d.span, false, 0);
    lo.y_range = choose_range(d.y_max - d.y_min, false, 0);
    struct text_metrics tm = render_text_metrics(fonts);
    if (layout_build_diff(&L, &p[0], &p[1], &d, &lo, &tm, &err) < 0)
        goto done;
    check_and_render(&L, fo->fmt);
done:
    layout_free(&L);
    diff_free(&d);
    for (size_t k = 0; k < 2; k++) {
        band_plan_free(&bp[k]);
        profile_free(&p[k]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    struct fuzz_options fo;
    decode_options(&fo, data[0], data[1], data[2], (unsigned)data[size - 1] ^ '\n');
    const char *hp = (const char *)data + 3;
    size_t hp_len = size - 3;

    /* The .aux part, when there is one (only a single profile reads it:
     * hp2ps refuses -p with several). */
    size_t aux_len = 0;
    const char *aux_text = split_at(hp, &hp_len, AUX_SEP, sizeof AUX_SEP - 1, &aux_len);
    if (fo.nprofiles == 1) {
        run_one(&fo, hp, hp_len, aux_text, aux_len);
        return 0;
    }
    /* Several profiles: the first, the second (or the first again), and
     * for three the first once more. */
    size_t second_len = 0;
    const char *second = split_at(hp, &hp_len, SECOND_SEP, sizeof SECOND_SEP - 1, &second_len);
    if (!second) {
        second = hp;
        second_len = hp_len;
    }
    const char *text[3] = {hp, second, hp};
    size_t len[3] = {hp_len, second_len, hp_len};
    if (fo.diff)
        run_diff(&fo, text, len);
    else
        run_several(&fo, text, len, fo.nprofiles);
    return 0;
}

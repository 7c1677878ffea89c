/* fuzz_hp2ps.c: a libFuzzer harness for the whole pipeline.
 *
 * One input drives every stage that main.c wires together, in memory:
 *
 *   byte 0          which options to use (see below)
 *   bytes 1..       the .hp text; if it holds a line "%%AUX", everything
 *                   after that line is an .aux file read as with -p
 *   the last byte   XOR '\n', more options (so a file ending in a newline
 *                   gets the defaults); it stays part of the text
 *
 * parse -> (aux) -> bands -> (export) -> series -> layout -> render.  The render goes
 * through the real cairo writers into a stream that discards, so every
 * drawing call runs but nothing touches the disk.  The fonts (pango and
 * fontconfig: slow to create, cached for the life of the process anyway)
 * are made once in LLVMFuzzerInitialize; everything else is created and
 * freed on every input, so a leak in any stage shows up.
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
#include "export.h"
#include "layout.h"
#include "parse.h"
#include "render.h"
#include "series.h"
#include "utf8.h"

static struct render_fonts *fonts;
static FILE *sink;

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
    return 0;
}

static const char AUX_SEP[] = "\n%%AUX\n";

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned opt = data[0];
    const char *hp = (const char *)data + 1;
    size_t hp_len = size - 1;

    /* The .aux part, when there is one. */
    const char *aux_text = NULL;
    size_t aux_len = 0;
    for (size_t i = 0; i + sizeof AUX_SEP - 1 <= hp_len; i++) {
        if (memcmp(hp + i, AUX_SEP, sizeof AUX_SEP - 1) == 0) {
            aux_text = hp + i + sizeof AUX_SEP - 1;
            aux_len = hp_len - i - (sizeof AUX_SEP - 1);
            hp_len = i + 1; /* keep the newline that ended the .hp part */
            break;
        }
    }

    struct hp_error err;
    struct aux aux;
    aux_init(&aux);
    bool have_aux = false;
    if (aux_text)
        have_aux = aux_parse_buffer(&aux, aux_text, aux_len, "fuzz.aux", &err) == 0;

    struct profile p;
    if (profile_parse_buffer(&p, hp, hp_len, "fuzz.hp", NULL, &err) < 0) {
        aux_free(&aux);
        return 0;
    }

    /* Option sets, from byte 0:
     *   bits 0-1  band limit: 20 (default), 0 (-m0: no key), 3, 200 (multipage)
     *   bit 2     -d (sort by standard deviation)
     *   bits 3-4  -i: off, ascending, descending; trace 0 when 3
     *   bit 5     -c (colour)
     *   bits 6-7  format: PS, EPS (fitted), SVG, PNG (tiny dpi) */
    static const long limits[4] = {20, 0, 3, 200};
    struct band_options bo;
    band_options_default(&bo);
    bo.limit = limits[opt & 3];
    bo.sort_stddev = (opt >> 2) & 1;
    unsigned isel = (opt >> 3) & 3;
    bo.sort_name = isel == 1 ? 1 : isel == 2 ? -1 : 0;
    if (isel == 3)
        bo.trace_percent = 0;
    bo.colour = (opt >> 5) & 1;
    bo.aux = have_aux ? &aux : NULL;
    const struct render_format *fmt = (const struct render_format *[]){
        &render_format_ps, &render_format_eps, &render_format_svg, &render_format_png,
    }[opt >> 6];

    struct band_plan bp;
    memset(&bp, 0, sizeof bp);
    struct series s;
    memset(&s, 0, sizeof s);
    struct layout L;
    memset(&L, 0, sizeof L);

    if (bands_plan(&bp, &p, &bo, &err) < 0)
        goto done;
    /* The exports (-o FILE.csv, FILE.json) of the same plan: they cannot
     * fail in memory, and must be valid UTF-8 whatever the names. */
    for (int x = 0; x < 2; x++) {
        char *text = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&text, &len);
        const struct export_format *ef = x ? &export_format_json : &export_format_csv;
        if (!mem || ef->write(mem, &p, &bp, &err) < 0) {
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
    if (series_build(&s, &p, &bp, series_columns(bp.count), &err) < 0)
        goto done;

    double xr = p.t_last - p.t_first, yr = s.y_max;
    if (have_aux && aux.has_x_range && aux.x_range > xr)
        xr = aux.x_range;
    if (have_aux && aux.has_y_range && aux.y_range > yr)
        yr = aux.y_range;
    /* The last byte, XOR '\n':
     *   bit 0 --units=iec     bit 1 --pattern     bit 2 -s     bit 3 -b
     *   bit 4 -g              bit 5 -M            bit 6 -y     bit 7 -e300pt */
    unsigned opt2 = (unsigned)data[size - 1] ^ '\n';
    bool eps = opt2 & 128;
    struct layout_options lo = {
        .title_box = opt2 & 8 ? TITLE_BIG : opt2 & 4 ? TITLE_SMALL : TITLE_AUTO,
        .page = eps || fmt->always_fit ? PAGE_FIT
              : opt2 & 16              ? PAGE_GHOSTVIEW
              : fmt->print_page        ? PAGE_TURNED_A4
                                       : PAGE_LANDSCAPE_A4,
        .fit_width = eps ? 300.0 : 648.0,
        .single_page = eps || !fmt->multipage,
        .multipage = bo.limit > 20 || (opt2 & 32),
        .key = bo.limit != 0,
        .marks = !(opt2 & 64),
        .iec = opt2 & 1,
        .pattern = opt2 & 2,
        .x_range = xr > 0 ? xr : 1.0,
        .y_range = yr > 0 ? yr : 1.0,
    };
    series_simplify(&s, lo.y_range);
    struct text_metrics tm = render_text_metrics(fonts);
    if (layout_build(&L, &p, &bp, &s, &lo, &tm, &err) < 0)
        goto done;
    check_layout(&L);
    struct render_settings rs = {.dpi = 4};
    /* Writing to /dev/null cannot fail: a failure is a drawing error. */
    if (fmt->write(sink, &L, fonts, &rs, &err) < 0) {
        fprintf(stderr, "render failed: %s\n", err.text);
        abort();
    }
    /* and the .aux writer, as main does after a successful drawing */
    bands_write_aux(sink, &bp, lo.x_range, lo.y_range, bo.colour);
    fflush(sink);
    clearerr(sink);
done:
    layout_free(&L);
    series_free(&s);
    band_plan_free(&bp);
    profile_free(&p);
    aux_free(&aux);
    return 0;
}

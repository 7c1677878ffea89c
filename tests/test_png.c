/* SPDX-License-Identifier: BSD-3-Clause */
/* test_png.c: the PNG writer (render/png.c) writes exactly the pixels
 * cairo draws.
 *
 * Each case draws a profile through the pipeline, writes the PNG, reads
 * it back with libpng, and compares every pixel with the same layout
 * drawn the way hp2ps drew PNGs before it wrote them itself (a cairo
 * image surface painted white): the same picture, whatever the PNG
 * colour type, filter or compression.  A graph with no colour is an
 * 8-bit grey PNG, one with colour 8-bit RGB; and a PNG that cannot be
 * written is an error, not a crash or a leak.
 *
 * hp2ps draws a PNG in strips while a second thread writes the rows
 * drawn: the reference above is one whole page, and each case is also
 * written on one thread (HP2PS_THREADS=1), which must give the same
 * bytes.  A title with glyphs only a colour emoji font has is colour in
 * a graph the layout drew grey: where such a font is installed, the file
 * begun as grey must be written again as RGB.  A real profile
 * (tests/data/deepstack-hr-L60.hp, -c -m0) is one whose strips, drawn
 * without their margins, differed from the whole page in a few pixels of
 * their edge rows.
 */
#include "check.h"
#include "fixture.h"
#include "pipeline.h"
#include "run.h"

#include <cairo.h>
#include <png.h>
#include <stdlib.h>

/* Four bands that change over time, a MARK, and a title to set. */
static const char profile_text[] =
    "JOB \"png test +RTS -hc\"\n"
    "DATE \"Thu Jan  1 00:00 1970\"\n"
    "SAMPLE_UNIT \"seconds\"\n"
    "VALUE_UNIT \"bytes\"\n"
    "MARK 0.15\n"
    "BEGIN_SAMPLE 0.00\nEND_SAMPLE 0.00\n"
    "BEGIN_SAMPLE 0.10\nMain.build\t40000\nData.Map.insert\t20000\nARR_WORDS\t9000\nCAF\t3000\n"
    "END_SAMPLE 0.10\n"
    "BEGIN_SAMPLE 0.20\nMain.build\t90000\nData.Map.insert\t30000\nARR_WORDS\t12000\nCAF\t3000\n"
    "END_SAMPLE 0.20\n"
    "BEGIN_SAMPLE 0.30\nMain.build\t60000\nData.Map.insert\t55000\nARR_WORDS\t8000\nCAF\t3000\n"
    "END_SAMPLE 0.30\n"
    "BEGIN_SAMPLE 0.40\nEND_SAMPLE 0.40\n";

/* The same with a job name whose glyphs DejaVu Sans lacks (a crab, a
 * pizza): a fallback font draws them, in colour if it is a colour emoji
 * font. */
static const char emoji_text[] =
    "JOB \"\xF0\x9F\xA6\x80\xF0\x9F\x8D\x95 emoji +RTS -hc\"\n"
    "DATE \"Thu Jan  1 00:00 1970\"\n"
    "SAMPLE_UNIT \"seconds\"\n"
    "VALUE_UNIT \"bytes\"\n"
    "BEGIN_SAMPLE 0.00\nEND_SAMPLE 0.00\n"
    "BEGIN_SAMPLE 0.10\nMain.build\t40000\nCAF\t3000\nEND_SAMPLE 0.10\n"
    "BEGIN_SAMPLE 0.20\nMain.build\t10000\nCAF\t3000\nEND_SAMPLE 0.20\n";

/* A decoded picture: 8-bit red, green, blue, row after row. */
struct picture {
    int width, height;
    int colour_type; /* as the file says: PNG_COLOR_TYPE_GRAY or _RGB */
    unsigned char *rgb;
};

static bool read_png(FILE *f, struct picture *pic)
{
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    bool ok = false;
    if (info && setjmp(png_jmpbuf(png)) == 0) {
        png_init_io(png, f);
        png_read_info(png, info);
        pic->width = (int)png_get_image_width(png, info);
        pic->height = (int)png_get_image_height(png, info);
        pic->colour_type = png_get_color_type(png, info);
        if (pic->colour_type == PNG_COLOR_TYPE_GRAY)
            png_set_gray_to_rgb(png);
        png_read_update_info(png, info);
        if (png_get_bit_depth(png, info) == 8 && png_get_channels(png, info) == 3
            && png_get_interlace_type(png, info) == PNG_INTERLACE_NONE) {
            pic->rgb = xmalloc((size_t)pic->width * (size_t)pic->height * 3);
            for (int y = 0; y < pic->height; y++)
                png_read_row(png, pic->rgb + (size_t)y * (size_t)pic->width * 3, NULL);
            png_read_end(png, NULL);
            ok = true;
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    return ok;
}

/* The layout drawn as hp2ps drew PNGs with cairo's own writer. */
static cairo_surface_t *draw_reference(const struct layout *L, struct render_fonts *fonts,
                                       double dpi)
{
    double scale = dpi / 72;
    cairo_surface_t *s = cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, (int)ceil(L->page_width * scale), (int)ceil(L->page_height * scale));
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_set_device_scale(s, scale, scale);
    struct hp_error err;
    CHECK(render_pages(s, L, fonts, &err) == 0);
    cairo_surface_flush(s);
    return s;
}

/* How many pixels of pic differ from the reference surface. */
static long differing_pixels(const struct picture *pic, cairo_surface_t *ref)
{
    if (pic->width != cairo_image_surface_get_width(ref)
        || pic->height != cairo_image_surface_get_height(ref))
        return -1;
    const unsigned char *data = cairo_image_surface_get_data(ref);
    int stride = cairo_image_surface_get_stride(ref);
    long bad = 0;
    for (int y = 0; y < pic->height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        const unsigned char *p = pic->rgb + (size_t)y * (size_t)pic->width * 3;
        for (int x = 0; x < pic->width; x++, p += 3) {
            uint32_t v = row[x];
            if (p[0] != ((v >> 16) & 0xff) || p[1] != ((v >> 8) & 0xff) || p[2] != (v & 0xff))
                bad++;
        }
    }
    return bad;
}

/* The layout for hp2ps ARGS... -o x.png, or false. */
static bool draw(const char *const *args, size_t nargs, const char *text, struct drawing *d,
                 struct pipeline_options *po, struct render_fonts *fonts)
{
    char *argv[16] = { "hp2ps" };
    int argc = 1;
    for (size_t i = 0; i < nargs && argc < 13; i++)
        argv[argc++] = (char *)args[i];
    argv[argc++] = "-o";
    argv[argc++] = "x.png";
    struct options o;
    struct name_filter filter = { 0 };
    struct hp_error err;
    struct profile p = { 0 };
    options_default(&o);
    bool ok = CHECK(options_parse(&o, argc, argv, &err) == 0)
        && CHECK(run_options_from(po, &o, &filter, &err) == 0)
        && CHECK(po->fmt == &render_format_png)
        && CHECK(profile_parse_buffer(&p, text, strlen(text), "png.hp", &po->parse, &err) == 0);
    if (ok) {
        struct text_metrics tm = render_text_metrics(fonts);
        ok = CHECK(pipeline_draw(d, &p, NULL, po, &tm, &err) == 0);
    }
    if (!ok)
        fprintf(stderr, "  %s\n", err.text);
    profile_free(&p);
    name_filter_free(&filter);
    options_free(&o);
    return ok;
}

/* Does cairo's surface hold a pixel that is not grey? */
static bool surface_has_colour(cairo_surface_t *s)
{
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < cairo_image_surface_get_height(s); y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < cairo_image_surface_get_width(s); x++)
            if ((row[x] ^ (row[x] >> 8)) & 0xffff)
                return true;
    }
    return false;
}

/* Do f and g hold the same bytes? */
static bool same_bytes(FILE *f, FILE *g)
{
    rewind(f);
    rewind(g);
    int a, b;
    do {
        a = getc(f);
        b = getc(g);
    } while (a == b && a != EOF);
    return a == b;
}

/* Draw text with args, write the PNG as hp2ps does, compare its pixels
 * with cairo's and its bytes with the PNG written on one thread.
 * colour_type: the PNG's; -1: RGB if cairo drew colour, else grey. */
static void check_case(const char *what, const char *const *args, size_t nargs, const char *text,
                       int colour_type, struct render_fonts *fonts)
{
    struct drawing d = { 0 };
    struct pipeline_options po;
    if (!draw(args, nargs, text, &d, &po, fonts)) {
        drawing_free(&d);
        return;
    }
    FILE *f = tmpfile(), *one = tmpfile();
    struct hp_error err;
    struct picture pic = { 0 };
    bool written = f && po.fmt->write(f, &d.layout, fonts, &po.render, &err) == 0;
    if (CHECK(written)) {
        rewind(f);
        if (CHECK(read_png(f, &pic))) {
            cairo_surface_t *ref = draw_reference(&d.layout, fonts, po.render.dpi);
            long bad = differing_pixels(&pic, ref);
            if (!CHECK(bad == 0))
                fprintf(stderr, "  %s: %ld pixels differ from cairo's (-1: size)\n", what, bad);
            if (colour_type < 0) {
                colour_type = surface_has_colour(ref) ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY;
                if (colour_type == PNG_COLOR_TYPE_GRAY)
                    fprintf(stderr,
                            "  %s: drawn grey (no colour emoji font): the grey-then-RGB "
                            "path is not tried\n",
                            what);
            }
            if (!CHECK(pic.colour_type == colour_type))
                fprintf(stderr, "  %s: PNG colour type %d, expected %d\n", what, pic.colour_type,
                        colour_type);
            cairo_surface_destroy(ref);
        }
        po.render.threads = 1;
        if (CHECK(one && po.fmt->write(one, &d.layout, fonts, &po.render, &err) == 0)
            && !CHECK(same_bytes(f, one)))
            fprintf(stderr, "  %s: the PNG written on one thread differs\n", what);
    } else
        fprintf(stderr, "  %s: %s\n", what, f ? err.text : "no temporary file");
    if (f)
        fclose(f);
    if (one)
        fclose(one);
    free(pic.rgb);
    drawing_free(&d);
}

/* A stream that refuses writes: libpng's error comes back as ours. */
static void check_write_error(struct render_fonts *fonts)
{
    static const char *const args[] = { "-c" };
    struct drawing d = { 0 };
    struct pipeline_options po;
    if (!draw(args, 1, profile_text, &d, &po, fonts)) {
        drawing_free(&d);
        return;
    }
    FILE *f = fopen("/dev/null", "rb");
    struct hp_error err = { { 0 } };
    if (CHECK(f != NULL)) {
        CHECK(po.fmt->write(f, &d.layout, fonts, &po.render, &err) == -1);
        CHECK(strstr(err.text, "writing PNG failed") == err.text);
        fclose(f);
    }
    drawing_free(&d);
}

int main(void)
{
    struct render_fonts *fonts = render_fonts_new(&render_format_png);
    static const char *const grey[] = { "--dpi", "60" };
    static const char *const colour[] = { "-c", "--dpi", "60" };
    static const char *const pattern[] = { "-c", "--pattern", "-e8in", "--dpi", "37.5" };
    static const char *const lines[] = { "-c", "--mode=lines", "--dpi", "72" };
    static const char *const grey_hatch[] = { "--pattern", "-e4in", "--dpi", "150" };
    check_case("grey", grey, 2, profile_text, PNG_COLOR_TYPE_GRAY, fonts);
    check_case("-c", colour, 3, profile_text, PNG_COLOR_TYPE_RGB, fonts);
    check_case("-c --pattern -e8in", pattern, 5, profile_text, PNG_COLOR_TYPE_RGB, fonts);
    check_case("-c --mode=lines", lines, 4, profile_text, PNG_COLOR_TYPE_RGB, fonts);
    check_case("--pattern -e4in", grey_hatch, 4, profile_text, PNG_COLOR_TYPE_GRAY, fonts);
    check_case("emoji", grey, 2, emoji_text, -1, fonts);
    static const char *const no_key[] = { "-c", "-m0" };
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/deepstack-hr-L60.hp", fixture_testdata());
    char *deepstack = fixture_read_file(path, &len);
    if (CHECK(deepstack != NULL))
        check_case("deepstack-hr-L60.hp -c -m0", no_key, 2, deepstack, PNG_COLOR_TYPE_RGB, fonts);
    free(deepstack);
    check_write_error(fonts);
    render_fonts_free(fonts);
    return check_report();
}

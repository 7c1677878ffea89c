/* SPDX-License-Identifier: BSD-3-Clause */
/* render_png.c: PNG: cairo draws into an image buffer (antialiased, on
 * white, at --dpi pixels per inch) and libpng writes it.
 *
 * libpng rather than cairo's PNG writer, for two reasons.  The file keeps
 * its size: a pHYs chunk says the resolution, so pdflatex and image
 * viewers show an -e8in graph 8 inches wide, and text chunks say what it
 * is (Title: the JOB; Software; Creation Time from SOURCE_DATE_EPOCH,
 * left out otherwise so the same input gives the same bytes).  And speed:
 * cairo's writer has libpng try all five row filters at zlib level 6,
 * most of the time of a PNG run.  Here every row takes the "up" filter
 * (a graph's flat areas become runs of zeros) at zlib level 3, and a graph
 * without colour is written as an 8-bit grey image, a third of the bytes.
 * Measured on the corpus: a third of the instructions; grey files a third
 * smaller, colour ones a sixth larger (level 4 would keep them as large as
 * before for 30-70 % more instructions).  The pixels are those cairo drew,
 * unchanged (tests/test_png.c). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include "render.h"

#include <cairo.h>
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

/* Larger pictures than this are refused rather than allocated. */
#define PNG_MAX_PIXELS (20000.0 * 20000.0)
/* zlib level: past 3 the files of graphs shrink by little and cost much. */
#define PNG_ZLIB_LEVEL 3

/* The pixel buffer, white.  An A4 page at 150 dpi is 8.7 MB, and
 * touching it in 4 KB pages cost over 2,000 page faults; so the buffer is
 * mapped directly, aligned to and rounded up to whole huge pages (2 MB),
 * and the kernel is asked for huge pages (Linux's transparent huge pages;
 * elsewhere, or when it has none, the same buffer in small pages). */
#define HUGE_PAGE ((size_t)2 << 20)

struct pixels {
    unsigned char *data;
    size_t size;   /* what is mapped at data */
    int width, height, stride;
};

static size_t round_up(size_t n, size_t unit)
{
    return (n + unit - 1) / unit * unit;
}

/* size bytes at an address that is a multiple of HUGE_PAGE, or NULL. */
static void *map_aligned(size_t size)
{
    size_t extra = size + HUGE_PAGE;
    unsigned char *p = mmap(NULL, extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    size_t head = round_up((size_t)(uintptr_t)p, HUGE_PAGE) - (size_t)(uintptr_t)p;
    if (head)
        munmap(p, head);
    if (extra - head - size)
        munmap(p + head + size, extra - head - size);
    return p + head;
}

static bool pixels_new(struct pixels *px, int width, int height)
{
    px->width = width;
    px->height = height;
    px->stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, width);
    size_t bytes = (size_t)px->stride * (size_t)height;
    px->size = round_up(bytes, HUGE_PAGE);
    px->data = map_aligned(px->size);
    if (!px->data)
        return false;
#ifdef MADV_HUGEPAGE
    madvise(px->data, px->size, MADV_HUGEPAGE); /* a hint; may be refused */
#endif
    memset(px->data, 0xff, bytes); /* white, as cairo_paint would make it */
    return true;
}

static void pixels_free(struct pixels *px)
{
    if (px->data)
        munmap(px->data, px->size);
    px->data = NULL;
}

/* Row y: cairo's RGB24 pixels, 0xXXRRGGBB in native 32-bit words (the
 * buffer is page aligned and the stride a multiple of 4). */
static const uint32_t *pixel_row(const struct pixels *px, int y)
{
    return (const uint32_t *)(const void *)(px->data + (size_t)y * (size_t)px->stride);
}

static bool is_grey(struct rgb c)
{
    return c.r == c.g && c.g == c.b;
}

/* Does the layout draw anything in colour?  Text is black. */
static bool layout_has_colour(const struct layout *L)
{
    for (size_t i = 0; i < L->npages; i++)
        for (size_t k = 0; k < L->page[i].count; k++) {
            const struct prim *pr = &L->page[i].prim[k];
            if (pr->kind != PRIM_TEXT && ((pr->filled && !is_grey(pr->fill)) ||
                                          (pr->line_width > 0 && !is_grey(pr->stroke))))
                return true;
        }
    return false;
}

/* Is every pixel a grey (red = green = blue)?  Grey paint on grey gives
 * grey (cairo blends each channel alike, and text is antialiased in grey,
 * never subpixel), so this only confirms what the layout promised. */
static bool pixels_grey(const struct pixels *px)
{
    for (int y = 0; y < px->height; y++) {
        const uint32_t *row = pixel_row(px, y);
        uint32_t odd = 0;
        for (int x = 0; x < px->width; x++)
            odd |= (row[x] ^ (row[x] >> 8)) & 0xffff;
        if (odd)
            return false;
    }
    return true;
}

/* One row of px as PNG samples: grey, or red, green, blue. */
static void pack_row(const struct pixels *px, int y, bool grey, unsigned char *out)
{
    const uint32_t *in = pixel_row(px, y);
    int n = px->width;
    if (grey) {
        for (int x = 0; x < n; x++)
            out[x] = (unsigned char)in[x];
        return;
    }
    for (int x = 0; x < n; x++, out += 3) {
        uint32_t v = in[x];
        out[0] = (unsigned char)(v >> 16);
        out[1] = (unsigned char)(v >> 8);
        out[2] = (unsigned char)v;
    }
}

/* tEXt holds Latin-1 without control characters: an ASCII title goes
 * there, any other (UTF-8) in an iTXt chunk, which PNG readers show the
 * same way. */
static bool is_plain_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
            return false;
    return true;
}

/* What the PNG says about itself; the strings live as long as the write. */
struct png_meta {
    double dpi;
    const char *title;
    char software[64];
    char created[40]; /* "" when SOURCE_DATE_EPOCH is not set */
};

static void png_meta_init(struct png_meta *m, const struct layout *L, double dpi)
{
    m->dpi = dpi;
    m->title = L->title ? L->title : "";
    snprintf(m->software, sizeof m->software, "hp2ps %s", PACKAGE_VERSION);
    m->created[0] = '\0';
    long long epoch = render_source_date_epoch();
    if (epoch >= 0) {
        /* RFC 1123, the form the PNG specification recommends. */
        time_t t = (time_t)epoch;
        struct tm tm;
        gmtime_r(&t, &tm);
        static const char *const day[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
        static const char *const month[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
        snprintf(m->created, sizeof m->created, "%s, %02d %s %d %02d:%02d:%02d +0000",
                 day[tm.tm_wday], tm.tm_mday, month[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour,
                 tm.tm_min, tm.tm_sec);
    }
}

static void set_text(png_text *t, const char *key, const char *text)
{
    memset(t, 0, sizeof *t);
    t->compression = is_plain_ascii(text) ? PNG_TEXT_COMPRESSION_NONE : PNG_ITXT_COMPRESSION_NONE;
    t->key = (png_charp)key;
    t->text = (png_charp)text;
    t->text_length = strlen(text);
}

static void write_header(png_structp png, png_infop info, const struct pixels *px, bool grey,
                         const struct png_meta *m)
{
    png_set_IHDR(png, info, (png_uint_32)px->width, (png_uint_32)px->height, 8,
                 grey ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_uint_32 per_metre = (png_uint_32)lround(m->dpi / 0.0254);
    png_set_pHYs(png, info, per_metre, per_metre, PNG_RESOLUTION_METER);
    png_text text[3];
    int n = 0;
    set_text(&text[n++], "Title", m->title);
    set_text(&text[n++], "Software", m->software);
    if (m->created[0])
        set_text(&text[n++], "Creation Time", m->created);
    png_set_text(png, info, text, n);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_compression_level(png, PNG_ZLIB_LEVEL);
    png_write_info(png, info);
}

/* libpng reports errors by longjmp; its message is kept for ours. */
static void on_png_error(png_structp png, png_const_charp msg)
{
    struct hp_error *err = png_get_error_ptr(png);
    hp_fail(err, "writing PNG failed: %s", msg);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* What write_rows writes: passed by pointer, so that nothing setjmp's
 * caller holds changes between setjmp and a longjmp. */
struct png_job {
    FILE *f;
    const struct pixels *px;
    const struct png_meta *meta;
    bool grey;
    unsigned char *row; /* one packed row */
};

static void write_rows(png_structp png, png_infop info, const struct png_job *job)
{
    png_init_io(png, job->f);
    write_header(png, info, job->px, job->grey, job->meta);
    for (int y = 0; y < job->px->height; y++) {
        pack_row(job->px, y, job->grey, job->row);
        png_write_row(png, job->row);
    }
    png_write_end(png, NULL);
}

static int write_pixels(FILE *f, const struct pixels *px, bool grey, const struct png_meta *m,
                        struct hp_error *err)
{
    struct png_job job = {f, px, m, grey, xmalloc((size_t)px->width * 3)};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, err, on_png_error,
                                              on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    volatile int rc = -1; /* set after setjmp, read after a longjmp */
    if (!info)
        hp_fail(err, "writing PNG failed: out of memory");
    else if (setjmp(png_jmpbuf(png)) == 0) {
        write_rows(png, info, &job);
        rc = 0;
    }
    png_destroy_write_struct(&png, &info);
    free(job.row);
    return rc;
}

static int write_png(FILE *f, const struct layout *L, struct render_fonts *fonts,
                     const struct render_settings *rs, struct hp_error *err)
{
    double scale = rs->dpi / 72;
    double w = ceil(L->page_width * scale), h = ceil(L->page_height * scale);
    if (!(w >= 1 && h >= 1 && w * h <= PNG_MAX_PIXELS))
        return hp_fail(err, "a %.0f x %.0f pixel PNG is too large; lower --dpi or -e", w, h);
    struct pixels px;
    if (!pixels_new(&px, (int)w, (int)h))
        return hp_fail(err, "a %.0f x %.0f pixel PNG does not fit in memory", w, h);
    cairo_surface_t *surface = cairo_image_surface_create_for_data(
        px.data, CAIRO_FORMAT_RGB24, px.width, px.height, px.stride);
    cairo_surface_set_device_scale(surface, scale, scale);
    int rc = render_pages(surface, L, fonts, err);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    if (rc == 0) {
        struct png_meta m;
        png_meta_init(&m, L, rs->dpi);
        rc = write_pixels(f, &px, !layout_has_colour(L) && pixels_grey(&px), &m, err);
    }
    pixels_free(&px);
    return rc;
}

const struct render_format render_format_png = {"png", false, false, false, write_png, false, true};

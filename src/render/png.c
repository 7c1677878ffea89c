/* SPDX-License-Identifier: BSD-3-Clause */
/* render/png.c: PNG: cairo draws into an image buffer (antialiased, on
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
 * without colour is written as an 8-bit grey image, a third of the bytes
 * (what each choice saved and cost on the corpus: bench/HISTORY.md).
 * zlib then looks for runs only (Z_RLE, write_header).  The pixels are those cairo drew,
 * unchanged (tests/test_png.c). */
#include "render.h"

#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <png.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "render/canvas.h"

/* Larger pictures than this are refused rather than allocated. */
#define PNG_MAX_PIXELS (20000.0 * 20000.0)

/* The pixel buffer: white memory (canvas.h), the rows of the strips
 * and the margins between them. */
struct pixels {
    unsigned char *data;
    int width, height, stride;
    int strip_height;   /* rows of a strip (draw_strips); the last may have fewer */
    struct canvas *own; /* the white memory (render/canvas.h) */
};

/* cairo does not draw exactly the same pixels into the first and last
 * rows of a surface that cuts through a shape (the path is clipped there,
 * and so rounded a little differently: up to 7 of 255 in a few pixels of
 * some profiles of the corpus).  So a strip is drawn from this many rows
 * above it to as many below, into rows between the strips that are never
 * written to the file: the strips' rows are then those of the whole
 * page. */
#define STRIP_MARGIN 8

/* Where row y lies in the buffer: after the margins between the strips
 * above it (each strip's margin below is the next one's above). */
static size_t buffer_row(const struct pixels *px, int y)
{
    return (size_t)y + (size_t)(y / px->strip_height) * STRIP_MARGIN;
}

/* Sets px's geometry for a page of width x height pixels drawn in
 * strips strips; the bytes its buffer needs. */
static size_t pixels_shape(struct pixels *px, int width, int height, int strips)
{
    px->width = width;
    px->height = height;
    px->stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, width);
    px->strip_height = (height + strips - 1) / strips;
    return (size_t)px->stride * (buffer_row(px, height - 1) + 1);
}

/* The white buffer for the page. */
static bool pixels_new(struct pixels *px, int width, int height, int strips)
{
    size_t bytes = pixels_shape(px, width, height, strips);
    px->own = canvas_new(bytes);
    px->data = px->own ? px->own->data : NULL;
    return px->own != NULL;
}

static void pixels_free(struct pixels *px)
{
    canvas_free(px->own);
    px->own = NULL;
    px->data = NULL;
}

/* Row y: cairo's RGB24 pixels, 0xXXRRGGBB in native 32-bit words (the
 * buffer is page aligned and the stride a multiple of 4). */
static const uint32_t *pixel_row(const struct pixels *px, int y)
{
    return (const uint32_t *)(const void *)(px->data + buffer_row(px, y) * (size_t)px->stride);
}

/* Does the layout hatch (--pattern)?  The hatching's lines span the
 * clip (render/core.c), so a strip would draw them with other ends: the same
 * lines, but rounded a little differently. */
static bool layout_has_hatching(const struct layout *L)
{
    for (size_t i = 0; i < L->npages; i++)
        for (size_t k = 0; k < L->page[i].count; k++)
            if (L->page[i].prim[k].kind != PRIM_TEXT && L->page[i].prim[k].filled
                && L->page[i].prim[k].hatch)
                return true;
    return false;
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
            if (pr->kind != PRIM_TEXT
                && ((pr->filled && !is_grey(pr->fill))
                    || (pr->line_width > 0 && !is_grey(pr->stroke))))
                return true;
        }
    return false;
}

/* One row of px as PNG samples: red, green, blue. */
static void pack_rgb_row(const struct pixels *px, int y, unsigned char *out)
{
    const uint32_t *in = pixel_row(px, y);
    for (int x = 0; x < px->width; x++, out += 3) {
        uint32_t v = in[x];
        out[0] = (unsigned char)(v >> 16);
        out[1] = (unsigned char)(v >> 8);
        out[2] = (unsigned char)v;
    }
}

#ifdef __SSE2__
/* pack_grey_row 16 pixels at a time, with SSE2 (every x86-64 has it;
 * what it saved: bench/HISTORY.md).  The pixels packed, a multiple of 16; *odd is set if one of
 * them is not a grey. */
static int pack_grey_sse2(const uint32_t *in, int width, unsigned char *out, uint32_t *odd)
{
    const __m128i blue = _mm_set1_epi32(0xff), red_green = _mm_set1_epi32(0xffff);
    __m128i differ = _mm_setzero_si128();
    int x = 0;
    for (; x + 16 <= width; x += 16) {
        __m128i v[4];
        for (int i = 0; i < 4; i++) {
            v[i] = _mm_loadu_si128((const __m128i *)(const void *)(in + x + 4 * i));
            /* red ^ green and green ^ blue, as pack_grey_row below */
            __m128i d = _mm_xor_si128(v[i], _mm_srli_epi32(v[i], 8));
            differ = _mm_or_si128(differ, _mm_and_si128(d, red_green));
            v[i] = _mm_and_si128(v[i], blue);
        }
        /* 32-bit values below 256, narrowed to 16 bits and then to 8 */
        __m128i lo = _mm_packs_epi32(v[0], v[1]), hi = _mm_packs_epi32(v[2], v[3]);
        _mm_storeu_si128((__m128i *)(void *)(out + x), _mm_packus_epi16(lo, hi));
    }
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(differ, _mm_setzero_si128())) != 0xffff)
        *odd = 1;
    return x;
}
#endif

/* The same row as grey samples; false if a pixel in it is not a grey
 * (red, green and blue not all equal). */
static bool pack_grey_row(const struct pixels *px, int y, unsigned char *out)
{
    const uint32_t *in = pixel_row(px, y);
    uint32_t odd = 0;
    int x = 0;
#ifdef __SSE2__
    x = pack_grey_sse2(in, px->width, out, &odd);
#endif
    for (; x < px->width; x++) {
        out[x] = (unsigned char)in[x];
        odd |= (in[x] ^ (in[x] >> 8)) & 0xffff;
    }
    return odd == 0;
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
        static const char *const day[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
        static const char *const month[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
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
    png_set_compression_level(png, RENDER_ZLIB_LEVEL);
    /* Matches of runs only (distance one pixel back, or one row up once
     * filtered): a graph is runs of a colour (on the corpus: smaller grey
     * files and less zlib time, bench/HISTORY.md). */
    png_set_compression_strategy(png, Z_RLE);
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

/* ---- drawing and writing at once ----
 *
 * Drawing the page (cairo) and writing it (packing, filtering and
 * compressing the rows: libpng and zlib) each take about half of a PNG's
 * own time.  So the page is drawn in PNG_STRIPS strips of rows, top to
 * bottom, each on an image surface of its own over the same buffer, while
 * a second thread writes the rows of the strips already drawn.  cairo
 * draws the same pixels into a strip, drawn with margins (STRIP_MARGIN),
 * as into the whole page (test_png compares every pixel with one whole
 * page drawn by cairo), and libpng is given the same rows in the same
 * order, so the bytes are those of a run on one thread (HP2PS_THREADS=1;
 * test_png compares them too).  More
 * strips overlap more, but each costs a pass over the paths that reach
 * into it (render/core.c skips the others).  A hatched graph (--pattern) is
 * drawn in one strip (layout_has_hatching). */
#define PNG_STRIPS 4

/* How far the drawing has got. */
struct drawn_rows {
    pthread_mutex_t lock;
    pthread_cond_t grew;
    int count;    /* rows [0, count) are drawn */
    bool stopped; /* the drawing failed: count grows no more */
};

static void drawn_init(struct drawn_rows *d)
{
    pthread_mutex_init(&d->lock, NULL);
    pthread_cond_init(&d->grew, NULL);
    d->count = 0;
    d->stopped = false;
}

static void drawn_free(struct drawn_rows *d)
{
    pthread_mutex_destroy(&d->lock);
    pthread_cond_destroy(&d->grew);
}

static void drawn_set(struct drawn_rows *d, int count, bool stopped)
{
    pthread_mutex_lock(&d->lock);
    d->count = count;
    d->stopped = stopped;
    pthread_cond_broadcast(&d->grew);
    pthread_mutex_unlock(&d->lock);
}

/* The file, gathered in memory: a graph without colour is written as grey
 * on the layout's word, and if a row turns out to hold colour after all
 * (a colour glyph from a fallback font) it is written again in colour;
 * nothing of the first try may have reached the file. */
struct png_bytes {
    unsigned char *data;
    size_t len, cap;
};

static void on_png_write(png_structp png, png_bytep data, size_t n)
{
    struct png_bytes *b = png_get_io_ptr(png);
    if (n > b->cap - b->len) {
        b->cap = b->len + n > 2 * b->cap ? b->len + n : 2 * b->cap;
        b->data = xrealloc(b->data, b->cap);
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
}

static void on_png_flush(png_structp png)
{
    (void)png;
}

/* One writing of the file.  Passed by pointer, so that nothing setjmp's
 * caller holds changes between setjmp and a longjmp. */
enum png_outcome {
    PNG_WRITTEN,
    PNG_NOT_GREY,  /* a row held colour: write again, in colour */
    PNG_NOT_DRAWN, /* the drawing failed; its error is the one to report */
    PNG_FAILED     /* libpng failed: err says why */
};

struct png_job {
    const struct pixels *px;
    const struct png_meta *meta;
    struct drawn_rows *drawn;
    int ready; /* rows known drawn, without taking the lock */
    bool grey; /* write 8-bit grey, else 8-bit RGB */
    enum png_outcome outcome;
    struct png_bytes out;
    unsigned char *row;  /* one packed row */
    struct hp_error err; /* its own: the drawing may fail at the same time */
};

/* Wait until rows [0, need) are drawn; false if they never will be. */
static bool wait_drawn(struct png_job *job, int need)
{
    if (job->ready >= need)
        return true;
    struct drawn_rows *d = job->drawn;
    pthread_mutex_lock(&d->lock);
    while (d->count < need && !d->stopped)
        pthread_cond_wait(&d->grew, &d->lock);
    job->ready = d->count;
    pthread_mutex_unlock(&d->lock);
    return job->ready >= need;
}

static void write_rows(png_structp png, png_infop info, struct png_job *job)
{
    png_set_write_fn(png, &job->out, on_png_write, on_png_flush);
    write_header(png, info, job->px, job->grey, job->meta);
    for (int y = 0; y < job->px->height; y++) {
        if (!wait_drawn(job, y + 1)) {
            job->outcome = PNG_NOT_DRAWN;
            return;
        }
        if (!job->grey)
            pack_rgb_row(job->px, y, job->row);
        else if (!pack_grey_row(job->px, y, job->row)) {
            job->outcome = PNG_NOT_GREY;
            return;
        }
        png_write_row(png, job->row);
    }
    png_write_end(png, NULL);
    job->outcome = PNG_WRITTEN;
}

static void write_file(struct png_job *job)
{
    job->out.len = 0;
    job->outcome = PNG_FAILED;
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, &job->err, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info)
        hp_fail(&job->err, "writing PNG failed: out of memory");
    else if (setjmp(png_jmpbuf(png)) == 0)
        write_rows(png, info, job);
    else
        job->outcome = PNG_FAILED; /* (on_png_error set err) */
    png_destroy_write_struct(&png, &info);
}

static void *write_file_thread(void *job)
{
    write_file(job);
    return NULL;
}

/* The page, strip after strip from the top, each made known to the
 * writer as soon as it is drawn. */
static int draw_strips(struct pixels *px, const struct layout *L, struct render_fonts *fonts,
                       double scale, struct drawn_rows *drawn, struct hp_error *err)
{
    for (int y0 = 0; y0 < px->height; y0 += px->strip_height) {
        int y1 = px->height - y0 < px->strip_height ? px->height : y0 + px->strip_height;
        int above = y0 > 0 ? STRIP_MARGIN : 0, below = y1 < px->height ? STRIP_MARGIN : 0;
        cairo_surface_t *surface = cairo_image_surface_create_for_data(
            px->data + (buffer_row(px, y0) - (size_t)above) * (size_t)px->stride,
            CAIRO_FORMAT_RGB24, px->width, y1 - y0 + above + below, px->stride);
        cairo_surface_set_device_scale(surface, scale, scale);
        cairo_surface_set_device_offset(surface, 0, -(y0 - above)); /* in pixels */
        int rc = render_pages(surface, L, fonts, err);
        cairo_surface_flush(surface);
        cairo_surface_destroy(surface);
        if (rc < 0) {
            drawn_set(drawn, y0, true);
            return -1;
        }
        drawn_set(drawn, y1, false);
    }
    return 0;
}

static int write_png(FILE *f, const struct layout *L, struct render_fonts *fonts,
                     const struct render_settings *rs, struct hp_error *err)
{
    double scale = rs->dpi / 72;
    double w = ceil(L->page_width * scale), h = ceil(L->page_height * scale);
    if (!(w >= 1 && h >= 1 && w * h <= PNG_MAX_PIXELS))
        return hp_fail(err, "a %.0f x %.0f pixel PNG is too large; lower --dpi or -e", w, h);
    /* Without the thread, one strip: each more costs a pass over the paths. */
    int strips = rs->threads != 1 && !layout_has_hatching(L) ? PNG_STRIPS : 1;
    struct pixels px;
    if (!pixels_new(&px, (int)w, (int)h, strips))
        return hp_fail(err, "a %.0f x %.0f pixel PNG does not fit in memory", w, h);
    struct png_meta m;
    png_meta_init(&m, L, rs->dpi);
    struct drawn_rows drawn;
    drawn_init(&drawn);
    struct png_job job = { .px = &px,
                           .meta = &m,
                           .drawn = &drawn,
                           .grey = !layout_has_colour(L),
                           .row = xmalloc((size_t)px.width * 3) };
    pthread_t thread;
    bool threaded = rs->threads != 1 && pthread_create(&thread, NULL, write_file_thread, &job) == 0;
    int rc = draw_strips(&px, L, fonts, scale, &drawn, err);
    if (threaded)
        pthread_join(thread, NULL);
    else if (rc == 0)
        write_file(&job);
    if (rc == 0 && job.outcome == PNG_NOT_GREY) {
        job.grey = false;
        write_file(&job);
    }
    if (rc == 0 && job.outcome != PNG_WRITTEN)
        rc = hp_fail(err, "%s", job.err.text);
    if (rc == 0 && fwrite(job.out.data, 1, job.out.len, f) != job.out.len)
        rc = hp_fail(err, "writing PNG failed: %s", strerror(errno));
    free(job.out.data);
    free(job.row);
    drawn_free(&drawn);
    pixels_free(&px);
    return rc;
}

const struct render_format render_format_png = { .name = "png",
                                                 .write = write_png,
                                                 .raster = true };

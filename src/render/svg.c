/* SPDX-License-Identifier: BSD-3-Clause */
/* render/svg.c: SVG through cairo's SVG surface (one page; cairo writes
 * and escapes all of the drawing).  The page is painted white first, as
 * the PNG is: an SVG is transparent where nothing is drawn, and the
 * graph's black text and lines would vanish on a dark page.  cairo has no
 * call for document metadata, so the stream that takes cairo's bytes puts
 * a <title> (the JOB) and a <desc> in as the root element's first
 * children, where viewers and screen readers look for them. */
#include "render.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "markup.h"

/* cairo's bytes on their way to the file: held until the root element's
 * start tag is whole, so the metadata can follow it. */
struct svg_stream {
    FILE *f;
    struct render_sink *sink; /* past the root's start tag */
    const struct layout *L;
    bool metadata;  /* false: the HTML page's SVG (the page has its own title) */
    bool past_root; /* the metadata is written; the rest passes straight through */
    char *head;     /* bytes before that */
    size_t head_len;
};

/* The head is the XML declaration and the root's start tag: small.  Past
 * this, something is wrong with what cairo wrote; pass it on unchanged. */
#define SVG_HEAD_MAX 65536

/* Drawn text is valid UTF-8 with no control characters or noncharacters
 * (utf8.h), so escaping the markup is all (markup.h). */
static void put_metadata(FILE *f, const struct layout *L)
{
    const char *job = L->title ? L->title : "";
    fputs("\n<title>", f);
    markup_put_text(f, job);
    fputs("</title>\n<desc>Heap profile", f);
    if (*job) {
        fputs(" of ", f);
        markup_put_text(f, job);
    }
    if (L->date && *L->date) {
        fputs(", ", f);
        markup_put_text(f, L->date);
    }
    fputs("; drawn by hp2ps " PACKAGE_VERSION "</desc>", f);
}

/* Where the root element's start tag ends in the head, or NULL while it
 * is not whole yet. */
static const char *root_tag_end(const char *head, size_t len)
{
    const char *end = head + len;
    for (const char *p = head; p + 4 <= end; p++)
        if (memcmp(p, "<svg", 4) == 0)
            return memchr(p, '>', (size_t)(end - p));
    return NULL;
}

static void flush_head(struct svg_stream *s)
{
    const char *tag_end = root_tag_end(s->head, s->head_len);
    size_t split = tag_end ? (size_t)(tag_end - s->head) + 1 : s->head_len;
    fwrite(s->head, 1, split, s->f);
    if (tag_end && s->metadata)
        put_metadata(s->f, s->L);
    fwrite(s->head + split, 1, s->head_len - split, s->f);
    free(s->head);
    s->head = NULL;
    s->past_root = true;
}

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    struct svg_stream *s = closure;
    if (s->past_root)
        return render_sink_put(s->sink, data, length) ? CAIRO_STATUS_SUCCESS
                                                      : CAIRO_STATUS_WRITE_ERROR;
    s->head = xrealloc(s->head, s->head_len + length + 1);
    memcpy(s->head + s->head_len, data, length);
    s->head_len += length;
    if (root_tag_end(s->head, s->head_len) || s->head_len > SVG_HEAD_MAX)
        flush_head(s);
    return ferror(s->f) ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

int render_svg_write(FILE *f, const struct layout *L, struct render_fonts *fonts, bool metadata,
                     struct hp_error *err)
{
    struct render_sink *sink = render_sink_new(f);
    struct svg_stream stream = { .f = f, .sink = sink, .L = L, .metadata = metadata };
    cairo_surface_t *surface =
        cairo_svg_surface_create_for_stream(write_stream, &stream, L->page_width, L->page_height);
    cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_destroy(cr);
    int rc = render_pages(surface, L, fonts, err);
    cairo_surface_finish(surface); /* its last bytes, before the held head goes out */
    if (!stream.past_root && stream.head)
        flush_head(&stream);
    return render_vector_end(surface, sink, rc, "writing SVG", err);
}

static int write_svg(FILE *f, const struct layout *L, struct render_fonts *fonts,
                     const struct render_settings *rs, struct hp_error *err)
{
    (void)rs;
    return render_svg_write(f, L, fonts, true, err);
}

const struct render_format render_format_svg = { .name = "svg", .write = write_svg };

/* SPDX-License-Identifier: BSD-3-Clause */
/* render_pdf.c: PDF through cairo's PDF surface.  Text stays text (pango
 * embeds the font with a ToUnicode map), the document title is the JOB,
 * and the creation date comes only from SOURCE_DATE_EPOCH, so the same
 * input gives the same bytes. */
#include "render.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <zlib.h>

/*
 * The PDF's zlib level.  cairo deflates every stream of a PDF (the page's
 * drawing, the fonts) at zlib's default level, 6, and has no setting for
 * it: on a 15 MB profile that is a third of the run, for a file 8 % smaller
 * than level 3 gives (bench/README.md).  zlib's deflateInit is a macro that
 * calls deflateInit_, which cairo takes from libz.  Defined here, in the
 * executable, it is the one the dynamic linker binds cairo's calls to (an
 * executable's symbols come first), and it asks zlib for
 * RENDER_ZLIB_LEVEL where the default is asked for; a caller that names a
 * level gets that level.  The streams hold the same content either way, so
 * the picture is the same.  Where an executable cannot override a
 * library's symbols (a static build; macOS's two-level namespaces) cairo
 * keeps level 6: slower, same picture.  Nothing else in the process asks
 * for the default level: libpng names its own (render_png.c).
 */
int deflateInit_(z_streamp stream, int level, const char *version, int stream_size)
{
    if (level == Z_DEFAULT_COMPRESSION)
        level = RENDER_ZLIB_LEVEL;
    /* What zlib's own deflateInit_ does, at the level chosen. */
    return deflateInit2_(stream, level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY, version,
                         stream_size);
}

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    return render_sink_put(closure, data, length) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static int write_pdf(FILE *f, const struct layout *L, struct render_fonts *fonts,
                     struct canvas *ahead, const struct render_settings *rs, struct hp_error *err)
{
    (void)ahead, (void)rs;
    struct render_sink *sink = render_sink_new(f);
    cairo_surface_t *surface =
        cairo_pdf_surface_create_for_stream(write_stream, sink, L->page_width, L->page_height);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, L->title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "hp2ps " PACKAGE_VERSION);
    char date[32];
    /* An empty date leaves it out; cairo would otherwise stamp the clock. */
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE,
                                   render_iso_date(date, sizeof date) ? date : "");
    int rc = render_pages(surface, L, fonts, err);
    return render_vector_end(surface, sink, rc, "writing PDF", err);
}

const struct render_format render_format_pdf = {"pdf", true, false, false, write_pdf, false, false};

/* SPDX-License-Identifier: BSD-3-Clause */
/* render/pdf.c: PDF through cairo's PDF surface.  Text stays text (pango
 * embeds the font with a ToUnicode map), the document title is the JOB,
 * and the creation date comes only from SOURCE_DATE_EPOCH, so the same
 * input gives the same bytes.  The streams' zlib level: tune/pdf_zlib_level.c. */
#include "render.h"

#include <cairo-pdf.h>
#include <cairo.h>

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    return render_sink_put(closure, data, length) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static int write_pdf(FILE *f, const struct layout *L, struct render_fonts *fonts,
                     const struct render_settings *rs, struct hp_error *err)
{
    (void)rs;
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

const struct render_format render_format_pdf = { .name = "pdf",
                                                 .multipage = true,
                                                 .write = write_pdf };

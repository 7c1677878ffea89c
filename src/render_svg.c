/* render_svg.c: SVG through cairo's SVG surface (one page; cairo writes
 * and escapes all of the XML).  The page is painted white first, as the
 * PNG is: an SVG is transparent where nothing is drawn, and the graph's
 * black text and lines would vanish on a dark page.  cairo's SVG surface
 * has no call for document metadata (no <title> or <desc>), and the XML
 * is not rewritten afterwards to add them. */
#include "render.h"

#include <cairo-svg.h>
#include <cairo.h>

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                     : CAIRO_STATUS_WRITE_ERROR;
}

static int write_svg(FILE *f, const struct layout *L, struct render_fonts *fonts,
                     const struct render_settings *rs, struct hp_error *err)
{
    (void)rs;
    cairo_surface_t *surface =
        cairo_svg_surface_create_for_stream(write_stream, f, L->page_width, L->page_height);
    cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_destroy(cr);
    int rc = render_pages(surface, L, fonts, err);
    cairo_surface_finish(surface);
    cairo_status_t st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (rc == 0 && st != CAIRO_STATUS_SUCCESS)
        rc = render_fail(err, "writing SVG", st);
    return rc;
}

const struct render_format render_format_svg = {"svg", false, false, false, write_svg, false};

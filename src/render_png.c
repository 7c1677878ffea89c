/* render_png.c: PNG through cairo's image surface: antialiased, on white,
 * at --dpi pixels per inch. */
#include "render.h"

#include <cairo.h>
#include <math.h>

/* Larger pictures than this are refused rather than allocated. */
#define PNG_MAX_PIXELS (20000.0 * 20000.0)

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                     : CAIRO_STATUS_WRITE_ERROR;
}

static int write_png(FILE *f, const struct layout *L, struct render_fonts *fonts,
                     const struct render_settings *rs, struct hp_error *err)
{
    double scale = rs->dpi / 72;
    double w = ceil(L->page_width * scale), h = ceil(L->page_height * scale);
    if (!(w >= 1 && h >= 1 && w * h <= PNG_MAX_PIXELS))
        return hp_fail(err, "a %.0f x %.0f pixel PNG is too large; lower --dpi or -e", w, h);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_set_device_scale(surface, scale, scale);
    int rc = render_pages(surface, L, fonts, err);
    if (rc == 0) {
        cairo_status_t st = cairo_surface_write_to_png_stream(surface, write_stream, f);
        if (st != CAIRO_STATUS_SUCCESS)
            rc = hp_fail(err, "writing PNG failed: %s", cairo_status_to_string(st));
    }
    cairo_surface_destroy(surface);
    return rc;
}

const struct render_format render_format_png = {"png", false, false, false, write_png, false};

/* SPDX-License-Identifier: BSD-3-Clause */
/* floor.c: the floor under hp2ps's time and memory on a small profile,
 * for the benchmarks (bench/run.sh).  Not part of hp2ps.
 *
 *   floor OUT.ps
 *   floor --load-only
 *
 * It opens a cairo PostScript surface, sets one string with pango (the
 * text stack hp2ps draws with) and writes the page: what any program that
 * draws text with cairo and pango to PostScript pays, that is, loading
 * the shared libraries, finding a font and embedding it.  hp2ps on a
 * small profile can come near this, not below it.  It uses pango's
 * defaults (the default font map, fontconfig's configuration), as a
 * program written without thought for speed would.
 *
 * With --load-only it returns at once: what loading (and unloading) the
 * shared libraries alone costs, before anything is read or drawn.  No
 * program drawing with cairo and pango runs faster than that, so GHC's
 * time over this one is the most that the ratio "GHC's hp2ps / hp2ps"
 * can ever be on a given profile (bench/run.sh prints it). */
#include <cairo-ps.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: floor OUT.ps | floor --load-only\n");
        return 2;
    }
    if (strcmp(argv[1], "--load-only") == 0)
        return 0;
    cairo_surface_t *surface = cairo_ps_surface_create(argv[1], 595, 842);
    cairo_t *cr = cairo_create(surface);
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *desc = pango_font_description_from_string("DejaVu Sans 10");
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_text(layout, "hp2ps", -1);
    cairo_move_to(cr, 72, 72);
    pango_cairo_show_layout(cr, layout);
    cairo_show_page(cr);
    pango_font_description_free(desc);
    g_object_unref(layout);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    int bad = cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(surface);
    if (bad)
        fprintf(stderr, "floor: writing %s failed\n", argv[1]);
    return bad;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* formats.c: see formats.h. */
#include "formats.h"

#include <string.h>

static const struct output_format formats[] = {
    { .name = "ps", .render = &render_format_ps },
    { .name = "eps", .render = &render_format_eps },
    { .name = "pdf", .render = &render_format_pdf },
    { .name = "svg", .render = &render_format_svg },
    { .name = "png", .render = &render_format_png },
    { .name = "html", .render = &render_format_html },
    { .name = "csv", .export = &export_format_csv },
    { .name = "json", .export = &export_format_json },
    { .name = "folded", .tree = &tree_format_folded },
};

const struct output_format *output_format_find(const char *name)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (strcmp(formats[i].name, name) == 0)
            return &formats[i];
    return NULL;
}

const struct output_format *output_format_for_path(const char *path)
{
    char ext[8]; /* lower-cased by path_extension: X.PDF is a PDF */
    return path_extension(path, ext, sizeof ext) ? output_format_find(ext) : NULL;
}

const struct output_format *output_format_at(size_t i)
{
    return i < sizeof formats / sizeof formats[0] ? &formats[i] : NULL;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* formats.h: every output format, drawn (render.h) or exported
 * (export.h) or a tree's stacks written (folded.h), in one table: the one lookup by --format's name and by -o's
 * extension, the list --help and the messages give, and the default
 * extension (".NAME").  Above render and export, which know only their
 * own formats.
 */
#ifndef HP2PS_FORMATS_H
#define HP2PS_FORMATS_H

#include "export.h"
#include "folded.h"
#include "render.h"

struct output_format {
    const char *name;                   /* --format=NAME, and the extension .NAME */
    const struct render_format *render; /* a drawing, or NULL */
    const struct export_format *export; /* an export, or NULL */
    const struct tree_format *tree;     /* a tree's stacks as text (folded.h), or NULL */
};

/* By name (--format=pdf); NULL: none. */
const struct output_format *output_format_find(const char *name);

/* By path's extension; NULL: none, or not one of ours. */
const struct output_format *output_format_for_path(const char *path);

/* The i-th of them, drawings first; NULL past the last. */
const struct output_format *output_format_at(size_t i);

#endif

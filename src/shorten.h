/* SPDX-License-Identifier: BSD-3-Clause */
/* shorten.h: text shortened to a width, for the key and the title.
 *
 * A name too wide for its place loses its middle to an ellipsis, so a
 * cost-centre stack keeps its head and its tail.  Cuts fall between
 * grapheme clusters (the text_metrics say where they are), never inside a
 * combining sequence or an emoji.  A set of names (the key) first loses
 * what all of them share at their start or end (a common module path, a
 * common ".../run.it/run/main"), so the parts that tell them apart are
 * the parts kept.
 */
#ifndef HP2PS_SHORTEN_H
#define HP2PS_SHORTEN_H

#include "layout.h"

/* layout_ellipsize (layout.h) is defined here. */

/* Key names (valid UTF-8), each shortened to max_width: a name that fits
 * stays whole; one that does not first loses the prefix and the suffix
 * that all names not marked in skip (OTHER) share, cut at a separator
 * ("/", ".", ":", ",", " ", "|", ";") and shown as an ellipsis, then, if
 * still too wide, its middle.  out[i] are new strings. */
void shorten_names(char **out, char *const *names, const bool *skip, size_t n,
                   double max_width, enum font_role font, const struct text_metrics *tm);

#endif

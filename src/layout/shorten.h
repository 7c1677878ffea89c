/* SPDX-License-Identifier: BSD-3-Clause */
/* shorten.h: text shortened to a width, for the key and the title.
 *
 * A name too wide for its place loses its middle to an ellipsis, so a
 * cost-centre stack keeps its head and its tail.  Cuts fall between
 * grapheme clusters (the text_metrics say where they are), never inside a
 * combining sequence or an emoji.  A set of names (the key) first loses
 * what every one of them shares at its start or end, in whole words (a
 * common module path, a common ".../run.it/run/main"), so the parts that
 * tell them apart are the parts kept.
 */
#ifndef HP2PS_SHORTEN_H
#define HP2PS_SHORTEN_H

#include "layout/types.h"

/* layout_ellipsize (layout.h) is defined here. */

/* What shorten_names took off every name (the key says it), NULL when
 * nothing. */
struct shorten_strip {
    char *prefix, *suffix;
};

/* Key names (valid UTF-8), each shortened to max_width, so that no two
 * different names read the same: a name that fits stays whole; when one
 * does not, the prefix and the suffix that every name not marked in skip
 * (OTHER) has, two or more of them (in whole words: cut at a space when
 * the part holds one, else at a separator "/", ".", ":", ",", "|", ";"),
 * are taken off them, each shown as an ellipsis and kept in *strip; a name still too wide is cut in its middle where it keeps what
 * tells it from every other name (its head past what it shares with
 * another's head, or its tail likewise), a little wider than max_width
 * when nothing narrower does.  out[i] are new strings. */
void shorten_names(char **out, struct shorten_strip *strip, char *const *names, const bool *skip,
                   size_t n, double max_width, enum font_role font, const struct text_metrics *tm);
void shorten_strip_free(struct shorten_strip *strip);

/* Labels side by side (an icicle's siblings), each shortened to its own
 * max_width[i]: whole when it fits, else cut in its middle where it keeps
 * what tells it from the others (as shorten_names), else NULL when no more
 * than an ellipsis would fit.  out[i] are new strings, or NULL. */
void shorten_each(char **out, char *const *names, const double *max_width, size_t n,
                  enum font_role font, const struct text_metrics *tm);

/* text (valid UTF-8) over as many lines as it needs, each at most
 * max_width wide (at least one grapheme cluster a line), broken after a
 * separator or space when one is in the line's second half: *lines, a
 * new array of new strings; returns how many. */
size_t text_wrap(const char *text, double max_width, enum font_role font,
                 const struct text_metrics *tm, char ***lines);

/* The bytes of text_wrap's first line of text, without the lines after
 * it (all of text's bytes when it fits on one line): for a caller that
 * needs only the first, whose work is then that line's, not the whole
 * text's. */
size_t text_wrap_first(const char *text, double max_width, enum font_role font,
                       const struct text_metrics *tm);

/* Shorten valid UTF-8 text to fit max_width by replacing its middle with
 * an ellipsis (a cost-centre stack keeps its head and its tail).  Returns
 * a new string. */
char *layout_ellipsize(const char *text, double max_width, enum font_role font,
                       const struct text_metrics *tm);

#endif

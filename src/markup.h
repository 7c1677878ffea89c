/* SPDX-License-Identifier: BSD-3-Clause */
/* markup.h: the one XML/HTML text escaper, for every markup hp2ps writes
 * (the SVG drawing, render/svg.c; the HTML page, render/html.c; the
 * gate's JUnit report, gate_report.c), so that a band name reaches each
 * by the same rule.
 */
#ifndef HP2PS_MARKUP_H
#define HP2PS_MARKUP_H

#include <stdio.h>

/* s (valid UTF-8, as the callers' names are made) onto f as XML or HTML
 * text, safe both between tags and in a quoted attribute value: & < > "
 * and ' as entities (' as &#39;, which HTML 4 and XML both know). */
void markup_put_text(FILE *f, const char *s);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* json.h: the one JSON writer, for every JSON hp2ps writes (the export,
 * export.c, the HTML page's data, render/html.c, --top's table,
 * toptable.c, and the gate's report, gate_report.c): strings escaped by
 * one rule, numbers in the one format of number.h.
 *
 * The rule: quote and backslash escaped, newline, tab and carriage return
 * as \n \t \r, any other control character (names keep what the RTS
 * wrote) as \u00XX, a byte that is not valid UTF-8 as U+FFFD.  A string
 * is either a whole document's (JSON_DOCUMENT) or sits inside an HTML
 * <script> block (JSON_IN_SCRIPT), where < > & and U+2028, U+2029 are
 * \u escapes too, so no text can end the block, be read as markup or end
 * a line of older JavaScript.
 */
#ifndef HP2PS_JSON_H
#define HP2PS_JSON_H

#include <stdio.h>

#include "common.h"

enum json_context { JSON_DOCUMENT, JSON_IN_SCRIPT };

/* s (UTF-8; a byte that is not valid UTF-8 is written as U+FFFD) as a
 * JSON string, quotes included: to f, or as a new string. */
void json_put_string(FILE *f, const char *s, enum json_context where);
char *json_quoted(const char *s, enum json_context where);

/* A number in the one format (number.h: number_format). */
void json_put_number(FILE *f, double v);

/* The same, or null where v is not finite: a figure that has no value
 * (a fit's R² over a flat band, a share of nothing), which 0 would
 * misstate. */
void json_put_number_or_null(FILE *f, double v);

/* v[0..n) as a JSON list of numbers.  Numbers that repeat in a long list
 * (a million bands' equal shares) are formatted once. */
void json_put_numbers(FILE *f, const double *v, size_t n);

#endif

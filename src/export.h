/* SPDX-License-Identifier: BSD-3-Clause */
/* export.h: stage 5 beside render, the numbers instead of a picture.
 *
 * -o FILE.csv, -o FILE.json, --format=csv|json: the time by band matrix
 * after selection (filters, window, trace elimination, band limit, order),
 * with exact integer values, for spreadsheets and scripts.  It consumes the
 * profile and the band plan, not the layout: one replay of the store,
 * streaming one row per sample, so memory stays O(bands) whatever the
 * number of samples.
 *
 * Columns are in the key's order, the top of the stack first; the merged
 * band is called OTHER.  A band absent from a sample is 0; a name repeated
 * within a sample adds up; names trace elimination dropped are left out.
 * Names and header strings are made valid UTF-8 (utf8_sanitize).
 */
#ifndef HP2PS_EXPORT_H
#define HP2PS_EXPORT_H

#include <stdio.h>

#include "bands.h"
#include "common.h"
#include "parse.h"

struct export_format {
    const char *name;        /* --format=NAME, and the file extension */
    int (*write)(FILE *f, const struct profile *p, const struct band_plan *bp,
                 struct hp_error *err);
};

extern const struct export_format export_format_csv, export_format_json;

/* CSV (RFC 4180): a header row "time,NAME,..." then one row per sample. */
int export_csv(FILE *f, const struct profile *p, const struct band_plan *bp, struct hp_error *err);

/* JSON: {"job", "date", "sample_unit", "value_unit", "bands": [...],
 * "samples": [{"time": T, "values": [...]}, ...]}, one sample per line. */
int export_json(FILE *f, const struct profile *p, const struct band_plan *bp, struct hp_error *err);

/* The export format called name ("csv"), or NULL. */
const struct export_format *export_find_format(const char *name);
/* The i-th export format (csv first), or NULL past the last. */
const struct export_format *export_format_at(size_t i);
/* The export format a file name's extension names ("x.json"), or NULL. */
const struct export_format *export_format_for_path(const char *path);

#endif

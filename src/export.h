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
 * Two layouts.  Wide: one row per sample, one column per band, a value in
 * every cell.  Long: one row per value that is not 0, "time,band,value",
 * for sparse profiles (many bands, each alive in a few samples), where
 * wide would be samples x bands cells of mostly zeros.  With
 * EXPORT_AUTO, export_layout_choose picks long where wide would be far
 * larger, from counts known before anything is written, so the export
 * stays one pass.
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
#include "profile.h"

/* --export-layout=wide|long|bands; AUTO (wide or long) when not given.
 * Bands: no samples, a row per band (key order) with its total and what
 * the profile tells of it beyond its name (profile.detail: an eventlog's
 * IPE fields for -hi, whole stacks for -hc). */
enum export_layout { EXPORT_AUTO, EXPORT_WIDE, EXPORT_LONG, EXPORT_BANDS };

/* AUTO picks long when fewer than one cell in EXPORT_LONG_RATIO of the
 * wide table can hold a value that is not 0. */
#define EXPORT_LONG_RATIO 100

/* write: 0, or 1 when a band's sum in some sample passed INT64_MAX and
 * was written as INT64_MAX (bands_sum_sample), or -1 with err set. */
struct export_format {
    const char *name; /* --format=NAME, and the file extension */
    int (*write)(FILE *f, const struct profile *p, const struct band_plan *bp,
                 enum export_layout layout, struct hp_error *err);
};

extern const struct export_format export_format_csv, export_format_json;

/* The layout an export of p's bands bp has: asked, or for EXPORT_AUTO,
 * long when the cells that can be non-zero (per band, the smaller of the
 * number of samples and its names' data points) are fewer than
 * samples x bands / EXPORT_LONG_RATIO.  O(names). */
enum export_layout export_layout_choose(const struct profile *p, const struct band_plan *bp,
                                        enum export_layout asked);

/* CSV (RFC 4180).  Wide: a header row "time,NAME,..." then one row per
 * sample.  Long: "time,band,value" then a row per value that is not 0,
 * by sample, each sample's in column order. */
int export_csv(FILE *f, const struct profile *p, const struct band_plan *bp,
               enum export_layout layout, struct hp_error *err);

/* JSON: {"job", "date", "sample_unit", "value_unit", "bands": [...], then
 * wide: "samples": [{"time": T, "values": [...]}, ...], one sample per line;
 * long: "values": [{"time": T, "band": NAME, "value": V}, ...], one value
 * per line, the rows of the long CSV. */
int export_json(FILE *f, const struct profile *p, const struct band_plan *bp,
                enum export_layout layout, struct hp_error *err);

#endif

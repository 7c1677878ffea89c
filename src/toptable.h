/* SPDX-License-Identifier: BSD-3-Clause */
/* toptable.h: --top's answer written out: the ranking (triage.h) as a
 * table in text (a terminal's), Markdown, CSV or JSON, or with --at what
 * OTHER and -t hold at one census.
 *
 * Text and Markdown are for people: values in the key's units (kB, MB;
 * --units=iec KiB, MiB), names whole without the RTS's "(N)", the rows
 * that grew up to --top's N, then what only -hb and -he tell.  CSV and
 * JSON are for scripts: the same rows with exact numbers (VALUE_UNITs,
 * SAMPLE_UNITs, shares from 0 to 1; JSON null where a number has no
 * value, as the per cent of a name that started at 0).
 */
#ifndef HP2PS_TOPTABLE_H
#define HP2PS_TOPTABLE_H

#include <stdio.h>

#include "profile.h"
#include "triage.h"

/* What one table says. */
struct toptable {
    const struct triage *t;             /* the ranking (NULL with opened) */
    const struct profile *p;            /* the profile (two: AFTER) */
    const struct profile *before;       /* two profiles: BEFORE; else NULL */
    const struct triage_opened *opened; /* --at: OTHER and -t at one census, instead */
    size_t top;                         /* rows at most; 0: every row that grew */
    bool iec;                           /* --units=iec */
};

struct toptable_format {
    const char *name; /* --format=NAME, and the extension .NAME */
    void (*write)(FILE *f, const struct toptable *tt);
};

/* txt, md, csv, json: by --format's name, or by -o's extension; NULL
 * when the name is none of them. */
const struct toptable_format *toptable_format_find(const char *name);
const struct toptable_format *toptable_format_for_path(const char *path);
/* The i-th of the table's formats, from 0; NULL past the last (--help
 * lists them). */
const struct toptable_format *toptable_format_at(size_t i);

/* The rows a table shows: those that grew (change above 0), the
 * ranking's order, up to top (0: all). */
size_t toptable_rows(const struct triage *t, size_t top);

#endif

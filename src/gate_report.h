/* SPDX-License-Identifier: BSD-3-Clause */
/* gate_report.h: the gate's verdict (gate.h) in words and in the files CI
 * systems read.
 *
 * In words: each check is one line, "NAME: MEASURED at T > ALLOWED
 * allowed (+OVER)", with what it was allowed against a baseline and the
 * bands that grew most; a pass is one summary line.  Sizes are written
 * in the key's units (kB, MB; --units=iec: KiB, MiB) to four figures,
 * and in bytes where four figures would show a value over its limit as
 * equal to it.
 *
 * The files: JUnit XML (one test case per check, a failure's text its
 * line: what Jenkins, GitLab and GitHub's test reporters read; the
 * structure is tests/junit.xsd's), Markdown (a table for a job summary
 * page, then the bands that grew most), GitHub workflow commands (an
 * ::error line per failure, one ::notice for a pass) and JSON (the
 * exports' "format" key, layout "gate"; exact values in VALUE_UNITs).
 */
#ifndef HP2PS_GATE_REPORT_H
#define HP2PS_GATE_REPORT_H

#include <stdio.h>

#include "gate.h"

/* How numbers are written: the profile's units, and --units. */
struct gate_style {
    bool iec;                /* --units=iec */
    const char *sample_unit; /* the profile's SAMPLE_UNIT ("seconds": "s") */
    const char *value_unit;  /* VALUE_UNIT ("bytes": B, kB, MB ...) */
};

/* The JSON report's format version: raised when a key changes meaning or goes. */
#define GATE_JSON_VERSION 1

/* One check in words, one line of valid UTF-8 (new; the caller frees). */
char *gate_check_line(const struct gate_verdict *v, const struct gate_check *c,
                      const struct gate_style *st);
/* The verdict in one line: "within budget: ..." or "over budget: ..." (new). */
char *gate_summary_line(const struct gate_verdict *v, const struct gate_style *st);

/* The reports, written to f: 0, or -1 when a write failed (the caller
 * asks the stream why). */
int gate_write_junit(FILE *f, const struct gate_verdict *v, const struct gate_style *st);
int gate_write_markdown(FILE *f, const struct gate_verdict *v, const struct gate_style *st);
int gate_write_github(FILE *f, const struct gate_verdict *v, const struct gate_style *st);
int gate_write_json(FILE *f, const struct gate_verdict *v, const struct gate_style *st);

#endif

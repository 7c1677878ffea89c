/* SPDX-License-Identifier: BSD-3-Clause */
/* export.c: see export.h.  -o FILE.csv, -o FILE.json, --format=csv|json. */
#include "export.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* The shortest of %.15g and %.17g that reads back as the same double, with
 * '.' as the decimal point whatever the locale (spreadsheets and JSON
 * parsers want '.'). */
static void format_time(char *buf, size_t size, double t)
{
    snprintf(buf, size, "%.15g", t);
    if (strtod(buf, NULL) != t)
        snprintf(buf, size, "%.17g", t);
    dot_decimal(buf);
}

/* Each band's name as valid UTF-8, in column order (top band first).  A
 * newline in a name stays (the RTS writes names raw): CSV quotes the
 * field, JSON escapes it, and the name is exact. */
static char **column_names(const struct band_plan *bp)
{
    char **names = xcalloc(bp->count ? bp->count : 1, sizeof *names);
    for (size_t c = 0; c < bp->count; c++) {
        const char *raw = bp->band[bp->count - 1 - c].name;
        names[c] = utf8_sanitize_lines(raw, strlen(raw));
    }
    return names;
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* Writes one sample: its time, formatted, and the band values in column
 * order. */
typedef void (*row_fn)(FILE *f, size_t k, const char *time, const int64_t *column,
                       size_t ncolumns);

/* The one replay of the store: per sample, each entry's value goes to its
 * band (OTHER gathers several names, a repeated name adds, a dropped name
 * has band -1), saturating as series.c does; then one row is written.
 * Write errors are left to the caller (output_commit checks the stream).
 * O(entries + bands) per sample, O(bands) memory. */
static int replay(FILE *f, const struct profile *p, const struct band_plan *bp, row_fn row,
                  struct hp_error *err)
{
    size_t nbands = bp->count;
    int64_t *value = xcalloc(nbands ? nbands : 1, sizeof *value);
    int64_t *column = xcalloc(nbands ? nbands : 1, sizeof *column);
    struct store_cursor *cur = store_cursor_new(p->store);
    struct sample smp;
    int rc = 0;
    /* A write error (a full disk) ends the replay early; output_commit
     * reports it with the file's name. */
    for (size_t k = 0; !ferror(f) && (rc = store_cursor_next(cur, &smp, err)) == 1; k++) {
        bands_sum_sample(bp, smp.entry, smp.n, value);
        for (size_t c = 0; c < nbands; c++)
            column[c] = value[nbands - 1 - c];
        char time[64];
        format_time(time, sizeof time, smp.time);
        row(f, k, time, column, nbands);
    }
    store_cursor_free(cur);
    free(value);
    free(column);
    return rc;
}

/* ---- CSV ------------------------------------------------------------------ */

/* RFC 4180: a field holding a comma, a double quote, CR or LF is quoted,
 * its quotes doubled; any other field is written as it is. */
static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}

static void csv_row(FILE *f, size_t k, const char *time, const int64_t *column,
                    size_t ncolumns)
{
    (void)k;
    fputs(time, f);
    for (size_t c = 0; c < ncolumns; c++)
        fprintf(f, ",%" PRId64, column[c]);
    putc('\n', f);
}

int export_csv(FILE *f, const struct profile *p, const struct band_plan *bp, struct hp_error *err)
{
    char **names = column_names(bp);
    fputs("time", f);
    for (size_t c = 0; c < bp->count; c++) {
        putc(',', f);
        csv_field(f, names[c]);
    }
    putc('\n', f);
    free_names(names, bp->count);
    return replay(f, p, bp, csv_row, err);
}

/* ---- JSON ----------------------------------------------------------------- */

/* A JSON string of valid UTF-8 text: quote, backslash and newline escaped,
 * other control characters as \u00XX (utf8_sanitize already replaces
 * them; this keeps the output valid whatever it is given). */
static void json_string(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            putc(c, f);
    }
    putc('"', f);
}

/* A header string, made valid UTF-8 first. */
static void json_text(FILE *f, const char *raw)
{
    char *s = utf8_sanitize(raw ? raw : "", raw ? strlen(raw) : 0);
    json_string(f, s);
    free(s);
}

static void json_row(FILE *f, size_t k, const char *time, const int64_t *column,
                     size_t ncolumns)
{
    fprintf(f, "%s\n  {\"time\": %s, \"values\": [", k ? "," : "", time);
    for (size_t c = 0; c < ncolumns; c++)
        fprintf(f, "%s%" PRId64, c ? ", " : "", column[c]);
    fputs("]}", f);
}

int export_json(FILE *f, const struct profile *p, const struct band_plan *bp, struct hp_error *err)
{
    fputs("{\"job\": ", f);
    json_text(f, p->job);
    fputs(",\n \"date\": ", f);
    json_text(f, p->date);
    fputs(",\n \"sample_unit\": ", f);
    json_text(f, p->sample_unit);
    fputs(",\n \"value_unit\": ", f);
    json_text(f, p->value_unit);
    fputs(",\n \"bands\": [", f);
    char **names = column_names(bp);
    for (size_t c = 0; c < bp->count; c++) {
        if (c)
            fputs(", ", f);
        json_string(f, names[c]);
    }
    free_names(names, bp->count);
    fputs("],\n \"samples\": [", f);
    if (replay(f, p, bp, json_row, err) < 0)
        return -1;
    fputs("\n ]}\n", f);
    return 0;
}

/* ---- formats -------------------------------------------------------------- */

const struct export_format export_format_csv = {"csv", export_csv};
const struct export_format export_format_json = {"json", export_json};

static const struct export_format *const formats[] = {&export_format_csv, &export_format_json};

const struct export_format *export_format_at(size_t i)
{
    return i < sizeof formats / sizeof formats[0] ? formats[i] : NULL;
}

const struct export_format *export_find_format(const char *name)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (strcmp(formats[i]->name, name) == 0)
            return formats[i];
    return NULL;
}

const struct export_format *export_format_for_path(const char *path)
{
    char ext[8]; /* case-insensitive, as for the drawing formats (X.CSV) */
    return path_extension(path, ext, sizeof ext) ? export_find_format(ext) : NULL;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* export.c: see export.h.  -o FILE.csv, -o FILE.json, --format=csv|json. */
#include "export.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "heapline.h"
#include "json.h"
#include "number.h"
#include "utf8.h"

/* Each band's name as valid UTF-8, in column order (top band first).  A
 * newline, a tab or another control character in a name stays (the RTS
 * writes names raw): CSV quotes the field, JSON escapes it, and the name
 * is exact. */
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

/* --heap: the RTS's lines beside the bands, each the value in force at
 * the sample's time (that of the latest event at or before it, exactly:
 * heapline.h), for the lines that have events; none with --x=index,
 * whose times are sample numbers. */
struct heap_columns {
    size_t n;
    enum heap_kind kind[HEAP_KINDS];
    struct heapline_exact cur[HEAP_KINDS];
    bool has[HEAP_KINDS]; /* this sample's: a value in force */
    uint64_t value[HEAP_KINDS];
};

static void heap_columns_start(struct heap_columns *h, const struct profile *p)
{
    memset(h, 0, sizeof *h);
    if (profile_heap_lines(p, false) != HEAP_LINES_SHOWN) /* (bytes, whatever --mode draws) */
        return;
    for (int k = 0; k < HEAP_KINDS; k++)
        if (p->heap->line[k].events) {
            h->kind[h->n] = (enum heap_kind)k;
            heapline_exact_start(&h->cur[h->n++], &p->heap->line[k]);
        }
}

static int heap_columns_at(struct heap_columns *h, double t, struct hp_error *err)
{
    for (size_t i = 0; i < h->n; i++) {
        int rc = heapline_exact_at(&h->cur[i], t, &h->value[i], err);
        if (rc < 0)
            return -1;
        h->has[i] = rc > 0;
    }
    return 0;
}

static void heap_columns_end(struct heap_columns *h)
{
    for (size_t i = 0; i < h->n; i++)
        heapline_exact_end(&h->cur[i]);
}

/* A heap column's name: apart from any band's. */
static void heap_column_name(char *buf, size_t size, enum heap_kind k)
{
    snprintf(buf, size, "RTS %s", heapline_name(k));
}

/* Writes one sample: its time, formatted, the band values in column
 * order, then the heap columns. */
typedef void (*row_fn)(FILE *f, size_t k, const char *time, const int64_t *column, size_t ncolumns,
                       const struct heap_columns *h);

/* The one replay of the store: per sample, each entry's value goes to its
 * band (OTHER gathers several names, a repeated name adds, a dropped name
 * has band -1), saturating as series.c does; then one row is written.
 * Write errors are left to the caller (output_commit checks the stream).
 * O(entries + bands) per sample, O(bands) memory.  1 when a sum was held
 * at INT64_MAX. */
static int replay(FILE *f, const struct profile *p, const struct band_plan *bp, row_fn row,
                  struct hp_error *err)
{
    size_t nbands = bp->count;
    int64_t *value = xcalloc(nbands ? nbands : 1, sizeof *value);
    int64_t *column = xcalloc(nbands ? nbands : 1, sizeof *column);
    struct store_cursor *cur = store_cursor_new_ahead(p->store);
    struct sample smp;
    int rc = 0;
    /* A write error (a full disk) ends the replay early; output_commit
     * reports it with the file's name. */
    bool clipped = false;
    struct heap_columns h;
    heap_columns_start(&h, p);
    for (size_t k = 0; !ferror(f) && (rc = store_cursor_next(cur, &smp, err)) == 1; k++) {
        if (bands_sum_sample(bp, smp.entry, smp.n, value))
            clipped = true;
        for (size_t c = 0; c < nbands; c++)
            column[c] = value[nbands - 1 - c];
        char time[NUMBER_TEXT_MAX];
        number_format(time, smp.time);
        if (heap_columns_at(&h, smp.time, err) < 0) {
            rc = -1;
            break;
        }
        row(f, k, time, column, nbands, &h);
    }
    heap_columns_end(&h);
    store_cursor_free(cur);
    free(value);
    free(column);
    return rc < 0 ? rc : clipped;
}

/* Writes one non-zero value of the long layout: the sample's time,
 * formatted, the band's column and its value. */
typedef void (*value_fn)(FILE *f, size_t k, const char *time, const char *band, int64_t value);

static int by_column(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x < y) - (x > y); /* the top band, the last index, first */
}

/* The long layout's replay: per sample only the bands its entries touch
 * are summed, sorted into column order and written when not 0, so the
 * work is O(entries log entries) per sample whatever the number of bands
 * (a sample of 3 names among a million bands costs 3, not a million).
 * band_text[b] is band b's name as the format writes it; k counts the
 * values written. */
static int replay_long(FILE *f, const struct profile *p, const struct band_plan *bp,
                       char **band_text, char *const *heap_text, value_fn put, struct hp_error *err)
{
    size_t nbands = bp->count;
    int64_t *value = xcalloc(nbands ? nbands : 1, sizeof *value);
    bool *seen = xcalloc(nbands ? nbands : 1, sizeof *seen);
    int32_t *touched = NULL;
    size_t cap = 0, k = 0;
    bool clipped = false;
    struct store_cursor *cur = store_cursor_new_ahead(p->store);
    struct sample smp;
    int rc = 0;
    struct heap_columns h;
    heap_columns_start(&h, p);
    while (!ferror(f) && (rc = store_cursor_next(cur, &smp, err)) == 1) {
        if (smp.n > cap) {
            cap = smp.n;
            touched = xreallocarray(touched, cap, sizeof *touched);
        }
        size_t nt = 0;
        for (size_t i = 0; i < smp.n; i++) {
            const struct sample_entry *e = &smp.entry[i];
            int32_t b = e->name < bp->nnames ? bp->band_of_name[e->name] : -1;
            if (b < 0 || (size_t)b >= nbands)
                continue;
            if (!seen[b]) {
                seen[b] = true;
                touched[nt++] = b;
            }
            if (bands_add_value(&value[b], e->value))
                clipped = true;
        }
        if (nt > 1) /* (touched is NULL when there are no bands: qsort wants a pointer) */
            qsort(touched, nt, sizeof *touched, by_column);
        char time[NUMBER_TEXT_MAX];
        number_format(time, smp.time);
        for (size_t i = 0; i < nt; i++) {
            int32_t b = touched[i];
            if (value[b])
                put(f, k++, time, band_text[b], value[b]);
            value[b] = 0;
            seen[b] = false;
        }
        if (heap_columns_at(&h, smp.time, err) < 0) {
            rc = -1;
            break;
        }
        for (size_t i = 0; i < h.n; i++)
            if (h.has[i] && h.value[i])
                put(f, k++, time, heap_text[i],
                    h.value[i] > INT64_MAX ? INT64_MAX : (int64_t)h.value[i]);
    }
    heap_columns_end(&h);
    store_cursor_free(cur);
    free(touched);
    free(seen);
    free(value);
    return rc < 0 ? rc : clipped;
}

/* Each band's name as format() writes it, indexed by band (bottom first). */
static char **band_texts(const struct band_plan *bp, char *(*format)(const char *name))
{
    char **names = column_names(bp);
    char **text = xcalloc(bp->count ? bp->count : 1, sizeof *text);
    for (size_t c = 0; c < bp->count; c++)
        text[bp->count - 1 - c] = format(names[c]);
    free_names(names, bp->count);
    return text;
}

/* ---- choosing the layout -------------------------------------------------- */

enum export_layout export_layout_choose(const struct profile *p, const struct band_plan *bp,
                                        enum export_layout asked)
{
    if (asked != EXPORT_AUTO)
        return asked;
    /* From the name table's counts, before anything is written: band b can
     * be non-zero in at most min(samples, the data points of its names)
     * samples.  Long when that bound is under 1/EXPORT_LONG_RATIO of the
     * wide table's cells. */
    size_t nbands = bp->count;
    double cells = (double)p->nsamples * (double)nbands;
    if (cells == 0)
        return EXPORT_WIDE;
    double *points = xcalloc(nbands, sizeof *points);
    for (size_t id = 0; id < bp->nnames && id < p->names.count; id++) {
        int32_t b = bp->band_of_name[id];
        if (b >= 0 && (size_t)b < nbands)
            points[b] += (double)p->names.info[id].points;
    }
    double bound = 0;
    for (size_t b = 0; b < nbands; b++)
        bound += points[b] < (double)p->nsamples ? points[b] : (double)p->nsamples;
    free(points);
    return bound * EXPORT_LONG_RATIO < cells ? EXPORT_LONG : EXPORT_WIDE;
}

/* ---- CSV ------------------------------------------------------------------ */

/* RFC 4180: a field holding a comma, a double quote, CR or LF is quoted,
 * its quotes doubled, and so is one holding a tab (a name keeps its tabs,
 * which a reader guessing the delimiter could take for one); any other
 * field is written as it is.  Every field here is text (numbers are not
 * written through it), and a spreadsheet evaluates a cell that begins
 * with = + - @ (or a tab or CR) as a formula, even quoted: a name or an
 * IPE label "=HYPERLINK(...)" from a profile someone sent is text, so
 * such a field gets a ' in front, which the spreadsheet shows as text
 * and does not evaluate (the man page says so).  The field as a new
 * string. */
static char *csv_quoted(const char *s)
{
    size_t n = strlen(s);
    char *out = xmalloc(2 * n + 4), *o = out;
    bool formula = strchr("=+-@\t\r", s[0]) && s[0] != '\0';
    if (!strpbrk(s, ",\"\r\n\t") && !formula)
        return memcpy(out, s, n + 1);
    if (!strpbrk(s, ",\"\r\n\t")) {
        *o++ = '\'';
        memcpy(o, s, n + 1);
        return out;
    }
    *o++ = '"';
    if (formula)
        *o++ = '\'';
    for (; *s; s++) {
        if (*s == '"')
            *o++ = '"';
        *o++ = *s;
    }
    *o++ = '"';
    *o = '\0';
    return out;
}

static void csv_field(FILE *f, const char *s)
{
    char *q = csv_quoted(s);
    fputs(q, f);
    free(q);
}

/* The digits of v at o (at most 20): their count.  A CSV of every band
 * of a 53 MB eventlog is 1.35 million numbers, and fprintf's "%" PRId64
 * cost about 500 instructions each, most of the export; two digits at a
 * time from a table, about 30. */
static size_t put_u64(char *o, uint64_t v)
{
    static const char pairs[] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    if (v < 10) { /* (most of a wide CSV: the zeros of bands not alive) */
        *o = (char)('0' + v);
        return 1;
    }
    /* digits: from the bit length (log10(2) is about 1233 / 4096), then
     * one comparison */
#if defined(__GNUC__) || defined(__clang__)
    unsigned bits = 64 - (unsigned)__builtin_clzll(v);
#else
    unsigned bits = 0;
    for (uint64_t x = v; x; x >>= 1)
        bits++;
#endif
    size_t n = (bits * 1233) >> 12;
    n += v >= number_pow10[n];
    char *p = o + n;
    for (; v >= 0x100000000u; v /= 100) {
        unsigned two = (unsigned)(v % 100);
        *--p = pairs[2 * two + 1];
        *--p = pairs[2 * two];
    }
    uint32_t w = (uint32_t)v; /* the rest in 32 bits: cheaper division */
    for (; w >= 100; w /= 100) {
        unsigned two = w % 100;
        *--p = pairs[2 * two + 1];
        *--p = pairs[2 * two];
    }
    if (w >= 10) {
        *--p = pairs[2 * w + 1];
        *--p = pairs[2 * w];
    } else
        *--p = (char)('0' + w);
    return n;
}

static size_t put_i64(char *o, int64_t v)
{
    if (v >= 0)
        return put_u64(o, (uint64_t)v);
    *o = '-';
    return 1 + put_u64(o + 1, (uint64_t) - (v + 1) + 1);
}

/* A row is put together here and written in one piece. */
#define ROW_BUF  4096
#define ROW_ROOM 24 /* ',' and a number */

static void csv_row(FILE *f, size_t k, const char *time, const int64_t *column, size_t ncolumns,
                    const struct heap_columns *h)
{
    (void)k;
    char buf[ROW_BUF];
    size_t n = 0;
    fputs(time, f);
    for (size_t c = 0; c < ncolumns; c++) {
        if (n > ROW_BUF - ROW_ROOM) {
            fwrite(buf, 1, n, f);
            n = 0;
        }
        buf[n++] = ',';
        n += put_i64(buf + n, column[c]);
    }
    for (size_t i = 0; i < h->n; i++) { /* empty: no event yet */
        if (n > ROW_BUF - ROW_ROOM) {
            fwrite(buf, 1, n, f);
            n = 0;
        }
        buf[n++] = ',';
        if (h->has[i])
            n += put_u64(buf + n, h->value[i]);
    }
    buf[n++] = '\n';
    fwrite(buf, 1, n, f);
}

/* The heap columns' names as format() writes them (NULL when none). */
static char **heap_texts(const struct profile *p, char *(*format)(const char *name), size_t *n)
{
    struct heap_columns h;
    heap_columns_start(&h, p);
    char **text = xcalloc(HEAP_KINDS, sizeof *text);
    for (size_t i = 0; i < h.n; i++) {
        char name[64];
        heap_column_name(name, sizeof name, h.kind[i]);
        text[i] = format(name);
    }
    *n = h.n;
    heap_columns_end(&h);
    return text;
}

static void csv_value(FILE *f, size_t k, const char *time, const char *band, int64_t value)
{
    (void)k;
    char num[ROW_ROOM];
    size_t n = 0;
    num[n++] = ',';
    n += put_i64(num + n, value);
    num[n++] = '\n';
    fputs(time, f);
    putc(',', f);
    fputs(band, f);
    fwrite(num, 1, n, f);
}

/* ---- what the profile tells of a band beyond its name ---------------------- */

/* Each band's detail (profile.detail), in column order, or NULL (OTHER,
 * a .hp, a name without one).  Borrowed from p. */
static const char **band_details(const struct profile *p, const struct band_plan *bp)
{
    const char **det = xcalloc(bp->count ? bp->count : 1, sizeof *det);
    for (size_t id = 0; id < bp->nnames && id < p->ndetail; id++) {
        int32_t b = bp->band_of_name[id];
        if (b >= 0 && (size_t)b < bp->count && !bp->band[b].is_other && p->detail[id])
            det[bp->count - 1 - (size_t)b] = p->detail[id];
    }
    return det;
}

/* Field k of a detail record, as valid UTF-8 with its tabs and newlines
 * (CSV quotes them, JSON escapes them): a new string. */
static char *tab_field(const char *rec, size_t k)
{
    size_t n;
    char *raw = profile_detail_field(rec, k, &n);
    char *s = utf8_sanitize_lines(raw, n);
    free(raw);
    return s;
}

static size_t tab_fields(const char *rec)
{
    return profile_detail_fields(rec);
}

/* CSV, --export-layout=bands: "band,total" and the detail columns. */
static void csv_bands(FILE *f, const struct profile *p, const struct band_plan *bp)
{
    size_t ncols = p->detail_columns ? tab_fields(p->detail_columns) : 0;
    fputs("band,total", f);
    for (size_t k = 0; k < ncols; k++) {
        char *col = tab_field(p->detail_columns, k);
        putc(',', f);
        csv_field(f, col);
        free(col);
    }
    putc('\n', f);
    char **names = column_names(bp);
    const char **det = band_details(p, bp);
    for (size_t c = 0; c < bp->count; c++) {
        csv_field(f, names[c]);
        fprintf(f, ",%" PRIu64, bp->band[bp->count - 1 - c].total);
        for (size_t k = 0; k < ncols; k++) {
            char *v = det[c] ? tab_field(det[c], k) : xstrdup("");
            putc(',', f);
            csv_field(f, v);
            free(v);
        }
        putc('\n', f);
    }
    free(det);
    free_names(names, bp->count);
}

int export_csv(FILE *f, const struct profile *p, const struct band_plan *bp,
               enum export_layout layout, struct hp_error *err)
{
    if (layout == EXPORT_BANDS) {
        csv_bands(f, p, bp);
        return 0;
    }
    if (export_layout_choose(p, bp, layout) == EXPORT_LONG) {
        fputs("time,band,value\n", f);
        char **text = band_texts(bp, csv_quoted);
        size_t nheap;
        char **heap = heap_texts(p, csv_quoted, &nheap);
        int rc = replay_long(f, p, bp, text, heap, csv_value, err);
        free_names(text, bp->count);
        free_names(heap, nheap);
        return rc;
    }
    char **names = column_names(bp);
    fputs("time", f);
    for (size_t c = 0; c < bp->count; c++) {
        putc(',', f);
        csv_field(f, names[c]);
    }
    size_t nheap;
    char **heap = heap_texts(p, csv_quoted, &nheap);
    for (size_t i = 0; i < nheap; i++) {
        putc(',', f);
        fputs(heap[i], f);
    }
    free_names(heap, nheap);
    putc('\n', f);
    free_names(names, bp->count);
    return replay(f, p, bp, csv_row, err);
}

/* ---- JSON ----------------------------------------------------------------- */

/* A name as the export writes it: a JSON string (json.h).  As a new
 * string. */
static char *json_name(const char *s)
{
    return json_quoted(s, JSON_DOCUMENT);
}

static void json_string(FILE *f, const char *s)
{
    json_put_string(f, s, JSON_DOCUMENT);
}

/* A header string, made valid UTF-8 first. */
static void json_text(FILE *f, const char *raw)
{
    char *s = utf8_sanitize(raw ? raw : "", raw ? strlen(raw) : 0);
    json_string(f, s);
    free(s);
}

static void json_row(FILE *f, size_t k, const char *time, const int64_t *column, size_t ncolumns,
                     const struct heap_columns *h)
{
    fprintf(f, "%s\n  {\"time\": %s, \"values\": [", k ? "," : "", time);
    for (size_t c = 0; c < ncolumns; c++)
        fprintf(f, "%s%" PRId64, c ? ", " : "", column[c]);
    if (h->n) {
        fputs("], \"heap\": [", f);
        for (size_t i = 0; i < h->n; i++)
            if (h->has[i])
                fprintf(f, "%s%" PRIu64, i ? ", " : "", h->value[i]);
            else
                fprintf(f, "%snull", i ? ", " : "");
    }
    fputs("]}", f);
}

static void json_value(FILE *f, size_t k, const char *time, const char *band, int64_t value)
{
    fprintf(f, "%s\n  {\"time\": %s, \"band\": %s, \"value\": %" PRId64 "}", k ? "," : "", time,
            band, value);
}

/* The head: what the document is, so that a script can rely on its
 * shape (the layout, and a version raised when a key changes meaning),
 * the profile's header strings, and the list of bands opened. */
static void json_head(FILE *f, const struct profile *p, const char *layout)
{
    fprintf(f,
            "{\"format\": {\"name\": \"hp2ps\", \"version\": 1, \"layout\": \"%s\"},\n"
            " \"job\": ",
            layout);
    json_text(f, p->job);
    fputs(",\n \"date\": ", f);
    json_text(f, p->date);
    fputs(",\n \"sample_unit\": ", f);
    json_text(f, p->sample_unit);
    fputs(",\n \"value_unit\": ", f);
    json_text(f, p->value_unit);
    if (p->facts.n) { /* what the drawing says under its title (profile_fact) */
        fputs(",\n \"notes\": [", f);
        for (size_t i = 0; i < p->facts.n; i++) {
            fputs(i ? ", " : "", f);
            json_text(f, p->facts.text[i]);
        }
        putc(']', f);
    }
    fputs(",\n \"bands\": [", f);
}

/* The bands' names in column order, and beside them each band's details
 * (an object of the detail columns, or null), when the profile has any. */
static void json_bands(FILE *f, const struct profile *p, const struct band_plan *bp)
{
    char **names = column_names(bp);
    for (size_t c = 0; c < bp->count; c++) {
        if (c)
            fputs(", ", f);
        json_string(f, names[c]);
    }
    free_names(names, bp->count);
    if (!p->detail_columns)
        return;
    size_t ncols = tab_fields(p->detail_columns);
    const char **det = band_details(p, bp);
    fputs("],\n \"band_details\": [", f);
    for (size_t c = 0; c < bp->count; c++) {
        fputs(c ? ",\n  " : "\n  ", f);
        if (!det[c]) {
            fputs("null", f);
            continue;
        }
        for (size_t k = 0; k < ncols; k++) {
            char *col = tab_field(p->detail_columns, k), *v = tab_field(det[c], k);
            fputs(k ? ", " : "{", f);
            json_string(f, col);
            fputs(": ", f);
            json_string(f, v);
            free(col);
            free(v);
        }
        fputs("}", f);
    }
    free(det);
}

/* An eventlog's markers, with their texts. */
static void json_marks(FILE *f, const struct profile *p)
{
    fputs("],\n \"marks\": [", f);
    for (size_t i = 0; i < p->nmarks; i++) {
        char time[NUMBER_TEXT_MAX];
        number_format(time, p->marks[i]);
        fprintf(f, "%s\n  {\"time\": %s, \"text\": ", i ? "," : "", time);
        json_text(f, p->mark_text[i] ? p->mark_text[i] : "");
        putc('}', f);
    }
}

int export_json(FILE *f, const struct profile *p, const struct band_plan *bp,
                enum export_layout layout, struct hp_error *err)
{
    bool wide = export_layout_choose(p, bp, layout) == EXPORT_WIDE;
    json_head(f, p, layout == EXPORT_BANDS ? "bands" : wide ? "wide" : "long");
    json_bands(f, p, bp);
    if (layout == EXPORT_BANDS) {
        fputs("],\n \"totals\": [", f);
        for (size_t c = 0; c < bp->count; c++)
            fprintf(f, "%s%" PRIu64, c ? ", " : "", bp->band[bp->count - 1 - c].total);
        fputs("]}\n", f);
        return 0;
    }
    size_t nheap;
    char **heap = heap_texts(p, json_name, &nheap);
    if (nheap) { /* --heap: the names of each sample's "heap" values */
        fputs("],\n \"heap\": [", f);
        for (size_t i = 0; i < nheap; i++)
            fprintf(f, "%s%s", i ? ", " : "", heap[i]);
    }
    if (p->mark_text)
        json_marks(f, p);
    int rc;
    if (wide) {
        fputs("],\n \"samples\": [", f);
        rc = replay(f, p, bp, json_row, err);
    } else {
        fputs("],\n \"values\": [", f);
        char **text = band_texts(bp, json_name);
        rc = replay_long(f, p, bp, text, heap, json_value, err);
        free_names(text, bp->count);
    }
    free_names(heap, nheap);
    if (rc < 0)
        return -1;
    fputs("\n ]}\n", f);
    return rc;
}

/* ---- formats -------------------------------------------------------------- */

const struct export_format export_format_csv = { .name = "csv", .write = export_csv };
const struct export_format export_format_json = { .name = "json", .write = export_json };

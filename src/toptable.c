/* SPDX-License-Identifier: BSD-3-Clause */
/* toptable.c: see toptable.h. */
#include "toptable.h"
#include "number.h"
#include "json.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "layout/axis.h"
#include "utf8.h"

size_t toptable_rows(const struct triage *t, size_t top)
{
    size_t n = 0;
    while (n < t->nrows && t->row[n].change > 0 && (top == 0 || n < top))
        n++;
    return n;
}

/* ---- numbers --------------------------------------------------------------- */

/* For scripts: the shortest of %.15g and %.17g that reads back as the
 * same double, '.' whatever the locale; "" when not finite (CSV's empty
 * cell, JSON's null: the caller says which). */
static void exact(char buf[NUMBER_TEXT_MAX], double v)
{
    if (!isfinite(v))
        buf[0] = '\0';
    else
        number_format(buf, v == 0 ? 0.0 : v);
}

/* A header string (a unit) as one line of valid UTF-8: a new string. */
static char *unit_text(const char *raw)
{
    return utf8_display_text(raw ? raw : "", raw ? strlen(raw) : 0);
}

/* For people: a value in the key's units, "408.8 kB"; signed: "+408.8 kB". */
static void quantity(char *buf, size_t size, double v, const struct toptable *tt, bool sign)
{
    char q[96];
    char *unit = unit_text(tt->p->value_unit);
    axis_format_quantity(q, sizeof q, fabs(v), unit, tt->iec);
    free(unit);
    snprintf(buf, size, "%s%s", !sign || v == 0 ? "" : v > 0 ? "+" : "-", q);
    dot_decimal(buf);
}

/* A share from 0 to 1 as a per cent with the figures it needs. */
static void percent(char *buf, size_t size, double share)
{
    double v = 100 * share;
    if (!isfinite(v))
        snprintf(buf, size, "?");
    else if (share == 1 || share == 0)
        snprintf(buf, size, "%.0f %%", v);
    else if (fabs(v) < 0.005)
        snprintf(buf, size, "%s0.01 %%", v < 0 ? ">-" : "<");
    else if (fabs(v) >= 10)
        snprintf(buf, size, "%.1f %%", v);
    else
        snprintf(buf, size, "%.2f %%", v);
    dot_decimal(buf);
}

/* The unit a time is written in: "s" for seconds, else the profile's,
 * made one line of valid UTF-8 and cut to fit buf (at a character). */
static const char *time_unit_in(char *buf, size_t size, const struct profile *p)
{
    char *unit = unit_text(p->sample_unit);
    snprintf(buf, size, "%s", strcmp(unit, "seconds") == 0 ? "s" : unit);
    utf8_trim_partial(buf);
    free(unit);
    return buf;
}
#define time_unit(p) time_unit_in((char[128]){ 0 }, 128, p)

static void when(char *buf, size_t size, double t)
{
    snprintf(buf, size, "%.4g", t);
    dot_decimal(buf);
}

static void change_percent(char *buf, size_t size, double pct)
{
    if (isnan(pct))
        snprintf(buf, size, "new");
    else
        snprintf(buf, size, "%+.1f %%", pct);
    dot_decimal(buf);
}

/* ---- a table of cells, for text and Markdown --------------------------------- */

struct grid {
    size_t ncols, nrows; /* rows after the header */
    char **cell;         /* (nrows + 1) x ncols, the header first */
    const bool *right;   /* per column: aligned right */
};

static void grid_init(struct grid *g, const char *const *head, const bool *right, size_t ncols,
                      size_t nrows)
{
    g->ncols = ncols;
    g->nrows = nrows;
    g->right = right;
    g->cell = xcalloc((nrows + 1) * ncols, sizeof *g->cell);
    for (size_t c = 0; c < ncols; c++)
        g->cell[c] = xstrdup(head[c]);
}

static void grid_set(struct grid *g, size_t row, size_t col, const char *text)
{
    free(g->cell[(row + 1) * g->ncols + col]);
    g->cell[(row + 1) * g->ncols + col] = xstrdup(text);
}

static void grid_free(struct grid *g)
{
    for (size_t i = 0; i < (g->nrows + 1) * g->ncols; i++)
        free(g->cell[i]);
    free(g->cell);
}

/* Columns padded to their widest cell (in characters), two spaces apart;
 * the last column (the name) is not padded. */
static void grid_text(FILE *f, const struct grid *g)
{
    size_t *w = xcalloc(g->ncols, sizeof *w);
    for (size_t r = 0; r <= g->nrows; r++)
        for (size_t c = 0; c < g->ncols; c++) {
            size_t n = utf8_count(g->cell[r * g->ncols + c]);
            if (n > w[c])
                w[c] = n;
        }
    for (size_t r = 0; r <= g->nrows; r++) {
        for (size_t c = 0; c < g->ncols; c++) {
            const char *s = g->cell[r * g->ncols + c];
            size_t pad = w[c] - utf8_count(s);
            bool last = c + 1 == g->ncols;
            if (g->right[c])
                fprintf(f, "%*s", (int)pad, "");
            fputs(s, f);
            if (!last)
                fprintf(f, "%*s  ", (int)(g->right[c] ? 0 : pad), "");
        }
        putc('\n', f);
    }
    free(w);
}

/* Markdown's special characters in a cell escaped, line breaks marked
 * (a name the RTS wrote over several lines). */
static char *md_cell(const char *s)
{
    char *shown = utf8_display_name(s, strlen(s));
    char *out = xmalloc(2 * strlen(shown) + 1), *o = out;
    for (const char *p = shown; *p; p++) {
        if (strchr("\\`*_[]<>|~&#", *p))
            *o++ = '\\';
        *o++ = *p;
    }
    *o = '\0';
    free(shown);
    return out;
}

static void grid_markdown(FILE *f, const struct grid *g)
{
    for (size_t r = 0; r <= g->nrows; r++) {
        fputs("|", f);
        for (size_t c = 0; c < g->ncols; c++) {
            char *cell = md_cell(g->cell[r * g->ncols + c]);
            fprintf(f, " %s |", cell);
            free(cell);
        }
        putc('\n', f);
        if (r == 0) {
            fputs("|", f);
            for (size_t c = 0; c < g->ncols; c++)
                fputs(g->right[c] ? "---:|" : ":---|", f);
            putc('\n', f);
        }
    }
}

/* ---- the ranking for people ------------------------------------------------- */

/* A header string or a name as one line of text. */
static char *line_of(const char *raw)
{
    return utf8_display_name(raw ? raw : "", raw ? strlen(raw) : 0);
}

static const char *const one_head[] = { "rank",   "leak",     "score", "start",      "end",
                                        "change", "change %", "peak",  "peak at",    "end share",
                                        "steady", "slope",    "R²",    "still held", "name" };
static const bool one_right[] = { true, false, true, true, true, true, true, true,
                                  true, true,  true, true, true, true, false };
#define ONE_COLS (sizeof one_head / sizeof *one_head)

static const char *const two_head[] = { "rank",        "grew",     "peak before", "peak after",
                                        "change",      "change %", "end after",   "held after",
                                        "score after", "name" };
static const bool two_right[] = { true, false, true, true, true, true, true, true, true, false };
#define TWO_COLS (sizeof two_head / sizeof *two_head)

static void ranking_grid(struct grid *g, const struct toptable *tt, size_t n)
{
    const struct triage *t = tt->t;
    char b[160];
    if (t->two)
        grid_init(g, two_head, two_right, TWO_COLS, n);
    else
        grid_init(g, one_head, one_right, ONE_COLS, n);
    for (size_t i = 0; i < n; i++) {
        const struct triage_row *r = &t->row[i];
        size_t c = 0;
        snprintf(b, sizeof b, "%zu", i + 1);
        grid_set(g, i, c++, b);
        grid_set(g, i, c++, r->leak ? (t->two ? "GREW" : "LEAK") : "");
        if (t->two) {
            quantity(b, sizeof b, (double)r->before.peak, tt, false);
            grid_set(g, i, c++, r->before.present ? b : "-");
            quantity(b, sizeof b, (double)r->fig.peak, tt, false);
            grid_set(g, i, c++, r->fig.present ? b : "-");
            quantity(b, sizeof b, (double)r->change, tt, true);
            grid_set(g, i, c++, b);
            change_percent(b, sizeof b, r->change_pct);
            grid_set(g, i, c++, b);
            quantity(b, sizeof b, (double)r->fig.end, tt, false);
            grid_set(g, i, c++, b);
            percent(b, sizeof b, r->fig.held);
            grid_set(g, i, c++, b);
            quantity(b, sizeof b, r->fig.score, tt, false);
            grid_set(g, i, c++, b);
        } else {
            quantity(b, sizeof b, r->score, tt, false);
            grid_set(g, i, c++, b);
            quantity(b, sizeof b, (double)r->fig.start, tt, false);
            grid_set(g, i, c++, b);
            quantity(b, sizeof b, (double)r->fig.end, tt, false);
            grid_set(g, i, c++, b);
            quantity(b, sizeof b, (double)r->change, tt, true);
            grid_set(g, i, c++, b);
            change_percent(b, sizeof b, r->change_pct);
            grid_set(g, i, c++, b);
            quantity(b, sizeof b, (double)r->fig.peak, tt, false);
            grid_set(g, i, c++, b);
            char at[64];
            when(at, sizeof at, r->fig.peak_time);
            snprintf(b, sizeof b, "%s %s", at, time_unit(tt->p));
            utf8_trim_partial(b);
            grid_set(g, i, c++, b);
            percent(b, sizeof b, r->fig.end_share);
            grid_set(g, i, c++, b);
            percent(b, sizeof b, r->fig.steady);
            grid_set(g, i, c++, b);
            char *vu = unit_text(tt->p->value_unit), *su = unit_text(tt->p->sample_unit);
            axis_format_rate(b, sizeof b, r->fig.slope, vu, su, tt->iec);
            free(vu);
            free(su);
            dot_decimal(b);
            grid_set(g, i, c++, b);
            snprintf(b, sizeof b, "%.3f", r->fig.r2);
            dot_decimal(b);
            grid_set(g, i, c++, b);
            percent(b, sizeof b, r->fig.held);
            grid_set(g, i, c++, b);
        }
        char *name = line_of(r->name);
        grid_set(g, i, c, name);
        free(name);
    }
}

/* "leak-hc.hp: slowleak +RTS -hc" */
static void source_line(FILE *f, const char *lead, const char *label, const struct profile *p)
{
    char *src = line_of(p->source), *job = line_of(p->job);
    fprintf(f, "%s%s%s: %s\n", lead, label, src, job);
    free(src);
    free(job);
}

static void window_text(char *buf, size_t size, size_t n, double from, double to,
                        const struct profile *p)
{
    char a[64], b[64];
    when(a, sizeof a, from);
    when(b, sizeof b, to);
    snprintf(buf, size, "%zu census%s, %s to %s %s", n, n == 1 ? "" : "es", a, b, time_unit(p));
}

/* The lines above the table: whose, which window, the heap, the verdict. */
static void preamble(FILE *f, const struct toptable *tt, const char *lead)
{
    const struct triage *t = tt->t;
    char w[200], a[96], b[96], c[96], at[64], fl[96];
    quantity(fl, sizeof fl, t->floor, tt, false);
    if (t->two) {
        window_text(w, sizeof w, t->before_ncensuses, t->before_t_start, t->before_t_end,
                    tt->before);
        quantity(a, sizeof a, (double)t->before_heap_peak, tt, false);
        source_line(f, lead, "before: ", tt->before);
        fprintf(f, "%s        %s, heap peak %s\n", lead, w, a);
        window_text(w, sizeof w, t->ncensuses, t->t_start, t->t_end, tt->p);
        quantity(a, sizeof a, (double)t->heap_peak, tt, false);
        source_line(f, lead, "after:  ", tt->p);
        fprintf(f, "%s        %s, heap peak %s\n", lead, w, a);
        if (t->nleaks)
            fprintf(f,
                    "%sgrew: %zu name%s whose peak grew by %s or more (%g %% of the larger "
                    "heap peak)\n",
                    lead, t->nleaks, t->nleaks == 1 ? "" : "s", fl, 100 * TRIAGE_LEAK_SHARE);
        else
            fprintf(f, "%sgrew: no name's peak grew by %s (%g %% of the larger heap peak)\n", lead,
                    fl, 100 * TRIAGE_LEAK_SHARE);
        return;
    }
    source_line(f, lead, "", tt->p);
    window_text(w, sizeof w, t->ncensuses, t->t_start, t->t_end, tt->p);
    fprintf(f, "%swindow: %s\n", lead, w);
    quantity(a, sizeof a, (double)t->heap_start, tt, false);
    quantity(b, sizeof b, (double)t->heap_end, tt, false);
    quantity(c, sizeof c, (double)t->heap_peak, tt, false);
    when(at, sizeof at, t->heap_peak_time);
    fprintf(f, "%sheap: %s at the start, %s at the end, peak %s at %s %s\n", lead, a, b, c, at,
            time_unit(tt->p));
    if (t->ncensuses < TRIAGE_LEAK_CENSUSES)
        fprintf(f, "%sleaks: none called: %zu census%s too few to tell a leak (%d or more)\n", lead,
                t->ncensuses, t->ncensuses == 1 ? " is" : "es are", TRIAGE_LEAK_CENSUSES);
    else if (t->nleaks)
        fprintf(f,
                "%sleaks: %zu (each scores %s or more, %g %% of the heap's peak, and a "
                "quarter of its growth or more)\n",
                lead, t->nleaks, fl, 100 * TRIAGE_LEAK_SHARE);
    else
        fprintf(f,
                "%sleaks: none (a leak scores %s or more, %g %% of the heap's peak, and a "
                "quarter of its growth or more)\n",
                lead, fl, 100 * TRIAGE_LEAK_SHARE);
}

static const char *const state_label[TRIAGE_STATES] = { "lag", "drag", "void", "use",
                                                        "inherent use" };

/* -hb and -he: what only those breakdowns tell. */
static void breakdown_lines(FILE *f, const struct toptable *tt, const char *lead, const char *item)
{
    const struct triage *t = tt->t;
    char a[96], at[64], share[32];
    if (t->biography) {
        fprintf(f, "\n%sbiography (-hb), each state's share of the heap·time:\n", lead);
        for (int s = 0; s < TRIAGE_STATES; s++) {
            percent(share, sizeof share, t->bio.share[s]);
            quantity(a, sizeof a, (double)t->bio.peak[s], tt, false);
            when(at, sizeof at, t->bio.peak_time[s]);
            fprintf(f, "%s%s%s %s, peak %s at %s %s%s\n", lead, item, state_label[s], share, a, at,
                    time_unit(tt->p),
                    s == STATE_DRAG       ? " (kept after its last use)"
                        : s == STATE_VOID ? " (never used)"
                                          : "");
        }
    }
    if (t->neras) {
        fprintf(f, "\n%seras alive at the end (-he), the oldest first:\n", lead);
        for (size_t i = 0; i < t->neras; i++) {
            char born[64], age[64];
            quantity(a, sizeof a, (double)t->eras[i].bytes, tt, false);
            when(born, sizeof born, t->eras[i].born);
            when(age, sizeof age, t->eras[i].age);
            fprintf(f, "%s%sera %" PRIu64 ": %s, first seen at %s %s, age %s %s\n", lead, item,
                    t->eras[i].era, a, born, time_unit(tt->p), age, time_unit(tt->p));
        }
    }
}

static void tail_line(FILE *f, const struct toptable *tt, size_t shown, const char *lead)
{
    const struct triage *t = tt->t;
    size_t grew = t->ngrew, rest = t->nrows - grew;
    if (grew > shown)
        fprintf(f, "%s%zu more name%s grew (--top=%zu shows them)\n", lead, grew - shown,
                grew - shown == 1 ? "" : "s", grew);
    if (rest)
        fprintf(f, "%s%zu name%s did not grow\n", lead, rest, rest == 1 ? "" : "s");
}

/* ---- OTHER opened, for people --------------------------------------------------- */

static void opened_grid(struct grid *g, const struct toptable *tt)
{
    static const char *const head[] = { "in", "value", "name" };
    static const bool right[] = { false, true, false };
    const struct triage_opened *o = tt->opened;
    grid_init(g, head, right, 3, o->n);
    char b[128];
    for (size_t i = 0; i < o->n; i++) {
        grid_set(g, i, 0, o->member[i].traced ? "-t" : "OTHER");
        quantity(b, sizeof b, (double)o->member[i].value, tt, false);
        grid_set(g, i, 1, b);
        char *name = line_of(o->member[i].name);
        grid_set(g, i, 2, name);
        free(name);
    }
}

static void opened_preamble(FILE *f, const struct toptable *tt, const char *lead)
{
    const struct triage_opened *o = tt->opened;
    char at[64], a[96], b[96], c[96];
    source_line(f, lead, "", tt->p);
    when(at, sizeof at, o->time);
    quantity(a, sizeof a, (double)o->total, tt, false);
    fprintf(f, "%scensus %zu, at %s %s: heap %s\n", lead, o->index, at, time_unit(tt->p), a);
    quantity(b, sizeof b, (double)o->other, tt, false);
    quantity(c, sizeof c, (double)o->traced, tt, false);
    fprintf(f, "%sOTHER holds %s in %zu name%s; -t leaves out %s in %zu name%s\n", lead, b,
            o->other_names, o->other_names == 1 ? "" : "s", c, o->traced_names,
            o->traced_names == 1 ? "" : "s");
}

static void write_text(FILE *f, const struct toptable *tt)
{
    struct grid g;
    if (tt->opened) {
        opened_preamble(f, tt, "");
        if (tt->opened->n) {
            putc('\n', f);
            opened_grid(&g, tt);
            grid_text(f, &g);
            grid_free(&g);
        }
        return;
    }
    preamble(f, tt, "");
    size_t n = toptable_rows(tt->t, tt->top);
    if (n) {
        putc('\n', f);
        ranking_grid(&g, tt, n);
        grid_text(f, &g);
        grid_free(&g);
    }
    tail_line(f, tt, n, "");
    breakdown_lines(f, tt, "", "  ");
}

static void write_markdown(FILE *f, const struct toptable *tt)
{
    struct grid g;
    /* The preamble's lines as a list, each a line of its own. */
    if (tt->opened) {
        opened_preamble(f, tt, "- ");
        if (tt->opened->n) {
            putc('\n', f);
            opened_grid(&g, tt);
            grid_markdown(f, &g);
            grid_free(&g);
        }
        return;
    }
    preamble(f, tt, "- ");
    size_t n = toptable_rows(tt->t, tt->top);
    if (n) {
        putc('\n', f);
        ranking_grid(&g, tt, n);
        grid_markdown(f, &g);
        grid_free(&g);
    }
    if (n && (tt->t->ngrew > n || tt->t->nrows > tt->t->ngrew))
        putc('\n', f);
    tail_line(f, tt, n, "- ");
    breakdown_lines(f, tt, "", "- ");
}

/* ---- for scripts: CSV ------------------------------------------------------------- */

static void csv_text(FILE *f, const char *s)
{
    char *v = utf8_sanitize_lines(s ? s : "", s ? strlen(s) : 0);
    if (!strpbrk(v, ",\"\r\n\t")) {
        fputs(v, f);
    } else {
        putc('"', f);
        for (const char *p = v; *p; p++) {
            if (*p == '"')
                putc('"', f);
            putc(*p, f);
        }
        putc('"', f);
    }
    free(v);
}

static void csv_num(FILE *f, double v)
{
    char b[NUMBER_TEXT_MAX];
    exact(b, v);
    fprintf(f, ",%s", b);
}

static void write_csv(FILE *f, const struct toptable *tt)
{
    if (tt->opened) {
        const struct triage_opened *o = tt->opened;
        fputs("in,value,name\n", f);
        for (size_t i = 0; i < o->n; i++) {
            fprintf(f, "%s,%" PRId64 ",", o->member[i].traced ? "-t" : "OTHER", o->member[i].value);
            csv_text(f, o->member[i].name);
            putc('\n', f);
        }
        return;
    }
    const struct triage *t = tt->t;
    size_t n = toptable_rows(t, tt->top);
    if (t->two)
        fputs("rank,name,grew,before_peak,after_peak,change,change_percent,before_end,after_end,"
              "after_held,after_steady,after_slope,after_r2,after_score\n",
              f);
    else
        fputs("rank,name,leak,score,start,end,change,change_percent,peak,peak_time,end_share,"
              "steady,slope,r2,held\n",
              f);
    for (size_t i = 0; i < n; i++) {
        const struct triage_row *r = &t->row[i];
        fprintf(f, "%zu,", i + 1);
        csv_text(f, r->name);
        fprintf(f, ",%s", r->leak ? "yes" : "no");
        if (t->two) {
            fprintf(f, ",%" PRId64 ",%" PRId64 ",%" PRId64, r->before.peak, r->fig.peak, r->change);
            csv_num(f, r->change_pct);
            fprintf(f, ",%" PRId64 ",%" PRId64, r->before.end, r->fig.end);
            csv_num(f, r->fig.held);
            csv_num(f, r->fig.steady);
            csv_num(f, r->fig.slope);
            csv_num(f, r->fig.r2);
            csv_num(f, r->fig.score);
        } else {
            csv_num(f, r->score);
            fprintf(f, ",%" PRId64 ",%" PRId64 ",%" PRId64, r->fig.start, r->fig.end, r->change);
            csv_num(f, r->change_pct);
            fprintf(f, ",%" PRId64, r->fig.peak);
            csv_num(f, r->fig.peak_time);
            csv_num(f, r->fig.end_share);
            csv_num(f, r->fig.steady);
            csv_num(f, r->fig.slope);
            csv_num(f, r->fig.r2);
            csv_num(f, r->fig.held);
        }
        putc('\n', f);
    }
}

/* ---- for scripts: JSON -------------------------------------------------------------- */

static void json_str(FILE *f, const char *raw)
{
    json_put_string(f, raw ? raw : "", JSON_DOCUMENT);
}

/* ", "KEY": NUMBER" (null when not finite) */
static void json_num(FILE *f, const char *key, double v)
{
    fprintf(f, ", \"%s\": ", key);
    json_put_number_or_null(f, v);
}

static void json_int(FILE *f, const char *key, int64_t v)
{
    fprintf(f, ", \"%s\": %" PRId64, key, v);
}

static void json_head(FILE *f, const char *layout)
{
    fprintf(f, "{\"format\": {\"name\": \"hp2ps\", \"version\": 1, \"layout\": \"%s\"}", layout);
}

/* A profile's names and units: "source", "job", "sample_unit", "value_unit". */
static void json_profile(FILE *f, const struct profile *p)
{
    fputs("\"source\": ", f);
    json_str(f, p->source);
    fputs(", \"job\": ", f);
    json_str(f, p->job);
    fputs(", \"sample_unit\": ", f);
    json_str(f, p->sample_unit);
    fputs(", \"value_unit\": ", f);
    json_str(f, p->value_unit);
}

static void json_window(FILE *f, size_t n, double from, double to)
{
    fprintf(f, ", \"censuses\": %zu", n);
    json_num(f, "start", from);
    json_num(f, "end", to);
}

static void json_figures(FILE *f, const char *prefix, const struct triage_figures *x)
{
    char key[64];
#define KEY(k) (snprintf(key, sizeof key, "%s%s", prefix, k), key)
    json_int(f, KEY("start"), x->start);
    json_int(f, KEY("end"), x->end);
    json_int(f, KEY("peak"), x->peak);
    json_num(f, KEY("peak_time"), x->present ? x->peak_time : NAN);
    json_num(f, KEY("end_share"), x->end_share);
    json_num(f, KEY("steady"), x->steady);
    json_num(f, KEY("slope"), x->slope);
    json_num(f, KEY("r2"), x->r2);
    json_num(f, KEY("held"), x->held);
    json_num(f, KEY("score"), x->score);
#undef KEY
}

static void json_ranking(FILE *f, const struct toptable *tt)
{
    const struct triage *t = tt->t;
    json_head(f, t->two ? "top-two" : "top");
    if (t->two) {
        fputs(",\n \"before\": {", f);
        json_profile(f, tt->before);
        json_window(f, t->before_ncensuses, t->before_t_start, t->before_t_end);
        json_int(f, "heap_peak", t->before_heap_peak);
        fputs("},\n \"after\": {", f);
        json_profile(f, tt->p);
        json_window(f, t->ncensuses, t->t_start, t->t_end);
        json_int(f, "heap_peak", t->heap_peak);
        fputs("}", f);
    } else {
        fputs(",\n ", f);
        json_profile(f, tt->p);
        fputs(",\n \"window\": {", f);
        fprintf(f, "\"censuses\": %zu", t->ncensuses);
        json_num(f, "start", t->t_start);
        json_num(f, "end", t->t_end);
        fputs("},\n \"heap\": {", f);
        fprintf(f, "\"start\": %" PRId64, t->heap_start);
        json_int(f, "end", t->heap_end);
        json_int(f, "peak", t->heap_peak);
        json_num(f, "peak_time", t->heap_peak_time);
        json_num(f, "area", t->heap_area);
        fputs("}", f);
    }
    fputs(",\n \"floor\": ", f);
    json_put_number_or_null(f, t->floor);
    fprintf(f, ", \"%s\": %zu, \"grew\": %zu, \"names\": %zu", t->two ? "grew_floor" : "leaks",
            t->nleaks, t->ngrew, t->nrows);
    size_t n = toptable_rows(t, tt->top);
    fputs(",\n \"rows\": [", f);
    for (size_t i = 0; i < n; i++) {
        const struct triage_row *r = &t->row[i];
        fprintf(f, "%s\n  {\"rank\": %zu, \"name\": ", i ? "," : "", i + 1);
        json_str(f, r->name);
        fprintf(f, ", \"%s\": %s", t->two ? "grew" : "leak", r->leak ? "true" : "false");
        json_num(f, "rank_score", r->score);
        json_int(f, "change", r->change);
        json_num(f, "change_percent", r->change_pct);
        if (t->two) {
            fprintf(f, ", \"in_before\": %s, \"in_after\": %s",
                    r->before.present ? "true" : "false", r->fig.present ? "true" : "false");
            json_figures(f, "before_", &r->before);
            json_figures(f, "after_", &r->fig);
        } else
            json_figures(f, "", &r->fig);
        putc('}', f);
    }
    fputs(n ? "\n ]" : "]", f);
    if (t->biography) {
        fputs(",\n \"biography\": {", f);
        static const char *const key[TRIAGE_STATES] = { "lag", "drag", "void", "use",
                                                        "inherent_use" };
        for (int s = 0; s < TRIAGE_STATES; s++) {
            fprintf(f, "%s\"%s\": {\"share\": ", s ? ", " : "", key[s]);
            json_put_number_or_null(f, t->bio.share[s]);
            json_num(f, "area", t->bio.area[s]);
            json_int(f, "peak", t->bio.peak[s]);
            json_num(f, "peak_time", t->bio.peak_time[s]);
            putc('}', f);
        }
        putc('}', f);
    }
    if (t->neras) {
        fputs(",\n \"eras\": [", f);
        for (size_t i = 0; i < t->neras; i++) {
            fprintf(f, "%s{\"era\": %" PRIu64, i ? ", " : "", t->eras[i].era);
            json_int(f, "bytes", t->eras[i].bytes);
            json_num(f, "born", t->eras[i].born);
            json_num(f, "age", t->eras[i].age);
            putc('}', f);
        }
        putc(']', f);
    }
    fputs("}\n", f);
}

static void write_json(FILE *f, const struct toptable *tt)
{
    if (!tt->opened) {
        json_ranking(f, tt);
        return;
    }
    const struct triage_opened *o = tt->opened;
    json_head(f, "at");
    fputs(",\n ", f);
    json_profile(f, tt->p);
    fprintf(f, ",\n \"census\": {\"index\": %zu", o->index);
    json_num(f, "time", o->time);
    json_int(f, "total", o->total);
    fprintf(f, "},\n \"other\": %" PRId64 ", \"traced\": %" PRId64 ",\n \"members\": [", o->other,
            o->traced);
    for (size_t i = 0; i < o->n; i++) {
        fprintf(f, "%s\n  {\"in\": \"%s\", \"value\": %" PRId64 ", \"name\": ", i ? "," : "",
                o->member[i].traced ? "-t" : "OTHER", o->member[i].value);
        json_str(f, o->member[i].name);
        putc('}', f);
    }
    fputs(o->n ? "\n ]}\n" : "]}\n", f);
}

/* ---- the formats -------------------------------------------------------------------- */

static const struct toptable_format formats[] = {
    { "txt", write_text },
    { "md", write_markdown },
    { "csv", write_csv },
    { "json", write_json },
};

const struct toptable_format *toptable_format_find(const char *name)
{
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        if (strcmp(formats[i].name, name) == 0)
            return &formats[i];
    return NULL;
}

const struct toptable_format *toptable_format_at(size_t i)
{
    return i < sizeof formats / sizeof *formats ? &formats[i] : NULL;
}

const struct toptable_format *toptable_format_for_path(const char *path)
{
    char ext[8];
    return path_extension(path, ext, sizeof ext) ? toptable_format_find(ext) : NULL;
}

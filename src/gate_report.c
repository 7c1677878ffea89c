/* SPDX-License-Identifier: BSD-3-Clause */
/* gate_report.c: see gate_report.h. */
#include "gate_report.h"
#include "json.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "markup.h"
#include "number.h"
#include "utf8.h"

/* ---- a growing string ------------------------------------------------------------ */

struct text {
    char *s;
    size_t n, cap;
};

static void put(struct text *t, const char *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        t->cap = (t->n + n + 1) * 2;
        t->s = xrealloc(t->s, t->cap);
    }
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n] = '\0';
}

static void puts_(struct text *t, const char *s)
{
    put(t, s, strlen(s));
}

static void printf_(struct text *t, const char *fmt, ...) HP_PRINTF(2, 3);
static void printf_(struct text *t, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof buf) {
        put(t, buf, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    put(t, big, (size_t)n);
    free(big);
}

static char *done(struct text *t)
{
    if (!t->s)
        puts_(t, "");
    return t->s;
}

/* ---- numbers in words ------------------------------------------------------------ */

static bool in_bytes(const struct gate_style *st)
{
    return !st->value_unit || strcmp(st->value_unit, "bytes") == 0;
}

static const char *time_unit(const struct gate_style *st)
{
    if (!st->sample_unit || strcmp(st->sample_unit, "seconds") == 0)
        return "s";
    return st->sample_unit;
}

/* v (VALUE_UNITs) in the key's units to `digits` significant figures:
 * "62.25 MB", "136 B"; sign: a '+' in front of a rise. */
static void format_value(char *buf, size_t size, double v, const struct gate_style *st, int digits,
                         bool sign, bool rate)
{
    static const char *const si[] = { "B", "kB", "MB", "GB", "TB", "PB", "EB" };
    static const char *const iec[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
    const char *plus = sign && v > 0 ? "+" : "";
    char per[64] = "";
    if (rate)
        snprintf(per, sizeof per, "/%s", time_unit(st));
    if (!in_bytes(st)) {
        snprintf(buf, size, "%s%.*g %s%s", plus, digits, v, st->value_unit, per);
        return;
    }
    double step = st->iec ? 1024 : 1000, a = fabs(v);
    int k = 0;
    while (k < 6 && a >= step)
        a /= step, k++;
    double shown = v < 0 ? -a : a;
    if (k == 0 && v == floor(v))
        snprintf(buf, size, "%s%.0f B%s", plus, v, per); /* whole bytes as they are */
    else
        snprintf(buf, size, "%s%.*g %s%s", plus, digits, shown, st->iec ? iec[k] : si[k], per);
}

/* a and b to four figures, more where four would write two different
 * values alike ("62.25 MB > 62.25 MB" says nothing). */
static void format_pair(char *fa, char *fb, size_t size, double a, double b,
                        const struct gate_style *st, bool sign_a, bool rate)
{
    format_value(fa, size, a, st, 4, sign_a, rate);
    format_value(fb, size, b, st, 4, false, rate);
    if (a == b || strcmp(fa, fb) != 0)
        return;
    if (in_bytes(st) && !rate && a == floor(a) && b == floor(b)) {
        snprintf(fa, size, "%s%.0f B", sign_a && a > 0 ? "+" : "", a);
        snprintf(fb, size, "%.0f B", b);
        return;
    }
    for (int d = 5; d <= 17; d++) {
        format_value(fa, size, a, st, d, sign_a, rate);
        format_value(fb, size, b, st, d, false, rate);
        if (strcmp(fa, fb) != 0)
            return;
    }
}

static void format_time(char *buf, size_t size, double t, const struct gate_style *st)
{
    if (fabs(t) < 1e6)
        snprintf(buf, size, "%.3f %s", t, time_unit(st));
    else
        snprintf(buf, size, "%.6g %s", t, time_unit(st));
}

/* A name as one line of valid UTF-8 (band names are raw bytes). */
static char *display(const char *name)
{
    return utf8_display_name(name, strlen(name));
}

static void culprit_words(struct text *t, const struct gate_check *c, const struct gate_style *st);

/* ---- one check in words ---------------------------------------------------------- */

static bool over_window(const struct gate_check *c)
{
    return c->measure == BUDGET_CHANGE || c->measure == BUDGET_SLOPE || c->measure == BUDGET_MEAN;
}

/* "MEASURED at T" or "MEASURED from A to B", and the limit: the parts
 * of a line, of a Markdown row, of the JSON's message. */
static void check_figures(const struct gate_check *c, const struct gate_style *st,
                          char measured[96], char allowed[96], char when[128])
{
    bool rate = c->measure == BUDGET_SLOPE;
    format_pair(measured, allowed, 96, c->measured, c->allowed, st,
                c->measure == BUDGET_CHANGE || c->measure == BUDGET_SLOPE, rate);
    char a[48], b[48];
    format_time(a, sizeof a, over_window(c) ? c->from : c->at, st);
    if (over_window(c)) {
        format_time(b, sizeof b, c->to, st);
        snprintf(when, 128, "from %s to %s", a, b);
    } else
        snprintf(when, 128, "at %s", a);
}

/* Against a baseline: where the allowance came from. */
static void allowance_words(struct text *t, const struct gate_verdict *v,
                            const struct gate_check *c, const struct gate_style *st)
{
    char base[96], least[96];
    format_value(least, sizeof least, v->floor, st, 4, false, false);
    if (c->new_band) {
        char *src = display(v->base_source);
        printf_(t, "a band %s lacks: the %s floor", src, least);
        free(src);
        return;
    }
    format_value(base, sizeof base, c->base, st, 4, false, false);
    if (floor(c->base * v->tolerance / 100) >= v->floor)
        printf_(t, "baseline %s + %g%%", base, v->tolerance);
    else
        printf_(t, "baseline %s + the %s floor", base, least);
}

char *gate_check_line(const struct gate_verdict *v, const struct gate_check *c,
                      const struct gate_style *st)
{
    struct text t = { 0 };
    char measured[96], allowed[96], when[128], over[96];
    check_figures(c, st, measured, allowed, when);
    char *name = display(c->name);
    puts_(&t, name);
    free(name);
    if (c->kind != GATE_BUDGET) {
        char *base = display(v->base_source);
        printf_(&t, " against %s", base);
        free(base);
    }
    printf_(&t, ": %s %s %s %s allowed", measured, when, c->pass ? "<=" : ">", allowed);
    if (!c->pass) {
        format_value(over, sizeof over, c->measured - c->allowed, st, 4, false,
                     c->measure == BUDGET_SLOPE);
        printf_(&t, " (over by %s)", over);
    }
    if (c->kind != GATE_BUDGET) {
        puts_(&t, ", ");
        allowance_words(&t, v, c, st);
    }
    if (c->subject == BUDGET_BANDS && c->kind == GATE_BUDGET)
        printf_(&t, "; %zu name%s match%s", c->nmatched, c->nmatched == 1 ? "" : "s",
                c->nmatched == 1 ? "es" : "");
    if (c->nculprits) {
        puts_(&t, c->kind == GATE_BUDGET ? "; grew most: " : "; grew most since the baseline: ");
        culprit_words(&t, c, st);
    }
    return done(&t);
}

char *gate_summary_line(const struct gate_verdict *v, const struct gate_style *st)
{
    struct text t = { 0 };
    char *src = display(v->source);
    if (v->failed)
        printf_(&t, "over budget: %zu of %zu check%s fail%s in %s", v->failed, v->n,
                v->n == 1 ? "" : "s", v->failed == 1 ? "s" : "", src);
    else
        printf_(&t, "within budget: %s passes %zu check%s", src, v->n, v->n == 1 ? "" : "s");
    free(src);
    if (v->baseline) {
        char *base = display(v->base_source);
        char floor[96];
        format_value(floor, sizeof floor, v->floor, st, 4, false, false);
        puts_(&t, " (");
        if (v->nbudgets)
            printf_(&t, "%zu budget%s; ", v->nbudgets, v->nbudgets == 1 ? "" : "s");
        printf_(&t,
                "peak and end, and %zu band%s' end and mean, against %s, within %g%% or "
                "%s)",
                v->nbands, v->nbands == 1 ? "" : "s", base, v->tolerance, floor);
        free(base);
    } else if (!v->failed) {
        /* each budget's figure: a pass is read at a glance */
        puts_(&t, ": ");
        for (size_t i = 0; i < v->n; i++) {
            char m[96], a[96], w[128];
            check_figures(&v->check[i], st, m, a, w);
            char *name = display(v->check[i].name);
            printf_(&t, "%s%s %s", i ? "; " : "", name, m);
            free(name);
        }
    }
    if (v->partial)
        puts_(&t, "; the profile is cut or killed, measured as it is (--allow-partial)");
    return done(&t);
}

/* ---- JUnit XML --------------------------------------------------------------------- */

/* Text in XML: drawable UTF-8 (no control characters, none XML 1.0
 * forbids), with its markup escaped. */
static void xml_text(FILE *f, const char *s)
{
    char *d = utf8_display_name(s, strlen(s));
    markup_put_text(f, d);
    free(d);
}

int gate_write_junit(FILE *f, const struct gate_verdict *v, const struct gate_style *st)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f,
            "<testsuites name=\"hp2ps heap budget\" tests=\"%zu\" failures=\"%zu\" "
            "errors=\"0\" time=\"0\">\n",
            v->n, v->failed);
    fputs("  <testsuite name=\"", f);
    xml_text(f, v->source);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\" time=\"0\">\n", v->n,
            v->failed);
    fputs("    <properties>\n", f);
    fprintf(f, "      <property name=\"verdict\" value=\"%s\"/>\n",
            v->failed ? "over budget" : "within budget");
    if (v->baseline) {
        fputs("      <property name=\"baseline\" value=\"", f);
        xml_text(f, v->base_source);
        fprintf(f, "\"/>\n      <property name=\"tolerance\" value=\"%g%%\"/>\n", v->tolerance);
    }
    fputs("    </properties>\n", f);
    for (size_t i = 0; i < v->n; i++) {
        const struct gate_check *c = &v->check[i];
        char *line = gate_check_line(v, c, st);
        fputs("    <testcase name=\"", f);
        xml_text(f, c->name);
        fprintf(f, "\" classname=\"heap.%s\" time=\"0\">\n",
                c->kind == GATE_BUDGET ? "budget" : "baseline");
        if (!c->pass) {
            fputs("      <failure type=\"over budget\" message=\"", f);
            xml_text(f, line);
            fputs("\">", f);
            xml_text(f, line);
            fputs("</failure>\n", f);
        } else {
            fputs("      <system-out>", f);
            xml_text(f, line);
            fputs("</system-out>\n", f);
        }
        fputs("    </testcase>\n", f);
        free(line);
    }
    fputs("  </testsuite>\n</testsuites>\n", f);
    return ferror(f) ? -1 : 0;
}

/* ---- Markdown ---------------------------------------------------------------------- */

/* Text in a table cell: one line, every character Markdown could read as
 * markup behind a backslash (so a band's "\/" stays two characters). */
static void md_text(FILE *f, const char *s)
{
    char *d = utf8_display_name(s, strlen(s));
    for (const char *p = d; *p; p++) {
        if (strchr("\\|`*_[]<>#~!&", *p))
            fputc('\\', f);
        fputc(*p, f);
    }
    free(d);
}

/* A band check that passed is one of many: the table shows the budgets,
 * the totals and the failures, and counts the rest. */
static bool md_row_shown(const struct gate_check *c)
{
    return c->kind != GATE_BASE_BAND || !c->pass;
}

/* The bands a failure names, "NAME +CHANGE, ..." (into t). */
static void culprit_words(struct text *t, const struct gate_check *c, const struct gate_style *st)
{
    for (size_t k = 0; k < c->nculprits; k++) {
        char *n = display(c->culprit[k].name);
        char ch[96];
        format_value(ch, sizeof ch, c->culprit[k].change, st, 4, true, c->measure == BUDGET_SLOPE);
        printf_(t, "%s%s %s", k ? ", " : "", n, ch);
        free(n);
    }
}

int gate_write_markdown(FILE *f, const struct gate_verdict *v, const struct gate_style *st)
{
    char *summary = gate_summary_line(v, st);
    fprintf(f, "### hp2ps heap budget: %s\n\n", v->failed ? "over budget" : "within budget");
    md_text(f, summary);
    fputs("\n\n", f);
    free(summary);
    fputs("| result | check | measured | allowed | when | against | grew most |\n", f);
    fputs("|:--|:--|--:|--:|:--|:--|:--|\n", f);
    size_t hidden = 0;
    for (size_t i = 0; i < v->n; i++) {
        const struct gate_check *c = &v->check[i];
        if (!md_row_shown(c)) {
            hidden++;
            continue;
        }
        char m[96], a[96], w[128];
        check_figures(c, st, m, a, w);
        fprintf(f, "| %s | ", c->pass ? "pass" : "**FAIL**");
        md_text(f, c->name);
        fputs(" | ", f);
        md_text(f, m);
        fputs(" | ", f);
        md_text(f, a);
        fputs(" | ", f);
        md_text(f, w);
        fputs(" | ", f);
        struct text t = { 0 };
        if (c->kind != GATE_BASE_TOTAL && c->kind != GATE_BASE_BAND)
            puts_(&t, "");
        else
            allowance_words(&t, v, c, st);
        md_text(f, done(&t));
        free(t.s);
        fputs(" | ", f);
        struct text g = { 0 };
        culprit_words(&g, c, st);
        md_text(f, done(&g));
        free(g.s);
        fputs(" |\n", f);
    }
    if (hidden)
        fprintf(f, "\n%zu more band check%s within the baseline.\n", hidden,
                hidden == 1 ? "" : "s");
    if (v->ngrowers) {
        if (v->baseline)
            fputs("\n#### Grew most since the baseline\n\n"
                  "| band | baseline peak | peak | change |\n|:--|--:|--:|--:|\n",
                  f);
        else
            fputs("\n#### Grew most (the leak ranking of hp2ps --top)\n\n"
                  "| band | start | end | change | leak |\n|:--|--:|--:|--:|:--|\n",
                  f);
    }
    for (size_t k = 0; k < v->ngrowers; k++) {
        const struct gate_grower *g = &v->grower[k];
        char a[96], b[96], ch[96];
        format_value(a, sizeof a, g->start, st, 4, false, false);
        format_value(b, sizeof b, g->end, st, 4, false, false);
        format_value(ch, sizeof ch, g->change, st, 4, true, false);
        fputs("| ", f);
        md_text(f, g->name);
        fputs(" | ", f);
        md_text(f, a);
        fputs(" | ", f);
        md_text(f, b);
        fputs(" | ", f);
        md_text(f, ch);
        fputs(v->baseline ? " |\n" : g->leak ? " | yes |\n" : " | no |\n", f);
    }
    return ferror(f) ? -1 : 0;
}

/* ---- GitHub workflow commands -------------------------------------------------------- */

/* A command's message: '%', CR and LF as GitHub's runner reads them. */
static void gh_text(FILE *f, const char *s)
{
    for (const char *p = s; *p; p++) {
        if (*p == '%')
            fputs("%25", f);
        else if (*p == '\r')
            fputs("%0D", f);
        else if (*p == '\n')
            fputs("%0A", f);
        else
            fputc(*p, f);
    }
}

int gate_write_github(FILE *f, const struct gate_verdict *v, const struct gate_style *st)
{
    for (size_t i = 0; i < v->n; i++) {
        if (v->check[i].pass)
            continue;
        char *line = gate_check_line(v, &v->check[i], st);
        fputs("::error title=hp2ps heap budget::", f);
        gh_text(f, line);
        fputc('\n', f);
        free(line);
    }
    char *summary = gate_summary_line(v, st);
    fprintf(f, "::%s title=hp2ps heap budget::", v->failed ? "error" : "notice");
    gh_text(f, summary);
    fputc('\n', f);
    free(summary);
    return ferror(f) ? -1 : 0;
}

/* ---- JSON -------------------------------------------------------------------------- */

static void json_string(FILE *f, const char *s)
{
    json_put_string(f, s, JSON_DOCUMENT);
}

static void json_number(FILE *f, double x)
{
    json_put_number_or_null(f, x);
}

static const char *kind_word(enum gate_kind k)
{
    return k == GATE_BUDGET ? "budget" : k == GATE_BASE_TOTAL ? "baseline total" : "baseline band";
}

static const char *subject_word(enum budget_subject s)
{
    static const char *const w[] = { "total", "bands", "heap size", "live bytes" };
    return w[s];
}

int gate_write_json(FILE *f, const struct gate_verdict *v, const struct gate_style *st)
{
    /* the exports' "format" key (export.c), its layout the gate's */
    fprintf(f,
            "{\n  \"format\": {\"name\": \"hp2ps\", \"version\": %d, \"layout\": \"gate\"},\n"
            "  \"verdict\": \"%s\",\n",
            GATE_JSON_VERSION, v->failed ? "over budget" : "within budget");
    fputs("  \"profile\": ", f);
    json_string(f, v->source);
    fprintf(f, ",\n  \"partial\": %s,\n  \"value_unit\": ", v->partial ? "true" : "false");
    json_string(f, st->value_unit ? st->value_unit : "bytes");
    fputs(",\n  \"sample_unit\": ", f);
    json_string(f, st->sample_unit ? st->sample_unit : "seconds");
    fputs(",\n  \"baseline\": ", f);
    if (v->baseline) {
        fputs("{\"profile\": ", f);
        json_string(f, v->base_source);
        fputs(", \"tolerance_percent\": ", f);
        json_number(f, v->tolerance);
        fputs(", \"floor\": ", f);
        json_number(f, v->floor);
        fputs("}", f);
    } else
        fputs("null", f);
    fprintf(f, ",\n  \"checks_total\": %zu,\n  \"checks_failed\": %zu,\n  \"checks\": [", v->n,
            v->failed);
    for (size_t i = 0; i < v->n; i++) {
        const struct gate_check *c = &v->check[i];
        fputs(i ? ",\n    {" : "\n    {", f);
        fputs("\"name\": ", f);
        json_string(f, c->name);
        fprintf(f, ", \"kind\": \"%s\", \"measure\": \"%s\", \"subject\": \"%s\", \"pass\": %s",
                kind_word(c->kind), budget_measure_name(c->measure), subject_word(c->subject),
                c->pass ? "true" : "false");
        fputs(", \"measured\": ", f);
        json_number(f, c->measured);
        fputs(", \"allowed\": ", f);
        json_number(f, c->allowed);
        if (over_window(c)) {
            fputs(", \"from\": ", f);
            json_number(f, c->from);
            fputs(", \"to\": ", f);
            json_number(f, c->to);
        } else {
            fputs(", \"at\": ", f);
            json_number(f, c->at);
        }
        if (c->kind == GATE_BUDGET && c->subject != BUDGET_HEAP_SIZE && c->subject != BUDGET_LIVE)
            fprintf(f, ", \"censuses\": %zu", c->ncensus);
        if (c->subject == BUDGET_BANDS && c->kind == GATE_BUDGET)
            fprintf(f, ", \"names_matched\": %zu", c->nmatched);
        if (c->has_base) {
            fputs(", \"baseline_value\": ", f);
            json_number(f, c->base);
            fprintf(f, ", \"new_band\": %s", c->new_band ? "true" : "false");
        }
        fputs(", \"grew_most\": [", f);
        for (size_t k = 0; k < c->nculprits; k++) {
            fputs(k ? ", {\"band\": " : "{\"band\": ", f);
            json_string(f, c->culprit[k].name);
            fputs(", \"value\": ", f);
            json_number(f, c->culprit[k].value);
            fputs(", \"change\": ", f);
            json_number(f, c->culprit[k].change);
            fputs("}", f);
        }
        fputs("], \"message\": ", f);
        char *line = gate_check_line(v, c, st);
        json_string(f, line);
        free(line);
        fputs("}", f);
    }
    fputs(v->n ? "\n  ],\n  \"grew_most\": [" : "],\n  \"grew_most\": [", f);
    for (size_t k = 0; k < v->ngrowers; k++) {
        const struct gate_grower *g = &v->grower[k];
        fputs(k ? ",\n    {\"band\": " : "\n    {\"band\": ", f);
        json_string(f, g->name);
        fputs(v->baseline ? ", \"baseline_peak\": " : ", \"start\": ", f);
        json_number(f, g->start);
        fputs(v->baseline ? ", \"peak\": " : ", \"end\": ", f);
        json_number(f, g->end);
        fputs(", \"change\": ", f);
        json_number(f, g->change);
        fputs(", \"score\": ", f);
        json_number(f, g->score);
        fprintf(f, ", \"leak\": %s}", g->leak ? "true" : "false");
    }
    fputs(v->ngrowers ? "\n  ]\n}\n" : "]\n}\n", f);
    return ferror(f) ? -1 : 0;
}

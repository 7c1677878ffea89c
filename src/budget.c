/* SPDX-License-Identifier: BSD-3-Clause */
/* budget.c: see budget.h. */
#include "budget.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"

static const char *const measure_word[] = { "peak", "end", "change", "slope", "mean" };
#define MEASURES (sizeof measure_word / sizeof measure_word[0])

const char *budget_measure_name(enum budget_measure m)
{
    return measure_word[m];
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

/* s[0..n) without the spaces at either end. */
static void trim(const char **s, size_t *n)
{
    while (*n && is_space(**s))
        (*s)++, (*n)--;
    while (*n && is_space((*s)[*n - 1]))
        (*n)--;
}

static bool word_is(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(s, word, n) == 0;
}

/* A plain decimal with an optional '-' (a change or a slope may be asked
 * to fall) at the front of s[0..n): its length, 0 when there is none. */
static size_t number_prefix(const char *s, size_t n, double *v)
{
    size_t i = 0;
    bool minus = n > 0 && s[0] == '-';
    if (minus)
        i++;
    size_t start = i;
    while (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
        i++;
    /* an exponent only when digits follow it: "5e" is not a number */
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < n && (s[j] == '+' || s[j] == '-'))
            j++;
        if (j < n && s[j] >= '0' && s[j] <= '9') {
            while (j < n && s[j] >= '0' && s[j] <= '9')
                j++;
            i = j;
        }
    }
    if (i == start || !number_read(s + start, i - start, false, v))
        return 0;
    if (minus)
        *v = -*v;
    return i;
}

/* The sizes a limit may be written in: the key's (SI, as --units=si) and
 * the IEC's (--units=iec); "KB" for those who write it so. */
static const struct {
    const char *name;
    double bytes;
} units[] = {
    { "B", 1 },
    { "kB", 1e3 },
    { "KB", 1e3 },
    { "MB", 1e6 },
    { "GB", 1e9 },
    { "TB", 1e12 },
    { "KiB", 1024.0 },
    { "MiB", 1048576.0 },
    { "GiB", 1073741824.0 },
    { "TiB", 1099511627776.0 },
};

/* A unit's bytes, u[0..n); false when it is none of units[]. */
static bool unit_bytes(const char *u, size_t n, double *scale)
{
    *scale = 1;
    if (n == 0)
        return true;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (word_is(u, n, units[i].name)) {
            *scale = units[i].bytes;
            return true;
        }
    return false;
}

bool budget_parse_size(const char *s, double *bytes)
{
    size_t n = strlen(s);
    trim(&s, &n);
    double v, scale;
    size_t k = number_prefix(s, n, &v);
    if (k == 0 || v < 0)
        return false;
    const char *u = s + k;
    size_t un = n - k;
    trim(&u, &un);
    if (!unit_bytes(u, un, &scale) || !isfinite(v * scale))
        return false;
    *bytes = v * scale;
    return true;
}

/* LIMIT, s[0..n) trimmed: into b->limit; "/s" is required of a slope and
 * refused elsewhere. */
static int parse_limit(struct budget *b, const char *s, size_t n, struct hp_error *err)
{
    double v;
    size_t k = number_prefix(s, n, &v);
    if (k == 0)
        return hp_fail(err,
                       "'%s': the limit after <= must be a number of bytes, as 200MB, "
                       "512kB or 1.5GiB",
                       b->text);
    const char *u = s + k;
    size_t un = n - k;
    trim(&u, &un);
    bool per_time = un >= 2 && memcmp(u + un - 2, "/s", 2) == 0;
    if (per_time)
        un -= 2;
    double scale;
    if (!unit_bytes(u, un, &scale))
        return hp_fail(err,
                       "'%s': unknown unit '%.*s' (use B, kB, MB, GB, TB, KiB, MiB, "
                       "GiB or TiB)",
                       b->text, (int)un, u);
    if (b->measure == BUDGET_SLOPE && !per_time)
        return hp_fail(err, "'%s': a slope's limit is a rate: bytes per second, as 10kB/s",
                       b->text);
    if (b->measure != BUDGET_SLOPE && per_time)
        return hp_fail(err, "'%s': only a slope's limit is a rate (/s); %s is in bytes", b->text,
                       measure_word[b->measure]);
    if ((b->measure == BUDGET_PEAK || b->measure == BUDGET_END || b->measure == BUDGET_MEAN)
        && v < 0)
        return hp_fail(err, "'%s': a %s cannot be below 0 bytes", b->text,
                       measure_word[b->measure]);
    b->limit = v * scale;
    if (!isfinite(b->limit))
        return hp_fail(err, "'%s': the limit is too large", b->text);
    return 0;
}

/* One EDGE of a window, s[0..n) trimmed (empty: not given). */
static int parse_edge(struct budget_edge *e, const struct budget *b, const char *s, size_t n,
                      struct hp_error *err)
{
    memset(e, 0, sizeof *e);
    if (n == 0)
        return 0;
    double v;
    size_t k = number_prefix(s, n, &v);
    const char *rest = s + k;
    size_t rn = n - k;
    trim(&rest, &rn);
    if (k == 0 || !(rn == 0 || word_is(rest, rn, "s") || word_is(rest, rn, "%")))
        return hp_fail(err,
                       "'%s': a window's end is a time (2.5 or 2.5s, in the profile's "
                       "sample unit) or a share of the run (50%%)",
                       b->text);
    e->given = true;
    e->percent = rn == 1 && rest[0] == '%';
    e->value = v;
    if (e->percent && !(v >= 0 && v <= 100))
        return hp_fail(err, "'%s': a share of the run is from 0%% to 100%%", b->text);
    return 0;
}

/* "@FROM..TO", s[0..n) after the '@'. */
static int parse_window(struct budget *b, const char *s, size_t n, struct hp_error *err)
{
    const char *dots = NULL;
    for (size_t i = 0; i + 1 < n && !dots; i++)
        if (s[i] == '.' && s[i + 1] == '.')
            dots = s + i;
    if (!dots)
        return hp_fail(err,
                       "'%s': a window is @FROM..TO (either may be left out: @2.5.., "
                       "@..50%%)",
                       b->text);
    const char *a = s, *z = dots + 2;
    size_t an = (size_t)(dots - s), zn = n - (size_t)(z - s);
    trim(&a, &an);
    trim(&z, &zn);
    if (parse_edge(&b->from, b, a, an, err) < 0 || parse_edge(&b->to, b, z, zn, err) < 0)
        return -1;
    if (b->from.given && b->to.given && b->from.percent == b->to.percent
        && !(b->from.value < b->to.value))
        return hp_fail(err, "'%s': the window is empty (its start must come before its end)",
                       b->text);
    return 0;
}

/* MEASURE ["(" RE ")"] ["@" WINDOW], s[0..n) trimmed, after any SUBJECT. */
static int parse_measure(struct budget *b, const char *s, size_t n, struct hp_error *err)
{
    size_t w = 0;
    while (w < n && s[w] >= 'a' && s[w] <= 'z')
        w++;
    size_t m = 0;
    while (m < MEASURES && !word_is(s, w, measure_word[m]))
        m++;
    if (m == MEASURES)
        return hp_fail(err,
                       "'%s': a budget starts with peak, end, change, slope or mean (e.g. "
                       "peak<=200MB, end(Map)<=1MB)",
                       b->text);
    b->measure = (enum budget_measure)m;
    const char *rest = s + w;
    size_t rn = n - w;
    if (rn && rest[0] == '(') {
        const char *close = NULL;
        for (size_t i = rn; i-- > 1 && !close;)
            if (rest[i] == ')')
                close = rest + i;
        if (!close)
            return hp_fail(err, "'%s': the band's expression has no closing ')'", b->text);
        b->pattern = xmemdup0(rest + 1, (size_t)(close - rest - 1));
        if (!b->pattern[0]) {
            free(b->pattern);
            b->pattern = NULL;
            return hp_fail(err,
                           "'%s': the band's expression is empty (leave out the () for "
                           "the total)",
                           b->text);
        }
        int rc = regcomp(&b->re, b->pattern, REG_EXTENDED | REG_NOSUB);
        if (rc != 0) {
            char why[256];
            regerror(rc, &b->re, why, sizeof why);
            free(b->pattern);
            b->pattern = NULL;
            return hp_fail(err, "'%s': bad regular expression: %s", b->text, why);
        }
        b->subject = BUDGET_BANDS;
        rn -= (size_t)(close + 1 - rest);
        rest = close + 1;
    }
    trim(&rest, &rn);
    int rc = 0;
    if (rn && rest[0] == '@')
        rc = parse_window(b, rest + 1, rn - 1, err);
    else if (rn)
        rc = hp_fail(err, "'%s': '%.*s' after %s: a window is written @FROM..TO", b->text, (int)rn,
                     rest, measure_word[m]);
    if (rc < 0 && b->pattern) {
        regfree(&b->re);
        free(b->pattern);
        b->pattern = NULL;
    }
    return rc;
}

int budget_parse(struct budget *b, const char *text, struct hp_error *err)
{
    memset(b, 0, sizeof *b);
    b->text = xstrdup(text);
    const char *s = text;
    size_t n = strlen(text);
    trim(&s, &n);
    /* the last "<=": a pattern may hold one, a limit cannot */
    const char *op = NULL;
    for (size_t i = n; i-- > 1 && !op;)
        if (s[i - 1] == '<' && s[i] == '=')
            op = s + i - 1;
    if (!op) {
        bool other = memchr(s, '<', n) || memchr(s, '>', n) || memchr(s, '=', n);
        hp_fail(err, "'%s': %s", text,
                other ? "a budget is a most, written with <= (exactly at it passes)"
                      : "a budget is MEASURE<=LIMIT, as peak<=200MB");
        goto fail;
    }
    const char *left = s, *right = op + 2;
    size_t ln = (size_t)(op - s), rn = n - (size_t)(right - s);
    trim(&left, &ln);
    trim(&right, &rn);
    b->subject = BUDGET_TOTAL;
    if (ln >= 5 && memcmp(left, "heap:", 5) == 0)
        b->subject = BUDGET_HEAP_SIZE, left += 5, ln -= 5;
    else if (ln >= 5 && memcmp(left, "live:", 5) == 0)
        b->subject = BUDGET_LIVE, left += 5, ln -= 5;
    trim(&left, &ln);
    enum budget_subject rts = b->subject;
    if (parse_measure(b, left, ln, err) < 0)
        goto fail;
    if (rts != BUDGET_TOTAL) {
        /* The RTS's lines are kept as a bounded reduction (heapline.h):
         * exact over the whole run, not inside a window. */
        const char *why = NULL;
        if (b->subject == BUDGET_BANDS)
            why = "has no bands";
        else if (b->measure != BUDGET_PEAK && b->measure != BUDGET_END)
            why = "has a peak and an end";
        else if (b->from.given || b->to.given)
            why = "is measured over the whole run (no window)";
        if (why) {
            hp_fail(err, "'%s': %s %s", text, rts == BUDGET_HEAP_SIZE ? "heap:" : "live:", why);
            b->subject = rts; /* what budget_free must know */
            goto fail_compiled;
        }
        b->subject = rts;
    }
    if (parse_limit(b, right, rn, err) < 0)
        goto fail_compiled;
    return 0;
fail_compiled:
    if (b->pattern) {
        regfree(&b->re);
        free(b->pattern);
    }
fail:
    free(b->text);
    memset(b, 0, sizeof *b);
    return -1;
}

void budget_free(struct budget *b)
{
    if (b->pattern) {
        regfree(&b->re);
        free(b->pattern);
    }
    free(b->text);
    memset(b, 0, sizeof *b);
}

int budget_list_add(struct budget_list *list, const char *text, struct hp_error *err)
{
    struct budget b;
    if (budget_parse(&b, text, err) < 0)
        return -1;
    list->b = xreallocarray(list->b, list->n + 1, sizeof *list->b);
    list->b[list->n++] = b;
    return 0;
}

int budget_list_add_text(struct budget_list *list, const char *data, size_t len, const char *source,
                         struct hp_error *err)
{
    size_t line = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(data + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - data) : len;
        const char *s = data + at;
        size_t n = end - at;
        at = nl ? end + 1 : len;
        line++;
        if (n && s[n - 1] == '\r')
            n--;
        trim(&s, &n);
        if (n == 0 || s[0] == '#')
            continue;
        /* a '#' after the limit starts a comment (a pattern's '#' comes
         * before the last "<=", and a limit has none) */
        for (size_t i = n; i-- > 1;)
            if (s[i - 1] == '<' && s[i] == '=') {
                const char *hash = memchr(s + i, '#', n - i);
                if (hash)
                    n = (size_t)(hash - s);
                break;
            }
        trim(&s, &n);
        if (memchr(s, '\0', n))
            return hp_fail(err, "%s:%zu: a NUL byte in the line", source, line);
        char *text = xmemdup0(s, n);
        struct hp_error why;
        int rc = budget_list_add(list, text, &why);
        free(text);
        if (rc < 0)
            return hp_fail(err, "%s:%zu: %s", source, line, why.text);
    }
    return 0;
}

void budget_list_free(struct budget_list *list)
{
    for (size_t i = 0; i < list->n; i++)
        budget_free(&list->b[i]);
    free(list->b);
    list->b = NULL;
    list->n = 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* profile.c: see profile.h. */
#include "profile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heapline.h"

void profile_free(struct profile *p)
{
    if (!p)
        return;
    free(p->source);
    free(p->job);
    free(p->date);
    free(p->sample_unit);
    free(p->value_unit);
    free(p->marks);
    for (size_t i = 0; i < p->ndetail; i++)
        free(p->detail[i]);
    free(p->detail);
    free(p->detail_columns);
    warnings_free(&p->notes);
    warnings_free(&p->facts);
    if (p->mark_text)
        for (size_t i = 0; i < p->nmarks; i++)
            free(p->mark_text[i]);
    free(p->mark_text);
    heaplines_free(p->heap);
    free(p->heap);
    names_free(&p->names);
    store_free(p->store);
    profile_stacks_free(p->stacks);
    free(p->stacks);
    memset(p, 0, sizeof *p);
}

enum heap_lines_shown profile_heap_lines(const struct profile *p, bool shares)
{
    if (!heaplines_any(p->heap))
        return HEAP_LINES_NONE;
    if (p->x_is_index) /* (the events' times are seconds) */
        return HEAP_LINES_INDEX_AXIS;
    return shares ? HEAP_LINES_SHARES : HEAP_LINES_SHOWN;
}

/* fmt's text, formatted, onto w (profile_note's and profile_fact's) */
static void add_formatted(struct hp_warnings *w, const char *fmt, va_list ap)
{
    char text[HP_ERROR_MAX];
    vsnprintf(text, sizeof text, fmt, ap);
    warnings_add(w, "%s", text);
}

void profile_note(struct profile *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_formatted(&p->notes, fmt, ap);
    va_end(ap);
}

void profile_fact(struct profile *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_formatted(&p->facts, fmt, ap);
    va_end(ap);
}

const char *profile_hp_name(const struct profile *p, uint32_t id, size_t *len)
{
    *len = 0;
    if (id >= p->names.count)
        return NULL;
    const struct name_info *ni = &p->names.info[id];
    if (p->era_bands && ni->len > 4 && memcmp(ni->text, "era ", 4) == 0) {
        *len = ni->len - 4;
        return ni->text + 4;
    }
    /* -hi's details start with the table's address, as the .hp names it */
    static const char address[] = "address\t";
    if (p->detail_columns && strncmp(p->detail_columns, address, sizeof address - 1) == 0
        && id < p->ndetail && p->detail[id]) {
        const char *d = p->detail[id];
        size_t n = strcspn(d, "\t");
        if (n && (n != ni->len || memcmp(d, ni->text, n) != 0)) {
            *len = n;
            return d;
        }
    }
    return NULL;
}

void profile_stacks_free(struct profile_stacks *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->ncc; i++) {
        free(s->cc[i].frame);
        free(s->cc[i].label);
        free(s->cc[i].module);
        free(s->cc[i].location);
    }
    free(s->cc);
    free(s->frame);
    free(s->first);
    free(s->cut);
    memset(s, 0, sizeof *s);
}

/* Calls each(word, len, ctx) for every word of the JOB's RTS options:
 * after "+RTS", up to "-RTS" (the RTS writes its options last, after the
 * program's arguments). */
static void each_rts_option(const char *job, void (*each)(const char *, size_t, void *), void *ctx)
{
    bool rts = false;
    for (const char *s = job ? job : ""; *s;) {
        while (*s == ' ' || *s == '\t')
            s++;
        size_t n = strcspn(s, " \t");
        if (n == 4 && memcmp(s, "+RTS", 4) == 0)
            rts = true;
        else if (n == 4 && memcmp(s, "-RTS", 4) == 0)
            rts = false;
        else if (rts && n)
            each(s, n, ctx);
        s += n;
    }
}

/* "-h" and "-hX": the breakdown (a longer word, "-hcfoo", restricts the
 * census and breaks nothing down). */
static void breakdown_option(const char *w, size_t n, void *ctx)
{
    static const char letters[] = "cmdyrbTie"; /* in the order of enum heap_breakdown */
    enum heap_breakdown *by = ctx;
    if (n == 2 && w[0] == '-' && w[1] == 'h')
        *by = BY_COST_CENTRE;
    else if (n == 3 && w[0] == '-' && w[1] == 'h' && w[2] && strchr(letters, w[2]))
        *by = (enum heap_breakdown)(strchr(letters, w[2]) - letters + 1);
}

enum heap_breakdown profile_breakdown(const struct profile *p)
{
    enum heap_breakdown by = p->breakdown;
    if (by == BY_UNKNOWN)
        each_rts_option(p->job, breakdown_option, &by);
    return by;
}

static void length_option(const char *w, size_t n, void *ctx)
{
    long *length = ctx;
    if (n < 3 || n > 12 || w[0] != '-' || w[1] != 'L')
        return;
    long v = 0;
    for (size_t i = 2; i < n; i++) {
        if (w[i] < '0' || w[i] > '9')
            return;
        v = v * 10 + (w[i] - '0');
    }
    *length = v;
}

long profile_name_length(const struct profile *p)
{
    long length = 0;
    each_rts_option(p->job, length_option, &length);
    return length;
}

size_t profile_detail_escape(char *out, const char *s, size_t n)
{
    char *o = out;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' || s[i] == '\t') {
            *o++ = '\\';
            *o++ = s[i] == '\t' ? 't' : '\\';
        } else {
            *o++ = s[i];
        }
    }
    return (size_t)(o - out);
}

char *profile_detail_field(const char *record, size_t k, size_t *len)
{
    const char *s = record ? record : "";
    for (size_t i = 0; i < k && s; i++)
        s = strchr(s, '\t') ? strchr(s, '\t') + 1 : NULL;
    if (!s)
        s = "";
    const char *e = strchr(s, '\t');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    char *out = xmalloc(n + 1), *o = out;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n) {
            i++;
            *o++ = s[i] == 't' ? '\t' : s[i];
        } else {
            *o++ = s[i];
        }
    }
    *o = '\0';
    *len = (size_t)(o - out);
    return out;
}

size_t profile_detail_fields(const char *record)
{
    size_t n = 1;
    for (const char *s = record; (s = strchr(s, '\t')) != NULL; s++)
        n++;
    return n;
}

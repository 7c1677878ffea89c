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
    if (p->mark_text)
        for (size_t i = 0; i < p->nmarks; i++)
            free(p->mark_text[i]);
    free(p->mark_text);
    heaplines_free(p->heap);
    free(p->heap);
    names_free(&p->names);
    store_free(p->store);
    memset(p, 0, sizeof *p);
}

void profile_note(struct profile *p, const char *fmt, ...)
{
    char text[HP_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    warnings_add(&p->notes, "%s", text);
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

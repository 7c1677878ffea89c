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

void profile_fact(struct profile *p, const char *fmt, ...)
{
    char text[HP_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    warnings_add(&p->facts, "%s", text);
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
    if (p->detail_columns && strncmp(p->detail_columns, address, sizeof address - 1) == 0 &&
        id < p->ndetail && p->detail[id]) {
        const char *d = p->detail[id];
        size_t n = strcspn(d, "\t");
        if (n && (n != ni->len || memcmp(d, ni->text, n) != 0)) {
            *len = n;
            return d;
        }
    }
    return NULL;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* profile_same.h: are two profiles the same, field by field and sample by
 * sample?  For the tests and the fuzzer that compare a .hp read on several
 * threads with the same read on one (read/hp.c). */
#ifndef HP2PS_PROFILE_SAME_H
#define HP2PS_PROFILE_SAME_H

#include <stdio.h>
#include <string.h>

#include "profile.h"

static inline bool profile_same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* NULL when a and b are the same profile, else what differs first. */
static inline const char *profile_difference(const struct profile *a, const struct profile *b)
{
    if (!profile_same_str(a->source, b->source))
        return "source";
    if (!profile_same_str(a->job, b->job) || !profile_same_str(a->date, b->date)
        || !profile_same_str(a->sample_unit, b->sample_unit)
        || !profile_same_str(a->value_unit, b->value_unit))
        return "a header string";
    if (a->nsamples != b->nsamples)
        return "the number of samples";
    if (a->nsamples && (a->t_first != b->t_first || a->t_last != b->t_last))
        return "the first or last time";
    if (a->dropped_open_sample != b->dropped_open_sample || a->x_is_index != b->x_is_index
        || a->elapsed_time != b->elapsed_time || a->finished != b->finished)
        return "a flag";
    if (a->nmarks != b->nmarks
        || (a->nmarks && memcmp(a->marks, b->marks, a->nmarks * sizeof *a->marks) != 0))
        return "the marks";
    if (a->names.count != b->names.count)
        return "the number of names";
    for (size_t i = 0; i < a->names.count; i++) {
        const struct name_info *x = &a->names.info[i], *y = &b->names.info[i];
        if (x->len != y->len || memcmp(x->text, y->text, x->len) != 0)
            return "a name (or the order of names)";
        if (x->total != y->total || x->points != y->points)
            return "a name's total or points";
    }
    if (store_count(a->store) != store_count(b->store))
        return "the number of samples stored";
    struct store_cursor *ca = store_cursor_new(a->store), *cb = store_cursor_new(b->store);
    const char *diff = NULL;
    struct hp_error err;
    while (!diff) {
        struct sample sa, sb;
        int ra = store_cursor_next(ca, &sa, &err);
        int rb = store_cursor_next(cb, &sb, &err);
        if (ra != rb || ra < 0) {
            diff = "the replay";
            break;
        }
        if (ra == 0)
            break;
        if (sa.time != sb.time || sa.n != sb.n)
            diff = "a sample's time or size";
        for (size_t i = 0; !diff && i < sa.n; i++)
            if (sa.entry[i].name != sb.entry[i].name || sa.entry[i].value != sb.entry[i].value)
                diff = "a sample's entries";
    }
    store_cursor_free(ca);
    store_cursor_free(cb);
    return diff;
}

#endif

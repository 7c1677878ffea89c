/* SPDX-License-Identifier: BSD-3-Clause */
/* filter.h: --include and --exclude, which band names a run keeps.
 *
 * Each expression is a POSIX extended regular expression matched against
 * the raw bytes of a name (anywhere in it, as grep -E does), at a cost
 * linear in the name whatever the expression (filter.c's anchored: a
 * back-reference is refused).  With any
 * --include a name must match at least one of them; a name matching any
 * --exclude is dropped even then.  The band stage asks name_filter_keep
 * before trace elimination and the band limit, so a dropped name counts
 * nowhere: not in a band, not in OTHER, not in -t's total, not toward -m.
 */
#ifndef HP2PS_FILTER_H
#define HP2PS_FILTER_H

#include <regex.h>

#include "common.h"

struct name_filter {
    regex_t *include; /* compiled --include expressions */
    size_t ninclude;
    regex_t *exclude; /* compiled --exclude expressions */
    size_t nexclude;
    regex_t *marks; /* compiled --marks expression, or NULL */
};

/* Compile the expressions.  A bad one: -1 with err saying
 * "--include=RE: bad regular expression: WHY", and nothing to free. */
int name_filter_compile(struct name_filter *f, const char *const *include, size_t ninclude,
                        const char *const *exclude, size_t nexclude, struct hp_error *err);

/* Does the filter drop any name at all (was any expression given)? */
bool name_filter_active(const struct name_filter *f);

/* Is the NUL-terminated name kept?  NULL keeps every name. */
bool name_filter_keep(const struct name_filter *f, const char *name);

/* --marks=RE: compile it into f (after name_filter_compile); a bad
 * one: -1, err "--marks=RE: bad regular expression: WHY". */
int name_filter_marks(struct name_filter *f, const char *re, struct hp_error *err);

/* Frees what compile made; harmless on a zeroed filter. */
void name_filter_free(struct name_filter *f);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* filter.c: see filter.h. */
#include "filter.h"

#include <stdlib.h>
#include <string.h>

/* Compile list[0..n) into *out; on a bad expression free what was
 * compiled and say which one. */
static int compile_list(regex_t **out, const char *const *list, size_t n, const char *flag,
                        struct hp_error *err)
{
    *out = NULL;
    if (n == 0)
        return 0;
    regex_t *re = xreallocarray(NULL, n, sizeof *re);
    for (size_t i = 0; i < n; i++) {
        /* REG_NOSUB: only whether it matches, which is faster. */
        int rc = regcomp(&re[i], list[i], REG_EXTENDED | REG_NOSUB);
        if (rc != 0) {
            char why[256];
            regerror(rc, &re[i], why, sizeof why);
            hp_fail(err, "%s=%s: bad regular expression: %s", flag, list[i], why);
            for (size_t k = 0; k < i; k++)
                regfree(&re[k]);
            free(re);
            return -1;
        }
    }
    *out = re;
    return 0;
}

static void free_list(regex_t *re, size_t n)
{
    for (size_t i = 0; i < n; i++)
        regfree(&re[i]);
    free(re);
}

int name_filter_compile(struct name_filter *f, const char *const *include, size_t ninclude,
                        const char *const *exclude, size_t nexclude, struct hp_error *err)
{
    memset(f, 0, sizeof *f);
    if (compile_list(&f->include, include, ninclude, "--include", err) < 0)
        return -1;
    if (compile_list(&f->exclude, exclude, nexclude, "--exclude", err) < 0) {
        free_list(f->include, ninclude);
        f->include = NULL;
        return -1;
    }
    f->ninclude = ninclude;
    f->nexclude = nexclude;
    return 0;
}

bool name_filter_active(const struct name_filter *f)
{
    return f && (f->ninclude > 0 || f->nexclude > 0);
}

static bool matches_any(const regex_t *re, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (regexec(&re[i], name, 0, NULL, 0) == 0)
            return true;
    return false;
}

/* --include, then --exclude */
bool name_filter_keep(const struct name_filter *f, const char *name)
{
    if (!f)
        return true;
    if (f->ninclude > 0 && !matches_any(f->include, f->ninclude, name))
        return false;
    return !matches_any(f->exclude, f->nexclude, name);
}

int name_filter_marks(struct name_filter *f, const char *re, struct hp_error *err)
{
    if (!re)
        return 0;
    return compile_list(&f->marks, &re, 1, "--marks", err);
}

void name_filter_free(struct name_filter *f)
{
    if (!f)
        return;
    free_list(f->include, f->ninclude);
    free_list(f->exclude, f->nexclude);
    free_list(f->marks, f->marks ? 1 : 0);
    memset(f, 0, sizeof *f);
}

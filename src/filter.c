/* SPDX-License-Identifier: BSD-3-Clause */
/* filter.c: see filter.h. */
#include "filter.h"

#include <stdlib.h>
#include <string.h>

/* The length of the bracket expression at s ('['), to its closing ']'
 * included, or the rest of s when it never closes (regcomp says so). */
static size_t bracket_length(const char *s)
{
    size_t i = 1;
    if (s[i] == '^')
        i++;
    if (s[i] == ']') /* a ']' first is itself */
        i++;
    while (s[i] && s[i] != ']') {
        if (s[i] == '[' && (s[i + 1] == ':' || s[i + 1] == '=' || s[i + 1] == '.')) {
            char close = s[i + 1];
            const char *end = s + i + 2;
            while (*end && !(end[0] == close && end[1] == ']'))
                end++;
            i = *end ? (size_t)(end - s) + 2 : (size_t)(end - s);
        } else {
            i++;
        }
    }
    return s[i] ? i + 1 : i;
}

/* re, compiled and valid, as an anchored expression that matches where
 * re matches anywhere: "^.*(re)", new, with every ')' that closes no
 * group of re's (a literal in glibc's ERE) escaped, so the wrapper's
 * group stays whole.  NULL when re has a back-reference (\1 to \9),
 * whose numbers the wrapper's group would shift.
 *
 * Why: regexec looks for an unanchored expression from every position in
 * turn, so 'a.*b' against a name of n bytes with no b costs n*n steps
 * (120,000 bytes: 28 s; a 1 MiB name, half an hour).  An anchored one is
 * tried once, from the start, and glibc's matcher then reads each byte
 * once. */
static char *anchored(const char *re)
{
    size_t n = strlen(re);
    char *out = xmalloc(2 * n + 8), *o = out;
    memcpy(o, "^.*(", 4);
    o += 4;
    int depth = 0;
    for (size_t i = 0; i < n;) {
        if (re[i] == '\\' && re[i + 1]) {
            if (re[i + 1] >= '1' && re[i + 1] <= '9') {
                free(out);
                return NULL;
            }
            *o++ = re[i++];
            *o++ = re[i++];
        } else if (re[i] == '[') {
            size_t len = bracket_length(re + i);
            memcpy(o, re + i, len);
            o += len;
            i += len;
        } else {
            if (re[i] == '(')
                depth++;
            if (re[i] == ')' && depth-- == 0) {
                depth = 0;
                *o++ = '\\';
            }
            *o++ = re[i++];
        }
    }
    memcpy(o, ")", 2);
    return out;
}

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
        /* REG_NOSUB: only whether it matches, which is faster.  The
         * expression as given first, for its error. */
        int rc = regcomp(&re[i], list[i], REG_EXTENDED | REG_NOSUB);
        char why[256];
        if (rc != 0) {
            regerror(rc, &re[i], why, sizeof why);
            hp_fail(err, "%s=%s: bad regular expression: %s", flag, list[i], why);
        } else {
            regfree(&re[i]);
            char *whole = anchored(list[i]);
            if (!whole) {
                rc = -1;
                hp_fail(err,
                        "%s=%s: back-references (\\1 to \\9) are not taken: their cost "
                        "grows faster than the name",
                        flag, list[i]);
            } else if ((rc = regcomp(&re[i], whole, REG_EXTENDED | REG_NOSUB)) != 0) {
                regerror(rc, &re[i], why, sizeof why);
                hp_fail(err, "%s=%s: bad regular expression: %s", flag, list[i], why);
            }
            free(whole);
        }
        if (rc != 0) {
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

/* SPDX-License-Identifier: BSD-3-Clause */
/* pair.c: see pair.h.
 *
 * Every band of every plan (OTHER aside) is sorted by its NAME, then by
 * plan, then largest first: each NAME is then a run of bands, each
 * plan's part of it in order of size.  A run whose plans all hold the
 * same full names needs nothing (the names already match); in any other,
 * the k-th largest of each plan pair up.  The renames are made at the
 * end, as the sorted bands point into the names.
 */
#include "pair.h"
#include "stackname.h"

#include <stdlib.h>
#include <string.h>

struct ref {
    const char *name;
    const char *key; /* the name past its prefix */
    size_t plen;     /* the prefix's length */
    size_t plan;
    struct band *band;
};

static int by_key_plan_size(const void *a, const void *b)
{
    const struct ref *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    if (c)
        return c;
    if (x->plan != y->plan)
        return x->plan < y->plan ? -1 : 1;
    if (x->band->total != y->band->total)
        return x->band->total > y->band->total ? -1 : 1;
    /* Equal sizes by number, lowest first (not as text: "(99)" before
     * "(101)", so numbers all moved by one amount keep their order). */
    if (x->plen != y->plen)
        return x->plen < y->plen ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether each plan holding part of a run (count[k] bands from
 * r[start[k]]) holds the same full names: each part's names sorted and
 * compared with the first part's (a run can hold thousands of retainer
 * sets of one name: no comparison of every pair). */
static bool same_names(const struct ref *r, const size_t *start, const size_t *count, size_t n)
{
    size_t first = SIZE_MAX;
    for (size_t k = 0; k < n && first == SIZE_MAX; k++)
        if (count[k])
            first = k;
    if (first == SIZE_MAX)
        return true;
    size_t c = count[first];
    const char **a = xreallocarray(NULL, c, sizeof *a), **b = xreallocarray(NULL, c, sizeof *b);
    for (size_t i = 0; i < c; i++)
        a[i] = r[start[first] + i].name;
    qsort(a, c, sizeof *a, by_string);
    bool same = true;
    for (size_t k = first + 1; k < n && same; k++) {
        if (!count[k])
            continue;
        if (count[k] != c) {
            same = false;
            break;
        }
        for (size_t i = 0; i < c; i++)
            b[i] = r[start[k] + i].name;
        qsort(b, c, sizeof *b, by_string);
        for (size_t i = 0; i < c && same; i++)
            same = strcmp(a[i], b[i]) == 0;
    }
    free(a);
    free(b);
    return same;
}

struct rename {
    struct band *band;
    char *name; /* owned until applied */
};

/* The common name of the bands m[0..nm): "(N1→N2...)NAME", or NULL when
 * their prefixes are all the same (the names already match). */
static char *paired_name(const struct ref *const *m, size_t nm)
{
    bool same = true;
    for (size_t i = 1; i < nm && same; i++)
        same = m[i]->plen == m[0]->plen && memcmp(m[i]->name, m[0]->name, m[0]->plen) == 0;
    if (same)
        return NULL;
    size_t len = strlen(m[0]->key) + 3;
    for (size_t i = 0; i < nm; i++)
        len += m[i]->plen + STACKNAME_ARROW_LEN;
    char *out = xmalloc(len), *q = out;
    *q++ = '(';
    for (size_t i = 0; i < nm; i++) {
        if (i) {
            memcpy(q, STACKNAME_ARROW, STACKNAME_ARROW_LEN);
            q += STACKNAME_ARROW_LEN;
        }
        if (m[i]->plen >= 2) { /* the digits inside the parentheses */
            memcpy(q, m[i]->name + 1, m[i]->plen - 2);
            q += m[i]->plen - 2;
        }
    }
    *q++ = ')';
    strcpy(q, m[0]->key);
    return out;
}

/* left[k][i]: band i of plan k was not paired. */
static void unpaired(bool **left, const struct ref *r, const struct band_plan *plans)
{
    left[r->plan][(size_t)(r->band - plans[r->plan].band)] = true;
}

static void pair_core(struct band_plan *plans, size_t n, bool **left)
{
    size_t nrefs = 0;
    for (size_t k = 0; k < n; k++)
        nrefs += plans[k].count;
    struct ref *refs = xreallocarray(NULL, nrefs ? nrefs : 1, sizeof *refs);
    const char **names = xreallocarray(NULL, nrefs ? nrefs : 1, sizeof *names);
    size_t r = 0, nnames = 0;
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < plans[k].count; i++) {
            struct band *b = &plans[k].band[i];
            names[nnames++] = b->name;
            if (b->is_other)
                continue;
            size_t plen = stackname_prefix(b->name);
            refs[r++] = (struct ref){ b->name, b->name + plen, plen, k, b };
        }
    nrefs = r;
    qsort(refs, nrefs, sizeof *refs, by_key_plan_size);
    qsort(names, nnames, sizeof *names, by_string);

    size_t *start = xcalloc(n ? n : 1, sizeof *start);
    size_t *count = xcalloc(n ? n : 1, sizeof *count);
    const struct ref **member = xreallocarray(NULL, n ? n : 1, sizeof *member);
    struct rename *ren = xreallocarray(NULL, nrefs ? nrefs : 1, sizeof *ren);
    size_t nren = 0;
    for (size_t g = 0; g < nrefs;) {
        size_t end = g;
        while (end < nrefs && strcmp(refs[end].key, refs[g].key) == 0)
            end++;
        memset(count, 0, n * sizeof *count);
        size_t holders = 0, most = 0;
        for (size_t i = g; i < end; i++) {
            size_t k = refs[i].plan;
            if (!count[k]++) {
                start[k] = i;
                holders++;
            }
            if (count[k] > most)
                most = count[k];
        }
        if (holders < 2 || same_names(refs, start, count, n)) {
            g = end;
            continue;
        }
        /* The j-th largest of each plan that has that many. */
        for (size_t j = 0; j < most; j++) {
            size_t nm = 0;
            for (size_t k = 0; k < n; k++)
                if (count[k] > j)
                    member[nm++] = &refs[start[k] + j];
            if (nm < 2) {
                unpaired(left, member[0], plans);
                continue;
            }
            char *name = paired_name(member, nm);
            if (!name)
                continue;
            if (bsearch(&name, names, nnames, sizeof *names, by_string)) {
                for (size_t i = 0; i < nm; i++)
                    unpaired(left, member[i], plans);
                free(name);
                continue;
            }
            for (size_t i = 0; i < nm; i++)
                ren[nren++] = (struct rename){ member[i]->band, i ? xstrdup(name) : name };
        }
        g = end;
    }
    for (size_t i = 0; i < nren; i++) {
        free(ren[i].band->name);
        ren[i].band->name = ren[i].name;
    }
    free(ren);
    free(member);
    free(count);
    free(start);
    free(names);
    free(refs);
}

static bool **left_new(const struct band_plan *plans, size_t n)
{
    bool **left = xcalloc(n ? n : 1, sizeof *left);
    for (size_t k = 0; k < n; k++)
        left[k] = xcalloc(plans[k].count ? plans[k].count : 1, sizeof **left);
    return left;
}

static void left_free(bool **left, size_t n)
{
    for (size_t k = 0; k < n; k++)
        free(left[k]);
    free(left);
}

/* The report of left[][]: the first is the largest of the first plan
 * that has any. */
static void report_of(struct pair_report *report, const struct band_plan *plans, size_t n,
                      bool **left)
{
    memset(report, 0, sizeof *report);
    const struct band *first = NULL;
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < plans[k].count; i++) {
            if (!left[k][i])
                continue;
            const struct band *b = &plans[k].band[i];
            if (!report->unpaired++ || (report->first_plan == k && b->total > first->total)) {
                first = b;
                report->first_plan = k;
            }
        }
    if (first)
        report->first_name = xstrdup(first->name);
}

void pair_bands(struct band_plan *plans, size_t n, struct pair_report *report)
{
    bool **left = left_new(plans, n);
    pair_core(plans, n, left);
    report_of(report, plans, n, left);
    left_free(left, n);
}

void pair_report_free(struct pair_report *report)
{
    free(report->first_name);
    memset(report, 0, sizeof *report);
}

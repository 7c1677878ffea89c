/* SPDX-License-Identifier: BSD-3-Clause */
/* page/names.c: a panel's names for the page (page.h,
 * page_data_add_names).  The key lists the bands drawn; OTHER gathers
 * names and -t removes others, so a search of the bands alone misses
 * them.  Here every name that holds something gets its band's key entry
 * and, for the largest PAGE_NAMES_MAX by total, the figures the page's
 * table gives a band (page.js: figures), over every sample: a sample
 * without the name counts as 0, as the band is drawn there.  The line
 * (slope, R²) is fitted over the censuses census_line takes, as --slopes
 * and --top fit theirs, so that the Suspects view and the table give one
 * slope for one name.
 *
 * The page has one list of names: the names --top's ranking lists (the
 * Suspects view) and those OTHER and -t opened list (page/suspects.h) are
 * in it too, those not among the largest added, and the ranking's rows
 * and the opened lists point at their entries (page_data_panel's
 * suspect_name, opened_name) rather than carrying the names again.
 *
 * Memory: a slot number per name (the chosen ones' figures are summed in
 * their slots), so a million names cost 4 MB, not a record each.  One
 * replay of the store; per sample O(entries), the names held in the
 * sample before compared with this one's (as triage.c does) for the
 * trapezoids of a name that vanished. */
#include "page/page.h"
#include "page/suspects.h"
#include "census.h"
#include "stackname.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* A chosen name's sums over the samples. */
struct name_acc {
    double k;          /* its first value: the line's sums are taken about it, so a
                           * flat big band keeps its small changes */
    double s1, s2, s3; /* over the samples holding it: sum (v-K), (v-K)^2 and u v */
    double area, peak, peak_time, first, last;
    double cur, prev;  /* its sum in this sample, and in the one it was last in */
    size_t count;      /* samples holding it */
    size_t cur_index;  /* 1 + the sample being summed, when it is in it */
    size_t prev_index; /* 1 + the last sample it was in */
};

/* The names that may be listed: those holding something that the plan
 * draws (in a band, OTHER's included) or that -t removed; not those
 * --include/--exclude drop. */
static bool listed(const struct profile *p, const struct band_plan *bp, size_t id)
{
    if (id >= bp->nnames || p->names.info[id].total == 0)
        return false;
    int32_t b = bp->band_of_name[id];
    return b >= 0 || b == BAND_TRACED;
}

struct by_total {
    uint64_t total;
    const char *name;
    uint32_t id;
};

static int larger_first(const void *a, const void *b)
{
    const struct by_total *x = a, *y = b;
    if (x->total != y->total)
        return x->total > y->total ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* The largest max names by total (ties by name), found with a heap of
 * max entries whose root is the least of them: O(names log max) time and
 * O(max) memory, whatever the number of names. */
static void heap_down(struct by_total *h, size_t n, size_t i)
{
    for (;;) {
        size_t least = i, l = 2 * i + 1, r = l + 1;
        if (l < n && larger_first(&h[l], &h[least]) > 0)
            least = l;
        if (r < n && larger_first(&h[r], &h[least]) > 0)
            least = r;
        if (least == i)
            return;
        struct by_total t = h[i];
        h[i] = h[least];
        h[least] = t;
        i = least;
    }
}

static void heap_up(struct by_total *h, size_t i)
{
    while (i > 0 && larger_first(&h[i], &h[(i - 1) / 2]) > 0) {
        struct by_total t = h[i];
        h[i] = h[(i - 1) / 2];
        h[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

/* Into top[0..max) the largest, largest first; *kept of them; *n: how
 * many names may be listed. */
static void largest(const struct profile *p, const struct band_plan *bp, struct by_total *top,
                    size_t max, size_t *kept, size_t *n)
{
    size_t nn = p->names.count < bp->nnames ? p->names.count : bp->nnames, h = 0;
    *n = 0;
    for (size_t id = 0; id < nn; id++) {
        if (!listed(p, bp, id))
            continue;
        (*n)++;
        struct by_total e = { p->names.info[id].total, p->names.info[id].text, (uint32_t)id };
        if (h < max) {
            top[h] = e;
            heap_up(top, h++);
        } else if (larger_first(&e, &top[0]) < 0) {
            top[0] = e;
            heap_down(top, h, 0);
        }
    }
    qsort(top, h, sizeof *top, larger_first);
    *kept = h;
}

/* One sample (the k-th, at u from the first) summed into the chosen
 * names' slots: cur[0..*nc) the slots it holds. */
static void sum_sample(struct name_acc *acc, const int32_t *slot, size_t nn,
                       const struct sample *smp, size_t k, uint32_t *cur, size_t *nc)
{
    *nc = 0;
    for (size_t i = 0; i < smp->n; i++) {
        const struct sample_entry *e = &smp->entry[i];
        if (e->value <= 0 || e->name >= nn || slot[e->name] < 0)
            continue;
        struct name_acc *x = &acc[slot[e->name]];
        if (x->cur_index != k + 1) {
            x->cur_index = k + 1;
            x->cur = 0;
            cur[(*nc)++] = (uint32_t)slot[e->name];
        }
        x->cur += (double)e->value;
    }
}

/* The sample summed: the trapezoids from the sample before (dt earlier;
 * a name in it and not in this one falls to 0), and the sums. */
static void take_sample(struct name_acc *acc, const uint32_t *cur, size_t nc, const uint32_t *prev,
                        size_t np, size_t k, double t, double u, double dt)
{
    for (size_t i = 0; i < np; i++) {
        struct name_acc *x = &acc[prev[i]];
        if (x->cur_index != k + 1)
            x->area += dt * x->prev / 2;
    }
    for (size_t i = 0; i < nc; i++) {
        struct name_acc *x = &acc[cur[i]];
        double v = x->cur;
        bool before = k > 0 && x->prev_index == k;
        x->area += dt * ((before ? x->prev : 0) + v) / 2;
        if (x->count++ == 0) {
            x->k = v;
            x->first = t;
        }
        double d = v - x->k;
        x->s1 += d;
        x->s2 += d * d;
        x->s3 += u * v;
        if (v > x->peak) {
            x->peak = v;
            x->peak_time = t;
        }
        x->last = t;
        x->prev = v;
        x->prev_index = k + 1;
    }
}

/* A name's least-squares line over the censuses of L (census_line: a
 * census without the name counts as 0), and its R² (-1: none, as the
 * page's table writes it). */
static void line_of(const struct name_acc *x, const struct census_line *L, double *slope,
                    double *r2)
{
    double n = L->n, su = L->su, suu = L->suu;
    double absent = n - (double)x->count;
    double sw = x->s1 - absent * x->k; /* sum (v - K), every census */
    double sww = x->s2 + absent * x->k * x->k;
    double suw = x->s3 - x->k * su; /* sum u (v - K) */
    double sxx = suu - su * su / n, sxy = suw - su * sw / n, syy = sww - sw * sw / n;
    *slope = n > 1 && sxx > 0 ? sxy / sxx : 0;
    *r2 = n > 2 && sxx > 0 && syy > 0 ? fmin(1, sxy / sxx * (sxy / syy)) : -1;
    if (!isfinite(*slope))
        *slope = 0;
    if (!isfinite(*r2))
        *r2 = -1;
}

/* The chosen names' sums, and the censuses their lines are fitted over:
 * one replay.  -1 with err set when it fails. */
static int replay(struct name_acc *acc, const int32_t *slot, const struct profile *p,
                  struct census_line *L, struct hp_error *err)
{
    size_t nn = p->names.count, cap = 0, nc = 0, np = 0, k = 0;
    uint32_t *cur = NULL, *prev = NULL;
    double t_prev = 0;
    memset(L, 0, sizeof *L);
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    while ((rc = store_cursor_next(c, &smp, err)) == 1) {
        if (smp.n > cap) {
            cap = smp.n;
            cur = xreallocarray(cur, cap, sizeof *cur);
            prev = xreallocarray(prev, cap, sizeof *prev);
        }
        double u = smp.time - p->t_first;
        sum_sample(acc, slot, nn, &smp, k, cur, &nc);
        take_sample(acc, cur, nc, prev, np, k, smp.time, u, k ? smp.time - t_prev : 0);
        uint32_t *swap = prev;
        prev = cur;
        cur = swap;
        np = nc;
        t_prev = smp.time;
        census_line_add(L, u, census_holds(&smp));
        k++;
    }
    store_cursor_free(c);
    free(cur);
    free(prev);
    return rc;
}

/* Name id given an entry of all[0..*kept) if it has none (the room is
 * the caller's). */
static void add_id(const struct profile *p, int64_t id, struct by_total *all, size_t *kept,
                   int32_t *slot)
{
    if (id < 0 || (size_t)id >= p->names.count || slot[id] >= 0)
        return;
    slot[id] = (int32_t)*kept;
    all[(*kept)++] =
        (struct by_total){ p->names.info[id].total, p->names.info[id].text, (uint32_t)id };
}

/* The names --top's ranking lists (S's rows) and those OTHER and -t
 * opened list (O) that the largest left out, added to all[0..*kept),
 * then all sorted again: the page has one list of names, which both
 * point into. */
static void add_pointed(const struct profile *p, const struct page_suspects *S,
                        const struct page_opened *O, struct by_total *all, size_t *kept,
                        int32_t *slot)
{
    for (size_t r = 0; S && r < S->nrows; r++)
        add_id(p, S->row[r].id, all, kept, slot);
    for (size_t m = 0; O && m < O->nnames; m++)
        add_id(p, O->id[m], all, kept, slot);
    qsort(all, *kept, sizeof *all, larger_first);
    for (size_t i = 0; i < *kept; i++)
        slot[all[i].id] = (int32_t)i;
}

/* How the list's name nm reads as text: whole (1), less its "(N)" (2), or
 * otherwise (0: none known; the text is then sent as it is). */
static int reads_as(const struct page_data_name *nm, size_t prefix_bytes, const char *text)
{
    if (strcmp(nm->name, text) == 0)
        return 1;
    return prefix_bytes && strlen(nm->name) >= prefix_bytes
            && strcmp(nm->name + prefix_bytes, text) == 0
        ? 2
        : 0;
}

/* S's rows and O's names pointed at their entries in P's list (slot: a
 * name id's entry); O's pointers only if every one of its names is
 * found, as its list is sent whole either way. */
static void point_into(struct page_data_panel *P, const struct profile *p,
                       const struct page_suspects *S, const struct page_opened *O,
                       const int32_t *slot)
{
    size_t nn = p->names.count;
    if (S) {
        P->suspect_name = xcalloc(S->nrows ? S->nrows : 1, sizeof *P->suspect_name);
        P->suspect_whole = xcalloc(S->nrows ? S->nrows : 1, sizeof *P->suspect_whole);
    }
    for (size_t r = 0; S && r < S->nrows; r++) {
        int64_t id = S->row[r].id;
        long i = id >= 0 && (size_t)id < nn ? slot[id] : -1;
        int how = i >= 0
            ? reads_as(&P->names[i], stackname_prefix(p->names.info[id].text), S->row[r].name)
            : 0;
        P->suspect_name[r] = how ? i : -1;
        /* --top keeps "(N)" where two names would read alike without it */
        P->suspect_whole[r] = how == 1 && P->names[i].prefix > 0;
    }
    if (!O)
        return;
    P->opened_name = xcalloc(O->nnames ? O->nnames : 1, sizeof *P->opened_name);
    for (size_t m = 0; m < O->nnames; m++) {
        uint32_t id = O->id[m];
        long i = id < nn ? slot[id] : -1;
        /* --top --at's names go without their "(N)" */
        if (i < 0
            || reads_as(&P->names[i], stackname_prefix(p->names.info[id].text), O->name[m])
                != (P->names[i].prefix ? 2 : 1)) {
            free(P->opened_name);
            P->opened_name = NULL;
            return;
        }
        P->opened_name[m] = i;
    }
}

int page_data_add_names(struct page_data *D, size_t k, const struct profile *p,
                        const struct band_plan *bp, struct hp_error *err)
{
    if (!D || k >= D->npanels || !bp->band_of_name)
        return 0;
    struct page_data_panel *P = &D->panel[k];
    const struct page_suspects *S = P->suspects && !P->suspects->two ? P->suspects : NULL;
    const struct page_opened *O = P->opened;
    /* a name that is a band of its own is listed by the key already, and
     * needs an entry only when --top's ranking lists it */
    bool merged = bp->trace_dropped > 0;
    for (size_t b = 0; b < bp->count && !merged; b++)
        merged = bp->band[b].is_other;
    if (!merged && !(S && S->nrows) && !(O && O->nnames))
        return 0;
    size_t room = PAGE_NAMES_MAX + (S ? S->nrows : 0) + (O ? O->nnames : 0);
    struct by_total *all = xcalloc(room, sizeof *all);
    size_t kept, n;
    largest(p, bp, all, PAGE_NAMES_MAX, &kept, &n);
    int32_t *slot = xreallocarray(NULL, p->names.count ? p->names.count : 1, sizeof *slot);
    for (size_t id = 0; id < p->names.count; id++)
        slot[id] = -1;
    for (size_t i = 0; i < kept; i++)
        slot[all[i].id] = (int32_t)i;
    add_pointed(p, S, O, all, &kept, slot);
    struct name_acc *acc = xcalloc(kept ? kept : 1, sizeof *acc);
    struct census_line line;
    if (replay(acc, slot, p, &line, err) < 0) {
        free(acc);
        free(slot);
        free(all);
        return -1;
    }
    double whole = 0;
    for (size_t b = 0; b < bp->count; b++)
        whole += (double)bp->band[b].total;
    P->names_total = n;
    P->nnames = kept;
    P->names = xcalloc(kept ? kept : 1, sizeof *P->names);
    for (size_t i = 0; i < kept; i++) {
        uint32_t id = all[i].id;
        const char *raw = p->names.info[id].text;
        int32_t b = bp->band_of_name[id];
        struct page_data_name *nm = &P->names[i];
        const struct name_acc *x = &acc[i];
        nm->name = utf8_sanitize_lines(raw, strlen(raw));
        for (size_t c = 0, n_prefix = stackname_prefix(raw); c < n_prefix; c++)
            nm->prefix += ((unsigned char)raw[c] & 0xC0) != 0x80; /* characters, as the page
                                                                  * slices */
        if (p->detail && id < p->ndetail && p->detail[id])
            nm->detail = xstrdup(p->detail[id]);
        nm->band = b >= 0 && (size_t)b < P->nbands ? (long)P->band[b] : -1;
        nm->share = whole > 0 ? (double)all[i].total / whole : 0;
        nm->peak = x->peak, nm->peak_time = x->peak_time;
        nm->area = x->area, nm->first = x->first, nm->last = x->last;
        line_of(x, &line, &nm->slope, &nm->r2);
    }
    point_into(P, p, S, O, slot);
    free(acc);
    free(slot);
    free(all);
    return 0;
}

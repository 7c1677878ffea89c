/* SPDX-License-Identifier: BSD-3-Clause */
/* page/suspects.c: see page/suspects.h. */
#include "page/suspects.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stackname.h"

/* Where name id is drawn under bp; *band the band of its own, or -1. */
static enum page_where where_of(const struct band_plan *bp, int64_t id, int64_t *band)
{
    *band = -1;
    int32_t b = id >= 0 && (size_t)id < bp->nnames ? bp->band_of_name[id] : BAND_TRACED;
    if (b < 0)
        return PAGE_TRACED;
    if (bp->band[b].is_other)
        return PAGE_OTHER;
    *band = b;
    return PAGE_DRAWN;
}

static bool holds_anything(const struct profile *p)
{
    for (size_t id = 0; id < p->names.count; id++)
        if (p->names.info[id].total > 0)
            return true;
    return false;
}

/* A new page_suspects with t's window and heap figures (both builds'). */
static struct page_suspects *suspects_new(const struct triage *t)
{
    struct page_suspects *S = xcalloc(1, sizeof *S);
    S->ncensuses = t->ncensuses;
    S->t_start = t->t_start;
    S->t_end = t->t_end;
    S->heap_start = t->heap_start;
    S->heap_end = t->heap_end;
    S->heap_peak = t->heap_peak;
    S->heap_peak_time = t->heap_peak_time;
    S->floor = t->floor;
    return S;
}

struct page_suspects *page_suspects_build(const struct profile *p, const struct band_plan *bp,
                                          const struct series_samples *ss)
{
    struct triage t;
    struct hp_error err;
    /* every name, then those --include/--exclude drop left out (a name's
     * figures are its own; the window and the heap are every name's) */
    struct triage_options o = { .filter = NULL };
    bool any = holds_anything(p);
    if (!any || triage_rank(&t, p, &o, &err) < 0) {
        if (any)
            triage_free(&t);
        return NULL;
    }
    struct page_suspects *S = suspects_new(&t);
    /* the undrawn sent: as many as their values fit the budget */
    size_t n = ss ? ss->n : 0;
    size_t undrawn_max = n ? PAGE_SUSPECT_VALUES / n : 0;
    if (undrawn_max > PAGE_SUSPECTS_UNDRAWN)
        undrawn_max = PAGE_SUSPECTS_UNDRAWN;
    S->row = xcalloc(t.nrows ? t.nrows : 1, sizeof *S->row);
    size_t sent_undrawn = 0;
    for (size_t i = 0; i < t.nrows; i++) {
        struct triage_row *r = &t.row[i];
        int64_t band;
        if (r->id < 0 || (size_t)r->id >= bp->nnames || bp->band_of_name[r->id] == -1)
            continue; /* dropped by --include/--exclude */
        S->names++;
        enum page_where where = where_of(bp, r->id, &band);
        if (where != PAGE_DRAWN) {
            S->undrawn++;
            if (sent_undrawn >= undrawn_max)
                continue;
            sent_undrawn++;
        }
        struct page_suspect *row = &S->row[S->nrows++];
        row->name = r->name;
        r->name = NULL;
        row->id = r->id;
        row->band = band;
        row->where = where;
        row->fig = r->fig;
        row->change = r->change;
        row->change_pct = r->change_pct;
        row->leak = r->leak;
        if (where != PAGE_DRAWN)
            row->values = xcalloc(n ? n : 1, sizeof *row->values);
    }
    triage_free(&t);
    return S;
}

struct page_suspects *page_suspects_build_two(const struct profile *before,
                                              const struct profile *after,
                                              const struct name_filter *filter)
{
    struct triage t;
    struct hp_error err;
    struct triage_options o[2] = { { .filter = filter }, { .filter = filter } };
    if (!holds_anything(before) || !holds_anything(after))
        return NULL;
    if (triage_rank_two(&t, before, after, o, &err) < 0) {
        triage_free(&t);
        return NULL;
    }
    struct page_suspects *S = suspects_new(&t);
    S->two = true;
    S->before_ncensuses = t.before_ncensuses;
    S->before_heap_peak = t.before_heap_peak;
    S->names = t.nrows;
    size_t n = t.nrows < PAGE_SUSPECTS_TWO ? t.nrows : PAGE_SUSPECTS_TWO;
    S->row = xcalloc(n ? n : 1, sizeof *S->row);
    for (size_t i = 0; i < n; i++) {
        struct triage_row *r = &t.row[i];
        struct page_suspect *row = &S->row[S->nrows++];
        row->name = r->name;
        r->name = NULL;
        row->id = r->id;
        row->band = -1;
        row->where = PAGE_DRAWN;
        row->fig = r->fig;
        row->before = r->before;
        row->change = r->change;
        row->change_pct = r->change_pct;
        row->leak = r->leak;
    }
    triage_free(&t);
    return S;
}

void page_suspects_free(struct page_suspects *S)
{
    if (!S)
        return;
    for (size_t i = 0; i < S->nrows; i++) {
        free(S->row[i].name);
        free(S->row[i].values);
    }
    free(S->row);
    free(S);
}

/* ---- OTHER and -t opened at each of the page's samples ---- */

struct member {
    int64_t value;
    uint32_t id;
};

struct opening {
    const struct profile *p;
    const struct band_plan *bp;
    struct page_opened *O;
    int64_t *sum;       /* per name id: its sum in the census being read */
    uint32_t *touched;  /* the OTHER and -t names holding something in it */
    struct member *top; /* the largest of them, per_sample at most: a heap whose
                               * root ranks last, then sorted */
    size_t ntouched;
    int64_t *index; /* per name id: its index in O->name, or -1 */
    size_t name_bytes;
    size_t names_cap; /* O->name's room */
    size_t per_sample;
    size_t cap; /* entries' room */
};

/* Does a come before b in --top --at's order: the largest first, equal
 * ones by name as shown (less "(N)"), then by id? */
static bool ranks_before(const struct opening *op, const struct member *a, const struct member *b)
{
    if (a->value != b->value)
        return a->value > b->value;
    const char *x = op->p->names.info[a->id].text, *y = op->p->names.info[b->id].text;
    int c = strcmp(x + stackname_prefix(x), y + stackname_prefix(y));
    return c ? c < 0 : a->id < b->id;
}

/* The heap top[0..n) (its root the one that ranks last) with top[k]
 * sifted down. */
static void sift_down(const struct opening *op, struct member *top, size_t n, size_t k)
{
    for (;;) {
        size_t worst = k, l = 2 * k + 1, r = l + 1;
        if (l < n && ranks_before(op, &top[worst], &top[l]))
            worst = l;
        if (r < n && ranks_before(op, &top[worst], &top[r]))
            worst = r;
        if (worst == k)
            return;
        struct member x = top[k];
        top[k] = top[worst];
        top[worst] = x;
        k = worst;
    }
}

/* The largest per_sample of the names touched, in order, into op->top:
 * how many.  A heap of per_sample, so a census of many names costs
 * O(names log per_sample), not a sort of them all. */
static size_t largest(struct opening *op)
{
    size_t n = 0, m = op->per_sample;
    for (size_t k = 0; k < op->ntouched; k++) {
        struct member c = { op->sum[op->touched[k]], op->touched[k] };
        if (n < m) {
            size_t j = n++;
            op->top[j] = c; /* sifted up: */
            while (j > 0 && ranks_before(op, &op->top[(j - 1) / 2], &op->top[j])) {
                struct member x = op->top[j];
                op->top[j] = op->top[(j - 1) / 2];
                op->top[(j - 1) / 2] = x;
                j = (j - 1) / 2;
            }
        } else if (ranks_before(op, &c, &op->top[0])) {
            op->top[0] = c;
            sift_down(op, op->top, n, 0);
        }
    }
    for (size_t j = 1; j < n; j++) /* (at most per_sample: by insertion) */
        for (size_t k = j; k > 0 && ranks_before(op, &op->top[k], &op->top[k - 1]); k--) {
            struct member x = op->top[k];
            op->top[k] = op->top[k - 1];
            op->top[k - 1] = x;
        }
    return n;
}

/* A list's place for name id (a new one while the caps allow), or -1. */
static int64_t listed(struct opening *op, uint32_t id)
{
    if (op->index[id] >= 0)
        return op->index[id];
    struct page_opened *O = op->O;
    const struct name_info *ni = &op->p->names.info[id];
    if (O->nnames >= PAGE_MEMBER_NAMES || op->name_bytes + ni->len > PAGE_MEMBER_BYTES)
        return -1;
    if (O->nnames == op->names_cap) {
        op->names_cap = op->names_cap ? 2 * op->names_cap : 64;
        O->name = xreallocarray(O->name, op->names_cap, sizeof *O->name);
        O->id = xreallocarray(O->id, op->names_cap, sizeof *O->id);
        O->traced = xreallocarray(O->traced, op->names_cap, sizeof *O->traced);
    }
    O->name[O->nnames] = triage_shown_name(ni->text);
    O->id[O->nnames] = id;
    O->traced[O->nnames] = op->bp->band_of_name[id] == BAND_TRACED;
    op->name_bytes += ni->len;
    op->index[id] = (int64_t)O->nnames;
    return (int64_t)O->nnames++;
}

/* The sample i's census smp: its OTHER and -t names summed, the largest
 * listed.  *all: every name's sum. */
static void open_census(struct opening *op, size_t i, const struct sample *smp, int64_t *all)
{
    const struct band_plan *bp = op->bp;
    struct page_opened *O = op->O;
    int32_t other = bp->count && bp->band[0].is_other ? 0 : -1;
    size_t nn = op->p->names.count;
    op->ntouched = 0;
    *all = 0;
    for (size_t e = 0; e < smp->n; e++) {
        const struct sample_entry *en = &smp->entry[e];
        if (en->value > 0)
            bands_add_value(all, en->value);
        if (en->name >= nn || en->name >= bp->nnames)
            continue;
        int32_t b = bp->band_of_name[en->name];
        if (b != BAND_TRACED && (other < 0 || b != other))
            continue;
        if (op->sum[en->name] == 0 && en->value > 0)
            op->touched[op->ntouched++] = en->name;
        bands_add_value(&op->sum[en->name], en->value);
    }
    O->count[i][0] = O->count[i][1] = 0;
    for (size_t k = 0; k < op->ntouched; k++)
        O->count[i][bp->band_of_name[op->touched[k]] == BAND_TRACED]++;
    size_t ntop = largest(op);
    for (size_t k = 0; k < ntop; k++) {
        uint32_t id = op->top[k].id;
        int64_t at = listed(op, id); /* (-1: past the names' caps; the rest's line has it) */
        if (at >= 0) {
            if (O->start[i + 1] == op->cap) {
                op->cap = op->cap ? op->cap * 2 : 256;
                O->who = xreallocarray(O->who, op->cap, sizeof *O->who);
                O->value = xreallocarray(O->value, op->cap, sizeof *O->value);
            }
            O->who[O->start[i + 1]] = (uint32_t)at;
            O->value[O->start[i + 1]++] = op->sum[id];
        }
    }
    for (size_t k = 0; k < op->ntouched; k++)
        op->sum[op->touched[k]] = 0;
}

/* Is census smp the page's sample i (its time, its bands' values and
 * what -t left out)?  value: room for the bands' sums. */
static bool is_sample(const struct band_plan *bp, const struct series_samples *ss, size_t i,
                      const struct sample *smp, int64_t *value)
{
    if (smp->time != ss->t[i])
        return false;
    int64_t hidden = 0;
    bands_sum_sample_traced(bp, smp->entry, smp->n, value, &hidden);
    if (ss->hidden && ss->hidden[i] != hidden)
        return false;
    return memcmp(value, ss->value + i * ss->nbands, ss->nbands * sizeof *value) == 0;
}

struct page_opened *page_opened_build(const struct profile *p, const struct band_plan *bp,
                                      const struct series_samples *ss, struct page_suspects *S)
{
    if (!ss || ss->nbands != bp->count)
        return NULL;
    size_t n = ss->n, nn = p->names.count;
    struct page_opened *O = xcalloc(1, sizeof *O);
    O->nsamples = n;
    O->other_band = bp->count && bp->band[0].is_other ? 0 : -1;
    O->start = xcalloc(n + 1, sizeof *O->start);
    O->count = xcalloc(n ? n : 1, sizeof *O->count);
    O->total = xcalloc(n ? n : 1, sizeof *O->total);
    struct opening op = { .p = p, .bp = bp, .O = O };
    op.sum = xcalloc(nn ? nn : 1, sizeof *op.sum);
    op.index = xreallocarray(NULL, nn ? nn : 1, sizeof *op.index);
    for (size_t id = 0; id < nn; id++)
        op.index[id] = -1;
    op.per_sample = n ? PAGE_MEMBERS_BUDGET / n : 0;
    if (op.per_sample > PAGE_MEMBERS_PER_SAMPLE)
        op.per_sample = PAGE_MEMBERS_PER_SAMPLE;
    if (op.per_sample < 1)
        op.per_sample = 1;
    op.top = xcalloc(op.per_sample, sizeof *op.top);
    /* the undrawn suspects' values, by name id */
    int64_t *row_of = xreallocarray(NULL, nn ? nn : 1, sizeof *row_of);
    for (size_t id = 0; id < nn; id++)
        row_of[id] = -1;
    for (size_t r = 0; S && r < S->nrows; r++)
        if (S->row[r].values && S->row[r].id >= 0 && (size_t)S->row[r].id < nn)
            row_of[S->row[r].id] = (int64_t)r;
    int64_t *value = xcalloc(bp->count ? bp->count : 1, sizeof *value);
    bool filtered = false;
    size_t i = 0, tcap = 0;
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample smp;
    struct hp_error err;
    while (i < n && store_cursor_next(c, &smp, &err) == 1) {
        if (!is_sample(bp, ss, i, &smp, value))
            continue;
        if (smp.n > tcap) {
            tcap = smp.n;
            op.touched = xreallocarray(op.touched, tcap, sizeof *op.touched);
        }
        O->start[i + 1] = O->start[i];
        int64_t all;
        open_census(&op, i, &smp, &all);
        O->total[i] = (double)all;
        double drawn = ss->hidden ? (double)ss->hidden[i] : 0;
        for (size_t b = 0; b < ss->nbands; b++)
            drawn += (double)ss->value[i * ss->nbands + b];
        filtered |= drawn != O->total[i];
        for (size_t e = 0; e < smp.n; e++) {
            uint32_t id = smp.entry[e].name;
            if (id < nn && row_of[id] >= 0 && smp.entry[e].value > 0)
                S->row[row_of[id]].values[i] += (double)smp.entry[e].value;
        }
        i++;
    }
    store_cursor_free(c);
    free(value);
    free(row_of);
    free(op.sum);
    free(op.index);
    free(op.touched);
    free(op.top);
    if (i < n) { /* a sample not found again, or the replay failed */
        page_opened_free(O);
        return NULL;
    }
    if (!filtered) {
        free(O->total);
        O->total = NULL;
    }
    return O;
}

void page_opened_free(struct page_opened *O)
{
    if (!O)
        return;
    for (size_t k = 0; k < O->nnames; k++)
        free(O->name[k]);
    free(O->name);
    free(O->id);
    free(O->traced);
    free(O->start);
    free(O->who);
    free(O->value);
    free(O->count);
    free(O->total);
    free(O);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* bands.c: see bands.h.
 *
 * The steps, each re-sorting the list the one before left (all sorts are
 * GHC's unstable selection sort, from selsort.c, so ties come out as in
 * GHC's hp2ps):
 *   1. every name, in the order of GHC's 513-bucket hash table, less those
 *      --include/--exclude drop and those with no data point (seen only
 *      outside the --from/--to window): as if the file did not hold them;
 *   2. ascending by total, then trace elimination (-t);
 *   2b. eras (-he, read from an eventlog: "era N"): by N, the oldest at
 *      the bottom, as time stacks them (ours; the sorts below override it);
 *   3. -d: ascending by standard deviation;
 *      --sort=gradient: ascending by least-squares slope (stable; ours);
 *   4. -i: by name;
 *   5. -p: ascending by the .aux ORDER number (0 when absent);
 *   5b. --top (ours): the leaks triage names go on top, in the order the
 *      steps before left them; step 2 cut none of them;
 *   6. -m: the bottom names merge into OTHER; the leaks never do, but
 *      take their places within the limit first (more leaks than the
 *      limit: every one drawn, and every other name in OTHER);
 *   7. ranks by size, and the shades (shades.c).
 * A deliberate difference from GHC: an all-zero profile keeps its bands
 * under -t0 (GHC divides by a zero grand total and drops everything).
 */
#include "bands.h"
#include "aux.h"
#include "census.h"
#include "selsort.h"
#include "shades.h"
#include "stackname.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GHC_HASH_BUCKETS 513

/* ---- step 1: GHC's hash order ----------------------------------------- */

/* h = 3h + byte, the byte taken as a signed char, in wrapping 32-bit
 * arithmetic; negated when negative; bucket = h mod 513.  The arithmetic is
 * done unsigned (the same bits, without signed overflow).  GHC negates
 * INT32_MIN into itself, undefined behaviour in C; we take its magnitude,
 * 2^31. */
static size_t ghc_bucket(const char *s, size_t len)
{
    uint32_t h = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        int32_t byte = c < 128 ? (int32_t)c : (int32_t)c - 256;
        h = 3u * h + (uint32_t)byte;
    }
    if (h & 0x80000000u)
        h = 0u - h;
    return h % GHC_HASH_BUCKETS;
}

/* ids[0..n) = every name: buckets 0..512, and inside a bucket the name
 * seen last first (GHC pushes a new name on the front of its chain; ids
 * count in order of first appearance). */
static void hash_order(const struct names *names, size_t *ids)
{
    size_t start[GHC_HASH_BUCKETS + 1] = { 0 };
    size_t n = names->count;
    size_t *bucket = xreallocarray(NULL, n ? n : 1, sizeof *bucket);
    for (size_t id = 0; id < n; id++) {
        bucket[id] = ghc_bucket(names->info[id].text, names->info[id].len);
        start[bucket[id] + 1]++;
    }
    for (size_t b = 0; b < GHC_HASH_BUCKETS; b++)
        start[b + 1] += start[b];
    for (size_t id = n; id-- > 0;)
        ids[start[bucket[id]]++] = id;
    free(bucket);
}

/* Keep in ids[0..n), in their order, only the names that can be bands:
 * those the --include/--exclude filter keeps and that have a data point
 * (a name seen only outside the --from/--to window has none).  Returns
 * how many are left. */
static size_t keep_names(const struct names *names, size_t *ids, size_t n,
                         const struct name_filter *filter)
{
    size_t out = 0;
    for (size_t i = 0; i < n; i++) {
        const struct name_info *ni = &names->info[ids[i]];
        if (ni->points > 0 && name_filter_keep(filter, ni->text))
            ids[out++] = ids[i];
    }
    return out;
}

/* Does any name have a data point? */
static bool has_points(const struct names *names)
{
    for (size_t id = 0; id < names->count; id++)
        if (names->info[id].points > 0)
            return true;
    return false;
}

/* ---- sort keys ---------------------------------------------------------- */

struct keys {
    const struct names *names;
    const double *dev; /* -d */
    const long *order; /* -p, indexed by name id */
};

static bool less_dev(const void *ctx, size_t a, size_t b)
{
    const struct keys *k = ctx;
    return k->dev[a] < k->dev[b];
}

static bool unordered_dev(const void *ctx, size_t a)
{
    const struct keys *k = ctx;
    return isnan(k->dev[a]);
}

static bool less_name(const void *ctx, size_t a, size_t b)
{
    const struct keys *k = ctx;
    return strcmp(k->names->info[a].text, k->names->info[b].text) < 0;
}

static bool greater_name(const void *ctx, size_t a, size_t b)
{
    const struct keys *k = ctx;
    return strcmp(k->names->info[a].text, k->names->info[b].text) > 0;
}

static bool less_order(const void *ctx, size_t a, size_t b)
{
    const struct keys *k = ctx;
    return k->order[a] < k->order[b];
}

/* ---- --top: the leaks ---------------------------------------------------- */

/* Per name id, whether it is one of o's leaks; NULL when there are none. */
static bool *leak_set(const struct band_options *o, size_t nn)
{
    if (!o->leak_ids || !o->nleak_ids)
        return NULL;
    bool *leak = xcalloc(nn ? nn : 1, sizeof *leak);
    for (size_t i = 0; i < o->nleak_ids; i++)
        if (o->leak_ids[i] < nn)
            leak[o->leak_ids[i]] = true;
    return leak;
}

/* list[0..n) with its leaks moved to its end, every name keeping its
 * order among its kind; returns how many leaks. */
static size_t leaks_last(size_t *list, size_t n, const bool *leak)
{
    if (!leak)
        return 0;
    size_t *tmp = xreallocarray(NULL, n ? n : 1, sizeof *tmp);
    size_t others = 0, k = 0;
    for (size_t i = 0; i < n; i++)
        if (!leak[list[i]])
            list[others++] = list[i];
        else
            tmp[k++] = list[i];
    memcpy(list + others, tmp, k * sizeof *tmp);
    free(tmp);
    return k;
}

/* ---- step 2: trace elimination ---------------------------------------- */

/* ids[0..n) ascending by total.  Returns how many of the smallest go: the
 * names before the first one at which the running share reaches the
 * threshold (all of them when none does).  A zero grand total gives every
 * name a share of 0. */
static size_t trace_cut(const struct names *names, const size_t *ids, size_t n, double threshold)
{
    double grand = 0;
    for (size_t i = 0; i < n; i++)
        grand += (double)names->info[ids[i]].total;
    double running = 0;
    for (size_t i = 0; i < n; i++) {
        if (grand != 0)
            running += 100.0 * (double)names->info[ids[i]].total / grand;
        if (running >= threshold)
            return i;
    }
    return n;
}

/* ---- step 3: standard deviation --------------------------------------- */

/* dev[id] for every name, by one replay of the samples: GHC's formula, with
 * the mean over all N samples but the squares over the name's own points
 * only. */
static int deviations(const struct profile *p, double *dev, struct hp_error *err)
{
    size_t nn = p->names.count;
    double n = (double)p->nsamples;
    double *mean = xreallocarray(NULL, nn ? nn : 1, sizeof *mean);
    for (size_t id = 0; id < nn; id++) {
        mean[id] = (double)p->names.info[id].total / n;
        dev[id] = 0;
    }
    struct store_cursor *cur = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    while ((rc = store_cursor_next(cur, &smp, err)) == 1)
        for (size_t i = 0; i < smp.n; i++) {
            const struct sample_entry *e = &smp.entry[i];
            if (e->name >= nn)
                continue;
            double d = (double)e->value - mean[e->name];
            dev[e->name] += d * d;
        }
    store_cursor_free(cur);
    for (size_t id = 0; id < nn; id++)
        dev[id] = sqrt(dev[id] / (n - 1.0));
    free(mean);
    return rc;
}

/* ---- step 3, --sort=gradient and --slopes: least-squares slopes ---------- */

/* slope[id] for every name, by one replay: the least-squares slope of the
 * name's value against time over the censuses census_line takes (from
 * the first holding anything to the last), a sample without the name
 * counting as 0 (the band is drawn at 0 there).  Counted, the RTS's
 * empty census at exit halved a one-second leak's slope with the default
 * -i0.1 (a line through 0 with 8 censuses: 79 of its 153 MB/s), and the
 * one at start gave a buffer held flat from the first census a slope
 * (slowleak's 60 MB: +499 kB/s over 3.7 s).  Times are taken from the
 * first sample's, so that a long run keeps its precision.  0 with fewer
 * than two distinct times, or when a sum overflows (hostile times). */
static int name_slopes(const struct profile *p, double *slope, struct hp_error *err)
{
    size_t nn = p->names.count;
    double *sum_v = xcalloc(nn ? nn : 1, sizeof *sum_v);
    double *sum_tv = xcalloc(nn ? nn : 1, sizeof *sum_tv);
    struct census_line line = { 0 };
    struct store_cursor *cur = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    while ((rc = store_cursor_next(cur, &smp, err)) == 1) {
        double u = smp.time - p->t_first;
        if (!census_line_add(&line, u, census_holds(&smp)))
            continue; /* before the first sample holding data */
        for (size_t i = 0; i < smp.n; i++) {
            const struct sample_entry *e = &smp.entry[i];
            if (e->name >= nn)
                continue;
            double v = (double)e->value;
            sum_v[e->name] += v;
            sum_tv[e->name] += u * v;
        }
    }
    store_cursor_free(cur);
    double denom = line.n * line.suu - line.su * line.su;
    bool usable = denom > 0 && isfinite(denom);
    for (size_t id = 0; rc == 0 && id < nn; id++) {
        double s = usable ? (line.n * sum_tv[id] - line.su * sum_v[id]) / denom : 0;
        slope[id] = isfinite(s) ? s : 0;
    }
    free(sum_v);
    free(sum_tv);
    return rc;
}

struct ranked {
    double key;
    size_t pos; /* place in the order before: ties keep it */
    size_t id;
};

static int compare_ranked(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* --sort=gradient: list ascending by slope, so the steepest rise ends on
 * top of the stack (and first in the key).  Stable, unlike GHC's sorts:
 * there is no GHC order to reproduce, and bands that do not grow keep
 * the order by size. */
static void sort_by_slope(size_t *list, size_t n, const double *slope)
{
    struct ranked *r = xreallocarray(NULL, n ? n : 1, sizeof *r);
    for (size_t i = 0; i < n; i++)
        r[i] = (struct ranked){ slope[list[i]], i, list[i] };
    qsort(r, n, sizeof *r, compare_ranked);
    for (size_t i = 0; i < n; i++)
        list[i] = r[i].id;
    free(r);
}

/* ---- the plan ----------------------------------------------------------- */

/* "era N": N (a name the reader did not make so: after every era). */
static uint64_t era_number(const struct name_info *ni)
{
    uint64_t v = 0;
    if (ni->len <= 4 || ni->len > 4 + 19 || memcmp(ni->text, "era ", 4) != 0)
        return UINT64_MAX;
    for (size_t i = 4; i < ni->len; i++) {
        if (ni->text[i] < '0' || ni->text[i] > '9')
            return UINT64_MAX;
        v = v * 10 + (uint64_t)(ni->text[i] - '0');
    }
    return v;
}

struct era_ref {
    uint64_t era;
    size_t id, pos;
};

static int by_era(const void *a, const void *b)
{
    const struct era_ref *x = a, *y = b;
    if (x->era != y->era)
        return x->era < y->era ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Step 2b: the eras in their order, numerically ("era 10" above "era 9"). */
static void sort_by_era(size_t *list, size_t n, const struct names *names)
{
    struct era_ref *r = xreallocarray(NULL, n, sizeof *r);
    for (size_t i = 0; i < n; i++)
        r[i] = (struct era_ref){ era_number(&names->info[list[i]]), list[i], i };
    qsort(r, n, sizeof *r, by_era);
    for (size_t i = 0; i < n; i++)
        list[i] = r[i].id;
    free(r);
}

/* The names a plan draws, in their order: list[0..n) (bottom first),
 * within ids, after the cut trace elements; slope: each name's slope, when
 * --sort=gradient or --slopes asked for them. */
struct ordered {
    size_t *ids, *list;
    size_t n, cut;
    double *slope;
    int64_t *aux_id; /* -p: each name's .aux entry, -1 none; NULL without -p */
    bool *leak;      /* --top: per name id, a leak; NULL: none */
    size_t nleaks;   /* the last of list[] */
};

static void ordered_free(struct ordered *on)
{
    free(on->ids);
    free(on->slope);
    free(on->aux_id);
    free(on->leak);
}

/* Steps 1 to 5.  -1 with err set when a replay fails or the filters leave
 * nothing; on failure nothing is left to free. */
static int order_names(struct ordered *on, const struct profile *p, const struct band_options *o,
                       struct hp_error *err)
{
    memset(on, 0, sizeof *on);
    const struct names *names = &p->names;
    size_t nn = names->count;
    struct keys keys = { names, NULL, NULL };
    on->ids = xreallocarray(NULL, nn ? nn : 1, sizeof *on->ids);
    hash_order(names, on->ids);
    size_t nkept = keep_names(names, on->ids, nn, o->filter);
    if (nkept == 0 && name_filter_active(o->filter) && has_points(names)) {
        ordered_free(on);
        return hp_fail(err, "%s: no band name matches --include/--exclude",
                       p->source ? p->source : "profile");
    }

    /* 2. Totals and trace elimination. */
    uint64_t *total = xreallocarray(NULL, nn ? nn : 1, sizeof *total);
    for (size_t id = 0; id < nn; id++)
        total[id] = names->info[id].total;
    selection_sort_keys(on->ids, nkept, total);
    free(total);
    on->cut = trace_cut(names, on->ids, nkept, o->trace_percent);
    /* --top: -t cuts no leak (a leak holds little of the heap·time while
     * it grows: that is why -t hid it).  The leaks among the cut are its
     * largest, so the list stays ascending by total. */
    on->leak = leak_set(o, nn);
    on->cut -= leaks_last(on->ids, on->cut, on->leak);
    size_t *list = on->list = on->ids + on->cut;
    size_t n = on->n = nkept - on->cut;

    /* 2b. eras */
    if (p->era_bands && n > 1)
        sort_by_era(list, n, names);

    /* 3. -d */
    if (o->sort_stddev && n > 0) {
        double *dev = xreallocarray(NULL, nn ? nn : 1, sizeof *dev);
        int rc = deviations(p, dev, err);
        keys.dev = dev;
        if (rc == 0)
            selection_sort(list, n, less_dev, unordered_dev, &keys);
        free(dev);
        if (rc < 0) {
            ordered_free(on);
            return -1;
        }
    }

    /* 3. --sort=gradient, and the slopes --slopes writes in the key: one
     * replay, only when asked. */
    if ((o->sort_gradient || o->slopes) && n > 0) {
        on->slope = xreallocarray(NULL, nn, sizeof *on->slope);
        if (name_slopes(p, on->slope, err) < 0) {
            ordered_free(on);
            return -1;
        }
        if (o->sort_gradient)
            sort_by_slope(list, n, on->slope);
    }

    /* 4. -i */
    if (o->sort_name > 0)
        selection_sort(list, n, less_name, NULL, &keys);
    else if (o->sort_name < 0)
        selection_sort(list, n, greater_name, NULL, &keys);

    /* 5. -p: each name's .aux entry (aux_lookup: also by the name its
     * band has in the .hp of the same run, or less its "(N)" when no
     * other name reads so), and its order */
    if (o->aux && n > 0) {
        long *order = xcalloc(nn ? nn : 1, sizeof *order);
        on->aux_id = xreallocarray(NULL, nn ? nn : 1, sizeof *on->aux_id);
        for (size_t id = 0; id < nn; id++)
            on->aux_id[id] = -1;
        struct names bare;
        names_init(&bare);
        uint32_t *count = xcalloc(n, sizeof *count);
        for (size_t i = 0; i < n; i++) {
            const struct name_info *ni = &names->info[list[i]];
            size_t k = stackname_prefix(ni->text);
            uint32_t b = names_intern(&bare, ni->text + k, ni->len - k);
            count[b]++;
        }
        for (size_t i = 0; i < n; i++) {
            const struct name_info *ni = &names->info[list[i]];
            size_t k = stackname_prefix(ni->text), alias_len;
            const char *alias = profile_hp_name(p, (uint32_t)list[i], &alias_len);
            bool unique = count[names_find(&bare, ni->text + k, ni->len - k)] == 1;
            int64_t e = aux_lookup(o->aux, ni->text, alias, alias_len, unique);
            on->aux_id[list[i]] = e;
            order[list[i]] = e >= 0 && o->aux->entry[e].has_order ? o->aux->entry[e].order : 0;
        }
        free(count);
        names_free(&bare);
        keys.order = order;
        selection_sort(list, n, less_order, NULL, &keys);
        free(order);
    }

    /* 5b. --top: the leaks on top, whatever order the steps before gave */
    on->nleaks = leaks_last(list, n, on->leak);
    return 0;
}

/* Step 6's count: the bands of the ordered names under the limit, and
 * *merged, how many of the bottom ones OTHER gathers.  The leaks (on
 * top) are never merged: they take their places within the limit first,
 * and the other names share what is left, at least one band (OTHER). */
static size_t limit_bands(const struct ordered *on, long limit, size_t *merged)
{
    size_t k = on->nleaks; /* (at most the names, under 2^31: bands_plan) */
    if (limit < 0 || k == 0)
        return plan_limit(on->n, limit, merged);
    long room = limit == 0 ? 0 : limit - (long)k > 1 ? limit - (long)k : 1;
    return plan_limit(on->n - k, room, merged) + k;
}

/* Step 6, the band limit: the ordered names as bands, the bottom ones
 * merged into OTHER past the limit.  A negative limit (GHC: every name
 * merged, a negative band count, nothing drawn) leaves no bands. */
static void make_bands(struct band_plan *bp, const struct profile *p, const struct ordered *on,
                       const struct aux *aux, long limit)
{
    const struct names *names = &p->names;
    size_t nn = names->count, n = on->n;
    const size_t *list = on->list;
    const double *slope = on->slope;
    size_t merged, count = limit_bands(on, limit, &merged);
    bp->nnames = nn;
    bp->trace_dropped = on->cut;
    bp->band_of_name = xreallocarray(NULL, nn ? nn : 1, sizeof *bp->band_of_name);
    for (size_t id = 0; id < nn; id++)
        bp->band_of_name[id] = -1;
    for (size_t i = 0; i < on->cut; i++) {
        bp->band_of_name[on->ids[i]] = BAND_TRACED;
        bp->trace_total = add_saturating(bp->trace_total, names->info[on->ids[i]].total);
    }
    bp->count = count;
    bp->band = xcalloc(count ? count : 1, sizeof *bp->band);

    size_t next = 0;
    if (count > 0 && merged > 0) {
        struct band *b = &bp->band[0];
        b->name = xstrdup("OTHER");
        b->is_other = true;
        for (size_t i = 0; i < merged; i++) {
            b->total = add_saturating(b->total, names->info[list[i]].total);
            b->slope += slope ? slope[list[i]] : 0; /* a slope is linear: OTHER's is the sum */
            bp->band_of_name[list[i]] = 0;
        }
        next = 1;
    }
    for (size_t i = merged; i < n; i++, next++) {
        const struct name_info *ni = &names->info[list[i]];
        struct band *b = &bp->band[next];
        b->name = xmemdup0(ni->text, ni->len);
        b->total = ni->total;
        b->slope = slope ? slope[list[i]] : 0;
        b->leak = on->leak && on->leak[list[i]];
        bp->band_of_name[list[i]] = (int32_t)next;
        size_t alias_len;
        const char *alias = profile_hp_name(p, (uint32_t)list[i], &alias_len);
        if (alias)
            b->hp_name = xmemdup0(alias, alias_len);
        if (on->aux_id && on->aux_id[list[i]] >= 0)
            b->has_aux = true, b->aux_id = (uint32_t)on->aux_id[list[i]];
    }
    if (count > 0 && merged > 0 && aux) { /* OTHER's, by its name */
        int64_t e = aux_lookup(aux, "OTHER", NULL, 0, false);
        if (e >= 0)
            bp->band[0].has_aux = true, bp->band[0].aux_id = (uint32_t)e;
    }
}

int bands_select(struct band_plan *bp, const struct profile *p, const struct band_options *o,
                 struct hp_error *err)
{
    memset(bp, 0, sizeof *bp);
    if (p->names.count > INT32_MAX)
        return hp_fail(err, "%s: too many names (%zu)", p->source ? p->source : "profile",
                       p->names.count);
    struct ordered on;
    if (order_names(&on, p, o, err) < 0)
        return -1;
    make_bands(bp, p, &on, o->aux, o->limit);
    bp->trace_percent = o->trace_percent;
    ordered_free(&on);
    /* 7. Ranks by size (the shades: bands_plan). */
    plan_rank(bp);
    return 0;
}

int bands_plan(struct band_plan *bp, const struct profile *p, const struct band_options *o,
               struct hp_error *err)
{
    if (bands_select(bp, p, o, err) < 0)
        return -1;
    shades_assign(bp, o);
    return 0;
}

/* bands.c: see bands.h.
 *
 * The steps, each re-sorting the list the one before left (all sorts are
 * GHC's unstable selection sort, from selsort.c, so ties come out as in
 * GHC's hp2ps):
 *   1. every name, in the order of GHC's 513-bucket hash table, less those
 *      --include/--exclude drop and those with no data point (seen only
 *      outside the --from/--to window): as if the file did not hold them;
 *   2. ascending by total, then trace elimination (-t);
 *   3. -d: ascending by standard deviation;
 *      --sort=gradient: ascending by least-squares slope (stable; ours);
 *   4. -i: by name;
 *   5. -p: ascending by the .aux ORDER number (0 when absent);
 *   6. -m: the bottom names merge into OTHER;
 *   7. shades, bottom band first.
 * Two deliberate differences from GHC: an all-zero profile keeps its bands
 * under -t0 (GHC divides by a zero grand total and drops everything), and
 * a new band under -p skips the shades already in use in this run, while
 * any are left (GHC restarts the sequence and repeats them).
 */
#include "bands.h"
#include "selsort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GHC_HASH_BUCKETS 513

void band_options_default(struct band_options *o)
{
    memset(o, 0, sizeof *o);
    o->trace_percent = 1.0;
    o->limit = BANDS_LIMIT_DEFAULT;
    o->sort_stddev = false;
    o->sort_name = 0;
    o->colour = false;
    o->aux = NULL;
}

void bands_sum_sample(const struct band_plan *bp, const struct sample_entry *e, size_t n,
                      int64_t *value)
{
    memset(value, 0, bp->count * sizeof *value);
    for (size_t i = 0; i < n; i++) {
        if (e[i].name >= bp->nnames)
            continue;
        int32_t b = bp->band_of_name[e[i].name];
        if (b < 0 || (size_t)b >= bp->count)
            continue;
        int64_t v = e[i].value > 0 ? e[i].value : 0;
        value[b] = value[b] > INT64_MAX - v ? INT64_MAX : value[b] + v;
    }
}

void band_plan_free(struct band_plan *bp)
{
    if (!bp)
        return;
    for (size_t i = 0; i < bp->count; i++)
        free(bp->band[i].name);
    free(bp->band);
    free(bp->band_of_name);
    memset(bp, 0, sizeof *bp);
}

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
    size_t start[GHC_HASH_BUCKETS + 1] = {0};
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
    const double *dev;  /* -d */
    const long *order;  /* -p, indexed by name id */
};

static bool less_total(const void *ctx, size_t a, size_t b)
{
    const struct keys *k = ctx;
    return k->names->info[a].total < k->names->info[b].total;
}

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

/* ---- step 2: trace elimination ---------------------------------------- */

/* ids[0..n) ascending by total.  Returns how many of the smallest go: the
 * names before the first one at which the running share reaches the
 * threshold (all of them when none does).  A zero grand total gives every
 * name a share of 0. */
static size_t trace_cut(const struct names *names, const size_t *ids, size_t n,
                        double threshold)
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
 * name's value against time over all samples, a sample without the name
 * counting as 0 (the band is drawn at 0 there).  Times are taken from the
 * first sample's, so that a long run keeps its precision.  0 with fewer
 * than two distinct times, or when a sum overflows (hostile times). */
static int name_slopes(const struct profile *p, double *slope, struct hp_error *err)
{
    size_t nn = p->names.count;
    double *sum_v = xcalloc(nn ? nn : 1, sizeof *sum_v);
    double *sum_tv = xcalloc(nn ? nn : 1, sizeof *sum_tv);
    double n = 0, sum_t = 0, sum_tt = 0;
    struct store_cursor *cur = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    while ((rc = store_cursor_next(cur, &smp, err)) == 1) {
        double u = smp.time - p->t_first;
        n += 1;
        sum_t += u;
        sum_tt += u * u;
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
    double denom = n * sum_tt - sum_t * sum_t;
    bool usable = denom > 0 && isfinite(denom);
    for (size_t id = 0; rc == 0 && id < nn; id++) {
        double s = usable ? (n * sum_tv[id] - sum_t * sum_v[id]) / denom : 0;
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
        r[i] = (struct ranked){slope[list[i]], i, list[i]};
    qsort(r, n, sizeof *r, compare_ranked);
    for (size_t i = 0; i < n; i++)
        list[i] = r[i].id;
    free(r);
}

/* ---- step 7: shades ----------------------------------------------------- */

/* A grey as a small integer, to tell which greys are the same: in
 * hundredths (0..100, what the .aux keeps). */
#define GREY_CODES 101

static size_t grey_code(double level)
{
    return (size_t)lround(level * 100);
}

/* The period of GHC's grey sequence: the first k > 0 that repeats the
 * first grey (the entries of one period are all different, which
 * test_palette checks). */
static size_t sequence_period(void)
{
    size_t first = grey_code(palette_grey(0));
    size_t k = 1;
    while (k < 10000 && grey_code(palette_grey(k)) != first)
        k++;
    return k;
}

static double clamp01(double v)
{
    if (!(v > 0))
        return 0; /* also NaN */
    return v > 1 ? 1 : v;
}

/* The shade the .aux gives band b, if it gives one this mode can use. */
static bool aux_shade(const struct band_options *o, const struct band *b,
                      struct rgb *fill, double *value)
{
    if (!o->aux)
        return false;
    const struct aux_entry *e = aux_find(o->aux, b->name, strlen(b->name));
    if (!e || !e->has_shade)
        return false;
    if (o->colour) {
        if (!palette_decode_colour(e->shade, fill))
            return false;
        *value = palette_encode_colour(*fill);
    } else {
        *value = clamp01(e->shade);
        *fill = palette_grey_rgb(*value);
    }
    return true;
}

/* Stable across runs and platforms: FNV-1a of the name's bytes, less a
 * leading "(N)": the RTS numbers cost-centre stacks as it creates them, so
 * the same stack has another number in the next run, and the eventlog
 * reader numbers them in its own way; the stack keeps its colour. */
static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;
    if (s[0] == '(') {
        const char *d = s + 1;
        while (*d >= '0' && *d <= '9')
            d++;
        if (d > s + 1 && *d == ')')
            s = d + 1;
    }
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211u;
    }
    return h;
}

/* Ranks: the largest total first, equal totals by name, OTHER last. */
static int by_size(const void *x, const void *y)
{
    const struct band *a = *(const struct band *const *)x, *b = *(const struct band *const *)y;
    if (a->is_other != b->is_other)
        return a->is_other ? 1 : -1;
    if (a->total != b->total)
        return a->total > b->total ? -1 : 1;
    int c = strcmp(a->name, b->name);
    return c ? c : (a > b) - (a < b);
}

/* The bands in the order of their ranks. */
static struct band **by_rank(struct band_plan *bp)
{
    struct band **order = xreallocarray(NULL, bp->count ? bp->count : 1, sizeof *order);
    for (size_t i = 0; i < bp->count; i++)
        order[i] = &bp->band[i];
    qsort(order, bp->count, sizeof *order, by_size);
    return order;
}

void bands_rank(struct band_plan *bp)
{
    struct band **order = by_rank(bp);
    for (size_t r = 0; r < bp->count; r++)
        order[r]->rank = r;
    free(order);
}

/* A colour this close (CIEDE2000) to one in use counts as the same. */
#define SAME_COLOUR 5.0
/* Past the palette's colours, neighbours closer than this look like one. */
#define NEIGHBOUR_MIN_DISTANCE 15.0

/* The colours in use so far, each once: an .aux can give thousands of
 * bands colours, but only 11^3 colours of tenths exist. */
#define COLOUR_CODES (11 * 11 * 11)

struct in_use {
    bool seen[COLOUR_CODES];
    struct rgb colour[COLOUR_CODES];
    size_t n;
};

static size_t colour_code(struct rgb c)
{
    long r = lround(c.r * 10), g = lround(c.g * 10), b = lround(c.b * 10);
    return (size_t)(r * 121 + g * 11 + b) % COLOUR_CODES;
}

static void use_colour(struct in_use *u, struct rgb c)
{
    size_t code = colour_code(c);
    if (!u->seen[code]) {
        u->seen[code] = true;
        u->colour[u->n++] = c;
    }
}

static bool colour_free(const struct in_use *u, struct rgb c)
{
    if (u->seen[colour_code(c)])
        return false;
    for (size_t i = 0; i < u->n; i++)
        if (palette_distance(u->colour[i], c) < SAME_COLOUR)
            return false;
    return true;
}

/* The first free palette colour of slots first..first+count-1, starting
 * at the one the hash picks and going round. */
static bool free_slot(const struct in_use *u, uint64_t h, size_t first, size_t count,
                      struct rgb *out)
{
    for (size_t k = 0; k < count; k++) {
        struct rgb c = palette_colour(first + (size_t)((h + k) % count));
        if (colour_free(u, c)) {
            *out = c;
            return true;
        }
    }
    return false;
}

/* A biographical (-hb) profile: every name is one palette_meaning knows. */
static bool meaningful_names(const struct band_plan *bp)
{
    size_t named = 0;
    struct rgb c;
    for (size_t i = 0; i < bp->count; i++) {
        if (bp->band[i].is_other)
            continue;
        if (!palette_meaning(bp->band[i].name, &c))
            return false;
        named++;
    }
    return named > 0;
}

/* The colour of a band past the palette (or when -p's colours took every
 * free one): its hashed colour, or the next one that stands apart from its
 * neighbours in the stack.  Only these depend on the order drawn. */
static struct rgb neighbourly_colour(const struct band_plan *bp, const bool *shaded, size_t i)
{
    size_t n = palette_colour_count();
    uint64_t h = name_hash(bp->band[i].name);
    for (size_t k = 0; k < n; k++) {
        struct rgb c = palette_colour((size_t)((h + k) % n));
        bool apart = true;
        if (i > 0 && shaded[i - 1])
            apart = palette_distance(c, bp->band[i - 1].fill) >= NEIGHBOUR_MIN_DISTANCE;
        if (apart && i + 1 < bp->count && shaded[i + 1])
            apart = palette_distance(c, bp->band[i + 1].fill) >= NEIGHBOUR_MIN_DISTANCE;
        if (apart)
            return c;
    }
    return palette_colour((size_t)(h % n));
}

/* The colour of the band ranked r (-c, no .aux shade): OTHER's grey; in a
 * biographical profile the name's meaning; else the palette colour its
 * name hashes to among the twelve primaries for the twelve largest bands,
 * among the rest for the next ones, or the next free one there, or in
 * the whole palette.  False when none is free. */
static bool ranked_colour(const struct band *b, size_t r, bool meanings, const struct in_use *u,
                          struct rgb *out)
{
    if (b->is_other) {
        *out = palette_other();
        return true;
    }
    if (meanings && palette_meaning(b->name, out))
        return true;
    size_t n = palette_colour_count(), primary = palette_primary_count();
    uint64_t h = name_hash(b->name);
    if (r < primary && free_slot(u, h, 0, primary, out))
        return true;
    if (r < n && free_slot(u, h, primary, n - primary, out))
        return true;
    return r < n && free_slot(u, h, 0, n, out);
}

/* -c: a name keeps its colour whatever the flags, so its colour comes from
 * a hash of the name, and clashes are settled in the order of the ranks
 * (by size, not by the order drawn): the largest band gets its name's
 * colour, each next one its own or the next free one.  A band keeps its
 * colour under any sort, and under -m, -t and --include/--exclude as long
 * as the bands larger than it are drawn.  Bands with a usable .aux SHADE
 * keep it; past the palette's twenty colours, colours repeat
 * (neighbourly_colour). */
static void assign_colours(struct band_plan *bp, bool *shaded)
{
    struct in_use *u = xcalloc(1, sizeof *u);
    for (size_t i = 0; i < bp->count; i++)
        if (shaded[i])
            use_colour(u, bp->band[i].fill);
    bool meanings = meaningful_names(bp);
    struct band **order = by_rank(bp);
    for (size_t r = 0; r < bp->count; r++) {
        struct band *b = order[r];
        size_t i = (size_t)(b - bp->band);
        if (shaded[i] || !ranked_colour(b, r, meanings, u, &b->fill))
            continue;
        b->aux_shade = palette_encode_colour(b->fill);
        use_colour(u, b->fill);
        shaded[i] = true;
    }
    for (size_t i = 0; i < bp->count; i++) /* bottom up */
        if (!shaded[i]) {
            bp->band[i].fill = neighbourly_colour(bp, shaded, i);
            bp->band[i].aux_shade = palette_encode_colour(bp->band[i].fill);
            shaded[i] = true;
        }
    free(order);
    free(u);
}

/* Black and white: every band without a usable .aux SHADE takes the next
 * value of GHC's grey sequence, skipping values already in use in this
 * run, by an .aux shade or by an earlier new band; once every value of the
 * sequence is in use, after one full period of skipping, it takes the next
 * value anyway.  Without -p nothing is in use before the sequence has gone
 * round once, and a full period of skipping lands on the same value again,
 * so the result is exactly GHC's sequence (and .aux).  With -p this keeps
 * new bands (which -p puts next to each other, at the bottom) from
 * repeating the shades the .aux gives, or each other's, while any value is
 * left: GHC restarts the sequence and repeats them. */
static void assign_greys(struct band_plan *bp, bool *shaded)
{
    bool *used = xcalloc(GREY_CODES, sizeof *used);
    for (size_t i = 0; i < bp->count; i++)
        if (shaded[i])
            used[grey_code(bp->band[i].aux_shade)] = true;
    size_t period = sequence_period();
    size_t next = 0;
    for (size_t i = 0; i < bp->count; i++) {
        if (shaded[i])
            continue;
        for (size_t skipped = 0; skipped < period; skipped++) {
            if (!used[grey_code(palette_grey(next))])
                break;
            next++;
        }
        struct band *b = &bp->band[i];
        b->aux_shade = palette_grey(next);
        b->fill = palette_grey_rgb(b->aux_shade);
        used[grey_code(b->aux_shade)] = true;
        next++;
        shaded[i] = true;
    }
    free(used);
}

/* Bands the .aux gives a usable SHADE keep it; the others take colours
 * (assign_colours) or greys (assign_greys). */
static void assign_shades(struct band_plan *bp, const struct band_options *o)
{
    bool *shaded = xcalloc(bp->count ? bp->count : 1, sizeof *shaded);
    for (size_t i = 0; i < bp->count; i++) {
        struct band *b = &bp->band[i];
        shaded[i] = aux_shade(o, b, &b->fill, &b->aux_shade);
    }
    if (o->colour)
        assign_colours(bp, shaded);
    else
        assign_greys(bp, shaded);
    free(shaded);
}

/* ---- the plan ----------------------------------------------------------- */

static uint64_t add_saturating(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

int bands_plan(struct band_plan *bp, const struct profile *p, const struct band_options *o,
               struct hp_error *err)
{
    memset(bp, 0, sizeof *bp);
    const struct names *names = &p->names;
    size_t nn = names->count;
    if (nn > INT32_MAX)
        return hp_fail(err, "%s: too many names (%zu)", p->source ? p->source : "profile",
                       nn);

    struct keys keys = {names, NULL, NULL};
    size_t *ids = xreallocarray(NULL, nn ? nn : 1, sizeof *ids);
    hash_order(names, ids);
    size_t nkept = keep_names(names, ids, nn, o->filter);
    if (nkept == 0 && name_filter_active(o->filter) && has_points(names)) {
        free(ids);
        return hp_fail(err, "%s: no band name matches --include/--exclude",
                       p->source ? p->source : "profile");
    }

    /* 2. Totals and trace elimination. */
    selection_sort(ids, nkept, less_total, NULL, &keys);
    size_t cut = trace_cut(names, ids, nkept, o->trace_percent);
    size_t *list = ids + cut;
    size_t n = nkept - cut;

    /* 3. -d */
    if (o->sort_stddev && n > 0) {
        double *dev = xreallocarray(NULL, nn ? nn : 1, sizeof *dev);
        if (deviations(p, dev, err) < 0) {
            free(dev);
            free(ids);
            return -1;
        }
        keys.dev = dev;
        selection_sort(list, n, less_dev, unordered_dev, &keys);
        keys.dev = NULL;
        free(dev);
    }

    /* 3. --sort=gradient, and the slopes --slopes writes in the key: one
     * replay, only when asked. */
    double *slope = NULL;
    if ((o->sort_gradient || o->slopes) && n > 0) {
        slope = xreallocarray(NULL, nn, sizeof *slope);
        if (name_slopes(p, slope, err) < 0) {
            free(slope);
            free(ids);
            return -1;
        }
        if (o->sort_gradient)
            sort_by_slope(list, n, slope);
    }

    /* 4. -i */
    if (o->sort_name > 0)
        selection_sort(list, n, less_name, NULL, &keys);
    else if (o->sort_name < 0)
        selection_sort(list, n, greater_name, NULL, &keys);

    /* 5. -p */
    if (o->aux && n > 0) {
        long *order = xcalloc(nn ? nn : 1, sizeof *order);
        for (size_t i = 0; i < n; i++) {
            const struct name_info *ni = &names->info[list[i]];
            const struct aux_entry *e = aux_find(o->aux, ni->text, ni->len);
            order[list[i]] = e && e->has_order ? e->order : 0;
        }
        keys.order = order;
        selection_sort(list, n, less_order, NULL, &keys);
        keys.order = NULL;
        free(order);
    }

    /* 6. The band limit.  A negative limit (GHC: every name merged, a
     * negative band count, nothing drawn) leaves no bands. */
    size_t merged = 0;
    size_t count = n;
    if (o->limit < 0) {
        merged = n;
        count = 0;
    } else if (o->limit != 0 && n > (size_t)o->limit) {
        count = (size_t)o->limit;
        merged = n - count + 1;
    }

    bp->nnames = nn;
    bp->trace_dropped = cut;
    bp->band_of_name = xreallocarray(NULL, nn ? nn : 1, sizeof *bp->band_of_name);
    for (size_t id = 0; id < nn; id++)
        bp->band_of_name[id] = -1;
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
        bp->band_of_name[list[i]] = (int32_t)next;
    }
    free(ids);
    free(slope);

    /* 7. Ranks by size, and the shades. */
    bands_rank(bp);
    assign_shades(bp, o);
    return 0;
}

/* ---- the .aux ----------------------------------------------------------- */

/* printf("%.*f") with '.' as the decimal point whatever the locale. */
static void format_fixed(char *buf, size_t size, int prec, double v)
{
    snprintf(buf, size, "%.*f", prec, v);
    dot_decimal(buf);
}

int bands_write_aux(FILE *f, const struct band_plan *bp, double x_range,
                    double y_range, bool colour)
{
    char buf[512];
    aux_format_range(buf, sizeof buf, x_range);
    fprintf(f, "X_RANGE %s\n", buf);
    aux_format_range(buf, sizeof buf, y_range);
    fprintf(f, "Y_RANGE %s\n", buf);
    /* A name with newlines goes over several lines, read back whole; one
     * that would not read back is left out (-p: a new band). */
    for (size_t i = 0; i < bp->count; i++)
        if (aux_name_fits(bp->band[i].name))
            fprintf(f, "ORDER %s %zu\n", bp->band[i].name, i + 1);
    for (size_t i = 0; i < bp->count; i++) {
        if (!aux_name_fits(bp->band[i].name))
            continue;
        format_fixed(buf, sizeof buf, colour ? 6 : 2, bp->band[i].aux_shade);
        fprintf(f, "SHADE %s %s\n", bp->band[i].name, buf);
    }
    return ferror(f) ? -1 : 0;
}

/* ---- several profiles and --diff: one fill per name -------------------- */

/* A band of one of several plans, in the order the union lists them. */
struct band_ref {
    const char *name;
    size_t pos;   /* place in the union's reading order (key, top first) */
    size_t plan, band;
};

static int by_name_then_pos(const void *a, const void *b)
{
    const struct band_ref *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

void bands_union(struct band_plan *u, const struct band_plan *plans, size_t n)
{
    memset(u, 0, sizeof *u);
    size_t nrefs = 0;
    for (size_t k = 0; k < n; k++)
        nrefs += plans[k].count;
    /* Reading order: the first plan's bands from the top, then each later
     * plan's bands from the top; a name's first place is its place. */
    struct band_ref *refs = xreallocarray(NULL, nrefs ? nrefs : 1, sizeof *refs);
    size_t r = 0;
    for (size_t k = 0; k < n; k++)
        for (size_t i = plans[k].count; i-- > 0; r++)
            refs[r] = (struct band_ref){plans[k].band[i].name, r, k, i};
    qsort(refs, nrefs, sizeof *refs, by_name_then_pos);

    /* first[pos]: the group (one name) whose first place is pos, if any. */
    size_t *first = xreallocarray(NULL, nrefs ? nrefs : 1, sizeof *first);
    uint64_t *total = xcalloc(nrefs ? nrefs : 1, sizeof *total);
    bool *other = xcalloc(nrefs ? nrefs : 1, sizeof *other);
    for (size_t pos = 0; pos < nrefs; pos++)
        first[pos] = SIZE_MAX;
    for (size_t g = 0; g < nrefs;) {
        size_t end = g;
        size_t pos = refs[g].pos;
        for (; end < nrefs && strcmp(refs[end].name, refs[g].name) == 0; end++) {
            const struct band *b = &plans[refs[end].plan].band[refs[end].band];
            total[pos] = add_saturating(total[pos], b->total);
            other[pos] = other[pos] || b->is_other;
        }
        first[pos] = g;
        u->count++;
        g = end;
    }
    u->band = xcalloc(u->count ? u->count : 1, sizeof *u->band);
    size_t top = u->count;
    for (size_t pos = 0; pos < nrefs; pos++) {
        if (first[pos] == SIZE_MAX)
            continue;
        const struct band_ref *ref = &refs[first[pos]];
        const struct band *src = &plans[ref->plan].band[ref->band];
        struct band *b = &u->band[--top]; /* bottom first, so the top is filled first */
        b->name = xstrdup(src->name);
        b->is_other = other[pos];
        b->total = total[pos];
        b->fill = src->fill;
        b->aux_shade = src->aux_shade;
    }
    bands_rank(u);
    free(refs);
    free(first);
    free(total);
    free(other);
}

struct name_slot {
    const char *name;
    size_t band;
};

static int by_slot_name(const void *a, const void *b)
{
    return strcmp(((const struct name_slot *)a)->name, ((const struct name_slot *)b)->name);
}

/* Each band of plans[0..n) takes the fill and .aux shade its name has in
 * `from`, and with take_rank its rank.  A band whose name `from` lacks
 * keeps its own, except OTHER with other_colour: OTHER's colour. */
static void take_by_name(struct band_plan *plans, size_t n, const struct band_plan *from,
                         bool take_rank, bool other_colour)
{
    struct name_slot *slots = xreallocarray(NULL, from->count ? from->count : 1, sizeof *slots);
    for (size_t i = 0; i < from->count; i++)
        slots[i] = (struct name_slot){from->band[i].name, i};
    qsort(slots, from->count, sizeof *slots, by_slot_name);
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < plans[k].count; i++) {
            struct band *b = &plans[k].band[i];
            struct name_slot key = {b->name, 0};
            const struct name_slot *hit =
                bsearch(&key, slots, from->count, sizeof *slots, by_slot_name);
            if (!hit) {
                if (b->is_other && other_colour) {
                    b->fill = palette_other();
                    b->aux_shade = palette_encode_colour(b->fill);
                }
                continue;
            }
            const struct band *src = &from->band[hit->band];
            b->fill = src->fill;
            b->aux_shade = src->aux_shade;
            if (take_rank)
                b->rank = src->rank;
        }
    free(slots);
}

/* Several profiles (FILE FILE...): the shades are chosen once for the
 * union of the names, as for one plan (-c: by the union's ranks, the
 * totals added up; else GHC's greys in the union's order), and every band
 * takes its name's shade and rank: the same colour and hatch everywhere. */
void bands_share_shades(struct band_plan *plans, size_t n, bool colour)
{
    struct band_plan u;
    bands_union(&u, plans, n);
    struct band_options o;
    band_options_default(&o);
    o.colour = colour;
    assign_shades(&u, &o);
    take_by_name(plans, n, &u, true, false); /* the union holds every name */
    band_plan_free(&u);
}

void bands_take_shades(struct band_plan *to, const struct band_plan *from, bool colour)
{
    take_by_name(to, 1, from, false, colour);
}

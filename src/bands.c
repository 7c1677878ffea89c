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
    o->limit = 20;
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
static int deviations(struct profile *p, double *dev, struct hp_error *err)
{
    size_t nn = p->names.count;
    double n = (double)p->nsamples;
    double *mean = xreallocarray(NULL, nn ? nn : 1, sizeof *mean);
    for (size_t id = 0; id < nn; id++) {
        mean[id] = (double)p->names.info[id].total / n;
        dev[id] = 0;
    }
    if (p->store) {
        if (store_rewind(p->store, err) < 0) {
            free(mean);
            return -1;
        }
        for (;;) {
            double t;
            const struct sample_entry *e;
            size_t count;
            int rc = store_next(p->store, &t, &e, &count, err);
            if (rc < 0) {
                free(mean);
                return -1;
            }
            if (rc == 0)
                break;
            for (size_t i = 0; i < count; i++) {
                if (e[i].name >= nn)
                    continue;
                double d = (double)e[i].value - mean[e[i].name];
                dev[e[i].name] += d * d;
            }
        }
    }
    for (size_t id = 0; id < nn; id++)
        dev[id] = sqrt(dev[id] / (n - 1.0));
    free(mean);
    return 0;
}

/* ---- step 3, --sort=gradient and --slopes: least-squares slopes ---------- */

/* slope[id] for every name, by one replay: the least-squares slope of the
 * name's value against time over all samples, a sample without the name
 * counting as 0 (the band is drawn at 0 there).  Times are taken from the
 * first sample's, so that a long run keeps its precision.  0 with fewer
 * than two distinct times, or when a sum overflows (hostile times). */
static int name_slopes(struct profile *p, double *slope, struct hp_error *err)
{
    size_t nn = p->names.count;
    double *sum_v = xcalloc(nn ? nn : 1, sizeof *sum_v);
    double *sum_tv = xcalloc(nn ? nn : 1, sizeof *sum_tv);
    double n = 0, sum_t = 0, sum_tt = 0;
    if (p->store) {
        if (store_rewind(p->store, err) < 0)
            goto fail;
        for (;;) {
            double t;
            const struct sample_entry *e;
            size_t count;
            int rc = store_next(p->store, &t, &e, &count, err);
            if (rc < 0)
                goto fail;
            if (rc == 0)
                break;
            double u = t - p->t_first;
            n += 1;
            sum_t += u;
            sum_tt += u * u;
            for (size_t i = 0; i < count; i++) {
                if (e[i].name >= nn)
                    continue;
                double v = (double)e[i].value;
                sum_v[e[i].name] += v;
                sum_tv[e[i].name] += u * v;
            }
        }
    }
    double denom = n * sum_tt - sum_t * sum_t;
    bool usable = denom > 0 && isfinite(denom);
    for (size_t id = 0; id < nn; id++) {
        double s = usable ? (n * sum_tv[id] - sum_t * sum_v[id]) / denom : 0;
        slope[id] = isfinite(s) ? s : 0;
    }
    free(sum_v);
    free(sum_tv);
    return 0;
fail:
    free(sum_v);
    free(sum_tv);
    return -1;
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

/* A shade as a small integer, to tell which shades are the same: a grey
 * in hundredths (0..100, what the .aux keeps), a colour from its tenths
 * (0..1330). */
#define GREY_CODES 101
#define COLOUR_CODES (11 * 11 * 11)

static size_t grey_code(double level)
{
    return (size_t)lround(level * 100);
}

static size_t colour_code(struct rgb c)
{
    return (size_t)(lround(c.r * 10) * 121 + lround(c.g * 10) * 11 + lround(c.b * 10));
}

static size_t sequence_code(bool colour, size_t k)
{
    return colour ? colour_code(palette_colour(k)) : grey_code(palette_grey(k));
}

/* The period of the default sequence: the first k > 0 that repeats the
 * first shade (the entries of one period are all different, which
 * test_palette checks). */
static size_t sequence_period(bool colour)
{
    size_t first = sequence_code(colour, 0);
    size_t k = 1;
    while (k < 10000 && sequence_code(colour, k) != first)
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

/* Neighbours in the stack closer than this look like one band. */
#define NEIGHBOUR_MIN_DISTANCE 30.0

static bool far_from(struct rgb c, const struct band_plan *bp, const bool *shaded, size_t i)
{
    if (i > 0 && shaded[i - 1] && palette_distance(c, bp->band[i - 1].fill) < NEIGHBOUR_MIN_DISTANCE)
        return false;
    if (i + 1 < bp->count && shaded[i + 1] &&
        palette_distance(c, bp->band[i + 1].fill) < NEIGHBOUR_MIN_DISTANCE)
        return false;
    return true;
}

/* -c: a name keeps its colour from run to run, so its palette slot comes
 * from a hash of the name.  When that slot is taken by another drawn band,
 * or looks like a neighbour in the stack, the next slots are tried: first
 * for a free colour far from the neighbours, then for any colour far from
 * them, then the hashed slot itself. */
static size_t colour_slot(const struct band_plan *bp, const bool *shaded, const bool *used,
                          size_t i)
{
    size_t n = palette_colour_count();
    size_t start = (size_t)(name_hash(bp->band[i].name) % n);
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < n; k++) {
            size_t slot = (start + k) % n;
            struct rgb c = palette_colour(slot);
            if ((pass == 1 || !used[colour_code(c)]) && far_from(c, bp, shaded, i))
                return slot;
        }
    return start;
}

/* Bands the .aux gives a usable SHADE keep it.  In colour, every other
 * band takes the colour its name hashes to (colour_slot).  In black and
 * white, every other band takes the next value of GHC's grey sequence,
 * skipping values already in use in this run, by an .aux shade or by an
 * earlier new band; once every value of the sequence is in use, after one
 * full period of skipping, it takes the next value anyway.  Without -p
 * nothing is in use before the sequence has gone round once, and a full
 * period of skipping lands on the same value again, so the result is
 * exactly GHC's sequence (and .aux).  With -p this keeps new bands (which
 * -p puts next to each other, at the bottom) from repeating the shades the
 * .aux gives, or each other's, while any value is left: GHC restarts the
 * sequence and repeats them. */
static void assign_shades(struct band_plan *bp, const struct band_options *o)
{
    bool colour = o->colour;
    size_t ncodes = colour ? COLOUR_CODES : GREY_CODES;
    bool *used = xcalloc(ncodes, sizeof *used);
    bool *shaded = xcalloc(bp->count ? bp->count : 1, sizeof *shaded);

    for (size_t i = 0; i < bp->count; i++) {
        struct band *b = &bp->band[i];
        if (aux_shade(o, b, &b->fill, &b->aux_shade)) {
            shaded[i] = true;
            used[colour ? colour_code(b->fill) : grey_code(b->aux_shade)] = true;
        }
    }

    size_t period = sequence_period(colour);
    size_t next = 0;
    for (size_t i = 0; i < bp->count; i++) {
        if (shaded[i])
            continue;
        struct band *b = &bp->band[i];
        if (colour) {
            b->fill = palette_colour(colour_slot(bp, shaded, used, i));
            b->aux_shade = palette_encode_colour(b->fill);
            used[colour_code(b->fill)] = true;
        } else {
            for (size_t skipped = 0; skipped < period; skipped++) {
                if (!used[sequence_code(colour, next)])
                    break;
                next++;
            }
            b->aux_shade = palette_grey(next);
            b->fill = palette_grey_rgb(b->aux_shade);
            used[sequence_code(colour, next)] = true;
            next++;
        }
        shaded[i] = true;
    }
    free(used);
    free(shaded);
}

/* ---- the plan ----------------------------------------------------------- */

static uint64_t add_saturating(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

int bands_plan(struct band_plan *bp, struct profile *p, const struct band_options *o,
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

    /* 7. Shades. */
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
    for (size_t i = 0; i < bp->count; i++)
        fprintf(f, "ORDER %s %zu\n", bp->band[i].name, i + 1);
    for (size_t i = 0; i < bp->count; i++) {
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

/* Several profiles (FILE FILE...) and --diff: the shades are chosen once
 * for the union of the names, as for one plan (-c: each name's hashed
 * slot, collisions resolved over the union; else GHC's greys in the
 * union's order), and every band takes its name's. */
void bands_share_shades(struct band_plan *plans, size_t n, bool colour)
{
    struct band_plan u;
    bands_union(&u, plans, n);
    struct band_options o;
    band_options_default(&o);
    o.colour = colour;
    assign_shades(&u, &o);

    struct name_slot *slots = xreallocarray(NULL, u.count ? u.count : 1, sizeof *slots);
    for (size_t i = 0; i < u.count; i++)
        slots[i] = (struct name_slot){u.band[i].name, i};
    qsort(slots, u.count, sizeof *slots, by_slot_name);
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < plans[k].count; i++) {
            struct band *b = &plans[k].band[i];
            struct name_slot key = {b->name, 0};
            const struct name_slot *hit =
                bsearch(&key, slots, u.count, sizeof *slots, by_slot_name);
            if (hit) { /* always: the union holds every name */
                b->fill = u.band[hit->band].fill;
                b->aux_shade = u.band[hit->band].aux_shade;
            }
        }
    free(slots);
    band_plan_free(&u);
}

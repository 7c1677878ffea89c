/* SPDX-License-Identifier: BSD-3-Clause */
/* shades.c: see shades.h.
 *
 * Grey: GHC's sequence of ten greys handed out bottom band first, so the
 * .aux matches GHC's; a new band under -p skips the greys already in use
 * in this run while any are left (GHC restarts the sequence and repeats
 * them: a deliberate difference).  Colour (-c): a hash of the name picks
 * the palette slot, and clashes are settled by rank (largest first), so
 * flags that only reorder the stack change no colour.
 */
#include "shades.h"

#include "aux.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pair.h"
#include "stackname.h"

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
static bool aux_shade(const struct band_options *o, const struct band *b, struct rgb *fill,
                      double *value)
{
    if (!o->aux || !b->has_aux || b->aux_id >= o->aux->names.count)
        return false;
    const struct aux_entry *e = &o->aux->entry[b->aux_id]; /* bands.c's aux_lookup */
    if (!e->has_shade)
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
 * leading "(N)" (stackname_prefix, also a paired "(N1→N2)"): the RTS numbers
 * cost-centre stacks and retainer sets as it creates them, so the same
 * stack has another number in the next run, and the eventlog reader
 * numbers them in its own way; the stack keeps its colour. */
static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (s += stackname_prefix(s); *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211u;
    }
    return h;
}

/* A colour this close (CIEDE2000) to one in use counts as the same. */
#define SAME_COLOUR            5.0
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
    /* the bands by rank (plan_rank has set them: 0 .. count - 1) */
    struct band **order = xreallocarray(NULL, bp->count ? bp->count : 1, sizeof *order);
    for (size_t i = 0; i < bp->count; i++)
        order[bp->band[i].rank < bp->count ? bp->band[i].rank : i] = &bp->band[i];
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
void shades_assign(struct band_plan *bp, const struct band_options *o)
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
        slots[i] = (struct name_slot){ from->band[i].name, i };
    qsort(slots, from->count, sizeof *slots, by_slot_name);
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < plans[k].count; i++) {
            struct band *b = &plans[k].band[i];
            struct name_slot key = { b->name, 0 };
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
 * union of the names (the caller's key), as for one plan (-c: by the union's ranks, the
 * totals added up; else GHC's greys in the union's order), and every band
 * takes its name's shade and rank: the same colour and hatch everywhere. */
void shades_share(struct band_plan *u, struct band_plan *plans, size_t n, bool colour)
{
    struct band_options o;
    band_options_default(&o);
    o.colour = colour;
    shades_assign(u, &o);
    take_by_name(plans, n, u, true, false); /* the union holds every name */
}

void shades_take(struct band_plan *to, const struct band_plan *from, bool colour)
{
    take_by_name(to, 1, from, false, colour);
}

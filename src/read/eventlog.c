/* SPDX-License-Identifier: BSD-3-Clause */
/* read/eventlog.c: see read/eventlog.h.
 *
 * The input is read in blocks into one buffer, as read/hp.c reads a .hp; an
 * event is at most 12 + 65535 bytes, so the buffer holds one block and one
 * event, whatever the size of the log.  Header descriptions are skipped as
 * they stream past.  What stays in memory is what the names need: the
 * cost centres (161), the IPE table (169), the program's arguments, and a
 * key per distinct band (a stack's ids, an -hi address).
 *
 * Speed: as in read/hp.c, each band remembers which band followed it in the
 * last census, and an entry is first compared with that guess, byte for
 * byte (the raw stack ids, or the string); only a miss looks its key up.
 *
 * Hostile input: every length is checked against the event that holds
 * it, before it is used; an event type the header did not declare, a
 * string without its NUL, a stack longer than its event or a census out
 * of order is one message with its byte offset.  The end of the input in
 * the middle of an event is a log cut off (a program killed, or a log
 * still being written): its complete censuses are drawn.
 */
#include "read/eventlog.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "number.h"
#include "heapline.h"
#include "read/builder.h"

#define EL_BLOCK       (256u * 1024u)
#define EL_EVENT_MAX   (2u + 8u + 2u + 0xFFFFu) /* type, time, size, payload */
#define EL_TEXT_MAX    (1u << 20) /* longest header description: more is not an eventlog */
#define EL_VARIABLE    0xFFFFu    /* declared size of a variable-size event */
#define EL_DEFAULT_L   25         /* the RTS's default -L */
#define EL_NAME_MAX    4096       /* longest stack name: the largest -L, and --full-stacks */
/* Names built from ids (stacks, -hi) may not take more than this plus
 * EL_NAME_FACTOR bytes per byte read: a log of small events naming long
 * cost centres cannot make hp2ps allocate without bound. */
#define EL_NAME_BUDGET (64u << 20)
#define EL_NAME_FACTOR 8

enum event_type {
    EV_BLOCK_MARKER = 18,
    EV_RTS_IDENTIFIER = 29,
    EV_PROGRAM_ARGS = 30,
    EV_WALL_CLOCK_TIME = 43,
    EV_HEAP_SIZE = 50,
    EV_HEAP_LIVE = 51,
    EV_USER_MARKER = 58,
    EV_BLOCKS_SIZE = 91,
    EV_HEAP_PROF_BEGIN = 160,
    EV_HEAP_PROF_COST_CENTRE = 161,
    EV_SAMPLE_BEGIN = 162,
    EV_SAMPLE_COST_CENTRE = 163,
    EV_SAMPLE_STRING = 164,
    EV_SAMPLE_END = 165,
    EV_BIO_SAMPLE_BEGIN = 166,
    EV_IPE = 169,
    EV_DATA_END = 0xFFFF,
};

/* HEAP_PROF_BEGIN's breakdown: what the bands are */
#define BREAKDOWN_COST_CENTRE 1 /* -hc: cost-centre stacks */
#define BREAKDOWN_INFO_TABLE  8 /* -hi: the strings are info-table addresses */
#define BREAKDOWN_ERA         9 /* -he (GHC 9.10 on): the strings are era numbers */

/* How an entry's key becomes a band name. */
enum key_kind { KEY_STRING = 1, KEY_STACK, KEY_INFO };

/* An open-addressing map from 64-bit ids (cost centres, addresses) to
 * dense indices. */
struct idmap {
    uint64_t *keys;
    uint32_t *vals; /* index + 1; 0 = empty */
    size_t nslots, count;
};

/* Bytes, kept for good: the cost centres' and the IPE tables' strings. */
struct arena {
    char *s;
    size_t len, cap;
};

struct span {
    size_t off, len;
};

struct cost_centre {
    struct span label, module;
};

/* Keys (raw bytes) to band names: the keys' own table gives each a dense
 * index, name[index] its name id. */
struct keymap {
    struct names keys;
    uint32_t *name;
    size_t cap;
};

struct guess {
    const char *key;
    uint32_t len; /* UINT32_MAX: no guess */
    uint32_t id;
    uint32_t kind;
};

struct sbuf {
    char *s;
    size_t len, cap;
};

struct elreader {
    struct profile *p;
    struct sample_builder b;
    struct reader_input *in;
    struct hp_error *err;
    bool full_stacks;
    bool keep_stacks; /* parse_options.stacks */

    unsigned char *buf;
    size_t pos, end; /* buf[pos..end) not yet read */
    uint64_t base;   /* input offset of buf[0] */
    bool eof;

    uint16_t *size;          /* per event type: payload size, or EL_VARIABLE */
    unsigned char *declared; /* a bit per event type */
    bool has_sample_end;     /* the header declares 165 (GHC 8.10 on) */

    /* where we are, for the checks and messages of read_events */
    uint64_t block_end; /* end of the block the last marker opened; 0: none */
    unsigned prev_type; /* the event before this one (EV_DATA_END: none) */
    uint64_t prev_at;

    /* what the log said */
    bool heap_profile; /* HEAP_PROF_BEGIN seen */
    uint32_t breakdown;
    int profiled_rts; /* the RTS_IDENTIFIER's way has "p"; -1: no identifier */
    bool saw_cost_centre;
    char *args; /* PROGRAM_ARGS: NUL-separated */
    size_t args_len;
    bool has_clock;
    uint64_t clock_sec;
    size_t ccs_length; /* -L, from the arguments */
    uint64_t max_ts;   /* latest event time */
    bool complete;     /* EVENT_DATA_END read */
    bool started;      /* the empty sample at time 0 is in */
    size_t ncensus;    /* complete censuses */

    struct arena text;
    struct cost_centre *cc;
    size_t ncc, cc_cap;
    struct span *cc_location; /* beside cc, with keep_stacks only (a million
                               * cost centres' would be tens of MB kept for
                               * nothing) */
    struct idmap cc_ids;
    struct span *ipe; /* the IPE entries' strings (info_table) */
    size_t nipe, ipe_cap;
    struct idmap ipe_addr;
    struct keymap stacks, infos;
    size_t nstacks; /* stacks numbered so far (MAIN has no number) */
    uint64_t name_bytes;

    /* succ[0]: the first band of the last census; succ[id + 1]: the band
     * after band id last time */
    struct guess *succ;
    size_t succ_cap;
    size_t next_at;

    struct sbuf name;      /* a name being built */
    bool deep_stack;       /* a stack of 255 ids, the most a log holds */
    bool cut_stack;        /* a stack name cut at the -L */
    bool ccs_length_given; /* the arguments had a -L */
    unsigned ghc_version;  /* from RTS_IDENTIFIER: 9006 for 9.6.x; 0 unknown */
};

/* ---- small helpers ---- */

static inline unsigned be16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static inline uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* (every event has one or two: the time, a sample's bytes; an unaligned
 * load and a byte swap where the compiler has them) */
static inline uint64_t be64(const unsigned char *p)
{
#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__)                           \
    && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return __builtin_bswap64(v);
#else
    return (uint64_t)be32(p) << 32 | be32(p + 4);
#endif
}

static void sb_add(struct sbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->s = xrealloc(b->s, cap);
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static struct span arena_add(struct arena *a, const char *s, size_t n)
{
    struct span sp = { a->len, n };
    if (a->len + n > a->cap) {
        size_t cap = a->cap;
        while (cap < a->len + n)
            cap *= 2;
        a->s = xrealloc(a->s, cap);
        a->cap = cap;
    }
    memcpy(a->s + a->len, s, n);
    a->len += n;
    return sp;
}

static uint64_t mix64(uint64_t h)
{
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9u;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebu;
    h ^= h >> 31;
    return h;
}

static size_t idmap_probe(const struct idmap *m, uint64_t key)
{
    size_t mask = m->nslots - 1, i = (size_t)mix64(key) & mask;
    while (m->vals[i] && m->keys[i] != key)
        i = (i + 1) & mask;
    return i;
}

static void idmap_grow(struct idmap *m)
{
    struct idmap old = *m;
    m->nslots = old.nslots ? old.nslots * 2 : 64;
    m->keys = xcalloc(m->nslots, sizeof *m->keys);
    m->vals = xcalloc(m->nslots, sizeof *m->vals);
    for (size_t i = 0; i < old.nslots; i++)
        if (old.vals[i]) {
            size_t j = idmap_probe(m, old.keys[i]);
            m->keys[j] = old.keys[i];
            m->vals[j] = old.vals[i];
        }
    free(old.keys);
    free(old.vals);
}

/* The index of key, or -1. */
static int64_t idmap_get(const struct idmap *m, uint64_t key)
{
    if (!m->nslots)
        return -1;
    size_t i = idmap_probe(m, key);
    return m->vals[i] ? (int64_t)m->vals[i] - 1 : -1;
}

static void idmap_put(struct idmap *m, uint64_t key, uint32_t index)
{
    if (m->count + 1 > m->nslots / 2)
        idmap_grow(m);
    size_t i = idmap_probe(m, key);
    if (!m->vals[i])
        m->count++;
    m->keys[i] = key;
    m->vals[i] = index + 1;
}

static void idmap_free(struct idmap *m)
{
    free(m->keys);
    free(m->vals);
}

/* ---- errors ---- */

static int bad(struct elreader *r, uint64_t at, const char *fmt, ...) HP_PRINTF(3, 4);

/* "SOURCE: byte N: " and the formatted text; returns -1. */
static int bad(struct elreader *r, uint64_t at, const char *fmt, ...)
{
    char what[HP_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return hp_fail(r->err, "%s: byte %llu: %s", r->p->source, (unsigned long long)at, what);
}

static int too_short(struct elreader *r, uint64_t at, const char *what, size_t len, size_t need)
{
    return bad(r, at, "%s event of %zu bytes, shorter than its %zu fixed bytes", what, len, need);
}

/* ---- input ---- */

static uint64_t offset(const struct elreader *r)
{
    return r->base + r->pos;
}

/* Move the unread bytes to the front and read more after them. */
static int fill(struct elreader *r)
{
    if (r->pos > 0) {
        memmove(r->buf, r->buf + r->pos, r->end - r->pos);
        r->base += r->pos;
        r->end -= r->pos;
        r->pos = 0;
    }
    ssize_t n = reader_input_read(r->in, r->buf + r->end, EL_BLOCK + EL_EVENT_MAX - r->end,
                                  r->p->source, r->err);
    if (n < 0)
        return -1;
    r->end += (size_t)n;
    r->eof = n == 0;
    return 0;
}

/* Make n bytes (n <= EL_EVENT_MAX) readable at buf + pos: 1, or 0 when
 * the input ends first, -1 on a read error. */
static HP_NOINLINE int need_more(struct elreader *r, size_t n)
{
    while (r->end - r->pos < n) {
        if (r->eof)
            return 0;
        if (fill(r) < 0)
            return -1;
    }
    return 1;
}

static inline int need(struct elreader *r, size_t n)
{
    return r->end - r->pos >= n ? 1 : need_more(r, n);
}

/* Pass over n bytes, any number: 1, 0 when the input ends first, -1. */
static int skip(struct elreader *r, uint64_t n)
{
    for (;;) {
        size_t have = r->end - r->pos;
        if (n <= have) {
            r->pos += (size_t)n;
            return 1;
        }
        n -= have;
        r->pos = r->end;
        if (r->eof)
            return 0;
        if (fill(r) < 0)
            return -1;
    }
}

/* ---- the header ---- */

static bool declared(const struct elreader *r, unsigned type)
{
    return r->declared[type >> 3] & (1u << (type & 7));
}

static int cut_in_header(struct elreader *r)
{
    return hp_fail(r->err,
                   "%s: the eventlog ends at byte %llu, inside its header: no heap census to "
                   "draw (run the program with +RTS -hT -l, or another -h flag, and let it "
                   "write its censuses)",
                   r->p->source, (unsigned long long)(r->base + r->end));
}

/* Read the 4-byte tag at the current place, which must be tag: 1, 0 at
 * the end of the input, -1 (with the message) when it is not. */
static int expect_tag(struct elreader *r, const char *tag, const char *what)
{
    int k = need(r, 4);
    if (k <= 0)
        return k;
    if (memcmp(r->buf + r->pos, tag, 4) != 0)
        return bad(r, offset(r), "not an eventlog: %s expected", what);
    r->pos += 4;
    return 1;
}

/* One entry of the event-type table, after its "etb\0": 1, 0 at the end
 * of the input, -1. */
static int event_type_entry(struct elreader *r, uint64_t at)
{
    int k = need(r, 8);
    if (k <= 0)
        return k;
    const unsigned char *e = r->buf + r->pos;
    unsigned type = be16(e), size = be16(e + 2);
    uint32_t dlen = be32(e + 4);
    if (declared(r, type))
        return bad(r, at, "event type %u is declared twice", type);
    if (dlen > EL_TEXT_MAX)
        return bad(r, at, "event type %u has a description of %lu bytes: not an eventlog", type,
                   (unsigned long)dlen);
    r->pos += 8;
    if ((k = skip(r, dlen)) <= 0 || (k = need(r, 4)) <= 0)
        return k;
    uint32_t xlen = be32(r->buf + r->pos);
    if (xlen > EL_TEXT_MAX)
        return bad(r, offset(r),
                   "event type %u has %lu bytes of extra information: not an "
                   "eventlog",
                   type, (unsigned long)xlen);
    r->pos += 4;
    if ((k = skip(r, xlen)) <= 0
        || (k = expect_tag(r, "ete\0", "the end of an event type (ete)")) <= 0)
        return k;
    r->declared[type >> 3] |= (unsigned char)(1u << (type & 7));
    r->size[type] = (uint16_t)size;
    return 1;
}

/* hdrb hetb, the event types, hete hdre datb: 0, or -1 with the message
 * (a cut header is one too: there is nothing to draw). */
static int read_header(struct elreader *r)
{
    int k = expect_tag(r, "hdrb", "\"hdrb\"");
    if (k > 0)
        k = expect_tag(r, "hetb", "the event-type table (hetb) after \"hdrb\"");
    while (k > 0) {
        if ((k = need(r, 4)) <= 0)
            break;
        uint64_t at = offset(r);
        if (memcmp(r->buf + r->pos, "hete", 4) == 0) {
            r->pos += 4;
            break;
        }
        if ((k = expect_tag(r, "etb\0", "an event type (etb) or the table's end (hete)")) > 0)
            k = event_type_entry(r, at);
    }
    if (k > 0)
        k = expect_tag(r, "hdre", "the end of the header (hdre)");
    if (k > 0)
        k = expect_tag(r, "datb", "the data (datb)");
    if (k == 0)
        return cut_in_header(r);
    if (k < 0)
        return -1;
    r->has_sample_end = declared(r, EV_SAMPLE_END);
    return 0;
}

/* ---- names ---- */

static void keymap_free(struct keymap *m)
{
    names_free(&m->keys);
    free(m->name);
}

/* A string of the payload p[*at..len), NUL-terminated: its span in p, and
 * *at moves past the NUL.  False when there is no NUL. */
static bool payload_string(const unsigned char *p, size_t len, size_t *at, struct span *out)
{
    if (*at > len)
        return false;
    const unsigned char *nul = memchr(p + *at, '\0', len - *at);
    if (!nul)
        return false;
    out->off = *at;
    out->len = (size_t)(nul - (p + *at));
    *at = out->off + out->len + 1;
    return true;
}

/* Add text to a stack's name, but never past limit + 1 bytes after
 * start: enough to know it must be cut. */
static void name_add(struct sbuf *b, size_t start, size_t limit, const char *s, size_t n)
{
    size_t used = b->len - start;
    if (used > limit)
        return;
    if (n > limit + 1 - used)
        n = limit + 1 - used;
    sb_add(b, s, n);
}

/* A cost-centre stack as the RTS writes it into the .hp, after the
 * "(N)": from the innermost cost centre outwards each label and "/", a
 * CAF as "Module.CAF" with no "/" after it; longer than limit bytes, cut
 * to limit - 4 bytes and "...".  Appended to b; true when it was cut. */
static bool stack_text(struct elreader *r, struct sbuf *b, const unsigned char *ids, unsigned depth,
                       size_t limit)
{
    size_t start = b->len;
    for (unsigned i = 0; i < depth && b->len - start <= limit; i++) {
        uint32_t id = be32(ids + 4 * i);
        int64_t c = idmap_get(&r->cc_ids, id);
        bool more = i + 1 < depth;
        if (c < 0) { /* no HEAP_PROF_COST_CENTRE for it */
            char unknown[32];
            name_add(b, start, limit, unknown,
                     (size_t)snprintf(unknown, sizeof unknown, "<cc %lu>", (unsigned long)id));
        } else {
            const struct cost_centre *cc = &r->cc[c];
            const char *label = r->text.s + cc->label.off;
            if (cc->label.len == 3 && memcmp(label, "CAF", 3) == 0) {
                name_add(b, start, limit, r->text.s + cc->module.off, cc->module.len);
                name_add(b, start, limit, ".CAF", 4);
                continue;
            }
            name_add(b, start, limit, label, cc->label.len);
        }
        if (more)
            name_add(b, start, limit, "/", 1);
    }
    if (b->len - start <= limit)
        return false;
    b->len = start + limit - 4;
    sb_add(b, "...", 3);
    return true;
}

/* The name the RTS gives a cost-centre stack in the .hp: "MAIN" for the
 * empty one; else "(N)" (its number here: the log has no stack id) and
 * stack_text cut at the RTS's -L (or at EL_NAME_MAX, --full-stacks). */
static void stack_name(struct elreader *r, const unsigned char *ids, unsigned depth)
{
    struct sbuf *b = &r->name;
    b->len = 0;
    if (depth == 0) {
        sb_add(b, "MAIN", 4);
        return;
    }
    char num[32];
    sb_add(b, num, (size_t)snprintf(num, sizeof num, "(%zu)", ++r->nstacks));
    bool cut = stack_text(r, b, ids, depth, r->full_stacks ? EL_NAME_MAX : r->ccs_length);
    r->cut_stack |= cut && !r->full_stacks;
    /* A cut name keeps the innermost cost centres: the outermost ones a
     * 255-deep stack lost would not have shown. */
    r->deep_stack |= depth == 255 && !cut;
}

/* The address an -hi label ("0x4cd5a8", as the RTS prints a pointer)
 * stands for; false when it is not one. */
static bool info_address(const char *label, size_t len, uint64_t *addr)
{
    *addr = 0;
    if (len <= 2 || len > 18 || label[0] != '0' || label[1] != 'x')
        return false;
    for (size_t i = 2; i < len; i++) {
        char c = label[i];
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
            : c >= 'a' && c <= 'f'        ? (unsigned)(c - 'a' + 10)
            : c >= 'A' && c <= 'F'        ? (unsigned)(c - 'A' + 10)
                                          : 16;
        if (d == 16)
            return false;
        *addr = *addr << 4 | d;
    }
    return true;
}

/* -hi: named by its address while the log is read (an IPE event may
 * come after the censuses that hold its table); name_info_tables names
 * them at the end. */
static void info_name(struct elreader *r, const char *label, size_t len)
{
    r->name.len = 0;
    sb_add(&r->name, label, len);
}

/* The name id of a key new to map: built (stack_name, info_name), counted
 * against the budget, interned. */
static int64_t keymap_add(struct elreader *r, struct keymap *m, enum key_kind kind, const char *key,
                          size_t len, uint64_t at)
{
    if (kind == KEY_STACK)
        stack_name(r, (const unsigned char *)key + 1, (unsigned char)key[0]);
    else
        info_name(r, key, len);
    r->name_bytes += r->name.len + len;
    if (r->name_bytes > EL_NAME_BUDGET + EL_NAME_FACTOR * at)
        return bad(r, at,
                   "the names of the bands would take more than %u bytes per byte of "
                   "the log",
                   EL_NAME_FACTOR);
    uint32_t k = names_intern(&m->keys, key, len);
    if (k + 1 > m->cap) {
        m->cap = m->cap ? m->cap * 2 : 64;
        m->name = xreallocarray(m->name, m->cap, sizeof *m->name);
    }
    m->name[k] = names_intern(&r->p->names, r->name.s, r->name.len);
    return m->name[k];
}

/* A key the guess missed: its name id, and the guess for next time. */
static HP_NOINLINE int64_t lookup_miss(struct elreader *r, size_t at_guess, enum key_kind kind,
                                       const char *key, size_t len, uint64_t at)
{
    struct names *names = &r->p->names;
    int64_t id;
    const char *stored;
    if (kind == KEY_STRING) {
        if (len == 0) /* no name at all: shown as U+FFFD, as read/hp.c shows a NUL */
            key = "\xEF\xBF\xBD", len = 3;
        id = names_intern(names, key, len);
        stored = names->info[id].text;
    } else {
        struct keymap *m = kind == KEY_STACK ? &r->stacks : &r->infos;
        int64_t k = names_find(&m->keys, key, len);
        id = k >= 0 ? m->name[k] : keymap_add(r, m, kind, key, len, at);
        if (id < 0)
            return -1;
        stored = m->keys.info[k >= 0 ? (size_t)k : m->keys.count - 1].text;
    }
    if (names->count + 1 > r->succ_cap) {
        size_t old = r->succ_cap;
        r->succ_cap = old * 2 > names->count + 1 ? old * 2 : names->count + 1;
        r->succ = xreallocarray(r->succ, r->succ_cap, sizeof *r->succ);
        memset(r->succ + old, 0xff, (r->succ_cap - old) * sizeof *r->succ);
    }
    struct guess *g = &r->succ[at_guess];
    g->key = stored;
    g->len = (uint32_t)len;
    g->id = (uint32_t)id;
    g->kind = kind;
    return id;
}

/* The name id of the next entry of the open census. */
static inline int64_t lookup(struct elreader *r, enum key_kind kind, const char *key, size_t len,
                             uint64_t at)
{
    size_t g = r->next_at;
    const struct guess *gs = &r->succ[g];
    int64_t id = gs->kind == (uint32_t)kind && gs->len == len && same_bytes(gs->key, key, len)
        ? (int64_t)gs->id
        : lookup_miss(r, g, kind, key, len, at);
    r->next_at = (size_t)id + 1;
    return id;
}

/* ---- censuses ---- */

static int census_end(struct elreader *r, uint64_t at)
{
    if (!r->b.in_sample)
        return bad(r, at, "the end of a heap census that did not begin");
    if (builder_end(&r->b, r->err) < 0)
        return -1;
    r->ncensus++;
    return 0;
}

/* An empty sample, as the RTS writes one into the .hp at start and exit. */
static int empty_sample(struct elreader *r, double t)
{
    builder_begin(&r->b, t);
    return builder_end(&r->b, r->err);
}

static int census_begin(struct elreader *r, uint64_t ns, uint64_t at)
{
    /* Before GHC 8.10 this is how a census ends; after, one the RTS did
     * not end ends here all the same. */
    if (r->b.in_sample && census_end(r, at) < 0)
        return -1;
    if (!r->started) {
        r->started = true;
        if (empty_sample(r, 0) < 0)
            return -1;
    }
    double t = (double)ns / 1e9;
    if (t < r->b.last_seen)
        return bad(r, at, "a heap census at %.6f s, before the previous one at %.6f s", t,
                   r->b.last_seen);
    builder_begin(&r->b, t);
    r->next_at = 0;
    return 0;
}

static inline int entry_value(struct elreader *r, const unsigned char *p, uint64_t at, int64_t *v)
{
    if (!r->b.in_sample)
        return bad(r, at, "a heap sample outside a census");
    uint64_t bytes = be64(p + 1);
    if (bytes > INT64_MAX)
        return bad(r, at, "a heap sample of %llu bytes, more than %lld", (unsigned long long)bytes,
                   (long long)INT64_MAX);
    if (r->b.npend == UINT32_MAX)
        return bad(r, at, "more than %lu heap samples in one census", (unsigned long)UINT32_MAX);
    *v = (int64_t)bytes;
    return 0;
}

/* 163: profile id, bytes, depth, depth cost-centre ids. */
static int sample_stack(struct elreader *r, const unsigned char *p, size_t len, uint64_t at)
{
    int64_t v = 0;
    if (len < 10)
        return too_short(r, at, "HEAP_PROF_SAMPLE_COST_CENTRE", len, 10);
    if (entry_value(r, p, at, &v) < 0)
        return -1;
    unsigned depth = p[9];
    if (10 + 4 * (size_t)depth > len)
        return bad(r, at,
                   "a cost-centre stack of %u entries does not fit its event of %zu "
                   "bytes",
                   depth, len);
    int64_t id = lookup(r, KEY_STACK, (const char *)p + 9, 1 + 4 * (size_t)depth, at);
    if (id < 0)
        return -1;
    builder_add(&r->b, (uint32_t)id, v);
    return 0;
}

/* 164: profile id, bytes, the band's name. */
static int sample_string(struct elreader *r, const unsigned char *p, size_t len, uint64_t at)
{
    int64_t v = 0;
    if (len < 10)
        return too_short(r, at, "HEAP_PROF_SAMPLE_STRING", len, 10);
    if (entry_value(r, p, at, &v) < 0)
        return -1;
    enum key_kind kind = r->breakdown == BREAKDOWN_INFO_TABLE ? KEY_INFO : KEY_STRING;
    /* The name normally runs to the event's last byte, its NUL: then the
     * guess (which holds no NUL) is checked without looking for the NUL. */
    const struct guess *g = &r->succ[r->next_at];
    int64_t id;
    if (p[len - 1] == '\0' && g->kind == (uint32_t)kind && g->len == len - 10
        && same_bytes(g->key, (const char *)p + 9, len - 10)) {
        id = g->id;
        r->next_at = (size_t)id + 1;
    } else {
        size_t pos = 9;
        struct span s;
        if (!payload_string(p, len, &pos, &s))
            return bad(r, at, "a heap sample's name without its terminating NUL");
        if ((id = lookup(r, kind, (const char *)p + s.off, s.len, at)) < 0)
            return -1;
    }
    builder_add(&r->b, (uint32_t)id, v);
    return 0;
}

/* ---- the other events that matter ---- */

/* 161: id, label, module, source location, flags. */
static int cost_centre(struct elreader *r, const unsigned char *p, size_t len, uint64_t at)
{
    struct span label, module, loc;
    size_t pos = 4;
    if (len < 4)
        return too_short(r, at, "HEAP_PROF_COST_CENTRE", len, 4);
    if (!payload_string(p, len, &pos, &label) || !payload_string(p, len, &pos, &module)
        || !payload_string(p, len, &pos, &loc))
        return bad(r, at, "a cost centre's label, module or location without its NUL");
    uint32_t id = be32(p);
    int64_t k = idmap_get(&r->cc_ids, id);
    if (k < 0) { /* a cost centre posted again keeps its place, with its new strings */
        if (r->ncc == r->cc_cap) {
            r->cc_cap = r->cc_cap ? r->cc_cap * 2 : 256;
            r->cc = xreallocarray(r->cc, r->cc_cap, sizeof *r->cc);
            if (r->keep_stacks)
                r->cc_location = xreallocarray(r->cc_location, r->cc_cap, sizeof *r->cc_location);
        }
        k = (int64_t)r->ncc++;
        idmap_put(&r->cc_ids, id, (uint32_t)k);
    }
    r->cc[k].label = arena_add(&r->text, (const char *)p + label.off, label.len);
    r->cc[k].module = arena_add(&r->text, (const char *)p + module.off, module.len);
    if (r->keep_stacks)
        r->cc_location[k] = arena_add(&r->text, (const char *)p + loc.off, loc.len);
    r->saw_cost_centre = true;
    return 0;
}

/* Add s[0..n) with every run of white space (the RTS writes types over
 * several lines) as one space, none at either end. */
static void sb_add_squeezed(struct sbuf *b, const char *s, size_t n)
{
    bool space = false, any = false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
            space = any;
            continue;
        }
        if (space)
            sb_add(b, " ", 1);
        sb_add(b, &c, 1);
        space = false, any = true;
    }
}

/* A detail field into a record (profile.h): squeezed or exact, then
 * escaped so that its tabs do not part it. */
static void sb_add_detail(struct sbuf *b, const char *s, size_t n, bool squeeze)
{
    struct sbuf raw = { 0 };
    if (squeeze) {
        sb_add_squeezed(&raw, s, n);
        s = raw.s ? raw.s : "";
        n = raw.len;
    }
    char *out = xmalloc(2 * n + 1);
    sb_add(b, out, profile_detail_escape(out, s, n));
    free(out);
    free(raw.s);
}

/* The kinds of closure GHC numbers 1-7 (constructors), 8-14 (functions)
 * and 15-22 (thunks) in every RTS that writes IPE events (9.2 on): the
 * rest (stack frames, arrays, ...) are named by their table. */
enum closure_kind { CLOSURE_OTHER, CLOSURE_CONSTRUCTOR, CLOSURE_FUNCTION, CLOSURE_THUNK };

static enum closure_kind closure_kind_of(const char *s, size_t n)
{
    unsigned v = 0;
    if (n == 0 || n > 3)
        return CLOSURE_OTHER;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return CLOSURE_OTHER;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    return v >= 1 && v <= 7  ? CLOSURE_CONSTRUCTOR
        : v >= 8 && v <= 14  ? CLOSURE_FUNCTION
        : v >= 15 && v <= 22 ? CLOSURE_THUNK
                             : CLOSURE_OTHER;
}

/* A constructor's name from its table's: "Node_con_info", or with
 * -fdistinct-constructor-tables "Node_Main_1_con_info" (module, number). */
static size_t constructor_of(const char *table, size_t n, const char *module, size_t mn)
{
    static const char tail[] = "_con_info";
    size_t tn = sizeof tail - 1;
    if (n <= tn || memcmp(table + n - tn, tail, tn) != 0)
        return 0;
    n -= tn;
    size_t d = n;
    while (d > 0 && table[d - 1] >= '0' && table[d - 1] <= '9')
        d--;
    if (d < n && d > mn + 1 && table[d - 1] == '_' && memcmp(table + d - 1 - mn, module, mn) == 0
        && table[d - 2 - mn] == '_')
        n = d - 2 - mn;
    return n;
}

/* The six strings of an IPE entry as kept (info_table): NUL-separated. */
static void ipe_strings(const struct elreader *r, const struct span *raw, const char *f[6],
                        size_t n[6])
{
    const char *s = r->text.s + raw->off;
    for (int i = 0; i < 6; i++) {
        f[i] = s;
        n[i] = strlen(s);
        s += n[i] + 1;
    }
}

/* How a person reads a table from its IPE entry: what the closure is and
 * its type, then where it was made ("thunk :: Int (main,
 * src/Main.hs:42:33-38)", "Node :: Tree (build, src/Tree.hs:24:13-68)");
 * a location GHC left empty (":") gives the module instead.  Into b. */
static void ipe_name(struct sbuf *b, const char *const f[6], const size_t n[6])
{
    enum { TABLE, CLOSURE, TYPE, LABEL, MODULE, LOCATION };
    b->len = 0;
    enum closure_kind kind = closure_kind_of(f[CLOSURE], n[CLOSURE]);
    size_t con =
        kind == CLOSURE_CONSTRUCTOR ? constructor_of(f[TABLE], n[TABLE], f[MODULE], n[MODULE]) : 0;
    char c0 = n[TABLE] ? f[TABLE][0] : 'x';
    bool op = con
        && !((c0 >= 'A' && c0 <= 'Z') || (c0 >= 'a' && c0 <= 'z') || c0 == '_'
             || (unsigned char)c0 >= 0x80);
    if (con) {
        if (op) /* an operator, as Haskell writes it alone: "(:)" */
            sb_add(b, "(", 1);
        sb_add_squeezed(b, f[TABLE], con);
        if (op)
            sb_add(b, ")", 1);
    } else if (kind == CLOSURE_THUNK)
        sb_add(b, "thunk", 5);
    else if (kind == CLOSURE_FUNCTION)
        sb_add(b, "function", 8);
    else
        sb_add_squeezed(b, f[TABLE], n[TABLE]);
    size_t head = b->len;
    if (n[TYPE]) {
        sb_add(b, " :: ", 4);
        sb_add_squeezed(b, f[TYPE], n[TYPE]);
        /* "Leaf :: Leaf": the type says nothing the constructor did not */
        if (con && !op && b->len - head - 4 == con && memcmp(b->s + head + 4, b->s, con) == 0)
            b->len = head;
    }
    bool located = n[LOCATION] > 0 && !(n[LOCATION] == 1 && f[LOCATION][0] == ':');
    const char *where = located ? f[LOCATION] : f[MODULE];
    size_t where_len = located ? n[LOCATION] : n[MODULE];
    if (n[LABEL] || where_len) {
        sb_add(b, " (", 2);
        sb_add_squeezed(b, f[LABEL], n[LABEL]);
        if (n[LABEL] && where_len)
            sb_add(b, ", ", 2);
        sb_add_squeezed(b, where, where_len);
        sb_add(b, ")", 1);
    }
}

/* 169: address, table name, closure type, type, label, module, source
 * location.  Kept as they are (the strings, NUL-separated) until the end,
 * where the tables the censuses used are named (name_info_tables); an
 * address posted again takes its new strings. */
static int info_table(struct elreader *r, const unsigned char *p, size_t len, uint64_t at)
{
    struct span s[6];
    size_t pos = 8;
    if (len < 8)
        return too_short(r, at, "IPE", len, 8);
    for (int i = 0; i < 6; i++)
        if (!payload_string(p, len, &pos, &s[i]))
            return bad(r, at, "an info table's strings without their NULs");
    uint64_t addr = be64(p);
    int64_t k = idmap_get(&r->ipe_addr, addr);
    if (k < 0) {
        if (r->nipe == r->ipe_cap) {
            r->ipe_cap = r->ipe_cap ? r->ipe_cap * 2 : 256;
            r->ipe = xreallocarray(r->ipe, r->ipe_cap, sizeof *r->ipe);
        }
        k = (int64_t)r->nipe++;
        idmap_put(&r->ipe_addr, addr, (uint32_t)k);
    }
    /* from the first string to the last NUL: the six, as they are */
    r->ipe[k] = arena_add(&r->text, (const char *)p + 8, pos - 8);
    return 0;
}

/* The RTS's -L: the last "-L<n>" among the RTS's arguments, read as
 * the RTS reads it (atof: "-L1e2" is 100, "-L+30" is 30, "-L40x" is
 * 40); kept between 4 (the RTS cuts to L - 4 bytes) and EL_NAME_MAX.
 * 0 for what the RTS refuses (nothing, or not above 0): the program did
 * not run with it. */
static size_t ccs_length_of(const char *arg)
{
    const char *s = arg + 2, *c = s;
    if (*c == '+')
        c++;
    while (*c >= '0' && *c <= '9')
        c++;
    if (*c == '.')
        for (c++; *c >= '0' && *c <= '9'; c++) {
        }
    if (*c == 'e' || *c == 'E') {
        const char *e = c + 1;
        if (*e == '+' || *e == '-')
            e++;
        if (*e >= '0' && *e <= '9') {
            while (*e >= '0' && *e <= '9')
                e++;
            c = e;
        }
    }
    double v;
    if (c == s || !number_read(s, (size_t)(c - s), true, &v) || v <= 0)
        return 0;
    return v < 4 ? 4 : v > EL_NAME_MAX ? EL_NAME_MAX : (size_t)v;
}

/* The arguments one by one: argv[0], then which are the RTS's. */
struct arg_walk {
    const char *s, *end;
    bool in_rts, rts_done;
};

/* The next argument, and whether it is the RTS's; NULL at the end.
 * +RTS and -RTS switch, --RTS ends the RTS's for good; all three are
 * skipped, as the RTS drops them. */
static const char *next_arg(struct arg_walk *w, bool *rts)
{
    while (w->s < w->end) {
        const char *a = w->s;
        const char *nul = memchr(a, '\0', (size_t)(w->end - a));
        w->s = (nul ? nul : w->end) + 1; /* at w->end: the NUL xmemdup0 added */
        if (!w->rts_done && strcmp(a, "+RTS") == 0)
            w->in_rts = true;
        else if (!w->rts_done && strcmp(a, "-RTS") == 0)
            w->in_rts = false;
        else if (!w->rts_done && strcmp(a, "--RTS") == 0)
            w->rts_done = true, w->in_rts = false;
        else {
            *rts = w->in_rts;
            return a;
        }
    }
    return NULL;
}

/* 30: capset, then argv as NUL-terminated strings.  Kept for the JOB;
 * read now for -L, which the stacks' names need. */
static int program_args(struct elreader *r, const unsigned char *p, size_t len, uint64_t at)
{
    if (len < 4)
        return too_short(r, at, "PROGRAM_ARGS", len, 4);
    free(r->args);
    /* NUL-terminated even when the last string is not */
    r->args = xmemdup0((const char *)p + 4, len - 4);
    r->args_len = len - 4;
    struct arg_walk w = { r->args, r->args + r->args_len, false, false };
    bool rts;
    if (!next_arg(&w, &rts))
        return 0;
    for (const char *a; (a = next_arg(&w, &rts)) != NULL;)
        if (rts && a[0] == '-' && a[1] == 'L') {
            size_t n = ccs_length_of(a);
            if (n)
                r->ccs_length = n, r->ccs_length_given = true;
        }
    return 0;
}

/* 29: capset, "GHC-<version> <way>": the RTS is profiled when one of the
 * way's "_"-separated tags is "p" (rts_p, rts_thr_p; not rts_l). */
static int rts_identifier(struct elreader *r, const unsigned char *p, size_t len, uint64_t at)
{
    if (len < 4)
        return too_short(r, at, "RTS_IDENTIFIER", len, 4);
    const char *s = (const char *)p + 4, *e = (const char *)p + len;
    const char *way = e;
    while (way > s && way[-1] != ' ')
        way--;
    r->profiled_rts = 0;
    if (e - s > 6 && memcmp(s, "GHC-", 4) == 0) { /* "GHC-9.6.6 rts_thr_l" */
        const char *v = s + 4;
        unsigned major = 0, minor = 0;
        for (; v < e && *v >= '0' && *v <= '9'; v++)
            major = major < 1000 ? major * 10 + (unsigned)(*v - '0') : major;
        if (v < e && *v == '.')
            for (v++; v < e && *v >= '0' && *v <= '9'; v++)
                minor = minor < 1000 ? minor * 10 + (unsigned)(*v - '0') : minor;
        r->ghc_version = major * 1000 + minor;
    }
    for (const char *t = way; t < e;) {
        const char *u = memchr(t, '_', (size_t)(e - t));
        if (!u)
            u = e;
        if (u - t == 1 && *t == 'p')
            r->profiled_rts = 1;
        t = u + 1;
    }
    return 0;
}

/* HEAP_SIZE, HEAP_LIVE, BLOCKS_SIZE: Word32 capset, Word64 bytes; kept
 * only for --heap. */
static int heap_event(struct elreader *r, enum heap_kind kind, uint64_t ts, const unsigned char *p,
                      size_t len, uint64_t at)
{
    static const char *const what[HEAP_KINDS] = { "HEAP_SIZE", "HEAP_LIVE", "BLOCKS_SIZE" };
    if (!r->p->heap)
        return 0;
    if (len < 12)
        return too_short(r, at, what[kind], len, 12);
    return heaplines_keep(r->p->heap, kind, (double)ts / 1e9, be64(p + 4), r->err);
}

static int event(struct elreader *r, unsigned type, uint64_t ts, const unsigned char *p, size_t len,
                 uint64_t at)
{
    switch (type) {
    case EV_HEAP_PROF_BEGIN:
        if (len < 13)
            return too_short(r, at, "HEAP_PROF_BEGIN", len, 13);
        r->heap_profile = true;
        r->breakdown = be32(p + 9);
        return 0;
    case EV_HEAP_PROF_COST_CENTRE:
        return cost_centre(r, p, len, at);
    case EV_SAMPLE_BEGIN:
        if (len < 8)
            return too_short(r, at, "HEAP_PROF_SAMPLE_BEGIN", len, 8);
        return census_begin(r, ts, at);
    case EV_BIO_SAMPLE_BEGIN: /* -hb: the census's own time, not the dump's */
        if (len < 16)
            return too_short(r, at, "HEAP_BIO_PROF_SAMPLE_BEGIN", len, 16);
        return census_begin(r, be64(p + 8), at);
    case EV_SAMPLE_COST_CENTRE:
        return sample_stack(r, p, len, at);
    case EV_SAMPLE_STRING:
        return sample_string(r, p, len, at);
    case EV_SAMPLE_END:
        return census_end(r, at);
    case EV_USER_MARKER:
        builder_mark_at(&r->b, (double)ts / 1e9, (const char *)p, len);
        return 0;
    case EV_HEAP_SIZE:
        return heap_event(r, HEAP_SIZE, ts, p, len, at);
    case EV_HEAP_LIVE:
        return heap_event(r, HEAP_LIVE, ts, p, len, at);
    case EV_BLOCKS_SIZE:
        return heap_event(r, HEAP_BLOCKS, ts, p, len, at);
    case EV_IPE:
        return info_table(r, p, len, at);
    case EV_PROGRAM_ARGS:
        return program_args(r, p, len, at);
    case EV_RTS_IDENTIFIER:
        return rts_identifier(r, p, len, at);
    case EV_WALL_CLOCK_TIME:
        if (len < 12)
            return too_short(r, at, "WALL_CLOCK_TIME", len, 12);
        r->has_clock = true;
        r->clock_sec = be64(p + 4);
        return 0;
    default:
        return 0;
    }
}

/* The size of an IPE event by its content.  GHC 9.6 to 9.10 (at least)
 * declare every IPE event one byte longer than they write it: the RTS
 * counts a NUL after the source file that it never writes
 * (../shared/spec/eventlog-heap.md 5.8).  So when the address and the six
 * strings end exactly one byte before the declared end, that byte belongs
 * to the next event; when they end earlier, the declared size holds (a
 * later RTS may add fields).  0 when the strings do not fit the declared size. */
static size_t ipe_length(const unsigned char *p, size_t len)
{
    size_t pos = 8;
    struct span s;
    if (len < 8)
        return len; /* info_table says it is too short */
    for (int i = 0; i < 6; i++)
        if (!payload_string(p, len, &pos, &s))
            return 0;
    return pos + 1 == len ? pos : len;
}

static const char *event_name(unsigned type)
{
    switch (type) {
    case EV_BLOCK_MARKER:
        return " (a block marker)";
    case EV_RTS_IDENTIFIER:
        return " (RTS_IDENTIFIER)";
    case EV_PROGRAM_ARGS:
        return " (PROGRAM_ARGS)";
    case EV_WALL_CLOCK_TIME:
        return " (WALL_CLOCK_TIME)";
    case EV_USER_MARKER:
        return " (USER_MARKER)";
    case EV_HEAP_PROF_BEGIN:
        return " (HEAP_PROF_BEGIN)";
    case EV_HEAP_PROF_COST_CENTRE:
        return " (HEAP_PROF_COST_CENTRE)";
    case EV_SAMPLE_BEGIN:
        return " (HEAP_PROF_SAMPLE_BEGIN)";
    case EV_SAMPLE_COST_CENTRE:
        return " (HEAP_PROF_SAMPLE_COST_CENTRE)";
    case EV_SAMPLE_STRING:
        return " (HEAP_PROF_SAMPLE_STRING)";
    case EV_SAMPLE_END:
        return " (HEAP_PROF_SAMPLE_END)";
    case EV_BIO_SAMPLE_BEGIN:
        return " (HEAP_BIO_PROF_SAMPLE_BEGIN)";
    case EV_IPE:
        return " (IPE)";
    default:
        return "";
    }
}

/* A misplaced event: what is wrong, and the event before it, since a
 * wrong size there is the likeliest cause. */
static int bad_event(struct elreader *r, uint64_t at, const char *what)
{
    if (r->prev_type == EV_DATA_END)
        return bad(r, at, "%s (the first event of the data)", what);
    return bad(r, at, "%s (after event type %u%s at byte %llu)", what, r->prev_type,
               event_name(r->prev_type), (unsigned long long)r->prev_at);
}

/* The events up to EVENT_DATA_END or the end of the input. */
/* A census's entries (HEAP_PROF_SAMPLE_STRING, most of a log's events)
 * one after another while each lies whole in the buffer, with the checks
 * read_events makes of any event: the same work without its dispatch.
 * Anything else (another type, an event cut by the buffer's end or
 * running past its block's, a fixed size) is left to read_events. */
static int census_entries(struct elreader *r)
{
    if (!declared(r, EV_SAMPLE_STRING) || r->size[EV_SAMPLE_STRING] != EL_VARIABLE)
        return 0;
    for (;;) {
        size_t have = r->end - r->pos;
        const unsigned char *e = r->buf + r->pos;
        if (have < 12 || be16(e) != EV_SAMPLE_STRING)
            return 0;
        size_t len = be16(e + 10);
        uint64_t at = offset(r);
        if (have < 12 + len || (r->block_end && at < r->block_end && at + 12 + len > r->block_end))
            return 0;
        if (at >= r->block_end)
            r->block_end = 0;
        uint64_t ts = be64(e + 2);
        if (ts > r->max_ts)
            r->max_ts = ts;
        if (sample_string(r, e + 12, len, at) < 0)
            return -1;
        r->prev_type = EV_SAMPLE_STRING;
        r->prev_at = at;
        r->pos += 12 + len;
    }
}

static int read_events(struct elreader *r)
{
    char what[160];
    r->prev_type = EV_DATA_END;
    for (;;) {
        if (r->b.in_sample && census_entries(r) < 0)
            return -1;
        int k = need(r, 2);
        if (k <= 0)
            return k;
        uint64_t at = offset(r);
        unsigned type = be16(r->buf + r->pos);
        if (type == EV_DATA_END) {
            r->complete = true;
            return 0;
        }
        if (!declared(r, type)) {
            snprintf(what, sizeof what, "event type %u, which the header does not declare", type);
            return bad_event(r, at, what);
        }
        size_t head = 10, len = r->size[type];
        if (len == EL_VARIABLE) {
            if ((k = need(r, 12)) <= 0)
                return k;
            head = 12;
            len = be16(r->buf + r->pos + 10);
        }
        if ((k = need(r, head + len)) <= 0)
            return k;
        const unsigned char *e = r->buf + r->pos;
        if (type == EV_IPE && r->size[type] == EL_VARIABLE
            && (len = ipe_length(e + head, len)) == 0)
            return bad(r, at, "an info table's strings without their NULs");
        if (at >= r->block_end) /* the block is over: a marker opens the next */
            r->block_end = 0;
        if (r->block_end && at + head + len > r->block_end) {
            snprintf(what, sizeof what,
                     "event type %u%s of %zu bytes runs past the end of its "
                     "block at byte %llu",
                     type, event_name(type), head + len, (unsigned long long)r->block_end);
            return bad_event(r, at, what);
        }
        uint64_t ts = be64(e + 2);
        if (ts > r->max_ts)
            r->max_ts = ts;
        if (type == EV_BLOCK_MARKER && len >= 4) {
            uint32_t size = be32(e + head);
            if (size < head + len)
                return bad_event(r, at, "a block marker whose block is shorter than the marker");
            r->block_end = at + size;
        } else if (event(r, type, ts, e + head, len, at) < 0)
            return -1;
        r->prev_type = type;
        r->prev_at = at;
        r->pos += head + len;
    }
}

/* ---- the header strings ---- */

/* The JOB the RTS writes: the program's name (argv[0] without its
 * directory); a profiled RTS adds the program's arguments, " +RTS" and
 * the RTS's. */
static char *job_of(const struct elreader *r)
{
    struct sbuf b = { 0 };
    sb_add(&b, "", 0);
    if (!r->args)
        return b.s;
    struct arg_walk w = { r->args, r->args + r->args_len, false, false };
    bool rts;
    const char *prog = next_arg(&w, &rts);
    if (!prog)
        return b.s;
    const char *slash = strrchr(prog, '/');
    sb_add(&b, slash ? slash + 1 : prog, strlen(slash ? slash + 1 : prog));
    bool profiled = r->profiled_rts > 0 || (r->profiled_rts < 0 && r->saw_cost_centre);
    if (!profiled)
        return b.s;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            sb_add(&b, " +RTS", 5);
        w = (struct arg_walk){ r->args, r->args + r->args_len, false, false };
        next_arg(&w, &rts);
        for (const char *a; (a = next_arg(&w, &rts)) != NULL;)
            if (rts == (pass == 1)) {
                sb_add(&b, " ", 1);
                sb_add(&b, a, strlen(a));
            }
    }
    return b.s;
}

/* The DATE, in the form the RTS writes into a .hp (ctime's text without
 * the seconds) but in UTC, and says so: the log holds the moment, not the
 * zone the program ran in, and an output drawn from the same log must be
 * the same bytes under any TZ and any locale (so the names are ours, not
 * strftime's %a and %b). */
static char *date_of(const struct elreader *r)
{
    static const char days[7][4] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
    static const char months[12][4] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    char buf[64] = "";
    struct tm tm;
    time_t t = (time_t)r->clock_sec;
    if (r->has_clock && (uint64_t)t == r->clock_sec && gmtime_r(&t, &tm) && tm.tm_wday >= 0
        && tm.tm_wday < 7 && tm.tm_mon >= 0 && tm.tm_mon < 12)
        snprintf(buf, sizeof buf, "%s %s %2d %02d:%02d %lld UTC", days[tm.tm_wday],
                 months[tm.tm_mon], tm.tm_mday, tm.tm_hour, tm.tm_min,
                 (long long)tm.tm_year + 1900);
    return xstrdup(buf);
}

/* ---- the whole log ---- */

/* The run's heap-profiling flag, for advice: its HEAP_PROF_BEGIN's
 * breakdown, else the -h argument its PROGRAM_ARGS gave the RTS (a run
 * killed before its first flush may keep those alone), else "-hT". */
static const char *heap_flag(const struct elreader *r, char buf[24])
{
    static const char *const flag[] = { NULL,  "-hc", "-hm", "-hd", "-hy",
                                        "-hr", "-hb", "-hT", "-hi", "-he" };
    if (r->heap_profile && r->breakdown >= 1 && r->breakdown <= 9)
        return flag[r->breakdown];
    if (r->args) {
        struct arg_walk w = { r->args, r->args + r->args_len, false, false };
        bool rts;
        next_arg(&w, &rts);
        for (const char *a; (a = next_arg(&w, &rts)) != NULL;)
            if (rts && a[0] == '-' && a[1] == 'h' && a[2] && !strchr(a, ' ')) {
                snprintf(buf, 24, "%.23s", a);
                return buf;
            }
    }
    return "-hT";
}

static int no_census(struct elreader *r)
{
    const char *src = r->p->source;
    char buf[24];
    const char *h = heap_flag(r, buf);
    /* --eventlog-flush-interval came with GHC 9.2 */
    bool can_flush = r->ghc_version == 0 || r->ghc_version >= 9002;
    if (!r->complete)
        return hp_fail(r->err,
                       "%s: no complete heap census in the eventlog yet (it ends at byte %llu "
                       "without its end marker: the RTS writes the log in blocks, when one "
                       "fills and at exit; run the program with +RTS %s -l and let it "
                       "finish%s)",
                       src, (unsigned long long)(r->base + r->end), h,
                       can_flush ? ", or add --eventlog-flush-interval=1 so that a killed run "
                                   "keeps its censuses"
                                 : "");
    if (!r->heap_profile)
        return hp_fail(r->err,
                       "%s: no heap profile in the eventlog (run the program with "
                       "+RTS -hT -l, or another -h flag, to record one)",
                       src);
    return hp_fail(r->err,
                   "%s: no heap census in the eventlog (the program ended before the "
                   "first one: run it with +RTS %s -l and a shorter -i interval)",
                   src, h);
}

/* -hi, while its names are chosen: the name each key's entry gives (in
 * an arena of its own), how many keys read as each, and how much of the
 * heap has no entry. */
struct hi_naming {
    size_t n;  /* keys */
    bool *has; /* key k has an IPE entry */
    struct arena text;
    struct span *shown_as; /* key k's name, in text */
    struct names shown;    /* every name an entry gives */
    uint32_t *times;       /* how many keys read as shown name t */
    size_t unnamed;
    uint64_t unnamed_bytes, all_bytes;
    const struct name_info *largest; /* the key without an entry that holds the most */
    uint64_t largest_bytes;
};

static uint64_t add_sat(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

/* The IPE entry of key k, or -1; *addr its address. */
static int64_t hi_entry(const struct elreader *r, size_t k, uint64_t *addr)
{
    const struct name_info *key = &r->infos.keys.info[k];
    return info_address(key->text, key->len, addr) ? idmap_get(&r->ipe_addr, *addr) : -1;
}

/* Step 1: read each key's entry as a person reads it (ipe_name). */
static void hi_read_entries(struct elreader *r, struct hi_naming *h)
{
    const char *f[6];
    size_t fn[6];
    for (size_t k = 0; k < h->n; k++) {
        uint64_t addr, total = r->p->names.info[r->infos.name[k]].total;
        h->all_bytes = add_sat(h->all_bytes, total);
        int64_t e = hi_entry(r, k, &addr);
        if (e < 0) {
            h->unnamed++;
            h->unnamed_bytes = add_sat(h->unnamed_bytes, total);
            if (!h->largest || total > h->largest_bytes)
                h->largest = &r->infos.keys.info[k], h->largest_bytes = total;
            continue;
        }
        h->has[k] = true;
        ipe_strings(r, &r->ipe[e], f, fn);
        ipe_name(&r->name, f, fn);
        h->shown_as[k] = arena_add(&h->text, r->name.s, r->name.len);
        size_t before = h->shown.count;
        uint32_t t = names_intern(&h->shown, r->name.s, r->name.len);
        if (h->shown.count > before) {
            h->times = xreallocarray(h->times, h->shown.count, sizeof *h->times);
            h->times[t] = 0;
        }
        h->times[t]++;
    }
}

/* Step 2: each named key's band name, into r->name: the entry's, with the
 * key's address when two keys read alike, and again while the name is
 * taken (taken: every band name given so far, and those of the keys
 * without an entry, which keep their address): a table renamed
 * "X (M) [0x10]" could meet another's label of that very text, and two
 * bands of one name would share a key entry and the .aux's lines. */
static void hi_band_name(struct elreader *r, const struct hi_naming *h, size_t k,
                         struct names *taken)
{
    const struct name_info *key = &r->infos.keys.info[k];
    struct sbuf *b = &r->name;
    b->len = 0;
    sb_add(b, h->text.s + h->shown_as[k].off, h->shown_as[k].len);
    int64_t t = names_find(&h->shown, b->s, b->len);
    bool alike = t >= 0 && h->times[t] > 1;
    while (alike || names_find(taken, b->s, b->len) >= 0) {
        sb_add(b, " [", 2);
        sb_add(b, key->text, key->len);
        sb_add(b, "]", 1);
        alike = false;
    }
    names_intern(taken, b->s, b->len);
}

/* Step 3: key k's entry's fields as its detail record (profile.h):
 * its address, then the entry's fields, white space squeezed. */
static char *hi_details(struct elreader *r, size_t k)
{
    const char *f[6];
    size_t fn[6];
    uint64_t addr;
    ipe_strings(r, &r->ipe[hi_entry(r, k, &addr)], f, fn);
    struct sbuf rec = { 0 };
    char hex[24];
    sb_add(&rec, hex, (size_t)snprintf(hex, sizeof hex, "0x%llx", (unsigned long long)addr));
    for (int i = 0; i < 6; i++) {
        sb_add(&rec, "\t", 1);
        sb_add_detail(&rec, f[i], fn[i], true);
    }
    return rec.s;
}

/* -hi: each band named by its IPE entry (ipe_name), every name its own,
 * and the entry's fields kept as its details; tables without an entry
 * keep their address, and the user is told how much of the heap that
 * is. */
static void name_info_tables(struct elreader *r)
{
    struct profile *p = r->p;
    struct hi_naming h = { .n = r->infos.keys.count };
    if (h.n == 0)
        return;
    h.has = xcalloc(h.n, sizeof *h.has);
    h.text = (struct arena){ xmalloc(4096), 0, 4096 };
    h.shown_as = xcalloc(h.n, sizeof *h.shown_as);
    names_init(&h.shown);
    hi_read_entries(r, &h);

    /* the names that stay: every name but those of the keys renamed */
    struct names taken;
    names_init(&taken);
    bool *renamed = xcalloc(p->names.count ? p->names.count : 1, sizeof *renamed);
    for (size_t k = 0; k < h.n; k++)
        if (h.has[k])
            renamed[r->infos.name[k]] = true;
    for (size_t id = 0; id < p->names.count; id++)
        if (!renamed[id])
            names_intern(&taken, p->names.info[id].text, p->names.info[id].len);
    free(renamed);
    p->detail_columns = xstrdup("address\ttable\tclosure type\ttype\tlabel\tmodule\tlocation");
    p->ndetail = p->names.count;
    p->detail = xcalloc(p->ndetail, sizeof *p->detail);
    for (size_t k = 0; k < h.n; k++) {
        if (!h.has[k])
            continue;
        uint32_t id = r->infos.name[k];
        hi_band_name(r, &h, k, &taken);
        names_rename(&p->names, id, r->name.s, r->name.len);
        p->detail[id] = hi_details(r, k);
    }
    names_reindex(&p->names);
    names_free(&taken);

    if (r->nipe == 0) {
        profile_note(p,
                     "the log has no IPE events (the program was not built with "
                     "-finfo-table-map), so each band is named by its info table's address");
        profile_fact(p,
                     "No IPE events in the log (the program was not built with "
                     "-finfo-table-map): every band is named by its info table's address.");
    } else if (h.unnamed) {
        double pct = h.all_bytes ? 100.0 * (double)h.unnamed_bytes / (double)h.all_bytes : 0.0;
        int d = number_percent_decimals(pct, 0);
        const struct name_info *most = h.largest;
        profile_note(p,
                     "%zu of %zu info tables (%.*f %% of the heap over the run) have no "
                     "source: code built without -finfo-table-map (often libraries); they "
                     "are named by their address",
                     h.unnamed, h.n, d, pct);
        profile_fact(p,
                     "%.*f %% of the heap over the run is in %zu of %zu info tables with no "
                     "IPE entry (code built without -finfo-table-map, often libraries): those "
                     "bands are named by their address (%.*s holds the most).",
                     d, pct, h.unnamed, h.n, (int)(most->len < 40 ? most->len : 40), most->text);
    }
    names_free(&h.shown);
    free(h.times);
    free(h.has);
    free(h.shown_as);
    free(h.text.s);
}

/* -hc, when asked (parse_options.stacks): every stack frame by frame
 * (profile.stacks), the outermost first, over the cost centres the stacks
 * use, each once, in the order they are first used; an id the log never
 * defined is "<cc N>", as the names say. */
static void stack_frames(struct elreader *r)
{
    struct profile *p = r->p;
    size_t n = r->stacks.keys.count;
    struct profile_stacks *st = xcalloc(1, sizeof *st);
    st->nnames = p->names.count;
    st->first = xcalloc(st->nnames + 1, sizeof *st->first);
    st->cut = xcalloc(st->nnames ? st->nnames : 1, sizeof *st->cut);
    /* each name's depth first, then the offsets */
    for (size_t k = 0; k < n; k++) {
        uint32_t id = r->stacks.name[k];
        if (id < st->nnames)
            st->first[id + 1] = (unsigned char)r->stacks.keys.info[k].text[0];
    }
    for (size_t id = 0; id < st->nnames; id++)
        st->first[id + 1] += st->first[id];
    size_t nframes = st->first[st->nnames], cap = 64;
    st->frame = xreallocarray(NULL, nframes ? nframes : 1, sizeof *st->frame);
    st->cc = xcalloc(cap, sizeof *st->cc);
    /* the log's id -> index in st->cc, given as a stack first uses it */
    struct idmap used = { 0 };
    for (size_t k = 0; k < n; k++) {
        const unsigned char *key = (const unsigned char *)r->stacks.keys.info[k].text;
        uint32_t id = r->stacks.name[k];
        if (id >= st->nnames)
            continue;
        unsigned depth = key[0];
        st->cut[id] = depth == 255;
        for (unsigned i = 0; i < depth; i++) {
            uint32_t cc_id = be32(key + 1 + 4 * i);
            int64_t c = idmap_get(&used, cc_id);
            if (c < 0) {
                if (st->ncc == cap)
                    st->cc = xreallocarray(st->cc, cap *= 2, sizeof *st->cc);
                struct cost_centre_info *ci = &st->cc[st->ncc];
                int64_t def = idmap_get(&r->cc_ids, cc_id);
                if (def < 0) { /* no HEAP_PROF_COST_CENTRE: as the names say it */
                    char text[32];
                    snprintf(text, sizeof text, "<cc %lu>", (unsigned long)cc_id);
                    *ci = (struct cost_centre_info){ xstrdup(text), xstrdup(text), xstrdup(""),
                                                     xstrdup("") };
                } else {
                    const struct cost_centre *cc = &r->cc[def];
                    ci->label = xmemdup0(r->text.s + cc->label.off, cc->label.len);
                    ci->module = xmemdup0(r->text.s + cc->module.off, cc->module.len);
                    ci->location =
                        xmemdup0(r->text.s + r->cc_location[def].off, r->cc_location[def].len);
                    if (cc->label.len == 3 && memcmp(ci->label, "CAF", 3) == 0) {
                        ci->frame = xmalloc(cc->module.len + 5);
                        memcpy(ci->frame, ci->module, cc->module.len);
                        memcpy(ci->frame + cc->module.len, ".CAF", 5);
                    } else
                        ci->frame = xstrdup(ci->label);
                }
                c = (int64_t)st->ncc++;
                idmap_put(&used, cc_id, (uint32_t)c);
            }
            /* the log has them innermost first */
            st->frame[st->first[id] + depth - 1 - i] = (uint32_t)c;
        }
    }
    idmap_free(&used);
    p->stacks = st;
}

/* -hc: each stack's whole text as its detail (the name is cut at -L). */
static void stack_details(struct elreader *r)
{
    struct profile *p = r->p;
    size_t n = r->stacks.keys.count;
    if (n == 0)
        return;
    if (r->keep_stacks)
        stack_frames(r);
    p->detail_columns = xstrdup("stack");
    p->ndetail = p->names.count;
    p->detail = xcalloc(p->ndetail, sizeof *p->detail);
    for (size_t k = 0; k < n; k++) {
        const struct name_info *key = &r->stacks.keys.info[k];
        uint32_t id = r->stacks.name[k];
        struct sbuf *b = &r->name;
        b->len = 0;
        unsigned depth = (unsigned char)key->text[0];
        if (depth == 0)
            sb_add(b, "MAIN", 4);
        else
            stack_text(r, b, (const unsigned char *)key->text + 1, depth, EL_NAME_MAX);
        if (!p->detail[id]) {
            /* the stack exactly as its name has it (a label may hold a
             * tab or a newline): escaped, as a field must be */
            struct sbuf field = { 0 };
            sb_add_detail(&field, b->s, b->len, false);
            p->detail[id] = field.s ? field.s : xstrdup("");
        }
    }
}

/* -he: the bands are era numbers: "era N". */
static void name_eras(struct elreader *r)
{
    struct profile *p = r->p;
    struct sbuf *b = &r->name;
    for (size_t id = 0; id < p->names.count; id++) {
        const struct name_info *n = &p->names.info[id];
        b->len = 0;
        sb_add(b, "era ", 4);
        sb_add(b, n->text, n->len);
        names_rename(&p->names, (uint32_t)id, b->s, b->len);
    }
    names_reindex(&p->names);
    p->era_bands = true;
}

/* --heap on a profiled run: the RTS's live bytes count each closure's
 * profiling header, which the censuses leave out, so the live line runs
 * well above the bands (1.3 to 1.7 times them in real runs).  The drawing
 * says by how much, from the censuses themselves: the ratio of the live
 * bytes in force to the census's total, its 10th to 90th percentile over
 * the censuses (a histogram of 1 % steps from 1/64 to 64: memory bounded whatever the
 * run's length).  0, or -1 with the error of a replay. */
#define RATIO_BINS 840 /* 1.01^840 > 4096: ratios from 1/64 to 64 */
static int live_ratio_fact(struct elreader *r)
{
    struct profile *p = r->p;
    if (profile_heap_lines(p, false) != HEAP_LINES_SHOWN || r->profiled_rts <= 0
        || !p->heap->line[HEAP_LIVE].events)
        return 0;
    uint32_t *bin = xcalloc(RATIO_BINS, sizeof *bin);
    uint64_t counted = 0;
    struct heapline_exact live;
    heapline_exact_start(&live, &p->heap->line[HEAP_LIVE]);
    struct store_cursor *cur = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    while ((rc = store_cursor_next(cur, &smp, r->err)) == 1) {
        double total = 0;
        for (size_t i = 0; i < smp.n; i++)
            total += smp.entry[i].value > 0 ? (double)smp.entry[i].value : 0;
        uint64_t v;
        int has = heapline_exact_at(&live, smp.time, &v, r->err);
        if (has < 0) {
            rc = -1;
            break;
        }
        if (!has || !(total > 0))
            continue;
        double k = floor(log((double)v / total * 64) / log(1.01));
        bin[k < 0 ? 0 : k >= RATIO_BINS ? RATIO_BINS - 1 : (size_t)k]++;
        counted++;
    }
    store_cursor_free(cur);
    heapline_exact_end(&live);
    if (rc == 0 && counted > 0) {
        double q[2];
        uint64_t seen = 0;
        size_t k = 0;
        for (int j = 0; j < 2; j++) {
            uint64_t want = (uint64_t)ceil((double)counted * (j ? 0.9 : 0.1));
            for (; k < RATIO_BINS && seen + bin[k] < want; k++)
                seen += bin[k];
            /* the bin's middle */
            q[j] = pow(1.01, (double)(k < RATIO_BINS ? k : RATIO_BINS - 1) + 0.5) / 64;
        }
        p->heap->live_ratio[0] = q[0], p->heap->live_ratio[1] = q[1];
        /* (the last bin holds everything past it: "over 64") */
        bool past = q[1] > 64;
        char range[64];
        if (fabs(q[1] - q[0]) < 0.05)
            snprintf(range, sizeof range, "%.1f", (q[0] + q[1]) / 2);
        else
            snprintf(range, sizeof range, "%.1f\xE2\x80\x93%s%.1f", q[0], past ? "over " : "",
                     past ? 64.0 : q[1]);
        profile_fact(p,
                     "Live bytes are %s\xC3\x97 the profile's total at 80 %% of the censuses: a "
                     "profiled run's RTS counts each closure's profiling header, which the "
                     "heap profile leaves out.",
                     range);
    }
    free(bin);
    return rc < 0 ? -1 : 0;
}

static int finish(struct elreader *r)
{
    struct profile *p = r->p;
    /* Before 8.10 a census is complete only at the next one or at the end
     * of a whole log. */
    if (r->complete && r->b.in_sample && !r->has_sample_end && census_end(r, r->base + r->pos) < 0)
        return -1;
    if (r->ncensus == 0)
        return no_census(r);
    /* The .hp's last sample, at exit, empty: only a log that ended. */
    double t_end = (double)r->max_ts / 1e9;
    if (r->complete && !r->b.in_sample
        && empty_sample(r, t_end > r->b.last_seen ? t_end : r->b.last_seen) < 0)
        return -1;
    p->job = job_of(r);
    p->date = date_of(r);
    p->sample_unit = xstrdup("seconds");
    p->value_unit = xstrdup("bytes");
    p->elapsed_time = true;
    p->breakdown = r->breakdown < BY_COUNT ? (enum heap_breakdown)r->breakdown : BY_UNKNOWN;
    if (r->breakdown == BREAKDOWN_INFO_TABLE)
        name_info_tables(r);
    else if (r->breakdown == BREAKDOWN_ERA)
        name_eras(r);
    else
        stack_details(r);
    if (!r->complete) {
        profile_note(p,
                     "the log ends without its end marker (the program was killed, or is "
                     "still running): drawn up to its last complete census, at %.6f s",
                     r->b.last_seen);
        profile_fact(p,
                     "Cut short: the log ends without its end marker (the program was "
                     "killed, or is still running); drawn up to its last complete census, at "
                     "%.6g s.",
                     r->b.last_seen);
    }
    if (r->deep_stack) {
        profile_note(p,
                     "some cost-centre stacks are 255 deep, the most an eventlog keeps: "
                     "their outermost cost centres are missing from their names (the .hp "
                     "has them)");
        profile_fact(p,
                     "Some cost-centre stacks are 255 deep, the most an eventlog keeps: "
                     "their outermost cost centres are missing from their names (the .hp has "
                     "them).");
    }
    if (r->cut_stack && !r->ccs_length_given)
        profile_note(p,
                     "stack names cut at %d bytes, the RTS's default -L (a -L given through "
                     "GHCRTS or -with-rtsopts is not in the log; --full-stacks draws whole "
                     "stacks)",
                     EL_DEFAULT_L);
    /* (a -L given is the run's own: no warning, but the drawing says it) */
    if (r->cut_stack && r->ccs_length_given)
        profile_fact(p,
                     "Stack names cut at %zu bytes, as the run's -L%zu cuts them in the .hp "
                     "(--full-stacks draws them whole).",
                     r->ccs_length, r->ccs_length);
    else if (r->cut_stack)
        profile_fact(p,
                     "Stack names cut at %d bytes, the RTS's default -L, as in the .hp "
                     "(--full-stacks draws them whole).",
                     EL_DEFAULT_L);
    if (builder_finish(&r->b, r->err) < 0)
        return -1;
    /* an empty census is no exit: only a log with its end marker ended */
    p->finished = p->finished && r->complete;
    return live_ratio_fact(r);
}

bool eventlog_magic(const char *first, size_t n)
{
    return n >= 4 && memcmp(first, "hdrb", 4) == 0;
}

int eventlog_read(struct profile *p, struct reader_input *in, const char *source,
                  const struct parse_options *po, struct hp_error *err)
{
    struct elreader *r = xcalloc(1, sizeof *r);
    builder_start(&r->b, p, source, po);
    builder_marks_by_time(&r->b);
    if (po && po->heap)
        p->heap = xcalloc(1, sizeof *p->heap);
    r->p = p;
    r->in = in;
    r->err = err;
    r->full_stacks = po && po->full_stacks;
    r->keep_stacks = po && po->stacks;
    r->ccs_length = EL_DEFAULT_L;
    r->profiled_rts = -1;
    r->buf = xmalloc(EL_BLOCK + EL_EVENT_MAX);
    /* never NULL, so that text.s + offset is defined for empty strings */
    r->text.cap = 4096;
    r->text.s = xmalloc(r->text.cap);
    r->size = xcalloc(65536, sizeof *r->size);
    r->declared = xcalloc(65536 / 8, 1);
    names_init(&r->stacks.keys);
    names_init(&r->infos.keys);
    r->succ_cap = 256;
    r->succ = xreallocarray(NULL, r->succ_cap, sizeof *r->succ);
    memset(r->succ, 0xff, r->succ_cap * sizeof *r->succ);

    int rc = read_header(r);
    if (rc == 0)
        rc = read_events(r);
    if (rc == 0)
        rc = finish(r);
    builder_release(&r->b);
    free(r->buf);
    free(r->size);
    free(r->declared);
    free(r->args);
    free(r->text.s);
    free(r->cc);
    free(r->cc_location);
    free(r->ipe);
    idmap_free(&r->cc_ids);
    idmap_free(&r->ipe_addr);
    keymap_free(&r->stacks);
    keymap_free(&r->infos);
    free(r->succ);
    free(r->name.s);
    free(r);
    if (rc < 0) {
        profile_free(p);
        return -1;
    }
    return 0;
}

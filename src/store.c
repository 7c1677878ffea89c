/* SPDX-License-Identifier: BSD-3-Clause */
/* store.c: see store.h.
 *
 * The log is a byte stream.  Per sample: the time (a double, 8 bytes as
 * they are in memory), the number of entries as a varint, then one record
 * per entry: a tag byte, and the value's bytes.  The tag's low four bits
 * say how many bytes the value takes (0 to 8: its two's complement bits,
 * least significant first, without the zero bytes above, so any int64
 * round-trips and a typical value takes 2 or 3).  Its high four bits are
 * the name as its distance from "the id after the previous entry's",
 * from -7 to +7 (the RTS writes names in much the same order every sample
 * and ids count in order of first appearance, so this is nearly always
 * 0); 15 says the distance follows as a zigzag varint.  A record takes 2
 * to 4 bytes where a fixed layout takes 12.
 *
 * A sample whose names are those of the sample before it in the same log,
 * in the same order (what the RTS writes nearly every time), says so in
 * the count's lowest bit and has no tags: its values' byte counts go two
 * to a byte (low four bits the first), each byte followed by the two
 * values.  Its names are the sample before's, which the cursor still
 * holds, already mapped to the store's ids: no name to decode or map.
 *
 * Decoding a record is one load of the tag, one unaligned 8-byte load of
 * the value and a mask: no loop over the bytes, no branch on the value's
 * size.  (With a varint for the value, as before, decoding took about 55
 * instructions an entry and encoding 37, a quarter of a run at 150 MB;
 * now about a fifth of that.)  So every buffer a record is decoded from
 * has LOAD_SLACK bytes after its end that may be read and are masked off.
 *
 * The first STORE_MEMORY bytes live in memory; past that everything moves
 * to an unlinked temporary file (page cache, not our resident memory),
 * written and read in blocks of STORE_BLOCK.  Records are encoded straight
 * into the block and decoded straight out of it: a block is refilled when
 * less than a whole record is left in it.
 *
 * A store is a list of such logs (segments): its own, and those adopted
 * from the stores of parts of the input read on other threads, each
 * replayed in turn with its names mapped to the store's ids.
 */
#include "store.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STORE_MEMORY (1u << 20)
#define STORE_BLOCK  (1u << 17)
#define SPOOL_BLOCK  (1u << 15)   /* store_new_spooled's: many may be open */
#define VARINT_MAX   10           /* bytes of a 64-bit varint */
#define HEADER_MAX   (8 + 5)      /* time, count (32 bits) */
#define RECORD_MAX   (1 + 5 + 8)  /* tag, name (33-bit zigzag), value */
#define LOAD_SLACK   8            /* readable bytes past a buffer's end */
#define NAME_NEAR    7            /* distances -7..7 fit in the tag */
#define NAME_FAR     15           /* the tag's "distance follows" */
#define APPEND_BATCH 256          /* records room is asked for at once */
#define RECORD_SPAN  (1 + 5 + 15) /* the most a damaged record moves past */
#define PAIR_MAX     (1 + 8 + 8)  /* a byte of two sizes and two values */

/* A run of samples in one log.  A store's own samples go to its last
 * segment; a segment adopted from another store (store_adopt: a part of
 * the input read on a thread of its own) keeps its log as it is, with the
 * table that turns its name ids into this store's. */
struct segment {
    unsigned char *mem; /* the log while it is small; NULL once spilled */
    size_t mem_cap;
    size_t len;           /* bytes in the log */
    int fd;               /* the temporary file, or -1 */
    unsigned char *block; /* write buffer (the cursor has its own) */
    size_t block_len;     /* bytes pending in it */
    size_t block_cap;
    size_t memory_max; /* the log spills when it would grow past this */
    size_t count;      /* samples in the log */
    uint32_t *names;   /* the names of the last sample appended, in order */
    size_t nnames, names_cap;
    uint32_t *remap; /* adopted: its name id -> the store's; else NULL */
    size_t nremap;
    bool retired; /* never appended to again (segment_retire) */
};

struct store {
    struct segment *seg;
    size_t nseg, seg_cap;
    size_t count; /* samples, over every segment */
};

static void segment_open(struct segment *g, size_t memory_max, size_t block_cap)
{
    memset(g, 0, sizeof *g);
    g->fd = -1;
    g->memory_max = memory_max;
    g->block_cap = block_cap;
    g->mem_cap = memory_max < (1u << 16) ? memory_max : 1u << 16;
    g->mem = g->mem_cap ? xcalloc(1, g->mem_cap + LOAD_SLACK) : NULL;
}

static void segment_free(struct segment *g)
{
    if (g->fd >= 0)
        close(g->fd);
    free(g->mem);
    free(g->block);
    free(g->names);
    free(g->remap);
}

/* Room for one more segment at the end. */
static struct segment *segment_push(struct store *s)
{
    if (s->nseg == s->seg_cap) {
        s->seg_cap = s->seg_cap ? s->seg_cap * 2 : 2;
        s->seg = xreallocarray(s->seg, s->seg_cap, sizeof *s->seg);
    }
    return &s->seg[s->nseg++];
}

struct store *store_new(void)
{
    struct store *s = xcalloc(1, sizeof *s);
    segment_open(segment_push(s), STORE_MEMORY, STORE_BLOCK);
    return s;
}

struct store *store_new_spooled(void)
{
    struct store *s = xcalloc(1, sizeof *s);
    segment_open(segment_push(s), 0, SPOOL_BLOCK);
    return s;
}

void store_free(struct store *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nseg; i++)
        segment_free(&s->seg[i]);
    free(s->seg);
    free(s);
}

size_t store_count(const struct store *s)
{
    return s->count;
}

size_t store_bytes(const struct store *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nseg; i++)
        n += s->seg[i].len;
    return n;
}

bool store_spilled(const struct store *s)
{
    for (size_t i = 0; i < s->nseg; i++)
        if (s->seg[i].fd >= 0)
            return true;
    return false;
}

size_t store_memory(const struct store *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nseg; i++) {
        const struct segment *g = &s->seg[i];
        n += (g->mem ? g->mem_cap + LOAD_SLACK : 0) + (g->block ? g->block_cap + LOAD_SLACK : 0);
    }
    return n;
}

size_t store_segments(const struct store *s)
{
    return s->nseg;
}

static int write_all(int fd, const unsigned char *p, size_t n, struct hp_error *err);

/* A segment that is never appended to again (the store has moved on to
 * another): its write block goes to the file and is freed now, not at
 * store_free, since a large input adopts a part every PARSE_PART_MIN
 * bytes and each would hold its block to the end (35 blocks of 32 KiB at
 * 148 MB).  A log still in memory gives back the room it did not use.
 * If the write fails the block stays, and is read from as before: the
 * log is whole either way. */
static void segment_retire(struct segment *g)
{
    g->retired = true;
    free(g->names); /* only appends compare with them */
    g->names = NULL;
    g->nnames = g->names_cap = 0;
    if (g->fd < 0) {
        if (g->mem && g->mem_cap > g->len) {
            g->mem_cap = g->len;
            g->mem = xrealloc(g->mem, g->mem_cap + LOAD_SLACK);
            memset(g->mem + g->len, 0, LOAD_SLACK);
        }
        return;
    }
    struct hp_error err;
    if (g->block_len && write_all(g->fd, g->block, g->block_len, &err) < 0)
        return;
    free(g->block);
    g->block = NULL;
    g->block_len = g->block_cap = 0;
}

void store_adopt(struct store *s, struct store *from, const uint32_t *remap, size_t nremap)
{
    /* s's own log is done once a log goes after it: later appends go to
     * a new one */
    for (size_t i = 0; i < from->nseg; i++)
        if (from->seg[i].count) {
            if (!s->seg[s->nseg - 1].retired)
                segment_retire(&s->seg[s->nseg - 1]);
            break;
        }
    for (size_t i = 0; i < from->nseg; i++) {
        struct segment *g = &from->seg[i];
        if (g->count == 0) {
            segment_free(g);
            continue;
        }
        /* ids of g -> ids of from (g->remap) -> ids of s (remap) */
        uint32_t *map = xreallocarray(NULL, g->remap ? g->nremap : nremap, sizeof *map);
        size_t n = 0;
        if (g->remap) {
            for (; n < g->nremap; n++)
                map[n] = g->remap[n] < nremap ? remap[g->remap[n]] : UINT32_MAX;
        } else {
            memcpy(map, remap, nremap * sizeof *map);
            n = nremap;
        }
        free(g->remap);
        g->remap = map;
        g->nremap = n;
        segment_retire(g);
        *segment_push(s) = *g;
        s->count += g->count;
    }
    free(from->seg);
    free(from);
}

/* ---- encoding ---- */

static inline size_t put_varint(unsigned char *o, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        o[n++] = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    o[n++] = (unsigned char)v;
    return n;
}

/* Decode a varint from b[*pos..lim); -1 when it runs past lim or past 64
 * bits (a damaged file). */
static inline int get_varint(const unsigned char *b, size_t *pos, size_t lim, uint64_t *out)
{
    size_t p = *pos;
    if (p < lim && b[p] < 0x80) {
        *out = b[p];
        *pos = p + 1;
        return 0;
    }
    if (lim - p >= 2 && b[p + 1] < 0x80) { /* two bytes */
        *out = (uint64_t)(b[p] & 0x7f) | (uint64_t)b[p + 1] << 7;
        *pos = p + 2;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
        if (p >= lim)
            return -1;
        unsigned char c = b[p++];
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80)) {
            *out = v;
            *pos = p;
            return 0;
        }
    }
    return -1;
}

/* The name id as its distance from the expected one, zigzagged so that
 * small distances either way are small numbers. */
static inline uint64_t name_code(uint32_t id, int64_t expected)
{
    int64_t d = (int64_t)id - expected;
    return d < 0 ? ((uint64_t)(-(d + 1)) << 1) | 1 : (uint64_t)d << 1;
}

/* Only for codes below 2^34, which name_code never exceeds. */
static inline int64_t name_decode(uint64_t code, int64_t expected)
{
    int64_t d = code & 1 ? -(int64_t)(code >> 1) - 1 : (int64_t)(code >> 1);
    return expected + d;
}

/* 8 bytes at p, least significant first, whatever the machine's order. */
static inline uint64_t load_le64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#elif !defined(__BYTE_ORDER__)
    v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
#endif
    return v;
}

static inline void store_le64(unsigned char *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
    memcpy(p, &v, sizeof v);
#elif defined(__BYTE_ORDER__)
    memcpy(p, &v, sizeof v);
#else
    for (int i = 0; i < 8; i++, v >>= 8)
        p[i] = (unsigned char)v;
#endif
}

/* Bytes of v without its zero bytes on top: 0 for 0, 8 for a negative. */
static inline unsigned value_bytes(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return v ? (unsigned)(71 - __builtin_clzll(v)) / 8 : 0;
#else
    unsigned n = 0;
    for (; v; v >>= 8)
        n++;
    return n;
#endif
}

/* One record at o (room for RECORD_MAX bytes): returns its length. */
static inline size_t put_record(unsigned char *o, uint32_t name, int64_t expected, int64_t value)
{
    int64_t d = (int64_t)name - expected;
    uint64_t v = (uint64_t)value;
    unsigned nv = value_bytes(v);
    size_t n = 1;
    if (d >= -NAME_NEAR && d <= NAME_NEAR) {
        o[0] = (unsigned char)((unsigned)(d + NAME_NEAR) << 4 | nv);
    } else {
        o[0] = (unsigned char)(NAME_FAR << 4 | nv);
        n += put_varint(o + 1, name_code(name, expected));
    }
    store_le64(o + n, v); /* (the bytes past nv are room the next record overwrites) */
    return n + nv;
}

/* The low n bytes of a word, n from 0 to 8 (9 to 15: a damaged tag,
 * noted by the caller). */
static const uint64_t low_bytes[16] = {
    0,          0xff,         0xffff,         0xffffff,
    0xffffffff, 0xffffffffff, 0xffffffffffff, 0xffffffffffffff,
    UINT64_MAX, UINT64_MAX,   UINT64_MAX,     UINT64_MAX,
    UINT64_MAX, UINT64_MAX,   UINT64_MAX,     UINT64_MAX,
};

/* ---- writing ---- */

/* A write that fails for room (/tmp full, TMPDIR not set) moves the file
 * to memory and goes on (hp_anonymous_to_memory); any other failure is
 * said with the place. */
static int write_all(int fd, const unsigned char *p, size_t n, struct hp_error *err)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0 && hp_anonymous_to_memory(fd, w < 0 ? errno : ENOSPC) == 0)
            continue;
        if (w <= 0) {
            int e = errno;
            char place[512];
            hp_temp_place(place, sizeof place);
            return hp_fail(err, "cannot write a temporary file in %s: %s", place, strerror(e));
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int spill(struct segment *g, struct hp_error *err)
{
    int fd = hp_anonymous_file();
    if (fd < 0) {
        const char *dir = getenv("TMPDIR");
        return hp_fail(err, "cannot create a temporary file in %s: %s", dir && *dir ? dir : "/tmp",
                       strerror(errno));
    }
    g->fd = fd;
    g->block = xcalloc(1, g->block_cap + LOAD_SLACK);
    g->block_len = 0;
    int rc = write_all(fd, g->mem, g->len, err);
    free(g->mem);
    g->mem = NULL;
    return rc;
}

/* Room for at least need more bytes of g's log: *room bytes at the
 * returned pointer.  Spills the log or writes out the block on the way;
 * NULL on an I/O error. */
static unsigned char *reserve(struct segment *g, size_t need, size_t *room, struct hp_error *err)
{
    if (g->fd < 0 && g->len + need > g->memory_max && spill(g, err) < 0)
        return NULL;
    if (g->fd < 0) {
        if (g->len + need > g->mem_cap) {
            while (g->mem_cap < g->len + need)
                g->mem_cap *= 2;
            if (g->mem_cap > g->memory_max)
                g->mem_cap = g->memory_max;
            g->mem = xrealloc(g->mem, g->mem_cap + LOAD_SLACK);
            memset(g->mem + g->mem_cap, 0, LOAD_SLACK);
        }
        *room = g->mem_cap - g->len;
        return g->mem + g->len;
    }
    if (g->block_len + need > g->block_cap) {
        if (write_all(g->fd, g->block, g->block_len, err) < 0)
            return NULL;
        g->block_len = 0;
    }
    *room = g->block_cap - g->block_len;
    return g->block + g->block_len;
}

/* n bytes were written where reserve pointed. */
static void commit(struct segment *g, size_t n)
{
    g->len += n;
    if (g->fd >= 0)
        g->block_len += n;
}

/* Whether sample e[0..n) has the names of g's last sample, in order. */
static bool same_names(const struct segment *g, const struct sample_entry *e, size_t n)
{
    if (n != g->nnames || n == 0)
        return false;
    /* no branch a name (nearly every sample is the same), four at a time */
    uint32_t d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    const uint32_t *was = g->names;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        d0 |= e[i].name ^ was[i];
        d1 |= e[i + 1].name ^ was[i + 1];
        d2 |= e[i + 2].name ^ was[i + 2];
        d3 |= e[i + 3].name ^ was[i + 3];
    }
    for (; i < n; i++)
        d0 |= e[i].name ^ was[i];
    return (d0 | d1 | d2 | d3) == 0;
}

/* The values of a sample with the names of the one before (see the top
 * of this file): a byte of two sizes, then the two values. */
static int put_values(struct segment *g, const struct sample_entry *e, size_t n,
                      struct hp_error *err)
{
    size_t i = 0;
    while (i < n) {
        size_t pairs = (n - i + 1) / 2, room;
        if (pairs > APPEND_BATCH)
            pairs = APPEND_BATCH;
        unsigned char *o = reserve(g, pairs * PAIR_MAX, &room, err);
        if (!o)
            return -1;
        size_t batch = room / PAIR_MAX, used = 0;
        if (batch > pairs)
            batch = pairs;
        for (size_t k = 0; k < batch; k++, i += 2) {
            uint64_t v0 = (uint64_t)e[i].value, v1 = i + 1 < n ? (uint64_t)e[i + 1].value : 0;
            unsigned n0 = value_bytes(v0), n1 = value_bytes(v1);
            o[used] = (unsigned char)(n1 << 4 | n0);
            store_le64(o + used + 1, v0); /* (bytes past a size are overwritten next) */
            store_le64(o + used + 1 + n0, v1);
            used += 1 + n0 + n1;
        }
        if (i > n)
            i = n;
        commit(g, used);
    }
    return 0;
}

int store_append(struct store *s, double time, const struct sample_entry *e, size_t n,
                 struct hp_error *err)
{
    struct segment *g = &s->seg[s->nseg - 1];
    if (g->retired) { /* the samples after an adopted part go to a new log */
        g = segment_push(s);
        segment_open(g, STORE_MEMORY, STORE_BLOCK);
    }
    bool same = same_names(g, e, n);
    size_t room;
    unsigned char *o = reserve(g, HEADER_MAX, &room, err);
    if (!o)
        return -1;
    memcpy(o, &time, sizeof time);
    commit(g, sizeof time + put_varint(o + sizeof time, (uint64_t)(uint32_t)n << 1 | same));
    if (same) {
        if (put_values(g, e, n, err) < 0)
            return -1;
        g->count++;
        s->count++;
        return 0;
    }

    int64_t expected = 0;
    size_t i = 0;
    while (i < n) {
        size_t left = n - i,
               need = left < APPEND_BATCH ? left * RECORD_MAX : APPEND_BATCH * RECORD_MAX;
        o = reserve(g, need, &room, err);
        if (!o)
            return -1;
        /* As many records as a worst-case record each has room for, with
         * no check between them. */
        size_t batch = room / RECORD_MAX, used = 0;
        if (batch > left)
            batch = left;
        for (size_t end = i + batch; i < end; i++) {
            used += put_record(o + used, e[i].name, expected, e[i].value);
            expected = (int64_t)e[i].name + 1;
        }
        commit(g, used);
    }
    if (n > g->names_cap) {
        g->names_cap = n;
        g->names = xreallocarray(g->names, n, sizeof *g->names);
    }
    for (i = 0; i < n; i++)
        g->names[i] = e[i].name;
    g->nnames = n;
    g->count++;
    s->count++;
    return 0;
}

/* ---- replay ---- */

/* A cursor reads each segment's log as one byte stream: the part already
 * written to the temporary file (read with pread, so that any number of
 * cursors, and the store itself, share the descriptor without sharing an
 * offset), then the part still in the segment's write block.  So a store
 * is never flushed for reading, and reading never changes it. */
struct store_cursor {
    const struct store *s;
    size_t seg;                /* the segment being read */
    const struct segment *g;   /* s->seg + seg, or NULL before the first */
    unsigned char *buf;        /* the cursor's own block, for a log in a file */
    const unsigned char *rbuf; /* the log in memory, or buf */
    size_t rpos, rlim;         /* rbuf[rpos..rlim) not yet decoded */
    size_t src_pos;            /* bytes of the log copied into buf so far */
    size_t replayed;           /* samples of the segment returned */
    size_t last_n;             /* entries of the last of them */
    struct sample_entry *entries;
    size_t entries_cap;
    struct ahead *ahead; /* store_cursor_new_ahead's, else NULL */
    /* store_cursor_next_sums: the group of each of entries[0..last_n)'s
     * names, by position (ngroups for none), made for `grouped` and made
     * again when the names change; and the sums, one more for none. */
    int32_t *pos_group;
    size_t pos_group_cap;
    const struct store_grouping *grouped; /* pos_group's, or NULL: none made */
    int64_t *sums;
    size_t sums_cap;
};

struct store_cursor *store_cursor_new(const struct store *s)
{
    struct store_cursor *c = xcalloc(1, sizeof *c);
    c->s = s;
    return c;
}

static void ahead_free(struct ahead *a);

void store_cursor_free(struct store_cursor *c)
{
    if (!c)
        return;
    if (c->ahead)
        ahead_free(c->ahead);
    free(c->buf);
    free(c->entries);
    free(c->pos_group);
    free(c->sums);
    free(c);
}

/* Start on segment i. */
static void enter(struct store_cursor *c, size_t i)
{
    c->seg = i;
    c->g = &c->s->seg[i];
    c->rpos = c->rlim = c->src_pos = c->replayed = 0;
    if (c->g->fd >= 0) {
        if (!c->buf)
            c->buf = xcalloc(1, STORE_BLOCK + LOAD_SLACK);
        c->rbuf = c->buf;
    } else {
        c->rbuf = c->g->mem;
        c->rlim = c->g->len;
    }
}

/* Copy up to want bytes of g's log from byte src into dst. */
static int read_log(const struct segment *g, unsigned char *dst, size_t src, size_t want,
                    size_t *got, struct hp_error *err)
{
    size_t in_file = g->len - g->block_len;
    if (src >= in_file) {
        *got = want < g->len - src ? want : g->len - src;
        memcpy(dst, g->block + (src - in_file), *got);
        return 0;
    }
    if (want > in_file - src)
        want = in_file - src;
    for (;;) {
        ssize_t r = pread(g->fd, dst, want, (off_t)src);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return hp_fail(err, "cannot read a temporary file: %s",
                           r < 0 ? strerror(errno) : "truncated");
        *got = (size_t)r;
        return 0;
    }
}

/* Make at least need bytes readable at rbuf + rpos, or every byte the
 * segment has left when that is fewer. */
static int refill(struct store_cursor *c, size_t need, struct hp_error *err)
{
    const struct segment *g = c->g;
    if (g->fd < 0 || c->rlim - c->rpos >= need || c->src_pos == g->len)
        return 0; /* in memory, the whole log is there */
    size_t keep = c->rlim - c->rpos;
    memmove(c->buf, c->buf + c->rpos, keep);
    c->rpos = 0;
    c->rlim = keep;
    while (c->rlim < STORE_BLOCK && c->src_pos < g->len) {
        size_t got = 0;
        if (read_log(g, c->buf + c->rlim, c->src_pos, STORE_BLOCK - c->rlim, &got, err) < 0)
            return -1;
        c->rlim += got;
        c->src_pos += got;
    }
    return 0;
}

static int damaged(struct hp_error *err)
{
    return hp_fail(err, "cannot read a temporary file: truncated");
}

/* An adopted segment's ids into the store's. */
static int remap_names(const struct segment *g, struct sample_entry *e, size_t n,
                       struct hp_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (e[i].name >= g->nremap || g->remap[e[i].name] == UINT32_MAX)
            return damaged(err);
        e[i].name = g->remap[e[i].name];
    }
    return 0;
}

/* The records at the very end of a log, where less than a worst-case
 * record is left: each checked against the end.  -1: damaged. */
static int last_records(const unsigned char *b, size_t *pos, size_t lim, struct sample_entry *e,
                        size_t count, size_t *i, int64_t *expected)
{
    size_t p = *pos;
    for (; *i < count; (*i)++) {
        if (p >= lim)
            return -1;
        unsigned tag = b[p++], nv = tag & 15, near = tag >> 4;
        int64_t id = *expected + (int64_t)near - NAME_NEAR;
        uint64_t code;
        if (near == NAME_FAR) {
            if (get_varint(b, &p, lim, &code) < 0 || code >> 34)
                return -1;
            id = name_decode(code, *expected);
        }
        if (nv > 8 || lim - p < nv || (uint64_t)id > UINT32_MAX)
            return -1;
        e[*i].name = (uint32_t)id;
        e[*i].value = (int64_t)(load_le64(b + p) & low_bytes[nv]);
        p += nv;
        *expected = id + 1;
    }
    *pos = p;
    return 0;
}

/* v (below 0: 0) added to *sum, held at INT64_MAX: *held becomes group
 * when it is the lowest group held so far. */
static inline void add_held(int64_t *sum, int64_t v, size_t group, size_t *held)
{
    if (__builtin_add_overflow(*sum, v > 0 ? v : 0, sum)) {
        *sum = INT64_MAX;
        if (group < *held)
            *held = group;
    }
}

/* The values of a sample with the names of the one before (put_values),
 * count of them, -1 when damaged.  into_entries: e[0..count) keeps its
 * names and gets its values; else each value is added to sum[group[i]]
 * (store_cursor_next_sums).  Inline, and into_entries a constant at each
 * call, so that each is a loop of its own with no test of which it is. */
static HP_ALWAYS_INLINE int take_values(struct store_cursor *c, bool into_entries,
                                        struct sample_entry *e, const int32_t *group, int64_t *sum,
                                        size_t *held, size_t count, struct hp_error *err)
{
    const unsigned char *b = c->rbuf;
    size_t pos = c->rpos, lim = c->rlim, i = 0;
    while (i < count) {
        if (lim - pos < PAIR_MAX) {
            c->rpos = pos;
            if (refill(c, PAIR_MAX, err) < 0)
                return -1;
            b = c->rbuf;
            pos = c->rpos;
            lim = c->rlim;
        }
        /* As many pairs as surely lie whole in the buffer: a size over 8
         * (damage) is noted and said after the loop. */
        size_t fast = (lim - pos) / PAIR_MAX, left = (count - i) / 2;
        if (fast > left)
            fast = left;
        unsigned bad = 0;
        for (size_t end = i + 2 * fast; i < end; i += 2) {
            unsigned sizes = b[pos], n0 = sizes & 15, n1 = sizes >> 4;
            bad |= (n0 + 7) >> 4 | (n1 + 7) >> 4; /* a size over 8 */
            int64_t v0 = (int64_t)(load_le64(b + pos + 1) & low_bytes[n0]);
            int64_t v1 = (int64_t)(load_le64(b + pos + 1 + n0) & low_bytes[n1]);
            if (into_entries) {
                e[i].value = v0;
                e[i + 1].value = v1;
            } else {
                add_held(&sum[group[i]], v0, (size_t)group[i], held);
                add_held(&sum[group[i + 1]], v1, (size_t)group[i + 1], held);
            }
            pos += 1 + n0 + n1;
        }
        if (bad || pos > lim) {
            c->rpos = pos < lim ? pos : lim;
            return damaged(err);
        }
        /* The last pair, or one at the very end of the log: each checked
         * against the end (the loads may read LOAD_SLACK past it). */
        if (i < count && (fast == 0 || count - i < 2)) {
            size_t n0, n1;
            if (pos >= lim || (n0 = b[pos] & 15u) > 8 || (n1 = b[pos] >> 4) > 8
                || lim - pos - 1 < n0 + n1 || (count - i < 2 && n1 != 0))
                return damaged(err);
            size_t two = count - i >= 2 ? 2 : 1;
            int64_t v[2] = { (int64_t)(load_le64(b + pos + 1) & low_bytes[n0]),
                             two == 2 ? (int64_t)(load_le64(b + pos + 1 + n0) & low_bytes[n1])
                                      : 0 };
            for (size_t j = 0; j < two; j++) {
                if (into_entries)
                    e[i + j].value = v[j];
                else
                    add_held(&sum[group[i + j]], v[j], (size_t)group[i + j], held);
            }
            pos += 1 + n0 + n1;
            i += two;
        }
    }
    c->rpos = pos;
    return 0;
}

static int ahead_next(struct ahead *a, struct sample *out, struct hp_error *err);

/* The next sample's header: 1 with its time, entry count and whether it
 * has the names of the one before, 0 after the last sample, -1 with err
 * set. */
static int next_header(struct store_cursor *c, double *time, size_t *count, bool *same,
                       struct hp_error *err)
{
    const struct store *s = c->s;
    if (!s)
        return 0;
    if (!c->g)
        enter(c, 0);
    while (c->replayed >= c->g->count) {
        if (c->seg + 1 >= s->nseg)
            return 0;
        enter(c, c->seg + 1);
    }
    const struct segment *g = c->g;
    if (refill(c, HEADER_MAX, err) < 0)
        return -1;
    if (c->rlim - c->rpos < sizeof *time)
        return damaged(err);
    memcpy(time, c->rbuf + c->rpos, sizeof *time);
    c->rpos += sizeof *time;
    uint64_t code;
    /* Every record takes at least a byte. */
    size_t left = (c->rlim - c->rpos) + (g->fd >= 0 ? g->len - c->src_pos : 0);
    if (get_varint(c->rbuf, &c->rpos, c->rlim, &code) < 0)
        return damaged(err);
    uint64_t n = code >> 1;
    *same = code & 1;
    if (*same ? c->replayed == 0 || n != c->last_n || n > 2 * left : n > UINT32_MAX || n > left)
        return damaged(err);
    *count = (size_t)n;
    return 1;
}

/* A sample's records, names and values, into entries[0..count). */
static int get_records(struct store_cursor *c, size_t count, struct hp_error *err)
{
    const struct segment *g = c->g;
    if (count > c->entries_cap) {
        c->entries_cap = count;
        c->entries = xreallocarray(c->entries, c->entries_cap, sizeof *c->entries);
    }
    c->grouped = NULL; /* other names */
    /* The position in locals: the compiler cannot keep c->rpos in a
     * register across the stores into entries. */
    const unsigned char *b = c->rbuf;
    size_t pos = c->rpos, lim = c->rlim;
    struct sample_entry *e = c->entries;
    int64_t expected = 0;
    size_t i = 0;
    while (i < count) {
        if (lim - pos < RECORD_SPAN) {
            c->rpos = pos;
            if (refill(c, RECORD_SPAN, err) < 0)
                return -1;
            b = c->rbuf;
            pos = c->rpos;
            lim = c->rlim;
        }
        /* As many records as surely lie whole in the buffer, even damaged
         * ones: no bound checked between them (a damaged tag, a size over 8
         * or an id out of range, is noted and said after the loop). */
        uint64_t bad = 0;
        size_t fast = (lim - pos) / RECORD_SPAN;
        if (fast > count - i)
            fast = count - i;
        for (size_t end = i + fast; i < end; i++) {
            unsigned tag = b[pos], nv = tag & 15, near = tag >> 4;
            int64_t id = expected + (int64_t)near - NAME_NEAR;
            pos++;
            if (near == NAME_FAR) {
                uint64_t code;
                if (get_varint(b, &pos, lim, &code) < 0 || code >> 34) {
                    bad = 1;
                    break;
                }
                id = name_decode(code, expected);
            }
            bad |= (uint64_t)id >> 32 | (nv + 7) >> 4; /* out of range, or nv > 8 */
            e[i].name = (uint32_t)id;
            e[i].value = (int64_t)(load_le64(b + pos) & low_bytes[nv]);
            pos += nv;
            expected = id + 1;
        }
        if (bad || pos > lim) {
            c->rpos = pos < lim ? pos : lim;
            return damaged(err);
        }
        bool whole = g->fd < 0 || c->src_pos == g->len; /* no more to read in */
        if (i < count && lim - pos < RECORD_SPAN && whole
            && last_records(b, &pos, lim, e, count, &i, &expected) < 0) {
            c->rpos = pos;
            return damaged(err);
        }
    }
    c->rpos = pos;
    c->last_n = count;
    if (g->remap && remap_names(g, e, count, err) < 0)
        return -1;
    return 0;
}

int store_cursor_next(struct store_cursor *c, struct sample *out, struct hp_error *err)
{
    if (c->ahead)
        return ahead_next(c->ahead, out, err);
    size_t count;
    bool same;
    int rc = next_header(c, &out->time, &count, &same, err);
    if (rc <= 0)
        return rc;
    if (same ? take_values(c, true, c->entries, NULL, NULL, NULL, count, err) < 0
             : get_records(c, count, err) < 0)
        return -1;
    c->replayed++;
    out->entry = c->entries;
    out->n = count;
    return 1;
}

/* The group of a name under gr: ngroups for none. */
static int32_t group_of(const struct store_grouping *gr, uint32_t name)
{
    int32_t g = name < gr->nnames ? gr->group_of_name[name] : -1;
    return g >= 0 && (size_t)g < gr->ngroups ? g : (int32_t)gr->ngroups;
}

int store_cursor_next_sums(struct store_cursor *c, const struct store_grouping *gr,
                           struct sample_sums *out, struct hp_error *err)
{
    size_t ng = gr->ngroups;
    if (ng + 1 > c->sums_cap) {
        c->sums_cap = ng + 1;
        c->sums = xreallocarray(c->sums, c->sums_cap, sizeof *c->sums);
    }
    memset(c->sums, 0, (ng + 1) * sizeof *c->sums);
    size_t held = ng;
    out->sum = c->sums;
    if (c->ahead) { /* decoded ahead already: summed from its entries */
        struct sample smp;
        int rc = ahead_next(c->ahead, &smp, err);
        if (rc <= 0)
            return rc;
        for (size_t i = 0; i < smp.n; i++) {
            size_t g = (size_t)group_of(gr, smp.entry[i].name);
            add_held(&c->sums[g], smp.entry[i].value, g, &held);
        }
        out->time = smp.time;
        out->first_held = held;
        return 1;
    }
    size_t count;
    bool same;
    int rc = next_header(c, &out->time, &count, &same, err);
    if (rc <= 0)
        return rc;
    if (!same && get_records(c, count, err) < 0)
        return -1;
    if (c->grouped != gr) { /* names or grouping new: each entry's group */
        if (count > c->pos_group_cap) {
            c->pos_group_cap = count;
            c->pos_group = xreallocarray(c->pos_group, count, sizeof *c->pos_group);
        }
        for (size_t i = 0; i < count; i++)
            c->pos_group[i] = group_of(gr, c->entries[i].name);
        c->grouped = gr;
    }
    if (same) {
        if (take_values(c, false, NULL, c->pos_group, c->sums, &held, count, err) < 0)
            return -1;
    } else {
        for (size_t i = 0; i < count; i++)
            add_held(&c->sums[c->pos_group[i]], c->entries[i].value, (size_t)c->pos_group[i],
                     &held);
    }
    c->replayed++;
    out->first_held = held;
    return 1;
}

/* ---- replay decoded ahead ---- *
 *
 * A replay runs after the reading, while the other processor has nothing
 * to do.  So a thread of its own decodes the samples with a plain cursor
 * into a ring of AHEAD_BATCHES batches, and the caller takes them from
 * there in the same order: the same samples, whatever the timing.  It
 * pays where the caller's work on a sample is about the decoding's (an
 * export writing text); where it is less (the drawing's sums), the
 * caller waits for nearly every batch, and the sleeps and wake-ups cost
 * more CPU time than the overlap saves (series.c, replay_dense). */
#define AHEAD_BATCHES 3
#define AHEAD_ENTRIES (1u << 12) /* a batch is full past this many entries */
#define AHEAD_SAMPLES 256        /* ... or this many samples */
#define AHEAD_MIN     (1u << 18) /* logs shorter than this are read at once */

struct batch {
    size_t n; /* samples in it */
    double time[AHEAD_SAMPLES];
    size_t first[AHEAD_SAMPLES + 1]; /* sample i's entries: entry[first[i]..first[i + 1]) */
    struct sample_entry *entry;
    size_t cap;
    int status; /* after its samples: 1 more follow, 0 the end, -1 err */
    struct hp_error err;
};

struct ahead {
    struct store_cursor *inner; /* the decoding thread's */
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t moved; /* filled or released changed, or stop */
    size_t filled;        /* batches the thread has handed over */
    size_t released;      /* batches the caller has finished with */
    bool stop;            /* the caller is gone: end */
    size_t at, i;         /* the caller: batch at, its sample i */
    bool holding;         /* the caller is reading batch at */
    struct batch batch[AHEAD_BATCHES];
};

/* One batch: samples until it is full or the replay ends. */
static void ahead_fill(struct ahead *a, struct batch *b)
{
    b->n = 0;
    b->first[0] = 0;
    b->status = 1;
    size_t used = 0;
    while (b->n < AHEAD_SAMPLES && used < AHEAD_ENTRIES) {
        struct sample smp;
        int rc = store_cursor_next(a->inner, &smp, &b->err);
        if (rc <= 0) {
            b->status = rc;
            return;
        }
        if (used + smp.n > b->cap) {
            b->cap = used + smp.n > 2 * b->cap ? used + smp.n : 2 * b->cap;
            b->entry = xreallocarray(b->entry, b->cap, sizeof *b->entry);
        }
        if (smp.n)
            memcpy(b->entry + used, smp.entry, smp.n * sizeof *smp.entry);
        used += smp.n;
        b->time[b->n] = smp.time;
        b->first[++b->n] = used;
    }
}

static void *ahead_thread(void *arg)
{
    struct ahead *a = arg;
    for (size_t k = 0;; k++) {
        pthread_mutex_lock(&a->lock);
        while (!a->stop && k >= a->released + AHEAD_BATCHES)
            pthread_cond_wait(&a->moved, &a->lock);
        bool stop = a->stop;
        pthread_mutex_unlock(&a->lock);
        if (stop)
            return NULL;
        struct batch *b = &a->batch[k % AHEAD_BATCHES];
        ahead_fill(a, b);
        pthread_mutex_lock(&a->lock);
        a->filled = k + 1;
        pthread_cond_broadcast(&a->moved);
        pthread_mutex_unlock(&a->lock);
        if (b->status <= 0)
            return NULL;
    }
}

static int ahead_next(struct ahead *a, struct sample *out, struct hp_error *err)
{
    for (;;) {
        if (a->holding) {
            struct batch *b = &a->batch[a->at % AHEAD_BATCHES];
            if (a->i < b->n) {
                out->time = b->time[a->i];
                out->entry = b->entry + b->first[a->i];
                out->n = b->first[a->i + 1] - b->first[a->i];
                a->i++;
                return 1;
            }
            if (b->status <= 0) { /* (and again on every later call) */
                if (b->status < 0)
                    *err = b->err;
                return b->status;
            }
            pthread_mutex_lock(&a->lock);
            a->released = a->at + 1;
            pthread_cond_broadcast(&a->moved);
            pthread_mutex_unlock(&a->lock);
            a->holding = false;
            a->at++;
            a->i = 0;
        }
        pthread_mutex_lock(&a->lock);
        while (a->filled <= a->at)
            pthread_cond_wait(&a->moved, &a->lock);
        pthread_mutex_unlock(&a->lock);
        a->holding = true;
    }
}

static void ahead_free(struct ahead *a)
{
    pthread_mutex_lock(&a->lock);
    a->stop = true;
    pthread_cond_broadcast(&a->moved);
    pthread_mutex_unlock(&a->lock);
    if (pthread_join(a->thread, NULL) != 0)
        abort(); /* only a wrong thread id fails: a bug */
    pthread_mutex_destroy(&a->lock);
    pthread_cond_destroy(&a->moved);
    store_cursor_free(a->inner);
    for (int k = 0; k < AHEAD_BATCHES; k++)
        free(a->batch[k].entry);
    free(a);
}

struct store_cursor *store_cursor_new_ahead(const struct store *s)
{
    struct store_cursor *c = store_cursor_new(s);
    if (!s || store_bytes(s) < AHEAD_MIN || hp_processors() < 2)
        return c;
    struct ahead *a = xcalloc(1, sizeof *a);
    a->inner = store_cursor_new(s);
    if (pthread_mutex_init(&a->lock, NULL) != 0) {
        store_cursor_free(a->inner);
        free(a);
        return c;
    }
    if (pthread_cond_init(&a->moved, NULL) != 0) {
        pthread_mutex_destroy(&a->lock);
        store_cursor_free(a->inner);
        free(a);
        return c;
    }
    if (pthread_create(&a->thread, NULL, ahead_thread, a) != 0) {
        pthread_cond_destroy(&a->moved);
        pthread_mutex_destroy(&a->lock);
        store_cursor_free(a->inner);
        free(a);
        return c; /* a plain cursor does the same, on this thread */
    }
    c->ahead = a;
    return c;
}

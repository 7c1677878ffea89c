/* SPDX-License-Identifier: BSD-3-Clause */
/* store.c: see store.h.
 *
 * The log is a byte stream.  Per sample: the time (a double, 8 bytes as
 * they are in memory), the number of entries as a varint, then per entry
 * the name as a zigzag varint of its distance from "the id after the
 * previous entry's" (the RTS writes names in much the same order every
 * sample and ids count in order of first appearance, so this is nearly
 * always 0: one byte) and the value as a varint (its two's complement
 * bits, so any int64 round-trips).  A record takes 3 to 5 bytes where a
 * fixed layout takes 12: a third of the temporary file to write and read.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STORE_MEMORY (1u << 20)
#define STORE_BLOCK (1u << 17)
#define SPOOL_BLOCK (1u << 15)    /* store_new_spooled's: many may be open */
#define VARINT_MAX 10                     /* bytes of a 64-bit varint */
#define HEADER_MAX (8 + 5)                /* time, count (32 bits) */
#define RECORD_MAX (5 + VARINT_MAX)       /* name (33-bit zigzag), value */

/* A run of samples in one log.  A store's own samples go to its last
 * segment; a segment adopted from another store (store_adopt: a part of
 * the input read on a thread of its own) keeps its log as it is, with the
 * table that turns its name ids into this store's. */
struct segment {
    unsigned char *mem;   /* the log while it is small; NULL once spilled */
    size_t mem_cap;
    size_t len;           /* bytes in the log */
    int fd;               /* the temporary file, or -1 */
    unsigned char *block; /* write buffer (the cursor has its own) */
    size_t block_len;     /* bytes pending in it */
    size_t block_cap;
    size_t memory_max;    /* the log spills when it would grow past this */
    size_t count;         /* samples in the log */
    uint32_t *remap;      /* adopted: its name id -> the store's; else NULL */
    size_t nremap;
    bool adopted;         /* never appended to again */
};

struct store {
    struct segment *seg;
    size_t nseg, seg_cap;
    size_t count;         /* samples, over every segment */
};

static void segment_open(struct segment *g, size_t memory_max, size_t block_cap)
{
    memset(g, 0, sizeof *g);
    g->fd = -1;
    g->memory_max = memory_max;
    g->block_cap = block_cap;
    g->mem_cap = memory_max < (1u << 16) ? memory_max : 1u << 16;
    g->mem = g->mem_cap ? xmalloc(g->mem_cap) : NULL;
}

static void segment_free(struct segment *g)
{
    if (g->fd >= 0)
        close(g->fd);
    free(g->mem);
    free(g->block);
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

size_t store_segments(const struct store *s)
{
    return s->nseg;
}

void store_adopt(struct store *s, struct store *from, const uint32_t *remap, size_t nremap)
{
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
        g->adopted = true;
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
        return hp_fail(err, "cannot create a temporary file in %s: %s",
                       dir && *dir ? dir : "/tmp", strerror(errno));
    }
    g->fd = fd;
    g->block = xmalloc(g->block_cap);
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
            g->mem = xrealloc(g->mem, g->mem_cap);
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

int store_append(struct store *s, double time, const struct sample_entry *e, size_t n,
                 struct hp_error *err)
{
    struct segment *g = &s->seg[s->nseg - 1];
    if (g->adopted) { /* the samples after an adopted part go to a new log */
        g = segment_push(s);
        segment_open(g, STORE_MEMORY, STORE_BLOCK);
    }
    size_t room;
    unsigned char *o = reserve(g, HEADER_MAX, &room, err);
    if (!o)
        return -1;
    memcpy(o, &time, sizeof time);
    commit(g, sizeof time + put_varint(o + sizeof time, (uint64_t)(uint32_t)n));

    int64_t expected = 0;
    size_t i = 0;
    while (i < n) {
        o = reserve(g, RECORD_MAX, &room, err);
        if (!o)
            return -1;
        /* Whole records while a worst-case one still fits. */
        size_t used = 0;
        for (; i < n && room - used >= RECORD_MAX; i++) {
            used += put_varint(o + used, name_code(e[i].name, expected));
            used += put_varint(o + used, (uint64_t)e[i].value);
            expected = (int64_t)e[i].name + 1;
        }
        commit(g, used);
    }
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
    struct sample_entry *entries;
    size_t entries_cap;
};

struct store_cursor *store_cursor_new(const struct store *s)
{
    struct store_cursor *c = xcalloc(1, sizeof *c);
    c->s = s;
    return c;
}

void store_cursor_free(struct store_cursor *c)
{
    if (!c)
        return;
    free(c->buf);
    free(c->entries);
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
            c->buf = xmalloc(STORE_BLOCK);
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
            return hp_fail(err, "cannot read a temporary file: %s", r < 0 ? strerror(errno) : "truncated");
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

int store_cursor_next(struct store_cursor *c, struct sample *out, struct hp_error *err)
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
    if (c->rlim - c->rpos < sizeof out->time)
        return damaged(err);
    memcpy(&out->time, c->rbuf + c->rpos, sizeof out->time);
    c->rpos += sizeof out->time;
    uint64_t count;
    /* Every record takes at least two bytes. */
    size_t left = (c->rlim - c->rpos) + (g->fd >= 0 ? g->len - c->src_pos : 0);
    if (get_varint(c->rbuf, &c->rpos, c->rlim, &count) < 0 || count > UINT32_MAX ||
        count > left / 2)
        return damaged(err);
    if (count > c->entries_cap) {
        c->entries_cap = (size_t)count;
        c->entries = xreallocarray(c->entries, c->entries_cap, sizeof *c->entries);
    }
    /* The position in locals: the compiler cannot keep c->rpos in a
     * register across the stores into entries. */
    const unsigned char *b = c->rbuf;
    size_t pos = c->rpos, lim = c->rlim;
    struct sample_entry *e = c->entries;
    int64_t expected = 0;
    for (size_t i = 0; i < count; i++) {
        if (lim - pos < RECORD_MAX) {
            c->rpos = pos;
            if (refill(c, RECORD_MAX, err) < 0)
                return -1;
            b = c->rbuf;
            pos = c->rpos;
            lim = c->rlim;
        }
        uint64_t code, value;
        if (get_varint(b, &pos, lim, &code) < 0 || code >> 34 ||
            get_varint(b, &pos, lim, &value) < 0) {
            c->rpos = pos;
            return damaged(err);
        }
        int64_t id = name_decode(code, expected);
        if (id < 0 || id > (int64_t)UINT32_MAX) {
            c->rpos = pos;
            return damaged(err);
        }
        e[i].name = (uint32_t)id;
        e[i].value = (int64_t)value;
        expected = id + 1;
    }
    c->rpos = pos;
    c->replayed++;
    if (g->remap && remap_names(g, e, (size_t)count, err) < 0)
        return -1;
    out->entry = c->entries;
    out->n = (size_t)count;
    return 1;
}

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
 */
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STORE_MEMORY (1u << 20)
#define STORE_BLOCK (1u << 17)
#define VARINT_MAX 10                     /* bytes of a 64-bit varint */
#define HEADER_MAX (8 + 5)                /* time, count (32 bits) */
#define RECORD_MAX (5 + VARINT_MAX)       /* name (33-bit zigzag), value */

struct store {
    unsigned char *mem;   /* the log while it is small; NULL once spilled */
    size_t mem_cap;
    size_t len;           /* bytes in the log */
    int fd;               /* the temporary file, or -1 */
    unsigned char *block; /* write buffer, then read buffer */
    size_t block_len;     /* bytes pending (write) or valid (read) */
    size_t count;         /* samples appended */
};

struct store *store_new(void)
{
    struct store *s = xcalloc(1, sizeof *s);
    s->fd = -1;
    s->mem_cap = 1u << 16;
    s->mem = xmalloc(s->mem_cap);
    return s;
}

void store_free(struct store *s)
{
    if (!s)
        return;
    if (s->fd >= 0)
        close(s->fd);
    free(s->mem);
    free(s->block);
    free(s);
}

size_t store_count(const struct store *s)
{
    return s->count;
}

size_t store_bytes(const struct store *s)
{
    return s->len;
}

bool store_spilled(const struct store *s)
{
    return s->fd >= 0;
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

static int write_all(int fd, const unsigned char *p, size_t n, struct hp_error *err)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return hp_fail(err, "cannot write a temporary file: %s",
                           w < 0 ? strerror(errno) : "short write");
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int spill(struct store *s, struct hp_error *err)
{
    int fd = hp_anonymous_file();
    if (fd < 0) {
        const char *dir = getenv("TMPDIR");
        return hp_fail(err, "cannot create a temporary file in %s: %s",
                       dir && *dir ? dir : "/tmp", strerror(errno));
    }
    s->fd = fd;
    s->block = xmalloc(STORE_BLOCK);
    s->block_len = 0;
    int rc = write_all(fd, s->mem, s->len, err);
    free(s->mem);
    s->mem = NULL;
    return rc;
}

/* Room for at least need more bytes of log: *room bytes at the returned
 * pointer.  Spills the log or writes out the block on the way; NULL on an
 * I/O error. */
static unsigned char *reserve(struct store *s, size_t need, size_t *room, struct hp_error *err)
{
    if (s->fd < 0 && s->len + need > STORE_MEMORY && spill(s, err) < 0)
        return NULL;
    if (s->fd < 0) {
        if (s->len + need > s->mem_cap) {
            while (s->mem_cap < s->len + need)
                s->mem_cap *= 2;
            if (s->mem_cap > STORE_MEMORY)
                s->mem_cap = STORE_MEMORY;
            s->mem = xrealloc(s->mem, s->mem_cap);
        }
        *room = s->mem_cap - s->len;
        return s->mem + s->len;
    }
    if (s->block_len + need > STORE_BLOCK) {
        if (write_all(s->fd, s->block, s->block_len, err) < 0)
            return NULL;
        s->block_len = 0;
    }
    *room = STORE_BLOCK - s->block_len;
    return s->block + s->block_len;
}

/* n bytes were written where reserve pointed. */
static void commit(struct store *s, size_t n)
{
    s->len += n;
    if (s->fd >= 0)
        s->block_len += n;
}

int store_append(struct store *s, double time, const struct sample_entry *e, size_t n,
                 struct hp_error *err)
{
    size_t room;
    unsigned char *o = reserve(s, HEADER_MAX, &room, err);
    if (!o)
        return -1;
    memcpy(o, &time, sizeof time);
    commit(s, sizeof time + put_varint(o + sizeof time, (uint64_t)(uint32_t)n));

    int64_t expected = 0;
    size_t i = 0;
    while (i < n) {
        o = reserve(s, RECORD_MAX, &room, err);
        if (!o)
            return -1;
        /* Whole records while a worst-case one still fits. */
        size_t used = 0;
        for (; i < n && room - used >= RECORD_MAX; i++) {
            used += put_varint(o + used, name_code(e[i].name, expected));
            used += put_varint(o + used, (uint64_t)e[i].value);
            expected = (int64_t)e[i].name + 1;
        }
        commit(s, used);
    }
    s->count++;
    return 0;
}

/* ---- replay ---- */

/* A cursor reads the log as one byte stream: the part already written to
 * the temporary file (read with pread, so that any number of cursors, and
 * the store itself, share the descriptor without sharing an offset), then
 * the part still in the store's write block.  So a store is never flushed
 * for reading, and reading never changes it. */
struct store_cursor {
    const struct store *s;
    unsigned char *buf;        /* the cursor's own block, once the log is in a file */
    const unsigned char *rbuf; /* the log in memory, or buf */
    size_t rpos, rlim;         /* rbuf[rpos..rlim) not yet decoded */
    size_t src_pos;            /* bytes of the log copied into buf so far */
    size_t replayed;           /* samples returned */
    struct sample_entry *entries;
    size_t entries_cap;
};

struct store_cursor *store_cursor_new(const struct store *s)
{
    struct store_cursor *c = xcalloc(1, sizeof *c);
    c->s = s;
    if (s && s->fd >= 0) {
        c->buf = xmalloc(STORE_BLOCK);
        c->rbuf = c->buf;
    }
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

/* Copy up to want bytes of the log from byte src into dst. */
static int read_log(const struct store *s, unsigned char *dst, size_t src, size_t want,
                    size_t *got, struct hp_error *err)
{
    size_t in_file = s->len - s->block_len;
    if (src >= in_file) {
        *got = want < s->len - src ? want : s->len - src;
        memcpy(dst, s->block + (src - in_file), *got);
        return 0;
    }
    if (want > in_file - src)
        want = in_file - src;
    for (;;) {
        ssize_t r = pread(s->fd, dst, want, (off_t)src);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return hp_fail(err, "cannot read a temporary file: %s", r < 0 ? strerror(errno) : "truncated");
        *got = (size_t)r;
        return 0;
    }
}

/* Make at least need bytes readable at rbuf + rpos, or every byte the log
 * has left when that is fewer. */
static int refill(struct store_cursor *c, size_t need, struct hp_error *err)
{
    const struct store *s = c->s;
    if (!c->buf) { /* in memory: the whole log is there */
        c->rbuf = s->mem;
        c->rlim = s->len;
        return 0;
    }
    if (c->rlim - c->rpos >= need || c->src_pos == s->len)
        return 0;
    size_t keep = c->rlim - c->rpos;
    memmove(c->buf, c->buf + c->rpos, keep);
    c->rpos = 0;
    c->rlim = keep;
    while (c->rlim < STORE_BLOCK && c->src_pos < s->len) {
        size_t got = 0;
        if (read_log(s, c->buf + c->rlim, c->src_pos, STORE_BLOCK - c->rlim, &got, err) < 0)
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

int store_cursor_next(struct store_cursor *c, struct sample *out, struct hp_error *err)
{
    const struct store *s = c->s;
    if (!s || c->replayed >= s->count)
        return 0;
    if (refill(c, HEADER_MAX, err) < 0)
        return -1;
    if (c->rlim - c->rpos < sizeof out->time)
        return damaged(err);
    memcpy(&out->time, c->rbuf + c->rpos, sizeof out->time);
    c->rpos += sizeof out->time;
    uint64_t count;
    /* Every record takes at least two bytes. */
    size_t left = (c->rlim - c->rpos) + (c->buf ? s->len - c->src_pos : 0);
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
    out->entry = c->entries;
    out->n = (size_t)count;
    return 1;
}

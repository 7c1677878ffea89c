/* store.c: see store.h.
 *
 * Layout of the log: per sample, a header (double time, uint32 count) and
 * count records (uint32 name, int64 value), packed with memcpy so there is
 * no padding and no alignment trouble.  The first STORE_MEMORY bytes live
 * in memory; past that everything moves to an unlinked temporary file
 * (page cache, not our resident memory), written and read in blocks.
 * Records are packed straight into the block (or the memory log) and
 * unpacked straight out of it; only a record that straddles two blocks
 * takes the slow way.
 */
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STORE_MEMORY (1u << 20)
#define STORE_BLOCK (1u << 17)
#define HEADER_SIZE (sizeof(double) + sizeof(uint32_t))
#define RECORD_SIZE (sizeof(uint32_t) + sizeof(int64_t))

struct store {
    unsigned char *mem;   /* the log while it is small; NULL once spilled */
    size_t mem_cap;
    size_t len;           /* bytes in the log */
    int fd;               /* the temporary file, or -1 */
    unsigned char *block; /* write buffer, then read buffer */
    size_t block_len;     /* bytes pending (write) or valid (read) */
    size_t block_pos;     /* read position in block */
    size_t read_pos;      /* read position in the log */
    size_t count;
    struct sample_entry *entries;
    size_t entries_cap;
};

struct store *store_new(void)
{
    struct store *s = xcalloc(1, sizeof *s);
    s->fd = -1;
    s->mem_cap = STORE_BLOCK;
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
    free(s->entries);
    free(s);
}

size_t store_count(const struct store *s)
{
    return s->count;
}

static int write_all(int fd, const unsigned char *p, size_t n, struct hp_error *err)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return hp_fail(err, "temporary file: %s", w < 0 ? strerror(errno) : "short write");
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int spill(struct store *s, struct hp_error *err)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    size_t n = strlen(dir) + 32;
    char *path = xmalloc(n);
    snprintf(path, n, "%s/hp2ps-store-XXXXXX", dir);
    int fd = mkstemp(path);
    if (fd < 0) {
        int e = errno;
        free(path);
        return hp_fail(err, "cannot create a temporary file in %s: %s", dir, strerror(e));
    }
    unlink(path);
    free(path);
    s->fd = fd;
    s->block = xmalloc(STORE_BLOCK);
    s->block_len = 0;
    int rc = write_all(fd, s->mem, s->len, err);
    free(s->mem);
    s->mem = NULL;
    return rc;
}

static int append_bytes(struct store *s, const void *p, size_t n, struct hp_error *err)
{
    if (s->fd < 0 && s->len + n > STORE_MEMORY && spill(s, err) < 0)
        return -1;
    if (s->fd < 0) {
        if (s->len + n > s->mem_cap) {
            while (s->mem_cap < s->len + n)
                s->mem_cap *= 2;
            s->mem = xrealloc(s->mem, s->mem_cap);
        }
        memcpy(s->mem + s->len, p, n);
    } else {
        if (s->block_len + n > STORE_BLOCK) {
            if (write_all(s->fd, s->block, s->block_len, err) < 0)
                return -1;
            s->block_len = 0;
        }
        memcpy(s->block + s->block_len, p, n);
        s->block_len += n;
    }
    s->len += n;
    return 0;
}

static void pack_record(unsigned char *o, const struct sample_entry *e)
{
    memcpy(o, &e->name, sizeof e->name);
    memcpy(o + sizeof e->name, &e->value, sizeof e->value);
}

static void unpack_record(struct sample_entry *e, const unsigned char *r)
{
    memcpy(&e->name, r, sizeof e->name);
    memcpy(&e->value, r + sizeof e->name, sizeof e->value);
}

int store_append(struct store *s, double time, const struct sample_entry *e, size_t n,
                 struct hp_error *err)
{
    unsigned char header[HEADER_SIZE];
    uint32_t count = (uint32_t)n;
    memcpy(header, &time, sizeof time);
    memcpy(header + sizeof time, &count, sizeof count);
    if (append_bytes(s, header, sizeof header, err) < 0)
        return -1;
    size_t i = 0;
    while (i < n) {
        /* As many whole records as fit where the log is being written. */
        unsigned char *o;
        size_t room;
        if (s->fd < 0 && s->len + RECORD_SIZE <= STORE_MEMORY) {
            size_t want = (n - i) * RECORD_SIZE;
            if (want > STORE_MEMORY - s->len)
                want = STORE_MEMORY - s->len;
            if (s->len + want > s->mem_cap) {
                while (s->mem_cap < s->len + want)
                    s->mem_cap *= 2;
                s->mem = xrealloc(s->mem, s->mem_cap);
            }
            o = s->mem + s->len;
            room = want / RECORD_SIZE;
        } else if (s->fd >= 0 && s->block_len + RECORD_SIZE <= STORE_BLOCK) {
            o = s->block + s->block_len;
            room = (STORE_BLOCK - s->block_len) / RECORD_SIZE;
        } else {
            /* Spill, or flush the block, on the way. */
            unsigned char rec[RECORD_SIZE];
            pack_record(rec, &e[i++]);
            if (append_bytes(s, rec, sizeof rec, err) < 0)
                return -1;
            continue;
        }
        size_t k = n - i < room ? n - i : room;
        for (size_t j = 0; j < k; j++)
            pack_record(o + j * RECORD_SIZE, &e[i + j]);
        i += k;
        if (s->fd < 0)
            s->len += k * RECORD_SIZE;
        else {
            s->block_len += k * RECORD_SIZE;
            s->len += k * RECORD_SIZE;
        }
    }
    s->count++;
    return 0;
}

int store_rewind(struct store *s, struct hp_error *err)
{
    s->read_pos = 0;
    if (s->fd >= 0) {
        /* Flush what is still buffered, then use the block for reading. */
        if (s->block_len && write_all(s->fd, s->block, s->block_len, err) < 0)
            return -1;
        if (lseek(s->fd, 0, SEEK_SET) < 0)
            return hp_fail(err, "temporary file: %s", strerror(errno));
        s->block_len = 0;
        s->block_pos = 0;
    }
    return 0;
}

/* Copy the next n bytes of the log to out. */
static int read_bytes(struct store *s, void *out, size_t n, struct hp_error *err)
{
    unsigned char *o = out;
    if (s->read_pos + n > s->len)
        return hp_fail(err, "temporary file: truncated");
    if (s->fd < 0) {
        memcpy(o, s->mem + s->read_pos, n);
        s->read_pos += n;
        return 0;
    }
    while (n) {
        if (s->block_pos == s->block_len) {
            ssize_t r = read(s->fd, s->block, STORE_BLOCK);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                return hp_fail(err, "temporary file: %s", r < 0 ? strerror(errno) : "truncated");
            s->block_len = (size_t)r;
            s->block_pos = 0;
        }
        size_t k = s->block_len - s->block_pos;
        if (k > n)
            k = n;
        memcpy(o, s->block + s->block_pos, k);
        s->block_pos += k;
        s->read_pos += k;
        o += k;
        n -= k;
    }
    return 0;
}

int store_next(struct store *s, double *time, const struct sample_entry **entries,
               size_t *n, struct hp_error *err)
{
    if (s->read_pos >= s->len)
        return 0;
    unsigned char header[HEADER_SIZE];
    uint32_t count;
    if (read_bytes(s, header, sizeof header, err) < 0)
        return -1;
    memcpy(time, header, sizeof *time);
    memcpy(&count, header + sizeof *time, sizeof count);
    if (count > s->entries_cap) {
        s->entries_cap = count;
        s->entries = xreallocarray(s->entries, s->entries_cap, sizeof *s->entries);
    }
    if ((size_t)count * RECORD_SIZE > s->len - s->read_pos)
        return hp_fail(err, "temporary file: truncated");
    uint32_t i = 0;
    while (i < count) {
        /* The whole records that are at hand, then one the slow way. */
        const unsigned char *r;
        size_t k;
        if (s->fd < 0) {
            r = s->mem + s->read_pos;
            k = count - i;
        } else {
            r = s->block + s->block_pos;
            k = (s->block_len - s->block_pos) / RECORD_SIZE;
            if (k > count - i)
                k = count - i;
        }
        for (size_t j = 0; j < k; j++)
            unpack_record(&s->entries[i + j], r + j * RECORD_SIZE);
        i += (uint32_t)k;
        s->read_pos += k * RECORD_SIZE;
        if (s->fd >= 0)
            s->block_pos += k * RECORD_SIZE;
        if (i < count) {
            unsigned char rec[RECORD_SIZE];
            if (read_bytes(s, rec, sizeof rec, err) < 0)
                return -1;
            unpack_record(&s->entries[i++], rec);
        }
    }
    *entries = s->entries;
    *n = count;
    return 1;
}

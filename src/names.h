/* SPDX-License-Identifier: BSD-3-Clause */
/* names.h: the table of band names seen in a profile.
 *
 * Each distinct name gets a dense id in order of first appearance; the
 * per-name statistics the band stage needs (total, number of data points)
 * are gathered here while the profile streams past, so no stage ever has
 * to keep the samples themselves in memory.
 */
#ifndef HP2PS_NAMES_H
#define HP2PS_NAMES_H

#include "common.h"

struct name_info {
    char *text;      /* raw bytes as in the .hp file, NUL-terminated */
    size_t len;      /* length in bytes (names never contain NUL) */
    uint64_t total;  /* sum of all its values; saturates at UINT64_MAX */
    uint64_t points; /* number of data points (a duplicate in one sample counts twice) */
};

/* One slot of the hash table. */
struct names_slot {
    uint32_t id1; /* id + 1; 0 = empty */
    uint32_t tag; /* the low 32 bits of the name's hash */
};

struct names {
    struct name_info *info; /* indexed by id, ids 0..count-1 */
    size_t count;
    size_t cap;
    struct names_slot *slots; /* open addressing, linear probing */
    size_t nslots;            /* power of two */
};

/* An empty table (allocates nothing); names_free releases every name
 * and leaves the table empty. */
void names_init(struct names *t);
void names_free(struct names *t);

/* The id of the name s[0..len), added if new. */
uint32_t names_intern(struct names *t, const char *s, size_t len);

/* Forget every name with an id of count or more (the names of a sample
 * that never ended).  O(names). */
void names_truncate(struct names *t, size_t count);

/* Give name id the text s[0..len), which no other name has.  Lookups
 * are wrong until names_reindex: rename several, then reindex once. */
void names_rename(struct names *t, uint32_t id, const char *s, size_t len);
void names_reindex(struct names *t);

/* The id of s, or -1 when the table does not hold it. */
int64_t names_find(const struct names *t, const char *s, size_t len);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* names.c: see names.h.  Open addressing with linear probing; the table
 * doubles at half load, so lookups stay O(1) for a million names.  Each
 * slot keeps the low 32 bits of its name's hash beside the id: a probe
 * reads a name's text only when those match, and doubling the table
 * never reads a text again (a million names scattered over the heap made
 * both a cache miss per slot). */
#include "names.h"

#include <stdlib.h>
#include <string.h>

/* A multiply-xorshift hash taken eight bytes at a time (the finaliser is
 * splitmix64's): a few cycles per word where FNV-1a costs a multiply per
 * byte.  Only this process ever sees the values, so the byte order of
 * the words does not matter. */
static uint64_t hash_bytes(const char *s, size_t len)
{
    const uint64_t k1 = 0xbf58476d1ce4e5b9u, k2 = 0x94d049bb133111ebu;
    uint64_t h = 0x9e3779b97f4a7c15u ^ (uint64_t)len;
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = (h ^ w) * k1;
        h ^= h >> 31;
        s += 8;
        len -= 8;
    }
    if (len) {
        uint64_t w = 0;
        memcpy(&w, s, len);
        h = (h ^ w) * k2;
        h ^= h >> 31;
    }
    h ^= h >> 30;
    h *= k1;
    h ^= h >> 27;
    h *= k2;
    h ^= h >> 31;
    return h;
}

void names_init(struct names *t)
{
    memset(t, 0, sizeof *t);
    t->nslots = 64;
    t->slots = xcalloc(t->nslots, sizeof *t->slots);
}

/* The slot a hash starts at: its low bits, which the slot keeps. */
static size_t home(uint32_t tag, size_t nslots)
{
    return (size_t)tag & (nslots - 1);
}

void names_free(struct names *t)
{
    for (size_t i = 0; i < t->count; i++)
        free(t->info[i].text);
    free(t->info);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static size_t probe(const struct names *t, const char *s, size_t len, uint32_t tag)
{
    size_t mask = t->nslots - 1;
    size_t i = home(tag, t->nslots);
    for (;;) {
        const struct names_slot *slot = &t->slots[i];
        if (slot->id1 == 0)
            return i;
        if (slot->tag == tag) {
            const struct name_info *n = &t->info[slot->id1 - 1];
            if (n->len == len && memcmp(n->text, s, len) == 0)
                return i;
        }
        i = (i + 1) & mask;
    }
}

/* Rebuild the slots in a table of nslots, from the slots alone. */
static void rehash(struct names *t, size_t nslots)
{
    struct names_slot *slots = xcalloc(nslots, sizeof *slots);
    for (size_t k = 0; k < t->nslots; k++) {
        struct names_slot old = t->slots[k];
        if (old.id1 == 0 || old.id1 > t->count)
            continue; /* empty, or a name names_truncate forgot */
        size_t i = home(old.tag, nslots);
        while (slots[i].id1)
            i = (i + 1) & (nslots - 1);
        slots[i] = old;
    }
    free(t->slots);
    t->slots = slots;
    t->nslots = nslots;
}

void names_truncate(struct names *t, size_t count)
{
    if (count >= t->count)
        return;
    for (size_t id = count; id < t->count; id++)
        free(t->info[id].text);
    t->count = count;
    rehash(t, t->nslots);
}

uint32_t names_intern(struct names *t, const char *s, size_t len)
{
    uint32_t tag = (uint32_t)hash_bytes(s, len);
    size_t i = probe(t, s, len, tag);
    if (t->slots[i].id1)
        return t->slots[i].id1 - 1;
    if (t->count + 1 > t->nslots / 2) {
        rehash(t, t->nslots * 2);
        i = probe(t, s, len, tag);
    }
    if (t->count == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 64;
        t->info = xreallocarray(t->info, t->cap, sizeof *t->info);
    }
    struct name_info *n = &t->info[t->count];
    memset(n, 0, sizeof *n);
    n->text = xmemdup0(s, len);
    n->len = len;
    t->slots[i] = (struct names_slot){ (uint32_t)(t->count + 1), tag };
    return (uint32_t)t->count++;
}

void names_rename(struct names *t, uint32_t id, const char *s, size_t len)
{
    struct name_info *n = &t->info[id];
    free(n->text);
    n->text = xmemdup0(s, len);
    n->len = len;
}

void names_reindex(struct names *t)
{
    memset(t->slots, 0, t->nslots * sizeof *t->slots);
    for (size_t id = 0; id < t->count; id++) {
        const struct name_info *n = &t->info[id];
        uint32_t tag = (uint32_t)hash_bytes(n->text, n->len);
        size_t i = probe(t, n->text, n->len, tag);
        t->slots[i] = (struct names_slot){ (uint32_t)(id + 1), tag };
    }
}

int64_t names_find(const struct names *t, const char *s, size_t len)
{
    if (!t->slots)
        return -1;
    size_t i = probe(t, s, len, (uint32_t)hash_bytes(s, len));
    return t->slots[i].id1 ? (int64_t)t->slots[i].id1 - 1 : -1;
}

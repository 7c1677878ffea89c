/* SPDX-License-Identifier: BSD-3-Clause */
/* store.h: the completed samples of a profile, kept for a replay.
 *
 * The band stage can only choose the bands (trace elimination, order,
 * OTHER) once every total is known, and the drawing needs the samples
 * again after that.  Reading the input twice is impossible for a pipe, and
 * keeping the samples as structs costs memory in proportion to the file.
 * So the parser appends each completed sample here in a compact binary
 * form, small profiles stay in memory, large ones spill to an unlinked
 * temporary file, and later stages replay it as often as they need.
 *
 * Why the drawing's columns are not built while the input is read,
 * without this replay: which whole samples a column keeps (series.h: its
 * first, last, lowest and highest) depends on the stack's total, the sum
 * of the names drawn, and which names are drawn depends on every name's
 * total (-t drops the smallest that together make under 1 % of the
 * profile; --sort and -m order and merge them), which is known only at
 * the end; and the columns cut the time from the first sample to the
 * last, which a pipe does not tell before its end either.  A sample kept
 * by the total of every name would be another sample wherever the names
 * -t drops are not spread evenly: another picture.  The exports need
 * every sample exactly.  So the store stays; what was on the critical
 * path is now cheaper: the records decode with one load and a mask
 * (store.c), and a replay whose caller does much with each sample (an
 * export, the sparse stack) is decoded ahead on a thread of its own
 * (store_cursor_new_ahead).
 */
#ifndef HP2PS_STORE_H
#define HP2PS_STORE_H

#include "common.h"

/* One data line of a sample: name id and its value (never negative). */
struct sample_entry {
    uint32_t name;
    int64_t value;
};

struct store;

/* An empty store in memory; aborts like xmalloc when memory is out.  The
 * caller owns it: store_free (NULL is harmless) closes a spilled file. */
struct store *store_new(void);
void store_free(struct store *s);

/* The same, but writing to its temporary file from the first sample,
 * through a small buffer: for the parts of a large input read on threads
 * (read/hp.c), which are held until the main store adopts them. */
struct store *store_new_spooled(void);

/* Append one completed sample.  Entries may repeat a name (the values then
 * add up, as in GHC's hp2ps).  Fails only on a temporary-file I/O error. */
int store_append(struct store *s, double time, const struct sample_entry *e, size_t n,
                 struct hp_error *err);

/* Move every sample of from to the end of s, and free from: the samples
 * a part of the input read on a thread of its own put in a store of their
 * own (read/hp.c).  remap[0..nremap) turns from's name ids into s's; the
 * samples keep their log and are mapped as they are replayed.  Later
 * appends to s go after them. */
void store_adopt(struct store *s, struct store *from, const uint32_t *remap, size_t nremap);

/* Number of samples appended so far. */
size_t store_count(const struct store *s);

/* Bytes in the logs, and whether one has moved to a temporary file (for
 * tests and measurements). */
size_t store_bytes(const struct store *s);
bool store_spilled(const struct store *s);

/* Bytes of memory its logs hold: those still in memory, and the write
 * blocks of those in a file (a retired log's is written out and freed
 * when the store moves on to another log, store_adopt).  For tests and
 * measurements. */
size_t store_memory(const struct store *s);

/* How many logs it holds: 1, and 1 more for each store adopted and each
 * run of appends after one. */
size_t store_segments(const struct store *s);

/* One sample as a cursor returns it: entry[0..n) stay valid until the
 * cursor's next call. */
struct sample {
    double time;
    const struct sample_entry *entry;
    size_t n;
};

/* Replay.  A cursor reads the samples from the first, and never changes
 * the store, so any number may read one store (each owns a buffer of at
 * most 128 KiB); the store must not be appended to while a cursor is in
 * use.  store_cursor_next returns 1 with the next sample in *out, 0 after
 * the last, -1 with err set on an I/O error of the temporary file.  The
 * caller owns the cursor: store_cursor_free (NULL is harmless). */
struct store_cursor;
struct store_cursor *store_cursor_new(const struct store *s); /* s NULL: no samples */
/* The same replay, decoded ahead by a thread of its own while the caller
 * works on the samples before (store.c, "replay decoded ahead"): for a
 * large store read once from start to end by a caller that does as much
 * with each sample as the decoding costs (an export): with less, the
 * handing over costs more than it saves (series.c, replay_dense).
 * The same samples in the same order; a plain cursor when the store is
 * small, there is one processor, or no thread can start. */
struct store_cursor *store_cursor_new_ahead(const struct store *s);
int store_cursor_next(struct store_cursor *c, struct sample *out, struct hp_error *err);
void store_cursor_free(struct store_cursor *c);

/* A grouping of the names: group_of_name[id] is name id's group, 0 to
 * ngroups - 1, or -1 for none (as is every id from nnames on). */
struct store_grouping {
    const int32_t *group_of_name;
    size_t nnames;
    size_t ngroups;
};

/* One sample summed by group: sum[0..ngroups) stays valid until the
 * cursor's next call. */
struct sample_sums {
    double time;
    const int64_t *sum;
    size_t first_held; /* the lowest group whose sum was held at INT64_MAX,
                          or ngroups: none was */
};

/* The next sample, as store_cursor_next would return it, with its values
 * summed by group: a value below 0 counts as 0, and a sum is held at
 * INT64_MAX.  For a replay that needs only such sums (the drawing's bands,
 * series.c): a sample with the names of the one before (nearly every
 * one) is summed as it is decoded, each value straight into its group's
 * sum, with no entry written or read again.  Returns as store_cursor_next.
 * A grouping is known by its address: gr and its table must stay as they
 * are while the cursor reads with them; calls of both kinds may follow
 * each other on one cursor. */
int store_cursor_next_sums(struct store_cursor *c, const struct store_grouping *gr,
                           struct sample_sums *out, struct hp_error *err);

#endif

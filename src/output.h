/* SPDX-License-Identifier: BSD-3-Clause */
/* output.h: files that appear whole or not at all.
 *
 * A file output is written to a temporary file in the target's directory
 * (a short name, ".hp2ps-XXXXXXXX", that fits wherever the target's name
 * fits), checked (flushed and synced), and renamed over the target only
 * when everything succeeded, so an error never leaves a half-written file
 * nor destroys the previous good one.  Several outputs (the drawing and
 * its .aux) are committed together: every one is complete before any is
 * renamed.  Standard output ("-"), a device or a FIFO cannot be renamed
 * over: what goes there is kept (in memory, past a few megabytes in an
 * unlinked temporary file) and copied there whole at commit, so a failure
 * leaves it empty.
 *
 * The temporary files of a run are listed in a small fixed table (struct
 * output_temps, owned by main.c) that a signal can empty: main.c's signal
 * thread removes them all before the process dies.
 */
#ifndef HP2PS_OUTPUT_H
#define HP2PS_OUTPUT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#include "common.h"

#define OUTPUT_TEMPS_MAX     8
#define OUTPUT_TEMP_NAME_MAX 24

/* The temporary files that exist now, each a directory and a name in it.
 * The lock is held while one is created, renamed or removed, so that the
 * table always says what is on disk. */
struct output_temps {
    pthread_mutex_t lock;
    /* -1: a free slot.  Atomic: a slot's name is written before its
     * directory, so output_temps_remove_now reads a whole name. */
    atomic_int dirfd[OUTPUT_TEMPS_MAX];
    char name[OUTPUT_TEMPS_MAX][OUTPUT_TEMP_NAME_MAX];
    /* Set while the lock is held for a change (a file created, renamed or
     * removed, and the table after it): output_temps_remove_now, which
     * cannot take the lock, waits for it to clear, or it would miss a
     * file created a moment before it was listed.  The thread making the
     * change (changer) has SIGSEGV and SIGBUS blocked meanwhile; an
     * abort() on it (a mutex gone wrong) does not wait for itself. */
    atomic_int changing;
    pthread_t changer;
};

/* An empty table with its lock ready.  Cannot fail. */
void output_temps_init(struct output_temps *t);
/* Remove every temporary file listed, and keep the table locked: no
 * output is created or committed after this.  For the signal thread, just
 * before the process ends. */
void output_temps_remove_all(struct output_temps *t);
/* The same without the lock, with async-signal-safe calls only: for the
 * handlers of a crash (SIGSEGV under a memory limit) and of a library's
 * abort() (glib's when it cannot allocate), whose thread may hold the
 * lock.  A change under way in another thread is waited for, up to a
 * second (a file system that takes longer may leave its file). */
void output_temps_remove_now(struct output_temps *t);

enum output_kind {
    OUTPUT_RENAME, /* a temporary file, renamed over the target */
    OUTPUT_COPY    /* kept, then copied to a descriptor (stdout, a device, a FIFO) */
};

struct output {
    FILE *f;    /* write here */
    char *path; /* the name given, for messages; "-" is stdout */
    enum output_kind kind;
    int error;                  /* errno of the first write that failed, or 0 */
    bool sync;                  /* --fsync: synced, and its directory after the rename */
    struct output_temps *temps; /* where the temporary file is listed (may be NULL) */
    /* OUTPUT_RENAME */
    int dirfd; /* the target's directory */
    int tmp_fd;
    int slot; /* in temps, or -1 */
    char tmp_name[OUTPUT_TEMP_NAME_MAX];
    char *target_name; /* the last component of the target: path, or the
                              * file a symbolic link at path leads to */
    /* OUTPUT_COPY */
    int dest_fd;
    bool own_dest; /* dest_fd is ours to close (not stdout) */
    char *mem;     /* what was written, up to the spill */
    size_t len, cap;
    int spill_fd; /* an unlinked temporary file past OUTPUT_MEMORY_MAX, or -1 */
};

/* Open path for writing: 0, or -1 with err set and nothing left on disk
 * (o needs no abort then).  Refuses to write over the file protect_path
 * names (the input), if given.  A symbolic link is written through, also
 * one that leads to no file yet (the file it names is created or
 * replaced, the link stays), as a plain open would; but not one the
 * kernel's protected_symlinks would not follow (another user's link in a
 * sticky, world-writable directory), which is refused whatever the
 * sysctl says, naming the link.  temps (may be NULL) lists the temporary
 * file. */
int output_open(struct output *o, const char *path, const char *protect_path,
                struct output_temps *temps, struct hp_error *err);

/* The descriptor a path names (/dev/stdout, /dev/stderr, /dev/fd/N,
 * /proc/self/fd/N, however spelled, or a link to one: any path that
 * leads to an entry of our own descriptor directory), which output_open
 * writes as it writes "-"; -1 for any other path. */
int output_descriptor_of(const char *path);

/* Whether two paths name the same file, existing or not (same directory
 * and the same last component). */
bool output_same_path(const char *a, const char *b);

/* Commit n outputs together: each is flushed, checked and synced; only
 * when all are complete is what goes to a descriptor copied there, then
 * the files renamed into place, in order.  On failure every output not
 * yet in place is abandoned (its temporary file removed), err names the
 * first that failed with the system's reason, and -1. */
int output_commit_all(struct output *const *o, size_t n, struct hp_error *err);
/* One output alone: output_commit_all of {o}. */
int output_commit(struct output *o, struct hp_error *err);

/* Give up: remove the temporary file.  Safe after commit or a failed open,
 * and on a zeroed struct. */
void output_abort(struct output *o);

/* After a writer failed: when the cause was the output itself (a full
 * disk, a file size limit), err says so, "cannot write PATH: reason", and
 * -1; else 0 and err untouched. */
int output_write_error(const struct output *o, struct hp_error *err);

#endif

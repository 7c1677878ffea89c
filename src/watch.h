/* SPDX-License-Identifier: BSD-3-Clause */
/* watch.h: what --watch needs from the system, kept out of main.c.
 *
 * --watch redraws while a running program's profile grows: main.c loops
 * around its one run of the pipeline, and asks here whether the file has
 * changed since the last draw (its stamp: size, modification time, which
 * file) and to wait one period.  SIGINT and SIGTERM stop it at once:
 * main.c's signal thread removes the temporary files and ends the
 * process, whatever the wait.
 */
#ifndef HP2PS_WATCH_H
#define HP2PS_WATCH_H

#include <signal.h>
#include <sys/types.h>
#include <time.h>

#include "common.h"

/* Looks without a change after which --watch stops (the --help text). */
#define WATCH_IDLE_PERIODS 10

struct watch_stamp {
    bool exists; /* false when stat() failed (not created yet) */
    dev_t dev;   /* which file: a rewrite by rename is a change */
    ino_t ino;
    off_t size;
    struct timespec mtime;
};

/* The stamp of path now. */
void watch_stamp_take(struct watch_stamp *st, const char *path);

/* Whether two stamps describe the same state of the file. */
bool watch_stamp_same(const struct watch_stamp *a, const struct watch_stamp *b);

/* Sleep seconds, a twentieth of a second at a time at most, returning
 * early once *stop is set. */
void watch_sleep(double seconds, const volatile sig_atomic_t *stop);

#endif

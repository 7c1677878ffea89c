/* SPDX-License-Identifier: BSD-3-Clause */
/* watch.c: see watch.h.  --watch. */
#include "watch.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

/* The longest single sleep: how late a stop request can be noticed. */
#define WATCH_STEP 0.05

void watch_stamp_take(struct watch_stamp *st, const char *path)
{
    memset(st, 0, sizeof *st);
    struct stat sb;
    if (stat(path, &sb) != 0)
        return;
    st->exists = true;
    st->dev = sb.st_dev;
    st->ino = sb.st_ino;
    st->size = sb.st_size;
    /* POSIX 2008's st_mtim; macOS calls it st_mtimespec; else seconds. */
#if defined HAVE_STRUCT_STAT_ST_MTIM && !defined HP2PS_POSIX_ONLY
    st->mtime = sb.st_mtim;
#elif defined HAVE_STRUCT_STAT_ST_MTIMESPEC
    st->mtime = sb.st_mtimespec;
#else
    st->mtime.tv_sec = sb.st_mtime;
#endif
}

bool watch_stamp_same(const struct watch_stamp *a, const struct watch_stamp *b)
{
    if (!a->exists || !b->exists)
        return a->exists == b->exists;
    return a->dev == b->dev && a->ino == b->ino && a->size == b->size
        && a->mtime.tv_sec == b->mtime.tv_sec && a->mtime.tv_nsec == b->mtime.tv_nsec;
}

static double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void watch_sleep(double seconds, const volatile sig_atomic_t *stop)
{
    /* A deadline on the monotonic clock: a signal that cuts a step short
     * (EINTR) does not stretch or shorten the period. */
    double end = monotonic_seconds() + seconds;
    while (!*stop) {
        double left = end - monotonic_seconds();
        if (!(left > 0))
            break;
        double step = left < WATCH_STEP ? left : WATCH_STEP;
        struct timespec ts = { (time_t)step, (long)((step - (double)(time_t)step) * 1e9) };
        if (nanosleep(&ts, NULL) != 0 && errno != EINTR)
            break;
    }
}

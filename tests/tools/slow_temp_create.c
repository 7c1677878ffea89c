/* SPDX-License-Identifier: BSD-3-Clause */
/* slow_temp_create.c: LD_PRELOAD'd by tests/faults.sh.  An openat that
 * creates one of hp2ps's temporary files (".hp2ps-*") returns 200 ms late,
 * with the file made but not yet in hp2ps's table of temporary files: a
 * kill then lands in the moment a loaded machine hit one run in a few
 * hundred (a crash handler on another thread missed the file).  hp2ps
 * must still remove it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>

int openat(int dirfd, const char *path, int flags, ...)
{
    int (*real)(int, const char *, int, ...) =
        (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    int fd = real(dirfd, path, flags, mode);
    if (strncmp(path, ".hp2ps-", 7) == 0) {
        struct timespec late = { 0, 200 * 1000 * 1000 };
        nanosleep(&late, NULL);
    }
    return fd;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* tmpfile.c: tmpfile(3) for cairo's PostScript surface.
 *
 * cairo writes a PostScript page to a tmpfile() before the file itself,
 * and glibc's tmpfile ignores TMPDIR: with /tmp read-only (a container,
 * a sandbox) PS and EPS, the default format, failed where every other
 * format worked.  A symbol the program defines comes before libc's for
 * every library it loads (as tune/cairo_numbers.c's), so this one gives cairo
 * hp_anonymous_file's (in TMPDIR, else /tmp), else memory.
 *
 * A write that fails (/tmp full) moves the file to memory and goes on
 * (hp_anonymous_to_memory): cairo rewinds the file before it reads the
 * page back, and rewind's flush drops a failed write without a word, so
 * a small page went missing from a file written with exit 0.  The stream
 * is a cookie over the descriptor for that: every write is seen here.
 *
 * Linked into the program only (not libhp2ps.a): render/ps.c words the
 * failure whichever tmpfile cairo got, and counts the pages cairo wrote. */
#define _GNU_SOURCE /* memfd_create, fopencookie */
#include "common.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <stdio_ext.h>
#endif

#ifdef HAVE_FOPENCOOKIE
static ssize_t page_read(void *cookie, char *buf, size_t n)
{
    int fd = (int)(intptr_t)cookie;
    ssize_t r;
    while ((r = read(fd, buf, n)) < 0 && errno == EINTR) {
    }
    return r;
}

static ssize_t page_write(void *cookie, const char *buf, size_t n)
{
    int fd = (int)(intptr_t)cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0 && hp_anonymous_to_memory(fd, w < 0 ? errno : ENOSPC) < 0)
            return done ? (ssize_t)done : -1;
        if (w > 0)
            done += (size_t)w;
    }
    return (ssize_t)n;
}

static int page_seek(void *cookie, off64_t *at, int whence)
{
    off_t r = lseek((int)(intptr_t)cookie, (off_t)*at, whence);
    if (r < 0)
        return -1;
    *at = r;
    return 0;
}

static int page_close(void *cookie)
{
    return close((int)(intptr_t)cookie);
}

static FILE *stream(int fd)
{
    cookie_io_functions_t io = { page_read, page_write, page_seek, page_close };
    return fopencookie((void *)(intptr_t)fd, "w+b", io);
}
#else
static FILE *stream(int fd)
{
    return fdopen(fd, "w+b");
}
#endif

FILE *tmpfile(void)
{
    int fd = hp_anonymous_file();
#if defined MFD_CLOEXEC && !defined HP2PS_POSIX_ONLY
    /* A page is small: where even a TMPDIR that was chosen fails, memory,
     * so that PostScript works wherever PDF does. */
    if (fd < 0) {
        int e = errno;
        fd = memfd_create("hp2ps-ps", MFD_CLOEXEC);
        if (fd < 0)
            errno = e;
    }
#endif
    if (fd < 0)
        return NULL;
    FILE *f = stream(fd);
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
        return NULL;
    }
#ifdef __GLIBC__
    /* cairo writes a page here a few bytes at a time (258,000 fwrite
     * calls for one page at 150 MB), from one thread, the one that draws:
     * the stream's lock, taken and given back each time, is a third of
     * fwrite's instructions and guards nothing. */
    __fsetlocking(f, FSETLOCKING_BYCALLER);
#endif
    return f;
}

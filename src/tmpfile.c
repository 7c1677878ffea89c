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
 * Linked into the program only (not libhp2ps.a): render/ps.c words the
 * failure whichever tmpfile cairo got. */
#define _GNU_SOURCE /* memfd_create */
#include "common.h"

#include <errno.h>
#include <sys/mman.h>
#include <stdio.h>
#include <unistd.h>

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
    FILE *f = fdopen(fd, "w+b");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* common.c: see common.h. */
/* O_TMPFILE, memfd_create and sched_getaffinity are Linux's: each has a
 * POSIX fallback, which HP2PS_POSIX_ONLY builds on Linux to test it. */
#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <locale.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int hp_fail(struct hp_error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->text, sizeof err->text, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void hp_fatal_begin(void)
{
    static atomic_flag begun = ATOMIC_FLAG_INIT;
    if (!atomic_flag_test_and_set(&begun))
        return;
    struct timespec step = { 0, 10 * 1000 * 1000 };
    for (int waited = 0; waited < HP_FATAL_WAIT_MS; waited += 10)
        nanosleep(&step, NULL);
    _exit(1);
}

_Noreturn void hp_fatal_end(void)
{
    quick_exit(1);
}

_Noreturn void hp_out_of_memory(void)
{
    hp_fatal_begin();
    fputs("hp2ps: out of memory\n", stderr);
    hp_fatal_end();
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        hp_out_of_memory();
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        hp_out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        hp_out_of_memory();
    return q;
}

void *xreallocarray(void *p, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        hp_out_of_memory();
    return xrealloc(p, count * size);
}

char *xstrdup(const char *s)
{
    return xmemdup0(s, strlen(s));
}

char *xmemdup0(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void dot_decimal(char *s)
{
    const char *dp = localeconv()->decimal_point;
    if (!dp || !*dp || strcmp(dp, ".") == 0)
        return;
    char *p = strstr(s, dp);
    if (!p)
        return;
    size_t dplen = strlen(dp);
    *p = '.';
    memmove(p + 1, p + dplen, strlen(p + dplen) + 1);
}

bool path_extension(const char *path, char *ext, size_t size)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash))
        return false;
    size_t n = strlen(dot + 1);
    if (n == 0 || n >= size)
        return false;
    for (size_t i = 0; i <= n; i++)
        ext[i] = (char)((dot[1 + i] >= 'A' && dot[1 + i] <= 'Z') ? dot[1 + i] + 32 : dot[1 + i]);
    return true;
}

unsigned hp_processors(void)
{
#if defined CPU_COUNT && !defined HP2PS_POSIX_ONLY
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (unsigned)CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

/* hp_anonymous_file in dir. */
static int anonymous_file_in(const char *dir)
{
    int fd;
#if defined O_TMPFILE && !defined HP2PS_POSIX_ONLY
    /* No name at any moment: a signal cannot leave it behind. */
    fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
        return fd;
#endif
    size_t n = strlen(dir) + 32;
    char *path = xmalloc(n);
    snprintf(path, n, "%s/.hp2ps-XXXXXX", dir);
    fd = mkstemp(path);
    if (fd >= 0)
        unlink(path);
    int e = errno;
    free(path);
    errno = e;
    return fd;
}

int hp_anonymous_file(void)
{
    const char *dir = getenv("TMPDIR");
    bool chosen = dir && *dir;
    int fd = anonymous_file_in(chosen ? dir : "/tmp");
#if defined MFD_CLOEXEC && !defined HP2PS_POSIX_ONLY
    /* A read-only /tmp (a container, a sandbox; TMPDIR=/tmp is often
     * set) fails what every other run does: memory then, as a tmpfs /tmp
     * would be.  A TMPDIR that names no directory is a mistake to say.
     * The reason kept is the directory's. */
    if (fd < 0 && (!chosen || errno == EROFS || errno == EACCES || errno == EPERM)) {
        int e = errno;
        fd = memfd_create("hp2ps", MFD_CLOEXEC);
        if (fd < 0)
            errno = e;
    }
#endif
    return fd;
}

void hp_temp_place(char *buf, size_t size)
{
    const char *dir = getenv("TMPDIR");
    if (dir && *dir)
        snprintf(buf, size, "TMPDIR=%s", dir);
    else
        snprintf(buf, size, "/tmp (TMPDIR is not set)");
}

#if defined MFD_CLOEXEC && !defined HP2PS_POSIX_ONLY
/* Is fd a memory file already (never to be moved again)?  Every memory
 * file is on the kernel's one internal mount: a new one tells which. */
static bool in_memory(int fd)
{
    struct stat a, b;
    int probe = memfd_create("hp2ps-probe", MFD_CLOEXEC);
    bool same = probe >= 0 && fstat(fd, &a) == 0 && fstat(probe, &b) == 0 && a.st_dev == b.st_dev;
    if (probe >= 0)
        close(probe);
    return same;
}
#endif

int hp_anonymous_to_memory(int fd, int why)
{
    const char *dir = getenv("TMPDIR");
    /* A TMPDIR that was chosen and is full is the user's to hear about;
     * /tmp by default is not: memory then, as a tmpfs /tmp would be. */
    /* (not EFBIG: ulimit -f limits a file in memory as well) */
    bool space = why == ENOSPC || why == EDQUOT;
#if defined MFD_CLOEXEC && !defined HP2PS_POSIX_ONLY
    if (!space || (dir && *dir) || in_memory(fd))
        goto fail;
    off_t at = lseek(fd, 0, SEEK_CUR), size = lseek(fd, 0, SEEK_END);
    int mem = at < 0 || size < 0 ? -1 : memfd_create("hp2ps", MFD_CLOEXEC);
    if (mem < 0)
        goto fail;
    char buf[1 << 16];
    for (off_t off = 0; off < size;) {
        ssize_t n = pread(fd, buf, sizeof buf, off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || write(mem, buf, (size_t)n) != n) {
            close(mem);
            goto fail;
        }
        off += n;
    }
    /* dup3 keeps the number the caller holds; O_CLOEXEC as the file had */
    int flags = fcntl(fd, F_GETFD);
    if (lseek(mem, at, SEEK_SET) != at
        || dup3(mem, fd, flags >= 0 && (flags & FD_CLOEXEC) ? O_CLOEXEC : 0) < 0) {
        close(mem);
        goto fail;
    }
    close(mem);
    return 0;
fail:
#else
    (void)fd;
    (void)space;
    (void)dir;
#endif
    errno = why;
    return -1;
}

void warnings_add(struct hp_warnings *w, const char *fmt, ...)
{
    if (!w)
        return;
    char text[HP_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    for (size_t i = 0; i < w->n; i++) /* a run that says one thing twice says it once */
        if (strcmp(w->text[i], text) == 0)
            return;
    w->text = xreallocarray(w->text, w->n + 1, sizeof *w->text);
    w->text[w->n++] = xstrdup(text);
}

void warnings_free(struct hp_warnings *w)
{
    for (size_t i = 0; i < w->n; i++)
        free(w->text[i]);
    free(w->text);
    w->text = NULL;
    w->n = 0;
}

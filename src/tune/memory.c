/* SPDX-License-Identifier: BSD-3-Clause */
/* tune/memory.c: glibc's allocator and thread stacks set for hp2ps.
 *
 * A performance and robustness trick, in the program only, where
 * configure finds glibc's mallopt in <malloc.h> (--disable-malloc-tuning
 * leaves it out; hp2ps then runs with the C library's defaults).
 *
 * Address space, for runs under `ulimit -v`: glibc gives each thread that
 * allocates a malloc arena of its own, 64 MiB of address space reserved
 * (pango's thread, ours), and each thread a stack the size of the stack
 * limit (8 MiB, 32 MiB when unlimited).  One arena, shared, and 1 MiB
 * stacks for the threads the libraries start: a normal run then needs
 * some 40 MB instead of 130.
 *
 * Speed: glibc gives a block of 128 KiB or more a mapping of its own,
 * unmapped when freed, and hands the free top of the heap back to the
 * system; every page of the next such block then faults when first
 * touched (several microseconds each on a virtual machine).  The reading's
 * buffers, the series and cairo's page come one after another, so freed
 * memory kept in the heap is reused by the next, already touched; the
 * peak is about the same (bench/HISTORY.md: "Freed memory kept").
 *
 * What would break it: an allocator that ignores these settings (slower,
 * or more address space: the same output); a library thread that needs
 * more than 1 MiB of stack.  What notices: tests/faults.sh runs hp2ps
 * under a small `ulimit -v`; make bench's peak RSS line.
 *
 * Out of memory inside glib: when g_malloc fails, glib formats its fatal
 * message with vasprintf (Debian's fortified glib: __vasprintf_chk), which
 * fails too when the address space is full, and says so with another
 * fatal message, formatted the same way: it recurses until the stack
 * overflows (a SIGSEGV in about 1 run in 400 under `ulimit -v` 20-25 MB
 * with two runs at once, the core 1,200 frames and more of glib's
 * logging and formatting under pango's g_malloc).
 * This definition stands in for glibc's, which the dynamic linker then
 * gives glib too: a formatting that fails for want of memory ends the
 * run in one line, as xmalloc does; every other call is glibc's
 * vasprintf, the same bytes.  (The fortify flag asks for checks on %n
 * in writable formats; vasprintf makes none, and the libraries' formats
 * are constants.)  Not fortified here: a fortified vasprintf is a call
 * of __vasprintf_chk, this function. */
#undef _FORTIFY_SOURCE
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "common.h"
#include "tune/memory.h"

int __vasprintf_chk(char **result, int flag, const char *format, va_list ap);

int __vasprintf_chk(char **result, int flag, const char *format, va_list ap)
{
    (void)flag;
    int n = vasprintf(result, format, ap);
    if (n < 0 && errno == ENOMEM)
        hp_out_of_memory();
    return n;
}

void tune_memory(void)
{
#ifdef M_ARENA_MAX
    mallopt(M_ARENA_MAX, 1);
#endif
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 18))
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) == 0) {
        if (pthread_attr_setstacksize(&attr, 1 << 20) == 0)
            pthread_setattr_default_np(&attr);
        pthread_attr_destroy(&attr);
    }
#endif
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, 32 << 20); /* glibc's largest on 64-bit */
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

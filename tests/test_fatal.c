/* SPDX-License-Identifier: BSD-3-Clause */
/* test_fatal: how a run ends when memory runs out (common.h's
 * hp_fatal_end; tune/memory.c's stand-in for glib's message formatting).
 * Each case runs in a child process and is judged by what it left: its
 * status, its stderr, and which exit handlers ran.
 *
 * - xmalloc that fails: "hp2ps: out of memory", status 1, the program's
 *   at_quick_exit handler run (main.c removes the temporary files there)
 *   and not its atexit handlers, which stand here for the libraries'
 *   destructors that exit() would run under another thread's feet.
 * - (program builds with tune/memory.c) glib out of memory with the
 *   address space full: g_malloc's fatal message cannot be formatted, and
 *   glib used to recurse on that until the stack overflowed (SIGSEGV);
 *   now one line and status 1. */
#define _GNU_SOURCE
#include "check.h"
#include "common.h"

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child's stderr (and the handlers' words) go to this pipe. */
static int report_fd = -1;

static void say(const char *what)
{
    ssize_t n = write(report_fd, what, strlen(what));
    (void)n;
}

static void at_quick(void)
{
    say("[quick_exit handler]\n");
}

static void at_exit(void)
{
    say("[atexit handler]\n");
}

/* Run body in a child whose stderr is a pipe: its status, and what it
 * wrote (at most size - 1 bytes) in out. */
static int in_child(void (*body)(void), char *out, size_t size)
{
    int p[2];
    if (pipe(p) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        dup2(p[1], 2);
        report_fd = p[1];
        body();
        _exit(99); /* body returned: it should not */
    }
    close(p[1]);
    size_t got = 0;
    ssize_t n;
    while (got + 1 < size && (n = read(p[0], out + got, size - 1 - got)) > 0)
        got += (size_t)n;
    out[got] = '\0';
    close(p[0]);
    int status = -1;
    waitpid(pid, &status, 0);
    return status;
}

static void xmalloc_too_much(void)
{
    at_quick_exit(at_quick);
    atexit(at_exit);
    volatile size_t huge = SIZE_MAX / 2;
    xmalloc(huge);
}

#ifdef HP2PS_TUNE_MEMORY
/* Fill the address space under a small limit until even a small block
 * fails, then ask glib for memory. */
static void glib_with_no_memory_left(void)
{
    at_quick_exit(at_quick);
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) != 0)
        _exit(98);
    FILE *maps = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!maps || fscanf(maps, "%lu", &pages) != 1)
        _exit(98);
    fclose(maps);
    rl.rlim_cur = pages * (unsigned long)sysconf(_SC_PAGESIZE) + (16u << 20);
    if (setrlimit(RLIMIT_AS, &rl) != 0)
        _exit(98);
    for (size_t block = 1u << 20; block >= 16; block /= 2)
        while (malloc(block))
            ;
    g_malloc(1u << 20);
}
#endif

/* ASan's allocator reports a failed allocation itself and aborts, and
 * reserves terabytes of address space: what is checked here is the
 * C library's. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

int main(void)
{
#ifdef UNDER_ASAN
    puts("test_fatal: skipped under ASan");
    return 77;
#endif
    char out[4096];
    int status = in_child(xmalloc_too_much, out, sizeof out);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1);
    CHECK_STR(out, "hp2ps: out of memory\n[quick_exit handler]\n");

#ifdef HP2PS_TUNE_MEMORY
    status = in_child(glib_with_no_memory_left, out, sizeof out);
    if (!CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1))
        fprintf(stderr, "glib out of memory: %s %d\n", WIFSIGNALED(status) ? "signal" : "exit",
                WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    CHECK_STR(out, "hp2ps: out of memory\n[quick_exit handler]\n");
#endif
    return check_report();
}

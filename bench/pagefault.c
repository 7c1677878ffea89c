/* SPDX-License-Identifier: BSD-3-Clause */
/* bench/pagefault.c: what a fresh page of memory costs on this machine.
 *
 * Maps 4,000 KiB of anonymous memory and writes one byte to each page,
 * three times, and prints the microseconds per page.  On the project's
 * virtual machine a page costs some 11 us (20 to 40 under load), so a
 * block that is freed and mapped again costs far more than its copy: the
 * reason tune/memory.c keeps freed memory (tune_memory) and
 * bench/README.md counts page faults.
 *
 *   cc -O2 -o /tmp/pagefault bench/pagefault.c && /tmp/pagefault
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/mman.h>
#include <time.h>

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

int main(void)
{
    const size_t page = 4096, pages = 1000;
    for (int round = 0; round < 3; round++) {
        char *block = mmap(NULL, page * pages, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (block == MAP_FAILED) {
            perror("mmap");
            return 1;
        }
        double t0 = now_us();
        for (size_t i = 0; i < pages; i++)
            block[i * page] = 1;
        double t1 = now_us();
        printf("%.2f us a page\n", (t1 - t0) / (double)pages);
        munmap(block, page * pages);
    }
    return 0;
}

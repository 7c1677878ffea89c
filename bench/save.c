/* SPDX-License-Identifier: BSD-3-Clause */
/* save.c: what saving an output costs, as hp2ps saves one (output.c): a
 * temporary file in the target's directory, the bytes written, fsync or
 * not, renamed over the target.  For the benchmarks (bench/run.sh); not
 * part of hp2ps.
 *
 *   save DIR KBYTES RUNS
 *
 * prints, for each way (with fsync, without), the median and the 90th
 * percentile of RUNS saves of KBYTES over the same target in DIR, in ms
 * of wall time (the wait for the disk is the cost: no CPU time shows it). */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: save DIR KBYTES RUNS\n");
        return 2;
    }
    const char *dir = argv[1];
    size_t size = (size_t)atol(argv[2]) * 1024;
    int runs = atoi(argv[3]);
    if (runs < 1)
        runs = 1;
    char *data = malloc(size ? size : 1);
    double *ms = malloc((size_t)runs * sizeof *ms);
    if (!data || !ms)
        return 1;
    memset(data, 'x', size);
    char tmp[4096], target[4096];
    snprintf(tmp, sizeof tmp, "%s/.save-tmp", dir);
    snprintf(target, sizeof target, "%s/save-target.ps", dir);
    for (int sync = 1; sync >= 0; sync--) {
        for (int r = 0; r < runs; r++) {
            double t0 = now_ms();
            int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0 || write(fd, data, size) != (ssize_t)size || (sync && fsync(fd) != 0) ||
                close(fd) != 0 || rename(tmp, target) != 0) {
                perror(dir);
                return 1;
            }
            ms[r] = now_ms() - t0;
        }
        qsort(ms, (size_t)runs, sizeof *ms, by_value);
        printf("%s\t%s\t%.2f\t%.2f\n", dir, sync ? "fsync" : "no fsync", ms[runs / 2],
               ms[(runs * 9) / 10]);
    }
    unlink(target);
    free(data);
    free(ms);
    return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* libs.c: what loading each shared library costs, for the benchmarks
 * (bench/run.sh's startup table); not part of hp2ps.
 *
 *   libs N LIB...
 *
 * loads the first N of the libraries named, in that order (each with
 * RTLD_NOW, as the libraries hp2ps links are bound: their relocations and
 * their constructors), and exits.  Named in the order the dynamic
 * linker initialises hp2ps's (LD_DEBUG=files: each after those it needs),
 * each one loads only itself, so the instructions of N less those of N - 1
 * (callgrind) are the N-th library's own cost. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: libs N LIB...\n");
        return 2;
    }
    int n = atoi(argv[1]);
    for (int i = 0; i < n && i + 2 < argc; i++)
        if (!dlopen(argv[i + 2], RTLD_NOW | RTLD_GLOBAL)) {
            fprintf(stderr, "libs: %s\n", dlerror());
            return 1;
        }
    return 0;
}

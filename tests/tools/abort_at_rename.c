/* SPDX-License-Identifier: BSD-3-Clause */
/* abort_at_rename.c: LD_PRELOAD'd by tests/faults.sh.  A library that
 * gives up with abort() while an output's temporary file exists, as glib
 * does when it cannot allocate: here at the rename that would commit the
 * output, so that the file certainly exists.  hp2ps must remove it
 * (main.c, on_abort) and still end by SIGABRT. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

int renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath)
{
    (void)olddirfd;
    (void)oldpath;
    (void)newdirfd;
    (void)newpath;
    abort();
}

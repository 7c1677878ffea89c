/* SPDX-License-Identifier: BSD-3-Clause */
/* tune/memory.h: the allocator and thread stacks set for hp2ps
 * (tune/memory.c), once, before any thread starts.  Only in a build
 * configured with malloc tuning (HP2PS_TUNE_MEMORY). */
#ifndef HP2PS_TUNE_MEMORY_H
#define HP2PS_TUNE_MEMORY_H

/* One malloc arena, freed memory kept, 1 MiB stacks for the threads the
 * libraries start: called once, before any thread exists. */
void tune_memory(void);

#endif

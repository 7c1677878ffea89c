/* SPDX-License-Identifier: BSD-3-Clause */
/* render/canvas.c: white memory for a PNG (render/png.c's alone).
 *
 * The memory is mapped directly, aligned to and rounded up to whole huge
 * pages (2 MB), and the kernel is asked for huge pages (Linux's
 * transparent huge pages): in 4 KB pages an A4 page's pixels cost a page
 * fault every 4 KB (bench/HISTORY.md: what one costs).  Elsewhere, or when the kernel
 * has none, the same memory comes in small pages.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include "render/canvas.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "common.h"

#define HUGE_PAGE ((size_t)2 << 20)

static size_t round_up(size_t n, size_t unit)
{
    return (n + unit - 1) / unit * unit;
}

/* size bytes at an address that is a multiple of HUGE_PAGE, or NULL.
 * Without anonymous mappings (HP2PS_POSIX_ONLY tests it): C11's
 * aligned_alloc. */
#if defined MAP_ANONYMOUS && !defined HP2PS_POSIX_ONLY
#define CANVAS_MAPPED 1
static void *map_aligned(size_t size)
{
    size_t extra = size + HUGE_PAGE;
    unsigned char *p =
        mmap(NULL, extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    size_t head = round_up((size_t)(uintptr_t)p, HUGE_PAGE) - (size_t)(uintptr_t)p;
    if (head)
        munmap(p, head);
    if (extra - head - size)
        munmap(p + head + size, extra - head - size);
    return p + head;
}
#else
static void *map_aligned(size_t size)
{
    return aligned_alloc(HUGE_PAGE, size); /* size is a multiple of HUGE_PAGE */
}
#endif

static struct canvas *canvas_map(size_t bytes)
{
    size_t size = round_up(bytes ? bytes : 1, HUGE_PAGE);
    unsigned char *data = map_aligned(size);
    if (!data)
        return NULL;
#if defined MADV_HUGEPAGE && defined CANVAS_MAPPED
    madvise(data, size, MADV_HUGEPAGE); /* a hint; may be refused */
#endif
    struct canvas *c = xmalloc(sizeof *c);
    c->data = data;
    c->size = size;
    return c;
}

struct canvas *canvas_new(size_t bytes)
{
    struct canvas *c = canvas_map(bytes);
    if (c) /* white is what cairo_paint would make it: every byte 0xff */
        memset(c->data, 0xff, bytes);
    return c;
}

void canvas_free(struct canvas *c)
{
    if (!c)
        return;
#ifdef CANVAS_MAPPED
    munmap(c->data, c->size);
#else
    free(c->data);
#endif
    free(c);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* canvas.c: white memory for a PNG, filled on a thread of its own.
 *
 * The memory is mapped directly, aligned to and rounded up to whole huge
 * pages (2 MB), and the kernel is asked for huge pages (Linux's
 * transparent huge pages): in 4 KB pages the 8.7 MB of an A4 page cost
 * over 2,000 page faults, 2 ms more a run.  Elsewhere, or when the kernel
 * has none, the same memory comes in small pages.
 *
 * The filling goes a huge page at a time, taken in turn by whichever
 * thread asks first: canvas_take lowers the end to what the page needs
 * and fills what is left beside the thread, so a guess too large costs
 * nothing past the point the page is known, and a thread still at work
 * then is helped, not waited for.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include "render/canvas.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "common.h"

#define HUGE_PAGE ((size_t)2 << 20)

struct canvas_fill {
    pthread_mutex_t lock;
    size_t next; /* the first byte nobody has begun to fill */
    size_t end;  /* fill up to here */
    pthread_t thread;
    bool threaded;
};

static size_t round_up(size_t n, size_t unit)
{
    return (n + unit - 1) / unit * unit;
}

/* size bytes at an address that is a multiple of HUGE_PAGE, or NULL. */
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

static struct canvas *canvas_map(size_t bytes)
{
    size_t size = round_up(bytes ? bytes : 1, HUGE_PAGE);
    unsigned char *data = map_aligned(size);
    if (!data)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(data, size, MADV_HUGEPAGE); /* a hint; may be refused */
#endif
    struct canvas *c = xmalloc(sizeof *c);
    c->data = data;
    c->size = size;
    c->fill = xmalloc(sizeof *c->fill);
    pthread_mutex_init(&c->fill->lock, NULL);
    c->fill->next = 0;
    c->fill->end = bytes;
    c->fill->threaded = false;
    return c;
}

/* The next piece to fill, [*from, *to); false when none is left. */
static bool claim(struct canvas_fill *f, size_t *from, size_t *to)
{
    pthread_mutex_lock(&f->lock);
    bool some = f->next < f->end;
    if (some) {
        *from = f->next;
        *to = f->end - f->next > HUGE_PAGE ? f->next + HUGE_PAGE : f->end;
        f->next = *to;
    }
    pthread_mutex_unlock(&f->lock);
    return some;
}

/* White is what cairo_paint would make it: every byte 0xff. */
static void fill_pieces(struct canvas *c)
{
    size_t from, to;
    while (claim(c->fill, &from, &to))
        memset(c->data + from, 0xff, to - from);
}

static void *fill_thread(void *c)
{
    fill_pieces(c);
    return NULL;
}

/* No piece is begun after this; the pieces begun are finished. */
static void stop_filling(struct canvas *c, size_t end)
{
    struct canvas_fill *f = c->fill;
    pthread_mutex_lock(&f->lock);
    f->end = end;
    pthread_mutex_unlock(&f->lock);
    if (f->threaded)
        pthread_join(f->thread, NULL);
    f->threaded = false;
}

struct canvas *canvas_begin(size_t bytes)
{
    struct canvas *c = canvas_map(bytes);
    if (c)
        c->fill->threaded = pthread_create(&c->fill->thread, NULL, fill_thread, c) == 0;
    return c;
}

bool canvas_take(struct canvas *c, size_t bytes)
{
    if (bytes > c->size) {
        /* Unmapped now: the page's own memory is made next, and the two
         * would otherwise be held together until canvas_free. */
        stop_filling(c, 0);
        if (c->data)
            munmap(c->data, c->size);
        c->data = NULL;
        c->size = 0;
        return false;
    }
    struct canvas_fill *f = c->fill;
    pthread_mutex_lock(&f->lock);
    f->end = bytes; /* less, if the guess was more; more, if it was less */
    pthread_mutex_unlock(&f->lock);
    /* Pieces the thread has begun below bytes are its own; joining it
     * waits for them. */
    fill_pieces(c);
    stop_filling(c, bytes);
    return true;
}

struct canvas *canvas_new(size_t bytes)
{
    struct canvas *c = canvas_map(bytes);
    if (c)
        fill_pieces(c);
    return c;
}

void canvas_free(struct canvas *c)
{
    if (!c)
        return;
    stop_filling(c, 0);
    pthread_mutex_destroy(&c->fill->lock);
    free(c->fill);
    if (c->data)
        munmap(c->data, c->size);
    free(c);
}

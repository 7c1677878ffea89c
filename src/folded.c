/* SPDX-License-Identifier: BSD-3-Clause */
/* folded.c: see folded.h.  One walk of the tree from the root, each
 * node's frame appended to the line's prefix on the way down and taken
 * off on the way back. */
#include "folded.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct tree_format tree_format_folded = { .name = "folded", .write = folded_write };

struct remainder {
    double part;
    uint32_t node;
};

static int by_part(const void *a, const void *b)
{
    const struct remainder *x = a, *y = b;
    if (x->part != y->part)
        return x->part > y->part ? -1 : 1;
    return (x->node > y->node) - (x->node < y->node);
}

/* A window's byte-seconds as whole numbers that add up to the total
 * rounded (largest remainders); a census's exact bytes. */
static uint64_t *whole_values(const struct tree *t, size_t k)
{
    uint64_t *n = xcalloc(t->count, sizeof *n);
    if (t->census[k].kind != MOMENT_WINDOW) {
        for (size_t i = 0; i < t->count; i++)
            n[i] = (uint64_t)t->node[i].self_bytes[k];
        return n;
    }
    struct remainder *r = xreallocarray(NULL, t->count, sizeof *r);
    double sum = 0;
    size_t nr = 0;
    for (size_t i = 0; i < t->count; i++) {
        double v = t->node[i].self[k];
        if (!(v > 0))
            continue;
        double down = floor(v);
        n[i] = down < 1.8e19 ? (uint64_t)down : UINT64_MAX;
        sum += down;
        r[nr++] = (struct remainder){ v - down, (uint32_t)i };
    }
    double left = floor(t->census[k].total + 0.5) - sum;
    qsort(r, nr, sizeof *r, by_part);
    for (size_t j = 0; j < nr && left >= 1; j++, left--)
        n[r[j].node]++;
    free(r);
    return n;
}

struct line {
    char *s;
    size_t len, cap;
};

static void line_add(struct line *l, const char *s, size_t n)
{
    if (l->len + n + 1 > l->cap) {
        while (l->len + n + 1 > l->cap)
            l->cap = l->cap ? l->cap * 2 : 256;
        l->s = xrealloc(l->s, l->cap);
    }
    memcpy(l->s + l->len, s, n);
    l->len += n;
    l->s[l->len] = '\0';
}

/* The node's frame, each ';' made ',' (frames are split at ';'). */
static void frame_add(struct line *l, const struct tree_node *nd)
{
    char *text = tree_node_text(nd, true);
    for (char *c = text; *c; c++)
        if (*c == ';')
            *c = ',';
    line_add(l, text, strlen(text));
    free(text);
}

int folded_write(FILE *f, const struct tree *t, struct hp_error *err)
{
    (void)err;
    size_t np = t->nprofiles, last = np - 1;
    uint64_t *n[TREE_PROFILES] = { NULL, NULL };
    bool clipped = false;
    for (size_t k = 0; k < np; k++) {
        n[k] = whole_values(t, k);
        clipped |= t->census[k].clipped;
    }
    struct line l = { 0 };
    /* the walk: a stack of (node, the prefix's length before it) */
    struct step {
        uint32_t node;
        size_t len;
    } *stack = xreallocarray(NULL, t->count, sizeof *stack);
    uint32_t *kids = xreallocarray(NULL, t->count, sizeof *kids);
    size_t top = 0;
    size_t nroot = tree_children(t, 0, last, kids);
    for (size_t i = nroot; i-- > 0;)
        stack[top++] = (struct step){ kids[i], 0 };
    line_add(&l, "", 0);
    while (top > 0 && !ferror(f)) {
        struct step s = stack[--top];
        const struct tree_node *nd = &t->node[s.node];
        bool any = false;
        for (size_t k = 0; k < np; k++)
            any |= nd->value[k] > 0;
        if (!any) /* nothing here in any profile, nor below */
            continue;
        l.len = s.len;
        if (s.len)
            line_add(&l, ";", 1);
        frame_add(&l, nd);
        bool own = false;
        for (size_t k = 0; k < np; k++)
            own |= n[k][s.node] > 0;
        if (own) {
            fputs(l.s, f);
            for (size_t k = 0; k < np; k++)
                fprintf(f, " %" PRIu64, n[k][s.node]);
            fputc('\n', f);
        }
        size_t nk = tree_children(t, s.node, last, kids);
        size_t here = l.len;
        for (size_t i = nk; i-- > 0;)
            stack[top++] = (struct step){ kids[i], here };
    }
    free(kids);
    free(stack);
    free(l.s);
    for (size_t k = 0; k < np; k++)
        free(n[k]);
    return clipped ? 1 : 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* page/names.c: a panel's names for the page (page.h,
 * page_data_add_names).  The key lists the bands drawn; OTHER gathers
 * names and -t removes others, so a search of the bands alone misses
 * them.  Here every name that holds something gets its band's key entry
 * and triage's figures (the same figures --top prints), the largest by
 * total first, at most PAGE_NAMES_MAX of them. */
#include "page/page.h"

#include <stdlib.h>
#include <string.h>

#include "triage.h"
#include "utf8.h"

struct by_total {
    const struct profile *p;
    size_t row;           /* triage row */
    uint32_t id;
};

static int larger_first(const void *a, const void *b)
{
    const struct by_total *x = a, *y = b;
    uint64_t tx = x->p->names.info[x->id].total, ty = y->p->names.info[y->id].total;
    if (tx != ty)
        return tx > ty ? -1 : 1;
    return strcmp(x->p->names.info[x->id].text, y->p->names.info[y->id].text);
}

void page_data_add_names(struct page_data *D, size_t k, const struct profile *p,
                         const struct band_plan *bp, const struct triage *t)
{
    if (!D || k >= D->npanels || !t || !bp->band_of_name)
        return;
    struct page_data_panel *P = &D->panel[k];
    /* a name that is a band of its own is listed by the key already */
    bool merged = bp->trace_dropped > 0;
    for (size_t b = 0; b < bp->count && !merged; b++)
        merged = bp->band[b].is_other;
    if (!merged)
        return;
    struct by_total *rows = xcalloc(t->nrows ? t->nrows : 1, sizeof *rows);
    size_t n = 0;
    for (size_t r = 0; r < t->nrows; r++) {
        int64_t id = t->row[r].id;
        if (id < 0 || (size_t)id >= p->names.count || (size_t)id >= bp->nnames ||
            !t->row[r].fig.present)
            continue;
        int32_t b = bp->band_of_name[id];
        if (b < 0 && b != BAND_TRACED)
            continue; /* --include/--exclude dropped it */
        rows[n++] = (struct by_total){p, r, (uint32_t)id};
    }
    qsort(rows, n, sizeof *rows, larger_first);
    double whole = 0;
    for (size_t b = 0; b < bp->count; b++)
        whole += (double)bp->band[b].total;
    P->names_total = n;
    P->nnames = n < PAGE_NAMES_MAX ? n : PAGE_NAMES_MAX;
    P->names = xcalloc(P->nnames ? P->nnames : 1, sizeof *P->names);
    for (size_t i = 0; i < P->nnames; i++) {
        const struct triage_figures *f = &t->row[rows[i].row].fig;
        uint32_t id = rows[i].id;
        const char *raw = p->names.info[id].text;
        int32_t b = bp->band_of_name[id];
        struct page_data_name *nm = &P->names[i];
        nm->name = utf8_sanitize_lines(raw, strlen(raw));
        if (p->detail && id < p->ndetail && p->detail[id])
            nm->detail = xstrdup(p->detail[id]);
        nm->band = b >= 0 && (size_t)b < P->nbands ? (long)P->band[b] : -1;
        nm->share = whole > 0 ? (double)p->names.info[id].total / whole : 0;
        nm->peak = (double)f->peak, nm->peak_time = f->peak_time;
        nm->slope = f->slope, nm->r2 = f->r2, nm->area = f->area;
        nm->first = f->first_time, nm->last = f->last_time;
    }
    free(rows);
}

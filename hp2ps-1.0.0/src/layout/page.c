/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/page.c: see layout/page.h. */
#include "layout/page.h"

#include <stdlib.h>
#include <string.h>

#include "layout/shorten.h"
#include "utf8.h"

struct page *page_new(struct layout *L)
{
    L->page = xreallocarray(L->page, L->npages + 1, sizeof *L->page);
    struct page *pg = &L->page[L->npages++];
    memset(pg, 0, sizeof *pg);
    return pg;
}

struct prim *page_add(struct page *pg, enum prim_kind kind)
{
    if (pg->count == pg->cap) {
        pg->cap = pg->cap ? pg->cap * 2 : 64;
        pg->prim = xreallocarray(pg->prim, pg->cap, sizeof *pg->prim);
    }
    struct prim *pr = &pg->prim[pg->count++];
    memset(pr, 0, sizeof *pr);
    pr->kind = kind;
    return pr;
}

struct prim *page_path(struct page *pg, enum prim_kind kind, size_t npts, double lw)
{
    struct prim *pr = page_add(pg, kind);
    pr->npts = npts;
    pr->pts = xreallocarray(NULL, npts ? npts : 1, 2 * sizeof *pr->pts);
    pr->line_width = lw;
    return pr;
}

void page_line(struct page *pg, double x0, double y0, double x1, double y1)
{
    struct prim *pr = page_path(pg, PRIM_STROKE, 2, LINE_WIDTH);
    pr->pts[0] = x0, pr->pts[1] = y0, pr->pts[2] = x1, pr->pts[3] = y1;
}

struct prim *page_rect(struct page *pg, double x, double y, double w, double h, double lw,
                       const struct rgb *fill)
{
    struct prim *pr = page_path(pg, PRIM_POLYGON, 4, lw);
    double *p = pr->pts;
    p[0] = x, p[1] = y, p[2] = x, p[3] = y + h;
    p[4] = x + w, p[5] = y + h, p[6] = x + w, p[7] = y;
    if (fill) {
        pr->filled = true;
        pr->fill = *fill;
    }
    return pr;
}

void page_text(struct page *pg, const char *text, double x, double y, enum text_align align,
               enum font_role font, double angle)
{
    struct prim *pr = page_add(pg, PRIM_TEXT);
    pr->text = xstrdup(text);
    pr->x = x, pr->y = y, pr->align = align, pr->font = font, pr->angle = angle;
}

void page_move(struct page *to, struct page *from, double dy)
{
    for (size_t k = 0; k < from->count; k++) {
        struct prim pr = from->prim[k];
        if (pr.kind == PRIM_TEXT)
            pr.y += dy;
        else
            for (size_t i = 0; i < pr.npts; i++)
                pr.pts[2 * i + 1] += dy;
        *page_add(to, pr.kind) = pr;
    }
    free(from->prim);
    memset(from, 0, sizeof *from);
}

char *display_text(const char *raw)
{
    return utf8_display_text(raw, strlen(raw));
}

char *fitted_text(const char *raw, double max_width, enum font_role font,
                  const struct text_metrics *tm)
{
    char *clean = display_text(raw);
    char *fit = layout_ellipsize(clean, max_width, font, tm);
    free(clean);
    return fit;
}

const char *x_unit(const struct profile *p, bool plural)
{
    if (!p->x_is_index)
        return p->sample_unit;
    return plural ? "samples" : "sample";
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/icicle.c: see layout.h, layout_build_icicle.  A tree (tree.h)
 * on one page, in the frame every graph has (the box, the title box):
 * the root on top, each node under its parent, as wide as its value, its
 * children from the left, largest first; a flat tree as bars by size.
 *
 * What each node shows is what it is: a node where a band's name ends
 * takes the band's fill (and --pattern's hatch), so a name has one look
 * in the graph and here; a frame no name ends at is white; a stack's
 * unknown outer end (tree.h, NODE_CUT) is hatched across and labelled
 * "…"; with --diff the fill says the change, red rising-hatched for
 * growth, blue falling-hatched for shrinkage (greys without -c), and the
 * widths are the after's.  Siblings too narrow to see are drawn as one
 * hatched piece of their summed width, so every row still adds up to its
 * parents.  Labels are the node's text and its share (--diff: its
 * change), cut where siblings differ (shorten_each), in white on dark
 * fills.
 */
#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/frame.h"
#include "layout/shorten.h"
#include "tree.h"
#include "utf8.h"

#define MARGIN       8.0  /* the drawing inside the box */
#define ROW_MAX      16.0 /* an icicle's row, at most */
#define ROW_TWO      26.0 /* a row of two lines of text, when the tree is that shallow */
#define LINE_STEP    10.0 /* from one line's baseline to the next's */
#define ROW_TEXT     10.5 /* rows at least this tall carry labels */
#define NODE_MIN     0.2  /* siblings narrower than this are drawn as one */
#define OUTLINE_MIN  1.0  /* nodes narrower than this have no outline */
#define LABEL_MIN    10.0 /* nodes narrower than this carry no label */
#define TEXT_PAD     2.0
#define NODE_OUTLINE 0.3
#define CAP_HEIGHT   6.2  /* the axis font's digits: a label centred in its row */
#define LIST_ROW     14.0 /* a flat tree's bars */
#define LIST_BAR     9.0
#define LIST_NAMES   0.4 /* of the width, the names' column */
#define LIST_GAP     6.0
#define CHANGE_NONE  0.02 /* --diff: a change under this share of the larger value is none */

static const char ELLIPSIS[] = "\xE2\x80\xA6";
static const char TIMES[] = " \xC3\x97 ";
static const char MINUS[] = "\xE2\x88\x92";

enum { HATCH_RISING = 1, HATCH_FALLING = 2, HATCH_LEVEL = 3, HATCH_CROSSED = 5 };

struct icicle {
    const struct tree *t;
    size_t k; /* the profile drawn: the only one, or --diff's after */
    bool diff;
    const struct band_plan *bp; /* the drawn profile's bands (NULL for --diff) */
    const struct frame *f;
    const struct layout_options *o;
    const struct text_metrics *tm;
    const struct profile *p; /* the drawn profile */
    struct page *pg;
    double *size; /* per node, what its width shows: its value; --diff,
                                 * the sum of its names' changes, each counted whole */
    double x0, width, top, row, scale;
    bool fold; /* runs of single children fold into a row each */
    int lines; /* lines of text a row can hold: 1, or 2 */
};

static char *run_text(const struct icicle *ic, uint32_t first, uint32_t last, size_t frames);

/* ---- how a node looks ----------------------------------------------------------- */

static double luminance(struct rgb c)
{
    return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b;
}

static const struct rgb WHITE = { 1, 1, 1 };

/* --diff: which way a node changed, from -1 (every change below it a
 * loss) to +1 (every one a gain); 0 when they cancel. */
static double change_share(const struct icicle *ic, uint32_t n)
{
    const struct tree_node *nd = &ic->t->node[n];
    double m = ic->size[n];
    return m > 0 ? (nd->value[1] - nd->value[0]) / m : 0;
}

static void node_look(const struct icicle *ic, uint32_t n, struct rgb *fill, int *hatch)
{
    const struct tree_node *nd = &ic->t->node[n];
    *fill = WHITE;
    *hatch = 0;
    if (nd->kind == NODE_CUT) {
        *fill = palette_grey_rgb(0.95);
        *hatch = HATCH_CROSSED;
        return;
    }
    if (ic->diff) {
        double r = change_share(ic, n);
        if (fabs(r) < CHANGE_NONE)
            return;
        double a = fabs(r);
        if (!ic->o->colour)
            *fill = palette_grey_rgb(1 - 0.45 * a);
        else if (r > 0)
            *fill = (struct rgb){ 1, 1 - 0.62 * a, 1 - 0.62 * a };
        else
            *fill = (struct rgb){ 1 - 0.6 * a, 1 - 0.42 * a, 1 };
        *hatch = r > 0 ? HATCH_RISING : HATCH_FALLING;
        return;
    }
    if (nd->name[ic->k] < 0 || !(nd->self[ic->k] > 0) || !ic->bp)
        return;
    size_t name = (size_t)nd->name[ic->k];
    int32_t b = name < ic->bp->nnames ? ic->bp->band_of_name[name] : -1;
    if (b < 0) { /* -t left it out of the graph */
        *fill = palette_grey_rgb(0.93);
        return;
    }
    *fill = ic->bp->band[b].fill;
    *hatch = band_hatch(ic->f, &ic->bp->band[b]);
}

static void node_rect(const struct icicle *ic, double x, double y, double w, double h,
                      struct rgb fill, int hatch)
{
    double lw = w >= OUTLINE_MIN ? NODE_OUTLINE : 0;
    struct prim *pr = page_rect(ic->pg, x, y, w, h, lw, &fill);
    pr->hatch = hatch;
    pr->stroke = palette_grey_rgb(0.35);
}

/* ---- what a label says ---------------------------------------------------------- */

/* buf made drawable in place: the units come from the profile, any bytes
 * (utf8_display_text), cut to size at a character's end. */
static void drawable(char *buf, size_t size)
{
    char *clean = utf8_display_text(buf, strlen(buf));
    snprintf(buf, size, "%s", clean);
    utf8_trim_partial(buf);
    free(clean);
}

/* "45 %", "4.5 %", "<0.1 %". */
static void share_text(char *buf, size_t size, double part, double whole)
{
    double pct = whole > 0 ? 100 * part / whole : 0;
    if (pct >= 9.95)
        snprintf(buf, size, "%.0f %%", pct);
    else if (pct >= 0.05)
        snprintf(buf, size, "%.1f %%", pct);
    else
        snprintf(buf, size, "<0.1 %%");
}

/* A value in the profile's unit ("12.3 MB"); a window's byte-seconds
 * "12.3 MB × s". */
static void value_text(char *buf, size_t size, const struct icicle *ic, double v, bool sign)
{
    char q[128];
    axis_format_quantity(q, sizeof q, fabs(v), ic->p->value_unit, ic->o->iec);
    const char *s = !sign || v == 0 ? "" : v > 0 ? "+" : MINUS;
    if (ic->t->census[ic->k].kind == MOMENT_WINDOW) {
        const char *su = strcmp(ic->p->sample_unit, "seconds") == 0 ? "s" : ic->p->sample_unit;
        snprintf(buf, size, "%s%s%s%s", s, q, TIMES, su);
    } else
        snprintf(buf, size, "%s%s", s, q);
    drawable(buf, size);
}

/* What follows a node's name: its share of the total, or its change. */
static void node_figure(char *buf, size_t size, const struct icicle *ic, uint32_t n)
{
    const struct tree_node *nd = &ic->t->node[n];
    if (ic->diff)
        value_text(buf, size, ic, nd->value[1] - nd->value[0], true);
    else
        share_text(buf, size, nd->value[ic->k], ic->t->node[0].value[ic->k]);
}

/* A label in its node's row; on a hatched node over a patch of the
 * fill, so the hatch does not run through the letters. */
static void label_at(const struct icicle *ic, const char *text, double x, double y, double h,
                     struct rgb fill, int hatch)
{
    /* two lines, "first\nsecond" (rows tall enough: ic->lines) */
    const char *nl = strchr(text, '\n');
    char *line[2] = { nl ? xmemdup0(text, (size_t)(nl - text)) : xstrdup(text),
                      nl ? xstrdup(nl + 1) : NULL };
    size_t n = nl ? 2 : 1;
    double block = CAP_HEIGHT + (double)(n - 1) * LINE_STEP;
    double base = y + (h - block) / 2;
    if (hatch) {
        double tw = 0;
        for (size_t i = 0; i < n; i++)
            tw = fmax(tw, ic->tm->width(ic->tm->ctx, FONT_AXIS, line[i]));
        page_rect(ic->pg, x + TEXT_PAD / 2, y + 1.5, tw + TEXT_PAD, h - 3, 0, &fill);
    }
    for (size_t i = 0; i < n; i++) {
        page_text(ic->pg, line[i], x + TEXT_PAD, base + (double)(n - 1 - i) * LINE_STEP, ALIGN_LEFT,
                  FONT_AXIS, 0);
        struct prim *pr = &ic->pg->prim[ic->pg->count - 1];
        if (luminance(fill) < 0.45)
            pr->stroke = WHITE;
        free(line[i]);
    }
}

/* A label of two lines (rows tall enough), when the text and its figure
 * do not fit on one: the text whole and the figure under it; or the text
 * wrapped at a separator or space, the rest of it cut in its middle to
 * leave room for the figure after it on the second line.  A new string
 * "first\nsecond", or NULL when two lines do not help (a break inside a
 * word). */
static char *two_lines(const struct icicle *ic, const char *name, const char *fig, double room)
{
    /* Only the first line is used: the text wrapped whole took a step a
     * line, each looking at up to 4 KiB of it, for every sibling. */
    size_t len = strlen(name), first = text_wrap_first(name, room, FONT_AXIS, ic->tm);
    char *out = NULL;
    /* only at a word's end: "14:5-2" over "9" reads worse than a cut */
    bool at_break = first && (strchr(" /.:,|;", name[first - 1]) || name[first] == ' ');
    if (first < len && at_break) {
        const char *rest = name + first;
        while (*rest == ' ')
            rest++;
        char spaced[180];
        snprintf(spaced, sizeof spaced, " %s", fig);
        double left = room - ic->tm->width(ic->tm->ctx, FONT_AXIS, spaced);
        char *cut = layout_ellipsize(rest, left, FONT_AXIS, ic->tm);
        bool fits =
            ic->tm->width(ic->tm->ctx, FONT_AXIS, cut) <= left && strcmp(cut, ELLIPSIS) != 0;
        size_t size = first + strlen(cut) + strlen(fig) + 4;
        out = xmalloc(size);
        if (fits)
            snprintf(out, size, "%.*s\n%s %s", (int)first, name, cut, fig);
        else if (ic->tm->width(ic->tm->ctx, FONT_AXIS, fig) <= room)
            snprintf(out, size, "%.*s\n%s", (int)first, name, fig);
        else {
            free(out);
            out = NULL;
        }
        free(cut);
    }
    /* the text whole on the first line, its figure on the second */
    if (first == len && ic->tm->width(ic->tm->ctx, FONT_AXIS, fig) <= room) {
        size_t size = len + strlen(fig) + 2;
        out = xmalloc(size);
        snprintf(out, size, "%s\n%s", name, fig);
    }
    return out;
}

/* A cut text that still reads: whole, or at least this many characters
 * beside its figure, or beside nothing. */
#define KEEP_WITH_FIGURE 9
#define KEEP_ALONE       4

/* Labels of siblings kids[0..n) at widths w[]: the text and its figure,
 * the text cut where siblings differ (shorten_each) while enough of it
 * is left; else the text alone, cut; else the figure alone; else as
 * much of the text as fits.  labels[i]: a new string or NULL. */
static void sibling_labels(const struct icicle *ic, const uint32_t *kids, const uint32_t *ends,
                           const size_t *frames, const double *w, size_t n, char **labels)
{
    size_t m = n ? n : 1;
    char **names = xcalloc(m, sizeof *names), **figs = xcalloc(m, sizeof *figs);
    char **cut = xcalloc(m, sizeof *cut), **alone = xcalloc(m, sizeof *alone);
    double *room = xcalloc(m, sizeof *room), *room2 = xcalloc(m, sizeof *room2);
    for (size_t i = 0; i < n; i++) {
        char fig[160], spaced[170];
        names[i] = run_text(ic, kids[i], ends[i], frames[i]);
        node_figure(fig, sizeof fig, ic, kids[i]);
        if (frames[i] > 1) {
            size_t used = strlen(fig);
            snprintf(fig + used, sizeof fig - used, ", %zu frames", frames[i]);
        }
        figs[i] = xstrdup(fig);
        snprintf(spaced, sizeof spaced, " %s", fig);
        room[i] = w[i] - 2 * TEXT_PAD - ic->tm->width(ic->tm->ctx, FONT_AXIS, spaced);
        room2[i] = w[i] - 2 * TEXT_PAD;
    }
    shorten_each(cut, names, room, n, FONT_AXIS, ic->tm);
    shorten_each(alone, names, room2, n, FONT_AXIS, ic->tm);
    for (size_t i = 0; i < n; i++) {
        labels[i] = NULL;
        bool whole = cut[i] && strcmp(cut[i], names[i]) == 0;
        if (!whole && ic->lines == 2 && (labels[i] = two_lines(ic, names[i], figs[i], room2[i])))
            ;
        else if (cut[i] && (whole || utf8_count(cut[i]) >= KEEP_WITH_FIGURE)) {
            size_t len = strlen(cut[i]) + strlen(figs[i]) + 2;
            labels[i] = xmalloc(len);
            snprintf(labels[i], len, "%s %s", cut[i], figs[i]);
        } else if (alone[i] && utf8_count(alone[i]) >= KEEP_ALONE)
            labels[i] = xstrdup(alone[i]);
        else if (ic->tm->width(ic->tm->ctx, FONT_AXIS, figs[i]) <= room2[i])
            labels[i] = xstrdup(figs[i]);
        else if (alone[i])
            labels[i] = xstrdup(alone[i]);
        free(cut[i]);
        free(alone[i]);
        free(names[i]);
        free(figs[i]);
    }
    free(cut);
    free(alone);
    free(names);
    free(figs);
    free(room);
    free(room2);
}

/* ---- the icicle ----------------------------------------------------------------- */

/* What the widths show (ic->size): a node's value; --diff, how much
 * changed at it and below, each name's change counted whole, so a loss
 * shows as much as a gain and the heap that stayed does not hide them. */
static double *node_sizes(const struct tree *t, size_t k, bool diff)
{
    double *v = xcalloc(t->count, sizeof *v);
    for (size_t i = t->count; i-- > 0;) {
        const struct tree_node *nd = &t->node[i];
        v[i] += diff ? fabs(nd->self[1] - nd->self[0]) : nd->value[k];
        if (diff && i > 0)
            v[nd->parent] += v[i];
    }
    return v;
}

/* A tree too deep for its rows to carry text folds each run of at least
 * RUN_MIN frames that is all of its parent (one child with a width, as
 * wide, and no name's own bytes above it) into one row, "d49 ⋯ d303, 255
 * frames": nothing is left out, and the widths are the same.  A cut
 * node keeps a row of its own. */
#define RUN_MIN 3

/* The only child of n with a width, or TREE_NONE. */
static uint32_t only_child(const struct icicle *ic, uint32_t n)
{
    uint32_t one = TREE_NONE;
    for (uint32_t c = ic->t->node[n].child; c != TREE_NONE; c = ic->t->node[c].next) {
        if (!(ic->size[c] > 0))
            continue;
        if (one != TREE_NONE)
            return TREE_NONE;
        one = c;
    }
    return one;
}

/* The last node of the run from n (n itself when there is none to fold),
 * and in *frames how many it holds. */
static uint32_t run_end(const struct icicle *ic, uint32_t n, size_t *frames)
{
    *frames = 1;
    if (!ic->fold || ic->t->node[n].kind == NODE_CUT)
        return n;
    uint32_t e = n;
    size_t len = 1;
    for (;;) {
        uint32_t c = only_child(ic, e);
        if (c == TREE_NONE || ic->t->node[c].kind == NODE_CUT
            || fabs(ic->size[c] - ic->size[e]) > 1e-9 * ic->size[e])
            break;
        e = c;
        len++;
    }
    if (len < RUN_MIN)
        return n;
    *frames = len;
    return e;
}

/* The rows the drawing takes: the deepest drawn node's, runs folded when
 * ic->fold. */
static uint32_t drawn_rows(const struct icicle *ic)
{
    const struct tree *t = ic->t;
    struct place_row {
        uint32_t node, row;
    } *stack = xreallocarray(NULL, t->count, sizeof *stack);
    size_t top = 0;
    uint32_t deepest = 0;
    stack[top++] = (struct place_row){ 0, 0 };
    while (top > 0) {
        struct place_row at = stack[--top];
        if (at.row > deepest)
            deepest = at.row;
        for (uint32_t c = t->node[at.node].child; c != TREE_NONE; c = t->node[c].next) {
            if (!(ic->size[c] > 0))
                continue;
            size_t frames;
            stack[top++] = (struct place_row){ run_end(ic, c, &frames), at.row + 1 };
        }
    }
    free(stack);
    return deepest + 1;
}

static double row_y(const struct icicle *ic, uint32_t row)
{
    return ic->top - (row + 1) * ic->row;
}

/* A node's text as drawn, or a folded run's: "first ⋯ last" (the figure
 * beside it says how many frames). */
static char *run_text(const struct icicle *ic, uint32_t first, uint32_t last, size_t frames)
{
    char *a = tree_node_text(&ic->t->node[first], false);
    if (first == last)
        return a;
    char *b = tree_node_text(&ic->t->node[last], false);
    size_t len = strlen(a) + strlen(b) + 48;
    char *s = xmalloc(len);
    snprintf(s, len, "%s \xE2\x8B\xAF %s", a, b);
    (void)frames; /* (said by the figure) */
    free(a);
    free(b);
    return s;
}

struct place {
    uint32_t node; /* the last node of its row (a folded run's) */
    uint32_t row;
    double x;
};

/* Every node with a width, from the root down: a stack of the rows whose
 * children are still to be placed. */
static void draw_icicle(struct icicle *ic)
{
    const struct tree *t = ic->t;
    size_t k = ic->k;
    struct rgb fill;
    int hatch;
    /* the root */
    double rw = ic->size[0] * ic->scale;
    node_look(ic, 0, &fill, &hatch);
    node_rect(ic, ic->x0, row_y(ic, 0), ic->width, ic->row, fill, hatch);
    if (ic->row >= ROW_TEXT) {
        char v[160], text[400];
        value_text(v, sizeof v, ic,
                   ic->diff ? t->node[0].value[1] - t->node[0].value[0] : t->node[0].value[k],
                   ic->diff);
        if (ic->diff) {
            char m[160];
            value_text(m, sizeof m, ic, ic->size[0], false);
            snprintf(text, sizeof text, "all %s (the changes: %s)", v, m);
        } else
            snprintf(text, sizeof text, "all %s", v);
        char *fit = layout_ellipsize(text, ic->width - 2 * TEXT_PAD, FONT_AXIS, ic->tm);
        label_at(ic, fit, ic->x0, row_y(ic, 0), ic->row, fill, hatch);
        free(fit);
    }
    if (!(rw > 0))
        return;
    struct place *stack = xreallocarray(NULL, t->count, sizeof *stack);
    uint32_t *kids = xreallocarray(NULL, t->count, sizeof *kids);
    uint32_t *ends = xreallocarray(NULL, t->count, sizeof *ends);
    size_t *frames = xreallocarray(NULL, t->count, sizeof *frames);
    double *w = xreallocarray(NULL, t->count, sizeof *w);
    char **labels = xreallocarray(NULL, t->count, sizeof *labels);
    size_t top = 0;
    stack[top++] = (struct place){ 0, 0, ic->x0 };
    while (top > 0) {
        struct place at = stack[--top];
        size_t n = tree_children_by(t, at.node, ic->size, k, kids), shown = 0, labelled = 0;
        double x = at.x, rest = 0;
        uint32_t row = at.row + 1;
        double y = row_y(ic, row);
        for (size_t i = 0; i < n; i++) {
            double cw = ic->size[kids[i]] * ic->scale;
            if (!(cw > 0))
                continue;
            if (cw < NODE_MIN) /* this one and every one after it (largest first) */
                rest += cw;
            else
                kids[shown] = kids[i], w[shown++] = cw;
        }
        for (size_t i = 0; i < shown; i++)
            ends[i] = run_end(ic, kids[i], &frames[i]);
        /* the labelled ones: the widest, the first of them */
        if (ic->row >= ROW_TEXT)
            while (labelled < shown && w[labelled] >= LABEL_MIN)
                labelled++;
        sibling_labels(ic, kids, ends, frames, w, labelled, labels);
        for (size_t i = 0; i < shown; i++) {
            /* a folded run looks like its last frame, where names end */
            node_look(ic, t->node[kids[i]].kind == NODE_CUT ? kids[i] : ends[i], &fill, &hatch);
            node_rect(ic, x, y, w[i], ic->row, fill, hatch);
            if (i < labelled && labels[i]) {
                label_at(ic, labels[i], x, y, ic->row, fill, hatch);
                free(labels[i]);
            }
            stack[top++] = (struct place){ ends[i], row, x };
            x += w[i];
        }
        if (rest > 0) { /* too narrow to tell apart: one grey piece, no outline */
            struct rgb grey = palette_grey_rgb(0.75);
            page_rect(ic->pg, x, y, rest, ic->row, 0, &grey);
        }
    }
    free(labels);
    free(w);
    free(frames);
    free(ends);
    free(kids);
    free(stack);
}

/* ---- a flat tree: bars by size ------------------------------------------------- */

static void draw_list(struct icicle *ic, double bottom)
{
    const struct tree *t = ic->t;
    size_t k = ic->k;
    uint32_t *kids = xreallocarray(NULL, t->count, sizeof *kids);
    size_t n = tree_children_by(t, 0, ic->size, k, kids), m = 0;
    for (size_t i = 0; i < n; i++)
        if (ic->size[kids[i]] > 0)
            kids[m++] = kids[i];
    size_t fit = (size_t)fmax(1, floor((ic->top - bottom) / LIST_ROW));
    size_t rows = m <= fit ? m : fit - 1; /* the last row says how many more */
    double names_w = ic->width * LIST_NAMES, bar_x = ic->x0 + names_w + LIST_GAP;
    /* the figures' column: as wide as the widest */
    char **figs = xcalloc(rows ? rows : 1, sizeof *figs);
    double fig_w = 0;
    for (size_t i = 0; i < rows; i++) {
        char v[160], s[32], text[220];
        const struct tree_node *nd = &t->node[kids[i]];
        value_text(v, sizeof v, ic, ic->diff ? nd->value[1] - nd->value[0] : nd->value[k],
                   ic->diff);
        share_text(s, sizeof s, nd->value[k], t->node[0].value[k]);
        snprintf(text, sizeof text, "%s, %s%s", v, s, ic->diff ? " of the after" : "");
        figs[i] = xstrdup(text);
        fig_w = fmax(fig_w, ic->tm->width(ic->tm->ctx, FONT_AXIS, text));
    }
    double bar_w = fmax(10, ic->x0 + ic->width - bar_x - LIST_GAP - fig_w);
    double biggest = rows ? ic->size[kids[0]] : 1;
    char **names = xcalloc(rows ? rows : 1, sizeof *names),
         **cut = xcalloc(rows ? rows : 1, sizeof *cut);
    double *room = xcalloc(rows ? rows : 1, sizeof *room);
    for (size_t i = 0; i < rows; i++) {
        names[i] = tree_node_text(&t->node[kids[i]], false);
        room[i] = names_w;
    }
    shorten_each(cut, names, room, rows, FONT_AXIS, ic->tm);
    for (size_t i = 0; i < rows; i++) {
        double y = ic->top - (double)(i + 1) * LIST_ROW;
        struct rgb fill;
        int hatch;
        node_look(ic, kids[i], &fill, &hatch);
        if (fill.r == 1 && fill.g == 1 && fill.b == 1)
            fill = palette_grey_rgb(0.9); /* a white bar would not show */
        double len = fmax(bar_w * ic->size[kids[i]] / biggest, 0.5);
        struct prim *pr = page_rect(ic->pg, bar_x, y + (LIST_ROW - LIST_BAR) / 2, len, LIST_BAR,
                                    NODE_OUTLINE, &fill);
        pr->hatch = hatch;
        pr->stroke = palette_grey_rgb(0.35);
        double base = y + (LIST_ROW - CAP_HEIGHT) / 2;
        page_text(ic->pg, cut[i] ? cut[i] : ELLIPSIS, ic->x0, base, ALIGN_LEFT, FONT_AXIS, 0);
        page_text(ic->pg, figs[i], bar_x + len + LIST_GAP, base, ALIGN_LEFT, FONT_AXIS, 0);
        free(cut[i]);
        free(names[i]);
        free(figs[i]);
    }
    if (m > rows) {
        double rest = 0;
        for (size_t i = rows; i < m; i++)
            rest += ic->diff ? t->node[kids[i]].value[1] - t->node[kids[i]].value[0]
                             : t->node[kids[i]].value[k];
        char v[160], text[300];
        value_text(v, sizeof v, ic, rest, ic->diff);
        if (ic->diff)
            snprintf(text, sizeof text, "and %zu more, together %s", m - rows, v);
        else {
            char s[32];
            share_text(s, sizeof s, rest, t->node[0].value[k]);
            snprintf(text, sizeof text, "and %zu more, together %s, %s", m - rows, v, s);
        }
        char *fit = layout_ellipsize(text, ic->width, FONT_AXIS, ic->tm);
        page_text(ic->pg, fit, ic->x0,
                  ic->top - (double)(rows + 1) * LIST_ROW + (LIST_ROW - CAP_HEIGHT) / 2, ALIGN_LEFT,
                  FONT_AXIS, 0);
        free(fit);
    }
    free(names);
    free(cut);
    free(room);
    free(figs);
    free(kids);
}

/* ---- the title ------------------------------------------------------------------ */

/* "1.23 s" in the profile's sample unit; "sample 7" with --x=index. */
static void time_text(char *buf, size_t size, const struct profile *p, double t)
{
    if (p->x_is_index)
        snprintf(buf, size, "sample %.0f", t);
    else
        snprintf(buf, size, "%.4g %s", t,
                 strcmp(p->sample_unit, "seconds") == 0 ? "s" : p->sample_unit);
    drawable(buf, size);
}

/* What one profile's values are: "12.3 MB at 1.23 s, the peak", "… from
 * 1 s to 2 s". */
static void moment_text(char *buf, size_t size, const struct icicle *ic, size_t k,
                        const struct profile *p)
{
    const struct tree_census *c = &ic->t->census[k];
    char v[160], when[96], end[96];
    struct icicle one = *ic;
    one.k = k;
    one.p = p;
    value_text(v, sizeof v, &one, c->total, false);
    time_text(when, sizeof when, p, c->time);
    switch (c->kind) {
    case MOMENT_WINDOW:
        time_text(end, sizeof end, p, c->end);
        snprintf(buf, size, "%s from %s to %s", v, when, end);
        break;
    case MOMENT_PEAK:
        snprintf(buf, size, "%s at %s, the peak", v, when);
        break;
    case MOMENT_END:
        snprintf(buf, size, "%s at %s, the last census", v, when);
        break;
    case MOMENT_TIME:
        snprintf(buf, size, "%s at %s", v, when);
        break;
    }
    utf8_trim_partial(buf);
}

/* The line under the title: what is not plain from the picture. */
static char *note_text(const struct icicle *ic)
{
    const struct tree *t = ic->t;
    char text[600];
    const char *flat = tree_flat_reason(t);
    if (ic->diff)
        snprintf(text, sizeof text,
                 "%s%s%s: how much changed; %s grew, %s shrank, white: "
                 "changes that cancel",
                 flat ? flat : "", flat ? ", not by a tree; bars" : "", flat ? "" : "widths",
                 ic->o->colour ? "red, rising hatch:" : "rising hatch:",
                 ic->o->colour ? "blue, falling hatch:" : "falling hatch:");
    else if (flat)
        snprintf(text, sizeof text, "%s, not by a tree: the largest first", flat);
    else if (t->cut_names)
        snprintf(text, sizeof text,
                 "%s (hatched): a stack the .hp cut at -L%ld; its outer "
                 "frames are not in the profile (an eventlog has them)",
                 ELLIPSIS, t->name_length);
    else if (t->cut_log)
        snprintf(text, sizeof text,
                 "%s (hatched): a stack 255 deep, the most an eventlog "
                 "keeps; its outer frames are not in the log",
                 ELLIPSIS);
    else if (t->kind == TREE_SOURCES)
        snprintf(text, sizeof text,
                 "module, source file, span, closure; each node's share "
                 "of the census");
    else
        snprintf(text, sizeof text,
                 "each call under its caller, as wide as its bytes; white: "
                 "no band's name ends there");
    utf8_trim_partial(text);
    return xstrdup(text);
}

static void icicle_title(struct title *tt, const struct icicle *ic, const struct profile *p)
{
    char mid[1024];
    memset(tt, 0, sizeof *tt);
    if (ic->diff) {
        char a[320], b[320], ch[160];
        moment_text(a, sizeof a, ic, 0, &p[0]);
        moment_text(b, sizeof b, ic, 1, &p[1]);
        value_text(ch, sizeof ch, ic, ic->t->census[1].total - ic->t->census[0].total, true);
        snprintf(mid, sizeof mid, "%s \xE2\x86\x92 %s: %s", a, b, ch);
        tt->job = utf8_display_text(p[1].job, strlen(p[1].job));
    } else {
        moment_text(mid, sizeof mid, ic, ic->k, ic->p);
        tt->job = utf8_display_text(ic->p->job, strlen(ic->p->job));
    }
    utf8_trim_partial(mid);
    tt->middle = xstrdup(mid);
    tt->date = utf8_display_text(ic->p->date, strlen(ic->p->date));
    tt->note = note_text(ic);
    /* what only the readers know (a killed run, stacks cut), as on the
     * graph's title */
    if (ic->diff)
        title_add_side_facts(tt, &p[0], &p[1]);
    else
        title_add_facts(tt, ic->p, "");
}

int layout_build_icicle(struct layout *L, const struct tree *t, const struct profile *p,
                        const struct band_plan *bp, const struct layout_options *o,
                        const struct text_metrics *tm, struct hp_error *err)
{
    (void)err;
    memset(L, 0, sizeof *L);
    struct icicle ic = {
        .t = t,
        .k = t->nprofiles - 1,
        .diff = t->nprofiles > 1,
        .bp = t->nprofiles > 1 ? NULL : bp,
        .o = o,
        .tm = tm,
        .p = &p[t->nprofiles - 1],
    };
    struct title tt;
    icicle_title(&tt, &ic, p);
    struct frame f;
    frame_init(&f, o, 0, &tt, 1, tm);
    ic.f = &f;
    frame_place(L, &f, 1);
    L->title = display_text(ic.p->job);
    L->date = display_text(ic.p->date);
    ic.pg = page_new(L);
    draw_head(ic.pg, &f, &tt, 0, tm);
    ic.x0 = MARGIN;
    ic.width = f.bw - 2 * MARGIN;
    ic.top = f.bh - BORDER_SPACE - f.title_height - MARGIN;
    double bottom = MARGIN;
    ic.size = node_sizes(t, ic.k, ic.diff);
    if (t->kind == TREE_FLAT)
        draw_list(&ic, bottom);
    else {
        double room = ic.top - bottom;
        uint32_t rows = drawn_rows(&ic);
        if (rows * ROW_TEXT > room) {
            ic.fold = true;
            rows = drawn_rows(&ic);
        }
        /* a shallow tree's rows hold two lines: long names (-hi) read */
        ic.lines = rows * ROW_TWO <= room ? 2 : 1;
        ic.row = ic.lines == 2 ? ROW_TWO : fmin(ROW_MAX, room / rows);
        ic.scale = ic.size[0] > 0 ? ic.width / ic.size[0] : 0;
        draw_icicle(&ic);
    }
    free(ic.size);
    title_free(&tt);
    return 0;
}

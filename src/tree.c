/* SPDX-License-Identifier: BSD-3-Clause */
/* tree.c: see tree.h.  The shape is built once from the names, O(the
 * frames of every name); a fill replays the samples once (a census: twice,
 * once to find it), each entry added to its name's node, and the values
 * summed up the tree in one pass from the last node back (every parent
 * comes before its children). */
#include "tree.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "stackname.h"
#include "store.h"
#include "utf8.h"

/* The RTS's -L when the JOB gives none. */
#define DEFAULT_NAME_LENGTH 25

/* ---- the shape ------------------------------------------------------------------ */

static uint32_t add_node(struct tree *t, uint32_t parent, enum node_kind kind, const char *label,
                         size_t len)
{
    /* the key: the parent, the kind, the label */
    char stack_key[256];
    size_t klen = 5 + len;
    char *key = klen <= sizeof stack_key ? stack_key : xmalloc(klen);
    memcpy(key, &parent, 4);
    key[4] = (char)kind;
    memcpy(key + 5, label, len);
    size_t before = t->keys.count;
    uint32_t id = names_intern(&t->keys, key, klen);
    if (key != stack_key)
        free(key);
    if (t->keys.count == before)
        return id + 1;
    if (t->count == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 64;
        t->node = xreallocarray(t->node, t->cap, sizeof *t->node);
    }
    uint32_t n = (uint32_t)t->count++;
    struct tree_node *nd = &t->node[n];
    memset(nd, 0, sizeof *nd);
    nd->label = t->keys.info[id].text + 5;
    nd->kind = kind;
    nd->parent = parent;
    nd->depth = t->node[parent].depth + 1;
    nd->child = TREE_NONE;
    nd->next = t->node[parent].child;
    t->node[parent].child = n;
    if (nd->depth > t->depth)
        t->depth = nd->depth;
    return n;
}

/* A '/' between two of these is inside a label (an operator: "</>"). */
static bool operator_symbol(char c)
{
    return c && strchr("!#$%&*+./<=>?@\\^|-~:", c) != NULL;
}

struct frame_list {
    const char **s;
    size_t *len;
    size_t n, cap;
};

static void frame_push(struct frame_list *f, const char *s, size_t len)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 32;
        f->s = xreallocarray(f->s, f->cap, sizeof *f->s);
        f->len = xreallocarray(f->len, f->cap, sizeof *f->len);
    }
    f->s[f->n] = s;
    f->len[f->n++] = len;
}

/* A .hp's stack name, less its "(N)", under the root: its frames, which
 * the RTS writes from the innermost, joined by "/", cut to length - 4
 * bytes and "..." when longer than length. */
static uint32_t hp_stack(struct tree *t, const char *text, size_t len, bool numbered, long length,
                         struct frame_list *f)
{
    if (!numbered && len == 4 && memcmp(text, "MAIN", 4) == 0)
        return add_node(t, 0, NODE_FRAME, text, len);
    bool cut =
        numbered && len >= 3 && (long)len == length - 1 && memcmp(text + len - 3, "...", 3) == 0;
    size_t end = cut ? len - 3 : len;
    f->n = 0;
    size_t start = 0;
    for (size_t i = 0; i < end; i++) {
        if (text[i] != '/' || i == start)
            continue;
        bool last = i + 1 == end;
        if (last ? !cut : operator_symbol(text[i - 1]) && operator_symbol(text[i + 1]))
            continue;
        frame_push(f, text + start, i - start);
        start = i + 1;
    }
    frame_push(f, text + start, end - start);
    uint32_t node = 0;
    size_t n = f->n;
    if (cut) { /* the outermost piece is what is left of a frame cut */
        t->cut_names = true;
        n--;
        node = add_node(t, node, NODE_CUT, f->s[n], f->len[n]);
    }
    while (n > 0) {
        n--;
        node = add_node(t, node, NODE_FRAME, f->s[n], f->len[n]);
    }
    return node;
}

/* An eventlog's stack, frame by frame. */
static uint32_t log_stack(struct tree *t, const struct profile_stacks *st, size_t id)
{
    uint32_t node = 0;
    if (st->cut[id]) {
        t->cut_log = true;
        node = add_node(t, node, NODE_CUT, "", 0);
    }
    if (st->first[id] == st->first[id + 1])
        return add_node(t, node, NODE_FRAME, "MAIN", 4);
    for (size_t i = st->first[id]; i < st->first[id + 1]; i++) {
        const char *frame = st->cc[st->frame[i]].frame;
        node = add_node(t, node, NODE_FRAME, frame, strlen(frame));
    }
    return node;
}

/* The tab-separated field i of detail, as (s, *len); "" past the last. */
static const char *field(const char *detail, int i, size_t *len)
{
    const char *s = detail;
    for (int k = 0; k < i && s; k++) {
        s = strchr(s, '\t');
        if (s)
            s++;
    }
    if (!s) {
        *len = 0;
        return "";
    }
    *len = strcspn(s, "\t");
    return s;
}

/* -hi: module, file, span, closure from the IPE fields (read/eventlog.c:
 * address, table, closure type, type, label, module, location); a table
 * without an entry under NODE_NO_SOURCE by its name. */
static uint32_t source_path(struct tree *t, const struct profile *p, size_t id)
{
    const char *name = p->names.info[id].text;
    size_t name_len = p->names.info[id].len;
    const char *detail = id < p->ndetail ? p->detail[id] : NULL;
    if (!detail) {
        uint32_t none = add_node(t, 0, NODE_NO_SOURCE, "", 0);
        return add_node(t, none, NODE_NAME, name, name_len);
    }
    size_t mlen, llen;
    const char *module = field(detail, 5, &mlen);
    const char *loc = field(detail, 6, &llen);
    uint32_t node = add_node(t, 0, NODE_MODULE, module, mlen);
    /* a name two tables share ends in its address, " [0x40a9d0]": kept,
     * after the name less its location */
    size_t alen, tail = 0;
    const char *addr = field(detail, 0, &alen);
    if (alen && name_len > alen + 3 && name[name_len - 1] == ']'
        && memcmp(name + name_len - 1 - alen, addr, alen) == 0
        && memcmp(name + name_len - 3 - alen, " [", 2) == 0)
        tail = alen + 3;
    name_len -= tail;
    size_t label_len = name_len;
    if (llen > 0 && !(llen == 1 && loc[0] == ':')) {
        /* "file:span": the span starts at the first ':' before a digit or '(' */
        size_t colon = 0;
        while (colon < llen
               && !(loc[colon] == ':' && colon + 1 < llen
                    && ((loc[colon + 1] >= '0' && loc[colon + 1] <= '9') || loc[colon + 1] == '(')))
            colon++;
        node = add_node(t, node, NODE_FILE, loc, colon);
        if (colon < llen)
            node = add_node(t, node, NODE_SPAN, loc + colon + 1, llen - colon - 1);
        /* the name less the location it ends with: "Node :: Tree (build, F:S)" */
        if (name_len > llen + 3 && name[name_len - 1] == ')'
            && memcmp(name + name_len - 1 - llen, loc, llen) == 0) {
            size_t before = name_len - 1 - llen;
            if (before >= 2 && memcmp(name + before - 2, ", ", 2) == 0)
                label_len = before - 2; /* keep "(label" and close it below */
            else if (before >= 2 && memcmp(name + before - 2, " (", 2) == 0)
                label_len = before - 2;
        }
    }
    /* "HEAD (label" closed again, and the address after it */
    bool close = label_len < name_len && label_len >= 2 && name[label_len] == ',';
    char *text = xmalloc(label_len + 1 + tail + 1);
    memcpy(text, name, label_len);
    size_t n = label_len;
    if (close)
        text[n++] = ')';
    memcpy(text + n, name + name_len, tail);
    n += tail;
    uint32_t leaf = add_node(t, node, NODE_CLOSURE, text, n);
    free(text);
    return leaf;
}

static enum tree_kind kind_of(const struct profile *p)
{
    enum heap_breakdown by = profile_breakdown(p);
    if (by == BY_COST_CENTRE)
        return TREE_STACKS;
    if (by == BY_INFO_TABLE && p->detail_columns && strncmp(p->detail_columns, "address\t", 8) == 0)
        return TREE_SOURCES;
    return TREE_FLAT;
}

static const char *breakdown_flag(enum heap_breakdown by)
{
    static const char *const flags[] = { "",    "-hc", "-hm", "-hd", "-hy",
                                         "-hr", "-hb", "-hT", "-hi", "-he" };
    return by < BY_COUNT ? flags[by] : "";
}

const char *tree_flat_reason(const struct tree *t)
{
    if (t->kind != TREE_FLAT)
        return NULL;
    switch (t->breakdown) {
    case BY_MODULE:
        return "-hm breaks the heap down by module";
    case BY_DESCRIPTION:
        return "-hd breaks the heap down by closure description";
    case BY_TYPE:
        return "-hy breaks the heap down by type";
    case BY_RETAINER:
        return "-hr breaks the heap down by retainer set";
    case BY_BIOGRAPHY:
        return "-hb breaks the heap down by biography";
    case BY_CLOSURE_TYPE:
        return "-hT breaks the heap down by closure type";
    case BY_ERA:
        return "-he breaks the heap down by era";
    case BY_INFO_TABLE:
        return "-hi from a .hp names info tables by address alone";
    default:
        return "the profile does not say how it breaks the heap down (no -h flag in its JOB)";
    }
}

static void name_path(struct tree *t, const struct profile *p, size_t k, size_t id,
                      struct frame_list *f)
{
    const struct name_info *ni = &p->names.info[id];
    size_t skip;
    switch (t->kind) {
    case TREE_STACKS:
        if (p->stacks && id < p->stacks->nnames) {
            t->leaf[k][id] = log_stack(t, p->stacks, id);
            return;
        }
        skip = stackname_prefix(ni->text);
        t->leaf[k][id] = hp_stack(t, ni->text + skip, ni->len - skip, skip > 0, t->name_length, f);
        return;
    case TREE_SOURCES:
        t->leaf[k][id] = source_path(t, p, id);
        return;
    case TREE_FLAT:
        /* two profiles pair their names less "(N)", as their graphs do */
        skip = t->nprofiles > 1 ? stackname_prefix(ni->text) : 0;
        t->leaf[k][id] = add_node(t, 0, NODE_NAME, ni->text + skip, ni->len - skip);
        return;
    }
}

int tree_build(struct tree *t, const struct profile *p, const struct band_plan *bp, size_t n,
               struct hp_error *err)
{
    memset(t, 0, sizeof *t);
    names_init(&t->keys);
    t->nprofiles = n;
    t->kind = kind_of(&p[0]);
    t->breakdown = profile_breakdown(&p[0]);
    for (size_t k = 1; k < n; k++)
        if (kind_of(&p[k]) != t->kind || profile_breakdown(&p[k]) != t->breakdown)
            return hp_fail(err,
                           "%s and %s break the heap down differently (%s, %s): their trees "
                           "cannot be compared",
                           p[0].source, p[k].source,
                           *breakdown_flag(t->breakdown) ? breakdown_flag(t->breakdown) : "?",
                           *breakdown_flag(profile_breakdown(&p[k]))
                               ? breakdown_flag(profile_breakdown(&p[k]))
                               : "?");
    t->name_length = profile_name_length(&p[0]);
    if (t->name_length <= 0)
        t->name_length = DEFAULT_NAME_LENGTH;
    t->cap = 64;
    t->node = xreallocarray(NULL, t->cap, sizeof *t->node);
    t->count = 1;
    memset(&t->node[0], 0, sizeof t->node[0]);
    t->node[0] = (struct tree_node){
        .label = "", .kind = NODE_ROOT, .parent = TREE_NONE, .child = TREE_NONE, .next = TREE_NONE
    };
    struct frame_list f = { 0 };
    for (size_t k = 0; k < n; k++) {
        size_t names = p[k].names.count;
        t->nnames[k] = names;
        t->leaf[k] = xreallocarray(NULL, names ? names : 1, sizeof *t->leaf[k]);
        for (size_t id = 0; id < names; id++) {
            t->leaf[k][id] = TREE_NONE;
            if (bp && id < bp[k].nnames && bp[k].band_of_name[id] == -1)
                continue;
            name_path(t, &p[k], k, id, &f);
        }
    }
    free(f.s);
    free(f.len);
    return 0;
}

void tree_free(struct tree *t)
{
    free(t->node);
    for (size_t k = 0; k < TREE_PROFILES; k++)
        free(t->leaf[k]);
    if (t->keys.slots)
        names_free(&t->keys);
    memset(t, 0, sizeof *t);
}

/* ---- the values ---------------------------------------------------------------- */

/* A name's entry added to its node, and the node's largest name kept. */
static void add_entry(struct tree *t, size_t k, uint32_t name, int64_t value, double weight)
{
    if (name >= t->nnames[k] || t->leaf[k][name] == TREE_NONE)
        return;
    uint32_t n = t->leaf[k][name];
    struct tree_node *nd = &t->node[n];
    double v = (double)(value > 0 ? value : 0) * weight;
    nd->self[k] += v;
    if (weight == 1 && bands_add_value(&nd->self_bytes[k], value))
        t->census[k].clipped = true;
}

/* Which name ending at each node is the largest: a second look at the
 * entries of the names, by their own sums (own[name]). */
static void largest_names(struct tree *t, size_t k, const double *own)
{
    double *best = xcalloc(t->count, sizeof *best);
    for (size_t i = 0; i < t->count; i++)
        t->node[i].name[k] = -1;
    for (size_t id = 0; id < t->nnames[k]; id++) {
        uint32_t n = t->leaf[k][id];
        if (n == TREE_NONE)
            continue;
        if (t->node[n].name[k] < 0 || own[id] > best[n]) {
            t->node[n].name[k] = (int64_t)id;
            best[n] = own[id];
        }
    }
    free(best);
}

static void own_add(double *own, size_t nown, uint32_t name, int64_t value, double weight)
{
    if (name < nown && value > 0)
        own[name] += (double)value * weight;
}

/* Every entry of the census at index. */
static int fill_census(struct tree *t, size_t k, const struct profile *p, size_t index, double *own,
                       struct hp_error *err)
{
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample s;
    int rc;
    size_t i = 0;
    while ((rc = store_cursor_next(c, &s, err)) == 1 && i++ < index)
        ;
    if (rc == 1)
        for (size_t e = 0; e < s.n; e++) {
            add_entry(t, k, s.entry[e].name, s.entry[e].value, 1);
            own_add(own, t->nnames[k], s.entry[e].name, s.entry[e].value, 1);
        }
    store_cursor_free(c);
    return rc < 0 ? -1 : 0;
}

/* A window: each census weighs half the time from the census before it
 * to the one after (the trapezoids), so one census is held back until
 * the next one's time is known. */
static int fill_window(struct tree *t, size_t k, const struct profile *p, double *own,
                       struct hp_error *err)
{
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample s;
    struct sample_entry *held = NULL;
    size_t nheld = 0, cap = 0, n = 0;
    double t_before = 0, t_held = 0;
    int rc;
    struct tree_census *tc = &t->census[k];
    while ((rc = store_cursor_next(c, &s, err)) == 1) {
        if (n == 0)
            tc->time = s.time;
        else {
            double w = (s.time - (n == 1 ? t_held : t_before)) / 2;
            for (size_t e = 0; e < nheld; e++) {
                add_entry(t, k, held[e].name, held[e].value, w);
                own_add(own, t->nnames[k], held[e].name, held[e].value, w);
            }
        }
        if (s.n > cap) {
            cap = s.n;
            held = xreallocarray(held, cap, sizeof *held);
        }
        if (s.n)
            memcpy(held, s.entry, s.n * sizeof *held);
        nheld = s.n;
        t_before = t_held;
        t_held = s.time;
        n++;
    }
    if (rc == 0 && n >= 2) {
        double w = (t_held - t_before) / 2;
        for (size_t e = 0; e < nheld; e++) {
            add_entry(t, k, held[e].name, held[e].value, w);
            own_add(own, t->nnames[k], held[e].name, held[e].value, w);
        }
    }
    free(held);
    store_cursor_free(c);
    if (rc < 0)
        return -1;
    if (n < 2)
        return hp_fail(err,
                       "%s: --from/--to: the window holds %s census, no time to add up; "
                       "--at shows one census",
                       p->source, n ? "one" : "no");
    tc->end = t_held;
    tc->censuses = n;
    return 0;
}

int tree_fill(struct tree *t, size_t k, const struct profile *p, const struct moment *m,
              struct hp_error *err)
{
    struct tree_census *tc = &t->census[k];
    memset(tc, 0, sizeof *tc);
    tc->kind = m->kind;
    for (size_t i = 0; i < t->count; i++) {
        t->node[i].self[k] = t->node[i].value[k] = 0;
        t->node[i].self_bytes[k] = 0;
    }
    double *own = xcalloc(t->nnames[k] ? t->nnames[k] : 1, sizeof *own);
    int rc;
    if (m->kind == MOMENT_WINDOW)
        rc = fill_window(t, k, p, own, err);
    else {
        /* the one rule of --at (census.h), the one --top opens OTHER at */
        struct census_pick pick;
        rc = census_find(&pick, p,
                         m->kind == MOMENT_PEAK      ? CENSUS_PEAK
                             : m->kind == MOMENT_END ? CENSUS_END
                                                     : CENSUS_TIME,
                         m->time, err);
        tc->index = pick.index;
        tc->time = pick.time;
        if (rc == 0)
            rc = fill_census(t, k, p, tc->index, own, err);
    }
    if (rc == 0) {
        largest_names(t, k, own);
        for (size_t i = 0; i < t->count; i++)
            t->node[i].value[k] = t->node[i].self[k];
        for (size_t i = t->count; i-- > 1;)
            t->node[t->node[i].parent].value[k] += t->node[i].value[k];
        tc->total = t->node[0].value[k];
        if (m->kind != MOMENT_WINDOW)
            for (size_t i = 0; i < t->count; i++)
                if (bands_add_value(&tc->total_bytes, t->node[i].self_bytes[k]))
                    tc->clipped = true;
    }
    free(own);
    return rc;
}

/* ---- reading it ----------------------------------------------------------------- */

char *tree_node_text(const struct tree_node *nd, bool mark_cut)
{
    static const char ellipsis[] = "\xE2\x80\xA6";
    switch (nd->kind) {
    case NODE_ROOT:
        return xstrdup("all");
    case NODE_NO_SOURCE:
        return xstrdup("(no IPE entry)");
    case NODE_MODULE:
        if (!*nd->label)
            return xstrdup("(no module)");
        break;
    case NODE_CUT: {
        char *part = utf8_display_name(nd->label, strlen(nd->label));
        size_t n = strlen(part);
        char *s = xmalloc(n + 16);
        snprintf(s, n + 16, "%s%s%s", mark_cut ? "[cut] " : "", part, ellipsis);
        free(part);
        return s;
    }
    default:
        break;
    }
    return utf8_display_name(nd->label, strlen(nd->label));
}

size_t tree_child_count(const struct tree *t, uint32_t node)
{
    size_t n = 0;
    for (uint32_t c = t->node[node].child; c != TREE_NONE; c = t->node[c].next)
        n++;
    return n;
}

struct child_order {
    const struct tree *t;
    size_t k;
    const double *size; /* NULL: value[k] */
};

/* Largest first, then by label, then by kind: a total order, so the
 * drawing does not hang on the order the names came in. */
static int by_size(const uint32_t *a, const uint32_t *b, const struct child_order *o)
{
    const struct tree_node *x = &o->t->node[*a], *y = &o->t->node[*b];
    double sx = o->size ? o->size[*a] : x->value[o->k], sy = o->size ? o->size[*b] : y->value[o->k];
    if (sx != sy)
        return sx > sy ? -1 : 1;
    int c = strcmp(x->label, y->label);
    if (c)
        return c;
    return (x->kind > y->kind) - (x->kind < y->kind);
}

size_t tree_children(const struct tree *t, uint32_t node, size_t k, uint32_t *out)
{
    return tree_children_by(t, node, NULL, k, out);
}

size_t tree_children_by(const struct tree *t, uint32_t node, const double *size, size_t k,
                        uint32_t *out)
{
    size_t n = 0;
    for (uint32_t c = t->node[node].child; c != TREE_NONE; c = t->node[c].next)
        out[n++] = c;
    /* (C11's qsort takes no context) most nodes have a few children: an
     * insertion sort; a root of a million names, a bottom-up merge sort */
    struct child_order o = { t, k, size };
    if (n > 32) {
        uint32_t *tmp = xreallocarray(NULL, n, sizeof *tmp);
        for (size_t w = 1; w < n; w *= 2) {
            for (size_t lo = 0; lo < n; lo += 2 * w) {
                size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
                size_t i = lo, j = mid, o2 = lo;
                while (i < mid && j < hi)
                    tmp[o2++] = by_size(&out[j], &out[i], &o) < 0 ? out[j++] : out[i++];
                while (i < mid)
                    tmp[o2++] = out[i++];
                while (j < hi)
                    tmp[o2++] = out[j++];
            }
            memcpy(out, tmp, n * sizeof *out);
        }
        free(tmp);
        return n;
    }
    for (size_t i = 1; i < n; i++) {
        uint32_t v = out[i];
        size_t j = i;
        while (j > 0 && by_size(&v, &out[j - 1], &o) < 0) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = v;
    }
    return n;
}

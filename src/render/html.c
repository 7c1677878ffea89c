/* SPDX-License-Identifier: BSD-3-Clause */
/* render/html.c: -o FILE.html, one page that needs nothing else: the
 * graph as render/svg.c writes it (the same SVG, inline), the title, and
 * a small script of ours (src/html/page.js, page.css, made into
 * html_page.h at build time) that reads the graph back from the page's
 * data (page/page.h: struct page_data, built after the layout), written
 * as JSON in a <script type="application/json"> block that the script
 * parses.
 *
 * Everything a profile says reaches the page escaped: the title and date
 * as HTML text (& < > " ' as references), names and units only inside
 * the JSON (json.h, JSON_IN_SCRIPT), where < > & and U+2028/U+2029 are
 * written as \u escapes, so
 * no text can end the block or be read as markup; the script shows them
 * with textContent.  cairo draws the graph's text as glyph outlines, so
 * the SVG holds no text of the profile.
 */
#include "render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html_page.h"
#include "json.h"
#include "markup.h"
#include "page/icicle.h"
#include "page/page.h"
#include "page/suspects.h"
#include "profile.h"
#include "utf8.h"

/* ---- text ------------------------------------------------------------------ */

static void put_lines(FILE *f, const char *const *lines)
{
    for (; *lines; lines++)
        fputs(*lines, f);
}

static void json_indices(FILE *f, const size_t *v, size_t n)
{
    putc('[', f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%zu", i ? "," : "", v[i]);
    putc(']', f);
}

/* ---- the data ---------------------------------------------------------------- */

static int channel(double c)
{
    long v = lround(c * 255);
    return v < 0 ? 0 : v > 255 ? 255 : (int)v;
}

/* A detail record's fields (profile_detail_field: raw bytes, tabs and
 * newlines kept) as a JSON list of valid UTF-8 strings. */
static void json_fields(FILE *f, const char *record)
{
    putc('[', f);
    for (size_t k = 0, n = profile_detail_fields(record); k < n; k++) {
        size_t len;
        char *raw = profile_detail_field(record, k, &len);
        char *field = utf8_sanitize_lines(raw, len);
        fputs(k ? "," : "", f);
        json_put_string(f, field, JSON_IN_SCRIPT);
        free(field);
        free(raw);
    }
    putc(']', f);
}

static void json_band(FILE *f, const struct page_data_band *b)
{
    fputs("{\"name\":", f);
    json_put_string(f, b->name, JSON_IN_SCRIPT);
    if (b->detail) { /* what the log tells of it, as the fields' list */
        fputs(",\"detail\":", f);
        json_fields(f, b->detail);
    }
    if (b->is_other) /* the band of the names -m merges */
        fputs(",\"other\":true", f);
    fprintf(f, ",\"colour\":\"#%02x%02x%02x\",\"box\":", channel(b->colour.r), channel(b->colour.g),
            channel(b->colour.b));
    if (b->has_box)
        json_put_numbers(f, b->box, 4);
    else
        fputs("null", f);
    putc('}', f);
}

/* The peaks the page tells apart, and the percent view's floor. */
static void json_panel_figures(FILE *f, const struct page_data_panel *P)
{
    const double v[5] = { P->peak_all, P->peak_all_time, P->peak_drawn, P->peak_drawn_time,
                          P->percent_floor };
    static const char *const name[5] = { "peak_all", "peak_all_time", "peak_drawn",
                                         "peak_drawn_time", "percent_floor" };
    for (int i = 0; i < 5; i++) {
        fprintf(f, ",\n \"%s\":", name[i]);
        json_put_number(f, v[i]);
    }
}

/* Every name of the panel (page_data_add_names), field by field; a
 * name that is a band of its own as null, the band's name (D->band) said
 * once, in the key's list. */
static void json_panel_names(FILE *f, const struct page_data *D, const struct page_data_panel *P)
{
    if (!P->nnames)
        return;
    size_t n = P->nnames;
    fprintf(f, ",\n \"names\":{\"total\":%zu,\"name\":[", P->names_total);
    for (size_t i = 0; i < n; i++) {
        const struct page_data_name *nm = &P->names[i];
        fputs(i ? ",\n  " : "\n  ", f);
        if (nm->band >= 0 && (size_t)nm->band < D->nbands && !D->band[nm->band].is_other
            && strcmp(D->band[nm->band].name, nm->name) == 0)
            fputs("null", f);
        else
            json_put_string(f, nm->name, JSON_IN_SCRIPT);
    }
    fputs("],\n  \"band\":[", f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%ld", i ? "," : "", P->names[i].band);
    putc(']', f);
    double *v = xcalloc(n, sizeof *v);
    static const char *const field[] = { "share", "peak", "peak_time", "slope",
                                         "r2",    "area", "first",     "last" };
    for (size_t j = 0; j < sizeof field / sizeof *field; j++) {
        for (size_t i = 0; i < n; i++) {
            const struct page_data_name *nm = &P->names[i];
            const double all[] = { nm->share, nm->peak, nm->peak_time, nm->slope,
                                   nm->r2,    nm->area, nm->first,     nm->last };
            v[i] = all[j];
        }
        fprintf(f, ",\n  \"%s\":", field[j]);
        json_put_numbers(f, v, n);
    }
    free(v);
    bool cut = false;
    for (size_t i = 0; i < n && !cut; i++)
        cut = P->names[i].prefix > 0;
    if (cut) { /* --top's names (Suspects, OTHER opened) go without their "(N)" */
        fputs(",\n  \"prefix\":[", f);
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%s%zu", i ? "," : "", P->names[i].prefix);
        putc(']', f);
    }
    bool details = false;
    for (size_t i = 0; i < n && !details; i++)
        details = P->names[i].detail != NULL;
    if (details) { /* what the log tells of each (as the bands' detail) */
        fputs(",\n  \"detail\":[", f);
        for (size_t i = 0; i < n; i++) {
            fputs(i ? ",\n  " : "\n  ", f);
            if (P->names[i].detail)
                json_fields(f, P->names[i].detail);
            else
                fputs("null", f);
        }
        putc(']', f);
    }
    putc('}', f);
}

/* ---- the page's features of issues 38 and 42 (page/suspects.h, page/icicle.h) ---- */

static void json_key(FILE *f, const char *key, double v)
{
    fprintf(f, ",\"%s\":", key);
    json_put_number(f, v);
}

/* --top's ranking: the window, and each name's figures (undrawn ones
 * with their values at the page's samples).  A row's name is its entry
 * in the panel's one list of names ("n", P->suspect_name), or its own
 * text where the list has none (--diff's pairs). */
static void json_suspects(FILE *f, const struct page_data_panel *P, size_t nsamples)
{
    const struct page_suspects *S = P->suspects;
    fprintf(f, ",\n \"suspects\":{\"censuses\":%zu", S->ncensuses);
    json_key(f, "t_start", S->t_start);
    json_key(f, "t_end", S->t_end);
    json_key(f, "heap_start", (double)S->heap_start);
    json_key(f, "heap_end", (double)S->heap_end);
    json_key(f, "heap_peak", (double)S->heap_peak);
    json_key(f, "heap_peak_time", S->heap_peak_time);
    json_key(f, "floor", S->floor);
    fprintf(f, ",\"names\":%zu,\"undrawn\":%zu", S->names, S->undrawn);
    if (S->two) { /* --diff: the runs ranked by what grew between them */
        fprintf(f, ",\"two\":true,\"before_censuses\":%zu", S->before_ncensuses);
        json_key(f, "before_heap_peak", (double)S->before_heap_peak);
    }
    fputs(",\"rows\":[", f);
    static const char *const where[] = {
        [PAGE_DRAWN] = "band", [PAGE_OTHER] = "other", [PAGE_TRACED] = "t"
    };
    for (size_t i = 0; i < S->nrows; i++) {
        const struct page_suspect *r = &S->row[i];
        const struct triage_figures *g = &r->fig;
        fputs(i ? ",\n  {" : "\n  {", f);
        long n = P->suspect_name ? P->suspect_name[i] : -1;
        /* the list's peak and when are --top's (the window's empty edges
         * change neither): said once, there; slope and R² are --top's own
         * (over its window, the list's over every sample) */
        bool same_peak =
            n >= 0 && P->names[n].peak == (double)g->peak && P->names[n].peak_time == g->peak_time;
        if (n >= 0) {
            fprintf(f, "\"n\":%ld%s", n, P->suspect_whole[i] ? ",\"whole\":true" : "");
        } else {
            fputs("\"name\":", f);
            json_put_string(f, r->name, JSON_IN_SCRIPT);
        }
        fprintf(f, ",\"band\":%lld,\"in\":\"%s\",\"leak\":%s", (long long)r->band, where[r->where],
                r->leak ? "true" : "false");
        double v[] = { (double)g->start, (double)g->end, (double)r->change,
                       (double)g->peak,  g->peak_time,   g->end_share,
                       g->steady,        g->slope,       g->r2,
                       g->held,          g->score };
        static const char *const name[] = { "start",     "end",       "change", "peak",
                                            "peak_time", "end_share", "steady", "slope",
                                            "r2",        "held",      "score" };
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            if (!(same_peak && (k == 3 || k == 4)))
                json_key(f, name[k], v[k]);
        if (isfinite(r->change_pct))
            json_key(f, "change_pct", r->change_pct);
        else
            fputs(",\"change_pct\":null", f);
        if (r->values) {
            fputs(",\"values\":", f);
            json_put_numbers(f, r->values, nsamples);
        }
        if (S->two) { /* which run holds it, and BEFORE's figures */
            const struct triage_figures *b = &r->before;
            fprintf(f, ",\"in_before\":%s,\"in_after\":%s", b->present ? "true" : "false",
                    g->present ? "true" : "false");
            json_key(f, "before_peak", (double)b->peak);
            json_key(f, "before_end", (double)b->end);
        }
        putc('}', f);
    }
    fputs("]}", f);
}

/* OTHER and -t at each sample: the names listed, then per sample a flat
 * list of (name, value) pairs, largest first, and the names' counts. */
static void json_opened(FILE *f, const struct page_data_panel *P)
{
    const struct page_opened *O = P->opened;
    /* the names: their entries in the panel's one list ("n"), or their
     * text where it has none */
    fprintf(f, ",\n \"opened\":{\"other\":%lld,\"%s\":[", (long long)O->other_band,
            P->opened_name ? "n" : "names");
    for (size_t k = 0; k < O->nnames; k++) {
        fputs(k ? "," : "", f);
        if (P->opened_name)
            fprintf(f, "%ld", P->opened_name[k]);
        else
            json_put_string(f, O->name[k], JSON_IN_SCRIPT);
    }
    fputs("],\n  \"traced\":[", f);
    for (size_t k = 0; k < O->nnames; k++)
        fprintf(f, "%s%d", k ? "," : "", O->traced[k] ? 1 : 0);
    fputs("],\n  \"at\":[", f);
    for (size_t i = 0; i < O->nsamples; i++) {
        fputs(i ? ",\n   [" : "\n   [", f);
        for (size_t e = O->start[i]; e < O->start[i + 1]; e++) {
            fprintf(f, "%s%u,", e > O->start[i] ? "," : "", O->who[e]);
            json_put_number(f, (double)O->value[e]);
        }
        putc(']', f);
    }
    fputs("],\n  \"counts\":[", f);
    for (size_t i = 0; i < O->nsamples; i++)
        fprintf(f, "%s%u,%u", i ? "," : "", O->count[i][0], O->count[i][1]);
    putc(']', f);
    if (O->total) {
        fputs(",\n  \"total\":", f);
        json_put_numbers(f, O->total, O->nsamples);
    }
    putc('}', f);
}

/* The tree of the names: [parent, kind, label] a node, and the node of
 * each band and of each name listed in "opened". */
static void json_tree(FILE *f, const struct page_tree *T)
{
    static const char *const kind[] = {
        [TREE_FLAT] = "flat", [TREE_STACKS] = "stacks", [TREE_SOURCES] = "sources"
    };
    fprintf(f,
            ",\n \"tree\":{\"kind\":\"%s\",\"cut_names\":%s,\"cut_log\":%s,"
            "\"name_length\":%ld,\"too_big\":%s,\"reason\":",
            kind[T->kind], T->cut_names ? "true" : "false", T->cut_log ? "true" : "false",
            T->name_length, T->too_big ? "true" : "false");
    if (T->reason)
        json_put_string(f, T->reason, JSON_IN_SCRIPT);
    else
        fputs("null", f);
    fputs(",\n  \"nodes\":[", f);
    for (size_t i = 0; i < T->nnodes; i++) {
        fprintf(f, "%s[%lld,%d,", i ? ",\n   " : "\n   ", (long long)T->parent[i],
                (int)T->kind_of[i]);
        json_put_string(f, T->label[i], JSON_IN_SCRIPT);
        putc(']', f);
    }
    fputs("],\n  \"band_node\":[", f);
    for (size_t b = 0; b < T->nbands; b++)
        fprintf(f, "%s%lld", b ? "," : "", (long long)T->band_node[b]);
    fputs("],\n  \"member_node\":[", f);
    for (size_t m = 0; m < T->nmembers; m++)
        fprintf(f, "%s%lld", m ? "," : "", (long long)T->member_node[m]);
    fputs("]}", f);
}

static void json_panel(FILE *f, const struct page_data *D, const struct page_data_panel *P)
{
    fputs("{\"title\":", f);
    json_put_string(f, P->title, JSON_IN_SCRIPT);
    fputs(",\n \"plot\":", f);
    json_put_numbers(f, P->plot, 4);
    double scale[4] = { P->t0, P->t_span, P->y_lo, P->y_span };
    static const char *const scale_name[4] = { "t0", "t_span", "y_lo", "y_span" };
    for (int i = 0; i < 4; i++) {
        fprintf(f, ",\"%s\":", scale_name[i]);
        json_put_number(f, scale[i]);
    }
    fputs(",\n \"bands\":", f);
    json_indices(f, P->band, P->nbands);
    const double *stat[4] = { P->share, P->peak, P->peak_time, P->slope };
    static const char *const stat_name[4] = { "share", "peak", "peak_time", "slope" };
    for (int i = 0; i < 4; i++) {
        fprintf(f, ",\n \"%s\":", stat_name[i]);
        json_put_numbers(f, stat[i], P->nbands);
    }
    fprintf(f, ",\n \"samples\":%zu", P->profile_samples);
    fputs(",\n \"t\":", f);
    json_put_numbers(f, P->t, P->nsamples);
    fputs(",\n \"values\":[", f);
    for (size_t i = 0; i < P->nsamples; i++) {
        fputs(i ? ",\n  " : "\n  ", f);
        json_put_numbers(f, P->value + i * P->nbands, P->nbands);
    }
    fputs("]", f);
    if (P->nheap) { /* --heap: the RTS's lines at each sample */
        fputs(",\n \"heap_names\":[", f);
        for (size_t k = 0; k < P->nheap; k++) {
            fputs(k ? "," : "", f);
            json_put_string(f, P->heap_name[k], JSON_IN_SCRIPT);
        }
        fputs("],\n \"heap_colours\":[", f);
        for (size_t k = 0; k < P->nheap; k++)
            fprintf(f, "%s\"#%02x%02x%02x\"", k ? "," : "", channel(P->heap_colour[k].r),
                    channel(P->heap_colour[k].g), channel(P->heap_colour[k].b));
        fputs("],\n \"heap\":[", f);
        for (size_t i = 0; i < P->nsamples; i++) {
            fputs(i ? ",\n  " : "\n  ", f);
            json_put_numbers(f, P->heap + i * P->nheap, P->nheap);
        }
        fputs("]", f);
    }
    if (P->nmarks) { /* the markers drawn, with their whole texts */
        fputs(",\n \"mark_t\":", f);
        json_put_numbers(f, P->mark_t, P->nmarks);
        fputs(",\n \"mark_text\":[", f);
        for (size_t i = 0; i < P->nmarks; i++) {
            fputs(i ? ",\n  " : "\n  ", f);
            json_put_string(f, P->mark_text[i], JSON_IN_SCRIPT);
        }
        fputs("]", f);
        if (P->mark_strip > 0) {
            fputs(",\n \"mark_strip\":", f);
            json_put_number(f, P->mark_strip);
        }
    }
    json_panel_figures(f, P);
    json_panel_names(f, D, P);
    if (P->hidden) { /* what -t removed, by sample: the readout's totals say it */
        fprintf(f, ",\n \"trace\":{\"names\":%zu,\"percent\":", P->hidden_names);
        json_put_number(f, P->trace_percent);
        fputs(",\"hidden\":", f);
        json_put_numbers(f, P->hidden, P->nsamples);
        fputs("}", f);
    }
    if (P->suspects)
        json_suspects(f, P, P->nsamples);
    if (P->opened)
        json_opened(f, P);
    if (P->tree)
        json_tree(f, P->tree);
    fputs("}", f);
}

/* --watch: the script reloads the page each period (a <meta> refresh
 * took the focus, and never stopped), and stops once refresh_stop
 * reloads found it the same: the watch has ended. */
static void json_watch(FILE *f, const struct render_settings *rs)
{
    if (!(rs->refresh > 0))
        return;
    fputs("\"watch_period\":", f);
    json_put_number(f, fmax(1, ceil(rs->refresh)));
    fprintf(f, ",\"watch_stop\":%u,\n", rs->refresh_stop ? rs->refresh_stop : 10);
}

static void json_data(FILE *f, const struct page_data *D, const struct render_settings *rs)
{
    if (!D) {
        fputs("null", f);
        return;
    }
    static const char *const mode[] = {
        [MODE_STACKED] = "stacked", [MODE_PERCENT] = "percent", [MODE_LINES] = "lines"
    };
    fprintf(f, "{\"mode\":\"%s\",\"diff\":%s,\"x_index\":%s,\"iec\":%s,\"watch\":%s,\n",
            mode[D->mode], D->diff ? "true" : "false", D->x_index ? "true" : "false",
            D->iec ? "true" : "false", rs->refresh > 0 ? "true" : "false");
    json_watch(f, rs);
    fputs("\"value_unit\":", f);
    json_put_string(f, D->value_unit, JSON_IN_SCRIPT);
    fputs(",\"sample_unit\":", f);
    json_put_string(f, D->sample_unit, JSON_IN_SCRIPT);
    if (D->detail_columns) { /* the names of the bands' detail fields */
        fputs(",\n\"detail_columns\":", f);
        json_fields(f, D->detail_columns);
    }
    fputs(",\n\"bands\":[", f);
    for (size_t b = 0; b < D->nbands; b++) {
        fputs(b ? ",\n " : "\n ", f);
        json_band(f, &D->band[b]);
    }
    fputs("],\n\"panels\":[", f);
    for (size_t k = 0; k < D->npanels; k++) {
        fputs(k ? ",\n" : "\n", f);
        json_panel(f, D, &D->panel[k]);
    }
    fputs("]}", f);
}

/* ---- the graph ----------------------------------------------------------------- */

/* What the page shows of the sheet: the drawing's bounds (its outer box
 * encloses everything) and a margin, not the blank A4 around it. */
static void drawn_bounds(const struct layout *L, double box[4])
{
    const double *m = L->matrix;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (size_t pg = 0; pg < L->npages; pg++)
        for (size_t k = 0; k < L->page[pg].count; k++) {
            const struct prim *pr = &L->page[pg].prim[k];
            for (size_t i = 0; pr->kind != PRIM_TEXT && i < pr->npts; i++) {
                double x = pr->pts[2 * i], y = pr->pts[2 * i + 1];
                double px = m[0] * x + m[2] * y + m[4], py = m[1] * x + m[3] * y + m[5];
                x0 = fmin(x0, px), y0 = fmin(y0, py), x1 = fmax(x1, px), y1 = fmax(y1, py);
            }
        }
    const double margin = 4;
    if (!(x1 > x0 && y1 > y0)) {
        x0 = y0 = margin, x1 = L->page_width - margin, y1 = L->page_height - margin;
    }
    box[0] = fmax(0, x0 - margin);
    box[1] = fmax(0, y0 - margin);
    box[2] = fmin(L->page_width, x1 + margin) - box[0];
    box[3] = fmin(L->page_height, y1 + margin) - box[1];
}

/* render/svg.c's SVG, with a root element of ours: the part of the sheet
 * drawn on, an id for the script, and no XML declaration (this is HTML). */
static int put_svg(FILE *f, const struct layout *L, struct render_fonts *fonts,
                   struct hp_error *err)
{
    char *svg = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&svg, &len);
    if (!mem)
        return hp_fail(err, "writing HTML failed: no memory for the SVG");
    int rc = render_svg_write(mem, L, fonts, false, err);
    if (fclose(mem) != 0 && rc == 0)
        rc = hp_fail(err, "writing HTML failed: no memory for the SVG");
    const char *root = rc == 0 ? strstr(svg, "<svg") : NULL;
    const char *body = root ? strchr(root, '>') : NULL;
    if (rc == 0 && !body)
        rc = hp_fail(err, "writing HTML failed: cairo wrote no <svg> element");
    if (rc == 0) {
        double vb[4];
        drawn_bounds(L, vb);
        char num[4][40];
        for (int i = 0; i < 4; i++) {
            snprintf(num[i], sizeof num[i], "%.2f", vb[i]);
            dot_decimal(num[i]);
        }
        fprintf(f,
                "<svg id=\"picture\" xmlns=\"http://www.w3.org/2000/svg\" "
                "xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"%s %s %s %s\" "
                "width=\"%spt\" height=\"%spt\" role=\"img\" aria-label=\"",
                num[0], num[1], num[2], num[3], num[2], num[3]);
        markup_put_text(f, L->title ? L->title : "");
        fputs("\"", f);
        fwrite(body, 1, len - (size_t)(body - svg), f);
    }
    free(svg);
    return rc;
}

/* ---- the page ------------------------------------------------------------------ */

static int write_html(FILE *f, const struct layout *L, const struct page_data *D,
                      struct render_fonts *fonts, const struct render_settings *rs,
                      struct hp_error *err)
{
    const char *title = L->title ? L->title : "";
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", f);
    fputs("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n", f);
    fputs("<meta name=\"generator\" content=\"hp2ps " PACKAGE_VERSION "\">\n", f);
    if (rs->refresh > 0) /* --watch: the drawing is replaced as the profile grows (the
                          * script reloads it, page.js; this, only without it) */
        fprintf(f, "<noscript><meta http-equiv=\"refresh\" content=\"%.0f\"></noscript>\n",
                fmax(1, ceil(rs->refresh)));
    fputs("<title>", f);
    markup_put_text(f, title);
    fputs("</title>\n<style>\n", f);
    put_lines(f, page_css);
    put_lines(f, page_features_css);
    fputs("</style>\n</head>\n<body>\n<header>\n<h1>", f);
    markup_put_text(f, title);
    fputs("</h1>\n<p class=\"date\">", f);
    markup_put_text(f, L->date ? L->date : "");
    fputs("</p>\n</header>\n<main>\n<div id=\"graph\">\n", f);
    if (put_svg(f, L, fonts, err) < 0)
        return -1;
    fputs("<div id=\"readout\" role=\"status\" aria-live=\"polite\" hidden></div>\n</div>\n", f);
    fputs("<p class=\"help\">Point at the graph to read the band under the pointer "
          "(or Tab to the graph and use the arrow keys). "
          "Drag across the graph or the strip under it, or use Ctrl and the wheel, + and "
          "\xe2\x88\x92, to zoom; Escape or a double-click shows the whole run. "
          "Click a band in the graph to see it alone (Shift-click: several; a click "
          "where no band is: all). "
          "Point at a key entry or a row of the table to highlight its band; "
          "click it (or press Enter on it) to keep it highlighted, and again to "
          "restore. Click a column's heading to sort by it.</p>\n",
          f);
    fputs("<noscript><p>The readout and the table need JavaScript.</p></noscript>\n", f);
    fputs("<div id=\"tables\"></div>\n</main>\n", f);
    fputs("<footer>Drawn by hp2ps " PACKAGE_VERSION ".</footer>\n", f);
    fputs("<script type=\"application/json\" id=\"hp2ps-data\">\n", f);
    json_data(f, D, rs);
    fputs("\n</script>\n<script>\n", f);
    /* the features first: each registers itself for page.js's hooks */
    put_lines(f, page_suspects_js);
    put_lines(f, page_icicle_js);
    put_lines(f, page_js);
    fputs("</script>\n</body>\n</html>\n", f);
    return 0;
}

const struct render_format render_format_html = { .name = "html", .write_page = write_html };

/* SPDX-License-Identifier: BSD-3-Clause */
/* layout/frame.c: the frame (layout/frame.h), its title box and its axes,
 * and how a band looks: what the key, the graph and every kind of page
 * (layout/layout.c: one profile; panels.c: several; diff.c: --diff)
 * draw in.  Below the key (layout/key.c), which it never calls.
 *
 * The geometry starts from GHC's, so that our graphs sit where users
 * expect them: a 648 x 432 box, a title box at the top, the graph in the
 * lower left, a key to the right of the graph.  What GHC got wrong is
 * fixed here: text is measured with real font metrics and set at its
 * true size in points (-e makes the box the page's width, it does not
 * scale the type); names and titles are shortened to fit, so the graph
 * can never be squeezed off the page; a key too big to stand beside the
 * graph goes below it or on pages of its own; the y axis ends at a
 * labelled tick at or above the peak and the axes' units are titles, not
 * tick slots; marks outside the time axis are not drawn.
 */
#include "layout/frame.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/shorten.h"
#include "number.h"
#include "utf8.h"

#define LINES_HEADROOM     1.08  /* --mode=lines: y scale over the largest band */
#define BOX_MIN_WIDTH      144.0 /* -e's smallest (options.c) */
#define TITLE_HEIGHT_SMALL 20.0
#define TITLE_HEIGHT_BIG   40.0
#define TITLE_NOTE_HEIGHT  16.0      /* a title's note, on a line under the box's */
#define FACT_PITCH         10.5      /* the facts' lines under it */
#define FACT_PAD           2.0       /* above the first and below the last */
#define FACT_SHARE         (1.0 / 3) /* of the graph's height, at most */
#define TITLE_TEXT_GAP     10.0      /* between the title's job, middle and date */
#define X_LABEL_BASELINE   15.5
#define X_TITLE_BASELINE   4.5
#define Y_TITLE_X          14.0 /* the rotated y unit title's baseline */
#define LABEL_GAP          2.0  /* a tick to its label */
#define Y_TICK_MIN_GAP     14.0 /* y labels at least this far apart */
#define X_LABEL_MIN_GAP    8.0  /* between neighbouring x labels */
#define TICK_LENGTH        4.0
#define GRID_WIDTH         0.4

static const char ELLIPSIS[] = "\xE2\x80\xA6";

/* ---- the frame ---- */

int frame_check(double x_range, double y_span, const char *source, struct hp_error *err)
{
    if (!(x_range > 0) || !(y_span > 0) || !isfinite(x_range) || !isfinite(y_span))
        return hp_fail(err, "%s: cannot scale the graph (time or value range is not finite)",
                       source);
    return 0;
}

/* The box is GHC's 648 x 432, or with -e the page's width in points (the
 * type keeps its size; the graph takes the width), the frame's line
 * inside the page. */
static void frame_box(struct frame *f, const struct layout_options *o)
{
    if (o->page == PAGE_FIT) {
        double w = fmax(o->fit_width, BOX_MIN_WIDTH);
        f->bw = w - LINE_WIDTH;
        f->bh = w * BOX_HEIGHT / BOX_WIDTH - LINE_WIDTH;
    } else {
        f->bw = BOX_WIDTH;
        f->bh = BOX_HEIGHT;
    }
}

/* The title box's inner edges, and where the small box's middle sits. */
static double title_left(void)
{
    return BORDER_SPACE + 6;
}

static double title_right(const struct frame *f)
{
    return f->bw - BORDER_SPACE - 6;
}

/* Room for the job and for the date beside a middle of width mid_w on
 * the small box's one line. */
static void small_title_room(const struct frame *f, double mid_w, double *job, double *date)
{
    double centre = f->bw / 2 - BORDER_SPACE;
    *job = centre - mid_w / 2 - TITLE_TEXT_GAP - title_left();
    *date = title_right(f) - (centre + mid_w / 2 + TITLE_TEXT_GAP);
}

/* The middle, at most a line wide: whole, or its short form, shortened. */
static char *title_middle(const struct frame *f, const struct title *t,
                          const struct text_metrics *tm)
{
    double room = title_right(f) - title_left();
    if (!t->middle_short || tm->width(tm->ctx, FONT_TITLE, t->middle) <= room)
        return layout_ellipsize(t->middle, room, FONT_TITLE, tm);
    return layout_ellipsize(t->middle_short, room, FONT_TITLE, tm);
}

/* The rest of t's facts from byte at of fact i on, on one line of
 * width: whole when it fits, else as much as fits, at a word's end where
 * one is near, and an ellipsis.  A new string. */
static char *facts_rest(const struct title *t, size_t i, size_t at, double width,
                        const struct text_metrics *tm)
{
    size_t len = 0;
    for (size_t j = i; j < t->nfacts; j++)
        len += strlen(t->facts[j]) + 1;
    char *rest = xmalloc(len + 1), *q = rest;
    for (size_t j = i; j < t->nfacts; j++) {
        const char *from = t->facts[j] + (j == i ? at : 0);
        size_t n = strlen(from);
        memcpy(q, from, n);
        q += n;
        *q++ = ' ';
    }
    q[-1] = '\0';
    char **part;
    size_t k = text_wrap(rest, width, FONT_AXIS, tm, &part);
    if (k > 1) {
        for (size_t j = 0; j < k; j++)
            free(part[j]);
        free(part);
        k = text_wrap(rest, width - tm->width(tm->ctx, FONT_AXIS, ELLIPSIS), FONT_AXIS, tm, &part);
        size_t n = strlen(part[0]);
        while (n > 0 && part[0][n - 1] == ' ')
            n--;
        part[0][n] = '\0';
        char *cut = xmalloc(n + sizeof ELLIPSIS);
        memcpy(cut, part[0], n);
        memcpy(cut + n, ELLIPSIS, sizeof ELLIPSIS);
        free(part[0]);
        part[0] = cut;
    }
    for (size_t j = 1; j < k; j++)
        free(part[j]);
    char *line = part[0];
    free(part);
    free(rest);
    return line;
}

/* t's facts wrapped to the title box's width, in at most max lines (the
 * last then holds what it can of the rest, and an ellipsis): how many
 * lines, and (lines not NULL) the lines, a new array of new strings. */
static size_t facts_lines(const struct frame *f, const struct title *t,
                          const struct text_metrics *tm, size_t max, char ***lines)
{
    double width = title_right(f) - title_left();
    size_t n = 0;
    char **all = NULL;
    for (size_t i = 0; i < t->nfacts && n < max; i++) {
        char **part;
        size_t k = text_wrap(t->facts[i], width, FONT_AXIS, tm, &part);
        all = xreallocarray(all, n + k ? n + k : 1, sizeof *all);
        size_t at = 0;
        for (size_t j = 0; j < k; j++) {
            /* (a line is the fact's next bytes: text_wrap cuts, never drops) */
            bool last = n + 1 == max && (j + 1 < k || i + 1 < t->nfacts);
            if (last || n == max) {
                free(part[j]);
                if (last)
                    all[n++] = facts_rest(t, i, at, width, tm);
                continue;
            }
            at += strlen(part[j]);
            all[n++] = part[j];
        }
        free(part);
    }
    if (lines)
        *lines = all;
    else {
        for (size_t i = 0; i < n; i++)
            free(all[i]);
        free(all);
    }
    return n;
}

/* -b, -s, or by measure: the small box when its one line holds the job
 * and the date whole beside the middle, else the big one, where the job
 * has a line of its own (GHC's rule counted 35 bytes of the job). */
static bool title_needs_big(const struct frame *f, const struct title *t,
                            const struct text_metrics *tm)
{
    char *mid = title_middle(f, t, tm);
    double job_room, date_room;
    small_title_room(f, tm->width(tm->ctx, FONT_TITLE, mid), &job_room, &date_room);
    free(mid);
    char *job = layout_ellipsize(t->job, job_room, FONT_TITLE, tm);
    char *date = layout_ellipsize(t->date, date_room, FONT_TITLE, tm);
    bool big = strcmp(job, t->job) != 0 || strcmp(date, t->date) != 0;
    free(job);
    free(date);
    return big;
}

/* The title box's height for titles t[0..n), and the graph's height it
 * leaves. */
static void frame_set_title(struct frame *f, enum title_box box, const struct title *t, size_t n,
                            const struct text_metrics *tm)
{
    bool big = box == TITLE_BIG;
    for (size_t k = 0; k < n && box == TITLE_AUTO && !big; k++)
        big = title_needs_big(f, &t[k], tm);
    f->title_height = big ? TITLE_HEIGHT_BIG : TITLE_HEIGHT_SMALL;
    /* under the title: the note of what -t left out and the reader's
     * facts, then (at the box's foot) --top's line */
    f->note_row = false;
    f->suspects_height = 0;
    for (size_t k = 0; k < n; k++) {
        f->note_row |= t[k].note != NULL;
        if (t[k].suspects)
            f->suspects_height = TITLE_NOTE_HEIGHT;
    }
    /* The facts take at most FACT_SHARE of the graph's height they would
     * leave, one line at least: on a narrow page (-e3in) they are cut,
     * the graph is not (the JSON export has them whole). */
    double graph = f->bh - f->title_height - 2 * BORDER_SPACE - ORIGIN_Y
        - (f->note_row ? TITLE_NOTE_HEIGHT : 0) - f->suspects_height;
    double room = FACT_SHARE * graph - 2 * FACT_PAD;
    f->fact_rows = room >= FACT_PITCH ? (size_t)(room / FACT_PITCH) : 1;
    size_t fact_lines = 0;
    for (size_t k = 0; k < n; k++) {
        size_t lines = facts_lines(f, &t[k], tm, f->fact_rows, NULL);
        fact_lines = lines > fact_lines ? lines : fact_lines;
    }
    f->note_height = (f->note_row ? TITLE_NOTE_HEIGHT : 0)
        + (fact_lines ? FACT_PITCH * (double)fact_lines + 2 * FACT_PAD : 0) + f->suspects_height;
    f->title_height += f->note_height;
    f->gh = f->bh - f->title_height - 2 * BORDER_SPACE - ORIGIN_Y;
}

void frame_init(struct frame *f, const struct layout_options *o, double x0, const struct title *t,
                size_t n, const struct text_metrics *tm)
{
    memset(f, 0, sizeof *f);
    frame_box(f, o);
    f->o = o;
    f->x0 = x0;
    f->x_range = o->x_range;
    frame_set_title(f, o->title_box, t, n, tm);
}

/* The y scale of a graph from 0: a nice step (of kB, MB, ...; of KiB,
 * MiB, ... with --units=iec; never a fraction of a byte), labels at
 * least Y_TICK_MIN_GAP apart over length points, and the axis's top at
 * the first step at or above range, so the peak is under a labelled
 * tick.  Returns the top. */
static double y_scale(struct ticks *t, struct value_scale *vs, double range, const char *value_unit,
                      bool iec, double length)
{
    bool bytes = strcmp(value_unit, "bytes") == 0;
    double divisor = iec ? axis_iec_divisor(range) : 1;
    double step = axis_nice(range / divisor / 7);
    if (bytes && step * divisor < 1)
        step = 1;
    double top = range;
    for (int tries = 0; tries < 40; tries++, step = axis_nice_next(step)) {
        top = axis_round_up(range, step * divisor);
        /* (one interval is as few as there can be, however short the axis) */
        if (step * divisor / top * length >= Y_TICK_MIN_GAP || top <= step * divisor * 1.000001)
            break;
    }
    axis_ticks_step(t, 0, top, step * divisor);
    if (iec)
        axis_iec_scale(vs, t, range, bytes);
    else
        axis_value_scale(vs, t, bytes);
    return top;
}

void frame_set_y(struct frame *f, const char *value_unit)
{
    const struct layout_options *o = f->o;
    double range = o->mode == MODE_LINES ? o->y_range * LINES_HEADROOM : o->y_range;
    bool percent = o->mode == MODE_PERCENT;
    /* (percent: every label says its "%", so the axis needs no title) */
    f->y_unit = percent ? NULL : value_unit;
    f->y_range = y_scale(&f->y_ticks, &f->y_scale, range, percent ? "%" : value_unit,
                         !percent && o->iec, f->gh);
}

/* A step as y_scale's over the whole span, so the labels are as far
 * apart as on a graph from 0; the suffix and decimals for the largest
 * magnitude. */
void frame_set_signed_y(struct frame *f, double lo, double hi, const char *value_unit)
{
    bool iec = f->o->iec;
    bool bytes = strcmp(value_unit, "bytes") == 0;
    struct ticks t;
    y_scale(&t, &f->y_scale, hi - lo, value_unit, iec, f->gh);
    double step = t.step;
    double bottom = lo < 0 ? -axis_round_up(-lo, step) : 0;
    double top = hi > 0 ? axis_round_up(hi, step) : 0;
    axis_ticks_step(&f->y_ticks, bottom, top, step);
    struct ticks ends = t;
    ends.n = 1;
    ends.value[0] = fmax(-bottom, top);
    if (iec)
        axis_iec_scale(&f->y_scale, &ends, fmax(-bottom, top), bytes);
    else
        axis_value_scale(&f->y_scale, &ends, bytes);
    f->y_lo = bottom;
    f->y_range = top - bottom;
    f->y_unit = value_unit;
    f->y_signed = true;
}

double frame_full_width(const struct frame *f)
{
    return f->bw - ORIGIN_X - 2 * BORDER_SPACE;
}

double graph_x(const struct frame *f, double t)
{
    return ORIGIN_X + (t - f->x0) / f->x_range * f->gw;
}

double graph_y(const struct frame *f, double v)
{
    return ORIGIN_Y + (v - f->y_lo) / f->y_range * f->gh;
}

const char *sign_of(double v)
{
    return v > 0 ? "+" : v < 0 ? "\xE2\x88\x92" : "";
}

/* --pattern: a band's hatch, by its rank in size, so that it keeps it
 * whatever the order drawn, and the largest bands get the lightest looks:
 * none, then the single hatches, then the crossed ones (LAYOUT_HATCHES
 * counts from the sparsest), round again.  In the default order, by
 * size, seven looks times ten greys keep any two bands within seventy of
 * each other apart. */
int band_hatch(const struct frame *f, const struct band *band)
{
    return f->o->pattern ? (int)(band->rank % (LAYOUT_HATCHES + 1)) : 0;
}

/* --mode=lines: how a band's line looks, by its rank in size, so the
 * largest band's line is the boldest and a band keeps its look whatever
 * the order.  In colour, its fill colour, darkened where needed to stand
 * out on white (3:1 at least), solid.  In black and white the fill greys
 * would vanish as thin lines (one is white), so the lines take greys of
 * their own, black for the largest band, and dash patterns too (seven
 * looks times three greys); --pattern asks for the dashes in colour too. */
static struct rgb line_colour(const struct layout_options *o, const struct band *band)
{
    return o->colour ? palette_line_colour(band->fill) : palette_line_grey(band->rank);
}

void line_style(const struct frame *f, const struct band *band, struct rgb *colour, int *dash)
{
    *colour = line_colour(f->o, band);
    *dash = 0;
    if (!f->o->colour || f->o->pattern)
        *dash = (int)(band->rank % (LAYOUT_DASHES + 1));
}

struct rgb layout_band_colour(const struct layout_options *o, const struct band *band)
{
    return o->mode == MODE_LINES ? line_colour(o, band) : band->fill;
}

/* ---- the title box ---- */

void title_free(struct title *t)
{
    free(t->job);
    free(t->middle);
    free(t->middle_short);
    free(t->date);
    free(t->note);
    free(t->suspects);
    for (size_t i = 0; i < t->nfacts; i++)
        free(t->facts[i]);
    free(t->facts);
}

void title_add_facts(struct title *t, const struct profile *p, const char *prefix)
{
    if (!p->facts.n)
        return;
    t->facts = xreallocarray(t->facts, t->nfacts + p->facts.n, sizeof *t->facts);
    for (size_t i = 0; i < p->facts.n; i++) {
        char *text = display_text(p->facts.text[i]);
        size_t a = strlen(prefix), b = strlen(text);
        char *line = xmalloc(a + b + 1);
        memcpy(line, prefix, a);
        memcpy(line + a, text, b + 1);
        free(text);
        t->facts[t->nfacts++] = line;
    }
}

void title_side_names(const struct profile *before, const struct profile *after, char **b, char **a)
{
    const char *fa = after->source, *fb = before->source;
    const char *sa = strrchr(fa, '/'), *sb = strrchr(fb, '/');
    if (strcmp(sa ? sa + 1 : fa, sb ? sb + 1 : fb) != 0)
        fa = sa ? sa + 1 : fa, fb = sb ? sb + 1 : fb;
    *a = display_text(fa);
    *b = display_text(fb);
}

void title_add_side_facts(struct title *t, const struct profile *before,
                          const struct profile *after)
{
    char *side[2];
    title_side_names(before, after, &side[0], &side[1]);
    for (int k = 0; k < 2; k++) {
        size_t len = strlen(side[k]) + 3;
        char *prefix = xmalloc(len);
        snprintf(prefix, len, "%s: ", side[k]);
        title_add_facts(t, k ? after : before, prefix);
        free(prefix);
        free(side[k]);
    }
}

/* " at 3.2 s" (" at sample 7" for --x=index), the time t in the time
 * axis's unit, so that a run the axis counts in hours gives its peak in
 * hours too ("at 19.95 h"), not in seconds to convert. */
static void when_text(char *buf, size_t size, const struct profile *p, double t, const char *su,
                      double x_range)
{
    char when[64];
    struct time_unit tu;
    axis_time_unit(&tu, x_unit(p, false), x_range);
    const char *unit = strcmp(p->sample_unit, "seconds") == 0 ? "s" : su;
    if (tu.name && !p->x_is_index) {
        t /= tu.seconds;
        unit = tu.seconds == 3600 ? "h" : "min";
    }
    if (t >= 100)
        axis_format_time(when, sizeof when, t, 0);
    else
        snprintf(when, sizeof when, tu.name ? "%.4g" : "%.3g", t);
    if (p->x_is_index)
        snprintf(buf, size, " at sample %s", when);
    else
        snprintf(buf, size, " at %s %s", when, unit);
}

/* The peak and when, "peak 12 MB at 3.2 s", into buf (size bytes): of
 * every name, those -t removed too (the drawing may leave them out, the
 * figure may not). */
static void peak_text(char *buf, size_t size, const struct profile *p, const struct series *s,
                      const char *su, double x_range, bool iec, const struct text_metrics *tm)
{
    char peak[96], when[128];
    axis_format_quantity(peak, sizeof peak, s->all_max, p->value_unit, iec);
    char *pk = fitted_text(peak, UNIT_ROOM, FONT_TITLE, tm);
    when_text(when, sizeof when, p, s->all_max_time, su, x_range);
    snprintf(buf, size, "peak %s%s", pk, when);
    utf8_trim_partial(buf);
    free(pk);
}

/* What -t removed, when it reaches TRACE_NOTE_SHARE of the peak: at that
 * height it would show, so the picture says what it leaves out, "not
 * drawn: 56 names under -t1's 1 % of the total, up to 2.53 MB (6.5 % of
 * its sample) at 1.6 s; -t0 draws them", and without --top (top false)
 * where a leak that small would be found: ", --top ranks what grew".
 * NULL when nothing that large. */
static char *trace_note(const struct profile *p, const struct series *s, double x_range, bool iec,
                        bool top, const struct text_metrics *tm)
{
    if (!s->hidden_names || !(s->hidden_max > TRACE_NOTE_SHARE * s->all_max))
        return NULL;
    char amount[96], when[128], note[600];
    axis_format_quantity(amount, sizeof amount, s->hidden_max, p->value_unit, iec);
    char *am = fitted_text(amount, UNIT_ROOM, FONT_TITLE, tm);
    char *su = fitted_text(x_unit(p, true), UNIT_ROOM, FONT_TITLE, tm);
    when_text(when, sizeof when, p, s->hidden_time, su, x_range);
    double share = s->hidden_total > 0 ? 100 * s->hidden_max / s->hidden_total : 100;
    snprintf(note, sizeof note,
             "not drawn: %zu name%s under -t%g's %g %% of the total, up to %s (%.*f %% of its "
             "sample)%s; -t0 draws them%s",
             s->hidden_names, s->hidden_names == 1 ? "" : "s", s->trace_percent, s->trace_percent,
             am, number_percent_decimals(share, share < 10 ? 1 : 0), share, when,
             top ? "" : TRACE_NOTE_TOP);
    utf8_trim_partial(note);
    free(am);
    free(su);
    return xstrdup(note);
}

void profile_title(struct title *tt, const struct profile *p, const struct series *s,
                   double x_range, bool iec, bool top, const struct text_metrics *tm)
{
    char area[1024], total[420], short_form[512] = "";
    axis_format_thousands(total, sizeof total, s->all_area);
    /* Units are the profile's: each gets at most a sixth of the box. */
    char *vu = fitted_text(p->value_unit, UNIT_ROOM, FONT_TITLE, tm);
    char *su = fitted_text(x_unit(p, true), UNIT_ROOM, FONT_TITLE, tm);
    if (s->nsamples == 1) { /* no span: the one sample is the picture */
        char when[128], value[96];
        axis_format_quantity(value, sizeof value, s->all_max, p->value_unit, iec);
        char *v = fitted_text(value, UNIT_ROOM, FONT_TITLE, tm);
        when_text(when, sizeof when, p, s->all_max_time, su, x_range);
        snprintf(short_form, sizeof short_form, "one sample: %s%s", v, when);
        free(v);
        snprintf(area, sizeof area, "%s %s \xC3\x97 %s, %s", total, vu, su, short_form);
    } else if (s->all_max > 0) {
        peak_text(short_form, sizeof short_form, p, s, su, x_range, iec, tm);
        snprintf(area, sizeof area, "%s %s \xC3\x97 %s, %s", total, vu, su, short_form);
    } else
        snprintf(area, sizeof area, "%s %s \xC3\x97 %s", total, vu, su);
    /* A long unit can fill the buffer: never cut a character in two. */
    utf8_trim_partial(area);
    free(vu);
    free(su);
    tt->job = display_text(p->job);
    tt->middle = xstrdup(area);
    tt->middle_short = *short_form ? xstrdup(short_form) : NULL;
    tt->date = display_text(p->date);
    tt->note = trace_note(p, s, x_range, iec, top, tm);
    tt->facts = NULL;
    tt->nfacts = 0;
    title_add_facts(tt, p, "");
}

/* One leak as the title's line names it: "NAME +408.8 kB, 100 % held"
 * (two profiles: "NAME +407.4 kB at its peak"), the name shortened to
 * name_room. */
static char *suspect_text(const struct triage *t, const struct triage_row *r,
                          const struct profile *p, bool iec, double name_room,
                          const struct text_metrics *tm)
{
    char amount[96], text[1024];
    char *unit = fitted_text(p->value_unit, UNIT_ROOM, FONT_AXIS, tm);
    axis_format_quantity(amount, sizeof amount, fabs((double)r->change), unit, iec);
    free(unit);
    char *shown = utf8_display_name(r->name, strlen(r->name));
    char *name = layout_ellipsize(shown, name_room, FONT_AXIS, tm);
    if (t->two)
        snprintf(text, sizeof text, "%s %s%s at its peak", name, sign_of((double)r->change),
                 amount);
    else
        snprintf(text, sizeof text, "%s %s%s, %.0f %% held", name, sign_of((double)r->change),
                 amount, 100 * r->fig.held);
    utf8_trim_partial(text);
    free(shown);
    free(name);
    return xstrdup(text);
}

/* The line's list after lead: as many of t's first n leaks as fit room
 * whole, each name in at most half of it; a count of the rest.  A new
 * string. */
static char *suspects_list(const struct triage *t, const struct profile *p,
                           const struct layout_options *o, const char *lead, double room, size_t n,
                           const struct text_metrics *tm)
{
    /* The leaks in their rank order: a row that is not one may rank
     * above one (a big growth, but unsteady), and the line names the
     * bands the key marks. */
    const struct triage_row **leak = xcalloc(t->nleaks ? t->nleaks : 1, sizeof *leak);
    for (size_t i = 0, k = 0; i < t->nrows && k < t->nleaks; i++)
        if (t->row[i].leak)
            leak[k++] = &t->row[i];
    /* As many as fit whole, each name in at most half the line; a count
     * of the rest. */
    char *text = xstrdup(lead);
    size_t shown = 0;
    for (size_t i = 0; i < n; i++) {
        char more[64] = "";
        if (i + 1 < t->nleaks)
            snprintf(more, sizeof more, "; %zu more", t->nleaks - i - 1);
        /* The first goes in whatever the room: its name gives way (on a
         * narrow -e page), so the line keeps the leak's amount and how
         * much is held. */
        double name_room = room / 2;
        char *next = NULL;
        size_t cut = 0;
        for (int tries = 0; tries < 4; tries++) {
            char *one = suspect_text(t, leak[i], p, o->iec, name_room, tm);
            size_t len = strlen(text) + strlen(one) + sizeof more + 3;
            free(next);
            next = xmalloc(len);
            snprintf(next, len, "%s%s%s", text, i ? "; " : "", one);
            cut = strlen(next);
            snprintf(next + cut, len - cut, "%s", more);
            free(one);
            double over = tm->width(tm->ctx, FONT_AXIS, next) - room;
            if (i > 0 || over <= 0)
                break;
            name_room = fmax(name_room - over, 8);
        }
        if (i > 0 && tm->width(tm->ctx, FONT_AXIS, next) > room) {
            free(next);
            break;
        }
        next[cut] = '\0';
        free(text);
        text = next;
        shown++;
    }
    if (shown < t->nleaks) {
        size_t len = strlen(text) + 64;
        text = xrealloc(text, len);
        size_t at = strlen(text);
        snprintf(text + at, len - at, "; %zu more", t->nleaks - shown);
    }
    free(leak);
    return text;
}

char *suspects_line(const struct layout_options *o, const struct profile *p,
                    const struct text_metrics *tm)
{
    const struct triage *t = o->suspects;
    if (!t)
        return NULL;
    struct frame box;
    frame_box(&box, o);
    double room = title_right(&box) - title_left();
    char floor[96], line[512];
    char *unit = fitted_text(p->value_unit, UNIT_ROOM, FONT_AXIS, tm);
    axis_format_quantity(floor, sizeof floor, t->floor, unit, o->iec);
    free(unit);
    const char *lead = t->two ? "grew since the first run (--top): " : "leak suspects (--top): ";
    if (!t->ncensuses) {
        snprintf(line, sizeof line, "%snone: no census holds anything", lead);
        return xstrdup(line);
    }
    if (!t->two && t->ncensuses < TRIAGE_LEAK_CENSUSES) {
        snprintf(line, sizeof line, "%snone called: %zu census%s too few to tell a leak", lead,
                 t->ncensuses, t->ncensuses == 1 ? " is" : "es are");
        return xstrdup(line);
    }
    if (!t->nleaks) {
        snprintf(line, sizeof line,
                 t->two ? "%snothing by %s (%g %% of the peak)"
                        : "%snone; a leak scores %s (%g %% of the peak)",
                 lead, floor, 100 * TRIAGE_LEAK_SHARE);
        utf8_trim_partial(line);
        return xstrdup(line);
    }
    size_t n = t->nleaks;
    if (o->suspects_max && n > o->suspects_max)
        n = o->suspects_max;
    /* a narrow page (-e3in): the short lead, so that the first leak's
     * amount shows */
    char *text = suspects_list(t, p, o, lead, room, n, tm);
    if (tm->width(tm->ctx, FONT_AXIS, text) > room) {
        free(text);
        text = suspects_list(t, p, o, t->two ? "grew: " : "leaks: ", room, n, tm);
    }
    return text;
}

/* The small box: job, middle and date on one line; the job and date give
 * way (ellipsized) so the middle always shows. */
static void title_small(struct page *pg, const struct frame *f, const struct title *t,
                        const char *middle, const struct text_metrics *tm)
{
    double job_room, date_room;
    small_title_room(f, tm->width(tm->ctx, FONT_TITLE, middle), &job_room, &date_room);
    double baseline = f->bh - BORDER_SPACE - (f->title_height - f->note_height) + 6;
    char *job = layout_ellipsize(t->job, job_room, FONT_TITLE, tm);
    char *date = layout_ellipsize(t->date, date_room, FONT_TITLE, tm);
    page_text(pg, job, title_left(), baseline, ALIGN_LEFT, FONT_TITLE, 0);
    page_text(pg, middle, f->bw / 2 - BORDER_SPACE, baseline, ALIGN_CENTRE, FONT_TITLE, 0);
    page_text(pg, date, title_right(f), baseline, ALIGN_RIGHT, FONT_TITLE, 0);
    free(job);
    free(date);
}

/* The big box: the job alone on the upper line, the middle and the date
 * under it. */
static void title_big(struct page *pg, const struct frame *f, const struct title *t,
                      const char *middle, const struct text_metrics *tm)
{
    double th = f->title_height - f->note_height, top = f->bh - BORDER_SPACE;
    double left = title_left(), right = title_right(f);
    double mid_w = tm->width(tm->ctx, FONT_TITLE, middle);
    double rule = top - th / 2;
    page_line(pg, BORDER_SPACE, rule, f->bw - BORDER_SPACE, rule);
    char *job = layout_ellipsize(t->job, right - left, FONT_TITLE, tm);
    char *date = layout_ellipsize(t->date, right - left - mid_w - 16, FONT_TITLE, tm);
    page_text(pg, job, left, rule + 6, ALIGN_LEFT, FONT_TITLE, 0);
    page_text(pg, middle, left, top - th + 6, ALIGN_LEFT, FONT_TITLE, 0);
    /* (a date cut down to its ellipsis says nothing: a narrow -e page) */
    if (strcmp(date, ELLIPSIS) != 0)
        page_text(pg, date, right, top - th + 6, ALIGN_RIGHT, FONT_TITLE, 0);
    free(job);
    free(date);
}

void draw_head(struct page *pg, const struct frame *f, const struct title *t, double below,
               const struct text_metrics *tm)
{
    page_rect(pg, 0, -below, f->bw, f->bh + below, LINE_WIDTH, NULL);
    double th = f->title_height, top = f->bh - BORDER_SPACE;
    page_rect(pg, BORDER_SPACE, top - th, f->bw - 2 * BORDER_SPACE, th, LINE_WIDTH, NULL);
    char *middle = title_middle(f, t, tm);
    if (th - f->note_height == TITLE_HEIGHT_SMALL)
        title_small(pg, f, t, middle, tm);
    else
        title_big(pg, f, t, middle, tm);
    free(middle);
    double foot = top - th; /* the notes' lines, from the box's foot up */
    if (f->suspects_height > 0) {
        double rule = foot + f->suspects_height;
        page_line(pg, BORDER_SPACE, rule, f->bw - BORDER_SPACE, rule);
        char *line = layout_ellipsize(t->suspects ? t->suspects : "", title_right(f) - title_left(),
                                      FONT_AXIS, tm);
        page_text(pg, line, title_left(), foot + 4.5, ALIGN_LEFT, FONT_AXIS, 0);
        free(line);
        foot = rule;
    }
    double notes = f->note_height - f->suspects_height;
    if (notes > 0) { /* the note's and the facts' lines, under a rule */
        double rule = foot + notes, base = rule - TITLE_NOTE_HEIGHT + 4.5;
        page_line(pg, BORDER_SPACE, rule, f->bw - BORDER_SPACE, rule);
        if (f->note_row) {
            /* (a panel beside one with a note: what its own line would say) */
            char none[64];
            snprintf(none, sizeof none, "not drawn: nothing over %g %% of the peak",
                     100 * TRACE_NOTE_SHARE);
            char *note = layout_ellipsize(t->note ? t->note : none, title_right(f) - title_left(),
                                          FONT_AXIS, tm);
            page_text(pg, note, title_left(), base, ALIGN_LEFT, FONT_AXIS, 0);
            free(note);
            base -= TITLE_NOTE_HEIGHT;
        }
        base += TITLE_NOTE_HEIGHT - 4.5 - FACT_PAD - AXIS_ASCENT; /* the first fact's */
        char **lines;
        size_t n = facts_lines(f, t, tm, f->fact_rows, &lines);
        for (size_t i = 0; i < n; i++, base -= FACT_PITCH) {
            page_text(pg, lines[i], title_left(), base, ALIGN_LEFT, FONT_AXIS, 0);
            free(lines[i]);
        }
        free(lines);
    }
}

/* The x labels' step: a nice one (whole samples for --x=index) wide
 * enough apart on the page for the widest label. */
static void x_ticks(struct ticks *t, const struct frame *f, const struct time_unit *tu, bool index,
                    const struct text_metrics *tm)
{
    double lo = f->x0 / tu->seconds, span = f->x_range / tu->seconds;
    double step = axis_nice(span / 7);
    if (index && step < 1)
        step = 1;
    for (int tries = 0; tries < 40; tries++, step = axis_nice_next(step)) {
        axis_ticks_step(t, lo, lo + span, step);
        if (t->n < 2)
            return;
        double widest = 0;
        for (size_t i = 0; i < t->n; i++) {
            char label[64];
            axis_format_time(label, sizeof label, t->value[i], index ? 0 : t->decimals);
            widest = fmax(widest, tm->width(tm->ctx, FONT_AXIS, label));
        }
        if (step / span * f->gw >= widest + X_LABEL_MIN_GAP || step >= span)
            return;
    }
}

/* The time axis's title, centred under the labels: its unit, and for an
 * eventlog, whose clock counts elapsed time (a .hp's the mutator's CPU
 * time), which time. */
static double x_title(struct page *pg, const struct profile *p, const struct frame *f,
                      const struct time_unit *tu, const struct text_metrics *tm)
{
    char title[256];
    const char *name = tu->name ? tu->name : x_unit(p, false);
    if (p->elapsed_time && !p->x_is_index) {
        snprintf(title, sizeof title, "%s, elapsed", name);
        name = title;
    }
    char *unit = fitted_text(name, f->gw, FONT_AXIS, tm);
    page_text(pg, unit, ORIGIN_X + f->gw / 2, X_TITLE_BASELINE, ALIGN_CENTRE, FONT_AXIS, 0);
    double w = tm->width(tm->ctx, FONT_AXIS, unit);
    free(unit);
    return w;
}

/* The last step can fall well short of the axis's end (0.6 on a 0.765 s
 * axis: a fifth of the run unlabelled).  Then the end gets a label of its
 * own, with the decimals it needs (at most three more than the steps'),
 * in place of the last step's when the two would touch. */
#define X_END_GAP 0.1 /* of the axis: a shorter stretch past the last step is fine */

static void x_end_tick(struct ticks *t, int *decimals, const struct frame *f,
                       const struct time_unit *tu, bool index, const struct text_metrics *tm)
{
    double lo = f->x0 / tu->seconds, span = f->x_range / tu->seconds, end = lo + span;
    if (t->n < 2 || t->n >= AXIS_MAX_TICKS || !(end - t->value[t->n - 1] > X_END_GAP * span))
        return;
    int d = index ? 0 : t->decimals;
    double v = end;
    for (int k = 0; k <= 3; k++, d++) {
        double scale = pow(10, d);
        v = floor(end * scale + 0.5) / scale;
        if (fabs(v - end) <= span / 500 || index)
            break;
    }
    if (index)
        v = floor(end);
    if (!(v > t->value[t->n - 1]))
        return;
    char a[64], b[64];
    axis_format_time(a, sizeof a, t->value[t->n - 1], decimals[t->n - 1]);
    axis_format_time(b, sizeof b, v, d);
    double room = (v - t->value[t->n - 1]) / span * f->gw;
    double need =
        (tm->width(tm->ctx, FONT_AXIS, a) + tm->width(tm->ctx, FONT_AXIS, b)) / 2 + X_LABEL_MIN_GAP;
    if (room < need)
        t->n--; /* the end's label in place of the last step's */
    t->value[t->n] = v;
    decimals[t->n] = d;
    t->n++;
}

/* The time axis: its line, its title, and a labelled tick at every step
 * up to the end of the data. */
double draw_x_axis(struct page *pg, const struct profile *p, const struct frame *f,
                   const struct text_metrics *tm)
{
    page_line(pg, ORIGIN_X, ORIGIN_Y, ORIGIN_X + f->gw, ORIGIN_Y);
    /* A three-hour run reads in hours, not in thousands of seconds. */
    struct time_unit tu;
    axis_time_unit(&tu, x_unit(p, false), f->x_range);
    double unit_width = x_title(pg, p, f, &tu, tm);
    struct ticks t;
    x_ticks(&t, f, &tu, p->x_is_index, tm);
    int decimals[AXIS_MAX_TICKS];
    for (size_t i = 0; i < t.n; i++)
        decimals[i] = p->x_is_index ? 0 : t.decimals;
    x_end_tick(&t, decimals, f, &tu, p->x_is_index, tm);
    for (size_t i = 0; i < t.n; i++) {
        double x = (t.value[i] * tu.seconds - f->x0) / f->x_range * f->gw;
        char label[64];
        axis_format_time(label, sizeof label, t.value[i], decimals[i]);
        double half = tm->width(tm->ctx, FONT_AXIS, label) / 2;
        /* The last label may stand past the axis's end, not past the box. */
        if (ORIGIN_X + x + half > f->bw - BORDER_SPACE / 2)
            continue;
        page_line(pg, ORIGIN_X + x, ORIGIN_Y, ORIGIN_X + x, ORIGIN_Y - TICK_LENGTH);
        page_text(pg, label, ORIGIN_X + x, X_LABEL_BASELINE, ALIGN_CENTRE, FONT_AXIS, 0);
    }
    return unit_width;
}

/* One y tick, for value v at local height y: the mark, its label, and a
 * light grid line across the graph, but not on the x axis at the foot nor
 * on --diff's zero line. */
static void y_tick(struct page *pg, const struct frame *f, double v, double y, const char *label)
{
    static const struct rgb grid = { 0.82, 0.82, 0.82 };
    page_line(pg, ORIGIN_X, y, ORIGIN_X - TICK_LENGTH, y);
    if (v != 0 && y > ORIGIN_Y) {
        struct prim *line = page_path(pg, PRIM_STROKE, 2, GRID_WIDTH);
        line->pts[0] = ORIGIN_X, line->pts[1] = y;
        line->pts[2] = ORIGIN_X + f->gw, line->pts[3] = y;
        line->stroke = grid;
    }
    page_text(pg, label, ORIGIN_X - TICK_LENGTH - LABEL_GAP, y - DIGIT_HALF_HEIGHT, ALIGN_RIGHT,
              FONT_AXIS, 0);
}

/* A y tick's label: signed for --diff ("+2 MB", with U+2212 for '-'), a
 * percentage, or a value of f's scale. */
static void y_label(char *buf, size_t size, const struct frame *f, double v)
{
    if (!f->y_signed && f->o->mode == MODE_PERCENT) {
        snprintf(buf, size, "%.*f%%", f->y_ticks.decimals, v);
        return;
    }
    char magnitude[64];
    axis_format_value(magnitude, sizeof magnitude, f->y_signed ? fabs(v) : v, &f->y_scale);
    snprintf(buf, size, "%s%s", f->y_signed ? sign_of(v) : "", magnitude);
}

void draw_y_axis(struct page *pg, const struct frame *f, const struct text_metrics *tm)
{
    page_line(pg, ORIGIN_X, ORIGIN_Y, ORIGIN_X, ORIGIN_Y + f->gh);
    /* The unit, rotated and centred along the axis at the box's edge. */
    if (f->y_unit) {
        char *fit = fitted_text(f->y_unit, f->gh, FONT_AXIS, tm);
        page_text(pg, fit, Y_TITLE_X, ORIGIN_Y + f->gh / 2, ALIGN_CENTRE, FONT_AXIS, 90);
        free(fit);
    }
    const struct ticks *t = &f->y_ticks;
    for (size_t i = 0; i < t->n; i++) {
        char label[72];
        y_label(label, sizeof label, f, t->value[i]);
        y_tick(pg, f, t->value[i], graph_y(f, t->value[i]), label);
    }
}

/* ---- the graph ---- */

/* main.c: the command line, and the pipeline wired stage by stage:
 *   parse -> bands -> series -> layout -> render -> output (+ .aux)
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aux.h"
#include "bands.h"
#include "diff.h"
#include "export.h"
#include "filter.h"
#include "layout.h"
#include "options.h"
#include "output.h"
#include "reader.h"
#include "render.h"
#include "series.h"
#include "watch.h"

#define EXIT_INPUT 1
#define EXIT_USAGE 2
/* An EPS without -e gets GHC's unscaled 9-inch box. */
#define FIT_WIDTH_DEFAULT 648.0

/* Where a run reads and writes. */
struct files {
    char *input;    /* the .hp or eventlog path, NULL for stdin */
    char *base;     /* output stem in the current directory, as GHC's */
    char *ps_path;  /* the drawing, whatever its format; "-" for stdout */
    char *aux_path;
};

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static char *concat(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    char *s = xmalloc(na + nb + 1);
    memcpy(s, a, na);
    memcpy(s + na, b, nb + 1);
    return s;
}

/* GHC's naming: "prog" and "prog.hp" both read prog.hp, and the outputs
 * are prog.ps and prog.aux in the current directory.  prog.eventlog is
 * read as it is and gives the same outputs (what it holds is told by its
 * first bytes, not by this name).  A name that is neither and has no
 * NAME.hp beside it is read as it is. */
static void resolve_files(struct files *fl, const char *arg, const char *output,
                          const struct render_format *fmt, const struct export_format *exp)
{
    memset(fl, 0, sizeof *fl);
    /* GHC's -e still wrote NAME.ps, so PostScript keeps that name. */
    const char *ext = exp ? (exp == &export_format_csv ? ".csv" : ".json")
                    : fmt == &render_format_ps ? ".ps" : fmt == &render_format_eps ? ".eps"
                    : fmt == &render_format_pdf ? ".pdf" : fmt == &render_format_svg ? ".svg"
                    : ".png";
    if (!arg) {
        fl->ps_path = xstrdup(output ? output : "-");
        return;
    }
    char *stem;
    if (ends_with(arg, ".hp") || ends_with(arg, ".eventlog")) {
        fl->input = xstrdup(arg);
        stem = xmemdup0(arg, (size_t)(strrchr(arg, '.') - arg));
    } else {
        char *with = concat(arg, ".hp");
        if (exists(with) || !exists(arg)) {
            fl->input = with;
        } else {
            free(with);
            fl->input = xstrdup(arg);
        }
        stem = xstrdup(arg);
    }
    const char *slash = strrchr(stem, '/');
    fl->base = xstrdup(slash ? slash + 1 : stem);
    free(stem);
    fl->ps_path = output ? xstrdup(output) : concat(fl->base, ext);
    fl->aux_path = concat(fl->base, ".aux");
}

static void free_files(struct files *fl)
{
    free(fl->input);
    free(fl->base);
    free(fl->ps_path);
    free(fl->aux_path);
}

static void warn(const char *what)
{
    fprintf(stderr, "hp2ps: warning: %s\n", what);
}

/* -p: the previous run's .aux, or a warning and none (a corrupt .aux
 * must not stop the drawing). */
static bool load_aux(struct aux *aux, const struct files *fl)
{
    struct hp_error err;
    if (aux_read_file(aux, fl->aux_path, &err) < 0) {
        char msg[HP_ERROR_MAX + 64];
        snprintf(msg, sizeof msg, "%s; drawing without it", err.text);
        warn(msg);
        return false;
    }
    return true;
}

/* An .aux that names none of the bands drawn belongs to another profile:
 * its order and shades changed nothing, and its scales must not apply
 * either.  (Checked against the bands, not the profile's names, because
 * with -m1 the only band is OTHER.) */
static bool aux_is_foreign(const struct aux *aux, const struct band_plan *bp,
                           const struct files *fl, const char *source)
{
    if (!aux->names.count || !bp->count)
        return false;
    for (size_t b = 0; b < bp->count; b++)
        if (aux_find(aux, bp->band[b].name, strlen(bp->band[b].name)))
            return false;
    char msg[1024];
    snprintf(msg, sizeof msg, "%s names none of the bands of %s; ignoring it", fl->aux_path,
             source);
    warn(msg);
    return true;
}

static double choose_range(double measured, bool has_saved, double saved)
{
    double r = measured;
    if (has_saved && saved > r)
        r = saved; /* -p scales only grow, so a series stays comparable */
    return r > 0 ? r : 1.0;
}

/* The .aux, written to its temporary file (committed by the caller). */
static int prepare_aux(struct output *aux_out, const struct files *fl,
                       const struct band_plan *bp, double xr, double yr, bool colour,
                       struct hp_error *err)
{
    if (output_open(aux_out, fl->aux_path, fl->input, err) < 0)
        return -1;
    if (bands_write_aux(aux_out->f, bp, xr, yr, colour) < 0) {
        output_abort(aux_out);
        return hp_fail(err, "cannot write %s", fl->aux_path);
    }
    return 0;
}

/* rename() cannot put a file where a directory is; say so before any
 * output is replaced. */
static int check_target(const char *path, struct hp_error *err)
{
    struct stat st;
    if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return hp_fail(err, "cannot write %s: it is a directory", path);
    return 0;
}

/* --format, else -o's extension, else PostScript. */
static const struct render_format *choose_format(const struct options *o, struct hp_error *err)
{
    const struct render_format *fmt = &render_format_ps;
    if (o->format) {
        fmt = render_find_format(o->format);
        if (!fmt)
            hp_fail(err, "--format=%s: unknown format (use one of %s, csv, json)", o->format,
                    render_format_names());
    } else if (o->output && strcmp(o->output, "-") != 0) {
        fmt = render_format_for_path(o->output);
        if (!fmt)
            hp_fail(err, "%s: cannot tell the format from the extension; name it .ps, .eps, "
                    ".pdf, .svg, .png, .csv or .json, or give --format", o->output);
    }
    return fmt;
}

/* What every run needs: the flags, and what main made of them. */
struct run_setup {
    const struct options *o;
    const struct render_format *fmt;  /* the drawing's format; NULL for an export */
    const struct export_format *exp;  /* -o FILE.csv/.json, --format=csv|json; else NULL */
    const struct name_filter *filter; /* --include/--exclude, compiled */
};

/* The reader stage's flags: --from, --to, --x=index, --full-stacks. */
static struct parse_options parse_options_from(const struct options *o)
{
    struct parse_options po = {
        .has_from = o->has_from, .from = o->from, .has_to = o->has_to, .to = o->to,
        .x_index = o->x_index, .full_stacks = o->full_stacks,
    };
    return po;
}

/* The band stage's flags, for one profile or each of several. */
static void band_options_from(struct band_options *bo, const struct run_setup *rs)
{
    const struct options *o = rs->o;
    band_options_default(bo);
    bo->filter = rs->filter;
    bo->trace_percent = o->trace;
    bo->limit = o->limit;
    bo->sort_stddev = o->sort_stddev;
    bo->sort_name = o->sort_name;
    bo->colour = o->colour;
    bo->sort_gradient = o->sort_gradient;
    bo->slopes = o->slopes;
}

/* The layout's flags; the caller sets the ranges. */
static struct layout_options layout_options_from(const struct options *o,
                                                 const struct render_format *fmt)
{
    struct layout_options lo = {
        .title_box = o->title_box,
        .page = o->eps || fmt->always_fit ? PAGE_FIT
              : o->upright                 ? PAGE_GHOSTVIEW
              : fmt->print_page            ? PAGE_TURNED_A4
                                           : PAGE_LANDSCAPE_A4,
        .fit_width = o->eps ? o->eps_width : FIT_WIDTH_DEFAULT,
        .single_page = o->eps || !fmt->multipage,
        .multipage = o->multipage,
        .key = o->limit != 0,
        .marks = !o->no_marks,
        .iec = o->iec,
        .pattern = o->pattern,
        .mode = o->mode,
        .colour = o->colour,
        .slopes = o->slopes,
    };
    return lo;
}

/* --format=csv|json, else -o FILE.csv / FILE.json: an export instead of a
 * drawing (NULL: a drawing, choose_format's). */
static const struct export_format *choose_export(const struct options *o)
{
    if (o->format)
        return export_find_format(o->format);
    if (o->output && strcmp(o->output, "-") != 0)
        return export_format_for_path(o->output);
    return NULL;
}

/* -o FILE.csv, -o FILE.json, --format=csv|json: the numbers instead of
 * the picture, through the same atomic output; no .aux is written. */
static int write_export(const struct export_format *exp, const struct files *fl,
                        struct profile *p, const struct band_plan *bp, struct hp_error *err)
{
    struct output out;
    if (check_target(fl->ps_path, err) < 0 || output_open(&out, fl->ps_path, fl->input, err) < 0)
        return -1;
    if (exp->write(out.f, p, bp, err) < 0) {
        output_abort(&out);
        return -1;
    }
    return output_commit(&out, err);
}

/* One profile: the picture in rs->fmt and its .aux, or the export. */
static int run(const struct run_setup *rs, struct hp_error *err)
{
    const struct options *o = rs->o;
    const struct render_format *fmt = rs->fmt;
    const struct export_format *exp = rs->exp;
    struct files fl;
    resolve_files(&fl, o->input, o->output, fmt, exp);
    struct profile p;
    memset(&p, 0, sizeof p);
    struct aux aux;
    aux_init(&aux);
    struct band_plan bp;
    memset(&bp, 0, sizeof bp);
    struct series s;
    memset(&s, 0, sizeof s);
    struct layout L;
    memset(&L, 0, sizeof L);
    struct render_fonts *fonts = NULL;
    struct output out = {0}, aux_out = {0};
    int rc = -1;

    if (fl.input && output_same_path(fl.ps_path, fl.aux_path)) {
        hp_fail(err, "%s: the drawing cannot go to the .aux file", fl.ps_path);
        goto done;
    }
    /* Fonts first: when pango has to load the system's fontconfig
     * configuration (render.c), it does so on a thread of its own, which
     * then runs while the profile is read. */
    fonts = exp ? NULL : render_fonts_new();
    int fd = 0;
    if (fl.input && (fd = open(fl.input, O_RDONLY)) < 0) {
        hp_fail(err, "cannot open %s: %s", fl.input, strerror(errno));
        goto done;
    }
    struct parse_options po = parse_options_from(o);
    int parsed = profile_read(&p, fd, fl.input ? fl.input : "stdin", &po, err);
    if (fl.input)
        close(fd);
    if (parsed < 0)
        goto done;

    bool have_aux = false;
    if (o->reuse_aux && !fl.input)
        warn("-p has no effect on standard input (there is no .aux file)");
    else if (o->reuse_aux)
        have_aux = load_aux(&aux, &fl);

    struct band_options bo;
    band_options_from(&bo, rs);
    bo.aux = have_aux ? &aux : NULL;
    if (bands_plan(&bp, &p, &bo, err) < 0)
        goto done;
    if (have_aux && aux_is_foreign(&aux, &bp, &fl, p.source))
        have_aux = false;
    if (exp) {
        rc = write_export(exp, &fl, &p, &bp, err);
        goto done;
    }
    /* The time axis is reduced to as many columns as keep the output
     * small (series_columns); with fewer samples each one is a point. */
    if (series_build_mode(&s, &p, &bp, series_columns(bp.count), o->mode, err) < 0)
        goto done;
    /* The .aux keeps the stacked scale whatever --mode draws, so that -p
     * stays meaningful; only the stacked drawing uses -p's y range. */
    double stacked_y_range = choose_range(s.y_max, have_aux && aux.has_y_range, aux.y_range);

    struct layout_options lo = layout_options_from(o, fmt);
    lo.x_range = choose_range(p.t_last - p.t_first, have_aux && aux.has_x_range, aux.x_range);
    lo.y_range = o->mode == MODE_STACKED ? stacked_y_range : choose_range(s.plot_max, false, 0);
    /* Points closer to the line drawn than the page can show go (a tenth
     * of a point): smaller output, written faster. */
    series_simplify(&s, lo.y_range);
    struct text_metrics tm = render_text_metrics(fonts);
    if (layout_build(&L, &p, &bp, &s, &lo, &tm, err) < 0)
        goto done;

    /* Both files are complete in their temporary files before either
     * replaces anything; the .aux is renamed last, as GHC wrote it last. */
    if (check_target(fl.ps_path, err) < 0 || (fl.input && check_target(fl.aux_path, err) < 0))
        goto done;
    if (output_open(&out, fl.ps_path, fl.input, err) < 0)
        goto done;
    struct render_settings settings = {.dpi = o->dpi};
    if (fmt->write(out.f, &L, fonts, &settings, err) < 0) {
        output_abort(&out);
        goto done;
    }
    if (fl.input &&
        prepare_aux(&aux_out, &fl, &bp, lo.x_range, stacked_y_range, o->colour, err) < 0) {
        output_abort(&out);
        goto done;
    }
    if (output_commit(&out, err) < 0) {
        output_abort(&aux_out);
        goto done;
    }
    if (fl.input && output_commit(&aux_out, err) < 0)
        goto done;
    rc = 0;
done:
    layout_free(&L);
    render_fonts_free(fonts);
    series_free(&s);
    band_plan_free(&bp);
    aux_free(&aux);
    profile_free(&p);
    free_files(&fl);
    return rc;
}

/* Several profiles (FILE FILE...) and --diff: one profile read, parsed
 * and its bands chosen with the same flags as a single one (limit: -m,
 * or 0 for every band). */
static int load_profile(struct profile *p, struct band_plan *bp, const char *arg,
                        const struct run_setup *rs, long limit, struct hp_error *err)
{
    const struct options *o = rs->o;
    struct files fl;
    resolve_files(&fl, arg, NULL, &render_format_ps, NULL);
    int rc = -1, fd = 0;
    if (fl.input && o->output && output_same_path(o->output, fl.input))
        hp_fail(err, "%s: refusing to overwrite the input", o->output);
    else if (fl.input && (fd = open(fl.input, O_RDONLY)) < 0)
        hp_fail(err, "cannot open %s: %s", fl.input, strerror(errno));
    else {
        struct parse_options po = parse_options_from(o);
        int parsed = profile_read(p, fd, fl.input ? fl.input : "stdin", &po, err);
        if (fl.input)
            close(fd);
        struct band_options bo;
        band_options_from(&bo, rs);
        bo.limit = limit;
        rc = parsed < 0 ? -1 : bands_plan(bp, p, &bo, err);
    }
    free_files(&fl);
    return rc;
}

/* The drawing alone, complete in its temporary file before it replaces
 * anything. */
static int write_drawing(const struct layout *L, const char *path,
                         const struct render_format *fmt, struct render_fonts *fonts,
                         const struct options *o, struct hp_error *err)
{
    struct output out;
    if (check_target(path, err) < 0 || output_open(&out, path, NULL, err) < 0)
        return -1;
    struct render_settings rs = {.dpi = o->dpi};
    if (fmt->write(out.f, L, fonts, &rs, err) < 0) {
        output_abort(&out);
        return -1;
    }
    return output_commit(&out, err);
}

/* Several profiles (FILE FILE...): one panel each, one above the other,
 * on the same x and y scales, each name in one colour everywhere.  No
 * .aux is written: an .aux describes the bands of one profile. */
static int run_several(const struct run_setup *rs, struct hp_error *err)
{
    const struct options *o = rs->o;
    const struct render_format *fmt = rs->fmt;
    size_t n = o->ninputs;
    struct profile *p = xcalloc(n, sizeof *p);
    struct band_plan *bp = xcalloc(n, sizeof *bp);
    struct series *s = xcalloc(n, sizeof *s);
    struct layout_panel *panel = xcalloc(n, sizeof *panel);
    struct band_plan key = {0};
    struct layout L = {0};
    struct render_fonts *fonts = render_fonts_new();
    int rc = -1;
    double span = 0, peak = 0;
    for (size_t k = 0; k < n; k++)
        if (load_profile(&p[k], &bp[k], o->inputs[k], rs, o->limit, err) < 0)
            goto done;
    bands_share_shades(bp, n, o->colour);
    bands_union(&key, bp, n);
    for (size_t k = 0; k < n; k++) {
        if (series_build_mode(&s[k], &p[k], &bp[k], series_columns(bp[k].count), o->mode,
                              err) < 0)
            goto done;
        span = fmax(span, p[k].t_last - p[k].t_first);
        peak = fmax(peak, o->mode == MODE_STACKED ? s[k].y_max : s[k].plot_max);
        panel[k] = (struct layout_panel){&p[k], &bp[k], &s[k]};
    }
    struct layout_options lo = layout_options_from(o, fmt);
    lo.x_range = choose_range(span, false, 0);
    lo.y_range = choose_range(peak, false, 0);
    for (size_t k = 0; k < n; k++)
        series_simplify(&s[k], lo.y_range);
    struct text_metrics tm = render_text_metrics(fonts);
    if (layout_build_panels(&L, panel, n, &key, &lo, &tm, err) < 0)
        goto done;
    rc = write_drawing(&L, o->output, fmt, fonts, o, err);
done:
    layout_free(&L);
    render_fonts_free(fonts);
    band_plan_free(&key);
    for (size_t k = 0; k < n; k++) {
        series_free(&s[k]);
        band_plan_free(&bp[k]);
        profile_free(&p[k]);
    }
    free(panel);
    free(s);
    free(bp);
    free(p);
    return rc;
}

/* --diff BEFORE AFTER: per band, after minus before (diff.c).  Every name
 * that survives each profile's selection (-t) is a candidate, and -m
 * applies to the ranked differences, so no band limit here.  No .aux. */
static int run_diff(const struct run_setup *rs, struct hp_error *err)
{
    const struct options *o = rs->o;
    const struct render_format *fmt = rs->fmt;
    struct profile p[2];
    struct band_plan bp[2];
    memset(p, 0, sizeof p);
    memset(bp, 0, sizeof bp);
    struct diff d = {0};
    struct layout L = {0};
    struct render_fonts *fonts = render_fonts_new();
    int rc = -1;
    for (size_t k = 0; k < 2; k++)
        if (load_profile(&p[k], &bp[k], o->inputs[k], rs, 0, err) < 0)
            goto done;
    if (diff_build(&d, &p[0], &bp[0], &p[1], &bp[1], o->limit, o->colour, err) < 0)
        goto done;
    struct layout_options lo = layout_options_from(o, fmt);
    lo.x_range = choose_range(d.span, false, 0);
    lo.y_range = choose_range(d.y_max - d.y_min, false, 0);
    struct text_metrics tm = render_text_metrics(fonts);
    if (layout_build_diff(&L, &p[0], &p[1], &d, &lo, &tm, err) < 0)
        goto done;
    rc = write_drawing(&L, o->output, fmt, fonts, o, err);
done:
    layout_free(&L);
    render_fonts_free(fonts);
    diff_free(&d);
    for (size_t k = 0; k < 2; k++) {
        band_plan_free(&bp[k]);
        profile_free(&p[k]);
    }
    return rc;
}

/* One draw (or export), its error printed: the exit status. */
static int run_and_report(const struct run_setup *rs)
{
    struct hp_error err;
    int rc = rs->o->diff        ? run_diff(rs, &err)
           : rs->o->ninputs > 1 ? run_several(rs, &err)
                                : run(rs, &err);
    if (rc < 0) {
        fflush(stdout);
        fprintf(stderr, "hp2ps: %s\n", err.text);
        return EXIT_INPUT;
    }
    return 0;
}

/* --watch: set by SIGINT or SIGTERM, read between draws.  The only global:
 * a signal handler can reach nothing else. */
static volatile sig_atomic_t watch_stop;

static void request_watch_stop(int sig)
{
    (void)sig;
    watch_stop = 1;
}

/* --watch: draw now, then look at the profile every period and redraw when
 * its size, time or identity changed since the last draw; stop after
 * WATCH_IDLE_PERIODS looks without a change, or on SIGINT/SIGTERM.  Each
 * draw is atomic (output.c), so a viewer never sees half a file, and a
 * stop request waits for the draw under way, so no temporary file is left.
 * A draw that fails (the program has not written the header yet) is
 * reported and the watch goes on.  The status is the last draw's. */
static int watch_and_redraw(const struct run_setup *rs)
{
    const struct options *o = rs->o;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = request_watch_stop;
    sigemptyset(&sa.sa_mask);
    /* SA_RESTART: reads and writes of a draw under way are not cut short.
     * SA_RESETHAND: a second Ctrl-C stops at once, should a draw hang. */
    sa.sa_flags = SA_RESTART | SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    struct files fl; /* for the profile's path as the draws resolve it */
    resolve_files(&fl, o->input, o->output, rs->fmt, rs->exp);
    struct watch_stamp drawn, now;
    watch_stamp_take(&drawn, fl.input);
    int status = run_and_report(rs);
    for (int idle = 0; idle < WATCH_IDLE_PERIODS && !watch_stop;) {
        watch_sleep(o->watch_period, &watch_stop);
        if (watch_stop)
            break;
        watch_stamp_take(&now, fl.input);
        if (watch_stamp_same(&now, &drawn)) {
            idle++;
            continue;
        }
        idle = 0;
        drawn = now; /* taken before the draw: a change during it is seen next time */
        status = run_and_report(rs);
    }
    free_files(&fl);
    return status;
}

int main(int argc, char **argv)
{
    struct options o;
    struct hp_error err;
    struct name_filter filter = {0};
    int status = 0;
    options_default(&o);
    if (options_parse(&o, argc, argv, &err) < 0) {
        fprintf(stderr, "hp2ps: %s\n", err.text);
        status = EXIT_USAGE;
    } else if (o.help) {
        options_usage(stdout);
    } else if (o.version) {
        printf("hp2ps %s\n", PACKAGE_VERSION);
    } else {
        const struct export_format *exp = choose_export(&o);
        const struct render_format *fmt = exp ? NULL : choose_format(&o, &err);
        /* A bad --include/--exclude is a command-line error, found before
         * any input is read. */
        if ((!exp && !fmt) || name_filter_compile(&filter, o.include, o.ninclude, o.exclude,
                                                  o.nexclude, &err) < 0) {
            fprintf(stderr, "hp2ps: %s\n", err.text);
            status = EXIT_USAGE;
        } else if (exp && o.ninputs > 1) {
            fprintf(stderr, "hp2ps: -o %s: an export holds one profile; export each on its own\n",
                    o.output ? o.output : "-");
            status = EXIT_USAGE;
        } else {
            struct run_setup rs = {.o = &o, .fmt = fmt, .exp = exp, .filter = &filter};
            status = o.watch ? watch_and_redraw(&rs) : run_and_report(&rs);
        }
    }
    name_filter_free(&filter);
    options_free(&o);
    return status;
}

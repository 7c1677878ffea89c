/* main.c: the command line, and the pipeline wired stage by stage:
 *   parse -> bands -> series -> layout -> render -> output (+ .aux)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aux.h"
#include "bands.h"
#include "filter.h"
#include "layout.h"
#include "options.h"
#include "output.h"
#include "parse.h"
#include "render.h"
#include "series.h"

#define EXIT_INPUT 1
#define EXIT_USAGE 2
/* An EPS without -e gets GHC's unscaled 9-inch box. */
#define FIT_WIDTH_DEFAULT 648.0

/* Where a run reads and writes. */
struct files {
    char *input;    /* the .hp path, NULL for stdin */
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
 * are prog.ps and prog.aux in the current directory.  A name that is not
 * NAME.hp and has no NAME.hp beside it is read as it is. */
static void resolve_files(struct files *fl, const char *arg, const char *output,
                          const struct render_format *fmt)
{
    memset(fl, 0, sizeof *fl);
    /* GHC's -e still wrote NAME.ps, so PostScript keeps that name. */
    const char *ext = fmt == &render_format_ps ? ".ps" : fmt == &render_format_eps ? ".eps"
                    : fmt == &render_format_pdf ? ".pdf" : fmt == &render_format_svg ? ".svg"
                    : ".png";
    if (!arg) {
        fl->ps_path = xstrdup(output ? output : "-");
        return;
    }
    char *stem;
    if (ends_with(arg, ".hp")) {
        fl->input = xstrdup(arg);
        stem = xmemdup0(arg, strlen(arg) - 3);
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
            hp_fail(err, "--format=%s: unknown format (use one of %s)", o->format,
                    render_format_names());
    } else if (o->output && strcmp(o->output, "-") != 0) {
        fmt = render_format_for_path(o->output);
        if (!fmt)
            hp_fail(err, "%s: cannot tell the format from the extension; name it .ps, .eps, "
                    ".pdf, .svg or .png, or give --format", o->output);
    }
    return fmt;
}

static int run(const struct options *o, const struct render_format *fmt,
               const struct name_filter *filter, struct hp_error *err)
{
    struct files fl;
    resolve_files(&fl, o->input, o->output, fmt);
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
    fonts = render_fonts_new();
    int fd = 0;
    if (fl.input && (fd = open(fl.input, O_RDONLY)) < 0) {
        hp_fail(err, "cannot open %s: %s", fl.input, strerror(errno));
        goto done;
    }
    struct parse_options po = {
        .has_from = o->has_from, .from = o->from, .has_to = o->has_to, .to = o->to,
        .x_index = o->x_index,
    };
    int parsed = profile_parse(&p, fd, fl.input ? fl.input : "stdin", &po, err);
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
    band_options_default(&bo);
    bo.trace_percent = o->trace;
    bo.limit = o->limit;
    bo.sort_stddev = o->sort_stddev;
    bo.sort_name = o->sort_name;
    bo.colour = o->colour;
    bo.aux = have_aux ? &aux : NULL;
    bo.filter = filter;
    if (bands_plan(&bp, &p, &bo, err) < 0)
        goto done;
    if (have_aux && aux_is_foreign(&aux, &bp, &fl, p.source))
        have_aux = false;
    /* The time axis is reduced to as many columns as keep the output
     * small (series_columns); with fewer samples each one is a point. */
    if (series_build(&s, &p, &bp, series_columns(bp.count), err) < 0)
        goto done;

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
        .x_range = choose_range(p.t_last - p.t_first, have_aux && aux.has_x_range, aux.x_range),
        .y_range = choose_range(s.y_max, have_aux && aux.has_y_range, aux.y_range),
    };
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
    struct render_settings rs = {.dpi = o->dpi};
    if (fmt->write(out.f, &L, fonts, &rs, err) < 0) {
        output_abort(&out);
        goto done;
    }
    if (fl.input &&
        prepare_aux(&aux_out, &fl, &bp, lo.x_range, lo.y_range, o->colour, err) < 0) {
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

/* Flags that are parsed but whose stage is not built yet: refused, so
 * that none is silently ignored.  Each line goes when its feature lands. */
static int refuse_unbuilt(const struct options *o, struct hp_error *err)
{
    const char *flag = o->sort_gradient   ? "--sort=gradient"
                     : o->slopes          ? "--slopes"
                     : o->mode != MODE_STACKED ? "--mode"
                     : o->diff            ? "--diff"
                     : o->ninputs > 1     ? "several profiles"
                     : o->watch           ? "--watch"
                                          : NULL;
    return flag ? hp_fail(err, "%s: not available in this build yet", flag) : 0;
}

int main(int argc, char **argv)
{
    struct options o;
    struct hp_error err;
    struct name_filter filter = {0};
    int status = 0;
    options_default(&o);
    if (options_parse(&o, argc, argv, &err) < 0 || refuse_unbuilt(&o, &err) < 0) {
        fprintf(stderr, "hp2ps: %s\n", err.text);
        status = EXIT_USAGE;
    } else if (o.help) {
        options_usage(stdout);
    } else if (o.version) {
        printf("hp2ps %s\n", PACKAGE_VERSION);
    } else {
        const struct render_format *fmt = choose_format(&o, &err);
        /* A bad --include/--exclude is a command-line error, found before
         * any input is read. */
        if (!fmt || name_filter_compile(&filter, o.include, o.ninclude, o.exclude, o.nexclude,
                                        &err) < 0) {
            fprintf(stderr, "hp2ps: %s\n", err.text);
            status = EXIT_USAGE;
        } else if (run(&o, fmt, &filter, &err) < 0) {
            fflush(stdout);
            fprintf(stderr, "hp2ps: %s\n", err.text);
            status = EXIT_INPUT;
        }
    }
    name_filter_free(&filter);
    options_free(&o);
    return status;
}

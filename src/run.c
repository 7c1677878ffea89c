/* SPDX-License-Identifier: BSD-3-Clause */
/* run.c: see run.h.  A run's edges around the pipeline's middle
 * (pipeline.h): the command line made into each stage's options, the
 * files named, read and written whole or not at all, the .aux policy. */
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats.h"
#include "gate_report.h"
#include "number.h"
#include "output.h"
#include "read/hp.h"
#include "read/read.h"
#include "watch.h"

/* ---- options ------------------------------------------------------------------ */

/* Every format's name (formats.h), each after prefix, separated by ", "
 * and the last by last_sep ("ps, eps, ... or json").  buf holds 128
 * bytes. */
static const char *format_names(char buf[128], const char *prefix, const char *last_sep)
{
    size_t o = 0, n = 0;
    while (output_format_at(n))
        n++;
    buf[0] = '\0';
    for (size_t i = 0; i < n && o < 128; i++) {
        const char *sep = i == 0 ? "" : i + 1 == n ? last_sep : ", ";
        int w = snprintf(buf + o, 128 - o, "%s%s%s", sep, prefix, output_format_at(i)->name);
        o += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

/* --format, else -o's extension, else PostScript: a drawing (*fmt) or an
 * export (*exp, and *fmt NULL).  -1 with err set when neither names one. */
static int choose_format(const struct options *o, const struct render_format **fmt,
                         const struct export_format **exp, const struct tree_format **tree,
                         struct hp_error *err)
{
    const struct output_format *of = NULL;
    char names[128];
    *fmt = &render_format_ps, *exp = NULL, *tree = NULL;
    if (o->format) {
        if (!(of = output_format_find(o->format)))
            return hp_fail(err, "--format=%s: unknown format (use one of %s)", o->format,
                           format_names(names, "", ", "));
    } else if (o->output && strcmp(o->output, "-") != 0) {
        if (!(of = output_format_for_path(o->output)))
            return hp_fail(err,
                           "%s: cannot tell the format from the extension; name it %s, or "
                           "give --format",
                           o->output, format_names(names, ".", " or "));
    }
    if (of)
        *fmt = of->render, *exp = of->export, *tree = of->tree;
    return 0;
}

/* HP2PS_THREADS: how many threads read a large .hp file, 1 to
 * PARSE_THREADS_MAX; anything else is ignored (one per processor).  1
 * also keeps a PNG's drawing and writing on one thread (render/png.c). */
static unsigned env_threads(void)
{
    const char *s = getenv("HP2PS_THREADS");
    if (!s || !*s)
        return 0;
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    return *end == '\0' && errno == 0 && n >= 1 && n <= PARSE_THREADS_MAX ? (unsigned)n : 0;
}

/* --top: a table (toptable.h) by --format, else by -o's extension, else
 * text; NULL when those name a drawing, which then names the leaks in a
 * line under its title. */
static const struct toptable_format *top_table(const struct options *o)
{
    if (o->format)
        return toptable_format_find(o->format);
    if (o->output && strcmp(o->output, "-") != 0)
        return toptable_format_for_path(o->output);
    return toptable_format_find("txt");
}

int run_options_from(struct pipeline_options *po, const struct options *o,
                     struct name_filter *filter, struct hp_error *err)
{
    memset(po, 0, sizeof *po);
    po->top = o->top;
    po->top_n = o->top_n;
    po->top_table = o->top ? top_table(o) : NULL;
    po->has_at = o->top && o->at != AT_UNSET;
    po->at = o->at == AT_PEAK ? CENSUS_PEAK : o->at == AT_END ? CENSUS_END : CENSUS_TIME;
    po->at_time = o->at_time;
    if (po->top_table && o->watch)
        return hp_fail(err, "--watch redraws a drawing; --top's table is written once");
    if (o->top && o->ninputs == 2 && !po->top_table && !o->diff)
        return hp_fail(err,
                       "--top with a drawing of two profiles: draw them with --diff, whose "
                       "title names what grew");
    if (!po->top_table && choose_format(o, &po->fmt, &po->exp, &po->tree_fmt, err) < 0)
        return -1;
    if (name_filter_compile(filter, o->include, o->ninclude, o->exclude, o->nexclude, err) < 0
        || name_filter_marks(filter, o->marks, err) < 0)
        return -1;
    if (po->exp && o->ninputs > 1 && !po->top_table)
        return hp_fail(err, "-o %s: an export holds one profile; export each on its own",
                       o->output ? o->output : "-");
    if (po->tree_fmt && o->ninputs > 1 && !o->diff)
        return hp_fail(err,
                       "-o %s: folded stacks are one profile's (or two with --diff); write "
                       "each on its own",
                       o->output ? o->output : "-");
    if (o->view == VIEW_ICICLE && po->exp)
        return hp_fail(err,
                       "--view=icicle draws a picture; -o FILE.folded writes the tree's "
                       "stacks as text");
    if (o->view == VIEW_ICICLE && po->fmt && po->fmt->write_page)
        return hp_fail(err,
                       "--view=icicle: the HTML page draws its icicle under the graph "
                       "(-o FILE.html without --view); --view=icicle draws it as .svg, .pdf, "
                       ".png, .ps or .eps");
    if (o->view == VIEW_ICICLE && o->top)
        return hp_fail(err,
                       "--top names its ranking under the graph's title; --view=icicle "
                       "draws a tree (write the table with -o FILE.txt)");
    po->icicle = o->view == VIEW_ICICLE && po->fmt;
    /* --at; else --from/--to's window; else the peak */
    po->moment = (struct moment){
        .kind = o->at == AT_END        ? MOMENT_END
            : o->at == AT_TIME         ? MOMENT_TIME
            : o->at == AT_PEAK         ? MOMENT_PEAK
            : o->has_from || o->has_to ? MOMENT_WINDOW
                                       : MOMENT_PEAK,
        .time = o->at_time,
    };
    if ((!po->exp || po->top_table) && o->export_layout != EXPORT_AUTO)
        return hp_fail(err,
                       "--export-layout is for an export: -o FILE.csv, -o FILE.json or "
                       "--format=csv|json");
    po->export_layout = o->export_layout;
    po->parse = (struct parse_options){
        .has_from = o->has_from,
        .from = o->from,
        .has_to = o->has_to,
        .to = o->to,
        .x_index = o->x_index,
        .full_stacks = o->full_stacks,
        .threads = env_threads(),
        .heap = o->heap,
        .marks = filter->marks,
        .stacks = o->view == VIEW_ICICLE || po->tree_fmt
            || (po->fmt && po->fmt->write_page), /* the page's icicle */
    };
    struct band_options *bo = &po->bands;
    band_options_default(bo);
    bo->filter = filter;
    bo->trace_percent = o->trace;
    bo->limit = o->limit;
    bo->sort_stddev = o->sort_stddev;
    bo->sort_name = o->sort_name;
    bo->colour = o->colour;
    bo->sort_gradient = o->sort_gradient;
    bo->slopes = o->slopes;
    /* An export has no page: any format's page rules do. */
    const struct render_format *fmt = po->fmt ? po->fmt : &render_format_ps;
    po->layout = (struct layout_options){
        .title_box = o->title_box,
        .page = o->eps || fmt->always_fit ? PAGE_FIT
            : o->upright                  ? PAGE_GHOSTVIEW
            : fmt->print_page             ? PAGE_TURNED_A4
                                          : PAGE_LANDSCAPE_A4,
        .fit_width = o->eps ? o->eps_width : LAYOUT_BOX_WIDTH,
        .single_page = o->eps || !fmt->multipage,
        .multipage = o->multipage,
        .key = o->limit != 0,
        .marks = !o->no_marks,
        .heap = o->heap,
        .iec = o->iec,
        .pattern = o->pattern,
        .mode = o->mode,
        .colour = o->colour,
        .slopes = o->slopes,
    };
    po->render.dpi = o->dpi;
    po->render.refresh = o->watch ? o->watch_period : 0;
    po->render.refresh_stop = WATCH_IDLE_PERIODS;
    po->render.threads = po->parse.threads;
    po->reuse_aux = o->reuse_aux;
    po->no_aux = o->no_aux;
    po->fsync = o->fsync;
    po->force = o->force;
    po->diff = o->diff;
    po->output = o->output;
    return 0;
}

/* Text drawn as boxes (render_fonts_boxes): the picture is there, but its
 * words are not readable. */
static void warn_boxes(struct hp_warnings *warnings, int rc, const struct render_fonts *fonts)
{
    const char *why = rc == 0 ? render_fonts_boxes(fonts) : NULL;
    if (why)
        warnings_add(warnings, "%s", why);
}

/* ---- the edges: files in, files out -------------------------------------------------- */

/* Where a run reads and writes. */
struct files {
    char *input;    /* the .hp or eventlog path, NULL for stdin */
    char *base;     /* output stem in the current directory, as GHC's */
    char *out_path; /* the drawing or export; "-" for stdout */
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

char *run_input_path(const char *arg)
{
    if (!arg)
        return NULL;
    if (ends_with(arg, ".hp") || ends_with(arg, ".eventlog"))
        return xstrdup(arg);
    char *with = concat(arg, ".hp");
    if (exists(with) || !exists(arg))
        return with;
    free(with);
    return xstrdup(arg);
}

/* GHC's naming: "prog" and "prog.hp" both read prog.hp, and the outputs
 * are prog.ps and prog.aux in the current directory.  prog.eventlog is
 * read as it is and gives the same outputs (what it holds is told by its
 * first bytes, not by this name).  A name that is neither and has no
 * NAME.hp beside it is read as it is. */
static void resolve_files(struct files *fl, const char *arg, const struct pipeline_options *po)
{
    memset(fl, 0, sizeof *fl);
    if (!arg) {
        fl->out_path = xstrdup(po->output ? po->output : "-");
        return;
    }
    fl->input = run_input_path(arg);
    char *stem = ends_with(arg, ".hp") || ends_with(arg, ".eventlog")
        ? xmemdup0(arg, (size_t)(strrchr(arg, '.') - arg))
        : xstrdup(arg);
    const char *slash = strrchr(stem, '/');
    fl->base = xstrdup(slash ? slash + 1 : stem);
    free(stem);
    /* NAME.FORMAT (formats.h: the extension is the format's name) */
    char ext[16];
    snprintf(ext, sizeof ext, ".%s",
             po->exp            ? po->exp->name
                 : po->tree_fmt ? po->tree_fmt->name
                                : po->fmt->name);
    fl->out_path = po->output ? xstrdup(po->output) : concat(fl->base, ext);
    fl->aux_path = concat(fl->base, ".aux");
}

static void free_files(struct files *fl)
{
    free(fl->input);
    free(fl->base);
    free(fl->out_path);
    free(fl->aux_path);
}

/* Read a profile, .hp or eventlog, from path (NULL: standard input). */
static int read_profile(struct profile *p, const char *path, const struct pipeline_options *po,
                        struct hp_warnings *warnings, struct hp_error *err)
{
    int fd = 0;
    if (path && (fd = open(path, O_RDONLY)) < 0) {
        int e = errno;
        /* prog.hp gzipped where it was asked for: say what to do with it */
        char *gz = concat(path, ".gz");
        bool packed = e == ENOENT && access(gz, R_OK) == 0;
        free(gz);
        return hp_fail(err, "cannot open %s: %s%s", path, strerror(e),
                       packed ? " (there is a .gz of it: zcat it into hp2ps)" : "");
    }
    int rc = profile_read(p, fd, path ? path : "stdin", &po->parse, err);
    if (path)
        close(fd);
    for (size_t i = 0; rc == 0 && i < p->notes.n; i++)
        warnings_add(warnings, "%s: %s", p->source, p->notes.text[i]);
    return rc;
}

/* -p: the previous run's .aux, or a warning and none (a corrupt .aux
 * must not stop the drawing).  left: the file will not be replaced. */
static bool load_aux(struct aux *aux, const struct files *fl, bool left,
                     struct hp_warnings *warnings)
{
    struct hp_error err;
    if (aux_read_file(aux, fl->aux_path, &err) < 0) {
        warnings_add(warnings, "%s; %sdrawing without it", err.text, left ? "left as it is, " : "");
        return false;
    }
    return true;
}

/* May this run replace the file at path with its .aux?  Not when it is
 * someone else's: hp2ps names the .aux after the profile, in the current
 * directory, so `hp2ps paper.hp` would replace LaTeX's paper.aux.  A
 * file is taken for an .aux when all its statements read as ours or
 * GHC's (aux.c's reader); one that cannot be read is not replaced
 * either.  What is not there, and a device or a pipe (written in place),
 * may be written.  false: why says what the reader found. */
static bool aux_replaceable(const char *path, struct hp_error *why)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return true;
    /* A file we may not read may be anyone's: said as that, not as the
     * reader's "cannot open". */
    if (faccessat(AT_FDCWD, path, R_OK, AT_EACCESS) != 0) {
        hp_fail(why, "%s: cannot be read (%s): it may not be an hp2ps .aux file", path,
                strerror(errno));
        return false;
    }
    struct hp_error found;
    if (aux_check_file(path, &found) == 0)
        return true;
    hp_fail(why, "%s: not an hp2ps .aux file", found.text);
    return false;
}

/* rename() cannot put a file where a directory is; say so before any
 * output is replaced.  A file its owner made read-only, or one we may
 * not write, is refused as a shell's redirection and GHC's hp2ps refuse
 * it (the rename would replace it, and in a shared directory make it
 * ours), unless --force; root, whom the permissions do not stop, is
 * stopped by a mode with no write bit. */
static int check_target(const char *path, bool force, struct hp_error *err)
{
    struct stat st;
    if (strcmp(path, "-") == 0 || stat(path, &st) != 0)
        return 0;
    if (S_ISDIR(st.st_mode))
        return hp_fail(err, "cannot write %s: it is a directory", path);
    if (force || !S_ISREG(st.st_mode))
        return 0;
    if (!(st.st_mode & 0222))
        return hp_fail(err, "%s is read-only (--force replaces it)", path);
    if (faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 && errno == EACCES)
        return hp_fail(err, "%s is not writable by you (--force replaces it)", path);
    return 0;
}

/* output_open with the run's --fsync: every file this run writes is
 * synced or none is. */
static int open_output(struct output *o, const char *path, const char *protect,
                       const struct pipeline_options *po, struct hp_error *err)
{
    if (output_open(o, path, protect, po->temps, err) < 0)
        return -1;
    o->sync = po->fsync;
    return 0;
}

/* The .aux, written to its temporary file (committed by the caller). */
static int prepare_aux(struct output *aux_out, const struct files *fl, const struct drawing *d,
                       const struct pipeline_options *po, struct hp_error *err)
{
    if (open_output(aux_out, fl->aux_path, fl->input, po, err) < 0) {
        /* The drawing waits for its .aux (both or neither), so say how
         * to have the drawing alone: a read-only current directory. */
        struct hp_error why = *err;
        hp_fail(err, "%s (--no-aux writes none)", why.text);
        return -1;
    }
    if (aux_write(aux_out->f, &d->plan, d->x_range, d->stacked_range, po->bands.colour) < 0) {
        if (output_write_error(aux_out, err) == 0)
            hp_fail(err, "cannot write %s", fl->aux_path);
        output_abort(aux_out);
        return -1;
    }
    return 0;
}

/* A writer failed: when the output itself failed (a full disk, a file
 * size limit), that is what is said, with the system's reason. */
static int writer_failed(struct output *out, struct hp_error *err)
{
    output_write_error(out, err);
    output_abort(out);
    return -1;
}

/* The drawing (and with d and an input file, d's .aux), both complete
 * before either replaces anything (output_commit_all); the .aux is
 * renamed last, as GHC wrote it last. */
static int write_drawing(const struct layout *L, const struct page_data *page,
                         const struct files *fl, const struct drawing *d,
                         const struct pipeline_options *po, struct render_fonts *fonts,
                         struct hp_error *err)
{
    struct output out = { 0 }, aux_out = { 0 };
    bool with_aux = d != NULL;
    if (check_target(fl->out_path, po->force, err) < 0
        || (with_aux && check_target(fl->aux_path, po->force, err) < 0))
        return -1;
    if (open_output(&out, fl->out_path, fl->input, po, err) < 0)
        return -1;
    if (render_write(po->fmt, out.f, L, page, fonts, &po->render, err) < 0)
        return writer_failed(&out, err);
    if (with_aux && prepare_aux(&aux_out, fl, d, po, err) < 0) {
        output_abort(&out);
        return -1;
    }
    struct output *both[2] = { &out, &aux_out };
    return output_commit_all(both, with_aux ? 2 : 1, err);
}

/* -o FILE.csv, -o FILE.json, --format=csv|json: the numbers instead of
 * the picture, through the same atomic output; no .aux is written.
 * *clipped: a band's sum was written as INT64_MAX. */
static int write_export(const struct files *fl, const struct profile *p, const struct band_plan *bp,
                        const struct pipeline_options *po, bool *clipped, struct hp_error *err)
{
    struct output out;
    if (check_target(fl->out_path, po->force, err) < 0
        || open_output(&out, fl->out_path, fl->input, po, err) < 0)
        return -1;
    int written = po->exp->write(out.f, p, bp, po->export_layout, err);
    if (written < 0)
        return writer_failed(&out, err);
    *clipped = written > 0;
    return output_commit(&out, err);
}

/* -o FILE.folded: the tree's stacks, through the same atomic output as
 * an export; no .aux.  p[0..n): one profile, or --diff's two. */
static int write_tree(const struct files *fl, const struct profile *p, size_t n,
                      const struct aux *aux, const struct pipeline_options *po,
                      struct hp_warnings *warnings, struct hp_error *err)
{
    struct tree t;
    struct band_plan bp[TREE_PROFILES] = { { 0 }, { 0 } };
    struct output out;
    if (check_target(fl->out_path, po->force, err) < 0
        || pipeline_tree(&t, bp, p, n, aux, po, warnings, err) < 0)
        return -1;
    int rc = open_output(&out, fl->out_path, fl->input, po, err);
    if (rc == 0) {
        rc = po->tree_fmt->write(out.f, &t, err) < 0 ? writer_failed(&out, err)
                                                     : output_commit(&out, err);
    }
    tree_free(&t);
    for (size_t k = 0; k < n; k++)
        band_plan_free(&bp[k]);
    return rc;
}

/* --view=icicle: the tree drawn, no .aux (it records the graph's scales). */
static int write_icicle(const struct files *fl, const struct profile *p, size_t n,
                        const struct aux *aux, const struct pipeline_options *po,
                        struct render_fonts *fonts, struct hp_warnings *warnings,
                        struct hp_error *err)
{
    struct layout L;
    struct text_metrics tm = render_text_metrics(fonts);
    int rc = pipeline_draw_icicle(&L, p, n, aux, po, &tm, warnings, err);
    if (rc == 0)
        rc = write_drawing(&L, NULL, fl, NULL, po, fonts, err);
    warn_boxes(warnings, rc, fonts);
    layout_free(&L);
    return rc;
}

/* --heap that draws nothing says why, once. */
static void warn_heap(struct hp_warnings *warnings, const struct profile *p,
                      const struct pipeline_options *po, size_t nprofiles)
{
    if (!po->layout.heap)
        return;
    enum heap_lines_shown shown = profile_heap_lines(p, po->layout.mode == MODE_PERCENT);
    if (shown == HEAP_LINES_NONE)
        warnings_add(warnings,
                     "%s: --heap: no heap size events (HEAP_SIZE, HEAP_LIVE, BLOCKS_SIZE) to "
                     "draw; only an eventlog has them (+RTS -l)",
                     p->source);
    else if (po->exp)
        return;
    else if (nprofiles > 1)
        warnings_add(warnings, "--heap draws the lines of a single profile, not of several");
    else if (shown == HEAP_LINES_INDEX_AXIS)
        warnings_add(warnings, "--heap: the lines need the time axis; not drawn with --x=index");
    else if (shown == HEAP_LINES_SHARES)
        warnings_add(warnings, "--heap: the lines are bytes; not drawn with --mode=percent");
}

/* Once the layout (and the page's data) is built, nothing reads the
 * samples again: the writers draw the layout and the page, the .aux is
 * written from the band plan and the ranges, and the warnings after are
 * the fonts'.  (An export or a tree replays them as it writes, so those
 * paths keep them; --watch reads the profile anew for every drawing.)
 * So the store, its temporary file and its last block go before the
 * writer's memory comes on top of them: the profile's names, marks and
 * totals stay, for the messages. */
static void drop_samples(struct profile *p, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        store_free(p[k].store);
        p[k].store = NULL;
    }
}

/* One profile: the picture and its .aux, or the export. */
/* The .aux policy, apart from the run's steps: whether this run writes
 * FILE.aux (*write: not for standard input, nor with --no-aux or an
 * export, nor over a file that is not an .aux, which is left as it is),
 * and with -p the .aux read into aux (*saved; NULL: none to use).  The
 * check comes before -p reads it, so that one warning says both.  -1
 * (err set) when the .aux would replace the input. */
static int aux_policy(const struct files *fl, const struct pipeline_options *po, struct aux *aux,
                      const struct aux **saved, bool *write, struct hp_warnings *warnings,
                      struct hp_error *err)
{
    struct hp_error why;
    *saved = NULL;
    *write = fl->input && !po->no_aux && !po->exp && !po->tree_fmt && !po->icicle;
    if (*write && output_same_path(fl->aux_path, fl->input)) /* as output_open would */
        return hp_fail(err, "%s: refusing to overwrite the input", fl->aux_path);
    bool left = *write && !aux_replaceable(fl->aux_path, &why);
    if (left)
        *write = false;
    if (po->reuse_aux && !fl->input)
        warnings_add(warnings, "-p has no effect on standard input (there is no .aux file)");
    else if (po->reuse_aux && load_aux(aux, fl, left, warnings))
        *saved = aux;
    /* (-p's warning has said it already: "left as it is") */
    if (left && !(po->reuse_aux && fl->input && !*saved))
        warnings_add(warnings, "%s, so it is left as it is (--no-aux writes none)", why.text);
    return 0;
}

static int run_one(const struct pipeline_options *po, const char *arg, struct hp_warnings *warnings,
                   struct hp_error *err)
{
    struct files fl;
    resolve_files(&fl, arg, po);
    struct profile p = { 0 };
    struct aux aux;
    aux_init(&aux);
    struct drawing d = { 0 };
    struct band_plan bp = { 0 };
    struct render_fonts *fonts = NULL;
    struct render_fonts_job *job = NULL;
    int rc = -1;

    if (fl.input && output_same_path(fl.out_path, fl.aux_path)) {
        hp_fail(err, "%s: the drawing cannot go to the .aux file", fl.out_path);
        goto done;
    }
    /* The fonts are made on a thread of their own while the profile is
     * read and its series built (render_fonts_begin): only the layout
     * measures text. */
    job = po->exp || po->tree_fmt ? NULL : render_fonts_begin(po->fmt);
    if (read_profile(&p, fl.input, po, warnings, err) < 0)
        goto done;
    /* A -hb run whose RTS crashed (GHC 9.0's does after about 32
     * censuses) leaves only the empty sample at 0: a blank graph, with no
     * word why.  (Any other profile so short may be one still written.) */
    if (p.nsamples == 1 && p.names.count == 0 && !p.dropped_open_sample && p.job
        && strstr(p.job, "-hb"))
        warnings_add(warnings,
                     "%s holds only the empty sample at 0: no census was written, "
                     "as when the program crashed (GHC 9.0's RTS does in -hb after about 32 "
                     "censuses); try a newer GHC, or -hc or -hy",
                     p.source);
    warn_heap(warnings, &p, po, 1);
    bool write_aux;
    const struct aux *saved;
    if (aux_policy(&fl, po, &aux, &saved, &write_aux, warnings, err) < 0)
        goto done;
    if (po->tree_fmt) {
        rc = write_tree(&fl, &p, 1, saved, po, warnings, err);
        goto done;
    }
    if (po->icicle) {
        fonts = render_fonts_end(job);
        job = NULL;
        rc = write_icicle(&fl, &p, 1, saved, po, fonts, warnings, err);
        goto done;
    }
    if (po->exp) {
        const struct aux *given = saved;
        if (pipeline_plan(&bp, &p, &saved, po, err) < 0)
            goto done;
        if (given && !saved)
            warnings_add(warnings, "%s names none of the bands of %s; ignoring it", fl.aux_path,
                         p.source);
        bool clipped = false;
        rc = write_export(&fl, &p, &bp, po, &clipped, err);
        if (rc == 0 && clipped)
            pipeline_warn_clipped(warnings, p.source, "written as that");
        goto done;
    }
    if (pipeline_series(&d, &p, saved, po, err) < 0)
        goto done;
    if (d.series.clipped)
        pipeline_warn_clipped(warnings, p.source, "drawn at that");
    fonts = render_fonts_end(job);
    job = NULL;
    struct text_metrics tm = render_text_metrics(fonts);
    if (pipeline_layout(&d, &p, po, &tm, err) < 0)
        goto done;
    if (d.aux_foreign)
        warnings_add(warnings, "%s names none of the bands of %s; ignoring it", fl.aux_path,
                     p.source);
    drop_samples(&p, 1);
    rc = write_drawing(&d.layout, d.page, &fl, write_aux ? &d : NULL, po, fonts, err);
    warn_boxes(warnings, rc, fonts);
done:
    if (job)
        render_fonts_free(render_fonts_end(job));
    drawing_free(&d);
    band_plan_free(&bp);
    render_fonts_free(fonts);
    aux_free(&aux);
    profile_free(&p);
    free_files(&fl);
    return rc;
}

/* Several profiles, or --diff: every one read, one drawing, no .aux (an
 * .aux describes the bands of one profile). */
static int run_many(const struct pipeline_options *po, const char *const *inputs, size_t n,
                    struct hp_warnings *warnings, struct hp_error *err)
{
    struct profile *p = xcalloc(n, sizeof *p);
    struct render_fonts_job *job = po->tree_fmt ? NULL : render_fonts_begin(po->fmt);
    struct layout L = { 0 };
    struct page_data *page = NULL;
    struct files fl = { 0 };
    fl.out_path = xstrdup(po->output ? po->output : "-");
    int rc = -1;
    size_t k;
    for (k = 0; k < n; k++) {
        char *path = run_input_path(inputs[k]);
        if (path && po->output && output_same_path(po->output, path))
            hp_fail(err, "%s: refusing to overwrite the input", po->output);
        else
            rc = read_profile(&p[k], path, po, warnings, err);
        free(path);
        if (rc < 0)
            break;
        rc = -1;
    }
    struct render_fonts *fonts = job ? render_fonts_end(job) : NULL;
    if (k < n)
        goto done;
    warn_heap(warnings, &p[0], po, n);
    if (po->tree_fmt || po->icicle) { /* --diff */
        rc = po->tree_fmt ? write_tree(&fl, p, n, NULL, po, warnings, err)
                          : write_icicle(&fl, p, n, NULL, po, fonts, warnings, err);
        goto done;
    }
    struct text_metrics tm = render_text_metrics(fonts);
    if ((po->diff ? pipeline_draw_diff(&L, &page, p, po, &tm, warnings, err)
                  : pipeline_draw_several(&L, &page, p, n, po, &tm, warnings, err))
        < 0)
        goto done;
    drop_samples(p, n);
    rc = write_drawing(&L, page, &fl, NULL, po, fonts, err);
    warn_boxes(warnings, rc, fonts);
done:
    page_data_free(page);
    layout_free(&L);
    render_fonts_free(fonts);
    for (size_t i = 0; i < n; i++)
        profile_free(&p[i]);
    free(p);
    free_files(&fl);
    return rc;
}

/* --top's table: one profile ranked (or, with --at, its OTHER opened at
 * a census), or two ranked by what grew between them; to -o FILE or
 * standard output, through the same atomic output as a drawing. */
static int run_top(const struct pipeline_options *po, const char *const *inputs, size_t n,
                   struct hp_warnings *warnings, struct hp_error *err)
{
    struct profile p[2] = { { 0 }, { 0 } };
    struct triage t = { 0 };
    struct triage_opened opened = { 0 };
    struct band_plan bp = { 0 };
    struct output out = { 0 };
    const char *target = po->output ? po->output : "-";
    char *path[2] = { NULL, NULL };
    int rc = -1;
    size_t k;
    for (k = 0; k < (n ? n : 1); k++) {
        path[k] = run_input_path(n ? inputs[k] : NULL);
        if (path[k] && output_same_path(target, path[k])) {
            hp_fail(err, "%s: refusing to overwrite the input", target);
            goto done;
        }
        if (read_profile(&p[k], path[k], po, warnings, err) < 0)
            goto done;
    }
    struct toptable tt = { .p = &p[k - 1], .top = po->top_n, .iec = po->layout.iec };
    if (po->has_at) {
        struct census_pick at;
        if (census_find(&at, &p[0], po->at, po->at_time, err) < 0
            || pipeline_plan(&bp, &p[0], NULL, po, err) < 0
            || triage_open_other(&opened, &p[0], &bp, at.index, err) < 0)
            goto done;
        tt.opened = &opened;
    } else {
        struct triage_options o[2];
        o[0] = o[1] = pipeline_top_window(po);
        if ((k == 2 ? triage_rank_two(&t, &p[0], &p[1], o, err)
                    : triage_rank(&t, &p[0], &o[0], err))
            < 0)
            goto done;
        tt.t = &t;
        tt.before = k == 2 ? &p[0] : NULL;
    }
    if (check_target(target, po->force, err) < 0 || open_output(&out, target, path[0], po, err) < 0)
        goto done;
    po->top_table->write(out.f, &tt);
    rc = output_commit(&out, err);
done:
    free(path[0]);
    free(path[1]);
    triage_free(&t);
    triage_opened_free(&opened);
    band_plan_free(&bp);
    profile_free(&p[0]);
    profile_free(&p[1]);
    return rc;
}

int run_inputs(const struct pipeline_options *po, const char *const *inputs, size_t n,
               struct hp_warnings *warnings, struct hp_error *err)
{
    if (po->fmt && render_source_date_epoch() == -2)
        warnings_add(warnings,
                     "SOURCE_DATE_EPOCH=%s: not a whole number of seconds from 1970 to 9999; "
                     "ignored",
                     getenv("SOURCE_DATE_EPOCH"));
    /* Whatever locale the caller set: the numbers this thread writes
     * (exports, the .aux, labels) and reads back keep '.' (issue 34). */
    void *locale = number_c_locale_begin();
    int rc = po->top_table  ? run_top(po, inputs, n, warnings, err)
        : n > 1 || po->diff ? run_many(po, inputs, n, warnings, err)
                            : run_one(po, n ? inputs[0] : NULL, warnings, err);
    number_c_locale_end(locale);
    return rc;
}

/* ---- the heap budget gate ------------------------------------------------------------ */

/* --check-file is read whole; a budget file larger than this is no budget file. */
#define CHECK_FILE_MAX (1 << 20)

static int read_check_file(struct budget_list *list, const char *path, struct hp_error *err)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return hp_fail(err, "--check-file=%s: cannot open it: %s", path, strerror(errno));
    char *buf = xmalloc(CHECK_FILE_MAX + 1);
    size_t n = 0;
    ssize_t r = 0;
    while (n <= CHECK_FILE_MAX && (r = read(fd, buf + n, CHECK_FILE_MAX + 1 - n)) != 0) {
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            break;
        n += (size_t)r;
    }
    int e = errno;
    close(fd);
    int rc;
    if (r < 0)
        rc = hp_fail(err, "--check-file=%s: read error: %s", path, strerror(e));
    else if (n > CHECK_FILE_MAX)
        rc = hp_fail(err,
                     "--check-file=%s: larger than %d bytes; a budget file holds a "
                     "budget a line",
                     path, CHECK_FILE_MAX);
    else
        rc = budget_list_add_text(list, buf, n, path, err);
    free(buf);
    return rc;
}

int run_gate_options(struct run_gate *g, struct pipeline_options *po, const struct options *o,
                     const struct name_filter *filter, struct hp_error *err)
{
    memset(g, 0, sizeof *g);
    g->active = o->nchecks || o->ncheck_files || o->baseline;
    if (!g->active)
        return 0;
    for (size_t i = 0; i < o->nchecks; i++) {
        struct hp_error why;
        if (budget_list_add(&g->budgets, o->checks[i], &why) < 0)
            return hp_fail(err, "--check %s", why.text);
    }
    for (size_t i = 0; i < o->ncheck_files; i++)
        if (read_check_file(&g->budgets, o->check_files[i], err) < 0)
            return -1;
    if (o->nreports > RUN_REPORTS_MAX)
        return hp_fail(err, "--report: at most %d reports", RUN_REPORTS_MAX);
    if (po->exp)
        return hp_fail(err,
                       "-o %s: the gate draws its profile (.ps .eps .pdf .svg .png "
                       ".html); export it without --check and --baseline",
                       o->output);
    g->opt = (struct gate_options){
        .budget = g->budgets.b,
        .nbudgets = g->budgets.n,
        .tolerance = o->has_tolerance ? o->tolerance : GATE_TOLERANCE_DEFAULT,
        .has_floor = o->has_floor,
        .floor = o->floor,
        .allow_partial = o->allow_partial,
        .filter = name_filter_active(filter) ? filter : NULL,
    };
    for (size_t i = 0; i < g->budgets.n; i++)
        if (g->budgets.b[i].subject == BUDGET_HEAP_SIZE || g->budgets.b[i].subject == BUDGET_LIVE)
            po->parse.heap = true;
    g->baseline = o->baseline;
    g->report = o->reports;
    g->nreports = o->nreports;
    for (size_t i = 0; i < o->nreports; i++)
        g->opt.growers |=
            strncmp(o->reports[i], "markdown:", 9) == 0 || strncmp(o->reports[i], "json:", 5) == 0;
    g->draw = o->output != NULL;
    g->trace_given = o->trace_given;
    g->iec = o->iec;
    return 0;
}

void run_gate_free(struct run_gate *g)
{
    budget_list_free(&g->budgets);
    memset(g, 0, sizeof *g);
}

typedef int report_writer(FILE *f, const struct gate_verdict *v, const struct gate_style *st);

/* A --report value: its writer and its file ("-": standard output). */
static report_writer *report_kind(const char *value, const char **path)
{
    const char *colon = strchr(value, ':');
    *path = colon ? colon + 1 : "-";
    size_t n = colon ? (size_t)(colon - value) : strlen(value);
    if (n == 5 && strncmp(value, "junit", 5) == 0)
        return gate_write_junit;
    if (n == 8 && strncmp(value, "markdown", 8) == 0)
        return gate_write_markdown;
    if (n == 4 && strncmp(value, "json", 4) == 0)
        return gate_write_json;
    return gate_write_github;
}

/* Each report to its temporary file (outs[*n...]); committed with the rest. */
static int prepare_reports(struct output *outs, size_t *n, const struct run_gate *g,
                           const struct gate_verdict *v, const struct gate_style *st,
                           const char *input, const struct pipeline_options *po,
                           struct hp_error *err)
{
    for (size_t i = 0; i < g->nreports; i++) {
        const char *path;
        report_writer *write = report_kind(g->report[i], &path);
        struct output *out = &outs[*n];
        if (check_target(path, po->force, err) < 0 || open_output(out, path, input, po, err) < 0)
            return -1;
        ++*n;
        if (write(out->f, v, st) < 0) {
            if (output_write_error(out, err) == 0)
                hp_fail(err, "cannot write %s", path);
            return -1;
        }
    }
    return 0;
}

/* -o FILE: p drawn with the gate's lines (gate_drawing) into its
 * temporary file (outs[*n]), committed with the reports.  Heap budgets
 * draw the RTS's lines they measured. */
static int gate_draw(struct output *outs, size_t *n, const struct gate_verdict *v,
                     const struct profile *p, const struct profile *base, const struct run_gate *g,
                     const struct pipeline_options *po, const char *input,
                     struct hp_warnings *warnings, struct hp_error *err)
{
    struct gate_drawing gd;
    struct pipeline_options dpo = *po;
    struct drawing d = { 0 };
    struct render_fonts *fonts = NULL;
    int rc = -1;
    if (gate_drawing_build(&gd, v, p, base, &g->opt, err) < 0)
        return -1;
    dpo.layout.gate = &gd;
    dpo.layout.heap |= dpo.parse.heap;
    /* what the gate measured is every name: a drawing that hid the
     * small ones (-t1) would show a total under the line it crosses */
    if (!g->trace_given)
        dpo.bands.trace_percent = 0;
    struct render_fonts_job *job = render_fonts_begin(po->fmt);
    if (dpo.layout.mode == MODE_PERCENT)
        warnings_add(warnings, "the gate's lines are bytes; not drawn with --mode=percent");
    if (pipeline_series(&d, p, NULL, &dpo, err) < 0) {
        render_fonts_free(render_fonts_end(job));
        goto done;
    }
    fonts = render_fonts_end(job);
    struct text_metrics tm = render_text_metrics(fonts);
    if (pipeline_layout(&d, p, &dpo, &tm, err) < 0)
        goto done;
    struct output *out = &outs[*n];
    if (check_target(po->output, po->force, err) < 0
        || open_output(out, po->output, input, po, err) < 0)
        goto done;
    ++*n;
    if (render_write(po->fmt, out->f, &d.layout, d.page, fonts, &po->render, err) < 0) {
        output_write_error(out, err);
        goto done;
    }
    warn_boxes(warnings, 0, fonts);
    rc = 0;
done:
    drawing_free(&d);
    render_fonts_free(fonts);
    gate_drawing_free(&gd);
    return rc;
}

/* Does a --report or -o go to standard output? */
static bool gate_uses_stdout(const struct run_gate *g, const struct pipeline_options *po)
{
    const char *path;
    for (size_t i = 0; i < g->nreports; i++) {
        report_kind(g->report[i], &path);
        if (strcmp(path, "-") == 0 || output_descriptor_of(path) == 1)
            return true;
    }
    return g->draw && po->output
        && (strcmp(po->output, "-") == 0 || output_descriptor_of(po->output) == 1);
}

/* The heap profile's breakdown a JOB line names: the letter of the
 * first -h flag after +RTS ('c' for -hc, 'T' for -hT), or 0 when it
 * names none (a -hT run of GHC 9.0 writes the program's name alone). */
static char rts_breakdown(const char *job)
{
    bool rts = false;
    for (const char *s = job ? job : ""; *s;) {
        while (*s == ' ')
            s++;
        size_t n = strcspn(s, " ");
        if (n == 4 && strncmp(s, "+RTS", 4) == 0)
            rts = true;
        else if (n == 4 && strncmp(s, "-RTS", 4) == 0)
            rts = false;
        else if (rts && n >= 3 && s[0] == '-' && s[1] == 'h'
                 && ((s[2] >= 'a' && s[2] <= 'z') || (s[2] >= 'A' && s[2] <= 'Z')))
            return s[2];
        s += n;
    }
    return 0;
}

/* A baseline of another breakdown (-hy against -hc) pairs few bands:
 * every band of this run is new against it. */
static void warn_breakdowns(struct hp_warnings *warnings, const struct profile *p,
                            const struct profile *base)
{
    char a = rts_breakdown(p->job), b = rts_breakdown(base->job);
    if (a && b && a != b)
        warnings_add(warnings,
                     "%s is a -h%c profile and its baseline %s a -h%c one: their "
                     "bands name different things, and few pair (make the baseline with the "
                     "same +RTS -h)",
                     p->source, a, base->source, b);
}

int run_gate(const struct pipeline_options *po, const struct run_gate *g, const char *input,
             struct run_gate_outcome *out, struct hp_warnings *warnings, struct hp_error *err)
{
    memset(out, 0, sizeof *out);
    void *locale = number_c_locale_begin();
    struct profile p = { 0 }, base = { 0 };
    struct gate_verdict v = { 0 };
    struct output outs[RUN_REPORTS_MAX + 1] = { { 0 } };
    size_t nouts = 0;
    char *path = run_input_path(input), *base_path = run_input_path(g->baseline);
    int rc = -1;
    if (read_profile(&p, path, po, warnings, err) < 0
        || (g->baseline && read_profile(&base, base_path, po, warnings, err) < 0))
        goto done;
    if (g->baseline)
        warn_breakdowns(warnings, &p, &base);
    if (gate_evaluate(&v, &p, g->baseline ? &base : NULL, &g->opt, err) < 0)
        goto done;
    struct gate_style st = { .iec = g->iec,
                             .sample_unit = p.sample_unit,
                             .value_unit = p.value_unit };
    if (p.x_is_index)
        st.sample_unit = "samples";
    for (size_t i = 0; i < v.n; i++)
        if (!v.check[i].pass) {
            char *line = gate_check_line(&v, &v.check[i], &st);
            warnings_add(&out->lines, "FAIL %s", line);
            free(line);
        }
    char *summary = gate_summary_line(&v, &st);
    warnings_add(&out->lines, "%s", summary);
    free(summary);
    out->over = v.failed > 0;
    out->to_stderr = gate_uses_stdout(g, po);
    if (g->draw
        && gate_draw(outs, &nouts, &v, &p, g->baseline ? &base : NULL, g, po, path, warnings, err)
            < 0)
        goto done;
    if (prepare_reports(outs, &nouts, g, &v, &st, path, po, err) < 0)
        goto done;
    struct output *commit[RUN_REPORTS_MAX + 1];
    for (size_t i = 0; i < nouts; i++)
        commit[i] = &outs[i];
    rc = output_commit_all(commit, nouts, err);
    nouts = 0;
done:
    for (size_t i = 0; i < nouts; i++)
        output_abort(&outs[i]);
    if (rc < 0)
        warnings_free(&out->lines);
    gate_verdict_free(&v);
    profile_free(&p);
    profile_free(&base);
    free(path);
    free(base_path);
    number_c_locale_end(locale);
    return rc;
}

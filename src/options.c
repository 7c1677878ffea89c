/* SPDX-License-Identifier: BSD-3-Clause */
/* options.c: see options.h.  A small hand-written scanner rather than
 * getopt, because GHC's flags have shapes getopt cannot express: -i takes
 * an optional + or -, -e takes a unit suffix, and -? is a flag. */
#include "options.h"
#include "output.h"
#include "export.h"
#include "number.h"
#include "formats.h"
#include "toptable.h"
#include "budget.h"
#include "triage.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define EPS_MIN_WIDTH  144.0 /* GHC's: more than 2 inches */
/* PDF's page limit (200 inches), the largest page viewers and printers
 * take; beyond it the layout's sizes leave the range of the integers they
 * become (the key's columns, the BoundingBox: -e1e25 was a SIGFPE). */
#define EPS_MAX_WIDTH  14400.0
#define TRACE_MAX      5.0
#define KEY_PAGE_LIMIT 20 /* above this band limit the key needs its own pages */
#define DPI_DEFAULT    150.0
#define DPI_MAX        2400.0

void options_default(struct options *o)
{
    memset(o, 0, sizeof *o);
    o->name = o->command = HP2PS_INSTALLED_NAME;
    o->title_box = TITLE_AUTO;
    o->limit = BANDS_LIMIT_DEFAULT;
    o->trace = 1.0;
    o->dpi = DPI_DEFAULT;
    o->mode = MODE_STACKED;
    o->watch_period = WATCH_PERIOD_DEFAULT;
    o->top_n = TRIAGE_TOP_DEFAULT;
}

void options_free(struct options *o)
{
    free(o->include);
    free(o->exclude);
    free(o->inputs);
    free(o->checks);
    free(o->check_files);
    free(o->reports);
    o->include = o->exclude = o->inputs = NULL;
    o->checks = o->check_files = o->reports = NULL;
    o->ninclude = o->nexclude = o->ninputs = 0;
    o->nchecks = o->ncheck_files = o->nreports = 0;
}

/* Text of --help: "$0", as in a shell script, stands for the command
 * that ran the program (o->command), so that an example or a hint run as
 * written runs this hp2ps, not GHC's. */
static void put_text(FILE *f, const char *command, const char *text)
{
    for (const char *p; (p = strstr(text, "$0")) != NULL; text = p + 2) {
        fwrite(text, 1, (size_t)(p - text), f);
        fputs(command, f);
    }
    fputs(text, f);
}

void options_usage(FILE *f, const struct options *o)
{
    const char *cmd = o->command ? o->command : HP2PS_INSTALLED_NAME;
    put_text(f, cmd,
             "Usage: $0 [OPTION]... [FILE[.hp]]...\n"
             "Draw a GHC heap profile (FILE.hp, or the eventlog FILE.eventlog of a run\n"
             "with +RTS -h -l) as a stacked graph in FILE.ps and save its scales, band\n"
             "order and shades in FILE.aux, both in the current directory.  With no\n"
             "FILE, read standard input and write standard output.\n"
             "\n"
             "  -b            always use the big (two-line) title box\n"
             "  -s            always use the small title box\n"
             "  -c            colour instead of grey shades\n"
             "  -d            order bands by standard deviation (roughest on top)\n"
             "  -i, -i+       order bands by name, greatest on top\n"
             "  -i-           order bands by name, smallest on top\n"
             "  -e<W>[in|mm|cm|pt]\n"
             "                Encapsulated PostScript, portrait, W wide (points if no\n"
             "                unit; more than 2 inches, at most 200), e.g. -e8in\n"
             "  -g            upright, unscaled (for a previewer), on a landscape page\n"
             "  -m<N>         at most N bands (default 20), the rest merged into OTHER;\n"
             "                -m0 no limit and no key; above 20 implies -M\n"
             "  -l            no band limit and no key (same as -m0)\n"
             "  -M            put the key on page(s) of its own\n"
             "  -p            reuse the scales, order and shades saved in FILE.aux\n"
             "      --no-aux  write no FILE.aux (an existing FILE.aux that is not an\n"
             "                hp2ps .aux file is never replaced: it is left, with a warning)\n"
             "      --force   replace a read-only FILE.ps or FILE.aux (else refused)\n"
             "      --fsync   have each output on the disk before the run ends (it is\n"
             "                always replaced whole; this also survives a power cut)\n"
             "  -t<F>         drop the smallest bands that together make less than F%\n"
             "                of the profile (default 1, 0 to 5; -t0 keeps all)\n"
             "  -y            do not draw MARK times\n"
             "  -o, --output=FILE\n"
             "                write FILE instead of FILE.ps (\"-\" for standard output);\n");
    /* The format names, as extensions and as --format's words, from the
     * table that defines them (formats.h). */
    const char *lead = "                its extension picks the format:";
    fputs(lead, f);
    size_t col = strlen(lead);
    for (size_t i = 0; output_format_at(i); i++) {
        const char *name = output_format_at(i)->name;
        if (col + 2 + strlen(name) > 78) {
            fputs("\n               ", f);
            col = 15;
        }
        fprintf(f, " .%s", name);
        col += 2 + strlen(name);
    }
    fputs("\n                (.html: a page that reads values under the pointer)\n", f);
    fputs("      --format=", f);
    for (size_t i = 0; output_format_at(i); i++)
        fprintf(f, "%s%s", i ? "|" : "", output_format_at(i)->name);
    /* --top's own: what its table alone is written as */
    for (size_t i = 0; toptable_format_at(i); i++) {
        const char *name = toptable_format_at(i)->name;
        bool shared = false;
        for (size_t k = 0; output_format_at(k); k++)
            shared = shared || strcmp(output_format_at(k)->name, name) == 0;
        if (!shared)
            fprintf(f, "|%s", name);
    }
    fputs("\n"
          "                the output format, whatever the name (e.g. with -o -);\n"
          "                txt and md are --top's table alone\n"
          "      --dpi=N   PNG resolution in pixels per inch (default 150)\n"
          "      --pattern hatch the bands as well as shading them, so that they\n"
          "                stay apart when printed in black and white\n"
          "      --units=si|iec\n"
          "                value labels in kB, MB, GB (si, default) or KiB, MiB, GiB\n"
          "\n",
          f);
    /* Two strings: C guarantees string literals only up to 4095 bytes. */
    put_text(f, cmd,
             "Choosing and ordering bands:\n"
             "      --include=RE  keep only bands whose name matches the POSIX extended\n"
             "                regular expression RE (repeatable: any of them), before\n"
             "                trace elimination and the band limit\n"
             "                  e.g. --include=Map (-hy: the Map types)\n"
             "      --exclude=RE  drop bands whose name matches RE (repeatable)\n"
             "                  e.g. --exclude=CAF\n"
             "      --from=T, --to=T\n"
             "                only the samples from time T, up to time T (in the\n"
             "                profile's SAMPLE_UNIT)   e.g. --from 2.5 --to 10\n"
             "      --sort=size|stddev|name|gradient\n"
             "                band order: by size (default), as -d, as -i, or by the\n"
             "                least-squares slope over time, steepest rise (the leaks)\n"
             "                on top   e.g. --sort=gradient --slopes\n"
             "      --slopes  each key entry says its band's slope (\"+1.2 MB/s\", least\n"
             "                squares from the first census with data to the last:\n"
             "                not the RTS's empty ones at start and exit)\n"
             "\n");
    put_text(f, cmd,
             "Drawing:\n"
             "      --mode=stacked|percent|lines\n"
             "                stacked areas (default), each sample scaled to 100 %,\n"
             "                or one line per band   e.g. --mode=lines\n"
             "      --x=time|index\n"
             "                x axis: sample time (default) or sample number, for\n"
             "                profiles stretched by profiling overhead\n"
             "      --full-stacks\n"
             "                eventlog, -hc: name each band by its whole cost-centre\n"
             "                stack, not cut at the program's -L as the .hp is\n"
             "      --heap    eventlog: draw the RTS's heap size, live bytes and blocks\n"
             "                size as lines over the bands (the y axis reaches them)\n"
             "      --marks=RE\n"
             "                draw only the marks whose text matches RE (an eventlog's\n"
             "                traceMarker; a .hp's MARK has the text \"\")\n"
             "      --view=graph|icicle\n"
             "                the stacked graph over time (default), or where in the\n"
             "                code the heap is at one census: the tree of cost-centre\n"
             "                stacks (-hc) or of modules, files and spans (-hi), root\n"
             "                on top, each node as wide as its bytes   e.g. --view=icicle\n"
             "  FILE FILE...  several profiles: one above the other on one page, with\n"
             "                one x and one y scale and one colour per name (needs -o)\n"
             "                  e.g. $0 -c -o compare.pdf before.hp after.hp\n"
             "      --diff A B\n"
             "                per band, B minus A, as a diverging chart (needs -o)\n"
             "                  e.g. $0 -c --diff -o diff.pdf before.hp after.hp\n"
             "\n"
             "Finding a leak:\n"
             "      --top[=N] rank every name by how much it grew, how steadily and how\n"
             "                much is still held, and print the N (default 10) that grew\n"
             "                most to standard output, or to -o FILE.txt|.md|.csv|.json;\n"
             "                with a drawing (-o FILE.pdf...), name the leaks under the\n"
             "                title   e.g. $0 --top prog.hp\n"
             "                two profiles: what grew between the runs\n"
             "                  e.g. $0 --top before.hp after.hp\n"
             "      --at=peak|end|T\n"
             "                one census: the largest (default), the last that holds\n"
             "                anything, or the one at time T or the last before it;\n"
             "                what --view=icicle and -o FILE.folded show (with\n"
             "                --from/--to and no --at: the window's byte-seconds), and\n"
             "                with --top what OTHER and -t hold there, name by name\n"
             "                  e.g. --top --at=peak, --view=icicle --at=2.5\n"
             "\n"
             "Exporting and watching:\n"
             "  -o FILE.csv, -o FILE.json\n"
             "                the time by band matrix after selection, exact values\n"
             "                  e.g. $0 -m0 -t0 -o prog.csv prog.hp (every name)\n"
             "  -o FILE.folded\n"
             "                the stacks of one census (--at) as folded text, a line\n"
             "                \"frame;frame;frame BYTES\" each, for flamegraph.pl,\n"
             "                inferno and speedscope   e.g. $0 -o prog.folded prog.hp\n"
             "      --export-layout=wide|long|bands\n"
             "                a row per sample and a column per band (wide), or a\n"
             "                row time,band,value per value that is not 0 (long);\n"
             "                default: long when under 1% of the wide cells would\n"
             "                be non-zero, else wide; or a row per band with its\n"
             "                total and an eventlog's IPE fields or stack (bands)\n"
             "      --watch[=SECONDS]\n"
             "                redraw every SECONDS (default 2) while FILE grows, each\n"
             "                time atomically; stops when it has not changed for ten\n"
             "                periods, or on Ctrl-C   e.g. $0 --watch=1 prog.hp\n"
             "\n");
    put_text(f, cmd,
             "Heap budget gate (for CI; draws only with -o, writes no .aux):\n"
             "      --check=BUDGET\n"
             "                fail (exit 3) when the profile is over BUDGET, written\n"
             "                [heap:|live:]peak|end|change|slope|mean[(RE)][@FROM..TO]\n"
             "                <=LIMIT; repeatable\n"
             "                  e.g. --check 'peak<=200MB' --check 'end<=10MB'\n"
             "                  --check 'peak(Map)<=5MB' --check 'slope@50%..<=10kB/s'\n"
             "      --check-file=FILE\n"
             "                the budgets in FILE, one a line ('#' starts a comment)\n"
             "      --baseline=FILE\n"
             "                compare the total's peak and end, and every band's end and\n"
             "                mean, with an earlier run's profile, bands paired as --diff\n"
             "                pairs them\n"
             "      --tolerance=P%  how far above the baseline a value may go (default 10%)\n"
             "      --floor=SIZE  ... or by how much, if more (default 0.1% of the\n"
             "                baseline's peak, at least 4kB); a new band may reach it\n"
             "      --report=junit:FILE|markdown:FILE|json:FILE|github[:FILE]\n"
             "                the verdict for CI: JUnit XML, a Markdown table, JSON, or\n"
             "                GitHub workflow annotations; repeatable\n"
             "      --allow-partial\n"
             "                measure a cut .hp or a killed run's eventlog (else exit 1)\n"
             "\n"
             "  -?, --help    show this help and exit\n"
             "      --version show the version and exit\n"
             "\n"
             "Flags combine (-cd) and may come after FILE.  Exit status: 0 on success,\n"
             "1 when the input or an output file is bad, 2 for a bad command line,\n"
             "3 when the gate finds the profile over budget.\n");
    /* Where to read more and where to report: GNU's last lines.  The man
     * page goes by the installed name; before `make install` it is a file
     * of the source (`man hp2ps` would show GHC's). */
    fprintf(f, "\nThe manual: man %s (before make install: man ./man/hp2ps.1)\n",
            HP2PS_INSTALLED_NAME);
    if (PACKAGE_BUGREPORT[0])
        fprintf(f, "Report bugs to: %s\n", PACKAGE_BUGREPORT);
    else
        fprintf(f,
                "Report bugs to the hp2ps authors (no address is published yet);\n"
                "man %s, section BUGS, says what to send.\n",
                HP2PS_INSTALLED_NAME);
    if (PACKAGE_URL[0])
        fprintf(f, "hp2ps home page: <%s>\n", PACKAGE_URL);
}

void options_version(FILE *f, const struct options *o)
{
    /* The GNU form: name and version, copyright, licence, no warranty;
     * under another name (hp2ps-cairo), the package's in parentheses. */
    const char *name = o->name ? o->name : HP2PS_INSTALLED_NAME;
    if (strcmp(name, PACKAGE_NAME) != 0)
        fprintf(f, "%s (%s) ", name, PACKAGE_NAME);
    else
        fprintf(f, "%s ", PACKAGE_NAME);
    fprintf(f,
            "%s\n"
            "Copyright (C) 2026 The hp2ps authors\n"
            "License: BSD-3-Clause <https://opensource.org/licenses/BSD-3-Clause>\n"
            "This is free software: you are free to change and redistribute it.\n"
            "There is NO WARRANTY, to the extent permitted by law.\n",
            PACKAGE_VERSION);
    /* The performance tricks this build has (src/tune/, configure's
     * switches): a bug report says which code ran.  (Chosen before the
     * call: a fortified build makes fprintf a macro, whose arguments may
     * hold no #if.) */
    const char *fast_numbers = "", *pdf_zlib_level = "", *malloc_tuning = "", *packed = "";
    const char *none = " no speed-ups", *posix_only = "";
#ifdef HP2PS_FAST_NUMBERS
    fast_numbers = " fast-numbers";
    none = "";
#endif
#ifdef HP2PS_PDF_ZLIB_LEVEL
    pdf_zlib_level = " pdf-zlib-level";
    none = "";
#endif
#ifdef HP2PS_TUNE_MEMORY
    malloc_tuning = " malloc-tuning";
    none = "";
#endif
#ifdef HP2PS_PACKED_RELOCS
    packed = " packed-relocs";
    none = "";
#endif
    /* configure --without-linux-extensions: the portable fallbacks, on
     * Linux (a test of what other systems run). */
#ifdef HP2PS_POSIX_ONLY
    posix_only = " posix-only";
#endif
    fprintf(f, "Built with:%s%s%s%s%s%s\n", fast_numbers, pdf_zlib_level, malloc_tuning, packed,
            none, posix_only);
}

/* A whole-argument decimal number (no trailing junk).  Returns false if s
 * is empty or is not a number. */
static bool parse_number(const char *s, double *out, char **end)
{
    if (!*s)
        return false;
    errno = 0;
    double v = number_strtod(s, end);
    if (*end == s || errno == ERANGE || !isfinite(v))
        return false;
    *out = v;
    return true;
}

static int parse_width(struct options *o, const char *flag, const char *v, struct hp_error *err)
{
    char *end;
    double w;
    if (!parse_number(v, &w, &end))
        return hp_fail(err, "%s: -e needs a width such as -e8in, -e150mm or -e400pt", flag);
    if (strcmp(end, "in") == 0)
        w *= 72;
    else if (strcmp(end, "mm") == 0)
        w *= 72 / 25.4;
    else if (strcmp(end, "cm") == 0)
        w *= 72 / 2.54;
    else if (strcmp(end, "pt") != 0 && *end)
        return hp_fail(err, "%s: unknown unit '%s' (use in, mm, cm or pt)", flag, end);
    if (!(w > EPS_MIN_WIDTH))
        return hp_fail(err, "%s: the EPS width must be more than 2 inches (144 points)", flag);
    if (!(w <= EPS_MAX_WIDTH))
        return hp_fail(err, "%s: the EPS width must be at most 200 inches (14400 points)", flag);
    o->eps = true;
    o->eps_width = w;
    return 0;
}

static int parse_limit(struct options *o, const char *flag, const char *v, struct hp_error *err)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < 0)
        return hp_fail(err, "%s: -m needs a band limit, a whole number from 0 (no limit) up", flag);
    o->limit = n;
    if (n > KEY_PAGE_LIMIT)
        o->multipage = true;
    return 0;
}

static int parse_trace(struct options *o, const char *flag, const char *v, struct hp_error *err)
{
    char *end;
    double t;
    if (!parse_number(v, &t, &end) || *end || t < 0 || t > TRACE_MAX)
        return hp_fail(err, "%s: -t needs a percentage from 0 to 5", flag);
    o->trace = t;
    o->trace_given = true;
    return 0;
}

/* One argument that starts with '-' and is not "-" or a long option.
 * Value flags take the rest of the argument, or the next argument. */
static int parse_short(struct options *o, int argc, char **argv, int *i, struct hp_error *err)
{
    const char *arg = argv[*i];
    for (const char *p = arg + 1; *p; p++) {
        switch (*p) {
        case 'b':
            o->title_box = TITLE_BIG;
            break;
        case 's':
            if (o->title_box != TITLE_BIG)
                o->title_box = TITLE_SMALL;
            break;
        case 'c':
            o->colour = true;
            break;
        case 'd':
            o->sort_stddev = true;
            break;
        case 'g':
            o->upright = true;
            break;
        case 'l':
            o->limit = 0;
            break;
        case 'M':
            o->multipage = true;
            break;
        case 'p':
            o->reuse_aux = true;
            break;
        case 'y':
            o->no_marks = true;
            break;
        case '?':
            o->help = true;
            break;
        case 'i':
            o->sort_name = 1;
            if (p[1] == '-' || p[1] == '+')
                o->sort_name = *++p == '-' ? -1 : 1;
            break;
        case 'o':
            if (p[1]) {
                o->output = p + 1;
                return 0;
            }
            if (*i + 1 >= argc)
                return hp_fail(err, "%s: -o needs a file name", arg);
            o->output = argv[++*i];
            return 0;
        case 'e':
        case 'm':
        case 't': {
            char flag = *p;
            const char *value = p + 1;
            if (!*value) {
                if (*i + 1 >= argc)
                    return hp_fail(err, "%s: -%c needs a value", arg, flag);
                value = argv[++*i];
            }
            int rc = flag == 'e' ? parse_width(o, arg, value, err)
                : flag == 'm'    ? parse_limit(o, arg, value, err)
                                 : parse_trace(o, arg, value, err);
            return rc;
        }
        default:
            return hp_fail(err, "%s: unknown option -%c (%s --help lists them)", arg, *p,
                           o->command);
        }
    }
    return 0;
}

/* "--from=T" and "--to=T": any finite number. */
static int parse_time(double *out, bool *has, const char *flag, const char *v, struct hp_error *err)
{
    char *end;
    double t;
    if (!parse_number(v, &t, &end) || *end)
        return hp_fail(err, "%s=%s: needs a time, a number in the profile's sample unit", flag, v);
    *out = t;
    *has = true;
    return 0;
}

static int parse_watch(struct options *o, const char *v, struct hp_error *err)
{
    char *end;
    double d;
    o->watch = true;
    if (!v)
        return 0;
    if (!parse_number(v, &d, &end) || *end || !(d > 0 && d <= 86400))
        return hp_fail(err, "--watch=%s: the period must be a number of seconds, more than 0", v);
    o->watch_period = d;
    return 0;
}

/* Append s to a growing array of strings. */
static void push_string(const char ***list, size_t *n, const char *s)
{
    *list = xreallocarray(*list, *n + 1, sizeof **list);
    (*list)[(*n)++] = s;
}

/* "--name=WORD" with WORD one of words[]: its index, or -1 with err set. */
static int pick_word(const char *flag, const char *v, const char *const *words, size_t n,
                     const char *choices, struct hp_error *err)
{
    for (size_t k = 0; k < n; k++)
        if (strcmp(v, words[k]) == 0)
            return (int)k;
    hp_fail(err, "%s=%s: use one of %s", flag, v, choices);
    return -1;
}

static int parse_dpi(struct options *o, const char *v, struct hp_error *err)
{
    char *end;
    double d;
    if (!parse_number(v, &d, &end) || *end || !(d >= 1 && d <= DPI_MAX))
        return hp_fail(err, "--dpi=%s: the resolution must be from 1 to 2400", v);
    o->dpi = d;
    return 0;
}

/* The long options' values, one function each. */
static int set_units(struct options *o, const char *v, struct hp_error *err)
{
    if (strcmp(v, "si") != 0 && strcmp(v, "iec") != 0)
        return hp_fail(err, "--units=%s: use si (kB, MB) or iec (KiB, MiB)", v);
    o->iec = strcmp(v, "iec") == 0;
    return 0;
}

static int set_output(struct options *o, const char *v, struct hp_error *err)
{
    (void)err;
    o->output = v;
    return 0;
}

static int set_format(struct options *o, const char *v, struct hp_error *err)
{
    (void)err;
    o->format = v;
    return 0;
}

static int add_include(struct options *o, const char *v, struct hp_error *err)
{
    (void)err;
    push_string(&o->include, &o->ninclude, v);
    return 0;
}

static int add_exclude(struct options *o, const char *v, struct hp_error *err)
{
    (void)err;
    push_string(&o->exclude, &o->nexclude, v);
    return 0;
}

static int set_marks(struct options *o, const char *v, struct hp_error *err)
{
    (void)err;
    o->marks = v;
    return 0;
}

static int set_from(struct options *o, const char *v, struct hp_error *err)
{
    return parse_time(&o->from, &o->has_from, "--from", v, err);
}

static int set_to(struct options *o, const char *v, struct hp_error *err)
{
    return parse_time(&o->to, &o->has_to, "--to", v, err);
}

/* --top[=N]: N rows at most, 0 for every name that grew. */
static int set_top(struct options *o, const char *v, struct hp_error *err)
{
    o->top = true;
    if (!v)
        return 0;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < 0)
        return hp_fail(err,
                       "--top=%s: N must be a whole number of rows, 0 for every name that "
                       "grew",
                       v);
    o->top_n = (size_t)n;
    return 0;
}

/* --at=peak|end|T: one census, the one at T or the last before it. */
static int set_at(struct options *o, const char *v, struct hp_error *err)
{
    if (strcmp(v, "peak") == 0)
        o->at = AT_PEAK;
    else if (strcmp(v, "end") == 0)
        o->at = AT_END;
    else {
        bool has;
        if (parse_time(&o->at_time, &has, "--at", v, err) < 0)
            return hp_fail(err, "--at=%s: use peak, end or a time in the profile's sample unit", v);
        o->at = AT_TIME;
    }
    return 0;
}

/* The gate's options (gate.h); a budget's grammar is checked with the
 * rest of the command line, in run_options_from. */
static int add_check(struct options *o, const char *v, struct hp_error *err)
{
    (void)err;
    push_string(&o->checks, &o->nchecks, v);
    return 0;
}

static int add_check_file(struct options *o, const char *v, struct hp_error *err)
{
    (void)err;
    push_string(&o->check_files, &o->ncheck_files, v);
    return 0;
}

static int set_baseline(struct options *o, const char *v, struct hp_error *err)
{
    (void)err;
    o->baseline = v;
    return 0;
}

/* --tolerance=10% (or 10): how far above the baseline a value may go. */
static int set_tolerance(struct options *o, const char *v, struct hp_error *err)
{
    char *end;
    double t;
    if (!parse_number(v, &t, &end) || !(*end == '\0' || strcmp(end, "%") == 0) || t < 0 || t > 1e6)
        return hp_fail(err, "--tolerance=%s: give a percentage, as 10%%", v);
    o->has_tolerance = true;
    o->tolerance = t;
    return 0;
}

/* --floor=64kB: what any band may grow by against the baseline. */
static int set_floor(struct options *o, const char *v, struct hp_error *err)
{
    if (!budget_parse_size(v, &o->floor))
        return hp_fail(err, "--floor=%s: give a size, as 64kB or 1MiB", v);
    o->has_floor = true;
    return 0;
}

/* --report=junit:FILE, markdown:FILE, json:FILE, github[:FILE]. */
static int add_report(struct options *o, const char *v, struct hp_error *err)
{
    static const char *const kinds[] = { "junit", "markdown", "json", "github" };
    const char *colon = strchr(v, ':');
    size_t n = colon ? (size_t)(colon - v) : strlen(v);
    size_t k = 0;
    while (k < 4 && !(strlen(kinds[k]) == n && strncmp(v, kinds[k], n) == 0))
        k++;
    if (k == 4)
        return hp_fail(err,
                       "--report=%s: use junit:FILE, markdown:FILE, json:FILE or "
                       "github[:FILE]",
                       v);
    if (k < 3 && (!colon || !colon[1]))
        return hp_fail(err, "--report=%s: name the file, as --report=%s:%s", v, kinds[k],
                       k == 0       ? "gate.xml"
                           : k == 1 ? "gate.md"
                                    : "gate.json");
    push_string(&o->reports, &o->nreports, v);
    return 0;
}

static int set_view(struct options *o, const char *v, struct hp_error *err)
{
    static const char *const views[] = { "graph", "icicle" };
    int k = pick_word("--view", v, views, 2, "graph or icicle", err);
    if (k < 0)
        return -1;
    o->view = (enum view_kind)k;
    return 0;
}

static int set_mode(struct options *o, const char *v, struct hp_error *err)
{
    static const char *const modes[] = { "stacked", "percent", "lines" };
    int k = pick_word("--mode", v, modes, 3, "stacked, percent or lines", err);
    if (k < 0)
        return -1;
    o->mode = (enum plot_mode)k;
    return 0;
}

static int set_sort(struct options *o, const char *v, struct hp_error *err)
{
    static const char *const sorts[] = { "size", "stddev", "name", "gradient" };
    int k = pick_word("--sort", v, sorts, 4, "size, stddev, name or gradient", err);
    if (k < 0)
        return -1;
    o->sort_stddev = k == 1;
    o->sort_name = k == 2 ? 1 : 0;
    o->sort_gradient = k == 3;
    return 0;
}

static int set_export_layout(struct options *o, const char *v, struct hp_error *err)
{
    static const char *const layouts[] = { "wide", "long", "bands" };
    int k = pick_word("--export-layout", v, layouts, 3, "wide, long or bands", err);
    if (k < 0)
        return -1;
    o->export_layout = k == 0 ? EXPORT_WIDE : k == 1 ? EXPORT_LONG : EXPORT_BANDS;
    return 0;
}

static int set_x(struct options *o, const char *v, struct hp_error *err)
{
    static const char *const axes[] = { "time", "index" };
    int k = pick_word("--x", v, axes, 2, "time or index", err);
    if (k < 0)
        return -1;
    o->x_index = k == 1;
    return 0;
}

/* The long options.  A switch sets the bool at its offset in struct
 * options; a valued option ("--name=V" or "--name V") calls set; an
 * optional value is taken only as "--name=V". */
enum long_arg { LONG_SWITCH, LONG_VALUE, LONG_OPTIONAL };
struct long_option {
    const char *name;
    enum long_arg arg;
    size_t flag; /* LONG_SWITCH: offsetof the bool */
    int (*set)(struct options *o, const char *v, struct hp_error *err);
};
#define SWITCH(name, field)                                                                        \
    {                                                                                              \
        name, LONG_SWITCH, offsetof(struct options, field), NULL                                   \
    }
#define VALUE(name, fn)                                                                            \
    {                                                                                              \
        name, LONG_VALUE, 0, fn                                                                    \
    }
static const struct long_option long_options[] = {
    SWITCH("help", help),
    SWITCH("version", version),
    SWITCH("pattern", pattern),
    SWITCH("slopes", slopes),
    SWITCH("diff", diff),
    SWITCH("full-stacks", full_stacks),
    SWITCH("heap", heap),
    SWITCH("no-aux", no_aux),
    SWITCH("force", force),
    SWITCH("allow-partial", allow_partial),
    SWITCH("fsync", fsync),
    { "watch", LONG_OPTIONAL, 0, parse_watch },
    { "top", LONG_OPTIONAL, 0, set_top },
    VALUE("output", set_output),
    VALUE("format", set_format),
    VALUE("dpi", parse_dpi),
    VALUE("units", set_units),
    VALUE("include", add_include),
    VALUE("exclude", add_exclude),
    VALUE("marks", set_marks),
    VALUE("from", set_from),
    VALUE("to", set_to),
    VALUE("at", set_at),
    VALUE("view", set_view),
    VALUE("mode", set_mode),
    VALUE("sort", set_sort),
    VALUE("export-layout", set_export_layout),
    VALUE("x", set_x),
    VALUE("check", add_check),
    VALUE("check-file", add_check_file),
    VALUE("baseline", set_baseline),
    VALUE("tolerance", set_tolerance),
    VALUE("floor", set_floor),
    VALUE("report", add_report),
};
#undef SWITCH
#undef VALUE

/* argv[*i], a long option: found in long_options by its name (what
 * precedes any '='), its value taken from after the '=' or from the next
 * argument. */
static int parse_long(struct options *o, int argc, char **argv, int *i, struct hp_error *err)
{
    const char *arg = argv[*i];
    const char *eq = strchr(arg + 2, '=');
    size_t len = eq ? (size_t)(eq - (arg + 2)) : strlen(arg + 2);
    for (size_t k = 0; k < sizeof long_options / sizeof *long_options; k++) {
        const struct long_option *lo = &long_options[k];
        if (strlen(lo->name) != len || strncmp(arg + 2, lo->name, len) != 0)
            continue;
        switch (lo->arg) {
        case LONG_SWITCH:
            if (eq)
                return hp_fail(err, "%s: --%s takes no value", arg, lo->name);
            *(bool *)((char *)o + lo->flag) = true;
            return 0;
        case LONG_OPTIONAL:
            return lo->set(o, eq ? eq + 1 : NULL, err);
        case LONG_VALUE:
            if (eq)
                return lo->set(o, eq + 1, err);
            if (*i + 1 >= argc)
                return hp_fail(err, "%s needs a value", arg);
            return lo->set(o, argv[++*i], err);
        }
    }
    return hp_fail(err, "%s: unknown option (%s --help lists them)", arg, o->command);
}

/* What only makes sense together, checked once every flag is read. */
static int check_combinations(const struct options *o, struct hp_error *err)
{
    if (o->help || o->version)
        return 0;
    if (o->has_from && o->has_to && !(o->from < o->to))
        return hp_fail(err, "--from=%g --to=%g: the window is empty (--from must be before --to)",
                       o->from, o->to);
    bool gate = o->nchecks || o->ncheck_files || o->baseline;
    if (!o->baseline && (o->has_tolerance || o->has_floor))
        return hp_fail(err, "--%s compares with a baseline: give --baseline=FILE",
                       o->has_tolerance ? "tolerance" : "floor");
    if (!gate && (o->nreports || o->allow_partial))
        return hp_fail(err, "--%s is for the gate: give --check=BUDGET or --baseline=FILE",
                       o->nreports ? "report" : "allow-partial");
    if (gate && (o->ninputs > 1 || o->diff))
        return hp_fail(err,
                       "the gate measures one profile (against --baseline=FILE): give "
                       "one FILE");
    if (gate && o->watch)
        return hp_fail(err,
                       "the gate gives one verdict; --watch redraws: use one or the "
                       "other");
    if (gate && o->top)
        return hp_fail(err,
                       "--top ranks and the gate judges: use one or the other (a failing "
                       "check names what grew most, by --top's figures)");
    if (o->diff && o->ninputs != 2)
        return hp_fail(err, "--diff needs exactly two profiles: --diff BEFORE.hp AFTER.hp");
    if (o->view == VIEW_ICICLE && o->ninputs > 1 && !o->diff)
        return hp_fail(err, "--view=icicle draws one profile's tree (or two with --diff)");
    if (o->view == VIEW_ICICLE && o->mode != MODE_STACKED)
        return hp_fail(err, "--mode draws the graph over time; --view=icicle draws a tree");
    if (o->diff && o->mode != MODE_STACKED)
        return hp_fail(err, "--diff draws one diverging chart; --mode does not apply to it");
    if (o->slopes && o->ninputs > 1)
        return hp_fail(err, "--slopes: a band has one slope per profile; draw them one at a time");
    if (o->top && o->ninputs > 2)
        return hp_fail(err,
                       "--top ranks one profile, or what grew between two: --top BEFORE.hp "
                       "AFTER.hp");
    if (o->top && o->ninputs == 2 && o->at != AT_UNSET)
        return hp_fail(err, "--top --at opens one profile's OTHER: give one profile");
    if (o->ninputs > 1 && !o->output && !o->top)
        return hp_fail(err, "several profiles are drawn on one page: name it with -o FILE");
    if (o->ninputs > 1 && o->reuse_aux)
        return hp_fail(err, "-p reads one profile's .aux; it cannot go with several profiles");
    if (o->watch && o->ninputs != 1)
        return hp_fail(err, "--watch needs one profile file to watch (not standard input)");
    if (o->watch && o->output && strcmp(o->output, "-") == 0)
        return hp_fail(err, "--watch redraws a file: it cannot write to standard output (-o -)");
    /* each redraw would be added after the last on a descriptor */
    if (o->watch && o->output && output_descriptor_of(o->output) >= 0)
        return hp_fail(err, "--watch redraws a file: it cannot write to a descriptor (-o %s)",
                       o->output);
    return 0;
}

/* A word a shell takes as it is: letters, digits and . _ + - /. */
static bool shell_word(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')
              || strchr("._+-/", *s)))
            return false;
    return true;
}

/* The name this program was called by, and the command that runs it
 * again: installed beside GHC's as hp2ps-cairo it says hp2ps-cairo, and
 * run as ./hp2ps its hints say ./hp2ps (a bare hp2ps would run GHC's).
 * An argv[0] a shell would need quoted is not repeated: the installed
 * name stands in. */
static void program_names(struct options *o, const char *argv0)
{
    o->name = o->command = HP2PS_INSTALLED_NAME;
    if (!argv0 || !shell_word(argv0))
        return;
    const char *slash = strrchr(argv0, '/');
    const char *base = slash ? slash + 1 : argv0;
    if (!*base)
        return;
    o->name = base;
    o->command = argv0;
}

int options_parse(struct options *o, int argc, char **argv, struct hp_error *err)
{
    bool only_files = false, seen_stdin = false;
    program_names(o, argc > 0 ? argv[0] : NULL);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (only_files || arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (strcmp(arg, "-") == 0 && !only_files) {
                if (seen_stdin || o->ninputs)
                    return hp_fail(err, "-: standard input can only be the one profile");
                seen_stdin = true;
                continue;
            }
            if (seen_stdin)
                return hp_fail(err, "%s: standard input can only be the one profile", arg);
            push_string(&o->inputs, &o->ninputs, arg);
            continue;
        }
        if (strcmp(arg, "--") == 0)
            only_files = true;
        else if (arg[1] == '-') {
            if (parse_long(o, argc, argv, &i, err) < 0)
                return -1;
        } else if (parse_short(o, argc, argv, &i, err) < 0)
            return -1;
    }
    o->input = o->ninputs ? o->inputs[0] : NULL;
    return check_combinations(o, err);
}

/* options.c: see options.h.  A small hand-written scanner rather than
 * getopt, because GHC's flags have shapes getopt cannot express: -i takes
 * an optional + or -, -e takes a unit suffix, and -? is a flag. */
#include "options.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS_MIN_WIDTH 144.0 /* GHC's: more than 2 inches */
#define TRACE_MAX 5.0
#define BAND_LIMIT_DEFAULT 20
#define KEY_PAGE_LIMIT 20   /* above this band limit the key needs its own pages */
#define DPI_DEFAULT 150.0
#define DPI_MAX 2400.0

void options_default(struct options *o)
{
    memset(o, 0, sizeof *o);
    o->title_box = TITLE_AUTO;
    o->limit = BAND_LIMIT_DEFAULT;
    o->trace = 1.0;
    o->dpi = DPI_DEFAULT;
}

void options_usage(FILE *f)
{
    fputs("Usage: hp2ps [OPTION]... [FILE[.hp]]\n"
          "Draw a GHC heap profile (FILE.hp) as a stacked graph in FILE.ps and save\n"
          "its scales, band order and shades in FILE.aux, both in the current\n"
          "directory.  With no FILE, read standard input and write standard output.\n"
          "\n"
          "  -b            always use the big (two-line) title box\n"
          "  -s            always use the small title box\n"
          "  -c            colour instead of grey shades\n"
          "  -d            order bands by standard deviation (roughest on top)\n"
          "  -i, -i+       order bands by name, greatest on top\n"
          "  -i-           order bands by name, smallest on top\n"
          "  -e<W>[in|mm|cm|pt]\n"
          "                Encapsulated PostScript, portrait, W wide (points if no\n"
          "                unit; more than 2 inches), e.g. -e8in\n"
          "  -g            upright, unscaled (for a previewer), on a landscape page\n"
          "  -m<N>         at most N bands (default 20), the rest merged into OTHER;\n"
          "                -m0 no limit and no key; above 20 implies -M\n"
          "  -l            no band limit and no key (same as -m0)\n"
          "  -M            put the key on page(s) of its own\n"
          "  -p            reuse the scales, order and shades saved in FILE.aux\n"
          "  -t<F>         drop the smallest bands that together make less than F%\n"
          "                of the profile (default 1, 0 to 5; -t0 keeps all)\n"
          "  -y            do not draw MARK times\n"
          "  -o, --output=FILE\n"
          "                write FILE instead of FILE.ps (\"-\" for standard output);\n"
          "                its extension picks the format: .ps .eps .pdf .svg .png\n"
          "      --format=ps|eps|pdf|svg|png\n"
          "                the output format, whatever the name (e.g. with -o -)\n"
          "      --dpi=N   PNG resolution in pixels per inch (default 150)\n"
          "      --pattern hatch the bands as well as shading them, so that they\n"
          "                stay apart when printed in black and white\n"
          "      --units=si|iec\n"
          "                value labels in kB, MB, GB (si, default) or KiB, MiB, GiB\n"
          "  -?, --help    show this help and exit\n"
          "      --version show the version and exit\n"
          "\n"
          "Flags combine (-cd) and may come after FILE.  Exit status: 0 on success,\n"
          "1 when the input or an output file is bad, 2 for a bad command line.\n",
          f);
}

/* A whole-argument decimal number (no trailing junk).  Returns false if s
 * is empty or is not a number. */
static bool parse_number(const char *s, double *out, char **end)
{
    if (!*s)
        return false;
    errno = 0;
    double v = strtod(s, end);
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
    return 0;
}

/* One argument that starts with '-' and is not "-" or a long option.
 * Value flags take the rest of the argument, or the next argument. */
static int parse_short(struct options *o, int argc, char **argv, int *i, struct hp_error *err)
{
    const char *arg = argv[*i];
    for (const char *p = arg + 1; *p; p++) {
        switch (*p) {
        case 'b': o->title_box = TITLE_BIG; break;
        case 's': if (o->title_box != TITLE_BIG) o->title_box = TITLE_SMALL; break;
        case 'c': o->colour = true; break;
        case 'd': o->sort_stddev = true; break;
        case 'g': o->upright = true; break;
        case 'l': o->limit = 0; break;
        case 'M': o->multipage = true; break;
        case 'p': o->reuse_aux = true; break;
        case 'y': o->no_marks = true; break;
        case '?': o->help = true; break;
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
        case 'e': case 'm': case 't': {
            char flag = *p;
            const char *value = p + 1;
            if (!*value) {
                if (*i + 1 >= argc)
                    return hp_fail(err, "%s: -%c needs a value", arg, flag);
                value = argv[++*i];
            }
            int rc = flag == 'e' ? parse_width(o, arg, value, err)
                   : flag == 'm' ? parse_limit(o, arg, value, err)
                                 : parse_trace(o, arg, value, err);
            return rc;
        }
        default:
            return hp_fail(err, "%s: unknown option -%c (hp2ps --help lists them)", arg, *p);
        }
    }
    return 0;
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

/* "--name=value" or "--name value": the value, or NULL when name differs. */
static const char *long_value(const char *arg, const char *name, int argc, char **argv, int *i,
                              bool *missing)
{
    size_t n = strlen(name);
    *missing = false;
    if (strncmp(arg + 2, name, n) != 0)
        return NULL;
    if (arg[2 + n] == '=')
        return arg + 3 + n;
    if (arg[2 + n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

static int parse_long(struct options *o, int argc, char **argv, int *i, struct hp_error *err)
{
    const char *arg = argv[*i];
    const char *v;
    bool missing;
    if (strcmp(arg, "--help") == 0)
        o->help = true;
    else if (strcmp(arg, "--version") == 0)
        o->version = true;
    else if (strcmp(arg, "--pattern") == 0)
        o->pattern = true;
    else if ((v = long_value(arg, "output", argc, argv, i, &missing)))
        o->output = v;
    else if (!missing && (v = long_value(arg, "format", argc, argv, i, &missing)))
        o->format = v;
    else if (!missing && (v = long_value(arg, "dpi", argc, argv, i, &missing)))
        return parse_dpi(o, v, err);
    else if (!missing && (v = long_value(arg, "units", argc, argv, i, &missing))) {
        if (strcmp(v, "si") != 0 && strcmp(v, "iec") != 0)
            return hp_fail(err, "--units=%s: use si (kB, MB) or iec (KiB, MiB)", v);
        o->iec = strcmp(v, "iec") == 0;
    }
    else if (missing)
        return hp_fail(err, "%s needs a value", arg);
    else
        return hp_fail(err, "%s: unknown option (hp2ps --help lists them)", arg);
    return 0;
}

int options_parse(struct options *o, int argc, char **argv, struct hp_error *err)
{
    bool only_files = false, seen_input = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (only_files || arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (seen_input)
                return hp_fail(err, "%s: only one profile can be drawn at a time", arg);
            seen_input = true;
            o->input = strcmp(arg, "-") == 0 ? NULL : arg;
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
    return 0;
}

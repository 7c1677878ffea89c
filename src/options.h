/* SPDX-License-Identifier: BSD-3-Clause */
/* options.h: the command line.
 *
 * GHC's flags, with GHC's defaults and limits, plus --help and --version.
 * Unlike GHC's hp2ps, flags may be combined in any order (-cd, -dc), may
 * follow the file name, and a bad flag is an error (exit 2), not usage text
 * on stdout with exit 0.
 */
#ifndef HP2PS_OPTIONS_H
#define HP2PS_OPTIONS_H

#include <stdio.h>

#include "common.h"
#include "export.h" /* enum export_layout */
#include "layout.h" /* enum title_box; enum plot_mode (series.h) */

/* --at: which census a view of one moment shows. */
enum at_kind {
    AT_UNSET, /* not given: each view's own default */
    AT_PEAK,  /* --at=peak: the census with the largest total */
    AT_END,   /* --at=end: the last census */
    AT_TIME   /* --at=T: the census at time T, or the last before it */
};

/* --view: what a drawing shows. */
enum view_kind {
    VIEW_GRAPH, /* the stacked graph over time (GHC's) */
    VIEW_ICICLE /* the tree of one census or window (tree.h), root on top */
};

/* Default --watch period, in seconds. */
#define WATCH_PERIOD_DEFAULT 2.0

struct options {
    enum title_box title_box;         /* -b, -s (-b wins), else by the 35-byte rule */
    bool colour;                      /* -c */
    bool sort_stddev;                 /* -d */
    bool eps;                         /* -e<width> */
    double eps_width;                 /* in points, > 144 */
    bool upright;                     /* -g: upright and unscaled, on a landscape page */
    int sort_name;                    /* -i: +1 ascending, -1 descending (-i-), 0 off */
    long limit;                       /* -m: band limit, 0 = none (and no key); -l = -m0 */
    bool multipage;                   /* -M, or -m above 20 */
    bool reuse_aux;                   /* -p */
    bool no_aux;                      /* --no-aux: write no .aux file */
    bool force;                       /* --force: replace read-only outputs too */
    bool fsync;                       /* --fsync: outputs on the disk before hp2ps ends */
    double trace;                     /* -t: percent, 0..5 */
    bool trace_given;                 /* -t was given (the gate's drawing is -t0 unless) */
    bool no_marks;                    /* -y */
    const char *output;               /* -o FILE, --output=FILE; "-" is stdout */
    const char *format;               /* --format=NAME; else from -o's extension */
    enum export_layout export_layout; /* --export-layout=wide|long; AUTO when not given */
    double dpi;                       /* --dpi: PNG resolution, default 150 */
    bool pattern;                     /* --pattern: hatched bands for black-and-white print */
    bool iec;                         /* --units=iec: KiB, MiB (1024-based); default si: kB, MB */
    bool help;                        /* -?, --help */
    bool version;                     /* --version */
    bool sort_gradient;   /* --sort=gradient: by least-squares slope, steepest rise on top */
    bool slopes;          /* --slopes: each key entry says its band's slope */
    enum plot_mode mode;  /* --mode=stacked|percent|lines */
    const char **include; /* --include=RE (POSIX ERE on band names), repeatable */
    size_t ninclude;
    const char **exclude; /* --exclude=RE, repeatable */
    size_t nexclude;
    bool has_from, has_to; /* --from=T, --to=T: a time window in SAMPLE_UNITs */
    double from, to;
    bool top;            /* --top[=N]: the names ranked by the leak score */
    size_t top_n;        /* N: rows at most (0: every name that grew) */
    enum at_kind at;     /* --at=peak|end|T: one census */
    double at_time;      /* AT_TIME: T, in SAMPLE_UNITs */
    enum view_kind view; /* --view=graph|icicle */
    bool x_index;        /* --x=index: sample number on the x axis */
    bool heap;           /* --heap: an eventlog's heap size, live, blocks lines */
    const char *marks;   /* --marks=RE: the marks drawn, by their text */
    bool full_stacks;    /* --full-stacks: eventlog stacks not cut at -L */
    bool diff;           /* --diff A B: per band, B minus A */
    bool watch;          /* --watch[=SECONDS]: redraw while the profile grows */
    double watch_period; /* seconds between looks, > 0 */
    /* The heap budget gate (gate.h): any of these makes the run a gate. */
    const char **checks; /* --check=BUDGET, repeatable (budget.h) */
    size_t nchecks;
    const char **check_files; /* --check-file=FILE, repeatable: a budget a line */
    size_t ncheck_files;
    const char *baseline; /* --baseline=FILE: an earlier run's profile */
    bool has_tolerance;   /* --tolerance=P%: against the baseline, */
    double tolerance;     /*   per cent */
    bool has_floor;       /* --floor=SIZE: what any band may grow by, */
    double floor;         /*   in bytes */
    const char **reports; /* --report=KIND[:FILE], repeatable */
    size_t nreports;
    bool allow_partial; /* --allow-partial: a cut or killed profile is measured */
    const char *name; /* the name it was called by (argv[0]'s last part): messages start with it */
    const char
        *command; /* what runs it again (argv[0] as typed, ./hp2ps): the commands it suggests */
    const char *input;   /* the first profile argument; NULL means stdin */
    const char **inputs; /* every profile argument (several: drawn one above the other) */
    size_t ninputs;
};

/* o as with no flags: GHC's defaults (-m20, -t1), --dpi 150, stacked. */
void options_default(struct options *o);

/* Parse argv.  On a bad flag or value: -1 with err naming it. */
int options_parse(struct options *o, int argc, char **argv, struct hp_error *err);

/* The arrays options_parse allocated. */
void options_free(struct options *o);

/* --help, its examples and hints calling the program as o->command, and
 * naming its man page (HP2PS_INSTALLED_NAME) and where bugs go. */
void options_usage(FILE *f, const struct options *o);
/* --version: name and version, copyright, licence and warranty lines. */
void options_version(FILE *f, const struct options *o);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* profile.h: the model every stage reads.  A reader (read/read.h chooses
 * one by the input's first bytes) fills a struct profile: header strings,
 * marks, the name table with totals, the replayable sample store, and what
 * an eventlog tells beyond the .hp (details, heap lines, markers' texts).
 * The stages after reading take it as const.
 */
#ifndef HP2PS_PROFILE_H
#define HP2PS_PROFILE_H

#include "common.h"
#include "names.h"
#include "store.h"

#include <regex.h>

struct heap_lines;

/* What the bands are: the RTS's -h flag.  The values are the eventlog's
 * (HEAP_PROF_BEGIN's breakdown); BY_UNKNOWN where the input does not say
 * (a .hp's JOB without its RTS options). */
enum heap_breakdown {
    BY_UNKNOWN,
    BY_COST_CENTRE,  /* -hc: cost-centre stacks */
    BY_MODULE,       /* -hm */
    BY_DESCRIPTION,  /* -hd: closure descriptions */
    BY_TYPE,         /* -hy */
    BY_RETAINER,     /* -hr: retainer sets */
    BY_BIOGRAPHY,    /* -hb */
    BY_CLOSURE_TYPE, /* -hT */
    BY_INFO_TABLE,   /* -hi */
    BY_ERA,          /* -he */
    BY_COUNT
};

/* A cost centre of an eventlog (HEAP_PROF_COST_CENTRE), its strings as
 * the log gives them (raw bytes, NUL-terminated). */
struct cost_centre_info {
    char *frame; /* as the .hp prints it in a stack: the label; a CAF "Module.CAF" */
    char *label, *module, *location;
};

/* An eventlog's -hc stacks frame by frame, whole as far as the log keeps
 * them (255 cost centres), where the names are cut at -L: name id's
 * stack is frame[first[id] .. first[id + 1]), indices into cc, the
 * outermost first (MAIN, which the RTS leaves out, is not there; the
 * stack MAIN itself has none).  cut[id]: the log holds only its
 * innermost 255, so its outer frames are unknown.  Ids from nnames on
 * have no stack. */
struct profile_stacks {
    struct cost_centre_info *cc;
    size_t ncc;
    uint32_t *frame;
    size_t *first; /* nnames + 1 */
    bool *cut;
    size_t nnames;
};

struct profile {
    char *source; /* the name used in messages: the file name, or "stdin" */
    char *job;    /* header strings, raw bytes; never NULL after a */
    char *date;   /*   successful parse */
    char *sample_unit;
    char *value_unit;

    size_t nsamples; /* completed samples (END_SAMPLE seen) */
    double t_first;  /* time of the first and last completed sample */
    double t_last;

    double *marks; /* MARK times, in file order */
    size_t nmarks;
    char **mark_text;        /* per mark its text (an eventlog's traceMarker: valid
                         * for display, capped at MARK_TEXT_MAX bytes, control
                         * characters made visible), or NULL for none: a
                         * .hp's MARK has no text */
    struct heap_lines *heap; /* an eventlog's heap size, live bytes and blocks
                              * (--heap), or NULL */

    bool dropped_open_sample; /* input ended inside a sample */
    bool finished;            /* the input ends as a finished run's does: with the
                         * empty sample the RTS writes at exit (an eventlog:
                         * and its end marker); not so a cut or killed run's */
    bool x_is_index;          /* --x=index: each sample's time is its number, from 0 */
    bool elapsed_time;        /* the times are elapsed seconds (an eventlog), where a
                         * .hp counts the mutator's CPU seconds */

    struct names names;  /* every name, with totals */
    struct store *store; /* the samples, for replay */

    /* What an eventlog tells of a band beyond its name: detail_columns
     * names the fields (tab-separated; NULL: no details), detail[id] (for
     * ids below ndetail) is a name's values in the same order, or NULL:
     * a record of profile_detail_escape'd fields joined by tabs (a field
     * holds any byte, a tab too: a cost centre's label may), read back
     * with profile_detail_field.
     * -hi: the IPE entry's fields; -hc: the whole cost-centre stack. */
    char *detail_columns;
    char **detail;
    size_t ndetail;

    struct hp_warnings notes; /* what the reader wants the user told (profile_note) */
    struct hp_warnings facts; /* what the drawing must say of the data, where the
                               * user looks (profile_fact): a run cut short, a
                               * share of the heap with no name, names cut */
    bool era_bands;           /* the bands are eras (-he): "era N", in the order of N */

    enum heap_breakdown breakdown; /* what an eventlog says; a .hp leaves it
                                    * BY_UNKNOWN (profile_breakdown reads its JOB) */
    struct profile_stacks *stacks; /* an eventlog's -hc stacks, or NULL */
};

/* Which samples are kept, and what their time is.  A sample whose
 * BEGIN_SAMPLE time lies outside [from, to] (--from, --to) is read and
 * checked but leaves no trace in the profile except the names it holds
 * (with no data points); a MARK outside goes too.  --x=index numbers the
 * samples kept 0, 1, 2... and uses that number as their time; a MARK then
 * moves to the number of the sample after it. */
struct parse_options {
    bool has_from, has_to; /* --from, --to */
    double from, to;
    bool x_index;         /* --x=index */
    bool full_stacks;     /* --full-stacks: an eventlog's cost-centre stacks
                             * named whole, not cut at the RTS's -L */
    bool heap;            /* --heap: keep an eventlog's heap-size events */
    bool stacks;          /* keep an eventlog's -hc stacks frame by frame
                             * (profile.stacks): the tree's (tree.h) */
    const regex_t *marks; /* --marks=RE, compiled (filter.c): the marks kept
                             * whose text matches (a .hp's: ""); NULL: all */
    unsigned threads;     /* threads reading a large .hp file: 0 one per
                             * processor (HP2PS_THREADS), 1 no threads */
    size_t part_min;      /* bytes per thread at least; 0: PARSE_PART_MIN */
};

/* The name the RTS's .hp of the same run gives name id, where an
 * eventlog's reader names it otherwise: -he's "era 3" is "3", a named
 * -hi table's the address it has in the .hp ("0x4cd5a8").  NULL when
 * the same; *len its length. */
const char *profile_hp_name(const struct profile *p, uint32_t id, size_t *len);

/* Releases the profile, its names and its sample store (closing a
 * spilled store's unlinked file); harmless on a zeroed or freed one. */
void profile_free(struct profile *p);

/* --heap's rule, the one every stage that shows the RTS's heap lines
 * asks (the drawing, layout/heap.c; the exports' columns, export.c;
 * the run's warning when none are drawn, run.c; the reader's fact of
 * the live line, read/eventlog.c): whether p's lines can be shown, or
 * why not.  shares: the values are shown as shares of each census
 * (--mode=percent), where a line of bytes has no place. */
enum heap_lines_shown {
    HEAP_LINES_SHOWN,
    HEAP_LINES_NONE,       /* no event kept: a .hp, an eventlog without such
                            * events, or none asked for (the reader keeps
                            * them only for --heap and the gate's budgets) */
    HEAP_LINES_INDEX_AXIS, /* --x=index: the axis counts samples, not time */
    HEAP_LINES_SHARES,     /* --mode=percent */
};
enum heap_lines_shown profile_heap_lines(const struct profile *p, bool shares);

/* What p's bands are: what the eventlog said, else the last -h flag
 * among the JOB's RTS options ("prog +RTS -hc -i0.1": BY_COST_CENTRE;
 * "-h" alone, a profiled RTS's default, too), else BY_UNKNOWN. */
enum heap_breakdown profile_breakdown(const struct profile *p);

/* The -L among the JOB's RTS options (the bytes a .hp's stack names are
 * cut to), or 0 when it gives none. */
long profile_name_length(const struct profile *p);

/* Releases stacks and what it holds (NULL is harmless). */
void profile_stacks_free(struct profile_stacks *s);

/* Tell the user something about the profile that is not an error (the
 * run prints it as a warning, after "SOURCE: "): added to p->notes. */
void profile_note(struct profile *p, const char *fmt, ...) HP_PRINTF(2, 3);

/* A fact of the data that stderr alone would tell (the notes are printed
 * only there): a sentence, drawn under the title in every drawing format
 * and listed in the JSON export ("notes").  Added to p->facts. */
void profile_fact(struct profile *p, const char *fmt, ...) HP_PRINTF(2, 3);

/* A detail field's n bytes as they go into a record, into out (room for
 * 2n bytes): '\\' and a tab written as "\\\\" and "\\t", so that tabs
 * only part fields.  The bytes written. */
size_t profile_detail_escape(char *out, const char *s, size_t n);

/* Field k of a detail record (or of detail_columns), its bytes exactly
 * as the log gave them (tabs and newlines kept), as a new string of
 * *len bytes ("" past the last field). */
char *profile_detail_field(const char *record, size_t k, size_t *len);

/* How many fields a record has. */
size_t profile_detail_fields(const char *record);

#endif

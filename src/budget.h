/* SPDX-License-Identifier: BSD-3-Clause */
/* budget.h: the grammar of a heap budget (--check BUDGET, --check-file),
 * what the gate (gate.h) measures a profile against.
 *
 *   BUDGET  = [SUBJECT ":"] MEASURE ["(" RE ")"] ["@" WINDOW] "<=" LIMIT
 *   SUBJECT = "heap" | "live"      an eventlog's heap size, live bytes (--heap)
 *   MEASURE = "peak" | "end" | "change" | "slope" | "mean"
 *   RE      = the bands whose names match (POSIX ERE, as --include)
 *   WINDOW  = [EDGE] ".." [EDGE]   EDGE = a time ("2.5", "2.5s") or "N%" of the run
 *   LIMIT   = NUMBER [UNIT] ["/s"] UNIT = B kB MB GB TB KiB MiB GiB TiB
 *
 * e.g. "peak<=200MB", "end<=10MB", "peak(Map)<=5MB", "slope@50%..<=10kB/s",
 * "change(grow)@1..<=100kB", "heap:peak<=300MB".  Spaces may stand
 * around "<=" and between the number and its unit.  "<=" is the last in
 * the text (a pattern may hold one), and the pattern runs to the last
 * ")" before it, so any expression fits.  Exactly at the limit passes.
 */
#ifndef HP2PS_BUDGET_H
#define HP2PS_BUDGET_H

#include <regex.h>

#include "common.h"

enum budget_measure {
    BUDGET_PEAK,   /* the largest census */
    BUDGET_END,    /* the last census */
    BUDGET_CHANGE, /* the last census in the window minus the first */
    BUDGET_SLOPE,  /* the least-squares slope over the window's censuses */
    BUDGET_MEAN    /* the average over the window's time: area / span */
};

enum budget_subject {
    BUDGET_TOTAL,     /* every name the run keeps (--include, --exclude) */
    BUDGET_BANDS,     /* the names RE matches, summed */
    BUDGET_HEAP_SIZE, /* heap:  the RTS's heap size (an eventlog's HEAP_SIZE) */
    BUDGET_LIVE       /* live:  the RTS's live bytes (HEAP_LIVE) */
};

/* One end of a window: not given (the run's own), a time in the
 * profile's sample unit, or a share of the run's span. */
struct budget_edge {
    bool given;
    bool percent; /* value is per cent of the span from the first census */
    double value;
};

struct budget {
    char *text; /* as written, for messages and reports */
    enum budget_measure measure;
    enum budget_subject subject;
    char *pattern;               /* BUDGET_BANDS: the expression's text */
    regex_t re;                  /*   compiled */
    struct budget_edge from, to; /* the window */
    double limit;                /* VALUE_UNITs (bytes); slope: per SAMPLE_UNIT */
};

/* A size, as a limit is written ("64kB", "1.5 MiB", "4096"): into
 * *bytes; false when s is not one (or is below 0). */
bool budget_parse_size(const char *s, double *bytes);

/* The measure's and subject's words, as the grammar spells them. */
const char *budget_measure_name(enum budget_measure m);

/* Parse text (one budget, with no newline) into b.  A malformed budget:
 * -1, err "'TEXT': what is wrong", and nothing to free. */
int budget_parse(struct budget *b, const char *text, struct hp_error *err);
void budget_free(struct budget *b);

/* A list of budgets: --check, then --check-file's lines. */
struct budget_list {
    struct budget *b;
    size_t n;
};

/* Add the budget text to list; a malformed one: -1 with err set, the
 * list as it was. */
int budget_list_add(struct budget_list *list, const char *text, struct hp_error *err);

/* --check-file's contents, data[0..len): one budget a line; blank lines
 * and lines starting with '#' (after spaces) are skipped, and a '#' after
 * the limit starts a comment; a line may end in "\r\n".  A malformed line: -1 with err "SOURCE:LINE: ...", and the
 * budgets before it kept in list. */
int budget_list_add_text(struct budget_list *list, const char *data, size_t len, const char *source,
                         struct hp_error *err);
void budget_list_free(struct budget_list *list);

#endif

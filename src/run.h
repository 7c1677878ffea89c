/* SPDX-License-Identifier: BSD-3-Clause */
/* run.h: a run's edges, around the pipeline's middle (pipeline.h): the
 * command line (options.h) made into each stage's options; the inputs
 * named ("prog" reads prog.hp), opened and read; the .aux read for -p
 * and, with the drawing or the export, written to temporary files
 * renamed only when both are complete (output.h).  main.c calls it.
 */
#ifndef HP2PS_RUN_H
#define HP2PS_RUN_H

#include "options.h"
#include "pipeline.h"
#include "gate.h"

/* The stages' options from the command line.  filter receives the
 * compiled --include/--exclude (the caller frees it with
 * name_filter_free, also after a failure).  Fails (-1, err set) on an
 * unknown format or a bad expression: command-line errors, found before
 * any input is read. */
int run_options_from(struct pipeline_options *po, const struct options *o,
                     struct name_filter *filter, struct hp_error *err);

/* The whole run: inputs[0..n) read (none: standard input), drawn or
 * exported, written.  0, or -1 with err set and no output replaced. */
int run_inputs(const struct pipeline_options *po, const char *const *inputs, size_t n,
               struct hp_warnings *warnings, struct hp_error *err);

/* ---- the heap budget gate (gate.h) ---- */

/* The gate's side of the command line: budgets parsed, --check-file
 * read, reports listed.  active: any of --check, --check-file,
 * --baseline (the run is a gate). */
#define RUN_REPORTS_MAX 6
struct run_gate {
    bool active;
    struct budget_list budgets;
    struct gate_options opt;
    const char *baseline; /* --baseline FILE, or NULL */
    const char **report;  /* --report values, KIND[:FILE] */
    size_t nreports;
    bool draw;        /* -o FILE: draw the profile with the budgets */
    bool trace_given; /* -t given; else the drawing hides no name (-t0) */
    bool iec;         /* --units=iec */
};

/* From the command line (po: its heap events are kept when a budget
 * asks for them).  A malformed budget, an unreadable --check-file: -1
 * with err set (a usage error); the caller frees g: run_gate_free. */
int run_gate_options(struct run_gate *g, struct pipeline_options *po, const struct options *o,
                     const struct name_filter *filter, struct hp_error *err);
void run_gate_free(struct run_gate *g);

/* What the gate found, for main to print: one line per failing check and
 * a summary (lines), and whether any check failed (over).  to_stderr:
 * the drawing or a report goes to standard output, so the lines must
 * not. */
struct run_gate_outcome {
    struct hp_warnings lines;
    bool over;
    bool to_stderr;
};

/* The gate's run: input read (and the baseline), measured, the reports
 * and any drawing written.  0 with out filled, or -1 with err set (an
 * unreadable, empty, cut or killed profile, a failed write).  The caller
 * frees out->lines (warnings_free). */
int run_gate(const struct pipeline_options *po, const struct run_gate *g, const char *input,
             struct run_gate_outcome *out, struct hp_warnings *warnings, struct hp_error *err);

/* The file an argument names ("prog" and "prog.hp" both read prog.hp), as
 * run_inputs reads it: a new string, or NULL for standard input. */
char *run_input_path(const char *arg);

#endif

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

/* The file an argument names ("prog" and "prog.hp" both read prog.hp), as
 * run_inputs reads it: a new string, or NULL for standard input. */
char *run_input_path(const char *arg);

#endif

/* output.h: files that appear whole or not at all.
 *
 * An output is written to a temporary file in the target's directory and
 * renamed over the target only when everything succeeded, so an error
 * never leaves a half-written file nor destroys the previous good one.
 * "-" means standard output, written directly.
 */
#ifndef HP2PS_OUTPUT_H
#define HP2PS_OUTPUT_H

#include <stdio.h>

#include "common.h"

struct output {
    FILE *f;          /* write here */
    char *path;       /* the final name, or "-" */
    char *tmp_path;   /* NULL for stdout and for a device or pipe */
    char *target;     /* what the temporary file is renamed to: path, or
                       * the file a symbolic link at path points to */
    bool direct;      /* a device or FIFO, written in place */
};

/* Open path for writing (via a temporary file).  Refuses to write over
 * the file protect_path names (the input), if given.  A path that names a
 * device or a FIFO (/dev/null, /dev/stdout on a pipe) is written in place,
 * and a symbolic link is written through (the file it names is replaced,
 * the link stays). */
int output_open(struct output *o, const char *path, const char *protect_path,
                struct hp_error *err);

/* Whether two paths name the same file, existing or not (same directory
 * and the same last component). */
bool output_same_path(const char *a, const char *b);

/* Flush, check for write errors, rename into place.  On failure the
 * temporary file is removed. */
int output_commit(struct output *o, struct hp_error *err);

/* Give up: remove the temporary file.  Safe after commit or a failed open. */
void output_abort(struct output *o);

#endif

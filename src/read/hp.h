/* SPDX-License-Identifier: BSD-3-Clause */
/* read/hp.h: the reader of GHC's .hp text, in one streaming pass (and,
 * for a large file, on several threads), into a struct profile
 * (profile.h) through the sample builder (read/builder.h).
 *
 * The grammar is GHC's heap profile format, read line by line:
 *   JOB "string"            DATE "string"
 *   SAMPLE_UNIT "string"    VALUE_UNIT "string"
 *   MARK time
 *   BEGIN_SAMPLE time
 *   name value              (value is the last field; the name is the rest)
 *   END_SAMPLE time
 * A sample that is still open at end of input (a live profile cut off by
 * `head`) is dropped, not an error.
 */
#ifndef HP2PS_READ_HP_H
#define HP2PS_READ_HP_H

#include "profile.h"

/* Longest line accepted, in bytes: long enough for any real name, small
 * enough that a file with no newline cannot exhaust memory. */
#define HP_MAX_LINE (1u << 20)

/* A .hp file is read on several threads only from this many bytes per
 * thread: below, starting a thread costs more than it saves. */
#define PARSE_PART_MIN    (4u << 20)
#define PARSE_THREADS_MAX 16

struct reader_input;

/* Read a whole .hp profile from in (read/builder.h).  On failure err holds
 * "SOURCE:LINE: what is wrong" (or "SOURCE: what" for problems of the
 * whole file) and the profile is freed. */
int hp_read(struct profile *p, struct reader_input *in, const char *source,
            const struct parse_options *po, struct hp_error *err);

/* hp_read from fd, or from memory (tests).  source names it in messages. */
int profile_parse(struct profile *p, int fd, const char *source, const struct parse_options *po,
                  struct hp_error *err);
/* po NULL: every sample, by time. */
int profile_parse_buffer(struct profile *p, const char *data, size_t len, const char *source,
                         const struct parse_options *po, struct hp_error *err);

#endif

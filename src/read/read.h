/* SPDX-License-Identifier: BSD-3-Clause */
/* read/read.h: the read stage's one entry.  profile_read looks at the
 * input's first bytes (an eventlog starts with "hdrb", never told by its
 * name: stdin works too; a compressed file, a program or a time profile is
 * told what it is) and hands the input, those bytes included, to the
 * reader of its format (read/hp.h, read/eventlog.h).
 */
#ifndef HP2PS_READ_READ_H
#define HP2PS_READ_READ_H

#include "profile.h"

/* Read a whole profile, .hp or eventlog, from fd; source names it in
 * messages.  On failure err holds the message and p is freed. */
int profile_read(struct profile *p, int fd, const char *source, const struct parse_options *po,
                 struct hp_error *err);

/* Same, from memory (tests and the fuzzer).  po NULL: the defaults. */
int profile_read_buffer(struct profile *p, const char *data, size_t len, const char *source,
                        const struct parse_options *po, struct hp_error *err);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* read/eventlog.h: the reader of GHC's binary eventlog (+RTS -h<kind> -l),
 * whose heap censuses become the profile the .hp of the same run gives.
 *
 * The format (doc/ghc-behaviour.md; ../shared/spec/eventlog-heap.md): a header declaring each
 * event type's payload size, then events (type, nanosecond timestamp,
 * payload), all integers big-endian.  The heap profiler writes each
 * census as HEAP_PROF_SAMPLE_BEGIN (162, or 166 for -hb), one entry per
 * band (163: a cost-centre stack; 164: a string) and, from GHC 8.10 on,
 * HEAP_PROF_SAMPLE_END (165); before 8.10 a census ends at the next one
 * or at the end of the log.  How the .hp concepts follow:
 *   JOB     PROGRAM_ARGS (30), rebuilt as the RTS writes it into the .hp
 *   DATE    WALL_CLOCK_TIME (43), in local time as the RTS writes it
 *   times   the events' clock: elapsed seconds (p->elapsed_time), not the
 *           .hp's mutator CPU seconds; -hb takes 166's census time
 *   names   164's string; for 163 the stack named and cut at -L as the
 *           RTS names it ("(N)" numbers the stacks in order of first
 *           appearance: the log has no stack id), or whole with
 *           --full-stacks; -hi addresses named by their IPE event (169)
 *   MARK    USER_MARKER (58), sorted by time
 * The .hp's empty samples at time 0 and at exit are added too, the second
 * only when the log ends with its end-of-data marker.  A log cut off (a
 * program killed, a log still being written) gives its complete censuses.
 */
#ifndef HP2PS_READ_EVENTLOG_H
#define HP2PS_READ_EVENTLOG_H

#include "profile.h"

struct reader_input;

/* Do the first n bytes of an input start an eventlog ("hdrb")? */
bool eventlog_magic(const char *first, size_t n);

/* Read a whole eventlog from in (read/builder.h).  On failure err holds
 * "SOURCE: byte N: what is wrong" or "SOURCE: what" and p is freed. */
int eventlog_read(struct profile *p, struct reader_input *in, const char *source,
                  const struct parse_options *po, struct hp_error *err);

#endif

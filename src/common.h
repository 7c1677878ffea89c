/* SPDX-License-Identifier: BSD-3-Clause */
/* common.h: error reporting and allocation helpers shared by every stage.
 *
 * Errors travel as values: a stage that fails fills a struct hp_error and
 * returns -1, and only main prints it.  The text is the part after
 * "hp2ps: ", normally "FILE:LINE: what is wrong".
 */
#ifndef HP2PS_COMMON_H
#define HP2PS_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#define HP_ERROR_MAX 512

struct hp_error {
    char text[HP_ERROR_MAX];
};

#if defined(__GNUC__) || defined(__clang__)
#define HP_PRINTF(a, b)  __attribute__((format(printf, a, b)))
#define HP_NOINLINE      __attribute__((noinline))
#define HP_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define HP_PRINTF(a, b)
#define HP_NOINLINE
#define HP_ALWAYS_INLINE inline
/* A new file that has no name (in $TMPDIR, else /tmp; in memory when
 * that directory is read-only or not ours), open for reading and writing:
 * nothing is left behind however the process ends.  -1 with errno set on
 * failure (a TMPDIR that is not there). */
int hp_anonymous_file(void);

#endif

/* What a run has to tell besides its output (an .aux left alone, names a
 * log may lack, values held at the limit...): every warning kept, in the
 * order said, each once, and all printed when the run succeeds (only
 * main prints). */
struct hp_warnings {
    char **text;
    size_t n;
};

/* Add one (w NULL: nobody listens; dropped). */
void warnings_add(struct hp_warnings *w, const char *fmt, ...) HP_PRINTF(2, 3);
void warnings_free(struct hp_warnings *w);

/* How many processors this process may run on (its affinity mask), at
 * least 1. */
unsigned hp_processors(void);

/* Fill err with a formatted message (truncated to fit).  Returns -1 so that
 * callers can write "return hp_fail(err, ...);". */
int hp_fail(struct hp_error *err, const char *fmt, ...) HP_PRINTF(2, 3);

/* Before a fatal message that ends the process (out of memory, a GLib
 * error): when memory runs out, two threads can fail at once (the
 * reading and pango's font thread), and a run must say one line.  The
 * first caller returns; any other never does: it waits for the first to
 * end the process, and after HP_FATAL_WAIT_MS ends it itself, silently,
 * with status 1. */
#define HP_FATAL_WAIT_MS 2000
void hp_fatal_begin(void);

/* After the fatal message: quick_exit(1), which runs what the program
 * registered with at_quick_exit (main.c: the temporary files go), then
 * ends every thread at once.  Never exit(): its handlers and the
 * libraries' destructors (fontconfig's, harfbuzz's, glib's) would run
 * while another thread may be inside those libraries (the font thread,
 * pango's own, the parse threads, the PNG writer: DEVELOPERS.md), which
 * then crashes where it stands.  The C library keeps the handler, so
 * nothing here is mutable; a handler must not allocate. */
_Noreturn void hp_fatal_end(void);

/* "hp2ps: out of memory", then hp_fatal_end: for xmalloc and its kin,
 * and tune/memory.c's stand-in for glib's message formatting. */
_Noreturn void hp_out_of_memory(void);

/* Allocation that cannot return NULL: on exhaustion the process prints
 * "hp2ps: out of memory" and ends with status 1 (hp_fatal_end).  Every
 * stage uses these, so no caller has to thread an allocation failure
 * through its error path. */
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
/* xrealloc for arrays: count * size, checked for overflow. */
void *xreallocarray(void *p, size_t count, size_t size);
char *xstrdup(const char *s);
char *xmemdup0(const char *s, size_t n); /* n bytes plus a terminating NUL */

/* Numbers in files (.aux, CSV, JSON) always use '.': replace the locale's
 * decimal point in the text printf wrote.  (hp2ps never sets a locale,
 * but its stages may run inside a program that does.) */
void dot_decimal(char *s);

/* The extension of a file name's last component, lower case, into ext
 * ("X.PDF" -> "pdf"); false when there is none or it does not fit. */
bool path_extension(const char *path, char *ext, size_t size);

/* A new file that has no name (in $TMPDIR, else /tmp; in memory when
 * that directory is read-only or not ours), open for reading and writing:
 * nothing is left behind however the process ends.  -1 with errno set on
 * failure (a TMPDIR that is not there). */
int hp_anonymous_file(void);

/* A write to fd, a file of hp_anonymous_file's, failed with errno why: a
 * full /tmp (TMPDIR not set) moves what it holds to memory, under the
 * same descriptor number and at the same offset, so the caller writes
 * again: 0.  Else (a TMPDIR that was chosen, another error, no memory
 * file) -1 with errno why. */
int hp_anonymous_to_memory(int fd, int why);

/* Where hp_anonymous_file makes its files, for a message: "TMPDIR=DIR",
 * or "/tmp (TMPDIR is not set)". */
void hp_temp_place(char *buf, size_t size);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* quote.h: text from a profile, an .aux or the command line, made safe
 * to print inside a one-line message.
 *
 * What a message quotes can hold anything: a newline would split the
 * message, an escape sequence would reach the terminal (retitle it, clear
 * it), bytes that are not UTF-8 would garble it.  Newline, tab and
 * carriage return are written \n, \t and \r, the other control characters
 * (C0, DEL, C1) and such bytes \xhh; valid UTF-8 otherwise stays as it
 * is, so names in any script read as they are.
 */
#ifndef HP2PS_QUOTE_H
#define HP2PS_QUOTE_H

#include "common.h"

/* Input bytes a quote shows before it is cut short with "...". */
#define QUOTE_BYTES 40
/* Room for any quote: every byte shown as \xhh, "...", NUL. */
#define QUOTE_MAX   (QUOTE_BYTES * 4 + 8)

/* s[0..n) as a quote into out: at most QUOTE_BYTES input bytes (never a
 * UTF-8 sequence cut in two), then "..." when there was more.  Backslash
 * is written as \x5c too, so a quote never reads as an escape it is not.
 * When the part shown is not valid UTF-8, every non-ASCII byte is \xhh. */
void quote_short(char out[QUOTE_MAX], const char *s, size_t n);

/* A whole message made one line: s with its control characters and
 * invalid bytes as \xhh (backslashes kept: the quotes in it are already
 * escaped).  Newly allocated, or NULL when memory is short. */
char *quote_message(const char *s);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* stackname.h: the RTS's "(N)" in front of a -hc stack's or a -hr
 * retainer set's name, which changes from build to build and run to run:
 * what every stage that must not depend on it (the colour's hash, the
 * pairing of several profiles, the ties of size) leaves out.  pair.h
 * writes the paired form "(N1→N2)NAME".
 */
#ifndef HP2PS_STACKNAME_H
#define HP2PS_STACKNAME_H

#include "common.h"

#define STACKNAME_ARROW     "\xe2\x86\x92" /* U+2192, between a paired name's numbers */
#define STACKNAME_ARROW_LEN 3

/* The length of name's leading "(N)" or paired "(N1→N2...)" (digits,
 * each number after the first behind U+2192), 0 when it has none.  The
 * colour's hash and the pairing leave it out. */
size_t stackname_prefix(const char *name);

/* Names in order less their prefixes, then whole: what breaks ties of
 * size, so that a name's place does not hang on its "(N)". */
int stackname_cmp(const char *a, const char *b);

#endif

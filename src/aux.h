/* SPDX-License-Identifier: BSD-3-Clause */
/* aux.h: the .aux file that carries scales, order and shades from one run
 * to the next (-p).
 *
 *   X_RANGE 0.28
 *   Y_RANGE 16494336.00
 *   ORDER name 1          bottom band first
 *   SHADE name 0.00
 *
 * The reader is line based, so it also reads names that begin with a digit
 * or hold spaces (GHC's reader fails on both); it accepts every file GHC's
 * hp2ps writes.  The writer keeps GHC's syntax, so GHC can read ours.  A
 * name with newlines (which GHC cannot read in the .hp either) is written
 * raw over several lines, as in the .hp, and read back whole.
 */
#ifndef HP2PS_AUX_H
#define HP2PS_AUX_H

#include <stdio.h>

#include "common.h"
#include "names.h"

struct aux_entry {
    bool has_order;
    bool has_shade;
    long order;   /* ORDER number (first line for a name wins) */
    double shade; /* SHADE value (first line for a name wins) */
};

struct aux {
    bool has_x_range, has_y_range;
    double x_range, y_range; /* last line wins */
    struct names names;      /* name -> id; entry[id] */
    struct aux_entry *entry;
    bool check_only;   /* aux_check_file: statements read, nothing kept */
    struct names bare; /* the names less a leading "(N)", those that had one: */
    int64_t *bare_id;  /*   bare id -> the entry's id, -1 when two names read so */
};

/* An empty aux; allocates nothing.  aux_free releases what a parse
 * filled in and leaves the aux empty (safe on an empty one). */
void aux_init(struct aux *a);
void aux_free(struct aux *a);

/* Parse an .aux from memory into a (emptied first).  source names it in
 * messages ("prog.aux:3: ...").  0, or -1 with err set and a empty. */
int aux_parse_buffer(struct aux *a, const char *data, size_t len, const char *source,
                     struct hp_error *err);
/* The same from the file at path: a regular file only (a FIFO or a device
 * would block or never end), at most 256 MiB.  0, or -1 with err set and a
 * empty. */
int aux_read_file(struct aux *a, const char *path, struct hp_error *err);
/* Would aux_read_file read path?  0, or -1 with its error, keeping none
 * of the names: a million of them cost seconds to keep. */
int aux_check_file(const char *path, struct hp_error *err);

/* Does the name read back as written?  False only for a name with a
 * newline whose later line starts with a statement's keyword (X_RANGE,
 * Y_RANGE, ORDER, SHADE): the writer leaves such a name out. */
bool aux_name_fits(const char *name);

/* The entry for a name, or NULL. */
const struct aux_entry *aux_find(const struct aux *a, const char *name, size_t len);

/* The entry a band of this run takes (-p), or -1: by its name; else by
 * alias, the name the RTS's .hp of the same run gives it where an
 * eventlog's reader names it otherwise (profile_hp_name: an -hi table's
 * address, an -he era's number; NULL: none); else, when bare_unique (no
 * other band of the run reads alike without it), by its name less a
 * leading "(N)" matching one name of the .aux alone so (an eventlog
 * numbers -hc stacks its own way, and a rebuild renumbers them).  So
 * the order and shades carry over between a run's .hp and its eventlog. */
int64_t aux_lookup(const struct aux *a, const char *name, const char *alias, size_t alias_len,
                   bool bare_unique);

/* Write the .aux of a plan with the ranges actually drawn: GHC's syntax,
 * shades with two decimals in grey and six in colour; a band with an
 * hp_name (an eventlog's) has its ORDER and SHADE under that name too,
 * so that its .hp, and GHC's hp2ps on it, take them (not where another
 * band is so named: no name is in the .aux twice).  -1 when f has an
 * error (the caller names the file). */
struct band_plan;
int aux_write(FILE *f, const struct band_plan *bp, double x_range, double y_range, bool colour);

/* Format a range so that reading it back gives the same double: two
 * decimals when they suffice (as GHC writes), more when they do not. */
void aux_format_range(char *buf, size_t size, double v);

#endif

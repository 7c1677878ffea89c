/* SPDX-License-Identifier: BSD-3-Clause */
/* axis.h: tick positions and the text of tick labels and totals.
 *
 * Steps follow GHC's nice-number rule (1, 2 or 5 times a power of ten, for
 * about seven intervals), but ticks sit on multiples of the step, are
 * computed by multiplication rather than repeated addition (no drift, no
 * endless loop when the step is below the spacing of doubles), and labels
 * carry as many decimals as the step needs: a 0.04 s run reads 0.005,
 * 0.010, ... instead of GHC's "0.0 0.0 0.0".
 */
#ifndef HP2PS_AXIS_H
#define HP2PS_AXIS_H

#include "common.h"

#define AXIS_MAX_TICKS 64

struct ticks {
    size_t n;
    double value[AXIS_MAX_TICKS];
    double step;
    int decimals; /* decimals a label needs to show the step exactly */
};

/* GHC's rule: scale v into [1, 10], take 5 above 4, 2 above 1, else 1,
 * scale back.  Returns 0 for v <= 0 or a non-finite v. */
double axis_nice(double v);

/* Ticks at multiples of step = axis_nice(span / 7), from lo up to hi,
 * both included (within rounding).  No ticks when the step is 0 or would
 * give more than AXIS_MAX_TICKS. */
void axis_ticks(struct ticks *t, double lo, double hi, double span);

/* The same with a step of the caller's (a nice number). */
void axis_ticks_step(struct ticks *t, double lo, double hi, double step);

/* The nice number after step: 1 -> 2 -> 5 -> 10 times its power of ten,
 * for an axis too short for step's labels.  0 for a step <= 0. */
double axis_nice_next(double step);

/* The first multiple of step at or above v (v itself when it is one,
 * within rounding): where an axis that must show v ends, at a tick. */
double axis_round_up(double v, double step);

/* A y-axis scale: divisor and suffix chosen from the largest tick, and the
 * decimals needed for the step in that scale.  For VALUE_UNIT "bytes" the
 * suffixes are " B", " kB", " MB", " GB", " TB" (1000-based, as GHC's k
 * and M), so every label but 0 carries its unit; for any other unit "",
 * "k", "M", "G", "T". */
struct value_scale {
    double divisor;
    const char *suffix;
    int decimals;
};
/* The scale for ticks t; bytes: VALUE_UNIT is "bytes".  Cannot fail. */
void axis_value_scale(struct value_scale *s, const struct ticks *t, bool bytes);

/* Binary units (--units=iec): the divisor is the largest power of 1024
 * not above the range, steps are nice numbers of that unit, suffixes are
 * " B", " KiB", " MiB", ... for bytes and "", "Ki", "Mi", ... otherwise.
 * The ticks come out in raw values, like axis_ticks. */
void axis_ticks_iec(struct ticks *t, struct value_scale *s, double range, bool bytes);

/* The --units=iec divisor for a range: the largest power of 1024 not
 * above it (1 below 1024). */
double axis_iec_divisor(double range);

/* The --units=iec scale of ticks whose step is a nice number of
 * axis_iec_divisor(range). */
void axis_iec_scale(struct value_scale *s, const struct ticks *t, double range, bool bytes);

/* One value with a unit picked for it alone, e.g. the peak in the title:
 * "153.7 MB", "320 bytes", "2.5 GiB". */
void axis_format_quantity(char *buf, size_t size, double v, const char *unit, bool iec);

/* --slopes: a signed rate in VALUE_UNITs per SAMPLE_UNIT, scaled like
 * axis_format_quantity: "+1.2 MB/s", "-320 B/s", "+2.5k cells/tick",
 * "0 B/s".  Bytes are written B (kB, MiB, ...) to keep the key narrow;
 * "seconds" becomes "s". */
void axis_format_rate(char *buf, size_t size, double v, const char *value_unit,
                      const char *sample_unit, bool iec);

/* Long runs in seconds are labelled in minutes or hours. */
struct time_unit {
    double seconds;   /* 1, 60 or 3600 */
    const char *name; /* NULL: keep SAMPLE_UNIT */
};
/* The unit for an axis of range SAMPLE_UNITs (minutes or hours only for
 * "seconds" and long runs).  Cannot fail; u points at static names. */
void axis_time_unit(struct time_unit *u, const char *sample_unit, double range);

/* "12.5 MB", "0", "400k": one label with the scale's suffix. */
void axis_format_value(char *buf, size_t size, double v, const struct value_scale *s);

/* A time label with the ticks' decimals: "0.005", "1.5", "20". */
void axis_format_time(char *buf, size_t size, double v, int decimals);

/* An integer with thousands separators, truncated toward zero:
 * 2125185.7 -> "2,125,185".  Works for any finite double; non-finite -> "?" */
void axis_format_thousands(char *buf, size_t size, double v);

#endif

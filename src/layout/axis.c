/* SPDX-License-Identifier: BSD-3-Clause */
/* axis.c: see axis.h. */
#include "layout/axis.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "utf8.h"

double axis_nice(double v)
{
    if (!(v > 0) || !isfinite(v))
        return 0;
    int steps = 0;
    while (v > 10) {
        v /= 10;
        steps++;
    }
    while (v < 1) {
        v *= 10;
        steps--;
    }
    double m = v > 4 ? 5 : v > 1 ? 2 : 1;
    /* Scale back with one pow10 so that e.g. 0.005 is as exact as it gets. */
    return steps >= 0 ? m * pow(10, steps) : m / pow(10, -steps);
}

static int step_decimals(double step)
{
    /* step is m * 10^e with m in {1, 2, 5}; e < 0 needs -e decimals. */
    int d = 0;
    double s = step;
    while (d < 20 && fabs(s - nearbyint(s)) > 1e-9 * fmax(1, fabs(s))) {
        s *= 10;
        d++;
    }
    return d;
}

void axis_ticks(struct ticks *t, double lo, double hi, double span)
{
    axis_ticks_step(t, lo, hi, axis_nice(span / 7));
}

void axis_ticks_step(struct ticks *t, double lo, double hi, double step)
{
    memset(t, 0, sizeof *t);
    if (!(step > 0) || !isfinite(step) || !isfinite(lo) || !isfinite(hi) || hi < lo)
        return;
    t->step = step;
    t->decimals = step_decimals(step);
    double eps = step * 1e-9;
    double k0 = ceil((lo - eps) / step);
    double k1 = floor((hi + eps) / step);
    if (!(k1 - k0 < AXIS_MAX_TICKS))
        return;
    int count = (int)(k1 - k0) + 1;
    for (int i = 0; i < count; i++) {
        /* k0 + i, not k0++: far above 2^53 an increment changes nothing. */
        double v = (k0 + i) * step;
        /* Consecutive multiples may collapse into one double far from 0. */
        if (t->n && v <= t->value[t->n - 1])
            continue;
        t->value[t->n++] = v == 0 ? 0 : v; /* no "-0" */
    }
}

double axis_nice_next(double step)
{
    if (!(step > 0) || !isfinite(step))
        return 0;
    int e = 0;
    double m = step;
    while (m >= 10 * (1 - 1e-9)) {
        m /= 10;
        e++;
    }
    while (m < 1 - 1e-9) {
        m *= 10;
        e--;
    }
    /* 1 -> 2 -> 5 -> 10; anything else to the nice number above it. */
    double next = m < 2 - 1e-9 ? 2 : m < 5 - 1e-9 ? 5 : 10;
    /* One pow10, as in axis_nice, so that 0.05 is as exact as it gets. */
    return e >= 0 ? next * pow(10, e) : next / pow(10, -e);
}

double axis_round_up(double v, double step)
{
    if (!(step > 0) || !isfinite(v) || !isfinite(step))
        return v;
    double k = ceil(v / step - 1e-9);
    return (k < 1 ? 1 : k) * step;
}

void axis_value_scale(struct value_scale *s, const struct ticks *t, bool bytes)
{
    static const char *const byte_suffix[] = { " B", " kB", " MB", " GB", " TB", " PB", " EB" };
    static const char *const plain_suffix[] = { "", "k", "M", "G", "T", "P", "E" };
    double top = t->n ? t->value[t->n - 1] : 0;
    int k = 0;
    double divisor = 1;
    while (k < 6 && top >= divisor * 1000) {
        divisor *= 1000;
        k++;
    }
    s->divisor = divisor;
    s->suffix = bytes ? byte_suffix[k] : plain_suffix[k];
    s->decimals = t->step > 0 ? step_decimals(t->step / divisor) : 0;
    if (s->decimals > 6)
        s->decimals = 6;
}

void axis_format_value(char *buf, size_t size, double v, const struct value_scale *s)
{
    if (v == 0) {
        snprintf(buf, size, "0");
        return;
    }
    snprintf(buf, size, "%.*f%s", s->decimals, v / s->divisor, s->suffix);
}

/* From 10^15 on a double no longer holds every whole number, so "%.0f"
 * would print digits of the binary value that are in no profile (and
 * past 10^63 more than a label holds): there the significant digits and
 * a power of ten, "2e+36". */
#define PLAIN_TIME_MAX 1e15

void axis_format_time(char *buf, size_t size, double v, int decimals)
{
    if (fabs(v) >= PLAIN_TIME_MAX)
        snprintf(buf, size, "%.15g", v);
    else
        snprintf(buf, size, "%.*f", decimals, v == 0 ? 0.0 : v);
}

void axis_format_thousands(char *buf, size_t size, double v)
{
    if (!isfinite(v)) {
        snprintf(buf, size, "?");
        return;
    }
    char digits[400];
    snprintf(digits, sizeof digits, "%.0f", trunc(fabs(v)));
    size_t nd = strlen(digits), o = 0;
    char out[600];
    if (v <= -1)
        out[o++] = '-';
    for (size_t i = 0; i < nd; i++) {
        if (i && (nd - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = '\0';
    snprintf(buf, size, "%s", out);
}

double axis_iec_divisor(double range)
{
    double divisor = 1;
    for (int k = 0; k < 6 && range >= divisor * 1024; k++)
        divisor *= 1024;
    return divisor;
}

void axis_iec_scale(struct value_scale *s, const struct ticks *t, double range, bool bytes)
{
    static const char *const byte_suffix[] = {
        " B", " KiB", " MiB", " GiB", " TiB", " PiB", " EiB"
    };
    static const char *const plain_suffix[] = { "", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
    double divisor = axis_iec_divisor(range);
    int k = 0;
    for (double d = divisor; d > 1; d /= 1024)
        k++;
    s->divisor = divisor;
    s->suffix = bytes ? byte_suffix[k] : plain_suffix[k];
    s->decimals = t->step > 0 ? step_decimals(t->step / divisor) : 0;
    if (s->decimals > 6)
        s->decimals = 6;
}

void axis_ticks_iec(struct ticks *t, struct value_scale *s, double range, bool bytes)
{
    double divisor = axis_iec_divisor(range);
    axis_ticks_step(t, 0, range, axis_nice(range / divisor / 7) * divisor);
    axis_iec_scale(s, t, range, bytes);
}

void axis_format_quantity(char *buf, size_t size, double v, const char *unit, bool iec)
{
    static const char *const si[] = { "", "k", "M", "G", "T", "P", "E" };
    static const char *const bin[] = { "", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
    bool bytes = strcmp(unit, "bytes") == 0;
    double base = iec ? 1024 : 1000, div = 1;
    int k = 0;
    while (k < 6 && fabs(v) >= div * base) {
        div *= base;
        k++;
    }
    const char *prefix = iec ? bin[k] : si[k];
    if (k == 0)
        snprintf(buf, size, "%.0f %s", v, unit);
    else if (bytes)
        snprintf(buf, size, "%.1f %sB", v / div, prefix);
    else
        snprintf(buf, size, "%.1f%s %s", v / div, prefix, unit);
    /* The unit is the profile's and may be long: cut at a character. */
    utf8_trim_partial(buf);
}

void axis_format_rate(char *buf, size_t size, double v, const char *value_unit,
                      const char *sample_unit, bool iec)
{
    static const char *const si[] = { "", "k", "M", "G", "T", "P", "E" };
    static const char *const bin[] = { "", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
    if (!isfinite(v)) {
        snprintf(buf, size, "?");
        return;
    }
    bool bytes = strcmp(value_unit, "bytes") == 0;
    const char *per = strcmp(sample_unit, "seconds") == 0 ? "s" : sample_unit;
    double base = iec ? 1024 : 1000, div = 1, m = fabs(v);
    int k = 0;
    while (k < 6 && m >= div * base) {
        div *= base;
        k++;
    }
    m /= div;
    /* Slopes are often fractions of a unit: below 1 keep two figures. */
    char number[64];
    if (m == 0)
        snprintf(number, sizeof number, "0");
    else if (k > 0 || m < 100)
        snprintf(number, sizeof number, m >= 1 || k > 0 ? "%c%.1f" : "%c%.2g", v < 0 ? '-' : '+',
                 m);
    else
        snprintf(number, sizeof number, "%c%.0f", v < 0 ? '-' : '+', m);
    const char *prefix = iec ? bin[k] : si[k];
    if (bytes)
        snprintf(buf, size, "%s %sB/%s", number, prefix, per);
    else
        snprintf(buf, size, "%s%s %s/%s", number, prefix, value_unit, per);
    /* The units are the profile's and may be long: cut at a character. */
    utf8_trim_partial(buf);
}

void axis_time_unit(struct time_unit *u, const char *sample_unit, double range)
{
    u->seconds = 1;
    u->name = NULL;
    if (strcmp(sample_unit, "seconds") != 0)
        return;
    if (range >= 3 * 3600) {
        u->seconds = 3600;
        u->name = "hours";
    } else if (range >= 10 * 60) {
        u->seconds = 60;
        u->name = "minutes";
    }
}

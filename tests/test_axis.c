/* SPDX-License-Identifier: BSD-3-Clause */
/* test_axis.c: GHC's nice numbers, and ticks and labels that fix GHC's. */
#include "layout/axis.h"
#include "check.h"

int main(void)
{
    /* GHC's rule, including its edges: exactly 10 gives 5, exactly 4 gives 2. */
    CHECK_NEAR(axis_nice(1.0 / 7), 0.2, 1e-12);
    CHECK_NEAR(axis_nice(320.0 / 7), 50, 1e-9);
    CHECK_NEAR(axis_nice(2356333.7), 2000000, 1e-3);
    CHECK_NEAR(axis_nice(0.039478), 0.02, 1e-12);
    CHECK_NEAR(axis_nice(10), 5, 1e-12);
    CHECK_NEAR(axis_nice(100), 50, 1e-12);
    CHECK_NEAR(axis_nice(4), 2, 1e-12);
    CHECK_NEAR(axis_nice(1), 1, 1e-12);
    CHECK(axis_nice(0) == 0);
    CHECK(axis_nice(-3) == 0);

    struct ticks t;
    char buf[64];

    /* The 0.28 s run GHC labels "0.0 0.0 0.0 0.1 ...": step 0.02, two decimals. */
    axis_ticks(&t, 0, 0.276345, 0.276345);
    CHECK_NEAR(t.step, 0.02, 1e-15);
    CHECK_INT(t.n, 14);
    CHECK_INT(t.decimals, 2);
    axis_format_time(buf, sizeof buf, t.value[1], t.decimals);
    CHECK_STR(buf, "0.02");
    axis_format_time(buf, sizeof buf, t.value[13], t.decimals);
    CHECK_STR(buf, "0.26");

    /* tiny-hc: 0.04 s; GHC wrote "0.0" at every tick. */
    axis_ticks(&t, 0, 0.042375, 0.042375);
    CHECK_NEAR(t.step, 0.005, 1e-15);
    CHECK_INT(t.decimals, 3);
    axis_format_time(buf, sizeof buf, t.value[3], t.decimals);
    CHECK_STR(buf, "0.015");
    CHECK_NEAR(t.value[t.n - 1], 0.04, 1e-12);

    /* Past 10^15 the significant digits and a power of ten, not the
     * binary value's digits (nor, past 10^63, a label cut short). */
    axis_format_time(buf, sizeof buf, 123456789012345.0, 0);
    CHECK_STR(buf, "123456789012345");
    axis_format_time(buf, sizeof buf, 2e36, 0);
    CHECK_STR(buf, "2e+36");
    axis_format_time(buf, sizeof buf, 1.5e300, 0);
    CHECK_STR(buf, "1.5e+300");
    axis_format_time(buf, sizeof buf, 3 * 1e20, 0);
    CHECK_STR(buf, "3e+20");

    /* A range that is not at zero starts at the first multiple. */
    axis_ticks(&t, 1.3, 2.0, 0.7);
    CHECK_NEAR(t.value[0], 1.3, 1e-12);
    axis_ticks(&t, 1.33, 2.0, 0.67);
    CHECK_NEAR(t.step, 0.05, 1e-12); /* nice(0.67 / 7 = 0.096) */
    CHECK_NEAR(t.value[0], 1.35, 1e-12);
    CHECK_NEAR(t.value[t.n - 1], 2.0, 1e-12);

    /* An axis too short for a step's labels takes the next nice step. */
    CHECK_NEAR(axis_nice_next(1), 2, 1e-12);
    CHECK_NEAR(axis_nice_next(2), 5, 1e-12);
    CHECK_NEAR(axis_nice_next(5), 10, 1e-12);
    CHECK_NEAR(axis_nice_next(0.05), 0.1, 1e-15);
    CHECK_NEAR(axis_nice_next(20000000), 50000000, 1e-6);
    CHECK_NEAR(axis_nice_next(3), 5, 1e-12); /* not a nice number: the one above */
    CHECK(axis_nice_next(0) == 0);
    axis_ticks_step(&t, 0, 1, 0.25);
    CHECK_INT(t.n, 5);
    CHECK_INT(t.decimals, 2);

    /* An axis that must show v ends at the first step at or above it:
     * pstricky's 108.5 MB peak under a labelled 120 MB, not over 100. */
    CHECK_NEAR(axis_round_up(108.5e6, 20e6), 120e6, 1e-3);
    CHECK_NEAR(axis_round_up(120e6, 20e6), 120e6, 1e-3);
    CHECK_NEAR(axis_round_up(0.3, 0.1), 0.3, 1e-12); /* 0.3 / 0.1 is 2.9999... */
    CHECK_NEAR(axis_round_up(0, 5), 5, 1e-12);       /* at least one step */

    /* GHC bug 4: huge times with a step below the spacing of doubles looped
     * forever; here the tick count is bounded. */
    axis_ticks(&t, 1e22, 1e22 + 2097152.0, 2097152.0);
    CHECK(t.n <= AXIS_MAX_TICKS);
    axis_ticks(&t, 0, 1e300, 1e300);
    CHECK(t.n > 0 && t.n <= AXIS_MAX_TICKS);

    /* Y labels: bytes get kB/MB, other units k/M. */
    struct value_scale s;
    axis_ticks(&t, 0, 16494336, 16494336);
    CHECK_NEAR(t.step, 2000000, 1e-6);
    axis_value_scale(&s, &t, true);
    axis_format_value(buf, sizeof buf, t.value[3], &s);
    CHECK_STR(buf, "6 MB");
    axis_format_value(buf, sizeof buf, 0, &s);
    CHECK_STR(buf, "0");
    axis_value_scale(&s, &t, false);
    axis_format_value(buf, sizeof buf, t.value[7], &s);
    CHECK_STR(buf, "14M");
    axis_ticks(&t, 0, 1.5e6, 1.5e6);
    axis_value_scale(&s, &t, true);
    axis_format_value(buf, sizeof buf, t.value[1], &s);
    CHECK_STR(buf, "0.2 MB");
    axis_ticks(&t, 0, 320, 320);
    axis_value_scale(&s, &t, true);
    axis_format_value(buf, sizeof buf, t.value[1], &s);
    CHECK_STR(buf, "50 B"); /* every label but 0 carries its unit */

    /* --units=iec: steps are nice numbers of KiB, MiB, ... */
    axis_ticks_iec(&t, &s, 3 * 1048576.0, true);
    CHECK_NEAR(t.step, 0.5 * 1048576, 1e-6);
    axis_format_value(buf, sizeof buf, t.value[3], &s);
    CHECK_STR(buf, "1.5 MiB");
    axis_ticks_iec(&t, &s, 700, true); /* nice(100) is 50 by GHC's rule */
    CHECK_NEAR(axis_iec_divisor(700), 1, 1e-12);
    CHECK_NEAR(axis_iec_divisor(3 * 1048576.0), 1048576, 1e-6);
    axis_format_value(buf, sizeof buf, t.value[1], &s);
    CHECK_STR(buf, "50 B"); /* every label but 0 carries its unit */
    axis_format_quantity(buf, sizeof buf, 153689776, "bytes", false);
    CHECK_STR(buf, "153.7 MB");
    axis_format_quantity(buf, sizeof buf, 153689776, "bytes", true);
    CHECK_STR(buf, "146.6 MiB");
    axis_format_quantity(buf, sizeof buf, 320, "bytes", false);
    CHECK_STR(buf, "320 bytes");
    axis_format_quantity(buf, sizeof buf, 2500, "words", false);
    CHECK_STR(buf, "2.5k words");

    /* Long runs in seconds are labelled in minutes or hours. */
    struct time_unit tu;
    axis_time_unit(&tu, "seconds", 10800);
    CHECK(tu.seconds == 3600 && strcmp(tu.name, "hours") == 0);
    axis_time_unit(&tu, "seconds", 1200);
    CHECK(tu.seconds == 60);
    axis_time_unit(&tu, "seconds", 30);
    CHECK(tu.seconds == 1 && tu.name == NULL);
    axis_time_unit(&tu, "ticks", 1e6);
    CHECK(tu.seconds == 1 && tu.name == NULL);

    axis_format_thousands(buf, sizeof buf, 2125185.9);
    CHECK_STR(buf, "2,125,185");
    axis_format_thousands(buf, sizeof buf, 235);
    CHECK_STR(buf, "235");
    axis_format_thousands(buf, sizeof buf, 1000);
    CHECK_STR(buf, "1,000");
    axis_format_thousands(buf, sizeof buf, 1.2e29);
    CHECK(strlen(buf) == 39); /* 30 digits and 9 commas, not GHC's "0" */

    /* --slopes: signed rates per sample unit. */
    axis_format_rate(buf, sizeof buf, 1234567, "bytes", "seconds", false);
    CHECK_STR(buf, "+1.2 MB/s");
    axis_format_rate(buf, sizeof buf, -320, "bytes", "seconds", false);
    CHECK_STR(buf, "-320 B/s");
    axis_format_rate(buf, sizeof buf, 12.5, "bytes", "seconds", false);
    CHECK_STR(buf, "+12.5 B/s");
    axis_format_rate(buf, sizeof buf, 0.0123, "bytes", "seconds", false);
    CHECK_STR(buf, "+0.012 B/s");
    axis_format_rate(buf, sizeof buf, 0, "bytes", "seconds", false);
    CHECK_STR(buf, "0 B/s");
    axis_format_rate(buf, sizeof buf, 3 * 1048576.0, "bytes", "seconds", true);
    CHECK_STR(buf, "+3.0 MiB/s");
    axis_format_rate(buf, sizeof buf, -2500, "cells", "ticks", false);
    CHECK_STR(buf, "-2.5k cells/ticks");
    axis_format_rate(buf, sizeof buf, INFINITY, "bytes", "seconds", false);
    CHECK_STR(buf, "?");
    return check_report();
}

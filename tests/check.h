/* SPDX-License-Identifier: BSD-3-Clause */
/* check.h: the smallest unit-test harness that does the job.
 *
 * CHECK(cond) records a failure with its line and goes on; each test file's
 * main() ends with "return check_report();", which prints
 * "NAME: N passed, N failed" and sets the exit status for make check.
 */
#ifndef HP2PS_CHECK_H
#define HP2PS_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond)           check_one((cond), #cond, __FILE__, __LINE__)
#define CHECK_STR(a, b)       check_str((a), (b), #a, __FILE__, __LINE__)
#define CHECK_NEAR(a, b, tol) check_near((a), (b), (tol), #a, __FILE__, __LINE__)
#define CHECK_INT(a, b)       check_int((long long)(a), (long long)(b), #a, __FILE__, __LINE__)

static inline int check_one(int ok, const char *what, const char *file, int line)
{
    if (ok)
        check_passed++;
    else {
        check_failed++;
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
    return ok;
}

static inline int check_str(const char *a, const char *b, const char *what, const char *file,
                            int line)
{
    int ok = a && b && strcmp(a, b) == 0;
    if (!ok)
        fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", file, line, what,
                a ? a : "(null)", b ? b : "(null)");
    return check_one(ok, what, file, line);
}

static inline int check_near(double a, double b, double tol, const char *what, const char *file,
                             int line)
{
    int ok = fabs(a - b) <= tol;
    if (!ok)
        fprintf(stderr, "%s:%d: %s is %.9g, expected %.9g\n", file, line, what, a, b);
    return check_one(ok, what, file, line);
}

static inline int check_int(long long a, long long b, const char *what, const char *file, int line)
{
    int ok = a == b;
    if (!ok)
        fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", file, line, what, a, b);
    return check_one(ok, what, file, line);
}

static inline int check_report_named(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#define check_report() check_report_named(__FILE__)

#endif

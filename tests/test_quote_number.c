/* SPDX-License-Identifier: BSD-3-Clause */
/* test_quote_number: the message quoter and the number grammar that the
 * .hp and .aux readers share. */
#include "check.h"
#include "number.h"
#include "quote.h"

#include <stdlib.h>

static void test_quote_short(void)
{
    char q[QUOTE_MAX];
    quote_short(q, "plain (12)name", 14);
    CHECK_STR(q, "plain (12)name");
    /* control bytes, DEL, backslash, ESC sequences: \xhh */
    quote_short(q, "a\\b\x01\x1b[2J\x7f", 9);
    CHECK_STR(q, "a\\x5cb\\x01\\x1b[2J\\x7f");
    /* UTF-8 stays, C1 controls (CSI as U+009B) do not */
    quote_short(q,
                "gr\xC3\xB6\xC3\x9F"
                "e\xC2\x9B",
                9);
    CHECK_STR(q,
              "gr\xC3\xB6\xC3\x9F"
              "e\\xc2\\x9b");
    /* not UTF-8: every high byte escaped */
    quote_short(q, "\xC3\xB6\xFF", 3);
    CHECK_STR(q, "\\xc3\\xb6\\xff");
    /* cut at QUOTE_BYTES, never inside a sequence */
    char long_text[QUOTE_BYTES + 10];
    memset(long_text, 'x', sizeof long_text);
    long_text[QUOTE_BYTES - 1] = '\xC3', long_text[QUOTE_BYTES] = '\xB6';
    quote_short(q, long_text, sizeof long_text);
    CHECK_INT(strlen(q), QUOTE_BYTES - 1 + 3);
    CHECK(strcmp(q + QUOTE_BYTES - 1, "...") == 0);
    /* the worst case fits */
    char worst[QUOTE_BYTES * 2];
    memset(worst, 0x01, sizeof worst);
    quote_short(q, worst, sizeof worst);
    CHECK_INT(strlen(q), QUOTE_BYTES * 4 + 3);
}

static void test_quote_message(void)
{
    char *m = quote_message("x.hp:3: name 'a\\x01' \n\t\xC2\x85 \xFF \xE2\x82\xAC");
    CHECK_STR(m, "x.hp:3: name 'a\\x01' \\n\\t\\xc2\\x85 \\xff \xE2\x82\xAC");
    free(m);
}

static void test_numbers(void)
{
    double v = -1;
    const char *good[] = { "0", "12", "0.5", ".5", "5.", "1e3", "1E-3", "2.5e+2", "007" };
    double want[] = { 0, 12, 0.5, 0.5, 5, 1000, 0.001, 250, 7 };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        CHECK(number_read(good[i], strlen(good[i]), false, &v));
        CHECK_NEAR(v, want[i], 1e-12);
    }
    const char *bad[] = { "",    ".",    "-1", "+1", "1e",  "1e+",   "e3",   "inf",
                          "nan", "0x10", " 1", "1 ", "1,5", "1.2.3", "1e400" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK(!number_read(bad[i], strlen(bad[i]), false, &v));
    CHECK(number_read("+1.5", 4, true, &v) && v == 1.5);
    CHECK(!number_read("++1", 3, true, &v));
    CHECK(number_syntax("1e400", 5, false)); /* the form holds; the value is not finite */
    /* only the n bytes given are read */
    CHECK(number_read("12x", 2, false, &v) && v == 12);
    /* a long padded number (a line may be 1 MiB) */
    char padded[300];
    memset(padded, '0', sizeof padded);
    padded[sizeof padded - 1] = '9';
    CHECK(number_read(padded, sizeof padded, false, &v) && v == 9);
}

int main(void)
{
    test_quote_short();
    test_quote_message();
    test_numbers();
    return check_report();
}

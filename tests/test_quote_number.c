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

/* Decimals of up to 15 digits, read without strtod (number.c's
 * short_decimal), are strtod's bits: every digit count and decimal
 * places, random digits, and those of 16 and more (strtod's way). */
static void test_short_decimals(void)
{
    uint64_t r = 0x9e3779b97f4a7c15u;
    size_t differ = 0, tried = 0;
    for (int round = 0; round < 200000; round++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        size_t digits = 1 + (size_t)(r % 18), dot = (size_t)((r >> 8) % (digits + 2));
        char s[40];
        size_t n = 0;
        uint64_t d = r >> 16;
        for (size_t i = 0; i < digits; i++, d = d * 6364136223846793005u + 1442695040888963407u) {
            if (i == dot)
                s[n++] = '.';
            s[n++] = (char)('0' + (d >> 60) % 10);
        }
        if (dot == digits)
            s[n++] = '.';
        s[n] = '\0';
        double v = -1;
        if (!number_read(s, n, false, &v)) {
            differ++;
            continue;
        }
        double want = number_strtod(s, NULL);
        differ += memcmp(&v, &want, sizeof v) != 0;
        tried++;
    }
    CHECK_INT(differ, 0);
    CHECK_INT(tried, 200000);
    const char *edge[] = {
        "999999999999999", "0.000000000000001", "9.99999999999999", "0.1", "0.3", "2.675",
        "1.005",           "123456789012.345",  "0000000000000001", "0.0", "+0.7"
    };
    for (size_t i = 0; i < sizeof edge / sizeof *edge; i++) {
        double v = -1, want = number_strtod(edge[i], NULL);
        CHECK(number_read(edge[i], strlen(edge[i]), true, &v) && memcmp(&v, &want, sizeof v) == 0);
    }
}

int main(void)
{
    test_short_decimals();
    test_quote_short();
    test_quote_message();
    test_numbers();
    return check_report();
}

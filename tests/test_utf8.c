/* SPDX-License-Identifier: BSD-3-Clause */
/* test_utf8.c: invalid bytes become U+FFFD, valid text passes unchanged. */
#include "check.h"
#include "utf8.h"

#include <stdlib.h>
#include <string.h>

static void sanitized(const char *in, size_t len, const char *want)
{
    char *got = utf8_sanitize(in, len);
    CHECK_STR(got, want);
    free(got);
}

#define FFFD "\xEF\xBF\xBD"

static void drawn(const char *in, const char *want_name, const char *want_text)
{
    char *got = utf8_display_name(in, strlen(in));
    CHECK_STR(got, want_name);
    CHECK(utf8_drawable(got));
    free(got);
    got = utf8_display_text(in, strlen(in));
    CHECK_STR(got, want_text);
    CHECK(utf8_drawable(got));
    free(got);
}

/* What cairo or pango refuse or mangle, though valid UTF-8: made drawable
 * for drawing only; export keeps every valid character. */
static void test_drawable(void)
{
    static const char *const nonchars[] = {
        "\xEF\xBF\xBE",     "\xEF\xBF\xBF",                 /* U+FFFE, U+FFFF */
        "\xEF\xB7\x90",     "\xEF\xB7\xAF",                 /* U+FDD0, U+FDEF */
        "\xF0\x9F\xBF\xBE", "\xF4\x8F\xBF\xBF",             /* U+1FFFE, U+10FFFF */
        "\xC2\x80",         "\xC2\x9B",         "\xC2\x9F", /* C1 controls (CSI) */
    };
    for (size_t i = 0; i < sizeof nonchars / sizeof nonchars[0]; i++) {
        char in[16];
        snprintf(in, sizeof in, "a%sb", nonchars[i]);
        drawn(in, "a" FFFD "b", "a" FFFD "b");
        CHECK(!utf8_drawable(in));
        char *exported = utf8_sanitize_lines(in, strlen(in));
        CHECK_STR(exported, in); /* valid: exported as it is */
        free(exported);
    }
    /* Their neighbours are characters like any other. */
    drawn("\xEF\xB7\x8F\xEF\xB7\xB0\xEF\xBF\xBD\xC2\xA0",
          "\xEF\xB7\x8F\xEF\xB7\xB0\xEF\xBF\xBD\xC2\xA0",
          "\xEF\xB7\x8F\xEF\xB7\xB0\xEF\xBF\xBD\xC2\xA0");
    /* Line breaks pango honours: marked in a name, spaces in a header. */
    drawn("a\xC2\x85"
          "b\xE2\x80\xA8"
          "c\xE2\x80\xA9"
          "d\ne",
          "a" UTF8_NEWLINE_MARK "b" UTF8_NEWLINE_MARK "c" UTF8_NEWLINE_MARK "d" UTF8_NEWLINE_MARK
          "e",
          "a b c d e");
    drawn("a\tb\r\n", "a" UTF8_TAB_MARK "b" FFFD UTF8_NEWLINE_MARK, "a b  ");
    /* Lone surrogates written as UTF-8 are not UTF-8. */
    drawn("\xED\xB0\x80x", FFFD FFFD FFFD "x", FFFD FFFD FFFD "x");
    /* A cluster keeps UTF8_CLUSTER_MAX combining characters; the next
     * letter starts a new count. */
    char in[512], want[512];
    size_t n = 0, w = 0;
    in[n++] = 'a', want[w++] = 'a';
    for (int i = 0; i < 45; i++) {
        memcpy(in + n, "\xCC\x81", 2), n += 2; /* U+0301 */
        if (i < UTF8_CLUSTER_MAX)
            memcpy(want + w, "\xCC\x81", 2), w += 2;
    }
    memcpy(in + n, "b\xE2\x80\x8D\xCC\x81", 6), n += 6; /* ZWJ, U+0301 */
    memcpy(want + w, "b\xE2\x80\x8D\xCC\x81", 6), w += 6;
    in[n] = want[w] = '\0';
    drawn(in, want, want);
    CHECK(!utf8_drawable(in));
    CHECK(utf8_drawable(want));
    CHECK(!utf8_drawable("a\nb"));
    CHECK(utf8_drawable("plain (12)Data.Map/insert \xCE\xBB"));
}

int main(void)
{
    sanitized("alpha", 5, "alpha");
    sanitized("gr\xC3\xB6\xC3\x9F"
              "e",
              7,
              "gr\xC3\xB6\xC3\x9F"
              "e"); /* größe */
    sanitized("\xCE\xBB"
              "summe",
              7,
              "\xCE\xBB"
              "summe");                                      /* λsumme */
    sanitized("(296)f\xCE...", 10, "(296)f\xEF\xBF\xBD..."); /* cut by -L */
    sanitized("a\xFF"
              "b",
              3,
              "a\xEF\xBF\xBD"
              "b");
    sanitized("\xC0\xAF", 2, "\xEF\xBF\xBD\xEF\xBF\xBD");                 /* overlong */
    sanitized("\xED\xA0\x80", 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"); /* surrogate */
    sanitized("\xF4\x90\x80\x80", 4,
              "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"); /* > U+10FFFF */
    sanitized("\xF0\x9F\x98\x80", 4, "\xF0\x9F\x98\x80");          /* emoji */
    sanitized("tab\there", 8, "tab\xEF\xBF\xBDhere");
    sanitized("nul\0x", 5, "nul\xEF\xBF\xBDx");
    sanitized("", 0, "");
    sanitized("a\nb", 3,
              "a\xEF\xBF\xBD"
              "b");

    /* A newline in a band name: kept for export, a mark when drawn. */
    char *t = utf8_sanitize_lines("a\nb\t\n\xFF", 6);
    CHECK_STR(t, "a\nb\t\n\xEF\xBF\xBD");
    free(t);
    /* Export keeps every control character as read; only bytes that are
     * not UTF-8 become U+FFFD. */
    t = utf8_sanitize_lines("c\x01\r\x7F"
                            "d",
                            5);
    CHECK_STR(t,
              "c\x01\r\x7F"
              "d");
    free(t);
    /* A tab drawn: a visible mark, never U+FFFD, never a plain space. */
    t = utf8_display_name("go\tleft", 7);
    CHECK_STR(t, "go" UTF8_TAB_MARK "left");
    CHECK(utf8_drawable(t));
    free(t);
    CHECK_STR(UTF8_TAB_MARK, "\xE2\x80\x89\xE2\x87\xA5\xE2\x80\x89"); /* U+2009 U+21E5 U+2009 */
    t = utf8_display_name("\t\t\t", 3); /* 9 bytes a byte, as a newline */
    CHECK_INT(strlen(t), 27);
    free(t);
    t = utf8_display_name("(7)lbl\n\nx/main", 14);
    CHECK_STR(t, "(7)lbl" UTF8_NEWLINE_MARK UTF8_NEWLINE_MARK "x/main");
    free(t);
    CHECK_STR(UTF8_NEWLINE_MARK, "\xE2\x80\x89\xE2\x86\xB5\xE2\x80\x89"); /* U+2009 U+21B5 U+2009 */
    t = utf8_display_name("\n\n\n\n", 4); /* the longest growth: 9 bytes a byte */
    CHECK_INT(strlen(t), 36);
    free(t);

    /* The other line breaks pango obeys (U+2028, U+2029, U+0085): one line
     * when drawn, kept for export. */
    t = utf8_display_name("a\xE2\x80\xA8"
                          "b\xE2\x80\xA9"
                          "c\xC2\x85"
                          "d",
                          12);
    CHECK_STR(t, "a" UTF8_NEWLINE_MARK "b" UTF8_NEWLINE_MARK "c" UTF8_NEWLINE_MARK "d");
    free(t);
    t = utf8_display_text("job\n\xE2\x80\xA8x\tdate\r\xC2\x85\xE2\x80\xA9\xFF", 20);
    CHECK_STR(t, "job  x date   \xEF\xBF\xBD");
    free(t);
    t = utf8_sanitize_lines("a\xE2\x80\xA8"
                            "b",
                            5);
    CHECK_STR(t,
              "a\xE2\x80\xA8"
              "b");
    free(t);
    t = utf8_display_text("\xE2\x80\xA8\xE2\x80", 5); /* a cut one stays invalid */
    CHECK_STR(t, " \xEF\xBF\xBD\xEF\xBF\xBD");
    free(t);

    CHECK_INT(utf8_count("gr\xC3\xB6\xC3\x9F"
                         "e"),
              5);
    CHECK_INT(utf8_offset("gr\xC3\xB6\xC3\x9F"
                          "e",
                          3),
              4);
    CHECK_INT(utf8_offset("ab", 7), 2);
    CHECK_INT(utf8_sequence_length((const unsigned char *)"\xE2\x82", 2), 0);

    /* utf8_trim_partial: what snprintf leaves after cutting UTF-8. */
    static const struct {
        const char *in, *want;
    } trims[] = {
        { "ab\xC3", "ab" },             /* 1 of 2 bytes */
        { "ab\xE2\x82", "ab" },         /* 2 of 3 */
        { "ab\xF0\x9F\x98", "ab" },     /* 3 of 4 */
        { "ab\xC3\xB6", "ab\xC3\xB6" }, /* whole */
        { "ab\xF0\x9F\x98\x80", "ab\xF0\x9F\x98\x80" },
        { "abc", "abc" },
        { "", "" },
        { "\xE2", "" },
    };
    for (size_t i = 0; i < sizeof trims / sizeof trims[0]; i++) {
        char buf[16];
        strcpy(buf, trims[i].in);
        utf8_trim_partial(buf);
        CHECK_STR(buf, trims[i].want);
    }
    test_drawable();
    return check_report();
}

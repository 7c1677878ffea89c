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

int main(void)
{
    sanitized("alpha", 5, "alpha");
    sanitized("gr\xC3\xB6\xC3\x9F" "e", 7, "gr\xC3\xB6\xC3\x9F" "e");          /* größe */
    sanitized("\xCE\xBB" "summe", 7, "\xCE\xBB" "summe");                      /* λsumme */
    sanitized("(296)f\xCE...", 10, "(296)f\xEF\xBF\xBD...");                  /* cut by -L */
    sanitized("a\xFF" "b", 3, "a\xEF\xBF\xBD" "b");
    sanitized("\xC0\xAF", 2, "\xEF\xBF\xBD\xEF\xBF\xBD");                      /* overlong */
    sanitized("\xED\xA0\x80", 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");      /* surrogate */
    sanitized("\xF4\x90\x80\x80", 4,
              "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");           /* > U+10FFFF */
    sanitized("\xF0\x9F\x98\x80", 4, "\xF0\x9F\x98\x80");                      /* emoji */
    sanitized("tab\there", 8, "tab\xEF\xBF\xBDhere");
    sanitized("nul\0x", 5, "nul\xEF\xBF\xBDx");
    sanitized("", 0, "");

    CHECK_INT(utf8_count("gr\xC3\xB6\xC3\x9F" "e"), 5);
    CHECK_INT(utf8_offset("gr\xC3\xB6\xC3\x9F" "e", 3), 4);
    CHECK_INT(utf8_offset("ab", 7), 2);
    CHECK_INT(utf8_sequence_length((const unsigned char *)"\xE2\x82", 2), 0);

    /* utf8_trim_partial: what snprintf leaves after cutting UTF-8. */
    static const struct { const char *in, *want; } trims[] = {
        {"ab\xC3", "ab"},                 /* 1 of 2 bytes */
        {"ab\xE2\x82", "ab"},             /* 2 of 3 */
        {"ab\xF0\x9F\x98", "ab"},         /* 3 of 4 */
        {"ab\xC3\xB6", "ab\xC3\xB6"},     /* whole */
        {"ab\xF0\x9F\x98\x80", "ab\xF0\x9F\x98\x80"},
        {"abc", "abc"},
        {"", ""},
        {"\xE2", ""},
    };
    for (size_t i = 0; i < sizeof trims / sizeof trims[0]; i++) {
        char buf[16];
        strcpy(buf, trims[i].in);
        utf8_trim_partial(buf);
        CHECK_STR(buf, trims[i].want);
    }
    return check_report();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* test_json.c: the one JSON writer (json.h) and the one number format
 * (number.h: number_format) that the export and the HTML page share:
 * each escape, in a document and inside a <script>, and each kind of
 * number, as a JSON reader and a person read them. */
#include "check.h"
#include "json.h"
#include "number.h"

#include <math.h>
#include <stdlib.h>

/* s quoted in context where, and the same through json_put_string. */
static void quoted(const char *s, enum json_context where, const char *want)
{
    char *q = json_quoted(s, where);
    CHECK_STR(q, want);
    free(q);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    json_put_string(f, s, where);
    fclose(f);
    CHECK_STR(buf, want);
    free(buf);
}

static void strings(void)
{
    for (int k = 0; k < 2; k++) {
        enum json_context where = k ? JSON_IN_SCRIPT : JSON_DOCUMENT;
        /* the same rule in both: JSON's short escapes, \u00XX for the
         * other control characters and DEL, U+FFFD for a byte that is not
         * UTF-8, the rest as it is */
        quoted("Data.Map", where, "\"Data.Map\"");
        quoted("a\"b\\c", where, "\"a\\\"b\\\\c\"");
        quoted("line\nnext\ttab\rcr", where, "\"line\\nnext\\ttab\\rcr\"");
        quoted("\x01\x1f\x7f", where, "\"\\u0001\\u001f\\u007f\"");
        quoted("gr\xC3\xB6\xC3\x9F"
               "e",
               where,
               "\"gr\xC3\xB6\xC3\x9F"
               "e\"");
        quoted("bad\xFF\xC3", where, "\"bad\\ufffd\\ufffd\"");
        quoted("", where, "\"\"");
    }
    /* only inside a <script>: what could end it or be read as markup, and
     * the two line ends of older JavaScript */
    quoted("</script><!--&", JSON_DOCUMENT, "\"</script><!--&\"");
    quoted("</script><!--&", JSON_IN_SCRIPT, "\"\\u003c/script\\u003e\\u003c!--\\u0026\"");
    quoted("a\xE2\x80\xA8"
           "b\xE2\x80\xA9",
           JSON_DOCUMENT,
           "\"a\xE2\x80\xA8"
           "b\xE2\x80\xA9\"");
    quoted("a\xE2\x80\xA8"
           "b\xE2\x80\xA9",
           JSON_IN_SCRIPT, "\"a\\u2028b\\u2029\"");
}

static void number(double v, const char *want)
{
    char buf[NUMBER_TEXT_MAX];
    size_t n = number_format(buf, v);
    CHECK_STR(buf, want);
    CHECK_INT(n, strlen(want));
}

static void numbers(void)
{
    number(0, "0");
    number(-0.0, "-0");
    number(42, "42");
    number(-7, "-7");
    number(999999999999999, "999999999999999"); /* the fast path's last */
    number(1e15, "1e+15");
    number(0.5, "0.5");
    number(0.1, "0.1");                     /* %.15g reads back */
    number(1.0 / 3, "0.33333333333333331"); /* %.17g needed */
    number(2.5e-7, "2.5e-07");
    number(NAN, "0"); /* JSON has none */
    number(INFINITY, "0");
    /* every whole number below 10^15 as %.15g writes it */
    for (double v = 1; v < 1e15; v = v * 3 + 1) {
        char buf[NUMBER_TEXT_MAX], want[64];
        number_format(buf, v);
        snprintf(want, sizeof want, "%.15g", v);
        if (!CHECK_STR(buf, want))
            break;
    }
    /* a list: repeated numbers (the cache) as the same text */
    double v[100];
    for (int i = 0; i < 100; i++)
        v[i] = i % 2 ? 0.25 : i;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    json_put_numbers(f, v, 100);
    fclose(f);
    CHECK(strncmp(buf, "[0,0.25,2,0.25,4,", 17) == 0 && buf[len - 1] == ']');
    free(buf);
    /* a figure without a value (--top's R² of a flat band) is null, not 0 */
    buf = NULL;
    f = open_memstream(&buf, &len);
    json_put_number_or_null(f, NAN);
    fputc(' ', f);
    json_put_number_or_null(f, INFINITY);
    fputc(' ', f);
    json_put_number_or_null(f, 1.0 / 3);
    fclose(f);
    CHECK_STR(buf, "null null 0.33333333333333331");
    free(buf);
}

int main(void)
{
    strings();
    numbers();
    return check_report();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* read/read.c: see read/read.h. */
#include "read/read.h"

#include <string.h>

#include "quote.h"
#include "read/builder.h"
#include "read/eventlog.h"
#include "read/hp.h"

/* Files a newcomer gives instead of a profile, told by their first bytes:
 * what the file is and what to give instead (-1, err set), else 0.  The
 * .hp reader would call each "data line outside a sample". */
static int not_a_profile(const char *b, size_t n, const char *source, struct hp_error *err)
{
    static const struct {
        const char *magic;
        size_t len;
        const char *tool;
    } packed[] = { { "\x1f\x8b", 2, "gzip" },
                   { "\xfd"
                     "7zX",
                     4, "xz" },
                   { "BZh", 3, "bzip2" },
                   { "\x28\xb5\x2f\xfd", 4, "zstd" } };
    for (size_t i = 0; i < sizeof packed / sizeof *packed; i++)
        if (n >= packed[i].len && memcmp(b, packed[i].magic, packed[i].len) == 0)
            return hp_fail(err,
                           "%s: compressed with %s; uncompress it into hp2ps "
                           "(%scat FILE | hp2ps)",
                           source, packed[i].tool,
                           packed[i].tool[0] == 'g'       ? "z"
                               : packed[i].tool[0] == 'x' ? "xz"
                               : packed[i].tool[0] == 'b' ? "bz"
                                                          : "zstd");
    if (n >= 4
        && memcmp(b,
                  "\x7f"
                  "ELF",
                  4)
            == 0)
        return hp_fail(err,
                       "%s: a program, not its heap profile; run it with +RTS -hT "
                       "(or -hc, -hy with -prof), which writes PROGRAM.hp, and give that",
                       source);
    return 0;
}

/* Does the name end in a space and a number ("Array 12")? */
static bool ends_in_number(const char *text, size_t len)
{
    size_t k = len;
    while (k > 0 && text[k - 1] >= '0' && text[k - 1] <= '9')
        k--;
    return k < len && k > 1 && (text[k - 1] == ' ' || text[k - 1] == '\t');
}

/* Producers other than GHC (V8's process-heap-prof.py --count --size)
 * write two numbers after a name ("Array 12 3456"): read as GHC's, the
 * first number joins the name and every count becomes a band of its own
 * (908 bands "Array 12", "Array 208"...).  Refused when nearly every name
 * of a profile ends so (GHC's do not). */
static int two_numbers(const struct profile *p, struct hp_error *err)
{
    size_t n = p->names.count, ending = 0, example = 0;
    if (n < 8)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (ends_in_number(p->names.info[i].text, p->names.info[i].len) && !ending++)
            example = i;
    if (ending * 10 < n * 9)
        return 0;
    char q[QUOTE_MAX];
    quote_short(q, p->names.info[example].text, p->names.info[example].len);
    return hp_fail(err,
                   "%s: %zu of its %zu names end in a number ('%s'): its lines have two "
                   "numbers after a name (V8's --count --size?); hp2ps reads a name and one value "
                   "a line",
                   p->source, ending, n, q);
}

static int read_any(struct profile *p, struct reader_input *in, const char *source,
                    const struct parse_options *po, struct hp_error *err)
{
    const char *first = NULL;
    size_t n = 0;
    if (reader_input_peek(in, &first, &n, source, err) < 0
        || not_a_profile(first, n, source, err) < 0) {
        memset(p, 0, sizeof *p);
        return -1;
    }
    if (eventlog_magic(first, n))
        return eventlog_read(p, in, source, po, err);
    int rc = hp_read(p, in, source, po, err);
    if (rc == 0 && two_numbers(p, err) < 0) {
        profile_free(p);
        return -1;
    }
    return rc;
}

int profile_read(struct profile *p, int fd, const char *source, const struct parse_options *po,
                 struct hp_error *err)
{
    struct reader_input in;
    reader_input_fd(&in, fd);
    return read_any(p, &in, source, po, err);
}

int profile_read_buffer(struct profile *p, const char *data, size_t len, const char *source,
                        const struct parse_options *po, struct hp_error *err)
{
    struct reader_input in;
    reader_input_mem(&in, data, len);
    return read_any(p, &in, source, po, err);
}

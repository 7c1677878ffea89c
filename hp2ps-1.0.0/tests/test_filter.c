/* SPDX-License-Identifier: BSD-3-Clause */
/* test_filter.c: --include and --exclude on band names (src/filter.c). */
#include "check.h"
#include "filter.h"

#include <stdlib.h>

static int compile(struct name_filter *f, const char *const *inc, size_t ninc,
                   const char *const *exc, size_t nexc, struct hp_error *err)
{
    memset(err->text, 0, sizeof err->text);
    return name_filter_compile(f, inc, ninc, exc, nexc, err);
}

static void no_filter(void)
{
    struct name_filter f;
    struct hp_error err;
    CHECK_INT(compile(&f, NULL, 0, NULL, 0, &err), 0);
    CHECK(!name_filter_active(&f));
    CHECK(name_filter_keep(&f, "anything"));
    CHECK(name_filter_keep(&f, ""));
    name_filter_free(&f);
    CHECK(!name_filter_active(NULL));
    CHECK(name_filter_keep(NULL, "x"));
}

static void include_exclude(void)
{
    struct name_filter f;
    struct hp_error err;
    /* Two --include: either may match; a match anywhere in the name. */
    const char *inc[] = {"Data\\.Map", "^\\(1[0-9]+\\)"};
    const char *exc[] = {"CAF$"};
    CHECK_INT(compile(&f, inc, 2, exc, 1, &err), 0);
    CHECK(name_filter_active(&f));
    CHECK(name_filter_keep(&f, "(300)Data.Map.insert"));
    CHECK(!name_filter_keep(&f, "(300)DataXMap.insert")); /* the dot is escaped */
    CHECK(name_filter_keep(&f, "(146)PINNED"));
    CHECK(!name_filter_keep(&f, "(246)PINNED"));
    CHECK(!name_filter_keep(&f, "MAIN"));
    /* --exclude wins over --include. */
    CHECK(!name_filter_keep(&f, "(301)Data.Map.CAF"));
    CHECK(name_filter_keep(&f, "(301)Data.Map.CAFE"));
    name_filter_free(&f);

    /* --exclude alone keeps every other name.  Extended syntax: | + {}. */
    const char *exc2[] = {"^(GHC|base)\\.", "x{3}", "a+b"};
    CHECK_INT(compile(&f, NULL, 0, exc2, 3, &err), 0);
    CHECK(!name_filter_keep(&f, "GHC.IO.CAF"));
    CHECK(!name_filter_keep(&f, "base.Data"));
    CHECK(name_filter_keep(&f, "myGHC.IO"));
    CHECK(!name_filter_keep(&f, "fooxxx"));
    CHECK(name_filter_keep(&f, "fooxx"));
    CHECK(!name_filter_keep(&f, "caaab"));
    CHECK(name_filter_keep(&f, "ba ca"));
    CHECK(!name_filter_keep(&f, "cab"));
    name_filter_free(&f);

    /* Names are raw bytes: a byte that is not UTF-8 still matches itself
     * and '.' in the C locale. */
    const char *inc3[] = {"\xff", "^z.$"};
    CHECK_INT(compile(&f, inc3, 2, NULL, 0, &err), 0);
    CHECK(name_filter_keep(&f, "a\xff"));
    CHECK(name_filter_keep(&f, "z\xfe"));
    CHECK(!name_filter_keep(&f, "abc"));
    name_filter_free(&f);
}

static void bad_expressions(void)
{
    struct name_filter f;
    struct hp_error err;
    const char *bad[] = {"ok", "a(b"};
    CHECK_INT(compile(&f, bad, 2, NULL, 0, &err), -1);
    CHECK(strncmp(err.text, "--include=a(b: bad regular expression: ", 39) == 0);
    CHECK(strlen(err.text) > 39); /* says why */
    CHECK(!name_filter_active(&f));

    const char *good[] = {"fine"};
    const char *bad2[] = {"[z-a]"};
    CHECK_INT(compile(&f, good, 1, bad2, 1, &err), -1);
    CHECK(strncmp(err.text, "--exclude=[z-a]: bad regular expression: ", 41) == 0);
    CHECK(!name_filter_active(&f));
    name_filter_free(&f); /* harmless after a failure */
}

int main(void)
{
    no_filter();
    include_exclude();
    bad_expressions();
    return check_report();
}

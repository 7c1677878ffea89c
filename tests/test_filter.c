/* SPDX-License-Identifier: BSD-3-Clause */
/* test_filter.c: --include and --exclude on band names (src/filter.c). */
#include "check.h"
#include "filter.h"
#include "fixture.h"

#include <regex.h>
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
    const char *inc[] = { "Data\\.Map", "^\\(1[0-9]+\\)" };
    const char *exc[] = { "CAF$" };
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
    const char *exc2[] = { "^(GHC|base)\\.", "x{3}", "a+b" };
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
    const char *inc3[] = { "\xff", "^z.$" };
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
    const char *bad[] = { "ok", "a(b" };
    CHECK_INT(compile(&f, bad, 2, NULL, 0, &err), -1);
    CHECK(strncmp(err.text, "--include=a(b: bad regular expression: ", 39) == 0);
    CHECK(strlen(err.text) > 39); /* says why */
    CHECK(!name_filter_active(&f));

    const char *good[] = { "fine" };
    const char *bad2[] = { "[z-a]" };
    CHECK_INT(compile(&f, good, 1, bad2, 1, &err), -1);
    CHECK(strncmp(err.text, "--exclude=[z-a]: bad regular expression: ", 41) == 0);
    CHECK(!name_filter_active(&f));
    name_filter_free(&f); /* harmless after a failure */
}

/* name_filter_keep matches an anchored form of each expression
 * ("^.*(RE)", filter.c's anchored, so the cost is linear in the name):
 * whatever the expression, it keeps exactly the names regexec keeps with
 * the expression as given.  Hand-picked expressions (unmatched ')', which
 * glibc takes as a literal; brackets holding ( ) \\ and classes; anchors
 * inside alternatives), then random ones from the same bytes. */
static bool same_as_given(const char *re, const char *const *names, size_t nnames)
{
    regex_t given;
    if (regcomp(&given, re, REG_EXTENDED | REG_NOSUB) != 0)
        return true; /* not an expression: nothing to compare */
    struct name_filter f;
    struct hp_error err;
    bool same = true;
    if (compile(&f, &re, 1, NULL, 0, &err) != 0) {
        fprintf(stderr, "test_filter: '%s' compiles as given but not as --include: %s\n", re,
                err.text);
        same = false;
    }
    for (size_t i = 0; same && i < nnames; i++)
        if (name_filter_keep(&f, names[i]) != (regexec(&given, names[i], 0, NULL, 0) == 0)) {
            fprintf(stderr, "test_filter: '%s' on '%s': %d as given\n", re, names[i],
                    regexec(&given, names[i], 0, NULL, 0) == 0);
            same = false;
        }
    regfree(&given);
    name_filter_free(&f);
    return same;
}

static void anchored_is_the_same(void)
{
    static const char *const names[] = {
        "",     "a",   "b",    "ab", "ba", "a)", "a)|b", "(a)", "x(y)z", "]",  "[a]", "\\",
        "a\\b", "aab", "abab", "b)", "))", "|",  "*",    "a*",  "{1}",   "^a", "a$",  "c(b)a"
    };
    size_t nn = sizeof names / sizeof *names;
    static const char *const res[] = { "a)",           "a)|b",      "a))",     ")",     "(a))|b",
                                       "a|b)",         "[)]",       "[(]a",    "[]a)]", "[^]a]",
                                       "[[:alpha:])]", "[[.).]]b",  "[\\]",    "\\)",   "\\(a",
                                       "^a|b$",        "(^a)|(b$)", "a|",      "()",    "(a|)b",
                                       "x*",           "a{1}",      "^$",      "$",     "^",
                                       "(a)(b)",       "[a-c]+)",   "((a)|b))" };
    for (size_t i = 0; i < sizeof res / sizeof *res; i++)
        CHECK(same_as_given(res[i], names, nn));
    static const char alphabet[] = "ab()|*+?.^$[]\\{}1,:-";
    uint64_t rng = 40;
    int compared = 0;
    for (int k = 0; k < 20000; k++) {
        char re[12];
        size_t len = 1 + fixture_rng(&rng) % (sizeof re - 1);
        for (size_t i = 0; i < len; i++)
            re[i] = alphabet[fixture_rng(&rng) % (sizeof alphabet - 1)];
        re[len] = '\0';
        regex_t given;
        if (regcomp(&given, re, REG_EXTENDED | REG_NOSUB) != 0)
            continue;
        regfree(&given);
        bool has_backref = false; /* refused on purpose: back_references() */
        for (size_t i = 0; i + 1 < len; i++)
            if (re[i] == '\\' && re[i + 1] >= '1' && re[i + 1] <= '9')
                has_backref = true;
        if (has_backref)
            continue;
        compared++;
        if (!same_as_given(re, names, nn)) {
            CHECK(false);
            break;
        }
    }
    CHECK(compared > 1000);
}

/* A back-reference is refused (its cost grows faster than the name). */
static void back_references(void)
{
    struct name_filter f;
    struct hp_error err;
    const char *re[] = { "(a)\\1" };
    CHECK_INT(compile(&f, re, 1, NULL, 0, &err), -1);
    CHECK(strstr(err.text, "--include=(a)\\1: back-references") == err.text);
    const char *literal[] = { "[\\1]", "\\\\1" }; /* in brackets, or an escaped backslash */
    CHECK_INT(compile(&f, literal, 2, NULL, 0, &err), 0);
    CHECK(name_filter_keep(&f, "x1"));
    CHECK(name_filter_keep(&f, "\\1"));
    CHECK(!name_filter_keep(&f, "x"));
    name_filter_free(&f);
}

int main(void)
{
    no_filter();
    include_exclude();
    bad_expressions();
    anchored_is_the_same();
    back_references();
    return check_report();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* test_eventlog.c: the eventlog reader (src/read/eventlog.c) against the
 * .hp the same run wrote.
 *
 *   test_eventlog               the logs in $TESTDATA/eventlog, and cuts
 *   test_eventlog LOG...        each LOG against the .hp beside it
 *                               (tests/eventlog-corpus.sh: the corpus)
 *
 * A log and its .hp must give the same profile, sample by sample: as many
 * samples (the reader adds the .hp's empty first and last ones), the same
 * entries in the same order with the same values, the same names (for
 * -hc less the "(N)" before the stack, which the log cannot carry, each
 * N standing for one .hp stack id), the same JOB and DATE; times start at
 * 0 and never go back.  The .hp's MANY (a retainer set larger than -R)
 * has no event in the log and is left out of the comparison.
 */
#include "check.h"
#include "filter.h"
#include "fixture.h"
#include "heapline.h"
#include "read/read.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Read path through profile_read, as main does; false with the message. */
static bool load(struct profile *p, const char *path, const struct parse_options *po)
{
    struct hp_error err;
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "cannot open %s\n", path);
        return false;
    }
    int rc = profile_read(p, fd, path, po, &err);
    close(fd);
    if (rc < 0)
        fprintf(stderr, "%s\n", err.text);
    return rc == 0;
}

/* Whether one of the reader's notes (profile_note) says what. */
static bool noted(const struct profile *p, const char *what)
{
    for (size_t i = 0; i < p->notes.n; i++)
        if (strstr(p->notes.text[i], what))
            return true;
    return false;
}

/* The length of a leading "(digits)", or 0. */
static size_t stack_prefix(const char *s)
{
    if (s[0] != '(')
        return 0;
    size_t i = 1;
    while (s[i] >= '0' && s[i] <= '9')
        i++;
    return i > 1 && s[i] == ')' ? i + 1 : 0;
}

struct pairing {
    int64_t *hp_of_ev, *ev_of_hp; /* name id maps, -1 = not yet */
};

/* Are ev's name e and hp's name h the same band? */
static bool same_name(const struct profile *ev, uint32_t e, const struct profile *hp, uint32_t h,
                      struct pairing *pr)
{
    const char *a = ev->names.info[e].text, *b = hp->names.info[h].text;
    size_t pa = stack_prefix(a), pb = stack_prefix(b);
    /* -hi: the .hp names a table by its address, the log by its IPE
     * entry where it has one (then the pairing below must hold) */
    bool by_address = b[0] == '0' && b[1] == 'x';
    /* -he: the log's "era N" is the .hp's "N" */
    if (strncmp(a, "era ", 4) == 0 && strcmp(a + 4, b) == 0)
        by_address = true;
    /* a stack deeper than the 255 ids a log keeps: the log's name is the
     * .hp's innermost 255 cost centres, and the reader said so */
    size_t la = strlen(a + pa);
    if (noted(ev, "255 deep") && pa && pb && strncmp(a + pa, b + pb, la) == 0 && b[pb + la] == '/')
        by_address = true;
    if (!by_address && (strcmp(a + pa, b + pb) != 0 || (pa == 0) != (pb == 0)))
        return false;
    /* one (N) for one .hp stack id, both ways */
    if (pr->hp_of_ev[e] < 0 && pr->ev_of_hp[h] < 0) {
        pr->hp_of_ev[e] = h;
        pr->ev_of_hp[h] = e;
    }
    return pr->hp_of_ev[e] == (int64_t)h && pr->ev_of_hp[h] == (int64_t)e;
}

/* Compare the samples; the first difference is printed. */
static bool same_samples(const char *what, struct profile *ev, struct profile *hp)
{
    struct hp_error err;
    struct pairing pr = {
        malloc((ev->names.count + 1) * sizeof(int64_t)),
        malloc((hp->names.count + 1) * sizeof(int64_t)),
    };
    memset(pr.hp_of_ev, 0xff, (ev->names.count + 1) * sizeof(int64_t));
    memset(pr.ev_of_hp, 0xff, (hp->names.count + 1) * sizeof(int64_t));
    int64_t many = names_find(&hp->names, "MANY", 4);
    struct store_cursor *ce = store_cursor_new(ev->store), *ch = store_cursor_new(hp->store);
    bool ok = true;
    double last = 0;
    for (size_t k = 0; ok; k++) {
        struct sample se = { 0 }, sh = { 0 };
        int re = store_cursor_next(ce, &se, &err);
        int rh = store_cursor_next(ch, &sh, &err);
        double te = se.time;
        const struct sample_entry *ee = se.entry, *he = sh.entry;
        size_t ne = se.n, nh = sh.n;
        if (re != rh) {
            fprintf(stderr, "%s: %s ends first, at sample %zu\n", what, re ? "the .hp" : "the log",
                    k);
            ok = false;
        }
        if (!ok || re != 1)
            break;
        if (k == 0 ? te != 0 : te < last) {
            fprintf(stderr, "%s: sample %zu at %g s, after %g s\n", what, k, te, last);
            ok = false;
        }
        last = te;
        size_t i = 0, j = 0;
        for (; ok && j < nh; j++) {
            if ((int64_t)he[j].name == many)
                continue;
            if (i == ne || ee[i].value != he[j].value
                || !same_name(ev, ee[i].name, hp, he[j].name, &pr)) {
                fprintf(stderr,
                        "%s: sample %zu, entry %zu: %s %lld in the log, %s %lld in the "
                        ".hp\n",
                        what, k, j, i < ne ? ev->names.info[ee[i].name].text : "-",
                        i < ne ? (long long)ee[i].value : 0, hp->names.info[he[j].name].text,
                        (long long)he[j].value);
                ok = false;
            }
            i++;
        }
        if (ok && i != ne) {
            fprintf(stderr, "%s: sample %zu: %zu entries in the log, %zu in the .hp\n", what, k, ne,
                    i);
            ok = false;
        }
    }
    store_cursor_free(ce);
    store_cursor_free(ch);
    free(pr.hp_of_ev);
    free(pr.ev_of_hp);
    return ok;
}

/* LOG.eventlog against LOG.hp. */
static bool compare_pair(const char *log)
{
    const char *hp_ext = ".hp";
    size_t n = strlen(log);
    const char *ext = ".eventlog";
    if (n < strlen(ext) || strcmp(log + n - strlen(ext), ext) != 0) {
        fprintf(stderr, "%s: not NAME.eventlog\n", log);
        return false;
    }
    char *hp_path = malloc(n + strlen(hp_ext) + 1);
    memcpy(hp_path, log, n - strlen(ext));
    strcpy(hp_path + n - strlen(ext), hp_ext);
    struct profile ev, hp;
    bool ok = false;
    if (load(&ev, log, NULL)) {
        if (load(&hp, hp_path, NULL)) {
            ok = CHECK(ev.elapsed_time && !hp.elapsed_time);
            /* The .hp's DATE was written in UTC; the log's says so. */
            char hp_date[128];
            snprintf(hp_date, sizeof hp_date, "%s UTC", hp.date ? hp.date : "");
            if (!CHECK_STR(ev.job, hp.job) || !CHECK_STR(ev.date, hp_date))
                ok = false;
            ok &= CHECK_STR(ev.sample_unit, "seconds") & CHECK_STR(ev.value_unit, "bytes");
            ok &= CHECK(same_samples(log, &ev, &hp));
            profile_free(&hp);
        }
        profile_free(&ev);
    }
    if (!ok)
        fprintf(stderr, "%s: differs from %s\n", log, hp_path);
    free(hp_path);
    return ok;
}

/* ---- cut logs ---- */

/* The samples of a log cut at len: an error (no complete census), or
 * exactly the whole log's first ones but the last (the exit's, which
 * only a whole log has). */
static size_t cut_at(const char *name, const char *data, size_t len, struct profile *whole)
{
    struct profile p;
    struct hp_error err;
    if (profile_read_buffer(&p, data, len, name, NULL, &err) < 0) {
        CHECK(strstr(err.text, "heap census") || strstr(err.text, "inside its header"));
        CHECK(!strchr(err.text, '\n'));
        return 0;
    }
    size_t n = p.nsamples;
    bool ok = CHECK(n >= 2 && n < whole->nsamples);
    struct store_cursor *ca = store_cursor_new(p.store), *cb = store_cursor_new(whole->store);
    for (size_t k = 0; ok && k < n; k++) {
        struct sample sa, sb;
        ok = CHECK(store_cursor_next(ca, &sa, &err) == 1)
            && CHECK(store_cursor_next(cb, &sb, &err) == 1) && CHECK(sa.time == sb.time)
            && CHECK(sa.n == sb.n);
        for (size_t i = 0; ok && i < sa.n; i++)
            ok = CHECK(sa.entry[i].value == sb.entry[i].value)
                && CHECK_STR(p.names.info[sa.entry[i].name].text,
                             whole->names.info[sb.entry[i].name].text);
    }
    store_cursor_free(ca);
    store_cursor_free(cb);
    profile_free(&p);
    return n;
}

static void test_cuts(void)
{
    char path[4096];
    char *data;
    size_t len;
    /* Cut at every 61st byte: each gives its complete censuses or an error. */
    const char *logs[] = { "tiny-hc", "markers-hT", "wordfreq-hr-R2" };
    for (size_t l = 0; l < sizeof logs / sizeof *logs; l++) {
        snprintf(path, sizeof path, "%s/eventlog/%s.eventlog", fixture_testdata(), logs[l]);
        struct profile whole;
        data = fixture_read_file(path, &len);
        if (!CHECK(data != NULL) || !CHECK(load(&whole, path, NULL)))
            continue;
        size_t most = 0;
        for (size_t at = 4; at < len; at += 61) { /* (fewer bytes: not told from a .hp) */
            size_t n = cut_at(logs[l], data, at, &whole);
            CHECK(n >= most); /* more of the log, never fewer samples */
            most = n > most ? n : most;
        }
        /* without only its end marker: every census, but not the exit's sample */
        CHECK_INT(cut_at(logs[l], data, len - 2, &whole), whole.nsamples - 1);
        profile_free(&whole);
        free(data);
    }
    /* Where the reference reader (corpus oracle/cutoff-results.txt, made
     * with ghc-events) found 4 complete censuses: ours, and the empty
     * first sample. */
    snprintf(path, sizeof path, "%s/eventlog/markers-hT.eventlog", fixture_testdata());
    struct profile whole;
    if (CHECK((data = fixture_read_file(path, &len)) != NULL) && CHECK(load(&whole, path, NULL))) {
        CHECK_INT(cut_at("markers-hT", data, 30706, &whole), 1 + 4);
        CHECK_INT(cut_at("markers-hT", data, 21935, &whole), 0);
        profile_free(&whole);
        free(data);
    }
}

/* A program killed before the RTS wrote anything but the header: one
 * message saying what to run. */
static void test_header_only(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/eventlog/deepstack-hb-segv.eventlog", fixture_testdata());
    int fd = open(path, O_RDONLY);
    struct profile p;
    struct hp_error err;
    if (!CHECK(fd >= 0))
        return;
    CHECK(profile_read(&p, fd, "x.eventlog", NULL, &err) < 0);
    close(fd);
    CHECK(strstr(err.text, "x.eventlog: no complete heap census") == err.text);
    CHECK(strstr(err.text, "+RTS -hT -l") != NULL);
    char *data;
    size_t len;
    if (CHECK((data = fixture_read_file(path, &len)) != NULL)) {
        CHECK(profile_read_buffer(&p, data, 1000, "x", NULL, &err) < 0);
        CHECK(strstr(err.text, "x: the eventlog ends at byte 1000, inside its header") == err.text);
        free(data);
    }
}

/* ---- the reader's other promises on the small logs ---- */

static bool load_log(struct profile *p, const char *name, const struct parse_options *po)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/eventlog/%s.eventlog", fixture_testdata(), name);
    return load(p, path, po);
}

/* USER_MARKER events: MARKs in time order, inside the samples' span. */
static void test_marks(void)
{
    struct profile p;
    if (!CHECK(load_log(&p, "markers-hT", NULL)))
        return;
    CHECK_INT(p.nmarks, 4);
    for (size_t i = 0; i < p.nmarks; i++) {
        CHECK(p.marks[i] > p.t_first && p.marks[i] < p.t_last);
        CHECK(i == 0 || p.marks[i] >= p.marks[i - 1]);
    }
    profile_free(&p);
    /* --x=index: each the number of the samples at or before it */
    struct parse_options po = { .x_index = true };
    if (!CHECK(load_log(&p, "markers-hT", &po)))
        return;
    CHECK_INT(p.nmarks, 4);
    for (size_t i = 0; i < p.nmarks; i++) {
        CHECK(p.marks[i] == floor(p.marks[i]) && p.marks[i] >= 1 && p.marks[i] <= p.t_last);
        CHECK(i == 0 || p.marks[i] >= p.marks[i - 1]);
    }
    CHECK(p.t_first == 0 && p.t_last == (double)(p.nsamples - 1));
    profile_free(&p);
}

/* -hc names: cut at -L as the .hp is (L from the arguments: unicode-hc-L200
 * ran with -L200), or whole with --full-stacks. */
static void test_stacks(void)
{
    struct profile p;
    struct parse_options full = { .full_stacks = true };
    if (CHECK(load_log(&p, "tiny-hc", NULL))) {
        CHECK(names_find(&p.names, "MAIN", 4) >= 0);
        bool cut = false;
        for (size_t i = 0; i < p.names.count; i++) {
            const char *s = p.names.info[i].text + stack_prefix(p.names.info[i].text);
            CHECK(strlen(s) <= 25);
            cut |= strcmp(s, "squares/main.s/main/M...") == 0;
        }
        CHECK(cut);
        profile_free(&p);
    }
    if (CHECK(load_log(&p, "tiny-hc", &full))) {
        bool whole = false;
        for (size_t i = 0; i < p.names.count; i++)
            whole |= strcmp(p.names.info[i].text + stack_prefix(p.names.info[i].text),
                            "squares/main.s/main/Main.CAF")
                == 0;
        CHECK(whole);
        profile_free(&p);
    }
}

/* --from/--to on the log's elapsed seconds. */
static void test_window(void)
{
    struct profile all, part;
    struct parse_options po = { .has_from = true, .from = 0.1, .has_to = true, .to = 0.3 };
    if (!CHECK(load_log(&all, "tiny-hc", NULL)))
        return;
    if (CHECK(load_log(&part, "tiny-hc", &po))) {
        CHECK(part.nsamples > 0 && part.nsamples < all.nsamples);
        CHECK(part.t_first >= 0.1 && part.t_last <= 0.3);
        profile_free(&part);
    }
    po.from = 100, po.to = 200;
    struct hp_error err;
    char path[4096];
    snprintf(path, sizeof path, "%s/eventlog/tiny-hc.eventlog", fixture_testdata());
    int fd = open(path, O_RDONLY);
    CHECK(profile_read(&part, fd, "t", &po, &err) < 0);
    close(fd);
    CHECK(strstr(err.text, "t: no sample in the window") == err.text);
    profile_free(&all);
}

/* Copy s[0..n) into out with every run of white space as one space and
 * none at the ends, as the reader keeps the IPE fields. */
static void squeeze(char *out, size_t cap, const char *s, size_t n)
{
    size_t o = 0;
    bool space = false;
    for (size_t i = 0; i < n && o + 2 < cap; i++) {
        if (strchr(" \t\n\r", s[i])) {
            space = o > 0;
            continue;
        }
        if (space)
            out[o++] = ' ';
        out[o++] = s[i];
        space = false;
    }
    out[o] = '\0';
}

/* The fields of field k (0-based, tab-separated) of rec, squeezed. */
static void field(char *out, size_t cap, const char *rec, int k)
{
    const char *s = rec;
    for (int i = 0; i < k && s; i++)
        s = strchr(s, '\t') ? strchr(s, '\t') + 1 : NULL;
    if (!s) {
        out[0] = '\0';
        return;
    }
    const char *e = strchr(s, '\t');
    squeeze(out, cap, s, e ? (size_t)(e - s) : strlen(s));
}

/* -hi on a GHC 9.6 log of a program built with -finfo-table-map (whose
 * RTS declares every IPE event a byte longer than it writes it): read
 * whole; each band with an IPE entry carries the entry's fields exactly
 * as ghc-events decodes them (newer-hi.ipe.tsv: address, table, closure
 * type, type, label, module, location; a type may run over lines) and is
 * named from them, never by the address; every other band keeps its
 * address, which the table does not have, and the user is told. */
static void test_ipe(void)
{
    struct profile p;
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/eventlog/newer-hi.ipe.tsv", fixture_testdata());
    char *tsv = fixture_read_file(path, &len);
    if (!CHECK(tsv != NULL) || !CHECK(load_log(&p, "newer-hi", NULL))) {
        free(tsv);
        return;
    }
    /* the rows: a line starting "0x" begins one */
    size_t nrows = 0;
    char *rows[1024];
    for (char *s = tsv; s && *s && nrows < 1024;) {
        rows[nrows++] = s;
        char *nl = s;
        while ((nl = strchr(nl, '\n')) && nl[1] && strncmp(nl + 1, "0x", 2) != 0)
            nl++;
        if (nl)
            *nl = '\0';
        s = nl ? nl + 1 : NULL;
    }
    CHECK(nrows > 200);
    CHECK_STR(p.detail_columns, "address\ttable\tclosure type\ttype\tlabel\tmodule\tlocation");
    size_t named = 0, unnamed = 0;
    for (size_t id = 0; id < p.names.count; id++) {
        const char *name = p.names.info[id].text;
        const char *d = id < p.ndetail ? p.detail[id] : NULL;
        char want[4096], got[4096], addr[64];
        if (!d) {
            unnamed++;
            CHECK(strncmp(name, "0x", 2) == 0);
            for (size_t r = 0; r < nrows; r++) {
                field(addr, sizeof addr, rows[r], 0);
                if (!CHECK(strcmp(addr, name) != 0))
                    fprintf(stderr, "%s has an IPE entry but no detail\n", name);
            }
            continue;
        }
        named++;
        CHECK(strncmp(name, "0x", 2) != 0);
        field(got, sizeof got, d, 0);
        size_t r = 0;
        for (; r < nrows; r++) {
            field(addr, sizeof addr, rows[r], 0);
            if (strcmp(addr, got) == 0)
                break;
        }
        if (!CHECK(r < nrows))
            continue;
        for (int k = 1; k < 7; k++) {
            field(want, sizeof want, rows[r], k);
            field(got, sizeof got, d, k);
            CHECK_STR(got, want);
        }
    }
    CHECK(named >= 20 && unnamed > 0);
    CHECK(noted(&p, "have no source"));
    /* named from the entries: a constructor by its name, a thunk as one */
    CHECK(names_find(&p.names, "Node :: Tree (build, src/newer.hs:24:13-68)", 43) >= 0);
    CHECK(names_find(&p.names, "thunk :: Tree (build, src/newer.hs:24:42-68)", 44) >= 0);
    profile_free(&p);
    free(tsv);
}

/* A run killed by SIGKILL: without a flush interval the log is its
 * header, one line says what to run; with one, every census flushed. */
static void test_killed(void)
{
    struct profile p;
    struct hp_error err;
    char path[4096];
    snprintf(path, sizeof path, "%s/eventlog/newer-hT-killed.eventlog", fixture_testdata());
    int fd = open(path, O_RDONLY);
    if (CHECK(fd >= 0)) {
        CHECK(profile_read(&p, fd, "k.eventlog", NULL, &err) < 0);
        close(fd);
        CHECK(strstr(err.text, "k.eventlog: no complete heap census") == err.text);
        CHECK(strstr(err.text, "--eventlog-flush-interval") != NULL);
        CHECK(!strchr(err.text, '\n'));
    }
    if (CHECK(load_log(&p, "newer-hT-killed-flush", NULL))) {
        CHECK_INT(p.nsamples, 9); /* the empty one at 0 and 8 censuses, as ghc-events reads it */
        profile_free(&p);
    }
}

/* ---- --heap and the markers' texts ---- */

struct heap_event {
    unsigned type;
    uint64_t ns, bytes;
};

/* NAME.heap.tsv: the log's heap events as elgen.py heap-events read them
 * (by the spec, not by hp2ps), in time order. */
static size_t load_events(const char *name, struct heap_event *ev, size_t cap)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/eventlog/%s.heap.tsv", fixture_testdata(), name);
    FILE *f = fopen(path, "r");
    if (!CHECK(f != NULL))
        return 0;
    size_t n = 0;
    unsigned t;
    unsigned long long ns, bytes;
    while (n < cap && fscanf(f, "%u %llu %llu", &t, &ns, &bytes) == 3)
        ev[n++] = (struct heap_event){ t, ns, bytes };
    fclose(f);
    return n;
}

static enum heap_kind kind_of(unsigned type)
{
    return type == 50 ? HEAP_SIZE : type == 51 ? HEAP_LIVE : HEAP_BLOCKS;
}

/* Every point kept is an event (its time and bytes exactly); with few
 * events, every event is kept (whole == true); the highest is the
 * events' highest; and the value in force at each sample is the last
 * event's at or before it. */
static void check_heap(const char *name, bool whole)
{
    static struct heap_event ev[4096];
    size_t n = load_events(name, ev, 4096);
    CHECK(n > 0);
    struct profile p;
    struct parse_options po = { .heap = true };
    if (!CHECK(load_log(&p, name, &po)))
        return;
    CHECK(p.heap != NULL && heaplines_any(p.heap));
    for (int k = 0; k < HEAP_KINDS; k++) {
        const struct heap_line *l = &p.heap->line[k];
        size_t count = 0;
        uint64_t high = 0;
        for (size_t i = 0; i < n; i++)
            if (kind_of(ev[i].type) == (enum heap_kind)k) {
                count++;
                high = ev[i].bytes > high ? ev[i].bytes : high;
            }
        CHECK_INT(l->events, count);
        struct heap_point *q;
        size_t m = heapline_points(l, 0, 100, (size_t)1 << 32, &q);
        size_t j = 0;
        for (size_t i = 0; i < m; i++) {
            bool found = false;
            for (; j < n && !found; j++)
                found = kind_of(ev[j].type) == (enum heap_kind)k && q[i].t == (double)ev[j].ns / 1e9
                    && q[i].v == ev[j].bytes;
            CHECK(found);
        }
        if (whole)
            CHECK_INT(m, count);
        free(q);
        CHECK(heapline_max(l, 0, 1e6) == high);
        /* the value in force at each sample, as the export writes it:
         * exact, whatever the reduction kept */
        struct heapline_exact cur;
        heapline_exact_start(&cur, l);
        struct store_cursor *sc = store_cursor_new(p.store);
        struct sample smp;
        struct hp_error err;
        while (store_cursor_next(sc, &smp, &err) == 1) {
            bool want = false;
            uint64_t expect = 0, got = 0;
            for (size_t i = 0; i < n; i++)
                if (kind_of(ev[i].type) == (enum heap_kind)k && (double)ev[i].ns / 1e9 <= smp.time)
                    want = true, expect = ev[i].bytes;
            int has = heapline_exact_at(&cur, smp.time, &got, &err);
            CHECK(has == want);
            if (has > 0)
                CHECK(got == expect);
        }
        heapline_exact_end(&cur);
        store_cursor_free(sc);
    }
    /* --heap's rule (profile_heap_lines): shown on a time axis, not as
     * shares of each census */
    CHECK_INT(profile_heap_lines(&p, false), HEAP_LINES_SHOWN);
    CHECK_INT(profile_heap_lines(&p, true), HEAP_LINES_SHARES);
    profile_free(&p);
    struct parse_options by_index = { .heap = true, .x_index = true };
    if (CHECK(load_log(&p, name, &by_index)))
        CHECK_INT(profile_heap_lines(&p, false), HEAP_LINES_INDEX_AXIS);
    profile_free(&p);
    /* without --heap nothing is kept */
    if (CHECK(load_log(&p, name, NULL))) {
        CHECK(p.heap == NULL);
        CHECK_INT(profile_heap_lines(&p, false), HEAP_LINES_NONE);
    }
    profile_free(&p);
}

/* NAME.markers.txt (elgen.py markers): the texts in time order. */
static void check_marker_texts(const char *name)
{
    char path[4096], line[4096];
    snprintf(path, sizeof path, "%s/eventlog/%s.markers.txt", fixture_testdata(), name);
    FILE *f = fopen(path, "r");
    if (!CHECK(f != NULL))
        return;
    struct profile p;
    if (CHECK(load_log(&p, name, NULL))) {
        CHECK(p.mark_text != NULL);
        size_t i = 0;
        while (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\n")] = '\0';
            char *text = strchr(line, ' ');
            if (!CHECK(text && i < p.nmarks))
                break;
            *text++ = '\0';
            CHECK_NEAR(p.marks[i], strtod(line, NULL) / 1e9, 1e-12);
            CHECK_STR(p.mark_text[i], text);
            i++;
        }
        CHECK_INT(i, p.nmarks);
        profile_free(&p);
    }
    fclose(f);
}

static void test_heap(void)
{
    check_heap("heap-made", true);
    check_heap("newer-hT-heap", true);
    check_marker_texts("heap-made");
    check_marker_texts("newer-hT-heap");
    check_marker_texts("markers-hT");
    /* --marks=RE keeps the markers whose text matches */
    struct name_filter nf = { 0 };
    struct hp_error err;
    CHECK(name_filter_marks(&nf, "^phase [2-4]$", &err) == 0);
    struct parse_options po = { .marks = nf.marks };
    struct profile p;
    if (CHECK(load_log(&p, "newer-hT-heap", &po))) {
        CHECK_INT(p.nmarks, 3);
        for (size_t i = 0; i < p.nmarks; i++)
            CHECK(strncmp(p.mark_text[i], "phase ", 6) == 0);
        profile_free(&p);
    }
    name_filter_free(&nf);
    /* a .hp's MARK has no text: it matches only what matches "" */
    CHECK(name_filter_marks(&nf, "x", &err) == 0);
    po.marks = nf.marks;
    if (CHECK(load_log(&p, "markers-hT", &po)))
        CHECK_INT(p.nmarks, 0);
    profile_free(&p);
    name_filter_free(&nf);
    CHECK(name_filter_marks(&nf, "(", &err) < 0);
    CHECK(strstr(err.text, "--marks=(: bad regular expression") == err.text);
}

/* heapline.c's reduction on its own: a million events in a bounded
 * store, the extremes of each stretch kept, every point an event. */
static void test_heapline_reduction(void)
{
    struct heap_lines h = { 0 };
    uint64_t high = 0, low = UINT64_MAX;
    for (uint64_t i = 0; i < 1000000; i++) {
        uint64_t v = (i * 2654435761u) % 1000003u + 17;
        heaplines_add(&h, HEAP_SIZE, (double)i * 1e-3, v);
        high = v > high ? v : high;
        low = v < low ? v : low;
    }
    const struct heap_line *l = &h.line[HEAP_SIZE];
    CHECK_INT(l->events, 1000000);
    CHECK(heapline_max(l, 0, 1e9) == high);
    struct heap_point *q;
    size_t m = heapline_points(l, 0, 1e9, 1u << 20, &q);
    CHECK(m <= 4 * HEAPLINE_BUCKETS);
    uint64_t qlow = UINT64_MAX;
    for (size_t i = 0; i < m; i++) {
        uint64_t k = (uint64_t)llround(q[i].t * 1e3);
        CHECK(q[i].v == (k * 2654435761u) % 1000003u + 17); /* an event's own value */
        CHECK(i == 0 || q[i].t >= q[i - 1].t);
        qlow = q[i].v < qlow ? q[i].v : qlow;
    }
    CHECK(qlow == low);
    free(q);
    /* a window: the value in force before it, what is inside, and the
     * next event after it (the last value holds to its end) */
    m = heapline_points(l, 500.0, 600.0, 100, &q);
    CHECK(m > 2 && q[0].t < 500.0 && q[m - 1].t > 600.0);
    for (size_t i = 1; i + 1 < m; i++)
        CHECK(q[i].t >= 500.0 && q[i].t <= 600.0);
    CHECK(m <= 4 * 100 + 2);
    free(q);
    /* absurd input: times that are not numbers, beyond 2^64 ns */
    heaplines_add(&h, HEAP_LIVE, -1, 5);
    heaplines_add(&h, HEAP_LIVE, 0.0 / 0.0, 6);
    heaplines_add(&h, HEAP_LIVE, 1.8e19, UINT64_MAX);
    CHECK(heapline_max(&h.line[HEAP_LIVE], 0, 1e30) == UINT64_MAX);
    heaplines_free(&h);
}

/* heapline_exact_*: the value in force at times that only grow, exactly,
 * when the events come as the RTS writes them: blocks of each
 * capability's events (each in time order) interleaved out of time
 * order, many more than the reduction keeps, spilled to the temporary
 * file; equal times; a damaged run that goes back in time. */
static void test_heapline_exact(void)
{
    enum { CAPS = 3, EVENTS = 300000, BLOCK = 5000 };
    struct heap_lines h = { 0 };
    struct hp_error err;
    /* event i of cap c at time (i * CAPS + c) us, value a function of it;
     * blocks of BLOCK events, cap 2's blocks late by three blocks */
    size_t next[CAPS] = { 0 };
    bool ok = true;
    for (size_t round = 0; ok && round < EVENTS / BLOCK + 3; round++)
        for (size_t c = 0; c < CAPS; c++) {
            if (c == 2 && round < 3)
                continue;
            for (size_t j = 0; j < BLOCK && next[c] < EVENTS && ok; j++, next[c]++) {
                uint64_t when = next[c] * CAPS + c;
                ok = heaplines_keep(&h, HEAP_LIVE, (double)when * 1e-6,
                                    (when * 2654435761u) % 1000003u, &err)
                    == 0;
            }
        }
    CHECK(ok);
    const struct heap_line *l = &h.line[HEAP_LIVE];
    CHECK_INT(l->events, (uint64_t)CAPS * EVENTS);
    CHECK(l->nruns >= 2 && l->nruns <= CAPS);
    struct heapline_exact cur;
    heapline_exact_start(&cur, l);
    uint64_t v;
    CHECK(heapline_exact_at(&cur, -1, &v, &err) == 0); /* before any event */
    size_t bad = 0;
    for (uint64_t q = 0; q < (uint64_t)CAPS * EVENTS; q += 7) {
        /* between events, and on one */
        double t = ((double)q + (q % 2 ? 0.5 : 0)) * 1e-6;
        uint64_t when = q; /* the latest event at or before t */
        if (heapline_exact_at(&cur, t, &v, &err) != 1 || v != (when * 2654435761u) % 1000003u)
            bad++;
    }
    CHECK_INT(bad, 0);
    heapline_exact_end(&cur);
    heaplines_free(&h);

    /* the same time twice in one run: the later event counts */
    struct heap_lines g = { 0 };
    CHECK(heaplines_keep(&g, HEAP_SIZE, 1.0, 10, &err) == 0);
    CHECK(heaplines_keep(&g, HEAP_SIZE, 1.0, 20, &err) == 0);
    CHECK(heaplines_keep(&g, HEAP_SIZE, 2.0, 30, &err) == 0);
    heapline_exact_start(&cur, &g.line[HEAP_SIZE]);
    CHECK(heapline_exact_at(&cur, 1.5, &v, &err) == 1 && v == 20);
    CHECK(heapline_exact_at(&cur, 9, &v, &err) == 1 && v == 30);
    heapline_exact_end(&cur);
    heaplines_free(&g);

    /* a damaged log, back and forth in time past HEAPLINE_RUNS runs: no
     * crash, a value at or before every time asked */
    for (int i = 0; i < 100; i++)
        CHECK(heaplines_keep(&g, HEAP_BLOCKS, (double)(100 - i), (uint64_t)i, &err) == 0);
    CHECK(g.line[HEAP_BLOCKS].nruns == HEAPLINE_RUNS);
    heapline_exact_start(&cur, &g.line[HEAP_BLOCKS]);
    CHECK(heapline_exact_at(&cur, 0.5, &v, &err) == 0);
    CHECK(heapline_exact_at(&cur, 1000, &v, &err) == 1);
    heapline_exact_end(&cur);
    heaplines_free(&g);
}

int main(int argc, char **argv)
{
    /* The .hp files' DATE was written in UTC; a log's is UTC whatever the
     * zone the reader runs in. */
    setenv("TZ", "JST-9", 1);
    tzset();
    if (argc > 1) {
        int bad = 0;
        for (int i = 1; i < argc; i++) {
            bool ok = compare_pair(argv[i]);
            printf("%-60s %s\n", argv[i], ok ? "same" : "DIFFERENT");
            bad += !ok;
        }
        printf("%d logs, %d the same as their .hp, %d different\n", argc - 1, argc - 1 - bad, bad);
        return bad ? 1 : 0;
    }
    static const char *const pairs[] = {
        "tiny-hc",         "tiny-hb",        "markers-hT", "unicode-hr",
        "unicode-hc-L200", "wordfreq-hr-R2", "newer-hi",   "newer-hT-killed-flush",
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/eventlog/%s.eventlog", fixture_testdata(), pairs[i]);
        CHECK(compare_pair(path));
    }
    test_cuts();
    test_header_only();
    test_marks();
    test_stacks();
    test_window();
    test_ipe();
    test_killed();
    test_heap();
    test_heapline_reduction();
    test_heapline_exact();
    return check_report();
}

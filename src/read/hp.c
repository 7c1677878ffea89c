/* SPDX-License-Identifier: BSD-3-Clause */
/* read/hp.c: see read/hp.h.
 *
 * The input is read in large blocks into one buffer and cut into lines with
 * memchr; a line that straddles two blocks is moved to the front of the
 * buffer before the next read, so the buffer never holds more than one
 * line plus one block.  Each line is handled in place: the keyword is the
 * first field, and on a data line the value is scanned from the end of the
 * line backwards, so the name (the rest) needs no tokenising at all.
 *
 * Each data line's name is interned as soon as it is read, and the open
 * sample's entries are kept as (id, value) pairs; the sample is stored and
 * the totals counted only at END_SAMPLE.  A sample that never ends leaves
 * no trace in the profile: the names it added are forgotten again
 * (names_truncate), and it added nothing else.
 *
 * Speed: the RTS writes the names of a sample in much the same order
 * every time, so the parser remembers, for each name, which name followed
 * it last time, and first compares the line with that guess; only a miss
 * hashes the name.  A value is read with one pass over its digits.
 * fast_lines runs the usual line ("guessed name, one blank, up to 8
 * digits, newline") in a loop of its own, reading forward from the name
 * without looking for the newline first; whatever else it meets goes to
 * do_line and data_line, which hold every rule and word every message.
 *
 * A band name may hold newlines: the RTS writes it raw, so the line with
 * its first part has no value, and the value ends the line with its last
 * part.  A data line with no value therefore opens a name (str_kw is
 * KW_NAME, which also takes every line off the fast path), and the next
 * line decides: a line that ends in a whole number closes the name (its
 * parts joined with newlines), one with no value is another part, and
 * anything else (a keyword, a bad value, the end of the sample) makes the
 * first line the error it would have been alone, with the same message.
 * A joined name is a guess that the profile can disprove: if one of its
 * parts is a name of its own anywhere in the profile (MAIN, then
 * "(289)main 64", which is a value lost by hand-editing), the first line
 * was an error after all.  Parts seen before the join are checked there;
 * a part that turns up later as a new name is noted on the slow path
 * (name_id_miss) and reported at the end of its sample.
 *
 * Line handlers return P_OK, P_BAD (a syntax error in the line: ignored
 * when it is the unterminated last line of the input, which is a profile
 * cut off while it was being written) or P_HARD (always fatal).
 */
#include "read/hp.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "heapline.h"
#include "number.h"
#include "quote.h"
#include "read/builder.h"
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define HAVE_SSE2_SCAN 1
#endif

#define READ_BLOCK (256u * 1024u)
#define BUF_MAX    ((size_t)HP_MAX_LINE + READ_BLOCK) /* > one line with "\r\n" */

enum { P_OK = 0, P_BAD = -1, P_HARD = -2 };

/* KW_NAME is no keyword: it marks a band name open over several lines. */
enum keyword {
    KW_NONE,
    KW_JOB,
    KW_DATE,
    KW_SAMPLE_UNIT,
    KW_VALUE_UNIT,
    KW_MARK,
    KW_BEGIN,
    KW_END,
    KW_NAME
};

static const char *const keyword_name[] = {
    "", "JOB", "DATE", "SAMPLE_UNIT", "VALUE_UNIT", "MARK", "BEGIN_SAMPLE", "END_SAMPLE", "",
};

/* A sample's time as written, for a message that may never be said: its
 * first bytes, copied, and quoted only when a message needs them.  Every
 * sample's time quoted at once cost 2 % of a run at 150 MB.  QUOTE_BYTES
 * and one UTF-8 sequence more are all that quote_short looks at: it
 * quotes these as it would the whole (and cuts them with "..." alike). */
struct time_text {
    char text[QUOTE_BYTES + 4];
    size_t len;
};

struct parser {
    struct profile *p;
    struct hp_error *err;

    struct reader_input *in;
    char *buf;
    size_t cap, start, end; /* buf[start..end) not yet cut into lines */
    bool eof;
    size_t lineno; /* number of the current line */

    /* the profile, the open sample, --from, --to, --x=index (read/builder.h) */
    struct sample_builder b;
    struct time_text time_text; /* the open sample's time as written */
    struct time_text last_text; /* the time of the last completed sample, as written */

    /* succ[0]: the first name of the last sample; succ[id + 1]: the name
     * that followed name id the last time it was seen.  Each holds the
     * name's text and length as well as its id, so that checking a guess
     * takes one load less (this is the innermost loop).  An unknown
     * guess has len UINT32_MAX, which no name has.  GUESS_SLOW in len
     * keeps a name off fast_lines (guess_fast). */
    struct guess {
        const char *text;
        uint32_t len;
        uint32_t id;
    } * succ;
    size_t succ_cap;
    size_t next_at; /* the index in succ for the next data line */

    /* a quoted string (str_kw its keyword), or a band name (KW_NAME),
     * running over several lines: the text so far, from line str_line */
    enum keyword str_kw; /* KW_NONE when none is open */
    size_t str_line;
    char *str;
    size_t str_len, str_cap;

    /* Names read over several lines, each kept once: the line and text of
     * its first part (to word the error if the join is disproved), and
     * each of its parts (trimmed) -> its index in joined. */
    struct joined {
        size_t line;
        char *first;
        size_t first_len;
    } * joined;
    size_t njoined, joined_cap;
    struct names parts;
    uint32_t *part_of;
    size_t part_of_cap;
    size_t disproved; /* 1 + the index in joined of a disproved join, or 0 */

    char *scratch;
    size_t scratch_cap;

    const atomic_bool *cancel; /* a part's parser: stop when it is set */
};

#define GUESS_SLOW 0x80000000u /* above every length (HP_MAX_LINE) */

/* ' ', '\t', '\r', '\v', '\f': one table lookup in the hot loops. */
static const bool ws_table[256] = {
    [' '] = true, ['\t'] = true, ['\r'] = true, ['\v'] = true, ['\f'] = true,
};

static inline bool is_ws(unsigned char c)
{
    return ws_table[c];
}

static inline bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static void *grow_to(void *p, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap : first;
    while (n < need)
        n *= 2;
    *cap = n;
    return xreallocarray(p, n, size);
}

/* ---- errors ---- */

static int bad(struct parser *ps, const char *fmt, ...) HP_PRINTF(2, 3);
static int bad_at(struct parser *ps, size_t line, const char *fmt, ...) HP_PRINTF(3, 4);

static int vbad_at(struct parser *ps, size_t line, const char *fmt, va_list ap)
{
    char what[HP_ERROR_MAX];
    vsnprintf(what, sizeof what, fmt, ap);
    hp_fail(ps->err, "%s:%zu: %s", ps->p->source, line, what);
    return P_BAD;
}

/* "SOURCE:LINE: " followed by the formatted text; returns P_BAD. */
static int bad(struct parser *ps, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vbad_at(ps, ps->lineno, fmt, ap);
    va_end(ap);
    return rc;
}

/* The same about an earlier line. */
static int bad_at(struct parser *ps, size_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vbad_at(ps, line, fmt, ap);
    va_end(ap);
    return rc;
}

/* ---- numbers ---- */

/* ---- header strings ---- */

static char **header_field(struct profile *p, enum keyword kw)
{
    switch (kw) {
    case KW_JOB:
        return &p->job;
    case KW_DATE:
        return &p->date;
    case KW_SAMPLE_UNIT:
        return &p->sample_unit;
    default:
        return &p->value_unit;
    }
}

/* Set a header string from its raw text: "" stands for ", and NUL bytes
 * become U+FFFD so that the string stays a C string. */
static void set_header(struct parser *ps, enum keyword kw, const char *s, size_t n)
{
    size_t nuls = 0;
    for (const char *z = s; (z = memchr(z, '\0', (size_t)(s + n - z))) != NULL; z++)
        nuls++;
    char *out = xmalloc(n + 2 * nuls + 1), *o = out;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"' && i + 1 < n && s[i + 1] == '"') {
            *o++ = '"';
            i++;
        } else if (s[i] == '\0') {
            memcpy(o, "\xEF\xBF\xBD", 3);
            o += 3;
        } else
            *o++ = s[i];
    }
    *o = '\0';
    char **field = header_field(ps->p, kw);
    free(*field);
    *field = out;
}

static const char *last_quote(const char *s, const char *e)
{
    while (e > s)
        if (*--e == '"')
            return e;
    return NULL;
}

static bool only_ws(const char *s, const char *e)
{
    while (s < e && is_ws((unsigned char)*s))
        s++;
    return s == e;
}

static int trailing_text(struct parser *ps, enum keyword kw, const char *s, const char *e)
{
    while (s < e && is_ws((unsigned char)*s))
        s++;
    while (e > s && is_ws((unsigned char)e[-1]))
        e--;
    char q[QUOTE_MAX];
    quote_short(q, s, (size_t)(e - s));
    return bad(ps, "unexpected text '%s' after the %s string", q, keyword_name[kw]);
}

static int str_append(struct parser *ps, const char *s, size_t n, bool newline)
{
    size_t need = ps->str_len + n + (newline ? 1 : 0);
    if (need > HP_MAX_LINE)
        return bad(ps, "quoted string longer than %u bytes", HP_MAX_LINE);
    ps->str = grow_to(ps->str, &ps->str_cap, need, 1, 256);
    memcpy(ps->str + ps->str_len, s, n);
    ps->str_len += n;
    if (newline)
        ps->str[ps->str_len++] = '\n';
    return P_OK;
}

/* A header keyword; s..e is the line after the keyword. */
static int header_line(struct parser *ps, enum keyword kw, const char *s, const char *e, bool last)
{
    while (s < e && is_ws((unsigned char)*s))
        s++;
    if (s == e || *s != '"')
        return bad(ps, "%s must be followed by a quoted string", keyword_name[kw]);
    const char *q = last_quote(s + 1, e);
    if (q) {
        if (!only_ws(q + 1, e))
            return trailing_text(ps, kw, q + 1, e);
        set_header(ps, kw, s + 1, (size_t)(q - s - 1));
        return P_OK;
    }
    if (last) /* the input ends inside the string */
        return bad(ps, "end of file inside a quoted string (opened on line %zu)", ps->lineno);
    ps->str_len = 0;
    int rc = str_append(ps, s + 1, (size_t)(e - s - 1), true);
    if (rc != P_OK)
        return rc;
    ps->str_kw = kw;
    ps->str_line = ps->lineno;
    return P_OK;
}

/* A line inside a string that runs over several lines. */
static int string_line(struct parser *ps, const char *s, const char *e)
{
    const char *q = last_quote(s, e);
    if (!q)
        return str_append(ps, s, (size_t)(e - s), true);
    if (!only_ws(q + 1, e))
        return trailing_text(ps, ps->str_kw, q + 1, e);
    int rc = str_append(ps, s, (size_t)(q - s), false);
    if (rc != P_OK)
        return rc;
    set_header(ps, ps->str_kw, ps->str, ps->str_len);
    ps->str_kw = KW_NONE;
    return P_OK;
}

/* ---- samples ---- */

/* MARK or BEGIN_SAMPLE: the time after the keyword. */
static int time_arg(struct parser *ps, enum keyword kw, const char *s, const char *e, double *t)
{
    while (s < e && is_ws((unsigned char)*s))
        s++;
    while (e > s && is_ws((unsigned char)e[-1]))
        e--;
    if (s == e)
        return bad(ps, "%s must be followed by a time (a non-negative number)", keyword_name[kw]);
    if (!number_read(s, (size_t)(e - s), true, t)) {
        char q[QUOTE_MAX];
        quote_short(q, s, (size_t)(e - s));
        return bad(ps, "%s must be followed by a time (a non-negative number), not '%s'",
                   keyword_name[kw], q);
    }
    return P_OK;
}

static int mark_line(struct parser *ps, const char *s, const char *e)
{
    double t;
    int rc = time_arg(ps, KW_MARK, s, e, &t);
    if (rc != P_OK)
        return rc;
    builder_mark(&ps->b, t);
    return P_OK;
}

static int begin_line(struct parser *ps, const char *s, const char *e)
{
    double t;
    int rc = time_arg(ps, KW_BEGIN, s, e, &t);
    if (rc != P_OK)
        return rc;
    if (ps->b.in_sample)
        return bad(ps, "BEGIN_SAMPLE inside a sample (END_SAMPLE missing)");
    while (is_ws((unsigned char)*s))
        s++;
    while (is_ws((unsigned char)e[-1]))
        e--;
    size_t n = (size_t)(e - s);
    /* Every sample is checked, also one outside the --from/--to window. */
    if (ps->b.nseen > 0 && t < ps->b.last_seen) {
        char q[QUOTE_MAX], was[QUOTE_MAX];
        quote_short(q, s, n);
        quote_short(was, ps->last_text.text, ps->last_text.len);
        return bad(ps, "samples out of sequence: time %s is before the previous sample's time %s",
                   q, was);
    }
    ps->time_text.len = n < sizeof ps->time_text.text ? n : sizeof ps->time_text.text;
    memcpy(ps->time_text.text, s, ps->time_text.len);
    builder_begin(&ps->b, t);
    ps->next_at = 0;
    return P_OK;
}

static int disproved(struct parser *ps);

static int end_line(struct parser *ps)
{
    if (!ps->b.in_sample)
        return bad(ps, "END_SAMPLE without BEGIN_SAMPLE");
    if (ps->disproved)
        return disproved(ps);
    ps->last_text = ps->time_text;
    return builder_end(&ps->b, ps->err) < 0 ? P_HARD : P_OK;
}

/* Is v[0..n) "[+]digits"? */
static bool all_digits(const char *v, size_t n)
{
    size_t i = n && v[0] == '+' ? 1 : 0;
    if (i == n)
        return false;
    for (; i < n; i++)
        if (!is_digit((unsigned char)v[i]))
            return false;
    return true;
}

/* The id of the name s[0..len) of the next data line of the open sample,
 * interned if new.  NUL bytes become U+FFFD, so that names stay C
 * strings; a stored name never holds a NUL, so a name that matches the
 * guess byte for byte needs no such check. */
/* Room in succ for every name (name_id indexes it by id + 1); new
 * entries hold the unknown guess. */
static void succ_cover(struct parser *ps)
{
    size_t need = ps->p->names.count + 1;
    if (need > ps->succ_cap) {
        size_t old = ps->succ_cap;
        ps->succ = grow_to(ps->succ, &ps->succ_cap, need, sizeof *ps->succ, 256);
        memset(ps->succ + old, 0xff, (ps->succ_cap - old) * sizeof *ps->succ);
    }
}

static enum keyword keyword_of(const char *s, size_t n);

/* May fast_lines take the name t[0..n) when it is guessed?  Only if a
 * line of it, one blank and a value would reach data_line as it is: no
 * newline in it (a joined name is two lines of input), no blank at
 * either end (the general path trims them), a first field that is no
 * keyword, and a line of it with 8 digits not too long. */
static bool guess_fast(const char *t, size_t n)
{
    if (n == 0 || n > HP_MAX_LINE - 16 || is_ws((unsigned char)t[0])
        || is_ws((unsigned char)t[n - 1]) || memchr(t, '\n', n))
        return false;
    size_t f = 0;
    while (f < n && !is_ws((unsigned char)t[f]))
        f++;
    return keyword_of(t, f) == KW_NONE;
}

static HP_NOINLINE uint32_t name_id_miss(struct parser *ps, size_t at, const char *s, size_t len)
{
    struct names *names = &ps->p->names;
    if (memchr(s, '\0', len)) {
        size_t nuls = 0;
        for (const char *z = s; (z = memchr(z, '\0', (size_t)(s + len - z))) != NULL; z++)
            nuls++;
        ps->scratch = grow_to(ps->scratch, &ps->scratch_cap, len + 2 * nuls, 1, 256);
        char *o = ps->scratch;
        for (const char *z = s; z < s + len; z++) {
            if (*z) {
                *o++ = *z;
            } else {
                memcpy(o, "\xEF\xBF\xBD", 3);
                o += 3;
            }
        }
        s = ps->scratch;
        len += 2 * nuls;
    }
    size_t before = names->count;
    uint32_t id = names_intern(names, s, len);
    if (names->count > before && ps->parts.count && !ps->disproved) {
        /* a new name that is a part of a joined one: the join was wrong */
        int64_t part = names_find(&ps->parts, s, len);
        if (part >= 0)
            ps->disproved = (size_t)ps->part_of[part] + 1;
    }
    succ_cover(ps);
    const struct name_info *ni = &names->info[id];
    ps->succ[at].text = ni->text;
    ps->succ[at].len = ni->len < GUESS_SLOW ? (uint32_t)ni->len : GUESS_SLOW - 1;
    if (!guess_fast(ni->text, ni->len))
        ps->succ[at].len |= GUESS_SLOW;
    ps->succ[at].id = id;
    return id;
}

static inline uint32_t name_id(struct parser *ps, const char *s, size_t len)
{
    size_t at = ps->next_at;
    const struct guess *g = &ps->succ[at];
    uint32_t id = (g->len & ~GUESS_SLOW) == len && same_bytes(g->text, s, len)
        ? g->id
        : name_id_miss(ps, at, s, len);
    ps->next_at = (size_t)id + 1;
    return id;
}

/* Append (id, value) to the open sample. */
static HP_ALWAYS_INLINE int add_entry(struct parser *ps, const char *name, size_t nlen,
                                      int64_t value)
{
    if (ps->b.npend == UINT32_MAX)
        return bad(ps, "more than %lu data lines in one sample", (unsigned long)UINT32_MAX);
    builder_add(&ps->b, name_id(ps, name, nlen), value);
    return P_OK;
}

/* A data line split: the value is the last field, the name the rest. */
struct fields {
    const char *name, *v;
    size_t nlen, vlen;
};

/* s..e: a line with a non-blank byte at s.  The name is trimmed at its
 * end; it starts at s (leading white space was skipped or belongs to it). */
static void split_fields(const char *s, const char *e, struct fields *f)
{
    while (is_ws((unsigned char)e[-1])) /* the line has a non-space byte */
        e--;
    const char *v = e;
    while (v > s && !is_ws((unsigned char)v[-1]))
        v--;
    const char *ne = v;
    while (ne > s && is_ws((unsigned char)ne[-1]))
        ne--;
    f->name = s, f->nlen = (size_t)(ne - s);
    f->v = v, f->vlen = (size_t)(e - v);
}

/* The value: [+]digits, at most INT64_MAX. */
static bool whole_number(const char *v, size_t n, int64_t *out)
{
    if (!all_digits(v, n))
        return false;
    int64_t value = 0;
    for (const char *c = v + (*v == '+'); c < v + n; c++) {
        int64_t digit = *c - '0';
        if (value > (INT64_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    *out = value;
    return true;
}

/* Does the line have no value at all, rather than a bad one?  Either a
 * single field that is not a number, or a last field that does not start
 * like a number ([+-][.]digit): such a line may hold the first part of a
 * name with a newline in it. */
static bool lacks_value(const struct fields *f)
{
    if (f->nlen == 0)
        return !all_digits(f->v, f->vlen);
    size_t i = 0;
    if (i < f->vlen && (f->v[i] == '+' || f->v[i] == '-'))
        i++;
    if (i < f->vlen && f->v[i] == '.')
        i++;
    return !(i < f->vlen && is_digit((unsigned char)f->v[i]));
}

/* What is wrong with the data line s..e that had no valid value, said
 * about line `line`. */
static int data_error(struct parser *ps, size_t line, const char *s, const char *e)
{
    struct fields f;
    split_fields(s, e, &f);
    char qn[QUOTE_MAX], qv[QUOTE_MAX];
    quote_short(qv, f.v, f.vlen);
    if (f.nlen == 0) {
        if (all_digits(f.v, f.vlen))
            return bad_at(ps, line, "value %s has no name", qv);
        return bad_at(ps, line, "%s has no value", qv);
    }
    quote_short(qn, f.name, f.nlen);
    if (all_digits(f.v, f.vlen))
        return bad_at(ps, line, "value %s for %s is larger than %lld", qv, qn,
                      (long long)INT64_MAX);
    if (f.vlen > 1 && f.v[0] == '-' && is_digit((unsigned char)f.v[1])
        && all_digits(f.v + 1, f.vlen - 1))
        return bad_at(ps, line, "negative value %s for %s", qv, qn);
    return bad_at(ps, line, "value '%s' for %s is not a whole number", qv, qn);
}

/* ---- names over several lines ---- */

static enum keyword keyword_of(const char *s, size_t n);

/* Add "\n" (unless first) and s..e to the open name. */
static int name_append(struct parser *ps, const char *s, const char *e, bool first)
{
    size_t n = (size_t)(e - s), need = ps->str_len + n + (first ? 0 : 1);
    if (need > HP_MAX_LINE)
        return bad(ps, "a name over several lines longer than %u bytes", HP_MAX_LINE);
    ps->str = grow_to(ps->str, &ps->str_cap, need, 1, 256);
    if (!first)
        ps->str[ps->str_len++] = '\n';
    memcpy(ps->str + ps->str_len, s, n);
    ps->str_len += n;
    return P_OK;
}

/* A data line with no value, s..e without leading white space: perhaps
 * the first part of a name with newlines; the lines after it decide. */
static int name_open(struct parser *ps, const char *s, const char *e)
{
    ps->str_len = 0;
    int rc = name_append(ps, s, e, true);
    if (rc != P_OK)
        return rc;
    ps->str_kw = KW_NAME;
    ps->str_line = ps->lineno;
    return P_OK;
}

/* The open name is no name: its first line is the error it is alone. */
static int name_refused(struct parser *ps, int rc)
{
    ps->str_kw = KW_NONE;
    const char *nl = memchr(ps->str, '\n', ps->str_len);
    data_error(ps, ps->str_line, ps->str, nl ? nl : ps->str + ps->str_len);
    return rc;
}

/* Each newline-separated part of name[0..len), trimmed and not empty. */
static bool next_part(const char **at, const char *end, const char **part, size_t *plen)
{
    while (*at < end) {
        const char *s = *at, *e = memchr(s, '\n', (size_t)(end - s));
        if (!e)
            e = end;
        *at = e + 1;
        while (s < e && is_ws((unsigned char)*s))
            s++;
        while (e > s && is_ws((unsigned char)e[-1]))
            e--;
        if (s < e) {
            *part = s;
            *plen = (size_t)(e - s);
            return true;
        }
    }
    return false;
}

/* A new joined name: keep its first line and text, and its parts. */
static void remember_join(struct parser *ps, const char *name, size_t len)
{
    const char *nl = memchr(name, '\n', len);
    size_t first_len = (size_t)(nl - name);
    ps->joined = grow_to(ps->joined, &ps->joined_cap, ps->njoined + 1, sizeof *ps->joined, 16);
    ps->joined[ps->njoined] = (struct joined){ ps->str_line, xmemdup0(name, first_len), first_len };
    if (!ps->parts.slots)
        names_init(&ps->parts);
    const char *at = name, *part;
    size_t plen;
    while (next_part(&at, name + len, &part, &plen)) {
        size_t before = ps->parts.count;
        uint32_t id = names_intern(&ps->parts, part, plen);
        if (ps->parts.count > before) {
            ps->part_of =
                grow_to(ps->part_of, &ps->part_of_cap, ps->parts.count, sizeof *ps->part_of, 16);
            ps->part_of[id] = (uint32_t)ps->njoined;
        }
    }
    ps->njoined++;
}

/* The open name ends with s..ne, and has this value. */
static int name_close(struct parser *ps, const char *s, const char *ne, int64_t value)
{
    int rc = name_append(ps, s, ne, false);
    if (rc != P_OK)
        return rc;
    const char *name = ps->str, *at = name, *part;
    size_t len = ps->str_len, plen;
    /* A part that is a name of its own: a line lost its value. */
    while (next_part(&at, name + len, &part, &plen))
        if (names_find(&ps->p->names, part, plen) >= 0)
            return name_refused(ps, P_HARD);
    ps->str_kw = KW_NONE;
    size_t before = ps->p->names.count;
    rc = add_entry(ps, name, len, value);
    if (rc == P_OK && ps->p->names.count > before && ps->njoined < UINT32_MAX)
        remember_join(ps, name, len); /* once per name, not per sample */
    return rc;
}

/* A line while a name is open: s..e is the whole line, its leading white
 * space included (it belongs to the name). */
static int name_line(struct parser *ps, const char *s, const char *e, bool last)
{
    const char *t = s;
    while (t < e && is_ws((unsigned char)*t))
        t++;
    if (t == e) /* a blank line: an empty part */
        return name_append(ps, s, e, false);
    const char *f = t;
    while (f < e && !is_ws((unsigned char)*f))
        f++;
    if (keyword_of(t, (size_t)(f - t)) != KW_NONE)
        return name_refused(ps, P_HARD);
    struct fields fl;
    split_fields(s, e, &fl);
    int64_t value;
    if (whole_number(fl.v, fl.vlen, &value))
        return name_close(ps, s, fl.name + fl.nlen, value);
    if (lacks_value(&fl))
        return name_append(ps, s, e, false);
    /* A bad value: on a cut last line the open sample just goes. */
    return name_refused(ps, last ? P_BAD : P_HARD);
}

/* A part of a joined name turned up as a name of its own (name_id_miss):
 * the join was wrong, and its first line is an error. */
static int disproved(struct parser *ps)
{
    const struct joined *j = &ps->joined[ps->disproved - 1];
    data_error(ps, j->line, j->first, j->first + j->first_len);
    return P_HARD;
}

/* What a file is when it is not a heap profile, told by how its first
 * line begins: hp2ps's own outputs given back to it, and a newcomer's
 * first mistakes.  Each says what to give instead.  "{-" comes before
 * "{": a Haskell comment, not JSON. */
static const struct {
    const char *start;
    const char *what;
} not_profiles[] = {
    { "%!PS",
      "a PostScript drawing (as this program and GHC's hp2ps draw by default), not a "
      "heap profile; give the .hp or .eventlog it was drawn from" },
    { "%PDF-",
      "a PDF drawing (-o FILE.pdf draws one), not a heap profile; give the .hp or "
      ".eventlog it was drawn from" },
    { "\x89PNG",
      "a PNG picture (-o FILE.png draws one), not a heap profile; give the .hp or "
      ".eventlog it was drawn from" },
    { "<?xml",
      "an SVG drawing or other XML (-o FILE.svg draws SVG), not a heap profile; give "
      "the .hp or .eventlog it was drawn from" },
    { "<svg",
      "an SVG drawing (-o FILE.svg draws one), not a heap profile; give the .hp or "
      ".eventlog it was drawn from" },
    { "<!DOCTYPE html",
      "an HTML page (-o FILE.html writes one), not a heap profile; give the .hp "
      "or .eventlog it was drawn from" },
    { "<!doctype html",
      "an HTML page, not a heap profile; give the .hp or .eventlog it was drawn "
      "from" },
    { "<html", "an HTML page, not a heap profile; give the .hp or .eventlog it was drawn from" },
    { "time,",
      "a CSV table (-o FILE.csv exports one), not a heap profile; give the .hp or "
      ".eventlog it came from" },
    { "band,",
      "a CSV table (-o FILE.csv exports one), not a heap profile; give the .hp or "
      ".eventlog it came from" },
    { "module ",
      "Haskell source, not a heap profile; build the program (ghc -rtsopts), run it "
      "with +RTS -hT (or -hc, -hy with -prof) and give the PROGRAM.hp it writes" },
    { "import ",
      "Haskell source, not a heap profile; build the program (ghc -rtsopts), run it "
      "with +RTS -hT (or -hc, -hy with -prof) and give the PROGRAM.hp it writes" },
    { "{-",
      "Haskell source, not a heap profile; build the program (ghc -rtsopts), run it with "
      "+RTS -hT (or -hc, -hy with -prof) and give the PROGRAM.hp it writes" },
    { "-- ",
      "Haskell source, not a heap profile; build the program (ghc -rtsopts), run it with "
      "+RTS -hT (or -hc, -hy with -prof) and give the PROGRAM.hp it writes" },
    { "{",
      "JSON (-o FILE.json exports it), not a heap profile; give the .hp or .eventlog it "
      "came from" },
};

/* A first line that says what the file is when it is not a heap profile:
 * what to give instead, or NULL. */
static const char *not_a_heap_profile(const char *s, const char *e)
{
    static const char bom[] = "\xef\xbb\xbf";
    if ((size_t)(e - s) >= 3 && memcmp(s, bom, 3) == 0)
        s += 3;
    static const char report[] = "Profiling Report";
    for (const char *p = s; p + sizeof report - 1 <= e; p++)
        if (memcmp(p, report, sizeof report - 1) == 0)
            return "a time profile (+RTS -p, PROGRAM.prof), not a heap profile; heap "
                   "profiles come from +RTS -hT (or -hc, -hy with -prof) and end in .hp";
    static const char *const aux[] = { "X_RANGE ", "Y_RANGE ", "ORDER ", "SHADE " };
    for (size_t i = 0; i < sizeof aux / sizeof *aux; i++)
        if ((size_t)(e - s) > strlen(aux[i]) && memcmp(s, aux[i], strlen(aux[i])) == 0)
            return "hp2ps's .aux file (the scales and order it saved), not a profile; "
                   "give the .hp beside it";
    for (size_t i = 0; i < sizeof not_profiles / sizeof *not_profiles; i++) {
        size_t n = strlen(not_profiles[i].start);
        if ((size_t)(e - s) >= n && memcmp(s, not_profiles[i].start, n) == 0)
            return not_profiles[i].what;
    }
    return NULL;
}

/* A data line, every case: s..e is the whole line without leading white
 * space. */
static HP_NOINLINE int data_line_general(struct parser *ps, const char *s, const char *e)
{
    if (!ps->b.in_sample) {
        const char *what = ps->lineno <= 2 ? not_a_heap_profile(s, e) : NULL;
        if (what)
            return bad(ps, "%s", what);
        return bad(ps, "data line outside a sample (no BEGIN_SAMPLE before it)");
    }
    struct fields f;
    split_fields(s, e, &f);
    int64_t value;
    if (f.nlen > 0 && whole_number(f.v, f.vlen, &value))
        return add_entry(ps, f.name, f.nlen, value);
    if (lacks_value(&f))
        return name_open(ps, s, e);
    return data_error(ps, ps->lineno, s, e);
}

/* A data line: s..e is the whole line without leading white space.  The
 * fast path takes the line every profile is made of, "name<ws>digits"
 * inside a sample with at most 18 digits (no overflow possible), reading
 * the digits backwards from the end; anything else goes the general way,
 * which also words the errors. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__                           \
    && !defined HP2PS_POSIX_ONLY
#define HAVE_SWAR_DIGITS 1
/* The digits that end the 8 bytes of w (little-endian: the last byte is
 * the line's last): how many (0 to 8) and, in *value, their number.  A
 * byte is a digit when its high nibble is 3 both as it is and plus 6; the
 * sum may carry into the next byte only from a byte of 0xFA or more, and
 * then makes that byte look like no digit, never the reverse: a run found
 * too short leaves a digit before it, which sends the line the general
 * way.  The digits found are converted eight at a time with three
 * multiplications, the bytes before them standing for leading zeros. */
static inline unsigned trailing_digits(uint64_t w, uint64_t *value)
{
    const uint64_t high = 0xF0F0F0F0F0F0F0F0u, zeros = 0x3030303030303030u;
    uint64_t not_digit = ((w & high) ^ zeros) | (((w + 0x0606060606060606u) & high) ^ zeros);
    unsigned n = not_digit ? (unsigned)__builtin_clzll(not_digit) / 8 : 8;
    uint64_t keep = n ? ~(uint64_t)0 << (64 - 8 * n) : 0; /* the digits' bytes */
    uint64_t x = (w & keep) | (zeros & ~keep);
    x = (x & 0x0F0F0F0F0F0F0F0Fu) * 2561 >> 8;
    x = (x & 0x00FF00FF00FF00FFu) * 6553601 >> 16;
    *value = (x & 0x0000FFFF0000FFFFu) * 42949672960001u >> 32;
    return n;
}
#endif

static HP_ALWAYS_INLINE int data_line(struct parser *ps, const char *s, const char *e)
{
    const char *v = e;
    uint64_t value = 0;
    unsigned nd = 0;
#ifdef HAVE_SWAR_DIGITS
    if (e - s > 8) { /* the last 8 bytes at once; more digits one by one below */
        uint64_t w;
        memcpy(&w, e - 8, 8);
        nd = trailing_digits(w, &value);
        v = e - nd;
        if (nd < 8)
            goto digits_done;
    }
#endif
    while (v > s && nd < 18) {
        unsigned digit = (unsigned)(unsigned char)v[-1] - '0';
        if (digit > 9)
            break;
        value += digit * number_pow10[nd++];
        v--;
    }
#ifdef HAVE_SWAR_DIGITS
digits_done:;
#endif
    const char *ne = v;
    while (ne > s && is_ws((unsigned char)ne[-1]))
        ne--;
    if (nd == 0 || ne == v || ne == s || !ps->b.in_sample)
        return data_line_general(ps, s, e);
    return add_entry(ps, s, (size_t)(ne - s), (int64_t)value);
}

/* The digits that start the 8 bytes of w (q[0..8), loaded little-endian):
 * how many (0 to 8) and, in *value, their number.  As trailing_digits,
 * but the first byte that is no digit ends the run; a byte's carry goes
 * only into the byte after it, so the run is found exactly. */
#ifdef HAVE_SWAR_DIGITS
static inline unsigned leading_digits(uint64_t w, uint64_t *value)
{
    const uint64_t high = 0xF0F0F0F0F0F0F0F0u, zeros = 0x3030303030303030u;
    uint64_t not_digit = ((w & high) ^ zeros) | (((w + 0x0606060606060606u) & high) ^ zeros);
    unsigned n = not_digit ? (unsigned)__builtin_ctzll(not_digit) / 8 : 8;
    if (n == 0)
        return 0;
    /* the last digit into the top byte, zeros before the first */
    uint64_t x = (w << (64 - 8 * n)) & 0x0F0F0F0F0F0F0F0Fu;
    x = x * 2561 >> 8;
    x = (x & 0x00FF00FF00FF00FFu) * 6553601 >> 16;
    *value = (x & 0x0000FFFF0000FFFFu) * 42949672960001u >> 32;
    return n;
}
#endif

/* The lines every profile is made of, from buf[start]: "NAME<blank>DIGITS\n"
 * where NAME is the guessed name (the one that followed the previous
 * line's name last time), the blank one ' ' or '\t' and DIGITS 1 to 8
 * digits.  Such a line is one that data_line would take the same way
 * (guess_fast says which names may be guessed here), so nothing but the
 * entry, the line count and the next guess changes.  Stops, leaving
 * ps->start at it, at the first line that is anything else, and 9 bytes
 * after the blank must be in the buffer: the loads never pass ps->end,
 * and the general path reads what is near it.  Call with a sample open
 * and no name open. */
static HP_ALWAYS_INLINE void fast_lines(struct parser *ps)
{
    const char *p = ps->buf + ps->start, *end = ps->buf + ps->end;
    const struct guess *succ = ps->succ;
    struct sample_builder *b = &ps->b;
    size_t at = ps->next_at, lines = 0;
    for (;;) {
        const struct guess *g = &succ[at];
        uint32_t len = g->len; /* GUESS_SLOW: unknown, or not for here */
        if ((len & GUESS_SLOW) || (size_t)(end - p) < (size_t)len + 10
            || !same_bytes(g->text, p, len) || (p[len] != '\t' && p[len] != ' '))
            break;
        const char *q = p + len + 1; /* q[0..9) is in the buffer */
        uint64_t value;
        unsigned n;
#ifdef HAVE_SWAR_DIGITS
        uint64_t w;
        memcpy(&w, q, 8);
        n = leading_digits(w, &value);
#else
        value = 0;
        for (n = 0; n < 8 && is_digit((unsigned char)q[n]); n++)
            value = value * 10 + (unsigned)(q[n] - '0');
#endif
        if (n == 0 || q[n] != '\n' || b->npend == UINT32_MAX)
            break;
        builder_add(b, g->id, (int64_t)value);
        at = (size_t)g->id + 1;
        p = q + n + 1;
        lines++;
    }
    ps->start = (size_t)(p - ps->buf);
    ps->next_at = at;
    ps->lineno += lines;
}

/* ---- lines ---- */

static enum keyword keyword_of(const char *s, size_t n)
{
    switch (n) {
    case 3:
        return memcmp(s, "JOB", 3) == 0 ? KW_JOB : KW_NONE;
    case 4:
        return memcmp(s, "DATE", 4) == 0 ? KW_DATE : memcmp(s, "MARK", 4) == 0 ? KW_MARK : KW_NONE;
    case 10:
        return memcmp(s, "END_SAMPLE", 10) == 0 ? KW_END
            : memcmp(s, "VALUE_UNIT", 10) == 0  ? KW_VALUE_UNIT
                                                : KW_NONE;
    case 11:
        return memcmp(s, "SAMPLE_UNIT", 11) == 0 ? KW_SAMPLE_UNIT : KW_NONE;
    case 12:
        return memcmp(s, "BEGIN_SAMPLE", 12) == 0 ? KW_BEGIN : KW_NONE;
    default:
        return KW_NONE;
    }
}

/* Bytes a data line may start with that no keyword and no blank starts
 * with: such a line is a data line whatever follows. */
static const bool plain_data_start[256] = {
    ['('] = true, ['<'] = true, ['_'] = true, ['0'] = true, ['1'] = true, ['2'] = true,
    ['3'] = true, ['4'] = true, ['5'] = true, ['6'] = true, ['7'] = true, ['8'] = true,
    ['9'] = true, ['a'] = true, ['b'] = true, ['c'] = true, ['d'] = true, ['e'] = true,
    ['f'] = true, ['g'] = true, ['h'] = true, ['i'] = true, ['j'] = true, ['k'] = true,
    ['l'] = true, ['m'] = true, ['n'] = true, ['o'] = true, ['p'] = true, ['q'] = true,
    ['r'] = true, ['s'] = true, ['t'] = true, ['u'] = true, ['v'] = true, ['w'] = true,
    ['x'] = true, ['y'] = true, ['z'] = true, ['A'] = true, ['C'] = true, ['F'] = true,
    ['G'] = true, ['H'] = true, ['I'] = true, ['K'] = true, ['L'] = true, ['N'] = true,
    ['O'] = true, ['P'] = true, ['Q'] = true, ['R'] = true, ['T'] = true, ['U'] = true,
    ['W'] = true, ['X'] = true, ['Y'] = true, ['Z'] = true, [':'] = true, ['['] = true,
};

/* One line, without its "\n" or "\r\n".  last: the unterminated last line. */
static int do_line(struct parser *ps, const char *s, size_t len, bool last)
{
    const char *e = s + len;
    ps->lineno++;
    if (ps->str_kw == KW_NAME)
        return name_line(ps, s, e, last);
    if (ps->str_kw != KW_NONE)
        return string_line(ps, s, e);
    while (s < e && is_ws((unsigned char)*s))
        s++;
    if (s == e)
        return P_OK;
    switch (*s) {
    case 'B':
    case 'D':
    case 'E':
    case 'J':
    case 'M':
    case 'S':
    case 'V': {
        const char *f = s;
        while (f < e && !is_ws((unsigned char)*f))
            f++;
        enum keyword kw = keyword_of(s, (size_t)(f - s));
        switch (kw) {
        case KW_NONE:
            break;
        case KW_MARK:
            return mark_line(ps, f, e);
        case KW_BEGIN:
            return begin_line(ps, f, e);
        case KW_END:
            return end_line(ps);
        default:
            return header_line(ps, kw, f, e, last);
        }
        break;
    }
    default:
        break;
    }
    return data_line(ps, s, e);
}

static int too_long(struct parser *ps)
{
    ps->lineno++;
    bad(ps, "line longer than %u bytes", HP_MAX_LINE);
    return -1;
}

/* Move the unread part to the front of the buffer, grow it if it is full,
 * and add the next block of input.  Sets eof at the end of the input. */
static int fill(struct parser *ps)
{
    if (ps->cancel && atomic_load_explicit(ps->cancel, memory_order_relaxed))
        return hp_fail(ps->err, "%s: cancelled", ps->p->source);
    if (ps->start > 0) {
        memmove(ps->buf, ps->buf + ps->start, ps->end - ps->start);
        ps->end -= ps->start;
        ps->start = 0;
    }
    if (ps->end == ps->cap) {
        size_t cap = ps->cap * 2 < BUF_MAX ? ps->cap * 2 : BUF_MAX;
        ps->buf = xrealloc(ps->buf, cap);
        ps->cap = cap;
    }
    ssize_t r =
        reader_input_read(ps->in, ps->buf + ps->end, ps->cap - ps->end, ps->p->source, ps->err);
    if (r < 0)
        return -1;
    ps->end += (size_t)r;
    ps->eof = r == 0;
    return 0;
}

/* The first '\n' in [p, end), or NULL.  Lines are short, so a call to
 * memchr per line costs more than the search: sixteen bytes at a time
 * inline where SSE2 is there (every x86-64). */
static inline char *find_newline(char *p, char *end)
{
#ifdef HAVE_SSE2_SCAN
    const __m128i nl = _mm_set1_epi8('\n');
    while (end - p >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl));
        if (m)
            return p + __builtin_ctz(m);
        p += 16;
    }
#endif
    return p < end ? memchr(p, '\n', (size_t)(end - p)) : NULL;
}

/* Handle every line up to the end of the input (or of the range it is
 * limited to: then every line before the limit ends with its newline,
 * and the parser can go on after reader_input_range and resume). */
static int read_lines(struct parser *ps)
{
    size_t scan = ps->start; /* buf[start..scan) holds no newline */
    for (;;) {
        if (ps->b.in_sample && ps->str_kw == KW_NONE) {
            fast_lines(ps);
            if (scan < ps->start)
                scan = ps->start;
        }
        char *nl = find_newline(ps->buf + scan, ps->buf + ps->end);
        if (nl) {
            size_t stop = (size_t)(nl - ps->buf);
            size_t len = stop - ps->start;
            if (len && ps->buf[stop - 1] == '\r')
                len--;
            if (len > HP_MAX_LINE)
                return too_long(ps);
            const char *line = ps->buf + ps->start;
            int rc;
            if (len && plain_data_start[(unsigned char)line[0]] && ps->str_kw == KW_NONE) {
                /* The line a profile is made of: straight to data_line. */
                ps->lineno++;
                rc = data_line(ps, line, line + len);
            } else
                rc = do_line(ps, line, len, false);
            if (rc != P_OK)
                return -1;
            ps->start = scan = stop + 1;
            continue;
        }
        size_t len = ps->end - ps->start;
        if (len > (size_t)HP_MAX_LINE + 1)
            return too_long(ps);
        if (ps->eof) {
            if (len && ps->buf[ps->end - 1] == '\r')
                len--;
            if (len > HP_MAX_LINE)
                return too_long(ps);
            /* A syntax error here is a profile cut off mid-line: ignored. */
            if (len && do_line(ps, ps->buf + ps->start, len, true) == P_HARD)
                return -1;
            return 0;
        }
        if (fill(ps) < 0)
            return -1;
        scan = ps->start + len; /* fill moved the text to the front */
    }
}

static int finish(struct parser *ps)
{
    struct profile *p = ps->p;
    const char *src = p->source;
    if (ps->disproved) {
        disproved(ps);
        return -1;
    }
    /* A name still open is in the open sample, cut while it was written:
     * it goes with that sample. */
    if (ps->str_kw == KW_NAME)
        ps->str_kw = KW_NONE;
    if (ps->str_kw != KW_NONE)
        return hp_fail(ps->err, "%s:%zu: end of file inside a quoted string (opened on line %zu)",
                       src, ps->lineno, ps->str_line);
    if (ps->in->nread == 0)
        return hp_fail(ps->err, "%s: empty file", src);
    if (!p->job)
        return hp_fail(ps->err, "%s: JOB missing", src);
    if (!p->date)
        return hp_fail(ps->err, "%s: DATE missing", src);
    if (!p->value_unit)
        return hp_fail(ps->err, "%s: VALUE_UNIT missing", src);
    if (!p->sample_unit)
        return hp_fail(ps->err, "%s: SAMPLE_UNIT missing", src);
    /* A profile read while the program writes it (or left by one that was
     * killed) ends inside a sample; the drawing says so. */
    if (ps->b.in_sample)
        profile_fact(p,
                     "Cut short: the profile ends inside a sample (the program was killed, or "
                     "is still writing it); drawn up to its last complete sample.");
    return builder_finish(&ps->b, ps->err);
}

static void parser_init(struct parser *ps, struct profile *p, struct reader_input *in,
                        const char *source, const struct parse_options *po, struct hp_error *err)
{
    memset(ps, 0, sizeof *ps);
    builder_start(&ps->b, p, source, po);
    ps->p = p;
    ps->err = err;
    ps->in = in;
    ps->succ_cap = 256;
    ps->succ = xreallocarray(NULL, ps->succ_cap, sizeof *ps->succ);
    memset(ps->succ, 0xff, ps->succ_cap * sizeof *ps->succ);
}

/* Free what the parser holds (not the profile). */
static void parser_release(struct parser *ps)
{
    builder_release(&ps->b);
    free(ps->buf);
    free(ps->succ);
    free(ps->str);
    free(ps->scratch);
    for (size_t i = 0; i < ps->njoined; i++)
        free(ps->joined[i].first);
    free(ps->joined);
    free(ps->part_of);
    names_free(&ps->parts);
    ps->buf = ps->str = ps->scratch = NULL;
    ps->succ = NULL;
    ps->joined = NULL;
    ps->part_of = NULL;
}

/* ---- a large file on several threads ----
 *
 * A large regular file (or buffer) is cut at seams, lines that begin a
 * sample, into parts of about equal size.  The main parser reads the
 * first part; the others go to whichever thread is free, the main one
 * included once it is done with its own (so a slow or busy processor
 * takes fewer), each read into a profile of its own.  The main parser
 * then reads the tail, from the last BEGIN_SAMPLE on, itself, so that how
 * the input ends (a sample cut off, a string never closed) is its
 * business alone.  Before the tail it takes each part in order, as if it
 * had read it (builder_adopt), when the part's start matches the state
 * the main parser is in there: no sample or string open, no name over
 * several lines, no header keyword, times in order.  If not, or when the
 * part failed, it reads on from that part's seam itself, so that every
 * profile, every error message and every line number is the one the
 * sequential reading gives: the threads only save time. */

#define SEAM_SEARCH      (8u << 20) /* bytes searched for a seam */
#define SEAM_CHUNK       65536
#define PARTS_PER_THREAD 4 /* more parts than threads: the fast take more */

static const char seam_keyword[] = "BEGIN_SAMPLE";
#define SEAM_LEN (sizeof seam_keyword - 1)

struct part {
    struct parser ps;
    struct profile p;
    struct reader_input in;
    struct hp_error err;
    uint64_t start, end; /* the part's bytes */
    bool read;           /* read_lines ran, rc says how it went */
    int rc;
};

/* The parts, and what the threads share. */
struct parts {
    struct part *part;
    size_t n;
    atomic_size_t next; /* the next part to read */
    atomic_bool cancel; /* stop: the parts will not be used */
    const struct reader_input *in;
    const struct parse_options *po;
    const char *source;
};

/* n bytes of the input at offset off, fewer at its end; -1 on error. */
static ssize_t input_at(const struct reader_input *in, uint64_t off, char *buf, size_t n)
{
    if (in->mem) {
        if (off >= in->mem_len)
            return 0;
        if (n > in->mem_len - off)
            n = (size_t)(in->mem_len - off);
        memcpy(buf, in->mem + off, n);
        return (ssize_t)n;
    }
    ssize_t r;
    while ((r = pread(in->fd, buf, n, (off_t)off)) < 0 && errno == EINTR)
        ;
    return r;
}

/* Is buf[i..n) the start of a seam line, "BEGIN_SAMPLE" and a blank? */
static bool seam_at(const char *buf, size_t i, size_t n)
{
    return n - i > SEAM_LEN && memcmp(buf + i, seam_keyword, SEAM_LEN) == 0
        && (buf[i + SEAM_LEN] == ' ' || buf[i + SEAM_LEN] == '\t');
}

/* The offset of the first seam in [from, end) (a line start: after a
 * newline at from - 1 or later), looked for in at most SEAM_SEARCH bytes;
 * 0 when there is none. */
static uint64_t seam_after(const struct reader_input *in, uint64_t from, uint64_t end)
{
    char buf[SEAM_CHUNK];
    uint64_t stop = end - from > SEAM_SEARCH ? from + SEAM_SEARCH : end;
    for (uint64_t at = from - 1; at < stop;) {
        ssize_t r = input_at(in, at, buf, sizeof buf);
        if (r <= 0)
            return 0;
        size_t n = (size_t)r;
        for (const char *nl = buf; (nl = memchr(nl, '\n', (size_t)(buf + n - nl))) != NULL; nl++) {
            size_t i = (size_t)(nl - buf) + 1;
            if (at + i >= end)
                return 0;
            if (seam_at(buf, i, n))
                return at + i;
            if (n - i <= SEAM_LEN && n == sizeof buf) {
                n = i - 1; /* look at this newline again with the next chunk */
                break;
            }
        }
        at += n;
    }
    return 0;
}

/* The offset of the last seam in (after, end), looked for in the last
 * SEAM_SEARCH bytes; 0 when there is none. */
static uint64_t seam_before(const struct reader_input *in, uint64_t after, uint64_t end)
{
    char buf[SEAM_CHUNK];
    uint64_t floor = end - after > SEAM_SEARCH ? end - SEAM_SEARCH : after;
    uint64_t hi = end; /* look in [lo, hi) */
    while (hi > floor) {
        uint64_t lo = hi - floor > sizeof buf ? hi - sizeof buf : floor;
        ssize_t r = input_at(in, lo, buf, (size_t)(hi - lo));
        if (r <= 0)
            return 0;
        size_t n = (size_t)r;
        for (size_t i = n; i-- > 0;)
            if (buf[i] == '\n' && seam_at(buf, i + 1, n))
                return lo + i + 1 > after ? lo + i + 1 : 0;
        if (lo == floor)
            break;
        hi = lo + SEAM_LEN + 1; /* a seam may straddle lo: overlap */
    }
    return 0;
}

/* Read part pt with the read buffer *buf (of *cap bytes; it may grow),
 * which is the thread's: the part keeps only what it read. */
static void part_read(struct parts *w, struct part *pt, char **buf, size_t *cap)
{
    pt->in = *w->in;
    pt->in.npeek = pt->in.peek_pos = 0;
    pt->in.nread = 0;
    reader_input_range(&pt->in, pt->start, pt->end);
    parser_init(&pt->ps, &pt->p, &pt->in, w->source, w->po, &pt->err);
    store_free(pt->p.store);
    pt->p.store = store_new_spooled(); /* held until adopted: not in memory */
    pt->ps.cancel = &w->cancel;
    pt->ps.buf = *buf;
    pt->ps.cap = *cap;
    pt->rc = read_lines(&pt->ps);
    pt->read = true;
    *buf = pt->ps.buf;
    *cap = pt->ps.cap;
    pt->ps.buf = NULL;
    parser_release(&pt->ps); /* what the check and the adoption need stays */
}

/* Read parts until none is left (each thread, the main one included). */
static void parts_work(struct parts *w, char **buf, size_t *cap)
{
    for (;;) {
        size_t k = atomic_fetch_add(&w->next, 1);
        if (k >= w->n || atomic_load(&w->cancel))
            return;
        if (!*buf) {
            *cap = READ_BLOCK;
            *buf = xmalloc(*cap);
        }
        part_read(w, &w->part[k], buf, cap);
    }
}

static void *parts_thread(void *arg)
{
    char *buf = NULL;
    size_t cap = 0;
    parts_work(arg, &buf, &cap);
    free(buf);
    return NULL;
}

/* Can the main parser take part pt as it stands? */
static bool part_fits(const struct parser *ps, const struct part *pt)
{
    const struct parser *q = &pt->ps;
    const struct profile *qp = &pt->p;
    return pt->read && pt->rc == 0 && pt->in.nread == pt->end - pt->start && ps->str_kw == KW_NONE
        && q->str_kw == KW_NONE && ps->njoined == 0 && q->njoined == 0 && !ps->disproved && !qp->job
        && !qp->date && !qp->sample_unit && !qp->value_unit && builder_can_adopt(&ps->b, &q->b);
}

static void part_adopt(struct parser *ps, struct part *pt)
{
    builder_adopt(&ps->b, &pt->ps.b);
    ps->lineno += pt->ps.lineno;
    if (pt->ps.b.nseen)
        ps->last_text = pt->ps.last_text;
    succ_cover(ps);
}

/* Where the input is, and how far it goes: [*start, *end) not yet handed
 * to the parser (past the peeked bytes), *first the offset of its first
 * byte.  False when it is no regular file or buffer. */
static bool input_extent(const struct reader_input *in, uint64_t *first, uint64_t *start,
                         uint64_t *end)
{
    if (in->mem) {
        *start = in->mem_pos;
        *first = *start;
        *end = in->mem_len;
        return true;
    }
    struct stat st;
    if (fstat(in->fd, &st) < 0 || !S_ISREG(st.st_mode))
        return false;
    off_t at = lseek(in->fd, 0, SEEK_CUR);
    if (at < 0 || (uint64_t)at < in->npeek - in->peek_pos)
        return false;
    *start = (uint64_t)at;
    *first = *start - (in->npeek - in->peek_pos);
    *end = st.st_size > 0 ? (uint64_t)st.st_size : 0;
    return *end > *start;
}

/* How many threads, and where the seams are: the main parser reads
 * [*start, seam[0]), part k [seam[k], seam[k + 1]), the tail from
 * seam[*nseams - 1] on.  0 threads: one reads it all. */
static unsigned plan_parts(const struct reader_input *in, const struct parse_options *po,
                           uint64_t *start, uint64_t **seam, size_t *nseams)
{
    if (!po || po->threads == 1 || po->has_from || po->has_to || po->x_index)
        return 0;
    uint64_t first, end;
    if (!input_extent(in, &first, start, &end))
        return 0;
    unsigned threads = po->threads ? po->threads : hp_processors();
    uint64_t part_min = po->part_min ? po->part_min : PARSE_PART_MIN;
    uint64_t size = end - first;
    if (threads > PARSE_THREADS_MAX)
        threads = PARSE_THREADS_MAX;
    uint64_t nparts = size / part_min;
    if (nparts > (uint64_t)threads * PARTS_PER_THREAD)
        nparts = (uint64_t)threads * PARTS_PER_THREAD;
    if (threads < 2 || nparts < 2)
        return 0;
    uint64_t last = seam_before(in, *start, end);
    if (last == 0)
        return 0;
    *seam = xreallocarray(NULL, (size_t)nparts, sizeof **seam);
    size_t n = 0;
    for (uint64_t k = 1; k < nparts; k++) {
        uint64_t target = first + size / nparts * k;
        uint64_t from = n ? (*seam)[n - 1] + 1 : *start + 1;
        uint64_t s = seam_after(in, target > from ? target : from, last);
        if (s)
            (*seam)[n++] = s;
    }
    (*seam)[n++] = last;
    *nseams = n;
    return n > 1 ? threads : 0;
}

/* Read the parts on up to threads threads, the main parser the first,
 * and adopt them in order; then the main parser reads on from the seam
 * after the last part it adopted. */
static int read_in_parts(struct parser *ps, const struct parse_options *po, unsigned threads,
                         uint64_t start, const uint64_t *seam, size_t nseams)
{
    struct parts w = {
        .part = xcalloc(nseams - 1, sizeof *w.part),
        .n = nseams - 1,
        .in = ps->in,
        .po = po,
        .source = ps->p->source,
    };
    atomic_init(&w.next, 0);
    atomic_init(&w.cancel, false);
    for (size_t k = 0; k < w.n; k++) {
        w.part[k].start = seam[k];
        w.part[k].end = seam[k + 1];
    }
    pthread_t tid[PARSE_THREADS_MAX];
    unsigned started = 0;
    while (started + 1 < threads && started < w.n
           && pthread_create(&tid[started], NULL, parts_thread, &w) == 0)
        started++;

    reader_input_range(ps->in, start, seam[0]);
    int rc = read_lines(ps);
    if (rc < 0)
        atomic_store(&w.cancel, true);
    parts_work(&w, &ps->buf, &ps->cap); /* the read buffer is free meanwhile */
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);

    uint64_t resume = seam[0];
    bool adopting = rc == 0;
    for (size_t k = 0; k < w.n; k++) {
        struct part *pt = &w.part[k];
        if (adopting && part_fits(ps, pt)) {
            part_adopt(ps, pt);
            resume = pt->end;
        } else
            adopting = false;
        profile_free(&pt->p);
    }
    free(w.part);
    if (rc < 0)
        return rc;
    reader_input_range(ps->in, resume, UINT64_MAX);
    ps->start = ps->end = 0;
    ps->eof = false;
    return read_lines(ps);
}

static int read_all(struct parser *ps, const struct parse_options *po)
{
    uint64_t start, *seam = NULL;
    size_t nseams = 0;
    unsigned threads = plan_parts(ps->in, po, &start, &seam, &nseams);
    int rc = threads ? read_in_parts(ps, po, threads, start, seam, nseams) : read_lines(ps);
    free(seam);
    return rc;
}

int hp_read(struct profile *p, struct reader_input *in, const char *source,
            const struct parse_options *po, struct hp_error *err)
{
    struct parser parser, *ps = &parser;
    parser_init(ps, p, in, source, po, err);
    ps->cap = READ_BLOCK;
    ps->buf = xmalloc(ps->cap);
    int rc = read_all(ps, po);
    if (rc == 0)
        rc = finish(ps);
    parser_release(ps);
    if (rc < 0) {
        profile_free(p);
        return -1;
    }
    return 0;
}

int profile_parse(struct profile *p, int fd, const char *source, const struct parse_options *po,
                  struct hp_error *err)
{
    struct reader_input in;
    reader_input_fd(&in, fd);
    return hp_read(p, &in, source, po, err);
}

int profile_parse_buffer(struct profile *p, const char *data, size_t len, const char *source,
                         const struct parse_options *po, struct hp_error *err)
{
    struct reader_input in;
    reader_input_mem(&in, data, len);
    return hp_read(p, &in, source, po, err);
}

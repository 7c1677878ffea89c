/* SPDX-License-Identifier: BSD-3-Clause */
/* aux.c: see aux.h.
 *
 * The reader works a line at a time.  A line holds a keyword, then its
 * arguments; for ORDER and SHADE the number is the last whitespace-
 * separated field and the name is everything between the keyword and that
 * field, trimmed.  That is what lets it read names GHC's own tokenizer
 * trips over (a leading digit, inner spaces, a keyword as a name).
 *
 * Numbers are read in the plain decimal form GHC writes (number.h), the
 * same grammar as the .hp's.
 *
 * A band name may hold newlines (the .hp has it over several lines), and
 * the writer puts it down raw, as the .hp does: an ORDER or SHADE line
 * with no number at its end opens a name, the lines after it that are no
 * statements go on with it, and the first of them to end in the number
 * closes it; the parts are joined with newlines.  No other reading of
 * such lines is valid (alone, each would be an error), so nothing that
 * reads today changes.
 *
 * aux_init allocates nothing, so an aux that is only zeroed, or only
 * initialised, is an empty aux; the parse functions start from an empty
 * aux themselves and leave it empty again when they fail.
 */
#include "aux.h"
#include "bands.h"
#include "number.h"
#include "stackname.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define AUX_MAX_FILE ((size_t)256 << 20)

void aux_init(struct aux *a)
{
    memset(a, 0, sizeof *a);
}

void aux_free(struct aux *a)
{
    names_free(&a->names);
    free(a->entry);
    names_free(&a->bare);
    free(a->bare_id);
    memset(a, 0, sizeof *a);
}

/* a->bare from a->names: each name with a leading "(N)" less it. */
static void index_bare(struct aux *a)
{
    for (size_t id = 0; id < a->names.count; id++) {
        const struct name_info *ni = &a->names.info[id];
        size_t k = stackname_prefix(ni->text);
        if (!k || k >= ni->len)
            continue;
        if (!a->bare.slots)
            names_init(&a->bare);
        size_t before = a->bare.count;
        uint32_t b = names_intern(&a->bare, ni->text + k, ni->len - k);
        if (b == before) {
            a->bare_id = xreallocarray(a->bare_id, a->bare.count, sizeof *a->bare_id);
            a->bare_id[b] = (int64_t)id;
        } else
            a->bare_id[b] = -1; /* two names read alike: neither is taken so */
    }
}

int64_t aux_lookup(const struct aux *a, const char *name, const char *alias, size_t alias_len,
                   bool bare_unique)
{
    if (!a || !a->entry)
        return -1;
    int64_t id = names_find(&a->names, name, strlen(name));
    if (id < 0 && alias)
        id = names_find(&a->names, alias, alias_len);
    if (id < 0 && bare_unique && a->bare_id) {
        size_t k = stackname_prefix(name), len = strlen(name);
        int64_t b = k && k < len ? names_find(&a->bare, name + k, len - k) : -1;
        id = b >= 0 ? a->bare_id[b] : -1;
    }
    return id >= 0 && (size_t)id < a->names.count ? id : -1;
}

const struct aux_entry *aux_find(const struct aux *a, const char *name, size_t len)
{
    if (!a->entry)
        return NULL;
    int64_t id = names_find(&a->names, name, len);
    if (id < 0 || (size_t)id >= a->names.count)
        return NULL;
    return &a->entry[id];
}

/* ---- numbers ---------------------------------------------------------- */

static bool is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* An integer with an optional sign, within the range of long. */
static bool parse_long(const char *s, size_t len, long *out)
{
    size_t i = 0;
    bool neg = false;
    if (i < len && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    if (i == len)
        return false;
    /* Accumulate as a negative number: its range is the larger one. */
    long v = 0;
    for (; i < len; i++) {
        if (!is_digit((unsigned char)s[i]))
            return false;
        int d = s[i] - '0';
        if (v < (LONG_MIN + d) / 10)
            return false;
        v = v * 10 - d;
    }
    if (!neg) {
        if (v == LONG_MIN)
            return false;
        v = -v;
    }
    *out = v;
    return true;
}

/* ---- statements -------------------------------------------------------- */

static struct aux_entry *entry_for(struct aux *a, const char *name, size_t len)
{
    if (!a->names.slots)
        names_init(&a->names);
    size_t before = a->names.count;
    uint32_t id = names_intern(&a->names, name, len);
    if (id == before) {
        /* A new id: the capacity of entry[] is implicit, 16 and then the
         * next power of two, so grow exactly when id reaches it. */
        if (id == 0 || (id >= 16 && (id & (id - 1)) == 0)) {
            size_t cap = id < 16 ? 16 : (size_t)id * 2;
            a->entry = xreallocarray(a->entry, cap, sizeof *a->entry);
        }
        memset(&a->entry[id], 0, sizeof a->entry[id]);
    }
    return &a->entry[id];
}

/* Split "name ... number" into the name (trimmed) and the last field.
 * s[0..len) has no leading or trailing whitespace. */
static bool split_last(const char *s, size_t len, const char **name, size_t *name_len,
                       const char **last, size_t *last_len)
{
    size_t end = len;
    size_t start = end;
    while (start > 0 && !is_space((unsigned char)s[start - 1]))
        start--;
    if (start == 0)
        return false; /* only one field: no name */
    size_t nend = start;
    while (nend > 0 && is_space((unsigned char)s[nend - 1]))
        nend--;
    *name = s;
    *name_len = nend;
    *last = s + start;
    *last_len = end - start;
    return nend > 0;
}

/* Does the field start like a number ([+-][.]digit)?  An ORDER or SHADE
 * line whose last field does not has no number: its name may go on. */
static bool number_like(const char *s, size_t len)
{
    size_t i = 0;
    if (i < len && (s[i] == '+' || s[i] == '-'))
        i++;
    if (i < len && s[i] == '.')
        i++;
    return i < len && is_digit((unsigned char)s[i]);
}

static bool is_keyword(const char *s, size_t len)
{
    static const char *const kw[] = { "X_RANGE", "Y_RANGE", "ORDER", "SHADE" };
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (len == strlen(kw[i]) && memcmp(s, kw[i], len) == 0)
            return true;
    return false;
}

bool aux_name_fits(const char *name)
{
    for (const char *nl = strchr(name, '\n'); nl; nl = strchr(nl + 1, '\n')) {
        const char *w = nl + 1, *e;
        while (*w && *w != '\n' && is_space((unsigned char)*w))
            w++;
        for (e = w; *e && *e != '\n' && !is_space((unsigned char)*e); e++)
            ;
        if (is_keyword(w, (size_t)(e - w)))
            return false;
    }
    return true;
}

static int statement_error(const char *source, size_t line, bool order, struct hp_error *err)
{
    if (order)
        return hp_fail(err, "%s:%zu: ORDER must be followed by a name and a whole number", source,
                       line);
    return hp_fail(err, "%s:%zu: SHADE must be followed by a name and a non-negative number",
                   source, line);
}

/* ORDER (order) or SHADE for name, from the field num; false when num is
 * not a number of that kind. */
static bool apply(struct aux *a, bool order, const char *name, size_t name_len, const char *num,
                  size_t num_len)
{
    if (order) {
        long v;
        if (!parse_long(num, num_len, &v))
            return false;
        if (a->check_only)
            return true;
        struct aux_entry *e = entry_for(a, name, name_len);
        if (!e->has_order) {
            e->has_order = true;
            e->order = v;
        }
        return true;
    }
    double v;
    if (!number_read(num, num_len, false, &v))
        return false;
    if (a->check_only)
        return true;
    struct aux_entry *e = entry_for(a, name, name_len);
    if (!e->has_shade) {
        e->has_shade = true;
        e->shade = v;
    }
    return true;
}

/* An ORDER or SHADE statement whose name runs over several lines. */
struct open_name {
    size_t line; /* its first line; 0 when none is open */
    bool order;
    char *text; /* the name so far */
    size_t len, cap;
};

static void name_add(struct open_name *on, const char *s, size_t n, bool newline)
{
    size_t need = on->len + n + 1;
    if (need > on->cap) {
        on->cap = need * 2;
        on->text = xrealloc(on->text, on->cap);
    }
    if (newline)
        on->text[on->len++] = '\n';
    memcpy(on->text + on->len, s, n);
    on->len += n;
}

/* A line while a name is open (s[0..len) raw, without "\r\n"): a blank
 * line or one with no number is a part of the name, a line that ends in
 * the number closes it, and a statement or a bad number leaves the first
 * line an error. */
static int name_line(struct aux *a, struct open_name *on, const char *s, size_t len,
                     const char *source, struct hp_error *err)
{
    size_t i = 0, e = len;
    while (i < len && is_space((unsigned char)s[i]))
        i++;
    while (e > i && is_space((unsigned char)s[e - 1]))
        e--;
    size_t kw = i;
    while (kw < e && !is_space((unsigned char)s[kw]))
        kw++;
    if (i < e && is_keyword(s + i, kw - i))
        return statement_error(source, on->line, on->order, err);
    size_t start = e;
    while (start > i && !is_space((unsigned char)s[start - 1]))
        start--;
    size_t name_end = start;
    while (name_end > 0 && is_space((unsigned char)s[name_end - 1]))
        name_end--;
    size_t before = on->len;
    name_add(on, s, name_end, true);
    if (i < e && apply(a, on->order, on->text, on->len, s + start, e - start)) {
        on->line = 0;
        return 0;
    }
    on->len = before;
    if (i < e && number_like(s + start, e - start))
        return statement_error(source, on->line, on->order, err);
    name_add(on, s, len, true);
    return 0;
}

static int parse_line(struct aux *a, struct open_name *on, const char *s, size_t len,
                      const char *source, size_t line, struct hp_error *err)
{
    size_t raw_len = len;
    size_t i = 0;
    while (i < len && is_space((unsigned char)s[i]))
        i++;
    while (len > i && is_space((unsigned char)s[len - 1]))
        len--;
    if (i == len)
        return 0;
    s += i;
    len -= i;

    size_t kw = 0;
    while (kw < len && !is_space((unsigned char)s[kw]))
        kw++;
    const char *rest = s + kw;
    size_t rest_len = len - kw;
    while (rest_len > 0 && is_space((unsigned char)*rest))
        rest++, rest_len--;

#define KEYWORD(k) (kw == sizeof(k) - 1 && memcmp(s, k, kw) == 0)
    if (KEYWORD("X_RANGE") || KEYWORD("Y_RANGE")) {
        double v;
        if (!number_read(rest, rest_len, false, &v))
            return hp_fail(err, "%s:%zu: %.7s must be followed by a non-negative number", source,
                           line, s);
        if (s[0] == 'X') {
            a->has_x_range = true;
            a->x_range = v;
        } else {
            a->has_y_range = true;
            a->y_range = v;
        }
        return 0;
    }
    if (KEYWORD("ORDER") || KEYWORD("SHADE")) {
        bool order = s[0] == 'O';
        const char *name, *num;
        size_t name_len, num_len;
        bool two = split_last(rest, rest_len, &name, &name_len, &num, &num_len);
        if (two && apply(a, order, name, name_len, num, num_len))
            return 0;
        if (rest_len > 0 && (!two || !number_like(num, num_len))) {
            /* No number: the first line of a name with newlines, raw. */
            *on = (struct open_name){ line, order, on->text, 0, on->cap };
            name_add(on, rest, raw_len - i - (size_t)(rest - s), false);
            return 0;
        }
        return statement_error(source, line, order, err);
    }
#undef KEYWORD
    /* Never the line itself: NAME.aux may be any file (a link to a
     * secret), and the message goes to a terminal or a CI log. */
    return hp_fail(err, "%s:%zu: not an .aux statement (X_RANGE, Y_RANGE, ORDER or SHADE)", source,
                   line);
}

/* aux_parse_buffer on an aux already initialised (check_only set or not). */
static int parse_buffer(struct aux *a, const char *data, size_t len, const char *source,
                        struct hp_error *err)
{
    if (len && memchr(data, '\0', len))
        return hp_fail(err, "%s: not an .aux file (binary data)", source);
    size_t line = 0, pos = 0;
    struct open_name on = { 0 };
    int rc = 0;
    while (rc == 0 && pos < len) {
        line++;
        const char *nl = memchr(data + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - data) : len;
        size_t n = end - pos;
        if (n && data[pos + n - 1] == '\r') /* CRLF: the name's parts have no CR */
            n--;
        if (on.line)
            rc = name_line(a, &on, data + pos, n, source, err);
        else
            rc = parse_line(a, &on, data + pos, n, source, line, err);
        pos = end + 1;
    }
    if (rc == 0 && on.line) /* the input ended inside the name */
        rc = statement_error(source, on.line, on.order, err);
    free(on.text);
    if (rc < 0)
        aux_free(a);
    else if (!a->check_only)
        index_bare(a);
    return rc;
}

int aux_parse_buffer(struct aux *a, const char *data, size_t len, const char *source,
                     struct hp_error *err)
{
    aux_init(a);
    return parse_buffer(a, data, len, source, err);
}

/* aux_read_file on an aux already initialised. */
static int read_file(struct aux *a, const char *path, struct hp_error *err)
{
    /* O_NONBLOCK: opening a FIFO that no one writes to would otherwise
     * wait forever.  Opened, it reads as usual (as empty without a writer). */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return hp_fail(err, "cannot open %s: %s", path, strerror(errno));
    int flags = fcntl(fd, F_GETFL);
    if (flags != -1)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        close(fd);
        return hp_fail(err, "cannot open %s: %s", path, strerror(e));
    }
    /* Only a regular file: a FIFO held open by a writer that never
     * writes would be read forever.  One too large is refused before
     * reading. */
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        fclose(f);
        return hp_fail(err, "%s: not a regular file", path);
    }
    if ((uintmax_t)st.st_size > (uintmax_t)AUX_MAX_FILE) {
        fclose(f);
        return hp_fail(err, "%s: file too large", path);
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (len == cap) {
            if (cap > AUX_MAX_FILE) {
                free(buf);
                fclose(f);
                return hp_fail(err, "%s: file too large", path);
            }
            /* Never read more than one byte past the limit. */
            cap = cap * 2 > AUX_MAX_FILE ? AUX_MAX_FILE + 1 : cap * 2;
            buf = xrealloc(buf, cap);
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        int e = errno;
        free(buf);
        fclose(f);
        return hp_fail(err, "cannot read %s: %s", path, e ? strerror(e) : "read error");
    }
    fclose(f);
    if (len > AUX_MAX_FILE) {
        free(buf);
        return hp_fail(err, "%s: file too large", path);
    }
    int rc = parse_buffer(a, buf, len, path, err);
    free(buf);
    return rc;
}

int aux_read_file(struct aux *a, const char *path, struct hp_error *err)
{
    aux_init(a);
    return read_file(a, path, err);
}

int aux_check_file(const char *path, struct hp_error *err)
{
    struct aux a;
    aux_init(&a);
    a.check_only = true;
    int rc = read_file(&a, path, err);
    aux_free(&a);
    return rc;
}

/* ---- writing ranges ----------------------------------------------------- */

void aux_format_range(char *buf, size_t size, double v)
{
    /* The largest double has 309 integer digits; 60 decimals on top. */
    char tmp[400];
    if (size == 0)
        return;
    if (!isfinite(v)) {
        snprintf(tmp, sizeof tmp, "%.2f", v);
    } else {
        for (int prec = 2; prec <= 60; prec++) {
            snprintf(tmp, sizeof tmp, "%.*f", prec, v);
            if (strtod(tmp, NULL) == v)
                break;
        }
    }
    dot_decimal(tmp);
    snprintf(buf, size, "%s", tmp);
}

/* ---- writing ---- */

/* printf("%.*f") with '.' as the decimal point whatever the locale. */
static void format_fixed(char *buf, size_t size, int prec, double v)
{
    snprintf(buf, size, "%.*f", prec, v);
    dot_decimal(buf);
}

/* Which bands' .hp names (hp_name) the .aux also has: those that read
 * back, each only where no band of the plan has it as its own name and
 * no other band's .hp name is it (an -hi table whose entry reads as
 * another table's address: the band keeps its line, read back as its
 * own).  NULL when no band has one. */
static bool *aliases_written(const struct band_plan *bp)
{
    bool any = false;
    for (size_t i = 0; i < bp->count && !any; i++)
        any = bp->band[i].hp_name != NULL;
    if (!any)
        return NULL;
    struct names seen;
    names_init(&seen);
    for (size_t i = 0; i < bp->count; i++)
        if (aux_name_fits(bp->band[i].name))
            names_intern(&seen, bp->band[i].name, strlen(bp->band[i].name));
    bool *alias = xcalloc(bp->count, sizeof *alias);
    for (size_t i = 0; i < bp->count; i++) {
        const char *a = bp->band[i].hp_name;
        if (!a || !aux_name_fits(a) || names_find(&seen, a, strlen(a)) >= 0)
            continue;
        alias[i] = true;
        names_intern(&seen, a, strlen(a));
    }
    names_free(&seen);
    return alias;
}

int aux_write(FILE *f, const struct band_plan *bp, double x_range, double y_range, bool colour)
{
    char buf[512];
    aux_format_range(buf, sizeof buf, x_range);
    fprintf(f, "X_RANGE %s\n", buf);
    aux_format_range(buf, sizeof buf, y_range);
    fprintf(f, "Y_RANGE %s\n", buf);
    /* A name with newlines goes over several lines, read back whole; one
     * that would not read back is left out (-p: a new band). */
    for (size_t i = 0; i < bp->count; i++)
        if (aux_name_fits(bp->band[i].name))
            fprintf(f, "ORDER %s %zu\n", bp->band[i].name, i + 1);
    bool *alias = aliases_written(bp);
    for (size_t i = 0; alias && i < bp->count; i++) /* the same bands as the .hp names them */
        if (alias[i])
            fprintf(f, "ORDER %s %zu\n", bp->band[i].hp_name, i + 1);
    /* Each distinct shade is formatted once (greys cycle through ten
     * values; a million bands made a million %.2f): a small cache by the
     * value's bits. */
    enum { SHADE_CACHE = 16 };
    uint64_t key[SHADE_CACHE];
    char text[SHADE_CACHE][512]; /* as buf: %.6f of the largest double fits */
    bool used[SHADE_CACHE] = { false };
    for (size_t j = 0; j < 2 * bp->count; j++) {
        size_t i = j % bp->count;
        const char *name = j < bp->count ? bp->band[i].name : bp->band[i].hp_name;
        if (j < bp->count ? !aux_name_fits(name) : !(alias && alias[i]))
            continue;
        double shade = bp->band[i].aux_shade;
        uint64_t bits;
        memcpy(&bits, &shade, sizeof bits);
        size_t k = (size_t)((bits * 0x9E3779B97F4A7C15u) >> 60);
        if (!used[k] || key[k] != bits) {
            format_fixed(text[k], sizeof text[k], colour ? 6 : 2, shade);
            key[k] = bits;
            used[k] = true;
        }
        fprintf(f, "SHADE %s %s\n", name, text[k]);
    }
    free(alias);
    return ferror(f) ? -1 : 0;
}

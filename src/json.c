/* SPDX-License-Identifier: BSD-3-Clause */
/* json.c: see json.h. */
#include "json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "utf8.h"

/* ---- strings ------------------------------------------------------------ */

/* The one rule: how the text at s[i] (of n bytes) is written.  Returns
 * the bytes it takes (at least 1) and sets *esc to its escape, or to NULL
 * when it goes out as it is.  esc points into buf (8 bytes) or a
 * constant. */
static size_t escape_at(const char *s, size_t n, size_t i, enum json_context where,
                        const char **esc, char buf[8])
{
    unsigned char c = (unsigned char)s[i];
    size_t k = utf8_sequence_length((const unsigned char *)s + i, n - i);
    bool script = where == JSON_IN_SCRIPT;
    *esc = NULL;
    if (k == 0) {
        *esc = "\\ufffd";
        return 1;
    }
    if (k > 1) {
        /* U+2028 and U+2029 end a line in older JavaScript */
        if (script && k == 3 && c == 0xE2 && (unsigned char)s[i + 1] == 0x80
            && ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9))
            *esc = (unsigned char)s[i + 2] == 0xA8 ? "\\u2028" : "\\u2029";
        return k;
    }
    if (c == '"')
        *esc = "\\\"";
    else if (c == '\\')
        *esc = "\\\\";
    else if (c == '\n')
        *esc = "\\n";
    else if (c == '\t')
        *esc = "\\t";
    else if (c == '\r')
        *esc = "\\r";
    else if (c < 0x20 || c == 0x7F || (script && (c == '<' || c == '>' || c == '&'))) {
        snprintf(buf, 8, "\\u%04x", c);
        *esc = buf;
    }
    return 1;
}

/* Is byte c printable ASCII that goes out as it is?  (The rest go
 * through escape_at: the common case of a name costs a compare a byte.) */
static bool plain_ascii(unsigned char c, enum json_context where)
{
    return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'
        && (where != JSON_IN_SCRIPT || (c != '<' && c != '>' && c != '&'));
}

/* Runs that need no escape go out in one fwrite (a page of a million
 * names: putc a byte was a lock a byte). */
void json_put_string(FILE *f, const char *s, enum json_context where)
{
    size_t n = strlen(s), start = 0;
    putc('"', f);
    for (size_t i = 0; i < n;) {
        if (plain_ascii((unsigned char)s[i], where)) {
            i++;
            continue;
        }
        const char *esc;
        char buf[8];
        size_t k = escape_at(s, n, i, where, &esc, buf);
        if (esc) {
            fwrite(s + start, 1, i - start, f);
            fputs(esc, f);
            start = i + k;
        }
        i += k;
    }
    fwrite(s + start, 1, n - start, f);
    putc('"', f);
}

char *json_quoted(const char *s, enum json_context where)
{
    /* an escape is at most 6 bytes for each byte it stands for */
    size_t n = strlen(s);
    char *out = xmalloc(6 * n + 3), *o = out;
    *o++ = '"';
    for (size_t i = 0; i < n;) {
        const char *esc;
        char buf[8];
        size_t k = escape_at(s, n, i, where, &esc, buf);
        if (esc) {
            size_t e = strlen(esc);
            memcpy(o, esc, e);
            o += e;
        } else {
            memcpy(o, s + i, k);
            o += k;
        }
        i += k;
    }
    *o++ = '"';
    *o = '\0';
    return out;
}

/* ---- numbers ------------------------------------------------------------ */

void json_put_number(FILE *f, double v)
{
    char buf[NUMBER_TEXT_MAX];
    fwrite(buf, 1, number_format(buf, v), f);
}

void json_put_number_or_null(FILE *f, double v)
{
    if (isfinite(v))
        json_put_number(f, v);
    else
        fputs("null", f);
}

/* The numbers already written in one list, by their bits: a million
 * bands' shares and peak times repeat (equal totals, the same sample),
 * and each costs printf and strtod. */
#define NUMBER_CACHE 256
struct number_cache {
    uint64_t bits[NUMBER_CACHE];
    unsigned char len[NUMBER_CACHE]; /* 0: empty */
    char text[NUMBER_CACHE][NUMBER_TEXT_MAX];
};

void json_put_numbers(FILE *f, const double *v, size_t n)
{
    struct number_cache *c = n > 64 ? xcalloc(1, sizeof *c) : NULL;
    putc('[', f);
    for (size_t i = 0; i < n; i++) {
        if (i)
            putc(',', f);
        if (!c) {
            json_put_number(f, v[i]);
            continue;
        }
        uint64_t bits;
        memcpy(&bits, &v[i], sizeof bits);
        size_t k = (size_t)((bits * 0x9E3779B97F4A7C15u) >> 56) % NUMBER_CACHE;
        if (!c->len[k] || c->bits[k] != bits) {
            c->bits[k] = bits;
            c->len[k] = (unsigned char)number_format(c->text[k], v[i]);
        }
        fwrite(c->text[k], 1, c->len[k], f);
    }
    putc(']', f);
    free(c);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* quote.c: see quote.h. */
#include "quote.h"
#include "utf8.h"

#include <stdlib.h>
#include <string.h>

/* U+0080..U+009F: C1 controls, two bytes in UTF-8; a terminal obeys
 * some of them (CSI, OSC) as it does ESC [ and ESC ]. */
static bool is_c1(const unsigned char *u, size_t k)
{
    return k == 2 && u[0] == 0xC2 && u[1] < 0xA0;
}

static size_t put_hex(char *o, unsigned char c)
{
    static const char hex[] = "0123456789abcdef";
    o[0] = '\\', o[1] = 'x', o[2] = hex[c >> 4], o[3] = hex[c & 15];
    return 4;
}

/* Escapes u[0..n) into out (room for 4 bytes a byte); returns the length.
 * utf8: u is valid UTF-8 (else every byte from 0x80 up is escaped). */
static size_t escape(char *out, const unsigned char *u, size_t n, bool utf8, bool backslash)
{
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        size_t k = u[i] < 0x80 || !utf8 ? 1 : utf8_sequence_length(u + i, n - i);
        if (k == 0) /* (not when utf8 holds) */
            k = 1;
        bool plain = u[i] < 0x80 ? u[i] >= 0x20 && u[i] != 0x7F && (u[i] != '\\' || !backslash)
                                 : utf8 && !is_c1(u + i, k);
        if (plain) {
            memcpy(out + o, u + i, k);
            o += k;
        } else if (u[i] == '\n' || u[i] == '\t' || u[i] == '\r') {
            /* the common ones by their C names, easier to read */
            out[o++] = '\\';
            out[o++] = u[i] == '\n' ? 'n' : u[i] == '\t' ? 't' : 'r';
        } else {
            for (size_t j = 0; j < k; j++)
                o += put_hex(out + o, u[i + j]);
        }
        i += k;
    }
    return o;
}

void quote_short(char out[QUOTE_MAX], const char *text, size_t n)
{
    const unsigned char *u = (const unsigned char *)text;
    /* The part shown: whole sequences up to QUOTE_BYTES, or QUOTE_BYTES
     * bytes when what they start is not UTF-8. */
    size_t show = 0;
    bool utf8 = true;
    while (show < n) {
        size_t k = utf8_sequence_length(u + show, n - show);
        if (k == 0) {
            utf8 = false;
            break;
        }
        if (show + k > QUOTE_BYTES)
            break;
        show += k;
    }
    if (!utf8)
        show = n < QUOTE_BYTES ? n : QUOTE_BYTES;
    size_t o = escape(out, u, show, utf8, true);
    if (show < n) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
}

char *quote_message(const char *s)
{
    size_t n = strlen(s);
    if (n > (SIZE_MAX - 1) / 4)
        return NULL;
    char *out = malloc(n * 4 + 1);
    if (!out)
        return NULL;
    const unsigned char *u = (const unsigned char *)s;
    /* Sequence by sequence: a message may quote invalid bytes beside
     * valid text (a file name), and the valid text stays readable. */
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_sequence_length(u + i, n - i);
        o += escape(out + o, u + i, k ? k : 1, k > 0, false);
        i += k ? k : 1;
    }
    out[o] = '\0';
    return out;
}

/* utf8.h: names are bytes, text drawn is UTF-8.
 *
 * The RTS cuts names by bytes (+RTS -L), which can split a character, and
 * other tools write whatever they like; pango needs valid UTF-8.  Every
 * invalid byte becomes U+FFFD, so nothing disappears silently.
 */
#ifndef HP2PS_UTF8_H
#define HP2PS_UTF8_H

#include "common.h"

/* A newly allocated valid UTF-8 copy of s[0..len): each byte that does not
 * start a well-formed sequence (overlong, surrogate, above U+10FFFF,
 * truncated) is replaced by U+FFFD; C0 control characters (and DEL) are
 * replaced by U+FFFD too, since they have no glyph. */
char *utf8_sanitize(const char *s, size_t len);

/* The same, but newlines are kept (CSV and JSON export: names exact). */
char *utf8_sanitize_lines(const char *s, size_t len);

/* A band name as drawn: the same, but each newline (a name the RTS wrote
 * over several lines) shows as U+21B5 between thin spaces (U+2009), a
 * visible mark for the break that no space in a name looks like. */
#define UTF8_NEWLINE_MARK "\xE2\x80\x89\xE2\x86\xB5\xE2\x80\x89"
char *utf8_display_name(const char *s, size_t len);
/* The other characters pango starts a new line at (U+2028 LINE
 * SEPARATOR, U+2029 PARAGRAPH SEPARATOR, U+0085 NEXT LINE) show the same
 * mark in a name: a name drawn is one line (the key's rows would
 * overlap).  Exports keep them, as they keep newlines. */

/* A header string drawn on one line: newlines, CR, tabs and those line
 * breaks become spaces, the rest as utf8_sanitize. */
char *utf8_display_line(const char *s, size_t len);

/* Length in bytes of the well-formed sequence starting at s (1..4), or 0
 * if s[0..len) does not start with one. */
size_t utf8_sequence_length(const unsigned char *s, size_t len);

/* Cut an incomplete sequence off the end of the NUL-terminated text s:
 * what snprintf leaves when it truncates UTF-8 into a fixed buffer. */
void utf8_trim_partial(char *s);

/* Number of code points in valid UTF-8 text. */
size_t utf8_count(const char *s);

/* Byte offset of code point number k (0-based) in valid UTF-8 text, or the
 * length of s when k is past the end. */
size_t utf8_offset(const char *s, size_t k);

#endif

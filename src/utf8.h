/* SPDX-License-Identifier: BSD-3-Clause */
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
 * replaced by U+FFFD too, since they have no glyph.  For export: every
 * other character stays as it is. */
char *utf8_sanitize(const char *s, size_t len);

/* The same, but newlines, tabs and the other C0 control characters are
 * kept (CSV and JSON export, the HTML page's data: names exact, as read;
 * only bytes that are not UTF-8 become U+FFFD). */
char *utf8_sanitize_lines(const char *s, size_t len);

/* Text to draw: the same as utf8_sanitize, and also what cairo or pango
 * refuse or mangle.  Noncharacters (U+FDD0..U+FDEF, U+nFFFE, U+nFFFF:
 * cairo's PostScript and PDF writers refuse the whole text) and C1
 * control characters become U+FFFD; a grapheme cluster keeps its first
 * UTF8_CLUSTER_MAX combining characters (Unicode's stream-safe limit:
 * thousands of marks on one letter drew as one blot, at a cost quadratic
 * in their number).  Each text is drawn on one line, so line breaks
 * (newline, NEL, U+2028, U+2029) are marked.
 * utf8_display_name: a band name; each line break (a name the RTS wrote
 * over several lines) shows as U+21B5 between thin spaces (U+2009), a
 * visible mark for the break that no space in a name looks like; each
 * tab likewise as U+21E5 (rightwards arrow to bar) between thin spaces,
 * so "a<TAB>b" never looks like "a b".
 * utf8_display_text: a header string (JOB, DATE, units): line breaks and
 * tabs become spaces, as GHC's hp2ps allowed them there. */
#define UTF8_CLUSTER_MAX  30
#define UTF8_NEWLINE_MARK "\xE2\x80\x89\xE2\x86\xB5\xE2\x80\x89"
#define UTF8_TAB_MARK     "\xE2\x80\x89\xE2\x87\xA5\xE2\x80\x89"
char *utf8_display_name(const char *s, size_t len);
char *utf8_display_text(const char *s, size_t len);

/* Whether s is such text already: one line that every format draws
 * (the fuzzer checks every text of a layout with it). */
bool utf8_drawable(const char *s);

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

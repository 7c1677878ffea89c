/* SPDX-License-Identifier: BSD-3-Clause */
/* tune/pdf_zlib_level.c: a PDF's streams deflated at RENDER_ZLIB_LEVEL.
 *
 * A performance trick, in the program only (not libhp2ps.a), where
 * configure finds that a program may define deflateInit_ beside zlib
 * (--disable-pdf-zlib-level leaves it out; so does a static link, where
 * the two definitions would clash).
 *
 * cairo deflates every stream of a PDF (the page's drawing, the fonts) at
 * zlib's default level, 6, and has no setting for it: on a 15 MB profile
 * that was a third of the run, for a file 8 % smaller than level 3 gives
 * (bench/HISTORY.md).  zlib's deflateInit is a macro that calls
 * deflateInit_, which cairo takes from the shared libz; defined in the
 * executable, this one comes first for every library, and asks zlib for
 * RENDER_ZLIB_LEVEL where the default is asked for (a caller that names a
 * level gets that level; libpng names its own).  The streams inflate to
 * the same bytes, so the picture is the same.
 *
 * What would break it: a cairo that calls deflateInit2_ or names a level
 * (then this is never called: level 6, same picture); a zlib whose
 * deflateInit_ does more than deflateInit2_ with its defaults; macOS's
 * two-level namespaces (the library keeps its own).  What notices:
 * tests/formats.sh reads the level back from the streams' zlib headers
 * (78 5E, not 78 9C) when hp2ps --version says this build has it. */
#include <zlib.h>

#include "render.h"

int deflateInit_(z_streamp stream, int level, const char *version, int stream_size)
{
    if (level == Z_DEFAULT_COMPRESSION)
        level = RENDER_ZLIB_LEVEL;
    /* What zlib's own deflateInit_ does, at the level chosen. */
    return deflateInit2_(stream, level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY, version,
                         stream_size);
}

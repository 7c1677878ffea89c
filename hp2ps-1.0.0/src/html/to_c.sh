#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# to_c.sh FILE NAME [FILE NAME...]: each text FILE as a C array NAME of
# its lines, one string literal each (no literal longer than ISO C's
# limit), ended by NULL; on standard output.  Backslashes and quotes are
# escaped, and '?' too, so no '??' can make a trigraph.
set -e
echo "/* Generated from the page's sources by src/html/to_c.sh: do not edit. */"
while [ $# -ge 2 ]; do
    echo "static const char *const $2[] = {"
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/    "/' -e 's/$/\\n",/' "$1"
    echo "    0"
    echo "};"
    shift 2
done

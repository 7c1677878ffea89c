#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# layers.sh: the source keeps its one-way layers (src/LAYERS): no file
# includes or calls a file of a higher layer, and no files call each
# other in a circle (tests/tools/layers.py reads the includes and `nm` of
# the objects the build made).  A change that breaks a layer fails here,
# naming the file, what it reaches and that thing's layer.
top_src=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/lib.sh"
all() { eval "$1"; }
need nm python3
top_build=$(cd "$(dirname "$HP2PS")" && pwd)
python3 "$top_src/tests/tools/layers.py" "$top_src" "$top_build" >layers.txt 2>&1
RC=$?
check "src/LAYERS holds: $(tail -n 1 layers.txt)" [ "$RC" -eq 0 ]
[ "$RC" -eq 0 ] || cat layers.txt >&2
# The check can fail: a lower file that calls a higher one is found.
mkdir -p fake/src
printf 'low: low.c\nhigh: high.c\n' >fake/src/LAYERS
printf '#include "high.h"\nint low(void) { return high(); }\n' >fake/src/low.c
printf 'int low(void);\nint high(void) { return 1; }\n' >fake/src/high.c
printf 'int high(void);\n' >fake/src/high.h
(cd fake && cc -c src/low.c -o src/low.o -Isrc && cc -c src/high.c -o src/high.o) 2>/dev/null
python3 "$top_src/tests/tools/layers.py" fake fake >fake.txt 2>&1
check "a lower file calling a higher one is named" \
    all 'grep -q "src/low.c calls src/high.c (high), of layer high above its own (low)" fake.txt'
finish

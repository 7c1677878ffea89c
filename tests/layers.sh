#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# layers.sh: the source keeps its one-way layers (src/LAYERS): no file
# includes ("x.h" or <x.h>) or calls a file of a higher layer, and no
# files include or call each other in a circle (tests/tools/layers.py
# reads the includes, and `nm` of the objects of this tree's build).  A
# change that breaks a layer fails here, naming the file, what it
# reaches and that thing's layer.  The build read is this source's
# (HP2PS_BUILDDIR, which make check sets; else the source tree itself),
# never whichever program $HP2PS names: layers.py refuses a build of
# another tree, and objects older than their sources.
top_src=$(cd "$(dirname "$0")/.." && pwd)
top_build=${HP2PS_BUILDDIR:-$top_src}
. "$(dirname "$0")/lib.sh"
need nm python3 cc
python3 "$top_src/tests/tools/layers.py" "$top_src" "$top_build" >layers.txt 2>&1
RC=$?
check "src/LAYERS holds: $(tail -n 1 layers.txt)" [ "$RC" -eq 0 ]
[ "$RC" -eq 0 ] || cat layers.txt >&2

# The check can fail: a fake tree with each kind of breach planted alone.
# fake NAME: a clean tree of two layers (low.c calls mid(), both below
# high.c) built in NAME, for a breach to be planted in.
fake() {
    rm -rf "$1" && mkdir -p "$1/src"
    printf 'low: low.[ch] mid.[ch]\nhigh: high.[ch]\n' >"$1/src/LAYERS"
    printf 'int mid(void);\n' >"$1/src/mid.h"
    printf '#include "mid.h"\nint mid(void) { return 2; }\n' >"$1/src/mid.c"
    printf '#include "mid.h"\nint low(void) { return mid(); }\n' >"$1/src/low.c"
    printf 'int low(void);\n' >"$1/src/low.h"
    printf '#include "low.h"\nint high(void) { return low(); }\n' >"$1/src/high.c"
    printf 'int high(void);\n' >"$1/src/high.h"
}
# build NAME: its objects, and a Makefile that says what they are a build of.
build() {
    (cd "$1" && for c in src/*.c; do cc -c "$c" -o "${c%.c}.o" -Isrc || exit 1; done) 2>/dev/null
    printf 'abs_top_srcdir = %s\nOBJS = src/low.$(OBJEXT) src/mid.$(OBJEXT) src/high.$(OBJEXT)\n' \
        "$(cd "$1" && pwd)" >"$1/Makefile"
}
# planted NAME WHAT REGEX: layers.py fails on NAME, saying REGEX.
planted() {
    python3 "$top_src/tests/tools/layers.py" "$1" "${3:-$1}" >"$1.txt" 2>&1
    local rc=$?
    check "$2 is named" grep -Eq -- "$4" "$1.txt"
    check "$2 fails" [ "$rc" -eq 1 ]
}
fake clean && build clean
python3 "$top_src/tests/tools/layers.py" clean clean >clean.txt 2>&1
check "a clean fake tree passes" [ $? -eq 0 ]

fake quoted && printf '#include "high.h"\nint low(void) { return 1; }\n' >quoted/src/low.c && build quoted
planted quoted "a quoted include of a higher layer" "" \
    "src/low.c:1: includes high.h, of layer high above its own \(low\)"

fake angle && printf '#include <high.h>\nint low(void) { return 1; }\n' >angle/src/low.c && build angle
planted angle "an angle include of a higher layer" "" \
    "src/low.c:1: includes high.h, of layer high above its own \(low\)"

fake cycle && printf '#ifndef LOW_H\n#define LOW_H\n#include "mid.h"\nint low(void);\n#endif\n' \
    >cycle/src/low.h &&
    printf '#ifndef MID_H\n#define MID_H\n#include "low.h"\nint mid(void);\n#endif\n' \
    >cycle/src/mid.h && build cycle
planted cycle "two headers including each other" "" \
    "files that include each other in a circle: src/low.h <-> src/mid.h"

fake upward && printf 'int high(void);\nint low(void) { return high(); }\n' >upward/src/low.c && build upward
planted upward "a call of a higher layer" "" \
    "src/low.c calls src/high.c \(high\), of layer high above its own \(low\)"

fake circle && printf 'int low(void);\nint mid(void) { return low(); }\n' >circle/src/mid.c && build circle
planted circle "two files calling each other" "" \
    "files that call each other in a circle: src/low.c <-> src/mid.c"

# ... and it reads the build of the tree it checks: another tree's build
# (as a stale or foreign $HP2PS would be), or objects older than their
# sources, are refused, not read.
fake other && build other
planted clean "another tree's build" other "other is a build of .*/other, not of clean"
fake stale && build stale && touch -d '1 hour ago' stale/src/*.o
planted stale "an object older than its source" "" \
    "src/low.o is older than src/low.c or a header it includes"
fake headers && build headers && touch -d '1 hour ago' headers/src/*.o && touch -d '2 hours ago' headers/src/*.c
planted headers "an object older than a header its source includes" "" \
    "src/mid.o is older than src/mid.c or a header it includes"
fake unbuilt && build unbuilt && rm unbuilt/src/high.o
planted unbuilt "a source its build compiles without an object" "" \
    "src/high.c has no object under unbuilt/src"
finish

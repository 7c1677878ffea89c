#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# truth.sh: the picture is the data, at any number of bands.
#
# A stack of hundreds of bands must have the same outline as the same
# profile drawn as one band (-m1: everything in OTHER, same scale): any
# reduction of the points for output size is shared by all the bands, so
# it can make the picture coarser but never different.  Both are drawn
# with -M (the key on pages of its own, the graph full width on the
# last page), rasterized without antialiasing, and compared by
# tests/tools/silhouette.py.  Profiles come from tests/tools/many_bands.py:
# bands that live in windows, spikes, near-empty samples; one with fewer
# samples than columns (every sample drawn) and one with more (reduced).
. "$(dirname "$0")/lib.sh"
need python3 pdftoppm pdfinfo
TOOLS=$TESTDATA/../tools

last_page() { # last_page PDF PREFIX: rasterize the last page to PREFIX.ppm
    local n
    n=$(pdfinfo "$1" | awk '/^Pages:/ {print $2}')
    pdftoppm -aa no -aaVector no -r 72 -f "$n" -l "$n" -singlefile "$1" "$2"
}

same_outline() { # same_outline NAME BANDS SAMPLES SEED [FLAGS...]
    local name=$1 bands=$2 samples=$3 seed=$4; shift 4
    python3 "$TOOLS/many_bands.py" "$bands" "$samples" "$seed" >"$name.hp"
    "$HP2PS" -c -m0 -M "$@" -o "$name-all.pdf" "$name.hp" &&
        "$HP2PS" -c -m1 -M "$@" -o "$name-one.pdf" "$name.hp" || { fail "$name: drawing failed"; return; }
    last_page "$name-all.pdf" "$name-all" && last_page "$name-one.pdf" "$name-one"
    local verdict
    verdict=$(python3 "$TOOLS/silhouette.py" "$name-all.ppm" "$name-one.ppm")
    case $verdict in
        *" differ 0 "*) pass ;;
        *) fail "$name ($bands bands, $samples samples, $*): -m0 and -m1 outlines differ: $verdict" ;;
    esac
}

same_outline exact 565 400 1              # every sample a point
same_outline reduced 520 2200 3           # more samples than columns
same_outline percent 520 2200 5 --mode=percent

# The comparison itself can fail: a drawing whose stack is cut short (here
# the window ends early, so the outline stops at 60 s) must not pass.
python3 "$TOOLS/many_bands.py" 300 1400 9 >cut.hp
"$HP2PS" -c -m0 -M -o cut-all.pdf cut.hp
"$HP2PS" -c -m1 -M --to 60 -o cut-one.pdf cut.hp
last_page cut-all.pdf cut-all && last_page cut-one.pdf cut-one
verdict=$(python3 "$TOOLS/silhouette.py" cut-all.ppm cut-one.ppm)
case $verdict in
    "columns "*" differ 0 "*) fail "silhouette.py found no difference in a different picture" ;;
    "columns "*" differ "*) pass ;;
    *) fail "the control comparison did not run: $verdict" ;;
esac

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# reproducible.sh: with SOURCE_DATE_EPOCH set (lib.sh), every output
# format is the same bytes from run to run, under any time zone and any
# locale, for a .hp and for an eventlog (whose DATE the reader makes from
# the log's clock: in UTC, and saying so).
. "$(dirname "$0")/lib.sh"

inputs=("$TESTDATA/slowleak/leak-hc.hp" "$TESTDATA/eventlog/newer-hT-heap.eventlog"
        "$TESTDATA/eventlog/tiny-hc.eventlog")
locales=(C)
for l in ${HP2PS_COMMA_LOCALE:-} de_DE.UTF-8 fr_FR.UTF-8 C.UTF-8; do
    [ -n "$(LC_ALL=$l locale decimal_point 2>/dev/null)" ] && locales+=("$l")
done
zones=(UTC0 JST-9 EST5EDT)

draw() { # DIR TZ LOCALE INPUT: every format into DIR
    mkdir -p "$1"
    for f in ps eps pdf svg png html csv json; do
        case $f in eps) flags=-e8in ;; *) flags=-c ;; esac
        # shellcheck disable=SC2086
        TZ=$2 LC_ALL=$3 "$HP2PS" $flags --heap "$4" -o "$1/out.$f" 2>/dev/null ||
            TZ=$2 LC_ALL=$3 "$HP2PS" $flags "$4" -o "$1/out.$f" || return 1
    done
}

for input in "${inputs[@]}"; do
    name=$(basename "$input")
    draw "ref-$name" UTC0 C "$input"
    check "$name: drawn" [ -s "ref-$name/out.png" ]
    for zone in "${zones[@]}"; do
        for loc in "${locales[@]}"; do
            d="$name-$zone-$loc"
            draw "$d" "$zone" "$loc" "$input"
            differ=$(cd "$d" && for f in out.*; do cmp -s "$f" "../ref-$name/$f" || printf '%s ' "$f"; done)
            check "$name, TZ=$zone LC_ALL=$loc: not the bytes of TZ=UTC0 LC_ALL=C: $differ" [ -z "$differ" ]
        done
    done
done
check "an eventlog's DATE is UTC and says so" \
    grep -q '"date": ".* UTC"' "ref-newer-hT-heap.eventlog/out.json"
finish

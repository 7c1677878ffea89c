#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/gate.sh: what the heap budget gate costs beside a drawing of the
# same profile (bench/README.md, "The gate").  For genprof profiles of
# 15 and 148 MB: callgrind's instruction count of one run on one thread
# (HP2PS_THREADS=1; this shared machine's wall clock is noisy), and GNU
# time's peak RSS, for
#   draw      hp2ps --no-aux -o out.ps P
#   pass      hp2ps --check 'peak<=1GB' --check 'slope<=1MB/s' P       (within budget)
#   fail      the same under 1 MB and 1 kB/s, and mean(...)<=1          (the bands named)
#   report    pass --report markdown:... (the ranking of what grew)
#   baseline  hp2ps --baseline P P                                     (every band's end, mean)
# Needs valgrind and GNU time; CC compiles genprof.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
HP2PS=${HP2PS:-$here/../hp2ps}
CC=${CC:-cc}
work=$(mktemp -d "${TMPDIR:-/tmp}/hp2ps-gate-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$CC" -std=c11 -O2 -o "$work/genprof" "$here/genprof.c"
printf '| profile | command | instructions | peak RSS |\n|---|---|--:|--:|\n'
for samples in 2000 20000; do
    p=$work/p$samples.hp
    "$work/genprof" "$samples" 300 >"$p"
    mb=$(awk -v b="$(wc -c <"$p")" 'BEGIN { printf "%.0f", b / 1e6 }')
    for what in draw pass fail report baseline; do
        case $what in
        draw) set -- --no-aux -o "$work/out.ps" "$p" ;;
        pass) set -- --check 'peak<=1GB' --check 'slope<=1MB/s' "$p" ;;
        fail) set -- --check 'peak<=1MB' --check 'slope<=1kB/s' --check 'mean((1))<=1' "$p" ;;
        report) set -- --check 'peak<=1GB' --check 'slope<=1MB/s' --report "markdown:$work/g.md" "$p" ;;
        baseline) set -- --baseline "$p" "$p" ;;
        esac
        ir=$(HP2PS_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$work/cg" \
             "$HP2PS" "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
        rss=$(/usr/bin/time -f %M "$HP2PS" "$@" 2>&1 >/dev/null | tail -n 1)
        printf '| %s MB | %s | %s | %s KB |\n' "$mb" "$what" "$ir" "$rss"
    done
    rm -f "$p"
done

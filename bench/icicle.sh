#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/icicle.sh: --view=icicle and -o FILE.folded against the graph of
# the same profile: wall time (hyperfine, mean and min of 10 runs), peak
# memory (/usr/bin/time's maximum resident set) and, when valgrind is
# there, instructions (callgrind, one run: this machine is shared and its
# clock noisy, the instruction counts are not).  By hand: sh bench/icicle.sh
#
#   p20000     genprof 20000 300: a GHC-shaped -hc .hp of 20,000 censuses
#              (names cut at -L25, so most stacks are cut)
#   el4500     genprof --eventlog 4500 300: the same shape as an eventlog
#   many647    tests/tools/many_bands.py 647 400, with -m0 -t0
#   million    genprof 8 1000000: a million names (the tree's root has a
#              million children)
#   where      tests/data/icicle/where-hc-L5000.eventlog: 303 frames deep
#
# Environment: HP2PS (default ./hp2ps), CC (for genprof.c), BENCH_DIR
# (default: a new directory in /tmp, removed after).  Run from the build
# directory (make builds ./hp2ps there), or set HP2PS.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
HP2PS=$(cd "$(dirname "${HP2PS:-./hp2ps}")" && pwd)/$(basename "${HP2PS:-./hp2ps}")
CC=${CC:-cc}
[ -x "$HP2PS" ] || { echo "icicle.sh: no hp2ps at $HP2PS (build it first, or set HP2PS)" >&2; exit 1; }
work=${BENCH_DIR:-$(mktemp -d /tmp/hp2ps-icicle.XXXXXX)}
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$work"' EXIT
cd "$work"
"$CC" -std=c11 -O2 -o genprof "$here/genprof.c"
./genprof 20000 300 >p20000.hp
./genprof --eventlog 4500 300 >el4500.eventlog
python3 "$here/../tests/tools/many_bands.py" 647 400 1 >many647.hp
./genprof 8 1000000 >million.hp
cp "$here/../tests/data/icicle/where-hc-L5000.eventlog" where.eventlog

for p in p20000.hp el4500.eventlog many647.hp million.hp where.eventlog; do
    flags=
    [ "$p" = many647.hp ] && flags="-m0 -t0"
    echo "== $p ($(du -k "$p" | cut -f1) kB)"
    for what in "graph:-o out.pdf" "icicle:--view=icicle -o out.pdf" \
                "icicle-png:--view=icicle -o out.png" "folded:-o out.folded"; do
        name=${what%%:*} args=${what#*:}
        # shellcheck disable=SC2086 # flags and args are lists
        mean=$(hyperfine -N -w 1 -r 10 --export-json t.json "$HP2PS $flags $args --no-aux $p" \
                   >/dev/null 2>&1 && python3 -c "import json; r = json.load(open('t.json'))['results'][0]; print('%.1f ms (min %.1f)' % (r['mean'] * 1e3, r['min'] * 1e3))")
        # shellcheck disable=SC2086
        rss=$( { /usr/bin/time -f %M "$HP2PS" $flags $args --no-aux "$p" 2>&1 >/dev/null; } | tail -n 1)
        ins=-
        if command -v valgrind >/dev/null 2>&1; then
            # shellcheck disable=SC2086
            ins=$(valgrind --tool=callgrind --callgrind-out-file=cg.out "$HP2PS" $flags $args \
                      --no-aux "$p" 2>&1 | sed -n 's/.*Collected : *//p')
        fi
        printf '  %-11s %-26s %8s kB  %s instructions\n' "$name" "$mean" "$rss" "$ins"
    done
done

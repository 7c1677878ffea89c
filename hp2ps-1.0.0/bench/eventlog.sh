#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/eventlog.sh: reading an eventlog against reading the .hp of the
# same run.  genprof writes one GHC-shaped run both ways (the same
# censuses, names, values and times; --eventlog for the binary form), and
# hp2ps draws each: wall and CPU time (the best and the mean of RUNS
# runs), peak RSS, from the file and from a pipe.  Not part of make check.
#
#   bench/eventlog.sh [SAMPLES [NAMES [RUNS]]]     defaults: 4500 300 5
#
# Environment: HP2PS (default ./hp2ps), CC (default cc), BENCH_DIR (where
# the two profiles go; default a new directory in /tmp, removed after).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
HP2PS=$(cd "$(dirname "${HP2PS:-./hp2ps}")" && pwd)/$(basename "${HP2PS:-./hp2ps}")
samples=${1:-4500} names=${2:-300} runs=${3:-5}
[ -x /usr/bin/time ] || { echo "eventlog.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hp2ps-elbench.XXXXXX")}
mkdir -p "$work"
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$work"' EXIT INT TERM
"${CC:-cc}" -std=c11 -O2 -o "$work/genprof" "$here/genprof.c"
"$work/genprof" "$samples" "$names" >"$work/run.hp"
"$work/genprof" --eventlog "$samples" "$names" >"$work/run.eventlog"

# measure LABEL COMMAND...: RUNS runs; best and mean wall, mean CPU (user +
# system), peak RSS of the last, in one table row.
measure() {
    label=$1; shift
    : >"$work/times"
    i=0
    while [ "$i" -lt "$runs" ]; do
        /usr/bin/time -f '%e %U %S %M' -o "$work/t" "$@" >/dev/null
        cat "$work/t" >>"$work/times"
        i=$((i + 1))
    done
    awk -v label="$label" -v mb="$mb" '
        { w = $1; c = $2 + $3; sw += w; sc += c; if (NR == 1 || w < best) best = w; rss = $4 }
        END { printf "| %s | %.1f | %.0f | %.0f | %.0f | %.1f | %.1f |\n", label, mb, best * 1000,
              sw / NR * 1000, sc / NR * 1000, sc / NR * 1000 / mb, rss / 1024 }' "$work/times"
}

echo "genprof $samples $names: $(wc -c <"$work/run.hp") bytes of .hp, $(wc -c <"$work/run.eventlog") bytes of eventlog"
echo
echo '| input | MB | best ms | mean ms | CPU ms | CPU ms/MB | peak RSS MB |'
echo '|---|---|---|---|---|---|---|'
cd "$work"
for kind in hp eventlog; do
    f=$work/run.$kind
    mb=$(awk -v n="$(wc -c <"$f")" 'BEGIN { printf "%.2f", n / 1e6 }')
    measure ".$kind, file" "$HP2PS" -o "$work/out.ps" "$f"
    measure ".$kind, pipe" sh -c "cat '$f' | '$HP2PS' >'$work/pipe.ps'"
done
# the same drawing, but for the x axis's word "elapsed"
"$HP2PS" -m0 -o "$work/a.csv" "$work/run.hp"
"$HP2PS" -m0 -o "$work/b.csv" "$work/run.eventlog"
if cmp -s "$work/a.csv" "$work/b.csv"; then echo; echo "(the two exports, -m0 -o x.csv, are identical)"; fi

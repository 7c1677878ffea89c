#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/top.sh: what --top (issue 38) costs beside drawing the same
# profile: the table alone (`hp2ps --top p.hp`), and a drawing that names
# the leaks under its title (`hp2ps --top -o p.ps p.hp`), each against the
# plain drawing (`hp2ps -o p.ps p.hp`), on GHC-shaped profiles of 15 MB
# and 148 MB (bench/genprof.c: 2,000 and 20,000 censuses of 300 names).
#
# Three measures, since this shared machine's wall clock is noisy:
#   - hyperfine (-N, 1 warm-up, RUNS runs): mean wall and user + system
#     time of each command, each run of all three in turn;
#   - callgrind's instruction count of each command, on one thread
#     (HP2PS_THREADS=1), on the 15 MB profile (and the 148 MB one with
#     BENCH_TOP_BIG=1: minutes);
#   - GNU time's peak RSS, from the file and from a pipe.
# Usage: sh bench/top.sh   (HP2PS=path, RUNS=n, SIZES="2000 20000", BENCH_DIR=dir, CC=cc)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
HP2PS=$(cd "$(dirname "${HP2PS:-./hp2ps}")" && pwd)/$(basename "${HP2PS:-./hp2ps}")
CC=${CC:-cc}
RUNS=${RUNS:-10}
[ -x "$HP2PS" ] || { echo "top.sh: no hp2ps at $HP2PS" >&2; exit 1; }
for tool in hyperfine valgrind; do
    command -v "$tool" >/dev/null 2>&1 || { echo "top.sh: needs $tool" >&2; exit 1; }
done
[ -x /usr/bin/time ] || { echo "top.sh: needs GNU time (/usr/bin/time)" >&2; exit 1; }

work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hp2ps-top.XXXXXX")}
out=$(mktemp -d "$( [ -w /dev/shm ] && echo /dev/shm || echo "$work")/hp2ps-top-out.XXXXXX")
trap 'rm -rf "$out"; [ -n "${BENCH_DIR:-}" ] || rm -rf "$work"' EXIT INT TERM
"$CC" -std=c11 -O2 -o "$work/genprof" "$here/genprof.c"

peak_rss_mb() {
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }'
}
instructions() { # callgrind's count of the command, one thread
    HP2PS_THREADS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
        awk '/Collected :/ { print $4 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "| profile | command | wall mean ms | CPU ms | CPU / drawing | instructions | / drawing | peak RSS MB | from a pipe MB |"
echo "|---|---|---|---|---|---|---|---|---|"
for samples in ${SIZES:-2000 20000}; do
    p=$work/p$samples.hp
    "$work/genprof" "$samples" 300 >"$p"
    mb=$(awk -v b="$(wc -c <"$p")" 'BEGIN { printf "%.0f", b / 1e6 }')
    draw="$HP2PS --no-aux -o $out/draw.ps $p"
    table="$HP2PS --top -o $out/top.txt $p"
    line="$HP2PS --top --no-aux -o $out/line.ps $p"
    hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$out/h.json" "$draw" "$table" "$line" \
        >/dev/null 2>&1
    set -- $(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print(" ".join("%.1f %.1f" % (x["mean"] * 1e3, (x["user"] + x["system"]) * 1e3) for x in r))' "$out/h.json")
    dw=$1 dc=$2 tw=$3 tc=$4 lw=$5 lc=$6
    if [ "$samples" = 2000 ] || [ -n "${BENCH_TOP_BIG:-}" ]; then
        di=$(instructions $draw) ti=$(instructions $table) li=$(instructions $line)
        tr=$(ratio "$ti" "$di") lr=$(ratio "$li" "$di")
    else
        di=- ti=- li=- tr=- lr=-
    fi
    for row in "drawing|$draw|$dw|$dc|$di|1.00" "--top (table)|$table|$tw|$tc|$ti|$tr" \
               "--top, drawing + line|$line|$lw|$lc|$li|$lr"; do
        IFS='|' read -r label cmd wall cpu ins insr <<EOF
$row
EOF
        # shellcheck disable=SC2086
        rss=$(peak_rss_mb $cmd)
        # shellcheck disable=SC2086
        pipe=$(peak_rss_mb sh -c "cat $p | ${cmd% $p} -")
        echo "| gen-$samples ($mb MB) | $label | $wall | $cpu | $(ratio "$cpu" "$dc") | $ins | $insr | $rss | $pipe |"
    done
    rm -f "$p"
done

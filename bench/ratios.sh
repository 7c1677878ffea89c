#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/ratios.sh: issue 43's table.  Each row is hp2ps against its
# reference, both measured in this run: instructions (callgrind, every
# thread: a count that the other work on a shared machine does not
# change), and where the goal is one of time, the times (hyperfine), with
# the outputs on tmpfs and on a disk.  It says which goals are met.
# `make bench` runs it after bench/run.sh; bench/README.md has the table.
#
# Environment: HP2PS (default ./hp2ps), GHC_HP2PS (as run.sh), CC,
# BENCH_DIR (profiles; default a new dir in $TMPDIR or /tmp: a disk here),
# BENCH_SHM (default /dev/shm), BENCH_LIBS=1 (also what loading each
# shared library costs: 40 runs of callgrind more).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
HP2PS=$(cd "$(dirname "${HP2PS:-./hp2ps}")" && pwd)/$(basename "${HP2PS:-./hp2ps}")
CC=${CC:-cc}
if [ -z "${GHC_HP2PS:-}" ]; then
    GHC_HP2PS=/usr/bin/hp2ps
    if [ -f /usr/bin/hp2ps ] && head -c 2 /usr/bin/hp2ps | grep -q '#!'; then
        ghcbin=$(sed -n 's/^exedir="\(.*\)"$/\1/p' /usr/bin/hp2ps)/hp2ps
        [ -x "$ghcbin" ] && GHC_HP2PS=$ghcbin
    fi
fi
for tool in valgrind callgrind_annotate hyperfine; do
    command -v $tool >/dev/null 2>&1 || { echo "ratios.sh: needs $tool"; exit 1; }
done
[ -x /usr/bin/time ] || { echo "ratios.sh: needs GNU time (/usr/bin/time)"; exit 1; }

work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hp2ps-ratios.XXXXXX")}
shm=$(mktemp -d "${BENCH_SHM:-/dev/shm}/hp2ps-ratios.XXXXXX")
disk=$work/out
mkdir -p "$disk"
trap 'rm -rf "$shm"; [ -n "${BENCH_DIR:-}" ] || rm -rf "$work"' EXIT INT TERM
export SOURCE_DATE_EPOCH=1700000000
cd "$shm" # (where each run's .aux goes)

"$CC" -std=c11 -O2 -o "$work/genprof" "$here/genprof.c"
"$CC" -std=c11 -O2 -o "$work/save" "$here/save.c"
# shellcheck disable=SC2046 # the flags are words
"$CC" -std=c11 -O2 -o "$work/floor" "$here/floor.c" $(pkg-config --cflags --libs pangocairo cairo-ps)
small=$here/../samples/leakmean-hc.hp
python3 "$here/../tests/tools/many_bands.py" 646 400 1 >"$work/many646.hp"
"$work/genprof" 20000 300 >"$work/gen20000.hp"
"$work/genprof" --eventlog 4500 300 >"$work/run.eventlog"
evs=""
if command -v ghc >/dev/null 2>&1 && ghc-pkg list ghc-events 2>/dev/null | grep -q ghc-events &&
   ghc -O2 -outputdir "$work/evs" "$here/evsamples.hs" -o "$work/evsamples" >/dev/null 2>&1; then
    evs=$work/evsamples
fi

# ir CMD...: the instructions CMD runs, every thread (callgrind)
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/cg.err" ||
        { echo "ratios.sh: failed under callgrind: $*" >&2; cat "$work/cg.err" >&2; exit 1; }
    awk '/Collected :/ { print $NF }' "$work/cg.err"
}
mi() { awk -v n="$1" 'BEGIN { printf "%.1f M", n / 1e6 }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
met() { awk -v r="$1" -v op="$2" -v l="$3" 'BEGIN { print (op == "<=" ? r <= l : r >= l) ? "yes" : "no" }'; }
# times CSV N: hyperfine's Nth command (1, 2): mean ms, min ms, max ms, CPU ms
col() { awk -F, -v r="$(( $2 + 1 ))" -v c="$3" 'NR == r { printf "%.1f", $c * 1000 }' "$1"; }
cpu() { awk -F, -v r="$(( $2 + 1 ))" 'NR == r { printf "%.1f", ($5 + $6) * 1000 }' "$1"; }

echo "Issue 43's table: instructions (callgrind, every thread) and, where the goal is a time, hyperfine's"
echo
echo "| input -> PS | hp2ps | reference | ratio | goal | met |"
echo "|---|---|---|---|---|---|"

a=$(ir "$HP2PS" -o "$shm/s.ps" "$small")
b=$(ir "$work/floor" "$shm/floor.ps")
r=$(div "$a" "$b")
echo "| 18 KB real (samples/leakmean-hc.hp), instructions | $(mi "$a") | floor program $(mi "$b") | $r | <= 1.15 | $(met "$r" "<=" 1.15) |"

if [ -x "$GHC_HP2PS" ]; then
    cp "$work/many646.hp" "$shm/many646.hp"
    a=$(ir "$HP2PS" -o "$shm/m.ps" "$work/many646.hp")
    b=$(cd "$shm" && ir "$GHC_HP2PS" many646.hp)
    echo "| 1.3 MB, 646 names (many_bands.py 646 400 1), instructions | $(mi "$a") | GHC's hp2ps $(mi "$b") | $(div "$b" "$a") fewer | - | - |"
    for where in "$shm" "$disk"; do
        cp "$work/many646.hp" "$where/many646.hp"
        (cd "$where" && hyperfine -N --style none --warmup 2 --runs 30 --export-csv "$work/m.csv" \
            "$GHC_HP2PS many646.hp" "$HP2PS -o $where/m.ps many646.hp" >/dev/null 2>&1)
        g=$(col "$work/m.csv" 1 2) o=$(col "$work/m.csv" 2 2)
        worst=$(div "$(col "$work/m.csv" 1 7)" "$(col "$work/m.csv" 2 8)") # GHC's fastest / our slowest
        r=$(div "$g" "$o")
        kind=tmpfs; [ "$where" = "$disk" ] && kind="disk ($(stat -f -c %T "$disk"))"
        echo "| 1.3 MB, 646 names, wall time, outputs on $kind | ours $o ms | GHC's $g ms | $r faster (GHC's fastest / our slowest run: $worst) | >= 1.3 every run | $(met "$worst" ">=" 1.3) |"
    done
fi

a=$(ir "$HP2PS" -o "$shm/g.ps" "$work/gen20000.hp")
b=$(ir wc -l "$work/gen20000.hp")
hyperfine -N --style none --warmup 1 --runs 10 --export-csv "$work/g.csv" \
    "$HP2PS -o $shm/g.ps $work/gen20000.hp" "wc -l $work/gen20000.hp" >/dev/null 2>&1
r=$(div "$(cpu "$work/g.csv" 1)" "$(cpu "$work/g.csv" 2)")
mb=$(awk -v n="$(wc -c <"$work/gen20000.hp")" 'BEGIN { printf "%.0f", n / 1e6 }')
echo "| $mb MB synthetic (genprof 20000 300), CPU time | $(cpu "$work/g.csv" 1) ms ($(mi "$a")) | \`wc -l\` $(cpu "$work/g.csv" 2) ms ($(mi "$b")) | $r ($(div "$a" "$b") by instructions) | <= 5 | $(met "$r" "<=" 5) |"
# The same two in alternation (cpu_ab.py), medians: hyperfine runs all of
# one and then all of the other, which a machine's drift over a minute
# sets apart; the row's verdict stays hyperfine's.
if command -v python3 >/dev/null 2>&1; then
    python3 "$here/cpu_ab.py" 15 "$HP2PS" -o "$shm/g.ps" "$work/gen20000.hp" -- wc -l "$work/gen20000.hp" >"$work/ab.txt"
    ha=$(sed -n '1s/.*CPU median \([0-9.]*\) ms.*/\1/p' "$work/ab.txt")
    hb=$(sed -n '2s/.*CPU median \([0-9.]*\) ms.*/\1/p' "$work/ab.txt")
    echo "| the same in alternation (bench/cpu_ab.py 15), CPU time medians | $ha ms | \`wc -l\` $hb ms | $(div "$ha" "$hb") | (<= 5) | (hyperfine's above) |"
fi

a=$(ir "$HP2PS" -o "$shm/e.ps" "$work/run.eventlog")
c=$(ir "$HP2PS" -m0 -t0 -o "$shm/e.csv" "$work/run.eventlog")
if [ -n "$evs" ]; then
    b=$(ir "$evs" "$work/run.eventlog")
    r=$(div "$b" "$a") r2=$(div "$b" "$c")
    echo "| 53 MB eventlog (genprof --eventlog 4500 300), instructions | PS $(mi "$a") | ghc-events' decode $(mi "$b") | $r fewer | >= 10 | $(met "$r" ">=" 10) |"
    echo "| the same, CSV (-m0 -t0) | $(mi "$c") | ghc-events' decode $(mi "$b") | $r2 fewer | >= 10 | $(met "$r2" ">=" 10) |"
else
    echo "| 53 MB eventlog, instructions | PS $(mi "$a"), CSV $(mi "$c") | ghc-events not installed (apt-get install libghc-ghc-events-dev) | - | >= 10 | - |"
fi

rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
ours=0 floor=0
for _ in 1 2 3 4 5; do
    o=$(rss "$HP2PS" -o "$shm/g.ps" "$work/gen20000.hp")
    f=$(rss "$work/floor" "$shm/floor.ps")
    [ "$o" -gt "$ours" ] && ours=$o
    [ "$f" -gt "$floor" ] && floor=$f
done
over=$(awk -v a="$ours" -v b="$floor" 'BEGIN { printf "%.1f", (a - b) / 1024 }')
echo "| peak RSS at $mb MB (the largest of 5 runs each) | $(awk -v a="$ours" 'BEGIN { printf "%.1f", a / 1024 }') MiB | floor program $(awk -v a="$floor" 'BEGIN { printf "%.1f", a / 1024 }') MiB | +$over MiB | <= +3 MiB | $(met "$over" "<=" 3) |"

echo
echo "Saving one output (bench/save.c: a temporary file written, synced or not, renamed over the"
echo "target; 60 times; median and 90th percentile, ms).  hp2ps syncs only with --fsync."
echo
echo "| where | size | fsync | median ms | 90% ms |"
echo "|---|---|---|---|---|"
for where in "$shm" "$disk"; do
    kind=$(stat -f -c %T "$where")
    for kb in 34 250; do
        "$work/save" "$where" "$kb" 60 | while IFS="$(printf '\t')" read -r _ how med p90; do
            echo "| $kind | $kb KB | $how | $med | $p90 |"
        done
    done
done

if [ -n "${BENCH_LIBS:-}" ]; then
    "$CC" -std=c11 -O2 -o "$work/libs" "$here/libs.c" -ldl
    echo
    echo "Loading each shared library hp2ps links (bench/libs.c, in the order the dynamic linker"
    echo "initialises them; instructions, callgrind):"
    echo
    echo "| library | instructions |"
    echo "|---|---|"
    libs=$(LD_DEBUG=files "$HP2PS" --version 2>&1 >/dev/null | sed -n 's/.*calling init: //p' |
           grep -v -e ld-linux -e 'libc\.so')
    n=0 prev=$(ir "$work/libs" 0)
    for lib in $libs; do
        n=$((n + 1))
        # shellcheck disable=SC2086 # the libraries are words
        now=$(ir "$work/libs" "$n" $libs)
        echo "| $(basename "$lib") | $(awk -v a="$now" -v b="$prev" 'BEGIN { printf "%.2f M", (a - b) / 1e6 }') |"
        prev=$now
    done
    echo "| all, loaded by hp2ps --version | $(mi "$(ir "$HP2PS" --version)") |"
fi
echo
echo "hp2ps: $HP2PS; machine: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); profiles and disk outputs in $work ($(stat -f -c %T "$work"))"

#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/run.sh: hp2ps against `wc -l` and GHC's hp2ps on GHC-shaped
# profiles of growing size, and on a real one; then the targets of issue
# 17, each a ratio of two commands timed in one hyperfine run (against
# GHC's hp2ps, `wc -l`, the floor program bench/floor.c, or hp2ps itself
# in another format).  `make bench` runs it; see bench/README.md for what
# it measures and the latest tables.
#
# Environment:
#   HP2PS=path        the hp2ps to measure (default: ./hp2ps)
#   GHC_HP2PS=path    GHC's hp2ps (default: the binary that /usr/bin/hp2ps,
#                     a shell script, runs, else /usr/bin/hp2ps; skipped
#                     when absent)
#   BENCH_HUGE=1      also the 1.5 GB profile (written to BENCH_DIR, deleted after)
#   BENCH_GHC_BIG=1   also run GHC's hp2ps on the 60 MB and larger profiles
#                     (it is quadratic: minutes)
#   BENCH_DIR=dir     where the profiles go (default: a new dir in /tmp)
#   BENCH_OUT=dir     where the outputs go (default: a new dir in /dev/shm when
#                     it is there: a disk mounted with `discard` makes every
#                     replaced output wait for the device, which is not what
#                     is being measured)
#   CC=compiler       for bench/genprof.c (default: cc)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
HP2PS=$(cd "$(dirname "${HP2PS:-./hp2ps}")" && pwd)/$(basename "${HP2PS:-./hp2ps}")
# GHC's /usr/bin/hp2ps is a shell script that execs the binary: timing the
# binary leaves out a shell's start-up (about 1 ms), which is not GHC's.
if [ -z "${GHC_HP2PS:-}" ]; then
    GHC_HP2PS=/usr/bin/hp2ps
    if [ -f /usr/bin/hp2ps ] && head -c 2 /usr/bin/hp2ps | grep -q '#!'; then
        ghcbin=$(sed -n 's/^exedir="\(.*\)"$/\1/p' /usr/bin/hp2ps)/hp2ps
        [ -x "$ghcbin" ] && GHC_HP2PS=$ghcbin
    fi
fi
CC=${CC:-cc}
NAMES=300

[ -x "$HP2PS" ] || { echo "run.sh: no hp2ps at $HP2PS (build it first, or set HP2PS)" >&2; exit 1; }

# The measuring tools.
missing=""
command -v hyperfine >/dev/null 2>&1 || missing="$missing hyperfine"
[ -x /usr/bin/time ] || missing="$missing time"
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "run.sh: installing$missing" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    else
        echo "run.sh: needs$missing (apt-get install$missing)" >&2
        exit 1
    fi
fi

work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hp2ps-bench.XXXXXX")}
if [ -n "${BENCH_OUT:-}" ]; then
    out=$BENCH_OUT
elif [ -d /dev/shm ] && [ -w /dev/shm ]; then
    out=$(mktemp -d /dev/shm/hp2ps-bench.XXXXXX)
else
    out=$work/out
fi
mkdir -p "$work" "$out/ghc"
cleanup() {
    if [ -n "${BENCH_DIR:-}" ]; then rm -f "$work"/*.hp; else rm -rf "$work"; fi
    [ -n "${BENCH_OUT:-}" ] || rm -rf "$out"
}
trap cleanup EXIT INT TERM

"$CC" -std=c11 -O2 -o "$work/genprof" "$here/genprof.c"
# The floor: a program that only opens a cairo PostScript surface and sets
# one string with pango (bench/floor.c).
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
# shellcheck disable=SC2046 # the flags are words
"$CC" -std=c11 -O2 -o "$work/floor" "$here/floor.c" \
    $("$PKG_CONFIG" --cflags --libs pangocairo cairo-ps)

# mean_ms CSV: the mean wall time of hyperfine's first command, in ms;
# cpu_ms CSV: its mean user + system time.
mean_ms() { awk -F, 'NR == 2 { printf "%.1f", $2 * 1000 }' "$1"; }
min_ms() { awk -F, 'NR == 2 { printf "%.1f", $7 * 1000 }' "$1"; }
cpu_ms() { awk -F, 'NR == 2 { printf "%.1f", ($5 + $6) * 1000 }' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.1f", a / b }'; }
kbytes() { awk -v n="$(wc -c < "$1")" 'BEGIN { printf "%.0f", n / 1024 }'; }
peak_rss_mb() { # peak RSS of the command, in MB
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }'
}

printf '| profile | size | samples | hp2ps (min) | CPU | ms/MB | marginal ms/MB | GHC hp2ps (CPU) | GHC/ours | GHC/ours CPU | wc -l | ours/wc | peak RSS | stdin RSS | PS | SVG | PDF |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n'
prev_mb="" prev_ms=""

# row LABEL FILE SAMPLES RUNS GHC(yes/no)
row() {
    label=$1 file=$2 samples=$3 runs=$4 ghc=$5
    mb=$(awk -v n="$(wc -c < "$file")" 'BEGIN { printf "%.2f", n / 1e6 }')
    cd "$out"
    hyperfine -N --style none --warmup 1 --runs "$runs" --export-csv "$work/ours.csv" \
        "$HP2PS -o $out/out.ps $file" >/dev/null 2>&1
    ours=$(mean_ms "$work/ours.csv")
    omin=$(min_ms "$work/ours.csv")
    cpu=$(cpu_ms "$work/ours.csv")
    hyperfine -N --style none --warmup 1 --runs 10 --export-csv "$work/wc.csv" \
        "wc -l $file" >/dev/null 2>&1
    wc=$(mean_ms "$work/wc.csv")
    ghcms="" ghccpu=""
    if [ "$ghc" = yes ] && [ -x "$GHC_HP2PS" ]; then
        ln -sf "$file" "$out/ghc/$label.hp"
        # Quadratic: one run once it takes minutes.
        gruns=3 gwarm=1
        [ "$samples" -gt 2000 ] && gruns=1 gwarm=0
        (cd "$out/ghc" && hyperfine -N --style none --warmup $gwarm --runs $gruns \
            --export-csv "$work/ghc.csv" "$GHC_HP2PS $label.hp" >/dev/null 2>&1) && \
            ghcms=$(mean_ms "$work/ghc.csv") ghccpu=$(cpu_ms "$work/ghc.csv")
    fi
    rss=$(peak_rss_mb "$HP2PS" -o "$out/out.ps" "$file")
    srss=$(cat "$file" | peak_rss_mb "$HP2PS" -o "$out/stdin.ps")
    cmp -s "$out/out.ps" "$out/stdin.ps" || srss="$srss (differs!)"
    ps=$(kbytes "$out/out.ps")
    "$HP2PS" -o "$out/out.svg" "$file"
    "$HP2PS" -o "$out/out.pdf" "$file"
    svg=$(kbytes "$out/out.svg")
    pdf=$(kbytes "$out/out.pdf")
    permb=$(ratio "$ours" "$mb")
    # The cost of each further megabyte: from the previous synthetic row.
    marginal=-
    if [ -n "$prev_mb" ]; then
        marginal=$(awk -v a="$ours" -v b="$prev_ms" -v c="$mb" -v d="$prev_mb" \
            'BEGIN { printf "%.2f", (a - b) / (c - d) }')
    fi
    case $label in gen-*) prev_mb=$mb prev_ms=$ours ;; esac
    printf '| %s | %s MB | %s | %s ms (%s) | %s ms | %s | %s | %s | %s | %s | %s ms | %s | %s MB | %s MB | %s KB | %s KB | %s KB |\n' \
        "$label" "$mb" "$samples" "$ours" "$omin" "$cpu" "$permb" "$marginal" \
        "${ghcms:+$ghcms ms ($ghccpu)}" "$(ratio "$ghcms" "$ours")" "$(ratio "$ghccpu" "$cpu")" \
        "$wc" "$(ratio "$ours" "$wc")" "$rss" "$srss" "$ps" "$svg" "$pdf"
}

# A real profile, program start and fonts included.
row longrun-hd "$here/longrun-hd.hp" "$(grep -c '^BEGIN_SAMPLE' "$here/longrun-hd.hp")" 30 yes

for samples in 200 2000 8000 20000; do
    "$work/genprof" "$samples" "$NAMES" > "$work/p$samples.hp"
    case $samples in
        200) runs=20 ghc=yes ;;
        2000) runs=10 ghc=yes ;;
        *) runs=5 ghc=${BENCH_GHC_BIG:+yes} ;;
    esac
    row "gen-$samples" "$work/p$samples.hp" "$samples" "$runs" "${ghc:-no}"
    case $samples in 2000 | 20000) ;; *) rm -f "$work/p$samples.hp" ;; esac # the targets use these
done

huge_rss=""
if [ -n "${BENCH_HUGE:-}" ]; then
    "$work/genprof" 200000 "$NAMES" > "$work/p200000.hp"
    row gen-200000 "$work/p200000.hp" 200000 3 no
    huge_rss=$(peak_rss_mb "$HP2PS" -o "$out/out.ps" "$work/p200000.hp")
    rm -f "$work/p200000.hp"
fi

# ---- The targets of issue 17: each a ratio of two commands timed in the
# same hyperfine run (all runs of the first, then all of the second), by
# the means and, in brackets, by the minimums.

# pair RUNS CMD_A CMD_B: times both; sets a_mean, b_mean, a_min, b_min (ms).
# They run in out/ghc, where GHC's hp2ps writes its output (next to its
# input, which is linked there): its commands name their input relatively,
# the others absolutely.
pair() {
    runs=$1
    shift
    (cd "$out/ghc" && hyperfine -N --style none --warmup 2 --runs "$runs" \
        --export-csv "$work/pair.csv" "$@" >/dev/null 2>&1)
    a_mean=$(mean_ms "$work/pair.csv") a_min=$(min_ms "$work/pair.csv")
    b_mean=$(awk -F, 'NR == 3 { printf "%.1f", $2 * 1000 }' "$work/pair.csv")
    b_min=$(awk -F, 'NR == 3 { printf "%.1f", $7 * 1000 }' "$work/pair.csv")
    a_cpu=$(cpu_ms "$work/pair.csv")
    b_cpu=$(awk -F, 'NR == 3 { printf "%.1f", ($5 + $6) * 1000 }' "$work/pair.csv")
}
ratio2() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.2f", a / b }'; }
# target WHAT A_LABEL B_LABEL RATIO(means) RATIO(mins) GOAL(<= or >=) LIMIT
# (the CPU times' ratio, from pair's, is printed too: on a busy machine
# the wall times wait for the processor, the CPU times less so)
target() {
    met=$(awk -v r="$4" -v op="$6" -v l="$7" 'BEGIN {
        if (r == "-") print "-"; else if (op == ">=") print (r >= l ? "yes" : "no"); else print (r <= l ? "yes" : "no") }')
    printf '| %s | %s | %s | %s (%s) | %s | %s %s | %s |\n' "$1" "$2" "$3" "$4" "$5" \
        "$(ratio2 "$a_cpu" "$b_cpu")" "$6" "$7" "$met"
}

echo
echo "Targets (issue 17), each ratio from one hyperfine run of both commands: wall time means (minimums), and user + system CPU time"
echo
printf '| target | A | B | A/B | A/B CPU | goal (wall) | met |\n'
printf '|---|---|---|---|---|---|---|\n'

ln -sf "$here/longrun-hd.hp" "$out/ghc/longrun-hd.hp"
ln -sf "$here/../samples/leakmean-hc.hp" "$out/ghc/leakmean-hc.hp"
ln -sf "$work/p2000.hp" "$out/ghc/gen-2000.hp"
if [ -x "$GHC_HP2PS" ]; then
    pair 30 "$GHC_HP2PS longrun-hd.hp" "$HP2PS -o $out/out.ps $here/longrun-hd.hp"
    target "longrun-hd.hp (1 MB, real): GHC's hp2ps / hp2ps" "GHC $a_mean ms" "ours $b_mean ms" \
        "$(ratio2 "$a_mean" "$b_mean")" "$(ratio2 "$a_min" "$b_min")" ">=" 1.3
    # Not a target: the most that ratio can be.  Loading cairo's and
    # pango's some 40 shared libraries, with nothing read or drawn
    # (bench/floor.c --load-only), against GHC's whole run.
    pair 30 "$GHC_HP2PS longrun-hd.hp" "$work/floor --load-only"
    printf '| longrun-hd.hp: GHC'"'"'s hp2ps / the libraries loaded, nothing done (the ceiling of the ratio above; no goal) | GHC %s ms | libraries %s ms | %s (%s) | %s | - | - |\n' \
        "$a_mean" "$b_mean" "$(ratio2 "$a_mean" "$b_mean")" "$(ratio2 "$a_min" "$b_min")" "$(ratio2 "$a_cpu" "$b_cpu")"
fi

small=$here/../samples/leakmean-hc.hp
pair 30 "$HP2PS -o $out/out.ps $small" "$work/floor $out/floor.ps"
target "leakmean-hc.hp (18 KB, real): hp2ps / the floor program" "ours $a_mean ms" "floor $b_mean ms" \
    "$(ratio2 "$a_mean" "$b_mean")" "$(ratio2 "$a_min" "$b_min")" "<=" 1.15

if [ -x "$GHC_HP2PS" ]; then
    pair 5 "$GHC_HP2PS gen-2000.hp" "$HP2PS -o $out/out.ps $work/p2000.hp"
    target "gen-2000 (15 MB): GHC's hp2ps / hp2ps" "GHC $a_mean ms" "ours $b_mean ms" \
        "$(ratio2 "$a_mean" "$b_mean")" "$(ratio2 "$a_min" "$b_min")" ">=" 15
fi

pair 10 "$HP2PS -o $out/out.ps $work/p20000.hp" "wc -l $work/p20000.hp"
target "gen-20000 (148 MB): hp2ps / \`wc -l\`" "ours $a_mean ms" "wc $b_mean ms" \
    "$(ratio2 "$a_mean" "$b_mean")" "$(ratio2 "$a_min" "$b_min")" "<=" 5

for fmt in png pdf svg; do
    limit=1.3
    [ $fmt = png ] && limit=1.5
    pair 20 "$HP2PS -o $out/out.$fmt $work/p2000.hp" "$HP2PS -o $out/out.ps $work/p2000.hp"
    target "gen-2000 (15 MB): $(echo $fmt | tr '[:lower:]' '[:upper:]') / PS" "$fmt $a_mean ms" "ps $b_mean ms" \
        "$(ratio2 "$a_mean" "$b_mean")" "$(ratio2 "$a_min" "$b_min")" "<=" $limit
done

# Peak RSS: the largest difference from the floor program's, 18 KB to the
# largest profile measured.
floor_rss=$(peak_rss_mb "$work/floor" "$out/floor.ps")
worst="" worst_at=""
for f in "$small" "$here/longrun-hd.hp" "$work/p2000.hp" "$work/p20000.hp"; do
    r=$(peak_rss_mb "$HP2PS" -o "$out/out.ps" "$f")
    if [ -z "$worst" ] || awk -v a="$r" -v b="$worst" 'BEGIN { exit !(a > b) }'; then
        worst=$r worst_at=$(basename "$f" .hp | sed 's/^p\([0-9]*\)$/gen-\1/')
    fi
done
if [ -n "$huge_rss" ] && awk -v a="$huge_rss" -v b="$worst" 'BEGIN { exit !(a > b) }'; then
    worst=$huge_rss worst_at=gen-200000
fi
over=$(awk -v a="$worst" -v b="$floor_rss" 'BEGIN { printf "%.1f", a - b }')
met=$(awk -v d="$over" 'BEGIN { print (d <= 3 ? "yes" : "no") }')
printf '| peak RSS, 18 KB to %s: hp2ps - the floor program | ours %s MB (%s) | floor %s MB | %s MB | - | <= 3 MB | %s |\n' \
    "$( [ -n "$huge_rss" ] && echo 1.5 GB || echo 148 MB)" "$worst" "$worst_at" "$floor_rss" "$over" "$met"
rm -f "$work/p2000.hp" "$work/p20000.hp"

# ---- A GHC-shaped eventlog of over 50 MB (genprof --eventlog: the same
# censuses as gen-4500): hp2ps drawing it and exporting it, and, where
# ghc and the ghc-events library are installed, ghc-events decoding it
# (bench/evsamples.hs: every event decoded, censuses counted, nothing
# drawn), in one hyperfine run.
"$work/genprof" --eventlog 4500 "$NAMES" > "$work/run.eventlog"
elmb=$(awk -v n="$(wc -c <"$work/run.eventlog")" 'BEGIN { printf "%.1f", n / 1e6 }')
evs=""
if command -v ghc >/dev/null 2>&1 && ghc-pkg list ghc-events 2>/dev/null | grep -q ghc-events &&
   ghc -O2 -outputdir "$work/evs" "$here/evsamples.hs" -o "$work/evsamples" >/dev/null 2>&1; then
    evs="$work/evsamples $work/run.eventlog"
fi
hyperfine -N --style none --warmup 1 --runs 10 --export-csv "$work/el.csv" \
    "$HP2PS -o $out/el.ps $work/run.eventlog" "$HP2PS -m0 -t0 -o $out/el.csv $work/run.eventlog" \
    ${evs:+"$evs"} >/dev/null 2>&1
el_rss=$(peak_rss_mb "$HP2PS" -o "$out/el.ps" "$work/run.eventlog")
echo
echo "Eventlog (genprof --eventlog 4500 $NAMES, $elmb MB): wall time mean (min), 10 runs"
echo
printf '| reader | mean ms | min ms | MB/s | peak RSS MB |\n|---|---|---|---|---|\n'
awk -F, -v mb="$elmb" -v rss="$el_rss" 'NR > 1 {
    label = NR == 2 ? "hp2ps, PS" : NR == 3 ? "hp2ps, CSV export (-m0 -t0)" : "ghc-events (bench/evsamples.hs, nothing drawn)"
    printf "| %s | %.1f | %.1f | %.0f | %s |\n", label, $2 * 1000, $7 * 1000, mb / $2,
        NR == 2 ? rss : "-" }' "$work/el.csv"
[ -n "$evs" ] || echo "| ghc-events | (not installed: apt-get install ghc libghc-ghc-events-dev) | | | |"
rm -f "$work/run.eventlog"

echo
echo "hp2ps: $HP2PS; GHC: $( [ -x "$GHC_HP2PS" ] && echo "$GHC_HP2PS" || echo "not installed"); profiles in $work, outputs in $out"
echo "machine: $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1); load $(cut -d' ' -f1-3 /proc/loadavg)"

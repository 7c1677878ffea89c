#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench/huge.sh: a million bands in every format.  Not part of `make
# check` (timed runs do not belong there) nor of `make bench`; run it by
# hand:  sh bench/huge.sh [FORMAT...]
#
# Three profiles of 10^6 names (written to a new directory in /tmp,
# deleted after):
#   one     one sample holding all 10^6 names (12 MB)
#   sparse  2,000 samples, each name alive in 3 of them (60 MB): the
#           shape of a long -hc run of many short-lived cost centres
#   dense   genprof 8 1000000: every name in (nearly) every sample (270 MB)
# and one of 4,000 names made of combining marks (a key of them: -m4000).
# Each is drawn with -m0 -t0 in every format, twice: without and then
# with the .aux of the first run (which -p would read).  /usr/bin/time
# gives the wall time, the CPU time (user + system) and the peak RSS.
#
# Environment: HP2PS (default ./hp2ps), CC (for genprof.c), BENCH_DIR (kept,
# and its profiles reused when there: for measuring builds one after
# another).
# The goal (issue 15): every run within 10 s and 1 GB.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
HP2PS=$(cd "$(dirname "${HP2PS:-./hp2ps}")" && pwd)/$(basename "${HP2PS:-./hp2ps}")
CC=${CC:-cc}
FORMATS=${*:-ps eps pdf svg png html csv json}
[ -x "$HP2PS" ] || { echo "huge.sh: no hp2ps at $HP2PS" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "huge.sh: needs GNU time (apt-get install time)" >&2; exit 1; }

work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hp2ps-huge.XXXXXX")}
mkdir -p "$work"
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$work"' EXIT INT TERM
cd "$work"

"$CC" -std=c11 -O2 -o genprof "$here/genprof.c"
if [ ! -s marks.hp ]; then
header='JOB "huge"\nDATE "Tue Nov 24 00:00 2026"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
printf "$header" >one.hp
awk 'BEGIN { print "BEGIN_SAMPLE 0"
             for (i = 0; i < 1000000; i++) printf "(%d)Main.f%d/go\t%d\n", i, i, i % 1009 + 1
             print "END_SAMPLE 0" }' >>one.hp
printf "$header" >sparse.hp
awk 'BEGIN { n = 1000000; s = 2000; per = n / s
             for (k = 0; k < s; k++) {
                 printf "BEGIN_SAMPLE %.2f\n", k * 0.01
                 # names born in the 3 samples up to k: alive at k
                 for (j = k - 2; j <= k; j++) {
                     if (j < 0) continue
                     for (i = j * per; i < (j + 1) * per; i++)
                         printf "(%d)Main.f%d/go\t%d\n", i, i, (i * 7 + k) % 1009 + 1
                 }
                 printf "END_SAMPLE %.2f\n", k * 0.01
             } }' >>sparse.hp
./genprof 8 1000000 >dense.hp
python3 - <<'PY'
# 4,000 names of combining marks: 8 to 48 marks and a number each
import random
r = random.Random(1)
names = [''.join(chr(0x300 + r.randrange(0x70)) for _ in range(8 + r.randrange(40))) + str(i)
         for i in range(4000)]
out = ['JOB "marks"', 'DATE "d"', 'SAMPLE_UNIT "s"', 'VALUE_UNIT "b"']
for k in range(3):
    out.append(f"BEGIN_SAMPLE {k}")
    out += [f"{n}\t{(i % 97 + 1) * 100}" for i, n in enumerate(names)]
    out.append(f"END_SAMPLE {k}")
open('marks.hp', 'w', encoding='utf-8').write('\n'.join(out) + '\n')
PY
fi

mb() { awk -v n="$(wc -c <"$1")" 'BEGIN { printf "%.1f", n / 1e6 }'; }
# run LABEL OUTPUT FLAGS...: one timed run writing OUTPUT, its table row
run() {
    label=$1 output=$2; shift 2
    rm -f "$output"
    if /usr/bin/time -f '%e %U %S %M' -o time.txt "$HP2PS" -o "$output" "$@" 2>err.txt
    then result=ok; else result="exit $?: $(head -c 80 err.txt)"; fi
    # (a failed command's time.txt starts with a line of its own)
    read -r wall user sys rss <<TIMES
$(tail -n 1 time.txt)
TIMES
    size=-
    [ -f "$output" ] && size="$(mb "$output") MB"
    awk -v l="$label" -v c="$* -o $output" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" \
        -v o="$size" -v x="$result" \
        'BEGIN { printf "| %s | %s | %.2f s | %.2f s | %.0f MB | %s | %s |\n", l, c, w, u + s, r / 1024, o, x }'
}

printf '| profile | command | wall | CPU | peak RSS | output | result |\n|---|---|---|---|---|---|---|\n'
for prof in one sparse dense; do
    for f in $FORMATS; do
        for pass in first again; do
            [ "$pass" = first ] && rm -f "$prof.aux"
            run "$prof ($(mb $prof.hp) MB), $pass" "$prof.$f" -m0 -t0 "$prof.hp"
        done
    done
done
for f in $FORMATS; do
    case $f in csv|json) continue ;; esac
    rm -f marks.aux
    run "marks ($(mb marks.hp) MB)" "marks.$f" -m4000 -t0 marks.hp
done
echo
echo "hp2ps: $HP2PS; machine: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"

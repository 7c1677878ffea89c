#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# faults.sh: under faults and hostile input nothing is lost (issue 15).
# hp2ps either draws, or prints one line "hp2ps: ..." and exits non-zero,
# with nothing half-written and every previous output intact: whatever
# the text (characters cairo refuses), signals, resource limits (ulimit
# -f, -v), full disks, odd files (FIFOs, dangling links, long names),
# unwritable standard output, and the environment (SOURCE_DATE_EPOCH).
# What needs root (a small tmpfs) runs only as root, as in CI.
. "$(dirname "$0")/lib.sh"
need gs pdftotext

HDR='JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
TINY=$TESTDATA/tiny-hc.hp
FORMATS="ps eps pdf svg png"

gs_ok() { gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage "$@" >/dev/null 2>&1; }

# one_line CODE REGEX WHAT: after run_hp2ps, exit CODE and exactly one
# stderr line "hp2ps: " matching REGEX, with no control character in it.
one_line() {
    local code=$1 re=$2 what=$3
    if [ "$RC" -eq "$code" ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq -- "^hp2ps: $re" err.txt &&
        ! LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' err.txt; then
        pass
    else
        fail "$what: exit $RC, stderr: $(head -c 300 err.txt | od -c | head -5) (wanted exit $code, /$re/)"
    fi
}

# silent_ok WHAT: after run_hp2ps, exit 0 and nothing on stderr.
silent_ok() {
    if [ "$RC" -eq 0 ] && [ ! -s err.txt ]; then pass; else fail "$1: exit $RC, stderr: $(head -c 300 err.txt)"; fi
}

# temporaries DIR: the names of temporary files hp2ps left in DIR.
temporaries() { find "$1" -maxdepth 1 -name '.*' ! -name . ! -name .. | sort; }

# ---- 1. valid text that cairo refuses ------------------------------------------
# Noncharacters, C1 controls, line separators and long clusters, in band
# names, JOB, DATE and both units: every format draws them.
nonchars=$'\xef\xbf\xbf \xef\xbf\xbe \xef\xb7\x90 \xef\xb7\xaf \xf0\x9f\xbf\xbf \xf4\x8f\xbf\xbe \xc2\x85 \xc2\x9b \xe2\x80\xa8'
marks=a$(printf '\xcc\x81%.0s' $(seq 200))
for c in $nonchars; do
    printf 'JOB "job%s"\nDATE "date%s"\nSAMPLE_UNIT "s%s"\nVALUE_UNIT "b%s"\n' "$c" "$c" "$c" "$c" >odd.hp
    printf 'BEGIN_SAMPLE 0\nname%s 10\n%s%s 5\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nname%s 20\nEND_SAMPLE 1\n' \
        "$c" "$marks" "$c" "$c" >>odd.hp
    for f in $FORMATS; do
        rm -f odd.$f
        run_hp2ps -c -o odd.$f odd.hp
        check "$(printf %q "$c") draws as $f" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && [ -s odd.$f ]'
    done
    check "$(printf %q "$c"): ghostscript reads the PS" gs_ok odd.ps
    check "$(printf %q "$c"): the PDF holds the job" eval 'pdftotext odd.pdf - | grep -q "^job"'
done
finish

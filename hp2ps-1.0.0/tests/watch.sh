#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# watch.sh: --watch redraws a growing profile, each time atomically.  A
# writer appends a profile in chunks cut mid-line while hp2ps --watch=0.25
# draws it; a poller copies every new out.ps and each copy must be a whole
# PostScript file that ghostscript renders.  The watcher must stop by
# itself once the file stops growing (exit 0), and a second one must stop
# on SIGINT without leaving a temporary file.  No check depends on timing:
# the steps wait for each other through files, with generous limits.
. "$(dirname "$0")/lib.sh"
need gs

gs_ok() { gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage "$@" >/dev/null 2>&1; }
is_whole_ps() { head -n 1 "$1" | grep -q '^%!PS-Adobe-3.0' && [ "$(tail -n 1 "$1")" = "%%EOF" ]; }
# wait_for TENTHS COMMAND...: poll until COMMAND succeeds, at most TENTHS/10 s.
wait_for() {
    local n=$1; shift
    while ! "$@"; do
        n=$((n - 1))
        [ "$n" -gt 0 ] || return 1
        sleep 0.1
    done
}
alive() { kill -0 "$1" 2>/dev/null; }
dead() { ! alive "$1"; }
# The exit status of background job PID, waiting at most 60 s, else 124.
reap() {
    if wait_for 600 dead "$1"; then wait "$1"; else kill -KILL "$1"; wait "$1"; return 124; fi
}

cp "$TESTDATA/leakmean-hc.hp" src.hp
SIZE=$(wc -c <src.hp)
HALF=$((SIZE / 2 + 7)) # not on a line boundary

# ---- a growing profile, redrawn ----
# It starts with the JOB line only: that first draw fails, is reported,
# and the watch goes on.  (Period 0.25 s: the watcher stops after 2.5 s
# without a change, margin enough for a loaded machine between two steps.)
head -n 1 src.hp >prog.hp
"$HP2PS" --watch=0.25 -o out.ps prog.hp 2>watch-err.txt &
WATCHER=$!
mkdir copies
# Poller: copy out.ps whenever it is a new file (each draw renames a new
# one into place), until the watcher ends.
(
    last= n=0
    while alive "$WATCHER"; do
        id=$(stat -c '%i %s %y' out.ps 2>/dev/null) || id=
        if [ -n "$id" ] && [ "$id" != "$last" ] && cp out.ps copies/tmp 2>/dev/null; then
            n=$((n + 1))
            mv copies/tmp "copies/$n.ps"
            last=$id
        fi
        sleep 0.02
    done
) &
POLLER=$!
# Writer: once the first draw has failed, the first half (cut mid-line);
# once that is drawn and copied, the rest in chunks of 1000 bytes, every
# 0.1 s.
wait_for 600 test -s watch-err.txt
check "a failed draw is reported ($(head -n 1 watch-err.txt))" grep -q '^hp2ps: prog\.hp' watch-err.txt
have=$(wc -c <prog.hp)
tail -c +"$((have + 1))" src.hp | head -c "$((HALF - have))" >>prog.hp
wait_for 600 test -e copies/1.ps
check "the first half is drawn" [ -e copies/1.ps ]
off=$HALF
while [ "$off" -lt "$SIZE" ]; do
    tail -c +"$((off + 1))" src.hp | head -c 1000 >>prog.hp
    off=$((off + 1000))
    sleep 0.1
done
reap "$WATCHER"; RC=$?
wait "$POLLER"
check "the watcher stops by itself, exit 0 (got $RC; $(head -c 200 watch-err.txt))" [ "$RC" -eq 0 ]
check "the whole profile was written" cmp -s prog.hp src.hp
ncopies=$(ls copies | grep -c '\.ps$')
check "at least two versions were seen ($ncopies)" [ "$ncopies" -ge 2 ]
bad=
for f in copies/*.ps; do
    is_whole_ps "$f" && gs_ok "$f" || bad="$bad $f"
done
check "every version seen is whole and renders:${bad:- yes}" [ -z "$bad" ]
check "at least two different pictures" [ "$(cksum copies/*.ps | cut -d' ' -f1,2 | sort -u | wc -l)" -ge 2 ]
"$HP2PS" -o final.ps src.hp 2>/dev/null
check "the last version is the whole profile's drawing" cmp -s out.ps final.ps
check "no temporary file is left" [ -z "$(ls -A | grep '^\.')" ]

# ---- SIGINT: a long period, stopped at once ----
"$HP2PS" --watch=30 -o int.csv src.hp 2>int-err.txt &
WATCHER=$!
wait_for 600 test -e int.csv
check "the first export is written at once" [ -e int.csv ]
kill -INT "$WATCHER"
reap "$WATCHER"; RC=$?
check "SIGINT stops the watch with exit 0 (got $RC; $(head -c 200 int-err.txt))" [ "$RC" -eq 0 ]
check "... leaving no temporary file" [ -z "$(ls -A | grep '^\.')" ]

expect_error 2 '--watch.*standard output' --watch -o - src.hp

finish

#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# memory.sh: memory stays flat however long the profile.  A GHC-shaped
# profile of 30 names (values that drift, some names in some samples
# only) of about 9.9 MB, 40 MB and 158 MB: 1x, 4x and 16x.  Each is drawn
# from the file (above 8 MiB, read on several threads into spooled
# stores, replayed decoded ahead) and from a pipe (one thread), and
# exported to CSV; the peak RSS at 4x and 16x must be within FLAT_KB of
# that at 1x.  (1x already has more samples than the drawing keeps, so
# what is drawn does not grow either.)  The store keeps past 1 MiB of
# samples in a temporary file: were it to keep them in memory, 16x would
# take some 60 MB more, and this fails.
. "$(dirname "$0")/lib.sh"
[ -x /usr/bin/time ] || { echo "$TEST_NAME: skipped: GNU time is not installed"; exit 77; }
FLAT_KB=2048

# profile SAMPLES: SAMPLES samples of 25 to 30 names
profile() {
    awk -v n="$1" 'BEGIN {
        print "JOB \"flat +RTS -hc -i0.1\""; print "DATE \"Mon Nov 23 09:13 2026\""
        print "SAMPLE_UNIT \"seconds\""; print "VALUE_UNIT \"bytes\""
        for (k = 0; k < n; k++) {
            t = sprintf("%.2f", k * 0.1)
            print "BEGIN_SAMPLE " t
            for (i = 0; i < 30; i++)
                if (i < 25 || k % 5 == i % 5)
                    printf "(%d)Module%d.function%d/go\t%d\n", i + 100, i % 23, i, (k * 37 + i * 4111) % 90000 + 8 * i
            print "END_SAMPLE " t
        }
    }'
}
# rss ARGS...: hp2ps's peak RSS in kB
rss() { /usr/bin/time -f '%M' -o rss.txt "$HP2PS" "$@" >/dev/null 2>err.txt && tail -n 1 rss.txt; }

for mult in 1 4 16; do
    n=$((11000 * mult))
    profile $n >p.hp
    file=$(rss -o f.ps p.hp)
    rm -f p.hp
    pipe=$(profile $n | rss -o s.ps)
    csv=$(profile $n | rss -m0 -t0 -o c.csv)
    eval "file$mult=\$file pipe$mult=\$pipe csv$mult=\$csv"
    echo "$TEST_NAME: ${mult}x: peak RSS $file kB (file), $pipe kB (pipe), $csv kB (CSV)"
    check "${mult}x: the file and the pipe draw the same" cmp -s f.ps s.ps
    check "${mult}x: the CSV has every sample" test "$(wc -l <c.csv)" -eq $((n + 1))
    rm -f f.ps s.ps c.csv
done
# ASan's shadow memory and its quarantine of freed blocks are not ours.
if ldd "$HP2PS" 2>/dev/null | grep -q libasan || grep -q __asan_init "$HP2PS"; then
    echo "$TEST_NAME: ASan build: the peak RSS is ASan's; not compared"
    finish
fi
# shellcheck disable=SC2154 # set by eval above
for kind in file pipe csv; do
    eval "one=\$${kind}1 four=\$${kind}4 sixteen=\$${kind}16"
    check "$kind: 4x within $FLAT_KB kB of 1x ($one, $four kB)" test "$four" -le $((one + FLAT_KB))
    check "$kind: 16x within $FLAT_KB kB of 1x ($one, $sixteen kB)" test "$sixteen" -le $((one + FLAT_KB))
done
finish

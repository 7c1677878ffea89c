#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# valgrind.sh: the program under valgrind memcheck, every format and the
# main paths (file, filter, -p, an error, the gate): no invalid access, no leak of
# ours (tests/valgrind.supp names the font libraries' own caches).
SUPP=$(cd "$(dirname "$0")" && pwd)/valgrind.supp
. "$(dirname "$0")/lib.sh"
need valgrind
if ldd "$HP2PS" 2>/dev/null | grep -q libasan; then
    echo "valgrind: skipped: this build uses AddressSanitizer"
    exit 77
fi
vg() {
    valgrind -q --num-callers=50 --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,possible \
        --errors-for-leak-kinds=definite,possible --suppressions="$SUPP" "$HP2PS" "$@" \
        >vg.out 2>vg.err
}
cp "$SAMPLES/leakmean-hc.hp" leak.hp
for fmt in ps eps pdf svg png html csv json; do
    vg -c leak.hp -o "leak.$fmt"; rc=$?
    check "valgrind clean for $fmt (rc $rc: $(head -c 300 vg.err))" [ $rc -eq 0 ]
done
vg -d -i -M leak.hp; check "valgrind clean for -d -i -M" [ $? -eq 0 ]
vg --diff leak.hp leak.hp -o diff.html; check "valgrind clean for --diff -o FILE.html" [ $? -eq 0 ]
vg --mode=percent leak.hp leak.hp -o two.html
check "valgrind clean for two profiles -o FILE.html" [ $? -eq 0 ]
vg -p -m2 leak.hp; check "valgrind clean for -p -m2" [ $? -eq 0 ]
# --top: each table, OTHER opened, two profiles, a drawing's line and
# its leaks drawn, --diff's
for fmt in txt md csv json; do
    vg --top --format=$fmt leak.hp; check "valgrind clean for --top --format=$fmt" [ $? -eq 0 ]
done
vg --top --at=peak -m2 leak.hp; check "valgrind clean for --top --at=peak" [ $? -eq 0 ]
vg --top leak.hp leak.hp; check "valgrind clean for --top of two profiles" [ $? -eq 0 ]
vg --top -c -o top.pdf leak.hp; check "valgrind clean for --top -o FILE.pdf" [ $? -eq 0 ]
vg --top --diff -o topdiff.svg leak.hp leak.hp; check "valgrind clean for --top --diff" [ $? -eq 0 ]
# The heap budget gate: budgets over (exit 3: the bands named), a
# baseline, the four reports and the drawing; a cut profile refused.
vg --check 'peak<=1kB' --check 'slope@50%..<=1/s' --check 'mean(.)<=1' --baseline leak.hp \
    --report junit:g.xml --report markdown:g.md --report json:g.json --report github:g.gh \
    -o gate.png leak.hp; rc=$?
check "valgrind clean for the gate (rc $rc: $(head -c 300 vg.err))" [ $rc -eq 3 ]
head -n 100 leak.hp > gate-cut.hp
vg --check 'peak<=1GB' gate-cut.hp; rc=$?
check "valgrind clean for the gate on a cut profile (exit 1)" [ $rc -eq 1 ]
vg < leak.hp; check "valgrind clean in filter mode" [ $? -eq 0 ]
vg --watch=0.05 -o w.ps leak.hp; check "valgrind clean for --watch (stops when idle)" [ $? -eq 0 ]
head -n 100 leak.hp > cut.hp
vg cut.hp; check "valgrind clean on a cut-off profile" [ $? -eq 0 ]
printf 'JOB "x"\nBEGIN_SAMPLE 0\na -1\n' > bad.hp
vg bad.hp; rc=$?
check "valgrind clean on an error (exit 1)" [ $rc -eq 1 ]
# an error after the reading, while the fonts may still be being made
# (the series are built before the fonts are waited for)
vg --include=no-such-band leak.hp; rc=$?
check "valgrind clean on an error after the reading (exit 1, $(head -c 200 vg.err))" [ $rc -eq 1 ]
# eventlogs: -hc (stacks named from the cost centres), markers, a pipe, a
# cut log, a broken one
EL=$TESTDATA/eventlog
vg -c -o el.ps "$EL/tiny-hc.eventlog"; check "valgrind clean on a -hc eventlog" [ $? -eq 0 ]
vg --full-stacks --x=index -o el.svg "$EL/markers-hT.eventlog"
check "valgrind clean on an eventlog with markers, --x=index" [ $? -eq 0 ]
vg < "$EL/tiny-hb.eventlog"; check "valgrind clean on an eventlog from a pipe" [ $? -eq 0 ]
head -c 30000 "$EL/markers-hT.eventlog" > cut.eventlog
vg -o cut.ps cut.eventlog; check "valgrind clean on a cut eventlog" [ $? -eq 0 ]
# --view=icicle and -o FILE.folded: an eventlog's stacks frame by frame
# (cut at 255), a .hp's cut at -L, --diff, a window, an --at before the
# first census (exit 1)
ICY=$TESTDATA/icicle
vg -c --view=icicle -o icy.png "$ICY/where-hc-L5000.eventlog"
check "valgrind clean for --view=icicle on an eventlog" [ $? -eq 0 ]
vg --view=icicle -o icy.pdf "$ICY/where-hc.hp"; check "valgrind clean for --view=icicle, -L25" [ $? -eq 0 ]
vg -o icy.folded --from=0.02 --to=0.2 "$ICY/where-hc-L5000.hp"
check "valgrind clean for -o FILE.folded over a window" [ $? -eq 0 ]
vg -c --view=icicle --diff -o grew.svg "$TESTDATA/slowleak/fixed-hc.hp" "$TESTDATA/slowleak/leak-hc.hp"
check "valgrind clean for --view=icicle --diff" [ $? -eq 0 ]
vg --at=-1 -o no.folded "$ICY/where-hc.hp"; rc=$?
check "valgrind clean for --at before the first census (exit 1)" [ $rc -eq 1 ]
head -c 20000 "$EL/markers-hT.eventlog" > none.eventlog
vg -o none.ps none.eventlog; rc=$?
check "valgrind clean on an eventlog with no census (exit 1)" [ $rc -eq 1 ]
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# select.sh: choosing bands and samples.  --include/--exclude keep exactly
# the band names they should (read back from the .aux ORDER lines), a bad
# expression is one line and exit 2, --from/--to draw only the window (the
# .aux X_RANGE, the area in the title and the tick labels from pdftotext),
# an empty window is an error, --x=index numbers the samples, and flags
# that select everything change no byte of the output.
SUPP=$(cd "$(dirname "$0")" && pwd)/valgrind.supp
. "$(dirname "$0")/lib.sh"
need pdftotext

# sel.hp: five samples at 0..4 s, five names, a MARK after the third.
# Per sample: Data.Map.Base 1000(t+1), the others constant.
{
    printf 'JOB "sel"\nDATE "Thu Nov 23 12:00 2026"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    for t in 0 1 2 3 4; do
        printf 'BEGIN_SAMPLE %d.0\n' "$t"
        printf '(1)Data.Map.Base\t%d\n(2)Data.Map.CAF\t500\n(3)Data.Set.Internal\t800\n' \
            $(( (t + 1) * 1000 ))
        printf '(4)Main.CAF\t300\nPINNED\t2000\n'
        printf 'END_SAMPLE %d.0\n' "$t"
        [ "$t" = 2 ] && printf 'MARK 2.5\n'
    done
} >sel.hp

# bands ARGS...: draw sel.hp with ARGS; print the band names of the .aux,
# bottom first, one per line, sorted (the order is tested elsewhere).
bands() {
    rm -f sel.aux sel.ps
    "$HP2PS" "$@" sel.hp >out.txt 2>err.txt || { echo "exit $?: $(cat err.txt)"; return; }
    sed -n 's/^ORDER \(.*\) [0-9]*$/\1/p' sel.aux | LC_ALL=C sort | tr '\n' '|'
}
x_range() { sed -n 's/^X_RANGE //p' sel.aux; }
# same_as WANT GOT: a check that prints both when they differ.
same_as() { if [ "$1" = "$2" ]; then pass; else fail "$3: got '$2', wanted '$1'"; fi; }

# ---- --include and --exclude ----
same_as '(1)Data.Map.Base|(2)Data.Map.CAF|(3)Data.Set.Internal|(4)Main.CAF|PINNED|' \
    "$(bands)" 'no filter: every band'
same_as '(1)Data.Map.Base|(2)Data.Map.CAF|' "$(bands --include 'Data\.Map')" '--include RE'
same_as '(1)Data.Map.Base|(2)Data.Map.CAF|' "$(bands --include='Data\.Map')" '--include=RE'
same_as '(1)Data.Map.Base|(2)Data.Map.CAF|PINNED|' \
    "$(bands --include 'Data\.Map' --include '^PIN')" 'two --include: either matches'
same_as '(1)Data.Map.Base|PINNED|' \
    "$(bands --include 'Data\.Map' --include '^PIN' --exclude CAF)" '--exclude wins over --include'
same_as '(1)Data.Map.Base|(3)Data.Set.Internal|PINNED|' "$(bands --exclude 'CAF$')" \
    '--exclude alone'
same_as '(1)Data.Map.Base|PINNED|' "$(bands --exclude CAF --exclude=Set)" 'two --exclude'
same_as '(3)Data.Set.Internal|' "$(bands --include 'Data\.(Set|Sequence)')" 'extended syntax'
# Before -m: with two bands allowed, the kept three give OTHER and one band.
same_as '(1)Data.Map.Base|OTHER|' "$(bands -m2 --exclude 'Map\.CAF|PINNED')" '-m counts kept names'
# Before -t: (4)Main.CAF is 300 of 2200 per sample (13.6 %), -t5 keeps it.
same_as '(1)Data.Map.Base|(4)Main.CAF|' "$(bands -t5 --include 'Base|Main')" '-t over kept names'

# A bad expression is a command-line error: one line, exit 2, found before
# the input is read (here there is none), nothing written.
rm -f sel.ps sel.aux
expect_error 2 '^hp2ps: --include=a\(b: bad regular expression: .+' --include 'a(b' sel.hp
check 'a bad --include writes no drawing' [ ! -e sel.ps ]
check 'a bad --include writes no .aux' [ ! -e sel.aux ]
expect_error 2 '^hp2ps: --exclude=\[z-a\]: bad regular expression: ' --exclude '[z-a]' missing.hp
# Nothing left to draw is an error of the input (exit 1).
expect_error 1 '^hp2ps: sel\.hp: no band name matches --include/--exclude$' --include nothing sel.hp
expect_error 1 '^hp2ps: sel\.hp: no band name matches' --include Map --exclude Data sel.hp
check 'no match writes no drawing' [ ! -e sel.ps ]

# ---- --from and --to ----
run_hp2ps --from 1 --to 3 sel.hp -o w.pdf
check '--from 1 --to 3 exits 0' [ "$RC" -eq 0 ]
same_as '2.00' "$(x_range)" '--from 1 --to 3: X_RANGE'
pdftotext w.pdf w.txt
# Sample totals at 1, 2, 3 s: 5600, 6600, 7600 bytes.  Area by trapezoids:
# 6100 + 7100 = 13,200 byte-seconds; the peak is the last sample.
check '--from/--to: the area and peak of the window only' \
    grep -q '13,200 bytes × seconds, peak 7.6 kB at 3 s' w.txt
# The x axis starts at 1 s: its labels run 1.0, 1.2, ..., none below 1.
check '--from 1: the first x label is 1.0' grep -qx '1\.0' w.txt
check '--from 1: no x label below 1' sh -c '! grep -Eqx "0\.[0-9]" w.txt'
run_hp2ps --from 2.5 sel.hp
same_as '1.00' "$(x_range)" '--from 2.5: samples 3 and 4'
run_hp2ps --to 0 sel.hp
check '--to 0: one sample draws' [ "$RC" -eq 0 ]
same_as '1.00' "$(x_range)" '--to 0: one sample (the range of one sample is 1, as always)'
expect_error 1 '^hp2ps: sel\.hp: no sample in the window --from=10 \(the samples run from 0 to 4\)$' \
    --from 10 sel.hp
expect_error 1 '^hp2ps: sel\.hp: no sample in the window --from=1.2 --to=1.8 ' \
    --from 1.2 --to 1.8 sel.hp
expect_error 2 '^hp2ps: --from=3 --to=1: the window is empty' --from 3 --to 1 sel.hp
# A band seen only outside the window is no band: late appears at 4 s.
sed 's/^END_SAMPLE 4.0$/late\t99999\nEND_SAMPLE 4.0/' sel.hp >late.hp
run_hp2ps --to 3 late.hp
check '--to 3: a name seen only later is no band' sh -c '! grep -q "^ORDER late" late.aux'
run_hp2ps late.hp
check 'without --to it is one' grep -q '^ORDER late ' late.aux
# Errors outside the window are still errors.
sed 's/^PINNED\t2000$/PINNED\t-1/' sel.hp >neg.hp
expect_error 1 '^hp2ps: neg\.hp:10: negative value -1 for PINNED$' --from 3 neg.hp

# ---- --x=index ----
run_hp2ps --x=index sel.hp -o i.pdf
same_as '4.00' "$(x_range)" '--x=index: X_RANGE is samples - 1'
pdftotext i.pdf i.txt
check '--x=index: the x axis says sample' grep -qx 'sample' i.txt
check '--x=index: the title counts in samples' \
    grep -q '26,400 bytes × samples, peak 8.6 kB at sample 4' i.txt
check '--x=index: whole-number labels' grep -qx '3' i.txt
check '--x=index: no fractional labels' sh -c '! grep -Eqx "[0-9]+\.[0-9]+" i.txt'
run_hp2ps --x=index --from 2 sel.hp
same_as '2.00' "$(x_range)" '--x=index --from 2: samples 2, 3, 4 numbered 0..2'
# A real profile: 200 completed samples of irregular times.
cp "$TESTDATA/mapbuild-hc.hp" map.hp
n=$(grep -c '^END_SAMPLE' map.hp)
run_hp2ps --x=index map.hp
same_as "$((n - 1)).00" "$(sed -n 's/^X_RANGE //p' map.aux)" '--x=index on mapbuild: samples - 1'

# ---- selecting everything changes nothing ----
"$HP2PS" -c map.hp -o plain.ps && cp map.aux plain.aux
for args in "--include ." "--exclude ^$" "--from 0" "--to 1e9" "--from 0 --to 1e9"; do
    # shellcheck disable=SC2086
    "$HP2PS" -c $args map.hp -o same.ps
    check "$args: the same drawing" cmp -s plain.ps same.ps
    check "$args: the same .aux" cmp -s plain.aux map.aux
done

# ---- no leak, no invalid access (valgrind.sh's rules, when it can run) ----
vg() {
    valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,possible \
        --errors-for-leak-kinds=definite,possible --suppressions="$SUPP" "$HP2PS" "$@" \
        >vg.out 2>vg.err
}
# vg_fails CODE ARGS...: exit CODE and stderr only hp2ps's one line (a
# valgrind report, or valgrind failing itself, adds lines).
vg_fails() {
    local code=$1; shift
    vg "$@"
    local rc=$?
    [ "$rc" -eq "$code" ] && [ "$(wc -l <vg.err)" -eq 1 ] && grep -q '^hp2ps: ' vg.err
}
# The cost of an expression is linear in the name, whatever the
# expression: regexec tried an unanchored one from every position, so
# 'a.*b' on a 1 MiB name (the line limit) took about half an hour, and on
# 16 markers of 64 KB each ('[A-P].*z') over a minute.  Under a CPU limit
# of 20 s (a margin of 100 over what they take now) both finish.
awk 'BEGIN { printf "JOB \"long\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"\n";
             a = "aaaaaaaaaaaaaaaa"; while (length(a) < 1048000) a = a a; a = substr(a, 1, 1048000)
             for (t = 0; t < 2; t++) printf "BEGIN_SAMPLE %d\n%s %d\nab 5\nEND_SAMPLE %d\n", t, a, t + 1, t }' >long.hp
(ulimit -t 20; "$HP2PS" --include='a.*b' -o long.csv long.hp >out.txt 2>err.txt); RC=$?
check "--include='a.*b' on a name of 1,048,000 bytes: done under ulimit -t 20 ($RC: $(head -c 200 err.txt))" \
    eval '[ "$RC" -eq 0 ] && [ "$(head -n 1 long.csv)" = time,ab ]'
(ulimit -t 20; "$HP2PS" --exclude='a.*b' -o long2.csv long.hp >out.txt 2>err.txt); RC=$?
check "--exclude='a.*b' on it: done, the long name kept ($RC)" eval '[ "$RC" -eq 0 ] && [ "$(head -c 8 long2.csv)" = time,aaa ]'
if command -v python3 >/dev/null; then
    python3 "$TESTDATA/../elgen.py" make marker-hostile hostile.eventlog
    (ulimit -t 20; "$HP2PS" --marks='[A-P].*z' -o marks.svg hostile.eventlog >out.txt 2>err.txt); RC=$?
    check "--marks='[A-P].*z' on 16 markers of 64 KB: done under ulimit -t 20 ($RC: $(head -c 200 err.txt))" \
        eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
fi
# Only where valgrind can read the binary (not with ASan, nor with a
# valgrind too old for the compiler's debug information).
if command -v valgrind >/dev/null 2>&1 && ! ldd "$HP2PS" 2>/dev/null | grep -q libasan &&
    vg --version && [ ! -s vg.err ]; then
    vg --include Map --include PIN --exclude CAF --from 1 --to 3 --x=index sel.hp
    check "valgrind clean with every selection flag ($(head -c 300 vg.err))" [ $? -eq 0 ]
    check "valgrind clean when no band matches" vg_fails 1 --include nothing sel.hp
    check "valgrind clean on a bad expression" vg_fails 2 --include 'a(b' --exclude x sel.hp
    check "valgrind clean on an empty window" vg_fails 1 --from 10 sel.hp
fi
finish

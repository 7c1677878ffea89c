#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# top.sh: --top names the leak, on real profiles made with GHC of programs
# whose leak is known (tests/data/slowleak: a Data.Map that grows beside a
# flat 60 MB buffer and a released 2 MB spike; tests/data/eraleak: era 3
# kept to the end), and nothing in their fixed builds.  Every figure of
# the table is computed again from the .hp by tests/tools/top_check.py;
# OTHER opened at a census sums to what the drawing stacks there; a
# drawing names the leak under its title; two builds rank the real change
# first; bad uses fail with one line.
. "$(dirname "$0")/lib.sh"
need python3
S=$TESTDATA/slowleak
E=$TESTDATA/eraleak
CHECK=$TESTDATA/../tools/top_check.py

# first_name JSON: the first row's name ("" when none)
first_name() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["rows"]; print(r[0]["name"] if r else "")' "$1"; }
leaks() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["leaks"])' "$1"; }

# ---- the ranking on the real leak ----------------------------------------------------
run_hp2ps --top "$S/leak-hc.hp"
check "--top prog.hp: exit $RC, $(head -c 200 err.txt)" [ "$RC" -eq 0 ]
check "the table's first row is not the map: $(sed -n 6p out.txt)" \
    grep -Eq '^ +1 +LEAK .* grow\.\\/grow/main\.loop\.\.\.$' out.txt
check "the map's keys are not second" grep -Eq '^ +2 +LEAK .* grow\.keys/grow/main\.l\.\.\.$' out.txt
check "more than the map is called a leak" eval '[ "$(grep -c " LEAK " out.txt)" -eq 2 ]'
check "the verdict line is missing" grep -q '^leaks: 2 (each scores 62.3 kB or more, 0.1 % of the heap' out.txt
check "names keep the RTS's (N)" eval '! grep -q "(319)" out.txt'
check "the buffer or the spike grew" eval '! grep -Eq "buffer/|spike/" out.txt'
check "the spike and the buffer are not counted as not grown" grep -q '^5 names did not grow$' out.txt
check "the table is not in the key's units" grep -Eq '\+408\.8 kB +new +408\.8 kB' out.txt
# every row, every figure, computed again from the .hp
for f in leak-hc leak-hy leak-hd leak-hr fixed-hc fixed-hc-spike4 extra-hc; do
    "$HP2PS" --top=0 --format=json "$S/$f.hp" >"$f.json" 2>err.txt
    check "$f: --top=0 --format=json: $(head -c 200 err.txt)" [ -s "$f.json" ]
    got=$(python3 "$CHECK" rank "$S/$f.hp" "$f.json")
    check "$f: the figures differ from the .hp's: $got" [ "$got" = ok ]
done
check "leak-hy: Map is not first" [ "$(first_name leak-hy.json)" = Map ]
check "leak-hd: Bin is not first" [ "$(first_name leak-hd.json)" = Bin ]
for f in leak-hc extra-hc; do
    check "$f: the map is not first" eval '[[ $(first_name $f.json) == "grow.\\/grow/"* ]]'
    check "$f: not two leaks" [ "$(leaks $f.json)" = 2 ]
done
# the fixed builds: nothing a leak, with a bigger spike neither
for f in fixed-hc fixed-hc-spike4; do
    check "$f: a leak in the fixed build" [ "$(leaks $f.json)" = 0 ]
done
run_hp2ps --top "$S/fixed-hc.hp"
check "fixed: the verdict does not say none" grep -q '^leaks: none (a leak scores 62.0 kB or more' out.txt
check "fixed: a row marked LEAK" eval '! grep -q " LEAK " out.txt'
# the eventlogs: -hc and -hT
for f in leak-hc-log leak-hT-log fixed-hT-log; do
    "$HP2PS" --top --format=json "$S/$f.eventlog" >"$f.json" 2>err.txt
    check "$f: --top: $(head -c 200 err.txt)" [ -s "$f.json" ]
done
check "leak-hc-log: the map is not first" eval '[[ $(first_name leak-hc-log.json) == "grow.\\/grow/"* ]]'
check "leak-hT-log: the map's nodes are not first" \
    [ "$(first_name leak-hT-log.json)" = "containers-0.6.4.1:Data.Map.Internal.Bin" ]
check "fixed-hT-log: a leak" [ "$(leaks fixed-hT-log.json)" = 0 ]
# -hr: retainer sets alike less "(N)" keep it
run_hp2ps --top=0 "$S/leak-hr.hp"
check "-hr: SYSTEM is not first" grep -Eq '^ +1 .* SYSTEM$' out.txt

# ---- -hb and -he: what only they say ---------------------------------------------------
"$HP2PS" --top --format=json "$S/leak-hb.hp" >hb.json
got=$(python3 "$CHECK" bio "$S/leak-hb.hp" hb.json)
check "-hb: the biography differs from the .hp's: $got" [ "$got" = ok ]
check "-hb: DRAG is not the leak" [ "$(first_name hb.json)" = DRAG ]
run_hp2ps --top "$S/leak-hb.hp"
check "-hb: the text does not give drag's share" grep -Eq '^  drag 0\.15 %, peak 192\.3 kB at 5\.146 s \(kept after its last use\)$' out.txt
for f in eraleak-he fixed-he; do
    "$HP2PS" --top --format=json "$E/$f.eventlog" >"$f.json"
    "$HP2PS" -t0 -m0 --export-layout=wide -o "$f-times.csv" "$E/$f.eventlog"
    got=$(python3 "$CHECK" eras "$E/$f.hp" "$f-times.csv" "$f.json")
    check "$f: the eras differ from the .hp's: $got" [ "$got" = ok ]
done
check "-he: era 3 is not the leak" [ "$(first_name eraleak-he.json)" = "era 3" ]
check "-he fixed: a leak" [ "$(leaks fixed-he.json)" = 0 ]
run_hp2ps --top "$E/eraleak-he.eventlog"
check "-he: era 3's age is not given" grep -Eq '^  era 3: 1\.6 MB, first seen at 1\.16 s, age 6\.52 s$' out.txt
run_hp2ps --top "$E/fixed-he.eventlog"
check "-he fixed: era 3 alive" eval '! grep -q "era 3" out.txt'

# ---- two profiles: paired by name, the real change first --------------------------------
run_hp2ps --top --format=json "$S/fixed-hc.hp" "$S/extra-hc.hp"
mv out.txt two.json
check "two builds: the map is not first: $(head -c 300 err.txt)" \
    eval '[[ $(first_name two.json) == "grow.\\/grow/"* ]]'
check "two builds: the map's peaks are not paired" python3 -c '
import json, sys
r = json.load(open("two.json"))["rows"][0]
sys.exit(not (r["grew"] and r["before_peak"] == 1392 and r["after_peak"] == 409840))'
run_hp2ps --top --format=json "$S/leak-hc.hp" "$S/extra-hc.hp"
mv out.txt same.json
check "a recompile of the same leak: something grew" python3 -c '
import json, sys
sys.exit(json.load(open("same.json"))["grew_floor"] != 0)'
run_hp2ps --top "$S/leak-hc.hp" "$S/extra-hc.hp"
check "a recompile: the buffer is not paired" eval '! grep -q "buffer/" out.txt'

# ---- OTHER opened at a census ----------------------------------------------------------
"$HP2PS" -t0 -m0 --export-layout=wide -o all.csv "$S/leak-hc.hp"
for flags in "-m3 -t0.001" "-m2" "-m4 -t0.5"; do
    for at in 1.5 0.1 3.7; do
        # shellcheck disable=SC2086
        "$HP2PS" $flags --export-layout=wide -o drawn.csv "$S/leak-hc.hp"
        # shellcheck disable=SC2086
        "$HP2PS" $flags --top --at=$at -o at.csv "$S/leak-hc.hp"
        got=$(python3 "$CHECK" other all.csv drawn.csv at.csv $at)
        check "$flags --at=$at: OTHER's members: $got" [ "$got" = ok ]
    done
done
run_hp2ps -m3 -t0.001 --top --at=peak "$S/leak-hc.hp"
check "--at=peak: not the peak's census: $(sed -n 2p out.txt)" grep -q '^census 94, at 1.876 s: heap 62.3 MB$' out.txt
run_hp2ps --top --at=end "$S/leak-hc.hp"
check "--at=end: GHC's empty census at the exit" grep -q '^census 185, at 3.704 s' out.txt
expect_error 1 "^hp2ps: .*leak-hc.hp: --at=-1: the first census is at 0 seconds$" --top --at=-1 "$S/leak-hc.hp"

# ---- every format, and the drawing's line -------------------------------------------------
for ext in txt md csv json; do
    run_hp2ps --top -o "top.$ext" "$S/leak-hc.hp"
    check "-o top.$ext: exit $RC, $(head -c 200 err.txt)" eval '[ "$RC" -eq 0 ] && [ -s top.$ext ] && [ ! -s out.txt ]'
done
check "-o top.txt is not the text table" cmp -s top.txt <("$HP2PS" --top "$S/leak-hc.hp")
check "the Markdown table's name is not escaped" grep -qF '| grow.\\/grow/main.loop... |' top.md
check "the CSV's first row" grep -q '^1,grow.\\/grow/main.loop...,yes,' top.csv
check "the JSON is not valid" python3 -c 'import json; json.load(open("top.json"))'
check "no .aux with a table" [ ! -e leak-hc.aux ]
run_hp2ps --top=1 "$S/leak-hc.hp"
check "--top=1 shows more than one row" eval '[ "$(grep -c " LEAK " out.txt)" -eq 1 ] && grep -q "^5 more names grew (--top=6 shows them)$" out.txt'
if command -v pdftotext >/dev/null 2>&1; then
    "$HP2PS" --top -o leak.pdf "$S/leak-hc.hp" && pdftotext -raw leak.pdf leak.txt
    check "the drawing does not name the leak under its title: $(grep -m1 suspects leak.txt)" \
        grep -qF 'leak suspects (--top): grow.\/grow/main.loop... +408.8 kB, 100 % held; grow.keys/grow/main.l... +102.1 kB, 100 % held' leak.txt
    check "the drawing lost its .aux" [ -s leak-hc.aux ]
    "$HP2PS" --top -o fixed.pdf "$S/fixed-hc.hp" && pdftotext -raw fixed.pdf fixed.txt
    check "the fixed build's drawing names a leak" \
        grep -qF 'leak suspects (--top): none; a leak scores 62.0 kB (0.1 % of the peak)' fixed.txt
    "$HP2PS" --top --diff -o diff.pdf "$S/fixed-hc.hp" "$S/extra-hc.hp" && pdftotext -raw diff.pdf diff.txt
    check "--diff --top does not name the map" grep -qF 'grew since the first run (--top): grow.\/grow/main.loop... +408.4 kB at its peak' diff.txt
    "$HP2PS" -o plain.pdf "$S/leak-hc.hp" && pdftotext -raw plain.pdf plain.txt
    check "without --top the drawing names suspects" eval '! grep -q suspects plain.txt'
fi
# deterministic
"$HP2PS" --top=0 --format=json "$S/leak-hc.hp" >a.json
"$HP2PS" --top=0 --format=json "$S/leak-hc.hp" >b.json
check "two runs differ" cmp -s a.json b.json

# ---- names as shown --------------------------------------------------------------------------
cat >names.hp <<'EOF'
JOB "names"
DATE "today"
SAMPLE_UNIT "seconds"
VALUE_UNIT "bytes"
BEGIN_SAMPLE 1
(1)a|b	10
(2)dup	5
(3)dup	5
END_SAMPLE 1
BEGIN_SAMPLE 2
(1)a|b	20
(2)dup	7
(3)dup	9
END_SAMPLE 2
EOF
run_hp2ps --top -o names.md names.hp
check "Markdown: a | in a name is not escaped" grep -qF '| a\|b |' names.md
check "names alike less (N) lost it" eval 'grep -qF "(2)dup" names.md && grep -qF "(3)dup" names.md'

# ---- README's example is what the program prints ------------------------------------------
README=$TESTDATA/../../README
if [ -f "$README" ]; then
    sed -n '/^    \$ \.\/hp2ps --top=3 tests\/data\/slowleak\/leak-hc.hp$/,/^[^ ]/p' "$README" |
        sed '1d;$d' | sed '${/^$/d}' | sed 's/^    //' >readme.txt
    (cd "$TESTDATA/../.." && "$HP2PS" --top=3 tests/data/slowleak/leak-hc.hp) >now.txt
    check "README's --top example is not what hp2ps prints: $(diff readme.txt now.txt | head -c 300)" \
        cmp -s readme.txt now.txt
fi

# ---- units that are not UTF-8 (a fuzzer's find); too few censuses -------------------------
printf 'JOB "x"\nDATE "y"\nSAMPLE_UNIT "\240s"\nVALUE_UNIT "\377b"\nBEGIN_SAMPLE 1\na\t5\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\na\t9\nEND_SAMPLE 2\n' >units.hp
for ext in txt md csv json; do
    "$HP2PS" --top --format=$ext units.hp >units.$ext
    check "units not UTF-8: the $ext table is not UTF-8" python3 -c '
import sys; open(sys.argv[1], "rb").read().decode("utf-8")' units.$ext
done
check "two censuses call a leak" grep -q '^leaks: none called: 2 censuses are too few to tell a leak (5 or more)$' units.txt

# ---- bad uses: one line, the right status ----------------------------------------------------
expect_error 2 "^hp2ps: --top ranks one profile, or what grew between two" --top a.hp b.hp c.hp
expect_error 2 "^hp2ps: --top=x: N must be a whole number" --top=x "$S/leak-hc.hp"
expect_error 2 "^hp2ps: --watch redraws a drawing; --top's table is written once" --top --watch "$S/leak-hc.hp"
expect_error 2 "^hp2ps: --top --at opens one profile's OTHER" --top --at=1 a.hp b.hp
expect_error 2 "^hp2ps: --top with a drawing of two profiles" --top -o x.pdf a.hp b.hp
printf 'JOB "x"\nDATE "y"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n' >empty.hp
expect_error 1 "^hp2ps: empty.hp: --top: no census holds anything$" --top empty.hp
if command -v pdftotext >/dev/null 2>&1; then
    run_hp2ps --top -o empty.pdf empty.hp
    check "an empty profile is not drawn with --top: $(head -c 200 err.txt)" [ "$RC" -eq 0 ]
    pdftotext -raw empty.pdf empty.txt
    check "its line does not say why" grep -qF 'leak suspects (--top): none: no census holds anything' empty.txt
fi
expect_error 1 "^hp2ps: .*leak-hc.hp: --top: no census from 0 to 0.01 holds anything$" --top -o none.txt --to=0.01 "$S/leak-hc.hp"
check "a failed run left a table" [ ! -e none.txt ]
expect_error 1 "refusing to overwrite the input" --top --format=txt -o names.hp names.hp
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# eventlog.sh: GHC's binary eventlog as input, end to end.  The log is told
# by its first bytes, from a file or a pipe; outputs follow its name; every
# format, -p, several profiles and --diff take it; logs as other GHC
# versions write them (made by editing real ones with tests/elgen.py: no
# GHC needed) read as the real ones; logs cut anywhere and broken logs end
# in a drawing or one message with the byte offset; --watch follows a
# growing log.  (test_eventlog compares the logs with their .hp, sample by
# sample.)
GEN="python3 $(cd "$(dirname "$0")" && pwd)/elgen.py"
. "$(dirname "$0")/lib.sh"
need gs python3 pdftotext xmllint

EL=$TESTDATA/eventlog
export TZ=UTC0

gs_ok() { gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage "$@" >/dev/null 2>&1; }
noisy() { grep -Eq 'Sanitizer|runtime error|LeakSanitizer|WARNING \*\*|CRITICAL \*\*' "$1"; }
# all 'SHELL TEXT': for check, several conditions in one.
all() { eval "$1"; }
# After RC=$?: exit 0, nothing on stderr.
quiet_success() { [ "$RC" -eq 0 ] && [ ! -s err.txt ]; }
# csv LOG OUT [FLAGS]: the -m0 -t0 export, every band, every sample.
csv() { local log=$1 out=$2; shift 2; "$HP2PS" -m0 -t0 "$@" -o "$out" "$log" 2>err.txt; }
same_csv() { cmp -s "$1" "$2"; }
rows() { echo $(($(wc -l <"$1") - 1)); }

# ---- 1. told by its bytes, named after its file ---------------------------
mkdir run && cp "$EL/markers-hT.eventlog" run/prog.eventlog
(cd run && "$HP2PS" prog.eventlog 2>../err.txt)
RC=$?
check "hp2ps prog.eventlog exits 0, quietly" quiet_success
# -hc without -L in the log's arguments: the names are cut at the RTS's
# default, which a -L through GHCRTS or -with-rtsopts would have changed
"$HP2PS" -o run/hc.ps "$EL/tiny-hc.eventlog" 2>err.txt
check "-hc cut at the default -L: one warning saying so" \
    all '[ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: warning: .*tiny-hc.eventlog: stack names cut at 25 bytes, the RTS.s default -L (a -L given through GHCRTS or -with-rtsopts is not in the log; --full-stacks draws whole stacks)$" err.txt'
"$HP2PS" --full-stacks -o run/hc.ps "$EL/tiny-hc.eventlog" 2>err.txt
check "and none with --full-stacks" all '[ ! -s err.txt ]'
"$HP2PS" -o run/hc.ps "$EL/unicode-hc-L200.eventlog" 2>err.txt
check "nor with -L in the log" all '[ ! -s err.txt ]'
check "writes prog.ps and prog.aux" all '[ -s run/prog.ps ] && [ -s run/prog.aux ]'
check "prog.ps is PostScript ghostscript reads" gs_ok run/prog.ps
cp "$EL/markers-hT.eventlog" run/renamed.txt
(cd run && "$HP2PS" renamed.txt && "$HP2PS" -o piped.ps <renamed.txt && cat renamed.txt | "$HP2PS" >stdout.ps) 2>err.txt
check "any name, a redirect and a pipe: the same drawing" \
    all 'cmp -s run/renamed.txt.ps run/piped.ps && cmp -s run/piped.ps run/stdout.ps && [ ! -s err.txt ]'
check "and the same as prog.ps" cmp -s run/prog.ps run/stdout.ps
"$HP2PS" -o tiny.pdf "$EL/tiny-hc.eventlog" && pdftotext tiny.pdf tiny.txt
for want in 'tiny +RTS -hc -l -i0.01' 'Mon Nov 23 23:18 2026' 'seconds, elapsed' \
            'squares/main.s/main/M...'; do
    check "the drawing says '$want'" grep -qF -- "$want" tiny.txt
done
"$HP2PS" -o tiny-hp.pdf "$EL/tiny-hc.hp" && pdftotext tiny-hp.pdf tiny-hp.txt
check "a .hp's axis does not say elapsed" all '! grep -qF elapsed tiny-hp.txt'

# ---- 2. every output, every mode ------------------------------------------
for fmt in ps eps pdf svg png csv json; do
    "$HP2PS" -c -o "all.$fmt" "$EL/markers-hT.eventlog" 2>err.txt
    RC=$?
    check "-o all.$fmt from an eventlog" all 'quiet_success && [ -s "all.$fmt" ]'
done
"$HP2PS" -c -e8in --mode=lines --sort=gradient --slopes --x=index -o modes.ps \
    "$EL/markers-hT.eventlog" 2>err.txt
RC=$?
check "--mode, --sort=gradient, --slopes, --x=index, -e8in" all 'quiet_success && gs_ok modes.ps'
"$HP2PS" -c -o two.pdf "$EL/markers-hT.eventlog" "$EL/markers-hT.hp" 2>err.txt
RC=$?
check "several profiles: an eventlog and a .hp" all 'quiet_success && [ -s two.pdf ]'
"$HP2PS" -c --diff -o diff.pdf "$EL/markers-hT.hp" "$EL/markers-hT.eventlog" 2>err.txt
RC=$?
check "--diff of a .hp and an eventlog" all 'quiet_success && [ -s diff.pdf ]'
csv "$EL/tiny-hc.eventlog" inc.csv --include=squares --from=0.1 --to=0.3
check "--include, --from, --to" \
    all '[ "$(head -n 1 inc.csv)" = "time,(8)squares/main.s/main/M..." ] &&
         awk -F, "NR > 1 && (\$1 < 0.1 || \$1 > 0.3) { exit 1 }" inc.csv'
# -p: a -hT .aux written from the .hp applies to the eventlog of the same run
mkdir aux && cp "$EL/markers-hT.hp" aux/m.hp && cp "$EL/markers-hT.eventlog" aux/m.eventlog
(cd aux && "$HP2PS" -c m.hp && cp m.aux from-hp.aux && "$HP2PS" -c -p m.eventlog 2>../err.txt)
check "-p with the .hp's .aux: no warning" [ ! -s err.txt ]
check "the .aux rewritten from the eventlog keeps order and shades" \
    diff <(grep -v '^X_RANGE' aux/from-hp.aux) <(grep -v '^X_RANGE' aux/m.aux)

# ---- 3. logs of other GHC versions ------------------------------------------
for log in tiny-hc tiny-hb markers-hT wordfreq-hr-R2; do
    csv "$EL/$log.eventlog" "$log.csv"
    $GEN widen "$EL/$log.eventlog" wide.eventlog 6 && csv wide.eventlog wide.csv
    check "$log: every event 6 bytes longer, as a newer GHC may write: the same" \
        same_csv "$log.csv" wide.csv
    $GEN noise "$EL/$log.eventlog" noise.eventlog && csv noise.eventlog noise.csv
    check "$log: unknown event types between all others: the same" same_csv "$log.csv" noise.csv
    $GEN no-end "$EL/$log.eventlog" old.eventlog && csv old.eventlog old.csv
    # (but the time of the exit's empty sample, the last event's: here a 165)
    check "$log: no HEAP_PROF_SAMPLE_END, as GHC 8.2 to 8.8: the same" \
        all 'cmp -s <(sed \$d "$log.csv") <(sed \$d old.csv) && [ "$(rows old.csv)" -eq "$(rows "$log.csv")" ]'
    # cut without 165: the last census may be partial, so it is dropped
    size=$(wc -c <old.eventlog)
    $GEN cut old.eventlog oldcut.eventlog $((size - 2)) && csv oldcut.eventlog oldcut.csv
    check "$log: that log cut at its end marker: every census but the last" \
        [ "$(rows oldcut.csv)" -eq $(($(rows "$log.csv") - 2)) ]
done
$GEN make ghc-8.2 ghc82.eventlog && csv ghc82.eventlog ghc82.csv
$GEN make good good.eventlog && csv good.eventlog good.csv
check "a GHC 8.2 header (no 165, 166, 169)" same_csv good.csv ghc82.csv

# ---- 4. what the log says -------------------------------------------------
$GEN make hi hi.eventlog && csv hi.eventlog hi.csv
check "-hi: bands named by their IPE event, two alike kept apart, an unknown address as it is" \
    [ "$(head -n 1 hi.csv)" = 'time,"thunk :: Integer -> IO () (main, Main.hs:5:1-30) [0x4cd5a8]","thunk :: Integer -> IO () (main, Main.hs:5:1-30) [0x4cd600]",0x4c0000' ]
check "-hi: the table without an IPE entry told once, with its share" \
    grep -qx 'hp2ps: warning: hi.eventlog: 1 of 3 info tables (22 % of the heap over the run) have no source: code built without -finfo-table-map (often libraries); they are named by their address' err.txt
# Every band name is its own: two tables alike get their address, and a
# third whose entry reads as that very name gets its own too (it shared a
# name with the first: one key entry, .aux line and CSV column for two).
$GEN make hi-collide hic.eventlog
"$HP2PS" -t0 -o hic.csv hic.eventlog 2>/dev/null && "$HP2PS" -t0 -o hic.ps hic.eventlog 2>/dev/null
check "-hi: a name that meets another's new name gets its address too" \
    python3 -c 'import csv,sys
h = next(csv.reader(open("hic.csv", newline="")))[1:]
assert len(h) == len(set(h)) == 6, h
assert "thunk :: Int (main, M.hs:1) [0x10] [0x30]" in h, h'
# (beside its own names an eventlog's .aux has each -hi table under the
# address its .hp names it by, aux_write: -p carries over between them)
check "... and the .aux has six bands' ORDER lines, the rest their .hp names, no name twice" \
    python3 -c 'import csv,re
h = next(csv.reader(open("hic.csv", newline="")))[1:]
order = [l[6:].rstrip("\n").rsplit(" ", 1)[0] for l in open("hic.aux") if l.startswith("ORDER ")]
assert len(order) == len(set(order)), order
assert set(h) <= set(order), (h, order)
assert all(re.fullmatch("0x[0-9a-f]+", n) for n in set(order) - set(h)), order'
# A table whose entry reads as another table's address: that name is the
# band's alone in the .aux, not also the other table's .hp name.
$GEN make hi-alias hia.eventlog
"$HP2PS" -o hia.csv hia.eventlog 2>/dev/null && "$HP2PS" -o hia.ps hia.eventlog 2>/dev/null
check "-hi: a band named as another table's address has that .aux line alone" \
    eval '[ "$(head -n 1 hia.csv)" = "time,\"thunk :: Int (main, M.hs:1)\",0x10" ] &&
          [ "$(grep -c "^ORDER 0x10 " hia.aux)" -eq 1 ] && [ "$(grep -c "^SHADE 0x10 " hia.aux)" -eq 1 ] &&
          [ "$(grep -c "^ORDER 0x20 " hia.aux)" -eq 1 ]'
# Details exactly as the log gives them: a cost centre's tab and newline
# stay in the stack (the tab cut it, the newline became U+FFFD), in the
# exports and the page.
$GEN make hc-tabs hct.eventlog
"$HP2PS" --export-layout=bands -o hct.json hct.eventlog 2>/dev/null
check "-hc: a stack with a tab and a newline, exact in the details" \
    python3 -c 'import json
d = json.load(open("hct.json"))
assert d["format"]["layout"] == "bands", d["format"]
pairs = dict(zip(d["bands"], [x["stack"] for x in d["band_details"]]))
assert pairs == {"(1)go\tleft/main": "go\tleft/main", "(2)two\nlines/main": "two\nlines/main"}, pairs'
"$HP2PS" --export-layout=bands -o hct.csv hct.eventlog 2>/dev/null
check "... and in the CSV" python3 -c 'import csv
rows = list(csv.reader(open("hct.csv", newline="")))
assert [r[2] for r in rows[1:]] == ["go\tleft/main", "two\nlines/main"], rows'
"$HP2PS" -o hct.html hct.eventlog 2>/dev/null
check "... and in the page's data" \
    [ "$(python3 $TESTDATA/../tools/html_page.py get hct.html "repr(sorted(b[\"detail\"] for b in d[\"bands\"]))")" = "[['go\\tleft/main'], ['two\\nlines/main']]" ]
# what the log tells of a band beyond its name: the bands export
"$HP2PS" -t0 --export-layout=bands -o hi-bands.csv "$EL/newer-hi.eventlog" 2>/dev/null
check "--export-layout=bands: the IPE fields as columns" \
    all 'head -n 1 hi-bands.csv | grep -qx "band,total,address,table,closure type,type,label,module,location" &&
         grep -qF "\"Node :: Tree (build, src/newer.hs:24:13-68)\",304620384,0x410b80,Node_Main_0_con_info,4,Tree,build,Main,src/newer.hs:24:13-68" hi-bands.csv &&
         grep -q "^0x410b80	Node_Main_0_con_info	4	Tree	build	Main	src/newer.hs:24:13-68$" "$EL/newer-hi.ipe.tsv"'
"$HP2PS" -t0 -o hi.json "$EL/newer-hi.eventlog" 2>/dev/null
check "JSON: band_details beside bands, the same fields" \
    python3 -c 'import json, sys
d = json.load(open("hi.json"))
b, det = d["bands"], d["band_details"]
assert len(b) == len(det) >= 20
for name, x in zip(b, det):
    assert (x is None) == (name.startswith("0x") or name == "OTHER"), name
    assert x is None or set(x) == {"address", "table", "closure type", "type", "label", "module", "location"}'
"$HP2PS" --export-layout=bands -o hc-bands.json "$EL/tiny-hc.eventlog" 2>/dev/null
check "-hc: the whole stack of a cut name" \
    python3 -c 'import json
d = json.load(open("hc-bands.json"))
pairs = dict(zip(d["bands"], [x["stack"] for x in d["band_details"]]))
assert pairs["(8)squares/main.s/main/M..."] == "squares/main.s/main/Main.CAF", pairs'
# the page carries the same details, for the readout and the table
PAGE="python3 $TESTDATA/../tools/html_page.py"
"$HP2PS" -t0 -o hi.html "$EL/newer-hi.eventlog" 2>/dev/null
check "HTML: each -hi band's IPE fields in the page's data" \
    all '[ "$($PAGE get hi.html "\"|\".join(d[\"detail_columns\"])")" = "address|table|closure type|type|label|module|location" ] &&
         [ "$($PAGE get hi.html "\"|\".join([b[\"detail\"] for b in d[\"bands\"] if b[\"name\"].startswith(\"Node :: Tree (build\")][0])")" = "0x410b80|Node_Main_0_con_info|4|Tree|build|Main|src/newer.hs:24:13-68" ]'
"$HP2PS" -o hc.html "$EL/tiny-hc.eventlog" 2>/dev/null
check "HTML: an -hc band's whole stack in the page's data" \
    all '[ "$($PAGE get hc.html "[b[\"detail\"][0] for b in d[\"bands\"] if b[\"name\"] == \"(8)squares/main.s/main/M...\"][0]")" = "squares/main.s/main/Main.CAF" ]'
$GEN make job job.eventlog && "$HP2PS" -o job.json job.eventlog
check "JOB as the RTS writes it (+RTS/-RTS/--RTS, an empty argument)" \
    grep -qF '"job": "prog a b  +RTS last +RTS -hT"' job.json
check "DATE from WALL_CLOCK_TIME" grep -qF '"date": "Tue Nov 14 22:13 2023"' job.json
$GEN make markers markers.eventlog && "$HP2PS" -o markers.svg markers.eventlog 2>err.txt
RC=$?
check "USER_MARKERs out of order draw" quiet_success
$GEN make deep deep.eventlog && csv deep.eventlog deep.csv && csv deep.eventlog full.csv --full-stacks
head -n 1 deep.csv | tr , '\n' >deep.names
head -n 1 full.csv | tr , '\n' >full.names
check "a stack 255 deep is cut at the -L40 of its arguments" \
    grep -qx "(1)$(printf 'f1%.0s' $(seq 18))..." deep.names
check "a CAF prints Module.CAF, with no / after it" grep -qx '(2)Main.CAFf1f1f1f1f1f1f1f1f1f1f1f1f1f1...' deep.names
check "the empty stack is MAIN" grep -qx 'MAIN' deep.names
check "--full-stacks: the whole stack, unknown cost centres too" \
    grep -q '^(1)f1f1.*/f199/Main.CAF<cc 201>/<cc 202>/.*/<cc 255>$' full.names
check "--full-stacks: at most 4096 bytes after the (N)" \
    [ "$(grep '^(3)g1000' full.names | tr -d '\n' | wc -c)" -eq $((3 + 4092 + 3)) ]

# ---- 5. cut anywhere: complete censuses, or one line ------------------------
# Every 499th byte of a small log, and each of the 40 bytes after its
# header: a drawing of the complete censuses (never more than the whole
# log's), or exactly one "hp2ps: ..." line; never anything else.
# (test_eventlog cuts at every 61st byte, in memory.)
csv "$EL/markers-hT.eventlog" whole.csv
size=$(wc -c <"$EL/markers-hT.eventlog")
bad=0 drawn=0
for at in $(seq 4 499 "$size") $(seq 2680 2720); do
    head -c "$at" "$EL/markers-hT.eventlog" >cut.eventlog
    "$HP2PS" -m0 -t0 -o cut.csv cut.eventlog 2>err.txt
    rc=$?
    if noisy err.txt; then bad=$((bad + 1))
    elif [ $rc -eq 0 ]; then
        drawn=$((drawn + 1))
        # its rows are the whole log's first ones (the header may have fewer bands)
        [ "$(rows cut.csv)" -lt "$(rows whole.csv)" ] || bad=$((bad + 1))
    elif [ $rc -ne 1 ] || [ "$(wc -l <err.txt)" -ne 1 ] || ! grep -q '^hp2ps: cut.eventlog: ' err.txt; then
        bad=$((bad + 1))
    fi
done
check "cut logs: complete censuses or one line ($drawn drawn, $bad wrong)" \
    all '[ "$bad" -eq 0 ] && [ "$drawn" -gt 0 ]'
rm -f out.ps
expect_error 1 '^hp2ps: stdin: the eventlog ends at byte 1000, inside its header: .*\+RTS -hT -l' \
    -o out.ps < <(head -c 1000 "$EL/tiny-hc.eventlog")
check "nothing written" [ ! -e out.ps ]
expect_error 1 '^hp2ps: .*deepstack-hb-segv.eventlog: no complete heap census in the eventlog yet .*\+RTS -hT -l' \
    "$EL/deepstack-hb-segv.eventlog"

# ---- 6. broken logs: one line with the byte offset ------------------------
broken() { # NAME REGEX
    $GEN make "$1" "$1.eventlog"
    expect_error 1 "^hp2ps: $1.eventlog: $2" -o out.ps "$1.eventlog"
}
broken undeclared 'byte 567: event type 250, which the header does not declare \(after event type 162 \(HEAP_PROF_SAMPLE_BEGIN\) at byte 549\)$'
broken no-nul "byte 567: a heap sample's name without its terminating NUL"
broken stack-too-long 'byte 567: a cost-centre stack of 9 entries does not fit its event of 14 bytes'
broken huge-value 'byte 567: a heap sample of 9223372036854775808 bytes'
broken backwards 'byte [0-9]+: a heap census at 0.005000 s, before the previous one at 0.030000 s'
broken end-without-begin 'byte [0-9]+: the end of a heap census that did not begin'
broken outside 'byte [0-9]+: a heap sample outside a census'
broken short-begin 'byte [0-9]+: HEAP_PROF_BEGIN event of 3 bytes, shorter than its 13'
broken declared-twice 'byte [0-9]+: event type 18 is declared twice'
broken long-description 'byte 8: event type 0 has a description of 4294967280 bytes: not an eventlog'
broken not-eventlog 'byte 4: not an eventlog'
broken endless-header 'the eventlog ends at byte 1310728, inside its header'
broken header-only 'no complete heap census in the eventlog yet'
broken no-heap-profile 'no heap profile in the eventlog \(run the program with \+RTS -hT -l'
broken no-census 'no heap census in the eventlog'
broken fixed-huge 'no complete heap census in the eventlog yet'
check "no output from any of them" [ ! -e out.ps ]
drawn() { # NAME: a drawing, nothing on stderr
    $GEN make "$1" "$1.eventlog"
    run_hp2ps -o "$1.ps" "$1.eventlog"
    local ps=$1.ps
    check "$1: drawn ($(head -c 200 err.txt))" all 'quiet_success && gs_ok "$ps"'
}
drawn bad-utf8
drawn empty-name
drawn after-end
$GEN make variable-past-end variable-past-end.eventlog
run_hp2ps -o variable-past-end.ps variable-past-end.eventlog
check "a log cut inside its last event: drawn, and one warning says it ends early" \
    all '[ "$RC" -eq 0 ] && gs_ok variable-past-end.ps && [ "$(wc -l <err.txt)" -eq 1 ] &&
         grep -qx "hp2ps: warning: variable-past-end.eventlog: the log ends without its end marker (the program was killed, or is still running): drawn up to its last complete census, at 0.030000 s" err.txt'
drawn many-cc
# IPE events (-finfo-table-map): GHC 9.6 and 9.10 declare each one byte
# longer than they write it; GHC 9.2's pre-release wrote them exactly; a
# later RTS may add fields.  All three read alike, by their content.
ipe_names='time,"thunk :: Integer (main, Main.hs:5:1-30)","Node :: Tree (build, Main.hs:9:3-20)",function :: Int -> Int (Main),0x4c0000'
for k in ghc96 exact extra twice many; do
    $GEN make "ipe-$k" "ipe-$k.eventlog" && csv "ipe-$k.eventlog" "ipe-$k.csv"
    RC=$?
    check "IPE ($k): read by content, bands named from the entries" \
        all '[ "$RC" -eq 0 ] && [ "$(head -n 1 "ipe-$k.csv")" = "$ipe_names" ]'
    [ "$k" = ghc96 ] || check "IPE ($k): the same censuses as ipe-ghc96" \
        cmp -s "ipe-$k.csv" ipe-ghc96.csv
done
rm -f ipe-many.eventlog
broken ipe-no-nul "byte [0-9]+: an info table's strings without their NULs"
broken ipe-past-block 'byte 1068: event type 165 \(HEAP_PROF_SAMPLE_END\) of 18 bytes runs past the end of its block at byte 1082 \(after event type 164 \(HEAP_PROF_SAMPLE_STRING\) at byte 1038\)$'
for f in tiny-hc markers-hT; do
    "$HP2PS" --full-stacks -c -o "$f.svg" "$EL/$f.eventlog" 2>err.txt
    RC=$?
    check "$f --full-stacks to SVG" all 'quiet_success && xmllint --noout "$f.svg" 2>/dev/null'
done

# ---- 7. --watch follows a growing log ---------------------------------------
# The header alone (the RTS writes it first): reported, the watch goes on;
# cut inside the fifth census: four drawn; the rest: all of them.
alive() { kill -0 "$1" 2>/dev/null; }
wait_for() { local n=$1; shift; while ! "$@"; do n=$((n - 1)); [ "$n" -gt 0 ] || return 1; sleep 0.1; done; }
has_rows() { [ -s live.csv ] && [ "$(rows live.csv)" -eq "$1" ]; }
head -c 2688 "$EL/markers-hT.eventlog" >live.eventlog
"$HP2PS" --watch=0.25 -m0 -t0 -o live.csv live.eventlog 2>watch-err.txt &
WATCHER=$!
wait_for 600 test -s watch-err.txt
check "the header alone is reported" grep -q '^hp2ps: live.eventlog: no complete heap census' watch-err.txt
tail -c +2689 "$EL/markers-hT.eventlog" | head -c $((30706 - 2688)) >>live.eventlog
wait_for 600 has_rows 5
check "cut in its fifth census: four censuses and the empty first sample" has_rows 5
tail -c +30707 "$EL/markers-hT.eventlog" >>live.eventlog
wait_for 600 has_rows "$(rows whole.csv)"
check "whole: every census" cmp -s live.csv whole.csv
wait_for 600 eval '! alive $WATCHER'
wait "$WATCHER"
check "the watch stops by itself, exit 0" [ $? -eq 0 ]

finish

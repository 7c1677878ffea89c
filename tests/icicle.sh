#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# icicle.sh: --view=icicle and -o FILE.folded as a user sees them, on the
# real profiles of tests/data/icicle (one program's known tree: a -hc .hp
# and the eventlog of the same run, and the same program at -L25; an -hi
# log of long names), the -hi log of tests/data/eventlog-ghc-9.10, two
# builds of one program (slowleak) and 647 bands.
#   - the icicle read back from its SVG (tools/icicle_svg.py): every node
#     under its parent, siblings adding up to their parent within a
#     pixel, and each row's widths the bytes the peak census holds there,
#     by a reading of the .hp of the test's own;
#   - the 303-deep stack whole from the .hp with -L5000, cut at 255 from
#     the eventlog and at -L25 from the other .hp, drawn and written as
#     cut; '/' inside </>, <//> and an SCC "io/read";
#   - folded stacks add up to the census (--at=peak, end, T: census.h's
#     rule, the one --top follows) or to the
#     window's byte-seconds (--from/--to), two columns with --diff;
#   - every drawn format, no .aux, the same bytes twice, and the
#     combinations refused with exit 2.
. "$(dirname "$0")/lib.sh"
need python3 pdftotext gs
TOOLS=$TESTDATA/../tools
ICY=$TESTDATA/icicle
NEWER=$TESTDATA/eventlog-ghc-9.10
SLOW=$TESTDATA/slowleak

# peak_total FILE.hp [AT]: the total of the census with the largest total
# (AT: the one at or before AT), by the test's own reading.
census_total() {
    python3 - "$@" <<'EOF'
import sys
best, cur, t, at = None, None, None, (float(sys.argv[2]) if len(sys.argv) > 2 else None)
for line in open(sys.argv[1], errors="surrogateescape"):
    if line.startswith("BEGIN_SAMPLE"):
        cur, t = 0, float(line.split()[1])
    elif line.startswith("END_SAMPLE"):
        if at is None:
            if best is None or cur > best: best = cur
        elif t <= at:
            best = cur
        cur = None
    elif cur is not None and "\t" in line:
        cur += int(line.rsplit("\t", 1)[1])
print(best)
EOF
}
# last_total FILE.hp: the total of the last census that holds anything.
last_total() {
    awk -F'\t' '/^BEGIN_SAMPLE/ { s = 0; next }
                /^END_SAMPLE/ { if (s > 0) last = s; next }
                NF == 2 { s += $2 }
                END { printf "%.0f\n", last }' "$1"
}
# window_total FILE.hp FROM TO: the trapezoids of the samples in [FROM, TO].
window_total() {
    python3 - "$@" <<'EOF'
import sys
lo, hi = float(sys.argv[2]), float(sys.argv[3])
pts, cur, t = [], None, None
for line in open(sys.argv[1], errors="surrogateescape"):
    if line.startswith("BEGIN_SAMPLE"):
        cur, t = 0, float(line.split()[1])
    elif line.startswith("END_SAMPLE"):
        if lo <= t <= hi: pts.append((t, cur))
        cur = None
    elif cur is not None and "\t" in line:
        cur += int(line.rsplit("\t", 1)[1])
area = sum((b[0] - a[0]) * (a[1] + b[1]) / 2 for a, b in zip(pts, pts[1:]))
print(int(area + 0.5))
EOF
}
# folded_sum FILE [COLUMN_FROM_END]: the sum of the lines' last (or an
# earlier) number.
folded_sum() {
    awk -v c="${2:-0}" '{ s += $(NF - c) } END { printf "%.0f\n", s }' "$1"
}

# ---- the picture, read back --------------------------------------------------------
for f in where-hc-L5000.hp where-hc.hp; do
    "$HP2PS" -c --view=icicle "$ICY/$f" -o "$f.svg" 2>err.txt
    check "$f: --view=icicle -o SVG failed: $(head -c 300 err.txt)" [ -s "$f.svg" ]
    python3 "$TOOLS/icicle_svg.py" nest "$f.svg" >nest.txt; rc=$?
    check "$f: nodes that do not nest: $(head -n 3 nest.txt)" [ "$rc" -eq 0 ]
    python3 "$TOOLS/icicle_svg.py" census "$f.svg" "$ICY/$f" 1 2 3 >census.txt; rc=$?
    check "$f: widths are not the census: $(head -n 3 census.txt)" [ "$rc" -eq 0 ]
done
"$HP2PS" -c --view=icicle "$ICY/where-hc-L5000.eventlog" -o el.svg 2>/dev/null
python3 "$TOOLS/icicle_svg.py" nest el.svg >nest.txt; rc=$?
check "the eventlog's icicle does not nest: $(head -n 3 nest.txt)" [ "$rc" -eq 0 ]
"$HP2PS" -c --view=icicle "$NEWER/newer-hi.eventlog" -o hi.svg 2>/dev/null
python3 "$TOOLS/icicle_svg.py" nest hi.svg >nest.txt; rc=$?
check "-hi: the icicle does not nest: $(head -n 3 nest.txt)" [ "$rc" -eq 0 ]
python3 "$TOOLS/icicle_svg.py" hi hi.svg "$NEWER/newer-hi.hp" "$NEWER/newer-hi.ipe.tsv" >hi.txt; rc=$?
check "-hi: the modules' widths are not the census: $(head -n 3 hi.txt)" [ "$rc" -eq 0 ]
"$HP2PS" -c --view=icicle "$ICY/longhi.eventlog" -o longhi.svg 2>/dev/null
python3 "$TOOLS/icicle_svg.py" nest longhi.svg >nest.txt; rc=$?
check "long -hi names: the icicle does not nest: $(head -n 3 nest.txt)" [ "$rc" -eq 0 ]
python3 "$TOOLS/icicle_svg.py" hi longhi.svg "$ICY/longhi.hp" "$ICY/longhi.ipe.tsv" >hi.txt; rc=$?
check "long -hi names: the modules' widths are not the census: $(head -n 3 hi.txt)" [ "$rc" -eq 0 ]
"$HP2PS" -c --view=icicle "$ICY/longhi.eventlog" -o longhi.pdf 2>/dev/null
pdftotext longhi.pdf longhi.txt
check "long -hi names: the module is not drawn whole" \
    grep -q '^Data.Icicle.LongNamedModuleForTheLabels.Internal 69 %' longhi.txt
python3 "$TOOLS/many_bands.py" 647 400 1 >many.hp
"$HP2PS" -c -m0 -t0 --view=icicle many.hp -o many.svg
python3 "$TOOLS/icicle_svg.py" nest many.svg >nest.txt; rc=$?
check "647 bands: the icicle does not nest: $(head -n 3 nest.txt)" [ "$rc" -eq 0 ]
python3 "$TOOLS/icicle_svg.py" census many.svg many.hp 1 6 >census.txt; rc=$?
check "647 bands: widths are not the census: $(head -n 3 census.txt)" [ "$rc" -eq 0 ]

# ---- cut stacks, drawn as cut -------------------------------------------------------
"$HP2PS" -c --view=icicle "$ICY/where-hc-L5000.eventlog" -o el.pdf 2>/dev/null
pdftotext el.pdf el.txt
check "the eventlog's picture does not say its stack is cut at 255" \
    grep -q 'a stack 255 deep, the most an eventlog keeps' el.txt
check "the eventlog's picture has no folded run d49 ⋯ d303" grep -q 'd49 ⋯ d303' el.txt
check "the eventlog's picture splits io/read" grep -q '^io/read' el.txt
"$HP2PS" -c --view=icicle "$ICY/where-hc.hp" -o l25.pdf
pdftotext l25.pdf l25.txt
check "the -L25 picture does not say its stacks are cut" grep -q 'a stack the .hp cut at -L25' l25.txt
check "the -L25 picture has no cut node 'main.\\…'" grep -q 'main\.\\…' l25.txt

# ---- folded stacks -------------------------------------------------------------------
"$HP2PS" -o L5000.folded "$ICY/where-hc-L5000.hp"
check "folded (.hp): the lines do not add up to the peak census" \
    [ "$(folded_sum L5000.folded)" = "$(census_total "$ICY/where-hc-L5000.hp")" ]
deep=$(grep ';d303 ' L5000.folded | sed 's/ [0-9]*$//' | tr ';' '\n' | wc -l)
check "folded (.hp, -L5000): the deepest stack has $deep frames, not 305" [ "$deep" -eq 305 ]
check "folded (.hp): </> is split" grep -q '^main;main\.\\;</> [0-9]*$' L5000.folded
check "folded (.hp): <//> is split" grep -q '^main;main\.\\;<//> [0-9]*$' L5000.folded
"$HP2PS" -o el.folded "$ICY/where-hc-L5000.eventlog" 2>/dev/null
check "folded (eventlog): not the .hp's total" \
    [ "$(folded_sum el.folded)" = "$(folded_sum L5000.folded)" ]
deep=$(grep ';d303 ' el.folded | sed 's/ [0-9]*$//' | tr ';' '\n' | wc -l)
check "folded (eventlog): the 255-deep stack has $deep frames, not the cut and 255" [ "$deep" -eq 256 ]
check "folded (eventlog): the cut stack does not start '[cut] …;d49;'" grep -q '^\[cut\] …;d49;d50;' el.folded
check "folded (eventlog): io/read is not one frame" grep -q '^main;main\.\\;io/read [0-9]*$' el.folded
"$HP2PS" -o l25.folded "$ICY/where-hc.hp"
check "folded (-L25): no cut stack '[cut] d…;d300;d301;d302;d303'" \
    grep -q '^\[cut\] d…;d300;d301;d302;d303 [0-9]*$' l25.folded
check "folded (-L25): the lines do not add up to the peak census" \
    [ "$(folded_sum l25.folded)" = "$(census_total "$ICY/where-hc.hp")" ]
# --at=T: the census at T or the last before it; --at=end: the empty one at exit
"$HP2PS" --at=0.05 -o at.folded "$ICY/where-hc-L5000.hp"
check "--at=0.05: not the census at or before 0.05" \
    [ "$(folded_sum at.folded)" = "$(census_total "$ICY/where-hc-L5000.hp" 0.05)" ]
# --at=end: the last census that holds anything (not the empty one at exit)
"$HP2PS" --at=end -o end.folded "$ICY/where-hc-L5000.hp"
check "--at=end: not the last census that holds anything" \
    [ "$(folded_sum end.folded)" = "$(last_total "$ICY/where-hc-L5000.hp")" ]
expect_error 1 '--at=-1: the first census is at 0 seconds' --at=-1 -o x.folded "$ICY/where-hc-L5000.hp"
check "--at before the first census left an output" [ ! -e x.folded ]
# --from/--to: the window's byte-seconds
"$HP2PS" --from=0.02 --to=0.2 -o win.folded "$ICY/where-hc-L5000.hp"
check "--from/--to: the lines ($(folded_sum win.folded)) are not the window's byte-seconds" \
    [ "$(folded_sum win.folded)" = "$(window_total "$ICY/where-hc-L5000.hp" 0.02 0.2)" ]
expect_error 1 'the window holds one census' --from=0.044 --to=0.046 -o x.folded "$ICY/where-hc-L5000.hp"
# a ';' in a name is not a frame's end
printf 'JOB "p +RTS -hc"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\n(1)x,y;z=1/main\t7\nEND_SAMPLE 0\n' >semi.hp
"$HP2PS" -o semi.folded semi.hp
check "a ';' in a name: $(cat semi.folded)" grep -qx 'main;x,y,z=1 7' semi.folded
# --diff: two numbers a line, before then after
"$HP2PS" --diff -o diff.folded "$SLOW/fixed-hc.hp" "$SLOW/leak-hc.hp"
check "--diff folded: the before column is not fixed-hc's peak" \
    [ "$(folded_sum diff.folded 1)" = "$(census_total "$SLOW/fixed-hc.hp")" ]
check "--diff folded: the after column is not leak-hc's peak" \
    [ "$(folded_sum diff.folded)" = "$(census_total "$SLOW/leak-hc.hp")" ]

# ---- flat breakdowns, -hi, --diff, as drawn --------------------------------------------
"$HP2PS" --view=icicle -o hy.pdf "$SLOW/leak-hy.hp"
pdftotext hy.pdf hy.txt
check "-hy: the picture does not say there is no tree" grep -q -- '-hy breaks the heap down by type, not by a tree' hy.txt
"$HP2PS" -o hy.folded "$SLOW/leak-hy.hp"
check "-hy folded: a line of more than one frame" eval '! grep -q ";" hy.folded'
"$HP2PS" -c --view=icicle -o hi.pdf "$NEWER/newer-hi.eventlog" 2>/dev/null
pdftotext hi.pdf hi.txt
check "-hi: no module, file and span in the picture" eval 'grep -q "^Main 29 %" hi.txt && grep -q "^newer.hs 29 %" hi.txt && grep -q "(no IPE entry)" hi.txt'
"$HP2PS" -o hi.folded "$NEWER/newer-hi.eventlog" 2>/dev/null
check "-hi folded: no line module;file;span;closure" grep -q '^Main;newer\.hs;25:17-33;Leaf (build) [0-9]*$' hi.folded
"$HP2PS" -c --view=icicle --diff -o diff.pdf "$SLOW/fixed-hc.hp" "$SLOW/leak-hc.hp"
pdftotext -layout diff.pdf diff.txt
check "--diff: the map's growth is not drawn (grow.\\ +200.6 kB)" grep -q 'grow\.\\ +200\.6 kB' diff.txt
check "--diff: the legend is missing" grep -q 'rising hatch: grew, blue, falling hatch: shrank' diff.txt

# units that are not UTF-8 (any bytes a .hp holds) are drawn as U+FFFD, not
# handed to pango as they are (it warned: the fuzzer's finding)
printf 'JOB "p +RTS -hc"\nDATE "d"\nSAMPLE_UNIT "s\376c"\nVALUE_UNIT "by\377tes"\nBEGIN_SAMPLE 0\n(1)f/main\t7\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\n(1)f/main\t9\nEND_SAMPLE 1\n' >units.hp
for at in --at=peak --from=0; do
    "$HP2PS" --view=icicle $at units.hp -o units.pdf 2>err.txt
    check "--view=icicle $at, units not UTF-8: exit or stderr $(head -c 200 err.txt)" \
        eval '[ -s units.pdf ] && [ ! -s err.txt ]'
done

# ---- formats, files, the same bytes ---------------------------------------------------
for fmt in ps eps pdf svg png; do
    rm -f where-hc-L5000.aux
    "$HP2PS" -c --view=icicle "$ICY/where-hc-L5000.hp" -o "icicle.$fmt" 2>err.txt
    check "--view=icicle -o icicle.$fmt: exit or no file: $(head -c 200 err.txt)" [ -s "icicle.$fmt" ]
    check "--view=icicle wrote an .aux" [ ! -e where-hc-L5000.aux ]
done
raster icicle.ps icicle-ps.png 30
check "the icicle's PostScript does not rasterize" [ -s icicle-ps.png ]
check "the icicle's PNG is not a PNG" eval 'head -c 8 icicle.png | od -An -c | grep -q "P   N   G"'
"$HP2PS" -c --view=icicle "$ICY/where-hc-L5000.hp" -o again.pdf
check "--view=icicle: another run gave other bytes" cmp -s icicle.pdf again.pdf
"$HP2PS" "$ICY/where-hc-L5000.hp" --format=folded -o - >stdout.folded
check "--format=folded -o -: not the same lines" cmp -s stdout.folded L5000.folded
cp "$ICY/where-hc-L5000.hp" prog.hp
"$HP2PS" --format=folded prog.hp
check "--format=folded: no prog.folded, or an .aux" eval '[ -s prog.folded ] && [ ! -e prog.aux ]'

# ---- refused -------------------------------------------------------------------------
expect_error 2 'HTML page draws its icicle under the graph' --view=icicle -o x.html "$ICY/where-hc.hp"
expect_error 2 'draws a picture; -o FILE.folded' --view=icicle -o x.csv "$ICY/where-hc.hp"
expect_error 2 "one profile's tree" --view=icicle -o x.pdf "$ICY/where-hc.hp" "$ICY/where-hc.hp"
expect_error 2 'draws a tree' --view=icicle --mode=lines -o x.pdf "$ICY/where-hc.hp"
expect_error 2 'use one of graph or icicle' --view=tree "$ICY/where-hc.hp"
expect_error 2 'draws a tree \(write the table with -o FILE.txt\)' --view=icicle --top -o x.pdf "$ICY/where-hc.hp"
expect_error 2 'folded stacks are one profile' -o x.folded "$ICY/where-hc.hp" "$ICY/where-hc.hp"
expect_error 1 'break the heap down differently' --diff -o x.folded "$SLOW/leak-hc.hp" "$SLOW/leak-hy.hp"

finish

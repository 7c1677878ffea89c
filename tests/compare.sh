#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# compare.sh: several profiles on one page (hp2ps -o F A.hp B.hp ...) and
# --diff.  The panels are read back from the PDF with their positions:
# each JOB is in its title, every panel has the same y tick labels (one
# scale) and they reach the larger profile's peak; the page grows with the
# panels; SVG, PNG and PostScript are drawn; --diff's labels are signed
# and its key gives each band's change; bad command lines are one line
# and exit 2.
. "$(dirname "$0")/lib.sh"
need pdftotext pdfinfo pdftoppm xmllint identify convert gs python3

# profile JOB X Y: five samples of bands X and Y, X three times as big at
# t=2 (the peak, 3 X + Y).
profile() {
    printf 'JOB "%s"\nDATE "Thu Nov 23 12:00 2026"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' "$1"
    for t in 0 1 2 3 4; do
        printf 'BEGIN_SAMPLE %d.0\nX\t%d\nY\t%d\nEND_SAMPLE %d.0\n' \
            "$t" $(( $2 * (t == 2 ? 3 : 1) )) "$3" "$t"
    done
}
profile before-job 500000 500000 >before.hp     # peak 2.0 MB
profile after-job 1250000 1250000 >after.hp     # peak 5.0 MB
profile third-job 250000 250000 >third.hp       # peak 1.0 MB

# ylabels PDF NPANELS: "PANEL LABEL" for each y tick label ("4.5 MB"): a
# number followed by "MB" left of the graph, its panel from its height
# (panels are 432 pt boxes, the first on top, centred as on one A4
# landscape sheet taller by 432 pt per panel).
ylabels() {
    pdftotext -bbox "$1" - | awk -v n="$2" '
        /<word / {
            match($0, /xMin="[0-9.]+"/); x0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
            match($0, /yMin="[0-9.]+"/); y0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
            match($0, />[^<]*</); w = substr($0, RSTART + 1, RLENGTH - 2)
            if (w == "MB" && pw ~ /^[0-9.]+$/ && px < 125)
                printf "%d %s\n", int((py - 81.5) / 432), pw
            pw = w; px = x0; py = y0
        }'
}

for n in 2 3; do
    files="before.hp after.hp"
    [ "$n" -eq 3 ] && files="$files third.hp"
    run_hp2ps -c -o "p$n.pdf" $files
    check "$n profiles to PDF: exit 0, nothing on stderr" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
    pdftotext "p$n.pdf" "p$n.txt"
    for job in before-job after-job; do
        check "$n profiles: $job is a title" grep -q "$job" "p$n.txt"
    done
    [ "$n" -eq 3 ] && check "3 profiles: third-job is a title" grep -q third-job p3.txt
    check "$n profiles: one key entry per name (X, Y once each)" \
        eval '[ "$(grep -cx X "p$n.txt")" -eq 1 ] && [ "$(grep -cx Y "p$n.txt")" -eq 1 ]'
    check "$n profiles: one page" [ "$(pdfinfo "p$n.pdf" | sed -n 's/^Pages: *//p')" -eq 1 ]
    h=$(pdfinfo "p$n.pdf" | sed -n 's/^Page size: *[0-9.]* x \([0-9.]*\) pts.*/\1/p')
    check "$n profiles: the page is 595 + 432 pt per extra panel tall ($h)" \
        [ "${h%.*}" -eq $(( 595 + 432 * (n - 1) )) ]
    ylabels "p$n.pdf" "$n" >"y$n.txt"
    for k in $(seq 0 $((n - 1))); do
        awk -v k="$k" '$1 == k { print $2 }' "y$n.txt" | sort -n >"y$n-$k.txt"
        check "$n profiles: panel $k has y labels" [ -s "y$n-$k.txt" ]
        check "$n profiles: panel $k has the first panel's y labels" cmp -s "y$n-0.txt" "y$n-$k.txt"
    done
    top=$(tail -n 1 "y$n-0.txt")
    # 5 MB is the larger peak, and the axis ends at the labelled tick at
    # or above it.
    check "$n profiles: y labels reach the larger peak ($top MB)" \
        awk -v t="$top" 'BEGIN { exit !(t == 5) }'
done

# One scale means before's panel goes as high as after's: 2 MB of 5 MB.
check "the labels are those of a 5 MB scale, step 0.5 MB" \
    eval '[ "$(tr "\n" " " <y2-0.txt)" = "0.5 1.0 1.5 2.0 2.5 3.0 3.5 4.0 4.5 5.0 " ]'

# Other formats.
run_hp2ps -o p2.svg before.hp after.hp
check "2 profiles to SVG: valid XML" xmllint --noout p2.svg
run_hp2ps -c -o p2.png --dpi 40 before.hp after.hp
run_hp2ps -c -o p3.png --dpi 40 before.hp after.hp third.hp
check "PNG: drawn in colour, not blank" [ "$(identify -format %k p2.png)" -gt 8 ]
check "PNG: three panels make a taller picture" \
    [ "$(identify -format %h p3.png)" -gt "$(identify -format %h p2.png)" ]
run_hp2ps -o p2.ps before.hp after.hp
check "2 profiles to PostScript: exit 0" [ "$RC" -eq 0 ]
raster p2.ps p2-ps.png 30
check "PostScript: renders, not blank" [ "$(identify -format %k p2-ps.png 2>/dev/null || echo 0)" -gt 4 ]
check "no .aux is written for several profiles" eval '! ls ./*.aux >/dev/null 2>&1'

# ---- --diff: X rises by 1 MB, Y halves from 2 MB ----
printf 'JOB "old"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >old.hp
printf 'JOB "new"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >new.hp
for t in 0 1 2; do
    printf 'BEGIN_SAMPLE %d\nX\t1000000\nY\t2000000\nEND_SAMPLE %d\n' "$t" "$t" >>old.hp
    printf 'BEGIN_SAMPLE %d\nX\t2000000\nY\t1000000\nEND_SAMPLE %d\n' "$t" "$t" >>new.hp
done
run_hp2ps -c --diff -o diff.pdf old.hp new.hp
check "--diff: exit 0, nothing on stderr" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
pdftotext -layout diff.pdf diff.txt
check "--diff: the title is 'new minus old'" grep -q "new minus old" diff.txt
check "--diff: positive tick labels are signed (+0.8 MB)" grep -Eq '^ *\+0\.8 MB' diff.txt
MINUS=$'\xe2\x88\x92' # U+2212, the minus sign
check "--diff: negative tick labels are signed with U+2212 (${MINUS}1.0 MB)" \
    grep -Eq "^ *${MINUS}1\\.0 MB\$" diff.txt
check "--diff: no ASCII hyphen as a minus sign" eval '! grep -Eq "(^| )-[0-9]" diff.txt'
check "--diff: 0 is a tick label" grep -Eq '^ *0$' diff.txt
check "--diff: the key gives X's change, +1.0 MB" grep -Eq '\+1\.0 MB +X$' diff.txt
check "--diff: the key gives Y's change, ${MINUS}1.0 MB" grep -Eq -- "${MINUS}1\\.0 MB +Y\$" diff.txt
check "--diff: the title says how far it falls, with U+2212" grep -q "down to ${MINUS}1\.0 MB" diff.txt
# The key in the order of the drawing, top first: A rises by 3 MB, B falls
# by 2 MB, C by 1 MB, so from the top down the drawing shows A, then C
# (next to zero), then B (outermost below).  Read back: the key's names
# by their height in the PDF, each swatch's colour left of its entry, and
# the drawing's colour at +1.5, -0.5 and -2 MB (placed by the tick labels).
printf 'JOB "o3"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >o3.hp
printf 'JOB "n3"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >n3.hp
for t in 0 1 2; do
    printf 'BEGIN_SAMPLE %d\nA\t1000000\nB\t5000000\nC\t5000000\nEND_SAMPLE %d\n' "$t" "$t" >>o3.hp
    printf 'BEGIN_SAMPLE %d\nA\t4000000\nB\t3000000\nC\t4000000\nEND_SAMPLE %d\n' "$t" "$t" >>n3.hp
done
run_hp2ps -c --diff -o order.pdf o3.hp n3.hp
pdftotext -bbox order.pdf order.html
pdftoppm -r 144 -png -singlefile order.pdf order
convert order.png order.ppm
cat >order.py <<'PY'
import re, sys
words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in re.findall(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
    open(sys.argv[1], encoding="utf-8").read())]
data = open(sys.argv[2], "rb").read()
m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
W, H, px = int(m.group(1)), int(m.group(2)), data[m.end():]
S = 2.0  # 144 dpi: pixels per point
def pixel(x, y):
    i = 3 * (int(y) * W + int(x))
    return tuple(px[i:i + 3])
def white(c): return min(c) > 235
# The key: the names A, B, C right of the graph, top first.
key = sorted((w for w in words if w[4] in ("A", "B", "C") and w[0] > 400), key=lambda w: w[1])
order = [w[4] for w in key]
swatch = []
for name in key:
    row = (name[1] + name[3]) / 2 * S
    value = min((w for w in words if abs(w[1] - name[1]) < 1 and w[2] < name[0]), key=lambda w: w[0])
    x = value[0] * S - 2
    while white(pixel(x, row)):
        x -= 1
    swatch.append(pixel(x - 6, row))  # past the swatch's outline
# The y axis: value -> row, from two tick labels.
MINUS = "\u2212"
ticks = {}
# A y tick label is a number with "MB" just right of it on its line (the
# x labels have no unit); the zero line's label is a bare "0".
def has_unit(w):
    return any(u[4] == "MB" and abs(u[1] - w[1]) < 1 and 0 <= u[0] - w[2] < 10 for u in words)
for i, w in enumerate(words):
    if re.fullmatch(r"[+" + MINUS + r"]?\d+(\.\d+)?", w[4]) and has_unit(w):
        ticks[float(w[4].replace(MINUS, "-"))] = (w[1] + w[3]) / 2 * S
(v0, y0), (v1, y1) = sorted(ticks.items())[0], sorted(ticks.items())[-1]
row = lambda mb: y0 + (mb - v0) * (y1 - y0) / (v1 - v0)
zero = [w for w in words if w[4] == "0"][0]
gx = (zero[2] + (key[0][0] - 60)) / 2 * S  # the middle of the graph
drawn = [pixel(gx, row(v)) for v in (1.5, -0.5, -2.0)]
near = lambda a, b: all(abs(p - q) < 40 for p, q in zip(a, b))
print("key", order, swatch, "drawn", drawn)
sys.exit(0 if order == ["A", "C", "B"] and all(near(a, b) for a, b in zip(swatch, drawn))
         and len(set(drawn)) == 3 else 1)
PY
check "--diff: the key lists A, C, B, as the drawing stacks them from the top" \
    python3 order.py order.html order.ppm
run_hp2ps --diff -m1 -o diff1.pdf old.hp new.hp
pdftotext -layout diff1.pdf diff1.txt
check "--diff -m1: everything is OTHER, which does not change in total" \
    grep -Eq '(^| )0 bytes +OTHER$' diff1.txt
run_hp2ps --diff -o diff.svg old.hp new.hp
check "--diff to SVG: valid XML" xmllint --noout diff.svg

# ---- --diff and -t: what is dropped is decided on the difference ----
# mapbuild -hc, its PINNED band (0.17 % of the profile) three times as
# large in the copy: under -t1 in each profile, but all the change there
# is.  At the default flags the diff draws it (+73.6 kB), titled by the
# files since the JOBs are one; -t1 drops what changes by less than 1 %
# of all the change, and says so when it would show.
cp "$TESTDATA/mapbuild-hc.hp" before3.hp
sed 's/^\((152)PINNED\t\)\([0-9]*\)$/\1\2x3/' before3.hp |
    awk -F'\t' '/x3$/ { sub(/x3$/, "", $2); $2 = 3 * $2 } 1' OFS='\t' >after3.hp
check "the fixture: PINNED three times as large, nothing else changed" \
    eval '[ "$(diff before3.hp after3.hp | grep -c "^>")" -eq "$(grep -c "^(152)PINNED" before3.hp)" ]'
run_hp2ps -c --diff -o pinned.pdf before3.hp after3.hp
pdftotext -layout pinned.pdf pinned.txt
check "--diff at the default -t: the band that grew threefold is drawn, +73.6 kB" \
    eval 'grep -q "up to +73.6 kB" pinned.txt && grep -Eq "\+73\.6 kB +\(152\)PINNED" pinned.txt'
check "--diff: one JOB twice, the title says which file is which" \
    grep -q "mapbuild +RTS -hc -i0.01: after3.hp minus before3.hp" pinned.txt
check "--diff: no band that did not change, no empty graph" \
    eval '! grep -q "up to 0, down to 0" pinned.txt && ! grep -Eq "^ *0 bytes" pinned.txt'
# a change of 0.1 % beside one of 99.9 %: -t1 drops it and says so
printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >hdr.txt
{ cat hdr.txt; for t in 0 1; do printf 'BEGIN_SAMPLE %s\nBIG\t1000000\nSMALL\t10\nEND_SAMPLE %s\n' $t $t; done; } >b4.hp
{ cat hdr.txt; for t in 0 1; do printf 'BEGIN_SAMPLE %s\nBIG\t2000000\nSMALL\t1010\nEND_SAMPLE %s\n' $t $t; done; } >a4.hp
run_hp2ps --diff -o small.pdf b4.hp a4.hp
pdftotext -layout small.pdf small.txt
check "--diff -t1: a change under 1 % of all the change is not drawn" \
    eval 'grep -Eq "\+1\.0 MB +BIG" small.txt && ! grep -q "SMALL" small.txt'
run_hp2ps --diff -t0 -o small0.pdf b4.hp a4.hp
pdftotext -layout small0.pdf small0.txt
check "--diff -t0 draws it" grep -Eq '\+1\.0 kB +SMALL' small0.txt
# a spike of half a megabyte in one sample of 101: under 1 % of all the
# change, so not drawn, but at that height it would show: the note says it
{ cat hdr.txt; for t in $(seq 0 100); do printf 'BEGIN_SAMPLE %s\nBIG\t1000000\nSPIKE\t0\nEND_SAMPLE %s\n' $t $t; done; } >b5.hp
{ cat hdr.txt; for t in $(seq 0 100); do s=0; [ "$t" = 50 ] && s=500000
  printf 'BEGIN_SAMPLE %s\nBIG\t2000000\nSPIKE\t%s\nEND_SAMPLE %s\n' $t $s $t; done; } >a5.hp
run_hp2ps --diff -o spike.pdf b5.hp a5.hp
pdftotext -layout spike.pdf spike.txt
check "--diff: what -t1 left out is said under the title when it would show" \
    grep -q "not drawn: 1 name whose changes make under -t1's 1 % of all the change, up to 475.0 kB" spike.txt

# ---- bad command lines ----
expect_error 2 '^hp2ps: --diff needs exactly two profiles' --diff -o d.pdf old.hp
expect_error 2 '^hp2ps: --diff needs exactly two profiles' --diff -o d.pdf old.hp new.hp before.hp
expect_error 2 '^hp2ps: several profiles .*-o FILE' before.hp after.hp
expect_error 2 '^hp2ps: -p .*several profiles' -p -o x.pdf before.hp after.hp
check "no drawing after a bad command line" [ ! -e d.pdf ] && [ ! -e x.pdf ]
expect_error 1 '^hp2ps: cannot open missing.hp' -o x.pdf before.hp missing.hp
check "no drawing after a missing profile" [ ! -e x.pdf ]
expect_error 1 'refusing to overwrite the input' --format=pdf -o after.hp before.hp after.hp
check "the input is still there" grep -q after-job after.hp

finish

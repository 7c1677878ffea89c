#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# looks.sh: the text of the picture, read back from the PDF with its
# bounding boxes (pdftotext -bbox): every key entry, tick label and title
# word lies inside the page, no two overlap, and the labels say what they
# should (enough decimals, units, shares, the peak).  Then what issue 12
# asked of the geometry, in every format: a key of hundreds of bands that
# leaves the graph its width, key pages that are full, honest axes, the
# title box by measured width, type that keeps its size at any -e width,
# and an EPS frame that is not cut.
. "$(dirname "$0")/lib.sh"
need pdftotext pdfinfo pdftoppm ps2pdf rsvg-convert convert compare awk

# words FILE.pdf: "page xmin ymin xmax ymax text" per word
words() {
    pdftotext -bbox "$1" - | awk '
        /<page / { page++; match($0, /width="[0-9.]+"/); w = substr($0, RSTART + 7, RLENGTH - 8)
                   match($0, /height="[0-9.]+"/); h = substr($0, RSTART + 8, RLENGTH - 9)
                   print "PAGE", page, w, h }
        /<word / { n = split($0, f, "\""); t = $0; sub(/.*">/, "", t); sub(/<\/word>.*/, "", t)
                   print page, f[2], f[4], f[6], f[8], t }'
}

# layout_ok FILE.pdf: every word inside its page, no two words overlapping
layout_ok() {
    words "$1" | awk '
        $1 == "PAGE" { W[$2] = $3; H[$2] = $4; next }
        { n++; p[n] = $1; x0[n] = $2; y0[n] = $3; x1[n] = $4; y1[n] = $5; t[n] = $6 }
        END {
            bad = 0
            for (i = 1; i <= n; i++) {
                if (x0[i] < 0 || y0[i] < 0 || x1[i] > W[p[i]] || y1[i] > H[p[i]]) {
                    print "outside the page: " t[i] > "/dev/stderr"; bad = 1
                }
                for (j = i + 1; j <= n; j++) {
                    if (p[i] != p[j]) continue
                    # 0.6 pt of slack: font boxes include some leading
                    if (x0[i] + 0.6 < x1[j] && x0[j] + 0.6 < x1[i] &&
                        y0[i] + 0.6 < y1[j] && y0[j] + 0.6 < y1[i]) {
                        print "overlap: " t[i] " / " t[j] > "/dev/stderr"; bad = 1
                    }
                }
            }
            if (n == 0) { print "no words" > "/dev/stderr"; bad = 1 }
            exit bad
        }'
}

has_word() { words "$1" | awk -v w="$2" '$1 != "PAGE" && $6 == w { found = 1 } END { exit !found }'; }
pages() { pdfinfo "$1" | awk '/^Pages:/ { print $2 }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }
near() { awk -v a="$1" -v b="$2" -v d="$3" 'BEGIN { exit !(a - b <= d && b - a <= d) }'; }

# rmse A.png B.png: normalised RMSE after a blur of 1 pixel (renderers
# differ in antialiasing and hinting; see formats.sh), and pictures of
# SVG and PDF pages at 144 dpi (0.03 apart; b/w for colour is 0.3).
rmse() {
    convert "$1" -blur 0x1 a.miff && convert "$2" -blur 0x1 b.miff &&
        compare -metric RMSE a.miff b.miff null: 2>&1 | sed 's/.*(\(.*\)).*/\1/'
}
same_picture() { awk -v d="$(rmse "$1" "$2")" 'BEGIN { exit !(d < 0.07) }'; }

# as_pdf FMT OUT.pdf ARGS...: hp2ps ARGS in format FMT, as a PDF to read
# with pdftotext.  PostScript is drawn upright (-g: the same pages, not
# turned) and made PDF by ghostscript, EPS likewise; SVG's text is drawn
# as paths, so the SVG must be the picture of a PDF of the same flags,
# which is read.
as_pdf() {
    local fmt=$1 out=$2; shift 2
    case $fmt in
    ps) run_hp2ps -g "$@" -o x.ps && ps2pdf x.ps "$out" ;;
    eps) run_hp2ps "$@" -o x.eps && ps2pdf -dEPSCrop x.eps "$out" ;;
    pdf) run_hp2ps "$@" -o "$out" ;;
    svg) run_hp2ps "$@" -o x.svg && rsvg-convert -b white --dpi-x 144 --dpi-y 144 x.svg -o x-svg.png &&
         run_hp2ps "$@" -o "$out" && pdftoppm -r 144 -png -singlefile "$out" x-pdf &&
         check "$* as SVG is the PDF's picture" same_picture x-svg.png x-pdf.png ;;
    esac
}

# xlabels FILE.pdf: "VALUE CENTRE" for each x label of the last page: the
# numbers one line (11 pt) above the axis title "seconds".
xlabels() {
    local last; last=$(pages "$1")
    pdftotext -f "$last" -l "$last" -bbox "$1" - | awk '
        /<word / { n++; split($0, f, "\""); x0[n] = f[2]; y0[n] = f[4]; x1[n] = f[6]
                   t[n] = $0; sub(/.*">/, "", t[n]); sub(/<\/word>.*/, "", t[n])
                   if (t[n] == "seconds") sy = f[4] }
        END { for (i = 1; i <= n; i++)
                  if (t[i] ~ /^[0-9.]+$/ && y0[i] - (sy - 11) < 1.5 && (sy - 11) - y0[i] < 1.5)
                      print t[i] + 0, (x0[i] + x1[i]) / 2 }'
}
# xscale FILE.pdf: points per second of the time axis (so the graph's
# width, for one profile), from the first and last x labels.
xscale() {
    xlabels "$1" | sort -n | awk 'NR == 1 { v0 = $1; c0 = $2 } { v = $1; c = $2 }
                                  END { if (v > v0) print (c - c0) / (v - v0); else print 0 }'
}

cp "$SAMPLES/leakmean-hc.hp" leak.hp
cp "$TESTDATA/mapbuild-hc.hp" map.hp
cp "$TESTDATA/wordfreq-hr.hp" wf.hp

for flags in "-c" "" "-b" "-M" "-c -e6in" "-c --units=iec" "-c --pattern"; do
    run_hp2ps $flags leak.hp -o leak.pdf
    check "leak $flags: exit 0" [ "$RC" -eq 0 ]
    check "leak $flags: text inside the page, no overlap" layout_ok leak.pdf
done
run_hp2ps -c leak.hp -o leak.pdf
check "sub-second ticks read 0.05" has_word leak.pdf 0.05
check "y labels in MB" has_word leak.pdf MB
check "the key gives shares" has_word leak.pdf 50%
check "the title gives the peak" has_word leak.pdf peak
check "the title keeps the total (of every name, -t1's too)" has_word leak.pdf 22,771,733
# A note under the title of what -t1 leaves out: on the page, overlapping
# nothing, at any box and key placement.
python3 "$TESTDATA/../tools/hidden_bands.py" make 2000 >hid.hp
for flags in "" "-b" "-c -e6in" "-M" "-m4"; do
    run_hp2ps $flags hid.hp -o hid.pdf
    check "hidden $flags: text inside the page, no overlap" layout_ok hid.pdf
    check "hidden $flags: the note" has_word hid.pdf drawn:
done
run_hp2ps -c --units=iec leak.hp -o leak.pdf
check "--units=iec labels in MiB" has_word leak.pdf MiB

for flags in "-c" "-c -m0 -M" "-c -m40" "-c -m40 -e8in" "-c -m40 --format=svg -o -"; do
    case $flags in *svg*) continue ;; esac
    run_hp2ps $flags map.hp -o map.pdf
    check "mapbuild $flags: inside, no overlap" layout_ok map.pdf
    run_hp2ps $flags wf.hp -o wf.pdf
    check "wordfreq-hr $flags: inside, no overlap" layout_ok wf.pdf
done
# -m40 -e8in: one page, so the key goes into columns beside the graph.
run_hp2ps -c -t0 -m60 -e8in wf.hp -o wf.pdf
check "60 bands on one EPS-sized page: inside, no overlap" layout_ok wf.pdf
check "... still one page" [ "$(pdfinfo wf.pdf | awk '/^Pages:/ { print $2 }')" = 1 ]

# Long names and a long title stay on the page.
long=$(printf 'x%.0s' $(seq 1 400))
printf 'JOB "%s"\nDATE "%s"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' "$long" "$long" > long.hp
for k in 0 1 2; do
    printf 'BEGIN_SAMPLE %d\n' "$k"
    for i in $(seq 1 25); do printf '(%d)%s%d\t%d\n' "$i" "$long" "$i" $((i * 1000 + k)); done
    printf 'END_SAMPLE %d\n' "$k"
done >> long.hp
for flags in "" "-M" "-e6in" "-m0" "-s"; do
    run_hp2ps $flags long.hp -o long.pdf
    check "long names $flags: inside, no overlap" layout_ok long.pdf
done

# A three-hour run is labelled in hours.
{ printf 'JOB "service"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
  for k in $(seq 0 60); do printf 'BEGIN_SAMPLE %d\ncache\t%d\nEND_SAMPLE %d\n' $((k * 180)) $((k * 1000)) $((k * 180)); done
} > svc.hp
run_hp2ps svc.hp -o svc.pdf
check "3-hour run: x legend reads hours" has_word svc.pdf hours
check "3-hour run: inside, no overlap" layout_ok svc.pdf

# ---- issue 12: the geometry ----------------------------------------------

# manybands N: a profile of N names that live in windows of the run, with
# spiky totals, each name "(i)Data.Map.Internal.insertWithK/run.it/run/main"
# too wide for the key whole.
manybands() {
    awk -v n="$1" 'BEGIN {
        printf "JOB \"many +RTS -hc -i0.05\"\nDATE \"Thu Nov 23 12:00 2026\"\n"
        printf "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
        for (s = 0; s <= 40; s++) {
            printf "BEGIN_SAMPLE %.2f\n", s * 0.05
            for (i = 1; i <= n; i++) {
                a = (i * 7) % 41; b = a + 5 + i % 13
                if (s >= a && s <= b)
                    printf "(%d)Data.Map.Internal.insertWith%d/run.it/run/main\t%d\n", i, i % 9,
                           1000 + (i * 7919) % 50000 + (s % 9 == 4 ? 30000 : 0)
            }
            printf "END_SAMPLE %.2f\n", s * 0.05
        }
    }'
}
manybands 565 > many.hp

# Whatever the number of bands, the graph keeps at least 80% of the width
# it has with 20 bands: a key that does not fit beside it goes on pages of
# its own (PS, PDF) or below it (EPS, SVG; PNG is SVG's picture).
# (SVG drawn -e8in, to be compared with a PDF of the same size: -e makes
# every format one page, so the key goes below as in SVG's own page.)
for f in ps eps pdf svg; do
    e=; [ "$f" = svg ] && e=-e8in
    as_pdf "$f" m20.pdf -c -t0 -m20 $e many.hp
    for flags in "-M -m0" "-m600"; do
        as_pdf "$f" mall.pdf -c -t0 $flags $e many.hp
        check "565 bands $flags, $f: exit 0" [ "$RC" -eq 0 ]
        w20=$(xscale m20.pdf) wall=$(xscale mall.pdf)
        check "565 bands $flags, $f: the graph keeps >= 80% of its 20-band width ($wall vs $w20 pt/s)" \
            ge "$wall" "$(awk -v w="$w20" 'BEGIN { print 0.8 * w }')"
        check "565 bands $flags, $f: text inside the pages, no overlap" layout_ok mall.pdf
        # the key lists every band: 565 shares
        check "565 bands $flags, $f: 565 key entries" \
            [ "$(words mall.pdf | awk '$1 != "PAGE" && $6 ~ /%$/' | wc -l)" -eq 565 ]
    done
done
check "20 bands: the key beside the graph, one page" [ "$(pages m20.pdf)" -eq 1 ]
# Single-page formats grow to hold the key below the graph; PNG is SVG's
# picture.
run_hp2ps -c -t0 -M -m0 many.hp -o mall.svg
h=$(sed -n 's/.*<svg[^>]* height="\([0-9.]*\)pt".*/\1/p' mall.svg | head -n 1)
check "565 bands -M in SVG: the page grows below the graph (${h}pt)" ge "$h" 1500
run_hp2ps -c -t0 -M -m0 many.hp -o mall.png --dpi 36
rsvg-convert -b white --dpi-x 36 --dpi-y 36 mall.svg -o svg.png
check "565 bands -M: PNG is SVG's picture" same_picture mall.png svg.png
# Key pages hold as many columns as fit: 565 bands are not 29 pages of 20.
run_hp2ps -c -t0 -M -m0 many.hp -o mall.pdf
np=$(pages mall.pdf)
check "565 bands -M: at most 12 pages ($np)" [ "$np" -le 12 ]
full=$(words mall.pdf | awk -v last="$((np - 1))" '$1 != "PAGE" && $6 ~ /%$/ && $1 < last { n[$1]++ }
                           END { m = 1000; for (p in n) if (n[p] < m) m = n[p]; print m }')
check "565 bands -M: every key page but the last holds 50 entries or more ($full)" ge "$full" 50
# -M: the key is on pages of its own to hold long names, so every name is
# whole (names.sh checks the shortened key beside the graph).
names=$(words mall.pdf | awk '$1 != "PAGE" && $6 ~ /^\([0-9]+\)/ { print $6 }')
check "565 bands: 565 names read back" [ "$(printf '%s\n' "$names" | wc -l)" -eq 565 ]
check "565 bands: every name differs" \
    [ "$(printf '%s\n' "$names" | sort -u | wc -l)" -eq 565 ]
check "565 bands -M: each name whole" \
    eval 'printf "%s\n" "$names" | grep -q "^(7)Data.Map.Internal.insertWith7/run.it/run/main$"'

# Honest axes: the y axis ends at a labelled tick at or above the peak,
# the x labels reach the last step before the end, every label has room.
for prof in "$SAMPLES/leakmean-hc.hp" "$TESTDATA/mapbuild-hc.hp" "$TESTDATA/wordfreq-hr.hp" many.hp; do
    b=$(basename "$prof")
    run_hp2ps -c -t0 -e8in "$prof" -o ax.pdf
    peak=$(words ax.pdf | awk '$1 != "PAGE" && p == "peak" && n++ == 0 { v = $6 }
                               $1 != "PAGE" && p2 == "peak" && n2++ == 0 { u = $6 }
                               { p2 = p; p = $6 }
                               END { m = u == "kB" ? 1e3 : u == "MB" ? 1e6 : u == "GB" ? 1e9 : 1; print v * m }')
    # y labels: "N UNIT" right-aligned at the y axis, left of x = 58 pt
    top=$(words ax.pdf | awk '$1 != "PAGE" && $4 < 58 && $6 ~ /^[0-9.]+$/ { v = $6; y = $3; getline
                               if ($1 != "PAGE" && $3 == y) { m = $6 == "kB" ? 1e3 : $6 == "MB" ? 1e6 : $6 == "GB" ? 1e9 : 1
                                                             if (v * m > best) best = v * m } }
                               END { print best + 0 }')
    check "$b: the top y label ($top) is at or above the peak ($peak)" ge "$top" "$peak"
    check "$b: the top y label is less than twice the peak" ge "$(awk -v p="$peak" 'BEGIN { print 2 * p }')" "$top"
    end=$(awk '/^BEGIN_SAMPLE/ { t = $2 } NR == 1 { } /^BEGIN_SAMPLE/ && !f { f = 1; t0 = $2 } END { print t - t0 }' "$prof")
    last=$(xlabels ax.pdf | sort -n | tail -n 1 | cut -d' ' -f1)
    step=$(xlabels ax.pdf | sort -n | awk 'NR == 1 { a = $1 } NR == 2 { print $1 - a }')
    check "$b: the last x label ($last, step $step) is within a step of the end ($end)" \
        ge "$(awk -v l="$last" -v s="$step" 'BEGIN { print l + s }')" "$end"
    check "$b: the unit is the x axis's title" has_word ax.pdf seconds
    check "$b -e8in: inside, no overlap" layout_ok ax.pdf
done
# An all-zero profile: the y labels carry their unit.
printf 'JOB "zero"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' > zero.hp
for k in 0 1 2; do printf 'BEGIN_SAMPLE %d\nEND_SAMPLE %d\n' "$k" "$k"; done >> zero.hp
run_hp2ps -e8in zero.hp -o zero.pdf
ylab=$(words zero.pdf | awk '$1 != "PAGE" && $4 < 58 && $6 ~ /^([0-9.]+B?|B)$/ { printf "%s", $6 }')
check "all-zero profile: the y labels carry their unit, no fraction of a byte ($ylab)" \
    [ "$ylab" = "1B0" ]

# The title box by measured width: a 35-byte JOB that the small box cannot
# hold whole gets the big box and keeps "-hr" (GHC's rule kept it small).
job='retainer +RTS -hr -i0.01 -L400 -R20'
printf 'JOB "%s"\nDATE "Thu Nov 23 12:00:00 2026"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' "$job" > job.hp
for k in 0 1 2; do printf 'BEGIN_SAMPLE %d\n{<Main.go>,<Main.run>}\t%d\nEND_SAMPLE %d\n' "$k" $((k * 123456789 + 5)) "$k"; done >> job.hp
run_hp2ps -c job.hp -o job.pdf
check "35-byte JOB: -hr kept" has_word job.pdf -hr
check "35-byte JOB: -R20 kept" has_word job.pdf -R20
check "35-byte JOB: inside, no overlap" layout_ok job.pdf

# Type keeps its size in points at any -e width.
height_of() { words "$1" | awk -v w="$2" '$1 != "PAGE" && $6 == w { print $5 - $3; exit }'; }
run_hp2ps -c -e3in leak.hp -o e3.pdf
run_hp2ps -c -e8in leak.hp -o e8.pdf
for w in seconds leakmean; do
    h3=$(height_of e3.pdf "$w") h8=$(height_of e8.pdf "$w")
    check "'$w' is as tall at -e3in as at -e8in ($h3, $h8 pt)" near "${h3:-0}" "${h8:-9}" 0.05
done
check "-e3in: one page, 216 pt wide" eval 'pdfinfo e3.pdf | grep -q "^Page size: *216 x"'
check "-e3in: the title keeps the peak when the total does not fit" \
    eval 'words e3.pdf | awk "\$1 != \"PAGE\" && \$6 == \"peak\" && \$3 < 45 { f = 1 } END { exit !f }"'
check "-e3in: inside, no overlap" layout_ok e3.pdf
run_hp2ps -c -e3in -m0 -M map.hp -o e3m.pdf
check "-e3in -M -m0: inside, no overlap" layout_ok e3m.pdf

# EPS: the frame's line lies inside the BoundingBox, which stays tight.
if command -v gs >/dev/null; then
    run_hp2ps -c -e8in leak.hp -o frame.eps
    check "EPS BoundingBox is the page" grep -q '^%%BoundingBox: 0 0 576 384$' frame.eps
    # At 288 dpi the 0.5 pt line is 2 pixels: both inside the page on
    # every side (GHC's and ours before drew it on the edge, half cut).
    raster frame.eps frame.png 288 -dEPSCrop
    edges=$(convert frame.png -format '%[fx:p{0,768}.r] %[fx:p{1,768}.r] %[fx:p{2302,768}.r] %[fx:p{2303,768}.r] %[fx:p{1152,0}.r] %[fx:p{1152,1}.r] %[fx:p{1152,1534}.r] %[fx:p{1152,1535}.r]' info: 2>/dev/null)
    check "EPS frame whole on all four edges ($edges)" \
        eval '[ -n "$edges" ] && echo "$edges" | awk "{ for (i = 1; i <= 8; i++) if (\$i >= 0.5) exit 1 }"'
fi
finish

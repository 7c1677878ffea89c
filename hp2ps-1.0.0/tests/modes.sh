#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# modes.sh: ordering by growth (--sort=gradient, --slopes) and the drawing
# modes (--mode=percent, --mode=lines), end to end: the order read back
# from the .aux, the slopes and the percent ticks read back from a PDF,
# lines drawn in every format, and the default output unchanged.
. "$(dirname "$0")/lib.sh"
need pdftotext gs pdftoppm rsvg-convert identify

mean_of() { identify -format '%[fx:mean]' "$1"; }
not() { ! "$@"; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
orders() { awk '$1 == "ORDER" { printf "%s%s", sep, $2; sep = "|" } END { print "" }' "$1"; }
draw() {
    local what=$1; shift
    run_hp2ps "$@"
    check "$what: hp2ps $* exits 0 (stderr: $(head -c 200 err.txt))" [ "$RC" -eq 0 ]
}

# Four bands over 0..3 s, slopes by hand (least squares over 4 samples):
#   leak   1,2,3,4 MB    +1 MB/s       drain  4,3,2,1 MB   -1 MB/s
#   steady 2.5 MB        0             small  100..400 B   +100 B/s
# By size (ascending): small, then the three of 10 MB.
cat >grow.hp <<'EOF'
JOB "grow"
DATE "Mon Jan 1 2024"
SAMPLE_UNIT "seconds"
VALUE_UNIT "bytes"
BEGIN_SAMPLE 0
leak 1000000
drain 4000000
steady 2500000
small 100
END_SAMPLE 0
BEGIN_SAMPLE 1
leak 2000000
drain 3000000
steady 2500000
small 200
END_SAMPLE 1
BEGIN_SAMPLE 2
leak 3000000
drain 2000000
steady 2500000
small 300
END_SAMPLE 2
BEGIN_SAMPLE 3
leak 4000000
drain 1000000
steady 2500000
small 400
END_SAMPLE 3
EOF

# ---------------------------------------------------------------------------
# 1. --sort=gradient: ascending slope, bottom first, so the leak is on top.
draw "gradient" --sort=gradient -t0 grow.hp -o grow.ps
check "--sort=gradient .aux ORDER is drain|steady|small|leak (got $(orders grow.aux))" \
    [ "$(orders grow.aux)" = "drain|steady|small|leak" ]
draw "by size" -t0 grow.hp -o grow.ps
check "by size, small is at the bottom (got $(orders grow.aux))" \
    [ "$(orders grow.aux | cut -d'|' -f1)" = small ]
# The band limit merges the bottom of the gradient order into OTHER.
draw "gradient -m3" --sort=gradient -t0 -m3 grow.hp -o grow.ps
check "--sort=gradient -m3: OTHER|small|leak (got $(orders grow.aux))" \
    [ "$(orders grow.aux)" = "OTHER|small|leak" ]

# ---------------------------------------------------------------------------
# 2. --slopes: each key entry says its slope, signed, in the axis's units.
draw "slopes" --slopes -t0 grow.hp -o slopes.pdf
pdftotext slopes.pdf slopes.txt
for want in "+1.0 MB/s" "-1.0 MB/s" "+100 B/s" "0 B/s"; do
    check "--slopes PDF shows '$want'" grep -qF -- "$want" slopes.txt
done
draw "no slopes" -t0 grow.hp -o plain.pdf
check "without --slopes no slope is written" sh -c "! pdftotext plain.pdf - | grep -qF 'B/s'"
# --units=iec: 1,000,000 B/s is 976.6 KiB/s.
draw "slopes iec" --slopes --units=iec -t0 grow.hp -o iec.pdf
check "--slopes --units=iec shows +976.6 KiB/s" sh -c "pdftotext iec.pdf - | grep -qF -- '+976.6 KiB/s'"
check "--slopes --units=iec shows -976.6 KiB/s" sh -c "pdftotext iec.pdf - | grep -qF -- '-976.6 KiB/s'"
# Another sample unit: per that unit; another value unit: with its name.
sed -e 's/"seconds"/"ticks"/' -e 's/"bytes"/"cells"/' grow.hp >ticks.hp
draw "slopes ticks" --slopes -t0 ticks.hp -o ticks.pdf
check "--slopes per SAMPLE_UNIT: +1.0M cells/ticks" \
    sh -c "pdftotext ticks.pdf - | grep -qF -- '+1.0M cells/ticks'"

# ---------------------------------------------------------------------------
# 3. --mode=percent: the y ticks read 0% .. 100% (no key with -m0, so every
#    "N%" in the text is a tick label); the title keeps the stacked peak.
draw "percent" --mode=percent -m0 -t0 grow.hp -o pct.pdf
pdftotext pct.pdf pct.txt
ticks=$(grep -E '^[0-9]+%$' pct.txt | sort -n | tr '\n' ' ')
check "--mode=percent y ticks are 0% .. 100% by 20 (got '$ticks')" \
    [ "$ticks" = "0% 20% 40% 60% 80% 100% " ]
check "--mode=percent title keeps the stacked peak, 7.5 MB" grep -qF "peak 7.5 MB" pct.txt
check "--mode=percent has no peak marker" sh -c "! grep -qE '^peak ' pct.txt"

# ---------------------------------------------------------------------------
# 4. --mode=lines in every format: drawn (not blank), and lighter than the
#    stacked areas (lines, not fills), in black and white and in colour.
LEAK=$SAMPLES/leakmean-hc.hp
cp "$LEAK" leak.hp
ras() {
    case $1 in
    *.ps | *.eps) raster "$1" "$2" 40 -dEPSCrop ;;
    *.pdf) pdftoppm -r 40 -png -singlefile "$1" "${2%.png}" ;;
    *.svg) rsvg-convert -b white --dpi-x 40 --dpi-y 40 "$1" -o "$2" ;;
    *.png) cp "$1" "$2" ;;
    esac
}
for colour in "" -c; do
    for fmt in ps eps pdf svg png; do
        draw "lines $fmt $colour" --mode=lines $colour leak.hp -o "lines.$fmt" --dpi 40
        draw "stacked $fmt $colour" $colour leak.hp -o "stacked.$fmt" --dpi 40
        ras "lines.$fmt" lines.r.png
        ras "stacked.$fmt" stacked.r.png
        ml=$(mean_of lines.r.png)
        ms=$(mean_of stacked.r.png)
        check "--mode=lines $colour .$fmt is not blank (mean $ml)" lt "$ml" 0.999
        check "--mode=lines $colour .$fmt draws less ink than the stack ($ml vs $ms)" lt "$ms" "$ml"
    done
done
# --pattern: the lines are dashed (cairo's PostScript sets a dash array
# as "[ 5 2] 0 d").
dashes() { grep -qE '^\[ ?[0-9][^]]*\] [0-9.]+ d$' "$1"; }
draw "lines pattern" --mode=lines -c --pattern leak.hp -o dashed.ps
draw "lines colour" --mode=lines -c leak.hp -o solid.ps
check "--mode=lines -c --pattern dashes the lines" dashes dashed.ps
check "--mode=lines -c without --pattern does not" not dashes solid.ps
draw "lines bw" --mode=lines leak.hp -o bw.ps
check "--mode=lines in black and white dashes the lines" dashes bw.ps

# ---------------------------------------------------------------------------
# 5. Odd profiles draw in every mode: one sample, all zero.
printf 'JOB "one"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 1\na 10\nb 20\nEND_SAMPLE 1\n' >one.hp
printf 'JOB "zero"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\na 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 0\nEND_SAMPLE 1\n' >zero.hp
for mode in stacked percent lines; do
    for f in one zero; do
        draw "$mode $f" --mode=$mode --sort=gradient --slopes -t0 $f.hp -o $f.$mode.pdf
    done
done

# ---------------------------------------------------------------------------
# 6. The default is untouched: --mode=stacked and --sort=size are the same
#    bytes, and every mode writes the same .aux (the stacked byte scale, so
#    that -p stays meaningful).
for fmt in ps pdf svg; do
    draw "default $fmt" leak.hp -o "default.$fmt"
    cp leak.aux default.aux
    draw "stacked $fmt" --mode=stacked --sort=size leak.hp -o "explicit.$fmt"
    check "default .$fmt == --mode=stacked --sort=size" cmp -s "default.$fmt" "explicit.$fmt"
done
for mode in percent lines; do
    draw "aux $mode" --mode=$mode leak.hp -o m.ps
    check "--mode=$mode writes the stacked .aux" cmp -s default.aux leak.aux
done

finish

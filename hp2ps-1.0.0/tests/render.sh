#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# render.sh: what the output looks like once ghostscript draws it: page
# size, non-blank, colour, text, BoundingBox, determinism, and a tolerance
# comparison with reviewed reference pictures (tests/data/ref/*.png, made by
# this program and looked at by a person; regenerate with REF_UPDATE=1).
. "$(dirname "$0")/lib.sh"
need gs compare identify

LEAK=$SAMPLES/leakmean-hc.hp
MAP=$TESTDATA/mapbuild-hc.hp
REF=$TESTDATA/ref

a4_raster() { raster "$1" "$2" 50 -sPAPERSIZE=a4 -dFIXEDMEDIA; }
size_of() { identify -format '%w %h' "$1"; }
mean_of() { identify -format '%[fx:mean]' "$1"; }
# |mean red - mean blue|: 0 for any grey picture
tint_of() { identify -format '%[fx:abs(mean.r-mean.b)]' "$1"; }
rmse() { compare -metric RMSE "$1" "$2" null: 2>&1 | sed 's/.*(\(.*\))/\1/'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# compare_ref PNG NAME: within tolerance of the reviewed reference.
compare_ref() {
    if [ "${REF_UPDATE:-0}" = 1 ]; then cp "$1" "$REF/$2"; fi
    local d; d=$(rmse "$1" "$REF/$2")
    check "$2 matches its reference (RMSE $d)" lt "$d" 0.02
}

cp "$LEAK" leak.hp
cp "$MAP" map.hp

# Default: A4 portrait with the graph turned, as GHC's.
run_hp2ps leak.hp
check "default run exits 0" [ "$RC" -eq 0 ]
check "writes leak.ps" [ -s leak.ps ]
check "writes leak.aux" [ -s leak.aux ]
check "PostScript header" grep -q '^%!PS-Adobe-3.0$' leak.ps
check "one page" grep -q '^%%Pages: 1$' leak.ps
a4_raster leak.ps leak.png
check "A4 raster at 50 dpi is 413x585" [ "$(size_of leak.png)" = "413 585" ]
m=$(mean_of leak.png)
check "default picture is not blank (mean $m)" lt "$m" 0.97
check "default picture is mostly paper (mean $m)" lt 0.6 "$m"
check "default picture is grey" lt "$(tint_of leak.png)" 0.001
compare_ref leak.png leakmean-hc.default.png

# Text is real text: ghostscript reads it back (from EPS, which is not
# turned, so the text comes out in reading order).
# (The area counts the names -t1 leaves out: GHC's, without them, read 22,726,368.)
run_hp2ps -e8in leak.hp
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=txtwrite -sOutputFile=leak.txt leak.ps
for want in 'leakmean +RTS -hc -i0.01' '(260)mean/main' '(263)lazySum/main' '(259)main' \
            'seconds' 'bytes' '22,771,733' '0.25' '120 MB'; do
    check "text '$want' in the PostScript" grep -qF -- "$want" leak.txt
done
check "sub-second labels have two decimals, not GHC's 0.0 0.1 0.1" grep -qF '0.05' leak.txt

# Colour.
run_hp2ps -c map.hp
check "-c exits 0" [ "$RC" -eq 0 ]
a4_raster map.ps map.png
check "-c picture has colour" lt 0.01 "$(tint_of map.png)"
compare_ref map.png mapbuild-hc.c.png

# -e8in: EPS, 576 pt wide, a BoundingBox LaTeX takes as it is.
run_hp2ps -c -e8in leak.hp
check "-e8in first line says EPSF" grep -q '^%!PS-Adobe-3.0 EPSF-3.0' leak.ps
check "-e8in BoundingBox 576 x 384" grep -q '^%%BoundingBox: 0 0 576 384$' leak.ps
raster leak.ps eps.png 72 -dEPSCrop
check "-e8in rasterizes to 576x384" [ "$(size_of eps.png)" = "576 384" ]
check "-e8in picture is not blank" lt "$(mean_of eps.png)" 0.97
run_hp2ps -e150mm leak.hp
check "-e150mm BoundingBox 426 wide (150 mm = 425.2 pt, rounded up)" grep -q '^%%BoundingBox: 0 0 426 284$' leak.ps

# -g: upright and unscaled on a landscape sheet, so nothing falls off.
run_hp2ps -g leak.hp
raster leak.ps g.png 50
check "-g page is landscape A4" [ "$(size_of g.png)" = "585 413" ]

# -M: the key on its own page.
run_hp2ps -M leak.hp
check "-M makes two pages" grep -q '^%%Pages: 2$' leak.ps

# Long names are shortened in the middle, keeping head and tail.
printf 'JOB "long"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\n%s 10\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\n%s 20\nEND_SAMPLE 1\n' \
    "HEAD$(printf 'x%.0s' $(seq 1 300))TAIL" "HEAD$(printf 'x%.0s' $(seq 1 300))TAIL" > long.hp
run_hp2ps -e8in long.hp
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=txtwrite -sOutputFile=long.txt long.ps
check "long name keeps its head" grep -q 'HEADx' long.txt
check "long name keeps its tail" grep -q 'xTAIL' long.txt
check "long name is shortened" [ "$(grep -o 'x' long.txt | wc -l)" -lt 200 ]

# UTF-8 names come out as the right characters.
printf 'JOB "uni"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\ngr\303\266\303\237e 10\n\316\273summe 5\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\ngr\303\266\303\237e 20\n\316\273summe 5\nEND_SAMPLE 1\n' > uni.hp
run_hp2ps -e8in uni.hp
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=txtwrite -sOutputFile=uni.txt uni.ps
check "UTF-8 name drawn as größe" grep -q 'größe' uni.txt
check "UTF-8 name drawn as λsumme" grep -q 'λsumme' uni.txt

# Deterministic: same input, same bytes; the date comes from SOURCE_DATE_EPOCH.
run_hp2ps -c leak.hp; cp leak.ps first.ps
run_hp2ps -c leak.hp
check "two runs give identical bytes" cmp -s first.ps leak.ps
check "CreationDate from SOURCE_DATE_EPOCH" grep -q '^%%CreationDate: Tue Nov 14 22:13:20 2023$' leak.ps
SOURCE_DATE_EPOCH= run_hp2ps -c leak.hp
check "without SOURCE_DATE_EPOCH the profile's DATE" grep -q '^%%CreationDate: Mon Nov 23 09:15 2026$' leak.ps

# Text that no font can draw comes out as boxes, and the run says so in one
# warning: when fontconfig finds no font at all (an empty configuration),
# and when a band's name has a character that no font has (U+10FFFD, of
# the private use planes).  Text with a glyph for every character: silent.
one_warning() { [ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: warning: $1" err.txt; }
printf '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n' >no-fonts.conf
FONTCONFIG_FILE=$PWD/no-fonts.conf "$HP2PS" -o nofont.png leak.hp >out.txt 2>err.txt
RC=$?
check "no font at all: drawn, one warning that names the cause" \
    eval 'one_warning "fontconfig finds no font, so all text is drawn as boxes" && [ -s nofont.png ]'
printf 'JOB "x"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >pua.hp
for t in 0 1; do printf 'BEGIN_SAMPLE %s\nab\364\217\277\275\t100\nc\t50\nEND_SAMPLE %s\n' $t $t >>pua.hp; done
run_hp2ps -o pua.svg pua.hp
check "a name with a character no font has: drawn, one warning" \
    eval 'one_warning "no font has some characters of the text; they are drawn as boxes" && [ -s pua.svg ]'
run_hp2ps -o leak.svg leak.hp
check "text every character of which has a glyph: no warning" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
finish

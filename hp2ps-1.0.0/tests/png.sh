#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# png.sh: what a PNG says about itself, read from its chunks
# (tests/tools/png_chunks.py).  pHYs carries --dpi, so that pdflatex and
# viewers show an -e8in graph 8 inches wide; tEXt says the title (the
# JOB), the software and, only with SOURCE_DATE_EPOCH, the creation time;
# a graph without colour is an 8-bit grey PNG.  (That the pixels are the
# ones cairo draws is tests/test_png.c's.)
. "$(dirname "$0")/lib.sh"
need python3

CHUNKS=$TESTDATA/../tools/png_chunks.py
TINY=$TESTDATA/tiny-hc.hp
JOB='tiny +RTS -hc -i0.01'
VERSION=$("$HP2PS" --version | sed -n '1s/^hp2ps //p')

chunks() { python3 "$CHUNKS" "$1" >"$1.chunks"; }
has() { grep -qxF -- "$2" "$1.chunks"; }
count() { grep -c -- "$2" "$1.chunks"; }

# draw NAME ARGS...: hp2ps ARGS... -o NAME.png, then its chunks.
draw() {
    local name=$1; shift
    run_hp2ps "$@" -o "$name.png"
    check "$name: hp2ps $* exits 0 (stderr: $(head -c 200 err.txt))" [ "$RC" -eq 0 ]
    check "$name: the chunks do not read (bad CRC?)" chunks "$name.png"
}

# ---- pHYs: --dpi in pixels per metre ---------------------------------------
for dpi in 150 300 72 37.5; do
    draw "dpi$dpi" --dpi "$dpi" "$TINY"
    ppm=$(awk -v d="$dpi" 'BEGIN { printf "%d", d / 0.0254 + 0.5 }')
    check "--dpi $dpi: pHYs is not $ppm x $ppm per metre: $(grep pHYs "dpi$dpi.png.chunks")" \
        has "dpi$dpi.png" "pHYs $ppm $ppm 1"
    check "--dpi $dpi: not one pHYs chunk" [ "$(count "dpi$dpi.png" '^pHYs ')" -eq 1 ]
done
# The default is 150 dpi.
draw default "$TINY"
check "default: pHYs is not 150 dpi" has default.png "pHYs 5906 5906 1"

# -e8in: the pixel width over the pHYs resolution is 8 inches.
for dpi in 150 300; do
    draw "e8in$dpi" -e8in --dpi "$dpi" "$TINY"
    read -r _ w _ < <(grep '^IHDR ' "e8in$dpi.png.chunks")
    read -r _ ppm _ < <(grep '^pHYs ' "e8in$dpi.png.chunks")
    check "-e8in --dpi $dpi: $w pixels at $ppm per metre is not 8 inches wide" \
        awk -v w="$w" -v p="$ppm" 'BEGIN { i = w / p / 0.0254; exit !(i > 7.99 && i < 8.01) }'
done

# ---- tEXt: Title, Software, Creation Time -------------------------------------
check "Title is not the JOB" has default.png "tEXt Title=$JOB"
check "Software is not hp2ps $VERSION" has default.png "tEXt Software=hp2ps $VERSION"
# lib.sh sets SOURCE_DATE_EPOCH=1700000000: 2023-11-14 22:13:20 UTC.
check "Creation Time is not SOURCE_DATE_EPOCH's, in RFC 1123 form" \
    has default.png "tEXt Creation Time=Tue, 14 Nov 2023 22:13:20 +0000"
# Without SOURCE_DATE_EPOCH there is no time, and the bytes do not change.
(unset SOURCE_DATE_EPOCH; "$HP2PS" "$TINY" -o noepoch.png && "$HP2PS" "$TINY" -o noepoch2.png)
chunks noepoch.png
check "no SOURCE_DATE_EPOCH: a Creation Time was written" [ "$(count noepoch.png 'Creation Time')" -eq 0 ]
check "no SOURCE_DATE_EPOCH: two runs differ" cmp -s noepoch.png noepoch2.png
check "no SOURCE_DATE_EPOCH: no Title" has noepoch.png "tEXt Title=$JOB"
check "no tIME chunk (the clock is never read)" [ "$(count noepoch.png '^tIME ')" -eq 0 ]
# The text chunks come before the image data (readers that stop early see them).
check "tEXt after IDAT" awk '/^IDAT/ { d = 1 } /^tEXt/ && d { exit 1 }' default.png.chunks

# A JOB beyond ASCII goes to an iTXt chunk, as UTF-8; markup is text.
sed 's/^JOB .*/JOB "naïve <Ωmega> \& co +RTS -hc"/' "$TINY" >utf.hp
draw utf utf.hp
check "UTF-8 JOB: not in an iTXt Title" has utf.png 'iTXt Title=naïve <Ωmega> & co +RTS -hc'
check "UTF-8 JOB: also in a tEXt chunk" [ "$(count utf.png '^tEXt Title')" -eq 0 ]

# ---- colour type: grey unless something is coloured -----------------------------
check "default: not an 8-bit grey PNG: $(grep IHDR default.png.chunks)" \
    grep -Eq '^IHDR [0-9]+ [0-9]+ 8 0 0$' default.png.chunks
draw colour -c "$TINY"
check "-c: not an 8-bit RGB PNG: $(grep IHDR colour.png.chunks)" \
    grep -Eq '^IHDR [0-9]+ [0-9]+ 8 2 0$' colour.png.chunks
draw pattern --pattern "$TINY"
check "--pattern (greys): not an 8-bit grey PNG" grep -Eq '^IHDR [0-9]+ [0-9]+ 8 0 0$' pattern.png.chunks
# Grey exactly when no pixel has colour (ImageMagick's saturation).
if command -v convert >/dev/null 2>&1; then
    draw lines -c --mode=lines "$TINY"
    draw bw-lines --mode=lines "$TINY"
    for n in default colour pattern lines bw-lines; do
        sat=$(convert "$n.png" -colorspace HSL -channel G -separate -format '%[fx:maxima]' info:)
        type=$(awk '/^IHDR/ { print $5 }' "$n.png.chunks")
        check "$n: colour type $type, but the largest saturation is $sat" \
            [ "$type" = "$([ "$sat" = 0 ] && echo 0 || echo 2)" ]
    done
fi

# The same bytes for the same input (as for every format).
"$HP2PS" -c "$TINY" -o again.png
check "two -c runs differ" cmp -s colour.png again.png

finish

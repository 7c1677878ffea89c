#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# formats.sh: every output format from one pipeline.  The same profile drawn
# as PS, EPS, PDF, SVG and PNG must be the same picture (rasterized by
# ghostscript, poppler, librsvg and, when installed, Chromium); the default
# pages, determinism, PDF text and metadata, SVG escaping, and the errors of
# -o / --format.
. "$(dirname "$0")/lib.sh"
need python3 gs pdftoppm pdftotext pdfinfo rsvg-convert xmllint compare identify convert

LEAK=$SAMPLES/leakmean-hc.hp
JOB='leakmean +RTS -hc -i0.01'

size_of() { identify -format '%w %h' "$1"; }
mean_of() { identify -format '%[fx:mean]' "$1"; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
# Normalised RMSE of two same-sized pictures, and the same after a Gaussian
# blur of sigma 1 pixel.  The blur washes out what renderers legitimately
# do differently (antialiasing of 1-pixel rules, glyph hinting: poppler's
# text is visibly darker than cairo's) while keeping what matters (where
# the bands, rules and labels are, and their colours).
rmse() { compare -metric RMSE "$1" "$2" null: 2>&1 | sed 's/.*(\(.*\)).*/\1/'; }
blurred() { [ -s "$1.blur.miff" ] || convert "$1" -blur 0x1 "$1.blur.miff"; }
brmse() { blurred "$1" && blurred "$2" && rmse "$1.blur.miff" "$2.blur.miff"; }
# Measured (144 dpi, -c -e8in, blurred): 0.009 (PNG-SVG, both cairo) up to
# 0.037 (PS-PDF, ghostscript vs poppler); unblurred 0.028 .. 0.085, too
# close to a wrong picture to be a good test.  A wrong picture is far
# above: b/w instead of -c 0.18, bands in name order (-i) 0.14-0.15.  0.07
# leaves nearly 2x margin for other renderer versions and is still half of
# the nearest wrong picture (checked below, so it cannot drift).
TOL=0.07

# Draw: hp2ps ARGS..., failing the check when the exit status is not 0.
draw() {
    local what=$1; shift
    run_hp2ps "$@"
    check "$what: hp2ps $* exits 0 (stderr: $(head -c 200 err.txt))" [ "$RC" -eq 0 ]
}
# Rasterizers, each to a PNG on white at RES dpi.
ras_ps() { raster "$1" "$2" "$3" -dEPSCrop; }
ras_pdf() { pdftoppm -r "$3" -png -singlefile "$1" "${2%.png}"; }
svg_meta() { xmllint --xpath "string(/*[local-name()='svg']/*[local-name()='$2'])" "$1"; }
ras_svg() { rsvg-convert -b white --dpi-x "$3" --dpi-y "$3" "$1" -o "$2"; }
# Within 2 pixels: near A B.  Centred: centred LEFT RIGHT TOP BOTTOM.
near() { [ $(($1 - $2)) -le 2 ] && [ $(($2 - $1)) -le 2 ]; }
centred() { near "$1" "$2" && near "$3" "$4"; }
not() { ! "$@"; }
# The directory's files, less run_hp2ps's own out.txt and err.txt.
listing() { ls -A | grep -vxE 'out\.txt|err\.txt'; }
absent() { local f; for f; do [ ! -e "$f" ] || return 1; done; }
# Trimmed content box of a picture: "W H LEFT RIGHT TOP BOTTOM" margins.
content_box() {
    convert "$1" -fuzz 2% -format '%@ %w %h' info: |
        sed 's/[x+]/ /g' | awk '{ print $1, $2, $3, $5 - $1 - $3, $4, $6 - $2 - $4 }'
}

cp --no-preserve=mode "$LEAK" leak.hp # (writable, as in a checkout: distcheck's tree is read-only)

# ---------------------------------------------------------------------------
# 1. One picture, five formats: -c -e8in is a 576 x 384 pt page everywhere,
#    so at 144 dpi every rasterization is 1152 x 768 and they can be compared.
R=144
for f in ps eps pdf svg; do
    draw "1 $f" -c -e8in leak.hp -o "c.$f"
done
draw "1 png" -c -e8in --dpi "$R" leak.hp -o c-png.png
ras_ps c.ps c-ps.png "$R"
ras_ps c.eps c-eps.png "$R"
ras_pdf c.pdf c-pdf.png "$R"
ras_svg c.svg c-svg.png "$R"
check "-e8in PS is EPS" grep -q '^%!PS-Adobe-3.0 EPSF-3.0' c.ps
check "-e8in .eps is EPS" grep -q '^%!PS-Adobe-3.0 EPSF-3.0' c.eps
check "-e8in PDF page is 576 x 384 pt" grep -q '^Page size: *576 x 384 pts' <(pdfinfo c.pdf)
check "-e8in SVG is 576pt x 384pt" grep -q 'width="576pt" height="384pt"' c.svg
FMTS="ps eps pdf svg png"
for f in $FMTS; do
    s=$(size_of "c-$f.png")
    check "$f at $R dpi is 1152x768 (got $s)" [ "$s" = "1152 768" ]
    m=$(mean_of "c-$f.png")
    check "$f picture is not blank (mean $m)" lt "$m" 0.97
done
echo "$TEST_NAME: pairwise RMSE at $R dpi, -c -e8in (raw / blurred; tolerance $TOL blurred):"
worst=0
for a in $FMTS; do
    for b in $FMTS; do
        [[ $a < $b ]] || continue
        raw=$(rmse "c-$a.png" "c-$b.png")
        d=$(brmse "c-$a.png" "c-$b.png")
        printf '  %-8s %-10s %s\n' "$a-$b" "$raw" "$d"
        check "$a and $b draw the same picture (blurred RMSE $d < $TOL)" lt "$d" "$TOL"
        lt "$worst" "$d" && worst=$d
    done
done
# The tolerance tells wrong pictures apart: b/w instead of colour, through
# the renderer that differs most (poppler), and a different band order.
draw "1 b/w" -e8in leak.hp -o g.pdf
ras_pdf g.pdf g-pdf.png "$R"
d=$(brmse c-pdf.png g-pdf.png)
echo "  b/w vs -c (pdf): $(rmse c-pdf.png g-pdf.png) / $d"
check "b/w differs from -c by more than the tolerance ($d > $TOL)" lt "$TOL" "$d"
check "... and by more than twice the worst format pair ($d > 2 x $worst)" \
    lt "$(awk -v w="$worst" 'BEGIN { print 2 * w }')" "$d"
draw "1 -i" -c -i -e8in --dpi "$R" leak.hp -o i-png.png
d=$(brmse c-png.png i-png.png)
echo "  -c -i vs -c (png): $(rmse c-png.png i-png.png) / $d"
check "name order differs from the default by more than the tolerance ($d > $TOL)" lt "$TOL" "$d"

# ---------------------------------------------------------------------------
# 2. Default pages.  PS: GHC's A4 portrait with the graph turned.  PDF, SVG
#    and PNG: A4 landscape, graph upright and centred.
draw "2 ps" leak.hp -o d.ps
check "default PS is A4 portrait" grep -q '^%%DocumentMedia: A4 595 842' d.ps
check "default PS is not EPS" grep -q '^%!PS-Adobe-3.0$' d.ps
raster d.ps d-ps.png 72 -sPAPERSIZE=a4 -dFIXEDMEDIA
read -r w h _ <<<"$(content_box d-ps.png)"
check "PS graph is turned (content ${w}x$h taller than wide)" [ "$h" -gt "$w" ]
draw "2 pdf" leak.hp -o d.pdf
check "default PDF: one page" grep -q '^Pages: *1$' <(pdfinfo d.pdf)
check "default PDF: 842 x 595 pt" grep -q '^Page size: *842 x 595 pts' <(pdfinfo d.pdf)
# tune/pdf_zlib_level.c has cairo deflate at RENDER_ZLIB_LEVEL (3), not zlib's
# default (6): a zlib header's FLEVEL bits say 1 ("fast": levels 2 to 5)
# where level 6 says 2.  So every deflated stream begins 78 5E, not 78 9C.
zlib_levels() {
    python3 -c '
import re, sys
pdf = open(sys.argv[1], "rb").read()
heads = [m.group(1).hex() for m in re.finditer(rb"/FlateDecode[^>]*>>\s*stream\r?\n(..)", pdf, re.S)]
print(" ".join(sorted(set(heads))) or "none")' "$1"
}
if "$HP2PS" --version | grep -q '^Built with:.* pdf-zlib-level'; then
    check "PDF streams deflated at level 3 (zlib headers: $(zlib_levels d.pdf))" [ "$(zlib_levels d.pdf)" = 785e ]
else # --disable-pdf-zlib-level, or a static build: cairo's own level
    check "PDF streams deflated at zlib's default level (zlib headers: $(zlib_levels d.pdf))" [ "$(zlib_levels d.pdf)" = 789c ]
fi
draw "2 svg" leak.hp -o d.svg
check "default SVG: 842pt x 595pt" grep -q '<svg [^>]*width="842pt" height="595pt"' d.svg
check "default SVG is valid XML" xmllint --noout d.svg
check "SVG <title> is the JOB" [ "$(svg_meta d.svg title)" = "$(sed -n 's/^JOB "\(.*\)"$/\1/p' leak.hp)" ]
check "SVG <desc> says what it is" grep -q '^Heap profile of .*; drawn by hp2ps ' <(svg_meta d.svg desc)
check "SVG <title> opens the document" \
    [ "$(xmllint --xpath "local-name(/*[local-name()='svg']/*[1])" d.svg)" = title ]
draw "2 png" leak.hp -o d.png
check "default PNG at 150 dpi is 1755x1240" [ "$(size_of d.png)" = "1755 1240" ]
ras_pdf d.pdf d-pdf.png 72
ras_svg d.svg d-svg.png 72
for p in d-pdf.png d-svg.png d.png; do
    read -r w h l r t b <<<"$(content_box "$p")"
    check "$p: graph upright (content ${w}x$h wider than tall)" [ "$w" -gt "$h" ]
    check "$p: centred (margins l $l r $r t $t b $b)" centred "$l" "$r" "$t" "$b"
done
# The PNG size is ceil(points * dpi / 72): 842 * 200 / 72 = 2338.9.
draw "2 dpi" --dpi 200 leak.hp -o d200.png
check "--dpi 200 PNG is 2339x1653" [ "$(size_of d200.png)" = "2339 1653" ]
draw "2 -e dpi" -e8in --dpi=144 leak.hp -o e144.png
check "-e8in --dpi=144 PNG is 1152x768" [ "$(size_of e144.png)" = "1152 768" ]
# (A graph without colour is a grey PNG: each channel read on its own.)
check "PNG corner pixel is white" \
    [ "$(convert d.png -format '%[fx:p{0,0}.r+p{0,0}.g+p{0,0}.b+p{1754,1239}.r+p{1754,1239}.g+p{1754,1239}.b]' info:)" = 6 ]
check "PNG is opaque (no alpha)" [ "$(identify -format '%A' d.png)" = False ]
# The SVG is opaque too: drawn on a black page, its corners and the
# inside of the frame stay white (an SVG is transparent where nothing is
# painted), and the first thing painted is a white rect of the page's size.
rsvg-convert -b black --dpi-x 72 --dpi-y 72 d.svg -o d-svg-dark.png
check "SVG on a black page: corners are white" \
    [ "$(convert d-svg-dark.png -format '%[pixel:p{0,0}] %[pixel:p{841,594}]' info:)" = "srgb(255,255,255) srgb(255,255,255)" ]
dark=$(convert d-svg-dark.png -format '%[fx:mean < 0.2 ? 1 : 0]' info:)
check "SVG on a black page is not dark" [ "$dark" = 0 ]
check "SVG: a full-page white rect is painted first" \
    eval 'grep -A1 "<g id=\"surface1\">" d.svg | grep -q "<rect x=\"0\" y=\"0\" width=\"842\" height=\"595\" style=\"fill:rgb(100%,100%,100%)"'
k=$(identify -format '%k' d.png)
check "b/w PNG is antialiased ($k grey levels > 50)" [ "$k" -gt 50 ]
# Without -o nothing changes: NAME.ps, the same bytes whatever --dpi says,
# and PostScript on standard output in filter mode.
draw "2 plain" leak.hp
check "plain run writes leak.ps, as before" cmp -s leak.ps d.ps
draw "2 plain dpi" --dpi 300 leak.hp
check "--dpi does not touch PostScript" cmp -s leak.ps d.ps
"$HP2PS" <leak.hp >filter.ps 2>err.txt
check "filter mode writes PostScript to stdout" cmp -s filter.ps d.ps

# ---------------------------------------------------------------------------
# 3. Deterministic: the same bytes twice; another SOURCE_DATE_EPOCH changes
#    the PDF and PostScript dates and nothing else.
for f in $FMTS; do
    "$HP2PS" -c leak.hp -o "r1.$f" && "$HP2PS" -c leak.hp -o "r2.$f"
    check "$f is the same bytes twice" cmp -s "r1.$f" "r2.$f"
    SOURCE_DATE_EPOCH=1600000000 "$HP2PS" -c leak.hp -o "r3.$f"
done
check "PDF date from SOURCE_DATE_EPOCH" \
    grep -q '^CreationDate: *2023-11-14T22:13:20' <(pdfinfo -isodates r1.pdf)
check "PDF date follows SOURCE_DATE_EPOCH" \
    grep -q '^CreationDate: *2020-09-13T12:26:40' <(pdfinfo -isodates r3.pdf)
nodate() { LC_ALL=C sed 's|^   /CreationDate ([0-9]*)$|DATE|' "$1"; }
check "another epoch changes the PDF" not cmp -s r1.pdf r3.pdf
check "... only in its CreationDate" cmp -s <(nodate r1.pdf) <(nodate r3.pdf)
for f in ps eps; do
    dl=$(diff "r1.$f" "r3.$f" | grep -c '^[<>]')
    dc=$(diff "r1.$f" "r3.$f" | grep -c '^[<>] %%CreationDate: ')
    check "another epoch changes only %%CreationDate in $f ($dl lines, $dc dates)" \
        [ "$dl $dc" = "2 2" ]
done
check "PS date follows SOURCE_DATE_EPOCH" grep -q '^%%CreationDate: Sun Sep 13 12:26:40 2020$' r3.ps
check "SVG does not depend on the epoch" cmp -s r1.svg r3.svg
# The PNG's Creation Time text is the epoch's (png.sh); nothing else changes.
python3 "$TESTDATA/../tools/png_chunks.py" r1.png >r1.chunks
python3 "$TESTDATA/../tools/png_chunks.py" r3.png >r3.chunks
check "another epoch changes more than the PNG's Creation Time: $(diff r1.chunks r3.chunks | grep '^[<>]' | tr '\n' ' ')" \
    [ "$(diff r1.chunks r3.chunks | grep '^[<>]' | grep -vc 'tEXt Creation Time=')" -eq 0 ]
check "another epoch changes the PNG's pixels" \
    cmp -s <(convert r1.png -depth 8 rgb:-) <(convert r3.png -depth 8 rgb:-)

# ---------------------------------------------------------------------------
# 4. PDF text is text, and the title is the JOB.
rm -f leak.aux
draw "4 aux" leak.hp
bands=$(sed -n 's/^ORDER \(.*\) [0-9]*$/\1/p' leak.aux)
check "the .aux names bands" [ "$(printf '%s\n' "$bands" | grep -c .)" -ge 3 ]
pdftotext r1.pdf r1.txt
while IFS= read -r want; do
    check "PDF text has '$want'" grep -qF -- "$want" r1.txt
done <<EOF
$JOB
$bands
0.25
120 MB
seconds
bytes
EOF
check "PDF Title is the JOB" [ "$(pdfinfo r1.pdf | sed -n 's/^Title: *//p')" = "$JOB" ]

# ---------------------------------------------------------------------------
# 5. Hostile names: markup in band names and the JOB.
{
    printf 'JOB "</text><script>alert(2)</script> & ]]> <y>"\nDATE "now"\n'
    printf 'SAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    for t in 0 1 2; do
        printf 'BEGIN_SAMPLE %d.0\n' "$t"
        printf '</text><script>alert(1)</script>\t%d\n' $((1000 * (t + 1)))
        printf 'a & b "q" ]]> <x>\t%d\n' $((3000 - 500 * t))
        printf 'END_SAMPLE %d.0\n' "$t"
    done
} >evil.hp
draw "5 svg" -c evil.hp -o evil.svg
check "hostile SVG is valid XML" xmllint --noout evil.svg
check "no raw <script> in the SVG" not grep -q '<script' evil.svg
check "rsvg-convert renders the hostile SVG" rsvg-convert evil.svg -o evil-svg.png
check "hostile JOB is the SVG's <title>, as text" \
    [ "$(svg_meta evil.svg title)" = '</text><script>alert(2)</script> & ]]> <y>' ]
draw "5 pdf" -c evil.hp -o evil.pdf
pdftotext evil.pdf evil.txt
check "PDF shows <script> as text" grep -qF '</text><script>alert(1)</script>' evil.txt
check "PDF shows the second name as text" grep -qF 'a & b "q" ]]> <x>' evil.txt
check "PDF Title keeps the hostile JOB" \
    [ "$(pdfinfo evil.pdf | sed -n 's/^Title: *//p')" = '</text><script>alert(2)</script> & ]]> <y>' ]
draw "5 png" -c evil.hp -o evil.png
check "hostile PNG is a picture" [ "$(identify -format %m evil.png)" = PNG ]

# ---------------------------------------------------------------------------
# 6. A browser draws the SVG as rsvg-convert does.  576 x 384 pt is
#    768 x 512 CSS pixels at 96 dpi.
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
    echo "$TEST_NAME: skipped: chromium not installed"
else
    mkdir chrome-profile
    HOME=$PWD/chrome-profile timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
        --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --user-data-dir="$PWD/chrome-profile" \
        --hide-scrollbars --window-size=768,512 --screenshot="$PWD/shot.png" \
        "file://$PWD/c.svg" >chromium.log 2>&1
    rc=$?
    check "chromium exits 0 (exit $rc: $(tail -n 1 chromium.log))" [ "$rc" -eq 0 ]
    check "chromium writes the screenshot" [ -s shot.png ]
    if [ -s shot.png ]; then
        s=$(size_of shot.png)
        check "screenshot is 768x512 (got $s)" [ "$s" = "768 512" ]
        m=$(mean_of shot.png)
        check "screenshot is not blank (mean $m)" lt "$m" 0.98
        ras_svg c.svg c-svg96.png 96
        if [ "$(size_of c-svg96.png)" = "$s" ]; then
            d=$(brmse shot.png c-svg96.png)
            echo "$TEST_NAME: chromium vs rsvg-convert at 96 dpi: RMSE $(rmse shot.png c-svg96.png) / $d blurred"
            check "chromium draws the SVG as rsvg-convert does ($d < $TOL)" lt "$d" "$TOL"
        fi
    fi
fi

# ---------------------------------------------------------------------------
# 7. Errors, and the names -o and --format pick.
mkdir err && cd err && cp ../leak.hp . || exit 99
before=$(listing)
expect_error 2 'x\.txt.*extension' leak.hp -o x.txt
check "unknown extension leaves nothing behind" [ "$(listing)" = "$before" ]
expect_error 2 'format=gif.*unknown format' --format=gif leak.hp
check "unknown format leaves nothing behind" [ "$(listing)" = "$before" ]
expect_error 1 'nodir/x\.pdf' leak.hp -o nodir/x.pdf
check "missing directory leaves nothing behind" [ "$(listing)" = "$before" ]
cp leak.hp leak.ps
cp leak.hp keep
before=$(listing)
expect_error 1 'leak\.ps.*input' leak.ps -o leak.ps
check "the input is left intact" cmp -s leak.ps keep
check "refusing leaves nothing behind" [ "$(listing)" = "$before" ]
rm -f leak.ps keep
before=$(listing)
"$HP2PS" -o - --format=svg leak.hp >o.svg 2>err.txt
rc=$?
check "-o - --format=svg exits 0" [ "$rc" -eq 0 ]
check "-o - --format=svg writes SVG to stdout" xmllint --noout o.svg
check "... and no leak.svg or leak.ps" absent leak.svg leak.ps
rm -f o.svg leak.aux err.txt
draw "7 pdf" --format=pdf leak.hp
check "--format=pdf in file mode writes leak.pdf" [ -s leak.pdf ]
check "... not leak.ps" absent leak.ps
check "leak.pdf is PDF" pdfinfo leak.pdf >/dev/null
draw "7 eps" --format=eps leak.hp
check "--format=eps in file mode writes leak.eps" grep -q '^%!PS-Adobe-3.0 EPSF-3.0' leak.eps
draw "7 odd" --format=svg leak.hp -o picture.out
check "--format=svg with an odd name writes SVG" xmllint --noout picture.out
draw "7 case" leak.hp -o UPPER.PDF
check "extensions are read case-blind (.PDF is PDF)" pdfinfo UPPER.PDF >/dev/null
rm -f leak.pdf leak.eps leak.aux picture.out UPPER.PDF
"$HP2PS" --format=png <leak.hp >x.png 2>err.txt
rc=$?
check "filter mode --format=png exits 0" [ "$rc" -eq 0 ]
check "filter mode PNG is 1755x1240" [ "$(size_of x.png)" = "1755 1240" ]
rm -f x.png err.txt
check "filter mode writes no files" [ "$(listing)" = "$before" ]
cd ..

# ---------------------------------------------------------------------------
# 8. Sizes, for the record.
echo "$TEST_NAME: sizes of leakmean-hc drawn with -c (A4):" \
    "$(for f in $FMTS; do printf '%s %s  ' "$f" "$(wc -c <"r1.$f")"; done)"
echo "$TEST_NAME: sizes of leakmean-hc drawn with -c -e8in:" \
    "$(for f in ps eps pdf svg; do printf '%s %s  ' "$f" "$(wc -c <"c.$f")"; done)png@144 $(wc -c <c-png.png)"

# The drawing never lands on the .aux of the same run.
expect_error 1 'aux' leak.hp -o ./leak.aux --format=png
finish

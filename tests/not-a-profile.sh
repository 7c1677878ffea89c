#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# not-a-profile.sh: hp2ps's own outputs, GHC's hp2ps's PostScript and a
# Haskell source given as the profile, by name and on standard input:
# one line saying what the file is and what to give instead (never "data
# line outside a sample"), exit 1, and nothing written.
. "$(dirname "$0")/lib.sh"

cp "$TESTDATA/tiny-hc.hp" prog.hp
for f in ps eps pdf svg png html csv json; do
    case $f in eps) flags=-e8in ;; *) flags= ;; esac
    # shellcheck disable=SC2086
    "$HP2PS" -c $flags prog.hp -o "p.$f" 2>/dev/null
done
"$HP2PS" --export-layout=bands prog.hp -o bands.csv
# GHC's hp2ps's PostScript begins as cairo's does; a made one (CI has no GHC).
printf '%%!PS-Adobe-2.0\n%%%%Title: prog\n%%%%Creator: hp2ps (version 0.25)\n' >ghc.ps
cp "$TESTDATA/slowleak/slowleak.hs" leak.hs
printf 'module Main where\nmain :: IO ()\nmain = print 1\n' >main.hs
printf '\xef\xbb\xbfimport Data.List\n' >bom.hs

# refused FILE REGEX WHAT: one line "hp2ps: FILE:1: ..." matching REGEX,
# naming what to give, exit 1, no output, also from standard input.
refused() {
    local file=$1 re=$2 what=$3
    rm -f out.ps
    run_hp2ps "$file" -o out.ps
    check "$what: exit $RC, stderr: $(head -c 300 err.txt)" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq "^hp2ps: $file:1: $re" err.txt'
    check "$what: says what to give instead" grep -Eq 'give the (\.hp|PROGRAM\.hp)' err.txt
    check "$what: still 'data line outside a sample'" eval '! grep -q "data line outside" err.txt'
    check "$what: an output was written" [ ! -e out.ps ]
    "$HP2PS" -o out.ps <"$file" >out.txt 2>err.txt
    RC=$?
    check "$what, on standard input: exit $RC, stderr: $(head -c 300 err.txt)" \
        eval '[ "$RC" -eq 1 ] && grep -Eq "^hp2ps: stdin:1: $re" err.txt'
}
refused p.ps 'a PostScript drawing' "our PostScript"
refused p.eps 'a PostScript drawing' "our EPS"
refused ghc.ps 'a PostScript drawing .*GHC' "GHC's hp2ps's PostScript"
refused p.pdf 'a PDF drawing' "our PDF"
refused p.svg 'an SVG drawing' "our SVG"
refused p.png 'a PNG picture' "our PNG"
refused p.html 'an HTML page' "our HTML page"
refused p.csv 'a CSV table' "our CSV (wide)"
refused bands.csv 'a CSV table' "our CSV (bands)"
refused p.json 'JSON' "our JSON"
refused leak.hs 'Haskell source, not a heap profile; build the program' "a Haskell source (a comment first)"
refused main.hs 'Haskell source' "a Haskell source (module first)"
refused bom.hs 'Haskell source' "a Haskell source after a byte-order mark"
finish

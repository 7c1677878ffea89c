#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# cli.sh: the command line.  Help and version, how FILE names the input and
# the outputs, that every flag is accepted in each of its spellings and
# changes what it should, and that each bad command line is one message on
# stderr, exit status 2 and no file written.
. "$(dirname "$0")/lib.sh"

TINY=$TESTDATA/tiny-hc.hp

# same WHAT A B: A and B have the same bytes; differ WHAT A B: they do not.
same() { check "$1" cmp -s "$2" "$3"; }
differ() { if [ -s "$2" ] && [ -s "$3" ] && ! cmp -s "$2" "$3"; then pass; else fail "$1"; fi; }

# draw OUT ARGS...: run hp2ps ARGS in a fresh directory holding the
# profiles of profiles/ (prog.hp is tiny-hc), and copy NAME.ps, NAME being
# the profile named in ARGS (prog if none), to OUT.  One check: exit 0, an
# empty stderr and a NAME.ps.
draw() {
    local out=$1 a name=prog; shift
    for a in "$@"; do case $a in *.hp) name=${a%.hp} ;; esac; done
    rm -rf run && cp -r profiles run || return 1
    (cd run && "$HP2PS" "$@" >../out.txt 2>../err.txt)
    RC=$?
    if [ "$RC" -eq 0 ] && [ ! -s err.txt ] && [ -s "run/$name.ps" ]; then
        cp "run/$name.ps" "$out"
        pass
    else
        fail "hp2ps $* -> exit $RC, stderr: $(head -c 300 err.txt)"
        : >"$out"
    fi
}

pages() { grep -c '^%%Page:' "$1"; }
bbox() { sed -n 's/^%%BoundingBox: //p' "$1" | head -n 1; }

mkdir profiles && cp "$TINY" profiles/prog.hp
# A job longer than 35 bytes, which gets the big title box by default.
sed '1s/.*/JOB "a job name that is far longer than thirty-five bytes +RTS -hc"/' "$TINY" >profiles/long.hp
# A profile with 30 bands, so that -m25 needs key pages of its own.
{
    printf 'JOB "thirty"\nDATE "Thu Nov 23 12:00 2026"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    for t in 0 1 2 3 4; do
        printf 'BEGIN_SAMPLE %d.0\n' "$t"
        for b in $(seq 1 30); do
            printf 'band%02d\t%d\n' "$b" $(( (b * 37 + t * 11) % 50 * 1000 + 1000 ))
        done
        printf 'END_SAMPLE %d.0\n' "$t"
    done
} >profiles/thirty.hp

# ---- help and version ----
for h in --help '-?'; do
    run_hp2ps "$h"
    check "$h exits 0" [ "$RC" -eq 0 ]
    check "$h writes nothing on stderr" [ ! -s err.txt ]
    check "$h prints the usage on stdout" grep -q '^Usage: [^ ]*hp2ps \[OPTION\]' out.txt
    for l in b s c d i e g m l M p t y o; do
        check "$h mentions -$l" grep -Eq -- "(^|[ ,])-$l([^A-Za-z]|\$)" out.txt
    done
    check "$h mentions -?" grep -q -- '-?' out.txt
    cp out.txt "help$h.txt"
done
same "-? prints the same usage as --help" help--help.txt 'help-?.txt'
run_hp2ps --version
check "--version exits 0" [ "$RC" -eq 0 ]
check "--version's first line is not 'hp2ps VERSION'" \
    eval 'head -n 1 out.txt | grep -Eqx "hp2ps [0-9]+(\.[0-9]+)*"'
check "--version has no copyright line" grep -qx 'Copyright (C) 2026 The hp2ps authors' out.txt
check "--version has no licence line" \
    grep -qx 'License: BSD-3-Clause <https://opensource.org/licenses/BSD-3-Clause>' out.txt
check "--version has no no-warranty line" grep -q '^There is NO WARRANTY' out.txt
check "--version is not six lines" [ "$(wc -l <out.txt)" -eq 6 ]
check "--version does not say which speed-ups the build has" \
    grep -Eqx 'Built with:( fast-numbers)?( pdf-zlib-level)?( malloc-tuning)?( packed-relocs)?( no speed-ups)?( posix-only)?' out.txt
check "--version writes nothing on stderr" [ ! -s err.txt ]

# ---- file naming ----
draw ref.ps prog.hp
check "prog.hp writes prog.aux" [ -s run/prog.aux ]
check "prog.ps is PostScript" eval 'head -n 1 ref.ps | grep -q "^%!PS-Adobe-3.0"'
check "the default output is not EPS" eval '! head -n 1 ref.ps | grep -q EPSF'
check "default output is one page" [ "$(pages ref.ps)" -eq 1 ]
cp run/prog.aux ref.aux

draw stem.ps prog
same "'hp2ps prog' reads prog.hp" ref.ps stem.ps
check "'hp2ps prog' writes prog.aux" cmp -s ref.aux run/prog.aux
check "'hp2ps prog' writes no prog.hp.ps" [ ! -e run/prog.hp.ps ]

rm -rf cwd && mkdir -p cwd/sub && cp "$TINY" cwd/sub/prog.hp
(cd cwd && "$HP2PS" sub/prog.hp >/dev/null 2>&1)
check "'hp2ps sub/prog.hp' exits 0 and writes ./prog.ps" [ -s cwd/prog.ps ]
check "'hp2ps sub/prog.hp' writes ./prog.aux" [ -s cwd/prog.aux ]
check "'hp2ps sub/prog.hp' writes nothing in sub/" [ "$(ls -A cwd/sub)" = prog.hp ]
same "sub/prog.hp draws as prog.hp does" ref.ps cwd/prog.ps
rm -rf cwd && mkdir -p cwd/sub && cp "$TINY" cwd/sub/prog.hp
(cd cwd && "$HP2PS" sub/prog >/dev/null 2>&1)
check "'hp2ps sub/prog' reads sub/prog.hp and writes ./prog.ps" [ -s cwd/prog.ps ]
rm -rf cwd && mkdir -p cwd/sub && cp "$TINY" cwd/sub/prog.hp
(cd cwd && "$HP2PS" "$PWD/sub/prog.hp" >/dev/null 2>&1)
check "an absolute input path still writes ./prog.ps" [ -s cwd/prog.ps ]

rm -rf txt && mkdir txt && cp "$TINY" txt/prof.txt
(cd txt && "$HP2PS" prof.txt >/dev/null 2>../err.txt)
check "'hp2ps prof.txt' (no prof.txt.hp) writes prof.txt.ps" [ -s txt/prof.txt.ps ]
check "'hp2ps prof.txt' writes prof.txt.aux" [ -s txt/prof.txt.aux ]
check "'hp2ps prof.txt' writes no prof.ps" [ ! -e txt/prof.ps ]
same "prof.txt draws as prog.hp does" ref.ps txt/prof.txt.ps

# "both" is not a profile, but both.hp beside it is, and wins.
rm -rf pref && mkdir pref && cp "$TINY" pref/both.hp && echo 'not a profile' >pref/both
(cd pref && "$HP2PS" both >/dev/null 2>&1)
check "'hp2ps both' prefers both.hp to both" [ -s pref/both.ps ]

draw dash.ps -- prog.hp
same "'--' before the file name" ref.ps dash.ps

# ---- flags, and flags after the file name ----
draw c.ps -c prog.hp
differ "-c changes the output" ref.ps c.ps
draw c-after.ps prog.hp -c
same "'prog.hp -c' equals '-c prog.hp'" c.ps c-after.ps
draw cd-sep.ps -c -d thirty.hp
draw c-thirty.ps -c thirty.hp
differ "-d changes the order (30 bands)" c-thirty.ps cd-sep.ps
draw cd.ps -cd thirty.hp
same "-cd equals -c -d" cd-sep.ps cd.ps
draw dc.ps -dc thirty.hp
same "-dc equals -c -d" cd-sep.ps dc.ps
draw dc-after.ps thirty.hp -d -c
same "'thirty.hp -d -c' equals -c -d" cd-sep.ps dc-after.ps

# -e: EPS, in several units
eps() { # eps FLAGS... ; sets EPS to the output
    draw eps.ps "$@" prog.hp
    check "$* gives an EPSF first line" eval 'head -n 1 eps.ps | grep -q "^%!PS-Adobe-3.0 EPSF-3.0"'
}
eps -e8in
check "-e8in: BoundingBox 0 0 576 384" grep -qx '%%BoundingBox: 0 0 576 384' eps.ps
check "-e8in renders" gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage eps.ps
cp eps.ps e8in.ps
eps -e 8in
same "'-e 8in' equals -e8in" e8in.ps eps.ps
eps -e576
same "-e576 (points) equals -e8in" e8in.ps eps.ps
eps -e576pt
same "-e576pt equals -e8in" e8in.ps eps.ps
eps -e6in
check "-e6in: BoundingBox 0 0 432 288" grep -qx '%%BoundingBox: 0 0 432 288' eps.ps
eps -e145
check "-e145 (just over 2in): 145 points wide" eval '[ "$(bbox eps.ps | cut -d" " -f1-3)" = "0 0 145" ]'
eps -e150mm
check "-e150mm: 425.2 points wide" eval 'bbox eps.ps | grep -Eq "^0 0 42[56] "'
eps -e8cm
check "-e8cm: 226.8 points wide" eval 'bbox eps.ps | grep -Eq "^0 0 22[67] "'
eps -e400pt
check "-e400pt: 400 points wide" eval 'bbox eps.ps | grep -Eq "^0 0 400 "'
eps -ce8in
check "-ce8in: colour EPS" eval '! cmp -s eps.ps e8in.ps && grep -qx "%%BoundingBox: 0 0 576 384" eps.ps'

# -m, -l, -M: band limit and key pages
draw m0.ps -m0 thirty.hp
draw l.ps -l thirty.hp
draw def30.ps thirty.hp
same "-l equals -m0" m0.ps l.ps
differ "-l differs from the default (no key)" def30.ps l.ps
draw m5.ps -m5 thirty.hp
draw m5sp.ps -m 5 thirty.hp
same "'-m 5' equals -m5" m5.ps m5sp.ps
differ "-m5 differs from the default" def30.ps m5.ps
draw m20.ps -m20 thirty.hp
check "-m20 is still one page" [ "$(pages m20.ps)" -eq 1 ]
draw m25.ps -m25 thirty.hp
# (GHC's: 20 entries a key page, so 3 pages; a key page now takes as
# many entries as its columns hold)
check "-m25 on 30 bands: a key page, then the graph" [ "$(pages m25.ps)" -eq 2 ]
check "-m25 renders" gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage m25.ps
draw M.ps -M prog.hp
check "-M: 2 pages" [ "$(pages M.ps)" -eq 2 ]
check "-M: %%Pages: 2" grep -qx '%%Pages: 2' M.ps

# -t
draw t0.ps -t0 thirty.hp
draw t5.ps -t5 thirty.hp
differ "-t5 drops bands that -t0 keeps" t0.ps t5.ps
draw t2.ps -t2 thirty.hp
draw t2sp.ps -t 2 thirty.hp
same "'-t 2' equals -t2" t2.ps t2sp.ps
draw t25.ps -t2.5 thirty.hp

# -g, -i, -b, -s, -y, -p
draw g.ps -g prog.hp
differ "-g changes the output" ref.ps g.ps
check "-g renders" gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage g.ps
draw ip.ps -i+ thirty.hp
draw im.ps -i- thirty.hp
draw i.ps -i thirty.hp
differ "-i+ and -i- differ" ip.ps im.ps
same "-i equals -i+" ip.ps i.ps
draw ic.ps -ic thirty.hp
draw icsep.ps -i -c thirty.hp
same "-ic is -i then -c" icsep.ps ic.ps
draw imc.ps -i-c thirty.hp
draw imcsep.ps -i- -c thirty.hp
same "-i-c is -i- then -c" imcsep.ps imc.ps
# -b and -s: the job "tiny +RTS -hc -i0.01" is short (small box by
# default), that of long.hp is long (big box by default).
draw b.ps -b prog.hp
differ "-b gives a short job the big title box" ref.ps b.ps
draw s.ps -s prog.hp
same "-s on a short job is the default" ref.ps s.ps
draw long.ps long.hp
draw long-s.ps -s long.hp
differ "-s gives a long job the small title box" long.ps long-s.ps
draw long-b.ps -b long.hp
same "-b on a long job is the default" long.ps long-b.ps
draw long-bs.ps -bs long.hp
same "-bs: -b wins" long-b.ps long-bs.ps
draw long-sb.ps -s -b long.hp
same "-s -b: -b wins" long-b.ps long-sb.ps
draw y.ps -y prog.hp
same "-y on a profile without marks changes nothing" ref.ps y.ps

# -p without a .aux: one warning, and the default drawing
rm -rf run && mkdir run && cp "$TINY" run/prog.hp
(cd run && "$HP2PS" -p prog.hp >../out.txt 2>../err.txt)
RC=$?
check "-p without prog.aux exits 0" [ "$RC" -eq 0 ]
check "-p without prog.aux: one warning line" \
    eval '[ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: warning: .*prog\.aux" err.txt'
same "-p without prog.aux draws the default" ref.ps run/prog.ps

# ---- bad command lines ----
# bad_usage FLAGTEXT ARGS...: exit 2, one stderr line "hp2ps: ..." that
# names FLAGTEXT, nothing on stdout, and no file written.
bad_usage() {
    local name=$1; shift
    rm -rf bad && mkdir bad && cp "$TINY" bad/prog.hp
    (cd bad && "$HP2PS" "$@" >../out.txt 2>../err.txt)
    RC=$?
    if [ "$RC" -eq 2 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q '^hp2ps: ' err.txt &&
       grep -qF -- "$name" err.txt && [ ! -s out.txt ] && [ "$(ls -A bad)" = prog.hp ]; then
        pass
    else
        fail "hp2ps $* -> exit $RC, stderr: $(head -c 300 err.txt), files: $(ls -A bad | tr '\n' ' ') (wanted exit 2, a line naming '$name', no file)"
    fi
}
bad_usage -x prog.hp -x
bad_usage -x -x prog.hp
bad_usage -cx prog.hp -cx
bad_usage --bogus prog.hp --bogus
bad_usage --bogus --bogus
bad_usage -t6 prog.hp -t6
bad_usage -t5.5 prog.hp -t5.5
bad_usage -t-1 prog.hp -t-1
bad_usage -tabc prog.hp -tabc
bad_usage -t2x prog.hp -t2x
bad_usage -t prog.hp -t 6
bad_usage -e144 prog.hp -e144
bad_usage -e2in prog.hp -e2in
bad_usage -e100 prog.hp -e100
bad_usage -e50mm prog.hp -e50mm
bad_usage -e0 prog.hp -e0
bad_usage -e-8in prog.hp -e-8in
bad_usage -enan prog.hp -enan
bad_usage -einf prog.hp -einf
bad_usage -e8furlongs prog.hp -e8furlongs
# Above 200 inches (PDF's page limit) no viewer holds the page, and the
# layout's integers overflow (-e1e25 died of SIGFPE, -e1e10pt gave a
# BoundingBox of -2147483648): a usage error naming the largest width.
for w in 201in 14401 14400.01pt 5081mm 509cm 1e9 1e10pt 1e25 1e308; do
    bad_usage "-e$w" -e"$w" prog.hp
    check "-e$w names the largest width" grep -q "at most 200 inches (14400 points)\$" err.txt
done
eps -e200in
check "-e200in, the largest: BoundingBox 0 0 14400 9600" grep -qx '%%BoundingBox: 0 0 14400 9600' eps.ps
bad_usage -ein prog.hp -ein
bad_usage -e prog.hp -e abc
bad_usage -e -e prog.hp
bad_usage -m-3 prog.hp -m-3
bad_usage -mabc prog.hp -mabc
bad_usage -m2.5 prog.hp -m2.5
bad_usage -m prog.hp -m
bad_usage -t prog.hp -t
bad_usage -e prog.hp -e
# several profiles make one page, which needs a name
bad_usage '-o FILE' prog.hp other.hp
bad_usage '-o FILE' prog.hp prog.hp
bad_usage --diff --diff prog.hp -o d.ps
bad_usage 'export holds one profile' -o x.csv prog.hp prog.hp
bad_usage prog.hp - prog.hp
bad_usage - - -
bad_usage - prog.hp -
# a usage error comes first, even with --help
bad_usage -x --help -x

finish

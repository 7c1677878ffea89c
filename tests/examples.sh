#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# examples.sh: every example of the README and of the man page's EXAMPLES,
# run as written, in order, in one directory, as a user would after the
# README's quick start, with GHC's hp2ps first on PATH:
#   - the README's lines call ./hp2ps (this program, in the source
#     directory where build.sh built it) or hp2ps-cairo (installed beside
#     GHC's, as the README recommends);
#   - the man page's, in the page as `make install --program-suffix=-cairo`
#     installs it (man/installed-name.sh), call hp2ps-cairo, and build and
#     run the program with GHC first.  The first example builds and runs
#     it; each of the others is a recipe of its own, run in a copy of the
#     directory the first left (so one that needs another build must say
#     so).  GHC and the program are stand-ins that keep GHC 9.0's rules:
#     +RTS -l needs a program linked with -eventlog or -prof, -hc needs
#     -prof, any +RTS flag needs -rtsopts; CI has no GHC, and tests build
#     no Haskell: they copy real profiles of tests/data/slowleak).
# A line that runs GHC's hp2ps (a bare `hp2ps`) meets a stand-in that
# fails loudly.  Each line must exit 0, say nothing on stderr, and write
# the files it names (-o, >, else FILE.ps), each of its format.
SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/lib.sh"
need python3 awk
LEAK=$TESTDATA/slowleak
EXAMPLES=$SRC/tests/tools/examples.py

mkdir -p bin work
# GHC's hp2ps, where `hp2ps` alone leads (/usr/bin/hp2ps with GHC).
cat >bin/hp2ps <<'EOF'
#!/bin/sh
echo "GHC's hp2ps (a stand-in first on PATH) was run: hp2ps $*" >&2
exit 97
EOF
# This program, installed as the README recommends beside GHC's.
ln -s "$HP2PS" bin/hp2ps-cairo
# ghc: "links" a program that remembers how it was built.
cat >bin/ghc <<EOF
#!/bin/sh
out= build=" "
while [ \$# -gt 0 ]; do
    case \$1 in
    -o) out=\$2; shift ;;
    *.hs) [ -n "\$out" ] || out=\${1%.hs} ;;
    -*) build="\$build\$1 " ;;
    esac
    shift
done
sed "s|@BUILD@|\$build|; s|@LEAK@|$LEAK|" "$SCRATCH/program" >"\$out" && chmod +x "\$out"
EOF
# The program ghc made: writes PROG.hp (and PROG.eventlog with -l) as the
# RTS would, from the real runs of tests/data/slowleak.
cat >program <<'EOF'
#!/bin/sh
build="@BUILD@" leak=@LEAK@ prog=${0##*/} rts=false by= log=false
fail() { echo "$prog: $*" >&2; exit 1; }
for a in "$@"; do
    case $a in
    +RTS) rts=true; continue ;;
    -RTS) rts=false; continue ;;
    esac
    $rts || continue
    case $build in *" -rtsopts "*) ;; *) fail "Most RTS options are disabled. Link with -rtsopts to enable them." ;; esac
    case $a in
    -h?) by=${a#-h}
         [ "$by" = T ] || case $build in *" -prof "*) ;; *) fail "the flag $a requires the program to be built with -prof" ;; esac ;;
    -l*) case $build in *" -eventlog "*|*" -prof "*|*" -debug "*) log=true ;;
         *) fail "the flag -l requires the program to be built with -eventlog, -prof or -debug" ;; esac ;;
    esac
done
case $by in
'') exit 0 ;;
T) hp=leak-hT-log.hp el=leak-hT-log.eventlog ;;
c) $log && hp=leak-hc-log.hp || hp=leak-hc.hp; el=leak-hc-log.eventlog ;;
*) fail "no stand-in profile for -h$by" ;;
esac
cp "$leak/$hp" "$prog.hp"
! $log || cp "$leak/$el" "$prog.eventlog"
EOF
chmod +x bin/* program
PATH=$PWD/bin:$PATH
export PATH

# of_its_format FILE: FILE holds what its extension says.
of_its_format() {
    [ -f "$1" ] || return 1
    case $1 in
    *.ps|*.eps) head -c 4 "$1" 2>/dev/null | grep -q '^%!PS' ;;
    *.pdf) head -c 5 "$1" | grep -q '^%PDF-' ;;
    *.svg) head -c 300 "$1" | grep -q '<svg' ;;
    *.png) [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '211PNG' ] ;;
    *.html) grep -q '<html' "$1" ;;
    *.csv) head -n 1 "$1" | grep -Eq '^(time|band),' ;;
    *.json) head -c 1 "$1" | grep -q '{' ;;
    *) true ;;
    esac
}

# run_examples WHAT: the tab-separated lines of examples.py on stdin; the
# man page's blocks after the first each in a copy of the first's
# directory.
run_examples() {
    local what=$1 where block kind outputs command n=0 at=0
    while IFS=$'\t' read -r where block kind outputs command; do
        n=$((n + 1))
        if [ "$block" -gt 1 ] && [ "$block" != "$at" ]; then
            cd "$SCRATCH/man" && rm -rf block && cp -a first block && cd block || return
        fi
        at=$block
        [ "$outputs" = - ] && outputs=
        # shellcheck disable=SC2086 # a list of names
        rm -f $outputs
        if [ "$kind" = watch ]; then
            # As a user's Ctrl-C ends it once it has drawn.
            ( eval "exec $command" ) >out.txt 2>err.txt </dev/null &
            local pid=$! waited=0 f
            for f in $outputs; do
                while [ ! -s "$f" ] && [ $waited -lt 600 ]; do sleep 0.1; waited=$((waited + 1)); done
            done
            kill -INT $pid 2>/dev/null
            wait $pid
            RC=$?
        else
            eval "$command" >out.txt 2>err.txt </dev/null
            RC=$?
        fi
        check "$where: $command: exit $RC, stderr: $(head -c 400 err.txt)" \
            eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
        for f in $outputs; do
            check "$where: $command: $f not written, or empty" [ -s "$f" ]
            check "$where: $command: $f is not what its name says" of_its_format "$f"
        done
    done
    check "$what: no example found" [ $n -gt 0 ]
}

# ---- the README, in the source directory after ./build.sh ---------------------
cd work
ln -s "$HP2PS" hp2ps
cp "$LEAK/leak-hy.hp" prog.hp
cp "$TESTDATA/eventlog/newer-hT-heap.eventlog" prog.eventlog
cp "$LEAK/leak-hc.hp" before.hp
cp "$LEAK/fixed-hc.hp" after.hp
python3 "$EXAMPLES" readme "$SRC/README" >readme.tsv
check "examples.py reads the README: exit $?" [ $? -eq 0 ]
run_examples README <readme.tsv
check "README: no example calls ./hp2ps" grep -q './hp2ps' readme.tsv
cd ..

# ---- the man page's EXAMPLES, as installed beside GHC's ------------------------
mkdir -p man/first && cd man
sh "$SRC/man/installed-name.sh" hp2ps-cairo <"$SRC/man/hp2ps.1" >hp2ps-cairo.1
python3 "$EXAMPLES" man hp2ps-cairo.1 >man.tsv
cd first
run_examples "the man page's EXAMPLES" <"$SCRATCH/man/man.tsv"
cd "$SCRATCH/man"
check "EXAMPLES: no line calls hp2ps-cairo" grep -q 'hp2ps-cairo' man.tsv
check "EXAMPLES: no line builds with ghc" grep -q '	ghc ' man.tsv
check "EXAMPLES: no block after the first" grep -q '^[^	]*	3	' man.tsv
cd ..

finish

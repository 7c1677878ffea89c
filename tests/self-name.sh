#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# self-name.sh: the program speaks of itself by the name it was called by
# (installed beside GHC's as hp2ps-cairo), and its hints run it again
# (./hp2ps, not a bare hp2ps, which is GHC's): --help's usage and
# examples, --version, every message, the hint after a bad flag; and the
# man page as installed under that name (man/installed-name.sh) names it
# so, leaving GHC's hp2ps GHC's.
SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/lib.sh"
need awk

mkdir bin
ln -s "$HP2PS" bin/hp2ps-cairo
ln -s "$HP2PS" hp2ps
cp "$TESTDATA/tiny-hc.hp" prog.hp

# ---- called hp2ps-cairo, through PATH ------------------------------------------
PATH=$PWD/bin:$PATH hp2ps-cairo --help >help.txt
check "--help: usage names hp2ps-cairo" grep -q '^Usage: hp2ps-cairo \[OPTION\]' help.txt
check "--help: an example calls hp2ps-cairo" grep -q 'e\.g\. hp2ps-cairo -c -o compare\.pdf' help.txt
# Every other hp2ps is not a command: the .aux format, the source's man
# page, the authors.
others=$(sed -e 's/hp2ps-cairo//g' -e 's/hp2ps \.aux//g' -e 's|\./man/hp2ps\.1||g' \
    -e 's/the hp2ps authors//g' -e 's/man hp2ps,/,/; s/man hp2ps (/(/' help.txt | grep -n 'hp2ps')
check "--help: hp2ps where it means itself: $others" [ -z "$others" ]
check "--help names the man page" grep -Eq '^The manual: man [^ ]+' help.txt
check "--help says where bugs go" grep -q '^Report bugs' help.txt
PATH=$PWD/bin:$PATH hp2ps-cairo --version >version.txt
check "--version: $(head -n 1 version.txt)" grep -Eq '^hp2ps-cairo \(hp2ps\) [0-9]+\.[0-9]+' version.txt
PATH=$PWD/bin:$PATH hp2ps-cairo --bogus >out.txt 2>err.txt
check "a bad flag: $(cat err.txt)" \
    grep -qx 'hp2ps-cairo: --bogus: unknown option (hp2ps-cairo --help lists them)' err.txt
PATH=$PWD/bin:$PATH hp2ps-cairo -Z >out.txt 2>err.txt
check "a bad short flag: $(cat err.txt)" grep -q '^hp2ps-cairo: .*(hp2ps-cairo --help lists them)$' err.txt
PATH=$PWD/bin:$PATH hp2ps-cairo no-such.hp >out.txt 2>err.txt
check "an error starts with hp2ps-cairo: $(cat err.txt)" grep -q '^hp2ps-cairo: .*no-such\.hp' err.txt
printf 'hello world\n' >prog.aux # someone else's: left, with a warning
PATH=$PWD/bin:$PATH hp2ps-cairo prog.hp >out.txt 2>err.txt
check "a warning starts with hp2ps-cairo: $(cat err.txt)" grep -q '^hp2ps-cairo: warning: ' err.txt

# ---- run from the source directory as ./hp2ps ------------------------------------
./hp2ps --bogus >out.txt 2>err.txt
check "./hp2ps: a bad flag's hint runs ./hp2ps: $(cat err.txt)" \
    grep -qx 'hp2ps: --bogus: unknown option (./hp2ps --help lists them)' err.txt
./hp2ps --help >help.txt
check "./hp2ps --help: usage" grep -q '^Usage: \./hp2ps \[OPTION\]' help.txt
check "./hp2ps --version: $(./hp2ps --version | head -n 1)" eval './hp2ps --version | grep -Eq "^hp2ps [0-9]"'
# A name a shell would need quoted is not repeated.
ln -s "$HP2PS" 'odd name'
./'odd name' --bogus >out.txt 2>err.txt
check "a quoted name is not repeated: $(cat err.txt)" grep -Eq '^hp2ps[^ ]*: --bogus: unknown option \(hp2ps[^ ]* --help' err.txt

# ---- the man page, installed as hp2ps-cairo.1 ---------------------------------------
sh "$SRC/man/installed-name.sh" hp2ps-cairo <"$SRC/man/hp2ps.1" >hp2ps-cairo.1
check "man: .TH names hp2ps-cairo" grep -q '^\.TH HP2PS-CAIRO 1 ' hp2ps-cairo.1
check "man: NAME is hp2ps-cairo" grep -q '^hp2ps-cairo \\- ' hp2ps-cairo.1
check "man: SYNOPSIS" eval "sed -n '/^\.SH SYNOPSIS/,/^\.SH/p' hp2ps-cairo.1 | grep -q '^\.B hp2ps-cairo$'"
ghcs() { grep -o "GHC's hp2ps\|GHC\\\\(aqs hp2ps" "$1" | wc -l; }
check "man: GHC's hp2ps is still GHC's ($(ghcs "$SRC/man/hp2ps.1") before, $(ghcs hp2ps-cairo.1) after)" \
    [ "$(ghcs "$SRC/man/hp2ps.1")" -eq "$(ghcs hp2ps-cairo.1)" ]
# What is left of hp2ps: GHC's (also at the start of a line after
# "GHC's"), the JSON format's name, the package's version and authors.
left=$(awk '
    { line = $0
      gsub(/hp2ps-cairo/, "", line); gsub(/GHC\x27s hp2ps|GHC\\\(aqs hp2ps/, "", line)
      gsub(/"hp2ps"|"hp2ps [0-9.]+"|The hp2ps authors/, "", line)
      if (prev ~ /GHC\x27s$/) sub(/^hp2ps/, "", line)
      if (line ~ /hp2ps/ && $0 !~ /^\.\\"/) print NR ": " $0
      prev = $0 }' hp2ps-cairo.1)
check "man: hp2ps left where it means the program: $left" [ -z "$left" ]
if command -v groff >/dev/null 2>&1; then
    groff -man -Tutf8 hp2ps-cairo.1 2>/dev/null | sed 's/.\x08//g' >page.txt
    check "man: the page's header names HP2PS-CAIRO(1)" grep -q '^HP2PS-CAIRO(1)' page.txt
fi

finish

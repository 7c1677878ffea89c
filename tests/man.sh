#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# man.sh: the man page stays clean and says what the program does.
#   - groff -ww -z -man: no warning; mandoc -T lint: no message at all,
#     style included (each when installed);
#   - the text as rendered has no words run together by a macro that was
#     given one argument too many (".BR a ); b c" printed "a);bc");
#   - the sections a packager looks for are there, SEE ALSO names the
#     neighbours, every long option of --help is described, and the
#     version is the program's.
. "$(dirname "$0")/lib.sh"

MAN=$TESTDATA/../../man/hp2ps.1
[ -f "$MAN" ] || { echo "$TEST_NAME: no $MAN" >&2; exit 99; }
if ! command -v groff >/dev/null 2>&1 && ! command -v mandoc >/dev/null 2>&1; then
    echo "$TEST_NAME: skipped: neither groff nor mandoc is installed"
    exit 77
fi

if command -v groff >/dev/null 2>&1; then
    groff -ww -z -man "$MAN" >groff.out 2>&1
    check "groff -ww -z -man: exit $? or messages: $(head -c 300 groff.out)" [ ! -s groff.out ]
    # The text a reader sees, without bold or underline.
    groff -man -Tutf8 -P-cbou "$MAN" 2>/dev/null >page.txt
else
    echo "$TEST_NAME: note: groff is not installed, not checked with it"
fi
if command -v mandoc >/dev/null 2>&1; then
    mandoc -T lint -W style "$MAN" >lint.out 2>&1
    rc=$?
    check "mandoc -T lint: exit $rc: $(head -c 300 lint.out)" eval '[ "$rc" -eq 0 ] && [ ! -s lint.out ]'
    [ -s page.txt ] || mandoc -T utf8 "$MAN" | col -b >page.txt
else
    echo "$TEST_NAME: note: mandoc is not installed, mandoc -T lint not run"
fi

# ---- the text as rendered -----------------------------------------------------------
check "the page did not render" [ -s page.txt ]
# A closing bracket and a punctuation mark glued to the next word.
check "words run together: $(grep -Eo '[a-z]\)[;,.][a-z]+' page.txt | head -n 3 | tr '\n' ' ')" \
    eval '! grep -Eq "[a-z]\)[;,][a-z]" page.txt'
check "'numbers); needed with' is not one phrase" grep -q 'numbers); needed with' page.txt
check "the page still says only one profile is drawn" eval '! grep -q "Only one profile is drawn" page.txt'
check "exit status 2 still says 'more than one file'" eval '! grep -q "or more than one file" page.txt'

for section in NAME SYNOPSIS DESCRIPTION OPTIONS 'EXIT STATUS' ENVIRONMENT FILES BUGS 'SEE ALSO'; do
    check "no $section section" grep -q "^\.SH \"*$section\"*\$" "$MAN"
done
see_also=$(sed -n '/^SEE ALSO/,$p' page.txt)
for name in 'ghc(1)' 'gv(1)' 'ps2pdf(1)' hp2pretty eventlog2html; do
    check "SEE ALSO does not name $name" grep -qF "$name" <<<"$see_also"
done
files=$(sed -n '/^FILES/,/^[A-Z]/p' page.txt)
for word in base.ps base.aux 'no-aux' 'permission bits' 'temporary file'; do
    check "FILES does not mention $word" grep -qF -- "$word" <<<"$files"
done

# Every long option --help lists is in the page.
"$HP2PS" --help | grep -Eo -- '--[a-z][a-z-]*' | sort -u >long.txt
check "--help lists no long options" [ -s long.txt ]
while read -r opt; do
    check "the man page does not describe $opt" grep -qF -- "$opt" page.txt
done <long.txt

# The formats are the program's (--help prints them from formats.c): the
# words of --format= and the extensions -o tells the format by.
formats=$("$HP2PS" --help | sed -n 's/^ *--format=//p')
check "--help gives no --format words" [ -n "$formats" ]
words=$(sed -n 's/^\.BR \\-\\-format= {\(.*\)}$/\1/p' "$MAN" | tr -d ' ')
check "the page's --format={$words}, the program's $formats" [ "$words" = "$formats" ]
extensions=$(sed -n '/^picks the format:$/,/^in upper or lower case\.$/p' "$MAN" |
    sed -n 's/^\.BR* \.\([a-z]*\).*/\1/p' | paste -sd'|' -)
check "the page's -o extensions $extensions, the program's $formats" [ "$extensions" = "$formats" ]

# The version in .TH is the program's.
version=$("$HP2PS" --version | sed -n '1s/^hp2ps //p')
check "the page is for hp2ps $(sed -n 's/^\.TH .*"hp2ps \([^"]*\)".*/\1/p' "$MAN"), the program $version" \
    grep -q "^\.TH HP2PS 1 .*\"hp2ps $version\"" "$MAN"

finish

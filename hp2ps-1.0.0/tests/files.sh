#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# files.sh: the files a run leaves (the man page's FILES section).
#   - an existing FILE.aux is replaced only when it reads as an hp2ps .aux
#     (ours or GHC's); someone else's (LaTeX's paper.aux beside paper.hp)
#     is left as it was, with one warning naming it, and the graph drawn;
#   - --no-aux writes no .aux and leaves an existing one alone;
#   - replacing an output keeps its permission bits, and its group where
#     the user may set it.
. "$(dirname "$0")/lib.sh"
need cmp stat

TINY=$TESTDATA/tiny-hc.hp

# one_warning REGEX: exit 0 and exactly one stderr line, a warning matching REGEX.
one_warning() {
    [ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq "^hp2ps: warning: $1" err.txt
}
fresh() { rm -rf d && mkdir d && cd d && cp "$TINY" paper.hp; }

# ---- someone else's .aux is never replaced ----------------------------------
latex_aux() {
    printf '%s\n' '\relax' '\providecommand\hyper@newdestlabel[2]{}' \
        '\@writefile{toc}{\contentsline {section}{\numberline {1}Heap}{1}}' '\gdef \@abspage@last{1}'
}
fresh
latex_aux >paper.aux && cp paper.aux latex.aux
run_hp2ps -c paper.hp
check "LaTeX's paper.aux: one warning naming it, exit 0 ($(head -c 300 err.txt))" \
    one_warning 'paper\.aux:1: .*not an hp2ps \.aux file, so it is left as it is'
check "LaTeX's paper.aux was replaced" cmp -s paper.aux latex.aux
check "LaTeX's paper.aux: the graph is not drawn" [ -s paper.ps ]
check "LaTeX's paper.aux: a temporary file is left" [ -z "$(ls -A | grep '^\.')" ]
# The same with -o elsewhere (the issue's hp2ps -e8in paper.hp -o fig.pdf).
run_hp2ps -e8in paper.hp -o fig.pdf
check "-o fig.pdf: LaTeX's paper.aux was replaced" cmp -s paper.aux latex.aux
check "-o fig.pdf: no warning about paper.aux" one_warning 'paper\.aux'
check "-o fig.pdf: not drawn" [ -s fig.pdf ]
# With -p: still one warning, saying both.
run_hp2ps -p paper.hp
check "-p with LaTeX's paper.aux: one warning ($(head -c 300 err.txt))" \
    one_warning 'paper\.aux:1: .*left as it is, drawing without it$'
check "-p: LaTeX's paper.aux was replaced" cmp -s paper.aux latex.aux
cd ..

# Other files that are not .aux files: text, binary, empty lines only.
fresh
for content in 'hello world' 'ORDER x' '%!PS-Adobe-3.0' $'\x01\x02\x00\xff'; do
    printf '%s\n' "$content" >paper.aux && cp paper.aux keep.aux
    run_hp2ps paper.hp
    check "paper.aux '$content': not kept" cmp -s paper.aux keep.aux
    check "paper.aux '$content': not one warning naming it ($(head -c 200 err.txt))" one_warning 'paper\.aux'
done
# An .aux we cannot read is not ours to replace either.
if [ "$(id -u)" -ne 0 ]; then
    printf 'X_RANGE 1.00\n' >paper.aux && chmod 000 paper.aux
    run_hp2ps paper.hp
    chmod 644 paper.aux
    check "unreadable paper.aux: replaced" [ "$(cat paper.aux)" = "X_RANGE 1.00" ]
    check "unreadable paper.aux: no warning" one_warning 'paper\.aux'
fi
cd ..

# Ours, GHC's, an empty one, and another profile's are replaced silently.
fresh
run_hp2ps paper.hp
cp paper.aux ours.aux
for f in "$TESTDATA"/ghc/*.aux; do
    [ -f "$f" ] || continue
    cp "$f" paper.aux
    run_hp2ps paper.hp
    check "GHC's $(basename "$f"): not replaced silently ($(head -c 200 err.txt))" \
        eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && cmp -s paper.aux ours.aux'
    break
done
: >paper.aux
run_hp2ps paper.hp
check "an empty paper.aux: not replaced silently" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && cmp -s paper.aux ours.aux'
printf 'X_RANGE 9.00\nY_RANGE 100.00\nORDER (1)elsewhere 1\nSHADE (1)elsewhere 0.50\n' >paper.aux
run_hp2ps paper.hp
check "another profile's .aux: not replaced silently" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && cmp -s paper.aux ours.aux'
cd ..

# ---- --no-aux ----------------------------------------------------------------
fresh
run_hp2ps --no-aux paper.hp
check "--no-aux: exit $RC, or stderr" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
check "--no-aux: an .aux was written" [ ! -e paper.aux ]
check "--no-aux: no drawing" [ -s paper.ps ]
latex_aux >paper.aux && cp paper.aux latex.aux
run_hp2ps --no-aux -c paper.hp
check "--no-aux: a warning about LaTeX's .aux" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
check "--no-aux: LaTeX's .aux touched" cmp -s paper.aux latex.aux
# --no-aux with -p reads the saved .aux and leaves it as it was.
rm paper.aux
run_hp2ps -c paper.hp && cp paper.aux saved.aux && cp paper.ps plain.ps
sed -i 's/^X_RANGE .*/X_RANGE 50.00/' paper.aux && cp paper.aux wide.aux
run_hp2ps --no-aux -p -c paper.hp
check "--no-aux -p: the .aux changed" cmp -s paper.aux wide.aux
check "--no-aux -p: the saved X_RANGE was not used" eval '! cmp -s paper.ps plain.ps'
check "--help does not list --no-aux" eval '"$HP2PS" --help | grep -q -- "--no-aux"'
cd ..

# ---- replacing an output keeps its mode (and group) ----------------------------
fresh
umask 022
run_hp2ps paper.hp -o fig.png
check "a new file does not get 0644 under umask 022: $(stat -c %a fig.png)" [ "$(stat -c %a fig.png)" = 644 ]
for ext in ps pdf svg png eps csv; do
    run_hp2ps paper.hp -o "fig.$ext"
    chmod 600 "fig.$ext"
    run_hp2ps -c paper.hp -o "fig.$ext"
    check "$ext: a 600 output became $(stat -c %a "fig.$ext")" [ "$(stat -c %a "fig.$ext")" = 600 ]
    chmod 640 "fig.$ext"
    run_hp2ps paper.hp -o "fig.$ext"
    check "$ext: a 640 output became $(stat -c %a "fig.$ext")" [ "$(stat -c %a "fig.$ext")" = 640 ]
done
run_hp2ps paper.hp
chmod 604 paper.ps paper.aux
run_hp2ps -c paper.hp
check "paper.ps: 604 became $(stat -c %a paper.ps)" [ "$(stat -c %a paper.ps)" = 604 ]
check "paper.aux: 604 became $(stat -c %a paper.aux)" [ "$(stat -c %a paper.aux)" = 604 ]
# Through a symbolic link: the file it names keeps its mode.
mkdir -p real && cp paper.ps real/target.ps && chmod 600 real/target.ps && ln -s real/target.ps link.ps
run_hp2ps paper.hp -o link.ps
check "through a symlink: the target's 600 became $(stat -c %a real/target.ps)" \
    [ "$(stat -c %a real/target.ps)" = 600 ]
check "through a symlink: the link is gone" [ -L link.ps ]
# The group: any other group of ours (root may set any).
other=$(id -G | tr ' ' '\n' | grep -vx "$(id -g)" | head -n 1)
[ -z "$other" ] && [ "$(id -u)" -eq 0 ] && other=$(getent group daemon | cut -d: -f3)
if [ -n "$other" ]; then
    chgrp "$other" paper.ps && chmod 640 paper.ps
    run_hp2ps paper.hp
    check "paper.ps: group $other became $(stat -c %g paper.ps)" [ "$(stat -c %g paper.ps)" = "$other" ]
    check "paper.ps: 640 in group $other became $(stat -c %a paper.ps)" [ "$(stat -c %a paper.ps)" = 640 ]
else
    echo "$TEST_NAME: note: no second group to test keeping the group with"
fi
cd ..

finish

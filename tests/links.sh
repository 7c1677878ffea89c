#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# links.sh: where an output path leads is decided by what it is (issue 40).
# 1. A symbolic link another user planted in a sticky, world-writable
#    directory (/tmp) is not followed, as the kernel's protected_symlinks
#    would not follow it: hp2ps follows links itself (to rename over the
#    file one leads to), so the kernel never checks.  Root's run must not
#    replace a victim's file, nor create one where a dangling link points.
# 2. Every spelling of a descriptor (//dev/stdout, /dev/./stdout,
#    /proc/self/./fd/1, a link to /dev/stdout) is the descriptor: what the
#    shell wrote around it stays.
. "$(dirname "$0")/lib.sh"

TINY=$TESTDATA/tiny-hc.hp

# ---- 1. links another user planted ------------------------------------------------
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null || ! id nobody >/dev/null 2>&1; then
    echo "$TEST_NAME: not root, or no setpriv or nobody: section 1 skipped"
else
    # as UID COMMAND...: run as another user (a number needs no passwd line)
    as() { local u=$1; shift; setpriv --reuid="$u" --regid="$u" --clear-groups "$@"; }
    nobody=$(id -u nobody)
    chmod 755 "$SCRATCH"
    mkdir victim sticky && chmod 1777 sticky
    echo "the victim's own" >victim/file.ps
    cp "$TINY" sticky/prog.hp
    # nobody plants prog.ps -> the victim's file, prog.aux -> a new file
    as "$nobody" ln -s ../victim/file.ps sticky/prog.ps
    as "$nobody" ln -s ../victim/created.sh sticky/prog.aux
    (cd sticky && "$HP2PS" prog.hp >../out.txt 2>../err.txt); RC=$?
    check "root, prog.ps planted by nobody in a sticky directory: refused, one line ($RC: $(head -c 300 err.txt))" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: refusing to write prog\.ps: prog\.ps is a symbolic link of another user (uid $nobody) in a sticky, world-writable directory" err.txt'
    check "... the victim's file is as it was" [ "$(cat victim/file.ps)" = "the victim's own" ]
    check "... nothing created where prog.aux points" [ ! -e victim/created.sh ]
    check "... no temporary file anywhere" eval '[ -z "$(ls -A victim | grep "^\.hp2ps-")" ] && [ -z "$(ls -A sticky | grep "^\.hp2ps-")" ]'
    rm sticky/prog.ps
    (cd sticky && "$HP2PS" prog.hp >../out.txt 2>../err.txt); RC=$?
    check "root, prog.aux planted (dangling): refused naming it ($RC: $(head -c 300 err.txt))" \
        eval '[ "$RC" -eq 1 ] && grep -q "^hp2ps: refusing to write prog\.aux: prog\.aux is a symbolic link of another user" err.txt'
    check "... nothing created where it points, no drawing either" eval '[ ! -e victim/created.sh ] && [ ! -e sticky/prog.ps ]'
    # a chain: root's own link leads to nobody's; the planted one is named
    rm sticky/prog.aux
    as "$nobody" ln -s ../victim/file.ps sticky/hop
    ln -s hop sticky/chain.ps
    (cd sticky && "$HP2PS" -o chain.ps prog.hp >../out.txt 2>../err.txt); RC=$?
    check "root's link to nobody's link: refused, naming the planted one ($(head -c 300 err.txt))" \
        eval '[ "$RC" -eq 1 ] && grep -q "^hp2ps: refusing to write chain\.ps: sticky/hop is\|^hp2ps: refusing to write chain\.ps: \./hop is" err.txt && [ "$(cat victim/file.ps)" = "the victim'"'"'s own" ]'
    # A planted link on the way, as a directory: sticky/d -> ../victim,
    # -o sticky/d/file.ps; and one reached through root's own link.
    as "$nobody" ln -s ../victim sticky/d
    ln -s d sticky/rootd
    for out in d/file.ps rootd/file.ps; do
        (cd sticky && "$HP2PS" --no-aux -o "$out" prog.hp >../out.txt 2>../err.txt); RC=$?
        check "root, -o $out through nobody's directory link: refused, naming it ($(head -c 300 err.txt))" \
            eval '[ "$RC" -eq 1 ] && grep -q "^hp2ps: refusing to write $out: \(\./\)\?d is a symbolic link of another user (uid $nobody)" err.txt && [ "$(cat victim/file.ps)" = "the victim'"'"'s own" ] && [ -z "$(ls -A victim | grep "^\.hp2ps-")" ]'
    done
    rm sticky/d sticky/rootd
    # What the kernel follows is followed: root's own link in the sticky
    # directory, and a link made by the directory's owner.
    ln -s ../victim/root.ps sticky/own.ps
    (cd sticky && "$HP2PS" -o own.ps prog.hp >../out.txt 2>../err.txt); RC=$?
    check "root's own link in the sticky directory is written through" eval '[ "$RC" -eq 0 ] && [ -L sticky/own.ps ] && [ "$(head -c 4 victim/root.ps)" = "%!PS" ]'
    mkdir nobodys && chown "$nobody" nobodys && chmod 1777 nobodys && cp "$TINY" nobodys/prog.hp
    as "$nobody" ln -s ../victim/owner.ps nobodys/out.ps
    (cd nobodys && "$HP2PS" -o out.ps prog.hp >../out.txt 2>../err.txt); RC=$?
    check "a link the sticky directory's owner made is written through" eval '[ "$RC" -eq 0 ] && [ "$(head -c 4 victim/owner.ps)" = "%!PS" ]'
    # A normal user: another user's link is refused, its own followed.
    mkdir mine && chown "$nobody" mine
    as 54321 ln -s ../mine/x.ps sticky/other.ps
    as "$nobody" ln -s ../mine/y.ps sticky/self.ps
    (cd sticky && as "$nobody" "$HP2PS" --no-aux -o other.ps prog.hp >../out.txt 2>../err.txt); RC=$?
    check "nobody, a link of uid 54321 in the sticky directory: refused ($(head -c 300 err.txt))" \
        eval '[ "$RC" -eq 1 ] && grep -q "^hp2ps: refusing to write other\.ps: other\.ps is a symbolic link of another user (uid 54321)" err.txt && [ ! -e mine/x.ps ]'
    (cd sticky && as "$nobody" "$HP2PS" --no-aux -o self.ps prog.hp >../out.txt 2>../err.txt); RC=$?
    check "nobody, its own link: written through ($(head -c 300 err.txt))" eval '[ "$RC" -eq 0 ] && [ -s mine/y.ps ]'
    # Outside a sticky directory links are followed as before.
    mkdir plain && cp "$TINY" plain/prog.hp && chmod 777 plain
    as "$nobody" ln -s ../victim/plain.ps plain/prog.ps
    (cd plain && "$HP2PS" --no-aux prog.hp >../out.txt 2>../err.txt); RC=$?
    check "a link of nobody's in a directory that is not sticky: written through" eval '[ "$RC" -eq 0 ] && [ -s victim/plain.ps ]'
fi

# ---- 2. every spelling of a descriptor -------------------------------------------
cp "$TINY" p.hp
"$HP2PS" --format=ps -o - p.hp >want.ps
ln -s /dev/stdout out.ps
ln -s /proc/self/fd out-fds
for out in /dev/stdout //dev/stdout /dev/./stdout /dev//stdout /proc/self/./fd/1 /proc/self/fd/../fd/1 \
           /proc/$$/../self/fd/1 out.ps out-fds/1 /dev/fd/./1; do
    { echo header; "$HP2PS" --format=ps -o "$out" p.hp; echo footer; } >report 2>err.txt
    check "-o $out into a file between two lines: both lines and the drawing ($(head -c 200 err.txt))" \
        eval '[ ! -s err.txt ] && [ "$(head -n 1 report)" = header ] && [ "$(tail -n 1 report)" = footer ] && [ "$(sed "1d;\$d" report | cmp - want.ps && echo same)" = same ]'
done
check "... and the link out.ps is still a link" [ -L out.ps ]
mkdir del
for out in /dev/fd/3 //dev/fd/3 /proc/self/./fd/3; do
    ( exec 3>del/gone.ps; rm del/gone.ps; "$HP2PS" --format=ps -o "$out" p.hp 2>err.txt )
    check "-o $out on a deleted file makes no new file ($(ls -A del))" eval '[ ! -s err.txt ] && [ -z "$(ls -A del)" ]'
done
run_hp2ps --format=ps -o /dev/./fd/7 p.hp
check "-o /dev/./fd/7, not open: said ($(head -c 200 err.txt))" \
    eval '[ "$RC" -eq 1 ] && grep -q "^hp2ps: cannot write /dev/\./fd/7: descriptor 7 is not open$" err.txt'
# A file that merely looks like one is a file.
mkdir -p fake/fd && cp p.hp fake/
run_hp2ps --format=ps -o fake/fd/1 p.hp
check "-o fake/fd/1 (a directory named fd) is a file" eval '[ "$RC" -eq 0 ] && [ ! -s out.txt ] && [ "$(head -c 4 fake/fd/1)" = "%!PS" ]'

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# errors.sh: bad and odd input.  Every edge-case profile either draws (exit
# 0, PostScript that ghostscript accepts, an .aux) or fails cleanly (exit 1,
# one line "hp2ps: FILE:LINE: ..." or "hp2ps: FILE: ...", nothing written).
# Then: failing runs keep earlier outputs, bad files and directories, full
# disks, names that try to inject PostScript, and binary garbage in messages.
. "$(dirname "$0")/lib.sh"
need gs

EDGE=$TESTDATA/edge
TINY=$TESTDATA/tiny-hc.hp

gs_ok() { gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage "$@" >/dev/null 2>&1; }
# The output says %%DocumentData: Clean7Bit: printable ASCII, tab, newline.
clean7() { ! LC_ALL=C grep -qaP '[^\x09\x0a\x20-\x7e]' "$1"; }
# No raw control byte (other than the final newline) in a message.
no_ctl() { ! LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x1f\x7f]' "$1"; }
md5() { md5sum <"$1" | cut -d' ' -f1; }

# ---- the edge cases ----
# file | exit | regex for the one stderr line (after "hp2ps: NAME.hp"), or - when it draws
EXPECTED='
blank-lines                      0 -
crlf                             0 -
cut-after-begin                  0 -
cut-mid-keyword                  0 -
cut-mid-line                     0 -
cut-mid-name                     0 -
cut-mid-sample                   0 -
duplicate-band-in-sample         0 -
empty-samples-mid                0 -
empty                            1 ^: empty file$
end-time-mismatch                0 -
equal-times                      0 -
fractional-value                 1 ^:12: value .160\.5. for MAIN is not a whole number$
garbage                          1 ^:1: data line outside a sample
hb-crash-initial-sample-only     0 [ ]holds only the empty sample at 0: .*-hb
header-only                      1 ^: contains no samples$
huge-value-2p53                  0 -
huge-value-int64max              0 -
huge-value-overflow              1 ^:27: value 123456789012345678901234567890 for .* is larger than 9223372036854775807$
invalid-utf8-cut-by-L            0 -
job-ps-specials                  0 -
job-with-quote                   0 -
long-job                         0 -
mark-inside-sample               0 -
marks-hand-edited                0 -
missing-job                      1 ^: JOB missing$
missing-units                    1 ^: VALUE_UNIT missing$
negative-value                   1 ^:12: negative value -160 for MAIN$
no-final-newline                 0 -
nul-in-identifier                0 -
one-sample-at-zero               0 -
one-sample                       0 -
other-units                      0 -
ps-specials                      0 -
space-in-identifier              0 -
tabs-vs-spaces                   0 -
time-goes-back                   1 ^:29: samples out of sequence: time 0\.010000 is before the previous sample.s time 0\.023617$
unknown-keyword                  0 -
utf8-names                       0 -
utf8-retainer-sets               0 -
value-missing                    1 ^:12: MAIN has no value$
very-long-identifier             0 -
zero-bands                       0 -
'

# Every file in the directory has a row, and every row a file.
for f in "$EDGE"/*.hp; do
    b=$(basename "$f" .hp)
    check "$b.hp has a row in EXPECTED" eval 'printf "%s\n" "$EXPECTED" | grep -q "^$b "'
done
rows=0
while read -r name code re; do
    [ -n "$name" ] || continue
    rows=$((rows + 1))
    check "$name.hp exists" [ -f "$EDGE/$name.hp" ]
done <<<"$EXPECTED"
check "43 edge cases" [ "$rows" -eq 43 ]

# edge_case NAME CODE REGEX: file mode, then filter mode.
edge_case() {
    local name=$1 code=$2 re=$3
    rm -rf e && mkdir e && cp "$EDGE/$name.hp" e/ && chmod u+w "e/$name.hp"
    local sum; sum=$(md5 "e/$name.hp")
    (cd e && "$HP2PS" "$name.hp" >../out.txt 2>../err.txt)
    RC=$?
    check "$name: the input is unchanged" [ "$(md5 "e/$name.hp")" = "$sum" ]
    check "$name: nothing on stdout" [ ! -s out.txt ]
    check "$name: no raw control bytes in messages" no_ctl err.txt
    # code 0 with a REGEX: drawn, with one warning about the file
    local warned="^hp2ps: warning: ${name//./\\.}\\.hp${re}"
    if [ "$code" -eq 0 ] && [ "$re" != - ]; then
        if [ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq -- "$warned" err.txt; then pass; else
            fail "$name: exit $RC, stderr: $(head -c 300 err.txt) (wanted exit 0, /$warned/)"; fi
        "$HP2PS" <"$EDGE/$name.hp" >stdout.ps 2>err.txt
        RC=$?
        check "$name (stdin): exit 0, the warning ($(head -c 300 err.txt))" \
            eval '[ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq -- "^hp2ps: warning: stdin$re" err.txt'
        check "$name (stdin): PostScript" eval 'head -n 1 stdout.ps | grep -q "^%!PS-Adobe-3.0"'
    elif [ "$code" -eq 0 ]; then
        if [ "$RC" -eq 0 ] && [ ! -s err.txt ]; then pass; else
            fail "$name: exit $RC, stderr: $(head -c 300 err.txt) (wanted exit 0, no message)"; fi
        check "$name: writes $name.ps" [ -s "e/$name.ps" ]
        check "$name: writes $name.aux" [ -s "e/$name.aux" ]
        check "$name: $name.ps is PostScript" eval 'head -n 1 "e/$name.ps" | grep -q "^%!PS-Adobe-3.0"'
        check "$name: $name.ps ends with %%EOF" eval '[ "$(tail -n 1 "e/$name.ps")" = "%%EOF" ]'
        check "$name: $name.ps is clean 7-bit" clean7 "e/$name.ps"
        check "$name: ghostscript renders $name.ps" gs_ok "e/$name.ps"
        check "$name: only $name.ps and $name.aux are written" \
            eval '[ "$(ls -A e | tr "\n" " ")" = "$name.aux $name.hp $name.ps " ]'
        "$HP2PS" <"$EDGE/$name.hp" >stdout.ps 2>err.txt
        RC=$?
        check "$name: filter mode exits 0 silently" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
        check "$name: filter output equals $name.ps" cmp -s stdout.ps "e/$name.ps"
    else
        local full="^hp2ps: ${name//./\\.}\\.hp${re#^}"
        if [ "$RC" -eq "$code" ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq -- "$full" err.txt; then
            pass
        else
            fail "$name: exit $RC, stderr: $(head -c 300 err.txt) (wanted exit $code, /$full/)"
        fi
        check "$name: no .ps, .aux or temporary file left" eval '[ "$(ls -A e)" = "$name.hp" ]'
        "$HP2PS" <"$EDGE/$name.hp" >stdout.ps 2>err.txt
        RC=$?
        full="^hp2ps: stdin${re#^}"
        if [ "$RC" -eq "$code" ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq -- "$full" err.txt; then
            pass
        else
            fail "$name (stdin): exit $RC, stderr: $(head -c 300 err.txt) (wanted exit $code, /$full/)"
        fi
        check "$name (stdin): nothing on stdout" [ ! -s stdout.ps ]
        check "$name (stdin): no raw control bytes in messages" no_ctl err.txt
    fi
}
while read -r name code re; do
    [ -n "$name" ] || continue
    edge_case "$name" "$code" "$re"
done <<<"$EXPECTED"

# Files that only change the layout of the text draw exactly as tiny-hc.hp.
"$HP2PS" <"$TINY" >tiny.ps
for name in blank-lines crlf tabs-vs-spaces no-final-newline end-time-mismatch; do
    "$HP2PS" <"$EDGE/$name.hp" >o.ps 2>/dev/null
    check "$name draws exactly as tiny-hc.hp" cmp -s o.ps tiny.ps
done
# A profile cut off while it was written draws its complete samples; one
# cut inside a sample says so under its title (as lines 1-N and the next
# BEGIN_SAMPLE draw: the same samples, the same note).
for name in cut-after-begin cut-mid-keyword cut-mid-line cut-mid-name cut-mid-sample; do
    n=$(grep -an '^END_SAMPLE' "$EDGE/$name.hp" | tail -n 1 | cut -d: -f1)
    head -n "$n" "$EDGE/$name.hp" | "$HP2PS" >ref.ps 2>/dev/null
    awk -v n="$n" 'NR <= n || (/^BEGIN_SAMPLE/ && !open++)' "$EDGE/$name.hp" |
        "$HP2PS" >ref-open.ps 2>/dev/null
    "$HP2PS" <"$EDGE/$name.hp" >o.ps 2>/dev/null
    check "$name draws its complete samples (lines 1-$n)" \
        eval '[ -s ref.ps ] && { cmp -s o.ps ref.ps || cmp -s o.ps ref-open.ps; }'
done
# The values of a name listed twice in one sample are added.
"$HP2PS" <"$EDGE/duplicate-band-in-sample.hp" >o.ps
check "duplicate-band-in-sample differs from tiny-hc" eval '! cmp -s o.ps tiny.ps'
# -y drops the marks of marks-hand-edited.
"$HP2PS" <"$EDGE/marks-hand-edited.hp" >marks.ps
"$HP2PS" -y <"$EDGE/marks-hand-edited.hp" >marks-y.ps
check "marks are drawn (-y differs)" eval '! cmp -s marks.ps marks-y.ps'

# ---- a failing run keeps the previous outputs ----
rm -rf keep && mkdir keep && cp "$TINY" keep/prog.hp
(cd keep && "$HP2PS" prog.hp) && cp keep/prog.ps good.ps && cp keep/prog.aux good.aux
for bad in negative-value header-only empty garbage time-goes-back; do
    cp "$EDGE/$bad.hp" keep/prog.hp
    (cd keep && "$HP2PS" prog.hp >/dev/null 2>../err.txt)
    RC=$?
    check "$bad over a good run: exit 1" [ "$RC" -eq 1 ]
    check "$bad over a good run: prog.ps is unchanged" cmp -s keep/prog.ps good.ps
    check "$bad over a good run: prog.aux is unchanged" cmp -s keep/prog.aux good.aux
    check "$bad over a good run: no temporary file left" \
        eval '[ "$(ls -A keep | tr "\n" " ")" = "prog.aux prog.hp prog.ps " ]'
done

# ---- files that are not there or not files ----
rm -rf w && mkdir w
(cd w && "$HP2PS" nosuch.hp >../out.txt 2>../err.txt); RC=$?
check "missing nosuch.hp: exit 1, one 'cannot open' line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: cannot open nosuch\.hp: " err.txt'
(cd w && "$HP2PS" nosuch >../out.txt 2>../err.txt); RC=$?
check "missing nosuch: exit 1, one 'cannot open' line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: cannot open nosuch" err.txt'
check "missing input: nothing written" [ -z "$(ls -A w)" ]
mkdir w/dir.hp w/dir2
for d in dir.hp dir dir2; do
    (cd w && "$HP2PS" "$d" >../out.txt 2>../err.txt); RC=$?
    check "directory $d as input: exit 1, one line" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: .*dir" err.txt'
    check "directory $d as input: nothing written" eval '[ "$(ls -A w | tr "\n" " ")" = "dir.hp dir2 " ]'
done
(cd w && "$HP2PS" /dev/null >../out.txt 2>../err.txt); RC=$?
check "/dev/null as input: exit 1, 'empty file'" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: /dev/null: empty file$" err.txt'
check "/dev/null as input: nothing written" eval '[ "$(ls -A w | tr "\n" " ")" = "dir.hp dir2 " ]'

# ---- outputs that cannot be written ----
rm -rf o && mkdir o && cp "$TINY" o/prog.hp && mkdir o/prog.ps
(cd o && "$HP2PS" prog.hp >../out.txt 2>../err.txt); RC=$?
check "prog.ps is a directory: exit 1, one line naming prog.ps" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: .*prog\.ps" err.txt'
check "prog.ps is a directory: no .aux, no temporary file" \
    eval '[ "$(ls -A o | tr "\n" " ")" = "prog.hp prog.ps " ] && [ -z "$(ls -A o/prog.ps)" ]'
if [ -d /proc/self ]; then
    (cd /proc && "$HP2PS" "$SCRATCH/o/prog.hp" >"$SCRATCH/out.txt" 2>"$SCRATCH/err.txt"); RC=$?
    check "output directory /proc: exit 1, one line" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: .*prog\.ps" err.txt'
fi
if [ "$(id -u)" -ne 0 ]; then
    rm -rf ro && mkdir ro && cp "$TINY" ro/prog.hp && chmod 555 ro
    (cd ro && "$HP2PS" prog.hp >../out.txt 2>../err.txt); RC=$?
    chmod 755 ro
    check "read-only directory: exit 1, one line naming prog.ps" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: .*prog\.ps" err.txt'
    check "read-only directory: nothing written" [ "$(ls -A ro)" = prog.hp ]
fi
if [ -w /dev/full ]; then
    "$HP2PS" <"$TINY" >/dev/full 2>err.txt; RC=$?
    check "stdout is /dev/full: exit 1, one line" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: " err.txt'
    "$HP2PS" -e8in <"$TINY" >/dev/full 2>err.txt; RC=$?
    check "EPS to /dev/full: exit 1, one line" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: " err.txt'
fi

# ---- the input is never modified, even when an output name leads to it ----
rm -rf same && mkdir same && cp "$TINY" same/prog.hp && chmod 644 same/prog.hp
sum=$(md5 same/prog.hp)
ln same/prog.hp same/prog.ps
(cd same && "$HP2PS" prog.hp >../out.txt 2>../err.txt); RC=$?
check "prog.ps hard-linked to prog.hp: input unchanged" [ "$(md5 same/prog.hp)" = "$sum" ]
check "prog.ps hard-linked to prog.hp: exit 1, one line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: prog\.ps: " err.txt'
check "prog.ps hard-linked to prog.hp: no .aux" [ ! -e same/prog.aux ]
rm same/prog.ps && ln -s prog.hp same/prog.ps
(cd same && "$HP2PS" prog.hp >../out.txt 2>../err.txt); RC=$?
check "prog.ps a symlink to prog.hp: input unchanged" [ "$(md5 same/prog.hp)" = "$sum" ]
check "prog.ps a symlink to prog.hp: exit 1" [ "$RC" -eq 1 ]
rm same/prog.ps && ln -s prog.hp same/prog.aux
(cd same && "$HP2PS" prog.hp >../out.txt 2>../err.txt); RC=$?
check "prog.aux a symlink to prog.hp: input unchanged" [ "$(md5 same/prog.hp)" = "$sum" ]
check "prog.aux a symlink to prog.hp: exit 1, one line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: prog\.aux: " err.txt'
rm -f same/prog.aux same/prog.ps
(cd same && "$HP2PS" -p prog.hp >/dev/null 2>&1 && "$HP2PS" -p prog.hp >/dev/null 2>&1)
check "two -p runs leave the input unchanged" [ "$(md5 same/prog.hp)" = "$sum" ]

# ---- names that try to inject PostScript or markup ----
# Each name lands in the key, the JOB in the title and %%Title.
inject() {
    printf 'JOB "%s"\nDATE "%s"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' "$1" "$2"
    shift 2
    for t in 0 1 2 3; do
        printf 'BEGIN_SAMPLE %d.5\n' "$t"
        local i=0
        for name in "$@"; do
            i=$((i + 1))
            printf '%s\t%d\n' "$name" $(( (i * 7 + t * 3) % 11 * 1000 + 5000 ))
        done
        printf 'END_SAMPLE %d.5\n' "$t"
    done
}
NAMES=(') show (x) showpage (' 'a\' '\' '\\' '((((' '))))' '(unbalanced' 'unbalanced)'
       '%' '%%EOF' '%!PS' '\) showpage \(' '</text><script>alert(1)</script>'
       ']]><!--' '&amp;<b>' 'quit' 'x) pop quit (' '{ showpage } exec')
inject ') showpage (' '\) showpage quit (' "${NAMES[@]}" >inj.hp
printf 'JOB "x\rshowpage\r%%%%EOF\fshowpage"\nDATE "d\rquit"\nSAMPLE_UNIT "s"\nVALUE_UNIT "b"\nBEGIN_SAMPLE 0\nA\rshowpage\r 5\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nA\rshowpage\r 7\nEND_SAMPLE 1\n' >cr.hp
# The same drawing with harmless names, for the page count.
SAFE=(); for n in "${NAMES[@]}"; do SAFE+=("name${#SAFE[@]}"); done
inject 'harmless' 'harmless' "${SAFE[@]}" >safe.hp
for f in inj cr; do
  for flags in "" "-M" "-m0" "-e8in" "-c -g"; do
    rm -f "$f.ps" "$f.aux" pg*.png
    # shellcheck disable=SC2086
    "$HP2PS" $flags "$f.hp" >out.txt 2>err.txt; RC=$?
    check "$f.hp $flags: exit 0, no message" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
    check "$f.hp $flags: ghostscript renders it" gs_ok "$f.ps"
    check "$f.hp $flags: clean 7-bit" clean7 "$f.ps"
    check "$f.hp $flags: no carriage return or form feed" eval '[ "$(tr -dc "\r\f" <"$f.ps" | wc -c)" -eq 0 ]'
    np=$(grep -c '^%%Page:' "$f.ps")
    check "$f.hp $flags: %%Pages matches the %%Page: lines" grep -qx "%%Pages: $np" "$f.ps"
    if [ -z "$flags" ] || [ "$flags" = -M ]; then # EPS has no showpage of its own
        check "$f.hp $flags: one showpage operator per page" [ "$(grep -c '^showpage$' "$f.ps")" -eq "$np" ]
    fi
    gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r10 -sOutputFile=pg%02d.png "$f.ps" >/dev/null 2>&1
    check "$f.hp $flags: ghostscript draws exactly $np page(s)" [ "$(ls pg*.png 2>/dev/null | wc -l)" -eq "$np" ]
    "$HP2PS" $flags safe.hp >/dev/null 2>&1
    if [ "$f" = inj ]; then
        check "inj.hp $flags: as many pages as with harmless names" \
            [ "$(grep -c '^%%Page:' safe.ps)" -eq "$np" ]
    fi
  done
done

# ---- binary garbage in messages ----
# Control bytes, escape sequences, C1 controls and invalid UTF-8 quoted in
# every kind of message must come out escaped, on one line.  (A line with
# no value is judged by the line after it, which may go on with its name:
# here END_SAMPLE, so it is the error.)
hdr='JOB "j"\nDATE "d"\nSAMPLE_UNIT "s"\nVALUE_UNIT "b"\n'
n=0
for body in \
    'BEGIN_SAMPLE 0\nna\033[31mme va\001l\033]0;x\007\nEND_SAMPLE 0\n' \
    'BEGIN_SAMPLE 0\n\033[2J\302\233\377 1x\r\n' \
    'BEGIN_SAMPLE 0\nname -\00012\nEND_SAMPLE 0\n' \
    'BEGIN_SAMPLE 0\nname 99999999999999999999\033[2J1\n' \
    'BEGIN_SAMPLE \033[2J\n' \
    'BEGIN_SAMPLE 1\nEND_SAMPLE 1\nBEGIN_SAMPLE 0\033\n' \
    'MARK \b\b\b\bx\n' \
    'BEGIN_SAMPLE 0\n\302\233\033\nEND_SAMPLE 0\n' \
    'BEGIN_SAMPLE 0\n\303\251t\303\251\tx\302\205y\nEND_SAMPLE 0\n' \
    'BEGIN_SAMPLE 0\nx\t\316\nEND_SAMPLE 0\n' \
    'JOB "x" \033[2J\r\n'; do
    n=$((n + 1))
    printf "$hdr$body" >"bin$n.hp"
    run_hp2ps "bin$n.hp"
    check "bin$n.hp: exit 1, one line with a line number" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq "^hp2ps: bin$n\.hp:[0-9]+: " err.txt'
    check "bin$n.hp: no raw control bytes in the message" no_ctl err.txt
    check "bin$n.hp: no C1 control (U+0080..U+009F) in the message" \
        eval '! LC_ALL=C grep -qaP "\xc2[\x80-\x9f]" err.txt'
    check "bin$n.hp: the message is valid UTF-8" iconv -f UTF-8 -t UTF-8 err.txt -o /dev/null
    check "bin$n.hp: no output" eval '[ ! -e bin$n.ps ] && [ ! -e bin$n.aux ]'
done
cp "$EDGE/garbage.hp" g.hp
run_hp2ps g.hp
check "garbage.hp: no raw control bytes in the message" no_ctl err.txt
# Lines and strings longer than the 1 MiB limit: one line, with its number.
{ printf "$hdr"; printf 'BEGIN_SAMPLE 0\n'; head -c 1100000 /dev/zero | tr '\0' x; printf ' 5\nEND_SAMPLE 0\n'; } >longline.hp
run_hp2ps longline.hp
check "a 1.1 MB line: exit 1, one line naming line 6" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: longline\.hp:6: " err.txt'
{ printf 'JOB "j'; head -c 1100000 /dev/zero | tr '\0' '\n'; printf '"\n'; } >longstr.hp
run_hp2ps longstr.hp
check "a 1.1 MB JOB string: exit 1, one line with a line number" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq "^hp2ps: longstr\.hp:[0-9]+: " err.txt'
check "long lines: nothing written" eval '[ ! -e longline.ps ] && [ ! -e longstr.ps ] && [ ! -e longline.aux ]'
# A long garbage line is shortened in the message.
{ printf "$hdr"; printf 'BEGIN_SAMPLE 0\n'; printf 'x%.0s' $(seq 1 500); printf ' \001%.0s' $(seq 1 300); printf '\n'; } >long.hp
run_hp2ps long.hp
check "a long bad line gives a short message" eval '[ "$RC" -eq 1 ] && [ "$(wc -c <err.txt)" -lt 600 ]'

# An .aux that cannot be written stops the run before the drawing is
# replaced: the previous prog.ps stays as it was.
mkdir auxdir && cd auxdir && cp "$TINY" prog.hp
run_hp2ps prog.hp
cp prog.ps keep.ps
rm prog.aux && mkdir prog.aux
expect_error 1 'prog\.aux.*directory' -c prog.hp
check "a failing .aux leaves prog.ps as it was" cmp -s keep.ps prog.ps
rmdir prog.aux && ln -s prog.hp prog.aux
expect_error 1 'prog\.aux.*input' -c prog.hp
check "an .aux that is the input leaves prog.ps as it was" cmp -s keep.ps prog.ps
check "... and the input intact" cmp -s "$TINY" prog.hp
check "no temporary files left" [ -z "$(ls -A | grep '^\.')" ]
cd ..

finish

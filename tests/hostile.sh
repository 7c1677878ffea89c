#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# hostile.sh: input that must never break hp2ps.  Every run below ends in
# either a drawing (exit 0) or exactly one line "hp2ps: FILE:LINE: what" /
# "hp2ps: FILE: what" (exit 1): no crash, no hang, no sanitizer report, no
# leak, no half-written output.  errors.sh covers the corpus edge files
# (tests/data/edge); this covers what is generated: profiles cut at every
# kind of place, odd numbers, MARK lines anywhere, 10 KB names, a 64 MB line,
# a million names, garbage, FIFOs and devices, unwritable places, broken
# .aux files, markup injection in SVG, and every fuzzer finding
# (tests/data/regress/).
. "$(dirname "$0")/lib.sh"
need gs

TINY=$TESTDATA/tiny-hc.hp
REGRESS=$TESTDATA/regress
HDR='JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'

gs_ok() { gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage "$@" >/dev/null 2>&1; }
# Whatever a sanitizer, glib or pango prints, on stderr.
noisy() { grep -Eq 'Sanitizer|runtime error|LeakSanitizer|WARNING \*\*|CRITICAL \*\*|Fontconfig error' "$1"; }

# outcome WHAT: after run_hp2ps, exit 0 with nothing on stderr, or exit 1
# with one "hp2ps: " line; never anything from a sanitizer.
outcome() {
    local what=$1
    if noisy err.txt; then
        fail "$what: sanitizer or library output: $(head -c 400 err.txt)"
    elif [ "$RC" -eq 0 ] && [ ! -s err.txt ]; then
        pass
    elif [ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q '^hp2ps: ' err.txt; then
        pass
    else
        fail "$what: exit $RC, stderr: $(head -c 300 err.txt)"
    fi
}

# draws WHAT FILE ARGS...: exit 0, no message, PostScript ghostscript reads.
draws() {
    local what=$1 file=$2; shift 2
    rm -f out.ps
    "$HP2PS" "$@" <"$file" >out.ps 2>err.txt
    RC=$?
    if [ "$RC" -eq 0 ] && [ ! -s err.txt ] && [ -s out.ps ] && gs_ok out.ps; then
        pass
    else
        fail "$what: exit $RC, stderr: $(head -c 300 err.txt), $(wc -c <out.ps) bytes"
    fi
}

# refused WHAT REGEX FILE: exit 1, one line "hp2ps: stdin..." matching REGEX, no output.
refused() {
    local what=$1 re=$2 file=$3
    "$HP2PS" <"$file" >out.ps 2>err.txt
    RC=$?
    if [ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq -- "^hp2ps: stdin$re" err.txt &&
        [ ! -s out.ps ]; then
        pass
    else
        fail "$what: exit $RC, stderr: $(head -c 300 err.txt) (wanted exit 1, /^hp2ps: stdin$re/)"
    fi
}

prof() { printf "$HDR$1" >"$2"; }

# The loops over many small inputs run without LeakSanitizer's exit-time
# scan in the ASan build (it costs a quarter of a second per run); the
# fuzzer checks those paths for leaks after every input, and every other
# run here keeps the check.
leaks_off() { SAVED_ASAN=${ASAN_OPTIONS-}; export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"; }
leaks_on() { export ASAN_OPTIONS="$SAVED_ASAN"; }

# ---- 1. profiles cut anywhere ------------------------------------------------
# At every line end and in the middle of every line: the complete samples
# are drawn, or the header is incomplete (one line).  (errors.sh renders
# the corpus's cut profiles with ghostscript; here a few are.)
size=$(wc -c <"$TINY")
# (Every place in the first 16 lines, the header and the first samples;
# after that every third line end, the rest being more of the same: each
# run costs a LeakSanitizer scan in the ASan build.)
offsets=$(awk '{ s = o; o += length($0) + 1
                 if (NR <= 16) { print s + int(length($0) / 2); print o - 1; print o }
                 else if (NR % 3 == 0) print o }' "$TINY" | sort -nu)
cuts=0
leaks_off
for n in $offsets; do
    [ "$n" -le "$size" ] || continue
    head -c "$n" "$TINY" >cut.hp
    run_hp2ps -o cut.ps cut.hp
    outcome "tiny-hc.hp cut after byte $n"
    if [ "$RC" -eq 1 ] && ! grep -Eq '^hp2ps: cut\.hp(:[0-9]+)?: (empty file|JOB missing|DATE missing|VALUE_UNIT missing|SAMPLE_UNIT missing|contains no samples|end of file inside a quoted string)' err.txt; then
        fail "cut after byte $n: unexpected message $(cat err.txt)"
    fi
    if [ "$RC" -eq 0 ] && [ $((cuts % 10)) -eq 0 ] && ! gs_ok cut.ps; then
        fail "cut after byte $n: ghostscript rejects cut.ps"
    fi
    cuts=$((cuts + 1))
done
leaks_on
check "more than 50 cut points tried ($cuts)" [ "$cuts" -gt 50 ]

printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "sec' >h1.hp
# The unterminated last line is a profile cut while written: ignored.
refused "cut inside a header string" ': VALUE_UNIT missing$' h1.hp
printf 'JOB "j"\nDATE "d"\nSAMP' >h2.hp
refused "cut inside a header keyword" ': VALUE_UNIT missing$' h2.hp
prof '' h3.hp
refused "a header with no samples" ': contains no samples$' h3.hp
: >h4.hp
refused "an empty file" ': empty file$' h4.hp
prof 'BEGIN_SAMPLE 0\nMAIN 10\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nMAIN 2' h5.hp
draws "cut in the middle of a value (last sample dropped)" h5.hp
prof 'BEGIN_SAMPLE 0\nMAIN 10\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nMAIN 20\n' h6.hp
draws "cut at a line end inside a sample" h6.hp

# ---- 2. one sample, empty samples -------------------------------------------
# One sample is drawn as a flat band across the axis: the picture differs
# from the same sample with no bands.
prof 'BEGIN_SAMPLE 0.5\nMAIN 1000\nEND_SAMPLE 0.5\n' one.hp
prof 'BEGIN_SAMPLE 0.5\nEND_SAMPLE 0.5\n' one-empty.hp
draws "exactly one sample" one.hp
draws "one sample listing no bands" one-empty.hp
"$HP2PS" --format=png --dpi=30 <one.hp >one.png 2>/dev/null
"$HP2PS" --format=png --dpi=30 <one-empty.hp >one-empty.png 2>/dev/null
check "one sample: a band is drawn (differs from no band)" eval '[ -s one.png ] && ! cmp -s one.png one-empty.png'
prof 'BEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\nEND_SAMPLE 2\n' nobands.hp
draws "samples that list no bands at all" nobands.hp
for f in svg pdf png eps; do
    run_hp2ps --format=$f -o "nobands.$f" nobands.hp
    check "no bands, $f: exit 0, silent, output written" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && [ -s nobands.$f ]'
done

# ---- 3. line ends, white space, names ---------------------------------------
prof 'BEGIN_SAMPLE 0\r\nwith space\t 10\r\n\ttab\tinside\t20\r\nEND_SAMPLE 0\r\nBEGIN_SAMPLE 1\r\nwith space 5\r\n\ttab\tinside\t7\r\nEND_SAMPLE 1\r\n' ws.hp
rm -f ws.aux
run_hp2ps ws.hp
check "CRLF, tabs and spaces in names: exit 0" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && gs_ok ws.ps'
check "a name with a space keeps it (.aux)" grep -q '^ORDER with space [0-9]' ws.aux
check "a name with a tab keeps it, without the leading tab (.aux)" grep -qP '^ORDER tab\tinside [0-9]' ws.aux
check "no carriage return in the .aux" eval '! grep -q $'"'\r'"' ws.aux'

if command -v pdftotext >/dev/null 2>&1; then
    # UTF-8 names come out as the same characters; invalid bytes as U+FFFD.
    prof 'BEGIN_SAMPLE 0\ngr\303\266\303\237e 100\n\317\203\317\215\316\275\316\277\316\273\316\277_\346\225\260\346\215\256 200\nbad\316 300\nx\377\376y 400\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\ngr\303\266\303\237e 100\n\317\203\317\215\316\275\316\277\316\273\316\277_\346\225\260\346\215\256 200\nbad\316 300\nx\377\376y 400\nEND_SAMPLE 1\n' utf.hp
    run_hp2ps --format=pdf -o utf.pdf utf.hp
    check "UTF-8 names: exit 0" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
    pdftotext utf.pdf utf.txt 2>/dev/null
    check "UTF-8 name größe drawn as such" grep -q 'größe' utf.txt
    check "UTF-8 name σύνολο_数据 drawn as such" grep -q 'σύνολο_数据' utf.txt
    check "a cut UTF-8 sequence is drawn as U+FFFD" grep -q 'bad�' utf.txt
    check "each invalid byte is one U+FFFD" grep -q 'x��y' utf.txt
    check "the .aux keeps the raw bytes" grep -qa $'^ORDER bad\316 ' utf.aux
    # The .aux read back with -p finds every name, invalid bytes and all.
    run_hp2ps -p utf.hp
    check "-p reads back an .aux with invalid UTF-8 names silently" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
fi

# ---- 4. MARK lines anywhere, unknown lines ----------------------------------
prof 'MARK 0.1\nBEGIN_SAMPLE 0\nMAIN 10\nMARK 0.2\nEND_SAMPLE 0\nMARK 0.5\nBEGIN_SAMPLE 1\nMARK 0.7\nMAIN 20\nEND_SAMPLE 1\nMARK 0.9\n' marks.hp
draws "MARK before, between, inside and after samples" marks.hp
"$HP2PS" <marks.hp >m.ps 2>/dev/null; "$HP2PS" -y <marks.hp >my.ps 2>/dev/null
check "the marks are drawn (-y differs)" eval '! cmp -s m.ps my.ps'
prof 'MARK 0.5\n' markonly.hp
refused "only a MARK" ': contains no samples$' markonly.hp
prof 'MARK 1e400\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n' m1.hp
refused "MARK 1e400" ':5: MARK must be followed by a time' m1.hp
prof 'MARK\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n' m2.hp
refused "MARK with no time" ':5: MARK must be followed by a time' m2.hp
prof 'MARK 99\nBEGIN_SAMPLE 0\nMAIN 1\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nMAIN 1\nEND_SAMPLE 1\n' m3.hp
draws "a MARK far beyond the last sample" m3.hp
prof 'FOO_BAR 1\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n' u1.hp
refused "an unknown line outside a sample" ':5: data line outside a sample' u1.hp
prof 'BEGIN_SAMPLE 0\nFOO_BAR\nEND_SAMPLE 0\n' u2.hp
refused "an unknown word alone inside a sample" ':6: FOO_BAR has no value$' u2.hp
prof 'BEGIN_SAMPLE 0\n# comment 5\nEND_SAMPLE 0\n' u3.hp
draws "an unknown line with a value inside a sample is a band" u3.hp
prof 'BEGIN_SAMPLE 0\nMAIN 5\nBEGIN_SAMPLE 1\n' u4.hp
refused "BEGIN_SAMPLE inside a sample" ':7: BEGIN_SAMPLE inside a sample' u4.hp

# ---- 5. numbers -------------------------------------------------------------
leaks_off
# value | regex of the message (after "stdin:6: "), or - when it is accepted
while IFS='|' read -r v re; do
    [ -n "$v" ] || continue
    prof "BEGIN_SAMPLE 0\nMAIN $v\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nMAIN 1\nEND_SAMPLE 1\n" v.hp
    if [ "$re" = - ]; then draws "value $v" v.hp; else refused "value $v" ":6: $re" v.hp; fi
done <<'EOF'
NaN|value 'NaN' for MAIN is not a whole number$
nan|value 'nan' for MAIN is not a whole number$
inf|value 'inf' for MAIN is not a whole number$
1e400|value '1e400' for MAIN is not a whole number$
1e3|value '1e3' for MAIN is not a whole number$
12abc|value '12abc' for MAIN is not a whole number$
0x10|value '0x10' for MAIN is not a whole number$
1,000|value '1,000' for MAIN is not a whole number$
-0|negative value -0 for MAIN$
-9223372036854775808|negative value -9223372036854775808 for MAIN$
9223372036854775808|value 9223372036854775808 for MAIN is larger than 9223372036854775807$
18446744073709551616|value 18446744073709551616 for MAIN is larger than 9223372036854775807$
99999999999999999999999999999999999999999|value 9+\.\.\. for MAIN is larger than 9223372036854775807$
9223372036854775807|-
+17|-
00000000000000000000000000000000000000000042|-
0|-
EOF
# time | accepted?
while IFS='|' read -r t re; do
    [ -n "$t" ] || continue
    prof "BEGIN_SAMPLE 0\nMAIN 1\nEND_SAMPLE 0\nBEGIN_SAMPLE $t\nMAIN 1\nEND_SAMPLE $t\n" t.hp
    if [ "$re" = - ]; then draws "time $t" t.hp; else refused "time $t" ":8: $re" t.hp; fi
done <<'EOF'
NaN|BEGIN_SAMPLE must be followed by a time .*, not 'NaN'$
inf|BEGIN_SAMPLE must be followed by a time .*, not 'inf'$
1e400|BEGIN_SAMPLE must be followed by a time .*, not '1e400'$
-1|BEGIN_SAMPLE must be followed by a time .*, not '-1'$
0.5s|BEGIN_SAMPLE must be followed by a time .*, not '0.5s'$
0x1p3|BEGIN_SAMPLE must be followed by a time .*, not '0x1p3'$
1,5|BEGIN_SAMPLE must be followed by a time .*, not '1,5'$
1e308|-
1.7976931348623157e308|-
1e-320|-
+3.|-
.5|-
EOF
leaks_on
# Many largest values: the totals saturate, the drawing stays sane.
{ printf "$HDR"; for s in 0 1 2 3; do
    printf 'BEGIN_SAMPLE %d\n' "$s"
    for b in a b c d e f g h; do printf '%s 9223372036854775807\n' "$b"; done
    printf 'END_SAMPLE %d\n' "$s"
  done; } >big.hp
draws "8 bands of 2^63-1 in 4 samples" big.hp
for f in svg pdf png; do
    run_hp2ps --format=$f -o "big.$f" big.hp
    check "8 bands of 2^63-1, $f: exit 0, silent" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && [ -s big.$f ]'
done
# A band whose sum in one sample passes 2^63-1 (a name twice at it) is
# drawn at 2^63-1, and a warning says so: the picture is not the data.
prof "BEGIN_SAMPLE 0\nMAIN 9223372036854775807\nMAIN 9223372036854775807\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\nMAIN 1\nEND_SAMPLE 1\n" sum.hp
rm -f sum.ps
run_hp2ps sum.hp
check "a band's sum past 2^63-1: exit 0, drawn, one warning ($(head -c 200 err.txt))" \
    eval '[ "$RC" -eq 0 ] && [ -s sum.ps ] && [ "$(wc -l <err.txt)" -eq 1 ] &&
          grep -q "^hp2ps: warning: sum.hp: a band.s value in one sample passes 9223372036854775807" err.txt'
# The same in a picture of several profiles (one panel each).
cp sum.hp sum2.hp
rm -f two.ps
run_hp2ps -o two.ps sum.hp sum2.hp
check "a band's sum past 2^63-1, two profiles: exit 0, drawn, one warning for each ($(head -c 200 err.txt))" \
    eval '[ "$RC" -eq 0 ] && [ -s two.ps ] && [ "$(wc -l <err.txt)" -eq 2 ] &&
          grep -q "^hp2ps: warning: sum.hp: a band.s value in one sample passes 9223372036854775807 (2^63-1); it is drawn at that" err.txt &&
          grep -q "^hp2ps: warning: sum2.hp: a band.s value in one sample passes 9223372036854775807 (2^63-1); it is drawn at that" err.txt'
for layout in wide long; do
    for ext in csv json; do
        rm -f "sum.$ext"
        run_hp2ps --export-layout=$layout -o "sum.$ext" sum.hp
        check "a band's sum past 2^63-1, $layout $ext: exit 0, written, one warning ($(head -c 200 err.txt))" \
            eval '[ "$RC" -eq 0 ] && grep -q 9223372036854775807 "sum.$ext" && [ "$(wc -l <err.txt)" -eq 1 ] &&
                  grep -q "^hp2ps: warning: sum.hp: a band.s value in one sample passes 9223372036854775807 (2^63-1); it is written as that" err.txt'
    done
done

# ---- 6. long lines, long names, many names ----------------------------------
long=$(head -c 10240 /dev/zero | tr '\0' n)
{ printf "$HDR"; for s in 0 1; do
    printf 'BEGIN_SAMPLE %d\n' "$s"
    for b in a b c; do printf '%s%s %d\n' "$b" "$long" $((s * 100 + 50)); done
    printf 'END_SAMPLE %d\n' "$s"
  done; } >long.hp
rm -f long.aux long.ps
run_hp2ps long.hp
check "three 10 KB names: exit 0, silent" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
check "10 KB names: ghostscript renders it" gs_ok long.ps
check "10 KB names: the key is shortened (output under 100 KB)" [ "$(wc -c <long.ps)" -lt 100000 ]
check "10 KB names: the .aux keeps them whole" eval '[ "$(grep -c "^ORDER .\{10241\} [0-9]" long.aux)" -eq 3 ]'
run_hp2ps -p long.hp
check "10 KB names: -p reads them back silently" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
run_hp2ps --format=svg -o long.svg long.hp
check "10 KB names: SVG" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && [ "$(wc -c <long.svg)" -lt 1000000 ]'

# Header strings of almost 1 MiB: drawn shortened (measuring such a text
# whole took pango seconds, and units ran off the page; how long it takes
# is bench/'s business, not a test's).
big=$(head -c 1000000 /dev/zero | tr '\0' u)
for k in JOB DATE SAMPLE_UNIT VALUE_UNIT; do
    { printf "$HDR"; printf '%s "%s"\n' "$k" "$big"; printf 'BEGIN_SAMPLE 0\na 5\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 7\nEND_SAMPLE 1\n'; } >hdr.hp
    run_hp2ps -o hdr.pdf hdr.hp
    check "a 1 MB $k: exit 0, silent" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
    if command -v pdftotext >/dev/null 2>&1; then
        pdftotext hdr.pdf hdr.txt 2>/dev/null
        check "a 1 MB $k is drawn shortened (…)" eval 'grep -q "uuu…uuu" hdr.txt && [ "$(wc -c <hdr.txt)" -lt 20000 ]'
    fi
done

# A line of exactly the limit (1 MiB) is read; one byte more is refused.
limit=1048576
{ printf "$HDR"; printf 'BEGIN_SAMPLE 0\n'; head -c $((limit - 2)) /dev/zero | tr '\0' x; printf ' 5\nEND_SAMPLE 0\n'; } >edge1.hp
draws "a 1 MiB line (the limit)" edge1.hp
{ printf "$HDR"; printf 'BEGIN_SAMPLE 0\n'; head -c $((limit - 1)) /dev/zero | tr '\0' x; printf ' 5\nEND_SAMPLE 0\n'; } >edge2.hp
refused "a line of 1 MiB + 1 byte" ':6: line longer than 1048576 bytes$' edge2.hp

# A 64 MB line with no newline, streamed: a clear error, and memory stays
# small (checked by hand with 1 GB: the same message, 7.6 MB peak RSS).
if [ -x /usr/bin/time ]; then
    # peak RSS in kB of hp2ps alone, reading a tiny profile and the 64 MB line
    /usr/bin/time -f '%M' -o rss.txt "$HP2PS" <"$TINY" >/dev/null 2>&1
    base=$(tail -n 1 rss.txt)
    time_it() { /usr/bin/time -f '%M' -o rss.txt "$@"; }
else
    time_it() { "$@"; }
fi
time_it "$HP2PS" < <(printf "$HDR"; printf 'BEGIN_SAMPLE 0\n'; head -c 64M /dev/zero | tr '\0' a) >out.ps 2>err.txt
RC=$?
check "a 64 MB line: exit 1, one line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: stdin:6: line longer than 1048576 bytes$" err.txt'
check "a 64 MB line: nothing on stdout" [ ! -s out.ps ]
# Not under AddressSanitizer: its allocator's memory is not ours, and
# now and then (1 run in 15 on a loaded machine) it holds 34 MB more for
# this run than for the tiny one, while a plain build stays at its 11.5 MB.
if [ -x /usr/bin/time ] && ldd "$HP2PS" 2>/dev/null | grep -q libasan; then
    echo "$TEST_NAME: a 64 MB line: peak RSS not checked (AddressSanitizer build)" >&2
elif [ -x /usr/bin/time ]; then
    big=$(tail -n 1 rss.txt)
    check "a 64 MB line: peak RSS ${big} kB, at most 16 MB above a tiny profile's ${base} kB" \
        [ "$((big - base))" -lt 16384 ]
fi
# Long lines of white space, and a huge number of empty lines, are fine.
{ printf "$HDR"; head -c 1M /dev/zero | tr '\0' '\n'; head -c 512K /dev/zero | tr '\0' ' '; printf '\nBEGIN_SAMPLE 0\nA 1\nEND_SAMPLE 0\n'; } >nl.hp
draws "a million empty lines, then a 512 KB line of spaces" nl.hp

# A million distinct names in one sample: the default draws 19 bands and an
# OTHER (GHC's -m20 rule: 19 + OTHER).  Its time is measured in bench/.
awk 'BEGIN { printf "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0\n";
             for (i = 0; i < 1000000; i++) printf "n%d %d\n", i, i % 1009 + 1;
             print "END_SAMPLE 0" }' >million.hp
rm -f million.ps million.aux
run_hp2ps million.hp
check "a million names: exit 0, silent" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
check "a million names: 19 bands + OTHER in the .aux" eval '[ "$(grep -c "^ORDER " million.aux)" -eq 20 ]'
check "a million names: ghostscript renders it" gs_ok million.ps

# ---- 7. garbage --------------------------------------------------------------
# Random bytes (fixed seeds) after a good header, in the middle of a good
# profile, and alone: exit 0 or one line, never more.
leaks_off
for seed in 1 2 3 4; do
    awk -v seed="$seed" 'BEGIN { srand(seed); for (i = 0; i < 3000; i++) printf "%c", int(rand() * 256) }' >rnd.bin
    { printf "$HDR"; cat rnd.bin; } >g1.hp
    run_hp2ps -o g.ps g1.hp; outcome "header + garbage (seed $seed)"
    { head -n 20 "$TINY"; cat rnd.bin; tail -n +21 "$TINY"; } >g2.hp
    run_hp2ps -o g.ps g2.hp; outcome "garbage inside a profile (seed $seed)"
    run_hp2ps -o g.ps rnd.bin; outcome "garbage alone (seed $seed)"
    # Garbage made of the format's own words.
    awk -v seed="$seed" 'BEGIN { srand(seed); split("JOB DATE SAMPLE_UNIT VALUE_UNIT MARK BEGIN_SAMPLE END_SAMPLE \"x\" \" 0 1.5 -1 1e400 name \t \r", w, " ");
        for (i = 0; i < 400; i++) { printf "%s", w[int(rand() * 18) + 1]; r = rand(); printf (r < 0.3 ? "\n" : r < 0.35 ? "\"" : " ") } }' >g3.hp
    run_hp2ps -o g.ps g3.hp; outcome "keyword salad (seed $seed)"
done
leaks_on
check "no temporary file left by garbage" eval '[ -z "$(ls -A | grep "^\.g\.ps\.")" ]'

# ---- 8. inputs that are not plain files -------------------------------------
rm -rf in && mkdir in && cp "$TINY" in/prog.hp
mkfifo in/fifo.hp
cat "$TINY" >in/fifo.hp &
writer=$!
(cd in && timeout 30 "$HP2PS" fifo.hp >../out.txt 2>../err.txt); RC=$?
kill "$writer" 2>/dev/null; wait "$writer" 2>/dev/null
check "a FIFO as input is read: exit 0" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && gs_ok in/fifo.ps'
if [ "$(id -u)" -ne 0 ]; then
    chmod 000 in/prog.hp
    (cd in && "$HP2PS" prog.hp >../out.txt 2>../err.txt); RC=$?
    chmod 644 in/prog.hp
    check "an unreadable input: exit 1, one 'cannot open' line" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: cannot open prog\.hp: Permission denied$" err.txt'
    check "an unreadable input: nothing written" [ ! -e in/prog.ps ]
else
    echo "$TEST_NAME: running as root: the unreadable-input case is skipped (root reads everything)"
fi
# The input is opened read-only, and only once.
if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
    (cd in && strace -f -e trace=open,openat,creat,truncate -o ../trace.txt "$HP2PS" -p prog.hp >/dev/null 2>&1)
    check "strace: the input is opened" grep -q '"prog\.hp"' trace.txt
    check "strace: the input is opened O_RDONLY only" \
        eval '! grep "\"prog\.hp\"" trace.txt | grep -Eq "O_WRONLY|O_RDWR|O_TRUNC|creat|truncate"'
else
    echo "$TEST_NAME: strace is not usable here: the read-only open is not traced"
fi

# ---- 9. outputs that are not plain files, or cannot be written -------------
rm -rf o && mkdir o && cp "$TINY" o/prog.hp && : >o/afile
(cd o && "$HP2PS" -o afile/x.ps prog.hp >../out.txt 2>../err.txt); RC=$?
check "output under a regular file: exit 1, one line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: cannot create afile/x\.ps: Not a directory$" err.txt'
(cd o && "$HP2PS" -o nosuch/x.ps prog.hp >../out.txt 2>../err.txt); RC=$?
check "output in a missing directory: exit 1, one line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: cannot create nosuch/x\.ps: No such file or directory$" err.txt'
check "unwritable outputs: nothing written" eval '[ "$(ls -A o | tr "\n" " ")" = "afile prog.hp " ]'
# A full disk, written directly (a device is not replaced by a file).
if [ -w /dev/full ]; then
    (cd o && "$HP2PS" --format=ps -o /dev/full prog.hp >../out.txt 2>../err.txt); RC=$?
    check "-o /dev/full: exit 1, one line" eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: " err.txt'
    check "-o /dev/full: /dev/full is still a device" [ -c /dev/full ]
    check "-o /dev/full: no .aux, no temporary file" eval '[ "$(ls -A o | tr "\n" " ")" = "afile prog.hp " ]'
    "$HP2PS" --format=svg <"$TINY" >/dev/full 2>err.txt; RC=$?
    check "SVG to a full stdout: exit 1, one line" eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ]'
fi
(cd o && "$HP2PS" --format=ps -o /dev/null prog.hp >../out.txt 2>../err.txt); RC=$?
check "-o /dev/null: exit 0, /dev/null still a device" eval '[ "$RC" -eq 0 ] && [ -c /dev/null ]'
# -o /dev/stdout on a pipe writes into the pipe.
(cd o && "$HP2PS" --format=ps -o /dev/stdout prog.hp 2>../err.txt | cat >../piped.ps)
check "-o /dev/stdout on a pipe: the drawing arrives" eval 'gs_ok piped.ps && [ ! -s err.txt ]'
# A FIFO is written in place when someone reads it, refused at once when
# no one does (never a hang), and never replaced by a file.
rm -rf f && mkdir f && cp "$TINY" f/prog.hp && mkfifo f/pipe.ps
cat f/pipe.ps >fifo-read.ps &
reader=$!
# until the reader has opened its end (a moment, under load longer)
for _ in $(seq 100); do
    (cd f && timeout 30 "$HP2PS" -o pipe.ps prog.hp >../out.txt 2>../err.txt); RC=$?
    grep -q 'no process is reading it' err.txt || break
    sleep 0.1
done
wait "$reader"
check "-o FIFO with a reader: exit 0" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
check "-o FIFO with a reader: the reader gets the drawing" gs_ok fifo-read.ps
check "-o FIFO: still a FIFO" [ -p f/pipe.ps ]
(cd f && timeout 30 "$HP2PS" -o pipe.ps prog.hp >../out.txt 2>../err.txt); RC=$?
check "-o FIFO with no reader: exit 1 at once, one line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: cannot write pipe\.ps: no process is reading it$" err.txt'
# prog.aux a FIFO: -p reads it (no writer: empty) and writing it is refused.
rm -f f/prog.aux f/prog.ps && mkfifo f/prog.aux
(cd f && timeout 30 "$HP2PS" -p prog.hp >../out.txt 2>../err.txt); RC=$?
check "prog.aux a FIFO with no one at the other end: no hang, exit 1" \
    eval '[ "$RC" -eq 1 ] && grep -q "^hp2ps: cannot write prog\.aux: no process is reading it (--no-aux writes none)$" err.txt'
check "prog.aux a FIFO: no drawing half-committed" [ ! -e f/prog.ps ]
# A character device named as the output stays a device.
if [ "$(id -u)" -eq 0 ] && mknod o/dev.ps c 1 3 2>/dev/null; then
    (cd o && "$HP2PS" -o dev.ps prog.hp >../out.txt 2>../err.txt); RC=$?
    check "-o a device node: exit 0, still a device" eval '[ "$RC" -eq 0 ] && [ -c o/dev.ps ]'
    rm -f o/dev.ps
fi
# A symbolic link is written through: the link stays, its file is replaced.
rm -rf s && mkdir s s/real && cp "$TINY" s/prog.hp && echo old >s/real/target.ps && ln -s real/target.ps s/link.ps
(cd s && "$HP2PS" -o link.ps prog.hp >../out.txt 2>../err.txt); RC=$?
check "-o a symlink: exit 0, the link stays a link" eval '[ "$RC" -eq 0 ] && [ -L s/link.ps ]'
check "-o a symlink: its target holds the drawing" gs_ok s/real/target.ps
check "-o a symlink: no temporary file left" eval '[ "$(ls -A s/real)" = target.ps ]'

# A profile too large to keep in memory goes to a temporary file: a missing
# or full TMPDIR is one clear line, not a crash.  (6,000 samples of 100
# names: about 2 MB of the store's log, twice what it keeps in memory.)
awk 'BEGIN { print "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"s\"\nVALUE_UNIT \"b\"";
             for (s = 0; s < 6000; s++) { print "BEGIN_SAMPLE " s
                 for (i = 0; i < 100; i++) printf "n%d %d\n", i, (i * 7919 + s * 13) % 100003 + 1
                 print "END_SAMPLE " s } }' >spill.hp
TMPDIR=/nonexistent "$HP2PS" <spill.hp >out.ps 2>err.txt; RC=$?
check "TMPDIR missing: exit 1, one line" \
    eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: cannot create a temporary file in /nonexistent: " err.txt'
check "TMPDIR missing: nothing on stdout" [ ! -s out.ps ]
# A full TMPDIR: a small tmpfs, mounted in a user and mount namespace of
# the test's own (no mount on the machine; as any user the kernel lets
# make one), so nothing outside sees it and nothing is left mounted.
mkdir -p small
if unshare -Urm true 2>/dev/null; then
    unshare -Urm sh -c 'mount -t tmpfs -o size=64k tmpfs small &&
        TMPDIR="$PWD/small" exec "$1" <spill.hp >out.ps 2>err.txt' sh "$HP2PS"; RC=$?
    check "TMPDIR full: exit 1, one line" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: cannot write a temporary file in TMPDIR=$PWD/small: No space left on device$" err.txt'
else
    echo "$TEST_NAME: no user namespace here (unshare -Urm): the full-TMPDIR case is skipped"
fi
draws "the same profile with a working TMPDIR" spill.hp

# ---- 10. broken .aux files (-p) ---------------------------------------------
# reuse.sh covers missing, junk, binary and foreign .aux files; here: an
# .aux cut at every line end and in the middle of every other line, and odd
# numbers.  Each is read or refused with one warning, and the graph drawn.
rm -rf a && mkdir a && cp "$TINY" a/prog.hp
(cd a && "$HP2PS" prog.hp) && cp a/prog.aux good.aux
asize=$(wc -c <good.aux)
aoffs=$(awk '{ s = o; o += length($0) + 1; if (NR % 2) print s + int(length($0) / 2); print o }' good.aux | sort -nu)
for n in $aoffs; do
    [ "$n" -lt "$asize" ] || continue
    head -c "$n" good.aux >a/prog.aux
    (cd a && "$HP2PS" -p prog.hp >../out.txt 2>../err.txt); RC=$?
    if noisy err.txt || [ "$RC" -ne 0 ] || [ "$(wc -l <err.txt)" -gt 1 ] ||
        { [ -s err.txt ] && ! grep -Eq '^hp2ps: warning: .*prog\.aux.*(drawing without it|ignoring it)$' err.txt; } ||
        ! gs_ok a/prog.ps; then
        fail ".aux cut after byte $n: exit $RC, stderr: $(head -c 300 err.txt)"
    else
        pass
    fi
done
# line | regex of the warning (- when it is read silently)
while IFS='|' read -r line re; do
    [ -n "$line" ] || continue
    printf '%b\n' "$line" >a/prog.aux
    (cd a && "$HP2PS" -p prog.hp >../out.txt 2>../err.txt); RC=$?
    if [ "$re" = - ]; then
        check ".aux '$line': read silently" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ] && gs_ok a/prog.ps'
    else
        check ".aux '$line': one warning /$re/, drawn" \
            eval '[ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq "^hp2ps: warning: prog\.aux:1: $re" err.txt && gs_ok a/prog.ps'
    fi
done <<'EOF'
X_RANGE nan|X_RANGE must be followed by a non-negative number
X_RANGE 1e400|X_RANGE must be followed by a non-negative number
Y_RANGE -5|Y_RANGE must be followed by a non-negative number
X_RANGE 1e308\nY_RANGE 1e308|-
SHADE (146)PINNED nan|SHADE must be followed by a name and a non-negative number
ORDER (146)PINNED 99999999999999999999999|ORDER must be followed by a name and a whole number
ORDER (146)PINNED -3\nSHADE (146)PINNED 0.5|-
SHADE (146)PINNED 7.25|-
EOF

# ---- 11. markup and PostScript in names, in every format --------------------
# errors.sh checks the PostScript; here the SVG is well-formed XML that
# rsvg renders, holds no raw markup from a name, and the PDF's text reads
# back as the names.
NAMES=(') show (x) showpage (' '</text><script>alert(1)</script>' ']]>' '<!--' '&amp;' '"quoted"' "'single'" '<?xml?>' '\\\\')
{ printf 'JOB "</title><script>x</script>"\nDATE "]]><!-- &"\nSAMPLE_UNIT "<s>"\nVALUE_UNIT "bytes"\n'
  for t in 0 1 2; do
      printf 'BEGIN_SAMPLE %d\n' "$t"
      i=0; for nm in "${NAMES[@]}"; do i=$((i + 1)); printf '%s\t%d\n' "$nm" $(( (i * 5 + t) % 9 * 1000 + 1000 )); done
      printf 'END_SAMPLE %d\n' "$t"
  done; } >inj.hp
run_hp2ps --format=svg -o inj.svg inj.hp
check "injection, SVG: exit 0, silent" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
if command -v xmllint >/dev/null 2>&1; then
    check "injection, SVG: well-formed XML" xmllint --noout inj.svg
fi
check "injection, SVG: no <script> element" eval '! grep -qi "<script" inj.svg'
check "injection, SVG: no raw ]]> or <!-- from a name" eval '! grep -q "]]>" inj.svg && ! grep -q "<!--" inj.svg'
check "injection, SVG: no <?xml in the body" [ "$(grep -c '<?xml' inj.svg)" -le 1 ]
if command -v rsvg-convert >/dev/null 2>&1; then
    check "injection, SVG: rsvg-convert renders it" eval 'rsvg-convert -o inj-svg.png inj.svg 2>/dev/null && [ -s inj-svg.png ]'
fi
run_hp2ps -o inj.ps inj.hp
check "injection, PS: ghostscript renders it" gs_ok inj.ps
check "injection, PS: one showpage per page" \
    [ "$(grep -c '^showpage$' inj.ps)" -eq "$(grep -c '^%%Page:' inj.ps)" ]
if command -v pdftotext >/dev/null 2>&1; then
    run_hp2ps -o inj.pdf inj.hp
    pdftotext inj.pdf inj.txt 2>/dev/null
    check "injection, PDF: the names read back as text" \
        eval 'grep -qF "</text><script>alert(1)</script>" inj.txt && grep -qF ") show (x) showpage (" inj.txt'
fi

# ---- 12. fuzzer findings ------------------------------------------------------
# Each NAME.hp in tests/data/regress is an input the fuzzer (fuzz/,
# fuzz/fuzz.sh) once broke hp2ps with; NAME.args holds its flags and
# NAME.aux the .aux it read with -p; NAME.hp2 and NAME.hp3 are the other
# profiles of several (FILE FILE...) or --diff.  Each must draw or fail with
# one line; under the ASan build this also catches the memory errors they
# caused.
nreg=0
for hp in "$REGRESS"/*.hp; do
    [ -e "$hp" ] || continue
    name=$(basename "$hp" .hp)
    rm -rf r && mkdir r && cp "$hp" r/in.hp
    args=()
    [ -f "$REGRESS/$name.args" ] && read -r -a args <"$REGRESS/$name.args"
    if [ -f "$REGRESS/$name.aux" ]; then cp "$REGRESS/$name.aux" r/in.aux; args+=(-p); fi
    inputs=(in.hp)
    for k in 2 3; do
        if [ -f "$REGRESS/$name.hp$k" ]; then cp "$REGRESS/$name.hp$k" "r/in$k.hp"; inputs+=("in$k.hp"); fi
    done
    (cd r && timeout 20 "$HP2PS" "${args[@]}" "${inputs[@]}" >../out.txt 2>../err.txt); RC=$?
    if noisy err.txt || [ "$RC" -gt 1 ] || [ "$(wc -l <err.txt)" -gt 1 ] ||
        { [ "$RC" -eq 1 ] && ! grep -q '^hp2ps: ' err.txt; } ||
        { [ "$RC" -eq 0 ] && [ -s err.txt ] && ! grep -q '^hp2ps: warning: ' err.txt; }; then
        fail "regress/$name ${args[*]} ${inputs[*]}: exit $RC, stderr: $(head -c 400 err.txt)"
    else
        pass
    fi
    nreg=$((nreg + 1))
done
check "fuzzer findings replayed: $nreg" [ "$nreg" -gt 0 ]

finish

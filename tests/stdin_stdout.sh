#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# stdin_stdout.sh: standard input to standard output, and profiles cut off while
# they were written.  `hp2ps < prog.hp > prog.ps` must work and write no
# .aux; a profile cut after any line, or in the middle of one, must draw its
# complete samples (exit 0) once it has one, and fail with one line before.
. "$(dirname "$0")/lib.sh"
need gs

TINY=$TESTDATA/tiny-hc.hp
BIG=$TESTDATA/leakmean-hc.hp
WORKERS=$(nproc 2>/dev/null || echo 2)
[ "$WORKERS" -ge 2 ] || WORKERS=2
[ "$WORKERS" -le 4 ] || WORKERS=4

gs_ok() { gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage "$@" >/dev/null 2>&1; }
is_ps() { head -n 1 "$1" | grep -q '^%!PS-Adobe-3.0' && [ "$(tail -n 1 "$1")" = "%%EOF" ]; }

# gs_all WHAT FILE...: ghostscript accepts every FILE.  One gs run for all,
# then one per file to name the bad ones if that fails.
gs_all() {
    local what=$1; shift
    [ $# -gt 0 ] || { fail "$what: no files"; return; }
    if gs_ok "$@"; then
        pass
    else
        local f bad=
        for f in "$@"; do gs_ok "$f" || bad="$bad $(basename "$f")"; done
        fail "$what: ghostscript rejects${bad:- the files together}"
    fi
}

# ---- filter mode ----
mkdir f && cp "$TINY" f/prog.hp
(cd f && "$HP2PS" <prog.hp >out.ps 2>../err.txt); RC=$?
check "hp2ps < prog.hp > out.ps exits 0" [ "$RC" -eq 0 ]
check "filter mode writes nothing on stderr" [ ! -s err.txt ]
check "filter output is PostScript" is_ps f/out.ps
check "ghostscript renders the filter output" gs_ok f/out.ps
check "filter mode writes no .aux (or any other file)" eval '[ "$(ls -A f | tr "\n" " ")" = "out.ps prog.hp " ]'
(cd f && "$HP2PS" - <prog.hp >dash.ps 2>/dev/null)
check "'hp2ps -' reads standard input" cmp -s f/out.ps f/dash.ps
cat "$TINY" | "$HP2PS" >pipe.ps 2>/dev/null
check "a pipe works as a file does" cmp -s f/out.ps pipe.ps
# Input that arrives in pieces, split in the middle of lines.
"$HP2PS" <"$BIG" >big.ps 2>/dev/null
for off in 1 7 4999 12345; do
    { head -c "$off" "$BIG"; sleep 0.05; tail -c +$((off + 1)) "$BIG"; } | "$HP2PS" >slow.ps 2>/dev/null
    check "leakmean-hc arriving in two pieces (split at byte $off)" eval '[ -s big.ps ] && cmp -s big.ps slow.ps'
done

# Filter output equals file output, for the same profile and flags.
cp "$TINY" tiny-hc.hp && cp "$BIG" leakmean-hc.hp
for p in tiny-hc leakmean-hc; do
    for flags in "" "-c" "-e8in" "-M -d" "-g -y" "-i- -t0" "-m3 -b"; do
        rm -f "$p.ps"
        # shellcheck disable=SC2086
        "$HP2PS" $flags "$p.hp" 2>/dev/null
        "$HP2PS" $flags <"$p.hp" >stdout.ps 2>/dev/null
        check "$p $flags: filter output equals $p.ps" eval '[ -s "$p.ps" ] && cmp -s "$p.ps" stdout.ps'
    done
done

# ---- cutting a profile ----
# A plan has one line per cut, "N REF KEEP": cut with `head -KIND N`; REF 0
# means it must fail (exit 1, one line matching $CUT_RE, no output), REF -1
# that it must draw (exit 0, no message, PostScript), REF > 0 that it must
# draw exactly ref/REF.ps (the drawing of lines 1..REF) or, cut inside a
# sample, ref/REF-open.ps (the same, with the note that says so).  KEEP 1 keeps the
# output as DIR/N.ps for ghostscript.  run_plan KIND FILE DIR WHAT runs the
# cuts of DIR/plan WORKERS at a time and counts one check per cut.
cut_one() {
    local kind=$1 file=$2 dir=$3 what=$4 n=$5 ref=$6 keep=$7 w=$8
    local o=$dir/w$w.ps e=$dir/w$w.err rc msgs first last
    [ "$keep" -eq 0 ] || o=$dir/$n.ps
    head "-$kind" "$n" "$file" | "$HP2PS" >"$o" 2>"$e"
    rc=$?
    mapfile -t msgs <"$e"
    if [ "$ref" -eq 0 ]; then
        if [ "$rc" -eq 1 ] && [ "${#msgs[@]}" -eq 1 ] && [[ ${msgs[0]} =~ $CUT_RE ]] && [ ! -s "$o" ]; then
            echo ok
        else
            echo "FAIL: $what $n: exit $rc, stderr: ${msgs[*]:0:3}, $(wc -c <"$o") bytes out (wanted exit 1, /$CUT_RE/, no output)"
        fi
    else
        read -r first <"$o"
        last=$(tail -c 6 "$o")
        if [ "$rc" -ne 0 ] || [ "${#msgs[@]}" -ne 0 ] || [[ $first != '%!PS-Adobe-3.0'* ]] || [ "$last" != '%%EOF' ]; then
            echo "FAIL: $what $n: exit $rc, stderr: ${msgs[*]:0:3} (wanted exit 0, no message, PostScript)"
        elif [ "$ref" -gt 0 ] && ! cmp -s "$o" "ref/$ref.ps" && ! cmp -s "$o" "ref/$ref-open.ps"; then
            echo "FAIL: $what $n: differs from the drawing of lines 1-$ref (its complete samples)"
        else
            echo ok
        fi
    fi
}
run_plan() {
    local kind=$1 file=$2 dir=$3 what=$4 w
    for w in $(seq 0 $((WORKERS - 1))); do
        awk -v w="$w" -v k="$WORKERS" '(NR - 1) % k == w' "$dir/plan" |
        while read -r n ref keep; do
            cut_one "$kind" "$file" "$dir" "$what" "$n" "$ref" "$keep" "$w"
        done >"$dir/verdicts.$w" &
    done
    wait
    local v ran=0
    while read -r v; do
        ran=$((ran + 1))
        if [ "$v" = ok ]; then pass; else fail "${v#FAIL: }"; fi
    done < <(cat "$dir"/verdicts.*)
    check "$what: every cut ran ($ran of $(wc -l <"$dir/plan"))" [ "$ran" -eq "$(wc -l <"$dir/plan")" ]
}

# ends_offsets FILE: for each END_SAMPLE line, "LINE BYTES" where BYTES is
# how many bytes of FILE hold everything up to the end of that keyword.
ends_offsets() {
    LC_ALL=C awk '{ if ($0 ~ /^END_SAMPLE/) print NR, off + 10; off += length($0) + 1 }' "$1"
}
# plan COLUMN N...: "N REF 1" lines, REF the END_SAMPLE line of the last
# sample complete in the first N lines (COLUMN 1) or bytes (COLUMN 2).
plan() {
    local col=$1; shift
    printf '%s\n' "$@" | awk -v c="$col" '
        NR == FNR { e[NR] = $1; b[NR] = $c; ne = NR; next }
        { r = 0; for (i = 1; i <= ne; i++) if (b[i] <= $1) r = e[i]; print $1, r, 1 }' ends.txt -
}

# ---- tiny-hc: cut after every line and every 7th byte ----
lines=$(wc -l <"$TINY")
bytes=$(wc -c <"$TINY")
ends_offsets "$TINY" >ends.txt
first_end=$(head -n 1 ends.txt | cut -d' ' -f1)
first_end_byte=$(head -n 1 ends.txt | cut -d' ' -f2)
check "tiny-hc has samples" [ -n "$first_end" ]
# The drawing of the complete samples up to each END_SAMPLE, and of the
# same cut inside the next sample (with the next BEGIN_SAMPLE line: the
# same samples, and a note under the title that the profile was cut).
mkdir ref
while read -r line _; do
    head -n "$line" "$TINY" | "$HP2PS" >"ref/$line.ps" 2>/dev/null
    awk -v n="$line" 'NR <= n || (/^BEGIN_SAMPLE/ && !open++)' "$TINY" |
        "$HP2PS" >"ref/$line-open.ps" 2>/dev/null
done <ends.txt
check "the whole of tiny-hc draws as its last complete sample says" \
    cmp -s "ref/$(tail -n 1 ends.txt | cut -d' ' -f1).ps" f/out.ps

# Before the first END_SAMPLE line, the message names what is missing.
CUT_RE='^hp2ps: stdin: (empty file|JOB missing|DATE missing|SAMPLE_UNIT missing|VALUE_UNIT missing|contains no samples)$'
mkdir tn && plan 1 $(seq 0 "$lines") >tn/plan
run_plan n "$TINY" tn "tiny-hc head -n"
mapfile -t ok_files < <(awk '$2 > 0 { print "tn/" $1 ".ps" }' tn/plan)
gs_all "tiny-hc, every line cut" "${ok_files[@]}"
for n in 0 1 4; do "$HP2PS" < <(head -n "$n" "$TINY") 2>"h$n.err" >/dev/null; done
check "head -n 0: empty file" grep -qx 'hp2ps: stdin: empty file' h0.err
check "head -n 1: DATE missing" grep -qx 'hp2ps: stdin: DATE missing' h1.err
check "head -n 4: contains no samples" grep -qx 'hp2ps: stdin: contains no samples' h4.err

# Byte cuts: every 7th byte, and every byte around the first END_SAMPLE.
# A cut line may hold anything, so a failure may name a line.
CUT_RE='^hp2ps: stdin(:[0-9]+)?: '
mkdir tc
# shellcheck disable=SC2046
plan 2 $( { seq 0 7 "$bytes"; seq $((first_end_byte - 14)) $((first_end_byte + 6)); echo "$bytes"; } | sort -nu) >tc/plan
run_plan c "$TINY" tc "tiny-hc head -c"
mapfile -t ok_files < <(awk '$2 > 0 { print "tc/" $1 ".ps" }' tc/plan)
gs_all "tiny-hc, byte cuts" "${ok_files[@]}"

# ---- leakmean-hc: cut after every line ----
lines=$(wc -l <"$BIG")
first_end=$(ends_offsets "$BIG" | head -n 1 | cut -d' ' -f1)
CUT_RE='^hp2ps: stdin: (empty file|JOB missing|DATE missing|SAMPLE_UNIT missing|VALUE_UNIT missing|contains no samples)$'
mkdir bn
seq 1 "$lines" | awk -v e="$first_end" -v last="$lines" '
    { keep = ($1 >= e && ($1 % 25 == 0 || $1 == e || $1 == last)) ? 1 : 0
      print $1, ($1 >= e ? -1 : 0), keep }' >bn/plan
run_plan n "$BIG" bn "leakmean-hc head -n"
mapfile -t ok_files < <(awk '$3 == 1 { print "bn/" $1 ".ps" }' bn/plan)
gs_all "leakmean-hc, every 25th line cut" "${ok_files[@]}"
cmp -s "bn/$lines.ps" <("$HP2PS" <"$BIG" 2>/dev/null)
check "leakmean-hc cut after its last line draws it whole" [ $? -eq 0 ]

finish

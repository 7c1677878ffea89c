#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# notes.sh: what only stderr said is drawn where the user looks (issue
# 41).  A run killed before its end, the share of an -hi heap in info
# tables with no IPE entry, stack names cut at the RTS's -L or at the
# eventlog's 255 frames, a .hp cut inside a sample: each is a line under
# the title in every drawing format (PDF and PostScript read back as
# text) and a "notes" entry in the JSON export.  A share is never
# rounded to 100 % or 0 % when it is not (the warning, the note, the
# key).
GEN="python3 $(cd "$(dirname "$0")" && pwd)/elgen.py"
. "$(dirname "$0")/lib.sh"
need gs python3 pdftotext

EL=$TESTDATA/eventlog
all() { eval "$1"; }
export TZ=UTC0 SOURCE_DATE_EPOCH=0

# The words of FILE's drawing (PDF or PostScript), one line.
words() {
    case $1 in
    *.pdf) pdftotext "$1" - 2>/dev/null ;;
    *) # (a PostScript page is turned: pdftotext reads it the right way)
       gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=ps.pdf "$1" 2>/dev/null
       pdftotext ps.pdf - 2>/dev/null ;;
    esac | tr -s ' \n' '  '
}
has() { words "$1" | grep -qF -- "$2"; }

# ---- 1. each fact, in the PDF, the PostScript, the EPS and the JSON -------
$GEN make deep deep.eventlog
head -c 9000 "$TESTDATA/leakmean-hc.hp" >cut.hp
cp "$EL/newer-hT-killed-flush.eventlog" killed.eventlog
cp "$EL/newer-hi.eventlog" hi.eventlog
cp "$EL/tiny-hc.eventlog" cut-L.eventlog
while IFS='|' read -r input fact; do
    [ "$input" = deep.eventlog ] && more=--full-stacks || more=
    for f in pdf ps eps; do
        [ "$f" = eps ] && flag=-e6in || flag=
        "$HP2PS" $more $flag -o "n.$f" "$input" 2>/dev/null
        check "$input: -o n.$f says \"$fact\"" has "n.$f" "$fact"
    done
    "$HP2PS" $more -o n.json "$input" 2>/dev/null
    check "$input: the JSON export's notes say \"$fact\"" \
        python3 -c 'import json,sys; sys.exit(0 if any(sys.argv[1] in n for n in json.load(open("n.json")).get("notes", [])) else 1)' "$fact"
done <<'EOF'
killed.eventlog|Cut short: the log ends without its end marker
killed.eventlog|at 3.77632 s
hi.eventlog|73 % of the heap over the run is in 56 of 83 info tables with no IPE entry
hi.eventlog|(0xa6b110 holds the most)
cut-L.eventlog|Stack names cut at 25 bytes, the RTS's default -L
deep.eventlog|stacks are 255 deep, the most an eventlog keeps
cut.hp|ends inside a sample (the program was killed
EOF

# -L given: no warning (the run asked for it), but the drawing says it.
"$HP2PS" -o l.pdf deep.eventlog 2>err.txt
check "the run's own -L: no warning, and the drawing says it" \
    all '[ ! -s err.txt ] && has l.pdf "Stack names cut at 40 bytes, as the run'"'"'s -L40"'

# A whole profile has none.
"$HP2PS" -o whole.pdf "$TESTDATA/leakmean-hc.hp" 2>/dev/null
"$HP2PS" -o whole.json "$TESTDATA/leakmean-hc.hp" 2>/dev/null
check "a whole profile has no notes" all '! words whole.pdf | grep -q "Cut short\|names cut\|IPE entry"'
check "nor does its JSON" all '! grep -q "\"notes\"" whole.json'

# ---- 2. 99.84 % is not 100 % ------------------------------------------------
$GEN make hi-unnamed unnamed.eventlog
"$HP2PS" -t0 -o u.pdf unnamed.eventlog 2>err.txt
check "the warning says 99.8 %, not 100 %" \
    all 'grep -q "(99.8 % of the heap" err.txt && ! grep -q "100 %" err.txt'
check "the note says 99.8 %" has u.pdf "99.8 % of the heap over the run"
check "the key says 99.8%, not 100%" all 'has u.pdf "99.8% 0x4c0000" && ! has u.pdf "100%"'
check "and the small band 0.2%" has u.pdf "0.2% thunk"

# ---- 3. a profiled run's live bytes over the profile's total --------------
# (wordfreq -hr, GHC 9.0.2's profiled RTS): the note's range is the 10th
# to 90th percentile of live bytes in force over each census's total, as
# the exported columns give them; the legend says it too.
R2=$EL/wordfreq-hr-R2.eventlog
"$HP2PS" --heap -m0 -t0 -o r2.csv "$R2" 2>/dev/null
"$HP2PS" --heap -o r2.json "$R2" 2>/dev/null
"$HP2PS" --heap -o r2.pdf "$R2" 2>/dev/null
cat >ratio.py <<'PY'
import csv, json, math, re, sys
rows = list(csv.reader(open("r2.csv")))
live = rows[0].index("RTS live bytes")
bands = [i for i, h in enumerate(rows[0]) if i and not h.startswith("RTS ")]
r = sorted(int(x[live]) / t for x in rows[1:]
           for t in [sum(int(x[i] or 0) for i in bands)] if t > 0 and x[live])
lo, hi = r[math.ceil(len(r) * 0.1) - 1], r[math.ceil(len(r) * 0.9) - 1]
note = [n for n in json.load(open("r2.json"))["notes"] if n.startswith("Live bytes")][0]
a, b = (float(x) for x in re.match(r"Live bytes are ([\d.]+)\u2013([\d.]+)\u00d7", note).groups())
print("censuses %d: %.3f-%.3f; the note: %s" % (len(r), lo, hi, note))
ok = abs(a - lo) <= 0.011 * lo + 0.05 and abs(b - hi) <= 0.011 * hi + 0.05 and 1.2 < a < b < 2
sys.exit(0 if ok else 1)
PY
check "live bytes over the profile's total: the note's range is the censuses' own" python3 ratio.py
check "the PDF says it under the title and in the legend" \
    all 'has r2.pdf "profiled run'"'"'s RTS counts each closure'"'"'s profiling header" && has r2.pdf "live bytes (1.3"'
"$HP2PS" --heap -o plain.json "$EL/newer-hT-heap.eventlog" 2>/dev/null
check "a run that is not profiled: no such note" all '! grep -q "Live bytes" plain.json'

# ---- 4. several profiles: each panel its own notes ---------------------------
"$HP2PS" -o two.pdf killed.eventlog hi.eventlog 2>/dev/null
check "two panels: the killed run's note and the -hi share" \
    all 'has two.pdf "Cut short: the log ends" && has two.pdf "73 % of the heap"'

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# newline.sh: band names with newlines in them, end to end.  The RTS
# writes a name raw, so a cost centre label with a newline puts the first
# part of the name on a line of its own, without a value, and the rest
# with the value on the next.  Such a profile draws (the key shows a mark
# for each line break), exports the exact names to CSV and JSON, writes an
# .aux that -p reads back, and reads the same with CRLF line ends; a line
# that only lost its value (value-missing.hp) is still an error.
. "$(dirname "$0")/lib.sh"
need pdftotext python3

NL=$'\n'
MARK=$'\xe2\x86\xb5' # U+21B5, the key's mark for a line break
# tiny-hc.hp with its biggest cost centre renamed to a label with one
# newline, and one more band whose label has two (one line of it empty).
awk 'BEGIN { s = 0 }
     /^BEGIN_SAMPLE/ { s++ }
     /^\(291\)/ { sub(/^\(291\)squares\/main\.s\/main\/M\.\.\./, "(291)squares\nfor n in/main") }
     /^MAIN\t/ && s > 2 { print "(300)two\n\nbreaks\t" (s * 100000) }
     { print }' "$TESTDATA/tiny-hc.hp" >nl.hp
A="(291)squares${NL}for n in/main"
B="(300)two${NL}${NL}breaks"
check "the profile has the first part of a name alone on its line" grep -qx '(291)squares' nl.hp

# ---- it draws ----
run_hp2ps -c nl.hp -o nl.pdf
check "nl.hp draws: exit 0, nothing on stderr (stderr: $(head -c 200 err.txt))" \
    eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
pdftotext nl.pdf nl.txt
check "the key shows the name with a mark for its line break" \
    grep -Eq "\(291\)squares ?${MARK} ?for n in/main" nl.txt
check "... and two marks for two line breaks" grep -Eq "\(300\)two ?${MARK} *${MARK} ?breaks" nl.txt
check "no replacement character in the drawing" eval '! grep -q $'"'"'\xef\xbf\xbd'"'"' nl.txt'
run_hp2ps nl.hp
check "nl.hp draws to PostScript" eval '[ "$RC" -eq 0 ] && [ -s nl.ps ] && [ ! -s err.txt ]'

# ---- CSV and JSON: the exact names, and the values of the .hp ----
run_hp2ps -t0 -m0 nl.hp -o nl.csv
check "-o nl.csv exits 0" [ "$RC" -eq 0 ]
cat >names.py <<'PY'
import csv, json, sys
kind, path = sys.argv[1], sys.argv[2]
if kind == "csv":
    rows = list(csv.reader(open(path, newline="", encoding="utf-8")))
    names, values = rows[0][1:], [[int(v) for v in r[1:]] for r in rows[1:]]
else:
    doc = json.load(open(path, encoding="utf-8"))
    names, values = doc["bands"], [s["values"] for s in doc["samples"]]
for i, n in enumerate(names):
    print(repr(n), sum(v[i] for v in values))
PY
python3 names.py csv nl.csv >csv-names.txt
python3 names.py json <("$HP2PS" -t0 -m0 --format=json -o - nl.hp) >json-names.txt
a_total=$(awk '/^for n in\/main\t/ { s += $NF } END { print s }' nl.hp)
b_total=$(awk '/^breaks\t/ { s += $NF } END { print s }' nl.hp)
check "CSV: the name with one newline, exact, with its values ($a_total)" \
    grep -qxF "'(291)squares\\nfor n in/main' $a_total" csv-names.txt
check "CSV: the name with two newlines, exact ($b_total)" \
    grep -qxF "'(300)two\\n\\nbreaks' $b_total" csv-names.txt
check "CSV: 11 bands" [ "$(wc -l <csv-names.txt)" -eq 11 ]
check "JSON: the same names and totals as the CSV" cmp -s csv-names.txt json-names.txt
check "JSON: the newline as \\n" grep -qF '"(291)squares\nfor n in/main"' \
    <("$HP2PS" -t0 -m0 --format=json -o - nl.hp)

# ---- CRLF line ends: the same profile ----
sed 's/$/\r/' nl.hp >crlf.hp
run_hp2ps -t0 -m0 crlf.hp -o crlf.csv
check "CRLF: exit 0" [ "$RC" -eq 0 ]
check "CRLF: the same CSV, names without CR" cmp -s nl.csv crlf.csv

# ---- the .aux: written over several lines, read back by -p ----
rm -f nl.aux
run_hp2ps -c nl.hp
check "the .aux has the name over two lines" \
    eval 'grep -qx "ORDER (291)squares" nl.aux && grep -Eqx "for n in/main [0-9]+" nl.aux'
cp nl.ps first.ps
run_hp2ps -c -p nl.hp
check "-p reads the .aux back: exit 0, no warning" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
check "-p on an unchanged profile draws the same" cmp -s nl.ps first.ps
# Give the newline band the bottom place: -p must find it by its name.
python3 - nl.aux <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
text = text.replace("ORDER (291)squares\nfor n in/main ", "ORDER (291)squares\nfor n in/main -")
open(sys.argv[1], "w", encoding="utf-8").write(text)
PY
check "the .aux was edited" grep -Eqx "for n in/main -[0-9]+" nl.aux
run_hp2ps -c -p nl.hp -o moved.pdf
check "-p with the edited .aux: exit 0, no warning" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
pdftotext -layout moved.pdf moved.txt
last=$(grep -E '%' moved.txt | tail -n 1)
check "-p puts the newline band at the bottom of the key ($last)" \
    eval 'case "$last" in *"(291)squares"*) true ;; *) false ;; esac'

# ---- a line that only lost its value is still an error ----
cp "$TESTDATA/edge/value-missing.hp" value-missing.hp
expect_error 1 '^hp2ps: value-missing\.hp:12: MAIN has no value$' value-missing.hp
# ... and so is a first part that no line completes.
head -n 12 "$TESTDATA/tiny-hc.hp" >open.hp
printf 'foo\nEND_SAMPLE 0.016462\n' >>open.hp
expect_error 1 '^hp2ps: open\.hp:13: foo has no value$' open.hp

finish

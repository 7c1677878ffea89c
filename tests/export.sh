#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# export.sh: -o FILE.csv, -o FILE.json and --format=csv|json end to end.
# The numbers are checked against sums awk takes over the .hp file itself;
# names with commas ("(,)", "->(#,#)") must come back through a CSV reader;
# the JSON must parse and agree with the CSV; no .aux is written; an error
# leaves the previous file as it was.
. "$(dirname "$0")/lib.sh"
need python3

cp "$TESTDATA/leakmean-hy.hp" prog.hp

# Per name, the total over completed samples of prog.hp: "NAME<TAB>TOTAL".
# The value is the last field; the name is the rest of the line.
awk '/^BEGIN_SAMPLE/ { in_s = 1; next }
     /^END_SAMPLE/   { in_s = 0; next }
     in_s { v = $NF; n = $0; sub(/[ \t]+[^ \t]+$/, "", n); t[n] += v }
     END { for (n in t) printf "%s\t%.0f\n", n, t[n] }' prog.hp | LC_ALL=C sort >hp-totals.txt
# Sample times as written (BEGIN_SAMPLE), as numbers.
awk '/^BEGIN_SAMPLE/ { printf "%.9g\n", $2 }' prog.hp >hp-times.txt

# The header of a CSV file, one name a line, through Python's CSV reader
# (RFC 4180 quoting), the "time" column left out.
csv_names() {
    python3 -c 'import csv,sys; h = next(csv.reader(open(sys.argv[1], newline=""))); print("\n".join(h[1:]))' "$1"
}
# Per column (after time), the sum of the data rows.  Data rows are numbers
# only, so a plain split on commas is right for them.
csv_sums() { awk -F, 'NR > 1 { for (i = 2; i <= NF; i++) s[i] += $i; n = NF }
                      END { for (i = 2; i <= n; i++) printf "%.0f\n", s[i] }' "$1"; }
# Per data row, the sum of all its band columns.
row_sums() { awk -F, 'NR > 1 { s = 0; for (i = 2; i <= NF; i++) s += $i; printf "%.0f\n", s }' "$1"; }

# ---- every name, exact: -t0 -m0 ----
run_hp2ps -t0 -m0 prog.hp -o all.csv
check "-o all.csv exits 0 (stderr: $(head -c 200 err.txt))" [ "$RC" -eq 0 ]
check "-o all.csv writes no .aux" [ ! -e prog.aux ]
check "export says nothing on stderr" [ ! -s err.txt ]
check "the header starts with time" [ "$(head -c 5 all.csv)" = "time," ]
check "one row per sample" [ "$(($(wc -l <all.csv) - 1))" -eq "$(grep -c '^BEGIN_SAMPLE' prog.hp)" ]
check "every data row has one field per column" \
    awk -F, -v n="$(head -n 1 all.csv | python3 -c 'import csv,sys; print(len(next(csv.reader(sys.stdin))))')" \
    'NR > 1 && NF != n { bad = 1 } END { exit bad }' all.csv
check "names with commas are quoted" grep -q '"(,)"' <(head -n 1 all.csv)
paste <(csv_names all.csv) <(csv_sums all.csv) | LC_ALL=C sort >csv-totals.txt
check "column sums = the .hp's totals per name, every name once" cmp -s csv-totals.txt hp-totals.txt
check "times are the samples' times" cmp -s <(awk -F, 'NR > 1 { printf "%.9g\n", $1 }' all.csv) hp-times.txt
# The columns are the key's order: biggest total on top, so first.
first=$(csv_names all.csv | head -n 1)
biggest=$(sort -t "$(printf '\t')" -k2,2nr hp-totals.txt | head -n 1 | cut -f1)
check "first column is the biggest band ($first = $biggest)" [ "$first" = "$biggest" ]

# ---- JSON agrees with the CSV and the header ----
run_hp2ps -t0 -m0 prog.hp -o all.json
check "-o all.json exits 0" [ "$RC" -eq 0 ]
check "-o all.json writes no .aux" [ ! -e prog.aux ]
check "the JSON parses and matches the CSV and the .hp header" python3 - all.json all.csv <<'EOF'
import csv, json, sys
d = json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2], newline="")))
assert d["job"] == "leakmean +RTS -hy -i0.01", d["job"]
assert d["date"] == "Mon Nov 23 09:16 2026" and d["sample_unit"] == "seconds"
assert d["value_unit"] == "bytes"
assert d["bands"] == rows[0][1:]
assert len(d["samples"]) == len(rows) - 1
for s, r in zip(d["samples"], rows[1:]):
    assert s["time"] == float(r[0]), (s, r)
    assert s["values"] == [int(x) for x in r[1:]], (s, r)
EOF

# ---- the band limit: OTHER gathers the rest, nothing lost with -t0 ----
run_hp2ps -t0 -m5 prog.hp -o m5.csv
check "-m5: 5 columns, the last OTHER" [ "$(csv_names m5.csv | tr '\n' ' ')" = "$(csv_names all.csv | head -n 4 | tr '\n' ' ')OTHER " ]
check "-m5: every row's total is the same as with -m0" cmp -s <(row_sums m5.csv) <(row_sums all.csv)

# ---- the drawing's bands: the default -t1 -m20, the .aux order reversed ----
run_hp2ps prog.hp -o prog.ps
awk '$1 == "ORDER" { $1 = ""; $NF = ""; sub(/^ /, ""); sub(/ $/, ""); print }' prog.aux |
    tac >aux-order.txt
rm -f prog.aux
run_hp2ps prog.hp -o default.csv
check "default bands = the drawing's, top first" cmp -s <(csv_names default.csv) aux-order.txt
check "trace elimination dropped some names" \
    [ "$(csv_names default.csv | wc -l)" -lt "$(csv_names all.csv | wc -l)" ]
run_hp2ps -m0 -i prog.hp -o byname.csv
check "-i: name order, greatest on top" cmp -s <(csv_names byname.csv) <(csv_names byname.csv | LC_ALL=C sort -r)

# ---- --format, stdout, stdin, the default name ----
run_hp2ps -t0 -m0 --format=csv -o - prog.hp
check "--format=csv -o - writes the CSV to stdout" cmp -s out.txt all.csv
"$HP2PS" -t0 -m0 --format=json <prog.hp >stdin.json 2>err.txt
check "--format=json from stdin to stdout" cmp -s stdin.json all.json
mkdir named && (cd named && "$HP2PS" -t0 -m0 --format=csv ../prog.hp 2>/dev/null)
check "--format=csv without -o writes prog.csv (and no .aux)" \
    [ "$(ls -A named | tr '\n' ' ')" = "prog.csv " ]
check "... the same CSV" cmp -s named/prog.csv all.csv
run_hp2ps -t0 -m0 prog.hp -o UPPER.CSV
check "-o UPPER.CSV is CSV" cmp -s UPPER.CSV all.csv

# ---- errors ----
expect_error 2 'format=xls: unknown format.*csv, json' --format=xls prog.hp
expect_error 2 'x\.xls: cannot tell the format.*\.csv or \.json' -o x.xls prog.hp
printf 'old\n' >keep.csv
printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "s"\nVALUE_UNIT "b"\nBEGIN_SAMPLE 0\nx 1\nEND_SAMPLE 0\n' >bad.hp
printf 'BEGIN_SAMPLE 1\nx -1\nEND_SAMPLE 1\n' >>bad.hp
expect_error 1 '^hp2ps: bad\.hp:9: negative value' bad.hp -o keep.csv
check "a failed export leaves the old file" [ "$(cat keep.csv)" = old ]
check "... and no temporary file" [ -z "$(ls -A | grep '^\.keep\.csv\.')" ]
check "... and no .aux" [ ! -e bad.aux ]
if [ -w /dev/full ]; then
    expect_error 1 'cannot write /dev/full: No space left' --format=csv -o /dev/full prog.hp
    "$HP2PS" --format=json -o - prog.hp >/dev/full 2>err.txt; RC=$?
    check "a full stdout is exit 1, one line (got $RC: $(cat err.txt))" \
        eval '[ "$RC" -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "standard output: No space" err.txt'
fi
mkdir dir.csv
expect_error 1 'dir\.csv: it is a directory' prog.hp -o dir.csv

finish

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

# A CSV text cell that a spreadsheet would take for a formula (it begins
# with = + - @, a tab or CR: -hy's "->Bool" does) is written with a ' in
# front; this reader takes it off again, as the man page tells a script to.
cat >hp2ps_csv.py <<'PY'
import csv
def unformula(c):
    return c[1:] if c[:1] == "'" and c[1:2] in ("=", "+", "-", "@", "\t", "\r") and c[1:2] else c
def reader(f):
    for row in csv.reader(f):
        yield [unformula(c) for c in row]
PY

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
    python3 -c 'import sys,hp2ps_csv; h = next(hp2ps_csv.reader(open(sys.argv[1], newline=""))); print("\n".join(h[1:]))' "$1"
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
first=$(csv_names all.csv | sed -n 1p)
biggest=$(sort -t "$(printf '\t')" -k2,2nr hp-totals.txt | head -n 1 | cut -f1)
check "first column is the biggest band ($first = $biggest)" [ "$first" = "$biggest" ]

# ---- JSON agrees with the CSV and the header ----
run_hp2ps -t0 -m0 prog.hp -o all.json
check "-o all.json exits 0" [ "$RC" -eq 0 ]
check "-o all.json writes no .aux" [ ! -e prog.aux ]
check "the JSON parses and matches the CSV and the .hp header" python3 - all.json all.csv <<'EOF'
import csv, json, sys, hp2ps_csv
d = json.load(open(sys.argv[1]))
rows = list(hp2ps_csv.reader(open(sys.argv[2], newline="")))
assert d["job"] == "leakmean +RTS -hy -i0.01", d["job"]
assert d["date"] == "Mon Nov 23 09:16 2026" and d["sample_unit"] == "seconds"
assert d["value_unit"] == "bytes"
assert d["format"] == {"name": "hp2ps", "version": 1, "layout": "wide"}, d["format"]
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

# ---- --export-layout: long and wide hold the same numbers ----
run_hp2ps -t0 -m0 --export-layout=long prog.hp -o long.csv
check "--export-layout=long exits 0, silent" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
check "long CSV: header time,band,value" [ "$(head -n 1 long.csv)" = "time,band,value" ]
run_hp2ps -t0 -m0 --export-layout=wide prog.hp -o wide.csv
check "--export-layout=wide is the default here (prog.hp is dense)" cmp -s wide.csv all.csv
run_hp2ps -t0 -m0 --export-layout=long prog.hp -o long.json
run_hp2ps -t0 -m0 --export-layout=wide prog.hp -o wide.json
check "--export-layout=wide JSON is the default JSON" cmp -s wide.json all.json
check "long = wide, value for value; long JSON = long CSV; totals = the .hp's" \
    python3 - long.csv all.csv long.json all.json hp-totals.txt <<'EOF'
import csv, json, sys, hp2ps_csv
lrows = list(hp2ps_csv.reader(open(sys.argv[1], newline="")))
wrows = list(hp2ps_csv.reader(open(sys.argv[2], newline="")))
assert lrows[0] == ["time", "band", "value"]
names = wrows[0][1:]
# wide without its zeros, in row then column order, is long exactly
want = [[r[0], names[c], v] for r in wrows[1:] for c, v in enumerate(r[1:]) if v != "0"]
assert lrows[1:] == want, (lrows[1:5], want[:5])
assert all(int(v) > 0 for _, _, v in lrows[1:])
lj, wj = json.load(open(sys.argv[3])), json.load(open(sys.argv[4]))
assert lj["format"]["layout"] == "long" and wj["format"]["layout"] == "wide", (lj["format"], wj["format"])
assert "samples" not in lj and "values" not in wj
for k in ("job", "date", "sample_unit", "value_unit", "bands"):
    assert lj[k] == wj[k], k
assert [[v["time"], v["band"], v["value"]] for v in lj["values"]] == \
    [[float(t), b, int(v)] for t, b, v in lrows[1:]]
tot = {}
for _, b, v in lrows[1:]:
    tot[b] = tot.get(b, 0) + int(v)
hp = dict(l.rstrip("\n").split("\t") for l in open(sys.argv[5]))
assert {b: str(v) for b, v in tot.items()} == {b: v for b, v in hp.items() if v != "0"}
EOF
run_hp2ps -t0 -m5 --export-layout=long prog.hp -o long5.csv
check "long -m5: wide -m5's values, OTHER included" python3 - long5.csv m5.csv <<'EOF'
import csv, sys, hp2ps_csv
l = list(hp2ps_csv.reader(open(sys.argv[1], newline="")))
w = list(hp2ps_csv.reader(open(sys.argv[2], newline="")))
assert w[0][-1] == "OTHER" and any(b == "OTHER" for _, b, _ in l[1:])
assert l[1:] == [[r[0], w[0][1 + c], v] for r in w[1:] for c, v in enumerate(r[1:]) if v != "0"]
EOF
expect_error 2 '^hp2ps: --export-layout is for an export' --export-layout=long prog.hp -o x.pdf
expect_error 2 '^hp2ps: --export-layout=tall: use one of wide, long or bands' --export-layout=tall prog.hp -o x.csv

# ---- the default: long where wide would be far larger ----
# 20,000 names, each alive in one of 20,000 samples: wide would be 20,000 x
# 20,001 cells (800 MB); long is a row per data point.
awk 'BEGIN { print "JOB \"sparse\""; print "DATE \"d\""; print "SAMPLE_UNIT \"seconds\"";
             print "VALUE_UNIT \"bytes\""
             for (k = 0; k < 20000; k++) {
                 printf "BEGIN_SAMPLE %d\nc%d/go,x\t%d\nEND_SAMPLE %d\n", k, k, k % 97 + 1, k
             } }' >sparse.hp
run_hp2ps -t0 -m0 sparse.hp -o sparse.csv
check "sparse profile: exit 0, silent" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
check "sparse profile: long by default" [ "$(head -n 1 sparse.csv)" = "time,band,value" ]
check "sparse profile: a row per data point, no larger than the profile" \
    eval '[ "$(wc -l <sparse.csv)" -eq 20001 ] && [ "$(wc -c <sparse.csv)" -lt "$(wc -c <sparse.hp)" ]'
check "sparse profile: every row is its sample's name and value" \
    awk -F, 'NR > 1 { k = NR - 2; if ($1 != k || $2 != "\"c" k "/go" || $3 != "x\"" || $4 != k % 97 + 1) bad = 1 }
             END { exit bad }' sparse.csv
run_hp2ps -t0 -m0 sparse.hp -o sparse.json
check "sparse profile: long JSON by default, the CSV's rows" python3 - sparse.json sparse.csv <<'EOF'
import csv, json, sys, hp2ps_csv
d = json.load(open(sys.argv[1]))
rows = list(hp2ps_csv.reader(open(sys.argv[2], newline="")))[1:]
assert "samples" not in d and len(d["bands"]) == 20000
assert [[v["time"], v["band"], v["value"]] for v in d["values"]] == \
    [[float(t), b, int(v)] for t, b, v in rows]
EOF
# The same profile, wide when asked, for its first samples only (--to): 200
# samples of 200 names, 1 in 200 cells: still long by default, and wide
# holds the same numbers.
run_hp2ps -t0 -m0 --to=199 sparse.hp -o part.csv
run_hp2ps -t0 -m0 --to=199 --export-layout=wide sparse.hp -o partw.csv
check "a window of 200 samples and 200 names: long by default, = its wide" \
    python3 - part.csv partw.csv <<'EOF'
import csv, sys, hp2ps_csv
l = list(hp2ps_csv.reader(open(sys.argv[1], newline="")))
w = list(hp2ps_csv.reader(open(sys.argv[2], newline="")))
assert l[0] == ["time", "band", "value"] and len(w) == 201 and len(w[0]) == 201
assert l[1:] == [[r[0], w[0][1 + c], v] for r in w[1:] for c, v in enumerate(r[1:]) if v != "0"]
EOF
# With -m20 (the default) the same profile has 21 bands, OTHER alive in
# every sample: dense, so wide.
run_hp2ps sparse.hp -o sparse20.csv
check "the default -m20 on the sparse profile: wide (OTHER in every sample)" \
    eval '[ "$(head -c 5 sparse20.csv)" = "time," ] && [ "$(wc -l <sparse20.csv)" -eq 20001 ]'

# ---- a tab in a name (issue 31) ----
# The RTS writes a name raw, so a tab can be in it: the CSV and JSON give
# it back exactly (no U+FFFD), and the drawing shows a mark for it, never
# the broken-bytes glyph and never a plain space ("go left" is another name).
printf 'JOB "t"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >tab.hp
for k in 0 1 2; do
    printf 'BEGIN_SAMPLE %d\n(1)go\tleft/main\t100\n(2)go left/main\t200\n(3)x\001y\t50\nEND_SAMPLE %d\n' "$k" "$k" >>tab.hp
done
run_hp2ps tab.hp -o tab.csv
run_hp2ps tab.hp -o tab.json
check "a tab in a name: CSV and JSON carry the names exactly as read" python3 - tab.csv tab.json <<'EOF2'
import csv, json, sys, hp2ps_csv
want = {"(1)go\tleft/main", "(2)go left/main", "(3)x\x01y"}
h = next(hp2ps_csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
j = json.load(open(sys.argv[2], encoding="utf-8"))
assert set(h[1:]) == want, h
assert set(j["bands"]) == want, j["bands"]
EOF2
if command -v pdftotext >/dev/null 2>&1; then
    run_hp2ps tab.hp -o tab.pdf
    pdftotext -enc UTF-8 tab.pdf tab.txt
    check "a tab in a name is drawn as a mark, not U+FFFD" \
        eval 'grep -q "go ⇥ left/main" tab.txt && ! grep "left/main" tab.txt | grep -q "$(printf "\357\277\275")"'
    check "... and the name with a space stays a space" grep -q "go left/main" tab.txt
fi

# ---- text a spreadsheet would evaluate -------------------------------------
# A name (or, with --export-layout=bands, an IPE field) that begins with
# = + - @ is a formula to a spreadsheet, even quoted: =HYPERLINK(...) from
# a profile someone sent.  Each such cell starts with a ' (shown as text,
# not evaluated), in every layout; JSON keeps the name as it is.
printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "s"\nVALUE_UNIT "b"\nBEGIN_SAMPLE 0\n' >formula.hp
printf '=HYPERLINK("http://x","y") 5\n+1+2 4\n-3 3\n@SUM(A1) 2\nplain=1 1\n=a,b 6\nEND_SAMPLE 0\n' >>formula.hp
for layout in wide long bands; do
    run_hp2ps -t0 --export-layout=$layout formula.hp -o formula-$layout.csv
    check "--export-layout=$layout: every formula cell starts with ' ($(tr '\n' '|' <formula-$layout.csv | head -c 300))" \
        python3 - formula-$layout.csv <<'PY'
import csv, sys
cells = [c for row in csv.reader(open(sys.argv[1], newline="")) for c in row]
text = [c for c in cells if not c.replace(".", "").isdigit()]
assert not [c for c in text if c[:1] in "=+-@"], text
for want in ("'=HYPERLINK(\"http://x\",\"y\")", "'+1+2", "'-3", "'@SUM(A1)", "plain=1", "'=a,b"):
    assert want in cells, (want, cells)
PY
done
check "... and the file holds the quoted one as RFC 4180 says" grep -q "^\"'=a,b\"," formula-bands.csv
run_hp2ps -t0 formula.hp -o formula.json
check "JSON keeps the names as they are" python3 -c 'import json,sys; b = json.load(open("formula.json"))["bands"]; assert "=HYPERLINK(\"http://x\",\"y\")" in b and "-3" in b, b'
for layout in wide long bands; do
    run_hp2ps -t0 --export-layout=$layout formula.hp -o formula-$layout.json
    check "JSON --export-layout=$layout says \"layout\": \"$layout\"" \
        python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); assert d["format"]["layout"] == sys.argv[2], d["format"]; assert ("totals" in d) == (sys.argv[2] == "bands")' formula-$layout.json $layout
done

# ---- errors ----
expect_error 2 'format=xls: unknown format.*csv, json' --format=xls prog.hp
expect_error 2 'x\.xls: cannot tell the format.*\.csv, \.json or \.folded' -o x.xls prog.hp
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

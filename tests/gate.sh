#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# gate.sh: the heap budget gate (--check, --check-file, --baseline) on
# real GHC profiles (tests/data/slowleak: a Data.Map leaking 0.5 MB
# beside a flat 60 MB buffer, its fixed build, a recompile; a GHC 9.10
# -hT eventlog with its heap events; killed runs).
#  1. every kind of budget at its exact value (tests/tools/gate_expect.py,
#     straight from the profile), just under it and just over: exit 0, 3, 0;
#  2. the baseline: the leak fails against a fixed build whose total
#     peak is higher, naming the map's band; a recompile passes;
#  3. a cut .hp and a killed eventlog exit 1 and say why (--allow-partial
#     measures them);
#  4. the messages: one line per failure, one summary line for a pass;
#     usage errors (exit 2) name the budget;
#  5. the reports: JUnit against tests/junit.xsd and read back, the
#     annotation lines' format, the Markdown table and the JSON read back.
TESTS=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/lib.sh"
need python3 xmllint

TOOLS=$TESTS/tools
SL=$TESTDATA/slowleak
EL=$TESTDATA/eventlog-ghc-9.10
LEAK=$SL/leak-hc.hp
EXPECT="python3 $TOOLS/gate_expect.py"
all() { eval "$1"; }

# ---- 1. each kind of budget: at, just under, just over ----------------------
# Integers (bytes): the limit at the value passes, one byte less fails, one
# more passes.  For a slope the value is hp2ps's own double (its JSON),
# checked against the script's to 1e-9, and the doubles either side.
at_under_over() { # PROFILE SPEC
    local profile=$1 spec=$2 v t per=
    read -r v t < <($EXPECT "$profile" "$spec")
    case $spec in slope*) per=/s ;; esac
    case $v in
    *.*|*e*)
        rm -f m.json
        run_hp2ps --report json:m.json --check "$spec<=1$per" "$profile"
        local c
        c=$(python3 -c 'import json,sys; print(repr(json.load(open("m.json"))["checks"][0]["measured"]))')
        check "$spec: hp2ps measures $c, the script $v" \
            python3 -c "import sys; c,v=$c,$v; sys.exit(abs(c-v) > 1e-9*abs(v))"
        local lo hi
        lo=$(python3 -c "import math; print(repr(math.nextafter($c, -math.inf)))")
        hi=$(python3 -c "import math; print(repr(math.nextafter($c, math.inf)))")
        run_hp2ps --check "$spec<=$c$per" "$profile"
        check "$spec<=$c$per (exactly at it) passes: exit $RC" [ "$RC" -eq 0 ]
        run_hp2ps --check "$spec<=$lo$per" "$profile"
        check "$spec<=$lo$per (just under it) fails: exit $RC" [ "$RC" -eq 3 ]
        run_hp2ps --check "$spec<=$hi$per" "$profile"
        check "$spec<=$hi$per (just over it) passes: exit $RC" [ "$RC" -eq 0 ]
        ;;
    *)
        run_hp2ps --check "$spec<=$v" "$profile"
        check "$spec<=$v (exactly at it) passes: exit $RC, $(cat out.txt)" \
            all '[ "$RC" -eq 0 ] && grep -q "^within budget" out.txt && [ "$(wc -l <out.txt)" -eq 1 ]'
        run_hp2ps --check "$spec<=$((v - 1))" "$profile"
        check "$spec<=$((v - 1)) (a byte under it) fails: exit $RC" [ "$RC" -eq 3 ]
        check "$spec: the failure's line names it, what it measured and when" \
            grep -Fq "FAIL $spec<=$((v - 1)): " out.txt
        run_hp2ps --check "$spec<=$((v + 1))" "$profile"
        check "$spec<=$((v + 1)) (a byte over it) passes: exit $RC" [ "$RC" -eq 0 ]
        ;;
    esac
}
for spec in peak end 'peak(grow)' 'end(^grow\.keys)' 'change@50%..' 'change(spike)@..2' \
            'peak(spike)@1.5..2.5s' 'slope' 'slope(grow)@1..3' 'mean' 'mean(grow)@25%..75%'; do
    at_under_over "$LEAK" "$spec"
done
for spec in heap:peak heap:end live:peak live:end; do
    at_under_over "$EL/newer-hT.eventlog" "$spec"
done

# The figures of a failure: 62250216 bytes at 1.87555 s (leak-hc's peak).
run_hp2ps --check 'peak<=60MB' "$LEAK"
check "peak<=60MB: 'FAIL peak<=60MB: 62.25 MB at 1.876 s > 60 MB allowed (over by 2.25 MB); ...'" \
    grep -Fq 'FAIL peak<=60MB: 62.25 MB at 1.876 s > 60 MB allowed (over by 2.25 MB); ' out.txt
# Four figures would read 62.25 MB > 62.25 MB: the bytes are written.
run_hp2ps --check 'peak<=62250215' "$LEAK"
check "a byte over shows in bytes: $(head -1 out.txt)" \
    grep -Fq '62250216 B at 1.876 s > 62250215 B allowed (over by 1 B)' out.txt

# The bands named with a failure: triage's ranking over the budget's
# window (a peak: up to the peak, where the released spike is held).
check "peak<=60MB names the spike first, then the map's two bands" \
    grep -Fq '; grew most: spike/main.loop.xs/ma... +1.996 MB, grow.\/grow/main.loop... +202 kB, grow.keys/grow/main.l... +50.43 kB' out.txt
run_hp2ps --check 'end(grow)<=100kB' "$LEAK"
check "end(grow)<=100kB names the map's bands, nothing it does not match" \
    all 'grep -Fq "; 3 names match; grew most: grow.\/grow/main.loop... +408.8 kB, grow.keys/grow/main.l... +102.1 kB" out.txt && ! grep -q "main +" out.txt'

# ---- 2. against a baseline ----------------------------------------------------
# leak-hc's total peak (62.25 MB) is under fixed-hc-spike4's (64 MB); the
# map grew from 1392 bytes to 408816 (300x): it fails, by name.
read -r base_peak _ < <($EXPECT "$SL/fixed-hc-spike4.hp" peak)
read -r leak_peak _ < <($EXPECT "$LEAK" peak)
check "the fixture holds: the leak's total peak ($leak_peak) is under the baseline's ($base_peak)" \
    [ "$leak_peak" -lt "$base_peak" ]
run_hp2ps --baseline "$SL/fixed-hc-spike4.hp" --report json:b.json "$LEAK"
check "leak-hc.hp against fixed-hc-spike4.hp: exit 3 ($RC)" [ "$RC" -eq 3 ]
check "the first failure names the map's band" \
    all 'head -1 out.txt | grep -Fq "FAIL end(grow.\\/grow/main.loop...) against"'
check "the total's peak passes, the map's end and mean fail (JSON)" python3 - <<'PY'
import json, sys
d = json.load(open("b.json"))
c = {x["name"]: x for x in d["checks"]}
ok = c["peak"]["pass"] and c["peak"]["measured"] == 62250216 and c["peak"]["baseline_value"] == 64000008
ok &= not c["mean(grow.\\/grow/main.loop...)"]["pass"]
m = c["end(grow.\\/grow/main.loop...)"]
ok &= not m["pass"] and m["measured"] == 408816 and m["baseline_value"] == 1392 and not m["new_band"]
ok &= d["baseline"]["floor"] == 64000  # 0.1% of 64000008, rounded down
ok &= m["allowed"] == 1392 + 64000
sys.exit(not ok)
PY
run_hp2ps --baseline "$SL/fixed-hc-spike4.hp" --tolerance 0 --floor 0 "$LEAK"
check "with no tolerance the total's end fails, naming what grew since the baseline" \
    grep -Fq 'fixed-hc-spike4.hp: 60.51 MB at 3.704 s > 60 MB allowed (over by 508.8 kB), baseline 60 MB + 0%; grew most since the baseline: grow.\/grow/main.loop... +407.4 kB, grow.keys/grow/main.l... +101.8 kB, main +552 B' out.txt
run_hp2ps --baseline "$SL/fixed-hc-spike4.hp" --floor 500kB "$LEAK"
check "a floor of 500 kB lets the map's 407 kB through: exit $RC" [ "$RC" -eq 0 ]
run_hp2ps --baseline "$SL/fixed-hc-spike4.hp" --floor 407424 "$LEAK"
check "a floor of exactly its growth (407424 B) passes: exit $RC" [ "$RC" -eq 0 ]
run_hp2ps --baseline "$SL/fixed-hc-spike4.hp" --floor 407423 "$LEAK"
check "a byte less fails: exit $RC" [ "$RC" -eq 3 ]

# A recompile: every "(N)" moved by one, the same program: it passes, and
# the bands paired (none new but PINNED and the CAFs the build added).
run_hp2ps --baseline "$LEAK" --report json:r.json "$SL/extra-hc.hp"
check "extra-hc.hp (a recompile) against leak-hc.hp passes: exit $RC, $(cat out.txt)" \
    all '[ "$RC" -eq 0 ] && [ "$(wc -l <out.txt)" -eq 1 ] && grep -q "^within budget: " out.txt'
check "the recompile's map paired with the leak's, not new" python3 - <<'PY'
import json, sys
c = {x["name"]: x for x in json.load(open("r.json"))["checks"]}
m = c["end(grow.\\/grow/main.loop...)"]
sys.exit(m["new_band"] or m["baseline_value"] != 408816 or m["measured"] != 409840)
PY
run_hp2ps --baseline "$SL/extra-hc.hp" "$LEAK"
check "and the other way round: exit $RC" [ "$RC" -eq 0 ]
run_hp2ps --baseline "$SL/fixed-hc.hp" "$SL/fixed-hc-spike4.hp"
check "a spike that doubled (2 to 4 MB) fails against the tolerance: exit $RC" \
    all '[ "$RC" -eq 3 ] && grep -Fq "FAIL mean(spike/main.loop.xs/ma...) against" out.txt'
run_hp2ps --baseline "$SL/fixed-hc.hp" --tolerance 120% "$SL/fixed-hc-spike4.hp"
check "... and passes under --tolerance 120%: exit $RC" [ "$RC" -eq 0 ]

run_hp2ps --baseline "$SL/leak-hy.hp" "$LEAK"
check "a baseline of another breakdown: a warning says so ($(cat err.txt))" \
    all '[ "$RC" -eq 3 ] && grep -q "^hp2ps: warning: .*leak-hc.hp is a -hc profile and its baseline .*leak-hy.hp a -hy one" err.txt'
run_hp2ps --baseline "$SL/extra-hc.hp" "$LEAK"
check "and none for the same breakdown" [ ! -s err.txt ]

# ---- 3. cut and killed profiles ---------------------------------------------
head -n 400 "$LEAK" >cut.hp
awk '{print} /^END_SAMPLE/ && ++n == 50 {exit}' "$LEAK" >cut-at-sample.hp
for f in cut.hp cut-at-sample.hp; do
    expect_error 1 "^hp2ps: $f: not measured: .*(cut|killed).*--allow-partial" --check 'peak<=100MB' "$f"
done
expect_error 1 "newer-hT-killed-flush.eventlog: not measured: the eventlog ends without its end marker" \
    --check 'peak<=1GB' "$EL/newer-hT-killed-flush.eventlog"
expect_error 1 "newer-hT-killed.eventlog: no complete heap census" \
    --check 'peak<=1GB' "$EL/newer-hT-killed.eventlog"
expect_error 1 "not measured: .*cut" --baseline cut.hp "$LEAK"
run_hp2ps --allow-partial --check 'peak<=1GB' cut-at-sample.hp
check "--allow-partial measures a cut .hp, and says so: exit $RC" \
    all '[ "$RC" -eq 0 ] && grep -q "cut or killed, measured as it is" out.txt'
run_hp2ps --allow-partial --check 'peak<=100MB' "$EL/newer-hT-killed-flush.eventlog"
check "--allow-partial measures a killed eventlog: exit $RC" [ "$RC" -eq 3 ]
printf 'JOB "x"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\n' >hb-crash.hp
expect_error 1 "hb-crash.hp: not measured: no census holds anything" --check 'peak<=1MB' hb-crash.hp
printf 'JOB "x"\nDATE ""\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 1\na 0\nEND_SAMPLE 1\nBEGIN_SAMPLE 2\nEND_SAMPLE 2\n' >zeros.hp
expect_error 1 "zeros.hp: not measured: no census holds anything" --check 'peak<=1MB' zeros.hp
expect_error 1 "leak-hc.hp: 'heap:peak<=1GB': no heap size events" --check 'heap:peak<=1GB' "$LEAK"
expect_error 1 "no census in its window" --check 'peak@10..20<=1GB' "$LEAK"

# ---- 4. usage -------------------------------------------------------------
for bad in 'peak<60MB' 'peak>=1' 'top<=1MB' 'peak<=60XB' 'slope<=1MB' 'peak<=1MB/s' \
           'peak(<=1MB' 'peak([)<=1MB' 'peak@3..1<=1MB' 'peak@..200%<=1MB' 'heap:peak(x)<=1MB' \
           'heap:slope<=1kB/s' 'live:peak@1..<=1MB' 'end<=-1' 'peak @x<=1'; do
    expect_error 2 "^hp2ps: --check '$(printf '%s' "$bad" | sed 's/[][()\\.*^$+?{}|]/\\&/g')': " \
        --check "$bad" "$LEAK"
done
expect_error 2 "--tolerance compares with a baseline" --tolerance 5% --check 'peak<=1GB' "$LEAK"
expect_error 2 "--report=xml: use junit" --report xml --check 'peak<=1GB' "$LEAK"
expect_error 2 "--report=junit: name the file" --report junit --check 'peak<=1GB' "$LEAK"
expect_error 2 "--report is for the gate" --report github "$LEAK"
expect_error 2 "the gate measures one profile" --check 'peak<=1GB' "$LEAK" "$LEAK"
printf '# budgets\n\npeak<=100MB   # the whole heap\n  end <= 70 MB\r\npeak(#?grow)<=1MB#at most\nslope<=1MB\n' >bad-budgets
expect_error 2 "^hp2ps: bad-budgets:6: 'slope<=1MB': a slope's limit is a rate" --check-file bad-budgets "$LEAK"
expect_error 2 "--check-file=missing: cannot open it" --check-file missing "$LEAK"
head -n 5 bad-budgets >budgets
run_hp2ps --check-file budgets "$LEAK"
check "--check-file: comments, blanks, spaces and CRLF; 3 budgets pass: $(cat out.txt)" \
    all '[ "$RC" -eq 0 ] && grep -q "passes 3 checks" out.txt'

# ---- 5. the reports -----------------------------------------------------------
run_hp2ps --baseline "$SL/fixed-hc-spike4.hp" --check 'peak<=100MB' --check 'end(grow)<=100kB' \
    --report junit:g.xml --report markdown:g.md --report json:g.json --report github:g.gh "$LEAK"
check "four reports, exit 3" all '[ "$RC" -eq 3 ] && [ -s g.xml ] && [ -s g.md ] && [ -s g.json ] && [ -s g.gh ]'
check "the JUnit report validates against tests/junit.xsd" \
    all 'xmllint --noout --schema "$TESTS/junit.xsd" g.xml 2>/dev/null'
check "the JUnit report read back: a test case per check, the failures' texts the lines" python3 - <<'PY'
import json, sys, xml.etree.ElementTree as ET
d = json.load(open("g.json"))
lines = [l[5:] for l in open("out.txt").read().splitlines() if l.startswith("FAIL ")]
root = ET.parse("g.xml").getroot()
suite = root.find("testsuite")
cases = suite.findall("testcase")
ok = int(root.get("tests")) == len(cases) == len(d["checks"]) == d["checks_total"]
ok &= int(suite.get("failures")) == d["checks_failed"] == len(lines) == sum(1 for c in cases if c.find("failure") is not None)
for c, j in zip(cases, d["checks"]):
    f = c.find("failure")
    ok &= c.get("name") == j["name"] and (f is None) == j["pass"]
    if f is not None:
        ok &= f.text == f.get("message") == j["message"] and j["message"] in lines
ok &= [c.get("classname") for c in cases[:2]] == ["heap.budget"] * 2
ok &= {c.get("classname") for c in cases[2:]} == {"heap.baseline"}
sys.exit(not ok)
PY
check "the annotation lines: ::error per failure, then the verdict" python3 - <<'PY'
import re, sys
lines = open("g.gh").read().split("\n")
ok = lines[-1] == "" and all(re.fullmatch(r"::(error|notice) title=hp2ps heap budget::[^\r\n]*", l) for l in lines[:-1])
fails = [l[5:] for l in open("out.txt").read().splitlines() if l.startswith("FAIL ")]
ok &= [l.split("::", 2)[2] for l in lines[:-2]] == fails
ok &= lines[-2].startswith("::error title=hp2ps heap budget::over budget: ") and "10%25" in lines[-2]
sys.exit(not ok)
PY
check "the Markdown table read back: its rows are the JSON's checks" python3 - <<'PY'
import json, re, sys
d = json.load(open("g.json"))
rows = [l for l in open("g.md").read().splitlines() if l.startswith("| ")]
def cells(l):
    parts = re.split(r"(?<!\\)\|", l)[1:-1]
    return [re.sub(r"\\(.)", r"\1", p.strip()) for p in parts]
head, rows = cells(rows[0]), [cells(r) for r in rows[1:]]
ok = head == ["result", "check", "measured", "allowed", "when", "against", "grew most"]
table = [r for r in rows if len(r) == 7]
shown = [c for c in d["checks"] if c["kind"] != "baseline band" or not c["pass"]]
ok &= [r[1] for r in table] == [c["name"] for c in shown]
ok &= all((r[0] == "pass") == c["pass"] for r, c in zip(table, shown))
ok &= table[0][2] == "62.25 MB" and table[0][3] == "100 MB" and table[0][4] == "at 1.876 s"
more = len(d["checks"]) - len(shown)
ok &= ("%d more band checks within the baseline." % more) in open("g.md").read()
sys.exit(not ok)
PY
check "the JSON: format, version and the verdict" python3 - <<'PY'
import json, sys
d = json.load(open("g.json"))
sys.exit(not (d["format"] == {"name": "hp2ps", "version": 1, "layout": "gate"} and d["verdict"] == "over budget"
              and d["profile"].endswith("leak-hc.hp") and d["value_unit"] == "bytes"))
PY
run_hp2ps --check 'peak<=100MB' --report github "$LEAK"
check "--report github alone goes to standard output, the lines to stderr" \
    all '[ "$RC" -eq 0 ] && grep -q "^::notice title=hp2ps heap budget::within budget" out.txt && grep -q "^hp2ps: within budget" err.txt'
run_hp2ps --check 'peak<=100MB' --report junit:ro/g.xml "$LEAK"
check "a report that cannot be written: exit 1 ($RC)" [ "$RC" -eq 1 ]
check "no .ps, no .aux by default" all '[ ! -e leak-hc.ps ] && [ ! -e leak-hc.aux ]'

# ---- 6. the drawing: each budget a line, the baseline's total beside it ------
run_hp2ps --check 'peak<=50MB' --check 'end<=76MB' --baseline "$SL/fixed-hc-spike4.hp" \
    -e9in -o fit.pdf "$LEAK"
check "-o fit.pdf with the gate: exit 3, the drawing written" all '[ "$RC" -eq 3 ] && [ -s fit.pdf ]'
check "no .aux beside it" all '[ ! -e fit.aux ] && [ ! -e leak-hc.aux ]'
if command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null; then
    pdftotext fit.pdf fit.txt
    check "the lines' labels: the failing budget says so, the passing one, the baseline's" \
        all 'grep -q "peak<=50MB: over" fit.txt && grep -q "end<=76MB" fit.txt && grep -q "baseline: .*fixed-hc-spike4.hp" fit.txt'
    check "with the gate no name is hidden (-t0): the title has no 'not drawn' note" \
        all '! grep -q "not drawn" fit.txt'
    pdftotext -bbox fit.pdf fit.html
    pdftoppm -r 72 -aa no -aaVector no fit.pdf fit >/dev/null 2>&1
    cat >lines.py <<'PY'
import re, sys
words = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', open("fit.html").read())
ys, xs = {}, {}
for i, (x0, y0, x1, y1, w) in enumerate(words):
    x0, y0, x1, y1 = float(x0), float(y0), float(x1), float(y1)
    if x1 < 62 and re.fullmatch(r"\d+", w) and i + 1 < len(words) and words[i + 1][4] == "MB":
        ys[int(w) * 1e6] = (y0 + y1) / 2
    elif re.fullmatch(r"\d+\.\d", w) and y0 > 300:
        xs[float(w)] = (x0 + x1) / 2
(v0, y0), (v1, y1) = min(ys.items()), max(ys.items())
(t0, x0), (t1, x1) = min(xs.items()), max(xs.items())
def y_of(v): return y0 + (v - v0) / (v1 - v0) * (y1 - y0)
def x_of(t): return x0 + (t - t0) / (t1 - t0) * (x1 - x0)
data = open(sys.argv[1], "rb").read()
head = data.split(b"\n", 3)
w, h = (int(x) for x in head[1].split())
px = data[len(b"\n".join(head[:3])) + 1:]
def at(x, y): return px[3 * (y * w + x):3 * (y * w + x) + 3]
red = lambda r, g, b: r > 170 and g < 60 and b < 60
green = lambda r, g, b: g > 90 and r < 40 and b < 80
dark = lambda r, g, b: r < 60 and g < 60 and b < 60
def busiest_row(test, xa, xb):
    best, row = 0, -1
    for y in range(h):
        n = sum(1 for x in range(int(xa), int(xb)) if test(*at(x, y)))
        if n > best:
            best, row = n, y
    return row + 0.5
def highest(test, xa, xb):
    for y in range(int(y_of(v1)) + 2, int(y_of(0))):
        if any(test(*at(x, y)) for x in range(int(xa), int(xb))):
            return y + 0.5
ok = True
r = busiest_row(red, x_of(0.5), x_of(1.4))
ok &= abs(r - y_of(50e6)) <= 1.5
print("peak<=50MB's line at y %.1f, 50 MB at %.1f" % (r, y_of(50e6)))
g = highest(green, x_of(3.6), x_of(3.7))
ok &= abs(g - y_of(76e6)) <= 1.5
print("end<=76MB's line at y %.1f, 76 MB at %.1f" % (g, y_of(76e6)))
# the baseline's total: fixed-hc-spike4's 64000008 bytes at 1.47 s (its own
# time from its first sample, as this profile's)
b = highest(dark, x_of(1.3), x_of(1.6))
ok &= abs(b - y_of(64000008)) <= 1.5
print("the baseline's peak at y %.1f, 64 MB at %.1f" % (b, y_of(64000008)))
sys.exit(not ok)
PY
    ppm=$(ls fit*.ppm 2>/dev/null | head -1)
    check "the lines at their values: the budgets' and the baseline's total ($(python3 lines.py "$ppm" | tr '\n' ';'))" \
        python3 lines.py "$ppm"
fi
for f in ps svg png html; do
    run_hp2ps --check 'peak<=50MB' --baseline "$SL/fixed-hc-spike4.hp" -o "g.$f" "$LEAK"
    check "-o g.$f with the gate: exit 3, quietly" all '[ "$RC" -eq 3 ] && [ -s "g.$f" ] && [ ! -s err.txt ]'
done
run_hp2ps --check 'peak<=50MB' -o g.csv "$LEAK"
check "-o g.csv with the gate: a usage error" all '[ "$RC" -eq 2 ] && grep -q "the gate draws its profile" err.txt'

finish

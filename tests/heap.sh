#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# heap.sh: what only an eventlog knows, end to end.  --heap draws the
# RTS's heap size, live bytes and blocks size (HEAP_SIZE, HEAP_LIVE,
# BLOCKS_SIZE) as lines over the bands in every format, at the events'
# values (rasterized and measured against the y axis's labels), with the
# y axis reaching the highest, the .aux keeping the stack's range, and
# the values in the CSV/JSON export and the HTML page's data; a .hp has
# none: one warning.  traceMarker texts are drawn (pdftotext and
# ghostscript read them back), kept whole in the page's data, chosen by
# --marks=RE; hostile logs (absurd sizes, control characters, 64 KB
# texts, a million markers) draw or give one line.  The logs are made by
# tests/elgen.py (no GHC needed) or copied from the 9.6 corpus.
HERE=$(cd "$(dirname "$0")" && pwd)
GEN="python3 $HERE/elgen.py"
. "$(dirname "$0")/lib.sh"
need gs python3 pdftotext pdftoppm xmllint

EL=$TESTDATA/eventlog
MADE=$EL/heap-made.eventlog      # elgen.py make heap: 12 sizes up to 8 MiB, 2 markers
REAL=$EL/newer-hT-heap.eventlog  # GHC 9.6.6 -hT, 8 markers (heap-only copy)
export TZ=UTC0 SOURCE_DATE_EPOCH=0
all() { eval "$1"; }
quiet_success() { [ "$RC" -eq 0 ] && [ ! -s err.txt ]; }
noisy() { grep -Eq 'Sanitizer|runtime error|WARNING \*\*|CRITICAL \*\*' err.txt; }

# ---- 1. every format draws the lines --------------------------------------
for f in ps eps pdf svg png html; do
    run_hp2ps --heap -o "made.$f" "$MADE"
    check "--heap -o made.$f: exit 0, quietly" quiet_success
done
check "the PostScript and EPS read in ghostscript" \
    all 'gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage made.ps made.eps >/dev/null 2>&1'
check "the SVG is XML" xmllint --noout made.svg
check "the PNG has its signature" all '[ "$(head -c 4 made.png | tail -c 3)" = PNG ]'
"$HP2PS" -o plain.svg "$MADE" 2>/dev/null
check "--heap changes the SVG (the lines are drawn)" all '! cmp -s made.svg plain.svg'
pdftotext -layout made.pdf made.txt
check "the legend names the three lines" \
    all 'grep -q "heap size" made.txt && grep -q "live bytes" made.txt && grep -q "blocks size" made.txt'
check "the y axis reaches the highest line (10 MB), not the stack's 3.5 kB" \
    all 'grep -q "10 MB" made.txt'
"$HP2PS" -o plain.pdf "$MADE" 2>/dev/null
pdftotext plain.pdf plain.txt
check "without --heap the axis is the stack's" all '! grep -q "10 MB" plain.txt && ! grep -q "heap size" plain.txt'

# The lines at the events' heights: the highest red (heap size) and green
# (blocks size) pixels against the y labels' places (-e: one point a
# pixel at 72 dpi), within 1.5 points.
"$HP2PS" --heap -e9in -o fit.pdf "$MADE" 2>/dev/null
pdftoppm -r 72 -aa no -aaVector no fit.pdf fit >/dev/null 2>&1
pdftotext -bbox fit.pdf fit.html
cat >measure.py <<'PY'
import re, sys
# the y labels: "N MB" left of the axis, each label's middle at its tick
words = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', open("fit.html").read())
ticks = {}
for i, (x0, y0, x1, y1, w) in enumerate(words):
    if float(x1) < 62 and re.fullmatch(r"\d+", w) and i + 1 < len(words) and words[i + 1][4] == "MB":
        ticks[int(w) * 1e6] = (float(y0) + float(y1)) / 2
(v0, y0), (v1, y1) = min(ticks.items()), max(ticks.items())
def y_of(v):
    return y0 + (v - v0) / (v1 - v0) * (y1 - y0)
data = open(sys.argv[1], "rb").read()
parts, pos = [], 0
while len(parts) < 4:
    while data[pos:pos + 1].isspace():
        pos += 1
    end = pos
    while not data[end:end + 1].isspace():
        end += 1
    parts.append(data[pos:end]); pos = end
w, h = int(parts[1]), int(parts[2]); px = data[pos + 1:]
def top(test):
    for y in range(h):
        for x in range(w):
            r, g, b = px[3 * (y * w + x):3 * (y * w + x) + 3]
            if test(r, g, b):
                return y + 0.5
red = top(lambda r, g, b: r > 170 and g < 70 and b < 70)
green = top(lambda r, g, b: g > 110 and r < 60 and b < 90)
ok = abs(red - y_of(8 << 20)) <= 1.5 and abs(green - y_of(6 << 20)) <= 1.5
print("heap size top %.1f want %.1f, blocks top %.1f want %.1f" % (red, y_of(8 << 20), green, y_of(6 << 20)))
sys.exit(0 if ok else 1)
PY
ppm=$(ls fit*.ppm 2>/dev/null | head -1)
check "the heap size line tops at 8 MiB and blocks at 6 MiB, as the events say" \
    all 'python3 measure.py "$ppm" >measure.txt'
cat measure.txt

# A window: a value holds until the next event, so when that lies past
# the window the line runs to the graph's end (the stack's right edge).
"$HP2PS" --heap --from 10 --to 20 -e9in -o win.pdf "$REAL" 2>/dev/null
pdftoppm -r 72 -aa no -aaVector no win.pdf win >/dev/null 2>&1
cat >right.py <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
head = data.split(b"\n", 3)
w, h = (int(x) for x in head[1].split())
px = data[len(b"\n".join(head[:3])) + 1:]
def rightmost(test, top=0):
    best = -1
    for y in range(top, h):
        for x in range(w):
            r, g, b = px[3 * (y * w + x):3 * (y * w + x) + 3]
            if test(r, g, b) and x > best:
                best = x
    return best
red = rightmost(lambda r, g, b: r > 170 and g < 70 and b < 70)
# the stack's grey in the graph's lower half (the key's swatches are higher)
stack = rightmost(lambda r, g, b: r == g == b and 40 < r < 120, int(h * 0.6))
print("heap size ends at x %d, the stack at x %d" % (red, stack))
sys.exit(0 if abs(red - stack) <= 2 else 1)
PY
ppm=$(ls win*.ppm 2>/dev/null | head -1)
check "--from/--to: the heap size line holds to the window's end" python3 right.py "$ppm"

# ---- 2. the .aux keeps the stack's range; exports and the page's data ------
mkdir a b && cp "$REAL" a/prog.eventlog && cp "$REAL" b/prog.eventlog
(cd a && "$HP2PS" prog.eventlog 2>/dev/null) && (cd b && "$HP2PS" --heap prog.eventlog 2>/dev/null)
check "--heap leaves the .aux as it was (the stack's range, for -p)" cmp -s a/prog.aux b/prog.aux
check "and draws the PostScript differently" all '! cmp -s a/prog.ps b/prog.ps'

$GEN heap-events "$REAL" real.tsv
"$HP2PS" --heap -m0 -t0 -o real.csv "$REAL" 2>err.txt
"$HP2PS" --heap -m0 -t0 -o real.json "$REAL" 2>>err.txt
"$HP2PS" --heap -o real.html "$REAL" 2>>err.txt
check "the exports and the page: quietly" all '[ ! -s err.txt ]'
cat >exports.py <<'PY'
import csv, json, re, sys
ev = [tuple(int(x) for x in l.split()) for l in open("real.tsv")]
def in_force(kind, t):
    v = None
    for k, ns, b in ev:
        if k == kind and ns / 1e9 <= t:
            v = b
    return v
names = {50: "heap size", 51: "live bytes", 91: "blocks size"}
rows = list(csv.reader(open("real.csv")))
head = rows[0]
bad = 0
for r in rows[1:]:
    t = float(r[0])
    for kind, name in names.items():
        want = in_force(kind, t)
        got = r[head.index("RTS " + name)]
        bad += (got == "") != (want is None) or (want is not None and int(got) != want)
j = json.load(open("real.json"))
for s in j["samples"]:
    for i, name in enumerate(j["heap"]):
        kind = [k for k, n in names.items() if "RTS " + n == name][0]
        bad += s["heap"][i] != in_force(kind, s["time"])
page = open("real.html").read()
d = json.loads(re.search(r'<script type="application/json" id="hp2ps-data">\n(.*?)</script>', page, re.S).group(1))
P = d["panels"][0]
for i, t in enumerate(P["t"]):
    for h, name in enumerate(P["heap_names"]):
        kind = [k for k, n in names.items() if n == name][0]
        want = in_force(kind, t)
        bad += P["heap"][i][h] != (-1 if want is None else want)
texts = [m["text"] for m in j["marks"]]
bad += texts[:2] != ['start "quoted" marker', "phase 1"] or texts[-1] != "end"
bad += 'start "quoted" marker' not in P["mark_text"] or "phase 6" not in P["mark_text"]
print("rows", len(rows) - 1, "mismatches", bad)
sys.exit(1 if bad else 0)
PY
check "CSV, JSON and the HTML page's data: each sample's value in force, as the events say; the markers' whole texts" \
    python3 exports.py

# A long run: 80,000 events a line (some 20 in each of the drawing's
# 4096 buckets), in two capabilities' blocks out of time order.  The
# exports and the page's data give each sample the value of the latest
# event at or before it, exactly (the reduction alone missed 602 of 802
# cells, by up to 91 %).
$GEN make heap-long long.eventlog
$GEN heap-events long.eventlog long.tsv
"$HP2PS" --heap -o long.csv long.eventlog 2>err.txt
"$HP2PS" --heap -o long.json long.eventlog 2>>err.txt
"$HP2PS" --heap -o long.html long.eventlog 2>>err.txt
cat >exact.py <<'PY'
import bisect, csv, json, re, sys
by = {}
for line in open("long.tsv"):
    k, ns, b = (int(x) for x in line.split())
    by.setdefault(k, ([], []))
    by[k][0].append(ns / 1e9)
    by[k][1].append(b)
names = {50: "heap size", 51: "live bytes"}
def in_force(kind, t):
    ts, vs = by[kind]
    i = bisect.bisect_right(ts, t)
    return vs[i - 1] if i else None
cells = bad = 0
rows = list(csv.reader(open("long.csv")))
for r in rows[1:]:
    for kind, name in names.items():
        got = r[rows[0].index("RTS " + name)]
        want = in_force(kind, float(r[0]))
        cells += 1
        bad += (got or None) != (None if want is None else str(want))
j = json.load(open("long.json"))
for s in j["samples"]:
    for i, name in enumerate(j["heap"]):
        kind = [k for k, n in names.items() if "RTS " + n == name][0]
        cells += 1
        bad += s["heap"][i] != in_force(kind, s["time"])
page = open("long.html").read()
P = json.loads(re.search(r'<script type="application/json" id="hp2ps-data">\n(.*?)</script>',
                         page, re.S).group(1))["panels"][0]
for i, t in enumerate(P["t"]):
    for h, name in enumerate(P["heap_names"]):
        kind = [k for k, n in names.items() if n == name][0]
        want = in_force(kind, t)
        cells += 1
        bad += P["heap"][i][h] != (-1 if want is None else want)
print("cells", cells, "off", bad)
sys.exit(1 if bad or cells < 2000 else 0)
PY
check "a long run's exports and page data: every sample's value in force, exact" \
    all '[ ! -s err.txt ] && python3 exact.py'

# The page in a real browser (where chromium runs headless): the readout
# at the sample after the "phase 2" marker gives the three values in
# force and the marker's text.
CHROMIUM=$(command -v chromium chromium-browser google-chrome 2>/dev/null | head -1)
mkdir prof
if [ -n "$CHROMIUM" ] && HOME=$PWD/prof timeout 120 "$CHROMIUM" --headless --no-sandbox \
       --disable-gpu --no-first-run --disable-background-networking --user-data-dir="$PWD/prof" \
       --dump-dom "file://$PWD/real.html?selftest=at:0:2.6:1000000" >dom.html 2>/dev/null; then
    cat >readout.py <<'PY'
import html, json, re, sys
dom = open("dom.html").read()
li = re.findall(r"<li>(.*?)</li>", re.search(r'<ol id="selftest">(.*?)</ol>', dom, re.S).group(1))
rd = json.loads(html.unescape(li[0]))["readout"]
t = float(rd["time"])
ev = [tuple(int(x) for x in l.split()) for l in open("real.tsv")]
want = {}
for k, ns, b in ev:
    if ns / 1e9 <= t:
        want[k] = b
text = rd["text"]
ok = all("%s %s" % (n, "") in text and "{:,} bytes".format(want[k]) in text
         for k, n in ((50, "heap size"), (51, "live bytes"), (91, "blocks size")))
ok = ok and "phase 2" in text
print(text)
sys.exit(0 if ok else 1)
PY
    check "the page's readout: heap size, live bytes, blocks size in force, and the marker's text" \
        python3 readout.py
    HOME=$PWD/prof timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --user-data-dir="$PWD/prof" \
        --dump-dom "file://$PWD/real.html?selftest=blur;heap;heap" >dom.html 2>/dev/null
    cat >toggle.py <<'PY'
import html, json, re, sys
dom = open("dom.html").read()
li = re.findall(r"<li>(.*?)</li>", re.search(r'<ol id="selftest">(.*?)</ol>', dom, re.S).group(1))
s = [json.loads(html.unescape(x)) for x in li]
n = s[0]["heap_lines"]
print([(x["heap_lines"], x["heap_hidden"]) for x in s])
# three lines and their three legend samples; hidden, then shown again
sys.exit(0 if n == 6 and s[0]["heap_hidden"] == 0 and s[1]["heap_hidden"] == n and s[2]["heap_hidden"] == 0 else 1)
PY
    check "the page's toggle hides the heap lines and shows them again" python3 toggle.py
else
    echo "$TEST_NAME: no headless chromium here: the readout in a browser is not checked"
fi

# ---- 3. a .hp has no such data: one warning, the same drawing --------------
"$HP2PS" -o hp-plain.ps "$TESTDATA/tiny-hc.hp" 2>/dev/null
run_hp2ps --heap -o hp-heap.ps "$TESTDATA/tiny-hc.hp"
check "--heap on a .hp: exit 0 and one warning" \
    all '[ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "warning: .*--heap: no heap size events" err.txt'
check "--heap on a .hp: drawn as before, byte for byte" cmp -s hp-plain.ps hp-heap.ps
run_hp2ps --heap --x=index -o idx.pdf "$MADE"
check "--heap --x=index: one warning (the lines need the time axis)" \
    all '[ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "time axis" err.txt'
run_hp2ps --heap --mode=percent -o pc.pdf "$MADE"
check "--heap --mode=percent: one warning" all '[ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ]'
run_hp2ps --heap -o two.pdf "$MADE" "$REAL"
check "--heap with several profiles: one warning, drawn" \
    all '[ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "single profile" err.txt'
run_hp2ps --heap --diff -o diff.pdf "$MADE" "$MADE"
check "--heap --diff: one warning, drawn" all '[ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -eq 1 ]'
run_hp2ps --heap --mode=lines -o lines.pdf "$MADE"
check "--heap --mode=lines: drawn, quietly" quiet_success

# ---- 4. markers with their texts ------------------------------------------
"$HP2PS" -o real.pdf "$REAL" 2>/dev/null
pdftotext real.pdf real.txt
check "the markers' texts are drawn (pdftotext reads phase 2 to 6 and end)" \
    all 'for m in "phase 2" "phase 3" "phase 4" "phase 5" "phase 6" end; do grep -q "$m" real.txt || exit 1; done'
# Every marker's whole text, two at one time too ("start" and "phase 1",
# as GHC's RTS gives a program's first markers), from the logs' own
# USER_MARKER events.  On a narrow page (a graph 140 points wide beside
# its key) markers that crowd may share a label, which counts them
# ("start \"quoted\" marker +1 more"): every text is whole or counted.
for log in "$REAL" "$EL/markers-hT.eventlog" "$MADE"; do
    $GEN markers "$log" want.txt
    for e in "" -e5in; do
        "$HP2PS" $e -o every.pdf "$log" 2>/dev/null
        pdftotext every.pdf - | tr -s ' \n' '  ' >every.txt
        check "$(basename "$log") ${e:-(A4)}: every marker's text is drawn whole${e:+, or counted}" \
            python3 -c '
import re, sys
drawn = open("every.txt").read()
texts = [l.rstrip("\n").split(" ", 1)[1] for l in open("want.txt")]
missing = [t for t in texts if t not in drawn]
counted = sum(int(n) for n in re.findall(r"\+(\d+) more", drawn))
print(len(texts), "markers,", len(missing), "not whole,", counted, "counted")
sys.exit(0 if len(missing) == counted and (sys.argv[1] or not missing) else 1)' "$e"
    done
done
# 80 markers in a third of the run: as many as fit at their lines, the
# others counted where they crowd ("step 9 xx +8 more"): every one told.
python3 -c '
import random, sys
sys.path.insert(0, sys.argv[1])
import elgen
types, ev = elgen.simple()
r = random.Random(1)
ev += [(58, 10_000_000 + 250_000 * i + r.randint(0, 100_000),
        b"step %d %s" % (i, b"x" * r.randint(0, 12))) for i in range(80)]
open("m80.eventlog", "wb").write(elgen.write(types, ev))' "$HERE"
"$HP2PS" -o m80.pdf m80.eventlog 2>/dev/null
pdftotext m80.pdf - | tr -s ' \n' '  ' >m80.txt
check "80 markers: each a label or counted in one (labels + '+N more' = 80)" \
    python3 -c '
import re, sys
t = open("m80.txt").read()
labels = re.findall(r"step (\d+) x* ?(?:\+(\d+) more)?", t)
n = sum(1 + int(m or 0) for _, m in labels)
print(len(labels), "labels for", n, "markers")
sys.exit(0 if n == 80 and 3 < len(labels) < 80 else 1)'
"$HP2PS" -o m80.html m80.eventlog 2>/dev/null
check "and the page's data lists all 80 texts" \
    python3 -c '
import json, re, sys
page = open("m80.html").read()
P = json.loads(re.search(r"<script type=\"application/json\" id=\"hp2ps-data\">\n(.*?)</script>", page, re.S).group(1))["panels"][0]
sys.exit(0 if len(P["mark_text"]) == 80 and P["mark_strip"] > 11 else 1)'
"$HP2PS" -o real.ps "$REAL" 2>/dev/null
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=txtwrite -sOutputFile=real-ps.txt real.ps >/dev/null 2>&1
check "and in the PostScript (ghostscript reads them)" all 'grep -q "phase 4" real-ps.txt && grep -q "phase 6" real-ps.txt'
"$HP2PS" -o real.png "$REAL" 2>/dev/null
"$HP2PS" -y -o real-y.png "$REAL" 2>/dev/null
check "-y draws no marks: the PNG differs" all '! cmp -s real.png real-y.png'
"$HP2PS" --marks='^phase [56]$' -o some.pdf "$REAL" 2>err.txt
pdftotext some.pdf some.txt
check "--marks=RE keeps the markers that match" \
    all 'grep -q "phase 5" some.txt && grep -q "phase 6" some.txt && ! grep -q "phase 3" some.txt && ! grep -q "end" some.txt'
expect_error 2 '^hp2ps: --marks=\(: bad regular expression' --marks='(' -o x.pdf "$REAL"
printf 'JOB "m"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\nMARK 1\nBEGIN_SAMPLE 2\nx 10\nEND_SAMPLE 2\n' >marks.hp
"$HP2PS" -o hpmarks.pdf marks.hp 2>/dev/null && "$HP2PS" -y -o hpnone.pdf marks.hp 2>/dev/null
"$HP2PS" --marks=. -o hpdot.pdf marks.hp 2>/dev/null && "$HP2PS" --marks='^$' -o hpempty.pdf marks.hp 2>/dev/null
check "--marks on a .hp: its MARKs have no text, so . matches none and ^\$ all" \
    all 'cmp -s hpdot.pdf hpnone.pdf && cmp -s hpempty.pdf hpmarks.pdf && ! cmp -s hpmarks.pdf hpnone.pdf'

# ---- 5. hostile ------------------------------------------------------------
for n in heap-absurd marker-hostile many-markers; do
    $GEN make $n $n.eventlog
    for f in pdf svg png html json; do
        run_hp2ps --heap -o "$n.$f" $n.eventlog
        check "$n -o $f: drawn (at most a warning), never a crash" \
            all '[ "$RC" -eq 0 ] && [ "$(wc -l <err.txt)" -le 1 ] && ! noisy'
    done
done
pdftotext heap-absurd.pdf absurd.txt
check "heap sizes of 2^64-1 bytes: the axis reaches them (EB)" grep -q "EB" absurd.txt
pdftotext marker-hostile.pdf hostile.txt
check "control characters in caret notation" grep -q 'line^Jbreak' hostile.txt
check "no control byte of a marker reaches any output" \
    all '! LC_ALL=C grep -q "$(printf "\033")" marker-hostile.svg marker-hostile.html marker-hostile.json'
check "a 64 KB text is kept to 200 bytes" \
    python3 -c 'import json,sys; t=[m["text"] for m in json.load(open("marker-hostile.json"))["marks"]]; sys.exit(0 if max(len(x.encode()) for x in t) <= 200 and t[0].startswith("line^J") else 1)'
check "a million markers: the page stays small (< 1 MB)" all '[ "$(wc -c <many-markers.pdf)" -lt 1000000 ]'
# Not under ASan, which reserves terabytes of address space (gcc links
# libasan, clang builds it in).
if ! ldd "$HP2PS" 2>/dev/null | grep -q libasan && ! grep -q __asan_init "$HP2PS"; then
    (ulimit -v 150000; "$HP2PS" --heap -o mem.pdf many-markers.eventlog >out.txt 2>err.txt); RC=$?
    check "a million markers in 150 MB of address space" all '[ "$RC" -eq 0 ]'
fi
$GEN make heap-short short.eventlog
expect_error 1 '^hp2ps: short\.eventlog: byte [0-9]+: HEAP_SIZE event of 4 bytes' --heap -o s.pdf short.eventlog
run_hp2ps -o s.pdf short.eventlog
check "without --heap the short HEAP_SIZE is not read: drawn" quiet_success

finish

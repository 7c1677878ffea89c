#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# totals.sh: totals that hide nothing.  GHC's -t1 leaves the names under 1 %
# of the total out of the bands (and the .aux), but the title's peak is the
# profile's true peak, counted from the .hp by tests/tools/hidden_bands.py,
# and a line says what is not drawn, in every format and in the HTML
# readout's totals.
. "$(dirname "$0")/lib.sh"
need python3 pdftotext
TOOLS=$TESTDATA/../tools

python3 "$TOOLS/hidden_bands.py" make 2000 >hid.hp
python3 "$TOOLS/hidden_bands.py" truth hid.hp >truth.json || fail "truth"

# title_says TEXT_FILE WHAT: the title's peak is the true one, and the
# note gives the names -t removed and their largest sum, its share and time.
title_says() {
    python3 - "$1" truth.json "$2" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
t = json.load(open(sys.argv[2]))
what = sys.argv[3]
def mb(x): return x / 1e6
m = re.search(r"peak ([0-9.]+) MB at ([0-9.]+) s", text)
assert m, "%s: no peak in the title: %r" % (what, text[:300])
assert abs(float(m.group(1)) - mb(t["peak"])) <= 0.051, (what, m.group(0), t["peak"])
assert abs(float(m.group(2)) - t["peak_time"]) < 0.0006, (what, m.group(0), t["peak_time"])
n = re.search(r"not drawn: (\d+) names under -t1's 1 % of the total, up to ([0-9.]+) MB "
              r"\(([0-9.]+) % of its sample\) at ([0-9.]+) s; -t0 draws them", text)
assert n, "%s: no note of what is not drawn: %r" % (what, text[:400])
assert int(n.group(1)) == t["cut"], (what, n.group(0), t["cut"])
assert abs(float(n.group(2)) - mb(t["hidden_max"])) <= 0.051, (what, n.group(0))
share = 100 * t["hidden_max"] / t["hidden_total"]
assert abs(float(n.group(3)) - share) <= 0.51, (what, n.group(0), share)
assert abs(float(n.group(4)) - t["hidden_time"]) < 0.0006, (what, n.group(0))
PY
}

"$HP2PS" -o hid.pdf hid.hp && pdftotext -raw hid.pdf hid.txt || fail "pdf"
check "PDF: true peak, and what is not drawn" title_says hid.txt pdf
if command -v ps2pdf >/dev/null 2>&1; then
    "$HP2PS" -o hid.ps hid.hp && ps2pdf hid.ps hid-ps.pdf && pdftotext -raw hid-ps.pdf hid-ps.txt ||
        fail "ps"
    check "PS: true peak, and what is not drawn" title_says hid-ps.txt ps
fi

# (SVG and PNG hold glyphs, not text: the layout they draw is the same.)

# -t0 draws every name: the same peak, and nothing to note.
"$HP2PS" -t0 -o all.pdf hid.hp && pdftotext -raw all.pdf all.txt || fail "-t0"
check "-t0: no note" sh -c '! grep -q "not drawn" all.txt'
check "-t0: the same peak in the title" sh -c \
    '[ "$(grep -o "peak [0-9.]* MB at [0-9.]* s" all.txt)" = "$(grep -o "peak [0-9.]* MB at [0-9.]* s" hid.txt | head -n 1)" ]'

# The .aux keeps GHC's -t: the removed names are not in it.
rm -f hid.aux
"$HP2PS" hid.hp || fail "hid.ps"
check "the .aux names the bands drawn" grep -q "big0" hid.aux
check "the .aux leaves -t's names out" sh -c '! grep -q "small.sat\|spike" hid.aux'

# The page: each sample's "not drawn" sum is the .hp's.
"$HP2PS" -o hid.html hid.hp || fail "html"
python3 "$TOOLS/html_page.py" get hid.html 'list(zip(d["panels"][0]["t"], d["panels"][0]["trace"]["hidden"]))' >page.txt ||
    fail "the page has no trace data"
check "the page's not-drawn sums are the .hp's" python3 - page.txt truth.json <<'PY'
import ast, json, sys
pairs = ast.literal_eval(open(sys.argv[1]).read())
hidden = json.load(open(sys.argv[2]))["hidden"]
assert pairs, "no samples"
bad = [(t, h, hidden.get(repr(float(t)))) for t, h in pairs if hidden.get(repr(float(t))) != h]
assert not bad, bad[:5]
PY

# ---- one sample: a bar at its time, on an axis around it ----
need pdftoppm
printf 'JOB "one"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0.37\na\t1000000\nb\t300000\nEND_SAMPLE 0.37\n' >one.hp
# bar_at PDF TIME: the dark run across the graph at half the bar's height
# is narrow (under a tenth of the axis), centred on TIME as the axis's
# labels place it, and the axis ends near the bar (within 3 x its time).
bar_at() {
    pdftoppm -gray -r 72 -singlefile "$1" bar && pdftotext -bbox "$1" bar.html &&
        python3 - bar.pgm bar.html "$2" <<'PY'
import re, sys
raw = open(sys.argv[1], "rb").read()
m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
w, h = int(m.group(1)), int(m.group(2))
px = raw[m.end():]
words = re.findall(r'xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)<', open(sys.argv[2]).read())
ticks = [((float(a) + float(c)) / 2, float(t), float(b)) for a, b, c, d, t in words if re.fullmatch(r"[0-9]+\.[0-9]+", t)]
# the time labels: the lowest row of numbers
yrow = max(y for _, _, y in ticks)
ticks = sorted((x, t) for x, t, y in ticks if abs(y - yrow) < 1)
(x0, t0), (x1, t1) = ticks[0], ticks[-1]
want = float(sys.argv[3])
assert t1 < 3 * want, "the axis runs to %g for a sample at %g" % (t1, want)
# the graph's dark fill on the row 40 points above the axis labels
row = int(yrow) - 40
dark = [x for x in range(w) if px[row * w + x] < 100]
assert dark, "no bar on row %d" % row
runs, start = [], dark[0]
for a, b in zip(dark, dark[1:] + [None]):
    if b != a + 1:
        runs.append((start, a))
        start = b
bar = max(runs, key=lambda r: r[1] - r[0])
centre = (bar[0] + bar[1] + 1) / 2
t = t0 + (centre - x0) / (x1 - x0) * (t1 - t0)
width = (bar[1] - bar[0] + 1) / (x1 - x0) * (t1 - t0)
assert abs(t - want) < 0.02 * want + 0.01, "bar at %g s, the sample at %g" % (t, want)
assert width < 0.1 * (t1 - t0) * 1.5, "bar %g s wide on an axis of %g" % (width, t1 - t0)
PY
}
"$HP2PS" -o one.pdf one.hp && pdftotext one.pdf one.txt || fail "one sample"
check "one sample: a bar at 0.37 s on an axis around it" bar_at one.pdf 0.37
check "one sample: the title says so" grep -q "one sample: 1.3 MB at 0.37 s" one.txt
# A --from/--to window holding one sample of a longer profile, likewise.
python3 "$TOOLS/hidden_bands.py" make 50 >fifty.hp
"$HP2PS" --from 0.0195 --to 0.0205 -o win.pdf fifty.hp && pdftotext win.pdf win.txt || fail "window"
check "a window of one sample: a bar at 0.02 s" bar_at win.pdf 0.02
check "a window of one sample: the title says so" grep -q "one sample: " win.txt
# On a page of several, the panel of one sample has its bar too, not a
# slab across the others' span (the lowest panel: bar_at reads its axis).
printf 'JOB "small"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\nBEGIN_SAMPLE 0\nEND_SAMPLE 0\nBEGIN_SAMPLE 0.05\na\t1000\nEND_SAMPLE 0.05\nBEGIN_SAMPLE 0.1\na\t2000\nEND_SAMPLE 0.1\n' >small.hp
"$HP2PS" -o two.pdf small.hp one.hp && pdftotext two.pdf two.txt || fail "two panels"
check "several profiles: a panel of one sample is a bar at its time" bar_at two.pdf 0.37
check "several profiles: that panel's title says so" grep -q "one sample: 1.3 MB at 0.37 s" two.txt

# ---- the time axis is labelled to its end ----
# ends_labelled PDF HP: the last time label is within a tenth of the run of
# its end (0.6 on a 0.765 s axis left a fifth unlabelled), and is no
# later than the end.
ends_labelled() {
    pdftotext -bbox "$1" lab.html && python3 - lab.html "$2" <<'PY'
import re, sys
words = re.findall(r'yMin="([0-9.]+)" xMax="[0-9.]+" yMax="[0-9.]+">([^<]*)<', open(sys.argv[1]).read())
nums = [(float(y), float(t)) for y, t in words if re.fullmatch(r"[0-9]+(\.[0-9]+)?", t)]
row = max(y for y, _ in nums)
last = max(t for y, t in nums if abs(y - row) < 1)
times = [float(l.split()[1]) for l in open(sys.argv[2]) if l.startswith("BEGIN_SAMPLE")]
lo, hi = min(times), max(times)
assert hi - last <= 0.1 * (hi - lo) and last <= hi + 0.002 * (hi - lo), (last, lo, hi)
PY
}
python3 - >sub.hp <<'PY'
print('JOB "s"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"')
for k in range(52):
    t = k * 0.765 / 51
    print("BEGIN_SAMPLE %.4f\na\t%d\nb\t%d\nEND_SAMPLE %.4f" % (t, 1000 + 100 * k, 5000 - 50 * k, t))
PY
for hp in sub.hp fifty.hp hid.hp "$TESTDATA"/*.hp; do
    for flags in "" "-e5in"; do
        "$HP2PS" $flags -o ends.pdf "$hp" || fail "$hp $flags"
        check "$(basename "$hp") $flags: the time axis is labelled to its end" ends_labelled ends.pdf "$hp"
    done
done

# ---- --mode=percent draws nothing where the total is next to nothing ----
# 10 samples of a 1 MB heap, then 10 where a 100-byte band is all that is
# left: GHC-style shares would fill the graph to 100 % with it.
python3 - >tail.hp <<'PY'
print('JOB "t"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"')
for k in range(20):
    print("BEGIN_SAMPLE %d" % k)
    if k < 10:
        print("big\t%d\nsmall\t%d" % (1000000 + 1000 * k, 200000))
    print("tiny\t100\nEND_SAMPLE %d" % k)
PY
# column_empty PDF TIME: no fill in the graph's column at TIME.
column_empty() {
    pdftoppm -gray -r 72 -singlefile "$1" col && pdftotext -bbox "$1" col.html &&
        python3 - col.pgm col.html "$2" <<'PY'
import re, sys
raw = open(sys.argv[1], "rb").read()
m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", raw)
w, h = int(m.group(1)), int(m.group(2))
px = raw[m.end():]
words = [(float(a), float(b), float(c), float(d), t) for a, b, c, d, t in re.findall(
    r'xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)<',
    open(sys.argv[2]).read())]
nums = [(x0, y0, x1, y1, t) for x0, y0, x1, y1, t in words if re.fullmatch(r"[0-9.]+%?", t)]
row = max(y0 for _, y0, _, _, t in nums if not t.endswith("%"))
xs = sorted(((x0 + x1) / 2, float(t)) for x0, y0, x1, y1, t in nums if abs(y0 - row) < 1)
(xa, ta), (xb, tb) = xs[0], xs[-1]
x = int(xa + (float(sys.argv[3]) - ta) / (tb - ta) * (xb - xa))
pct = [(y0, y1) for x0, y0, x1, y1, t in nums if t.endswith("%")]
top, foot = min(y0 for y0, _ in pct), max(y1 for _, y1 in pct)
dark = sum(1 for y in range(int(top) + 2, int(foot) - 8) if px[y * w + x] < 180)
assert dark <= 2, "%d dark pixels in the column at %s" % (dark, sys.argv[3])
PY
}
"$HP2PS" -t0 --mode=percent -o tail.pdf tail.hp || fail "percent"
check "--mode=percent: nothing drawn where only 100 bytes are left" column_empty tail.pdf 15
check "--mode=percent: the heap is drawn where it is" sh -c '! column_empty tail.pdf 5 2>/dev/null'

finish

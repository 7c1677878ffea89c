#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# html.sh: -o FILE.html, read without a browser (tests/browser.sh loads it
# in one).  The page must be well formed, hold one JSON block that parses,
# and nothing of the profile outside it but the escaped title and date;
# its samples must be rows of the CSV export of the same profile, with
# the same values, in every mode that draws; names that try to end the
# script (</script>, <!--, quotes, invalid UTF-8, U+2028) must come back
# exactly as the CSV has them; the data stays small on a long profile;
# --watch pages (and only they) reload themselves; the SVG is the one
# -o FILE.svg writes.
. "$(dirname "$0")/lib.sh"
need python3

PAGE="python3 $TESTDATA/../tools/html_page.py"
cp "$TESTDATA/mapbuild-hc.hp" prog.hp
cp "$TESTDATA/leakmean-hc.hp" leak.hp

# page NAME ARGS...: NAME.html drawn with ARGS, exit 0, well formed.
page() {
    local name=$1; shift
    run_hp2ps "$@" -o "$name.html"
    check "$* -o $name.html exits 0 (stderr: $(head -c 200 err.txt))" [ "$RC" -eq 0 ]
    check "$name.html is a well-formed page with its data ($*)" $PAGE check "$name.html"
}

# ---- one profile, each mode, against the CSV ----
run_hp2ps prog.hp -o prog.csv
page stacked prog.hp
check "stacked: the page's samples are the CSV's rows" $PAGE csv stacked.html prog.csv
check "stacked: the drawing also writes its .aux" [ -s prog.aux ]
page percent --mode=percent prog.hp
check "percent: the page's samples are the CSV's rows" $PAGE csv percent.html prog.csv
page lines --mode=lines -c prog.hp
check "lines: the page's samples are the CSV's rows" $PAGE csv lines.html prog.csv
check "the mode is in the data" [ "$($PAGE get percent.html 'd["mode"]')" = percent ]
page format --format=html prog.hp
check "--format=html writes the same page as -o FILE.html" cmp -s format.html stacked.html
run_hp2ps prog.hp -o UPPER.HTML
check "-o FILE.HTML is a page too" grep -q '^<!DOCTYPE html>' UPPER.HTML
run_hp2ps --format=html -o - prog.hp
check "-o - --format=html writes the page to standard output" cmp -s out.txt stacked.html

# Selections and other flags change the bands, and the page follows.
run_hp2ps --include='buildLazy|main' prog.hp -o inc.csv
page inc --include='buildLazy|main' prog.hp
check "--include: the page's bands and samples are the CSV's" $PAGE csv inc.html inc.csv
run_hp2ps -m3 -i --x=index prog.hp -o m3.csv
page m3 -m3 -i --x=index prog.hp
check "-m3 -i --x=index: the page's bands and samples are the CSV's" $PAGE csv m3.html m3.csv
check "--x=index is in the data" [ "$($PAGE get m3.html 'd["x_index"]')" = True ]
page nokey -m0 -t0 prog.hp
check "-m0: no key entries to point at" [ "$($PAGE get nokey.html 'sum(1 for b in d["bands"] if b["box"])')" = 0 ]
check "-m0: every band in the table" [ "$($PAGE get nokey.html 'len(d["panels"][0]["bands"])')" -gt 5 ]
page fitted -e5in -g prog.hp
page iec --units=iec --slopes -d prog.hp

# Key entries: one box per band, inside the page's picture, not overlapping.
check "each key entry has its box, top to bottom in the key's order" python3 - stacked.html <<'EOF'
import json, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
d = json.loads(re.search(r'id="hp2ps-data">(.*?)</script>', text, re.S).group(1))
vb = [float(x) for x in re.search(r'<svg id="picture"[^>]* viewBox="([^"]*)"', text).group(1).split()]
boxes = [b["box"] for b in d["bands"]]
assert all(boxes), boxes
for x, y, w, h in boxes:
    assert vb[0] <= x and x + w <= vb[0] + vb[2] + 1e-6 and vb[1] <= y and y + h <= vb[1] + vb[3] + 1e-6
ys = [b[1] for b in boxes]  # bottom band first: lowest on the page first
assert ys == sorted(ys, reverse=True), ys
assert all(ys[i] - ys[i + 1] >= boxes[i][3] - 1e-6 for i in range(len(ys) - 1))
p = d["panels"][0]["plot"]
assert all(x >= p[0] + p[2] for x, y, w, h in boxes), "key entries over the graph"
EOF

# ---- the same picture as -o FILE.svg ----
run_hp2ps prog.hp -o prog.svg
check "the page's SVG is -o FILE.svg's, from its first element on (the file's own <title> and <desc> aside)" python3 - stacked.html prog.svg <<'EOF'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
svg = open(sys.argv[2], encoding="utf-8").read()
inner = re.search(r'<svg id="picture"[^>]*>(.*?)</svg>\n<div id="readout"', page, re.S).group(1)
body = svg[svg.index(">", svg.index("<svg")) + 1:].rstrip()
meta = re.match(r'\s*<title>[^<]*</title>\s*<desc>[^<]*</desc>', body)
assert meta, body[:200]
body = body[meta.end():]
assert body.endswith("</svg>")
assert inner.strip() == body[:-len("</svg>")].strip()
EOF

# ---- several profiles and --diff ----
run_hp2ps leak.hp -o leak.csv
page two prog.hp leak.hp
check "two profiles: two panels" [ "$($PAGE get two.html 'len(d["panels"])')" = 2 ]
check "two profiles: the first panel's samples are the first CSV's" $PAGE csv two.html prog.csv 0
check "two profiles: the second panel's samples are the second CSV's" $PAGE csv two.html leak.csv 1
check "two profiles: the panels one above the other" \
    [ "$($PAGE get two.html 'd["panels"][0]["plot"][1] < d["panels"][1]["plot"][1]')" = True ]
cp "$TESTDATA/leakmean-hc.hp" before.hp
sed 's/^\((259)main\t\)\([0-9]*\)$/\1\2000/' leak.hp >after.hp
page diff --diff before.hp after.hp
check "--diff: the data says so" [ "$($PAGE get diff.html 'd["diff"]')" = True ]
check "--diff: values are changes, and one of them grew" \
    [ "$($PAGE get diff.html 'max(max(v) for v in d["panels"][0]["values"]) > 0')" = True ]

# ---- an eventlog reads the same ----
cp "$TESTDATA/eventlog/unicode-hc-L200.eventlog" ev.eventlog
run_hp2ps ev.eventlog -o ev.csv
page ev -c ev.eventlog
check "eventlog: the page's samples are the CSV's rows" $PAGE csv ev.html ev.csv

# ---- names and headers that try to break out ----
{
    printf 'JOB "</title><script>alert(1)</script> & <!-- \377"\n'
    printf 'DATE "d\342\200\250 \047\042"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    for i in 0 1 2 3 4 5; do
        printf 'BEGIN_SAMPLE %d.5\n' "$i"
        printf '</script><script>alert(1)</script> %d\n' $((1000 + i * 100))
        printf '<!--x %d\n' $((2000 + i * 50))
        printf '"quo\047te" %d\n' $((3000 - i * 10))
        printf '\377\376bad %d\n' $((500 * i + 100))
        printf 'a\342\200\250b\342\200\251c %d\n' 1500
        printf '<img src=x onerror=alert(1)> %d\n' $((800 + i))
        printf '&amp; ]]> %d\n' $((1200 + i * i * 30))
        printf 'END_SAMPLE %d.5\n' "$i"
    done
} >evil.hp
run_hp2ps evil.hp -o evil.csv
page evil evil.hp
check "hostile names: the page's names and samples are the CSV's" $PAGE csv evil.html evil.csv
check "hostile names: none of them outside the data block" python3 - evil.html <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
outside = re.sub(r'<script type="application/json" id="hp2ps-data">.*?</script>', "", text, flags=re.S)
for bad in ("alert(1)</script>", "<!--x", "<img", "]]>", "quo'te"):
    assert bad not in outside, bad
data = re.search(r'id="hp2ps-data">(.*?)</script>', text, re.S).group(1)
for bad in ("<", ">", "&", "\u2028", "\u2029"):
    assert bad not in data, bad
assert "<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;!-- \ufffd</title>" in text
EOF

# ---- a long profile: the data stays small ----
python3 - >long.hp <<'EOF'
print('JOB "long"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"')
for s in range(10000):
    print("BEGIN_SAMPLE %d.%02d" % divmod(s, 100))
    for b in range(30):
        print("(%d)name/with/a/longish/stack/%d %d" % (b, b, 100000 + (s * 7919 + b * 104729) % 900000))
    print("END_SAMPLE %d.%02d" % divmod(s, 100))
EOF
run_hp2ps -m0 -t0 long.hp -o long.csv
page long -m0 -t0 long.hp
check "long profile: the kept samples are rows of the CSV" $PAGE csv long.html long.csv
check "long profile: the data block is under 400 kB" python3 - long.html <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
data = re.search(r'id="hp2ps-data">(.*?)</script>', text, re.S).group(1)
assert len(data.encode()) < 400000, len(data.encode())
EOF
run_hp2ps -m0 -t0 long.hp -o long.svg
# the page's scripts and styles (page.js and the features', some 180 kB)
# are the same whatever the profile: what grows with it is the data
code=$(python3 -c '
import re, sys
t = open(sys.argv[1], encoding="utf-8").read()
print(sum(len(m.group(2).encode()) for m in
          re.finditer(r"<(script|style)>(.*?)</\1>", t, re.S)))' long.html)
check "long profile: the page's own code is under 250 kB" [ "$code" -lt 250000 ]
check "long profile: the page is its SVG, its code and less than 400 kB more" \
    [ "$(wc -c <long.html)" -lt $(($(wc -c <long.svg) + code + 400000)) ]

# ---- --watch: the page reloads itself, and only then ----
lacks() { ! grep -q "$@"; }
check "a page drawn once does not reload itself" lacks 'http-equiv="refresh"' stacked.html
check "a page drawn once says watch false" [ "$($PAGE get stacked.html 'd["watch"]')" = False ]
run_hp2ps --watch=0.05 -o watched.html prog.hp
check "--watch -o FILE.html ends by itself, exit 0" [ "$RC" -eq 0 ]
check "--watch: the page reloads itself every second" grep -q '<meta http-equiv="refresh" content="1">' watched.html
check "--watch: the data says so (the script keeps the highlight)" [ "$($PAGE get watched.html 'd["watch"]')" = True ]
check "--watch: no temporary file left" [ -z "$(ls -A | grep '^\.watched\.html\.')" ]

finish

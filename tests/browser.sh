#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# browser.sh: -o FILE.html in a real browser.  Headless chromium (Debian's
# package "chromium") loads each page with ?selftest=..., which makes the
# page's own script point at known places of the graph (a pointer event
# where the value is drawn), click and press Enter on key entries, hover
# them, sort the table and click its rows; after each step the page
# writes what it shows into the DOM, which chromium --dump-dom prints and
# tests/tools/html_page.py checks: the sample and time under the pointer,
# the band whose region holds the point (from the CSV export of the same
# profile, stacked as drawn), its full name, value, share and the
# sample's total (the CSV's numbers; --diff: the CSVs of both profiles,
# interpolated as --diff does), the highlight pinned and restored, the
# table's order.  Stacked, percent and lines modes, several profiles,
# --diff, and names that try to break out of the page.  Then the page as
# a person uses it, through chromium's DevTools protocol
# (tests/tools/cdp_page.py): real mouse moves over the graph, Tab and
# Enter on the key, clicks, and a --watch page that reloads itself and
# keeps the band pinned.  Skipped where no chromium is installed.
GEN="python3 $(cd "$(dirname "$0")" && pwd)/elgen.py"
. "$(dirname "$0")/lib.sh"
need python3

need_chromium

PAGE="python3 $TESTDATA/../tools/html_page.py"
cp "$TESTDATA/mapbuild-hc.hp" prog.hp
cp "$TESTDATA/leakmean-hc.hp" leak.hp

# browse KIND PAGE CSV... : the page's answers in chromium, against the CSV(s).
browse() {
    local kind=$1 page=$2; shift 2
    check "chromium: $kind page $page reads back as the CSV says" \
        $PAGE browse "$CHROMIUM" "$page" "$kind" "$@"
}

"$HP2PS" -c prog.hp -o prog.html && "$HP2PS" prog.hp -o prog.csv
browse single prog.html prog.csv
"$HP2PS" -c --mode=percent prog.hp -o percent.html
browse percent percent.html prog.csv
"$HP2PS" -c --mode=lines leak.hp -o lines.html && "$HP2PS" leak.hp -o leak.csv
browse lines lines.html leak.csv
"$HP2PS" -c prog.hp leak.hp -o two.html
browse several two.html prog.csv leak.csv
sed 's/^\((259)main\t\)\([0-9]*\)$/\1\2000/' leak.hp >after.hp
# The CSVs at -t0: a band of the diff has its values in both profiles,
# also where one profile's -t drops it (lazySum, under 1 % of after).
"$HP2PS" -c --diff leak.hp after.hp -o diff.html && "$HP2PS" -t0 after.hp -o after.csv &&
    "$HP2PS" -t0 leak.hp -o leak0.csv
browse diff diff.html leak0.csv after.csv

{
    printf 'JOB "</title><script>alert(1)</script> & <!--"\nDATE "d"\n'
    printf 'SAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    for i in 0 1 2 3 4 5; do
        printf 'BEGIN_SAMPLE %d.5\n' "$i"
        printf '</script><script>alert(1)</script> %d\n' $((1000 + i * 100))
        printf '<!--x %d\n' $((2000 + i * 50))
        printf '"quo\047te" %d\n' $((3000 - i * 10))
        printf '\377\376bad %d\n' $((500 * i + 100))
        printf 'a\342\200\250b %d\n' 1500
        printf '<img src=x onerror=alert(1)> %d\n' $((800 + i))
        printf 'END_SAMPLE %d.5\n' "$i"
    done
} >evil.hp
"$HP2PS" evil.hp -o evil.html && "$HP2PS" evil.hp -o evil.csv
browse single evil.html evil.csv

# Zoomed to a window, the table's figures (peak and when, slope, R²,
# integral) are those of --from A --to B's CSV, and a reset brings back
# hp2ps's own.
"$HP2PS" --from 1.05 --to 1.55 prog.hp -o win.csv
check "chromium: zoomed to 1.05..1.55, the table is --from/--to's" \
    $PAGE zoom "$CHROMIUM" prog.html 1.05 1.55 win.csv
"$HP2PS" -t0 --from 0.2 --to 0.41 leak.hp -o leakwin.csv && "$HP2PS" -t0 leak.hp -o leak-t0.html
check "chromium: zoomed to 0.2..0.41 of every band of leak.hp, the table is --from/--to's" \
    $PAGE zoom "$CHROMIUM" leak-t0.html 0.2 0.41 leakwin.csv

# Search with a regular expression, show only the matches: their stack
# (stacked, lines, percent views) is --include's, with its band set; show
# all again; the arrow keys step the readout sample by sample; Shift-click
# builds a set.  A stacked page and a --mode=lines one.
"$HP2PS" -t0 -m0 prog.hp -o all.html && "$HP2PS" -t0 -m0 prog.hp -o all.csv &&
    "$HP2PS" -t0 -m0 --include 'Lazy|random' prog.hp -o inc.csv
check "chromium: search 'Lazy|random', only the matches: --include's stack, in each view" \
    $PAGE isolate "$CHROMIUM" all.html 'Lazy|random' all.csv inc.csv
"$HP2PS" -t0 -m0 --mode=lines leak.hp -o leakl.html && "$HP2PS" -t0 -m0 leak.hp -o leak0m.csv &&
    "$HP2PS" -t0 -m0 --include '^\(2[0-9]+\)' leak.hp -o leakinc.csv
check "chromium: a lines page, search '^\\(2[0-9]+\\)': --include's bands, in each view" \
    $PAGE isolate "$CHROMIUM" leakl.html '^\(2[0-9]+\)' leak0m.csv leakinc.csv

# The markers' list: each click zooms to a window that holds the marker
# and reads its nearest sample.
"$HP2PS" "$TESTDATA/eventlog/markers-hT.eventlog" -o marks.html
check "chromium: each marker of the list is gone to" $PAGE marks "$CHROMIUM" marks.html
# Markers at one place (a program's first two, 48 us apart) with --heap:
# the redrawn graph sets their texts in the drawing's rows, none over
# another, each shown or counted.
"$HP2PS" --heap "$TESTDATA/eventlog-ghc-9.10/newer-hi-prof.eventlog" -o heapmarks.html 2>/dev/null
check "chromium: markers at one place, zoomed: their texts in rows, none over another" \
    $PAGE marks "$CHROMIUM" heapmarks.html
$GEN make markers-crowd crowd.eventlog &&
    "$HP2PS" crowd.eventlog -o crowd.html 2>/dev/null
check "chromium: twelve markers at one place, zoomed: four rows, the rest counted" \
    $PAGE marks "$CHROMIUM" crowd.html

# Names, JOB and units that try to break out of the page, zoomed,
# searched and isolated: the page's figures are still the CSV's, and the
# page made no element of the profile's text (html_page.py's tag check).
sed -e 's/^SAMPLE_UNIT .*/SAMPLE_UNIT "s<\/script><!--\xe2\x80\xa8"/' \
    -e 's/^VALUE_UNIT .*/VALUE_UNIT "b<\/script>\xff<!--"/' evil.hp >evil2.hp
"$HP2PS" -t0 -m0 evil2.hp -o evil2.html && "$HP2PS" -t0 -m0 evil2.hp -o evil2.csv &&
    "$HP2PS" -t0 -m0 --from 1.2 --to 4.2 evil2.hp -o evil2w.csv &&
    "$HP2PS" -t0 -m0 --include 'script|<!--' evil2.hp -o evil2inc.csv
check "evil units: the page is well formed, its data one JSON block" $PAGE check evil2.html
check "chromium: evil names and units, zoomed: the table is --from/--to's" \
    $PAGE zoom "$CHROMIUM" evil2.html 1.2 4.2 evil2w.csv
check "chromium: evil names and units, search 'script|<!--': --include's stack" \
    $PAGE isolate "$CHROMIUM" evil2.html 'script|<!--' evil2.csv evil2inc.csv

"$HP2PS" -c --watch=0.05 prog.hp -o watched.html
check "chromium, real input: pointer, Tab, Enter, clicks, and a --watch page's reload" \
    timeout 600 python3 "$TESTDATA/../tools/cdp_page.py" "$CHROMIUM" prog.html prog.csv watched.html

# Many bands (565, -m0 -t0, 109 samples, every one drawn): the page holds
# every sample drawn, and the mouse on each drawn local maximum of the
# total reads that sample (main kept 54 of the 109 samples).
python3 "$TESTDATA/../tools/many_bands.py" 565 109 1 >many.hp
"$HP2PS" -t0 -m0 many.hp -o many.html && "$HP2PS" -t0 -m0 many.hp -o many.csv
check "chromium: every local maximum of 565 bands is read where it is drawn" \
    timeout 600 python3 "$TESTDATA/../tools/cdp_page.py" extremes "$CHROMIUM" many.html many.csv
# Its table sorted by a click and searched, in sight and out of it: in
# each frame after, the rows it holds are the first of the order wanted
# and fill the window (page.js puts in at once only the rows in sight).
check "chromium: 565 bands' table, sorted and searched: its rows in order in each frame" \
    timeout 600 python3 "$TESTDATA/../tools/cdp_page.py" table "$CHROMIUM" many.html

# -t1 leaves names out: the readout's totals say what they cover, with the
# .hp's figures (hidden_bands.py reads them from the .hp).
python3 "$TESTDATA/../tools/hidden_bands.py" make 2000 >hid.hp
python3 "$TESTDATA/../tools/hidden_bands.py" truth hid.hp >hid.json
"$HP2PS" hid.hp -o hid.html
check "chromium: the readout's totals say what -t leaves out" \
    timeout 600 python3 "$TESTDATA/../tools/cdp_page.py" hidden "$CHROMIUM" hid.html hid.json

# The table's slopes are written as the page's other figures, three
# significant digits ("+985 bytes/s", "+1.2 MB/s"; main wrote
# "+984.892 bytes/s").
for page in many.html prog.html; do
    HOME=$PWD/probe timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --user-data-dir="$PWD/probe" \
        --dump-dom "file://$PWD/$page" >"$page.dom" 2>/dev/null
    check "$page: the table's slopes have three figures" python3 - "$page.dom" <<'PY'
import html, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
rows = re.findall(r"<tr[^>]*>(.*?)</tr>", text, re.S)
slopes = []
for r in rows:
    cells = [html.unescape(re.sub(r"<[^>]*>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
    if len(cells) >= 6:
        slopes.append(cells[5])
assert len(slopes) > 3, "no table rows: %d" % len(slopes)
bad = []
for s in slopes:
    m = re.match(r"^[+\u2212]?([0-9.,]+) \S+/\S+$", s)
    digits = m and m.group(1).replace(",", "").replace(".", "").lstrip("0")
    if not m or len(digits.rstrip("0") if "." not in m.group(1) else digits) > 3:
        bad.append(s)
assert not bad, bad[:5]
PY
done

# A shared link cannot hang the tab: #search=(.|.)*$Z is taken as text
# (as a regular expression it backtracks 2^40 times on a name of 40
# bytes; the page never finished loading).  Under a time limit the page
# loads, the box holds the text, and the note says how it was searched.
{
    printf 'JOB "j"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    for t in 0 1; do
        printf 'BEGIN_SAMPLE %d\n' "$t"
        printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%d 100\n' 1 2 3
        printf 'literal (.|.)*$Z 50\nEND_SAMPLE %d\n' "$t"
    done
} >slow.hp
"$HP2PS" -o slow.html slow.hp
HOME=$PWD/probe timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --user-data-dir="$PWD/probe" \
    --dump-dom "file://$PWD/slow.html#search=(.%7C.)*%24Z" >slow.dom 2>/dev/null
check "a link's #search=(.|.)*\$Z: the page loads within 60 s" grep -q 'data-ready="yes"' slow.dom
check "... and searches it as text: the one band of that name matches" \
    grep -q '1 of 4 bands match (from the link: searched as text)' slow.dom

# Nor can ?selftest=search: (the tests' hook) on a page served over HTTP,
# where any site can link to it: there the text is searched as text too.
# (The tests' own pages are files, where it stays a regular expression.)
python3 -c '
import http.server
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass
httpd = http.server.HTTPServer(("127.0.0.1", 0), Quiet)
open("port.txt", "w").write(str(httpd.server_address[1]))
httpd.serve_forever()' &
SERVER=$!
for i in $(seq 50); do [ -s port.txt ] && break; sleep 0.1; done
HOME=$PWD/probe timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --user-data-dir="$PWD/probe" \
    --dump-dom "http://127.0.0.1:$(cat port.txt)/slow.html?selftest=search:(.%7C.)*%24Z" >served.dom 2>/dev/null
kill "$SERVER"
check "a served page's ?selftest=search:(.|.)*\$Z: the self test runs within 60 s" \
    grep -q 'data-selftest="done"' served.dom
check "... and searches it as text: the one band of that name matches" \
    grep -q '1 of 4 bands match (from the link: searched as text)' served.dom

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# page-truths.sh: issue 41's page items in headless chromium
# (tests/tools/page_truths.py): the page's views and figures agree with
# the command line's, and the page as people use it (the keyboard, the
# wheel, print, dark, a phone's width, saving the view).  Skipped where
# no chromium is installed, as browser.sh.
. "$(dirname "$0")/lib.sh"
need python3

need_chromium

TRUTHS="python3 $TESTDATA/../tools/page_truths.py"
cp "$TESTDATA/mapbuild-hc.hp" prog.hp
cp "$TESTDATA/leakmean-hc.hp" leak.hp

# The percent view of a stacked page draws the samples --mode=percent
# draws: 35 of leakmean-hc's 62 hold under 0.1 % of its largest total
# (the page drew them at 100 %).
"$HP2PS" leak.hp -o leak.html && "$HP2PS" leak.hp -o leak.csv
check "chromium: the percent view leaves out the samples --mode=percent does" \
    $TRUTHS percent "$CHROMIUM" leak.html leak.csv

# Several profiles are drawn on one scale; zoomed, isolated, in another
# view, they stay on one.
"$HP2PS" -c prog.hp leak.hp -o two.html
check "chromium: several profiles zoomed keep one scale" \
    $TRUTHS scale "$CHROMIUM" two.html 0.1 0.5

# Search: every name (those inside OTHER and those -t leaves out too),
# in --include's dialect (POSIX extended, GNU's extensions): the page's
# counts are --include's (wordfreq-hr: 410 names, 20 bands drawn).
cp "$TESTDATA/wordfreq-hr.hp" wf.hp
"$HP2PS" wf.hp -o wf.html
set -- '[[:digit:]]{3}\)' '^\((1[0-9]|2[0-9])\)' 'make(Line|Word)\.go' '\<main\>' 'S{,1}Y' \
    'x{1}{2}|Words\.' '[^[:alpha:](),.0-9]' 'topN$' '\d' '[.]go$' '(CAF|SYSTEM)(,|$)' '0)m' \
    '[\]' 'o+?r'
pairs=()
k=0
for re in "$@"; do
    k=$((k + 1))
    "$HP2PS" -t0 -m0 --include "$re" wf.hp -o "inc$k.csv" || fail "--include $re"
    pairs+=("$re" "inc$k.csv")
done
check "chromium: the search finds the names --include keeps, and says where" \
    $TRUTHS search "$CHROMIUM" wf.html "${pairs[@]}"

# Rows: every name, each with its own figures (the CSV's) and where it is
# drawn: a band of its own, inside OTHER, or left out by -t.
"$HP2PS" -t0 -m0 wf.hp -o wf-every.csv && "$HP2PS" -m0 wf.hp -o wf-untraced.csv &&
    "$HP2PS" wf.hp -o wf-drawn.csv
check "chromium: every name listed, with its peak, when it is held and where it is drawn" \
    $TRUTHS names "$CHROMIUM" wf.html wf-every.csv wf-untraced.csv wf-drawn.csv

# The peaks the page shows are named apart, with the drawing's figures.
"$HP2PS" prog.hp -o prog.html && "$HP2PS" prog.hp -o prog.pdf
if command -v pdftotext >/dev/null 2>&1; then
    pdftotext prog.pdf prog.txt
    check "chromium: the page names the title's peak and the drawn peak apart" \
        $TRUTHS figures "$CHROMIUM" prog.html prog.txt
fi

# The keyboard and the wheel: a skip link to the table, no focus ring
# after a click, the wheel scrolls (Ctrl zooms), Escape in the search box.
check "chromium: skip link, focus ring, wheel and Escape in the search box" \
    $TRUTHS keys "$CHROMIUM" prog.html

# Dark, and a phone's 375 px.
check "chromium: dark and 375 px" $TRUTHS looks "$CHROMIUM" prog.html

# Printed: the swatches keep their colours, the controls stay off paper.
"$HP2PS" -c prog.hp -o progc.html
check "chromium: printed with the swatches' colours and without the controls" \
    $TRUTHS printed "$CHROMIUM" progc.html

# Saving the view shown: zoomed, a band alone, as SVG and PNG.
check "chromium: Save SVG and Save PNG give the view shown" \
    $TRUTHS save "$CHROMIUM" progc.html 0.3 0.9

# Lines, each band on its own scale.
check "chromium: lines each on its own scale reach their own peaks" \
    $TRUTHS scaled "$CHROMIUM" prog.html

# -hi: the fields as sortable, filterable columns; --heap explained.
cp "$TESTDATA/eventlog/newer-hi.eventlog" hi.eventlog
"$HP2PS" --heap hi.eventlog -o hi.html 2>/dev/null
check "chromium: -hi's fields sorted and filtered" $TRUTHS fields "$CHROMIUM" hi.html 3 tree
check "chromium: --heap's lines explained" $TRUTHS heap "$CHROMIUM" hi.html

# --heap: the readout across a long run (80,000 events a line, more than
# the drawing's 4096 buckets, in blocks out of time order) gives each
# line's value in force, exactly (the reduction's missed 302 of 400).
python3 "$TESTDATA/../elgen.py" make heap-long long.eventlog &&
    python3 "$TESTDATA/../elgen.py" heap-events long.eventlog long.tsv &&
    "$HP2PS" --heap -o long.html long.eventlog
check "chromium: --heap's readout gives the values in force, exact" \
    $TRUTHS heapread "$CHROMIUM" long.html long.tsv

# --watch: a page written once (the watch over) reloads itself, keeps the
# search box's focus and text, and stops once the reloads find nothing
# new (a <meta> refresh took the focus and reloaded forever).
"$HP2PS" --watch=1 prog.hp -o watched.html &
watcher=$!
for _ in $(seq 100); do [ -s watched.html ] && break; sleep 0.1; done
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
check "chromium: a --watch page keeps the focus and stops reloading when the watch is over" \
    timeout 300 $TRUTHS watch "$CHROMIUM" watched.html

finish

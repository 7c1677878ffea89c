#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# page-truths.sh: issue 41's page items in headless chromium
# (tests/tools/page_truths.py): the page's views and figures agree with
# the command line's, and the page as people use it (the keyboard, the
# wheel, print, dark, a phone's width, saving the view).  Skipped where
# no chromium is installed, as browser.sh.
. "$(dirname "$0")/lib.sh"
need python3

CHROMIUM=
for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null 2>&1; then
        CHROMIUM=$b
        break
    fi
done
if [ -z "$CHROMIUM" ]; then
    echo "$TEST_NAME: skipped: no chromium installed (Debian: apt-get install chromium)"
    exit 77
fi
mkdir probe
if ! HOME=$PWD/probe timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --user-data-dir="$PWD/probe" \
    --dump-dom 'data:text/html,<p id=x>ok</p>' 2>/dev/null | grep -q '<p id="x">ok</p>'; then
    echo "$TEST_NAME: skipped: $CHROMIUM does not run headless here"
    exit 77
fi

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

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# page_features.sh: the HTML page's answers of issues 38 and 42 in headless
# chromium (tests/tools/page_features.py), each against the command
# line's own: the Suspects view against --top (over the whole run, and
# zoomed against --top --from A --to B), OTHER opened at a sample against
# --top --at=T (with more names than the page lists: the rest adds up),
# the icicle under the pointer against -o FILE.folded --at=T and over a
# zoomed window against --from A --to B -o FILE.folded, a click on a
# node (the bands under it alone, the URL fragment, the page reopened at
# it), on the slow leak of tests/data/slowleak (a .hp and its eventlog),
# an -hi eventlog and 647 bands; the page bounded on a long profile;
# the --diff page's ranking of two runs against --top BEFORE AFTER;
# several profiles still load; and with real input (the
# DevTools protocol) the pointer, an icicle node and OTHER clicked.
# Skipped where no chromium.
. "$(dirname "$0")/lib.sh"
need python3

need_chromium
F="python3 $TESTDATA/../tools/page_features.py"
LEAK=$TESTDATA/slowleak/leak-hc.hp

# The Suspects view: --top's figures for every name listed (the slow leak
# ranked first though -t leaves it out of the graph), and zoomed to a
# window, --top --from --to's; also with every name a band.
"$HP2PS" "$LEAK" -o leak.html && "$HP2PS" --top=0 "$LEAK" -o top.json &&
    "$HP2PS" --top=0 --from 1.0 --to 2.5 "$LEAK" -o top-a.json &&
    "$HP2PS" --top=0 --from 2.0 --to 3.2 "$LEAK" -o top-b.json
check "suspects: the whole run as --top, 1.0..2.5 as --top --from --to" \
    $F suspects "$CHROMIUM" leak.html top.json 1.0 2.5 top-a.json
check "suspects: 2.0..3.2 as --top --from --to" \
    $F suspects "$CHROMIUM" leak.html top.json 2.0 3.2 top-b.json
"$HP2PS" -t0 -m0 "$LEAK" -o leak0.html
check "suspects, every name a band (-t0 -m0): as --top" \
    $F suspects "$CHROMIUM" leak0.html top.json 1.0 2.5 top-a.json
python3 "$TESTDATA/../tools/many_bands.py" 647 60 3 >many.hp
"$HP2PS" -t0 -m0 many.hp -o many.html && "$HP2PS" --top=0 many.hp -o many-top.json &&
    "$HP2PS" --top=0 --from 0.5 --to 2.2 many.hp -o many-topw.json
check "suspects of 647 bands: as --top, and zoomed as --top --from --to" \
    $F suspects "$CHROMIUM" many.html many-top.json 0.5 2.2 many-topw.json

# One slope and one R² for one name: the table's rows (bands and names),
# the Suspects view and --top fit their lines over the same censuses (the
# RTS's empty ones at start and exit left out), whole and zoomed.
check "one slope and R² a name: the table as --top, the bands the names (-t0 -m0)" \
    $F onefigure "$CHROMIUM" leak0.html top.json 1.0 2.5 top-a.json
check "one slope and R² a name: the names' rows under the default -t1 as --top" \
    $F onefigure "$CHROMIUM" leak.html top.json
check "one slope and R² a name: 647 bands as --top, and zoomed" \
    $F onefigure "$CHROMIUM" many.html many-top.json 0.5 2.2 many-topw.json

# OTHER opened: -t's names alone (the default), OTHER and -t (-m3 -t0:
# no, -m3 with -t0 merges into OTHER), and 647 bands under -m5, where
# a sample holds more names than the page lists.
"$HP2PS" --top --at=1.87555 "$LEAK" -o at.json
check "OTHER opened at 1.87555 s: -t's names as --top --at" \
    $F opened "$CHROMIUM" leak.html 94 at.json
"$HP2PS" -m3 -t0 "$LEAK" -o leak-m3.html && "$HP2PS" --top -m3 -t0 --at=1.87555 "$LEAK" -o at-m3.json
check "OTHER opened at 1.87555 s under -m3 -t0: as --top --at" \
    $F opened "$CHROMIUM" leak-m3.html 94 at-m3.json
python3 "$TESTDATA/../tools/many_bands.py" 647 400 1 >many400.hp
"$HP2PS" -m5 many400.hp -o m5.html && "$HP2PS" --top -m5 --at=16.7 many400.hp -o at-m5.json
check "OTHER opened of 647 bands under -m5: the names listed and the rest add up" \
    $F opened "$CHROMIUM" m5.html 334 at-m5.json

# The icicle: under the pointer as -o FILE.folded --at=T; over a window
# as --from --to's byte-seconds; the .hp, its eventlog (whole stacks),
# an -hi eventlog (module, file, span, closure) and 647 bands.
"$HP2PS" --at=1.87555 -o leak.folded "$LEAK"
check "icicle at 1.87555 s: as -o FILE.folded --at (cut stacks as cut)" \
    $F icicle "$CHROMIUM" leak.html 1.87555 leak.folded
"$HP2PS" --from 1.0 --to 2.5 -o leak-w.folded "$LEAK"
check "icicle over 1.0..2.5: as --from --to -o FILE.folded" \
    $F window "$CHROMIUM" leak.html 1.0 2.5 leak-w.folded
LOG=$TESTDATA/slowleak/leak-hc-log.eventlog
"$HP2PS" "$LOG" -o log.html 2>/dev/null && "$HP2PS" --at=1.9 -o log.folded "$LOG" 2>/dev/null
check "icicle of an eventlog's whole stacks at 1.9 s: as -o FILE.folded" \
    $F icicle "$CHROMIUM" log.html 1.9 log.folded
HI=$TESTDATA/eventlog/newer-hi.eventlog
"$HP2PS" -t0 -m0 "$HI" -o hi.html 2>/dev/null && "$HP2PS" --at=20 -o hi.folded "$HI" 2>/dev/null
check "icicle of -hi at 20 s: module, file, span, closure as -o FILE.folded" \
    $F icicle "$CHROMIUM" hi.html 20 hi.folded
"$HP2PS" --at=1.5 -o many.folded many.hp && "$HP2PS" --from 0.5 --to 2.2 -o many-w.folded many.hp
check "icicle of 647 bands at 1.5 s: as -o FILE.folded" \
    $F icicle "$CHROMIUM" many.html 1.5 many.folded
check "icicle of 647 bands over 0.5..2.2: as --from --to -o FILE.folded" \
    $F window "$CHROMIUM" many.html 0.5 2.2 many-w.folded

# A click on a node: its bands alone, kept in the URL fragment.
check "a click on main.buf: its band alone, in the fragment and back" \
    $F focus "$CHROMIUM" leak.html main.buf
check "a click on -hi's src/newer.hs: its bands alone" \
    $F focus "$CHROMIUM" hi.html src/newer.hs

# With real input (the DevTools protocol): the icicle follows the
# pointer, a node says its name and share and is clicked, OTHER clicked
# in the graph opens.
check "real input: pointer, icicle node, its click, OTHER clicked" \
    timeout 600 $F interact "$CHROMIUM" leak-m3.html
# The keyboard alone: Tab reaches the icicle, the arrows move between
# its nodes (their figures shown), Enter does what a click does.
check "keyboard: Tab to the icicle, arrows between nodes, Enter as a click" \
    timeout 600 $F keys "$CHROMIUM" leak-m3.html

# One list of names a panel: Suspects and OTHER opened point into it.
check "each name sent once: the list, the rows and OTHER opened point into it" \
    $F once leak.html leak0.html many.html leak-m3.html

# Bounded: a long profile (20,000 samples x 300 names) makes a page of
# the same budgets.
cc -O2 -o genprof "$TESTDATA/../../bench/genprof.c" 2>/dev/null || gcc -O2 -o genprof "$TESTDATA/../../bench/genprof.c"
./genprof 20000 300 >big.hp && "$HP2PS" big.hp -o big.html
check "the page of 20,000 samples x 300 names is under 3 MB, its features within budget" \
    $F bounded big.html 3000000

# --diff: the Suspects view ranks what grew between the runs, as --top
# BEFORE AFTER (the fixed build against the leaking one).
FIXED=$TESTDATA/slowleak/fixed-hc.hp
"$HP2PS" --diff "$FIXED" "$LEAK" -o diff.html && "$HP2PS" --top=0 "$FIXED" "$LEAK" -o two.json
check "--diff: the Suspects view as --top BEFORE AFTER" $F two "$CHROMIUM" diff.html two.json

# Several profiles still load and read back (html_page.py; --diff:
# browser.sh).
"$HP2PS" -c "$LEAK" "$TESTDATA/slowleak/fixed-hc.hp" -o two.html &&
    "$HP2PS" "$LEAK" -o a.csv && "$HP2PS" "$TESTDATA/slowleak/fixed-hc.hp" -o b.csv
check "two profiles: the page reads back as the CSVs say" \
    python3 "$TESTDATA/../tools/html_page.py" browse "$CHROMIUM" two.html several a.csv b.csv

finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# folded.sh: -o FILE.folded read by speedscope's own importer (the npm
# package, run under node by tools/speedscope_read.js): it takes each file
# for collapsed stacks, reads back every line as written (frames with
# spaces, '/', '…' and a 256-frame stack included), and its total weight
# is the census's total.  Needs node and the package: SPEEDSCOPE_DIR names
# a directory with node_modules/speedscope (npm install --prefix DIR
# speedscope; .ci/run does); skipped without them.
. "$(dirname "$0")/lib.sh"
need node python3
TOOLS=$TESTDATA/../tools
if [ -z "${SPEEDSCOPE_DIR:-}" ] || [ ! -d "$SPEEDSCOPE_DIR/node_modules/speedscope" ]; then
    echo "$TEST_NAME: skipped: speedscope is not installed (npm install --prefix DIR speedscope, then SPEEDSCOPE_DIR=DIR)"
    exit 77
fi

# census_total FILE.hp: the peak census's total, by the test's own reading.
census_total() {
    awk -F'\t' '/^BEGIN_SAMPLE/ { s = 0; next }
                /^END_SAMPLE/ { if (s > best) best = s; next }
                NF == 2 { s += $2 }
                END { printf "%.0f\n", best }' "$1"
}

# read_back NAME FILE [TOTAL]: FILE through speedscope; its lines are
# FILE's, and its total weight TOTAL (or the lines' sum).
read_back() {
    local name=$1 file=$2 total=${3:-}
    node "$TOOLS/speedscope_read.js" "$SPEEDSCOPE_DIR" "$file" >"$name.read" 2>"$name.err"
    local rc=$?
    check "$name: speedscope's importer failed ($rc): $(head -c 300 "$name.err")" [ "$rc" -eq 0 ]
    check "$name: speedscope took it for $(head -n 1 "$name.read")" \
        [ "$(head -n 1 "$name.read")" = "Importing as collapsed stack format" ]
    sed '1d;$d' "$name.read" | LC_ALL=C sort >"$name.got"
    LC_ALL=C sort "$file" >"$name.want"
    check "$name: speedscope reads other stacks: $(diff "$name.want" "$name.got" | head -n 4 | cut -c1-160)" \
        cmp -s "$name.want" "$name.got"
    [ -n "$total" ] || total=$(awk '{ s += $NF } END { printf "%.0f\n", s }' "$file")
    check "$name: speedscope's total $(tail -n 1 "$name.read") is not $total" \
        [ "$(tail -n 1 "$name.read")" = "total $total" ]
}

ICY=$TESTDATA/icicle
"$HP2PS" -o hp.folded "$ICY/where-hc-L5000.hp"
read_back where-hp hp.folded "$(census_total "$ICY/where-hc-L5000.hp")"
"$HP2PS" -o log.folded "$ICY/where-hc-L5000.eventlog" 2>/dev/null
read_back where-eventlog log.folded "$(census_total "$ICY/where-hc-L5000.hp")"
check "the cut 303-deep stack is not in speedscope's reading" grep -q '^\[cut\] …;d49;d50;' where-eventlog.got
"$HP2PS" -o l25.folded "$ICY/where-hc.hp"
read_back where-L25 l25.folded "$(census_total "$ICY/where-hc.hp")"
"$HP2PS" -o hi.folded "$TESTDATA/eventlog-ghc-9.10/newer-hi.eventlog" 2>/dev/null
read_back newer-hi hi.folded "$(census_total "$TESTDATA/eventlog-ghc-9.10/newer-hi.hp")"
check "-hi: speedscope has no frame 'Leaf (build)'" grep -q ';Leaf (build) ' newer-hi.got
"$HP2PS" -o hy.folded "$TESTDATA/slowleak/leak-hy.hp"
read_back slowleak-hy hy.folded "$(census_total "$TESTDATA/slowleak/leak-hy.hp")"
python3 "$TOOLS/many_bands.py" 647 400 1 >many.hp
"$HP2PS" -o many.folded many.hp
read_back many many.folded "$(census_total many.hp)"
"$HP2PS" --from=0.02 --to=0.2 -o window.folded "$ICY/where-hc-L5000.hp"
read_back window window.folded

finish

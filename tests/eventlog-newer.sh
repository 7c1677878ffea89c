#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# eventlog-newer.sh: real eventlogs of GHC 9.10.3 (tests/data/eventlog-ghc-9.10,
# its README says how each was made), the newest GHC Debian has:
#   - every complete log against the .hp its run wrote, sample by sample
#     (tests/test_eventlog), the two killed with a flush interval too;
#   - -hi: each band's values are those the .hp gives its address, and what
#     the bands export tells of it is ghc-events' reading of the IPE event
#     (NAME.ipe.tsv); an address without one keeps its hex name;
#   - the run killed without a flush interval: one line saying what to do.
. "$(dirname "$0")/lib.sh"
all() { eval "$1"; }
need python3
tool=$(dirname "$HP2PS")/tests/test_eventlog
dir=$TESTDATA/eventlog-ghc-9.10

logs=()
for f in "$dir"/*.eventlog; do
    case $f in *-killed.eventlog) continue ;; esac
    logs+=("$f")
done
"$tool" "${logs[@]}" >compare.txt 2>compare-err.txt
RC=$?
summary=$(tail -n 1 compare.txt)
check "${#logs[@]} GHC 9.10 logs the same as their .hp ($summary)" \
    all '[ "$RC" -eq 0 ] && [ "${#logs[@]}" -eq 16 ]'
[ "$RC" -eq 0 ] || grep -v ' same$' compare.txt compare-err.txt >&2

for name in newer-hi newer-hi-prof; do
    "$HP2PS" -t0 -m0 -o "$name.json" "$dir/$name.eventlog" 2>/dev/null
    check "$name: each band is its .hp address, named by ghc-events' IPE reading" \
        python3 - "$name.json" "$dir/$name.hp" "$dir/$name.ipe.tsv" <<'EOF'
import json, sys
js, hp, tsv = sys.argv[1:]
d = json.load(open(js))
# ghc-events' rows: address first; a field may hold a newline
ipe = {}
for line in open(tsv, encoding="utf-8").read().split("\n0x"):
    f = line.removeprefix("0x").split("\t")
    ipe["0x" + f[0]] = f[1:]
assert len(ipe) > 100, len(ipe)
keys = ["table", "closure type", "type", "label", "module", "location"]
addr = []
for name, det in zip(d["bands"], d["band_details"]):
    if det is None:
        assert name.startswith("0x") and name not in ipe, name
        addr.append(name)
    else:
        assert [det[k] for k in keys] == ipe[det["address"]], (name, det)
        addr.append(det["address"])
assert len(set(addr)) == len(addr)
named = sum(x is not None for x in d["band_details"])
assert named >= 10, named
# the .hp, sample by sample: {address: bytes}
samples, cur = [], None
for line in open(hp):
    if line.startswith("BEGIN_SAMPLE"):
        cur = {}
    elif line.startswith("END_SAMPLE"):
        samples.append(cur)
    elif cur is not None:
        k, v = line.rsplit("\t", 1)
        cur[k] = cur.get(k, 0) + int(v)
assert len(samples) == len(d["samples"]) >= 8, (len(samples), len(d["samples"]))
for s, t in zip(samples, d["samples"]):
    got = {a: v for a, v in zip(addr, t["values"]) if v}
    assert got == {a: v for a, v in s.items() if v}, t["time"]
EOF
done

expect_error 1 "^hp2ps: .*/newer-hT-killed.eventlog: no complete heap census in the eventlog yet .*--eventlog-flush-interval=1 so that a killed run keeps its censuses\)$" \
    -o k.ps "$dir/newer-hT-killed.eventlog"
# a killed -hi run: the advice is the run's own flag (its PROGRAM_ARGS,
# all the log kept), not -hT
expect_error 1 "^hp2ps: .*/newer-hi-killed.eventlog: no complete heap census .*run the program with \+RTS -hi -l and let it finish" \
    -o k.ps "$dir/newer-hi-killed.eventlog"
finish

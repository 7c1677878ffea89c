#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# slopes.sh: --slopes says the growth the graph shows.  The key's figure
# (read back from the PDF) is each band's least-squares slope over the
# censuses from the first to the last that holds data, computed here from
# the .hp alone; the empty censuses the RTS writes at start and at exit
# are not a rise and a collapse the fit follows.  On a real GHC leak at
# the default -i0.1 (tests/data/fastleak) that is within 2 % of the
# growth between the first and the last census with data, where the fit
# over every census said a fifth of it; beside slowleak's flat buffer,
# the buffer is flat and the leak is on top under --sort=gradient.
. "$(dirname "$0")/lib.sh"
need pdftotext python3

# key_and_truth FILE.hp [FLAGS]: per band "name<TAB>key's figure<TAB>
# least squares over the censuses with data<TAB>growth from the
# first to the last census with data<TAB>half the key's last digit", in
# bytes a second.
key_and_truth() {
    local hp=$1; shift
    "$HP2PS" --slopes -t0 "$@" "$hp" -o key.pdf || return 1
    pdftotext -layout key.pdf key.txt || return 1
    python3 - "$hp" key.txt <<'PY'
import re, sys
hp, key = sys.argv[1], sys.argv[2]
times, values, t = [], {}, None
for line in open(hp, encoding="utf-8", errors="replace"):
    w = line.split()
    if not w:
        continue
    if w[0] == "BEGIN_SAMPLE":
        t = float(w[1]); times.append(t)
    elif w[0] in ("END_SAMPLE", "JOB", "DATE", "SAMPLE_UNIT", "VALUE_UNIT", "MARK"):
        continue
    elif t is not None:
        values.setdefault(" ".join(w[:-1]), {})[t] = int(w[-1])
held = [s for s in times if any(v.get(s, 0) for v in values.values())]
last = held[-1]
span = [s for s in times if held[0] <= s <= last]
u = [s - span[0] for s in span]
n, su, suu = len(u), sum(u), sum(x * x for x in u)
scale = {"B": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}
for line in open(key, encoding="utf-8"):
    m = re.search(r"\d+(?:\.\d+)?%\s+([+-]?[\d.]+) (k|M|G)?B/s\s+(\S.*?)\s*$", line)
    if not m:
        continue
    unit = scale[(m.group(2) or "") + "B"]
    name, shown = m.group(3), float(m.group(1)) * unit
    digits = len(m.group(1).split(".")[1]) if "." in m.group(1) else 0
    half = 0.5 * 10 ** -digits * unit
    if name not in values:
        continue
    d = values[name]
    sv = sum(d.get(s, 0) for s in span)
    suv = sum(x * d.get(s, 0) for x, s in zip(u, span))
    lsq = (n * suv - su * sv) / (n * suu - su * su)
    first = min(s for s in held if s in d)
    growth = (d.get(last, 0) - d[first]) / (last - first) if last > first else 0
    print("%s\t%.6g\t%.6g\t%.6g\t%.6g" % (name, shown, lsq, growth, half))
PY
}

# ---- a real leak at -i0.1: five censuses, the last empty -------------------
key_and_truth "$TESTDATA/fastleak/fastleak-hT.hp" --include '^ghc-prim:GHC\.Types\.(:|I#)$' >fast.tsv
check "fastleak: the key has the two bands' slopes ($(cat fast.tsv))" [ "$(wc -l <fast.tsv)" -eq 2 ]
while IFS=$'\t' read -r name shown lsq growth half; do
    check "fastleak $name: the key says $shown, the fit over the censuses with data $lsq" \
        python3 -c "import sys; sys.exit(abs($shown - $lsq) > $half)"
    check "fastleak $name: the key says $shown, the data grows $growth a second" \
        python3 -c "import sys; a, b = $shown, $growth; sys.exit(abs(a - b) > 0.02 * abs(b))"
done <fast.tsv

# ---- a slow leak beside a flat buffer, -hc (tests/data/slowleak) ------------
key_and_truth "$TESTDATA/slowleak/leak-hc.hp" >slow.tsv
check "slowleak: slopes in the key ($(wc -l <slow.tsv))" [ "$(wc -l <slow.tsv)" -ge 8 ]
while IFS=$'\t' read -r name shown lsq growth half; do
    check "slowleak $name: the key says $shown, the fit over the censuses with data $lsq" \
        python3 -c "import sys; sys.exit(abs($shown - $lsq) > $half)"
done <slow.tsv
# The 60 MB buffer is held flat from the first census to the last: no
# growth, whatever the RTS's empty census at start; the leak (the map's
# spine, +114 kB/s as --top measures it) leads the gradient's order.
buffer=$(awk -F'\t' '$1 ~ /buffer/ { print $2 }' slow.tsv)
check "slowleak: the flat buffer's slope is under 1 kB/s either way (${buffer:-none})" \
    python3 -c "import sys; sys.exit(not abs(float('${buffer:-nan}')) < 1000)"
"$HP2PS" --slopes -t0 --sort=gradient "$TESTDATA/slowleak/leak-hc.hp" -o order.pdf
first=$(pdftotext -layout order.pdf - | grep -m1 -oE '[+-][0-9.]+ (k|M|G)?B/s +\S+')
check "slowleak --sort=gradient: the leak first in the key ($first)" \
    eval '[[ "$first" == "+113."*" kB/s (319)grow."* ]]'

finish

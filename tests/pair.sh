#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# pair.sh: several profiles and --diff pair bands by their name less the
# RTS's "(N)" stack or retainer-set number, which moves on a recompile.
# A real pair of profiles of one program built twice (tests/data/recompile,
# made with GHC) diffs to near zero and shares its colours across the
# panels; renumbered copies of corpus profiles diff as the originals do;
# a band that cannot be paired is named in a warning.
. "$(dirname "$0")/lib.sh"
need python3 pdftotext
R=$TESTDATA/recompile

# The diff's grid and bands, from an HTML page's data.
cat >data.py <<'PY'
import json, re, sys
ARROW = "\u2192"
def data(path):
    text = open(path, encoding="utf-8").read()
    return json.loads(re.search(r'id="hp2ps-data">(.*?)</script>', text, re.S).group(1))
def bare(name):
    """The name less its "(N)" or paired "(N1→N2)"."""
    m = re.match(r"\((\d+(" + ARROW + r"\d+)*)\)", name)
    return name[m.end():] if m else name
def profile(path):
    """times, totals and each name's total, from an .hp file."""
    t, tot, names, cur, T = [], [], {}, 0, None
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        line = line.rstrip("\n")
        if line.startswith("BEGIN_SAMPLE"):
            T, cur = float(line.split()[1]), 0
        elif line.startswith("END_SAMPLE"):
            t.append(T); tot.append(cur)
        elif "\t" in line and T is not None:
            name, v = line.rsplit("\t", 1)
            cur += int(v); names[name] = names.get(name, 0) + int(v)
    return t, tot, names
def area(t, y):
    return sum((t[i + 1] - t[i]) * (y[i] + y[i + 1]) / 2 for i in range(len(t) - 1))
cmd = sys.argv[1]
if cmd == "moved":
    # How much the diff moves (the area of |change| over every band) per
    # byte-second of the first profile: 0 for no change, 2 when every
    # band went away and came back under another name.
    d = data(sys.argv[2]); p = d["panels"][0]
    moved = area(p["t"], [sum(abs(x) for x in row) for row in p["values"]])
    t, tot, _ = profile(sys.argv[3])
    print("%.4f" % (moved / area(t, tot)))
elif cmd == "counts":
    # Every name less "(N)" is a band of the diff at most as often as one
    # of the two profiles has it.
    d = data(sys.argv[2])
    seen = {}
    for b in d["bands"]:
        seen[bare(b["name"])] = seen.get(bare(b["name"]), 0) + 1
    most = {}
    for path in sys.argv[3:5]:
        per = {}
        for n in profile(path)[2]:
            per[bare(n)] = per.get(bare(n), 0) + 1
        for n, k in per.items():
            most[n] = max(most.get(n, 0), k)
    bad = [(n, k, most.get(n, 0)) for n, k in seen.items() if n != "OTHER" and k > most.get(n, 0)]
    print(len(d["bands"]), "bands; over:", bad[:5])
    sys.exit(1 if bad else 0)
elif cmd == "zero":
    # Every value of the diff is 0.
    p = data(sys.argv[2])["panels"][0]
    worst = max((abs(x) for row in p["values"] for x in row), default=0)
    print("largest change", worst)
    sys.exit(0 if worst == 0 else 1)
elif cmd == "colours":
    # Every band of a lone graph has its colour on the page of it and
    # another profile: the page's "(N→M)NAME" is the lone "(N)NAME".
    def first(name):
        m = re.match(r"\((\d+)", name)
        return (m.group(1) if m else None, bare(name))
    lone, page = data(sys.argv[2]), data(sys.argv[3])
    on_page = {first(b["name"]): b["colour"] for b in page["bands"]}
    bad = [(b["name"], b["colour"], on_page.get(first(b["name"])))
           for b in lone["bands"] if on_page.get(first(b["name"])) != b["colour"]]
    print(len(lone["bands"]), "bands; not alike:", bad[:3])
    sys.exit(1 if bad else 0)
elif cmd == "same":
    # Two pages' data are the same but for the numbers in the names and
    # where the page puts things (longer names in the key leave the graph
    # narrower): the same bands in the same order, colours and values.
    a, b = data(sys.argv[2]), data(sys.argv[3])
    for d in (a, b):
        for band in d["bands"]:
            band["name"] = bare(band["name"])
            band.pop("box", None)
        for p in d["panels"]:
            p.pop("title", None)
            p.pop("plot", None)
            # the ranking of what grew (the Suspects view): names as --top
            # shows them, "(N)" kept where two read alike
            for r in p.get("suspects", {}).get("rows", []):
                r["name"] = bare(r["name"])
    sys.exit(0 if a == b else 1)
PY

# renumber IN OUT K: every name's leading "(N)" becomes "(N+K)".
renumber() {
    python3 - "$1" "$2" "$3" <<'PY'
import re, sys
src, dst, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(src, "rb") as f, open(dst, "wb") as g:
    for line in f:
        g.write(re.sub(rb"^\((\d+)\)", lambda m: b"(%d)" % (int(m.group(1)) + k), line))
PY
}

# ---- one program built twice (GHC's numbers moved by the rebuild) ----
run_hp2ps --diff -o hc.html "$R/before-hc.hp" "$R/after-hc.hp"
check "recompiled -hc --diff: exit 0, no warning" eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
moved=$(python3 data.py moved hc.html "$R/before-hc.hp")
check "recompiled -hc --diff moves little ($moved of the heap's area; 2 if unpaired)" \
    awk -v m="$moved" 'BEGIN { exit !(m < 0.1) }'
check "recompiled -hc --diff: one band per stack" \
    python3 data.py counts hc.html "$R/before-hc.hp" "$R/after-hc.hp"
run_hp2ps -c --diff -o hc.pdf "$R/before-hc.hp" "$R/after-hc.hp"
pdftotext -layout hc.pdf hc.txt
check "recompiled -hc --diff: the key names a pair with both numbers ((301→N)table)" \
    grep -Eq "\(301→[0-9]+\)table/main" hc.txt
check "recompiled -hc --diff: the key has no unpaired (N)table" \
    eval '! grep -Eq "\([0-9]+\)table" hc.txt'
for flags in "" "-t0 -m0"; do
    run_hp2ps $flags --diff -o hr.html "$R/before-hr.hp" "$R/after-hr.hp"
    check "recompiled -hr --diff $flags: exit 0" [ "$RC" -eq 0 ]
    moved=$(python3 data.py moved hr.html "$R/before-hr.hp")
    check "recompiled -hr --diff $flags moves little ($moved)" \
        awk -v m="$moved" 'BEGIN { exit !(m < 0.1) }'
    check "recompiled -hr --diff $flags: a retainer set is one band, not one per number" \
        python3 data.py counts hr.html "$R/before-hr.hp" "$R/after-hr.hp"
done

# The panels of both builds on one page: read back from the SVG, every
# colour of a band in one panel is drawn in the other (the same stack,
# the same colour).  Panels are 432 pt boxes from 81.5 pt down.
cat >panels.py <<'PY'
import re, sys
svg = open(sys.argv[1], encoding="utf-8").read()
where = {}
for m in re.finditer(r"<path ([^>]*)>", svg):
    a = m.group(1)
    f = re.search(r"fill:rgb\(([\d.]+)%,([\d.]+)%,([\d.]+)%\)", a)
    d = re.search(r' d="([^"]*)"', a)
    if not f or not d:
        continue
    rgb = tuple(round(float(x)) for x in f.groups())
    if len(set(rgb)) == 1:
        continue  # black, white and greys: frames, text, OTHER
    nums = [float(x) for x in re.findall(r"-?[\d.]+", d.group(1))]
    xs, ys = nums[0::2], nums[1::2]
    if max(xs) - min(xs) < 20 and max(ys) - min(ys) < 20:
        continue  # a key swatch
    where.setdefault(rgb, set()).add(int(((min(ys) + max(ys)) / 2 - 81.5) // 432))
print(sorted(where.items()))
sys.exit(0 if where and all(w == {0, 1} for w in where.values()) else 1)
PY
for h in hc hr; do
    run_hp2ps -c -o "both-$h.svg" "$R/before-$h.hp" "$R/after-$h.hp"
    check "recompiled -$h, two panels: every band colour is in both panels" \
        python3 panels.py "both-$h.svg"
done

# ---- renumbered copies of corpus profiles ----
# after.hp: the profile with every value of a third of its names (all the
# bands of one name less "(N)" alike) doubled and one name gone; after-r:
# the same, every "(N)" moved up by 1000.
cat >perturb.py <<'PY'
import re, sys
lines = open(sys.argv[1], "rb").read().split(b"\n")
bare = lambda n: re.sub(rb"^\(\d+\)", b"", n)
names = sorted({bare(l.rsplit(b"\t", 1)[0]) for l in lines if b"\t" in l})
double = set(names[::3])
gone = names[1]
out = []
for l in lines:
    if b"\t" in l:
        n, v = l.rsplit(b"\t", 1)
        if bare(n) == gone:
            continue
        if bare(n) in double:
            l = n + b"\t" + str(2 * int(v)).encode()
    out.append(l)
open(sys.argv[2], "wb").write(b"\n".join(out))
PY
for f in deepstack-hr-L60 wordfreq-hr mapbuild-hc leakmean-hc; do
    renumber "$TESTDATA/$f.hp" "$f-r.hp" 1000
    run_hp2ps --diff -o "$f-self.html" "$TESTDATA/$f.hp" "$f-r.hp"
    check "$f against itself renumbered: exit 0, no warning" \
        eval '[ "$RC" -eq 0 ] && [ ! -s err.txt ]'
    check "$f against itself renumbered: no change anywhere" \
        python3 data.py zero "$f-self.html"
    python3 perturb.py "$TESTDATA/$f.hp" "$f-after.hp"
    renumber "$f-after.hp" "$f-after-r.hp" 1000
    for flags in "-c" "-t0 -m0"; do
        run_hp2ps $flags --diff -o "$f-d.html" "$TESTDATA/$f.hp" "$f-after.hp"
        run_hp2ps $flags --diff -o "$f-dr.html" "$TESTDATA/$f.hp" "$f-after-r.hp"
        check "$f $flags: --diff against a renumbered after is the diff against after" \
            python3 data.py same "$f-d.html" "$f-dr.html"
    done
done
run_hp2ps -c -o self.svg "$TESTDATA/mapbuild-hc.hp" mapbuild-hc-r.hp
check "mapbuild-hc and itself renumbered, two panels: the same colours" python3 panels.py self.svg
for f in mapbuild-hc wordfreq-hr deepstack-hr-L60; do
    for flags in "" "-t0 -m0"; do
        run_hp2ps -c $flags -o lone.html "$TESTDATA/$f.hp"
        run_hp2ps -c $flags -o page.html "$TESTDATA/$f.hp" "$f-r.hp"
        check "$f $flags: a lone graph's colours are its colours beside itself renumbered" \
            python3 data.py colours lone.html page.html
    done
done

# ---- what cannot be paired ----
printf 'JOB "b"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >b.hp
printf 'JOB "a"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >a.hp
for t in 0 1 2; do
    printf 'BEGIN_SAMPLE %d\n(1)x\t3000000\n(2)x\t1000000\nEND_SAMPLE %d\n' "$t" "$t" >>b.hp
    printf 'BEGIN_SAMPLE %d\n(7)x\t3000000\nEND_SAMPLE %d\n' "$t" "$t" >>a.hp
done
run_hp2ps --diff -t0 -o u.pdf b.hp a.hp # (-t0: the pair does not change)
check "two stacks named x before, one after: exit 0" [ "$RC" -eq 0 ]
check "the warning names the one left over, (2)x (largest paired with largest)" \
    grep -Eq '^hp2ps: warning: b\.hp: \(2\)x could not be paired' err.txt
pdftotext -layout u.pdf u.txt
check "the key shows the pair and the one left over, as a fall" \
    eval 'grep -Eq "0 bytes +\(1→7\)x\$" u.txt && grep -Eq "−1\\.0 MB +\(2\)x\$" u.txt'

# ---- a band -t drops from one profile only ----
# (3)s is 0.5 % of before (under -t1's 1 %), (4)s 2 % of after: the diff
# has the band and its true change, +150 kB, not after's whole 200 kB.
printf 'JOB "b"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >tb.hp
printf 'JOB "a"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' >ta.hp
for t in 0 1 2; do
    printf 'BEGIN_SAMPLE %d\n(1)A\t10000000\n(3)s\t50000\nEND_SAMPLE %d\n' "$t" "$t" >>tb.hp
    printf 'BEGIN_SAMPLE %d\n(2)A\t10000000\n(4)s\t200000\nEND_SAMPLE %d\n' "$t" "$t" >>ta.hp
done
run_hp2ps --diff -o t.pdf tb.hp ta.hp
pdftotext -layout t.pdf t.txt
check "a band under -t in before only: its change is after minus before (+150.0 kB)" \
    grep -Eq '\+150\.0 kB +\(3→4\)s$' t.txt
check "... and the title says so" grep -q 'up to +150.0 kB' t.txt
finish

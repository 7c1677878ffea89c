#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# topdraw.sh: with --top the drawing shows the leak.  On the real profile
# whose Data.Map grows beside a flat 60 MB buffer (tests/data/slowleak),
# the default drawing has one band, the buffer (-t1 removes the map); with
# --top the names triage calls leaks are bands of their own whatever -t
# and -m say, on top of the stack whatever the order, marked LEAK in the
# key (--diff: GREW) as the line under the title names them.  Read back:
# the key's text (pdftotext), the SVG's paths (tests/tools/svg_bands.py),
# the .aux's ORDER, the title's totals and the note of what is not drawn
# (computed again from the .hp); without --top nothing changes but the
# note's pointer to --top.
. "$(dirname "$0")/lib.sh"
need python3 pdftotext gs convert
S=$TESTDATA/slowleak
TOOLS=$TESTDATA/../tools
all() { eval "$1"; }

# The text of FILE's drawing (PDF, or PostScript through gs), as lines.
text_of() {
    case $1 in
    *.pdf) pdftotext -raw "$1" - 2>/dev/null ;;
    *) gs -q -dSAFER -dBATCH -dNOPAUSE -dEPSCrop -sDEVICE=pdfwrite -sOutputFile=ps.pdf "$1" 2>/dev/null
       pdftotext -raw ps.pdf - 2>/dev/null ;;
    esac
}
# The key's entries of a text: the lines that start with a share.
key_of() { grep -E '^(<?[0-9.]+%|[+−][0-9.]+ [kMG]?B|[+−][0-9.]+ bytes) ' "$1"; }
# The .aux's ORDER lines as "NUMBER NAME", top first.
order_of() { sed -n 's/^ORDER \(.*\) \([0-9]*\)$/\2 \1/p' "$1" | sort -rn; }

MAP='(319)grow.\/grow/main.loop...'
KEYS='(317)grow.keys/grow/main.l...'
BUF='(311)buffer/main.buf/main'

# ---- 1. the real leak: drawn, on top, marked ---------------------------------------------
"$HP2PS" -c -o plain.pdf "$S/leak-hc.hp" && text_of plain.pdf >plain.txt
cp leak-hc.aux plain.aux
"$HP2PS" --top -c -o top.pdf "$S/leak-hc.hp" && text_of top.pdf >top.txt
cp leak-hc.aux top.aux
key_of plain.txt >plain.key
key_of top.txt >top.key
check "without --top the key is the buffer alone: $(tr '\n' '|' <plain.key)" \
    all '[ "$(wc -l <plain.key)" -eq 1 ] && grep -qF "$BUF" plain.key'
check "with --top the key is not the map, its keys and the buffer, top first: $(tr '\n' '|' <top.key)" \
    all '[ "$(wc -l <top.key)" -eq 3 ] && sed -n 1p top.key | grep -qF "LEAK $MAP" &&
         sed -n 2p top.key | grep -qF "LEAK $KEYS" && sed -n 3p top.key | grep -qF "$BUF"'
check "the buffer's entry is marked a leak" all '! sed -n 3p top.key | grep -q LEAK'
# the key and the line under the title name the same leaks
line=$(grep '^leak suspects (--top): ' top.txt)
names_line=$(printf '%s\n' "$line" | sed 's/^leak suspects (--top): //' | tr ';' '\n' |
             sed 's/^ *//; s/ [+−][0-9.]* [kMG]*B, .*//' | sort)
names_key=$(grep LEAK top.key | sed 's/.*LEAK (\([0-9]*\))//' | sort)
check "the line and the key name other leaks: [$names_line] [$names_key]" \
    [ -n "$names_key" ] && [ "$names_line" = "$names_key" ]
# the .aux: the leaks at the top of the order
check "the .aux does not order the map, its keys, the buffer from the top: $(order_of top.aux | tr '\n' '|')" \
    [ "$(order_of top.aux | tr '\n' '|')" = "3 $MAP|2 $KEYS|1 $BUF|" ]
check "without --top the .aux names the map" all '! grep -q "grow" plain.aux'
# the title's totals are the profile's, with or without the bands
title() { grep -o '[0-9,]* bytes × seconds, peak [0-9.]* MB at [0-9.]* s' "$1"; }
check "the title's totals differ with --top: $(title top.txt)" \
    all '[ -n "$(title top.txt)" ] && [ "$(title top.txt)" = "$(title plain.txt)" ]'

# The note of what is not drawn, computed again from the .hp: the names
# not in the .aux (the bands drawn), their largest sum in one sample,
# its share of that sample and when.
note_is_exact() { # TEXT AUX
    python3 - "$S/leak-hc.hp" "$1" "$2" <<'PY'
import re, sys
hp, text, aux = sys.argv[1:]
drawn = {m.group(1) for m in re.finditer(r"^ORDER (.*) \d+$", open(aux).read(), re.M)}
samples, cur = [], None
for line in open(hp, encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("BEGIN_SAMPLE"):
        cur = (float(line.split()[1]), {})
    elif line.startswith("END_SAMPLE"):
        samples.append(cur)
    elif cur is not None and "\t" in line:
        name, _, v = line.rpartition("\t")
        cur[1][name] = cur[1].get(name, 0) + max(int(v), 0)
names = {n for _, d in samples for n, v in d.items() if v > 0}
hidden = names - drawn
best = max(samples, key=lambda s: sum(v for n, v in s[1].items() if n in hidden))
most = sum(v for n, v in best[1].items() if n in hidden)
share = 100 * most / sum(best[1].values())
m = re.search(r"not drawn: (\d+) names under -t1's 1 % of the total, up to ([0-9.]+) MB "
              r"\(([0-9.]+) % of its sample\) at ([0-9.]+) s", open(text).read())
assert m, "no note"
assert int(m.group(1)) == len(hidden), (m.group(0), len(hidden))
assert abs(float(m.group(2)) - most / 1e6) <= 0.051, (m.group(0), most)
assert abs(float(m.group(3)) - share) <= 0.051, (m.group(0), share)
assert abs(float(m.group(4)) - best[0]) <= 0.0051, (m.group(0), best[0])
PY
}
check "--top: the note of what is not drawn is not the .hp's" note_is_exact top.txt top.aux
check "without: the note of what is not drawn is not the .hp's" note_is_exact plain.txt plain.aux
check "--top: the note counts 8 names: $(grep '^not drawn' top.txt)" grep -q '^not drawn: 8 names ' top.txt
# the note points to --top only without it
check "without --top the note does not say --top ranks what grew: $(grep '^not drawn' plain.txt)" \
    grep -q '; -t0 draws them, --top ranks what grew$' plain.txt
check "with --top the note still points to it" grep -q '; -t0 draws them$' top.txt

# ---- 2. the SVG's paths: the map on top, as thick as its bytes -----------------------
"$HP2PS" --top -c -o top.svg "$S/leak-hc.hp"
python3 "$TOOLS/svg_bands.py" top.svg >top.json
# the last census that holds anything: each name's bytes there
python3 - "$S/leak-hc.hp" >last.txt <<'PY'
import sys
cur, last = None, None
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("BEGIN_SAMPLE"):
        cur = {}
    elif line.startswith("END_SAMPLE"):
        if cur:
            last = cur
    elif cur is not None and "\t" in line:
        name, _, v = line.rpartition("\t")
        cur[name] = cur.get(name, 0) + int(v)
for name in ("(319)grow.\\/grow/main.loop...", "(317)grow.keys/grow/main.l...",
             "(311)buffer/main.buf/main"):
    print(last[name])
PY
# its x: the right end of the stack's top edge, less the fall to 0 at the exit's census
x=$(python3 -c '
import json, sys
d = json.load(open("top.json"))
print(max(x for b in d["bands"] for x, y in b["points"] if y < d["foot"] - 1))')
python3 "$TOOLS/svg_bands.py" top.svg at "$x" >thick.json
check "the SVG does not draw three bands in the key's colours, the map on top: $(head -c 300 top.json)" \
    python3 -c '
import json, sys
d = json.load(open("top.json"))
sys.exit(not ([b["fill"] for b in d["bands"]] == d["swatches"] and len(d["swatches"]) == 3))'
check "the map's band is not as thick as its bytes on the buffer's scale: $(cat thick.json)" \
    python3 -c '
import json, sys
t = [v for _, v in json.load(open("thick.json"))]
b = [int(v) for v in open("last.txt")]
scale = t[2] / b[2]
sys.exit(not (all(abs(t[i] - scale * b[i]) < 0.02 for i in range(2)) and t[0] > 2 and t[1] > 0.4))'
echo "topdraw: the map's bands at the right end: $(cat thick.json) points (A4 landscape)"

# ---- 3. PNG, PostScript, EPS and the page: the same bands --------------------------------
"$HP2PS" --top -c -o top.png "$S/leak-hc.hp"
# the map's colour (the key's first swatch) fills pixels in the graph, not only its swatch
rgb=$(python3 -c '
import json, re
f = json.load(open("top.json"))["swatches"][0]
print(",".join(str(int(float(v) * 2.55 + 0.5)) for v in re.findall(r"[0-9.]+", f)))')
# pixels of that colour left of the key (the graph), and in all
pixels() { convert top.png "$@" -format %c histogram:info:- | grep -F "($rgb)" | awk '{ print $1 + 0 }'; }
n=$(pixels) graph=$(pixels -crop 60%x100%+0+0)
check "PNG: the map's colour is not in the graph (${graph:-0} of ${n:-0} pixels left of the key)" \
    [ "${graph:-0}" -gt 300 ]
for ext in ps eps; do
    "$HP2PS" --top -c -o "top.$ext" "$S/leak-hc.hp" && text_of "top.$ext" >"top-$ext.txt"
    check "$ext: the key does not mark the map" grep -qF "LEAK $MAP" "top-$ext.txt"
done
"$HP2PS" --top -c -o top.html "$S/leak-hc.hp"
check "the HTML page's data has no band for the map" grep -qF 'grow.\\/grow/main.loop...' top.html

# ---- 4. whatever the order: -p, -i, -d, --sort=gradient; -m -------------------------------
printf 'ORDER %s 1\nORDER %s 2\nORDER %s 3\n' "$MAP" "$KEYS" "$BUF" >first.aux
for flags in "-p" "-i" "-d" "--sort=gradient --slopes" "-i -d"; do
    cp first.aux leak-hc.aux
    # shellcheck disable=SC2086
    "$HP2PS" --top $flags -o o.pdf "$S/leak-hc.hp" && text_of o.pdf >o.txt
    # (among themselves the leaks take the order asked for: -p's puts the
    # map below its keys)
    check "--top $flags: the leaks are not on top: $(key_of o.txt | tr '\n' '|')" \
        all '[ "$(key_of o.txt | head -n 2 | grep -c LEAK)" -eq 2 ] && key_of o.txt | sed -n 3p | grep -qF "$BUF"'
    check "--top $flags: the .aux does not keep the leaks on top" \
        all 'order_of leak-hc.aux | sed -n 3p | grep -qF "1 $BUF"'
done
check "--top -i -d: not -i's order among the leaks" all 'key_of o.txt | sed -n 1p | grep -qF "$MAP"'
cp first.aux leak-hc.aux
"$HP2PS" --top -p -o o.pdf "$S/leak-hc.hp" && text_of o.pdf >o.txt
check "--top -p: not -p's order among the leaks" all 'key_of o.txt | sed -n 1p | grep -qF "$KEYS"'
# -m2: the two leaks take the room; the buffer (and the rest, had -t kept any) go to OTHER
"$HP2PS" --top -m2 -t0 -o m.pdf "$S/leak-hc.hp" && text_of m.pdf >m.txt
check "--top -m2 -t0: not the leaks and OTHER: $(key_of m.txt | tr '\n' '|')" \
    all '[ "$(key_of m.txt | wc -l)" -eq 3 ] && key_of m.txt | sed -n 3p | grep -q " OTHER$" &&
         [ "$(key_of m.txt | grep -c LEAK)" -eq 2 ]'
"$HP2PS" --top -m4 -t0 -o m.pdf "$S/leak-hc.hp" && text_of m.pdf >m.txt
check "--top -m4 -t0: more than 4 bands, or no OTHER: $(key_of m.txt | tr '\n' '|')" \
    all '[ "$(key_of m.txt | wc -l)" -eq 4 ] && key_of m.txt | sed -n 4p | grep -q " OTHER$"'

# ---- 5. no leak: the picture without --top, and the line -------------------------------------
"$HP2PS" -c -o fixed.svg "$S/fixed-hc.hp" && cp fixed-hc.aux fixed-plain.aux
"$HP2PS" --top -c -o fixed-top.svg "$S/fixed-hc.hp"
check "fixed: the .aux differs with --top" cmp -s fixed-hc.aux fixed-plain.aux
check "fixed: other bands with --top" python3 -c '
import json, subprocess, sys
a, b = (json.loads(subprocess.check_output([sys.executable, sys.argv[1], f])) for f in sys.argv[2:])
sys.exit(not ([x["fill"] for x in a["bands"]] == [x["fill"] for x in b["bands"]] and
              a["swatches"] == b["swatches"] and len(a["bands"]) == 1))' \
    "$TOOLS/svg_bands.py" fixed.svg fixed-top.svg
"$HP2PS" --top -o fixed.pdf "$S/fixed-hc.hp" && text_of fixed.pdf >fixed.txt
check "fixed: a key entry marked" all '! grep -q LEAK fixed.txt'

# ---- 6. other breakdowns: -hy's Map, -hd's Bin -------------------------------------------------
for f in leak-hy:Map leak-hd:Bin; do
    "$HP2PS" --top -o b.pdf "$S/${f%%:*}.hp" && text_of b.pdf >b.txt
    check "${f%%:*}: ${f#*:} is not the key's first entry, a leak: $(key_of b.txt | head -n 2 | tr '\n' '|')" \
        all 'key_of b.txt | sed -n 1p | grep -qE " LEAK ${f#*:}$"'
    "$HP2PS" -o b.pdf "$S/${f%%:*}.hp" && text_of b.pdf >b.txt
    check "${f%%:*}: ${f#*:} drawn without --top" all '! key_of b.txt | grep -qE " ${f#*:}$"'
done

# ---- 7. 647 bands and a slow leak: -m merges it, --top does not -----------------------------
python3 "$TOOLS/many_bands.py" 647 400 1 |
    awk '/^END_SAMPLE/ { k++; printf "leakyMap/go/loop/run.it/run/main\t%d\n", k * 150 } { print }' >many.hp
"$HP2PS" -c -o many.pdf many.hp && text_of many.pdf >many.txt
"$HP2PS" --top -c -o many-top.pdf many.hp && text_of many-top.pdf >many-top.txt
check "647 bands: the leak drawn without --top" all '! grep -q leakyMap many.txt'
check "647 bands: not 20 entries, the leak first: $(key_of many-top.txt | head -n 2 | tr '\n' '|')" \
    all '[ "$(key_of many-top.txt | wc -l)" -eq 20 ] &&
         key_of many-top.txt | sed -n 1p | grep -qF "LEAK leakyMap/go/loop/run.it/run/main"'
check "647 bands: the line does not name the leak the key marks: $(grep suspects many-top.txt)" \
    grep -qF 'leak suspects (--top): leakyMap/go/loop/run.it/run/main +59.9 kB, 100 % held' many-top.txt
check "647 bands: the title's totals differ" \
    [ "$(grep -o '[0-9,]* bytes × seconds' many.txt)" = "$(grep -o '[0-9,]* bytes × seconds' many-top.txt)" ]

# ---- 8. --diff --top: what grew drawn whatever -m says, on top, GREW --------------------------
B=$S/fixed-hc-spike4.hp
"$HP2PS" --diff -m2 -o d.pdf "$B" "$S/leak-hc.hp" && text_of d.pdf >d.txt
"$HP2PS" --diff --top -m2 -o dt.pdf "$B" "$S/leak-hc.hp" && text_of dt.pdf >dt.txt
check "--diff -m2: the map drawn without --top" all '! grep -q "grow" d.txt'
check "--diff --top -m2: not the map and its keys on top, GREW, then OTHER: $(key_of dt.txt | tr '\n' '|')" \
    all 'key_of dt.txt | sed -n 1p | grep -qF "GREW $MAP" && key_of dt.txt | sed -n 2p | grep -qF "GREW $KEYS" &&
         key_of dt.txt | sed -n 3p | grep -q " OTHER$" && [ "$(key_of dt.txt | wc -l)" -eq 3 ]'
"$HP2PS" --diff --top -c -o dt.svg "$B" "$S/leak-hc.hp"
check "--diff --top: the SVG's bands are not the key's" python3 -c '
import json, subprocess, sys
d = json.loads(subprocess.check_output([sys.executable, sys.argv[1], sys.argv[2]]))
sys.exit(not (sorted({b["fill"] for b in d["bands"]}) == sorted(d["swatches"]) and len(d["swatches"]) == 4))' \
    "$TOOLS/svg_bands.py" dt.svg
# -t on the changes: what grew is never dropped.  hid.hp's five big
# names and its spikes (tests/tools/hidden_bands.py), and a later run
# where big0 doubled and a name grows to 100 kB: its change is under -t5's
# 5 % of all the change, and above the note's 2 % of the scale.
python3 "$TOOLS/hidden_bands.py" make 2000 >hid.hp
awk '/^BEGIN_SAMPLE/ { k++ } /^big0\t/ { $2 = $2 * 2 } /^END_SAMPLE/ { printf "grows\t%d\n", k * 50 } { print }' \
    OFS='\t' hid.hp >hid2.hp
"$HP2PS" --diff -t5 -o d5.pdf hid.hp hid2.hp && text_of d5.pdf >d5.txt
"$HP2PS" --diff --top -t5 -o dt5.pdf hid.hp hid2.hp && text_of dt5.pdf >dt5.txt
check "--diff -t5: the name that grows is drawn without --top" all '! key_of d5.txt | grep -q grows'
check "--diff -t5's note does not point to --top: $(grep '^not drawn' d5.txt)" \
    grep -q '^not drawn: .* up to 100.0 kB at .*; -t0 draws them, --top ranks what grew$' d5.txt
check "--diff --top -t5: what grew is not drawn, on top: $(key_of dt5.txt | tr '\n' '|')" \
    all 'key_of dt5.txt | sed -n 1p | grep -q "^+2.0 MB GREW big0$" &&
         key_of dt5.txt | sed -n 2p | grep -q "^+100.0 kB GREW grows$"'
check "--diff --top -t5: a note of what is drawn: $(grep '^not drawn' dt5.txt)" \
    all '! grep -q "^not drawn" dt5.txt'
finish

#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# colour.sh: -c's colours as a user sees them, read back from the SVG: a
# band keeps its colour whatever the flags (issue 12), OTHER is grey, the
# -hb names have their own colours, and --mode=lines draws lines that
# stand out on white.  Key swatches are the filled rectangles of the SVG,
# in the key's order (top first); the .aux ORDER lines name them, the
# bottom band first.
. "$(dirname "$0")/lib.sh"
need awk pdftotext

# swatches FILE.svg: the fill of each key swatch (a filled square, at most
# 30 pt wide, not white), top first, one a line.
swatches() {
    grep -E 'fill:rgb\([^)]*\)[^"]*" d="M [-0-9.]+ [-0-9.]+ L [-0-9.]+ [-0-9.]+ L [-0-9.]+ [-0-9.]+ L [-0-9.]+ [-0-9.]+ Z' "$1" |
        sed -E 's/.*fill:rgb\(([^)]*)\).*d="M ([-0-9.]+) ([-0-9.]+) L ([-0-9.]+) ([-0-9.]+) L ([-0-9.]+) ([-0-9.]+) L ([-0-9.]+) ([-0-9.]+) Z.*/\1 \2 \3 \4 \5 \6 \7 \8 \9/' |
        awk 'function abs(v) { return v < 0 ? -v : v }
             $1 != "100%,100%,100%" && $2 == $4 && $5 == $7 && $6 == $8 && $3 == $9 &&
             abs(abs($6 - $2) - abs($5 - $3)) < 0.01 && abs($6 - $2) > 0 && abs($6 - $2) <= 30 { print $1 }'
}

# names FILE.aux: the band names of the .aux ORDER lines, top first.
names() {
    awk '$1 == "ORDER" { n = $NF; s = $0; sub(/^ORDER /, "", s); sub(/ [^ ]*$/, "", s)
                         name[n] = s; if (n > max) max = n }
         END { for (k = max; k >= 1; k--) print name[k] }' "$1"
}

# colours FLAGS...: "name<TAB>colour" per band of prof.hp drawn with FLAGS.
colours() {
    rm -f prof.aux
    "$HP2PS" -c "$@" prof.hp -o prof.svg 2>err.txt || return 1
    paste <(names prof.aux) <(swatches prof.svg)
}

# same_colours A B: every name (OTHER aside) in both has one colour.
same_colours() {
    awk -F'\t' 'NR == FNR { c[$1] = $2; next }
                $1 != "OTHER" && ($1 in c) { both++; if (c[$1] != $2) { bad++; print $1 ": " c[$1] " / " $2 > "/dev/stderr" } }
                END { exit !(both > 0 && !bad) }' "$1" "$2"
}

# ---- 1. a band keeps its colour whatever the flags ---------------------------
cp "$TESTDATA/leakmean-hy.hp" prof.hp
colours -t0 >ref.txt
check "default: as many swatches as bands ($(wc -l <ref.txt))" \
    awk -F'\t' 'END { exit !(NR >= 20) } $1 == "" || $2 == "" { exit 1 }' ref.txt
check "default: twenty bands, twenty colours" \
    [ "$(cut -f2 ref.txt | sort -u | wc -l)" -eq "$(wc -l <ref.txt)" ]
for flags in "" "-i" "-d" "--sort=gradient" "-m3" "-m8" "-t0 -m40" "-t0 -i -m40" "-t5" \
             "--mode=percent" "-t0 --pattern"; do
    # shellcheck disable=SC2086
    colours $flags >got.txt
    check "-c $flags: no bands read back" [ -s got.txt ]
    check "-c $flags: a band changed colour from plain -c -t0" same_colours ref.txt got.txt
done
# OTHER is a light neutral grey.
colours -m3 >got.txt
check "-m3: OTHER is grey 80%" grep -qxF "OTHER	80%,80%,80%" got.txt

# ---- 2. several profiles and --diff: a name has one colour -----------------
# after.hp: the same names, the Int* ones three times as large, Double
# and [] twice (so that the diff, whose -t leaves out what does not
# change, has bands enough).
awk '/^(JOB|DATE|SAMPLE_UNIT|VALUE_UNIT|BEGIN_SAMPLE|END_SAMPLE|MARK)/ { print; next }
     { if ($1 ~ /^Int/) $NF = 3 * $NF; else if ($1 ~ /^(Double|\[\])$/) $NF = 2 * $NF; print }' \
    prof.hp >after.hp
# known.txt: every name, to find the key's names in pdftotext's words.
awk '!/^(JOB|DATE|SAMPLE_UNIT|VALUE_UNIT|BEGIN_SAMPLE|END_SAMPLE|MARK)/ { print $1 }' prof.hp |
    sort -u >known.txt
# key_names FILE.pdf: the key's band names, top first (the last word of a
# line of text, when it is a band name).
key_names() {
    pdftotext -bbox "$1" - | awk -v known=known.txt '
        BEGIN { while ((getline n < known) > 0) k[n] = 1 }
        /<word / { split($0, f, "\""); t = $0; sub(/.*">/, "", t); sub(/<\/word>.*/, "", t)
                   gsub(/&gt;/, ">", t); gsub(/&lt;/, "<", t); gsub(/&amp;/, "\\&", t)
                   y = sprintf("%09.3f", f[4]); last[y] = t; xs[y] = f[2] }
        END { for (y in last) if (last[y] in k) print y "\t" last[y] }' | sort | cut -f2
}
"$HP2PS" -c prof.hp after.hp -o both.svg 2>err.txt
"$HP2PS" -c prof.hp after.hp -o both.pdf 2>>err.txt
paste <(key_names both.pdf) <(swatches both.svg) >both.txt
check "several profiles: key read back ($(wc -l <both.txt) bands)" \
    awk -F'\t' 'END { exit !(NR >= 3) } $1 == "" || $2 == "" { exit 1 }' both.txt
"$HP2PS" -c --diff prof.hp after.hp -o diff.svg 2>>err.txt
"$HP2PS" -c --diff prof.hp after.hp -o diff.pdf 2>>err.txt
paste <(key_names diff.pdf) <(swatches diff.svg) >diff.txt
check "--diff: key read back ($(wc -l <diff.txt) bands)" \
    awk -F'\t' 'END { exit !(NR >= 3) } $1 == "" || $2 == "" { exit 1 }' diff.txt
check "--diff: a name's colour differs from the profiles drawn together" \
    same_colours both.txt diff.txt

# ---- 3. -hb: colours that mean something -------------------------------------
{
    printf 'JOB "bio +RTS -hb"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    for t in 0 1 2; do
        printf 'BEGIN_SAMPLE %d\nUSE %d\nLAG %d\nVOID %d\nDRAG %d\nINHERENT_USE %d\nEND_SAMPLE %d\n' \
            "$t" $((4000 + t)) $((3000 + t)) $((5000 + t)) $((2000 + t)) $((1000 + t)) "$t"
    done
} >prof.hp
for flags in "" "-i" "-m3"; do # -m3: VOID, USE and OTHER
    # shellcheck disable=SC2086
    colours $flags >bio.txt
    check "-hb $flags: VOID deep red" grep -qxF "VOID	80%,10%,10%" bio.txt
    check "-hb $flags: USE blue" grep -qxF "USE	20%,40%,70%" bio.txt
done
colours -i >bio.txt
check "-hb: LAG amber" grep -qxF "LAG	100%,80%,30%" bio.txt
check "-hb: DRAG orange" grep -qxF "DRAG	100%,40%,10%" bio.txt
check "-hb: INHERENT_USE light blue" grep -qxF "INHERENT_USE	60%,80%,100%" bio.txt

# ---- 4. --mode=lines: every line 3:1 on white at least; in black and white the
# largest band's line is black ---------------------------------------------------
# line_contrasts FILE.svg: the WCAG contrast on white of each 1.2 pt line.
line_contrasts() {
    grep -E 'stroke-width:1\.2;' "$1" | sed -E 's/.*stroke:rgb\(([^)]*)\).*/\1/' | tr -d '%' |
        awk -F, 'function lin(c) { c /= 100; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4 }
                 { y = 0.2126 * lin($1) + 0.7152 * lin($2) + 0.0722 * lin($3); printf "%.2f\n", 1.05 / (y + 0.05) }'
}
cp "$TESTDATA/leakmean-hy.hp" prof.hp
"$HP2PS" -c -t0 --mode=lines prof.hp -o lines.svg
line_contrasts lines.svg >contrast.txt
check "--mode=lines -c: lines read back ($(wc -l <contrast.txt))" [ "$(wc -l <contrast.txt)" -ge 10 ]
check "--mode=lines -c: a line below 3:1 on white ($(sort -n contrast.txt | head -n 1):1)" \
    awk '$1 < 3 { exit 1 }' contrast.txt
"$HP2PS" --mode=lines prof.hp -o lines.svg
line_contrasts lines.svg >contrast.txt
check "--mode=lines: a grey line below 3:1 on white" awk '$1 < 3 { exit 1 }' contrast.txt
# The key's first line (2.4 pt) is the largest band's.
first=$(grep -E 'stroke-width:2\.4;' lines.svg | head -n 1 | sed -E 's/.*stroke:rgb\(([^)]*)\).*/\1/')
check "--mode=lines: the largest band's line is black, not $first" [ "$first" = "0%,0%,0%" ]

# ---- 5. what a colour hangs on -----------------------------------------------
# A band's colour hangs only on its name (less "(N)") and on the bands drawn
# larger than it, in their order (man page, -c): under -i, in a --from/--to
# window and on a page of several profiles, wherever those are the ones of
# the graph of the whole profile alone, the colour is the same.  Read from
# the HTML page's key (names, colours) and shares (the order of size).
cat >promise.py <<'PY'
# promise.py LONE.html OTHER.html...: a band's colour hangs only on its
# name and on the bands drawn larger than it, in their order: wherever
# those are the same as in LONE (names less "(N)"), so is the colour.
# Among the 20 largest (past them colours repeat by the neighbours).
import json, re, sys
def data(path):
    text = open(path, encoding="utf-8").read()
    return json.loads(re.search(r'id="hp2ps-data">(.*?)</script>', text, re.S).group(1))
def bare(name):
    m = re.match(r"\((\d+(\u2192\d+)*)\)", name)
    return name[m.end():] if m else name
def view(path):
    d = data(path)
    total = {}
    for p in d["panels"]:
        for b, s in zip(p["bands"], p["share"]):
            total[b] = total.get(b, 0) + s  # a page of like profiles: summed
    order = sorted((b for b in total if d["bands"][b]["name"] != "OTHER"),
                   key=lambda b: (-total[b], bare(d["bands"][b]["name"]), d["bands"][b]["name"]))
    return [(bare(d["bands"][b]["name"]), d["bands"][b]["colour"]) for b in order]
lone = view(sys.argv[1])
bad = 0
for path in sys.argv[2:]:
    other = view(path)
    held = checked = 0
    for r, (name, colour) in enumerate(other[:20]):
        larger = [n for n, _ in other[:r]]
        for r0, (n0, c0) in enumerate(lone[:20]):
            if n0 == name and [n for n, _ in lone[:r0]] == larger:
                checked += 1
                if c0 != colour:
                    bad += 1
                    print(path, name, c0, colour)
    print(path, checked, "bands with the same larger bands")
sys.exit(1 if bad else 0)
PY
for f in wordfreq-hr mapbuild-hc deepstack-hr-L60; do
    "$HP2PS" -c -o "$f.lone.html" "$TESTDATA/$f.hp"
    "$HP2PS" -c -i -o "$f.i.html" "$TESTDATA/$f.hp"
    last=$(awk '/^BEGIN_SAMPLE/ { t = $2 } END { print t }' "$TESTDATA/$f.hp")
    "$HP2PS" -c --from "$(awk -v t="$last" 'BEGIN { print t / 4 }')" \
        --to "$(awk -v t="$last" 'BEGIN { print t * 3 / 4 }')" -o "$f.window.html" "$TESTDATA/$f.hp"
    # The profile beside a copy with its "(N)"s moved, as after a rebuild.
    awk '{ if (match($0, /^\([0-9]+\)/)) $0 = "(" substr($0, 2, RLENGTH - 2) + 1000 ")" substr($0, RLENGTH + 1)
           print }' "$TESTDATA/$f.hp" >"$f-r.hp"
    "$HP2PS" -c -o "$f.page.html" "$TESTDATA/$f.hp" "$f-r.hp"
    check "$f: -i, a window, a page beside itself renumbered keep the colours promised" \
        python3 promise.py "$f.lone.html" "$f.i.html" "$f.window.html" "$f.page.html"
done

finish

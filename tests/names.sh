#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# names.sh: every name told apart (issue 31).  The key's text is read back
# from the PDF (pdftotext -bbox): at any -e width no two entries read the
# same, what all of them lost is said in the key, and -M's key pages hold
# every name whole, however long.
. "$(dirname "$0")/lib.sh"
need pdftotext pdfinfo python3

# entries FILE.pdf: the key's names as drawn, one a line: on each text
# line, the words after a share ("12%", "<0.1%") up to the next share.
entries() {
    pdftotext -enc UTF-8 -bbox "$1" - | python3 -c '
import re, sys, html
page, words = 0, []
for line in sys.stdin:
    if "<page " in line:
        page += 1
    m = re.search(r"<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\"[^>]*>(.*?)</word>", line)
    if m:
        words.append((page, float(m.group(2)), float(m.group(1)), html.unescape(m.group(3))))
share = lambda t: re.fullmatch(r"<?[0-9.]+%", t)
for p, y, x, t in words:
    if not share(t):
        continue
    row = sorted((wx, wt) for wp, wy, wx, wt in words if wp == p and abs(wy - y) < 2 and wx > x)
    name = []
    for wx, wt in row:
        if share(wt):
            break
        name.append(wt)
    print(" ".join(name))'
}

# no_two_alike FILE.pdf N: N entries, all different
no_two_alike() {
    entries "$1" >e.txt
    local n u
    n=$(wc -l <e.txt) u=$(sort -u e.txt | wc -l)
    if [ "$n" -ne "$2" ] || [ "$u" -ne "$n" ]; then
        echo "entries: $n (want $2), different: $u" >&2
        sort e.txt | uniq -d | head -n 3 >&2
        return 1
    fi
}

# A profile of many names sharing a long suffix, differing by a digit in
# the middle, with a few (PINNED, main, a CAF) that do not share it.
awk 'BEGIN {
    printf "JOB \"grp +RTS -hc\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
    for (s = 0; s <= 10; s++) {
        printf "BEGIN_SAMPLE %d\n", s
        for (i = 1; i <= 17; i++)
            printf "(%d)Main.handler.group%d/dispatch/run.it/run/main\t%d\n", 300 + i, i, 1000 * i + s * 100
        printf "(131)PINNED\t5000\n(259)main\t3000\n(226)GHC.IO.Handle.FD.CAF\t2000\n"
        printf "END_SAMPLE %d\n", s
    }
}' >grp.hp

# The same names without the RTS's "(N)" (as -hd, -hy or an eventlog's
# names have none): they differ only in the middle.
sed 's/^([0-9]*)Main/Main/' grp.hp >grpn.hp

for prof in grp grpn; do
    for e in -e2.1in -e2.5in -e3in -e4in "" -e20in; do
        run_hp2ps -t0 $e $prof.hp -o grp.pdf
        check "$prof $e: exit 0" [ "$RC" -eq 0 ]
        check "$prof $e: 20 key entries, no two alike" no_two_alike grp.pdf 20
        run_hp2ps -t0 -c --slopes $e $prof.hp -o slopes.pdf
        check "$prof --slopes $e: 20 key entries, no two alike" no_two_alike slopes.pdf 20
        # a part only some names share (PINNED, main and the CAF lack
        # the tail) is not taken off: the key's line would not be true
        pdftotext -enc UTF-8 grp.pdf - | tr -d ' \n' >all.txt
        check "$prof $e: no line says a part of every name" eval '! grep -q "standsfor" all.txt'
    done
done
# at the narrow widths each name is cut where it differs: its digits stay
run_hp2ps -t0 -e3in grpn.hp -o grp.pdf
check "grpn -e3in: the group's digits stay" \
    eval 'entries grp.pdf >g.txt && grep -q "16/dispatch/run.it/run/main" g.txt'
run_hp2ps -t0 -e2.1in grpn.hp -o grp2.pdf
check "grpn -e2.1in: where the names differ, cut on both sides" \
    eval 'entries grp2.pdf >g2.txt && grep -q "^…group16/.*…$" g2.txt'
check "grpn -e3in: names that do not share the tail stay whole" \
    eval 'entries grp.pdf >g.txt && grep -qx "(226)GHC.IO.Handle.FD.CAF" g.txt'
# Every name sharing the tail (no PINNED, main nor CAF): it goes, and the
# key's line says plainly that it is the end of every name.
grep -v 'PINNED\|(259)main\|CAF' grp.hp >all.hp
sed 's/^([0-9]*)Main/Main/' all.hp >alln.hp
for prof in all alln; do
    for e in -e2.1in -e3in ""; do
        run_hp2ps -t0 $e $prof.hp -o grp.pdf
        check "$prof $e: 17 key entries, no two alike" no_two_alike grp.pdf 17
        pdftotext -enc UTF-8 grp.pdf - | tr -d ' \n' >all.txt
        if entries grp.pdf | grep -q '…$'; then
            check "$prof $e: the key says the shared end is every name's" \
                grep -q "…standsfor“/dispatch/run.it/run/main”,theendofeveryname" all.txt
        fi
    done
done
run_hp2ps -t0 -e3in all.hp -o grp.pdf
check "all -e3in: the shared end goes, the group's digits stay" \
    eval 'entries grp.pdf >g.txt && grep -qx "(316)Main.handler.group16…" g.txt'

# Real -hc, -hr and -hy profiles, -t0 -m20: at every width no two
# entries alike (-hy at -e2.1in: two "...->..." types read alike before).
for prof in mapbuild-hc.hp leakmean-hc.hp leakmean-hy.hp wordfreq-hr.hp deepstack-hr-L60.hp; do
    for e in -e2.1in -e2.5in -e4in "" -e20in; do
        run_hp2ps -t0 $e "$TESTDATA/$prof" -o real.pdf
        n=$(awk '/^BEGIN_SAMPLE/ { s = 1; next } /^END_SAMPLE/ { s = 0 }
                 s { sub(/[ \t]+[^ \t]+$/, ""); if (!seen[$0]++) n++ } END { print n }' "$TESTDATA/$prof")
        [ "$n" -gt 20 ] && n=20
        check "$prof $e: $n key entries, no two alike" no_two_alike real.pdf "$n"
    done
done

# -M: the key pages hold every name whole, wrapped over lines: retainer
# sets of 400 bytes and more.
python3 - <<'EOF'
import random
random.seed(3)
words = ["runInterpreterOverWorkload", "evaluateUnderEnvironmentBindings",
         "environmentForVariables", "SYSTEM", "main", "Data.Map.Internal.insertWith",
         "lcg", "buildLazy.go", "queryAll"]
names = ["(%d)" % (100 + i) + ",".join(random.choice(words) for _ in range(random.randint(32, 38)))
         for i in range(30)]
with open("longr.hp", "w") as f:
    f.write('JOB "longr +RTS -hr -L600"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n')
    for t in range(8):
        f.write("BEGIN_SAMPLE %d\n" % t)
        for i, n in enumerate(names):
            f.write("%s\t%d\n" % (n, 1000 + i * 300 + t * 50))
        f.write("END_SAMPLE %d\n" % t)
open("longr.names", "w").write("\n".join(names) + "\n")
assert min(len(n) for n in names) >= 400
EOF
for flags in "-M -m0" "-M" "-M -e6in -m0"; do
    run_hp2ps -t0 $flags longr.hp -o longr.pdf
    check "long retainer sets $flags: exit 0" [ "$RC" -eq 0 ]
    pdftotext -enc UTF-8 longr.pdf keys.txt
    check "long retainer sets $flags: the key pages hold every name whole" python3 - keys.txt longr.names "$flags" <<'EOF'
import sys
text = "".join(open(sys.argv[1], encoding="utf-8").read().split())
names = open(sys.argv[2]).read().split()
if "-m0" not in sys.argv[3]:
    names = names[-19:]  # -m20: the 19 biggest (the last written are biggest) and OTHER
missing = [n for n in names if n not in text]
assert not missing, "%d missing, e.g. %s" % (len(missing), missing[0][:80])
assert "\u2026" not in text, "an ellipsis on a key page"
EOF
done

# A name taller than a key page (a retainer set of 15,000 bytes) goes on
# over the next pages, after the entries before it: every byte is drawn.
python3 - <<'EOF'
name = "(1)" + ",".join("retainer%d" % i for i in range(1300))
with open("r15k.hp", "w") as f:
    f.write('JOB "big"\nDATE "d"\nSAMPLE_UNIT "s"\nVALUE_UNIT "b"\n')
    for k in range(3):
        f.write("BEGIN_SAMPLE %d\n%s\t100\n(2)short\t200\nEND_SAMPLE %d\n" % (k, name, k))
open("r15k.name", "w").write(name + "\n")
EOF
run_hp2ps -M r15k.hp -o r15k.pdf
check "a 15 KB name over key pages: exit 0" [ "$RC" -eq 0 ]
pdftotext -enc UTF-8 r15k.pdf r15k.txt
check "a 15 KB name over key pages: drawn whole, in order" python3 - r15k.txt r15k.name <<'EOF'
import sys
lines = open(sys.argv[1], encoding="utf-8").read().replace("\f", "\n").split("\n")
# the page heads ("big", the totals, the date) are not the name's
text = "".join("".join(l.split()) for l in lines if l.strip() not in ("big", "d") and "× s" not in l)
name = open(sys.argv[2]).read().strip()
assert name in text, "not whole"
EOF
check "a 15 KB name: the short name shares its first key page" \
    eval 'pdftotext -enc UTF-8 -f 1 -l 1 r15k.pdf - | grep -q "(1)retainer0,"'

finish

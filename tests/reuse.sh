#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# reuse.sh: -p, drawing a run with the scales, band order and shades that
# the previous run saved in its .aux.
#
# Data (tests/data/ghc/, copied from the corpus so no test reads it):
#   NAME.hp.gz         a real profile
#   NAME.p.in.hp.gz    GHC's -p input: its first 60% of samples, values
#                      halved, the second band of the .aux ORDER renamed to
#                      (999)NEW_BAND_NOT_IN_AUX
#   NAME.p.aux         what GHC's `hp2ps -p` wrote for it after `hp2ps NAME`
#   NAME.c_p.aux       the same with -c (leakmean-hc)
#   NAME.FLAGS.aux     GHC's .aux for `hp2ps FLAGS NAME` (ghc_aux.sh's data)
#
# Where we differ from GHC on purpose (man page, "Differences from GHC's
# hp2ps"; spec 7.18-7.20, 7.6, 7.36):
#   - ranges are saved exactly, so -p on an unchanged profile redraws the
#     same picture (GHC's %.2f made it shrink: bug 19);
#   - colours are saved with six decimals, so -c -p keeps them (GHC's two
#     decimals turned every band black or red: bug 18);
#   - a band new to the run gets a shade no other band has (GHC restarted
#     the shade sequence and gave it a duplicate: bug 19);
#   - names with a leading digit or a space, or named like a keyword, are
#     read back (GHC's reader failed on its own .aux: bug 20);
#   - a missing, corrupt or foreign .aux is a warning and the graph is
#     drawn without it (GHC: an error and an empty .ps: bug 6), and -p in
#     filter mode is a warning (GHC ignored it silently: 7.36); a file
#     that does not read as an .aux is left as it is (files.sh).
. "$(dirname "$0")/lib.sh"
need gzip awk cmp

export LC_ALL=C
DATA=$TESTDATA/ghc
[ -d "$DATA" ] || { echo "$TEST_NAME: no $DATA" >&2; exit 99; }
NEW='(999)NEW_BAND_NOT_IN_AUX'
HAVE_GS=0
command -v gs >/dev/null 2>&1 && HAVE_GS=1

# ---- helpers ---------------------------------------------------------------

# A fresh directory under the scratch directory, made the current one.
fresh() {
    cd "$SCRATCH" || exit 99
    rm -rf "$1"
    mkdir "$1" && cd "$1" || exit 99
}

unpack() { gzip -dc "$DATA/$1.gz" >"$2"; }

# ORDER names, bottom first (the ORDER number stripped).
order_names() { sed -n 's/^ORDER \(.*\) [^ ]*$/\1/p' "$1"; }
order_lines() { grep -a '^ORDER ' "$1"; }
shade_lines() { grep -a '^SHADE ' "$1"; }
range() { sed -n "s/^$1 //p" "$2"; }
# The SHADE value of a name (the first line for it).
shade_of() { awk -v n="$2" '$1 == "SHADE" { s = $0; sub(/^SHADE /, "", s); sub(/ [^ ]*$/, "", s)
                                            if (s == n) { print $NF; exit } }' "$1"; }

num_eq() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 == b + 0) }'; }
num_lt() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }
num_ge() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 >= b + 0) }'; }
two_dec() { printf '%.2f' "$1"; }

same_file() { cmp -s "$1" "$2"; }
differ() { ! cmp -s "$1" "$2"; }
is_empty() { [ ! -s "$1" ]; }
has_warning() { grep -q 'warning' "$1"; }

# Ghostscript reads the PostScript without an error (when it is installed).
ps_ok() {
    local what=$1 file=$2
    [ "$HAVE_GS" -eq 1 ] || return 0
    if gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=nullpage "$file" >gs.txt 2>&1; then
        pass
    else
        fail "$what: gs rejects $file: $(grep -m 1 -i error gs.txt)"
    fi
}

# ok_run WHAT ARGS...: run hp2ps, expecting exit 0 and nothing on stderr.
ok_run() {
    local what=$1; shift
    run_hp2ps "$@"
    if [ "$RC" -eq 0 ] && [ ! -s err.txt ]; then
        pass
    else
        fail "$what: hp2ps $* -> exit $RC, stderr: $(head -c 300 err.txt)"
    fi
}

# warn_run WHAT REGEX ARGS...: exit 0, and a warning on stderr matching REGEX.
warn_run() {
    local what=$1 re=$2; shift 2
    run_hp2ps "$@"
    if [ "$RC" -eq 0 ] && grep -Eq -- "warning.*$re" err.txt; then
        pass
    else
        fail "$what: hp2ps $* -> exit $RC, stderr: $(head -c 300 err.txt) (wanted exit 0, /warning.*$re/)"
    fi
}

# ---- 1. GHC's -p scenario ----------------------------------------------------
# `hp2ps NAME`, then NAME.hp replaced by a shorter, lower profile with one
# band renamed, then `hp2ps [-c] -p NAME`.

ghc_scenario() {
    local name=$1 colour=$2 ghc_p cflag="" tag="$1"
    if [ "$colour" = c ]; then
        cflag=-c; tag="$name -c"; ghc_p=$DATA/$name.c_p.aux
    else
        ghc_p=$DATA/$name.p.aux
    fi
    fresh "scenario-$name-$colour"

    unpack "$name.hp" "$name.hp"
    ok_run "$tag first run" $cflag "$name.hp"
    cp "$name.aux" first.aux
    # The first run is GHC's first run (its ORDER is what GHC saved).
    order_lines "$DATA/$name.default.aux" >order.ghc
    order_lines first.aux >order.first
    check "$tag: first run's ORDER is not GHC's" same_file order.ghc order.first

    unpack "$name.p.in.hp" "$name.hp"
    # On its own, the new profile needs smaller scales: keeping the old
    # ones is -p's doing.
    mkdir alone
    (cd alone && "$HP2PS" $cflag "../$name.hp" >/dev/null 2>&1)
    check "$tag: the short profile alone has no smaller X_RANGE" \
        num_lt "$(range X_RANGE alone/"$name".aux)" "$(range X_RANGE first.aux)"
    check "$tag: the short profile alone has no smaller Y_RANGE" \
        num_lt "$(range Y_RANGE alone/"$name".aux)" "$(range Y_RANGE first.aux)"

    ok_run "$tag -p run" $cflag -p "$name.hp"
    ps_ok "$tag -p" "$name.ps"

    # Scales only grow: the first run's ranges, exactly.
    check "$tag: -p X_RANGE $(range X_RANGE "$name.aux") is not the first run's $(range X_RANGE first.aux)" \
        [ "$(range X_RANGE "$name.aux")" = "$(range X_RANGE first.aux)" ]
    check "$tag: -p Y_RANGE $(range Y_RANGE "$name.aux") is not the first run's $(range Y_RANGE first.aux)" \
        [ "$(range Y_RANGE "$name.aux")" = "$(range Y_RANGE first.aux)" ]
    # ... which are GHC's to its two decimals.
    check "$tag: -p X_RANGE to two decimals is not GHC's $(range X_RANGE "$ghc_p")" \
        [ "$(two_dec "$(range X_RANGE "$name.aux")")" = "$(range X_RANGE "$ghc_p")" ]
    check "$tag: -p Y_RANGE is not GHC's $(range Y_RANGE "$ghc_p")" \
        num_eq "$(range Y_RANGE "$name.aux")" "$(range Y_RANGE "$ghc_p")"

    # The surviving bands keep their relative order.
    order_names first.aux >names.first
    order_names "$name.aux" >names.p
    grep -Fxf names.p names.first >survivors.first || :
    grep -Fxf names.first names.p >survivors.p || :
    check "$tag: fewer than two bands survive into the -p run" \
        [ "$(wc -l <survivors.p)" -ge 2 ]
    check "$tag: the surviving bands changed their order" same_file survivors.first survivors.p

    # The new band is at the bottom.
    check "$tag: the new band is not ORDER 1: $(head -n 1 names.p)" \
        [ "$(order_lines "$name.aux" | head -n 1)" = "ORDER $NEW 1" ]
    # The order is GHC's.
    order_lines "$ghc_p" >order.ghc-p
    order_lines "$name.aux" >order.p
    check "$tag: -p ORDER is not GHC's" same_file order.ghc-p order.p

    # The surviving bands keep their shades (with -c too: six decimals) ...
    shade_lines first.aux >shades.first
    shade_lines "$name.aux" | grep -vF "SHADE $NEW " >shades.kept || :
    check "$tag: no surviving band has a SHADE" [ -s shades.kept ]
    check "$tag: a surviving band's SHADE changed: $(grep -Fxvf shades.first shades.kept | head -n 1)" \
        [ -z "$(grep -Fxvf shades.first shades.kept)" ]
    # ... and the new band's differs from every other band's (GHC bug 19:
    # GHC restarts the shade sequence and repeats one).
    local s
    s=$(shade_of "$name.aux" "$NEW")
    check "$tag: the new band has no SHADE" [ -n "$s" ]
    check "$tag: the new band's SHADE $s is another band's" \
        [ -z "$(awk -v v="$s" '$NF == v' shades.kept)" ]
}

for n in leakmean-hc sccdemo-hc wordfreq-hc; do
    ghc_scenario "$n" bw
done
ghc_scenario leakmean-hc c

# ---- 2. idempotence ----------------------------------------------------------
# -p on an unchanged profile redraws the same picture and the same .aux.

for n in tiny-hc leakmean-hc wordfreq-hr; do
    fresh "idem-$n"
    unpack "$n.hp" prog.hp
    ok_run "$n idempotence, first run" prog.hp
    cp prog.aux a1
    cp prog.ps ps1
    ok_run "$n idempotence, -p run" -p prog.hp
    check "$n: hp2ps -p changed the .aux" same_file prog.aux a1
    check "$n: hp2ps -p changed the .ps" same_file prog.ps ps1
    ok_run "$n idempotence, second -p run" -p prog.hp
    check "$n: a second hp2ps -p changed the .aux" same_file prog.aux a1
    check "$n: a second hp2ps -p changed the .ps" same_file prog.ps ps1
done

# The ranges matter: leakmean-hc's x range (0.606655 s) saved with GHC's two
# decimals (0.61) gives another picture, which is why we save it exactly.
cd "$SCRATCH/idem-leakmean-hc" || exit 99
x=$(range X_RANGE a1)
check "leakmean-hc: X_RANGE $x is already two decimals" [ "$x" != "$(two_dec "$x")" ]
sed "s/^X_RANGE .*/X_RANGE $(two_dec "$x")/" a1 >prog.aux
ok_run "leakmean-hc with a two-decimal X_RANGE" -p prog.hp
check "leakmean-hc: a rounded X_RANGE did not change the .ps" differ prog.ps ps1
check "leakmean-hc: the rounded X_RANGE was not kept" \
    [ "$(range X_RANGE prog.aux)" = "$(two_dec "$x")" ]

# -p follows the saved ORDER: after -i, a plain -p run keeps -i's order.
fresh order-i
unpack wordfreq-hc.hp prog.hp
ok_run "wordfreq-hc plain" prog.hp
order_lines prog.aux >order.plain
ok_run "wordfreq-hc -i" -i prog.hp
order_lines prog.aux >order.i
check "wordfreq-hc: -i gives the default order (useless test)" differ order.plain order.i
ok_run "wordfreq-hc -p after -i" -p prog.hp
order_lines prog.aux >order.p
check "wordfreq-hc: -p after -i lost -i's order" same_file order.i order.p

# -m1 merges every band into OTHER, so the .aux names only OTHER, which is
# no name of the profile.  It is still this profile's own .aux: -m1 -p must
# use it without a warning and keep its scales on a shorter, lower run.
fresh m1
unpack leakmean-hc.hp prog.hp
ok_run "-m1 first run" -m1 prog.hp
cp prog.aux first.aux
check "-m1: the .aux does not name OTHER alone: $(order_names first.aux | tr '\n' ' ')" \
    [ "$(order_names first.aux)" = OTHER ]
ok_run "-m1 -p on the same profile" -m1 -p prog.hp
unpack leakmean-hc.p.in.hp prog.hp
ok_run "-m1 -p on a shorter profile" -m1 -p prog.hp
check "-m1 -p: X_RANGE $(range X_RANGE prog.aux) is not the first run's $(range X_RANGE first.aux)" \
    [ "$(range X_RANGE prog.aux)" = "$(range X_RANGE first.aux)" ]
check "-m1 -p: Y_RANGE $(range Y_RANGE prog.aux) is not the first run's $(range Y_RANGE first.aux)" \
    [ "$(range Y_RANGE prog.aux)" = "$(range Y_RANGE first.aux)" ]

# ---- 3. -c -p keeps the colours ------------------------------------------------

for n in leakmean-hc wordfreq-hc; do
    fresh "colour-$n"
    unpack "$n.hp" prog.hp
    ok_run "$n -c" -c prog.hp
    cp prog.aux a1
    cp prog.ps ps1
    shade_lines a1 >shades.1
    check "$n -c: fewer than 3 distinct colours saved (useless test)" \
        [ "$(awk '{print $NF}' shades.1 | sort -u | wc -l)" -ge 3 ]
    ok_run "$n -c -p" -c -p prog.hp
    shade_lines prog.aux >shades.2
    check "$n: -c -p changed the SHADE lines" same_file shades.1 shades.2
    check "$n: -c -p changed the .ps" same_file prog.ps ps1
    check "$n: -c -p changed the .aux" same_file prog.aux a1
    ps_ok "$n -c -p" prog.ps
done

# ---- 4. reading GHC's .aux files ----------------------------------------------

for n in leakmean-hc wordfreq-hc wordfreq-hr mapbuild-hT sccdemo-hc; do
    for enc in default i; do
        fresh "ghc-aux-$n-$enc"
        unpack "$n.hp" "$n.hp"
        ghc=$DATA/$n.$enc.aux
        cp --no-preserve=mode "$ghc" "$n.aux"
        ok_run "$n with GHC's $enc .aux" -p "$n.hp"
        order_lines "$ghc" >order.ghc
        order_lines "$n.aux" >order.ours
        check "$n: -p with GHC's $enc .aux: ORDER is not GHC's" same_file order.ghc order.ours
        shade_lines "$ghc" >shade.ghc
        shade_lines "$n.aux" >shade.ours
        check "$n: -p with GHC's $enc .aux: SHADE is not GHC's" same_file shade.ghc shade.ours
        check "$n: -p with GHC's $enc .aux: Y_RANGE is not GHC's" \
            num_eq "$(range Y_RANGE "$ghc")" "$(range Y_RANGE "$n.aux")"
        # GHC's X_RANGE is rounded: where it rounded up, it is kept (scales
        # only grow); where down, the profile's own range is used.
        ox=$(range X_RANGE "$n.aux")
        gx=$(range X_RANGE "$ghc")
        check "$n: -p with GHC's $enc .aux: X_RANGE $ox is not GHC's $gx to two decimals" \
            [ "$(two_dec "$ox")" = "$gx" ]
        check "$n: -p with GHC's $enc .aux: X_RANGE $ox is below GHC's $gx" num_ge "$ox" "$gx"
        ps_ok "$n -p with GHC's $enc .aux" "$n.ps"
    done
done
# GHC's -i- .aux read by a plain -p run gives -i-'s order.
fresh ghc-aux-iminus
unpack mapbuild-hT.hp mapbuild-hT.hp
cp --no-preserve=mode "$DATA/mapbuild-hT.iminus.aux" mapbuild-hT.aux
ok_run "mapbuild-hT with GHC's -i- .aux" -p mapbuild-hT.hp
order_lines "$DATA/mapbuild-hT.iminus.aux" >order.ghc
order_lines mapbuild-hT.aux >order.ours
check "mapbuild-hT: -p with GHC's -i- .aux: ORDER is not GHC's" same_file order.ghc order.ours
check "mapbuild-hT: GHC's -i- and -i orders are the same (useless test)" \
    differ order.ghc <(order_lines "$DATA/mapbuild-hT.i.aux")

# ---- 5. names GHC's reader cannot read back -------------------------------------
# A leading digit (GHC reads a number), spaces (GHC's names end at one),
# keywords as names (GHC reads a statement).  -i- puts zzz at the bottom,
# so a name the reader missed would drop below it (new bands go first).

fresh names
{
    printf 'JOB "names"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
    for t in 0.00 0.50 1.00; do
        printf 'BEGIN_SAMPLE %s\n' "$t"
        printf '12abc\t700\nhas space\t600\nORDER\t500\nSHADE\t400\nX_RANGE\t350\n7 up\t300\nzzz\t200\n'
        printf 'END_SAMPLE %s\n' "$t"
    done
} >w.hp
ok_run "odd names, plain" w.hp
order_lines w.aux >order.plain
ok_run "odd names, -i-" -i- w.hp
cp w.aux a1
order_lines a1 >order.1
check "odd names: -i- did not put zzz at the bottom: $(head -n 1 order.1)" \
    [ "$(head -n 1 order.1)" = "ORDER zzz 1" ]
check "odd names: not all 7 bands in the .aux" [ "$(wc -l <order.1)" -eq 7 ]
check "odd names: -i- gives the default order (useless test)" differ order.plain order.1
ok_run "odd names, -p" -p w.hp
order_lines w.aux >order.2
check "odd names: -p changed the ORDER" same_file order.1 order.2
check "odd names: -p changed the .aux" same_file a1 w.aux
ps_ok "odd names -p" w.ps

# ---- 6. missing, corrupt or foreign .aux: a warning, drawn without it ----------

fresh fallback
unpack tiny-hc.hp tiny-hc.hp
ok_run "tiny-hc plain" tiny-hc.hp
cp tiny-hc.ps plain.ps
cp tiny-hc.aux plain.aux

# fallback WHAT REGEX [kept]: run -p on the tiny-hc.aux in place; expect the
# warning, and the plain run's picture and .aux; with "kept", a file that
# does not read as an .aux is someone else's and stays as it was.
fallback() {
    local what=$1 re=$2 kept=${3:-}
    rm -f tiny-hc.ps
    [ -f tiny-hc.aux ] && cp tiny-hc.aux before.aux
    warn_run "$what" "$re" -p tiny-hc.hp
    check "$what: not exactly one stderr line" [ "$(wc -l <err.txt)" -eq 1 ]
    check "$what: the .ps is not the plain run's" same_file tiny-hc.ps plain.ps
    if [ -n "$kept" ]; then
        check "$what: the file was replaced" same_file tiny-hc.aux before.aux
        check "$what: the warning does not say it is left" grep -q 'left as it is, drawing without it$' err.txt
    else
        check "$what: the .aux written is not the plain run's" same_file tiny-hc.aux plain.aux
    fi
}

rm -f tiny-hc.aux
fallback "missing .aux" 'tiny-hc\.aux'
ps_ok "missing .aux" tiny-hc.ps

printf 'X_RANGE 1.00\nORDER x\n' >tiny-hc.aux
fallback "ORDER with no number" 'tiny-hc\.aux:2[^0-9]' kept

printf 'Y_RANGE 5.00\nX_RANGE\n' >tiny-hc.aux
fallback "X_RANGE with no number" 'tiny-hc\.aux:2[^0-9]' kept

printf '\n\n\377\376\001junk\200\n' >tiny-hc.aux
fallback "junk text" 'tiny-hc\.aux:3[^0-9]' kept

# Binary data (NUL bytes): the warning names the file (there is no line to
# name: the reader rejects the whole file).
printf 'X_RANGE 1.00\n\000\001\002\003\377\n' >tiny-hc.aux
fallback "binary .aux" 'tiny-hc\.aux' kept

# Another profile's .aux: not one name in common.
cp --no-preserve=mode "$DATA/leakmean-hc.default.aux" tiny-hc.aux
fallback "another profile's .aux" 'tiny-hc\.aux'
ps_ok "another profile's .aux" tiny-hc.ps

# ---- 7. -p in filter mode ----------------------------------------------------

fresh filter
unpack tiny-hc.hp prog.hp
"$HP2PS" <prog.hp >plain.ps 2>/dev/null
"$HP2PS" -p <prog.hp >out.ps 2>err.txt
RC=$?
check "filter -p: exit $RC" [ "$RC" -eq 0 ]
check "filter -p: no warning: $(head -c 200 err.txt)" has_warning err.txt
check "filter -p: output differs from the plain filter's" same_file out.ps plain.ps
check "filter -p: empty output" [ -s out.ps ]
check "filter -p: wrote an .aux" [ -z "$(ls ./*.aux 2>/dev/null)" ]
ps_ok "filter -p" out.ps

# ---- one run's .hp and eventlog carry -p over, both ways ----------------
# (GHC 9.10.3, tests/data/eventlog-ghc-9.10: each log beside the .hp of
# the same run.)  The eventlog names -hi tables by their IPE entries and
# -he bands "era N" where the .hp has the address and N, and numbers -hc
# stacks its own way: -p still gives every band of the .hp's .aux its
# order and shade, and the .aux written from the eventlog names the bands
# as the .hp does too (GHC's hp2ps on the .hp takes it).
cat >carried.py <<'PY'
import re, sys
def read(path):
    order, shade = {}, {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r"(ORDER|SHADE) (.*) (\S+)$", line.rstrip("\n"))
        if m:
            (order if m.group(1) == "ORDER" else shade)[m.group(2)] = float(m.group(3))
    return order, shade
bare = lambda n: re.sub(r"^\(\d+\)", "", n)
(o1, s1), (o2, s2) = read(sys.argv[1]), read(sys.argv[2])
def first_name(n):  # the first .aux's name of the second's band n
    if n in s1:
        return n
    alike = [m for m in s1 if bare(m) == bare(n)]
    return alike[0] if len(alike) == 1 else None
# a band of the second: its names (an eventlog's has two, its own and the
# .hp's), one ORDER number
bands = {}
for n, k in o2.items():
    bands.setdefault(k, []).append(n)
bad = missing = 0
pairs = []
for k, ns in bands.items():
    ms = [(n, first_name(n)) for n in ns if first_name(n) is not None]
    if not ms:
        missing += 1
        continue
    n, m = ms[0]
    bad += any(s2[x] != s1[m] for x in ns)
    pairs.append((o1[m], k))
pairs.sort()
kept = [b for _, b in pairs] == sorted(b for _, b in pairs)
print(len(bands), "bands;", missing, "not in the first .aux,", bad, "other shades; order kept:", kept)
sys.exit(0 if not bad and not missing and kept and len(bands) >= 2 else 1)
PY
EL10=$TESTDATA/eventlog-ghc-9.10
for b in newer-he newer-hi newer-hi-prof newer-hc; do
    for way in "hp eventlog" "eventlog hp"; do
        set -- $way
        rm -rf carry && mkdir carry
        cp "$EL10/$b.hp" "$EL10/$b.eventlog" carry/
        (cd carry && "$HP2PS" -c "$b.$1" 2>/dev/null && cp "$b.aux" first.aux &&
         "$HP2PS" -c -p "$b.$2" >/dev/null 2>err.txt && cp "$b.aux" second.aux)
        check "$b: -c -p from the $1's .aux to the $2: no warning of a foreign .aux" \
            eval '! grep -q "names none" carry/err.txt'
        check "$b: every band of the $2 has the order and shade of the $1's .aux" \
            python3 carried.py carry/first.aux carry/second.aux
    done
done

[ "$HAVE_GS" -eq 1 ] || echo "$TEST_NAME: note: gs is not installed, PostScript not checked"
finish

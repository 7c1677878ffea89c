#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ghc_aux.sh: the .aux we write equals the one GHC 9.0.2's hp2ps wrote, for
# real profiles under every flag set the corpus ran them with.
#
# Data (tests/data/ghc/, copied from the corpus so no test reads it):
#   NAME.hp.gz      the profile (gzip -9n, to keep the repository small)
#   NAME.FLAGS.aux  what GHC's hp2ps wrote for `hp2ps FLAGS NAME.hp`
# FLAGS is the corpus encoding: the flags without their dash, joined by
# "_", with "+" as "plus" and "-" as "minus" (c_e8in = -c -e8in, iplus = -i+).
# The -p runs (NAME.p.aux, NAME.c_p.aux) are tested by reuse.sh.
#
# What is compared, and why not always byte for byte:
#   - the keywords line by line (X_RANGE, Y_RANGE, every ORDER, every SHADE);
#   - ORDER lines: identical (names, numbers, order);
#   - Y_RANGE: numerically equal (GHC writes %.2f; so do we for an integer);
#   - X_RANGE: ours rounded to two decimals equals GHC's text.  We write as
#     many decimals as it takes to read the range back exactly, a deliberate
#     fix of GHC bug 19 (spec 4.1/7.19: with GHC's %.2f, -p on an unchanged
#     profile enlarged the x scale, so -p was not idempotent);
#   - SHADE lines, black and white: identical;
#   - SHADE lines, colour (-c): the same names in the same order, but not
#     the same numbers.  GHC writes the encoded colour r/10 + g/1000 +
#     b/100000 with %.2f, which loses green and blue (spec 6.3, 7.18: a
#     -c -p run repaints every band black or red), and its palette has a
#     white entry; we write six decimals from our own palette on purpose.
#     So check instead that every value has exactly six decimals and that
#     neighbouring bands (different names) never share a value.
. "$(dirname "$0")/lib.sh"
need gzip awk diff

export LC_ALL=C
DATA=$TESTDATA/ghc
[ -d "$DATA" ] || { echo "$TEST_NAME: no $DATA" >&2; exit 99; }

PAIRS=0
MATCHED=0

# flags_of ENC: the command-line flags an encoded flag set stands for.
flags_of() {
    local enc=$1 tok out=""
    [ "$enc" = default ] && return 0
    local IFS=_
    for tok in $enc; do
        tok=${tok//plus/+}
        tok=${tok//minus/-}
        out="$out -$tok"
    done
    printf '%s\n' "${out# }"
}

is_colour() {
    case "_$1_" in *_c_*) return 0 ;; esac
    return 1
}

# mismatch PAIR WHAT GHC_FILE OUR_FILE: one FAIL line, then the diff.
mismatch() {
    local pair=$1 what=$2 ghc=$3 ours=$4
    fail "$pair: $what differs (< GHC, > ours)"
    diff "$ghc" "$ours" | head -n 20 | sed 's/^/    /' >&2
}

# compare_pair NAME ENC: run hp2ps and compare NAME.aux with GHC's.
compare_pair() {
    local name=$1 enc=$2 pair flags ok=1
    flags=$(flags_of "$enc")
    pair="$name [${flags:-no flags}]"
    local ghc=$DATA/$name.$enc.aux
    PAIRS=$((PAIRS + 1))

    rm -f "$name.aux" "$name.ps"
    # $flags is deliberately split into words.
    # shellcheck disable=SC2086
    run_hp2ps $flags "$name.hp"
    if [ "$RC" -ne 0 ] || [ ! -s "$name.aux" ] || [ ! -s "$name.ps" ]; then
        fail "$pair: exit $RC, .aux $( [ -s "$name.aux" ] && echo written || echo missing): $(head -c 300 err.txt)"
        return
    fi
    pass

    # Keywords, line by line.
    awk '{print $1}' "$ghc" >kw.ghc
    awk '{print $1}' "$name.aux" >kw.ours
    if cmp -s kw.ghc kw.ours; then pass; else ok=0; mismatch "$pair" "statement sequence" kw.ghc kw.ours; fi

    # ORDER: identical.
    grep -a '^ORDER ' "$ghc" >order.ghc
    grep -a '^ORDER ' "$name.aux" >order.ours
    if cmp -s order.ghc order.ours; then pass; else ok=0; mismatch "$pair" "ORDER" order.ghc order.ours; fi

    # Y_RANGE: numerically equal.
    local gy oy
    gy=$(sed -n 's/^Y_RANGE //p' "$ghc")
    oy=$(sed -n 's/^Y_RANGE //p' "$name.aux")
    if [ -n "$oy" ] && awk -v a="$gy" -v b="$oy" 'BEGIN { exit !(a + 0 == b + 0) }'; then
        pass
    else
        ok=0; fail "$pair: Y_RANGE: GHC $gy, ours '$oy'"
    fi

    # X_RANGE: ours, to two decimals, is GHC's text (ours has more on purpose).
    local gx ox ox2=""
    gx=$(sed -n 's/^X_RANGE //p' "$ghc")
    ox=$(sed -n 's/^X_RANGE //p' "$name.aux")
    [ -n "$ox" ] && ox2=$(printf '%.2f' "$ox" 2>/dev/null)
    if [ -n "$ox2" ] && [ "$ox2" = "$gx" ]; then
        pass
    else
        ok=0; fail "$pair: X_RANGE: GHC $gx, ours '$ox' (to two decimals '$ox2')"
    fi

    grep -a '^SHADE ' "$ghc" >shade.ghc
    grep -a '^SHADE ' "$name.aux" >shade.ours
    if ! is_colour "$enc"; then
        # Black and white: identical.
        if cmp -s shade.ghc shade.ours; then pass; else ok=0; mismatch "$pair" "SHADE" shade.ghc shade.ours; fi
    else
        # Colour: same names in the same order ...
        sed 's/ [^ ]*$//' shade.ghc >shade-names.ghc
        sed 's/ [^ ]*$//' shade.ours >shade-names.ours
        if cmp -s shade-names.ghc shade-names.ours; then pass; else ok=0; mismatch "$pair" "SHADE names" shade-names.ghc shade-names.ours; fi
        # ... every value with six decimals ...
        local bad
        bad=$(awk '$NF !~ /^[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]$/' shade.ours)
        if [ -s shade.ours ] && [ -z "$bad" ]; then
            pass
        else
            ok=0; fail "$pair: colour SHADE values without six decimals: $(printf '%s\n' "$bad" | head -n 3 | tr '\n' ';')"
        fi
        # ... and no two neighbouring bands with different names share one.
        bad=$(awk '{ v = $NF; n = $0; sub(/ [^ ]*$/, "", n)
                     if (NR > 1 && v == pv && n != pn) print pn " / " n " = " v
                     pv = v; pn = n }' shade.ours)
        if [ -z "$bad" ]; then
            pass
        else
            ok=0; fail "$pair: neighbouring bands share a colour: $(printf '%s\n' "$bad" | head -n 3 | tr '\n' ';')"
        fi
    fi

    [ "$ok" -eq 1 ] && MATCHED=$((MATCHED + 1))
}

PROFILES=0
for gz in "$DATA"/*.hp.gz; do
    name=$(basename "$gz" .hp.gz)
    case $name in *.*) continue ;; esac # NAME.p.in.hp.gz: reuse.sh's
    sets=0
    gzip -dc "$gz" >"$name.hp" || { fail "cannot unpack $gz"; continue; }
    for aux in "$DATA/$name".*.aux; do
        enc=${aux#"$DATA/$name."}
        enc=${enc%.aux}
        case $enc in p | c_p | *.*) continue ;; esac # -p runs: reuse.sh
        compare_pair "$name" "$enc"
        sets=$((sets + 1))
    done
    rm -f "$name.hp" "$name.ps" "$name.aux"
    PROFILES=$((PROFILES + 1))
    # The brief of this test: at least 5 flag sets for each profile.
    check "$name: only $sets flag sets" [ "$sets" -ge 5 ]
done
check "only $PROFILES profiles (want 10 or more)" [ "$PROFILES" -ge 10 ]

echo "$TEST_NAME: $MATCHED/$PAIRS .aux files match GHC's ($PROFILES profiles)"
check "no (profile, flag set) pairs were compared" [ "$PAIRS" -gt 0 ]
finish

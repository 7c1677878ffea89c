#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# same_outputs.sh OLD_HP2PS NEW_HP2PS PROFILE...: for restructuring
# commits ("outputs byte-identical"): every profile drawn by both builds
# in every format (PS, EPS, PDF, SVG, PNG, the HTML page), exported (CSV,
# JSON), and its .aux, under a few flag sets; then each profile with the
# next as several profiles and as --diff (PS, SVG, the HTML page).
# Prints each difference and a count.  Not part of make check: it needs a
# second build (see DEVELOPERS.md).
set -u
old=$1 new=$2; shift 2
export SOURCE_DATE_EPOCH=1700000000
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
same=0 differ=0

# compare FILE...: each file of the old run against the new one's.
compare() {
    local label=$1 f; shift
    for f in "$@"; do
        if cmp -s "$work/old/$f" "$work/new/$f" 2>/dev/null || { [ ! -e "$work/old/$f" ] && [ ! -e "$work/new/$f" ]; }; then
            same=$((same + 1))
        else
            differ=$((differ + 1))
            echo "differs: $label -> $f"
        fi
    done
}

for hp in "$@"; do
    base=$(basename "$hp" .hp)
    for flags in "" "-c" "-c -m0" "-c -e8in" "-M -c" "-i -d -t0" "--mode=percent -c" "--mode=lines" "-c --sort=gradient --slopes" "--heap --units=iec" "--x=index -m3 -c --pattern"; do
        for ext in ps eps pdf svg png html csv json; do
            for side in old new; do
                mkdir -p "$work/$side" && cp "$hp" "$work/$side/$base.hp"
                bin=$old; [ $side = new ] && bin=$new
                (cd "$work/$side" && "$bin" $flags -o "out.$ext" "$base.hp" >stdout.txt 2>stderr.txt; echo "exit $?" >>stderr.txt)
            done
            compare "$base $flags" "out.$ext" "$base.aux" stderr.txt
            rm -rf "$work/old" "$work/new"
        done
    done
done

# Pairs: each profile with the next, as two panels and as --diff.
prev=
for hp in "$@"; do
    if [ -n "$prev" ]; then
        for flags in "" "-c" "-c -m3 --mode=lines" "--diff" "--diff -c -m4"; do
            for ext in ps svg html; do
                for side in old new; do
                    mkdir -p "$work/$side" && cp "$prev" "$work/$side/a.hp" && cp "$hp" "$work/$side/b.hp"
                    bin=$old; [ $side = new ] && bin=$new
                    (cd "$work/$side" && "$bin" $flags -o "out.$ext" a.hp b.hp >stdout.txt 2>stderr.txt; echo "exit $?" >>stderr.txt)
                done
                compare "$(basename "$prev") $(basename "$hp") $flags" "out.$ext" stderr.txt
                rm -rf "$work/old" "$work/new"
            done
        done
    fi
    prev=$hp
done
echo "same_outputs: $same identical, $differ different"
[ "$differ" -eq 0 ]

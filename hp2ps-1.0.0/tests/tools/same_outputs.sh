#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# same_outputs.sh OLD_HP2PS NEW_HP2PS PROFILE...: for restructuring
# commits ("outputs byte-identical"): every profile drawn by both builds
# in every format (PS, EPS, PDF, SVG, PNG), exported (CSV, JSON), and its
# .aux, under a few flag sets; prints each difference and a count.
# Not part of make check: it needs a second build (see DEVELOPERS.md).
set -u
old=$1 new=$2; shift 2
export SOURCE_DATE_EPOCH=1700000000
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
same=0 differ=0
for hp in "$@"; do
    base=$(basename "$hp" .hp)
    for flags in "" "-c" "-c -m0" "-c -e8in" "-M -c" "-i -d -t0" "--mode=percent -c" "--mode=lines" "-c --sort=gradient --slopes"; do
        for ext in ps eps pdf svg png csv json; do
            for side in old new; do
                mkdir -p "$work/$side" && cp "$hp" "$work/$side/$base.hp"
                bin=$old; [ $side = new ] && bin=$new
                (cd "$work/$side" && "$bin" $flags -o "out.$ext" "$base.hp" >stdout.txt 2>stderr.txt; echo "exit $?" >>stderr.txt)
            done
            for f in "out.$ext" "$base.aux" stderr.txt; do
                if cmp -s "$work/old/$f" "$work/new/$f" 2>/dev/null || { [ ! -e "$work/old/$f" ] && [ ! -e "$work/new/$f" ]; }; then
                    same=$((same + 1))
                else
                    differ=$((differ + 1))
                    echo "differs: $base $flags -> $f"
                fi
            done
            rm -rf "$work/old" "$work/new"
        done
    done
done
echo "same_outputs: $same identical, $differ different"
[ "$differ" -eq 0 ]

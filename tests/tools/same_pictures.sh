#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# same_pictures.sh OLD_HP2PS NEW_HP2PS FLAGS PROFILE...: for a commit that
# changes how a drawing is written but not what it shows (same_outputs.sh
# would report its bytes): each profile drawn by both builds with FLAGS
# (one word list, "" for none) in each vector format, rasterized at 150
# dpi (gs for PS, EPS and PDF, every page; rsvg-convert for SVG), and the
# pixels compared (ImageMagick's compare -metric AE: the count of pixels
# that differ, which must be 0).  Also compares the exit codes.  Prints a
# line per profile and format, each difference, and a count; exits 1 on
# any difference.  FORMATS (default "ps eps pdf svg") and EXTRA (more
# arguments after the profile, e.g. a second profile for two panels) are
# taken from the environment.  Not part of make check: it needs a second
# build (see DEVELOPERS.md).
set -u
old=$1 new=$2 flags=$3
shift 3
export SOURCE_DATE_EPOCH=1700000000
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
same=0 differ=0
for hp in "$@"; do
    b=$(basename "$hp")
    for ext in ${FORMATS:-ps eps pdf svg}; do
        for side in old new; do
            bin=$old
            [ $side = new ] && bin=$new
            mkdir -p "$work/$side"
            cp "$hp" "$work/$side/$b"
            # shellcheck disable=SC2086 # the flags are words
            (cd "$work/$side" && "$bin" $flags -o "out.$ext" "$b" ${EXTRA:-} >/dev/null 2>&1
             echo $? >rc)
            case $ext in
            svg) rsvg-convert -d 150 -p 150 -b white -o "$work/$side-1.png" "$work/$side/out.svg" 2>/dev/null ;;
            *) gs -q -dSAFER -dBATCH -dNOPAUSE -dEPSCrop -r150 -sDEVICE=png16m \
                   -sOutputFile="$work/$side-%d.png" "$work/$side/out.$ext" >/dev/null 2>&1 ;;
            esac
        done
        bad=0 pages=0
        cmp -s "$work/old/rc" "$work/new/rc" || { bad=1; echo "exit codes differ: $b [$flags] $ext"; }
        for po in "$work"/old-*.png; do
            [ -e "$po" ] || continue
            pn=$work/new-${po##*/old-}
            pages=$((pages + 1))
            ae=$(compare -metric AE "$po" "$pn" null: 2>&1)
            [ "$ae" = 0 ] || { bad=1; echo "pixels differ: $b [$flags] $ext page ${po##*/old-}: $ae"; }
        done
        bytes=differ
        cmp -s "$work/old/out.$ext" "$work/new/out.$ext" && bytes=same
        echo "$b [$flags] $ext: $pages page(s), bytes $bytes, pictures $([ $bad = 0 ] && echo same || echo DIFFER)"
        if [ $bad = 0 ]; then same=$((same + 1)); else differ=$((differ + 1)); fi
        rm -rf "$work/old" "$work/new" "$work"/*.png
    done
done
echo "same_pictures: $same the same, $differ different"
[ "$differ" -eq 0 ]

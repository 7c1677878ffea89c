#!/usr/bin/env bash
# looks.sh: the text of the picture, read back from the PDF with its
# bounding boxes (pdftotext -bbox): every key entry, tick label and title
# word lies inside the page, no two overlap, and the labels say what they
# should (enough decimals, units, shares, the peak).
. "$(dirname "$0")/lib.sh"
need pdftotext awk

# words FILE.pdf: "page xmin ymin xmax ymax text" per word
words() {
    pdftotext -bbox "$1" - | awk '
        /<page / { page++; match($0, /width="[0-9.]+"/); w = substr($0, RSTART + 7, RLENGTH - 8)
                   match($0, /height="[0-9.]+"/); h = substr($0, RSTART + 8, RLENGTH - 9)
                   print "PAGE", page, w, h }
        /<word / { n = split($0, f, "\""); t = $0; sub(/.*">/, "", t); sub(/<\/word>.*/, "", t)
                   print page, f[2], f[4], f[6], f[8], t }'
}

# layout_ok FILE.pdf: every word inside its page, no two words overlapping
layout_ok() {
    words "$1" | awk '
        $1 == "PAGE" { W[$2] = $3; H[$2] = $4; next }
        { n++; p[n] = $1; x0[n] = $2; y0[n] = $3; x1[n] = $4; y1[n] = $5; t[n] = $6 }
        END {
            bad = 0
            for (i = 1; i <= n; i++) {
                if (x0[i] < 0 || y0[i] < 0 || x1[i] > W[p[i]] || y1[i] > H[p[i]]) {
                    print "outside the page: " t[i] > "/dev/stderr"; bad = 1
                }
                for (j = i + 1; j <= n; j++) {
                    if (p[i] != p[j]) continue
                    # 0.6 pt of slack: font boxes include some leading
                    if (x0[i] + 0.6 < x1[j] && x0[j] + 0.6 < x1[i] &&
                        y0[i] + 0.6 < y1[j] && y0[j] + 0.6 < y1[i]) {
                        print "overlap: " t[i] " / " t[j] > "/dev/stderr"; bad = 1
                    }
                }
            }
            if (n == 0) { print "no words" > "/dev/stderr"; bad = 1 }
            exit bad
        }'
}

has_word() { words "$1" | awk -v w="$2" '$1 != "PAGE" && $6 == w { found = 1 } END { exit !found }'; }

cp "$SAMPLES/leakmean-hc.hp" leak.hp
cp "$TESTDATA/mapbuild-hc.hp" map.hp
cp "$TESTDATA/wordfreq-hr.hp" wf.hp

for flags in "-c" "" "-b" "-M" "-c -e6in" "-c --units=iec" "-c --pattern"; do
    run_hp2ps $flags leak.hp -o leak.pdf
    check "leak $flags: exit 0" [ "$RC" -eq 0 ]
    check "leak $flags: text inside the page, no overlap" layout_ok leak.pdf
done
run_hp2ps -c leak.hp -o leak.pdf
check "sub-second ticks read 0.05" has_word leak.pdf 0.05
check "y labels in MB" has_word leak.pdf MB
check "the key gives shares" has_word leak.pdf 50%
check "the title gives the peak" has_word leak.pdf peak
check "the title keeps the total" has_word leak.pdf 22,726,368
run_hp2ps -c --units=iec leak.hp -o leak.pdf
check "--units=iec labels in MiB" has_word leak.pdf MiB

for flags in "-c" "-c -m0 -M" "-c -m40" "-c -m40 -e8in" "-c -m40 --format=svg -o -"; do
    case $flags in *svg*) continue ;; esac
    run_hp2ps $flags map.hp -o map.pdf
    check "mapbuild $flags: inside, no overlap" layout_ok map.pdf
    run_hp2ps $flags wf.hp -o wf.pdf
    check "wordfreq-hr $flags: inside, no overlap" layout_ok wf.pdf
done
# -m40 -e8in: one page, so the key goes into columns beside the graph.
run_hp2ps -c -t0 -m60 -e8in wf.hp -o wf.pdf
check "60 bands on one EPS-sized page: inside, no overlap" layout_ok wf.pdf
check "... still one page" [ "$(pdfinfo wf.pdf | awk '/^Pages:/ { print $2 }')" = 1 ]

# Long names and a long title stay on the page.
long=$(printf 'x%.0s' $(seq 1 400))
printf 'JOB "%s"\nDATE "%s"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n' "$long" "$long" > long.hp
for k in 0 1 2; do
    printf 'BEGIN_SAMPLE %d\n' "$k"
    for i in $(seq 1 25); do printf '(%d)%s%d\t%d\n' "$i" "$long" "$i" $((i * 1000 + k)); done
    printf 'END_SAMPLE %d\n' "$k"
done >> long.hp
for flags in "" "-M" "-e6in" "-m0" "-s"; do
    run_hp2ps $flags long.hp -o long.pdf
    check "long names $flags: inside, no overlap" layout_ok long.pdf
done

# A three-hour run is labelled in hours.
{ printf 'JOB "service"\nDATE "d"\nSAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n'
  for k in $(seq 0 60); do printf 'BEGIN_SAMPLE %d\ncache\t%d\nEND_SAMPLE %d\n' $((k * 180)) $((k * 1000)) $((k * 180)); done
} > svc.hp
run_hp2ps svc.hp -o svc.pdf
check "3-hour run: x legend reads hours" has_word svc.pdf hours
check "3-hour run: inside, no overlap" layout_ok svc.pdf
finish

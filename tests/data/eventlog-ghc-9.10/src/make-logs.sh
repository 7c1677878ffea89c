#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# make-logs.sh: how the logs of this folder were made, to run inside a
# Debian sid chroot with ghc, ghc-prof 9.10.3-4 (and, for the .ipe.tsv,
# libghc-ghc-events-dev 0.20.0.0 and ../../../shared/corpus/eventlog-ghc-9.6/
# src/evipe.hs). Run it in an empty folder holding newer.hs and evipe.hs.
set -u
mkdir -p o-np o-npi o-p o-pne o-ipe runs
# NOERA: 9.10.3's setUserEra crashes a non-profiled build of newer.hs
ghc -O1 -threaded -rtsopts -DNOERA -outputdir o-np newer.hs -o newer-np
ghc -O1 -threaded -rtsopts -DNOERA -finfo-table-map -fdistinct-constructor-tables \
    -outputdir o-npi newer.hs -o newer-npi
ghc -O0 -prof -fprof-auto -threaded -rtsopts -finfo-table-map -outputdir o-p newer.hs -o newer-p
# -hr: newer-p dies of SIGSEGV under -hr once it has set a second user era
# (a GHC 9.10.3 bug, with or without -finfo-table-map), so -hr uses a
# build without setUserEra
ghc -O0 -prof -fprof-auto -threaded -rtsopts -finfo-table-map -DNOERA -outputdir o-pne \
    newer.hs -o newer-p-noera
ghc -O -outputdir o-ipe evipe.hs -o evipe
cd runs || exit 1

# run NAME PROG ARGS...: NAME.eventlog and NAME.hp of one run
run() {
    local name=$1 prog=$2; shift 2
    "../$prog" "$@" -ol"$name".eventlog -po"$name" >/dev/null
}
# killed SECONDS NAME PROG ARGS...: the same, killed by SIGKILL after SECONDS
killed() {
    local secs=$1 name=$2 prog=$3; shift 3
    "../$prog" "$@" -ol"$name".eventlog -po"$name" >/dev/null &
    local pid=$!
    sleep "$secs"
    kill -KILL "$pid"
    wait "$pid"
}

run newer-hT      newer-np  6 20 +RTS -hT -l -i0.02
run newer-hT-N2   newer-np  6 20 +RTS -hT -l -i0.02 -N2
run newer-hT-lau  newer-np  6 20 +RTS -hT -l-au -i0.02
run newer-hT-flush newer-np 6 20 +RTS -hT -l -i0.02 --eventlog-flush-interval=1
run newer-hi      newer-npi 6 20 +RTS -hi -l -i0.02
for b in c y d m; do
    run newer-h$b newer-p   6 20 +RTS -h$b -l -i0.05
done
run newer-hr      newer-p-noera 6 20 +RTS -hr -l -i0.05
run newer-hb      newer-p   6 20 +RTS -hb -l -i0.1
run newer-he      newer-p   6 20 +RTS -he -l -i0.05
run newer-hi-prof newer-p   6 20 +RTS -hi -l -i0.05
run newer-hc-N2   newer-p   6 20 +RTS -hc -l -i0.05 -N2
killed 3 newer-hT-killed newer-np 10 20 +RTS -hT -l -i0.02
# (made later, on 2026-11-27, with the same newer-npi build: its message
# names the run's -hi, which PROGRAM_ARGS keeps though no census is in)
killed 3 newer-hi-killed newer-npi 10 20 +RTS -hi -l -i0.02
# repeated until the kill fell after a flush with no census since (the
# .hp then has the log's censuses; the 5th and the 1st try did)
killed 4.1 newer-hT-killed-flush newer-np 10 20 +RTS -hT -l -i0.02 --eventlog-flush-interval=1
killed 6.1 newer-hc-killed-flush newer-p 10 20 +RTS -hc -l -i0.05 --eventlog-flush-interval=1
../evipe newer-hi.eventlog >newer-hi.ipe.tsv
../evipe newer-hi-prof.eventlog >newer-hi-prof.ipe.tsv

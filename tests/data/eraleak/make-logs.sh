#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# make-logs.sh: how the logs of this folder were made, inside a Debian sid
# chroot with ghc and ghc-prof 9.10.3 (tests/data/eventlog-ghc-9.10/README.md
# says how one is made).  Run it in an empty folder holding eraleak.hs.
set -eu
mkdir -p o-leak o-fixed
ghc -O0 -prof -fprof-auto -rtsopts -outputdir o-leak eraleak.hs -o eraleak
ghc -O0 -prof -fprof-auto -rtsopts -DFIXED -outputdir o-fixed eraleak.hs -o eraleak-fixed
# -l-a: every event class but the heap profile's left out (a small log);
# -ol/-po name the log and the .hp the same run writes
./eraleak 250000 +RTS -he -l-a -i0.05 -oleraleak-he.eventlog -poeraleak-he
./eraleak-fixed 250000 +RTS -he -l-a -i0.05 -olfixed-he.eventlog -pofixed-he

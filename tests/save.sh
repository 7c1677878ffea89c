#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# save.sh: --fsync.  Every output is replaced whole or not at all (the
# temporary file renamed into place: files.sh, faults.sh); it is synced
# to the disk only with --fsync (output.c's finish): without it no fsync
# at all, with it one for each file and one for its directory after the
# rename, and the same bytes either way.
. "$(dirname "$0")/lib.sh"
need strace

cp "$SAMPLES/leakmean-hc.hp" p.hp
if ! strace -f -e trace=fsync,fdatasync,sync_file_range -o plain.txt "$HP2PS" p.hp >/dev/null 2>&1; then
    echo "$TEST_NAME: skipped: strace cannot trace here"
    exit 77
fi
syncs() { grep -c 'sync' "$1"; }
# fsyncs that returned 0: strace -f splits a call that another thread's
# event interrupts into "fsync(6 <unfinished ...>" and "<... fsync
# resumed>) = 0", which is still one
synced() { grep -Ec '(fsync\(|<\.\.\. fsync resumed>).*= 0' "$1"; }
check "a default run syncs nothing ($(syncs plain.txt))" test "$(syncs plain.txt)" -eq 0
mv p.ps plain.ps
mv p.aux plain.aux
strace -f -e trace=fsync,fdatasync,sync_file_range -o synced.txt "$HP2PS" --fsync p.hp >/dev/null 2>&1
check "--fsync syncs the drawing, the .aux and the directory after each rename ($(syncs synced.txt))" \
    test "$(synced synced.txt)" -eq 4
check "--fsync draws the same" cmp -s plain.ps p.ps
check "--fsync writes the same .aux" cmp -s plain.aux p.aux
strace -f -e trace=fsync -o export.txt "$HP2PS" --fsync -o p.csv p.hp >/dev/null 2>&1
check "an export with --fsync: the file and its directory" test "$(synced export.txt)" -eq 2
strace -f -e trace=fsync -o stdout.txt "$HP2PS" --fsync --no-aux -o - p.hp >p-stdout.ps 2>/dev/null
check "standard output is not a file to sync" test "$(grep -c 'fsync(' stdout.txt)" -eq 0
check "standard output gets the drawing" cmp -s plain.ps p-stdout.ps
finish

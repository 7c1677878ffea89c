#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# eventlog-corpus.sh: the real eventlogs of ../shared/corpus (GHC 9.0.2,
# 9.6.6, 9.10.3, and logs from other people's repositories), where that
# folder is beside the project (CI has it; skipped elsewhere):
#   - every log against the .hp its run wrote, sample by sample
#     (tests/test_eventlog: names, values, order; -hi values under the
#     IPE names; -he "era N"; stacks deeper than the log keeps);
#   - a run killed without --eventlog-flush-interval: one line naming it;
#   - the public logs: the one with heap samples draws, the rest get one
#     line each.
corpus=$(cd "$(dirname "$0")/../.." && pwd)/shared/corpus
. "$(dirname "$0")/lib.sh"
all() { eval "$1"; }
if [ ! -d "$corpus/eventlog-ghc-9.6" ]; then
    echo "$TEST_NAME: skipped: no $corpus"
    exit 77
fi
tool=$(dirname "$HP2PS")/tests/test_eventlog

logs=()
for f in "$corpus"/eventlog-ghc-9.6/*.eventlog "$corpus"/eventlog-ghc-9.10/*.eventlog \
         "$corpus"/eventlog/*.eventlog; do
    case $f in *-killed.eventlog) continue ;; esac
    logs+=("$f")
done
"$tool" "${logs[@]}" >compare.txt 2>compare-err.txt
RC=$?
summary=$(tail -n 1 compare.txt)
check "${#logs[@]} corpus logs the same as their .hp ($summary)" \
    all '[ "$RC" -eq 0 ] && [ "${#logs[@]}" -ge 97 ]'
[ "$RC" -eq 0 ] || grep -v ' same$' compare.txt compare-err.txt >&2

expect_error 1 "^hp2ps: .*/newer-hT-killed.eventlog: no complete heap census in the eventlog yet .*--eventlog-flush-interval=1 so that a killed run keeps its censuses\)$" \
    -o k.ps "$corpus/eventlog-ghc-9.6/newer-hT-killed.eventlog"

drew=0 refused=0
for f in "$corpus"/eventlog-public/*.eventlog; do
    if "$HP2PS" -o pub.svg "$f" 2>err.txt; then
        drew=$((drew + 1))
        check "$(basename "$f"): drawn, nothing on stderr" all '[ ! -s err.txt ] && [ -s pub.svg ]'
    else
        refused=$((refused + 1))
        check "$(basename "$f"): one line ($(cat err.txt))" \
            all '[ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^hp2ps: .*: no heap profile in the eventlog" err.txt'
    fi
done
check "public logs: one draws ($drew), five get the one line ($refused)" \
    all '[ "$drew" -eq 1 ] && [ "$refused" -eq 5 ]'
finish

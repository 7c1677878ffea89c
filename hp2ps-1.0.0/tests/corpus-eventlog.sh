#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# corpus-eventlog.sh [CORPUS]: every eventlog of the corpus against the .hp
# the same run wrote, and the corpus's cut logs against the reference
# reader's counts.  Run by hand (it needs ../shared, which `make check`
# does not): build first (`make tests/test_eventlog hp2ps`), then
#   tests/corpus-eventlog.sh [../shared/corpus/eventlog]
# It prints one line per log and a summary; exit 1 on any difference.
#   - each NAME.eventlog (and cut/NAME.eventlog with a complete log) is
#     compared with NAME.hp sample by sample by tests/test_eventlog
#     (names, values, order; times rising; JOB, DATE);
#   - each cut/samples/NAME.cutN.eventlog must draw exactly the censuses
#     oracle/cutoff-results.txt says ghc-events found (0: one error line).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$here/../shared/corpus/eventlog}
hp2ps=$here/hp2ps
tool=$here/tests/test_eventlog
[ -x "$tool" ] && [ -x "$hp2ps" ] || { echo "build first: make hp2ps tests/test_eventlog" >&2; exit 2; }
status=0

"$tool" "$corpus"/*.eventlog "$corpus"/cut/longrun-hT-sigint.eventlog || status=1

tmp=$(mktemp -d "${TMPDIR:-/tmp}/corpus-eventlog.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
same=0 diff=0
# "== logs/NAME.eventlog" then "  cut at OFFSET ... rc=R samples=N"
while read -r name at want; do
    f=$corpus/cut/samples/$name.cut$at.eventlog
    [ -f "$f" ] || continue
    if "$hp2ps" -o "$tmp/x.csv" "$f" 2>"$tmp/err"; then
        got=$(( $(wc -l <"$tmp/x.csv") - 2 ))   # the header line, the empty first sample
    elif [ "$(wc -l <"$tmp/err")" -eq 1 ]; then
        got=0
    else
        got="error: $(cat "$tmp/err")"
    fi
    if [ "$got" = "$want" ]; then
        same=$((same + 1)); r=same
    else
        diff=$((diff + 1)); r=DIFFERENT; status=1
    fi
    printf '%-60s %s censuses (ghc-events: %s) %s\n' "cut/samples/$name.cut$at" "$got" "$want" "$r"
done < <(awk '/^== logs\// { n = $2; sub(/^logs\//, "", n); sub(/\.eventlog:$/, "", n) }
              /^  cut at/ { s = $0; sub(/.*samples=/, "", s); sub(/ .*/, "", s); print n, $3, s }' \
             "$corpus/oracle/cutoff-results.txt")
echo "$((same + diff)) cut logs, $same with the reference reader's censuses, $diff different"
exit $status

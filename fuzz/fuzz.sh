#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# fuzz.sh [SECONDS [DIR...]]: run the libFuzzer harness fuzz/fuzz_hp2ps
# (built by `make fuzz`) for SECONDS (default 600) and print libFuzzer's
# numbers (coverage "cov:", features "ft:" and corpus at the start and the end).
#
# The seed corpus is fuzz/corpus (small .hp files, the first three bytes of
# each choosing the options; see fuzz/fuzz_hp2ps.c), and each DIR given (an
# earlier run's corpus, read only), the dictionary fuzz/hp.dict.
# New inputs go to $FUZZ_WORK/corpus (default fuzz-work/ in the current
# directory), so the seeds in the source tree stay small; crashes, leaks
# and timeouts go to $FUZZ_WORK/findings/.  FUZZ_JOBS=N runs N processes.
#
# A finding is fixed in the source and its input copied to
# tests/data/regress/, where tests/hostile.sh runs it on every `make check`.
#
# fuzz.sh --regress FINDING NAME: turn a finding into the regression test
# tests/data/regress/NAME.hp (+ NAME.args for its options, from its first
# three and last bytes, NAME.aux when it carries one, NAME.hp2 and NAME.hp3
# for the other profiles of several or --diff), which tests/hostile.sh runs.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${FUZZ_BIN:-$PWD/fuzz/fuzz_hp2ps}
[ -x "$bin" ] || bin=$here/fuzz/fuzz_hp2ps
if [ ! -x "$bin" ]; then
    echo "fuzz.sh: $bin not found; run 'make fuzz' first" >&2
    exit 1
fi
if [ "${1:-}" = --regress ]; then
    [ $# -eq 3 ] || { echo "usage: fuzz.sh --regress FINDING NAME" >&2; exit 2; }
    out=$here/tests/data/regress/$3
    mkdir -p "$here/tests/data/regress"
    rm -f "$out".hp "$out".args "$out".aux "$out".hp2 "$out".hp3
    # The harness decodes the finding's option bytes as it does when it
    # fuzzes, and writes the command line and the files.
    HP2PS_FUZZ_REGRESS=$out "$bin" "$2" >/dev/null 2>&1
    ls "$out".hp >/dev/null || exit 1
    ls -l "$out".*
    exit 0
fi
secs=${1:-600}
[ $# -gt 0 ] && shift
extra=("$@")
work=${FUZZ_WORK:-$PWD/fuzz-work}
jobs=${FUZZ_JOBS:-1}
mkdir -p "$work/corpus" "$work/findings"
# The font libraries keep caches until exit; they are not our leaks.
export LSAN_OPTIONS="suppressions=$here/tests/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

args=(-dict="$here/fuzz/hp.dict" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048
      -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/findings/")
if [ "$jobs" -gt 1 ]; then
    args+=(-jobs="$jobs" -workers="$jobs")
    (cd "$work" && "$bin" "${args[@]}" "$work/corpus" "$here/fuzz/corpus" "${extra[@]}")
else
    "$bin" "${args[@]}" "$work/corpus" "$here/fuzz/corpus" "${extra[@]}" 2>"$work/fuzz.log"
fi
status=$?
log=$work/fuzz.log
[ "$jobs" -gt 1 ] && log=$(ls -t "$work"/fuzz-*.log | head -n 1)
grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^Done [0-9]+ runs|^stat::' "$log"
echo "corpus: $(ls "$work/corpus" | wc -l) files, $(du -sh "$work/corpus" | cut -f1)"
echo "findings: $(ls "$work/findings" | wc -l) ($work/findings)"
exit $status

#!/usr/bin/env bash
# fuzz.sh [SECONDS]: run the libFuzzer harness fuzz/fuzz_hp2ps (built by
# `make fuzz`) for SECONDS (default 600) and print libFuzzer's numbers.
#
# The seed corpus is fuzz/corpus (small .hp files, the first byte of each
# choosing the options; see fuzz/fuzz_hp2ps.c), the dictionary fuzz/hp.dict.
# New inputs go to $FUZZ_WORK/corpus (default fuzz-work/ in the current
# directory), so the seeds in the source tree stay small; crashes, leaks
# and timeouts go to $FUZZ_WORK/findings/.  FUZZ_JOBS=N runs N processes.
#
# A finding is fixed in the source and its input copied to
# tests/data/regress/, where tests/hostile.sh runs it on every `make check`.
#
# fuzz.sh --regress FINDING NAME: turn a finding into the regression test
# tests/data/regress/NAME.hp (+ NAME.args for its options, from its first
# and last bytes, NAME.aux when it carries one), which tests/hostile.sh runs.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --regress ]; then
    [ $# -eq 3 ] || { echo "usage: fuzz.sh --regress FINDING NAME" >&2; exit 2; }
    out=$here/tests/data/regress/$3
    mkdir -p "$here/tests/data/regress"
    # byte 0: the options (see fuzz/fuzz_hp2ps.c); the rest: .hp [%%AUX .aux]
    perl -0777 -e '
        local $/; open my $in, "<:raw", $ARGV[0] or die "$ARGV[0]: $!";
        my $d = <$in>; my $o = ord substr($d, 0, 1); $d = substr($d, 1);
        my $o2 = (ord substr($d, -1)) ^ 10;
        my @a = ((q(), q(-m0), q(-m3), q(-m200))[$o & 3]);
        push @a, q(-d) if $o & 4;
        push @a, (q(), q(-i), q(-i-), q(-t0))[($o >> 3) & 3];
        push @a, q(-c) if $o & 32;
        push @a, (q(), q(--format=eps), q(--format=svg), q(--format=png --dpi=4))[$o >> 6];
        push @a, q(--units=iec) if $o2 & 1;
        push @a, q(--pattern) if $o2 & 2;
        push @a, q(-s) if $o2 & 4;
        push @a, q(-b) if $o2 & 8;
        push @a, q(-g) if $o2 & 16;
        push @a, q(-M) if $o2 & 32;
        push @a, q(-y) if $o2 & 64;
        push @a, q(-e300pt) if $o2 & 128;
        my $aux; my $i = index($d, "\n%%AUX\n");
        if ($i >= 0) { $aux = substr($d, $i + 7); $d = substr($d, 0, $i + 1); }
        open my $h, ">:raw", "$ARGV[1].hp" or die; print $h $d;
        my $args = join(q( ), grep { length } @a);
        if (length $args) { open my $f, ">", "$ARGV[1].args" or die; print $f "$args\n"; }
        if (defined $aux) { open my $x, ">:raw", "$ARGV[1].aux" or die; print $x $aux; }
    ' "$2" "$out" || exit 1
    ls -l "$out".*
    exit 0
fi
secs=${1:-600}
bin=${FUZZ_BIN:-$PWD/fuzz/fuzz_hp2ps}
[ -x "$bin" ] || bin=$here/fuzz/fuzz_hp2ps
if [ ! -x "$bin" ]; then
    echo "fuzz.sh: $bin not found; run 'make fuzz' first" >&2
    exit 1
fi
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
    (cd "$work" && "$bin" "${args[@]}" "$work/corpus" "$here/fuzz/corpus")
else
    "$bin" "${args[@]}" "$work/corpus" "$here/fuzz/corpus" 2>"$work/fuzz.log"
fi
status=$?
log=$work/fuzz.log
[ "$jobs" -gt 1 ] && log=$(ls -t "$work"/fuzz-*.log | head -n 1)
grep -E '^#[0-9]+ +DONE|^Done [0-9]+ runs|^stat::' "$log"
echo "corpus: $(ls "$work/corpus" | wc -l) files, $(du -sh "$work/corpus" | cut -f1)"
echo "findings: $(ls "$work/findings" | wc -l) ($work/findings)"
exit $status

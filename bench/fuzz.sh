#!/usr/bin/env bash
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
if [ "${1:-}" = --regress ]; then
    [ $# -eq 3 ] || { echo "usage: fuzz.sh --regress FINDING NAME" >&2; exit 2; }
    out=$here/tests/data/regress/$3
    mkdir -p "$here/tests/data/regress"
    rm -f "$out".hp "$out".args "$out".aux "$out".hp2 "$out".hp3
    # bytes 0-2: the options, decoded as decode_options in fuzz/fuzz_hp2ps.c
    # does (keep the two in step); the rest: .hp [%%AUX .aux], and with
    # several profiles .hp [%%SECOND second .hp].  Several profiles go to
    # NAME.hp2 (and NAME.hp3), which tests/hostile.sh gives after NAME.hp.
    perl -0777 -e '
        local $/; open my $in, "<:raw", $ARGV[0] or die "$ARGV[0]: $!";
        my $d = <$in>; length($d) >= 3 or die "$ARGV[0]: shorter than the 3 option bytes\n";
        my ($o, $o1, $o2) = map { ord } split //, substr($d, 0, 3); $d = substr($d, 3);
        my $o3 = (ord substr($d, -1)) ^ 10;
        my $profiles = ($o2 >> 2) & 3;
        my $several = $profiles != 0; my $diff = $profiles == 2;
        my @fmt = ([q(), q(ps)], [q(--format=eps), q(eps)], [q(--format=svg), q(svg)],
                   [q(--format=png --dpi=4), q(png)]);
        # --sort=gradient first, so that -d and -i after it still apply
        my @a = ($o1 & 4 ? q(--sort=gradient) : q());
        push @a, ((q(), q(-m0), q(-m3), q(-m200))[$o & 3]);
        push @a, q(-d) if $o & 4;
        push @a, (q(), q(-i), q(-i-), q(-t0))[($o >> 3) & 3];
        push @a, q(-c) if $o & 32;
        push @a, $fmt[$o >> 6][0];
        push @a, q(--units=iec) if $o3 & 1;
        push @a, q(--pattern) if $o3 & 2;
        push @a, q(-s) if $o3 & 4;
        push @a, q(-b) if $o3 & 8;
        push @a, q(-g) if $o3 & 16;
        push @a, q(-M) if $o3 & 32;
        push @a, q(-y) if $o3 & 64;
        push @a, q(-e300pt) if $o3 & 128;
        # byte 1: --mode, --slopes, --x=index, the window (hp2ps refuses
        # --mode with --diff and --slopes with several profiles: left out)
        push @a, (q(), q(--mode=percent), q(--mode=lines), q())[$o1 & 3] unless $diff;
        push @a, q(--slopes) if $o1 & 8 && !$several;
        push @a, q(--x=index) if $o1 & 16;
        my $w = $o1 >> 5;
        push @a, ($w & 4 ? q(--from=0.5) : q(--from=0.02)) if $w & 1;
        push @a, ($w & 4 ? q(--to=2) : q(--to=0.035)) if $w & 2;
        # byte 2: the name filter (the expressions of FUZZ_INCLUDE and
        # FUZZ_EXCLUDE), several profiles, --diff
        push @a, q(--include=CAF|MAIN) if $o2 & 1;
        push @a, q(--exclude=IO) if $o2 & 2;
        push @a, q(--diff) if $diff;
        push @a, q(--full-stacks) if $o2 & 16;
        push @a, q(-o out.) . $fmt[$o >> 6][1] if $several;
        my $aux; my $i = index($d, "\n%%AUX\n");
        if ($i >= 0) { $aux = substr($d, $i + 7); $d = substr($d, 0, $i + 1); }
        my $second = $d;
        if ($several) {
            undef $aux;   # -p reads one profile: the harness leaves it out too
            my $j = index($d, "\n%%SECOND\n");
            if ($j >= 0) { $second = substr($d, $j + 10); $d = substr($d, 0, $j + 1); }
        }
        open my $h, ">:raw", "$ARGV[1].hp" or die; print $h $d;
        if ($several) { open my $h2, ">:raw", "$ARGV[1].hp2" or die; print $h2 $second; }
        if ($profiles == 3) { open my $h3, ">:raw", "$ARGV[1].hp3" or die; print $h3 $d; }
        my $args = join(q( ), grep { length } @a);
        if (length $args) { open my $f, ">", "$ARGV[1].args" or die; print $f "$args\n"; }
        if (defined $aux) { open my $x, ">:raw", "$ARGV[1].aux" or die; print $x $aux; }
    ' "$2" "$out" || exit 1
    ls -l "$out".*
    exit 0
fi
secs=${1:-600}
[ $# -gt 0 ] && shift
extra=("$@")
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

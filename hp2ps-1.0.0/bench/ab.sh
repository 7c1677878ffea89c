#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/ab.sh: two commands timed in alternation, N runs each, so that a
# virtual machine whose speed drifts over a minute disturbs both alike
# (hyperfine runs all of one command, then all of the other).  Prints the
# median, first quartile and minimum wall time of each, in ms.
#
#   bench/ab.sh 40 ./old/hp2ps -o /dev/shm/a.ps x.hp -- ./hp2ps -o /dev/shm/b.ps x.hp
set -eu
[ $# -ge 4 ] || { echo "usage: bench/ab.sh N COMMAND_A... -- COMMAND_B..." >&2; exit 2; }
n=$1
shift
a_cmd=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do a_cmd+=("$1"); shift; done
[ $# -gt 1 ] || { echo "bench/ab.sh: no -- COMMAND_B" >&2; exit 2; }
shift
b_cmd=("$@")

# Milliseconds a command takes, from bash's own clock in microseconds (no
# process of its own around the command; bash 5's EPOCHREALTIME).
run_ms() {
    local t0=${EPOCHREALTIME/./}
    "$@" >/dev/null 2>&1 || { echo "bench/ab.sh: failed: $*" >&2; exit 1; }
    local t1=${EPOCHREALTIME/./}
    echo "$(((t1 - t0) / 1000)).$(printf '%03d' $(((t1 - t0) % 1000)))"
}

summary() {
    sort -n | awk '{v[NR] = $1} END {
        printf "median %.2f ms  q1 %.2f ms  min %.2f ms  (%d runs)\n",
               v[int((NR + 1) / 2)], v[int(NR / 4) + 1], v[1], NR }'
}

run_ms "${a_cmd[@]}" >/dev/null # warm-up: caches, the binaries' pages
run_ms "${b_cmd[@]}" >/dev/null
a_times=() b_times=()
for _ in $(seq "$n"); do
    a_times+=("$(run_ms "${a_cmd[@]}")")
    b_times+=("$(run_ms "${b_cmd[@]}")")
done
echo "A: $(printf '%s\n' "${a_times[@]}" | summary)"
echo "B: $(printf '%s\n' "${b_times[@]}" | summary)"

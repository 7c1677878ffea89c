#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# bench/cpu_ab.py: commands timed in alternation by their CPU time (user +
# system, from wait4: every thread of the command), N rounds after one
# warm-up round.  ab.sh's twin for goals of CPU time: hyperfine runs all
# of one command and then all of the other, so a machine whose speed
# drifts over a minute favours one of them.  Prints each command's median,
# mean, least and most CPU ms and its median wall ms.
#
#   python3 bench/cpu_ab.py 15 ./hp2ps -o /dev/shm/g.ps gen20000.hp -- wc -l gen20000.hp
import os
import statistics
import sys
import time


def main(argv):
    if len(argv) < 2 or not argv[0].isdigit():
        sys.exit("usage: bench/cpu_ab.py N COMMAND... [-- COMMAND...]...")
    rounds = int(argv[0])
    commands, current = [], []
    for word in argv[1:]:
        if word == "--":
            commands.append(current)
            current = []
        else:
            current.append(word)
    commands.append(current)
    if any(not c for c in commands):
        sys.exit("bench/cpu_ab.py: an empty command")
    cpu = [[] for _ in commands]
    wall = [[] for _ in commands]
    for r in range(rounds + 1):
        for i, command in enumerate(commands):
            start = time.monotonic()
            pid = os.fork()
            if pid == 0:
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1)
                os.dup2(null, 2)
                try:
                    os.execvp(command[0], command)
                finally:
                    os._exit(127)
            _, status, usage = os.wait4(pid, 0)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit("bench/cpu_ab.py: failed: " + " ".join(command))
            if r > 0:  # the first round only warms the page cache
                cpu[i].append((usage.ru_utime + usage.ru_stime) * 1000)
                wall[i].append((time.monotonic() - start) * 1000)
    for i, command in enumerate(commands):
        c = cpu[i]
        print("%s: CPU median %.1f ms, mean %.1f, %.1f to %.1f; wall median %.1f ms"
              % (" ".join(command), statistics.median(c), statistics.mean(c), min(c), max(c),
                 statistics.median(wall[i])))


if __name__ == "__main__":
    main(sys.argv[1:])

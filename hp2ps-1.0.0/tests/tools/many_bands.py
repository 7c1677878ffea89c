#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""many_bands.py NBANDS NSAMPLES [SEED]: a heap profile with many bands.

For the tests of the drawing's truth: bands that live in windows of the
run (so any one sample holds only some of them), values that ramp, sit
and spike, and a total that jumps (a few samples where many bands spike
at once, a few where nearly everything is freed).  Names look like GHC's
cost-centre stacks and share a long suffix, as real -hc profiles do.
Deterministic for given arguments.
"""
import random
import sys


def main():
    nbands = int(sys.argv[1])
    nsamples = int(sys.argv[2])
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    bands = []
    for i in range(nbands):
        a = rnd.randrange(nsamples)
        b = min(nsamples, a + 1 + rnd.randrange(max(1, nsamples // 3)))
        bands.append((f"fn{i}/go/loop/run.it/run/main", a, b,
                      rnd.choice((100, 1000, 10000, 200000)), rnd.random()))
    out = ['JOB "many_bands +RTS -hc -RTS"', 'DATE "Tue Nov 24 00:00 2026"',
           'SAMPLE_UNIT "seconds"', 'VALUE_UNIT "bytes"']
    for k in range(nsamples):
        t = k * 0.05
        burst = rnd.random() < 0.04    # many bands spike together
        freed = rnd.random() < 0.03    # almost everything freed
        out.append(f"BEGIN_SAMPLE {t:.2f}")
        for name, a, b, scale, phase in bands:
            if not a <= k < b:
                continue
            ramp = (k - a + 1) / (b - a)
            v = int(scale * (ramp if phase < 0.5 else 1 - ramp / 2))
            if burst and rnd.random() < 0.5:
                v *= 8
            if rnd.random() < 0.02:
                v *= 20
            if freed:
                v //= 50
            if v > 0:
                out.append(f"{name}\t{v}")
        out.append(f"END_SAMPLE {t:.2f}")
    sys.stdout.write("\n".join(out) + "\n")


main()

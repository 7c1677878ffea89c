#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""hidden_bands.py make NSAMPLES: a -hd-like profile of 5 large names and
74 small ones, under GHC's 1 % trace threshold in all, where three of the
small ones spike to several MB in a few samples (so -t1 leaves a third of
those samples undrawn).

hidden_bands.py truth FILE.hp [TRACE]: from the .hp alone, print as JSON the
profile's true peak (every name) and its time, the names GHC's -t TRACE
(default 1) removes, and the largest sum of those in one sample, its time
and that sample's total.
"""
import json
import sys


def make(nsamples):
    out = ['JOB "hidden +RTS -hd -RTS"', 'DATE "Tue Nov 24 00:00 2026"',
           'SAMPLE_UNIT "seconds"', 'VALUE_UNIT "bytes"']
    spikes = {nsamples // 5: "spikeA", nsamples // 2: "spikeB", 3 * nsamples // 4: "spikeC"}
    for k in range(nsamples):
        out.append("BEGIN_SAMPLE %.4f" % (k * 0.001))
        for i in range(5):
            out.append("big%d\t%d" % (i, 2000000 + 50000 * i + 1000 * (k % 7)))
        for i in range(71):
            if (k + i) % 9 == 0:
                out.append("<small.sat_s%02d>\t%d" % (i, 2000 + 16 * i))
        for start, name in spikes.items():
            if start <= k < start + 8:
                out.append("<%s>\t%d" % (name, 6000000 - 1000 * (k - start)))
        out.append("END_SAMPLE %.4f" % (k * 0.001))
    print("\n".join(out))


def samples_of(path):
    samples, cur = [], None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("BEGIN_SAMPLE"):
            cur = (float(line.split()[1]), {})
        elif line.startswith("END_SAMPLE"):
            samples.append(cur)
            cur = None
        elif cur is not None and line:
            name, _, v = line.rpartition("\t")
            cur[1][name] = cur[1].get(name, 0) + max(int(v), 0)
    return samples


def truth(path, trace):
    samples = samples_of(path)
    total = {}
    for _, s in samples:
        for n, v in s.items():
            total[n] = total.get(n, 0) + v
    grand = sum(total.values())
    cut, running = set(), 0.0
    for n in sorted(total, key=lambda n: (total[n], n)):  # GHC: ascending, cumulative
        running += 100.0 * total[n] / grand if grand else 0
        if running >= trace:
            break
        cut.add(n)
    peak, peak_t = max((sum(s.values()), -t) for t, s in samples)
    hid = [(sum(v for n, v in s.items() if n in cut), t, sum(s.values())) for t, s in samples]
    hmax = max(h for h, _, _ in hid)
    h_t, h_total = next((t, tot) for h, t, tot in hid if h == hmax)
    print(json.dumps({"peak": peak, "peak_time": -peak_t, "cut": len(cut), "hidden_max": hmax,
                      "hidden_time": h_t, "hidden_total": h_total,
                      "hidden": {repr(t): h for h, t, _ in hid}}))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(int(sys.argv[2]))
    else:
        truth(sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 1.0)

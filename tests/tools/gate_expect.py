#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""gate_expect.py: what the gate (--check) must measure, straight from the
profile, without hp2ps.

  gate_expect.py PROFILE BUDGET...

prints, for each BUDGET (the part before "<=", as budget.h writes it), a
line "VALUE TIME" (TIME: when it was measured; for change and slope, the
last census of the window).  A .hp is read as text; for heap: and live:,
PROFILE is an eventlog and its HEAP_SIZE and HEAP_LIVE events are read
with tests/elgen.py's reader.

The rules, as the man page gives them: a window's censuses are its
samples less the empty ones (no name holds anything) at either edge
(GHC's samples as profiling starts and at exit); the total is every
name; a band budget sums the names its expression matches, whole or
less the RTS's "(N)"; a window's N% is of the span from the first
sample to the last; a slope is the least-squares slope over the
window's censuses; a mean is the area under them by trapezoids over
their span.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def read_hp(path):
    """[(time, [(name, value)...])] of the completed samples."""
    samples, cur, t = [], None, None
    for line in open(path, "rb").read().decode("utf-8", "surrogateescape").split("\n"):
        line = line.rstrip("\r")
        if line.startswith("BEGIN_SAMPLE"):
            cur, t = [], float(line.split()[1])
        elif line.startswith("END_SAMPLE"):
            samples.append((t, cur))
            cur = None
        elif cur is not None and line.strip() and not line.startswith("MARK"):
            name, value = line.rsplit(None, 1)
            cur.append((name, int(value)))
    return samples


def bare(name):
    m = re.match(r"\((\d+)\)", name)
    return name[m.end():] if m else name


def edge(text, t0, t1, fallback):
    if not text:
        return fallback
    if text.endswith("%"):
        return t0 + (t1 - t0) * float(text[:-1]) / 100
    return float(text.rstrip("s"))


def measure(samples, spec):
    m = re.fullmatch(r"(peak|end|change|slope|mean)(?:\((.*)\))?(?:@(.*?)\.\.(.*))?", spec)
    what, pattern, lo, hi = m.groups()
    t0, t1 = samples[0][0], samples[-1][0]
    a, b = edge(lo, t0, t1, float("-inf")), edge(hi, t0, t1, float("inf"))
    rx = re.compile(pattern) if pattern else None
    cs = [(t, e) for t, e in samples if a <= t <= b]
    while cs and not sum(v for n, v in cs[0][1]):
        cs = cs[1:]
    while cs and not sum(v for n, v in cs[-1][1]):
        cs = cs[:-1]
    points = [(t, sum(v for n, v in e if not rx or rx.search(n) or rx.search(bare(n))))
              for t, e in cs]
    if what == "peak":
        v = max(p[1] for p in points)
        return v, next(p[0] for p in points if p[1] == v)
    if what == "end":
        return points[-1][1], points[-1][0]
    if what == "change":
        return points[-1][1] - points[0][1], points[-1][0]
    if what == "mean":  # the area by trapezoids over the span
        span = points[-1][0] - points[0][0]
        if span <= 0:
            return points[-1][1], points[-1][0]
        area = sum((a[1] + b[1]) * (b[0] - a[0]) / 2 for a, b in zip(points, points[1:]))
        return area / span, points[-1][0]
    n = len(points)
    mt = sum(p[0] for p in points) / n
    mv = sum(p[1] for p in points) / n
    num = sum((p[0] - mt) * (p[1] - mv) for p in points)
    den = sum((p[0] - mt) ** 2 for p in points)
    return num / den, points[-1][0]


def heap(path, spec):
    import struct
    import elgen
    kind, what = spec.split(":")
    want = 50 if kind == "heap" else 51
    _, events = elgen.read(open(path, "rb").read())
    rows = sorted((ts, struct.unpack_from(">Q", p, 4)[0]) for t, ts, p in events if t == want)
    if what == "peak":
        v = max(r[1] for r in rows)
        return v, next(r[0] for r in rows if r[1] == v) / 1e9
    return rows[-1][1], rows[-1][0] / 1e9


def main(argv):
    path = argv[1]
    samples = None
    for spec in argv[2:]:
        if spec.startswith(("heap:", "live:")):
            v, t = heap(path, spec)
        else:
            samples = samples or read_hp(path)
            v, t = measure(samples, spec)
        print(repr(v), repr(t))


if __name__ == "__main__":
    main(sys.argv)

#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""top_check.py: --top's figures computed again, straight from an .hp, the
plain way (every census kept in memory, two passes), and compared with
what hp2ps wrote.  Prints "ok", or what differs, and exits 1.

  top_check.py rank PROFILE.hp TOP.json   every row's figures and order
  top_check.py bio PROFILE.hp TOP.json    -hb: the states' shares, peaks
  top_check.py eras PROFILE.hp TIMES.csv TOP.json
                                          -he: the eras alive at the end;
                                          TIMES.csv: the eventlog's census
                                          times (an export of it), as the
                                          .hp counts CPU seconds
  top_check.py other ALL.csv DRAWN.csv AT.csv T
                                          --top --at=T: the members against
                                          two exports (every name; the
                                          drawing's bands) at the census T
"""
import csv
import json
import math
import re
import sys


def read_hp(path):
    """[(time, {name: value})] for every census, names repeated adding up."""
    samples, cur = [], None
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        line = line.rstrip("\n")
        if line.startswith("BEGIN_SAMPLE"):
            cur = (float(line.split()[1]), {})
        elif line.startswith("END_SAMPLE"):
            samples.append(cur)
            cur = None
        elif cur is not None and "\t" in line:
            name, v = line.rsplit("\t", 1)
            cur[1][name] = cur[1].get(name, 0) + int(v)
    return samples


def window(samples):
    """The censuses less the empty ones at either edge."""
    full = [i for i, (_, d) in enumerate(samples) if sum(d.values()) > 0]
    return samples[full[0]:full[-1] + 1]


def shown(name):
    return re.sub(r"^\(\d+\)", "", name)


def figures(samples):
    """Per name: the figures --top gives, by their definitions."""
    w = window(samples)
    t = [s[0] for s in w]
    n = len(t)
    heap = [sum(d.values()) for _, d in w]
    names = sorted({k for _, d in w for k, v in d.items() if v > 0})
    out = {}
    mt = sum(t) / n
    sxx = sum((x - mt) ** 2 for x in t)
    for name in names:
        v = [d.get(name, 0) for _, d in w]
        peak = max(v)
        mv = sum(v) / n
        sxy = sum((x - mt) * (y - mv) for x, y in zip(t, v))
        syy = sum((y - mv) ** 2 for y in v)
        slope = sxy / sxx if sxx > 0 else 0
        r2 = sxy * sxy / (sxx * syy) if sxx > 0 and syy > 0 else 0
        held = v[-1] / peak if peak else 0
        growth = v[-1] - v[0]
        out[name] = {
            "start": v[0], "end": v[-1], "change": growth, "peak": peak,
            "peak_time": t[v.index(peak)],
            "end_share": v[-1] / heap[-1] if heap[-1] else 0,
            "steady": 1 - sum(1 for a, b in zip(v, v[1:]) if b < a) / (n - 1) if n > 1 else 1,
            "slope": slope, "r2": r2, "held": held,
            "score": growth * r2 * held if growth > 0 and slope > 0 else 0,
            "area": sum((t[i + 1] - t[i]) * (v[i] + v[i + 1]) / 2 for i in range(n - 1)),
            "first": t[next(i for i, x in enumerate(v) if x > 0)],
        }
    return out, t, heap


def near(a, b, rel=1e-6, abs_=1e-6):
    return abs(a - b) <= max(abs_, rel * max(abs(a), abs(b)))


def fail(msg):
    print(msg)
    sys.exit(1)


def rank(hp, js):
    want, _, _ = figures(read_hp(hp))
    got = json.load(open(js, encoding="utf-8"))
    rows = got["rows"]
    grew = [k for k, f in want.items() if f["change"] > 0]
    if len(rows) != len(grew):
        fail("%d rows, %d names grew" % (len(rows), len(grew)))
    by_shown = {shown(k): f for k, f in want.items()}
    by_shown.update(want)  # names alike less "(N)" keep it
    last = math.inf
    for r in rows:
        f = by_shown.get(r["name"])
        if f is None:
            fail("row %s: no such name" % r["name"])
        for key in ("start", "end", "change", "peak", "peak_time", "end_share", "steady",
                    "slope", "r2", "held", "score"):
            if not near(r[key], f[key]):
                fail("%s: %s is %r, computed %r" % (r["name"], key, r[key], f[key]))
        if r["rank_score"] > last:
            fail("%s ranked below a lower score" % r["name"])
        last = r["rank_score"]
    print("ok")


STATES = {"LAG": "lag", "DRAG": "drag", "VOID": "void", "USE": "use",
          "INHERENT_USE": "inherent_use"}


def bio(hp, js):
    want, _, _ = figures(read_hp(hp))
    got = json.load(open(js, encoding="utf-8"))["biography"]
    total = sum(f["area"] for f in want.values())
    for state, key in STATES.items():
        f = want.get(state, {"area": 0, "peak": 0, "peak_time": 0})
        g = got[key]
        if not near(g["share"], f["area"] / total) or g["peak"] != f["peak"] or \
                (f["peak"] and not near(g["peak_time"], f["peak_time"])):
            fail("%s: %r, computed share %r, peak %r at %r" % (state, g, f["area"] / total,
                                                               f["peak"], f["peak_time"]))
    print("ok")


def eras(hp, times_csv, js):
    samples = read_hp(hp)
    rows = list(csv.reader(open(times_csv, encoding="utf-8")))[1:]
    times = [float(r[0]) for r in rows]
    if len(times) != len(samples):
        fail("%d censuses in the log, %d in the .hp" % (len(times), len(samples)))
    full = [i for i, (_, d) in enumerate(samples) if sum(d.values()) > 0]
    first, last = full[0], full[-1]
    alive = {}
    for name, v in samples[last][1].items():
        if v > 0:
            born = next(i for i in range(first, last + 1) if samples[i][1].get(name, 0) > 0)
            alive[int(name)] = (v, times[born], times[last] - times[born])
    got = json.load(open(js, encoding="utf-8")).get("eras", [])
    if [e["era"] for e in got] != sorted(alive):
        fail("eras %r, computed %r" % ([e["era"] for e in got], sorted(alive)))
    for e in got:
        v, born, age = alive[e["era"]]
        if e["bytes"] != v or not near(e["born"], born) or not near(e["age"], age):
            fail("era %d: %r, computed %r" % (e["era"], e, (v, born, age)))
    print("ok")


def other(all_csv, drawn_csv, at_csv, t):
    """The census at T (the last at or before it) in both exports; OTHER
    from the drawing's export, -t's share as every name less what is
    drawn."""
    t = float(t)

    def at_row(path):
        rows = list(csv.reader(open(path, encoding="utf-8")))
        head, body = rows[0], [r for r in rows[1:] if float(r[0]) <= t]
        return head, body[-1]
    head_all, row_all = at_row(all_csv)
    head_drawn, row_drawn = at_row(drawn_csv)
    every = dict(zip(head_all[1:], map(int, row_all[1:])))
    drawn = dict(zip(head_drawn[1:], map(int, row_drawn[1:])))
    other_value = drawn.get("OTHER", 0)
    hidden = sum(every.values()) - sum(drawn.values())
    members = list(csv.DictReader(open(at_csv, encoding="utf-8")))
    in_other = sum(int(m["value"]) for m in members if m["in"] == "OTHER")
    in_traced = sum(int(m["value"]) for m in members if m["in"] == "-t")
    if in_other != other_value or in_traced != hidden:
        fail("OTHER %d (drawn %d), -t %d (hidden %d)" % (in_other, other_value, in_traced,
                                                        hidden))
    values = [int(m["value"]) for m in members]
    if values != sorted(values, reverse=True):
        fail("members not largest first")
    for m in members:
        full = [k for k in every if shown(k) == m["name"] or k == m["name"]]
        if not full or every[full[0]] != int(m["value"]):
            fail("member %s %s: not that value in the export" % (m["name"], m["value"]))
    print("ok")


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"rank": rank, "bio": bio, "eras": eras, "other": other}[cmd](*args)

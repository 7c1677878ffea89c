#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""icicle_svg.py: an icicle read back from its SVG, and what it should be.

  icicle_svg.py nest FILE.svg
      every node lies under one node of the row above, and the nodes
      under one node add up to at most its width, within a pixel at
      150 dpi (0.48 pt); prints the rows' counts
  icicle_svg.py census FILE.svg FILE.hp ROW...
      the widths of the nodes of each ROW (1: the root's children) are
      the bytes the profile's peak census holds under them, by a reading
      of the .hp's stack names of its own, within a pixel
  icicle_svg.py hi FILE.svg FILE.hp FILE.ipe.tsv
      -hi: the root's children are the modules (and the tables without
      an IPE entry), as wide as their bytes in the .hp's peak census

The nodes are the SVG's filled paths of four corners as tall as a row (cairo
writes them in the layout's points, through a transform); a grey piece
without an outline is siblings too narrow to tell apart; a
label's patch on a hatched node (a filled rectangle inside a node of
its row, shorter than it) is not a node.  Exit 1 on a failed check.
"""
import re
import sys

PIXEL = 72 / 150  # a pixel at the default --dpi, in points
OPS = set("!#$%&*+./<=>?@\\^|-~:")


def rects(svg):
    out = []
    for m in re.finditer(r'<path style="([^"]*)" d="([^"]*)"(?: transform="matrix\(([^)]*)\)")?',
                         open(svg, encoding="utf-8").read()):
        style, d, tr = m.groups()
        if "fill:rgb" not in style or "fill:none" in style:
            continue
        nums = [float(v) for v in re.findall(r"-?[0-9.]+", d)]
        if not re.fullmatch(r"\s*M [-0-9. ]+ L [-0-9. ]+ L [-0-9. ]+ L [-0-9. ]+ Z M [-0-9. ]+\s*", d):
            continue
        a, b, c, dd, e, f = [float(v) for v in tr.split(",")] if tr else (1, 0, 0, 1, 0, 0)
        pts = [(a * x + c * y + e, b * x + dd * y + f) for x, y in zip(nums[0:8:2], nums[1:8:2])]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        fill = re.search(r"fill:rgb\(([^)]*)\)", style).group(1)
        out.append({"x0": min(xs), "x1": max(xs), "y0": min(ys), "y1": max(ys), "fill": fill,
                    "rest": fill == "75%,75%,75%" and "stroke:none" in style})
    return out


def rows(svg):
    """The nodes, row by row from the top: lists of rects, left to right."""
    rs = rects(svg)
    heights = {}
    for r in rs:
        h = round(r["y1"] - r["y0"], 3)
        heights[h] = heights.get(h, 0) + 1
    row_h = max(heights, key=heights.get)
    nodes = [r for r in rs if abs((r["y1"] - r["y0"]) - row_h) < 1e-3]
    by_top = {}
    for r in nodes:
        by_top.setdefault(round(r["y0"], 3), []).append(r)
    return [sorted(by_top[y], key=lambda r: r["x0"]) for y in sorted(by_top)]


def nest(svg):
    rw = rows(svg)
    bad = 0
    for i in range(1, len(rw)):
        under = {}
        for r in rw[i]:
            parents = [j for j, p in enumerate(rw[i - 1])
                       if r["x0"] >= p["x0"] - 1e-3 and r["x1"] <= p["x1"] + 1e-3]
            if not parents:
                print("row %d: a node at %.3f..%.3f under none" % (i, r["x0"], r["x1"]))
                bad += 1
                continue
            under[parents[0]] = under.get(parents[0], 0) + r["x1"] - r["x0"]
        for j, w in under.items():
            p = rw[i - 1][j]
            if w > p["x1"] - p["x0"] + PIXEL:
                print("row %d: children %.3f wide under a node %.3f wide" % (i, w, p["x1"] - p["x0"]))
                bad += 1
    print("rows:", " ".join(str(len(r)) for r in rw))
    return bad


def hp_peak(path):
    """The .hp's census with the largest total: {name: bytes}, JOB."""
    best, cur, job = None, None, ""
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        line = line.rstrip("\n")
        if line.startswith("JOB "):
            job = line
        elif line.startswith("BEGIN_SAMPLE"):
            cur = {}
        elif line.startswith("END_SAMPLE"):
            if best is None or sum(cur.values()) > sum(best.values()):
                best = cur
            cur = None
        elif cur is not None and "\t" in line:
            name, v = line.rsplit("\t", 1)
            cur[name] = cur.get(name, 0) + int(v)
    return best, job


def stack_frames(name, length):
    """A -hc .hp name as its frames from the outermost ("…" + what is
    left of a frame cut at -L first)."""
    m = re.match(r"^\((\d+)\)", name)
    body = name[m.end():] if m else name
    if not m and body == "MAIN":
        return ["MAIN"]
    cut = m is not None and len(body.encode("utf-8", "surrogateescape")) == length - 1 \
        and body.endswith("...")
    if cut:
        body = body[:-3]
    parts, start = [], 0
    for i, ch in enumerate(body):
        if ch != "/" or i == start:
            continue
        if i + 1 == len(body):
            if not cut:
                continue
        elif body[i - 1] in OPS and body[i + 1] in OPS:
            continue
        parts.append(body[start:i])
        start = i + 1
    parts.append(body[start:])
    path = list(reversed(parts))
    if cut:
        path[0] = "\u2026" + path[0]
    return path


def expected_rows(census, length, depth):
    """{path prefix (tuple): bytes} for prefixes of depth frames."""
    out = {}
    for name, v in census.items():
        f = stack_frames(name, length)
        if len(f) >= depth:
            key = tuple(f[:depth])
            out[key] = out.get(key, 0) + v
    return out


def census(svg, hp, wanted_rows):
    peak, job = hp_peak(hp)
    m = re.search(r" -L(\d+)", job)
    length = int(m.group(1)) if m else 25
    total = sum(peak.values())
    rw = rows(svg)
    root = rw[0][0]["x1"] - rw[0][0]["x0"]
    bad = 0
    for depth in wanted_rows:
        # the nodes of this row, widest first within each parent: compare
        # the multiset of widths (the rest piece aside) with the bytes
        want = sorted((v / total * root for v in expected_rows(peak, length, depth).values()),
                      reverse=True)
        got = sorted((r["x1"] - r["x0"] for r in rw[depth] if not r["rest"]), reverse=True)
        want = [w for w in want if w >= 0.2]  # narrower ones are drawn as one piece
        if len(want) != len(got) or any(abs(a - b) > PIXEL for a, b in zip(want, got)):
            diff = [(a, b) for a, b in zip(got, want) if abs(a - b) > PIXEL]
            print("row %d: %d widths, the census says %d; first apart: %s" %
                  (depth, len(got), len(want), diff[:3]))
            bad += 1
    print("census rows checked:", " ".join(map(str, wanted_rows)), "total", total)
    return bad


def hi(svg, hp, tsv):
    peak, _ = hp_peak(hp)
    module = {}
    for line in open(tsv, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 6:
            module[f[0]] = f[5]
    by = {}
    for addr, v in peak.items():
        key = module.get(addr, "(no IPE entry)")
        by[key] = by.get(key, 0) + v
    total = sum(peak.values())
    rw = rows(svg)
    root = rw[0][0]["x1"] - rw[0][0]["x0"]
    want = sorted((v / total * root for v in by.values() if v / total * root >= 0.2), reverse=True)
    got = sorted((r["x1"] - r["x0"] for r in rw[1] if not r["rest"]), reverse=True)
    if len(want) != len(got) or any(abs(a - b) > PIXEL for a, b in zip(want, got)):
        print("modules: widths %s, the census says %s" % (got, want))
        return 1
    print("modules:", len(got))
    return 0


def main(argv):
    if argv[1] == "nest":
        return 1 if nest(argv[2]) else 0
    if argv[1] == "census":
        return 1 if census(argv[2], argv[3], [int(v) for v in argv[4:]]) else 0
    if argv[1] == "hi":
        return hi(argv[2], argv[3], argv[4])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

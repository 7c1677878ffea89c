#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""svg_bands.py FILE.svg: the stacked bands of a drawing, read back from
cairo's SVG, as JSON.

cairo writes each band of a stacked graph as a filled path in page
coordinates (y down): the area from the graph's foot up to the band's
upper edge, the top band first (the painter's order), so a band shows
between its own upper edge and the next one's (--diff's regions are
outlined polygons, in the graph's own coordinates).  A key entry's
swatch is a filled square.  Prints {"bands": [{"fill": "rgb(..)",
"points": [[x, y], ...]}, ...] in the order drawn, "swatches": [fill,
...] in the key's order (top entry first), "foot": the stacked graph's
foot (the largest y of the bands' points).

svg_bands.py FILE.svg at X: each band's visible thickness in points at
page x X (its upper edge against the next band's there, each edge
interpolated between its points), top band first, as JSON
[[fill, points], ...].
"""
import json
import re
import sys

PATH = re.compile(r'<path style="([^"]*)" d="([^"]*)"( transform="[^"]*")?')
FILL = re.compile(r"fill:(rgb\([^)]*\))")


def is_square(pts):
    """A closed axis-aligned square: its 4 corners, then back to the first."""
    corners = pts[:4]
    if len(pts) < 4 or len(pts) > 6 or any(p not in corners for p in pts[4:]):
        return False
    xs = sorted({x for x, _ in corners})
    ys = sorted({y for _, y in corners})
    return len(xs) == 2 and len(ys) == 2 and abs((xs[1] - xs[0]) - (ys[1] - ys[0])) < 1e-6


def read(path):
    bands, swatches = [], []
    for style, d, transform in PATH.findall(open(path, encoding="utf-8").read()):
        m = FILL.search(style)
        if not m or m.group(1) in ("rgb(0%,0%,0%)", "rgb(100%,100%,100%)"):
            continue
        nums = [float(v) for v in re.findall(r"-?[0-9.]+", d)]
        pts = [[nums[i], nums[i + 1]] for i in range(0, len(nums) - 1, 2)]
        if is_square(pts):
            swatches.append(m.group(1))
        else:
            bands.append({"fill": m.group(1), "points": pts, "local": bool(transform)})
    foot = max((y for b in bands for _, y in b["points"]), default=0)
    return {"bands": bands, "swatches": swatches, "foot": foot}


def edge_at(points, foot, x):
    """The band's upper edge at x: the smallest y of its outline there."""
    best = None
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        if y0 >= foot and y1 >= foot:
            continue  # the foot
        if min(x0, x1) <= x <= max(x0, x1):
            y = y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
            best = y if best is None else min(best, y)
    return best if best is not None else foot


def main():
    got = read(sys.argv[1])
    if len(sys.argv) > 3 and sys.argv[2] == "at":
        x = float(sys.argv[3])
        edges = [edge_at(b["points"], got["foot"], x) for b in got["bands"]]
        out = []
        for i, b in enumerate(got["bands"]):
            below = edges[i + 1] if i + 1 < len(edges) else got["foot"]
            out.append([b["fill"], below - edges[i]])
        print(json.dumps(out))
    else:
        print(json.dumps(got))


main()

#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""silhouette.py A.ppm B.ppm: how far apart two drawings' stacks are.

Both are binary PPMs (P6) of the same graph drawn two ways (e.g. -m0 and
-m1), rasterized without antialiasing, so every pixel has one of the
colours drawn.  A pixel is ink unless it is the white of the page or the
grey of the grid lines (layout.c draws them 0.82 grey: 209).  Inside a
stack every pixel is ink whatever the bands' colours (a band the grid's
grey would only make a false difference, never hide one), so the ink
masks differ only where the
silhouettes do (everything outside the stack, title, axes, peak mark, is
drawn alike).  Per pixel column it counts the pixels that are ink in one
and have no ink within a pixel in the other (antialiasing may move an
edge by a pixel), and prints "columns N differ D worst W": D columns
where more than 2 such pixels lie, W the most in one column.
"""
import sys


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    parts, pos = [], 0
    while len(parts) < 4:  # magic, width, height, maxval; skip comments
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        parts.append(data[pos:end])
        pos = end
    assert parts[0] == b"P6", path
    w, h = int(parts[1]), int(parts[2])
    return w, h, data[pos + 1:pos + 1 + 3 * w * h]


PAPER = (255, 255, 255)
GRID = (209, 209, 209)


def ink(px, i):
    c = (px[i], px[i + 1], px[i + 2])
    return c != PAPER and c != GRID


def ink_mask(w, h, px):
    return [ink(px, 3 * i) for i in range(w * h)]


def near(mask, w, h, x, y):
    """Ink at (x, y) or a neighbour: antialiasing may move an edge by a pixel."""
    for yy in (y - 1, y, y + 1):
        if 0 <= yy < h:
            row = yy * w
            for xx in (x - 1, x, x + 1):
                if 0 <= xx < w and mask[row + xx]:
                    return True
    return False


def mismatch(w, h, a, b):
    ma, mb = ink_mask(w, h, a), ink_mask(w, h, b)
    per_column = [0] * w
    for y in range(h):
        row = y * w
        for x in range(w):
            i = row + x
            if ma[i] != mb[i] and not near(mb if ma[i] else ma, w, h, x, y):
                per_column[x] += 1
    return per_column


def main():
    wa, ha, a = read_ppm(sys.argv[1])
    wb, hb, b = read_ppm(sys.argv[2])
    if (wa, ha) != (wb, hb):
        print(f"sizes differ {wa}x{ha} {wb}x{hb}")
        sys.exit(1)
    gaps = mismatch(wa, ha, a, b)
    print(f"columns {wa} differ {sum(g > 2 for g in gaps)} worst {max(gaps)}")


main()

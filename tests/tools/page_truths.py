#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""page_truths.py COMMAND CHROMIUM PAGE ...: the HTML page's figures and
views against the command line's (issue 41), in headless chromium.

  percent CHROMIUM PAGE CSV       the page's percent view draws exactly the
                                  samples --mode=percent draws: those whose
                                  drawn total (CSV) is above 0.001 of the
                                  largest
  search CHROMIUM PAGE REGEX CSV...
                                  the search counts the names --include
                                  keeps (CSV: --include REGEX -t0 -m0)
  scale CHROMIUM PAGE A B         several profiles zoomed to A..B (and a band
                                  alone, another view): one scale for all

Each prints what is wrong and exits 1, or exits 0.
"""
import base64
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import html_page  # noqa: E402
import cdp_page  # noqa: E402

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def run(chromium, page, actions):
    log, _ = html_page.run_chromium(chromium, page, ";".join(actions).replace("%", "%25")
                                    .replace("&", "%26").replace("#", "%23").replace("+", "%2B"))
    failures.extend(html_page.failures)
    del html_page.failures[:]
    if len(log) != len(actions):
        fail("%s: %d of %d steps logged" % (page, len(log), len(actions)))
        return None
    return log


def x_of(P, t):
    return P["plot"][0] + (t - P["t0"]) / P["t_span"] * P["plot"][2]


def percent(chromium, page, csv_path):
    """The page switched to the percent view: the samples it draws (the x
    of its paths' points) are those --mode=percent keeps."""
    d = html_page.data_of(page)
    P = d["panels"][0]
    names, rows, times = html_page.read_csv(csv_path)
    if len(P["t"]) != len(times):
        fail("the page keeps %d of %d samples: the test wants them all" % (len(P["t"]), len(times)))
        return
    most = max(sum(rows[t]) for t in times)
    want = [t for t in times if sum(rows[t]) > most * 0.001]
    if len(want) == len(times):
        fail("no sample of %s is next to nothing: no test" % csv_path)
    log = run(chromium, page, ["view:percent"])
    if not log:
        return
    got = log[0]["drawn_x"]
    xs = [round(x_of(P, t), 2) for t in want]
    extra = [x for x in got if min(abs(x - w) for w in xs) > 0.011]
    missing = [w for w in xs if min((abs(x - w) for x in got), default=1) > 0.011]
    if extra or missing:
        fail("percent view: draws %d samples, --mode=percent %d of %d (%d drawn that it leaves "
             "out, %d it draws missing)" % (len(got), len(want), len(times), len(extra), len(missing)))
    else:
        print("percent view: the %d of %d samples --mode=percent draws" % (len(want), len(times)))


def scale(chromium, page, a, b):
    """Several profiles zoomed to [a, b], a band shown alone, another
    view: every panel on the one scale, which holds each panel's top in
    the window and is no taller than the highest of them needs."""
    d = html_page.data_of(page)
    if len(d["panels"]) < 2:
        fail("%s has one panel: no test" % page)
        return
    actions = ["zoom:%s:%s" % (a, b), "isolate:%d" % d["panels"][1]["bands"][-1], "all",
               "view:lines", "view:stacked", "reset"]
    log = run(chromium, page, actions)
    if not log:
        return
    for step in log[:-1]:
        sc = step["scales"]
        if any(abs(s[0] - sc[0][0]) > 1e-9 or abs(s[1] - sc[0][1]) > 1e-9 for s in sc):
            fail("%s: the panels are drawn on scales %r" % (step["action"], sc))
    for step in (log[0], log[2]):  # stacked, zoomed: every band
        lo, span = step["scales"][0]
        tops = []
        for P in d["panels"]:
            f0 = (float(a) - P["t0"]) / P["t_span"]
            f1 = (float(b) - P["t0"]) / P["t_span"]
            tops.append(max((sum(v) for t, v in zip(P["t"], P["values"])
                             if P["t0"] + f0 * P["t_span"] <= t <= P["t0"] + f1 * P["t_span"]),
                            default=0))
        if not (max(tops) <= lo + span <= max(tops) * 1.2 + 1e-9):
            fail("%s: the scale reaches %r, the panels' tops in the window are %r" %
                 (step["action"], lo + span, tops))
    print("%d panels kept on one scale through %d steps" % (len(d["panels"]), len(actions) - 1))


def search_counts(note):
    """The search note's counts: bands matched, names inside OTHER, names
    -t leaves out."""
    m = re.match(r"([\d,]+) of ([\d,]+) bands match", note)
    if not m:
        return None
    num = lambda s: int(s.replace(",", ""))
    other = re.search(r"([\d,]+) inside OTHER", note)
    traced = re.search(r"([\d,]+) that -t[\d.]* leaves out", note)
    return (num(m.group(1)), num(other.group(1)) if other else 0,
            num(traced.group(1)) if traced else 0)


def search(chromium, page, *pairs):
    """Each REGEX CSV pair: the page's search of REGEX counts (bands,
    inside OTHER, left out by -t) as many names as --include REGEX -t0
    -m0 keeps (CSV's columns); every name listed, the rows match them."""
    pairs = list(pairs)
    exprs = pairs[0::2]
    actions = []
    for e in exprs:
        actions += ["search:" + e, "rows:names", "rows:bands"]
    log = run(chromium, page, actions)
    if not log:
        return
    for k, (e, csv_path) in enumerate(zip(exprs, pairs[1::2])):
        names, _, _ = html_page.read_csv(csv_path)
        want = len([n for n in names if n != "OTHER"])
        note = log[3 * k]["search"]
        got = search_counts(note)
        if got is None or sum(got) != want:
            fail("search %r: the page says %r, --include keeps %d names" % (e, note, want))
        names_step = log[3 * k + 1]
        if names_step["matching"] != want:
            fail("search %r, every name: %r rows match, --include keeps %d" %
                 (e, names_step["matching"], want))
        shown = set(r["band"] for r in names_step["table"])
        if len(log[3 * k]["table"]) and want <= 100 and not shown:
            fail("search %r: no rows" % e)
    if not failures:
        print("%d expressions searched as --include takes them" % len(exprs))


# ---- in a browser driven through the DevTools protocol ----------------------

def session(chromium, page_path, act, width=1200, height=900, media=None, scheme=None,
            mobile=False, downloads=None):
    """Open PAGE at WIDTH x HEIGHT CSS pixels (and the media and colour
    scheme given), wait for its script, run act(page)."""
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc, page = cdp_page.open_browser(chromium, profile, "file://" + os.path.abspath(page_path))
        try:
            page.call("Page.enable")
            page.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                      deviceScaleFactor=1, mobile=mobile)
            features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
            page.call("Emulation.setEmulatedMedia", media=media or "", features=features)
            if downloads:
                page.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=downloads)
            page.call("Page.reload")
            if not page.wait("document.documentElement.getAttribute('data-ready') === 'yes'", 60):
                fail("%s: the page's script did not run" % page_path)
                return None
            return act(page)
        finally:
            proc.kill()
            proc.wait()


def settle(page, ms=150):
    page.js("new Promise(function (r) { setTimeout(r, %d); })" % ms)


def active(page, expr):
    return page.js("(function (a) { return %s; })(document.activeElement)" % expr)


def plot_point(page, d, fx, fy, k=0):
    P = d["panels"][k]
    p = P["plot"]
    return page.to_client(p[0] + fx * p[2], p[1] + fy * p[3])


def zoom_of(page):
    z = page.js("document.getElementById('graph').getAttribute('data-zoom')")
    return [float(x) for x in z.split()] if z else None


def wheel(page, x, y, dy, ctrl=False):
    """A wheel turn at (x, y), and the page left to settle (a scroll is
    animated: wait until it stands still)."""
    before = page.js("window.scrollY")
    page.call("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=0, deltaY=dy,
              modifiers=2 if ctrl else 0)
    last, still = None, 0
    for k in range(80):  # (it may start late on a busy machine: 3 s at most)
        settle(page, 50)
        now = page.js("window.scrollY")
        still = still + 1 if now == last else 0
        last = now
        if still >= 4 and (now != before or ctrl or k >= 60):
            break


def keys(chromium, page_path):
    """The keyboard and the wheel: a skip link past the key to the table;
    no focus ring after a click on the graph, one for the keyboard; the
    wheel scrolls the page and zooms with Ctrl; Escape in the search box
    shows the whole run, then clears the search."""
    d = html_page.data_of(page_path)

    def act(page):
        # the skip link: the first Tab, and Enter takes the focus to the table
        reached = 0
        for n in range(1, 4):
            page.key("Tab", 9)
            if active(page, "a.classList.contains('skip')"):
                reached = n
                break
        if not reached:
            fail("three Tabs do not reach a skip link (the focus: %r)" %
                 active(page, "a.tagName + '.' + a.className"))
        else:
            page.key("Enter", 13)
            settle(page)
            if not active(page, "a.closest('#tables') !== null && a.tagName === 'TR'"):
                fail("Enter on the skip link leaves the focus on %r, not a row of the table" %
                     active(page, "a.tagName + '.' + a.className"))
        # a click on the graph leaves no focus ring
        x, y = plot_point(page, d, 0.5, 0.5)
        page.js("window.scrollTo(0, 0)")
        x, y = plot_point(page, d, 0.5, 0.5)
        page.click(x, y)
        settle(page, 400)
        ring = active(page, "[a.getAttribute('class'), getComputedStyle(a).outlineStyle, "
                            "getComputedStyle(a).outlineWidth, getComputedStyle(a).stroke]")
        if ring[0] != "hit":
            fail("a click on the graph focuses %r" % ring)
        elif ring[1] != "none" and ring[2] != "0px" or ring[3] not in ("none", ""):
            fail("a click on the graph leaves a focus ring: outline %s %s, stroke %s" %
                 (ring[1], ring[2], ring[3]))
        # the keyboard's focus on the graph shows
        page.js("document.activeElement.blur(); document.getElementById('search').focus()")
        for _ in range(12):
            page.key("Tab", 9)
            if active(page, "a.getAttribute('class') === 'hit'"):
                break
        ring = active(page, "[a.getAttribute('class'), getComputedStyle(a).stroke, "
                            "getComputedStyle(a).strokeWidth, getComputedStyle(a).outlineStyle]")
        if ring[0] != "hit" or (ring[1] in ("none", "") and ring[3] == "none"):
            fail("Tab to the graph shows no focus: %r" % ring)
        page.key("Escape", 27)
        # the wheel: a plain one scrolls the page, Ctrl's zooms
        page.js("document.activeElement.blur(); window.scrollTo(0, 0)")
        settle(page)
        x, y = plot_point(page, d, 0.5, 0.8)
        wheel(page, x, y, 200)
        if zoom_of(page):
            fail("a plain wheel over the graph zooms (%r)" % zoom_of(page))
        if page.js("window.scrollY") <= 0:
            fail("a plain wheel over the graph does not scroll the page")
        page.js("window.scrollTo(0, 0)")
        settle(page)
        x, y = plot_point(page, d, 0.5, 0.8)
        wheel(page, x, y, -120, ctrl=True)
        if not zoom_of(page):
            fail("Ctrl and the wheel over the graph do not zoom")
        # Escape in the search box, where a search leaves the focus
        page.js("document.getElementById('search').focus()")
        page.call("Input.insertText", text="main")
        settle(page)
        page.key("Escape", 27)
        settle(page)
        value = page.js("document.getElementById('search').value")
        if zoom_of(page) or value != "main":
            fail("Escape in the search box: zoom %r, search %r (wanted the whole run, 'main')" %
                 (zoom_of(page), value))
        page.key("Escape", 27)
        if page.js("document.getElementById('search').value") != "":
            fail("a second Escape in the search box does not clear it")
        return True

    if session(chromium, page_path, act) and not failures:
        print("keys: skip link, focus, wheel and Escape as wanted")


def luminance(css):
    m = re.match(r"rgba?\((\d+), (\d+), (\d+)", css or "")
    if not m:
        return None
    r, g, b = (int(x) / 255 for x in m.groups())
    f = lambda c: c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)


def contrast(a, b):
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


def looks(chromium, page_path):
    """Dark: the page dark, its text readable, the drawing on white.  A
    phone's 375 px: nothing spills the page, the graph keeps a readable
    scale (its own sideways scroll), the search box and the names in
    sight."""
    def dark(page):
        c = page.js("(function () { var s = getComputedStyle(document.body);"
                    " var td = document.querySelector('#bands-0 tbody td.c-name');"
                    " return [s.backgroundColor, s.color, td ? getComputedStyle(td).color : '',"
                    "  getComputedStyle(document.getElementById('graph')).backgroundColor,"
                    "  getComputedStyle(document.querySelector('.help')).color]; })()")
        bg, fg, cell, paper, help_ = [luminance(x) for x in c]
        if bg is None or bg > 0.05:
            fail("dark: the page's background is %s" % c[0])
        elif min(contrast(bg, fg), contrast(bg, cell), contrast(bg, help_)) < 4.5:
            fail("dark: text %s / %s / %s on %s is under 4.5:1" % (c[1], c[2], c[4], c[0]))
        if paper is None or paper < 0.95:
            fail("dark: the drawing is not on white (%s)" % c[3])
        return True

    def phone(page):
        m = page.js("(function () { var g = document.getElementById('picture').getBoundingClientRect();"
                    " var v = document.getElementById('picture').viewBox.baseVal;"
                    " var s = document.getElementById('search').getBoundingClientRect();"
                    " var n = document.querySelector('#bands-0 tbody td.c-name').getBoundingClientRect();"
                    " return [document.documentElement.scrollWidth, g.width / v.width, s.left, s.right,"
                    "  n.left, n.width, innerWidth]; })()")
        width, scale, sl, sr, nl, nw, inner = m
        if width > inner + 1:
            fail("375 px: the page is %d px wide" % width)
        if scale < 0.75:
            fail("375 px: the graph is drawn at %.2f px a point (its 10-point text at %.1f px)" %
                 (scale, scale * 10))
        if sl < 0 or sr > inner + 1:
            fail("375 px: the search box spans %r..%r" % (sl, sr))
        if nl < 0 or nw < 110 or nl + nw > inner + 1:
            fail("375 px: the names' column is at %r, %r px wide" % (nl, nw))
        return True

    if session(chromium, page_path, dark, scheme="dark") and \
            session(chromium, page_path, phone, width=375, height=800, mobile=True) and \
            not failures:
        print("looks: dark and 375 px as wanted")


def read_ppm(path):
    data = open(path, "rb").read()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P6"
    w, h = int(parts[1]), int(parts[2])
    return w, h, parts[4][:w * h * 3]


def printed(chromium, page_path):
    """Printed (without backgrounds, as a print dialog does by default):
    each key entry's colour still shows in the table's swatches (the
    graph left out of the print, so only they can show it), and the
    controls are not printed."""
    d = html_page.data_of(page_path)
    if not shutil.which("pdftoppm") or not shutil.which("pdftotext"):
        print("printed: no pdftoppm/pdftotext: not checked")
        return
    colours = sorted(set(B["colour"] for B in d["bands"] if B["box"]))
    with tempfile.TemporaryDirectory() as tmp:
        def act(page):
            page.js("var s = document.createElement('style');"
                    " s.textContent = '@media print { #graph, #overview { display: none !important; } }';"
                    " document.head.appendChild(s)")
            pdf = page.call("Page.printToPDF", printBackground=False)["data"]
            open(os.path.join(tmp, "p.pdf"), "wb").write(base64.b64decode(pdf))
            return True
        if not session(chromium, page_path, act):
            return
        subprocess.run(["pdftoppm", "-r", "100", "-f", "1", "-l", "1", os.path.join(tmp, "p.pdf"),
                        os.path.join(tmp, "p")], check=True)
        ppm = [f for f in os.listdir(tmp) if f.endswith(".ppm")][0]
        w, h, px = read_ppm(os.path.join(tmp, ppm))
        seen = set()
        for i in range(0, len(px), 3):
            seen.add((px[i] >> 3, px[i + 1] >> 3, px[i + 2] >> 3))
        missing = []
        for c in colours:
            r, g, b = int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)
            if (r, g, b) in ((255, 255, 255), (0, 0, 0)):
                continue
            if not any(abs((r >> 3) - a) <= 1 and abs((g >> 3) - bb) <= 1 and abs((b >> 3) - cc) <= 1
                            for a, bb, cc in seen):
                missing.append(c)
        if missing:
            fail("printed: the swatches of %d of %d colours do not show: %s" %
                 (len(missing), len(colours), missing[:5]))
        text = subprocess.run(["pdftotext", os.path.join(tmp, "p.pdf"), "-"], stdout=subprocess.PIPE,
                              check=True).stdout.decode("utf-8", "replace")
        for control in ("Show only matches", "Save PNG", "Drag across the graph"):
            if control in text:
                fail("printed: the controls are printed (%r)" % control)
        if "Share" not in text:
            fail("printed: no table")
    if not failures:
        print("printed: %d swatch colours shown, no controls" % len(colours))


def png_pixels(data):
    """A PNG's (width, height, rows of RGB): 8-bit RGB or RGBA, not
    interlaced (what chromium and rsvg-convert write)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and not interlace, (depth, colour, interlace)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line[k] for k in range(stride) if k % bpp < 3) if bpp == 4 else bytes(line))
        prev = line
    return w, h, rows


def sampled(img, n=60, m=40):
    """An image as n x m grey levels, each the mean of every pixel of its
    cell (so a line a pixel off stays in its cell)."""
    w, h, rows = img
    sums = [0.0] * (n * m)
    counts = [0] * (n * m)
    col = [min(n - 1, x * n // w) for x in range(w)]
    for y in range(h):
        row, base = rows[y], min(m - 1, y * m // h) * n
        grey = [row[3 * x] + row[3 * x + 1] + row[3 * x + 2] for x in range(w)]
        for x in range(w):
            sums[base + col[x]] += grey[x]
            counts[base + col[x]] += 3
    return [s / c if c else 0 for s, c in zip(sums, counts)]


def differ(a, b):
    """The share of cells whose mean grey levels differ by more than 12
    (of 255): an edge a pixel apart stays in its cell, a band that is not
    there does not."""
    return sum(1 for x, y in zip(a, b) if abs(x - y) > 12) / len(a)


def save(chromium, page_path, a, b):
    """Zoomed to A..B with a band shown alone, Save SVG and Save PNG: both
    files are the view shown (the graph's screenshot), not the drawing
    loaded; the SVG stands alone (rsvg-convert draws it the same)."""
    d = html_page.data_of(page_path)
    P = d["panels"][0]
    with tempfile.TemporaryDirectory() as tmp:
        def act(page):
            def graph_shot():
                page.js("window.scrollTo(0, 0)")
                settle(page, 300)
                r = page.js("(function () { var r = document.getElementById('graph')"
                            ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
                shot = page.call("Page.captureScreenshot", format="png",
                                 clip=dict(x=r[0], y=r[1], width=r[2], height=r[3], scale=1))
                return png_pixels(base64.b64decode(shot["data"]))
            loaded = graph_shot()
            f0 = (float(a) - P["t0"]) / P["t_span"]
            f1 = (float(b) - P["t0"]) / P["t_span"]
            # Shift and a click on the second key entry: that band alone
            boxed = [k for k in reversed(range(len(d["bands"]))) if d["bands"][k]["box"]]
            if len(boxed) > 1:
                box = d["bands"][boxed[1]]["box"]
                x, y = page.to_client(box[0] + box[2] / 2, box[1] + box[3] / 2)
                for kind in ("mousePressed", "mouseReleased"):
                    page.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                              clickCount=1, modifiers=8)
                settle(page, 300)
            x0, y0 = plot_point(page, d, f0, 0.95)
            x1, _ = plot_point(page, d, f1, 0.95)
            page.mouse("mouseMoved", x0, y0)
            page.mouse("mousePressed", x0, y0)
            page.mouse("mouseMoved", (x0 + x1) / 2, y0)
            page.mouse("mouseMoved", x1, y0)
            page.mouse("mouseReleased", x1, y0)
            settle(page, 300)
            page.mouse("mouseMoved", 1, 1)
            if not zoom_of(page):
                fail("save: the drag did not zoom")
                return None
            view = graph_shot()
            for label in ("Save SVG", "Save PNG"):
                if not page.js("Array.prototype.some.call(document.querySelectorAll('.save button'),"
                               " function (b) { return b.textContent === %r; })" % label):
                    fail("save: the page has no %r button" % label)
                    return None
                x, y = page.js("(function () { var b = Array.prototype.filter.call("
                               "document.querySelectorAll('.save button'), function (b) {"
                               " return b.textContent === %r; })[0]; b.scrollIntoView({block: 'center'});"
                               " var r = b.getBoundingClientRect(); return [r.left + r.width / 2,"
                               " r.top + r.height / 2]; })()" % label)
                page.click(x, y)
            end = time.time() + 30
            while time.time() < end and len([f for f in os.listdir(tmp)
                                             if f.endswith((".svg", ".png"))]) < 2:
                time.sleep(0.2)
            return loaded, view
        got = session(chromium, page_path, act, downloads=tmp)
        if not got:
            return
        loaded, view = got
        files = sorted(os.listdir(tmp))
        svg = [f for f in files if f.endswith(".svg")]
        png = [f for f in files if f.endswith(".png")]
        if not svg or not png:
            fail("save: downloaded %r, wanted an .svg and a .png" % files)
            return
        if os.environ.get("SAVE_KEEP"):
            for f in files:
                shutil.copy(os.path.join(tmp, f), os.environ["SAVE_KEEP"])
        pictures = {"png": png_pixels(open(os.path.join(tmp, png[0]), "rb").read())}
        text = open(os.path.join(tmp, svg[0]), encoding="utf-8").read()
        import xml.dom.minidom
        try:
            xml.dom.minidom.parseString(text)
        except Exception as e:  # noqa: BLE001 (any parse error is the failure)
            fail("save: the SVG does not parse: %s" % e)
        if shutil.which("rsvg-convert"):
            out = subprocess.run(["rsvg-convert", "-w", str(view[0]), os.path.join(tmp, svg[0])],
                                 stdout=subprocess.PIPE, check=True).stdout
            pictures["svg"] = png_pixels(out)
        v, l = sampled(view), sampled(loaded)
        apart = differ(v, l)
        for kind, pic in pictures.items():
            here = differ(sampled(pic), v)

            if not here < 0.3 * apart:
                fail("save %s: %.1f %% of it differs from the view shown (the drawing loaded: "
                     "%.1f %%)" % (kind, 100 * here, 100 * apart))
    if not failures:
        print("save: %s of the zoomed view" % " and ".join(sorted(pictures)))


def scaled(chromium, page_path):
    """The lines view with each band on its own scale: every band's line
    reaches the top of the range (its own peak in the window) and no
    higher, zoomed too; the readout keeps the band's value."""
    d = html_page.data_of(page_path)
    P = d["panels"][0]
    mid = P["t0"] + P["t_span"] / 2
    log = run(chromium, page_path, ["view:scaled", "zoom:%r:%r" % (P["t0"], mid)])
    if not log:
        return
    for step in log:
        lo, span = step["scales"][0]
        top = P["plot"][1] + P["plot"][3] - (100 - lo) / span * P["plot"][3]
        lines = step["lines"]
        if len(lines) < 2:
            fail("%s: %d lines drawn" % (step["action"], len(lines)))
        x0, x1 = P["plot"][0], P["plot"][0] + P["plot"][2]
        for dpath in lines:
            # (the samples either side of the window are drawn too, clipped)
            ys = [float(y) for x, y in re.findall(r"[ML](-?[0-9.]+) (-?[0-9.]+)", dpath)
                  if x0 - 0.01 <= float(x) <= x1 + 0.01]
            if ys and abs(min(ys) - top) > 0.02 and any(y < P["plot"][1] + P["plot"][3] - 0.02 for y in ys):
                fail("%s: a line's top is at y %r, its own peak at %r" % (step["action"], min(ys), top))
                break
        if step["view"] != "scaled":
            fail("%s: the view is %r" % (step["action"], step["view"]))
    if not failures:
        print("scaled: %d lines, each up to its own peak" % len(log[0]["lines"]))


def fields(chromium, page_path, column, text):
    """-hi's fields as columns: sorting by field COLUMN orders the rows by
    it, and its filter box keeps the rows whose field holds TEXT."""
    d = html_page.data_of(page_path)
    cols = d.get("detail_columns") or []
    if len(cols) < 2:
        fail("%s has no fields" % page_path)
        return
    j = int(column)  # the field's index
    c = 2 + j        # its column: #, Band, then the fields
    log = run(chromium, page_path, ["sort:%d" % c, "sort:%d" % c, "filter:%d:%s" % (c, text)])
    if not log:
        return
    up, down, kept = (step["details"] for step in log)
    vals = [r[j] for r in up] if up and up[0] else []
    if len(vals) < 2 or vals != sorted(vals):
        fail("sorted by %s: %r" % (cols[j], vals))
    if [r[j] for r in down] != sorted(vals, reverse=True):
        fail("sorted by %s again: %r" % (cols[j], [r[j] for r in down]))
    want = sorted(B["detail"][j] for B in d["bands"] if B.get("detail") and
                  text.lower() in B["detail"][j].lower())
    got = sorted(r[j] for r in kept)
    if not want or got != want:
        fail("filtered %s by %r: %r, wanted %r" % (cols[j], text, got, want))
    if not failures:
        print("fields: %s sorted both ways, filtered to %d rows" % (cols[j], len(got)))


def names(chromium, page_path, every_csv, untraced_csv, drawn_csv):
    """Rows: every name.  Each name of the profile (EVERY_CSV: -t0 -m0) is
    a row, with its peak and when, first and last seen (the CSV's), and
    where it is drawn: a band of its own (DRAWN_CSV, the page's flags),
    inside OTHER (UNTRACED_CSV: -m0, the page's -t) or left out by -t."""
    d = html_page.data_of(page_path)
    log = run(chromium, page_path, ["rows:names"])
    if not log:
        return
    all_names, rows, times = html_page.read_csv(every_csv)
    untraced = set(html_page.read_csv(untraced_csv)[0])
    drawn = set(html_page.read_csv(drawn_csv)[0])
    table = dict((r["band"], r) for r in log[0]["table"])
    step = log[0]
    if step["rows_mode"] != "names" or len(table) != len(all_names):
        fail("every name: %d rows (%r), the profile has %d names" %
             (len(table), step["rows_mode"], len(all_names)))
    wrong = []
    for c, name in enumerate(all_names):
        r = table.get(name)
        if not r:
            wrong.append((name, "no row"))
            continue
        ys = [rows[t][c] for t in times]
        peak = max(ys)
        at = times[ys.index(peak)]
        held = [t for t, y in zip(times, ys) if y > 0]
        if r["peak"] != peak or r["at"] != at:
            wrong.append((name, "peak", r["peak"], r["at"], peak, at))
        if r["first"] != held[0] or r["last"] != held[-1]:
            wrong.append((name, "seen", r["first"], r["last"], held[0], held[-1]))
    where = log[0].get("where") or {}
    for name in all_names:
        w = where.get(name)
        want = "" if name in drawn else "in OTHER" if name in untraced else "not drawn"
        if w is None or not w.startswith(want) or (want == "" and w != ""):
            wrong.append((name, "where", w, want))
    if wrong:
        fail("every name: %d of %d rows wrong: %r" % (len(wrong), len(all_names), wrong[:4]))
    else:
        print("every name: %d rows, %d drawn, %d in OTHER, %d left out" %
              (len(all_names), len(drawn & set(all_names)), len(untraced - drawn),
               len(set(all_names) - untraced)))


def figures(chromium, page_path, pdf_text):
    """The page names its peaks apart with the drawing's figures: the
    title's (every name) and the graph's drawn peak (PDF_TEXT: pdftotext
    of the same drawing)."""
    text = open(pdf_text, encoding="utf-8").read()
    title = re.search(r"peak (\S+ \S+) at", text)
    drawn = re.search(r"drawn peak (\S+ \S+)", text)
    log = run(chromium, page_path, ["noop"])
    if not log or not title:
        fail("figures: no peak in the drawing (%r)" % text[:200])
        return
    said = log[0].get("figures") or ""
    if "title\u2019s peak " + title.group(1) not in said:
        fail("figures: the page does not name the title's peak %r: %r" % (title.group(1), said))
    if drawn and "drawn peak " + drawn.group(1) not in said:
        fail("figures: the page does not name the drawn peak %r: %r" % (drawn.group(1), said))
    if "Share" not in said or "whole run" not in said:
        fail("figures: the page does not say what the shares are over: %r" % said)
    if not failures:
        print("figures: %s and %s named" % (title.group(1), drawn.group(1) if drawn else "-"))


def heap(chromium, page_path):
    """--heap: the page says what heap size, live bytes and blocks are,
    beside the lines' toggle."""
    log = run(chromium, page_path, ["noop"])
    if not log:
        return
    said = log[0].get("heap_about") or ""
    for words in ("Heap size is", "live bytes are", "blocks are", "profiling header"):
        if words not in said:
            fail("--heap: the page does not say %r: %r" % (words, said[:200]))
    if not failures:
        print("heap: the three lines explained")


def watch(chromium, page_path):
    """A --watch page (written once: the watch has ended) reloads itself,
    keeps the search box's focus and text across a reload, and stops after
    watch_stop reloads that found it the same."""
    d = html_page.data_of(page_path)
    stop = d.get("watch_stop", 10)
    period = d.get("watch_period", 1)

    def reloaded(page, seconds):
        page.js("window.hp2psBefore = 1")
        return page.wait("window.hp2psBefore === undefined && "
                         "document.documentElement.getAttribute('data-ready') === 'yes'", seconds)

    def act(page):
        page.js("document.getElementById('search').focus()")
        page.call("Input.insertText", text="ma")
        if not reloaded(page, 4 * period + 10):
            fail("watch: the page did not reload itself")
            return True
        # Polled, not read once: under load the next reload (a period
        # later) can be under way at a single look, its new document's
        # box refilled by the browser before the page's script has run.
        # A focus the reload lost is lost in every later document too.
        kept = page.wait("document.documentElement.getAttribute('data-ready') === 'yes' && "
                         "document.activeElement && document.activeElement.id === 'search' && "
                         "document.getElementById('search').value === 'ma'", 4 * period + 10)
        got = page.js("[document.activeElement && document.activeElement.id, "
                      "document.getElementById('search').value]")
        if not kept:
            fail("watch: after the reload the focus is on %r, the search says %r "
                 "(wanted the search box, 'ma')" % (got[0], got[1]))
        page.js("document.activeElement.blur()")
        if not page.wait("document.documentElement.getAttribute('data-watch') === 'stopped'",
                         (stop + 3) * period * 2 + 20):
            fail("watch: still reloading after %d reloads that found the page the same (%r)" %
                 (stop, page.js("document.documentElement.getAttribute('data-watch-same')")))
            return True
        if reloaded(page, 3 * period + 2):
            fail("watch: it reloads again once it said the watch has ended")
        text = page.js("document.querySelector('.watch-note').textContent")
        if "ended" not in text:
            fail("watch: the page does not say the watch has ended: %r" % text)
        return True

    if session(chromium, page_path, act) and not failures:
        print("watch: the focus kept, stopped after %d reloads found nothing new" % stop)


def heapread(chromium, page_path, tsv):
    """--heap: the readout at samples across a long run gives each line's
    value in force there, exactly (TSV: every HEAP_SIZE, HEAP_LIVE,
    BLOCKS_SIZE event, kind, nanoseconds, bytes), not the drawing's
    reduction to 4096 buckets."""
    import bisect
    d = html_page.data_of(page_path)
    P = d["panels"][0]
    by = {}
    for line in open(tsv):
        k, ns, b = (int(x) for x in line.split())
        by.setdefault(k, ([], []))
        by[k][0].append(ns / 1e9)
        by[k][1].append(b)
    kinds = {"heap size": 50, "live bytes": 51, "blocks size": 91}
    n = len(P["t"])
    picks = sorted(set(int(n * (j + 0.5) / 200) for j in range(min(n, 200))))
    actions = []
    for i in picks:
        top = sum(P["values"][i])
        actions.append("at:0:%r:%r" % (P["t"][i], top / 2 if top > 0 else P["y_span"] / 4))
    log = run(chromium, page_path, actions)
    if not log:
        return
    wrong, seen = [], 0
    for step in log:
        rd = step["readout"]
        if rd["time"] is None:
            wrong.append((step["action"], "no readout"))
            continue
        t = float(rd["time"])
        for name in P["heap_names"]:
            ts, vs = by[kinds[name]]
            j = bisect.bisect_right(ts, t)
            want = "not yet reported" if not j else "{:,} bytes".format(vs[j - 1])
            m = re.search(re.escape(name) + r" (not yet reported|[^\n]*?\(([\d,]+ bytes)\)|[\d,]+ bytes)",
                          rd["text"])
            got = m and (m.group(2) or m.group(1))
            seen += 1
            if got != want:
                wrong.append((t, name, got, want))
    if wrong:
        fail("--heap readout: %d of %d values are not those in force: %r" % (len(wrong), seen, wrong[:4]))
    else:
        print("heap readout: %d values in force, exact" % seen)


def main():
    cmd = sys.argv[1]
    if cmd == "percent":
        percent(*sys.argv[2:5])
    elif cmd == "search":
        search(*sys.argv[2:])
    elif cmd == "keys":
        keys(*sys.argv[2:4])
    elif cmd == "looks":
        looks(*sys.argv[2:4])
    elif cmd == "printed":
        printed(*sys.argv[2:4])
    elif cmd == "save":
        save(*sys.argv[2:6])
    elif cmd == "scaled":
        scaled(*sys.argv[2:4])
    elif cmd == "fields":
        fields(*sys.argv[2:6])
    elif cmd == "names":
        names(*sys.argv[2:7])
    elif cmd == "figures":
        figures(*sys.argv[2:5])
    elif cmd == "heap":
        heap(*sys.argv[2:4])
    elif cmd == "watch":
        watch(*sys.argv[2:4])
    elif cmd == "heapread":
        heapread(*sys.argv[2:5])
    elif cmd == "scale":
        scale(*sys.argv[2:6])
    else:
        sys.exit("unknown command " + cmd)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

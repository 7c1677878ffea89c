#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""html_page.py: reads hp2ps's HTML page (-o FILE.html) for the tests.

  html_page.py check PAGE              the page is well formed HTML, holds one
                                       JSON data block that parses, and no
                                       markup beyond its own
  html_page.py csv PAGE CSV [PANEL]    the page's samples are rows of the CSV
                                       export of the same profile, same values
  html_page.py get PAGE EXPR           print EXPR over the data (d)
  html_page.py zoom CHROMIUM PAGE A B CSV
                                       zoom the page to [A, B] and compare its
                                       table (peak and when, slope, R²,
                                       integral) with CSV, the export of
                                       --from A --to B
  html_page.py isolate CHROMIUM PAGE REGEX CSV INCLUDED_CSV
                                       search REGEX, show only the matches
                                       (their stack against INCLUDED_CSV, the
                                       export of --include REGEX; percent of
                                       CSV's totals), switch views, show all,
                                       step the readout with the arrow keys
  html_page.py marks CHROMIUM PAGE    click each marker of the list: the
                                       window holds it and the readout is
                                       at its nearest sample
  html_page.py browse CHROMIUM PAGE KIND CSV [CSV2]
                                       load the page in headless chromium,
                                       point at known places, click the key and
                                       the table, and check what it shows
                                       against the CSV export(s)

Each prints what is wrong and exits 1, or exits 0.
"""
import csv
import html.parser
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}
# The page's own elements (HTML and the SVG cairo and the script write):
# a name that became markup would add another.
OURS = VOID | {"html", "head", "title", "style", "body", "header", "h1", "p", "main", "div",
               "noscript", "footer", "script", "table", "caption", "thead", "tbody", "tr",
               "th", "td", "button", "span", "ol", "li", "svg", "g", "defs", "path", "rect",
               "use", "symbol", "clippath", "clipPath", "line", "circle", "image", "mask",
               "lineargradient", "pattern", "lineargradient",
               # the script's own: the toolbar, the search's marks, axis labels
               "label", "select", "option", "mark", "text",
               # the skip link to the table
               "a",
               # the features' own (suspects.js, icicle.js)
               "h2", "section"}

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


class Parser(html.parser.HTMLParser):
    """Tag balance (void elements and <x/> aside), the data block, the tags."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.tags, self.errors = [], set(), []
        self.data_blocks, self.in_data, self.text = [], False, {}
        self.current = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.add(tag)
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "script" and a.get("type") == "application/json":
            self.in_data = True
            self.data_blocks.append("")
        if tag in ("title", "h1"):
            self.current = tag
            self.text[tag] = ""

    def handle_startendtag(self, tag, attrs):
        self.tags.add(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes <%s>" % (tag, self.stack[-1] if self.stack else "nothing"))
            return
        self.stack.pop()
        if tag == "script":
            self.in_data = False
        if tag == self.current:
            self.current = None

    def handle_data(self, data):
        if self.in_data:
            self.data_blocks[-1] += data
        if self.current:
            self.text[self.current] += data


def parse(path):
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        fail("%s is not valid UTF-8: %s" % (path, e))
        text = raw.decode("utf-8", "replace")
    p = Parser()
    p.feed(text)
    p.close()
    return raw, text, p


def data_of(path):
    _, _, p = parse(path)
    return json.loads(p.data_blocks[0])


def check(path):
    raw, text, p = parse(path)
    for e in p.errors[:5]:
        fail("%s: %s" % (path, e))
    if p.stack:
        fail("%s: left open: %s" % (path, p.stack))
    if not text.startswith("<!DOCTYPE html>\n"):
        fail("no doctype")
    if len(p.data_blocks) != 1:
        fail("%d JSON data blocks" % len(p.data_blocks))
        return
    try:
        d = json.loads(p.data_blocks[0])
    except ValueError as e:
        fail("the data does not parse: %s" % e)
        return
    if text.count("<script") != 2 or text.count("</script") != 2:
        fail("%d <script and %d </script: a name made a script?" %
             (text.count("<script"), text.count("</script")))
    if "<!--" in text:
        fail("<!-- in the page")
    scripts = "".join(re.findall(r"<script.*?</script>", text, re.S))
    if "\u2028" in scripts or "\u2029" in scripts:
        fail("a raw U+2028 or U+2029 in a script")
    extra = p.tags - OURS
    if extra:
        fail("elements the page does not make: %s" % sorted(extra))
    for key in ("mode", "diff", "bands", "panels", "value_unit", "sample_unit"):
        if key not in d:
            fail("the data has no %s" % key)
    if re.search(r"<(img|iframe|object|a)\b", text, re.I):
        fail("markup from a name")
    for P in d["panels"]:
        n = len(P["bands"])
        for key in ("share", "peak", "peak_time", "slope"):
            if len(P[key]) != n:
                fail("panel %s: %d %s for %d bands" % (P["title"], len(P[key]), key, n))
        if len(P["values"]) != len(P["t"]) or any(len(v) != n for v in P["values"]):
            fail("panel %s: values do not match t and bands" % P["title"])
        if any(b >= len(d["bands"]) for b in P["bands"]):
            fail("panel %s: a band outside the key" % P["title"])


def read_csv(path):
    rows = list(csv.reader(open(path, newline="", encoding="utf-8")))
    names = rows[0][1:]
    by_time = {}
    for r in rows[1:]:
        by_time.setdefault(float(r[0]), [int(x) for x in r[1:]])
    return names, by_time, [float(r[0]) for r in rows[1:]]


def panel_names(d, P):
    """The panel's band names, top first (the CSV's order)."""
    return [d["bands"][b]["name"] for b in reversed(P["bands"])]


def compare_csv(page, csv_path, panel=0):
    d = data_of(page)
    P = d["panels"][panel]
    names, by_time, times = read_csv(csv_path)
    if panel_names(d, P) != names:
        fail("band names %r differ from the CSV's %r" % (panel_names(d, P)[:5], names[:5]))
        return
    if not P["t"]:
        fail("no samples in the page")
    if sorted(P["t"]) != P["t"]:
        fail("the page's samples are not in order")
    for t, v in zip(P["t"], P["values"]):
        if t not in by_time:
            fail("sample at %r is not a sample of the CSV" % t)
            return
        if list(reversed(v)) != by_time[t]:
            fail("at %r: page %r, CSV %r" % (t, list(reversed(v))[:6], by_time[t][:6]))
            return
    if len(P["t"]) == len(times) and P["t"] != times:
        fail("every sample kept, but not the CSV's times")
    total = sum(P["share"])
    if P["bands"] and abs(total - 1) > 1e-9:
        fail("shares add up to %r" % total)
    print("%d samples of %d compared, %d bands" % (len(P["t"]), len(times), len(names)))


# ---- in a browser -------------------------------------------------------------

def run_chromium(chromium, page, actions):
    with tempfile.TemporaryDirectory() as profile:
        url = "file://" + os.path.abspath(page) + "?selftest=" + actions
        # A profile of its own (HOME too), and nothing that reaches out.
        out = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                              "--disable-quic", "--no-first-run",
                              "--disable-background-networking", "--disable-component-update",
                              "--disable-sync", "--user-data-dir=" + profile,
                              "--window-size=1200,2400", "--dump-dom", url],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=300,
                             env=dict(os.environ, HOME=profile))
    dom = out.stdout.decode("utf-8", "replace")

    class Log(html.parser.HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.inside, self.items, self.tags = False, [], set()

        def handle_starttag(self, tag, attrs):
            self.tags.add(tag)
            if tag == "ol" and ("id", "selftest") in attrs:
                self.inside = True
            elif tag == "li" and self.inside:
                self.items.append("")

        def handle_endtag(self, tag):
            if tag == "ol":
                self.inside = False

        def handle_data(self, data):
            if self.inside and self.items:
                self.items[-1] += data

    log = Log()
    log.feed(dom)
    if 'data-selftest="done"' not in dom:
        fail("the page's self test did not run (chromium printed %d bytes)" % len(dom))
        return [], log.tags
    return [json.loads(x) for x in log.items], log.tags


def regions(d, values, total_scale=None):
    """Each band's [lo, hi] in the graph's units, bottom first."""
    n, out = len(values), []
    if d["diff"]:
        up, down, rise, fall = 0, 0, [None] * n, [None] * n
        for b in range(n):
            rise[b] = (up, up + max(values[b], 0))
            up = rise[b][1]
        for b in reversed(range(n)):
            fall[b] = (down + min(values[b], 0), down)
            down = fall[b][0]
        return [fall[b] if values[b] < 0 else rise[b] for b in range(n)]
    if d["mode"] == "lines":
        return [(v, v) for v in values]
    total = sum(values)
    scale = (100 / total if total > 0 else 0) if d["mode"] == "percent" else 1
    s = 0
    for v in values:
        out.append((s * scale, (s + v) * scale))
        s += v
    return out


def band_at(d, P, values, v):
    r = regions(d, values)
    if d["mode"] == "lines" and not d["diff"]:
        best, gap = -1, 6 / P["plot"][3] * P["y_span"]
        for b, (lo, hi) in enumerate(r):
            if abs(hi - v) <= gap:
                best, gap = b, abs(hi - v)
        return best
    for b, (lo, hi) in enumerate(r):
        if hi > lo and lo < v <= hi:
            return b
    return -1


def interp(times, rows, name, names, t):
    """A band's value at t as --diff reads it: linear between samples, 0
    after the last (times relative to the first)."""
    if name not in names:
        return 0
    c = names.index(name)
    t0 = times[0]
    rel = [x - t0 for x in times]
    if t > rel[-1]:
        return 0
    for i in range(1, len(rel)):
        if rel[i] >= t:
            a, z = rows[times[i - 1]][c], rows[times[i]][c]
            span = rel[i] - rel[i - 1]
            return z if span <= 0 else a + (z - a) * (t - rel[i - 1]) / span
    return rows[times[0]][c]


def browse(chromium, page, kind, csvs):
    d = data_of(page)
    panel = 1 if kind == "several" else 0
    P = d["panels"][panel]
    n = len(P["t"])
    px = P["t_span"] / P["plot"][2]  # time per point
    # Points: three samples, each in the middle of its largest band; one
    # above the stack (stacked mode); the key and the table.
    actions, wanted = [], []
    for i in (n // 3, n // 2, 2 * n // 3):
        vals = P["values"][i]
        r = regions(d, vals)
        b = max(range(len(vals)), key=lambda k: abs(vals[k]))
        v = r[b][1] if d["mode"] == "lines" and not d["diff"] else (r[b][0] + r[b][1]) / 2
        actions.append("at:%d:%r:%r" % (panel, P["t"][i], v))
        wanted.append(("at", P["t"][i], v))
    if d["mode"] == "stacked" and not d["diff"]:
        i = n // 2
        top = sum(P["values"][i])
        if top < P["y_span"] * 0.9:
            actions.append("at:%d:%r:%r" % (panel, P["t"][i], (top + P["y_span"]) / 2))
            wanted.append(("above", P["t"][i], (top + P["y_span"]) / 2))
    boxed = [b for b, B in enumerate(d["bands"]) if B["box"]]
    if boxed:
        k = boxed[0]
        actions += ["key:%d" % k, "key:%d" % k, "enter:%d" % k, "blur", "hover:%d" % k,
                    "out:%d" % k, "key:%d" % k]
    actions += ["sort:1", "sort:2", "row:0", "row:0"]
    log, tags = run_chromium(chromium, page, ";".join(actions))
    if not log:
        return
    if len(log) != len(actions):
        fail("%d results for %d actions" % (len(log), len(actions)))
        return
    extra = tags - OURS
    if extra:
        fail("the page made elements of its own: %s" % sorted(extra))
    names, rows, times = read_csv(csvs[-1] if kind == "several" else csvs[0])
    pnames = [d["bands"][b]["name"] for b in P["bands"]]  # bottom first
    for (what, t, v), got in zip(wanted, log):
        rd = got["readout"]
        if rd["time"] is None:
            fail("%s: no readout" % got["action"])
            continue
        i = int(rd["sample"])
        if int(rd["panel"]) != panel:
            fail("%s: the readout is of panel %s" % (got["action"], rd["panel"]))
        tr = float(rd["time"])
        if tr != P["t"][i] or abs(tr - t) > 2.5 * px:
            fail("%s: readout at time %r, pointed at %r" % (got["action"], tr, t))
        vals = P["values"][i]
        if kind == "diff":
            before = read_csv(csvs[0])
            after = read_csv(csvs[1])
            for b, name in enumerate(pnames):
                want = interp(after[2], after[1], name, after[0], tr) - \
                       interp(before[2], before[1], name, before[0], tr)
                if abs(want - vals[b]) > 1e-6 * max(1, abs(want)):
                    fail("%s: %s changes by %r, the CSVs say %r" % (got["action"], name, vals[b], want))
                    break
        else:
            if tr not in rows:
                fail("%s: time %r is no sample of the CSV" % (got["action"], tr))
                continue
            if list(reversed(vals)) != rows[tr]:
                fail("%s: the sample's values differ from the CSV's" % got["action"])
            if int(float(rd["total"])) != sum(rows[tr]):
                fail("%s: total %s, the CSV's row adds up to %d" % (got["action"], rd["total"], sum(rows[tr])))
        b = band_at(d, P, vals, v)
        want_band = "" if b < 0 else str(P["bands"][b])
        if rd["band"] != want_band:
            fail("%s: band %r, wanted %r" % (got["action"], rd["band"], want_band))
            continue
        if what == "above" and rd["band"] != "":
            fail("above the stack, the readout names a band")
        if b >= 0:
            name = d["bands"][P["bands"][b]]["name"]
            if float(rd["value"]) != vals[b]:
                fail("%s: value %s, wanted %r" % (got["action"], rd["value"], vals[b]))
            if kind != "diff" and rows[tr][names.index(name)] != int(float(rd["value"])):
                fail("%s: value %s, the CSV says %d" % (got["action"], rd["value"],
                                                       rows[tr][names.index(name)]))
            if name not in rd["text"]:
                fail("%s: the readout does not show the full name %r" % (got["action"], name))
            if kind != "diff" and rd["share"] and abs(float(rd["share"]) - vals[b] / sum(vals)) > 1e-12:
                fail("%s: share %s" % (got["action"], rd["share"]))
    rest = log[len(wanted):]
    if boxed:
        k = str(boxed[0])
        steps = rest[:7]
        rest = rest[7:]
        expect = [(k, [int(k)]), ("", []), (k, [int(k)]), (k, [int(k)]), (k, [int(k)]),
                  (k, [int(k)]), ("", [])]
        # click pins; click again restores; Enter pins again (focused);
        # blur keeps the pin; hovering shows it; leaving keeps the pin;
        # a click restores
        for s, (hl, pressed) in zip(steps, expect):
            if s["highlight"] != hl or s["pressed"] != pressed:
                fail("%s: highlight %r pressed %r, wanted %r %r" %
                     (s["action"], s["highlight"], s["pressed"], hl, pressed))
        if steps[1]["highlighted_paths"] != 0 or steps[0]["highlighted_paths"] < 1:
            fail("the highlight is not drawn, or not removed")
        if steps[2]["focused"] != k:
            fail("enter: the key entry is not focused")
    by_name, by_share = rest[0]["rows"], rest[1]["rows"]
    key_names = [d["bands"][int(b)]["name"] for b in by_name]
    if key_names != sorted(key_names):
        fail("sort:1 does not sort by name: %r" % key_names[:5])
    share = dict(zip([str(b) for b in P["bands"]], P["share"])) if panel == 0 else \
        dict(zip([str(b) for b in d["panels"][0]["bands"]], d["panels"][0]["share"]))
    shares = [share[b] for b in by_share]
    if shares != sorted(shares, reverse=True):
        fail("sort:2 does not sort by share, largest first: %r" % shares[:5])
    if rest[2]["highlight"] == "" or rest[3]["highlight"] != "":
        fail("a row's click does not pin and unpin its band: %r %r" %
             (rest[2]["highlight"], rest[3]["highlight"]))
    print("%d actions checked in chromium" % len(log))


def least_squares(ts, ys):
    n = len(ts)
    if n < 2:
        return 0.0, None
    mt, my = sum(ts) / n, sum(ys) / n
    sxx = sum((t - mt) ** 2 for t in ts)
    syy = sum((y - my) ** 2 for y in ys)
    sxy = sum((t - mt) * (y - my) for t, y in zip(ts, ys))
    if sxx <= 0:
        return 0.0, None
    return sxy / sxx, (sxy * sxy / (sxx * syy) if syy > 0 and n > 2 else None)


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1)


def zoom(chromium, page, a, b, csv_path):
    """The table of the window [a, b] against --from a --to b's CSV."""
    d = data_of(page)
    P = d["panels"][0]
    log, _ = run_chromium(chromium, page, "zoom:%s:%s;reset" % (a, b))
    if len(log) != 2:
        fail("zoom: %d steps logged" % len(log))
        return
    zoomed, whole = log
    names, rows, times = read_csv(csv_path)
    if not zoomed.get("zoom"):
        fail("zoom:%s:%s: the page is not zoomed" % (a, b))
    if "(%d samples)" % len(times) not in zoomed["note"] and P["samples"] == len(P["t"]):
        fail("the window holds %d samples of the CSV, the page says: %r" % (len(times), zoomed["note"]))
    compared = 0
    for row in zoomed["table"]:
        if row["band"] not in names:
            continue
        c = names.index(row["band"])
        ys = [rows[t][c] for t in times]
        peak = max(ys)
        at = times[ys.index(peak)]
        slope, r2 = least_squares(times, ys)
        area = sum((t1 - t0) * (y0 + y1) / 2 for t0, t1, y0, y1 in zip(times, times[1:], ys, ys[1:]))
        got = (row["peak"], row["at"], row["slope"], row["r2"], row["integral"])
        if row["peak"] != peak or row["at"] != at or not close(row["slope"], slope, 1e-6) or \
                not close(row["integral"], area) or \
                (r2 is None) != (row["r2"] < 0) or (r2 is not None and not close(row["r2"], r2, 1e-6)):
            fail("zoom %s..%s, %s: page (peak, at, slope, R2, integral) %r, the CSV %r" %
                 (a, b, row["band"], got, (peak, at, slope, r2, area)))
        compared += 1
    if compared < 2:
        fail("zoom: only %d bands to compare" % compared)
    if whole.get("zoom", "x"):
        fail("reset: still zoomed (%r)" % whole["zoom"])
    by_name = dict((d["bands"][k]["name"], j) for j, k in enumerate(P["bands"]))
    for row in whole["table"]:
        j = by_name[row["band"]]
        if row["peak"] != P["peak"][j] or row["slope"] != P["slope"][j]:
            fail("reset: %s has peak %r slope %r, hp2ps's %r %r" %
                 (row["band"], row["peak"], row["slope"], P["peak"][j], P["slope"][j]))
    # The fragment written by the zoom opens the same window, with a band
    # shown alone and another view.
    name = d["bands"][P["bands"][-1]]["name"]
    frag = "#from=%s&to=%s&band=%s&view=%s" % (a, b, urllib.parse.quote(name, safe=""),
                                                "lines" if d["mode"] != "lines" else "stacked")
    again, _ = run_chromium(chromium, page, "noop" + frag)
    if not again:
        fail("the page with the fragment %r did not run" % frag)
    else:
        s = again[0]
        z = [float(x) for x in s["zoom"].split()] if s.get("zoom") else None
        want = [(float(a) - P["t0"]) / P["t_span"], (float(b) - P["t0"]) / P["t_span"]]
        if not z or any(abs(x - y) > 1e-9 for x, y in zip(z, want)):
            fail("fragment %r: the window is %r, wanted %r" % (frag, z, want))
        if s["shown"] != [P["bands"][-1]] or s["view"] not in frag:
            fail("fragment %r: bands %r shown, view %r" % (frag, s["shown"], s["view"]))
        if s["table"] != zoomed["table"]:
            fail("fragment %r: the table is not the zoom's" % frag)
    if "from=" not in zoomed.get("hash", ""):
        fail("zoomed, the address's fragment says %r" % zoomed.get("hash"))
    print("zoom %s..%s: %d bands compared with the CSV" % (a, b, compared))


def isolate(chromium, page, regex, csv_path, included_path):
    d = data_of(page)
    P = d["panels"][0]
    names, rows, _ = read_csv(csv_path)
    inames, irows, _ = read_csv(included_path)
    actions = ["search:" + regex, "only", "view:lines", "view:percent", "view:stacked", "all",
               "focus:0", "press:ArrowRight", "press:ArrowRight", "press:ArrowLeft",
               "search:", "isolate:%d" % P["bands"][-1], "add:%d" % P["bands"][0], "all"]
    log, _ = run_chromium(chromium, page, ";".join(actions).replace("%", "%25")
                          .replace("&", "%26").replace("#", "%23").replace("+", "%2B"))
    if len(log) != len(actions):
        fail("isolate: %d of %d steps logged" % (len(log), len(actions)))
        return
    st = dict((a, s) for a, s in zip(actions, log))
    matching = [k for k, B in enumerate(d["bands"]) if re.search(regex, B["name"])]
    if not matching or len(matching) == len(d["bands"]):
        fail("the expression %r matches %d of %d bands: no test" % (regex, len(matching), len(d["bands"])))
        return
    found = log[0]
    if not found["search"].startswith("%d of %d bands match" % (len(matching), len(d["bands"]))):
        fail("search %r: the page says %r, %d match" % (regex, found["search"], len(matching)))
    boxed = [k for k in matching if d["bands"][k]["box"]]
    if found["marked_keys"] != len(boxed):
        fail("search: %d key entries marked, %d match" % (found["marked_keys"], len(boxed)))
    if sorted(int(b) for b in found["rows"]) != sorted(matching):
        fail("search: the table shows bands %r, the matches are %r" % (found["rows"], matching))
    if found["faint_paths"] == 0:
        fail("search: no band drawn faint")
    only = st["only"]
    if only["shown"] != matching:
        fail("only the matches: bands %r shown, wanted %r" % (only["shown"], matching))
    if sorted(inames) != sorted(d["bands"][k]["name"] for k in matching):
        fail("--include %r kept %r, the search matched %r" %
             (regex, inames, [d["bands"][k]["name"] for k in matching]))
    checked = 0
    for view in ("stacked", "lines", "percent"):
        s = st["view:" + view]
        if s["view"] != view:
            fail("view:%s: the page shows %r" % (view, s["view"]))
        for t, top in s["tops"]:
            if t not in irows:
                continue
            inc, full = irows[t], rows[t]
            # (percent: a sample holding at most the floor is not drawn,
            # as --mode=percent leaves it out)
            want = sum(inc) if view == "stacked" else max(inc) if view == "lines" else \
                100.0 * sum(inc) / sum(full) if sum(full) > P.get("percent_floor", 0) else None
            if want is not None and not close(top, want, 1e-9):
                fail("%s, only the matches, at %r: the page draws up to %r, --include: %r" %
                     (view, t, top, want))
                break
            checked += 1
        peak = max(top for _, top in s["tops"])
        if not (peak <= s["y_top"] <= peak * 1.2 + 1e-9):
            fail("%s: the scale reaches %r for a top of %r (not its own scale)" % (view, s["y_top"], peak))
    if checked < 10:
        fail("only %d samples compared with --include" % checked)
    if st["all"]["shown"] != list(range(len(d["bands"]))):
        fail("all: bands %r shown" % st["all"]["shown"])
    steps = [log[actions.index(a)]["readout"] for a in ("focus:0",)] + \
        [log[7]["readout"], log[8]["readout"], log[9]["readout"]]
    if any(r["sample"] is None for r in steps):
        fail("the focused graph shows no readout: %r" % steps)
    else:
        k = [int(r["sample"]) for r in steps]
        if k[1:] != [k[0] + 1, k[0] + 2, k[0] + 1]:
            fail("arrows: the readout went to samples %r" % k)
        if any(float(r["time"]) != P["t"][int(r["sample"])] for r in steps):
            fail("arrows: the readout's times are not its samples'")
    one, two = log[11], log[12]
    if one["shown"] != [P["bands"][-1]] or two["shown"] != sorted([P["bands"][-1], P["bands"][0]]):
        fail("isolate then add: %r, %r" % (one["shown"], two["shown"]))
    if log[13]["shown"] != list(range(len(d["bands"]))):
        fail("all: bands %r shown" % log[13]["shown"])
    print("isolate %r: %d bands, %d samples compared with --include" % (regex, len(matching), checked))


def marks(chromium, page):
    d = data_of(page)
    P = d["panels"][0]
    mt = P.get("mark_t") or []
    if not mt:
        fail("the page has no markers")
        return
    log, _ = run_chromium(chromium, page, ";".join("mark:%d" % m for m in range(len(mt))))
    if len(log) != len(mt):
        fail("marks: %d of %d steps logged" % (len(log), len(mt)))
        return
    for m, st in enumerate(log):
        f = (mt[m] - P["t0"]) / P["t_span"]
        z = [float(x) for x in st["zoom"].split()] if st.get("zoom") else [0, 1]
        if not z[0] - 1e-9 <= f <= z[1] + 1e-9:
            fail("marker %d at %r: the window %r does not hold it" % (m, mt[m], z))
        near = min(P["t"], key=lambda t: (abs(t - mt[m]), t))
        got = st["readout"]["time"]
        if got is None or abs(float(got) - near) > 1e-12 and \
                abs(abs(float(got) - mt[m]) - abs(near - mt[m])) > 1e-12:
            fail("marker %d at %r: the readout is at %r, the nearest sample at %r" % (m, mt[m], got, near))
        # the redrawn graph's marker texts: none covers another, and every
        # marker in the window is shown or counted ("... +2 more")
        labels = st.get("mark_labels") or []
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                if a[0] < b[1] - 0.5 and b[0] < a[1] - 0.5 and a[2] < b[3] - 0.5 and b[2] < a[3] - 0.5:
                    fail("marker %d: the texts %r and %r overlap" % (m, a[4], b[4]))
        inside = sum(1 for t in mt if z[0] - 1e-9 <= (t - P["t0"]) / P["t_span"] <= z[1] + 1e-9)
        told = sum(1 + (int(re.search(r" \+(\d+) more$", a[4]).group(1))
                        if re.search(r" \+(\d+) more$", a[4]) else 0) for a in labels)
        if st.get("zoom") and told != inside:
            fail("marker %d: %d markers in the window, %d shown or counted: %r"
                 % (m, inside, told, [a[4] for a in labels]))
    print("%d markers gone to" % len(mt))


def main():
    cmd = sys.argv[1]
    if cmd == "check":
        check(sys.argv[2])
    elif cmd == "csv":
        compare_csv(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 0)
    elif cmd == "get":
        d = data_of(sys.argv[2])
        print(eval(sys.argv[3], {"d": d, "len": len, "sum": sum}))
    elif cmd == "isolate":
        isolate(*sys.argv[2:7])
    elif cmd == "marks":
        marks(sys.argv[2], sys.argv[3])
    elif cmd == "zoom":
        zoom(*sys.argv[2:7])
    elif cmd == "browse":
        browse(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        sys.exit("unknown command " + cmd)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

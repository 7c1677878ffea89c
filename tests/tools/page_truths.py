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
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import html_page  # noqa: E402

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


def main():
    cmd = sys.argv[1]
    if cmd == "percent":
        percent(*sys.argv[2:5])
    elif cmd == "search":
        search(*sys.argv[2:])
    elif cmd == "scale":
        scale(*sys.argv[2:6])
    else:
        sys.exit("unknown command " + cmd)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

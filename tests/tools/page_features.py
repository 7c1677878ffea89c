#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""page_features.py COMMAND CHROMIUM PAGE ...: the HTML page's features of
issues 38 and 42 (src/html/suspects.js, src/html/icicle.js) read back in
headless chromium (?selftest=, as html_page.py) and checked against the
command line's own answers:

  suspects CHROMIUM PAGE TOP.json [A B TOPWIN.json]
      the Suspects view over the whole run has --top=0 -o TOP.json's
      figures for every name it lists (and every band's name), ranked in
      its order; zoomed to A..B, --top=0 --from A --to B's.
  opened CHROMIUM PAGE SAMPLE AT.json
      OTHER opened at the page's sample SAMPLE lists --top --at=T's
      members (T that sample's time), largest first, and the rest as one
      line each, adding up exactly to OTHER's value plus what -t leaves
      out (the page's own figures for the sample).
  icicle CHROMIUM PAGE T FOLDED
      the pointer at time T (the sample nearest it): the icicle's nodes'
      own values are -o FOLDED --at=T's lines, exactly; each node's value
      is the sum of its own and its children's.
  window CHROMIUM PAGE A B FOLDED
      zoomed to A..B, the icicle over the window: --from A --to B
      -o FOLDED's byte-seconds (whole numbers there: within 1 a line).
  focus CHROMIUM PAGE LABEL
      a click on the first node labelled LABEL shows only the bands whose
      names are under it, the URL fragment keeps it, and the page opened
      at that fragment shows the same; the pointer over it says its name,
      bytes and share.
  interact CHROMIUM PAGE
      with real input (DevTools protocol, cdp_page.py): the pointer moved
      across the graph moves the icicle to each sample under it; the
      pointer over an icicle node says its name, bytes and share; a click
      on it shows only the bands under it and puts it in the fragment; a
      click on OTHER in the graph opens it at that sample.
  two CHROMIUM PAGE TOP.json
      a --diff page's Suspects view is --top=0 BEFORE AFTER -o TOP.json's
      ranking: its rows in order, each name's peaks, change and after's
      end, still held and score.
  onefigure CHROMIUM PAGE TOP.json [A B TOPWIN.json]
      one slope and one R² per name on the page: the table's rows (bands,
      and names) have --top=0 -o TOP.json's slope and R² for the same
      name, and so does the Suspects view; zoomed to A..B, --top=0 --from
      A --to B's.  (An R² the table leaves blank, a flat line's, is 0 by
      --top.)
  bounded PAGE MAXBYTES
      the page is under MAXBYTES and its features within their budgets
      (page/suspects.h).
"""
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import html_page  # noqa: E402

FAILS = []


def fail(msg):
    FAILS.append(msg)
    if len(FAILS) <= 12:
        print("FAIL: " + msg, file=sys.stderr)
    elif len(FAILS) == 13:
        print("FAIL: (and more)", file=sys.stderr)


def data_of(page):
    text = open(page, encoding="utf-8").read()
    m = re.search(r'<script type="application/json" id="hp2ps-data">\n(.*?)\n</script>', text, re.S)
    return json.loads(m.group(1)), len(text.encode("utf-8"))


def states(chromium, page, actions):
    got, _ = html_page.run_chromium(chromium, page, actions)
    if len(got) != len(actions.split(";")):
        fail("%s: %d of %d actions ran" % (page, len(got), len(actions.split(";"))))
    return got


def feature(state, key):
    for f in state.get("features", []):
        if key in f:
            return f[key]
    return None


def close(a, b, rel=1e-9, absolute=1e-6):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= max(absolute, rel * max(abs(a), abs(b)))


FIELDS = ["start", "end", "change", "peak", "peak_time", "end_share", "steady", "slope",
          "r2", "held", "score"]


def compare_rows(label, page_rows, top):
    want = {r["name"]: r for r in top["rows"]}
    seen = 0
    for r in page_rows:
        if not r.get("present"):
            if r["name"] in want:
                fail("%s: %s: not in the window on the page, --top ranks it" % (label, r["name"]))
            continue
        t = want.get(r["name"])
        if t is None:  # --top lists the names that grew
            if r["change"] > 0:
                fail("%s: %s grew by %r on the page, --top does not list it" % (
                    label, r["name"], r["change"]))
            continue
        seen += 1
        for k in FIELDS:
            if not close(r[k], t[k]):
                fail("%s: %s: %s is %r on the page, %r by --top" % (label, r["name"], k, r[k], t[k]))
        if (r["change_pct"] is None) != (t["change_percent"] is None) or \
                (r["change_pct"] is not None and not close(r["change_pct"], t["change_percent"])):
            fail("%s: %s: change %% %r, --top %r" % (label, r["name"], r["change_pct"],
                                                     t["change_percent"]))
        if bool(r["leak"]) != bool(t["leak"]):
            fail("%s: %s: leak %r, --top %r" % (label, r["name"], r["leak"], t["leak"]))
    # the page's rank among the names it lists is --top's order among them
    listed = [r["name"] for r in page_rows if r.get("present") and r["name"] in want]
    order = [r["name"] for r in top["rows"] if r["name"] in listed]
    ranked = [r["name"] for r in sorted((r for r in page_rows if r["name"] in listed),
                                        key=lambda r: r["rank"])]
    if ranked != order:
        fail("%s: the page ranks %s, --top %s" % (label, ranked[:6], order[:6]))
    if not seen:
        fail("%s: no row compared" % label)
    return seen


def cmd_suspects(chromium, page, top_path, a=None, b=None, win_path=None):
    D, _ = data_of(page)
    actions = "suspects"
    if a is not None:
        actions += ";zoom:%s:%s" % (a, b)
    got = states(chromium, page, actions)
    if not got:
        return
    s = feature(got[0], "suspects")
    if not s:
        fail("no Suspects view on the page")
        return
    P = D["panels"][0]
    names = {r["name"] for r in s[0]["rows"]}
    for bi, key in enumerate(P["bands"]):
        name = D["bands"][key]["name"]
        shown = re.sub(r"^\(\d+\)", "", name)
        if shown != "OTHER" and shown not in names:
            fail("band %s has no row in the Suspects view" % name)
    n = compare_rows("whole run", s[0]["rows"], json.load(open(top_path)))
    print("whole run: %d names as --top ranks them" % n)
    if "table=suspects" not in got[0]["hash"]:
        fail("the URL fragment does not keep the Suspects view: %r" % got[0]["hash"])
    again = states(chromium, page, "none#table=suspects")
    if again and feature(again[0], "view") != "suspects":
        fail("the page opened at #table=suspects shows the %r view" % feature(again[0], "view"))
    order = s[0]["order"]
    if s[0]["rows"] and order[0] != sorted(s[0]["rows"], key=lambda r: r["rank"])[0]["name"]:
        fail("the Suspects view does not open sorted by the score: %s first" % order[0])
    if a is not None:
        z = feature(got[1], "suspects")
        n = compare_rows("zoomed %s..%s" % (a, b), z[0]["rows"], json.load(open(win_path)))
        print("zoomed %s..%s: %d names as --top --from --to ranks them" % (a, b, n))


def cmd_opened(chromium, page, sample, at_path):
    D, _ = data_of(page)
    i = int(sample)
    P = D["panels"][0]
    got = states(chromium, page, "open:0:%d" % i)
    if not got:
        return
    o = feature(got[0], "opened")
    if not o:
        fail("OTHER did not open at sample %d" % i)
        return
    at = json.load(open(at_path))
    if not close(at["census"]["time"], P["t"][i]):
        fail("--at's census is at %r, the page's sample at %r" % (at["census"]["time"], P["t"][i]))
    other = P["values"][i][P["opened"]["other"]] if P["opened"]["other"] >= 0 else 0
    traced = P["trace"]["hidden"][i] if "trace" in P else 0
    if o["other"] != other or o["traced"] != traced:
        fail("opened: OTHER %r and -t %r, the page's sample %r and %r" % (o["other"], o["traced"],
                                                                          other, traced))
    if at["other"] != other or at["traced"] != traced:
        fail("--at: OTHER %r, -t %r; the page draws %r and %r" % (at["other"], at["traced"], other,
                                                                  traced))
    listed = o["listed"]
    want = at["members"][:len(listed)]
    for x, w in zip(listed, want):
        if x["name"] != w["name"] or x["value"] != w["value"] or x["traced"] != (w["in"] == "-t"):
            fail("opened: %r, --at lists %r there" % (x, w))
    total = sum(x["value"] for x in listed) + o["rest_other"] + o["rest_traced"]
    if total != other + traced:
        fail("opened: the list adds up to %r, OTHER and -t hold %r" % (total, other + traced))
    rest = at["members"][len(listed):]
    for kind, key in (("OTHER", "rest_other"), ("-t", "rest_traced")):
        left = [m for m in rest if m["in"] == kind]
        if sum(m["value"] for m in left) != o[key] or len(left) != o[key + "_names"]:
            fail("opened: the rest of %s is %r in %r names; --at's %r in %r" % (
                kind, o[key], o[key + "_names"], sum(m["value"] for m in left), len(left)))
    print("opened at sample %d (%r): %d names listed, %d more as the rest, adding up to %r" % (
        i, P["t"][i], len(listed), len(rest), total))


def folded_of(path):
    out = {}
    for line in open(path, encoding="utf-8"):
        stack, _, value = line.rstrip("\n").rpartition(" ")
        out[stack] = out.get(stack, 0) + float(value)
    return out


def page_folded(D, k, self_values):
    """The page's icicle as folded lines: each node's own value, its path
    from the root written as -o FILE.folded writes it."""
    T = D["panels"][k]["tree"]
    nodes = T["nodes"]
    out = {}
    for n, v in enumerate(self_values):
        if not v > 0:
            continue
        path = []
        m = n
        while m > 0:
            label = nodes[m][2].replace(";", ",")
            path.append(("[cut] " if nodes[m][1] == 2 else "") + label)
            m = nodes[m][0]
        key = ";".join(reversed(path))
        out[key] = out.get(key, 0) + v
    return out


def check_sums(label, D, k, ic):
    nodes = D["panels"][k]["tree"]["nodes"]
    value, own = ic["value"], ic["self"]
    kids = [0.0] * len(nodes)
    for n in range(1, len(nodes)):
        kids[nodes[n][0]] += value[n]
    for n in range(1, len(nodes)):
        if not close(value[n], own[n] + kids[n], 1e-12, 1e-6):
            fail("%s: node %s holds %r, its own %r and its children's %r" % (
                label, nodes[n][2], value[n], own[n], kids[n]))
    rest = sum(ic["rest"])
    if not close(value[0], own[0] + kids[0] + rest, 1e-12, 1e-6):
        fail("%s: the root holds %r, not the sum of its children %r" % (label, value[0],
                                                                       kids[0] + rest))


def cmd_icicle(chromium, page, t, folded_path):
    D, _ = data_of(page)
    P = D["panels"][0]
    got = states(chromium, page, "at:0:%s:1" % t)
    if not got:
        return
    ic = feature(got[0], "icicle")
    i = int(got[0]["readout"]["sample"])
    if ic["sample"] != i:
        fail("the icicle shows sample %r, the pointer is at %r" % (ic["sample"], i))
    check_sums("icicle at %s" % t, D, 0, ic)
    mine, want = page_folded(D, 0, ic["self"]), folded_of(folded_path)
    if sum(ic["rest"]) != 0:
        fail("the icicle at %s lumps %r of OTHER and -t as the rest: a test needs every name" % (
            t, ic["rest"]))
    if mine != want:
        extra = {k: v for k, v in mine.items() if want.get(k) != v}
        missing = {k: v for k, v in want.items() if mine.get(k) != v}
        fail("icicle at %s: the page has %r, --at's folded stacks %r" % (
            t, dict(list(extra.items())[:4]), dict(list(missing.items())[:4])))
    tot = sum(want.values())
    if not close(ic["total"], tot, 0, 0.5):
        fail("icicle at %s: total %r, the folded lines add up to %r" % (t, ic["total"], tot))
    print("icicle at sample %d (%r): %d stacks, %r bytes, as -o FILE.folded --at=%r" % (
        i, P["t"][i], len(want), tot, P["t"][i]))


def cmd_window(chromium, page, a, b, folded_path):
    D, _ = data_of(page)
    got = states(chromium, page, "zoom:%s:%s;icicle:window" % (a, b))
    if not got:
        return
    ic = feature(got[1], "icicle")
    check_sums("icicle over %s..%s" % (a, b), D, 0, ic)
    mine, want = page_folded(D, 0, ic["self"]), folded_of(folded_path)
    # (whole numbers there: a stack of under a byte-second may be a line of 0, or none)
    for k in set(mine) | set(want):
        if abs(mine.get(k, 0) - want.get(k, 0)) > 1:
            fail("icicle over %s..%s: %s holds %r byte-seconds, the folded line %r" % (
                a, b, k, mine.get(k), want.get(k)))
    print("icicle over %s..%s: %d stacks as --from --to -o FILE.folded, %r byte-seconds" % (
        a, b, len(want), ic["total"]))


def bands_under(P, T, node):
    """The bands a click on icicle node NODE of panel P (tree T) shows
    alone: those whose nodes are under it, and OTHER where a member of
    OTHER is."""
    under = set()
    for n in range(len(T["nodes"])):
        m = n
        while m > 0 and m != node:
            m = T["nodes"][m][0]
        if m == node:
            under.add(n)
    want = sorted({P["bands"][b] for b, m in enumerate(T["band_node"]) if m in under})
    O = P.get("opened")
    if O and O["other"] >= 0 and any(m in under and not O["traced"][j]
                                     for j, m in enumerate(T["member_node"])):
        want = sorted(set(want) | {P["bands"][O["other"]]})
    return want


def cmd_focus(chromium, page, label):
    D, _ = data_of(page)
    P = D["panels"][0]
    T = P["tree"]
    node = next((n for n, nd in enumerate(T["nodes"]) if nd[2] == label), None)
    if node is None:
        fail("no node labelled %r" % label)
        return
    under = set()
    for n in range(len(T["nodes"])):
        m = n
        while m > 0 and m != node:
            m = T["nodes"][m][0]
        if m == node:
            under.add(n)
    want = sorted({P["bands"][b] for b, m in enumerate(T["band_node"]) if m in under})
    O = P.get("opened")
    if O and O["other"] >= 0 and any(m in under and not O["traced"][j]
                                     for j, m in enumerate(T["member_node"])):
        want = sorted(set(want) | {P["bands"][O["other"]]})
    got = states(chromium, page, "inode:%d;ihover:%d" % (node, node))
    if not got:
        return
    s = got[0]
    if sorted(s["shown"]) != want:
        fail("a click on %s shows bands %r, not those under it %r" % (label, s["shown"], want))
    ic = feature(s, "icicle")
    seen = [int(b) for t, b in ic["visible"] if t == "bands-0"]
    if not seen or set(seen) - set(want):
        fail("the table shows the rows of bands %r, not only those under %s %r" % (
            seen[:8], label, want[:8]))
    if any(b is not None and int(b) not in want for t, b in ic["visible"] if t == "suspects-0"):
        fail("the Suspects table shows bands not under %s" % label)
    if "node=" not in s["hash"]:
        fail("the URL fragment does not keep the node: %r" % s["hash"])
    if ic["focus"] != node:
        fail("the icicle's root is node %r, not %r" % (ic["focus"], node))
    tip = feature(got[1], "icicle")["tip"] or ""
    if label not in tip or "%" not in tip or not re.search(r"\d", tip):
        fail("the pointer over %s says %r" % (label, tip))
    # the page opened at that fragment: the same node, the same bands
    again = states(chromium, page, "none" + s["hash"])
    if again:
        if sorted(again[0]["shown"]) != want:
            fail("opened at %s, the page shows bands %r, not %r" % (s["hash"], again[0]["shown"],
                                                                    want))
        if feature(again[0], "icicle")["focus"] != node:
            fail("opened at %s, the icicle's root is node %r" % (
                s["hash"], feature(again[0], "icicle")["focus"]))
    print("a click on %s: %d bands shown (%r), fragment %s, pointer: %s" % (
        label, len(want), want[:6], s["hash"][:60], tip[:80]))
    return s["hash"]


def cmd_interact(chromium, page):
    import tempfile
    import time
    import cdp_page
    D, _ = data_of(page)
    P = D["panels"][0]
    T = P["tree"]
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc, pg = cdp_page.open_browser(chromium, profile, "file://" + os.path.abspath(page))
        try:
            pg.wait("document.documentElement.getAttribute('data-ready') === 'yes'", 60)
            plot = P["plot"]
            seen = set()
            for fx in (0.1, 0.3, 0.5, 0.7, 0.9):
                x, y = pg.to_client(plot[0] + fx * plot[2], plot[1] + 0.98 * plot[3])
                pg.mouse("mouseMoved", x, y)
                time.sleep(0.05)
                i = pg.js("document.getElementById('readout').getAttribute('data-sample')")
                st = pg.js("document.querySelector('.icicle-status').textContent")
                want = "at " + ("%s" % P["t"][int(i)]).rstrip("0").rstrip(".") if i else None
                if i is None or not st.startswith(want[:6]):
                    fail("the pointer at sample %r: the icicle says %r" % (i, st))
                seen.add(st)
            if len(seen) < 3:
                fail("the icicle did not follow the pointer: %r" % sorted(seen))
            # the widest node below the root: the pointer over it, a click on it
            box = pg.js("(function () { var best = null, w = 0;"
                        " document.querySelectorAll('svg.icicle rect.node').forEach(function (r) {"
                        "  var n = Number(r.getAttribute('data-node')), b = r.getBoundingClientRect();"
                        "  if (n > 0 && r.style.display !== 'none' && b.width > w) {"
                        "   w = b.width; best = [n, b.left + b.width / 2, b.top + b.height / 2]; } });"
                        " return best; })()")
            if not box:
                fail("no icicle node to point at")
                return
            node, x, y = box
            pg.js("document.querySelector('svg.icicle').scrollIntoView({block: 'center'})")
            box = pg.js("(function () { var r = document.querySelector("
                        "'svg.icicle rect[data-node=\"%d\"]').getBoundingClientRect();"
                        " return [r.left + r.width / 2, r.top + r.height / 2]; })()" % node)
            pg.mouse("mouseMoved", *box)
            time.sleep(0.05)
            tip = pg.js("(function () { var t = document.querySelector('.icicle-tip');"
                        " return t.hidden ? null : t.textContent; })()")
            label = T["nodes"][node][2]
            if not tip or label not in tip or "%" not in tip:
                fail("the pointer over node %s: %r" % (label, tip))
            pg.click(*box)
            time.sleep(0.3)
            shown = pg.js("document.getElementById('graph').getAttribute('data-shown')")
            hash_ = pg.js("location.hash")
            if "node=" not in hash_:
                fail("a click on node %s: the fragment is %r" % (label, hash_))
            want = bands_under(P, T, node)
            got = sorted(int(k) for k in (shown or "").split()) if shown else \
                list(range(len(D["bands"])))
            if got != want and not (len(want) == len(D["bands"]) and not shown):
                fail("a click on node %s shows bands %r, not %r" % (label, got, want))
            print("real input: the icicle followed %d samples; node %s: %s; a click shows %r" % (
                len(seen), label, (tip or "")[:60], got[:8]))
            # OTHER in the graph, clicked: opened at that sample
            O = P.get("opened")
            if O and O["other"] >= 0:
                pg.js("location.hash = ''; window.scrollTo(0, 0)")
                pg.js("document.querySelectorAll('.icicle-crumbs button')[0] &&"
                      " document.querySelectorAll('.icicle-crumbs button')[0].click()")
                time.sleep(0.3)
                k = P["bands"][O["other"]]
                i = max(range(len(P["t"])), key=lambda j: P["values"][j][O["other"]])
                lo = sum(P["values"][i][:O["other"]])
                mid = lo + P["values"][i][O["other"]] / 2
                x, y = pg.to_client(plot[0] + (P["t"][i] - P["t0"]) / P["t_span"] * plot[2],
                                    plot[1] + plot[3] - (mid - P["y_lo"]) / P["y_span"] * plot[3])
                pg.click(x, y)
                time.sleep(0.6)
                o = pg.js("(function () { var s = document.getElementById('opened');"
                          " return s.hidden ? null : s.querySelector('h2').textContent; })()")
                if not o or "OTHER" not in o:
                    fail("a click on OTHER (band %d) at sample %d: the list is %r" % (k, i, o))
                else:
                    print("real input: a click on OTHER opened %r" % o)
        finally:
            proc.kill()
            proc.wait()


def cmd_keys(chromium, page):
    """The icicle by the keyboard alone: Tab reaches one of its nodes, the
    arrows move between them (their figures shown), Enter does what a
    click does: the node as the root, the bands under it alone."""
    import tempfile
    import time
    import cdp_page
    D, _ = data_of(page)
    P = D["panels"][0]
    T = P["tree"]
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc, pg = cdp_page.open_browser(chromium, profile, "file://" + os.path.abspath(page))
        try:
            pg.wait("document.documentElement.getAttribute('data-ready') === 'yes'", 60)
            on = ("(function () { var a = document.activeElement;"
                  " return a && a.closest && a.closest('svg.icicle') &&"
                  " a.hasAttribute('data-node') ? Number(a.getAttribute('data-node')) : null;"
                  " })()")
            # from the control before it, Tab
            pg.js("document.querySelector('.icicle-controls button:last-child').focus()")
            pg.key("Tab", 9)
            first = pg.js(on)
            if first is None:
                fail("Tab from the icicle's controls does not reach a node of it (focus on %r)" %
                     pg.js("document.activeElement.outerHTML.slice(0, 80)"))
                return
            pg.key("ArrowDown", 40)
            node = pg.js(on)
            if node is None or node == first or T["nodes"][node][0] != first:
                fail("ArrowDown from node %r goes to %r, not a node below it" % (first, node))
                return
            pg.key("ArrowRight", 39)
            right = pg.js(on)
            pg.key("ArrowLeft", 37)
            if pg.js(on) != node:
                fail("ArrowRight then ArrowLeft from node %d ends on %r" % (node, pg.js(on)))
            pg.key("ArrowUp", 38)
            if pg.js(on) != first:
                fail("ArrowUp from node %d ends on %r, not %d" % (node, pg.js(on), first))
            pg.key("ArrowDown", 40)
            label = T["nodes"][node][2]
            tip = pg.js("(function () { var t = document.querySelector('.icicle-tip');"
                        " return t.hidden ? null : t.textContent; })()")
            if not tip or label not in tip or "%" not in tip:
                fail("the keyboard on node %s: its figures are %r" % (label, tip))
            pg.key("Enter", 13)
            time.sleep(0.3)
            root = pg.js("document.querySelector('svg.icicle rect[data-node]').getAttribute('data-node')")
            shown = pg.js("document.getElementById('graph').getAttribute('data-shown')")
            want = bands_under(P, T, node)
            got = sorted(int(k) for k in (shown or "").split()) if shown else \
                list(range(len(D["bands"])))
            if str(root) != str(node) or pg.js(on) != node:
                fail("Enter on node %s: the root drawn is %r, the focus on %r" % (label, root,
                                                                              pg.js(on)))
            if got != want and not (len(want) == len(D["bands"]) and not shown):
                fail("Enter on node %s shows bands %r, not %r" % (label, got, want))
            pg.key("Enter", 13)
            time.sleep(0.3)
            if pg.js(on) != first:
                fail("Enter again on the root %s: the focus is on %r, not its parent %d" % (
                    label, pg.js(on), first))
            print("keyboard: Tab to node %d, down to %s (right: %r), Enter shows %r" % (
                first, label, right, got[:8]))
        finally:
            proc.kill()
            proc.wait()


def cmd_two(chromium, page, top_path):
    got = states(chromium, page, "suspects")
    if not got:
        return
    s = feature(got[0], "suspects")
    if not s:
        fail("no Suspects view on the --diff page")
        return
    rows = sorted(s[0]["rows"], key=lambda r: r["rank"])
    top = json.load(open(top_path))["rows"]  # (the names that grew)
    for r in rows[len(top):]:
        if r["change"] > 0:
            fail("%s grew by %r on the page, --top does not list it" % (r["name"], r["change"]))
    if [r["name"] for r in rows[:len(top)]] != [t["name"] for t in top[:len(rows)]]:
        fail("the page ranks %r, --top %r" % ([r["name"] for r in rows][:6],
                                              [t["name"] for t in top][:6]))
    for r, t in zip(rows, top):
        for mine, theirs in (("before_peak", "before_peak"), ("peak", "after_peak"),
                             ("change", "change"), ("end", "after_end"), ("held", "after_held"),
                             ("score", "after_score")):
            if not close(r[mine], t[theirs]):
                fail("%s: %s %r on the page, --top's %s %r" % (r["name"], mine, r[mine], theirs,
                                                               t[theirs]))
        if bool(r["leak"]) != bool(t["grew"]):
            fail("%s: GREW %r, --top %r" % (r["name"], r["leak"], t["grew"]))
    print("--diff: %d names ranked as --top BEFORE AFTER, %d grew" % (
        len(rows), sum(1 for r in rows if r["leak"])))


def cmd_once(*pages):
    """Each page sends every name once: a panel's one list (names: a name
    that is a band of its own as null, the band's name said in the key),
    into which the Suspects rows and OTHER opened point by index."""
    for page in pages:
        D, _ = data_of(page)
        for k, P in enumerate(D["panels"]):
            N = P.get("names")
            S, O = P.get("suspects"), P.get("opened")
            if not N:
                if (S and S["rows"]) or (O and O.get("names")):
                    fail("%s panel %d: Suspects or OTHER opened without the list" % (page, k))
                continue
            names = [D["bands"][N["band"][i]]["name"] if x is None else x
                     for i, x in enumerate(N["name"])]
            for i, x in enumerate(N["name"]):
                if x is None and D["bands"][N["band"][i]].get("other"):
                    fail("%s: a null name in OTHER" % page)
                if x is not None and N["band"][i] >= 0 and D["bands"][N["band"][i]]["name"] == x:
                    fail("%s: %r sent in the list and as its band" % (page, x))
            if len(set(names)) != len(names):
                fail("%s panel %d: a name twice in the list" % (page, k))
            if S and any("name" in r or not 0 <= r["n"] < len(names) for r in S["rows"]):
                fail("%s panel %d: a Suspects row with a name of its own" % (page, k))
            if O and ("names" in O or any(not 0 <= i < len(names) for i in O["n"])):
                fail("%s panel %d: OTHER opened with names of its own" % (page, k))
            print("%s panel %d: %d names, once; %d Suspects rows and %d opened names point "
                  "into them" % (page, k, len(names), len(S["rows"]) if S else 0,
                                 len(O["n"]) if O else 0))


def cmd_bounded(page, maxbytes):
    D, size = data_of(page)
    if size > int(maxbytes):
        fail("the page is %d bytes, over %s" % (size, maxbytes))
    if not all(k in D["panels"][0] for k in ("suspects", "opened", "tree")):
        fail("the page has no suspects, OTHER opened or tree")
    for P in D["panels"]:
        n = len(P["t"])
        O = P.get("opened")
        if O:
            entries = sum(len(a) // 2 for a in O["at"])
            if entries > max(24000, n):
                fail("OTHER and -t list %d entries, over the budget" % entries)
            listed = O["n"] if "n" in O else O["names"]  # (entries in P["names"])
            if len(listed) > 2000:
                fail("OTHER and -t list %d names" % len(listed))
        S = P.get("suspects")
        if S:
            values = sum(len(r.get("values", [])) for r in S["rows"])
            if values > 24000 + n:
                fail("the undrawn suspects send %d values" % values)
        T = P.get("tree")
        if T and len(T["nodes"]) > 60000:
            fail("the tree sends %d nodes" % len(T["nodes"]))
    print("%s: %d bytes, %d samples kept" % (page, size, len(D["panels"][0]["t"])))


def table_lines(label, table, top):
    """Each row of the page's table (state "table") against --top's."""
    want = {r["name"]: r for r in top["rows"]}
    seen = 0
    for e in table:
        t = want.get(re.sub(r"^\(\d+\)", "", e["band"]))
        if t is None:
            continue
        seen += 1
        r2 = 0 if e["r2"] == -1 else e["r2"]
        if not close(e["slope"], t["slope"], rel=1e-6, absolute=1e-9):
            fail("%s: %s: slope %r in the table, %r by --top" % (label, e["band"], e["slope"],
                                                              t["slope"]))
        if not close(r2, t["r2"], rel=1e-6, absolute=1e-9):
            fail("%s: %s: R² %r in the table, %r by --top" % (label, e["band"], e["r2"], t["r2"]))
    return seen


def cmd_onefigure(chromium, page, top_path, a=None, b=None, win_path=None):
    top = json.load(open(top_path))
    actions = "none;rows:names;suspects"
    if a is not None:
        actions += ";view:bands;rows:bands;zoom:%s:%s" % (a, b)
    got = states(chromium, page, actions)
    if len(got) < 3:
        return
    n = table_lines("whole run, bands", got[0]["table"], top)
    n += table_lines("whole run, names", got[1]["table"], top)
    s = feature(got[2], "suspects")
    if s:
        for r in s[0]["rows"]:
            t = {x["name"]: x for x in top["rows"]}.get(r["name"])
            if t and not (close(r["slope"], t["slope"]) and close(r["r2"], t["r2"])):
                fail("Suspects: %s: slope %r R² %r, --top %r %r" % (r["name"], r["slope"],
                                                                  r["r2"], t["slope"], t["r2"]))
    if not n:
        fail("whole run: no row of the table is in --top's")
    print("whole run: %d rows with --top's slope and R²" % n)
    if a is not None and len(got) >= 6:
        n = table_lines("zoomed %s..%s" % (a, b), got[5]["table"], json.load(open(win_path)))
        if not n:
            fail("zoomed: no row of the table is in --top --from --to's")
        print("zoomed %s..%s: %d rows with --top --from --to's slope and R²" % (a, b, n))


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    {"suspects": cmd_suspects, "opened": cmd_opened, "icicle": cmd_icicle,
     "window": cmd_window, "focus": cmd_focus, "interact": cmd_interact, "keys": cmd_keys,
     "two": cmd_two, "bounded": cmd_bounded, "once": cmd_once,
     "onefigure": cmd_onefigure}[cmd](*args)
    if FAILS:
        sys.exit(1)


if __name__ == "__main__":
    main()

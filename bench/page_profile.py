#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""page_profile.py CHROMIUM PAGE [ACTION...]: where the time of an
interaction with hp2ps's HTML page goes, in headless chromium.

For each action (sort, reset, search: the actions page_timing.py times),
repeated a few times, it records a CPU profile of the page's script
(DevTools Profiler) and a trace of the renderer (Tracing, the timeline's
categories) around it, and prints the functions that took the most time
(self and total, in ms, summed over the repetitions) and the renderer's
own steps (style, layout, paint...) summed the same way.  A tool to find
what to make faster, not a benchmark: the profiler slows the script,
and what runs after the frame (until the profiler stops) is counted.

An action "js:EXPR" runs EXPR as the action (4 times); PAGE_PROFILE_BEFORE
is a script run once before the actions (an experiment: hide a part of
the page, say); PAGE_PROFILE_EACH=1 prints each repetition on a line.
"""
import collections
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "tools"))
import cdp_page  # noqa: E402

FRAME = ("new Promise(function (r) { requestAnimationFrame(function () {"
         " setTimeout(r, 0); }); })")


def actions(page):
    def escape():
        page.call("Input.dispatchKeyEvent", type="rawKeyDown", key="Escape", code="Escape",
                  windowsVirtualKeyCode=27)
        page.call("Input.dispatchKeyEvent", type="keyUp", key="Escape", code="Escape",
                  windowsVirtualKeyCode=27)

    def zoom_in():
        page.js("window.scrollTo(0, 0)")
        page.call("Input.dispatchKeyEvent", type="keyDown", key="+", code="Equal", text="+",
                  windowsVirtualKeyCode=187)
        page.call("Input.dispatchKeyEvent", type="keyUp", key="+", code="Equal",
                  windowsVirtualKeyCode=187)
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)

    def sort():
        x, y = page.js("(function () { var e = document.querySelector("
                       "'#bands-0 th:nth-child(3) button');"
                       " e.scrollIntoView({block: 'center'});"
                       " var r = e.getBoundingClientRect();"
                       " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        page.click(x, y)

    typed = list("fn1/go/loop/run.it/ru")

    def key():
        page.js("document.getElementById('search').focus()")
        page.call("Input.insertText", text=typed.pop(0))

    return {"sort": (sort, None, 4), "reset": (escape, zoom_in, 4),
            "search": (key, None, len(typed))}


def profile(chromium, path, wanted):
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as home:
        proc, page = cdp_page.open_browser(chromium, home, "file://" + os.path.abspath(path))
        try:
            page.wait("document.documentElement.getAttribute('data-ready') === 'yes'", 60)
            page.call("Runtime.evaluate", expression="new Promise(function (r) {"
                      " setTimeout(r, 1500); })", awaitPromise=True)  # the idle work done
            if os.environ.get("PAGE_PROFILE_BEFORE"):  # an experiment: script run first
                page.js(os.environ["PAGE_PROFILE_BEFORE"])
            page.call("Profiler.enable")
            page.call("Profiler.setSamplingInterval", interval=100)
            acts = actions(page)
            for name in wanted:
                if name.startswith("js:"):  # an experiment: a script as the action
                    act, before, n = (lambda e=name[3:]: page.js(e)), None, 4
                else:
                    act, before, n = acts[name]
                self_ms, total_ms = collections.Counter(), collections.Counter()
                steps = collections.Counter()
                for _ in range(n):
                    if before:
                        before()
                    page.call("Tracing.start", transferMode="ReturnAsStream",
                              traceConfig={"includedCategories": [
                                  "devtools.timeline", "disable-by-default-devtools.timeline",
                                  "blink", "v8"]})
                    page.call("Profiler.start")
                    act()
                    page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
                    prof = page.call("Profiler.stop")["profile"]
                    one_self, one_total, one_steps = (collections.Counter(), collections.Counter(),
                                                      collections.Counter())
                    count(prof, one_self, one_total)
                    trace(page, one_steps)
                    self_ms.update(one_self)
                    total_ms.update(one_total)
                    steps.update(one_steps)
                    if os.environ.get("PAGE_PROFILE_EACH"):  # each repetition on a line
                        print("  %s: %s | %s" % (name, ", ".join(
                            "%s %.1f" % kv for kv in one_steps.most_common(6)), ", ".join(
                            "%s %.1f" % kv for kv in one_self.most_common(5)
                            if not kv[0].startswith("("))))
                if name == "search":
                    page.js("var s = document.getElementById('search'); s.value = '';"
                            " s.dispatchEvent(new Event('input'))")
                print("## %s: %s, %d times" % (os.path.basename(path), name, n))
                print("self ms  total ms  function")
                for fn, ms in self_ms.most_common(14):
                    print("%7.1f  %8.1f  %s" % (ms, total_ms[fn], fn))
                print("renderer main thread, each step's own ms (trace events, less those nested):")
                print("  " + ", ".join("%s %.1f" % (k, v) for k, v in steps.most_common(14)))
                print()
        finally:
            proc.kill()
            proc.wait()


def count(prof, self_ms, total_ms):
    nodes = {n["id"]: n for n in prof["nodes"]}
    parent = {}
    for n in prof["nodes"]:
        for c in n.get("children", []):
            parent[c] = n["id"]
    hits = collections.Counter(prof["samples"])
    dt = collections.Counter()
    for s, d in zip(prof["samples"], prof["timeDeltas"][1:] + [0]):
        dt[s] += d / 1000.0
    for nid, ms in dt.items():
        f = nodes[nid]["callFrame"]
        name = "%s:%d" % (f["functionName"] or "(anon)", f["lineNumber"] + 1)
        self_ms[name] += ms
        seen, p = set(), nid
        while p is not None:
            g = nodes[p]["callFrame"]
            nm = "%s:%d" % (g["functionName"] or "(anon)", g["lineNumber"] + 1)
            if nm not in seen:
                seen.add(nm)
                total_ms[nm] += ms
            p = parent.get(p)
    del hits


pending = []


def trace(page, steps):
    page.call("Tracing.end")
    handle = None
    while handle is None:  # Tracing.tracingComplete comes as an event
        msg = json.loads(page.ws.recv())
        if msg.get("method") == "Tracing.tracingComplete":
            handle = msg["params"]["stream"]
    data = ""
    while True:
        r = page.call("IO.read", handle=handle, size=1 << 20)
        data += r["data"]
        if r.get("eof"):
            break
    page.call("IO.close", handle=handle)
    events = json.loads(data)
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"
            and e.get("args", {}).get("name") == "CrRendererMain"}
    # each step's own time on the renderer's main thread (less the steps
    # nested in it), so that the figures add up
    spans = sorted((e["ts"], -e.get("dur", 0), e["name"]) for e in events
                   if e.get("ph") == "X" and (e["pid"], e["tid"]) in main and "dur" in e)
    stack = []
    for ts, neg, name in spans:
        end = ts - neg
        while stack and stack[-1][0] <= ts:
            stack.pop()
        if stack:
            stack[-1][2][0] -= -neg
        own = [-neg]
        stack.append((end, name, own))
        steps[name] = steps.get(name, 0)
        pending.append((name, own))
    for name, own in pending:
        steps[name] += own[0] / 1000.0
    del pending[:]

def main():
    chromium, path = sys.argv[1], sys.argv[2]
    profile(chromium, path, sys.argv[3:] or ["sort", "reset", "search"])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""cdp_page.py CHROMIUM PAGE CSV WATCHED_PAGE: hp2ps's HTML page driven as
a person would, through chromium's DevTools protocol (the standard
library only: a small WebSocket client on 127.0.0.1).

Real input events, not ones the page makes itself: the mouse moves to
known places of the graph and the readout must say what the CSV export
says there; Tab reaches the key entries in the key's order, Enter pins a
band, a mouse click on the key pins and unpins; and a --watch page keeps
the band pinned across the reload its <meta> refresh makes.

cdp_page.py extremes CHROMIUM PAGE CSV: the mouse on every local maximum
of the total that the drawing draws (every sample: the CSV's), which the
readout must read.

cdp_page.py hidden CHROMIUM PAGE TRUTH: the mouse where -t's names hold
the most (tests/tools/hidden_bands.py's TRUTH), and the readout's totals
say what is drawn, what is not, and the total of every name.

cdp_page.py table CHROMIUM PAGE: the table of a page of many bands,
sorted by a click on its Share heading (both ways), searched a key at a
time with the table in sight, and searched out of sight then scrolled
to: in the frame after each, the rows it holds are the first of the
order wanted (by share, the key's order breaking ties; the search's
matches only, their matched part marked) and reach the foot of the
window; once the page is left alone, all of the first 100 are there;
a band's figures read the same whenever its row is shown.

Prints what is wrong and exits 1, else exits 0.
"""
import base64
import json
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import html_page  # noqa: E402  (the same reading of pages and CSVs)

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


class WebSocket:
    """Just enough of RFC 6455 for the DevTools protocol: text frames."""

    def __init__(self, url):
        assert url.startswith("ws://")
        hostport, path = url[5:].split("/", 1)
        host, port = hostport.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n" % (path, hostport, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise IOError("the DevTools socket closed during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise IOError("no WebSocket: " + head.decode("latin-1").split("\r\n")[0])

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise IOError("the DevTools socket closed")
            data += chunk
        return data

    def send(self, text):
        payload = text.encode()
        n = len(payload)
        head = bytes([0x81])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def recv(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 8:
                raise IOError("the DevTools socket closed")
            if opcode in (9, 10):  # ping, pong: nothing to answer for us
                continue
            message += payload
            if b0 & 0x80:
                return message.decode("utf-8", "replace")


class Page:
    def __init__(self, ws):
        self.ws, self.next_id = ws, 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise IOError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})

    def js(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise IOError("%s: %s" % (expression, r["exceptionDetails"]))
        return r["result"].get("value")

    def mouse(self, kind, x, y):
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                  clickCount=1 if kind != "mouseMoved" else 0)

    def click(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y)
        self.mouse("mouseReleased", x, y)

    def key(self, name, code, shift=False):
        text = "\r" if name == "Enter" else ""
        for kind in ("keyDown", "keyUp"):
            params = dict(type=kind if kind == "keyUp" or text else "rawKeyDown", key=name,
                          code=name, windowsVirtualKeyCode=code, modifiers=8 if shift else 0)
            if kind == "keyDown" and text:
                params["text"] = text
            self.call("Input.dispatchKeyEvent", **params)

    def wait(self, expression, seconds=30):
        end = time.time() + seconds
        while time.time() < end:
            try:
                if self.js(expression):
                    return True
            except IOError:
                pass  # the page is (re)loading
            time.sleep(0.1)
        return False

    def to_client(self, px, py):
        """A point on the page's picture (its viewBox units) in CSS pixels."""
        box = self.js("(function () { var o = document.getElementById('overlay');"
                      " var r = o.getBoundingClientRect(), v = o.viewBox.baseVal;"
                      " return [r.left, r.top, r.width, r.height, v.x, v.y, v.width, v.height]; })()")
        left, top, w, h, vx, vy, vw, vh = box
        s = min(w / vw, h / vh)
        return left + (w - vw * s) / 2 + (px - vx) * s, top + (h - vh * s) / 2 + (py - vy) * s

    def state(self):
        return self.js("(function () { var r = document.getElementById('readout');"
                       " var g = document.getElementById('graph'), a = document.activeElement;"
                       " var out = {shown: !r.hidden, highlight: g.getAttribute('data-highlight'),"
                       "  focused: a && a.getAttribute('data-band'), text: r.textContent,"
                       "  pressed: Array.prototype.map.call(document.querySelectorAll("
                       "   '#overlay .key[aria-pressed=\"true\"]'), function (k) {"
                       "   return k.getAttribute('data-band'); })};"
                       " ['panel', 'sample', 'time', 'band', 'value', 'total', 'hidden'].forEach(function (k) {"
                       "  out[k] = r.getAttribute('data-' + k); });"
                       " return out; })()")


def open_browser(chromium, profile, url):
    proc = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                             "--disable-quic", "--no-first-run", "--disable-background-networking",
                             "--disable-component-update", "--disable-sync",
                             "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                             "--user-data-dir=" + profile, "--window-size=1200,1400", url],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, HOME=profile))
    port_file = os.path.join(profile, "DevToolsActivePort")
    end = time.time() + 60
    while not os.path.exists(port_file) or not open(port_file).read().strip():
        if time.time() > end or proc.poll() is not None:
            proc.kill()
            raise IOError("chromium gave no DevTools port")
        time.sleep(0.1)
    port = open(port_file).read().split()[0]
    for _ in range(100):
        targets = json.load(urllib.request.urlopen("http://127.0.0.1:%s/json/list" % port,
                                                   timeout=30))
        pages = [t for t in targets if t.get("type") == "page" and t["url"].startswith("file:")]
        if pages:
            return proc, Page(WebSocket(pages[0]["webSocketDebuggerUrl"]))
        time.sleep(0.1)
    proc.kill()
    raise IOError("chromium opened no page")


def check_pointer(page, d, csv_path):
    """The mouse over three known points of the graph, and off it."""
    names, rows, _ = html_page.read_csv(csv_path)
    P = d["panels"][0]
    n = len(P["t"])
    for i in (n // 4, n // 2, 3 * n // 4):
        vals = P["values"][i]
        r = html_page.regions(d, vals)
        b = max(range(len(vals)), key=lambda k: vals[k])
        v = (r[b][0] + r[b][1]) / 2
        px = P["plot"][0] + (P["t"][i] - P["t0"]) / P["t_span"] * P["plot"][2]
        py = P["plot"][1] + P["plot"][3] - (v - P["y_lo"]) / P["y_span"] * P["plot"][3]
        page.mouse("mouseMoved", *page.to_client(px, py))
        s = page.state()
        if not s["shown"]:
            fail("pointer at sample %d: no readout" % i)
            continue
        k = int(s["sample"])
        t = float(s["time"])
        if t not in rows or abs(k - i) > 8:
            fail("pointer at sample %d (%r): the readout is of sample %d (%r)" % (i, P["t"][i], k, t))
            continue
        want = html_page.band_at(d, P, P["values"][k], v)
        if s["band"] != ("" if want < 0 else str(P["bands"][want])):
            fail("pointer at sample %d: band %r, wanted %r" % (i, s["band"], want))
            continue
        name = d["bands"][int(s["band"])]["name"]
        if int(float(s["value"])) != rows[t][names.index(name)] or \
                int(float(s["total"])) != sum(rows[t]):
            fail("pointer at sample %d: value %s total %s, the CSV: %d, %d" %
                 (i, s["value"], s["total"], rows[t][names.index(name)], sum(rows[t])))
        if name not in s["text"]:
            fail("the readout does not show the full name %r" % name)
    page.mouse("mouseMoved", 2, 2)
    if page.state()["shown"]:
        fail("the readout stays when the pointer leaves the graph")


def check_extremes(page, d, csv_path):
    """The mouse on every local maximum of the total (from the CSV export
    of the same profile, every sample of which the drawing draws), just
    under its top: the readout must be of that sample and its total."""
    names, rows, times = html_page.read_csv(csv_path)
    P = d["panels"][0]
    total = [sum(rows[t]) for t in times]
    n, wrong, peaks = len(times), [], 0
    for i in range(n):
        left = total[i - 1] if i > 0 else -1
        right = total[i + 1] if i + 1 < n else -1
        if not (total[i] > 0 and total[i] > left and total[i] >= right):
            continue
        peaks += 1
        v = total[i] - 0.4 * P["y_span"] / P["plot"][3]  # 0.4 points under the top
        px = P["plot"][0] + (times[i] - P["t0"]) / P["t_span"] * P["plot"][2]
        py = P["plot"][1] + P["plot"][3] - (v - P["y_lo"]) / P["y_span"] * P["plot"][3]
        page.mouse("mouseMoved", *page.to_client(px, py))
        s = page.state()
        if not s["shown"] or float(s["time"]) != times[i] or float(s["total"]) != total[i]:
            wrong.append((times[i], total[i], s["time"], s["total"]))
    if peaks < 10:
        fail("only %d local maxima to point at" % peaks)
    if wrong:
        fail("%d of %d local maxima read another sample (time, total; read): %r" %
             (len(wrong), peaks, wrong[:4]))


def check_hidden(page, d, truth_path):
    """-t's names in the readout: the mouse at the sample where they hold
    the most (hidden_bands.py truth), and the readout gives what is drawn,
    what is not and the total of every name, the .hp's figures."""
    truth = __import__("json").load(open(truth_path))
    P = d["panels"][0]
    i = P["t"].index(truth["hidden_time"])
    drawn = sum(P["values"][i])
    v = drawn / 2
    px = P["plot"][0] + (P["t"][i] - P["t0"]) / P["t_span"] * P["plot"][2]
    py = P["plot"][1] + P["plot"][3] - (v - P["y_lo"]) / P["y_span"] * P["plot"][3]
    page.mouse("mouseMoved", *page.to_client(px, py))
    s = page.state()
    if not s["shown"] or float(s["time"]) != truth["hidden_time"]:
        fail("the readout is not of the sample at %r: %r" % (truth["hidden_time"], s))
        return
    if not s["hidden"]:
        fail("the readout gives no part not drawn: %r" % s["text"])
        return
    if float(s["hidden"]) != truth["hidden_max"] or \
            float(s["total"]) + float(s["hidden"]) != truth["hidden_total"]:
        fail("readout: drawn %s, not drawn %s; the .hp: not drawn %d of %d" %
             (s["total"], s["hidden"], truth["hidden_max"], truth["hidden_total"]))
    grouped = "{:,}".format(truth["hidden_total"])
    if "not drawn (" not in s["text"] or "every name" not in s["text"] or \
            grouped not in s["text"] or "of the drawn total" not in s["text"]:
        fail("the readout does not say what its totals cover: %r" % s["text"])


def check_keyboard_and_clicks(page, d):
    top = [str(b) for b in reversed(range(len(d["bands"]))) if d["bands"][b]["box"]]
    if len(top) < 2:
        fail("the page has fewer than two key entries to test")
        return
    # The first Tab may only bring the focus into the page from the
    # browser's own controls, then the toolbar's and the graph's; the
    # first key entry it reaches must be the top one.
    for _ in range(12):
        page.key("Tab", 9)
        s = page.state()
        if page.js("document.activeElement.classList.contains('key')"):
            break
    if s["focused"] != top[0] or s["highlight"] != top[0]:
        fail("Tab: focus on %r, highlight %r; wanted the top key entry %s" %
             (s["focused"], s["highlight"], top[0]))
    page.key("Enter", 13)
    if page.state()["pressed"] != [top[0]]:
        fail("Enter on the key entry does not pin its band")
    page.key("Tab", 9)
    s = page.state()
    if s["focused"] != top[1] or s["highlight"] != top[1] or s["pressed"] != [top[0]]:
        fail("the second Tab: focus %r, highlight %r, pinned %r" %
             (s["focused"], s["highlight"], s["pressed"]))
    page.key("Tab", 9, shift=True)
    page.key("Enter", 13)
    s = page.state()
    if s["pressed"] != [] or s["highlight"] != "":
        fail("Enter again does not restore: pinned %r, highlight %r" % (s["pressed"], s["highlight"]))
    box = d["bands"][int(top[1])]["box"]
    x, y = page.to_client(box[0] + box[2] / 2, box[1] + box[3] / 2)
    page.mouse("mouseMoved", x, y)
    if page.state()["highlight"] != top[1]:
        fail("pointing at a key entry does not highlight its band")
    page.click(x, y)
    if page.state()["pressed"] != [top[1]]:
        fail("a click on the key entry does not pin its band")
    page.click(x, y)
    s = page.state()
    if s["pressed"] != [] or s["highlight"] != "":
        fail("a second click does not restore: pinned %r, highlight %r" % (s["pressed"], s["highlight"]))


ERROR_HOOK = ("window.hp2psErrors = [];"
              "window.addEventListener('error', function (e) { hp2psErrors.push(String(e.message)); });"
              "(function () { var f = console.error; console.error = function () {"
              " hp2psErrors.push(Array.prototype.join.call(arguments, ' ')); f.apply(console, arguments); };"
              "})();")


def check_zoom_input(page, d):
    """Real wheel, drag, keys and typing: the page zooms, resets, searches
    and switches views, and nothing logs an error."""
    page.call("Page.enable")
    page.call("Page.addScriptToEvaluateOnNewDocument", source=ERROR_HOOK)
    page.call("Page.reload")
    if not page.wait("document.documentElement.getAttribute('data-ready') === 'yes' && "
                     "window.hp2psErrors !== undefined"):
        fail("the page did not load again")
        return
    P = d["panels"][0]
    p = P["plot"]

    def at(fx, fy=0.9):
        return page.to_client(p[0] + fx * p[2], p[1] + fy * p[3])

    def zoom():
        z = page.js("document.getElementById('graph').getAttribute('data-zoom')")
        return [float(x) for x in z.split()] if z else None

    def still(before=None):
        # a wheel's scroll is animated, and starts late on a busy machine:
        # wait (3 s at most) for it to start, then until it stands still
        last, same = None, 0
        for k in range(80):
            page.js("new Promise(function (r) { setTimeout(r, 50); })")
            now = page.js("window.scrollY")
            same, last = (same + 1 if now == last else 0), now
            if same >= 4 and (now != before or k >= 60):
                break
        return last

    x, y = at(0.5)
    # a plain wheel scrolls the page, as anywhere; Ctrl and the wheel zoom
    page.call("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=0, deltaY=120)
    scrolled = still(page.js("window.scrollY"))
    if zoom():
        fail("a plain wheel over the graph zoomed it to %r" % zoom())
    tall = page.js("document.documentElement.scrollHeight > window.innerHeight")
    if tall and not scrolled:
        fail("a plain wheel over the graph does not scroll the page")
    page.js("window.scrollTo(0, 0)")
    still()
    x, y = at(0.5)
    page.call("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=0, deltaY=-120,
              modifiers=2)
    z = zoom()
    if not z or not (z[0] < 0.5 < z[1]) or abs((z[1] - z[0]) - 0.8) > 1e-6:
        fail("the wheel over the middle of the graph zoomed to %r, not 0.8 around it" % z)
    page.key("Escape", 27)
    if zoom():
        fail("Escape does not reset the zoom: %r" % zoom())
    a, b = at(0.25), at(0.5)
    page.mouse("mouseMoved", *a)
    page.mouse("mousePressed", *a)
    page.mouse("mouseMoved", (a[0] + b[0]) / 2, a[1])
    page.mouse("mouseMoved", *b)
    page.mouse("mouseReleased", *b)
    z = zoom()
    if not z or abs(z[0] - 0.25) > 0.01 or abs(z[1] - 0.5) > 0.01:
        fail("a drag across 0.25..0.5 of the graph zoomed to %r" % z)
    labels = page.js("document.querySelectorAll('#overlay .zoomed text').length")
    if not labels:
        fail("zoomed: no axis labels of its own")
    page.mouse("mouseMoved", *at(0.4, 0.95))
    s = page.state()
    if s["shown"] and not (P["t0"] + z[0] * P["t_span"] - 1e-9 <= float(s["time"]) or
                           float(s["time"]) <= P["t0"] + z[1] * P["t_span"] + 1e-9):
        fail("zoomed, the readout reads %s, outside the window" % s["time"])
    page.call("Input.dispatchMouseEvent", type="mousePressed", x=b[0], y=b[1], button="left", clickCount=1)
    page.call("Input.dispatchMouseEvent", type="mouseReleased", x=b[0], y=b[1], button="left", clickCount=1)
    page.call("Input.dispatchMouseEvent", type="mousePressed", x=b[0], y=b[1], button="left", clickCount=2)
    page.call("Input.dispatchMouseEvent", type="mouseReleased", x=b[0], y=b[1], button="left", clickCount=2)
    if zoom():
        fail("a double-click does not reset the zoom")
    # two fingers 0.1 of the graph apart, spread to 0.6: a pinch zooms 6x
    # about their middle
    a, b = at(0.45), at(0.55)
    page.call("Input.dispatchTouchEvent", type="touchStart",
              touchPoints=[dict(x=a[0], y=a[1], id=1), dict(x=b[0], y=b[1], id=2)])
    for k in range(1, 6):
        a, b = at(0.45 - 0.05 * k), at(0.55 + 0.05 * k)
        page.call("Input.dispatchTouchEvent", type="touchMove",
                  touchPoints=[dict(x=a[0], y=a[1], id=1), dict(x=b[0], y=b[1], id=2)])
    page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    z = zoom()
    if not z or abs(z[0] - (0.5 - 0.5 / 6)) > 0.01 or abs(z[1] - (0.5 + 0.5 / 6)) > 0.01:
        fail("a pinch from 0.1 to 0.6 of the graph about its middle zoomed to %r" % z)
    page.key("Escape", 27)
    page.js("document.getElementById('search').focus()")
    page.call("Input.insertText", text="main")
    want = len([b for b in P["bands"] if "main" in d["bands"][b]["name"]])
    # (rows out of sight are put in once the typing stops: page.js sortTable)
    page.wait("document.querySelector('#bands-0 tbody').rows.length === %d" % min(want, 100), 5)
    n = page.js("document.querySelector('#bands-0 tbody').rows.length")
    if n != min(want, 100):
        fail("typing 'main' in the search: %d rows, %d bands match" % (n, want))
    if page.js("document.getElementById('view')"):
        page.js("var v = document.getElementById('view'); v.focus()")
        page.key("ArrowDown", 40)
        if page.js("document.getElementById('graph').getAttribute('data-view')") != "percent":
            fail("the view menu's arrow does not switch to percent")
    errors = page.js("window.hp2psErrors")
    if errors:
        fail("console errors: %r" % errors[:3])


def check_watch(chromium, watched, d):
    """A --watch page reloads itself and keeps the band pinned."""
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc, page = open_browser(chromium, profile, "file://" + os.path.abspath(watched))
        try:
            page.wait("document.getElementById('overlay') !== null")
            k = [b for b in range(len(d["bands"])) if d["bands"][b]["box"]][0]
            box = d["bands"][k]["box"]
            page.click(*page.to_client(box[0] + box[2] / 2, box[1] + box[3] / 2))
            if page.state()["pressed"] != [str(k)]:
                fail("watch page: the click does not pin")
            P = d["panels"][0]
            x, y = page.to_client(P["plot"][0] + P["plot"][2] / 2, P["plot"][1] + P["plot"][3] * 0.9)
            page.call("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=0, deltaY=-120,
                      modifiers=2)
            zoom = page.js("document.getElementById('graph').getAttribute('data-zoom')")
            page.js("window.hp2psBefore = 1")
            if not page.wait("window.hp2psBefore === undefined && "
                             "document.getElementById('overlay') !== null", 30):
                fail("the --watch page did not reload itself within 30 s")
                return
            s = page.state()
            if s["pressed"] != [str(k)] or s["highlight"] != str(k):
                fail("after the reload the band is not pinned: %r %r" % (s["pressed"], s["highlight"]))
            again = page.js("document.getElementById('graph').getAttribute('data-zoom')")
            if not zoom or [round(float(v), 6) for v in again.split()] != \
                    [round(float(v), 6) for v in zoom.split()]:
                fail("after the reload the zoom %r is %r" % (zoom, again))
        finally:
            proc.kill()
            proc.wait()


def extremes(chromium, page_path, csv_path):
    d = html_page.data_of(page_path)
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc, page = open_browser(chromium, profile, "file://" + os.path.abspath(page_path))
        try:
            if not page.wait("document.getElementById('overlay') !== null"):
                fail("the page's script did not run")
            else:
                check_extremes(page, d, csv_path)
        finally:
            proc.kill()
            proc.wait()
    sys.exit(1 if failures else 0)


def hidden(chromium, page_path, truth_path):
    d = html_page.data_of(page_path)
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc, page = open_browser(chromium, profile, "file://" + os.path.abspath(page_path))
        try:
            if not page.wait("document.getElementById('overlay') !== null"):
                fail("the page's script did not run")
            else:
                check_hidden(page, d, truth_path)
        finally:
            proc.kill()
            proc.wait()
    sys.exit(1 if failures else 0)


FRAME = ("new Promise(function (r) { requestAnimationFrame(function () {"
         " setTimeout(r, 0); }); })")

ROWS_JS = """(function () {
  var body = document.querySelector('#bands-0 tbody');
  return {inner: window.innerHeight, top: body.getBoundingClientRect().top, rows: Array.prototype.map.call(body.rows, function (row) {
    var r = row.getBoundingClientRect(), m = row.querySelector('mark');
    return {band: row.getAttribute('data-band'), name: row.querySelector('.nm').textContent,
            mark: m ? m.textContent : null, top: r.top, bottom: r.bottom,
            out: row.classList.contains('out'),
            cells: Array.prototype.map.call(row.cells, function (c, j) {
              return j === 1 ? '' : c.textContent; })};
  })};
})()"""


def check_table(page, d):
    """The rows a sort, a search typed with the table in sight and one
    typed out of sight show, in the frame after each and once the page
    is left alone (page.js: those in sight at once, the rest later)."""
    P = d["panels"][0]
    n = len(P["bands"])
    if n < 200:
        fail("the table test wants a page of 200 bands or more, not %d" % n)
        return
    # entry b of the panel: its band (data-band), rank (the key's order,
    # which breaks ties) and share, as the page sorts them
    entries = [{"band": str(P["bands"][b]), "rank": n - b, "share": P["share"][b],
                "name": d["bands"][P["bands"][b]]["name"]} for b in range(n)]
    figures = {}  # a band's cells as first read
    partial = [0]

    def order(desc, pattern=None):
        es = [e for e in entries if pattern is None or re.search(pattern, e["name"])]
        es.sort(key=lambda e: ((-e["share"] if desc else e["share"]), e["rank"]))
        return es

    def rows_are(what, want, pattern, complete):
        got = page.js(ROWS_JS)
        rows, inner = got["rows"], got["inner"]
        if not complete and got["top"] >= inner:
            fail("%s: the table is not in sight (its rows from %s, the window's foot %s)" %
                 (what, got["top"], inner))
        shown = want[:100]
        if complete and len(rows) != len(shown):
            fail("%s: %d rows, wanted %d" % (what, len(rows), len(shown)))
        if len(rows) < len(shown):
            partial[0] += 1
            if not rows or rows[-1]["bottom"] < inner:
                fail("%s: %d of %d rows, the last ending at %s, above the window's foot %s" %
                     (what, len(rows), len(shown), rows[-1]["bottom"] if rows else None, inner))
        for j, (r, e) in enumerate(zip(rows, shown)):
            if r["band"] != e["band"] or r["name"] != e["name"]:
                fail("%s: row %d is %r (band %s), wanted %r (band %s)" %
                     (what, j + 1, r["name"], r["band"], e["name"], e["band"]))
                return
            m = re.search(pattern, e["name"]) if pattern else None
            if r["mark"] != (m.group(0) if m else None):
                fail("%s: row %d (%r) marks %r" % (what, j + 1, r["name"], r["mark"]))
            if r["out"]:
                fail("%s: row %d (%r) drawn as left out" % (what, j + 1, r["name"]))
            if figures.setdefault(r["band"], r["cells"]) != r["cells"]:
                fail("%s: row %d (%r) reads %r, before %r" %
                     (what, j + 1, r["name"], r["cells"], figures[r["band"]]))
        if len(rows) > len(shown):
            fail("%s: %d rows, wanted %d" % (what, len(rows), len(shown)))

    def settled(want):
        return page.wait("document.querySelector('#bands-0 tbody').rows.length === %d" %
                         min(len(want), 100), 10)

    page.wait("document.documentElement.getAttribute('data-ready') === 'yes'", 60)
    button = "#bands-0 th:nth-child(3) button"
    page.js("document.querySelector(%r).scrollIntoView({block: 'center'})" % button)
    for _ in range(2):  # (the page learns that the table is in sight after a frame)
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
    settled(entries)
    rows_are("as loaded", sorted(entries, key=lambda e: e["rank"]), None, True)

    def click_sort():
        x, y = page.js("(function () { var r = document.querySelector(%r).getBoundingClientRect();"
                       " return [r.left + r.width / 2, r.top + r.height / 2]; })()" % button)
        page.click(x, y)
    for desc in (True, False):
        what = "sorted by share, %s" % ("largest first" if desc else "smallest first")
        click_sort()
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
        rows_are(what + ", its frame", order(desc), None, False)
        settled(entries)
        rows_are(what + ", left alone", order(desc), None, True)
    # typed with the table in sight (a window tall enough to show the
    # search box and the table's first rows): the rows narrow to the
    # matches, smallest share first
    page.call("Emulation.setDeviceMetricsOverride", width=1200, height=1800, deviceScaleFactor=1,
              mobile=False)
    page.js("window.scrollTo(0, 0)")
    page.js("document.getElementById('search').focus()")
    for _ in range(2):
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
    typed = ""
    for ch in "fn1/":
        typed += ch
        page.call("Input.insertText", text=ch)
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
        rows_are("%r typed in sight, its frame" % typed, order(False, typed), typed, False)
    settled(order(False, typed))
    rows_are("%r typed in sight, left alone" % typed, order(False, typed), typed, True)
    # ten matches, all in sight, sorted one way then the other: the same
    # rows in another order
    typed = "fn1[0-9]/"

    def retype(text):
        page.js("document.getElementById('search').select()")
        page.call("Input.insertText", text=text)
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
    retype(typed)
    rows_are("%r typed in sight, its frame" % typed, order(False, typed), typed, True)
    for desc in (True, False):
        what = "%r, sorted by share, %s" % (typed, "largest first" if desc else "smallest first")
        click_sort()
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
        rows_are(what + ", its frame", order(desc, typed), typed, True)
    retype("no such name")
    rows_are("a search that matches nothing, its frame", [], None, True)
    # a search out of sight (the window as it was), then the table
    # scrolled to
    page.call("Emulation.clearDeviceMetricsOverride")
    page.js("window.scrollTo(0, 0)")
    for _ in range(2):
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
    typed = "fn1"
    retype(typed)
    page.js("document.querySelector(%r).scrollIntoView({block: 'center'})" % button)
    page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
    rows_are("%r typed out of sight, scrolled to, its frame" % typed, order(False, typed), typed, False)
    settled(order(False, typed))
    rows_are("%r typed out of sight, left alone" % typed, order(False, typed), typed, True)
    # sorted again, the matches (more than 100) largest first, then
    # smallest: most rows shown stay, in another order
    for desc in (True, False):
        what = "%r, sorted by share, %s" % (typed, "largest first" if desc else "smallest first")
        click_sort()
        page.call("Runtime.evaluate", expression=FRAME, awaitPromise=True)
        rows_are(what + ", its frame", order(desc, typed), typed, False)
        settled(order(desc, typed))
        rows_are(what + ", left alone", order(desc, typed), typed, True)
    errors = page.js("window.hp2psErrors")
    if errors:
        fail("console errors: %r" % errors[:3])
    print("table: %d bands, %d readings of part of the rows" % (n, partial[0]))


def table(chromium, page_path):
    d = html_page.data_of(page_path)
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc, page = open_browser(chromium, profile, "file://" + os.path.abspath(page_path))
        try:
            if not page.wait("document.getElementById('overlay') !== null"):
                fail("the page's script did not run")
            else:
                page.js(ERROR_HOOK)
                check_table(page, d)
        finally:
            proc.kill()
            proc.wait()
    sys.exit(1 if failures else 0)


def main():
    if sys.argv[1] == "extremes":
        extremes(*sys.argv[2:5])
    if sys.argv[1] == "hidden":
        hidden(*sys.argv[2:5])
    if sys.argv[1] == "table":
        table(*sys.argv[2:4])
    chromium, page_path, csv_path, watched = sys.argv[1:5]
    d = html_page.data_of(page_path)
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc, page = open_browser(chromium, profile, "file://" + os.path.abspath(page_path))
        try:
            if not page.wait("document.getElementById('overlay') !== null"):
                fail("the page's script did not run")
            else:
                check_pointer(page, d, csv_path)
                check_keyboard_and_clicks(page, d)
                check_zoom_input(page, d)
        finally:
            proc.kill()
            proc.wait()
    check_watch(chromium, watched, html_page.data_of(watched))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

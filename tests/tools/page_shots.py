#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""page_shots.py CHROMIUM OUTDIR PAGE...: screenshots of hp2ps's HTML page
as people see it, for a person to look at (not a test): each PAGE at
375, 1400 and 2560 CSS pixels wide, light and dark (prefers-color-scheme),
and printed (chromium's print to PDF, first page rasterized by pdftoppm
when it is installed).  Writes OUTDIR/NAME-WIDTH[-dark].png and
OUTDIR/NAME-print.pdf (+ -print-N.png).

SHOTS_ACTIONS="js expression" is run on each page before its pictures
(e.g. a zoom: "document.getElementById('search').value='x'").
"""
import base64
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp_page  # noqa: E402


def shoot(page, path, width, dark, actions):
    page.call("Emulation.setDeviceMetricsOverride", width=width, height=900,
              deviceScaleFactor=1, mobile=width < 500)
    page.call("Emulation.setEmulatedMedia", media="",
              features=[{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}])
    page.call("Page.reload")
    page.wait("document.documentElement.getAttribute('data-ready') === 'yes'", 60)
    if actions:
        page.js(actions)
    page.js("new Promise(function (r) { setTimeout(r, 300); })")
    h = page.js("Math.ceil(document.documentElement.scrollHeight)")
    w = page.js("Math.ceil(document.documentElement.scrollWidth)")
    shot = page.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                     clip=dict(x=0, y=0, width=max(w, width), height=min(h, 6000), scale=1))
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))


def main():
    chromium, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    actions = os.environ.get("SHOTS_ACTIONS", "")
    widths = [int(w) for w in os.environ.get("SHOTS_WIDTHS", "375 1400 2560").split()]
    for path in sys.argv[3:]:
        name = os.path.splitext(os.path.basename(path))[0]
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
            proc, page = cdp_page.open_browser(chromium, profile, "file://" + os.path.abspath(path))
            try:
                page.call("Page.enable")
                page.wait("document.documentElement.getAttribute('data-ready') === 'yes'", 60)
                for width in widths:
                    for dark in (False, True):
                        if dark and os.environ.get("SHOTS_NO_DARK"):
                            continue
                        shoot(page, os.path.join(out, "%s-%d%s.png" % (name, width,
                                                                      "-dark" if dark else "")),
                              width, dark, actions)
                page.call("Emulation.setEmulatedMedia", media="", features=[])
                page.call("Emulation.clearDeviceMetricsOverride")
                page.call("Page.reload")
                page.wait("document.documentElement.getAttribute('data-ready') === 'yes'", 60)
                if actions:
                    page.js(actions)
                pdf = page.call("Page.printToPDF", printBackground=False)
                pdf_path = os.path.join(out, name + "-print.pdf")
                with open(pdf_path, "wb") as f:
                    f.write(base64.b64decode(pdf["data"]))
                if shutil.which("pdftoppm"):
                    subprocess.run(["pdftoppm", "-r", "60", "-png", "-l", "2", pdf_path,
                                    os.path.join(out, name + "-print")], check=False)
            finally:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    main()

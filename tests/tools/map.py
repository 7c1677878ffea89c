#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""map.py SRCDIR: the map of the source is true.  The developers' notes
(DEVELOPERS.md, README, doc/*.md, bench/README.md), configure.ac and
Makefile.am, the comments of every C file, and the head comment of every
test, tool and benchmark script name files and functions; each named
must be there:
  - a file (src/layout/key.c, render/html.c, page.js, tests/layers.sh):
    by its path from the top, from src/, tests/ or the naming file's
    folder, or a bare name some file of the tree has;
  - "FILE's NAME" (pipeline.c's `run_one`): NAME in that file, when NAME
    is a C name (an underscore in it, or in backquotes);
  - a_name (a C name with an underscore): somewhere in the source.
Prints each that is not, and exits 1 if any.  bench/HISTORY.md is left
alone: it tells what was, by the names of then."""
import os
import re
import subprocess
import sys

# Named but not ours: other projects' files, system and generated headers.
NOT_OURS = {
    "stdio.h", "stdlib.h", "string.h", "malloc.h", "signal.h", "zlib.h", "png.h", "math.h",
    "pthread.h", "locale.h", "regex.h", "unistd.h", "config.h", "html_page.h",
    "cairo-output-stream.c", "gthread-posix.c", "process-heap-prof.py",
    "src/Main.hs", "src/Tree.hs",  # a Haskell program's, in an example of an IPE name
    "x.h",                         # any header
    "gate.md",                     # the CI gate's report, written in the user's job
}
# C names that are not ours: a library's, the RTS's.
NOT_OUR_NAMES = {"pthread_cancel", "rts_thr_p", "rts_l", "x86_64"}
EXTS = "c|h|sh|py|md|js|css|am|ac|hs"
FILE_RE = re.compile(r"(?<![\w./$~-])((?:[\w.-]+/)*[A-Za-z_][\w-]*\.(?:%s))(?![\w/-])" % EXTS)
CLAIM_RE = re.compile(r"((?:[\w-]+/)*[\w-]+\.[ch])'s\s+(`?)([A-Za-z_]\w*)")
NAME_RE = re.compile(r"(?<![\w.$/-])`?([a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9])`?(?![\w./])")


def tracked(root):
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                         cwd=root, capture_output=True, text=True)
    if out.returncode == 0 and out.stdout.strip():
        return set(out.stdout.split())
    found = set()  # not a git checkout (a tarball): the files there
    for d, _, names in os.walk(root):
        for n in names:
            found.add(os.path.relpath(os.path.join(d, n), root))
    return found


def comments(path, text):
    """(line number, text) of what a file says in words."""
    if path.endswith((".c", ".h")):
        out = []
        for m in re.finditer(r"/\*.*?\*/|//[^\n]*", text, re.S):
            first = text.count("\n", 0, m.start()) + 1
            out += [(first + i, line) for i, line in enumerate(m.group(0).split("\n"))]
        return out
    if path.endswith((".am", ".ac")):
        return [(n, line[line.index("#"):]) for n, line in enumerate(text.split("\n"), 1)
                if line.lstrip().startswith("#")]
    if path.endswith((".sh", ".py")) or "/" not in path and "." not in path:
        head = []  # the head comment: what the script is
        lines = text.split("\n")
        for n, line in enumerate(lines, 1):
            if n == 1 and line.startswith("#!"):
                continue
            if not line.startswith("#"):
                break
            head.append((n, line))
        return head
    return list(enumerate(text.split("\n"), 1))


def main(argv):
    root = argv[1] if len(argv) > 1 else "."
    files = tracked(root)
    basenames = {os.path.basename(f) for f in files}
    sources = [f for f in files if f.endswith((".c", ".h", ".js", ".py", ".sh", ".ac", ".am"))]
    text_of = {}

    def text(f):
        if f not in text_of:
            with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                text_of[f] = fh.read()
        return text_of[f]
    words = set()  # every name the code has (a C file's comments are not code)
    for f in sources:
        code_text = text(f)
        if f.endswith((".c", ".h")):
            code_text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", code_text, flags=re.S)
        words.update(re.findall(r"\b\w+\b", code_text))

    def find(name, near):
        if name.startswith("./"):
            name = name[2:]
        for c in (name, "src/" + name, "tests/" + name, os.path.normpath(os.path.join(near, name))):
            if c in files:
                return c
        return None

    notes = ["DEVELOPERS.md", "README", "bench/README.md", "configure.ac", "Makefile.am"]
    notes += sorted(f for f in files if f.startswith("doc/") and f.endswith(".md"))
    code = sorted(f for f in files if re.match(r"(src|tests|fuzz|bench)/", f)
                  and f.endswith((".c", ".h", ".sh", ".py")) and not f.startswith("tests/data/"))
    problems = []
    for f in notes + code:
        if f not in files:
            continue
        said = comments(f, text(f))
        near = os.path.dirname(f)
        for i, (n, line) in enumerate(said):
            # a claim may run on to the next line: "pipeline.c's\n * `run_one`"
            after = said[i + 1][1] if i + 1 < len(said) and said[i + 1][0] == n + 1 else ""
            both = line + " " + re.sub(r"^\s*(?:\*|#|//)?\s*", "", after)
            for m in FILE_RE.finditer(line):
                name = m.group(1)
                if name in NOT_OURS or re.search(r"[A-Z]{3,}", name) or name.startswith("../"):
                    continue
                if find(name, near) or ("/" not in name and name in basenames):
                    continue
                problems.append("%s:%d: names %s, which is not there" % (f, n, name))
            for m in CLAIM_RE.finditer(both):
                if m.start() >= len(line):
                    continue
                where, ticked, ident = m.group(1), m.group(2), m.group(3)
                if not (ticked or "_" in ident):
                    continue
                target = find(where, near) or next((g for g in files if g.endswith("/" + where)),
                                                   None)
                if target and not re.search(r"\b%s\b" % re.escape(ident), text(target)):
                    problems.append("%s:%d: says %s's %s, which %s does not have"
                                    % (f, n, where, ident, target))
            for m in NAME_RE.finditer(line):
                if m.group(1) not in words and m.group(1) not in NOT_OUR_NAMES:
                    problems.append("%s:%d: names %s, which no source has" % (f, n, m.group(1)))
    for p in problems:
        print(p)
    print("map: %d files read, %d problem(s)" % (len(notes) + len(code), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

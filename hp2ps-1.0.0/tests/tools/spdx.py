#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The project's source, build and test files, and whether each names its
licence with an SPDX line near its top.

    spdx.py check SRCDIR   list the files without one; exit 1 if any
    spdx.py add SRCDIR     put the line into those that lack it

Data (profiles, eventlogs, .aux files, pictures) and prose are not
sources and are not listed."""
import os
import sys

TAG = "SPDX-License-Identifier: BSD-3-Clause"
SKIP_DIRS = {".git", "data", "corpus", "autom4te.cache", "build-aux", "node_modules"}
C_LIKE = (".c", ".h", ".js", ".css")
HASH = (".sh", ".py", ".am", ".supp", ".dict")
NAMED = {"build.sh", "configure.ac", "run", "hp2ps", ".gitignore"}
GENERATED = {"src/html_page.h", "config.h"}


def comment_for(path):
    base = os.path.basename(path)
    if base.endswith(C_LIKE):
        return "/* %s */" % TAG
    if base == "configure.ac":
        return "dnl %s" % TAG
    if base.endswith(".1"):
        return '.\\" %s' % TAG
    if base.endswith(HASH) or base in NAMED:
        return "# %s" % TAG
    return None


def sources(root):
    for top in ["src", "tests", "bench", "fuzz", "man", "completion", ".ci", "."]:
        d = os.path.join(root, top)
        if not os.path.isdir(d):
            continue
        walk = os.walk(d) if top != "." else [(d, [], os.listdir(d))]
        for dirpath, dirs, files in walk:
            dirs[:] = [x for x in dirs if x not in SKIP_DIRS and not x.startswith("build")]
            for f in sorted(files):
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                if rel in GENERATED or not os.path.isfile(path):
                    continue
                if top == "." and f not in {"build.sh", "configure.ac", "Makefile.am", ".gitignore"}:
                    continue
                if top == ".ci" and f != "run":
                    continue
                if top == "completion" and f != "hp2ps":
                    continue
                if comment_for(path):
                    yield rel


def has_tag(path):
    with open(path, encoding="utf-8", errors="replace") as fh:
        return any(TAG in fh.readline() for _ in range(3))


def add(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    line = comment_for(path) + "\n"
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        text = first + "\n" + line + rest
    else:
        text = line + text
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def main():
    mode, root = sys.argv[1], sys.argv[2]
    missing = [p for p in sources(root) if not has_tag(os.path.join(root, p))]
    if mode == "add":
        for p in missing:
            add(os.path.join(root, p))
        print("added to %d files" % len(missing))
        return 0
    for p in missing:
        print("no SPDX line: %s" % p)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

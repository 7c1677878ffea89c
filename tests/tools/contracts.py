#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""contracts.py SRCDIR: every function a header under SRCDIR/src declares
has its contract written over it: a comment above it in its paragraph
(the lines between blank ones; so a comment may speak for a few
declarations that go together, xmalloc's for xcalloc).  Prints each
declaration without one (file, line, name) and exits 1 if any."""
import glob
import os
import re
import sys

DECL_RE = re.compile(r"\b([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*(?:HP_\w+\s*\([^)]*\)\s*)*;")


def blank_out_comments(text):
    """text with each comment's characters but its newlines made spaces."""
    return re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def missing(path):
    text = open(path, encoding="utf-8").read()
    bare = blank_out_comments(text)
    lines, bare_lines = text.split("\n"), bare.split("\n")
    problems, depth, para_start = [], 0, 0
    for i, (line, code) in enumerate(zip(lines, bare_lines)):
        if depth == 0 and line.strip() == "":
            para_start = i + 1
            continue
        if code.lstrip().startswith("#"):
            continue
        depth_before = depth
        depth += code.count("{") - code.count("}")
        if depth_before != 0:
            continue
        # a declaration ends on this line: read it from its first line
        if ";" not in code or "(" not in bare[sum(len(x) + 1 for x in bare_lines[:para_start]):
                                                sum(len(x) + 1 for x in bare_lines[:i + 1])]:
            continue
        start = i
        while start > para_start and bare_lines[start - 1].strip() and \
                not bare_lines[start - 1].rstrip().endswith((";", "}")) and \
                not bare_lines[start - 1].lstrip().startswith("#"):
            start -= 1
        decl = " ".join(bare_lines[start:i + 1])
        if re.match(r"\s*(typedef|extern\s+const|struct\s+\w+\s*;|enum)\b", decl):
            continue
        m = DECL_RE.search(decl)
        if not m or "(*" in decl[:m.start(1)]:
            continue
        if not any("/*" in lines[j] for j in range(para_start, start + 1)):
            problems.append("%s:%d: %s has no contract comment over it" % (path, start + 1, m.group(1)))
    return problems


def main(argv):
    root = argv[1] if len(argv) > 1 else "."
    headers = sorted(glob.glob(os.path.join(root, "src", "**", "*.h"), recursive=True))
    problems = []
    for h in headers:
        if os.path.basename(h) == "html_page.h":  # made at build time: page.js as C strings
            continue
        problems += missing(h)
    for p in problems:
        print(os.path.relpath(p, root) if p.startswith(root + "/") else p)
    print("contracts: %d headers, %d declaration(s) without a contract" % (len(headers), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

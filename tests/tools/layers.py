#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""layers.py SRCDIR BUILDDIR: the source keeps its layers.

SRCDIR/src/LAYERS lists the layers bottom first, one a line:
    NAME: PATTERN...      (paths under src/, shell globs; "#" starts a comment)
Every .c and .h under src/ must be in exactly one layer.  A file may use
only its own layer and those below it:
  - its #include "..." lines (read from the source), and
  - the symbols its object uses (nm of BUILDDIR/src/**/*.o, after make):
    a symbol another object defines ties the two files;
and within a layer no files may tie each other in a circle.  Prints every
breach (file, what it reaches, that thing's layer) and exits 1 if any."""
import fnmatch
import glob
import os
import re
import subprocess
import sys


def read_layers(path):
    layers = []
    for raw in open(path, encoding="utf-8"):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, pats = line.partition(":")
        layers.append((name.strip(), pats.split()))
    return layers


def layer_of(rel, layers):
    hits = [i for i, (_, pats) in enumerate(layers) if any(fnmatch.fnmatch(rel, p) for p in pats)]
    return hits


def library_symbols(build_root):
    """The symbols the shared libraries the program links define.  A call
    to one is a call into its library, also where the program stands in
    for it (src/tune's __snprintf_chk, which a fortified build's every
    snprintf calls; deflateInit_; tmpfile): not a tie between two of our
    files.  Empty where the program or ldd is not there."""
    try:
        out = subprocess.run(["ldd", os.path.join(build_root, "hp2ps")],
                             capture_output=True, text=True).stdout
    except OSError:
        return set()
    syms = set()
    for lib in re.findall(r"=> (/\S+)", out):
        dyn = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True).stdout
        for line in dyn.split("\n"):
            p = line.split()
            if len(p) == 3:
                syms.add(p[2].split("@")[0])
    return syms


def main(argv):
    src_root = argv[1] if len(argv) > 1 else "."
    build_root = argv[2] if len(argv) > 2 else src_root
    layers = read_layers(os.path.join(src_root, "src", "LAYERS"))
    problems = []
    files = sorted(os.path.relpath(p, os.path.join(src_root, "src"))
                   for p in glob.glob(os.path.join(src_root, "src", "**", "*.[ch]"), recursive=True))
    where = {}
    for f in files:
        hits = layer_of(f, layers)
        if len(hits) != 1:
            problems.append("%s: in %s of the layers of src/LAYERS (must be in one)"
                            % (f, "none" if not hits else "%d" % len(hits)))
            continue
        where[f] = hits[0]
    by_base = {}
    for f in files:
        by_base.setdefault(os.path.basename(f), []).append(f)

    def resolve(inc, including):
        # as the compiler does: beside the file, then -I src (and the build tree's src)
        beside = os.path.normpath(os.path.join(os.path.dirname(including), inc))
        if beside in where:
            return beside
        if inc in where:
            return inc
        return None

    # 1. includes
    include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
    for f in files:
        if f not in where:
            continue
        for n, line in enumerate(open(os.path.join(src_root, "src", f), encoding="utf-8",
                                      errors="replace"), 1):
            m = include_re.match(line)
            if not m:
                continue
            target = resolve(m.group(1), f)
            if target is None:
                continue  # a generated header (html_page.h) or a system one
            if where[target] > where[f]:
                problems.append("src/%s:%d: includes %s, of layer %s above its own (%s)"
                                % (f, n, target, layers[where[target]][0], layers[where[f]][0]))

    # 2. symbols
    objs = sorted(glob.glob(os.path.join(build_root, "src", "**", "*.o"), recursive=True))
    if not objs:
        problems.append("no objects under %s/src: build first (make)" % build_root)
    defs, uses = {}, {}
    for o in objs:
        rel = os.path.relpath(o, os.path.join(build_root, "src"))
        # automake names objects after the library or program (libhp2ps_a-x.o)
        base = re.sub(r"^[a-z0-9_]+-", "", os.path.basename(rel))[:-2] + ".c"
        c = os.path.join(os.path.dirname(rel), base)
        if c not in where:
            continue
        uses[c] = set()
        out = subprocess.run(["nm", o], capture_output=True, text=True).stdout
        for line in out.split("\n"):
            p = line.split()
            if len(p) == 3 and p[1] in "TDBRV":
                defs.setdefault(p[2], set()).add(c)
            elif len(p) == 2 and p[0] == "U":
                uses[c].add(p[1])
    edges = {f: {} for f in uses}
    libs = library_symbols(build_root)
    for f in uses:
        for s in uses[f]:
            if s in libs:
                continue
            for g in defs.get(s, ()):
                if g != f:
                    edges[f].setdefault(g, []).append(s)
    for f in sorted(edges):
        for g in sorted(edges[f]):
            if where[g] > where[f]:
                syms = sorted(edges[f][g])
                problems.append("src/%s calls src/%s (%s), of layer %s above its own (%s)"
                                % (f, g, ", ".join(syms[:4]) + (" ..." if len(syms) > 4 else ""),
                                   layers[where[g]][0], layers[where[f]][0]))
    # 3. circles (Tarjan's strongly connected components)
    index, low, stack, on, groups, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    for g in groups:
        problems.append("files that call each other in a circle: " + " <-> ".join("src/" + x for x in g))

    for p in problems:
        print(p)
    print("layers: %d files in %d layers, %d problem(s)" % (len(where), len(layers), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

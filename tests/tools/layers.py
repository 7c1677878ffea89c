#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""layers.py SRCDIR BUILDDIR: the source keeps its layers.

SRCDIR/src/LAYERS lists the layers bottom first, one a line:
    NAME: PATTERN...      (paths under src/, shell globs; "#" starts a comment)
Every .c and .h under src/ must be in exactly one layer.  A file may use
only its own layer and those below it:
  - its #include lines, "x.h" and <x.h> alike (read from the source), and
  - the symbols its object uses (nm of BUILDDIR/src/**/*.o, after make):
    a symbol another object defines ties the two files;
and no files may include each other in a circle, nor tie each other in
a circle by their calls.  The objects must be BUILDDIR's build of SRCDIR
(its Makefile says so), one for every source that build compiles, none
older than its source or a header it includes: a stale or foreign build
is refused, not read.  Prints every breach (file, what it reaches, that
thing's layer) and exits 1 if any."""
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


def circles(edges):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, groups, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
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
    return groups


def object_source(rel):
    """The source of an object under src/ (automake may name an object
    after its library or program: libhp2ps_a-x.o)."""
    base = re.sub(r"^[a-z0-9_]+-", "", os.path.basename(rel))[:-2] + ".c"
    return os.path.join(os.path.dirname(rel), base)


def build_of(build_root):
    """The source tree BUILDDIR's Makefile was configured for, and the
    sources it compiles (src/X.$(OBJEXT) on a line that is not a comment:
    automake comments out what a configure switch leaves out)."""
    makefile = os.path.join(build_root, "Makefile")
    if not os.path.exists(makefile):
        return None, None
    srcdir, compiled = None, set()
    for line in open(makefile, encoding="utf-8", errors="replace"):
        if line.startswith("#"):
            continue
        m = re.match(r"abs_top_srcdir = (.*)$", line.rstrip("\n"))
        if m:
            srcdir = m.group(1).strip()
        for obj in re.findall(r"\bsrc/([\w/.-]+)\.\$\(OBJEXT\)", line):
            compiled.add(object_source(obj + ".o"))
    return srcdir, compiled


def main(argv):
    src_root = argv[1] if len(argv) > 1 else "."
    build_root = argv[2] if len(argv) > 2 else src_root
    src_dir = os.path.join(src_root, "src")
    layers = read_layers(os.path.join(src_dir, "LAYERS"))
    problems = []
    files = sorted(os.path.relpath(p, src_dir)
                   for p in glob.glob(os.path.join(src_dir, "**", "*.[ch]"), recursive=True))
    where = {}
    for f in files:
        hits = layer_of(f, layers)
        if len(hits) != 1:
            problems.append("%s: in %s of the layers of src/LAYERS (must be in one)"
                            % (f, "none" if not hits else "%d" % len(hits)))
            continue
        where[f] = hits[0]

    def resolve(inc, including, quoted):
        # as the compiler does: "x.h" beside the file first; both forms
        # then -I src (the source's and the build's: the same names)
        if quoted:
            beside = os.path.normpath(os.path.join(os.path.dirname(including), inc))
            if beside in where:
                return beside
        inc = os.path.normpath(inc)
        return inc if inc in where else None

    # 1. includes, "x.h" and <x.h>
    include_re = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<([^>]+)>)')
    includes = {f: set() for f in where}
    for f in files:
        if f not in where:
            continue
        for n, line in enumerate(open(os.path.join(src_dir, f), encoding="utf-8",
                                      errors="replace"), 1):
            m = include_re.match(line)
            if not m:
                continue
            target = resolve(m.group(1) or m.group(2), f, m.group(1) is not None)
            if target is None:
                continue  # a generated header (html_page.h) or a system one
            includes[f].add(target)
            if where[target] > where[f]:
                problems.append("src/%s:%d: includes %s, of layer %s above its own (%s)"
                                % (f, n, target, layers[where[target]][0], layers[where[f]][0]))
    for g in circles(includes):
        problems.append("files that include each other in a circle: "
                        + " <-> ".join("src/" + x for x in g))

    # 2. the objects: BUILDDIR's build of this source, whole and fresh
    srcdir, compiled = build_of(build_root)
    if srcdir is None:
        problems.append("%s has no Makefile that names its source: configure and build there"
                        % build_root)
        compiled = set()
    elif os.path.realpath(srcdir) != os.path.realpath(src_root):
        problems.append("%s is a build of %s, not of %s: its objects are not this source's"
                        % (build_root, srcdir, src_root))
        compiled = set()
    objs = sorted(glob.glob(os.path.join(build_root, "src", "**", "*.o"), recursive=True))
    by_source = {}
    for o in objs:
        rel = os.path.relpath(o, os.path.join(build_root, "src"))
        c = object_source(rel)
        if c in where and c in compiled:  # (not an object a configure switch left behind)
            by_source[c] = o

    def newest_source(f, seen):
        """The latest change to f or a header it includes, transitively."""
        if f in seen:
            return 0
        seen.add(f)
        t = os.path.getmtime(os.path.join(src_dir, f))
        for h in includes.get(f, ()):
            t = max(t, newest_source(h, seen))
        return t
    for c in sorted(compiled):
        if c in where and c not in by_source:
            problems.append("src/%s has no object under %s/src: build first (make)"
                            % (c, build_root))
    for c, o in sorted(by_source.items()):
        if os.path.getmtime(o) < newest_source(c, set()):
            problems.append("%s is older than src/%s or a header it includes: build first (make)"
                            % (os.path.relpath(o, build_root), c))

    # 3. symbols
    defs, uses = {}, {}
    for c, o in sorted(by_source.items()):
        uses[c] = set()
        out = subprocess.run(["nm", o], capture_output=True, text=True).stdout
        for line in out.split("\n"):
            p = line.split()
            if len(p) == 3 and p[1] in "TDBRV":
                defs.setdefault(p[2], set()).add(c)
            elif len(p) == 2 and p[0] == "U":
                uses[c].add(p[1])
    edges = {f: {} for f in uses}
    for f in uses:
        for s in uses[f]:
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
    # 4. circles of calls
    for g in circles(edges):
        problems.append("files that call each other in a circle: " + " <-> ".join("src/" + x for x in g))

    for p in problems:
        print(p)
    print("layers: %d files in %d layers, %d objects, %d problem(s)"
          % (len(where), len(layers), len(by_source), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

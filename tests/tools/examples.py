#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""examples.py readme README | examples.py man PAGE.1: the example command
lines of the README (every indented line that calls the program:
./hp2ps, hp2ps-cairo, or a bare hp2ps, which is GHC's) or of a man
page's EXAMPLES (every line, in order), one a line, tab-separated:

    WHERE  BLOCK  KIND  OUTPUTS  COMMAND

WHERE is FILE:LINE; BLOCK numbers the man page's examples (.EX blocks,
from 1; the README's lines are all block 0); KIND is "run", or "watch" for a --watch line (it
runs until stopped); OUTPUTS are the files the line must write, space
separated ("-" for none).  The command is as written, its comment
removed and a continued line joined.  tests/examples.sh runs them.
"""
import re
import shlex
import sys

PROGRAMS = ("./hp2ps", "hp2ps", "hp2ps-cairo")
# Flags whose value may be the next argument (options.c).
VALUED = {"-o", "--output", "--format", "--dpi", "--units", "--include", "--exclude",
          "--marks", "--from", "--to", "--at", "--mode", "--sort", "--export-layout",
          "--x", "-m", "-e", "-t", "--check", "--check-file", "--baseline", "--tolerance",
          "--floor", "--report"}
# The heap budget gate's flags: a gate draws only with -o, and writes its
# --report files.
GATE = ("--check", "--check-file", "--baseline")
SUFFIXES = (".hp", ".eventlog")


def tokens(command):
    lex = shlex.shlex(command, posix=True, punctuation_chars="|&;<>")
    lex.whitespace_split = True
    lex.commenters = "#"
    return list(lex)


def stages(toks):
    """The simple commands of a line, split at | && ; &."""
    out, cur = [], []
    for t in toks:
        if t in ("|", "&&", "||", ";", "&"):
            out.append(cur)
            cur = []
        else:
            cur.append(t)
    out.append(cur)
    return [s for s in out if s]


def redirected(stage):
    """The stage without its redirections, and the files > writes."""
    words, written, i = [], [], 0
    while i < len(stage):
        if stage[i] in (">", ">>") and i + 1 < len(stage):
            written.append(stage[i + 1])
            i += 2
        elif stage[i] == "<" and i + 1 < len(stage):
            i += 2
        else:
            words.append(stage[i])
            i += 1
    return words, written


def drawn(words):
    """The files one run of the program writes (not the .aux)."""
    inputs, output, fmt, i, reports = [], None, None, 1, []
    top = any(w == "--top" or w.startswith("--top=") for w in words)
    gate = any(w in GATE or w.startswith(tuple(g + "=" for g in GATE)) for w in words)
    while i < len(words):
        w = words[i]
        value = None
        if w in VALUED and i + 1 < len(words):
            value, i = words[i + 1], i + 1
        elif w.startswith("--") and "=" in w:
            w, value = w.split("=", 1)
        elif re.match(r"^-o.", w):
            w, value = "-o", w[2:]
        if w in ("-o", "--output"):
            output = value
        elif w == "--format":
            fmt = value
        elif w == "--report" and value and ":" in value and value.split(":", 1)[1] != "-":
            reports.append(value.split(":", 1)[1])
        elif not w.startswith("-") or w == "-":
            if value is None:
                inputs.append(w)
        i += 1
    if gate:
        return ([output] if output and output != "-" else []) + reports
    if output == "-" or (output is None and (not inputs or inputs == ["-"] or top)):
        return []  # standard output (--top's table too): the line's > names it
    if output is not None:
        return [output]
    base = inputs[0].rsplit("/", 1)[-1]
    for s in SUFFIXES:
        if base.endswith(s):
            base = base[: -len(s)]
    return [base + "." + (fmt or "ps")]


def record(where, block, command, every_line):
    try:
        toks = tokens(command)
    except ValueError:
        # a line that is no shell (a program's output shown, "the heap's
        # peak"): no command, unless it calls the program
        if command.split(None, 1)[0] in PROGRAMS or every_line:
            raise
        return None
    if not toks:
        return None
    outputs, calls = [], False
    for stage in stages(toks):
        words, written = redirected(stage)
        outputs += written
        if words and words[0] in PROGRAMS:
            calls = True
            outputs += drawn(words)
    if not calls and not every_line:
        return None
    kind = "watch" if any(t == "--watch" or t.startswith("--watch=") for t in toks) else "run"
    command = command.split(" #", 1)[0].rstrip() if "#" in command else command
    return "%s\t%d\t%s\t%s\t%s" % (where, block, kind, " ".join(outputs) or "-", command)


def readme(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        line, start = lines[i], i + 1
        if line.startswith("    ") and line.strip() and not line.strip().startswith("#"):
            command = line.strip()
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1].rstrip() + " " + lines[i].strip()
            r = record("%s:%d" % (path.rsplit("/", 1)[-1], start), 0, command, False)
            if r:
                print(r)
        i += 1


ROFF = [("\\-", "-"), ("\\&", ""), ("\\(aq", "'"), ("\\(dq", '"'), ("\\e", "\\")]


def man(path):
    inside_section = inside_example = False
    block = 0
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if line.startswith(".SH"):
            inside_section = line.split(None, 1)[1:] == ["EXAMPLES"]
            continue
        if not inside_section:
            continue
        if line.startswith(".EX"):
            inside_example = True
            block += 1
        elif line.startswith(".EE"):
            inside_example = False
        elif inside_example and not line.startswith("."):
            for roff, text in ROFF:
                line = line.replace(roff, text)
            r = record("%s:%d" % (path.rsplit("/", 1)[-1], n), block, line, True)
            if r:
                print(r)


if __name__ == "__main__":
    {"readme": readme, "man": man}[sys.argv[1]](sys.argv[2])

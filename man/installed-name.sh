#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# installed-name.sh NAME < man/hp2ps.1 > NAME.1: the man page as `make
# install` installs it, naming the program by its installed name
# (--program-suffix=-cairo: hp2ps-cairo) wherever it speaks of itself:
# the title, NAME, SYNOPSIS, every example and message.  What is not this
# program keeps its name: GHC's hp2ps (also across a line break), a
# format's name in quotes ("hp2ps" in the JSON export), the package in the
# title's version field and its authors, and names with hp2ps inside them
# (man/hp2ps.1, hp2ps-data).  tests/examples.sh runs the installed page's
# EXAMPLES under the name, and checks that no other hp2ps is left.
name=${1:?usage: installed-name.sh NAME}
exec awk -v name="$name" -v q="'" '
function ends_with(s, t) {
    return length(s) >= length(t) && substr(s, length(s) - length(t) + 1) == t
}
# After GHC'"'"'s (roff: GHC\(aqs), blanks between.
function after_ghcs(s) {
    sub(/[ ]+$/, "", s)
    return ends_with(s, "GHC" q "s") || ends_with(s, "GHC\\(aqs")
}
# Is the word at s[i..i+4] this program?  prev: the line before.
function ours(s, i,    before, after, head) {
    before = i > 1 ? substr(s, i - 1, 1) : ""
    after = substr(s, i + 5, 1)
    if (before ~ /[A-Za-z0-9_.\/-]/ || after ~ /[A-Za-z0-9_\/-]/)
        return 0
    if (after == "." && substr(s, i + 6, 1) ~ /[0-9A-Za-z]/)   # hp2ps.1
        return 0
    if (before == "\"" && after == "\"")                        # "hp2ps": a format name
        return 0
    head = substr(s, 1, i - 1)
    if (after_ghcs(head) || (i == 1 && after_ghcs(prev)))
        return 0
    if (ends_with(head, "he ") && substr(s, i + 5, 8) == " authors")
        return 0
    return 1
}
{
    line = $0
    if (line ~ /^\.TH HP2PS /) {
        # the title only: the version field names the package
        print ".TH " toupper(name) substr(line, 10)
        prev = line
        next
    }
    out = ""
    while ((i = index(line, "hp2ps")) > 0) {
        whole = out line
        at = length(out) + i
        out = out substr(line, 1, i - 1) (ours(whole, at) ? name : "hp2ps")
        line = substr(line, i + 5)
    }
    print out line
    prev = $0
}'

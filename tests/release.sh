#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# release.sh: the version is written in one place, configure.ac's AC_INIT
# (--version, the installed man page and the Debian package take it from
# there); NEWS's first entry is for it; and `make dist` is set to write
# the tarball's SHA-256 beside it.
SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/lib.sh"

version=$("$HP2PS" --version | sed -n '1s/^hp2ps \([^ ]*\)$/\1/p')
check "--version's first line: $("$HP2PS" --version | head -n 1)" [ -n "$version" ]
check "configure.ac's AC_INIT is not $version" grep -qF "AC_INIT([hp2ps], [$version]" "$SRC/configure.ac"
check "NEWS's first entry is not for $version: $(grep -m1 '^\* ' "$SRC/NEWS")" \
    eval "grep -m1 '^\* ' '$SRC/NEWS' | grep -qF '* $version '"
# Nothing else the package ships writes the version.
written=$(cd "$SRC" && grep -rlIF --exclude-dir=installed -- "$version" README DEVELOPERS.md man completion src packaging \
    Makefile.am build.sh .ci 2>/dev/null | grep -v '^src/html_page\.h$')
check "the version is written outside configure.ac and NEWS: $written" [ -z "$written" ]
check "Makefile.am: make dist does not write a checksum" \
    eval "grep -q '^DIST_TARGETS = .*dist-sha256' '$SRC/Makefile.am'"
finish

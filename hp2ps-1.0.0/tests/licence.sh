#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# licence.sh: the project says its licence everywhere a packager looks:
# COPYING, an SPDX line in every source, build and test file, --version
# and the man page.
SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/lib.sh"
need python3

check "COPYING holds the BSD 3-Clause licence" \
    eval 'head -n1 "$SRC/COPYING" | grep -qx "BSD 3-Clause License" &&
          grep -q "^3. Neither the name of the copyright holder" "$SRC/COPYING"'
check "every source, build and test file has its SPDX line" python3 "$SRC/tests/tools/spdx.py" check "$SRC"
# The check must be able to fail: a file without the line is found.
mkdir -p fake/src && printf 'int x;\n' >fake/src/x.c
check "spdx.py finds a file without the line" eval '! python3 "$SRC/tests/tools/spdx.py" check fake >/dev/null'
"$HP2PS" --version >version.txt
check "--version names the licence" grep -q '^License: BSD-3-Clause' version.txt
check "--version has the copyright and no-warranty lines" \
    eval 'grep -q "^Copyright (C) 2026 The hp2ps authors" version.txt && grep -q "NO WARRANTY" version.txt'
if command -v groff >/dev/null; then
    groff -man -Tutf8 -P-cbou "$SRC/man/hp2ps.1" 2>/dev/null | tr -s " " >man.txt
    check "the man page has a COPYRIGHT section naming the licence" \
        eval 'sed -n "/^COPYRIGHT/,/^SEE ALSO/p" man.txt | grep -q "BSD 3-Clause"'
fi
finish

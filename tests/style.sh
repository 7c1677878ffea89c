#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# style.sh: the C sources of src/, tests/ and fuzz/ keep the style that
# .clang-format states, so no one argues it in review and no change
# drifts.  The rules are clang-format 14's (Debian 12's, which CI
# installs): other versions place some breaks differently, so under them
# the check is skipped rather than failing on the tool's own changes.
SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/lib.sh"
need clang-format
if ! clang-format --version | grep -q 'version 14\.'; then
    echo "$TEST_NAME: skipped: clang-format is not version 14 ($(clang-format --version))"
    exit 77
fi

# Every C file but the test data (profiles, not code).
find "$SRC/src" "$SRC/tests" "$SRC/fuzz" -path "$SRC/tests/data" -prune -o \
    \( -name '*.c' -o -name '*.h' \) -type f -print | sort >files.txt
check "there are C sources to check" test -s files.txt
: >unformatted.txt
while read -r f; do
    # A file the build writes (src/html_page.h, from the page's script)
    # says so on its first line; it is the generator's to lay out.
    head -n 1 "$f" | grep -q 'Generated .*do not edit' && continue
    clang-format --style=file:"$SRC/.clang-format" "$f" | cmp -s "$f" - ||
        echo "${f#"$SRC"/}" >>unformatted.txt
done <files.txt
check "every C source is as clang-format writes it (run clang-format -i on: $(tr '\n' ' ' <unformatted.txt))" \
    test ! -s unformatted.txt
# The check must be able to fail: a badly laid out file is found.
printf 'int  f( int x ){return x;}\n' >bad.c
check "clang-format finds a badly laid out file" \
    eval '! clang-format --style=file:"$SRC/.clang-format" bad.c | cmp -s bad.c -'
finish

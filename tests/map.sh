#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# map.sh: the map of the source is true (tests/tools/map.py): every file
# DEVELOPERS.md, the README, doc/, configure.ac, Makefile.am, a C
# comment or a script's head names is there, "FILE's name" is in FILE,
# and every C name they give is in the source; and every function a
# header declares has a contract comment over it
# (tests/tools/contracts.py).  Each check also fails where it must.
top_src=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/lib.sh"
need python3
python3 "$top_src/tests/tools/map.py" "$top_src" >map.txt 2>&1
RC=$?
check "the map holds: $(tail -n 1 map.txt)" [ "$RC" -eq 0 ]
[ "$RC" -eq 0 ] || cat map.txt >&2
python3 "$top_src/tests/tools/contracts.py" "$top_src" >contracts.txt 2>&1
RC=$?
check "every exported function has a contract: $(tail -n 1 contracts.txt)" [ "$RC" -eq 0 ]
[ "$RC" -eq 0 ] || cat contracts.txt >&2

# A fake tree with each kind of untruth planted.
mkdir -p fake/src/read fake/doc
printf '/* a.c: see a.h. */\nint a_one(void) { return 1; }\n' >fake/src/a.c
printf '/* a.h: one thing. */\n\n/* One. */\nint a_one(void);\n\nint a_two(void);\n' >fake/src/a.h
printf '/* b.c: read/gone.c and a.c'"'"'s a_three do it */\nint b(void) { return 0; }\n' \
    >fake/src/read/b.c
cat >fake/DEVELOPERS.md <<'MD'
# Map
- `src/a.c` (`a_one`), `read/b.c`, and `src/parse.c`, which moved.
- a.c's `a_one` is there; a.c's `a_two` is not; `b_gone` is nowhere.
MD
printf 'x\n' >fake/doc/x.md
python3 "$top_src/tests/tools/map.py" fake >fake-map.txt 2>&1
check "map.py fails on the fake tree" [ $? -eq 1 ]
check "a moved file is named" grep -q "DEVELOPERS.md:2: names src/parse.c, which is not there" fake-map.txt
check "a moved file in a comment is named" grep -q "src/read/b.c:1: names read/gone.c" fake-map.txt
check "a claim about a file is checked" \
    grep -q "DEVELOPERS.md:3: says a.c's a_two, which src/a.c does not have" fake-map.txt
check "a claim in a comment is checked" \
    grep -q "src/read/b.c:1: says a.c's a_three, which src/a.c does not have" fake-map.txt
check "a name no source has is named" grep -q "DEVELOPERS.md:3: names b_gone" fake-map.txt
check "what is there passes" eval '! grep -Eq "names (src/a.c|read/b.c)|a_one" fake-map.txt'
python3 "$top_src/tests/tools/contracts.py" fake >fake-contracts.txt 2>&1
check "contracts.py fails on the fake tree" [ $? -eq 1 ]
check "a declaration without a contract is named" \
    grep -q "src/a.h:6: a_two has no contract comment over it" fake-contracts.txt
check "a declaration with one passes" eval '! grep -q a_one fake-contracts.txt'
finish

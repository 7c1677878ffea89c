#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# ci.sh: the CI examples in doc/ci run here as the jobs run them: their
# one command, doc/ci/heap/gate.sh, with its budgets and its baseline, on two
# real runs of tests/data/slowleak's program made as the jobs make theirs
# (+RTS -hT; -l-a keeps the logs small): the leaky build fails (exit 3,
# red), the fixed build passes (exit 0, green); the reports and the
# picture are written, and on GitHub the annotations.  The two job files
# run that command on a +RTS -hT -l run, build hp2ps from its release
# tarball and publish the Markdown and the picture.
. "$(dirname "$0")/lib.sh"
need python3 xmllint

DOC=$TESTDATA/../../doc/ci
SL=$TESTDATA/slowleak
cp -R "$DOC/heap" heap
export HP2PS

# ---- red: the leaky build -------------------------------------------------------------
sh heap/gate.sh "$SL/leak-hT-log.eventlog" >out.txt 2>err.txt
rc=$?
check "the leaky build fails the gate: exit $rc (wanted 3), $(head -c 300 err.txt)" [ "$rc" -eq 3 ]
check "the log names the map: FAIL lines for Data.Map.Internal.Bin" \
    grep -q '^FAIL .*Data\.Map\.Internal\.Bin' out.txt
check "the budgets' failures: mean(Data\\.Map) and the slope after the spike" \
    eval 'grep -q "^FAIL mean(Data\\\\.Map)<=50kB: " out.txt && grep -q "^FAIL slope@60%..<=20kB/s: " out.txt'
check "the summary line says over budget" grep -q '^over budget: ' out.txt
check "gate.md, gate.xml and gate.png written" eval '[ -s gate.md ] && [ -s gate.xml ] && [ -s gate.png ]'
check "gate.md: over budget, the table and the bands that grew" \
    eval 'grep -q "^### hp2ps heap budget: over budget" gate.md && grep -q "^| \*\*FAIL\*\* |" gate.md && grep -q "^#### Grew most since the baseline" gate.md'
check "gate.xml validates against tests/junit.xsd" \
    eval 'xmllint --noout --schema "$TESTDATA/../junit.xsd" gate.xml 2>/dev/null'
check "gate.png is a PNG" eval '[ "$(head -c 4 gate.png | tail -c 3)" = PNG ]'
GITHUB_ACTIONS=true sh heap/gate.sh "$SL/leak-hT-log.eventlog" >gh.txt 2>gh-err.txt
check "on GitHub: ::error annotations on standard output, the lines on standard error" \
    eval 'grep -q "^::error title=hp2ps heap budget::" gh.txt && grep -q "^hp2ps: FAIL " gh-err.txt'
rm -f gate.md gate.xml gate.png

# ---- green: the fixed build ------------------------------------------------------------
sh heap/gate.sh "$SL/fixed-hT-log.eventlog" >out.txt 2>err.txt
rc=$?
check "the fixed build passes the gate: exit $rc (wanted 0), $(cat out.txt err.txt | head -c 300)" \
    [ "$rc" -eq 0 ]
check "one line, within budget" eval '[ "$(wc -l <out.txt)" -eq 1 ] && grep -q "^within budget: " out.txt'
check "gate.md says so" grep -q '^### hp2ps heap budget: within budget' gate.md
check "gate.xml: no failure" eval '! grep -q "<failure" gate.xml'

# ---- the job files run that command on a +RTS -hT -l run ------------------------------
for f in github-actions.yml gitlab-ci.yml; do
    check "$f runs heap/gate.sh on the eventlog" grep -q 'sh heap/gate.sh slowleak.eventlog' "$DOC/$f"
    check "$f runs the program with +RTS -hT -l" grep -q '+RTS -hT -l -RTS' "$DOC/$f"
    check "$f builds hp2ps from the release tarball" \
        eval 'grep -q "HP2PS_TARBALL_URL" "$DOC/$f" && grep -q "./configure" "$DOC/$f"'
    if python3 -c 'import yaml' 2>/dev/null; then
        check "$f is YAML" python3 -c "import yaml, sys; yaml.safe_load(open(sys.argv[1]))" "$DOC/$f"
    fi
done
check "GitHub: the Markdown goes to the job's summary, the picture to the artifacts" \
    eval 'grep -q "GITHUB_STEP_SUMMARY" "$DOC/github-actions.yml" && grep -q "gate.png" "$DOC/github-actions.yml"'
check "GitLab: the JUnit report and the picture as artifacts" \
    eval 'grep -q "junit: gate.xml" "$DOC/gitlab-ci.yml" && grep -q "gate.png" "$DOC/gitlab-ci.yml"'

finish

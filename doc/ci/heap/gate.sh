#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# heap/gate.sh PROFILE: the heap budget gate, as this repository's CI
# runs it (../github-actions.yml, ../gitlab-ci.yml), and as hp2ps's own
# `make check` runs it on a leaky and a fixed build (tests/ci.sh).
#
# PROFILE (the program's +RTS -hT -l eventlog, or its .hp) is measured
# against heap/budgets and against heap/baseline.hp, the profile of a
# good run kept in the repository; the verdict goes to gate.md (a
# Markdown table for the job's summary), gate.xml (JUnit, for the test
# report), gate.png (the profile with each budget drawn on it and the
# baseline's total beside it), and, on GitHub, workflow annotations.
# The exit status is hp2ps's: 0 within budget, 3 over budget, 1 a
# profile that cannot be measured (unreadable, empty, cut or killed), 2 a
# malformed budget.  HP2PS names another hp2ps than the one on PATH.
set -u
here=$(dirname "$0")
github=
[ -n "${GITHUB_ACTIONS:-}" ] && github=--report=github
# shellcheck disable=SC2086 # $github is one word or none
exec "${HP2PS:-hp2ps}" --check-file "$here/budgets" --baseline "$here/baseline.hp" \
    --tolerance 10% --report markdown:gate.md --report junit:gate.xml $github \
    -o gate.png "$1"

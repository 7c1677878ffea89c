# SPDX-License-Identifier: BSD-3-Clause
# lib.sh: shared helpers for the end-to-end tests (sourced, POSIX sh + bash).
# Each test script runs in its own scratch directory, counts its checks and
# ends with `finish`, which prints "NAME: N passed, N failed" and sets the
# exit status (77 = skipped, for automake).

set -u
: "${HP2PS:=$(cd "$(dirname "$0")/.." && pwd)/hp2ps}"
: "${TESTDATA:=$(cd "$(dirname "$0")" && pwd)/data}"
: "${SAMPLES:=$(cd "$(dirname "$0")/.." && pwd)/samples}"
export SOURCE_DATE_EPOCH=1700000000

TEST_NAME=$(basename "$0" .sh)
PASSED=0
FAILED=0
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/hp2ps-$TEST_NAME.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
cd "$SCRATCH" || exit 99

pass() { PASSED=$((PASSED + 1)); }
fail() { FAILED=$((FAILED + 1)); printf '%s: FAIL: %s\n' "$TEST_NAME" "$*" >&2; }

# check DESCRIPTION COMMAND...: passes when COMMAND succeeds.
check() {
    local what=$1; shift
    if "$@"; then pass; else fail "$what"; fi
}

# copy_in FILE COPY: a copy of a file of the source tree that the test may
# change or copy over: writable whatever FILE's mode (make distcheck's
# tree is read-only, cp keeps the mode, and only root writes over it).
copy_in() { cat "$1" >"$2"; }

# run_hp2ps ARGS...: runs the program, leaving $RC, stdout in out.txt,
# stderr in err.txt.
run_hp2ps() {
    "$HP2PS" "$@" >out.txt 2>err.txt
    RC=$?
}

# expect_error CODE REGEX ARGS...: exit status CODE and exactly one stderr
# line matching the extended regular expression REGEX.
expect_error() {
    local code=$1 re=$2; shift 2
    run_hp2ps "$@"
    if [ "$RC" -eq "$code" ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -Eq -- "$re" err.txt; then
        pass
    else
        fail "hp2ps $* -> exit $RC, stderr: $(head -c 300 err.txt) (wanted exit $code, /$re/)"
    fi
}

# Rasterize PostScript/EPS with ghostscript: raster IN.ps OUT.png [RES] [extra gs args]
raster() {
    local in=$1 out=$2 res=${3:-50}; shift 3 2>/dev/null || shift $#
    gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r"$res" \
       -dTextAlphaBits=4 -dGraphicsAlphaBits=4 "$@" -sOutputFile="$out" "$in" >/dev/null 2>&1
}

need() {
    for tool in "$@"; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "$TEST_NAME: skipped: $tool is not installed"
            exit 77
        fi
    done
}

# need_chromium: CHROMIUM names a browser that runs headless here (its
# profile in ./probe), or the test is skipped (77): a browser that cannot
# start (no display libraries, a sandbox refused) is a missing tool too,
# not a failure of the page.
need_chromium() {
    CHROMIUM=
    for b in chromium chromium-browser google-chrome; do
        if command -v "$b" >/dev/null 2>&1; then
            CHROMIUM=$b
            break
        fi
    done
    if [ -z "$CHROMIUM" ]; then
        echo "$TEST_NAME: skipped: no chromium installed (Debian: apt-get install chromium)"
        exit 77
    fi
    mkdir -p probe
    if ! HOME=$PWD/probe timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --user-data-dir="$PWD/probe" \
        --dump-dom 'data:text/html,<p id=x>ok</p>' 2>/dev/null | grep -q '<p id="x">ok</p>'; then
        echo "$TEST_NAME: skipped: $CHROMIUM does not run headless here"
        exit 77
    fi
}

finish() {
    echo "$TEST_NAME: $PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ] && [ "$PASSED" -gt 0 ]
    exit $?
}

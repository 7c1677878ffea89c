#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# completion.sh: the bash completion file (completion/hp2ps), sourced into
# a plain bash and asked as bash asks it: COMP_WORDS split as bash splits
# a line (at '=' too, as by default), COMP_CWORD, then _hp2ps.
#   - options: every long option of --help and no other, the short ones;
#   - the words of --format, --export-layout, --units, --sort, --mode, --x,
#     --view, --at, after "=" (split
#     or not) and as the next word;
#   - profiles: .hp and .eventlog files and directories, not other files;
#     after -o any file.
. "$(dirname "$0")/lib.sh"
need bash
set -f # the words here are words, not patterns ("-?")

COMPLETION=$TESTDATA/../../completion/hp2ps
[ -f "$COMPLETION" ] || { echo "$TEST_NAME: no $COMPLETION" >&2; exit 99; }

# complete WORD...: the completions of the last word, sorted, one a line.
complete_words() {
    bash --norc --noprofile -c '
        . "$1" || exit 3
        shift
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        _hp2ps
        printf "%s\n" "${COMPREPLY[@]}"' sh "$COMPLETION" hp2ps "$@" | sed '/^$/d' | sort
}
# expect WANTED WORD...: the completions are exactly WANTED (space-separated).
expect() {
    local want got
    want=$(printf '%s\n' $1 | sed '/^$/d' | sort); shift
    got=$(complete_words "$@")
    if [ "$got" = "$want" ]; then pass; else
        fail "hp2ps $* <TAB>: got [$(echo $got)], wanted [$(echo $want)]"
    fi
}

check "the file does not register _hp2ps for hp2ps" \
    eval 'bash --norc -c ". \"$COMPLETION\" && complete -p hp2ps" | grep -q -- "-F _hp2ps hp2ps$"'
check "sourcing the file prints something" eval '[ -z "$(bash --norc -c ". \"$COMPLETION\"" 2>&1)" ]'

# ---- options -----------------------------------------------------------------
"$HP2PS" --help | grep -Eo -- '--[a-z][a-z-]*' | sort -u >help.txt
complete_words -- | sed 's/=$//' | sort -u >offered.txt
check "long options in --help but not completed: $(comm -23 help.txt offered.txt | tr '\n' ' ')" \
    [ -z "$(comm -23 help.txt offered.txt)" ]
check "long options completed but not in --help: $(comm -13 help.txt offered.txt | tr '\n' ' ')" \
    [ -z "$(comm -13 help.txt offered.txt)" ]
expect "--format=" --form
expect "--force --format=" --fo
expect "--no-aux" --no
expect "--dpi= --diff" --d
expect "--watch --watch=" --wat
# Short options; "-?" is not taken for a pattern (a file "-a" is here).
: >-a
expect "-b -s -c -d -i -i- -e -g -m -l -M -p -t -y -o -?" -
expect "-i -i-" -i

# ---- option values -------------------------------------------------------------
# --format's words are the program's (--help prints them from formats.c).
formats=$("$HP2PS" --help | sed -n 's/^ *--format=//p' | tr '|' ' ')
check "--help gives no --format words" [ -n "$formats" ]
expect "$formats" --format = ""
expect "$formats" --format ""
expect "pdf png ps" --format = p
expect "html" --format h
expect "wide long bands" --export-layout = ""
expect "--export-layout=long" --export-layout=l
expect "wide" --export-layout w
expect "--format=pdf --format=png --format=ps" --format=p
expect "svg" --format sv
expect "graph icicle" --view = ""
expect "icicle" --view i
expect "--at=peak" --at=p
expect "si iec" --units = ""
expect "stddev size" --sort = s
expect "--sort=gradient" --sort=g
expect "stacked percent lines" --mode = ""
expect "lines" --mode l
expect "time index" --x = ""
expect "" --include = ""
expect "" --from ""
expect "peak end" --at = ""
expect "--at=peak" --at=p
expect "5 10 20 0" --top = ""

# ---- files ----------------------------------------------------------------------------
rm -f help.txt offered.txt
mkdir -p dir/sub && : >prog.hp && : >run.eventlog && : >notes.txt && : >dir/x.hp && : >dir/y.ps
rm -f -- -a
expect "prog.hp run.eventlog dir" ""
expect "prog.hp" pr
expect "dir/x.hp dir/sub" dir/
expect "prog.hp run.eventlog dir" -c ""
expect "notes.txt" -o no
expect "dir/x.hp dir/y.ps dir/sub" -o dir/
expect "notes.txt" --output = no
expect "notes.txt prog.hp run.eventlog dir" -c -o ""
expect "prog.hp run.eventlog dir" -o out.ps ""

finish

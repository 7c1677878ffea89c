#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# build.sh: the README's first quick-start command.  Installs what is
# missing (with apt-get when run as root; otherwise prints the apt-get
# line), builds hp2ps, and draws the sample profile into leakmean-hc.ps.
#
# Two lists: what the build needs (without it nothing can be done, so a
# user who is not root and lacks one is told and stopped), and what
# `make check` uses to look at the output (without it the build still
# goes on, and the line to install it is printed).  chromium, for the
# HTML page's tests, is optional: those checks skip.
set -e
cd "$(dirname "$0")"

BUILD_PACKAGES="gcc make autoconf automake pkg-config libcairo2-dev libpango1.0-dev
libfreetype-dev libpng-dev zlib1g-dev fonts-dejavu-core"
TEST_PACKAGES="ghostscript imagemagick poppler-utils librsvg2-bin libxml2-utils valgrind
python3 groff-base mandoc"

missing() {
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || printf ' %s' "$p"
    done
}
have_dpkg=false
command -v dpkg-query >/dev/null 2>&1 && have_dpkg=true
need_build="" need_test=""
if $have_dpkg; then
    # shellcheck disable=SC2086 # the lists are words
    need_build=$(missing $BUILD_PACKAGES)
    # shellcheck disable=SC2086
    need_test=$(missing $TEST_PACKAGES)
fi
if [ -n "$need_build$need_test" ] && [ "$(id -u)" = 0 ]; then
    echo "build.sh: installing$need_build$need_test"
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need_build $need_test >/dev/null
elif [ -n "$need_build" ]; then
    echo "build.sh: the build needs packages that are missing; as root run:" >&2
    echo "  apt-get install -y$need_build$need_test" >&2
    exit 1
elif [ -n "$need_test" ]; then
    echo "build.sh: building; make check needs more (as root: apt-get install -y$need_test)" >&2
fi

[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure ${CONFIGURE_FLAGS:-}
make -j"$(nproc 2>/dev/null || echo 2)"
./hp2ps -c samples/leakmean-hc.hp
echo "build.sh: built ./hp2ps and drew samples/leakmean-hc.hp into leakmean-hc.ps"

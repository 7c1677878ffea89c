#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# build.sh: the README's first quick-start command.  Installs what is
# missing (with apt-get when run as root; otherwise prints the apt-get
# line), builds hp2ps, and draws the sample profile into leakmean-hc.ps.
set -e
cd "$(dirname "$0")"

# Build needs, then what `make check` uses to look at the output (chromium,
# for one check of the SVG in a browser, is optional: that check skips).
PACKAGES="gcc make autoconf automake pkg-config libcairo2-dev libpango1.0-dev
libfreetype-dev libpng-dev zlib1g-dev fonts-dejavu-core ghostscript imagemagick poppler-utils
librsvg2-bin libxml2-utils valgrind python3 groff-base mandoc"

missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "build.sh: installing$missing"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    else
        echo "build.sh: missing packages; run as root:" >&2
        echo "  apt-get install -y$missing" >&2
        exit 1
    fi
fi

[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure ${CONFIGURE_FLAGS:-}
make -j"$(nproc 2>/dev/null || echo 2)"
./hp2ps -c samples/leakmean-hc.hp
echo "build.sh: built ./hp2ps and drew samples/leakmean-hc.hp into leakmean-hc.ps"

#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# packaging/deb.sh [TARBALL]: the Debian package hp2ps-cairo, built from
# the release tarball as a distribution would: the tarball (make dist's;
# made here from the configured tree when none is given) becomes
# hp2ps-cairo_VERSION.orig.tar.gz, packaging/debian the debian directory,
# with a changelog entry for the tarball's version (the version is
# written once, in configure.ac).  Then dpkg-buildpackage (the suite runs
# in it unless DEB_BUILD_OPTIONS has nocheck), lintian (no error or
# warning passes), and as root where autopkgtest is installed the
# package's autopkgtest against the package just built.
#
# Needs dpkg-dev, debhelper, fakeroot, lintian and the Build-Depends of
# packaging/debian/control.  DEB_WORK: where to build (default: a new
# temporary directory, printed).  The result: WORK/*.deb, *.dsc, *.changes.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
tarball=${1:-}
if [ -z "$tarball" ]; then
    [ -f "$top/Makefile" ] || { echo "deb.sh: give the tarball, or configure the tree first" >&2; exit 2; }
    make -C "$top" dist >/dev/null
    tarball=$(ls -t "$top"/hp2ps-*.tar.gz | head -n 1)
fi
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
version=$(basename "$tarball" .tar.gz | sed 's/^hp2ps-//')
case $version in ''|*[!0-9A-Za-z.+~]*) echo "deb.sh: $tarball: no version in its name" >&2; exit 2 ;; esac
for tool in dpkg-buildpackage lintian fakeroot dh; do
    command -v $tool >/dev/null 2>&1 || { echo "deb.sh: $tool is not installed" >&2; exit 2; }
done

work=${DEB_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/hp2ps-deb.XXXXXX")}
mkdir -p "$work"
echo "deb.sh: building hp2ps-cairo $version-1 in $work"
src=$work/hp2ps-cairo-$version
rm -rf "$src"
cp "$tarball" "$work/hp2ps-cairo_$version.orig.tar.gz"
tar -C "$work" -xzf "$tarball"
mv "$work/hp2ps-$version" "$src"
cp -R "$src/packaging/debian" "$src/debian"
# The changelog's date is the tarball's (make dist sets its files' times),
# so that the same tarball gives the same package.
when=${SOURCE_DATE_EPOCH:-$(stat -c %Y "$tarball")}
cat >"$src/debian/changelog" <<EOF
hp2ps-cairo ($version-1) unstable; urgency=medium

  * Release $version: see NEWS.

 -- $(sed -n 's/^Maintainer: //p' "$src/debian/control")  $(LC_ALL=C date -u -R -d "@$when")
EOF

(cd "$src" && dpkg-buildpackage -us -uc -b -rfakeroot >../build.log 2>&1 && dpkg-buildpackage -us -uc -S >>../build.log 2>&1) || {
    tail -n 40 "$work/build.log" >&2
    echo "deb.sh: dpkg-buildpackage failed (all of it: $work/build.log)" >&2
    exit 1
}
echo "deb.sh: built $(cd "$work" && ls ./*.deb ./*.dsc | tr '\n' ' ')"

# Every error and warning fails; pedantic and informational tags are listed.
lintian --fail-on error,warning --display-info "$work"/hp2ps-cairo_"$version"-1_*.changes \
    "$work"/hp2ps-cairo_"$version"-1.dsc >"$work/lintian.txt" 2>&1 || {
    cat "$work/lintian.txt" >&2
    echo "deb.sh: lintian fails the package" >&2
    exit 1
}
echo "deb.sh: lintian: $(grep -c '^[EW]:' "$work/lintian.txt" || true) errors or warnings, $(grep -c '^[IPX]:' "$work/lintian.txt" || true) others"

if command -v autopkgtest >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    autopkgtest --no-built-binaries "$work"/hp2ps-cairo_"$version"-1_*.deb "$src" -- null \
        >"$work/autopkgtest.log" 2>&1 || {
        tail -n 40 "$work/autopkgtest.log" >&2
        echo "deb.sh: the autopkgtest fails" >&2
        exit 1
    }
    echo "deb.sh: autopkgtest: $(grep -m1 -E "^draw-sample +(PASS|FAIL)" "$work/autopkgtest.log")"
else
    echo "deb.sh: autopkgtest not run (it installs the package: needs autopkgtest, as root)"
fi

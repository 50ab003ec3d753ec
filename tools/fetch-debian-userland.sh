#!/bin/sh
# fetch-debian-userland.sh - fetch the Debian i386 binary packages the
# real-userland boot runs (docs/userland.md).
#
# Unlike tools/fetch-userland.sh, which builds Mapback's own user space
# for the 386 from source, this takes Debian bookworm's i386 *binaries*
# as a user would install them: glibc 2.36 and the programs of
# tools/userland/packages, downloaded with `apt-get download` through the
# private apt state of tools/apt-i386.sh (the host's apt and dpkg are left
# alone) into build/debs-userland and unpacked with `dpkg-deb -x` into
# build/debian-userland.  Dependencies are not resolved: the list names
# every package the programs need.  Nothing fetched is committed.
#
# Idempotent: when the stamp is newer than the package list it does
# nothing; a package already downloaded is not downloaded again.
#
# Usage: tools/fetch-debian-userland.sh [BUILD_DIR]   (default: build)
set -eu

BUILD=${1:-build}
APT=$BUILD/apt
DEBS=$BUILD/debs-userland
ROOT=$BUILD/debian-userland
LIST=$(dirname "$0")/userland/packages
STAMP=$ROOT/.fetched

if [ -f "$STAMP" ] && [ "$STAMP" -nt "$LIST" ]; then
	exit 0
fi

mkdir -p "$DEBS"
. "$(dirname "$0")/apt-i386.sh"
apt_private_lists

pkgs=$(sed 's/#.*//' "$LIST")
for p in $pkgs; do
	if ! ls "$DEBS/${p}_"*.deb >/dev/null 2>&1; then
		(cd "$DEBS" && aptget download "$p:i386")
	fi
done
rm -rf "$ROOT"
mkdir -p "$ROOT"
for p in $pkgs; do
	for deb in "$DEBS/${p}_"*.deb; do
		dpkg-deb -x "$deb" "$ROOT"
	done
done
touch "$STAMP"
echo "fetch-debian-userland: unpacked" $pkgs "into $ROOT"

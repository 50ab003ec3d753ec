#!/bin/sh
# fetch-linux.sh - fetch the Linux kernel that `make bench` compares with.
#
# Downloads the newest Debian i386 kernel the private package lists offer
# (the one the linux-image-686 metapackage depends on: non-PAE, for a
# plain 686), with the same private apt setup as fetch-userland.sh
# (tools/apt-i386.sh), and unpacks it with dpkg-deb into build/linux.
# Prints the path of its /boot/vmlinuz-* on stdout, everything else on
# stderr.  Nothing fetched here is committed.
#
# Idempotent: an unpacked kernel is used as it is.
#
# Usage: tools/fetch-linux.sh [BUILD_DIR]   (default: build)
set -eu

BUILD=${1:-build}
APT=$BUILD/apt
DEBS=$BUILD/debs-linux
ROOT=$BUILD/linux

found() {
	ls "$ROOT"/boot/vmlinuz-* 2>/dev/null | head -n 1
}

if [ -n "$(found)" ]; then
	found
	exit 0
fi

mkdir -p "$DEBS" "$ROOT"
. "$(dirname "$0")/apt-i386.sh"
apt_private_lists >&2

# linux-image-686 -> "Depends: linux-image-6.1.0-NN-686 (= ...)".
pkg=$(aptcache depends linux-image-686 |
	sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-686\)$/\1/p' | head -n 1)
if [ -z "$pkg" ]; then
	echo "fetch-linux: no linux-image-*-686 in the package lists" >&2
	exit 1
fi
if ! ls "$DEBS/${pkg}_"*_i386.deb >/dev/null 2>&1; then
	(cd "$DEBS" && aptget download "$pkg:i386") >&2
fi
# Only the kernel image is needed: the bench initramfs loads no modules.
dpkg-deb --fsys-tarfile "$DEBS/${pkg}_"*_i386.deb | tar -x -C "$ROOT" ./boot
echo "fetch-linux: unpacked $pkg into $ROOT" >&2
found

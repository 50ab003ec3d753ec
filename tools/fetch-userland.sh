#!/bin/sh
# fetch-userland.sh - fetch the i386 userland Mapback runs: musl and BusyBox.
#
# Downloads Debian's i386 musl, musl-dev and busybox-static packages with
# apt-get, using private lists and cache directories under build/ so that
# the host's dpkg and apt configuration is not changed (tools/apt-i386.sh),
# and unpacks them with dpkg-deb into build/sysroot.  user/user.mk compiles against
# build/sysroot/usr/lib/i386-linux-musl and puts build/sysroot/bin/busybox
# into the initramfs.  Nothing fetched here is committed.
#
# Idempotent: when the sysroot is already unpacked it does nothing.
#
# Usage: tools/fetch-userland.sh [BUILD_DIR]   (default: build)
set -eu

BUILD=${1:-build}
APT=$BUILD/apt
DEBS=$BUILD/debs
SYSROOT=$BUILD/sysroot
STAMP=$SYSROOT/.fetched
PKGS="musl musl-dev busybox-static"

if [ -f "$STAMP" ]; then
	exit 0
fi

mkdir -p "$DEBS" "$SYSROOT"
. "$(dirname "$0")/apt-i386.sh"
apt_private_lists

for p in $PKGS; do
	if ! ls "$DEBS/${p}_"*_i386.deb >/dev/null 2>&1; then
		(cd "$DEBS" && aptget download "$p:i386")
	fi
done

for deb in "$DEBS"/*_i386.deb; do
	dpkg-deb -x "$deb" "$SYSROOT"
done

touch "$STAMP"
echo "fetch-userland: unpacked $PKGS into $SYSROOT"

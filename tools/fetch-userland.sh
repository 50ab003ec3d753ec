#!/bin/sh
# fetch-userland.sh - fetch the sources of the i386 userland Mapback runs.
#
# Mapback's user space is built for the 386 (tools/build-userland.sh), from
# Debian's source packages: musl and busybox.  Debian's binary packages will
# not do, they target the i686 (cmov, cmpxchg, ...).  This script downloads
# the two source packages with `apt-get source` through a private sources
# list (tools/apt-i386.sh, aptsrc) and unpacks them with dpkg-source into
# build/src/musl and build/src/busybox, Debian's patches applied.  BusyBox
# also needs the kernel's UAPI headers (<linux/...>, <asm/...>), which
# musl does not carry: Debian's linux-libc-dev:i386 is unpacked into
# build/sysroot.  Nothing fetched here is committed, and the host's apt
# and dpkg configuration is left alone.
#
# Idempotent: when everything is unpacked it does nothing.
#
# Usage: tools/fetch-userland.sh [BUILD_DIR]   (default: build)
set -eu

BUILD=${1:-build}
APT=$BUILD/apt
DEBS=$BUILD/debs
SRC=$BUILD/src
SYSROOT=$BUILD/sysroot
STAMP=$SRC/.fetched
# Not .fetched: an older build/ has one from when build/sysroot held
# Debian's binary musl and BusyBox, without the kernel headers.
UAPI_STAMP=$SYSROOT/.linux-libc-dev
DEBPKGS="linux-libc-dev"
SRCPKGS="musl busybox"

if [ -f "$STAMP" ] && [ -f "$UAPI_STAMP" ]; then
	exit 0
fi

mkdir -p "$DEBS" "$SRC" "$SYSROOT"
. "$(dirname "$0")/apt-i386.sh"

if [ ! -f "$UAPI_STAMP" ]; then
	apt_private_lists
	for p in $DEBPKGS; do
		if ! ls "$DEBS/${p}_"*_i386.deb >/dev/null 2>&1; then
			(cd "$DEBS" && aptget download "$p:i386")
		fi
		dpkg-deb -x "$DEBS/${p}_"*_i386.deb "$SYSROOT"
	done
	touch "$UAPI_STAMP"
fi

for p in $SRCPKGS; do
	if ! ls "$SRC/${p}_"*.dsc >/dev/null 2>&1; then
		(cd "$SRC" && aptsrc source --download-only "$p")
	fi
	rm -rf "${SRC:?}/$p"
	# --no-check: the .dsc's own signature needs debian-keyring; apt
	# already checked every file's hash against the signed Sources list.
	dpkg-source -q --no-check -x "$SRC/${p}_"*.dsc "$SRC/$p" >/dev/null
done

touch "$STAMP"
echo "fetch-userland: unpacked $SRCPKGS into $SRC, $DEBPKGS into $SYSROOT"

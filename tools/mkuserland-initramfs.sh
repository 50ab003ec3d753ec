#!/bin/sh
# mkuserland-initramfs.sh - the root of the real-userland boot
# (docs/userland.md).
#
# Stages, in build/userland-initramfs/, Debian's i386 binaries as
# tools/fetch-debian-userland.sh unpacked them (without their docs, man
# pages and translations), user/rootfs's /etc, our init at /sbin/init,
# the links a package's maintainer scripts would have made (/bin/sh ->
# dash, awk -> gawk), our static BusyBox as /bin/busybox (no applet links:
# Debian's programs stay in charge; a command line runs BusyBox's sh by
# name), user/bench/kernbench as /bench/kernbench (init's runbench mode
# runs it: the kernbench row of docs/bench.md), tools/userland/run.sh as /tests/userland (init's
# runtests mode starts it), tools/userland/tests/ as /userland/tests and
# tools/userland/todo as /userland/todo,
# then archives it as a newc cpio with sorted names and root ownership.
# Nothing here is built for the 386: check-386 does not scan this archive.
#
# Usage: tools/mkuserland-initramfs.sh OUT.cpio DEBIAN_ROOT INIT BUSYBOX KERNBENCH
set -eu

OUT=$1
DEBIAN_ROOT=$2
INIT=$3
BUSYBOX=$4
KERNBENCH=$5
HERE=$(dirname "$0")
STAGE=${OUT%.cpio}
CROSS=${CROSS:-i686-linux-gnu-}

rm -rf "$STAGE"
mkdir -p "$STAGE"
cp -a "$DEBIAN_ROOT/." "$STAGE/"
rm -f "$STAGE/.fetched"
rm -rf "$STAGE/usr/share/doc" "$STAGE/usr/share/man" "$STAGE/usr/share/info" \
	"$STAGE/usr/share/locale" "$STAGE/usr/share/lintian"
cp -a user/rootfs/. "$STAGE/"
mkdir -p "$STAGE/sbin" "$STAGE/proc" "$STAGE/dev" "$STAGE/tmp" "$STAGE/root" \
	"$STAGE/tests" "$STAGE/userland" "$STAGE/bench"
"${CROSS}strip" --strip-debug -o "$STAGE/sbin/init" "$INIT"
"${CROSS}strip" -o "$STAGE/bin/busybox" "$BUSYBOX"
"${CROSS}strip" --strip-debug -o "$STAGE/bench/kernbench" "$KERNBENCH"
ln -sf dash "$STAGE/bin/sh"
ln -sf gawk "$STAGE/usr/bin/awk"
cp "$HERE/userland/run.sh" "$STAGE/tests/userland"
cp -a "$HERE/userland/tests" "$HERE/userland/todo" "$STAGE/userland/"
chmod 1777 "$STAGE/tmp"
(cd "$STAGE" && find . -mindepth 1 | sed 's|^\./||' | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --quiet) >"$OUT"

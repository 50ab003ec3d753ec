#!/bin/bash
# tools/check-initramfs.sh - does an initramfs hold a usable BusyBox root?
#
#   tools/check-initramfs.sh ARCHIVE
#
# Reads the cpio listing of ARCHIVE (nothing is unpacked or run) and fails,
# naming what is wrong, unless it has /sbin/init, /bin/busybox as a regular
# file, a symlink to /bin/busybox for each of a handful of applets a
# shell session needs, and musl's dynamic linker /lib/ld-musl-i386.so.1
# as a regular file (user/tests/dynexec runs programs that name it).  tools/run-tests.sh counts it as one host check, so
# an initramfs built without its applet links fails `make test` however
# the link list was made.
set -euo pipefail

ARCHIVE=$1
# The shell, what init's boot tests type, and poweroff.
APPLETS="bin/sh bin/ls bin/cat bin/echo bin/mount usr/bin/wc usr/bin/free
sbin/swapon sbin/poweroff"

listing=$(cpio -itv --quiet <"$ARCHIVE")
bad=0

# The type letter and the "name" or "name -> target" part of a listing line.
entry() {
	awk -v p="$1" '{
		name = $9
		for (i = 10; i <= NF; i++) name = name " " $i
		if (name == p || index(name, p " -> ") == 1) print substr($1, 1, 1) " " name
	}' <<<"$listing"
}

need() {
	local path=$1 want=$2 got
	got=$(entry "$path")
	if [ "$got" != "$want" ]; then
		echo "check-initramfs: $ARCHIVE: want '$want', found '${got:-nothing}'"
		bad=1
	fi
}

need sbin/init "- sbin/init"
need bin/busybox "- bin/busybox"
need lib/ld-musl-i386.so.1 "- lib/ld-musl-i386.so.1"
for a in $APPLETS; do
	need "$a" "l $a -> /bin/busybox"
done
exit "$bad"

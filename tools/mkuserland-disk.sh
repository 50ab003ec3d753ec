#!/bin/sh
# tools/mkuserland-disk.sh - the real-userland root on a disk
# (docs/userland.md, "From a disk").
#
#	tools/mkuserland-disk.sh OUT.img STAGE [DISK_MIB]
#		(DISK_MIB default 256)
#
# STAGE is the tree tools/mkuserland-initramfs.sh staged for the
# userland initramfs (build/userland-initramfs: Debian's i386 binaries,
# our init, BusyBox, /bench/kernbench, the userland command lines).
# e2fsprogs' mke2fs copies it (-d) into an ext2 file system with 4 KiB
# blocks, every file owned by root, and tools/mkmbr.py puts that into the
# first partition of an MBR disk: hdX1 holds the root.  Nothing of the
# tree runs on the host.  make test boots it as the root of the
# `userland-disk` boot (root=/dev/hda1), and make bench's kernbench
# mounts it and chroots into it to compile from the disk
# (docs/bench.md).  The file system's times, UUID and hash seed are
# fixed, so two runs on the same tree make the same image.
set -eu

out=$1
stage=$2
disk_mib=${3:-256}
mke2fs=$(command -v mke2fs || echo /usr/sbin/mke2fs)
if [ ! -x "$mke2fs" ]; then
	echo "mkuserland-disk: mke2fs not found (install e2fsprogs)" >&2
	exit 1
fi
if [ ! -x "$stage/sbin/init" ]; then
	echo "mkuserland-disk: $stage holds no staged userland" >&2
	exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/mkuland.XXXXXX")
trap 'rm -rf "$work"' EXIT

export E2FSPROGS_FAKE_TIME=1700000000
"$mke2fs" -q -F -t ext2 -b 4096 -d "$stage" -L userland \
	-E root_owner=0:0,hash_seed=6d617062-6163-6b00-0000-000000000005 \
	-U 6d617062-6163-6b00-0000-000000000006 \
	"$work/p1" "$((disk_mib - 1))M" >"$work/log" 2>&1 || {
	cat "$work/log" >&2
	exit 1
}
mkdir -p "$(dirname "$out")"
python3 "$(dirname "$0")/mkmbr.py" "$out.tmp" "$work/p1"
mv "$out.tmp" "$out"

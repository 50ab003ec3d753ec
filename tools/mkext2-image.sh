#!/bin/sh
# tools/mkext2-image.sh - make the ext2 test disks: MBR disk images with
# ext2 partitions, made by e2fsprogs' mke2fs.
#
#	tools/mkext2-image.sh [IMAGE]		(default build/ext2.img)
#	tools/mkext2-image.sh --empty IMAGE	(the writable disk)
#	tools/mkext2-image.sh --pressure IMAGE	(the disk of ext2_pressure)
#
# --empty makes the disk user/tests/ext2_namei.c writes on: two empty
# file systems as `mke2fs -t ext2` makes them by default, hdd1 with 1 KiB
# blocks (4 MiB, one group) and hdd2 with 4 KiB blocks (8 MiB, in four
# groups by -g, so that inodes and blocks spread over several).  The boots that
# attach it (index=3, Mapback's hdd) get a copy of their own, which the
# host checks with e2fsck after the boot (tools/run-tests.sh).
#
# --pressure makes the disk of user/tests/ext2_pressure.c, which the
# memory-pressure boots attach (a copy each, checked by e2fsck too): hdc1
# empty, 96 MiB with 4 KiB blocks, room for mapped files of twice the
# MemTotal of Linux's pressure boot; hdc2 empty, 2 MiB with 1 KiB blocks,
# quick to fill.  The image is sparse: a few MiB on the host.
#
# Without --empty, the read-only test disk has four partitions made from
# a tree built here.
# The test boots attach it as the secondary master (Mapback's hdc):
#	-drive file=build/ext2.img,format=raw,if=ide,index=2,snapshot=on
# and user/tests/ext2_read.c mounts its partitions:
#
#	hdc1  1 KiB blocks, revision 1, sparse_super, large_file, filetype,
#	      128-byte inodes: the test tree
#	hdc2  4 KiB blocks, mke2fs's ext2 defaults (resize_inode, dir_index,
#	      ext_attr too), 256-byte inodes: the same tree
#	hdc3  1 KiB blocks, a small tree corrupted on purpose afterwards
#	      (tools/ext2-corrupt.py): bad inode numbers in directory entries,
#	      a file whose block pointer lies past the disk, an indirect block
#	      holding such a pointer
#	hdc4  a file system whose superblock asks for an incompat feature
#	      no ext2 driver knows (0x8000): the mount must be refused
#
# The tree holds /MANIFEST, written here from the files themselves: one
# line per file (path, type, mode, size, mtime, checksum, link target),
# which the test compares with what the mounted file system says.
# Times and contents are fixed, so the image is the same from build to
# build except for mke2fs's UUIDs and hash seeds (also fixed here).
set -eu

empty=0
case ${1:-} in
--empty) empty=1 && shift ;;
--pressure) empty=2 && shift ;;
esac
img=${1:-build/ext2.img}
mke2fs=$(command -v mke2fs || echo /usr/sbin/mke2fs)
if [ ! -x "$mke2fs" ]; then
	echo "mkext2-image: mke2fs not found (install e2fsprogs)" >&2
	exit 1
fi
tools=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mkext2.XXXXXX")
trap 'rm -rf "$work"' EXIT

export E2FSPROGS_FAKE_TIME=1700000000
fs() {	# fs NAME SIZE_KIB TREE ARGS... (TREE "": an empty file system)
	name=$1 kib=$2 tree=$3
	shift 3
	rm -f "$work/$name"
	"$mke2fs" -q -F -t ext2 ${tree:+-d "$tree"} -L "$name" \
		-E hash_seed=6d617062-6163-6b00-0000-000000000002 \
		"$@" "$work/$name" "${kib}k" >"$work/log" 2>&1 || {
		cat "$work/log" >&2
		exit 1
	}
}
if [ "$empty" = 1 ]; then
	fs p1 4096 "" -b 1024 -U 6d617062-6163-6b00-0000-0000000000f1
	fs p2 8192 "" -b 4096 -g 512 -U 6d617062-6163-6b00-0000-0000000000f2
	set -- "$work/p1" "$work/p2"
elif [ "$empty" = 2 ]; then
	fs p1 98304 "" -b 4096 -U 6d617062-6163-6b00-0000-0000000000a1
	fs p2 2048 "" -b 1024 -U 6d617062-6163-6b00-0000-0000000000a2
	set -- "$work/p1" "$work/p2"
else
python3 "$tools/ext2-tree.py" "$work/tree"
python3 "$tools/ext2-tree.py" --small "$work/small"
fs p1 6144 "$work/tree" -b 1024 -I 128 -r 1 \
	-O none,sparse_super,large_file,filetype \
	-U 6d617062-6163-6b00-0000-0000000000e1
fs p2 12288 "$work/tree" -b 4096 -I 256 \
	-U 6d617062-6163-6b00-0000-0000000000e2
fs p3 1024 "$work/small" -b 1024 -I 128 -r 1 \
	-O none,sparse_super,large_file,filetype \
	-U 6d617062-6163-6b00-0000-0000000000e3
fs p4 1024 "$work/small" -b 1024 -I 128 -r 1 \
	-O none,sparse_super,large_file,filetype \
	-U 6d617062-6163-6b00-0000-0000000000e4
python3 "$tools/ext2-corrupt.py" "$work/p3" "$work/p4"
set -- "$work/p1" "$work/p2" "$work/p3" "$work/p4"
fi

# MBR: partitions from 1 MiB on, back to back, type 83.
mkdir -p "$(dirname "$img")"
rm -f "$img"
python3 "$tools/mkmbr.py" "$img" "$@"
chmod 644 "$img"
echo "mkext2-image: $img"

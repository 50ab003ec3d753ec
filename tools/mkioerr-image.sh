#!/bin/bash
# tools/mkioerr-image.sh - the disk of the I/O error tests and the QEMU
# blkdebug rules that make some of its blocks fail.
#
#	tools/mkioerr-image.sh [IMAGE [RULES]]   (build/ioerr.img, build/ioerr.conf)
#
# IMAGE has three ext2 file systems of 8 MiB with 4 KiB blocks, made by
# the host's mke2fs and debugfs, so the block of every file named below is
# known before any kernel boots:
#
#   hdX1  data: wfile and mfile (16 KiB each, their first block fails
#         writes), rfile (64 KiB, block 12 fails reads), rmap (4 KiB, its
#         block fails reads), good (16 KiB, no failure)
#   hdX2  meta-read: fill/ (600 empty files), then victim, whose inode
#         lies in an inode table block that fails reads; good
#   hdX3  meta-write: the same, the inode table block failing writes
#
# Each partition's "good" is in the first inode table block, which never
# fails.  The victims' inodes come after the 600 fillers, more than 32
# inode table blocks from the table's start, so Linux's inode table
# readahead (32 blocks from an aligned start) never reads the failing
# block while it reads the root or "good".
#
# RULES is blkdebug's configuration: one [inject-error] section per
# failing block, matching any request that covers the block's first
# sector, with errno 5 (EIO), every time.  QEMU attaches the two as
#   -drive file=blkdebug:RULES:IMAGE,format=raw,if=ide,index=2
# so Mapback and Linux see the same failures (user/tests/ext2_ioerr.c).
# IMAGE changes when a kernel writes to it: make it afresh, or boot a
# copy.
set -eu

img=${1:-build/ioerr.img} rules=${2:-build/ioerr.conf}
mke2fs=$(command -v mke2fs || echo /usr/sbin/mke2fs)
debugfs=$(command -v debugfs || echo /usr/sbin/debugfs)
tools=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mkioerr.XXXXXX")
trap 'rm -rf "$work"' EXIT
export E2FSPROGS_FAKE_TIME=1700000000

# pattern FILE KIB SEED: KIB KiB of bytes (SEED + 7 j + j / 256) mod 256,
# the bytes user/tests/ext2_ioerr.c expects.
pattern() {
	python3 -c 'import sys
n, s = int(sys.argv[2]) * 1024, int(sys.argv[3])
open(sys.argv[1], "wb").write(bytes((s + 7 * j + (j >> 8)) & 255 for j in range(n)))' "$@"
}

# fs NAME TREE UUID-SUFFIX: an 8 MiB ext2 of TREE, 4 KiB blocks.
fs() {
	"$mke2fs" -q -F -t ext2 -b 4096 -I 256 -N 1024 -d "$2" -L "$1" \
		-E hash_seed=6d617062-6163-6b00-0000-000000000003 \
		-U "6d617062-6163-6b00-0000-0000000000$3" "$work/$1" 8M \
		>"$work/log" 2>&1 || {
		cat "$work/log" >&2
		exit 1
	}
}

# block FS PATH N: the disk block of block N of PATH.
block() {
	"$debugfs" -R "bmap $2 $3" "$work/$1" 2>/dev/null
}

# itable_block FS PATH: the disk block holding PATH's inode.
itable_block() {
	local ino
	ino=$("$debugfs" -R "stat $2" "$work/$1" 2>/dev/null |
		sed -n 's/^Inode: \([0-9]*\).*/\1/p')
	"$debugfs" -R "imap <$ino>" "$work/$1" 2>/dev/null |
		sed -n 's/.*located at block \([0-9]*\),.*/\1/p'
}

mkdir -p "$work/data" "$work/meta"
pattern "$work/data/wfile" 16 1
pattern "$work/data/mfile" 16 2
pattern "$work/data/rfile" 64 3
pattern "$work/data/rmap" 4 4
pattern "$work/data/good" 16 5
pattern "$work/meta/good" 16 6
pattern "$work/victim" 4 7
# debugfs takes the first free inode each time: good 12, fill 13, the
# fillers 14-613, victim 614 (inode table block 38 of 64).
{
	echo "mkdir fill"
	for i in $(seq 600); do echo "write /dev/null fill/$i"; done
	echo "write $work/victim victim"
} >"$work/cmds"
fs p1 "$work/data" d1
fs p2 "$work/meta" d2
fs p3 "$work/meta" d3
for p in p2 p3; do
	"$debugfs" -w -f "$work/cmds" "$work/$p" >/dev/null 2>&1
done

# Partition N starts at 2048 + (N - 1) * 16384 sectors (tools/mkmbr.py:
# back to back from 1 MiB); a block of 4 KiB is 8 sectors.
rule() {	# rule PART BLOCK read|write
	local sector=$((2048 + ($1 - 1) * 16384 + $2 * 8))
	printf '[inject-error]\nevent = "%s_aio"\niotype = "%s"\nerrno = "5"\nsector = "%s"\n\n' \
		"$3" "$3" "$sector"
}
{
	echo "# blkdebug rules of $img (tools/mkioerr-image.sh)"
	echo
	rule 1 "$(block p1 /wfile 0)" write
	rule 1 "$(block p1 /mfile 0)" write
	rule 1 "$(block p1 /rfile 12)" read
	rule 1 "$(block p1 /rmap 0)" read
	rule 2 "$(itable_block p2 /victim)" read
	rule 3 "$(itable_block p3 /victim)" write
} >"$work/rules"
grep -q 'sector = "[0-9]' "$work/rules"
[ "$(grep -c 'sector = "[0-9]' "$work/rules")" = 6 ] || {
	echo "mkioerr-image: a block was not found:" >&2
	cat "$work/rules" >&2
	exit 1
}

mkdir -p "$(dirname "$img")"
rm -f "$img"
python3 "$tools/mkmbr.py" "$img" "$work/p1" "$work/p2" "$work/p3"
chmod 644 "$img"
cp "$work/rules" "$rules"
echo "mkioerr-image: $img, $rules"

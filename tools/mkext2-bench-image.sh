#!/bin/sh
# tools/mkext2-bench-image.sh - make the disk of the ext2_file benchmark.
#
#	tools/mkext2-bench-image.sh [IMAGE [FILE_MIB [DISK_MIB]]]
#		(default build/ext2-bench.img, 144, 256)
#
# A disk with one partition (hdc1) holding an ext2 file system with 4 KiB
# blocks, made by e2fsprogs' mke2fs, holding big.data: FILE_MIB MiB whose
# page i starts with the 32-bit word pressure_stamp(7, i) of
# user/bench/pressure.h and ends with i, zeros between (so no block is a
# hole).  The rest of the disk is free for the benchmark's write phase.
# tools/run-bench.sh attaches it as the secondary master (Mapback's hdc)
# of every boot, snapshot=on, so each boot finds the same disk.
set -eu

img=${1:-build/ext2-bench.img}
file_mib=${2:-144}
disk_mib=${3:-256}
mke2fs=$(command -v mke2fs || echo /usr/sbin/mke2fs)
if [ ! -x "$mke2fs" ]; then
	echo "mkext2-bench-image: mke2fs not found (install e2fsprogs)" >&2
	exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/mkext2b.XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 - "$work/tree/big.data" "$file_mib" <<'PY'
import os, struct, sys
path, mib = sys.argv[1], int(sys.argv[2])
os.makedirs(os.path.dirname(path))
zeros = bytes(4096 - 8)
with open(path, "wb") as f:
    for i in range(mib * 256):
        stamp = ((7 * 0x9E3779B1) ^ (i * 2654435761)) & 0xFFFFFFFF
        f.write(struct.pack("<I", stamp) + zeros + struct.pack("<I", i))
PY

export E2FSPROGS_FAKE_TIME=1700000000
"$mke2fs" -q -F -t ext2 -b 4096 -d "$work/tree" -L bench \
	-E hash_seed=6d617062-6163-6b00-0000-000000000003 \
	-U 6d617062-6163-6b00-0000-000000000004 \
	"$work/p1" "$((disk_mib - 1))M" >"$work/log" 2>&1 || {
	cat "$work/log" >&2
	exit 1
}
mkdir -p "$(dirname "$img")"
python3 "$(dirname "$0")/mkmbr.py" "$img.tmp" "$work/p1"
mv "$img.tmp" "$img"

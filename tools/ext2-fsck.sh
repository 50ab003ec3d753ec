#!/bin/sh
# tools/ext2-fsck.sh - check every ext2 partition of an MBR disk image
# with e2fsck, read-only (-fn: forced, answering no), as the oracle of
# what Mapback wrote there.
#
#	tools/ext2-fsck.sh IMAGE
#
# e2fsck opens a partition as IMAGE?offset=BYTES.  Fails (and prints
# e2fsck's report) if any partition is not clean.
set -eu

img=$1
e2fsck=$(command -v e2fsck || echo /sbin/e2fsck)
status=0
for off in $(python3 - "$img" <<'PY'
import struct, sys
mbr = open(sys.argv[1], "rb").read(512)
for i in range(4):
    kind, start = struct.unpack_from("<4xB3xI", mbr, 446 + 16 * i)
    if kind == 0x83:
        print(start * 512)
PY
); do
	if ! out=$("$e2fsck" -fn "$img?offset=$off" 2>&1); then
		echo "e2fsck -fn $img?offset=$off:"
		echo "$out"
		status=1
	fi
done
exit $status

#!/usr/bin/env python3
"""tools/mkmbr.py - put file system images into partitions of a disk image.

    tools/mkmbr.py DISK PART...

Writes DISK: an MBR whose primary entries (at most four, type 0x83,
Linux) hold the PART images back to back from sector 2048 (1 MiB, where
fdisk starts its first partition), each PART's bytes in its partition.
The CHS fields say "use LBA" (0xfeffff), as for a disk past 8 GiB: both
kernels read the LBA fields only.  Blocks of zeros are skipped, so DISK
is as sparse as the host's file system allows.
"""
import os
import struct
import sys


def main():
    if len(sys.argv) < 3 or len(sys.argv) > 6:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    disk, parts = sys.argv[1], sys.argv[2:]
    mbr = bytearray(512)
    start = 2048
    with open(disk, "wb") as out:
        out.truncate(start * 512)
        for i, part in enumerate(parts):
            size = os.path.getsize(part) // 512
            mbr[446 + 16 * i:462 + 16 * i] = struct.pack(
                "<B3sB3sII", 0, b"\xfe\xff\xff", 0x83, b"\xfe\xff\xff",
                start, size)
            out.seek(start * 512)
            with open(part, "rb") as f:
                while True:
                    chunk = f.read(1 << 20)
                    if not chunk:
                        break
                    if chunk.count(0) == len(chunk):
                        out.seek(len(chunk), os.SEEK_CUR)
                    else:
                        out.write(chunk)
            start += size
        out.truncate(start * 512)
        mbr[510:512] = b"\x55\xaa"
        out.seek(0)
        out.write(mbr)


main()

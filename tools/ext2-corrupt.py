#!/usr/bin/env python3
"""tools/ext2-corrupt.py - break two ext2 images on purpose, for the
tests that a corrupt disk gives errors and messages, never a panic.

    ext2-corrupt.py P3 P4

P3 (1 KiB blocks, the small tree of ext2-tree.py) gets, in its root
directory and inodes:
    badino    its directory entry names inode 5 (reserved)
    freeino   its entry names inode 100, which is not in use
    badblock  its first block pointer lies past the end of the disk
    badind    pointer 2 of its indirect block (file block 14) lies past
              the end of the disk
P4's superblock gets an incompat feature bit no driver knows (0x8000).
The images are read and patched with the format of fs/ext2/ext2.h.
"""
import struct
import sys

BAD_BLOCK = 0x7FFFFFF0


class Fs:
    def __init__(self, path):
        self.f = open(path, "r+b")
        sb = self.read(1024, 1024)
        (self.inodes, self.blocks, _, _, _, self.first_data,
         log_bs) = struct.unpack_from("<7I", sb, 0)
        self.bs = 1024 << log_bs
        self.ipg = struct.unpack_from("<I", sb, 40)[0]
        self.isize = struct.unpack_from("<H", sb, 88)[0]

    def read(self, off, n):
        self.f.seek(off)
        return self.f.read(n)

    def write(self, off, data):
        self.f.seek(off)
        self.f.write(data)

    def inode_off(self, ino):
        g, i = divmod(ino - 1, self.ipg)
        gd = (self.first_data + 1) * self.bs + 32 * g
        table = struct.unpack_from("<I", self.read(gd, 32), 8)[0]
        return table * self.bs + i * self.isize

    def block_ptr_off(self, ino, n):
        return self.inode_off(ino) + 40 + 4 * n

    def block_ptr(self, ino, n):
        return struct.unpack("<I", self.read(self.block_ptr_off(ino, n), 4))[0]

    def root_entries(self):
        """(offset of the entry on disk, inode, name) of the root's."""
        out = []
        size = struct.unpack_from("<I", self.read(self.inode_off(2), 8), 4)[0]
        for b in range(size // self.bs):
            base = self.block_ptr(2, b) * self.bs
            blk = self.read(base, self.bs)
            off = 0
            while off < self.bs:
                ino, rec, nl = struct.unpack_from("<IHB", blk, off)
                out.append((base + off, ino, blk[off + 8:off + 8 + nl]))
                off += rec
        return out


def corrupt_p3(path):
    fs = Fs(path)
    ents = {name: (off, ino) for off, ino, name in fs.root_entries()}
    fs.write(ents[b"badino"][0], struct.pack("<I", 5))
    fs.write(ents[b"freeino"][0], struct.pack("<I", 100))
    fs.write(fs.block_ptr_off(ents[b"badblock"][1], 0),
             struct.pack("<I", BAD_BLOCK))
    ind = fs.block_ptr(ents[b"badind"][1], 12)
    fs.write(ind * fs.bs + 4 * 2, struct.pack("<I", BAD_BLOCK))


def corrupt_p4(path):
    fs = Fs(path)
    incompat = struct.unpack("<I", fs.read(1024 + 96, 4))[0]
    fs.write(1024 + 96, struct.pack("<I", incompat | 0x8000))


corrupt_p3(sys.argv[1])
corrupt_p4(sys.argv[2])

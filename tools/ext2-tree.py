#!/usr/bin/env python3
"""tools/ext2-tree.py - the tree tools/mkext2-image.sh puts on the ext2
test partitions, with its /MANIFEST.

    ext2-tree.py DIR            the full tree (hdc1, hdc2)
    ext2-tree.py --small DIR    the small tree that ext2-corrupt.py breaks

Contents come from pattern(seed, n), the generator user/tests/ext2_read.c
repeats, and their checksum is FNV-1a (32 bits).  MANIFEST lines:

    D path mode mtime uid gid           a directory
    F path mode size mtime uid gid fnv  a regular file
    L path target                       a symbolic link
    S path size off,off,...             a sparse file: 4096 bytes of
                                        pattern(off >> 12) at each offset,
                                        zeros everywhere else
"""
import os
import sys

MTIME = 1600000000


def pattern(seed, n):
    x = (seed * 2654435761 + 1) & 0xFFFFFFFF
    out = bytearray(n)
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0xFFFFFFFF
        out[i] = (x >> 16) & 0xFF
    return bytes(out)


def fnv(data):
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


class Tree:
    def __init__(self, root):
        self.root = root
        self.lines = []
        self.dirs = []
        self.n = 0
        os.makedirs(root)

    def path(self, rel):
        return os.path.join(self.root, rel)

    def stamp(self, rel, mode, uid=0, gid=0):
        self.n += 1
        p = self.path(rel)
        os.chmod(p, mode)
        os.chown(p, uid, gid)
        os.utime(p, (MTIME, MTIME + self.n))
        return MTIME + self.n

    def dir(self, rel, mode=0o755, uid=0, gid=0):
        os.makedirs(self.path(rel), exist_ok=True)
        t = self.stamp(rel, mode, uid, gid)
        self.dirs.append((rel, t))
        self.lines.append("D /%s %o %d %d %d" % (rel, mode, t, uid, gid))

    def file(self, rel, data, mode=0o644, uid=0, gid=0):
        with open(self.path(rel), "wb") as f:
            f.write(data)
        t = self.stamp(rel, mode, uid, gid)
        self.lines.append("F /%s %o %d %d %d %d %08x" %
                          (rel, mode, len(data), t, uid, gid, fnv(data)))

    def link(self, rel, target):
        os.symlink(target, self.path(rel))
        self.lines.append("L /%s %s" % (rel, target))

    def sparse(self, rel, size, offsets):
        with open(self.path(rel), "wb") as f:
            for off in offsets:
                f.seek(off)
                f.write(pattern(off >> 12, 4096))
            f.truncate(size)
        self.stamp(rel, 0o644)
        self.lines.append("S /%s %d %s" %
                          (rel, size, ",".join(str(o) for o in offsets)))

    def finish(self):
        with open(self.path("MANIFEST"), "w") as f:
            f.write("\n".join(self.lines) + "\n")
        os.utime(self.path("MANIFEST"), (MTIME, MTIME))
        # Entries made after a directory's stamp changed its mtime.
        for rel, t in self.dirs:
            os.utime(self.path(rel), (MTIME, t))
        os.utime(self.root, (MTIME, MTIME))


def full(t):
    t.file("hello.txt", b"hello, ext2\n")
    t.file("empty", b"")
    t.file("tail", pattern(7, 5000))
    # 300 KiB: direct, single and (with 1 KiB blocks) double indirect.
    t.file("pattern.bin", pattern(1, 300 * 1024))
    t.file("private", b"for root only\n", mode=0o600)
    t.file("owned", b"uid and gid above 16 bits\n", uid=100000, gid=200000)
    t.dir("many")
    for i in range(150):
        t.file("many/f%03d" % i, b"file %d\n" % i)
    deep = "deep"
    t.dir(deep)
    for i in range(1, 17):
        deep += "/d%d" % i
        t.dir(deep)
    t.file(deep + "/leaf.txt", b"at the bottom\n")
    t.link("link-short", "hello.txt")
    t.link("link-long", deep + "/leaf.txt")
    t.link("link-dir", "deep/d1")
    # Holes, and data reached through the triple indirect block with
    # 1 KiB blocks (past 64 MiB) and with 4 KiB blocks (past 4 GiB).
    t.sparse("sparse", 5 * 2**30 + 8192,
             [0, 1 << 20, 70 << 20, 5 * 2**30])


def small(t):
    t.file("good.txt", b"still readable\n")
    t.file("badino", b"its entry will name inode 5\n")
    t.file("freeino", b"its entry will name a free inode\n")
    t.file("badblock", pattern(3, 3000))
    t.file("badind", pattern(4, 20 * 1024))


def main():
    args = sys.argv[1:]
    is_small = args and args[0] == "--small"
    t = Tree(args[-1])
    (small if is_small else full)(t)
    t.finish()


if __name__ == "__main__":
    main()

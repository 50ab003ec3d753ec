#!/usr/bin/env python3
"""tools/power-cut-check.py - judge an ext2 image after a power cut.

    tools/power-cut-check.py IMAGE LOG

LOG is the serial log of a boot of user/tests/ext2_powercut.c that was
killed; every "# powercut: synced N" line in it names a file, d/fN, that
was written, fsync'ed and its directory fsync'ed before the cut.  Runs
`e2fsck -fy` on IMAGE (repairs allowed: ext2 has no journal), then
`e2fsck -fn` (nothing may be left to repair), then reads each synced file
with debugfs: its bytes must be exactly what the workload wrote.  Prints
what it found; exits 1 on any failure.
"""
import re
import shutil
import subprocess
import sys


def size(i):
    return ((i * 7919) % 96 + 1) * 1024 - (i % 3) * 100


def content(i):
    return bytes((i * 31 + j * 7 + (j >> 8)) & 0xFF for j in range(size(i)))


def tool(name):
    return shutil.which(name) or "/sbin/" + name


def main():
    img, log = sys.argv[1], sys.argv[2]
    text = open(log, "rb").read().decode("latin-1")
    synced = [int(n) for n in re.findall(r"# powercut: synced (\d+)\r?\n", text)]
    failed = False
    fix = subprocess.run([tool("e2fsck"), "-fy", img], capture_output=True,
                         text=True)
    print(f"e2fsck -fy: exit {fix.returncode}")
    if fix.returncode >= 4:
        print(fix.stdout + fix.stderr)
        failed = True
    check = subprocess.run([tool("e2fsck"), "-fn", img], capture_output=True,
                           text=True)
    if check.returncode != 0:
        print("e2fsck -fn after the repair is not clean:")
        print(check.stdout + check.stderr)
        failed = True
    for i in synced:
        got = subprocess.run([tool("debugfs"), "-R", f"cat /d/f{i}", img],
                             capture_output=True).stdout
        if got != content(i):
            print(f"d/f{i}: synced before the cut, but reads back "
                  f"{len(got)} bytes, not its {size(i)}")
            failed = True
    print(f"{len(synced)} synced files checked")
    sys.exit(1 if failed else 0)


main()

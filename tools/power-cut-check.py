#!/usr/bin/env python3
"""tools/power-cut-check.py - judge an ext2 or ext3 image after a power cut.

    tools/power-cut-check.py [--host-replay | --clean] IMAGE LOG
    tools/power-cut-check.py --journal IMAGE WANT   (debugfs commands)
    tools/power-cut-check.py --same IMAGE WANT

--host-replay (ext3): the host's e2fsck replays the journal and nothing
else; --clean (ext3, after Mapback's replay): no e2fsck run but -fn.
--journal prints debugfs commands that log junk over a block and revoke
it, then the blocks in which WANT differs from IMAGE (1 KiB blocks);
--same checks IMAGE after a replay against WANT.

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


def fsck_clean(img):
    check = subprocess.run([tool("e2fsck"), "-fn", img], capture_output=True,
                           text=True)
    if check.returncode != 0:
        print("e2fsck -fn is not clean:")
        print("\n".join((check.stdout + check.stderr).splitlines()[:40]))
    return check.returncode == 0


def blocks(img):
    data = open(img, "rb").read()
    return [data[i:i + 1024] for i in range(0, len(data), 1024)]


def changed(img, want):
    a, b = blocks(img), blocks(want)
    return [i for i in range(len(a)) if a[i] != b[i]]


def journal_cmds(img, want):
    """debugfs commands that log, as committed transactions, the blocks
    in which want differs from img (1 KiB blocks); then a transaction
    that logs junk over the file's data block, one that revokes it, then
    the blocks: the junk must not be replayed, the later copy must."""
    new = blocks(want)
    ch = changed(img, want)
    base = img[:-len(".img")]
    data = base + ".data"
    open(data, "wb").write(b"".join(new[i] for i in ch))
    # The data block of rep/f is the one that starts with the magic.
    magic = bytes.fromhex("c03b3998")
    fblock = [i for i in ch if new[i].startswith(magic)][0]
    open(base + ".junk", "wb").write(b"\xee" * 1024)
    print("jo")
    print(f"jw -b {fblock} {base}.junk")
    print(f"jw -r {fblock}")
    print(f"jw -b {','.join(map(str, ch))} {data}")
    print("jc")


def same(img, want):
    """After the replay: clean, and every block but the superblock's (the
    mount and unmount change it) and the journal's is as in want."""
    ok = fsck_clean(img)
    out = subprocess.run([tool("debugfs"), "-R", "blocks <8>", img],
                         capture_output=True, text=True).stdout
    log = {int(b) for b in out.split()}
    diff = [i for i in changed(img, want) if i != 1 and i not in log]
    if diff:
        print(f"blocks not replayed as debugfs made them: {diff}")
        ok = False
    got = subprocess.run([tool("debugfs"), "-R", "cat /rep/f", img],
                         capture_output=True).stdout
    print(f"rep/f reads {got!r}")
    return ok and got == open(img[:-len(".img")] + ".txt", "rb").read()


def main():
    if sys.argv[1] == "--journal":
        journal_cmds(sys.argv[2], sys.argv[3])
        return
    if sys.argv[1] == "--same":
        sys.exit(0 if same(sys.argv[2], sys.argv[3]) else 1)
    mode = sys.argv[1] if sys.argv[1].startswith("--") else ""
    if mode:
        del sys.argv[1]
    img, log = sys.argv[1], sys.argv[2]
    text = open(log, "rb").read().decode("latin-1")
    synced = [int(n) for n in re.findall(r"# powercut: synced (\d+)\r?\n", text)]
    failed = False
    if mode == "--host-replay":
        # ext3: the journal replayed, nothing else may need repair.
        rep = subprocess.run([tool("e2fsck"), "-E", "journal_only", "-y",
                              img], capture_output=True, text=True)
        print(f"e2fsck -E journal_only: exit {rep.returncode}")
        failed = rep.returncode != 0
    elif not mode:
        fix = subprocess.run([tool("e2fsck"), "-fy", img],
                             capture_output=True, text=True)
        print(f"e2fsck -fy: exit {fix.returncode}")
        if fix.returncode >= 4:
            print(fix.stdout + fix.stderr)
            failed = True
    if not fsck_clean(img):
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

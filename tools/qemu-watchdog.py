#!/usr/bin/env python3
"""tools/qemu-watchdog.py - run QEMU with a time limit; on a hang, keep evidence.

    tools/qemu-watchdog.py SECONDS DUMP ELF QEMU [ARG...]

Runs QEMU ARG... with its monitor on a private unix socket.  If QEMU
exits within SECONDS, this exits with QEMU's status, as timeout(1) would.
If not, the boot has hung: before killing it, this asks the monitor for
every CPU's registers and, for each CPU stopped in the kernel (CPL 0), the
chain of frames from its EBP (the kernel keeps frame pointers: [ebp] is the
caller's ebp, [ebp+4] the return address), each address named from ELF's
symbol table, and writes it all to DUMP.  Then it exits 124, timeout(1)'s
status for "timed out", so the caller's judgement is the same.

For Mapback (ELF given) it then sends every CPU an NMI, whose handler
prints each CPU's state and every task with the calls it sleeps in (a
lost wake-up shows as tasks asleep while every CPU idles), and appends what
the console printed (QEMU's -serial file:PATH) to DUMP.

ELF may be "-" (a kernel without Mapback's symbols, such as Linux): the
registers are dumped, the addresses left unnamed, no NMI sent.  A one-off
hang then leaves the place each CPU was in, not only a console that went
quiet.

SIGUSR1 makes the dump happen at once, as if the time were up: a script
that has seen the boot reach the state it wants to look at sends it.
"""
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

MAX_FRAMES = 16
NMI_WAIT = 10  # seconds for every CPU to print its part
KERNEL_BASE = 0xC0000000


def elf_functions(path):
    """(address, name) of every code symbol in a 32-bit ELF file, sorted:
    functions, and the untyped labels of assembly (trapret, alltraps)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1:
        return []
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
    sections = [struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize)
                for i in range(shnum)]
    funcs = []
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 16):
            name, value, _, info, _, shndx = struct.unpack_from(
                "<IIIBBH", data, off)
            # STT_FUNC, or STT_NOTYPE in a section (not the file's name)
            if info & 0xF not in (0, 2) or shndx == 0 or not name:
                continue
            start = strtab[4] + name
            end = data.index(b"\0", start)
            funcs.append((value, data[start:end].decode(errors="replace")))
    funcs.sort()
    return funcs


def name_of(funcs, addr):
    lo, hi = 0, len(funcs)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if funcs[mid][0] <= addr:
            lo = mid
        else:
            hi = mid
    if not funcs or funcs[lo][0] > addr:
        return ""
    return " %s+0x%x" % (funcs[lo][1], addr - funcs[lo][0])


class Monitor:
    """QEMU's human monitor over a unix socket: a command in, its text out."""
    ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]|\r")

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.read_to_prompt()

    def read_to_prompt(self):
        buf = b""
        while not buf.endswith(b"(qemu) "):
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            buf += chunk
        text = self.ANSI.sub("", buf.decode(errors="replace"))
        return text[: -len("(qemu) ")] if text.endswith("(qemu) ") else text

    def command(self, line):
        self.sock.sendall(line.encode() + b"\n")
        out = self.read_to_prompt()
        # The monitor echoes the command line first.
        first, _, rest = out.partition("\n")
        return rest if line in first else out


def read_words(mon, addr, count):
    words = []
    for line in mon.command("x/%dwx 0x%x" % (count, addr)).splitlines():
        _, _, values = line.partition(":")
        words += [int(w, 16) for w in values.split()]
    return words


# Register lines a kernel hang is never explained by.
NOISE = re.compile(r"^(FPR|XMM|FCW|DR[0-9]|EFER)")


def dump_cpu(mon, funcs, cpu, regs, out):
    out.writelines(line + "\n" for line in regs.splitlines()
                   if not NOISE.match(line))
    fields = dict(re.findall(r"\b([A-Z0-9]+)=([0-9a-fx]+)", regs))
    eip = int(fields.get("EIP", "0"), 16)
    ebp = int(fields.get("EBP", "0"), 16)
    if fields.get("CPL") != "0":
        out.write("  (user mode)\n\n")
        return
    mon.command("cpu %d" % cpu)
    out.write("  at %08x%s\n" % (eip, name_of(funcs, eip)))
    for _ in range(MAX_FRAMES):
        if ebp < KERNEL_BASE or ebp & 3:
            break
        frame = read_words(mon, ebp, 2)
        if len(frame) < 2:
            break
        out.write("  from %08x%s\n" % (frame[1], name_of(funcs, frame[1])))
        if frame[0] <= ebp:
            break
        ebp = frame[0]
    out.write("\n")


def paging_on(regs):
    """Has the kernel started this CPU?  One it never started (nosmp,
    maxcpus=) still waits for its start-up IPI in real mode and answers
    no NMI."""
    cr0 = re.search(r"\bCR0=([0-9a-f]+)", regs)
    return bool(cr0) and (int(cr0.group(1), 16) & 0x80000000) != 0


def serial_log(args):
    """The file QEMU's -serial file:PATH writes the console to, or None."""
    for flag, value in zip(args, args[1:]):
        if flag == "-serial" and value.startswith("file:"):
            return value[len("file:"):]
    return None


def log_size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def read_from(path, offset):
    with open(path, "rb") as f:
        f.seek(offset)
        return f.read().decode(errors="replace").replace("\r", "")


def nmi_dump(mon, log_path, running, out):
    """Let the machine run again and send every CPU an NMI: Mapback's
    handler (kernel/cpu/nmi.c) prints each CPU's registers and backtrace
    and every task with the calls it sleeps in, each CPU's part ending
    with an end line.  Wait for those of the running CPUs, then copy that
    text."""
    start = log_size(log_path)
    mon.command("cont")
    mon.command("nmi")
    deadline = time.monotonic() + NMI_WAIT
    ends = ["---[ end NMI on CPU%d ]---" % i for i in running]
    while time.monotonic() < deadline:
        text = read_from(log_path, start)
        if all(end in text for end in ends):
            break
        time.sleep(0.1)
    else:
        out.write("qemu-watchdog: not every CPU answered the NMI in %d s\n"
                  % NMI_WAIT)
    out.write("--- what the kernel printed for the NMI ---\n")
    out.write(read_from(log_path, start))


def dump(sock_path, elf, dump_path, log_path):
    funcs = elf_functions(elf) if elf != "-" else []
    mon = Monitor(sock_path)
    mon.command("stop")
    with open(dump_path, "w") as out:
        cpus = mon.command("info cpus")
        out.write(cpus + "\n")
        regs = mon.command("info registers -a")
        running = []
        for cpu, text in enumerate(re.split(r"^CPU#\d+\n", regs,
                                            flags=re.M)[1:]):
            out.write("CPU#%d\n" % cpu)
            dump_cpu(mon, funcs, cpu, text, out)
            if paging_on(text):
                running.append(cpu)
        if funcs and log_path:
            nmi_dump(mon, log_path, running, out)
    mon.command("quit")


class DumpNow(Exception):
    """SIGUSR1: the caller says the boot is stuck now."""


def dump_now(signum, frame):
    raise DumpNow()


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    seconds, dump_path, elf = float(sys.argv[1]), sys.argv[2], sys.argv[3]
    workdir = tempfile.mkdtemp(prefix="qemu-watchdog.")
    sock_path = os.path.join(workdir, "monitor")
    cmd = sys.argv[4:] + ["-monitor", "unix:%s,server=on,wait=off" % sock_path]
    try:
        os.unlink(dump_path)
    except FileNotFoundError:
        pass
    qemu = subprocess.Popen(cmd)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGUSR1, dump_now)
    try:
        try:
            sys.exit(qemu.wait(timeout=seconds))
        except (subprocess.TimeoutExpired, DumpNow):
            pass
        signal.signal(signal.SIGUSR1, signal.SIG_IGN)
        try:
            dump(sock_path, elf, dump_path, serial_log(cmd))
        except (OSError, ValueError) as e:
            with open(dump_path, "a") as out:
                out.write("qemu-watchdog: no dump: %s\n" % e)
        try:
            qemu.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        sys.exit(124)
    finally:
        if qemu.poll() is None:
            qemu.kill()
            qemu.wait()
        try:
            os.unlink(sock_path)
        except FileNotFoundError:
            pass
        os.rmdir(workdir)


if __name__ == "__main__":
    main()

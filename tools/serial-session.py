#!/usr/bin/env python3
"""tools/serial-session.py - type at a booted shell over the serial console.

    tools/serial-session.py LOG SESSION EMULATOR [ARG...]

Starts EMULATOR ARG... (QEMU with -serial stdio), waits for the shell
prompt on its serial console and types the commands of SESSION
(tools/serial-session.txt describes the format) one by one, each after the
previous one's prompt has come back.  It checks each command's output
against the SESSION's patterns, or, for a command whose output is a file
printed by `uuencode -m`, runs a host program on that file and checks
its output instead.  The last command must make the emulator
exit (poweroff).  Nothing waits a fixed time: every step waits for its
text, up to STEP_TIMEOUT seconds.

Everything the console printed goes to LOG, followed by one TAP line per
command (`ok N - COMMAND`, or `not ok` with `#` lines saying what was
missing) and `session: N passed, N failed`, the summary tools/run-tests.sh
looks for.  The exit status is the emulator's, or 1 when it had to be
killed (a step timed out).
"""
import base64
import os
import re
import select
import subprocess
import sys
import time

# The prompt user/rootfs/etc/profile sets, at the end of what came so far,
# with the terminal queries BusyBox's line editing may print after it.
PROMPT = re.compile(rb"mapback:[^\n#]*# (\x1b\[[0-9;?]*[A-Za-z])*$")
# Terminal control sequences, dropped from the output before checking it.
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
STEP_TIMEOUT = 60


def load_session(path):
    """[(command, [pattern...], host filter or None), ...] from SESSION."""
    steps = []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("$ "):
                steps.append((line[2:], [], []))
            elif steps and line.startswith("| "):
                steps[-1][2].extend(line[2:].split())
            elif steps:
                steps[-1][1].append(re.compile(line))
            else:
                sys.exit(f"serial-session: {path}: pattern before any command")
    return [(c, p, f or None) for c, p, f in steps]


def host_filter(argv, out):
    """A file the guest printed with `uuencode -m`, run through the host
    command argv (the file's name appended): its output, or a diagnostic."""
    text = out.decode(errors="replace").replace("\r", "")
    m = re.search(r"^begin-base64 [0-7]+ \S+\n(.*?)^====$", text, re.S | re.M)
    if not m:
        return None, "no begin-base64 ... ==== block in the output"
    path = f"{sys.argv[1]}.file"
    with open(path, "wb") as f:
        f.write(base64.b64decode("".join(m.group(1).split())))
    run = subprocess.run(argv + [path], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
    return run.stdout, None


class Console:
    """The emulator's serial console: what it printed, and typing."""

    def __init__(self, argv, log):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.log = log
        self.buf = b""

    def read_some(self, deadline):
        """Append what arrives before deadline; False at end of output."""
        left = deadline - time.monotonic()
        if left <= 0:
            return True
        ready, _, _ = select.select([self.proc.stdout], [], [], left)
        if not ready:
            return True
        data = os.read(self.proc.stdout.fileno(), 4096)
        if not data:
            return False
        self.log.write(data)
        self.log.flush()
        self.buf += data
        return True

    def wait_prompt(self):
        """Everything printed up to the next prompt, or None (timeout/exit)."""
        deadline = time.monotonic() + STEP_TIMEOUT
        while time.monotonic() < deadline:
            match = PROMPT.search(self.buf)
            if match:
                out, self.buf = self.buf[:match.start()], self.buf[match.end():]
                return out
            if not self.read_some(deadline):
                return None
        return None

    def wait_exit(self):
        """Read until the emulator ends; its status, or None on timeout."""
        deadline = time.monotonic() + STEP_TIMEOUT
        while time.monotonic() < deadline and self.read_some(deadline):
            if self.proc.poll() is not None and not self.pending():
                break
        try:
            return self.proc.wait(timeout=max(0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return None

    def pending(self):
        ready, _, _ = select.select([self.proc.stdout], [], [], 0)
        return bool(ready)

    def type(self, text):
        # Enter on a serial terminal is CR.
        self.proc.stdin.write(text.encode() + b"\r")
        self.proc.stdin.flush()

    def kill(self):
        self.proc.kill()
        self.proc.wait()


def check(command, patterns, out):
    """The diagnostics for one command's output; empty when it passed."""
    text = ESCAPE.sub("", out.decode(errors="replace").replace("\r", ""))
    lines = text.split("\n")
    # The first line is the shell echoing the command itself.
    if lines and lines[0].endswith(command):
        lines = lines[1:]
    why = []
    for pattern in patterns:
        if not any(pattern.search(line) for line in lines):
            why.append(f"no line matches /{pattern.pattern}/")
    if why:
        why.append("got: " + " | ".join(line for line in lines if line))
    return why


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    steps = load_session(sys.argv[2])
    results = []
    status = 1
    with open(sys.argv[1], "wb") as log:
        console = Console(sys.argv[3:], log)
        if console.wait_prompt() is None:
            results.append(("first prompt", ["no shell prompt"]))
        else:
            for i, (command, patterns, host) in enumerate(steps):
                console.type(command)
                if i == len(steps) - 1:
                    status = console.wait_exit()
                    why = [] if status is not None else ["the emulator did not exit"]
                    results.append((command, why))
                    break
                out = console.wait_prompt()
                if out is None:
                    results.append((command, ["no prompt after it"]))
                    break
                if host:
                    out, why = host_filter(host, out)
                    if why:
                        results.append((command, [why]))
                        continue
                    command = " ".join(host)
                results.append((command, check(command, patterns, out)))
        if status is None or console.proc.poll() is None:
            console.kill()
            status = 1
        report = ["\n"]
        failed = 0
        for n, (command, why) in enumerate(results, 1):
            report += [f"# {w}\n" for w in why]
            report.append(f"{'not ok' if why else 'ok'} {n} - {command}\n")
            failed += bool(why)
        report.append(f"session: {len(results) - failed} passed, {failed} failed\n")
        log.write("".join(report).encode())
    sys.exit(status)


if __name__ == "__main__":
    main()

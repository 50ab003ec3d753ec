#!/usr/bin/env python3
"""tools/check-docs.py - the docs agree with the tree.

make test runs this as a host check, so that what README.md and docs/ say
about the tree cannot drift from it unnoticed:

  paths     every path of the tree that README.md or a docs/ page names
            (kernel/sched/sched.c, fs/proc/, ...) exists.  A path named
            as Linux's own ("Linux's mm/memfd.c") is not Mapback's and is
            skipped, as are lab trees' paths in docs/labs.
  sizes     docs/reading-order.md gives each file's length in lines as
            "`path` (N)": N is within a fifth of the file's length (or 15
            lines), so the reading plan keeps its proportions.
  params    README's table of kernel command-line words lists exactly the
            keys the kernel declares with KERNEL_PARAM.
  boots     every boot of tools/test-boots is named in README's Tests
            section.

Prints what disagrees and exits 1 if anything did.
Usage: tools/check-docs.py        (from anywhere in the tree)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
os.chdir(ROOT)

TOP = r"(?:boot|kernel|mm|fs|ipc|compat|user|tools|docs)"
PATH = re.compile(r"(?<![\w/.$-])(" + TOP + r"/[\w./-]*?(?:\.(?:c|h|asm|md|sh|py|txt|mk|cfg)|/))(?![\w.*{])")
problems = []


def tracked_files():
    out = subprocess.run(["git", "ls-files"], capture_output=True, text=True)
    if out.returncode == 0 and out.stdout:
        return out.stdout.split()
    found = []
    for d, _, files in os.walk("."):
        found += [os.path.join(d, f)[2:] for f in files]
    return found


def doc_files():
    docs = ["README.md"]
    for d, _, files in os.walk("docs"):
        if d.startswith("docs/labs"):
            continue
        docs += [os.path.join(d, f) for f in files if f.endswith(".md")]
    return sorted(docs)


def check_paths(tree):
    dirs = {os.path.dirname(f) + "/" for f in tree}
    for parts in list(dirs):
        while "/" in parts[:-1]:
            parts = parts[:parts[:-1].rindex("/") + 1]
            dirs.add(parts)
    for doc in doc_files():
        for n, line in enumerate(open(doc, encoding="utf-8"), 1):
            for m in PATH.finditer(line):
                p = m.group(1)
                before = line[max(0, m.start() - 40):m.start()]
                if "Linux" in before or "build/" in before:
                    continue
                if p in tree or p in dirs:
                    continue
                problems.append(f"{doc}:{n}: names {p}, which the tree does not have")


def count_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for _ in f)


def check_sizes():
    doc = "docs/reading-order.md"
    size = re.compile(r"`(" + TOP + r"/[\w./-]+)` \(([\d,]+)\)")
    for n, line in enumerate(open(doc, encoding="utf-8"), 1):
        for m in size.finditer(line):
            path, said = m.group(1), int(m.group(2).replace(",", ""))
            if not os.path.isfile(path):
                continue  # reported by check_paths
            real = count_lines(path)
            if abs(real - said) > max(15, real // 5):
                problems.append(f"{doc}:{n}: {path} has {real} lines, the text says {said}")


def check_params(tree):
    declared = set()
    decl = re.compile(r'^KERNEL_PARAM\("([\w.]+)"', re.M)
    for f in tree:
        if f.endswith((".c", ".h")) and not f.startswith("user/"):
            declared |= set(decl.findall(open(f, encoding="utf-8", errors="replace").read()))
    text = open("README.md", encoding="utf-8").read()
    section = text[text.index("## Kernel command line"):]
    section = section[:section.index("\n## ", 1)]
    listed = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            for word in re.findall(r"`([\w.]+)", line.split("|")[1]):
                listed.add(word)
    for key in sorted(declared - listed):
        problems.append(f"README.md: the kernel reads `{key}` (KERNEL_PARAM), the command-line table lacks it")
    for key in sorted(listed - declared):
        problems.append(f"README.md: the command-line table lists `{key}`, which no KERNEL_PARAM declares")


def check_boots():
    text = open("README.md", encoding="utf-8").read()
    section = text[text.index("## Tests"):]
    section = section[:section.index("\n## ", 1)]
    for line in open("tools/test-boots", encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        name = line.split("|")[0].strip()
        if f"`{name}`" not in section:
            problems.append(f"README.md: the Tests section does not name the boot `{name}` of tools/test-boots")


tree = set(tracked_files())
check_paths(tree)
check_sizes()
check_params(tree)
check_boots()
for p in problems:
    print(p)
print(f"check-docs: {len(problems)} problem(s)")
sys.exit(1 if problems else 0)

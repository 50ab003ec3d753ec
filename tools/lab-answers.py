#!/usr/bin/env python3
"""tools/lab-answers.py - where the labs' answers are, and keeping them out
of a student tree (docs/labs/README.md).

    tools/lab-answers.py unquote LAB OUT	replace, in OUT/docs, every code
					block that quotes an answer of lab
					LAB or a later lab with a pointer
					to the lab's handout
    tools/lab-answers.py check LAB TREE	fail if a file of TREE holds a
					line of such an answer

An answer is the code between `/* LAB n BEGIN: ... */` and
`/* LAB n END */` in this tree.  A tree handed out for lab LAB may hold
the answers of the labs before it, and none of lab LAB or after.  A line
of an answer is compared with its leading and trailing blanks dropped and
its inner runs of blanks made one space.  It tells nothing, and is never
looked for, when it is shorter than MIN_CHARS (`}`, `break;`, `o--;`) or
when it appears in this tree's source outside those answers too
(`return 0;`, `put_page(page);`, or a line of an earlier lab's answer,
which the tree may hold).

A code block of the docs quotes an answer when one of its lines is a
telling line of it, or when the paragraph above it names (as the book's
quote headings do, tools/check-book-quotes.sh) a function that holds a
region of the lab.  `check` looks at every file of TREE but build/ and
prints each telling line it finds as FILE:LINE with the answer it comes
from; exit 1 if there was one.
"""
import os
import re
import shutil
import subprocess
import sys

MIN_CHARS = 10
SOURCE = re.compile(r"\.(c|h|asm|S|ld)$")
BEGIN = re.compile(r"/\* LAB ([0-9]) BEGIN: ")
HEADING = re.compile(r"^`([A-Za-z0-9_./-]+)`(?:, `([A-Za-z0-9_]+)`)?.*:$")


def norm(line):
    return " ".join(line.split())


def tracked():
    out = subprocess.run(["git", "ls-files", "-z"], capture_output=True,
                         text=True, check=True).stdout
    return [f for f in out.split("\0") if f]


def read_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().splitlines()


def answers(lab):
    """{file: [(first, last, l)]} of the regions of lab lab and later,
    as 0-based line numbers of the code between the markers, and the
    lines outside them of every source file."""
    regions, outside = {}, {}
    for path in tracked():
        if not SOURCE.search(path) or not os.path.isfile(path):
            continue
        lines = read_lines(path)
        inside, keep = None, []
        for i, line in enumerate(lines):
            m = BEGIN.search(line)
            if m and inside is None and int(m.group(1)) >= lab:
                inside = (i + 1, int(m.group(1)))
            elif inside and f"/* LAB {inside[1]} END */" in line:
                regions.setdefault(path, []).append((inside[0], i - 1, inside[1]))
                inside = None
            elif inside is None:
                keep.append(line)
        outside[path] = keep
    return regions, outside


def telling(lab):
    """{normalised line: (lab, file, line number)} of the answers' lines
    that tell something, and the regions."""
    regions, outside = answers(lab)
    common = {norm(l) for lines in outside.values() for l in lines}
    found = {}
    for path, rs in regions.items():
        lines = read_lines(path)
        for first, last, l in rs:
            for i in range(first, last + 1):
                n = norm(lines[i])
                if len(n) >= MIN_CHARS and n not in common and n not in found:
                    found[n] = (l, path, i + 1)
    return found, regions


def holds_region(path, name, rs):
    """The lab of a region that overlaps the definition of function name
    in path, or None."""
    lines = read_lines(path)
    call = re.compile(r"(^|[^A-Za-z0-9_])" + re.escape(name) + r"\(")
    for i, line in enumerate(lines):
        if not line[:1].isalpha() or not call.search(line):
            continue
        head = i	# a prototype ends in ";" before any "{"
        while head < min(i + 8, len(lines) - 1) and "{" not in lines[head] and \
                not lines[head].rstrip().endswith(";"):
            head += 1
        if "{" not in lines[head]:
            continue
        end = head
        while end < len(lines) - 1 and not lines[end].startswith("}"):
            end += 1
        for first, last, l in rs:
            if first <= end and last >= i:
                return l
    return None


def handout(l):
    for f in sorted(os.listdir("docs/labs")):
        if f.startswith(f"0{l}-"):
            return f
    sys.exit(f"lab-answers: no handout docs/labs/0{l}-*.md")


def pointer(l, md):
    rel = os.path.relpath(os.path.join("docs/labs", handout(l)),
                          os.path.dirname(md))
    return [f"*This code is yours to write in lab {l}: see [the handout]({rel}).*"]


def unquote_file(md, out, lines, found, regions):
    """The lines of md with each answer's code block replaced."""
    res, para, i, n = [], "", 0, 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("```"):
            res.append(line)
            para = "" if not line.strip() else (para + " " + line.strip()).strip()
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        block = lines[i + 1:j]
        labs = [found[norm(b)][0] for b in block if norm(b) in found]
        m = HEADING.match(para)
        if m and m.group(2) and m.group(1) in regions:
            l = holds_region(m.group(1), m.group(2), regions[m.group(1)])
            if l:
                labs.append(l)
        if labs:
            res += pointer(min(labs), md)
            n += 1
        else:
            res += lines[i:j + 1]
        para = ""
        i = j + 1
    if n:
        with open(os.path.join(out, md), "w", encoding="utf-8") as f:
            f.write("\n".join(res) + "\n")
    return n


def unquote(lab, out):
    found, regions = telling(lab)
    n = 0
    for md in tracked():
        if md.startswith("docs/") and md.endswith(".md") and \
                not md.startswith("docs/instructor/") and \
                os.path.isfile(os.path.join(out, md)):
            n += unquote_file(md, out, read_lines(md), found, regions)
    print(f"lab-answers: {n} code blocks of the docs point to a handout")


def strings(data):
    """The runs of printable characters in data that could tell
    something, as `strings` finds them."""
    return [m.group().decode("ascii")
            for m in re.finditer(rb"[\t\x20-\x7e]{%d,}" % MIN_CHARS, data)]


def local_symbols(path):
    """The names an ELF object defines for itself alone (nm's lowercase
    types), which linking does not need."""
    nm = next((n for n in ("i686-elf-nm", "i686-linux-gnu-nm", "nm")
               if shutil.which(n)), None)
    if not nm:
        sys.exit("lab-answers: no nm to read the objects' symbols with")
    out = subprocess.run([nm, "--defined-only", path], capture_output=True,
                         text=True, check=True).stdout
    return [f[2] for f in (l.split() for l in out.splitlines())
            if len(f) == 3 and f[1].islower()]


def check_binary(path, data, found):
    """The hits in a file that is not text: a string that is a telling
    line or holds one, a path of the tree the answers were built in, and
    in an object debug information, the compiler's comment or a local
    symbol name."""
    hits, here = [], os.getcwd()
    lines = [(n, v) for n, v in found.items() if len(n) >= 2 * MIN_CHARS]
    for s in strings(data):
        n = norm(s)
        hit = found.get(n) or next((v for l, v in lines if l in n), None)
        if hit:
            hits.append(f"lab {hit[0]}'s answer ({hit[1]}:{hit[2]}): {n}")
        elif data[:4] == b"\x7fELF" and (s.startswith(".debug") or s == ".comment"):
            hits.append(f"section {s}")
    if here.encode() in data:
        hits.append(f"the path of the tree it was built in ({here})")
    if data[:4] == b"\x7fELF":
        hits += [f"local symbol {s}" for s in local_symbols(path)]
    return hits


def check(lab, tree):
    found, _ = telling(lab)
    hits = 0
    for root, dirs, files in os.walk(tree):
        rel = os.path.relpath(root, tree)
        dirs[:] = [d for d in dirs if not (rel == "." and d in ("build", ".git"))]
        for name in sorted(files):
            path = os.path.join(root, name)
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError:
                continue
            try:
                lines = data.decode("utf-8").splitlines()
            except UnicodeDecodeError:
                for h in check_binary(path, data, found):
                    hits += 1
                    print(f"{os.path.relpath(path, tree)}: {h}")
                continue
            for k, line in enumerate(lines, 1):
                hit = found.get(norm(line))
                if hit:
                    hits += 1
                    print(f"{os.path.relpath(path, tree)}:{k}: lab {hit[0]}'s "
                          f"answer ({hit[1]}:{hit[2]}): {norm(line)}")
    return hits


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("unquote", "check"):
        sys.exit(__doc__.split("\n\n")[1])
    cmd, lab, dest = sys.argv[1], int(sys.argv[2]), os.path.abspath(sys.argv[3])
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    if cmd == "unquote":
        unquote(lab, dest)
    else:
        hits = check(lab, dest)
        if hits:
            print(f"lab-answers: {hits} lines of the answers of lab {lab} "
                  f"and later in {dest}")
            sys.exit(1)


main()

#!/usr/bin/env python3
"""tools/lab-splice.py - take only a lab's regions from a student's tree.

    tools/lab-splice.py LAB SUBMISSION OUT

OUT is a tree tools/mklab.sh wrote (for grading a hand-in, or for the
next lab of a cumulative course).  For each file of this tree with a
region of lab LAB (a file holds the regions of one lab only, which
tools/mklab.sh checks)

    /* LAB 4 BEGIN: what the student writes; stub: ... */
    ... the reference code ...
    /* LAB 4 END */

OUT's copy becomes this tree's file with the region's lines replaced by
what the submission has in their place, and nothing else of the
submission is used: a student's edit
anywhere else (a test, the grader, another lab's code) never reaches the
tree that is graded.

In the student's file (written by tools/mklab.sh) the region starts at the
pointer line `/* LAB 4: what ... */` and ends where the code that follows
the region in this tree starts again: the first place after the pointer
where the next few non-blank lines are, blanks aside, those that follow
`LAB 4 END` here.  A submission that still has the BEGIN and END markers
(this tree itself, or a student who kept them) is cut at the markers.

Exit 1 with a message when a file or a region cannot be found: the
submission then scores nothing for it.
"""
import os
import subprocess
import sys

ANCHOR_LINES = 6


def regions(lines, lab):
    """(begin, end, what) of each region of lab in the reference lines."""
    out, begin = [], None
    for i, line in enumerate(lines):
        if f"/* LAB {lab} BEGIN: " in line:
            what = line.split("BEGIN: ", 1)[1].split("; stub:")[0]
            what = what.rstrip().removesuffix("*/").rstrip()
            begin = (i, what)
        elif f"/* LAB {lab} END */" in line and begin:
            out.append((begin[0], i, begin[1]))
            begin = None
    return out


def anchor(lines, end, lab):
    """What follows the region: its first ANCHOR_LINES non-blank lines,
    stripped, up to the next region of the lab, whose start is then the
    last item as ("next", what)."""
    want = []
    for l in lines[end + 1:]:
        if len(want) == ANCHOR_LINES:
            break
        if f"/* LAB {lab} BEGIN: " in l:
            what = l.split("BEGIN: ", 1)[1].split("; stub:")[0].strip()
            want.append(("next", what))
            break
        if l.strip():
            want.append(l.strip())
    return want


def matches(line, item, lab):
    if isinstance(item, tuple):
        s = line.strip()
        return (s.startswith(f"/* LAB {lab}: {item[1]}") or
                s.startswith(f"/* LAB {lab} BEGIN: {item[1]}"))
    return line.strip() == item


def find_anchor(sub, start, want, lab):
    """First i >= start where sub's non-blank lines from i match want."""
    for i in range(start, len(sub) + 1):
        if i < len(sub) and not sub[i].strip():
            continue
        got = [l for l in sub[i:] if l.strip()][:len(want)]
        if len(got) == len(want) and all(matches(g, w, lab) for g, w in zip(got, want)):
            return i
    return None


def student_region(sub, pos, lab, what, want):
    """(lines, next position) of the student's code for one region."""
    for i in range(pos, len(sub)):
        s = sub[i].strip()
        if s.startswith(f"/* LAB {lab} BEGIN: "):
            for j in range(i + 1, len(sub)):
                if sub[j].strip() == f"/* LAB {lab} END */":
                    return sub[i + 1:j], j + 1
            return None, pos
        if s.startswith(f"/* LAB {lab}: {what}"):
            k = find_anchor(sub, i + 1, want, lab)
            if k is None:
                return None, pos
            last = k	# the blank lines before the anchor follow the END
            while last > i + 1 and not sub[last - 1].strip():
                last -= 1
            return sub[i + 1:last], k
    return None, pos


def splice(lab, path, subdir, outdir):
    ref = open(path, encoding="utf-8").read().splitlines(keepends=True)
    subpath = os.path.join(subdir, path)
    if not os.path.isfile(subpath):
        return f"{path}: not in the submission"
    sub = open(subpath, encoding="utf-8", errors="replace").read().splitlines(keepends=True)
    out, last, pos = [], 0, 0
    for begin, end, what in regions(ref, lab):
        code, pos = student_region(sub, pos, lab, what, anchor(ref, end, lab))
        if code is None:
            return f"{path}: the region \"{what}\" is not in the submission"
        out += ref[last:begin + 1] + code + [ref[end]]
        last = end + 1
    out += ref[last:]
    with open(os.path.join(outdir, path), "w", encoding="utf-8") as f:
        f.write("".join(out))
    return None


def main():
    lab, subdir, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    files = subprocess.run(["git", "grep", "-l", f"LAB {lab} BEGIN", "--",
                            "boot", "kernel", "mm", "fs"],
                           capture_output=True, text=True).stdout.split()
    if not files:
        sys.exit(f"lab-splice: no region of lab {lab} in the tree")
    bad = [e for e in (splice(lab, f, subdir, outdir) for f in files) if e]
    for e in bad:
        print(f"lab-splice: {e}", file=sys.stderr)
    print(f"lab-splice: lab {lab}: {len(files) - len(bad)} of {len(files)} files taken from {subdir}")
    sys.exit(1 if bad else 0)


main()

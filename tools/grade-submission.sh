#!/bin/bash
# tools/grade-submission.sh - grade a student's lab with the instructor's
# tree, tests and grader (`make grade-submission SUB=DIR LAB=n`).
#
#   tools/grade-submission.sh LAB SUBMISSION
#
# SUBMISSION is the student's tree (as tools/mklab.sh wrote it, with the
# student's code in place of the stubs).  build/submission/labN starts as
# the stubbed tree of lab LAB; tools/lab-splice.py puts the student's code
# of the lab's regions into it, and nothing else of the submission: an
# edited test, grader or tools/labs in the student's tree changes nothing.
# The kernel is built there (from a copy of this tree's objects, so only
# the lab's files compile), and this tree's tools/grade.sh grades it with
# this tree's tests and initramfs.  A region the splice cannot find stays
# a stub and scores as one.  Prints the grade; exit 0 only with full marks.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: tools/grade-submission.sh LAB SUBMISSION" >&2; exit 2; }
lab=$1
[ -d "$2" ] || { echo "grade-submission: $2 is not a directory" >&2; exit 2; }
sub=$(cd "$2" && pwd)
cd "$(dirname "$0")/.."

tree=build/submission/lab$lab
tools/mklab.sh "$lab" "$tree" >/dev/null || exit 1
tools/lab-splice.py "$lab" "$sub" "$tree"
mkdir -p "$tree/build"
cp -a build/obj build/kobjs.list "$tree/build/"
if ! make -s -C "$tree" ${CROSS:+CROSS=$CROSS} build/mapback.elf >"$tree/build.log" 2>&1; then
	echo "grade-submission: the submission does not build (see $tree/build.log):"
	grep -m 5 'error' "$tree/build.log"
	echo "grade: 0 points"
	exit 1
fi
KERNEL=$tree/build/mapback.elf tools/grade.sh "$lab"

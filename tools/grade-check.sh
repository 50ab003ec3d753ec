#!/bin/bash
# tools/grade-check.sh - prove the grader can fail (`make grade-check`).
#
# For every lab of tools/labs: tools/mklab.sh writes its student tree
# (build/labs/labN), the kernel is built there (from a copy of this tree's
# objects, so only what the stubs touch is compiled; the stubs must build
# with -Werror), and tools/grade.sh grades that kernel, which must score
# less than full marks.  Then this tree's kernel must score full marks on
# every lab.  Prints TAP and `grade-check: N passed, N failed`; exit 0
# only when all passed.
set -uo pipefail
cd "$(dirname "$0")/.."

CROSS=${CROSS:-}
labs=$(sed -e '/^#/d' -e '/^[[:space:]]*$/d' tools/labs | cut -d'|' -f1 | tr -d ' \t' | sort -un)
passed=0 failed=0
result() {	# result OK|FAIL TEXT
	if [ "$1" = OK ]; then
		passed=$((passed + 1)); echo "ok - $2"
	else
		failed=$((failed + 1)); echo "not ok - $2"
	fi
}

for lab in $labs; do
	tree=build/labs/lab$lab
	if ! tools/mklab.sh "$lab" "$tree" >/dev/null; then
		result FAIL "lab $lab: no student tree"
		continue
	fi
	if [ -e "$tree/docs/instructor" ]; then	# answer keys are not handed out
		result FAIL "lab $lab: the student tree holds docs/instructor"
		continue
	fi
	mkdir -p "$tree/build"
	cp -a build/obj build/kobjs.list "$tree/build/"
	if ! make -s -C "$tree" ${CROSS:+CROSS=$CROSS} build/mapback.elf >"$tree/build.log" 2>&1; then
		result FAIL "lab $lab: the stubbed tree does not build (see $tree/build.log)"
		continue
	fi
	line=$(KERNEL=$tree/build/mapback.elf tools/grade.sh "$lab" | tee "$tree/grade.out" | tail -n 1)
	score=$(echo "$line" | sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p')
	if [ -z "$score" ]; then
		result FAIL "lab $lab: the grader printed no total (see $tree/grade.out)"
	elif [ "${score%/*}" -lt "${score#*/}" ]; then
		result OK "lab $lab: the stubbed tree scores $score"
	else
		result FAIL "lab $lab: the stubbed tree scores full marks ($score)"
	fi
done

line=$(tools/grade.sh $labs | tee build/labs/full-grade.out | tail -n 1)
score=$(echo "$line" | sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p')
if [ -n "$score" ] && [ "${score%/*}" -eq "${score#*/}" ]; then
	result OK "the real tree scores full marks ($score)"
else
	result FAIL "the real tree scores $line (see build/labs/full-grade.out)"
	grep -E '^lab .*: [0-9]+/[0-9]+$|^    not ok' build/labs/full-grade.out
fi
echo "grade-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

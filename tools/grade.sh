#!/bin/bash
# tools/grade.sh - grade the labs: run each lab's parts and print points.
#
#   tools/grade.sh [LAB...]		(default: every lab in tools/labs)
#
# Each part of tools/labs is a boot of tools/test-boots with the lab's
# tests selected on its command line.  The parts become the boots file
# build/grade-boots (named grade-LAB-N) and run through tools/run-tests.sh,
# so they boot exactly as `make test` boots them; their logs are
# build/test-grade-LAB-N.log.  A part scores points x passed / run, where
# skipped tests do not count and a boot that panicked, hung or lost its
# summary counts as one more failed test.  A part that ran no test scores
# nothing: a grader must not give points for silence.
#
# Environment: KERNEL (default build/mapback.elf), the kernel graded; the
# rest as for tools/run-tests.sh.  Exit status 0 only with full marks.
set -uo pipefail
cd "$(dirname "$0")/.."

KERNEL=${KERNEL:-build/mapback.elf}
BOOTS=build/grade-boots

# The parts, as "lab|points|boot|args" with the padding trimmed.
parts() {
	sed -e '/^#/d' -e '/^[[:space:]]*$/d' -e 's/[[:space:]]*|[[:space:]]*/|/g' \
		-e 's/[[:space:]]*$//' tools/labs
}

labs=$*
[ -n "$labs" ] || labs=$(parts | cut -d'|' -f1 | sort -un)
for lab in $labs; do
	parts | grep -q "^$lab|" || { echo "grade: no lab $lab in tools/labs" >&2; exit 2; }
done

# One boots line per part: the test boot's line, renamed, with the args
# appended to its command line (the sixth field).
mkdir -p build
: >"$BOOTS"
for lab in $labs; do
	n=0
	while IFS='|' read -r _ _ boot args; do
		n=$((n + 1))
		line=$(awk -F'|' -v b="$boot" '{ x = $1; gsub(/[ \t]/, "", x) } x == b' tools/test-boots)
		[ -n "$line" ] || { echo "grade: no boot '$boot' in tools/test-boots" >&2; exit 2; }
		echo "$line" | awk -F'|' -v OFS='|' -v name="grade-$lab-$n" -v a="$args" \
			'{ $1 = name; $6 = $6 " " a; print }' >>"$BOOTS"
	done < <(parts | grep "^$lab|")
done

KERNEL=$KERNEL HOST_CHECKS=no BOOTS_FILE=$BOOTS tools/run-tests.sh >build/grade.out 2>&1

total=0 full=0
for lab in $labs; do
	n=0 got=0 max=0
	while IFS='|' read -r _ points boot args; do
		n=$((n + 1))
		log=build/test-grade-$lab-$n.log
		ok=$(grep -c '^ok ' "$log" 2>/dev/null)
		skip=$(grep -ci '^ok .*# *skip' "$log" 2>/dev/null)
		notok=$(grep -c '^not ok ' "$log" 2>/dev/null)
		passed=$((ok - skip))
		crash=
		if grep -q "^FAIL boot grade-$lab-$n:" build/grade.out; then
			notok=$((notok + 1))
			crash=" (the boot failed: $(grep "^FAIL boot grade-$lab-$n:" build/grade.out |
				sed 's/^FAIL boot [^:]*: //; s/; log:.*//'))"
		fi
		score=0
		[ $((passed + notok)) -gt 0 ] && score=$((points * passed / (passed + notok)))
		printf 'lab %s part %d (%s: %s): %d of %d tests passed%s: %d/%d\n' \
			"$lab" "$n" "$boot" "$args" "$passed" $((passed + notok)) \
			"$crash" "$score" "$points"
		grep '^not ok ' "$log" 2>/dev/null | sed 's/^/    /'
		got=$((got + score))
		max=$((max + points))
	done < <(parts | grep "^$lab|")
	echo "lab $lab: $got/$max points"
	total=$((total + got))
	full=$((full + max))
done
echo "grade: $total/$full points"
[ "$total" -eq "$full" ]

#!/bin/bash
# tools/grade.sh - grade the labs: run each lab's tests and print points.
#
#   tools/grade.sh [LAB...]		(default: every lab in tools/labs)
#   tools/grade.sh --needs [LAB...]	the files those boots read besides
#					the kernel (for the Makefile)
#   tools/grade.sh --labs		the labs tools/labs has
#   tools/grade.sh --modes LAB		the rmap modes its parts run in
#
# Each part of tools/labs is a boot of tools/test-boots, run once in each
# of the part's rmap modes with exactly the part's tests selected on its
# command line.  The boots become the boots file build/grade-boots (named
# grade-LAB-PART-MODE) and run through tools/run-tests.sh, so they boot
# exactly as `make test` boots them; their logs are
# build/test-grade-LAB-PART-MODE.log.
#
# A part scores points x passed / (tests x modes).  A test passes in a
# mode when the log says `ok` for it and nothing under its name says
# `not ok`; a user program's name also covers its audits ("cow: rmap
# audit") and the leak check after it.  Anything else fails it: `not ok`,
# a skip, or no line at all because the boot panicked, hung or never got
# to it.  So a kernel that dies early scores no better than one whose
# tests all run and fail.  Each failed test is printed with what its log
# says about it (the diagnostics it printed before its `not ok`, or why
# it never ran) and the log's path.
#
# Environment: KERNEL (default build/mapback.elf), the kernel graded; the
# rest as for tools/run-tests.sh.  Exit status 0 only with full marks.
set -uo pipefail
cd "$(dirname "$0")/.."

KERNEL=${KERNEL:-build/mapback.elf}
BOOTS=build/grade-boots
ALL_MODES="objrmap pte_chain anon_vma i_mmap=list"

# The parts, as "lab|points|boot|modes|tests", continuation lines joined
# and the padding around fields and commas trimmed.
parts() {
	sed -e :a -e '/\\$/N; s/\\\n//; ta' tools/labs |
		sed -e '/^#/d' -e '/^[[:space:]]*$/d' \
			-e 's/[[:space:]]*|[[:space:]]*/|/g' \
			-e 's/[[:space:]]*,[[:space:]]*/,/g' \
			-e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'
}

# The kernel command line words of a mode.
mode_args() {
	case $1 in
	objrmap | pte_chain | anon_vma) echo "rmap=$1" ;;
	i_mmap=list) echo "rmap=objrmap i_mmap=list" ;;
	*) return 1 ;;
	esac
}

# The tools/test-boots line of a boot, or nothing.
boot_line() {
	awk -F'|' -v b="$1" '{ x = $1; gsub(/[ \t]/, "", x) } x == b' tools/test-boots
}

needs=no
case ${1:-} in
--labs)
	parts | cut -d'|' -f1 | sort -un
	exit 0 ;;
--modes)
	m=$(parts | awk -F'|' -v lab="${2:-}" '$1 == lab { print $4 }' | tr '\n' ' ')
	[ -n "$m" ] || { echo "grade: no lab '${2:-}' in tools/labs" >&2; exit 2; }
	for mode in $ALL_MODES; do
		[[ " ${m//all/$ALL_MODES} " == *" $mode "* ]] && echo "$mode"
	done
	exit 0 ;;
--needs)
	needs=yes
	shift
	BOOTS=$(mktemp)
	trap 'rm -f "$BOOTS"' EXIT ;;
esac
labs=$*
[ -n "$labs" ] || labs=$(parts | cut -d'|' -f1 | sort -un)
for lab in $labs; do
	parts | grep -q "^$lab|" || { echo "grade: no lab $lab in tools/labs" >&2; exit 2; }
done

# Check every part and expand it into its boots, one per mode, in $BOOTS.
mkdir -p build
: >"$BOOTS"
for lab in $labs; do
	n=0
	while IFS='|' read -r _ points boot modes tests; do
		n=$((n + 1))
		line=$(boot_line "$boot")
		[ -n "$line" ] || { echo "grade: no boot '$boot' in tools/test-boots" >&2; exit 2; }
		cmdline=$(echo "$line" | cut -d'|' -f6)
		case " $cmdline " in
		*" rmap="* | *" i_mmap="*)
			echo "grade: boot '$boot' sets its own rmap mode; the part's modes set it" >&2
			exit 2 ;;
		esac
		case $tests in
		*'*'*)	# a prefix would select tests that are not the lab's
			echo "grade: lab $lab part $n: name each test in full, not '$tests'" >&2
			exit 2 ;;
		esac
		if [[ " $cmdline " == *" runtests "* ]]; then
			case $tests in
			*,* | *" "*)
				echo "grade: lab $lab part $n: a user boot runs one test program, not '$tests'" >&2
				exit 2 ;;
			esac
			select="TEST_ONLY=$tests"
		else
			select="ktest_only=$tests"
		fi
		[ "$modes" = all ] && modes=$ALL_MODES
		for mode in $modes; do
			margs=$(mode_args "$mode") ||
				{ echo "grade: lab $lab part $n: no rmap mode '$mode'" >&2; exit 2; }
			# The kernel keeps CMDLINE_MAX - 1 = 511 bytes, the
			# kernel's path and panic=-1 included: a selection cut
			# short would fail tests the student got right.
			if [ "$(echo "$cmdline $margs $select" | wc -c)" -gt 400 ]; then
				echo "grade: lab $lab part $n: too many tests for one command line; split the part" >&2
				exit 2
			fi
			name=grade-$lab-$n-${mode/=/-}
			echo "$line" | awk -F'|' -v OFS='|' -v name="$name" -v a="$margs $select" \
				'{ $1 = name; $6 = $6 " " a; print }' >>"$BOOTS"
		done
	done < <(parts | grep "^$lab|")
done

# --needs: the files the boots' emulator arguments name (-initrd FILE,
# -drive file=FILE,...), which make builds before grading; @NAME@
# stands for a copy of build/NAME.img (tools/run-tests.sh).
if [ $needs = yes ]; then
	cut -d'|' -f5 "$BOOTS" | tr ' ,' '\n\n' |
		awk 'prev == "-initrd" { print } /^file=/ { sub(/^file=/, ""); print } { prev = $0 }' |
		sed 's|^@\(.*\)@$|build/\1.img|' | sort -u
	exit 0
fi

KERNEL=$KERNEL HOST_CHECKS=no BOOTS_FILE=$BOOTS tools/run-tests.sh >build/grade.out 2>&1

# result LOG TEST [USER]: prints "ok", "skip", "fail" or "none" for TEST in
# LOG, and before it the diagnostics of a failure.  A test's lines are
# those whose description is TEST or begins with "TEST " or "TEST:"; a
# user program's (USER=1) also the leak check that follows it.
result() {
	awk -v t="$2" -v user="${3:-0}" '
	function mine(d) {
		return d == t || index(d, t " ") == 1 || index(d, t ":") == 1 ||
		       (user && index(d, "no leak:") == 1)
	}
	/^(not )?ok [0-9]+ - / {
		d = $0
		sub(/^(not )?ok [0-9]+ - /, "", d)
		if (!mine(d)) { nd = 0; next }
		seen = 1
		if ($0 ~ /^not ok /) {
			bad = 1
			for (i = 0; i < nd; i++) print d_[i]
			print $0
		} else if (d ~ / # *[Ss][Kk][Ii][Pp]/) {
			skip = 1
			print $0
		}
		nd = 0
		next
	}
	/^[ \t]*#/ || /^[ \t]+not ok / { d_[nd++] = $0 }
	END { print !seen ? "none" : bad ? "fail" : skip ? "skip" : "ok" }' "$1" 2>/dev/null ||
		echo none
}

total=0 full=0
for lab in $labs; do
	n=0 got=0 max=0
	while IFS='|' read -r _ points boot modes tests; do
		n=$((n + 1))
		[ "$modes" = all ] && modes=$ALL_MODES
		runs=0 passed=0 report=
		for mode in $modes; do
			name=grade-$lab-$n-${mode/=/-}
			log=build/test-$name.log
			why=$(grep "^FAIL boot $name:" build/grade.out |
				sed 's/^FAIL boot [^:]*: //; s/; log:.*//')
			shown=no
			IFS=, read -ra list <<<"$tests"
			user=0
			[[ "$(boot_line "$boot" | cut -d'|' -f6)" == *runtests* ]] && user=1
			for t in "${list[@]}"; do
				runs=$((runs + 1))
				out=$(result "$log" "$t" "$user")
				verdict=${out##*$'\n'}
				if [ "$verdict" = ok ]; then
					passed=$((passed + 1))
					continue
				fi
				if [ $shown = no ]; then
					report+="  $mode: log $log${why:+ (the boot failed: $why)}"$'\n'
					shown=yes
				fi
				case $verdict in
				none) report+="    $t: never ran"$'\n' ;;
				skip) report+="    $t: skipped, which does not pass"$'\n' ;;
				esac
				[ "$out" != "$verdict" ] &&
					report+=$(echo "${out%$'\n'*}" | sed 's/^/    /')$'\n'
			done
			# A boot that died shows how.
			if [ -n "$why" ]; then
				report+=$(grep -m1 -A3 'Kernel panic' "$log" 2>/dev/null | sed 's/^/    | /')
				[ -n "$report" ] && [ "${report: -1}" != $'\n' ] && report+=$'\n'
			fi
		done
		score=$((points * passed / runs))
		printf 'lab %s part %d (%s, %s): %d of %d passed: %d/%d\n' \
			"$lab" "$n" "$boot" "$modes" "$passed" "$runs" "$score" "$points"
		printf '%s' "$report"
		got=$((got + score))
		max=$((max + points))
	done < <(parts | grep "^$lab|")
	echo "lab $lab: $got/$max points"
	total=$((total + got))
	full=$((full + max))
done
echo "grade: $total/$full points"
[ "$total" -eq "$full" ]

#!/bin/bash
# tools/grade-check.sh - prove the grader can fail (`make grade-check`).
#
# For every lab of tools/labs: tools/mklab.sh writes its student tree
# (build/labs/labN), the kernel is built there (from a copy of this tree's
# objects, so only what the stubs touch is compiled; the stubs must build
# with -Werror), and tools/grade.sh grades that kernel, which must score
# less than full marks.  The same for each incomplete solution below: this
# tree with one piece of a lab's answer left out, a mistake a student
# makes that some rmap mode catches; it too must score less than full
# marks.  A submission is graded on its lab's regions alone (an edited
# grader in it counts for nothing), and this tree submitted scores full
# marks.  Then this tree's kernel must score full marks on every lab.
# Prints TAP and `grade-check: N passed, N failed`; exit 0 only when all
# passed.
set -uo pipefail
cd "$(dirname "$0")/.."

# The incomplete solutions: lab | what is left out | file | sed script
# that leaves it out (which must change the file).
INCOMPLETE="
2 | do_wp_page copies without anon_vma_prepare | mm/vm/memory.c | s/new = anon_vma_prepare(vma) ? NULL : copy_to_new_page(old);/new = copy_to_new_page(old);/
4 | rmap_walk_file never calls rwc->done | mm/rmap/rmap_obj.c | /if (rwc->done)/,/ret = rwc->done(page, ret, rwc->arg);/d
2 | do_anonymous_page leaves its page off the LRU | mm/vm/memory.c | /^\tlru_cache_add_active(page);$/d
2 | do_wp_page leaves its copy off the LRU | mm/vm/memory.c | /lru_cache_add_active(new);/d
4 | page_referenced_one does not flush the entry it clears | mm/rmap/rmap_obj.c | /flush_tlb_page(vma->vm_mm, addr);/d
5 | refill_inactive deactivates referenced pages too | mm/reclaim/vmscan.c | s/referenced_locked(page)) {/referenced_locked(page) \&\& 0) {/
7 | unuse_pte does not wait for writeback | mm/reclaim/swap_unuse.c | /before it may leave the cache/d
7 | unuse_pte leaves the swap cache without SetPageDirty | mm/reclaim/swap_unuse.c | /SetPageDirty(page);/d
"

CROSS=${CROSS:-}
labs=$(tools/grade.sh --labs)
passed=0 failed=0
result() {	# result OK|FAIL TEXT
	if [ "$1" = OK ]; then
		passed=$((passed + 1)); echo "ok - $2"
	else
		failed=$((failed + 1)); echo "not ok - $2"
	fi
}

# build_and_grade TREE LAB WHAT: build TREE's kernel from a copy of this
# tree's objects, grade LAB on it; it must score less than full marks.
build_and_grade() {
	local tree=$1 lab=$2 what=$3 line score
	mkdir -p "$tree/build"
	cp -a build/obj build/kobjs.list "$tree/build/"
	if ! make -s -C "$tree" ${CROSS:+CROSS=$CROSS} build/mapback.elf >"$tree/build.log" 2>&1; then
		result FAIL "lab $lab: $what does not build (see $tree/build.log)"
		return
	fi
	line=$(KERNEL=$tree/build/mapback.elf tools/grade.sh "$lab" | tee "$tree/grade.out" | tail -n 1)
	score=$(echo "$line" | sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p')
	if [ -z "$score" ]; then
		result FAIL "lab $lab: the grader printed no total for $what (see $tree/grade.out)"
	elif [ "${score%/*}" -lt "${score#*/}" ]; then
		result OK "lab $lab: $what scores $score"
	else
		result FAIL "lab $lab: $what scores full marks ($score)"
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
	if tools/lab-answers.py check "$lab" "$tree" >"$tree.answers" 2>&1; then
		result OK "lab $lab: the student tree holds no line of the answers of labs $lab..8"
	else
		result FAIL "lab $lab: the student tree holds answers (see $tree.answers)"
		sed -n '1,5s/^/  /p' "$tree.answers"
	fi
	build_and_grade "$tree" "$lab" "the stubbed tree"
done

n=0
while IFS='|' read -r lab what file script; do
	lab=$(echo $lab) what=$(echo $what) file=$(echo $file)
	script=${script# }
	[ -n "$lab" ] || continue
	n=$((n + 1))
	tree=build/labs/incomplete$n
	rm -rf "$tree"
	mkdir -p "$tree"
	git ls-files -z | tar --null -T - -cf - | tar -C "$tree" -xpf -
	sed "$script" "$file" >"$tree/$file"
	if cmp -s "$file" "$tree/$file"; then
		result FAIL "lab $lab: '$script' does not change $file: update the case"
		continue
	fi
	build_and_grade "$tree" "$lab" "the answer in which $what"
done <<<"$INCOMPLETE"

# Grading a submission takes only the lab's regions from it: lab 4's
# stubbed tree with its tools/labs rewritten to select a test that passes
# anyway still scores as the stub; this tree, submitted, scores full marks.
tree=build/labs/cheat4
tools/mklab.sh 4 "$tree" >/dev/null
sed -i 's/^4 .*/4 | 40 | ktest | objrmap | ktest_only=printk_formats/' "$tree/tools/labs"
for sub in "$tree" .; do
	line=$(tools/grade-submission.sh 4 "$sub" 2>&1 | tee build/labs/submission-grade.out | tail -n 1)
	score=$(echo "$line" | sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p')
	if [ -z "$score" ]; then
		result FAIL "grade-submission printed no total for $sub (see build/labs/submission-grade.out)"
	elif [ "$sub" = . ] && [ "${score%/*}" -eq "${score#*/}" ]; then
		result OK "lab 4: this tree submitted scores $score"
	elif [ "$sub" != . ] && [ "${score%/*}" -lt "${score#*/}" ]; then
		result OK "lab 4: a stubbed tree with its own tools/labs, submitted, scores $score"
	else
		result FAIL "lab 4: $sub submitted scores $score"
	fi
done

# The cumulative trees: a student who solves each lab with this tree's
# code (and a comment of their own in each region) and makes the next
# lab's tree FROM the last.  Each must be the plain tree of its lab with
# the student's regions in it, the student's comment in every region of
# the labs before it (compared with the tree of the first loop, less what
# building and grading it wrote); the last one is graded and must score
# full marks.
solve() {	# solve LAB TREE: this tree's code of lab LAB under its pointers
	local f
	for f in $(git grep -l "LAB $1 BEGIN" -- boot kernel mm fs); do
		awk -v lab="$1" '
		index($0, "/* LAB " lab " BEGIN: ") {
			sub(/\/\* LAB [0-9] BEGIN: /, "/* LAB " lab ": ")
			sub(/; stub: .*/, " */")
			print
			print "/* mine */"
			next
		}
		index($0, "/* LAB " lab " END */") { next }
		{ print }' "$f" >"$2/$f"
	done
}
prev=
for lab in $labs; do
	tree=build/labs/carry$lab
	if ! tools/mklab.sh "$lab" "$tree" ${prev:+"$prev"} >"$tree.out" 2>&1; then
		result FAIL "lab $lab: no cumulative tree (see $tree.out)"
		prev=
		continue
	fi
	want=$(git grep -hE "LAB [1-$((lab - 1))] BEGIN" -- boot kernel mm fs 2>/dev/null | wc -l)
	[ -n "$prev" ] || want=0
	got=$(grep -rxI '/\* mine \*/' "$tree" | wc -l)
	if [ "$got" -eq "$want" ] &&
		diff -r --no-dereference -x build -x build.log -x grade.out \
			-I '^/\* mine \*/$' "build/labs/lab$lab" "$tree" >"$tree.diff"; then
		result OK "lab $lab: the tree made from the last holds the student's $got regions of the earlier labs"
	else
		result FAIL "lab $lab: the cumulative tree carries $got of $want regions (see $tree.diff)"
	fi
	solve "$lab" "$tree"
	prev=$tree
done
if [ -n "$prev" ]; then
	mkdir -p "$prev/build"
	cp -a build/obj build/kobjs.list "$prev/build/"
	lab=$(echo "$labs" | tail -n 1)
	if make -s -C "$prev" ${CROSS:+CROSS=$CROSS} build/mapback.elf >"$prev/build.log" 2>&1 &&
		line=$(KERNEL=$prev/build/mapback.elf tools/grade.sh "$lab" | tee "$prev/grade.out" | tail -n 1) &&
		score=$(echo "$line" | sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p') &&
		[ -n "$score" ] && [ "${score%/*}" -eq "${score#*/}" ]; then
		result OK "lab $lab: the cumulative tree, solved, scores full marks ($score)"
	else
		result FAIL "lab $lab: the cumulative tree, solved, does not score full marks (see $prev/grade.out)"
	fi
fi

line=$(tools/grade.sh $labs | tee build/labs/full-grade.out | tail -n 1)
score=$(echo "$line" | sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p')
if [ -n "$score" ] && [ "${score%/*}" -eq "${score#*/}" ]; then
	result OK "the real tree scores full marks ($score)"
else
	result FAIL "the real tree scores $line (see build/labs/full-grade.out)"
	grep -E '^lab .*: [0-9]+/[0-9]+$|^  ' build/labs/full-grade.out
fi
echo "grade-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

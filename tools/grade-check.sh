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

# The incomplete solutions: lab | the rmap modes in which it must lose
# points ("all": every mode the lab's parts run in) | what is left out or
# done wrong | file | sed script that makes the mistake (which must change
# the file).
INCOMPLETE="
2 | anon_vma | do_wp_page copies without anon_vma_prepare | mm/vm/memory.c | s/new = anon_vma_prepare(vma) ? NULL : copy_to_new_page(old);/new = copy_to_new_page(old);/
4 | anon_vma | rmap_walk_file never calls rwc->done | mm/rmap/rmap_obj.c | /if (rwc->done)/,/ret = rwc->done(page, ret, rwc->arg);/d
2 | all | do_anonymous_page leaves its page off the LRU | mm/vm/memory.c | /^\tlru_cache_add_active(page);$/d
2 | all | do_wp_page leaves its copy off the LRU | mm/vm/memory.c | /lru_cache_add_active(new);/d
4 | all | page_referenced_one does not flush the entry it clears | mm/rmap/rmap_obj.c | /flush_tlb_page(vma->vm_mm, addr);/d
5 | all | refill_inactive deactivates referenced pages too | mm/reclaim/vmscan.c | s/referenced_locked(page)) {/referenced_locked(page) \&\& 0) {/
5 | all | shrink_page has no first test and evicts pages in use | mm/reclaim/vmscan.c | /if (page_referenced(page) && page_mapped(page))/,/return PAGE_ACTIVATE;/d
5 | all | referenced_locked calls a page someone else has locked idle | mm/reclaim/vmscan.c | /if (!trylock_page(page)) {/{n;n;s/return true;/return false;/}
5 | all | refill_inactive keeps the reference isolate_tail took | mm/reclaim/vmscan.c | /^\t\tput_page(page);$/d
6 | all | add_to_swap leaves the page clean | mm/reclaim/swap_state.c | /^\tSetPageDirty(page);$/d
6 | all | read_swap_cache leaves the page it read off the LRU | mm/reclaim/swap_state.c | /^\tlru_cache_add_active(page);$/d
6 | all | read_swap_cache leaves a page whose read failed in the cache | mm/reclaim/swap_state.c | /^\t\*err = swap_readpage(page, entry);$/,/delete_from_swap_cache/{/delete_from_swap_cache/d}
7 | all | unuse_pte does not wait for writeback | mm/reclaim/swap_unuse.c | /before it may leave the cache/d
7 | all | unuse_pte leaves the swap cache without SetPageDirty | mm/reclaim/swap_unuse.c | /SetPageDirty(page);/d
7 | all | unuse_pte keeps the reference read_swap_cache gave it | mm/reclaim/swap_unuse.c | /^\tput_page(page);$/d
7 | all | unuse_pte maps the page writable | mm/reclaim/swap_unuse.c | s/mk_pte(page, vma->vm_page_prot)/pte_mkwrite(&)/
7 | all | unuse_pte takes the page out of the swap cache at its first PTE | mm/reclaim/swap_unuse.c | /leaves the swap cache once no PTE/{n;s/ && swap_count(entry) == 1//}
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

# build_and_grade TREE LAB WHAT [MODES [SCORE]]: build TREE's kernel from
# a copy of this tree's objects, grade LAB on it; it must score less than
# full marks, lose points in each of MODES (a test of the lab failed
# there), and score exactly SCORE when it is given.
build_and_grade() {
	local tree=$1 lab=$2 what=$3 modes=${4:-} want=${5:-} line score m full=
	mkdir -p "$tree/build"
	cp -a build/obj build/kobjs.list "$tree/build/"
	if ! make -s -C "$tree" ${CROSS:+CROSS=$CROSS} build/mapback.elf >"$tree/build.log" 2>&1; then
		result FAIL "lab $lab: $what does not build (see $tree/build.log)"
		return
	fi
	line=$(KERNEL=$tree/build/mapback.elf tools/grade.sh "$lab" | tee "$tree/grade.out" | tail -n 1)
	score=$(echo "$line" | sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p')
	for m in $modes; do
		grep -qF "  $m: log " "$tree/grade.out" || full+=" $m"
	done
	if [ -z "$score" ]; then
		result FAIL "lab $lab: the grader printed no total for $what (see $tree/grade.out)"
	elif [ "${score%/*}" -ge "${score#*/}" ]; then
		result FAIL "lab $lab: $what scores full marks ($score)"
	elif [ -n "$want" ] && [ "$score" != "$want" ]; then
		result FAIL "lab $lab: $what scores $score, not the $want docs/labs/README.md gives (see $tree/grade.out)"
	elif [ -n "$full" ]; then
		result FAIL "lab $lab: $what scores $score but loses nothing in$full (see $tree/grade.out)"
	else
		result OK "lab $lab: $what scores $score${modes:+, less than full in $(echo $modes)}"
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
	# the score the table of docs/labs/README.md gives the stub
	want=$(sed -n "s#^| $lab | \([0-9]*/[0-9]*\):.*#\1#p" docs/labs/README.md)
	[ -n "$want" ] || result FAIL "lab $lab: docs/labs/README.md gives no score of its stub"
	build_and_grade "$tree" "$lab" "the stubbed tree" "" "$want"
done

n=0
while IFS='|' read -r lab modes what file script; do
	lab=$(echo $lab) modes=$(echo $modes) what=$(echo $what) file=$(echo $file)
	script=${script# }
	[ -n "$lab" ] || continue
	[ "$modes" != all ] || modes=$(tools/grade.sh --modes "$lab")
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
	build_and_grade "$tree" "$lab" "the answer in which $what" "$modes"
done <<<"$INCOMPLETE"

# Grading a submission takes only the lab's regions from it: lab 4's
# stubbed tree with its tools/labs rewritten to select a test that passes
# anyway, and its ktests' failures made to count for nothing, scores as
# the stub did (the edits gain nothing); this tree, submitted, scores full
# marks.
tree=build/labs/cheat4
tools/mklab.sh 4 "$tree" >/dev/null
sed -i 's/^4 .*/4 | 40 | ktest | objrmap | ktest_only=printk_formats/' "$tree/tools/labs"
sed -i 's/current_failed = true;//' "$tree/kernel/ktest.c"
stub=$(sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p' build/labs/lab4/grade.out 2>/dev/null)
for sub in "$tree" .; do
	line=$(tools/grade-submission.sh 4 "$sub" 2>&1 | tee build/labs/submission-grade.out | tail -n 1)
	score=$(echo "$line" | sed -n 's|^grade: \([0-9]*/[0-9]*\) points$|\1|p')
	if [ -z "$score" ]; then
		result FAIL "grade-submission printed no total for $sub (see build/labs/submission-grade.out)"
	elif [ "$sub" = . ] && [ "${score%/*}" -eq "${score#*/}" ]; then
		result OK "lab 4: this tree submitted scores $score"
	elif [ "$sub" != . ] && [ "$score" = "$stub" ]; then
		result OK "lab 4: a stubbed tree with its own tools/labs and ktest runner, submitted, scores $score as the stub"
	else
		result FAIL "lab 4: $sub submitted scores $score (the stub: ${stub:-no score})"
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

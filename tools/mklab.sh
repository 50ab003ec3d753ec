#!/bin/bash
# tools/mklab.sh - the student tree of one lab (docs/labs/README.md).
#
#   tools/mklab.sh LAB OUTDIR
#
# Copies the files git tracks into OUTDIR (modification times kept, so a
# build there recompiles only what the lab changed), except the
# instructor's half of the course (docs/instructor/: answer keys, rubric,
# lecture notes), and, in every source file, replaces each region of lab LAB
#
#	/* LAB 4 BEGIN: what the student writes; stub: C the stub runs */
#	... the real code ...
#	/* LAB 4 END */
#
# with a pointer to the handout and the stub, indented like the marker:
#
#	/* LAB 4: what the student writes (docs/labs/04-objrmap.md) */
#	C the stub runs
#
# Every other lab's code stays as it is, so each lab starts from a tree
# that works (the labs are cumulative in what they teach, not in what they
# break).  Fails when lab LAB has no region, or a region has no END.
set -euo pipefail

lab=$1 out=$2
cd "$(dirname "$0")/.."

case $lab in [1-9]) ;; *) echo "mklab: LAB must be 1..9, not '$lab'" >&2; exit 2;; esac
files=$(git grep -l "LAB $lab BEGIN" -- boot kernel mm fs || true)
[ -n "$files" ] || { echo "mklab: no region of lab $lab in the tree" >&2; exit 1; }

handout=$(cd docs/labs && ls 0"$lab"-*.md 2>/dev/null | head -n 1)
[ -n "$handout" ] || { echo "mklab: no handout docs/labs/0$lab-*.md" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"
git ls-files -z -- . ':!:docs/instructor' | tar --null -T - -cf - | tar -C "$out" -xpf -
[ ! -e "$out/docs/instructor" ] || { echo "mklab: $out has docs/instructor" >&2; exit 1; }
for f in $files; do
	awk -v lab="$lab" -v file="$f" -v handout="docs/labs/$handout" '
	$0 ~ "/\\* LAB " lab " BEGIN: " {
		indent = $0; sub(/[^ \t].*/, "", indent)
		what = $0; sub(/.*BEGIN: /, "", what); sub(/ *\*\/ *$/, "", what)
		stub = ""
		if (what ~ /; stub: /) {
			stub = what; sub(/.*; stub: /, "", stub)
			sub(/; stub: .*/, "", what)
		}
		print indent "/* LAB " lab ": " what " (" handout ") */"
		if (stub != "") print indent stub
		skipping = 1; start = NR; next
	}
	skipping && $0 ~ "/\\* LAB " lab " END \\*/" { skipping = 0; next }
	!skipping { print }
	END {
		if (skipping) {
			printf "mklab: %s:%d: LAB %s BEGIN without END\n", file, start, lab > "/dev/stderr"
			exit 1
		}
	}' "$f" >"$out/$f.tmp"
	mv "$out/$f.tmp" "$out/$f"
done
echo "mklab: lab $lab in $out ($(echo $files | wc -w) files stubbed: $(echo $files))"

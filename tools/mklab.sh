#!/bin/bash
# tools/mklab.sh - the student tree of one lab (docs/labs/README.md).
#
#   tools/mklab.sh LAB OUTDIR [FROM]
#
# Copies the files git tracks into OUTDIR (modification times kept, so a
# build there recompiles only what the stubs change), except the
# instructor's half of the course (docs/instructor/: answer keys, rubric,
# lecture notes), and, in every source file, replaces each region of lab
# LAB and of every later lab
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
# The labs before LAB keep their code and markers.  The later labs' files
# keep their stubs too, but the kernel works as if they were done: each
# file of a later lab is linked from the object this tree built of it
# (OUTDIR/lab-objs/, the Makefile's rule), so lab LAB is done, and graded
# in every rmap mode, on a kernel whose only missing code is its own.
# The objects are stripped to what linking needs: no debug information,
# local symbol names or compiler comment.  A file may hold the regions of
# one lab only.  The docs' code blocks that quote an
# answer of lab LAB or later become pointers to the lab's handout
# (tools/lab-answers.py), and the file LAB says which lab the tree is
# for (the host checks of the docs then stay off, and `make grade`
# grades that lab).
#
# FROM, a tree this script wrote for an earlier lab with the student's
# code in it, makes the tree cumulative: the regions of every lab before
# LAB are the student's own, taken from FROM by tools/lab-splice.py.
#
# Fails when lab LAB has no region, a region has no END, or a region of
# FROM cannot be found.
set -euo pipefail

lab=$1 out=$2 from=${3:-}
[ -z "$from" ] || from=$(cd "$from" && pwd) || exit 2
cd "$(dirname "$0")/.."

case $lab in [1-9]) ;; *) echo "mklab: LAB must be 1..9, not '$lab'" >&2; exit 2;; esac
git grep -q "LAB $lab BEGIN" -- boot kernel mm fs ||
	{ echo "mklab: no region of lab $lab in the tree" >&2; exit 1; }
files=$(git grep -lE "LAB [$lab-9] BEGIN" -- boot kernel mm fs)
for l in $(git grep -hoE "LAB [$lab-9] BEGIN" -- boot kernel mm fs | cut -d' ' -f2 | sort -u); do
	ls docs/labs/0"$l"-*.md >/dev/null 2>&1 ||
		{ echo "mklab: no handout docs/labs/0$l-*.md" >&2; exit 1; }
done

# A file may hold the regions of one lab only: the file of a later lab
# is linked from its object, that of lab LAB compiled from its stubs.
for f in $files; do
	n=$(grep -oE "LAB [1-9] BEGIN" "$f" | sort -u | wc -l)
	[ "$n" -eq 1 ] || { echo "mklab: $f holds regions of $n labs" >&2; exit 1; }
	grep -q "LAB $lab BEGIN" "$f" && continue
	[ build/obj/"$f".o -nt "$f" ] ||
		{ echo "mklab: build/obj/$f.o is not built or older than $f: make first" >&2; exit 1; }
done

# The objects keep what linking needs (the code, its data and strings,
# the global symbols, relocations): no debug information, local symbol
# or compiler comment, so no source line, path or static name of an
# answer (tools/lab-answers.py check looks).
objcopy=${OBJCOPY:-$(command -v i686-elf-objcopy || command -v i686-linux-gnu-objcopy || echo objcopy)}

rm -rf "$out"
mkdir -p "$out"
git ls-files -z -- . ':!:docs/instructor' | tar --null -T - -cf - | tar -C "$out" -xpf -
[ ! -e "$out/docs/instructor" ] || { echo "mklab: $out has docs/instructor" >&2; exit 1; }
for f in $files; do
	awk -v lab="$lab" -v file="$f" -v handouts="$(cd docs/labs && ls 0[1-9]-*.md)" '
	BEGIN {
		n = split(handouts, h, "\n")
		for (i = 1; i <= n; i++)
			handout[substr(h[i], 2, 1) + 0] = "docs/labs/" h[i]
	}
	!skipping && match($0, /\/\* LAB [0-9] BEGIN: /) && substr($0, RSTART + 7, 1) + 0 >= lab + 0 {
		l = substr($0, RSTART + 7, 1)
		indent = $0; sub(/[^ \t].*/, "", indent)
		what = $0; sub(/.*BEGIN: /, "", what); sub(/ *\*\/ *$/, "", what)
		stub = ""
		if (what ~ /; stub: /) {
			stub = what; sub(/.*; stub: /, "", stub)
			sub(/; stub: .*/, "", what)
		}
		later = l + 0 > lab + 0 ? "; until then the kernel links lab-objs/" file ".o" : ""
		print indent "/* LAB " l ": " what " (" handout[l + 0] later ") */"
		if (stub != "") print indent stub
		skipping = 1; start = NR; next
	}
	skipping && $0 ~ "/\\* LAB " l " END \\*/" { skipping = 0; next }
	!skipping { print }
	END {
		if (skipping) {
			printf "mklab: %s:%d: LAB %s BEGIN without END\n", file, start, l > "/dev/stderr"
			exit 1
		}
	}' "$f" >"$out/$f.tmp"
	mv "$out/$f.tmp" "$out/$f"
	if ! grep -q "LAB $lab BEGIN" "$f"; then
		mkdir -p "$(dirname "$out/lab-objs/$f")"
		$objcopy --strip-unneeded -R .comment build/obj/"$f".o "$out/lab-objs/$f.o"
		touch -r build/obj/"$f".o "$out/lab-objs/$f.o"
	fi
done
tools/lab-answers.py unquote "$lab" "$out" >/dev/null
echo "$lab" >"$out/LAB"
if [ -n "$from" ]; then
	for l in $(seq 1 $((lab - 1))); do
		git grep -q "LAB $l BEGIN" -- boot kernel mm fs || continue
		tools/lab-splice.py "$l" "$from" "$out" >/dev/null || exit 1
	done
	echo "mklab: labs 1..$((lab - 1)) from $from"
fi
echo "mklab: lab $lab in $out (the stubs of it and the labs after it in: $(echo $files))"

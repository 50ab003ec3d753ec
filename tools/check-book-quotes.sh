#!/bin/sh
# tools/check-book-quotes.sh - every quoted line of docs/book must exist.
#
# A code block in docs/book/*.md whose heading line (the last non-blank
# line before the opening fence) is a file name in backquotes, optionally
# followed by a function name, then a colon:
#
#     `mm/vm/memory.c`, `do_wp_page`:
#
# quotes that file.  Each non-blank line of the block must occur in the
# file, compared without leading and trailing blanks.  Blocks without such a
# heading (drawings, logs, commands) are not checked.  Prints each line not
# found and exits 1 if there was one.
#
# Usage: tools/check-book-quotes.sh [FILE.md ...]   (default docs/book/*.md)

cd "$(dirname "$0")/.." || exit 1
[ $# -gt 0 ] || set -- docs/book/*.md
bad=0
checked=0
for md in "$@"; do
	# One line per quoted line: "mdline<TAB>source<TAB>text".
	awk '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
	/^```/ {
		if (!infence) {
			infence = 1
			src = ""
			if (match(last, /^`[A-Za-z0-9_.\/-]+`(, `[A-Za-z0-9_]+`)?:$/)) {
				src = substr(last, 2)
				sub(/`.*/, "", src)
			}
		} else {
			infence = 0
			last = ""
		}
		next
	}
	infence && src != "" && trim($0) != "" {
		printf "%d\t%s\t%s\n", NR, src, trim($0)
		next
	}
	!infence && trim($0) != "" { last = trim($0) }
	' "$md" > "${TMPDIR:-/tmp}/book-quotes.$$"
	while IFS='	' read -r n src text; do
		checked=$((checked + 1))
		if [ ! -f "$src" ]; then
			echo "$md:$n: no such file: $src"
			bad=1
		elif ! sed 's/^[ 	]*//; s/[ 	]*$//' "$src" | grep -qxF -- "$text"; then
			echo "$md:$n: not in $src: $text"
			bad=1
		fi
	done < "${TMPDIR:-/tmp}/book-quotes.$$"
	# The loop ran in this shell (input redirection, not a pipe), so
	# bad and checked keep their values.
	rm -f "${TMPDIR:-/tmp}/book-quotes.$$"
done
[ $bad -eq 0 ] && echo "check-book-quotes: all $checked quoted lines found"
exit $bad

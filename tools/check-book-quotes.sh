#!/bin/sh
# tools/check-book-quotes.sh - every code quote of docs/book is in the tree,
# in order, where the book says it is.
#
# A code block in docs/book/*.md is a quote when the paragraph just before
# its opening fence is a heading: a file name in backquotes, optionally a
# function (or struct, enum, macro, assembler label) name in backquotes,
# and a colon, possibly after more words:
#
#     `mm/vm/memory.c`, `do_wp_page`:
#     `mm/rmap/rmap_obj.c`, `rmap_walk_file`, the one walk ... use:
#     `mm/phys/page.h`:
#
# The quote's non-blank lines, compared without leading and trailing
# blanks, must be consecutive non-blank lines of the named function (of
# the whole file when no name is given), in the order quoted.  A line
# that is only "..." marks an elision: the lines on either side of it may
# have any number of lines between them.  So a quote may neither drop
# lines silently nor reorder them.  The markers of the labs' regions
# (docs/labs/README.md) are not code and are passed over.  Blocks
# without a heading (drawings, logs, commands) are not checked.  Prints
# each quote that does not match, with the first line that could not be
# placed, and exits 1 if there was one.
#
# Usage: tools/check-book-quotes.sh [FILE.md ...]   (default docs/book/*.md)

cd "$(dirname "$0")/.." || exit 1
[ $# -gt 0 ] || set -- docs/book/*.md
exec awk '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

# Read src into L[src, 1..N[src]], trimmed, once.  0 if it cannot be read.
function load(src,	line, n) {
	if (src in N)
		return N[src] >= 0
	n = 0
	while ((getline line < src) > 0)
		R[src, ++n] = line
	close(src)
	N[src] = n
	if (n == 0 && system("test -f \"" src "\"") != 0) {
		N[src] = -1
		return 0
	}
	return 1
}

# Is R[src, i] where name is defined?  C functions (a declarator at the
# start of the line, the body after it), struct/union/enum bodies,
# macros, and assembler labels.
function defines(src, i,	t, j, rest) {
	t = R[src, i]
	if (t ~ "^(typedef )?(struct|union|enum) " qname "( \\{|$)")
		return 1
	if (t ~ "^#define " qname "([ \t(]|$)")
		return 1
	if (t ~ "^" qname ":")
		return 1
	if (t !~ "^[A-Za-z_].*(^|[^A-Za-z0-9_])" qname "\\(" || t ~ /^(#|\/)/)
		return 0
	# A prototype or call ends in ";" before any "{".
	for (j = i; j <= N[src] && j < i + 8; j++) {
		rest = R[src, j]
		sub(/\/\*.*\*\//, "", rest)
		if (rest ~ /\{[ \t]*$/ || rest ~ /^\{/)
			return 1
		if (rest ~ /;[ \t]*$/)
			return 0
	}
	return 0
}

# The last line of the definition that starts at line i.
function region_end(src, i,	j, t) {
	t = R[src, i]
	if (t ~ /^#define /) {
		for (j = i; j < N[src] && R[src, j] ~ /\\$/; j++)
			;
		return j
	}
	if (t ~ "^" qname ":") {
		for (j = i + 1; j <= N[src]; j++)
			if (R[src, j] ~ /^[A-Za-z_.][A-Za-z0-9_.]*:/)
				return j - 1
		return N[src]
	}
	for (j = i + 1; j <= N[src]; j++)
		if (R[src, j] ~ /^\}/)
			return j
	return N[src]
}

# Does the quote Q[1..nq] match in lines first..last of src?  Sets bad to
# the first quote line that could not be placed.
function match_in(src, first, last,	k, s, e, pos, len, j, m, best) {
	# The non-blank lines of the region, trimmed.
	ns = 0
	for (j = first; j <= last; j++) {
		t = trim(R[src, j])
		if (t != "" && t !~ /^\/\* LAB [0-9]+ (BEGIN: .*|END) \*\/$/)
			S[++ns] = t
	}
	pos = 1
	k = 1
	while (k <= nq) {
		if (Q[k] == "...") {
			k++
			continue
		}
		# The segment Q[k..e-1], up to the next elision.
		for (e = k; e <= nq && Q[e] != "..."; e++)
			;
		len = e - k
		best = 0
		for (s = pos; s + len - 1 <= ns; s++) {
			for (m = 0; m < len && S[s + m] == Q[k + m]; m++)
				;
			if (m == len)
				break
			if (m > best)
				best = m
		}
		if (s + len - 1 > ns) {
			bad = Q[k + best]
			return 0
		}
		pos = s + len
		k = e
	}
	return 1
}

function check(md, at, src, name,	i, found, worst, where) {
	checked++
	if (!load(src)) {
		printf "%s:%d: no such file: %s\n", md, at, src
		failed++
		return
	}
	if (name == "") {
		if (!match_in(src, 1, N[src])) {
			printf "%s:%d: not in %s in this order: %s\n", md, at, src, bad
			failed++
		}
		return
	}
	qname = name
	found = 0
	worst = ""
	for (i = 1; i <= N[src]; i++) {
		if (!defines(src, i))
			continue
		found = 1
		# A return type on the line above belongs to the definition.
		if (match_in(src, i > 1 && R[src, i - 1] ~ /^[A-Za-z_]/ ? i - 1 : i,
			     region_end(src, i)))
			return
		if (worst == "")
			worst = bad
	}
	where = src ", " name
	if (!found)
		printf "%s:%d: no definition of %s in %s\n", md, at, name, src
	else
		printf "%s:%d: not in %s in this order: %s\n", md, at, where, worst
	failed++
}

FNR == 1 { para = ""; blank = 0; infence = 0 }
/^```/ {
	if (!infence) {
		infence = 1
		at = FNR
		nq = 0
		src = ""
		name = ""
		h = para
		if (match(h, /^`[A-Za-z0-9_.\/-]+`(, `[A-Za-z0-9_]+`)?(:|,.*:)$/) &&
		    h ~ /^`[^`\/]*[\/.][^`]*`/ && h !~ /^`[^`]*`, [^`]/) {
			src = substr(h, 2)
			sub(/`.*/, "", src)
			if (h ~ /^`[^`]*`, `/) {
				name = h
				sub(/^`[^`]*`, `/, "", name)
				sub(/`.*/, "", name)
			}
		}
	} else {
		infence = 0
		if (src != "")
			check(FILENAME, at, src, name)
	}
	para = ""
	blank = 0
	next
}
infence {
	if (src != "" && trim($0) != "")
		Q[++nq] = trim($0)
	next
}
/^[ \t]*$/ { blank = 1; next }
{
	if (blank)
		para = ""
	blank = 0
	para = (para == "" ? "" : para " ") trim($0)
}
END {
	if (failed)
		exit 1
	printf "check-book-quotes: all %d quotes found\n", checked
}' "$@"

#!/bin/bash
# tools/busybox-links.sh - print the path of every BusyBox applet link.
#
#   tools/busybox-links.sh BUSYBOX [BUILD_DIR]   (default build dir: build)
#
# One path a line, relative to the root and sorted (bin/sh, usr/bin/wc,
# ...): where BusyBox's own `--list-full` would put each applet of the
# binary BUSYBOX.  user/user.mk makes a symlink to /bin/busybox at each.
#
# BUSYBOX is an i386 program, and the host that builds Mapback may not be
# able to run one, so this never executes it.  It reads two things:
#
#   - which applets the binary has: BusyBox keeps their names as one
#     NUL-separated, sorted table ("[", "[[", "acpid", ...) that its applet
#     lookup searches; reading those bytes is reading data;
#   - where each applet goes: the `//applet:` lines of BusyBox's sources
#     (APPLET(name, BB_DIR_BIN, ...)), the same lines its build turns into
#     the install table.  The sources are Debian's busybox source package
#     for the binary's version with Debian's patches applied (apt-get
#     source, which runs dpkg-source), fetched with a private sources list and
#     private lists under BUILD_DIR/apt (tools/apt-i386.sh), so the host's
#     apt configuration is not touched.
#
# The sources are fetched once, into BUILD_DIR/busybox-src; later runs
# only read.  An applet of the binary that no source line places, a table that is not
# sorted or that is implausibly short fails the script: a bad list must
# fail the build.
set -euo pipefail

BUSYBOX=$1
BUILD=${2:-build}
APT=$BUILD/apt
SRC=$BUILD/busybox-src

die() {
	echo "busybox-links: $*" >&2
	exit 1
}

# The applet names in the binary: the NUL-separated run that starts with
# "[" "[[" and ends at the empty string after the last name.  awk reads to
# the end, so that tr never dies of a closed pipe.
applet_names() {
	tr '\0\n' '\n\1' <"$BUSYBOX" | awk '
		done { next }
		!found && prev == "[" && $0 == "[[" { found = 1; print prev }
		found && $0 == "" { done = 1; next }
		found { print }
		{ prev = $0 }'
}

# Debian's busybox sources, with Debian's patches applied (one moves
# readlink to /bin), unpacked by apt-get source (dpkg-source) in $SRC/tree.
fetch_source() {
	local srcdir=$APT/src version
	[ -f "$SRC/.fetched" ] && return 0
	version=$(source_version)
	. "$(dirname "$0")/apt-i386.sh"
	mkdir -p "$srcdir/lists/partial" "$srcdir/parts"
	# deb-src twins of the host's Debian repositories.
	apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' |
		sort -u | awk '{ print "deb-src " $1 " " $2 " " $3 }' \
		>"$srcdir/sources.list"
	srcdir=$(cd "$srcdir" && pwd)
	local -a opts=(-oDir::Etc::SourceList="$srcdir/sources.list"
		-oDir::Etc::SourceParts="$srcdir/parts"
		-oDir::State::Lists="$srcdir/lists")
	if ! ls "$srcdir/lists/"*Sources* >/dev/null 2>&1; then
		aptget "${opts[@]}" update >&2
	fi
	rm -rf "$SRC"
	mkdir -p "$SRC"
	(cd "$SRC" && aptget "${opts[@]}" source "busybox=$version") >&2
	mv "$SRC"/busybox-*/ "$SRC/tree"
	touch "$SRC/.fetched"
}

# The source version of the fetched busybox-static: its binary version
# without a binNMU suffix (+bN).
source_version() {
	local deb
	deb=$(ls "$BUILD/debs/"busybox-static_*_i386.deb | head -n 1) ||
		die "no busybox-static package in $BUILD/debs"
	dpkg-deb -f "$deb" Version | sed 's/+b[0-9]*$//'
}

# "name dir" for every //applet: line of the sources.
applet_dirs() {
	grep -rh --include='*.c' --include='*.h' --exclude-dir=.pc --exclude-dir=debian \
		'^//applet:' "$SRC/tree" |
		sed -n 's/.*APPLET[A-Z_]*( *\([^, ]*\) *,.*\(BB_DIR_[A-Z_]*\).*/\1 \2/p' |
		sort -u
}

main() {
	local names
	[ -f "$BUSYBOX" ] || die "no BusyBox binary at $BUSYBOX"
	names=$(applet_names)
	[ "$(wc -l <<<"$names")" -ge 50 ] ||
		die "no applet name table found in $BUSYBOX"
	LC_ALL=C sort -c -u <<<"$names" ||
		die "the applet name table of $BUSYBOX is not sorted"
	fetch_source
	applet_dirs | awk -v names="$names" '
		BEGIN {
			n = split(names, a, "\n")
			for (i = 1; i <= n; i++) want[a[i]] = 1
			dir["BB_DIR_ROOT"] = ""
			dir["BB_DIR_BIN"] = "bin/"
			dir["BB_DIR_SBIN"] = "sbin/"
			dir["BB_DIR_USR_BIN"] = "usr/bin/"
			dir["BB_DIR_USR_SBIN"] = "usr/sbin/"
		}
		$1 in want {
			if (!($2 in dir)) { print "unknown directory " $2 > "/dev/stderr"; bad = 1 }
			if ($1 in seen && seen[$1] != $2) {
				print "applet " $1 " is in " seen[$1] " and " $2 > "/dev/stderr"
				bad = 1
			}
			if (!($1 in seen)) print dir[$2] $1
			seen[$1] = $2
		}
		END {
			for (i = 1; i <= n; i++)
				if (!(a[i] in seen)) { print "no directory for applet " a[i] > "/dev/stderr"; bad = 1 }
			exit bad
		}' | LC_ALL=C sort || die "cannot place every applet of $BUSYBOX"
}

main

# shellcheck shell=sh
# tools/apt-i386.sh - apt-get and apt-cache for Debian's i386 packages,
# with private lists and cache under $APT (set by the caller, e.g.
# build/apt), so the host's dpkg and apt configuration stay as they are.
#
# Sourced (`. tools/apt-i386.sh`) by fetch-userland.sh and fetch-linux.sh.
# apt_private_lists refreshes the lists only when none are there yet.
# aptsrc fetches source packages: the host's sources may list no deb-src,
# so it reads a sources list of its own, $APT/src/sources.list (bookworm,
# Debian's signing keys), with its own lists beside it.
# The caller has set -eu.

mkdir -p "$APT/lists/partial" "$APT/cache/archives/partial"
APT_ROOT=$(cd "$APT" && pwd)

apt_i386() {
	tool=$1
	shift
	"$tool" -q \
		-oAPT::Architecture=i386 -oAPT::Architectures=i386 \
		-oDir::State::Lists="$APT_ROOT/lists" \
		-oDir::Cache="$APT_ROOT/cache" \
		-oAPT::Sandbox::User=root \
		"$@"
}

aptget() {
	apt_i386 apt-get "$@"
}

aptcache() {
	apt_i386 apt-cache "$@"
}

apt_private_lists() {
	if ! ls "$APT_ROOT/lists/"*Packages* >/dev/null 2>&1; then
		apt_update aptget "$APT_ROOT/lists" Packages
	fi
}

# apt_update TOOL LISTS KIND: a mirror caught mid-sync fails one index now
# and then ("File has unexpected size"), which would fail the whole build.
# Try three times; if the last try still failed but left lists of KIND
# behind, go on with those, saying so: the suites that did come down hold
# every package the build names.
apt_update() {
	for try in 1 2 3; do
		if "$1" update; then
			return 0
		fi
		if [ "$try" -lt 3 ]; then
			echo "apt-get update failed (try $try of 3); trying again in 15 s" >&2
			sleep 15
		fi
	done
	if ls "$2/"*"$3"* >/dev/null 2>&1; then
		echo "warning: apt-get update failed for some index; going on with the lists it did fetch" >&2
		return 0
	fi
	return 1
}

aptsrc() {
	src=$APT_ROOT/src
	if [ ! -f "$src/sources.list" ]; then
		mkdir -p "$src/lists/partial" "$src/parts"
		for suite in bookworm bookworm-updates; do
			echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main"
		done >"$src/sources.list.tmp"
		echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian-security bookworm-security main" \
			>>"$src/sources.list.tmp"
		mv "$src/sources.list.tmp" "$src/sources.list"
	fi
	if ! ls "$src/lists/"*Sources* >/dev/null 2>&1; then
		apt_update apt_src "$src/lists" Sources
	fi
	apt_src "$@"
}

apt_src() {
	apt_i386 apt-get -oDir::Etc::SourceList="$APT_ROOT/src/sources.list" \
		-oDir::Etc::SourceParts="$APT_ROOT/src/parts" \
		-oDir::State::Lists="$APT_ROOT/src/lists" "$@"
}

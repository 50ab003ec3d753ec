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
		aptget update
	fi
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
		apt_src update
	fi
	apt_src "$@"
}

apt_src() {
	apt_i386 apt-get -oDir::Etc::SourceList="$APT_ROOT/src/sources.list" \
		-oDir::Etc::SourceParts="$APT_ROOT/src/parts" \
		-oDir::State::Lists="$APT_ROOT/src/lists" "$@"
}

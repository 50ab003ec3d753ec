# shellcheck shell=sh
# tools/apt-i386.sh - apt-get and apt-cache for Debian's i386 packages,
# with private lists and cache under $APT (set by the caller, e.g.
# build/apt), so the host's dpkg and apt configuration stay as they are.
#
# Sourced (`. tools/apt-i386.sh`) by fetch-userland.sh, fetch-linux.sh and
# busybox-links.sh.
# apt_private_lists refreshes the lists only when none are there yet.
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

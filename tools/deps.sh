#!/bin/bash
# tools/deps.sh - make sure the host has the tools Mapback builds and tests with.
#
#   tools/deps.sh [EXTRA-PACKAGE...]
#   tools/deps.sh --grade [--user]
#
# Each line of NEEDS below is a Debian package and how to tell it is
# there (a command on PATH or a file).  When everything is present this is
# a no-op that takes a few milliseconds, on any distribution.  Otherwise,
# on Debian or a derivative, it installs the missing packages with apt-get
# (through sudo when not root, after an apt-get update); elsewhere it prints
# the package list and fails.  Extra package names on the command line
# (e.g. gdb for `make debug`) are checked as commands of the same name.
#
# Finally it runs tools/fetch-userland.sh when that exists (it fetches the
# user-space toolchain and BusyBox; it is expected to be a no-op when its
# downloads are already in place), and tools/fetch-debian-userland.sh (the
# Debian binaries of the userland boot, docs/userland.md; also a no-op
# once they are unpacked).
#
# --grade checks only what `make grade` needs to build a kernel and boot
# it in QEMU (with mkswap for the swap disk), and fetches nothing; with
# --user it adds what the user tests' initramfs is built with (cpio, and
# tools/fetch-userland.sh's dpkg tools) and what makes the ext2 disks the
# user boots attach (mke2fs, python3), and runs fetch-userland.sh.
set -euo pipefail

cd "$(dirname "$0")/.."

# package           present when
NEEDS="
make                  cmd:make
qemu-system-x86       cmd:qemu-system-i386
nasm                  cmd:nasm
gcc-i686-linux-gnu    cmd:i686-linux-gnu-gcc|cmd:i686-elf-gcc
binutils-i686-linux-gnu cmd:i686-linux-gnu-ld|cmd:i686-elf-ld
grub-pc-bin           file:/usr/lib/grub/i386-pc/moddep.lst
grub-common           cmd:grub-mkrescue
xorriso               cmd:xorriso
mtools                cmd:mformat
cpio                  cmd:cpio
bochs                 cmd:bochs
bochsbios             file:/usr/share/bochs/BIOS-bochs-latest
vgabios               file:/usr/share/vgabios/vgabios.bin
util-linux            cmd:mkswap
dpkg-dev              cmd:dpkg-source
dpkg                  cmd:dpkg-deb
python3               cmd:python3
fdisk                 cmd:sfdisk
e2fsprogs             file:/usr/sbin/mke2fs|cmd:mke2fs
"

# The packages of NEEDS that --grade checks, and those --user adds.
GRADE_PKGS="make qemu-system-x86 nasm gcc-i686-linux-gnu binutils-i686-linux-gnu util-linux"
GRADE_USER_PKGS="cpio dpkg-dev dpkg python3 e2fsprogs"

grade=no user=no
if [ "${1:-}" = --grade ]; then
	grade=yes
	shift
	if [ "${1:-}" = --user ]; then
		user=yes
		GRADE_PKGS="$GRADE_PKGS $GRADE_USER_PKGS"
		shift
	fi
fi

present() {
	local alt
	local IFS='|'
	for alt in $1; do
		case $alt in
		cmd:*) command -v "${alt#cmd:}" >/dev/null 2>&1 && return 0 ;;
		file:*) [ -e "${alt#file:}" ] && return 0 ;;
		esac
	done
	return 1
}

missing=()
while read -r pkg check; do
	[ -n "$pkg" ] || continue
	[ $grade = yes ] && [[ " $GRADE_PKGS " != *" $pkg "* ]] && continue
	present "$check" || missing+=("$pkg")
done <<<"$NEEDS"
for pkg in "$@"; do
	present "cmd:$pkg" || missing+=("$pkg")
done

if [ ${#missing[@]} -gt 0 ]; then
	if ! command -v apt-get >/dev/null 2>&1 || [ ! -f /etc/debian_version ]; then
		echo "deps: missing tools; install these packages (Debian names):" >&2
		echo "  ${missing[*]}" >&2
		exit 1
	fi
	sudo=
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 || {
			echo "deps: need root or sudo to install: ${missing[*]}" >&2
			exit 1
		}
		sudo=sudo
	fi
	echo "deps: installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	# A mirror mid-sync can fail one index; the install below still works
	# from the lists that did come down, so a failed update only warns.
	for try in 1 2 3; do
		$sudo apt-get update -q && break
		echo "deps: apt-get update failed (try $try of 3)" >&2
		if [ "$try" -lt 3 ]; then sleep 15; fi
	done
	# bochs-term satisfies bochs's dependency on some GUI package without
	# pulling in wxWidgets; Mapback's runs use Bochs's built-in rfb display.
	extra=()
	[[ " ${missing[*]} " == *" bochs "* ]] && extra=(bochs-term)
	$sudo apt-get install -y -q --no-install-recommends "${missing[@]}" \
		"${extra[@]}"
fi

if [ $grade = yes ] && [ $user = no ]; then
	exit 0
fi
if [ -f tools/fetch-userland.sh ]; then
	bash tools/fetch-userland.sh
fi
if [ $grade = yes ]; then
	exit 0
fi
if [ -f tools/fetch-debian-userland.sh ]; then
	sh tools/fetch-debian-userland.sh
fi

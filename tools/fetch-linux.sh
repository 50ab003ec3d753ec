#!/bin/sh
# fetch-linux.sh - fetch the Linux kernel that `make bench` compares with
# and `make test-linux` runs the user tests on.
#
# Downloads the newest Debian i386 kernel the private package lists offer
# (the one the linux-image-686 metapackage depends on: non-PAE, for a
# plain 686), with the same private apt setup as fetch-userland.sh
# (tools/apt-i386.sh), and unpacks it with dpkg-deb into build/linux.
# Prints the path of its /boot/vmlinuz-* on stdout, everything else on
# stderr.  Nothing fetched here is committed.
#
# Debian builds the IDE/SATA disk support as modules, and the swap disk of
# the test boots needs it; ext4 (which mounts ext2 there) is a module too.  build/linux/modules/ receives the modules
# MODULES name and everything they need, each as NN-name.ko, NN giving an
# order in which every module comes after its dependencies: user/init.c
# loads them in name order when it runs on Linux.  The dependencies are
# the `depends=` and `softdep=pre:` fields of each module's .modinfo
# section, read with objdump's cross tools (the package has no
# modules.dep: depmod makes it at install time).
#
# Idempotent: an unpacked kernel and its modules are used as they are.
#
# Usage: tools/fetch-linux.sh [BUILD_DIR]   (default: build)
set -eu

BUILD=${1:-build}
APT=$BUILD/apt
DEBS=$BUILD/debs-linux
ROOT=$BUILD/linux
MODDIR=$ROOT/modules
# The disk stack of QEMU's PC (PIIX IDE through libata) and SCSI disks,
# and ext4, which Debian's kernel mounts ext2 with (the ext2 test disk).
MODULES="ata_piix sd_mod ext4"
# Where the modules and their dependencies are in the package.
MODULE_DIRS="drivers/ata drivers/scsi block lib crypto fs"
OBJCOPY=${OBJCOPY:-i686-linux-gnu-objcopy}

found() {
	ls "$ROOT"/boot/vmlinuz-* 2>/dev/null | head -n 1
}

# name -> the module's canonical name: "-" and "_" are the same to Linux.
canon() {
	echo "$1" | tr - _
}

# The field $2 (depends, softdep) of module file $1, one value a line.
modinfo_field() {
	"$OBJCOPY" -O binary --only-section=.modinfo "$1" /dev/stdout |
		tr '\0' '\n' | sed -n "s/^$2=//p"
}

# The modules module $1 needs loaded first.
module_deps() {
	modinfo_field "$1" depends | tr , '\n'
	modinfo_field "$1" softdep | sed -n 's/^pre: *//p' | tr ' ' '\n'
}

# The first module that declares alias $1 (a soft dependency may name a
# crypto algorithm, e.g. crct10dif, rather than a module).
module_with_alias() {
	local name f
	awk '{ print $2 }' "$MODDIR/.index" | while read -r f; do
		if modinfo_field "$f" alias | grep -qxF "$1"; then
			echo "$f"
			break
		fi
	done
}

# Copy module $1 into $MODDIR after its dependencies (a depth-first walk;
# $done lists those already placed).
place_module() {
	local name file dep
	name=$(canon "$1")
	case " $done " in *" $name "*) return 0 ;; esac
	done="$done $name"
	file=$(awk -v n="$name" '$1 == n { print $2; exit }' "$MODDIR/.index")
	[ -n "$file" ] || file=$(module_with_alias "$1")
	if [ -z "$file" ]; then
		echo "fetch-linux: module $name not found in the package" >&2
		exit 1
	fi
	name=$(canon "$(basename "$file" .ko)")
	done="$done $name"
	for dep in $(module_deps "$file"); do
		place_module "$dep"
	done
	count=$((count + 1))
	cp "$file" "$MODDIR/$(printf %02d $count)-$name.ko"
}

if [ -n "$(found)" ] && [ "$(cat "$MODDIR/.done" 2>/dev/null)" = "$MODULES" ]; then
	found
	exit 0
fi

mkdir -p "$DEBS" "$ROOT"
. "$(dirname "$0")/apt-i386.sh"
apt_private_lists >&2

# linux-image-686 -> "Depends: linux-image-6.1.0-NN-686 (= ...)".
pkg=$(aptcache depends linux-image-686 |
	sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-686\)$/\1/p' | head -n 1)
if [ -z "$pkg" ]; then
	echo "fetch-linux: no linux-image-*-686 in the package lists" >&2
	exit 1
fi
if ! ls "$DEBS/${pkg}_"*_i386.deb >/dev/null 2>&1; then
	(cd "$DEBS" && aptget download "$pkg:i386") >&2
fi
# The kernel image, and the module directories the disk stack lives in.
patterns=./boot
for d in $MODULE_DIRS; do
	patterns="$patterns ./lib/modules/*/kernel/$d/*"
done
# shellcheck disable=SC2086
dpkg-deb --fsys-tarfile "$DEBS/${pkg}_"*_i386.deb | tar -x -C "$ROOT" --wildcards $patterns
rm -rf "$MODDIR"
mkdir -p "$MODDIR"
# "canonical-name path" of every module unpacked.
find "$ROOT/lib/modules" -name '*.ko' |
	awk '{ n = $0; sub(/.*\//, "", n); sub(/\.ko$/, "", n); gsub(/-/, "_", n); print n, $0 }' \
	>"$MODDIR/.index"
done=
count=0
for m in $MODULES; do
	place_module "$m"
done
echo "$MODULES" >"$MODDIR/.done"
echo "fetch-linux: unpacked $pkg into $ROOT, modules:" $(ls "$MODDIR") >&2
found

#!/bin/bash
# tools/mkiso.sh - build a GRUB 2 rescue ISO that boots Mapback.
#
#   tools/mkiso.sh OUT.iso KERNEL [INITRAMFS] [CMDLINE]
#
# The ISO holds boot/grub.cfg, the kernel as /boot/mapback.elf and, when
# given and present, the initramfs as /boot/initramfs.cpio (grub.cfg loads
# it as a Multiboot module).  CMDLINE, when given, becomes the kernel
# command line through /boot/grub/mapback-args.cfg; `make iso` passes none,
# the test runner passes e.g. "ktest".
set -euo pipefail

out=$1 kernel=$2 initramfs=${3:-} cmdline=${4:-}
here=$(cd "$(dirname "$0")/.." && pwd)
tree=$out.d

rm -rf "$tree"
mkdir -p "$tree/boot/grub"
cp "$here/boot/grub.cfg" "$tree/boot/grub/grub.cfg"
cp "$kernel" "$tree/boot/mapback.elf"
if [ -n "$initramfs" ] && [ -f "$initramfs" ]; then
	cp "$initramfs" "$tree/boot/initramfs.cpio"
fi
if [ -n "$cmdline" ]; then
	# GRUB's quoting: single quotes, with ' written as '\''.
	printf "set mapback_args='%s'\n" "${cmdline//\'/\'\\\'\'}" \
		>"$tree/boot/grub/mapback-args.cfg"
fi
# Only the BIOS (i386-pc) platform: Mapback is a Multiboot 1 kernel for PCs.
grub-mkrescue -o "$out.tmp" \
	-d /usr/lib/grub/i386-pc "$tree" >"$out.log" 2>&1 || {
	cat "$out.log" >&2
	exit 1
}
mv "$out.tmp" "$out"
rm -rf "$tree" "$out.log"

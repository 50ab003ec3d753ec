#!/bin/bash
# tools/mkfloppy.sh - a 1.44 MB SYSLINUX boot floppy for Mapback.
#
#   tools/mkfloppy.sh OUT.img KERNEL INITRAMFS [CMDLINE]
#
# For PCs too old for GRUB 2 (a 386 or 486: no CR4, docs/boot.md): a FAT12
# floppy image with SYSLINUX (ldlinux.sys in the boot sector's reach),
# whose mboot.c32 loads a Multiboot kernel and its modules as GRUB does.
# On it: the kernel, stripped (backtraces use the symbol table built into
# it, not the ELF's), and the initramfs as a module.  syslinux.cfg boots
# at once, no prompt, with CMDLINE as the kernel command line.  SYSLINUX
# also speaks on COM1, so a serial console sees the whole boot.
# Fails if the files do not fit.  Needs syslinux, syslinux-common, mtools
# and dosfstools (tools/deps.sh); runs as any user, on a plain file.
set -euo pipefail

out=$1 kernel=$2 initramfs=$3 cmdline=${4:-}
c32=/usr/lib/syslinux/modules/bios
tmp=$out.d

rm -rf "$tmp" "$out.tmp"
mkdir -p "$tmp"
${CROSS:-i686-linux-gnu-}strip -o "$tmp/mapback.elf" "$kernel"
cat >"$tmp/syslinux.cfg" <<CFG
SERIAL 0 115200
DEFAULT mapback
PROMPT 0
LABEL mapback
  KERNEL mboot.c32
  APPEND /mapback.elf $cmdline --- /initrd.cpio
CFG
mkfs.fat -C -n MAPBACK "$out.tmp" 1440 >/dev/null
syslinux --install "$out.tmp"
mcopy -i "$out.tmp" "$c32/mboot.c32" "$c32/libcom32.c32" "$tmp/syslinux.cfg" \
	"$tmp/mapback.elf" ::/
mcopy -i "$out.tmp" "$initramfs" ::/initrd.cpio
echo "mkfloppy: $out, $(mdir -i "$out.tmp" ::/ | sed -n 's/^ *\([0-9 ]*\) bytes free$/\1/p' | tr -d ' ') bytes free"
rm -rf "$tmp"
mv "$out.tmp" "$out"

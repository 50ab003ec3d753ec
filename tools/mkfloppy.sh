#!/bin/bash
# tools/mkfloppy.sh - the 1.44 MB Mapback boot floppy, with its own loader.
#
#   tools/mkfloppy.sh OUT.img KERNEL INITRAMFS [CMDLINE [TIMEOUT]]
#
# For PCs too old for GRUB 2 (a 386 or 486: no CR4), down to 4 MiB of RAM
# (docs/boot.md, section 6).  No file system: the image is
#
#   sector 0       boot/loader/bootsect.asm
#   sector 1       the map (boot/loader/map.asm): where the rest lies
#   sectors 2-17   boot/loader/loader.asm
#   sector 18..    the kernel as a flat image (objcopy -O binary: its
#                  loadable segments from the load address on, no bss)
#   next sector..  the initramfs, loaded as the Multiboot module: INITRAMFS
#                  with a second newc archive appended, the installer
#
# The installer's archive holds what /sbin/install (user/floppyroot/)
# writes on a hard disk, all made here from the same kernel: in
# /usr/share/install, the kernel's flat image gzipped (kernel.gz), the
# hard disk's MBR code (mbr.bin), loader (loader.bin) and map (map.bin:
# kernel at sector 2048, no initramfs, the boot: prompt's 5 seconds), and
# root/, the files of the disk's root besides the floppy's own (the tree
# user/hddroot/, as tools/mkhdd-root.sh has them).
# Mapback has no floppy driver, so the installer cannot read the floppy:
# what it copies must be in memory, in the initramfs.
#
# The numbers in the map come from the kernel's ELF headers (readelf), read
# on the host by tools/loader-map.sh, which mkhdd.sh shares; nothing built
# for i386 runs.  CMDLINE is the kernel command line built into the map
# (at most 255 characters), which the loader's boot: prompt shows and lets
# the user edit; TIMEOUT is how long the prompt waits for a key before it boots with it, in tenths of a
# second as LILO's and SYSLINUX's timeouts (default 50; 0 boots at once).
# Fails if the pieces do not fit on the disk or in the loader's
# assumptions.  Needs nasm and binutils.
set -euo pipefail

out=$1 kernel=$2 initramfs=$3 cmdline=${4:-} timeout=${5:-50}
tmp=$out.d
spt=18 heads=2 sectors=2880	# 80 cylinders of a 1.44 MB disk
kernel_lba=18			# after the boot sector, map and loader
. tools/loader-map.sh

rm -rf "$tmp" "$out.tmp"
mkdir -p "$tmp/hdd" "$tmp/inst/sbin" "$tmp/inst/usr/share/install/root"

# The installer's archive, with the hard disk's loader built first
# (loader_build's results are the floppy's from the second call on).
loader_build "$tmp/hdd" "$kernel" "" "root=/dev/hda2 rw" 50 0 0 2048
share=$tmp/inst/usr/share/install
cp user/floppyroot/sbin/install "$tmp/inst/sbin/install"
gzip -9 -n -c "$tmp/hdd/kernel.bin" >"$share/kernel.gz"
cp "$tmp/hdd/mbr.bin" "$tmp/hdd/map.bin" "$tmp/hdd/loader.bin" "$share/"
cp -a user/hddroot/. "$share/root/"
chmod -R u=rwX,go=rX "$tmp/inst"
chmod 755 "$tmp/inst/sbin/install" "$share/root/sbin/hdd-check"
(cd "$tmp/inst" && find . -mindepth 1 | sed 's|^\./||' | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --quiet) | cat "$initramfs" - >"$tmp/initramfs"

loader_build "$tmp" "$kernel" "$tmp/initramfs" "$cmdline" "$timeout" \
	$spt $heads $kernel_lba
if [ "$loader_end" -gt "$sectors" ]; then
	echo "mkfloppy: kernel and initramfs need $loader_end sectors, the floppy has $sectors" >&2
	exit 1
fi

put() {	# put FILE SECTOR
	dd if="$1" of="$out.tmp" bs=512 seek="$2" conv=notrunc status=none
}
dd if=/dev/zero of="$out.tmp" bs=512 count=$sectors status=none
put "$tmp/bootsect.bin" 0
put "$tmp/map.bin" 1
put "$tmp/loader.bin" 2
put "$tmp/kernel.bin" $kernel_lba
put "$tmp/initramfs" "$loader_initrd_lba"
printf 'mkfloppy: %s: %s; %d KiB free\n' "$out" "$loader_summary" \
	$(((sectors - loader_end) / 2))
rm -rf "$tmp"
mv "$out.tmp" "$out"

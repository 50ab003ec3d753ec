#!/bin/bash
# tools/mkhdd.sh - the Mapback hard disk (or USB stick) image, booted by
# Mapback's own loader, with an ext2 root file system and swap.
#
#   tools/mkhdd.sh OUT.img KERNEL ROOT.ext2 [CMDLINE [TIMEOUT]]
#
# For PCs from a 386 with 4 MiB whose BIOS boots a hard disk (docs/boot.md,
# "Old PCs").  The image is an MBR disk:
#
#   sector 0           boot/loader/mbr.asm and the partition table
#   sector 1           the map (boot/loader/map.asm), with the command line
#   sectors 2-17       boot/loader/loader.asm
#   partition 1 (hda1) the boot area, type da (non-FS data), active: the
#                      kernel as a flat image, then the initramfs if
#                      HDD_INITRAMFS names one; no file system
#   partition 2 (hda2) ROOT.ext2 (tools/mkhdd-root.sh), type 83
#   partition 3 (hda3) a Linux swap area, type 82
#
# The partitions start on 1 MiB boundaries, as fdisk places them; the map
# and the loader lie in the gap before the first, as GRUB's core.img does.
# CMDLINE and TIMEOUT are the boot: prompt's, as tools/mkfloppy.sh's.
# Sizes: HDD_BOOT_MIB (default: what the kernel needs, rounded up to MiB)
# and HDD_SWAP_MIB (16); the root is as large as ROOT.ext2.  HDD_CHS=1
# makes the loader read by CHS even where the BIOS has the LBA
# extensions, as on a BIOS from before them.  The disk is padded to whole
# cylinders of 16 heads and 63 sectors, a geometry every BIOS and Bochs
# take for it.  Runs as any user, on plain files: sfdisk writes the table.
set -euo pipefail

out=$1 kernel=$2 root=$3 cmdline=${4:-} timeout=${5:-50}
swap_mib=${HDD_SWAP_MIB:-16}
tmp=$out.d
start=2048			# sectors: 1 MiB
. tools/loader-map.sh

rm -rf "$tmp" "$out.tmp"
mkdir -p "$tmp"
heads=0
[ "${HDD_CHS:-0}" = 1 ] && heads=0xFFFFFFFF	# HDD_FORCE_CHS, layout.inc
loader_build "$tmp" "$kernel" "${HDD_INITRAMFS:-}" "$cmdline" "$timeout" \
	0 $heads $start
boot_sectors=$(((loader_end - start + 2047) / 2048 * 2048))
[ -z "${HDD_BOOT_MIB:-}" ] || boot_sectors=$((HDD_BOOT_MIB * 2048))
if [ $((loader_end - start)) -gt "$boot_sectors" ]; then
	echo "mkhdd: the kernel and initramfs need $((loader_end - start)) sectors, hda1 has $boot_sectors" >&2
	exit 1
fi
root_start=$((start + boot_sectors))
root_sectors=$(($(stat -c %s "$root") / 512))
swap_start=$((root_start + root_sectors))
swap_sectors=$((swap_mib * 2048))
end=$((swap_start + swap_sectors))
total=$(((end + 1007) / 1008 * 1008))	# 16 heads x 63 sectors

tools/mkswap-image.sh "$tmp/swap.img" "$swap_mib" >/dev/null
dd if=/dev/zero of="$out.tmp" bs=512 count=0 seek="$total" status=none
sfdisk --no-reread --no-tell-kernel -q "$out.tmp" <<TABLE
label: dos
label-id: 0x6d617062
$start,$boot_sectors,da,*
$root_start,$root_sectors,83
$swap_start,$swap_sectors,82
TABLE
put() {	# put FILE SECTOR
	dd if="$1" of="$out.tmp" bs=512 seek="$2" conv=notrunc status=none
}
dd if="$tmp/mbr.bin" of="$out.tmp" bs=440 count=1 conv=notrunc status=none
put "$tmp/map.bin" 1
put "$tmp/loader.bin" 2
put "$tmp/kernel.bin" $start
[ -z "${HDD_INITRAMFS:-}" ] || put "$HDD_INITRAMFS" "$loader_initrd_lba"
put "$root" $root_start
put "$tmp/swap.img" $swap_start
printf 'mkhdd: %s, %d MiB: %s; hda1 %d KiB boot, hda2 %d MiB ext2 root, hda3 %d MiB swap\n' \
	"$out" $((total / 2048)) "$loader_summary" $((boot_sectors / 2)) \
	$((root_sectors / 2048)) "$swap_mib"
rm -rf "$tmp"
mv "$out.tmp" "$out"

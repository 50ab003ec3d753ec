#!/bin/bash
# tools/mkhdd.sh - a SYSLINUX hard-disk (or USB stick) image for Mapback.
#
#   tools/mkhdd.sh OUT.img KERNEL INITRAMFS [CMDLINE]
#
# For PCs whose BIOS boots a hard disk or a USB stick but that are too old
# for GRUB 2 (docs/boot.md, "Old PCs").  The image is an MBR disk:
#
#   sector 0          SYSLINUX's mbr.bin and the partition table
#   partition 1 (hda1) FAT, active: ldlinux.sys, mboot.c32, the kernel
#                     (stripped) and the boot floppy's initramfs
#   partition 2 (hda2) a Linux swap area (type 82), for `swapon /dev/hda2`
#
# Both partitions start on a 1 MiB boundary, as fdisk places them.  The
# FAT's hidden-sectors field says where partition 1 starts, since that is
# how SYSLINUX finds its own files on the disk.  Sizes: HDD_BOOT_MIB
# (default 4) and HDD_SWAP_MIB (default 16).  Runs as any user, on plain
# files: mtools writes into the FAT, sfdisk writes the partition table.
set -euo pipefail

out=$1 kernel=$2 initramfs=$3 cmdline=${4:-}
boot_mib=${HDD_BOOT_MIB:-4}
swap_mib=${HDD_SWAP_MIB:-16}
bios=/usr/lib/syslinux
c32=$bios/modules/bios
tmp=$out.d
start=2048			# sectors: 1 MiB
boot_sectors=$((boot_mib * 2048))
swap_start=$((start + boot_sectors))
swap_sectors=$((swap_mib * 2048))

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

# Partition 1 is built on its own, then copied into place.
mkfs.fat -C -F 12 -n MAPBACK -h "$start" "$tmp/boot.fat" $((boot_mib * 1024)) >/dev/null
syslinux --install "$tmp/boot.fat"
mcopy -i "$tmp/boot.fat" "$c32/mboot.c32" "$c32/libcom32.c32" \
	"$tmp/syslinux.cfg" "$tmp/mapback.elf" ::/
mcopy -i "$tmp/boot.fat" "$initramfs" ::/initrd.cpio

# Partition 2: the swap area, as tools/mkswap-image.sh makes a whole disk.
tools/mkswap-image.sh "$tmp/swap.img" "$swap_mib" >/dev/null

dd if=/dev/zero of="$out.tmp" bs=512 count=$((swap_start + swap_sectors)) 2>/dev/null
sfdisk --no-reread --no-tell-kernel -q "$out.tmp" <<TABLE
label: dos
label-id: 0x6d617062
$start,$boot_sectors,1,*
$swap_start,$swap_sectors,82
TABLE
dd if="$bios/mbr/mbr.bin" of="$out.tmp" conv=notrunc bs=440 count=1 2>/dev/null
dd if="$tmp/boot.fat" of="$out.tmp" conv=notrunc bs=512 seek=$start 2>/dev/null
dd if="$tmp/swap.img" of="$out.tmp" conv=notrunc bs=512 seek=$swap_start 2>/dev/null
echo "mkhdd: $out, hda1 $boot_mib MiB boot (FAT), hda2 $swap_mib MiB swap"
rm -rf "$tmp"
mv "$out.tmp" "$out"

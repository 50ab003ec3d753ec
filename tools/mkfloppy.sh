#!/bin/bash
# tools/mkfloppy.sh - the 1.44 MB Mapback boot floppy, with its own loader.
#
#   tools/mkfloppy.sh OUT.img KERNEL INITRAMFS [CMDLINE [TIMEOUT]]
#
# For PCs too old for GRUB 2 (a 386 or 486: no CR4), down to 4 MiB of RAM
# (docs/boot.md, section 6).  No file system: the image is
#
#   sector 0       boot/floppy/bootsect.asm
#   sector 1       the map (boot/floppy/map.asm): where the rest lies
#   sectors 2-17   boot/floppy/loader.asm
#   sector 18..    the kernel as a flat image (objcopy -O binary: its
#                  loadable segments from the load address on, no bss)
#   next sector..  the initramfs, loaded as the Multiboot module
#
# The numbers in the map come from the kernel's ELF headers (readelf), read
# here on the host; nothing built for i386 runs.  CMDLINE is the kernel
# command line built into the map (at most 255 characters), which the
# loader's boot: prompt shows and lets the user edit; TIMEOUT is how long
# the prompt waits for a key before it boots with it, in tenths of a
# second as LILO's and SYSLINUX's timeouts (default 50; 0 boots at once).
# Fails if the pieces do not fit on the disk or in the loader's
# assumptions.  Needs nasm and binutils.
set -euo pipefail

out=$1 kernel=$2 initramfs=$3 cmdline=${4:-} timeout=${5:-50}
cross=${CROSS:-i686-linux-gnu-}
src=boot/floppy
tmp=$out.d
spt=18 heads=2 sectors=2880	# 80 cylinders of a 1.44 MB disk
kernel_lba=18			# after the boot sector, map and loader

if [ ${#cmdline} -gt 255 ]; then
	echo "mkfloppy: the command line has ${#cmdline} characters, the loader takes 255" >&2
	exit 1
fi
if ! [[ $timeout =~ ^[0-9]+$ ]] || [ "$timeout" -gt 36000 ]; then
	echo "mkfloppy: timeout '$timeout': tenths of a second, 0 to 36000" >&2
	exit 1
fi
# The BIOS timer ticks 18.2065 times a second: 91 ticks in 50 tenths.
ticks=$(((10#$timeout * 91 + 49) / 50))

rm -rf "$tmp" "$out.tmp"
mkdir -p "$tmp"

# The loaded part of the kernel: the lowest physical (load) address of
# its PT_LOAD segments, where their file contents end and where their
# memory (with the bss) ends.
load= file_end=0 mem_end=0
while read -r type _ _ paddr filesz memsz _; do
	[ "$type" = LOAD ] || continue
	paddr=$((paddr)) filesz=$((filesz)) memsz=$((memsz))
	[ -z "$load" ] || [ "$paddr" -lt "$load" ] && load=$paddr
	[ $((paddr + filesz)) -gt "$file_end" ] && file_end=$((paddr + filesz))
	[ $((paddr + memsz)) -gt "$mem_end" ] && mem_end=$((paddr + memsz))
done < <("${cross}readelf" -lW "$kernel")
entry=$(($("${cross}readelf" -hW "$kernel" | awk '/Entry point/ { print $4 }')))
"${cross}objcopy" -O binary "$kernel" "$tmp/kernel.bin"
kernel_size=$(stat -c %s "$tmp/kernel.bin")
# objcopy writes from the lowest loaded address to the end of the last
# section with contents; anything else means a section outside the
# segments, and the flat image would not be what the ELF loads.
if [ "$kernel_size" -ne $((file_end - load)) ]; then
	echo "mkfloppy: $kernel: flat image is $kernel_size bytes, segments say $((file_end - load))" >&2
	exit 1
fi
# _start runs before paging, linked where it is loaded (linker.ld), so
# e_entry is a physical address inside the image.
if [ "$entry" -lt "$load" ] || [ "$entry" -ge "$file_end" ]; then
	printf 'mkfloppy: entry 0x%x is not in the loaded image\n' "$entry" >&2
	exit 1
fi

initrd_size=$(stat -c %s "$initramfs")
initrd_lba=$((kernel_lba + (kernel_size + 511) / 512))
initrd_load=$(((mem_end + 4095) / 4096 * 4096))	# Multiboot page-aligns modules
used=$((initrd_lba + (initrd_size + 511) / 512))
if [ "$used" -gt "$sectors" ]; then
	echo "mkfloppy: kernel and initramfs need $used sectors, the floppy has $sectors" >&2
	exit 1
fi

printf '%s' "$cmdline" >"$tmp/cmdline"
nasm -f bin -I "$src/" -o "$tmp/bootsect.bin" "$src/bootsect.asm"
nasm -f bin -I "$src/" -o "$tmp/loader.bin" "$src/loader.asm"
nasm -f bin -I "$src/" -o "$tmp/map.bin" "$src/map.asm" \
	-DSPT=$spt -DHEADS=$heads -DKERNEL_LBA=$kernel_lba \
	-DKERNEL_SIZE="$kernel_size" -DKERNEL_LOAD="$load" \
	-DKERNEL_END="$mem_end" -DKERNEL_ENTRY="$entry" \
	-DINITRD_LBA=$initrd_lba -DINITRD_SIZE="$initrd_size" \
	-DINITRD_LOAD=$initrd_load -DTIMEOUT=$ticks \
	-DCMDLINE_FILE="'$tmp/cmdline'"

put() {	# put FILE SECTOR
	dd if="$1" of="$out.tmp" bs=512 seek="$2" conv=notrunc status=none
}
dd if=/dev/zero of="$out.tmp" bs=512 count=$sectors status=none
put "$tmp/bootsect.bin" 0
put "$tmp/map.bin" 1
put "$tmp/loader.bin" 2
put "$tmp/kernel.bin" $kernel_lba
put "$initramfs" $initrd_lba
printf 'mkfloppy: %s: kernel %d KiB at 0x%x (bss to 0x%x), initramfs %d KiB at 0x%x; %d KiB free\n' \
	"$out" $((kernel_size / 1024)) "$load" "$mem_end" $((initrd_size / 1024)) \
	"$initrd_load" $(((sectors - used) / 2))
rm -rf "$tmp"
mv "$out.tmp" "$out"

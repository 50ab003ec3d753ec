# shellcheck shell=bash disable=SC2034
# tools/loader-map.sh - sourced by tools/mkfloppy.sh and tools/mkhdd.sh:
# Mapback's own loader (boot/loader/) for one kernel, one initramfs (or
# none) and one command line.
#
#   loader_build TMP KERNEL INITRAMFS CMDLINE TIMEOUT SPT HEADS KERNEL_LBA
#
# writes into TMP: kernel.bin (the kernel as a flat image: objcopy -O
# binary of its loadable segments from the load address on, no bss),
# loader.bin, map.bin (the numbers of this kernel, read from its ELF
# headers with readelf on the host, nothing built for i386 runs) and the
# two boot sectors, bootsect.bin (a floppy's) and mbr.bin (a hard disk's
# first 440 bytes).  INITRAMFS may be empty: no module.  SPT and HEADS are
# a floppy's geometry, or 0 and 0 for a hard disk (the loader asks the
# BIOS).  The kernel goes at sector KERNEL_LBA, the initramfs right after
# it; loader_build sets loader_initrd_lba, where the initramfs goes,
# loader_end, the first sector after both, and loader_summary, a line
# saying what went where.  Fails (returns 1, with
# a message) if the command line is longer than 255 characters or the
# flat image is not what the segments say.  Needs nasm and binutils.

loader_build() {
	local tmp=$1 kernel=$2 initramfs=$3 cmdline=$4 timeout=$5
	local spt=$6 heads=$7 kernel_lba=$8
	local cross=${CROSS:-i686-linux-gnu-} src=boot/loader
	local load='' file_end=0 mem_end=0 type paddr filesz memsz entry ticks
	local kernel_size initrd_size=0 initrd_load

	if [ ${#cmdline} -gt 255 ]; then
		echo "loader: the command line has ${#cmdline} characters, the loader takes 255" >&2
		return 1
	fi
	if ! [[ $timeout =~ ^[0-9]+$ ]] || [ "$timeout" -gt 36000 ]; then
		echo "loader: timeout '$timeout': tenths of a second, 0 to 36000" >&2
		return 1
	fi
	# The BIOS timer ticks 18.2065 times a second: 91 ticks in 50 tenths.
	ticks=$(((10#$timeout * 91 + 49) / 50))

	# The loaded part of the kernel: the lowest physical (load) address
	# of its PT_LOAD segments, where their file contents end and where
	# their memory (with the bss) ends.
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
	# objcopy writes from the lowest loaded address to the end of the
	# last section with contents; anything else means a section outside
	# the segments, and the flat image would not be what the ELF loads.
	if [ "$kernel_size" -ne $((file_end - load)) ]; then
		echo "loader: $kernel: flat image is $kernel_size bytes, segments say $((file_end - load))" >&2
		return 1
	fi
	# _start runs before paging, linked where it is loaded (linker.ld),
	# so e_entry is a physical address inside the image.
	if [ "$entry" -lt "$load" ] || [ "$entry" -ge "$file_end" ]; then
		printf 'loader: entry 0x%x is not in the loaded image\n' "$entry" >&2
		return 1
	fi

	[ -z "$initramfs" ] || initrd_size=$(stat -c %s "$initramfs")
	loader_initrd_lba=$((kernel_lba + (kernel_size + 511) / 512))
	initrd_load=$(((mem_end + 4095) / 4096 * 4096))	# Multiboot page-aligns modules
	loader_end=$((loader_initrd_lba + (initrd_size + 511) / 512))

	printf '%s' "$cmdline" >"$tmp/cmdline"
	nasm -f bin -I "$src/" -o "$tmp/bootsect.bin" "$src/bootsect.asm" || return 1
	nasm -f bin -I "$src/" -o "$tmp/mbr.bin" "$src/mbr.asm" || return 1
	nasm -f bin -I "$src/" -o "$tmp/loader.bin" "$src/loader.asm" || return 1
	nasm -f bin -I "$src/" -o "$tmp/map.bin" "$src/map.asm" \
		-DSPT="$spt" -DHEADS="$heads" -DKERNEL_LBA="$kernel_lba" \
		-DKERNEL_SIZE="$kernel_size" -DKERNEL_LOAD="$load" \
		-DKERNEL_END="$mem_end" -DKERNEL_ENTRY="$entry" \
		-DINITRD_LBA=$loader_initrd_lba -DINITRD_SIZE="$initrd_size" \
		-DINITRD_LOAD=$initrd_load -DTIMEOUT=$ticks \
		-DCMDLINE_FILE="'$tmp/cmdline'" || return 1
	loader_summary=$(printf 'kernel %d KiB at 0x%x (bss to 0x%x)' \
		$((kernel_size / 1024)) "$load" "$mem_end")
	[ -z "$initramfs" ] || loader_summary+=$(printf ', initramfs %d KiB at 0x%x' \
		$((initrd_size / 1024)) "$initrd_load")
}

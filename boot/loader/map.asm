; boot/loader/map.asm - sector 1 of the boot floppy: where everything is.
;
; tools/mkfloppy.sh assembles it with the numbers of one kernel and one
; initramfs (-D KERNEL_LBA=... and so on, from readelf at build time), the
; boot: prompt's wait in BIOS ticks (TIMEOUT) and the command line in the
; file CMDLINE_FILE.  The loader reads nothing else about them.  The
; string goes inside the cmdline field, whose first byte is the one the
; loader points the kernel at; iend fills the rest of the field with NULs,
; and a line longer than CMDLINE_SIZE - 1 stops NASM there (a negative
; TIMES).
%include "layout.inc"

	istruc map
	at map.magic,		dd MAP_MAGIC
	at map.spt,		dd SPT
	at map.heads,		dd HEADS
	at map.kernel_lba,	dd KERNEL_LBA
	at map.kernel_size,	dd KERNEL_SIZE
	at map.kernel_load,	dd KERNEL_LOAD
	at map.kernel_end,	dd KERNEL_END
	at map.kernel_entry,	dd KERNEL_ENTRY
	at map.initrd_lba,	dd INITRD_LBA
	at map.initrd_size,	dd INITRD_SIZE
	at map.initrd_load,	dd INITRD_LOAD
	at map.timeout,		dd TIMEOUT
	at map.cmdline,		incbin CMDLINE_FILE
	db 0
	iend
%if map_size > 512
%error "the map does not fit in its sector"
%endif
	times 512 - ($ - $$) db 0

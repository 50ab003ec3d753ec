; boot/floppy/map.asm - sector 1 of the boot floppy: where everything is.
;
; tools/mkfloppy.sh assembles it with the numbers of one kernel and one
; initramfs (-D KERNEL_LBA=... and so on, from readelf at build time) and
; the command line in the file CMDLINE_FILE.  The loader reads nothing
; else about them.  A command line too long for the sector stops NASM.
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
	at map.cmdline
	iend
	incbin CMDLINE_FILE
	db 0
	times 512 - ($ - $$) db 0

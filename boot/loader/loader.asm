; boot/loader/loader.asm - Mapback's own loader, on the boot floppy and on
; the hard disk: start Mapback the way a Multiboot loader does, in any PC
; from a 386 with 4 MiB up.
;
; bootsect.asm (a floppy) or mbr.asm (a hard disk) has read the map
; (map.asm) to 0x7E00 and this file to 0x8000, and jumps here with the
; boot drive in DL.  In real mode, with the BIOS, the loader
;   0. shows the boot: prompt with the command line built into the map,
;      which the user may edit before the timeout (prompt, below);
;   1. asks the BIOS how much memory there is (INT 12h, INT 15h E801h or
;      88h, and the E820 map when the BIOS has one) and stops with a
;      message if the kernel and the initramfs would not fit;
;   2. reads the flat kernel image and the initramfs (if the map names
;      one) a track, or BUF_SECTORS, at a time into a buffer below 1 MiB
;      and copies each piece to its place above 1 MiB with INT 15h AH=87h:
;      a floppy by cylinder/head/sector with the map's geometry, a hard
;      disk with the BIOS's LBA extensions (INT 13h AH=42h) where they
;      exist, else by CHS with the geometry INT 13h AH=08h gives;
;   3. turns the floppy motor off (when booted from one) and opens the
;      A20 gate;
;   4. fills in the Multiboot information structure;
; then switches to 32-bit protected mode with flat segments, zeroes the
; kernel's bss and jumps to its entry with EAX = 0x2BADB002 and EBX = the
; structure, which is all kernel/multiboot.c and boot/boot.asm expect.
;
; Why not SYSLINUX: its mboot.c32 reads every file into its own heap
; before moving it, and at 4 MiB that heap is smaller than the initramfs.
; Reading straight to the final address needs only one track of buffer.
;
; Messages go to the screen (INT 10h) and to COM1 at 115200 8N1, as the
; kernel's console does, and the prompt reads keys from both.  Only 386
; instructions (`cpu 386`).
	cpu 386
	bits 16
%include "layout.inc"
	org LOADER_ADDR

MB_MAGIC	equ 0x2BADB002
MB_INFO_MEMORY	equ 0x001
MB_INFO_CMDLINE	equ 0x004
MB_INFO_MODS	equ 0x008
MB_INFO_MMAP	equ 0x040
MB_INFO_LOADER_NAME equ 0x200
E820_MAX	equ 32		; kernel/multiboot.h keeps MAX_MEM_RANGES
SMAP		equ 0x534D4150	; 'SMAP', E820's signature
COM1		equ 0x3F8
CODE_SEG	equ 0x08	; in gdt below
DATA_SEG	equ 0x10

; The Multiboot 1 information structure (Multiboot Specification 0.6.96,
; section 3.3), as far as the kernel reads it.
struc mbi
	.flags		resd 1
	.mem_lower	resd 1	; KiB below 640 KiB
	.mem_upper	resd 1	; KiB from 1 MiB to the first hole
	.boot_device	resd 1
	.cmdline	resd 1
	.mods_count	resd 1
	.mods_addr	resd 1
	.syms		resd 4
	.mmap_length	resd 1
	.mmap_addr	resd 1
	.drives_length	resd 1
	.drives_addr	resd 1
	.config_table	resd 1
	.boot_loader_name resd 1
	.apm_table	resd 1
	.vbe		resd 6
endstruc

start:
	cld
	mov [drive], dl
	call serial_init
	mov si, msg_banner
	call puts
	call prompt
	call disk_init

	call detect_memory
	call check_room

	mov si, msg_kernel
	call puts
	mov eax, [MAP_ADDR + map.kernel_lba]
	mov ecx, [MAP_ADDR + map.kernel_size]
	mov edi, [MAP_ADDR + map.kernel_load]
	call load
	mov ecx, [MAP_ADDR + map.initrd_size]
	jecxz .no_initrd
	mov si, msg_initrd
	call puts
	mov eax, [MAP_ADDR + map.initrd_lba]
	mov ecx, [MAP_ADDR + map.initrd_size]
	mov edi, [MAP_ADDR + map.initrd_load]
	call load
.no_initrd:

	call motor_off
	call enable_a20
	call build_mbi
	mov si, msg_start
	call puts

	; Protected mode: no interrupts from here on (the kernel installs
	; its own IDT), a flat GDT, CR0.PE.  The far jump loads CS.
	cli
	lgdt [gdt_desc]
	mov eax, cr0
	or al, 1
	mov cr0, eax
	jmp dword CODE_SEG:pm32

; ---------------------------------------------------------------------------
; prompt: the boot: prompt, as LILO's and SYSLINUX's.  It shows the command
; line built into the map and waits [map.timeout] BIOS timer ticks for a
; key from the keyboard or COM1; with a timeout of 0 it shows the line and
; goes on.  The timeout, or Enter, boots with the line as it is.  Any other
; key stops the clock and edits the line in place in the map, which is
; where the Multiboot information points: a printable character is added
; at the end (up to CMDLINE_SIZE - 1 of them), Backspace (DEL from a
; terminal) takes the last one back, Ctrl-U the whole line, and Enter
; ends.
prompt:
	mov si, msg_prompt
	call puts
	mov si, MAP_ADDR + map.cmdline
	call puts
	sub si, MAP_ADDR + map.cmdline + 1	; puts leaves SI past the NUL
	mov [cmdline_len], si
	mov eax, [MAP_ADDR + map.timeout]
	test eax, eax
	jz .done
	mov [ticks_left], eax
	call read_ticks
	mov [last_tick], dx
.wait:
	call getkey
	jc .key
	; Count the ticks one by one as the low word of the BIOS's counter
	; changes: no arithmetic on the count, so midnight's wrap is harmless.
	call read_ticks
	cmp dx, [last_tick]
	je .wait
	mov [last_tick], dx
	dec dword [ticks_left]
	jnz .wait
	jmp .done
.edit:
	call getkey
	jnc .edit
.key:
	cmp al, 13			; Enter; a terminal may send LF
	je .done
	cmp al, 10
	je .done
	cmp al, 8
	je .rubout
	cmp al, 127
	je .rubout
	cmp al, 0x15			; Ctrl-U
	je .kill
	cmp al, ' '			; other control keys, and keys
	jb .edit			; without a character (AL 0 or E0h)
	cmp al, '~'
	ja .edit
	mov bx, [cmdline_len]
	cmp bx, CMDLINE_SIZE - 1
	jae .edit
	mov [MAP_ADDR + map.cmdline + bx], al
	mov byte [MAP_ADDR + map.cmdline + bx + 1], 0
	inc word [cmdline_len]
	call putc
	jmp .edit
.rubout:
	call rubout
	jmp .edit
.kill:
	cmp word [cmdline_len], 0
	je .edit
	call rubout
	jmp .kill
.done:
	mov si, msg_newline
	jmp puts

; read_ticks: DX = the low word of the BIOS's tick count (INT 1Ah AH=00h,
; 18.2 a second, counted by the BIOS's timer interrupt since midnight;
; every PC BIOS has it).  Clobbers AX and CX.
read_ticks:
	xor ah, ah
	int 0x1A
	ret

; getkey: CF set and AL = the character when a key has come, from the
; keyboard (INT 16h) or from COM1; CF clear when none has.  Never waits.
getkey:
	mov ah, 0x01
	int 0x16			; ZF set: nothing in the BIOS's buffer
	jz .serial
	xor ah, ah
	int 0x16
	stc
	ret
.serial:
	cmp byte [uart], 0
	je .none
	mov dx, COM1 + 5
	in al, dx
	test al, 0x01			; data ready
	jz .none
	mov dx, COM1
	in al, dx
	stc
	ret
.none:
	clc
	ret

; rubout: take the last character off the line and off the screen and the
; terminal.  The BIOS's teletype backspace stops at column 0, so the screen
; is done by hand: the cursor one place back, to the end of the row above
; when it is at the start of one, and a blank written there.
rubout:
	mov bx, [cmdline_len]
	test bx, bx
	jz .done
	dec bx
	mov [cmdline_len], bx
	mov byte [MAP_ADDR + map.cmdline + bx], 0
	mov ah, 0x0F
	int 0x10			; AH = columns, BH = page
	mov bl, ah
	mov ah, 0x03
	int 0x10			; DH, DL = row, column
	sub dl, 1
	jnc .move
	mov dl, bl
	dec dl
	dec dh
.move:
	mov ah, 0x02
	int 0x10
	mov ax, 0x0A20			; a blank, the cursor staying
	mov cx, 1
	int 0x10
	mov al, 8
	call serial_putc
	mov al, ' '
	call serial_putc
	mov al, 8
	call serial_putc
.done:
	ret

; ---------------------------------------------------------------------------
; disk_init: how to read the boot drive, into [spt], [heads], [use_lba].
; A map with a geometry (spt > 0) is a floppy's: CHS with it.  spt 0 is a
; hard disk: the BIOS's LBA extensions when INT 13h AH=41h says the packet
; calls are there (and map.heads is not HDD_FORCE_CHS, which tries the
; other way on a BIOS that has both), else CHS with the geometry of
; INT 13h AH=08h, as BIOSes before about 1995 have it.
disk_init:
	mov eax, [MAP_ADDR + map.spt]
	mov [spt], eax
	mov eax, [MAP_ADDR + map.heads]
	mov [heads], eax
	cmp dword [spt], 0
	jne .done
	cmp dword [heads], HDD_FORCE_CHS
	je .chs
	mov ah, 0x41
	mov bx, 0x55AA
	mov dl, [drive]
	int 0x13
	jc .chs
	cmp bx, 0xAA55
	jne .chs
	test cl, 1			; the packet calls, 42h among them
	jz .chs
	mov byte [use_lba], 1
	mov si, msg_lba
	jmp puts
.chs:
	push es
	xor di, di			; ES:DI 0: some BIOSes want it so
	mov es, di
	mov ah, 0x08
	mov dl, [drive]
	int 0x13
	pop es
	mov si, msg_geometry
	jc fail
	movzx eax, cl
	and al, 0x3F			; CL bits 0-5: sectors per track
	jz fail
	mov [spt], eax
	movzx eax, dh			; the last head
	inc eax
	mov [heads], eax
	mov si, msg_chs
	jmp puts
.done:
	ret

; ---------------------------------------------------------------------------
; detect_memory: mem_lower, mem_upper and the E820 map into the mbi.

detect_memory:
	; INT 12h: KiB of conventional memory, below the EBDA.
	int 0x12
	movzx eax, ax
	mov [info + mbi.mem_lower], eax

	; INT 15h E801h: KiB between 1 and 16 MiB in AX (or CX), 64 KiB
	; blocks above 16 MiB in BX (or DX).  BIOSes differ in which pair
	; they fill, so CX/DX are cleared first and used when non-zero.
	xor cx, cx
	xor dx, dx
	mov ax, 0xE801
	int 0x15
	jc .try_88
	jcxz .ax_bx
	mov ax, cx
	mov bx, dx
.ax_bx:
	movzx eax, ax
	test eax, eax			; some BIOSes answer without knowing
	jz .try_88
	; Only memory contiguous with 1 MiB counts: above 16 MiB only when
	; nothing is missing below it.
	cmp eax, 15 * 1024
	jb .upper
	movzx ebx, bx
	shl ebx, 6
	add eax, ebx
	jmp .upper
.try_88:
	; The 286 BIOS call: KiB above 1 MiB, at most 64 MiB.
	mov ah, 0x88
	int 0x15
	jc .no_upper
	movzx eax, ax
	jmp .upper
.no_upper:
	xor eax, eax
.upper:
	mov [info + mbi.mem_upper], eax

	; INT 15h E820h, one range per call; EBX is the BIOS's cursor and 0
	; after the last.  The kernel's multiboot.c prefers this map.  Each
	; Multiboot entry is a size dword (20) and the BIOS's 20 bytes.
	xor ebx, ebx
	mov di, e820_map
.e820:
	mov eax, 0xE820
	mov edx, SMAP
	mov ecx, 20
	add di, 4
	int 0x15
	jc .e820_done		; no E820, or past the end on some BIOSes
	cmp eax, SMAP
	jne .e820_done
	mov dword [di - 4], 20
	add di, 20
	add dword [info + mbi.mmap_length], 24
	test ebx, ebx
	jz .e820_done
	cmp di, e820_map + E820_MAX * 24
	jb .e820
.e820_done:
	ret

; check_room: stop with a message unless the kernel with its bss and the
; initramfs lie below 1 MiB + mem_upper.  Everything above the kernel's
; load address is written only after this check.
check_room:
	mov eax, [MAP_ADDR + map.initrd_load]
	add eax, [MAP_ADDR + map.initrd_size]
	mov ebx, [MAP_ADDR + map.kernel_end]
	cmp eax, ebx
	jae .top
	mov eax, ebx
.top:
	sub eax, 0x100000
	add eax, 1023
	shr eax, 10			; KiB needed above 1 MiB
	cmp eax, [info + mbi.mem_upper]
	ja .short
	ret
.short:
	mov si, msg_memory
	jmp fail

; ---------------------------------------------------------------------------
; load: read ECX bytes from sector EAX of the boot drive to physical
; address EDI, up to BUF_SECTORS per BIOS call and, by CHS, no further
; than the end of a track.  Whole sectors are copied: the bytes after the
; end of a piece are the next piece's or the bss, which is zeroed later.

load:
	mov [lba], eax
	mov [dest], edi
	add ecx, 511
	shr ecx, 9
	mov [left], ecx
.track:
	cmp dword [left], 0
	je .done
	mov ecx, BUF_SECTORS
	cmp byte [use_lba], 0
	jne .left
	; Sector number EAX = (cylinder * heads + head) * spt + (sector - 1).
	mov eax, [lba]
	xor edx, edx
	div dword [spt]
	mov [sector], dl		; 0-based
	xor edx, edx
	div dword [heads]
	mov [head], dl
	mov [cylinder], ax
	cmp eax, 1023			; what INT 13h AH=02h can reach
	mov si, msg_far
	ja fail
	; To the end of this track at most.
	mov ecx, [spt]
	movzx eax, byte [sector]
	sub ecx, eax
	cmp ecx, BUF_SECTORS
	jbe .left
	mov ecx, BUF_SECTORS
.left:
	cmp ecx, [left]			; fewer if the piece ends first
	jbe .count
	mov ecx, [left]
.count:
	mov [count], cl
	call read_sectors
	call copy_up
	movzx eax, byte [count]
	add [lba], eax
	sub [left], eax
	shl eax, 9
	add [dest], eax
	mov al, '.'
	call putc
	jmp .track
.done:
	mov si, msg_done
	jmp puts

; read_sectors: [count] sectors from [lba] to BUF_ADDR, by the extended
; read (INT 13h AH=42h) or from [cylinder]/[head]/[sector] (AH=02h), with
; a controller reset (AH=00h) between tries.
read_sectors:
	mov byte [tries], READ_TRIES
.try:
	cmp byte [use_lba], 0
	je .chs
	mov eax, [lba]
	mov [dap.lba], eax
	movzx ax, byte [count]
	mov [dap.count], ax
	mov si, dap
	mov ah, 0x42
	mov dl, [drive]
	int 0x13
	jnc .done
	jmp .reset
.chs:
	push es
	mov ax, BUF_SEG
	mov es, ax
	xor bx, bx
	mov ah, 0x02
	mov al, [count]
	mov cx, [cylinder]
	xchg ch, cl			; CH = cylinder bits 0-7
	shl cl, 6			; CL bits 6-7 = cylinder bits 8-9
	mov dl, [sector]
	inc dl				; the BIOS counts sectors from 1
	or cl, dl
	mov dh, [head]
	mov dl, [drive]
	int 0x13
	pop es
	jnc .done
.reset:
	xor ah, ah
	mov dl, [drive]
	int 0x13
	dec byte [tries]
	jnz .try
	mov si, msg_disk
	jmp fail
.done:
	ret

; copy_up: [count] sectors from BUF_ADDR to physical [dest] with INT 15h
; AH=87h, the BIOS's copy to extended memory (it opens and closes A20 and
; enters protected mode itself, so the loader stays in real mode).
copy_up:
	mov eax, [dest]
	mov [copy_gdt.dst + 2], ax	; base bits 0-15
	shr eax, 16
	mov [copy_gdt.dst + 4], al	; base bits 16-23
	mov [copy_gdt.dst + 7], ah	; base bits 24-31
	movzx cx, byte [count]
	shl cx, 8			; words: 256 per sector
	mov si, copy_gdt
	mov ah, 0x87
	int 0x15
	jc .fail
	ret
.fail:
	mov si, msg_copy
	jmp fail

; ---------------------------------------------------------------------------
; motor_off: the BIOS stops the motor from its timer interrupt, which will
; not run again once the kernel takes over; Linux's boot sector does the
; same.  0 to the digital output register: motors off, controller reset.
; Not after a hard disk boot: there may be no floppy controller at all.
motor_off:
	test byte [drive], 0x80
	jnz .done
	mov dx, 0x3F2
	xor al, al
	out dx, al
.done:
	ret

; enable_a20: open the A20 gate, or the kernel at 1 MiB would see every
; odd megabyte alias the even one below it.  Three ways, from the politest:
; the BIOS (INT 15h AX=2401h), the keyboard controller's output port (the
; AT's way), the "fast A20" bit of port 0x92 (PS/2 and later).  Each is
; verified; some take a while, so the check is repeated.
enable_a20:
	call a20_wait_on
	jnz .ok
	mov ax, 0x2401
	int 0x15
	call a20_wait_on
	jnz .ok
	call kbc_wait
	mov al, 0xD1			; write the output port
	out 0x64, al
	call kbc_wait
	mov al, 0xDF			; A20 on, CPU not held in reset
	out 0x60, al
	call kbc_wait
	call a20_wait_on
	jnz .ok
	in al, 0x92
	or al, 2			; A20
	and al, 0xFE			; bit 0 would reset the CPU
	out 0x92, al
	call a20_wait_on
	jnz .ok
	mov si, msg_a20
	jmp fail
.ok:
	ret

; a20_wait_on: ZF clear when A20 is open, trying a while before saying no.
a20_wait_on:
	mov cx, 0x1000
.again:
	call a20_test
	jnz .done
	loop .again
.done:
	ret

; a20_test: ZF clear when A20 is open.  With A20 closed, FFFF:0510
; (0x100500) wraps to 0000:0500; write different bytes to both and see.
; Both bytes are put back: 0x100500 is inside the kernel image.
a20_test:
	push ds
	push es
	xor ax, ax
	mov ds, ax
	not ax
	mov es, ax
	mov al, [ds:0x0500]
	mov ah, [es:0x0510]
	mov byte [ds:0x0500], 0x00
	mov byte [es:0x0510], 0xFF
	cmp byte [ds:0x0500], 0xFF	; ZF set: wrapped, A20 closed
	mov [es:0x0510], ah
	mov [ds:0x0500], al
	pop es
	pop ds
	ret

; kbc_wait: until the keyboard controller's input buffer is empty, or a
; while (a PC without one must not hang here).
kbc_wait:
	mov cx, 0xFFFF
.again:
	in al, 0x64
	test al, 2
	jz .done
	loop .again
.done:
	ret

; ---------------------------------------------------------------------------
; build_mbi: the rest of the Multiboot information (memory came first).
; Every address is below 64 KiB, so an offset here is the physical address.
build_mbi:
	mov eax, MB_INFO_MEMORY | MB_INFO_CMDLINE | MB_INFO_MODS | MB_INFO_LOADER_NAME
	cmp dword [info + mbi.mmap_length], 0
	je .flags
	or eax, MB_INFO_MMAP
	mov dword [info + mbi.mmap_addr], e820_map
.flags:
	mov [info + mbi.flags], eax
	mov dword [info + mbi.cmdline], MAP_ADDR + map.cmdline
	mov dword [info + mbi.boot_loader_name], loader_name
	mov dword [info + mbi.mods_addr], module
	cmp dword [MAP_ADDR + map.initrd_size], 0
	je .done			; no initramfs: mods_count 0
	mov dword [info + mbi.mods_count], 1
	mov eax, [MAP_ADDR + map.initrd_load]
	mov [module], eax		; mod_start
	add eax, [MAP_ADDR + map.initrd_size]
	mov [module + 4], eax		; mod_end
.done:
	ret

; ---------------------------------------------------------------------------
; Console: screen and COM1.

serial_init:
	mov dx, COM1 + 1
	xor al, al
	out dx, al			; no UART interrupts
	mov dx, COM1 + 3
	mov al, 0x80
	out dx, al			; DLAB: the next two are the divisor
	mov dx, COM1
	mov al, 1
	out dx, al			; 115200 / 1
	mov dx, COM1 + 1
	xor al, al
	out dx, al
	mov dx, COM1 + 3
	mov al, 0x03
	out dx, al			; 8N1
	; Where no UART answers, the ISA bus reads all ones: then nothing is
	; sent there and no key read from there.
	mov dx, COM1 + 5
	in al, dx
	cmp al, 0xFF
	setne [uart]
	ret

; putc: AL to the screen and to COM1.
putc:
	pusha
	mov ah, 0x0E
	mov bx, 0x0007
	int 0x10
	popa
	jmp serial_putc

; serial_putc: AL to COM1 (giving up on a UART that never empties).
serial_putc:
	cmp byte [uart], 0
	je .done
	pusha
	mov bl, al
	mov cx, 0xFFFF
	mov dx, COM1 + 5
.wait:
	in al, dx
	test al, 0x20			; transmit holding register empty
	jnz .send
	loop .wait
.send:
	mov al, bl
	mov dx, COM1
	out dx, al
	popa
.done:
	ret

; puts: the NUL-terminated string at SI.
puts:
	lodsb
	test al, al
	jz .done
	call putc
	jmp puts
.done:
	ret

; fail: print SI and stop; the user reads the screen and reboots.
fail:
	call puts
	cli
.halt:
	hlt
	jmp .halt

; ---------------------------------------------------------------------------
	bits 32
; pm32: flat 32-bit segments, paging off, interrupts off.
pm32:
	mov ax, DATA_SEG
	mov ds, ax
	mov es, ax
	mov fs, ax
	mov gs, ax
	mov ss, ax
	mov esp, STACK_TOP
	; The bss was never on the floppy; the tail of the image's last
	; sector may have been copied over its start.
	mov edi, [MAP_ADDR + map.kernel_load]
	add edi, [MAP_ADDR + map.kernel_size]
	mov ecx, [MAP_ADDR + map.kernel_end]
	sub ecx, edi
	xor eax, eax
	cld
	rep stosb
	mov eax, MB_MAGIC
	mov ebx, info
	jmp [MAP_ADDR + map.kernel_entry]

; ---------------------------------------------------------------------------
; Data.

	align 8
; Flat code and data, base 0, limit 4 GiB, 32-bit (what Multiboot promises).
gdt:
	dq 0
	dq 0x00CF9A000000FFFF		; CODE_SEG: present, ring 0, code, r/x
	dq 0x00CF92000000FFFF		; DATA_SEG: present, ring 0, data, r/w
gdt_desc:
	dw gdt_desc - gdt - 1
	dd gdt

; INT 15h AH=87h's descriptor table: six descriptors, of which the caller
; fills in the source and the destination (64 KiB data segments).
copy_gdt:
	dq 0, 0				; null; the BIOS's GDT descriptor
.src:	dw 0xFFFF			; limit
	dw BUF_ADDR & 0xFFFF		; base bits 0-15
	db BUF_ADDR >> 16		; base bits 16-23
	db 0x93				; present, data, writable
	db 0, BUF_ADDR >> 24		; limit 16-19, flags; base bits 24-31
.dst:	dw 0xFFFF
	dw 0
	db 0
	db 0x93
	db 0, 0
	dq 0, 0				; the BIOS's code and stack segments

; INT 13h AH=42h's disk address packet: 16 bytes, [count] sectors from
; the 64-bit sector number to BUF_SEG:0.
	align 4
dap:		db 16, 0
.count:		dw 0
		dw 0, BUF_SEG
.lba:		dd 0, 0

	align 4
info:	times mbi_size db 0		; the Multiboot information structure
module:	dd 0, 0, module_name, 0	; mod_start, mod_end, string, reserved

loader_name	db "Mapback loader", 0
module_name	db "initramfs", 0
msg_banner	db "Mapback loader", 13, 10, 0
msg_prompt	db "boot: ", 0
msg_newline	db 13, 10, 0
msg_kernel	db "kernel ", 0
msg_initrd	db "initramfs ", 0
msg_done	db " ok", 13, 10, 0
msg_start	db "starting the kernel", 13, 10, 0
msg_memory	db "loader: not enough memory for the kernel and the initramfs", 13, 10, 0
msg_disk	db 13, 10, "loader: cannot read the disk", 13, 10, 0
msg_lba		db "disk: LBA", 13, 10, 0
msg_chs		db "disk: CHS", 13, 10, 0
msg_geometry	db "loader: INT 13h AH=08h gives no disk geometry", 13, 10, 0
msg_far		db 13, 10, "loader: past cylinder 1023, beyond CHS", 13, 10, 0
msg_copy	db 13, 10, "loader: INT 15h cannot copy above 1 MiB", 13, 10, 0
msg_a20		db "loader: cannot open the A20 gate", 13, 10, 0

drive		db 0
use_lba		db 0			; 1: INT 13h AH=42h
uart		db 0			; 1: COM1 answers
tries		db 0
sector		db 0			; 0-based, within the track
head		db 0
count		db 0			; sectors in this read
cylinder	dw 0
lba		dd 0
spt		dd 0			; the geometry, for CHS
heads		dd 0
left		dd 0			; sectors of the piece still to read
dest		dd 0
cmdline_len	dw 0			; characters in map.cmdline
last_tick	dw 0			; the BIOS tick count last seen
ticks_left	dd 0			; before the prompt gives up waiting

	times LOADER_SECTORS * 512 - ($ - $$) db 0

; Filled in at run time, not on the floppy: after the loader's 8 KiB.
	absolute LOADER_ADDR + LOADER_SECTORS * 512
e820_map:	resb E820_MAX * 24

; boot/loader/mbr.asm - sector 0 of the Mapback hard disk: the master boot
; record's code (tools/mkhdd.sh).
;
; The BIOS reads this sector to 0x7C00 and jumps to it with the drive
; number in DL (0x80).  The partition table after the code (bytes
; 446-509) is sfdisk's; this code ignores it.  Like the floppy's
; bootsect.asm it reads the map (sector 1) and the loader (sectors 2-17),
; here from the gap before the first partition, to 0x7E00 and jumps to
; the loader; the loader reads the kernel from the boot partition.  It
; reads with the BIOS's LBA extensions (INT 13h AH=42h) where
; INT 13h AH=41h finds them, otherwise sector by sector by CHS with the
; geometry of INT 13h AH=08h, so that a disk of 17 sectors a track (the
; old MFM disks) works too.  Only 386 instructions (`cpu 386`); the code
; must leave bytes 440-511 (disk signature, table, 55 AA) alone.
	cpu 386
	bits 16
%include "layout.inc"
	org BOOTSECT_ADDR

SECTORS		equ 1 + LOADER_SECTORS	; the map and the loader

start:
	jmp 0:.cs_zero			; CS 0, whatever the BIOS used
.cs_zero:
	cli
	xor ax, ax
	mov ds, ax
	mov es, ax
	mov ss, ax
	mov sp, STACK_TOP
	sti
	cld
	mov [drive], dl
	mov si, msg_hello
	call print

	mov ah, 0x41
	mov bx, 0x55AA
	int 0x13
	jc .chs
	cmp bx, 0xAA55
	jne .chs
	test cl, 1
	jz .chs
	mov si, dap
	mov ah, 0x42
	mov dl, [drive]
	int 0x13
	jnc .loaded
.chs:
	mov ah, 0x08
	mov dl, [drive]
	xor di, di			; ES:DI 0, as some BIOSes want; some
	int 0x13			; change ES, which the reads need 0
	push 0
	pop es
	mov si, msg_disk
	jc fail
	and cl, 0x3F			; sectors per track
	jz fail
	mov [spt], cl
	mov [last_head], dh
	mov bx, MAP_ADDR
	mov byte [sector], 1		; 0-based LBA of the map
.next:
	; Cylinder 0 always: 17 sectors lie within the first cylinder of any
	; disk with 17 or more sectors a track and at least two heads.
	xor ah, ah
	mov al, [sector]
	div byte [spt]			; AL = head, AH = sector - 1
	cmp al, [last_head]
	ja fail
	mov dh, al
	mov cl, ah
	inc cl
	xor ch, ch
	mov di, READ_TRIES
.read:
	mov ax, 0x0201
	mov dl, [drive]
	int 0x13
	jnc .read_ok
	xor ah, ah
	int 0x13
	dec di
	jnz .read
	jmp fail
.read_ok:
	add bx, 512
	inc byte [sector]
	cmp byte [sector], SECTORS
	jbe .next
.loaded:				; on into check_map
%include "bootsect.inc"

; INT 13h AH=42h's disk address packet: the map and the loader, from
; sector 1 to 0:MAP_ADDR.
dap:		db 16, 0
		dw SECTORS
		dw MAP_ADDR, 0
		dd 1, 0

msg_hello	db "Mapback", 13, 10, 0
msg_disk	db "boot: cannot read the disk", 13, 10, 0
drive		db 0
spt		db 0
last_head	db 0
sector		db 0

%if $ - $$ > 440
%error "the MBR code runs into the disk signature and the partition table"
%endif
	times 440 - ($ - $$) db 0

; boot/loader/bootsect.asm - sector 0 of the Mapback boot floppy.
;
; The BIOS reads this sector to 0x7C00 and jumps to it with the drive
; number in DL.  It has 510 bytes, so it does one thing: read the map
; (sector 1) and the loader (sectors 2-17), all on track 0 of head 0, to
; 0x7E00 in one BIOS call, and jump to the loader.  loader.asm does the
; rest.  Only 386 instructions (`cpu 386`): the floppy is for 386 PCs.
	cpu 386
	bits 16
%include "layout.inc"
	org BOOTSECT_ADDR

start:
	; Some BIOSes jump to 07C0:0000, others to 0000:7C00; the far jump
	; makes CS 0 so that the labels below (org 0x7C00) are right.
	jmp 0:.cs_zero
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
	mov di, READ_TRIES
.read:
	mov ax, 0x0200 | (1 + LOADER_SECTORS)	; AH=02h read, AL=sectors
	mov bx, MAP_ADDR			; ES:BX = 0:7E00
	mov cx, 2				; cylinder 0, sector 2
	xor dh, dh				; head 0
	mov dl, [drive]
	int 0x13
	jnc .loaded
	; A real drive often fails the first read while its motor spins up;
	; reset the controller (AH=00h) and try again.
	xor ah, ah
	mov dl, [drive]
	int 0x13
	dec di
	jnz .read
	mov si, msg_disk
	jmp fail
.loaded:				; on into check_map
%include "bootsect.inc"

msg_hello	db "Mapback", 13, 10, 0
msg_disk	db "boot: cannot read the floppy", 13, 10, 0
drive		db 0

	times 510 - ($ - $$) db 0
	dw 0xAA55

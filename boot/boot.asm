; boot/boot.asm - Multiboot 1 header and the first instructions Mapback runs.
;
; GRUB (or QEMU's -kernel loader) jumps to _start in 32-bit protected mode
; with paging off, EAX = the Multiboot magic and EBX = the physical address
; of the Multiboot information.  The kernel is linked at 0xC0100000 but
; loaded at 1 MiB, so before any C runs we build a boot page directory that
; maps the first BOOT_MAP_MB of physical memory twice: at 0 (so the next
; instruction after enabling paging still exists) and at 0xC0000000 (where
; the kernel is linked).  mm/ later replaces it with the full direct map and
; drops the identity half.
;
; Only 386 instructions are used here: no CR4, no 4 MiB pages.

bits 32

MB_MAGIC     equ 0x1BADB002
MB_FLAGS     equ 0x00000003          ; page-align modules, give us memory info
KERNEL_OFFSET equ 0xC0000000
BOOT_MAP_MB  equ 16                  ; four page tables of 4 MiB each
BOOT_PTS     equ BOOT_MAP_MB / 4

section .multiboot
align 4
	dd MB_MAGIC
	dd MB_FLAGS
	dd -(MB_MAGIC + MB_FLAGS)

section .boot.text
global _start
_start:
	cli
	cld
	mov esi, eax                     ; keep the magic and the info pointer
	mov edi, ebx                     ; across the table set-up below

	; Zero the boot page directory (1024 entries).
	mov ebx, boot_pgdir - KERNEL_OFFSET
	xor eax, eax
	mov ecx, 1024
.zero_pd:
	mov [ebx + ecx*4 - 4], eax
	loop .zero_pd

	; Fill the page tables: entry i maps physical page i, present + writable.
	mov ebx, boot_pgtables - KERNEL_OFFSET
	mov eax, 0x003
	mov ecx, BOOT_PTS * 1024
.fill_pt:
	mov [ebx], eax
	add eax, 4096
	add ebx, 4
	loop .fill_pt

	; Hook each table into the directory, at 0 and at 768 (0xC0000000).
	mov ebx, boot_pgdir - KERNEL_OFFSET
	mov eax, (boot_pgtables - KERNEL_OFFSET) + 0x003
	xor ecx, ecx
.hook:
	mov [ebx + ecx*4], eax
	mov [ebx + ecx*4 + 768*4], eax
	add eax, 4096
	inc ecx
	cmp ecx, BOOT_PTS
	jne .hook

	mov eax, boot_pgdir - KERNEL_OFFSET
	mov cr3, eax
	mov eax, cr0
	or eax, 0x80000000               ; PG
	mov cr0, eax
	mov eax, higher_half
	jmp eax

section .text
extern kmain
higher_half:
	mov esp, boot_stack_top
	xor ebp, ebp                     ; the backtrace stops at a zero frame
	push dword 0
	popfd                            ; known EFLAGS: IF=0, DF=0
	push edi                         ; multiboot info (physical)
	push esi                         ; multiboot magic
	call kmain
.halt:
	cli
	hlt
	jmp .halt

section .bss
align 4096
global boot_pgdir
boot_pgdir:
	resb 4096
boot_pgtables:
	resb 4096 * BOOT_PTS
; The boot thread's kernel stack, CPU 0's idle task's later: THREAD_SIZE
; (8 KiB) at a THREAD_SIZE boundary, with its struct thread_info at the
; bottom (kernel/process/thread_info.h).  The 8 KiB below are spare, so
; that an overflow during the early boot lands there rather than in the
; page tables; the first context switch reports it (the magic word).
alignb 8192
boot_stack_spare:
	resb 8192
global boot_stack, boot_stack_top
boot_stack:
	resb 8192
boot_stack_top:

; kernel/smp/trampoline.asm - where an application processor starts.
;
; A STARTUP IPI with vector VV starts the AP in real mode at VV00:0000,
; that is at physical VV000: smpboot copies these bytes (from
; trampoline_start to trampoline_end) to the page TRAMPOLINE_BASE below
; 1 MiB and fills trampoline_params before it sends the IPI.  The code
; works wherever it is copied: it learns its base from CS.
;
;   real mode, CS:IP = VV00:0000        protected mode, paging off
;   ----------------------------        --------------------------
;   ebx = CS * 16 (the page)            flat segments 0x08 / 0x10 from the
;   patch the GDT pointer and the       trampoline's own three-entry GDT
;   far pointer with ebx; lgdt          cr3 = params.cr3 (a directory that
;   CR0.PE = 1; jmp far 0x08:pm  --->   maps this page at its physical
;                                       address and the kernel above 3 GiB)
;                                       CR0.PG = 1; esp = params.stack;
;                                       push params.arg;
;                                       jmp params.entry (start_secondary)
;
; The selectors are the kernel's KERNEL_CS and KERNEL_DS, so the kernel's
; C code runs unchanged until start_secondary loads the CPU's own GDT and
; the kernel's page directory.  Only 386 instructions.  The bytes sit in
; .rodata: they are copied, never run where they are linked.

bits 16

section .rodata

CR0_PE equ 0x00000001
CR0_PG equ 0x80000000
SEL_CODE equ 0x08
SEL_DATA equ 0x10

%define OFF(label) (label - trampoline_start)

global trampoline_start, trampoline_end, trampoline_params

align 16
trampoline_start:
	cli
	cld
	mov ax, cs
	mov ds, ax
	xor ebx, ebx
	mov bx, ax
	shl ebx, 4                      ; the page's physical address
	lea eax, [ebx + OFF(tr_gdt)]
	mov [OFF(tr_gdtr) + 2], eax
	lea eax, [ebx + OFF(tr_pm)]
	mov [OFF(tr_farptr)], eax
	o32 lgdt [OFF(tr_gdtr)]
	mov eax, cr0
	or eax, CR0_PE
	mov cr0, eax
	o32 jmp far [OFF(tr_farptr)]

bits 32
tr_pm:
	mov ax, SEL_DATA
	mov ds, ax
	mov es, ax
	mov ss, ax
	xor ax, ax
	mov fs, ax
	mov gs, ax
	mov eax, [ebx + OFF(trampoline_params) + 0]     ; cr3
	mov cr3, eax
	mov eax, cr0
	or eax, CR0_PG
	mov cr0, eax
	mov esp, [ebx + OFF(trampoline_params) + 4]     ; stack
	push dword [ebx + OFF(trampoline_params) + 8]   ; arg
	push dword 0                                    ; no return address
	jmp [ebx + OFF(trampoline_params) + 12]         ; entry

align 8
tr_gdt:
	dq 0
	dq 0x00CF9A000000FFFF           ; 0x08: code, DPL 0, flat, 32-bit
	dq 0x00CF92000000FFFF           ; 0x10: data, DPL 0, flat
tr_gdtr:
	dw 3 * 8 - 1
	dd 0                            ; linear base, patched above
tr_farptr:
	dd 0                            ; offset of tr_pm, patched above
	dw SEL_CODE

; struct trampoline_params (kernel/smp/smpboot.c), filled by the BSP.
align 4
trampoline_params:
	dd 0                            ; cr3: the start-up page directory
	dd 0                            ; stack: the AP's idle stack top
	dd 0                            ; arg: its struct cpu_area
	dd 0                            ; entry: start_secondary
trampoline_end:

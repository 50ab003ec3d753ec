; kernel/cpu/entry.asm - the way into and out of the kernel for every trap.
;
; Each vector has a tiny stub that makes the stack look the same for all
; of them: a zero where the CPU pushes no error code, then the vector
; number.  The common path, alltraps, pushes the data segment registers
; and the general registers, giving a struct trapframe (kernel/cpu/trap.h),
; switches to the kernel data segments and calls trap(frame).  trapret
; undoes it; it is also where a new task starts (proc builds a frame and
; jumps here), so it is the only way out of a trap.  On the way to user
; mode it gives back the big kernel lock (kernel/locking/kernel_lock.h).
;
; Only 386 instructions.  Some 386s hang on a POPAD followed by an
; instruction using EAX as a base/index (Linux check_popad), so a NOP
; follows the POPAD.

bits 32

KERNEL_DS equ 0x10

section .text

extern trap, iret_error, exit_to_user_mode

TF_CS equ 60                            ; struct trapframe's cs

; Exceptions with a CPU error code: #DF 8, #TS 10, #NP 11, #SS 12, #GP 13,
; #PF 14, #AC 17.
%macro TRAP_ERR 1
trap_stub_%1:
	push dword %1
	jmp alltraps
%endmacro

%macro TRAP_NOERR 1
trap_stub_%1:
	push dword 0
	push dword %1
	jmp alltraps
%endmacro

%assign v 0
%rep 48
%if v == 8 || (v >= 10 && v <= 14) || v == 17
	TRAP_ERR v
%else
	TRAP_NOERR v
%endif
%assign v v + 1
%endrep
TRAP_NOERR 128
; The local APIC's vectors (kernel/smp/apic.h), FIRST_SYSTEM_VECTOR up.
%assign v 0xEF
%rep 0x100 - 0xEF
	TRAP_NOERR v
%assign v v + 1
%endrep

; The rest of a struct trapframe below the error code and vector, then
; the kernel's data segments.  %fs and %gs become null: the kernel never
; uses them, and a selector left live in one could name a TLS or LDT
; entry the kernel empties meanwhile (exec, set_thread_area, modify_ldt).
; trapret's pop of that selector faults and its fixup nulls the saved
; copy, but the nested trap saves the live registers too: were they still
; the stale selector, its own trapret would fault the same way, over and
; over down the stack.
%macro SAVE_ALL 0
	push ds
	push es
	push fs
	push gs
	pushad
	mov ax, KERNEL_DS
	mov ds, ax
	mov es, ax
	xor eax, eax
	mov fs, ax
	mov gs, ax
	cld                             ; user mode may have left DF set: the
	                                ; kernel's rep movs/stos count up
%endmacro

global alltraps
alltraps:
	SAVE_ALL
	push esp                        ; trap(struct trapframe *)
	call trap
	add esp, 4
global trapret
trapret:
	test byte [esp + TF_CS], 3      ; back to user mode: the CPU lets go
	jz .restore                     ; of the big kernel lock, interrupts
	call exit_to_user_mode          ; off until the iretd
.restore:
	popad
	nop                             ; 386 POPAD erratum, see above
.pop_gs:
	pop gs
.pop_fs:
	pop fs
.pop_es:
	pop es
.pop_ds:
	pop ds
	add esp, 8                      ; trapno and error code
.iret:
	iretd

; A user data segment register whose TLS or LDT descriptor is gone (#GP
; or #NP on the pop) is not the kernel's death: as Linux does, the saved
; selector becomes null and the pop is tried again; the program then
; faults on its own if it still uses it.  ESP points at the bad slot when
; the fixup runs.
.bad_gs:
	mov dword [esp], 0
	jmp .pop_gs
.bad_fs:
	mov dword [esp], 0
	jmp .pop_fs
.bad_es:
	mov dword [esp], 0
	jmp .pop_es
.bad_ds:
	mov dword [esp], 0
	jmp .pop_ds

; The iretd itself faults when the user's CS or SS names an LDT entry a
; write has cleared.  The fixup runs in ring 0 with ESP at the user's iret
; frame: rebuild the trapframe around it (error code 0, #GP) for
; iret_error, which makes it a signal, and leave through trapret again.
.bad_iret:
	push dword 0
	push dword 13
	SAVE_ALL
	push esp
	call iret_error
	add esp, 4
	jmp trapret

section __ex_table
	dd trapret.pop_gs, trapret.bad_gs
	dd trapret.pop_fs, trapret.bad_fs
	dd trapret.pop_es, trapret.bad_es
	dd trapret.pop_ds, trapret.bad_ds
	dd trapret.iret, trapret.bad_iret
section .text

; int catch_call(u32 *saved_esp, void (*fn)(void *), void *arg)
; Calls fn(arg) and returns -1.  If fn faults, fault_catcher_fixup points
; the trap frame at catch_resume with EAX = vector and ECX = saved_esp;
; the IRET lands there, the stack is cut back to where catch_call saved it
; and catch_call returns the vector.
global catch_call, catch_resume
catch_call:
	push ebp
	mov ebp, esp
	push ebx
	push esi
	push edi
	mov eax, [ebp + 8]
	mov [eax], esp
	push dword [ebp + 16]
	call [ebp + 12]
	add esp, 4
	mov eax, -1
.out:
	pop edi
	pop esi
	pop ebx
	pop ebp
	ret
catch_resume:
	mov esp, [ecx]
	jmp catch_call.out

; The stub addresses, for kernel/cpu/idt.c: vectors 0..47, then 0x80.
section .rodata
global trap_stubs
trap_stubs:
%assign v 0
%rep 48
	dd trap_stub_ %+ v
%assign v v + 1
%endrep
	dd trap_stub_128
; Then FIRST_SYSTEM_VECTOR (0xEF) .. 0xFF, for set_intr_gate.
global system_stubs
system_stubs:
%assign v 0xEF
%rep 0x100 - 0xEF
	dd trap_stub_ %+ v
%assign v v + 1
%endrep

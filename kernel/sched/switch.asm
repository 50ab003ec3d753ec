; kernel/sched/switch.asm - the context switch, and where new tasks begin.
;
; swtch(&prev->context, next->context) saves the callee-saved registers
; and the return address on prev's kernel stack, records that stack
; pointer in prev->context, loads next's, and returns on next's stack
; into wherever next last called swtch (or, for a new task, into the
; start address its creator put in its first context).  The caller-saved
; registers need no saving: swtch is an ordinary C call to its caller.
;
; Layout of a struct context (kernel/process/task.h), lowest address first:
; edi, esi, ebx, ebp, eip.

bits 32
section .text

global swtch
swtch:
	mov eax, [esp + 4]		; struct context **old
	mov edx, [esp + 8]		; struct context *new
	push ebp
	push ebx
	push esi
	push edi
	mov [eax], esp
	mov esp, edx
	pop edi
	pop esi
	pop ebx
	pop ebp
	ret

; A forked child's first context returns here, with its copy of the
; parent's trapframe right above: finish the switch, deliver anything
; pending, and leave through the common trap exit with eax = 0.
extern schedule_tail, ret_from_fork_tail, prepare_exit_to_user, trapret
global ret_from_fork
ret_from_fork:
	call schedule_tail
	call ret_from_fork_tail	; CLONE_CHILD_SETTID, in the child
	push esp			; the trapframe
	call prepare_exit_to_user
	add esp, 4
	jmp trapret

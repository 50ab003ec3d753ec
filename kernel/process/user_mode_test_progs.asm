; kernel/process/user_mode_test_progs.asm - tiny ring-3 programs for the ktests in
; kernel/process/user_mode_test.c, which copy one into a fresh address space at
; UBASE and run it as a user process.  Each ends with exit(n); the test
; checks the wait status.  Code refers to its own data as UBASE + offset.

bits 32
section .rodata

UBASE equ 0x10000000
%define U(label) (UBASE + (label) - prog_start_ %+ PROG)

SYS_exit equ 1
SYS_fork equ 2
SYS_getpid equ 20
SYS_kill equ 37
SYS_wait4 equ 114
SYS_sigreturn equ 119
SYS_rt_sigreturn equ 173
SYS_rt_sigaction equ 174
SYS_rt_sigprocmask equ 175
SIGUSR1 equ 10

; fork; the child exits 42; the parent checks wait4's pid and status and
; exits with WEXITSTATUS + 1 (43), or 1..3 on a mismatch.
%define PROG fork
global prog_start_fork, prog_end_fork
prog_start_fork:
	mov eax, SYS_fork
	int 0x80
	test eax, eax
	jz .child
	js .fail1
	mov edi, eax			; child pid
	sub esp, 4
	mov eax, SYS_wait4
	mov ebx, -1
	mov ecx, esp
	xor edx, edx
	xor esi, esi
	int 0x80
	cmp eax, edi
	jne .fail2
	mov ebx, [esp]
	cmp ebx, 42 << 8
	jne .fail3
	mov ebx, 43
	jmp .exit
.child:
	mov ebx, 42
	jmp .exit
.fail1:	mov ebx, 1
	jmp .exit
.fail2:	mov ebx, 2
	jmp .exit
.fail3:	mov ebx, 3
.exit:	mov eax, SYS_exit
	int 0x80
prog_end_fork:

; Install a SIGUSR1 handler (rt_sigaction with SA_RESTORER),
; kill(getpid(), SIGUSR1), and check that the handler ran, that it was
; called with the signal number, and that ebp survived the round
; trip through sigreturn.  Exits 50 on success.
%define PROG sig
global prog_start_sig, prog_end_sig
prog_start_sig:
	mov ebp, 0x12345678
	mov eax, SYS_rt_sigaction
	mov ebx, SIGUSR1
	mov ecx, U(.act)
	xor edx, edx
	mov esi, 8
	int 0x80
	test eax, eax
	jnz .fail
	mov eax, SYS_getpid
	int 0x80
	mov ebx, eax
	mov eax, SYS_kill
	mov ecx, SIGUSR1
	int 0x80
	; the handler has run by now, on the way back from kill
	cmp dword [U(.hits)], 1
	jne .fail
	cmp dword [U(.signo)], SIGUSR1
	jne .fail
	cmp ebp, 0x12345678
	jne .fail
	mov ebx, 50
	jmp .exit
.fail:	mov ebx, 1
.exit:	mov eax, SYS_exit
	int 0x80
.handler:
	inc dword [U(.hits)]
	mov eax, [esp + 4]		; the signal number argument
	mov [U(.signo)], eax
	mov ebp, 0			; clobbered: sigreturn must restore it
	ret
.restorer:
	pop eax				; the signal number, as musl's __restore
	mov eax, SYS_sigreturn
	int 0x80
align 4
.act:	dd U(.handler)			; sa_handler
	dd 0x04000000			; sa_flags
	dd U(.restorer)			; sa_restorer
	dd 0, 0				; sa_mask
.hits:	dd 0
.signo:	dd 0
prog_end_sig:

; Install a SIGUSR1 handler (rt_sigaction with SA_RESTORER | SA_SIGINFO),
; kill(getpid(), SIGUSR1), and check that the handler ran, that it was
; called with the signal number and a siginfo
; saying SIGUSR1 from kill (SI_USER), and that ebp survived the round
; trip through rt_sigreturn.  Exits 50 on success.
%define PROG rtsig
global prog_start_rtsig, prog_end_rtsig
prog_start_rtsig:
	mov ebp, 0x12345678
	mov eax, SYS_rt_sigaction
	mov ebx, SIGUSR1
	mov ecx, U(.act)
	xor edx, edx
	mov esi, 8
	int 0x80
	test eax, eax
	jnz .fail
	mov eax, SYS_getpid
	int 0x80
	mov ebx, eax
	mov eax, SYS_kill
	mov ecx, SIGUSR1
	int 0x80
	; the handler has run by now, on the way back from kill
	cmp dword [U(.hits)], 1
	jne .fail
	cmp dword [U(.signo)], SIGUSR1
	jne .fail
	cmp ebp, 0x12345678
	jne .fail
	mov ebx, 50
	jmp .exit
.fail:	mov ebx, 1
.exit:	mov eax, SYS_exit
	int 0x80
.handler:
	inc dword [U(.hits)]
	mov eax, [esp + 4]		; the signal number argument
	mov ecx, [esp + 8]		; siginfo_t *
	cmp dword [ecx], SIGUSR1	; si_signo
	jne .bad
	cmp dword [ecx + 8], 0		; si_code = SI_USER
	jne .bad
	jmp .good
.bad:	mov eax, 0
.good:
	mov [U(.signo)], eax
	mov ebp, 0			; clobbered: sigreturn must restore it
	ret
.restorer:
	mov eax, SYS_rt_sigreturn
	int 0x80
align 4
.act:	dd U(.handler)			; sa_handler
	dd 0x04000004			; sa_flags
	dd U(.restorer)			; sa_restorer
	dd 0, 0				; sa_mask
.hits:	dd 0
.signo:	dd 0
prog_end_rtsig:

; Write to address 0: the process dies of SIGSEGV (status 11).
%define PROG segv
global prog_start_segv, prog_end_segv
prog_start_segv:
	mov dword [0], 1
	mov eax, SYS_exit
	mov ebx, 1
	int 0x80
prog_end_segv:

; Divide by zero: SIGFPE (status 8).
%define PROG fpe
global prog_start_fpe, prog_end_fpe
prog_start_fpe:
	xor edx, edx
	mov eax, 1
	xor ecx, ecx
	div ecx
	mov eax, SYS_exit
	mov ebx, 1
	int 0x80
prog_end_fpe:

; rt_sigprocmask with a kernel pointer and with an unmapped pointer
; returns -EFAULT both times; the exit status is 14 (EFAULT) if so.
%define PROG efault
global prog_start_efault, prog_end_efault
prog_start_efault:
	mov eax, SYS_rt_sigprocmask
	mov ebx, 0
	mov ecx, 0xC0001000
	xor edx, edx
	mov esi, 8
	int 0x80
	cmp eax, -14
	jne .fail
	mov eax, SYS_rt_sigprocmask
	mov ebx, 0
	mov ecx, 0x00001000		; nothing is mapped there
	xor edx, edx
	mov esi, 8
	int 0x80
	cmp eax, -14
	jne .fail
	mov ebx, 14
	jmp .exit
.fail:	mov ebx, 1
.exit:	mov eax, SYS_exit
	int 0x80
prog_end_efault:

SYS_getppid equ 64
SIGKILL equ 9
SIGCONT equ 18
SIGSTOP equ 19
WUNTRACED equ 2
WCONTINUED equ 8

; Job control: the child stops itself with SIGSTOP; the parent sees it
; with WUNTRACED, continues it, sees that with WCONTINUED, then reaps its
; exit(7).  Exits 60 on success, 1..4 at the failing step.
%define PROG stop
global prog_start_stop, prog_end_stop
prog_start_stop:
	mov eax, SYS_fork
	int 0x80
	test eax, eax
	jz .child
	mov edi, eax
	sub esp, 4
	mov eax, SYS_wait4		; wait4(pid, &st, WUNTRACED, 0)
	mov ebx, edi
	mov ecx, esp
	mov edx, WUNTRACED
	xor esi, esi
	int 0x80
	mov ebx, 1
	cmp eax, edi
	jne .exit
	cmp dword [esp], (SIGSTOP << 8) | 0x7f
	jne .exit
	mov eax, SYS_kill
	mov ebx, edi
	mov ecx, SIGCONT
	int 0x80
	mov eax, SYS_wait4		; wait4(pid, &st, WCONTINUED, 0)
	mov ebx, edi
	mov ecx, esp
	mov edx, WCONTINUED
	xor esi, esi
	int 0x80
	mov ebx, 2
	cmp eax, edi
	jne .exit
	cmp dword [esp], 0xffff
	jne .exit
	mov eax, SYS_wait4		; wait4(pid, &st, 0, 0)
	mov ebx, edi
	mov ecx, esp
	xor edx, edx
	xor esi, esi
	int 0x80
	mov ebx, 3
	cmp eax, edi
	jne .exit
	mov ebx, 4
	cmp dword [esp], 7 << 8
	jne .exit
	mov ebx, 60
	jmp .exit
.child:
	mov eax, SYS_getpid
	int 0x80
	mov ebx, eax
	mov eax, SYS_kill
	mov ecx, SIGSTOP
	int 0x80
	mov ebx, 7
.exit:	mov eax, SYS_exit
	int 0x80
prog_end_stop:

; SA_RESTART: the child sends SIGUSR1 to the parent, which is (or soon
; will be) blocked in wait4; the handler runs and wait4 goes on as if
; nothing happened, returning the child's pid and status.  Exits 61.
%define PROG restart
global prog_start_restart, prog_end_restart
prog_start_restart:
	mov eax, SYS_rt_sigaction
	mov ebx, SIGUSR1
	mov ecx, U(.act)
	xor edx, edx
	mov esi, 8
	int 0x80
	mov eax, SYS_fork
	int 0x80
	test eax, eax
	jz .child
	mov edi, eax
	sub esp, 4
	mov eax, SYS_wait4
	mov ebx, -1
	mov ecx, esp
	xor edx, edx
	xor esi, esi
	int 0x80
	mov ebx, 1
	cmp eax, edi
	jne .exit
	mov ebx, 2
	cmp dword [esp], 5 << 8
	jne .exit
	mov ebx, 3
	cmp dword [U(.hits)], 1
	jne .exit
	mov ebx, 61
	jmp .exit
.child:
	mov eax, SYS_getppid
	int 0x80
	mov ebx, eax
	mov eax, SYS_kill
	mov ecx, SIGUSR1
	int 0x80
	mov ebx, 5
.exit:	mov eax, SYS_exit
	int 0x80
.handler:
	inc dword [U(.hits)]
	ret
.restorer:
	pop eax
	mov eax, SYS_sigreturn
	int 0x80
align 4
.act:	dd U(.handler)
	dd 0x14000000			; SA_RESTART | SA_RESTORER
	dd U(.restorer)
	dd 0, 0
.hits:	dd 0
prog_end_restart:

SYS_pause equ 29
SYS_setitimer equ 104

; setitimer(ITIMER_REAL, 20 ms) then pause(): SIGALRM's default action
; ends the process (status 14).  Exits 1 if pause ever returns.
%define PROG alarm
global prog_start_alarm, prog_end_alarm
prog_start_alarm:
	mov eax, SYS_setitimer
	xor ebx, ebx			; ITIMER_REAL
	mov ecx, U(.val)
	xor edx, edx
	int 0x80
	test eax, eax
	jnz .fail
	mov eax, SYS_pause
	int 0x80
.fail:	mov eax, SYS_exit
	mov ebx, 1
	int 0x80
align 4
.val:	dd 0, 0				; it_interval
	dd 0, 20000			; it_value: 20 ms
prog_end_alarm:

SYS_sched_yield equ 158

; The FPU registers are per process: parent and child each load a
; different integer into st(0) (and, with SSE, xmm0), yield to each other
; many times, then check that their own value is still there.  The child
; exits 1 (x87 lost) or 2 (xmm0 lost) on a mismatch; the parent reaps it
; and exits 70 if both kept their values.  prog_fpu_sse is the flag the
; test sets: 1 to also use SSE.
%define PROG fpu
global prog_start_fpu, prog_end_fpu, prog_fpu_sse
prog_start_fpu:
	mov eax, SYS_fork
	int 0x80
	mov esi, 111			; parent's value
	test eax, eax
	jnz .load
	mov esi, 222			; child's value
.load:
	mov edi, eax			; child pid (0 in the child)
	mov [U(.val)], esi
	fild dword [U(.val)]
	cmp dword [U(prog_fpu_sse)], 0
	je .spin
	movd xmm0, esi
.spin:
	mov ebp, 200
.again:
	mov eax, SYS_sched_yield
	int 0x80
	dec ebp
	jnz .again
	mov ebx, 1
	fistp dword [U(.out)]
	cmp [U(.out)], esi
	jne .done
	mov ebx, 2
	cmp dword [U(prog_fpu_sse)], 0
	je .ok
	movd eax, xmm0
	cmp eax, esi
	jne .done
.ok:
	xor ebx, ebx
	test edi, edi
	jz .done			; the child exits 0
	sub esp, 4
	mov eax, SYS_wait4
	mov ebx, edi
	mov ecx, esp
	xor edx, edx
	xor esi, esi
	int 0x80
	mov ebx, 3
	cmp dword [esp], 0
	jne .done
	mov ebx, 70
.done:	mov eax, SYS_exit
	int 0x80
align 4
.val:	dd 0
.out:	dd 0
prog_fpu_sse:
	dd 0
prog_end_fpu:

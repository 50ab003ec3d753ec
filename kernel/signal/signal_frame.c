/*
 * kernel/signal/signal_frame.c - the user stack frames signal handlers run on,
 * and sigreturn / rt_sigreturn, which undo them.
 *
 * The layouts are Linux i386's, because libc code (musl's __restore and
 * __restore_rt, glibc's) and programs reading ucontext depend on them:
 *
 *   sigframe:    pretcode, sig, sigcontext, extramask, retcode[8]
 *   rt_sigframe: pretcode, sig, &info, &uc, siginfo (128 bytes),
 *                ucontext (flags, link, stack_t, sigcontext, sigmask),
 *                retcode[8]
 *
 * The handler "returns" to pretcode: sa_restorer if the libc gave one
 * (SA_RESTORER), else the retcode on the frame itself, which makes the
 * sigreturn call.  No FPU state is saved in the frame (fpstate = 0).
 */
#include "kernel/signal/signal_frame.h"
#include "kernel/errno.h"
#include "kernel/cpu/gdt.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/process/task.h"
#include "kernel/syscall.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/unistd.h"

struct sigcontext {
	u32 gs, fs, es, ds;		/* 16-bit selectors, upper half zero */
	u32 edi, esi, ebp, esp, ebx, edx, ecx, eax;
	u32 trapno, err, eip, cs, eflags, esp_at_signal, ss;
	u32 fpstate;			/* user pointer to FPU state, or 0 */
	u32 oldmask;			/* blocked signals 1..32 before the handler */
	u32 cr2;
};

struct user_stack {
	u32 ss_sp;
	s32 ss_flags;
	u32 ss_size;
};

struct ucontext {
	u32 uc_flags;
	u32 uc_link;
	struct user_stack uc_stack;
	struct sigcontext uc_mcontext;
	sigset_t uc_sigmask;
};

struct sigframe {
	u32 pretcode;
	s32 sig;
	struct sigcontext sc;
	u32 extramask;			/* blocked signals 33..64 */
	u8 retcode[8];
};

struct rt_sigframe {
	u32 pretcode;
	s32 sig;
	u32 pinfo;
	u32 puc;
	struct user_siginfo info;
	struct ucontext uc;
	u8 retcode[8];
};

_Static_assert(sizeof(struct sigcontext) == 88, "sigcontext layout");
_Static_assert(sizeof(struct user_siginfo) == 128, "siginfo layout");
_Static_assert(offsetof(struct ucontext, uc_sigmask) == 108, "ucontext");

/* The eflags bits user code may change through sigreturn. */
#define FIX_EFLAGS 0x50DD5
#define EFLAGS_TF 0x100
#define EFLAGS_DF 0x400

/* The mask the interrupted code ran with (rt_sigsuspend substitutes). */
static sigset_t mask_to_save(void)
{
	return current->restore_sigmask ? current->saved_sigmask :
					  current->blocked;
}

static void save_sigcontext(struct sigcontext *sc, struct trapframe *tf,
			    sigset_t mask, const struct ksiginfo *info)
{
	memset(sc, 0, sizeof(*sc));
	sc->gs = tf->gs & 0xffff;
	sc->fs = tf->fs & 0xffff;
	sc->es = tf->es & 0xffff;
	sc->ds = tf->ds & 0xffff;
	sc->edi = tf->edi;
	sc->esi = tf->esi;
	sc->ebp = tf->ebp;
	sc->esp = tf->esp;
	sc->ebx = tf->ebx;
	sc->edx = tf->edx;
	sc->ecx = tf->ecx;
	sc->eax = tf->eax;
	sc->trapno = tf->trapno;
	sc->err = tf->err;
	sc->eip = tf->eip;
	sc->cs = tf->cs & 0xffff;
	sc->eflags = tf->eflags;
	sc->esp_at_signal = tf->esp;
	sc->ss = tf->ss & 0xffff;
	sc->oldmask = (u32)mask;
	if (tf->trapno == T_PGFLT)
		sc->cr2 = info->si_addr;
}

/* A data segment selector user code may hold: null, USER_DS, one of
 * its present TLS slots, or any ring-3 LDT selector (the trap exit nulls
 * one whose entry is not a usable segment).  Anything else becomes null,
 * so the trap exit never faults loading it. */
static u32 sane_selector(u32 sel)
{
	int slot;

	sel &= 0xffff;
	if (sel == USER_DS || (sel & 7) == 7)
		return sel;
	slot = (sel >> 3) - GDT_ENTRY_TLS_MIN;
	if ((sel & 7) == 3 && slot >= 0 && slot < GDT_ENTRY_TLS_ENTRIES &&
	    !current->tls_array[slot].seg_not_present)
		return sel;
	return 0;
}

static void restore_sigcontext(struct trapframe *tf,
			       const struct sigcontext *sc)
{
	tf->gs = sane_selector(sc->gs);
	tf->fs = sane_selector(sc->fs);
	tf->es = sane_selector(sc->es);
	tf->ds = sane_selector(sc->ds);
	tf->edi = sc->edi;
	tf->esi = sc->esi;
	tf->ebp = sc->ebp;
	tf->esp = sc->esp;
	tf->ebx = sc->ebx;
	tf->edx = sc->edx;
	tf->ecx = sc->ecx;
	tf->eax = sc->eax;
	tf->eip = sc->eip;
	tf->cs = USER_CS;
	tf->ss = USER_DS;
	tf->eflags = (tf->eflags & ~FIX_EFLAGS) | (sc->eflags & FIX_EFLAGS);
}

static bool on_sig_stack(u32 sp)
{
	struct task_struct *t = current;

	return t->sas_ss_size && sp - t->sas_ss_sp < t->sas_ss_size;
}

/* Where the frame goes: below the interrupted esp, or on the alternate
 * stack; aligned so that esp + 4 is 16-byte aligned at handler entry. */
static u32 frame_address(const struct k_sigaction *ka, struct trapframe *tf,
			 u32 size)
{
	u32 sp = tf->esp;

	if ((ka->sa_flags & SA_ONSTACK) && current->sas_ss_size &&
	    !on_sig_stack(sp))
		sp = current->sas_ss_sp + current->sas_ss_size;
	sp -= size;
	return ((sp + 4) & ~15u) - 4;
}

static void enter_handler(struct trapframe *tf, const struct k_sigaction *ka,
			  u32 frame, int sig)
{
	tf->esp = frame;
	tf->eip = ka->sa_handler;
	tf->eax = sig;
	tf->cs = USER_CS;
	tf->ss = USER_DS;
	tf->ds = USER_DS;
	tf->es = USER_DS;
	tf->eflags &= ~(EFLAGS_TF | EFLAGS_DF);
}

static bool is_fault_signal(int sig)
{
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL ||
	       sig == SIGFPE || sig == SIGTRAP;
}

enum siginfo_layout siginfo_layout(const struct ksiginfo *info)
{
	if (is_fault_signal(info->si_signo) && info->si_code > 0)
		return SIL_FAULT;
	if (info->si_code == SI_TIMER)
		return SIL_TIMER;
	if (info->si_code < 0 && info->si_code != SI_TKILL)
		return SIL_RT;
	return SIL_KILL;
}

void fill_user_siginfo(struct user_siginfo *u, const struct ksiginfo *info)
{
	memset(u, 0, sizeof(*u));
	u->si_signo = info->si_signo;
	u->si_errno = info->si_errno;
	u->si_code = info->si_code;
	switch (siginfo_layout(info)) {
	case SIL_FAULT:
		u->f.addr = info->si_addr;
		break;
	case SIL_TIMER:
		u->f.timer.tid = info->si_timerid;
		u->f.timer.overrun = info->si_overrun;
		u->f.timer.sigval = info->si_value;
		break;
	case SIL_RT:
		u->f.rt.pid = info->si_pid;
		u->f.rt.uid = info->si_uid;
		u->f.rt.sigval = info->si_value;
		break;
	case SIL_KILL:
		u->f.chld.pid = info->si_pid;
		u->f.chld.uid = info->si_uid;
		u->f.chld.status = info->si_status;
		break;
	}
}

static int setup_rt_frame(int sig, const struct ksiginfo *info,
			  const struct k_sigaction *ka, struct trapframe *tf)
{
	u32 addr = frame_address(ka, tf, sizeof(struct rt_sigframe));
	struct rt_sigframe f;
	static const u8 rt_retcode[8] = {
		0xb8, __NR_rt_sigreturn, 0, 0, 0,	/* movl $173, %eax */
		0xcd, 0x80, 0x90			/* int $0x80; nop */
	};

	memset(&f, 0, sizeof(f));
	f.sig = sig;
	f.pinfo = addr + offsetof(struct rt_sigframe, info);
	f.puc = addr + offsetof(struct rt_sigframe, uc);
	fill_user_siginfo(&f.info, info);
	f.uc.uc_stack.ss_sp = current->sas_ss_sp;
	f.uc.uc_stack.ss_size = current->sas_ss_size;
	f.uc.uc_stack.ss_flags = !current->sas_ss_size ? SS_DISABLE :
				 on_sig_stack(tf->esp) ? SS_ONSTACK : 0;
	save_sigcontext(&f.uc.uc_mcontext, tf, mask_to_save(), info);
	f.uc.uc_sigmask = mask_to_save();
	memcpy(f.retcode, rt_retcode, sizeof(f.retcode));
	f.pretcode = (ka->sa_flags & SA_RESTORER) ? ka->sa_restorer :
		     addr + offsetof(struct rt_sigframe, retcode);
	if (copy_to_user((void *)addr, &f, sizeof(f)))
		return -EFAULT;
	enter_handler(tf, ka, addr, sig);
	tf->edx = f.pinfo;
	tf->ecx = f.puc;
	return 0;
}

static int setup_frame(int sig, const struct ksiginfo *info,
		       const struct k_sigaction *ka, struct trapframe *tf)
{
	u32 addr = frame_address(ka, tf, sizeof(struct sigframe));
	struct sigframe f;
	static const u8 retcode[8] = {
		0x58,					/* popl %eax */
		0xb8, __NR_sigreturn, 0, 0, 0,		/* movl $119, %eax */
		0xcd, 0x80				/* int $0x80 */
	};

	memset(&f, 0, sizeof(f));
	f.sig = sig;
	save_sigcontext(&f.sc, tf, mask_to_save(), info);
	f.extramask = (u32)(mask_to_save() >> 32);
	memcpy(f.retcode, retcode, sizeof(f.retcode));
	f.pretcode = (ka->sa_flags & SA_RESTORER) ? ka->sa_restorer :
		     addr + offsetof(struct sigframe, retcode);
	if (copy_to_user((void *)addr, &f, sizeof(f)))
		return -EFAULT;
	enter_handler(tf, ka, addr, sig);
	return 0;
}

int setup_signal_frame(int sig, const struct ksiginfo *info,
		       const struct k_sigaction *ka, struct trapframe *tf)
{
	int err = (ka->sa_flags & SA_SIGINFO) ? setup_rt_frame(sig, info, ka, tf)
					      : setup_frame(sig, info, ka, tf);

	/* The frame holds the caller's mask, which sigreturn puts back; the
	 * handler runs under the temporary one (plus its sa_mask and the
	 * signal), as on Linux. */
	if (!err)
		current->restore_sigmask = false;
	return err;
}

static void set_blocked(sigset_t mask)
{
	u32 flags = irq_save();

	current->blocked = mask & ~SIGKILL_STOP_MASK;
	irq_restore(flags);
}

/* The frame is gone from the stack; its contents come back.  Returns the
 * interrupted eax, which the dispatcher puts back in place. */
long sys_sigreturn(void)
{
	struct trapframe *tf = current_regs();
	struct sigframe f;
	u32 addr = tf->esp - 8;		/* pretcode and sig were popped */

	current->syscall_nr = -1;
	if (copy_from_user(&f, (void *)addr, sizeof(f))) {
		force_sig(SIGSEGV, current);
		return -EFAULT;
	}
	set_blocked(((sigset_t)f.extramask << 32) | f.sc.oldmask);
	restore_sigcontext(tf, &f.sc);
	return tf->eax;
}

long sys_rt_sigreturn(void)
{
	struct trapframe *tf = current_regs();
	struct rt_sigframe f;
	u32 addr = tf->esp - 4;		/* pretcode was popped */

	current->syscall_nr = -1;
	if (copy_from_user(&f, (void *)addr, sizeof(f))) {
		force_sig(SIGSEGV, current);
		return -EFAULT;
	}
	set_blocked(f.uc.uc_sigmask);
	restore_sigcontext(tf, &f.uc.uc_mcontext);
	return tf->eax;
}

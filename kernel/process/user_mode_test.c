/*
 * kernel/process/user_mode_test.c - ktests that run real ring-3 code: fork, exit,
 * wait4, signal delivery through sigframes and (rt_)sigreturn, deaths
 * by SIGSEGV and SIGFPE, and EFAULT from bad system call pointers.
 *
 * Also job control (SIGSTOP, SIGCONT, WUNTRACED, WCONTINUED) and the
 * restart of a wait4 interrupted by an SA_RESTART handler.
 *
 * A kernel thread becomes a user process the way init does, minus the
 * ELF file: it gets a new address space with an anonymous RWX mapping at
 * UBASE, copies one of the programs of kernel/process/user_mode_test_progs.asm
 * there with copy_to_user (demand faults from kernel mode), points its
 * user trapframe at it and leaves through trapret.  The test reaps it and
 * checks the wait status.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/errno.h"
#include "kernel/process/exit.h"
#include "kernel/ktest.h"
#include "kernel/sched/kthread.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/exec/exec.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mman.h"

#define UBASE 0x10000000UL
#define USTACK_TOP 0x20000000UL
#define USTACK_SIZE (4 * PAGE_SIZE)

struct user_prog {
	const char *start, *end;
};

#define PROG(name)                                                  \
	extern const char prog_start_##name[], prog_end_##name[];  \
	static const struct user_prog prog_##name = { prog_start_##name, \
						      prog_end_##name }
PROG(fork);
PROG(sig);
PROG(rtsig);
PROG(segv);
PROG(fpe);
PROG(efault);
PROG(stop);
PROG(restart);
PROG(alarm);
PROG(fpu);

/* The word in prog_fpu that turns on its SSE half. */
extern const char prog_fpu_sse[];

static long map_anon(struct mm_struct *mm, unsigned long addr,
		     unsigned long len)
{
	long r;

	down(&mm->mmap_sem);
	r = do_mmap_pgoff(NULL, addr, len, PROT_READ | PROT_WRITE | PROT_EXEC,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0);
	up(&mm->mmap_sem);
	return r;
}

/* Set by a test to patch the copy of prog_fpu at its prog_fpu_sse word. */
static u32 fpu_sse_flag;

static int run_user(void *arg)
{
	const struct user_prog *p = arg;
	struct mm_struct *mm = mm_alloc();
	u32 len = p->end - p->start;
	u32 sse_off = prog_fpu_sse - prog_start_fpu;

	if (!mm)
		return 100;
	current->mm = mm;
	activate_mm(mm);
	if (map_anon(mm, UBASE, ALIGN_UP(len, PAGE_SIZE)) != (long)UBASE ||
	    map_anon(mm, USTACK_TOP - USTACK_SIZE, USTACK_SIZE) !=
		    (long)(USTACK_TOP - USTACK_SIZE))
		return 101;
	if (copy_to_user((void *)UBASE, p->start, len))
		return 102;
	if (p == &prog_fpu &&
	    copy_to_user((void *)(UBASE + sse_off), &fpu_sse_flag, 4))
		return 103;
	exec_reset_task();
	start_thread(task_pt_regs(current), UBASE, USTACK_TOP - 16);
	asm volatile("movl %0, %%esp\n\tjmp trapret"
		     : : "r"(task_pt_regs(current)) : "memory");
	__builtin_unreachable();
}

/* Run p as a child process and return its wait status. */
static int run_prog(const struct user_prog *p)
{
	struct task_struct *t = kthread_run(run_user, (void *)p, "utest");
	int status = -1;

	if (IS_ERR(t))
		return -1;
	if (do_wait(t->pid, 0, &status, NULL) != t->pid)
		return -2;
	return status;
}

KTEST(user_fork_exit_wait4)
{
	KEXPECT_EQ(run_prog(&prog_fork), W_EXITCODE(43, 0));
}

KTEST(user_signal_handler_and_sigreturn)
{
	KEXPECT_EQ(run_prog(&prog_sig), W_EXITCODE(50, 0));
}

KTEST(user_siginfo_handler_and_rt_sigreturn)
{
	KEXPECT_EQ(run_prog(&prog_rtsig), W_EXITCODE(50, 0));
}

KTEST(user_segv_kills_with_sigsegv)
{
	KEXPECT_EQ(run_prog(&prog_segv), SIGSEGV);
}

KTEST(user_divide_error_kills_with_sigfpe)
{
	KEXPECT_EQ(run_prog(&prog_fpe), SIGFPE);
}

KTEST(user_bad_pointers_give_efault)
{
	KEXPECT_EQ(run_prog(&prog_efault), W_EXITCODE(EFAULT, 0));
}

KTEST(user_stop_continue_and_wait_statuses)
{
	KEXPECT_EQ(run_prog(&prog_stop), W_EXITCODE(60, 0));
}

KTEST(user_sa_restart_restarts_wait4)
{
	KEXPECT_EQ(run_prog(&prog_restart), W_EXITCODE(61, 0));
}

KTEST(user_itimer_real_delivers_sigalrm)
{
	KEXPECT_EQ(run_prog(&prog_alarm), SIGALRM);
}

KTEST(user_fpu_and_sse_registers_are_per_process)
{
	if (!boot_cpu.has_fpu) {
		ktest_skip("no FPU");
		return;
	}
	fpu_sse_flag = 0;
	KEXPECT_EQ(run_prog(&prog_fpu), W_EXITCODE(70, 0));
	if (!boot_cpu.has_sse)
		return;		/* no XMM registers to check */
	fpu_sse_flag = 1;
	KEXPECT_EQ(run_prog(&prog_fpu), W_EXITCODE(70, 0));
}

KTEST(user_x87_without_fpu_kills_with_sigfpe)
{
	if (boot_cpu.has_fpu) {
		ktest_skip("an FPU is there (boot with no387)");
		return;
	}
	fpu_sse_flag = 0;
	KEXPECT_EQ(run_prog(&prog_fpu), SIGFPE);
}

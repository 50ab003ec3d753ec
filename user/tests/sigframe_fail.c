/*
 * sigframe_fail.c - a signal whose handler frame cannot be built.
 *
 * When the kernel cannot write a handler's frame (the stack pointer is
 * unmapped, the alternate stack was unmapped), Linux 6.1 sends SIGSEGV
 * instead (force_sigsegv); when the signal being delivered was SIGSEGV
 * itself, its handler is reset to the default, so the process dies by
 * SIGSEGV rather than try the same frame again.  A SIGSEGV handler that
 * does have a usable stack still runs (si_code SI_KERNEL).
 *
 * Each case runs in a child (no core file: RLIMIT_CORE 0); the parent
 * waits at most 10 seconds and kills a child still running.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define BAD_SP 16 /* in page 0, never mapped */

static void on_signal(int sig)
{
	(void)sig;
}

static void on_segv_info(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	_exit(si->si_code == SI_KERNEL ? 42 : 43);
}

/* Handle sig: with SA_SIGINFO in flags by on_segv_info, else on_signal. */
static void handle(int sig, int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	if (flags & SA_SIGINFO)
		sa.sa_sigaction = on_segv_info;
	else
		sa.sa_handler = on_signal;
	sa.sa_flags = flags;
	sigaction(sig, &sa, NULL);
}

static void no_core(void)
{
	struct rlimit rl = { 0, 0 };

	setrlimit(RLIMIT_CORE, &rl);
}

/* Read address 0 with the stack pointer in page 0. */
static void __attribute__((noreturn)) fault_on_bad_stack(void)
{
	__asm__ volatile("movl %0, %%esp\n\tmovl 0, %%eax"
			 :
			 : "i"(BAD_SP)
			 : "eax", "memory");
	__builtin_unreachable();
}

/* kill(getpid(), sig) with the stack pointer in page 0; ud2 (SIGILL)
 * if the call returns to user mode without a signal. */
static void __attribute__((noreturn)) kill_on_bad_stack(int sig)
{
	__asm__ volatile("movl %0, %%esp\n\tint $0x80\n\tud2"
			 :
			 : "i"(BAD_SP), "a"(SYS_kill), "b"(getpid()), "c"(sig)
			 : "memory");
	__builtin_unreachable();
}

/* An alternate stack that is then unmapped. */
static void dead_altstack(void)
{
	stack_t ss;
	void *p = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(2);
	ss.ss_sp = p;
	ss.ss_size = 65536;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL) || munmap(p, 65536))
		_exit(3);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* Run fn in a child; its wait status, or -1 after 10 seconds. */
static int run(void (*fn)(void))
{
	struct sigaction sa;
	int status;
	pid_t pid, r;

	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		no_core();
		fn();
		_exit(1);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL); /* no SA_RESTART: waitpid ends */
	alarm(10);
	r = waitpid(pid, &status, 0);
	alarm(0);
	if (r == pid)
		return status;
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	return -1;
}

static void segv_handler_bad_sp(void)
{
	handle(SIGSEGV, 0);
	fault_on_bad_stack();
}

static void usr1_handler_bad_sp(void)
{
	handle(SIGUSR1, 0);
	kill_on_bad_stack(SIGUSR1);
}

static void usr1_and_segv_handlers_bad_sp(void)
{
	handle(SIGUSR1, 0);
	handle(SIGSEGV, 0);
	kill_on_bad_stack(SIGUSR1);
}

static void segv_handler_dead_altstack(void)
{
	dead_altstack();
	handle(SIGSEGV, SA_ONSTACK);
	raise(SIGSEGV);
}

static void usr1_dead_altstack_segv_handler(void)
{
	dead_altstack();
	handle(SIGUSR1, SA_ONSTACK);
	handle(SIGSEGV, SA_SIGINFO);
	raise(SIGUSR1);
}

int main(void)
{
	is_signal(run(segv_handler_bad_sp), SIGSEGV,
		  "SIGSEGV handler, unmapped stack: killed by SIGSEGV");
	is_signal(run(usr1_handler_bad_sp), SIGSEGV,
		  "SIGUSR1 handler, unmapped stack: killed by SIGSEGV");
	is_signal(
		run(usr1_and_segv_handlers_bad_sp), SIGSEGV,
		"SIGUSR1 and SIGSEGV handlers, unmapped stack: killed by SIGSEGV");
	is_signal(
		run(segv_handler_dead_altstack), SIGSEGV,
		"SIGSEGV handler on an unmapped sigaltstack: killed by SIGSEGV");
	is_exit(run(usr1_dead_altstack_segv_handler), 42,
		"SIGUSR1 on an unmapped sigaltstack: SIGSEGV handler runs, SI_KERNEL");
	return done_testing();
}

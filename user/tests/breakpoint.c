/*
 * breakpoint.c - int3 and int $4 from user mode, as on Linux.
 *
 * Vectors 3 and 4 are the only exception gates user code may raise with
 * an INT instruction (DPL 3): the one-byte int3 (0xCC) and the two-byte
 * int $3 both deliver SIGTRAP (default action: killed), and execution
 * resumes after the instruction when a handler returns; int $4 is the
 * overflow trap, SIGSEGV with trapno 4.  int $5, like any other vector,
 * has DPL 0 and raises a general protection fault instead (trapno 13).
 * The trap number comes from the signal context (REG_TRAPNO).
 */
#include <setjmp.h>
#include <signal.h>
#include <ucontext.h>
#include "tests/tap.h"

static volatile int hits, trapno, code;
static sigjmp_buf env;

static void on_trap(int sig, siginfo_t *si, void *uc_void)
{
	ucontext_t *uc = uc_void;

	(void)sig;
	hits++;
	code = si->si_code;
	trapno = uc->uc_mcontext.gregs[REG_TRAPNO];
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	on_trap(sig, si, uc);
	siglongjmp(env, 1);
}

static void catch(int sig, void (*fn)(int, siginfo_t *, void *))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fn;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL) < 0) {
		diag("sigaction(%d): %s", sig, strerror(errno));
		exit(done_testing());
	}
}

/* A child runs fn with default dispositions; its wait status, or -1. */
static int child_status(void (*fn)(void))
{
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		fn();
		_exit(0);
	}
	return wait_for(pid);
}

static void do_int3(void) { asm volatile("int3"); }
static void do_int_3(void) { asm volatile(".byte 0xcd, 0x03"); }

static void test_default_kills(void)
{
	is_signal(child_status(do_int3), SIGTRAP, "int3 (0xcc): killed by SIGTRAP");
	is_signal(child_status(do_int_3), SIGTRAP, "int $3 (0xcd 03): killed by SIGTRAP");
}

static void test_handler_resumes(void)
{
	int after = 0;

	catch(SIGTRAP, on_trap);
	hits = 0;
	asm volatile("int3");
	after = 1;
	is(hits, 1, "SIGTRAP handler ran once for int3");
	is(trapno, 3, "trapno 3");
	is(code, SI_KERNEL, "si_code SI_KERNEL");
	ok(after, "execution resumed after the int3");
	hits = 0;
	asm volatile(".byte 0xcd, 0x03");
	is(hits, 1, "SIGTRAP handler ran once for int $3");
}

static void test_int4_and_int5(void)
{
	catch(SIGSEGV, on_segv);
	hits = 0;
	if (!sigsetjmp(env, 1))
		asm volatile("int $4");
	is(hits, 1, "int $4: SIGSEGV");
	is(trapno, 4, "int $4: trapno 4 (the overflow gate is reachable)");
	hits = 0;
	if (!sigsetjmp(env, 1))
		asm volatile("int $5");
	is(hits, 1, "int $5: SIGSEGV");
	is(trapno, 13, "int $5: trapno 13 (#GP: that gate is not for user mode)");
}

int main(void)
{
	test_default_kills();
	test_handler_resumes();
	test_int4_and_int5();
	return done_testing();
}

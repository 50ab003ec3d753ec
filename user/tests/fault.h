/*
 * fault.h - probe whether touching an address faults, and how.
 *
 * touch_read(p) / touch_write(p, value) access one byte with a SIGSEGV/SIGBUS
 * handler in place and return 0 when the access worked, else the signal
 * number; fault_code and fault_addr then hold si_code and si_addr.  The
 * handler leaves with siglongjmp, so the faulting instruction is skipped.
 */
#ifndef FAULT_H
#define FAULT_H

#include <setjmp.h>
#include <signal.h>
#include <string.h>

static sigjmp_buf fault_jump;
static volatile int fault_code;
static void *volatile fault_addr;

static inline void fault_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	fault_code = si->si_code;
	fault_addr = si->si_addr;
	siglongjmp(fault_jump, sig);
}

static inline void fault_catch(int on)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fault_handler;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	if (!on)
		sa.sa_handler = SIG_DFL;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

static inline int touch(volatile char *p, int write, char value)
{
	int sig;

	fault_code = 0;
	fault_addr = NULL;
	fault_catch(1);
	sig = sigsetjmp(fault_jump, 1);
	if (sig == 0) {
		if (write)
			*p = value;
		else
			(void)*p;
	}
	fault_catch(0);
	return sig;
}

static inline int touch_read(volatile char *p)
{
	return touch(p, 0, 0);
}

static inline int touch_write(volatile char *p, char value)
{
	return touch(p, 1, value);
}

#endif

/*
 * kernel/signal/signal_frame.h - running a user signal handler (kernel/signal/signal_frame.c).
 */
#ifndef KERNEL_SIGNAL_SIGNAL_FRAME_H
#define KERNEL_SIGNAL_SIGNAL_FRAME_H

#include "kernel/signal/signal.h"

/* Linux i386's siginfo_t, as handlers and core files (NT_SIGINFO) see it. */
struct user_siginfo {
	s32 si_signo, si_errno, si_code;
	union {
		struct {
			s32 pid;
			u32 uid;
			s32 status;
			s32 utime, stime;
		} chld;			/* also kill: pid, uid */
		u32 addr;		/* SIGSEGV, SIGBUS, SIGILL, SIGFPE */
		struct {
			s32 tid;	/* the timer's id */
			s32 overrun;
			u32 sigval;
		} timer;		/* SI_TIMER */
		struct {
			s32 pid;
			u32 uid;
			u32 sigval;
		} rt;			/* SI_QUEUE and other codes below 0 */
		s32 pad[29];
	} f;
};

/* The siginfo_t user space sees for info. */
/* Which of a siginfo's union members a signal fills (Linux's SIL_*):
 * a fault's address; a POSIX timer's id, overruns and value; sigqueue's
 * (and other codes below 0) sender and value; kill's, tkill's and
 * SIGCHLD's sender and status. */
enum siginfo_layout { SIL_FAULT, SIL_TIMER, SIL_RT, SIL_KILL };
enum siginfo_layout siginfo_layout(const struct ksiginfo *info);
void fill_user_siginfo(struct user_siginfo *u, const struct ksiginfo *info);

/* Push a sigframe (or rt_sigframe with SA_SIGINFO) for sig on the user
 * stack and point tf at the handler.  -EFAULT if the stack is unusable. */
int setup_signal_frame(int sig, const struct ksiginfo *info,
		       const struct k_sigaction *ka, struct trapframe *tf);

#endif

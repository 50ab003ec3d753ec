/*
 * kernel/signal_frame.h - running a user signal handler (kernel/signal_frame.c).
 */
#ifndef KERNEL_SIGNAL_FRAME_H
#define KERNEL_SIGNAL_FRAME_H

#include "kernel/signal.h"

/* Push a sigframe (or rt_sigframe with SA_SIGINFO) for sig on the user
 * stack and point tf at the handler.  -EFAULT if the stack is unusable. */
int setup_signal_frame(int sig, const struct ksiginfo *info,
		       const struct k_sigaction *ka, struct trapframe *tf);

#endif

/*
 * compat/old_signal.c - the signal calls of the first i386 C libraries:
 * signal (48), sigaction (67), sigsuspend (72), sigpending (73) and
 * sigprocmask (126), which carry a 4-byte mask of signals 1 to 32.
 *
 * musl and glibc use the rt_ calls with an 8-byte mask
 * (kernel/signal/sys_signal.c); a binary linked against an older library
 * still calls these.  As Linux's: a mask passed in covers the low 32
 * signals (sigaction and sigsuspend replace the whole mask with it,
 * sigprocmask changes only those bits); one passed out is the low 32 bits.
 */
#include "kernel/errno.h"
#include "kernel/process/task.h"
#include "kernel/signal/signal.h"
#include "kernel/cpu/uaccess.h"

typedef u32 old_sigset_t;

/* arch/x86/include/asm/signal.h, i386. */
struct old_sigaction {
	u32 sa_handler;
	old_sigset_t sa_mask;
	u32 sa_flags;
	u32 sa_restorer;
};

#define SA_NOMASK SA_NODEFER
#define SA_ONESHOT SA_RESETHAND

long sys_signal(int sig, u32 handler)
{
	struct k_sigaction new = { handler, SA_ONESHOT | SA_NOMASK, 0, 0 };
	struct k_sigaction old;
	int err = do_sigaction(sig, &new, &old);

	return err ? err : (long)old.sa_handler;
}

long sys_sigaction(int sig, const struct old_sigaction *uact,
		   struct old_sigaction *uoact)
{
	struct k_sigaction new, old;
	struct old_sigaction o;
	int err;

	if (uact) {
		if (copy_from_user(&o, uact, sizeof(o)))
			return -EFAULT;
		new.sa_handler = o.sa_handler;
		new.sa_flags = o.sa_flags;
		new.sa_restorer = o.sa_restorer;
		new.sa_mask = o.sa_mask;
	}
	err = do_sigaction(sig, uact ? &new : NULL, uoact ? &old : NULL);
	if (err || !uoact)
		return err;
	o.sa_handler = old.sa_handler;
	o.sa_flags = old.sa_flags;
	o.sa_restorer = old.sa_restorer;
	o.sa_mask = (old_sigset_t)old.sa_mask;
	return copy_to_user(uoact, &o, sizeof(o)) ? -EFAULT : 0;
}

/* i386 passes the mask third, after two unused words (Linux's
 * OLD_SIGSUSPEND3). */
long sys_sigsuspend(int unused1, int unused2, old_sigset_t mask)
{
	(void)unused1;
	(void)unused2;
	return sigsuspend(mask);
}

long sys_sigpending(old_sigset_t *uset)
{
	old_sigset_t set = (old_sigset_t)current_sigpending();

	return copy_to_user(uset, &set, sizeof(set)) ? -EFAULT : 0;
}

long sys_sigprocmask(int how, const old_sigset_t *uset, old_sigset_t *uoset)
{
	sigset_t blocked = current->blocked;
	old_sigset_t old = (old_sigset_t)blocked, set;

	if (uset) {
		if (copy_from_user(&set, uset, sizeof(set)))
			return -EFAULT;
		if (how == SIG_BLOCK)
			blocked |= set;
		else if (how == SIG_UNBLOCK)
			blocked &= ~(sigset_t)set;
		else if (how == SIG_SETMASK)
			blocked = (blocked & ~(sigset_t)0xffffffffu) | set;
		else
			return -EINVAL;
		set_current_blocked(blocked);
	}
	if (uoset && copy_to_user(uoset, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/*
 * kernel/exec/sys_exec.c - execve: the task side.
 *
 * do_execve_user (kernel/exec/exec.c) replaces the address space and sets
 * the user trapframe to enter the new program.  What belongs to the task
 * is reset here once that succeeded, as POSIX and Linux do: caught
 * signals revert to SIG_DFL (ignored ones stay ignored, the mask and
 * pending signals stay), the alternate signal stack and the rseq area
 * are forgotten, close-on-exec descriptors are closed, TLS slots are
 * emptied and the x87 starts clean.  The other threads of the process
 * end (de_thread), the actions stop being shared with another process,
 * and a vfork parent goes on.
 */
#include "kernel/errno.h"
#include "kernel/cpu/fpu.h"
#include "kernel/cpu/gdt.h"
#include "kernel/lib/string.h"
#include "compat/posix-timers.h"
#include "compat/rseq.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "fs/fdtable.h"
#include "fs/inode.h"
#include "kernel/exec/exec.h"
#include "mm/phys/gfp.h"
#include "mm/phys/slab.h"

void exec_reset_task(void)
{
	struct task_struct *t = current;
	int i;

	/* Past the point of no return: a failure here ends the process. */
	if (de_thread(t) || unshare_sighand(t))
		force_sig(SIGKILL, t);
	vfork_release(t);
	exit_itimers(t->signal);	/* POSIX timers do not survive exec */
	t->set_child_tid = 0;
	rseq_execve(t);
	flush_signal_handlers(t);
	t->flags &= ~(PF_FORKNOEXEC | PF_KTHREAD);
	for (i = 0; i < GDT_ENTRY_TLS_ENTRIES; i++) {
		memset(&t->tls_array[i], 0, sizeof(t->tls_array[i]));
		t->tls_array[i].read_exec_only = 1;
		t->tls_array[i].seg_not_present = 1;
	}
	load_tls(t->tls_array);
	fpu_reset_live();
	t->clear_child_tid = 0;
	if (t->files)
		close_on_exec(t->files);
}

long sys_execve(const char *upath, char *const *uargv, char *const *uenvp)
{
	char *path = kmalloc(PATH_MAX, GFP_KERNEL);
	long len, err;

	if (!path)
		return -ENOMEM;
	len = strncpy_from_user(path, upath, PATH_MAX);
	if (len < 0)
		err = len;
	else if (len == PATH_MAX)
		err = -ENAMETOOLONG;
	else if (len == 0)
		err = -ENOENT;
	else
		err = do_execve_user(path, uargv, uenvp);
	kfree(path);
	if (err)
		return err;
	exec_reset_task();
	return 0;
}

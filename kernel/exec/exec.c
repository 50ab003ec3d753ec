/*
 * kernel/exec/exec.c - execve's address-space part: do_execve.
 *
 * do_execve(path, argv, envp) opens the file, copies the strings out of
 * the old address space (kernel/exec/exec_args.c), and lets a format (ELF, #!)
 * load it.  A format gives up the old address space only after checking
 * the file (exec_mmap, the point of no return); failing later kills the
 * process with SIGSEGV, as Linux does.  exec_mmap first honours the old
 * image's robust futex list, as exit would.
 *
 * On success the current task runs the new image on return to user mode:
 * its user trapframe (task_pt_regs) holds the entry point and the initial
 * stack, segment registers are the user ones, other registers zero, its
 * name is the file's basename, and its ids are those a set-user-ID or
 * set-group-ID file gives (exec_creds).  Signal dispositions,
 * close-on-exec descriptors and TLS are the caller's (sys_execve in
 * kernel/exec/sys_exec.c) to reset.
 */
#include "fs/fcntl.h"
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/stat.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "compat/futex.h"
#include "kernel/cpu/gdt.h"
#include "compat/ldt.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/signal/signal.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "kernel/exec/binprm.h"
#include "kernel/exec/exec.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/slab.h"

/*
 * As Linux's do_open_execat: a regular file, on a mount without noexec,
 * that the caller may execute; reading it is not asked for.
 */
int open_exec_file(const char *path, struct file **res)
{
	struct path p;
	int err = kern_path(path, NULL, LOOKUP_FOLLOW, &p);

	if (err)
		return err;
	if (!S_ISREG(p.inode->i_mode) || (p.mnt->mnt_flags & MS_NOEXEC))
		err = -EACCES;
	else
		err = inode_permission(p.inode, MAY_EXEC);
	if (!err)
		err = vfs_open_path(&p, O_RDONLY, res);
	path_put(&p);
	return err;
}

int open_exec(struct linux_binprm *bprm, const char *path)
{
	struct file *file;
	int err = open_exec_file(path, &file);

	if (err)
		return err;
	memset(bprm->buf, 0, sizeof(bprm->buf));
	if (kernel_read(file, 0, bprm->buf, sizeof(bprm->buf)) < 0) {
		fput(file);
		return -EIO;
	}
	bprm->file = file;
	return 0;
}

int search_binary_handler(struct linux_binprm *bprm)
{
	int err = load_script(bprm);

	if (err != -ENOEXEC)
		return err;
	return load_elf_binary(bprm);
}

/*
 * The ids the new image runs with, as Linux's bprm_fill_uid and
 * cap_bprm_creds_from_file: a set-user-ID file makes its owner the
 * effective uid, a set-group-ID file with group execute permission its
 * group the effective gid (neither on a nosuid mount); the saved and fs
 * ids then follow the effective ones.  For a #! script this is the
 * interpreter: a script's own set-ID bits are ignored, as on Linux.
 */
static void exec_creds(struct linux_binprm *bprm)
{
	struct cred *c = current_cred();
	struct inode *inode = bprm->file->f_inode;
	struct vfsmount *mnt = bprm->file->f_path.mnt;
	u32 euid = c->euid, egid = c->egid;

	/* No mount: a file the kernel made for itself (a ktest's).
	 * no_new_privs: as on a nosuid mount. */
	if (mnt && !(mnt->mnt_flags & MS_NOSUID) && !current->no_new_privs) {
		if (inode->i_mode & S_ISUID)
			euid = inode->i_uid;
		if ((inode->i_mode & (S_ISGID | S_IXGRP)) ==
		    (S_ISGID | S_IXGRP))
			egid = inode->i_gid;
	}
	bprm->secureexec = euid != c->uid || egid != c->gid;
	if (bprm->secureexec)
		current->pdeath_signal = 0;	/* no signal into privilege */
	c->euid = c->suid = c->fsuid = euid;
	c->egid = c->sgid = c->fsgid = egid;
}

int exec_mmap(struct linux_binprm *bprm)
{
	struct mm_struct *old = current->mm, *mm = mm_alloc();
	struct cred old_cred;

	if (!mm)
		return -ENOMEM;
	/* The robust futexes the old image held are marked and their
	 * waiters woken while its memory is still ours (Linux's
	 * exec_mm_release); the new image starts without a list. */
	if (old && current->robust_list)
		exit_robust_list(current);
	current->robust_list = 0;
	/* The new image may dump core; the coredump_filter carries over. */
	if (old)
		mm->flags = old->flags & MMF_DUMP_FILTER_MASK;
	old_cred = *current_cred();
	bprm->mm_replaced = true;
	exec_creds(bprm);
	/* Linux's begin_new_exec: dumpable unless the caller's ids differed
	 * or the exec changed them (a set-ID file), then commit_creds. */
	if (old_cred.euid != old_cred.uid || old_cred.egid != old_cred.gid ||
	    cred_ids_changed(&old_cred, current_cred()))
		set_dumpable(mm, SUID_DUMP_DISABLE);
	else
		set_dumpable(mm, SUID_DUMP_USER);
	current->mm = mm;
	activate_mm(mm);
	load_mm_ldt(mm);	/* none: the old one goes with the old mm */
	if (old)
		mmput(old);
	return 0;
}

void start_thread(struct trapframe *tf, u32 eip, u32 esp)
{
	memset(tf, 0, sizeof(*tf));
	tf->ds = tf->es = tf->fs = tf->gs = USER_DS;
	tf->ss = USER_DS;
	tf->cs = USER_CS;
	tf->eflags = EFLAGS_IF | 0x2;	/* bit 1 is always set */
	tf->eip = eip;
	tf->esp = esp;
}

static bool warned_empty_argv;

static int copy_args(struct linux_binprm *bprm, const char *path,
		     char *const *argv, char *const *envp, bool from_user)
{
	int err;

	bprm->argc = count_strings(argv, from_user);
	if (bprm->argc < 0)
		return bprm->argc;
	bprm->envc = count_strings(envp, from_user);
	if (bprm->envc < 0)
		return bprm->envc;
	err = copy_string_kernel(bprm, path);
	if (err)
		return err;
	bprm->exec_p = bprm->p;
	err = copy_strings(bprm, bprm->envc, envp, from_user);
	if (err)
		return err;
	bprm->env_p = bprm->p;
	err = copy_strings(bprm, bprm->argc, argv, from_user);
	if (err || bprm->argc)
		return err;
	/*
	 * No argv[0]: give the program "" (Linux 5.18 and later), so code
	 * that starts at argv[1] does not walk into envp.
	 */
	if (!warned_empty_argv) {
		warned_empty_argv = true;
		printk(KERN_DEBUG "process '%s' launched '%s' with NULL "
				  "argv: empty string added\n",
		       current->comm, path);
	}
	bprm->argc = 1;
	return copy_string_kernel(bprm, "");
}

/*
 * Past the point of no return there is no program to return to: die of
 * SIGSEGV, as Linux (force_fatal_sig), whatever the old image's handler
 * or mask said, since its handler's code is gone.
 */
static void exec_failed_fatal(void)
{
	current->sighand->action[SIGSEGV - 1].sa_handler = SIG_DFL;
	force_sig(SIGSEGV, current);
}

static int exec_common(const char *path, char *const *argv,
		       char *const *envp, bool from_user)
{
	struct linux_binprm *bprm = kzalloc(sizeof(*bprm), GFP_KERNEL);
	int err;

	if (!bprm)
		return -ENOMEM;
	bprm->p = ARG_AREA - sizeof(void *);
	bprm->filename = path;
	err = open_exec(bprm, path);
	if (!err)
		err = copy_args(bprm, path, argv, envp, from_user);
	if (!err)
		err = search_binary_handler(bprm);
	if (!err)
		set_task_comm(current, path);
	else if (bprm->mm_replaced)
		exec_failed_fatal();
	if (bprm->file)
		fput(bprm->file);
	free_arg_pages(bprm);
	kfree(bprm);
	return err;
}

int do_execve(const char *path, char *const argv[], char *const envp[])
{
	return exec_common(path, argv, envp, false);
}

int do_execve_user(const char *path, char *const *uargv,
		   char *const *uenvp)
{
	/* A setuid that left the new user over RLIMIT_NPROC, as Linux: the
	 * exec fails while the user still is. */
	if ((current->flags & PF_NPROC_EXCEEDED) && nproc_over_limit(0))
		return -EAGAIN;
	current->flags &= ~PF_NPROC_EXCEEDED;
	return exec_common(path, uargv, uenvp, true);
}

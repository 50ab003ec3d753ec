/*
 * kernel/init.c - the end of boot: PID 1 and the idle loop.
 *
 * kmain calls rest_init() once every subsystem is up.  It starts the
 * kernel thread that will become init (pid 1), turns on preemption and
 * turns the boot thread into the idle task.  The init thread mounts the
 * root= device as "/" if one is named (fs/do_mounts.c), then runs the
 * ktests in ktest mode (they need a task that may sleep), otherwise it
 * opens the console as descriptors 0, 1, 2 and executes the first of
 * init=, /init, /sbin/init, /bin/sh that works.  Command-line words no
 * KERNEL_PARAM declared are passed on, Linux style: bare words as
 * arguments, key=value words as the environment.
 */
#include "kernel/init.h"
#include "kernel/cmdline.h"
#include "kernel/errno.h"
#include "kernel/fault_inject.h"
#include "kernel/sched/idle.h"
#include "kernel/ktest.h"
#include "kernel/sched/kthread.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/cpu/power.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/process/task.h"
#include "fs/do_mounts.h"
#include "fs/fcntl.h"
#include "fs/fdtable.h"
#include "fs/fs_writeback.h"
#include "fs/fs_struct.h"
#include "fs/jbd/jbd.h"
#include "fs/vfs.h"
#include "kernel/exec/exec.h"
#include "mm/reclaim/vmscan.h"

KERNEL_PARAM("init", "program to run as process 1 (default /init, /sbin/init, /bin/sh)");

#define MAX_INIT_ARGS 32

static const char *init_argv[MAX_INIT_ARGS + 2];
static const char *init_envp[MAX_INIT_ARGS + 3];

/* Split the unknown command-line words into argv[1..] and envp. */
static void build_init_args(void)
{
	const char *words[MAX_INIT_ARGS];
	int n = cmdline_unknown_words(words, MAX_INIT_ARGS);
	int i, argc = 1, envc = 0;

	init_envp[envc++] = "HOME=/";
	init_envp[envc++] = "TERM=linux";
	for (i = 0; i < n; i++) {
		if (strchr(words[i], '='))
			init_envp[envc++] = words[i];
		else
			init_argv[argc++] = words[i];
	}
	init_argv[argc] = NULL;
	init_envp[envc] = NULL;
}

/* Descriptors 0, 1, 2 on /dev/console, as init expects them. */
static void open_console(void)
{
	struct file *file;
	int fd;

	current->files = files_alloc();
	current->fs = fs_struct_alloc_init();
	if (!current->files || !current->fs)
		panic("no memory for init's files");
	if (vfs_open(NULL, "/dev/console", O_RDWR, 0, &file)) {
		printk("Warning: unable to open an initial console.\n");
		return;
	}
	for (fd = 0; fd < 3; fd++) {
		if (get_unused_fd(current->files, fd) != fd)
			panic("init's descriptor table is not empty");
		fd_install(current->files, fd, fd ? get_file(file) : file, false);
	}
}

/* Leave the kernel thread's stack for the user trapframe exec built. */
static void __noreturn enter_user_mode(void)
{
	asm volatile("movl %0, %%esp\n\t"
		     "jmp trapret"
		     : : "r"(task_pt_regs(current)) : "memory");
	__builtin_unreachable();
}

static void try_init(const char *path)
{
	int err;

	init_argv[0] = path;
	err = do_execve(path, (char *const *)init_argv,
			(char *const *)init_envp);
	if (err) {
		if (err != -ENOENT)
			printk("init: executing %s failed: error %d\n", path, -err);
		return;
	}
	exec_reset_task();
	fault_inject_start();
	enter_user_mode();
}

static int kernel_init(void *unused)
{
	const char *path = cmdline_get("init");

	(void)unused;
	prepare_namespace();
	if (ktest_mode) {
		int failed;

		/* On CPU 0: many tests wait for jiffies by halting, and
		 * only CPU 0's timer interrupt counts them. */
		set_cpus_allowed(current, cpumask_of(0));
		schedule();
		failed = ktest_run_all();

		test_exit(failed ? EXIT_FAIL : EXIT_PASS);
	}
	open_console();
	build_init_args();
	if (path) {
		try_init(path);
		printk("init: %s did not run, trying the defaults\n", path);
	}
	try_init("/init");
	try_init("/sbin/init");
	try_init("/bin/sh");
	panic("No working init found.  Try passing init= option to kernel.");
}

void __noreturn rest_init(void)
{
	struct task_struct *t = kthread_run(kernel_init, NULL, "init");

	if (IS_ERR(t))
		panic("cannot create the init task");
	BUG_ON(t->pid != 1);
	init_task = t;
	/* A child of the idle task, not of init: init's wait() would
	 * otherwise never see its last child gone (Linux's kernel threads
	 * are kthreadd's). */
	kswapd_start();
	flusher_start();
	jbd_commit_thread_start();
	sched_start();
	cpu_idle();
}

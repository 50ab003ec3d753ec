/*
 * clone3.c - clone3 (435), called raw with Linux's struct clone_args:
 * the size checks of an extensible structure, the flag and field checks
 * in Linux's order, a fork through it (exit_signal SIGCHLD or none),
 * CLONE_PARENT_SETTID and CLONE_CHILD_SETTID, CLONE_CLEAR_SIGHAND, and a
 * CLONE_VM child on a stack given as stack + stack_size.
 */
#include "tap.h"
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#define NR_clone3 435

struct clone_args {
	uint64_t flags, pidfd, child_tid, parent_tid, exit_signal;
	uint64_t stack, stack_size, tls;
	uint64_t set_tid, set_tid_size, cgroup;
};

#define SIZE_VER0 64
#define CLEAR_SIGHAND 0x100000000ULL
#define INTO_CGROUP 0x200000000ULL

/* A call meant to fail: a child it made by mistake leaves at once. */
static long clone3_err(void *args, size_t size)
{
	long r = syscall(NR_clone3, args, size);
	int status;

	if (r == 0)
		_exit(0);
	if (r > 0)
		waitpid((pid_t)r, &status, __WALL);
	return r;
}

static void size_checks(void)
{
	static unsigned char big[4200];
	struct clone_args *a = (struct clone_args *)big;
	char *page;

	memset(big, 0, sizeof(big));
	a->exit_signal = SIGCHLD;
	is_errno(clone3_err(a, 0), EINVAL, "size 0: EINVAL");
	is_errno(clone3_err(a, SIZE_VER0 - 1), EINVAL,
		 "size 63 (under CLONE_ARGS_SIZE_VER0): EINVAL");
	is_errno(clone3_err(a, 4097), E2BIG, "a size over a page: E2BIG");
	big[120] = 1;
	is_errno(clone3_err(a, 128), E2BIG,
		 "a larger structure with a non-zero tail: E2BIG");
	is_errno(clone3_err((void *)16, SIZE_VER0), EFAULT,
		 "an unreadable structure: EFAULT");
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED || munmap(page + 4096, 4096))
		return;
	memset(page, 0, 4096);
	((struct clone_args *)(page + 4096 - SIZE_VER0))->exit_signal = SIGCHLD;
	is_errno(clone3_err(page + 4096 - SIZE_VER0, 128), EFAULT,
		 "a tail on an unmapped page: EFAULT");
	munmap(page, 4096);
}

static void field_checks(void)
{
	struct clone_args a;
	int tid;

#define TRY(setup, err, ...)                                       \
	do {                                                       \
		memset(&a, 0, sizeof(a));                          \
		a.exit_signal = SIGCHLD;                           \
		setup;                                             \
		is_errno(clone3_err(&a, sizeof(a)), err, __VA_ARGS__); \
	} while (0)

	TRY(a.set_tid_size = 1, EINVAL, "set_tid_size without set_tid: EINVAL");
	TRY(a.set_tid = (uintptr_t)&tid, EINVAL,
	    "set_tid with set_tid_size 0: EINVAL");
	TRY((a.set_tid = (uintptr_t)&tid, a.set_tid_size = 33), EINVAL,
	    "set_tid_size over 32: EINVAL");
	TRY((a.set_tid = 16, a.set_tid_size = 1), EFAULT,
	    "an unreadable set_tid: EFAULT");
	TRY(a.exit_signal = 65, EINVAL, "exit_signal 65: EINVAL");
	TRY(a.exit_signal = 0x100 | SIGCHLD, EINVAL,
	    "exit_signal with bits above CSIGNAL: EINVAL");
	memset(&a, 0, sizeof(a));
	a.flags = INTO_CGROUP;
	is_errno(clone3_err(&a, SIZE_VER0), EINVAL,
		 "CLONE_INTO_CGROUP in a structure without cgroup: EINVAL");
	TRY((a.flags = INTO_CGROUP, a.cgroup = 0x80000000ULL), EINVAL,
	    "CLONE_INTO_CGROUP with a cgroup over INT_MAX: EINVAL");
	TRY((a.flags = INTO_CGROUP, a.cgroup = 999), EBADF,
	    "CLONE_INTO_CGROUP with a closed descriptor: EBADF");
	TRY(a.flags = 1ULL << 40, EINVAL, "an unknown flag: EINVAL");
	TRY(a.flags = SIGCHLD, EINVAL,
	    "a signal in flags (clone's old place for it): EINVAL");
	TRY(a.flags = CLONE_DETACHED, EINVAL, "CLONE_DETACHED: EINVAL");
	TRY(a.flags = CLONE_VM | CLONE_SIGHAND | CLEAR_SIGHAND, EINVAL,
	    "CLONE_SIGHAND with CLONE_CLEAR_SIGHAND: EINVAL");
	TRY(a.flags = CLONE_THREAD | CLONE_SIGHAND | CLONE_VM, EINVAL,
	    "CLONE_THREAD with an exit signal: EINVAL");
	TRY(a.flags = CLONE_PARENT, EINVAL, "CLONE_PARENT with an exit signal: EINVAL");
	TRY(a.stack_size = 4096, EINVAL, "a stack size without a stack: EINVAL");
	TRY(a.stack = 0x10000, EINVAL, "a stack without a size: EINVAL");
	TRY((a.stack = 0xbffff000, a.stack_size = 0x2000), EINVAL,
	    "a stack reaching into the kernel: EINVAL");
	TRY((a.flags = CLONE_THREAD, a.exit_signal = 0), EINVAL,
	    "CLONE_THREAD without CLONE_SIGHAND: EINVAL");
	TRY(a.flags = CLONE_SIGHAND, EINVAL, "CLONE_SIGHAND without CLONE_VM: EINVAL");
#undef TRY
}

/* A fork through clone3: the child returns 0, the parent its pid, which
 * CLONE_PARENT_SETTID also stores; CLONE_CHILD_SETTID stores it in the
 * child's copy of memory. */
static void forks(void)
{
	struct clone_args a;
	int ptid = 0, ctid = 0, status = 0;
	long pid;

	memset(&a, 0, sizeof(a));
	a.flags = CLONE_PARENT_SETTID | CLONE_CHILD_SETTID;
	a.parent_tid = (uintptr_t)&ptid;
	a.child_tid = (uintptr_t)&ctid;
	a.exit_signal = SIGCHLD;
	pid = syscall(NR_clone3, &a, SIZE_VER0);
	if (pid == 0)
		_exit(ctid == getpid() ? 7 : 1);
	if (!ok_sys(pid, "clone3 as fork (size 64)"))
		return;
	is(ptid, pid, "CLONE_PARENT_SETTID stored the child's pid");
	is(ctid, 0, "CLONE_CHILD_SETTID wrote only the child's memory");
	is(waitpid((pid_t)pid, &status, 0), pid, "waitpid finds the child");
	is_exit(status, 7, "the child saw its pid in child_tid");

	/* A larger structure, zero past what the kernel knows: accepted. */
	{
		static unsigned char big[256];

		memset(big, 0, sizeof(big));
		((struct clone_args *)big)->exit_signal = SIGCHLD;
		pid = syscall(NR_clone3, big, sizeof(big));
		if (pid == 0)
			_exit(3);
		ok_sys(pid, "a 256-byte structure with a zero tail");
		if (pid > 0) {
			waitpid((pid_t)pid, &status, 0);
			is_exit(status, 3, "its child ran");
		}
	}

	/* exit_signal 0: the parent hears of the exit only through
	 * __WALL/__WCLONE, not a plain wait. */
	memset(&a, 0, sizeof(a));
	pid = syscall(NR_clone3, &a, sizeof(a));
	if (pid == 0)
		_exit(5);
	if (!ok_sys(pid, "clone3 with exit_signal 0"))
		return;
	is(waitpid((pid_t)pid, &status, __WALL), pid, "__WALL finds it");
	is_exit(status, 5, "with its status");
}

static void on_usr1(int sig)
{
	(void)sig;
}

/* CLONE_CLEAR_SIGHAND: the child's handlers are SIG_DFL, what was
 * ignored stays ignored; the parent's are untouched. */
static void clear_sighand(void)
{
	struct sigaction sa, got;
	struct clone_args a;
	int status = 0;
	long pid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	signal(SIGUSR2, SIG_IGN);
	memset(&a, 0, sizeof(a));
	a.flags = CLEAR_SIGHAND;
	a.exit_signal = SIGCHLD;
	pid = syscall(NR_clone3, &a, sizeof(a));
	if (pid == 0) {
		int r = 0;

		sigaction(SIGUSR1, NULL, &got);
		if (got.sa_handler != SIG_DFL)
			r |= 1;
		sigaction(SIGUSR2, NULL, &got);
		if (got.sa_handler != SIG_IGN)
			r |= 2;
		_exit(r);
	}
	if (ok_sys(pid, "clone3 with CLONE_CLEAR_SIGHAND")) {
		waitpid((pid_t)pid, &status, 0);
		is_exit(status, 0, "the child's handler is SIG_DFL, SIG_IGN stays");
	}
	sigaction(SIGUSR1, NULL, &got);
	ok(got.sa_handler == on_usr1, "the parent keeps its handler");
	signal(SIGUSR1, SIG_DFL);
	signal(SIGUSR2, SIG_DFL);
}

/* A CLONE_VM child on its own stack: it starts at the top of
 * [stack, stack + stack_size), calls child_fn there and exits with its
 * value.  The asm: the child has the parent's registers (esi = fn,
 * edi = arg) but eax 0 and the new esp. */
static long clone3_run(struct clone_args *a, int (*fn)(void *), void *arg)
{
	long ret;

	__asm__ volatile("int $0x80\n\t"
			 "testl %%eax, %%eax\n\t"
			 "jnz 1f\n\t"
			 "pushl %%edi\n\t"
			 "call *%%esi\n\t"
			 "movl %%eax, %%ebx\n\t"
			 "movl $1, %%eax\n\t"
			 "int $0x80\n"
			 "1:"
			 : "=a"(ret)
			 : "0"(NR_clone3), "b"(a), "c"(sizeof(*a)), "S"(fn),
			   "D"(arg)
			 : "memory");
	return ret;
}

static char child_stack[8192] __attribute__((aligned(16)));
static volatile uintptr_t child_sp;
static volatile int shared_word;

static int child_fn(void *arg)
{
	int local;

	child_sp = (uintptr_t)&local;
	shared_word = (int)(uintptr_t)arg;
	return 9;
}

static void vm_child_on_stack(void)
{
	struct clone_args a;
	int status = 0;
	long pid;

	memset(&a, 0, sizeof(a));
	a.flags = CLONE_VM;
	a.exit_signal = SIGCHLD;
	a.stack = (uintptr_t)child_stack;
	a.stack_size = sizeof(child_stack);
	pid = clone3_run(&a, child_fn, (void *)42);
	if (pid < 0) {
		errno = (int)-pid;
		pid = -1;
	}
	if (!ok_sys(pid, "clone3 with CLONE_VM and a stack"))
		return;
	is(waitpid((pid_t)pid, &status, 0), pid, "waitpid finds it");
	is_exit(status, 9, "it ran child_fn to the end");
	is(shared_word, 42, "its write is in our memory (CLONE_VM)");
	ok(child_sp > (uintptr_t)child_stack &&
	   child_sp < (uintptr_t)child_stack + sizeof(child_stack),
	   "it ran on the stack given (stack + stack_size is its top)");
}

int main(void)
{
	size_checks();
	field_checks();
	forks();
	clear_sighand();
	vm_child_on_stack();
	return done_testing();
}

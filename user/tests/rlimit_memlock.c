/*
 * rlimit_memlock.c - RLIMIT_MEMLOCK: how much memory a process without
 * CAP_IPC_LOCK may lock.
 *
 * The default is Linux's 8 MiB, soft and hard, and root is not bound by
 * it.  A child turns itself into user 4242 with a limit of 64 KiB:
 * locking 32 KiB works, locking the same range again counts nothing new,
 * 64 KiB more is ENOMEM, a MAP_LOCKED mapping past the limit is EAGAIN,
 * mlockall(MCL_CURRENT) of more than the limit is ENOMEM; with the limit
 * at 0, mlock, mlockall and SHM_LOCK of the user's own segment are
 * EPERM.
 */
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include "tests/tap.h"

#define USER 4242
#define KIB 1024

static int set_memlock(long bytes)
{
	struct rlimit rl = { bytes, bytes };

	return setrlimit(RLIMIT_MEMLOCK, &rl);
}

/* As user USER: the first check that fails, by number, or 0. */
static int limited_user(void)
{
	char *a = mmap(NULL, 256 * KIB, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int shmid = -1;
	char *p;
	int ret = 0;

	if (a == MAP_FAILED || set_memlock(64 * KIB) != 0 ||
	    setuid(USER) != 0 ||
	    (shmid = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600)) < 0)
		ret = 2;
	else if (mlock(a, 32 * KIB) != 0)
		ret = 3;
	else if (mlock(a, 32 * KIB) != 0)
		ret = 4; /* already locked: nothing new */
	else if (mlock(a + 32 * KIB, 64 * KIB) == 0 || errno != ENOMEM)
		ret = 5;
	else if ((p = mmap(NULL, 64 * KIB, PROT_READ,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_LOCKED, -1, 0)) !=
			 MAP_FAILED ||
		 errno != EAGAIN)
		ret = 6;
	else if (mlockall(MCL_CURRENT) == 0 || errno != ENOMEM)
		ret = 7;
	else if (munlock(a, 32 * KIB) != 0)
		ret = 8;
	else if (set_memlock(0) != 0)
		ret = 9;
	else if (mlock(a, 4096) == 0 || errno != EPERM)
		ret = 10;
	else if (mlockall(MCL_FUTURE) == 0 || errno != EPERM)
		ret = 11;
	else if (shmctl(shmid, SHM_LOCK, NULL) == 0 || errno != EPERM)
		ret = 12;
	if (shmid >= 0)
		shmctl(shmid, IPC_RMID, NULL);
	return ret;
}

int main(void)
{
	struct rlimit rl;
	char *a;
	pid_t pid;

	ok_sys(getrlimit(RLIMIT_MEMLOCK, &rl), "getrlimit(RLIMIT_MEMLOCK)");
	ok(rl.rlim_cur == 8 << 20 && rl.rlim_max == 8 << 20,
	   "the default is 8 MiB, soft and hard (%lu %lu)",
	   (unsigned long)rl.rlim_cur, (unsigned long)rl.rlim_max);

	pid = must(fork());
	if (pid == 0)
		_exit(limited_user());
	is_exit(wait_for(pid), 0,
		"user %d with 64 KiB: mlock, MAP_LOCKED, mlockall, then a "
		"limit of 0",
		USER);

	pid = must(fork());
	if (pid == 0) {
		a = mmap(NULL, 256 * KIB, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		_exit(a != MAP_FAILED && set_memlock(64 * KIB) == 0 &&
				      mlock(a, 256 * KIB) == 0 ?
			      0 :
			      1);
	}
	is_exit(wait_for(pid), 0, "root locks past the limit");
	return done_testing();
}

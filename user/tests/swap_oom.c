/*
 * swap_oom.c - a process that allocates without bound is stopped, and we
 * survive.
 *
 * A child maps and touches 1 MiB after 1 MiB forever.  RLIMIT_AS caps it
 * at TEST_OOM_CAP_MIB (default 256; 0 = no cap): where RAM and swap hold
 * more than that, mmap fails with ENOMEM at the cap and the child exits 7;
 * where they hold less (the small test machines), the kernel's OOM killer
 * must kill it (SIGKILL), or an mmap fails with ENOMEM first.  All are
 * accepted.  Then the parent must still be able to allocate and fork.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include "tests/tap.h"

#define MIB (1024 * 1024)

static void hog(long cap_mib)
{
	struct rlimit rl;
	char *p;
	long i;

	if (cap_mib > 0) {
		rl.rlim_cur = rl.rlim_max = cap_mib * MIB;
		if (setrlimit(RLIMIT_AS, &rl) != 0)
			_exit(3);
	}
	for (;;) {
		p = mmap(NULL, MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			_exit(errno == ENOMEM ? 7 : 4);
		for (i = 0; i < MIB; i += 4096)
			p[i] = 1;
	}
}

int main(void)
{
	long cap = env_long("TEST_OOM_CAP_MIB", 256);
	int status, ok_status;
	pid_t pid;
	char *p;

	diag("address space cap %ld MiB", cap);
	pid = fork();
	if (pid == 0)
		hog(cap);
	status = wait_for(pid);
	ok_status = (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) ||
		    (WIFEXITED(status) && WEXITSTATUS(status) == 7);
	{
		char got[48];
		tap_status_str(status, got, sizeof(got));
		ok(ok_status, "the hog is killed by SIGKILL or stopped by ENOMEM (%s)", got);
	}

	p = mmap(NULL, 4 * MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ok(p != MAP_FAILED, "the parent can still allocate");
	if (p != MAP_FAILED) {
		memset(p, 0x5a, 4 * MIB);
		ok(p[4 * MIB - 1] == 0x5a, "and use it");
		munmap(p, 4 * MIB);
	}
	pid = fork();
	if (pid == 0)
		_exit(0);
	is_exit(wait_for(pid), 0, "and fork");
	return done_testing();
}

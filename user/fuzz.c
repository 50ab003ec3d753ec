/*
 * fuzz.c - the system call fuzzer (`make fuzz`, docs/testing.md).
 *
 *	fuzz [SECONDS [SEED]]		(also FUZZ_SECS, FUZZ_SEED)
 *	fuzz replay SEED BATCH		print and make one batch's calls
 *	FUZZ_BATCHES=0-70,76:34 fuzz	only these batches of SEED's run
 *
 * Makes random system calls with hostile arguments for SECONDS.  Calls
 * come in batches of BATCH_CALLS, each batch in a child of its own with an
 * alarm, so a call that blocks, or kills, crashes or confuses the caller,
 * ends only that child.  Numbers are drawn from 0..NR_MAX; arguments from
 * a pool that mixes small numbers, -1, huge sizes, kernel addresses,
 * unmapped and misaligned pointers, a valid buffer of random bytes and a
 * path under /tmp.  The few calls that could end or disturb the run itself
 * (exit, fork, execve, reboot, mount, swapoff, settimeofday, ...) are never
 * made, and signals go only to the child's own pid.
 *
 * Every batch's generator is seeded from (SEED, batch number), and the
 * seed is printed first, so `fuzz replay SEED BATCH` repeats a batch call
 * by call, printing each before making it.  To find which calls of a run
 * left the kernel in a bad state (a leak that the check after the run
 * found), FUZZ_BATCHES names the batches to make, each in its child as in
 * a timed run, instead of as many as the time allows: numbers and ranges
 * ("0-70,71,76"), and a batch may stop after its first N calls ("76:34").
 * Halving the list finds the batch, halving N the call.
 * The last line is the summary:
 * `fuzz: N calls in N batches (seed S): N children killed by a signal, N
 * by their alarm, N by the parent's` (a child that blocked or ignored its
 * SIGALRM is killed by the parent after BATCH_ALARM + 1 seconds); the exit
 * status is 0 unless the fuzzer itself failed.
 * The kernel's health is judged by init afterwards (audits, leak check,
 * the system still working), not here.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "say.h"

#define NR_MAX 450		/* past the last i386 call: ENOSYS too */
#define BATCH_CALLS 200
#define BATCH_ALARM 1		/* seconds a batch may take */
#define BUF_SIZE 8192

/* Calls that would end or disturb the run rather than test the kernel. */
static const int banned[] = {
	SYS_exit, SYS_fork, SYS_execve, SYS_mount, SYS_umount, SYS_umount2,
	SYS_ptrace, SYS_settimeofday_time32, SYS_stime, SYS_swapon, SYS_swapoff,
	SYS_reboot, SYS_clone, SYS_vfork, SYS_vhangup, SYS_exit_group,
	SYS_sched_setparam, SYS_sched_setscheduler, SYS_clock_settime32,
	SYS_clock_settime64, SYS_clock_adjtime64,
	SYS_execveat, SYS_clone3, SYS_kexec_load, SYS_pivot_root,
	SYS_chroot, SYS_adjtimex, SYS_clock_adjtime,
};

/* Calls whose first argument is a pid: always our own. */
static const int pid_calls[] = {
	SYS_kill, SYS_tkill, SYS_rt_sigqueueinfo, SYS_setpgid, SYS_pidfd_open,
	SYS_prlimit64,
};

static uint32_t rnd_state;

static uint32_t rnd(void)
{
	uint32_t x = rnd_state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return rnd_state = x ? x : 1;
}

static int in(const int *list, unsigned n, int nr)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (list[i] == nr)
			return 1;
	return 0;
}

#define IN(list, nr) in(list, sizeof(list) / sizeof(list[0]), nr)

static char *buf;		/* BUF_SIZE valid bytes, refilled per batch */
static const char path[] = "/tmp/fuzz-file";

static long hostile_arg(void)
{
	static const uint32_t fixed[] = {
		0, 1, 2, 3, 0xffffffff, 0x7fffffff, 0x80000000, 0xfffff000,
		0xc0000000, 0xc0100000, 0xbffff000, 0xbfffffff, 0x1000,
		0x08048000, 4096, 65536, 0x10000000, 0xdeadbeef,
	};

	switch (rnd() % 8) {
	case 0:
		return fixed[rnd() % (sizeof(fixed) / sizeof(fixed[0]))];
	case 1:
		return rnd() % 64;			/* fds, flags, small sizes */
	case 2:
		return (long)(buf + rnd() % BUF_SIZE);	/* valid, misaligned */
	case 3:
		return (long)buf;
	case 4:
		return (long)path;
	case 5:
		return 0xc0000000u + (rnd() & 0x3ffffffc);	/* the kernel */
	case 6:
		return -(long)(rnd() % 200);		/* -errno-like, -1 */
	default:
		return (long)rnd();
	}
}

struct call {
	long nr, a[6];
};

static void draw(struct call *c)
{
	int i;

	do
		c->nr = rnd() % NR_MAX;
	while (IN(banned, c->nr));
	for (i = 0; i < 6; i++)
		c->a[i] = hostile_arg();
	if (IN(pid_calls, c->nr))
		c->a[0] = getpid();
	if (c->nr == SYS_tgkill)
		c->a[0] = c->a[1] = getpid();
}

static uint32_t batch_seed(uint32_t seed, uint32_t batch)
{
	uint32_t s = seed * 2654435761u ^ (batch + 1) * 40503u;

	return s ? s : 1;
}

/* One batch, in the child: fds 0-2 go to /dev/null so random writes do
 * not reach the console, unless replaying (which prints the calls). */
static void run_batch(uint32_t seed, uint32_t batch, int ncalls, int verbose,
		      volatile uint32_t *done)
{
	struct call c;
	int i, fd;

	rnd_state = batch_seed(seed, batch);
	for (i = 0; i < BUF_SIZE; i++)
		buf[i] = (char)rnd();
	if (!verbose) {
		fd = open("/dev/null", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
			if (fd > 2)
				close(fd);
		}
	}
	alarm(BATCH_ALARM);
	for (i = 0; i < ncalls; i++) {
		draw(&c);
		if (verbose)
			say("fuzz: batch %u call %d: syscall(%ld, %#lx, %#lx, %#lx, %#lx, %#lx, %#lx)\n",
			    batch, i, c.nr, c.a[0], c.a[1], c.a[2], c.a[3],
			    c.a[4], c.a[5]);
		(*done)++;
		syscall(c.nr, c.a[0], c.a[1], c.a[2], c.a[3], c.a[4], c.a[5]);
	}
}

static void on_alarm(int sig)
{
	(void)sig;
}

/*
 * Wait for a batch.  The child's own alarm may be blocked or ignored by
 * then (sigprocmask and sigaction are fuzzed too), so the parent keeps one
 * of its own and ends a late child with SIGKILL.  Only a child that not
 * even SIGKILL ends would keep us here: a kernel hang, for the boot's
 * timeout to report.
 */
static int wait_batch(pid_t pid, unsigned long *killed)
{
	struct sigaction sa;
	int status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;	/* no SA_RESTART: waitpid gets EINTR */
	sigaction(SIGALRM, &sa, NULL);
	alarm(BATCH_ALARM + 1);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			break;
		kill(pid, SIGKILL);
		(*killed)++;
		alarm(BATCH_ALARM + 1);
	}
	alarm(0);
	return status;
}

static long number(const char *s, long def)
{
	return s && *s ? strtol(s, NULL, 0) : def;
}

/* The batches to make, one list item at a time: "N", "N-M" or either
 * with ":CALLS".  Fills [*first, *last] and *ncalls from the item at *s
 * and moves *s past it; 0 at the end of the list, -1 if it is malformed. */
static int next_batches(const char **s, uint32_t *first, uint32_t *last,
			int *ncalls)
{
	char *end;

	if (!**s)
		return 0;
	*first = *last = (uint32_t)strtoul(*s, &end, 10);
	if (end == *s)
		return -1;
	if (*end == '-')
		*last = (uint32_t)strtoul(end + 1, &end, 10);
	*ncalls = BATCH_CALLS;
	if (*end == ':')
		*ncalls = (int)strtol(end + 1, &end, 10);
	if ((*end && *end != ',') || *last < *first || *ncalls < 0 ||
	    *ncalls > BATCH_CALLS)
		return -1;
	*s = *end ? end + 1 : end;
	return 1;
}

struct totals {
	unsigned long calls, batches, signalled, alarmed, killed;
};

/* Make one batch in a child of its own and wait for it; false if no
 * child could be had. */
static bool one_batch(uint32_t seed, uint32_t batch, int ncalls,
		      volatile uint32_t *done, struct totals *t)
{
	pid_t pid;
	int status;

	*done = 0;
	pid = fork();
	if (pid < 0) {
		say("fuzz: fork failed at batch %u\n", batch);
		return false;
	}
	if (pid == 0) {
		run_batch(seed, batch, ncalls, 0, done);
		_exit(0);
	}
	status = wait_batch(pid, &t->killed);
	t->calls += *done;
	t->batches++;
	if (WIFSIGNALED(status)) {
		t->signalled++;
		t->alarmed += WTERMSIG(status) == SIGALRM;
	}
	if (batch % 500 == 0)
		say("fuzz: batch %u, %lu calls so far\n", batch, t->calls);
	return true;
}

/* The batches FUZZ_BATCHES lists; false if the list is malformed or a
 * batch could not be made. */
static bool listed_batches(uint32_t seed, const char *list,
			   volatile uint32_t *done, struct totals *t)
{
	uint32_t first, last, batch;
	int ncalls, more;

	say("fuzz: seed %u, batches %s\n", seed, list);
	while ((more = next_batches(&list, &first, &last, &ncalls)) > 0)
		for (batch = first;; batch++) {
			if (!one_batch(seed, batch, ncalls, done, t))
				return false;
			if (batch == last) /* not <=: last may be the top */
				break;
		}
	if (more < 0)
		say("fuzz: FUZZ_BATCHES: not a list of N, N-M, N:CALLS at \"%s\"\n",
		    list);
	return more == 0;
}

int main(int argc, char **argv)
{
	long secs = number(getenv("FUZZ_SECS"), 60);
	uint32_t seed = (uint32_t)number(getenv("FUZZ_SEED"), 0), batch;
	const char *list = getenv("FUZZ_BATCHES");
	struct totals t = { 0 };
	volatile uint32_t *done;
	time_t end;

	buf = mmap(NULL, BUF_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* Shared with the children: how far a batch got before it died. */
	done = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED || done == MAP_FAILED) {
		say("fuzz: no memory for the buffers\n");
		return 1;
	}
	if (argc == 4 && !strcmp(argv[1], "replay")) {
		run_batch((uint32_t)number(argv[2], 0),
			  (uint32_t)number(argv[3], 0), BATCH_CALLS, 1, done);
		return 0;
	}
	if (argc > 1)
		secs = number(argv[1], secs);
	if (argc > 2)
		seed = (uint32_t)number(argv[2], 0);
	if (!seed)
		seed = (uint32_t)time(NULL) ^ (uint32_t)getpid() << 16;
	if (list && *list) {
		if (!listed_batches(seed, list, done, &t))
			return 1;
	} else {
		say("fuzz: seed %u, %ld seconds, %d calls per batch (replay: fuzz replay %u BATCH)\n",
		    seed, secs, BATCH_CALLS, seed);
		end = time(NULL) + secs;
		for (batch = 0; time(NULL) < end; batch++)
			if (!one_batch(seed, batch, BATCH_CALLS, done, &t))
				return 1;
	}
	unlink(path);
	say("fuzz: %lu calls in %lu batches (seed %u): %lu children killed by a signal, %lu by their alarm, %lu by the parent's\n",
	    t.calls, t.batches, seed, t.signalled, t.alarmed, t.killed);
	return 0;
}

/*
 * affinity.c - CPU affinity: sched_setaffinity, sched_getaffinity and
 * getcpu, as Linux 6.1's i386 ABI answers them.
 *
 * The caller may run on every online CPU; getaffinity writes one unsigned
 * long (cpumask_size() with NR_CPUS up to 32) and returns its size.
 * Pinned to each online CPU in turn, the caller finds itself there:
 * sched_getcpu, getcpu, /proc/self/stat's processor field and
 * /proc/self/status's Cpus_allowed lines all agree.  A child inherits the
 * mask.  Errors: EINVAL for a length too small for the mask or not whole
 * unsigned longs (get) and for a mask with no online CPU (set); EFAULT
 * for a bad pointer; ESRCH for a pid that does not exist; EPERM for
 * another user's task.
 */
#include "tests/tap.h"
#include <sys/syscall.h>

#define BAD_PTR ((void *)1)

static char buf[16384];

static long getaff(pid_t pid, unsigned len, void *mask)
{
	return syscall(SYS_sched_getaffinity, pid, len, mask);
}

static long setaff(pid_t pid, unsigned len, const void *mask)
{
	return syscall(SYS_sched_setaffinity, pid, len, mask);
}

/* The online CPUs: the cpuN lines of /proc/stat, as a mask. */
static unsigned long online_mask(void)
{
	unsigned long mask = 0;
	const char *p = buf;
	int cpu;

	if (!read_proc("/proc/stat", buf, sizeof(buf)))
		return 0;
	while ((p = strstr(p, "\ncpu"))) {
		p += 4;
		if (sscanf(p, "%d ", &cpu) == 1 && cpu >= 0 && cpu < 32)
			mask |= 1ul << cpu;
	}
	return mask;
}

/* Field 39 (processor) of /proc/self/stat, -1 if unreadable. */
static int stat_processor(void)
{
	char *p;
	int i;

	if (!read_proc("/proc/self/stat", buf, sizeof(buf)))
		return -1;
	p = strrchr(buf, ')'); /* the name may hold spaces */
	for (i = 2; p && i < 39; i++)
		p = strchr(p + 1, ' ');
	return p ? atoi(p + 1) : -1;
}

/* Cpus_allowed (hex) and Cpus_allowed_list ("0-1,3") of /proc/self/status
 * as masks; 0 when missing. */
static void status_masks(unsigned long *hex, unsigned long *list)
{
	char *p;
	int a, b, n;

	*hex = *list = 0;
	if (!read_proc("/proc/self/status", buf, sizeof(buf)))
		return;
	p = strstr(buf, "Cpus_allowed:\t");
	if (p)
		*hex = strtoul(p + 14, NULL, 16);
	p = strstr(buf, "Cpus_allowed_list:\t");
	if (!p)
		return;
	p += 19;
	while (sscanf(p, "%d%n", &a, &n) == 1) {
		p += n;
		b = a;
		if (*p == '-' && sscanf(p + 1, "%d%n", &b, &n) == 1)
			p += 1 + n;
		while (a <= b && a < 32)
			*list |= 1ul << a++;
		if (*p != ',')
			break;
		p++;
	}
}

static int getcpu_syscall(void)
{
	unsigned cpu = ~0u, node = ~0u;

	if (syscall(SYS_getcpu, &cpu, &node, NULL) || node != 0)
		return -1;
	return (int)cpu;
}

static void pin_to_each_cpu(unsigned long online)
{
	unsigned long mask, got, hex, list;
	int cpu;

	for (cpu = 0; cpu < 32; cpu++) {
		if (!(online & (1ul << cpu)))
			continue;
		mask = 1ul << cpu;
		ok_sys(setaff(0, sizeof(mask), &mask), "pin to CPU %d", cpu);
		got = 0;
		getaff(0, sizeof(got), &got);
		is(got, mask, "getaffinity answers CPU %d alone", cpu);
		is(sched_getcpu(), cpu, "sched_getcpu: CPU %d", cpu);
		is(getcpu_syscall(), cpu, "getcpu: CPU %d, node 0", cpu);
		is(stat_processor(), cpu, "/proc/self/stat processor: %d", cpu);
		status_masks(&hex, &list);
		is(hex, mask, "Cpus_allowed shows CPU %d", cpu);
		is(list, mask, "Cpus_allowed_list shows CPU %d", cpu);
	}
}

/* A child of a task pinned to CPU cpu starts with the same mask and on
 * that CPU. */
static void fork_inherits(int cpu)
{
	unsigned long mask = 1ul << cpu, got;
	int status;
	pid_t pid;

	setaff(0, sizeof(mask), &mask);
	pid = must(fork());
	if (pid == 0) {
		got = 0;
		if (getaff(0, sizeof(got), &got) != sizeof(got) || got != mask)
			_exit(1);
		_exit(sched_getcpu() == cpu ? 0 : 2);
	}
	must(waitpid(pid, &status, 0));
	is_exit(status, 0, "a child inherits the mask (CPU %d) and runs there",
		cpu);
}

/* Another user's task: EPERM; its own: allowed. */
static void other_user(pid_t root_task, unsigned long online)
{
	int status;
	pid_t pid = must(fork());

	if (pid == 0) {
		unsigned long mask = online;

		if (setuid(65534))
			_exit(3);
		if (setaff(root_task, sizeof(mask), &mask) != -1 ||
		    errno != EPERM)
			_exit(1);
		if (getaff(root_task, sizeof(mask), &mask) != sizeof(mask))
			_exit(2);
		_exit(setaff(0, sizeof(mask), &mask) ? 4 : 0);
	}
	must(waitpid(pid, &status, 0));
	is_exit(status, 0,
		"as another user: EPERM on root's task, get allowed, set own");
}

/* A pid that no task has: a reaped child's. */
static pid_t dead_pid(void)
{
	pid_t pid = must(fork());

	if (pid == 0)
		_exit(0);
	must(waitpid(pid, NULL, 0));
	return pid;
}

static void errors(unsigned long online)
{
	unsigned long mask = online, big[4];
	pid_t gone = dead_pid();

	is_errno(getaff(0, 0, &mask), EINVAL, "get: length 0 is EINVAL");
	is_errno(getaff(0, 2, &mask), EINVAL, "get: 2 bytes is EINVAL");
	is_errno(getaff(0, 6, big), EINVAL, "get: 6 bytes is EINVAL");
	is_errno(getaff(0, sizeof(mask), BAD_PTR), EFAULT, "get: EFAULT");
	is_errno(getaff(gone, sizeof(mask), &mask), ESRCH, "get: ESRCH");
	is_errno(setaff(0, sizeof(mask), BAD_PTR), EFAULT, "set: EFAULT");
	is_errno(setaff(gone, sizeof(mask), &mask), ESRCH, "set: ESRCH");
	mask = 0;
	is_errno(setaff(0, sizeof(mask), &mask), EINVAL, "set: empty mask");
	is_errno(setaff(0, 0, &mask), EINVAL, "set: length 0, no CPU");
	mask = 1ul << 31;
	is_errno(setaff(0, sizeof(mask), &mask), EINVAL,
		 "set: only a CPU that does not exist");
	is_errno(syscall(SYS_getcpu, BAD_PTR, NULL, NULL), EFAULT,
		 "getcpu: EFAULT");
	is_errno(syscall(SYS_getcpu, NULL, BAD_PTR, NULL), EFAULT,
		 "getcpu: node EFAULT");
	is(syscall(SYS_getcpu, NULL, NULL, NULL), 0, "getcpu: NULL, NULL");
}

int main(void)
{
	unsigned long online = online_mask(), mask, all = ~0ul, hex, list;
	unsigned char big[64];
	int ncpus = __builtin_popcountl(online), last;

	ok(online & 1, "/proc/stat lists CPU 0 (%d CPUs online)", ncpus);
	is(getaff(0, sizeof(mask), &mask), sizeof(mask),
	   "getaffinity writes one unsigned long");
	is(mask, online, "the mask is every online CPU");
	is(sysconf(_SC_NPROCESSORS_ONLN), ncpus, "sysconf counts them");
	memset(big, 0xaa, sizeof(big));
	is(getaff(getpid(), sizeof(big), big), sizeof(mask),
	   "a longer buffer: still one unsigned long, by pid");
	is(big[sizeof(mask)], 0xaa, "and nothing after it written");
	status_masks(&hex, &list);
	is(hex, online, "Cpus_allowed: every CPU");
	is(list, online, "Cpus_allowed_list: every CPU");

	errors(online);
	other_user(getpid(), online);

	pin_to_each_cpu(online);
	last = 31 - __builtin_clzl(online);
	fork_inherits(last);

	mask = 1;
	is(setaff(0, 1, &mask), 0, "a 1-byte mask is zero-extended");
	getaff(0, sizeof(mask), &mask);
	is(mask, 1ul, "... to CPU 0 alone");
	is(setaff(0, sizeof(all), &all), 0, "all bits set: allowed");
	getaff(0, sizeof(mask), &mask);
	is(mask, online, "getaffinity shows only the online ones");
	return done_testing();
}

/*
 * proc_stat.c - /proc/stat's CPU lines, in Linux 6.1's format.
 *
 * "cpu " then a "cpuN" line per online CPU, N from 0 in order, as many as
 * sysconf(_SC_NPROCESSORS_ONLN) and /proc/cpuinfo count, each with ten
 * tick counts (user nice system idle iowait irq softirq steal guest
 * guest_nice).  The cpu line is the per-CPU lines' sum: Linux adds them up
 * and rounds each, and a tick may come between, so a few ticks per CPU
 * either way.  Every online CPU ticks: each line's total grows while the
 * test, pinned to one CPU, spins in user mode until that CPU's user column
 * has grown.  The other lines Linux has (intr, ctxt, btime, processes,
 * procs_running, procs_blocked) are there; no count goes down.
 */
#include "tests/tap.h"
#include <time.h>

#define NCOLS 10
#define MAX_CPUS 32
#define SPIN_TICKS 5

struct cpustat {
	int ncpus; /* cpuN lines */
	int cols_ok; /* every line had NCOLS counts */
	unsigned long long all[NCOLS];
	unsigned long long cpu[MAX_CPUS][NCOLS];
};

static char buf[65536];

static int parse_counts(const char *p, unsigned long long *v)
{
	int i, n;

	for (i = 0; i < NCOLS; i++) {
		if (sscanf(p, " %llu%n", &v[i], &n) != 1)
			return 0;
		p += n;
	}
	return *p == '\n';
}

static int read_stat(struct cpustat *s)
{
	char *p;
	int cpu, n;

	memset(s, 0, sizeof(*s));
	if (!read_proc("/proc/stat", buf, sizeof(buf)) ||
	    strncmp(buf, "cpu  ", 5))
		return 0;
	s->cols_ok = parse_counts(buf + 3, s->all);
	for (p = strchr(buf, '\n'); p && !strncmp(p + 1, "cpu", 3);
	     p = strchr(p + 1, '\n')) {
		if (sscanf(p + 4, "%d%n", &cpu, &n) != 1 || cpu != s->ncpus ||
		    cpu >= MAX_CPUS)
			return 0;
		s->cols_ok &= parse_counts(p + 4 + n, s->cpu[cpu]);
		s->ncpus++;
	}
	return 1;
}

static unsigned long long total(const unsigned long long *v)
{
	unsigned long long t = 0;
	int i;

	for (i = 0; i < NCOLS; i++)
		t += v[i];
	return t;
}

static int cpuinfo_count(void)
{
	const char *p = buf;
	int n = 0;

	if (!read_proc("/proc/cpuinfo", buf, sizeof(buf)))
		return -1;
	while ((p = strstr(p, "processor\t: "))) {
		n++;
		p++;
	}
	return n;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Pinned to one CPU, spin in user mode until its user column has grown
 * by SPIN_TICKS (at most 5 s); the CPU, or -1. */
static int spin_on_one_cpu(struct cpustat *before, struct cpustat *after)
{
	int cpu = sched_getcpu();
	cpu_set_t set;
	double end = now() + 5;
	volatile unsigned long spin = 0;
	int i;

	if (cpu < 0 || cpu >= MAX_CPUS)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || !read_stat(before))
		return -1;
	do {
		for (i = 0; i < 1000000; i++)
			spin++;
		if (!read_stat(after))
			return -1;
	} while (after->cpu[cpu][0] < before->cpu[cpu][0] + SPIN_TICKS &&
		 now() < end);
	return cpu;
}

int main(void)
{
	static struct cpustat s0, s1;
	int cpu, i, bad = 0, grew = 0, ncpus;
	long tolerance;

	if (!ok(read_stat(&s0),
		"/proc/stat starts with \"cpu  \", then cpu0.."))
		return done_testing();
	ncpus = s0.ncpus;
	ok(s0.cols_ok, "every cpu line has ten counts");
	is(ncpus, sysconf(_SC_NPROCESSORS_ONLN), "a cpuN line per online CPU");
	is(cpuinfo_count(), ncpus, "as many as /proc/cpuinfo's entries");
	ok(read_proc("/proc/stat", buf, sizeof(buf)) &&
		   strstr(buf, "\nintr ") && strstr(buf, "\nctxt ") &&
		   strstr(buf, "\nbtime ") && strstr(buf, "\nprocesses ") &&
		   strstr(buf, "\nprocs_running ") &&
		   strstr(buf, "\nprocs_blocked "),
	   "intr, ctxt, btime, processes, procs_running, procs_blocked");

	tolerance = 2 * ncpus + 2;
	for (i = 0; i < NCOLS; i++) {
		unsigned long long sum = 0;

		for (cpu = 0; cpu < ncpus; cpu++)
			sum += s0.cpu[cpu][i];
		if (llabs((long long)(sum - s0.all[i])) > tolerance) {
			diag("column %d: cpu line %llu, lines sum to %llu", i,
			     s0.all[i], sum);
			bad++;
		}
	}
	is(bad, 0, "the cpu line is the per-CPU sum (within %ld ticks)",
	   tolerance);

	cpu = spin_on_one_cpu(&s0, &s1);
	if (!ok(cpu >= 0, "spun in user mode pinned to a CPU (%d)", cpu))
		return done_testing();
	ok(s1.cpu[cpu][0] >= s0.cpu[cpu][0] + SPIN_TICKS,
	   "that CPU's user column grew (%llu -> %llu)", s0.cpu[cpu][0],
	   s1.cpu[cpu][0]);
	for (i = 0; i < ncpus; i++)
		grew += total(s1.cpu[i]) > total(s0.cpu[i]);
	is(grew, ncpus, "every online CPU ticked meanwhile");
	bad = 0;
	for (i = 0; i < NCOLS; i++) {
		bad += s1.all[i] < s0.all[i];
		for (cpu = 0; cpu < ncpus; cpu++)
			bad += s1.cpu[cpu][i] < s0.cpu[cpu][i];
	}
	is(bad, 0, "no count went down");
	return done_testing();
}

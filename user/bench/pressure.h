/*
 * pressure.h - the measured phases of the reclaim benchmarks
 * (pressure_anon, pressure_file, pressure_mixed; docs/bench.md).
 *
 * Their sizes are fractions of MemTotal (BENCH_PRESSURE_PCT, default 125:
 * 1.25 times RAM), so one command line asks every kernel for the same
 * pressure whatever it keeps for itself.  A phase is the work between
 * phase_begin() and phase_end(); phase_end() prints, as
 * "bench NAME PHASE_METRIC VALUE":
 *
 *   ticks         rdtsc: guest instructions under -icount shift=0
 *   ms            CLOCK_MONOTONIC: wall time in a run without -icount
 *                 (under -icount it is virtual time, which counts the
 *                 guest's instructions and its idle time alike)
 *   pswpout/in    pages written to and read from swap (/proc/vmstat)
 *   swap_ra, swap_ra_hit  pages swap readahead read, and those a fault
 *                 then used (/proc/vmstat; Linux has them too)
 *   write_reqs    write requests completed on the swap disk, and
 *   pages_per_write_x100  the pages they carried on average, times 100
 *                 (/proc/diskstats, the line of TEST_SWAP_DEV's numbers;
 *                 a kernel without it prints neither, and the table
 *                 shows "-")
 *   read_reqs, kib_per_read, data_write_reqs, kib_per_write
 *                 for a phase begun with phase_begin_on(..., dev): the
 *                 requests completed on the file system's disk dev and
 *                 their average size
 *   pgpgin/out    KiB read from and written to any disk (/proc/vmstat)
 *   pgsteal_file/anon  pages reclaim freed, of files and anonymous
 *   busy_ticks    ticks less the share of them the CPU spent halted:
 *                 the guest instructions the phase executed, whatever
 *                 the host's disk did meanwhile.  The idle time comes
 *                 from /proc/timer_list where the kernel keeps it to the
 *                 nanosecond (Mapback; Linux only when built to stop
 *                 its tick in idle: idle_calls > 0), else from the idle
 *                 ticks of /proc/stat, as coarse as the kernel's tick.
 *                 With several CPUs, the least halted CPU's share: a
 *                 lower bound (phase_print_busy)
 *   idle_pct      that halted share, in percent
 *   cpus, cpu_ticks, cpuN_idle_pct  with several CPUs: how many, the
 *                 ticks each CPU was not halted summed over them (an
 *                 upper bound of the instructions), and each one's
 *                 halted share
 *   sys_pct       the kernel's share of the reaped children's CPU time
 *                 (phase_print_sys)
 *
 * Without a swap area (no TEST_SWAP_DEV, swapon failed) the benchmarks
 * still run: the kernel then reclaims only clean file pages.
 */
#ifndef PRESSURE_H
#define PRESSURE_H

#include <ctype.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "bench/bench.h"

/* A disk's completed requests and sectors (pressure_diskstats). */
struct disk_io {
	long long reads, rsectors, writes, wsectors;
};

#define PHASE_MAX_CPUS 8

/* Each CPU's time: all of it and the part it spent halted. */
struct cpu_times {
	int n;			/* CPUs found; 0: the file has none */
	long long all[PHASE_MAX_CPUS], idle[PHASE_MAX_CPUS];
};

struct phase {
	const char *bench, *name;
	uint64_t ticks;
	long long ms;
	struct bench_counters vm;
	struct disk_io swap;		/* TEST_SWAP_DEV's I/O */
	const char *data_dev;		/* a file system's disk, or NULL */
	struct disk_io data;
	struct cpu_times stat;		/* /proc/stat, in jiffies */
	struct cpu_times halted;	/* /proc/timer_list, in ns */
	long long now_ns, calls;	/* -1: no /proc/timer_list */
	struct rusage ru;		/* RUSAGE_CHILDREN */
};

/* MemTotal in bytes (exits when /proc/meminfo has none). */
static inline size_t pressure_memtotal(const char *bench)
{
	static char buf[2048];
	char *p;

	if (bench_slurp("/proc/meminfo", buf, sizeof(buf)) < 0 ||
	    !(p = strstr(buf, "MemTotal:")))
		bench_fail(bench, "MemTotal in /proc/meminfo");
	return (size_t)strtol(p + strlen("MemTotal:"), NULL, 10) * 1024;
}

/* BENCH_PRESSURE_PCT percent of MemTotal, whole pages. */
static inline size_t pressure_bytes(const char *bench)
{
	long pct = bench_env("BENCH_PRESSURE_PCT", 125);
	unsigned long long len = (unsigned long long)pressure_memtotal(bench) *
				 pct / 100;

	return (size_t)(len & ~(unsigned long long)(PAGE_SIZE - 1));
}

static inline long long pressure_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * The completed reads and writes of the disk the device node dev names,
 * and their sectors: fields 4, 6, 8 and 10 of its /proc/diskstats line,
 * found by the node's device numbers (the kernels name disks apart:
 * Linux's sda is Mapback's hdb).  All -1 when there is no such node or
 * no such line.
 */
static inline void pressure_diskstats(const char *dev, struct disk_io *io)
{
	static char buf[8192];
	unsigned int major, minor;
	long long f[7];
	struct stat st;
	char *line;

	io->reads = io->rsectors = io->writes = io->wsectors = -1;
	if (!dev || stat(dev, &st) < 0 ||
	    bench_slurp("/proc/diskstats", buf, sizeof(buf)) < 0)
		return;
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		if (sscanf(line, " %u %u %*s %lld %lld %lld %lld %lld %lld %lld",
			   &major, &minor, &f[0], &f[1], &f[2], &f[3], &f[4],
			   &f[5], &f[6]) != 9)
			continue;
		if (major == major(st.st_rdev) && minor == minor(st.st_rdev)) {
			io->reads = f[0];
			io->rsectors = f[2];
			io->writes = f[4];
			io->wsectors = f[6];
		}
	}
}

/* All jiffies of each "cpuN" line of /proc/stat, and the idle ones. */
static inline void pressure_cpu(struct cpu_times *t)
{
	static char buf[8192];
	long long f[8];
	char *line;
	int i, n, cpu;

	t->n = 0;
	if (bench_slurp("/proc/stat", buf, sizeof(buf)) < 0)
		return;
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		memset(f, 0, sizeof(f));
		n = sscanf(line, "cpu%d %lld %lld %lld %lld %lld %lld %lld %lld",
			   &cpu, &f[0], &f[1], &f[2], &f[3], &f[4], &f[5],
			   &f[6], &f[7]);
		if (!isdigit((unsigned char)line[3]) || n < 5 || cpu != t->n ||
		    cpu >= PHASE_MAX_CPUS)
			continue;
		t->all[cpu] = 0;
		for (i = 0; i < n - 1; i++)
			t->all[cpu] += f[i];
		/* idle and iowait are both time the CPU had nothing to run. */
		t->idle[cpu] = f[3] + f[4];
		t->n++;
	}
}

/* One "cpu: N" section's idle fields: 0 when they are all there. */
static inline int pressure_idle_cpu(char *sec, long long *calls,
				    long long *idle_ns)
{
	long long idle, iowait;
	char *c = strstr(sec, ".idle_calls"), *q = strstr(sec, ".idle_sleeptime"),
	     *r = strstr(sec, ".iowait_sleeptime");

	if (!c || !q || !r ||
	    sscanf(c + strcspn(c, ":"), ": %lld", calls) != 1 ||
	    sscanf(q + strcspn(q, ":"), ": %lld", &idle) != 1 ||
	    sscanf(r + strcspn(r, ":"), ": %lld", &iowait) != 1)
		return -1;
	*idle_ns = idle + iowait;
	return 0;
}

/*
 * The clock and each CPU's idle time in nanoseconds, from
 * /proc/timer_list: "now at N nsecs", then a "cpu: N" section per CPU
 * with its idle_calls (halts so far), idle_sleeptime and
 * iowait_sleeptime (the CPU halted, with or without a task waiting for
 * I/O).  t->n is 0 and *now_ns -1 when the file has none of them;
 * *calls is the halts of every CPU.
 */
static inline void pressure_idle(long long *now_ns, struct cpu_times *t,
				 long long *calls)
{
	static char buf[65536];
	char *p, *sec, *next;
	long long c;

	*now_ns = *calls = -1;
	t->n = 0;
	if (bench_slurp("/proc/timer_list", buf, sizeof(buf)) < 0 ||
	    !(p = strstr(buf, "now at ")))
		return;
	*now_ns = strtoll(p + strlen("now at "), NULL, 10);
	for (sec = strstr(buf, "\ncpu: "); sec && t->n < PHASE_MAX_CPUS;
	     sec = next) {
		next = strstr(sec + 1, "\ncpu: ");
		if (next)
			*next = '\0';
		if (pressure_idle_cpu(sec, &c, &t->idle[t->n]) == 0) {
			*calls = (*calls < 0 ? 0 : *calls) + c;
			t->all[t->n++] = *now_ns;
		}
		if (next)
			*next = '\n';
	}
	if (t->n == 0)
		*now_ns = -1;
}

/* Begin a phase; dev, when not NULL, is the disk of the file system the
 * phase reads or writes, whose requests phase_end reports. */
static inline void phase_begin_on(struct phase *p, const char *bench,
				  const char *name, const char *dev)
{
	p->bench = bench;
	p->name = name;
	p->data_dev = dev;
	bench_snapshot(&p->vm);
	pressure_diskstats(getenv("TEST_SWAP_DEV"), &p->swap);
	pressure_diskstats(p->data_dev, &p->data);
	pressure_cpu(&p->stat);
	pressure_idle(&p->now_ns, &p->halted, &p->calls);
	if (getrusage(RUSAGE_CHILDREN, &p->ru) < 0)
		memset(&p->ru, 0, sizeof(p->ru));
	p->ms = pressure_ms();
	p->ticks = bench_rdtsc();
}

static inline void phase_begin(struct phase *p, const char *bench,
			       const char *name)
{
	phase_begin_on(p, bench, name, NULL);
}

static inline void phase_print(const struct phase *p, const char *metric,
			       long long value)
{
	char m[48];

	snprintf(m, sizeof(m), "%s_%s", p->name, metric);
	bench_print(p->bench, m, value);
}

/*
 * The file system disk's requests in the phase, and the KiB each carried
 * on average: the figure that says whether readahead and writeback built
 * big requests.
 */
static inline void phase_print_data(const struct phase *p,
				    const struct disk_io *io)
{
	if (io->reads < 0 || p->data.reads < 0)
		return;
	phase_print(p, "read_reqs", io->reads - p->data.reads);
	if (io->reads > p->data.reads)
		phase_print(p, "kib_per_read",
			    (io->rsectors - p->data.rsectors) / 2 /
				    (io->reads - p->data.reads));
	phase_print(p, "data_write_reqs", io->writes - p->data.writes);
	if (io->writes > p->data.writes)
		phase_print(p, "kib_per_write",
			    (io->wsectors - p->data.wsectors) / 2 /
				    (io->writes - p->data.writes));
}

/*
 * Each CPU's halted share of the phase into h[]; returns the CPUs, 0 when
 * the kernel reports no idle time.  The halted share of the clock is the
 * halted share of the ticks: under -icount both are the same virtual
 * time.  A kernel that has never counted a halt (idle_calls 0: Linux
 * built with CONFIG_HZ_PERIODIC prints the fields but never adds to
 * them) has its idle time only in /proc/stat.  (Mapback may not have
 * halted yet when the first phase begins: under -icount it boots in less
 * than a tick.)
 */
static inline int phase_halted(const struct phase *p,
			       const struct cpu_times *stat,
			       const struct cpu_times *halted, long long now_ns,
			       long long calls, double *h)
{
	const struct cpu_times *a = &p->halted, *b = halted;
	int i;

	if (now_ns <= p->now_ns || p->now_ns < 0 || calls <= 0 ||
	    a->n != b->n) {
		a = &p->stat;
		b = stat;
		if (a->n != b->n)
			return 0;
	}
	for (i = 0; i < b->n; i++) {
		if (b->all[i] <= a->all[i])
			return 0;
		h[i] = (double)(b->idle[i] - a->idle[i]) /
		       (double)(b->all[i] - a->all[i]);
	}
	return b->n;
}

/*
 * The busy figures of a phase of `ticks` whose CPUs were halted the
 * shares h[0..n-1] of it.  Under -icount every CPU reads one clock, the
 * instructions of all CPUs together (QEMU runs them one at a time), and
 * it stops only when every CPU is halted.  So the phase executed its
 * ticks less the time all CPUs were halted together: at least
 * busy_ticks, the ticks less the least halted CPU's share, and at most
 * cpu_ticks, every CPU's ticks less its own halted time, summed (the CPU
 * time, which counts a CPU waiting for its turn in the emulator as
 * busy).  With one CPU both are the same figure.
 */
static inline void phase_print_busy(const struct phase *p, uint64_t ticks,
				    const double *h, int n)
{
	double least = 1.0, cpu = 0;
	char m[16];
	int i;

	for (i = 0; i < n; i++) {
		least = h[i] < least ? h[i] : least;
		cpu += 1.0 - h[i];
	}
	phase_print(p, "busy_ticks", (long long)((double)ticks * (1.0 - least)));
	phase_print(p, "idle_pct", (long long)(least * 100.0));
	if (n < 2)
		return;
	phase_print(p, "cpus", n);
	phase_print(p, "cpu_ticks", (long long)((double)ticks * cpu));
	for (i = 0; i < n; i++) {
		snprintf(m, sizeof(m), "cpu%d_idle_pct", i);
		phase_print(p, m, (long long)(h[i] * 100.0));
	}
}

/*
 * The kernel's share of the CPU time of the processes the phase reaped
 * (getrusage's RUSAGE_CHILDREN: system over user and system), in percent:
 * the part that a big kernel lock runs on one CPU at a time.  Both
 * kernels charge it by the tick (10 ms on Mapback, 4 on Linux), so only a
 * phase of many ticks says much.
 */
static inline void phase_print_sys(const struct phase *p)
{
	struct rusage ru;
	long long user, sys;

	if (getrusage(RUSAGE_CHILDREN, &ru) < 0)
		return;
	user = (ru.ru_utime.tv_sec - p->ru.ru_utime.tv_sec) * 1000000LL +
	       ru.ru_utime.tv_usec - p->ru.ru_utime.tv_usec;
	sys = (ru.ru_stime.tv_sec - p->ru.ru_stime.tv_sec) * 1000000LL +
	      ru.ru_stime.tv_usec - p->ru.ru_stime.tv_usec;
	if (user + sys > 0)
		phase_print(p, "sys_pct", sys * 100 / (user + sys));
}

static inline void phase_end(struct phase *p)
{
	uint64_t ticks = bench_rdtsc();
	long long ms = pressure_ms(), now_ns, calls;
	struct cpu_times stat, halted;
	struct disk_io swap, data;
	double h[PHASE_MAX_CPUS];
	struct bench_counters after;
	char prefix[32];
	int n;

	pressure_idle(&now_ns, &halted, &calls);
	bench_snapshot(&after);
	pressure_diskstats(getenv("TEST_SWAP_DEV"), &swap);
	pressure_diskstats(p->data_dev, &data);
	pressure_cpu(&stat);
	phase_print(p, "ticks", (long long)(ticks - p->ticks));
	n = phase_halted(p, &stat, &halted, now_ns, calls, h);
	if (n > 0)
		phase_print_busy(p, ticks - p->ticks, h, n);
	phase_print_sys(p);
	phase_print(p, "ms", ms - p->ms);
	snprintf(prefix, sizeof(prefix), "%s_", p->name);
	bench_print_delta(p->bench, prefix,
			  "pswpout pswpin swap_ra swap_ra_hit pgpgin pgpgout "
			  "pgsteal_file pgsteal_anon",
			  &p->vm, &after);
	if (swap.writes >= 0 && p->swap.writes >= 0) {
		phase_print(p, "write_reqs", swap.writes - p->swap.writes);
		if (swap.writes > p->swap.writes)
			phase_print(p, "pages_per_write_x100",
				    (swap.wsectors - p->swap.wsectors) * 100 /
					    8 / (swap.writes - p->swap.writes));
	}
	phase_print_data(p, &data);
}

/* The word stamped at the start of page i of an object (seed tells the
 * objects apart), so a page that comes back wrong is caught. */
static inline uint32_t pressure_stamp(uint32_t seed, size_t i)
{
	return seed * 0x9e3779b1u ^ (uint32_t)i * 2654435761u;
}

#endif

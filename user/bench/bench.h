/*
 * bench.h - shared helpers for the benchmark programs in user/bench.
 *
 * A benchmark reads the time stamp counter around the work it measures and
 * prints one line per figure on fd 1:
 *
 *     bench NAME METRIC VALUE
 *
 * which tools/run-bench.sh collects from each boot into one table.  Under
 * `qemu -icount shift=0` one TSC tick is one guest instruction, user and
 * kernel alike, so the figures count work, not time, and repeat exactly.
 *
 * It also prints the change in the kernel's own counters across the work:
 * "name value" lines of /proc/vmstat (Mapback's has the reverse-map
 * counters of /proc/rmap too), and the pte_chain objects in /proc/slabinfo.
 * A counter the kernel does not have (Linux has no rmap_* lines, nor a
 * pte_chain cache) prints nothing.
 *
 * Output goes straight to fd 1 with say() (user/say.h), so no stdio buffer
 * is copied by fork.  Sizes come from BENCH_* variables.
 */
#ifndef BENCH_H
#define BENCH_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/wait.h>

#include "say.h"

#define PAGE_SIZE 4096
#define HWCAP_TSC (1u << 4)	/* CPUID leaf 1 EDX */
#define MIB (1024 * 1024)
#define BENCH_MAX_COUNTERS 64

/*
 * The time stamp counter.  A 386 or 486 has none, so the benchmark stops
 * there with a message rather than die of SIGILL; AT_HWCAP is CPUID's
 * feature word.  noinline and the name are what lets tools/check-386.sh
 * accept its rdtsc.
 */
static __attribute__((noinline)) uint64_t bench_rdtsc(void)
{
	uint32_t lo, hi;

	if (!(getauxval(AT_HWCAP) & HWCAP_TSC)) {
		say("bench: this CPU has no time stamp counter\n");
		exit(1);
	}
	asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

static inline void bench_print(const char *name, const char *metric,
			       long long value)
{
	say("bench %s %s %lld\n", name, metric, value);
}

/* Give up on the whole benchmark: init reports the exit status. */
static inline void bench_fail(const char *name, const char *what)
{
	say("bench %s: %s: %s\n", name, what, strerror(errno));
	exit(1);
}

/* A number from the environment (e.g. BENCH_FORK_MIB), else def. */
static inline long bench_env(const char *var, long def)
{
	const char *s = getenv(var);

	return s && *s ? strtol(s, NULL, 0) : def;
}

/* Wait for one child; 0 when it exited with status 0. */
static inline int bench_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return status == 0 ? 0 : -1;
}

/* Touch every page of [p, p + len) with a write. */
static inline void bench_touch(char *p, size_t len)
{
	size_t off;

	for (off = 0; off < len; off += PAGE_SIZE)
		p[off] = (char)(off >> 12);
}

/* Read every page of [p, p + len); the sum keeps the reads. */
static inline unsigned int bench_read(const volatile char *p, size_t len)
{
	unsigned int sum = 0;
	size_t off;

	for (off = 0; off < len; off += PAGE_SIZE)
		sum += p[off];
	return sum;
}

/*
 * Fork n children that each run child(arg, i, ready, go), i counting them
 * from 0: it must write one byte to ready when set up, wait until read(go)
 * returns 0, and _exit.
 * Returns once every child is ready; the caller closes *go_w to let them
 * go and reaps pids[].
 */
static inline void bench_spawn(const char *name, long n, pid_t *pids,
			       void (*child)(void *arg, long i, int ready,
					     int go),
			       void *arg, int *go_w)
{
	int ready[2], go[2];
	long i;
	char c;

	if (pipe(ready) < 0 || pipe(go) < 0)
		bench_fail(name, "pipe");
	for (i = 0; i < n; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			bench_fail(name, "fork");
		if (pids[i] == 0) {
			close(ready[0]);
			close(go[1]);
			child(arg, i, ready[1], go[0]);
			_exit(6);
		}
	}
	close(ready[1]);
	close(go[0]);
	for (i = 0; i < n; i++) {
		if (read(ready[0], &c, 1) != 1)
			bench_fail(name, "a child died");
	}
	close(ready[0]);
	*go_w = go[1];
}

/* ---- the kernel's counters ---- */

struct bench_counter {
	char name[32];
	long long value;
};

struct bench_counters {
	int n;
	struct bench_counter c[BENCH_MAX_COUNTERS];
};

/* Does the space-separated list hold name as a whole word? */
static inline int bench_listed(const char *list, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = strstr(list, name); p; p = strstr(p + 1, name)) {
		if ((p == list || p[-1] == ' ') && (p[len] == ' ' || !p[len]))
			return 1;
	}
	return 0;
}

/* Every counter any benchmark reports; a snapshot keeps only these. */
#define BENCH_COUNTERS "pgfault pgscan pgsteal pswpin pswpout " \
	"rmap_pte_chains rmap_ptes_visited rmap_vmas_scanned " \
	"rmap_referenced_calls rmap_unmap_calls rmap_pages_unmapped " \
	"rmap_anon_vmas rmap_walk_ticks nr_page_table_pages slab_pte_chain " \
	"slab_anon_vma " \
	"slab_anon_vma_chain swap_ra swap_ra_hit pgpgin pgpgout " \
	"pgsteal_file pgsteal_anon pgtable_maps pgtable_maps_high " \
	"bkl_contended bkl_spin_ms bkl_sleeps nr_tlb_remote_flush " \
	"exit_zap_unlocked exit_zap_left"

static inline void bench_add(struct bench_counters *s, const char *name,
			     long long value)
{
	if (s->n >= BENCH_MAX_COUNTERS || !bench_listed(BENCH_COUNTERS, name))
		return;
	snprintf(s->c[s->n].name, sizeof(s->c[s->n].name), "%s", name);
	s->c[s->n].value = value;
	s->n++;
}

/* A whole /proc file into buf (NUL-terminated); -1 when it is missing. */
static inline int bench_slurp(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY), len = 0, n;

	if (fd < 0)
		return -1;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

/*
 * /proc/vmstat is "name value" lines; a /proc/slabinfo line starts with
 * the cache's name and its active objects, so the pte_chain line reads the
 * same way once named slab_pte_chain.
 */
static inline void bench_read_proc(struct bench_counters *s, const char *path,
				   const char *prefix)
{
	static char buf[16384];
	char name[32], field[32];
	long long v;
	char *line;

	if (bench_slurp(path, buf, sizeof(buf)) < 0)
		return;
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		if (sscanf(line, "%31s %lld", field, &v) != 2)
			continue;
		snprintf(name, sizeof(name), "%s%s", prefix, field);
		bench_add(s, name, v);
	}
}

static inline void bench_snapshot(struct bench_counters *s)
{
	s->n = 0;
	bench_read_proc(s, "/proc/vmstat", "");
	bench_read_proc(s, "/proc/slabinfo", "slab_");
}

/*
 * For each counter in the list that both snapshots have, print
 * after - before as "bench NAME PREFIXCOUNTER VALUE".  For counters that
 * only go up that is the work done in between; for gauges (pte_chains,
 * page table pages) the memory held at the second snapshot.
 */
static inline void bench_print_delta(const char *name, const char *prefix,
				     const char *list,
				     const struct bench_counters *before,
				     const struct bench_counters *after)
{
	char metric[48];
	int i, j;

	for (i = 0; i < after->n; i++) {
		if (!bench_listed(list, after->c[i].name))
			continue;
		for (j = 0; j < before->n; j++) {
			if (strcmp(after->c[i].name, before->c[j].name) != 0)
				continue;
			snprintf(metric, sizeof(metric), "%s%s", prefix,
				 after->c[i].name);
			bench_print(name, metric,
				    after->c[i].value - before->c[j].value);
		}
	}
}

#endif

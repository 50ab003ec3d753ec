/*
 * sdet.c - many short shell scripts at once, in the manner of SDET
 * (SPEC's Software Development Environment Throughput).
 *
 * BENCH_USERS "users" (default 4) each run BENCH_SCRIPTS scripts (default
 * 8) one after the other, all users at once, each in a directory of its
 * own under /tmp.  A script is BusyBox's sh doing what a developer's
 * shell does: small files made, piped through sort, uniq, wc, grep, sed
 * and tr, listed, copied, moved and removed, a directory made and
 * removed.  Every round is fork, exec, a short life and exit for a few
 * dozen processes: page faults on shared text, copy-on-write, rmap work
 * at every fork and every exit.
 *
 * Figures: ticks_per_script for the whole run divided by the scripts run,
 * the page faults taken, the scripts run, and the run as a pressure.h
 * phase ("run_": busy instructions, summed over the CPUs, and wall
 * time), which run-bench's -smp columns compare per script.  On Mapback
 * also what several CPUs cost it: how often a CPU found the big kernel
 * lock held, the milliseconds spent waiting for it, the waits that
 * halted, the TLB shootdowns sent, and the exits whose teardown ran
 * beside the lock (docs/smp.md).
 */
#include <sys/stat.h>
#include "bench/pressure.h"

#define NAME "sdet"
#define LOOP                                                               \
	"pgfault rmap_pte_chains bkl_contended bkl_spin_ms bkl_sleeps "    \
	"nr_tlb_remote_flush exit_zap_unlocked exit_zap_left"
#define SCRIPT "/tmp/sdet.sh"

static const char script[] =
	"cd \"$1\" || exit 1\n"
	"for f in alpha beta gamma delta; do echo \"$f line $f\" > $f; done\n"
	"cat alpha beta gamma delta | sort -r | uniq > all\n"
	"wc -l < all > n\n"
	"grep -c line all > /dev/null\n"
	"ls -l > list\n"
	"cp all copy && mv copy moved && rm moved\n"
	"mkdir d && rmdir d\n"
	"echo $(($(cat n) * 3)) > /dev/null\n"
	"sed s/line/LINE/ all | tr A-Z a-z > /dev/null\n"
	"rm -f alpha beta gamma delta all n list\n";

static void write_script(void)
{
	int fd = open(SCRIPT, O_WRONLY | O_CREAT | O_TRUNC, 0755);

	if (fd < 0 || write(fd, script, sizeof(script) - 1) !=
			      (ssize_t)(sizeof(script) - 1))
		bench_fail(NAME, "write " SCRIPT);
	close(fd);
}

static void run_script(const char *dir)
{
	char *argv[] = { "sh", SCRIPT, (char *)dir, NULL };
	char *envp[] = { "PATH=/bin:/usr/bin:/sbin:/usr/sbin", NULL };
	pid_t pid = fork();

	if (pid < 0)
		bench_fail(NAME, "fork");
	if (pid == 0) {
		execve("/bin/sh", argv, envp);
		_exit(127);
	}
	if (bench_wait(pid) != 0)
		bench_fail(NAME, "a script failed");
}

static void user(long u, long scripts)
{
	char dir[32];
	long i;

	snprintf(dir, sizeof(dir), "/tmp/sdet-%ld", u);
	if (mkdir(dir, 0755) < 0)
		bench_fail(NAME, "mkdir");
	for (i = 0; i < scripts; i++)
		run_script(dir);
	rmdir(dir);
}

int main(void)
{
	long u, users = bench_env("BENCH_USERS", 4);
	long scripts = bench_env("BENCH_SCRIPTS", 8);
	struct bench_counters before, after;
	uint64_t t0, t1;
	struct phase ph;
	int failed = 0;

	if (users < 1 || users > 64 || scripts < 1)
		bench_fail(NAME, "BENCH_USERS or BENCH_SCRIPTS out of range");
	write_script();
	bench_snapshot(&before);
	phase_begin(&ph, NAME, "run");
	t0 = bench_rdtsc();
	for (u = 0; u < users; u++) {
		pid_t pid = fork();

		if (pid < 0)
			bench_fail(NAME, "fork");
		if (pid == 0) {
			user(u, scripts);
			_exit(0);
		}
	}
	for (u = 0; u < users; u++) {
		int status;

		if (wait(&status) < 0 || status != 0)
			failed = 1;
	}
	t1 = bench_rdtsc();
	phase_end(&ph);
	bench_snapshot(&after);
	unlink(SCRIPT);
	if (failed)
		bench_fail(NAME, "a user failed");
	bench_print(NAME, "ticks_per_script", (t1 - t0) / (users * scripts));
	bench_print_delta(NAME, "", LOOP, &before, &after);
	bench_print(NAME, "scripts", users * scripts);
	return 0;
}

/*
 * fork_exec.c - fork + exec of a tiny static program + wait.
 *
 * The flavour of a kernel compile or a shell script: many short processes.
 * The program execs itself with the argument "child", which exits at
 * once, BENCH_EXECS times (default 32).  Each round builds an address
 * space, faults in the program's text and data, and tears it all down:
 * in pte_chain mode every file page mapped pays a chain entry, in objrmap
 * mode only a count.
 *
 * Figures: ticks_per_exec for the whole round, and the page faults taken.
 */
#include "bench/bench.h"

#define NAME "fork_exec"
#define LOOP "pgfault rmap_pte_chains"

static void fork_exec_once(const char *self)
{
	char *argv[] = { (char *)self, "child", NULL };
	char *envp[] = { NULL };
	pid_t pid;

	pid = fork();
	if (pid < 0)
		bench_fail(NAME, "fork");
	if (pid == 0) {
		execve(self, argv, envp);
		_exit(127);
	}
	if (bench_wait(pid) < 0)
		bench_fail(NAME, "exec child");
}

int main(int argc, char **argv)
{
	long i, execs = bench_env("BENCH_EXECS", 32);
	struct bench_counters before, after;
	uint64_t t0, t1;

	if (argc > 1 && strcmp(argv[1], "child") == 0)
		return 0;
	bench_snapshot(&before);
	t0 = bench_rdtsc();
	for (i = 0; i < execs; i++)
		fork_exec_once(argv[0]);
	t1 = bench_rdtsc();
	bench_snapshot(&after);
	bench_print(NAME, "ticks_per_exec", (t1 - t0) / execs);
	bench_print_delta(NAME, "", LOOP, &before, &after);
	return 0;
}

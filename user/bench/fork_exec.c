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
 * A second loop does the same with BusyBox's `true` (/bin/true, the static
 * BusyBox of the initramfs), BENCH_TRUE_EXECS times (default 100): a
 * bigger program, as a shell script's commands are, whose exec maps
 * and faults in more of a file.
 *
 * Figures: ticks_per_exec for the whole round, and the page faults taken;
 * ticks_per_true for a round of the BusyBox loop, and its page faults.
 */
#include "bench/bench.h"

#define NAME "fork_exec"
#define LOOP "pgfault rmap_pte_chains pgtable_maps pgtable_maps_high"

static void fork_exec_once(const char *path, const char *arg)
{
	char *argv[] = { (char *)path, (char *)arg, NULL };
	char *envp[] = { NULL };
	pid_t pid;

	pid = fork();
	if (pid < 0)
		bench_fail(NAME, "fork");
	if (pid == 0) {
		execve(path, argv, envp);
		_exit(127);
	}
	if (bench_wait(pid) < 0)
		bench_fail(NAME, "exec child");
}

/* One loop of execs rounds of PATH ARG: its ticks per round and counters. */
static void fork_exec_loop(const char *path, const char *arg, long execs,
			   const char *metric, const char *prefix)
{
	struct bench_counters before, after;
	uint64_t t0, t1;
	long i;

	bench_snapshot(&before);
	t0 = bench_rdtsc();
	for (i = 0; i < execs; i++)
		fork_exec_once(path, arg);
	t1 = bench_rdtsc();
	bench_snapshot(&after);
	bench_print(NAME, metric, (t1 - t0) / execs);
	bench_print_delta(NAME, prefix, LOOP, &before, &after);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "child") == 0)
		return 0;
	fork_exec_loop(argv[0], "child", bench_env("BENCH_EXECS", 32),
		       "ticks_per_exec", "");
	fork_exec_loop("/bin/true", NULL, bench_env("BENCH_TRUE_EXECS", 100),
		       "ticks_per_true", "true_");
	return 0;
}

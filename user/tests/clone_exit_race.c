/*
 * clone_exit_race.c - no thread outlives exit_group, even one whose
 * clone was under way when the group began to exit.
 *
 * Each round forks a process whose threads create threads in a loop
 * (raw clone with CLONE_THREAD; each new thread sits in pause() and uses
 * no stack, so they all share their creator's), while its main thread
 * calls exit_group(7) after a few yields that vary from round to round.
 * A clone that copies the task while the group is dying must fail (Linux:
 * a fatal signal pending ends the fork in the middle); a thread attached
 * after the other threads were killed would pause forever and hold the
 * process alive.  The parent waits for each process with a bound: it
 * must end, with status 7, and leave no task behind in /proc.  The
 * parent-tid word of each clone sits in a page emptied before the call,
 * so the clone faults in a page: one more allocation inside the fork for
 * memory pressure to make slow.
 */
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define ROUNDS 40
#define CLONERS 4
#define PER_CLONER 8 /* threads each cloner makes, at most */
#define PAGE 4096
#define FLAGS                                                               \
	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | \
	 CLONE_SYSVSEM | CLONE_PARENT_SETTID)

static char *tid_pages; /* one page per cloner */

/* clone(); the new thread loops on pause() without touching memory. */
static long clone_pauser(int *ptid)
{
	long ret;

	__asm__ volatile("int $0x80\n\t"
			 "test %%eax, %%eax\n\t"
			 "jnz 2f\n"
			 "1:\tmovl %[pause], %%eax\n\t"
			 "int $0x80\n\t"
			 "jmp 1b\n"
			 "2:"
			 : "=a"(ret)
			 : "0"(SYS_clone), "b"(FLAGS), "c"(0), "d"(ptid),
			   "S"(0), "D"(0), [pause] "i"(SYS_pause)
			 : "memory");
	return ret;
}

static void *cloner(void *arg)
{
	char *page = tid_pages + (long)arg * PAGE;
	int made = 0;

	while (made < PER_CLONER) {
		madvise(page, PAGE, MADV_DONTNEED);
		if (clone_pauser((int *)page) > 0)
			made++;
	}
	for (;;)
		pause();
	return NULL;
}

/* The process under test: cloners, then exit_group from main. */
static void group(int round)
{
	pthread_t t;
	long i;

	for (i = 0; i < CLONERS; i++)
		pthread_create(&t, NULL, cloner, (void *)i);
	for (i = 0; i < round % 8; i++)
		sched_yield();
	syscall(SYS_exit_group, 7);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* Wait for pid for at most 10 seconds; its status, or -1. */
static int wait_bounded(pid_t pid)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	int status;
	pid_t r;

	sigaction(SIGALRM, &sa, NULL); /* no SA_RESTART: waitpid ends */
	alarm(10);
	r = waitpid(pid, &status, 0);
	alarm(0);
	return r == pid ? status : -1;
}

int main(void)
{
	char path[32];
	int round, status, stray = 0, bad = 0;
	struct stat st;
	pid_t pid;

	tid_pages = mmap(NULL, CLONERS * PAGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (tid_pages == MAP_FAILED)
		return ok(0, "mmap"), done_testing();
	for (round = 0; round < ROUNDS; round++) {
		pid = must(fork());
		if (pid == 0)
			group(round);
		status = wait_bounded(pid);
		if (status == -1) {
			stray++;
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			continue;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 7)
			bad++;
		snprintf(path, sizeof(path), "/proc/%d", pid);
		if (stat(path, &st) == 0)
			stray++;
	}
	is(stray, 0,
	   "%d rounds of clone racing exit_group: every process "
	   "ended, no task left behind",
	   ROUNDS);
	is(bad, 0, "each ended with exit_group's status 7");
	return done_testing();
}

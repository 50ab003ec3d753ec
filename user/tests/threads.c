/*
 * threads.c - POSIX threads (musl's, made of clone and futex).
 *
 * Thread ids and the process id, many threads counting under a mutex,
 * join (the CLONE_CHILD_CLEARTID wake) with return values, a condition
 * variable, a signal to the process taken by the one thread that does
 * not block it, tgkill to one thread, exit_group and pthread_exit of the
 * main thread from a group, a fault in a thread ending the whole process,
 * a thread touching memory another thread unmaps, execve from a thread,
 * wait for a child another thread forked, SIGSTOP/SIGCONT of a process
 * of two threads, the thread count in /proc, posix_spawn (CLONE_VM |
 * CLONE_VFORK), and clone's argument checks.  Whatever ends a process is done in a
 * forked child.
 */
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tests/tap.h"

static pid_t gettid_(void)
{
	return (pid_t)syscall(SYS_gettid);
}

/* In a forked child: start a thread, or exit 2 if there is no memory
 * for one (the fault-injection boots). */
static void spawn(pthread_t *t, void *(*fn)(void *), void *arg)
{
	if (pthread_create(t, NULL, fn, arg))
		_exit(2);
}

#define NTHREADS 8
#define NCOUNT 20000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static pid_t seen_pid[NTHREADS], seen_tid[NTHREADS];

static void *count_up(void *arg)
{
	int i, me = (int)(long)arg;

	seen_pid[me] = getpid();
	seen_tid[me] = gettid_();
	for (i = 0; i < NCOUNT; i++) {
		pthread_mutex_lock(&lock);
		counter++;
		if (i % 512 == 0)
			sched_yield();	/* sleep with the lock held now and then */
		pthread_mutex_unlock(&lock);
	}
	return (void *)(long)(me + 100);
}

static void test_mutex_and_join(void)
{
	pthread_t t[NTHREADS];
	int i, n, joined = 0, ids_ok = 1, rets_ok = 1;
	void *ret;

	for (n = 0; n < NTHREADS; n++)
		if (!is(pthread_create(&t[n], NULL, count_up, (void *)(long)n), 0,
			"pthread_create %d", n))
			break;		/* out of memory (fault injection) */
	for (i = 0; i < n; i++) {
		if (pthread_join(t[i], &ret) == 0)
			joined++;
		if ((long)ret != i + 100)
			rets_ok = 0;
	}
	is(joined, NTHREADS, "every thread joined");
	ok(rets_ok, "join returns each thread's value");
	is(counter, (long)NTHREADS * NCOUNT, "no increment lost under the mutex");
	for (i = 0; i < NTHREADS; i++)
		if (seen_pid[i] != getpid() || seen_tid[i] == getpid() ||
		    (i && seen_tid[i] == seen_tid[i - 1]))
			ids_ok = 0;
	ok(ids_ok, "threads share the pid, each has its own tid");
	is(gettid_(), getpid(), "the main thread's tid is the pid");
}

static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int queue_len, consumed;

static void *consume(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&lock);
	while (consumed < 1000) {
		while (queue_len == 0)
			pthread_cond_wait(&cond, &lock);
		queue_len--;
		consumed++;
		pthread_cond_broadcast(&cond);
	}
	pthread_mutex_unlock(&lock);
	return NULL;
}

static void test_condvar(void)
{
	pthread_t t;
	int i;

	if (!is(pthread_create(&t, NULL, consume, NULL), 0, "start a consumer"))
		return;
	for (i = 0; i < 1000; i++) {
		pthread_mutex_lock(&lock);
		while (queue_len == 4)
			pthread_cond_wait(&cond, &lock);
		queue_len++;
		pthread_cond_signal(&cond);
		pthread_mutex_unlock(&lock);
	}
	is(pthread_join(t, NULL), 0, "join the consumer");
	is(consumed, 1000, "a condition variable hands over 1000 items");
}

static volatile pid_t handler_tid;
static volatile int handler_sig;

static void on_signal(int sig)
{
	handler_tid = gettid_();
	handler_sig = sig;
}

/* Unblock everything and wait for one handler to run. */
static void *wait_for_signal(void *arg)
{
	sigset_t none;

	*(volatile pid_t *)arg = gettid_();
	sigemptyset(&none);
	sigsuspend(&none);
	return NULL;
}

static void block(int sig, int how)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	pthread_sigmask(how, &set, NULL);
}

static void test_process_signal(void)
{
	volatile pid_t tid = 0;
	pthread_t t;

	signal(SIGUSR1, on_signal);
	block(SIGUSR1, SIG_BLOCK);	/* the thread starts blocking it too */
	handler_tid = 0;
	if (is(pthread_create(&t, NULL, wait_for_signal, (void *)&tid), 0,
	       "start a thread that will unblock SIGUSR1")) {
		ok_sys(kill(getpid(), SIGUSR1), "kill the process with SIGUSR1");
		is(pthread_join(t, NULL), 0, "the thread's sigsuspend returned");
		ok(tid && handler_tid == tid,
		   "the thread that does not block it ran the handler");
	}
	block(SIGUSR1, SIG_UNBLOCK);
	signal(SIGUSR1, SIG_DFL);
}

static void test_tgkill(void)
{
	volatile pid_t tid = 0;
	pthread_t t;

	signal(SIGUSR2, on_signal);
	block(SIGUSR2, SIG_BLOCK);
	handler_tid = 0;
	if (!is(pthread_create(&t, NULL, wait_for_signal, (void *)&tid), 0,
		"start a thread for tgkill")) {
		block(SIGUSR2, SIG_UNBLOCK);
		return;
	}
	while (!tid)
		sched_yield();
	is_errno(syscall(SYS_tgkill, getpid() + 1000, tid, SIGUSR2), ESRCH,
		 "tgkill with another tgid");
	is_errno(syscall(SYS_tgkill, getpid(), tid, 65), EINVAL,
		 "tgkill with a bad signal");
	ok_sys(syscall(SYS_tgkill, getpid(), tid, SIGUSR2), "tgkill the thread");
	is(pthread_join(t, NULL), 0, "join it");
	ok(handler_tid == tid && handler_sig == SIGUSR2,
	   "the named thread ran the handler");
	ok_sys(syscall(SYS_tkill, getpid(), 0), "tkill with signal 0 checks");
	block(SIGUSR2, SIG_UNBLOCK);
	signal(SIGUSR2, SIG_DFL);
}

static void *exit_seven(void *arg)
{
	(void)arg;
	exit(7);
}

/* No handler is installed where it runs: pause never returns, and if it
 * did the join in the child would end with the wrong status. */
static void *sleep_forever(void *arg)
{
	(void)arg;
	pause();
	return NULL;
}

/* In a child: a thread that is not the main one calls exit (exit_group). */
static void test_exit_group(void)
{
	pid_t pid = must(fork());
	pthread_t t, u;

	if (pid == 0) {
		spawn(&u, sleep_forever, NULL);
		spawn(&t, exit_seven, NULL);
		pthread_join(u, NULL);
		_exit(1);
	}
	is_exit(wait_for(pid), 7, "exit from a thread ends every thread");
}

/* Whether /proc says pid is a zombie. */
static int is_zombie(pid_t pid)
{
	char path[64], buf[256];
	int fd, n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = (int)read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	return strstr(buf, ") Z ") != NULL;
}

static void *exit_five_later(void *arg)
{
	pid_t leader = *(pid_t *)arg;

	while (!is_zombie(leader))	/* the main thread has gone */
		sched_yield();
	exit(5);
}

/* The main thread leaves first; the process lives on in its thread and
 * its parent hears of it only when that one exits. */
static void test_main_thread_exits_first(void)
{
	pid_t pid = must(fork());
	static pid_t leader;
	pthread_t t;
	int status;

	if (pid == 0) {
		leader = getpid();
		spawn(&t, exit_five_later, &leader);
		pthread_exit(NULL);
	}
	is_exit(wait_for(pid), 5,
		"the process ends when its last thread does, with its code");
	is_errno(waitpid(pid, &status, WNOHANG), ECHILD, "and is reaped once");
}

static void *fault(void *arg)
{
	*(volatile int *)arg = 1;
	return NULL;
}

static void test_thread_fault(void)
{
	pid_t pid = must(fork());
	pthread_t t, u;

	if (pid == 0) {
		spawn(&u, sleep_forever, NULL);
		spawn(&t, fault, (void *)16);
		pthread_join(u, NULL);
		_exit(1);
	}
	is_signal(wait_for(pid), SIGSEGV,
		  "a fault in one thread kills the whole process");
	pid = must(fork());
	if (pid == 0) {
		spawn(&u, sleep_forever, NULL);
		pthread_join(u, NULL);
		_exit(1);
	}
	ok_sys(kill(pid, SIGTERM), "SIGTERM a process of two threads");
	is_signal(wait_for(pid), SIGTERM, "both threads end, status SIGTERM");
}

static volatile int *shared_page;
static volatile int touching;

static void *touch(void *arg)
{
	(void)arg;
	while (shared_page[0] >= 0) {	/* until the unmap, in practice */
		shared_page[0]++;
		touching = 1;
	}
	return NULL;
}

static void test_touch_while_unmapped(void)
{
	pid_t pid = must(fork());
	pthread_t t;

	if (pid == 0) {
		shared_page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (shared_page == MAP_FAILED)
			_exit(2);
		spawn(&t, touch, NULL);
		while (!touching)
			sched_yield();
		munmap((void *)shared_page, 4096);
		pthread_join(t, NULL);
		_exit(1);
	}
	is_signal(wait_for(pid), SIGSEGV,
		  "a thread touching memory another unmapped gets SIGSEGV");
}

static void *exec_sh(void *arg)
{
	(void)arg;
	execl("/bin/sh", "sh", "-c", "exit 3", (char *)NULL);
	_exit(4);	/* the exec failed: end the process, not just this thread */
}

static void test_exec_from_thread(void)
{
	pid_t pid = must(fork());
	pthread_t t, u;

	if (pid == 0) {
		spawn(&u, sleep_forever, NULL);
		spawn(&t, exec_sh, NULL);
		pthread_join(u, NULL);
		_exit(1);
	}
	is_exit(wait_for(pid), 3,
		"execve from a thread ends the others and runs the program");
}

static volatile unsigned *spins;

static void *spin(void *arg)
{
	(void)arg;
	while (++*spins)
		;
	return NULL;
}

/* SIGSTOP stops every thread of a process, SIGCONT resumes them all. */
static void test_stop_cont(void)
{
	unsigned before, rounds = 0;
	pthread_t t;
	pid_t pid;
	int status = 0;

	spins = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (spins == MAP_FAILED) {
		ok(0, "map a shared counter");
		return;
	}
	*spins = 0;
	pid = must(fork());
	if (pid == 0) {
		spawn(&t, spin, NULL);
		pthread_join(t, NULL);
		_exit(1);
	}
	while (*spins == 0 && waitpid(pid, &status, WNOHANG) == 0)
		sched_yield();
	if (!ok(*spins != 0, "the child's thread spins")) {
		munmap((void *)spins, 4096);
		return;		/* the child could not start it and exited */
	}
	ok_sys(kill(pid, SIGSTOP), "SIGSTOP a process whose thread spins");
	is(waitpid(pid, &status, WUNTRACED), pid, "waitpid sees it stop");
	ok(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP, "stopped by SIGSTOP");
	before = *spins;
	for (rounds = 0; rounds < 1000; rounds++)
		sched_yield();
	is(*spins, before, "the spinning thread is stopped too");
	ok_sys(kill(pid, SIGCONT), "SIGCONT");
	for (rounds = 0; *spins == before && rounds < 1000000; rounds++)
		sched_yield();
	ok(*spins != before, "the spinning thread runs again");
	kill(pid, SIGKILL);
	is_signal(wait_for(pid), SIGKILL, "SIGKILL ends it");
	munmap((void *)spins, 4096);
}

static void *fork_child(void *arg)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(9);
	*(pid_t *)arg = pid;
	return NULL;
}

/* A child forked by one thread is waited for by another. */
static void test_wait_other_thread(void)
{
	pid_t pid = 0;
	pthread_t t;

	if (!is(pthread_create(&t, NULL, fork_child, &pid), 0, "a thread forks"))
		return;
	pthread_join(t, NULL);
	ok(pid > 0, "its fork returned a pid");
	is_exit(wait_for(pid), 9, "the main thread waits for that child");
}

static void *read_one(void *arg)
{
	char c;

	return (void *)(long)read(*(int *)arg, &c, 1);
}

/* /proc/self/status counts the threads. */
static void test_proc_threads(void)
{
	char buf[2048];
	int fds[2], fd, n;
	pthread_t t;

	must(pipe(fds));
	if (!is(pthread_create(&t, NULL, read_one, &fds[0]), 0,
		"start a thread that reads a pipe")) {
		close(fds[0]);
		close(fds[1]);
		return;
	}
	fd = must(open("/proc/self/status", O_RDONLY));
	n = (int)read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = 0;
	ok(strstr(buf, "\nThreads:\t2\n") != NULL,
	   "/proc/self/status says Threads: 2");
	must(write(fds[1], "x", 1));
	pthread_join(t, NULL);
	close(fds[0]);
	close(fds[1]);
}

/* musl's posix_spawn is clone(CLONE_VM | CLONE_VFORK): the child runs
 * in the parent's memory until it execs, the parent waits for that. */
static void test_posix_spawn(void)
{
	char *argv[] = { "sh", "-c", "exit 4", NULL };
	char *envp[] = { NULL };
	pid_t pid = 0;

	is(posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, envp), 0,
	   "posix_spawn /bin/sh");
	is_exit(wait_for(pid), 4, "the spawned program ran");
	is(posix_spawn(&pid, "/nonexistent", NULL, NULL, argv, envp), ENOENT,
	   "posix_spawn of a missing program reports ENOENT");
}

static void test_clone_checks(void)
{
	is_errno(syscall(SYS_clone, CLONE_THREAD | CLONE_VM, 0, 0, 0, 0),
		 EINVAL, "CLONE_THREAD without CLONE_SIGHAND");
	is_errno(syscall(SYS_clone, CLONE_SIGHAND, 0, 0, 0, 0), EINVAL,
		 "CLONE_SIGHAND without CLONE_VM");
}

int main(void)
{
	test_mutex_and_join();
	test_condvar();
	test_process_signal();
	test_tgkill();
	test_exit_group();
	test_main_thread_exits_first();
	test_thread_fault();
	test_touch_while_unmapped();
	test_exec_from_thread();
	test_wait_other_thread();
	test_stop_cont();
	test_proc_threads();
	test_posix_spawn();
	test_clone_checks();
	return done_testing();
}

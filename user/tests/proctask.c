/*
 * proctask.c - /proc/PID/task, /proc/thread-self, comm, and
 * /proc/sys/kernel's pid_max and tainted.
 *
 * A process of three threads lists exactly their TIDs in /proc/self/task;
 * each thread names itself through /proc/self/task/TID/comm (the first 15
 * bytes, as prctl(PR_SET_NAME)) and its own stat and status show that
 * name, its TID and the group's Tgid; /proc/thread-self is
 * "PID/task/TID".  A TID of another process is ENOENT under ours, and
 * another process's comm cannot be written (EINVAL).  pid_max reads
 * 32768 and refuses values outside 301..32768; lowered to the last pid
 * handed out, the next fork wraps to a pid below it.
 */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tests/tap.h"

#define NTHREADS 2

static pid_t tids[NTHREADS];
static int ready[NTHREADS][2]; /* a thread writes its result here */
static int hold[2]; /* threads wait for its end to close */

static pid_t gettid_(void)
{
	return (pid_t)syscall(SYS_gettid);
}

static int write_file(const char *path, const char *s, size_t n)
{
	int fd = open(path, O_WRONLY);
	ssize_t r;

	if (fd < 0)
		return -1;
	r = write(fd, s, n);
	close(fd);
	return r == (ssize_t)n ? 0 : -1;
}

/* Each thread names itself "worker-N" through its own comm file, reads
 * it back and reports 1 when both agree with PR_GET_NAME. */
static void *worker(void *arg)
{
	long n = (long)arg;
	char path[64], name[32], back[32] = "", pr[16] = "";
	char c = 0;

	tids[n] = gettid_();
	snprintf(path, sizeof(path), "/proc/self/task/%d/comm", tids[n]);
	snprintf(name, sizeof(name), "worker-%ld", n);
	c = write_file(path, name, strlen(name)) == 0 &&
	    read_proc(path, back, sizeof(back)) &&
	    !strncmp(back, name, strlen(name)) && back[strlen(name)] == '\n' &&
	    prctl(PR_GET_NAME, pr) == 0 && !strcmp(pr, name);
	/* Closed even when the write fails (an injected ENOMEM), so the main
	 * thread's read ends either way. */
	if (write(ready[n][1], &c, 1) != 1)
		c = 0;
	close(ready[n][1]);
	if (c && read(hold[0], &c, 1) < 0)
		return NULL;
	return NULL;
}

static int listed(pid_t *found, int max)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && n < max)
			found[n++] = atoi(e->d_name);
	closedir(d);
	return n;
}

static int has(const pid_t *set, int n, pid_t x)
{
	while (n--)
		if (set[n] == x)
			return 1;
	return 0;
}

static void test_threads(void)
{
	pthread_t t[NTHREADS];
	pid_t found[8];
	char path[80], buf[512], want[64];
	int i, n, started = 0;
	ssize_t len;

	must(pipe(hold));
	for (i = 0; i < NTHREADS; i++) {
		must(pipe(ready[i]));
		if (pthread_create(&t[i], NULL, worker, (void *)(long)i))
			break;
		started++;
	}
	if (!is(started, NTHREADS, "start %d threads", NTHREADS))
		goto out;
	for (i = 0; i < NTHREADS; i++) {
		char c = 0;

		ok(read(ready[i][0], &c, 1) == 1 && c == 1,
		   "thread %d names itself through task/TID/comm", i);
	}
	n = listed(found, 8);
	is(n, NTHREADS + 1, "task lists every thread");
	ok(has(found, n, getpid()), "the main thread's TID is the PID");
	for (i = 0; i < NTHREADS; i++)
		ok(has(found, n, tids[i]), "thread %d listed", i);

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tids[0]);
	snprintf(want, sizeof(want), "%d (worker-0) ", tids[0]);
	ok(read_proc(path, buf, sizeof(buf)) &&
		   !strncmp(buf, want, strlen(want)),
	   "a thread's stat: its TID and name");
	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", getpid(),
		 tids[1]);
	snprintf(want, sizeof(want), "Tgid:\t%d\n", getpid());
	ok(read_proc(path, buf, sizeof(buf)) &&
		   !strncmp(buf, "Name:\tworker-1\n", 15) && strstr(buf, want),
	   "a thread's status: its name and the group's Tgid");
	snprintf(want, sizeof(want), "\nPid:\t%d\n", tids[1]);
	ok(strstr(buf, want) != NULL, "a thread's status: its Pid");
	snprintf(path, sizeof(path), "/proc/self/task/%d/comm", getpid());
	ok(read_proc(path, buf, sizeof(buf)) && !strcmp(buf, "proctask\n"),
	   "the main thread keeps its name");
	snprintf(path, sizeof(path), "/proc/self/task/%d/maps", tids[0]);
	ok(read_proc(path, buf, sizeof(buf)) && strstr(buf, " r"),
	   "the group's maps through a thread");

	len = readlink("/proc/thread-self", buf, sizeof(buf) - 1);
	snprintf(want, sizeof(want), "%d/task/%d", getpid(), gettid_());
	ok(len > 0 && (buf[len] = '\0', !strcmp(buf, want)),
	   "/proc/thread-self is PID/task/TID");
out:
	close(hold[1]);
	for (i = 0; i < started; i++) {
		pthread_join(t[i], NULL);
		close(ready[i][0]);
	}
	close(hold[0]);
}

static void test_comm(void)
{
	char buf[64] = "", path[64];
	int go[2];
	pid_t pid;

	ok(write_file("/proc/self/comm", "abcdefghijklmnopqrstu", 21) == 0,
	   "write a long name");
	ok(read_proc("/proc/self/comm", buf, sizeof(buf)) &&
		   !strcmp(buf, "abcdefghijklmno\n"),
	   "cut to 15 bytes");
	ok(write_file("/proc/self/comm", "proctask", 8) == 0 &&
		   read_proc("/proc/self/comm", buf, sizeof(buf)) &&
		   !strcmp(buf, "proctask\n"),
	   "renamed back");

	must(pipe(go));
	pid = must(fork());
	if (pid == 0) {
		char c;

		close(go[1]);
		_exit(read(go[0], &c, 1) < 0);
	}
	close(go[0]);
	snprintf(path, sizeof(path), "/proc/self/task/%d", pid);
	is_errno(access(path, F_OK), ENOENT,
		 "another process's TID is not in our task directory");
	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	{
		int fd = open(path, O_WRONLY);

		is_errno(fd < 0 ? -1 : write(fd, "x", 1), EINVAL,
			 "another process's comm cannot be written");
		if (fd >= 0)
			close(fd);
	}
	close(go[1]);
	is_exit(wait_for(pid), 0, "child exits");
}

static void test_sysctl(void)
{
	char buf[32] = "", want[32] = "";
	pid_t pid, last = -1;
	int i;

	ok(read_proc("/proc/sys/kernel/pid_max", buf, sizeof(buf)) &&
		   !strcmp(buf, "32768\n"),
	   "pid_max is 32768");
	ok(read_proc("/proc/sys/kernel/tainted", buf, sizeof(buf)) &&
		   !strcmp(buf, "0\n"),
	   "tainted is 0");
	is_errno(write_file("/proc/sys/kernel/pid_max", "300\n", 4), EINVAL,
		 "pid_max below 301");
	is_errno(write_file("/proc/sys/kernel/pid_max", "32769\n", 6), EINVAL,
		 "pid_max above 32768");
	/* A pid at least 302 was handed out last; with pid_max lowered to
	 * it, the next fork must wrap below it. */
	for (i = 0; i < 400 && (last = fork()) >= 0; i++) {
		if (last == 0)
			_exit(0);
		wait_for(last);
		if (last >= 302)
			break;
	}
	if (last < 302) {
		skip("a fork after lowering pid_max", "no pid >= 302");
		return;
	}
	snprintf(buf, sizeof(buf), "%d\n", last);
	if (!ok(write_file("/proc/sys/kernel/pid_max", buf, strlen(buf)) == 0,
		"pid_max lowered to the last pid, %d", last))
		return;
	ok(read_proc("/proc/sys/kernel/pid_max", want, sizeof(want)) &&
		   !strcmp(want, buf),
	   "pid_max reads it back");
	pid = fork();
	if (pid == 0)
		_exit(0);
	ok(pid > 0 && pid < last, "the next pid wraps below pid_max (%d)", pid);
	wait_for(pid);
	ok(write_file("/proc/sys/kernel/pid_max", "32768", 5) == 0,
	   "pid_max back to 32768");
}

int main(void)
{
	test_threads();
	test_comm();
	test_sysctl();
	return done_testing();
}

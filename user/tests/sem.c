/*
 * sem.c - System V semaphores as Linux 6.1 answers them.
 *
 * semget's sizes, keys and flags; SETVAL, GETVAL, SETALL, GETALL, GETPID
 * and their errors; semop's all-or-nothing rule, IPC_NOWAIT (EAGAIN),
 * EFBIG, E2BIG, ERANGE; a child blocked in semop woken by the parent, and
 * counted by GETNCNT or GETZCNT while it sleeps; EIDRM when the array is
 * removed under a sleeper, EINTR when a signal comes; semtimedop's
 * timeout (EAGAIN) through ipc(2) and semtimedop_time64; SEM_UNDO taken
 * back when a child exits; IPC_STAT, IPC_SET, IPC_INFO, SEM_INFO,
 * SEM_STAT; /proc/sysvipc/sem and /proc/sys/kernel/sem; the direct
 * semget and semctl calls.
 */
#include <signal.h>
#include <time.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define STAT_CMD 2 /* Linux's IPC_STAT: musl's has a flag of its own */

union semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

static int getval(int id, int n)
{
	return semctl(id, n, GETVAL);
}

static int setval(int id, int n, int v)
{
	return semctl(id, n, SETVAL, (union semun){ .val = v });
}

static int op(int id, int num, int delta, int flg)
{
	struct sembuf sb = { (unsigned short)num, (short)delta, (short)flg };

	return semop(id, &sb, 1);
}

static void test_get(void)
{
	int key = 0x53450000 | ((getpid() & 0xfff) << 4), id;
	struct semid_ds ds;

	is_errno(semget(IPC_PRIVATE, 0, 0600), EINVAL, "nsems 0: EINVAL");
	is_errno(semget(IPC_PRIVATE, -1, 0600), EINVAL, "nsems -1: EINVAL");
	is_errno(semget(IPC_PRIVATE, 32001, 0600), EINVAL,
		 "nsems above semmsl: EINVAL");
	is_errno(semget(key, 1, 0600), ENOENT, "a free key: ENOENT");
	id = semget(key, 2, IPC_CREAT | IPC_EXCL | 0640);
	ok_sys(id, "IPC_CREAT|IPC_EXCL");
	is_errno(semget(key, 2, IPC_CREAT | IPC_EXCL | 0640), EEXIST,
		 "again: EEXIST");
	is(semget(key, 0, 0), id, "nsems 0 finds it");
	is_errno(semget(key, 3, 0), EINVAL,
		 "more semaphores than it has: EINVAL");
	memset(&ds, 0xff, sizeof(ds));
	ok_sys(semctl(id, 0, IPC_STAT, (union semun){ .buf = &ds }),
	       "IPC_STAT");
	is(ds.sem_nsems, 2, "sem_nsems");
	is(ds.sem_perm.mode, 0640, "mode");
	is(ds.sem_perm.__ipc_perm_key, key, "key");
	is(ds.sem_otime, 0, "no semop yet: otime 0");
	ok(ds.sem_ctime != 0, "ctime set");
	ok_sys(semctl(id, 0, IPC_RMID), "IPC_RMID");
	is_errno(semctl(id, 0, IPC_STAT, (union semun){ .buf = &ds }), EINVAL,
		 "IPC_STAT of a removed id: EINVAL");
}

static void test_values(int id)
{
	unsigned short all[3] = { 1, 2, 3 }, got[3] = { 0 };

	ok_sys(setval(id, 0, 5), "SETVAL");
	is(getval(id, 0), 5, "GETVAL");
	is(semctl(id, 0, GETPID), getpid(), "GETPID: the setter");
	is_errno(setval(id, 0, 32768), ERANGE, "SETVAL above SEMVMX: ERANGE");
	is_errno(setval(id, 0, -1), ERANGE, "SETVAL -1: ERANGE");
	is_errno(getval(id, 3), EINVAL, "GETVAL past the last: EINVAL");
	is_errno(setval(id, 3, 1), EINVAL, "SETVAL past the last: EINVAL");
	ok_sys(semctl(id, 0, SETALL, (union semun){ .array = all }), "SETALL");
	ok_sys(semctl(id, 0, GETALL, (union semun){ .array = got }), "GETALL");
	ok(got[0] == 1 && got[1] == 2 && got[2] == 3, "GETALL gives SETALL's");
	all[1] = 40000;
	is_errno(semctl(id, 0, SETALL, (union semun){ .array = all }), ERANGE,
		 "SETALL above SEMVMX: ERANGE");
	is(getval(id, 1), 2, "a refused SETALL changes nothing");
	is_errno(semctl(id, 0, 99), EINVAL, "an unknown command: EINVAL");
}

static void test_semop(int id)
{
	struct sembuf two[2] = { { 0, 1, 0 }, { 1, -5, IPC_NOWAIT } };
	struct sembuf many[501];

	setval(id, 0, 0);
	setval(id, 1, 0);
	is_errno(op(id, 0, -1, IPC_NOWAIT), EAGAIN,
		 "a decrement below 0 with IPC_NOWAIT: EAGAIN");
	ok_sys(op(id, 0, 3, 0), "an increment");
	is(getval(id, 0), 3, "its value");
	is_errno(op(id, 0, 0, IPC_NOWAIT), EAGAIN,
		 "wait-for-zero on 3 with IPC_NOWAIT: EAGAIN");
	ok_sys(op(id, 1, 0, 0), "wait-for-zero on 0 goes through");
	is_errno(semop(id, two, 2), EAGAIN, "the second of two would block");
	is(getval(id, 0), 3, "so the first was not applied either");
	is_errno(op(id, 5, 1, 0), EFBIG, "a semaphore past the last: EFBIG");
	is_errno(semop(id, two, 0), EINVAL, "no operations: EINVAL");
	memset(many, 0, sizeof(many));
	is_errno(semop(id, many, 501), E2BIG, "more than semopm: E2BIG");
	is_errno(semop(id, (struct sembuf *)1, 1), EFAULT,
		 "a bad pointer: EFAULT");
	setval(id, 0, 32767);
	is_errno(op(id, 0, 1, 0), ERANGE, "past SEMVMX: ERANGE");
	is_errno(op(-1, 0, 1, 0), EINVAL, "semid -1: EINVAL");
	setval(id, 0, 0);
}

/* A child that runs one semop and exits 0 when it gets want (or 0). */
static pid_t semop_child(int id, int num, int delta, int want)
{
	pid_t pid = fork();

	if (pid == 0) {
		int r = op(id, num, delta, 0);

		_exit(want ? !(r == -1 && errno == want) : r != 0);
	}
	return pid;
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void test_blocking(int id)
{
	struct sigaction sa = { .sa_handler = on_usr1, .sa_flags = SA_RESTART };
	pid_t pid;

	setval(id, 0, 0);
	pid = semop_child(id, 0, -2, 0);
	if (pid > 0)
		wait_sleeping(pid);
	is(semctl(id, 0, GETNCNT), pid > 0 ? 1 : 0,
	   "GETNCNT counts the sleeper");
	is(semctl(id, 0, GETZCNT), 0, "GETZCNT does not");
	ok_sys(op(id, 0, 1, 0), "an increment short of what it wants");
	is(getval(id, 0), 1, "it keeps sleeping: the value stays 1");
	ok_sys(op(id, 0, 1, 0), "the increment it waits for");
	is_exit(wait_for(pid), 0, "the sleeper's semop completes");
	is(getval(id, 0), 0, "and takes both");
	is(semctl(id, 0, GETPID), pid, "GETPID: the sleeper changed it last");

	setval(id, 1, 1);
	pid = semop_child(id, 1, 0, 0);
	if (pid > 0)
		wait_sleeping(pid);
	is(semctl(id, 1, GETZCNT), pid > 0 ? 1 : 0,
	   "GETZCNT counts a wait-for-zero");
	setval(id, 1, 0);
	is_exit(wait_for(pid), 0, "SETVAL 0 wakes the wait-for-zero");

	sigaction(SIGUSR1, &sa, NULL);
	pid = semop_child(id, 0, -1, EINTR);
	if (pid > 0) {
		wait_sleeping(pid);
		kill(pid, SIGUSR1);
	}
	is_exit(wait_for(pid), 0,
		"a signal ends the wait: EINTR (SA_RESTART too)");
	signal(SIGUSR1, SIG_DFL);
}

static void test_rmid_sleeper(void)
{
	int id = semget(IPC_PRIVATE, 1, 0600);
	pid_t pid;

	must(id);
	pid = semop_child(id, 0, -1, EIDRM);
	if (pid > 0)
		wait_sleeping(pid);
	ok_sys(semctl(id, 0, IPC_RMID), "IPC_RMID under a sleeper");
	is_exit(wait_for(pid), 0, "the sleeper gets EIDRM");
}

static void test_timeout(int id)
{
	struct sembuf sb = { 0, -1, 0 };
	struct timespec ts = { 0, 10000000 };
	long long ts64[2] = { 0, 10000000 };

	setval(id, 0, 0);
	is_errno(semtimedop(id, &sb, 1, &ts), EAGAIN,
		 "semtimedop (ipc's 32-bit timespec) times out: EAGAIN");
	is_errno(syscall(SYS_semtimedop_time64, id, &sb, 1, ts64), EAGAIN,
		 "semtimedop_time64 (420) times out: EAGAIN");
	ts.tv_nsec = 1000000000;
	is_errno(semtimedop(id, &sb, 1, &ts), EINVAL,
		 "tv_nsec of a second: EINVAL");
}

static void test_undo(int id)
{
	pid_t pid;

	setval(id, 2, 1);
	pid = fork();
	if (pid == 0)
		_exit(op(id, 2, 4, SEM_UNDO) || op(id, 2, -2, SEM_UNDO) ||
		      getval(id, 2) != 3);
	is_exit(wait_for(pid), 0, "a child changes it with SEM_UNDO");
	is(getval(id, 2), 1, "its exit takes the changes back");
	pid = fork();
	if (pid == 0)
		_exit(op(id, 2, 2, SEM_UNDO) || setval(id, 2, 7));
	is_exit(wait_for(pid), 0, "SEM_UNDO, then SETVAL");
	is(getval(id, 2), 7, "SETVAL forgets what was to be undone");
}

static void test_info(int id)
{
	struct seminfo info;
	struct semid_ds ds;
	char buf[64];
	int idx = id % 32768;

	memset(&info, 0, sizeof(info));
	ok(semctl(0, 0, IPC_INFO, (union semun){ .buf = (void *)&info }) >= idx,
	   "IPC_INFO returns the highest index in use");
	ok(info.semmsl == 32000 && info.semmns == 1024000000 &&
		   info.semopm == 500 && info.semmni == 32000 &&
		   info.semvmx == 32767 && info.semaem == 32767 &&
		   info.semusz == 20,
	   "IPC_INFO: Linux's limits");
	ok(semctl(0, 0, SEM_INFO, (union semun){ .buf = (void *)&info }) >=
			   idx &&
		   info.semusz >= 1 && info.semaem >= 3,
	   "SEM_INFO: arrays and semaphores in use (%d, %d)", info.semusz,
	   info.semaem);
	is(semctl(idx, 0, SEM_STAT, (union semun){ .buf = &ds }), id,
	   "SEM_STAT by index gives the id");
	ok(read_proc("/proc/sys/kernel/sem", buf, sizeof(buf)) &&
		   !strcmp(buf, "32000\t1024000000\t500\t32000\n"),
	   "/proc/sys/kernel/sem");
	ds.sem_perm.mode = 0604;
	ok_sys(semctl(id, 0, IPC_SET, (union semun){ .buf = &ds }), "IPC_SET");
	is(semctl(id, 0, IPC_STAT, (union semun){ .buf = &ds }) ?
		   -1L :
		   (long)ds.sem_perm.mode,
	   0604, "IPC_SET's mode");
}

static void test_proc(int id)
{
	static char buf[8192];
	char want[160], *line;
	struct semid_ds ds;
	static const char header[] = "       key      semid perms      nsems "
				     "  uid   gid  cuid  cgid      otime "
				     "     ctime\n";

	must(semctl(id, 0, IPC_STAT, (union semun){ .buf = &ds }));
	ok(read_proc("/proc/sysvipc/sem", buf, sizeof(buf)) &&
		   !strncmp(buf, header, strlen(header)),
	   "/proc/sysvipc/sem: Linux's header");
	snprintf(want, sizeof(want),
		 "%10d %10d  %4o %10u %5u %5u %5u %5u %10llu %10llu\n", 0, id,
		 (unsigned)ds.sem_perm.mode, 3u, geteuid(), getegid(),
		 geteuid(), getegid(), (unsigned long long)ds.sem_otime,
		 (unsigned long long)ds.sem_ctime);
	line = strstr(buf, want);
	ok(line != NULL, "its line: %s", want);
}

static void test_doors(void)
{
	unsigned long ds64[16];
	long id = syscall(SYS_semget, IPC_PRIVATE, 2, 0600);

	ok_sys(id, "semget (393)");
	if (id < 0)
		return;
	memset(ds64, 0xff, sizeof(ds64));
	ok(syscall(SYS_semctl, id, 0, STAT_CMD, ds64) == 0 && ds64[13] == 2,
	   "semctl (394) IPC_STAT: semid64_ds's sem_nsems");
	is(syscall(SYS_semctl, id, 1, SETVAL, 9), 0, "semctl (394) SETVAL");
	is(getval(id, 1), 9, "seen through ipc(2)");
	syscall(SYS_semctl, id, 0, IPC_RMID, 0);
}

int main(void)
{
	int id;

	test_get();
	id = semget(IPC_PRIVATE, 3, 0600);
	must(id);
	test_values(id);
	test_semop(id);
	test_blocking(id);
	test_timeout(id);
	test_undo(id);
	test_info(id);
	test_proc(id);
	semctl(id, 0, IPC_RMID);
	test_rmid_sleeper();
	test_doors();
	return done_testing();
}

/*
 * msg.c - System V message queues as Linux 6.1 answers them.
 *
 * msgget's keys and flags; msgsnd's errors; msgrcv by type 0 (the first),
 * > 0 (the first of that type, or not of it with MSG_EXCEPT) and < 0 (the
 * first of the lowest type not above it); E2BIG and MSG_NOERROR; a message
 * of msgmax bytes; IPC_NOWAIT (ENOMSG, EAGAIN); a receiver and a sender
 * blocked in a child and woken by the parent; EIDRM and EINTR; IPC_STAT,
 * IPC_SET of msg_qbytes, IPC_INFO, MSG_STAT; /proc/sysvipc/msg and the
 * /proc/sys/kernel limits; the direct calls 399..402.
 */
#include <signal.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define STAT_CMD 2 /* Linux's IPC_STAT: musl's has a flag of its own */

struct text {
	long mtype;
	char mtext[8192];
};

static struct text buf;

static int snd(int id, long type, const char *s, int flg)
{
	buf.mtype = type;
	strcpy(buf.mtext, s);
	return msgsnd(id, &buf, strlen(s), flg);
}

/* Receive into buf, cleared first; msgrcv's result. */
static long rcv(int id, long type, size_t size, int flg)
{
	memset(&buf, 0, sizeof(buf));
	return msgrcv(id, &buf, size, type, flg);
}

static void test_get(void)
{
	int key = 0x534d0000 | ((getpid() & 0xfff) << 4), id;
	struct msqid_ds ds;

	is_errno(msgget(key, 0600), ENOENT, "a free key: ENOENT");
	id = msgget(key, IPC_CREAT | IPC_EXCL | 0620);
	ok_sys(id, "IPC_CREAT|IPC_EXCL");
	is_errno(msgget(key, IPC_CREAT | IPC_EXCL), EEXIST, "again: EEXIST");
	is(msgget(key, 0), id, "the key finds it");
	memset(&ds, 0xff, sizeof(ds));
	ok_sys(msgctl(id, IPC_STAT, &ds), "IPC_STAT");
	ok(ds.msg_qbytes == 16384 && ds.msg_qnum == 0 &&
		   ds.msg_perm.mode == 0620 && ds.msg_lspid == 0,
	   "an empty queue of msgmnb bytes");
	ok_sys(msgctl(id, IPC_RMID, NULL), "IPC_RMID");
	is_errno(msgget(key, 0), ENOENT, "its key is free");
}

static void test_types(int id)
{
	struct msqid_ds ds;

	is_errno(snd(id, 0, "x", 0), EINVAL, "mtype 0: EINVAL");
	is_errno(msgsnd(id, &buf, 8193, 0), EINVAL, "above msgmax: EINVAL");
	is_errno(msgsnd(id, (void *)1, 1, 0), EFAULT, "a bad pointer: EFAULT");
	must(snd(id, 1, "a", 0));
	must(snd(id, 2, "bb", 0));
	must(snd(id, 3, "ddd", 0));
	must(snd(id, 1, "ccc", 0));
	ok_sys(msgctl(id, IPC_STAT, &ds), "IPC_STAT");
	ok(ds.msg_qnum == 4 && ds.msg_cbytes == 9 && ds.msg_lspid == getpid(),
	   "four messages, nine bytes, lspid");
	ok(rcv(id, 2, 100, 0) == 2 && buf.mtype == 2 &&
		   !strcmp(buf.mtext, "bb"),
	   "msgtyp 2: the first of type 2");
	ok(rcv(id, -3, 100, 0) == 1 && !strcmp(buf.mtext, "a"),
	   "msgtyp -3: the first of the lowest type");
	ok(rcv(id, 0, 100, 0) == 3 && !strcmp(buf.mtext, "ddd"),
	   "msgtyp 0: the first in the queue");
	ok(rcv(id, 3, 100, MSG_EXCEPT) == 3 && !strcmp(buf.mtext, "ccc"),
	   "MSG_EXCEPT 3: the first of another type");
	is_errno(rcv(id, 0, 100, IPC_NOWAIT), ENOMSG,
		 "an empty queue with IPC_NOWAIT: ENOMSG");
	ok_sys(msgctl(id, IPC_STAT, &ds), "IPC_STAT");
	is(ds.msg_lrpid, getpid(), "lrpid");

	must(snd(id, 5, "0123456789", 0));
	is_errno(rcv(id, 0, 4, 0), E2BIG, "a buffer too small: E2BIG");
	ok(rcv(id, 0, 4, MSG_NOERROR) == 4 && !strcmp(buf.mtext, "0123"),
	   "MSG_NOERROR truncates");
	memset(buf.mtext, 'z', sizeof(buf.mtext));
	buf.mtype = 9;
	must(msgsnd(id, &buf, 8192, 0));
	ok(rcv(id, 9, 8192, 0) == 8192 && buf.mtext[0] == 'z' &&
		   buf.mtext[4095] == 'z' && buf.mtext[8191] == 'z',
	   "a message of msgmax bytes");
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void test_blocking(int id)
{
	struct sigaction sa = { .sa_handler = on_usr1, .sa_flags = SA_RESTART };
	struct msqid_ds ds;
	char big[61];
	pid_t pid;

	pid = fork();
	if (pid == 0)
		_exit(!(rcv(id, 7, 100, 0) == 2 && !strcmp(buf.mtext, "hi")));
	if (pid > 0)
		wait_sleeping(pid);
	must(snd(id, 7, "hi", 0));
	is_exit(wait_for(pid), 0, "a blocked receiver gets the message");
	/* A receiver that died first (fault injection) left "hi" there:
	 * the room counted below must be the test's own. */
	rcv(id, 0, 100, IPC_NOWAIT);

	must(msgctl(id, IPC_STAT, &ds));
	ds.msg_qbytes = 100;
	ok_sys(msgctl(id, IPC_SET, &ds), "IPC_SET msg_qbytes 100");
	memset(big, 'q', 60);
	big[60] = '\0';
	must(snd(id, 1, big, 0));
	is_errno(snd(id, 1, big, IPC_NOWAIT), EAGAIN,
		 "a full queue with IPC_NOWAIT: EAGAIN");
	pid = fork();
	if (pid == 0)
		_exit(snd(id, 1, big, 0) != 0);
	if (pid > 0)
		wait_sleeping(pid);
	is(rcv(id, 0, 100, 0), 60, "a receive makes room");
	is_exit(wait_for(pid), 0, "and the blocked sender goes on");
	rcv(id, 0, 100, IPC_NOWAIT);	/* its message, if it could send */

	sigaction(SIGUSR1, &sa, NULL);
	pid = fork();
	if (pid == 0)
		_exit(!(rcv(id, 0, 100, 0) == -1 && errno == EINTR));
	if (pid > 0) {
		wait_sleeping(pid);
		kill(pid, SIGUSR1);
	}
	is_exit(wait_for(pid), 0, "a handled signal ends msgrcv: EINTR");
	signal(SIGUSR1, SIG_DFL);
}

static void test_info(int id)
{
	static const char header[] = "       key      msqid perms      cbytes "
				     "      qnum lspid lrpid   uid   gid  cuid "
				     " cgid      stime      rtime      ctime\n";
	static char text[4096];
	struct msginfo info;
	struct msqid_ds ds;
	char want[200];

	memset(&info, 0, sizeof(info));
	ok(msgctl(0, IPC_INFO, (struct msqid_ds *)&info) >= id % 32768 &&
		   info.msgmax == 8192 && info.msgmnb == 16384 &&
		   info.msgmni == 32000 && info.msgssz == 16 &&
		   info.msgseg == 65535 && info.msgpool == 512000 &&
		   info.msgtql == 16384 && info.msgmap == 16384,
	   "IPC_INFO: Linux's limits");
	is(msgctl(id % 32768, MSG_STAT, &ds), id, "MSG_STAT by index");
	ok(read_proc("/proc/sys/kernel/msgmax", text, sizeof(text)) &&
		   !strcmp(text, "8192\n"),
	   "/proc/sys/kernel/msgmax");
	ok(read_proc("/proc/sys/kernel/msgmnb", text, sizeof(text)) &&
		   !strcmp(text, "16384\n"),
	   "/proc/sys/kernel/msgmnb");
	ok(read_proc("/proc/sys/kernel/msgmni", text, sizeof(text)) &&
		   !strcmp(text, "32000\n"),
	   "/proc/sys/kernel/msgmni");
	must(snd(id, 4, "four", 0));
	must(msgctl(id, IPC_STAT, &ds));
	ok(read_proc("/proc/sysvipc/msg", text, sizeof(text)) &&
		   !strncmp(text, header, strlen(header)),
	   "/proc/sysvipc/msg: Linux's header");
	snprintf(want, sizeof(want),
		 "%10d %10d  %4o  %10lu %10lu %5u %5u %5u %5u %5u %5u %10llu "
		 "%10llu %10llu\n",
		 0, id, (unsigned)ds.msg_perm.mode, 4ul, 1ul, getpid(),
		 (unsigned)ds.msg_lrpid, geteuid(), getegid(), geteuid(),
		 getegid(), (unsigned long long)ds.msg_stime,
		 (unsigned long long)ds.msg_rtime,
		 (unsigned long long)ds.msg_ctime);
	ok(strstr(text, want) != NULL, "its line: %s", want);
	rcv(id, 0, 100, 0);
}

static void test_doors(void)
{
	unsigned long ds64[22];
	long id = syscall(SYS_msgget, IPC_PRIVATE, 0600);

	ok_sys(id, "msgget (399)");
	if (id < 0)
		return;
	buf.mtype = 3;
	strcpy(buf.mtext, "xyz");
	is(syscall(SYS_msgsnd, id, &buf, 3, 0), 0, "msgsnd (400)");
	memset(ds64, 0xff, sizeof(ds64));
	ok(syscall(SYS_msgctl, id, STAT_CMD, ds64) == 0 && ds64[16] == 1 &&
		   ds64[15] == 3,
	   "msgctl (402) IPC_STAT: msqid64_ds's qnum and cbytes");
	memset(&buf, 0, sizeof(buf));
	ok(syscall(SYS_msgrcv, id, &buf, 100, 0, 0) == 3 &&
		   !strcmp(buf.mtext, "xyz"),
	   "msgrcv (401)");
	syscall(SYS_msgctl, id, IPC_RMID, NULL);
}

static void test_rmid(void)
{
	int id = msgget(IPC_PRIVATE, 0600);
	pid_t pid;

	must(id);
	pid = fork();
	if (pid == 0)
		_exit(!(rcv(id, 0, 100, 0) == -1 && errno == EIDRM));
	if (pid > 0)
		wait_sleeping(pid);
	ok_sys(msgctl(id, IPC_RMID, NULL), "IPC_RMID under a receiver");
	is_exit(wait_for(pid), 0, "the receiver gets EIDRM");
}

int main(void)
{
	int id;

	test_get();
	id = msgget(IPC_PRIVATE, 0600);
	must(id);
	test_types(id);
	test_blocking(id);
	test_info(id);
	msgctl(id, IPC_RMID, NULL);
	test_rmid();
	test_doors();
	return done_testing();
}

/*
 * rseq.c - restartable sequences (rseq, 386), called raw.
 *
 * Registration and unregistration with Linux 6.1's checks (size 32,
 * 32-byte alignment, flags, the signature, EBUSY for a second
 * registration), cpu_id_start and cpu_id set at registration (0: the
 * tests run on one CPU) and -1 after unregistering; a critical section
 * aborted to its abort_ip by a signal and by preemption, rseq_cs
 * cleared; SIGSEGV for a descriptor with a wrong signature or an abort_ip
 * inside the section and for an area the kernel cannot write; a fork
 * child keeps the registration, a thread does not, execve drops it.
 */
#include "tap.h"
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>

#define NR_rseq 386
#define RSEQ_SIG 0x53053053	/* what glibc and librseq use on x86 */
#define RSEQ_FLAG_UNREGISTER 1

struct rseq {
	uint32_t cpu_id_start, cpu_id;
	uint64_t rseq_cs;
	uint32_t flags;
} __attribute__((aligned(32)));

struct rseq_cs {
	uint32_t version, flags;
	uint64_t start_ip, post_commit_offset, abort_ip;
} __attribute__((aligned(32)));

/* The asm below names rs and cs_desc: used keeps them for it. */
static struct rseq rs __attribute__((used));
static struct rseq_cs cs_desc __attribute__((used));
static struct rseq other;
static struct rseq_cs bad_desc;

static long rseq_call(void *area, uint32_t len, int flags, uint32_t sig)
{
	return syscall(NR_rseq, area, len, flags, sig);
}

/*
 * int cs_spin(volatile int *stop): a critical section that stores its
 * descriptor into rs.rseq_cs (the first instruction of the section, as
 * librseq does) and spins until *stop.  It returns 0 when it ran to the
 * end, 1 when the kernel sent it to cs_abort, which the signature
 * precedes.
 */
__asm__(".text\n"
	"cs_spin:\n\t"
	"movl 4(%esp), %ecx\n"
	"cs_start:\n\t"
	"movl $cs_desc, rs+8\n"
	"1:\tcmpl $0, (%ecx)\n\t"
	"je 1b\n"
	"cs_end:\n\t"
	"xorl %eax, %eax\n\t"
	"ret\n\t"
	".long 0x53053053\n"
	"cs_abort:\n\t"
	"movl $1, %eax\n\t"
	"ret\n");
int cs_spin(volatile int *stop);
extern char cs_start[], cs_end[], cs_abort[];

static void set_desc(struct rseq_cs *d, char *abort_ip)
{
	memset(d, 0, sizeof(*d));
	d->start_ip = (uintptr_t)cs_start;
	d->post_commit_offset = (uintptr_t)cs_end - (uintptr_t)cs_start;
	d->abort_ip = (uintptr_t)abort_ip;
}

static void registration(void)
{
	char *page;

	is_errno(rseq_call((char *)&rs + 4, 32, 0, RSEQ_SIG), EINVAL,
		 "a misaligned area: EINVAL");
	is_errno(rseq_call(&rs, 31, 0, RSEQ_SIG), EINVAL, "size 31: EINVAL");
	is_errno(rseq_call(&rs, 64, 0, RSEQ_SIG), EINVAL, "size 64: EINVAL");
	is_errno(rseq_call(&rs, 32, 2, RSEQ_SIG), EINVAL, "flags 2: EINVAL");
	is_errno(rseq_call((void *)0xc0000000, 32, 0, RSEQ_SIG), EFAULT,
		 "an area in kernel space: EFAULT");
	is_errno(rseq_call(&rs, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), EINVAL,
		 "unregistering with nothing registered: EINVAL");
	rs.cpu_id = (uint32_t)-1;
	rs.cpu_id_start = 77;
	is(rseq_call(&rs, 32, 0, RSEQ_SIG), 0, "register");
	is(rs.cpu_id, 0, "cpu_id is set on the way back");
	is(rs.cpu_id_start, 0, "cpu_id_start too");
	is_errno(rseq_call(&rs, 32, 0, RSEQ_SIG), EBUSY, "again: EBUSY");
	is_errno(rseq_call(&rs, 32, 0, RSEQ_SIG + 1), EPERM,
		 "again with another signature: EPERM");
	is_errno(rseq_call(&other, 32, 0, RSEQ_SIG), EINVAL,
		 "another area while registered: EINVAL");
	is_errno(rseq_call(&rs, 32, RSEQ_FLAG_UNREGISTER | 2, RSEQ_SIG), EINVAL,
		 "unregister with another flag: EINVAL");
	is_errno(rseq_call(&other, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), EINVAL,
		 "unregister another area: EINVAL");
	is_errno(rseq_call(&rs, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG + 1), EPERM,
		 "unregister with another signature: EPERM");
	is(rseq_call(&rs, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), 0, "unregister");
	is(rs.cpu_id, (uint32_t)-1, "cpu_id is RSEQ_CPU_ID_UNINITIALIZED");
	page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page != MAP_FAILED) {
		pid_t pid = fork();
		int status = 0;

		if (pid == 0) {
			rseq_call(page, 32, 0, RSEQ_SIG);
			_exit(0);
		}
		waitpid(pid, &status, 0);
		is_signal(status, SIGSEGV,
			  "an area the kernel cannot write: SIGSEGV");
		munmap(page, 4096);
	}
	is(rseq_call(&rs, 32, 0, RSEQ_SIG), 0, "register again");
}

static volatile int stop, alarms;
static volatile uint64_t cs_in_handler;

static void on_alarm(int sig)
{
	(void)sig;
	if (alarms == 0)	/* the signal that hit the section */
		cs_in_handler = rs.rseq_cs;
	if (++alarms >= 3)
		stop = 1;	/* no abort came: let the section end */
}

static void arm(long usec)
{
	struct itimerval it = { { 0, usec }, { 0, usec } };

	setitimer(ITIMER_REAL, &it, NULL);
}

/* Another task may preempt the section before the signal comes (Linux
 * has kernel threads): that abort is right too, but not this test's,
 * so it tries again. */
static void abort_on_signal(void)
{
	int r, tries = 0;

	signal(SIGALRM, on_alarm);
	do {
		stop = alarms = 0;
		cs_in_handler = 1;
		arm(2000);
		r = cs_spin(&stop);
		arm(0);
	} while (r == 1 && alarms == 0 && ++tries < 50);
	is(r, 1, "a signal in the section sends it to abort_ip");
	ok(alarms > 0 && cs_in_handler == 0,
	   "the first handler ran with rseq_cs cleared: that signal aborted it");
	is(rs.rseq_cs, 0, "rseq_cs is cleared");
	is(rs.cpu_id, 0, "cpu_id is 0, the CPU it is pinned to");
}

/* Preemption: a spinning child takes the CPU from the section; the
 * alarm after 5 s is only a watchdog (it would abort the section too). */
static void abort_on_preemption(void)
{
	pid_t pid = fork();
	int r;

	if (pid == 0)
		for (;;)
			;
	if (!ok_sys(pid, "fork a spinning child"))
		return;
	stop = alarms = 0;
	alarm(5);
	r = cs_spin(&stop);
	alarm(0);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	is(r, 1, "preemption sends the section to abort_ip");
	is(alarms, 0, "before the watchdog alarm");
	is(rs.rseq_cs, 0, "rseq_cs is cleared");
	is(rs.cpu_id_start, 0, "cpu_id_start is 0, the CPU it is pinned to");
}

static void pin_to_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	ok_sys(sched_setaffinity(0, sizeof(set), &set), "pinned to CPU 0");
}

static void on_usr1(int sig)
{
	(void)sig;
}

/* In a child (which keeps our registration): point rseq_cs at desc and
 * take a signal; the kernel checks the descriptor then. */
static int run_with_desc(uint64_t desc)
{
	pid_t pid = fork();
	int status = 0;

	if (pid == 0) {
		signal(SIGUSR1, on_usr1);
		rs.rseq_cs = desc;
		raise(SIGUSR1);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	return status;
}

static void bad_descriptors(void)
{
	set_desc(&bad_desc, cs_end);	/* the bytes before it are code */
	is_signal(run_with_desc((uintptr_t)&bad_desc), SIGSEGV,
		  "a descriptor without the signature: SIGSEGV");
	set_desc(&bad_desc, cs_start + 2);
	is_signal(run_with_desc((uintptr_t)&bad_desc), SIGSEGV,
		  "an abort_ip inside the section: SIGSEGV");
	set_desc(&bad_desc, cs_abort);
	bad_desc.version = 1;
	is_signal(run_with_desc((uintptr_t)&bad_desc), SIGSEGV,
		  "version 1: SIGSEGV");
	is_signal(run_with_desc(0xc0000000u), SIGSEGV,
		  "a descriptor in kernel space: SIGSEGV");
	set_desc(&bad_desc, cs_abort);
	is_exit(run_with_desc((uintptr_t)&bad_desc), 0,
		"a good descriptor outside its section: nothing happens");
}

static void inheritance(char *self)
{
	pid_t pid = fork();
	int status = 0;

	if (pid == 0)
		_exit(rseq_call(&rs, 32, 0, RSEQ_SIG) == -1 && errno == EBUSY ? 0 : 1);
	waitpid(pid, &status, 0);
	is_exit(status, 0, "a fork child keeps the registration (EBUSY)");
	pid = fork();
	if (pid == 0) {
		char *argv[] = { self, "exec", NULL };

		execv(self, argv);
		_exit(2);
	}
	waitpid(pid, &status, 0);
	is_exit(status, 0, "execve drops it: the new program can register");
}

static struct rseq thread_rs;

static void *thread_fn(void *arg)
{
	long r = 0;

	(void)arg;
	if (rseq_call(&rs, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG) != -1 ||
	    errno != EINVAL)
		r |= 1;
	if (rseq_call(&thread_rs, 32, 0, RSEQ_SIG) != 0 || thread_rs.cpu_id)
		r |= 2;
	if (rseq_call(&thread_rs, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG) != 0)
		r |= 4;
	return (void *)r;
}

static void thread_starts_without(void)
{
	pthread_t t;
	void *r = (void *)-1;

	if (!is(pthread_create(&t, NULL, thread_fn, NULL), 0, "start a thread"))
		return;
	pthread_join(t, &r);
	is((long)r, 0, "a new thread has no registration and makes its own");
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "exec") == 0)
		return rseq_call(&rs, 32, 0, RSEQ_SIG) == 0 ? 0 : 1;
	/* On one CPU, so that the spinning child of abort_on_preemption
	 * (which inherits this) really takes the CPU from the section, and
	 * cpu_id is known. */
	pin_to_cpu0();
	set_desc(&cs_desc, cs_abort);
	registration();
	abort_on_signal();
	abort_on_preemption();
	bad_descriptors();
	inheritance(argv[0]);
	thread_starts_without();
	rseq_call(&rs, 32, RSEQ_FLAG_UNREGISTER, RSEQ_SIG);
	return done_testing();
}
